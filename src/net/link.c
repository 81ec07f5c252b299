/* link.c — TLS-PSK links carrying wire messages; see link.h. */
#include "net/link.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gnutls/gnutls.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "net/sock.h"
#include "util/fmt.h"

/* TLS 1.3 only, and of its key exchanges only the pre-shared key combined
 * with (EC)Diffie-Hellman: a peer without the key cannot finish a
 * handshake, and a key guessed later does not decrypt a recorded game. */
#define PRIORITY "NORMAL:-VERS-ALL:+VERS-TLS1.3:-KX-ALL:+ECDHE-PSK:+DHE-PSK"

#define GREETING "mnk-net-1 "
#define GREETING_FAMILY "mnk-net-"
#define GREETING_MAX 64
#define ERROR_MAX 256
#define IN_MAX (2 * (WIRE_LINE_MAX + 1))

_Static_assert(LINK_ADDRESS_MAX == SOCK_ADDRESS_MAX, "one length for an address as text");

enum state {
    ST_CONNECTING,  /* joiner: TCP connect under way */
    ST_GREETING,    /* joiner: reading the host's greeting */
    ST_HANDSHAKE,   /* TLS handshake */
    ST_HELLO,       /* waiting for the peer's HELLO */
    ST_OPEN,
    ST_CLOSED,      /* the peer said BYE */
    ST_DROPPED,
    ST_FAILED,
};

struct link {
    enum state state;
    bool host;
    int fd;
    gnutls_session_t tls;
    gnutls_psk_server_credentials_t server_cred;
    gnutls_psk_client_credentials_t client_cred;
    struct joincode_key key;
    bool have_key;
    char code[JOINCODE_SIZE];        /* joiner */
    struct addrinfo *addrs, *next;   /* joiner: addresses left to try */
    int connect_errno;               /* the last address's failure */
    int timeout_ms, ping_ms;
    int64_t deadline_ms;             /* until READY */
    int64_t last_heard_ms, last_sent_ms;
    int64_t ping_sent_ms;            /* the PING in flight, or -1 */
    int64_t ping_n;
    int rtt_ms;
    struct wire_hello peer;
    char address[LINK_ADDRESS_MAX];
    char error[ERROR_MAX];
    char greeting[GREETING_MAX];
    size_t greeting_len;
    char in[IN_MAX];
    size_t in_len;
    char out[LINK_OUT_MAX];
    size_t out_len;
    size_t in_flight;                /* bytes of out handed to GnuTLS that
                                        returned AGAIN: the next send repeats
                                        them exactly */
    bool deaf;                       /* a send failed: the peer is gone, and
                                        only what it sent before is read */
};

struct link_listener {
    int fd[LINK_LISTEN_MAX];
    int n;
    int port;
};

/* ---- addresses ---- */

static bool parse_port(const char *s, size_t len, int *port)
{
    if (len == 0 || len > 5)
        return false;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    if (v < 1 || v > 65535)
        return false;
    *port = v;
    return true;
}

bool link_split_address(const char *text, int default_port, char *host, size_t host_size,
                        int *port, char *err, size_t err_size)
{
    const char *h = text, *p = NULL;
    size_t hlen;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (close == NULL || (close[1] != '\0' && close[1] != ':'))
            return fmt_fail(err, err_size,
                            _("%s: an IPv6 address is written in brackets, as [::1]:3630"), text);
        h = text + 1;
        hlen = (size_t)(close - h);
        if (close[1] == ':')
            p = close + 2;
    } else {
        const char *colon = strchr(text, ':');
        if (colon != NULL && strchr(colon + 1, ':') == NULL) {
            hlen = (size_t)(colon - text);
            p = colon + 1;
        } else {
            hlen = strlen(text); /* a name, or an IPv6 address without a port */
        }
    }
    if (hlen == 0)
        return fmt_fail(err, err_size, _("%s: no host name or address"), text);
    if (hlen >= host_size)
        return fmt_fail(err, err_size, _("%s: the host name is too long"), text);
    *port = default_port;
    if (p != NULL && !parse_port(p, strlen(p), port))
        return fmt_fail(err, err_size, _("%s: the port is a number from 1 to 65535"), text);
    memcpy(host, h, hlen);
    host[hlen] = '\0';
    return true;
}

/* ---- the link's end ---- */

static void close_fd(struct link *l)
{
    if (l->fd >= 0)
        close(l->fd);
    l->fd = -1;
}

/* Ends the link with a reason: failed before READY, dropped after. Returns
 * the event that says so. */
__attribute__((format(printf, 2, 3))) static enum link_event fail(struct link *l,
                                                                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->error, sizeof l->error, fmt, ap);
    va_end(ap);
    l->state = l->state == ST_OPEN ? ST_DROPPED : ST_FAILED;
    close_fd(l);
    return l->state == ST_DROPPED ? LINK_DROPPED : LINK_FAILED;
}

static enum link_event ended(const struct link *l)
{
    switch (l->state) {
    case ST_CLOSED:
        return LINK_CLOSED;
    case ST_DROPPED:
        return LINK_DROPPED;
    default:
        return LINK_FAILED;
    }
}

static bool is_ended(const struct link *l)
{
    return l->state >= ST_CLOSED;
}

/* The link ended by GnuTLS's rc from a read or a write (0: end of
 * stream). */
static enum link_event lost(struct link *l, int rc)
{
    /* The socket's end or error, with no BYE before it: what a peer that
     * crashed, was killed or lost its network looks like. */
    if (rc == 0 || rc == GNUTLS_E_PREMATURE_TERMINATION || rc == GNUTLS_E_PULL_ERROR ||
        rc == GNUTLS_E_PUSH_ERROR)
        return fail(l, _("%s left without a goodbye"), l->address);
    /* TLS's own: a record that does not decrypt was tampered with. */
    return fail(l, _("the link to %s failed: %s"), l->address, gnutls_strerror(rc));
}

/* ---- sending ---- */

/* Hands what waits to GnuTLS, as far as the socket takes it. */
static enum link_event flush(struct link *l)
{
    while (l->out_len > 0) {
        size_t n = l->in_flight > 0 ? l->in_flight : l->out_len;
        ssize_t rc = gnutls_record_send(l->tls, l->out, n);
        if (rc == GNUTLS_E_AGAIN || rc == GNUTLS_E_INTERRUPTED) {
            l->in_flight = n;
            return LINK_IDLE;
        }
        if (rc == GNUTLS_E_PUSH_ERROR && l->state == ST_OPEN) {
            /* The peer is gone; what it said before it went (a last move,
             * BYE) may wait here unread: read that before saying so. */
            l->deaf = true;
            l->out_len = l->in_flight = 0;
            return LINK_IDLE;
        }
        if (rc < 0)
            return lost(l, (int)rc);
        l->in_flight = 0;
        memmove(l->out, l->out + rc, l->out_len - (size_t)rc);
        l->out_len -= (size_t)rc;
    }
    return LINK_IDLE;
}

/* Queues a message; false when it does not encode (err) or no longer fits
 * (the link is dropped). */
static bool queue(struct link *l, const struct wire_msg *msg, char *err, size_t err_size)
{
    char line[WIRE_LINE_MAX + 1];
    size_t n = wire_encode(msg, line, sizeof line, err, err_size);
    if (n == 0)
        return false;
    if (l->out_len + n + 1 > sizeof l->out) {
        fail(l, _("%s is not reading: %zu bytes are waiting for it"), l->address, l->out_len);
        return fmt_fail(err, err_size, "%s", l->error);
    }
    if (l->deaf)
        return true; /* nobody to send it to: the link ends once read */
    memcpy(l->out + l->out_len, line, n);
    l->out[l->out_len + n] = '\n';
    l->out_len += n + 1;
    l->last_sent_ms = clock_ms();
    return true;
}

/* Queues a message of the link's own (HELLO, PING, PONG, BYE, ERROR). */
static void queue_own(struct link *l, const struct wire_msg *msg)
{
    char err[ERROR_MAX];
    queue(l, msg, err, sizeof err);
}

bool link_send(struct link *l, const struct wire_msg *msg, char *err, size_t err_size)
{
    if (is_ended(l))
        return fmt_fail(err, err_size, "%s", l->error);
    if (!queue(l, msg, err, err_size))
        return false;
    if (l->state >= ST_HELLO && flush(l) != LINK_IDLE)
        return fmt_fail(err, err_size, "%s", l->error);
    return true;
}

/* ---- TLS ---- */

/* The host's key for a PSK identity: only the game's own. */
static int psk_lookup(gnutls_session_t session, const char *username, gnutls_datum_t *key)
{
    const struct link *l = gnutls_session_get_ptr(session);
    if (strcmp(username, l->key.game_id) != 0)
        return -1;
    key->data = gnutls_malloc(sizeof l->key.key);
    if (key->data == NULL)
        return -1;
    memcpy(key->data, l->key.key, sizeof l->key.key);
    key->size = sizeof l->key.key;
    return 0;
}

static enum link_event tls_start(struct link *l)
{
    unsigned flags = GNUTLS_NONBLOCK | GNUTLS_NO_SIGNAL | GNUTLS_NO_TICKETS;
    int rc = gnutls_init(&l->tls, (l->host ? GNUTLS_SERVER : GNUTLS_CLIENT) | flags);
    if (rc < 0) {
        l->tls = NULL;
        return fail(l, "TLS: %s", gnutls_strerror(rc));
    }
    gnutls_session_set_ptr(l->tls, l);
    rc = gnutls_priority_set_direct(l->tls, PRIORITY, NULL);
    if (rc >= 0 && l->host) {
        rc = gnutls_psk_allocate_server_credentials(&l->server_cred);
        if (rc >= 0) {
            gnutls_psk_set_server_credentials_function(l->server_cred, psk_lookup);
            rc = gnutls_credentials_set(l->tls, GNUTLS_CRD_PSK, l->server_cred);
        }
    } else if (rc >= 0) {
        rc = gnutls_psk_allocate_client_credentials(&l->client_cred);
        gnutls_datum_t key = {l->key.key, sizeof l->key.key};
        if (rc >= 0)
            rc = gnutls_psk_set_client_credentials(l->client_cred, l->key.game_id, &key,
                                                   GNUTLS_PSK_KEY_RAW);
        if (rc >= 0)
            rc = gnutls_credentials_set(l->tls, GNUTLS_CRD_PSK, l->client_cred);
    }
    if (rc < 0)
        return fail(l, "TLS: %s", gnutls_strerror(rc));
    gnutls_transport_set_int(l->tls, l->fd);
    l->state = ST_HANDSHAKE;
    return LINK_IDLE;
}

/* The sentence for a handshake that failed with rc. */
static enum link_event handshake_failed(struct link *l, int rc)
{
    bool alert = rc == GNUTLS_E_FATAL_ALERT_RECEIVED;
    gnutls_alert_description_t what = alert ? gnutls_alert_get(l->tls) : GNUTLS_A_CLOSE_NOTIFY;
    /* The joiner heard the host's greeting: a host that then refuses the
     * handshake found that the two keys differ, so the codes do (or
     * someone in the middle has neither). */
    if (!l->host && alert)
        return fail(l, "%s", _("the join code does not match this game"));
    if (!l->host)
        return fail(l, _("the secure handshake with %s failed: %s"), l->address,
                    gnutls_strerror(rc));
    /* The host tells the peer, then itself. A peer with the game id but
     * another key fails at the check of its PSK binder, which GnuTLS
     * reports as an illegal parameter received. */
    if (!alert)
        gnutls_alert_send_appropriate(l->tls, rc);
    bool wrong_key = rc == GNUTLS_E_RECEIVED_ILLEGAL_PARAMETER ||
                     rc == GNUTLS_E_ILLEGAL_PARAMETER || rc == GNUTLS_E_DECRYPTION_FAILED;
    if (wrong_key)
        return fail(l, _("someone at %s tried to join with a code that does not match this game"),
                    l->address);
    return fail(l, _("the secure handshake with %s failed: %s"), l->address,
                alert ? gnutls_alert_get_name(what) : gnutls_strerror(rc));
}

static enum link_event step_handshake(struct link *l)
{
    for (;;) {
        int rc = gnutls_handshake(l->tls);
        if (rc == GNUTLS_E_SUCCESS)
            break;
        if (rc == GNUTLS_E_AGAIN || rc == GNUTLS_E_INTERRUPTED)
            return LINK_IDLE;
        if (gnutls_error_is_fatal(rc))
            return handshake_failed(l, rc);
    }
    l->state = ST_HELLO;
    return flush(l);
}

/* ---- connecting (joiner) ---- */

/* Starts a connection to the next address; fails when none is left. */
static enum link_event connect_next(struct link *l)
{
    close_fd(l);
    const struct addrinfo *next = l->next;
    l->fd = sock_connect_next(&next, l->address, &l->connect_errno);
    l->next = (struct addrinfo *)next;
    if (l->fd >= 0) {
        l->state = ST_CONNECTING;
        return LINK_IDLE;
    }
    return fail(l, _("could not reach %s: %s"), l->address, strerror(l->connect_errno));
}

static enum link_event step_connect(struct link *l)
{
    int soerr = sock_connect_done(l->fd);
    if (soerr == EINPROGRESS)
        return LINK_IDLE;
    if (soerr == 0) {
        l->state = ST_GREETING;
        return LINK_IDLE;
    }
    l->connect_errno = soerr;
    l->next = l->next->ai_next;
    return connect_next(l);
}

/* Reads the host's greeting, then derives the key (or takes the one the
 * caller kept for this game) and starts the handshake. */
static enum link_event step_greeting(struct link *l)
{
    ssize_t n = recv(l->fd, l->greeting + l->greeting_len,
                     sizeof l->greeting - 1 - l->greeting_len, 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return LINK_IDLE;
    if (n < 0)
        return fail(l, _("could not reach %s: %s"), l->address, strerror(errno));
    if (n == 0)
        return fail(l, _("%s closed the connection: is it an mnk game?"), l->address);
    l->greeting_len += (size_t)n;
    char *nl = memchr(l->greeting, '\n', l->greeting_len);
    if (nl == NULL) {
        if (l->greeting_len < sizeof l->greeting - 1)
            return LINK_IDLE;
        return fail(l, _("%s is not an mnk game: it did not greet like one"), l->address);
    }
    size_t prefix = sizeof GREETING - 1;
    const char *id = l->greeting + prefix;
    if ((size_t)(nl - l->greeting) != prefix + JOINCODE_ID_DIGITS ||
        memcmp(l->greeting, GREETING, prefix) != 0 ||
        !joincode_game_id_valid(id, JOINCODE_ID_DIGITS) || nl + 1 != l->greeting + l->greeting_len) {
        if (memcmp(l->greeting, GREETING_FAMILY, sizeof GREETING_FAMILY - 1) == 0 &&
            memcmp(l->greeting, GREETING, prefix) != 0)
            return fail(l, "%s",
                        _("the host's mnk speaks another version of the network protocol: "
                          "both need the same version"));
        return fail(l, _("%s is not an mnk game: it did not greet like one"), l->address);
    }
    *nl = '\0';
    if (!l->have_key || strcmp(l->key.game_id, id) != 0) {
        char err[ERROR_MAX];
        if (!joincode_derive(l->code, id, &l->key, err, sizeof err))
            return fail(l, "%s", err);
        l->have_key = true;
    }
    return tls_start(l);
}

/* ---- receiving ---- */

static enum link_event handle_line(struct link *l, const char *line, size_t len,
                                   struct wire_msg *msg)
{
    char why[160];
    enum wire_status st = wire_decode(line, len, msg, why, sizeof why);
    l->last_heard_ms = clock_ms();
    if (st == WIRE_UNKNOWN && l->state == ST_OPEN && l->peer.minor > WIRE_MINOR)
        return LINK_IDLE; /* an addition of a newer minor version */
    if (st != WIRE_OK) {
        struct wire_msg e = {.type = WIRE_ERROR};
        snprintf(e.text, sizeof e.text, "malformed message: %s", why);
        queue_own(l, &e);
        flush(l);
        return fail(l, _("the other side sent a malformed message: %s"), why);
    }
    if (l->state == ST_HELLO) {
        if (msg->type == WIRE_ERROR)
            return fail(l, _("the other side refused the link: %s"), msg->text);
        if (msg->type != WIRE_HELLO)
            return fail(l, _("the other side sent %s before HELLO"), wire_type_name(msg->type));
        char err[ERROR_MAX];
        if (!wire_hello_check(&msg->hello, err, sizeof err)) {
            struct wire_msg e = {.type = WIRE_ERROR};
            snprintf(e.text, sizeof e.text, "network protocol %d needed", WIRE_MAJOR);
            queue_own(l, &e);
            flush(l);
            return fail(l, "%s", err);
        }
        l->peer = msg->hello;
        l->state = ST_OPEN;
        return LINK_READY;
    }
    switch (msg->type) {
    case WIRE_HELLO:
        return fail(l, _("the other side sent a malformed message: %s"), "a second HELLO");
    case WIRE_PING: {
        struct wire_msg pong = {.type = WIRE_PONG, .ping = msg->ping};
        queue_own(l, &pong);
        return flush(l);
    }
    case WIRE_PONG:
        if (l->ping_sent_ms >= 0 && msg->ping == l->ping_n) {
            l->rtt_ms = (int)(l->last_heard_ms - l->ping_sent_ms);
            l->ping_sent_ms = -1;
        }
        return LINK_IDLE;
    case WIRE_BYE:
        l->state = ST_CLOSED;
        snprintf(l->error, sizeof l->error, "%s", _("the other side closed the link"));
        return LINK_CLOSED;
    default:
        return LINK_MESSAGE;
    }
}

/* Hands out the next message, reading until the socket has no more. */
static enum link_event step_read(struct link *l, struct wire_msg *msg)
{
    int noise = 0; /* records that brought no data: alerts, key updates */
    for (;;) {
        char *nl = memchr(l->in, '\n', l->in_len);
        if (nl != NULL) {
            size_t len = (size_t)(nl - l->in);
            enum link_event ev = handle_line(l, l->in, len, msg);
            if (is_ended(l) && ev != LINK_CLOSED)
                return ev;
            memmove(l->in, nl + 1, l->in_len - len - 1);
            l->in_len -= len + 1;
            if (ev != LINK_IDLE)
                return ev;
            continue;
        }
        if (l->in_len > WIRE_LINE_MAX)
            return fail(l, _("the other side sent a malformed message: %s"), "line too long");
        ssize_t n = gnutls_record_recv(l->tls, l->in + l->in_len, sizeof l->in - l->in_len);
        if (n > 0) {
            l->in_len += (size_t)n;
            continue;
        }
        if (n == GNUTLS_E_AGAIN && gnutls_record_check_pending(l->tls) == 0)
            return l->deaf ? lost(l, GNUTLS_E_PUSH_ERROR) : LINK_IDLE;
        if (n == GNUTLS_E_INTERRUPTED)
            continue;
        /* A peer that sends nothing but TLS's own records keeps this loop
         * busy as long as it likes: a bound. */
        if ((n == GNUTLS_E_AGAIN || (n < 0 && !gnutls_error_is_fatal((int)n))) && ++noise < 64)
            continue;
        if (n < 0 && !gnutls_error_is_fatal((int)n))
            return fail(l, _("the link to %s failed: %s"), l->address, gnutls_strerror((int)n));
        if (n == GNUTLS_E_AGAIN)
            return LINK_IDLE;
        return lost(l, (int)n);
    }
}

/* ---- the loop ---- */

enum link_event link_poll(struct link *l, struct wire_msg *msg)
{
    if (is_ended(l))
        return ended(l);
    int64_t now = clock_ms();
    if (l->state < ST_OPEN && now >= l->deadline_ms) {
        int s = (l->timeout_ms + 999) / 1000;
        return fail(l, ngettext("no answer from %s within %d second",
                                "no answer from %s within %d seconds", (unsigned long)s),
                    l->address, s);
    }
    enum link_event ev = LINK_IDLE;
    if (l->state == ST_CONNECTING)
        ev = step_connect(l);
    if (ev == LINK_IDLE && l->state == ST_GREETING)
        ev = step_greeting(l);
    if (ev == LINK_IDLE && l->state == ST_HANDSHAKE)
        ev = step_handshake(l);
    if (ev != LINK_IDLE || l->state < ST_HELLO)
        return ev;
    if (l->state == ST_OPEN && now - l->last_sent_ms >= l->ping_ms) {
        struct wire_msg ping = {.type = WIRE_PING, .ping = ++l->ping_n};
        l->ping_sent_ms = now;
        queue_own(l, &ping);
    }
    ev = flush(l);
    if (ev != LINK_IDLE)
        return ev;
    return step_read(l, msg);
}

enum link_event link_wait(struct link *l, struct wire_msg *msg, int timeout_ms)
{
    int64_t deadline = clock_ms() + timeout_ms;
    for (;;) {
        enum link_event ev = link_poll(l, msg);
        if (ev != LINK_IDLE)
            return ev;
        int64_t left = deadline - clock_ms();
        if (left <= 0)
            return LINK_IDLE;
        int wait = link_timeout_ms(l);
        if (wait < 0 || wait > left)
            wait = (int)left;
        struct pollfd p = {link_fd(l), link_events(l), 0};
        poll(&p, 1, wait);
    }
}

int link_fd(const struct link *l)
{
    return l->fd;
}

short link_events(const struct link *l)
{
    switch (l->state) {
    case ST_CONNECTING:
        return POLLOUT;
    case ST_GREETING:
        return POLLIN;
    case ST_HANDSHAKE:
        return gnutls_record_get_direction(l->tls) ? POLLOUT : POLLIN;
    case ST_HELLO:
    case ST_OPEN:
        return (short)(POLLIN | (l->out_len > 0 ? POLLOUT : 0));
    default:
        return 0;
    }
}

int link_timeout_ms(const struct link *l)
{
    int64_t now = clock_ms(), at;
    if (is_ended(l))
        return -1;
    at = l->state < ST_OPEN ? l->deadline_ms : l->last_sent_ms + l->ping_ms;
    return at <= now ? 0 : (int)(at - now);
}

const char *link_error(const struct link *l)
{
    return l->error;
}

int64_t link_last_heard_ms(const struct link *l)
{
    return l->last_heard_ms;
}

int link_rtt_ms(const struct link *l)
{
    return l->rtt_ms;
}

const struct wire_hello *link_peer_hello(const struct link *l)
{
    return l->state >= ST_OPEN && l->peer.program[0] != '\0' ? &l->peer : NULL;
}

const char *link_peer_address(const struct link *l)
{
    return l->address;
}

void link_security(const struct link *l, char *buf, size_t size)
{
    if (l->state < ST_HELLO || l->tls == NULL) {
        snprintf(buf, size, "-");
        return;
    }
    const char *version = gnutls_protocol_get_name(gnutls_protocol_get_version(l->tls));
    const char *kx = gnutls_kx_get_name(gnutls_kx_get(l->tls));
    const char *cipher = gnutls_cipher_get_name(gnutls_cipher_get(l->tls));
    snprintf(buf, size, "%s %s %s", version != NULL ? version : "?", kx != NULL ? kx : "?",
             cipher != NULL ? cipher : "?");
}

const struct joincode_key *link_key(const struct link *l)
{
    return l->have_key ? &l->key : NULL;
}

/* ---- making and ending links ---- */

static struct link *link_new(const struct link_config *c, bool host)
{
    struct link *l = calloc(1, sizeof *l);
    if (l == NULL)
        return NULL;
    l->host = host;
    l->fd = -1;
    l->timeout_ms = c->timeout_ms > 0 ? c->timeout_ms : LINK_TIMEOUT_MS;
    l->ping_ms = c->ping_ms > 0 ? c->ping_ms : LINK_PING_MS;
    int64_t now = clock_ms();
    l->deadline_ms = now + l->timeout_ms;
    l->last_heard_ms = l->last_sent_ms = now;
    l->ping_sent_ms = -1;
    l->rtt_ms = -1;
    if (c->key != NULL) {
        l->key = *c->key;
        l->have_key = true;
    }
    struct wire_msg hello;
    wire_hello_init(&hello);
    queue_own(l, &hello);
    return l;
}

struct link *link_connect(const char *address, const struct link_config *c, char *err,
                          size_t err_size)
{
    char host[LINK_ADDRESS_MAX];
    int port;
    if (!link_split_address(address, LINK_DEFAULT_PORT, host, sizeof host, &port, err, err_size))
        return NULL;
    char code[JOINCODE_SIZE];
    if (c->code == NULL || !joincode_parse(c->code, code, err, err_size)) {
        if (c->code == NULL)
            fmt_fail(err, err_size, _("a join code is needed to join a game"));
        return NULL;
    }
    struct addrinfo *addrs = sock_resolve(host, port, false, err, err_size);
    if (addrs == NULL)
        return NULL;
    struct link *l = link_new(c, false);
    if (l == NULL) {
        freeaddrinfo(addrs);
        fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        return NULL;
    }
    memcpy(l->code, code, sizeof code);
    l->addrs = l->next = addrs;
    snprintf(l->address, sizeof l->address, "%s", address);
    l->connect_errno = ECONNREFUSED;
    connect_next(l);
    return l;
}

static void tls_free(struct link *l)
{
    if (l->tls != NULL)
        gnutls_deinit(l->tls);
    if (l->server_cred != NULL)
        gnutls_psk_free_server_credentials(l->server_cred);
    if (l->client_cred != NULL)
        gnutls_psk_free_client_credentials(l->client_cred);
    l->tls = NULL;
    l->server_cred = NULL;
    l->client_cred = NULL;
}

void link_free(struct link *l)
{
    if (l == NULL)
        return;
    close_fd(l);
    tls_free(l);
    if (l->addrs != NULL)
        freeaddrinfo(l->addrs);
    joincode_wipe(&l->key);
    gnutls_memset(l->code, 0, sizeof l->code);
    free(l);
}

/* Waits up to the deadline for the socket to be ready for `events`. */
static bool wait_fd(int fd, short events, int64_t deadline)
{
    int64_t left = deadline - clock_ms();
    struct pollfd p = {fd, events, 0};
    return left > 0 && poll(&p, 1, (int)left) > 0;
}

void link_close(struct link *l)
{
    if (l == NULL)
        return;
    int64_t deadline = clock_ms() + LINK_CLOSE_MS;
    if (l->state == ST_HELLO || l->state == ST_OPEN) {
        struct wire_msg bye = {.type = WIRE_BYE};
        queue_own(l, &bye);
        while (!is_ended(l) && l->out_len > 0 && flush(l) == LINK_IDLE && l->out_len > 0)
            if (!wait_fd(l->fd, POLLOUT, deadline))
                break;
    }
    if (l->fd >= 0 && l->tls != NULL && l->state >= ST_HELLO) {
        /* TLS's close, then the socket's; then read until the peer closes
         * too, so that nothing unread here makes the kernel reset the
         * connection and lose the goodbye on its way. */
        int rc;
        while ((rc = gnutls_bye(l->tls, GNUTLS_SHUT_WR)) == GNUTLS_E_AGAIN ||
               rc == GNUTLS_E_INTERRUPTED)
            if (!wait_fd(l->fd, POLLOUT, deadline))
                break;
        shutdown(l->fd, SHUT_WR);
        char sink[4096];
        while (wait_fd(l->fd, POLLIN, deadline)) {
            ssize_t n = recv(l->fd, sink, sizeof sink, 0);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
                break;
        }
    }
    link_free(l);
}

/* ---- listening (host) ---- */

struct link_listener *link_listen(const char *host, int port, char *err, size_t err_size)
{
    if (port < 0 || port > 65535) {
        fmt_fail(err, err_size, _("%d: the port is a number from 1 to 65535"), port);
        return NULL;
    }
    struct link_listener *l = calloc(1, sizeof *l);
    if (l == NULL) {
        fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        return NULL;
    }
    struct addrinfo *addrs = sock_resolve(host, port, true, err, err_size);
    if (addrs == NULL) {
        free(l);
        return NULL;
    }
    int last_errno = 0;
    l->port = port;
    for (struct addrinfo *ai = addrs; ai != NULL && l->n < LINK_LISTEN_MAX; ai = ai->ai_next) {
        if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
            continue;
        int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) {
            last_errno = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        /* Each family on its own socket, so that both bind the same port. */
        if (ai->ai_family == AF_INET6)
            setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
        struct sockaddr_storage sa;
        memcpy(&sa, ai->ai_addr, ai->ai_addrlen);
        /* The second family takes the port the first was given. */
        if (ai->ai_family == AF_INET)
            ((struct sockaddr_in *)&sa)->sin_port = htons((uint16_t)l->port);
        else
            ((struct sockaddr_in6 *)&sa)->sin6_port = htons((uint16_t)l->port);
        if (!sock_set_flags(fd) || bind(fd, (struct sockaddr *)&sa, ai->ai_addrlen) != 0 ||
            listen(fd, 8) != 0) {
            last_errno = errno;
            close(fd);
            continue;
        }
        if (l->port == 0) {
            socklen_t len = sizeof sa;
            if (getsockname(fd, (struct sockaddr *)&sa, &len) == 0)
                l->port = ntohs(sa.ss_family == AF_INET ? ((struct sockaddr_in *)&sa)->sin_port
                                                        : ((struct sockaddr_in6 *)&sa)->sin6_port);
        }
        l->fd[l->n++] = fd;
    }
    freeaddrinfo(addrs);
    if (l->n == 0) {
        fmt_fail(err, err_size, _("could not listen on port %d: %s"), port,
                 strerror(last_errno));
        free(l);
        return NULL;
    }
    return l;
}

int link_listener_port(const struct link_listener *l)
{
    return l->port;
}

int link_listener_fds(const struct link_listener *l, int fds[LINK_LISTEN_MAX])
{
    for (int i = 0; i < l->n; i++)
        fds[i] = l->fd[i];
    return l->n;
}

bool link_accept(struct link_listener *ls, const struct link_config *c, struct link **out,
                 char *err, size_t err_size)
{
    *out = NULL;
    if (c->key == NULL)
        return fmt_fail(err, err_size, "link_accept: no key");
    for (int i = 0; i < ls->n; i++) {
        char address[SOCK_ADDRESS_MAX];
        int fd = sock_accept(ls->fd[i], address);
        if (fd < 0) {
            if (errno == EAGAIN)
                continue;
            return fmt_fail(err, err_size, _("could not take a connection: %s"), strerror(errno));
        }
        struct link *l = link_new(c, true);
        if (l == NULL) {
            close(fd);
            return fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        }
        l->fd = fd;
        snprintf(l->address, sizeof l->address, "%s", address);
        char greeting[GREETING_MAX];
        int n = snprintf(greeting, sizeof greeting, GREETING "%s\n", l->key.game_id);
        /* A new socket's buffer is empty: the greeting goes whole, or the
         * peer is already gone. */
        if (send(fd, greeting, (size_t)n, MSG_NOSIGNAL) != n) {
            link_free(l);
            continue;
        }
        tls_start(l);
        *out = l;
        return true;
    }
    return true;
}

void link_listener_free(struct link_listener *l)
{
    if (l == NULL)
        return;
    for (int i = 0; i < l->n; i++)
        close(l->fd[i]);
    free(l);
}
