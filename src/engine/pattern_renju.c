/* pattern_renju.c — the evaluation's residuals under renju by colour and
 * multiset of line classes (pattern_eval_renju, see pattern.h), for the
 * side to move and for the other, on top of pattern_eval_multiset's. Not
 * fitted yet: every residual is 0. */
#include "engine/pattern.h"

const int16_t pattern_eval_renju[2][2][PATTERN_MULTISETS] = { { { 0 } } };
