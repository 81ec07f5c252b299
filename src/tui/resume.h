/* resume.h — the menu's Resume list: each unfinished game kept (saves.h) as
 * one row of columns laid out for the screen's width (columns.h): the board
 * and its rule whole; the players cut first, then the date loses its time,
 * then the moves and the date go, the date last ("open elsewhere" or "lock
 * unusable" stands in its place and is never cut). The games are the
 * menu's (struct menu's `kept`): read from the games directory when the
 * menu comes up, laid out again at a resize, and looked at again while the
 * list is on view, since other windows open and leave games.
 */
#ifndef MNK_TUI_RESUME_H
#define MNK_TUI_RESUME_H

#include "tui/menu.h"
#include "tui/saves.h"

/* How often the list on view looks again at which games other windows
 * have open. */
#define RESUME_RELOOK_MS 1000

/* Reads the unfinished games into m->kept, lays them out, and offers
 * Resume on the main menu when there are any. A kept game that does not
 * load is set aside and said (menu_say). */
void resume_refresh(struct menu *m);

/* Gives menu m the rows of its kept games for its size. */
void resume_lay_out(struct menu *m);

/* Looks again at which kept games other windows have open; true when a
 * row changed (and the rows were laid out again). */
bool resume_relook(struct menu *m);

/* Deletes the kept game picked in the list (m->pick), unless another
 * window has it open or its lock cannot be used; then reads the list
 * again. What stopped it is said on the menu. */
void resume_delete(struct menu *m);

/* Deletes every kept game no other window has open (the clean slate of a
 * list grown long), and says how many were left and why. */
void resume_clear(struct menu *m);

#endif
