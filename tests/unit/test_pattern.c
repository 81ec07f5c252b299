/* test_pattern.c — the pattern tables: the class of a cell on a line for
 * each win length and rule, caro's fives against the rules on every row,
 * the multisets that stand for the four classes of a cell, the order of
 * moves by the fitted tables, and renju's tables by colour. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "mnk/board.h"
#include "mnk/rules.h"

/* ---- line classes ---- */

/* The class for Black of cell `at` on a one-row board holding `row`
 * ('x' Black, 'o' White, '.' empty). */
static enum pattern row_class(int k, enum rule rule, const char *row, int at)
{
    struct pattern_table t;
    assert_true(pattern_init(&t, k, rule));
    struct board b;
    int w = (int)strlen(row);
    assert_true(board_init(&b, w, k > 3 ? k : 3, k, rule));
    for (int x = 0; x < w; x++)
        if (row[x] != '.')
            board_place(&b, board_pos(&b, x, 0), row[x] == 'x' ? STONE_BLACK : STONE_WHITE);
    static struct position p;
    position_init(&p, &t, &b);
    enum pattern c = position_line(&p, 0, board_pos(&b, at, 0), 0);
    pattern_free(&t);
    return c;
}

static void test_line_classes(void **state)
{
    (void)state;
    assert_int_equal(row_class(5, RULE_FREESTYLE, ".xxxx....", 0), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "..xxx....", 1), PAT_FLEX4);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "oxxx.....", 4), PAT_BLOCK4);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "..xx.....", 4), PAT_FLEX3);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "oxx......", 3), PAT_BLOCK3);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "..x.x....", 3), PAT_FLEX4 - 2);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "oxxx.o...", 4), PAT_NONE);
    /* Overlines: a win in freestyle, nothing in exact. */
    assert_int_equal(row_class(5, RULE_FREESTYLE, "xxxx.x...", 4), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_EXACT, "xxxx.x...", 4), PAT_NONE);
    assert_int_equal(row_class(5, RULE_EXACT, "oxxxx.x..", 5), PAT_NONE);
    assert_int_equal(row_class(5, RULE_EXACT, ".xxxx.x..", 0), PAT_FIVE);
    /* Caro: a five blocked at both ends is no five, nor a four before it
     * (where the neighbourhood, four cells either way, sees both ends). */
    assert_int_equal(row_class(5, RULE_CARO, "oxx.xxo..", 3), PAT_NONE);
    assert_int_equal(row_class(5, RULE_CARO, "oxx.xx...", 3), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "oxx.xxo..", 3), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_CARO, "ox..xxo..", 3), PAT_NONE);
    assert_int_equal(row_class(5, RULE_CARO, "ox..xx...", 3), PAT_BLOCK4);
    /* ...and where the neighbourhood must reach the cell past a run of k to
     * see its end; the edge blocks nothing, with a table or without. */
    assert_int_equal(row_class(5, RULE_CARO, "oxxxx.o..", 5), PAT_NONE);
    assert_int_equal(row_class(5, RULE_CARO, "xxxx.o...", 4), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_CARO, "xxx.xo...", 3), PAT_FIVE);
    assert_int_equal(row_class(5, RULE_CARO, "xxx..o...", 3), PAT_BLOCK4);
    assert_int_equal(row_class(7, RULE_CARO, "oxxxxxx.o.....", 7), PAT_NONE);
    assert_int_equal(row_class(7, RULE_CARO, "xxxxxx.o......", 6), PAT_FIVE);
    /* Caro's open four: two winning points are not enough when a stone on
     * one blocks the other's five at both ends (o.xxxx.o), nor when a stone
     * past one does (o.xxxx...: on the seventh cell it takes that point and
     * blocks the five on the second). */
    assert_int_equal(row_class(5, RULE_CARO, "o.xxx..o.", 5), PAT_BLOCK4);
    assert_int_equal(row_class(5, RULE_CARO, "o.xxx....", 5), PAT_BLOCK4);
    assert_int_equal(row_class(5, RULE_CARO, "..xxx....", 5), PAT_FLEX4);
    assert_int_equal(row_class(5, RULE_FREESTYLE, "o.xxx..o.", 5), PAT_FLEX4);
    assert_int_equal(row_class(7, RULE_CARO, "o.xxxxx..o....", 7), PAT_BLOCK4);
    assert_int_equal(row_class(7, RULE_CARO, "..xxxxx.......", 7), PAT_FLEX4);
    /* Other k: an open two is k = 3's open four; k = 6 needs five. */
    assert_int_equal(row_class(3, RULE_FREESTYLE, "..x..", 1), PAT_FLEX4);
    assert_int_equal(row_class(6, RULE_FREESTYLE, ".xxxx......", 5), PAT_FLEX4);
    assert_int_equal(row_class(6, RULE_FREESTYLE, ".xxxxx.....", 6), PAT_FIVE);
    /* Large k, classified without a table, agrees on the strong classes. */
    assert_int_equal(row_class(9, RULE_FREESTYLE, ".xxxxxxx..........", 8), PAT_FLEX4);
    assert_int_equal(row_class(9, RULE_FREESTYLE, ".xxxxxxxx.........", 9), PAT_FIVE);
    assert_int_equal(row_class(9, RULE_EXACT, "oxxxxxxx.x........", 8), PAT_FIVE);
    assert_int_equal(row_class(9, RULE_EXACT, "oxxxxxxxx.x.......", 9), PAT_NONE);
}

/* ---- caro's fives against the rules ---- */

/* The pair-coded neighbourhood of cell x of row 0 of b, as the position
 * reads it from its line words: a wall (0) off the board. */
static uint32_t row_pair_index(const struct pattern_table *t, const struct board *b, int x)
{
    static const uint32_t code[3] = { PATTERN_PAIR_EMPTY, PATTERN_PAIR_BLACK,
                                      PATTERN_PAIR_WHITE };
    uint32_t idx = 0;
    for (int off = -t->half; off <= t->half; off++) {
        int cx = x + off;
        if (off != 0 && cx >= 0 && cx < b->width)
            idx |= code[board_at(b, board_pos(b, cx, 0))] << 2 * pattern_digit(t, off);
    }
    return idx;
}

/* The same neighbourhood cell by cell as `side` sees it (LINE_*), as the
 * position reads it without a table. */
static void row_line(const struct pattern_table *t, const struct board *b, int x,
                     enum stone side, uint8_t *line)
{
    for (int off = -t->half; off <= t->half; off++) {
        int cx = x + off;
        enum stone c = cx >= 0 && cx < b->width ? board_at(b, board_pos(b, cx, 0)) : STONE_NONE;
        line[t->half + off] = cx < 0 || cx >= b->width ? LINE_WALL
                              : c == STONE_NONE         ? LINE_EMPTY
                              : c == side               ? LINE_OWN
                                                        : LINE_BLOCKED;
    }
}

/* Whether a stone of `side` on the empty cell q of row 0 wins, with a run
 * through cell x of the row (−1: any). */
static bool wins_through(struct board *b, int q, enum stone side, int x)
{
    board_place(b, q, side);
    struct win_line line;
    bool won = rules_is_win(b, q, &line);
    board_remove(b, q);
    if (!won || x < 0)
        return won;
    for (int i = 0; i < line.len; i++)
        if (line.cell[i] == board_pos(b, x, 0))
            return true;
    return false;
}

/* What the rules make of `side`'s stone on the empty cell x of row 0, as
 * far as the fours: PAT_FIVE, PAT_FLEX4 when it leaves cells that win
 * through it and no opponent's stone takes them all away, PAT_BLOCK4 when
 * one does, otherwise PAT_NONE. */
static enum pattern rules_four(struct board *b, int x, enum stone side)
{
    int cx = board_pos(b, x, 0);
    if (wins_through(b, cx, side, -1))
        return PAT_FIVE;
    board_place(b, cx, side);
    int points[BOARD_MAX_SIDE], n = 0;
    for (int q = 0; q < b->width; q++)
        if (board_at(b, q) == STONE_NONE && wins_through(b, q, side, x))
            points[n++] = q;
    bool stopped = false;
    for (int g = 0; g < b->width && n > 0 && !stopped; g++) {
        if (board_at(b, g) != STONE_NONE)
            continue;
        board_place(b, g, stone_other(side));
        stopped = true;
        for (int i = 0; i < n && stopped; i++)
            stopped = points[i] == g || !wins_through(b, points[i], side, x);
        board_remove(b, g);
    }
    board_remove(b, cx);
    return n == 0 ? PAT_NONE : stopped ? PAT_BLOCK4 : PAT_FLEX4;
}

/* Whether a stone of `side` on row 0 is part of a winning run already. */
static bool row_has_win(const struct board *b, enum stone side)
{
    for (int x = 0; x < b->width; x++) {
        int q = board_pos(b, x, 0);
        if (board_at(b, q) == side && rules_is_win(b, q, NULL))
            return true;
    }
    return false;
}

/* Every row of 2k + 1 cells (k = 4, 5; each cell empty, Black or White) on
 * a board under caro, every empty cell of it and both sides: where that
 * side has no winning run already, the table's class of the cell is a five
 * exactly when rules_is_win says the stone there wins; where it has no
 * cell to win on either, the table's fours are those of the rules
 * (rules_four). The rows are long enough for runs past the neighbourhood
 * on either side. On every 7th row the classes worked out without a table
 * (pattern_classify, what large k uses) agree with the table's from the
 * threes up. */
static void test_caro_classes_are_the_rules(void **state)
{
    (void)state;
    for (int k = 4; k <= 5; k++) {
        struct pattern_table t;
        assert_true(pattern_init(&t, k, RULE_CARO));
        assert_true(pattern_tabulated(&t));
        int w = 2 * k + 1;
        struct board b;
        assert_true(board_init(&b, w, 3, k, RULE_CARO));
        int digit[BOARD_MAX_SIDE] = { 0 };
        long rows = 0, all = 1, fives = 0, blocked = 0, compared = 0, stopped = 0, open = 0;
        for (int i = 0; i < w; i++)
            all *= 3;
        for (bool more = true; more; rows++) {
            for (enum stone side = STONE_BLACK; side <= STONE_WHITE; side++) {
                if (row_has_win(&b, side))
                    continue;
                bool five_cell = false;
                for (int x = 0; x < w && !five_cell; x++)
                    five_cell = board_at(&b, x) == STONE_NONE && wins_through(&b, x, side, -1);
                for (int x = 0; x < w; x++) {
                    int q = board_pos(&b, x, 0);
                    if (board_at(&b, q) != STONE_NONE)
                        continue;
                    board_place(&b, q, side);
                    bool won = rules_is_win(&b, q, NULL);
                    int run = rules_longest_run(&b, q);
                    board_remove(&b, q);
                    int cls = pattern_pair(&t, row_pair_index(&t, &b, x)) >> 4 * (side - 1) & 15;
                    assert_int_equal(cls == PAT_FIVE, won);
                    fives += won;
                    blocked += run >= k && !won;
                    if (!five_cell) {
                        enum pattern four = rules_four(&b, x, side);
                        assert_int_equal(cls >= PAT_BLOCK4 ? cls : PAT_NONE, four);
                        stopped += four == PAT_BLOCK4;
                        open += four == PAT_FLEX4;
                    }
                    if (rows % 7 == 0) {
                        uint8_t line[4 * BOARD_MAX_SIDE + 1];
                        row_line(&t, &b, x, side, line);
                        int slow = pattern_classify(&t, line);
                        if (slow >= PAT_BLOCK3 || cls >= PAT_BLOCK3)
                            assert_int_equal(slow, cls);
                        compared++;
                    }
                }
            }
            /* The next row, counting in base 3. */
            more = false;
            for (int i = 0; i < w && !more; i++) {
                int q = board_pos(&b, i, 0);
                if (digit[i] != 0)
                    board_remove(&b, q);
                digit[i] = (digit[i] + 1) % 3;
                if (digit[i] != 0)
                    board_place(&b, q, (enum stone)digit[i]);
                more = digit[i] != 0;
            }
        }
        assert_int_equal(rows, all);
        assert_true(fives > 1000 && blocked > 100 && compared > 1000);
        assert_true(stopped > 1000 && open > 100);
        pattern_free(&t);
    }
}

static void test_multisets(void **state)
{
    (void)state;
    static int first[PATTERN_MULTISETS];
    for (int m = 0; m < PATTERN_MULTISETS; m++)
        first[m] = -1;
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    int distinct = 0;
    for (int idx = 0; idx < PATTERN_CELLS; idx++) {
        int m = pattern_multiset(idx);
        assert_in_range(m, 0, PATTERN_MULTISETS - 1);
        /* Sorted digits name the multiset. */
        int c[4], sorted = 0;
        for (int d = 0, rest = idx; d < 4; d++, rest /= PAT_COUNT)
            c[d] = rest % PAT_COUNT;
        for (int v = PAT_COUNT - 1, d = 3; v >= 0; v--)
            for (int e = 0; e < 4; e++)
                if (c[e] == v)
                    sorted += v * pattern_cell_weight[d--];
        assert_int_equal(m, pattern_multiset(sorted));
        if (first[m] < 0) {
            first[m] = idx;
            distinct++;
        } else {
            assert_int_equal(pattern_cell(&t, 0, idx), pattern_cell(&t, 0, first[m]));
            assert_int_equal(pattern_eval_waiting(&t, 0, idx),
                             pattern_eval_waiting(&t, 0, first[m]));
        }
    }
    assert_int_equal(distinct, PATTERN_MULTISETS);
    assert_int_equal(pattern_multiset(0), 0);
    pattern_free(&t);
}

/* The move ordering's tables: on k = 5 the fitted values of each cell
 * index's multisets and the near terms, elsewhere twice the hand weight for
 * the side to move, once for the other, and no near terms; 0 on a stone.
 * The fitted values rank shapes as play does: an open three above an open
 * two, a double three and a four-three above an open three, for either
 * side. */
static int order_index(const int *classes)
{
    int idx = 0;
    for (int d = 0; d < 4; d++)
        idx += classes[d] * pattern_cell_weight[d];
    return idx;
}

static void test_move_order(void **state)
{
    (void)state;
    for (int k = 4; k <= 6; k++) {
        struct pattern_table t;
        assert_true(pattern_init(&t, k, RULE_FREESTYLE));
        assert_int_equal(pattern_has_order(&t), k == 5);
        for (int idx = 0; idx < PATTERN_CELLS; idx++) {
            int ms = pattern_multiset(idx), w = pattern_weight_of(pattern_cell(&t, 0, idx));
            assert_int_equal(pattern_order(&t, idx, PATTERN_STONE),
                             k == 5 ? pattern_order_multiset[0][ms] : 2 * w);
            assert_int_equal(pattern_order(&t, PATTERN_STONE, idx),
                             k == 5 ? pattern_order_multiset[1][ms] : w);
        }
        assert_int_equal(pattern_order(&t, PATTERN_STONE, PATTERN_STONE), 0);
        for (int s = 0; s < 2; s++)
            for (int b = 0; b < PATTERN_NEAR; b++)
                assert_int_equal(t.near[s][b], k == 5 ? pattern_order_near[s][b] : 0);
        if (k == 5) {
            static const int two[4] = { PAT_FLEX2 }, three[4] = { PAT_FLEX3 },
                             double_three[4] = { PAT_FLEX3, PAT_FLEX3 },
                             four_three[4] = { PAT_BLOCK4, PAT_FLEX3 };
            for (int s = 0; s < 2; s++) {
                int own = s == 0;
#define ORDER(c) (own ? pattern_order(&t, order_index(c), PATTERN_STONE) \
                      : pattern_order(&t, PATTERN_STONE, order_index(c)))
                assert_true(ORDER(three) > ORDER(two));
                assert_true(ORDER(double_three) > ORDER(three));
                assert_true(ORDER(four_three) > ORDER(three));
#undef ORDER
            }
        }
        pattern_free(&t);
    }
}

/* position_near: the Chebyshev distance between the cells, 5 for any
 * farther, doubled, plus one when they share a row, column or diagonal. */

/* ---- renju's tables by colour ---- */

/* Under renju with k = 5 each colour reads a table of its own: the
 * freestyle table's cells with that colour's residuals of
 * pattern_eval_renju added to both evaluation weights, the combinations
 * and ordering weights unchanged. Every other rule and k shares one table
 * between the colours, without the residuals (the same table under every rule for k = 5). */
static void test_renju_tables(void **state)
{
    (void)state;
    struct pattern_table free5, renju5, t;
    assert_true(pattern_init(&free5, 5, RULE_FREESTYLE));
    assert_true(pattern_init(&renju5, 5, RULE_RENJU));
    assert_true(pattern_has_renju(&renju5));
    assert_false(pattern_has_renju(&free5));
    assert_true(free5.cell[0] == free5.cell[1]);
    assert_true(renju5.cell[0] != renju5.cell[1]);
    for (int idx = 0; idx <= PATTERN_STONE; idx++)
        for (int c = 0; c < 2; c++) {
            uint32_t f = pattern_cell(&free5, c, idx), r = pattern_cell(&renju5, c, idx);
            int ms = idx < PATTERN_STONE ? pattern_multiset(idx) : 0;
            int add[2] = { 0, 0 };
            if (idx < PATTERN_STONE)
                for (int w = 0; w < 2; w++)
                    add[w] = pattern_eval_renju[c][w][ms];
            assert_int_equal(pattern_combo_of(r), pattern_combo_of(f));
            assert_int_equal(pattern_weight_of(r), pattern_weight_of(f));
            assert_int_equal(pattern_eval_of(r), pattern_eval_of(f) + add[0]);
            assert_int_equal(pattern_eval_waiting(&renju5, c, idx),
                             pattern_eval_waiting(&free5, c, idx) + add[1]);
            for (int w = 0; w < 2 && idx < PATTERN_STONE; w++)
                assert_int_equal(pattern_eval_residual(&renju5, c, w, ms),
                                 pattern_eval_multiset[w][ms] + add[w]);
        }
    pattern_free(&renju5);
    for (int rule = 0; rule < RULE_COUNT; rule++)
        for (int k = 4; k <= 6; k++) {
            if (rule == RULE_RENJU && k == 5)
                continue;
            assert_true(pattern_init(&t, k, (enum rule)rule));
            assert_false(pattern_has_renju(&t));
            assert_true(t.cell[0] == t.cell[1]);
            if (k == 5)
                assert_memory_equal(t.cell[0], free5.cell[0],
                                    sizeof *t.cell[0] * (PATTERN_CELLS + 1));
            pattern_free(&t);
        }
    pattern_free(&free5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_classes),
        cmocka_unit_test(test_caro_classes_are_the_rules),
        cmocka_unit_test(test_multisets),
        cmocka_unit_test(test_move_order),
        cmocka_unit_test(test_renju_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
