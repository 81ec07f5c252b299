/* novice.c — the `novice` strategy: a shallow player for the lowest levels.
 *
 * It plays the way a newcomer does: near the stones already on the board,
 * making its own lines and blocking the opponent's, with no lookahead at
 * all. Each cell is judged by what a stone there would make for each side
 * (the line classes of pattern.h, so any k and either rule): a win, an open
 * four, a four, an open three. Those threats are what it can overlook: each
 * one, its own or the opponent's, goes unseen this move with a chance set by
 * ai_options.oversight (per mille) — a three most often, a four less, a
 * five least (a third as often as a three) — and an unseen threat counts as
 * an ordinary cell. Then, on what it saw: win; block a five; make an open
 * four; stop an open three; make a four-three; else the best cell by
 * attack (counted double) and defence, plus up to ai_options.noise either way.
 * Under caro a five is blocked by a stone that leaves the opponent none
 * (position_caro_blocks), which may lie past its far end, and a five's cell
 * that leaves another is no block.
 *
 * With oversight and noise at zero it never misses a threat one move deep
 * and still falls to any double threat it did not make itself. Every choice
 * is drawn from a generator seeded by ai_options.seed, so a game replays
 * exactly. All state is allocated by create(); choose() allocates only when
 * the win length or rule changes (the line-class table).
 */
#include <stdlib.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

struct novice {
    struct pattern_table pt;
    struct position pos;
    struct rng rng;
    int noise;
    int oversight;
};

static void *novice_create(const struct ai_options *opts)
{
    struct novice *n = calloc(1, sizeof *n);
    if (n == NULL)
        return NULL;
    rng_seed(&n->rng, opts->seed);
    n->noise = opts->noise > 0 ? opts->noise : 0;
    n->oversight = opts->oversight < 0 ? 0 : opts->oversight > 1000 ? 1000 : opts->oversight;
    return n;
}

static void novice_destroy(void *state)
{
    struct novice *n = state;
    if (n == NULL)
        return;
    pattern_free(&n->pt);
    free(n);
}

/* True when the threat `c` goes unseen this move. */
static bool overlooked(struct novice *n, enum combo c)
{
    if (c < COMBO_F3 || n->oversight == 0)
        return false;
    int chance = c == COMBO_5 ? n->oversight / 3
               : c >= COMBO_4 ? n->oversight * 2 / 3
               : n->oversight;
    return (int)rng_below(&n->rng, 1000) < chance;
}

/* What a stone of `side` on q looks like to the novice this move: the
 * combination and weight it sees. */
static void perceive(struct novice *n, int side, int q, enum combo *c, int *w)
{
    *c = position_combo(&n->pos, side, q);
    *w = position_weight(&n->pos, side, q);
    if (overlooked(n, *c)) {
        *c = COMBO_LOW;
        *w /= 8;
    }
}

/* An empty cell at random within a cell or so of the centre. */
static int near_centre(struct novice *n, const struct board *b)
{
    int cx = (b->width - 1) / 2, cy = (b->height - 1) / 2;
    int r = b->width >= 7 && b->height >= 7 ? 1 : 0;
    int x = cx - r + (int)rng_below(&n->rng, (uint32_t)(2 * r + 1));
    int y = cy - r + (int)rng_below(&n->rng, (uint32_t)(2 * r + 1));
    return board_pos(b, x, y);
}

/* Ranks of what a cell offers, highest played first. */
enum urge {
    URGE_NONE,
    URGE_FOUR_THREE,   /* own four and open three */
    URGE_STOP_THREE,   /* the opponent's open four cell */
    URGE_OPEN_FOUR,
    URGE_BLOCK,        /* the opponent's five cell */
    URGE_WIN,
};

static enum urge urge_of(enum combo mine, enum combo theirs)
{
    if (mine == COMBO_5)
        return URGE_WIN;
    if (theirs == COMBO_5)
        return URGE_BLOCK;
    if (mine == COMBO_F4)
        return URGE_OPEN_FOUR;
    if (theirs == COMBO_F4)
        return URGE_STOP_THREE;
    if (mine == COMBO_43)
        return URGE_FOUR_THREE;
    return URGE_NONE;
}

static int novice_choose(void *state, const struct board *b, enum stone side,
                         const struct ai_limits *limits)
{
    struct novice *n = state;
    (void)limits;
    bool have_pt = pattern_prepare(&n->pt, b->win, b->rule);
    if (b->stones == 0 || !have_pt) {
        int q = near_centre(n, b);
        for (int i = 0; !rules_legal(b, side, q); i++)
            q = i; /* no table: any cell it may play (b has one) */
        return q;
    }
    position_init(&n->pos, &n->pt, b);
    int me = position_side(side), op = 1 - me;
    int best = -1, best_score = 0;
    enum urge best_urge = URGE_NONE;
    uint32_t ties = 0;
    struct cellset cand;
    position_candidates(&n->pos, &cand);
    /* Under caro, the cells that block all the opponent's fives. */
    int blocks[2] = { -1, -1 };
    if (rule_info(b->rule)->blocked_ends && position_any(&n->pos, op, COMBO_5))
        position_caro_blocks(&n->pos, me, blocks);
    for (int i = 0; i < 2; i++)
        if (blocks[i] >= 0)
            cellset_add(&cand, blocks[i]);
    for (int q = 0; q < board_cells(b); q++) {
        if (!cellset_has(&cand, q) || !rules_legal(b, side, q))
            continue;
        enum combo mine, theirs;
        int wm, wt;
        perceive(n, me, q, &mine, &wm);
        perceive(n, op, q, &theirs, &wt);
        if (rule_info(b->rule)->blocked_ends && position_any(&n->pos, op, COMBO_5)) {
            /* A block past a five's far end is seen as blocking a five is
             * (or overlooked as it is), and a five's cell that leaves
             * another five is no block. */
            bool block = q == blocks[0] || q == blocks[1];
            bool five = position_combo(&n->pos, op, q) == COMBO_5;
            if (five && !block && theirs == COMBO_5)
                theirs = COMBO_4;
            else if (block && !five && !overlooked(n, COMBO_5))
                theirs = COMBO_5;
        }
        enum urge u = urge_of(mine, theirs);
        int score = 2 * wm + wt;
        if (n->noise > 0)
            score += (int)rng_below(&n->rng, (uint32_t)(2 * n->noise + 1)) - n->noise;
        if (best < 0 || u > best_urge || (u == best_urge && score > best_score)) {
            best = q;
            best_urge = u;
            best_score = score;
            ties = 1;
        } else if (u == best_urge && score == best_score && rng_below(&n->rng, ++ties) == 0) {
            best = q;
        }
    }
    if (best < 0) /* stones everywhere near: any cell it may play */
        for (int q = 0; q < board_cells(b) && best < 0; q++)
            if (rules_legal(b, side, q))
                best = q;
    return best;
}

const struct ai_strategy ai_novice = {
    .name = "novice",
    .summary = "plays near the stones, one move deep; can overlook threats",
    .create = novice_create,
    .destroy = novice_destroy,
    .choose = novice_choose,
};
