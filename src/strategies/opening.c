/* opening.c — a computer's part in an opening rule, for every strategy
 * without its own (see ai_opening in ai.h).
 *
 * It asks nothing of a strategy but choose() and the scores it reports:
 * each candidate is judged by the strategy itself, at the strength and
 * within the budget the player has, so a weak level proposes and chooses
 * as loosely as it plays. Among the proposals judged about as even as the
 * best, the player's seed draws one, anew for each game. A strategy that
 * reports no score (the novice levels, random) still does its part, more
 * simply.
 */
#include "mnk/ai.h"

#include <string.h>

#include "mnk/clock.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* Scores within this of 0 (the search's units) count as even: a choice
 * then prefers placing two more, where it may. */
#define EVEN_MARGIN 100
/* Proposals judged within this of the most even one are as good: one of
 * them is drawn by the player's seed, so that the same three stones do not
 * come every game (a short search's judgement is no finer than that). */
#define PROPOSE_MARGIN 30
#define PROPOSE_KEY 0x2545f4914f6cdd1du /* keys the draw apart from others */

/* Three stones (Black, White, Black) as offsets from the centre, x to the
 * right and y down. The first six are balanced freestyle openings of
 * data/openings/freestyle-15.txt, nearest even first; the rest are compact
 * shapes for boards too small for those. */
static const signed char shapes[][3][2] = {
    { { 2, -1 }, { -2, 2 }, { 0, 1 } },
    { { 2, -1 }, { 0, 1 }, { -2, -1 } },
    { { 1, 2 }, { 1, 0 }, { -1, -2 } },
    { { 2, 2 }, { 0, 0 }, { -2, -2 } },
    { { 2, -1 }, { 0, 0 }, { -1, 2 } },
    { { -1, -1 }, { 2, 2 }, { 1, 1 } },
    { { 0, 0 }, { 1, 1 }, { -1, 0 } },
    { { -1, -1 }, { 0, 0 }, { 1, -1 } },
    { { 0, -1 }, { 0, 0 }, { 1, 1 } },
};
#define N_SHAPES (int)(sizeof shapes / sizeof shapes[0])
#define MAX_CANDIDATES 6

/* What the last search reported, passed on to the caller's callback. */
struct watch {
    const struct ai_limits *outer;
    bool scored;
    int score;
};

static void watch_info(void *ctx, const struct ai_info *info)
{
    struct watch *w = ctx;
    w->scored = true;
    w->score = info->score;
    if (w->outer->on_info != NULL)
        w->outer->on_info(w->outer->ctx, info);
}

/* limits for one of the `parts` searches still to come, reporting to w: a
 * share of the nodes, and of the time left of the turn (which counts from
 * since_ms), counted from now. */
static struct ai_limits share(const struct ai_limits *limits, int parts, struct watch *w)
{
    struct ai_limits l = *limits;
    if (l.time_ms > 0) {
        int64_t now = clock_ms();
        int64_t left = l.time_ms - (l.since_ms > 0 && now > l.since_ms ? now - l.since_ms : 0);
        l.time_ms = left / parts > 0 ? (int)(left / parts) : 1;
        l.since_ms = now;
    }
    l.time_max_ms = l.time_ms;
    if (l.max_nodes > 0)
        l.max_nodes = l.max_nodes / (uint64_t)parts > 0 ? l.max_nodes / (uint64_t)parts : 1;
    l.on_info = watch_info;
    l.ctx = w;
    w->outer = limits;
    w->scored = false;
    w->score = 0;
    return l;
}

static bool stopped(const struct ai_limits *limits)
{
    return limits->stop != NULL && atomic_load(limits->stop);
}

/* Shape i centred on b, into cell[3]; false when it does not fit or a stone
 * would already win. */
static bool place_shape(const struct board *b, int i, int cell[3])
{
    int cx = (b->width - 1) / 2, cy = (b->height - 1) / 2;
    struct board t = *b;
    for (int k = 0; k < 3; k++) {
        int x = cx + shapes[i][k][0], y = cy + shapes[i][k][1];
        if (!board_inside(b, x, y))
            return false;
        cell[k] = board_pos(b, x, y);
        if (board_at(&t, cell[k]) != STONE_NONE)
            return false;
        board_place(&t, cell[k], k == 1 ? STONE_WHITE : STONE_BLACK);
        if (rules_is_win(&t, cell[k], NULL))
            return false;
    }
    return true;
}

/* Any empty cell, the centre's nearest first along the rows: the last
 * resort on a board no shape fits. */
static int any_empty(const struct board *b, const int *taken, int n)
{
    for (int pos = 0; pos < board_cells(b); pos++) {
        bool used = board_at(b, pos) != STONE_NONE;
        for (int i = 0; i < n && !used; i++)
            used = taken[i] == pos;
        if (!used)
            return pos;
    }
    return -1;
}

static void propose(struct ai *ai, const struct board *b, const struct ai_limits *limits,
                    struct ai_opening *out)
{
    int cand[MAX_CANDIDATES][3], n = 0;
    for (int i = 0; i < N_SHAPES && n < MAX_CANDIDATES; i++)
        if (place_shape(b, i, cand[n]))
            n++;
    out->swap = false;
    out->n = 3;
    if (n == 0) {
        for (int k = 0; k < 3; k++)
            out->stone[k] = any_empty(b, out->stone, k);
        return;
    }
    memcpy(out->stone, cand[0], sizeof cand[0]);
    if (n == 1)
        return;
    /* How far from even each candidate is judged; −1: not judged. */
    int off[MAX_CANDIDATES], best = -1;
    for (int i = 0; i < n; i++) {
        off[i] = -1;
        if (stopped(limits))
            continue;
        struct board t = *b;
        for (int k = 0; k < 3; k++)
            board_place(&t, cand[i][k], k == 1 ? STONE_WHITE : STONE_BLACK);
        struct watch w;
        struct ai_limits l = share(limits, n - i, &w);
        ai_choose(ai, &t, STONE_WHITE, &l);
        if (!w.scored)
            return; /* no scores from this strategy: the first shape */
        off[i] = w.score < 0 ? -w.score : w.score;
        if (best < 0 || off[i] < best)
            best = off[i];
    }
    if (best < 0)
        return;
    /* The candidates as even as the best, and the draw among them. */
    int even[MAX_CANDIDATES], n_even = 0;
    for (int i = 0; i < n; i++)
        if (off[i] >= 0 && off[i] <= best + PROPOSE_MARGIN)
            even[n_even++] = i;
    int pick = even[rng_mix(ai->seed ^ PROPOSE_KEY ^ ai->draws++) % (uint64_t)n_even];
    memcpy(out->stone, cand[pick], sizeof cand[pick]);
}

static void choose_colour(struct ai *ai, const struct board *b, bool may_add,
                          const struct ai_limits *limits, struct ai_opening *out)
{
    struct watch w;
    struct ai_limits l = share(limits, may_add ? 2 : 1, &w);
    int move = ai_choose(ai, b, STONE_WHITE, &l);
    out->swap = false;
    out->n = 1;
    out->stone[0] = move;
    if (!w.scored) /* no score: keep White (the side to move) and play */
        return;
    int white = w.score;
    if (white < -EVEN_MARGIN || (!may_add && white < 0)) {
        out->swap = true;
        out->n = 0;
        return;
    }
    if (white > EVEN_MARGIN || !may_add || stopped(limits))
        return;
    /* Near even: White's best stone and Black's best answer keep it so, and
     * the other player must choose. */
    struct board t = *b;
    board_place(&t, move, STONE_WHITE);
    if (rules_is_win(&t, move, NULL) || board_full(&t))
        return;
    struct watch w2;
    struct ai_limits l2 = share(limits, 2, &w2);
    int reply = ai_choose(ai, &t, STONE_BLACK, &l2);
    if (reply < 0 || board_at(&t, reply) != STONE_NONE)
        return;
    board_place(&t, reply, STONE_BLACK);
    if (rules_is_win(&t, reply, NULL) || board_full(&t))
        return;
    out->n = 2;
    out->stone[1] = reply;
}

bool ai_opening(struct ai *ai, const struct board *b, bool may_add,
                const struct ai_limits *limits, struct ai_opening *out)
{
    static const struct ai_limits none = { 0 };
    if (limits == NULL)
        limits = &none;
    memset(out, 0, sizeof *out);
    if (ai->strategy->opening != NULL)
        return ai->strategy->opening(ai->state, b, may_add, limits, out);
    if (b->stones == 0) {
        propose(ai, b, limits, out);
        return true;
    }
    choose_colour(ai, b, may_add, limits, out);
    return out->swap || out->stone[0] >= 0;
}
