/* text.c — text widths in columns; see text.h. */
#define _XOPEN_SOURCE 700
#include "tui/text.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

/* The next character of s: its byte length (at least 1), its columns and
 * the character (0 for a byte that is none). */
static size_t decode(const char *s, int *cols, wchar_t *wc)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t n = mbrtowc(wc, s, strlen(s), &st);
    if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
        *wc = 0;
        *cols = 1;
        return 1;
    }
    int w = wcwidth(*wc);
    *cols = w < 0 ? 1 : w;
    return n;
}

static size_t next(const char *s, int *cols)
{
    wchar_t wc;
    return decode(s, cols, &wc);
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

/* Full-width punctuation that closes a phrase: a line does not start with
 * it (the rule of Chinese and Japanese typesetting). */
static bool closes(wchar_t wc)
{
    return wc != 0 && wcschr(L"，。：；！？、）》」』】", wc) != NULL;
}

size_t text_wrap(const char *text, int width, size_t *rest)
{
    size_t bytes = 0, brk = 0, after = 0;
    int cols = 0, prev_w = 0;
    bool prev_space = false;
    while (text[bytes] != '\0') {
        int w;
        wchar_t wc;
        size_t n = decode(text + bytes, &w, &wc);
        bool space = wc == L' ';
        /* A break before this character, noted before its width is
         * counted: the line may end here even if it does not fit. */
        if (bytes > 0 && !prev_space) {
            if (space) {
                brk = bytes;
                after = 0;
            } else if ((w == 2 || prev_w == 2) && !closes(wc)) {
                brk = after = bytes;
            }
        }
        if (cols + w > width && bytes > 0)
            break;
        cols += w;
        bytes += n;
        prev_w = w;
        prev_space = space;
    }
    if (text[bytes] == '\0' || brk == 0) {
        *rest = bytes;
        while (text[*rest] == ' ')
            ++*rest;
        return bytes;
    }
    /* after == 0: the break is at a space; the next line starts after the
     * spaces there. */
    if (after == 0)
        for (after = brk; text[after] == ' '; after++)
            ;
    *rest = after;
    return brk;
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

char *text_pad_left(char *buf, size_t size, const char *text, int width)
{
    if (size == 0)
        return buf;
    int used, fit = width;
    size_t bytes = text_fit(text, fit, &used);
    while (bytes >= size)   /* the buffer is the narrower limit */
        bytes = text_fit(text, --fit, &used);
    size_t pad = used < width ? (size_t)(width - used) : 0;
    if (pad + bytes >= size)
        pad = size - 1 - bytes;
    memset(buf, ' ', pad);
    memcpy(buf + pad, text, bytes);
    buf[pad + bytes] = '\0';
    return buf;
}

/* Copies the n bytes at p to buf + *at when they fit with the NUL. */
static void put(char *buf, size_t size, size_t *at, const char *p, size_t n)
{
    if (*at + n < size) {
        memcpy(buf + *at, p, n);
        *at += n;
    }
    buf[*at] = '\0';
}

char *text_cut_middle(char *buf, size_t size, const char *text, int width, const char *ellipsis)
{
    if (size == 0)
        return buf;
    size_t at = 0;
    buf[0] = '\0';
    if (text_width(text) <= width) {
        put(buf, size, &at, text, strlen(text));
        return buf;
    }
    int room = width - text_width(ellipsis);
    if (room < 0) {
        put(buf, size, &at, text, text_fit(text, width, NULL));
        return buf;
    }
    /* The end kept is the extension, when a character of the start is
     * left beside it. */
    const char *dot = strrchr(text, '.');
    const char *end = dot != NULL && dot != text && text_width(dot) < room ? dot : "";
    int used;
    put(buf, size, &at, text, text_fit(text, room - text_width(end), &used));
    put(buf, size, &at, ellipsis, strlen(ellipsis));
    put(buf, size, &at, end, strlen(end));
    return buf;
}

char *text_escape(char *buf, size_t size, const char *text)
{
    if (size == 0)
        return buf;
    size_t used = 0, left = strlen(text);
    const char *p = text;
    while (left > 0) {
        unsigned char b = (unsigned char)*p;
        size_t n = 1;
        bool whole = false;
        if (b >= 0x20 && b != 0x7f) {
            mbstate_t st;
            memset(&st, 0, sizeof st);
            wchar_t wc;
            size_t got = mbrtowc(&wc, p, left, &st);
            /* Copied whole only when the locale can print it: a C1
             * control (wcwidth < 0) is escaped byte by byte, its
             * continuation bytes then failing to decode on their own. */
            if (got != (size_t)-1 && got != (size_t)-2 && got != 0 && wcwidth(wc) >= 0) {
                n = got;
                whole = true;
            }
        }
        char piece[8];
        size_t len;
        if (whole) {
            len = n;
        } else {
            const char *named = b == '\n' ? "\\n" : b == '\r' ? "\\r" : b == '\t' ? "\\t" : NULL;
            if (named != NULL)
                len = (size_t)snprintf(piece, sizeof piece, "%s", named);
            else
                len = (size_t)snprintf(piece, sizeof piece, "\\x%02x", b);
        }
        if (used + len >= size)
            break;
        memcpy(buf + used, whole ? p : piece, len);
        used += len;
        p += n;
        left -= n;
    }
    buf[used] = '\0';
    return buf;
}
