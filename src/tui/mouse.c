/* mouse.c — mouse reports; see mouse.h. */
#include "tui/mouse.h"

#include <curses.h>

/* Every button's press and release, and the first button's click (a press
 * and a release that arrive together, which curses merges into one).
 *
 * Why the releases, which no screen uses: when a report that curses was
 * not asked for (its mask) ends a run, wgetch() does not return; it drops
 * the report and reads on for another (ncurses 6.4, _nc_wgetch() in
 * lib_getch.c: the loop around kgetch() goes on while _nc_mouse_parse()
 * finds nothing wanted). That read blocks, nodelay() or not: nodelay only
 * spares the wait for a key's first byte. A click held a few milliseconds
 * reaches the program as two reports, the press and then, alone, the
 * release; with releases not asked for, the loop sat in that read until
 * the next key or turn of the wheel, while the computer's answer, or an
 * analysis's progress, waited unseen. Asked for, a release comes back as
 * KEY_MOUSE, and mouse_read() calls it MOUSE_OTHER. The other buttons'
 * presses and releases likewise. Reports curses takes for positions (the
 * wheel, buttons past the fifth, a release with no press before it) it
 * returns at once whatever the mask: the wheel's bits are here for the
 * screens to see it. */
#define REPORTS                                                                         \
    (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON2_PRESSED |             \
     BUTTON2_RELEASED | BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON4_PRESSED |             \
     BUTTON4_RELEASED | BUTTON5_PRESSED | BUTTON5_RELEASED)

void mouse_start(void)
{
    mousemask(REPORTS, NULL);
    /* No waiting for a release to make a click: a press acts at once. */
    mouseinterval(0);
}

struct mouse mouse_read(void)
{
    struct mouse m = { .kind = MOUSE_OTHER };
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return m;
    m.y = ev.y;
    m.x = ev.x;
    if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))
        m.kind = MOUSE_CLICK;
    else if (ev.bstate & BUTTON4_PRESSED)
        m.kind = MOUSE_WHEEL_UP;
    else if (ev.bstate & BUTTON5_PRESSED)
        m.kind = MOUSE_WHEEL_DOWN;
    return m;
}
