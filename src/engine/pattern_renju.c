/* pattern_renju.c — the evaluation's residuals under renju by colour and
 * multiset of line classes (pattern_eval_renju, see pattern.h): Black's,
 * then White's, each for the side to move and for the other, added to
 * pattern_eval_multiset's. All 0: every fit of tools/texel --renju tried
 * so far played worse under renju than none (README, the evaluation's
 * fit); the file tools/texel --renju FILE writes replaces this one. */
#include "engine/pattern.h"

const int16_t pattern_eval_renju[2][2][PATTERN_MULTISETS] = { { { 0 } } };
