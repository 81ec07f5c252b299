/* test_tui_text.c — widths in columns under a UTF-8 locale: ASCII, CJK
 * (two columns), box drawing (one), combining marks (none), broken UTF-8
 * (one a byte); cuts only at a character's edge; wrapping between words
 * (at spaces, between Chinese characters), in columns; padding of list
 * columns, left and right; names cut in the middle keeping their extension;
 * names escaped for the screen (newlines, escape sequences, C1 controls,
 * broken UTF-8), never leaving a control nor half a character. */
#include <locale.h>
#include <stdbool.h>
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

/* The lines text_wrap makes of `text` at `width`, joined by '|'. */
static const char *wrapped(const char *text, int width)
{
    static char out[256];
    size_t used = 0, rest;
    for (const char *p = text; *p != '\0'; p += rest) {
        size_t n = text_wrap(p, width, &rest);
        assert_true(rest >= n && rest > 0);
        if (used > 0)
            out[used++] = '|';
        assert_true(used + n < sizeof out);
        memcpy(out + used, p, n);
        used += n;
    }
    out[used] = '\0';
    return out;
}

static void test_wrap(void **state)
{
    (void)state;
    static const char *en = "terminal too small: need at least 40×10";
    static const char *zh = "终端太小：至少需要 40×10";
    /* Between words, never inside one; the spaces at a break go. */
    assert_string_equal(wrapped(en, 30), "terminal too small: need at|least 40×10");
    assert_string_equal(wrapped(en, 20), "terminal too small:|need at least 40×10");
    assert_string_equal(wrapped(en, 39), en);
    assert_string_equal(wrapped("a  b", 1), "a|b");
    /* Chinese: between any two characters, at columns not bytes, but
     * never before the full-width colon. */
    assert_string_equal(wrapped(zh, 24), zh);
    assert_string_equal(wrapped(zh, 20), "终端太小：至少需要|40×10");
    assert_string_equal(wrapped(zh, 12), "终端太小：至|少需要 40×10");
    assert_string_equal(wrapped(zh, 8), "终端太|小：至少|需要|40×10");
    /* A word longer than the line is cut at a character's edge; a wide
     * character on a one-column line still makes a line of its own. */
    assert_string_equal(wrapped("abcdef", 4), "abcd|ef");
    assert_string_equal(wrapped("对局", 1), "对|局");
    assert_string_equal(wrapped("对局", 3), "对|局");
    assert_string_equal(wrapped("", 5), "");
}

/* At every width, no line is wider than the width (but for a single
 * character wider still), none splits a character, and only spaces are
 * lost. */
static void test_wrap_widths(void **state)
{
    (void)state;
    static const char *texts[] = {
        "terminal too small: need at least 40×10", "终端太小：至少需要 40×10",
        "对局 abc 对局对局,x  y", "a\xff" "b c",
    };
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        for (int width = 1; width <= 45; width++) {
            char kept[128] = "", orig[128] = "";
            size_t rest;
            for (const char *p = texts[t]; *p != '\0'; p += rest) {
                char line[128];
                size_t n = text_wrap(p, width, &rest);
                memcpy(line, p, n);
                line[n] = '\0';
                assert_true(n > 0);
                int used;
                assert_true(text_width(line) <= width || text_fit(line, width, &used) == 0);
                assert_int_equal(text_width(line) + text_width(p + n), text_width(p));
                strncat(kept, line, sizeof kept - strlen(kept) - 1);
            }
            for (const char *p = texts[t]; *p != '\0'; p++)
                if (*p != ' ')
                    strncat(orig, p, 1);
            char *w = kept;
            for (const char *p = kept; *p != '\0'; p++)
                if (*p != ' ')
                    *w++ = *p;
            *w = '\0';
            assert_string_equal(kept, orig);
        }
    }
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

/* Right-aligned by screen width: a Chinese header ends where its number
 * does. */
static void test_pad_left(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_pad_left(buf, sizeof buf, "Won", 5), "  Won");
    assert_string_equal(text_pad_left(buf, sizeof buf, "胜", 5), "   胜");
    assert_string_equal(text_pad_left(buf, sizeof buf, "黑方胜", 9), "   黑方胜");
    assert_string_equal(text_pad_left(buf, sizeof buf, "最长连胜", 5), " 最长");
    assert_int_equal(text_width(text_pad_left(buf, sizeof buf, "最长连胜", 5)), 5);
    assert_string_equal(text_pad_left(buf, 4, "ab", 6), " ab");
    assert_string_equal(text_pad_left(buf, 4, "abcdef", 6), "abc");
}

static void test_cut_middle(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_cut_middle(buf, sizeof buf, "gomoku-search.psq", 17, "…"),
                        "gomoku-search.psq");
    assert_string_equal(text_cut_middle(buf, sizeof buf, "gomoku-search.psq", 12, "…"),
                        "gomoku-….psq");
    assert_string_equal(text_cut_middle(buf, sizeof buf, "gomoku-search.psq", 12, "..."),
                        "gomok....psq");
    assert_string_equal(text_cut_middle(buf, sizeof buf, "对局记录.sgf", 9, "…"), "对局….sgf");
    assert_int_equal(text_width(text_cut_middle(buf, sizeof buf, "对局记录.sgf", 8, "…")), 7);
    /* No room for the extension and a character before it: the start. */
    assert_string_equal(text_cut_middle(buf, sizeof buf, "game.longextension", 8, "…"),
                        "game.lo…");
    assert_string_equal(text_cut_middle(buf, sizeof buf, "noextension", 6, "…"), "noext…");
    assert_string_equal(text_cut_middle(buf, sizeof buf, ".hidden-name", 6, "…"), ".hidd…");
    assert_string_equal(text_cut_middle(buf, sizeof buf, "abcdef", 2, "..."), "ab");
}

static const char *escaped(const char *text)
{
    static char buf[256];
    return text_escape(buf, sizeof buf, text);
}

/* What a terminal would obey is shown instead, byte by byte; printable
 * characters, CJK and combining marks included, are copied whole. */
static void test_escape(void **state)
{
    (void)state;
    assert_string_equal(escaped("game.sgf"), "game.sgf");
    assert_string_equal(escaped("对局 1.sgf"), "对局 1.sgf");
    assert_string_equal(escaped("e\xcc\x81"), "e\xcc\x81");     /* e + combining acute */
    assert_string_equal(escaped("a\nb.sgf"), "a\\nb.sgf");
    assert_string_equal(escaped("\t\r"), "\\t\\r");
    assert_string_equal(escaped("\x1b[2J.sgf"), "\\x1b[2J.sgf");
    assert_string_equal(escaped("\x7f\x01"), "\\x7f\\x01");
    assert_string_equal(escaped("\xc2\x85"), "\\xc2\\x85");         /* NEL, a C1 control */
    assert_string_equal(escaped("a\xff" "b"), "a\\xff" "b");           /* not UTF-8 */
    assert_string_equal(escaped("\xe5\xaf"), "\\xe5\\xaf");         /* a cut character */
    assert_string_equal(escaped("对\n局"), "对\\n局");
    /* Shown, not undone: a backslash stays, and escaping twice changes
     * nothing. */
    assert_string_equal(escaped("a\\nb"), "a\\nb");
    assert_string_equal(escaped(escaped("x\ny\x1b")), "x\\ny\\x1b");
    assert_int_equal(text_width(escaped("a\nb")), 4);
}

/* Whatever the bytes, what comes out holds no control: every single byte,
 * and every two-byte sequence starting with a C1 lead byte. */
static void test_escape_leaves_no_control(void **state)
{
    (void)state;
    for (int b = 1; b < 256; b++) {
        for (int c = 0; c < 256; c++) {
            char in[3] = { (char)b, (char)c, '\0' };
            if (c != 0 && b != 0xc2)
                continue;
            const unsigned char *out = (const unsigned char *)escaped(in);
            for (size_t i = 0; out[i] != '\0'; i++) {
                bool c1 = out[i] == 0xc2 && out[i + 1] >= 0x80 && out[i + 1] < 0xa0;
                if (out[i] < 0x20 || out[i] == 0x7f || c1)
                    fail_msg("\\x%02x\\x%02x: a control left at byte %zu", b, c, i);
            }
        }
    }
}

/* A buffer too small: the copy ends before a character or an escape that
 * would not fit whole. */
static void test_escape_cut(void **state)
{
    (void)state;
    char buf[8];
    assert_string_equal(text_escape(buf, 4, "对局"), "对");
    assert_string_equal(text_escape(buf, 3, "对局"), "");
    assert_string_equal(text_escape(buf, 4, "ab\n"), "ab");
    assert_string_equal(text_escape(buf, 5, "ab\n"), "ab\\n");
    assert_string_equal(text_escape(buf, 4, "\x1b"), "");
    assert_string_equal(text_escape(buf, 5, "\x1bz"), "\\x1b");
    assert_string_equal(text_escape(buf, 1, "abc"), "");
}

/* Under a locale that is not UTF-8 (an ASCII terminal), bytes outside
 * ASCII are no characters of it, and are shown escaped. */
static void test_escape_ascii_locale(void **state)
{
    (void)state;
    assert_non_null(setlocale(LC_CTYPE, "C"));
    assert_string_equal(escaped("caf\xc3\xa9.sgf"), "caf\\xc3\\xa9.sgf");
    assert_string_equal(escaped("a\nb"), "a\\nb");
    assert_non_null(setlocale(LC_CTYPE, "C.UTF-8"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_widths),
        cmocka_unit_test(test_fit_and_tail),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_wrap_widths),
        cmocka_unit_test(test_pad),
        cmocka_unit_test(test_pad_left),
        cmocka_unit_test(test_cut_middle),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_escape_leaves_no_control),
        cmocka_unit_test(test_escape_cut),
        cmocka_unit_test(test_escape_ascii_locale),
    };
    return cmocka_run_group_tests(tests, utf8_locale, NULL);
}
