/* boardview.h — the board on screen: the grid (boxed or compact, see
 * layout.h), the column letters and row numbers of the project notation
 * (a = left, row 1 = bottom), arrows where a scrolled board goes on, the
 * stones, the cursor, the last move between brackets, the winning line, the
 * threat marks (an empty cell where a side would make five `!`, an open
 * four `*`, a four `+`, an open three `∙`, in that side's colour; the
 * stronger shape when both sides have one), the cells renju forbids Black
 * (`×`, over any threat mark there: Black cannot play it, whatever it
 * would make or block), a suggested move or the area a hint points at, and
 * on request each stone's move number in place of the stone.
 *
 * A view: it reads the game through a const pointer and changes nothing.
 */
#ifndef MNK_TUI_BOARDVIEW_H
#define MNK_TUI_BOARDVIEW_H

#include "engine/shapes.h"
#include "mnk/game.h"
#include "tui/layout.h"

/* What the board view needs besides the game: where it goes, which part of
 * the board shows, and the cursor (board coordinates). */
struct board_view {
    const struct layout *layout;
    int off_x, off_y;     /* the first visible column and row */
    int cx, cy;
    const struct shapes *marks; /* the threats to mark, or NULL */
    const bool *forbidden;      /* per cell, forbidden to Black (marked), or NULL */
    int hint;                   /* the suggested cell, or -1 */
    const bool *area;           /* per cell, the area a hint points at
                                 * (marked like the hint), or NULL */
    bool numbers;               /* each stone shows its move number (the
                                 * last two digits where a cell has two
                                 * columns), in its side's style, the last
                                 * move's in STYLE_LAST */
};

/* Draws the board of game g as view v shows it. */
void boardview_draw(const struct game *g, const struct board_view *v);

#endif
