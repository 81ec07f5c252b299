/* board.h — an m×n board of stones: storage, O(1) place/remove, Zobrist hash.
 *
 * Cells are addressed by one index, pos = y * width + x, where x is the column
 * (0 = leftmost) and y the row counted from the top (0 = top row): the frame of
 * the engine protocol. Human notation (column letter, row 1 at the bottom) is
 * in notation.h. The board knows nothing of turns or results (rules.h, game.h).
 *
 * Invariants: `stones` is the number of non-empty cells; `hash` is the XOR of
 * board_zobrist(pos, stone) over every stone on the board (0 when empty).
 */
#ifndef MNK_BOARD_H
#define MNK_BOARD_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "mnk/rule.h"

#define BOARD_MIN_SIDE 3
#define BOARD_MAX_SIDE 26
#define BOARD_MAX_CELLS (BOARD_MAX_SIDE * BOARD_MAX_SIDE)
#define BOARD_MIN_WIN 3

enum stone { STONE_NONE = 0, STONE_BLACK = 1, STONE_WHITE = 2 };

/* The opponent of BLACK or WHITE. */
static inline enum stone stone_other(enum stone s)
{
    return (enum stone)(3 - s);
}

struct board {
    int width;
    int height;
    int win;            /* k: the length of a winning line */
    enum rule rule;     /* rule.h; what it wins, rules.h */
    int stones;
    uint64_t hash;
    uint8_t cell[BOARD_MAX_CELLS]; /* enum stone, one byte each */
};

/* NULL when width × height with win length k is a legal board under any
 * rule, otherwise a one-line reason ("win length must be 3..15"); what a
 * rule adds is rule_check_win's (rules_check asks both). */
const char *board_check_size(int width, int height, int win);

/* Sets up an empty board. Returns false (board untouched) when
 * board_check_size() rejects the dimensions. */
bool board_init(struct board *b, int width, int height, int win, enum rule rule);

/* Empties every cell, keeping the dimensions and rule. */
void board_clear(struct board *b);

/* The Zobrist key of `stone` on `pos`: a fixed pseudo-random function, the
 * same on every run and machine, so hashes can be compared across runs. */
uint64_t board_zobrist(int pos, enum stone stone);

/* XORed into a position's key when White is to move: the hash knows the
 * stones only, and the same stones with the other side to move are another
 * position. Every table keyed by position uses this one value. */
#define BOARD_KEY_WHITE_TO_MOVE UINT64_C(0x3c6ef372fe94f82b)

static inline int board_cells(const struct board *b)
{
    return b->width * b->height;
}

static inline bool board_inside(const struct board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->width && y < b->height;
}

static inline int board_pos(const struct board *b, int x, int y)
{
    return y * b->width + x;
}

static inline int board_x(const struct board *b, int pos)
{
    return pos % b->width;
}

static inline int board_y(const struct board *b, int pos)
{
    return pos / b->width;
}

static inline enum stone board_at(const struct board *b, int pos)
{
    return (enum stone)b->cell[pos];
}

static inline bool board_full(const struct board *b)
{
    return b->stones == board_cells(b);
}

/* Puts `stone` on the empty cell `pos`. O(1). The caller guarantees the cell
 * is inside and empty. */
static inline void board_place(struct board *b, int pos, enum stone stone)
{
    assert(pos >= 0 && pos < board_cells(b) && b->cell[pos] == STONE_NONE);
    assert(stone == STONE_BLACK || stone == STONE_WHITE);
    b->cell[pos] = (uint8_t)stone;
    b->stones++;
    b->hash ^= board_zobrist(pos, stone);
}

/* Takes the stone off `pos`, which must be occupied. O(1). */
static inline void board_remove(struct board *b, int pos)
{
    assert(pos >= 0 && pos < board_cells(b) && b->cell[pos] != STONE_NONE && b->stones > 0);
    b->hash ^= board_zobrist(pos, (enum stone)b->cell[pos]);
    b->cell[pos] = STONE_NONE;
    b->stones--;
}

#endif
