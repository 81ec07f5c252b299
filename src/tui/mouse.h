/* mouse.h — the mouse, as the screens use it: a press of the first button
 * (a click) on a cell of the screen, and the wheel.
 *
 * mouse_start() asks curses for every report a terminal sends, releases
 * included, although the screens act on presses only: see mouse.c for why
 * a report curses is not asked for would stall the program. The one owner
 * of which reports count as a click.
 */
#ifndef MNK_TUI_MOUSE_H
#define MNK_TUI_MOUSE_H

enum mouse_kind {
    MOUSE_OTHER,      /* a release, another button, or nothing: ignore it */
    MOUSE_CLICK,      /* the first button went down */
    MOUSE_WHEEL_UP,
    MOUSE_WHEEL_DOWN,
};

struct mouse {
    enum mouse_kind kind;
    int y, x;         /* the screen cell, row and column from 0 */
};

/* Turns mouse reports on; call once curses is set up. */
void mouse_start(void);

/* The report behind the KEY_MOUSE wgetch() just returned; MOUSE_OTHER when
 * curses has none. */
struct mouse mouse_read(void);

#endif
