/* play.c — the game screen; see play.h. */
#include "tui/play.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/players.h"
#include "mnk/clock.h"
#include "mnk/notation.h"
#include "tui/boardview.h"
#include "tui/clockface.h"
#include "tui/help.h"
#include "tui/mouse.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "tui/saves.h"
#include "tui/text.h"
#include "mnk/i18n.h"

/* How long a computer waits before answering another computer, so that a
 * game between two of them can be followed. */
#define PACE_MS 600

/* While the computer thinks, the clock in the status line moves this often. */
#define TICK_MS 200

/* A hint's budget: the full search, briefly. */
#define HINT_MS 1500

static void say(struct play *p, enum draw_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(struct play *p, enum draw_style style, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
    p->message_style = style;
}

static void sync_turn(struct play *p);

const char *play_init(struct play *p, const struct game_config *c,
                      const struct game_setup *from, int wake_fd,
                      const struct play_options *o)
{
    static struct game g;   /* large: not on the stack */
    const char *refused = game_init(&g, c);
    if (refused == NULL && from != NULL)
        refused = game_set_up(&g, from);
    if (refused != NULL)
        return refused;
    play_open(p, &g, wake_fd, o);
    return NULL;
}

/* Under renju with Black to move, the empty cells Black may not play. A
 * forbidden cell has a Black stone within five cells of it on a line (the
 * far end of an overline; threes and fours are closer): only the box around
 * Black's stones, widened by five, is asked, a few hundred calls of about
 * 0.2 µs (rules.h) once a move. */
static void find_forbidden(struct play *p)
{
    const struct game *g = play_game(p);
    const struct board *b = &g->board;
    memset(p->forbidden, 0, sizeof p->forbidden);
    p->forbidden_count = 0;
    if (!rule_info(b->rule)->forbidden || game_over(g) || game_to_move(g) != STONE_BLACK)
        return;
    int x0 = b->width, y0 = b->height, x1 = -1, y1 = -1;
    for (int pos = 0; pos < board_cells(b); pos++) {
        if (board_at(b, pos) != STONE_BLACK)
            continue;
        int x = board_x(b, pos), y = board_y(b, pos);
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    for (int y = y0 - 5 < 0 ? 0 : y0 - 5; y <= y1 + 5 && y < b->height; y++) {
        for (int x = x0 - 5 < 0 ? 0 : x0 - 5; x <= x1 + 5 && x < b->width; x++) {
            int pos = board_pos(b, x, y);
            if (board_at(b, pos) == STONE_NONE && game_forbidden(g, pos) != FORBID_NONE) {
                p->forbidden[pos] = true;
                p->forbidden_count++;
            }
        }
    }
}

/* The marks of the position on the board, when shown: the threats (for the
 * status too) and the cells forbidden to Black. Called whenever the board
 * changes, never while drawing. */
static void find_marks(struct play *p)
{
    if (!p->marks)
        return;
    shapes_find(&p->shapes, &play_game(p)->board);
    find_forbidden(p);
}

void play_open(struct play *p, const struct game *g, int wake_fd, const struct play_options *o)
{
    memset(p, 0, sizeof *p);
    p->marks = o->marks;
    p->numbers = o->numbers;
    p->bell = o->bell;
    p->look = o->look;
    p->hint = -1;
    shapes_init(&p->shapes); /* out of memory: no marks, nothing worse */
    char why[2][SESSION_WHY_MAX];
    /* An engine's standard error would scribble over the screen. */
    session_open(&p->session, g, true, why);
    p->threads = o->threads;
    p->ponder = o->ponder;
    ponder_init(&p->pondering);
    for (int i = 0; i < 2; i++) {
        enum stone side = i == 0 ? STONE_BLACK : STONE_WHITE;
        if (!session_is_computer(&p->session, side))
            continue;
        struct computer *c = session_computer(&p->session, side);
        players_set_threads(c, o->threads);
        /* Against a person only: two computers would take each other's
         * cores. */
        players_set_ponder(c, o->ponder && !session_is_computer(&p->session, stone_other(side)));
    }
    worker_init(&p->worker, wake_fd);
    /* On the last move of a game that has some, else the centre. */
    int last = game_last_move(g);
    p->cur.cx = last >= 0 ? board_x(&g->board, last) : (g->board.width - 1) / 2;
    p->cur.cy = last >= 0 ? board_y(&g->board, last) : g->board.height / 2;
    if (game_over(g))
        say(p, STYLE_MESSAGE, "%s", _(game_result_text(&g->result)));
    /* A name the record gave a side that is no built-in player (a person,
     * another program, an external engine) makes that side a human's: a
     * record never starts a program (players.h). Said, not silently done. */
    for (int i = 0; i < 2; i++) {
        const struct player *pl = &play_game(p)->config.player[i];
        if (pl->kind == PLAYER_HUMAN && pl->spec[0] != '\0')
            say(p, STYLE_ERROR, i ? _("White ('%.40s' in the record) is yours to play: a record "
                                      "never starts a program")
                                  : _("Black ('%.40s' in the record) is yours to play: a record "
                                      "never starts a program"),
                pl->spec);
    }
    for (int i = 0; i < 2; i++)
        if (why[i][0] != '\0')
            say(p, STYLE_ERROR, i ? _("White: %.120s; you play White") : _("Black: %.120s; you play Black"),
                why[i]);
    find_marks(p);
    /* The move's clock starts now: time away from the game is not charged. */
    p->turn_ply = -1;
    sync_turn(p);
}

struct play_options play_get_options(const struct play *p)
{
    return (struct play_options){
        .marks = p->marks, .numbers = p->numbers, .bell = p->bell, .look = p->look,
        .threads = p->threads, .ponder = p->ponder
    };
}

const struct game *play_game(const struct play *p)
{
    return &p->session.game;
}

void play_note(struct play *p, const char *text)
{
    if (p->message[0] == '\0' || p->message_style != STYLE_ERROR)
        say(p, STYLE_MESSAGE, "%s", text);
}

void play_warn(struct play *p, const char *text)
{
    say(p, STYLE_ERROR, "%s", text);
}

unsigned play_save(struct play *p, const char *typed, const struct record_extra *extra,
                   bool make_dirs)
{
    char path[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 200];
    if (!saves_expand(typed, path, sizeof path, true)) {
        say(p, STYLE_ERROR, "%s", _("not saved: the file name is too long"));
    } else if (!saves_write(path, play_game(p), extra, make_dirs, err, sizeof err)) {
        say(p, STYLE_ERROR, _("not saved: %s"), err);
    } else {
        /* The full path: a relative name says little about where it went. */
        char *full = realpath(path, NULL);
        say(p, STYLE_MESSAGE, _("saved to %s"), full != NULL ? full : path);
        free(full);
    }
    return REACT_REDRAW;
}

void play_fini(struct play *p)
{
    worker_fini(&p->worker);
    ponder_stop(&p->pondering);
    session_close(&p->session);
    ai_destroy(&p->hint_ai);
    advice_free(&p->advice);
    if (p->have_judge)
        judge_free(&p->judge);
    shapes_free(&p->shapes);
}

static void follow_cursor(struct play *p)
{
    cursor_follow(&p->cur, &p->layout, &play_game(p)->board);
}

/* --- the clock ----------------------------------------------------------- */

static bool has_clock(const struct play *p)
{
    return play_game(p)->config.tc.kind != TC_NONE;
}

/* Whether the clock of the seat that acts runs now. */
static bool clock_runs(const struct play *p)
{
    const struct game *g = play_game(p);
    enum opening_step step = game_opening_step(g);
    /* The opening's choices take no time (game.h), nor does the pause a
     * computer makes before answering another (move_due). */
    bool pacing = p->move_due != 0 && clock_ms() < p->move_due;
    return has_clock(p) && !game_over(g) && !p->clock_paused && !p->held && !pacing &&
           step != OPENING_CHOOSE && step != OPENING_CHOOSE2;
}

/* The time the seat that acts has spent on its move so far. */
static int turn_elapsed(const struct play *p)
{
    int64_t ms = p->turn_spent + (p->turn_from != 0 ? clock_ms() - p->turn_from : 0);
    return ms > INT32_MAX ? INT32_MAX : (int)ms;
}

/* Starts, stops or restarts the move's clock after anything that may have
 * changed whose move it is or whether the clock runs. */
static void sync_turn(struct play *p)
{
    const struct game *g = play_game(p);
    int64_t now = clock_ms();
    if (g->ply != p->turn_ply || g->choices != p->turn_choices) {
        p->turn_ply = g->ply;
        p->turn_choices = g->choices;
        p->turn_spent = 0;
        p->turn_from = 0;
    }
    bool runs = clock_runs(p);
    if (runs && p->turn_from == 0) {
        p->turn_from = now;
    } else if (!runs && p->turn_from != 0) {
        p->turn_spent += now - p->turn_from;
        p->turn_from = 0;
    }
}

/* The clock of `side` as it stands now: the one that runs, run down. */
static struct gameclock_side clock_now(const struct play *p, enum stone side)
{
    const struct game *g = play_game(p);
    struct gameclock_side c = game_clock(g, side);
    if (p->turn_from != 0 || p->turn_spent > 0) {
        if (!game_over(g) && game_actor(g) == side)
            c = gameclock_running(&g->config.tc, &c, turn_elapsed(p));
    }
    return c;
}

/* Milliseconds before the flag of the seat that acts falls; -1 when the
 * clock does not run. */
static int64_t until_flag(const struct play *p)
{
    if (!clock_runs(p))
        return -1;
    const struct game *g = play_game(p);
    struct gameclock_side c = game_clock(g, game_actor(g));
    return gameclock_until_flag(&g->config.tc, &c, turn_elapsed(p));
}

/* The clock's face for `side` into buf (clockface.h); "" without a clock.
 * *low when it is close to its flag. */
static const char *clock_face(const struct play *p, enum stone side, char *buf, size_t size,
                              bool *low)
{
    const struct game *g = play_game(p);
    const struct tc *tc = &g->config.tc;
    struct gameclock_side c = clock_now(p, side);
    struct gameclock_side start = game_clock(g, side);
    bool acting = !game_over(g) && game_actor(g) == side;
    int64_t until = game_over(g) ? -1
                                 : gameclock_until_flag(tc, &start, acting ? turn_elapsed(p) : 0);
    return clockface_text(tc, &c, until, draw_sym(GLYPH_TIMES), buf, size, low);
}

/* The flag of the seat that acts fell while it was to move: the game is
 * lost on time. */
static void stop_thinking(struct play *p);
static void after_move(struct play *p);

static bool check_flag(struct play *p)
{
    if (until_flag(p) != 0)
        return false;
    const struct game *g = play_game(p);
    stop_thinking(p);
    session_flag(&p->session, game_actor(g));
    after_move(p);
    sync_turn(p);
    return true;
}

void play_resize(struct play *p, int rows, int cols)
{
    cursor_lay_out(&p->cur, &p->layout, rows, cols, &play_game(p)->board, p->numbers);
}

static bool two_computers(const struct play *p)
{
    return p->session.computer[0] && p->session.computer[1];
}

/* The worker's job for a computer's part in the opening. */
static void opening_job(struct worker *w, void *ctx)
{
    struct play_opening *o = ctx;
    o->limits.stop = &w->stop;
    o->ok = ai_opening(o->ai, &o->board, o->may_add, &o->limits, &o->answer);
}

/* Starts the computer if it is its turn and nothing holds it back. */
static void think_if_due(struct play *p)
{
    /* Before the computer's move takes its player: the ponder stops then. */
    ponder_sync(&p->pondering, &p->session);
    enum stone side = session_due(&p->session);
    if (side == STONE_NONE || worker_busy(&p->worker) || clock_ms() < p->move_due)
        return;
    struct computer *c = session_computer(&p->session, side);
    p->have_info = false;
    bool may_add;
    if (session_asks_opening(&p->session, &may_add)) {
        struct play_opening *o = &p->opening;
        o->ai = &c->ai;
        o->board = play_game(p)->board;
        o->may_add = may_add;
        o->limits = c->limits;
        o->ok = false;
        if (!worker_run(&p->worker, opening_job, o)) {
            p->session.paused = true;
            say(p, STYLE_ERROR, "%s", _("could not start the computer's thread; p retries"));
            return;
        }
        p->job = JOB_OPENING;
        p->think_start = clock_ms();
        if (p->message_style != STYLE_ERROR)
            p->message[0] = '\0';
        return;
    }
    if (!worker_start(&p->worker, &c->ai, &play_game(p)->board, game_to_move(play_game(p)),
                      &c->limits)) {
        p->session.paused = true;
        say(p, STYLE_ERROR, "%s", _("could not start the computer's thread; p retries"));
        return;
    }
    p->job = JOB_MOVE;
    p->think_start = clock_ms();
    /* The thinking line takes the status row (after a redo, a Resume, a
     * Load); an error stays. */
    if (p->message_style != STYLE_ERROR)
        p->message[0] = '\0';
}

/* Cancels the computer's search or the hint, if one runs. A draw offer
 * the computer was judging goes unanswered: it is withdrawn. */
static void stop_thinking(struct play *p)
{
    worker_cancel(&p->worker);
    p->have_info = false;
    if (p->job == JOB_JUDGE)
        session_withdraw(&p->session);
    p->job = JOB_NONE;
}

/* Stops what the worker does beside the computer's moves (a hint, a
 * judgement, a proof): the person's own act comes first. */
static void stop_aside(struct play *p)
{
    if (p->job == JOB_HINT || p->job == JOB_JUDGE || p->job == JOB_PROOF)
        stop_thinking(p);
}

/* The worker's job for a computer's judgement of a draw. */
static void judge_job(struct worker *w, void *ctx)
{
    struct play_judging *j = ctx;
    if (j->prove)
        j->ok = judge_proves_draw(j->judge, &j->game, &w->stop);
    else
        j->ok = judge_score(j->judge, &j->game, j->side, &w->stop, &j->score);
}

/* Starts the computer of `side` judging the position on the worker: a
 * proof of a draw, or its score. False when that cannot be (no memory, no
 * thread). */
static bool start_judging(struct play *p, enum stone side, bool prove)
{
    if (!p->have_judge && !(p->have_judge = judge_init(&p->judge)))
        return false;
    struct play_judging *j = &p->judging;
    j->judge = &p->judge;
    j->game = *play_game(p);
    j->side = side;
    j->prove = prove;
    j->ok = false;
    if (!worker_run(&p->worker, judge_job, j))
        return false;
    p->job = prove ? JOB_PROOF : JOB_JUDGE;
    p->think_start = clock_ms();
    return true;
}

/* After the move of the computer of `seat`: it looks for a proof that the
 * game is drawn, to offer a draw (once a game, to a person). */
static void look_for_draw(struct play *p, enum stone seat)
{
    if (session_may_propose(&p->session, seat) &&
        judge_may_prove(&play_game(p)->board))
        start_judging(p, seat, true);
}

/* After a move: the result, what the exact rule made of an overline or caro
 * of a run blocked at both ends, and a
 * pause before a computer answers a computer. */
static void after_move(struct play *p)
{
    const struct game *g = play_game(p);
    p->message[0] = '\0';
    p->hint = -1;
    p->move_due = two_computers(p) ? clock_ms() + PACE_MS : 0;
    if (game_over(g))
        say(p, STYLE_MESSAGE, "%s", _(game_result_text(&g->result)));
    else if (p->session.overline > 0)
        say(p, STYLE_MESSAGE, _("%d in a row is an overline: under the exact rule only %d wins"),
            p->session.overline, g->board.win);
    else if (p->session.blocked > 0)
        say(p, STYLE_MESSAGE, _("%d in a row blocked at both ends: under caro it does not win"),
            p->session.blocked);
    find_marks(p);
}

/* True when a person must make an opening choice now. */
static bool person_chooses(const struct play *p)
{
    const struct game *g = play_game(p);
    enum opening_step step = game_opening_step(g);
    return !game_over(g) && (step == OPENING_CHOOSE || step == OPENING_CHOOSE2) &&
           !session_is_computer(&p->session, game_actor(g));
}

/* After a computer's part in the opening: what it did, in words. */
static void opening_news(struct play *p)
{
    const struct game *g = play_game(p);
    if (game_over(g) || g->choices == 0) {
        if (!game_over(g) && game_opening_step(g) == OPENING_CHOOSE)
            say(p, STYLE_MESSAGE, "%s", _("the computer placed the three opening stones: "
                                          "your choice"));
        return;
    }
    enum opening_choice c = (enum opening_choice)g->choice[g->choices - 1];
    if (c == OPENING_PLACE_TWO)
        say(p, STYLE_MESSAGE, "%s", _("the computer placed two more stones: your choice"));
    else if (c == OPENING_TAKE_BLACK)
        say(p, STYLE_MESSAGE, "%s", _("the computer took Black: you play White"));
    else
        say(p, STYLE_MESSAGE, "%s", _("the computer took White and played: you play Black"));
}

/* --- key handlers ------------------------------------------------------- */

static unsigned move_cursor(struct play *p, int dx, int dy)
{
    cursor_step(&p->cur, &p->layout, &play_game(p)->board, dx, dy);
    return REACT_REDRAW;
}

static unsigned act_left(struct play *p) { return move_cursor(p, -1, 0); }
static unsigned act_right(struct play *p) { return move_cursor(p, 1, 0); }
static unsigned act_up(struct play *p) { return move_cursor(p, 0, -1); }
static unsigned act_down(struct play *p) { return move_cursor(p, 0, 1); }

static unsigned act_place(struct play *p)
{
    const struct board *b = &play_game(p)->board;
    char name[NOTATION_MAX];
    int pos = board_pos(b, p->cur.cx, p->cur.cy);
    stop_aside(p);
    if (p->clock_paused) {
        say(p, STYLE_ERROR, "%s", _("the clock is stopped: p starts it again"));
        return REACT_REDRAW;
    }
    if (check_flag(p))
        return REACT_REDRAW;
    bool was_over = game_over(play_game(p));
    switch (session_human_move_timed(&p->session, pos, has_clock(p) ? turn_elapsed(p) : 0)) {
    case SESSION_PLAYED:
        after_move(p);
        think_if_due(p);
        break;
    case SESSION_OVER:
        if (!was_over) {   /* the move came too late: lost on time */
            after_move(p);
            break;
        }
        say(p, STYLE_ERROR, "%s", _("the game is over: u takes back, n starts a new one"));
        break;
    case SESSION_WAIT:
        say(p, STYLE_ERROR, "%s", _("it is the computer's turn"));
        break;
    case SESSION_OCCUPIED:
        say(p, STYLE_ERROR, _("%s is taken"), notation_format(b, pos, name));
        break;
    case SESSION_CHOOSE:
        say(p, STYLE_ERROR, "%s", _("first choose: b plays Black, w plays White"));
        break;
    case SESSION_FORBIDDEN:
        say(p, STYLE_ERROR, _("%s is forbidden to Black: %s"), notation_format(b, pos, name),
            _(forbid_text(game_forbidden(play_game(p), pos))));
        break;
    case SESSION_OUTSIDE:
    case SESSION_FORFEIT:
    case SESSION_NOT_NOW:
        say(p, STYLE_ERROR, "%s", _("no move there"));
        break;
    }
    return REACT_REDRAW;
}

static unsigned choose(struct play *p, enum opening_choice choice)
{
    if (!person_chooses(p))
        return REACT_NONE;
    stop_aside(p);
    if (session_human_choose(&p->session, choice) != SESSION_PLAYED) {
        say(p, STYLE_ERROR, "%s", _("the opening offers no such choice now"));
        return REACT_REDRAW;
    }
    after_move(p);
    if (choice == OPENING_TAKE_BLACK)
        say(p, STYLE_MESSAGE, "%s", _("you play Black; White moves next"));
    else if (choice == OPENING_TAKE_WHITE)
        say(p, STYLE_MESSAGE, "%s", _("you play White: your move"));
    else
        say(p, STYLE_MESSAGE, "%s", _("place two more stones, a white one, then a black one"));
    think_if_due(p);
    return REACT_REDRAW;
}

static unsigned act_take_black(struct play *p) { return choose(p, OPENING_TAKE_BLACK); }
static unsigned act_take_white(struct play *p) { return choose(p, OPENING_TAKE_WHITE); }
static unsigned act_place_two(struct play *p) { return choose(p, OPENING_PLACE_TWO); }

static unsigned act_mouse(struct play *p)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK || !cursor_click(&p->cur, &p->layout, m.y, m.x))
        return REACT_NONE;
    return act_place(p);
}

static unsigned act_undo(struct play *p)
{
    bool both = two_computers(p);
    stop_thinking(p);
    p->hint = -1;
    if (game_over(&p->session.game))
        /* TRANSLATORS: %s is the result, "White wins by resignation". */
        say(p, STYLE_ERROR, _("%s: the result stands (v reviews the game)"),
            _(game_result_text(&p->session.game.result)));
    else if (session_undo(&p->session) == 0)
        say(p, STYLE_ERROR, "%s", _("nothing to undo"));
    else
        say(p, STYLE_MESSAGE, "%s", both ? _("took back; r redoes, p resumes") : _("took back; r redoes"));
    find_marks(p);
    think_if_due(p);
    return REACT_REDRAW;
}

static unsigned act_redo(struct play *p)
{
    stop_aside(p);
    if (worker_busy(&p->worker)) {
        say(p, STYLE_ERROR, "%s", _("the computer is thinking: u takes back first"));
        return REACT_REDRAW;
    }
    if (session_redo(&p->session) == 0) {
        say(p, STYLE_ERROR, "%s", _("nothing to redo"));
        return REACT_REDRAW;
    }
    after_move(p);
    if (!game_over(play_game(p)))
        say(p, STYLE_MESSAGE, "%s", _("replayed"));
    think_if_due(p);
    return REACT_REDRAW;
}

/* p: the computer stops (no move while paused), and so does the clock;
 * in a game of two people on the clock, the clock alone. */
static unsigned act_pause(struct play *p)
{
    bool computers = p->session.computer[0] || p->session.computer[1];
    if (!computers && !has_clock(p)) {
        say(p, STYLE_ERROR, "%s", _("no computer to pause"));
        return REACT_REDRAW;
    }
    bool pause = computers ? !p->session.paused : !p->clock_paused;
    if (computers)
        session_toggle_pause(&p->session);
    p->clock_paused = pause && has_clock(p);
    if (pause) {
        stop_thinking(p);
        say(p, STYLE_MESSAGE, "%s", _("paused; p resumes"));
    } else {
        p->message[0] = '\0';
        p->move_due = 0;
        think_if_due(p);
    }
    sync_turn(p);
    return REACT_REDRAW;
}

static unsigned act_marks(struct play *p)
{
    p->marks = !p->marks;
    find_marks(p);
    if (p->marks && rule_info(play_game(p)->board.rule)->forbidden)
        say(p, STYLE_MESSAGE, _("marks on: ! five, * open four, + four, %s open three, "
                                "%s forbidden to Black"),
            draw_sym(GLYPH_MARK_OPEN3), draw_sym(GLYPH_MARK_FORBID));
    else if (p->marks)
        say(p, STYLE_MESSAGE, _("threat marks on: ! five, * open four, + four, %s open three"),
            draw_sym(GLYPH_MARK_OPEN3));
    else
        say(p, STYLE_MESSAGE, "%s", _("threat marks off; t shows them"));
    return REACT_REDRAW;
}

/* m: the stones' move numbers on or off. */
static unsigned act_numbers(struct play *p)
{
    p->numbers = !p->numbers;
    play_resize(p, p->layout.rows, p->layout.cols);   /* two digits need room */
    say(p, STYLE_MESSAGE, "%s",
        p->numbers ? _("move numbers on the stones; m hides them") : _("move numbers off"));
    return REACT_REDRAW;
}

/* B: the bell at the computer's move on or off. */
static unsigned act_bell(struct play *p)
{
    p->bell = !p->bell;
    if (p->bell)
        beep();   /* what it will sound like */
    say(p, STYLE_MESSAGE, "%s",
        p->bell ? _("the bell rings at the computer's move; B silences it")
                : _("no bell at the computer's move"));
    return REACT_REDRAW;
}

/* D: the next drawing: the terminal's best characters, full-width (for
 * terminals that draw ●, ○ and the box lines two columns wide), plain
 * ASCII. */
static unsigned act_drawing(struct play *p)
{
    p->look = draw_next_look(draw_look());
    draw_set_look(p->look);
    play_resize(p, p->layout.rows, p->layout.cols);
    switch (draw_look()) {
    case DRAW_LOOK_WIDE:
        say(p, STYLE_MESSAGE, "%s",
            _("drawing full-width (stones two columns wide); D for plain ASCII"));
        break;
    case DRAW_LOOK_PLAIN:
        say(p, STYLE_MESSAGE, "%s", _("drawing in plain ASCII; D for the terminal's characters"));
        break;
    default:
        say(p, STYLE_MESSAGE, "%s",
            _("drawing in the terminal's characters; D for the next drawing"));
        break;
    }
    return REACT_REDRAW;
}

/* H: the engine's move for the side to move, thought out on the worker. */
static unsigned act_hint(struct play *p)
{
    const struct game *g = play_game(p);
    enum stone side = game_to_move(g);
    if (game_over(g)) {
        say(p, STYLE_ERROR, "%s", _("the game is over: no hint"));
        return REACT_REDRAW;
    }
    if (p->job == JOB_PROOF)
        stop_thinking(p);
    if (session_is_computer(&p->session, side) || worker_busy(&p->worker)) {
        say(p, STYLE_ERROR, "%s", _("a hint is for your turn"));
        return REACT_REDRAW;
    }
    if (p->hint_ai.strategy == NULL) {
        struct ai_options opts = { .seed = 1 };
        if (!ai_create(&p->hint_ai, "search", &opts) || !advice_init(&p->advice)) {
            ai_destroy(&p->hint_ai);
            say(p, STYLE_ERROR, "%s", _("no memory for a hint"));
            return REACT_REDRAW;
        }
    }
    struct ai_limits limits = { .time_ms = HINT_MS, .threads = p->threads };
    p->have_info = false;
    if (!worker_start(&p->worker, &p->hint_ai, &g->board, side, &limits)) {
        say(p, STYLE_ERROR, "%s", _("could not start the hint's thread"));
        return REACT_REDRAW;
    }
    p->job = JOB_HINT;
    p->think_start = clock_ms();
    p->message[0] = '\0';
    return REACT_REDRAW;
}

/* R: resigning asks first. */
static unsigned act_resign(struct play *p)
{
    if (session_resigner(&p->session) == STONE_NONE) {
        say(p, STYLE_ERROR, "%s", game_over(play_game(p)) ? _("the game is over")
                                                           : _("only a person can resign"));
        return REACT_REDRAW;
    }
    return REACT_ASK_RESIGN;
}

unsigned play_resign(struct play *p)
{
    stop_thinking(p);
    if (session_resign(&p->session)) {
        p->hint = -1;
        say(p, STYLE_MESSAGE, "%s", _(game_result_text(&play_game(p)->result)));
    }
    return REACT_REDRAW;
}

void play_hold(struct play *p)
{
    stop_thinking(p);
    p->held = true;
    sync_turn(p);
}

/* The waiting draw offer was answered: the result, or who declined. */
static void say_answer(struct play *p, enum stone asked, bool accepted)
{
    p->hint = -1;
    if (accepted)
        say(p, STYLE_MESSAGE, "%s", _(game_result_text(&play_game(p)->result)));
    else
        say(p, STYLE_MESSAGE, "%s", asked == STONE_WHITE ? _("White declines the draw")
                                                         : _("Black declines the draw"));
}

/* =: a person offers a draw, or accepts the one the computer offers. The
 * other person is asked; the computer judges it on the worker. */
static unsigned act_draw(struct play *p)
{
    struct session *s = &p->session;
    const struct game *g = play_game(p);
    const struct offer *waiting = session_request(s);
    if (waiting != NULL && waiting->kind == OFFER_DRAW && session_is_computer(s, waiting->from)) {
        enum stone asked = stone_other(waiting->from);
        stop_aside(p);
        session_answer(s, true);
        say_answer(p, asked, true);
        return REACT_REDRAW;
    }
    enum stone from = session_asker(s);
    if (from == STONE_NONE) {
        say(p, STYLE_ERROR, "%s", game_over(g) ? _("the game is over")
                                  : two_computers(p) ? _("only a person can offer a draw")
                                                     : _("a draw is offered on your turn"));
        return REACT_REDRAW;
    }
    if (p->job == JOB_JUDGE) {
        say(p, STYLE_ERROR, "%s", _("the computer is considering your draw offer"));
        return REACT_REDRAW;
    }
    stop_aside(p);
    if (session_offer(s, OFFER_DRAW, from) != OFFER_OK)
        return REACT_NONE;
    enum stone other = stone_other(from);
    if (!session_is_computer(s, other)) {
        snprintf(p->question, sizeof p->question, "%s",
                 from == STONE_BLACK ? _("Black offers a draw. White, do you accept?")
                                     : _("White offers a draw. Black, do you accept?"));
        return REACT_ASK_OTHER;
    }
    if (!start_judging(p, other, false)) {
        session_withdraw(s);
        say(p, STYLE_ERROR, "%s", _("the computer could not consider the offer"));
        return REACT_REDRAW;
    }
    p->message[0] = '\0';
    return REACT_REDRAW;
}

unsigned play_answer(struct play *p, bool accept)
{
    const struct offer *waiting = session_request(&p->session);
    if (waiting == NULL)
        return REACT_REDRAW;
    enum stone asked = stone_other(waiting->from);
    session_answer(&p->session, accept);
    say_answer(p, asked, accept);
    return REACT_REDRAW;
}

const char *play_question(const struct play *p)
{
    return p->question;
}

/* The computer's judgement came back: the answer to the person's offer,
 * or, after a proof of a draw, its own offer. */
static void judged(struct play *p)
{
    struct play_judging *j = &p->judging;
    struct session *s = &p->session;
    enum stone seat = j->side;
    if (p->job == JOB_PROOF) {
        p->job = JOB_NONE;
        /* A proof about the game as it still is (the person's every act
         * stops it, but be sure). */
        if (!j->ok || j->game.ply != play_game(p)->ply || !session_may_propose(s, seat) ||
            session_offer(s, OFFER_DRAW, seat) != OFFER_OK)
            return;
        say(p, STYLE_MESSAGE, "%s", seat == STONE_WHITE
                                        ? _("White offers a draw: = accepts, a move plays on")
                                        : _("Black offers a draw: = accepts, a move plays on"));
        return;
    }
    p->job = JOB_NONE;
    bool accept = j->ok && judge_accepts(j->score);
    if (session_answer(s, accept) != OFFER_OK)
        return;
    if (accept)
        say_answer(p, seat, true);
    else
        say(p, STYLE_MESSAGE, "%s",
            j->score >= AI_SCORE_WIN_BOUND
                ? _("the computer declines the draw: it sees a win")
                : _("the computer declines the draw: it thinks it stands better"));
}

static unsigned act_review(struct play *p)
{
    (void)p;
    return REACT_REVIEW;
}

static unsigned act_analyse(struct play *p)
{
    return play_game(p)->last > 0 ? REACT_ANALYSE : REACT_NONE;
}

static unsigned act_new(struct play *p)
{
    return play_in_progress(p) ? REACT_ASK_MENU : REACT_MENU;
}

static unsigned act_quit(struct play *p)
{
    return play_in_progress(p) ? REACT_ASK_QUIT : REACT_QUIT;
}

static unsigned act_save(struct play *p)
{
    (void)p;
    return REACT_ASK_FILE;
}

static unsigned act_help(struct play *p)
{
    (void)p;
    return REACT_HELP;
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct play *p);
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
    { '\n', N_("Enter, Space"), N_("place a stone under the cursor"), act_place },
    { '\r', NULL, NULL, act_place },
    { KEY_ENTER, NULL, NULL, act_place },
    { ' ', NULL, NULL, act_place },
    { KEY_MOUSE, N_("mouse click"), N_("place a stone on that cell"), act_mouse },
    { 'u', "u", N_("undo (against the computer: back to your turn)"), act_undo },
    { 'r', "r", N_("redo"), act_redo },
    { 'p', "p", N_("pause or resume the computer, and the clock"), act_pause },
    { 'H', "H", N_("hint: the engine's move for you, and why"), act_hint },
    { 't', "t", N_("threat marks (and renju's forbidden cells) on or off"), act_marks },
    { 'm', "m", N_("move numbers on the stones on or off"), act_numbers },
    { 'B', "B", N_("the bell at the computer's move on or off"), act_bell },
    { 'D', "D", N_("drawing: the terminal's, full-width or ASCII"), act_drawing },
    { 'R', "R", N_("resign (asks first)"), act_resign },
    { '=', "=", N_("offer a draw, or accept the one offered"), act_draw },
    { 'b', "b", N_("opening: play Black"), act_take_black },
    { 'w', "w", N_("opening: play White"), act_take_white },
    { '2', "2", N_("swap2 opening: place two more stones"), act_place_two },
    { 's', "s", N_("save the game to a file (.sgf or .psq)"), act_save },
    { 'v', "v", N_("review the game move by move"), act_review },
    { 'a', "a", N_("review and analyse the game with the engine"), act_analyse },
    { 'n', "n", N_("new game"), act_new },
    { '?', "?", N_("this help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

bool play_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

unsigned play_key(struct play *p, int key)
{
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, key);
    unsigned r = b != NULL ? b->run(p) : REACT_NONE;
    sync_turn(p);
    return r;
}

/* A move the window does not show brings the cursor (and so the view) to it:
 * on a scrolled board the computer's answer must not go unseen. */
static void reveal(struct play *p, int pos)
{
    const struct board *b = &play_game(p)->board;
    int x = board_x(b, pos), y = board_y(b, pos);
    const struct layout *l = &p->layout;
    const struct board_cursor *c = &p->cur;
    if (x >= c->off_x && x < c->off_x + l->view_w && y >= c->off_y && y < c->off_y + l->view_h)
        return;
    p->cur.cx = x;
    p->cur.cy = y;
    follow_cursor(p);
}

unsigned play_wake(struct play *p)
{
    unsigned react = REACT_NONE;
    if (worker_info(&p->worker, &p->info)) {
        p->have_info = true;
        react |= REACT_REDRAW;
    }
    int move;
    if (p->job == JOB_HINT && worker_collect(&p->worker, &move)) {
        /* The hint: shown on the board, and said with its reason. */
        const struct game *g = play_game(p);
        char name[NOTATION_MAX], why[120];
        p->job = JOB_NONE;
        p->hint = move;
        advice_explain(&p->advice, &g->board, game_to_move(g), move,
                       p->have_info ? &p->info : NULL, why, sizeof why);
        p->have_info = false;
        session_note_hint(&p->session);
        say(p, STYLE_MESSAGE, _("hint: %s, %s"), notation_format(&g->board, move, name), why);
        /* The cursor goes there: Enter takes the hint. */
        p->cur.cx = board_x(&g->board, move);
        p->cur.cy = board_y(&g->board, move);
        follow_cursor(p);
        react |= REACT_REDRAW;
    } else if ((p->job == JOB_JUDGE || p->job == JOB_PROOF) &&
               worker_collect(&p->worker, &move)) {
        judged(p);
        react |= REACT_REDRAW;
    } else if (p->job == JOB_OPENING && worker_collect(&p->worker, &move)) {
        p->have_info = false;
        p->job = JOB_NONE;
        enum stone seat = game_actor(play_game(p));
        if (session_computer_opening(&p->session, p->opening.ok, &p->opening.answer) ==
            SESSION_FORFEIT) {
            after_move(p);
            say(p, STYLE_ERROR, seat == STONE_WHITE ? _("%s: White could not move (%.100s)")
                                                    : _("%s: Black could not move (%.100s)"),
                _(game_result_text(&play_game(p)->result)), p->session.why);
        } else {
            after_move(p);
            opening_news(p);
            look_for_draw(p, seat);
        }
        react |= REACT_REDRAW;
    } else if (worker_collect(&p->worker, &move)) {
        p->have_info = false;
        p->job = JOB_NONE;
        enum stone side = game_actor(play_game(p));
        int spent = has_clock(p) ? turn_elapsed(p) : 0;
        if (session_computer_move_timed(&p->session, move, spent) == SESSION_FORFEIT) {
            /* No move (an engine that crashed or timed out), or an illegal
             * one: the game is lost. */
            after_move(p);
            say(p, STYLE_ERROR, side == STONE_WHITE ? _("%s: White could not move (%.100s)")
                                                    : _("%s: Black could not move (%.100s)"),
                _(game_result_text(&play_game(p)->result)), p->session.why);
        } else {
            after_move(p);
            reveal(p, move);
            look_for_draw(p, side);
        }
        /* Heard, for a player who looks away while the computer thinks. */
        if (p->bell)
            beep();
        react |= REACT_REDRAW;
    }
    think_if_due(p);
    sync_turn(p);
    return react;
}

unsigned play_tick(struct play *p)
{
    p->held = false;
    sync_turn(p);
    if (check_flag(p))
        return REACT_REDRAW;
    bool was_busy = worker_busy(&p->worker);
    think_if_due(p);
    sync_turn(p);
    /* While thinking, the clock in the status line moves on; so does the
     * game clock. */
    return was_busy || worker_busy(&p->worker) || clock_runs(p) ? REACT_REDRAW : REACT_NONE;
}

/* Milliseconds until the running clock's face changes: a second, or a
 * tenth under ten seconds. */
static int64_t next_face(const struct play *p)
{
    const struct game *g = play_game(p);
    struct gameclock_side c = clock_now(p, game_actor(g));
    int shown = gameclock_shown_ms(&g->config.tc, &c);
    int step = shown < 10000 ? 100 : 1000;
    return shown < 0 ? -1 : shown % step + 1;
}

int play_timeout(const struct play *p)
{
    int64_t wait = -1;
    if (worker_busy(&p->worker))
        wait = TICK_MS;
    else if (session_due(&p->session) != STONE_NONE && p->move_due != 0)
        wait = p->move_due - clock_ms() < 0 ? 0 : p->move_due - clock_ms();
    if (clock_runs(p)) {
        int64_t flag = until_flag(p), face = next_face(p);
        int64_t soon = face >= 0 && face < flag ? face : flag;
        if (wait < 0 || soon < wait)
            wait = soon;
    }
    return wait > INT32_MAX ? INT32_MAX : (int)wait;
}

bool play_in_progress(const struct play *p)
{
    return play_game(p)->ply > 0 && !game_over(play_game(p));
}

/* --- drawing ------------------------------------------------------------ */

/* "computer, casual", "computer (threat)" or "human". */
static void describe_player(const struct play *p, enum stone side, char *buf, size_t size)
{
    const struct player *pl = game_player(play_game(p), side);
    if (!session_is_computer(&p->session, side))
        snprintf(buf, size, "%s", _("human"));
    else if (session_level(&p->session, side) != NULL)
        snprintf(buf, size, _("computer, %.40s"), pl->spec);
    else
        snprintf(buf, size, _("computer (%.40s)"), players_name(pl));
}

/* Under the players: the time control, and which clock is low, in words
 * (the colour alone would not say it without colour). */
static int draw_clock_note(const struct play *p, int y, int x, int w)
{
    const struct game *g = play_game(p);
    char tc[TC_TEXT_MAX], face[40];
    bool low[2];
    clock_face(p, STONE_BLACK, face, sizeof face, &low[0]);
    clock_face(p, STONE_WHITE, face, sizeof face, &low[1]);
    if (low[0] || low[1])
        draw_textf(y, x, w, STYLE_ERROR, "%s %s",
                   low[0] && low[1] ? _("both clocks low")
                   : low[0]         ? _("Black's clock low")
                                    : _("White's clock low"),
                   p->clock_paused ? _("(stopped)") : "");
    else
        draw_textf(y, x, w, STYLE_DIM, "%s %s %s", _("clock"),
                   tc_format(&g->config.tc, tc, sizeof tc), p->clock_paused ? _("(stopped)") : "");
    return y + 1;
}

static int draw_panel(const struct play *p)
{
    const struct layout *l = &p->layout;
    const struct game *g = play_game(p);
    const struct board *b = &g->board;
    if (l->panel_w == 0)
        return l->panel_y;
    int x = l->panel_x, w = l->panel_w, y = l->panel_y;
    int end = l->area_y + l->area_h;
    for (int i = 0; i < 2 && y < end; i++, y++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_actor(g) == s;
        draw_text(y, x, 1, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        draw_glyph(y, x + 2, draw_stone_glyph(s), draw_stone_style(s));
        /* Short: "human", the level, or the strategy. */
        const struct player *pl = game_player(g, s);
        int tx = x + 3 + draw_glyph_width();
        /* The clock at the right of the row, the player's name cut first. */
        char face[40];
        bool low;
        clock_face(p, s, face, sizeof face, &low);
        int fw = face[0] != '\0' ? draw_width(face) + 1 : 0;
        draw_textf(y, tx, w - (tx - x) - fw, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s  %s",
                   _(stone_name(s)),
                   pl->kind == PLAYER_HUMAN ? _("human") : players_name(pl));
        if (fw > 0)
            draw_text(y, x + w - fw + 1, fw - 1, low ? STYLE_ERROR : turn ? STYLE_MESSAGE
                                                                        : STYLE_NORMAL, face);
    }
    if (has_clock(p) && y < end)
        y = draw_clock_note(p, y, x, w);
    y++;
    if (y >= end)
        return y;
    draw_text(y++, x, w, STYLE_LABEL, _("Moves"));
    /* One row per pair of moves; the rows around the current one show, and
     * moves that redo would replay are dimmed. */
    int pairs = (g->last + 1) / 2;
    int rows = end - y;
    int current = g->ply > 0 ? (g->ply - 1) / 2 : 0;
    int first = current - rows + 2;
    if (first > pairs - rows)
        first = pairs - rows;
    if (first < 0)
        first = 0;
    for (int r = first; r < pairs && y < end; r++, y++) {
        draw_textf(y, x, 5, STYLE_DIM, "%3d.", r + 1);
        for (int k = 0; k < 2; k++) {
            int m = 2 * r + k;
            if (m >= g->last)
                break;
            char name[NOTATION_MAX];
            enum draw_style st = m >= g->ply ? STYLE_DIM
                               : m == g->ply - 1 ? STYLE_MESSAGE : STYLE_NORMAL;
            draw_text(y, x + 5 + 5 * k, 4, st, notation_format(b, g->moves[m], name));
        }
    }
    return y;
}

static void draw_title(const struct play *p)
{
    const struct game *g = play_game(p);
    const struct board *b = &g->board;
    int cols = p->layout.cols;
    char right[64], name[NOTATION_MAX];
    draw_fill(0, 0, cols, STYLE_TITLE);
    draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %d%s%d k=%d %s", b->width,
               draw_sym(GLYPH_TIMES), b->height, b->win, _(rule_name(b->rule)));
    /* Counted as Resume and Load count them: the stones played. */
    int last = game_last_move(g);
    if (last >= 0)
        snprintf(right, sizeof right,
                 ngettext("%d move  last %s", "%d moves  last %s", (unsigned long)g->ply), g->ply,
                 notation_format(b, last, name));
    else
        snprintf(right, sizeof right, "%s", _("no move yet"));
    int rw = draw_width(right);
    if (rw + 24 < cols)
        draw_text(0, cols - rw - 1, rw, STYLE_TITLE, right);
}

/* Whose step of the opening it is, in words. */
static void opening_status(const struct game *g, char *buf, size_t size)
{
    bool black = game_to_move(g) == STONE_BLACK;
    switch (game_opening_step(g)) {
    case OPENING_PROPOSE:
        snprintf(buf, size, black ? _("Black places the 3 opening stones: %d of 3, a black one")
                                  : _("Black places the 3 opening stones: %d of 3, a white one"),
                 g->ply + 1);
        break;
    case OPENING_CHOOSE:
        snprintf(buf, size, "%s", g->config.opening == OPENING_SWAP2
                 ? _("White chooses: play Black, play White or place two more")
                 : _("White chooses: play Black or play White"));
        break;
    case OPENING_ADD:
        snprintf(buf, size, black ? _("White places 2 more stones: %d of 2, a black one")
                                  : _("White places 2 more stones: %d of 2, a white one"),
                 g->ply - OPENING_PROPOSAL + 1);
        break;
    case OPENING_CHOOSE2:
        snprintf(buf, size, "%s", _("Black chooses: play Black or play White"));
        break;
    case OPENING_DONE:
        buf[0] = '\0';
        break;
    }
}

/* `text` wrapped to `w` columns from row y, at most up to row `end`
 * (excluded); returns the row after it. */
static int draw_wrapped(int y, int x, int w, int end, enum draw_style style, const char *text)
{
    char row[256];
    size_t rest;
    for (const char *at = text; *at != '\0' && y < end; at += rest, y++) {
        size_t bytes = text_wrap(at, w > 0 ? w : 1, &rest);
        snprintf(row, sizeof row, "%.*s", (int)bytes, at);
        draw_text(y, x, w, style, row);
    }
    return y;
}

/* The person's opening choice, beside the board in the panel, under the
 * moves: the keys and what each does. A choice about the stones must
 * leave them in sight, so it never goes over the board; without a panel
 * the key line offers the same keys (draw_status). */
static void draw_choice(const struct play *p, int y)
{
    const struct layout *l = &p->layout;
    if (!person_chooses(p) || l->panel_w == 0)
        return;
    const struct game *g = play_game(p);
    bool two = game_opening_step(g) == OPENING_CHOOSE && g->config.opening == OPENING_SWAP2;
    static const struct { const char *key, *what; } choices[] = {
        { "b", N_("play Black (White moves next)") },
        { "w", N_("play White (your move next)") },
        { "2", N_("place two more stones, Black picks") },
    };
    int end = l->area_y + l->area_h, x = l->panel_x, w = l->panel_w;
    y = draw_wrapped(y + 1, x, w, end, STYLE_MESSAGE, _("The opening: your choice"));
    for (int i = 0; i < (two ? 3 : 2) && y < end; i++) {
        /* The key, and what it does wrapped beside it. */
        draw_text(y, x, 1, STYLE_KEY, choices[i].key);
        y = draw_wrapped(y, x + 3, w - 3, end, STYLE_NORMAL, _(choices[i].what));
    }
}

/* Players and turn; the message (or the computer's progress, or the result);
 * the main keys. */
static void draw_status(const struct play *p)
{
    const struct layout *l = &p->layout;
    const struct game *g = play_game(p);
    int y = l->status_y, cols = l->cols;
    char who[96];
    int x = 0;
    for (int i = 0; i < 2; i++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_actor(g) == s;
        x += draw_text(y, x, cols - x, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        x += draw_text(y, x, cols - x, STYLE_NORMAL, " ");
        draw_glyph(y, x, draw_stone_glyph(s), draw_stone_style(s));
        x += draw_glyph_width() + 1;
        describe_player(p, s, who, sizeof who);
        x += draw_textf(y, x, cols - x, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s %s",
                        _(stone_name(s)), who);
        char face[40];
        bool low;
        if (clock_face(p, s, face, sizeof face, &low)[0] != '\0')
            x += draw_textf(y, x, cols - x, low ? STYLE_ERROR : STYLE_NORMAL, " %s%s", face,
                            low ? _(" low") : "");
        x += draw_text(y, x, cols - x, STYLE_NORMAL, "   ");
    }

    y++;
    const struct offer *waiting = session_request(&p->session);
    if (p->message[0] != '\0') {
        draw_text(y, 1, cols - 2, p->message_style, p->message);
    } else if (worker_busy(&p->worker) && p->job == JOB_JUDGE) {
        int64_t ms = clock_ms() - p->think_start;
        draw_textf(y, 1, cols - 2, STYLE_THINKING, "%s: %s%s %d.%d s",
                   _(stone_name(p->judging.side)), _("considering the draw offer"),
                   draw_sym(GLYPH_ELLIPSIS), (int)(ms / 1000), (int)(ms % 1000 / 100));
    } else if (worker_busy(&p->worker) && p->job != JOB_PROOF) {
        /* The clock moves on by itself (play_timeout); depth and judgement
         * come with each report of the search. A proof looked for after
         * the computer's move is no thinking to show. */
        enum stone side = p->job == JOB_HINT ? game_to_move(g) : game_actor(g);
        int64_t ms = clock_ms() - p->think_start;
        char progress[96] = "", words[48];
        if (p->have_info && p->info.depth > 0) {
            advice_score_words(p->info.score, side, words, sizeof words);
            snprintf(progress, sizeof progress, _(", depth %d, %s"), p->info.depth, words);
        }
        draw_textf(y, 1, cols - 2, STYLE_THINKING, "%s: %s%s %d.%d s%s", _(stone_name(side)),
                   p->job == JOB_HINT ? _("looking for a hint") : _("computer is thinking"),
                   draw_sym(GLYPH_ELLIPSIS), (int)(ms / 1000), (int)(ms % 1000 / 100), progress);
    } else if (game_over(g)) {
        draw_text(y, 1, cols - 2, STYLE_MESSAGE, _(game_result_text(&g->result)));
    } else if (p->session.paused) {
        draw_text(y, 1, cols - 2, STYLE_MESSAGE, _("paused; p resumes"));
    } else if (waiting != NULL && waiting->kind == OFFER_DRAW &&
               session_is_computer(&p->session, waiting->from)) {
        draw_text(y, 1, cols - 2, STYLE_MESSAGE,
                  waiting->from == STONE_WHITE ? _("White offers a draw: = accepts, a move plays on")
                                               : _("Black offers a draw: = accepts, a move plays on"));
    } else if (game_opening_step(g) != OPENING_DONE) {
        char step[160];
        opening_status(g, step, sizeof step);
        draw_text(y, 1, cols - 2, STYLE_NORMAL, step);
    } else {
        /* Whose turn, and the most urgent threat on the board in words. */
        char threat[160] = "";
        if (p->marks)
            shapes_describe(&p->shapes, &g->board, game_to_move(g), threat, sizeof threat);
        char turn[64];
        snprintf(turn, sizeof turn, "%s%s",
                 game_to_move(g) == STONE_WHITE ? _("White to play") : _("Black to play"),
                 threat[0] ? _(": ") : "");
        /* The threat matters more than whose turn it is, which the panel
         * shows too: on a line too short for both, the threat alone. */
        int w = 0;
        if (threat[0] == '\0' || draw_width(turn) + draw_width(threat) <= cols - 2)
            w = draw_text(y, 1, cols - 2, STYLE_NORMAL, turn);
        w += draw_text(y, 1 + w, cols - 2 - w, STYLE_WARN, threat);
        /* What the renju marks on the board mean, at the right, where room
         * is left. */
        if (p->marks && p->forbidden_count > 0) {
            char legend[96];
            snprintf(legend, sizeof legend, _("%s forbidden to Black"),
                     draw_sym(GLYPH_MARK_FORBID));
            int lw = draw_width(legend);
            if (1 + w + 2 + lw <= cols - 1)
                draw_text(y, cols - lw - 1, lw, STYLE_FORBID, legend);
        }
    }
    if (game_over(g) && g->result.reason == END_LINE && g->result.line.len > 0) {
        /* The winning line in notation, to the right of the message. */
        char a[NOTATION_MAX], b[NOTATION_MAX], line[32];
        const struct win_line *wl = &g->result.line;
        snprintf(line, sizeof line, _("line %s%s%s"), notation_format(&g->board, wl->cell[0], a),
                 draw_sym(GLYPH_DASH), notation_format(&g->board, wl->cell[wl->len - 1], b));
        int w = draw_width(line);
        if (w + 2 + draw_width(p->message) + 2 < cols)
            draw_text(y, cols - w - 1, w, STYLE_WIN, line);
    }

    /* The main keys, as many as fit in 80 columns (redo is told after an
     * undo, and in the help); pausing only matters when a computer plays. */
    struct draw_hint hints[8];
    int n = 0;
    if (person_chooses(p) && p->layout.panel_w == 0) {
        /* No panel to show the choice in: the keys offer it. */
        bool two = game_opening_step(g) == OPENING_CHOOSE && g->config.opening == OPENING_SWAP2;
        hints[n++] = (struct draw_hint){ "b", N_("play Black") };
        hints[n++] = (struct draw_hint){ "w", N_("play White") };
        if (two)
            hints[n++] = (struct draw_hint){ "2", N_("two more") };
    } else if (game_over(g)) {
        /* Nothing left to place or take back (the result stands): looking
         * back is what comes next. */
        hints[n++] = (struct draw_hint){ "v", N_("review") };
        hints[n++] = (struct draw_hint){ "a", N_("analyse") };
    } else {
        hints[n++] = (struct draw_hint){ N_("arrows"), N_("move") };
        hints[n++] = (struct draw_hint){ "Enter", N_("place") };
        hints[n++] = (struct draw_hint){ "u", N_("undo") };
        if (p->session.computer[0] || p->session.computer[1])
            hints[n++] = (struct draw_hint){ "p", N_("pause") };
    }
    hints[n++] = (struct draw_hint){ "s", N_("save") };
    hints[n++] = (struct draw_hint){ "n", N_("new") };
    hints[n++] = (struct draw_hint){ "?", N_("help") };
    hints[n++] = (struct draw_hint){ "q", N_("quit") };
    draw_hints(y + 1, hints, n);
}

void play_draw(const struct play *p)
{
    erase();
    draw_title(p);
    struct board_view view = {
        .layout = &p->layout, .off_x = p->cur.off_x, .off_y = p->cur.off_y,
        .cx = p->cur.cx, .cy = p->cur.cy,
        .marks = p->marks && !game_over(play_game(p)) ? &p->shapes : NULL,
        .forbidden = p->marks && p->forbidden_count > 0 && !game_over(play_game(p)) ? p->forbidden
                                                                             : NULL,
        .hint = p->hint,
        .numbers = p->numbers,
    };
    boardview_draw(play_game(p), &view);
    int below = draw_panel(p);
    draw_status(p);
    draw_choice(p, below);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static void op_close(void *self) { play_fini(self); }
static void op_resize(void *self, int rows, int cols) { play_resize(self, rows, cols); }
static void op_draw(const void *self) { play_draw(self); }
static unsigned op_key(void *self, int key) { return play_key(self, key); }
static unsigned op_wake(void *self) { return play_wake(self); }
static int op_wait_ms(const void *self) { return play_timeout(self); }
static unsigned op_tick(void *self) { return play_tick(self); }
static unsigned op_save(void *self, const char *path, const struct record_extra *extra,
                        bool make_dirs)
{
    return play_save(self, path, extra, make_dirs);
}

const struct screen play_screen = {
    .size = sizeof(struct play),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys while playing"),
    .help_line = play_help_line,
    .open = op_tick,   /* the computer may have the move */
    .close = op_close,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wake = op_wake,
    .wait_ms = op_wait_ms,
    .tick = op_tick,
    .save = op_save,
};
