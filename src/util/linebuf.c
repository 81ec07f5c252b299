/* linebuf.c — bounded line reader; see linebuf.h. */
#include "util/linebuf.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

void linebuf_init(struct linebuf *lb)
{
    lb->head = 0;
    lb->len = 0;
    lb->after_cr = false;
    lb->dropping = false;
    lb->eof = false;
}

ssize_t linebuf_fill(struct linebuf *lb, int fd)
{
    if (lb->head > 0) {
        memmove(lb->buf, lb->buf + lb->head, lb->len - lb->head);
        lb->len -= lb->head;
        lb->head = 0;
    }
    if (lb->len == sizeof lb->buf) {
        errno = ENOBUFS; /* a whole buffer waits: linebuf_next() takes it first */
        return -1;
    }
    ssize_t n;
    do
        n = read(fd, lb->buf + lb->len, sizeof lb->buf - lb->len);
    while (n < 0 && errno == EINTR);
    if (n == 0)
        lb->eof = true;
    if (n > 0)
        lb->len += (size_t)n;
    return n;
}

bool linebuf_next(struct linebuf *lb, const char **line, size_t *len, bool *cut)
{
    for (;;) {
        if (lb->after_cr && lb->head < lb->len) {
            if (lb->buf[lb->head] == '\n')
                lb->head++;
            lb->after_cr = false;
        }
        char *start = lb->buf + lb->head;
        size_t avail = lb->len - lb->head;
        size_t i = 0;
        while (i < avail && start[i] != '\n' && start[i] != '\r')
            i++;
        if (i < avail) {
            lb->after_cr = start[i] == '\r';
            lb->head += i + 1;
            if (lb->dropping) {
                lb->dropping = false;
                continue;
            }
            *line = start;
            *len = i;
            *cut = false;
            return true;
        }
        /* No terminator in what is buffered. */
        if (lb->dropping) {
            lb->head = lb->len;
            return false;
        }
        if (avail == sizeof lb->buf) {
            lb->head = lb->len;
            lb->dropping = true;
            *line = start;
            *len = avail;
            *cut = true;
            return true;
        }
        if (lb->eof && avail > 0) {
            lb->head = lb->len;
            *line = start;
            *len = avail;
            *cut = false;
            return true;
        }
        return false;
    }
}

bool linebuf_eof(const struct linebuf *lb)
{
    return lb->eof && lb->head == lb->len;
}
