/* session.h — the game-driving policy, one for every front end: who moves
 * next, what a computer's answer does to the game, pausing, undo and redo
 * against a computer, resigning. The full-screen game (tui/play.c) and
 * `mnk match` both drive their games through it.
 *
 * The rules it keeps:
 * - A computer moves when it is its side's turn, the game is not over and
 *   the session is not paused (session_due). Its answer goes through
 *   session_computer_move: no move at all (an engine that crashed or timed
 *   out) or an illegal one loses the game by forfeit, everywhere. A side
 *   with no legal move (renju's Black, every empty cell forbidden) is never
 *   asked: the game ended as a draw on the move before (game.h,
 *   END_NO_LEGAL_MOVE), an engine's game as much as anyone's.
 * - A person's move (session_human_move) is refused while a computer is to
 *   move, on an occupied cell, on a cell renju forbids Black
 *   (game_forbidden says why), or once the game is over.
 * - Undo against one computer goes back to the person's turn; between two
 *   computers it takes back one move and pauses them; between two people,
 *   one move. Redo against one computer replays its answer too. Once the
 *   game is over its result stands: undo and redo do nothing (review, or a
 *   new game from a position, are the ways back).
 * - Resigning is a person's: the one to move, or the only person playing.
 * - Requests (play/offer.h: a draw, a takeback) wait in session.request
 *   for the other side's answer. The session makes a person's on their
 *   turn (session_asker), and a computer's draw offer when its front end
 *   found the game drawn (at most once a session, and only to a person:
 *   session_may_propose). Who answers for a computer is the front end's
 *   business (play/judge.h gives the computer's rule); the session carries
 *   the answer out. Every move, choice, undo, redo and end withdraws a
 *   waiting request: playing on declines it.
 * - Under the exact rule, a move that makes a line longer than k does not
 *   win; the session notes its length (session.overline) so the front end
 *   can say so; likewise under caro a run of k or more blocked at both ends
 *   (session.blocked).
 * - Opening rules (opening.h): the player who acts (game_actor) is the one
 *   due, not always the side to move. A computer gives its whole part at
 *   once (ai_opening: the three stones, or its choice with the stones that
 *   go with it) through session_computer_opening; an answer the opening
 *   does not allow loses by forfeit. A computer left to finish stones a
 *   person's undo took back places them one by one as moves. A person
 *   chooses through session_human_choose. When a choice changes the
 *   players' seats, the computers change seats with them.
 *
 * - The clock (the game's config.tc, mnk/gameclock.h): a computer's move
 *   gets its time from its side's clock through the time manager
 *   (timeman_from_clock, then timeman_budget: what is left, the
 *   increment, the moves to go, less the flag's reserve), which replaces
 *   its own time per move (a level's or its player's); a level limited by
 *   nodes or depth keeps them, the budget only caps its time. An external
 *   engine keeps its own time: it is told the clock as the protocol says
 *   it (ai_limits.match_ms) and budgets itself. Each move is charged the
 *   time it took (the _timed answers; session_think measures it with
 *   clock.h's clock, from the budget to the move played); an answer
 *   after the flag fell, whatever it is (none, an illegal move), is not
 *   played: the game is lost on time (END_TIME), not forfeited. Opening stones: the first of
 *   an answer takes its time, the others none; choices take none.
 *
 * No curses and no threads here: the caller asks the computer for its move,
 * on a thread of its own (the game screen, tui/worker.h) or directly
 * (session_think, for match), with the budget session_computer() gives.
 */
#ifndef MNK_PLAY_SESSION_H
#define MNK_PLAY_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "play/offer.h"
#include "play/players.h"
#include "mnk/game.h"

#define SESSION_WHY_MAX 200

/* What became of a move. */
enum session_verdict {
    SESSION_PLAYED,     /* on the board */
    SESSION_FORFEIT,    /* the mover lost by forfeit (session.why says why) */
    SESSION_OVER,       /* refused: the game has ended */
    SESSION_WAIT,       /* refused: it is a computer's turn */
    SESSION_OCCUPIED,   /* refused: the cell holds a stone */
    SESSION_OUTSIDE,    /* refused: not a cell of the board */
    SESSION_CHOOSE,     /* refused: the opening waits for a choice of colour */
    SESSION_NOT_NOW,    /* refused: the opening offers no such choice now */
    SESSION_FORBIDDEN,  /* refused: renju forbids Black this move */
};

struct session {
    struct game game;
    struct computer comp[2];   /* [0] Black's seat, [1] White's; zeroed for
                                * people */
    bool computer[2];          /* this seat is played by comp[] */
    bool swapped;              /* comp[] are seated as game.swapped says */
    bool paused;               /* computers wait until resumed */
    int blocked;               /* after a move that made k or more in a row,
                                * blocked at both ends (caro): its length;
                                * else 0 */
    int overline;              /* after a move that made a line longer than k
                                * without winning (exact rule): its length;
                                * else 0 */
    char why[SESSION_WHY_MAX]; /* the reason for the last forfeit */
    struct offer request;      /* the request waiting for an answer */
    bool proposed;             /* a computer offered a draw in this session */
};

/* Starts driving game g as it stands, making its computer players. A
 * computer that can't be made, or that does not play the game's rule
 * (players_check_rule), leaves its side to a person: why[i] (Black 0,
 * White 1) then says why, else is "". `quiet` as for players_create(). */
void session_open(struct session *s, const struct game *g, bool quiet,
                  char why[2][SESSION_WHY_MAX]);

/* Frees the computer players. */
void session_close(struct session *s);

/* True when `side` is played by a computer. */
bool session_is_computer(const struct session *s, enum stone side);

/* The computer of `side`, or NULL for a person. Its limits are one move's
 * budget, given now from its time control (computer.time, or on a game
 * clock the side's clock as it stands) and the board by the time manager
 * (timeman_budget); for an engine on a clock, the clock it is told. The
 * time counts from the call (since_ms 0); the caller adds a stop flag and
 * a progress callback if it likes. */
struct computer *session_computer(struct session *s, enum stone side);

/* Gets the computers ready before the first clock runs: an external engine
 * is started on the game's board now (engine_client_start), so that its
 * set-up is not charged to its first move. For a front end that can wait
 * (match); one that does not call it has its engines start on their first
 * move. An engine that fails here forfeits at its first move. */
void session_ready(struct session *s);

/* The level `side`'s computer plays at, or NULL (a person, a strategy or an
 * engine named directly). */
const struct level *session_level(const struct session *s, enum stone side);

/* The seat whose computer should act now, or STONE_NONE: the game is over,
 * the session paused, or a person acts. */
enum stone session_due(const struct session *s);

/* True when the due computer is to answer through ai_opening() rather than
 * ai_choose(): it proposes the opening's stones or makes a choice. *may_add
 * then says whether two more stones are allowed. */
bool session_asks_opening(const struct session *s, bool *may_add);

/* The due computer answered the opening's question (`ok` false: it could
 * not answer at all). SESSION_PLAYED when the answer was carried out,
 * SESSION_FORFEIT when it broke the opening's rules. */
enum session_verdict session_computer_opening(struct session *s, bool ok,
                                              const struct ai_opening *a);

/* session_computer_opening for an answer that took spent_ms on the
 * computer's clock (charged to its first stone). Any answer, or none, once
 * the flag fell: SESSION_OVER, the game lost on time. */
enum session_verdict session_computer_opening_timed(struct session *s, bool ok,
                                                    const struct ai_opening *a, int spent_ms);

/* The person who acts makes an opening choice. */
enum session_verdict session_human_choose(struct session *s, enum opening_choice choice);

/* A person plays `pos` for the side to move. */
enum session_verdict session_human_move(struct session *s, int pos);

/* The same for a move that took the person spent_ms, charged to their
 * clock when the game has one (game_play_timed): past their flag it is
 * not played and the game is lost on time (SESSION_OVER). */
enum session_verdict session_human_move_timed(struct session *s, int pos, int spent_ms);

/* The flag of `side` fell while it was to move (its clock ran out,
 * gameclock_until_flag): the game is lost on time (game_flag). */
void session_flag(struct session *s, enum stone side);

/* The computer to move answered `move` (-1: it could not move), in no
 * time on its clock. */
enum session_verdict session_computer_move(struct session *s, int move);

/* The computer to move answered `move` (-1: it could not move) after
 * spent_ms, charged to its clock. Any answer once the flag fell, an
 * illegal one or none included, is not played: SESSION_OVER, the game
 * lost on time (END_TIME), not forfeited. */
enum session_verdict session_computer_move_timed(struct session *s, int move, int spent_ms);

/* Asks the due computer for its move (or its part in the opening), here and
 * now, and plays it, charged the time it took from the budget
 * (session_computer) to the move played; the computer's limits are used as
 * they are. SESSION_WAIT when none is due; SESSION_OVER when its flag fell. */
enum session_verdict session_think(struct session *s);

/* Ends the game against `loser` by forfeit, for `why` (a computer that could
 * not be started, say). Nothing happens once the game is over. */
void session_forfeit(struct session *s, enum stone loser, const char *why);

/* Undo by the rules above; returns the moves taken back (0: none). */
int session_undo(struct session *s);

/* Redo by the rules above; returns the moves replayed (0: none). */
int session_redo(struct session *s);

/* Pauses or resumes the computers; false (nothing changes) when no computer
 * plays. */
bool session_toggle_pause(struct session *s);

/* The seat that would resign now, or STONE_NONE: the game is over, or no
 * person plays. */
enum stone session_resigner(const struct session *s);

/* Notes in the game that the side to move asked for a hint here (it goes
 * into the record with the move that follows). */
void session_note_hint(struct session *s);

/* That side resigns: the game ends as its loss. False when nobody can. */
bool session_resign(struct session *s);

/* The seat that may ask the other side for something now: the person who
 * acts; STONE_NONE when the game is over or a computer acts. */
enum stone session_asker(const struct session *s);

/* Seat `from` asks the other for `kind` (play/offer.h's rules; a
 * computer's draw offer is made once session_may_propose says so). */
enum offer_error session_offer(struct session *s, enum offer_kind kind, enum stone from);

/* The request waiting for the other side's answer, or NULL. */
const struct offer *session_request(const struct session *s);

/* The side asked answers the waiting request (offer_answer). */
enum offer_error session_answer(struct session *s, bool accept);

/* Forgets the waiting request, unanswered (its asker withdrew it, or the
 * one who was to answer went away). */
void session_withdraw(struct session *s);

/* True when the computer of `seat` may offer a draw now: it plays a
 * person, the game goes on, no request waits, and no computer offered one
 * before in this session. */
bool session_may_propose(const struct session *s, enum stone seat);

#endif
