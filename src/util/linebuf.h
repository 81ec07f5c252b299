/* linebuf.h — whole text lines from a file descriptor, with a bounded buffer.
 *
 * Bytes are read from the descriptor by linebuf_fill() and handed out as lines
 * by linebuf_next(). A line ends at CR, LF or CR LF (all three are in use on
 * engine pipes). A line longer than LINEBUF_MAX is handed out cut to that
 * length and flagged, and the rest of it is dropped, so a peer that never
 * sends a newline cannot make the buffer grow. At end of input an unfinished
 * last line is handed out as it is. No allocation, no blocking of its own:
 * linebuf_fill() reads once, so a caller may poll() first.
 */
#ifndef MNK_UTIL_LINEBUF_H
#define MNK_UTIL_LINEBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define LINEBUF_MAX 8192

struct linebuf {
    char buf[LINEBUF_MAX];
    size_t head;      /* first byte not yet handed out */
    size_t len;       /* bytes held, buf[head .. len) */
    bool after_cr;    /* the last line ended with CR: a following LF is its */
    bool dropping;    /* skipping the rest of a line that was cut */
    bool eof;         /* the descriptor reported end of input */
};

/* An empty buffer. */
void linebuf_init(struct linebuf *lb);

/* Reads once from fd: the number of bytes read, 0 at end of input (then
 * linebuf_eof() is true), -1 on an error (errno set; EINTR is retried). */
ssize_t linebuf_fill(struct linebuf *lb, int fd);

/* The next complete line, without its terminator: true with *line (valid
 * until the next call) and *len; *cut tells whether it was longer than
 * LINEBUF_MAX. False when no complete line is buffered yet. */
bool linebuf_next(struct linebuf *lb, const char **line, size_t *len, bool *cut);

/* True when the descriptor reached end of input and every line was taken. */
bool linebuf_eof(const struct linebuf *lb);

#endif
