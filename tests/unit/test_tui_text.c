/* test_tui_text.c — widths in columns under a UTF-8 locale: ASCII, CJK
 * (two columns), box drawing (one), combining marks (none), broken UTF-8
 * (one a byte); cuts only at a character's edge; padding of list columns. */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tui/text.h"

static int utf8_locale(void **state)
{
    (void)state;
    return setlocale(LC_CTYPE, "C.UTF-8") != NULL ? 0 : -1;
}

static void test_widths(void **state)
{
    (void)state;
    assert_int_equal(text_width(""), 0);
    assert_int_equal(text_width("save"), 4);
    assert_int_equal(text_width("对局.sgf"), 8);
    assert_int_equal(text_width("15×15 ●○─┼"), 10);
    assert_int_equal(text_width("e\xcc\x81"), 1);        /* e + combining acute */
    assert_int_equal(text_width("a\xff" "b"), 3);        /* a broken byte: one column */
    assert_int_equal(text_width("\xe5\xaf"), 2);         /* a cut character: its bytes */
    assert_int_equal(text_width("ＸＯ！"), 6);          /* full-width forms */
}

static void test_fit_and_tail(void **state)
{
    (void)state;
    int used;
    /* "对局.sgf": 对 (3 bytes, 2 cols), 局 (3 bytes, 2 cols), then ASCII. */
    assert_int_equal(text_fit("对局.sgf", 3, &used), 3);
    assert_int_equal(used, 2);
    assert_int_equal(text_fit("对局.sgf", 4, &used), 6);
    assert_int_equal(used, 4);
    assert_int_equal(text_fit("对局.sgf", 1, &used), 0);
    assert_int_equal(used, 0);
    assert_int_equal(text_fit("abc", 10, &used), 3);
    assert_int_equal(used, 3);
    /* The end that fits: never half a character. */
    assert_string_equal("对局.sgf" + text_tail("对局.sgf", 5), ".sgf");
    assert_string_equal("对局.sgf" + text_tail("对局.sgf", 6), "局.sgf");
    assert_string_equal("abc" + text_tail("abc", 5), "abc");
}

static void test_pad(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_pad(buf, sizeof buf, "ab", 4), "ab  ");
    assert_string_equal(text_pad(buf, sizeof buf, "黑方 - 白方", 7), "黑方 - ");
    assert_string_equal(text_pad(buf, sizeof buf, "黑方", 3), "黑 ");
    assert_int_equal(text_width(text_pad(buf, sizeof buf, "人机对战 club", 9)), 9);
    /* A buffer too small: cut, still a string. */
    assert_string_equal(text_pad(buf, 4, "abcdef", 6), "abc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_widths),
        cmocka_unit_test(test_fit_and_tail),
        cmocka_unit_test(test_pad),
    };
    return cmocka_run_group_tests(tests, utf8_locale, NULL);
}
