/* sprt.h — the sequential probability ratio test, as engine testers use it
 * to stop a match as soon as its result is clear.
 *
 * Two hypotheses on the Elo difference of A over B: H0 says elo0, H1 says
 * elo1 (elo0 < elo1), each Elo d standing for the expected score
 * s(d) = 1 / (1 + 10^(-d / 400)). After n games with W wins, D draws and
 * L losses, the log-likelihood ratio is taken in the normal approximation
 * on per-game scores (the GSPRT of fishtest and cutechess-cli):
 *
 *     m = (W + D/2) / n
 *     v = (W (1 - m)^2 + D (1/2 - m)^2 + L m^2) / n
 *     LLR = n (s1 - s0) (2m - s0 - s1) / (2v)
 *
 * and compared with the bounds ln(beta / (1 - alpha)) below and
 * ln((1 - beta) / alpha) above: reaching the upper one accepts H1, the
 * lower one H0; between them, play on. alpha and beta are the error rates
 * (a false H1, a false H0). With no spread in the results yet (v = 0:
 * every game won, or every game drawn) v is taken from the results with
 * half a game of each kind added, so that a run of wins against a much
 * weaker player still ends the test.
 *
 * Pure arithmetic: no I/O, no state.
 */
#ifndef MNK_UTIL_SPRT_H
#define MNK_UTIL_SPRT_H

struct sprt {
    double elo0, elo1;   /* H0 and H1 */
    double alpha, beta;  /* error rates, e.g. 0.05 each */
};

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

/* The log-likelihood ratio of H1 against H0 after these results. */
double sprt_llr(const struct sprt *t, int wins, int draws, int losses);

/* The two bounds of the LLR. */
void sprt_bounds(const struct sprt *t, double *lower, double *upper);

/* Which hypothesis the results accept, if any; *llr receives the ratio. */
enum sprt_verdict sprt_judge(const struct sprt *t, int wins, int draws, int losses,
                             double *llr);

#endif
