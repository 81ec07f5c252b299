/* lobby.c — a player's side of a server's lobby; see lobby.h. */
#include "play/lobby.h"

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "play/server.h"
#include "storage/safefile.h"
#include "util/fmt.h"

/* What the request waiting asked, which says what answers it. */
enum lobby_asked { ASKED_NONE, ASKED_NAME, ASKED_LIST, ASKED_SEAT, ASKED_WATCH };

struct lobby {
    enum lobby_state state;
    enum lobby_asked asked;
    int64_t deadline_ms;             /* the answer's, while one is asked */
    struct link *link;
    char address[LINK_ADDRESS_MAX + 8];
    char name[WIRE_NAME_MAX];
    char known[1024];                /* as long as a netgame takes */
    char why[LOBBY_WHY_MAX];
    char fingerprint[LINK_FINGERPRINT_SIZE];
    bool pinned_now;
    struct wire_seat seat;
    /* The list as it comes: `incoming` GAME lines so far (past
     * LOBBY_GAMES_MAX only counted), `games` the last whole one. */
    struct wire_game *incoming, *games;
    int n_incoming, n_games, total;
    struct lobby_watch *watch;
};

static void lobby_set_why(struct lobby *lb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void lobby_set_why(struct lobby *lb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lb->why, sizeof lb->why, fmt, ap);
    va_end(ap);
}

bool lobby_server_address(const char *address, char *out, size_t size, char *err,
                          size_t err_size)
{
    char host[LINK_ADDRESS_MAX];
    int port;
    if (!link_split_address(address, SERVER_DEFAULT_PORT, host, sizeof host, &port, err,
                            err_size))
        return false;
    snprintf(out, size, strchr(host, ':') != NULL ? "[%s]:%d" : "%s:%d", host, port);
    return true;
}

struct lobby *lobby_connect(const char *address, const char *name, const char *known_file,
                            char *err, size_t err_size)
{
    char full[LINK_ADDRESS_MAX + 8];
    if (!lobby_server_address(address, full, sizeof full, err, err_size) ||
        !wire_name_check(name, err, err_size))
        return NULL;
    if (strlen(known_file) >= sizeof ((struct lobby *)0)->known) {
        fmt_fail(err, err_size, "%s", _("the path of the known servers' file is too long"));
        return NULL;
    }
    struct lobby *lb = calloc(1, sizeof *lb);
    struct wire_game *a = calloc(LOBBY_GAMES_MAX, sizeof *a);
    struct wire_game *b = calloc(LOBBY_GAMES_MAX, sizeof *b);
    if (lb == NULL || a == NULL || b == NULL) {
        free(lb), free(a), free(b);
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    lb->incoming = a, lb->games = b;
    snprintf(lb->address, sizeof lb->address, "%s", full);
    snprintf(lb->name, sizeof lb->name, "%s", name);
    snprintf(lb->known, sizeof lb->known, "%s", known_file);
    char probe[sizeof lb->known];
    snprintf(probe, sizeof probe, "%s", known_file);
    if (!safefile_make_parents(probe, err, err_size)) {
        lobby_free(lb);
        return NULL;
    }
    struct link_config c = {.known_file = lb->known};
    lb->link = link_connect(lb->address, &c, err, err_size);
    if (lb->link == NULL) {
        lobby_free(lb);
        return NULL;
    }
    struct wire_msg m = {.type = WIRE_NAME};
    snprintf(m.name, sizeof m.name, "%s", name);
    link_send(lb->link, &m, err, err_size);
    lb->state = LOBBY_CONNECTING;
    lb->asked = ASKED_NAME;
    lb->deadline_ms = clock_ms() + LINK_TIMEOUT_MS + LOBBY_WAIT_MS;
    return lb;
}

void lobby_free(struct lobby *lb)
{
    if (lb == NULL)
        return;
    link_free(lb->link);
    free(lb->incoming);
    free(lb->games);
    free(lb->watch);
    free(lb);
}

void lobby_close(struct lobby *lb)
{
    if (lb == NULL)
        return;
    if (lb->link != NULL)
        link_close(lb->link);
    lb->link = NULL;
    lobby_free(lb);
}

int lobby_fd(const struct lobby *lb)
{
    return lb->link != NULL && lb->state != LOBBY_SEATED ? link_fd(lb->link) : -1;
}

short lobby_events(const struct lobby *lb)
{
    return lb->link != NULL ? link_events(lb->link) : 0;
}

int lobby_timeout_ms(const struct lobby *lb)
{
    if (lb->link == NULL || lb->state == LOBBY_SEATED || lb->state == LOBBY_ENDED)
        return -1;
    int t = link_timeout_ms(lb->link);
    if (lb->asked != ASKED_NONE) {
        int64_t left = lb->deadline_ms - clock_ms();
        int d = left < 0 ? 0 : left > 600000 ? 600000 : (int)left;
        t = t < 0 || d < t ? d : t;
    }
    return t;
}

/* The lobby is over: why in the event and in lb->why. */
static bool ended(struct lobby *lb, struct lobby_event *ev)
{
    lb->state = LOBBY_ENDED;
    lb->asked = ASKED_NONE;
    link_free(lb->link);
    lb->link = NULL;
    ev->kind = LOBBY_EV_ENDED;
    snprintf(ev->text, sizeof ev->text, "%s", lb->why);
    return true;
}

static bool answered(struct lobby *lb, enum lobby_state now, struct lobby_event *ev,
                     enum lobby_event_kind kind)
{
    lb->state = now;
    lb->asked = ASKED_NONE;
    ev->kind = kind;
    return true;
}

/* RESULT on the watched game: its end, when no move made it. */
static void watch_result(struct game *g, const struct wire_result *r)
{
    if (game_over(g))
        return;
    enum stone loser = r->outcome == OUTCOME_BLACK_WINS ? STONE_WHITE : STONE_BLACK;
    if (r->reason == END_TIME)
        game_flag(g, loser);
    else if (r->reason == END_FORFEIT || r->reason == END_RESIGN)
        game_concede(g, loser, r->reason);
    else if (r->reason == END_AGREED)
        game_agree_draw(g);
}

/* A spectator's message: true with an event. */
static bool watched(struct lobby *lb, const struct wire_msg *m, struct lobby_event *ev)
{
    struct lobby_watch *w = lb->watch;
    struct game *g = &w->game;
    switch (m->type) {
    case WIRE_WATCHING:   /* again once the second player sat down */
        snprintf(w->host, sizeof w->host, "%s", m->game.host);
        snprintf(w->joiner, sizeof w->joiner, "%s", m->game.joiner);
        ev->kind = LOBBY_EV_WATCHING;
        return true;
    case WIRE_SETTINGS: {
        struct netgame_settings st;
        char why[NETGAME_WHY_MAX];
        if (!netgame_settings_of(&m->settings, &st, why, sizeof why)) {
            lobby_set_why(lb, "%s", why);
            return ended(lb, ev);
        }
        struct game_config c;
        game_config_default(&c);
        c.width = st.width, c.height = st.height, c.win = st.win, c.rule = st.rule;
        c.opening = st.opening, c.tc = st.tc;
        w->settings = m->settings;
        w->has_game = game_init(g, &c) == NULL;
        w->last_ms = clock_ms();
        ev->kind = LOBBY_EV_SETTINGS;
        return true;
    }
    case WIRE_CHOICE:
        if (!w->has_game || game_choose(g, m->choice.choice) != GAME_OK)
            return false;
        w->last_ms = clock_ms();
        ev->kind = LOBBY_EV_CHOICE;
        ev->ply = m->choice.ply;
        return true;
    case WIRE_MOVE: {
        if (!w->has_game || m->move.x >= g->board.width || m->move.y >= g->board.height)
            return false;
        int pos = board_pos(&g->board, m->move.x, m->move.y);
        if (game_play_timed(g, pos, (int)m->move.spent_ms) != GAME_OK)
            return false;
        w->last_ms = clock_ms();
        ev->kind = LOBBY_EV_MOVE;
        ev->ply = g->ply;
        ev->spent_ms = m->move.spent_ms;
        return true;
    }
    case WIRE_UNDO:
        while (w->has_game && g->ply > m->undo && game_undo(g))
            ;
        w->last_ms = clock_ms();
        ev->kind = LOBBY_EV_UNDO;
        ev->ply = m->undo;
        return true;
    case WIRE_RESULT:
        if (w->has_game)
            watch_result(g, &m->result);
        ev->kind = LOBBY_EV_RESULT;
        ev->ply = m->result.ply;
        return true;
    default:
        return false;
    }
}

/* One message from the server: true with an event. */
static bool handle(struct lobby *lb, const struct wire_msg *m, struct lobby_event *ev)
{
    if (m->type == WIRE_ERROR) {
        lobby_set_why(lb, _("the server says: %s"), m->text);
        return ended(lb, ev);
    }
    switch (lb->asked) {
    case ASKED_NAME:
        if (m->type == WIRE_REFUSED) {
            lobby_set_why(lb, _("the server refused: %s"), m->text);
            return ended(lb, ev);
        }
        snprintf(lb->fingerprint, sizeof lb->fingerprint, "%s",
                 link_peer_fingerprint(lb->link));
        lb->pinned_now = link_peer_pinned_now(lb->link);
        return answered(lb, LOBBY_IN, ev, LOBBY_EV_WELCOME);
    case ASKED_LIST:
        if (m->type == WIRE_GAME) {
            if (lb->n_incoming < LOBBY_GAMES_MAX)
                lb->incoming[lb->n_incoming++] = m->game;
            return false;
        }
        if (m->type == WIRE_REFUSED) {
            snprintf(ev->text, sizeof ev->text, "%s", m->text);
            return answered(lb, LOBBY_IN, ev, LOBBY_EV_REFUSED);
        }
        if (m->type != WIRE_LISTED)
            return false;
        struct wire_game *t = lb->games;
        lb->games = lb->incoming, lb->incoming = t;
        lb->n_games = lb->n_incoming;
        lb->total = m->count;
        return answered(lb, LOBBY_IN, ev, LOBBY_EV_LISTED);
    case ASKED_SEAT:
        if (m->type == WIRE_SEAT) {
            lb->seat = m->seat;
            ev->seat = m->seat;
            return answered(lb, LOBBY_SEATED, ev, LOBBY_EV_SEAT);
        }
        /* Anything else is no seat: said as the refusal it is. */
        snprintf(ev->text, sizeof ev->text, "%s",
                 m->type == WIRE_REFUSED ? m->text : wire_type_name(m->type));
        return answered(lb, LOBBY_IN, ev, LOBBY_EV_REFUSED);
    case ASKED_WATCH:
        if (m->type == WIRE_REFUSED) {
            snprintf(ev->text, sizeof ev->text, "%s", m->text);
            return answered(lb, LOBBY_IN, ev, LOBBY_EV_REFUSED);
        }
        if (m->type != WIRE_WATCHING)
            return false;
        lb->watch->number = m->game.game;
        snprintf(lb->watch->host, sizeof lb->watch->host, "%s", m->game.host);
        snprintf(lb->watch->joiner, sizeof lb->watch->joiner, "%s", m->game.joiner);
        return answered(lb, LOBBY_WATCHING, ev, LOBBY_EV_WATCHING);
    case ASKED_NONE:
        return lb->state == LOBBY_WATCHING && watched(lb, m, ev);
    }
    return false;
}

bool lobby_poll(struct lobby *lb, struct lobby_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (lb->link == NULL || lb->state == LOBBY_SEATED || lb->state == LOBBY_ENDED)
        return false;
    for (;;) {
        struct wire_msg m;
        switch (link_poll(lb->link, &m)) {
        case LINK_IDLE:
            if (lb->asked != ASKED_NONE && clock_ms() >= lb->deadline_ms) {
                lobby_set_why(lb, "%s", _("the server did not answer in time"));
                return ended(lb, ev);
            }
            return false;
        case LINK_READY:
            continue;
        case LINK_MESSAGE:
            if (handle(lb, &m, ev))
                return true;
            continue;
        default:
            lobby_set_why(lb, "%s",
                          link_error(lb->link)[0] != '\0' ? link_error(lb->link)
                                                          : _("the server left"));
            return ended(lb, ev);
        }
    }
}

bool lobby_wait(struct lobby *lb, struct lobby_event *ev, int timeout_ms)
{
    int64_t until = clock_ms() + timeout_ms;
    for (;;) {
        if (lobby_poll(lb, ev))
            return true;
        int fd = lobby_fd(lb);
        int64_t left = until - clock_ms();
        if (fd < 0 || left <= 0)
            return false;
        int t = lobby_timeout_ms(lb);
        if (t < 0 || t > left)
            t = (int)left;
        struct pollfd p = {.fd = fd, .events = lobby_events(lb)};
        poll(&p, 1, t);
    }
}

/* Sends a request, in the lobby only. */
static bool ask(struct lobby *lb, const struct wire_msg *m, enum lobby_asked what, char *err,
                size_t err_size)
{
    if (lb->state != LOBBY_IN) {
        fmt_fail(err, err_size, "%s",
                 lb->state == LOBBY_ASKED ? _("the server has not answered yet")
                                          : _("not in the server's lobby"));
        return false;
    }
    if (!link_send(lb->link, m, err, err_size))
        return false;
    lb->state = LOBBY_ASKED;
    lb->asked = what;
    lb->deadline_ms = clock_ms() + LOBBY_WAIT_MS;
    return true;
}

bool lobby_list(struct lobby *lb, char *err, size_t err_size)
{
    lb->n_incoming = 0;
    return ask(lb, &(struct wire_msg){.type = WIRE_LIST}, ASKED_LIST, err, err_size);
}

bool lobby_create(struct lobby *lb, const struct netgame_settings *s, char *err,
                  size_t err_size)
{
    struct wire_msg m = {.type = WIRE_CREATE};
    netgame_settings_wire(s, &m.settings);
    return ask(lb, &m, ASKED_SEAT, err, err_size);
}

bool lobby_join(struct lobby *lb, int game, char *err, size_t err_size)
{
    return ask(lb, &(struct wire_msg){.type = WIRE_JOIN, .seat = {.game = game}}, ASKED_SEAT,
               err, err_size);
}

bool lobby_watch(struct lobby *lb, int game, char *err, size_t err_size)
{
    if (lb->watch == NULL && (lb->watch = calloc(1, sizeof *lb->watch)) == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return false;
    }
    memset(lb->watch, 0, sizeof *lb->watch);
    return ask(lb, &(struct wire_msg){.type = WIRE_WATCH, .seat = {.game = game}}, ASKED_WATCH,
               err, err_size);
}

struct netgame *lobby_take_seat(struct lobby *lb, const struct netgame_options *o, char *err,
                                size_t err_size)
{
    if (lb->state != LOBBY_SEATED || lb->link == NULL) {
        fmt_fail(err, err_size, "%s", _("there is no seat to take"));
        return NULL;
    }
    struct link *l = lb->link;
    lb->link = NULL;
    lb->state = LOBBY_ENDED;
    lb->why[0] = '\0';
    return netgame_join_seat(l, lb->address, lb->known, &lb->seat, o, err, err_size);
}

enum lobby_state lobby_state(const struct lobby *lb) { return lb->state; }
const char *lobby_why(const struct lobby *lb) { return lb->why; }
const char *lobby_address(const struct lobby *lb) { return lb->address; }
const char *lobby_name(const struct lobby *lb) { return lb->name; }
const char *lobby_fingerprint(const struct lobby *lb) { return lb->fingerprint; }
bool lobby_pinned_now(const struct lobby *lb) { return lb->pinned_now; }

const struct wire_game *lobby_games(const struct lobby *lb, int *count, int *total)
{
    *count = lb->n_games;
    *total = lb->total;
    return lb->games;
}

const struct lobby_watch *lobby_watched(const struct lobby *lb)
{
    return lb->state == LOBBY_WATCHING || (lb->watch != NULL && lb->watch->number > 0)
               ? lb->watch
               : NULL;
}

const char *lobby_state_word(enum wire_game_state s)
{
    return s == WIRE_GAME_OPEN ? "open" : s == WIRE_GAME_PLAYING ? "playing" : "over";
}
