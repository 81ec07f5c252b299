/* sock.c — socket steps shared by the two network games; see sock.h. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* getifaddrs */
#endif
#include "net/sock.h"

#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

#include "util/fmt.h"

bool sock_set_flags(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0 &&
           fcntl(fd, F_SETFD, FD_CLOEXEC) == 0;
}

void sock_address_text(const struct sockaddr *sa, socklen_t len, char out[SOCK_ADDRESS_MAX])
{
    char host[64], serv[8]; /* numeric forms fit; NI_MAXHOST is not POSIX */
    if (getnameinfo(sa, len, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        snprintf(out, SOCK_ADDRESS_MAX, "?");
        return;
    }
    snprintf(out, SOCK_ADDRESS_MAX, sa->sa_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, serv);
}

struct addrinfo *sock_resolve(const char *host, int port, bool passive, char *err,
                              size_t err_size)
{
    char port_text[8];
    snprintf(port_text, sizeof port_text, "%d", port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)};
    struct addrinfo *addrs;
    int rc = getaddrinfo(host, port_text, &hints, &addrs);
    if (rc != 0) {
        fmt_fail(err, err_size, "%s: %s", host != NULL ? host : "*", gai_strerror(rc));
        return NULL;
    }
    return addrs;
}

int sock_connect_next(const struct addrinfo **next, char address[SOCK_ADDRESS_MAX],
                      int *last_errno)
{
    for (; *next != NULL; *next = (*next)->ai_next) {
        const struct addrinfo *ai = *next;
        int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0 || !sock_set_flags(fd)) {
            *last_errno = errno;
            if (fd >= 0)
                close(fd);
            continue;
        }
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS) {
            sock_address_text(ai->ai_addr, ai->ai_addrlen, address);
            return fd;
        }
        *last_errno = errno;
        close(fd);
    }
    return -1;
}

int sock_connect_done(int fd)
{
    struct pollfd p = {fd, POLLOUT, 0};
    if (poll(&p, 1, 0) == 0)
        return EINPROGRESS;
    int soerr = 0;
    socklen_t len = sizeof soerr;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len) != 0)
        soerr = errno;
    return soerr;
}

int sock_accept(int fd, char address[SOCK_ADDRESS_MAX])
{
    struct sockaddr_storage sa;
    socklen_t len = sizeof sa;
    int c = accept(fd, (struct sockaddr *)&sa, &len);
    if (c < 0) {
        if (errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED)
            errno = EAGAIN;
        return -1;
    }
    if (!sock_set_flags(c)) {
        close(c);
        errno = EAGAIN; /* gone already, or nothing to do with it */
        return -1;
    }
    sock_address_text((struct sockaddr *)&sa, len, address);
    return c;
}

/* An address others may reach: not loopback, and for IPv6 not link-local
 * (fe80::/10, which needs an interface to be named). */
static bool reachable(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)sa;
        return (ntohl(a->sin_addr.s_addr) >> 24) != 127;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)(const void *)sa;
        const unsigned char *b = a->sin6_addr.s6_addr;
        static const unsigned char loop[16] = {[15] = 1};
        return memcmp(b, loop, 16) != 0 && !(b[0] == 0xfe && (b[1] & 0xc0) == 0x80);
    }
    return false;
}

size_t sock_local_addresses(char *buf, size_t size)
{
    buf[0] = '\0';
    struct ifaddrs *all;
    if (getifaddrs(&all) != 0)
        return 0;
    size_t n = 0, used = 0;
    for (const struct ifaddrs *i = all; i != NULL; i = i->ifa_next) {
        if (i->ifa_addr == NULL || !reachable(i->ifa_addr))
            continue;
        socklen_t len = i->ifa_addr->sa_family == AF_INET ? sizeof(struct sockaddr_in)
                                                          : sizeof(struct sockaddr_in6);
        char host[64];
        if (getnameinfo(i->ifa_addr, len, host, sizeof host, NULL, 0, NI_NUMERICHOST) != 0)
            continue;
        int k = snprintf(buf + used, size - used, "%s%s", n > 0 ? " " : "", host);
        if (k < 0 || (size_t)k >= size - used) {
            buf[used] = '\0';   /* whole addresses only */
            break;
        }
        used += (size_t)k;
        n++;
    }
    freeifaddrs(all);
    return n;
}
