/* prompt.c — a one-line text field; see prompt.h. */
#include "tui/prompt.h"

#include <curses.h>
#include <stdio.h>

#include "tui/draw.h"
#include "tui/react.h"

#define CTRL_U 21

void prompt_open(struct prompt *p, const char *question, const char *hint,
                 const char *text, unsigned on_enter)
{
    p->question = question;
    p->hint = hint;
    p->on_enter = on_enter;
    int n = snprintf(p->text, sizeof p->text, "%s", text);
    p->len = n < 0 ? 0 : (size_t)n < sizeof p->text ? (size_t)n : sizeof p->text - 1;
    p->text[p->len] = '\0';
}

unsigned prompt_key(struct prompt *p, int key)
{
    switch (key) {
    case 27:
        return REACT_CLOSE | REACT_REDRAW;
    case '\n':
    case '\r':
    case KEY_ENTER:
        return p->len == 0 ? REACT_NONE : REACT_CLOSE | REACT_REDRAW | p->on_enter;
    case KEY_BACKSPACE:
    case 127:
    case 8:
        /* A whole character: its continuation bytes, then its first byte. */
        while (p->len > 0 && ((unsigned char)p->text[p->len - 1] & 0xc0) == 0x80)
            p->len--;
        if (p->len > 0)
            p->len--;
        p->text[p->len] = '\0';
        return REACT_REDRAW;
    case CTRL_U:
        p->len = 0;
        p->text[0] = '\0';
        return REACT_REDRAW;
    default:
        /* Bytes of text; curses' own key codes start above 255. */
        if (key < ' ' || key > 255 || key == 127 || p->len + 1 >= sizeof p->text)
            return REACT_NONE;
        p->text[p->len++] = (char)key;
        p->text[p->len] = '\0';
        return REACT_REDRAW;
    }
}

void prompt_draw(const struct prompt *p)
{
    int w = COLS < 72 ? COLS : 72;
    int h = 7;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    int field = w - 6;
    draw_frame(y, x, h, w, STYLE_NORMAL, NULL);
    draw_text(y + 1, x + 3, field, STYLE_MESSAGE, p->question);
    /* The end of a long text shows, where the typing happens. */
    const char *shown = p->text;
    int width = draw_width(shown);
    while (width > field - 1 && *shown != '\0') {
        shown++;
        while (((unsigned char)*shown & 0xc0) == 0x80)
            shown++;
        width--;
    }
    draw_fill(y + 3, x + 3, field, STYLE_SELECTED);
    int used = draw_text(y + 3, x + 3, field, STYLE_SELECTED, shown);
    draw_text(y + 3, x + 3 + used, 1, STYLE_CURSOR, " ");
    draw_text(y + 5, x + 3, field, STYLE_DIM, p->hint);
}
