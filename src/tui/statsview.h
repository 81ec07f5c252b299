/* statsview.h — the Statistics screen, opened from the main menu: the
 * player's games against the computer as a table (opponent, board, rule,
 * clock, won, lost, lost on time, drawn, the current and the best streak)
 * under the totals and, once any game had a clock, the totals per time
 * control; then the games two people played at one keyboard, per board and
 * clock; then the games against people over the network, per name, board
 * and clock, in the computer table's columns; then the puzzles (storage/puzzlestats.h): the rating and its
 * deviation, puzzles solved and failed, the current and best streak, and
 * the last STATSVIEW_ATTEMPTS attempts, newest first. The tables' columns are as wide as their widest cell and give way
 * in a narrow window (tui/columns.h): the counts go, the games on time
 * first (the totals per clock still say them), while what tells a row from
 * another (opponent, board, rule, clock) stays. It says so when there is
 * nothing yet, and scrolls when the table is longer than the window. Esc
 * or q goes back to the menu.
 *
 * The record is read from its file (storage/stats.h, tui/saves.h) each time the
 * screen opens, and so is the puzzle record, in the same way; a file that does not load is set aside by that read, and
 * the screen says so — the once the player is told. A file that is there
 * but cannot be read, or is a later version's, is said instead of a
 * table: the games it holds are not known, so none are claimed. Keys come
 * through one table; handlers return enum react flags and never draw.
 */
#ifndef MNK_TUI_STATSVIEW_H
#define MNK_TUI_STATSVIEW_H

#include <stdbool.h>

#include "storage/puzzlestats.h"
#include "storage/stats.h"
#include "tui/columns.h"

#define STATSVIEW_COLUMNS 10        /* the computer's table; the people's has fewer */
#define STATSVIEW_ATTEMPTS 5        /* the puzzle attempts shown */

struct statsview {
    struct stats stats;
    struct stats_clock *clocks; /* the totals per time control (stats_by_clock) */
    int n_clocks;               /* 0 when no game had a clock: none shown */
    struct column table[STATSVIEW_COLUMNS];   /* laid out for the window */
    struct column people[STATSVIEW_COLUMNS];
    int table_gap, people_gap;
    int left;                   /* the content's left edge */
    int clock_w;                /* the widest name of a clock in its totals */
    char note[600];     /* the file set aside, or why it is not shown */
    bool unread;        /* the file is there but was not read (stats_load):
                         * no table, since its games are not known */
    struct puzzlestats puzzles; /* the puzzle record */
    bool puzzles_unread;        /* it is there but was not read: not shown */
    int rows, cols;
    int top;            /* the first line of the content shown */
};

/* Reads the record from its file and shows it from the top. */
void statsview_open(struct statsview *v);

/* Frees the record; safe on a zeroed or closed view. */
void statsview_close(struct statsview *v);

void statsview_resize(struct statsview *v, int rows, int cols);

/* Handles one key from the key table. */
unsigned statsview_key(struct statsview *v, int key);

void statsview_draw(const struct statsview *v);

#endif
