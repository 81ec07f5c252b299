/* lobbyscreen.c — a server's lobby on screen; see lobbyscreen.h. */
#include "tui/lobbyscreen.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "mnk/rule.h"
#include "tui/boardview.h"
#include "tui/clockface.h"
#include "tui/help.h"
#include "tui/react.h"
#include "tui/saves.h"
#include "tui/screen.h"
#include "tui/text.h"

#define ESC 27
#define TENTHS_MS 100   /* a running clock's tenths */

static void say(struct lobbyscreen *l, enum draw_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(struct lobbyscreen *l, enum draw_style style, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->message, sizeof l->message, fmt, ap);
    va_end(ap);
    l->message_style = style;
}

static void note(struct lobbyscreen *l, const char *text)
{
    if (l->n_log == LOBBYSCREEN_LOG) {
        memmove(l->log[0], l->log[1], sizeof l->log[0] * (LOBBYSCREEN_LOG - 1));
        l->n_log--;
    }
    snprintf(l->log[l->n_log++], sizeof l->log[0], "%s", text);
}

void lobbyscreen_set_form(struct lobbyscreen *l, const struct game_config *c)
{
    l->form = *c;
}

struct netgame *lobbyscreen_take_seat(struct lobbyscreen *l, const char **address, int *game)
{
    struct netgame *ng = l->seated;
    l->seated = NULL;
    *address = l->seated_address;
    *game = l->seated_game;
    return ng;
}

static const struct game *watched_game(const struct lobbyscreen *l)
{
    const struct lobby_watch *w = l->lobby != NULL ? lobby_watched(l->lobby) : NULL;
    return w != NULL && w->has_game ? &w->game : NULL;
}

/* --- the link ----------------------------------------------------------- */

static void ask_address(struct lobbyscreen *l)
{
    l->phase = LOBBYSCREEN_ASKING;
    l->asking = LOBBYSCREEN_ASK_ADDRESS;
    prompt_open(&l->prompt, _("The server's address (a name or an address, :port if not 3631):"),
                _("Enter: next   Esc: back"), l->address, REACT_ANSWER);
}

/* The lobby is gone, said why. */
static void off(struct lobbyscreen *l, const char *why)
{
    lobby_free(l->lobby);
    l->lobby = NULL;
    l->phase = LOBBYSCREEN_OFF;
    say(l, STYLE_ERROR, "%s", why);
}

static void connect_to(struct lobbyscreen *l)
{
    char known[SAVES_PATH_MAX], err[LOBBY_WHY_MAX];
    lobby_free(l->lobby);
    l->lobby = NULL;
    l->notice[0] = '\0';
    if (!saves_known_servers_path(known, sizeof known)) {
        off(l, _("HOME is not set: there is nowhere to keep the server's key"));
        return;
    }
    l->lobby = lobby_connect(l->address, l->name, known, err, sizeof err);
    if (l->lobby == NULL) {
        off(l, err);
        return;
    }
    l->phase = LOBBYSCREEN_CONNECTING;
    say(l, STYLE_MESSAGE, _("connecting to %s"), lobby_address(l->lobby));
}

static void ask_list(struct lobbyscreen *l)
{
    char err[LOBBY_WHY_MAX];
    if (l->lobby != NULL && !lobby_list(l->lobby, err, sizeof err))
        say(l, STYLE_ERROR, "%s", err);
}

static void on_event(struct lobbyscreen *l, const struct lobby_event *ev)
{
    const struct lobby_watch *w = lobby_watched(l->lobby);
    char line[64], cell[NOTATION_MAX];
    switch (ev->kind) {
    case LOBBY_EV_WELCOME: {
        l->reached = true;
        snprintf(l->reached_address, sizeof l->reached_address, "%s", l->address);
        snprintf(l->reached_name, sizeof l->reached_name, "%s", l->name);
        char known[SAVES_PATH_MAX];
        if (lobby_pinned_now(l->lobby) && saves_known_servers_path(known, sizeof known))
            snprintf(l->notice, sizeof l->notice,
                     _("First connection to %s: its key %s is now remembered in %s. Compare it "
                       "with the one the server printed."),
                     lobby_address(l->lobby), lobby_fingerprint(l->lobby), known);
        l->phase = LOBBYSCREEN_LOBBY;
        ask_list(l);
        break;
    }
    case LOBBY_EV_LISTED: {
        int count, total;
        lobby_games(l->lobby, &count, &total);
        if (l->selected >= count)
            l->selected = count > 0 ? count - 1 : 0;
        say(l, STYLE_MESSAGE,
            ngettext("%d game on the server", "%d games on the server", (unsigned long)total),
            total);
        break;
    }
    case LOBBY_EV_REFUSED:
        say(l, STYLE_ERROR, _("the server refused: %s"), ev->text);
        break;
    case LOBBY_EV_SEAT: {
        char err[LOBBY_WHY_MAX];
        struct netgame_options o = {0};
        snprintf(l->seated_address, sizeof l->seated_address, "%s", lobby_address(l->lobby));
        l->seated_game = ev->seat.game;
        netgame_free(l->seated);
        l->seated = lobby_take_seat(l->lobby, &o, err, sizeof err);
        lobby_free(l->lobby);
        l->lobby = NULL;
        if (l->seated == NULL)
            off(l, err);
        else
            l->phase = LOBBYSCREEN_OFF;
        l->message[0] = '\0';
        break;
    }
    case LOBBY_EV_WATCHING:
        if (l->phase != LOBBYSCREEN_WATCHING)
            l->n_log = 0;
        l->phase = LOBBYSCREEN_WATCHING;
        if (w->joiner[0] != '\0')
            say(l, STYLE_MESSAGE, _("watching game %d, %s against %s: Esc goes back to the lobby"),
                w->number, w->host, w->joiner);
        else
            say(l, STYLE_MESSAGE, _("watching game %d: Esc goes back to the lobby"), w->number);
        break;
    case LOBBY_EV_SETTINGS:
        l->n_log = 0;
        if (w->has_game) {
            l->cur.cx = w->game.board.width / 2;
            l->cur.cy = w->game.board.height / 2;
            cursor_lay_out(&l->cur, &l->layout, l->rows, l->cols, &w->game.board, false);
        }
        break;
    case LOBBY_EV_MOVE: {
        const struct game *g = &w->game;
        int pos = g->moves[ev->ply - 1];
        snprintf(line, sizeof line, "%d. %s %s", (ev->ply + 1) / 2,
                 _(stone_name(game_stone_of(g, ev->ply - 1))),
                 notation_format(&g->board, pos, cell));
        note(l, line);
        l->cur.cx = board_x(&g->board, pos);
        l->cur.cy = board_y(&g->board, pos);
        cursor_lay_out(&l->cur, &l->layout, l->rows, l->cols, &g->board, false);
        break;
    }
    case LOBBY_EV_CHOICE:
        note(l, _("an opening choice"));
        break;
    case LOBBY_EV_UNDO:
        snprintf(line, sizeof line, _("back to move %d"), ev->ply);
        note(l, line);
        break;
    case LOBBY_EV_RESULT:
        if (w->has_game)
            say(l, STYLE_MESSAGE, _("%s: Esc goes back to the lobby"),
                _(game_result_text(&w->game.result)));
        break;
    case LOBBY_EV_ENDED:
        /* A spectator keeps the game in view, over or cut off. */
        if (l->phase == LOBBYSCREEN_WATCHING && w != NULL) {
            const struct game *g = watched_game(l);
            if (g == NULL || !game_over(g))
                say(l, STYLE_ERROR, _("%s: Esc goes back to the lobby"), ev->text);
        } else {
            off(l, ev->text);
        }
        break;
    }
}

/* Takes what the link brought; REACT_GO to the game screen once seated. */
static unsigned pump(struct lobbyscreen *l)
{
    bool any = false;
    struct lobby_event ev;
    while (l->lobby != NULL && lobby_poll(l->lobby, &ev)) {
        on_event(l, &ev);
        any = true;
    }
    if (l->seated != NULL)
        return REACT_GO(SCREEN_NET);
    return any ? REACT_REDRAW : REACT_NONE;
}

/* --- keys --------------------------------------------------------------- */

static const struct wire_game *selected_game(const struct lobbyscreen *l)
{
    if (l->lobby == NULL || l->phase != LOBBYSCREEN_LOBBY)
        return NULL;
    int count, total;
    const struct wire_game *games = lobby_games(l->lobby, &count, &total);
    return l->selected < count ? &games[l->selected] : NULL;
}

static unsigned sent(struct lobbyscreen *l, bool ok, const char *err, const char *doing)
{
    if (ok)
        say(l, STYLE_MESSAGE, "%s", doing);
    else
        say(l, STYLE_ERROR, "%s", err);
    return REACT_REDRAW;
}

static unsigned act_watch(struct lobbyscreen *l)
{
    const struct wire_game *g = selected_game(l);
    if (g == NULL)
        return REACT_NONE;
    char err[LOBBY_WHY_MAX];
    return sent(l, lobby_watch(l->lobby, g->game, err, sizeof err), err, _("asking to watch"));
}

static unsigned act_enter(struct lobbyscreen *l)
{
    if (l->phase == LOBBYSCREEN_OFF) {
        ask_address(l);
        return REACT_REDRAW;
    }
    const struct wire_game *g = selected_game(l);
    if (g == NULL)
        return REACT_NONE;
    if (g->state != WIRE_GAME_OPEN)
        return act_watch(l);
    char err[LOBBY_WHY_MAX];
    return sent(l, lobby_join(l->lobby, g->game, err, sizeof err), err,
                _("sitting down"));
}

static unsigned act_create(struct lobbyscreen *l)
{
    if (l->lobby == NULL || l->phase != LOBBYSCREEN_LOBBY)
        return REACT_NONE;
    const struct game_config *c = &l->form;
    struct netgame_settings s = { c->width, c->height, c->win, c->rule, c->opening, c->tc,
                                  l->black };
    char err[LOBBY_WHY_MAX];
    return sent(l, lobby_create(l->lobby, &s, err, sizeof err), err, _("opening a game"));
}

static unsigned act_black(struct lobbyscreen *l)
{
    if (l->phase != LOBBYSCREEN_LOBBY)
        return REACT_NONE;
    l->black = l->black == WIRE_HOST ? WIRE_JOINER : WIRE_HOST;
    return REACT_REDRAW;
}

static unsigned act_refresh(struct lobbyscreen *l)
{
    if (l->phase != LOBBYSCREEN_LOBBY)
        return REACT_NONE;
    ask_list(l);
    return REACT_REDRAW;
}

static unsigned step(struct lobbyscreen *l, int dy)
{
    if (l->lobby == NULL || l->phase != LOBBYSCREEN_LOBBY)
        return REACT_NONE;
    int count, total;
    lobby_games(l->lobby, &count, &total);
    l->selected += dy;
    if (l->selected >= count)
        l->selected = count - 1;
    if (l->selected < 0)
        l->selected = 0;
    return REACT_REDRAW;
}

static unsigned act_up(struct lobbyscreen *l) { return step(l, -1); }
static unsigned act_down(struct lobbyscreen *l) { return step(l, 1); }

static unsigned act_back(struct lobbyscreen *l)
{
    if (l->phase == LOBBYSCREEN_WATCHING) {
        /* Back to the lobby: a spectator's link is the game's, so a new one. */
        lobby_close(l->lobby);
        l->lobby = NULL;
        connect_to(l);
        return REACT_REDRAW;
    }
    return REACT_BACK;
}

static unsigned act_help(struct lobbyscreen *l)
{
    (void)l;
    return REACT_HELP;
}

static unsigned act_quit(struct lobbyscreen *l)
{
    (void)l;
    return REACT_QUIT;
}

static unsigned prompted(struct lobbyscreen *l)
{
    enum lobbyscreen_asking what = l->asking;
    l->asking = LOBBYSCREEN_ASK_NONE;
    if (what == LOBBYSCREEN_ASK_ADDRESS) {
        snprintf(l->address, sizeof l->address, "%s", l->prompt.text);
        l->asking = LOBBYSCREEN_ASK_NAME;
        prompt_open(&l->prompt, _("Your name on the server (no spaces):"),
                    _("Enter: connect   Esc: back"), l->name, REACT_ANSWER);
        return REACT_REDRAW;
    }
    char err[LOBBY_WHY_MAX];
    if (!wire_name_check(l->prompt.text, err, sizeof err)) {
        say(l, STYLE_ERROR, "%s", err);
        char typed[PROMPT_MAX];
        snprintf(typed, sizeof typed, "%s", l->prompt.text);
        l->asking = LOBBYSCREEN_ASK_NAME;
        prompt_open(&l->prompt, _("Your name on the server (no spaces):"),
                    _("Enter: connect   Esc: back"), typed, REACT_ANSWER);
        return REACT_REDRAW;
    }
    snprintf(l->name, sizeof l->name, "%.*s", (int)sizeof l->name - 1, l->prompt.text);
    connect_to(l);
    return REACT_REDRAW;
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct lobbyscreen *l);
};

static const struct binding bindings[] = {
    { KEY_UP, N_("arrows, j k"), N_("select a game"), act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\n', "Enter", N_("sit down at the open game selected, or watch the one being played"),
      act_enter },
    { '\r', NULL, NULL, act_enter },
    { KEY_ENTER, NULL, NULL, act_enter },
    { 'w', "w", N_("watch the game selected"), act_watch },
    { 'n', "n", N_("open a game with the new-game form's last choice"), act_create },
    { 'b', "b", N_("who takes Black in the game you open"), act_black },
    { 'r', N_("r, F5"), N_("list the games again"), act_refresh },
    { KEY_F(5), NULL, NULL, act_refresh },
    { ESC, "Esc", N_("leave the game watched, or the lobby"), act_back },
    { '?', "?", N_("this help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

static bool help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

static unsigned key(struct lobbyscreen *l, int k)
{
    if (l->asking != LOBBYSCREEN_ASK_NONE) {
        unsigned r = prompt_key(&l->prompt, k);
        if (r & REACT_ANSWER)
            return prompted(l);
        if (r & REACT_CLOSE) {
            l->asking = LOBBYSCREEN_ASK_NONE;
            return REACT_BACK;
        }
        return r;
    }
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, k);
    if (b == NULL)
        return REACT_NONE;
    unsigned r = b->run(l);
    return r | pump(l);
}

/* --- drawing ------------------------------------------------------------ */

static int draw_lines(int y, int x, int w, int bottom, enum draw_style s, const char *text)
{
    while (*text != '\0' && y < bottom) {
        size_t rest;
        size_t len = text_wrap(text, w, &rest);
        char line[LOBBYSCREEN_LINE_MAX];
        snprintf(line, sizeof line, "%.*s", (int)len, text);
        draw_text(y++, x, w, s, line);
        if (rest == 0)
            break;
        text += rest;
    }
    return y;
}

static void settings_text(const struct wire_settings *s, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s%d k=%d %s %s %s", s->width, draw_sym(GLYPH_TIMES), s->height,
             s->win, _(rule_name(s->rule)), _(opening_rule_name(s->opening)),
             strcmp(s->time_control, "-") == 0 ? _("no clock") : s->time_control);
}

static const char *state_words(enum wire_game_state s)
{
    return s == WIRE_GAME_OPEN      ? _("waiting")
           : s == WIRE_GAME_PLAYING ? _("playing")
                                    : _("finished");
}

/* The rows `text` takes wrapped to w columns. */
static int rows_of(const char *text, int w)
{
    int rows = 0;
    while (*text != '\0') {
        size_t rest;
        text_wrap(text, w, &rest);
        rows++;
        if (rest == 0)
            break;
        text += rest;
    }
    return rows;
}

/* The games first, then what n would open, then the key's notice where
 * there is room (it never pushes the list off a small terminal). */
static void draw_lobby(const struct lobbyscreen *l, int y, int bottom)
{
    int x = 2, w = l->cols - 4;
    int notice_rows = l->notice[0] != '\0' ? rows_of(l->notice, w) + 1 : 0;
    int reserve = 3;   /* a blank row and the new game's line, wrapped */
    if (bottom - y - reserve - notice_rows >= 3)
        reserve += notice_rows;
    int count = 0, total = 0;
    const struct wire_game *games =
        l->lobby != NULL ? lobby_games(l->lobby, &count, &total) : NULL;
    if (count == 0) {
        y = draw_lines(y, x, w, bottom, STYLE_NORMAL,
                       _("No game on the server yet: n opens one.")) + 1;
    } else if (y < bottom - 3) {   /* the heading, a game, the new game's line */
        /* Columns by position, not by padding: names and words may be
         * wider than their bytes. */
        enum { COL_STATE = 6, COL_PLAYERS = 16, COL_SETTINGS = 36 };
        draw_text(y, x + 1, 4, STYLE_DIM, "#");
        draw_text(y, x + COL_STATE, COL_PLAYERS - COL_STATE - 1, STYLE_DIM, _("state"));
        draw_text(y, x + COL_PLAYERS, COL_SETTINGS - COL_PLAYERS - 1, STYLE_DIM, _("players"));
        if (w > COL_SETTINGS)
            draw_text(y, x + COL_SETTINGS, w - COL_SETTINGS, STYLE_DIM, _("settings"));
        y++;
        int rows = bottom - y - reserve;
        int first = l->selected >= rows && rows > 0 ? l->selected - rows + 1 : 0;
        for (int i = first; i < count && y < bottom - reserve; i++, y++) {
            const struct wire_game *g = &games[i];
            char players[2 * WIRE_NAME_MAX + 8], st[160];
            snprintf(players, sizeof players, "%s - %s", g->host,
                     g->joiner[0] != '\0' ? g->joiner : "?");
            settings_text(&g->settings, st, sizeof st);
            bool sel = i == l->selected;
            enum draw_style style = sel ? STYLE_SELECTED : STYLE_NORMAL;
            draw_fill(y, x, w, style);
            draw_textf(y, x, COL_STATE - 1, style, "%s%3d", sel ? ">" : " ", g->game);
            draw_text(y, x + COL_STATE, COL_PLAYERS - COL_STATE - 1, style,
                      state_words(g->state));
            draw_text(y, x + COL_PLAYERS, COL_SETTINGS - COL_PLAYERS - 1, style, players);
            if (w > COL_SETTINGS)
                draw_textf(y, x + COL_SETTINGS, w - COL_SETTINGS, style, "%s, %s %s", st,
                           _("Black:"),
                           g->settings.black == WIRE_HOST ? g->host
                           : g->joiner[0] != '\0'         ? g->joiner
                                                          : "?");
        }
        y++;
    }
    struct wire_settings mine;
    struct netgame_settings s = { l->form.width, l->form.height, l->form.win, l->form.rule,
                                  l->form.opening, l->form.tc, l->black };
    netgame_settings_wire(&s, &mine);
    char text[LOBBYSCREEN_LINE_MAX], st[160];
    settings_text(&mine, st, sizeof st);
    snprintf(text, sizeof text, "%s %s; %s", _("n opens:"), st,
             l->black == WIRE_HOST ? _("you take Black (b: the other player does)")
                                   : _("the other player takes Black (b: you do)"));
    y = draw_lines(y, x, w, bottom, STYLE_DIM, text) + 1;
    if (l->notice[0] != '\0')
        draw_lines(y, x, w, bottom, STYLE_WARN, l->notice);
}

/* A watched side's clock as it stands now. */
static const char *clock_text(const struct lobby_watch *w, enum stone side, char *buf,
                              size_t size, bool *low)
{
    const struct game *g = &w->game;
    const struct tc *tc = &g->config.tc;
    struct gameclock_side c = game_clock(g, side);
    bool running = !game_over(g) && game_actor(g) == side &&
                   game_opening_step(g) != OPENING_CHOOSE &&
                   game_opening_step(g) != OPENING_CHOOSE2;
    int64_t el = running ? clock_ms() - w->last_ms : 0;
    int elapsed = el > 0 && el < INT32_MAX ? (int)el : 0;
    struct gameclock_side now = elapsed > 0 ? gameclock_running(tc, &c, elapsed) : c;
    int64_t until = running ? gameclock_until_flag(tc, &c, elapsed) : -1;
    return clockface_text(tc, &now, until, draw_sym(GLYPH_TIMES), buf, size, low);
}

static void draw_watch(const struct lobbyscreen *l)
{
    const struct lobby_watch *w = lobby_watched(l->lobby);
    const struct game *g = watched_game(l);
    if (w == NULL || g == NULL) {
        draw_text(2, 2, l->cols - 4, STYLE_NORMAL, _("waiting for the game's settings"));
        return;
    }
    struct board_view view = {
        .layout = &l->layout, .off_x = l->cur.off_x, .off_y = l->cur.off_y,
        .cx = l->cur.cx, .cy = l->cur.cy, .hint = -1,
    };
    boardview_draw(g, &view);
    const struct layout *lo = &l->layout;
    if (lo->panel_w == 0)
        return;
    int x = lo->panel_x, pw = lo->panel_w, y = lo->panel_y, end = lo->area_y + lo->area_h;
    for (int i = 0; i < 2 && y < end; i++, y++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_actor(g) == s;
        /* Who sits where: the settings' black is the creator's seat or
         * the other's, until an opening's choice swaps them. */
        const char *name = (s == STONE_BLACK) == (w->settings.black == WIRE_HOST) ? w->host
                                                                                   : w->joiner;
        draw_text(y, x, 1, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        draw_glyph(y, x + 2, draw_stone_glyph(s), draw_stone_style(s));
        int tx = x + 3 + draw_glyph_width();
        char face[40];
        bool low;
        clock_text(w, s, face, sizeof face, &low);
        int fw = face[0] != '\0' ? draw_width(face) + 1 : 0;
        bool opening = g->config.opening != OPENING_NONE;
        draw_textf(y, tx, pw - (tx - x) - fw, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s  %s",
                   _(stone_name(s)), opening ? "" : name);
        if (fw > 0)
            draw_text(y, x + pw - fw + 1, fw - 1,
                      low ? STYLE_ERROR : turn ? STYLE_MESSAGE : STYLE_NORMAL, face);
    }
    y++;
    int from = l->n_log > end - y ? l->n_log - (end - y) : 0;
    for (int i = from; i < l->n_log && y < end; i++)
        draw_text(y++, x, pw, STYLE_NORMAL, l->log[i]);
}

static void draw(const struct lobbyscreen *l)
{
    erase();
    draw_fill(0, 0, l->cols, STYLE_TITLE);
    if (l->lobby != NULL && l->phase != LOBBYSCREEN_CONNECTING)
    {
        char who[WIRE_NAME_MAX + LINK_ADDRESS_MAX + 40];
        snprintf(who, sizeof who, _("%s on %s"), lobby_name(l->lobby), lobby_address(l->lobby));
        draw_textf(0, 1, l->cols - 2, STYLE_TITLE, "mnk  %s  %s", _("network game"), who);
    }
    else
        draw_textf(0, 1, l->cols - 2, STYLE_TITLE, "mnk  %s  %s", _("network game"),
                   _("a server"));
    int y = 2, bottom = l->rows - LAYOUT_STATUS_ROWS;
    if (l->phase == LOBBYSCREEN_WATCHING)
        draw_watch(l);
    else if (l->phase == LOBBYSCREEN_LOBBY)
        draw_lobby(l, y, bottom);
    else if (l->phase == LOBBYSCREEN_OFF || l->phase == LOBBYSCREEN_CONNECTING)
        draw_lines(y, 2, l->cols - 4, bottom, STYLE_DIM,
                   _("A server (mnk server) holds a lobby where players meet under a name: "
                     "open a game there, sit down at one, or watch one. Its key is checked as "
                     "ssh checks a host's."));
    int sy = l->rows - LAYOUT_STATUS_ROWS;
    if (l->message[0] != '\0')
        draw_text(sy + 1, 1, l->cols - 2, l->message_style, l->message);
    static const struct draw_hint lobby_hints[] = {
        { "Enter", N_("sit down / watch") }, { "n", N_("new game") }, { "r", N_("refresh") },
        { "Esc", N_("leave") }, { "?", N_("help") },
    };
    static const struct draw_hint watch_hints[] = {
        { "Esc", N_("back to the lobby") }, { "?", N_("help") },
    };
    static const struct draw_hint off_hints[] = {
        { "Enter", N_("try again") }, { "Esc", N_("back") }, { "?", N_("help") },
    };
    if (l->phase == LOBBYSCREEN_LOBBY)
        draw_hints(sy + 2, lobby_hints, (int)(sizeof lobby_hints / sizeof lobby_hints[0]));
    else if (l->phase == LOBBYSCREEN_WATCHING)
        draw_hints(sy + 2, watch_hints, (int)(sizeof watch_hints / sizeof watch_hints[0]));
    else if (l->phase == LOBBYSCREEN_OFF)
        draw_hints(sy + 2, off_hints, (int)(sizeof off_hints / sizeof off_hints[0]));
    if (l->asking != LOBBYSCREEN_ASK_NONE)
        prompt_draw(&l->prompt);
}

/* --- the screen's entry (screen.h) --------------------------------------- */

static unsigned op_open(void *self)
{
    struct lobbyscreen *l = self;
    if (l->lobby == NULL) {
        l->message[0] = '\0';
        ask_address(l);
    }
    return REACT_REDRAW;
}

static void op_close(void *self)
{
    struct lobbyscreen *l = self;
    lobby_close(l->lobby);
    l->lobby = NULL;
    netgame_close(l->seated);
    l->seated = NULL;
    l->asking = LOBBYSCREEN_ASK_NONE;
}

static void op_resize(void *self, int rows, int cols)
{
    struct lobbyscreen *l = self;
    l->rows = rows;
    l->cols = cols;
    const struct game *g = watched_game(l);
    if (g != NULL)
        cursor_lay_out(&l->cur, &l->layout, rows, cols, &g->board, false);
}

static int wait_ms(const struct lobbyscreen *l)
{
    if (l->lobby == NULL)
        return -1;
    int t = lobby_timeout_ms(l->lobby);
    const struct game *g = watched_game(l);
    if (g != NULL && g->config.tc.kind != TC_NONE && !game_over(g) && (t < 0 || t > TENTHS_MS))
        t = TENTHS_MS;
    return t;
}

static unsigned tick(struct lobbyscreen *l)
{
    unsigned r = pump(l);
    return r | (l->phase == LOBBYSCREEN_WATCHING ? REACT_REDRAW : REACT_NONE);
}

static int pollfds(const struct lobbyscreen *l, struct pollfd *fds)
{
    if (l->lobby == NULL || lobby_fd(l->lobby) < 0)
        return 0;
    fds[0] = (struct pollfd){ .fd = lobby_fd(l->lobby), .events = lobby_events(l->lobby) };
    return 1;
}

static void op_draw(const void *self) { draw(self); }
static unsigned op_key(void *self, int k) { return key(self, k); }
static int op_wait_ms(const void *self) { return wait_ms(self); }
static unsigned op_tick(void *self) { return tick(self); }
static int op_pollfds(const void *self, struct pollfd *fds) { return pollfds(self, fds); }

static void op_init(void *self)
{
    struct lobbyscreen *l = self;
    game_config_default(&l->form);
    l->black = WIRE_HOST;
    netgame_default_name(l->name, sizeof l->name);
}

void lobbyscreen_remember(struct lobbyscreen *l, const char *address, const char *name)
{
    if (address != NULL && address[0] != '\0')
        snprintf(l->address, sizeof l->address, "%s", address);
    if (name != NULL && name[0] != '\0')
        snprintf(l->name, sizeof l->name, "%s", name);
}

bool lobbyscreen_reached(const struct lobbyscreen *l, const char **address, const char **name)
{
    *address = l->reached_address;
    *name = l->reached_name;
    return l->reached;
}

const struct screen lobby_screen = {
    .size = sizeof(struct lobbyscreen),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys in a server's lobby"),
    .help_line = help_line,
    .init = op_init,
    .open = op_open,
    .close = op_close,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wait_ms = op_wait_ms,
    .tick = op_tick,
    .pollfds = op_pollfds,
};
