/* timeman.c — soft and hard deadlines; see timeman.h.
 *
 * The numbers: the hard margin covers the last node between two reads of the
 * clock and the way out of the search (the search reads the clock every few
 * hundred nodes, well under a millisecond; twice the margin when nodes are
 * slow) and, on a loaded machine, the process waiting for a processor near
 * the end: measured at 200 ms a move under a load of 8 on two cores, the
 * search ended up to 14 ms past its hard deadline. The pipe is the caller's
 * margin, already taken from the budget. The reserve for the safety check is a twentieth of the
 * cap, at most RESERVE_MAX_MS: the tree's time is what counts most, and a
 * check cut short still covers the shorter sequences.
 * With a game clock, a best move that changes stretches the soft time by
 * half, a falling score by a fifth, up to STRETCH_MAX; a steady iteration
 * lets it shrink back a tenth of the way.
 */
#include "engine/timeman.h"

#define MARGIN_DIV 40          /* hard margin: a fortieth of the cap, */
#define MARGIN_MIN_MS 2        /* within these bounds */
#define MARGIN_MAX_MS 15
#define RESERVE_DIV 20         /* the safety check's reserve: a twentieth of the cap, */
#define RESERVE_MIN_MS 2       /* within these bounds */
#define RESERVE_MAX_MS 40
#define NEXT_SHARE 60          /* with a clock: percent of the soft time after
                                  which no iteration starts */
#define STRETCH_MAX 300        /* percent of the base soft time, at most */
#define SCORE_DROP 40          /* a fall this big (evaluation units) is a warning */
#define ROOT_VCF_SHARE 10      /* the root VCF: a tenth of the time left, */
#define ROOT_VCT_SHARE 40      /* the root VCT a fortieth */
#define ROOT_NODE_SHARE 4      /* the root VCF: a quarter of a node limit, the tree the rest; */
#define ROOT_NODES 400000      /* without one, this (the clock most often ends it first); */
#define ROOT_VCT_NODE_SHARE 4  /* the root VCT, which branches more: a quarter of the VCF's */
#define SAFETY_NODE_SHARE 8    /* each safety solve: an eighth of a node limit, */
#define SAFETY_NODES 300000    /* without one, this (the hard deadline most often ends it first) */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void timeman_start(struct timeman *tm, int64_t now, int time_ms, int time_max_ms, bool coarse)
{
    int64_t budget = time_ms > 0 ? time_ms : 1;
    int64_t cap = time_max_ms > budget ? time_max_ms : budget;
    int64_t margin = clamp64(cap / MARGIN_DIV, MARGIN_MIN_MS, MARGIN_MAX_MS);
    if (coarse)
        margin *= 2;
    /* Tiny budgets: the margin and the reserve take at most half each. */
    if (margin > cap / 2)
        margin = cap / 2;
    int64_t span = cap - margin > 1 ? cap - margin : 1;
    tm->start_ms = now;
    tm->budget_ms = budget;
    tm->max_ms = cap;
    tm->clock = cap > budget;
    tm->hard_ms = now + span;
    tm->reserve_ms = clamp64(cap / RESERVE_DIV, RESERVE_MIN_MS, RESERVE_MAX_MS);
    if (tm->reserve_ms > span / 2)
        tm->reserve_ms = span / 2;
    tm->last_best = -1;
    tm->last_score = 0;
    tm->stretch = 100;
    timeman_iteration(tm, -1, 0);
}

void timeman_iteration(struct timeman *tm, int best, int score)
{
    if (tm->clock && best >= 0 && tm->last_best >= 0) {
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
    /* The latest the tree may run: the reserve before the hard deadline. */
    int64_t latest = tm->hard_ms - tm->reserve_ms;
    int64_t want = tm->clock ? tm->start_ms + (tm->budget_ms - tm->reserve_ms) * tm->stretch / 100
                             : latest;
    if (want < tm->start_ms + 1)
        want = tm->start_ms + 1;
    tm->soft_ms = want < latest ? want : latest;
}

bool timeman_continue(const struct timeman *tm, int64_t now)
{
    if (!tm->clock)
        return now < tm->soft_ms;
    return now - tm->start_ms < (tm->soft_ms - tm->start_ms) * NEXT_SHARE / 100;
}

int64_t timeman_slice_end(const struct timeman *tm, int64_t now, enum timeman_slice slice)
{
    if (slice == TIMEMAN_SAFETY)
        return tm->hard_ms;
    int share = slice == TIMEMAN_ROOT_VCF ? ROOT_VCF_SHARE : ROOT_VCT_SHARE;
    int64_t left = tm->soft_ms - now;
    return now + (left > 0 ? left / share : 0) + 1;
}

uint64_t timeman_slice_nodes(enum timeman_slice slice, uint64_t max_nodes)
{
    if (slice == TIMEMAN_SAFETY)
        return max_nodes ? max_nodes / SAFETY_NODE_SHARE : SAFETY_NODES;
    uint64_t vcf = max_nodes ? max_nodes / ROOT_NODE_SHARE : ROOT_NODES;
    return slice == TIMEMAN_ROOT_VCF ? vcf : vcf / ROOT_VCT_NODE_SHARE;
}
