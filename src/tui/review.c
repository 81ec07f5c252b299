/* review.c — the review screen; see review.h. */
#include "tui/review.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play/annotate.h"
#include "play/players.h"
#include "play/yourpuzzles.h"
#include "mnk/level.h"
#include "mnk/notation.h"
#include "tui/boardview.h"
#include "tui/draw.h"
#include "tui/graph.h"
#include "tui/help.h"
#include "tui/mouse.h"
#include "tui/place.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "mnk/i18n.h"
#include "tui/saves.h"

/* The analysis times + and - step through, in ms per position. */
static const int times[] = { 100, 200, 500, 1000, 2000, 5000 };
#define N_TIMES (int)(sizeof times / sizeof times[0])

/* PgUp and PgDn move this many moves. */
#define PAGE_MOVES 10

/* Rows of the graph itself, and of its block in the panel without the
 * legend: a title, the graph, the marks under it. */
#define GRAPH_ROWS 4
#define GRAPH_BLOCK (GRAPH_ROWS + 2)

/* The legend of the graph's marks: each sign with its mark's word. */
#define LEGEND_ITEMS 3
#define LEGEND_ITEM_MAX 48

/* Columns of one move in the list: "h10??*" and a blank. */
#define LIST_NUMBER_W 5
#define LIST_MOVE_W 7

/* The move list's sign of a move played after a hint. */
#define HINT_SIGN "*"

static void say(struct review *r, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(struct review *r, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    r->message_error = error;
    r->summary = false;
}

static void summarize(struct review *r);

/* The board after `at` moves: the game taken back that far. */
static void seek(struct review *r, int at)
{
    r->at = at < 0 ? 0 : at > r->game.ply ? r->game.ply : at;
    r->shown = r->game;
    while (r->shown.ply > r->at)
        game_undo(&r->shown);
    /* A scrolled board shows the last move. */
    int last = game_last_move(&r->shown);
    if (last >= 0 && r->layout.fits) {
        const struct board *b = &r->shown.board;
        r->off_x = layout_follow(r->off_x, r->layout.view_w, b->width, board_x(b, last));
        r->off_y = layout_follow(r->off_y, r->layout.view_h, b->height, board_y(b, last));
    }
}

void review_open(struct review *r, const struct game *g, const struct analysis *an, int wake_fd,
                 bool from_play)
{
    memset(r, 0, sizeof *r);
    r->game = *g;
    while (game_redo(&r->game))
        ;
    /* The ending of the game given stands when nothing was taken back from
     * it (a resignation, a forfeit: redo can't make those). */
    if (g->ply == g->last)
        r->game.result = g->result;
    r->from_play = from_play;
    r->time_ms = REVIEW_DEFAULT_MS;
    r->list_top = 0;
    worker_init(&r->worker, wake_fd);
    pthread_mutex_init(&r->lock, NULL);
    seek(r, g->ply);
    if (r->game.ply == 0)
        say(r, false, "%s", _("no moves to review yet"));
    else
        /* The result alone: the key line under it names the keys, and a
         * long result (a forfeit's reason) would push them off the line. */
        say(r, false, "%s",
            game_over(&r->game) ? _(game_result_text(&r->game.result)) : _("unfinished"));
    /* An analysis the record carried, as if it had just run here. */
    if (an != NULL && an->moves > 0 && an->moves <= r->game.ply) {
        r->an = *an;
        r->judged = an->moves;
        r->analysed = an->complete;
        if (r->analysed)
            summarize(r);
        else
            say(r, false, _("the analysis stopped after %d of %d moves"), r->judged,
                r->game.ply);
    }
}

void review_close(struct review *r)
{
    worker_fini(&r->worker);
    pthread_mutex_destroy(&r->lock);
}

bool review_from_play(const struct review *r)
{
    return r->from_play;
}

/* Braille dots are one column wide on every terminal (not "ambiguous"):
 * the graph keeps them in the full-width drawing too. */
static bool braille(void)
{
    return draw_charset() == DRAW_UTF8 || draw_wide();
}

/* --- the geometry of the panel ------------------------------------------ */

/* Where the panel puts its parts: the players, the graph (when there is an
 * analysis to show and room for it) and the move list. */
struct panel {
    int x, w;
    int players_y;
    int graph_y;        /* the graph's title row, or -1 */
    int legend_rows;    /* rows of the legend under it */
    int time_y;         /* the time graph's title row, or -1 */
    int list_y, list_rows;
};

static bool have_analysis(const struct review *r)
{
    return r->analysing || r->judged > 0;
}

/* "X blunder", "? mistake", "· inaccuracy": the graph's signs in words. */
static void legend_items(char item[LEGEND_ITEMS][LEGEND_ITEM_MAX])
{
    static const enum analysis_mark marks[LEGEND_ITEMS] = {
        ANALYSIS_BLUNDER, ANALYSIS_MISTAKE, ANALYSIS_INACCURACY,
    };
    const char *signs[LEGEND_ITEMS] = { "X", "?", draw_sym(GLYPH_DOT) };
    for (int k = 0; k < LEGEND_ITEMS; k++)
        snprintf(item[k], LEGEND_ITEM_MAX, "%s %s", signs[k], _(analysis_mark_text(marks[k])));
}

/* Lays the legend out in rows of width w, two blanks between its items,
 * each row as many items as fit: the row of each item; the rows used. */
static int legend_layout(int w, int row_of[LEGEND_ITEMS])
{
    char item[LEGEND_ITEMS][LEGEND_ITEM_MAX];
    legend_items(item);
    int row = 0, used = 0;
    for (int k = 0; k < LEGEND_ITEMS; k++) {
        int iw = draw_width(item[k]);
        if (used > 0 && used + 2 + iw > w) {
            row++;
            used = 0;
        }
        used += (used > 0 ? 2 : 0) + iw;
        row_of[k] = row;
    }
    return row + 1;
}

/* The time graph: its title and its rows. */
#define TIME_BLOCK (GRAPH_ROWS + 1)

/* True when the game's moves say how long they took (a game on the
 * clock, or a record that kept it). */
static bool timed(const struct review *r)
{
    if (r->game.config.tc.kind != TC_NONE)
        return true;
    for (int i = 0; i < r->game.ply; i++)
        if (r->game.timing[i].spent_ms > 0)
            return true;
    return false;
}

static bool panel_of(const struct review *r, struct panel *p)
{
    const struct layout *l = &r->layout;
    if (!l->fits || l->panel_w == 0)
        return false;
    int end = l->area_y + l->area_h;
    p->x = l->panel_x;
    p->w = l->panel_w;
    p->players_y = l->area_y;
    int y = p->players_y + 3;
    p->graph_y = -1;
    int row_of[LEGEND_ITEMS];
    p->legend_rows = legend_layout(p->w, row_of);
    if (have_analysis(r) && end - y >= GRAPH_BLOCK + p->legend_rows + 4) {
        p->graph_y = y;
        y += GRAPH_BLOCK + p->legend_rows;
    }
    /* Where the time went, under it when there is room for both. */
    p->time_y = -1;
    if (timed(r) && end - y >= TIME_BLOCK + 4) {
        p->time_y = y;
        y += TIME_BLOCK;
    }
    /* The list's title row, then the moves. */
    p->list_y = y + 1;
    p->list_rows = end - p->list_y;
    return p->list_rows > 0;
}

/* Keeps the selected move's row in the list's window. */
static void follow_list(struct review *r)
{
    struct panel p;
    if (!panel_of(r, &p))
        return;
    int pairs = (r->game.ply + 1) / 2;
    int row = r->at > 0 ? (r->at - 1) / 2 : 0;
    r->list_top = layout_follow(r->list_top, p.list_rows, pairs, row);
}

void review_resize(struct review *r, int rows, int cols)
{
    const struct board *b = &r->game.board;
    if (draw_wide())
        layout_compact(&r->layout, rows, cols, b->width, b->height, r->numbers);
    else
        layout_game(&r->layout, rows, cols, b->width, b->height, r->numbers);
    seek(r, r->at);
    follow_list(r);
}

/* --- the analysis -------------------------------------------------------- */

/* On the worker's thread, after each move judged: publishes it. */
static void on_progress(void *ctx, int done, int total)
{
    struct review *r = ctx;
    (void)total;
    pthread_mutex_lock(&r->lock);
    for (int i = r->an.moves; i < done; i++)
        r->an.move[i] = r->work.move[i];
    r->an.moves = done;
    pthread_mutex_unlock(&r->lock);
    worker_wake(&r->worker);
}

static void analyse_job(struct worker *w, void *ctx)
{
    struct review *r = ctx;
    struct analysis_options o = {
        .limits = { .time_ms = r->job_ms, .stop = &w->stop },
        .progress = on_progress,
        .ctx = r,
    };
    bool ran = analysis_run(&r->game, &o, &r->work);
    /* The puzzles of the person's misses, once the whole game is judged
     * (still on this thread: the proofs take a moment). */
    r->puzzles_added = 0;
    r->puzzles_note[0] = '\0';
    char path[SAVES_PATH_MAX], why[256];
    if (ran && r->work.complete && !atomic_load(&w->stop)) {
        if (saves_yours_path(path, sizeof path, why, sizeof why)) {
            char today[16];
            time_t now = time(NULL);
            struct tm tm;
            if (localtime_r(&now, &tm) == NULL ||
                strftime(today, sizeof today, "%Y-%m-%d", &tm) == 0)
                snprintf(today, sizeof today, "?");
            yours_collect(path, &r->game, &r->work, today, &w->stop, &r->puzzles_added,
                          r->puzzles_note, sizeof r->puzzles_note);
        } else {
            snprintf(r->puzzles_note, sizeof r->puzzles_note, _("puzzles not added: %s"), why);
        }
    }
    pthread_mutex_lock(&r->lock);
    r->an.final_score = r->work.final_score;
    r->an.decided = r->work.decided;
    r->an.complete = ran && r->work.complete;
    pthread_mutex_unlock(&r->lock);
}

unsigned review_analyse(struct review *r)
{
    if (r->game.ply == 0) {
        say(r, true, "%s", _("no moves to analyse"));
        return REACT_REDRAW;
    }
    worker_cancel(&r->worker);
    r->an.moves = 0;
    r->an.complete = false;
    r->judged = 0;
    r->analysed = false;
    r->summary = false;
    r->puzzles_added = 0;
    r->puzzles_note[0] = '\0';
    r->job_ms = r->time_ms;
    if (!worker_run(&r->worker, analyse_job, r)) {
        say(r, true, "%s", _("could not start the analysis's thread"));
        return REACT_REDRAW;
    }
    r->analysing = true;
    r->message[0] = '\0';
    follow_list(r);
    return REACT_REDRAW;
}

/* "1?? 2?! 1*" or "-": the tally in the move list's signs, for a short
 * line. */
static void tally_signs(char *buf, size_t size, const struct analysis_tally *t)
{
    const struct { int n; const char *sign; } kinds[] = {
        { t->blunders, "??" }, { t->mistakes, "?" }, { t->inaccuracies, "?!" },
        { t->hints, HINT_SIGN },
    };
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (kinds[k].n > 0 && used < size)
            used += (size_t)snprintf(buf + used, size - used, "%s%d%s", used ? " " : "",
                                     kinds[k].n, kinds[k].sign);
    if (used == 0)
        snprintf(buf, size, "-");
}

/* The summary line (analysis_summary), or the same in the list's signs
 * when the words would not fit the line (the graph's legend says what
 * they are). */
static void summary_line(const struct review *r, char *line, size_t size)
{
    /* What the analysis added to "From your games" ends the line. */
    char added[400] = "", words[80] = "";
    if (r->puzzles_added > 0)
        snprintf(words, sizeof words,
                 ngettext("%d puzzle added to From your games",
                          "%d puzzles added to From your games", (unsigned long)r->puzzles_added),
                 r->puzzles_added);
    if (words[0] != '\0' || r->puzzles_note[0] != '\0')
        snprintf(added, sizeof added, " %s%s%s", words,
                 words[0] != '\0' && r->puzzles_note[0] != '\0' ? "; " : "", r->puzzles_note);
    int room = r->layout.cols - 2 - draw_width(added);
    analysis_summary(&r->game, &r->an, true, line, size);
    if (draw_width(line) > room) {
        struct analysis_tally t[2];
        char decided[96], black[64], white[64];
        analysis_tally(&r->game, &r->an, t);
        analysis_decided_text(&r->game, &r->an, true, decided, sizeof decided);
        tally_signs(black, sizeof black, &t[0]);
        tally_signs(white, sizeof white, &t[1]);
        snprintf(line, size, _("%sBlack %s, White %s"), decided, black, white);
    }
    size_t used = strlen(line);
    if (used < size)
        snprintf(line + used, size - used, "%s", added);
}

/* Shows what the analysis found under the move line, fitted to the width
 * it has when drawn. */
static void summarize(struct review *r)
{
    r->message[0] = '\0';
    r->message_error = false;
    r->summary = true;
}

unsigned review_wake(struct review *r)
{
    pthread_mutex_lock(&r->lock);
    int judged = r->an.moves;
    pthread_mutex_unlock(&r->lock);
    unsigned react = judged != r->judged ? REACT_REDRAW : REACT_NONE;
    r->judged = judged;
    int move;
    if (worker_collect(&r->worker, &move)) {
        /* The thread is joined: everything it wrote is ours to read. */
        r->analysing = false;
        r->judged = r->an.moves;
        r->analysed = r->an.complete;
        if (r->analysed)
            summarize(r);
        else
            say(r, true, _("the analysis stopped after %d of %d moves"), r->judged, r->game.ply);
        react |= REACT_REDRAW;
    }
    return react;
}

/* The analysis of move i (0-based), or NULL when it was not judged. */
static const struct analysis_move *judged(const struct review *r, int i)
{
    return i >= 0 && i < r->judged ? &r->an.move[i] : NULL;
}

unsigned review_save(struct review *r, const char *typed, const struct record_extra *extra,
                     bool make_dirs)
{
    char path[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 200];
    enum record_format fmt;
    if (!saves_expand(typed, path, sizeof path, true)) {
        say(r, true, "%s", _("not saved: the file name is too long"));
        return REACT_REDRAW;
    }
    bool with_analysis = r->judged > 0 && record_format_for_path(path, &fmt) && fmt == RECORD_SGF;
    bool saved;
    if (with_analysis) {
        /* The moves judged so far: the thread may still be adding more. */
        static struct analysis judged_so_far;
        static struct annotate_texts texts;
        judged_so_far.moves = r->judged;
        memcpy(judged_so_far.move, r->an.move, (size_t)r->judged * sizeof r->an.move[0]);
        analysis_finish(&r->game, &judged_so_far);
        struct record_notes notes;
        annotate_notes(&r->game, &judged_so_far, extra->root, &texts, &notes);
        notes.counted = extra->counted;
        saved = record_save_notes(path, &r->game, fmt, &notes, make_dirs, err, sizeof err);
    } else {
        saved = saves_write(path, &r->game, extra, make_dirs, err, sizeof err);
    }
    if (!saved) {
        say(r, true, _("not saved: %s"), err);
        return REACT_REDRAW;
    }
    char *full = realpath(path, NULL);
    say(r, false, with_analysis ? _("saved to %s with the analysis") : _("saved to %s"),
        full != NULL ? full : path);
    free(full);
    return REACT_REDRAW;
}

/* --- the continue form --------------------------------------------------- */

void review_continuation(const struct review *r, struct game *out, uint64_t seed)
{
    *out = r->shown;
    out->last = out->ply;
    struct game_config c;
    struct setup s = r->players;
    setup_config(&s, &c, seed);
    out->config.player[0] = c.player[0];
    out->config.player[1] = c.player[1];
}

static unsigned open_form(struct review *r)
{
    if (game_over(&r->shown)) {
        say(r, true, "%s", _("the game is over here: go back a move to play on"));
        return REACT_REDRAW;
    }
    setup_from_config(&r->players, &r->game.config);
    r->continuing = true;
    r->field = 2;
    return REACT_REDRAW;
}

/* The value a side's row of the form shows. */
static void side_text(const struct review *r, int side, char *value, size_t size)
{
    int n = r->players.side[side];
    if (n == 0)
        snprintf(value, size, "%s", _("human"));
    else
        snprintf(value, size, _("computer: %s"), level_at(n - 1)->name);
}

static void form_place(const struct review *r, struct place_go *p)
{
    place_go(p, r->layout.rows, r->layout.cols, draw_width(_("[ Start ]")));
}

static unsigned form_key(struct review *r, int key);

/* A click on a side's row picks it, on the arrows of the row picked
 * changes its player, on Start plays on: what the keys do. */
static unsigned form_click(struct review *r)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK)
        return REACT_NONE;
    struct place_go p;
    form_place(r, &p);
    enum place_go_row row = place_go_at(&p, m.y, m.x);
    if (row == PLACE_GO_NONE)
        return REACT_NONE;
    if (row == PLACE_GO_START) {
        r->field = 2;
        return form_key(r, '\n');
    }
    if ((int)row != r->field) {
        r->field = (int)row;
        return REACT_REDRAW;
    }
    char value[64];
    side_text(r, r->field, value, sizeof value);
    int arrow = place_arrow(m.x, p.value_x, draw_width(draw_sym(GLYPH_PREV)), draw_width(value),
                            draw_width(draw_sym(GLYPH_NEXT)));
    return arrow != 0 ? form_key(r, arrow < 0 ? KEY_LEFT : KEY_RIGHT) : REACT_NONE;
}

static unsigned form_key(struct review *r, int key)
{
    switch (key) {
    case KEY_MOUSE:
        return form_click(r);
    case KEY_UP:
    case 'k':
        r->field = (r->field + 2) % 3;
        break;
    case KEY_DOWN:
    case 'j':
    case '\t':
        r->field = (r->field + 1) % 3;
        break;
    case KEY_LEFT:
    case 'h':
    case KEY_RIGHT:
    case 'l':
        if (r->field < 2)
            setup_step(&r->players, r->field == 0 ? SETUP_BLACK : SETUP_WHITE,
                       key == KEY_LEFT || key == 'h' ? -1 : 1);
        break;
    case '\n':
    case '\r':
    case KEY_ENTER:
    case ' ':
        r->continuing = false;
        worker_cancel(&r->worker);
        return REACT_CONTINUE;
    case 27:
    case 'q':
        r->continuing = false;
        break;
    default:
        return REACT_NONE;
    }
    return REACT_REDRAW;
}

/* --- key handlers -------------------------------------------------------- */

static unsigned go(struct review *r, int at)
{
    seek(r, at);
    follow_list(r);
    return REACT_REDRAW;
}

static unsigned act_back(struct review *r) { return go(r, r->at - 1); }
static unsigned act_forward(struct review *r) { return go(r, r->at + 1); }
static unsigned act_back2(struct review *r) { return go(r, r->at - 2); }
static unsigned act_forward2(struct review *r) { return go(r, r->at + 2); }
static unsigned act_page_back(struct review *r) { return go(r, r->at - PAGE_MOVES); }
static unsigned act_page_forward(struct review *r) { return go(r, r->at + PAGE_MOVES); }
static unsigned act_start(struct review *r) { return go(r, 0); }
static unsigned act_end(struct review *r) { return go(r, r->game.ply); }

static unsigned act_analyse(struct review *r)
{
    if (r->analysing) {
        worker_cancel(&r->worker);
        return review_wake(r) | REACT_REDRAW;
    }
    return review_analyse(r);
}

static unsigned step_time(struct review *r, int delta)
{
    int i = 0;
    while (i < N_TIMES - 1 && times[i] < r->time_ms)
        i++;
    i = i + delta < 0 ? 0 : i + delta >= N_TIMES ? N_TIMES - 1 : i + delta;
    r->time_ms = times[i];
    say(r, false, r->analysing ? _("analysis: %d ms a position from the next run (a stops this one)")
                               : _("analysis: %d ms a position; a starts it"),
        r->time_ms);
    return REACT_REDRAW;
}

static unsigned act_more_time(struct review *r) { return step_time(r, 1); }
static unsigned act_less_time(struct review *r) { return step_time(r, -1); }

static unsigned act_escape(struct review *r)
{
    if (r->analysing)
        return act_analyse(r);
    return REACT_BACK;
}

static unsigned act_quit(struct review *r)
{
    (void)r;
    return REACT_BACK;
}

void review_show_numbers(struct review *r, bool on)
{
    r->numbers = on;
    review_resize(r, r->layout.rows, r->layout.cols);   /* two digits need room */
}

/* m: the stones' move numbers on or off. */
static unsigned act_numbers(struct review *r)
{
    review_show_numbers(r, !r->numbers);
    return REACT_REDRAW;
}

static unsigned act_help(struct review *r)
{
    (void)r;
    return REACT_HELP;
}

/* A click on a move of the list or a column of the graph selects it; the
 * wheel scrolls the list. */
static unsigned act_mouse(struct review *r)
{
    struct mouse m = mouse_read();
    struct panel p;
    if (m.kind == MOUSE_OTHER || !panel_of(r, &p))
        return REACT_NONE;
    int pairs = (r->game.ply + 1) / 2;
    if (m.kind == MOUSE_WHEEL_UP || m.kind == MOUSE_WHEEL_DOWN) {
        int top = r->list_top + (m.kind == MOUSE_WHEEL_UP ? -3 : 3);
        int most = pairs - p.list_rows;
        r->list_top = top > most ? (most > 0 ? most : 0) : top < 0 ? 0 : top;
        return REACT_REDRAW;
    }
    int dx = m.x - p.x;
    if (m.y >= p.list_y && m.y < p.list_y + p.list_rows && dx >= LIST_NUMBER_W) {
        int k = (dx - LIST_NUMBER_W) / LIST_MOVE_W;
        int i = 2 * (r->list_top + m.y - p.list_y) + k;
        if (k < 2 && i < r->game.ply)
            return go(r, i + 1);
        return REACT_NONE;
    }
    if (p.graph_y >= 0 && m.y > p.graph_y && m.y <= p.graph_y + GRAPH_ROWS + 1 && dx >= 0 &&
        dx < p.w) {
        struct graph g;
        graph_plot(&g, NULL, 0, r->game.ply, GRAPH_ROWS, p.w, braille());
        int i = graph_move_at(&g, dx);
        if (i >= 0)
            return go(r, i + 1);
    }
    return REACT_NONE;
}

static unsigned act_save(struct review *r)
{
    (void)r;
    return REACT_ASK_FILE;
}

static unsigned act_continue(struct review *r)
{
    return open_form(r);
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct review *r);
};

static const struct binding bindings[] = {
    { KEY_LEFT, N_("left, right"), N_("one move back, forward"), act_back },
    { KEY_RIGHT, NULL, NULL, act_forward },
    { 'h', NULL, NULL, act_back },
    { 'l', NULL, NULL, act_forward },
    { KEY_UP, N_("up, down"), N_("two moves (the same side's) back, forward"), act_back2 },
    { KEY_DOWN, NULL, NULL, act_forward2 },
    { 'k', NULL, NULL, act_back2 },
    { 'j', NULL, NULL, act_forward2 },
    { KEY_PPAGE, N_("PgUp, PgDn"), N_("ten moves back, forward"), act_page_back },
    { KEY_NPAGE, NULL, NULL, act_page_forward },
    { KEY_HOME, N_("Home, End"), N_("the start, the end"), act_start },
    { KEY_END, NULL, NULL, act_end },
    { 'g', NULL, NULL, act_start },
    { 'G', NULL, NULL, act_end },
    { KEY_MOUSE, N_("mouse"), N_("a click on the list or graph picks a move"), act_mouse },
    { 'a', "a", N_("analyse the game with the engine (again: stop)"), act_analyse },
    { '+', N_("+, -"), N_("more or less time for each position analysed"), act_more_time },
    { '=', NULL, NULL, act_more_time },
    { '-', NULL, NULL, act_less_time },
    { 'c', "c", N_("continue from here as a new game (pick the players)"), act_continue },
    { 's', "s", N_("save the game (with the analysis, in an SGF file)"), act_save },
    { 'm', "m", N_("move numbers on the stones on or off"), act_numbers },
    { '?', "?", N_("this help"), act_help },
    { 27, N_("Esc, q"), N_("stop the analysis, or leave the review"), act_escape },
    { 'q', NULL, NULL, act_quit },
};

bool review_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

unsigned review_key(struct review *r, int key)
{
    if (r->continuing)
        return form_key(r, key);
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, key);
    return b != NULL ? b->run(r) : REACT_NONE;
}

/* --- drawing ------------------------------------------------------------- */

static enum draw_style mark_style(enum analysis_mark m)
{
    return m >= ANALYSIS_BLUNDER ? STYLE_ERROR : m != ANALYSIS_NONE ? STYLE_WARN : STYLE_NORMAL;
}

static double balance_of(const struct analysis_move *m)
{
    int black = m->side == STONE_BLACK ? m->after : -m->after;
    return 2 * analysis_expected(black) - 1;
}

static void draw_graph(const struct review *r, const struct panel *p)
{
    static double balance[BOARD_MAX_CELLS];
    for (int i = 0; i < r->judged; i++)
        balance[i] = balance_of(&r->an.move[i]);
    struct graph g;
    graph_plot(&g, balance, r->judged, r->game.ply, GRAPH_ROWS, p->w, braille());
    int y = p->graph_y;
    draw_text(y++, p->x, p->w, STYLE_LABEL, _("Evaluation (Black up)"));
    for (int row = 0; row < g.rows; row++, y++)
        for (int c = 0; c < g.cols; c++)
            draw_text(y, p->x + c, 1, row < g.rows / 2 ? STYLE_BLACK : STYLE_WHITE,
                      g.cell[row][c]);
    /* Under each column, the worst mark of its moves; the selected move's
     * column is highlighted. */
    int current = r->at > 0 ? graph_column(&g, r->at - 1) : -1;
    enum analysis_mark worst_of[GRAPH_COLS_MAX] = { ANALYSIS_NONE };
    for (int i = 0; i < r->judged; i++) {
        int c = graph_column(&g, i);
        if (r->an.move[i].mark > worst_of[c])
            worst_of[c] = r->an.move[i].mark;
    }
    for (int c = 0; c < g.cols; c++) {
        enum analysis_mark worst = worst_of[c];
        const char *sign = worst >= ANALYSIS_BLUNDER ? "X" : worst == ANALYSIS_MISTAKE ? "?"
                         : worst == ANALYSIS_INACCURACY ? draw_sym(GLYPH_DOT) : NULL;
        if (c == current)
            draw_text(y, p->x + c, 1, STYLE_CURSOR, sign != NULL ? sign : draw_sym(GLYPH_UP));
        else if (sign != NULL)
            draw_text(y, p->x + c, 1, mark_style(worst), sign);
    }
    /* What the marks mean, in words, over as many rows as they need. */
    char item[LEGEND_ITEMS][LEGEND_ITEM_MAX];
    int row_of[LEGEND_ITEMS], x = p->x;
    legend_items(item);
    legend_layout(p->w, row_of);
    for (int k = 0; k < LEGEND_ITEMS; k++) {
        if (k > 0 && row_of[k] == row_of[k - 1])
            x += 2;
        else
            x = p->x;
        x += draw_text(y + 1 + row_of[k], x, p->w - (x - p->x), STYLE_DIM, item[k]);
    }
}

/* The time each move took, Black's above the middle line and White's
 * below, scaled to the longest; the selected move's column marked. */
static void draw_time_graph(const struct review *r, const struct panel *p)
{
    static double share[BOARD_MAX_CELLS];
    int longest = 1;
    for (int i = 0; i < r->game.ply; i++)
        if (r->game.timing[i].spent_ms > longest)
            longest = r->game.timing[i].spent_ms;
    for (int i = 0; i < r->game.ply; i++) {
        double t = (double)r->game.timing[i].spent_ms / longest;
        share[i] = game_stone_of(&r->game, i) == STONE_BLACK ? t : -t;
    }
    struct graph g;
    graph_plot(&g, share, r->game.ply, r->game.ply, GRAPH_ROWS, p->w, braille());
    int y = p->time_y;
    char most[32];
    gameclock_format(longest, most, sizeof most);
    draw_textf(y++, p->x, p->w, STYLE_LABEL, _("Time a move (longest %s)"), most);
    int current = r->at > 0 ? graph_column(&g, r->at - 1) : -1;
    for (int row = 0; row < g.rows; row++, y++)
        for (int c = 0; c < g.cols; c++)
            draw_text(y, p->x + c, 1,
                      c == current ? STYLE_CURSOR
                      : row < g.rows / 2 ? STYLE_BLACK
                                         : STYLE_WHITE,
                      g.cell[row][c]);
}

static void draw_list(const struct review *r, const struct panel *p)
{
    const struct board *b = &r->game.board;
    draw_textf(p->list_y - 1, p->x, p->w, STYLE_LABEL, _("Moves %d"), r->game.ply);
    int pairs = (r->game.ply + 1) / 2;
    for (int row = r->list_top, y = p->list_y; row < pairs && y < p->list_y + p->list_rows;
         row++, y++) {
        draw_textf(y, p->x, LIST_NUMBER_W, STYLE_DIM, "%3d.", row + 1);
        for (int k = 0; k < 2; k++) {
            int i = 2 * row + k;
            if (i >= r->game.ply)
                break;
            char name[NOTATION_MAX];
            int x = p->x + LIST_NUMBER_W + LIST_MOVE_W * k;
            bool selected = i == r->at - 1;
            enum draw_style st = selected ? STYLE_CURSOR : i >= r->at ? STYLE_DIM : STYLE_NORMAL;
            int w = draw_text(y, x, LIST_MOVE_W - 1, st, notation_format(b, r->game.moves[i], name));
            const struct analysis_move *m = judged(r, i);
            if (m != NULL && m->mark != ANALYSIS_NONE)
                w += draw_text(y, x + w, LIST_MOVE_W - 1 - w,
                               selected ? STYLE_CURSOR : mark_style(m->mark),
                               analysis_mark_sign(m->mark));
            if (r->game.hinted[i])
                draw_text(y, x + w, LIST_MOVE_W - 1 - w, selected ? STYLE_CURSOR : STYLE_HINT,
                          HINT_SIGN);
        }
    }
}

static void draw_panel(const struct review *r)
{
    struct panel p;
    if (!panel_of(r, &p))
        return;
    const struct tc *tc = &r->game.config.tc;
    for (int i = 0; i < 2; i++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        draw_glyph(p.players_y + i, p.x + 2, draw_stone_glyph(s), draw_stone_style(s));
        int tx = p.x + 3 + draw_glyph_width();
        /* Each clock as it stood at the move under review, at the right. */
        char face[24] = "";
        if (tc->kind != TC_NONE) {
            struct gameclock_side c = game_clock(&r->shown, s);
            gameclock_format(gameclock_shown_ms(tc, &c), face, sizeof face);
        }
        int fw = face[0] != '\0' ? draw_width(face) + 1 : 0;
        /* A person by the name the record gave, else as the game screen says. */
        const struct player *pl = game_player(&r->game, s);
        draw_textf(p.players_y + i, tx, p.w - (tx - p.x) - fw, STYLE_NORMAL, "%s  %s",
                   _(stone_name(s)),
                   pl->kind != PLAYER_HUMAN ? players_name(pl)
                   : pl->spec[0] != '\0'   ? pl->spec
                                           : _("human"));
        if (fw > 0)
            draw_text(p.players_y + i, p.x + p.w - fw + 1, fw - 1, STYLE_NORMAL, face);
    }
    if (p.graph_y >= 0)
        draw_graph(r, &p);
    if (p.time_y >= 0)
        draw_time_graph(r, &p);
    draw_list(r, &p);
}

static void draw_title(const struct review *r)
{
    const struct board *b = &r->game.board;
    int cols = r->layout.cols;
    draw_fill(0, 0, cols, STYLE_TITLE);
    draw_textf(0, 1, cols - 2, STYLE_TITLE, _("mnk  %d%s%d k=%d %s  review"), b->width,
               draw_sym(GLYPH_TIMES), b->height, b->win, _(rule_name(b->rule)));
    char right[64];
    if (game_over(&r->game))
        snprintf(right, sizeof right, "%s", _(game_result_text(&r->game.result)));
    else
        snprintf(right, sizeof right, "%s", _("unfinished"));
    int rw = draw_width(right);
    if (rw + 36 < cols)
        draw_text(0, cols - rw - 1, rw, STYLE_TITLE, right);
}

/* The style of each part of a move's line. */
static enum draw_style part_style(const struct analysis_move *m, int part)
{
    switch (part) {
    case ANALYSIS_PART_MOVE: return STYLE_MESSAGE;
    case ANALYSIS_PART_HINT: return STYLE_HINT;
    case ANALYSIS_PART_MARK: return mark_style(m->mark);
    case ANALYSIS_PART_BETTER: return STYLE_HINT;
    default: return STYLE_NORMAL;
    }
}

/* The selected move: who played what, and what the analysis made of it,
 * laid out as the records and mnk analyze say it (analysis_line). */
static void draw_move_line(const struct review *r, int y)
{
    int cols = r->layout.cols;
    if (r->at == 0) {
        draw_textf(y, 1, cols - 2, STYLE_NORMAL,
                   ngettext("the start: %d move to come", "the start: %d moves to come",
                            (unsigned long)r->game.ply),
                   r->game.ply);
        return;
    }
    int i = r->at - 1;
    const struct analysis_move *m = judged(r, i);
    struct analysis_line line;
    /* Between words, "->" where there is no arrow glyph (the ASCII one is
     * a single '>', to fit a cell of the board's edge). */
    const char *arrow = draw_charset() == DRAW_UTF8 ? draw_sym(GLYPH_RIGHT) : "->";
    analysis_line(&r->game, m != NULL ? &r->an : NULL, i, true, arrow, &line);
    /* The position before the move gives way first on a narrow line: the
     * mark and the better move matter most. */
    char whole[6 * ANALYSIS_PART_MAX];
    analysis_line_join(&line, false, whole, sizeof whole);
    bool brief = draw_width(whole) > cols - 2;
    int x = 1;
    for (int p = 0; p < ANALYSIS_PARTS; p++) {
        if (line.lead[p] == NULL)
            continue;
        x += draw_text(y, x, cols - 1 - x, STYLE_NORMAL, line.lead[p]);
        const char *text = brief && p == ANALYSIS_PART_POSITION ? line.after : line.text[p];
        x += draw_text(y, x, cols - 1 - x, part_style(m, p), text);
    }
    if (timed(r)) {
        char took[32];
        gameclock_format(r->game.timing[i].spent_ms, took, sizeof took);
        x += draw_textf(y, x, cols - 1 - x, STYLE_DIM, _("  took %s"), took);
    }
    if (m == NULL) {
        x += draw_textf(y, x, cols - 1 - x, STYLE_NORMAL, _("  (%d of %d)"), r->at, r->game.ply);
        if (game_over(&r->shown))
            draw_textf(y, x, cols - 1 - x, STYLE_MESSAGE, "  %s",
                       _(game_result_text(&r->shown.result)));
    }
}

/* "analysing ████░░░░ 12/41": the progress of the analysis. */
static void draw_progress(const struct review *r, int y)
{
    int cols = r->layout.cols;
    int x = 1 + draw_textf(y, 1, cols - 2, STYLE_THINKING, _("analysing, %d ms a position "),
                           r->job_ms);
    int w = 20;
    if (x + w + 12 > cols)
        w = cols - x - 12;
    bool utf8 = draw_charset() == DRAW_UTF8;
    int filled = r->game.ply > 0 ? w * r->judged / r->game.ply : 0;
    for (int i = 0; i < w; i++)
        x += draw_text(y, x, 1, i < filled ? STYLE_THINKING : STYLE_DIM,
                       utf8 ? (i < filled ? "\xe2\x96\x88" : "\xe2\x96\x91") : (i < filled ? "#" : "-"));
    draw_textf(y, x, cols - 1 - x, STYLE_THINKING, _(" %d/%d  Esc stops"), r->judged, r->game.ply);
}

static void draw_form(const struct review *r)
{
    struct place_go p;
    form_place(r, &p);
    int y = p.y, x = p.x, w = p.w;
    draw_frame(y, x, p.h, w, STYLE_NORMAL, _("Continue from here"));
    int later = r->game.ply - r->at;
    if (later > 0)
        draw_textf(y + 1, x + 2, w - 4, STYLE_WARN,
                   ngettext("the %d later move will be dropped",
                            "the %d later moves will be dropped", (unsigned long)later),
                   later);
    else
        draw_textf(y + 1, x + 2, w - 4, STYLE_NORMAL,
                   ngettext("the game goes on after %d move", "the game goes on after %d moves",
                            (unsigned long)r->at),
                   r->at);
    for (int i = 0; i < 2; i++) {
        char value[64];
        side_text(r, i, value, sizeof value);
        draw_textf(p.side_y + i, p.name_x, 8, STYLE_NORMAL, "%s", i ? _("White") : _("Black"));
        draw_textf(p.side_y + i, p.value_x, w - 12, r->field == i ? STYLE_SELECTED : STYLE_NORMAL,
                   "%s %s %s", draw_sym(GLYPH_PREV), value, draw_sym(GLYPH_NEXT));
    }
    draw_text(p.start_y, p.start_x, p.start_w, r->field == 2 ? STYLE_SELECTED : STYLE_NORMAL,
              _("[ Start ]"));
    draw_text(p.keys_y, x + 2, w - 4, STYLE_DIM, _("arrows choose, Enter starts, Esc cancels"));
}

void review_draw(const struct review *r)
{
    erase();
    draw_title(r);
    const struct analysis_move *m = judged(r, r->at - 1);
    struct board_view view = {
        .layout = &r->layout, .off_x = r->off_x, .off_y = r->off_y, .cx = -1, .cy = -1,
        .marks = NULL, .hint = m != NULL && m->best != m->move ? m->best : -1,
        .numbers = r->numbers,
    };
    boardview_draw(&r->shown, &view);
    draw_panel(r);

    int y = r->layout.status_y, cols = r->layout.cols;
    draw_move_line(r, y);
    if (r->analysing) {
        draw_progress(r, y + 1);
    } else if (r->summary) {
        char line[512];
        summary_line(r, line, sizeof line);
        draw_text(y + 1, 1, cols - 2, STYLE_MESSAGE, line);
    } else if (r->message[0] != '\0') {
        draw_text(y + 1, 1, cols - 2, r->message_error ? STYLE_ERROR : STYLE_MESSAGE, r->message);
    }
    struct draw_hint hints[] = {
        { "\xe2\x86\x90\xe2\x86\x92", N_("move") }, { "Home/End", N_("start/end") },
        { "a", r->analysing ? N_("stop") : N_("analyse") }, { "c", N_("continue") },
        { "s", N_("save") }, { "?", N_("help") }, { "q", N_("back") },
    };
    if (draw_charset() != DRAW_UTF8)
        hints[0].key = "<>";
    draw_hints(y + 2, hints, (int)(sizeof hints / sizeof hints[0]));
    if (r->continuing)
        draw_form(r);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static void op_close(void *self) { review_close(self); }
static void op_resize(void *self, int rows, int cols) { review_resize(self, rows, cols); }
static void op_draw(const void *self) { review_draw(self); }
static unsigned op_key(void *self, int key) { return review_key(self, key); }
static unsigned op_wake(void *self) { return review_wake(self); }
static unsigned op_save(void *self, const char *path, const struct record_extra *extra,
                        bool make_dirs)
{
    return review_save(self, path, extra, make_dirs);
}

const struct screen review_screen = {
    .size = sizeof(struct review),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys in review"),
    .help_line = review_help_line,
    .close = op_close,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wake = op_wake,
    .save = op_save,
};
