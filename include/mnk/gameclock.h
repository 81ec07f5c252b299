/* gameclock.h — the game clock: a time control as players write it (struct
 * tc), and each side's clock under it, move by move (struct
 * gameclock_side). Pure arithmetic on times the caller measures: no I/O, no
 * reading of any clock (mnk/clock.h is the monotonic clock a front end
 * reads; engine/timeman.h turns a side's clock into a move's thinking
 * time, timeman_from_clock).
 *
 * The kinds, as tournaments and servers play them:
 * - none: no clock;
 * - a limit per move alone (Piskvork's timeout_turn): every move within it;
 * - sudden death: main time, and the flag falls when it is gone;
 * - Fischer: main time, and an increment added after each move made in time;
 * - byo-yomi (as renju events play it): main time, then `periods` periods
 *   of period_ms each. A move that stays inside the current period keeps
 *   it, and the next move has a whole period again; a move that runs past
 *   it uses it up and goes on into the next; past the last one, the flag;
 * - Canadian overtime: main time, then period_moves moves in period_ms;
 *   when they are made, the period starts again whole; when its time runs
 *   out before, the flag.
 * A limit per move may come with any game clock too (Piskvork's
 * timeout_match with timeout_turn): a move that reaches it loses.
 *
 * The flag falls when a time left reaches 0: a move that takes all of what
 * was left, to the millisecond, is a move too late (and a byo-yomi period
 * is used up by a move as long as itself). Before byo-yomi or Canadian
 * overtime, a move that ends exactly when the main time does is the
 * overtime's first.
 *
 * The text (tc_parse, tc_format), in any case and with blanks ignored:
 *
 *   spec    = "none" | limit | game [ "," limit ]
 *   limit   = time "/move"                     a limit per move
 *   game    = time [ "+" over ]                the main time, then:
 *   over    = time                             Fischer's increment (0:
 *                                              sudden death)
 *           | count "x" time                   byo-yomi: count periods
 *           | count "/" time                   Canadian: count moves in time
 *   time    = digits [ "." digits ] [ unit ]   unit: h, m (or min), s, ms
 *
 * A time without a unit is in minutes for the main time and in seconds
 * everywhere else, as players write "3+2" (three minutes, two seconds a
 * move). Every time is a whole number of milliseconds, at most TC_MS_MAX.
 * The main time is more than 0, except before byo-yomi or Canadian
 * overtime ("0+5x30s" is byo-yomi alone). Examples: "3+2", "5s+0.1s",
 * "1+0", "15+10", "60s/move", "5m,30s/move", "10m+5x30s", "10m+10/5m"
 * (ten moves in five minutes), "none".
 * tc_format writes one canonical text that tc_parse reads back to the same
 * struct; it is also the short form a menu or a status line shows ("3+2",
 * "5s+0.1s", "10m+5x30s").
 *
 * How a front end drives a clock:
 * - the game's config holds the tc; game_clock (game.h) gives the clock of
 *   a side as it stands before its move;
 * - when a side's move starts, remember the monotonic time (clock_ms);
 * - while it thinks: gameclock_until_flag(tc, &side, elapsed) is how long
 *   the input loop may sleep before the flag falls (a poll timeout, or the
 *   next redraw, whichever is sooner); when it reaches 0, game_flag ends the
 *   game on time;
 * - to draw it: gameclock_running gives the clock as it stands elapsed ms
 *   into the move; gameclock_shown_ms the time its face shows (main time,
 *   or the current overtime period), and gameclock_format writes that as
 *   m:ss (tenths under ten seconds); periods and moves left are fields of
 *   the running clock;
 * - at the move: game_play_timed(g, pos, elapsed) charges it (a move too
 *   late is not played: the game is lost on time).
 * A pause is the front end's: it charges only the time it counted.
 */
#ifndef MNK_GAMECLOCK_H
#define MNK_GAMECLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TC_MS_MAX (24 * 3600 * 1000)   /* the longest time a tc names */
#define TC_PERIODS_MAX 99              /* byo-yomi's periods, at most */
#define TC_MOVES_MAX 999               /* Canadian moves in a period, at most */
#define TC_TEXT_MAX 64                 /* room for any tc_format text */
#define GAMECLOCK_MS_MAX 1000000000    /* a clock never holds more (Fischer's
                                          increments stop adding there) */
#define GAMECLOCK_NEVER INT64_C(-1)    /* gameclock_until_flag: no flag can fall */

enum tc_kind {
    TC_NONE,      /* no clock */
    TC_MOVE,      /* a limit per move only */
    TC_SUDDEN,    /* main time only */
    TC_FISCHER,   /* main time, increment_ms after each move */
    TC_BYOYOMI,   /* main time, then `periods` periods of period_ms */
    TC_CANADIAN,  /* main time, then period_moves moves in period_ms, renewed */
};

/* A time control. Fields a kind does not use are 0, so that two equal
 * controls compare equal field by field (tc_equal); tc_check says whether
 * one is well formed. */
struct tc {
    enum tc_kind kind;
    int main_ms;       /* SUDDEN, FISCHER: > 0; BYOYOMI, CANADIAN: >= 0 */
    int increment_ms;  /* FISCHER: > 0 */
    int periods;       /* BYOYOMI: 1 .. TC_PERIODS_MAX */
    int period_moves;  /* CANADIAN: 1 .. TC_MOVES_MAX */
    int period_ms;     /* BYOYOMI, CANADIAN: > 0 */
    int move_ms;       /* the limit per move, 0 for none; TC_MOVE: > 0 */
};

/* One side's clock. After a move (gameclock_charge) it is the clock for the
 * next: a whole byo-yomi period, the whole limit per move. While a move
 * runs (gameclock_running) it is what is left at that moment. Fields a kind
 * does not use are 0. */
struct gameclock_side {
    int main_ms;    /* left of the main time */
    int period_ms;  /* BYOYOMI: left of the current period; CANADIAN: left of
                       the period (whole while in main time) */
    int periods;    /* BYOYOMI: periods left, the current one included */
    int moves;      /* CANADIAN: moves still to make in the period */
    int move_ms;    /* with a limit per move: left of it */
    bool flagged;   /* the flag has fallen: then every time above is 0 */
};

/* The control with no clock. */
struct tc tc_none(void);

/* Whether `tc` is well formed: its kind's fields in range, the others 0. */
bool tc_check(const struct tc *tc);

/* Whether a and b are the same control. */
bool tc_equal(const struct tc *a, const struct tc *b);

/* Whether a side under `tc` has a game clock (main time or overtime), as
 * opposed to none or a limit per move alone. */
bool tc_has_game_clock(const struct tc *tc);

/* Reads a control in the grammar above. False with a one-line reason (in
 * the player's language, naming the piece of text at fault) in err, and
 * *out untouched, when it is none. */
bool tc_parse(const char *text, struct tc *out, char *err, size_t err_size);

/* The canonical text of a well-formed control (at most TC_TEXT_MAX - 1
 * bytes): tc_parse reads it back to an equal struct. Returns buf. */
const char *tc_format(const struct tc *tc, char *buf, size_t size);

/* SGF FF[4]: TM is the main time in seconds (tc_format_seconds), OT the
 * overtime as text: mnk writes the whole control there in its text form
 * (so OT alone says everything; a reader that knows only TM still sees the
 * main time). Into tm and ot, "" for a property not to write: no TM
 * without a game clock, no OT for sudden death without a limit per move. */
void tc_to_sgf(const struct tc *tc, char *tm, size_t tm_size, char *ot, size_t ot_size);

/* The control of a record's TM and OT (NULL for an absent one; both NULL:
 * none). OT is a whole control in mnk's text, whose main time must then be
 * TM's, or only its part after the main time ("+5x30s", "+2,30s/move"),
 * which TM's main time completes; TM alone is sudden death. False with a
 * reason in err for values that say no such control. */
bool tc_from_sgf(const char *tm, const char *ot, struct tc *out, char *err, size_t err_size);

/* Seconds as SGF writes them: "180", "179.5", "0.1" (to the millisecond,
 * no trailing zeros). Returns buf. */
const char *tc_format_seconds(int ms, char *buf, size_t size);

/* Reads non-negative seconds with decimals ("179.5"; decimals past the
 * millisecond are rounded) up to GAMECLOCK_MS_MAX ms. False for anything
 * else ("abc", "-5", ""). */
bool tc_parse_seconds(const char *text, int *ms);

/* A side's clock at the start of the game. */
struct gameclock_side gameclock_start(const struct tc *tc);

/* Charges a move that took spent_ms (negative counts as 0) to the side's
 * clock *s, as it stood when the move began: *s becomes its clock for the
 * next move. Returns true when the flag fell (the move reached the limit
 * per move or all the time left): *s is then all 0 and flagged. A clock
 * already fallen stays so. */
bool gameclock_charge(const struct tc *tc, struct gameclock_side *s, int spent_ms);

/* The clock *s (as it stood when the move began) elapsed_ms into the move,
 * for display: main time, period and limit run down (byo-yomi periods
 * already used counted off), flagged once the flag has fallen. */
struct gameclock_side gameclock_running(const struct tc *tc, const struct gameclock_side *s,
                                        int elapsed_ms);

/* How long after elapsed_ms into the move the flag falls, for *s as it
 * stood when the move began: 0 once it has fallen; GAMECLOCK_NEVER without
 * a clock. gameclock_charge(spent) flags exactly when this is 0 at spent. */
int64_t gameclock_until_flag(const struct tc *tc, const struct gameclock_side *s,
                             int elapsed_ms);

/* Whether the side has left its main time for byo-yomi or Canadian
 * overtime. */
bool gameclock_in_overtime(const struct tc *tc, const struct gameclock_side *s);

/* The time a clock's face shows: the main time, in overtime the current
 * period's, with a limit per move alone that limit's; -1 without a clock.
 * (With both a game clock and a limit, the game clock: until_flag knows
 * the limit.) */
int gameclock_shown_ms(const struct tc *tc, const struct gameclock_side *s);

/* A clock's time as people read it: "m:ss", "h:mm:ss" from an hour, and
 * under ten seconds with tenths ("0:09.3"); cut down, never rounded up, so
 * a clock never shows time it has not; negative shows as 0. Returns buf. */
const char *gameclock_format(int64_t ms, char *buf, size_t size);

/* SGF FF[4]'s BL/WL and OB/OW after a move: the time left in seconds (the
 * main time, or in overtime the period's) and the periods (byo-yomi) or
 * moves (Canadian) left in overtime, -1 in main time. False, nothing
 * written, when the control has no game clock. */
bool gameclock_to_sgf(const struct tc *tc, const struct gameclock_side *s, int *left_ms,
                      int *count);

/* The clock after a move from a record's BL/WL (left_ms, -1 when absent)
 * and OB/OW (count, -1 when absent), the inverse of gameclock_to_sgf. False
 * when they cannot be such a clock under tc (no game clock, no time left
 * given where one is needed, a count out of range, a period longer than
 * the control's). */
bool gameclock_from_sgf(const struct tc *tc, int left_ms, int count,
                        struct gameclock_side *out);

#endif
