/* play.c — the game screen; see play.h. */
#include "tui/play.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/players.h"
#include "mnk/clock.h"
#include "mnk/notation.h"
#include "tui/boardview.h"
#include "tui/react.h"
#include "tui/saves.h"

/* How long a computer waits before answering another computer, so that a
 * game between two of them can be followed. */
#define PACE_MS 600

static int side_index(enum stone s)
{
    return s == STONE_BLACK ? 0 : 1;
}

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

/* The one place computer players are created: a built-in strategy or an
 * external engine (players.h), whose standard error would scribble over the
 * screen and so goes to /dev/null. The player's `level` here numbers an entry
 * of ai_levels[], whose settings reach the strategy through limits_of(), not
 * as the strategy's own level. False, with the reason in `why`, when the
 * player can't be made. */
static bool create_computer(struct ai *ai, const struct player *pl, char *why, size_t size)
{
    struct player p = *pl;
    p.level = 0;
    return players_create(ai, &p, true, why, size);
}

/* The entry of ai_levels[] that player `pl` was made from: the one its
 * `level` numbers (1-based), provided it names the same strategy; else NULL. */
static const struct ai_level *level_of(const struct player *pl)
{
    for (int i = 0; ai_levels[i].label != NULL; i++)
        if (i + 1 == pl->level && strcmp(ai_levels[i].strategy, pl->spec) == 0)
            return &ai_levels[i];
    return NULL;
}

/* The budget of one move for player `pl`: its thinking time, and the depth
 * cap of its level. */
static struct ai_limits limits_of(const struct player *pl)
{
    const struct ai_level *level = level_of(pl);
    struct ai_limits limits = players_limits(pl);
    limits.max_depth = level != NULL ? level->max_depth : 0;
    return limits;
}

const char *play_init(struct play *p, const struct game_config *c, int wake_fd)
{
    struct game g;
    const char *refused = game_init(&g, c);
    if (refused != NULL)
        return refused;
    play_open(p, &g, wake_fd);
    return NULL;
}

void play_open(struct play *p, const struct game *g, int wake_fd)
{
    memset(p, 0, sizeof *p);
    p->game = *g;
    char why[2][120] = { "", "" };
    for (int i = 0; i < 2; i++) {
        struct player *pl = &p->game.config.player[i];
        if (pl->kind != PLAYER_COMPUTER)
            continue;
        p->computer[i] = create_computer(&p->ai[i], pl, why[i], sizeof why[i]);
        if (!p->computer[i]) {
            pl->kind = PLAYER_HUMAN;
            pl->spec[0] = '\0';
        }
    }
    worker_init(&p->worker, wake_fd);
    /* On the last move of a game that has some, else the centre. */
    int last = game_last_move(g);
    p->cx = last >= 0 ? board_x(&g->board, last) : (g->board.width - 1) / 2;
    p->cy = last >= 0 ? board_y(&g->board, last) : g->board.height / 2;
    if (game_over(g))
        say(p, STYLE_MESSAGE, "%s", game_result_text(&g->result));
    /* A name the record gave a side that is no built-in player (a person,
     * another program, an external engine) makes that side a human's: a
     * record never starts a program (players.h). Said, not silently done. */
    for (int i = 0; i < 2; i++) {
        const struct player *pl = &p->game.config.player[i];
        if (pl->kind == PLAYER_HUMAN && pl->spec[0] != '\0')
            say(p, STYLE_ERROR, "%s ('%.40s' in the record) is yours to play: a record "
                "never starts a program", stone_name(i ? STONE_WHITE : STONE_BLACK), pl->spec);
    }
    for (int i = 0; i < 2; i++)
        if (why[i][0] != '\0')
            say(p, STYLE_ERROR, "%s: %s; you play %s", stone_name(i ? STONE_WHITE : STONE_BLACK),
                why[i], i ? "White" : "Black");
}

void play_note(struct play *p, const char *text)
{
    if (p->message[0] == '\0' || p->message_style != STYLE_ERROR)
        say(p, STYLE_MESSAGE, "%s", text);
}

unsigned play_save(struct play *p, const char *typed)
{
    char path[SAVES_PATH_MAX], err[200];
    if (!saves_expand(typed, path, sizeof path, true)) {
        say(p, STYLE_ERROR, "not saved: the file name is too long");
    } else if (!saves_write(path, &p->game, false, err, sizeof err)) {
        say(p, STYLE_ERROR, "not saved: %s", err);
    } else {
        /* The full path: a relative name says little about where it went. */
        char *full = realpath(path, NULL);
        say(p, STYLE_MESSAGE, "saved to %s", full != NULL ? full : path);
        free(full);
    }
    return REACT_REDRAW;
}

void play_fini(struct play *p)
{
    worker_fini(&p->worker);
    for (int i = 0; i < 2; i++)
        ai_destroy(&p->ai[i]);
}

static void follow_cursor(struct play *p)
{
    const struct layout *l = &p->layout;
    p->off_x = layout_follow(p->off_x, l->view_w, p->game.board.width, p->cx);
    p->off_y = layout_follow(p->off_y, l->view_h, p->game.board.height, p->cy);
}

void play_resize(struct play *p, int rows, int cols)
{
    layout_game(&p->layout, rows, cols, p->game.board.width, p->game.board.height);
    follow_cursor(p);
}

static bool computer_to_move(const struct play *p)
{
    return p->computer[side_index(game_to_move(&p->game))];
}

/* Starts the computer if it is its turn and nothing holds it back. */
static void think_if_due(struct play *p)
{
    const struct game *g = &p->game;
    if (game_over(g) || p->paused || worker_busy(&p->worker) || !computer_to_move(p))
        return;
    if (clock_ms() < p->move_due)
        return;
    enum stone side = game_to_move(g);
    struct ai_limits limits = limits_of(game_player(g, side));
    p->have_info = false;
    if (!worker_start(&p->worker, &p->ai[side_index(side)], &g->board, side, &limits)) {
        p->paused = true;
        say(p, STYLE_ERROR, "could not start the computer's thread; p retries");
    }
}

/* Cancels the computer's search, if one runs. */
static void stop_thinking(struct play *p)
{
    worker_cancel(&p->worker);
    p->have_info = false;
}

/* After a move: the result, and a pause before a computer answers a computer. */
static void after_move(struct play *p)
{
    const struct game *g = &p->game;
    p->message[0] = '\0';
    p->move_due = p->computer[0] && p->computer[1] ? clock_ms() + PACE_MS : 0;
    if (game_over(g))
        say(p, STYLE_MESSAGE, "%s", game_result_text(&g->result));
}

/* --- key handlers ------------------------------------------------------- */

static unsigned move_cursor(struct play *p, int dx, int dy)
{
    const struct board *b = &p->game.board;
    if (board_inside(b, p->cx + dx, p->cy + dy)) {
        p->cx += dx;
        p->cy += dy;
        follow_cursor(p);
    }
    return REACT_REDRAW;
}

static unsigned act_left(struct play *p) { return move_cursor(p, -1, 0); }
static unsigned act_right(struct play *p) { return move_cursor(p, 1, 0); }
static unsigned act_up(struct play *p) { return move_cursor(p, 0, -1); }
static unsigned act_down(struct play *p) { return move_cursor(p, 0, 1); }

static unsigned act_place(struct play *p)
{
    struct game *g = &p->game;
    char name[NOTATION_MAX];
    if (game_over(g)) {
        say(p, STYLE_ERROR, "the game is over: u takes back, n starts a new one");
        return REACT_REDRAW;
    }
    if (computer_to_move(p)) {
        say(p, STYLE_ERROR, "it is the computer's turn");
        return REACT_REDRAW;
    }
    int pos = board_pos(&g->board, p->cx, p->cy);
    switch (game_play(g, pos)) {
    case GAME_OK:
        after_move(p);
        think_if_due(p);
        break;
    case GAME_ERR_OCCUPIED:
        say(p, STYLE_ERROR, "%s is taken", notation_format(&g->board, pos, name));
        break;
    case GAME_ERR_OUTSIDE:
    case GAME_ERR_OVER:
        say(p, STYLE_ERROR, "no move there");
        break;
    }
    return REACT_REDRAW;
}

static unsigned act_mouse(struct play *p)
{
    MEVENT ev;
    int i, j;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return REACT_NONE;
    if (!layout_cell_at(&p->layout, ev.y, ev.x, &i, &j))
        return REACT_NONE;
    p->cx = p->off_x + i;
    p->cy = p->off_y + j;
    return act_place(p);
}

static unsigned act_undo(struct play *p)
{
    struct game *g = &p->game;
    bool both = p->computer[0] && p->computer[1];
    stop_thinking(p);
    bool took;
    if (both) {
        /* Two computers: step back one move and hold them there. */
        took = game_undo(g);
        p->paused = true;
    } else if (p->computer[0] || p->computer[1]) {
        took = game_undo_to_human(g) > 0;
    } else {
        took = game_undo(g);
    }
    if (!took)
        say(p, STYLE_ERROR, "nothing to undo");
    else
        say(p, STYLE_MESSAGE, both ? "took back; r redoes, p resumes" : "took back; r redoes");
    think_if_due(p);
    return REACT_REDRAW;
}

static unsigned act_redo(struct play *p)
{
    struct game *g = &p->game;
    if (worker_busy(&p->worker)) {
        say(p, STYLE_ERROR, "the computer is thinking: u takes back first");
        return REACT_REDRAW;
    }
    if (!game_redo(g)) {
        say(p, STYLE_ERROR, "nothing to redo");
        return REACT_REDRAW;
    }
    /* Against a computer, replay its answer too rather than let it think. */
    while (!(p->computer[0] && p->computer[1]) && computer_to_move(p) && game_redo(g))
        ;
    after_move(p);
    if (!game_over(g))
        say(p, STYLE_MESSAGE, "replayed");
    think_if_due(p);
    return REACT_REDRAW;
}

static unsigned act_pause(struct play *p)
{
    if (!p->computer[0] && !p->computer[1]) {
        say(p, STYLE_ERROR, "no computer to pause");
        return REACT_REDRAW;
    }
    p->paused = !p->paused;
    if (p->paused) {
        stop_thinking(p);
        say(p, STYLE_MESSAGE, "paused; p resumes");
    } else {
        p->message[0] = '\0';
        p->move_due = 0;
        think_if_due(p);
    }
    return REACT_REDRAW;
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
    return REACT_SAVE;
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
    { KEY_LEFT, "arrows, h j k l", "move the cursor", act_left },
    { KEY_RIGHT, NULL, NULL, act_right },
    { KEY_UP, NULL, NULL, act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'h', NULL, NULL, act_left },
    { 'l', NULL, NULL, act_right },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\n', "Enter, Space", "place a stone under the cursor", act_place },
    { '\r', NULL, NULL, act_place },
    { KEY_ENTER, NULL, NULL, act_place },
    { ' ', NULL, NULL, act_place },
    { KEY_MOUSE, "mouse click", "place a stone on that cell", act_mouse },
    { 'u', "u", "undo (against the computer: back to your turn)", act_undo },
    { 'r', "r", "redo", act_redo },
    { 'p', "p", "pause or resume the computer", act_pause },
    { 's', "s", "save the game to a file (.sgf or .psq)", act_save },
    { 'n', "n", "new game", act_new },
    { '?', "?", "this help", act_help },
    { 'q', "q", "quit", act_quit },
};

#define N_BINDINGS (sizeof bindings / sizeof bindings[0])

bool play_help_line(int i, const char **keys, const char **help)
{
    for (size_t k = 0; k < N_BINDINGS; k++) {
        if (bindings[k].keys == NULL)
            continue;
        if (i-- == 0) {
            *keys = bindings[k].keys;
            *help = bindings[k].help;
            return true;
        }
    }
    return false;
}

unsigned play_key(struct play *p, int key)
{
    for (size_t k = 0; k < N_BINDINGS; k++)
        if (bindings[k].key == key)
            return bindings[k].run(p);
    return REACT_NONE;
}

/* A move the window does not show brings the cursor (and so the view) to it:
 * on a scrolled board the computer's answer must not go unseen. */
static void reveal(struct play *p, int pos)
{
    const struct board *b = &p->game.board;
    int x = board_x(b, pos), y = board_y(b, pos);
    const struct layout *l = &p->layout;
    if (x >= p->off_x && x < p->off_x + l->view_w && y >= p->off_y && y < p->off_y + l->view_h)
        return;
    p->cx = x;
    p->cy = y;
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
    if (worker_collect(&p->worker, &move)) {
        p->have_info = false;
        enum stone side = game_to_move(&p->game);
        if (move < 0) {
            /* The player could not move (an engine that crashed, timed out or
             * answered an illegal move): it loses the game. */
            const struct ai *ai = &p->ai[side_index(side)];
            game_concede(&p->game, side, END_FORFEIT);
            after_move(p);
            say(p, STYLE_ERROR, "%s: %s could not move (%.100s)",
                game_result_text(&p->game.result), stone_name(side), players_failure(ai));
        } else if (game_play(&p->game, move) == GAME_OK) {
            after_move(p);
            reveal(p, move);
        } else {
            /* A strategy broke its contract; stop rather than loop on it. */
            p->paused = true;
            say(p, STYLE_ERROR, "the computer chose an illegal move (%d); paused", move);
        }
        react |= REACT_REDRAW;
    }
    think_if_due(p);
    return react;
}

unsigned play_tick(struct play *p)
{
    bool was_busy = worker_busy(&p->worker);
    think_if_due(p);
    return worker_busy(&p->worker) != was_busy ? REACT_REDRAW : REACT_NONE;
}

int play_timeout(const struct play *p)
{
    const struct game *g = &p->game;
    if (game_over(g) || p->paused || worker_busy(&p->worker) || !computer_to_move(p)
        || p->move_due == 0)
        return -1;
    int64_t left = p->move_due - clock_ms();
    return left < 0 ? 0 : (int)left;
}

bool play_in_progress(const struct play *p)
{
    return p->game.ply > 0 && !game_over(&p->game);
}

/* --- drawing ------------------------------------------------------------ */

/* "computer, easy (threat)" or "human". */
static void describe_player(const struct play *p, enum stone side, char *buf, size_t size)
{
    const struct player *pl = game_player(&p->game, side);
    if (!p->computer[side_index(side)]) {
        snprintf(buf, size, "human");
        return;
    }
    const struct ai_level *level = level_of(pl);
    if (level != NULL)
        snprintf(buf, size, "computer, %s (%.40s)", level->label, pl->spec);
    else
        snprintf(buf, size, "computer (%.40s)", pl->spec);
}

static void draw_panel(const struct play *p)
{
    const struct layout *l = &p->layout;
    const struct game *g = &p->game;
    const struct board *b = &g->board;
    if (l->panel_w == 0)
        return;
    int x = l->panel_x, w = l->panel_w, y = l->panel_y;
    int end = l->area_y + l->area_h;
    for (int i = 0; i < 2 && y < end; i++, y++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_to_move(g) == s;
        draw_text(y, x, 1, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        draw_glyph(y, x + 2, draw_stone_glyph(s), draw_stone_style(s));
        /* Short: "human", the level, or the strategy. */
        const struct player *pl = game_player(g, s);
        const struct ai_level *level = level_of(pl);
        draw_textf(y, x + 4, w - 4, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s  %s",
                   stone_name(s), !p->computer[i] ? "human" : level ? level->label : pl->spec);
    }
    y++;
    if (y >= end)
        return;
    draw_text(y++, x, w, STYLE_LABEL, "Moves");
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
}

static void draw_title(const struct play *p)
{
    const struct game *g = &p->game;
    const struct board *b = &g->board;
    int cols = p->layout.cols;
    char right[64], name[NOTATION_MAX];
    draw_fill(0, 0, cols, STYLE_TITLE);
    draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %d%s%d k=%d %s", b->width,
               draw_sym(GLYPH_TIMES), b->height, b->win, rule_name(b->rule));
    int last = game_last_move(g);
    int move = g->ply + (game_over(g) ? 0 : 1);
    if (last >= 0)
        snprintf(right, sizeof right, "move %d  last %s", move, notation_format(b, last, name));
    else
        snprintf(right, sizeof right, "move %d", move);
    int rw = draw_width(right);
    if (rw + 24 < cols)
        draw_text(0, cols - rw - 1, rw, STYLE_TITLE, right);
}

/* Players and turn; the message (or the computer's progress, or the result);
 * the main keys. */
static void draw_status(const struct play *p)
{
    const struct layout *l = &p->layout;
    const struct game *g = &p->game;
    int y = l->status_y, cols = l->cols;
    char who[96];
    int x = 0;
    for (int i = 0; i < 2; i++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_to_move(g) == s;
        x += draw_text(y, x, cols - x, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        x += draw_text(y, x, cols - x, STYLE_NORMAL, " ");
        draw_glyph(y, x, draw_stone_glyph(s), draw_stone_style(s));
        x += 2;
        describe_player(p, s, who, sizeof who);
        x += draw_textf(y, x, cols - x, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s %s",
                        stone_name(s), who);
        x += draw_text(y, x, cols - x, STYLE_NORMAL, "   ");
    }

    y++;
    if (p->message[0] != '\0') {
        draw_text(y, 1, cols - 2, p->message_style, p->message);
    } else if (worker_busy(&p->worker)) {
        char progress[64] = "";
        if (p->have_info && p->info.depth > 0)
            snprintf(progress, sizeof progress, "  depth %d, %d.%d s", p->info.depth,
                     p->info.elapsed_ms / 1000, p->info.elapsed_ms % 1000 / 100);
        draw_textf(y, 1, cols - 2, STYLE_THINKING, "%s: computer is thinking%s%s",
                   stone_name(game_to_move(g)), draw_sym(GLYPH_ELLIPSIS), progress);
    } else if (game_over(g)) {
        draw_text(y, 1, cols - 2, STYLE_MESSAGE, game_result_text(&g->result));
    } else if (p->paused) {
        draw_text(y, 1, cols - 2, STYLE_MESSAGE, "paused; p resumes");
    } else {
        draw_textf(y, 1, cols - 2, STYLE_NORMAL, "%s to play", stone_name(game_to_move(g)));
    }
    if (game_over(g) && g->result.reason == END_LINE && g->result.line.len > 0) {
        /* The winning line in notation, to the right of the message. */
        char a[NOTATION_MAX], b[NOTATION_MAX], line[32];
        const struct win_line *wl = &g->result.line;
        snprintf(line, sizeof line, "line %s%s%s", notation_format(&g->board, wl->cell[0], a),
                 draw_sym(GLYPH_DASH), notation_format(&g->board, wl->cell[wl->len - 1], b));
        int w = draw_width(line);
        if (w + 2 + draw_width(p->message) + 2 < cols)
            draw_text(y, cols - w - 1, w, STYLE_WIN, line);
    }

    /* The main keys, as many as fit in 80 columns (redo is told after an
     * undo, and in the help); pausing only matters when a computer plays. */
    struct draw_hint hints[] = {
        { "arrows", "move" }, { "Enter", "place" }, { "u", "undo" }, { "p", "pause" },
        { "s", "save" }, { "n", "new" }, { "?", "help" }, { "q", "quit" },
    };
    int n = (int)(sizeof hints / sizeof hints[0]);
    if (!p->computer[0] && !p->computer[1]) {
        memmove(&hints[3], &hints[4], (size_t)(n - 4) * sizeof hints[0]);
        n--;
    }
    draw_hints(y + 1, hints, n);
}

void play_draw(const struct play *p)
{
    erase();
    draw_title(p);
    struct board_view view = {
        .layout = &p->layout, .off_x = p->off_x, .off_y = p->off_y, .cx = p->cx, .cy = p->cy,
    };
    boardview_draw(&p->game, &view);
    draw_panel(p);
    draw_status(p);
}
