/* sprt.c — the sequential probability ratio test; see sprt.h. */
#include "util/sprt.h"

#include <math.h>

static double expected(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double sprt_llr(const struct sprt *t, int wins, int draws, int losses)
{
    double n = (double)wins + draws + losses;
    if (n <= 0)
        return 0.0;
    double m = (wins + 0.5 * draws) / n;
    double v = (wins * (1 - m) * (1 - m) + draws * (0.5 - m) * (0.5 - m) + losses * m * m) / n;
    if (v <= 0) {
        double w = wins + 0.5, d = draws + 0.5, l = losses + 0.5, k = w + d + l;
        double mk = (w + 0.5 * d) / k;
        v = (w * (1 - mk) * (1 - mk) + d * (0.5 - mk) * (0.5 - mk) + l * mk * mk) / k;
    }
    double s0 = expected(t->elo0), s1 = expected(t->elo1);
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
}

void sprt_bounds(const struct sprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1 - t->alpha));
    *upper = log((1 - t->beta) / t->alpha);
}

enum sprt_verdict sprt_judge(const struct sprt *t, int wins, int draws, int losses,
                             double *llr)
{
    double lower, upper;
    sprt_bounds(t, &lower, &upper);
    *llr = sprt_llr(t, wins, draws, losses);
    return *llr >= upper ? SPRT_H1 : *llr <= lower ? SPRT_H0 : SPRT_CONTINUE;
}
