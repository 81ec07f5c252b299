/* text.c — text widths in columns; see text.h. */
#define _XOPEN_SOURCE 700
#include "tui/text.h"

#include <string.h>
#include <wchar.h>

/* The next character of s: its byte length (at least 1) and its columns. */
static size_t next(const char *s, int *cols)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t wc;
    size_t n = mbrtowc(&wc, s, strlen(s), &st);
    if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
        *cols = 1;
        return 1;
    }
    int w = wcwidth(wc);
    *cols = w < 0 ? 1 : w;
    return n;
}

int text_width(const char *text)
{
    int total = 0, w;
    for (const char *p = text; *p != '\0'; p += next(p, &w))
        total += (next(p, &w), w);
    return total;
}

size_t text_fit(const char *text, int width, int *used)
{
    size_t bytes = 0;
    int cols = 0, w;
    while (text[bytes] != '\0') {
        size_t n = next(text + bytes, &w);
        if (cols + w > width)
            break;
        cols += w;
        bytes += n;
    }
    if (used != NULL)
        *used = cols;
    return bytes;
}

size_t text_tail(const char *text, int width)
{
    size_t start = 0;
    int w;
    while (text[start] != '\0' && text_width(text + start) > width)
        start += next(text + start, &w);
    return start;
}

char *text_pad(char *buf, size_t size, const char *text, int width)
{
    if (size == 0)
        return buf;
    int used, fit = width;
    size_t bytes = text_fit(text, fit, &used);
    while (bytes >= size)   /* the buffer is the narrower limit */
        bytes = text_fit(text, --fit, &used);
    memcpy(buf, text, bytes);
    size_t end = bytes;
    for (; used < width && end + 1 < size; used++)
        buf[end++] = ' ';
    buf[end] = '\0';
    return buf;
}
