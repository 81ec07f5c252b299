/* test_utf8.c — drawable UTF-8: shortest forms decode, overlong forms,
 * surrogates, truncated sequences and stray continuation bytes do not;
 * controls of every kind a terminal obeys are found where they are. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/utf8.h"

static long decode(const char *s, size_t *used)
{
    return utf8_next((const unsigned char *)s, strlen(s), used);
}

static void test_next(void **state)
{
    (void)state;
    size_t used = 0;
    assert_int_equal(decode("a", &used), 'a');
    assert_int_equal(used, 1);
    assert_int_equal(decode("\xc3\xa9", &used), 0xe9);
    assert_int_equal(used, 2);
    assert_int_equal(decode("\xe5\xbc\xa0", &used), 0x5f20);   /* 张 */
    assert_int_equal(used, 3);
    assert_int_equal(decode("\xf0\x9f\x98\x80", &used), 0x1f600);
    assert_int_equal(used, 4);
    static const char *const bad[] = {
        "\xc0\xaf",          /* overlong '/' */
        "\xe0\x80\xaf",      /* overlong again */
        "\xed\xa0\x80",      /* a surrogate */
        "\xf4\x90\x80\x80",  /* past U+10FFFF */
        "\x80",              /* a continuation byte alone */
        "\xe5\xbc",          /* cut short */
        "\xe5" "a" "\xa0",   /* interrupted */
        "\xff",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(decode(bad[i], &used), -1);
}

static void test_first_bad(void **state)
{
    (void)state;
    long cp = 0;
    const char *fine = "ann \xe5\xbc\xa0\xe4\xb8\x89 \xf0\x9f\x98\x80!";
    assert_int_equal(utf8_first_bad(fine, strlen(fine), &cp), strlen(fine));
    assert_int_equal(utf8_first_bad("", 0, &cp), 0);
    static const struct { const char *text; size_t at; long cp; } cases[] = {
        { "ab\x1b[2J", 2, 0x1b },               /* ESC */
        { "tab\there", 3, '\t' },
        { "del\x7f", 3, 0x7f },
        { "c1\xc2\x9b" "2J", 2, 0x9b },          /* CSI as one character */
        { "\xe2\x80\xae" "evil", 0, 0x202e },      /* right-to-left override */
        { "x\xe2\x81\xa6y", 1, 0x2066 },        /* an isolate */
        { "\xef\xbb\xbfhi", 0, 0xfeff },        /* byte-order mark */
        { "line\xe2\x80\xa8", 4, 0x2028 },
        { "\xe5\xbc\xa0\xc0\xaf", 3, -1 },      /* invalid after a good one */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cp = 0;
        assert_int_equal(utf8_first_bad(cases[i].text, strlen(cases[i].text), &cp), cases[i].at);
        assert_int_equal(cp, cases[i].cp);
    }
    /* A NUL inside the length counts as a control. */
    assert_int_equal(utf8_first_bad("a\0b", 3, &cp), 1);
    assert_int_equal(cp, 0);
    assert_true(utf8_is_control(0));
    assert_false(utf8_is_control(0xa0));
    assert_false(utf8_is_control(' '));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next),
        cmocka_unit_test(test_first_bad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
