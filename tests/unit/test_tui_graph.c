/* test_tui_graph.c — the evaluation graph: bars from the middle line in the
 * right direction and height, braille dots where they belong, a short game
 * spread over the width, a long one grouped, and columns mapped back to
 * moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tui/graph.h"

/* The braille bits of a cell (U+2800 + bits), or -1 if it is not braille. */
static int bits_of(const char *cell)
{
    const unsigned char *u = (const unsigned char *)cell;
    if (u[0] != 0xE2 || (u[1] & 0xFC) != 0xA0 || (u[2] & 0xC0) != 0x80 || u[3] != 0)
        return -1;
    return ((u[1] & 0x03) << 6) | (u[2] & 0x3F);
}

static void test_ascii_bars_go_up_for_black_and_down_for_white(void **state)
{
    (void)state;
    const double v[] = { 1.0, -1.0, 0.0, 0.5 };
    struct graph g;
    graph_plot(&g, v, 4, 4, 4, 4, false);
    assert_int_equal(g.rows, 4);
    assert_int_equal(g.dots_per, 1);
    /* Black wins: the two rows above the middle; White wins: the two below;
     * even: the one dot just above the middle; half: one row up. */
    const char *want[4] = { "#   ", "# ##", " #  ", " #  " };
    for (int r = 0; r < 4; r++) {
        char row[8] = "";
        for (int c = 0; c < 4; c++)
            strcat(row, g.cell[r][c]);
        assert_string_equal(row, want[r]);
    }
}

static void test_braille_dots(void **state)
{
    (void)state;
    /* Eight moves in two columns: four dot columns, two moves each. */
    const double v[] = { 1, 1, -1, -1, 0, 0, 0.25, 0.25 };
    struct graph g;
    graph_plot(&g, v, 8, 8, 2, 2, true);
    assert_int_equal(g.per_dot, 2);
    assert_int_equal(g.dots_per, 1);
    /* Column 0: dot column 0 full up (rows 0 and 1 left dots), dot column 1
     * full down (rows 2 and 3 right dots). */
    assert_int_equal(bits_of(g.cell[0][0]), 0x01 | 0x02 | 0x04 | 0x40);
    assert_int_equal(bits_of(g.cell[1][0]), 0x08 | 0x10 | 0x20 | 0x80);
    /* Column 1: even (the lowest dot of the upper half, left), a quarter up
     * (one dot of four, right). */
    assert_int_equal(bits_of(g.cell[0][1]), 0x40 | 0x80);
    assert_int_equal(bits_of(g.cell[1][1]), 0);
}

static void test_columns_and_moves(void **state)
{
    (void)state;
    double v[200];
    for (int i = 0; i < 200; i++)
        v[i] = (i % 2) ? 0.5 : -0.5;
    struct graph g;
    /* Ten moves on 28 columns of braille: two characters a move. */
    graph_plot(&g, v, 10, 10, 4, 28, true);
    assert_int_equal(g.dots_per, 4);
    assert_int_equal(graph_column(&g, 0), 1);
    assert_int_equal(graph_column(&g, 9), 19);
    assert_int_equal(graph_move_at(&g, 0), 0);
    assert_int_equal(graph_move_at(&g, 19), 9);
    assert_int_equal(graph_move_at(&g, 20), -1);
    for (int i = 0; i < 10; i++)
        assert_int_equal(graph_move_at(&g, graph_column(&g, i)), i);

    /* A game judged up to move 3 of 10 keeps the axis of ten. */
    graph_plot(&g, v, 3, 10, 4, 28, true);
    assert_int_equal(graph_move_at(&g, 19), 9);
    assert_int_equal(bits_of(g.cell[2][6]), 0);
    assert_int_equal(bits_of(g.cell[2][5]), 0xFF);

    /* 200 moves on 20 ASCII columns: ten a column, each column shows its last. */
    graph_plot(&g, v, 200, 200, 2, 20, false);
    assert_int_equal(g.per_dot, 10);
    assert_int_equal(graph_column(&g, 0), 0);
    assert_int_equal(graph_column(&g, 199), 19);
    assert_int_equal(graph_move_at(&g, 0), 9);
    assert_int_equal(graph_move_at(&g, 19), 199);
    /* The last move of each group is odd: Black's bar, up. */
    assert_string_equal(g.cell[0][5], "#");
    assert_string_equal(g.cell[1][5], " ");
}

/* Every column that shows a move takes a click: it gives the last move it
 * shows, and a column that shows none gives -1. Over spans and widths
 * where the graph is spread, grouped, and where its last column in use
 * is only partly filled (37 moves on 10 braille columns, two moves a
 * dot: the last column's first dot shows the last move, its second none). */
static void test_every_column_with_a_move_takes_a_click(void **state)
{
    (void)state;
    struct graph g;
    graph_plot(&g, NULL, 0, 37, 4, 10, true);
    assert_int_equal(g.per_dot, 2);
    assert_int_equal(graph_column(&g, 36), 9);
    assert_int_equal(graph_move_at(&g, 9), 36);
    for (int utf8 = 0; utf8 < 2; utf8++)
        for (int cols = 1; cols <= 30; cols++)
            for (int span = 1; span <= 130; span++) {
                graph_plot(&g, NULL, 0, span, 4, cols, utf8);
                /* The last move each column shows, from the dots: move
                 * i's group has dot columns dots_per from its first. */
                int last[GRAPH_COLS_MAX];
                for (int c = 0; c < g.cols; c++)
                    last[c] = -1;
                for (int i = 0; i < span; i++)
                    for (int k = 0; k < g.dots_per; k++) {
                        int c = (i / g.per_dot * g.dots_per + k) / g.dots_x;
                        assert_true(c < g.cols);
                        last[c] = i;
                    }
                for (int c = 0; c < g.cols; c++)
                    assert_int_equal(graph_move_at(&g, c), last[c]);
                for (int i = 0; i < span; i++)
                    assert_int_equal(graph_column(&g, graph_move_at(&g, graph_column(&g, i))),
                                     graph_column(&g, i));
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ascii_bars_go_up_for_black_and_down_for_white),
        cmocka_unit_test(test_braille_dots),
        cmocka_unit_test(test_columns_and_moves),
        cmocka_unit_test(test_every_column_with_a_move_takes_a_click),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
