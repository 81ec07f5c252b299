/* link.h — a link to one other mnk over TCP, encrypted and authenticated
 * (TLS 1.3, through GnuTLS), that carries wire.h's messages; either with
 * the game's key, between two players, or with a server's certificate,
 * between a player and an mnk server.
 *
 * The accepting side listens (link_listen: IPv6 and IPv4, port
 * LINK_DEFAULT_PORT unless told, 0 for any free one) and takes each peer
 * that connects (link_accept); the connecting side connects to HOST[:PORT]
 * (link_connect). Then, within the config's timeout, the accepting side
 * greets in clear, saying which of two modes it speaks:
 *
 * The game's key ("mnk-net-1 <game id>", the PSK identity: joincode.h):
 * the host of one game greets with its game id, the joiner derives the key
 * from its code and the game id, and the two shake hands in TLS 1.3 with
 * that key in (EC)DHE-PSK mode — no certificates, forward secrecy, nothing
 * else accepted. A wrong code fails the handshake: the joiner hears "the
 * join code does not match this game", the host that someone tried; the
 * host's listener is untouched and may take the next peer.
 *
 * A server's certificate ("mnk-net-1 server"): the server (c->identity,
 * c->key NULL) presents its certificate, and the player connecting without
 * a code (c->known_file set) checks it as ssh checks a host: a certificate
 * that the system's trusted CAs vouch for, for the host name given, is
 * accepted; otherwise the server's public key is looked up in known_file
 * under HOST:PORT (GnuTLS's store of pinned keys, one line a server): a key
 * never seen there is pinned and accepted (link_peer_pinned_now), the same
 * key is accepted, and another key fails the link with a sentence saying
 * what to do, before anything is sent. TLS 1.3 with (EC)DHE and the
 * server's signature only; the player shows no certificate.
 *
 * A code given to a server, or none to a single game's host, fails at the
 * greeting with a sentence saying which is needed. Everything after the
 * handshake is the same in both modes: each side first says HELLO
 * (wire.h), and a peer of another major version is refused with a sentence
 * saying so.
 *
 * Nothing blocks but name resolution in link_connect (give an address to
 * avoid it), the reading of the system's trusted CAs there (certificate
 * mode), the joiner's key derivation, once per game (joincode.h, about
 * 0.1 s; pass the key back through the config to reconnect without it),
 * and the pinning of a new key (one line appended to known_file). A peer
 * that never finishes its handshake holds nothing but its own link until
 * the timeout. Before its handshake is done a peer gets at most
 * LINK_HANDSHAKE_MAX bytes read from it by the accepting side, and the
 * loop over the handshake ends one that brings nothing but TLS's own
 * noise; a server (certificate mode) computes no more than one
 * elliptic-curve key exchange and one signature for it: no client
 * certificate is asked for and finite-field groups are not offered. The
 * caller polls link_fd() for link_events(),
 * for at most link_timeout_ms(), and then calls link_poll() until it says
 * LINK_IDLE: one call hands out at most one message, and messages already
 * decrypted wait in memory where poll() cannot see them. link_wait() does
 * all that for a caller with nothing else to wait on.
 *
 * Keepalive: when nothing was sent for the config's ping interval the link
 * sends PING, and it answers the peer's PING with PONG, so an open link
 * hears from a live peer at least that often: link_last_heard_ms() tells a
 * silent one (the caller decides how long is too long). The end of a link
 * is either clean — the peer said BYE (LINK_CLOSED), as link_close() does —
 * or not (LINK_DROPPED): end of stream without BYE, a reset, an error, a
 * malformed message, or a peer that reads nothing while LINK_OUT_MAX bytes
 * wait for it. A send that fails because the peer is gone does not end the
 * link before what the peer sent until then is read: its last messages
 * and its BYE still arrive.
 *
 * Errors are one sentence for the player. A link belongs to one thread; an
 * identity may serve the links of one thread and must outlive them.
 */
#ifndef MNK_NET_LINK_H
#define MNK_NET_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/joincode.h"
#include "net/wire.h"

#define LINK_DEFAULT_PORT 3630   /* beside Piskvork's network game, 3629 */
#define LINK_TIMEOUT_MS 10000    /* connect, greeting, handshake and HELLO */
#define LINK_PING_MS 5000        /* PING after this long without sending */
#define LINK_CLOSE_MS 1000       /* link_close's wait for the goodbye to go */
#define LINK_OUT_MAX 16384       /* bytes waiting for a peer, at most */
#define LINK_LISTEN_MAX 2        /* a listener's sockets: IPv6 and IPv4 */
#define LINK_ADDRESS_MAX 80      /* "[host]:port" as text, NUL included */
#define LINK_FINGERPRINT_SIZE 64 /* "SHA256:" + base64, NUL included */
#define LINK_HANDSHAKE_MAX 16384 /* bytes read from a peer before its
                                    handshake is done, at most */

struct link;
struct link_listener;
struct link_identity;   /* a server's key and certificate */

struct link_config {
    const char *code;               /* joiner: the join code, any form */
    const struct joincode_key *key; /* host: the game's key; joiner: one
                                       derived before, used when its game id
                                       is the host's; or NULL */
    const struct link_identity *identity; /* accepting side: serve this
                                             certificate (certificate mode)
                                             instead of the PSK */
    const char *known_file;         /* connecting side, certificate mode (code
                                       NULL): the file of servers' keys
                                       pinned on first use (its folder must
                                       exist) */
    int timeout_ms;                 /* 0: LINK_TIMEOUT_MS */
    int ping_ms;                    /* 0: LINK_PING_MS */
};

enum link_event {
    LINK_IDLE,     /* nothing now: wait on the fd (see above) */
    LINK_READY,    /* both said HELLO: the link is open (once) */
    LINK_MESSAGE,  /* *msg is the peer's next message: never HELLO, PING,
                      PONG or BYE, which the link handles */
    LINK_CLOSED,   /* the peer said BYE */
    LINK_DROPPED,  /* the open link was lost: link_error() says how */
    LINK_FAILED,   /* no link was made: link_error() says why */
};

/* Splits "host", "host:port", "[v6]", "[v6]:port" or a bare IPv6 address
 * into host and port (default_port when none is given); false with a
 * sentence in err. */
bool link_split_address(const char *text, int default_port, char *host, size_t host_size,
                        int *port, char *err, size_t err_size);

/* Listens on `port` (0: any free one) of `host`'s addresses, or of every
 * address when host is NULL; NULL with the reason in err. */
struct link_listener *link_listen(const char *host, int port, char *err, size_t err_size);

/* The port bound (the one chosen when asked for 0). */
int link_listener_port(const struct link_listener *l);

/* The addresses to tell a friend for a listener on every address: this
 * computer's that others may reach (sock.h's sock_local_addresses),
 * separated by spaces, into buf; how many (0: none found). */
size_t link_local_addresses(char *buf, size_t size);

/* The listening sockets, to poll for POLLIN: their number. */
int link_listener_fds(const struct link_listener *l, int fds[LINK_LISTEN_MAX]);

/* The operator's certificate (PEM chain) and key files; NULL with the
 * reason. */
struct link_identity *link_identity_load(const char *cert_file, const char *key_file, char *err,
                                         size_t err_size);

/* The server's own identity kept in `dir` (created 0700 if missing): its
 * key (ECDSA P-256, key.pem, file mode 0600) and a self-signed certificate
 * (cert.pem), made on the first call and read on later ones; NULL with the
 * reason. */
struct link_identity *link_identity_own(const char *dir, char *err, size_t err_size);

/* The SHA-256 of the identity's public key (its SubjectPublicKeyInfo) as
 * the player reads it ("SHA256:" + base64 without padding, like ssh), for
 * the server to print at start. */
const char *link_identity_fingerprint(const struct link_identity *id);

/* NULL is allowed. */
void link_identity_free(struct link_identity *id);

/* Takes a peer that is waiting, if any: true with *out a new link
 * (accepting side: c->key for a game's host, or c->identity with c->key
 * NULL for a server) or NULL when none waits; false with the reason when
 * accepting fails. */
bool link_accept(struct link_listener *l, const struct link_config *c, struct link **out,
                 char *err, size_t err_size);

void link_listener_free(struct link_listener *l);

/* Starts to connect to `address` (link_split_address's forms) as the
 * joiner, with c->code, or to a server, with c->code NULL and
 * c->known_file; NULL with the reason in err when the address is
 * malformed or unknown. A link that cannot be made reports LINK_FAILED. */
struct link *link_connect(const char *address, const struct link_config *c, char *err,
                          size_t err_size);

/* Moves the link on: connects, shakes hands, sends what waits, reads what
 * came. Once the link has ended (CLOSED, DROPPED, FAILED) it says so again
 * at every call. */
enum link_event link_poll(struct link *l, struct wire_msg *msg);

/* link_poll, waiting on the link's fd between calls, for at most
 * timeout_ms: LINK_IDLE when that time passes with nothing. */
enum link_event link_wait(struct link *l, struct wire_msg *msg, int timeout_ms);

/* The socket to poll (-1 once the link has ended), the events to poll for,
 * and the longest to wait before link_poll has work (keepalive, a
 * deadline): ms, or -1 for no limit. */
int link_fd(const struct link *l);
short link_events(const struct link *l);
int link_timeout_ms(const struct link *l);

/* Queues *msg (sent as soon as the handshake allows); false with the
 * reason in err when it does not encode or the link has ended. */
bool link_send(struct link *l, const struct wire_msg *msg, char *err, size_t err_size);

/* Why the link ended, or "" while it has not. */
const char *link_error(const struct link *l);

/* When the peer was last heard from (clock_ms). */
int64_t link_last_heard_ms(const struct link *l);

/* The last PING's round trip in ms, or -1 before the first PONG. */
int link_rtt_ms(const struct link *l);

/* The peer's HELLO once the link is open, else NULL. */
const struct wire_hello *link_peer_hello(const struct link *l);

/* The peer's address as text ("[::1]:3630", "127.0.0.1:40122"). */
const char *link_peer_address(const struct link *l);

/* What protects the link, as "TLS1.3 ECDHE-PSK AES-256-GCM", once the
 * handshake is done; "-" before. */
void link_security(const struct link *l, char *buf, size_t size);

/* The connecting side's view of the server (certificate mode): its key's
 * fingerprint (link_identity_fingerprint's form) once the handshake is
 * done, "" before and in the game's key mode; and whether this connection
 * pinned it, the server being seen for the first time at that address (for
 * the front end to say that its key is now remembered). */
const char *link_peer_fingerprint(const struct link *l);
bool link_peer_pinned_now(const struct link *l);

/* The game's key, once known (the joiner knows it after the greeting), for
 * a reconnect; else NULL. */
const struct joincode_key *link_key(const struct link *l);

/* Ends the link cleanly: says BYE if it is open, sends TLS's close and
 * waits up to LINK_CLOSE_MS for the peer to take it; then frees it. */
void link_close(struct link *l);

/* Frees the link at once, with no goodbye (the peer sees it dropped). NULL
 * is allowed. */
void link_free(struct link *l);

#endif
