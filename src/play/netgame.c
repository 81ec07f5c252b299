/* netgame.c — a game over a link, the host as referee; see netgame.h. */
#include "play/netgame.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "mnk/opening.h"
#include "util/fmt.h"

#define EVENTS_MAX 32
#define EVENTS_RESERVE 4 /* room one message's events need at most */
#define ACTIONS_MAX 8    /* the joiner's actions in flight, at most */

struct netgame {
    enum wire_side side;
    enum netgame_state state;
    struct netgame_settings settings;
    bool have_settings;
    struct game game;
    bool have_game;

    /* Requests. A draw or takeback (of either seat) lives in `offer`; the
     * joiner that said yes to the host's keeps it there, with said_yes,
     * until the host's RESULT or UNDO. A rematch is asked by a side. */
    struct offer offer;
    bool said_yes;
    bool rematch[2]; /* asked by [enum wire_side] */
    bool resigned;   /* joiner: RESIGN sent */
    bool over_said;  /* NETGAME_EV_OVER given for this end */

    /* Joiner: the actions the host acknowledged (or made): the history up
     * to acked_ply moves and acked_choices choices; those after are in
     * flight. */
    int acked_ply, acked_choices;

    /* The link's resume: until `synced`, no move is made on either side. */
    bool synced;
    bool restarted; /* host: from a kept game, no resume since */
    int peer_acked; /* host: what the joiner's RESUME said */

    struct link_listener *listener;
    struct link *link;
    bool link_open; /* `link` said READY */
    struct link *pending[NETGAME_PENDING_MAX];
    struct joincode_key key;
    bool have_key;
    char code[JOINCODE_SIZE];
    char address[LINK_ADDRESS_MAX + 8]; /* joiner: the host's, as given */
    char kept_id[JOINCODE_ID_SIZE];     /* joiner resuming: the game's id */
    int port;

    /* The current turn's time on this side, link-up time only. */
    int64_t turn_base_ms, turn_start_ms;
    bool turn_running;
    int64_t dropped_ms, retry_at_ms;
    bool abandoned_said;

    int ping_ms, silent_ms, reconnect_ms, retry_ms;

    /* A server's: the host's seat is another player's, whose thinking time
     * and flag another netgame judges (netgame_serve). */
    bool relay;
    char peer_name[WIRE_NAME_MAX]; /* the other player's, "" when unknown */
    char own_name[WIRE_NAME_MAX];  /* this side's, said on each link; "" none */

    /* A server's player (netgame_join_seat): the seat to come back to, and
     * the file of servers' keys to check the server's against. */
    bool seated;
    struct wire_seat seat;
    char known_file[1024];

    struct netgame_event events[EVENTS_MAX];
    int ev_head, ev_count;
    char why[NETGAME_WHY_MAX];
};

/* ---- small things ---- */

static enum wire_side other_side(enum wire_side s)
{
    return s == WIRE_HOST ? WIRE_JOINER : WIRE_HOST;
}

void netgame_default_name(char *buf, size_t size)
{
    const char *user = getenv("USER");
    snprintf(buf, size, "%s",
             user != NULL && wire_name_check(user, NULL, 0) ? user : "player");
}

const char *netgame_side_name(enum wire_side side)
{
    return side == WIRE_HOST ? "host" : "joiner";
}

const char *netgame_ask_name(enum netgame_ask ask)
{
    static const char *const names[] = {"none", "draw", "takeback", "rematch"};
    return (unsigned)ask < 4 ? names[ask] : "?";
}

static enum wire_ask wire_of_ask(enum netgame_ask a)
{
    return a == NETGAME_ASK_DRAW       ? WIRE_ASK_DRAW
           : a == NETGAME_ASK_TAKEBACK ? WIRE_ASK_TAKEBACK
                                       : WIRE_ASK_REMATCH;
}

static enum netgame_ask ask_of_offer(enum offer_kind k)
{
    return k == OFFER_DRAW ? NETGAME_ASK_DRAW : NETGAME_ASK_TAKEBACK;
}

static bool is_host(const struct netgame *ng)
{
    return ng->side == WIRE_HOST;
}

__attribute__((format(printf, 2, 3))) static enum netgame_error refuse(struct netgame *ng,
                                                                       const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ng->why, sizeof ng->why, fmt, ap);
    va_end(ap);
    return NETGAME_ERR_NOT_NOW;
}

/* Copies text that came from the network or from a sentence into an
 * event's field, keeping only what may be drawn. */
static void safe_copy(char *dst, size_t size, const char *src)
{
    size_t len = strlen(src);
    if (len >= size) {
        len = size - 1; /* cut at a character's start, not inside one */
        while (len > 0 && ((unsigned char)src[len] & 0xc0) == 0x80)
            len--;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
    char why[96];
    if (!wire_text_check(dst, len, why, sizeof why)) {
        for (size_t i = 0; i < len; i++)
            if ((unsigned char)dst[i] < 0x20 || (unsigned char)dst[i] >= 0x7f)
                dst[i] = '?';
    }
}

static void push(struct netgame *ng, enum netgame_event_kind kind, int ply, const char *text)
{
    if (ng->ev_count == EVENTS_MAX)
        return; /* cannot happen: messages wait while the queue is short */
    struct netgame_event *e = &ng->events[(ng->ev_head + ng->ev_count++) % EVENTS_MAX];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->ply = ply;
    if (text != NULL)
        safe_copy(e->text, sizeof e->text, text);
}

static void push_ask(struct netgame *ng, enum netgame_event_kind kind, enum netgame_ask ask,
                     bool yes)
{
    push(ng, kind, ng->have_game ? ng->game.ply : 0, NULL);
    struct netgame_event *e = &ng->events[(ng->ev_head + ng->ev_count - 1) % EVENTS_MAX];
    e->ask = ask;
    e->yes = yes;
}

/* ---- the turn's time ---- */

static int64_t turn_elapsed(const struct netgame *ng)
{
    return ng->turn_base_ms + (ng->turn_running ? clock_ms() - ng->turn_start_ms : 0);
}

static void turn_restart(struct netgame *ng)
{
    ng->turn_base_ms = 0;
    ng->turn_start_ms = clock_ms();
    ng->turn_running = true;
}

static void turn_pause(struct netgame *ng)
{
    ng->turn_base_ms = turn_elapsed(ng);
    ng->turn_running = false;
}

static void turn_go_on(struct netgame *ng)
{
    ng->turn_start_ms = clock_ms();
    ng->turn_running = true;
}

int netgame_elapsed_ms(const struct netgame *ng)
{
    int64_t e = turn_elapsed(ng);
    return e > GAMECLOCK_MS_MAX ? GAMECLOCK_MS_MAX : (int)e;
}

/* The allowance for the link's delay (netgame.h). */
static int64_t allowance(const struct netgame *ng)
{
    int rtt = ng->link != NULL ? link_rtt_ms(ng->link) : -1;
    if (rtt < 0)
        return NETGAME_LAG_MAX_MS;
    int64_t a = (int64_t)rtt + NETGAME_LAG_SLACK_MS;
    return a < NETGAME_LAG_MAX_MS ? a : NETGAME_LAG_MAX_MS;
}

/* ---- seats and the history ---- */

enum stone netgame_seat(const struct netgame *ng, enum wire_side side)
{
    if (!ng->have_game)
        return STONE_NONE;
    enum stone first = game_first_seat(&ng->game);
    return side == ng->settings.black ? first : stone_other(first);
}

/* The clock of `seat` after moves[0 .. ply): after its last move before
 * ply, or its start (game.h's invariant). */
static struct gameclock_side clock_at(const struct game *g, enum stone seat, int ply)
{
    for (int i = ply - 1; i >= 0; i--)
        if (g->timing[i].seat == seat)
            return g->timing[i].clock;
    return gameclock_start(&g->config.tc);
}

static int64_t shown_at(const struct game *g, enum stone seat, int ply)
{
    struct gameclock_side c = clock_at(g, seat, ply);
    int ms = gameclock_shown_ms(&g->config.tc, &c);
    return ms < 0 ? WIRE_NO_CLOCK : ms;
}

/* The MOVE of moves[i], with the time charged and both clocks after it. */
static struct wire_msg move_msg(const struct game *g, int i)
{
    struct wire_msg m = {.type = WIRE_MOVE};
    m.move.ply = i + 1;
    m.move.x = board_x(&g->board, g->moves[i]);
    m.move.y = board_y(&g->board, g->moves[i]);
    m.move.spent_ms = g->timing[i].spent_ms;
    m.move.black_ms = shown_at(g, STONE_BLACK, i + 1);
    m.move.white_ms = shown_at(g, STONE_WHITE, i + 1);
    return m;
}

/* The index of the choice made with `ply` stones on the board, or -1. */
static int choice_index(int ply)
{
    for (int c = 0; c < OPENING_CHOICES_MAX; c++)
        if (opening_choice_ply(c) == ply)
            return c;
    return -1;
}

/* The choices made before moves[i]: with at most i stones on the board. */
static int choices_before(const struct game *g, int i)
{
    int n = 0;
    while (n < g->choices && opening_choice_ply(n) <= i)
        n++;
    return n;
}

/* Whether the last thing in the history is a choice (made with the stones
 * there are now), rather than a move. */
static bool last_is_choice(const struct game *g)
{
    return g->choices > 0 && opening_choice_ply(g->choices - 1) == g->ply;
}

/* ---- sending ---- */

static bool send(struct netgame *ng, const struct wire_msg *m)
{
    char err[256];
    if (ng->link == NULL)
        return false;
    return link_send(ng->link, m, err, sizeof err); /* a failure shows at the next poll */
}

/* Sends the history from `ply` stones on: the choices made then, and every
 * move after. */
static void send_history(struct netgame *ng, int ply)
{
    const struct game *g = &ng->game;
    for (int i = ply; i <= g->ply; i++) {
        int c = choice_index(i);
        if (c >= 0 && c < g->choices) {
            struct wire_msg m = {.type = WIRE_CHOICE};
            m.choice = (struct wire_choice){i, (enum opening_choice)g->choice[c]};
            send(ng, &m);
        }
        if (i < g->ply) {
            struct wire_msg m = move_msg(g, i);
            send(ng, &m);
        }
    }
}

static void send_result(struct netgame *ng)
{
    struct wire_msg m = {.type = WIRE_RESULT};
    m.result = (struct wire_result){ng->game.ply, ng->game.result.outcome, ng->game.result.reason};
    send(ng, &m);
}

/* Whether the game ended in a way no move shows (the host says RESULT). */
static bool over_without_move(const struct game *g)
{
    enum end_reason r = g->result.reason;
    return game_over(g) &&
           (r == END_FORFEIT || r == END_RESIGN || r == END_AGREED || r == END_TIME);
}

/* Says NETGAME_EV_OVER once for an end this side is sure of: the host's
 * every end, the joiner's once the host has acknowledged all it did. */
static void check_over(struct netgame *ng)
{
    const struct game *g = &ng->game;
    if (!game_over(g)) {
        ng->over_said = false;
        return;
    }
    if (ng->over_said)
        return;
    if (!is_host(ng) && (g->ply > ng->acked_ply || g->choices > ng->acked_choices))
        return;
    ng->over_said = true;
    offer_clear(&ng->offer);
    ng->said_yes = false;
    push(ng, NETGAME_EV_OVER, g->ply, NULL);
}

/* The joiner: everything is acknowledged up to the game as it is. */
static void all_acked(struct netgame *ng)
{
    ng->acked_ply = ng->game.ply;
    ng->acked_choices = ng->game.choices;
}

/* ---- ending links ---- */

static void free_link(struct netgame *ng)
{
    link_free(ng->link);
    ng->link = NULL;
    ng->link_open = false;
}

/* Forgets what only made sense on the link that was lost. */
static void forget_requests(struct netgame *ng)
{
    offer_clear(&ng->offer);
    ng->said_yes = false;
    ng->rematch[0] = ng->rematch[1] = false;
}

/* The link was lost (how: `text`): with a game, wait for it to come back;
 * without, the host waits for the next peer and the joiner is done. */
static void dropped(struct netgame *ng, const char *text)
{
    free_link(ng);
    ng->synced = false;
    if (!ng->have_game) {
        if (is_host(ng)) {
            ng->state = NETGAME_WAITING;
            push(ng, NETGAME_EV_NOTICE, 0, text);
        } else {
            ng->state = NETGAME_ENDED;
            snprintf(ng->why, sizeof ng->why, "%s", text);
            push(ng, NETGAME_EV_ENDED, 0, text);
        }
        return;
    }
    if (ng->state != NETGAME_DROPPED) {
        ng->dropped_ms = clock_ms();
        ng->abandoned_said = false;
    }
    turn_pause(ng);
    forget_requests(ng);
    ng->state = NETGAME_DROPPED;
    ng->retry_at_ms = clock_ms();
    snprintf(ng->why, sizeof ng->why, "%s", text);
    push(ng, NETGAME_EV_DROPPED, ng->game.ply, text);
}

/* Ends the session: nothing more will happen. */
static void ended(struct netgame *ng, const char *text)
{
    if (ng->link != NULL) {
        link_close(ng->link);
        ng->link = NULL;
        ng->link_open = false;
    }
    if (ng->listener != NULL) {
        link_listener_free(ng->listener);
        ng->listener = NULL;
    }
    for (int i = 0; i < NETGAME_PENDING_MAX; i++) {
        link_free(ng->pending[i]);
        ng->pending[i] = NULL;
    }
    ng->state = NETGAME_ENDED;
    turn_pause(ng);
    snprintf(ng->why, sizeof ng->why, "%s", text);
    push(ng, NETGAME_EV_ENDED, ng->have_game ? ng->game.ply : 0, text);
}

/* The other side broke the rules, or disagrees with this side, or this
 * side with it: tells it (ERROR, in English, the protocol's language),
 * closes the link and keeps the game as it is. Without a game, the host
 * goes back to waiting and the joiner ends. The sentence is formatted
 * twice: in English for the wire, in the player's language here. */
__attribute__((format(printf, 2, 3))) static void fault(struct netgame *ng, const char *fmt, ...)
{
    struct wire_msg e = {.type = WIRE_ERROR};
    char text[NETGAME_WHY_MAX];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    vsnprintf(text, sizeof text, _(fmt), again);
    va_end(again);
    va_end(ap);
    send(ng, &e);
    if (ng->link != NULL)
        link_close(ng->link);
    ng->link = NULL;
    ng->link_open = false;
    ng->synced = false;
    forget_requests(ng);
    if (!ng->have_game) {
        if (is_host(ng)) {
            ng->state = NETGAME_WAITING;
            push(ng, NETGAME_EV_NOTICE, 0, text);
        } else {
            ended(ng, text);
        }
        return;
    }
    turn_pause(ng);
    ng->state = NETGAME_STOPPED;
    snprintf(ng->why, sizeof ng->why, "%s", text);
    push(ng, NETGAME_EV_STOPPED, ng->game.ply, text);
}

/* The other side's ERROR: it closes the link after it. */
static void peer_error(struct netgame *ng, const char *text)
{
    char said[NETGAME_WHY_MAX];
    snprintf(said, sizeof said, _("the other side stopped the game: %s"), text);
    if (ng->link != NULL)
        link_close(ng->link);
    ng->link = NULL;
    ng->link_open = false;
    ng->synced = false;
    forget_requests(ng);
    if (!ng->have_game) {
        if (is_host(ng)) {
            ng->state = NETGAME_WAITING;
            push(ng, NETGAME_EV_NOTICE, 0, said);
        } else {
            ended(ng, said);
        }
        return;
    }
    turn_pause(ng);
    ng->state = NETGAME_STOPPED;
    snprintf(ng->why, sizeof ng->why, "%s", said);
    push(ng, NETGAME_EV_STOPPED, ng->game.ply, said);
}

/* ---- the game's start ---- */

static void config_of(const struct netgame_settings *s, struct game_config *c)
{
    game_config_default(c);
    c->width = s->width;
    c->height = s->height;
    c->win = s->win;
    c->rule = s->rule;
    c->opening = s->opening;
    c->tc = s->tc;
}

/* A new game under the settings; false (ng->why) when they are none. */
/* The players' names on the game's seats, for its records: the first
 * player (config.player[0]) is the side the settings make Black. A name not
 * known yet is "". */
static void name_seats(struct netgame *ng)
{
    if (!ng->have_game)
        return;
    for (int i = 0; i < 2; i++) {
        enum wire_side side = i == 0 ? ng->settings.black : other_side(ng->settings.black);
        struct player *p = &ng->game.config.player[i];
        snprintf(p->spec, sizeof p->spec, "%s",
                 side == ng->side ? ng->own_name : ng->peer_name);
    }
}

/* The other side said its name (NAME). */
static void peer_named(struct netgame *ng, const char *name)
{
    if (strcmp(ng->peer_name, name) == 0)
        return;
    snprintf(ng->peer_name, sizeof ng->peer_name, "%s", name);
    name_seats(ng);
    push(ng, NETGAME_EV_NAME, 0, name);
}

static bool start_game(struct netgame *ng)
{
    struct game_config c;
    config_of(&ng->settings, &c);
    const char *why = game_init(&ng->game, &c);
    if (why != NULL) {
        snprintf(ng->why, sizeof ng->why, "%s", _(why));
        return false;
    }
    ng->have_game = true;
    name_seats(ng);
    forget_requests(ng);
    ng->resigned = false;
    ng->over_said = false;
    all_acked(ng);
    turn_restart(ng);
    return true;
}

/* Both asked for a rematch or one said yes: the same settings, colours
 * swapped. */
static void rematch(struct netgame *ng)
{
    ng->settings.black = other_side(ng->settings.black);
    if (start_game(ng))
        push(ng, NETGAME_EV_STARTED, 0, NULL);
}

void netgame_settings_wire(const struct netgame_settings *s, struct wire_settings *w)
{
    *w = (struct wire_settings){s->width, s->height, s->win, s->rule, s->opening, s->black, ""};
    if (s->tc.kind == TC_NONE)
        snprintf(w->time_control, sizeof w->time_control, "-");
    else
        tc_format(&s->tc, w->time_control, sizeof w->time_control);
}

static struct wire_msg settings_msg(const struct netgame *ng)
{
    struct wire_msg m = {.type = WIRE_SETTINGS};
    netgame_settings_wire(&ng->settings, &m.settings);
    return m;
}

/* The settings a SETTINGS message says; false with the reason in why. */
bool netgame_settings_of(const struct wire_settings *w, struct netgame_settings *s, char *why,
                         size_t why_size)
{
    *s = (struct netgame_settings){w->width,   w->height, w->win,  w->rule,
                                   w->opening, tc_none(), w->black};
    if (strcmp(w->time_control, "-") != 0 && !tc_parse(w->time_control, &s->tc, why, why_size))
        return false;
    struct game_config c;
    config_of(s, &c);
    struct game probe;
    const char *bad = game_init(&probe, &c);
    if (bad != NULL)
        return fmt_fail(why, why_size, "%s", _(bad));
    return true;
}

static bool settings_equal(const struct netgame_settings *a, const struct netgame_settings *b)
{
    return a->width == b->width && a->height == b->height && a->win == b->win &&
           a->rule == b->rule && a->opening == b->opening && tc_equal(&a->tc, &b->tc) &&
           a->black == b->black;
}

/* ---- the joiner's actions in flight ---- */

struct action {
    bool choice;
    int pos, spent;           /* a move */
    enum opening_choice made; /* a choice */
};

/* Takes back the actions after the acknowledged history, oldest last in
 * out[]; their number, or -1 when there are more than ACTIONS_MAX. */
static int take_back_unacked(struct netgame *ng, struct action out[ACTIONS_MAX])
{
    struct game *g = &ng->game;
    int n = 0;
    while (g->ply > ng->acked_ply || g->choices > ng->acked_choices) {
        if (n == ACTIONS_MAX)
            return -1;
        if (game_over(g) && over_without_move(g)) {
            game_undo(g); /* only reopens */
            continue;
        }
        struct action *a = &out[n++];
        a->choice = last_is_choice(g);
        if (a->choice) {
            a->made = (enum opening_choice)g->choice[g->choices - 1];
        } else {
            a->pos = g->moves[g->ply - 1];
            a->spent = g->timing[g->ply - 1].spent_ms;
        }
        if (!game_undo(g))
            return -1;
    }
    return n;
}

/* Plays again actions taken back (out[n - 1] first); false when one does
 * not go. */
static bool replay(struct netgame *ng, const struct action a[], int n)
{
    for (int i = n - 1; i >= 0; i--) {
        enum game_error e = a[i].choice ? game_choose(&ng->game, a[i].made)
                                        : game_play_timed(&ng->game, a[i].pos, a[i].spent);
        if (e != GAME_OK)
            return false;
    }
    return true;
}

/* ---- the host's judgement of the joiner's actions ---- */

/* The time the host charges a joiner's move that says it took `spent`. */
static int charge(const struct netgame *ng, int64_t spent)
{
    int64_t floor = turn_elapsed(ng) - allowance(ng);
    int64_t c = spent > floor ? spent : floor;
    if (c < 0)
        c = 0;
    return c > GAMECLOCK_MS_MAX ? GAMECLOCK_MS_MAX : (int)c;
}

static const char *game_error_text(const struct game *g, int pos, enum game_error e)
{
    switch (e) {
    case GAME_ERR_OUTSIDE:
        return N_("not a cell of the board");
    case GAME_ERR_OCCUPIED:
        return N_("the cell holds a stone");
    case GAME_ERR_OVER:
        return N_("the game is over");
    case GAME_ERR_CHOOSE:
        return N_("the opening waits for a choice of colour");
    case GAME_ERR_NOT_NOW:
        return N_("the opening offers no such choice now");
    case GAME_ERR_FORBIDDEN:
        return forbid_text(game_forbidden(g, pos));
    case GAME_ERR_TIME:
        return N_("the time was up");
    case GAME_OK:
        break;
    }
    return "?";
}

/* Whether the MOVE's clocks are those of the game after its move. */
static bool clocks_agree(const struct game *g, const struct wire_move *m)
{
    return m->black_ms == shown_at(g, STONE_BLACK, m->ply) &&
           m->white_ms == shown_at(g, STONE_WHITE, m->ply);
}

static void host_move(struct netgame *ng, const struct wire_move *m)
{
    struct game *g = &ng->game;
    if (game_over(g))
        return; /* sent before it heard of the end: it takes it back */
    if (m->x >= g->board.width || m->y >= g->board.height) {
        fault(ng, N_("move %d is not on the board"), m->ply);
        return;
    }
    int pos = board_pos(&g->board, m->x, m->y);
    if (m->ply <= g->ply) {
        if (g->moves[m->ply - 1] != pos)
            fault(ng, N_("move %d differs from the one played here"), m->ply);
        return; /* known */
    }
    if (m->ply > g->ply + 1) {
        fault(ng, N_("move %d came out of order: %d moves are known here"), m->ply, g->ply);
        return;
    }
    bool history = m->ply <= ng->peer_acked;
    if (!history && game_actor(g) != netgame_seat(ng, WIRE_JOINER)) {
        fault(ng, N_("move %d was played out of turn"), m->ply);
        return;
    }
    int spent = history ? (int)(m->spent_ms > GAMECLOCK_MS_MAX ? GAMECLOCK_MS_MAX : m->spent_ms)
                        : charge(ng, m->spent_ms);
    enum game_error e = game_play_timed(g, pos, spent);
    if (e == GAME_ERR_TIME) {
        turn_pause(ng);
        send_result(ng);
        check_over(ng);
        return;
    }
    if (e != GAME_OK) {
        fault(ng, N_("move %d is not legal: %s"), m->ply, game_error_text(g, pos, e));
        return;
    }
    if (spent == m->spent_ms && !clocks_agree(g, m)) {
        game_undo(g);
        fault(ng, N_("the clocks after move %d differ from the ones here"), m->ply);
        return;
    }
    if (!history) {
        struct wire_msg ack = move_msg(g, g->ply - 1);
        send(ng, &ack);
    }
    turn_restart(ng);
    push(ng, NETGAME_EV_MOVE, g->ply, NULL);
    check_over(ng);
}

static void host_choice(struct netgame *ng, const struct wire_choice *c)
{
    struct game *g = &ng->game;
    if (game_over(g))
        return;
    int i = choice_index(c->ply);
    if (i < 0) {
        fault(ng, N_("no choice is made with %d stones on the board"), c->ply);
        return;
    }
    if (i < g->choices) {
        if (g->choice[i] != (unsigned char)c->choice)
            fault(ng, N_("the choice with %d stones differs from the one made here"), c->ply);
        return;
    }
    if (c->ply != g->ply) {
        fault(ng,
              N_("a choice with %d stones came out of order: %d moves are known "
                 "here"),
              c->ply, g->ply);
        return;
    }
    bool history = c->ply <= ng->peer_acked && ng->peer_acked > 0;
    if (!history && game_actor(g) != netgame_seat(ng, WIRE_JOINER)) {
        fault(ng, N_("the choice with %d stones was made out of turn"), c->ply);
        return;
    }
    if (game_choose(g, c->choice) != GAME_OK) {
        fault(ng, N_("the choice with %d stones is not one the opening offers"), c->ply);
        return;
    }
    if (!history) {
        struct wire_msg ack = {.type = WIRE_CHOICE, .choice = *c};
        send(ng, &ack);
    }
    turn_restart(ng);
    push(ng, NETGAME_EV_CHOICE, g->ply, NULL);
}

/* The host after a joiner's RESUME (or ACCEPT, for one that kept no game:
 * a = 0): what the joiner lacks, then RESUME with the host's plies; `news`
 * when that is worth an event (not for a game that only begins). */
static void host_resync(struct netgame *ng, int a, bool news)
{
    struct game *g = &ng->game;
    ng->peer_acked = 0;
    if (a > g->ply) {
        if (ng->restarted) {
            /* Its history beyond the kept game is taken, as far as a kill
             * between a change and its autosave can have lost. */
            ng->peer_acked = a < g->ply + NETGAME_REGAIN_MAX ? a : g->ply + NETGAME_REGAIN_MAX;
        } else {
            /* This process never loses a move: the joiner missed a takeback. */
            struct wire_msg u = {.type = WIRE_UNDO, .undo = g->ply};
            send(ng, &u);
        }
    } else {
        send_history(ng, a);
    }
    if (over_without_move(g))
        send_result(ng);
    struct wire_msg r = {.type = WIRE_RESUME, .resume = g->ply};
    send(ng, &r);
    ng->restarted = false;
    ng->synced = true;
    ng->state = NETGAME_PLAYING;
    turn_go_on(ng);
    if (news)
        push(ng, NETGAME_EV_RESUMED, g->ply, NULL);
}

static void host_offer(struct netgame *ng, const struct wire_offer *o)
{
    struct game *g = &ng->game;
    enum stone joiner = netgame_seat(ng, WIRE_JOINER);
    struct wire_msg no = {.type = WIRE_ANSWER, .offer = *o};
    no.offer.yes = false;
    if (o->ask == WIRE_ASK_REMATCH) {
        if (!game_over(g)) {
            send(ng, &no);
            return;
        }
        ng->rematch[WIRE_JOINER] = true;
        if (ng->rematch[WIRE_HOST]) {
            rematch(ng);
            return;
        } /* both asked */
        push_ask(ng, NETGAME_EV_OFFER, NETGAME_ASK_REMATCH, false);
        return;
    }
    if (game_over(g) || o->ply != g->ply)
        return; /* stale: the joiner sees so when the move that made it so comes */
    enum offer_kind kind = o->ask == WIRE_ASK_DRAW ? OFFER_DRAW : OFFER_TAKEBACK;
    if (offer_make(&ng->offer, g, kind, joiner) != OFFER_OK) {
        send(ng, &no); /* both asked at once, or nothing to take back */
        return;
    }
    push_ask(ng, NETGAME_EV_OFFER, ask_of_offer(kind), false);
}

static void host_answer(struct netgame *ng, const struct wire_offer *o)
{
    struct game *g = &ng->game;
    if (o->ask == WIRE_ASK_REMATCH) {
        if (!ng->rematch[WIRE_HOST] || !game_over(g))
            return;
        ng->rematch[WIRE_HOST] = false;
        push_ask(ng, NETGAME_EV_ANSWER, NETGAME_ASK_REMATCH, o->yes);
        if (o->yes)
            rematch(ng);
        return;
    }
    enum offer_kind kind = o->ask == WIRE_ASK_DRAW ? OFFER_DRAW : OFFER_TAKEBACK;
    enum stone host = netgame_seat(ng, WIRE_HOST);
    if (!offer_pending(&ng->offer, g) || ng->offer.from != host || ng->offer.kind != kind ||
        o->ply != g->ply)
        return; /* stale */
    offer_answer(&ng->offer, g, stone_other(host), o->yes);
    push_ask(ng, NETGAME_EV_ANSWER, ask_of_offer(kind), o->yes);
    if (!o->yes)
        return;
    turn_restart(ng);
    if (kind == OFFER_DRAW) {
        send_result(ng);
        check_over(ng);
    } else {
        struct wire_msg u = {.type = WIRE_UNDO, .undo = g->ply};
        send(ng, &u);
        push(ng, NETGAME_EV_UNDO, g->ply, NULL);
    }
}

static void host_message(struct netgame *ng, const struct wire_msg *m)
{
    if (m->type == WIRE_ERROR) {
        peer_error(ng, m->text);
        return;
    }
    if (m->type == WIRE_CHAT) {
        push(ng, NETGAME_EV_CHAT, 0, m->text);
        return;
    }
    if (m->type == WIRE_NAME) {
        /* A server's players are named in its lobby, not by themselves. */
        if (!ng->relay)
            peer_named(ng, m->name);
        return;
    }
    if (ng->state == NETGAME_SETTINGS) {
        switch (m->type) {
        case WIRE_ACCEPT:
            if (!start_game(ng)) {
                ended(ng, ng->why);
                return;
            }
            ng->state = NETGAME_PLAYING;
            push(ng, NETGAME_EV_STARTED, 0, NULL);
            host_resync(ng, 0, false);
            return;
        case WIRE_DECLINE:
            link_close(ng->link);
            ng->link = NULL;
            ng->link_open = false;
            ng->state = NETGAME_WAITING;
            push(ng, NETGAME_EV_DECLINED, 0, m->text);
            return;
        case WIRE_RESUME:
            fault(ng, N_("there is no game under way here to resume"));
            return;
        default:
            fault(ng, N_("%s before the answer to the settings"), wire_type_name(m->type));
            return;
        }
    }
    if (!ng->synced) {
        switch (m->type) {
        case WIRE_ACCEPT: /* it kept no game: all of it */
            host_resync(ng, 0, true);
            return;
        case WIRE_RESUME:
            host_resync(ng, m->resume, true);
            return;
        case WIRE_DECLINE:
            dropped(ng, _("the other side would not go on with the game"));
            return;
        default:
            fault(ng, N_("%s before the resume"), wire_type_name(m->type));
            return;
        }
    }
    switch (m->type) {
    case WIRE_MOVE:
        host_move(ng, &m->move);
        return;
    case WIRE_CHOICE:
        host_choice(ng, &m->choice);
        return;
    case WIRE_RESIGN:
        if (game_over(&ng->game))
            return;
        game_concede(&ng->game, netgame_seat(ng, WIRE_JOINER), END_RESIGN);
        turn_pause(ng);
        send_result(ng);
        check_over(ng);
        return;
    case WIRE_OFFER:
        host_offer(ng, &m->offer);
        return;
    case WIRE_ANSWER:
        host_answer(ng, &m->offer);
        return;
    default:
        fault(ng, N_("%s is not for the host"), wire_type_name(m->type));
        return;
    }
}

/* ---- the joiner's check of the host's actions ---- */

static void joiner_ack_move(struct netgame *ng, const struct wire_move *m, int pos)
{
    struct game *g = &ng->game;
    int i = m->ply - 1;
    if (g->moves[i] != pos) {
        fault(ng, N_("the host's move %d differs from the one played here"), m->ply);
        return;
    }
    if (i < ng->acked_ply)
        return; /* known: the overlap of a resume */
    /* Acknowledgements come in order: this move is the first in flight. */
    if (i != ng->acked_ply || ng->acked_choices != choices_before(g, i)) {
        fault(ng, N_("the host acknowledged move %d out of order"), m->ply);
        return;
    }
    if (m->spent_ms < g->timing[i].spent_ms) {
        fault(ng, N_("the host charged move %d less than it took"), m->ply);
        return;
    }
    bool recharged = m->spent_ms != g->timing[i].spent_ms;
    if (recharged) {
        struct action a[ACTIONS_MAX];
        int n = take_back_unacked(ng, a);
        if (n <= 0 || a[n - 1].choice) {
            fault(ng, N_("the host acknowledged move %d out of order"), m->ply);
            return;
        }
        a[n - 1].spent = (int)(m->spent_ms > GAMECLOCK_MS_MAX ? GAMECLOCK_MS_MAX : m->spent_ms);
        if (!replay(ng, a, n)) {
            fault(ng, N_("move %d does not stand with the time the host charged"), m->ply);
            return;
        }
    }
    if (!clocks_agree(g, m)) {
        fault(ng, N_("the clocks after move %d differ from the ones here"), m->ply);
        return;
    }
    ng->acked_ply = m->ply;
    if (recharged)
        push(ng, NETGAME_EV_CLOCK, m->ply, NULL);
    check_over(ng);
}

static void joiner_move(struct netgame *ng, const struct wire_move *m)
{
    struct game *g = &ng->game;
    if (m->x >= g->board.width || m->y >= g->board.height) {
        fault(ng, N_("move %d is not on the board"), m->ply);
        return;
    }
    int pos = board_pos(&g->board, m->x, m->y);
    if (m->ply <= g->ply) {
        joiner_ack_move(ng, m, pos);
        return;
    }
    if (m->ply > g->ply + 1) {
        fault(ng, N_("move %d came out of order: %d moves are known here"), m->ply, g->ply);
        return;
    }
    if (g->ply > ng->acked_ply || g->choices > ng->acked_choices) {
        fault(ng, N_("the host played move %d past this side's move"), m->ply);
        return;
    }
    if (ng->synced && game_actor(g) != netgame_seat(ng, WIRE_HOST)) {
        fault(ng, N_("move %d was played out of turn"), m->ply);
        return;
    }
    int spent = (int)(m->spent_ms > GAMECLOCK_MS_MAX ? GAMECLOCK_MS_MAX : m->spent_ms);
    enum game_error e = game_play_timed(g, pos, spent);
    if (e == GAME_ERR_TIME)
        game_undo(g); /* the host says a move is in time: this side disagrees */
    if (e != GAME_OK) {
        fault(ng, N_("move %d is not legal: %s"), m->ply, game_error_text(g, pos, e));
        return;
    }
    if (!clocks_agree(g, m)) {
        game_undo(g);
        fault(ng, N_("the clocks after move %d differ from the ones here"), m->ply);
        return;
    }
    all_acked(ng);
    turn_restart(ng);
    push(ng, NETGAME_EV_MOVE, g->ply, NULL);
    check_over(ng);
}

static void joiner_choice(struct netgame *ng, const struct wire_choice *c)
{
    struct game *g = &ng->game;
    int i = choice_index(c->ply);
    if (i < 0) {
        fault(ng, N_("no choice is made with %d stones on the board"), c->ply);
        return;
    }
    if (i < g->choices) {
        if (g->choice[i] != (unsigned char)c->choice) {
            fault(ng, N_("the choice with %d stones differs from the one made here"), c->ply);
            return;
        }
        if (i >= ng->acked_choices) {
            if (i != ng->acked_choices || c->ply != ng->acked_ply) {
                fault(ng,
                      N_("the host acknowledged the choice with %d stones out of "
                         "order"),
                      c->ply);
                return;
            }
            ng->acked_choices = i + 1;
            check_over(ng);
        }
        return;
    }
    if (c->ply != g->ply) {
        fault(ng,
              N_("a choice with %d stones came out of order: %d moves are known "
                 "here"),
              c->ply, g->ply);
        return;
    }
    if (g->ply > ng->acked_ply || g->choices > ng->acked_choices) {
        fault(ng, N_("the host made the choice with %d stones past this side's move"), c->ply);
        return;
    }
    if (ng->synced && game_actor(g) != netgame_seat(ng, WIRE_HOST)) {
        fault(ng, N_("the choice with %d stones was made out of turn"), c->ply);
        return;
    }
    if (game_choose(g, c->choice) != GAME_OK) {
        fault(ng, N_("the choice with %d stones is not one the opening offers"), c->ply);
        return;
    }
    all_acked(ng);
    turn_restart(ng);
    push(ng, NETGAME_EV_CHOICE, g->ply, NULL);
}

/* Puts the joiner where the host was when it said RESULT or UNDO: its own
 * actions the host had not taken yet are taken back. */
static bool joiner_rollback(struct netgame *ng)
{
    struct action a[ACTIONS_MAX];
    return take_back_unacked(ng, a) >= 0;
}

static void joiner_result(struct netgame *ng, const struct wire_result *r)
{
    struct game *g = &ng->game;
    if (!joiner_rollback(ng) || g->ply != r->ply) {
        fault(ng, N_("the host's result comes with %d moves, this side has %d"), r->ply, g->ply);
        return;
    }
    if (game_over(g)) {
        if (g->result.outcome != r->outcome || g->result.reason != r->reason) {
            fault(ng, N_("the host's result differs from the one here"));
            return;
        }
        return;
    }
    enum stone me = netgame_seat(ng, WIRE_JOINER), host = stone_other(me);
    enum stone loser = r->outcome == OUTCOME_BLACK_WINS   ? STONE_WHITE
                       : r->outcome == OUTCOME_WHITE_WINS ? STONE_BLACK
                                                          : STONE_NONE;
    bool ok = false;
    switch (r->reason) {
    case END_RESIGN:
        ok = loser == host || (loser == me && ng->resigned);
        break;
    case END_TIME:
        ok = loser == game_actor(g);
        break;
    case END_AGREED:
        /* A resume after a drop brings what was said before it: the
         * request went with the link. */
        ok = !ng->synced || (offer_pending(&ng->offer, g) && ng->offer.kind == OFFER_DRAW &&
                             (ng->offer.from == me || ng->said_yes));
        break;
    case END_FORFEIT:
        ok = !ng->synced && loser == me; /* claimed while this side was away */
        break;
    default:
        ok = false; /* a move's end: this side sees it from the move */
        break;
    }
    if (!ok) {
        struct result said = {.outcome = r->outcome, .reason = r->reason};
        fault(ng, N_("the host's result (%s) is not one this side agreed to or can see"),
              game_result_text(&said));
        return;
    }
    if (r->reason == END_TIME)
        game_flag(g, loser);
    else if (r->reason == END_AGREED)
        game_agree_draw(g);
    else
        game_concede(g, loser, r->reason);
    all_acked(ng);
    turn_pause(ng);
    check_over(ng);
}

static void joiner_undo(struct netgame *ng, int ply)
{
    struct game *g = &ng->game;
    if (!joiner_rollback(ng)) {
        fault(ng, N_("the host's takeback to %d moves is not one this side agreed to"), ply);
        return;
    }
    bool agreed = offer_pending(&ng->offer, g) && ng->offer.kind == OFFER_TAKEBACK &&
                  ng->said_yes && offer_takeback_ply(g, ng->offer.from) == ply;
    /* A resume after a drop may bring a takeback this side had agreed to
     * and never saw done; never into the opening. */
    bool missed = !ng->synced && ply < g->ply && game_opening_step(g) == OPENING_DONE;
    if (!agreed && !missed) {
        fault(ng, N_("the host's takeback to %d moves is not one this side agreed to"), ply);
        return;
    }
    int choices = g->choices;
    while (g->ply > ply && game_undo(g))
        ;
    if (g->choices != choices) {
        fault(ng, N_("the host's takeback to %d moves is not one this side agreed to"), ply);
        return;
    }
    offer_clear(&ng->offer);
    ng->said_yes = false;
    all_acked(ng);
    turn_restart(ng);
    push(ng, NETGAME_EV_UNDO, g->ply, NULL);
}

static void joiner_offer(struct netgame *ng, const struct wire_offer *o)
{
    struct game *g = &ng->game;
    struct wire_msg no = {.type = WIRE_ANSWER, .offer = *o};
    no.offer.yes = false;
    if (o->ask == WIRE_ASK_REMATCH) {
        if (!game_over(g)) {
            send(ng, &no);
            return;
        }
        ng->rematch[WIRE_HOST] = true;
        if (ng->rematch[WIRE_JOINER]) {
            rematch(ng);
            return;
        }
        push_ask(ng, NETGAME_EV_OFFER, NETGAME_ASK_REMATCH, false);
        return;
    }
    if (game_over(g) || o->ply != g->ply)
        return; /* stale */
    enum offer_kind kind = o->ask == WIRE_ASK_DRAW ? OFFER_DRAW : OFFER_TAKEBACK;
    if (offer_make(&ng->offer, g, kind, netgame_seat(ng, WIRE_HOST)) != OFFER_OK) {
        send(ng, &no);
        return;
    }
    ng->said_yes = false;
    push_ask(ng, NETGAME_EV_OFFER, ask_of_offer(kind), false);
}

static void joiner_answer(struct netgame *ng, const struct wire_offer *o)
{
    struct game *g = &ng->game;
    if (o->ask == WIRE_ASK_REMATCH) {
        if (!ng->rematch[WIRE_JOINER] || !game_over(g))
            return;
        ng->rematch[WIRE_JOINER] = false;
        push_ask(ng, NETGAME_EV_ANSWER, NETGAME_ASK_REMATCH, o->yes);
        if (o->yes)
            rematch(ng);
        return;
    }
    enum offer_kind kind = o->ask == WIRE_ASK_DRAW ? OFFER_DRAW : OFFER_TAKEBACK;
    enum stone me = netgame_seat(ng, WIRE_JOINER);
    if (!offer_pending(&ng->offer, g) || ng->offer.from != me || ng->offer.kind != kind ||
        o->ply != g->ply)
        return; /* stale */
    if (o->yes && kind == OFFER_DRAW)
        return; /* the host's RESULT says it */
    offer_answer(&ng->offer, g, stone_other(me), o->yes);
    push_ask(ng, NETGAME_EV_ANSWER, ask_of_offer(kind), o->yes);
    if (o->yes) {
        all_acked(ng);
        turn_restart(ng);
        push(ng, NETGAME_EV_UNDO, g->ply, NULL);
    }
}

/* The host's RESUME: the joiner sends what it has beyond, and plays on. */
static void joiner_resumed(struct netgame *ng, int h)
{
    if (ng->game.ply > h)
        send_history(ng, h);
    /* A resignation the lost link never delivered: the host has not said
     * RESULT by now, so it is said again. */
    if (ng->resigned && !game_over(&ng->game))
        send(ng, &(struct wire_msg){.type = WIRE_RESIGN});
    ng->synced = true;
    ng->state = NETGAME_PLAYING;
    turn_go_on(ng);
    if (h > 0 || ng->game.ply > 0)
        push(ng, NETGAME_EV_RESUMED, ng->game.ply, NULL);
}

static void joiner_message(struct netgame *ng, const struct wire_msg *m)
{
    if (m->type == WIRE_ERROR) {
        peer_error(ng, m->text);
        return;
    }
    if (m->type == WIRE_REFUSED && ng->seated) {
        peer_error(ng, m->text);
        return;
    }
    if (m->type == WIRE_NAME) {
        peer_named(ng, m->name);
        return;
    }
    if (m->type == WIRE_CHAT) {
        push(ng, NETGAME_EV_CHAT, 0, m->text);
        return;
    }
    if (!ng->have_game) {
        if (m->type != WIRE_SETTINGS || ng->have_settings) {
            fault(ng, N_("the host sent %s before the settings"), wire_type_name(m->type));
            return;
        }
        char why[256];
        if (!netgame_settings_of(&m->settings, &ng->settings, why, sizeof why)) {
            fault(ng, N_("settings this side cannot play: %s"), why);
            return;
        }
        ng->have_settings = true;
        ng->state = NETGAME_SETTINGS;
        push(ng, NETGAME_EV_SETTINGS, 0, NULL);
        if (ng->seated)
            netgame_accept(ng); /* sitting down at a server's game said yes */
        return;
    }
    if (m->type == WIRE_SETTINGS) {
        struct netgame_settings s;
        char why[256];
        if (ng->synced || !netgame_settings_of(&m->settings, &s, why, sizeof why) ||
            !settings_equal(&s, &ng->settings)) {
            fault(ng, N_("the host's settings are not this game's"));
            return;
        }
        return;
    }
    if (!ng->synced && m->type == WIRE_RESUME) {
        joiner_resumed(ng, m->resume);
        return;
    }
    switch (m->type) {
    case WIRE_MOVE:
        joiner_move(ng, &m->move);
        return;
    case WIRE_CHOICE:
        joiner_choice(ng, &m->choice);
        return;
    case WIRE_RESULT:
        joiner_result(ng, &m->result);
        return;
    case WIRE_UNDO:
        joiner_undo(ng, m->undo);
        return;
    case WIRE_OFFER:
        if (!ng->synced)
            break;
        joiner_offer(ng, &m->offer);
        return;
    case WIRE_ANSWER:
        if (!ng->synced)
            break;
        joiner_answer(ng, &m->offer);
        return;
    default:
        break;
    }
    fault(ng, N_("%s is not for the joiner now"), wire_type_name(m->type));
}

/* ---- links ---- */

/* A link of the host's said READY. */
static void host_adopt(struct netgame *ng, struct link *l)
{
    if (ng->state == NETGAME_SETTINGS || ng->state == NETGAME_STOPPED ||
        ng->state == NETGAME_ENDED) {
        struct wire_msg e = {.type = WIRE_ERROR};
        snprintf(e.text, sizeof e.text, "this game already has its two players");
        char err[256];
        link_send(l, &e, err, sizeof err);
        link_close(l);
        return;
    }
    free_link(ng);
    ng->link = l;
    ng->link_open = true;
    ng->synced = false;
    forget_requests(ng);
    /* A server's game names the other player, a friend's host itself. */
    const char *name = ng->relay ? ng->peer_name : ng->own_name;
    if (name[0] != '\0') {
        struct wire_msg n = {.type = WIRE_NAME};
        snprintf(n.name, sizeof n.name, "%s", name);
        send(ng, &n);
    }
    struct wire_msg s = settings_msg(ng);
    send(ng, &s);
    ng->state = ng->have_game ? NETGAME_PLAYING : NETGAME_SETTINGS;
    push(ng, NETGAME_EV_CONNECTED, 0, link_peer_address(l));
}

static void host_accept(struct netgame *ng)
{
    if (ng->listener == NULL)
        return;
    for (;;) {
        struct link_config c = {.key = &ng->key, .ping_ms = ng->ping_ms};
        struct link *l;
        char err[256];
        if (!link_accept(ng->listener, &c, &l, err, sizeof err)) {
            push(ng, NETGAME_EV_NOTICE, 0, err);
            return;
        }
        if (l == NULL)
            return;
        int slot = -1;
        for (int i = 0; i < NETGAME_PENDING_MAX && slot < 0; i++)
            if (ng->pending[i] == NULL)
                slot = i;
        if (slot < 0) {
            /* The oldest makes room: a stranger cannot hold every slot
             * longer than it takes the next peer to connect. */
            link_free(ng->pending[0]);
            memmove(ng->pending, ng->pending + 1,
                    (NETGAME_PENDING_MAX - 1) * sizeof ng->pending[0]);
            slot = NETGAME_PENDING_MAX - 1;
        }
        ng->pending[slot] = l;
    }
}

static void host_poll_pending(struct netgame *ng)
{
    for (int i = 0; i < NETGAME_PENDING_MAX; i++) {
        struct link *l = ng->pending[i];
        if (l == NULL)
            continue;
        struct wire_msg m;
        enum link_event ev = link_poll(l, &m);
        if (ev == LINK_IDLE)
            continue;
        ng->pending[i] = NULL;
        if (ev == LINK_READY) {
            host_adopt(ng, l);
            continue;
        }
        /* A failed handshake: someone without the code, or gone. */
        push(ng, NETGAME_EV_NOTICE, 0, link_error(l));
        link_free(l);
    }
}

static void link_ended(struct netgame *ng, enum link_event ev)
{
    if (ev == LINK_CLOSED && ng->have_game && game_over(&ng->game)) {
        link_close(ng->link);
        ng->link = NULL;
        ng->link_open = false;
        ended(ng, _("the other side left"));
        return;
    }
    if (ev == LINK_CLOSED) {
        if (!ng->have_game && is_host(ng)) {
            free_link(ng);
            ng->state = NETGAME_WAITING;
            push(ng, NETGAME_EV_NOTICE, 0, _("the one who joined left"));
            return;
        }
        {
            dropped(ng, _("the other side left"));
            return;
        }
    }
    char text[NETGAME_WHY_MAX];
    snprintf(text, sizeof text, "%s", link_error(ng->link));
    if (!is_host(ng) && !ng->link_open && ng->state == NETGAME_DROPPED) {
        /* A reconnection that did not go: try again later. */
        free_link(ng);
        ng->retry_at_ms = clock_ms() + ng->retry_ms;
        return;
    }
    if (!is_host(ng) && ng->state == NETGAME_CONNECTING) {
        ended(ng, text);
        return;
    }
    dropped(ng, text);
}

static void poll_link(struct netgame *ng)
{
    while (ng->link != NULL && EVENTS_MAX - ng->ev_count >= EVENTS_RESERVE) {
        struct wire_msg m;
        enum link_event ev = link_poll(ng->link, &m);
        switch (ev) {
        case LINK_IDLE:
            return;
        case LINK_READY:
            if (is_host(ng))
                break;
            ng->link_open = true;
            if (link_key(ng->link) != NULL) {
                ng->key = *link_key(ng->link);
                ng->have_key = true;
            }
            if (ng->kept_id[0] != '\0' && strcmp(ng->key.game_id, ng->kept_id) != 0) {
                ended(ng, _("the host at that address plays another game now"));
                return;
            }
            /* Later links must lead to this game, whoever answers there. */
            snprintf(ng->kept_id, sizeof ng->kept_id, "%s", ng->key.game_id);
            push(ng, NETGAME_EV_CONNECTED, 0, link_peer_address(ng->link));
            if (!ng->seated && ng->own_name[0] != '\0') {
                struct wire_msg n = {.type = WIRE_NAME};
                snprintf(n.name, sizeof n.name, "%s", ng->own_name);
                send(ng, &n);
            }
            if (ng->seated) {
                struct wire_msg j = {.type = WIRE_REJOIN, .seat = ng->seat};
                send(ng, &j);
            }
            if (ng->have_game) {
                struct wire_msg r = {.type = WIRE_RESUME, .resume = ng->acked_ply};
                send(ng, &r);
            }
            break;
        case LINK_MESSAGE:
            if (is_host(ng))
                host_message(ng, &m);
            else
                joiner_message(ng, &m);
            break;
        default:
            link_ended(ng, ev);
            return;
        }
    }
}

/* A peer not heard from for silent_ms is as good as gone. */
static void check_silent(struct netgame *ng)
{
    if (ng->link == NULL || !ng->link_open)
        return;
    int64_t quiet = clock_ms() - link_last_heard_ms(ng->link);
    if (quiet < ng->silent_ms)
        return;
    char text[160];
    int s = (int)(quiet / 1000);
    snprintf(text, sizeof text,
             ngettext("nothing heard from the other side for %d second",
                      "nothing heard from the other side for %d seconds", (unsigned long)s),
             s);
    dropped(ng, text);
}

/* The host's flag: its own, or the joiner's once even the allowance is
 * spent. */
static int64_t until_flag(const struct netgame *ng)
{
    const struct game *g = &ng->game;
    if (!is_host(ng) || !ng->have_game || game_over(g) || !ng->synced || !ng->turn_running ||
        ng->state != NETGAME_PLAYING)
        return GAMECLOCK_NEVER;
    enum stone actor = game_actor(g);
    if (actor == STONE_NONE || game_opening_step(g) == OPENING_CHOOSE ||
        game_opening_step(g) == OPENING_CHOOSE2)
        return GAMECLOCK_NEVER; /* choices take no time */
    if (ng->relay && actor == netgame_seat(ng, WIRE_HOST))
        return GAMECLOCK_NEVER; /* the other player's netgame flags it */
    /* The joiner's time counts only past the allowance: until then, the
     * wait is the allowance's rest and then all its clock has. */
    int64_t e = turn_elapsed(ng), grace = 0;
    if (actor == netgame_seat(ng, WIRE_JOINER))
        e -= allowance(ng);
    if (e < 0) {
        grace = -e;
        e = 0;
    }
    struct gameclock_side c = game_clock(g, actor);
    int64_t until = gameclock_until_flag(&g->config.tc, &c, e > INT32_MAX ? INT32_MAX : (int)e);
    return until == GAMECLOCK_NEVER ? until : until + grace;
}

static void check_flag(struct netgame *ng)
{
    if (until_flag(ng) != 0)
        return;
    game_flag(&ng->game, game_actor(&ng->game));
    turn_pause(ng);
    send_result(ng);
    check_over(ng);
}

static void check_absence(struct netgame *ng)
{
    if (ng->state != NETGAME_DROPPED || ng->abandoned_said)
        return;
    if (clock_ms() - ng->dropped_ms < ng->reconnect_ms)
        return;
    ng->abandoned_said = true;
    push(ng, NETGAME_EV_ABANDONED, ng->game.ply, NULL);
}

static void joiner_retry(struct netgame *ng)
{
    if (is_host(ng) || ng->state != NETGAME_DROPPED || ng->link != NULL ||
        clock_ms() < ng->retry_at_ms)
        return;
    struct link_config c = {
        .code = ng->code, .key = ng->have_key ? &ng->key : NULL, .ping_ms = ng->ping_ms};
    if (ng->seated)
        c = (struct link_config){.known_file = ng->known_file, .ping_ms = ng->ping_ms};
    char err[256];
    ng->link = link_connect(ng->address, &c, err, sizeof err);
    ng->link_open = false;
    if (ng->link == NULL)
        ng->retry_at_ms = clock_ms() + ng->retry_ms;
}

static void step(struct netgame *ng)
{
    if (ng->state == NETGAME_ENDED)
        return;
    if (is_host(ng) && ng->state != NETGAME_STOPPED) {
        host_accept(ng);
        host_poll_pending(ng);
    }
    joiner_retry(ng);
    poll_link(ng);
    check_silent(ng);
    if (ng->have_game && ng->state == NETGAME_PLAYING)
        check_flag(ng);
    check_absence(ng);
}

bool netgame_poll(struct netgame *ng, struct netgame_event *ev)
{
    if (ng->ev_count == 0)
        step(ng);
    if (ng->ev_count == 0)
        return false;
    *ev = ng->events[ng->ev_head];
    ng->ev_head = (ng->ev_head + 1) % EVENTS_MAX;
    ng->ev_count--;
    return true;
}

int netgame_pollfds(const struct netgame *ng, struct pollfd fds[NETGAME_FDS_MAX])
{
    int n = 0;
    if (ng->listener != NULL && ng->state != NETGAME_STOPPED) {
        int lfds[LINK_LISTEN_MAX];
        int k = link_listener_fds(ng->listener, lfds);
        for (int i = 0; i < k; i++)
            fds[n++] = (struct pollfd){lfds[i], POLLIN, 0};
    }
    for (int i = 0; i < NETGAME_PENDING_MAX; i++)
        if (ng->pending[i] != NULL && link_fd(ng->pending[i]) >= 0)
            fds[n++] = (struct pollfd){link_fd(ng->pending[i]), link_events(ng->pending[i]), 0};
    if (ng->link != NULL && link_fd(ng->link) >= 0)
        fds[n++] = (struct pollfd){link_fd(ng->link), link_events(ng->link), 0};
    return n;
}

static void sooner(int64_t *best, int64_t ms)
{
    if (ms < 0)
        return;
    if (*best < 0 || ms < *best)
        *best = ms;
}

int netgame_timeout_ms(const struct netgame *ng)
{
    if (ng->ev_count > 0)
        return 0;
    if (ng->state == NETGAME_ENDED)
        return -1;
    int64_t best = -1, now = clock_ms();
    if (ng->link != NULL) {
        sooner(&best, link_timeout_ms(ng->link));
        if (ng->link_open) {
            int64_t at = link_last_heard_ms(ng->link) + ng->silent_ms - now;
            sooner(&best, at > 0 ? at : 0);
        }
    }
    for (int i = 0; i < NETGAME_PENDING_MAX; i++)
        if (ng->pending[i] != NULL)
            sooner(&best, link_timeout_ms(ng->pending[i]));
    int64_t flag = until_flag(ng);
    if (flag != GAMECLOCK_NEVER)
        sooner(&best, flag);
    if (ng->state == NETGAME_DROPPED) {
        if (!ng->abandoned_said) {
            int64_t at = ng->dropped_ms + ng->reconnect_ms - now;
            sooner(&best, at > 0 ? at : 0);
        }
        if (!is_host(ng) && ng->link == NULL) {
            int64_t at = ng->retry_at_ms - now;
            sooner(&best, at > 0 ? at : 0);
        }
    }
    return best > INT32_MAX ? INT32_MAX : (int)best;
}

bool netgame_wait(struct netgame *ng, struct netgame_event *ev, int timeout_ms)
{
    int64_t deadline = clock_ms() + timeout_ms;
    for (;;) {
        if (netgame_poll(ng, ev))
            return true;
        int64_t left = deadline - clock_ms();
        if (left <= 0)
            return false;
        int wait = netgame_timeout_ms(ng);
        if (wait < 0 || wait > left)
            wait = (int)left;
        struct pollfd fds[NETGAME_FDS_MAX];
        int n = netgame_pollfds(ng, fds);
        poll(fds, (nfds_t)n, wait);
    }
}

/* ---- making and ending ---- */

static struct netgame *netgame_new(enum wire_side side, const struct netgame_options *o, char *err,
                                   size_t err_size)
{
    struct netgame *ng = calloc(1, sizeof *ng);
    if (ng == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    ng->side = side;
    ng->ping_ms = o->ping_ms > 0 ? o->ping_ms : LINK_PING_MS;
    ng->silent_ms = o->silent_ms > 0 ? o->silent_ms : NETGAME_SILENT_MS;
    ng->reconnect_ms = o->reconnect_ms > 0 ? o->reconnect_ms : NETGAME_RECONNECT_MS;
    ng->retry_ms = o->retry_ms > 0 ? o->retry_ms : NETGAME_RETRY_MS;
    if (o->name != NULL && wire_name_check(o->name, NULL, 0))
        snprintf(ng->own_name, sizeof ng->own_name, "%s", o->name);
    offer_clear(&ng->offer);
    return ng;
}

/* The host's listener and key for the game `id` under `code`. */
static bool host_open(struct netgame *ng, const struct netgame_options *o, char *err,
                      size_t err_size)
{
    if (!joincode_derive(ng->code, ng->key.game_id, &ng->key, err, err_size))
        return false;
    ng->have_key = true;
    ng->listener = link_listen(o->bind, o->port, err, err_size);
    if (ng->listener == NULL)
        return false;
    ng->port = link_listener_port(ng->listener);
    return true;
}

struct netgame *netgame_host(const struct netgame_settings *s, const struct netgame_options *o,
                             char *err, size_t err_size)
{
    struct netgame *ng = netgame_new(WIRE_HOST, o, err, err_size);
    if (ng == NULL)
        return NULL;
    ng->settings = *s;
    ng->have_settings = true;
    struct game_config c;
    config_of(s, &c);
    struct game probe;
    const char *why = game_init(&probe, &c);
    if (why != NULL) {
        fmt_fail(err, err_size, "%s", _(why));
        free(ng);
        return NULL;
    }
    if (!joincode_new(ng->code, err, err_size) ||
        !joincode_new_game_id(ng->key.game_id, err, err_size) || !host_open(ng, o, err, err_size)) {
        netgame_free(ng);
        return NULL;
    }
    ng->state = NETGAME_WAITING;
    return ng;
}

struct netgame *netgame_host_resume(const struct game *g, const struct netgame_kept *k,
                                    const struct netgame_options *o, char *err, size_t err_size)
{
    char code[JOINCODE_SIZE];
    if (k->side != WIRE_HOST || !joincode_game_id_valid(k->game_id, strlen(k->game_id))) {
        fmt_fail(err, err_size, "%s", _("this game was not kept by its host"));
        return NULL;
    }
    if (!joincode_parse(k->code, code, err, err_size))
        return NULL;
    struct netgame *ng = netgame_new(WIRE_HOST, o, err, err_size);
    if (ng == NULL)
        return NULL;
    ng->settings = (struct netgame_settings){g->config.width, g->config.height,  g->config.win,
                                             g->config.rule,  g->config.opening, g->config.tc,
                                             k->black};
    ng->have_settings = true;
    memcpy(ng->code, code, sizeof code);
    snprintf(ng->key.game_id, sizeof ng->key.game_id, "%s", k->game_id);
    if (!host_open(ng, o, err, err_size)) {
        netgame_free(ng);
        return NULL;
    }
    ng->game = *g;
    ng->have_game = true;
    ng->restarted = true;
    ng->over_said = game_over(g);
    ng->state = NETGAME_DROPPED;
    ng->dropped_ms = clock_ms();
    return ng;
}

struct netgame *netgame_serve(const struct netgame_settings *s, const char *other_name,
                              struct link *l, const struct netgame_options *o, char *err,
                              size_t err_size)
{
    struct netgame *ng = netgame_new(WIRE_HOST, o, err, err_size);
    if (ng == NULL)
        return NULL;
    ng->settings = *s;
    ng->have_settings = true;
    ng->relay = true;
    ng->state = NETGAME_WAITING;
    if (other_name != NULL)
        snprintf(ng->peer_name, sizeof ng->peer_name, "%s", other_name);
    host_adopt(ng, l);
    return ng;
}

struct netgame *netgame_serve_resume(const struct game *g, const struct netgame_settings *s,
                                     const char *other_name, const struct netgame_options *o,
                                     char *err, size_t err_size)
{
    struct netgame *ng = netgame_new(WIRE_HOST, o, err, err_size);
    if (ng == NULL)
        return NULL;
    ng->settings = *s;
    ng->have_settings = true;
    ng->relay = true;
    if (other_name != NULL)
        snprintf(ng->peer_name, sizeof ng->peer_name, "%s", other_name);
    ng->game = *g;
    ng->have_game = true;
    ng->over_said = game_over(g);
    /* Not `restarted`: the other seat's netgame never took what a player
     * would bring back beyond g, so a player ahead is taken back (UNDO)
     * and plays again. */
    ng->state = NETGAME_DROPPED;
    ng->dropped_ms = clock_ms();
    return ng;
}

enum netgame_error netgame_serve_adopt(struct netgame *ng, struct link *l)
{
    if (!ng->relay || ng->state != NETGAME_DROPPED) {
        link_free(l);
        return refuse(ng, "%s", _("that seat is taken"));
    }
    host_adopt(ng, l);
    return NETGAME_OK;
}

enum netgame_error netgame_serve_concede(struct netgame *ng, enum end_reason reason)
{
    if (!ng->relay || !ng->have_game || game_over(&ng->game))
        return refuse(ng, "%s", _("there is no game to end"));
    enum stone seat = netgame_seat(ng, WIRE_HOST);
    if (reason == END_TIME)
        game_flag(&ng->game, seat);
    else
        game_concede(&ng->game, seat, reason);
    turn_pause(ng);
    send_result(ng);
    check_over(ng);
    return NETGAME_OK;
}

struct wire_msg netgame_move_msg(const struct game *g, int i)
{
    return move_msg(g, i);
}

const char *netgame_peer_name(const struct netgame *ng)
{
    return ng->peer_name;
}

static struct netgame *joiner_new(const char *address, const char *code,
                                  const struct netgame_options *o, char *err, size_t err_size)
{
    char host[LINK_ADDRESS_MAX];
    int port;
    if (!link_split_address(address, LINK_DEFAULT_PORT, host, sizeof host, &port, err, err_size) ||
        strlen(address) >= LINK_ADDRESS_MAX + 8)
        return NULL;
    char written[JOINCODE_SIZE];
    if (!joincode_parse(code, written, err, err_size))
        return NULL;
    struct netgame *ng = netgame_new(WIRE_JOINER, o, err, err_size);
    if (ng == NULL)
        return NULL;
    snprintf(ng->address, sizeof ng->address, "%s", address);
    memcpy(ng->code, written, sizeof written);
    return ng;
}

struct netgame *netgame_join(const char *address, const char *code, const struct netgame_options *o,
                             char *err, size_t err_size)
{
    struct netgame *ng = joiner_new(address, code, o, err, err_size);
    if (ng == NULL)
        return NULL;
    struct link_config c = {.code = ng->code, .ping_ms = ng->ping_ms};
    ng->link = link_connect(ng->address, &c, err, err_size);
    if (ng->link == NULL) {
        free(ng);
        return NULL;
    }
    ng->state = NETGAME_CONNECTING;
    return ng;
}

/* A joiner resuming game g (played under black): its own last moves,
 * which the other side may never have had, count as in flight. */
static void resume_from(struct netgame *ng, const struct game *g, enum wire_side black)
{
    ng->settings = (struct netgame_settings){g->config.width, g->config.height,  g->config.win,
                                             g->config.rule,  g->config.opening, g->config.tc,
                                             black};
    ng->have_settings = true;
    ng->game = *g;
    ng->have_game = true;
    ng->over_said = game_over(g);
    all_acked(ng);
    enum stone me = netgame_seat(ng, WIRE_JOINER);
    while (ng->acked_ply > 0 &&
           !(ng->game.choices > 0 && opening_choice_ply(ng->game.choices - 1) == ng->acked_ply) &&
           ng->game.timing[ng->acked_ply - 1].seat == me)
        ng->acked_ply--;
    ng->state = NETGAME_DROPPED;
    ng->dropped_ms = clock_ms();
    ng->retry_at_ms = clock_ms();
}

struct netgame *netgame_join_resume(const struct game *g, const struct netgame_kept *k,
                                    const char *address, const struct netgame_options *o, char *err,
                                    size_t err_size)
{
    if (k->side != WIRE_JOINER || !joincode_game_id_valid(k->game_id, strlen(k->game_id))) {
        fmt_fail(err, err_size, "%s", _("this game was not kept by the one who joined it"));
        return NULL;
    }
    struct netgame *ng = joiner_new(address, k->code, o, err, err_size);
    if (ng == NULL)
        return NULL;
    if (!joincode_derive(ng->code, k->game_id, &ng->key, err, err_size)) {
        free(ng);
        return NULL;
    }
    ng->have_key = true;
    snprintf(ng->kept_id, sizeof ng->kept_id, "%s", k->game_id);
    /* Its own last moves may never have reached the host: they count as in
     * flight, and the host acknowledges them again or takes them anew. */
    resume_from(ng, g, k->black);
    return ng;
}

bool netgame_seat_kept(const struct netgame *ng, struct wire_seat *seat, enum wire_side *black,
                       const char **address, const char **known_file)
{
    if (!ng->seated || !ng->have_settings)
        return false;
    *seat = ng->seat;
    *black = ng->settings.black;
    *address = ng->address;
    *known_file = ng->known_file;
    return true;
}

struct netgame *netgame_rejoin_seat(const struct game *g, enum wire_side black,
                                    const char *address, const char *known_file,
                                    const struct wire_seat *seat,
                                    const struct netgame_options *o, char *err,
                                    size_t err_size)
{
    if (strlen(address) >= sizeof ((struct netgame *)0)->address ||
        strlen(known_file) >= sizeof ((struct netgame *)0)->known_file) {
        fmt_fail(err, err_size, "%s", _("the server's address is too long"));
        return NULL;
    }
    struct netgame *ng = netgame_new(WIRE_JOINER, o, err, err_size);
    if (ng == NULL)
        return NULL;
    snprintf(ng->address, sizeof ng->address, "%s", address);
    snprintf(ng->known_file, sizeof ng->known_file, "%s", known_file);
    ng->seated = true;
    ng->seat = *seat;
    if (g != NULL) {
        resume_from(ng, g, black);
    } else {
        /* Nothing kept: the server sends the settings, this side says yes
         * (seated) and the server sends the game so far. */
        ng->state = NETGAME_DROPPED;
        ng->dropped_ms = clock_ms();
        ng->retry_at_ms = clock_ms();
    }
    return ng;
}

struct netgame *netgame_join_seat(struct link *l, const char *address, const char *known_file,
                                  const struct wire_seat *seat, const struct netgame_options *o,
                                  char *err, size_t err_size)
{
    if (strlen(address) >= sizeof ((struct netgame *)0)->address ||
        strlen(known_file) >= sizeof ((struct netgame *)0)->known_file) {
        fmt_fail(err, err_size, "%s", _("the server's address is too long"));
        link_free(l);
        return NULL;
    }
    struct netgame *ng = netgame_new(WIRE_JOINER, o, err, err_size);
    if (ng == NULL) {
        link_free(l);
        return NULL;
    }
    snprintf(ng->address, sizeof ng->address, "%s", address);
    snprintf(ng->known_file, sizeof ng->known_file, "%s", known_file);
    ng->seated = true;
    ng->seat = *seat;
    ng->link = l;
    ng->link_open = true;
    ng->state = NETGAME_CONNECTING;
    return ng;
}

void netgame_free(struct netgame *ng)
{
    if (ng == NULL)
        return;
    link_free(ng->link);
    for (int i = 0; i < NETGAME_PENDING_MAX; i++)
        link_free(ng->pending[i]);
    link_listener_free(ng->listener);
    joincode_wipe(&ng->key);
    memset(ng->code, 0, sizeof ng->code);
    free(ng);
}

void netgame_close(struct netgame *ng)
{
    if (ng == NULL)
        return;
    if (ng->link != NULL && ng->link_open)
        link_close(ng->link);
    else
        link_free(ng->link);
    ng->link = NULL;
    netgame_free(ng);
}

/* ---- this side's actions ---- */

static bool in_play(struct netgame *ng)
{
    if (ng->have_game && ng->state == NETGAME_PLAYING && ng->synced && ng->link != NULL)
        return true;
    snprintf(ng->why, sizeof ng->why, "%s",
             ng->state == NETGAME_DROPPED ? _("the link is down: wait for it to come back")
                                          : _("there is no game on the link now"));
    return false;
}

/* A takeback this side asked for, or said yes to, is under way. */
static bool takeback_waits(const struct netgame *ng)
{
    const struct offer *o = &ng->offer;
    return offer_pending(o, &ng->game) && o->kind == OFFER_TAKEBACK &&
           (o->from == netgame_seat(ng, ng->side) || ng->said_yes);
}

bool netgame_my_turn(const struct netgame *ng)
{
    return ng->have_game && ng->state == NETGAME_PLAYING && ng->synced && !game_over(&ng->game) &&
           game_actor(&ng->game) == netgame_seat(ng, ng->side) && !takeback_waits(ng) &&
           !(ng->side == WIRE_JOINER && ng->resigned);
}

static enum netgame_error may_act(struct netgame *ng)
{
    if (!in_play(ng))
        return NETGAME_ERR_LINK;
    if (game_over(&ng->game))
        return refuse(ng, "%s", _("the game is over"));
    if (game_actor(&ng->game) != netgame_seat(ng, ng->side))
        return refuse(ng, "%s", _("it is not your turn"));
    if (takeback_waits(ng))
        return refuse(ng, "%s", _("a takeback waits for its answer"));
    if (!is_host(ng) && ng->resigned)
        return refuse(ng, "%s", _("you resigned: the host will say so"));
    return NETGAME_OK;
}

enum netgame_error netgame_move(struct netgame *ng, int pos, int spent_ms)
{
    enum netgame_error e = may_act(ng);
    if (e != NETGAME_OK)
        return e;
    struct game *g = &ng->game;
    if (pos < 0 || pos >= board_cells(&g->board)) {
        snprintf(ng->why, sizeof ng->why, "%s", _("not a cell of the board"));
        return NETGAME_ERR_ILLEGAL;
    }
    if (spent_ms < 0)
        spent_ms = 0;
    enum stone seat = netgame_seat(ng, ng->side);
    if (!is_host(ng)) {
        struct gameclock_side c = game_clock(g, seat);
        if (gameclock_until_flag(&g->config.tc, &c, spent_ms) == 0) {
            snprintf(ng->why, sizeof ng->why, "%s", _("your time is up: the host will say so"));
            return NETGAME_ERR_TIME;
        }
    }
    enum game_error ge = game_play_timed(g, pos, spent_ms);
    if (ge == GAME_ERR_TIME) {
        turn_pause(ng);
        send_result(ng);
        check_over(ng);
        snprintf(ng->why, sizeof ng->why, "%s", _("your time is up"));
        return NETGAME_ERR_TIME;
    }
    if (ge != GAME_OK) {
        snprintf(ng->why, sizeof ng->why, "%s", _(game_error_text(g, pos, ge)));
        return NETGAME_ERR_ILLEGAL;
    }
    struct wire_msg m = move_msg(g, g->ply - 1);
    send(ng, &m);
    turn_restart(ng);
    check_over(ng);
    return NETGAME_OK;
}

enum netgame_error netgame_choose(struct netgame *ng, enum opening_choice choice)
{
    enum netgame_error e = may_act(ng);
    if (e != NETGAME_OK)
        return e;
    struct game *g = &ng->game;
    int ply = g->ply;
    if (game_choose(g, choice) != GAME_OK) {
        snprintf(ng->why, sizeof ng->why, "%s", _("the opening offers no such choice now"));
        return NETGAME_ERR_ILLEGAL;
    }
    struct wire_msg m = {.type = WIRE_CHOICE};
    m.choice = (struct wire_choice){ply, choice};
    send(ng, &m);
    turn_restart(ng);
    return NETGAME_OK;
}

enum netgame_error netgame_resign(struct netgame *ng)
{
    if (!in_play(ng))
        return NETGAME_ERR_LINK;
    if (game_over(&ng->game))
        return refuse(ng, "%s", _("the game is over"));
    if (is_host(ng)) {
        game_concede(&ng->game, netgame_seat(ng, WIRE_HOST), END_RESIGN);
        turn_pause(ng);
        send_result(ng);
        check_over(ng);
        return NETGAME_OK;
    }
    if (ng->resigned)
        return refuse(ng, "%s", _("the host has your resignation already"));
    ng->resigned = true;
    send(ng, &(struct wire_msg){.type = WIRE_RESIGN});
    return NETGAME_OK;
}

enum netgame_error netgame_ask(struct netgame *ng, enum netgame_ask ask)
{
    if (!in_play(ng))
        return NETGAME_ERR_LINK;
    struct game *g = &ng->game;
    if (ask == NETGAME_ASK_REMATCH) {
        if (!game_over(g))
            return refuse(ng, "%s", _("a rematch is asked once the game is over"));
        if (ng->rematch[other_side(ng->side)])
            return netgame_answer(ng, true);
        if (ng->rematch[ng->side])
            return refuse(ng, "%s", _("a request already waits for its answer"));
        ng->rematch[ng->side] = true;
        struct wire_msg m = {.type = WIRE_OFFER};
        m.offer = (struct wire_offer){WIRE_ASK_REMATCH, g->ply, false};
        send(ng, &m);
        return NETGAME_OK;
    }
    if (ask != NETGAME_ASK_DRAW && ask != NETGAME_ASK_TAKEBACK)
        return refuse(ng, "%s", _("there is no such request"));
    enum offer_kind kind = ask == NETGAME_ASK_DRAW ? OFFER_DRAW : OFFER_TAKEBACK;
    switch (offer_make(&ng->offer, g, kind, netgame_seat(ng, ng->side))) {
    case OFFER_OK:
        break;
    case OFFER_ERR_OVER:
        return refuse(ng, "%s", _("the game is over"));
    case OFFER_ERR_PENDING:
        return refuse(ng, "%s", _("a request already waits for its answer"));
    case OFFER_ERR_NOTHING:
        snprintf(ng->why, sizeof ng->why, "%s", _("you have no move to take back"));
        return NETGAME_ERR_ILLEGAL;
    default:
        return refuse(ng, "%s", _("there is no such request"));
    }
    ng->said_yes = false;
    struct wire_msg m = {.type = WIRE_OFFER};
    m.offer = (struct wire_offer){wire_of_ask(ask), g->ply, false};
    send(ng, &m);
    return NETGAME_OK;
}

enum netgame_ask netgame_asked(const struct netgame *ng)
{
    if (!ng->have_game)
        return NETGAME_ASK_NONE;
    if (game_over(&ng->game) && ng->rematch[other_side(ng->side)])
        return NETGAME_ASK_REMATCH;
    if (offer_pending(&ng->offer, &ng->game) &&
        ng->offer.from == netgame_seat(ng, other_side(ng->side)) && !ng->said_yes)
        return ask_of_offer(ng->offer.kind);
    return NETGAME_ASK_NONE;
}

enum netgame_error netgame_answer(struct netgame *ng, bool yes)
{
    if (!in_play(ng))
        return NETGAME_ERR_LINK;
    struct game *g = &ng->game;
    enum netgame_ask ask = netgame_asked(ng);
    if (ask == NETGAME_ASK_NONE)
        return refuse(ng, "%s", _("nothing waits for your answer"));
    struct wire_msg m = {.type = WIRE_ANSWER};
    if (ask == NETGAME_ASK_REMATCH) {
        m.offer = (struct wire_offer){WIRE_ASK_REMATCH, g->ply, yes};
        send(ng, &m);
        ng->rematch[other_side(ng->side)] = false;
        if (yes)
            rematch(ng);
        return NETGAME_OK;
    }
    m.offer = (struct wire_offer){wire_of_ask(ask), ng->offer.ply, yes};
    send(ng, &m);
    if (!is_host(ng)) {
        /* The host does what was asked and says so (RESULT, UNDO). */
        if (yes)
            ng->said_yes = true;
        else
            offer_clear(&ng->offer);
        return NETGAME_OK;
    }
    offer_answer(&ng->offer, g, netgame_seat(ng, WIRE_HOST), yes);
    if (!yes)
        return NETGAME_OK;
    turn_restart(ng);
    if (ask == NETGAME_ASK_DRAW) {
        send_result(ng);
        check_over(ng);
    } else {
        push(ng, NETGAME_EV_UNDO, g->ply, NULL);
    }
    return NETGAME_OK;
}

enum netgame_error netgame_chat(struct netgame *ng, const char *text)
{
    if (ng->link == NULL || !ng->link_open) {
        snprintf(ng->why, sizeof ng->why, "%s", _("there is nobody on the link to read it"));
        return NETGAME_ERR_LINK;
    }
    size_t len = strlen(text);
    char why[96];
    if (len == 0 || len > WIRE_CHAT_MAX) {
        snprintf(ng->why, sizeof ng->why, _("a line of chat is 1 to %d bytes"), WIRE_CHAT_MAX);
        return NETGAME_ERR_TEXT;
    }
    if (!wire_text_check(text, len, why, sizeof why)) {
        snprintf(ng->why, sizeof ng->why, _("a line of chat cannot hold that: %s"), why);
        return NETGAME_ERR_TEXT;
    }
    struct wire_msg m = {.type = WIRE_CHAT};
    memcpy(m.text, text, len + 1);
    send(ng, &m);
    return NETGAME_OK;
}

enum netgame_error netgame_claim(struct netgame *ng)
{
    if (!ng->have_game || game_over(&ng->game) ||
        !((ng->state == NETGAME_DROPPED && ng->abandoned_said) || ng->state == NETGAME_STOPPED))
        return refuse(ng, "%s", _("there is nothing to claim now"));
    game_concede(&ng->game, netgame_seat(ng, other_side(ng->side)), END_FORFEIT);
    all_acked(ng);
    check_over(ng);
    ended(ng, _("the game was claimed"));
    return NETGAME_OK;
}

enum netgame_error netgame_accept(struct netgame *ng)
{
    if (is_host(ng) || ng->state != NETGAME_SETTINGS || ng->have_game)
        return refuse(ng, "%s", _("no settings wait for your answer"));
    if (!start_game(ng)) {
        ended(ng, ng->why);
        return NETGAME_ERR_ILLEGAL;
    }
    ng->synced = false; /* the host's RESUME says when to play */
    ng->state = NETGAME_PLAYING;
    send(ng, &(struct wire_msg){.type = WIRE_ACCEPT});
    push(ng, NETGAME_EV_STARTED, 0, NULL);
    return NETGAME_OK;
}

enum netgame_error netgame_decline(struct netgame *ng, const char *reason)
{
    if (is_host(ng) || ng->state != NETGAME_SETTINGS || ng->have_game)
        return refuse(ng, "%s", _("no settings wait for your answer"));
    struct wire_msg m = {.type = WIRE_DECLINE};
    if (reason != NULL && strlen(reason) <= WIRE_CHAT_MAX &&
        wire_text_check(reason, strlen(reason), (char[96]){0}, 96))
        snprintf(m.text, sizeof m.text, "%s", reason);
    send(ng, &m);
    ended(ng, _("you declined the game"));
    return NETGAME_OK;
}

/* ---- reading ---- */

const char *netgame_why(const struct netgame *ng)
{
    return ng->why;
}

enum netgame_state netgame_state(const struct netgame *ng)
{
    return ng->state;
}

enum wire_side netgame_side(const struct netgame *ng)
{
    return ng->side;
}

const struct netgame_settings *netgame_settings(const struct netgame *ng)
{
    return ng->have_settings ? &ng->settings : NULL;
}

const struct game *netgame_game(const struct netgame *ng)
{
    return ng->have_game ? &ng->game : NULL;
}

const char *netgame_code(const struct netgame *ng)
{
    return ng->code;
}

int netgame_port(const struct netgame *ng)
{
    return ng->port;
}

bool netgame_kept(const struct netgame *ng, struct netgame_kept *out)
{
    if (!ng->have_key || !ng->have_settings)
        return false;
    memset(out, 0, sizeof *out);
    memcpy(out->code, ng->code, sizeof out->code);
    snprintf(out->game_id, sizeof out->game_id, "%s", ng->key.game_id);
    out->side = ng->side;
    out->black = ng->settings.black;
    return true;
}
