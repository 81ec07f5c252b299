/* text.h — the width of text on a terminal, in columns.
 *
 * Text is UTF-8 (the program runs under a UTF-8 locale, or has plain ASCII
 * to show). A character takes the columns wcwidth() gives under the current
 * locale: two for Chinese, Japanese and Korean characters and the
 * full-width forms, one for most others, none for combining marks; a byte
 * that is not valid UTF-8, or a character the locale cannot print, counts
 * as one column. Every cut is at a character's edge, so no screen ever
 * shows half of one.
 *
 * Text from outside — a file's name, which may hold any byte but '/', a
 * player's name from a record — goes through text_escape() before it is
 * drawn (draw.h does it for all text), so that a newline or an escape
 * sequence in it is shown, not obeyed, and it stays on its row.
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

/* The first line of `text` wrapped to `width` columns: returns its bytes
 * and sets *rest to where the next line starts. The line ends at the last
 * break that fits: before a space (the spaces there are left out of both
 * lines), or between two characters either of which is two columns wide —
 * Chinese puts no spaces between words — but not before full-width closing
 * punctuation (，。：, …), which stays with the character before it. A
 * word longer than the line is cut where the width runs out, at a
 * character's edge. The line holds at least one character of a non-empty
 * text, so that wrapping always gets on, even on a line too narrow for it. */
size_t text_wrap(const char *text, int width, size_t *rest);

/* Copies `text` into buf as one row of a screen can show it: each
 * character the locale can print is copied whole; what a terminal would
 * act on or cannot show — C0 controls, DEL, C1 controls, bytes that are no
 * character of the locale's encoding — is written out, a byte at a time:
 * \n, \r and \t as those two characters, any other as \xHH (lower-case
 * hex). For the eye only: a backslash stays as it is, so this is not
 * undone, and text already escaped comes out the same. When buf is too
 * small the copy ends before the first character or escape that would not
 * fit whole. Returns buf. */
char *text_escape(char *buf, size_t size, const char *text);

/* Copies `text` into buf cut to `width` columns and padded with blanks to
 * exactly `width` (for columns of a list); returns buf. */
char *text_pad(char *buf, size_t size, const char *text, int width);

/* The same, right-aligned: the blanks go before the text (a number's
 * column and its name end at the same screen column whatever the width of
 * the name's characters). */
char *text_pad_left(char *buf, size_t size, const char *text, int width);

/* Copies `text` into buf in at most `width` columns: whole when it fits,
 * else its start, `ellipsis`, and its end from the last '.' on (a file
 * name keeps its extension: "gomoku-s….psq"); when the end alone is too
 * wide, the start and `ellipsis` only. The ellipsis is the caller's (a
 * terminal without Unicode has "..."); with no room even for it, the text
 * is cut. Returns buf. */
char *text_cut_middle(char *buf, size_t size, const char *text, int width, const char *ellipsis);

#endif
