/* test_net_link.c — links over the loopback address: a game's messages
 * both ways and a clean goodbye, over IPv4 and (where the machine has it)
 * IPv6; a wrong join code refused while the host goes on listening; a
 * peer that falls silent, one that vanishes, one that reads nothing, one
 * that leaves while this side is busy, one that never greets, one that is
 * not mnk; and the addresses people write.
 *
 * A server's certificate: its own identity made once and read again, with
 * the files' modes; a server's key pinned on the first connection and
 * accepted on the next; another key at the same address refused before
 * anything is said; an operator's files (made here with GnuTLS) served;
 * a code given to a server and none to a game's host, each refused with
 * its sentence; clients that stall or send an oversized hello, while the
 * server goes on with the next.
 *
 * The host runs in a thread of its own, following a script; every wait of
 * either side is bounded, so the test ends by itself whatever the links
 * do. Nothing listens beyond 127.0.0.1 and ::1; files go to a temporary
 * folder, removed at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "mnk/clock.h"
#include "net/link.h"

#define CODE "7KQ2-M9XD-4HPW"
#define GAME_ID "0123456789abcdef"
/* The longest wait for an event: the joiner's key derivation is slow on
 * purpose, the more so under valgrind (some 7 s). */
#define WAIT_MS 30000

/* Derived once: the host's key for CODE and GAME_ID. */
static struct joincode_key game_key;
/* The temporary folder of the certificate tests' files. */
static char tmp_dir[64];

enum script {
    HOST_PLAY,      /* SETTINGS out, ACCEPT and CHAT in, MOVE out, until BYE */
    HOST_WRONG,     /* one peer refused (wrong code), then HOST_PLAY's end */
    HOST_SILENT,    /* once open, says nothing for a while, then vanishes */
    HOST_DEAF,      /* once open, reads nothing for a while, then vanishes */
    HOST_LEAVE,     /* once open, says a last word and goodbye, and is gone */
    HOST_ONE,       /* one peer's first event and error, then nothing more */
    HOST_BOUNDS,    /* a stalled peer, an oversized hello, then HOST_PLAY */
};

struct host {
    struct link_listener *listener;
    enum script script;
    const struct link_identity *identity; /* certificate mode, else PSK */
    int timeout_ms;
    pthread_t thread;
    /* What the host saw, checked by the main thread once it is joined. */
    enum link_event first;            /* the first attempt's opening event */
    char first_error[256];
    enum link_event opened;           /* READY when a link opened */
    bool got_accept, got_chat, got_any;
    enum link_event stalled, oversized;   /* HOST_BOUNDS: those two peers' */
    char stalled_error[256], oversized_error[256];
    int64_t oversized_ms;                 /* how long the oversized took */
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
    struct link_config c = {.timeout_ms = h->timeout_ms};
    if (h->identity != NULL)
        c.identity = h->identity;
    else
        c.key = &game_key;
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
    case HOST_ONE:
        h->first = next_event(l, &m);
        h->got_any = h->first == LINK_MESSAGE || next_event(l, &m) == LINK_MESSAGE;
        snprintf(h->first_error, sizeof h->first_error, "%s", link_error(l));
        link_free(l);
        break;
    case HOST_BOUNDS: {
        /* Three peers in turn, the first two never finishing their
         * handshakes: each waits on its own while the next is taken. */
        struct link *stalled = l, *oversized = take_peer(h);
        l = take_peer(h);
        if (oversized != NULL) {
            int64_t start = clock_ms();
            h->oversized = next_event(oversized, &m);
            h->oversized_ms = (int)(clock_ms() - start);
            snprintf(h->oversized_error, sizeof h->oversized_error, "%s", link_error(oversized));
            link_free(oversized);
        }
        if (l != NULL) {
            host_play(h, l);
            link_close(l);
        }
        h->stalled = next_event(stalled, &m);
        snprintf(h->stalled_error, sizeof h->stalled_error, "%s", link_error(stalled));
        link_free(stalled);
        break;
    }
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

/* Starts the script on the host's listener, forgetting what the last one
 * saw; a server (certificate mode) with `identity`; its links' timeout
 * `timeout_ms` (0: the default). */
static void host_again_within(struct host *h, enum script script,
                              const struct link_identity *identity, int timeout_ms)
{
    struct link_listener *listener = h->listener;
    memset(h, 0, sizeof *h);
    h->listener = listener;
    h->script = script;
    h->identity = identity;
    h->timeout_ms = timeout_ms;
    h->first = h->opened = h->last = h->stalled = h->oversized = LINK_IDLE;
    assert_int_equal(pthread_create(&h->thread, NULL, host_main, h), 0);
}

static void host_again(struct host *h, enum script script, const struct link_identity *identity)
{
    host_again_within(h, script, identity, 0);
}

/* Listens on `host` (a loopback address) and starts the script; false
 * when the machine cannot listen there (no IPv6). */
static bool host_start(struct host *h, const char *address, enum script script)
{
    char err[256];
    h->listener = link_listen(address, 0, err, sizeof err);
    if (h->listener == NULL)
        return false;
    assert_int_not_equal(link_listener_port(h->listener), 0);
    host_again(h, script, NULL);
    return true;
}

/* Waits for the script's end; the listener stays. */
static void host_wait(struct host *h)
{
    pthread_join(h->thread, NULL);
}

static void host_join(struct host *h)
{
    host_wait(h);
    link_listener_free(h->listener);
}

/* host_start for a server with `identity` (certificate mode), its links'
 * timeout `timeout_ms` (0: the default). */
static bool host_serve(struct host *h, const char *address, enum script script,
                       const struct link_identity *identity, int timeout_ms)
{
    char err[256];
    h->listener = link_listen(address, 0, err, sizeof err);
    if (h->listener == NULL)
        return false;
    host_again_within(h, script, identity, timeout_ms);
    return true;
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

/* ---- certificate mode ---- */

/* tmp_dir/name. */
static void tmp_path(char out[256], const char *name)
{
    snprintf(out, 256, "%s/%s", tmp_dir, name);
}

static int file_mode(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (int)(st.st_mode & 0777);
}

static int count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    int n = 0, ch;
    while ((ch = getc(f)) != EOF)
        n += ch == '\n';
    fclose(f);
    return n;
}

/* A server's link from this side: connects to the host's listener without
 * a code, pinning keys in `known`. */
static struct link *join_server(const struct host *h, const char *known)
{
    char address[LINK_ADDRESS_MAX], err[256];
    snprintf(address, sizeof address, "127.0.0.1:%d", link_listener_port(h->listener));
    struct link_config c = {.known_file = known};
    struct link *l = link_connect(address, &c, err, sizeof err);
    if (l == NULL)
        fail_msg("connect %s: %s", address, err);
    return l;
}

/* HOST_PLAY's game from the joining side, once the link is READY. */
static void play_game(struct link *l)
{
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    assert_int_equal(m.type, WIRE_SETTINGS);
    char err[256];
    assert_true(link_send(l, &(struct wire_msg){.type = WIRE_ACCEPT}, err, sizeof err));
    struct wire_msg chat = {.type = WIRE_CHAT};
    snprintf(chat.text, sizeof chat.text, "hello, server");
    assert_true(link_send(l, &chat, err, sizeof err));
    assert_int_equal(next_event(l, &m), LINK_MESSAGE);
    assert_int_equal(m.type, WIRE_MOVE);
    link_close(l);
}

static void test_own_identity(void **state)
{
    (void)state;
    char dir[256], key[256], cert[256], err[512];
    tmp_path(dir, "own");
    tmp_path(key, "own/key.pem");
    tmp_path(cert, "own/cert.pem");
    struct link_identity *id = link_identity_own(dir, err, sizeof err);
    if (id == NULL)
        fail_msg("own: %s", err);
    char fp[LINK_FINGERPRINT_SIZE];
    snprintf(fp, sizeof fp, "%s", link_identity_fingerprint(id));
    assert_int_equal(strncmp(fp, "SHA256:", 7), 0);
    assert_int_equal(strlen(fp), 7 + 43); /* 32 bytes in base64, unpadded */
    link_identity_free(id);
    assert_int_equal(file_mode(dir), 0700);
    assert_int_equal(file_mode(key), 0600);

    /* Read again: the same key. */
    id = link_identity_own(dir, err, sizeof err);
    assert_non_null(id);
    assert_string_equal(link_identity_fingerprint(id), fp);
    link_identity_free(id);

    /* A certificate lost is made again, for the same key. */
    assert_int_equal(unlink(cert), 0);
    id = link_identity_own(dir, err, sizeof err);
    assert_non_null(id);
    assert_string_equal(link_identity_fingerprint(id), fp);
    link_identity_free(id);

    /* A folder that cannot be made says why. */
    char bad[300];
    snprintf(bad, sizeof bad, "%s/key.pem/sub", dir);
    assert_null(link_identity_own(bad, err, sizeof err));
    assert_non_null(strstr(err, "key.pem/sub"));
}

/* The first connection pins the server's key, the next is accepted by it;
 * then another key at the same address is refused before anything is
 * said, and the file keeps the first. */
static void test_pinned_on_first_use(void **state)
{
    (void)state;
    char dir[256], other_dir[256], known[256], err[512];
    tmp_path(dir, "pin");
    tmp_path(other_dir, "pin-other");
    tmp_path(known, "known_servers");
    struct link_identity *id = link_identity_own(dir, err, sizeof err);
    struct link_identity *other = link_identity_own(other_dir, err, sizeof err);
    assert_non_null(id);
    assert_non_null(other);
    assert_string_not_equal(link_identity_fingerprint(id), link_identity_fingerprint(other));

    /* First connection: pinned. */
    struct host h;
    assert_true(host_serve(&h, "127.0.0.1", HOST_PLAY, id, 0));
    struct link *l = join_server(&h, known);
    struct wire_msg m;
    assert_string_equal(link_peer_fingerprint(l), "");
    enum link_event ev = next_event(l, &m);
    if (ev != LINK_READY)
        fail_msg("first: event %d, %s", (int)ev, link_error(l));
    assert_true(link_peer_pinned_now(l));
    assert_string_equal(link_peer_fingerprint(l), link_identity_fingerprint(id));
    assert_null(link_key(l));
    char security[64];
    link_security(l, security, sizeof security);
    if (strncmp(security, "TLS1.3 ", 7) != 0 || strstr(security, "PSK") != NULL)
        fail_msg("security: %s", security);
    play_game(l);
    host_wait(&h);
    assert_int_equal(h.opened, LINK_READY);
    assert_true(h.got_accept && h.got_chat);
    assert_int_equal(h.last, LINK_CLOSED);
    assert_int_equal(count_lines(known), 1);

    /* Second: the key pinned, accepted, nothing more pinned. */
    host_again(&h, HOST_PLAY, id);
    l = join_server(&h, known);
    ev = next_event(l, &m);
    if (ev != LINK_READY)
        fail_msg("second: event %d, %s", (int)ev, link_error(l));
    assert_false(link_peer_pinned_now(l));
    assert_string_equal(link_peer_fingerprint(l), link_identity_fingerprint(id));
    play_game(l);
    host_wait(&h);
    assert_int_equal(h.last, LINK_CLOSED);
    assert_int_equal(count_lines(known), 1);

    /* Another key at the same address: refused in the handshake, with the
     * sentence, before either side says anything. */
    host_again(&h, HOST_ONE, other);
    l = join_server(&h, known);
    assert_int_equal(next_event(l, &m), LINK_FAILED);
    char want[1024];
    snprintf(want, sizeof want,
             "the server at 127.0.0.1:%d shows a different key than before (%s): if its "
             "operator changed it, remove its line from %s; otherwise someone may be in the way",
             link_listener_port(h.listener), link_identity_fingerprint(other), known);
    assert_string_equal(link_error(l), want);
    assert_false(link_peer_pinned_now(l));
    link_close(l);
    host_wait(&h);
    assert_int_equal(h.first, LINK_FAILED);
    assert_false(h.got_any);
    if (strstr(h.first_error, "handshake") == NULL)
        fail_msg("server: %s", h.first_error);
    assert_int_equal(count_lines(known), 1);

    /* The first key again: still accepted. */
    host_again(&h, HOST_PLAY, id);
    l = join_server(&h, known);
    assert_int_equal(next_event(l, &m), LINK_READY);
    play_game(l);
    host_join(&h);
    link_identity_free(id);
    link_identity_free(other);
}

/* An operator's files: a key and a certificate for it made here with
 * GnuTLS, as an operator's tools would. */
static void write_operator_files(const char *cert_path, const char *key_path,
                                 const char *other_key_path)
{
    gnutls_x509_privkey_t key, other;
    gnutls_x509_crt_t crt;
    assert_int_equal(gnutls_x509_privkey_init(&key), 0);
    assert_int_equal(gnutls_x509_privkey_init(&other), 0);
    assert_int_equal(gnutls_x509_privkey_generate(key, GNUTLS_PK_EDDSA_ED25519, 0, 0), 0);
    assert_int_equal(gnutls_x509_privkey_generate(other, GNUTLS_PK_EDDSA_ED25519, 0, 0), 0);
    assert_int_equal(gnutls_x509_crt_init(&crt), 0);
    unsigned char serial[] = {1, 2, 3, 4};
    assert_int_equal(gnutls_x509_crt_set_version(crt, 3), 0);
    assert_int_equal(gnutls_x509_crt_set_serial(crt, serial, sizeof serial), 0);
    assert_int_equal(gnutls_x509_crt_set_activation_time(crt, time(NULL) - 60), 0);
    assert_int_equal(gnutls_x509_crt_set_expiration_time(crt, time(NULL) + 86400), 0);
    assert_int_equal(gnutls_x509_crt_set_dn(crt, "CN=mnk.example.org", NULL), 0);
    assert_int_equal(gnutls_x509_crt_set_subject_alt_name(crt, GNUTLS_SAN_DNSNAME,
                                                          "mnk.example.org", 15, GNUTLS_FSAN_SET),
                     0);
    assert_int_equal(gnutls_x509_crt_set_key(crt, key), 0);
    assert_int_equal(gnutls_x509_crt_sign2(crt, crt, key, GNUTLS_DIG_SHA512, 0), 0);
    struct {
        const char *path;
        gnutls_datum_t pem;
    } out[3] = {{cert_path, {NULL, 0}}, {key_path, {NULL, 0}}, {other_key_path, {NULL, 0}}};
    assert_int_equal(gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &out[0].pem), 0);
    assert_int_equal(gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_PEM, NULL,
                                                       GNUTLS_PKCS_PLAIN, &out[1].pem),
                     0);
    assert_int_equal(gnutls_x509_privkey_export2_pkcs8(other, GNUTLS_X509_FMT_PEM, NULL,
                                                       GNUTLS_PKCS_PLAIN, &out[2].pem),
                     0);
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(out[i].path, "w");
        assert_non_null(f);
        assert_int_equal(fwrite(out[i].pem.data, 1, out[i].pem.size, f), out[i].pem.size);
        assert_int_equal(fclose(f), 0);
        gnutls_free(out[i].pem.data);
    }
    gnutls_x509_crt_deinit(crt);
    gnutls_x509_privkey_deinit(key);
    gnutls_x509_privkey_deinit(other);
}

static void test_operator_files(void **state)
{
    (void)state;
    char cert[256], key[256], other_key[256], missing[256], known[256], err[512];
    tmp_path(cert, "op-cert.pem");
    tmp_path(key, "op-key.pem");
    tmp_path(other_key, "op-other-key.pem");
    tmp_path(missing, "op-missing.pem");
    tmp_path(known, "known_op");
    write_operator_files(cert, key, other_key);

    struct link_identity *id = link_identity_load(cert, key, err, sizeof err);
    if (id == NULL)
        fail_msg("load: %s", err);
    assert_int_equal(strncmp(link_identity_fingerprint(id), "SHA256:", 7), 0);

    /* Served: its key is the one the player sees (no CA knows it: pinned). */
    struct host h;
    assert_true(host_serve(&h, "127.0.0.1", HOST_PLAY, id, 0));
    struct link *l = join_server(&h, known);
    struct wire_msg m;
    enum link_event ev = next_event(l, &m);
    if (ev != LINK_READY)
        fail_msg("join: event %d, %s", (int)ev, link_error(l));
    assert_string_equal(link_peer_fingerprint(l), link_identity_fingerprint(id));
    assert_true(link_peer_pinned_now(l));
    play_game(l);
    host_join(&h);
    link_identity_free(id);

    /* Files that do not go together, or are not there. */
    assert_null(link_identity_load(cert, other_key, err, sizeof err));
    assert_non_null(strstr(err, "is not for the key in"));
    assert_null(link_identity_load(missing, key, err, sizeof err));
    assert_non_null(strstr(err, "op-missing.pem: No such file or directory"));
    assert_null(link_identity_load(key, key, err, sizeof err)); /* a key is no certificate */
    assert_non_null(strstr(err, "could not load the certificate"));
}

/* A code given to a server, none to a game's host: each refused at the
 * greeting with the sentence that says what is needed. */
static void test_mode_mismatch(void **state)
{
    (void)state;
    char dir[256], known[256], err[512];
    tmp_path(dir, "mismatch");
    tmp_path(known, "known_mismatch");
    struct link_identity *id = link_identity_own(dir, err, sizeof err);
    assert_non_null(id);
    struct host h;
    assert_true(host_serve(&h, "127.0.0.1", HOST_ONE, id, 0));
    struct link *l = join("127.0.0.1", link_listener_port(h.listener), CODE, &game_key, 0);
    struct wire_msg m;
    assert_int_equal(next_event(l, &m), LINK_FAILED);
    assert_string_equal(link_error(l), "that address is an mnk server: join it without a code");
    link_close(l);
    host_join(&h);
    assert_int_equal(h.first, LINK_FAILED);
    assert_false(h.got_any);

    assert_true(host_start(&h, "127.0.0.1", HOST_ONE));
    l = join_server(&h, known);
    assert_int_equal(next_event(l, &m), LINK_FAILED);
    assert_string_equal(link_error(l), "that address hosts a single game: give its join code");
    link_close(l);
    host_join(&h);
    assert_int_equal(h.first, LINK_FAILED);
    assert_false(h.got_any);
    assert_int_equal(count_lines(known), 0);
    link_identity_free(id);

    /* Neither a code nor a file of known servers: nothing to join with. */
    struct link_config c = {0};
    assert_null(link_connect("127.0.0.1", &c, err, sizeof err));
    assert_string_equal(err, "a join code is needed to join a game");
}

/* A raw connection to port, sending `len` bytes. */
static int raw_connect(int port, const void *bytes, size_t len)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    if (len > 0)
        assert_int_equal(send(fd, bytes, len, MSG_NOSIGNAL), (ssize_t)len);
    return fd;
}

/* What a client can make a server do before its handshake is done: one
 * that stalls in the middle of a record holds only its own link, until the
 * timeout; one that announces a hello of a megabyte is refused at once;
 * and a player who comes after them plays. */
static void test_server_bounds(void **state)
{
    (void)state;
    char dir[256], known[256], err[512];
    tmp_path(dir, "bounds");
    tmp_path(known, "known_bounds");
    struct link_identity *id = link_identity_own(dir, err, sizeof err);
    assert_non_null(id);
    struct host h;
    assert_true(host_serve(&h, "127.0.0.1", HOST_BOUNDS, id, 3000));
    int port = link_listener_port(h.listener);

    /* A record header of a handshake, then nothing. */
    static const unsigned char stall[] = {0x16, 0x03, 0x01, 0x00, 0x80, 0x01};
    int stalled = raw_connect(port, stall, sizeof stall);
    /* Two records of 16 KiB, holding the start of a client hello that says
     * it is 1 MiB long. */
    static unsigned char big[2 * (5 + 16384)];
    for (int i = 0; i < 2; i++) {
        unsigned char *r = big + i * (5 + 16384);
        r[0] = 0x16, r[1] = 0x03, r[2] = 0x01, r[3] = 0x40, r[4] = 0x00;
    }
    big[5] = 0x01, big[6] = 0x10, big[7] = 0x00, big[8] = 0x00;
    big[9] = 0x03, big[10] = 0x03;
    sleep_ms(100); /* the server takes them in this order */
    int oversized = raw_connect(port, big, sizeof big);
    sleep_ms(100);

    struct link *l = join_server(&h, known);
    struct wire_msg m;
    enum link_event ev = next_event(l, &m);
    if (ev != LINK_READY)
        fail_msg("join: event %d, %s", (int)ev, link_error(l));
    play_game(l);
    host_join(&h);
    assert_int_equal(h.oversized, LINK_FAILED);
    if (h.oversized_ms >= 1000)
        fail_msg("oversized: %d ms, %s", (int)h.oversized_ms, h.oversized_error);
    if (strstr(h.oversized_error, "bytes without finishing its handshake") == NULL)
        fail_msg("oversized: %s", h.oversized_error);
    assert_int_equal(h.opened, LINK_READY);
    assert_int_equal(h.last, LINK_CLOSED);
    assert_int_equal(h.stalled, LINK_FAILED);
    if (strstr(h.stalled_error, "no answer from") == NULL)
        fail_msg("stalled: %s", h.stalled_error);
    close(stalled);
    close(oversized);
    link_identity_free(id);
}

static int setup(void **state)
{
    (void)state;
    char err[256];
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/mnk-test-link-XXXXXX");
    if (mkdtemp(tmp_dir) == NULL)
        return -1;
    return joincode_derive(CODE, GAME_ID, &game_key, err, sizeof err) ? 0 : -1;
}

/* Removes tmp_dir and what the tests left in it (two levels). */
static void remove_tree(const char *path, int depth)
{
    DIR *d = depth > 0 ? opendir(path) : NULL;
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char sub[512];
        if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub)
            remove_tree(sub, depth - 1);
    }
    if (d != NULL)
        closedir(d);
    remove(path);
}

static int teardown(void **state)
{
    (void)state;
    if (getenv("KEEP_TMP") == NULL) remove_tree(tmp_dir, 2);
    return 0;
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
        cmocka_unit_test(test_own_identity),
        cmocka_unit_test(test_pinned_on_first_use),
        cmocka_unit_test(test_operator_files),
        cmocka_unit_test(test_mode_mismatch),
        cmocka_unit_test(test_server_bounds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
