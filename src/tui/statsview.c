/* statsview.c — the Statistics screen; see statsview.h. */
#include "tui/statsview.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/draw.h"
#include "tui/menu.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "tui/saves.h"
#include "tui/text.h"
#include "mnk/i18n.h"

/* The content, line by line: what each line shows. */
enum line_kind {
    LINE_BLANK,
    LINE_TITLE,          /* "Against the computer" */
    LINE_EMPTY,          /* there are no games against it yet */
    LINE_EMPTY_HOW,      /* and how to have some */
    LINE_TOTALS,
    LINE_STREAKS,
    LINE_HEAD,           /* the table's column names */
    LINE_ROW,            /* stats.rows[row] */
    LINE_PEOPLE_TITLE,
    LINE_PEOPLE_HEAD,
    LINE_PEOPLE_ROW,     /* stats.people[row] */
};

struct line {
    enum line_kind kind;
    int row;
};

/* The i-th line of the content; false past the end. */
static bool line_at(const struct statsview *v, int i, struct line *l)
{
    const struct stats *s = &v->stats;
    l->row = 0;
    if (v->unread)
        return false;
    if (i == 0)
        return l->kind = LINE_TITLE, true;
    i--;
    if (s->n_rows == 0) {
        static const enum line_kind empty[] = { LINE_BLANK, LINE_EMPTY, LINE_EMPTY_HOW };
        if (i < 3)
            return l->kind = empty[i], true;
        i -= 3;
    } else {
        static const enum line_kind head[] = { LINE_TOTALS, LINE_STREAKS, LINE_BLANK,
                                               LINE_HEAD };
        if (i < 4)
            return l->kind = head[i], true;
        i -= 4;
        if (i < s->n_rows)
            return l->kind = LINE_ROW, l->row = i, true;
        i -= s->n_rows;
    }
    if (s->n_people == 0)
        return false;
    static const enum line_kind people[] = { LINE_BLANK, LINE_PEOPLE_TITLE, LINE_PEOPLE_HEAD };
    if (i < 3)
        return l->kind = people[i], true;
    i -= 3;
    if (i < s->n_people)
        return l->kind = LINE_PEOPLE_ROW, l->row = i, true;
    return false;
}

static int n_lines(const struct statsview *v)
{
    struct line l;
    int n = 0;
    while (line_at(v, n, &l))
        n++;
    return n;
}

/* Rows of the window the content scrolls in: between the title bar and
 * the hint row, less two for a note. */
static int content_rows(const struct statsview *v)
{
    int n = v->rows - 3 - (v->note[0] != '\0' ? 3 : 1);
    return n > 1 ? n : 1;
}

static int max_top(const struct statsview *v)
{
    int over = n_lines(v) - content_rows(v);
    return over > 0 ? over : 0;
}

void statsview_open(struct statsview *v)
{
    stats_init(&v->stats);
    v->note[0] = '\0';
    v->top = 0;
    v->unread = false;
    char path[SAVES_PATH_MAX], why[200];
    if (!saves_stats_path(path, sizeof path, why, sizeof why))
        snprintf(v->note, sizeof v->note, _("no statistics: %s"), why);
    else
        v->unread = !stats_load(path, &v->stats, v->note, sizeof v->note);
}

void statsview_close(struct statsview *v)
{
    stats_free(&v->stats);
}

void statsview_resize(struct statsview *v, int rows, int cols)
{
    v->rows = rows;
    v->cols = cols;
}

/* --- key handlers ------------------------------------------------------- */

static unsigned scroll_to(struct statsview *v, int top)
{
    int most = max_top(v);
    v->top = top < 0 ? 0 : top > most ? most : top;
    return REACT_REDRAW;
}

static unsigned act_up(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, v->top - 1);
}

static unsigned act_down(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, v->top + 1);
}

static unsigned act_page_up(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, v->top - content_rows(v));
}

static unsigned act_page_down(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, v->top + content_rows(v));
}

static unsigned act_home(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, 0);
}

static unsigned act_end(struct statsview *v, int key)
{
    (void)key;
    return scroll_to(v, max_top(v));
}

static unsigned act_back(struct statsview *v, int key)
{
    (void)v;
    (void)key;
    return REACT_BACK;
}

static const struct binding {
    int key;
    unsigned (*run)(struct statsview *v, int key);
} bindings[] = {
    { KEY_UP, act_up },
    { 'k', act_up },
    { KEY_DOWN, act_down },
    { 'j', act_down },
    { KEY_PPAGE, act_page_up },
    { KEY_NPAGE, act_page_down },
    { ' ', act_page_down },
    { KEY_HOME, act_home },
    { KEY_END, act_end },
    { 27, act_back },
    { 'q', act_back },
    { KEY_BACKSPACE, act_back },
};

unsigned statsview_key(struct statsview *v, int key)
{
    for (size_t k = 0; k < sizeof bindings / sizeof bindings[0]; k++)
        if (bindings[k].key == key)
            return bindings[k].run(v, key);
    return REACT_NONE;
}

/* --- drawing ------------------------------------------------------------ */

/* Where the table's columns start, from the left edge of the content, and
 * how wide they are; the numbers are right-aligned in theirs. */
enum { X_NAME = 0, X_BOARD = 15, X_RULE = 27, X_WON = 37, X_LOST = 43, X_DRAWN = 49,
       X_STREAK = 57, X_BEST = 67, W_COUNT = 5, CONTENT_W = 72 };

/* The people's table: board, rule, games, won by Black, by White, drawn. */
enum { P_BOARD = 0, P_RULE = 12, P_GAMES = 22, P_BLACK = 32, P_WHITE = 44, P_DRAWN = 56,
       W_WIDE = 9 };

static const char *const streak_words[] = {
    [STATS_WON] = N_("%ld won"), [STATS_LOST] = N_("%ld lost"), [STATS_DRAWN] = N_("%ld drawn"),
};

static void streak_text(const struct stats_streak *s, char *buf, size_t size)
{
    if (s->kind == STATS_NONE || s->length == 0)
        snprintf(buf, size, "%s", draw_sym(GLYPH_DASH));
    else
        snprintf(buf, size, _(streak_words[s->kind]), s->length);
}

static void board_text(const struct stats_board *b, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s%d k=%d", b->width, draw_sym(GLYPH_TIMES), b->height, b->win);
}

/* A count right-aligned in a column `w` wide from x. */
static void count_at(int y, int x, int w, long n)
{
    draw_textf(y, x, w + 4, STYLE_NORMAL, "%*ld", w, n);
}

static void draw_row(const struct statsview *v, int y, int left, const struct stats_row *r)
{
    char board[32], streak[32];
    int right = v->cols - left;   /* columns left from `left` on */
    board_text(&r->board, board, sizeof board);
    streak_text(&r->streak, streak, sizeof streak);
    /* A name too long for its column ends in an ellipsis. */
    int w = draw_text(y, left + X_NAME, X_BOARD - 1, STYLE_MESSAGE, r->opponent);
    if (w == X_BOARD - 1 && draw_width(r->opponent) > w)
        draw_glyph(y, left + X_NAME + w - 1, GLYPH_ELLIPSIS, STYLE_MESSAGE);
    draw_text(y, left + X_BOARD, right - X_BOARD, STYLE_NORMAL, board);
    draw_text(y, left + X_RULE, right - X_RULE, STYLE_NORMAL, _(rule_name(r->board.rule)));
    count_at(y, left + X_WON, W_COUNT, r->won);
    count_at(y, left + X_LOST, W_COUNT, r->lost);
    count_at(y, left + X_DRAWN, W_COUNT, r->drawn);
    draw_text(y, left + X_STREAK, right - X_STREAK, STYLE_NORMAL, streak);
    count_at(y, left + X_BEST, W_COUNT - 1, r->best);
}

static void draw_people_row(const struct statsview *v, int y, int left,
                            const struct stats_people *p)
{
    char board[32];
    int right = v->cols - left;
    board_text(&p->board, board, sizeof board);
    draw_text(y, left + P_BOARD, right - P_BOARD, STYLE_NORMAL, board);
    draw_text(y, left + P_RULE, right - P_RULE, STYLE_NORMAL, _(rule_name(p->board.rule)));
    count_at(y, left + P_GAMES, W_COUNT, p->black + p->white + p->drawn);
    count_at(y, left + P_BLACK, W_WIDE, p->black);
    count_at(y, left + P_WHITE, W_WIDE, p->white);
    count_at(y, left + P_DRAWN, W_COUNT, p->drawn);
}

/* A count's column name, ending where the counts below it end: by the
 * screen's columns, so that a Chinese name (two a character) sits over
 * its numbers too. */
static void head_at(int y, int x, int w, const char *name)
{
    char buf[64];
    draw_text(y, x, w, STYLE_DIM, text_pad_left(buf, sizeof buf, _(name), w));
}

static void draw_line(const struct statsview *v, int y, int left, const struct line *l)
{
    const struct stats *s = &v->stats;
    int width = v->cols - left - 1;
    long won, lost, drawn;
    char streak[32];
    switch (l->kind) {
    case LINE_BLANK:
        break;
    case LINE_TITLE:
        draw_text(y, left, width, STYLE_MESSAGE, _("Against the computer"));
        break;
    case LINE_EMPTY:
        draw_text(y, left + 2, width - 2, STYLE_MESSAGE, _("No games against the computer yet."));
        break;
    case LINE_EMPTY_HOW:
        draw_text(y, left + 2, width - 2, STYLE_DIM,
                  _("Play one from New game: it is counted here when it ends."));
        break;
    case LINE_TOTALS:
        stats_totals(s, &won, &lost, &drawn);
        draw_textf(y, left, width, STYLE_NORMAL,
                   ngettext("%ld game: %ld won, %ld lost, %ld drawn",
                            "%ld games: %ld won, %ld lost, %ld drawn",
                            (unsigned long)(won + lost + drawn)),
                   won + lost + drawn, won, lost, drawn);
        break;
    case LINE_STREAKS:
        streak_text(&s->streak, streak, sizeof streak);
        draw_textf(y, left, width, STYLE_NORMAL, _("Current streak: %s   Best winning streak: %ld"),
                   streak, s->best);
        break;
    case LINE_HEAD:
        draw_text(y, left + X_NAME, width, STYLE_DIM, _("Opponent"));
        draw_text(y, left + X_BOARD, width - X_BOARD, STYLE_DIM, _("Board"));
        draw_text(y, left + X_RULE, width - X_RULE, STYLE_DIM, _("Rule"));
        head_at(y, left + X_WON, W_COUNT, N_("Won"));
        head_at(y, left + X_LOST, W_COUNT, N_("Lost"));
        head_at(y, left + X_DRAWN, W_COUNT, N_("Drawn"));
        draw_text(y, left + X_STREAK, width - X_STREAK, STYLE_DIM, _("Streak"));
        head_at(y, left + X_BEST, W_COUNT - 1, N_("Best"));
        break;
    case LINE_ROW:
        draw_row(v, y, left, &s->rows[l->row]);
        break;
    case LINE_PEOPLE_TITLE:
        draw_text(y, left, width, STYLE_MESSAGE, _("Two people at one keyboard"));
        break;
    case LINE_PEOPLE_HEAD:
        draw_text(y, left + P_BOARD, width - P_BOARD, STYLE_DIM, _("Board"));
        draw_text(y, left + P_RULE, width - P_RULE, STYLE_DIM, _("Rule"));
        head_at(y, left + P_GAMES, W_COUNT, N_("Games"));
        head_at(y, left + P_BLACK, W_WIDE, N_("Black won"));
        head_at(y, left + P_WHITE, W_WIDE, N_("White won"));
        head_at(y, left + P_DRAWN, W_COUNT, N_("Drawn"));
        break;
    case LINE_PEOPLE_ROW:
        draw_people_row(v, y, left, &s->people[l->row]);
        break;
    }
}

/* The note over the two rows above the hints, wrapped by hand: cut as
 * drawn, escaped (it may name a file) and in columns. */
static void draw_note(const struct statsview *v)
{
    char shown[4 * sizeof v->note];
    const char *p = text_escape(shown, sizeof shown, v->note);
    for (int y = v->rows - 3; y < v->rows - 1 && *p != '\0'; y++) {
        size_t n = text_fit(p, v->cols - 2, NULL);
        draw_text(y, 1, v->cols - 2, STYLE_ERROR, p);
        p += n > 0 ? n : strlen(p);
    }
}

void statsview_draw(const struct statsview *v)
{
    erase();
    draw_fill(0, 0, v->cols, STYLE_TITLE);
    draw_text(0, 1, v->cols - 2, STYLE_TITLE, _("mnk  statistics"));
    int left = v->cols > CONTENT_W + 4 ? (v->cols - CONTENT_W) / 2 : 2;
    int rows = content_rows(v);
    int most = max_top(v);
    int top = v->top > most ? most : v->top;   /* the window grew since */
    struct line l;
    for (int i = 0; i < rows && line_at(v, top + i, &l); i++) {
        /* A table scrolled past its column names keeps them on top. */
        if (i == 0 && top > 0 && (l.kind == LINE_ROW || l.kind == LINE_PEOPLE_ROW))
            l.kind = l.kind == LINE_ROW ? LINE_HEAD : LINE_PEOPLE_HEAD;
        draw_line(v, 2 + i, left, &l);
    }
    /* Arrows at the right edge say there is more above or below. */
    if (top > 0)
        draw_glyph(2, v->cols - 2, GLYPH_UP, STYLE_DIM);
    if (top < most)
        draw_glyph(1 + rows, v->cols - 2, GLYPH_DOWN, STYLE_DIM);
    draw_note(v);
    static const struct draw_hint hints[] = {
        { N_("up/down"), N_("scroll") }, { "PgUp/PgDn", N_("page") }, { "Esc", N_("back") },
    };
    draw_hints(v->rows - 1, hints, (int)(sizeof hints / sizeof hints[0]));
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static unsigned op_open(void *self)
{
    statsview_open(self);
    return REACT_REDRAW;
}

static void op_close(void *self) { statsview_close(self); }
static void op_resize(void *self, int rows, int cols) { statsview_resize(self, rows, cols); }
static void op_draw(const void *self) { statsview_draw(self); }
static unsigned op_key(void *self, int key) { return statsview_key(self, key); }

const struct screen stats_screen = {
    .size = sizeof(struct statsview),
    .min_cols = MENU_MIN_COLS,
    .min_rows = MENU_MIN_ROWS,
    .open = op_open,
    .close = op_close,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
};
