/* advice.h — a suggested move and the state of a game, in words for people.
 *
 * advice_explain() says why a move is good: it wins at once, blocks the
 * opponent's five or open three, makes an open four, wins by force (with
 * the number of moves the search proved, and "VCF" when continuous fours
 * alone win), or else what the search found ("best by search, depth 12,
 * Black slightly better"). advice_score_words() turns a search score into
 * "Black slightly better". No I/O: the caller shows the text, which is in
 * the player's language (mnk/i18n.h; English under the C locale).
 */
#ifndef MNK_ENGINE_ADVICE_H
#define MNK_ENGINE_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/ai.h"
#include "mnk/board.h"

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
