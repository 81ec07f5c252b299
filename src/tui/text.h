/* text.h — the width of text on a terminal, in columns.
 *
 * Text is UTF-8 (the program runs under a UTF-8 locale, or has plain ASCII
 * to show). A character takes the columns wcwidth() gives under the current
 * locale: two for Chinese, Japanese and Korean characters and the
 * full-width forms, one for most others, none for combining marks; a byte
 * that is not valid UTF-8, or a character the locale cannot print, counts
 * as one column (the screen shows it as one replacement). Every cut is at a
 * character's edge, so no screen ever shows half of one.
 *
 * Pure functions of the text and the locale's LC_CTYPE: no curses, so they
 * are unit-tested.
 */
#ifndef MNK_TUI_TEXT_H
#define MNK_TUI_TEXT_H

#include <stddef.h>

/* Columns taken by `text`. */
int text_width(const char *text);

/* The bytes of the longest start of `text` that fits in `width` columns
 * (a double-width character that would stick out is left out); its width
 * goes to *used when used is not NULL. */
size_t text_fit(const char *text, int width, int *used);

/* The bytes from which the end of `text` fits in `width` columns (for a
 * field whose typing end must show). */
size_t text_tail(const char *text, int width);

/* Copies `text` into buf cut to `width` columns and padded with blanks to
 * exactly `width` (for columns of a list); returns buf. */
char *text_pad(char *buf, size_t size, const char *text, int width);

#endif
