/* test_gameclock.c — time controls as text (parsed, refused, written back)
 * and the sides' clocks under each kind: charges, flags, the running clock,
 * the time until the flag, the display, and SGF's TM/OT and BL/OB. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/gameclock.h"
#include "mnk/rng.h"

static struct tc parse_ok(const char *text)
{
    struct tc t;
    char err[256] = "";
    if (!tc_parse(text, &t, err, sizeof err))
        fail_msg("'%s' refused: %s", text, err);
    assert_true(tc_check(&t));
    return t;
}

static void assert_tc_equal(const struct tc *a, const struct tc *b)
{
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->main_ms, b->main_ms);
    assert_int_equal(a->increment_ms, b->increment_ms);
    assert_int_equal(a->periods, b->periods);
    assert_int_equal(a->period_moves, b->period_moves);
    assert_int_equal(a->period_ms, b->period_ms);
    assert_int_equal(a->move_ms, b->move_ms);
    assert_true(tc_equal(a, b));
}

static void assert_clock_equal(const struct gameclock_side *a, const struct gameclock_side *b)
{
    assert_int_equal(a->main_ms, b->main_ms);
    assert_int_equal(a->period_ms, b->period_ms);
    assert_int_equal(a->periods, b->periods);
    assert_int_equal(a->moves, b->moves);
    assert_int_equal(a->move_ms, b->move_ms);
    assert_int_equal(a->flagged, b->flagged);
}

/* Players' texts, what they mean, and the canonical text. */
static void test_parse_good(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        struct tc tc;
        const char *canonical;
    } cases[] = {
        { "3+2", { TC_FISCHER, 180000, 2000, 0, 0, 0, 0 }, "3+2" },
        { "5s+0.1s", { TC_FISCHER, 5000, 100, 0, 0, 0, 0 }, "5s+0.1s" },
        { "1+0", { TC_SUDDEN, 60000, 0, 0, 0, 0, 0 }, "1+0" },
        { "15+10", { TC_FISCHER, 900000, 10000, 0, 0, 0, 0 }, "15+10" },
        { "60s/move", { TC_MOVE, 0, 0, 0, 0, 0, 60000 }, "60s/move" },
        { "5m,30s/move", { TC_SUDDEN, 300000, 0, 0, 0, 0, 30000 }, "5+0,30s/move" },
        { "10m+5x30s", { TC_BYOYOMI, 600000, 0, 5, 0, 30000, 0 }, "10m+5x30s" },
        { "10m+10/5m", { TC_CANADIAN, 600000, 0, 0, 10, 300000, 0 }, "10m+10/5m" },
        { "none", { TC_NONE, 0, 0, 0, 0, 0, 0 }, "none" },
        { " NONE ", { TC_NONE, 0, 0, 0, 0, 0, 0 }, "none" },
        { "  3 + 2 ", { TC_FISCHER, 180000, 2000, 0, 0, 0, 0 }, "3+2" },
        { "5M", { TC_SUDDEN, 300000, 0, 0, 0, 0, 0 }, "5+0" },
        { "5", { TC_SUDDEN, 300000, 0, 0, 0, 0, 0 }, "5+0" },
        { "1h", { TC_SUDDEN, 3600000, 0, 0, 0, 0, 0 }, "60+0" },
        { "90s+2", { TC_FISCHER, 90000, 2000, 0, 0, 0, 0 }, "90s+2s" },
        { "30s", { TC_SUDDEN, 30000, 0, 0, 0, 0, 0 }, "30s+0s" },
        { "2.5+1.5", { TC_FISCHER, 150000, 1500, 0, 0, 0, 0 }, "150s+1.5s" },
        { "3+0.5", { TC_FISCHER, 180000, 500, 0, 0, 0, 0 }, "3+0.5" },
        { "0+5x30s", { TC_BYOYOMI, 0, 0, 5, 0, 30000, 0 }, "0+5x30s" },
        { "0m+1x1", { TC_BYOYOMI, 0, 0, 1, 0, 1000, 0 }, "0+1x1s" },
        { "3+2,10s/move", { TC_FISCHER, 180000, 2000, 0, 0, 0, 10000 }, "3+2,10s/move" },
        { "500ms/move", { TC_MOVE, 0, 0, 0, 0, 0, 500 }, "0.5s/move" },
        { "5min/move", { TC_MOVE, 0, 0, 0, 0, 0, 300000 }, "5m/move" },
        { "10/move", { TC_MOVE, 0, 0, 0, 0, 0, 10000 }, "10s/move" },
        { "10m+3/90s", { TC_CANADIAN, 600000, 0, 0, 3, 90000, 0 }, "10m+3/90s" },
        { "10m+10/300", { TC_CANADIAN, 600000, 0, 0, 10, 300000, 0 }, "10m+10/5m" },
        { "90s+5x1m,2m/move", { TC_BYOYOMI, 90000, 0, 5, 0, 60000, 120000 },
          "90s+5x60s,2m/move" },
        { "24h+24h", { TC_FISCHER, TC_MS_MAX, TC_MS_MAX, 0, 0, 0, 0 }, "1440+86400" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct tc t = parse_ok(cases[i].text);
        assert_tc_equal(&t, &cases[i].tc);
        char buf[TC_TEXT_MAX];
        assert_string_equal(tc_format(&t, buf, sizeof buf), cases[i].canonical);
        struct tc back = parse_ok(buf);
        assert_tc_equal(&back, &t);
    }
}

/* Bad texts are refused with a reason that names the fault, and the
 * control passed in is left as it was. */
static void test_parse_bad(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *says;
    } cases[] = {
        { "", "empty" },
        { "   ", "empty" },
        { "3+", "'' is no time" },
        { "abc", "'abc' is no time" },
        { "3y+2", "'3y' is no time" },
        { "5.m", "'5.m' is no time" },
        { "-3+2", "is no time" },
        { "0", "main time must be more than 0" },
        { "0+0", "main time must be more than 0" },
        { "10m+0x30s", "byo-yomi has 1 to 99 periods" },
        { "10m+100x30s", "byo-yomi has 1 to 99 periods" },
        { "10m+x30s", "byo-yomi has 1 to 99 periods" },
        { "10m+0/5m", "a Canadian period has 1 to 999 moves" },
        { "10m+5x0s", "an overtime period must be more than 0" },
        { "10m+5x", "is no time" },
        { "0s/move", "the limit per move must be more than 0" },
        { "3+2,0/move", "the limit per move must be more than 0" },
        { "0.0001s/move", "'0.0001s' is finer than a millisecond" },
        { "0.00001", "is finer than a millisecond" },
        { "25h", "'25h' is more than 24 hours" },
        { "99999999999999999", "more than 24 hours" },
        { "3+2,5m", "is not a time control" },
        { "3+2,1s/move,2s/move", "is not a time control" },
        { ",1s/move", "is not a time control" },
        { "3+2/move", "'move' is no time" },
        { "none+2", "is no time" },
        { "3+2+1", "is no time" },
        { "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
          "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "is not a time control" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct tc t = { TC_FISCHER, 1, 2, 3, 4, 5, 6 };
        char err[256] = "";
        if (tc_parse(cases[i].text, &t, err, sizeof err))
            fail_msg("'%s' was read", cases[i].text);
        if (strstr(err, cases[i].says) == NULL)
            fail_msg("'%s': '%s' does not say '%s'", cases[i].text, err, cases[i].says);
        assert_int_equal(t.main_ms, 1);
        assert_int_equal(t.move_ms, 6);
    }
}

/* A random well-formed control: times at every grain (ms, tenths, seconds,
 * minutes). */
static int random_time(struct rng *r, int lo)
{
    static const int grain[] = { 1, 100, 1000, 60000 };
    int g = grain[rng_below(r, 4)];
    int v = (int)rng_below(r, 200) * g;
    if (rng_below(r, 8) == 0)
        v = (int)rng_below(r, TC_MS_MAX) + 1;
    return v < lo ? lo : v;
}

static struct tc random_tc(struct rng *r)
{
    struct tc t = tc_none();
    t.kind = (enum tc_kind)rng_below(r, 6);
    switch (t.kind) {
    case TC_NONE:
        return t;
    case TC_MOVE:
        t.move_ms = random_time(r, 1);
        return t;
    case TC_SUDDEN:
        t.main_ms = random_time(r, 1);
        break;
    case TC_FISCHER:
        t.main_ms = random_time(r, 1);
        t.increment_ms = random_time(r, 1);
        break;
    case TC_BYOYOMI:
        t.main_ms = random_time(r, 0);
        t.periods = (int)rng_below(r, TC_PERIODS_MAX) + 1;
        t.period_ms = random_time(r, 1);
        break;
    case TC_CANADIAN:
        t.main_ms = random_time(r, 0);
        t.period_moves = (int)rng_below(r, TC_MOVES_MAX) + 1;
        t.period_ms = random_time(r, 1);
        break;
    }
    if (rng_below(r, 3) == 0)
        t.move_ms = random_time(r, 1);
    return t;
}

/* parse(format(x)) == x, and the text fits TC_TEXT_MAX; SGF's TM and OT
 * say the same control. */
static void test_round_trip(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 66);
    for (int i = 0; i < 20000; i++) {
        struct tc t = random_tc(&r);
        assert_true(tc_check(&t));
        char buf[TC_TEXT_MAX + 8];
        tc_format(&t, buf, sizeof buf);
        assert_true(strlen(buf) < TC_TEXT_MAX);
        struct tc back = parse_ok(buf);
        if (!tc_equal(&back, &t))
            fail_msg("'%s' read back as another control", buf);

        char tm[32], ot[TC_TEXT_MAX], err[256];
        tc_to_sgf(&t, tm, sizeof tm, ot, sizeof ot);
        assert_true(tc_from_sgf(tm[0] ? tm : NULL, ot[0] ? ot : NULL, &back, err, sizeof err));
        if (!tc_equal(&back, &t))
            fail_msg("TM[%s]OT[%s] read back as another control", tm, ot);
    }
}

static void test_check(void **state)
{
    (void)state;
    struct tc none = tc_none();
    assert_true(tc_check(&none));
    assert_false(tc_has_game_clock(&none));
    struct tc t = { TC_FISCHER, 60000, 0, 0, 0, 0, 0 };
    assert_false(tc_check(&t));   /* Fischer without an increment is sudden death */
    t = (struct tc){ TC_SUDDEN, 60000, 0, 1, 0, 0, 0 };
    assert_false(tc_check(&t));   /* a field the kind does not use */
    t = (struct tc){ TC_SUDDEN, TC_MS_MAX + 1, 0, 0, 0, 0, 0 };
    assert_false(tc_check(&t));
    t = (struct tc){ TC_MOVE, 0, 0, 0, 0, 0, 0 };
    assert_false(tc_check(&t));
    t = (struct tc){ TC_BYOYOMI, 0, 0, 5, 0, 30000, -1 };
    assert_false(tc_check(&t));
    t = (struct tc){ (enum tc_kind)17, 0, 0, 0, 0, 0, 0 };
    assert_false(tc_check(&t));
    t = (struct tc){ TC_CANADIAN, 0, 0, 0, 10, 1, 0 };
    assert_true(tc_check(&t));
    assert_true(tc_has_game_clock(&t));
}

/* Fischer: the increment comes after each move in time; the flag falls at
 * exactly 0, and then no increment saves it. */
static void test_fischer(void **state)
{
    (void)state;
    struct tc t = parse_ok("3+2");
    struct gameclock_side s = gameclock_start(&t);
    assert_int_equal(s.main_ms, 180000);
    assert_false(gameclock_charge(&t, &s, 10000));
    assert_int_equal(s.main_ms, 172000);
    assert_false(gameclock_charge(&t, &s, 0));
    assert_int_equal(s.main_ms, 174000);
    assert_false(gameclock_charge(&t, &s, -50));   /* counts as 0 */
    assert_int_equal(s.main_ms, 176000);
    assert_false(gameclock_charge(&t, &s, 175999));
    assert_int_equal(s.main_ms, 1 + 2000);
    struct gameclock_side at = s;
    assert_true(gameclock_charge(&t, &at, 2001));
    assert_true(at.flagged);
    assert_int_equal(at.main_ms, 0);
    assert_true(gameclock_charge(&t, &at, 0));   /* fallen stays fallen */
    assert_false(gameclock_charge(&t, &s, 2000));
    assert_int_equal(s.main_ms, 2001);
    /* The increments never take a clock past its bound. */
    struct tc big = parse_ok("24h+24h");
    struct gameclock_side b = gameclock_start(&big);
    for (int i = 0; i < 50; i++)
        assert_false(gameclock_charge(&big, &b, 0));
    assert_int_equal(b.main_ms, GAMECLOCK_MS_MAX);
}

static void test_sudden_death_and_limit(void **state)
{
    (void)state;
    struct tc t = parse_ok("1+0");
    struct gameclock_side s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 59999));
    assert_int_equal(s.main_ms, 1);
    struct gameclock_side late = s;
    assert_true(gameclock_charge(&t, &late, 1));

    /* A limit per move alone: a move of the whole limit is too late. */
    t = parse_ok("60s/move");
    s = gameclock_start(&t);
    assert_int_equal(s.move_ms, 60000);
    for (int i = 0; i < 100; i++)
        assert_false(gameclock_charge(&t, &s, 59999));
    assert_int_equal(s.move_ms, 60000);
    assert_true(gameclock_charge(&t, &s, 60000));
    assert_true(s.flagged);

    /* With a game clock: the limit loses even with time on the clock, and
     * the clock loses even within the limit. */
    t = parse_ok("5m,30s/move");
    s = gameclock_start(&t);
    late = s;
    assert_true(gameclock_charge(&t, &late, 30000));
    for (int i = 0; i < 10; i++)
        assert_false(gameclock_charge(&t, &s, 29000));
    assert_int_equal(s.main_ms, 300000 - 290000);
    assert_int_equal(s.move_ms, 30000);
    assert_true(gameclock_charge(&t, &s, 10000));
}

/* Byo-yomi: a period is used up only by a move as long as it; a move
 * inside it leaves a whole period for the next; one long move can use
 * several; past the last one, the flag. */
static void test_byoyomi(void **state)
{
    (void)state;
    struct tc t = parse_ok("1m+3x10s");
    struct gameclock_side s = gameclock_start(&t);
    assert_int_equal(s.periods, 3);
    assert_int_equal(s.period_ms, 10000);
    assert_false(gameclock_in_overtime(&t, &s));
    assert_false(gameclock_charge(&t, &s, 50000));
    assert_int_equal(s.main_ms, 10000);
    /* Past the main time, but inside the first period. */
    assert_false(gameclock_charge(&t, &s, 15000));
    assert_int_equal(s.main_ms, 0);
    assert_true(gameclock_in_overtime(&t, &s));
    assert_int_equal(s.periods, 3);
    assert_int_equal(s.period_ms, 10000);
    assert_false(gameclock_charge(&t, &s, 9999));
    assert_int_equal(s.periods, 3);
    assert_int_equal(s.period_ms, 10000);   /* the period starts again */
    assert_false(gameclock_charge(&t, &s, 10000));
    assert_int_equal(s.periods, 2);
    assert_int_equal(s.period_ms, 10000);
    struct gameclock_side two = s;
    assert_false(gameclock_charge(&t, &two, 19999));   /* one more used */
    assert_int_equal(two.periods, 1);
    two = s;
    assert_true(gameclock_charge(&t, &two, 20000));    /* both used: flag */
    assert_true(two.flagged);
    /* A move that ends exactly with the main time is the overtime's first,
     * and uses no period. */
    s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 60000));
    assert_true(gameclock_in_overtime(&t, &s));
    assert_int_equal(s.periods, 3);
    /* One long move through the main time and two periods. */
    s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 60000 + 25000));
    assert_int_equal(s.periods, 1);
    s = gameclock_start(&t);
    assert_true(gameclock_charge(&t, &s, 60000 + 30000));
}

/* Canadian: the period's moves made in its time renew it; its time gone
 * first, the flag. */
static void test_canadian(void **state)
{
    (void)state;
    struct tc t = parse_ok("1m+2/20s");
    struct gameclock_side s = gameclock_start(&t);
    assert_int_equal(s.moves, 2);
    assert_int_equal(s.period_ms, 20000);
    assert_false(gameclock_charge(&t, &s, 60000));   /* the overtime's first move */
    assert_true(gameclock_in_overtime(&t, &s));
    assert_int_equal(s.moves, 1);
    assert_int_equal(s.period_ms, 20000);
    assert_false(gameclock_charge(&t, &s, 15000));   /* the period's last: renewed */
    assert_int_equal(s.moves, 2);
    assert_int_equal(s.period_ms, 20000);
    assert_false(gameclock_charge(&t, &s, 12000));
    assert_int_equal(s.moves, 1);
    assert_int_equal(s.period_ms, 8000);
    struct gameclock_side late = s;
    assert_true(gameclock_charge(&t, &late, 8000));
    assert_false(gameclock_charge(&t, &s, 7999));
    assert_int_equal(s.moves, 2);
    assert_int_equal(s.period_ms, 20000);
    /* Spilling over from the main time counts against the period. */
    s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 70000));
    assert_int_equal(s.period_ms, 10000);
    assert_int_equal(s.moves, 1);
}

/* Without a clock nothing ever falls. */
static void test_no_clock(void **state)
{
    (void)state;
    struct tc t = tc_none();
    struct gameclock_side s = gameclock_start(&t);
    assert_false(gameclock_charge(&t, &s, 1 << 30));
    assert_false(s.flagged);
    assert_true(gameclock_until_flag(&t, &s, 1 << 30) == GAMECLOCK_NEVER);
    assert_int_equal(gameclock_shown_ms(&t, &s), -1);
    int left, count;
    assert_false(gameclock_to_sgf(&t, &s, &left, &count));
}

/* The running clock, the time until the flag and the charge agree: the
 * flag falls at the same millisecond for all three, for every kind. */
static void test_running_agrees_with_charge(void **state)
{
    (void)state;
    static const char *const controls[] = { "3+2", "1+0", "60s/move", "5m,30s/move",
                                            "1m+3x10s", "0+2x5s", "1m+2/20s", "0+1/3s",
                                            "10s+1s,3s/move", "20s+3x4s,9s/move" };
    struct rng r;
    rng_seed(&r, 5);
    for (size_t c = 0; c < sizeof controls / sizeof *controls; c++) {
        struct tc t = parse_ok(controls[c]);
        struct gameclock_side s = gameclock_start(&t);
        for (int move = 0; move < 40 && !s.flagged; move++) {
            int64_t until = gameclock_until_flag(&t, &s, 0);
            assert_true(until > 0);
            int probes[] = { 0, 1, 999, 5000, 9999, 10000, 25000, (int)until - 1, (int)until,
                             (int)until + 1 };
            for (size_t p = 0; p < sizeof probes / sizeof *probes; p++) {
                int e = probes[p];
                struct gameclock_side charged = s;
                bool fell = gameclock_charge(&t, &charged, e);
                struct gameclock_side now = gameclock_running(&t, &s, e);
                int64_t left = gameclock_until_flag(&t, &s, e);
                assert_int_equal(fell, e >= until);
                assert_int_equal(now.flagged, fell);
                assert_true(left == (e >= until ? 0 : until - e));
                /* The running clock's own time to the flag, from now. */
                if (!fell && !t.move_ms)
                    assert_true(gameclock_until_flag(&t, &now, 0) == until - e);
                if (fell)
                    assert_int_equal(gameclock_shown_ms(&t, &now), 0);
            }
            gameclock_charge(&t, &s, (int)rng_below(&r, (uint32_t)(until < 20000 ? until + 500
                                                                              : 20000)));
        }
    }
}

/* The running byo-yomi clock counts the used periods off. */
static void test_running_overtime(void **state)
{
    (void)state;
    struct tc t = parse_ok("1m+3x10s");
    struct gameclock_side s = gameclock_start(&t);
    struct gameclock_side now = gameclock_running(&t, &s, 30000);
    assert_int_equal(now.main_ms, 30000);
    assert_int_equal(gameclock_shown_ms(&t, &now), 30000);
    now = gameclock_running(&t, &s, 60000 + 25000);
    assert_true(gameclock_in_overtime(&t, &now));
    assert_int_equal(now.periods, 1);
    assert_int_equal(now.period_ms, 5000);
    assert_int_equal(gameclock_shown_ms(&t, &now), 5000);
    assert_true(gameclock_until_flag(&t, &s, 60000 + 25000) == 5000);

    t = parse_ok("0+2/20s");
    s = gameclock_start(&t);
    now = gameclock_running(&t, &s, 5000);
    assert_int_equal(now.period_ms, 15000);
    assert_int_equal(now.moves, 2);
    assert_int_equal(gameclock_shown_ms(&t, &now), 15000);

    t = parse_ok("60s/move");
    s = gameclock_start(&t);
    now = gameclock_running(&t, &s, 45500);
    assert_int_equal(gameclock_shown_ms(&t, &now), 14500);
}

static void test_format_clock(void **state)
{
    (void)state;
    static const struct {
        int64_t ms;
        const char *text;
    } cases[] = {
        { 0, "0:00.0" },       { 99, "0:00.0" },      { 100, "0:00.1" },
        { 9999, "0:09.9" },    { 10000, "0:10" },     { 59999, "0:59" },
        { 61000, "1:01" },     { 180000, "3:00" },    { 3599999, "59:59" },
        { 3600000, "1:00:00" }, { 36061000, "10:01:01" }, { -5, "0:00.0" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char buf[16];
        assert_string_equal(gameclock_format(cases[i].ms, buf, sizeof buf), cases[i].text);
    }
}

static void test_seconds(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int ms;
    } good[] = { { "180", 180000 }, { "179.5", 179500 }, { "0.1", 100 }, { "0", 0 },
                 { " 12.3456 ", 12346 }, { "1.0004", 1000 }, { "1000000", 1000000000 } };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        int ms = -1;
        assert_true(tc_parse_seconds(good[i].text, &ms));
        assert_int_equal(ms, good[i].ms);
    }
    static const char *const bad[] = { "", "abc", "-5", "5.", ".5", "1e3", "5s", "1000001",
                                       "99999999999999999999" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int ms = 7;
        if (tc_parse_seconds(bad[i], &ms))
            fail_msg("'%s' read as seconds", bad[i]);
        assert_int_equal(ms, 7);
    }
    char buf[24];
    assert_string_equal(tc_format_seconds(180000, buf, sizeof buf), "180");
    assert_string_equal(tc_format_seconds(179500, buf, sizeof buf), "179.5");
    assert_string_equal(tc_format_seconds(100, buf, sizeof buf), "0.1");
    assert_string_equal(tc_format_seconds(1, buf, sizeof buf), "0.001");
    assert_string_equal(tc_format_seconds(0, buf, sizeof buf), "0");
}

/* TM and OT as mnk writes them, as other forms say them, and refused. */
static void test_sgf_control(void **state)
{
    (void)state;
    char tm[32], ot[TC_TEXT_MAX], err[256];
    struct tc t = parse_ok("3+2"), back;
    tc_to_sgf(&t, tm, sizeof tm, ot, sizeof ot);
    assert_string_equal(tm, "180");
    assert_string_equal(ot, "3+2");
    t = parse_ok("10m");
    tc_to_sgf(&t, tm, sizeof tm, ot, sizeof ot);
    assert_string_equal(tm, "600");
    assert_string_equal(ot, "");
    t = parse_ok("60s/move");
    tc_to_sgf(&t, tm, sizeof tm, ot, sizeof ot);
    assert_string_equal(tm, "");
    assert_string_equal(ot, "60s/move");

    assert_true(tc_from_sgf(NULL, NULL, &back, err, sizeof err));
    assert_int_equal(back.kind, TC_NONE);
    assert_true(tc_from_sgf("300", NULL, &back, err, sizeof err));
    t = parse_ok("5+0");
    assert_tc_equal(&back, &t);
    assert_true(tc_from_sgf("600", "+5x30s", &back, err, sizeof err));
    t = parse_ok("10m+5x30s");
    assert_tc_equal(&back, &t);
    assert_true(tc_from_sgf("90.5", "+2,10s/move", &back, err, sizeof err));
    t = parse_ok("90.5s+2s,10s/move");
    assert_tc_equal(&back, &t);

    assert_false(tc_from_sgf("-5", NULL, &back, err, sizeof err));
    assert_non_null(strstr(err, "TM[-5]"));
    assert_false(tc_from_sgf("abc", "3+2", &back, err, sizeof err));
    assert_non_null(strstr(err, "TM[abc]"));
    assert_false(tc_from_sgf("0", NULL, &back, err, sizeof err));
    assert_false(tc_from_sgf("100000", NULL, &back, err, sizeof err));   /* over 24 h */
    assert_false(tc_from_sgf("120", "3+2", &back, err, sizeof err));
    assert_non_null(strstr(err, "OT[3+2]"));
    assert_false(tc_from_sgf(NULL, "+5x30s", &back, err, sizeof err));
    assert_false(tc_from_sgf("600", "5x30 byo-yomi", &back, err, sizeof err));
    assert_non_null(strstr(err, "OT[5x30 byo-yomi]"));
}

/* BL/OB after each move say the clock exactly, for every kind, in main
 * time and overtime; impossible ones are refused. */
static void test_sgf_clock(void **state)
{
    (void)state;
    static const char *const controls[] = { "3+2", "1+0", "5m,30s/move", "1m+3x10s",
                                            "0+2x5s", "1m+2/20s", "0+1/3s" };
    struct rng r;
    rng_seed(&r, 9);
    for (size_t c = 0; c < sizeof controls / sizeof *controls; c++) {
        struct tc t = parse_ok(controls[c]);
        struct gameclock_side s = gameclock_start(&t);
        for (int move = 0; move < 60; move++) {
            struct gameclock_side next = s;
            int64_t until = gameclock_until_flag(&t, &s, 0);
            int spent = (int)rng_below(&r, (uint32_t)(until > 12000 ? 12000 : until));
            if (gameclock_charge(&t, &next, spent))
                break;
            s = next;
            int left, count;
            assert_true(gameclock_to_sgf(&t, &s, &left, &count));
            assert_int_equal(count >= 0, gameclock_in_overtime(&t, &s));
            struct gameclock_side back;
            assert_true(gameclock_from_sgf(&t, left, count, &back));
            assert_clock_equal(&back, &s);
        }
    }
    struct tc t = parse_ok("1m+3x10s");
    struct gameclock_side s;
    assert_false(gameclock_from_sgf(&t, 10000, 4, &s));   /* more periods than 3 */
    assert_false(gameclock_from_sgf(&t, 10000, 0, &s));
    assert_false(gameclock_from_sgf(&t, 11000, 2, &s));   /* a period longer than 10 s */
    assert_false(gameclock_from_sgf(&t, -1, -1, &s));
    assert_true(gameclock_from_sgf(&t, -1, 2, &s));
    assert_int_equal(s.periods, 2);
    t = parse_ok("3+2");
    assert_false(gameclock_from_sgf(&t, 0, -1, &s));      /* 0 left is a flag */
    assert_false(gameclock_from_sgf(&t, 1000, 1, &s));
    assert_false(gameclock_from_sgf(&t, GAMECLOCK_MS_MAX + 1, -1, &s));
    t = parse_ok("1m+2/20s");
    assert_false(gameclock_from_sgf(&t, -1, 1, &s));      /* the period's time is needed */
    assert_false(gameclock_from_sgf(&t, 21000, 1, &s));
    assert_false(gameclock_from_sgf(&t, 5000, 3, &s));
    t = parse_ok("60s/move");
    assert_false(gameclock_from_sgf(&t, 5000, -1, &s));   /* no game clock */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_good),
        cmocka_unit_test(test_parse_bad),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_fischer),
        cmocka_unit_test(test_sudden_death_and_limit),
        cmocka_unit_test(test_byoyomi),
        cmocka_unit_test(test_canadian),
        cmocka_unit_test(test_no_clock),
        cmocka_unit_test(test_running_agrees_with_charge),
        cmocka_unit_test(test_running_overtime),
        cmocka_unit_test(test_format_clock),
        cmocka_unit_test(test_seconds),
        cmocka_unit_test(test_sgf_control),
        cmocka_unit_test(test_sgf_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
