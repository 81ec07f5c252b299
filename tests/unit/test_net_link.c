/* test_net_link.c — links over the loopback address: a game's messages
 * both ways and a clean goodbye, over IPv4 and (where the machine has it)
 * IPv6; a wrong join code refused while the host goes on listening; a
 * peer that falls silent, one that vanishes, one that reads nothing, one
 * that leaves while this side is busy, one that never greets, one that is
 * not mnk; and the addresses people write.
 *
 * The host runs in a thread of its own, following a script; every wait of
 * either side is bounded, so the test ends by itself whatever the links
 * do. Nothing listens beyond 127.0.0.1 and ::1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "mnk/clock.h"
#include "net/link.h"

#define CODE "7KQ2-M9XD-4HPW"
#define GAME_ID "0123456789abcdef"
/* The longest wait for an event: the joiner's key derivation is slow on
 * purpose, the more so under valgrind (some 7 s). */
#define WAIT_MS 30000

/* Derived once: the host's key for CODE and GAME_ID. */
static struct joincode_key game_key;

enum script {
    HOST_PLAY,      /* SETTINGS out, ACCEPT and CHAT in, MOVE out, until BYE */
    HOST_WRONG,     /* one peer refused (wrong code), then HOST_PLAY's end */
    HOST_SILENT,    /* once open, says nothing for a while, then vanishes */
    HOST_DEAF,      /* once open, reads nothing for a while, then vanishes */
    HOST_LEAVE,     /* once open, says a last word and goodbye, and is gone */
};

struct host {
    struct link_listener *listener;
    enum script script;
    pthread_t thread;
    /* What the host saw, checked by the main thread once it is joined. */
    enum link_event first;            /* the first attempt's opening event */
    char first_error[256];
    enum link_event opened;           /* READY when a link opened */
    bool got_accept, got_chat;
    char chat[WIRE_CHAT_MAX + 1];
    enum link_event last;             /* the event that ended the link */
};

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The next peer of the listener, waiting up to WAIT_MS; NULL if none. */
static struct link *take_peer(struct host *h)
{
    struct link_config c = {.key = &game_key};
    int64_t deadline = clock_ms() + WAIT_MS;
    while (clock_ms() < deadline) {
        int fds[LINK_LISTEN_MAX];
        int n = link_listener_fds(h->listener, fds);
        struct pollfd p[LINK_LISTEN_MAX];
        for (int i = 0; i < n; i++)
            p[i] = (struct pollfd){fds[i], POLLIN, 0};
        poll(p, (nfds_t)n, 100);
        struct link *l;
        char err[256];
        if (!link_accept(h->listener, &c, &l, err, sizeof err))
            return NULL;
        if (l != NULL)
            return l;
    }
    return NULL;
}

/* The next event that is not LINK_IDLE, within WAIT_MS. */
static enum link_event next_event(struct link *l, struct wire_msg *m)
{
    int64_t deadline = clock_ms() + WAIT_MS;
    enum link_event ev = LINK_IDLE;
    while (ev == LINK_IDLE && clock_ms() < deadline)
        ev = link_wait(l, m, (int)(deadline - clock_ms()));
    return ev;
}

static void host_play(struct host *h, struct link *l)
{
    struct wire_msg m;
    h->opened = next_event(l, &m);
    if (h->opened != LINK_READY)
        return;
    struct wire_msg s = {.type = WIRE_SETTINGS};
    s.settings = (struct wire_settings){15, 15, 5, RULE_FREESTYLE, OPENING_SWAP2, WIRE_HOST, "-"};
    char err[256];
    if (!link_send(l, &s, err, sizeof err))
        return;
    enum link_event ev;
    while ((ev = next_event(l, &m)) == LINK_MESSAGE) {
        if (m.type == WIRE_ACCEPT)
            h->got_accept = true;
        if (m.type == WIRE_CHAT) {
            h->got_chat = true;
            snprintf(h->chat, sizeof h->chat, "%s", m.text);
            struct wire_msg mv = {.type = WIRE_MOVE};
            mv.move = (struct wire_move){1, 7, 7, 1500, 298500, 300000};
            link_send(l, &mv, err, sizeof err);
        }
    }
    h->last = ev;
}

static void *host_main(void *arg)
{
    struct host *h = arg;
    struct link *l = take_peer(h);
    if (l == NULL)
        return NULL;
    struct wire_msg m;
    switch (h->script) {
    case HOST_WRONG:
        h->first = next_event(l, &m);
        snprintf(h->first_error, sizeof h->first_error, "%s", link_error(l));
        link_free(l);
        l = take_peer(h);
        if (l == NULL)
            return NULL;
        /* fall through */
    case HOST_PLAY:
        host_play(h, l);
        link_close(l);
        break;
    case HOST_LEAVE: {
        h->opened = next_event(l, &m);
        struct wire_msg last = {.type = WIRE_CHAT};
        snprintf(last.text, sizeof last.text, "last words");
        char err[256];
        link_send(l, &last, err, sizeof err);
        link_close(l);
        break;
    }
    case HOST_SILENT:
    case HOST_DEAF:
        h->opened = next_event(l, &m);
        if (h->script == HOST_DEAF) {
            int small = 4096;
            setsockopt(link_fd(l), SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
        }
        sleep_ms(h->script == HOST_SILENT ? 700 : 1500);
        link_free(l);
        break;
    }
    return NULL;
}

/* Listens on `host` (a loopback address) and starts the script; false
 * when the machine cannot listen there (no IPv6). */
static bool host_start(struct host *h, const char *address, enum script script)
{
    memset(h, 0, sizeof *h);
    char err[256];
    h->listener = link_listen(address, 0, err, sizeof err);
    if (h->listener == NULL)
        return false;
    assert_int_not_equal(link_listener_port(h->listener), 0);
    h->script = script;
    h->first = h->opened = h->last = LINK_IDLE;
    assert_int_equal(pthread_create(&h->thread, NULL, host_main, h), 0);
    return true;
}

static void host_join(struct host *h)
{
    pthread_join(h->thread, NULL);
    link_listener_free(h->listener);
}

static struct link *join(const char *host, int port, const char *code,
                         const struct joincode_key *key, int ping_ms)
{
    char address[LINK_ADDRESS_MAX], err[256];
    snprintf(address, sizeof address, strchr(host, ':') ? "[%s]:%d" : "%s:%d", host, port);
    struct link_config c = {.code = code, .key = key, .ping_ms = ping_ms};
    struct link *l = link_connect(address, &c, err, sizeof err);
    if (l == NULL)
        fail_msg("connect %s: %s", address, err);
    return l;
}

static void play(const char *address, const struct joincode_key *key)
{
    struct host h;
    if (!host_start(&h, address, HOST_PLAY)) {
        skip();
        return;
    }
    struct link *l = join(address, link_listener_port(h.listener), CODE, key, 100);
    struct wire_msg m;
    enum link_event ev = next_event(l, &m);
    if (ev != LINK_READY)
        fail_msg("joining: event %d, %s", (int)ev, link_error(l));
    const struct wire_hello *peer = link_peer_hello(l);
    assert_non_null(peer);
    assert_int_equal(peer->major, WIRE_MAJOR);
    /* The joiner derived the host's key from the code and the greeting. */
    assert_non_null(link_key(l));
    assert_memory_equal(link_key(l)->key, game_key.key, sizeof game_key.key);
    assert_string_equal(link_key(l)->game_id, GAME_ID);
    char security[64];
    link_security(l, security, sizeof security);
    assert_true(strncmp(security, "TLS1.3 ECDHE-PSK ", 17) == 0 ||
                strncmp(security, "TLS1.3 DHE-PSK ", 15) == 0);

    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    assert_int_equal(m.type, WIRE_SETTINGS);
    assert_int_equal(m.settings.opening, OPENING_SWAP2);
    char err[256];
    assert_true(link_send(l, &(struct wire_msg){.type = WIRE_ACCEPT}, err, sizeof err));
    struct wire_msg chat = {.type = WIRE_CHAT};
    snprintf(chat.text, sizeof chat.text, "hello from the joiner, 你好");
    assert_true(link_send(l, &chat, err, sizeof err));
    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    assert_int_equal(m.type, WIRE_MOVE);
    assert_int_equal(m.move.spent_ms, 1500);
    assert_int_equal(m.move.black_ms, 298500);

    /* Idle for a while: the pings go both ways, unseen, and keep the link
     * heard from. */
    assert_int_equal(link_wait(l, &m, 400), LINK_IDLE);
    assert_true(link_rtt_ms(l) >= 0);
    assert_true(clock_ms() - link_last_heard_ms(l) < 300);
    link_close(l);

    host_join(&h);
    assert_int_equal(h.opened, LINK_READY);
    assert_true(h.got_accept);
    assert_true(h.got_chat);
    assert_string_equal(h.chat, "hello from the joiner, 你好");
    assert_int_equal(h.last, LINK_CLOSED);
}

static void test_play_ipv4(void **state)
{
    (void)state;
    play("127.0.0.1", NULL);
}

static void test_play_ipv6(void **state)
{
    (void)state;
    play("::1", &game_key); /* the key kept from before: no derivation */
}

static void test_wrong_code(void **state)
{
    (void)state;
    struct host h;
    assert_true(host_start(&h, "127.0.0.1", HOST_WRONG));
    int port = link_listener_port(h.listener);
    struct link *l = join("127.0.0.1", port, "7KQ2-M9XD-4HPX", NULL, 0);
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_FAILED);
    assert_string_equal(link_error(l), "the join code does not match this game");
    assert_int_equal(link_fd(l), -1);
    assert_int_equal(link_poll(l, &m), LINK_FAILED); /* and says so again */
    char err[256];
    assert_false(link_send(l, &(struct wire_msg){.type = WIRE_RESIGN}, err, sizeof err));
    link_close(l);

    /* The host took no harm: the right code still joins. */
    l = join("127.0.0.1", port, CODE, &game_key, 0);
    assert_int_equal(next_event(l, &m), LINK_READY);
    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    link_close(l);
    host_join(&h);
    assert_int_equal(h.first, LINK_FAILED);
    if (strstr(h.first_error, "does not match this game") == NULL)
        fail_msg("host: %s", h.first_error);
    assert_int_equal(h.opened, LINK_READY);
    assert_int_equal(h.last, LINK_CLOSED);
}

/* A host that falls silent: no PONG comes, and the joiner sees when it last
 * heard; then the host vanishes without a goodbye: dropped, not closed. */
static void test_silent_then_dropped(void **state)
{
    (void)state;
    struct host h;
    assert_true(host_start(&h, "127.0.0.1", HOST_SILENT));
    struct link *l = join("127.0.0.1", link_listener_port(h.listener), CODE, &game_key, 100);
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_READY);
    int64_t opened = clock_ms();
    assert_int_equal(link_wait(l, &m, 400), LINK_IDLE);
    assert_true(link_last_heard_ms(l) <= opened);
    assert_true(clock_ms() - link_last_heard_ms(l) >= 350);
    assert_int_equal(next_event(l, &m), LINK_DROPPED);
    assert_non_null(strstr(link_error(l), "without a goodbye"));
    link_close(l);
    host_join(&h);
    assert_int_equal(h.opened, LINK_READY);
}

/* A host that reads nothing: what waits for it is bounded, and the link is
 * dropped when the bound is reached. */
static void test_peer_not_reading(void **state)
{
    (void)state;
    struct host h;
    assert_true(host_start(&h, "127.0.0.1", HOST_DEAF));
    struct link *l = join("127.0.0.1", link_listener_port(h.listener), CODE, &game_key, 0);
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_READY);
    int small = 4096;
    setsockopt(link_fd(l), SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    struct wire_msg chat = {.type = WIRE_CHAT};
    memset(chat.text, 'x', WIRE_CHAT_MAX);
    char err[256];
    int sent = 0;
    while (sent < 20000 && link_send(l, &chat, err, sizeof err))
        sent++;
    assert_true(sent < 20000);
    assert_non_null(strstr(err, "is not reading"));
    assert_int_equal(link_poll(l, &m), LINK_DROPPED);
    link_free(l);
    host_join(&h);
}

/* A host that said its last word and left while the joiner was busy: the
 * joiner's sends fail, and it still reads the word and the goodbye. */
static void test_left_while_busy(void **state)
{
    (void)state;
    struct host h;
    assert_true(host_start(&h, "127.0.0.1", HOST_LEAVE));
    struct link *l = join("127.0.0.1", link_listener_port(h.listener), CODE, &game_key, 60000);
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_READY);
    host_join(&h); /* the host has closed its end */
    sleep_ms(100);
    struct wire_msg chat = {.type = WIRE_CHAT};
    snprintf(chat.text, sizeof chat.text, "anyone there?");
    char err[256];
    for (int i = 0; i < 3; i++) {
        link_send(l, &chat, err, sizeof err);
        sleep_ms(20);
    }
    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    assert_int_equal(m.type, WIRE_CHAT);
    assert_string_equal(m.text, "last words");
    assert_int_equal(next_event(l, &m), LINK_CLOSED);
    link_free(l);
}

/* A listener that never greets: the joiner gives up at its timeout. */
static void test_no_greeting(void **state)
{
    (void)state;
    char err[256];
    struct link_listener *ls = link_listen("127.0.0.1", 0, err, sizeof err);
    assert_non_null(ls);
    char address[LINK_ADDRESS_MAX];
    snprintf(address, sizeof address, "127.0.0.1:%d", link_listener_port(ls));
    struct link_config c = {.code = CODE, .timeout_ms = 300};
    struct link *l = link_connect(address, &c, err, sizeof err);
    assert_non_null(l);
    struct wire_msg m;
    int64_t start = clock_ms();
    assert_int_equal(link_wait(l, &m, WAIT_MS), LINK_FAILED);
    assert_true(clock_ms() - start < 2000);
    assert_non_null(strstr(link_error(l), "no answer from"));
    link_free(l);
    link_listener_free(ls);
}

/* Something else on the port: a web server's answer is no greeting. */
static void test_not_mnk(void **state)
{
    (void)state;
    char err[256];
    struct link_listener *ls = link_listen("127.0.0.1", 0, err, sizeof err);
    assert_non_null(ls);
    char address[LINK_ADDRESS_MAX];
    snprintf(address, sizeof address, "127.0.0.1:%d", link_listener_port(ls));
    struct link_config c = {.code = CODE};
    struct link *l = link_connect(address, &c, err, sizeof err);
    assert_non_null(l);
    int fds[LINK_LISTEN_MAX];
    assert_int_equal(link_listener_fds(ls, fds), 1);
    int fd = fds[0];
    struct pollfd p = {fd, POLLIN, 0};
    assert_int_equal(poll(&p, 1, WAIT_MS), 1);
    int peer = accept(fd, NULL, NULL);
    assert_true(peer >= 0);
    const char *answer = "HTTP/1.0 400 Bad Request\r\n\r\n";
    assert_int_equal(write(peer, answer, strlen(answer)), (ssize_t)strlen(answer));
    struct wire_msg m;
    assert_int_equal(link_wait(l, &m, WAIT_MS), LINK_FAILED);
    assert_non_null(strstr(link_error(l), "is not an mnk game"));
    link_free(l);
    close(peer);

    /* Nobody on the port at all. */
    int port = link_listener_port(ls);
    link_listener_free(ls);
    snprintf(address, sizeof address, "127.0.0.1:%d", port);
    l = link_connect(address, &c, err, sizeof err);
    assert_non_null(l);
    assert_int_equal(link_wait(l, &m, WAIT_MS), LINK_FAILED);
    assert_non_null(strstr(link_error(l), "could not reach"));
    link_free(l);
}

static void test_addresses(void **state)
{
    (void)state;
    static const struct {
        const char *text, *host;
        int port;
    } good[] = {
        {"example.org", "example.org", LINK_DEFAULT_PORT},
        {"example.org:4000", "example.org", 4000},
        {"192.0.2.7:1", "192.0.2.7", 1},
        {"[::1]:3630", "::1", 3630},
        {"[::1]", "::1", LINK_DEFAULT_PORT},
        {"::1", "::1", LINK_DEFAULT_PORT},
        {"2001:db8::7", "2001:db8::7", LINK_DEFAULT_PORT},
        {"[fe80::1%eth0]:65535", "fe80::1%eth0", 65535},
    };
    char host[64], err[256];
    int port;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        if (!link_split_address(good[i].text, LINK_DEFAULT_PORT, host, sizeof host, &port, err,
                                sizeof err))
            fail_msg("'%s': %s", good[i].text, err);
        assert_string_equal(host, good[i].host);
        assert_int_equal(port, good[i].port);
    }
    static const char *const bad[] = {
        "", ":3630", "host:", "host:0", "host:65536", "host:12a", "[::1", "[::1]3630",
        "[]:3630", "[::1]:", "host:-1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (link_split_address(bad[i], LINK_DEFAULT_PORT, host, sizeof host, &port, err,
                               sizeof err))
            fail_msg("'%s' was taken as %s port %d", bad[i], host, port);
    char tiny[4];
    assert_false(link_split_address("example.org", 1, tiny, sizeof tiny, &port, err, sizeof err));

    /* link_connect refuses what it cannot use before it starts. */
    struct link_config c = {.code = CODE};
    assert_null(link_connect("host:0", &c, err, sizeof err));
    c.code = "not a code";
    assert_null(link_connect("127.0.0.1", &c, err, sizeof err));
    c.code = NULL;
    assert_null(link_connect("127.0.0.1", &c, err, sizeof err));
    assert_null(link_listen("127.0.0.1", 70000, err, sizeof err));
}

static int derive_key(void **state)
{
    (void)state;
    char err[256];
    return joincode_derive(CODE, GAME_ID, &game_key, err, sizeof err) ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_addresses),
        cmocka_unit_test(test_play_ipv4),
        cmocka_unit_test(test_play_ipv6),
        cmocka_unit_test(test_wrong_code),
        cmocka_unit_test(test_silent_then_dropped),
        cmocka_unit_test(test_peer_not_reading),
        cmocka_unit_test(test_left_while_busy),
        cmocka_unit_test(test_no_greeting),
        cmocka_unit_test(test_not_mnk),
    };
    return cmocka_run_group_tests(tests, derive_key, NULL);
}
