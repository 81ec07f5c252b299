/* shapes.h — the threats on a board, for people to see: per side, the empty
 * cells where a stone would make a five, an open four, a four or an open
 * three, and the most urgent of them in words.
 *
 * k-relative, from the line classes of pattern.h: on a k = 4 board "five"
 * is four in a row and "an open four" an open three; the words say so
 * ("White threatens four in a row at c3"). Under the exact rule a cell that
 * would make an overline is no threat; under caro a five blocked at both
 * ends by the opponent is none, and the words say where a five or an open
 * three can be stopped as caro has it (one stone may stop two fives, and a
 * stone past a five's far end stops it). With k = 3 (tic-tac-toe) only wins
 * and double threats are found: a four there is two in a line, which every
 * cell beside a stone makes, and an open three one stone; marks on them
 * would be noise, and a double threat is called so ("Black can make a double
 * threat at a3"), not an open two. With k = 4 the open threes (two in a
 * row, again beside every stone) are left out the same way; its fours
 * (three in a row) are real threats and stay. A view only draws what this
 * finds.
 */
#ifndef MNK_ENGINE_SHAPES_H
#define MNK_ENGINE_SHAPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/board.h"

/* What a stone on an empty cell would make, weakest first. */
enum shape { SHAPE_NONE, SHAPE_OPEN3, SHAPE_FOUR, SHAPE_OPEN4, SHAPE_FIVE, SHAPE_COUNT };

struct shapes_work;   /* private: line-class tables and a position */

struct shapes {
    uint8_t cell[2][BOARD_MAX_CELLS];  /* enum shape; [0] Black, [1] White */
    int count[2][SHAPE_COUNT];         /* cells of each shape per side */
    /* Per side: whether one stone of the other's stops all its fives (true
     * when it has none), and the cells that stop its open three, marked 1:
     * under caro those where a stone of the other's leaves it no open four
     * to make, under the other rules those where it makes one. */
    bool one_block[2];
    uint8_t stops_three[2][BOARD_MAX_CELLS];
    struct shapes_work *work;
};

/* Prepares s (no threats yet). False when out of memory. */
bool shapes_init(struct shapes *s);

/* Frees what shapes_init and shapes_find allocated; safe on a zeroed s. */
void shapes_free(struct shapes *s);

/* Finds the threats of both sides on b. False when out of memory (s then
 * holds none). */
bool shapes_find(struct shapes *s, const struct board *b);

/* The most urgent threat for `to_move` to know of, as one line: its own
 * win ("Black can make five at f9"), the opponent's five ("White threatens
 * five at f9"), its own open four, the opponent's open three ("White has an
 * open three: block at g8 or k8"); "" when there is none of these. In the
 * player's language (mnk/i18n.h; English under the C locale). */
void shapes_describe(const struct shapes *s, const struct board *b, enum stone to_move,
                     char *buf, size_t size);

#endif
