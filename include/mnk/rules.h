/* rules.h — what a stone wins, and when nobody can win any more.
 *
 * The win check looks only at the four lines through the stone just placed,
 * O(k) work, never at the whole board. The dead-draw test scans every window
 * of k cells once, O(W·H·4): meant for the game controller after each move,
 * not for a search's inner loop.
 */
#ifndef MNK_RULES_H
#define MNK_RULES_H

#include "mnk/board.h"

/* The four line directions, as (dx, dy): horizontal, vertical, and the two
 * diagonals. Every line on the board runs along one of these. */
extern const int rules_dir[4][2];

/* A winning run: its cells, in order along the line. */
struct win_line {
    int len;
    int cell[BOARD_MAX_SIDE];
};

/* True when the stone on `pos` is part of a winning run under the board's
 * rule. If `line` is not NULL it receives that run: the whole run under
 * freestyle (an overline is shown whole), exactly k cells under exact. */
bool rules_is_win(const struct board *b, int pos, struct win_line *line);

/* The length of the longest run of one colour through the stone on `pos`
 * (0 on an empty cell). Under exact, a run longer than k is an overline,
 * which does not win. */
int rules_longest_run(const struct board *b, int pos);

/* True when `side`, given `moves` more stones of its own, could still fill some
 * window of k cells to a win. Under exact, a window whose outside neighbour
 * already holds `side`'s stone cannot win. */
bool rules_can_win(const struct board *b, enum stone side, int moves);

/* True when neither side can win any more, counting the stones each still
 * gets to place before the board is full (`to_move` places the next one). */
bool rules_is_dead(const struct board *b, enum stone to_move);

#endif
