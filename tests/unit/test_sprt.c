/* test_sprt.c — the SPRT's log-likelihood ratio against values worked out
 * by hand from the formula in sprt.h, its bounds, and its verdicts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/sprt.h"

static const struct sprt t = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };

static void test_llr_by_hand(void **state)
{
    (void)state;
    /* m = 0.7, v = 0.16, s0 = 0.5, s1 = 0.5143868...:
     * 100 * 0.0143868 * (1.4 - 1.0143868) / 0.32 = 1.7337133 */
    assert_float_equal(sprt_llr(&t, 60, 20, 20), 1.7337133119, 1e-8);
    /* Fewer wins than losses: evidence for H0. */
    assert_float_equal(sprt_llr(&t, 48, 30, 52), -0.2198602937, 1e-8);
    /* No games: nothing. No spread: the variance with half a game of each
     * kind added. 7 wins: W 7.5, D 0.5, L 0.5, mean 0.9117647, v 0.0657439;
     * the LLR with the true mean 1: 7 * 0.0143868 * 0.9856132 / 0.1314879 */
    assert_float_equal(sprt_llr(&t, 0, 0, 0), 0.0, 0);
    assert_float_equal(sprt_llr(&t, 7, 0, 0), 0.7549087010, 1e-8);
    assert_true(sprt_llr(&t, 0, 9, 0) < 0);   /* all drawn: no better than even */
}

static void test_bounds(void **state)
{
    (void)state;
    double lo, hi;
    sprt_bounds(&t, &lo, &hi);
    assert_float_equal(lo, -2.9444389792, 1e-8);
    assert_float_equal(hi, 2.9444389792, 1e-8);
    struct sprt u = { .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.1 };
    sprt_bounds(&u, &lo, &hi);
    assert_float_equal(lo, -2.2512917986, 1e-8);   /* ln(0.1 / 0.95) */
    assert_float_equal(hi, 2.8903717579, 1e-8);    /* ln(0.9 / 0.05) */
}

static void test_verdicts(void **state)
{
    (void)state;
    double llr;
    assert_int_equal(sprt_judge(&t, 60, 20, 20, &llr), SPRT_CONTINUE);
    assert_int_equal(sprt_judge(&t, 120, 40, 40, &llr), SPRT_H1);    /* twice the evidence */
    assert_true(llr > 2.94);
    assert_int_equal(sprt_judge(&t, 300, 100, 400, &llr), SPRT_H0);
    assert_true(llr < -2.94);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_llr_by_hand),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
