/* judge.h — the computer's side of a draw offer: whether it accepts a draw
 * it is offered, and when it offers one itself.
 *
 * One rule for every computer player, whatever its level or strategy (an
 * external engine too, which mnk cannot ask): the position is judged by
 * the engine's own search at a fixed node budget, its tables cleared
 * first, so the same position always gets the same answer, on any machine
 * (search.h: a node limit is deterministic). The manual (mnk.6, the key
 * =) states the same rule in words; change both together.
 *
 * - Accepting: the search's score of the position (analysis_score, the
 *   one the review gives, JUDGE_SEARCH_NODES nodes) from the computer's
 *   side. It accepts when that score is 0 or less (even, or the other side
 *   ahead, a forced loss included), or when the computer is ahead by less
 *   than what the game screen calls "slightly better" (engine/advice.h:
 *   an expected result under 0.5 + ADVICE_INACCURACY_FROM; a score under
 *   JUDGE_ACCEPT_BELOW). It declines from "slightly better" on, a forced
 *   win above all. On a board of at most 24 empty cells under freestyle
 *   or exact the search asks the exact solver first (search.h), so a draw
 *   or a loss it proves is accepted and a win it proves declined.
 * - Offering: the computer offers a draw when the exact solver proves the
 *   position drawn (engine/solver.h, within JUDGE_PROOF_NODES nodes). It
 *   is tried only under a rule the solver knows and with at most
 *   JUDGE_PROOF_EMPTY empty cells, where a proof may finish; on a larger
 *   board a drawn game is one where no line is left, which ends by itself
 *   (game.h's END_NO_LINE).
 *
 * No I/O and no threads: a front end runs these where the screen does not
 * wait for them (the game screen's worker).
 */
#ifndef MNK_PLAY_JUDGE_H
#define MNK_PLAY_JUDGE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "engine/solver.h"
#include "mnk/ai.h"
#include "mnk/game.h"

#define JUDGE_SEARCH_NODES 100000
#define JUDGE_PROOF_NODES 300000
#define JUDGE_PROOF_EMPTY 24
/* The smallest score that is "slightly better" (advice_edge), which the
 * computer does not give up for a draw. */
#define JUDGE_ACCEPT_BELOW 437

struct judge {
    struct ai search;        /* the engine's search */
    struct solver *solver;   /* for proofs; made at the first */
};

/* Makes the judge's search. False when out of memory. */
bool judge_init(struct judge *j);

/* Frees the judge; safe on a zeroed struct. */
void judge_free(struct judge *j);

/* The score of g's position (a game still going) from `side`'s point of
 * view, by the rule above. False, *score unset, when `stop` (may be NULL)
 * was set before it finished. */
bool judge_score(struct judge *j, const struct game *g, enum stone side,
                 const atomic_bool *stop, int *score);

/* Whether a computer whose side the position scores `score` accepts a
 * draw (the rule above). */
bool judge_accepts(int score);

/* True when judge_proves_draw tries a proof on b: a rule the solver knows,
 * and at most JUDGE_PROOF_EMPTY empty cells. */
bool judge_may_prove(const struct board *b);

/* True when the exact solver proves g's position (a game still going)
 * drawn, within the rule above's budget; false when it proves otherwise,
 * cannot finish, is not tried there, or `stop` was set. */
bool judge_proves_draw(struct judge *j, const struct game *g, const atomic_bool *stop);

#endif
