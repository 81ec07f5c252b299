/* test_tui_columns.c — a list's columns fitted to the width there is: all
 * whole when they fit; those that give way cut to their least, then
 * dropped, in their turn, a date to its day at once and the room that
 * leaves given back; what tells rows apart cut last; rows written in
 * those widths, aligned and cut as each column says. */
#include <locale.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tui/columns.h"
#include "tui/text.h"

static int utf8_locale(void **state)
{
    (void)state;
    return setlocale(LC_CTYPE, "C.UTF-8") != NULL ? 0 : -1;
}

/* A Load row: date, board, players, moves, result, file name. */
enum { DATE, BOARD, PLAYERS, MOVES, RESULT, NAME, N };

static void load_columns(struct column *c)
{
    const struct column cols[N] = {
        [DATE] = { .want = 12, .least = 6, .give = 2, .to_least = true, .cut = COLUMNS_END },
        [BOARD] = { .want = 13, .least = 13 },
        [PLAYERS] = { .want = 15, .least = 9, .give = 1, .cut = COLUMNS_ELLIPSIS },
        [MOVES] = { .want = 3, .least = 3, .give = 4, .right = true },
        [RESULT] = { .want = 13, .least = 13, .give = 3 },
        [NAME] = { .want = 17, .least = 17, .cut = COLUMNS_MIDDLE },
    };
    memcpy(c, cols, sizeof cols);
}

static int total(const struct column *c)
{
    int sum = 0, shown = 0;
    for (int i = 0; i < N; i++)
        if (c[i].width > 0)
            sum += c[i].width, shown++;
    return sum + 2 * (shown - 1);
}

static void test_whole_when_they_fit(void **state)
{
    (void)state;
    struct column c[N];
    load_columns(c);
    columns_fit(c, N, 2, 200);
    for (int i = 0; i < N; i++)
        assert_int_equal(c[i].width, c[i].want);
}

/* The Load screen at 80 columns has 77 for a row: the players give way,
 * the board and the name stay whole. */
static void test_cut_in_turn(void **state)
{
    (void)state;
    struct column c[N];
    load_columns(c);
    columns_fit(c, N, 2, 77);
    assert_int_equal(c[PLAYERS].width, 9);
    assert_int_equal(c[DATE].width, 12);
    assert_int_equal(c[BOARD].width, 13);
    assert_int_equal(c[NAME].width, 17);
    assert_int_equal(c[RESULT].width, 13);
    assert_int_equal(total(c), 77);
    /* Three columns fewer: the date loses its time, not a digit of it,
     * and what that leaves over goes back to the players. */
    columns_fit(c, N, 2, 74);
    assert_int_equal(c[DATE].width, 6);
    assert_int_equal(c[PLAYERS].width, 12);
    assert_int_equal(total(c), 74);
}

static void test_dropped_in_turn(void **state)
{
    (void)state;
    struct column c[N];
    load_columns(c);
    columns_fit(c, N, 2, 60);
    assert_int_equal(c[PLAYERS].width, 0);
    assert_int_equal(c[DATE].width, 6);
    assert_int_equal(c[RESULT].width, 13);
    assert_int_equal(c[BOARD].width, 13);
    assert_int_equal(c[NAME].width, 17);
    assert_int_equal(total(c), 60);
    columns_fit(c, N, 2, 40);
    assert_int_equal(c[DATE].width + c[PLAYERS].width + c[RESULT].width, 0);
    assert_int_equal(c[MOVES].width, 3);
    assert_int_equal(total(c), 37);
}

/* Nothing left to give way: the name is cut, then the board. */
static void test_last_cut_last_first(void **state)
{
    (void)state;
    struct column c[N];
    load_columns(c);
    columns_fit(c, N, 2, 25);
    assert_int_equal(c[DATE].width + c[PLAYERS].width + c[MOVES].width + c[RESULT].width, 0);
    assert_int_equal(c[BOARD].width, 13);
    assert_int_equal(c[NAME].width, 10);
    columns_fit(c, N, 2, 5);
    assert_int_equal(c[NAME].width, 1);
    assert_int_equal(c[BOARD].width, 2);
}

static void test_row(void **state)
{
    (void)state;
    struct column c[N];
    load_columns(c);
    columns_fit(c, N, 2, 77);
    const char *cells[N] = { "Nov 23 08:40", "7×7 k=4 exact", "human - starter", "12",
                             "Black wins", "gomoku-search.psq" };
    char row[256];
    columns_row(row, sizeof row, c, N, 2, cells, "…");
    assert_string_equal(row, "Nov 23 08:40  7×7 k=4 exact  human - …   12  Black wins     "
                             "gomoku-search.psq");
    assert_int_equal(text_width(row), 77);
    columns_fit(c, N, 2, 40);
    columns_row(row, sizeof row, c, N, 2, cells, "…");
    assert_string_equal(row, "7×7 k=4 exact   12  gomoku-search.psq");
    columns_fit(c, N, 2, 25);
    columns_row(row, sizeof row, c, N, 2, cells, "…");
    assert_string_equal(row, "7×7 k=4 exact  gomok….psq");
    /* A buffer too small ends the row at a whole cell. */
    columns_fit(c, N, 2, 77);
    columns_row(row, 30, c, N, 2, cells, "…");
    assert_string_equal(row, "Nov 23 08:40  7×7 k=4 exact");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_when_they_fit),
        cmocka_unit_test(test_cut_in_turn),
        cmocka_unit_test(test_dropped_in_turn),
        cmocka_unit_test(test_last_cut_last_first),
        cmocka_unit_test(test_row),
    };
    return cmocka_run_group_tests(tests, utf8_locale, NULL);
}
