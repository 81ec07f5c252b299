/* pattern.c — line classes for any k, tabulated once, and the reading of
 * a board's line into a neighbourhood; see pattern.h.
 *
 * The class of a cell is defined by play along the line alone, the cell taken
 * as already holding the side's stone: FIVE if that makes a winning run
 * through it; FLEX4 / BLOCK4 if two or more / exactly one further stone would;
 * otherwise one step weaker than the best class a further stone reaches
 * (a further stone reaching FLEX4 makes this a FLEX3, and so on). Only runs
 * through the cell count, so a four elsewhere on the line is that other
 * cell's business. Under `exact` a run longer than k is no win, which is why
 * an exact neighbourhood reaches one cell further (the cell beyond a run of k).
 *
 * Under caro a run of k or more wins unless the opponent's stones block both
 * its ends, the edge blocking nothing; its neighbourhood reaches one cell
 * further too, to see the ends of a run of k, and tells the edge from a
 * stone. A run that reaches the end of the neighbourhood, with all k cells
 * on that side of the centre its own, is taken as open there, where the
 * cells beyond are not seen. That is never wrong about a five: those k
 * stones with the empty centre beside them would already have won. Nor is
 * it wrong about a weaker class but where the stones on that side alone,
 * without the centre, win with fewer moves: the line holds a stronger
 * threat on another cell.
 */
#include "engine/pattern.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/rules.h"

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

/* Does the own run through the centre win? The line is coded LINE_*. */
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
        /* Blocked at both ends by the opponent, a run does not win; an end
         * beyond the neighbourhood counts as open (see the top). */
        return !(lo > 0 && line[lo - 1] == LINE_BLOCKED && hi < n - 1 &&
                 line[hi + 1] == LINE_BLOCKED);
    return len >= t->win;
}

/* The number of neighbourhoods in base 3: 3^(2·half), where tabulated. */
static uint32_t base3_size(const struct pattern_table *t)
{
    return t->pow3[2 * t->half - 1] * 3;
}

/* Tables are indexed by canonical neighbourhoods: those whose cells past
 * the nearest blocked one on either side of the centre are all blocked
 * (LINE_BLOCKED), plus under caro the edge bits. A neighbourhood has the
 * class of its canonical one: no cell past a blocked one is part of a run
 * through the centre, nor can it become one, and under caro the edge
 * matters only as the nearest blocked cell (the only one a run can touch).
 * So the recursion works on the canonical neighbourhoods alone, a few
 * thousand (8,836 of 236,196 for k = 5 under caro), and the others copy
 * their class. */

/* One side's part of a canonical index: its `half` cells, coded LINE_* from
 * the centre out, on the side of the lower digits when `left`. */
static uint32_t side_part(const struct pattern_table *t, const uint8_t *out, bool left)
{
    uint32_t part = 0;
    bool past = false;
    for (int i = 0; i < t->half; i++) {
        uint32_t v = past || out[i] > LINE_BLOCKED ? LINE_BLOCKED : out[i];
        if (!past && out[i] == LINE_WALL && t->rule == RULE_CARO)
            part += (left ? PATTERN_LEFT_EDGE : PATTERN_RIGHT_EDGE) * base3_size(t);
        past = v == LINE_BLOCKED;
        part += v * t->pow3[pattern_digit(t, left ? -(i + 1) : i + 1)];
    }
    return part;
}

/* The canonical index of a neighbourhood coded LINE_* (centre left out). */
static uint32_t index_of(const struct pattern_table *t, const uint8_t *line)
{
    uint8_t left[BOARD_MAX_SIDE], right[BOARD_MAX_SIDE];
    for (int i = 0; i < t->half; i++) {
        left[i] = line[t->half - 1 - i];
        right[i] = line[t->half + 1 + i];
    }
    return side_part(t, left, true) + side_part(t, right, false);
}

/* Under caro, with the run through the centre winning: the empty cell
 * whose opponent's stone would make it lose, the run's open end when its
 * other end is the opponent's; −1 when there is none (both ends open, or an
 * end past the neighbourhood or the edge, which no stone blocks). */
static int far_end(const struct pattern_table *t, const uint8_t *line)
{
    int n = 2 * t->half + 1, lo = t->half, hi = t->half;
    while (lo > 0 && line[lo - 1] == LINE_OWN)
        lo--;
    while (hi < n - 1 && line[hi + 1] == LINE_OWN)
        hi++;
    bool left = lo > 0 && line[lo - 1] == LINE_BLOCKED;
    bool right = hi < n - 1 && line[hi + 1] == LINE_BLOCKED;
    if (left && hi < n - 1 && line[hi + 1] == LINE_EMPTY)
        return hi + 1;
    if (right && lo > 0 && line[lo - 1] == LINE_EMPTY)
        return lo - 1;
    return -1;
}

/* Whether one opponent's stone takes every winning point of a four away:
 * point[i] wins, and a stone stops it there or on stopper[i] (−1: none).
 * Only a stone on the first point or its stopper can stop the first. Under
 * freestyle and exact no stone stops two points, so there two are an open
 * four; under caro a stone on one point can be the far end of the run the
 * other would make (o.xxxx.o), and then they are not. */
static bool one_stone_stops(const int *point, const int *stopper, int n)
{
    for (int c = 0; c < 2; c++) {
        int g = c == 0 ? point[0] : stopper[0];
        bool all = g >= 0;
        for (int i = 1; i < n && all; i++)
            all = point[i] == g || stopper[i] == g;
        if (all)
            return true;
    }
    return false;
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
        int point[4 * BOARD_MAX_SIDE + 1], stopper[4 * BOARD_MAX_SIDE + 1];
        for (int e = 0; e < n; e++) {
            if (line[e] != LINE_EMPTY || e == t->half)
                continue;
            line[e] = LINE_OWN;
            if (wins(t, line)) {
                point[fives] = e;
                stopper[fives++] = t->rule == RULE_CARO ? far_end(t, line) : -1;
            }
            line[e] = LINE_EMPTY;
        }
        if (fives >= 2 && t->rule == RULE_CARO && one_stone_stops(point, stopper, fives))
            fives = 1;
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

void pattern_read_line(const struct board *b, int pos, int d, int half,
                       uint8_t out[2][PATTERN_LINE_MAX])
{
    assert(half >= 1 && half <= BOARD_MAX_SIDE);
    int x = board_x(b, pos), y = board_y(b, pos);
    int dx = rules_dir[d][0], dy = rules_dir[d][1];
    for (int off = -half; off <= half; off++) {
        int cx = x + off * dx, cy = y + off * dy;
        uint8_t *black = &out[0][off + half], *white = &out[1][off + half];
        if (!board_inside(b, cx, cy)) {
            *black = *white = LINE_WALL;
            continue;
        }
        enum stone c = board_at(b, board_pos(b, cx, cy));
        *black = c == STONE_NONE ? LINE_EMPTY : c == STONE_BLACK ? LINE_OWN : LINE_BLOCKED;
        *white = c == STONE_NONE ? LINE_EMPTY : c == STONE_WHITE ? LINE_OWN : LINE_BLOCKED;
    }
}

enum pattern pattern_classify(const struct pattern_table *t, const uint8_t *line)
{
    uint8_t buf[4 * BOARD_MAX_SIDE + 1];
    memcpy(buf, line, (size_t)(2 * t->half + 1));
    buf[t->half] = LINE_OWN;
    /* A neighbourhood without room for k cells through the centre is dead,
     * whatever the recursion would find; this check keeps large k cheap. */
    int lo = t->half, hi = t->half;
    while (lo > 0 && buf[lo - 1] < LINE_BLOCKED)
        lo--;
    while (hi < 2 * t->half && buf[hi + 1] < LINE_BLOCKED)
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

/* The values one side of a tabulated neighbourhood can take, at most: its
 * cells two bits each (and fewer in base 3). */
#define SIDE_VALUES (1 << 2 * PATTERN_MAX_TABLE_HALF)

/* Writes into line (centre own) the neighbourhood of table index idx. */
static void line_of(const struct pattern_table *t, uint32_t idx, uint8_t *line)
{
    int digits = 2 * t->half, n = digits + 1;
    uint32_t size3 = base3_size(t), rest = idx % size3, edges = idx / size3;
    for (int d = 0; d < digits; d++) {
        int off = d < t->half ? d - t->half : d - t->half + 1;
        line[t->half + off] = (uint8_t)(rest % 3);
        rest /= 3;
    }
    line[t->half] = LINE_OWN;
    int lo = t->half - 1, hi = t->half + 1;
    while (lo >= 0 && line[lo] != LINE_BLOCKED)
        lo--;
    while (hi < n && line[hi] != LINE_BLOCKED)
        hi++;
    if ((edges & PATTERN_LEFT_EDGE) && lo >= 0)
        line[lo] = LINE_WALL;
    if ((edges & PATTERN_RIGHT_EDGE) && hi < n)
        line[hi] = LINE_WALL;
}

/* Fills the table of every neighbourhood, side by side: an index is a left
 * side's digits, 3^half times a right side's, and under caro 3^(2·half)
 * times the edge bits (those of a side without a blocked cell are no edge:
 * that index reads as the one without them). */
static void build_lines(struct pattern_table *t, size_t size)
{
    memset(t->line, UNKNOWN, size);
    uint32_t side3 = t->pow3[t->half], size3 = base3_size(t);
    uint32_t part[2][SIDE_VALUES];
    bool blocked[2][SIDE_VALUES];
    for (uint32_t v = 0; v < side3; v++) {
        uint8_t out[2][PATTERN_MAX_TABLE_HALF];
        uint32_t rest = v;
        /* The left side's digit half − 1 and the right side's 0 are next to
         * the centre. */
        for (int d = 0; d < t->half; d++, rest /= 3) {
            out[0][t->half - 1 - d] = (uint8_t)(rest % 3);
            out[1][d] = (uint8_t)(rest % 3);
        }
        for (int s = 0; s < 2; s++) {
            part[s][v] = side_part(t, out[s], s == 0);
            blocked[s][v] = false;
            for (int d = 0; d < t->half; d++)
                blocked[s][v] = blocked[s][v] || out[s][d] == LINE_BLOCKED;
        }
    }
    uint8_t line[4 * BOARD_MAX_SIDE + 1];
    for (size_t idx = 0; idx < size; idx++) {
        uint32_t l = (uint32_t)(idx % side3), r = (uint32_t)(idx / side3 % side3);
        uint32_t edges = (uint32_t)(idx / size3);
        if (!blocked[0][l])
            edges &= ~(uint32_t)PATTERN_LEFT_EDGE;
        if (!blocked[1][r])
            edges &= ~(uint32_t)PATTERN_RIGHT_EDGE;
        uint32_t canon = part[0][l] + part[1][r] + edges * size3;
        if (t->line[canon] == UNKNOWN) {
            line_of(t, canon, line);
            classify(t, line, t->line, 0);
        }
        t->line[idx] = t->line[canon];
    }
}

/* Fills the pair table from the line table: each pair-coded neighbourhood
 * is read as Black sees it and as White does, side by side: an index is a
 * left side's two-bit codes, 4^half times a right side's. */
static void build_pairs(struct pattern_table *t)
{
    /* What each pair code is for Black and for White. */
    static const uint8_t seen[2][4] = {
        { LINE_WALL, LINE_OWN, LINE_BLOCKED, LINE_EMPTY },
        { LINE_WALL, LINE_BLOCKED, LINE_OWN, LINE_EMPTY },
    };
    uint32_t side4 = (uint32_t)1 << 2 * t->half;
    /* By side ([0] left, [1] right) and colour, each side's canonical part. */
    uint32_t part[2][2][SIDE_VALUES];
    for (uint32_t v = 0; v < side4; v++) {
        for (int c = 0; c < 2; c++) {
            uint8_t out[2][PATTERN_MAX_TABLE_HALF];
            for (int d = 0; d < t->half; d++) {
                uint8_t code = seen[c][v >> 2 * d & 3];
                out[0][t->half - 1 - d] = code;
                out[1][d] = code;
            }
            part[0][c][v] = side_part(t, out[0], true);
            part[1][c][v] = side_part(t, out[1], false);
        }
    }
    for (uint32_t idx = 0; idx < side4 * side4; idx++) {
        uint32_t l = idx & (side4 - 1), r = idx >> 2 * t->half;
        t->pair[idx] = (uint8_t)(t->line[part[0][0][l] + part[1][0][r]] |
                                 t->line[part[0][1][l] + part[1][1][r]] << 4);
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
     * also the cell beyond, to tell a run of k from an overline, and caro to
     * see whether its ends are blocked. */
    t->half = rule == RULE_EXACT || rule == RULE_CARO ? win : win - 1;
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
        size_t size = rule == RULE_CARO ? 4 : 1;
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
