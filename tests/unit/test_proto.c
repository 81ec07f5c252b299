/* test_proto.c — the Gomocup line parser, the line reader and the time budget. */
#include <setjmp.h>
#include <stdarg.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/linebuf.h"
#include "protocol/proto.h"

static struct proto_cmd parse(const char *line)
{
    struct proto_cmd c;
    proto_parse(line, strlen(line), &c);
    return c;
}

static void test_commands(void **state)
{
    (void)state;
    struct proto_cmd c = parse("START 15");
    assert_int_equal(c.kind, PROTO_START);
    assert_int_equal(c.a, 15);
    c = parse("RECTSTART 20,7");
    assert_int_equal(c.kind, PROTO_RECTSTART);
    assert_int_equal(c.a, 20);
    assert_int_equal(c.b, 7);
    c = parse("TURN 3,11");
    assert_int_equal(c.kind, PROTO_TURN);
    assert_int_equal(c.a, 3);
    assert_int_equal(c.b, 11);
    c = parse("TAKEBACK 0,0");
    assert_int_equal(c.kind, PROTO_TAKEBACK);
    c = parse("PLAY 4,5");
    assert_int_equal(c.kind, PROTO_PLAY);
    assert_int_equal(c.b, 5);
    assert_int_equal(parse("BEGIN").kind, PROTO_BEGIN);
    assert_int_equal(parse("BOARD").kind, PROTO_BOARD);
    assert_int_equal(parse("SWAP2BOARD").kind, PROTO_SWAP2BOARD);
    assert_int_equal(parse("DONE").kind, PROTO_DONE);
    assert_int_equal(parse("RESTART").kind, PROTO_RESTART);
    assert_int_equal(parse("ABOUT").kind, PROTO_ABOUT);
    assert_int_equal(parse("END").kind, PROTO_END);
    c = parse("10,4,2");
    assert_int_equal(c.kind, PROTO_FIELD);
    assert_int_equal(c.a, 10);
    assert_int_equal(c.b, 4);
    assert_int_equal(c.c, 2);
}

static void test_replies(void **state)
{
    (void)state;
    assert_int_equal(parse("OK").kind, PROTO_OK);
    struct proto_cmd c = parse("7,8");
    assert_int_equal(c.kind, PROTO_COORDS);
    assert_int_equal(c.a, 7);
    assert_int_equal(c.b, 8);
    c = parse("MESSAGE  thinking hard ");
    assert_int_equal(c.kind, PROTO_MESSAGE);
    assert_string_equal(c.text, "thinking hard");
    c = parse("ERROR bad size");
    assert_int_equal(c.kind, PROTO_ERROR);
    assert_string_equal(c.text, "bad size");
    assert_int_equal(parse("UNKNOWN").kind, PROTO_UNKNOWN);
    assert_int_equal(parse("DEBUG x").kind, PROTO_DEBUG);
    c = parse("SUGGEST 1,2");
    assert_int_equal(c.kind, PROTO_SUGGEST);
    assert_int_equal(c.b, 2);
}

static void test_info(void **state)
{
    (void)state;
    struct proto_cmd c = parse("INFO timeout_turn 5000");
    assert_int_equal(c.kind, PROTO_INFO);
    assert_string_equal(c.key, "timeout_turn");
    assert_int_equal(c.a, 5000);
    c = parse("info MAX_MEMORY 83886080");
    assert_int_equal(c.kind, PROTO_INFO);
    assert_string_equal(c.key, "max_memory");
    assert_int_equal(c.a, 83886080);
    c = parse("INFO folder C:\\some dir\\x");
    assert_int_equal(c.kind, PROTO_INFO);
    assert_string_equal(c.key, "folder");
    assert_string_equal(c.text, "C:\\some dir\\x");
    c = parse("INFO evaluate 3,4");      /* not a numeric key: kept as text */
    assert_int_equal(c.kind, PROTO_INFO);
    assert_string_equal(c.text, "3,4");
    c = parse("INFO timeout_turn abc");
    assert_int_equal(c.kind, PROTO_MALFORMED);
    assert_non_null(c.error);
    c = parse("INFO time_left -5");
    assert_int_equal(c.kind, PROTO_MALFORMED);
    c = parse("INFO max_memory 4294967296");   /* 4 GB: clamped, not refused */
    assert_int_equal(c.kind, PROTO_INFO);
    assert_int_equal(c.a, INT_MAX);
    c = parse("INFO timeout_match 99999999999999999999");
    assert_int_equal(c.kind, PROTO_MALFORMED);
    assert_int_equal(parse("INFO").kind, PROTO_MALFORMED);
    assert_int_equal(parse("INFO rule").kind, PROTO_MALFORMED);
}

/* INFO rule's bits both ways: every rule round-trips; renju and caro win
 * over exact, the continuous-game bit is ignored, and what names no rule
 * (renju with caro, unknown bits) is refused without touching the rule. */
static void test_rule_bits(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        enum rule back = (enum rule)-1;
        assert_true(proto_rule_from_bits(proto_rule_bits((enum rule)r), &back));
        assert_int_equal(back, r);
    }
    assert_int_equal(proto_rule_bits(RULE_FREESTYLE), 0);
    assert_int_equal(proto_rule_bits(RULE_EXACT), 1);
    assert_int_equal(proto_rule_bits(RULE_RENJU), 4);
    assert_int_equal(proto_rule_bits(RULE_CARO), 8);
    static const struct {
        int bits;
        enum rule rule;
    } read[] = {
        { 0, RULE_FREESTYLE }, { 1, RULE_EXACT },  { 2, RULE_FREESTYLE }, { 3, RULE_EXACT },
        { 4, RULE_RENJU },     { 5, RULE_RENJU },  { 6, RULE_RENJU },     { 7, RULE_RENJU },
        { 8, RULE_CARO },      { 9, RULE_CARO },   { 10, RULE_CARO },     { 11, RULE_CARO },
    };
    for (size_t i = 0; i < sizeof read / sizeof read[0]; i++) {
        enum rule got = (enum rule)-1;
        assert_true(proto_rule_from_bits(read[i].bits, &got));
        assert_int_equal(got, read[i].rule);
    }
    static const int refused[] = { 12, 13, 15, 16, 17, 32, 100, INT_MAX, -1 };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        enum rule got = RULE_EXACT;
        assert_false(proto_rule_from_bits(refused[i], &got));
        assert_int_equal(got, RULE_EXACT);
    }
}

/* Case, blanks, and each line terminator. */
static void test_lexical(void **state)
{
    (void)state;
    struct proto_cmd c = parse("turn 1,2\r\n");
    assert_int_equal(c.kind, PROTO_TURN);
    assert_int_equal(c.a, 1);
    assert_int_equal(c.b, 2);
    assert_int_equal(parse("  Start 15  \r").kind, PROTO_START);
    assert_int_equal(parse("\tbegin\n").kind, PROTO_BEGIN);
    c = parse("TURN  4 , 5 ");
    assert_int_equal(c.kind, PROTO_TURN);
    assert_int_equal(c.a, 4);
    assert_int_equal(c.b, 5);
    c = parse(" 2 , 3 , 1 ");
    assert_int_equal(c.kind, PROTO_FIELD);
    assert_int_equal(parse("").kind, PROTO_EMPTY);
    assert_int_equal(parse("   \r\n").kind, PROTO_EMPTY);
    /* Only what precedes the first terminator counts. */
    c = parse("START 9\nSTART 10\n");
    assert_int_equal(c.kind, PROTO_START);
    assert_int_equal(c.a, 9);
    /* A length shorter than the string: the rest is not read. */
    proto_parse("START 123", 7, &c);
    assert_int_equal(c.kind, PROTO_START);
    assert_int_equal(c.a, 1);
}

static void test_bad_lines(void **state)
{
    (void)state;
    static const char *const malformed[] = {
        "START", "START x", "START 15 16", "START -3", "START 99999999999999",
        "RECTSTART 10", "RECTSTART 10 20", "RECTSTART 10,", "RECTSTART ,10",
        "TURN", "TURN 3", "TURN 3,", "TURN a,b", "TURN 3;4", "TURN -1,5",
        "TURN 5,-1", "TURN 1,2,3", "TURN 1,,2", "TURN +1,2", "TURN 12345,1",
        "BEGIN now", "END 3", "OK then",
        "1,2,0", "1,2,4", "1,2,3,4", "-1,2", "1,-2,1", "7", "7,", "7,8x",
    };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        struct proto_cmd c = parse(malformed[i]);
        if (c.kind != PROTO_MALFORMED)
            fail_msg("'%s' parsed as %s", malformed[i], proto_kind_name(c.kind));
        assert_non_null(c.error);
        assert_true(strlen(c.error) > 0);
    }
    struct proto_cmd c = parse("FROBNICATE 1,2");
    assert_int_equal(c.kind, PROTO_OTHER);
    assert_string_equal(c.text, "FROBNICATE 1,2");
    assert_int_equal(parse("STARTX 15").kind, PROTO_OTHER);
    assert_int_equal(parse("\x01\x02\xff").kind, PROTO_OTHER);
    /* A NUL inside the given length is not a line terminator to hide behind. */
    proto_parse("TURN 1,2\0junk", 13, &c);
    assert_int_equal(c.kind, PROTO_MALFORMED);
}

static void test_overlong(void **state)
{
    (void)state;
    size_t n = PROTO_LINE_MAX + 100;
    char *line = malloc(n);
    assert_non_null(line);
    memset(line, 'A', n);
    struct proto_cmd c;
    proto_parse(line, n, &c);
    assert_int_equal(c.kind, PROTO_MALFORMED);
    /* Long free text is cut to fit, not overflowed. */
    memcpy(line, "MESSAGE ", 8);
    proto_parse(line, PROTO_LINE_MAX, &c);
    assert_int_equal(c.kind, PROTO_MESSAGE);
    assert_int_equal(strlen(c.text), PROTO_TEXT_MAX - 1);
    free(line);
}

/* The same line, whatever the blanks and case, parses the same; and every
 * prefix of every valid line parses to something without crashing. */
static void test_prefixes(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "START 15", "RECTSTART 20,7", "TURN 3,11", "INFO timeout_turn 5000",
        "3,4,1", "TAKEBACK 2,2", "MESSAGE hello",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        for (size_t len = 0; len <= strlen(lines[i]); len++) {
            struct proto_cmd c;
            proto_parse(lines[i], len, &c);
            assert_true(c.kind != PROTO_MALFORMED || c.error != NULL);
        }
}

static int feed(const char *bytes, size_t n, struct linebuf *lb, int fds[2])
{
    assert_int_equal(write(fds[1], bytes, n), (ssize_t)n);
    return (int)linebuf_fill(lb, fds[0]);
}

static void test_linebuf(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    struct linebuf lb;
    linebuf_init(&lb);
    const char *line;
    size_t len;
    bool cut;
    assert_false(linebuf_next(&lb, &line, &len, &cut));
    feed("ONE\r\nTWO\nTHR", 12, &lb, fds);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_int_equal(len, 3);
    assert_memory_equal(line, "ONE", 3);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_memory_equal(line, "TWO", 3);
    assert_false(linebuf_next(&lb, &line, &len, &cut)); /* THR unfinished */
    /* CR alone ends a line; the LF in the next read still belongs to it. */
    feed("EE\r", 3, &lb, fds);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_int_equal(len, 5);
    assert_memory_equal(line, "THREE", 5);
    feed("\nFOUR\n\n", 7, &lb, fds);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_memory_equal(line, "FOUR", 4);
    assert_true(linebuf_next(&lb, &line, &len, &cut)); /* a real empty line */
    assert_int_equal(len, 0);

    /* An overlong line: cut once, the rest dropped, the next line intact. */
    static char big[LINEBUF_MAX + 500];
    memset(big, 'x', sizeof big);
    size_t sent = 0;
    int cuts = 0;
    while (sent < sizeof big) {
        size_t chunk = sizeof big - sent < 4000 ? sizeof big - sent : 4000;
        feed(big + sent, chunk, &lb, fds);
        sent += chunk;
        while (linebuf_next(&lb, &line, &len, &cut)) {
            assert_true(cut);
            assert_int_equal(len, LINEBUF_MAX);
            cuts++;
        }
    }
    feed("\nNEXT\n", 6, &lb, fds);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_false(cut);
    assert_int_equal(len, 4);
    assert_memory_equal(line, "NEXT", 4);
    assert_int_equal(cuts, 1);

    /* End of input hands out the unfinished last line, then reports EOF. */
    assert_int_equal(write(fds[1], "LAST", 4), 4);
    close(fds[1]);
    assert_int_equal(linebuf_fill(&lb, fds[0]), 4);
    assert_false(linebuf_next(&lb, &line, &len, &cut));
    assert_int_equal(linebuf_fill(&lb, fds[0]), 0);
    assert_true(linebuf_next(&lb, &line, &len, &cut));
    assert_memory_equal(line, "LAST", 4);
    assert_true(linebuf_eof(&lb));
    close(fds[0]);
}

/* The INFO limits as a time control: timeout_match 0 is no clock (and
 * time_left is then ignored), an unset one with a time_left still a clock;
 * the answer always goes through the pipe. The arithmetic is timeman's
 * (test_timeman, and the pinned table in test_budget). */
static void test_time_control(void **state)
{
    (void)state;
    struct proto_times t;
    proto_times_init(&t);
    struct time_control tc = proto_time_control(&t);
    assert_true(tc.piped);
    assert_int_equal(tc.turn_ms, TIMEMAN_NONE);
    assert_int_equal(tc.left_ms, TIMEMAN_NONE);
    assert_int_equal(tc.increment_ms, 0);
    assert_int_equal(tc.moves_to_go, 0);
    t.timeout_turn = 0;
    t.timeout_match = 0;
    t.time_left = 10;
    tc = proto_time_control(&t);
    assert_int_equal(tc.turn_ms, 0);
    assert_int_equal(tc.left_ms, TIMEMAN_NONE);
    t.timeout_match = PROTO_TIME_UNSET;
    assert_int_equal(proto_time_control(&t).left_ms, 10);
    t.timeout_match = 180000;
    assert_int_equal(proto_time_control(&t).left_ms, 10);
    t.time_left = PROTO_TIME_UNSET;
    assert_int_equal(proto_time_control(&t).left_ms, 180000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commands),
        cmocka_unit_test(test_replies),
        cmocka_unit_test(test_info),
        cmocka_unit_test(test_rule_bits),
        cmocka_unit_test(test_lexical),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_overlong),
        cmocka_unit_test(test_prefixes),
        cmocka_unit_test(test_linebuf),
        cmocka_unit_test(test_time_control),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
