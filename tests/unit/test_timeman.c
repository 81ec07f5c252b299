/* test_timeman.c — the search's time manager as arithmetic: deadlines from a
 * budget and a cap, the reserve for the safety check, stretching with a game
 * clock. Times are numbers handed in; no clock is read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/timeman.h"

/* Over a grid of budgets, caps and start times, the deadlines keep their
 * order and bounds: start < soft ≤ hard ≤ start + cap, the hard margin and
 * the reserve small, and with no clock most of the cap goes to the tree. */
static void test_deadlines_in_order(void **state)
{
    (void)state;
    static const int budgets[] = { 1, 2, 3, 5, 10, 50, 100, 180, 500, 940, 5000, 100000 };
    static const int caps[] = { 0, 1, 3, 200, 1000, 3000, 200000 };
    static const int64_t starts[] = { 0, 1000, (int64_t)1 << 40 };
    for (size_t i = 0; i < sizeof budgets / sizeof *budgets; i++)
        for (size_t j = 0; j < sizeof caps / sizeof *caps; j++)
            for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
                for (int coarse = 0; coarse < 2; coarse++) {
                    struct timeman tm;
                    int64_t t0 = starts[k];
                    int budget = budgets[i], cap = caps[j] > budget ? caps[j] : budget;
                    timeman_start(&tm, t0, budget, caps[j], coarse);
                    assert_true(tm.start_ms == t0);
                    assert_true(tm.soft_ms > t0);
                    assert_true(tm.soft_ms <= tm.hard_ms);
                    assert_true(tm.hard_ms <= t0 + cap);
                    assert_true(tm.hard_ms - tm.soft_ms >= tm.reserve_ms || cap < 4);
                    assert_true(tm.clock == (cap > budget));
                    /* The margin and the reserve: a fortieth and a
                     * twentieth of the cap, within fixed bounds. */
                    assert_true(t0 + cap - tm.hard_ms <= (coarse ? 30 : 15));
                    assert_true(tm.reserve_ms <= 40);
                    if (!tm.clock && cap >= 100)
                        assert_true((tm.soft_ms - t0) * 100 >= (int64_t)cap * 90);
                    /* Nothing stretches past the hard deadline. */
                    for (int n = 0; n < 20; n++) {
                        timeman_iteration(&tm, n, -100 * n);
                        assert_true(tm.soft_ms <= tm.hard_ms - tm.reserve_ms || cap < 4);
                        assert_true(tm.soft_ms > t0);
                    }
                }
}

/* A per-move limit (no clock): the tree runs to the reserve before the hard
 * deadline, and an iteration starts whenever the soft one has not passed;
 * a changing best move cannot stretch what has no room. */
static void test_turn_limit(void **state)
{
    (void)state;
    struct timeman tm;
    timeman_start(&tm, 1000, 180, 0, false);
    assert_false(tm.clock);
    assert_int_equal(tm.hard_ms, 1000 + 180 - 4);   /* 180 / 40 */
    assert_int_equal(tm.reserve_ms, 9);             /* 180 / 20 */
    assert_int_equal(tm.soft_ms, tm.hard_ms - 9);
    assert_true(timeman_continue(&tm, 1000));
    assert_true(timeman_continue(&tm, tm.soft_ms - 1));
    assert_false(timeman_continue(&tm, tm.soft_ms));
    int64_t soft = tm.soft_ms;
    timeman_iteration(&tm, 10, 0);
    timeman_iteration(&tm, 11, -500);
    assert_int_equal(tm.soft_ms, soft);
    assert_int_equal(tm.stretch, 100);

    /* One second: the margin and the reserve reach their bounds. */
    timeman_start(&tm, 0, 940, 940, false);
    assert_int_equal(tm.hard_ms, 925);            /* less 15, not 940 / 40 */
    assert_int_equal(tm.soft_ms, 885);            /* less 40, not 940 / 20 */
    /* Slow nodes: twice the margin. */
    timeman_start(&tm, 0, 940, 940, true);
    assert_int_equal(tm.hard_ms, 910);
}

/* With a game clock: the soft time starts at the budget less the reserve,
 * no iteration starts after NEXT_SHARE of it, a changing best move or a
 * falling score stretch it toward the cap, and steady iterations bring it
 * back. */
static void test_game_clock(void **state)
{
    (void)state;
    struct timeman tm;
    timeman_start(&tm, 0, 1000, 3000, false);
    assert_true(tm.clock);
    assert_int_equal(tm.hard_ms, 2985);
    assert_int_equal(tm.reserve_ms, 40);
    int64_t soft = tm.soft_ms;
    assert_int_equal(soft, 960);
    assert_true(timeman_continue(&tm, 575));
    assert_false(timeman_continue(&tm, 576));    /* 60 % of 960 */
    timeman_iteration(&tm, 10, 0);
    assert_int_equal(tm.soft_ms, soft);
    timeman_iteration(&tm, 11, 0);                /* the best move changed */
    assert_int_equal(tm.soft_ms, 1440);
    timeman_iteration(&tm, 11, -500);             /* the score fell */
    assert_int_equal(tm.soft_ms, 1728);
    timeman_iteration(&tm, 11, -520);             /* a small fall: steady */
    assert_true(tm.soft_ms < 1728 && tm.soft_ms > soft);
    for (int i = 0; i < 10; i++)
        timeman_iteration(&tm, 12 + i, 0);
    assert_int_equal(tm.soft_ms, 2880);           /* STRETCH_MAX: 300 % */
    for (int i = 0; i < 80; i++)
        timeman_iteration(&tm, 30, 0);
    assert_true(tm.soft_ms - soft <= 10);

    /* A budget smaller than the reserve still leaves the tree a moment. */
    timeman_start(&tm, 0, 3, 1000, false);
    assert_true(tm.soft_ms >= 1 && tm.soft_ms < tm.hard_ms);
}

/* The root's threat-space searches get slices of the time left before the
 * soft deadline: the VCF a tenth, the VCT a fortieth, never less than a
 * millisecond, even past the deadline; the safety check the rest. */
static void test_slices(void **state)
{
    (void)state;
    struct timeman tm;
    timeman_start(&tm, 0, 1000, 0, false);
    int64_t soft = tm.soft_ms;
    assert_int_equal(timeman_slice_end(&tm, 0, TIMEMAN_ROOT_VCF), soft / 10 + 1);
    assert_int_equal(timeman_slice_end(&tm, 0, TIMEMAN_ROOT_VCT), soft / 40 + 1);
    assert_int_equal(timeman_slice_end(&tm, 100, TIMEMAN_ROOT_VCF), 100 + (soft - 100) / 10 + 1);
    assert_int_equal(timeman_slice_end(&tm, soft + 50, TIMEMAN_ROOT_VCF), soft + 51);
    /* The safety check has what the tree left: up to the hard deadline. */
    assert_int_equal(timeman_slice_end(&tm, soft, TIMEMAN_SAFETY), tm.hard_ms);
}

/* The slices' node budgets: shares of a node limit, fixed counts without. */
static void test_slice_nodes(void **state)
{
    (void)state;
    assert_int_equal(timeman_slice_nodes(TIMEMAN_ROOT_VCF, 100000), 25000);
    assert_int_equal(timeman_slice_nodes(TIMEMAN_ROOT_VCT, 100000), 6250);
    assert_int_equal(timeman_slice_nodes(TIMEMAN_SAFETY, 100000), 12500);
    assert_int_equal(timeman_slice_nodes(TIMEMAN_ROOT_VCF, 0), 400000);
    assert_int_equal(timeman_slice_nodes(TIMEMAN_ROOT_VCT, 0), 100000);
    assert_int_equal(timeman_slice_nodes(TIMEMAN_SAFETY, 0), 300000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlines_in_order),
        cmocka_unit_test(test_turn_limit),
        cmocka_unit_test(test_game_clock),
        cmocka_unit_test(test_slices),
        cmocka_unit_test(test_slice_nodes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
