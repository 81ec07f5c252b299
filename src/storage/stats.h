/* stats.h — the player's record: games won, lost and drawn against each
 * computer opponent on each board under each time control, with streaks
 * and the games lost on time, and the games two people played at one
 * keyboard, and the games against each person over the network, counted
 * apart. No curses.
 *
 * What counts: a game against the computer counts for the person, against
 * the opponent's name as records give it (record_player_name: a level
 * such as "club", a strategy, an external engine's program name), on its
 * board (width × height, win length k, rule) and under its time control
 * (config.tc, mnk/gameclock.h; no clock is one too): a game at 3+2 and
 * one without a clock are two rows. A game between two people counts per
 * board and time control as a win for Black, a win for White or a draw. A
 * game between two computers does not count. Resigning is a loss, the
 * opponent's forfeit a win.
 *
 * On time: a row against the computer counts, of its games lost, those the
 * person lost on time (END_TIME) — what tells a player that the clock, not
 * the board, beat them at that control. A game the computer loses on time
 * is a win like any other. A people's row counts, of its games won, those
 * won on time. A game without a clock is never on time.
 *
 * Over the network (stats_count_network): a game against another person
 * on another computer counts for this side, against the name that person
 * gave (any script; what is not text fit to draw, or a space, becomes
 * '_'; "-" for no name), on its board and clock, as won, lost or drawn,
 * with the losses on this side's time and the row's own streaks, as a row
 * against the computer does. These rows stand apart: the totals, the
 * streak over all rows and the totals per clock are the computer's only.
 *
 * Streaks: the current streak is the run of equal results (won, lost or
 * drawn) that the latest games end with; the best streak is the longest run
 * of games won. A draw ends a run of wins. Each row keeps its own, and the
 * games against the computer keep one over all rows.
 *
 * The file (by default $XDG_DATA_HOME/mnk/stats, see tui/saves.h) is text,
 * one fact a line after the header "mnk-stats 2", or "mnk-stats 3" when it
 * has network rows (so that an earlier mnk reads a file without them);
 * lines starting with '#' and blank lines are skipped:
 *     streak KIND LENGTH BEST           (over all games against the computer)
 *     computer NAME WxH K RULE CLOCK WON LOST DRAWN ON_TIME KIND LENGTH BEST
 *     people WxH K RULE CLOCK BLACK WHITE DRAWN ON_TIME
 *     network NAME WxH K RULE CLOCK WON LOST DRAWN ON_TIME KIND LENGTH BEST
 *                                       (version 3 only)
 * KIND is W, L, D, or - with a LENGTH of 0. CLOCK is the time control as
 * tc_format writes it ("3+2", "5s+0.1s", "10m+5x30s", "none" for no
 * clock); ON_TIME is, of LOST (computer) or of BLACK and WHITE (people),
 * the games decided on time, 0 under "none". A file of version 1 ("mnk-stats
 * 1", whose rows have no CLOCK and no ON_TIME: computer NAME WxH K RULE
 * WON LOST DRAWN KIND LENGTH BEST, people WxH K RULE BLACK WHITE DRAWN) is
 * read as games without a clock, none on time, and the next count writes
 * it as version 2. It is written whole or not at all (storage/safefile.h).
 * Reading is strict: a file that is not exactly this (a bad header, a line
 * not understood, a count out of range, a CLOCK not in tc_format's own
 * text, more on time than the games it is of, a streak longer than its
 * games, a row twice, a NUL byte, more than STATS_FILE_MAX bytes) is
 * refused as a whole, and stats_load() then sets
 * it aside — renamed, never deleted — so that counting starts afresh and
 * the player is told once; it stays in the same directory, renamed
 * stats.corrupt-YYYYmmdd-HHMMSS. A file of a later version is left alone
 * and not written over, and so is one that cannot be read at all (the
 * system refuses it: permission, an I/O error; or it is no regular file: a
 * directory, a FIFO; storage/safefile.h): nothing is known against its content,
 * so it is said ("cannot read PATH: reason"), and no game is counted over
 * it until it reads again.
 */
#ifndef MNK_STORAGE_STATS_H
#define MNK_STORAGE_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mnk/game.h"
#include "mnk/gameclock.h"

#define STATS_VERSION 3            /* the latest file's; 1 and 2 are read too */
#define STATS_NAME_MAX 48           /* an opponent's name, with its NUL */
#define STATS_FILE_MAX (1 << 20)    /* bytes; a larger file is refused */
#define STATS_COUNT_MAX 999999999L  /* counts stop there */

enum stats_outcome { STATS_NONE, STATS_WON, STATS_LOST, STATS_DRAWN };

/* A run of equal results; kind STATS_NONE when length is 0. */
struct stats_streak {
    enum stats_outcome kind;
    long length;
};

struct stats_board {
    int width, height, win;
    enum rule rule;
};

/* The games against one computer opponent (or one person over the
 * network) on one board under one time control. */
struct stats_row {
    char opponent[STATS_NAME_MAX];
    struct stats_board board;
    struct tc tc;               /* TC_NONE: no clock */
    long won, lost, drawn;
    long lost_on_time;          /* of `lost`, those lost on the person's time */
    struct stats_streak streak;
    long best;                  /* the longest run of wins */
};

/* The games between two people on one board under one time control. */
struct stats_people {
    struct stats_board board;
    struct tc tc;               /* TC_NONE: no clock */
    long black, white, drawn;   /* won by Black, by White; drawn */
    long on_time;               /* of black + white, those won on time */
};

/* The games against the computer under one time control, over all rows. */
struct stats_clock {
    struct tc tc;
    long won, lost, drawn, lost_on_time;
};

/* Rows are kept in order: opponents that are levels from the weakest up,
 * then other names in byte order; for one opponent, smaller boards first
 * (width, height, k, rule); for one board, no clock first, then the
 * controls by kind (enum tc_kind) and their times (main, increment,
 * periods, period moves, period, per move). People's rows by board and
 * clock likewise. */
struct stats {
    struct stats_row *rows;
    int n_rows, cap_rows;
    struct stats_people *people;
    int n_people, cap_people;
    struct stats_streak streak; /* over all games against the computer */
    long best;
    struct stats_row *net;      /* against people over the network, ordered
                                   as the computer's rows */
    int n_net, cap_net;
};

/* An empty record (no allocation yet). */
void stats_init(struct stats *s);

/* Frees the rows; *s is empty again. */
void stats_free(struct stats *s);

/* Counts one game against the computer `opponent` (any bytes: outside
 * printable ASCII, and spaces, become '_'; cut to STATS_NAME_MAX - 1) on
 * board b under the well-formed control tc (NULL: no clock), from the
 * person's side; on_time: a loss on the person's time (it counts so only
 * for a loss with a clock). False only when out of memory (nothing changes
 * then). */
bool stats_add(struct stats *s, const char *opponent, const struct stats_board *b,
               const struct tc *tc, enum stats_outcome o, bool on_time);

/* Counts one game between two people on board b under tc (NULL: no
 * clock) ending in `o` (a win for Black, for White, or a draw); on_time: a
 * win on the loser's time (so only for a win with a clock). False when
 * out of memory or o is OUTCOME_ONGOING. */
bool stats_add_people(struct stats *s, const struct stats_board *b, const struct tc *tc,
                      enum outcome o, bool on_time);

/* Counts one game against `opponent` over the network (a name as above)
 * on board b under tc (NULL: no clock), from this side's; on_time: a loss
 * on this side's time. False only when out of memory. */
bool stats_add_network(struct stats *s, const char *opponent, const struct stats_board *b,
                       const struct tc *tc, enum stats_outcome o, bool on_time);

/* Counts network game g, which has ended, for the side that played `me`
 * (STONE_BLACK or STONE_WHITE) against `opponent`: false when it is not
 * over or memory ran out. */
bool stats_add_network_game(struct stats *s, const struct game *g, enum stone me,
                            const char *opponent);

/* Counts game g, which has ended, by the rules above: true when it counted,
 * false when it does not count (not over, two computers) or memory ran
 * out. */
bool stats_add_game(struct stats *s, const struct game *g);

/* The row of `opponent` on board b under tc (NULL: no clock), or NULL. */
const struct stats_row *stats_find(const struct stats *s, const char *opponent,
                                   const struct stats_board *b, const struct tc *tc);

/* The network row of `opponent` on board b under tc (NULL: no clock), or
 * NULL. */
const struct stats_row *stats_find_network(const struct stats *s, const char *opponent,
                                           const struct stats_board *b, const struct tc *tc);

/* The people's row of board b under tc (NULL: no clock), or NULL. */
const struct stats_people *stats_find_people(const struct stats *s, const struct stats_board *b,
                                             const struct tc *tc);

/* All games against the computer: won, lost, drawn (any may be NULL). */
void stats_totals(const struct stats *s, long *won, long *lost, long *drawn);

/* The games against the computer added up per time control into out,
 * which has room for s->n_rows, in the rows' order of controls (no clock
 * first); returns how many controls there are. */
int stats_by_clock(const struct stats *s, struct stats_clock *out);

/* What stats_read() made of a file. */
enum stats_read_result {
    STATS_READ_OK,       /* read, or missing: an empty record */
    STATS_READ_BAD,      /* read but not understood, or too large: set it aside */
    STATS_READ_LEAVE,    /* a later version's, not readable, or no memory:
                          * leave it alone */
};

/* Reads `path` into *s (emptied first; left empty unless STATS_READ_OK),
 * with a one-line reason in err otherwise, naming the file and the line,
 * in printable ASCII whatever the file holds. */
enum stats_read_result stats_read(const char *path, struct stats *s, char *err,
                                  size_t err_size);

/* The same for the file's content text[0 .. len), `name` standing for
 * the file in the reason. */
enum stats_read_result stats_parse(const char *name, const char *text, size_t len,
                                   struct stats *s, char *err, size_t err_size);

/* Prints *s to `out` as the file holds it (stats_write()'s content). */
void stats_print(FILE *out, const struct stats *s);

/* Writes *s to `path` whole or not at all, creating missing directories.
 * False with a one-line reason in err, the file then untouched. */
bool stats_write(const char *path, const struct stats *s, char *err, size_t err_size);

/* Reads `path` for use: a file stats_read() refuses as bad is set aside
 * (safefile_set_aside) and *s starts empty, `note` saying where it went
 * and why — the once the player is told. False, with the reason in note,
 * when the file is there but must not be written over (a later version's,
 * one that cannot be read, or one that could not be set aside). note is
 * "" when all went well. */
bool stats_load(const char *path, struct stats *s, char *note, size_t note_size);

/* Counts game g into the file at `path`: stats_load(), stats_add_game(),
 * stats_write(), all under the file's lock (storage/filelock.h; waited
 * for a moment when another window holds it), so that two windows ending
 * games at once both get theirs counted. True when the file now holds it,
 * or when g does not count; note as for stats_load(), or why it could not
 * be counted (the lock held too long, or not to be had). */
bool stats_count(const char *path, const struct game *g, char *note, size_t note_size);

/* The same for a network game that ended, played by `me` against
 * `opponent` (stats_add_network_game), whoever the game's players are. */
bool stats_count_network(const char *path, const struct game *g, enum stone me,
                         const char *opponent, char *note, size_t note_size);

#endif
