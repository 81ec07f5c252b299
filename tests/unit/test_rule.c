/* test_rule.c — the table of rules (rule.h), walked entry by entry: every
 * name reads back, every win length is allowed or refused as the entry
 * says, every protocol value reads back, and the board's rules (rules.h)
 * do what each column says. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/game.h"
#include "mnk/rule.h"
#include "mnk/rules.h"
#include "protocol/proto.h"

/* `text` in upper case, as another program may write an SGF RU. */
static const char *upper(const char *text, char *buf, size_t size)
{
    size_t i = 0;
    for (; text[i] != '\0' && i + 1 < size; i++)
        buf[i] = (char)toupper((unsigned char)text[i]);
    buf[i] = '\0';
    return buf;
}

static void test_names_round_trip(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        const struct rule_info *info = rule_info((enum rule)r);
        enum rule back = RULE_COUNT;
        char buf[32];
        assert_string_equal(rule_name((enum rule)r), info->name);
        assert_true(rule_parse(info->name, &back));
        assert_int_equal(back, r);
        back = RULE_COUNT;
        assert_true(rule_from_sgf(upper(info->name, buf, sizeof buf), &back));
        assert_int_equal(back, r);
        /* Flags and mnk's records take the name only, as written. */
        assert_false(rule_parse(upper(info->name, buf, sizeof buf), &back));
        for (int a = 0; info->aliases[a] != NULL; a++) {
            assert_true(a < RULE_ALIASES_MAX);
            back = RULE_COUNT;
            assert_true(rule_from_sgf(info->aliases[a], &back));
            assert_int_equal(back, r);
            assert_true(rule_from_sgf(upper(info->aliases[a], buf, sizeof buf), &back));
            assert_int_equal(back, r);
            back = RULE_COUNT;
            assert_false(rule_parse(info->aliases[a], &back));
            assert_int_equal(back, RULE_COUNT);
        }
        /* No word is two rules'. */
        for (int o = 0; o < r; o++) {
            const struct rule_info *other = rule_info((enum rule)o);
            assert_string_not_equal(other->name, info->name);
            for (int a = 0; info->aliases[a] != NULL; a++) {
                assert_string_not_equal(other->name, info->aliases[a]);
                for (int b = 0; other->aliases[b] != NULL; b++)
                    assert_string_not_equal(other->aliases[b], info->aliases[a]);
            }
        }
    }
    enum rule back = RULE_EXACT;
    assert_false(rule_parse("", &back));
    assert_false(rule_from_sgf("Yamaguchi", &back));   /* an opening rule */
    assert_false(rule_from_sgf("renju2", &back));
    assert_int_equal(back, RULE_EXACT);
}

/* The form's texts and the fixed win length's texts are there where they
 * are asked for. */
static void test_texts(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        const struct rule_info *info = rule_info((enum rule)r);
        assert_non_null(info->note);
        assert_true(info->note[0] != '\0');
        assert_non_null(info->sentence);
        assert_true(info->sentence[0] != '\0');
        assert_int_equal(info->win_note != NULL, info->win != 0);
        assert_int_equal(info->win_why != NULL, info->win != 0);
    }
}

/* Every k is allowed but the entry's own where it has one; the game
 * (game_init) and rules_check say the same. */
static void test_win_lengths(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        const struct rule_info *info = rule_info((enum rule)r);
        for (int k = BOARD_MIN_WIN; k <= BOARD_MAX_SIDE; k++) {
            bool allowed = info->win == 0 || k == info->win;
            const char *why = rule_check_win((enum rule)r, k);
            assert_int_equal(why == NULL, allowed);
            if (!allowed)
                assert_string_equal(why, info->win_why);
            struct game_config c;
            struct game g;
            game_config_default(&c);
            c.width = c.height = BOARD_MAX_SIDE;
            c.win = k;
            c.rule = (enum rule)r;
            assert_int_equal(game_init(&g, &c) == NULL, allowed);
            assert_int_equal(rules_check(c.width, c.height, k, c.rule) == NULL, allowed);
        }
    }
    assert_int_equal(rule_info(RULE_RENJU)->win, 5);
}

/* The Gomocup INFO rule value of every rule names it again, and no two
 * rules share one. */
static void test_protocol_bits(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        int bits = rule_info((enum rule)r)->protocol_bits;
        enum rule back = RULE_COUNT;
        assert_int_equal(proto_rule_bits((enum rule)r), bits);
        assert_true(proto_rule_from_bits(bits, &back));
        assert_int_equal(back, r);
        for (int o = 0; o < r; o++)
            assert_int_not_equal(rule_info((enum rule)o)->protocol_bits, bits);
    }
}

/* A board of `rule` with k = 5, a row of `run` stones of `s` along the
 * middle row from column 1, and the opponent's stones just beyond both
 * ends when `walled`. */
static void row_board(struct board *b, enum rule rule, enum stone s, int run, bool walled)
{
    assert_true(board_init(b, 11, 3, 5, rule));
    for (int x = 1; x <= run; x++)
        board_place(b, board_pos(b, x, 1), s);
    if (walled) {
        board_place(b, board_pos(b, 0, 1), stone_other(s));
        board_place(b, board_pos(b, run + 1, 1), stone_other(s));
    }
}

/* What rules.h does follows the columns: an overline wins where
 * overline_wins says, a five walled at both ends wins nothing where
 * blocked_ends says, and only where `forbidden` says does Black meet a
 * forbidden point (an overline's). */
static void test_columns_drive_the_rules(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        const struct rule_info *info = rule_info((enum rule)r);
        for (int c = 0; c < 2; c++) {
            enum stone s = c == 0 ? STONE_BLACK : STONE_WHITE;
            struct board b;
            row_board(&b, (enum rule)r, s, 6, false);
            assert_int_equal(rules_is_win(&b, board_pos(&b, 6, 1), NULL), info->overline_wins[c]);
            assert_int_equal(rules_overline_wins((enum rule)r, s), info->overline_wins[c]);
            row_board(&b, (enum rule)r, s, 5, false);
            assert_true(rules_is_win(&b, board_pos(&b, 5, 1), NULL));
            row_board(&b, (enum rule)r, s, 5, true);
            assert_int_equal(rules_is_win(&b, board_pos(&b, 5, 1), NULL), !info->blocked_ends);
        }
        /* Black's five plus one more: an overline to be. */
        struct board b;
        row_board(&b, (enum rule)r, STONE_BLACK, 5, false);
        board_remove(&b, board_pos(&b, 5, 1));
        board_place(&b, board_pos(&b, 6, 1), STONE_BLACK);
        assert_int_equal(rules_forbidden(&b, board_pos(&b, 5, 1)) == FORBID_OVERLINE,
                         info->forbidden);
        assert_int_equal(rules_legal(&b, STONE_BLACK, board_pos(&b, 5, 1)), !info->forbidden);
        assert_true(rules_legal(&b, STONE_WHITE, board_pos(&b, 5, 1)));
    }
}

static bool only_renju(enum rule rule)
{
    return rule_info(rule)->forbidden;
}

static bool none(enum rule rule)
{
    (void)rule;
    return false;
}

static void test_list(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(rule_list(buf, sizeof buf, NULL, ", ", " or "), RULE_COUNT);
    assert_string_equal(buf, "freestyle, exact, renju or caro");
    assert_int_equal(rule_list(buf, sizeof buf, only_renju, ", ", " or "), 1);
    assert_string_equal(buf, "renju");
    assert_int_equal(rule_list(buf, sizeof buf, none, ", ", " or "), 0);
    assert_string_equal(buf, "");
    char tiny[8];
    assert_int_equal(rule_list(tiny, sizeof tiny, NULL, ", ", " or "), RULE_COUNT);
    assert_string_equal(tiny, "freesty");   /* cut, still a string */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_round_trip),
        cmocka_unit_test(test_texts),
        cmocka_unit_test(test_win_lengths),
        cmocka_unit_test(test_protocol_bits),
        cmocka_unit_test(test_columns_drive_the_rules),
        cmocka_unit_test(test_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
