/* glicko.c — Glicko-2; see glicko.h. The steps are numbered as in
 * Glickman's paper. */
#include "play/glicko.h"

#include <math.h>

/* The Illinois iteration stops when the bracket is this narrow. */
#define EPSILON 0.000001
/* And after this many steps whatever happens: it converges in a few
 * dozen, so this only guards against a NaN from a caller's input. */
#define MAX_STEPS 200

static const double pi = 3.14159265358979323846;

struct glicko glicko_new(void)
{
    return (struct glicko){ GLICKO_RATING, GLICKO_RD, GLICKO_VOLATILITY };
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (pi * pi));
}

static double expect(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

double glicko_expect(const struct glicko *player, double rating, double rd)
{
    return expect((player->rating - GLICKO_RATING) / GLICKO_SCALE,
                  (rating - GLICKO_RATING) / GLICKO_SCALE, rd / GLICKO_SCALE);
}

/* Step 5's f. */
static double vol_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (vol_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < MAX_STEPS)
            k++;
        B = a - k * tau;
    }
    double fA = vol_f(A, delta, phi, v, a, tau), fB = vol_f(B, delta, phi, v, a, tau);
    for (int i = 0; fabs(B - A) > EPSILON && i < MAX_STEPS; i++) {
        double C = A + (A - B) * fA / (fB - fA), fC = vol_f(C, delta, phi, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

static struct glicko bounded(struct glicko g, const struct glicko *before)
{
    if (!isfinite(g.rating) || !isfinite(g.rd) || !isfinite(g.volatility) || g.volatility <= 0)
        g = *before;   /* a caller's NaN changes nothing */
    g.rating = clamp(g.rating, GLICKO_RATING_MIN, GLICKO_RATING_MAX);
    g.rd = clamp(g.rd, GLICKO_RD_MIN, GLICKO_RD_MAX);
    return g;
}

struct glicko glicko_update(const struct glicko *before, const struct glicko_game *games,
                            int n, double tau)
{
    /* Step 2. */
    double mu = (before->rating - GLICKO_RATING) / GLICKO_SCALE;
    double phi = before->rd / GLICKO_SCALE, sigma = before->volatility;
    if (n <= 0) {
        /* Step 6 alone: only the deviation grows. */
        struct glicko after = { before->rating, GLICKO_SCALE * sqrt(phi * phi + sigma * sigma),
                                sigma };
        return bounded(after, before);
    }
    /* Steps 3 and 4. */
    double inv_v = 0, sum = 0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].rating - GLICKO_RATING) / GLICKO_SCALE;
        double phi_j = games[j].rd / GLICKO_SCALE, g = g_of(phi_j);
        double e = expect(mu, mu_j, phi_j);
        inv_v += g * g * e * (1.0 - e);
        sum += g * (games[j].score - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    /* Steps 5 to 8. */
    double sigma2 = new_volatility(sigma, delta, phi, v, tau);
    double phi_star = sqrt(phi * phi + sigma2 * sigma2);
    double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu2 = mu + phi2 * phi2 * sum;
    struct glicko after = { GLICKO_RATING + GLICKO_SCALE * mu2, GLICKO_SCALE * phi2, sigma2 };
    return bounded(after, before);
}

struct glicko_game glicko_puzzle(int difficulty, bool solved)
{
    double r = GLICKO_RATING;
    if (difficulty >= 0)
        r = GLICKO_PUZZLE_BASE + GLICKO_PUZZLE_STEP * (difficulty > 100 ? 100 : difficulty);
    return (struct glicko_game){ r, GLICKO_PUZZLE_RD, solved ? 1.0 : 0.0 };
}

bool glicko_valid(const struct glicko *g)
{
    return isfinite(g->rating) && g->rating >= GLICKO_RATING_MIN &&
           g->rating <= GLICKO_RATING_MAX && isfinite(g->rd) && g->rd >= GLICKO_RD_MIN &&
           g->rd <= GLICKO_RD_MAX && isfinite(g->volatility) && g->volatility > 0 &&
           g->volatility < 1.0;
}
