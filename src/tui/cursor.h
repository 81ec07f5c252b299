/* cursor.h — the cursor on a board screen and the part of the board in
 * view, for every screen that plays or places stones (the board editor, a
 * network game): the board laid out for the terminal (boxed cells, or the
 * compact grid when glyphs are two columns wide), the cursor moved by the
 * keys within the board, put on the cell a click lands on, and the view
 * scrolled so that the cursor stays in it.
 */
#ifndef MNK_TUI_CURSOR_H
#define MNK_TUI_CURSOR_H

#include <stdbool.h>

#include "mnk/board.h"
#include "tui/layout.h"

struct board_cursor {
    int cx, cy;         /* the cursor, board coordinates */
    int off_x, off_y;   /* the first visible column and row */
};

/* Lays out board b on a rows × cols terminal into l (layout.h's choice for
 * the drawing's glyphs; `numbers`: the stones show their move numbers) and
 * keeps the cursor in view. */
void cursor_lay_out(struct board_cursor *c, struct layout *l, int rows, int cols,
                    const struct board *b, bool numbers);

/* Scrolls the view, if need be, so that the cursor is in it. */
void cursor_follow(struct board_cursor *c, const struct layout *l, const struct board *b);

/* Moves the cursor by (dx, dy) when that stays on the board. */
void cursor_step(struct board_cursor *c, const struct layout *l, const struct board *b, int dx,
                 int dy);

/* Puts the cursor on the cell under screen position (y, x): false when
 * that is no cell. */
bool cursor_click(struct board_cursor *c, const struct layout *l, int y, int x);

/* The cell under the cursor (board.h's index). */
int cursor_cell(const struct board_cursor *c, const struct board *b);

#endif
