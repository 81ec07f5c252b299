/* utf8.c — drawable UTF-8; see utf8.h. */
#include "util/utf8.h"

long utf8_next(const unsigned char *s, size_t n, size_t *used)
{
    unsigned char c = s[0];
    size_t len = 0;
    long cp, min;
    if (c < 0x80) {
        *used = 1;
        return c;
    } else if (c >= 0xc2 && c <= 0xdf) {
        len = 2, cp = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3, cp = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return -1;
    }
    if (len > n)
        return -1;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    *used = len;
    return cp;
}

bool utf8_is_control(long cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
           cp == 0xfeff;
}

size_t utf8_first_bad(const char *text, size_t len, long *cp)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        size_t used;
        long c = utf8_next(s + i, len - i, &used);
        if (c < 0 || utf8_is_control(c)) {
            *cp = c;
            return i;
        }
        i += used;
    }
    return len;
}
