/* resume.c — the list of unfinished games; see resume.h. */
#include "tui/resume.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "mnk/game.h"
#include "tui/draw.h"
#include "tui/react.h"

void resume_open(struct resume *r, const struct saves_list *list)
{
    memcpy(&r->list, list, sizeof r->list);
    r->choice = 0;
    r->top = 0;
    r->confirming = false;
}

const char *resume_chosen(const struct resume *r)
{
    return r->choice < r->list.n ? r->list.entry[r->choice].path : NULL;
}

unsigned resume_key(struct resume *r, int key)
{
    if (r->confirming) {
        r->confirming = false;
        return key == 'y' || key == 'Y' ? REACT_DELETE_KEPT | REACT_REDRAW : REACT_REDRAW;
    }
    switch (key) {
    case KEY_UP:
    case 'k':
        if (r->choice > 0)
            r->choice--;
        return REACT_REDRAW;
    case KEY_DOWN:
    case 'j':
        if (r->choice + 1 < r->list.n)
            r->choice++;
        return REACT_REDRAW;
    case '\n':
    case '\r':
    case KEY_ENTER:
        return r->list.n > 0 ? REACT_OPEN_KEPT | REACT_CLOSE | REACT_REDRAW : REACT_NONE;
    case 'd':
    case KEY_DC:
        r->confirming = r->list.n > 0;
        return REACT_REDRAW;
    case 27:
    case 'q':
        return REACT_CLOSE | REACT_REDRAW;
    default:
        return REACT_NONE;
    }
}

static void entry_line(char *buf, size_t size, const struct saves_entry *e)
{
    char date[32];
    struct tm tm;
    if (localtime_r(&e->when, &tm) == NULL ||
        strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm) == 0)
        snprintf(date, sizeof date, "?");
    snprintf(buf, size, "%d%s%d k=%d %s  %s v %s  %d move%s  %s", e->width,
             draw_sym(GLYPH_TIMES), e->height, e->win, rule_name(e->rule), e->player[0],
             e->player[1], e->ply, e->ply == 1 ? "" : "s", date);
}

void resume_draw(const struct resume *r)
{
    int w = COLS - 4 < 76 ? COLS - 4 : 76;
    int shown = r->list.n < 1 ? 1 : r->list.n;
    int h = shown + 5 < LINES - 2 ? shown + 5 : LINES - 2;
    int rows = h - 5;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    struct resume *m = (struct resume *)r; /* the scroll position follows the choice */
    if (m->choice < m->top)
        m->top = m->choice;
    if (m->choice >= m->top + rows)
        m->top = m->choice - rows + 1;
    draw_frame(y, x, h, w, STYLE_NORMAL, "Unfinished games");
    char line[SAVES_PATH_MAX];
    for (int i = 0; i < rows && r->top + i < r->list.n; i++) {
        int k = r->top + i;
        entry_line(line, sizeof line, &r->list.entry[k]);
        enum draw_style s = k == r->choice ? STYLE_SELECTED : STYLE_NORMAL;
        draw_fill(y + 1 + i, x + 1, w - 2, s);
        draw_text(y + 1 + i, x + 2, w - 4, s, line);
    }
    if (r->list.n == 0)
        draw_text(y + 1, x + 2, w - 4, STYLE_DIM, "no unfinished game");
    if (r->confirming)
        draw_text(y + h - 3, x + 2, w - 4, STYLE_ERROR,
                  "Delete the highlighted game for good? y deletes, any other key keeps it");
    draw_text(y + h - 2, x + 2, w - 4, STYLE_DIM, "Enter resumes, d deletes, Esc goes back");
}
