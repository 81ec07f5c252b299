/* graph.h — a game's evaluation drawn in text: Black's advantage above a
 * middle line, White's below, move number to the right.
 *
 * Each value is a balance in -1 .. +1 (+1: Black wins, -1: White wins) and
 * becomes a bar from the middle line, at least one dot high, so the line
 * itself is always visible. Under Unicode the bars are braille dots: two
 * moves and four levels per character; in ASCII, one move and one level
 * per character ('#'). A short game is spread over the whole width; one
 * longer than the graph is wide shows groups of moves, each by its last. Pure: the graph is a grid of strings the screen
 * draws, so it is unit-tested.
 */
#ifndef MNK_TUI_GRAPH_H
#define MNK_TUI_GRAPH_H

#include <stdbool.h>

#define GRAPH_ROWS_MAX 12
#define GRAPH_COLS_MAX 80

struct graph {
    int rows, cols;     /* characters used */
    int moves;          /* values plotted */
    int span;           /* moves the axis is for */
    int dots_x;         /* dot columns per character: 2 braille, 1 ASCII */
    int per_dot;        /* moves shown by one dot column (a long game) */
    int dots_per;       /* dot columns of one move (a short game) */
    char cell[GRAPH_ROWS_MAX][GRAPH_COLS_MAX][4]; /* each a NUL-terminated character */
};

/* Plots balance[0 .. n) on an axis for `span` moves (span >= n: a game
 * still being judged fills from the left) in at most rows × cols characters
 * (clamped to the maxima; rows rounded down to an even number, at least
 * 2). */
void graph_plot(struct graph *g, const double *balance, int n, int span, int rows, int cols,
                bool utf8);

/* The character column that shows move i (0-based), in 0 .. cols - 1. */
int graph_column(const struct graph *g, int i);

/* The last move the character column `col` shows, or -1 when it shows
 * none (past the span): every move's column gives a move of that column. */
int graph_move_at(const struct graph *g, int col);

#endif
