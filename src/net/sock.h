/* sock.h — the few socket steps both network games take (mnk's own link,
 * link.h, and Piskvork's, piskconn.h): non-blocking sockets, a connect
 * that tries a name's addresses in turn, accepting a peer, and an address
 * as text. No state of its own; the callers own the sockets.
 */
#ifndef MNK_NET_SOCK_H
#define MNK_NET_SOCK_H

#include <netdb.h>
#include <stdbool.h>
#include <sys/socket.h>

#define SOCK_ADDRESS_MAX 80 /* "[host]:port" as text, NUL included */

/* Makes fd non-blocking and close-on-exec; false with errno set. */
bool sock_set_flags(int fd);

/* "[v6]:port" or "v4:port" of a socket address ("?" if it has none). */
void sock_address_text(const struct sockaddr *sa, socklen_t len, char out[SOCK_ADDRESS_MAX]);

/* Resolves host and port (a number) for a stream connection, or for
 * listening when host is NULL and passive: the list (freeaddrinfo), or NULL
 * with the reason in err. */
struct addrinfo *sock_resolve(const char *host, int port, bool passive, char *err,
                              size_t err_size);

/* Starts a non-blocking connect to *next, or the addresses after it that
 * accept one: the socket, with *next the address tried and `address` its
 * text; -1 when none is left, *last_errno the last failure. */
int sock_connect_next(const struct addrinfo **next, char address[SOCK_ADDRESS_MAX],
                      int *last_errno);

/* Whether the connect under way on fd is done: 0 when it succeeded,
 * EINPROGRESS while it is not done yet, else its errno. Does not wait. */
int sock_connect_done(int fd);

/* This computer's addresses another computer may reach it at (every
 * interface's IPv4 address but loopback, its IPv6 ones but loopback and
 * link-local), numeric, separated by single spaces, whole ones only, into
 * buf: how many. */
size_t sock_local_addresses(char *buf, size_t size);

/* Takes a peer waiting on the listening socket fd, non-blocking: its
 * socket and address, or -1 (errno EAGAIN when none waits). */
int sock_accept(int fd, char address[SOCK_ADDRESS_MAX]);

#endif
