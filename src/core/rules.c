/* rules.c — win detection through the last move, Black's forbidden moves
 * under renju, and the dead-draw test; see rules.h. */
#include "mnk/rules.h"

#include <stddef.h>

const int rules_dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

const char *rules_check(int width, int height, int win, enum rule rule)
{
    const char *why = board_check_size(width, height, win);
    if (why == NULL && rule == RULE_RENJU && win != 5)
        why = "renju is played with five in a row";
    return why;
}

/* Length of the run of `s` from (x, y) exclusive, stepping (dx, dy). Stops
 * counting at `cap`. */
static int run_length(const struct board *b, int x, int y, int dx, int dy,
                      enum stone s, int cap)
{
    int n = 0;
    for (x += dx, y += dy; n < cap && board_inside(b, x, y) &&
                           board_at(b, board_pos(b, x, y)) == s;
         x += dx, y += dy)
        n++;
    return n;
}

/* True when `side` wins only with exactly k: an overline of its is no win. */
static bool needs_exact(const struct board *b, enum stone side)
{
    return b->rule == RULE_EXACT || (b->rule == RULE_RENJU && side == STONE_BLACK);
}

/* The stone on (x, y), or STONE_NONE off the board: the edge blocks
 * nothing. */
static enum stone stone_at(const struct board *b, int x, int y)
{
    return board_inside(b, x, y) ? board_at(b, board_pos(b, x, y)) : STONE_NONE;
}

bool rules_is_win(const struct board *b, int pos, struct win_line *line)
{
    enum stone s = board_at(b, pos);
    if (s == STONE_NONE)
        return false;
    int x = board_x(b, pos), y = board_y(b, pos);
    bool exact = needs_exact(b, s), caro = b->rule == RULE_CARO;
    /* "At least k" and "exactly k" are both known from counting up to k on
     * each side, which bounds the work by O(k). Caro needs the cells beyond
     * the run's true ends. */
    int cap = caro ? BOARD_MAX_SIDE : b->win;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        int back = run_length(b, x, y, -dx, -dy, s, cap);
        int fwd = run_length(b, x, y, dx, dy, s, cap);
        int len = back + 1 + fwd;
        bool wins = exact ? len == b->win : len >= b->win;
        if (wins && caro) {
            enum stone other = stone_other(s);
            wins = stone_at(b, x - (back + 1) * dx, y - (back + 1) * dy) != other ||
                   stone_at(b, x + (fwd + 1) * dx, y + (fwd + 1) * dy) != other;
        }
        if (!wins)
            continue;
        if (line != NULL) {
            line->len = len;
            for (int i = 0; i < len; i++)
                line->cell[i] = board_pos(b, x + (i - back) * dx, y + (i - back) * dy);
        }
        return true;
    }
    return false;
}

int rules_longest_run(const struct board *b, int pos)
{
    enum stone s = board_at(b, pos);
    if (s == STONE_NONE)
        return 0;
    int x = board_x(b, pos), y = board_y(b, pos), longest = 0;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        int len = run_length(b, x, y, -dx, -dy, s, BOARD_MAX_SIDE) + 1 +
                  run_length(b, x, y, dx, dy, s, BOARD_MAX_SIDE);
        if (len > longest)
            longest = len;
    }
    return longest;
}

/* Whether the k-window starting at (x, y) along direction d can still be
 * filled by `side` needing at most `moves` more stones. */
static bool window_open(const struct board *b, int x, int y, int dx, int dy,
                        enum stone side, int moves)
{
    enum stone other = stone_other(side);
    int missing = 0;
    for (int i = 0; i < b->win; i++) {
        enum stone c = board_at(b, board_pos(b, x + i * dx, y + i * dy));
        if (c == other)
            return false;
        if (c == STONE_NONE && ++missing > moves)
            return false;
    }
    enum stone before = stone_at(b, x - dx, y - dy);
    enum stone after = stone_at(b, x + b->win * dx, y + b->win * dy);
    /* Filled, this window would join the stone beyond either end into an
     * overline, and stones are never taken off. */
    if (needs_exact(b, side))
        return before != side && after != side;
    /* Caro: take any win still to come, a run of k or more whose ends are
     * not both the opponent's. If it is longer than k, the window of k at
     * its start has as outside neighbours the cell before the run and a cell
     * of the run (never the opponent's); if it is exactly k, the window is
     * the run and its neighbours are the run's ends. Either way, that window
     * has at most one opponent's neighbour now, since stones only come. And
     * a window with two can be part of no win: no run through it reaches
     * past them. So this test is exact for windows, and never too strict. */
    if (b->rule == RULE_CARO)
        return before != other || after != other;
    return true;
}

bool rules_can_win(const struct board *b, enum stone side, int moves)
{
    int k = b->win;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        for (int y = 0; y < b->height; y++) {
            for (int x = 0; x < b->width; x++) {
                int ex = x + (k - 1) * dx, ey = y + (k - 1) * dy;
                if (!board_inside(b, ex, ey))
                    continue;
                if (window_open(b, x, y, dx, dy, side, moves))
                    return true;
            }
        }
    }
    return false;
}

bool rules_is_dead(const struct board *b, enum stone to_move)
{
    int empty = board_cells(b) - b->stones;
    int mine = (empty + 1) / 2, theirs = empty / 2;
    return !rules_can_win(b, to_move, mine) &&
           !rules_can_win(b, stone_other(to_move), theirs);
}
