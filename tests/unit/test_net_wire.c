/* test_net_wire.c — the network messages: every type encoded and decoded
 * back, and a table of hostile lines each refused with a reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "net/wire.h"

/* Encodes *m, checks the line is `want`, decodes it and checks that the
 * message comes back field for field. */
static void round_trip(const struct wire_msg *m, const char *want)
{
    char line[WIRE_LINE_MAX + 1], err[160];
    size_t n = wire_encode(m, line, sizeof line, err, sizeof err);
    if (n == 0)
        fail_msg("encode %s: %s", wire_type_name(m->type), err);
    assert_int_equal(n, strlen(line));
    assert_string_equal(line, want);
    struct wire_msg back;
    enum wire_status st = wire_decode(line, n, &back, err, sizeof err);
    if (st != WIRE_OK)
        fail_msg("decode '%s': %s", line, err);
    assert_int_equal(back.type, m->type);
    /* The encoder reads only the fields of the type; compare those. */
    char again[WIRE_LINE_MAX + 1];
    assert_int_equal(wire_encode(&back, again, sizeof again, err, sizeof err), n);
    assert_string_equal(again, line);
}

static struct wire_msg msg_of(enum wire_type type)
{
    struct wire_msg m;
    memset(&m, 0, sizeof m);
    m.type = type;
    return m;
}

static void test_round_trip(void **state)
{
    (void)state;
    struct wire_msg m;
    wire_hello_init(&m);
    m.hello.major = 1;
    m.hello.minor = 2;
    snprintf(m.hello.program, sizeof m.hello.program, "0.1.0+git~x_y");
    round_trip(&m, "HELLO 1.2 0.1.0+git~x_y");

    m = msg_of(WIRE_SETTINGS);
    m.settings = (struct wire_settings){15, 15, 5, RULE_RENJU, OPENING_SWAP2, WIRE_JOINER, ""};
    snprintf(m.settings.time_control, sizeof m.settings.time_control, "10 min + 5 s");
    round_trip(&m, "SETTINGS 15 15 5 renju swap2 joiner 10 min + 5 s");
    struct wire_msg d;
    char err[160];
    const char *line = "SETTINGS 15 15 5 renju swap2 joiner 10 min + 5 s";
    assert_int_equal(wire_decode(line, strlen(line), &d, err, sizeof err), WIRE_OK);
    assert_int_equal(d.settings.rule, RULE_RENJU);
    assert_int_equal(d.settings.opening, OPENING_SWAP2);
    assert_int_equal(d.settings.black, WIRE_JOINER);
    assert_string_equal(d.settings.time_control, "10 min + 5 s");
    m.settings = (struct wire_settings){3, 3, 3, RULE_FREESTYLE, OPENING_NONE, WIRE_HOST, "-"};
    round_trip(&m, "SETTINGS 3 3 3 freestyle none host -");

    round_trip(&(struct wire_msg){.type = WIRE_ACCEPT}, "ACCEPT");
    round_trip(&(struct wire_msg){.type = WIRE_DECLINE}, "DECLINE");
    m = msg_of(WIRE_DECLINE);
    snprintf(m.text, sizeof m.text, "not on a 3x3 board");
    round_trip(&m, "DECLINE not on a 3x3 board");

    m = msg_of(WIRE_MOVE);
    m.move = (struct wire_move){1, 7, 7, 1234, 298766, 300000};
    round_trip(&m, "MOVE 1 7 7 1234 298766 300000");
    m.move = (struct wire_move){676, 25, 0, 0, WIRE_NO_CLOCK, WIRE_NO_CLOCK};
    round_trip(&m, "MOVE 676 25 0 0 - -");
    line = "MOVE 676 25 0 0 - -";
    assert_int_equal(wire_decode(line, strlen(line), &d, err, sizeof err), WIRE_OK);
    assert_int_equal(d.move.black_ms, WIRE_NO_CLOCK);
    assert_int_equal(d.move.white_ms, WIRE_NO_CLOCK);
    m.move = (struct wire_move){2, 0, 25, WIRE_MS_MAX, 0, WIRE_MS_MAX};
    round_trip(&m, "MOVE 2 0 25 999999999999 0 999999999999");

    m = msg_of(WIRE_CHOICE);
    m.choice = (struct wire_choice){3, OPENING_TAKE_WHITE};
    round_trip(&m, "CHOICE 3 white");
    m.choice = (struct wire_choice){3, OPENING_PLACE_TWO};
    round_trip(&m, "CHOICE 3 two");
    m.choice = (struct wire_choice){5, OPENING_TAKE_BLACK};
    round_trip(&m, "CHOICE 5 black");

    round_trip(&(struct wire_msg){.type = WIRE_RESIGN}, "RESIGN");
    m = msg_of(WIRE_OFFER);
    m.offer = (struct wire_offer){WIRE_ASK_DRAW, 40, false};
    round_trip(&m, "OFFER draw 40");
    m = msg_of(WIRE_ANSWER);
    m.offer = (struct wire_offer){WIRE_ASK_TAKEBACK, 12, true};
    round_trip(&m, "ANSWER takeback 12 yes");
    m.offer = (struct wire_offer){WIRE_ASK_DRAW, 0, false};
    round_trip(&m, "ANSWER draw 0 no");

    m = msg_of(WIRE_CHAT);
    snprintf(m.text, sizeof m.text, "good game — 好棋!  two  spaces ");
    round_trip(&m, "CHAT good game — 好棋!  two  spaces ");
    m = msg_of(WIRE_PING);
    m.ping = 42;
    round_trip(&m, "PING 42");
    m.type = WIRE_PONG;
    round_trip(&m, "PONG 42");
    m = msg_of(WIRE_RESUME);
    m.resume = 0;
    round_trip(&m, "RESUME 0");
    m.resume = 17;
    round_trip(&m, "RESUME 17");
    m = msg_of(WIRE_OFFER);
    m.offer = (struct wire_offer){WIRE_ASK_REMATCH, 31, false};
    round_trip(&m, "OFFER rematch 31");
    m = msg_of(WIRE_RESULT);
    m.result = (struct wire_result){12, OUTCOME_WHITE_WINS, END_TIME};
    round_trip(&m, "RESULT 12 white time");
    m.result = (struct wire_result){40, OUTCOME_DRAW, END_AGREED};
    round_trip(&m, "RESULT 40 draw agreed");
    m.result = (struct wire_result){0, OUTCOME_BLACK_WINS, END_FORFEIT};
    round_trip(&m, "RESULT 0 black forfeit");
    m = msg_of(WIRE_UNDO);
    m.undo = 8;
    round_trip(&m, "UNDO 8");
    round_trip(&(struct wire_msg){.type = WIRE_BYE}, "BYE");
    m = msg_of(WIRE_ERROR);
    snprintf(m.text, sizeof m.text, "malformed message: MOVE: missing y");
    round_trip(&m, "ERROR malformed message: MOVE: missing y");
}

/* A server's lobby: every message of it, there and back. */
static void test_lobby_round_trip(void **state)
{
    (void)state;
    struct wire_msg m = msg_of(WIRE_NAME);
    snprintf(m.name, sizeof m.name, "李小龙_1");
    round_trip(&m, "NAME 李小龙_1");
    round_trip(&(struct wire_msg){.type = WIRE_LIST}, "LIST");
    m = msg_of(WIRE_LISTED);
    m.count = 1000;
    round_trip(&m, "LISTED 1000");
    m = msg_of(WIRE_GAME);
    m.game = (struct wire_game){.game = 12, .state = WIRE_GAME_OPEN, .watchers = 0};
    snprintf(m.game.host, sizeof m.game.host, "ann");
    m.game.settings = (struct wire_settings){15, 15, 5, RULE_RENJU, OPENING_SWAP2, WIRE_JOINER,
                                             "5m+3s"};
    round_trip(&m, "GAME 12 open 0 ann - 15 15 5 renju swap2 joiner 5m+3s");
    m.game.state = WIRE_GAME_PLAYING;
    m.game.watchers = 3;
    snprintf(m.game.joiner, sizeof m.game.joiner, "bob");
    round_trip(&m, "GAME 12 playing 3 ann bob 15 15 5 renju swap2 joiner 5m+3s");
    m.type = WIRE_WATCHING;
    round_trip(&m, "WATCHING 12 ann bob");
    m = msg_of(WIRE_CREATE);
    m.settings = (struct wire_settings){3, 3, 3, RULE_FREESTYLE, OPENING_NONE, WIRE_HOST, "-"};
    round_trip(&m, "CREATE 3 3 3 freestyle none host -");
    m = msg_of(WIRE_JOIN);
    m.seat.game = 7;
    round_trip(&m, "JOIN 7");
    m.type = WIRE_WATCH;
    round_trip(&m, "WATCH 7");
    m = msg_of(WIRE_SEAT);
    m.seat.game = WIRE_GAME_MAX;
    snprintf(m.seat.token, sizeof m.seat.token, "0123456789abcdef0123456789abcdef");
    round_trip(&m, "SEAT 999999999 0123456789abcdef0123456789abcdef");
    m.type = WIRE_REJOIN;
    round_trip(&m, "REJOIN 999999999 0123456789abcdef0123456789abcdef");
    m = msg_of(WIRE_REFUSED);
    snprintf(m.text, sizeof m.text, "no game 7 here");
    round_trip(&m, "REFUSED no game 7 here");
}

/* Names and tokens out of their forms are refused both ways. */
static void test_lobby_bad(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "NAME", "NAME a b", "NAME a,b", "NAME -", "NAME 0123456789012345678901234",
        "JOIN 0", "JOIN 1000000000", "WATCH x", "SEAT 1", "SEAT 1 0123",
        "SEAT 1 0123456789ABCDEF0123456789ABCDEF", "REJOIN 1 0123456789abcdef0123456789abcdeg",
        "GAME 1 open 0 ann", "GAME 1 done 0 ann - 3 3 3 freestyle none host -",
        "GAME 1 open 0 - - 3 3 3 freestyle none host -", "LISTED -1", "REFUSED",
        "CREATE 3 3 4 freestyle none host -", "WATCHING 1 ann", "LIST 3",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct wire_msg m;
        char err[160];
        if (wire_decode(bad[i], strlen(bad[i]), &m, err, sizeof err) != WIRE_MALFORMED)
            fail_msg("'%s' decoded", bad[i]);
    }
    struct wire_msg m = msg_of(WIRE_NAME);
    snprintf(m.name, sizeof m.name, "a b");
    char line[WIRE_LINE_MAX + 1], err[160];
    assert_int_equal(wire_encode(&m, line, sizeof line, err, sizeof err), 0);
    m = msg_of(WIRE_SEAT);
    m.seat.game = 1;
    snprintf(m.seat.token, sizeof m.seat.token, "xyz");
    assert_int_equal(wire_encode(&m, line, sizeof line, err, sizeof err), 0);
    assert_true(wire_name_check("ann", err, sizeof err));
    assert_false(wire_name_check("", err, sizeof err));
    assert_false(wire_name_check("a\x1b[2J", err, sizeof err));
}

/* Every type has a name and a case in the round trip above. */
static void test_names(void **state)
{
    (void)state;
    for (int t = 0; t < WIRE_TYPE_COUNT; t++) {
        const char *name = wire_type_name((enum wire_type)t);
        assert_true(name[0] >= 'A' && name[0] <= 'Z');
        char err[160];
        struct wire_msg m;
        /* A bare name decodes as its type, or fails for a missing field:
         * never as another type. */
        enum wire_status st = wire_decode(name, strlen(name), &m, err, sizeof err);
        assert_int_not_equal(st, WIRE_UNKNOWN);
        assert_int_equal(m.type, t);
    }
    assert_string_equal(wire_type_name((enum wire_type)99), "?");
}

static const struct {
    const char *line;
    size_t len;            /* 0: strlen(line) */
    enum wire_status status;
    const char *reason;    /* a part of the reason */
} hostile[] = {
    {"", 0, WIRE_MALFORMED, "empty"},
    {"FROB 1 2", 0, WIRE_UNKNOWN, "unknown message type 'FROB'"},
    {"move 1 2 3 0 - -", 0, WIRE_MALFORMED, "unknown message type"},
    {"MOVE", 0, WIRE_MALFORMED, "missing ply"},
    {"MOVE ", 0, WIRE_MALFORMED, "space at the end"},
    {"MOVE 1 2", 0, WIRE_MALFORMED, "missing y"},
    {"MOVE 1 2 3 0 -", 0, WIRE_MALFORMED, "missing White's clock"},
    {"MOVE 1  2 3 0 - -", 0, WIRE_MALFORMED, "empty field"},
    {"MOVE 1 2 3 0 - - ", 0, WIRE_MALFORMED, "space at the end"},
    {"MOVE 1 2 3 0 - - 7", 0, WIRE_MALFORMED, "unexpected field '7'"},
    {"MOVE 0 2 3 0 - -", 0, WIRE_MALFORMED, "ply 0 is out of range"},
    {"MOVE 1 26 3 0 - -", 0, WIRE_MALFORMED, "x 26 is out of range"},
    {"MOVE 1 -1 3 0 - -", 0, WIRE_MALFORMED, "x is not a number"},
    {"MOVE 1 +1 3 0 - -", 0, WIRE_MALFORMED, "x is not a number"},
    {"MOVE 1 2 3 - - -", 0, WIRE_MALFORMED, "time spent is not a number"},
    {"MOVE 1 2 3 0 5x -", 0, WIRE_MALFORMED, "Black's clock is not a number"},
    {"MOVE 1 2 3 0 -- -", 0, WIRE_MALFORMED, "Black's clock is not a number"},
    {"MOVE 1 2 3 1000000000000 - -", 0, WIRE_MALFORMED, "out of range"},
    {"MOVE 1 2 3 99999999999999999999999 - -", 0, WIRE_MALFORMED, "not a number"},
    {"MOVE 1 2 3 0 - -\r", 0, WIRE_MALFORMED, "control character U+000D"},
    {"MOVE 1 2\t3 0 - -", 0, WIRE_MALFORMED, "control character U+0009"},
    {"MOVE 1 2 3\0 0 - -", 17, WIRE_MALFORMED, "NUL byte"},
    {"HELLO 1 0.1.0", 0, WIRE_MALFORMED, "bad version '1'"},
    {"HELLO 1.x 0.1.0", 0, WIRE_MALFORMED, "bad version"},
    {"HELLO 1000.0 0.1.0", 0, WIRE_MALFORMED, "bad version"},
    {"HELLO 1.0", 0, WIRE_MALFORMED, "missing program"},
    {"HELLO 1.0 a/b", 0, WIRE_MALFORMED, "bad program name"},
    {"HELLO 1.0 0123456789012345678901234567890123", 0, WIRE_MALFORMED, "longer than 31"},
    {"SETTINGS 15 15 5 renju swap2 joiner", 0, WIRE_MALFORMED, "missing time control"},
    {"SETTINGS 15 15 5 renju swap2 both -", 0, WIRE_MALFORMED, "unknown side 'both'"},
    {"SETTINGS 15 15 5 chess swap2 host -", 0, WIRE_MALFORMED, "unknown rule 'chess'"},
    {"SETTINGS 15 15 5 renju swap3 host -", 0, WIRE_MALFORMED, "unknown opening rule"},
    {"SETTINGS 15 15 6 renju none host -", 0, WIRE_MALFORMED, "SETTINGS: "},
    {"SETTINGS 2 15 2 freestyle none host -", 0, WIRE_MALFORMED, "SETTINGS: "},
    {"SETTINGS 27 15 5 freestyle none host -", 0, WIRE_MALFORMED, "width 27 is out of range"},
    {"SETTINGS 9 9 10 freestyle none host -", 0, WIRE_MALFORMED, "SETTINGS: "},
    {"CHOICE 3 none", 0, WIRE_MALFORMED, "unknown choice 'none'"},
    {"CHOICE 3", 0, WIRE_MALFORMED, "missing choice"},
    {"OFFER undo 3", 0, WIRE_MALFORMED, "unknown offer 'undo'"},
    {"ANSWER draw 3 maybe", 0, WIRE_MALFORMED, "unknown answer 'maybe'"},
    {"ANSWER draw 3", 0, WIRE_MALFORMED, "missing answer"},
    {"RESIGN now", 0, WIRE_MALFORMED, "unexpected field 'now'"},
    {"BYE ", 0, WIRE_MALFORMED, "space at the end"},
    {"CHAT", 0, WIRE_MALFORMED, "missing text"},
    {"CHAT \x1b[2J", 0, WIRE_MALFORMED, "control character U+001B"},
    {"CHAT bell\x07", 0, WIRE_MALFORMED, "control character U+0007"},
    {"CHAT del\x7f", 0, WIRE_MALFORMED, "control character U+007F"},
    {"CHAT c1 \xc2\x9b" "2J", 0, WIRE_MALFORMED, "control character U+009B"},
    {"CHAT rtl \xe2\x80\xae", 0, WIRE_MALFORMED, "control character U+202E"},
    {"CHAT isolate \xe2\x81\xa6", 0, WIRE_MALFORMED, "control character U+2066"},
    {"CHAT line \xe2\x80\xa8", 0, WIRE_MALFORMED, "control character U+2028"},
    {"CHAT bad \xff", 0, WIRE_MALFORMED, "invalid UTF-8 at byte 9"},
    {"CHAT cut \xe5\xa5", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"CHAT overlong \xc0\xaf", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"CHAT overlong \xe0\x80\xaf", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"CHAT surrogate \xed\xa0\x80", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"CHAT big \xf4\x90\x80\x80", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"CHAT cont \x80", 0, WIRE_MALFORMED, "invalid UTF-8"},
    {"ERROR", 0, WIRE_MALFORMED, "missing text"},
    {"PING", 0, WIRE_MALFORMED, "missing number"},
    {"PONG -3", 0, WIRE_MALFORMED, "not a number"},
    {"RESUME 677", 0, WIRE_MALFORMED, "ply 677 is out of range"},
    {"RESULT 3 black", 0, WIRE_MALFORMED, "missing reason"},
    {"RESULT 3 nobody time", 0, WIRE_MALFORMED, "unknown winner 'nobody'"},
    {"RESULT 3 black agreed", 0, WIRE_MALFORMED, "agreed is no reason for a win"},
    {"RESULT 3 draw resign", 0, WIRE_MALFORMED, "resign is no reason for a draw"},
    {"RESULT 3 white none", 0, WIRE_MALFORMED, "unknown reason 'none'"},
    {"UNDO", 0, WIRE_MALFORMED, "missing ply"},
    {"UNDO 2 3", 0, WIRE_MALFORMED, "unexpected field"},
    {"OFFER resign 3", 0, WIRE_MALFORMED, "unknown offer 'resign'"},
    {" MOVE 1 2 3 0 - -", 0, WIRE_MALFORMED, "unknown message type ''"},
    {"\xe5\xa5\xbd", 0, WIRE_MALFORMED, "unknown message type"},
};

static void test_hostile(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        size_t len = hostile[i].len != 0 ? hostile[i].len : strlen(hostile[i].line);
        struct wire_msg m;
        char err[160] = "";
        enum wire_status st = wire_decode(hostile[i].line, len, &m, err, sizeof err);
        if (st != hostile[i].status || strstr(err, hostile[i].reason) == NULL)
            fail_msg("line %zu '%s': status %d (want %d), reason '%s' (want '%s')", i,
                     hostile[i].line, (int)st, (int)hostile[i].status, err,
                     hostile[i].reason);
    }
}

static void test_lengths(void **state)
{
    (void)state;
    char line[WIRE_LINE_MAX + 2], err[160];
    struct wire_msg m;
    /* The longest chat, and one byte more. */
    memcpy(line, "CHAT ", 5);
    memset(line + 5, 'a', WIRE_CHAT_MAX);
    assert_int_equal(wire_decode(line, 5 + WIRE_CHAT_MAX, &m, err, sizeof err), WIRE_OK);
    assert_int_equal(strlen(m.text), WIRE_CHAT_MAX);
    line[5 + WIRE_CHAT_MAX] = 'a';
    assert_int_equal(wire_decode(line, 6 + WIRE_CHAT_MAX, &m, err, sizeof err), WIRE_MALFORMED);
    assert_non_null(strstr(err, "longer than 400 bytes"));
    /* A line over the limit is refused before it is read. */
    memset(line + 5, 'a', sizeof line - 5);
    assert_int_equal(wire_decode(line, WIRE_LINE_MAX + 1, &m, err, sizeof err), WIRE_MALFORMED);
    assert_non_null(strstr(err, "over 1024"));

    /* What does not decode does not encode either. */
    char out[WIRE_LINE_MAX + 1];
    m = msg_of(WIRE_CHAT);
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    assert_non_null(strstr(err, "empty"));
    snprintf(m.text, sizeof m.text, "hi\n");
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    assert_non_null(strstr(err, "control character U+000A"));
    m = msg_of(WIRE_MOVE);
    m.move = (struct wire_move){1, 26, 0, 0, 0, 0};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m.move = (struct wire_move){1, 0, 0, -5, 0, 0};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m = msg_of(WIRE_SETTINGS);
    m.settings = (struct wire_settings){15, 15, 6, RULE_RENJU, OPENING_NONE, WIRE_HOST, "-"};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m.settings.win = 5;
    m.settings.time_control[0] = '\0';
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m = msg_of(WIRE_CHOICE);
    m.choice = (struct wire_choice){3, OPENING_CHOICE_NONE};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m = msg_of(WIRE_RESULT);
    m.result = (struct wire_result){3, OUTCOME_ONGOING, END_NONE};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m.result = (struct wire_result){3, OUTCOME_DRAW, END_LINE};
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    m.type = (enum wire_type)WIRE_TYPE_COUNT;
    assert_int_equal(wire_encode(&m, out, sizeof out, err, sizeof err), 0);
    /* A buffer too small is said so, not overrun. */
    m = msg_of(WIRE_BYE);
    assert_int_equal(wire_encode(&m, out, 3, err, sizeof err), 0);
    assert_int_equal(wire_encode(&m, out, 4, err, sizeof err), 3);
}

static void test_text_check(void **state)
{
    (void)state;
    char err[160];
    assert_true(wire_text_check("", 0, err, sizeof err));
    assert_true(wire_text_check("五子棋 gomoku ✓ 𝄞", strlen("五子棋 gomoku ✓ 𝄞"), err, sizeof err));
    assert_false(wire_text_check("a\0b", 3, err, sizeof err));
    assert_non_null(strstr(err, "NUL"));
    assert_false(wire_text_check("\xef\xbb\xbf", 3, err, sizeof err));
    assert_non_null(strstr(err, "U+FEFF"));
}

static void test_versions(void **state)
{
    (void)state;
    struct wire_msg m;
    wire_hello_init(&m);
    char err[256] = "";
    assert_int_equal(m.hello.major, WIRE_MAJOR);
    assert_true(wire_hello_check(&m.hello, err, sizeof err));
    m.hello.minor = WIRE_MINOR + 5; /* a newer minor still talks */
    assert_true(wire_hello_check(&m.hello, err, sizeof err));
    m.hello.major = WIRE_MAJOR + 1;
    snprintf(m.hello.program, sizeof m.hello.program, "9.0.0");
    assert_false(wire_hello_check(&m.hello, err, sizeof err));
    assert_non_null(strstr(err, "9.0.0"));
    assert_non_null(strstr(err, "version 2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_lobby_round_trip),
        cmocka_unit_test(test_lobby_bad),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_hostile),
        cmocka_unit_test(test_lengths),
        cmocka_unit_test(test_text_check),
        cmocka_unit_test(test_versions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
