/* pisknet.c — a game against a Piskvork player; see pisknet.h. */
#include "play/pisknet.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "util/fmt.h"

struct pisknet {
    enum wire_side side;
    enum netgame_state state;
    struct link_listener *listener;   /* host, until a peer is in */
    struct piskconn *conn;
    struct pisknet_options opt;
    int port;
    struct netgame_settings settings;
    bool have_settings;
    struct game game;
    bool have_game;
    enum wire_side black;             /* who holds Black in this game */
    bool foul;                        /* the game ended on the other side's
                                         renju foul, which Piskvork has on
                                         its board and this side has not */
    int mine;                         /* this side's request: a takeback's
                                         moves to keep, -1 a new game, 0 none */
    int theirs;                       /* the other side's, the same way */
    int64_t turn_start_ms;
    struct netgame_event events[PISKNET_EVENTS_MAX];
    int ev_head, ev_count;
    char why[NETGAME_WHY_MAX];
};

/* ---- events ---- */

__attribute__((format(printf, 3, 4))) static void emit(struct pisknet *p,
                                                       enum netgame_event_kind kind,
                                                       const char *fmt, ...)
{
    if (p->ev_count == PISKNET_EVENTS_MAX)
        return; /* cannot happen: one message makes at most a few */
    struct netgame_event *ev = &p->events[(p->ev_head + p->ev_count++) % PISKNET_EVENTS_MAX];
    memset(ev, 0, sizeof *ev);
    ev->kind = kind;
    ev->ply = p->have_game ? p->game.ply : 0;
    if (fmt != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ev->text, sizeof ev->text, fmt, ap);
        va_end(ap);
        /* A cut may leave a part of a character: drop it. */
        size_t n = strlen(ev->text);
        while (n > 0 && !wire_text_check(ev->text, n, NULL, 0))
            ev->text[--n] = '\0';
    }
}

static void emit_ask(struct pisknet *p, enum netgame_event_kind kind, enum netgame_ask ask,
                     bool yes)
{
    emit(p, kind, NULL);
    struct netgame_event *ev = &p->events[(p->ev_head + p->ev_count - 1) % PISKNET_EVENTS_MAX];
    ev->ask = ask;
    ev->yes = yes;
}

static enum netgame_error refuse(struct pisknet *p, enum netgame_error e, const char *why)
{
    snprintf(p->why, sizeof p->why, "%s", why);
    return e;
}

/* The session is over: nothing more can happen. */
static void end_session(struct pisknet *p, const char *why)
{
    if (p->state == NETGAME_ENDED)
        return;
    snprintf(p->why, sizeof p->why, "%s", why);
    p->state = NETGAME_ENDED;
    emit(p, NETGAME_EV_ENDED, "%s", why);
    piskconn_free(p->conn);
    p->conn = NULL;
    link_listener_free(p->listener);
    p->listener = NULL;
}

static bool send_msg(struct pisknet *p, const struct piskwire_msg *m)
{
    char err[NETGAME_WHY_MAX];
    if (p->conn == NULL || !piskconn_send(p->conn, m, err, sizeof err)) {
        if (p->conn != NULL)
            end_session(p, err);
        return false;
    }
    return true;
}

static bool send_code(struct pisknet *p, enum piskwire_type type)
{
    struct piskwire_msg m = {.type = type};
    return send_msg(p, &m);
}

/* ---- the game ---- */

static enum rule rule_of(enum piskwire_rule r)
{
    return r == PISKWIRE_RULE_EXACT ? RULE_EXACT
         : r == PISKWIRE_RULE_RENJU ? RULE_RENJU
         : r == PISKWIRE_RULE_CARO  ? RULE_CARO
                                    : RULE_FREESTYLE;
}

static enum piskwire_rule rule_to(enum rule r)
{
    return r == RULE_EXACT ? PISKWIRE_RULE_EXACT
         : r == RULE_RENJU ? PISKWIRE_RULE_RENJU
         : r == RULE_CARO  ? PISKWIRE_RULE_CARO
                           : PISKWIRE_RULE_FREESTYLE;
}

static enum wire_side other(enum wire_side s)
{
    return s == WIRE_HOST ? WIRE_JOINER : WIRE_HOST;
}

static enum wire_side holder(const struct pisknet *p, enum stone s)
{
    return s == STONE_BLACK ? p->black : other(p->black);
}

/* The side whose turn it is as Piskvork counts it: after the last move
 * the other side's, even once the game is over (a foul stays on its board). */
static enum wire_side to_move(const struct pisknet *p)
{
    if (p->foul)
        return holder(p, STONE_WHITE);
    return holder(p, game_to_move(&p->game));
}

/* Piskvork's count of moves: a foul it keeps on its board. */
static int their_count(const struct pisknet *p)
{
    return p->game.ply + (p->foul ? 1 : 0);
}

/* A new game with `first` moving first (Black). */
static void start_game(struct pisknet *p, enum wire_side first)
{
    struct game_config c;
    game_config_default(&c);
    c.width = p->settings.width;
    c.height = p->settings.height;
    c.win = 5;
    c.rule = p->settings.rule;
    c.early_draw = false; /* Piskvork plays on */
    const char *why = game_init(&p->game, &c);
    if (why != NULL) { /* the settings were checked: cannot happen */
        end_session(p, _(why));
        return;
    }
    p->have_game = true;
    p->black = first;
    p->foul = false;
    p->mine = p->theirs = 0;
    p->state = NETGAME_PLAYING;
    p->turn_start_ms = clock_ms();
    emit(p, NETGAME_EV_STARTED, NULL);
}

/* What follows a move: the result, or Piskvork's draw on a board almost full. */
static void after_move(struct pisknet *p)
{
    struct game *g = &p->game;
    p->turn_start_ms = clock_ms();
    if (!game_over(g) && g->ply >= g->board.width * g->board.height - PISKNET_DRAW_LEFT) {
        game_agree_draw(g);
        emit(p, NETGAME_EV_NOTICE, _("Piskvork ends a game as a draw once %d empty cells are left"),
             PISKNET_DRAW_LEFT);
    }
    if (game_over(g))
        emit(p, NETGAME_EV_OVER, NULL);
}

static void undo_to(struct pisknet *p, int keep)
{
    if (p->foul && keep < their_count(p))
        p->foul = false; /* the foul, which this side never played, goes first */
    while (p->game.ply > keep && game_undo(&p->game))
        ;
    p->mine = p->theirs = 0;
    p->turn_start_ms = clock_ms();
    emit(p, NETGAME_EV_UNDO, NULL);
}

/* ---- the other side's messages ---- */

static void notice_bad(struct pisknet *p, const char *what)
{
    emit(p, NETGAME_EV_NOTICE, _("the other side sent a malformed message, which was ignored: %s"),
         what);
}

static void their_move(struct pisknet *p, const struct piskwire_move *m)
{
    struct game *g = &p->game;
    enum wire_side them = other(p->side);
    if (game_over(g)) {
        /* The other side began the next game, as the loser of the last
         * (the one who did not move last) may. */
        if (to_move(p) != them) {
            notice_bad(p, _("a move in a new game it does not begin"));
            return;
        }
        start_game(p, them);
    }
    if (p->mine != 0 || to_move(p) != them) {
        notice_bad(p, _("a move out of turn"));
        return;
    }
    int pos = board_pos(&g->board, m->x, m->y);
    char cell[NOTATION_MAX];
    notation_format(&g->board, pos, cell);
    enum game_error e = game_play_timed(g, pos, m->time_ms);
    if (e == GAME_ERR_FORBIDDEN) {
        /* Piskvork's renju: the foul is played and loses. */
        p->foul = true;
        game_concede(g, STONE_BLACK, END_FORFEIT);
        emit(p, NETGAME_EV_NOTICE,
             _("the other side played %s, a point forbidden to Black: under renju it loses"),
             cell);
        emit(p, NETGAME_EV_OVER, NULL);
        return;
    }
    if (e != GAME_OK) {
        char what[64];
        snprintf(what, sizeof what, _("a move to %s, which is taken"), cell);
        notice_bad(p, what);
        return;
    }
    emit(p, NETGAME_EV_MOVE, NULL);
    after_move(p);
}

static void their_undo_request(struct pisknet *p, int keep)
{
    if (!p->have_game || keep > their_count(p) || p->theirs != 0) {
        notice_bad(p, _("a takeback to a move that was never played"));
        send_code(p, PISKWIRE_UNDO_NO);
        return;
    }
    if (p->mine != 0) {
        /* Both asked at once: both are done, as Piskvork does, the larger
         * takeback of the two last. */
        undo_to(p, p->mine > keep ? p->mine : keep);
        return;
    }
    p->theirs = keep;
    emit_ask(p, NETGAME_EV_OFFER, NETGAME_ASK_TAKEBACK, false);
}

static void their_new_request(struct pisknet *p)
{
    if (!p->have_game || p->theirs != 0) {
        notice_bad(p, _("a request for a new game before any"));
        send_code(p, PISKWIRE_NEW_NO);
        return;
    }
    if (p->mine < 0) {
        start_game(p, to_move(p)); /* both asked */
        return;
    }
    if (p->mine > 0) {
        undo_to(p, p->mine); /* Piskvork does the takeback asked */
        return;
    }
    p->theirs = -1;
    emit_ask(p, NETGAME_EV_OFFER, NETGAME_ASK_REMATCH, false);
}

static void their_answer(struct pisknet *p, enum piskwire_type t)
{
    bool undo = t == PISKWIRE_UNDO_YES || t == PISKWIRE_UNDO_NO;
    bool yes = t == PISKWIRE_UNDO_YES || t == PISKWIRE_NEW_YES;
    bool asked = undo ? p->mine > 0 : p->mine < 0;
    if (!asked) {
        if (yes)
            notice_bad(p, _("an answer to nothing asked"));
        return; /* a late no: Piskvork ignores it too */
    }
    enum netgame_ask ask = undo ? NETGAME_ASK_TAKEBACK : NETGAME_ASK_REMATCH;
    int keep = p->mine;
    p->mine = 0;
    emit_ask(p, NETGAME_EV_ANSWER, ask, yes);
    if (yes && undo)
        undo_to(p, keep);
    else if (yes)
        start_game(p, to_move(p));
}

/* The settings the joiner received: false (the session ended) when mnk
 * cannot play them. */
static bool take_info(struct pisknet *p, const struct piskwire_info *info)
{
    if (info->continuous || info->rule == PISKWIRE_RULE_CARO_EXACT) {
        send_code(p, PISKWIRE_END);
        end_session(p, info->continuous
                           ? _("the other player set a continuous game (play on after five), "
                               "which mnk does not play")
                           : _("the other player set caro with exactly five, which mnk does "
                               "not play"));
        return false;
    }
    struct netgame_settings *s = &p->settings;
    memset(s, 0, sizeof *s);
    s->width = info->width;
    s->height = info->height;
    s->win = 5;
    s->rule = rule_of(info->rule);
    s->opening = OPENING_NONE;
    s->tc = tc_none();
    s->black = info->begin ? WIRE_JOINER : WIRE_HOST;
    p->have_settings = true;
    p->state = NETGAME_SETTINGS;
    emit(p, NETGAME_EV_SETTINGS, NULL);
    return true;
}

static void host_ready(struct pisknet *p)
{
    int version = piskconn_peer_version(p->conn);
    if (version < 2 && p->settings.rule != RULE_FREESTYLE) {
        send_code(p, PISKWIRE_END);
        end_session(p, _("the other player's Piskvork is too old for any rule but freestyle"));
        return;
    }
    struct piskwire_msg m = {.type = PISKWIRE_INFO};
    m.info.width = p->settings.width;
    m.info.height = p->settings.height;
    m.info.begin = p->settings.black == WIRE_JOINER;
    m.info.continuous = false;
    m.info.rule = rule_to(p->settings.rule);
    if (send_msg(p, &m))
        p->state = NETGAME_SETTINGS;
}

static void on_message(struct pisknet *p, const struct piskwire_msg *m)
{
    bool playing = p->state == NETGAME_PLAYING;
    switch (m->type) {
    case PISKWIRE_INIT_DENY:
        if (p->side == WIRE_JOINER && !p->have_settings) {
            end_session(p, _("the other player does not want to play with you"));
            return;
        }
        break;
    case PISKWIRE_INFO:
        if (p->side == WIRE_JOINER && !p->have_settings) {
            if (take_info(p, &m->info))
                piskconn_set_board(p->conn, m->info.width, m->info.height);
            return;
        }
        break;
    case PISKWIRE_INFO_OK:
        if (p->side == WIRE_HOST && p->state == NETGAME_SETTINGS && !p->have_game) {
            piskconn_set_board(p->conn, p->settings.width, p->settings.height);
            start_game(p, p->settings.black);
            return;
        }
        break;
    case PISKWIRE_MSG:
        emit(p, NETGAME_EV_CHAT, "%s%s", m->chat.text, m->chat.cut ? "…" : "");
        return;
    case PISKWIRE_MOVE:
        if (playing) {
            their_move(p, &m->move);
            return;
        }
        break;
    case PISKWIRE_UNDO_REQUEST:
        if (playing) {
            their_undo_request(p, m->keep);
            return;
        }
        break;
    case PISKWIRE_NEW_REQUEST:
        if (playing) {
            their_new_request(p);
            return;
        }
        break;
    case PISKWIRE_UNDO_YES:
    case PISKWIRE_UNDO_NO:
    case PISKWIRE_NEW_YES:
    case PISKWIRE_NEW_NO:
        if (playing) {
            their_answer(p, m->type);
            return;
        }
        break;
    default:
        break;
    }
    char what[64];
    snprintf(what, sizeof what, _("%s at this point"), piskwire_type_name(m->type));
    notice_bad(p, what);
}

/* ---- moving on ---- */

/* The host: takes a peer when none is in. */
static void host_accept(struct pisknet *p)
{
    if (p->listener == NULL || p->conn != NULL)
        return;
    char err[NETGAME_WHY_MAX];
    if (!piskconn_accept(p->listener, &p->opt.conn, &p->conn, err, sizeof err))
        emit(p, NETGAME_EV_NOTICE, "%s", err);
}

static void step(struct pisknet *p)
{
    if (p->state == NETGAME_ENDED)
        return;
    host_accept(p);
    while (p->conn != NULL && p->ev_count < PISKNET_EVENTS_MAX - 4) {
        struct piskwire_msg m;
        enum piskconn_event e = piskconn_poll(p->conn, &m);
        switch (e) {
        case PISKCONN_IDLE:
            return;
        case PISKCONN_READY:
            emit(p, NETGAME_EV_CONNECTED, "%s", piskconn_peer_address(p->conn));
            if (p->side == WIRE_HOST) {
                link_listener_free(p->listener); /* one game, as Piskvork */
                p->listener = NULL;
                host_ready(p);
            }
            break;
        case PISKCONN_MESSAGE:
            on_message(p, &m);
            break;
        case PISKCONN_MALFORMED:
            notice_bad(p, piskconn_error(p->conn));
            break;
        case PISKCONN_CLOSED:
        case PISKCONN_DROPPED:
        case PISKCONN_FAILED:
            if (p->side == WIRE_HOST && p->listener != NULL) {
                /* Someone who never began a game: wait for the next. */
                emit(p, NETGAME_EV_NOTICE, "%s", piskconn_error(p->conn));
                piskconn_free(p->conn);
                p->conn = NULL;
                return;
            }
            end_session(p, e == PISKCONN_CLOSED ? _("the other player left") : piskconn_error(p->conn));
            return;
        }
    }
}

bool pisknet_poll(struct pisknet *p, struct netgame_event *ev)
{
    if (p->ev_count == 0)
        step(p);
    if (p->ev_count == 0)
        return false;
    *ev = p->events[p->ev_head];
    p->ev_head = (p->ev_head + 1) % PISKNET_EVENTS_MAX;
    p->ev_count--;
    return true;
}

int pisknet_pollfds(const struct pisknet *p, struct pollfd fds[NETGAME_FDS_MAX])
{
    int n = 0;
    if (p->listener != NULL && p->conn == NULL) {
        int lfds[LINK_LISTEN_MAX];
        int k = link_listener_fds(p->listener, lfds);
        for (int i = 0; i < k; i++)
            fds[n++] = (struct pollfd){lfds[i], POLLIN, 0};
    }
    if (p->conn != NULL && piskconn_fd(p->conn) >= 0)
        fds[n++] = (struct pollfd){piskconn_fd(p->conn), piskconn_events(p->conn), 0};
    return n;
}

int pisknet_timeout_ms(const struct pisknet *p)
{
    if (p->ev_count > 0)
        return 0;
    return p->conn != NULL ? piskconn_timeout_ms(p->conn) : -1;
}

/* ---- making one ---- */

static struct pisknet *pisknet_new(enum wire_side side, const struct pisknet_options *o)
{
    struct pisknet *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->side = side;
    if (o != NULL)
        p->opt = *o;
    p->opt.bind = NULL; /* not kept: the caller's string */
    return p;
}

struct pisknet *pisknet_host(const struct netgame_settings *s, const struct pisknet_options *o,
                             char *err, size_t err_size)
{
    struct tc none = tc_none();
    if (s->win != 5 || s->opening != OPENING_NONE || !tc_equal(&s->tc, &none)) {
        fmt_fail(err, err_size, _("Piskvork plays five in a row with no opening rule and no clock"));
        return NULL;
    }
    if (s->width < PISKWIRE_MIN_SIDE || s->height < PISKWIRE_MIN_SIDE ||
        s->width > BOARD_MAX_SIDE || s->height > BOARD_MAX_SIDE) {
        fmt_fail(err, err_size, _("Piskvork's board is %d to %d a side"), PISKWIRE_MIN_SIDE,
                 BOARD_MAX_SIDE);
        return NULL;
    }
    struct pisknet *p = pisknet_new(WIRE_HOST, o);
    if (p == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    p->settings = *s;
    p->have_settings = true;
    p->state = NETGAME_WAITING;
    p->listener = link_listen(o != NULL ? o->bind : NULL, o != NULL ? o->port : PISKWIRE_PORT,
                              err, err_size);
    if (p->listener == NULL) {
        free(p);
        return NULL;
    }
    p->port = link_listener_port(p->listener);
    return p;
}

struct pisknet *pisknet_join(const char *address, const struct pisknet_options *o, char *err,
                             size_t err_size)
{
    struct pisknet *p = pisknet_new(WIRE_JOINER, o);
    if (p == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    p->state = NETGAME_CONNECTING;
    p->conn = piskconn_connect(address, &p->opt.conn, err, err_size);
    if (p->conn == NULL) {
        free(p);
        return NULL;
    }
    return p;
}

void pisknet_free(struct pisknet *p)
{
    if (p == NULL)
        return;
    piskconn_free(p->conn);
    link_listener_free(p->listener);
    free(p);
}

void pisknet_close(struct pisknet *p)
{
    if (p == NULL)
        return;
    piskconn_close(p->conn);
    p->conn = NULL;
    pisknet_free(p);
}

/* ---- this side's actions ---- */

static enum netgame_error not_now(struct pisknet *p, const char *why)
{
    return refuse(p, NETGAME_ERR_NOT_NOW, why);
}

enum netgame_error pisknet_accept(struct pisknet *p)
{
    if (p->side != WIRE_JOINER || p->state != NETGAME_SETTINGS || p->have_game)
        return not_now(p, _("there are no settings to answer"));
    if (!send_code(p, PISKWIRE_INFO_OK))
        return NETGAME_ERR_LINK; /* p->why says why */
    start_game(p, p->settings.black);
    return NETGAME_OK;
}

enum netgame_error pisknet_decline(struct pisknet *p, const char *reason)
{
    (void)reason; /* Piskvork's protocol has no word for it */
    if (p->side != WIRE_JOINER || p->state != NETGAME_SETTINGS || p->have_game)
        return not_now(p, _("there are no settings to answer"));
    send_code(p, PISKWIRE_END);
    end_session(p, _("you declined the game"));
    return NETGAME_OK;
}

bool pisknet_my_turn(const struct pisknet *p)
{
    /* Not before the events that lead up to the turn are out. */
    return p->ev_count == 0 && p->state == NETGAME_PLAYING && p->have_game && !game_over(&p->game) &&
           p->mine == 0 && to_move(p) == p->side;
}

enum netgame_error pisknet_move(struct pisknet *p, int pos, int spent_ms)
{
    if (p->state != NETGAME_PLAYING || !p->have_game)
        return refuse(p, NETGAME_ERR_LINK, _("the game has not begun"));
    struct game *g = &p->game;
    if (game_over(g))
        return not_now(p, _("the game is over"));
    if (p->mine != 0)
        return not_now(p, _("your request waits for an answer"));
    if (to_move(p) != p->side)
        return not_now(p, _("it is not your turn"));
    int x = board_x(&g->board, pos), y = board_y(&g->board, pos);
    enum game_error e = game_play_timed(g, pos, spent_ms < 0 ? 0 : spent_ms);
    if (e != GAME_OK)
        return refuse(p, NETGAME_ERR_ILLEGAL,
                      e == GAME_ERR_FORBIDDEN ? _("that point is forbidden to Black")
                      : e == GAME_ERR_OCCUPIED ? _("that cell is taken")
                                               : _("that is no cell of the board"));
    struct piskwire_msg m = {.type = PISKWIRE_MOVE};
    m.move.x = x;
    m.move.y = y;
    m.move.time_ms = spent_ms < 0 ? 0 : spent_ms;
    send_msg(p, &m);
    after_move(p);
    return NETGAME_OK;
}

enum netgame_error pisknet_ask(struct pisknet *p, enum netgame_ask ask)
{
    if (p->state != NETGAME_PLAYING || !p->have_game)
        return refuse(p, NETGAME_ERR_LINK, _("the game has not begun"));
    if (ask != NETGAME_ASK_TAKEBACK && ask != NETGAME_ASK_REMATCH)
        return not_now(p, _("Piskvork's network game has no draw offers"));
    if (ask == NETGAME_ASK_REMATCH && game_over(&p->game)) {
        start_game(p, to_move(p)); /* the next game: Piskvork's side follows */
        return NETGAME_OK;
    }
    if (p->mine != 0 || p->theirs != 0)
        return not_now(p, _("a request waits for an answer"));
    if (piskconn_peer_version(p->conn) < 2)
        return not_now(p, _("the other player's Piskvork is too old for requests"));
    struct piskwire_msg m = {.type = PISKWIRE_NEW_REQUEST};
    if (ask == NETGAME_ASK_TAKEBACK) {
        if (p->foul)
            return not_now(p, _("a game lost on a foul cannot be taken back here"));
        int keep = p->game.ply - 1 - (to_move(p) == p->side ? 1 : 0);
        if (keep <= 0)
            return not_now(p, _("there is no move of yours to take back"));
        m.type = PISKWIRE_UNDO_REQUEST;
        m.keep = keep;
        p->mine = keep;
    } else {
        if (p->game.ply == 0)
            return not_now(p, _("the game has no move yet"));
        p->mine = -1;
    }
    send_msg(p, &m);
    return NETGAME_OK;
}

enum netgame_error pisknet_answer(struct pisknet *p, bool yes)
{
    if (p->theirs == 0)
        return not_now(p, _("nothing was asked"));
    int keep = p->theirs;
    p->theirs = 0;
    if (keep > 0) {
        send_code(p, yes ? PISKWIRE_UNDO_YES : PISKWIRE_UNDO_NO);
        if (yes)
            undo_to(p, keep);
    } else {
        send_code(p, yes ? PISKWIRE_NEW_YES : PISKWIRE_NEW_NO);
        if (yes)
            start_game(p, to_move(p));
    }
    return NETGAME_OK;
}

enum netgame_error pisknet_chat(struct pisknet *p, const char *text)
{
    if (p->conn == NULL || p->state == NETGAME_CONNECTING || p->state == NETGAME_WAITING)
        return refuse(p, NETGAME_ERR_LINK, _("no one is connected"));
    size_t len = strlen(text);
    if (len == 0 || len > WIRE_CHAT_MAX || !wire_text_check(text, len, NULL, 0))
        return refuse(p, NETGAME_ERR_TEXT, _("a chat line is 1 to 400 bytes of printable text"));
    struct piskwire_msg m = {.type = PISKWIRE_MSG};
    memcpy(m.chat.text, text, len + 1);
    send_msg(p, &m);
    return NETGAME_OK;
}

/* ---- what it is ---- */

const char *pisknet_why(const struct pisknet *p)
{
    return p->why;
}

enum netgame_state pisknet_state(const struct pisknet *p)
{
    return p->state;
}

enum wire_side pisknet_side(const struct pisknet *p)
{
    return p->side;
}

const struct netgame_settings *pisknet_settings(const struct pisknet *p)
{
    return p->have_settings ? &p->settings : NULL;
}

const struct game *pisknet_game(const struct pisknet *p)
{
    return p->have_game ? &p->game : NULL;
}

enum stone pisknet_seat(const struct pisknet *p, enum wire_side side)
{
    if (!p->have_game)
        return STONE_NONE;
    return side == p->black ? STONE_BLACK : STONE_WHITE;
}

enum netgame_ask pisknet_asked(const struct pisknet *p)
{
    return p->theirs > 0 ? NETGAME_ASK_TAKEBACK : p->theirs < 0 ? NETGAME_ASK_REMATCH
                                                                : NETGAME_ASK_NONE;
}

int pisknet_elapsed_ms(const struct pisknet *p)
{
    int64_t t = clock_ms() - p->turn_start_ms;
    return t < 0 ? 0 : t > INT32_MAX ? INT32_MAX : (int)t;
}

int pisknet_port(const struct pisknet *p)
{
    return p->port;
}
