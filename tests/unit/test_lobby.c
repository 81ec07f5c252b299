/* test_lobby.c — play/lobby.h against a real server (play/server.h) in the
 * same process, on 127.0.0.1, both driven by one loop: the key pinned on
 * the first connection only, a name taken refused, the list empty then
 * with an open game and its settings, a request for no game refused and
 * the lobby still usable, a second request while one waits refused, a
 * seat handed over as a netgame, a spectator given the game's players and
 * settings, and a server showing another key at the same address refused.
 *
 * Every wait is bounded; the temporary directory is removed at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <poll.h>
#include <unistd.h>

#include "mnk/clock.h"
#include "play/lobby.h"
#include "play/server.h"

#define WAIT_MS 10000

struct world {
    char dir[64];
    char known[128];
    struct link_identity *id;
    struct server *server;
    int port;
    char address[32];
};

static void start_server(struct world *w, const char *sub, int port)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/%s", w->dir, sub);
    w->id = link_identity_own(path, err, sizeof err);
    if (w->id == NULL)
        fail_msg("identity: %s", err);
    struct server_options o = {.bind = "127.0.0.1", .port = port, .identity = w->id};
    w->server = server_new(&o, err, sizeof err);
    if (w->server == NULL)
        fail_msg("server: %s", err);
    w->port = server_port(w->server);
    snprintf(w->address, sizeof w->address, "127.0.0.1:%d", w->port);
}

static void stop_server(struct world *w)
{
    server_free(w->server);
    link_identity_free(w->id);
    w->server = NULL;
    w->id = NULL;
}

/* Drives the server and `lb` until lb gives an event of `kind` (others
 * are skipped; an unexpected end fails). */
static struct lobby_event wait_for(struct world *w, struct lobby *lb,
                                   enum lobby_event_kind kind)
{
    int64_t deadline = clock_ms() + WAIT_MS;
    struct lobby_event ev;
    while (clock_ms() < deadline) {
        server_step(w->server);
        while (lobby_poll(lb, &ev)) {
            if (ev.kind == kind)
                return ev;
            if (ev.kind == LOBBY_EV_ENDED)
                fail_msg("the lobby ended: %s", ev.text);
        }
        struct pollfd *sfds, fds[64];
        size_t n = server_pollfds(w->server, &sfds);
        if (n > 63)
            n = 63;
        memcpy(fds, sfds, n * sizeof *fds);
        size_t ns = n;
        if (lobby_fd(lb) >= 0)
            fds[n++] = (struct pollfd){.fd = lobby_fd(lb), .events = lobby_events(lb)};
        poll(fds, (nfds_t)n, 10);
        /* server_step steps the games whose descriptors its own array
         * says are ready (server.h). */
        for (size_t i = 0; i < ns; i++)
            sfds[i].revents = fds[i].revents;
    }
    fail_msg("no lobby event %d", (int)kind);
    return ev;
}

static struct lobby *connect_as(struct world *w, const char *name)
{
    char err[LOBBY_WHY_MAX];
    struct lobby *lb = lobby_connect(w->address, name, w->known, err, sizeof err);
    if (lb == NULL)
        fail_msg("connect: %s", err);
    return lb;
}

static void test_lobby(void **state)
{
    (void)state;
    struct world w;
    snprintf(w.dir, sizeof w.dir, "/tmp/mnk-lobby-XXXXXX");
    assert_non_null(mkdtemp(w.dir));
    snprintf(w.known, sizeof w.known, "%s/client/known-servers", w.dir);
    start_server(&w, "server", 0);
    char err[LOBBY_WHY_MAX];

    /* A malformed name never reaches the server. */
    assert_null(lobby_connect(w.address, "two words", w.known, err, sizeof err));

    /* The first connection pins the key; the fingerprint is the server's. */
    struct lobby *ann = connect_as(&w, "ann");
    wait_for(&w, ann, LOBBY_EV_WELCOME);
    assert_int_equal(lobby_state(ann), LOBBY_IN);
    assert_true(lobby_pinned_now(ann));
    assert_string_equal(lobby_fingerprint(ann), link_identity_fingerprint(w.id));
    assert_string_equal(lobby_address(ann), w.address);

    /* The same name again is refused, and that lobby is over. */
    struct lobby *again = connect_as(&w, "ann");
    struct lobby_event ev = wait_for(&w, again, LOBBY_EV_ENDED);
    assert_non_null(strstr(ev.text, "ann is taken"));
    assert_int_equal(lobby_state(again), LOBBY_ENDED);
    lobby_free(again);

    /* An empty list; one request at a time. */
    assert_true(lobby_list(ann, err, sizeof err));
    assert_false(lobby_list(ann, err, sizeof err));
    wait_for(&w, ann, LOBBY_EV_LISTED);
    int count, total;
    lobby_games(ann, &count, &total);
    assert_int_equal(count, 0);
    assert_int_equal(total, 0);

    /* No game 5: refused, and still in the lobby. */
    assert_true(lobby_join(ann, 5, err, sizeof err));
    ev = wait_for(&w, ann, LOBBY_EV_REFUSED);
    assert_non_null(strstr(ev.text, "5"));
    assert_int_equal(lobby_state(ann), LOBBY_IN);

    /* Ann opens a 7x7 game; her seat becomes a netgame. */
    struct netgame_settings st = {7, 7, 4, RULE_FREESTYLE, OPENING_NONE, tc_none(), WIRE_HOST};
    assert_true(lobby_create(ann, &st, err, sizeof err));
    ev = wait_for(&w, ann, LOBBY_EV_SEAT);
    assert_int_equal(ev.seat.game, 1);
    assert_int_equal(lobby_state(ann), LOBBY_SEATED);
    struct netgame_options o = {0};
    struct netgame *seat = lobby_take_seat(ann, &o, err, sizeof err);
    if (seat == NULL)
        fail_msg("seat: %s", err);
    assert_int_equal(lobby_state(ann), LOBBY_ENDED);
    assert_null(lobby_take_seat(ann, &o, err, sizeof err));
    lobby_free(ann);

    /* Bob sees it open, with its settings, and pins nothing new. */
    struct lobby *bob = connect_as(&w, "bob");
    wait_for(&w, bob, LOBBY_EV_WELCOME);
    assert_false(lobby_pinned_now(bob));
    assert_true(lobby_list(bob, err, sizeof err));
    wait_for(&w, bob, LOBBY_EV_LISTED);
    const struct wire_game *games = lobby_games(bob, &count, &total);
    assert_int_equal(count, 1);
    assert_int_equal(total, 1);
    assert_int_equal(games[0].game, 1);
    assert_int_equal(games[0].state, WIRE_GAME_OPEN);
    assert_string_equal(games[0].host, "ann");
    assert_string_equal(games[0].joiner, "");
    assert_int_equal(games[0].settings.width, 7);
    assert_int_equal(games[0].settings.win, 4);

    /* Bob watches it: the players, then the game on its board. */
    assert_null(lobby_watched(bob));
    assert_true(lobby_watch(bob, 1, err, sizeof err));
    wait_for(&w, bob, LOBBY_EV_WATCHING);
    const struct lobby_watch *wt = lobby_watched(bob);
    assert_non_null(wt);
    assert_int_equal(wt->number, 1);
    assert_string_equal(wt->host, "ann");
    wait_for(&w, bob, LOBBY_EV_SETTINGS);
    assert_true(wt->has_game);
    assert_int_equal(wt->game.board.width, 7);
    assert_int_equal(wt->game.ply, 0);
    assert_false(lobby_list(bob, err, sizeof err));   /* a spectator asks nothing */
    lobby_close(bob);
    netgame_free(seat);

    /* Another key at the same address: refused with the link's sentence. */
    int port = w.port;
    stop_server(&w);
    start_server(&w, "other-server", port);
    struct lobby *eve = connect_as(&w, "eve");
    ev = wait_for(&w, eve, LOBBY_EV_ENDED);
    assert_non_null(strstr(ev.text, "different key"));
    assert_string_equal(lobby_why(eve), ev.text);
    lobby_free(eve);
    stop_server(&w);

    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", w.dir);
    assert_int_equal(system(rm), 0);
}

/* Steps the server, the two players' netgames (each playing `moves` in
 * turn from its list, and asking for a rematch once its game is over when
 * `rematch`) and the spectator `lb`, whose events go into seen[] (at most
 * max), until `until` comes to it or the time is up: its count. */
static int play_watched(struct world *w, struct netgame *ng[2], const int *const moves[2],
                        bool rematch, struct lobby *lb, enum lobby_event_kind until,
                        int until_count, enum lobby_event_kind *seen, int max)
{
    int n_seen = 0, got = 0, next[2] = { 0, 0 };
    bool asked[2] = { false, false };
    int64_t deadline = clock_ms() + WAIT_MS;
    while (clock_ms() < deadline) {
        server_step(w->server);
        for (int p = 0; p < 2; p++) {
            struct netgame_event ev;
            while (netgame_poll(ng[p], &ev))
                if (ev.kind == NETGAME_EV_OFFER && ev.ask == NETGAME_ASK_REMATCH)
                    netgame_answer(ng[p], true);
            const struct game *g = netgame_game(ng[p]);
            if (g != NULL && game_over(g) && rematch && !asked[p] && p == 0) {
                asked[p] = netgame_ask(ng[p], NETGAME_ASK_REMATCH) == NETGAME_OK;
            } else if (g != NULL && !game_over(g) && netgame_my_turn(ng[p]) &&
                       moves[p][next[p]] >= 0 && netgame_move(ng[p], moves[p][next[p]], 10) ==
                                                      NETGAME_OK) {
                next[p]++;
            }
        }
        struct lobby_event ev;
        while (lobby_poll(lb, &ev)) {
            if (n_seen < max)
                seen[n_seen++] = ev.kind;
            if (ev.kind == until && ++got == until_count)
                return n_seen;
            if (ev.kind == LOBBY_EV_ENDED)
                fail_msg("the lobby ended: %s", ev.text);
        }
        struct pollfd *sfds, fds[64];
        size_t n = server_pollfds(w->server, &sfds);
        if (n > 40)
            n = 40;
        memcpy(fds, sfds, n * sizeof *fds);
        size_t ns = n;
        for (int p = 0; p < 2; p++)
            n += (size_t)netgame_pollfds(ng[p], fds + n);
        if (lobby_fd(lb) >= 0)
            fds[n++] = (struct pollfd){.fd = lobby_fd(lb), .events = lobby_events(lb)};
        poll(fds, (nfds_t)n, 5);
        for (size_t i = 0; i < ns; i++)
            sfds[i].revents = fds[i].revents;
    }
    fail_msg("the spectator did not see event %d %d times", (int)until, until_count);
    return n_seen;
}

/* A game watched through its end and its rematch: the spectator sees the
 * moves, the result, then the rematch's settings with the colours swapped,
 * and no takeback in between. */
static void test_watch_rematch(void **state)
{
    (void)state;
    struct world w;
    snprintf(w.dir, sizeof w.dir, "/tmp/mnk-lobby-XXXXXX");
    assert_non_null(mkdtemp(w.dir));
    snprintf(w.known, sizeof w.known, "%s/client/known-servers", w.dir);
    start_server(&w, "server", 0);
    char err[LOBBY_WHY_MAX];
    struct netgame_options o = {0};
    struct netgame *ng[2];
    const char *names[2] = { "ann", "cid" };
    for (int p = 0; p < 2; p++) {
        struct lobby *lb = connect_as(&w, names[p]);
        wait_for(&w, lb, LOBBY_EV_WELCOME);
        struct netgame_settings st = {7, 7, 4, RULE_FREESTYLE, OPENING_NONE, tc_none(),
                                      WIRE_HOST};
        assert_true(p == 0 ? lobby_create(lb, &st, err, sizeof err)
                           : lobby_join(lb, 1, err, sizeof err));
        wait_for(&w, lb, LOBBY_EV_SEAT);
        ng[p] = lobby_take_seat(lb, &o, err, sizeof err);
        if (ng[p] == NULL)
            fail_msg("seat: %s", err);
        lobby_free(lb);
    }
    struct lobby *bob = connect_as(&w, "bob");
    wait_for(&w, bob, LOBBY_EV_WELCOME);
    assert_true(lobby_watch(bob, 1, err, sizeof err));
    wait_for(&w, bob, LOBBY_EV_SETTINGS);
    /* Ann (Black) makes four on the top row; Cid answers on the next. */
    static const int black[] = { 0, 1, 2, 3, -1 }, white[] = { 7, 8, 9, -1 };
    const int *const moves[2] = { black, white };
    enum lobby_event_kind seen[64];
    int n = play_watched(&w, ng, moves, true, bob, LOBBY_EV_SETTINGS, 1, seen, 64);
    int results = 0, moves_seen = 0;
    for (int i = 0; i < n; i++) {
        assert_int_not_equal(seen[i], LOBBY_EV_UNDO);
        results += seen[i] == LOBBY_EV_RESULT;
        moves_seen += seen[i] == LOBBY_EV_MOVE;
    }
    assert_int_equal(moves_seen, 7);
    assert_int_equal(results, 1);
    assert_int_equal(seen[n - 1], LOBBY_EV_SETTINGS);
    const struct lobby_watch *wt = lobby_watched(bob);
    assert_true(wt->has_game);
    assert_int_equal(wt->game.ply, 0);
    /* The rematch: the one who joined has Black now, and the spectator is
     * told so. */
    assert_int_equal(netgame_seat(ng[1], WIRE_JOINER), STONE_BLACK);
    assert_int_equal(wt->settings.black, WIRE_JOINER);
    lobby_close(bob);
    netgame_free(ng[0]);
    netgame_free(ng[1]);
    stop_server(&w);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf '%s'", w.dir);
    assert_int_equal(system(rm), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby),
        cmocka_unit_test(test_watch_rematch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
