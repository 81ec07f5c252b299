/* rules.c — win detection through the last move, Black's forbidden moves
 * under renju, and the dead-draw test; see rules.h. */
#include "mnk/rules.h"

#include <stddef.h>

const int rules_dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

const char *rules_check(int width, int height, int win, enum rule rule)
{
    const char *why = board_check_size(width, height, win);
    return why != NULL ? why : rule_check_win(rule, win);
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
    return !rules_overline_wins(b->rule, side);
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
    bool exact = needs_exact(b, s), caro = rule_info(b->rule)->blocked_ends;
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

/* Black's forbidden moves under renju.
 *
 * The test reads each line through the point into a window of the 11 cells
 * from 5 before it to 5 after it: all that a five, an overline, a four or
 * a three through the point can depend on (a five through it lies within 4
 * cells; whether one more stone makes five, not six, is settled 5 away).
 * White's stones and the edge both end Black's rows, so both read as a
 * wall. Stones the test places in thought (the point itself, and for the
 * recursion the points tried before it) are a list on the call stack, so
 * the board is never written. */

/* A cell as the test sees it: White's stones as they are, and the edge as
 * one more White stone. */
enum { SEE_EMPTY = STONE_NONE, SEE_BLACK = STONE_BLACK, SEE_WALL = STONE_WHITE };
#define REACH 5                     /* cells read on each side of the point */
#define SPAN (2 * REACH + 1)

/* A Black stone placed in thought, and those placed before it. */
struct thought {
    int pos;
    const struct thought *up;
};

static int see(const struct board *b, const struct thought *t, int x, int y)
{
    if (!board_inside(b, x, y))
        return SEE_WALL;
    int pos = board_pos(b, x, y);
    for (; t != NULL; t = t->up)
        if (t->pos == pos)
            return SEE_BLACK;
    return board_at(b, pos);
}

/* The first and last cell of the Black run through w[i] (Black). */
static void run_ends(const uint8_t w[SPAN], int i, int *first, int *last)
{
    int a = i, z = i;
    while (a > 0 && w[a - 1] == SEE_BLACK)
        a--;
    while (z < SPAN - 1 && w[z + 1] == SEE_BLACK)
        z++;
    *first = a;
    *last = z;
}

/* The length of the run through the point; a run that reaches the end of
 * the window is six or more, which is all that matters of it. */
static int run_through_point(const uint8_t w[SPAN])
{
    int a, z;
    run_ends(w, REACH, &a, &z);
    return z - a + 1;
}

/* The fours through the point on a line where its run is shorter than five:
 * each empty cell that would make exactly five with it completes a four.
 * The two ends of a straight four complete the same four stones, and count
 * once: two cells 5 apart that both make five can only be those ends. */
static int count_fours(uint8_t w[SPAN])
{
    bool makes_five[SPAN] = { false };
    int fours = 0;
    for (int i = REACH - 4; i <= REACH + 4; i++) {
        if (w[i] != SEE_EMPTY)
            continue;
        w[i] = SEE_BLACK;
        makes_five[i] = run_through_point(w) == 5;
        w[i] = SEE_EMPTY;
        if (makes_five[i])
            fours += i - 5 >= REACH - 4 && makes_five[i - 5] ? 0 : 1;
    }
    return fours;
}

/* The cells that would turn the point's stones on this line into a
 * straight four: four in a row through the point and that cell, both ends
 * empty, neither end making more than five. Returns how many (at most 2:
 * a line holds at most one three through the point). */
static int straightening(uint8_t w[SPAN], int out[2])
{
    int n = 0;
    for (int i = REACH - 3; i <= REACH + 3 && n < 2; i++) {
        if (w[i] != SEE_EMPTY)
            continue;
        w[i] = SEE_BLACK;
        int a, z;
        run_ends(w, REACH, &a, &z);
        /* A run of four holding the point and i lies within REACH ± 3, so
         * a - 2 and z + 2 are in the window. */
        if (z - a + 1 == 4 && a <= i && i <= z && w[a - 1] == SEE_EMPTY &&
            w[z + 1] == SEE_EMPTY && w[a - 2] != SEE_BLACK && w[z + 2] != SEE_BLACK)
            out[n++] = i;
        w[i] = SEE_EMPTY;
    }
    return n;
}

/* rules_forbidden for `pos`, empty as seen, with the stones of `up` placed
 * in thought. */
static enum forbid forbidden(const struct board *b, const struct thought *up, int pos)
{
    const struct thought here = { pos, up };
    int x = board_x(b, pos), y = board_y(b, pos);
    bool overline = false;
    int fours = 0, threes = 0;
    int straight[4][2], n_straight[4];
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        uint8_t w[SPAN];
        for (int i = 0; i < SPAN; i++)
            w[i] = (uint8_t)see(b, up, x + (i - REACH) * dx, y + (i - REACH) * dy);
        w[REACH] = SEE_BLACK;
        n_straight[d] = 0;
        int run = run_through_point(w);
        if (run == 5)
            return FORBID_NONE;         /* a five wins, whatever else */
        if (run > 5) {
            overline = true;
            continue;
        }
        /* A four through the point needs three more Black stones within 4
         * cells of it, a three two more within 3: most lines have neither. */
        int within3 = 0, within4;
        for (int i = 1; i <= 3; i++)
            within3 += (w[REACH - i] == SEE_BLACK) + (w[REACH + i] == SEE_BLACK);
        within4 = within3 + (w[REACH - 4] == SEE_BLACK) + (w[REACH + 4] == SEE_BLACK);
        int f = within4 >= 3 ? count_fours(w) : 0;
        fours += f;
        /* A line with a four through the point has no three through it: the
         * four's five cells would hold the three's straightening point or
         * an end of its straight four, a second empty cell. */
        if (f == 0 && within3 >= 2) {
            n_straight[d] = straightening(w, straight[d]);
            for (int i = 0; i < n_straight[d]; i++) {
                int off = straight[d][i] - REACH;
                straight[d][i] = board_pos(b, x + off * dx, y + off * dy);
            }
            threes += n_straight[d] > 0;
        }
    }
    if (overline)
        return FORBID_OVERLINE;
    if (fours >= 2)
        return FORBID_DOUBLE_FOUR;
    if (threes < 2)
        return FORBID_NONE;
    /* Each would-be three is a three only if one of its straightening
     * moves is itself allowed, with this stone on the board. `threes`
     * counts those not yet found false. */
    int real = 0;
    for (int d = 0; d < 4; d++) {
        if (n_straight[d] == 0)
            continue;
        bool allowed = false;
        for (int i = 0; i < n_straight[d] && !allowed; i++)
            allowed = forbidden(b, &here, straight[d][i]) == FORBID_NONE;
        if (allowed && ++real == 2)
            return FORBID_DOUBLE_THREE;
        if (!allowed && --threes < 2)
            return FORBID_NONE;
    }
    return FORBID_NONE;
}

enum forbid rules_forbidden(const struct board *b, int pos)
{
    /* The geometry below is renju's, whose forbidden shapes are on the way
     * to five. */
    if (!rule_info(b->rule)->forbidden || b->win != 5 || board_at(b, pos) != STONE_NONE)
        return FORBID_NONE;
    return forbidden(b, NULL, pos);
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
    if (rule_info(b->rule)->blocked_ends)
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

bool rules_has_legal_move(const struct board *b, enum stone side)
{
    if (side != STONE_BLACK || !rule_info(b->rule)->forbidden)
        return !board_full(b);
    for (int pos = 0; pos < board_cells(b); pos++)
        if (rules_legal(b, side, pos))
            return true;
    return false;
}

bool rules_is_dead(const struct board *b, enum stone to_move)
{
    /* Renju's Black with every empty cell forbidden can only pass: the
     * game ends there, drawn, whatever lines are left. */
    if (!board_full(b) && !rules_has_legal_move(b, to_move))
        return true;
    int empty = board_cells(b) - b->stones;
    int mine = (empty + 1) / 2, theirs = empty / 2;
    return !rules_can_win(b, to_move, mine) &&
           !rules_can_win(b, stone_other(to_move), theirs);
}
