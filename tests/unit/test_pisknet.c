/* test_pisknet.c — two pisknet ends, mnk hosting and mnk joining over
 * Piskvork's protocol on 127.0.0.1, driven in one thread: the settings, a
 * game to a win, a takeback asked and answered both ways, chat, the next
 * game begun by the side that did not move last, a new game asked while
 * one goes on, and the end; and a raw peer whose last move and END come
 * with its end of stream, which must all be read. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cmocka.h>

#include "mnk/clock.h"
#include "net/piskwire.h"
#include "play/pisknet.h"

struct ends {
    struct pisknet *host, *join;
};

/* Polls both ends until `who` gives an event of `kind` (others are
 * skipped), for at most 5 s. */
static struct netgame_event wait_for(struct ends *e, struct pisknet *who,
                                     enum netgame_event_kind kind)
{
    int64_t deadline = clock_ms() + 5000;
    struct netgame_event ev;
    while (clock_ms() < deadline) {
        struct pisknet *both[2] = {e->host, e->join};
        for (int i = 0; i < 2; i++)
            while (pisknet_poll(both[i], &ev))
                if (both[i] == who && ev.kind == kind)
                    return ev;
        struct pollfd fds[2 * NETGAME_FDS_MAX];
        int n = pisknet_pollfds(e->host, fds);
        n += pisknet_pollfds(e->join, fds + n);
        poll(fds, (nfds_t)n, 20);
    }
    fail_msg("no event %d", (int)kind);
    return ev;
}

static void play(struct ends *e, struct pisknet *who, const char *cell_xy)
{
    int x = cell_xy[0] - 'a', y = cell_xy[1] - 'a';
    const struct game *g = pisknet_game(who);
    assert_non_null(g);
    enum netgame_error r = pisknet_move(who, board_pos(&g->board, x, y), 10);
    if (r != NETGAME_OK)
        fail_msg("move %s: %s", cell_xy, pisknet_why(who));
    struct pisknet *other = who == e->host ? e->join : e->host;
    wait_for(e, other, NETGAME_EV_MOVE);
}

static void test_two_ends(void **state)
{
    (void)state;
    struct netgame_settings s = {15, 15, 5, RULE_FREESTYLE, OPENING_NONE, tc_none(), WIRE_HOST};
    struct pisknet_options o = {.bind = "127.0.0.1", .port = 0};
    char err[256], address[64];
    struct ends e;
    e.host = pisknet_host(&s, &o, err, sizeof err);
    if (e.host == NULL)
        fail_msg("host: %s", err);
    snprintf(address, sizeof address, "127.0.0.1:%d", pisknet_port(e.host));
    e.join = pisknet_join(address, &o, err, sizeof err);
    if (e.join == NULL)
        fail_msg("join: %s", err);
    wait_for(&e, e.join, NETGAME_EV_SETTINGS);
    const struct netgame_settings *js = pisknet_settings(e.join);
    assert_int_equal(js->width, 15);
    assert_int_equal(js->black, WIRE_HOST);
    assert_int_equal(pisknet_accept(e.join), NETGAME_OK);
    wait_for(&e, e.host, NETGAME_EV_STARTED);
    assert_int_equal(pisknet_seat(e.host, WIRE_HOST), STONE_BLACK);

    /* Not the joiner's turn; then a game. */
    wait_for(&e, e.join, NETGAME_EV_STARTED);
    assert_false(pisknet_my_turn(e.join));
    play(&e, e.host, "ha");
    /* The joiner has no move to take back yet. */
    assert_int_equal(pisknet_ask(e.join, NETGAME_ASK_TAKEBACK), NETGAME_ERR_NOT_NOW);
    play(&e, e.join, "aa");
    play(&e, e.host, "hb");
    assert_int_equal(pisknet_game(e.join)->timing[2].spent_ms, 10);

    /* The joiner's takeback: refused, then granted. */
    play(&e, e.join, "ab");
    assert_int_equal(pisknet_ask(e.join, NETGAME_ASK_TAKEBACK), NETGAME_OK);
    struct netgame_event ev = wait_for(&e, e.host, NETGAME_EV_OFFER);
    assert_int_equal(ev.ask, NETGAME_ASK_TAKEBACK);
    assert_int_equal(pisknet_answer(e.host, false), NETGAME_OK);
    ev = wait_for(&e, e.join, NETGAME_EV_ANSWER);
    assert_false(ev.yes);
    assert_int_equal(pisknet_ask(e.join, NETGAME_ASK_TAKEBACK), NETGAME_OK);
    wait_for(&e, e.host, NETGAME_EV_OFFER);
    assert_int_equal(pisknet_answer(e.host, true), NETGAME_OK);
    assert_int_equal(pisknet_game(e.host)->ply, 3);
    ev = wait_for(&e, e.join, NETGAME_EV_UNDO);
    assert_int_equal(ev.ply, 3);

    /* Chat, in both directions. */
    assert_int_equal(pisknet_chat(e.join, "Grüße 🙂"), NETGAME_OK);
    ev = wait_for(&e, e.host, NETGAME_EV_CHAT);
    assert_string_equal(ev.text, "Grüße 🙂");
    assert_int_equal(pisknet_chat(e.host, "bell\a"), NETGAME_ERR_TEXT);

    /* The host wins. */
    play(&e, e.join, "ac");
    play(&e, e.host, "hc");
    play(&e, e.join, "ad");
    play(&e, e.host, "hd");
    play(&e, e.join, "af");
    assert_int_equal(pisknet_move(e.host, board_pos(&pisknet_game(e.host)->board, 7, 4), 5),
                     NETGAME_OK);
    wait_for(&e, e.host, NETGAME_EV_OVER);
    wait_for(&e, e.join, NETGAME_EV_OVER);
    assert_int_equal(pisknet_game(e.join)->result.outcome, OUTCOME_BLACK_WINS);

    /* The next game: the joiner, who did not move last, begins it by
     * moving. */
    assert_true(pisknet_ask(e.host, NETGAME_ASK_REMATCH) == NETGAME_OK);
    wait_for(&e, e.host, NETGAME_EV_STARTED);
    assert_false(pisknet_my_turn(e.host));
    assert_int_equal(pisknet_ask(e.join, NETGAME_ASK_REMATCH), NETGAME_OK);
    wait_for(&e, e.join, NETGAME_EV_STARTED);
    assert_int_equal(pisknet_seat(e.join, WIRE_JOINER), STONE_BLACK);
    play(&e, e.join, "gg");

    /* A new game asked while this one goes on. */
    assert_int_equal(pisknet_ask(e.host, NETGAME_ASK_REMATCH), NETGAME_OK);
    ev = wait_for(&e, e.join, NETGAME_EV_OFFER);
    assert_int_equal(ev.ask, NETGAME_ASK_REMATCH);
    assert_int_equal(pisknet_answer(e.join, true), NETGAME_OK);
    ev = wait_for(&e, e.host, NETGAME_EV_ANSWER);
    assert_true(ev.yes);
    assert_int_equal(pisknet_game(e.host)->ply, 0);

    /* The joiner leaves. */
    pisknet_close(e.join);
    e.join = pisknet_join(address, &o, err, sizeof err); /* refused: nobody listens */
    if (e.join == NULL) {
        struct pisknet *h = e.host;
        int64_t deadline = clock_ms() + 5000;
        while (pisknet_state(h) != NETGAME_ENDED && clock_ms() < deadline) {
            while (pisknet_poll(h, &ev))
                ;
            struct pollfd fds[NETGAME_FDS_MAX];
            poll(fds, (nfds_t)pisknet_pollfds(h, fds), 20);
        }
    } else {
        wait_for(&e, e.host, NETGAME_EV_ENDED);
    }
    assert_int_equal(pisknet_state(e.host), NETGAME_ENDED);
    pisknet_free(e.join);
    pisknet_free(e.host);
}

static void test_host_refuses(void **state)
{
    (void)state;
    char err[256];
    struct pisknet_options o = {.bind = "127.0.0.1", .port = 0};
    struct netgame_settings s = {15, 15, 4, RULE_FREESTYLE, OPENING_NONE, tc_none(), WIRE_HOST};
    assert_null(pisknet_host(&s, &o, err, sizeof err));
    s.win = 5;
    s.opening = OPENING_SWAP;
    assert_null(pisknet_host(&s, &o, err, sizeof err));
    s.opening = OPENING_NONE;
    s.width = 4;
    assert_null(pisknet_host(&s, &o, err, sizeof err));
    assert_null(pisknet_join("[::1", &o, err, sizeof err));
}


/* Reads exactly n bytes from fd (5 s at most). */
static void read_n(int fd, uint8_t *buf, size_t n)
{
    size_t got = 0;
    int64_t deadline = clock_ms() + 5000;
    while (got < n && clock_ms() < deadline) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 100) <= 0)
            continue;
        ssize_t k = read(fd, buf + got, n - got);
        assert_true(k > 0);
        got += (size_t)k;
    }
    assert_int_equal(got, n);
}

/* A Piskvork host that sends its last move and END and closes at once:
 * the joiner sees the move, the game's end, and the peer gone with its
 * goodbye, not a dropped connection. */
static void test_last_words(void **state)
{
    (void)state;
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(ls >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t alen = sizeof a;
    assert_int_equal(bind(ls, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(ls, 1), 0);
    assert_int_equal(getsockname(ls, (struct sockaddr *)&a, &alen), 0);
    char address[64], err[256];
    snprintf(address, sizeof address, "127.0.0.1:%d", ntohs(a.sin_port));
    struct pisknet_options o = {0};
    struct pisknet *join = pisknet_join(address, &o, err, sizeof err);
    if (join == NULL)
        fail_msg("join: %s", err);
    struct ends e = {.host = join, .join = join};
    struct pollfd lp = {.fd = ls, .events = POLLIN};
    int64_t deadline = clock_ms() + 5000;
    while (poll(&lp, 1, 0) == 0 && clock_ms() < deadline) {
        struct netgame_event ev;
        while (pisknet_poll(join, &ev))
            ;
        struct pollfd fds[NETGAME_FDS_MAX];
        poll(fds, (nfds_t)pisknet_pollfds(join, fds), 20);
    }
    int fd = accept(ls, NULL, NULL);
    assert_true(fd >= 0);
    /* The handshake: 15x15, the joiner begins, one game, freestyle. */
    uint8_t hello[] = {PISKWIRE_C_INIT1, 3, PISKWIRE_C_INFO, 5, 15, 15, 1, 0, 0}, in[6];
    assert_int_equal(write(fd, hello, sizeof hello), (ssize_t)sizeof hello);
    wait_for(&e, join, NETGAME_EV_SETTINGS);
    read_n(fd, in, 2);
    assert_int_equal(in[0], PISKWIRE_C_INIT2);
    assert_int_equal(pisknet_accept(join), NETGAME_OK);
    wait_for(&e, join, NETGAME_EV_STARTED);
    read_n(fd, in, 1);
    assert_int_equal(in[0], PISKWIRE_C_INFO_OK);
    const struct game *g = pisknet_game(join);
    assert_int_equal(pisknet_move(join, board_pos(&g->board, 7, 7), 10), NETGAME_OK);
    read_n(fd, in, 6);
    assert_int_equal(in[0], 7);
    /* Its move at a1's corner (0, 0), END, and gone, in one breath. */
    uint8_t last[] = {0, 0, 0, 0, 0, 5, PISKWIRE_C_END};
    assert_int_equal(write(fd, last, sizeof last), (ssize_t)sizeof last);
    close(fd);
    close(ls);
    struct netgame_event ev = wait_for(&e, join, NETGAME_EV_MOVE);
    assert_int_equal(ev.ply, 2);
    ev = wait_for(&e, join, NETGAME_EV_ENDED);
    assert_null(strstr(ev.text, "without saying goodbye"));
    pisknet_free(join);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_ends),
        cmocka_unit_test(test_host_refuses),
        cmocka_unit_test(test_last_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
