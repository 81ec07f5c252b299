/* test_shapes.c — the threats shown to people: the cells of each shape for
 * each side, and the most urgent one in words, k-relative, under exact's
 * overlines and caro's blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/shapes.h"
#include "mnk/notation.h"

/* Puts stones named like "h8" on b, alternately `first` and the other. */
static void place(struct board *b, enum stone s, const char *const *cells, int n)
{
    for (int i = 0; i < n; i++) {
        int pos;
        assert_true(notation_parse(b, cells[i], &pos));
        board_place(b, pos, s);
    }
}

static int at(const struct board *b, const char *name)
{
    int pos;
    assert_true(notation_parse(b, name, &pos));
    return pos;
}

static void test_open_three_and_four(void **state)
{
    (void)state;
    struct shapes s;
    assert_true(shapes_init(&s));
    struct board b;
    char text[160];
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    assert_true(shapes_find(&s, &b));
    shapes_describe(&s, &b, STONE_BLACK, text, sizeof text);
    assert_string_equal(text, "");

    /* Black h8 i8 j8, open at both ends; White far away. */
    static const char *const black[] = { "h8", "i8", "j8" };
    static const char *const white[] = { "a1", "a3" };
    place(&b, STONE_BLACK, black, 3);
    place(&b, STONE_WHITE, white, 2);
    assert_true(shapes_find(&s, &b));
    assert_int_equal(s.cell[0][at(&b, "g8")], SHAPE_OPEN4);
    assert_int_equal(s.cell[0][at(&b, "k8")], SHAPE_OPEN4);
    assert_int_equal(s.cell[1][at(&b, "g8")], SHAPE_NONE);
    assert_int_equal(s.cell[0][at(&b, "h8")], SHAPE_NONE); /* a stone */
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_string_equal(text, "Black has an open three: block at g8 or k8");
    shapes_describe(&s, &b, STONE_BLACK, text, sizeof text);
    assert_string_equal(text, "Black can make an open four at g8 or k8");

    /* White blocks at g8; Black makes a four, h8..k8: five at l8 only. */
    board_place(&b, at(&b, "g8"), STONE_WHITE);
    board_place(&b, at(&b, "k8"), STONE_BLACK);
    assert_true(shapes_find(&s, &b));
    assert_int_equal(s.cell[0][at(&b, "l8")], SHAPE_FIVE);
    assert_int_equal(s.count[0][SHAPE_FIVE], 1);
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_string_equal(text, "Black threatens a five at l8");
    shapes_describe(&s, &b, STONE_BLACK, text, sizeof text);
    assert_string_equal(text, "Black can make a five at l8");
    shapes_free(&s);
    shapes_free(&s); /* harmless twice */
}

/* On k = 4, "five" is four in a row, and an open four is an open three;
 * its open threes (two in a row) are no marks. */
static void test_k_relative(void **state)
{
    (void)state;
    struct shapes s;
    assert_true(shapes_init(&s));
    struct board b;
    char text[160];
    board_init(&b, 7, 7, 4, RULE_FREESTYLE);
    static const char *const black[] = { "c4", "d4", "e4" };
    static const char *const white[] = { "b4", "a1" };
    place(&b, STONE_BLACK, black, 3);
    place(&b, STONE_WHITE, white, 2);
    assert_true(shapes_find(&s, &b));
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_string_equal(text, "Black threatens four in a row at f4");
    board_clear(&b);
    static const char *const two[] = { "c4", "d4" };
    place(&b, STONE_BLACK, two, 2);
    place(&b, STONE_WHITE, white + 1, 1);
    assert_true(shapes_find(&s, &b));
    /* A stone making two in a row is what every cell near a stone makes on
     * k = 4: no marks (there were 14 on this board). The open two itself is
     * a threat there (one more makes an open three, which wins), and said. */
    assert_int_equal(s.count[0][SHAPE_OPEN3], 0);
    assert_int_equal(s.count[1][SHAPE_OPEN3], 0);
    assert_int_equal(s.count[0][SHAPE_OPEN4], 2);
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_non_null(strstr(text, "Black has an open two: block at"));
    shapes_free(&s);
}

/* Tic-tac-toe: no mark for the two in a line every cell beside a stone
 * makes, nor for the one stone of an "open one"; a fork is a double threat
 * in words, the player's own or the opponent's to take first. */
static void test_tic_tac_toe(void **state)
{
    (void)state;
    struct shapes s;
    assert_true(shapes_init(&s));
    struct board b;
    char text[160];
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    static const char *const centre[] = { "b2" };
    place(&b, STONE_BLACK, centre, 1);
    assert_true(shapes_find(&s, &b));
    for (int side = 0; side < 2; side++)
        for (int sh = SHAPE_OPEN3; sh < SHAPE_COUNT; sh++)
            assert_int_equal(s.count[side][sh], 0);
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_string_equal(text, "");

    /* Black b2 and a1, White c3 and b1, Black to move: a2 and a3 each
     * make two lines of two, and White has no line of two to block. */
    board_clear(&b);
    static const char *const black[] = { "b2", "a1" };
    static const char *const white[] = { "c3", "b1" };
    place(&b, STONE_BLACK, black, 2);
    place(&b, STONE_WHITE, white, 2);
    assert_true(shapes_find(&s, &b));
    assert_int_equal(s.cell[0][at(&b, "a2")], SHAPE_OPEN4);
    assert_int_equal(s.cell[0][at(&b, "a3")], SHAPE_OPEN4);
    assert_int_equal(s.count[0][SHAPE_FOUR], 0);
    shapes_describe(&s, &b, STONE_BLACK, text, sizeof text);
    assert_string_equal(text, "Black can make a double threat at a3 or a2");
    shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
    assert_string_equal(text, "Black can make a double threat at a3 or a2: take it first");
    shapes_free(&s);
}

/* Under exact, a cell that would make an overline is no five. */
static void test_exact_overline(void **state)
{
    (void)state;
    struct shapes s;
    assert_true(shapes_init(&s));
    struct board b;
    board_init(&b, 15, 15, 5, RULE_EXACT);
    static const char *const black[] = { "c8", "d8", "e8", "f8", "h8" };
    place(&b, STONE_BLACK, black, 5);
    assert_true(shapes_find(&s, &b));
    /* g8 would join c8..h8 into six: no five there; b8 makes c8..f8 five. */
    assert_true(s.cell[0][at(&b, "g8")] != SHAPE_FIVE);
    assert_int_equal(s.cell[0][at(&b, "b8")], SHAPE_FIVE);
    shapes_free(&s);
}

/* Under caro White's c8-f8 between Black's a8 and h8 has two fives that
 * one stone stops (either is the far end of the other's), and Black's
 * b8-d8 against the edge is an open three stopped on a8, e8, f8 or g8
 * (g8 would leave f8's five blocked at both ends), where under freestyle
 * the words name e8, the cell of its open four. */
static void test_caro_blocks(void **state)
{
    (void)state;
    struct shapes s;
    assert_true(shapes_init(&s));
    char text[160];
    for (int rule = RULE_FREESTYLE; rule <= RULE_CARO; rule += RULE_CARO - RULE_FREESTYLE) {
        bool caro = rule == RULE_CARO;
        struct board b;
        board_init(&b, 15, 15, 5, (enum rule)rule);
        static const char *const black[] = { "a8", "h8", "m2" };
        static const char *const white[] = { "c8", "d8", "e8", "f8" };
        place(&b, STONE_BLACK, black, 3);
        place(&b, STONE_WHITE, white, 4);
        assert_true(shapes_find(&s, &b));
        assert_int_equal(s.count[1][SHAPE_FIVE], 2);
        assert_int_equal(s.one_block[1], caro);
        shapes_describe(&s, &b, STONE_BLACK, text, sizeof text);
        assert_non_null(strstr(text, "at b8 and g8"));
        assert_true((strstr(text, "only one can be blocked") == NULL) == caro);

        board_clear(&b);
        static const char *const three[] = { "b8", "c8", "d8" };
        static const char *const far[] = { "n1", "n3" };
        place(&b, STONE_BLACK, three, 3);
        place(&b, STONE_WHITE, far, 2);
        assert_true(shapes_find(&s, &b));
        shapes_describe(&s, &b, STONE_WHITE, text, sizeof text);
        assert_string_equal(text, caro ? "Black has an open three: block at a8, e8 or f8"
                                       : "Black has an open three: block at e8");
        assert_int_equal(s.stops_three[0][at(&b, "g8")], caro);
    }
    shapes_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_three_and_four),
        cmocka_unit_test(test_k_relative),
        cmocka_unit_test(test_tic_tac_toe),
        cmocka_unit_test(test_exact_overline),
        cmocka_unit_test(test_caro_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
