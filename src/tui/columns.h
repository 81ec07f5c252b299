/* columns.h — a list's columns laid out from the width there is.
 *
 * Each column says how wide its widest cell is, how narrow it may be cut
 * and in which turn it gives way; columns_fit() gives each a width so that
 * the row fits: first the columns that give way are cut to their least,
 * in their turn (what a cut to the least leaves over goes back to those
 * cut before), then dropped whole in the same turn, and only when that
 * is not enough are the others (turn 0) cut, the last first. So what
 * tells one row from another (a file's name, a board's rule) is kept
 * whole while anything else can go. columns_row() then writes a row in
 * those widths. Widths are screen columns (text.h).
 *
 * Pure: no curses, so unit-tested.
 */
#ifndef MNK_TUI_COLUMNS_H
#define MNK_TUI_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>

/* How a cell too wide for its column is cut. */
enum columns_cut {
    COLUMNS_END,        /* its start kept ("Nov 23 08:40" → "Nov 23") */
    COLUMNS_ELLIPSIS,   /* its start and an ellipsis */
    COLUMNS_MIDDLE,     /* its start, an ellipsis, its extension (text_cut_middle) */
};

struct column {
    int want;               /* the widest cell; 0: the column is left out */
    int least;              /* cut no narrower than this before it is dropped */
    int give;               /* its turn to give way: 1 first; 0 never but last */
    bool right;             /* right-aligned (numbers) */
    bool to_least;          /* cut at all, cut to its least (a date loses
                             * its whole time, not a digit of it) */
    enum columns_cut cut;
    int width;              /* columns_fit's answer: 0 when dropped */
};

/* Sets each column's width so that the n columns with `gap` blanks
 * between those shown take at most `width` columns, or as little as
 * they can (a turn-0 column is cut to one column at the least). */
void columns_fit(struct column *c, int n, int gap, int width);

/* Writes the cells of one row into buf in the widths columns_fit gave,
 * `gap` blanks apart, each cut as its column says (`ellipsis` for the
 * cuts that show one) and padded to its width; returns buf. */
char *columns_row(char *buf, size_t size, const struct column *c, int n, int gap,
                  const char *const *cells, const char *ellipsis);

#endif
