/* test_tss.c — the threat-space search: it finds a win by continuous
 * fours (VCF) in a hand-made position, with the winning first move, and
 * under caro claims none that a block past a five's far end refutes; one
 * first move judged alone, and the defences it names. */
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
#include "engine/tss.h"
#include "boards.h"
#include "mnk/rules.h"

static void test_tss_vcf(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, BOARDS_VCF7_BLACK, STONE_BLACK);
    boards_put(&b, BOARDS_VCF7_WHITE, STONE_WHITE);
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    position_init(&p, &t, &b);
    struct tss tss;
    assert_true(tss_init(&tss, 1 << 16));
    int move = -1;
    assert_true(tss_solve(&tss, &p, STONE_BLACK, false, 10, 100000, &move));
    assert_int_equal(board_at(&b, move), STONE_NONE);
    /* Too shallow for three fours. */
    tss_clear(&tss);
    assert_false(tss_solve(&tss, &p, STONE_BLACK, false, 2, 100000, &move));
    /* White has nothing. */
    assert_false(tss_solve(&tss, &p, STONE_WHITE, true, 10, 100000, &move));
    /* The position is unchanged by the search. */
    static struct position fresh;
    position_init(&fresh, &t, &b);
    boards_assert_same_position(&p, &fresh);
    tss_free(&tss);
    pattern_free(&t);
}

/* Black's c8-e8 between White's a8 and h8: f8 makes two winning points, b8
 * and g8, and under freestyle that open four wins; under caro a White stone
 * on either blocks the other's five at both ends, and there is no win. */
static void test_tss_caro_two_fives_one_block(void **state)
{
    (void)state;
    for (int rule = RULE_FREESTYLE; rule <= RULE_CARO; rule += RULE_CARO - RULE_FREESTYLE) {
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        boards_put(&b, "c8 d8 e8", STONE_BLACK);
        boards_put(&b, "a8 h8", STONE_WHITE);
        struct pattern_table t;
        assert_true(pattern_init(&t, 5, (enum rule)rule));
        static struct position p;
        position_init(&p, &t, &b);
        struct tss tss;
        assert_true(tss_init(&tss, 1 << 16));
        int move = -1;
        bool win = tss_solve(&tss, &p, STONE_BLACK, true, 6, 100000, &move);
        assert_false(tss.aborted);
        assert_int_equal(win, rule == RULE_FREESTYLE);
        /* Black's f8 played, White has two fives to answer: it cannot under
         * freestyle, and under caro g8 answers both. */
        position_place(&p, boards_cell(&b, "f8"), STONE_BLACK);
        int forced;
        assert_int_equal(position_decide(&p, 1, 0, &forced),
                         rule == RULE_FREESTYLE ? -(AI_SCORE_WIN - 2) : 0);
        position_place(&p, boards_cell(&b, "g8"), STONE_WHITE);
        tss_clear(&tss);
        assert_int_equal(tss_solve(&tss, &p, STONE_BLACK, true, 6, 100000, &move),
                         rule == RULE_FREESTYLE);
        tss_free(&tss);
        pattern_free(&t);
    }
}

/* tss_solve_move judges one first move as tss_solve would try it: g5, the
 * first four of the VCF, wins; a quiet move and an open three do not (the
 * three not even with threes counted); and tss_defences names the one
 * block of a four, and none against a move that threatens nothing. */
static void test_tss_one_move(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, BOARDS_VCF7_BLACK, STONE_BLACK);
    boards_put(&b, BOARDS_VCF7_WHITE, STONE_WHITE);
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    position_init(&p, &t, &b);
    struct tss tss;
    assert_true(tss_init(&tss, 1 << 16));
    assert_true(tss_solve_move(&tss, &p, STONE_BLACK, false, 10, 100000, boards_cell(&b, "g5")));
    assert_false(tss_solve_move(&tss, &p, STONE_BLACK, false, 10, 100000, boards_cell(&b, "a8")));
    assert_false(tss_solve_move(&tss, &p, STONE_BLACK, true, 10, 100000, boards_cell(&b, "a8")));
    /* f6 makes a three (f6 g6 _ i6), no four. */
    assert_false(tss_solve_move(&tss, &p, STONE_BLACK, false, 10, 100000, boards_cell(&b, "f6")));
    assert_false(tss_solve_move(&tss, &p, STONE_BLACK, false, 10, 100000, boards_cell(&b, "d5")));
    int cells[BOARD_MAX_CELLS];
    int g5 = boards_cell(&b, "g5");
    position_place(&p, g5, STONE_BLACK);
    assert_int_equal(tss_defences(&p, STONE_BLACK, g5, cells), 1);
    assert_int_equal(cells[0], boards_cell(&b, "h5"));
    position_remove(&p, g5);
    int a8 = boards_cell(&b, "a8");
    position_place(&p, a8, STONE_BLACK);
    assert_int_equal(tss_defences(&p, STONE_BLACK, a8, cells), -1);
    position_remove(&p, a8);
    static struct position fresh;
    position_init(&fresh, &t, &b);
    boards_assert_same_position(&p, &fresh);
    tss_free(&tss);
    pattern_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tss_vcf),
        cmocka_unit_test(test_tss_one_move),
        cmocka_unit_test(test_tss_caro_two_fives_one_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
