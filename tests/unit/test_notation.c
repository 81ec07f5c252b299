/* test_notation.c — cell names and size strings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mnk/notation.h"

static void test_centre_of_15(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    char buf[NOTATION_MAX];
    assert_string_equal(notation_format(&b, board_pos(&b, 7, 7), buf), "h8");
    assert_string_equal(notation_format(&b, board_pos(&b, 0, 14), buf), "a1");
    assert_string_equal(notation_format(&b, board_pos(&b, 14, 0), buf), "o15");
    int pos;
    assert_true(notation_parse(&b, "h8", &pos));
    assert_int_equal(pos, board_pos(&b, 7, 7));
    assert_true(notation_parse(&b, "  A1 ", &pos));
    assert_int_equal(pos, board_pos(&b, 0, 14));
}

static void test_round_trip_every_cell(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 26, 19, 5, RULE_FREESTYLE);
    char buf[NOTATION_MAX];
    for (int p = 0; p < board_cells(&b); p++) {
        int back = -1;
        assert_true(notation_parse(&b, notation_format(&b, p, buf), &back));
        assert_int_equal(back, p);
    }
    assert_string_equal(notation_format(&b, board_pos(&b, 25, 0), buf), "z19");
}

static void test_bad_cells(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    int pos = -7;
    const char *bad[] = { "", "h", "8", "h0", "h16", "p1", "h8x", "hh8", "h-1",
                          "h 8", "h0008", "*8" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(notation_parse(&b, bad[i], &pos));
    assert_int_equal(pos, -7);
}

static void test_sizes(void **state)
{
    (void)state;
    int w = 0, h = 0;
    assert_true(notation_parse_size("15", &w, &h));
    assert_int_equal(w, 15);
    assert_int_equal(h, 15);
    assert_true(notation_parse_size("7x4", &w, &h));
    assert_int_equal(w, 7);
    assert_int_equal(h, 4);
    assert_true(notation_parse_size("19\xc3\x97" "9", &w, &h));
    assert_int_equal(w, 19);
    assert_int_equal(h, 9);
    assert_false(notation_parse_size("", &w, &h));
    assert_false(notation_parse_size("x5", &w, &h));
    assert_false(notation_parse_size("5x", &w, &h));
    assert_false(notation_parse_size("5x5x5", &w, &h));
    assert_false(notation_parse_size("abc", &w, &h));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_centre_of_15),
        cmocka_unit_test(test_round_trip_every_cell),
        cmocka_unit_test(test_bad_cells),
        cmocka_unit_test(test_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
