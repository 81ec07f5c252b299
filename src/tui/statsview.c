/* statsview.c — the Statistics screen; see statsview.h. */
#include "tui/statsview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    LINE_CLOCK,          /* the totals under v->clocks[row] */
    LINE_HEAD,           /* the table's column names */
    LINE_ROW,            /* stats.rows[row] */
    LINE_PEOPLE_TITLE,
    LINE_PEOPLE_HEAD,
    LINE_PEOPLE_ROW,     /* stats.people[row] */
    LINE_NET_TITLE,
    LINE_NET_HEAD,
    LINE_NET_ROW,        /* stats.net[row] */
    LINE_PUZZLE_TITLE,
    LINE_PUZZLE_EMPTY,   /* no puzzle rated yet */
    LINE_PUZZLE_RATING,  /* the rating, solved and failed */
    LINE_PUZZLE_STREAKS,
    LINE_PUZZLE_HEAD,    /* "Last attempts" */
    LINE_PUZZLE_ATTEMPT, /* the row-th newest attempt */
};

struct line {
    enum line_kind kind;
    int row;
};

static int shown_attempts(const struct statsview *v)
{
    int n = v->puzzles.n_history;
    return n < STATSVIEW_ATTEMPTS ? n : STATSVIEW_ATTEMPTS;
}

/* The i-th line of the puzzles' part; false past its end. */
static bool puzzle_line_at(const struct statsview *v, int i, struct line *l)
{
    if (v->puzzles_unread)
        return false;   /* the note says why */
    static const enum line_kind head[] = { LINE_BLANK, LINE_PUZZLE_TITLE };
    if (i < 2)
        return l->kind = head[i], true;
    i -= 2;
    if (!v->puzzles.rated)
        return i == 0 ? (l->kind = LINE_PUZZLE_EMPTY, true) : false;
    static const enum line_kind facts[] = { LINE_PUZZLE_RATING, LINE_PUZZLE_STREAKS,
                                            LINE_PUZZLE_HEAD };
    if (i < 3)
        return l->kind = facts[i], true;
    i -= 3;
    if (i < shown_attempts(v))
        return l->kind = LINE_PUZZLE_ATTEMPT, l->row = i, true;
    return false;
}

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
        if (i < 2)
            return l->kind = i == 0 ? LINE_TOTALS : LINE_STREAKS, true;
        i -= 2;
        if (i < v->n_clocks)
            return l->kind = LINE_CLOCK, l->row = i, true;
        i -= v->n_clocks;
        if (i < 2)
            return l->kind = i == 0 ? LINE_BLANK : LINE_HEAD, true;
        i -= 2;
        if (i < s->n_rows)
            return l->kind = LINE_ROW, l->row = i, true;
        i -= s->n_rows;
    }
    if (s->n_people > 0) {
        static const enum line_kind people[] = { LINE_BLANK, LINE_PEOPLE_TITLE,
                                                 LINE_PEOPLE_HEAD };
        if (i < 3)
            return l->kind = people[i], true;
        i -= 3;
        if (i < s->n_people)
            return l->kind = LINE_PEOPLE_ROW, l->row = i, true;
        i -= s->n_people;
    }
    if (s->n_net > 0) {
        static const enum line_kind net[] = { LINE_BLANK, LINE_NET_TITLE, LINE_NET_HEAD };
        if (i < 3)
            return l->kind = net[i], true;
        i -= 3;
        if (i < s->n_net)
            return l->kind = LINE_NET_ROW, l->row = i, true;
        i -= s->n_net;
    }
    return puzzle_line_at(v, i, l);
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

static void lay_out(struct statsview *v);

/* The totals per clock, when any game had one (and memory allows). */
static void count_clocks(struct statsview *v)
{
    v->n_clocks = 0;
    if (v->stats.n_rows == 0)
        return;
    v->clocks = malloc((size_t)v->stats.n_rows * sizeof *v->clocks);
    if (v->clocks == NULL)
        return;
    int n = stats_by_clock(&v->stats, v->clocks);
    /* No clock sorts first: one control that is no clock is nothing to say. */
    v->n_clocks = n == 1 && v->clocks[0].tc.kind == TC_NONE ? 0 : n;
}

void statsview_open(struct statsview *v)
{
    stats_init(&v->stats);
    v->clocks = NULL;
    v->note[0] = '\0';
    v->top = 0;
    v->unread = false;
    char path[SAVES_PATH_MAX], why[200];
    if (!saves_stats_path(path, sizeof path, why, sizeof why))
        snprintf(v->note, sizeof v->note, _("no statistics: %s"), why);
    else
        v->unread = !stats_load(path, &v->stats, v->note, sizeof v->note);
    /* The puzzle record, read the same way; its note after the other's. */
    char note[sizeof v->note];
    puzzlestats_init(&v->puzzles);
    v->puzzles_unread = false;
    note[0] = '\0';
    if (!saves_puzzles_path(path, sizeof path, why, sizeof why))
        snprintf(note, sizeof note, _("no puzzle record: %s"), why);
    else
        v->puzzles_unread = !puzzlestats_load(path, &v->puzzles, note, sizeof note);
    if (note[0] != '\0') {
        size_t used = strlen(v->note);
        snprintf(v->note + used, sizeof v->note - used, "%s%s", used > 0 ? _("; ") : "", note);
    }
    count_clocks(v);
    lay_out(v);
}

void statsview_close(struct statsview *v)
{
    stats_free(&v->stats);
    free(v->clocks);
    v->clocks = NULL;
    v->n_clocks = 0;
}

void statsview_resize(struct statsview *v, int rows, int cols)
{
    v->rows = rows;
    v->cols = cols;
    lay_out(v);
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

/* The tables' columns, in the order of a row. */
enum { T_NAME, T_BOARD, T_RULE, T_CLOCK, T_WON, T_LOST, T_ON_TIME, T_DRAWN, T_STREAK, T_BEST,
       T_COLS };
enum { P_BOARD, P_RULE, P_CLOCK, P_GAMES, P_BLACK, P_WHITE, P_ON_TIME, P_DRAWN, P_COLS };
#define GAP 2
#define CELL_MAX 64   /* bytes of a cell: a name (STATS_NAME_MAX), a clock (TC_TEXT_MAX) */

_Static_assert(T_COLS <= STATSVIEW_COLUMNS && P_COLS <= STATSVIEW_COLUMNS, "room for columns");

static const char *const table_names[T_COLS] = {
    [T_NAME] = N_("Opponent"), [T_BOARD] = N_("Board"), [T_RULE] = N_("Rule"),
    [T_CLOCK] = N_("Clock"), [T_WON] = N_("Won"), [T_LOST] = N_("Lost"),
    /* TRANSLATORS: the column of the games lost on time (after Lost), and
       in the people's table of the games won on time (after White won). */
    [T_ON_TIME] = N_("On time"), [T_DRAWN] = N_("Drawn"), [T_STREAK] = N_("Streak"),
    [T_BEST] = N_("Best"),
};

static const char *const people_names[P_COLS] = {
    [P_BOARD] = N_("Board"), [P_RULE] = N_("Rule"), [P_CLOCK] = N_("Clock"),
    [P_GAMES] = N_("Games"), [P_BLACK] = N_("Black won"), [P_WHITE] = N_("White won"),
    [P_ON_TIME] = N_("On time"), [P_DRAWN] = N_("Drawn"),
};

/* One row's cells. */
struct cells {
    char cell[STATSVIEW_COLUMNS][CELL_MAX];
    const char *text[STATSVIEW_COLUMNS];
};

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

/* A clock as the tables show it: its short form, a dash for none. */
static void clock_text(const struct tc *tc, char *buf, size_t size)
{
    if (tc->kind == TC_NONE)
        snprintf(buf, size, "%s", draw_sym(GLYPH_DASH));
    else
        tc_format(tc, buf, size);
}

/* The games on time: a dash where no clock could run out. */
static void on_time_text(const struct tc *tc, long n, char *buf, size_t size)
{
    if (tc->kind == TC_NONE)
        snprintf(buf, size, "%s", draw_sym(GLYPH_DASH));
    else
        snprintf(buf, size, "%ld", n);
}

/* A clock as the totals per clock name it. */
static void clock_name(const struct tc *tc, char *buf, size_t size)
{
    if (tc->kind == TC_NONE)
        snprintf(buf, size, "%s", _("no clock"));
    else
        tc_format(tc, buf, size);
}

static void cells_point(struct cells *c, int n)
{
    for (int k = 0; k < n; k++)
        c->text[k] = c->cell[k];
}

static void row_cells(const struct stats_row *r, struct cells *c)
{
    snprintf(c->cell[T_NAME], CELL_MAX, "%s", r->opponent);
    board_text(&r->board, c->cell[T_BOARD], CELL_MAX);
    snprintf(c->cell[T_RULE], CELL_MAX, "%s", _(rule_name(r->board.rule)));
    clock_text(&r->tc, c->cell[T_CLOCK], CELL_MAX);
    snprintf(c->cell[T_WON], CELL_MAX, "%ld", r->won);
    snprintf(c->cell[T_LOST], CELL_MAX, "%ld", r->lost);
    on_time_text(&r->tc, r->lost_on_time, c->cell[T_ON_TIME], CELL_MAX);
    snprintf(c->cell[T_DRAWN], CELL_MAX, "%ld", r->drawn);
    streak_text(&r->streak, c->cell[T_STREAK], CELL_MAX);
    snprintf(c->cell[T_BEST], CELL_MAX, "%ld", r->best);
    cells_point(c, T_COLS);
}

static void people_cells(const struct stats_people *p, struct cells *c)
{
    board_text(&p->board, c->cell[P_BOARD], CELL_MAX);
    snprintf(c->cell[P_RULE], CELL_MAX, "%s", _(rule_name(p->board.rule)));
    clock_text(&p->tc, c->cell[P_CLOCK], CELL_MAX);
    snprintf(c->cell[P_GAMES], CELL_MAX, "%ld", p->black + p->white + p->drawn);
    snprintf(c->cell[P_BLACK], CELL_MAX, "%ld", p->black);
    snprintf(c->cell[P_WHITE], CELL_MAX, "%ld", p->white);
    on_time_text(&p->tc, p->on_time, c->cell[P_ON_TIME], CELL_MAX);
    snprintf(c->cell[P_DRAWN], CELL_MAX, "%ld", p->drawn);
    cells_point(c, P_COLS);
}

static void head_cells(const char *const *names, int n, struct cells *c)
{
    for (int k = 0; k < n; k++)
        snprintf(c->cell[k], CELL_MAX, "%s", _(names[k]));
    cells_point(c, n);
}

static void widen(struct column *col, const struct cells *c, int n)
{
    for (int k = 0; k < n; k++) {
        int w = text_width(c->text[k]);
        if (w > col[k].want)
            col[k].want = w;
    }
}

/* Fits a table's columns in `width`: two blanks between them where that
 * keeps every one, else one (as the Load list does). Returns the gap. */
static int fit(struct column *c, int n, int width)
{
    int need = 0;
    for (int k = 0; k < n; k++)
        if (c[k].want > 0)
            need += c[k].want + (need > 0 ? GAP : 0);
    int gap = need > width ? 1 : GAP;
    columns_fit(c, n, gap, width);
    return gap;
}

/* Columns taken by a fitted table. */
static int table_width(const struct column *c, int n, int gap)
{
    int w = 0;
    for (int k = 0; k < n; k++)
        if (c[k].width > 0)
            w += c[k].width + (w > 0 ? gap : 0);
    return w;
}

/* Lays both tables out in the window: every column as wide as its widest
 * cell, its name included. What tells a row from another (opponent,
 * board, rule, clock) never gives way; the counts give way from the right,
 * the games on time first, which the totals per clock say too. The games
 * on time are left out where no row has a clock. */
static void lay_out(struct statsview *v)
{
    const struct stats *s = &v->stats;
    static const struct column table[T_COLS] = {
        [T_NAME] = { .give = 0, .cut = COLUMNS_ELLIPSIS },
        [T_BOARD] = { .give = 0 },
        [T_RULE] = { .give = 0 },
        [T_CLOCK] = { .give = 0, .cut = COLUMNS_ELLIPSIS },
        [T_WON] = { .give = 6, .right = true },
        [T_LOST] = { .give = 5, .right = true },
        [T_ON_TIME] = { .give = 1, .right = true },
        [T_DRAWN] = { .give = 4, .right = true },
        [T_STREAK] = { .give = 3 },
        [T_BEST] = { .give = 2, .right = true },
    };
    static const struct column people[P_COLS] = {
        [P_BOARD] = { .give = 0 },
        [P_RULE] = { .give = 0 },
        [P_CLOCK] = { .give = 0, .cut = COLUMNS_ELLIPSIS },
        [P_GAMES] = { .give = 5, .right = true },
        [P_BLACK] = { .give = 4, .right = true },
        [P_WHITE] = { .give = 3, .right = true },
        [P_ON_TIME] = { .give = 1, .right = true },
        [P_DRAWN] = { .give = 2, .right = true },
    };
    memcpy(v->table, table, sizeof table);
    memcpy(v->people, people, sizeof people);
    struct cells c;
    bool timed = false, people_timed = false;
    head_cells(table_names, T_COLS, &c);
    widen(v->table, &c, T_COLS);
    /* The network's rows are in the same columns as the computer's. */
    for (int i = 0; i < s->n_rows + s->n_net; i++) {
        const struct stats_row *r = i < s->n_rows ? &s->rows[i] : &s->net[i - s->n_rows];
        row_cells(r, &c);
        widen(v->table, &c, T_COLS);
        timed = timed || r->tc.kind != TC_NONE;
    }
    head_cells(people_names, P_COLS, &c);
    widen(v->people, &c, P_COLS);
    for (int i = 0; i < s->n_people; i++) {
        people_cells(&s->people[i], &c);
        widen(v->people, &c, P_COLS);
        people_timed = people_timed || s->people[i].tc.kind != TC_NONE;
    }
    if (!timed)
        v->table[T_ON_TIME].want = 0;
    if (!people_timed)
        v->people[P_ON_TIME].want = 0;
    /* Every cell of a column but the names and clocks is whole or gone. */
    for (int k = T_BOARD; k < T_COLS; k++)
        if (k != T_CLOCK)
            v->table[k].least = v->table[k].want;
    for (int k = P_BOARD; k < P_COLS; k++)
        if (k != P_CLOCK)
            v->people[k].least = v->people[k].want;
    /* Two columns spare at each side: the arrows that say there is more
     * stand at the right. */
    int room = v->cols - 4;
    v->table_gap = fit(v->table, T_COLS, room);
    v->people_gap = fit(v->people, P_COLS, room);
    int w = table_width(v->table, T_COLS, v->table_gap);
    int pw = table_width(v->people, P_COLS, v->people_gap);
    if (s->n_people > 0 && pw > w)
        w = pw;
    v->left = v->cols > w + 4 ? (v->cols - w) / 2 : 2;
    v->clock_w = 0;
    for (int i = 0; i < v->n_clocks; i++) {
        char name[CELL_MAX];
        clock_name(&v->clocks[i].tc, name, sizeof name);
        int cw = text_width(name);
        v->clock_w = cw > v->clock_w ? cw : v->clock_w;
    }
}

/* A table's row in its columns from `left`, in `style`, its first cell
 * (the row's name) in `first`. */
static void draw_cells(const struct statsview *v, int y, const struct column *c, int n, int gap,
                       const struct cells *cells, enum draw_style style, enum draw_style first)
{
    char line[STATSVIEW_COLUMNS * 2 * (CELL_MAX + GAP)];
    const char *dots = draw_sym(GLYPH_ELLIPSIS);
    int width = v->cols - v->left - 1;
    draw_text(y, v->left, width, style, columns_row(line, sizeof line, c, n, gap, cells->text,
                                                     dots));
    if (first != style && c[0].width > 0)
        draw_text(y, v->left, c[0].width, first,
                  columns_row(line, sizeof line, c, 1, gap, cells->text, dots));
}

/* The totals of one clock: its name, padded to the longest, then its games. */
static void draw_clock(const struct statsview *v, int y, int width, const struct stats_clock *k)
{
    char name[CELL_MAX], padded[CELL_MAX + 16], games[200];
    int most = v->clock_w;
    clock_name(&k->tc, name, sizeof name);
    unsigned long n = (unsigned long)(k->won + k->lost + k->drawn);
    if (k->lost_on_time > 0)
        /* TRANSLATORS: the games under one time control: played, won,
           lost (of them, lost on time), drawn. */
        snprintf(games, sizeof games,
                 ngettext("%ld game: %ld won, %ld lost (%ld on time), %ld drawn",
                          "%ld games: %ld won, %ld lost (%ld on time), %ld drawn", n),
                 k->won + k->lost + k->drawn, k->won, k->lost, k->lost_on_time, k->drawn);
    else
        snprintf(games, sizeof games,
                 ngettext("%ld game: %ld won, %ld lost, %ld drawn",
                          "%ld games: %ld won, %ld lost, %ld drawn", n),
                 k->won + k->lost + k->drawn, k->won, k->lost, k->drawn);
    draw_text(y, v->left + 2, most, STYLE_MESSAGE, text_pad(padded, sizeof padded, name, most));
    draw_text(y, v->left + 2 + most + GAP, width - 2 - most - GAP, STYLE_NORMAL, games);
}

/* One attempt: when, the puzzle, solved or not, the rating after. */
static void draw_attempt(const struct statsview *v, int y, int width,
                         const struct puzzlestats_attempt *a)
{
    char when[32];
    time_t t = (time_t)a->when;
    struct tm tm;
    if (localtime_r(&t, &tm) == NULL || strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm) == 0)
        snprintf(when, sizeof when, "%s", draw_sym(GLYPH_DASH));
    draw_textf(y, v->left + 2, width - 2, a->solved ? STYLE_NORMAL : STYLE_DIM, "%s  %s  %s  %d",
               when, a->id, a->solved ? _("solved") : _("failed"), (int)(a->rating + 0.5));
}

static void draw_line(const struct statsview *v, int y, const struct line *l)
{
    const struct stats *s = &v->stats;
    int left = v->left, width = v->cols - left - 1;
    long won, lost, drawn;
    char streak[32];
    struct cells cells;
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
    case LINE_CLOCK:
        draw_clock(v, y, width, &v->clocks[l->row]);
        break;
    case LINE_HEAD:
        head_cells(table_names, T_COLS, &cells);
        draw_cells(v, y, v->table, T_COLS, v->table_gap, &cells, STYLE_DIM, STYLE_DIM);
        break;
    case LINE_ROW:
        row_cells(&s->rows[l->row], &cells);
        draw_cells(v, y, v->table, T_COLS, v->table_gap, &cells, STYLE_NORMAL, STYLE_MESSAGE);
        break;
    case LINE_PEOPLE_TITLE:
        draw_text(y, left, width, STYLE_MESSAGE, _("Two people at one keyboard"));
        break;
    case LINE_PEOPLE_HEAD:
        head_cells(people_names, P_COLS, &cells);
        draw_cells(v, y, v->people, P_COLS, v->people_gap, &cells, STYLE_DIM, STYLE_DIM);
        break;
    case LINE_PEOPLE_ROW:
        people_cells(&s->people[l->row], &cells);
        draw_cells(v, y, v->people, P_COLS, v->people_gap, &cells, STYLE_NORMAL, STYLE_NORMAL);
        break;
    case LINE_NET_TITLE:
        draw_text(y, left, width, STYLE_MESSAGE, _("Over the network"));
        break;
    case LINE_NET_HEAD:
        head_cells(table_names, T_COLS, &cells);
        draw_cells(v, y, v->table, T_COLS, v->table_gap, &cells, STYLE_DIM, STYLE_DIM);
        break;
    case LINE_NET_ROW:
        row_cells(&s->net[l->row], &cells);
        draw_cells(v, y, v->table, T_COLS, v->table_gap, &cells, STYLE_NORMAL, STYLE_MESSAGE);
        break;
    case LINE_PUZZLE_TITLE:
        draw_text(y, left, width, STYLE_MESSAGE, _("Puzzles"));
        break;
    case LINE_PUZZLE_EMPTY:
        draw_text(y, left + 2, width - 2, STYLE_DIM,
                  _("No puzzle rated yet: solve one from Puzzles."));
        break;
    case LINE_PUZZLE_RATING:
        draw_textf(y, left, width, STYLE_NORMAL, _("Rating %d +/- %d: %ld solved, %ld failed"),
                   (int)(v->puzzles.rating.rating + 0.5), (int)(v->puzzles.rating.rd + 0.5),
                   v->puzzles.solved, v->puzzles.failed);
        break;
    case LINE_PUZZLE_STREAKS:
        draw_textf(y, left, width, STYLE_NORMAL,
                   _("Current streak: %ld solved   Best streak: %ld solved"), v->puzzles.streak,
                   v->puzzles.best);
        break;
    case LINE_PUZZLE_HEAD:
        draw_text(y, left, width, STYLE_DIM, _("Last attempts:"));
        break;
    case LINE_PUZZLE_ATTEMPT:
        draw_attempt(v, y, width, &v->puzzles.history[v->puzzles.n_history - 1 - l->row]);
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
    int rows = content_rows(v);
    int most = max_top(v);
    int top = v->top > most ? most : v->top;   /* the window grew since */
    struct line l;
    for (int i = 0; i < rows && line_at(v, top + i, &l); i++) {
        /* A table scrolled past its column names keeps them on top. */
        if (i == 0 && top > 0 && (l.kind == LINE_ROW || l.kind == LINE_PEOPLE_ROW))
            l.kind = l.kind == LINE_ROW ? LINE_HEAD : LINE_PEOPLE_HEAD;
        draw_line(v, 2 + i, &l);
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
