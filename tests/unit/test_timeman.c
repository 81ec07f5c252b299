/* test_timeman.c — the time manager as arithmetic: a move's budget and cap
 * under a time control, deadlines from them, the reserve for the safety
 * check, stretching with a game clock. Times are numbers handed in; no
 * clock is read. */
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

static struct time_control piped(int turn, int left)
{
    struct time_control tc = timeman_no_limit();
    tc.turn_ms = turn;
    tc.left_ms = left;
    tc.piped = true;
    return tc;
}

static void test_budget_defaults(void **state)
{
    (void)state;
    struct time_control tc = timeman_no_limit();
    struct time_budget tb = timeman_budget(&tc, 225, 0, 1234);
    assert_int_equal(tb.time_ms, 1234);
    assert_int_equal(tb.time_max_ms, 1234);
    /* No limit and no fallback: no time limit at all. */
    tb = timeman_budget(&tc, 225, 0, 0);
    assert_int_equal(tb.time_ms, 0);
    assert_int_equal(tb.time_max_ms, 0);
    /* A turn of 0: as fast as possible. */
    tc = piped(0, TIMEMAN_NONE);
    assert_int_equal(timeman_budget(&tc, 225, 0, 777).time_ms, 1);
    /* A long turn gets most of the turn through a pipe, and never all of
     * it; all of it in process. */
    tc = piped(5000, TIMEMAN_NONE);
    int b = timeman_budget(&tc, 225, 10, 100).time_ms;
    assert_true(b >= 4000 && b < 5000);
    tc.piped = false;
    tb = timeman_budget(&tc, 225, 10, 100);
    assert_int_equal(tb.time_ms, 5000);
    assert_int_equal(tb.time_max_ms, 5000);
    /* A game clock is shared out over the moves still to come. */
    tc = piped(TIMEMAN_NONE, 180000);
    b = timeman_budget(&tc, 225, 0, 100000).time_ms;
    assert_true(b > 1000 && b < 180000 / 4);
    tc.left_ms = 3000;
    assert_true(timeman_budget(&tc, 225, 50, 100000).time_ms < 3000 / 4);
}

/* Over a grid of limits, the budget is at least 1 and, through a pipe,
 * leaves a margin under both the turn limit and the time left (beyond the
 * floor of 1 ms); in process it may reach them, never pass them. */
static void test_budget_never_overruns(void **state)
{
    (void)state;
    static const int turns[] = { TIMEMAN_NONE, 0, 1, 5, 50, 60, 100, 999, 1000,
                                 5000, 30000, 1000000, 2147483647 };
    static const int lefts[] = { TIMEMAN_NONE, 0, 1, 20, 51, 100, 999, 3000,
                                 100000, 2147483647 };
    static const int incs[] = { 0, 10, 2000 };
    static const int stones[] = { 0, 1, 100, 224, 225 };
    for (size_t i = 0; i < sizeof turns / sizeof *turns; i++)
        for (size_t k = 0; k < sizeof lefts / sizeof *lefts; k++)
            for (size_t n = 0; n < sizeof incs / sizeof *incs; n++)
                for (size_t s = 0; s < sizeof stones / sizeof *stones; s++)
                    for (int pipe = 0; pipe < 2; pipe++) {
                        struct time_control tc = piped(turns[i], lefts[k]);
                        tc.increment_ms = incs[n];
                        tc.piped = pipe;
                        struct time_budget tb = timeman_budget(&tc, 225, stones[s], 1000000);
                        int b = tb.time_ms, most = tb.time_max_ms;
                        bool clock = tc.left_ms >= 0;
                        int slack = pipe ? 1 : 0;  /* through a pipe, strictly under */
                        assert_true(b >= 1);
                        if (tc.turn_ms >= 0 && b > 1)
                            assert_true(b <= tc.turn_ms - slack);
                        if (clock && b > 1)
                            assert_true(b <= tc.left_ms - slack);
                        /* The cap a move may stretch to: never below the
                         * budget, under the same limits. */
                        assert_true(most >= b);
                        if (tc.turn_ms >= 0 && most > 1)
                            assert_true(most <= tc.turn_ms - slack);
                        if (clock && most > 1)
                            assert_true(most <= tc.left_ms - slack);
                        if (!clock)
                            assert_int_equal(most, b);
                    }
}

/* With a game clock and time to spare, a move may stretch to a few budgets
 * but not to a large part of what is left. */
static void test_budget_max_stretches(void **state)
{
    (void)state;
    struct time_control tc = piped(TIMEMAN_NONE, 180000);
    struct time_budget tb = timeman_budget(&tc, 225, 0, 100000);
    assert_true(tb.time_max_ms > tb.time_ms && tb.time_max_ms <= 3 * tb.time_ms);
    assert_true(tb.time_max_ms <= 180000 / 4);
    /* A turn limit caps the stretch too. */
    tc.turn_ms = tb.time_ms + 100;
    assert_true(timeman_budget(&tc, 225, 0, 100000).time_max_ms < tb.time_ms + 100);
}

/* Moves to go, when given, replace the guess from the board; an increment
 * adds to the share, but never past what is on the clock. */
static void test_budget_moves_to_go_and_increment(void **state)
{
    (void)state;
    struct time_control tc = timeman_no_limit();
    tc.left_ms = 60000;
    assert_int_equal(timeman_budget(&tc, 225, 0, 1).time_ms, 60000 / 30);
    assert_int_equal(timeman_budget(&tc, 9, 4, 1).time_ms, 60000 / 8);
    tc.moves_to_go = 40;
    assert_int_equal(timeman_budget(&tc, 225, 0, 1).time_ms, 60000 / 40);
    tc.increment_ms = 500;
    assert_int_equal(timeman_budget(&tc, 225, 0, 1).time_ms, 60000 / 40 + 500);
    tc.left_ms = 300;
    assert_int_equal(timeman_budget(&tc, 225, 0, 1).time_ms, 300);
}

static struct tc control(const char *text)
{
    struct tc t;
    char err[256];
    if (!tc_parse(text, &t, err, sizeof err))
        fail_msg("%s: %s", text, err);
    return t;
}

/* A game's clock as the time manager sees it, for every kind, and the
 * budget it then gives never spends what would lose the game. */
static void test_from_clock(void **state)
{
    (void)state;
    struct tc t = tc_none();
    struct gameclock_side s = gameclock_start(&t);
    struct time_control c = timeman_from_clock(&t, &s);
    assert_int_equal(c.turn_ms, TIMEMAN_NONE);
    assert_int_equal(c.left_ms, TIMEMAN_NONE);

    t = control("60s/move");
    s = gameclock_running(&t, &(struct gameclock_side){ .move_ms = 60000 }, 0);
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.turn_ms, 60000);
    assert_int_equal(c.left_ms, TIMEMAN_NONE);

    t = control("3+2,10s/move");
    s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 5000));
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.turn_ms, 10000);
    assert_int_equal(c.left_ms, 177000);
    assert_int_equal(c.increment_ms, 2000);
    assert_int_equal(c.moves_to_go, 0);
    assert_false(c.piped);
    /* A move already under way: what is left now. */
    struct gameclock_side now = gameclock_running(&t, &s, 4000);
    c = timeman_from_clock(&t, &now);
    assert_int_equal(c.turn_ms, 6000);
    assert_int_equal(c.left_ms, 173000);

    /* Byo-yomi: before it, the main time and a period, the period as the
     * increment; in it, the period as the turn limit. */
    t = control("1m+3x10s");
    s = gameclock_start(&t);
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.left_ms, 70000);
    assert_int_equal(c.increment_ms, 10000);
    assert_int_equal(c.turn_ms, TIMEMAN_NONE);
    assert_false(gameclock_charge(&t, &s, 65000));
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.turn_ms, 10000);
    assert_int_equal(c.left_ms, TIMEMAN_NONE);
    t = control("0+3x10s,4s/move");
    s = gameclock_start(&t);
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.turn_ms, 4000);

    /* Canadian: before it, the main time and the period; in it, the
     * period's time and its moves. */
    t = control("1m+5/1m");
    s = gameclock_start(&t);
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.left_ms, 120000);
    assert_int_equal(c.moves_to_go, 0);
    assert_false(gameclock_charge(&t, &s, 70000));
    c = timeman_from_clock(&t, &s);
    assert_int_equal(c.left_ms, 50000);
    assert_int_equal(c.moves_to_go, 4);

    /* A fallen clock: nothing left to think with. */
    struct gameclock_side fallen = { .flagged = true };
    c = timeman_from_clock(&t, &fallen);
    assert_int_equal(c.turn_ms, 0);

    /* Every limit of a game's clock loses when reached: flagged. */
    assert_true(c.flag);
    assert_false(timeman_no_limit().flag);

    /* Played out over sixty moves a side, a search that stops at its hard
     * deadline keeps every clock from falling. */
    static const char *const controls[] = { "5s+0.1s", "1+0", "3+2,10s/move", "1m+3x10s",
                                            "0+1x2s", "1m+5/1m", "0+3/2s", "2s/move" };
    for (size_t i = 0; i < sizeof controls / sizeof *controls; i++) {
        t = control(controls[i]);
        s = gameclock_start(&t);
        for (int move = 0; move < 60; move++) {
            c = timeman_from_clock(&t, &s);
            struct time_budget b = timeman_budget(&c, 225, 2 * move, 0);
            struct timeman tm;
            timeman_start(&tm, 0, b.time_ms, b.time_max_ms, false);
            if (gameclock_charge(&t, &s, (int)tm.hard_ms))
                fail_msg("%s: move %d lost on time (hard deadline %d ms)", controls[i], move,
                         (int)tm.hard_ms);
        }
    }
}

/* The flag's reserve: 25 ms and a fortieth of the limit, that part at
 * most a second. */
static void test_flag_reserve(void **state)
{
    (void)state;
    assert_int_equal(timeman_flag_reserve(0), 25);
    assert_int_equal(timeman_flag_reserve(-1), 25);
    assert_int_equal(timeman_flag_reserve(100), 27);
    assert_int_equal(timeman_flag_reserve(1000), 50);
    assert_int_equal(timeman_flag_reserve(5000), 150);
    assert_int_equal(timeman_flag_reserve(40000), 1025);
    assert_int_equal(timeman_flag_reserve(2147483647), 1025);
}

/* On a game's clock, over a grid of limits, neither the budget nor the cap
 * comes within the flag's reserve of the turn limit or of the time left
 * (beyond the floor of 1 ms), through a pipe or not; unflagged, the same
 * limits keep all of their time as before. */
static void test_budget_keeps_the_reserve(void **state)
{
    (void)state;
    static const int turns[] = { TIMEMAN_NONE, 0, 1, 20, 26, 60, 100, 999, 1000,
                                 5000, 60000, 2147483647 };
    static const int lefts[] = { TIMEMAN_NONE, 0, 1, 20, 26, 51, 110, 999, 3000,
                                 5000, 100000, 2147483647 };
    static const int incs[] = { 0, 100, 2000 };
    static const int stones[] = { 0, 100, 224 };
    for (size_t i = 0; i < sizeof turns / sizeof *turns; i++)
        for (size_t k = 0; k < sizeof lefts / sizeof *lefts; k++)
            for (size_t n = 0; n < sizeof incs / sizeof *incs; n++)
                for (size_t s = 0; s < sizeof stones / sizeof *stones; s++)
                    for (int pipe = 0; pipe < 2; pipe++) {
                        struct time_control tc = piped(turns[i], lefts[k]);
                        tc.increment_ms = incs[n];
                        tc.piped = pipe;
                        tc.flag = true;
                        struct time_budget tb = timeman_budget(&tc, 225, stones[s], 1000);
                        assert_true(tb.time_ms >= 1 && tb.time_max_ms >= tb.time_ms);
                        if (tc.turn_ms < 0 && tc.left_ms < 0) {
                            assert_int_equal(tb.time_max_ms, 1000);  /* no clock at all */
                            continue;
                        }
                        int64_t room = INT64_MAX;
                        if (tc.turn_ms >= 0)
                            room = (int64_t)tc.turn_ms - timeman_flag_reserve(tc.turn_ms);
                        if (tc.left_ms >= 0 && (int64_t)tc.left_ms -
                                               timeman_flag_reserve(tc.left_ms) < room)
                            room = (int64_t)tc.left_ms - timeman_flag_reserve(tc.left_ms);
                        if (tb.time_max_ms > 1)
                            assert_true(tb.time_max_ms <= room);
                        if (tb.time_ms > 1)
                            assert_true(tb.time_ms <= room);
                    }
    /* At 5 s + 0.1 s with 100 ms left, the share and the increment come to
     * more than the clock holds: all of it unflagged (the protocol's
     * piped limits and a computer's own time per move keep that), less the
     * reserve flagged. */
    struct time_control tc = timeman_no_limit();
    tc.left_ms = 100;
    tc.increment_ms = 100;
    assert_int_equal(timeman_budget(&tc, 225, 40, 0).time_ms, 100);
    tc.flag = true;
    assert_int_equal(timeman_budget(&tc, 225, 40, 0).time_ms, 100 - 27);
    /* A long limit per move keeps nearly all of its time. */
    tc = piped(60000, TIMEMAN_NONE);
    tc.piped = false;
    tc.flag = true;
    assert_int_equal(timeman_budget(&tc, 225, 40, 0).time_ms, 60000 - 1025);
    tc.flag = false;
    assert_int_equal(timeman_budget(&tc, 225, 40, 0).time_ms, 60000);
}

/* A whole game on each kind of clock, each move taking the search's hard
 * deadline and then the worst overshoot measured on a loaded machine (14
 * ms) and a few milliseconds of the front end's: no flag falls, and the
 * clock's time is spent, not hoarded (the last move of a game under an
 * increment still gets most of it). A long game: 110 moves a side, or 50
 * under sudden death, which nothing tops up: every move at its hard
 * deadline takes three budgets, up to a quarter of what is left, and 1+0
 * lasts 58 moves a side so (a real search stops near its budget unless
 * the best move keeps changing). */
static void test_overhead_never_flags(void **state)
{
    (void)state;
    static const char *const controls[] = { "5s+0.1s", "2s+0.05s", "1+0", "3+2",
                                            "3+2,10s/move", "1m+3x10s", "0+1x2s", "0+1x1s",
                                            "1m+5/1m", "0+3/2s", "2s/move", "1s/move",
                                            "60s/move", "5m,30s/move" };
    for (size_t i = 0; i < sizeof controls / sizeof *controls; i++) {
        struct tc t = control(controls[i]);
        struct gameclock_side s = gameclock_start(&t);
        int last = 0;
        int moves = t.kind == TC_SUDDEN ? 50 : 110;
        for (int move = 0; move < moves; move++) {
            struct time_control c = timeman_from_clock(&t, &s);
            struct time_budget b = timeman_budget(&c, 225, 2 * move, 0);
            struct timeman tm;
            timeman_start(&tm, 0, b.time_ms, b.time_max_ms, false);
            int spent = (int)tm.hard_ms + 14 + 5;
            if (gameclock_charge(&t, &s, spent))
                fail_msg("%s: move %d lost on time (charged %d ms)", controls[i], move, spent);
            last = b.time_ms;
        }
        if (t.kind == TC_FISCHER)
            assert_true(last >= t.increment_ms / 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlines_in_order),
        cmocka_unit_test(test_turn_limit),
        cmocka_unit_test(test_game_clock),
        cmocka_unit_test(test_slices),
        cmocka_unit_test(test_slice_nodes),
        cmocka_unit_test(test_budget_defaults),
        cmocka_unit_test(test_flag_reserve),
        cmocka_unit_test(test_budget_keeps_the_reserve),
        cmocka_unit_test(test_overhead_never_flags),
        cmocka_unit_test(test_budget_never_overruns),
        cmocka_unit_test(test_budget_max_stretches),
        cmocka_unit_test(test_budget_moves_to_go_and_increment),
        cmocka_unit_test(test_from_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
