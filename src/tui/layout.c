/* layout.c — game screen geometry and the viewport; see layout.h. */
#include "tui/layout.h"

/* Columns of the board block: row labels (2), a gap, the grid, a gap, labels.
 * The compact grid (cells `cw` columns apart) leaves two columns before the
 * right labels, one for the bracket marking a last move in the rightmost
 * column (or a move number's second digit). */
static int block_w(bool boxed, int cw, int cells)
{
    return boxed ? 4 * cells + 7 : cw * cells + 8 - cw;
}

/* Rows of the board block: column letters above the grid, and below it
 * when `below`. */
static int block_h(bool boxed, int cells, bool below)
{
    return (boxed ? 2 * cells + 2 : cells + 1) + (below ? 1 : 0);
}

/* Columns between the board's labels and the move list. */
#define PANEL_GAP 3

static int min(int a, int b)
{
    return a < b ? a : b;
}

/* floor(a / b) for b > 0, also for negative a. */
static int floor_div(int a, int b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static void lay_out(struct layout *l, int rows, int cols, int width, int height, bool boxes,
                    bool numbers)
{
    /* Two columns a cell; three where the stones show two-digit numbers,
     * which would otherwise run into the next cell's ("10" beside "4"). */
    int cw = numbers ? 3 : 2;
    *l = (struct layout){ .rows = rows, .cols = cols };
    l->fits = rows >= LAYOUT_MIN_ROWS && cols >= LAYOUT_MIN_COLS;
    if (!l->fits)
        return;
    l->area_y = 1;
    l->area_h = rows - 1 - LAYOUT_STATUS_ROWS;
    l->status_y = rows - LAYOUT_STATUS_ROWS;

    /* In order of preference: boxes with a move list, the compact grid
     * with a move list, boxes alone; otherwise the compact grid, scrolled
     * if it must be. The whole board shows in all but the last case. */
    bool boxed_fit = boxes && block_w(true, cw, width) <= cols &&
                     block_h(true, height, true) <= l->area_h;
    /* The compact grid gives back its row of letters below when that lets
     * the whole height show (19 rows at 80×24): the letters above still
     * name the columns. A board that scrolls anyway keeps the row, where
     * the arrow saying it goes on down is drawn. */
    bool compact_fit = block_h(false, height, false) <= l->area_h;
    if (boxed_fit && block_w(true, cw, width) + 1 + LAYOUT_PANEL_MIN <= cols)
        l->boxed = true;
    else if (compact_fit && block_w(false, cw, width) + 1 + LAYOUT_PANEL_MIN <= cols)
        l->boxed = false;
    else
        l->boxed = boxed_fit;
    l->letters_below = l->boxed || !compact_fit ||
                       block_h(false, height, true) <= l->area_h;
    l->cell_w = l->boxed ? 4 : cw;
    l->cell_h = l->boxed ? 2 : 1;

    /* The move list, when it fits beside the whole board's width. */
    int room = cols - block_w(l->boxed, cw, width) - PANEL_GAP;
    if (room >= LAYOUT_PANEL_MIN)
        l->panel_w = min(room, LAYOUT_PANEL_MAX);
    int avail_w = l->panel_w > 0 ? cols - l->panel_w - PANEL_GAP : cols;

    if (l->boxed) {
        l->view_w = width;
        l->view_h = height;
    } else {
        l->view_w = min(width, (avail_w - (8 - cw)) / cw);
        l->view_h = min(height, l->area_h - (l->letters_below ? 2 : 1));
    }
    /* Board and list side by side, centred together. */
    int bw = block_w(l->boxed, cw, l->view_w);
    int bh = block_h(l->boxed, l->view_h, l->letters_below);
    int together = bw + (l->panel_w > 0 ? PANEL_GAP + l->panel_w : 0);
    int left = (cols - together) / 2;
    int top = l->area_y + (l->area_h - bh) / 2;
    if (l->panel_w > 0) {
        l->panel_x = left + bw + PANEL_GAP;
        l->panel_y = top;
    }
    /* The first cell sits after the labels and gap (and, boxed, the box edge
     * and the blank before the stone), below the letters (and the edge). */
    l->grid_x = left + (l->boxed ? 5 : 3);
    l->grid_y = top + (l->boxed ? 2 : 1);
}

void layout_game(struct layout *l, int rows, int cols, int width, int height, bool numbers)
{
    lay_out(l, rows, cols, width, height, true, numbers);
}

void layout_compact(struct layout *l, int rows, int cols, int width, int height, bool numbers)
{
    lay_out(l, rows, cols, width, height, false, numbers);
}

int layout_cell_y(const struct layout *l, int j)
{
    return l->grid_y + j * l->cell_h;
}

int layout_cell_x(const struct layout *l, int i)
{
    return l->grid_x + i * l->cell_w;
}

bool layout_cell_at(const struct layout *l, int y, int x, int *i, int *j)
{
    if (!l->fits)
        return false;
    /* A cell owns the columns (rows) from half a step before it to just
     * before half a step after: a line between two cells goes to the one
     * after it. The last cell also owns the column (row) half a step after
     * it, the board's edge, as the first owns the one half a step before:
     * the board takes clicks as far out on one side as on the other. */
    int hw = l->cell_w / 2, hh = l->cell_h / 2;
    int dx = x - l->grid_x, dy = y - l->grid_y;
    if (dx < -hw || dy < -hh || dx > (l->view_w - 1) * l->cell_w + hw ||
        dy > (l->view_h - 1) * l->cell_h + hh)
        return false;
    int ci = floor_div(dx + hw, l->cell_w), cj = floor_div(dy + hh, l->cell_h);
    *i = ci < l->view_w ? ci : l->view_w - 1;
    *j = cj < l->view_h ? cj : l->view_h - 1;
    return true;
}

int layout_follow(int offset, int visible, int total, int cursor)
{
    int max_offset = total - visible > 0 ? total - visible : 0;
    if (cursor < offset)
        offset = cursor;
    else if (cursor >= offset + visible)
        offset = cursor - visible + 1;
    return offset < 0 ? 0 : offset > max_offset ? max_offset : offset;
}
