/* draw.c — glyphs, colours and clipped drawing; see draw.h. */
#include "tui/draw.h"
#include "mnk/i18n.h"
#include "tui/text.h"

#include <curses.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>

struct glyph {
    const char *utf8;
    char acs;           /* the VT100 line-drawing code, 0 when not a line */
    const char *ascii;
    const char *wide;   /* full-width, for the board's glyphs; NULL: ASCII */
};

static const struct glyph glyphs[GLYPH_COUNT] = {
    [GLYPH_H] = { "─", 'q', "-" },
    [GLYPH_V] = { "│", 'x', "|" },
    [GLYPH_TL] = { "┌", 'l', "+" },
    [GLYPH_TR] = { "┐", 'k', "+" },
    [GLYPH_BL] = { "└", 'm', "+" },
    [GLYPH_BR] = { "┘", 'j', "+" },
    [GLYPH_T] = { "┬", 'w', "+" },
    [GLYPH_B] = { "┴", 'v', "+" },
    [GLYPH_L] = { "├", 't', "+" },
    [GLYPH_R] = { "┤", 'u', "+" },
    [GLYPH_CROSS] = { "┼", 'n', "+" },
    [GLYPH_BLACK] = { "●", 0, "X", "Ｘ" },
    [GLYPH_WHITE] = { "○", 0, "O", "Ｏ" },
    [GLYPH_TIMES] = { "×", 0, "x" },
    [GLYPH_ELLIPSIS] = { "…", 0, "..." },
    [GLYPH_PREV] = { "‹", 0, "<" },
    [GLYPH_NEXT] = { "›", 0, ">" },
    [GLYPH_TURN] = { "▶", 0, ">" },
    [GLYPH_DASH] = { "–", 0, "-" },
    [GLYPH_UP] = { "↑", 0, "^" },
    [GLYPH_DOWN] = { "↓", 0, "v" },
    [GLYPH_LEFT] = { "←", 0, "<" },
    [GLYPH_RIGHT] = { "→", 0, ">" },
    [GLYPH_DOT] = { "·", 0, "." },
    [GLYPH_POINT] = { "┼", 'n', "+", "・" },
    [GLYPH_MARK_FIVE] = { "!", 0, "!", "！" },
    [GLYPH_MARK_OPEN4] = { "*", 0, "*", "＊" },
    [GLYPH_MARK_FOUR] = { "+", 0, "+", "＋" },
    [GLYPH_MARK_OPEN3] = { "∙", 0, ":", "：" },
    /* Not x: the ASCII and full-width Black stone is an X. */
    [GLYPH_MARK_FORBID] = { "×", 0, "#", "＃" },
};

struct style {
    short fg, bg;       /* -1: the terminal's default */
    attr_t colour;      /* extra attributes with colour */
    attr_t mono;        /* attributes without colour */
};

static const struct style styles[STYLE_COUNT] = {
    [STYLE_NORMAL] = { -1, -1, A_NORMAL, A_NORMAL },
    [STYLE_TITLE] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
    [STYLE_GRID] = { COLOR_BLUE, -1, A_NORMAL, A_NORMAL },
    [STYLE_LABEL] = { COLOR_CYAN, -1, A_NORMAL, A_NORMAL },
    /* Red and cyan read on dark and light backgrounds alike, and apart for
     * the common forms of colour blindness. */
    [STYLE_BLACK] = { COLOR_RED, -1, A_BOLD, A_BOLD },
    [STYLE_WHITE] = { COLOR_CYAN, -1, A_BOLD, A_UNDERLINE },
    [STYLE_MARK_BLACK] = { COLOR_RED, -1, A_NORMAL, A_BOLD },
    [STYLE_MARK_WHITE] = { COLOR_CYAN, -1, A_NORMAL, A_UNDERLINE },
    /* Its glyph tells it apart without colour. */
    [STYLE_FORBID] = { COLOR_RED, -1, A_NORMAL, A_NORMAL },
    [STYLE_HINT] = { COLOR_BLACK, COLOR_MAGENTA, A_BOLD, A_REVERSE | A_BOLD },
    [STYLE_WARN] = { COLOR_YELLOW, -1, A_BOLD, A_BOLD | A_UNDERLINE },
    [STYLE_CURSOR] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_REVERSE },
    [STYLE_LAST] = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
    [STYLE_WIN] = { COLOR_BLACK, COLOR_GREEN, A_BOLD, A_BOLD | A_UNDERLINE },
    [STYLE_MESSAGE] = { -1, -1, A_BOLD, A_BOLD },
    [STYLE_ERROR] = { COLOR_RED, -1, A_BOLD, A_BOLD },
    [STYLE_KEY] = { COLOR_CYAN, -1, A_BOLD, A_BOLD },
    [STYLE_SELECTED] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
    [STYLE_DIM] = { -1, -1, A_DIM, A_DIM },
    [STYLE_THINKING] = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
};

/* Set by draw_init() (and draw_set_look()) on the UI thread only. */
static enum draw_charset charset = DRAW_ASCII;
static enum draw_charset best = DRAW_ASCII;   /* what the terminal can do */
static enum draw_look look = DRAW_LOOK_BEST;
static bool colour;

/* True when the language of messages is Chinese, Japanese or Korean. */
static bool east_asian(void)
{
    static const char *const vars[] = { "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v == NULL || v[0] == '\0')
            continue;
        return strncmp(v, "zh", 2) == 0 || strncmp(v, "ja", 2) == 0 || strncmp(v, "ko", 2) == 0;
    }
    return false;
}

void draw_set_look(enum draw_look to)
{
    if (to == DRAW_LOOK_AUTO)
        to = east_asian() ? DRAW_LOOK_WIDE : DRAW_LOOK_BEST;
    if (to == DRAW_LOOK_WIDE && best != DRAW_UTF8)
        to = DRAW_LOOK_BEST;
    look = to;
    charset = to == DRAW_LOOK_PLAIN ? DRAW_ASCII : to == DRAW_LOOK_WIDE ? DRAW_WIDE : best;
}

enum draw_look draw_look(void)
{
    return look;
}

enum draw_look draw_next_look(enum draw_look from)
{
    switch (from) {
    case DRAW_LOOK_BEST:
        return best == DRAW_UTF8 ? DRAW_LOOK_WIDE : DRAW_LOOK_PLAIN;
    case DRAW_LOOK_WIDE:
        return DRAW_LOOK_PLAIN;
    case DRAW_LOOK_AUTO:
    case DRAW_LOOK_PLAIN:
        break;
    }
    return DRAW_LOOK_BEST;
}

bool draw_wide(void)
{
    return charset == DRAW_WIDE;
}

int draw_glyph_width(void)
{
    return draw_wide() ? 2 : 1;
}

void draw_init(enum draw_look chosen)
{
    const char *codeset = nl_langinfo(CODESET);
    const char *acsc = tigetstr("acsc");
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0)
        best = DRAW_UTF8;
    else if (acsc != NULL && acsc != (char *)-1 && acsc[0] != '\0')
        best = DRAW_ACS;
    else
        best = DRAW_ASCII;
    draw_set_look(chosen);

    const char *no_colour = getenv("NO_COLOR");
    colour = has_colors() && (no_colour == NULL || no_colour[0] == '\0');
    if (!colour)
        return;
    start_color();
    bool defaults = use_default_colors() == OK;
    for (int i = 1; i < STYLE_COUNT; i++) {
        short fg = styles[i].fg, bg = styles[i].bg;
        if (!defaults) {
            fg = fg < 0 ? COLOR_WHITE : fg;
            bg = bg < 0 ? COLOR_BLACK : bg;
        }
        init_pair((short)i, fg, bg);
    }
}

bool draw_in_colour(void)
{
    return colour;
}

enum draw_charset draw_charset(void)
{
    return charset;
}

const char *draw_sym(enum draw_glyph g)
{
    if (charset == DRAW_WIDE)
        return glyphs[g].wide != NULL ? glyphs[g].wide : glyphs[g].ascii;
    return charset == DRAW_UTF8 ? glyphs[g].utf8 : glyphs[g].ascii;
}

enum draw_glyph draw_stone_glyph(enum stone s)
{
    return s == STONE_BLACK ? GLYPH_BLACK : GLYPH_WHITE;
}

enum draw_style draw_stone_style(enum stone s)
{
    return s == STONE_BLACK ? STYLE_BLACK : STYLE_WHITE;
}

enum draw_style draw_mark_style(enum stone s)
{
    return s == STONE_BLACK ? STYLE_MARK_BLACK : STYLE_MARK_WHITE;
}

static attr_t attr_of(enum draw_style s)
{
    if (!colour)
        return styles[s].mono;
    return styles[s].colour | (s == STYLE_NORMAL ? 0 : COLOR_PAIR(s));
}

static bool on_screen(int y, int x)
{
    return y >= 0 && x >= 0 && y < LINES && x < COLS;
}

void draw_glyph(int y, int x, enum draw_glyph g, enum draw_style s)
{
    if (!on_screen(y, x))
        return;
    if (charset == DRAW_ACS && glyphs[g].acs != 0) {
        mvaddch(y, x, NCURSES_ACS(glyphs[g].acs) | attr_of(s));
        return;
    }
    attrset((int)attr_of(s));
    /* One cell, or two for a full-width glyph. */
    const char *text = draw_sym(g);
    if (charset == DRAW_UTF8 || charset == DRAW_WIDE)
        mvaddstr(y, x, text);
    else
        mvaddch(y, x, (chtype)(unsigned char)text[0] | attr_of(s));
    attrset(A_NORMAL);
}

/* Bytes of escaped text kept for drawing: four a column on a screen of
 * 500 columns, far more than any row shows (what is cut is past the
 * screen's edge). */
#define SHOWN_MAX 2048

int draw_width(const char *text)
{
    char shown[SHOWN_MAX];
    return text_width(text_escape(shown, sizeof shown, text));
}

/* With MNK_CUT_LOG naming a file, every text cut to fit is added to it:
 * the end-to-end tests walk the screens and require none at 80×24. Opened
 * once, on the first cut; a file that cannot be opened logs nothing. */
static void note_cut(int y, int x, int width, const char *text)
{
    static FILE *log;
    static bool tried;
    if (!tried) {
        tried = true;
        const char *path = getenv("MNK_CUT_LOG");
        if (path != NULL && path[0] != '\0')
            log = fopen(path, "a");
    }
    if (log != NULL) {
        fprintf(log, "%dx%d at %d,%d width %d: %s\n", COLS, LINES, y, x, width, text);
        fflush(log);
    }
}

int draw_text(int y, int x, int width, enum draw_style s, const char *raw)
{
    if (y < 0 || y >= LINES || x >= COLS || width <= 0)
        return 0;
    /* A name from outside may hold a newline or an escape sequence: shown,
     * not obeyed, it stays on its row (text.h). */
    char shown[SHOWN_MAX];
    const char *text = text_escape(shown, sizeof shown, raw);
    if (x < 0) {
        width += x;
        x = 0;
    }
    if (width > COLS - x)
        width = COLS - x;
    /* Whole characters only, as many as fit in `width` columns; text cut
     * short ends in an ellipsis, so that a cut never passes for the end. */
    int cols;
    size_t bytes = text_fit(text, width, &cols);
    const char *dots = NULL;
    int dots_w = 0;
    if (text[bytes + strspn(text + bytes, " ")] != '\0') {
        note_cut(y, x, width, text);
        dots = draw_sym(GLYPH_ELLIPSIS);
        dots_w = draw_width(dots);
        if (width > dots_w)
            bytes = text_fit(text, width - dots_w, &cols);
        else
            dots = NULL;
    }
    if (cols == 0 && dots == NULL)
        return 0;
    attrset((int)attr_of(s));
    mvaddnstr(y, x, text, (int)bytes);
    if (dots != NULL) {
        addstr(dots);
        cols += dots_w;
    }
    attrset(A_NORMAL);
    return cols;
}

int draw_textf(int y, int x, int width, enum draw_style s, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return draw_text(y, x, width, s, buf);
}

void draw_fill(int y, int x, int width, enum draw_style s)
{
    if (y < 0 || y >= LINES)
        return;
    if (x < 0) {
        width += x;
        x = 0;
    }
    if (width > COLS - x)
        width = COLS - x;
    if (width <= 0)
        return;
    attrset((int)attr_of(s));
    mvhline(y, x, ' ', width);
    attrset(A_NORMAL);
}

void draw_frame(int y, int x, int h, int w, enum draw_style s, const char *title)
{
    if (h < 2 || w < 2)
        return;
    for (int r = y + 1; r < y + h - 1; r++) {
        draw_fill(r, x + 1, w - 2, s);
        draw_glyph(r, x, GLYPH_V, s);
        draw_glyph(r, x + w - 1, GLYPH_V, s);
    }
    for (int c = x + 1; c < x + w - 1; c++) {
        draw_glyph(y, c, GLYPH_H, s);
        draw_glyph(y + h - 1, c, GLYPH_H, s);
    }
    draw_glyph(y, x, GLYPH_TL, s);
    draw_glyph(y, x + w - 1, GLYPH_TR, s);
    draw_glyph(y + h - 1, x, GLYPH_BL, s);
    draw_glyph(y + h - 1, x + w - 1, GLYPH_BR, s);
    if (title != NULL && w > 6) {
        draw_fill(y, x + 2, 1, s);
        int n = draw_text(y, x + 3, w - 6, s, title);
        draw_fill(y, x + 3 + n, 1, s);
    }
}

void draw_hints(int y, const struct draw_hint *hints, int n)
{
    int x = 1;
    for (int i = 0; i < n; i++) {
        const char *key = _(hints[i].key), *what = _(hints[i].what);
        int need = draw_width(key) + draw_width(what) + 3;
        if (x + need > COLS)
            break;
        x += draw_text(y, x, COLS - x, STYLE_KEY, key);
        x += draw_text(y, x + 1, COLS - x - 1, STYLE_NORMAL, what) + 3;
    }
}

void draw_too_small(int need_cols, int need_rows)
{
    char line[96], row[96];
    erase();
    snprintf(line, sizeof line, _("terminal too small: need at least %d%s%d"),
             need_cols, draw_sym(GLYPH_TIMES), need_rows);
    /* Wrapped at word breaks (text_wrap), over as many rows as it takes,
     * each centred; even a 1×1 screen shows what it can. */
    int width = COLS > 0 ? COLS : 1, rows = 0;
    size_t rest;
    for (const char *p = line; *p != '\0'; p += rest, rows++)
        text_wrap(p, width, &rest);
    int y = LINES > rows ? (LINES - rows) / 2 : 0;
    const char *p = line;
    for (; *p != '\0' && y < LINES; p += rest, y++) {
        size_t bytes = text_wrap(p, width, &rest);
        memcpy(row, p, bytes);
        row[bytes] = '\0';
        int w = draw_width(row), x = w < width ? (width - w) / 2 : 0;
        draw_text(y, x, width - x, STYLE_ERROR, row);
    }
}
