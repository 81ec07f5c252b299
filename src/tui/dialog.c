/* dialog.c — a yes/no question; see dialog.h. */
#include "tui/dialog.h"

#include <curses.h>
#include <stdio.h>

#include "tui/draw.h"
#include "tui/mouse.h"
#include "tui/place.h"
#include "tui/react.h"
#include "mnk/i18n.h"

/* Where the dialog and its buttons are on this screen (place.h). */
static void where(const struct dialog *d, struct place_dialog *p)
{
    place_dialog(p, LINES, COLS, draw_width(d->question), draw_width(_(" [Y]es ")),
                 draw_width(_(" [N]o ")));
}

/* A click on a button answers with it; anywhere else it does nothing. */
static unsigned click(const struct dialog *d)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK)
        return REACT_NONE;
    struct place_dialog p;
    where(d, &p);
    switch (place_dialog_at(&p, m.y, m.x)) {
    case PLACE_YES:
        return REACT_CLOSE | REACT_REDRAW | d->on_yes;
    case PLACE_NO:
        return REACT_CLOSE | REACT_REDRAW | d->on_no;
    case PLACE_NEITHER:
        break;
    }
    return REACT_NONE;
}

void dialog_open(struct dialog *d, const char *question, unsigned on_yes)
{
    snprintf(d->question, sizeof d->question, "%s", question);
    d->on_yes = on_yes;
    d->on_no = 0;
    d->yes = false; /* the safe answer is the default */
}

void dialog_on_no(struct dialog *d, unsigned on_no)
{
    d->on_no = on_no;
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
        return REACT_CLOSE | REACT_REDRAW | d->on_no;
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
        return REACT_CLOSE | REACT_REDRAW | (d->yes ? d->on_yes : d->on_no);
    case KEY_MOUSE:
        return click(d);
    default:
        return REACT_NONE;
    }
}

void dialog_draw(const struct dialog *d)
{
    struct place_dialog p;
    where(d, &p);
    draw_frame(p.y, p.x, p.h, p.w, STYLE_NORMAL, NULL);
    draw_text(p.question_y, p.question_x, p.question_w, STYLE_MESSAGE, d->question);
    draw_text(p.buttons_y, p.yes_x, p.yes_w, d->yes ? STYLE_SELECTED : STYLE_NORMAL, _(" [Y]es "));
    draw_text(p.buttons_y, p.no_x, p.no_w, d->yes ? STYLE_NORMAL : STYLE_SELECTED, _(" [N]o "));
}
