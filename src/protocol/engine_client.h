/* engine_client.h — an external Gomocup engine as a computer player.
 *
 * engine_client_create() starts `/bin/sh -c COMMAND` with its standard input
 * and output on pipes and makes a struct ai whose choose() talks to it over
 * the Gomocup protocol (Piskvork protocol 2), so a match or the full-screen
 * game uses it like any built-in strategy:
 *
 *   - the first time it sees a board (or when the size changes) it sends
 *     START n or RECTSTART w,h, waits for OK, then INFO timeout_turn,
 *     timeout_match, max_memory, game_type and rule (proto_rule_bits:
 *     freestyle 0, exact 1, renju 4, caro 8); a board of another rule later
 *     gets INFO rule again before its move (engine_client_start does this
 *     ahead of the first move, so that its set-up is not the move's time);
 *   - the times, as Piskvork sends them: timeout_turn is the limits' time_ms
 *     (else the player's time per move, else ENGINE_CLIENT_DEFAULT_MS),
 *     timeout_match their match_ms (0: no game clock), each sent again
 *     before a move when it changed; on a game clock INFO time_left
 *     (left_ms) before every move;
 *   - for a position that is the one it last answered plus one opposing
 *     stone it sends TURN x,y; for an empty board BEGIN (after RESTART if the
 *     engine saw an earlier game); for anything else — an undo, a new
 *     position — BOARD ... DONE with the whole position, so the engine always
 *     agrees with the board it is asked about; its stones alternate in
 *     colour, Black's first, as a game could have played them (engines
 *     replay the block as moves);
 *   - it waits for the answer with poll() until the move's time budget (or,
 *     when time_max_ms is later, until then: on a game clock, the flag)
 *     plus a grace period (longer for the first move after START: an
 *     engine may set up its tables, say a hash as large as max_memory
 *     allows, only then), skipping MESSAGE, DEBUG, UNKNOWN and ERROR lines,
 *     and accepts only an empty cell of the board. Whether an answer came
 *     in time on a game clock is the caller's to judge: it measured it.
 *
 * Opening rules (ai_opening): the proposal and every choice are asked
 * with SWAP2BOARD, the board's stones listed Black's first and alternating,
 * as Gomocup's swap2 defines it; the answer is SWAP, or moves "x,y"
 * separated by blanks (three on an empty board; one or two after three
 * stones; one after five). Plain swap has no command of its own: it asks
 * the same, and two stones after three, which swap does not allow, are read
 * as keeping White with the first of them (White's move either way). An
 * engine that answers ERROR or UNKNOWN (it does not know SWAP2BOARD), a
 * wrong count, or a cell outside the board or taken forfeits, with the
 * reason in engine_client_failure().
 *
 * A choose() cancelled through limits->stop returns at once with some empty
 * cell (the contract of ai.h); the engine's late answer is read and thrown
 * away before the next request, which then sends the whole board.
 *
 * On a timeout, an exit or crash of the engine, a closed pipe or an illegal
 * answer, choose() returns -1, the engine is killed and every later choose()
 * returns -1 too; engine_client_failure() says why. The caller ends the game
 * by forfeit (see ai.h). The win length is not part of the protocol: the
 * engine must already play the board's k (for mnk itself: `mnk engine --win K`).
 *
 * The engine runs in its own process group and gets no descriptors of ours
 * but its pipes; its standard error goes to ours, or to /dev/null when asked.
 * Writing to a dead engine must not kill us, so creating a client sets
 * SIGPIPE to be ignored if it was at its default (a process-wide setting; the
 * engine itself gets the default back). destroy() sends END, gives the engine
 * a moment to leave, kills it otherwise, and always reaps it.
 */
#ifndef MNK_PROTOCOL_ENGINE_CLIENT_H
#define MNK_PROTOCOL_ENGINE_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/ai.h"

#define ENGINE_CLIENT_DEFAULT_MS 5000 /* per move when no limit is given */

struct engine_client_options {
    int time_ms;          /* per move, sent as timeout_turn; 0 = the default */
    size_t memory;        /* bytes, sent as max_memory; 0 = no limit */
    int threads;          /* sent as thread_num; 0 = not sent (the engine's own) */
    bool quiet_stderr;    /* send the engine's standard error to /dev/null */
};

/* The strategy behind every engine client. Its create() cannot start an
 * engine (it has no command) and returns NULL: use engine_client_create(). */
extern const struct ai_strategy engine_client_strategy;

/* Starts `command` and makes *ai the player it plays. False (ai zeroed) when
 * the process cannot be started, with the reason in err. That the engine
 * really speaks the protocol is only known at its first move. */
bool engine_client_create(struct ai *ai, const char *command,
                          const struct engine_client_options *opts,
                          char *err, size_t errsize);

/* Starts the engine behind *ai on boards like b now, as its first move
 * would: START for b's size, OK awaited, the INFO settings (the times as
 * `limits` tell them). A front end calls it before the game's clocks run.
 * True at once for a player that is no engine client and for an engine
 * already started for b's size and not yet asked; false, the engine
 * stopped (engine_client_failure says why), when it does not answer. */
bool engine_client_start(struct ai *ai, const struct board *b, const struct ai_limits *limits);

/* Why the engine behind *ai stopped playing, or NULL while it plays (and for
 * a player that is not an engine client). */
const char *engine_client_failure(const struct ai *ai);

/* True when the engine behind *ai stopped as a shell does when its command
 * is not found or cannot be run (exit status 127 or 126): a command that
 * will fail so every time, where a failure of another kind may be its
 * game's. False for a player that is not an engine client. */
bool engine_client_missing(const struct ai *ai);

#endif
