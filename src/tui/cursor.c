/* cursor.c — the cursor on a board screen; see cursor.h. */
#include "tui/cursor.h"

#include "tui/draw.h"

void cursor_lay_out(struct board_cursor *c, struct layout *l, int rows, int cols,
                    const struct board *b, bool numbers)
{
    if (draw_wide())
        layout_compact(l, rows, cols, b->width, b->height, numbers);
    else
        layout_game(l, rows, cols, b->width, b->height, numbers);
    cursor_follow(c, l, b);
}

void cursor_follow(struct board_cursor *c, const struct layout *l, const struct board *b)
{
    if (!board_inside(b, c->cx, c->cy)) {
        c->cx = b->width / 2;
        c->cy = b->height / 2;
    }
    c->off_x = layout_follow(c->off_x, l->view_w, b->width, c->cx);
    c->off_y = layout_follow(c->off_y, l->view_h, b->height, c->cy);
}

void cursor_step(struct board_cursor *c, const struct layout *l, const struct board *b, int dx,
                 int dy)
{
    if (board_inside(b, c->cx + dx, c->cy + dy)) {
        c->cx += dx;
        c->cy += dy;
        cursor_follow(c, l, b);
    }
}

bool cursor_click(struct board_cursor *c, const struct layout *l, int y, int x)
{
    int i, j;
    if (!layout_cell_at(l, y, x, &i, &j))
        return false;
    c->cx = c->off_x + i;
    c->cy = c->off_y + j;
    return true;
}

int cursor_cell(const struct board_cursor *c, const struct board *b)
{
    return board_pos(b, c->cx, c->cy);
}
