/* prompt.c — a one-line text field; see prompt.h. */
#include "tui/prompt.h"

#include <curses.h>
#include <stdio.h>

#include "tui/draw.h"
#include "tui/react.h"
#include "mnk/i18n.h"
#include "tui/text.h"

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
    p->complete = NULL;
    p->names[0] = '\0';
}

/* Tab: the text completed as far as the matches agree. */
static unsigned complete(struct prompt *p)
{
    if (p->complete == NULL)
        return REACT_NONE;
    char out[PROMPT_MAX];
    int n = p->complete(p->text, out, sizeof out, p->names, sizeof p->names);
    if (n == 0) {
        snprintf(p->names, sizeof p->names, "%s", _("no file matches"));
        return REACT_REDRAW;
    }
    int len = snprintf(p->text, sizeof p->text, "%s", out);
    p->len = len < 0 ? 0 : (size_t)len < sizeof p->text ? (size_t)len : sizeof p->text - 1;
    if (n == 1)
        p->names[0] = '\0';
    return REACT_REDRAW;
}

unsigned prompt_key(struct prompt *p, int key)
{
    if (key != '\t')
        p->names[0] = '\0';
    switch (key) {
    case 27:
        return REACT_CLOSE | REACT_REDRAW;
    case '\t':
        return complete(p);
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

void prompt_draw_field(const struct prompt *p, int y, int x, int width)
{
    /* The end of a long text shows, where the typing happens: measured as
     * drawn, with what Tab brought in escaped (draw_text), which is at
     * most four bytes a byte. */
    char escaped[4 * PROMPT_MAX];
    text_escape(escaped, sizeof escaped, p->text);
    const char *shown = escaped + text_tail(escaped, width - 1);
    draw_fill(y, x, width, STYLE_SELECTED);
    int used = draw_text(y, x, width, STYLE_SELECTED, shown);
    draw_text(y, x + used, 1, STYLE_CURSOR, " ");
    if (p->names[0] != '\0')
        draw_text(y + 1, x, width, STYLE_DIM, p->names);
}

void prompt_draw(const struct prompt *p)
{
    int w = COLS < 72 ? COLS : 72;
    int h = 7;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    int field = w - 6;
    draw_frame(y, x, h, w, STYLE_NORMAL, NULL);
    draw_text(y + 1, x + 3, field, STYLE_MESSAGE, p->question);
    prompt_draw_field(p, y + 3, x + 3, field);
    if (p->names[0] == '\0')
        draw_text(y + 5, x + 3, field, STYLE_DIM, p->hint);
}
