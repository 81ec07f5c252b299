/* timeman.h — the one owner of thinking time: how long one move may take
 * under a time control, and when the search stops deepening (soft) and when
 * everything must be over (hard).
 *
 * The budget (timeman_budget): a time control (a limit per move, a game
 * clock's time left, its increment, the moves to go) and the board give the
 * move a budget (ai_limits.time_ms) and, when a game clock leaves room, a
 * larger cap it may spend when the position needs it (time_max_ms).
 * - A turn limit gives the budget; a game clock gives a share of what is
 *   left, over the moves to go (given, or guessed from the empty cells),
 *   plus the increment; with both, the smaller. The cap: with a clock, a
 *   few budgets but a fair part of what is left at most (and never past the
 *   turn limit); without one, the budget itself.
 * - An answer that crosses a pipe to a manager (time_control.piped) has a
 *   margin for the pipe taken off the turn limit and off the clock first:
 *   it must arrive before the limit, not merely be found.
 * - On a game's clock (time_control.flag: reaching a limit loses the game)
 *   a reserve for the move's overhead is taken off each limit too: the
 *   search's last node past its hard deadline, a thread waking up, the
 *   front end's own work before the move is charged. It is 25 ms and a
 *   fortieth of the limit, that part at most a second (timeman.c's
 *   FLAG_ constants: 1 s keeps 50 ms, 5 s 150 ms, 40 s and more 1.025 s):
 *   the budget and the cap never come within it of the time left nor of
 *   the turn limit, beyond the floor of 1 ms. Limits that lose
 *   nothing when reached (a time per move chosen for a computer) and the
 *   protocol's (its pipe margin covers them) keep all of their time.
 * - Every front end that plays on a clock (the protocol's INFO limits, the
 *   play session, `mnk match`) describes its clock here; none does its own
 *   arithmetic. A game's clock (mnk/gameclock.h) is described by
 *   timeman_from_clock.
 *
 * The deadlines (timeman_start), from that budget and cap:
 * - Hard deadline: the cap less a small margin for the last node and the
 *   answer. Nothing runs past it, the safety check of the chosen move
 *   included.
 * - Soft deadline: when the tree stops, its own iterations cut short. It
 *   keeps back a reserve before the hard one for the safety check, which
 *   looks for the opponent's threat sequences after the chosen move, the
 *   shortest first, for as much of the reserve as it needs (at a second a
 *   move, usually all of it).
 * - Without a game clock (cap = budget) time left unused is lost: the soft
 *   deadline is as late as the reserve allows, whatever the iterations say,
 *   and a new iteration starts whenever it is not yet passed (an iteration cut
 *   short still counts when a later root move beat the first).
 * - With a game clock (cap > budget) time saved is time for later moves: the
 *   soft deadline starts at the budget (less the reserve) and stretches toward
 *   the cap while the best move keeps changing or the score falls, shrinking
 *   back while they hold; and no iteration starts after NEXT_SHARE of the
 *   soft time, as it would most likely be cut short.
 * - Slices: the threat-space searches outside the tree. Before it, those at
 *   the root get a share of the time left before the soft deadline; after
 *   it, the safety check runs until the hard one (timeman_slice_end). Each
 *   solve of a slice also gets a share of the move's node limit, or without
 *   one a fixed count (timeman_slice_nodes).
 * A forced or proven move stops at once (the search's business, not this
 * module's). Pure arithmetic on times the caller reads from its clock: no
 * I/O, deterministic.
 */
#ifndef MNK_ENGINE_TIMEMAN_H
#define MNK_ENGINE_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "mnk/gameclock.h"

/* A value of time_control that does not apply. */
#define TIMEMAN_NONE (-1)

/* One side's time control as it stands before its move, in milliseconds. */
struct time_control {
    int turn_ms;       /* most one move may take; TIMEMAN_NONE: no such
                        * limit; 0: as fast as possible */
    int left_ms;       /* left on the side's game clock; TIMEMAN_NONE: no
                        * clock */
    int increment_ms;  /* added to the clock after each of its moves */
    int moves_to_go;   /* own moves before the clock is next topped up;
                        * 0: guessed from the empty cells */
    bool piped;        /* the answer crosses a pipe: keep a margin for it */
    bool flag;         /* the limits are a game clock's: reaching one loses,
                        * so keep the flag's reserve off each */
};

/* The time control of a side on a game's clock (gameclock.h) whose clock
 * stands at *s as it starts thinking (gameclock_running for a move under
 * way): the limit per move as the turn limit; the main time as the time
 * left, Fischer's increment as the increment. Overtime is time to plan
 * with, never to lose: before byo-yomi, the main time and one period left
 * (a move may spill into the first period and lose nothing) and the period
 * as the increment (every move after the main time has it whole); in
 * byo-yomi, the current period as the turn limit; before Canadian
 * overtime, the main time and the period left, the moves to go guessed; in
 * it, the period's time and its moves. A fallen clock: a turn limit of 0.
 * Flagged (each limit loses when reached); not piped (the caller sets
 * that). */
struct time_control timeman_from_clock(const struct tc *tc, const struct gameclock_side *s);

/* A move's time: the budget and the cap, as ai_limits.time_ms and
 * time_max_ms. 0 ≤ time_ms ≤ time_max_ms. */
struct time_budget {
    int time_ms;
    int time_max_ms;
};

/* The time control with no limit of any kind (then the fallback rules). */
struct time_control timeman_no_limit(void);

/* The budget and cap of a move under `tc` on a board of `cells` cells with
 * `stones` stones. With a turn limit or a clock, both at least 1 ms and,
 * past that floor, never more than the turn limit nor the time left (less
 * than both by the pipe's margin when piped, by the flag's reserve,
 * timeman_flag_reserve, when flagged). With neither, `fallback` for both
 * (0 or less: 0, no time limit; the caller's other limits rule). */
struct time_budget timeman_budget(const struct time_control *tc, int cells, int stones,
                                  int fallback);

/* The flag's reserve on a limit of `limit_ms` (a turn limit, or a clock's
 * time left): what a flagged budget keeps back of it for the move's
 * overhead. */
int timeman_flag_reserve(int limit_ms);

struct timeman {
    int64_t start_ms;
    int64_t soft_ms;      /* the tree stops here */
    int64_t hard_ms;      /* never search past this */
    int64_t budget_ms;    /* the move's budget, before margins */
    int64_t max_ms;       /* the cap, before margins */
    int64_t reserve_ms;   /* kept between soft and hard for the safety check */
    bool clock;           /* cap > budget: time saved now is spent later */
    int last_best;        /* best move of the last completed iteration */
    int last_score;
    int stretch;          /* percent of the base soft time now allowed */
};

/* Starts the clock for one move at `now` with a budget of `time_ms` (> 0)
 * and a cap of `time_max_ms` (≥ time_ms; 0, or anything less than the
 * budget: the budget is the cap).
 * `coarse` when nodes are slow, so the last one overshoots more. */
void timeman_start(struct timeman *tm, int64_t now, int time_ms, int time_max_ms, bool coarse);

/* After a completed iteration with this best move and score: moves the soft
 * deadline (later when the best move changed or the score fell, back toward
 * the base when it holds; only with a game clock). */
void timeman_iteration(struct timeman *tm, int best, int score);

/* Whether to start another iteration at `now`. */
bool timeman_continue(const struct timeman *tm, int64_t now);

/* The threat-space searches outside the tree: before it, the root's own
 * VCF and short VCT; after it, the safety check of the chosen move against
 * the opponent's. */
enum timeman_slice { TIMEMAN_ROOT_VCF, TIMEMAN_ROOT_VCT, TIMEMAN_SAFETY };

/* When the slice asked for at `now` ends: the root VCF after a tenth of the
 * time left before the soft deadline, the root VCT after a fortieth (both
 * at least a millisecond later); the safety check at the hard deadline. */
int64_t timeman_slice_end(const struct timeman *tm, int64_t now, enum timeman_slice slice);

/* The nodes one solve of the slice may visit, given the move's node limit
 * `max_nodes` (0: none): the root VCF a quarter of it, the root VCT a
 * quarter of that, each safety solve an eighth; without a limit, fixed
 * counts (timeman.c). Needs no clock: a move limited by depth alone asks
 * too. */
uint64_t timeman_slice_nodes(enum timeman_slice slice, uint64_t max_nodes);

#endif
