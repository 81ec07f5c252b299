/* test_pattern.c — the pattern tables: the class of a cell on a line for
 * each win length and rule, the multisets that stand for the four classes
 * of a cell, the order of moves by the fitted tables, and renju's tables
 * by colour. */
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
        cmocka_unit_test(test_multisets),
        cmocka_unit_test(test_move_order),
        cmocka_unit_test(test_renju_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
