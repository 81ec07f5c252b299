/* timeman.h — how long the search thinks about one move: a soft and a hard
 * deadline.
 *
 * The caller's limits give a budget for the move (ai_limits.time_ms) and,
 * when a game clock leaves room, a larger cap it may spend when the position
 * needs it (time_max_ms). The hard deadline is the cap less a small margin
 * for the last node and the answer: nothing runs past it. The soft deadline
 * is when the deepening stops, leaving the rest to the safety check of the
 * chosen move: most of the budget, since with a per-move limit unused time
 * is simply lost, and stretched toward the cap while the best move keeps
 * changing or the score falls. A forced or proven move stops at once (the
 * search's business, not this module's). Pure arithmetic on times the caller
 * reads from its clock: no I/O, deterministic.
 */
#ifndef MNK_AI_TIMEMAN_H
#define MNK_AI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

struct timeman {
    int64_t start_ms;
    int64_t soft_ms;      /* stop deepening after this */
    int64_t hard_ms;      /* never search past this */
    int64_t budget_ms;    /* the move's budget, before margins */
    int64_t max_ms;       /* the cap, before margins */
    int last_best;        /* best move of the last completed iteration */
    int last_score;
    int stretch;          /* percent of the base soft time now allowed */
};

/* Starts the clock for one move at `now` with a budget of `time_ms` (> 0)
 * and a cap of `time_max_ms` (≤ time_ms, or 0: the budget is the cap).
 * `coarse` when nodes are slow, so the last one overshoots more. */
void timeman_start(struct timeman *tm, int64_t now, int time_ms, int time_max_ms, bool coarse);

/* After a completed iteration with this best move and score: moves the soft
 * deadline (later when the best move changed or the score fell, back toward
 * the base when it holds). */
void timeman_iteration(struct timeman *tm, int best, int score);

/* Whether to start another iteration at `now`. */
bool timeman_continue(const struct timeman *tm, int64_t now);

#endif
