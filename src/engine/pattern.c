/* pattern.c — line classes for any k, tabulated once; see pattern.h.
 *
 * The class of a cell is defined by play along the line alone, the cell taken
 * as already holding the side's stone: FIVE if that makes a winning run
 * through it; FLEX4 / BLOCK4 if two or more / exactly one further stone would;
 * otherwise one step weaker than the best class a further stone reaches
 * (a further stone reaching FLEX4 makes this a FLEX3, and so on). Only runs
 * through the cell count, so a four elsewhere on the line is that other
 * cell's business. Under `exact` a run longer than k is no win, which is why
 * an exact neighbourhood reaches one cell further (the cell beyond a run of k).
 */
#include "engine/pattern.h"

#include <stdlib.h>
#include <string.h>

#define UNKNOWN 0xff

/* One step weaker: what a cell is worth when one more stone reaches `p`. */
static const uint8_t demote[PAT_COUNT] = {
    [PAT_NONE] = PAT_NONE,     [PAT_BLOCK1] = PAT_NONE,   [PAT_FLEX1] = PAT_NONE,
    [PAT_BLOCK2] = PAT_BLOCK1, [PAT_FLEX2] = PAT_FLEX1,   [PAT_BLOCK3] = PAT_BLOCK2,
    [PAT_FLEX3] = PAT_FLEX2,   [PAT_BLOCK4] = PAT_BLOCK3, [PAT_FLEX4] = PAT_FLEX3,
    [PAT_FIVE] = PAT_FLEX4,
};

/* The weight of each line class, and the bonus of combinations that force a
 * win or nearly so, by which the novice player chooses and the search
 * orders its moves where k is not 5 (k = 5: pattern_order_multiset, fitted
 * from these). Set by hand, ordered by how few moves each is from a win. */
static const int class_weight[PAT_COUNT] = { 0, 1, 3, 5, 12, 14, 45, 50, 160, 1000 };
static const int combo_bonus[COMBO_COUNT] = {
    [COMBO_33] = 250, [COMBO_43] = 500, [COMBO_F4] = 900, [COMBO_5] = 3000,
};

/* The same for the evaluation (the position's running sums), one table for
 * the side to move and one for the other: fitted to the results of 1497
 * self-play games (15x15 freestyle, 20000 and 40000 nodes a move, from random
 * openings) by logistic regression on their 22669 quiet positions. The
 * weights of open fours and fives are never met in a quiet position and keep
 * their hand values. To redo the fit: tools/texel-games.sh, then tools/texel
 * (its header says how it works). On the games held out the loss went from
 * 0.6263 with the hand weights (the ordering's above, the side to move's
 * counted 10/8) to 0.5908 with one fitted table counted so (+31 ± 24 Elo in
 * self-play at 30000 nodes a move, 806 games from random openings, SPRT 0,20:
 * H1), and to 0.5790 with the two tables. For k = 5 the residuals by
 * multiset of classes (pattern_multiset.c) are added on top, fitted with
 * these tables kept (tools/texel --keep-linear) on 4200 other games (10000
 * and 20000 nodes a move, tools/texel-games.sh seeds 101..105): on 1000
 * games of seed 900 the loss goes from 0.5892 to 0.5659. */
const int pattern_eval_class[2][PAT_COUNT] = {
    { 0, -2, -10, -4, 21, 31, 100, 209, 200, 1250 },
    { 0, -3, -11, 0, 13, 25, 21, 143, 160, 1000 },
};
const int pattern_eval_combo[2][COMBO_COUNT] = {
    { [COMBO_LOW] = -19, [COMBO_F3] = 27, [COMBO_33] = 245, [COMBO_4] = -84,
      [COMBO_43] = 1491, [COMBO_F4] = 1125, [COMBO_5] = 3750 },
    { [COMBO_LOW] = -17, [COMBO_F3] = 56, [COMBO_33] = 153, [COMBO_4] = -36,
      [COMBO_43] = 682, [COMBO_F4] = 900, [COMBO_5] = 3000 },
};

int pattern_multiset(int index)
{
    /* Sorted, c[0] ≤ .. ≤ c[3], the classes are a combination with
     * repetition; c[i] + i strictly increase, and the combinatorial number
     * system numbers them: the sum of C(c[i] + i, i + 1). */
    int c[4];
    for (int d = 0; d < 4; d++, index /= PAT_COUNT) {
        int v = index % PAT_COUNT, j = d;
        for (; j > 0 && c[j - 1] > v; j--)
            c[j] = c[j - 1];
        c[j] = v;
    }
    return c[0] + (c[1] + 1) * c[1] / 2 + (c[2] + 2) * (c[2] + 1) * c[2] / 6 +
           (c[3] + 3) * (c[3] + 2) * (c[3] + 1) * c[3] / 24;
}

/* Does the own run through the centre win? */
static bool wins(const struct pattern_table *t, const uint8_t *line)
{
    int c = t->half, n = 2 * t->half + 1;
    int lo = c, hi = c;
    while (lo > 0 && line[lo - 1] == LINE_OWN)
        lo--;
    while (hi < n - 1 && line[hi + 1] == LINE_OWN)
        hi++;
    int len = hi - lo + 1;
    if (t->rule == RULE_EXACT)
        /* A run touching the end of the neighbourhood reaches k + 1 cells
         * from the centre or more: too long. */
        return len == t->win && lo > 0 && hi < n - 1;
    if (t->rule == RULE_CARO && len >= t->win)
        /* Blocked at both ends, a run does not win. The neighbourhood does
         * not tell the opponent's stone from the board's edge (which blocks
         * nothing under caro): the classes take an edge for a block, and an
         * end beyond the neighbourhood for open. */
        return !(lo > 0 && line[lo - 1] == LINE_BLOCKED && hi < n - 1 &&
                 line[hi + 1] == LINE_BLOCKED);
    return len >= t->win;
}

/* Index of a neighbourhood in the table, the centre left out. */
static uint32_t index_of(const struct pattern_table *t, const uint8_t *line)
{
    uint32_t idx = 0;
    for (int off = -t->half; off <= t->half; off++)
        if (off != 0)
            idx += line[t->half + off] * t->pow3[pattern_digit(t, off)];
    return idx;
}

/* The class of `line` (centre own). `depth` bounds the recursion below the
 * fours when there is no memo: 1 resolves threes exactly, weaker classes are
 * then approximated. With a memo (the table being built) depth is ignored. */
static enum pattern classify(const struct pattern_table *t, uint8_t *line,
                             uint8_t *memo, int depth)
{
    uint32_t idx = 0;
    if (memo != NULL) {
        idx = index_of(t, line);
        if (memo[idx] != UNKNOWN)
            return (enum pattern)memo[idx];
    }
    int n = 2 * t->half + 1;
    enum pattern result = PAT_NONE;
    if (wins(t, line)) {
        result = PAT_FIVE;
    } else {
        int fives = 0;
        for (int e = 0; e < n; e++) {
            if (line[e] != LINE_EMPTY || e == t->half)
                continue;
            line[e] = LINE_OWN;
            fives += wins(t, line);
            line[e] = LINE_EMPTY;
        }
        if (fives >= 2) {
            result = PAT_FLEX4;
        } else if (fives == 1) {
            result = PAT_BLOCK4;
        } else if (memo == NULL && depth <= 0) {
            /* Beyond the budget: still alive is all we say. */
            bool any = false;
            for (int e = 0; e < n && !any; e++)
                any = line[e] == LINE_EMPTY && e != t->half;
            result = any ? PAT_BLOCK1 : PAT_NONE;
        } else {
            for (int e = 0; e < n; e++) {
                if (line[e] != LINE_EMPTY || e == t->half)
                    continue;
                line[e] = LINE_OWN;
                enum pattern p = (enum pattern)demote[classify(t, line, memo, depth - 1)];
                line[e] = LINE_EMPTY;
                if (p > result)
                    result = p;
            }
        }
    }
    if (memo != NULL)
        memo[idx] = (uint8_t)result;
    return result;
}

enum pattern pattern_classify(const struct pattern_table *t, const uint8_t *line)
{
    uint8_t buf[4 * BOARD_MAX_SIDE + 1];
    memcpy(buf, line, (size_t)(2 * t->half + 1));
    buf[t->half] = LINE_OWN;
    /* A neighbourhood without room for k cells through the centre is dead,
     * whatever the recursion would find; this check keeps large k cheap. */
    int lo = t->half, hi = t->half;
    while (lo > 0 && buf[lo - 1] != LINE_BLOCKED)
        lo--;
    while (hi < 2 * t->half && buf[hi + 1] != LINE_BLOCKED)
        hi++;
    if (hi - lo + 1 < t->win)
        return PAT_NONE;
    /* The most own stones in a free window of k through the centre bounds
     * what the recursion can find: below k − 2 no four is one stone away,
     * and the weak classes are estimated from that count alone. */
    int most = 0, own = 0;
    for (int i = lo; i <= hi; i++) {
        /* own counts the stones of the window of k ending at i. */
        own += buf[i] == LINE_OWN;
        if (i - t->win >= lo)
            own -= buf[i - t->win] == LINE_OWN;
        int start = i - t->win + 1;
        if (start >= lo && start <= t->half && i >= t->half && own > most)
            most = own;
    }
    if (most < t->win - 2)
        return most >= t->win - 3 ? PAT_BLOCK2 : PAT_BLOCK1;
    /* Threes cost (2·half)² · k to resolve: past k = 13 only the fours are
     * exact, which keeps a move on a 26-long line within a millisecond. */
    return classify(t, buf, NULL, t->half <= 12 ? 1 : 0);
}

/* Fills the table of every neighbourhood by walking all indices. */
static void build_lines(struct pattern_table *t, size_t size)
{
    memset(t->line, UNKNOWN, size);
    uint8_t line[4 * BOARD_MAX_SIDE + 1];
    int digits = 2 * t->half;
    for (size_t idx = 0; idx < size; idx++) {
        if (t->line[idx] != UNKNOWN)
            continue;
        size_t rest = idx;
        for (int d = 0; d < digits; d++) {
            int off = d < t->half ? d - t->half : d - t->half + 1;
            line[t->half + off] = (uint8_t)(rest % 3);
            rest /= 3;
        }
        line[t->half] = LINE_OWN;
        classify(t, line, t->line, 0);
    }
}

/* Fills the pair table from the line table: each pair-coded neighbourhood
 * is read once as Black sees it and once as White does. */
static void build_pairs(struct pattern_table *t)
{
    /* What each pair code is for Black and for White, as a line digit. */
    static const uint8_t as_black[4] = { LINE_BLOCKED, LINE_OWN, LINE_BLOCKED, LINE_EMPTY };
    static const uint8_t as_white[4] = { LINE_BLOCKED, LINE_BLOCKED, LINE_OWN, LINE_EMPTY };
    int digits = 2 * t->half;
    uint32_t size = (uint32_t)1 << (2 * digits);
    /* The base-3 indices of the current pair index, kept digit by digit as
     * the index counts up like an odometer. */
    uint32_t kb = 0, kw = 0;
    uint8_t code[2 * PATTERN_MAX_TABLE_HALF] = { 0 };
    for (int j = 0; j < digits; j++) {
        kb += as_black[0] * t->pow3[j];
        kw += as_white[0] * t->pow3[j];
    }
    for (uint32_t idx = 0; idx < size; idx++) {
        t->pair[idx] = (uint8_t)(t->line[kb] | t->line[kw] << 4);
        for (int j = 0; j < digits; j++) {
            int old = code[j], next = (old + 1) & 3;
            code[j] = (uint8_t)next;
            kb += (uint32_t)(as_black[next] - as_black[old]) * t->pow3[j];
            kw += (uint32_t)(as_white[next] - as_white[old]) * t->pow3[j];
            if (next != 0)
                break;
        }
    }
}

int pattern_eval_residual(const struct pattern_table *t, int colour, int w, int ms)
{
    if (!pattern_has_multiset(t))
        return 0;
    return pattern_eval_multiset[w][ms] +
           (pattern_has_renju(t) ? pattern_eval_renju[colour][w][ms] : 0);
}

/* Fills t->cell[colour], or, for a table both colours share, t->cell[0]
 * (colour then 0: the residuals of pattern_eval_renju are not added to
 * it). */
static void build_cells(struct pattern_table *t, int colour)
{
    struct pattern_entry *cell = t->cell[colour];
    for (int idx = 0; idx < PATTERN_CELLS; idx++) {
        int n[PAT_COUNT] = { 0 };
        int weight = 0, eval[2] = { 0, 0 };
        for (int d = 0, rest = idx; d < 4; d++, rest /= PAT_COUNT) {
            n[rest % PAT_COUNT]++;
            weight += class_weight[rest % PAT_COUNT];
            for (int w = 0; w < 2; w++)
                eval[w] += pattern_eval_class[w][rest % PAT_COUNT];
        }
        int fours = n[PAT_FLEX4] + n[PAT_BLOCK4];
        enum combo c;
        if (n[PAT_FIVE] > 0)
            c = COMBO_5;
        else if (n[PAT_FLEX4] > 0 || fours >= 2)
            c = COMBO_F4;
        else if (n[PAT_BLOCK4] > 0 && n[PAT_FLEX3] > 0)
            c = COMBO_43;
        else if (n[PAT_BLOCK4] > 0)
            c = COMBO_4;
        else if (n[PAT_FLEX3] >= 2)
            c = COMBO_33;
        else if (n[PAT_FLEX3] > 0)
            c = COMBO_F3;
        else if (weight > 0)
            c = COMBO_LOW;
        else
            c = COMBO_NONE;
        weight += combo_bonus[c];
        for (int w = 0; w < 2; w++) {
            eval[w] += pattern_eval_combo[w][c];
            eval[w] += pattern_eval_residual(t, colour, w, pattern_multiset(idx));
        }
        cell[idx].value = (uint32_t)c << PATTERN_COMBO_SHIFT |
                          (uint32_t)weight << PATTERN_WEIGHT_SHIFT | (uint16_t)eval[0];
        cell[idx].waiting = eval[1];
    }
    cell[PATTERN_STONE] = (struct pattern_entry){ 0, 0 };
}

static void build_order(struct pattern_table *t)
{
    bool fitted = pattern_has_order(t);
    for (int idx = 0; idx < PATTERN_CELLS; idx++) {
        if (fitted) {
            int ms = pattern_multiset(idx);
            t->order[idx][0] = pattern_order_multiset[0][ms];
            t->order[idx][1] = pattern_order_multiset[1][ms];
        } else {
            int w = pattern_weight_of(pattern_cell(t, 0, idx));
            t->order[idx][0] = (int16_t)(2 * w);
            t->order[idx][1] = (int16_t)w;
        }
    }
    t->order[PATTERN_STONE][0] = t->order[PATTERN_STONE][1] = 0;
    for (int s = 0; s < 2; s++)
        for (int b = 0; b < PATTERN_NEAR; b++)
            t->near[s][b] = fitted ? pattern_order_near[s][b] : 0;
}

bool pattern_init(struct pattern_table *t, int win, enum rule rule)
{
    memset(t, 0, sizeof *t);
    t->win = win;
    t->rule = rule;
    /* Freestyle needs the k−1 cells a run through the centre can reach; exact
     * also the cell beyond, to tell a run of k from an overline. */
    t->half = rule == RULE_EXACT ? win : win - 1;
    uint32_t p = 1;
    for (int d = 0; d < 2 * t->half; d++) {
        t->pow3[d] = p;
        p = d < 2 * PATTERN_MAX_TABLE_HALF ? p * 3 : p;
    }
    t->cell[0] = malloc(sizeof *t->cell[0] * (PATTERN_CELLS + 1));
    t->cell[1] = pattern_has_renju(t) ? malloc(sizeof *t->cell[1] * (PATTERN_CELLS + 1))
                                      : t->cell[0];
    t->order = malloc(sizeof *t->order * (PATTERN_CELLS + 1));
    if (t->cell[0] == NULL || t->cell[1] == NULL || t->order == NULL) {
        pattern_free(t);
        return false;
    }
    build_cells(t, 0);
    if (t->cell[1] != t->cell[0])
        build_cells(t, 1);
    build_order(t);
    if (t->half <= PATTERN_MAX_TABLE_HALF) {
        size_t size = 1;
        for (int d = 0; d < 2 * t->half; d++)
            size *= 3;
        t->line = malloc(size);
        if (t->line == NULL) {
            pattern_free(t);
            return false;
        }
        build_lines(t, size);
        t->pair = malloc((size_t)1 << (4 * t->half));
        if (t->pair == NULL) {
            pattern_free(t);
            return false;
        }
        build_pairs(t);
    }
    return true;
}

bool pattern_prepare(struct pattern_table *t, int win, enum rule rule)
{
    if (t->cell[0] != NULL && t->win == win && t->rule == rule)
        return true;
    pattern_free(t);
    return pattern_init(t, win, rule);
}

void pattern_free(struct pattern_table *t)
{
    free(t->line);
    free(t->pair);
    if (t->cell[1] != t->cell[0])
        free(t->cell[1]);
    free(t->cell[0]);
    free(t->order);
    t->line = NULL;
    t->pair = NULL;
    t->cell[0] = t->cell[1] = NULL;
    t->order = NULL;
}
