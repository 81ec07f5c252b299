/* evaluate.h — the static score of a position, for the side to move.
 *
 * The sum of the line-class weights of every empty cell, each side's from its
 * table for the side to move or the side waiting (under renju each colour
 * has tables of its own: pattern_has_renju; struct position keeps the sums
 * up to date move by move), and, where the pattern table has one (k =
 * 5), a term for the threats each side could make at once and how many
 * cells make them (pattern_eval_threat). The weights are fitted to the
 * results of games (tools/texel.c). Positive favours `me`; O(1), no
 * allocation. Used by the search at its leaves and for its pruning, and by
 * the tools that read a position's score.
 */
#ifndef MNK_ENGINE_EVALUATE_H
#define MNK_ENGINE_EVALUATE_H

#include "engine/position.h"

/* The score of p with `me` (0 Black, 1 White) to move. */
int evaluate(const struct position *p, int me);

#endif
