/* netscreen.c — the Network game screen; see netscreen.h. */
#include "tui/netscreen.h"

#include <curses.h>
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
#include "storage/safefile.h"
#include "storage/stats.h"
#include "tui/boardview.h"
#include "tui/clockface.h"
#include "tui/help.h"
#include "tui/mouse.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "tui/text.h"

#define ESC 27
/* How often the screen looks at the link and the clocks with nothing to
 * wake it: often enough for a clock's tenths. */
#define TENTHS_MS 100
#define PISK_WARNING \
    N_("Piskvork's network game is not encrypted: anyone on the way can read and change it")
#define SECOND_MS 1000

static void say(struct netscreen *n, enum draw_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void note(struct netscreen *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct netscreen *n, enum draw_style style, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n->message, sizeof n->message, fmt, ap);
    va_end(ap);
    n->message_style = style;
}

/* A line for the log, the oldest going when it is full. */
static void note(struct netscreen *n, const char *fmt, ...)
{
    if (n->n_log == NETSCREEN_LOG) {
        memmove(n->log[0], n->log[1], sizeof n->log[0] * (NETSCREEN_LOG - 1));
        n->n_log--;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n->log[n->n_log++], sizeof n->log[0], fmt, ap);
    va_end(ap);
}

static const struct game *game_of(const struct netscreen *n)
{
    return n->s != NULL ? n->ops->game(n->s) : NULL;
}

/* The game to show: the one on, or the last one once its session is over. */
static const struct game *shown_game(const struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (g == NULL && n->phase == NETSCREEN_OVER && n->has_last)
        return &n->last;
    return g;
}

/* The seat of this side, and of the friend. */
static enum stone my_seat(const struct netscreen *n)
{
    return n->s != NULL ? n->ops->seat(n->s, n->ops->side(n->s)) : n->last_seat;
}

void netscreen_set_name(struct netscreen *n, const char *name)
{
    if (name != NULL && name[0] != '\0' && wire_name_check(name, NULL, 0))
        snprintf(n->name, sizeof n->name, "%s", name);
    else
        netgame_default_name(n->name, sizeof n->name);
}

void netscreen_set_form(struct netscreen *n, const struct game_config *c)
{
    n->form = *c;
}

/* --- the record kept -------------------------------------------------- */

/* The root properties a resume needs, into n->extra. */
static void kept_props(struct netscreen *n)
{
    memset(&n->extra, 0, sizeof n->extra);
    struct netgame_kept k;
    struct wire_seat seat;
    enum wire_side black;
    const char *address, *known;
    if (n->ng != NULL && netgame_seat_kept(n->ng, &seat, &black, &address, &known)) {
        /* A server's seat: its token is the key back, kept as the code is. */
        char v[WIRE_SEAT_HEX + 16];
        snprintf(v, sizeof v, "%d:%s", seat.game, seat.token);
        record_extra_put(&n->extra, "MNKNET", "seat");
        record_extra_put(&n->extra, "MNKNETSEAT", v);
        record_extra_put(&n->extra, "MNKNETSERVER", address);
        record_extra_put(&n->extra, "MNKNETBLACK", netgame_side_name(black));
        record_extra_put(&n->extra, "MNKNETRECORD", n->record);
        return;
    }
    if (n->ng == NULL || !netgame_kept(n->ng, &k))
        return;
    char port[16];
    snprintf(port, sizeof port, "%d", n->ops->port(n->s));
    record_extra_put(&n->extra, "MNKNET", netgame_side_name(k.side));
    record_extra_put(&n->extra, "MNKNETCODE", k.code);
    record_extra_put(&n->extra, "MNKNETID", k.game_id);
    record_extra_put(&n->extra, "MNKNETBLACK", netgame_side_name(k.black));
    if (k.side == WIRE_HOST)
        record_extra_put(&n->extra, "MNKNETPORT", port);
    else
        record_extra_put(&n->extra, "MNKNETADDR", n->address);
    record_extra_put(&n->extra, "MNKNETRECORD", n->record);
}

/* The autosave for Resume: written while the game is unfinished, removed
 * once it is over (saves_keep). */
static void keep_for_resume(struct netscreen *n, const struct game *g)
{
    char err[NETSCREEN_LINE_MAX];
    struct netgame_kept k;
    struct wire_seat seat;
    enum wire_side black;
    const char *address, *known;
    if (n->ng == NULL || (!netgame_kept(n->ng, &k) &&
                          !netgame_seat_kept(n->ng, &seat, &black, &address, &known)))
        return;     /* Piskvork's game: nothing to resume with */
    if (n->autosave[0] == '\0') {
        if (game_over(g) || !saves_new_path(n->autosave, sizeof n->autosave, time(NULL), 1,
                                            NULL, 0))
            return;
        if (!safefile_make_parents(n->autosave, err, sizeof err) ||
            filelock_take(&n->lock, n->autosave, err, sizeof err) != FILELOCK_TAKEN) {
            if (strcmp(err, n->keep_error) != 0) {
                snprintf(n->keep_error, sizeof n->keep_error, "%s", err);
                note(n, "%s", err);
            }
            n->autosave[0] = '\0';
            return;
        }
        n->locked = true;
    }
    kept_props(n);
    if (!saves_keep(n->autosave, g, &n->extra, err, sizeof err) &&
        strcmp(err, n->keep_error) != 0) {
        snprintf(n->keep_error, sizeof n->keep_error, "%s", err);
        note(n, "%s", err);
    }
}

/* Lets go of the autosave (kept on disk while the game is unfinished). */
static void let_go(struct netscreen *n)
{
    if (n->locked)
        filelock_release(&n->lock);
    n->locked = false;
    n->autosave[0] = '\0';
}

/* Writes the game when it changed since it was last written: its record,
 * and the autosave for Resume. */
static void keep(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (g == NULL || g->ply == 0)
        return;
    struct saves_mark now = saves_mark_of(g);
    if (n->record[0] != '\0' && saves_mark_equal(&now, &n->kept))
        return;
    if (n->record[0] == '\0') {
        char dir[SAVES_PATH_MAX - 64];
        if (!saves_data_dir(dir, sizeof dir)) {
            if (n->keep_error[0] == '\0') {
                snprintf(n->keep_error, sizeof n->keep_error, "%s",
                         _("the game cannot be kept: HOME is not set"));
                note(n, "%s", n->keep_error);
            }
            return;
        }
        if (!saves_net_path(n->record, sizeof n->record, dir, time(NULL)))
            n->record[0] = '\0';
    }
    struct record_extra extra = { 0 };
    char err[NETSCREEN_LINE_MAX];
    if (saves_write(n->record, g, &extra, true, err, sizeof err)) {
        n->kept = now;
        n->keep_error[0] = '\0';
    } else if (strcmp(err, n->keep_error) != 0) {
        snprintf(n->keep_error, sizeof n->keep_error, "%s", err);
        note(n, "%s", err);
    }
    keep_for_resume(n, g);
}

bool netscreen_is_kept(const struct record_extra *extra)
{
    char side[16];
    return record_extra_get(extra, "MNKNET", side, sizeof side);
}

/* --- the session ------------------------------------------------------ */

static void stop_session(struct netscreen *n, bool goodbye)
{
    keep(n);
    const struct game *g = game_of(n);
    n->has_last = g != NULL;
    if (g != NULL) {
        n->last = *g;
        n->last_seat = my_seat(n);
    }
    if (goodbye)
        n->ops->close(n->s);
    else
        n->ops->free(n->s);
    n->ng = NULL;
    n->s = NULL;
    let_go(n);
}

/* The options of a session: the address and port from the environment,
 * the name this side says from the settings (netscreen_set_name). */
static void options_from_env(const struct netscreen *n, struct netgame_options *o)
{
    memset(o, 0, sizeof *o);
    o->name = n->name;
    const char *bind = getenv("MNK_NET_BIND");
    const char *port = getenv("MNK_NET_PORT");
    o->bind = bind != NULL && bind[0] != '\0' ? bind : NULL;
    o->port = LINK_DEFAULT_PORT;
    if (port != NULL && port[0] != '\0') {
        char *end;
        long p = strtol(port, &end, 10);
        if (*end == '\0' && p >= 0 && p <= 65535)
            o->port = (int)p;
    }
}

/* The session the screen drives: mnk's (ng) or Piskvork's (pn), or none. */
static void set_session(struct netscreen *n, struct netgame *ng, struct pisknet *pn)
{
    n->ng = ng;
    n->s = ng != NULL ? (void *)ng : (void *)pn;
    n->ops = pn != NULL ? &netsession_pisknet : &netsession_netgame;
}

/* A session just opened (n->s), or the reason it did not (err): false. */
static bool began(struct netscreen *n, const char *err)
{
    if (n->s == NULL) {
        say(n, STYLE_ERROR, "%s", err);
        return false;
    }
    n->server_game = 0;
    /* The address listened on, or this computer's that others reach. */
    const char *bind = getenv("MNK_NET_BIND");
    if (bind != NULL && bind[0] != '\0')
        snprintf(n->addresses, sizeof n->addresses, "%s", bind);
    else
        link_local_addresses(n->addresses, sizeof n->addresses);
    n->phase = NETSCREEN_WAITING;
    n->has_last = false;
    n->n_log = 0;
    n->record[0] = '\0';
    n->abandoned = false;
    return true;
}

static unsigned start_host(struct netscreen *n)
{
    const struct game_config *c = &n->form;
    struct netgame_settings s = { c->width, c->height, c->win, c->rule, c->opening, c->tc,
                                  n->black };
    struct netgame_options o;
    options_from_env(n, &o);
    char err[NETGAME_WHY_MAX];
    struct netgame *ng = netgame_host(&s, &o, err, sizeof err);
    /* The usual port taken (another game hosted here): any free one. */
    if (ng == NULL && o.port == LINK_DEFAULT_PORT && getenv("MNK_NET_PORT") == NULL) {
        o.port = 0;
        ng = netgame_host(&s, &o, err, sizeof err);
    }
    set_session(n, ng, NULL);
    if (!began(n, err))
        return REACT_REDRAW;
    say(n, STYLE_MESSAGE, "%s", _("waiting for your friend to join"));
    return REACT_REDRAW;
}

static unsigned start_join(struct netscreen *n, const char *code)
{
    struct netgame_options o;
    options_from_env(n, &o);
    char err[NETGAME_WHY_MAX];
    set_session(n, netgame_join(n->address, code, &o, err, sizeof err), NULL);
    if (!began(n, err))
        return REACT_REDRAW;
    say(n, STYLE_MESSAGE, _("connecting to %s"), n->address);
    return REACT_REDRAW;
}

void netscreen_adopt(struct netscreen *n, struct netgame *ng, const char *address, int game)
{
    if (n->s != NULL)
        stop_session(n, true);
    set_session(n, ng, NULL);
    began(n, "");
    n->server_game = game;
    n->confirm = NETSCREEN_CONFIRM_NONE;
    snprintf(n->server, sizeof n->server, "%s", address);
    say(n, STYLE_MESSAGE, _("game %d on %s: waiting for the other player"), game, address);
}

/* Piskvork's game, hosted: the form's board, rule and who begins; always
 * five in a row, no opening, no clock (all Piskvork has). */
static unsigned start_pisk_host(struct netscreen *n)
{
    const struct game_config *c = &n->form;
    struct netgame_settings s = { c->width, c->height, 5, c->rule, OPENING_NONE, tc_none(),
                                  n->black };
    struct netgame_options env;
    options_from_env(n, &env);
    struct pisknet_options o = { .bind = env.bind, .port = PISKWIRE_PORT };
    if (getenv("MNK_NET_PORT") != NULL)
        o.port = env.port;
    char err[NETGAME_WHY_MAX];
    struct pisknet *pn = pisknet_host(&s, &o, err, sizeof err);
    if (pn == NULL && o.port == PISKWIRE_PORT && getenv("MNK_NET_PORT") == NULL) {
        o.port = 0;
        pn = pisknet_host(&s, &o, err, sizeof err);
    }
    set_session(n, NULL, pn);
    if (!began(n, err))
        return REACT_REDRAW;
    note(n, "%s", _(PISK_WARNING));
    say(n, STYLE_MESSAGE, "%s", _("waiting for the Piskvork player to connect"));
    return REACT_REDRAW;
}

static unsigned start_pisk_join(struct netscreen *n)
{
    struct pisknet_options o = { 0 };
    char err[NETGAME_WHY_MAX];
    set_session(n, NULL, pisknet_join(n->address, &o, err, sizeof err));
    if (!began(n, err))
        return REACT_REDRAW;
    note(n, "%s", _(PISK_WARNING));
    say(n, STYLE_MESSAGE, _("connecting to %s"), n->address);
    return REACT_REDRAW;
}

/* --- events ------------------------------------------------------------ */

/* The game that ended, in the statistics once, against the friend's name
 * (a Piskvork player's as "piskvork"). */
static void count(struct netscreen *n)
{
    const struct game *g = game_of(n);
    char path[SAVES_PATH_MAX], why[NETSCREEN_LINE_MAX];
    if (n->counted || g == NULL || !game_over(g))
        return;
    n->counted = true;
    if (!saves_stats_path(path, sizeof path, why, sizeof why))
        note(n, _("the game was not counted: %s"), why);
    /* Piskvork's game says no names: its players are counted as one. */
    else if (!stats_count_network(path, g, my_seat(n),
                                  n->ng != NULL ? netgame_peer_name(n->ng) : "piskvork", why,
                                  sizeof why) || why[0] != '\0')
        note(n, "%s", why);
}

static const char *ask_words(enum netgame_ask ask)
{
    switch (ask) {
    case NETGAME_ASK_DRAW:
        return _("a draw");
    case NETGAME_ASK_TAKEBACK:
        return _("a takeback");
    case NETGAME_ASK_REMATCH:
        return _("another game");
    default:
        return "";
    }
}

static void lay_out(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (g != NULL)
        cursor_lay_out(&n->cur, &n->layout, n->rows, n->cols, &g->board, false);
}

/* Under renju, the cells Black may not play now, marked as in a game:
 * looked for again only when the game changed. */
static void find_forbidden(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (g == NULL) {
        n->any_forbidden = false;
        n->forbidden_at = (struct saves_mark){ .ply = -1 };
        return;
    }
    struct saves_mark now = saves_mark_of(g);
    if (saves_mark_equal(&now, &n->forbidden_at))
        return;
    n->forbidden_at = now;
    n->any_forbidden = false;
    memset(n->forbidden, 0, sizeof n->forbidden);
    if (!rule_info(g->board.rule)->forbidden || game_over(g) || game_to_move(g) != STONE_BLACK)
        return;
    for (int q = 0; q < board_cells(&g->board); q++) {
        n->forbidden[q] =
            board_at(&g->board, q) == STONE_NONE && game_forbidden(g, q) != FORBID_NONE;
        n->any_forbidden = n->any_forbidden || n->forbidden[q];
    }
}

static bool resumed(struct netscreen *n, const struct record_extra *extra, const char *path,
                    struct filelock *lock, const char *waiting);

/* A server's seat kept (MNKNET[seat]): back to it. */
static struct netgame *resume_seat(struct netscreen *n, const struct game *g,
                                   const struct record_extra *extra,
                                   const struct netgame_options *o, char *err, size_t err_size)
{
    char v[WIRE_SEAT_HEX + 16], black[16], known[SAVES_PATH_MAX];
    struct wire_seat seat = { 0 };
    int used = 0;
    bool ok = record_extra_get(extra, "MNKNETSEAT", v, sizeof v) &&
              record_extra_get(extra, "MNKNETSERVER", n->server, sizeof n->server) &&
              record_extra_get(extra, "MNKNETBLACK", black, sizeof black) &&
              sscanf(v, "%d:%n", &seat.game, &used) == 1 && used > 0 &&
              strlen(v + used) == WIRE_SEAT_HEX && seat.game >= 1 && seat.game <= WIRE_GAME_MAX &&
              strspn(v + used, "0123456789abcdef") == WIRE_SEAT_HEX &&
              (strcmp(black, "host") == 0 || strcmp(black, "joiner") == 0);
    if (!ok) {
        snprintf(err, err_size, "%s", _("this network game's record lacks what a resume needs"));
        return NULL;
    }
    snprintf(seat.token, sizeof seat.token, "%s", v + used);
    if (!saves_known_servers_path(known, sizeof known)) {
        snprintf(err, err_size, "%s", _("HOME is not set: there is nowhere to keep the server's key"));
        return NULL;
    }
    n->server_game = seat.game;
    return netgame_rejoin_seat(g, strcmp(black, "host") == 0 ? WIRE_HOST : WIRE_JOINER,
                               n->server, known, &seat, o, err, err_size);
}

bool netscreen_resume(struct netscreen *n, const struct game *g,
                      const struct record_extra *extra, const char *path,
                      struct filelock *lock, char *err, size_t err_size)
{
    struct netgame_kept k;
    char side[16], black[16], port[16];
    memset(&k, 0, sizeof k);
    if (record_extra_get(extra, "MNKNET", side, sizeof side) && strcmp(side, "seat") == 0) {
        struct netgame_options so;
        options_from_env(n, &so);
        if (n->s != NULL)
            stop_session(n, true);
        struct netgame *ng = resume_seat(n, g, extra, &so, err, err_size);
        if (ng == NULL) {
            filelock_release(lock);
            return false;
        }
        set_session(n, ng, NULL);
        return resumed(n, extra, path, lock, _("reconnecting to the server"));
    }
    bool host = false, ok = record_extra_get(extra, "MNKNET", side, sizeof side) &&
                             record_extra_get(extra, "MNKNETCODE", k.code, sizeof k.code) &&
                             record_extra_get(extra, "MNKNETID", k.game_id, sizeof k.game_id) &&
                             record_extra_get(extra, "MNKNETBLACK", black, sizeof black);
    if (ok) {
        host = strcmp(side, "host") == 0;
        ok = (host || strcmp(side, "joiner") == 0) &&
             (strcmp(black, "host") == 0 || strcmp(black, "joiner") == 0);
        k.side = host ? WIRE_HOST : WIRE_JOINER;
        k.black = strcmp(black, "host") == 0 ? WIRE_HOST : WIRE_JOINER;
    }
    struct netgame_options o;
    options_from_env(n, &o);
    if (ok && host) {
        char *end;
        ok = record_extra_get(extra, "MNKNETPORT", port, sizeof port);
        long p = ok ? strtol(port, &end, 10) : -1;
        ok = ok && *end == '\0' && p > 0 && p <= 65535;
        o.port = (int)p;
    } else if (ok) {
        ok = record_extra_get(extra, "MNKNETADDR", n->address, sizeof n->address);
    }
    if (!ok) {
        snprintf(err, err_size, "%s", _("this network game's record lacks what a resume needs"));
        filelock_release(lock);
        return false;
    }
    if (n->s != NULL)
        stop_session(n, true);
    set_session(n,
                host ? netgame_host_resume(g, &k, &o, err, err_size)
                     : netgame_join_resume(g, &k, n->address, &o, err, err_size),
                NULL);
    if (n->s == NULL) {
        filelock_release(lock);
        return false;
    }
    return resumed(n, extra, path, lock,
                   host ? _("waiting for your friend to come back")
                        : _("reconnecting to your friend"));
}

/* The session of a resume began (n->s): the rest of the screen as it was
 * left, `waiting` said. */
static bool resumed(struct netscreen *n, const struct record_extra *extra, const char *path,
                    struct filelock *lock, const char *waiting)
{
    if (!record_extra_get(extra, "MNKNETRECORD", n->record, sizeof n->record))
        n->record[0] = '\0';
    snprintf(n->autosave, sizeof n->autosave, "%s", path);
    n->lock = *lock;
    n->locked = true;
    n->kept = saves_mark_of(n->ops->game(n->s));
    n->phase = NETSCREEN_GAME;
    n->has_last = false;
    n->abandoned = false;
    n->n_log = 0;
    n->confirm = NETSCREEN_CONFIRM_NONE;
    /* The cursor where this side last played, as it was left. */
    const struct game *on = n->ops->game(n->s);
    int last = -1;
    for (int i = on->ply - 1; i >= 0 && last < 0; i--)
        if (game_stone_of(on, i) == my_seat(n))
            last = on->moves[i];
    n->cur.cx = last >= 0 ? board_x(&on->board, last) : on->board.width / 2;
    n->cur.cy = last >= 0 ? board_y(&on->board, last) : on->board.height / 2;
    lay_out(n);
    find_forbidden(n);
    note(n, "%s", _("resumed where you left off"));
    say(n, STYLE_WARN, "%s", waiting);
    return true;
}

static void on_event(struct netscreen *n, const struct netgame_event *ev)
{
    const struct game *g = game_of(n);
    char cell[NOTATION_MAX];
    switch (ev->kind) {
    case NETGAME_EV_CONNECTED:
        note(n, _("connected: %s"), ev->text);
        break;
    case NETGAME_EV_SETTINGS:
        say(n, STYLE_MESSAGE, "%s", _("play this game? y yes, n no"));
        break;
    case NETGAME_EV_DECLINED:
        note(n, "%s%s%s", _("your friend declined the game"), ev->text[0] ? ": " : "",
             ev->text);
        say(n, STYLE_MESSAGE, "%s", _("waiting for your friend to join"));
        break;
    case NETGAME_EV_STARTED:
        n->phase = NETSCREEN_GAME;
        n->record[0] = '\0';
        let_go(n);          /* a rematch is a game of its own */
        n->abandoned = false;
        n->counted = false;
        if (g != NULL) {
            n->cur.cx = g->board.width / 2;
            n->cur.cy = g->board.height / 2;
        }
        lay_out(n);
        note(n, _("the game begins: you play %s"), _(stone_name(my_seat(n))));
        say(n, STYLE_MESSAGE, "%s", "");
        break;
    case NETGAME_EV_MOVE:
        if (g != NULL && ev->ply >= 1 && ev->ply <= g->ply) {
            int pos = g->moves[ev->ply - 1];
            note(n, "%d. %s %s", (ev->ply + 1) / 2, _(stone_name(game_stone_of(g, ev->ply - 1))),
                 notation_format(&g->board, pos, cell));
        }
        break;
    case NETGAME_EV_CHOICE:
        note(n, "%s", _("your friend made the opening's choice"));
        break;
    case NETGAME_EV_CLOCK:
        note(n, _("the host charged move %d more time"), ev->ply);
        break;
    case NETGAME_EV_UNDO:
        note(n, _("a move taken back: back to move %d"), ev->ply);
        break;
    case NETGAME_EV_OVER:
        if (g != NULL)
            note(n, "%s", _(game_result_text(&g->result)));
        count(n);
        say(n, STYLE_MESSAGE, "%s", _("the game is over: R asks for another, Esc leaves"));
        break;
    case NETGAME_EV_OFFER:
        note(n, _("your friend asks for %s"), ask_words(ev->ask));
        say(n, STYLE_WARN, _("your friend asks for %s: y yes, n no"), ask_words(ev->ask));
        break;
    case NETGAME_EV_ANSWER:
        note(n, ev->yes ? _("your friend agreed to %s") : _("your friend refused %s"),
             ask_words(ev->ask));
        break;
    case NETGAME_EV_CHAT:
        note(n, "%s %s", _("friend:"), ev->text);
        break;
    case NETGAME_EV_NOTICE:
        note(n, "%s", ev->text);
        break;
    case NETGAME_EV_NAME:
        note(n, _("your opponent: %s"), ev->text);
        break;
    case NETGAME_EV_DROPPED:
        note(n, "%s%s%s", _("the link is lost"), ev->text[0] ? ": " : "", ev->text);
        say(n, STYLE_WARN, "%s",
            n->ops->side(n->s) == WIRE_JOINER ? _("the link is lost: reconnecting")
                                               : _("the link is lost: waiting for your "
                                                   "friend to come back"));
        break;
    case NETGAME_EV_RESUMED:
        note(n, "%s", _("the link is back: the game goes on"));
        say(n, STYLE_MESSAGE, "%s", "");
        break;
    case NETGAME_EV_ABANDONED:
        n->abandoned = true;
        note(n, "%s", _("your friend stayed away too long"));
        say(n, STYLE_WARN, "%s", _("C claims the game, Esc keeps it and leaves"));
        break;
    case NETGAME_EV_STOPPED:
        note(n, "%s %s", _("stopped:"), ev->text);
        say(n, STYLE_ERROR, "%s", _("the game stopped; it is kept (Esc leaves)"));
        break;
    case NETGAME_EV_ENDED:
        note(n, "%s", ev->text);
        break;
    }
    keep(n);
}

/* Takes what the link brought. */
static unsigned pump(struct netscreen *n)
{
    if (n->s == NULL)
        return REACT_NONE;
    struct netgame_event ev;
    /* The state and the turn may change with no event to say so (a seat
     * on a server is played once the server took its answer). */
    enum netgame_state was = n->ops->state(n->s);
    bool turn = n->ops->my_turn(n->s);
    bool any = false;
    while (n->s != NULL && n->ops->poll(n->s, &ev)) {
        on_event(n, &ev);
        any = true;
    }
    any = any || (n->s != NULL && (n->ops->state(n->s) != was ||
                                    n->ops->my_turn(n->s) != turn));
    if (n->s != NULL && n->ops->state(n->s) == NETGAME_ENDED) {
        stop_session(n, false);
        n->phase = NETSCREEN_OVER;
        say(n, STYLE_MESSAGE, "%s", _("the session is over: Esc goes back"));
        any = true;
    }
    find_forbidden(n);
    return any ? REACT_REDRAW : REACT_NONE;
}

/* --- keys -------------------------------------------------------------- */

/* A refusal of netgame's, said. */
static unsigned refused(struct netscreen *n, enum netgame_error e)
{
    if (e == NETGAME_OK)
        return REACT_REDRAW;
    say(n, STYLE_ERROR, "%s", e == NETGAME_ERR_LINK ? _("the link is not up") : n->ops->why(n->s));
    return REACT_REDRAW;
}

static bool in_game(const struct netscreen *n)
{
    return n->phase == NETSCREEN_GAME && game_of(n) != NULL;
}

static unsigned play_cell(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (!in_game(n))
        return REACT_NONE;
    if (game_over(g)) {
        say(n, STYLE_ERROR, "%s", _("the game is over"));
        return REACT_REDRAW;
    }
    if (!n->ops->my_turn(n->s)) {
        say(n, STYLE_ERROR, "%s", _("it is your friend's turn"));
        return REACT_REDRAW;
    }
    enum opening_step step = game_opening_step(g);
    if (step == OPENING_CHOOSE || step == OPENING_CHOOSE2) {
        say(n, STYLE_ERROR, "%s", _("choose first: b Black, w White, t two more stones"));
        return REACT_REDRAW;
    }
    int pos = cursor_cell(&n->cur, &g->board);
    /* Parenthesised: curses may define move() as a macro. */
    enum netgame_error e = (n->ops->move)(n->s, pos, n->ops->elapsed_ms(n->s));
    if (e == NETGAME_OK) {
        char cell[NOTATION_MAX];
        note(n, "%d. %s %s", (g->ply + 1) / 2, _(stone_name(game_stone_of(g, g->ply - 1))),
             notation_format(&g->board, pos, cell));
        say(n, STYLE_MESSAGE, "%s", "");
        keep(n);
    }
    return refused(n, e);
}

static unsigned act_play(struct netscreen *n)
{
    if (n->phase == NETSCREEN_CHOOSE) {
        if (n->choice == NETSCREEN_CHOICE_HOST)
            return start_host(n);
        if (n->choice == NETSCREEN_CHOICE_SERVER)
            return REACT_GO(SCREEN_LOBBY);
        if (n->choice == NETSCREEN_CHOICE_PISK_HOST)
            return start_pisk_host(n);
        if (n->choice == NETSCREEN_CHOICE_PISK_JOIN) {
            n->asking = NETSCREEN_ASK_PISK_ADDRESS;
            prompt_open(&n->prompt,
                        _("The Piskvork player's address (a name or an address, :port if not "
                          "3629):"),
                        _("Enter: connect   Esc: back"), n->address, REACT_ANSWER);
            return REACT_REDRAW;
        }
        n->asking = NETSCREEN_ASK_ADDRESS;
        prompt_open(&n->prompt, _("The host's address (a name or an address, :port if not 3630):"),
                    _("Enter: next   Esc: back"), n->address, REACT_ANSWER);
        return REACT_REDRAW;
    }
    return play_cell(n);
}

static unsigned act_mouse(struct netscreen *n)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK || !in_game(n) ||
        !cursor_click(&n->cur, &n->layout, m.y, m.x))
        return REACT_NONE;
    return play_cell(n);
}

static unsigned step(struct netscreen *n, int dx, int dy)
{
    if (n->phase == NETSCREEN_CHOOSE) {
        n->choice += dy;
        n->choice = n->choice < 0 ? 0 : n->choice >= NETSCREEN_CHOICES ? NETSCREEN_CHOICES - 1
                                                                      : n->choice;
        return REACT_REDRAW;
    }
    if (in_game(n))
        cursor_step(&n->cur, &n->layout, &game_of(n)->board, dx, dy);
    return REACT_REDRAW;
}

static unsigned act_left(struct netscreen *n) { return step(n, -1, 0); }
static unsigned act_right(struct netscreen *n) { return step(n, 1, 0); }
static unsigned act_up(struct netscreen *n) { return step(n, 0, -1); }
static unsigned act_down(struct netscreen *n) { return step(n, 0, 1); }

static unsigned choose(struct netscreen *n, enum opening_choice c)
{
    const struct game *g = game_of(n);
    if (!in_game(n) || game_over(g))
        return REACT_NONE;
    enum opening_step st = game_opening_step(g);
    if (!n->ops->my_turn(n->s) || (st != OPENING_CHOOSE && st != OPENING_CHOOSE2)) {
        say(n, STYLE_ERROR, "%s", _("there is no choice to make now"));
        return REACT_REDRAW;
    }
    return n->ops->choose != NULL ? refused(n, n->ops->choose(n->s, c)) : REACT_NONE;
}

/* b: on the first page, who takes Black; in the game, the opening's
 * choice to take Black. */
static unsigned act_black(struct netscreen *n)
{
    if (n->phase == NETSCREEN_CHOOSE) {
        n->black = n->black == WIRE_HOST ? WIRE_JOINER : WIRE_HOST;
        return REACT_REDRAW;
    }
    return choose(n, OPENING_TAKE_BLACK);
}

static unsigned act_white(struct netscreen *n) { return choose(n, OPENING_TAKE_WHITE); }
static unsigned act_two(struct netscreen *n) { return choose(n, OPENING_PLACE_TWO); }

static unsigned answer(struct netscreen *n, bool yes)
{
    if (n->confirm != NETSCREEN_CONFIRM_NONE) {
        enum netscreen_confirm c = n->confirm;
        n->confirm = NETSCREEN_CONFIRM_NONE;
        say(n, STYLE_MESSAGE, "%s", "");
        if (!yes || n->s == NULL)
            return REACT_REDRAW;
        if (c == NETSCREEN_CONFIRM_RESIGN)
            return refused(n, n->ops->resign(n->s));
        stop_session(n, true);
        n->phase = NETSCREEN_CHOOSE;
        return REACT_REDRAW;
    }
    if (n->s == NULL)
        return REACT_NONE;
    if (n->ops->side(n->s) == WIRE_JOINER && n->ops->state(n->s) == NETGAME_SETTINGS &&
        game_of(n) == NULL) {
        say(n, STYLE_MESSAGE, "%s", yes ? _("starting") : _("declined"));
        return refused(n, yes ? n->ops->accept(n->s) : n->ops->decline(n->s, ""));
    }
    if (n->ops->asked(n->s) == NETGAME_ASK_NONE)
        return REACT_NONE;
    say(n, STYLE_MESSAGE, "%s", "");
    return refused(n, n->ops->answer(n->s, yes));
}

static unsigned act_yes(struct netscreen *n) { return answer(n, true); }
static unsigned act_no(struct netscreen *n) { return answer(n, false); }

static unsigned ask(struct netscreen *n, enum netgame_ask what)
{
    if (!in_game(n))
        return REACT_NONE;
    enum netgame_error e = n->ops->ask(n->s, what);
    if (e == NETGAME_OK) {
        note(n, _("you ask for %s"), ask_words(what));
        say(n, STYLE_MESSAGE, _("asked for %s: waiting for your friend's answer"),
            ask_words(what));
    }
    return refused(n, e);
}

/* What Piskvork's game lacks, said rather than silently ignored. */
static unsigned lacks(struct netscreen *n)
{
    say(n, STYLE_ERROR, "%s", _("Piskvork's network game does not have that"));
    return REACT_REDRAW;
}

static unsigned act_draw(struct netscreen *n)
{
    if (in_game(n) && !n->ops->draw)
        return lacks(n);
    return ask(n, NETGAME_ASK_DRAW);
}
static unsigned act_takeback(struct netscreen *n) { return ask(n, NETGAME_ASK_TAKEBACK); }

static unsigned act_rematch(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (!in_game(n) || (!game_over(g) && !n->ops->new_game_any_time))
        return REACT_NONE;
    return ask(n, NETGAME_ASK_REMATCH);
}

static unsigned act_resign(struct netscreen *n)
{
    const struct game *g = game_of(n);
    if (!in_game(n) || game_over(g))
        return REACT_NONE;
    if (n->ops->resign == NULL)
        return lacks(n);
    n->confirm = NETSCREEN_CONFIRM_RESIGN;
    say(n, STYLE_WARN, "%s", _("resign this game? y yes, n no"));
    return REACT_REDRAW;
}

static unsigned act_claim(struct netscreen *n)
{
    if (n->s == NULL || (!n->abandoned && n->ops->state(n->s) != NETGAME_STOPPED))
        return REACT_NONE;
    return n->ops->claim != NULL ? refused(n, n->ops->claim(n->s)) : REACT_NONE;
}

static unsigned act_chat(struct netscreen *n)
{
    if (n->s == NULL || n->phase == NETSCREEN_CHOOSE)
        return REACT_NONE;
    n->asking = NETSCREEN_ASK_CHAT;
    prompt_open(&n->prompt, _("Say to your friend:"), _("Enter: send   Esc: cancel"), "",
                REACT_ANSWER);
    return REACT_REDRAW;
}

static unsigned act_back(struct netscreen *n)
{
    n->confirm = NETSCREEN_CONFIRM_NONE;
    if (n->s == NULL) {
        if (n->phase == NETSCREEN_CHOOSE)
            return REACT_BACK;
        n->phase = NETSCREEN_CHOOSE;
        say(n, STYLE_MESSAGE, "%s", "");
        return REACT_REDRAW;
    }
    const struct game *g = game_of(n);
    if (g != NULL && !game_over(g) && n->ops->state(n->s) != NETGAME_STOPPED &&
        !n->abandoned) {
        n->confirm = NETSCREEN_CONFIRM_LEAVE;
        say(n, STYLE_WARN, "%s", _("leave this game? Your friend may then claim it. y yes, n no"));
        return REACT_REDRAW;
    }
    stop_session(n, true);
    n->phase = NETSCREEN_CHOOSE;
    say(n, STYLE_MESSAGE, "%s", "");
    return REACT_REDRAW;
}

static unsigned act_help(struct netscreen *n)
{
    (void)n;
    return REACT_HELP;
}

/* q: an unfinished game is kept for Resume, after a yes; otherwise at once. */
static unsigned act_quit(struct netscreen *n)
{
    const struct game *g = game_of(n);
    return g != NULL && !game_over(g) ? REACT_ASK_QUIT : REACT_QUIT;
}

/* The prompt's answer: the address, the code, a chat line. */
static unsigned prompted(struct netscreen *n)
{
    enum netscreen_asking what = n->asking;
    n->asking = NETSCREEN_ASK_NONE;
    switch (what) {
    case NETSCREEN_ASK_ADDRESS:
        snprintf(n->address, sizeof n->address, "%s", n->prompt.text);
        n->asking = NETSCREEN_ASK_CODE;
        prompt_open(&n->prompt, _("The join code your friend reads out:"),
                    _("Enter: join   Esc: back"), "", REACT_ANSWER);
        return REACT_REDRAW;
    case NETSCREEN_ASK_CODE:
        return start_join(n, n->prompt.text);
    case NETSCREEN_ASK_PISK_ADDRESS:
        snprintf(n->address, sizeof n->address, "%s", n->prompt.text);
        return start_pisk_join(n);
    case NETSCREEN_ASK_CHAT: {
        if (n->s == NULL)
            return REACT_REDRAW;
        char text[PROMPT_MAX];
        snprintf(text, sizeof text, "%s", n->prompt.text);
        enum netgame_error e = n->ops->chat(n->s, text);
        if (e == NETGAME_OK)
            note(n, "%s %s", _("you:"), text);
        return refused(n, e);
    }
    default:
        return REACT_REDRAW;
    }
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct netscreen *n);
};

static const struct binding bindings[] = {
    { KEY_LEFT, N_("arrows, h j k l"), N_("move the cursor (first: host or join)"), act_left },
    { KEY_RIGHT, NULL, NULL, act_right },
    { KEY_UP, NULL, NULL, act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'h', NULL, NULL, act_left },
    { 'l', NULL, NULL, act_right },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\n', N_("Enter, Space"), N_("play on the cursor's cell (first: host or join)"),
      act_play },
    { '\r', NULL, NULL, act_play },
    { KEY_ENTER, NULL, NULL, act_play },
    { ' ', NULL, NULL, act_play },
    { KEY_MOUSE, N_("mouse click"), N_("play on that cell"), act_mouse },
    { 'b', "b", N_("first: who takes Black; in the opening: take Black"), act_black },
    { 'w', "w", N_("in the opening: take White"), act_white },
    { 't', "t", N_("in swap2's opening: place two more stones"), act_two },
    { '=', "=", N_("offer a draw"), act_draw },
    { 'u', "u", N_("ask to take your last move back"), act_takeback },
    { 'y', "y", N_("yes to what your friend asks (or to the question)"), act_yes },
    { 'n', "n", N_("no"), act_no },
    { 'r', "r", N_("resign (after a yes)"), act_resign },
    { 'c', "c", N_("say something to your friend"), act_chat },
    { 'R', "R", N_("ask for another game, once this one is over"), act_rematch },
    { 'C', "C", N_("claim the game your friend left"), act_claim },
    { ESC, "Esc", N_("leave the game (after a yes), back to the menu"), act_back },
    { '?', "?", N_("this help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

static bool help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

static unsigned key(struct netscreen *n, int k)
{
    if (n->asking != NETSCREEN_ASK_NONE) {
        unsigned r = prompt_key(&n->prompt, k);
        if (r & REACT_ANSWER)
            return prompted(n);
        if (r & REACT_CLOSE) {
            n->asking = NETSCREEN_ASK_NONE;
            return REACT_REDRAW;
        }
        return r;
    }
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, k);
    if (b == NULL)
        return REACT_NONE;
    if (n->confirm != NETSCREEN_CONFIRM_NONE && b->run != act_yes && b->run != act_no) {
        n->confirm = NETSCREEN_CONFIRM_NONE;
        say(n, STYLE_MESSAGE, "%s", "");
    }
    unsigned r = b->run(n);
    return r | pump(n);
}

/* --- time -------------------------------------------------------------- */

/* Whether a clock runs on screen. */
static bool clock_shown_running(const struct netscreen *n)
{
    const struct game *g = game_of(n);
    return in_game(n) && g->config.tc.kind != TC_NONE && !game_over(g) &&
           n->ops->state(n->s) == NETGAME_PLAYING;
}

static int wait_ms(const struct netscreen *n)
{
    if (n->s == NULL)
        return -1;
    int t = n->ops->timeout_ms(n->s);
    int most = clock_shown_running(n) ? TENTHS_MS : SECOND_MS;
    return t < 0 || t > most ? most : t;
}

static unsigned tick(struct netscreen *n)
{
    unsigned r = pump(n);
    return r | (clock_shown_running(n) ? REACT_REDRAW : REACT_NONE);
}

static int pollfds(const struct netscreen *n, struct pollfd *fds)
{
    if (n->s == NULL)
        return 0;
    struct pollfd own[NETGAME_FDS_MAX];
    int k = n->ops->pollfds(n->s, own);
    if (k > SCREEN_FDS_MAX)
        k = SCREEN_FDS_MAX;
    memcpy(fds, own, (size_t)k * sizeof *fds);
    return k;
}

/* --- drawing ------------------------------------------------------------ */

static void settings_text(const struct netgame_settings *s, char *buf, size_t size)
{
    char tc[TC_TEXT_MAX];
    tc_format(&s->tc, tc, sizeof tc);
    snprintf(buf, size, _("%d%s%d, %d in a row, %s, opening %s, clock %s"), s->width,
             draw_sym(GLYPH_TIMES), s->height, s->win, _(rule_name(s->rule)),
             _(opening_rule_name(s->opening)), s->tc.kind == TC_NONE ? _("none") : tc);
}

static void form_settings(const struct netscreen *n, struct netgame_settings *s)
{
    const struct game_config *c = &n->form;
    *s = (struct netgame_settings){ c->width, c->height, c->win, c->rule, c->opening, c->tc,
                                    n->black };
}

static void draw_title(const struct netscreen *n)
{
    draw_fill(0, 0, n->cols, STYLE_TITLE);
    const char *side = n->s == NULL ? ""
                       : n->server_game > 0 ? _("on the server")
                       : n->ops->side(n->s) == WIRE_HOST ? _("hosting")
                                                          : _("joined");
    if (n->s != NULL && n->server_game > 0)
        draw_textf(0, 1, n->cols - 2, STYLE_TITLE, "mnk  %s  %s %s, %s %d", _("network game"),
                   side, n->server, _("game"), n->server_game);
    else if (n->s != NULL && n->ng == NULL)
        draw_textf(0, 1, n->cols - 2, STYLE_TITLE, "mnk  %s  Piskvork, %s", _("network game"),
                   side);
    else
        draw_textf(0, 1, n->cols - 2, STYLE_TITLE, "mnk  %s  %s", _("network game"), side);
}

static int draw_lines(int y, int x, int w, int bottom, enum draw_style s, const char *text)
{
    while (*text != '\0' && y < bottom) {
        size_t rest;
        size_t len = text_wrap(text, w, &rest);
        char line[NETSCREEN_LINE_MAX];
        snprintf(line, sizeof line, "%.*s", (int)len, text);
        draw_text(y++, x, w, s, line);
        text += rest;
    }
    return y;
}

static void draw_choose(const struct netscreen *n)
{
    int x = 2, w = n->cols - 4, y = 2, bottom = n->rows - LAYOUT_STATUS_ROWS;
    const char *entries[NETSCREEN_CHOICES] = {
        [NETSCREEN_CHOICE_HOST] = _("Host a game: your friend joins it with a code"),
        [NETSCREEN_CHOICE_JOIN] = _("Join a friend's game"),
        [NETSCREEN_CHOICE_SERVER] = _("Play on a server: its lobby's games, under a name"),
        [NETSCREEN_CHOICE_PISK_HOST] = _("Host a game for a Piskvork player"),
        [NETSCREEN_CHOICE_PISK_JOIN] = _("Join a Piskvork player's game"),
    };
    for (int i = 0; i < NETSCREEN_CHOICES && y < bottom; i++, y++)
        draw_textf(y, x, w, i == n->choice ? STYLE_SELECTED : STYLE_NORMAL, "%s %s",
                   i == n->choice ? ">" : " ", entries[i]);
    y++;
    struct netgame_settings s;
    form_settings(n, &s);
    char text[NETSCREEN_LINE_MAX];
    settings_text(&s, text, sizeof text);
    y = draw_lines(y, x, w, bottom, STYLE_NORMAL, text);
    y = draw_lines(y, x, w, bottom, STYLE_NORMAL,
                   n->black == WIRE_HOST ? _("You take Black (b: your friend does)")
                                         : _("Your friend takes Black (b: you do)"));
    y++;
    if (n->choice == NETSCREEN_CHOICE_PISK_HOST || n->choice == NETSCREEN_CHOICE_PISK_JOIN) {
        y = draw_lines(y, x, w, bottom, STYLE_WARN, _(PISK_WARNING)) + 1;
        draw_lines(y, x, w, bottom, STYLE_DIM,
                   _("Piskvork's game is five in a row with no opening rule and no clock, on "
                     "the form's board and rule; its port is 3629."));
        return;
    }
    draw_lines(y, x, w, bottom, STYLE_DIM,
               _("A hosted game has the board, rule, opening and clock of the new-game "
                 "form's last choice. The link is encrypted with the join code: nobody "
                 "without it can join or read the game."));
}

/* The rows `text` takes wrapped to w columns. */
static int rows_of(const char *text, int w)
{
    int rows = 0;
    while (*text != '\0') {
        size_t rest;
        text_wrap(text, w, &rest);
        if (rest == 0)
            break;
        text += rest;
        rows++;
    }
    return rows > 0 ? rows : 1;
}

/* The newest lines of the log that fit between y and bottom, wrapped. */
static void draw_log(const struct netscreen *n, int y, int x, int w, int bottom)
{
    int from = n->n_log, used = 0;
    while (from > 0 && used + rows_of(n->log[from - 1], w) <= bottom - y)
        used += rows_of(n->log[--from], w);
    for (int i = from; i < n->n_log && y < bottom; i++)
        y = draw_lines(y, x, w, bottom, STYLE_NORMAL, n->log[i]);
}

static void draw_waiting(const struct netscreen *n)
{
    int x = 2, w = n->cols - 4, y = 2, bottom = n->rows - LAYOUT_STATUS_ROWS;
    char text[NETSCREEN_LINE_MAX];
    if (n->s != NULL && n->ng == NULL && n->ops->side(n->s) == WIRE_HOST) {
        draw_textf(y++, x, w, STYLE_NORMAL, _("Port: %d"), n->ops->port(n->s));
        if (n->addresses[0] != '\0')
            draw_textf(y++, x, w, STYLE_NORMAL, _("This computer's address: %s"), n->addresses);
        y++;
        snprintf(text, sizeof text,
                 _("In Piskvork, choose Network game and connect to this computer's address, "
                   "port %d."),
                 n->ops->port(n->s));
        y = draw_lines(y, x, w, bottom, STYLE_NORMAL, text) + 1;
    } else if (n->s != NULL && n->ops->side(n->s) == WIRE_HOST) {
        draw_textf(y++, x, w, STYLE_MESSAGE, _("Join code: %s"), netgame_code(n->ng));
        draw_textf(y++, x, w, STYLE_NORMAL, _("Port: %d"), n->ops->port(n->s));
        if (n->addresses[0] != '\0')
            draw_textf(y++, x, w, STYLE_NORMAL, _("This computer's address: %s"), n->addresses);
        y++;
        snprintf(text, sizeof text,
                 _("Read the code out to your friend. They choose Network game, Join, type "
                   "this computer's address (with :%d unless that is 3630) and the code; or "
                   "run: mnk join ADDRESS:%d CODE"),
                 n->ops->port(n->s), n->ops->port(n->s));
        y = draw_lines(y, x, w, bottom, STYLE_NORMAL, text) + 1;
    } else if (n->s != NULL && n->ops->settings(n->s) != NULL) {
        draw_text(y++, x, w, STYLE_NORMAL,
                  n->server_game > 0 ? _("The game:") : _("The host offers:"));
        settings_text(n->ops->settings(n->s), text, sizeof text);
        y = draw_lines(y, x, w, bottom, STYLE_MESSAGE, text);
        const struct netgame_settings *s = n->ops->settings(n->s);
        if (n->server_game == 0)
            draw_text(y++, x, w, STYLE_NORMAL,
                      s->black == WIRE_JOINER ? _("You take Black") : _("Your friend takes Black"));
        y++;
    }
    draw_log(n, y, x, w, bottom);
}

/* The clock of `side` as it stands now. */
static const char *clock_text(const struct netscreen *n, enum stone side, char *buf,
                              size_t size, bool *low)
{
    const struct game *g = shown_game(n);
    const struct tc *tc = &g->config.tc;
    struct gameclock_side c = game_clock(g, side);
    bool acting = n->s != NULL && !game_over(g) && game_actor(g) == side &&
                  game_opening_step(g) != OPENING_CHOOSE &&
                  game_opening_step(g) != OPENING_CHOOSE2;
    /* The turn's time as this side measured it (the link's absences left
     * out); for the friend's turn, the host's word settles it. */
    int elapsed = acting ? n->ops->elapsed_ms(n->s) : 0;
    struct gameclock_side now = elapsed > 0 ? gameclock_running(tc, &c, elapsed) : c;
    int64_t until = game_over(g) || n->s == NULL ? -1 : gameclock_until_flag(tc, &c, elapsed);
    return clockface_text(tc, &now, until, draw_sym(GLYPH_TIMES), buf, size, low);
}

static void draw_panel(const struct netscreen *n)
{
    const struct layout *l = &n->layout;
    const struct game *g = shown_game(n);
    if (l->panel_w == 0)
        return;
    int x = l->panel_x, w = l->panel_w, y = l->panel_y;
    int end = l->area_y + l->area_h;
    enum stone me = my_seat(n);
    for (int i = 0; i < 2 && y < end; i++, y++) {
        enum stone s = i ? STONE_WHITE : STONE_BLACK;
        bool turn = !game_over(g) && game_actor(g) == s;
        draw_text(y, x, 1, STYLE_MESSAGE, turn ? draw_sym(GLYPH_TURN) : " ");
        draw_glyph(y, x + 2, draw_stone_glyph(s), draw_stone_style(s));
        int tx = x + 3 + draw_glyph_width();
        char face[40];
        bool low;
        clock_text(n, s, face, sizeof face, &low);
        int fw = face[0] != '\0' ? draw_width(face) + 1 : 0;
        draw_textf(y, tx, w - (tx - x) - fw, turn ? STYLE_MESSAGE : STYLE_NORMAL, "%s  %s",
                   _(stone_name(s)), s == me ? _("you") : _("friend"));
        if (fw > 0)
            draw_text(y, x + w - fw + 1, fw - 1,
                      low ? STYLE_ERROR : turn ? STYLE_MESSAGE : STYLE_NORMAL, face);
    }
    y++;
    draw_log(n, y, x, w, end);
}

static const char *turn_words(const struct netscreen *n, bool *low)
{
    const struct game *g = shown_game(n);
    *low = false;
    if (g == NULL)
        return "";
    if (game_over(g))
        return _(game_result_text(&g->result));
    if (n->s == NULL)
        return _("the session is over");
    if (n->ops->state(n->s) == NETGAME_DROPPED)
        return _("the link is lost: the clocks are stopped");
    char face[40];
    clock_text(n, game_actor(g), face, sizeof face, low);
    enum opening_step st = game_opening_step(g);
    if (n->ops->my_turn(n->s)) {
        if (st == OPENING_CHOOSE || st == OPENING_CHOOSE2)
            return st == OPENING_CHOOSE && g->config.opening == OPENING_SWAP
                       ? _("your choice: b take Black, w take White")
                       : _("your choice: b take Black, w take White, t place two more");
        return *low ? _("your move, and your clock is low") : _("your move");
    }
    return *low ? _("your friend's move; their clock is low") : _("your friend's move");
}

static void draw_status(const struct netscreen *n)
{
    int y = n->rows - LAYOUT_STATUS_ROWS;
    if (n->phase != NETSCREEN_CHOOSE && shown_game(n) != NULL) {
        bool low;
        const char *words = turn_words(n, &low);
        draw_text(y, 1, n->cols - 2, low ? STYLE_ERROR : STYLE_MESSAGE, words);
    }
    if (n->message[0] != '\0')
        draw_text(y + 1, 1, n->cols - 2, n->message_style, n->message);
    static const struct draw_hint choose_hints[] = {
        { "Enter", N_("choose") }, { "b", N_("who takes Black") }, { "Esc", N_("menu") },
        { "?", N_("help") },
    };
    static const struct draw_hint game_hints[] = {
        { "Enter", N_("play") }, { "=", N_("draw") }, { "u", N_("takeback") },
        { "r", N_("resign") }, { "c", N_("chat") }, { "Esc", N_("leave") }, { "?", N_("help") },
    };
    static const struct draw_hint wait_hints[] = {
        { "y/n", N_("answer") }, { "Esc", N_("cancel") }, { "?", N_("help") },
    };
    if (n->phase == NETSCREEN_CHOOSE)
        draw_hints(y + 2, choose_hints, (int)(sizeof choose_hints / sizeof choose_hints[0]));
    else if (n->phase == NETSCREEN_GAME || (n->phase == NETSCREEN_OVER && n->has_last))
        draw_hints(y + 2, game_hints, (int)(sizeof game_hints / sizeof game_hints[0]));
    else
        draw_hints(y + 2, wait_hints, (int)(sizeof wait_hints / sizeof wait_hints[0]));
}

static void draw(const struct netscreen *n)
{
    erase();
    draw_title(n);
    const struct game *g = shown_game(n);
    if (n->phase == NETSCREEN_CHOOSE) {
        draw_choose(n);
    } else if ((n->phase == NETSCREEN_GAME || n->phase == NETSCREEN_OVER) && g != NULL) {
        struct board_view view = {
            .layout = &n->layout, .off_x = n->cur.off_x, .off_y = n->cur.off_y,
            .cx = n->cur.cx, .cy = n->cur.cy, .hint = -1,
            .forbidden = n->any_forbidden && g == game_of(n) ? n->forbidden : NULL,
        };
        boardview_draw(g, &view);
        draw_panel(n);
    } else {
        draw_waiting(n);
    }
    draw_status(n);
    if (n->asking != NETSCREEN_ASK_NONE)
        prompt_draw(&n->prompt);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static unsigned op_open(void *self)
{
    struct netscreen *n = self;
    if (n->s == NULL) {
        n->phase = NETSCREEN_CHOOSE;
        n->message[0] = '\0';
    }
    return REACT_REDRAW;
}

static void op_close(void *self)
{
    struct netscreen *n = self;
    if (n->s != NULL)
        stop_session(n, true);
    n->phase = NETSCREEN_CHOOSE;
}

static void op_resize(void *self, int rows, int cols)
{
    struct netscreen *n = self;
    n->rows = rows;
    n->cols = cols;
    lay_out(n);
}

static void op_draw(const void *self) { draw(self); }
static unsigned op_key(void *self, int k) { return key(self, k); }
static int op_wait_ms(const void *self) { return wait_ms(self); }
static unsigned op_tick(void *self) { return tick(self); }
static int op_pollfds(const void *self, struct pollfd *fds) { return pollfds(self, fds); }

static void op_init(void *self)
{
    struct netscreen *n = self;
    game_config_default(&n->form);
    n->black = WIRE_HOST;
    netgame_default_name(n->name, sizeof n->name);
    filelock_init(&n->lock);
}

const struct screen net_screen = {
    .size = sizeof(struct netscreen),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys in a network game"),
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
