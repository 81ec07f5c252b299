/* brain.h — the Gomocup engine ("pbrain", Piskvork protocol 2): the
 * brain's side of a conversation with a manager, fed one line at a time.
 *
 * A brain reads no input and writes no output of its own: the caller hands
 * it each line (brain_line) and it answers through the `say` callback, one
 * protocol line per call, without the newline. Lines are parsed by proto.h;
 * the brain keeps what they mean: the board, our colour, the BOARD block
 * being read, the INFO limits and rule, the computer player.
 *
 * The rules it keeps:
 * - Every line gets at most one answer; INFO none, unless its value cannot
 *   be followed: a MESSAGE when the brain plays on with something close, an
 *   ERROR when it keeps what it had. Bad lines get ERROR (a known command
 *   with bad arguments, an illegal move, a command before START) or UNKNOWN
 *   (anything else) and the conversation goes on. END, even inside a BOARD
 *   block, ends it (BRAIN_END) with no answer.
 * - INFO rule is a bit field (proto.h): 0 freestyle, 1 exact (exactly five),
 *   4 renju (4|1 too: renju's Black wins with exactly five already), 8 caro.
 *   Bit 2, a continuous game, is ignored beside them: every game here ends at
 *   its first line (Yixin-Board's 2 for renju is not this protocol's). 9,
 *   caro with exactly five, plays caro with a MESSAGE. Renju with caro, an
 *   unknown bit, or renju for a win length other than 5 (rule_check_win) is
 *   answered with ERROR and the rule stays as it was. The rule applies to the
 *   board at once, mid-game too, and to every START after.
 * - Colours: the protocol tells a brain only which stones are its own.
 *   Black moves first, so the brain takes Black when it moves with as many
 *   stones on the board as the opponent, White otherwise; after a BOARD
 *   block, by the stones of each side in it.
 * - A BOARD block is answered once, at DONE: its first fault as ERROR (the
 *   board is left as it was), or a move. Field 3 stones count as the
 *   opponent's. A position that cannot be played on is a fault: a game
 *   already won (a winning line by the rule's test, rules_is_win; not one
 *   through field 3 stones) or, under renju, a Black overline. A Black
 *   double three or four is not: it may have been allowed when played
 *   (brain.c, position_fault).
 * - A move we send is always legal (rules_legal), never only an empty
 *   cell. When a move is due and there is none (a full board; under renju,
 *   Black with every empty cell forbidden: the protocol has no pass), the
 *   answer is ERROR with the reason, "ERROR no legal move: every empty cell
 *   is forbidden to Black". PLAY of a cell forbidden to us, as Black, is
 *   refused with ERROR too.
 * - SWAP2BOARD (Gomocup's swap2 opening), its stones `x,y` Black's first
 *   and alternating, or `x,y,field` as in BOARD (the first stone's field is
 *   Black's, as Rapfi reads them), is answered at DONE like a due move (BRAIN_THINK),
 *   through ai_opening(): with 0 stones the three to propose, "x1,y1 x2,y2
 *   x3,y3" (Black, White, Black); with 3 stones SWAP (we take Black, the
 *   opponent moves next as White), one move (we take White and this is
 *   White's move) or two (White's and Black's: the opponent chooses); with 5
 *   stones SWAP or one move, alike. A block of another count, a repeated
 *   cell or a winning line gets ERROR. Our colour is then what the answer
 *   says (unknown after three or two stones, until a move shows it).
 * - Memory: INFO max_memory M gives the player's tables M less a reserve
 *   for the rest (half of M when M is small); M = 0, no limit, gives them
 *   config.ai_opts.memory again (0 = the strategy's default size). The
 *   tables are resized when the INFO arrives, in place (ai_resize) where
 *   the strategy can, and without writing them, so that neither the INFO
 *   nor the next move spends time on them; a move never resizes them.
 * - Threads: INFO thread_num N searches with N threads from the next move
 *   (N < 1: config.threads again), but for a level below the strongest,
 *   which plays its nodes on one (config.one_thread).
 * - Thinking time: the INFO limits (timeout_turn, timeout_match, time_left)
 *   as a time control (proto_time_control), budgeted by the engine's time
 *   manager with a margin for the pipe (timeman_budget); with none of
 *   them, config.time_cap_ms or BRAIN_DEFAULT_MS. config.time_cap_ms, when
 *   set, also caps what the limits give.
 * - A move that is due (BEGIN, TURN, a BOARD or SWAP2BOARD block's DONE) is not searched
 *   in brain_line: it returns BRAIN_THINK, and the caller runs brain_think,
 *   on a thread of its own if it likes, so that it can read on and cancel.
 *   Until brain_think returns, no other brain function may be called; a
 *   line fed instead of calling it forgets the move.
 *
 * - While it thinks, with config.messages (mnk engine's default) and until
 *   INFO show_detail 0 (1 turns them on again), the brain says what the
 *   search found at each depth it completes, as MESSAGE lines that are no
 *   answer (managers show them to their users): "MESSAGE depth 12 | eval
 *   +35 | nodes 412345 | speed 498 knps | time 828 ms | pv h8 i9 j10" —
 *   the score from the mover's side in the search's units ("win in N" or
 *   "loss in N" plies once proven), the principal variation in mnk's
 *   notation (a letter for the column from the left, the row from the
 *   bottom). A search that decides at once (a solver's win, a forced
 *   block) says it as "depth 0".
 *
 * No global state: two brains in one process are independent.
 */
#ifndef MNK_PROTOCOL_BRAIN_H
#define MNK_PROTOCOL_BRAIN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/ai.h"
#include "mnk/board.h"

#define BRAIN_DEFAULT_MS 1000  /* a move's time when nobody says any */
#define BRAIN_ANSWER_MAX 320   /* the longest answer, NUL included */

/* Receives one answer line, without its newline. */
typedef void brain_say_fn(void *ctx, const char *line);

struct brain_config {
    const char *ai_name;        /* the strategy (a name in the registry) */
    struct ai_options ai_opts;  /* its options; INFO max_memory replaces .memory */
    int win;                    /* stones in a row that win */
    enum rule rule;             /* until INFO rule says otherwise */
    int time_cap_ms;            /* most a move may take, and the time a move
                                   gets without INFO limits; 0 = none */
    uint64_t max_nodes;         /* a move's node budget; 0 = none */
    int max_depth;              /* a move's depth budget; 0 = none */
    bool messages;              /* MESSAGE lines while thinking (above) */
    int threads;                /* threads to search with, until INFO
                                   thread_num says; 0 = one */
    bool one_thread;            /* a level below the strongest: plays its
                                   nodes on one thread, whatever INFO says */
};

/* What the caller does after a line. */
enum brain_step {
    BRAIN_READY,  /* the line is dealt with: feed the next */
    BRAIN_THINK,  /* a move is due: call brain_think() before the next line */
    BRAIN_END,    /* END: the conversation is over */
};

struct brain;

/* A new conversation before START, answering through say(ctx, line). NULL when
 * the player cannot be created (an unknown strategy, out of memory). */
struct brain *brain_new(const struct brain_config *config, brain_say_fn *say, void *ctx);

/* Frees the conversation and its player; NULL is ignored. */
void brain_free(struct brain *b);

/* Handles `len` bytes of one input line (no terminator, no NUL needed);
 * `cut` tells that the line was longer than the reader keeps. */
enum brain_step brain_line(struct brain *b, const char *line, size_t len, bool cut);

/* Searches the due move within brain_limits(), cancelled early when *stop
 * becomes true (stop may be NULL), plays it and answers it: exactly one
 * answer, the move or an ERROR. Nothing happens when no move is due. */
void brain_think(struct brain *b, const atomic_bool *stop);

/* The limits the due move gets (or a move now would get): time, nodes,
 * depth; no stop flag, no progress callback. */
struct ai_limits brain_limits(const struct brain *b);

/* The bytes of tables the player was last made with (0: the strategy's
 * default size). */
size_t brain_memory(const struct brain *b);

/* The bytes the player's tables take now, as it tells them (0: it does
 * not; ai_table_bytes). */
size_t brain_table_bytes(const struct brain *b);

/* The board as the conversation knows it (empty before START). */
const struct board *brain_board(const struct brain *b);

/* Our colour: STONE_NONE until a move shows it. */
enum stone brain_side(const struct brain *b);

/* True when `line` is END, which a reader stops at: nothing after it counts. */
bool brain_is_end(const char *line, size_t len);

#endif
