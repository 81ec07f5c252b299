/* resume.h — the menu's Resume list: each unfinished game kept (saves.h) as
 * one row of columns laid out for the screen's width (columns.h): the board
 * and its rule whole; the players cut first, then the date loses its time,
 * then the moves and the date go, the date last ("open elsewhere" or "lock
 * unusable" stands in its place and is never cut). The menu shows the rows;
 * the app gives the games and says when to lay them out again (a resize, a
 * new look at the games or their locks).
 */
#ifndef MNK_TUI_RESUME_H
#define MNK_TUI_RESUME_H

#include "tui/menu.h"
#include "tui/saves.h"

/* Gives menu m the rows of games[0 .. n) (newest first, `more` older ones
 * left out) for a rows × cols screen. */
void resume_lay_out(struct menu *m, const struct saves_entry *games, int n, int more, int rows,
                    int cols);

#endif
