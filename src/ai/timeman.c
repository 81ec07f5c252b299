/* timeman.c — soft and hard deadlines; see timeman.h.
 *
 * The numbers: the hard margin covers the last node between two reads of the
 * clock and the way out of the search (a few milliseconds; twice that when
 * nodes are slow). The soft deadline starts at SOFT_SHARE of what is left
 * before the hard one, the rest going to the check of the chosen move against
 * the opponent's threat sequences. A best move that changes stretches it by
 * half, a falling score by a fifth, up to the cap; a steady iteration lets it
 * shrink back a tenth of the way.
 */
#include "ai/timeman.h"

#define SOFT_SHARE 92          /* percent of the time to the hard deadline */
#define STRETCH_MAX 300        /* percent of the base soft time, at most */
#define SCORE_DROP 40          /* a fall this big (evaluation units) is a warning */

void timeman_start(struct timeman *tm, int64_t now, int time_ms, int time_max_ms, bool coarse)
{
    int64_t budget = time_ms > 0 ? time_ms : 1;
    int64_t cap = time_max_ms > budget ? time_max_ms : budget;
    int64_t margin = cap / 64;
    if (margin < 1)
        margin = 1;
    if (margin > 15)
        margin = 15;
    if (coarse)
        margin *= 2;
    tm->start_ms = now;
    tm->budget_ms = budget;
    tm->max_ms = cap;
    tm->hard_ms = now + (cap > margin ? cap - margin : 1);
    tm->last_best = -1;
    tm->last_score = 0;
    tm->stretch = 100;
    timeman_iteration(tm, -1, 0);
}

void timeman_iteration(struct timeman *tm, int best, int score)
{
    if (best >= 0 && tm->last_best >= 0) {
        if (best != tm->last_best)
            tm->stretch = tm->stretch * 3 / 2;
        else if (score < tm->last_score - SCORE_DROP)
            tm->stretch = tm->stretch * 6 / 5;
        else
            tm->stretch = 100 + (tm->stretch - 100) * 9 / 10;
        if (tm->stretch > STRETCH_MAX)
            tm->stretch = STRETCH_MAX;
    }
    if (best >= 0) {
        tm->last_best = best;
        tm->last_score = score;
    }
    /* The base: the budget's share, never past the share of the cap. */
    int64_t base_end = tm->start_ms + tm->budget_ms;
    if (base_end > tm->hard_ms)
        base_end = tm->hard_ms;
    int64_t base = (base_end - tm->start_ms) * SOFT_SHARE / 100;
    int64_t most = (tm->hard_ms - tm->start_ms) * SOFT_SHARE / 100;
    int64_t want = base * tm->stretch / 100;
    tm->soft_ms = tm->start_ms + (want < most ? want : most);
}

bool timeman_continue(const struct timeman *tm, int64_t now)
{
    return now < tm->soft_ms;
}
