/* solver.h — the exact game-theoretic value of a position, by exhaustive search.
 *
 * For boards small enough to search to the end (tic-tac-toe, 4×4, 5×5 k=4):
 * whether the side to move wins, draws or loses with best play on both sides,
 * how many plies the game lasts when it is decided, and a move that achieves
 * it — the fastest win, a move keeping the draw, or the slowest loss. Any
 * board and win length are accepted, under freestyle and exact
 * (solver_knows); on a board too big to finish, the limits end the search
 * and the result says so, still naming a legal move.
 *
 * Values are scores from the side to move's point of view in the convention
 * of ai.h: 0 a draw, AI_SCORE_WIN - d a win whose last stone is placed d plies
 * from now (d = 1: the side to move wins with this move), -(AI_SCORE_WIN - d)
 * a loss in d plies.
 *
 * A solver owns its transposition table, allocated once by solver_create();
 * solving allocates nothing. Entries stay valid across calls on boards of the
 * same dimensions and rule (a value is a fact about a position), so solving
 * the successive positions of one game reuses the earlier work. Not
 * thread-safe: one solver per thread. Never prints; progress goes through a
 * callback.
 *
 * Perfect play from a position is out->move of solver_solve() with
 * exact_distance set. A strategy that may meet bigger boards gives the solve
 * a node or time budget and, when out->complete comes back false, plays its
 * own move instead (or out->move: the best proven so far, else the first of
 * the solver's ordering — a win in one, a forced block, the busiest cell).
 */
#ifndef MNK_ENGINE_SOLVER_H
#define MNK_ENGINE_SOLVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/ai.h"
#include "mnk/board.h"

struct solver;

enum solver_outcome { SOLVER_LOSS = -1, SOLVER_DRAW = 0, SOLVER_WIN = 1 };

/* How much a search proved about a score. */
enum solver_bound {
    SOLVER_EXACT,     /* the value is the score */
    SOLVER_AT_LEAST,  /* the value is the score or better for the side to move */
    SOLVER_AT_MOST,   /* the score or worse */
};

/* A proven fact about the value of a position. */
struct solver_value {
    int score;
    enum solver_bound bound;
};

/* What a progress report is about. */
enum solver_event {
    SOLVER_ROOT_START,  /* starting on root move `move` */
    SOLVER_ROOT_DONE,   /* root move `move` is worth `value` */
    SOLVER_TICK,        /* periodic: still searching `move` */
};

struct solver_progress {
    enum solver_event event;
    int pass;           /* 1: the outcome; 2: the distance of a win or loss */
    int move;           /* root move concerned */
    int index;          /* its rank among the root moves, from 0 */
    int count;          /* root moves, one per class of symmetric moves */
    struct solver_value value;  /* SOLVER_ROOT_DONE only */
    uint64_t nodes;
    int64_t elapsed_ms;
};

/* What bounds one solve. Zero means "no limit of this kind". */
struct solver_limits {
    int time_ms;
    uint64_t max_nodes;
    const atomic_bool *stop;  /* another thread sets it to cancel; may be NULL */
    /* Besides the outcome, find the fastest win or slowest loss (pass 2);
     * without it a won or lost result has a bound, not an exact distance. */
    bool exact_distance;
    int tick_ms;              /* period of SOLVER_TICK reports; 0 = none */
    void (*on_progress)(void *ctx, const struct solver_progress *p);  /* may be NULL */
    void *ctx;
};

struct solver_result {
    struct solver_value value;  /* of the position, for the side to move */
    int move;        /* the best move found, -1 only if the game is over */
    bool complete;   /* the search finished: the value is proven (its
                        outcome; its distance too if exact_distance) */
    uint64_t nodes;
    int64_t elapsed_ms;
};

/* A solver whose table uses at most `memory` bytes (at least one bucket);
 * NULL when out of memory. */
struct solver *solver_create(size_t memory);

/* Frees the solver; NULL is ignored. */
void solver_destroy(struct solver *s);

/* Forgets every stored position. */
void solver_clear(struct solver *s);

/* Whether the solver knows the wins of `rule` (rule.h's columns): it
 * counts the windows of k cells a side could still fill, and where an
 * overline does not win, the cells past them, the same for both colours.
 * That cannot see a full window between two opponent stones winning
 * nothing (blocked_ends: caro), nor forbidden points (renju), nor colours
 * that win differently (renju again). Today: freestyle and exact. Under
 * another rule solver_solve proves nothing. */
static inline bool solver_knows(enum rule rule)
{
    const struct rule_info *info = rule_info(rule);
    return !info->blocked_ends && !info->forbidden &&
           info->overline_wins[0] == info->overline_wins[1];
}

/* Solves `b` with `to_move` to play; fills *out. Returns out->complete. On a
 * board that is won, lost or full already, out->move is -1 and the value
 * says who won (a loss in 0 plies for the side to move, or a draw). Under a
 * rule it does not know (solver_knows) it searches nothing: out->complete
 * is false, the value unknown (at least a loss) and out->move the first
 * empty cell of its order (the most lines, the centre first), −1 when the
 * board is full. */
bool solver_solve(struct solver *s, const struct board *b, enum stone to_move,
                  const struct solver_limits *limits, struct solver_result *out);

/* The outcome a score stands for. */
static inline enum solver_outcome solver_outcome_of(int score)
{
    return score > 0 ? SOLVER_WIN : score < 0 ? SOLVER_LOSS : SOLVER_DRAW;
}

/* Plies until the game is decided, for a win or loss score; 0 for a draw. */
static inline int solver_distance(int score)
{
    return score > 0 ? AI_SCORE_WIN - score : score < 0 ? AI_SCORE_WIN + score : 0;
}

#endif
