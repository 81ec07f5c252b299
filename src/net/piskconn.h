/* piskconn.h — a connection to one Piskvork (or anything that speaks its
 * network game, piskwire.h) over plain TCP: no join code, no encryption —
 * anyone on the way can read and change what it carries.
 *
 * The side that listens (link_listen's listener, link.h: IPv6 and IPv4, on
 * PISKWIRE_PORT unless told) takes a peer with piskconn_accept and says
 * INIT1 first; the side that connects (piskconn_connect, HOST[:PORT] as
 * link_split_address reads it) says INIT2 first. Each then waits for the
 * other's INIT, within the config's handshake time: PISKCONN_READY, and
 * piskconn_peer_version says the peer's version. A listener that answers
 * BUSY instead fails the connection with a sentence saying so.
 *
 * Then the connection hands out the peer's messages one at a time
 * (PISKCONN_MESSAGE); the caller tells it the board once the settings are
 * known (piskconn_set_board), since a move is told from a code by its x. A
 * malformed message is reported (PISKCONN_MALFORMED, piskconn_error says
 * what was wrong) and skipped, as far as its framing says how long it was;
 * the connection goes on. The peer's END closes the connection
 * (PISKCONN_CLOSED), and so does the end of its stream (PISKCONN_DROPPED,
 * which says it left without END); nothing heard for the config's idle
 * time, a socket error, or a peer that reads nothing while PISKCONN_OUT_MAX
 * bytes wait for it drop it too.
 *
 * Nothing blocks but name resolution in piskconn_connect. The caller polls
 * piskconn_fd() for piskconn_events(), for at most piskconn_timeout_ms(),
 * then calls piskconn_poll() until it says PISKCONN_IDLE. Errors are one
 * sentence for the player. A connection belongs to one thread.
 */
#ifndef MNK_NET_PISKCONN_H
#define MNK_NET_PISKCONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/link.h"
#include "net/piskwire.h"

#define PISKCONN_HANDSHAKE_MS 10000     /* connect and the INIT exchange */
#define PISKCONN_IDLE_MS (30 * 60000)   /* Piskvork sends nothing to keep a
                                           connection alive: a player may
                                           think long, but not forever */
#define PISKCONN_CLOSE_MS 1000          /* piskconn_close's wait for END to go */
#define PISKCONN_OUT_MAX 16384          /* bytes waiting for the peer, at most */
#define PISKCONN_IN_MAX (2 * PISKWIRE_MSG_MAX) /* bytes read, not yet decoded */

struct piskconn;

struct piskconn_config {
    int handshake_ms;                   /* 0: PISKCONN_HANDSHAKE_MS */
    int idle_ms;                        /* 0: PISKCONN_IDLE_MS */
};

enum piskconn_event {
    PISKCONN_IDLE,       /* nothing now: wait on the fd */
    PISKCONN_READY,      /* both said INIT (once) */
    PISKCONN_MESSAGE,    /* *msg is the peer's next message (never INIT1/2) */
    PISKCONN_MALFORMED,  /* the peer sent something malformed, skipped:
                            piskconn_error says what */
    PISKCONN_CLOSED,     /* the peer said END */
    PISKCONN_DROPPED,    /* lost after READY: piskconn_error says how */
    PISKCONN_FAILED,     /* no connection was made: piskconn_error says why */
};

/* Takes a peer waiting on the listener, if any: true with *out a new
 * connection (it has said INIT1) or NULL when none waits; false with the
 * reason when accepting fails. */
bool piskconn_accept(struct link_listener *l, const struct piskconn_config *c,
                     struct piskconn **out, char *err, size_t err_size);

/* Starts to connect to `address` (HOST[:PORT], PISKWIRE_PORT by default);
 * NULL with the reason when the address is malformed or unknown. */
struct piskconn *piskconn_connect(const char *address, const struct piskconn_config *c,
                                  char *err, size_t err_size);

/* Moves the connection on; once it has ended (CLOSED, DROPPED, FAILED) it
 * says so again at every call. */
enum piskconn_event piskconn_poll(struct piskconn *c, struct piskwire_msg *msg);

/* The board the peer's moves are on (piskwire_decode's width, height). */
void piskconn_set_board(struct piskconn *c, int width, int height);

/* Queues *msg; false with the reason when it does not encode or the
 * connection has ended. */
bool piskconn_send(struct piskconn *c, const struct piskwire_msg *msg, char *err,
                   size_t err_size);

/* The socket (-1 once ended), what to poll it for, and the longest to wait
 * before piskconn_poll has work (ms, -1 for none). */
int piskconn_fd(const struct piskconn *c);
short piskconn_events(const struct piskconn *c);
int piskconn_timeout_ms(const struct piskconn *c);

/* Why it ended, or what the last malformed message was; "" before. */
const char *piskconn_error(const struct piskconn *c);

/* The peer's protocol version once READY, else 0. */
int piskconn_peer_version(const struct piskconn *c);

/* The peer's address as text ("127.0.0.1:40122", "[::1]:3629"). */
const char *piskconn_peer_address(const struct piskconn *c);

/* Says END if the connection is open, waits up to PISKCONN_CLOSE_MS for
 * what waits to go, and frees it. NULL is allowed. */
void piskconn_close(struct piskconn *c);

/* Frees it at once, saying nothing. NULL is allowed. */
void piskconn_free(struct piskconn *c);

#endif
