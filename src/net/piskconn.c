/* piskconn.c — Piskvork's network game over plain TCP; see piskconn.h. */
#include "net/piskconn.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "net/sock.h"
#include "util/fmt.h"

#define ERROR_MAX 256

enum state {
    ST_CONNECTING,  /* connecting side: TCP connect under way */
    ST_INIT,        /* waiting for the peer's INIT */
    ST_OPEN,
    ST_CLOSED,      /* the peer said END */
    ST_DROPPED,
    ST_FAILED,
};

struct piskconn {
    enum state state;
    bool listener;                   /* this side listened: INIT1 */
    int fd;
    struct addrinfo *addrs, *next;   /* connecting side: addresses left */
    int connect_errno;
    int handshake_ms, idle_ms;
    int64_t deadline_ms;             /* until READY */
    int64_t last_heard_ms;
    int peer_version;
    int width, height;
    char address[SOCK_ADDRESS_MAX];
    char error[ERROR_MAX];
    uint8_t in[PISKCONN_IN_MAX];
    size_t in_len;
    size_t skip;                     /* bytes of a malformed message still
                                        to come, to throw away */
    uint8_t out[PISKCONN_OUT_MAX];
    size_t out_len;
    bool deaf;                       /* a send failed: only what the peer
                                        sent before is still read */
    bool peer_closed;                /* the end of stream came behind what is
                                        in `in`: said once that is read */
};

/* ---- the end ---- */

static void close_fd(struct piskconn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

/* Ends the connection with a reason: failed before READY, dropped after. */
__attribute__((format(printf, 2, 3))) static enum piskconn_event fail(struct piskconn *c,
                                                                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
    c->state = c->state == ST_OPEN ? ST_DROPPED : ST_FAILED;
    close_fd(c);
    return c->state == ST_DROPPED ? PISKCONN_DROPPED : PISKCONN_FAILED;
}

static bool is_ended(const struct piskconn *c)
{
    return c->state >= ST_CLOSED;
}

static enum piskconn_event ended(const struct piskconn *c)
{
    return c->state == ST_CLOSED    ? PISKCONN_CLOSED
         : c->state == ST_DROPPED ? PISKCONN_DROPPED
                                  : PISKCONN_FAILED;
}

/* ---- sending ---- */

static void flush(struct piskconn *c)
{
    while (c->out_len > 0 && !c->deaf) {
        ssize_t n = send(c->fd, c->out, c->out_len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
                return;
            c->deaf = true; /* what the peer sent before still arrives */
            c->out_len = 0;
            return;
        }
        memmove(c->out, c->out + n, c->out_len - (size_t)n);
        c->out_len -= (size_t)n;
    }
}

static bool queue(struct piskconn *c, const struct piskwire_msg *msg, char *err, size_t err_size)
{
    uint8_t buf[PISKWIRE_MSG_MAX];
    size_t n = piskwire_encode(msg, buf, sizeof buf, err, err_size);
    if (n == 0)
        return false;
    if (c->out_len + n > sizeof c->out) {
        fail(c, _("%s reads nothing of what is sent to it"), c->address);
        return fmt_fail(err, err_size, "%s", c->error);
    }
    memcpy(c->out + c->out_len, buf, n);
    c->out_len += n;
    return true;
}

bool piskconn_send(struct piskconn *c, const struct piskwire_msg *msg, char *err,
                   size_t err_size)
{
    if (is_ended(c))
        return fmt_fail(err, err_size, "%s",
                        c->error[0] != '\0' ? c->error : _("the connection has ended"));
    if (!queue(c, msg, err, err_size))
        return false;
    if (c->state != ST_CONNECTING)
        flush(c);
    return true;
}

/* ---- reading ---- */

/* Reads what the socket has; false when the connection ended. */
static bool fill(struct piskconn *c)
{
    if (c->peer_closed) {
        if (c->state == ST_OPEN)
            fail(c, _("%s left without saying goodbye"), c->address);
        else
            fail(c, _("%s closed the connection before the game began"), c->address);
        return false;
    }
    while (c->in_len < sizeof c->in) {
        ssize_t n = recv(c->fd, c->in + c->in_len, sizeof c->in - c->in_len, 0);
        if (n > 0) {
            c->last_heard_ms = clock_ms();
            /* A malformed message's rest goes as it comes. */
            size_t drop = c->skip < (size_t)n ? c->skip : (size_t)n;
            memmove(c->in + c->in_len, c->in + c->in_len + drop, (size_t)n - drop);
            c->skip -= drop;
            c->in_len += (size_t)n - drop;
            continue;
        }
        /* The peer's last messages (a move and its END, sent and closed
         * at once) are read before its end of stream counts. */
        if (n == 0 && c->in_len > 0) {
            c->peer_closed = true;
            return true;
        }
        if (n == 0) {
            if (c->state == ST_OPEN)
                fail(c, _("%s left without saying goodbye"), c->address);
            else
                fail(c, _("%s closed the connection before the game began"), c->address);
            return false;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return true;
        fail(c, _("the connection to %s failed: %s"), c->address, strerror(errno));
        return false;
    }
    return true;
}

/* Takes `used` bytes off the front of what was read; those beyond it are
 * skipped as they come. */
static void consume(struct piskconn *c, size_t used)
{
    if (used >= c->in_len) {
        c->skip += used - c->in_len;
        c->in_len = 0;
        return;
    }
    memmove(c->in, c->in + used, c->in_len - used);
    c->in_len -= used;
}

/* The next message already read, if any. */
static enum piskconn_event next_message(struct piskconn *c, struct piskwire_msg *msg)
{
    size_t used;
    char why[160];
    enum piskwire_status st =
        piskwire_decode(c->in, c->in_len, c->width, c->height, msg, &used, why, sizeof why);
    if (st == PISKWIRE_NEED_MORE)
        return PISKCONN_IDLE;
    consume(c, used);
    if (st == PISKWIRE_MALFORMED) {
        if (c->state == ST_INIT)
            return fail(c, _("%s does not speak Piskvork's network game (%s)"), c->address,
                        why);
        snprintf(c->error, sizeof c->error, "%s", why);
        return PISKCONN_MALFORMED;
    }
    if (c->state == ST_INIT) {
        enum piskwire_type want = c->listener ? PISKWIRE_INIT2 : PISKWIRE_INIT1;
        if (!c->listener && msg->type == PISKWIRE_BUSY)
            return fail(c, _("the other player is already playing with someone else"));
        if (msg->type != want)
            return fail(c, _("%s does not speak Piskvork's network game (%s first)"),
                        c->address, piskwire_type_name(msg->type));
        c->peer_version = msg->version;
        c->state = ST_OPEN;
        return PISKCONN_READY;
    }
    if (msg->type == PISKWIRE_INIT1 || msg->type == PISKWIRE_INIT2) {
        snprintf(c->error, sizeof c->error, "%s again", piskwire_type_name(msg->type));
        return PISKCONN_MALFORMED;
    }
    if (msg->type == PISKWIRE_END) {
        c->state = ST_CLOSED;
        snprintf(c->error, sizeof c->error, _("%s left the game"), c->address);
        close_fd(c);
        return PISKCONN_CLOSED;
    }
    return PISKCONN_MESSAGE;
}

/* ---- connecting ---- */

static enum piskconn_event connect_next(struct piskconn *c)
{
    close_fd(c);
    const struct addrinfo *next = c->next;
    c->fd = sock_connect_next(&next, c->address, &c->connect_errno);
    c->next = (struct addrinfo *)next;
    if (c->fd >= 0)
        return PISKCONN_IDLE;
    return fail(c, _("could not reach %s: %s"), c->address, strerror(c->connect_errno));
}

static enum piskconn_event step_connect(struct piskconn *c)
{
    int soerr = sock_connect_done(c->fd);
    if (soerr == EINPROGRESS)
        return PISKCONN_IDLE;
    if (soerr != 0) {
        c->connect_errno = soerr;
        c->next = c->next->ai_next;
        return connect_next(c);
    }
    c->state = ST_INIT;
    c->last_heard_ms = clock_ms();
    flush(c); /* the INIT2 queued at the start */
    return PISKCONN_IDLE;
}

/* ---- the connection ---- */

static struct piskconn *conn_new(const struct piskconn_config *cfg, bool listener)
{
    struct piskconn *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->listener = listener;
    c->fd = -1;
    c->handshake_ms = cfg != NULL && cfg->handshake_ms > 0 ? cfg->handshake_ms
                                                           : PISKCONN_HANDSHAKE_MS;
    c->idle_ms = cfg != NULL && cfg->idle_ms > 0 ? cfg->idle_ms : PISKCONN_IDLE_MS;
    c->deadline_ms = clock_ms() + c->handshake_ms;
    c->last_heard_ms = clock_ms();
    struct piskwire_msg init = {.type = listener ? PISKWIRE_INIT1 : PISKWIRE_INIT2,
                                .version = PISKWIRE_VERSION};
    char err[64];
    queue(c, &init, err, sizeof err); /* an empty queue takes it */
    return c;
}

bool piskconn_accept(struct link_listener *l, const struct piskconn_config *cfg,
                     struct piskconn **out, char *err, size_t err_size)
{
    *out = NULL;
    int fds[LINK_LISTEN_MAX];
    int n = link_listener_fds(l, fds);
    for (int i = 0; i < n; i++) {
        char address[SOCK_ADDRESS_MAX];
        int fd = sock_accept(fds[i], address);
        if (fd < 0) {
            if (errno == EAGAIN)
                continue;
            return fmt_fail(err, err_size, _("could not take a connection: %s"), strerror(errno));
        }
        struct piskconn *c = conn_new(cfg, true);
        if (c == NULL) {
            close(fd);
            return fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        }
        c->fd = fd;
        c->state = ST_INIT;
        snprintf(c->address, sizeof c->address, "%s", address);
        flush(c);
        *out = c;
        return true;
    }
    return true;
}

struct piskconn *piskconn_connect(const char *address, const struct piskconn_config *cfg,
                                  char *err, size_t err_size)
{
    char host[SOCK_ADDRESS_MAX];
    int port;
    if (!link_split_address(address, PISKWIRE_PORT, host, sizeof host, &port, err, err_size))
        return NULL;
    struct addrinfo *addrs = sock_resolve(host, port, false, err, err_size);
    if (addrs == NULL)
        return NULL;
    struct piskconn *c = conn_new(cfg, false);
    if (c == NULL) {
        freeaddrinfo(addrs);
        fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        return NULL;
    }
    c->state = ST_CONNECTING;
    c->addrs = c->next = addrs;
    snprintf(c->address, sizeof c->address, "%s", address);
    c->connect_errno = ECONNREFUSED;
    connect_next(c);
    return c;
}

enum piskconn_event piskconn_poll(struct piskconn *c, struct piskwire_msg *msg)
{
    if (is_ended(c))
        return ended(c);
    int64_t now = clock_ms();
    if (c->state < ST_OPEN && now >= c->deadline_ms)
        return fail(c, _("%s did not answer in time"), c->address);
    if (c->state == ST_CONNECTING) {
        enum piskconn_event e = step_connect(c);
        if (e != PISKCONN_IDLE || c->state == ST_CONNECTING)
            return e;
    }
    /* What was read before comes first, then the socket. */
    enum piskconn_event e = next_message(c, msg);
    if (e != PISKCONN_IDLE || is_ended(c))
        return e;
    flush(c);
    if (!fill(c))
        return ended(c);
    e = next_message(c, msg);
    if (e != PISKCONN_IDLE)
        return e;
    if (c->state == ST_OPEN && clock_ms() - c->last_heard_ms >= c->idle_ms)
        return fail(c, _("nothing was heard from %s for %d minutes"), c->address,
                    c->idle_ms / 60000);
    return PISKCONN_IDLE;
}

void piskconn_set_board(struct piskconn *c, int width, int height)
{
    c->width = width;
    c->height = height;
}

int piskconn_fd(const struct piskconn *c)
{
    return c->fd;
}

short piskconn_events(const struct piskconn *c)
{
    if (c->state == ST_CONNECTING)
        return POLLOUT;
    return (short)(POLLIN | (c->out_len > 0 && !c->deaf ? POLLOUT : 0));
}

int piskconn_timeout_ms(const struct piskconn *c)
{
    if (is_ended(c))
        return -1;
    int64_t until = c->state < ST_OPEN ? c->deadline_ms : c->last_heard_ms + c->idle_ms;
    int64_t left = until - clock_ms();
    return left < 0 ? 0 : left > INT32_MAX ? INT32_MAX : (int)left;
}

const char *piskconn_error(const struct piskconn *c)
{
    return c->error;
}

int piskconn_peer_version(const struct piskconn *c)
{
    return c->peer_version;
}

const char *piskconn_peer_address(const struct piskconn *c)
{
    return c->address;
}

void piskconn_free(struct piskconn *c)
{
    if (c == NULL)
        return;
    close_fd(c);
    if (c->addrs != NULL)
        freeaddrinfo(c->addrs);
    free(c);
}

void piskconn_close(struct piskconn *c)
{
    if (c == NULL)
        return;
    if (c->state == ST_OPEN) {
        struct piskwire_msg end = {.type = PISKWIRE_END};
        char err[64];
        if (queue(c, &end, err, sizeof err)) {
            int64_t deadline = clock_ms() + PISKCONN_CLOSE_MS;
            flush(c);
            while (c->out_len > 0 && !c->deaf && clock_ms() < deadline) {
                struct pollfd p = {c->fd, POLLOUT, 0};
                poll(&p, 1, (int)(deadline - clock_ms()));
                flush(c);
            }
        }
    }
    piskconn_free(c);
}
