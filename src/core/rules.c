/* rules.c — win detection through the last move, and the dead-draw test. */
#include "mnk/rules.h"

#include <stddef.h>

const int rules_dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

/* Length of the run of `s` from (x, y) exclusive, stepping (dx, dy). Stops
 * counting at `cap`, which is all any rule needs to know. */
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

bool rules_is_win(const struct board *b, int pos, struct win_line *line)
{
    enum stone s = board_at(b, pos);
    if (s == STONE_NONE)
        return false;
    int x = board_x(b, pos), y = board_y(b, pos);
    /* Freestyle needs to know "at least k", exact "exactly k": counting up to
     * k on each side is enough for both and bounds the work by O(k). */
    int cap = b->win;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        int back = run_length(b, x, y, -dx, -dy, s, cap);
        int fwd = run_length(b, x, y, dx, dy, s, cap);
        int len = back + 1 + fwd;
        bool wins = b->rule == RULE_EXACT ? len == b->win : len >= b->win;
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
    if (b->rule == RULE_EXACT) {
        /* Filled, this window would join the stone beyond either end into an
         * overline, and stones are never taken off. */
        int bx = x - dx, by = y - dy;
        int ax = x + b->win * dx, ay = y + b->win * dy;
        if (board_inside(b, bx, by) && board_at(b, board_pos(b, bx, by)) == side)
            return false;
        if (board_inside(b, ax, ay) && board_at(b, board_pos(b, ax, ay)) == side)
            return false;
    }
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
