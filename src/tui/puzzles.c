/* puzzles.c — the Puzzles screen; see puzzles.h. */
#include "tui/puzzles.h"

#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "mnk/rule.h"
#include "play/glicko.h"
#include "tui/boardview.h"
#include "tui/help.h"
#include "tui/mouse.h"
#include "tui/react.h"
#include "tui/saves.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "util/datadir.h"

#define ESC 27
#define TAB 9
/* Between the moves of a line played through on the board. */
#define LINE_STEP_MS 700
/* The engine's budget when it judges a move the proof does not name: a
 * fraction of a second, so that the screen answers at once. */
#define PLAY_BUDGET 300000
#define PLAY_SOLVER_NODES 2000000
/* How far from the answer the area of the first hint reaches. */
#define AREA_REACH 1

/* The collections that ship; PUZZLES_YOURS and PUZZLES_IMPORTED, the
 * player's own, are read from the data directory (tui/saves.h). */
static const char *const set_files[PUZZLES_SETS] = { "puzzles/freestyle.sgf",
                                                     "puzzles/renju.sgf", "puzzles/small.sgf",
                                                     NULL, NULL };
static const char *const set_names[PUZZLES_SETS] = { N_("freestyle"), N_("renju"),
                                                     N_("small boards"), N_("From your games"),
                                                     N_("imported") };

static void say(struct puzzles *z, enum draw_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(struct puzzles *z, enum draw_style style, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(z->message, sizeof z->message, fmt, ap);
    va_end(ap);
    z->message_style = style;
}

static const struct puzzle *current(const struct puzzles *z)
{
    const struct puzzle_book *b = &z->book[z->set];
    if (b->n == 0)
        return NULL;
    return &b->p[z->order[z->set][z->at[z->set]]];
}

/* The game the board shows: a line played through, or the puzzle's play. */
static const struct game *shown_game(const struct puzzles *z)
{
    return z->mode == PUZZLES_SOLVING ? &z->play.game : &z->shown;
}

/* Under renju with Black to move, the cells Black may not play. */
static void find_forbidden(struct puzzles *z)
{
    const struct game *g = shown_game(z);
    memset(z->forbidden, 0, sizeof z->forbidden);
    if (!rule_info(g->board.rule)->forbidden || game_over(g) || game_to_move(g) != STONE_BLACK)
        return;
    for (int q = 0; q < board_cells(&g->board); q++)
        z->forbidden[q] = board_at(&g->board, q) == STONE_NONE &&
                          game_forbidden(g, q) != FORBID_NONE;
}

static void follow_cursor(struct puzzles *z)
{
    cursor_follow(&z->cur, &z->layout, &shown_game(z)->board);
}

static void lay_out(struct puzzles *z)
{
    cursor_lay_out(&z->cur, &z->layout, z->rows, z->cols, &shown_game(z)->board, false);
}

/* --- the rating ---------------------------------------------------------- */

/* The player's rating as the record has it, or a new player's. */
static struct glicko player_rating(const struct puzzles *z)
{
    if (!z->record.rated)
        return glicko_new();
    const struct puzzlestats_rating *r = &z->record.rating;
    return (struct glicko){ r->rating, r->rd, r->volatility };
}

/* What the rater needs: the puzzle, and where to say the rating before
 * (as the file held it, another window's attempts included). */
struct rate_ctx {
    const struct puzzle *pz;
    double *before;
};

static void rate(struct puzzlestats_rating *r, bool fresh, bool solved, const void *ctx)
{
    const struct rate_ctx *c = ctx;
    struct glicko before = fresh ? glicko_new() : (struct glicko){ r->rating, r->rd,
                                                                   r->volatility };
    struct glicko_game g = glicko_puzzle(c->pz->difficulty, solved);
    struct glicko after = glicko_update(&before, &g, 1, GLICKO_TAU);
    *c->before = before.rating;
    *r = (struct puzzlestats_rating){ after.rating, after.rd, after.volatility };
}

/* Counts this visit's attempt, once: a win when solved, a loss else. */
static void count_attempt(struct puzzles *z, bool solved)
{
    const struct puzzle *pz = current(z);
    if (z->counted || pz == NULL)
        return;
    z->counted = true;
    char path[SAVES_PATH_MAX], why[200];
    if (!saves_puzzles_path(path, sizeof path, why, sizeof why)) {
        snprintf(z->record_note, sizeof z->record_note, _("no puzzle record: %s"), why);
        return;
    }
    double before = 0;
    const struct rate_ctx ctx = { pz, &before };
    if (puzzlestats_record(path, pz->id, solved, (long long)time(NULL), rate, &ctx, &z->record,
                           z->record_note, sizeof z->record_note))
        z->change = (int)lround(z->record.rating.rating) - (int)lround(before);
    else
        z->counted = false;   /* not in the file: the rating shown has not moved */
}

/* Sets up the puzzle on view from its start. */
static void start_puzzle(struct puzzles *z)
{
    if (z->playing)
        puzzle_play_free(&z->play);
    z->playing = false;
    z->mode = PUZZLES_SOLVING;
    z->solved = z->gave_up = false;
    z->hints = z->hint_level = 0;
    z->n_line = z->line_at = 0;
    z->message[0] = '\0';
    const struct puzzle *pz = current(z);
    if (pz == NULL)
        return;
    if (!puzzle_play_start(&z->play, pz)) {
        say(z, STYLE_ERROR, _("puzzle %s cannot be set up"), pz->id);
        return;
    }
    z->playing = true;
    z->cur.cx = pz->width / 2;
    z->cur.cy = pz->height / 2;
    lay_out(z);
    find_forbidden(z);
}

/* Starts a line on the board: from `from`, the moves of `line` one by one. */
static void show_line(struct puzzles *z, enum puzzles_mode mode, const struct game *from,
                      const int *line, int n)
{
    z->mode = mode;
    if (from != &z->shown_from)
        z->shown_from = *from;
    z->shown = *from;
    z->n_line = n < PUZZLE_LINE_MAX + 1 ? n : PUZZLE_LINE_MAX + 1;
    memcpy(z->line, line, (size_t)z->n_line * sizeof *line);
    z->line_at = 0;
    z->next_ms = clock_ms() + LINE_STEP_MS;
    find_forbidden(z);
}

/* The solution from the start, played through. */
static void show_solution(struct puzzles *z)
{
    const struct puzzle *pz = current(z);
    if (pz == NULL || puzzle_game(pz, &z->shown_from) != NULL)
        return;
    int line[PUZZLE_LINE_MAX];
    int n = puzzle_main_line(pz, line);
    show_line(z, PUZZLES_SHOWING, &z->shown_from, line, n);
}

/* The order of a book's puzzles: by difficulty, the unmeasured last, ties
 * in the file's order (an insertion sort: a few hundred puzzles). */
static void start_puzzle(struct puzzles *z);

/* A new visit to the puzzle on view: its attempt not counted yet. */
static void visit(struct puzzles *z)
{
    z->counted = false;
    z->change = 0;
    z->record_note[0] = '\0';
    start_puzzle(z);
}

static void sort_by_difficulty(const struct puzzle_book *b, int *order)
{
    for (int i = 0; i < b->n; i++) {
        int d = b->p[i].difficulty < 0 ? 101 : b->p[i].difficulty, j = i;
        while (j > 0) {
            int e = b->p[order[j - 1]].difficulty;
            if ((e < 0 ? 101 : e) <= d)
                break;
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The player's own collection, which may not be there yet (nothing is
 * said then); a file that does not read is said in its own note (the
 * next analysis sets it aside, play/yourpuzzles.h). */
static void load_yours(struct puzzles *z)
{
    char path[SAVES_PATH_MAX], err[1024];
    z->yours_note[0] = '\0';
    if (!saves_yours_path(path, sizeof path, err, sizeof err) || access(path, F_OK) != 0)
        return;
    if (!puzzle_book_load(path, &z->book[PUZZLES_YOURS], err, sizeof err))
        snprintf(z->yours_note, sizeof z->yours_note, "%s", err);
}

/* The puzzles the player imported, when there are any; a file that does
 * not read is said as the shipped ones are. */
static void load_imported(struct puzzles *z)
{
    char path[SAVES_PATH_MAX], err[1024];
    if (!saves_imported_path(path, sizeof path, err, sizeof err) || access(path, F_OK) != 0)
        return;
    if (!puzzle_book_load(path, &z->book[PUZZLES_IMPORTED], err, sizeof err) &&
        z->note[0] == '\0')
        snprintf(z->note, sizeof z->note, "%s", err);
}

/* The order of the player's own puzzles: the newest, last in the file,
 * first. */
static void newest_first(const struct puzzle_book *b, int *order)
{
    for (int i = 0; i < b->n; i++)
        order[i] = b->n - 1 - i;
}

void puzzles_open(struct puzzles *z)
{
    if (z->open)
        return;
    z->note[0] = '\0';
    for (int k = 0; k < PUZZLES_SETS; k++) {
        char path[4200], err[1024];
        puzzle_book_init(&z->book[k]);
        if (k == PUZZLES_YOURS) {
            load_yours(z);
        } else if (k == PUZZLES_IMPORTED) {
            load_imported(z);
        } else {
            datadir_path(set_files[k], path, sizeof path);
            if (!puzzle_book_load(path, &z->book[k], err, sizeof err) && z->note[0] == '\0')
                snprintf(z->note, sizeof z->note, "%s", err);
        }
        z->order[k] = malloc(((size_t)z->book[k].n + 1) * sizeof *z->order[k]);
        if (z->order[k] == NULL) {
            puzzle_book_free(&z->book[k]);
            continue;
        }
        if (k == PUZZLES_YOURS)
            newest_first(&z->book[k], z->order[k]);
        else
            sort_by_difficulty(&z->book[k], z->order[k]);
        if (z->at[k] >= z->book[k].n)
            z->at[k] = 0;
    }
    z->prover = puzzle_prover_init(&z->pv);
    if (z->prover) {
        z->pv.budget = PLAY_BUDGET;
        z->pv.solver_nodes = PLAY_SOLVER_NODES;
    }
    z->open = true;
    /* The first collection that has puzzles. */
    for (int k = 0; k < PUZZLES_SETS && z->book[z->set].n == 0; k++)
        z->set = (z->set + 1) % PUZZLES_SETS;
    visit(z);
    /* The record, read once here: a file set aside is said now. */
    char path[SAVES_PATH_MAX], why[200];
    puzzlestats_init(&z->record);
    if (!saves_puzzles_path(path, sizeof path, why, sizeof why))
        snprintf(z->record_note, sizeof z->record_note, _("no puzzle record: %s"), why);
    else
        puzzlestats_load(path, &z->record, z->record_note, sizeof z->record_note);
}

void puzzles_close(struct puzzles *z)
{
    if (!z->open)
        return;
    if (z->playing)
        puzzle_play_free(&z->play);
    z->playing = false;
    for (int k = 0; k < PUZZLES_SETS; k++) {
        puzzle_book_free(&z->book[k]);
        free(z->order[k]);
        z->order[k] = NULL;
    }
    if (z->prover)
        puzzle_prover_free(&z->pv);
    z->prover = false;
    z->open = false;
}

void puzzles_resize(struct puzzles *z, int rows, int cols)
{
    z->rows = rows;
    z->cols = cols;
    lay_out(z);
}

/* --- keys --------------------------------------------------------------- */

/* After a line played through: back to the puzzle (a wrong move's), or
 * stay on the solution's end. */
static unsigned line_done(struct puzzles *z)
{
    if (z->mode == PUZZLES_WRONG) {
        /* The cursor goes back to the move taken back. */
        z->mode = PUZZLES_SOLVING;
        if (z->n_line > 0) {
            z->cur.cx = board_x(&z->play.game.board, z->line[0]);
            z->cur.cy = board_y(&z->play.game.board, z->line[0]);
            follow_cursor(z);
        }
        say(z, STYLE_MESSAGE, "%s", _("your move again"));
        find_forbidden(z);
    }
    return REACT_REDRAW;
}

/* Plays the line's next move on the board; true while more are to come. */
static bool line_step(struct puzzles *z)
{
    if (z->line_at >= z->n_line)
        return false;
    if (game_play(&z->shown, z->line[z->line_at]) == GAME_OK) {
        int m = z->line[z->line_at];
        z->cur.cx = board_x(&z->shown.board, m);
        z->cur.cy = board_y(&z->shown.board, m);
        follow_cursor(z);
    }
    z->line_at++;
    z->next_ms = clock_ms() + LINE_STEP_MS;
    find_forbidden(z);
    return z->line_at < z->n_line;
}

static unsigned play_at(struct puzzles *z, int pos)
{
    if (z->mode != PUZZLES_SOLVING) {
        /* Enter on a line: the rest of it at once, then on. */
        while (line_step(z))
            ;
        return line_done(z);
    }
    const struct puzzle *pz = current(z);
    if (pz == NULL || !z->playing || z->play.solved)
        return REACT_NONE;
    struct puzzle_answer ans;
    char cell[NOTATION_MAX], reply[NOTATION_MAX];
    const struct board *b = &z->play.game.board;
    enum puzzle_verdict v = puzzle_play_move(&z->play, z->prover ? &z->pv : NULL, pos, &ans);
    notation_format(b, pos, cell);
    z->hint_level = 0;
    switch (v) {
    case PUZZLE_ILLEGAL:
        if (ans.error == GAME_ERR_FORBIDDEN)
            say(z, STYLE_ERROR, _("%s is forbidden to Black: %s"), cell,
                _(forbid_text(game_forbidden(&z->play.game, pos))));
        else if (ans.error == GAME_ERR_OCCUPIED)
            say(z, STYLE_ERROR, _("%s is taken"), cell);
        else
            say(z, STYLE_ERROR, "%s", _("no move there"));
        return REACT_REDRAW;
    case PUZZLE_WRONG: {
        /* The wrong move, then its refutation, shown on the board. */
        count_attempt(z, false);
        int line[PUZZLE_LINE_MAX + 1];
        line[0] = pos;
        memcpy(line + 1, ans.line, (size_t)ans.n_line * sizeof *line);
        /* Nothing was played: the position is the one before the move. */
        show_line(z, PUZZLES_WRONG, &z->play.game, line, ans.n_line + 1);
        line_step(z);
        if (ans.n_line > 0)
            say(z, STYLE_ERROR, _("%s is not it: the answer to it follows (Enter: try again)"),
                cell);
        else
            say(z, STYLE_ERROR, _("%s is not it: it threatens nothing (Enter: try again)"),
                cell);
        return REACT_REDRAW;
    }
    case PUZZLE_RIGHT:
        break;
    }
    if (ans.done) {
        z->solved = true;
        count_attempt(z, z->play.mistakes == 0 && z->hints == 0);
        show_solution(z);
        if (z->play.mistakes == 0 && z->hints == 0)
            say(z, STYLE_MESSAGE, "%s", _("Solved! The solution plays through (n: next)"));
        else
            say(z, STYLE_MESSAGE, "%s",
                _("Solved, with help on the way. The solution plays through (n: next)"));
        return REACT_REDRAW;
    }
    notation_format(b, ans.reply, reply);
    z->cur.cx = board_x(b, ans.reply);
    z->cur.cy = board_y(b, ans.reply);
    follow_cursor(z);
    find_forbidden(z);
    if (ans.other_win)
        say(z, STYLE_MESSAGE, _("%s wins too; %s answers %s"), cell,
            _(stone_name(stone_other(puzzle_player(pz)))), reply);
    else
        say(z, STYLE_MESSAGE, _("right: %s answers %s"),
            _(stone_name(stone_other(puzzle_player(pz)))), reply);
    return REACT_REDRAW;
}

static unsigned act_play(struct puzzles *z)
{
    return play_at(z, board_pos(&shown_game(z)->board, z->cur.cx, z->cur.cy));
}

static unsigned act_mouse(struct puzzles *z)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK)
        return REACT_NONE;
    if (z->mode != PUZZLES_SOLVING)
        return play_at(z, -1);
    if (!cursor_click(&z->cur, &z->layout, m.y, m.x))
        return REACT_NONE;
    return act_play(z);
}

static unsigned move_cursor(struct puzzles *z, int dx, int dy)
{
    cursor_step(&z->cur, &z->layout, &shown_game(z)->board, dx, dy);
    return REACT_REDRAW;
}

static unsigned act_left(struct puzzles *z) { return move_cursor(z, -1, 0); }
static unsigned act_right(struct puzzles *z) { return move_cursor(z, 1, 0); }
static unsigned act_up(struct puzzles *z) { return move_cursor(z, 0, -1); }
static unsigned act_down(struct puzzles *z) { return move_cursor(z, 0, 1); }

static unsigned act_hint(struct puzzles *z)
{
    if (z->mode != PUZZLES_SOLVING || !z->playing || z->play.solved)
        return REACT_NONE;
    int move = puzzle_play_hint(&z->play);
    if (move < 0)
        return REACT_NONE;
    if (z->hint_level < 2) {
        z->hint_level++;
        z->hints++;
    }
    count_attempt(z, false);
    say(z, STYLE_MESSAGE, "%s",
        z->hint_level == 1 ? _("the answer is in the marked area (H again: the move)")
                           : _("the answer is the marked cell"));
    return REACT_REDRAW;
}

static unsigned act_solution(struct puzzles *z)
{
    if (current(z) == NULL)
        return REACT_NONE;
    if (!z->solved) {
        z->gave_up = true;
        count_attempt(z, false);
    }
    show_solution(z);
    say(z, STYLE_MESSAGE, "%s", _("the solution plays through (r: try again, n: next)"));
    return REACT_REDRAW;
}

static unsigned act_again(struct puzzles *z)
{
    start_puzzle(z);
    return REACT_REDRAW;
}

static unsigned step_puzzle(struct puzzles *z, int delta)
{
    int n = z->book[z->set].n;
    if (n == 0)
        return REACT_NONE;
    z->at[z->set] = (z->at[z->set] + n + delta) % n;
    visit(z);
    return REACT_REDRAW;
}

/* Whether the record's history has puzzle `id` solved. */
static bool solved_before(const struct puzzles *z, const char *id)
{
    for (int i = 0; i < z->record.n_history; i++)
        if (z->record.history[i].solved && strcmp(z->record.history[i].id, id) == 0)
            return true;
    return false;
}

/* The puzzle of the collection nearest the player's rating, one not
 * solved before first; never the one on view. */
static unsigned act_nearest(struct puzzles *z)
{
    const struct puzzle_book *b = &z->book[z->set];
    double rating = player_rating(z).rating, best_d = 0;
    int best = -1;
    bool best_new = false;
    for (int i = 0; i < b->n; i++) {
        if (i == z->at[z->set])
            continue;
        const struct puzzle *pz = &b->p[z->order[z->set][i]];
        bool is_new = !solved_before(z, pz->id);
        double d = fabs(glicko_puzzle(pz->difficulty, false).rating - rating);
        if (best < 0 || (is_new && !best_new) || (is_new == best_new && d < best_d)) {
            best = i;
            best_d = d;
            best_new = is_new;
        }
    }
    if (best < 0)
        return REACT_NONE;
    z->at[z->set] = best;
    visit(z);
    return REACT_REDRAW;
}

static unsigned act_next(struct puzzles *z) { return step_puzzle(z, 1); }
static unsigned act_prev(struct puzzles *z) { return step_puzzle(z, -1); }

static unsigned act_set(struct puzzles *z)
{
    /* The player's own is shown empty too: it says how to fill it. */
    for (int k = 0; k < PUZZLES_SETS; k++) {
        z->set = (z->set + 1) % PUZZLES_SETS;
        if (z->book[z->set].n > 0 || z->set == PUZZLES_YOURS)
            break;
    }
    visit(z);
    return REACT_REDRAW;
}

static unsigned act_back(struct puzzles *z)
{
    (void)z;
    return REACT_BACK;
}

static unsigned act_help(struct puzzles *z)
{
    (void)z;
    return REACT_HELP;
}

static unsigned act_quit(struct puzzles *z)
{
    (void)z;
    return REACT_QUIT;
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct puzzles *z);
};

static const struct binding bindings[] = {
    { KEY_LEFT, N_("arrows, h j k l"), N_("move the cursor"), act_left },
    { KEY_RIGHT, NULL, NULL, act_right },
    { KEY_UP, NULL, NULL, act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'h', NULL, NULL, act_left },
    { 'l', NULL, NULL, act_right },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\n', N_("Enter, Space"), N_("play on the cursor's cell; on a line shown, go on"),
      act_play },
    { '\r', NULL, NULL, act_play },
    { KEY_ENTER, NULL, NULL, act_play },
    { ' ', NULL, NULL, act_play },
    { KEY_MOUSE, N_("mouse click"), N_("play on that cell"), act_mouse },
    { 'H', "H", N_("a hint: the area of the answer, then the answer"), act_hint },
    { 's', "s", N_("give up: the solution plays through"), act_solution },
    { 'r', "r", N_("the puzzle again from its start"), act_again },
    { 'n', "n", N_("the next puzzle (a little harder)"), act_next },
    { 'p', "p", N_("the puzzle before"), act_prev },
    { 'N', "N", N_("the unsolved puzzle nearest your rating"), act_nearest },
    { TAB, "Tab",
      N_("the next collection: freestyle, renju, small boards, from your games, imported"),
      act_set },
    { ESC, "Esc", N_("back to the menu"), act_back },
    { '?', "?", N_("this help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

bool puzzles_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

unsigned puzzles_key(struct puzzles *z, int key)
{
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, key);
    if (b == NULL)
        return REACT_NONE;
    /* What befell the record was shown until this key: said once. */
    z->record_note[0] = '\0';
    if (current(z) == NULL && b->run != act_back && b->run != act_help &&
        b->run != act_quit && b->run != act_set)
        return REACT_NONE;
    return b->run(z);
}

int puzzles_wait_ms(const struct puzzles *z)
{
    if (z->mode == PUZZLES_SOLVING || z->line_at >= z->n_line)
        return -1;
    int64_t left = z->next_ms - clock_ms();
    return left < 0 ? 0 : (int)left;
}

unsigned puzzles_tick(struct puzzles *z)
{
    if (z->mode == PUZZLES_SOLVING || z->line_at >= z->n_line)
        return REACT_NONE;
    if (clock_ms() < z->next_ms)
        return REACT_NONE;
    line_step(z);
    if (z->line_at >= z->n_line && z->mode == PUZZLES_SHOWING && !z->solved)
        say(z, STYLE_MESSAGE, "%s", _("that was the solution (r: try again, n: next)"));
    return REACT_REDRAW;
}

/* --- drawing ------------------------------------------------------------ */

static void draw_title(const struct puzzles *z)
{
    int cols = z->cols;
    draw_fill(0, 0, cols, STYLE_TITLE);
    const struct puzzle *pz = current(z);
    if (pz == NULL) {
        if (z->set == PUZZLES_YOURS)
            draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %s  %s", _("puzzles"),
                       _(set_names[z->set]));
        else
            draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %s", _("puzzles"));
        return;
    }
    draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %s  %s %d/%d  %d%s%d k=%d %s", _("puzzles"),
               _(set_names[z->set]), z->at[z->set] + 1, z->book[z->set].n, pz->width,
               draw_sym(GLYPH_TIMES), pz->height, pz->win, _(rule_name(pz->rule)));
}

/* `text` wrapped into the rows from y, at most `most` of them; the rows
 * used. */
static int draw_wrapped(int y, int x, int w, int most, enum draw_style s, const char *text)
{
    int n = 0;
    while (*text != '\0' && n < most) {
        size_t rest;
        size_t len = text_wrap(text, w, &rest);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, text);
        draw_text(y + n, x, w, s, line);
        text += rest;
        n++;
    }
    return n;
}

static void draw_panel(const struct puzzles *z)
{
    const struct layout *l = &z->layout;
    const struct puzzle *pz = current(z);
    if (l->panel_w == 0 || pz == NULL)
        return;
    int x = l->panel_x, y = l->panel_y, w = l->panel_w;
    int bottom = l->status_y - 1;
    draw_text(y++, x, w, STYLE_DIM, pz->id);
    y++;
    char task[PUZZLE_TEXT_MAX];
    puzzle_task_text(pz, true, task, sizeof task);
    y += draw_wrapped(y, x, w, bottom - y - 6, STYLE_MESSAGE, task);
    y++;
    /* The player's own: the game it came from. */
    if ((z->set == PUZZLES_YOURS || z->set == PUZZLES_IMPORTED) && pz->source[0] != '\0') {
        y += draw_wrapped(y, x, w, bottom - y - 4, STYLE_NORMAL, pz->source);
        y++;
    }
    char line[160];
    if (pz->difficulty >= 0)
        snprintf(line, sizeof line, _("difficulty %d of 100"), pz->difficulty);
    else
        snprintf(line, sizeof line, "%s", _("difficulty not measured"));
    draw_text(y++, x, w, STYLE_NORMAL, line);
    snprintf(line, sizeof line, _("puzzle's rating %d"),
             (int)lround(glicko_puzzle(pz->difficulty, false).rating));
    draw_text(y++, x, w, STYLE_DIM, line);
    struct glicko me = player_rating(z);
    if (z->counted)
        snprintf(line, sizeof line, _("your rating %d (%+d)"), (int)lround(me.rating),
                 z->change);
    else
        snprintf(line, sizeof line, _("your rating %d +/- %d"), (int)lround(me.rating),
                 (int)lround(me.rd));
    draw_text(y++, x, w, STYLE_NORMAL, line);
    if (z->playing) {
        snprintf(line, sizeof line, _("mistakes %d, hints %d"), z->play.mistakes, z->hints);
        draw_text(y++, x, w, STYLE_NORMAL, line);
    }
    y++;
    if (y <= bottom) {
        const char *state = z->solved    ? _("solved")
                            : z->gave_up ? _("given up")
                                         : _("to solve");
        draw_text(y, x, w, z->solved ? STYLE_MESSAGE : STYLE_DIM, state);
    }

}

static void draw_status(const struct puzzles *z)
{
    const struct layout *l = &z->layout;
    int y = l->status_y;
    const struct puzzle *pz = current(z);
    /* Without a panel the task goes above the message. */
    if (pz != NULL && l->panel_w == 0) {
        char task[PUZZLE_TEXT_MAX];
        puzzle_task_text(pz, true, task, sizeof task);
        draw_text(y, 1, z->cols - 2, STYLE_MESSAGE, task);
    }
    if (pz == NULL && z->set == PUZZLES_YOURS)
        draw_text(y + 1, 1, z->cols - 2, z->yours_note[0] != '\0' ? STYLE_ERROR : STYLE_MESSAGE,
                  z->yours_note[0] != '\0'
                      ? z->yours_note
                      : _("Analyse a game in review (a) to make puzzles from it"));
    else if (pz == NULL)
        draw_text(y + 1, 1, z->cols - 2, STYLE_ERROR,
                  z->note[0] != '\0' ? z->note : _("no puzzles to be found"));
    else if (z->record_note[0] != '\0') {
        /* A file's name and a reason: two rows, over the hints. */
        if (draw_wrapped(y + 1, 1, z->cols - 2, 2, STYLE_ERROR, z->record_note) > 1)
            return;
    } else if (z->message[0] != '\0')
        draw_text(y + 1, 1, z->cols - 2, z->message_style, z->message);
    else
        draw_text(y + 1, 1, z->cols - 2, STYLE_DIM,
                  _("your move: Enter or a click plays, H gives a hint"));
    static const struct draw_hint hints[] = {
        { "Enter", N_("play") }, { "H", N_("hint") }, { "s", N_("solution") },
        { "n/p", N_("next/back") }, { "Tab", N_("collection") }, { "Esc", N_("menu") },
        { "?", N_("help") },
    };
    draw_hints(y + 2, hints, (int)(sizeof hints / sizeof hints[0]));
}

void puzzles_draw(const struct puzzles *z)
{
    erase();
    draw_title(z);
    const struct puzzle *pz = current(z);
    if (pz != NULL && (z->playing || z->mode != PUZZLES_SOLVING)) {
        const struct game *g = shown_game(z);
        bool area[BOARD_MAX_CELLS];
        int hint = -1, answer = puzzle_play_hint(&z->play);
        memset(area, 0, sizeof area);
        if (z->mode == PUZZLES_SOLVING && answer >= 0 && z->hint_level == 2)
            hint = answer;
        if (z->mode == PUZZLES_SOLVING && answer >= 0 && z->hint_level == 1) {
            int ax = board_x(&g->board, answer), ay = board_y(&g->board, answer);
            /* The square around the answer, moved off it by its position
             * so that the answer is not always its centre. */
            int sx = ax - AREA_REACH + (answer % 3 == 0) - (answer % 3 == 1);
            int sy = ay - AREA_REACH + (answer / 3 % 3 == 0) - (answer / 3 % 3 == 1);
            for (int dy = 0; dy <= 2 * AREA_REACH; dy++)
                for (int dx = 0; dx <= 2 * AREA_REACH; dx++)
                    if (board_inside(&g->board, sx + dx, sy + dy))
                        area[board_pos(&g->board, sx + dx, sy + dy)] = true;
            /* The answer is always inside. */
            area[answer] = true;
        }
        bool any_forbidden = false;
        for (int q = 0; q < board_cells(&g->board) && !any_forbidden; q++)
            any_forbidden = z->forbidden[q];
        struct board_view view = {
            .layout = &z->layout, .off_x = z->cur.off_x, .off_y = z->cur.off_y, .cx = z->cur.cx,
            .cy = z->cur.cy, .hint = hint, .area = z->hint_level == 1 ? area : NULL,
            .forbidden = any_forbidden ? z->forbidden : NULL,
        };
        boardview_draw(g, &view);
    }
    draw_panel(z);
    draw_status(z);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static unsigned op_open(void *self)
{
    puzzles_open(self);
    return REACT_REDRAW;
}

static void op_close(void *self) { puzzles_close(self); }
static void op_resize(void *self, int rows, int cols) { puzzles_resize(self, rows, cols); }
static void op_draw(const void *self) { puzzles_draw(self); }
static unsigned op_key(void *self, int key) { return puzzles_key(self, key); }
static int op_wait_ms(const void *self) { return puzzles_wait_ms(self); }
static unsigned op_tick(void *self) { return puzzles_tick(self); }

const struct screen puzzles_screen = {
    .size = sizeof(struct puzzles),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys in the puzzles"),
    .help_line = puzzles_help_line,
    .open = op_open,
    .close = op_close,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wait_ms = op_wait_ms,
    .tick = op_tick,
};
