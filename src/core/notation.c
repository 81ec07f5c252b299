/* notation.c — cell names and size strings; see notation.h. */
#include "mnk/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

char *notation_format(const struct board *b, int pos, char *buf)
{
    snprintf(buf, NOTATION_MAX, "%c%d", 'a' + board_x(b, pos),
             b->height - board_y(b, pos));
    return buf;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Reads a decimal number of at most 3 digits; -1 when there is none. */
static int read_number(const char **s)
{
    const char *p = *s;
    int n = 0, digits = 0;
    while (isdigit((unsigned char)*p) && digits < 3) {
        n = n * 10 + (*p++ - '0');
        digits++;
    }
    if (digits == 0 || isdigit((unsigned char)*p))
        return -1;
    *s = p;
    return n;
}

bool notation_parse(const struct board *b, const char *text, int *pos)
{
    const char *s = skip_blanks(text);
    if (!isalpha((unsigned char)*s))
        return false;
    int x = tolower((unsigned char)*s++) - 'a';
    int row = read_number(&s);
    if (row < 0 || *skip_blanks(s) != '\0')
        return false;
    int y = b->height - row;
    if (!board_inside(b, x, y))
        return false;
    *pos = board_pos(b, x, y);
    return true;
}

bool notation_parse_size(const char *text, int *width, int *height)
{
    const char *s = skip_blanks(text);
    int w = read_number(&s);
    if (w < 0)
        return false;
    int h = w;
    if (*s == 'x' || *s == 'X') {
        s++;
    } else if (strncmp(s, "\xc3\x97", 2) == 0) { /* U+00D7 MULTIPLICATION SIGN */
        s += 2;
    } else {
        s = skip_blanks(s);
        if (*s != '\0')
            return false;
        *width = *height = w;
        return true;
    }
    h = read_number(&s);
    if (h < 0 || *skip_blanks(s) != '\0')
        return false;
    *width = w;
    *height = h;
    return true;
}
