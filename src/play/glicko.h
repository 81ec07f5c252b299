/* glicko.h — ratings by Glicko-2 (Mark Glickman, "Example of the Glicko-2
 * system", 2013): a rating, its deviation (how sure it is) and its
 * volatility (how erratic the results are). Pure arithmetic: no I/O, no
 * state outside the structs passed in.
 *
 * A rating period is the games of one update: glicko_update() takes the
 * player's rating before it and the opponents' ratings with the results,
 * and gives the rating after (steps 2 to 8 of the paper: the volatility by
 * the Illinois iteration, GLICKO_TAU constraining it). A period without
 * games only lets the deviation grow (step 6). Ratings stay within
 * GLICKO_RATING_MIN..GLICKO_RATING_MAX, deviations within
 * GLICKO_RD_MIN..GLICKO_RD_MAX, so that no run of results can carry them
 * out of what a file or a screen expects.
 *
 * A puzzle is an opponent like any other (lichess rates its puzzles so):
 * glicko_puzzle() gives its rating from its measured difficulty.
 */
#ifndef MNK_PLAY_GLICKO_H
#define MNK_PLAY_GLICKO_H

#include <stdbool.h>

#define GLICKO_RATING 1500.0        /* a new player's */
#define GLICKO_RD 350.0
#define GLICKO_VOLATILITY 0.06
#define GLICKO_TAU 0.5              /* the system constant */
#define GLICKO_SCALE 173.7178       /* Glicko to Glicko-2 */
#define GLICKO_RATING_MIN 100.0
#define GLICKO_RATING_MAX 3500.0
#define GLICKO_RD_MIN 30.0
#define GLICKO_RD_MAX 350.0
/* A puzzle's rating: PUZZLE_BASE + PUZZLE_STEP × difficulty (0..100, the
 * per cent of the ladder's tries that missed it), so 800 for one no try
 * missed, 2200 for one every try missed; an unmeasured puzzle is
 * GLICKO_RATING. Its deviation is fixed: the measure is a few tries. */
#define GLICKO_PUZZLE_BASE 800.0
#define GLICKO_PUZZLE_STEP 14.0
#define GLICKO_PUZZLE_RD 80.0

struct glicko {
    double rating, rd, volatility;
};

/* One game of a period: the opponent's rating and deviation, and the
 * score (1 a win, 0 a loss, 0.5 a draw). */
struct glicko_game {
    double rating, rd;
    double score;
};

/* A new player: GLICKO_RATING, GLICKO_RD, GLICKO_VOLATILITY. */
struct glicko glicko_new(void);

/* The rating after a period of n games (n may be 0) against `games`,
 * from *before, with the system constant tau (GLICKO_TAU, say). */
struct glicko glicko_update(const struct glicko *before, const struct glicko_game *games,
                            int n, double tau);

/* The expected score of `player` against an opponent (step 3's E). */
double glicko_expect(const struct glicko *player, double rating, double rd);

/* A puzzle as an opponent from its difficulty (0..100; negative: not
 * measured), by the mapping above; monotone, harder is higher. */
struct glicko_game glicko_puzzle(int difficulty, bool solved);

/* True when g is within the bounds above and its volatility positive and
 * finite: what a file may hold. */
bool glicko_valid(const struct glicko *g);

#endif
