/* help.c — the help overlay; see help.h. */
#include "tui/help.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/draw.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "mnk/i18n.h"

/* The rule line that says whose marks are whose: by colour, or without it
 * by the attributes the stones have too (draw.h). */
#define MARKS_LEGEND N_("Threat marks, in the colour of the side that would make it:")
#define MARKS_LEGEND_MONO                                                    \
    N_("Threat marks (no colour: Black's bold, White's underlined, like the" \
       " stones):")

static const char *const rules[] = {
    N_("Get k stones in a row, across, down or diagonally; Black starts."),
    N_("freestyle: k or more in a row wins. exact: exactly k wins, a"),
    N_("longer line does not. renju (k = 5): Black may not make a double"),
    N_("three, a double four or an overline, and wins with exactly five."),
    N_("caro: k or more wins unless the opponent blocked both ends."),
    N_("The Rule row of the new-game form picks one; renju makes k 5."),
    N_("Cells are named like h8: the column letter (a at the left), then"),
    N_("the row number (1 at the bottom)."),
    MARKS_LEGEND,
    N_("! five   * open four   + four   \xe2\x88\x99 (or :) open three."),
    N_("Under renju, \xc3\x97 (or #) marks a cell Black may not play; t hides"),
    N_("the marks, and a move there is refused with its reason."),
};

#define N_RULES (int)(sizeof rules / sizeof rules[0])
/* The key column: as wide as the widest keys and two more, within these. */
#define KEYS_MIN_W 18
#define KEYS_MAX_W 26

/* One line of the help text: a heading, a rule, or a key and what it does. */
struct line {
    const char *keys;
    const char *text;
    enum draw_style style;
};

/* The text in the player's language; "" stays "" (gettext would give the
 * catalogue's header). The tables' texts are marked with N_(). */
static const char *tr(const char *text)
{
    return text[0] != '\0' ? _(text) : text;
}


/* The i-th line of the help text, untranslated; false past the end. The
 * rules come first, then each section after an empty line. */
static bool line_at(int i, struct line *l)
{
    if (i == 0)
        return *l = (struct line){ NULL, N_("The game"), STYLE_LABEL }, true;
    if (--i < N_RULES)
        return *l = (struct line){ NULL,
                                   strcmp(rules[i], MARKS_LEGEND) == 0 && !draw_in_colour()
                                       ? MARKS_LEGEND_MONO
                                       : rules[i],
                                   STYLE_NORMAL },
               true;
    i -= N_RULES;
    /* Then each screen of the table that lists its keys, a heading first
     * (screen.h). */
    for (int id = 0; id < SCREEN_COUNT; id++) {
        const struct screen *s = screen_of((enum screen_id)id);
        if (s->help_title == NULL)
            continue;
        if (i == 0)
            return *l = (struct line){ NULL, "", STYLE_NORMAL }, true;
        if (--i == 0)
            return *l = (struct line){ NULL, s->help_title, STYLE_LABEL }, true;
        i--;
        const char *keys, *text;
        if (s->help_line(i, &keys, &text))
            return *l = (struct line){ keys, text, STYLE_NORMAL }, true;
        int n = 0;
        while (s->help_line(n, &keys, &text))
            n++;
        i -= n;
    }
    return false;
}

/* The frame: the whole width of an 80-column screen but a column each
 * side, and no wider on a larger one (long lines read badly). */
static int frame_w(void)
{
    return COLS < 78 ? COLS : 78;
}

/* One row of the help as drawn: a piece of a line's text, wrapped to the
 * frame (text_wrap), with its keys on the first row of the line only. */
struct row {
    const char *keys;       /* NULL: no key column on this row */
    bool key_column;        /* the text starts after the key column */
    const char *text;       /* translated, `len` bytes of it on this row */
    size_t len;
    enum draw_style style;
};

/* The key column's width, for the keys in the player's language. */
static int keys_w(void)
{
    struct line l;
    int most = KEYS_MIN_W;
    for (int i = 0; line_at(i, &l); i++)
        if (l.keys != NULL && draw_width(tr(l.keys)) + 2 > most)
            most = draw_width(tr(l.keys)) + 2;
    return most < KEYS_MAX_W ? most : KEYS_MAX_W;
}

/* Room for the help's rows, wrapped at the narrowest frame (a row holds at
 * least one character): far more than its lines make at 40 columns. */
#define ROWS_MAX 1024

/* The help's rows at frame width w, into rows[0 .. ROWS_MAX) (as many as
 * fit; NULL: only counted); returns how many there are. */
static int lay_out(int w, struct row *rows)
{
    struct line l;
    int n = 0, kw = keys_w();
    for (int i = 0; line_at(i, &l); i++) {
        const char *text = tr(l.text);
        bool keyed = l.keys != NULL;
        int width = keyed ? w - kw - 4 : w - 4;
        bool first = true;
        do {
            size_t rest = 0, len = 0;
            if (text[0] != '\0')
                len = text_wrap(text, width > 1 ? width : 1, &rest);
            if (rows != NULL && n < ROWS_MAX)
                rows[n] = (struct row){ keyed && first ? l.keys : NULL, keyed, text, len, l.style };
            n++;
            first = false;
            text += rest;
        } while (text[0] != '\0');
    }
    return n;
}

static int line_count(void)
{
    return lay_out(frame_w(), NULL);
}

/* Rows of text the frame can hold on this screen. */
static int visible_lines(void)
{
    int n = line_count();
    int room = LINES - 4;
    return room < n ? (room > 0 ? room : 0) : n;
}

/* The text pointer `at` bytes into a table row. */
static const char *text_at(const char *row, size_t at)
{
    const char *text;
    memcpy(&text, row + at, sizeof text);
    return text;
}

bool help_table_line(const void *rows, size_t n, size_t size, size_t keys_at,
                     size_t help_at, int i, const char **keys, const char **help)
{
    const char *row = rows;
    for (size_t k = 0; k < n; k++, row += size) {
        if (text_at(row, keys_at) == NULL)
            continue;
        if (i-- == 0) {
            *keys = text_at(row, keys_at);
            *help = text_at(row, help_at);
            return true;
        }
    }
    return false;
}

const void *help_table_find(const void *rows, size_t n, size_t size, size_t key_at, int key)
{
    const char *row = rows;
    for (size_t k = 0; k < n; k++, row += size) {
        int at;
        memcpy(&at, row + key_at, sizeof at);
        if (at == key)
            return row;
    }
    return NULL;
}

void help_init(struct help *h)
{
    h->scroll = 0;
}

unsigned help_key(struct help *h, int key)
{
    int max = line_count() - visible_lines();
    switch (key) {
    case KEY_UP:
    case 'k':
        h->scroll = h->scroll > 0 ? h->scroll - 1 : 0;
        return REACT_REDRAW;
    case KEY_DOWN:
    case 'j':
        h->scroll = h->scroll < max ? h->scroll + 1 : max;
        return REACT_REDRAW;
    default:
        return REACT_CLOSE | REACT_REDRAW;
    }
}

void help_draw(const struct help *h)
{
    int shown = visible_lines();
    int w = frame_w();
    int height = shown + 4;
    int y = (LINES - height) / 2, x = (COLS - w) / 2;
    draw_frame(y, x, height, w, STYLE_NORMAL, _("Help"));
    int max = line_count() - shown;
    int first = h->scroll < max ? h->scroll : max;
    int kw = keys_w();
    static struct row rows[ROWS_MAX];   /* laid out once a draw */
    int n = lay_out(w, rows);
    n = n < ROWS_MAX ? n : ROWS_MAX;
    for (int r = 0; r < shown && first + r < n; r++) {
        const struct row *row = &rows[first + r];
        char piece[1024];
        snprintf(piece, sizeof piece, "%.*s", (int)row->len, row->text);
        int at = y + 1 + r;
        if (row->keys != NULL)
            draw_text(at, x + 2, kw - 1, STYLE_KEY, tr(row->keys));
        if (row->key_column)
            draw_text(at, x + 2 + kw, w - kw - 4, row->style, piece);
        else
            draw_text(at, x + 2, w - 4, row->style, piece);
    }
    const char *footer = max > 0 ? _("up/down scroll, any other key closes") : _("any key closes");
    draw_text(y + height - 2, x + 2, w - 4, STYLE_DIM, footer);
}
