/* board.c — board storage and the Zobrist keys; see board.h. */
#include "mnk/board.h"

#include <string.h>

#include "mnk/rng.h"

const char *board_check_size(int width, int height, int win)
{
    if (width < BOARD_MIN_SIDE || width > BOARD_MAX_SIDE)
        return "width must be 3..26";
    if (height < BOARD_MIN_SIDE || height > BOARD_MAX_SIDE)
        return "height must be 3..26";
    int longest = width > height ? width : height;
    if (win < BOARD_MIN_WIN || win > longest)
        return "win length must be 3..max(width, height)";
    return NULL;
}

bool board_init(struct board *b, int width, int height, int win, enum rule rule)
{
    if (board_check_size(width, height, win) != NULL)
        return false;
    b->width = width;
    b->height = height;
    b->win = win;
    b->rule = rule;
    board_clear(b);
    return true;
}

void board_clear(struct board *b)
{
    memset(b->cell, STONE_NONE, sizeof b->cell);
    b->stones = 0;
    b->hash = 0;
}

uint64_t board_zobrist(int pos, enum stone stone)
{
    /* A pure function rather than a table: no start-up work, no global state,
     * and the keys are the same in every build. */
    return rng_mix(0x6d6e6b2d7a6f6272u + (uint64_t)pos * 2 + (uint64_t)(stone - 1));
}
