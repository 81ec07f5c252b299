/* test_netgame.c — two network games in one process, a host and a joiner
 * over the loopback address, driven in turn by one loop: a short game to
 * its win, equal on both sides; the referee refusing a joiner's illegal
 * move; a wrong join code; a draw agreed, a resignation, a takeback, a
 * rematch with colours swapped, a swap opening; chat; the clock's bound on
 * a joiner that lies about its time, and its flag; a dropped link, a silent
 * peer, a host restarted from its kept game, an abandoned game claimed;
 * a server's game restored from disk, waiting for its player.
 *
 * Nothing listens beyond 127.0.0.1 (and ::1); every wait is bounded, so
 * the test ends by itself whatever the links do. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <poll.h>
#include <sys/socket.h>

#include "mnk/clock.h"
#include "mnk/notation.h"
#include "play/netgame.h"

#define WAIT_MS 20000   /* the longest wait for anything */
#define LOG_MAX 512

struct side {
    struct netgame *ng;
    struct netgame_event log[LOG_MAX];
    int n, seen;        /* events logged; those a test has looked at */
    bool paused;        /* not driven: a peer that fell silent */
};

struct pair {
    struct side host, joiner;
    char address[64];
    struct netgame_options o;
};

static void drain(struct side *s)
{
    if (s->ng == NULL || s->paused)
        return;
    struct netgame_event ev;
    while (netgame_poll(s->ng, &ev))
        if (s->n < LOG_MAX)
            s->log[s->n++] = ev;
}

/* One turn of the loop: waits for either side's fds, at most max_ms. */
static void pump(struct pair *p, int max_ms)
{
    struct side *sides[2] = {&p->host, &p->joiner};
    struct pollfd fds[2 * NETGAME_FDS_MAX];
    int n = 0, wait = max_ms;
    for (int i = 0; i < 2; i++) {
        drain(sides[i]);
        if (sides[i]->ng == NULL || sides[i]->paused)
            continue;
        n += netgame_pollfds(sides[i]->ng, fds + n);
        int t = netgame_timeout_ms(sides[i]->ng);
        if (t >= 0 && t < wait)
            wait = t;
    }
    poll(fds, (nfds_t)n, wait);
    for (int i = 0; i < 2; i++)
        drain(sides[i]);
}

/* Drives both sides until `side` logs an event of `kind` it has not seen
 * yet (the events before it are passed over): that event. Fails the test
 * after WAIT_MS. */
static struct netgame_event *await(struct pair *p, struct side *s, enum netgame_event_kind kind)
{
    int64_t deadline = clock_ms() + WAIT_MS;
    for (;;) {
        for (int i = s->seen; i < s->n; i++)
            if (s->log[i].kind == kind) {
                s->seen = i + 1;
                return &s->log[i];
            }
        if (clock_ms() > deadline) {
            for (int i = 0; i < s->n; i++)
                print_message("event %d: kind %d ply %d '%s'\n", i, (int)s->log[i].kind,
                              s->log[i].ply, s->log[i].text);
            fail_msg("no event of kind %d on the %s's side", (int)kind,
                     s == &p->host ? "host" : "joiner");
        }
        pump(p, 50);
    }
}

/* Drives both sides for ms. */
static void run_for(struct pair *p, int ms)
{
    int64_t until = clock_ms() + ms;
    while (clock_ms() < until)
        pump(p, (int)(until - clock_ms()));
}

static struct netgame_settings small_game(const char *tc)
{
    struct netgame_settings s = {7, 7, 4, RULE_FREESTYLE, OPENING_NONE, tc_none(), WIRE_HOST};
    char err[160];
    if (tc != NULL && !tc_parse(tc, &s.tc, err, sizeof err))
        fail_msg("tc %s: %s", tc, err);
    return s;
}

static struct netgame_options fast_options(void)
{
    return (struct netgame_options){.bind = "127.0.0.1", .ping_ms = 100, .retry_ms = 100};
}

/* A host with `s`, and a joiner on its way (not yet accepted). */
static void open_pair(struct pair *p, const struct netgame_settings *s,
                      const struct netgame_options *o)
{
    memset(p, 0, sizeof *p);
    p->o = *o;
    char err[256];
    p->host.ng = netgame_host(s, o, err, sizeof err);
    if (p->host.ng == NULL)
        fail_msg("host: %s", err);
    assert_int_equal(netgame_state(p->host.ng), NETGAME_WAITING);
    snprintf(p->address, sizeof p->address, strchr(o->bind, ':') ? "[%s]:%d" : "%s:%d",
             o->bind, netgame_port(p->host.ng));
    p->joiner.ng = netgame_join(p->address, netgame_code(p->host.ng), o, err, sizeof err);
    if (p->joiner.ng == NULL)
        fail_msg("join: %s", err);
    assert_int_equal(netgame_state(p->joiner.ng), NETGAME_CONNECTING);
}

/* open_pair, then the joiner accepts and both are in play. */
static void start_pair(struct pair *p, const struct netgame_settings *s,
                       const struct netgame_options *o)
{
    open_pair(p, s, o);
    await(p, &p->joiner, NETGAME_EV_SETTINGS);
    assert_int_equal(netgame_accept(p->joiner.ng), NETGAME_OK);
    await(p, &p->host, NETGAME_EV_STARTED);
    await(p, &p->joiner, NETGAME_EV_STARTED);
    /* The joiner plays once the host's RESUME 0 says the game is on. */
    run_for(p, 100);
}

/* Ends both at once. A goodbye (netgame_close) waits for the other side
 * to take it, which one loop driving both cannot do while it waits:
 * test_full_game says it once, the others just go. */
static void close_pair(struct pair *p)
{
    netgame_free(p->joiner.ng);
    netgame_free(p->host.ng);
    p->joiner.ng = p->host.ng = NULL;
}

static int cell(const struct netgame *ng, const char *name)
{
    int pos;
    if (!notation_parse(&netgame_game(ng)->board, name, &pos))
        fail_msg("no cell %s", name);
    return pos;
}

/* `s` plays `name`, having thought spent ms; the other side sees it. */
static void play(struct pair *p, struct side *s, const char *name, int spent)
{
    struct side *other = s == &p->host ? &p->joiner : &p->host;
    enum netgame_error e = netgame_move(s->ng, cell(s->ng, name), spent);
    if (e != NETGAME_OK)
        fail_msg("%s: %s (%d)", name, netgame_why(s->ng), (int)e);
    int ply = netgame_game(s->ng)->ply;
    struct netgame_event *ev = await(p, other, NETGAME_EV_MOVE);
    assert_int_equal(ev->ply, ply);
    run_for(p, 10); /* the acknowledgement */
}

/* The two games are the same game: moves, choices, clocks and result. */
static void assert_same_game(const struct netgame *a, const struct netgame *b)
{
    const struct game *x = netgame_game(a), *y = netgame_game(b);
    assert_non_null(x);
    assert_non_null(y);
    assert_int_equal(x->ply, y->ply);
    assert_int_equal(x->choices, y->choices);
    assert_memory_equal(x->moves, y->moves, sizeof x->moves[0] * (size_t)x->ply);
    assert_memory_equal(x->choice, y->choice, (size_t)x->choices);
    for (int i = 0; i < x->ply; i++) {
        assert_int_equal(x->timing[i].spent_ms, y->timing[i].spent_ms);
        assert_int_equal(x->timing[i].seat, y->timing[i].seat);
        assert_memory_equal(&x->timing[i].clock, &y->timing[i].clock, sizeof x->timing[i].clock);
    }
    assert_int_equal(x->result.outcome, y->result.outcome);
    assert_int_equal(x->result.reason, y->result.reason);
    assert_int_equal(x->swapped, y->swapped);
    assert_memory_equal(x->board.cell, y->board.cell, sizeof x->board.cell);
}

/* A 7×7 game, four in a row, on the clock, to the host's win. */
static void test_full_game(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("5m+2s");
    struct netgame_options o = fast_options();
    struct pair p;
    open_pair(&p, &s, &o);
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_CONNECTED);
    assert_non_null(strstr(ev->text, "127.0.0.1:"));
    await(&p, &p.joiner, NETGAME_EV_SETTINGS);
    const struct netgame_settings *got = netgame_settings(p.joiner.ng);
    assert_non_null(got);
    assert_int_equal(got->width, 7);
    assert_int_equal(got->win, 4);
    assert_true(tc_equal(&got->tc, &s.tc));
    assert_int_equal(got->black, WIRE_HOST);
    assert_null(netgame_game(p.joiner.ng));
    assert_int_equal(netgame_accept(p.joiner.ng), NETGAME_OK);
    await(&p, &p.host, NETGAME_EV_STARTED);
    run_for(&p, 50);
    assert_int_equal(netgame_seat(p.host.ng, WIRE_HOST), STONE_BLACK);
    assert_int_equal(netgame_seat(p.joiner.ng, WIRE_JOINER), STONE_WHITE);
    assert_true(netgame_my_turn(p.host.ng));
    assert_false(netgame_my_turn(p.joiner.ng));
    /* Not the joiner's turn: refused at home, nothing sent. */
    assert_int_equal(netgame_move(p.joiner.ng, cell(p.joiner.ng, "a2"), 5), NETGAME_ERR_NOT_NOW);

    const char *moves[] = {"a1", "a2", "b1", "b2", "c1", "c2", "d1"};
    for (int i = 0; i < 7; i++)
        play(&p, i % 2 == 0 ? &p.host : &p.joiner, moves[i], 100 + 10 * i);
    await(&p, &p.host, NETGAME_EV_OVER);
    await(&p, &p.joiner, NETGAME_EV_OVER);
    const struct game *g = netgame_game(p.host.ng);
    assert_int_equal(g->result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(g->result.reason, END_LINE);
    /* Each side was charged what it said: the link's delay is not its. */
    for (int i = 0; i < 7; i++)
        assert_int_equal(g->timing[i].spent_ms, 100 + 10 * i);
    assert_same_game(p.host.ng, p.joiner.ng);

    /* The joiner leaves: the host's session is over. */
    netgame_close(p.joiner.ng);
    p.joiner.ng = NULL;
    ev = await(&p, &p.host, NETGAME_EV_ENDED);
    assert_int_equal(netgame_state(p.host.ng), NETGAME_ENDED);
    netgame_close(p.host.ng);
}

/* The same over IPv6, where the machine has it: a game begins. */
static void test_ipv6(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    struct netgame_options o = fast_options();
    o.bind = "::1";
    char err[256];
    struct netgame *probe = netgame_host(&s, &o, err, sizeof err);
    if (probe == NULL) {
        skip();
        return;
    }
    netgame_free(probe);
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 10);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* A joiner that is no mnk's: it sends what an mnk joiner never would. */
static void raw_joiner(struct pair *p, struct link **out)
{
    struct link_config c = {.code = netgame_code(p->host.ng), .ping_ms = 100};
    char err[256];
    struct link *l = link_connect(p->address, &c, err, sizeof err);
    assert_non_null(l);
    struct wire_msg m;
    enum link_event ev = LINK_IDLE;
    int64_t deadline = clock_ms() + WAIT_MS;
    /* The host's side runs in the same loop: drive it between waits. */
    while (clock_ms() < deadline) {
        ev = link_poll(l, &m);
        if (ev == LINK_MESSAGE && m.type == WIRE_SETTINGS)
            break;
        assert_true(ev == LINK_IDLE || ev == LINK_READY);
        pump(p, 10);
    }
    assert_int_equal(m.type, WIRE_SETTINGS);
    assert_true(link_send(l, &(struct wire_msg){.type = WIRE_ACCEPT}, err, sizeof err));
    *out = l;
}

/* The next message of the raw link, driving the host meanwhile. */
static struct wire_msg raw_next(struct pair *p, struct link *l)
{
    struct wire_msg m;
    int64_t deadline = clock_ms() + WAIT_MS;
    while (clock_ms() < deadline) {
        enum link_event ev = link_poll(l, &m);
        if (ev == LINK_MESSAGE)
            return m;
        if (ev != LINK_IDLE)
            fail_msg("raw link: event %d, %s", (int)ev, link_error(l));
        pump(p, 10);
    }
    fail_msg("raw link: nothing came");
    return m;
}

static void raw_move(struct link *l, int ply, int x, int y)
{
    struct wire_msg m = {.type = WIRE_MOVE};
    m.move = (struct wire_move){ply, x, y, 0, WIRE_NO_CLOCK, WIRE_NO_CLOCK};
    char err[256];
    assert_true(link_send(l, &m, err, sizeof err));
}

/* The referee refuses a move out of turn and a move on a stone: ERROR to
 * the joiner, the game kept as it was. */
static void test_referee_refuses(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    struct netgame_options o = fast_options();
    struct pair p;
    memset(&p, 0, sizeof p);
    char err[256];

    /* Out of turn: the host has Black, the joiner moves first. */
    p.host.ng = netgame_host(&s, &o, err, sizeof err);
    assert_non_null(p.host.ng);
    snprintf(p.address, sizeof p.address, "127.0.0.1:%d", netgame_port(p.host.ng));
    struct link *l;
    raw_joiner(&p, &l);
    struct wire_msg m = raw_next(&p, l);
    assert_int_equal(m.type, WIRE_RESUME);
    assert_int_equal(m.resume, 0);
    raw_move(l, 1, 3, 3);
    m = raw_next(&p, l);
    assert_int_equal(m.type, WIRE_ERROR);
    assert_string_equal(m.text, "move 1 was played out of turn");
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_STOPPED);
    assert_non_null(strstr(ev->text, "out of turn"));
    assert_int_equal(netgame_state(p.host.ng), NETGAME_STOPPED);
    assert_int_equal(netgame_game(p.host.ng)->ply, 0);
    link_free(l);
    netgame_close(p.host.ng);

    /* On a stone, and then an ordinary one out of order. */
    memset(&p, 0, sizeof p);
    p.host.ng = netgame_host(&s, &o, err, sizeof err);
    assert_non_null(p.host.ng);
    snprintf(p.address, sizeof p.address, "127.0.0.1:%d", netgame_port(p.host.ng));
    raw_joiner(&p, &l);
    assert_int_equal(raw_next(&p, l).type, WIRE_RESUME);
    run_for(&p, 20);
    assert_int_equal(netgame_move(p.host.ng, board_pos(&netgame_game(p.host.ng)->board, 3, 3), 7),
                     NETGAME_OK);
    m = raw_next(&p, l);
    assert_int_equal(m.type, WIRE_MOVE);
    assert_int_equal(m.move.ply, 1);
    assert_int_equal(m.move.x, 3);
    assert_int_equal(m.move.spent_ms, 7);
    raw_move(l, 2, 3, 3);
    m = raw_next(&p, l);
    assert_int_equal(m.type, WIRE_ERROR);
    assert_string_equal(m.text, "move 2 is not legal: the cell holds a stone");
    await(&p, &p.host, NETGAME_EV_STOPPED);
    assert_int_equal(netgame_game(p.host.ng)->ply, 1);
    /* Stopped: the one who stayed may claim the game. */
    assert_int_equal(netgame_claim(p.host.ng), NETGAME_OK);
    assert_int_equal(netgame_game(p.host.ng)->result.reason, END_FORFEIT);
    assert_int_equal(netgame_game(p.host.ng)->result.outcome, OUTCOME_BLACK_WINS);
    link_free(l);
    netgame_close(p.host.ng);
}

/* A joiner with the wrong code cannot join; the host goes on waiting and
 * the right code still joins. */
static void test_wrong_code(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    struct netgame_options o = fast_options();
    struct pair p;
    memset(&p, 0, sizeof p);
    char err[256];
    p.host.ng = netgame_host(&s, &o, err, sizeof err);
    assert_non_null(p.host.ng);
    snprintf(p.address, sizeof p.address, "127.0.0.1:%d", netgame_port(p.host.ng));
    char code[JOINCODE_SIZE];
    snprintf(code, sizeof code, "%s", netgame_code(p.host.ng));
    code[0] = code[0] == '7' ? '8' : '7';
    p.joiner.ng = netgame_join(p.address, code, &o, err, sizeof err);
    assert_non_null(p.joiner.ng);
    struct netgame_event *ev = await(&p, &p.joiner, NETGAME_EV_ENDED);
    assert_string_equal(ev->text, "the join code does not match this game");
    assert_int_equal(netgame_state(p.joiner.ng), NETGAME_ENDED);
    ev = await(&p, &p.host, NETGAME_EV_NOTICE);
    assert_non_null(strstr(ev->text, "a code that does not match this game"));
    assert_int_equal(netgame_state(p.host.ng), NETGAME_WAITING);
    netgame_close(p.joiner.ng);

    /* A malformed code is refused before anything is sent. */
    assert_null(netgame_join(p.address, "not a code", &o, err, sizeof err));

    p.joiner.ng = netgame_join(p.address, netgame_code(p.host.ng), &o, err, sizeof err);
    assert_non_null(p.joiner.ng);
    await(&p, &p.joiner, NETGAME_EV_SETTINGS);
    /* A decline sends the host back to waiting. */
    assert_int_equal(netgame_decline(p.joiner.ng, "not today"), NETGAME_OK);
    ev = await(&p, &p.host, NETGAME_EV_DECLINED);
    assert_string_equal(ev->text, "not today");
    assert_int_equal(netgame_state(p.host.ng), NETGAME_WAITING);
    close_pair(&p);
}

/* A draw offered and declined, then one offered and agreed. */
static void test_draw(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("10m");
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 50);
    play(&p, &p.joiner, "c3", 60);
    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_DRAW), NETGAME_OK);
    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_DRAW), NETGAME_ERR_NOT_NOW);
    struct netgame_event *ev = await(&p, &p.joiner, NETGAME_EV_OFFER);
    assert_int_equal(ev->ask, NETGAME_ASK_DRAW);
    assert_int_equal(netgame_asked(p.joiner.ng), NETGAME_ASK_DRAW);
    assert_int_equal(netgame_answer(p.joiner.ng, false), NETGAME_OK);
    ev = await(&p, &p.host, NETGAME_EV_ANSWER);
    assert_int_equal(ev->ask, NETGAME_ASK_DRAW);
    assert_false(ev->yes);
    assert_false(game_over(netgame_game(p.host.ng)));

    play(&p, &p.host, "e5", 70);
    assert_int_equal(netgame_ask(p.joiner.ng, NETGAME_ASK_DRAW), NETGAME_OK);
    ev = await(&p, &p.host, NETGAME_EV_OFFER);
    assert_int_equal(ev->ask, NETGAME_ASK_DRAW);
    assert_int_equal(netgame_answer(p.host.ng, true), NETGAME_OK);
    await(&p, &p.host, NETGAME_EV_OVER);
    await(&p, &p.joiner, NETGAME_EV_OVER);
    const struct game *g = netgame_game(p.joiner.ng);
    assert_int_equal(g->result.outcome, OUTCOME_DRAW);
    assert_int_equal(g->result.reason, END_AGREED);
    assert_int_equal(g->ply, 3);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* A resignation, then a rematch with colours swapped. */
static void test_resign_rematch(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 0);
    assert_int_equal(netgame_resign(p.joiner.ng), NETGAME_OK);
    await(&p, &p.host, NETGAME_EV_OVER);
    await(&p, &p.joiner, NETGAME_EV_OVER);
    const struct game *g = netgame_game(p.joiner.ng);
    assert_int_equal(g->result.reason, END_RESIGN);
    assert_int_equal(g->result.outcome, OUTCOME_BLACK_WINS); /* the host had Black */
    assert_same_game(p.host.ng, p.joiner.ng);
    assert_int_equal(netgame_move(p.host.ng, cell(p.host.ng, "e5"), 0), NETGAME_ERR_NOT_NOW);

    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_REMATCH), NETGAME_OK);
    struct netgame_event *ev = await(&p, &p.joiner, NETGAME_EV_OFFER);
    assert_int_equal(ev->ask, NETGAME_ASK_REMATCH);
    assert_int_equal(netgame_answer(p.joiner.ng, true), NETGAME_OK);
    await(&p, &p.joiner, NETGAME_EV_STARTED);
    await(&p, &p.host, NETGAME_EV_STARTED);
    assert_int_equal(netgame_settings(p.host.ng)->black, WIRE_JOINER);
    assert_int_equal(netgame_seat(p.joiner.ng, WIRE_JOINER), STONE_BLACK);
    assert_int_equal(netgame_seat(p.host.ng, WIRE_JOINER), STONE_BLACK);
    assert_int_equal(netgame_game(p.host.ng)->ply, 0);
    play(&p, &p.joiner, "d4", 10);
    /* The host resigns the rematch: it says so itself. */
    assert_int_equal(netgame_resign(p.host.ng), NETGAME_OK);
    await(&p, &p.joiner, NETGAME_EV_OVER);
    assert_int_equal(netgame_game(p.joiner.ng)->result.outcome, OUTCOME_BLACK_WINS);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* Takebacks: the joiner's, agreed by the host, and the host's, agreed by
 * the joiner. */
static void test_takeback(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("10m");
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 10);
    play(&p, &p.joiner, "c3", 20);
    assert_int_equal(netgame_ask(p.joiner.ng, NETGAME_ASK_TAKEBACK), NETGAME_OK);
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_OFFER);
    assert_int_equal(ev->ask, NETGAME_ASK_TAKEBACK);
    assert_int_equal(netgame_answer(p.host.ng, true), NETGAME_OK);
    ev = await(&p, &p.joiner, NETGAME_EV_UNDO);
    assert_int_equal(ev->ply, 1);
    assert_int_equal(netgame_game(p.host.ng)->ply, 1);
    assert_same_game(p.host.ng, p.joiner.ng);
    play(&p, &p.joiner, "e5", 30);
    play(&p, &p.host, "e4", 40);

    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_TAKEBACK), NETGAME_OK);
    /* While it waits, the one who asked makes no move. */
    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_DRAW), NETGAME_ERR_NOT_NOW);
    await(&p, &p.joiner, NETGAME_EV_OFFER);
    assert_int_equal(netgame_answer(p.joiner.ng, true), NETGAME_OK);
    ev = await(&p, &p.host, NETGAME_EV_UNDO);
    assert_int_equal(ev->ply, 2);
    ev = await(&p, &p.joiner, NETGAME_EV_UNDO);
    assert_int_equal(ev->ply, 2);
    assert_same_game(p.host.ng, p.joiner.ng);
    assert_true(netgame_my_turn(p.host.ng));
    play(&p, &p.host, "f6", 50);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* Chat: a line arrives as it was; what cannot be drawn is refused. */
static void test_chat(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    assert_int_equal(netgame_chat(p.joiner.ng, "good luck — 祝你好运"), NETGAME_OK);
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_CHAT);
    assert_string_equal(ev->text, "good luck — 祝你好运");
    char err[96];
    assert_true(wire_text_check(ev->text, strlen(ev->text), err, sizeof err));
    assert_int_equal(netgame_chat(p.host.ng, "\x1b[2Jgotcha"), NETGAME_ERR_TEXT);
    assert_non_null(strstr(netgame_why(p.host.ng), "U+001B"));
    assert_int_equal(netgame_chat(p.host.ng, "two\nlines"), NETGAME_ERR_TEXT);
    assert_int_equal(netgame_chat(p.host.ng, "\xe2\x80\xae reversed"), NETGAME_ERR_TEXT);
    assert_int_equal(netgame_chat(p.host.ng, "bad \xff byte"), NETGAME_ERR_TEXT);
    assert_int_equal(netgame_chat(p.host.ng, ""), NETGAME_ERR_TEXT);
    char lng[WIRE_CHAT_MAX + 2];
    memset(lng, 'x', sizeof lng - 1);
    lng[sizeof lng - 1] = '\0';
    assert_int_equal(netgame_chat(p.host.ng, lng), NETGAME_ERR_TEXT);
    lng[WIRE_CHAT_MAX] = '\0';
    assert_int_equal(netgame_chat(p.host.ng, lng), NETGAME_OK);
    ev = await(&p, &p.joiner, NETGAME_EV_CHAT);
    assert_int_equal(strlen(ev->text), WIRE_CHAT_MAX);
    close_pair(&p);
}

/* The clock: a joiner that says it took no time is charged the host's
 * measure less the allowance; one that does not move loses on time. */
static void test_clock(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("3s");
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 100);
    run_for(&p, 1500); /* the joiner thinks, pings going both ways */
    assert_int_equal(netgame_move(p.joiner.ng, cell(p.joiner.ng, "c3"), 0), NETGAME_OK);
    await(&p, &p.host, NETGAME_EV_MOVE);
    struct netgame_event *ev = await(&p, &p.joiner, NETGAME_EV_CLOCK);
    assert_int_equal(ev->ply, 2);
    int charged = netgame_game(p.host.ng)->timing[1].spent_ms;
    assert_true(charged >= 1500 - NETGAME_LAG_MAX_MS);
    assert_true(charged <= 1500 + 500);
    assert_same_game(p.host.ng, p.joiner.ng);

    /* The joiner has 3 s - charged left, and thinks on: the host's flag. */
    play(&p, &p.host, "e5", 100);
    int64_t start = clock_ms();
    await(&p, &p.host, NETGAME_EV_OVER);
    await(&p, &p.joiner, NETGAME_EV_OVER);
    assert_true(clock_ms() - start >= 3000 - charged - 100);
    const struct game *g = netgame_game(p.joiner.ng);
    assert_int_equal(g->result.reason, END_TIME);
    assert_int_equal(g->result.outcome, OUTCOME_BLACK_WINS);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* A swap opening: the host places three stones, the joiner takes Black,
 * and the host, now White, plays on. */
static void test_swap(void **state)
{
    (void)state;
    struct netgame_settings s = small_game(NULL);
    s.opening = OPENING_SWAP;
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 0);
    play(&p, &p.host, "c3", 0);
    play(&p, &p.host, "e5", 0);
    assert_true(netgame_my_turn(p.joiner.ng));
    assert_int_equal(netgame_choose(p.joiner.ng, OPENING_TAKE_BLACK), NETGAME_OK);
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_CHOICE);
    assert_int_equal(ev->ply, 3);
    run_for(&p, 20);
    assert_int_equal(netgame_seat(p.host.ng, WIRE_HOST), STONE_WHITE);
    assert_int_equal(netgame_seat(p.joiner.ng, WIRE_JOINER), STONE_BLACK);
    assert_true(netgame_my_turn(p.host.ng));
    play(&p, &p.host, "b2", 0);
    play(&p, &p.joiner, "f6", 0);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* The socket of a side's link, which a test cuts as a pulled cable would. */
static void cut_link(struct netgame *ng)
{
    struct pollfd fds[NETGAME_FDS_MAX];
    int n = netgame_pollfds(ng, fds);
    assert_true(n >= 1);
    shutdown(fds[n - 1].fd, SHUT_RDWR);
}

/* A dropped link, with a move in flight: the joiner reconnects by itself,
 * and the game goes on from the same ply with the same clocks. */
static void test_drop_and_resume(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("5m+1s");
    struct netgame_options o = fast_options();
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 300);
    play(&p, &p.joiner, "c3", 400);
    play(&p, &p.host, "e5", 500);
    assert_int_equal(netgame_move(p.joiner.ng, cell(p.joiner.ng, "c4"), 600), NETGAME_OK);
    cut_link(p.joiner.ng);
    await(&p, &p.joiner, NETGAME_EV_DROPPED);
    assert_int_equal(netgame_state(p.joiner.ng), NETGAME_DROPPED);
    /* Nothing is played while the link is down. */
    await(&p, &p.host, NETGAME_EV_DROPPED);
    assert_int_equal(netgame_ask(p.host.ng, NETGAME_ASK_DRAW), NETGAME_ERR_LINK);
    await(&p, &p.joiner, NETGAME_EV_RESUMED);
    await(&p, &p.host, NETGAME_EV_RESUMED);
    run_for(&p, 50);
    assert_int_equal(netgame_state(p.host.ng), NETGAME_PLAYING);
    assert_int_equal(netgame_game(p.host.ng)->ply, 4);
    assert_int_equal(netgame_game(p.host.ng)->timing[3].spent_ms, 600);
    assert_same_game(p.host.ng, p.joiner.ng);
    play(&p, &p.host, "f6", 700);
    play(&p, &p.joiner, "c5", 800);
    assert_same_game(p.host.ng, p.joiner.ng);

    /* The host's process dies (kill -9) after a move its autosave missed;
     * it comes back from that autosave on the same port, and the joiner,
     * who had the move, gives it back. */
    struct game kept = *netgame_game(p.host.ng);
    struct netgame_kept k;
    assert_true(netgame_kept(p.host.ng, &k));
    assert_int_equal(k.side, WIRE_HOST);
    play(&p, &p.host, "a7", 900);
    int port = netgame_port(p.host.ng);
    netgame_free(p.host.ng);
    p.host.ng = NULL;
    await(&p, &p.joiner, NETGAME_EV_DROPPED);
    struct netgame_options again = o;
    again.port = port;
    char err[256];
    p.host.ng = netgame_host_resume(&kept, &k, &again, err, sizeof err);
    if (p.host.ng == NULL)
        fail_msg("host resume: %s", err);
    assert_int_equal(netgame_state(p.host.ng), NETGAME_DROPPED);
    await(&p, &p.host, NETGAME_EV_RESUMED);
    await(&p, &p.joiner, NETGAME_EV_RESUMED);
    run_for(&p, 50);
    p.host.seen = p.host.n; /* the move it was given back */
    assert_int_equal(netgame_game(p.host.ng)->ply, 7);
    assert_same_game(p.host.ng, p.joiner.ng);
    play(&p, &p.joiner, "c6", 100);
    assert_same_game(p.host.ng, p.joiner.ng);
    assert_int_equal(netgame_game(p.host.ng)->result.outcome, OUTCOME_WHITE_WINS);

    /* The joiner's process dies too, and comes back from its own game. */
    struct game jkept = *netgame_game(p.joiner.ng);
    assert_true(netgame_kept(p.joiner.ng, &k));
    assert_int_equal(k.side, WIRE_JOINER);
    netgame_free(p.joiner.ng);
    p.joiner.ng = netgame_join_resume(&jkept, &k, p.address, &o, err, sizeof err);
    if (p.joiner.ng == NULL)
        fail_msg("join resume: %s", err);
    await(&p, &p.joiner, NETGAME_EV_RESUMED);
    run_for(&p, 50);
    assert_same_game(p.host.ng, p.joiner.ng);
    close_pair(&p);
}

/* A peer that says nothing is dropped after silent_ms; it comes back. Then
 * one that never comes back: after reconnect_ms the host may claim. */
static void test_silent_and_abandoned(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("10m");
    struct netgame_options o = fast_options();
    o.silent_ms = 600;
    o.reconnect_ms = 1000;
    struct pair p;
    start_pair(&p, &s, &o);
    play(&p, &p.host, "d4", 10);
    p.joiner.paused = true;
    int64_t start = clock_ms();
    struct netgame_event *ev = await(&p, &p.host, NETGAME_EV_DROPPED);
    assert_true(clock_ms() - start >= 500);
    assert_non_null(strstr(ev->text, "nothing heard from the other side"));
    p.joiner.paused = false;
    await(&p, &p.joiner, NETGAME_EV_RESUMED);
    await(&p, &p.host, NETGAME_EV_RESUMED);
    play(&p, &p.joiner, "c3", 20);
    assert_same_game(p.host.ng, p.joiner.ng);

    /* Gone for good: the host waits, then may claim the game. */
    netgame_free(p.joiner.ng);
    p.joiner.ng = NULL;
    await(&p, &p.host, NETGAME_EV_DROPPED);
    assert_int_equal(netgame_claim(p.host.ng), NETGAME_ERR_NOT_NOW); /* not yet */
    await(&p, &p.host, NETGAME_EV_ABANDONED);
    assert_int_equal(netgame_claim(p.host.ng), NETGAME_OK);
    const struct game *g = netgame_game(p.host.ng);
    assert_int_equal(g->result.reason, END_FORFEIT);
    assert_int_equal(g->result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(netgame_state(p.host.ng), NETGAME_ENDED);
    netgame_close(p.host.ng);
}

/* A server's game restored (netgame_serve_resume): the game as kept,
 * clocks included, no link, waiting for its player; the other seat's
 * actions wait for the link; past reconnect_ms it is abandoned, and the
 * claim is a forfeit. */
static void test_serve_resume(void **state)
{
    (void)state;
    struct netgame_settings s = small_game("5m");
    struct game_config c;
    game_config_default(&c);
    c.width = s.width;
    c.height = s.height;
    c.win = s.win;
    c.tc = s.tc;
    struct game g;
    assert_null(game_init(&g, &c));
    const char *moves[] = {"d4", "c3", "e5"};
    for (int i = 0; i < 3; i++) {
        int pos;
        assert_true(notation_parse(&g.board, moves[i], &pos));
        assert_int_equal(game_play_timed(&g, pos, 1000 * (i + 1)), GAME_OK);
    }
    struct netgame_options o = fast_options();
    o.reconnect_ms = 400;
    char err[256];
    /* The player is the joiner, White: the host's seat (Black) is the
     * other player's. */
    struct netgame *ng = netgame_serve_resume(&g, &s, "ann", &o, err, sizeof err);
    if (ng == NULL)
        fail_msg("serve_resume: %s", err);
    assert_int_equal(netgame_state(ng), NETGAME_DROPPED);
    assert_string_equal(netgame_peer_name(ng), "ann");
    const struct game *kept = netgame_game(ng);
    assert_non_null(kept);
    assert_int_equal(kept->ply, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(kept->moves[i], g.moves[i]);
        assert_int_equal(kept->timing[i].spent_ms, g.timing[i].spent_ms);
    }
    assert_int_equal(netgame_seat(ng, WIRE_JOINER), STONE_WHITE);
    assert_false(netgame_my_turn(ng));
    int pos;
    assert_true(notation_parse(&kept->board, "f6", &pos));
    assert_int_equal(netgame_move(ng, pos, 10), NETGAME_ERR_LINK);
    assert_int_equal(kept->ply, 3);

    int64_t start = clock_ms();
    struct netgame_event ev;
    bool abandoned = false;
    while (!abandoned && clock_ms() - start < WAIT_MS) {
        if (!netgame_wait(ng, &ev, 100))
            continue;
        abandoned = ev.kind == NETGAME_EV_ABANDONED;
    }
    assert_true(abandoned);
    assert_true(clock_ms() - start >= 300);
    assert_int_equal(netgame_claim(ng), NETGAME_OK);
    assert_int_equal(netgame_game(ng)->result.reason, END_FORFEIT);
    assert_int_equal(netgame_game(ng)->result.outcome, OUTCOME_BLACK_WINS);
    netgame_close(ng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_game),
        cmocka_unit_test(test_ipv6),
        cmocka_unit_test(test_referee_refuses),
        cmocka_unit_test(test_wrong_code),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_resign_rematch),
        cmocka_unit_test(test_takeback),
        cmocka_unit_test(test_chat),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_drop_and_resume),
        cmocka_unit_test(test_silent_and_abandoned),
        cmocka_unit_test(test_serve_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
