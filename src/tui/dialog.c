/* dialog.c — a yes/no question; see dialog.h. */
#include "tui/dialog.h"

#include <curses.h>
#include <stdio.h>

#include "tui/draw.h"
#include "tui/react.h"
#include "mnk/i18n.h"

void dialog_open(struct dialog *d, const char *question, unsigned on_yes)
{
    snprintf(d->question, sizeof d->question, "%s", question);
    d->on_yes = on_yes;
    d->yes = false; /* the safe answer is the default */
}

unsigned dialog_key(struct dialog *d, int key)
{
    switch (key) {
    case 'y':
    case 'Y':
        return REACT_CLOSE | REACT_REDRAW | d->on_yes;
    case 'n':
    case 'N':
    case 27:
        return REACT_CLOSE | REACT_REDRAW;
    case KEY_LEFT:
    case KEY_RIGHT:
    case '\t':
    case 'h':
    case 'l':
        d->yes = !d->yes;
        return REACT_REDRAW;
    case '\n':
    case '\r':
    case KEY_ENTER:
        return REACT_CLOSE | REACT_REDRAW | (d->yes ? d->on_yes : 0);
    default:
        return REACT_NONE;
    }
}

void dialog_draw(const struct dialog *d)
{
    int qw = draw_width(d->question);
    int w = qw + 6 < 30 ? 30 : qw + 6;
    if (w > COLS)
        w = COLS;
    int h = 6;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    draw_frame(y, x, h, w, STYLE_NORMAL, NULL);
    draw_text(y + 1, x + 3, w - 6, STYLE_MESSAGE, d->question);
    int bx = x + w / 2 - 10;
    draw_text(y + 3, bx, 9, d->yes ? STYLE_SELECTED : STYLE_NORMAL, _(" [Y]es "));
    draw_text(y + 3, bx + 12, 9, d->yes ? STYLE_NORMAL : STYLE_SELECTED, _(" [N]o "));
}
