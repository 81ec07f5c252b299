/* timeman.c — a move's budget under a time control, then its soft and hard
 * deadlines; see timeman.h.
 *
 * The budget: an answer through a pipe must reach the manager before the
 * limit; process wake-up, the pipe and a strategy's last check of the clock
 * all cost time on a busy machine. A fixed part of the margin covers
 * scheduling, a proportional part the strategy's granularity (the search
 * keeps its own few milliseconds for its last node on top of this). The
 * moves to go, when not given, are half the empty cells, but games rarely
 * fill the board and the early moves deserve a fair share: within
 * TO_GO_MIN and TO_GO_MAX.
 * On a game's clock, where a limit reached loses, the flag's reserve comes
 * off as well: the search stops at its hard deadline but may end up to
 * some 14 ms past it on a loaded machine (below), a thread that wakes up or
 * a front end that plays the move takes its few milliseconds more, and all
 * of that is charged. The fixed part covers that; the part that grows with
 * the limit covers what grows with it (slower nodes late in a long think,
 * a machine that stalls for longer), and is cut at FLAG_PART_MAX_MS so that
 * a long limit keeps nearly all of its time. Without a game clock nothing
 * is lost at the limit and nothing is kept back; through a pipe the pipe's
 * margin is kept first.
 *
 * The deadlines: the hard margin covers the last node between two reads of
 * the clock and the way out of the search (the search reads the clock every
 * few hundred nodes, well under a millisecond; twice the margin when nodes
 * are slow) and, on a loaded machine, the process waiting for a processor
 * near the end: measured at 200 ms a move under a load of 8 on two cores,
 * the search ended up to 14 ms past its hard deadline. The pipe has its own
 * margin, taken off the limits before (timeman_budget). The reserve for the
 * safety check is a twentieth of the cap, at most RESERVE_MAX_MS: the tree's
 * time is what counts most, and a check cut short still covers the shorter
 * sequences.
 * With a game clock, a best move that changes stretches the soft time by
 * half, a falling score by a fifth, up to STRETCH_MAX; a steady iteration
 * lets it shrink back a tenth of the way.
 */
#include "engine/timeman.h"

#include <assert.h>
#include <limits.h>

#define PIPE_FIXED_MS 10       /* through a pipe: keep 10 ms, */
#define PIPE_TURN_DIV 20       /* and a twentieth of the turn limit, */
#define PIPE_LEFT_DIV 20       /* or a twentieth of the clock's time left */
#define FLAG_FIXED_MS 25       /* on a game's clock: keep 25 ms, */
#define FLAG_DIV 40            /* and a fortieth of the limit, */
#define FLAG_PART_MAX_MS 1000  /* that part at most a second */
#define TO_GO_MIN 8            /* moves to go when guessed, at least, */
#define TO_GO_MAX 30           /* and at most */
#define CAP_SHARES 3           /* with a clock: the cap, this many budgets, */
#define CAP_LEFT_DIV 4         /* and never more than a quarter of what is left */
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

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

int timeman_flag_reserve(int limit_ms)
{
    int64_t part = limit_ms > 0 ? limit_ms / FLAG_DIV : 0;
    return FLAG_FIXED_MS + (int)min64(part, FLAG_PART_MAX_MS);
}

/* What may be spent of `limit` (a turn limit or a clock's time left): all
 * of it in process, less the pipe's margin through one (pipe_div: its
 * share of the limit), less the flag's reserve on a game's clock (possibly
 * negative: no time at all). */
static int64_t usable(int64_t limit, const struct time_control *tc, int pipe_div)
{
    int64_t left = tc->piped ? limit - PIPE_FIXED_MS - limit / pipe_div : limit;
    if (tc->flag)
        left -= timeman_flag_reserve((int)min64(limit, INT_MAX));
    return left;
}

/* A budget in range: at least 1 ms, at most INT_MAX. */
static int clamp_ms(int64_t ms)
{
    return (int)clamp64(ms, 1, INT_MAX);
}

struct time_control timeman_no_limit(void)
{
    return (struct time_control){ .turn_ms = TIMEMAN_NONE, .left_ms = TIMEMAN_NONE };
}

struct time_control timeman_from_clock(const struct tc *tc, const struct gameclock_side *s)
{
    struct time_control out = timeman_no_limit();
    out.flag = true;
    if (s->flagged) {
        out.turn_ms = 0;
        return out;
    }
    if (tc->move_ms > 0)
        out.turn_ms = s->move_ms;
    int64_t left = TIMEMAN_NONE, turn = TIMEMAN_NONE;
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        break;
    case TC_SUDDEN:
    case TC_FISCHER:
        left = s->main_ms;
        out.increment_ms = tc->increment_ms;
        break;
    case TC_BYOYOMI:
        if (gameclock_in_overtime(tc, s)) {
            turn = s->period_ms;
        } else {
            left = (int64_t)s->main_ms + s->period_ms;
            out.increment_ms = tc->period_ms;
        }
        break;
    case TC_CANADIAN:
        left = (int64_t)s->main_ms + s->period_ms;
        if (gameclock_in_overtime(tc, s))
            out.moves_to_go = s->moves;
        break;
    }
    if (left >= 0)
        out.left_ms = (int)min64(left, INT_MAX);
    if (turn >= 0)
        out.turn_ms = out.turn_ms >= 0 ? (int)min64(turn, out.turn_ms) : (int)turn;
    return out;
}

struct time_budget timeman_budget(const struct time_control *tc, int cells, int stones,
                                  int fallback)
{
    bool turned = tc->turn_ms >= 0, clocked = tc->left_ms >= 0;
    if (!turned && !clocked) {
        int ms = fallback > 0 ? fallback : 0;
        return (struct time_budget){ .time_ms = ms, .time_max_ms = ms };
    }
    int64_t turn = turned ? usable(tc->turn_ms, tc, PIPE_TURN_DIV) : 0;
    int64_t budget = turn, cap = turn;
    if (clocked) {
        int64_t left = usable(tc->left_ms, tc, PIPE_LEFT_DIV);
        int64_t to_go = tc->moves_to_go > 0 ? tc->moves_to_go
                        : clamp64((cells - stones) / 2, TO_GO_MIN, TO_GO_MAX);
        int64_t share = left / to_go;
        /* The increment comes back after the move, but what is on the
         * clock now is all the move can spend. */
        if (tc->increment_ms > 0)
            share = min64(share + tc->increment_ms, left);
        budget = turned ? min64(turn, share) : share;
        cap = min64(clamp_ms(budget) * (int64_t)CAP_SHARES, left / CAP_LEFT_DIV);
        if (turned)
            cap = min64(cap, turn);
    }
    struct time_budget out = { .time_ms = clamp_ms(budget) };
    out.time_max_ms = cap > out.time_ms ? clamp_ms(cap) : out.time_ms;
    assert(out.time_ms >= 1 && out.time_ms <= out.time_max_ms);
    return out;
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
    /* The order every reader relies on: the tree gets some time, and the
     * safety check's reserve fits between the soft and hard deadlines. */
    assert(tm->start_ms < tm->soft_ms && tm->soft_ms <= tm->hard_ms);
    assert(tm->reserve_ms >= 0 && tm->hard_ms - tm->soft_ms >= tm->reserve_ms);
    assert(tm->budget_ms >= 1 && tm->budget_ms <= tm->max_ms);
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
