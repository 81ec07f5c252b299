/* layout.h — where the game screen puts the board, its labels, the move list
 * and the status rows for a terminal of a given size, and which part of a
 * board too large for it is shown (the viewport). Pure arithmetic, no curses,
 * so it is unit-tested.
 *
 * Screen rows: row 0 is the title bar, the last LAYOUT_STATUS_ROWS rows are
 * the status lines, the board and the move list share the rows between.
 * Two board styles: `boxed` draws each cell inside a box (4 columns × 2 rows
 * per cell, roomy, for boards that fit that way); otherwise stones sit on the
 * intersections of a grid (2 columns × 1 row per cell), and a board still too
 * large is scrolled so that the cursor stays visible. The column letters go
 * above and below the grid, but only above a compact grid whose height
 * shows whole that way alone (19×19 at 80×24).
 */
#ifndef MNK_TUI_LAYOUT_H
#define MNK_TUI_LAYOUT_H

#include <stdbool.h>

#define LAYOUT_MIN_COLS 40
#define LAYOUT_MIN_ROWS 10
#define LAYOUT_STATUS_ROWS 3
#define LAYOUT_PANEL_MIN 18   /* narrowest useful move list */
#define LAYOUT_PANEL_MAX 28

struct layout {
    bool fits;             /* false: below LAYOUT_MIN_COLS × LAYOUT_MIN_ROWS */
    int rows, cols;        /* the terminal */
    bool boxed;
    bool letters_below;    /* the column letters also under the grid (false
                              only where that row is needed to show the
                              whole height of a compact grid) */
    int cell_w, cell_h;    /* screen columns and rows from one cell to the next */
    int view_w, view_h;    /* board cells visible, at most the board's size */
    int grid_y, grid_x;    /* screen position of the top-left visible cell */
    int panel_x, panel_w;  /* move list columns; panel_w == 0 when there is none */
    int panel_y;           /* its first row (level with the board's top) */
    int area_y, area_h;    /* the rows between title and status lines */
    int status_y;          /* the first status row */
};

/* Lays out a board of width × height cells on a rows × cols terminal; with
 * `numbers` (the stones show their move numbers) the compact grid puts its
 * cells three columns apart, not two, for two digits and a gap. */
void layout_game(struct layout *l, int rows, int cols, int width, int height, bool numbers);

/* The same with the compact grid only, for glyphs two columns wide (the
 * full-width drawing) that boxes would not fit. */
void layout_compact(struct layout *l, int rows, int cols, int width, int height,
                    bool numbers);

/* Screen row and column of visible cell (i, j), 0 ≤ i < view_w, 0 ≤ j < view_h. */
int layout_cell_y(const struct layout *l, int j);
int layout_cell_x(const struct layout *l, int i);

/* The visible cell under screen position (y, x): true and *i, *j set when
 * (y, x) is on a cell or the grid lines bordering it, the board's edge
 * included on every side alike. */
bool layout_cell_at(const struct layout *l, int y, int x, int *i, int *j);

/* The first visible index of a line of `total` cells showing `visible`, moved
 * as little as possible from `offset` so that `cursor` is shown; always in
 * 0..max(0, total - visible). */
int layout_follow(int offset, int visible, int total, int cursor);

#endif
