/* test_tss.c — the threat-space search: it finds a win by continuous
 * fours (VCF) in a hand-made position, with the winning first move. */
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


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tss_vcf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
