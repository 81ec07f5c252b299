/* position.h — a board seen by the search: line classes of every empty cell
 * for both sides, kept up to date move by move.
 *
 * Wraps a struct board (its hash is the position's key). Placing or removing
 * a stone touches only the cells within `half` of it along its four lines:
 * their neighbourhood indices, classes, combinations and weights, the
 * per-side sums of the weights and the per-side counts of each combination.
 * So "does the side to move have a winning cell?" or "an open four?" is a
 * counter read, and the evaluation is two running sums. No allocation: the
 * struct is a plain value, set up once per search by position_init.
 *
 * Sides are indexed 0 (Black) and 1 (White): position_side(stone).
 */
#ifndef MNK_AI_POSITION_H
#define MNK_AI_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/pattern.h"
#include "mnk/board.h"

struct position {
    struct board b;
    const struct pattern_table *pt;
    int cells;
    int step[4];                              /* index delta along each line */
    uint8_t reach[4][2][BOARD_MAX_CELLS];     /* cells inside, backward/forward, ≤ half */
    uint32_t key[2][4][BOARD_MAX_CELLS];      /* neighbourhood index per side, line */
    uint8_t pat[2][BOARD_MAX_CELLS][4];       /* enum pattern; stale on stones */
    uint16_t cidx[2][BOARD_MAX_CELLS];        /* the four classes as a cell index */
    uint32_t cell[2][BOARD_MAX_CELLS];        /* combo << 24 | weight; 0 on stones */
    int32_t total[2];                         /* sum of the weights of empty cells */
    int count[2][COMBO_COUNT];                /* empty cells of each combination */
    uint8_t near[BOARD_MAX_CELLS];            /* stones within two cells (5×5) */
};

static inline int position_side(enum stone s)
{
    return (int)s - 1;
}

/* Sets p up from board b (any stones on it) with the classes of table pt,
 * which must match b's win length and rule and outlive p. */
void position_init(struct position *p, const struct pattern_table *pt,
                   const struct board *b);

/* Puts `stone` on the empty cell `pos` and updates every class it changes. */
void position_place(struct position *p, int pos, enum stone stone);

/* Takes the stone off `pos`, restoring exactly the state before its place.
 * Stones come off in the reverse order they went on (the newest first). */
void position_remove(struct position *p, int pos);

/* The combination a stone of `side` (0/1) would make on the empty cell pos. */
static inline enum combo position_combo(const struct position *p, int side, int pos)
{
    return pattern_combo_of(p->cell[side][pos]);
}

/* Its evaluation weight (0 on an occupied cell). */
static inline int position_weight(const struct position *p, int side, int pos)
{
    return pattern_weight_of(p->cell[side][pos]);
}

/* The strongest of the four line classes of `side` on the empty cell pos. */
enum pattern position_best_line(const struct position *p, int side, int pos);

/* Empty cells where `side` completes a winning run, along the four lines
 * through `around` (the cells a new stone there could have created), or over
 * the whole board when around is -1. Writes at most `max` of them to out and
 * returns how many were found (which may exceed max). */
int position_fives(const struct position *p, int side, int around, int *out, int max);

#endif
