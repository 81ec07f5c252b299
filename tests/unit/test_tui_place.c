/* test_tui_place.c — where the menu's entries, list lines and form rows, a
 * dialog's buttons and the review's Continue panel are, and which of them
 * a click lands on: every place drawn takes a click, the columns and rows
 * beside it do not, and all of it lies on the screen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tui/menu.h"
#include "tui/place.h"

static void test_main_entries(void **state)
{
    (void)state;
    struct place_main p;
    /* 80x24, six entries (no Resume): a blank row between them. */
    place_main(&p, 24, 80, 6);
    assert_int_equal(p.step, 2);
    assert_int_equal(p.title_y, 4);
    assert_int_equal(place_main_y(&p, 0), 7);
    assert_int_equal(place_main_y(&p, 5), 17);
    assert_int_equal(p.band_x, 32);
    assert_int_equal(place_main_at(&p, 7, 32), 0);
    assert_int_equal(place_main_at(&p, 7, 47), 0);
    assert_int_equal(place_main_at(&p, 7, 31), -1);
    assert_int_equal(place_main_at(&p, 7, 48), -1);
    assert_int_equal(place_main_at(&p, 8, 40), -1);   /* the blank between */
    assert_int_equal(place_main_at(&p, 17, 40), 5);
    assert_int_equal(place_main_at(&p, 19, 40), -1);  /* past the last */
    assert_int_equal(place_main_at(&p, 5, 40), -1);   /* the tagline */
    for (int rows = MENU_MIN_ROWS; rows <= 60; rows++)
        for (int n = 1; n <= 7; n++) {
            place_main(&p, rows, MENU_MIN_COLS, n);
            assert_true(p.title_y >= 1);              /* under the title bar */
            assert_true(p.note_y < rows - 1);         /* above the hints */
            assert_true(p.band_x >= 0 && p.band_x + PLACE_ENTRY_W <= MENU_MIN_COLS);
            int hits = 0;
            for (int y = 0; y < rows; y++)
                for (int x = 0; x < MENU_MIN_COLS; x++) {
                    int k = place_main_at(&p, y, x);
                    if (k < 0)
                        continue;
                    hits++;
                    assert_int_equal(y, place_main_y(&p, k));
                }
            assert_int_equal(hits, n * PLACE_ENTRY_W);
        }
}

static void test_list_lines(void **state)
{
    (void)state;
    struct place_list p;
    /* 80x24: 18 lines from row 4; the 31st picked scrolls by 13. */
    place_list(&p, 24, 80, 50, 30);
    assert_int_equal(p.rows, 18);
    assert_int_equal(p.first, 13);
    assert_int_equal(place_list_y(&p, 30), PLACE_LIST_Y + 17);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y, p.x), 13);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y + 17, p.x + p.w - 1), 30);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y + 18, p.x), -1);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y - 1, p.x), -1);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y, p.x - 1), -1);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y, p.x + p.w), -1);
    /* Three games: rows past the third are no line. */
    place_list(&p, 24, 80, 3, 0);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y + 2, 10), 2);
    assert_int_equal(place_list_at(&p, PLACE_LIST_Y + 3, 10), -1);
    /* Every line shown inverts, on any screen. */
    for (int rows = MENU_MIN_ROWS; rows <= 40; rows++)
        for (int pick = 0; pick < MENU_GAMES_MAX; pick++) {
            place_list(&p, rows, 100, MENU_GAMES_MAX, pick);
            assert_true(place_list_y(&p, pick) >= PLACE_LIST_Y);
            assert_true(place_list_y(&p, pick) < p.message_y);
            for (int i = p.first; i < p.first + p.rows; i++)
                assert_int_equal(place_list_at(&p, place_list_y(&p, i), p.x + 1), i);
        }
}

static void test_form_rows_and_arrows(void **state)
{
    (void)state;
    struct place_form p;
    place_form(&p, 24, 80, 9);
    assert_int_equal(place_form_y(&p, SETUP_PRESET), p.title_y + 2);
    assert_int_equal(place_form_y(&p, SETUP_START), place_form_y(&p, SETUP_POSITION) + 2);
    for (int f = 0; f < SETUP_START; f++) {
        int y = place_form_y(&p, (enum setup_field)f);
        assert_int_equal(place_form_at(&p, y, p.left), f);
        assert_int_equal(place_form_at(&p, y, 79), f);
        assert_int_equal(place_form_at(&p, y, p.left - 1), -1);
    }
    /* Start: on its label only. */
    int y = place_form_y(&p, SETUP_START);
    assert_int_equal(place_form_at(&p, y, p.value_x), SETUP_START);
    assert_int_equal(place_form_at(&p, y, p.value_x + 8), SETUP_START);
    assert_int_equal(place_form_at(&p, y, p.value_x + 9), -1);
    assert_int_equal(place_form_at(&p, y, p.value_x - 1), -1);
    assert_int_equal(place_form_at(&p, y - 1, p.value_x), -1);  /* the blank row */
    assert_int_equal(place_form_at(&p, p.title_y, p.left), -1);
    assert_true(place_form_note_y(&p) < 23);
    /* "‹ human ›": the arrow or the blank beside it. */
    int x = p.value_x;
    assert_int_equal(place_arrow(x, x, 1, 5, 1), -1);
    assert_int_equal(place_arrow(x + 1, x, 1, 5, 1), -1);
    assert_int_equal(place_arrow(x + 2, x, 1, 5, 1), 0);
    assert_int_equal(place_arrow(x + 6, x, 1, 5, 1), 0);
    assert_int_equal(place_arrow(x + 7, x, 1, 5, 1), 1);
    assert_int_equal(place_arrow(x + 8, x, 1, 5, 1), 1);
    assert_int_equal(place_arrow(x + 9, x, 1, 5, 1), 0);
    assert_int_equal(place_arrow(x - 1, x, 1, 5, 1), 0);
    /* Two-column arrows: "‹‹ abc ››" (the value from x + 3, the right
     * arrow from x + 7). */
    assert_int_equal(place_arrow(x + 2, x, 2, 3, 2), -1);
    assert_int_equal(place_arrow(x + 3, x, 2, 3, 2), 0);
    assert_int_equal(place_arrow(x + 5, x, 2, 3, 2), 0);
    assert_int_equal(place_arrow(x + 6, x, 2, 3, 2), 1);
    assert_int_equal(place_arrow(x + 8, x, 2, 3, 2), 1);
    assert_int_equal(place_arrow(x + 9, x, 2, 3, 2), 0);
    /* A wide label is cut as it is drawn. */
    place_form(&p, 24, 80, 40);
    assert_int_equal(p.start_w, PLACE_START_MAX);
    /* On the smallest menu screen the form fits between the bars. */
    place_form(&p, MENU_MIN_ROWS, MENU_MIN_COLS, 9);
    assert_true(p.title_y >= 1);
    assert_true(place_form_note_y(&p) < MENU_MIN_ROWS - 1);
}

static void test_dialog_buttons(void **state)
{
    (void)state;
    struct place_dialog p;
    place_dialog(&p, 24, 80, 26, 7, 6);
    assert_int_equal(p.w, 32);
    assert_int_equal(p.buttons_y, p.y + 3);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.yes_x), PLACE_YES);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.yes_x + 6), PLACE_YES);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.yes_x + 7), PLACE_NEITHER);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.yes_x - 1), PLACE_NEITHER);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.no_x), PLACE_NO);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.no_x + 5), PLACE_NO);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.no_x + 6), PLACE_NEITHER);
    assert_int_equal(place_dialog_at(&p, p.buttons_y - 1, p.yes_x), PLACE_NEITHER);
    assert_int_equal(place_dialog_at(&p, p.buttons_y + 1, p.no_x), PLACE_NEITHER);
    /* Labels are cut to what is drawn. */
    place_dialog(&p, 24, 80, 10, 20, 20);
    assert_int_equal(p.yes_w, PLACE_BUTTON_MAX);
    assert_int_equal(place_dialog_at(&p, p.buttons_y, p.yes_x + PLACE_BUTTON_MAX), PLACE_NEITHER);
    /* Both buttons inside the frame, apart, on any screen a game allows. */
    for (int cols = 40; cols <= 200; cols++)
        for (int qw = 0; qw <= 150; qw += 7) {
            place_dialog(&p, 10, cols, qw, 7, 6);
            assert_true(p.x >= 0 && p.x + p.w <= cols);
            assert_true(p.y >= 0 && p.y + p.h <= 10);
            assert_true(p.yes_x > p.x && p.no_x + p.no_w < p.x + p.w);
            assert_true(p.yes_x + p.yes_w <= p.no_x);
        }
}

static void test_continue_panel(void **state)
{
    (void)state;
    struct place_go p;
    place_go(&p, 24, 80, 9);
    assert_int_equal(p.x, 17);
    assert_int_equal(p.w, PLACE_GO_W);
    assert_int_equal(place_go_at(&p, p.side_y, p.name_x), PLACE_GO_BLACK);
    assert_int_equal(place_go_at(&p, p.side_y + 1, p.x + p.w - 3), PLACE_GO_WHITE);
    assert_int_equal(place_go_at(&p, p.side_y + 1, p.x + p.w - 2), PLACE_GO_NONE);
    assert_int_equal(place_go_at(&p, p.side_y - 1, p.name_x), PLACE_GO_NONE);
    assert_int_equal(place_go_at(&p, p.start_y, p.start_x), PLACE_GO_START);
    assert_int_equal(place_go_at(&p, p.start_y, p.start_x + 8), PLACE_GO_START);
    assert_int_equal(place_go_at(&p, p.start_y, p.start_x + 9), PLACE_GO_NONE);
    assert_int_equal(place_go_at(&p, p.start_y, p.start_x - 1), PLACE_GO_NONE);
    assert_int_equal(place_go_at(&p, p.keys_y, p.start_x), PLACE_GO_NONE);
    /* Everything inside the frame, on every screen the review allows;
     * narrower than the panel, the panel takes the screen's width. */
    for (int rows = 10; rows <= 40; rows++)
        for (int cols = 40; cols <= 120; cols++) {
            place_go(&p, rows, cols, 20);
            assert_true(p.x >= 0 && p.x + p.w <= cols);
            assert_true(p.y >= 0 && p.y + p.h <= rows);
            assert_int_equal(p.start_w, PLACE_GO_START_MAX);
            assert_true(p.start_x > p.x && p.start_x + p.start_w < p.x + p.w);
            assert_true(p.keys_y < p.y + p.h - 1);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_main_entries),
        cmocka_unit_test(test_list_lines),
        cmocka_unit_test(test_form_rows_and_arrows),
        cmocka_unit_test(test_dialog_buttons),
        cmocka_unit_test(test_continue_panel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
