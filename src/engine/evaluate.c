/* evaluate.c — the static score; see evaluate.h. */
#include "engine/evaluate.h"

int evaluate(const struct position *p, int me)
{
    int score = p->total[me][0] - p->total[1 - me][1];
    if (pattern_has_threats(p->pt))
        score += pattern_eval_threat[position_threats(p, me)];
    return score;
}
