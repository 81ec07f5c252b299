/* sock.c — socket steps shared by the two network games; see sock.h. */
#include "net/sock.h"

#include <errno.h>
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
