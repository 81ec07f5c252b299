/* test_glicko.c — Glicko-2: Glickman's worked example, a period without
 * games, the bounds, and the puzzles' ratings. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "play/glicko.h"

static void assert_near(double x, double want, double tolerance)
{
    if (fabs(x - want) > tolerance)
        fail_msg("%.6f, not %.6f (within %g)", x, want, tolerance);
}

/* "Example of the Glicko-2 system", section 3. */
static void test_paper(void **state)
{
    (void)state;
    const struct glicko player = { 1500, 200, 0.06 };
    const struct glicko_game games[] = { { 1400, 30, 1 }, { 1550, 100, 0 }, { 1700, 300, 0 } };
    struct glicko after = glicko_update(&player, games, 3, 0.5);
    assert_near(after.rating, 1464.06, 0.01);
    assert_near(after.rd, 151.52, 0.01);
    assert_near(after.volatility, 0.05999, 0.00001);
    /* Step 3's E against the first opponent: 0.639 in the paper. */
    assert_near(glicko_expect(&player, 1400, 30), 0.639, 0.001);
}

static void test_no_games(void **state)
{
    (void)state;
    const struct glicko player = { 1500, 200, 0.06 };
    struct glicko after = glicko_update(&player, NULL, 0, GLICKO_TAU);
    assert_near(after.rating, 1500, 1e-9);
    assert_true(after.rd > 200);
    assert_near(after.rd, GLICKO_SCALE * sqrt(pow(200 / GLICKO_SCALE, 2) + 0.06 * 0.06), 1e-6);
    assert_near(after.volatility, 0.06, 1e-12);
    /* Never beyond the bound. */
    struct glicko fresh = glicko_new();
    after = glicko_update(&fresh, NULL, 0, GLICKO_TAU);
    assert_near(after.rd, GLICKO_RD_MAX, 1e-9);
    assert_true(glicko_valid(&after));
}

static void test_bounds(void **state)
{
    (void)state;
    /* A long run of wins against the strongest puzzle, and of losses
     * against the weakest, stay within the bounds. */
    struct glicko up = glicko_new(), down = glicko_new();
    for (int i = 0; i < 2000; i++) {
        struct glicko_game win = { GLICKO_RATING_MAX, GLICKO_RD_MIN, 1 };
        struct glicko_game loss = { GLICKO_RATING_MIN, GLICKO_RD_MIN, 0 };
        up = glicko_update(&up, &win, 1, GLICKO_TAU);
        down = glicko_update(&down, &loss, 1, GLICKO_TAU);
        assert_true(glicko_valid(&up));
        assert_true(glicko_valid(&down));
    }
    assert_true(up.rating > 3000);
    assert_true(down.rating < 600);
    /* A win raises, a loss lowers. */
    struct glicko p = glicko_new();
    struct glicko_game g = glicko_puzzle(50, true);
    assert_true(glicko_update(&p, &g, 1, GLICKO_TAU).rating > p.rating);
    g.score = 0;
    assert_true(glicko_update(&p, &g, 1, GLICKO_TAU).rating < p.rating);
    /* A NaN from the caller changes nothing. */
    struct glicko_game bad = { NAN, 50, 1 };
    struct glicko same = glicko_update(&p, &bad, 1, GLICKO_TAU);
    assert_near(same.rating, p.rating, 1e-9);
    assert_true(glicko_valid(&same));
}

static void test_puzzle(void **state)
{
    (void)state;
    assert_near(glicko_puzzle(0, true).rating, GLICKO_PUZZLE_BASE, 1e-9);
    assert_near(glicko_puzzle(100, true).rating, GLICKO_PUZZLE_BASE + 100 * GLICKO_PUZZLE_STEP,
                1e-9);
    assert_near(glicko_puzzle(-1, true).rating, GLICKO_RATING, 1e-9);
    for (int d = 1; d <= 100; d++)
        assert_true(glicko_puzzle(d, false).rating > glicko_puzzle(d - 1, false).rating);
    assert_near(glicko_puzzle(40, true).score, 1, 0);
    assert_near(glicko_puzzle(40, false).score, 0, 0);
    assert_near(glicko_puzzle(40, false).rd, GLICKO_PUZZLE_RD, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paper),
        cmocka_unit_test(test_no_games),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_puzzle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
