/* test_tui_setup.c — the new-game form's model: presets, clamping, typed
 * digits, and the game config it produces. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/ai.h"
#include "mnk/level.h"
#include "tui/setup.h"

static void type(struct setup *s, enum setup_field f, const char *digits)
{
    for (const char *d = digits; *d != '\0'; d++)
        setup_digit(s, f, *d - '0');
    setup_commit(s);
}

static void test_default_is_gomoku(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    assert_int_equal(s.width, 15);
    assert_int_equal(s.height, 15);
    assert_int_equal(s.win, 5);
    assert_string_equal(setup_presets[s.preset].name, "Gomoku");
    assert_int_equal(s.side[0], 0);
    /* White is the computer at a middle level, not the strongest. */
    assert_ptr_equal(level_at(s.side[1] - 1), level_default());
    assert_true(s.side[1] > 1 && s.side[1] < level_count());
}

static void test_presets_step_and_stop_at_ends(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    for (int i = 0; i < 20; i++)
        setup_step(&s, SETUP_PRESET, -1);
    assert_int_equal(s.preset, 0);
    assert_int_equal(s.width, 3);
    assert_int_equal(s.win, 3);
    setup_step(&s, SETUP_PRESET, 1);
    assert_int_equal(s.width, 4);
    assert_int_equal(s.win, 4);
    for (int i = 0; i < 20; i++)
        setup_step(&s, SETUP_PRESET, 1);
    assert_null(setup_presets[s.preset].name); /* Custom, the last entry */
    assert_int_equal(s.width, 19);             /* keeps the size it had */
}

static void test_sizes_clamp_and_win_follows(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_WIDTH, 1);
    assert_int_equal(s.width, 26);
    assert_null(setup_presets[s.preset].name);
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_WIN, 1);
    assert_int_equal(s.win, 26); /* the longer side */
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_WIDTH, -1);
    assert_int_equal(s.width, 3);
    assert_int_equal(s.win, 15); /* shrank with the board: max(3, 15) */
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_HEIGHT, -1);
    assert_int_equal(s.height, 3);
    assert_int_equal(s.win, 3);
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_WIN, -1);
    assert_int_equal(s.win, 3);
    assert_string_equal(setup_presets[s.preset].name, "Tic-tac-toe");
}

static void test_typed_digits(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    type(&s, SETUP_WIDTH, "19");
    assert_int_equal(s.width, 19);
    type(&s, SETUP_WIDTH, "7");       /* 70 > 26: complete at once */
    assert_int_equal(s.width, 7);
    setup_digit(&s, SETUP_HEIGHT, 2); /* could still become 20..26 */
    assert_int_equal(s.typed_field, SETUP_HEIGHT);
    assert_int_equal(s.height, 15);   /* nothing applied before the commit */
    setup_digit(&s, SETUP_HEIGHT, 9); /* 29 > 26: a new number, 9 */
    setup_commit(&s);
    assert_int_equal(s.height, 9);
    type(&s, SETUP_HEIGHT, "1");      /* below the minimum: clamped */
    assert_int_equal(s.height, 3);
    type(&s, SETUP_WIN, "9");         /* above max(7, 3) */
    assert_int_equal(s.win, 7);
    type(&s, SETUP_RULE, "5");        /* not a number field: ignored */
    assert_int_equal(s.rule, RULE_FREESTYLE);
    assert_int_equal(s.typed_field, SETUP_FIELDS);
}

static void test_erase(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    setup_digit(&s, SETUP_WIDTH, 2);
    setup_erase(&s);                 /* back to nothing typed */
    assert_int_equal(s.typed_field, SETUP_FIELDS);
    setup_commit(&s);
    assert_int_equal(s.width, 15);   /* untouched */
    setup_digit(&s, SETUP_HEIGHT, 1);
    setup_erase(&s);
    setup_digit(&s, SETUP_HEIGHT, 2);
    setup_digit(&s, SETUP_HEIGHT, 2);
    assert_int_equal(s.height, 22);  /* "1", erased, then "22" */
    setup_erase(&s);                 /* nothing being typed: no effect */
    assert_int_equal(s.height, 22);
}

static void test_typing_then_moving_commits(void **state)
{
    (void)state;
    struct setup s;
    setup_default(&s);
    setup_digit(&s, SETUP_WIDTH, 2);
    setup_step(&s, SETUP_HEIGHT, 1); /* another field: 2 is committed, clamped */
    assert_int_equal(s.width, 3);
    assert_int_equal(s.height, 16);
    assert_int_equal(s.typed_field, SETUP_FIELDS);
}

static void test_players_and_config(void **state)
{
    (void)state;
    struct setup s;
    struct game_config c;
    setup_default(&s);
    for (int i = 0; i < 20; i++)
        setup_step(&s, SETUP_WHITE, -1);
    assert_int_equal(s.side[1], 0);
    setup_step(&s, SETUP_WHITE, 1);
    assert_int_equal(s.side[1], 1);
    setup_step(&s, SETUP_RULE, 1);
    setup_config(&s, &c, 42);
    assert_int_equal(c.rule, RULE_EXACT);
    assert_int_equal(c.player[0].kind, PLAYER_HUMAN);
    assert_int_equal(c.player[1].kind, PLAYER_COMPUTER);
    /* Players name their level; the level's budget is not copied. */
    assert_string_equal(c.player[1].spec, level_at(0)->name);
    assert_int_equal(c.player[1].time_ms, 0);
    assert_int_equal(c.player[1].seed, 43);
    for (int i = 0; i < 20; i++)
        setup_step(&s, SETUP_BLACK, 1);
    assert_int_equal(s.side[0], level_count());

    struct setup back;
    setup_config(&s, &c, 1);
    setup_from_config(&back, &c);
    assert_int_equal(back.side[0], s.side[0]);
    assert_int_equal(back.side[1], s.side[1]);
    assert_int_equal(back.width, s.width);
    assert_int_equal(back.rule, RULE_EXACT);
}

/* The rule row goes through all four rules and stops at the ends; every
 * form it leaves is a game game_init accepts. */
static void test_rules_step_and_stop_at_ends(void **state)
{
    (void)state;
    static const enum rule order[] = { RULE_FREESTYLE, RULE_EXACT, RULE_RENJU, RULE_CARO };
    struct setup s;
    struct game_config c;
    struct game g;
    setup_default(&s);
    for (int i = 0; i < 6; i++)
        setup_step(&s, SETUP_RULE, -1);
    assert_int_equal(s.rule, RULE_FREESTYLE);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(s.rule, order[i < 4 ? i : 3]);
        setup_config(&s, &c, 1);
        assert_null(game_init(&g, &c));
        setup_step(&s, SETUP_RULE, 1);
    }
    assert_int_equal(s.rule, RULE_CARO);
    for (int i = 3; i >= 0; i--) {
        assert_int_equal(s.rule, order[i]);
        setup_step(&s, SETUP_RULE, -1);
    }
    assert_int_equal(s.rule, RULE_FREESTYLE);
}

/* Renju is five in a row: choosing it makes k = 5 (on 15 × 15 when the
 * board could not hold five), k stays 5 however it is changed or typed, no
 * side shrinks the board below five, and a preset of another k leaves
 * renju for freestyle. */
static void test_renju_is_five(void **state)
{
    (void)state;
    struct setup s;
    struct game_config c;
    struct game g;
    setup_default(&s);
    setup_step(&s, SETUP_PRESET, -1);      /* 7×7 k=4 */
    assert_int_equal(s.win, 4);
    setup_step(&s, SETUP_RULE, 1);
    setup_step(&s, SETUP_RULE, 1);
    assert_int_equal(s.rule, RULE_RENJU);
    assert_int_equal(s.win, 5);
    assert_int_equal(s.width, 7);          /* the board holds five: kept */
    setup_step(&s, SETUP_WIN, 1);
    setup_step(&s, SETUP_WIN, -1);
    type(&s, SETUP_WIN, "4");
    assert_int_equal(s.win, 5);
    assert_int_equal(setup_min(&s, SETUP_WIN), 5);
    assert_int_equal(setup_max(&s, SETUP_WIN), 5);
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_WIDTH, -1);
    assert_int_equal(s.width, 3);          /* the height holds five */
    for (int i = 0; i < 30; i++)
        setup_step(&s, SETUP_HEIGHT, -1);
    assert_int_equal(s.height, 5);
    type(&s, SETUP_HEIGHT, "4");
    assert_int_equal(s.height, 5);
    setup_config(&s, &c, 1);
    assert_null(game_init(&g, &c));

    /* Tic-tac-toe is no renju. */
    for (int i = 0; i < 20; i++)
        setup_step(&s, SETUP_PRESET, -1);
    assert_int_equal(s.rule, RULE_FREESTYLE);
    assert_int_equal(s.win, 3);
    /* And renju on 3×3 is renju on 15×15. */
    setup_step(&s, SETUP_RULE, 1);
    setup_step(&s, SETUP_RULE, 1);
    assert_int_equal(s.rule, RULE_RENJU);
    assert_int_equal(s.width, 15);
    assert_int_equal(s.height, 15);
    assert_int_equal(s.win, 5);
    assert_string_equal(setup_presets[s.preset].name, "Gomoku");
    /* Gomoku presets keep renju. */
    setup_step(&s, SETUP_PRESET, 1);
    assert_int_equal(s.rule, RULE_RENJU);
    assert_int_equal(s.width, 19);
}

/* A game started with a strategy named directly (--white search) shows in
 * the form as the strongest level playing it; an unknown name as the
 * default level. */
static void test_form_from_strategy(void **state)
{
    (void)state;
    struct game_config c;
    struct setup s;
    game_config_default(&c);
    c.player[0].kind = PLAYER_COMPUTER;
    strcpy(c.player[0].spec, "search");
    c.player[1].kind = PLAYER_COMPUTER;
    strcpy(c.player[1].spec, "engine:whatever");
    setup_from_config(&s, &c);
    const struct level *black = level_at(s.side[0] - 1);
    assert_string_equal(black->strategy, "search");
    for (int i = s.side[0]; i < level_count(); i++)
        assert_string_not_equal(level_at(i)->strategy, "search");
    assert_ptr_equal(level_at(s.side[1] - 1), level_default());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_is_gomoku),
        cmocka_unit_test(test_presets_step_and_stop_at_ends),
        cmocka_unit_test(test_sizes_clamp_and_win_follows),
        cmocka_unit_test(test_typed_digits),
        cmocka_unit_test(test_erase),
        cmocka_unit_test(test_typing_then_moving_commits),
        cmocka_unit_test(test_players_and_config),
        cmocka_unit_test(test_form_from_strategy),
        cmocka_unit_test(test_rules_step_and_stop_at_ends),
        cmocka_unit_test(test_renju_is_five),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
