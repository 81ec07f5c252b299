/* utf8.h — text that may be drawn on a terminal as it is: valid UTF-8 with
 * no character that changes how the terminal draws what follows.
 *
 * utf8_next decodes one character of shortest-form UTF-8 (no surrogate, no
 * code point past U+10FFFF). utf8_first_bad finds the first byte of text
 * that is no such character, or one that is a control: C0 and C1 controls,
 * DEL, the line and paragraph separators, the bidirectional embeddings,
 * overrides and isolates, and the byte-order mark. What a peer on the
 * network or a file sends is checked with it before it reaches a screen.
 * No allocation, no state.
 */
#ifndef MNK_UTIL_UTF8_H
#define MNK_UTIL_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The code point of the UTF-8 sequence at s[0 .. n), n > 0, its length in
 * *used; -1 when it is not valid shortest-form UTF-8 of a scalar value. */
long utf8_next(const unsigned char *s, size_t n, size_t *used);

/* True for a code point that changes how a terminal draws what follows
 * rather than drawing itself (NUL included). */
bool utf8_is_control(long cp);

/* The offset of the first byte of text[0 .. len) that starts no drawable
 * character, *cp then its code point (-1: invalid UTF-8); len when every
 * character may be drawn. */
size_t utf8_first_bad(const char *text, size_t len, long *cp);

#endif
