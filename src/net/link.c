/* link.c — TLS links carrying wire messages, with a game's key or a
 * server's certificate; see link.h. */
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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "net/sock.h"
#include "util/fmt.h"

/* TLS 1.3 only, and of its key exchanges only the pre-shared key combined
 * with (EC)Diffie-Hellman: a peer without the key cannot finish a
 * handshake, and a key guessed later does not decrypt a recorded game. */
#define PRIORITY "NORMAL:-VERS-ALL:+VERS-TLS1.3:-KX-ALL:+ECDHE-PSK:+DHE-PSK"
/* Certificate mode: TLS 1.3's (EC)DHE with the server's signature; of the
 * groups only the elliptic curves, each a cheap computation for a server
 * whatever a client offers (a finite-field group of 8192 bits is not). */
#define PRIORITY_CERT "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-EC-ALL"

#define GREETING "mnk-net-1 "
#define GREETING_FAMILY "mnk-net-"
#define GREETING_SERVER "server" /* in place of a game id: certificate mode */
#define GREETING_MAX 64
#define ERROR_MAX 512            /* the sentence of a changed key names a file */
#define PATH_MAX_LEN 4096
/* Handshake records that bring no progress, in one call: the bound on a
 * peer that sends TLS's noise instead of its handshake. */
#define HANDSHAKE_NOISE_MAX 16
/* A server's certificate chain, as the connecting side reads it. */
#define SERVER_HANDSHAKE_MAX 65536
#define IN_MAX (2 * (WIRE_LINE_MAX + 1))

_Static_assert(LINK_ADDRESS_MAX == SOCK_ADDRESS_MAX, "one length for an address as text");

enum state {
    ST_CONNECTING,  /* joiner: TCP connect under way */
    ST_GREETING,    /* connecting side: reading the greeting */
    ST_HANDSHAKE,   /* TLS handshake */
    ST_HELLO,       /* waiting for the peer's HELLO */
    ST_OPEN,
    ST_CLOSED,      /* the peer said BYE */
    ST_DROPPED,
    ST_FAILED,
};

/* The connecting side's check of a server's certificate, as the verify
 * callback left it. */
enum verdict {
    VERDICT_NONE,     /* not checked (yet) */
    VERDICT_CA,       /* vouched for by the system's trusted CAs */
    VERDICT_PINNED,   /* the key pinned before for this address */
    VERDICT_NEW,      /* a key never seen at this address: pin it */
    VERDICT_CHANGED,  /* another key than the one pinned: refused */
    VERDICT_BAD,      /* no certificate, or one that does not parse */
};

struct link {
    enum state state;
    bool host;                       /* the accepting side */
    bool cert;                       /* certificate mode */
    int fd;
    gnutls_session_t tls;
    gnutls_psk_server_credentials_t server_cred;
    gnutls_psk_client_credentials_t client_cred;
    gnutls_certificate_credentials_t cert_cred; /* connecting side's, with
                                                   the system's CAs */
    const struct link_identity *identity;       /* server: the caller's */
    struct joincode_key key;
    bool have_key;
    char code[JOINCODE_SIZE];        /* joiner */
    char *known_file;                /* connecting side, certificate mode */
    char server_host[LINK_ADDRESS_MAX]; /* the name given, lower case: the
                                           pinned key's entry with server_port */
    char server_port[8];
    enum verdict verdict;
    bool shaken;                     /* the handshake is done */
    size_t handshake_read;           /* accepting side: bytes read before */
    bool pinned_now;
    char peer_fingerprint[LINK_FINGERPRINT_SIZE];
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

struct link_identity {
    gnutls_certificate_credentials_t cred;
    char fingerprint[LINK_FINGERPRINT_SIZE];
};

/* ---- keys' fingerprints ---- */

/* "SHA256:" + the unpadded base64 of the SHA-256 of the public key
 * (SubjectPublicKeyInfo, DER) of a DER certificate: a GnuTLS error code
 * or 0. */
static int fingerprint(const gnutls_datum_t *crt, char out[LINK_FINGERPRINT_SIZE])
{
    gnutls_pubkey_t pub;
    gnutls_datum_t spki = {NULL, 0}, b64 = {NULL, 0};
    unsigned char digest[32];
    int rc = gnutls_pubkey_init(&pub);
    if (rc < 0)
        return rc;
    rc = gnutls_pubkey_import_x509_raw(pub, crt, GNUTLS_X509_FMT_DER, 0);
    if (rc >= 0)
        rc = gnutls_pubkey_export2(pub, GNUTLS_X509_FMT_DER, &spki);
    if (rc >= 0)
        rc = gnutls_hash_fast(GNUTLS_DIG_SHA256, spki.data, spki.size, digest);
    gnutls_datum_t d = {digest, sizeof digest};
    if (rc >= 0)
        rc = gnutls_base64_encode2(&d, &b64);
    if (rc >= 0) {
        size_t n = b64.size;
        while (n > 0 && b64.data[n - 1] == '=')
            n--;
        snprintf(out, LINK_FINGERPRINT_SIZE, "SHA256:%.*s", (int)n, (const char *)b64.data);
    }
    gnutls_free(b64.data);
    gnutls_free(spki.data);
    gnutls_pubkey_deinit(pub);
    return rc < 0 ? rc : 0;
}

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

/* "host:port", or "[v6]:port": the server as its pinned key's entry
 * names it. */
static void server_name(const struct link *l, char out[LINK_ADDRESS_MAX + 8])
{
    snprintf(out, LINK_ADDRESS_MAX + 8, strchr(l->server_host, ':') ? "[%s]:%s" : "%s:%s",
             l->server_host, l->server_port);
}

/* The connecting side's check of the server's certificate, run by GnuTLS
 * once the server has signed the handshake with its key, before its
 * Finished: accepted (0) when the system's CAs vouch for it for the host
 * name, or its key is the one pinned for the address, or none is pinned
 * (pinned once the handshake is done); refused (-1) otherwise. */
static int verify_server(gnutls_session_t session)
{
    struct link *l = gnutls_session_get_ptr(session);
    unsigned n = 0;
    const gnutls_datum_t *peers = gnutls_certificate_get_peers(session, &n);
    if (peers == NULL || n == 0 || fingerprint(&peers[0], l->peer_fingerprint) < 0) {
        l->peer_fingerprint[0] = '\0';
        l->verdict = VERDICT_BAD;
        return -1;
    }
    unsigned status = 0;
    if (gnutls_certificate_verify_peers3(session, l->server_host, &status) >= 0 && status == 0) {
        l->verdict = VERDICT_CA;
        return 0;
    }
    int rc = gnutls_verify_stored_pubkey(l->known_file, NULL, l->server_host, l->server_port,
                                         GNUTLS_CRT_X509, &peers[0], 0);
    if (rc == 0)
        l->verdict = VERDICT_PINNED;
    else if (rc == GNUTLS_E_CERTIFICATE_KEY_MISMATCH)
        l->verdict = VERDICT_CHANGED;
    else
        l->verdict = VERDICT_NEW; /* GnuTLS says "none found" for any other
                                     failure: a file it cannot write either
                                     fails the pinning */
    return l->verdict == VERDICT_CHANGED ? -1 : 0;
}

/* The session's credentials: the game's key, the server's certificate, or
 * the connecting side's check of one. */
static int tls_credentials(struct link *l)
{
    int rc;
    if (l->cert && l->host)
        return gnutls_credentials_set(l->tls, GNUTLS_CRD_CERTIFICATE, l->identity->cred);
    if (l->cert) {
        /* The name the player gave, for the CAs' check and for a server
         * with several names; an address is no name (RFC 6066). */
        unsigned char any[sizeof(struct in6_addr)];
        if (inet_pton(AF_INET, l->server_host, any) != 1 &&
            inet_pton(AF_INET6, l->server_host, any) != 1 &&
            strchr(l->server_host, '%') == NULL) {
            rc = gnutls_server_name_set(l->tls, GNUTLS_NAME_DNS, l->server_host,
                                        strlen(l->server_host));
            if (rc < 0)
                return rc;
        }
        gnutls_session_set_verify_function(l->tls, verify_server);
        return gnutls_credentials_set(l->tls, GNUTLS_CRD_CERTIFICATE, l->cert_cred);
    }
    if (l->host) {
        rc = gnutls_psk_allocate_server_credentials(&l->server_cred);
        if (rc >= 0) {
            gnutls_psk_set_server_credentials_function(l->server_cred, psk_lookup);
            rc = gnutls_credentials_set(l->tls, GNUTLS_CRD_PSK, l->server_cred);
        }
        return rc;
    }
    rc = gnutls_psk_allocate_client_credentials(&l->client_cred);
    gnutls_datum_t key = {l->key.key, sizeof l->key.key};
    if (rc >= 0)
        rc = gnutls_psk_set_client_credentials(l->client_cred, l->key.game_id, &key,
                                               GNUTLS_PSK_KEY_RAW);
    if (rc >= 0)
        rc = gnutls_credentials_set(l->tls, GNUTLS_CRD_PSK, l->client_cred);
    return rc;
}

/* The socket under TLS. Before its handshake is done a peer gets at most
 * LINK_HANDSHAKE_MAX bytes read from it by the accepting side: GnuTLS
 * itself would gather a handshake message of up to 16 MiB before judging
 * its size. */
static ssize_t tls_pull(gnutls_transport_ptr_t p, void *buf, size_t size)
{
    struct link *l = p;
    bool bounded = l->host && !l->shaken;
    if (bounded) {
        if (l->handshake_read >= LINK_HANDSHAKE_MAX) {
            errno = EMSGSIZE;
            return -1;
        }
        if (size > LINK_HANDSHAKE_MAX - l->handshake_read)
            size = LINK_HANDSHAKE_MAX - l->handshake_read;
    }
    ssize_t n = recv(l->fd, buf, size, 0);
    if (bounded && n > 0)
        l->handshake_read += (size_t)n;
    return n;
}

static ssize_t tls_push(gnutls_transport_ptr_t p, const void *buf, size_t size)
{
    const struct link *l = p;
    return send(l->fd, buf, size, MSG_NOSIGNAL);
}

/* Asked for by GnuTLS only when a timeout of its own is set (none is):
 * whether there is something to read within ms. */
static int tls_pull_timeout(gnutls_transport_ptr_t p, unsigned int ms)
{
    const struct link *l = p;
    struct pollfd pf = {l->fd, POLLIN, 0};
    return poll(&pf, 1, ms == GNUTLS_INDEFINITE_TIMEOUT ? -1 : (int)ms);
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
    /* What the peer can make this side hold of one handshake message,
     * once gathered: a client's hello is small (and the bytes read from a
     * client are bounded, tls_pull); a server's chain of certificates may
     * not be. */
    gnutls_handshake_set_max_packet_length(l->tls,
                                           l->host ? LINK_HANDSHAKE_MAX : SERVER_HANDSHAKE_MAX);
    rc = gnutls_priority_set_direct(l->tls, l->cert ? PRIORITY_CERT : PRIORITY, NULL);
    if (rc >= 0)
        rc = tls_credentials(l);
    if (rc < 0)
        return fail(l, "TLS: %s", gnutls_strerror(rc));
    gnutls_transport_set_ptr(l->tls, l);
    gnutls_transport_set_pull_function(l->tls, tls_pull);
    gnutls_transport_set_push_function(l->tls, tls_push);
    gnutls_transport_set_pull_timeout_function(l->tls, tls_pull_timeout);
    l->state = ST_HANDSHAKE;
    return LINK_IDLE;
}

/* The sentence for a handshake that failed with rc. */
static enum link_event handshake_failed(struct link *l, int rc)
{
    if (l->host && l->handshake_read >= LINK_HANDSHAKE_MAX && rc == GNUTLS_E_PULL_ERROR)
        return fail(l, _("%s sent more than %d bytes without finishing its handshake"),
                    l->address, LINK_HANDSHAKE_MAX);
    bool alert = rc == GNUTLS_E_FATAL_ALERT_RECEIVED;
    gnutls_alert_description_t what = alert ? gnutls_alert_get(l->tls) : GNUTLS_A_CLOSE_NOTIFY;
    if (l->cert) {
        /* Tell the peer (best effort: a non-blocking socket), then the
         * player. */
        if (!alert)
            gnutls_alert_send_appropriate(l->tls, rc);
        if (l->verdict == VERDICT_CHANGED) {
            char name[LINK_ADDRESS_MAX + 8];
            server_name(l, name);
            return fail(l,
                        _("the server at %s shows a different key than before (%s): if its "
                          "operator changed it, remove its line from %s; otherwise someone may "
                          "be in the way"),
                        name, l->peer_fingerprint, l->known_file);
        }
        return fail(l, _("the secure handshake with %s failed: %s"), l->address,
                    alert ? gnutls_alert_get_name(what) : gnutls_strerror(rc));
    }
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

/* Pins the key of a server seen for the first time, now that it has
 * finished its handshake. */
static enum link_event pin(struct link *l)
{
    unsigned n = 0;
    const gnutls_datum_t *peers = gnutls_certificate_get_peers(l->tls, &n);
    int rc = peers != NULL && n > 0
                 ? gnutls_store_pubkey(l->known_file, NULL, l->server_host, l->server_port,
                                       GNUTLS_CRT_X509, &peers[0], 0, 0)
                 : GNUTLS_E_NO_CERTIFICATE_FOUND;
    if (rc < 0) {
        char name[LINK_ADDRESS_MAX + 8];
        server_name(l, name);
        return fail(l, _("could not remember the key of the server at %s in %s: %s"), name,
                    l->known_file, gnutls_strerror(rc));
    }
    l->pinned_now = true;
    return LINK_IDLE;
}

static enum link_event step_handshake(struct link *l)
{
    for (int noise = 0;; noise++) {
        int rc = gnutls_handshake(l->tls);
        if (rc == GNUTLS_E_SUCCESS)
            break;
        if (rc == GNUTLS_E_AGAIN || rc == GNUTLS_E_INTERRUPTED)
            return LINK_IDLE;
        if (gnutls_error_is_fatal(rc))
            return handshake_failed(l, rc);
        /* A warning alert, a record of data out of turn: a peer sending
         * only those would keep this loop busy as long as it likes. */
        if (noise >= HANDSHAKE_NOISE_MAX)
            return fail(l, _("the secure handshake with %s failed: %s"), l->address,
                        gnutls_strerror(rc));
    }
    l->shaken = true;
    if (l->verdict == VERDICT_NEW && pin(l) != LINK_IDLE)
        return LINK_FAILED;
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

/* Reads the greeting, which says the other side's mode; then, for a
 * game's host, derives the key (or takes the one the caller kept for this
 * game), and starts the handshake. */
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
    size_t prefix = sizeof GREETING - 1, len = (size_t)(nl - l->greeting);
    const char *id = l->greeting + prefix;
    bool ours = len >= prefix && memcmp(l->greeting, GREETING, prefix) == 0 &&
                nl + 1 == l->greeting + l->greeting_len;
    bool game = ours && len == prefix + JOINCODE_ID_DIGITS &&
                joincode_game_id_valid(id, JOINCODE_ID_DIGITS);
    bool server = ours && len == prefix + sizeof GREETING_SERVER - 1 &&
                  memcmp(id, GREETING_SERVER, sizeof GREETING_SERVER - 1) == 0;
    if (!game && !server) {
        if (memcmp(l->greeting, GREETING_FAMILY, sizeof GREETING_FAMILY - 1) == 0 &&
            memcmp(l->greeting, GREETING, prefix) != 0)
            return fail(l, "%s",
                        _("the host's mnk speaks another version of the network protocol: "
                          "both need the same version"));
        return fail(l, _("%s is not an mnk game: it did not greet like one"), l->address);
    }
    if (server && !l->cert)
        return fail(l, "%s", _("that address is an mnk server: join it without a code"));
    if (game && l->cert)
        return fail(l, "%s", _("that address hosts a single game: give its join code"));
    *nl = '\0';
    if (server)
        return tls_start(l);
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

const char *link_peer_fingerprint(const struct link *l)
{
    return l->shaken ? l->peer_fingerprint : "";
}

bool link_peer_pinned_now(const struct link *l)
{
    return l->pinned_now;
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
    l->cert = host ? c->key == NULL : c->code == NULL;
    l->identity = c->identity;
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

/* The connecting side's part of certificate mode: the file of pinned keys,
 * the server's entry in it, and the system's trusted CAs. */
static bool cert_client_start(struct link *l, const char *known_file, const char *host,
                              const char *port, char *err, size_t err_size)
{
    l->known_file = strdup(known_file);
    if (l->known_file == NULL)
        return fmt_fail(err, err_size, "%s", strerror(ENOMEM));
    /* Names are pinned as DNS compares them, case aside (a scope's name
     * after '%' excepted). */
    size_t i;
    for (i = 0; host[i] != '\0' && host[i] != '%' && i + 1 < sizeof l->server_host; i++)
        l->server_host[i] = host[i] >= 'A' && host[i] <= 'Z' ? (char)(host[i] - 'A' + 'a') : host[i];
    snprintf(l->server_host + i, sizeof l->server_host - i, "%s", host + i);
    snprintf(l->server_port, sizeof l->server_port, "%s", port);
    int rc = gnutls_certificate_allocate_credentials(&l->cert_cred);
    if (rc < 0) {
        l->cert_cred = NULL;
        return fmt_fail(err, err_size, "TLS: %s", gnutls_strerror(rc));
    }
    /* A machine without a store of CAs still checks servers by their
     * pinned keys. */
    gnutls_certificate_set_x509_system_trust(l->cert_cred);
    return true;
}

struct link *link_connect(const char *address, const struct link_config *c, char *err,
                          size_t err_size)
{
    char host[LINK_ADDRESS_MAX];
    int port;
    if (!link_split_address(address, LINK_DEFAULT_PORT, host, sizeof host, &port, err, err_size))
        return NULL;
    char code[JOINCODE_SIZE] = "";
    bool cert = c->code == NULL && c->known_file != NULL;
    if (!cert && (c->code == NULL || !joincode_parse(c->code, code, err, err_size))) {
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
    gnutls_memset(code, 0, sizeof code);
    char port_text[8];
    snprintf(port_text, sizeof port_text, "%d", port);
    if (cert && !cert_client_start(l, c->known_file, host, port_text, err, err_size)) {
        freeaddrinfo(addrs);
        link_free(l);
        return NULL;
    }
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
    if (l->cert_cred != NULL)
        gnutls_certificate_free_credentials(l->cert_cred);
    l->tls = NULL;
    l->server_cred = NULL;
    l->client_cred = NULL;
    l->cert_cred = NULL;
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
    free(l->known_file);
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

size_t link_local_addresses(char *buf, size_t size)
{
    return sock_local_addresses(buf, size);
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
    if (c->key == NULL && c->identity == NULL)
        return fmt_fail(err, err_size, "link_accept: no key and no identity");
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
        int n = snprintf(greeting, sizeof greeting, GREETING "%s\n",
                         l->cert ? GREETING_SERVER : l->key.game_id);
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

/* ---- identities (server) ---- */

/* Whether the credentials' key is the one of their certificate:
 * GNUTLS_E_CERTIFICATE_KEY_MISMATCH when not. GnuTLS checks that by a
 * signature, which it skips for the keys it cannot sign with SHA-256
 * (Ed25519): here the public keys' SHA-256 are compared, for any kind. */
static int key_matches(gnutls_certificate_credentials_t cred)
{
    gnutls_x509_privkey_t key = NULL;
    gnutls_x509_crt_t *crts = NULL;
    unsigned n = 0;
    unsigned char a[32], b[32];
    size_t a_size = sizeof a, b_size = sizeof b;
    int rc = gnutls_certificate_get_x509_key(cred, 0, &key);
    if (rc >= 0)
        rc = gnutls_certificate_get_x509_crt(cred, 0, &crts, &n);
    if (rc >= 0 && n == 0)
        rc = GNUTLS_E_NO_CERTIFICATE_FOUND;
    if (rc >= 0)
        rc = gnutls_x509_privkey_get_key_id(key, GNUTLS_KEYID_USE_SHA256, a, &a_size);
    if (rc >= 0)
        rc = gnutls_x509_crt_get_key_id(crts[0], GNUTLS_KEYID_USE_SHA256, b, &b_size);
    if (rc >= 0 && (a_size != b_size || memcmp(a, b, a_size) != 0))
        rc = GNUTLS_E_CERTIFICATE_KEY_MISMATCH;
    for (unsigned i = 0; i < n; i++)
        gnutls_x509_crt_deinit(crts[i]);
    gnutls_free(crts);
    if (key != NULL)
        gnutls_x509_privkey_deinit(key);
    return rc;
}

struct link_identity *link_identity_load(const char *cert_file, const char *key_file, char *err,
                                         size_t err_size)
{
    /* The system's reason for a file that cannot be read, rather than
     * GnuTLS's "error while reading file". */
    const char *files[] = {cert_file, key_file};
    for (size_t i = 0; i < 2; i++)
        if (access(files[i], R_OK) != 0) {
            fmt_fail(err, err_size, "%s: %s", files[i], strerror(errno));
            return NULL;
        }
    struct link_identity *id = calloc(1, sizeof *id);
    if (id == NULL) {
        fmt_fail(err, err_size, "%s", strerror(ENOMEM));
        return NULL;
    }
    int rc = gnutls_certificate_allocate_credentials(&id->cred);
    if (rc < 0) {
        free(id);
        fmt_fail(err, err_size, "TLS: %s", gnutls_strerror(rc));
        return NULL;
    }
    rc = gnutls_certificate_set_x509_key_file2(id->cred, cert_file, key_file,
                                               GNUTLS_X509_FMT_PEM, NULL, 0);
    gnutls_datum_t crt = {NULL, 0};
    if (rc >= 0)
        rc = key_matches(id->cred);
    if (rc >= 0)
        rc = gnutls_certificate_get_crt_raw(id->cred, 0, 0, &crt);
    if (rc >= 0)
        rc = fingerprint(&crt, id->fingerprint);
    if (rc < 0) {
        if (rc == GNUTLS_E_CERTIFICATE_KEY_MISMATCH)
            fmt_fail(err, err_size, _("the certificate in %s is not for the key in %s"), cert_file,
                     key_file);
        else
            fmt_fail(err, err_size, _("could not load the certificate %s with its key %s: %s"),
                     cert_file, key_file, gnutls_strerror(rc));
        link_identity_free(id);
        return NULL;
    }
    return id;
}

const char *link_identity_fingerprint(const struct link_identity *id)
{
    return id->fingerprint;
}

void link_identity_free(struct link_identity *id)
{
    if (id == NULL)
        return;
    gnutls_certificate_free_credentials(id->cred);
    free(id);
}

/* Writes `data` to a new file beside `path` (mode `mode`), flushed to
 * disk, then puts it at `path`: over what is there with `replace`, else
 * only where nothing is (a file made meanwhile by another server is kept,
 * and true returned). False with the reason. */
static bool publish(const char *path, const gnutls_datum_t *data, mode_t mode, bool replace,
                    char *err, size_t err_size)
{
    char tmp[PATH_MAX_LEN];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp)
        return fmt_fail(err, err_size, _("%s: path too long"), path);
    int fd = mkstemp(tmp); /* 0600 from the start: the key is never readable */
    if (fd < 0)
        return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
    bool ok = fchmod(fd, mode) == 0;
    for (size_t done = 0; ok && done < data->size;) {
        ssize_t n = write(fd, data->data + done, data->size - done);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        done += ok ? (size_t)n : 0;
    }
    ok = ok && fsync(fd) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && replace) {
        ok = rename(tmp, path) == 0;
        saved = errno;
    } else if (ok) {
        /* link() puts the file only where nothing is; a file system
         * without hard links gets the rename. */
        if (link(tmp, path) != 0 && errno != EEXIST) {
            ok = rename(tmp, path) == 0;
            saved = errno;
        }
    }
    unlink(tmp);
    if (!ok)
        return fmt_fail(err, err_size, "%s: %s", path, strerror(saved));
    return true;
}

/* A new key, written to `path`. */
static bool make_key(const char *path, char *err, size_t err_size)
{
    gnutls_x509_privkey_t key;
    gnutls_datum_t pem = {NULL, 0};
    int rc = gnutls_x509_privkey_init(&key);
    if (rc < 0)
        return fmt_fail(err, err_size, "TLS: %s", gnutls_strerror(rc));
    rc = gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA,
                                      GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0);
    if (rc >= 0) /* PKCS #8, unencrypted: what other tools read too */
        rc = gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN,
                                               &pem);
    gnutls_x509_privkey_deinit(key);
    bool ok = rc >= 0 ? publish(path, &pem, 0600, false, err, err_size)
                      : fmt_fail(err, err_size, "TLS: %s", gnutls_strerror(rc));
    if (pem.data != NULL) {
        gnutls_memset(pem.data, 0, pem.size);
        gnutls_free(pem.data);
    }
    return ok;
}

/* A self-signed certificate for the key at `key_path` (the one on disk,
 * whoever made it), written to `path`. It never expires: a pinned key is
 * what the players check, as ssh's host keys. */
static bool make_certificate(const char *key_path, const char *path, char *err, size_t err_size)
{
    gnutls_datum_t key_pem = {NULL, 0}, pem = {NULL, 0};
    gnutls_x509_privkey_t key = NULL;
    gnutls_x509_crt_t crt = NULL;
    int rc = gnutls_load_file(key_path, &key_pem);
    if (rc >= 0)
        rc = gnutls_x509_privkey_init(&key);
    if (rc >= 0)
        rc = gnutls_x509_privkey_import(key, &key_pem, GNUTLS_X509_FMT_PEM);
    if (rc >= 0)
        rc = gnutls_x509_crt_init(&crt);
    unsigned char serial[16];
    if (rc >= 0)
        rc = gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial);
    serial[0] &= 0x7f; /* a positive number */
    static const char name[] = "mnk server";
    if (rc >= 0)
        rc = gnutls_x509_crt_set_version(crt, 3);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_serial(crt, serial, sizeof serial);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_activation_time(crt, time(NULL));
    if (rc >= 0)
        rc = gnutls_x509_crt_set_expiration_time(crt, (time_t)-1); /* 99991231235959Z */
    if (rc >= 0)
        rc = gnutls_x509_crt_set_dn_by_oid(crt, GNUTLS_OID_X520_COMMON_NAME, 0, name,
                                           sizeof name - 1);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_key(crt, key);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_basic_constraints(crt, 0, -1);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_key_usage(crt, GNUTLS_KEY_DIGITAL_SIGNATURE);
    if (rc >= 0)
        rc = gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0);
    if (rc >= 0)
        rc = gnutls_x509_crt_sign2(crt, crt, key, GNUTLS_DIG_SHA256, 0);
    if (rc >= 0)
        rc = gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &pem);
    bool ok = rc >= 0 ? publish(path, &pem, 0644, true, err, err_size)
                      : fmt_fail(err, err_size, "%s: %s", key_path, gnutls_strerror(rc));
    if (crt != NULL)
        gnutls_x509_crt_deinit(crt);
    if (key != NULL)
        gnutls_x509_privkey_deinit(key);
    if (key_pem.data != NULL) {
        gnutls_memset(key_pem.data, 0, key_pem.size);
        gnutls_free(key_pem.data);
    }
    gnutls_free(pem.data);
    return ok;
}

/* Whether `path` exists; false with errno when the system cannot say. */
static bool exists(const char *path, bool *yes)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return *yes = true;
    *yes = false;
    return errno == ENOENT;
}

struct link_identity *link_identity_own(const char *dir, char *err, size_t err_size)
{
    char key_path[PATH_MAX_LEN], cert_path[PATH_MAX_LEN];
    if (snprintf(key_path, sizeof key_path, "%s/key.pem", dir) >= (int)sizeof key_path - 16 ||
        snprintf(cert_path, sizeof cert_path, "%s/cert.pem", dir) >= (int)sizeof cert_path - 16) {
        fmt_fail(err, err_size, _("%s: path too long"), dir);
        return NULL;
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        fmt_fail(err, err_size, "%s: %s", dir, strerror(errno));
        return NULL;
    }
    bool have_key, have_cert;
    if (!exists(key_path, &have_key) || !exists(cert_path, &have_cert)) {
        fmt_fail(err, err_size, "%s: %s", dir, strerror(errno));
        return NULL;
    }
    /* A new key gets a new certificate; so does a key whose certificate
     * was lost (or never written, the server stopped between the two). */
    if (!have_key && !make_key(key_path, err, err_size))
        return NULL;
    if ((!have_key || !have_cert) && !make_certificate(key_path, cert_path, err, err_size))
        return NULL;
    return link_identity_load(cert_path, key_path, err, err_size);
}
