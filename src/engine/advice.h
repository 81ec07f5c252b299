/* advice.h — a suggested move and the state of a game, in words for people.
 *
 * advice_explain() says why a move is good: it wins at once, blocks the
 * opponent's five or open three, makes an open four, wins by force (with
 * the number of moves the search proved, and "VCF" when continuous fours
 * alone win), or else what the search found ("best by search, depth 12,
 * Black slightly better"). advice_score_words() turns a search score into
 * "Black slightly better". No I/O: the caller shows the text, which is in
 * the player's language (mnk/i18n.h; English under the C locale).
 *
 * The scale of those words is the one everything that judges a position
 * for people uses — the game screen, the hint, the review and `mnk
 * analyze` (play/analysis.h): a score's expected result on the logistic
 * curve 1 / (1 + e^(-score / ADVICE_SCALE)), and a side "slightly better",
 * "better" or "much better" when its expected result is above an even
 * game's by what an inaccuracy, a mistake or a blunder costs.
 */
#ifndef MNK_ENGINE_ADVICE_H
#define MNK_ENGINE_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/ai.h"
#include "mnk/board.h"

/* The score whose expected result is 1 / (1 + e^-1), about 73 %: fitted by
 * maximum likelihood to the results of 60 self-play games of `search` at
 * 40 ms a move from the 15x15 openings, each position scored at 3000
 * nodes (about 2,000 positions). */
#define ADVICE_SCALE 1200

/* Falls in expected result that make an inaccuracy, a mistake, a blunder;
 * and the edges over an even game that the words name. */
#define ADVICE_INACCURACY_FROM 0.09
#define ADVICE_MISTAKE_FROM 0.18
#define ADVICE_BLUNDER_FROM 0.30

/* The expected result of a score for the side it favours: 0 .. 1, exactly
 * 1 for a forced win and 0 for a forced loss. */
double advice_expected(int score);

/* How far ahead the side that `score` favours is, on that scale. */
enum advice_edge {
    ADVICE_EVEN,     /* less than an inaccuracy's worth */
    ADVICE_SLIGHT,   /* an inaccuracy's worth: "slightly better" */
    ADVICE_CLEAR,    /* a mistake's: "better" */
    ADVICE_LARGE,    /* a blunder's: "much better" */
    ADVICE_FORCED,   /* a forced win (or a game won) */
};
enum advice_edge advice_edge(int score);

struct advice_work;   /* private: tables for the explanation */

struct advice {
    struct advice_work *work;
};

/* Prepares a (allocates its tables). False when out of memory. */
bool advice_init(struct advice *a);

/* Frees them; safe on a zeroed struct. */
void advice_free(struct advice *a);

/* Why `move` is good for `side` on b, given the search's last report
 * `info` (NULL when there is none), e.g. "blocks White's four". */
void advice_explain(struct advice *a, const struct board *b, enum stone side, int move,
                    const struct ai_info *info, char *buf, size_t size);

/* A score from `side`'s point of view in words, from the point of view of
 * the board: "even", "Black slightly better", "White wins in 4 moves". */
void advice_score_words(int score, enum stone side, char *buf, size_t size);

#endif
