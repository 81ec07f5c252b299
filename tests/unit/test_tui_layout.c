/* test_tui_layout.c — game screen geometry: board style, the viewport that
 * follows the cursor, and mapping screen positions back to cells. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mnk/board.h"
#include "tui/layout.h"

static void test_small_terminal_does_not_fit(void **state)
{
    (void)state;
    struct layout l;
    layout_game(&l, LAYOUT_MIN_ROWS - 1, 200, 3, 3, false);
    assert_false(l.fits);
    layout_game(&l, 50, LAYOUT_MIN_COLS - 1, 3, 3, false);
    assert_false(l.fits);
    layout_game(&l, 1, 1, 26, 26, false);
    assert_false(l.fits);
    layout_game(&l, LAYOUT_MIN_ROWS, LAYOUT_MIN_COLS, 26, 26, false);
    assert_true(l.fits);
    assert_true(l.view_w >= 3 && l.view_h >= 3);
}

static void test_styles_at_80x24(void **state)
{
    (void)state;
    struct layout l;
    layout_game(&l, 24, 80, 3, 3, false);
    assert_true(l.boxed);
    assert_true(l.panel_w >= LAYOUT_PANEL_MIN);
    layout_game(&l, 24, 80, 15, 15, false);
    assert_false(l.boxed);
    assert_int_equal(l.view_w, 15);
    assert_int_equal(l.view_h, 15);
    layout_game(&l, 24, 80, 26, 26, false);
    assert_false(l.boxed);
    assert_int_equal(l.view_w, 26);
    assert_true(l.view_h < 26); /* 26 rows can't fit in 24: it scrolls */
    layout_game(&l, 60, 200, 19, 19, false);
    assert_true(l.boxed);
}

/* The standard 19×19 board shows whole at 80×24, in both drawings (the
 * full-width one is compact only): every row and column, the row numbers
 * either side and the letters above, clear of the title, the status rows
 * and the move list. The letters below give their row back for it. */
static void test_19x19_whole_at_80x24(void **state)
{
    (void)state;
    struct layout l;
    for (int compact = 0; compact < 2; compact++) {
        if (compact)
            layout_compact(&l, 24, 80, 19, 19, false);
        else
            layout_game(&l, 24, 80, 19, 19, false);
        assert_false(l.boxed);
        assert_int_equal(l.view_w, 19);
        assert_int_equal(l.view_h, 19);
        assert_false(l.letters_below);
        assert_true(layout_cell_y(&l, 0) - 1 >= l.area_y);       /* the letters */
        assert_true(layout_cell_y(&l, 18) < l.status_y);          /* row 1 */
        assert_true(layout_cell_x(&l, 0) - 3 >= 0);               /* "19" left */
        assert_true(layout_cell_x(&l, 18) + 3 + 2 <= l.panel_x);  /* "19" right */
        assert_true(l.panel_w >= LAYOUT_PANEL_MIN);
    }
    /* Boards that fit with both rows of letters keep them; one that
     * scrolls keeps the row below, for its arrow. */
    layout_game(&l, 24, 80, 15, 15, false);
    assert_true(l.letters_below);
    assert_int_equal(l.view_h, 15);
    layout_game(&l, 25, 80, 19, 19, false);
    assert_true(l.letters_below);
    assert_int_equal(l.view_h, 19);
    layout_game(&l, 24, 80, 26, 26, false);
    assert_true(l.letters_below);
    assert_int_equal(l.view_h, 18);
    layout_game(&l, 24, 80, 20, 20, false);
    assert_true(l.letters_below);
    assert_true(l.view_h < 20);
}

/* Everything drawn lies on the screen, outside the title and status rows. */
static void test_board_inside_its_area(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 24, 80 }, { 10, 40 }, { 60, 200 }, { 30, 45 } };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (int w = BOARD_MIN_SIDE; w <= BOARD_MAX_SIDE; w += 1) {
            for (int h = BOARD_MIN_SIDE; h <= BOARD_MAX_SIDE; h += 5) {
                struct layout l;
                layout_game(&l, sizes[s][0], sizes[s][1], w, h, false);
                assert_true(l.fits);
                /* labels and the grid's border: boxed, 5 columns either
                 * side; compact, 3 on the left and 4 on the right */
                int margin_y = l.boxed ? 2 : 1;
                int top = layout_cell_y(&l, 0) - margin_y;
                int bottom = layout_cell_y(&l, l.view_h - 1) + (l.letters_below ? margin_y : 0);
                int left = layout_cell_x(&l, 0) - (l.boxed ? 5 : 3);
                int right = layout_cell_x(&l, l.view_w - 1) + (l.boxed ? 5 : 4);
                assert_true(top >= l.area_y);
                assert_true(bottom < l.status_y);
                assert_true(left >= 0);
                assert_true(right < (l.panel_w ? l.panel_x : l.cols));
            }
        }
    }
}

static void test_follow_keeps_cursor_visible(void **state)
{
    (void)state;
    int off = 0;
    for (int cursor = 0; cursor < 26; cursor++) {
        off = layout_follow(off, 10, 26, cursor);
        assert_true(cursor >= off && cursor < off + 10);
    }
    assert_int_equal(off, 16);
    off = layout_follow(off, 10, 26, 20); /* inside: no move */
    assert_int_equal(off, 16);
    off = layout_follow(off, 10, 26, 3);
    assert_int_equal(off, 3);
    assert_int_equal(layout_follow(7, 30, 26, 25), 0); /* all visible */
    assert_int_equal(layout_follow(20, 10, 26, 25), 16); /* clamped */
}

static void test_cell_at_inverts_position(void **state)
{
    (void)state;
    struct layout l;
    int i, j;
    static const int boards[][2] = { { 3, 3 }, { 15, 15 }, { 26, 26 }, { 7, 4 } };
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        layout_game(&l, 24, 80, boards[b][0], boards[b][1], false);
        for (int cj = 0; cj < l.view_h; cj++)
            for (int ci = 0; ci < l.view_w; ci++) {
                assert_true(layout_cell_at(&l, layout_cell_y(&l, cj), layout_cell_x(&l, ci), &i, &j));
                assert_int_equal(i, ci);
                assert_int_equal(j, cj);
            }
        assert_false(layout_cell_at(&l, 0, 0, &i, &j));
        assert_false(layout_cell_at(&l, l.status_y, layout_cell_x(&l, 0), &i, &j));
    }
}

/* The board takes clicks as far out on its right and bottom as on its
 * left and top: the last cell owns the edge after it as the first owns the
 * edge before it, and one step further is off the board on every side. */
static void test_cell_at_edges_alike(void **state)
{
    (void)state;
    struct layout l;
    int i, j;
    static const int boards[][2] = { { 3, 3 }, { 15, 15 }, { 7, 4 }, { 26, 26 } };
    static const int sizes[][2] = { { 24, 80 }, { 60, 200 } };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
            layout_game(&l, sizes[s][0], sizes[s][1], boards[b][0], boards[b][1], false);
            int last_i = l.view_w - 1, last_j = l.view_h - 1;
            int y = layout_cell_y(&l, last_j / 2), x = layout_cell_x(&l, last_i / 2);
            /* How far out the first cell takes clicks, to the left, up. */
            int left = 0, up = 0;
            while (layout_cell_at(&l, y, layout_cell_x(&l, 0) - left - 1, &i, &j))
                left++;
            while (layout_cell_at(&l, layout_cell_y(&l, 0) - up - 1, x, &i, &j))
                up++;
            assert_int_equal(left, l.cell_w / 2);
            assert_int_equal(up, l.cell_h / 2);
            /* As far out the last one, to the right, down. */
            for (int d = 1; d <= left; d++) {
                assert_true(layout_cell_at(&l, y, layout_cell_x(&l, last_i) + d, &i, &j));
                assert_int_equal(i, last_i);
            }
            assert_false(layout_cell_at(&l, y, layout_cell_x(&l, last_i) + left + 1, &i, &j));
            for (int d = 1; d <= up; d++) {
                assert_true(layout_cell_at(&l, layout_cell_y(&l, last_j) + d, x, &i, &j));
                assert_int_equal(j, last_j);
            }
            assert_false(layout_cell_at(&l, layout_cell_y(&l, last_j) + up + 1, x, &i, &j));
        }
    /* 15x15 at 80x24, the compact grid: the column just right of o is o,
     * the one just left of a is a. */
    layout_game(&l, 24, 80, 15, 15, false);
    assert_false(l.boxed);
    assert_true(layout_cell_at(&l, layout_cell_y(&l, 7), layout_cell_x(&l, 14) + 1, &i, &j));
    assert_int_equal(i, 14);
    assert_true(layout_cell_at(&l, layout_cell_y(&l, 7), layout_cell_x(&l, 0) - 1, &i, &j));
    assert_int_equal(i, 0);
}

/* With move numbers the compact grid's cells are three columns apart: 15×15
 * still shows whole at 80×24 beside its move list, 19×19 whole without it,
 * and a click finds each cell as before. */
static void test_numbers_spread_the_grid(void **state)
{
    (void)state;
    struct layout l;
    layout_game(&l, 24, 80, 15, 15, true);
    assert_false(l.boxed);
    assert_int_equal(l.cell_w, 3);
    assert_int_equal(l.view_w, 15);
    assert_int_equal(l.view_h, 15);
    assert_true(l.panel_w >= LAYOUT_PANEL_MIN);
    assert_true(layout_cell_x(&l, 14) + 5 < l.panel_x);
    layout_game(&l, 24, 80, 19, 19, true);
    assert_int_equal(l.view_w, 19);
    assert_true(layout_cell_x(&l, 18) + 4 < 80);
    for (int i = 0; i < l.view_w; i++) {
        int ci, cj;
        assert_true(layout_cell_at(&l, layout_cell_y(&l, 3), layout_cell_x(&l, i), &ci, &cj));
        assert_int_equal(ci, i);
        assert_int_equal(cj, 3);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers_spread_the_grid),
        cmocka_unit_test(test_small_terminal_does_not_fit),
        cmocka_unit_test(test_styles_at_80x24),
        cmocka_unit_test(test_19x19_whole_at_80x24),
        cmocka_unit_test(test_board_inside_its_area),
        cmocka_unit_test(test_follow_keeps_cursor_visible),
        cmocka_unit_test(test_cell_at_inverts_position),
        cmocka_unit_test(test_cell_at_edges_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
