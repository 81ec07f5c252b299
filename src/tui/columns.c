/* columns.c — a list's columns from the width there is; see columns.h. */
#include "tui/columns.h"

#include <string.h>

#include "tui/text.h"

/* Columns taken by those shown and the gaps between them. */
static int used(const struct column *c, int n, int gap)
{
    int total = 0, shown = 0;
    for (int i = 0; i < n; i++)
        if (c[i].width > 0)
            total += c[i].width, shown++;
    return shown > 1 ? total + gap * (shown - 1) : total;
}

void columns_fit(struct column *c, int n, int gap, int width)
{
    int last = 0;
    for (int i = 0; i < n; i++) {
        c[i].width = c[i].want > 0 ? c[i].want : 0;
        if (c[i].give > last)
            last = c[i].give;
    }
    /* Cut, then dropped, in their turn. */
    for (int turn = 1; turn <= last; turn++)
        for (int i = 0; i < n; i++) {
            int over = used(c, n, gap) - width;
            if (c[i].give == turn && over > 0 && c[i].width > c[i].least) {
                int cut = c[i].width - c[i].least;
                c[i].width -= cut < over || c[i].to_least ? cut : over;
            }
        }
    /* A cut to the least may have left room over: back to the others. */
    for (int turn = 1; turn <= last; turn++)
        for (int i = 0; i < n; i++) {
            int room = width - used(c, n, gap);
            if (c[i].give == turn && !c[i].to_least && room > 0 && c[i].width < c[i].want) {
                int back = c[i].want - c[i].width;
                c[i].width += back < room ? back : room;
            }
        }
    for (int turn = 1; turn <= last; turn++)
        for (int i = 0; i < n; i++)
            if (c[i].give == turn && used(c, n, gap) > width)
                c[i].width = 0;
    /* What is left is what tells the rows apart: cut last, the last first. */
    for (int i = n - 1; i >= 0; i--) {
        int over = used(c, n, gap) - width;
        if (c[i].give == 0 && over > 0 && c[i].width > 0) {
            int most = c[i].width - 1;
            c[i].width -= most < over ? most : over;
        }
    }
}

/* The start of text and the ellipsis, in width columns. */
static const char *cut_end(char *buf, size_t size, const char *text, int width,
                           const char *ellipsis)
{
    int room = width - text_width(ellipsis);
    if (room < 0)
        return text;   /* cut by the padding */
    size_t n = text_fit(text, room, NULL), e = strlen(ellipsis);
    if (n + e >= size)
        return text;
    memcpy(buf, text, n);
    memcpy(buf + n, ellipsis, e + 1);
    return buf;
}

char *columns_row(char *buf, size_t size, const struct column *c, int n, int gap,
                  const char *const *cells, const char *ellipsis)
{
    if (size == 0)
        return buf;
    size_t at = 0;
    buf[0] = '\0';
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (c[i].width <= 0)
            continue;
        char cut[256], cell[256];
        const char *text = cells[i];
        if (text_width(text) > c[i].width) {
            if (c[i].cut == COLUMNS_MIDDLE)
                text = text_cut_middle(cut, sizeof cut, text, c[i].width, ellipsis);
            else if (c[i].cut == COLUMNS_ELLIPSIS)
                text = cut_end(cut, sizeof cut, text, c[i].width, ellipsis);
        }
        if (c[i].right)
            text_pad_left(cell, sizeof cell, text, c[i].width);
        else
            text_pad(cell, sizeof cell, text, c[i].width);
        size_t len = strlen(cell), space = first ? 0 : (size_t)gap;
        if (at + space + len >= size)
            break;
        memset(buf + at, ' ', space);
        memcpy(buf + at + space, cell, len + 1);
        at += space + len;
        first = false;
    }
    buf[at] = '\0';
    return buf;
}
