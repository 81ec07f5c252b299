/* notation.h — the one human notation for cells, and board-size strings.
 *
 * A cell is its column letter and row number: `a` is the leftmost column and
 * row 1 the bottom row, so `h8` is the centre of a 15×15 board, as in gomoku
 * and renju books. Letters run a..z (boards are at most 26 wide). Parsing is
 * case-insensitive and ignores surrounding blanks.
 */
#ifndef MNK_NOTATION_H
#define MNK_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/board.h"

#define NOTATION_MAX 5 /* "z26" plus the terminating NUL, with room to spare */

/* Writes the name of `pos` into buf (at least NOTATION_MAX bytes). Returns buf. */
char *notation_format(const struct board *b, int pos, char *buf);

/* Parses a cell name; true and *pos set if it names a cell of the board. */
bool notation_parse(const struct board *b, const char *text, int *pos);

/* Parses "N" (a square N×N) or "WxH" ('x' or '×'); true and both set on
 * success. The values are not range-checked here (see board_check_size). */
bool notation_parse_size(const char *text, int *width, int *height);

#endif
