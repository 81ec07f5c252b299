/* texel.c — fits the evaluation's weights to game results (the Texel method),
 * or to results blended with a search's scores.
 *
 *   texel [--skip N] [--holdout M] [--test RECORD|DIR]... [--lambda L,...]
 *         [--min-count N,...] [--keep-linear] [--prior] [--multiset FILE]
 *         [--scores SUFFIX [--alpha A]] RECORD|DIR...
 *   texel --threats FILE [--threat-lambda L] [--skip N] [--holdout M]
 *         [--test RECORD|DIR]... [--scores SUFFIX [--alpha A]] RECORD|DIR...
 *   texel --renju FILE [--lambda L,...] [--min-count N,...] [--prior] [--skip N]
 *         [--holdout M] [--test RECORD|DIR]... [--scores SUFFIX [--alpha A]]
 *         RECORD|DIR...
 *
 * Games: tools/texel-games.sh. Built on request: ninja -C build tools/texel.
 *
 * Reads SGF records (a directory: every .sgf in it, in name order), replays
 * each game and keeps its quiet positions: from move N on (default 8), those
 * the search's decide() does not settle (a five to make or to block, an open
 * four to make, a winning four-three or double three) where the opponent has
 * no open three either. Each is labelled with the game's result for the side
 * to move (1, 1/2, 0). Every M-th game (default 5) of the RECORDs is held out
 * for validation: the fit never sees it, the choice of λ and N below is made
 * on it. The --test records are a test set, seen by nothing but the losses
 * printed last (without them the validation games are the test set too).
 *
 * --scores SUFFIX reads, for each training and validation record PATH, the
 * scores tools/label wrote to PATH.SUFFIX (a record without them is left
 * out; every quiet position must have one). A score is the mean of the last
 * two iterations' (the search's odd and even depths disagree); as a
 * probability it is sigmoid(Ks · score), Ks fitted to the results, and 1 or
 * 0 for a win or loss the search found. The label is then A · result +
 * (1 − A) · that probability (--alpha, default 0.5). The test set keeps the
 * results: the losses printed for it are on the games' results.
 *
 * The evaluation is what position.c keeps: for each side the sum, over the
 * empty cells, of the cell's weight in table w = 0 for the side to move and
 * 1 for the other. That weight is linear in the cell's features,
 * pattern_eval_class[w][] of its four line classes and pattern_eval_combo[w][]
 * of its combination, plus (k = 5) a residual pattern_eval_multiset[w][] of
 * its multiset of classes. So a position is its per-side counts of cells by
 * class, by combination and by multiset, read from struct position itself
 * (and checked against its running sums), and the fit is a logistic
 * regression: the loss is the cross-entropy of sigmoid(K · eval) against the
 * labels. K is fitted first with the current weights, which fixes the scale.
 *
 * Then, K fixed, in two stages, each by Newton's method (the loss is convex):
 * 1. The linear weights of the features seen in quiet positions, residuals 0;
 *    the others (open fours and fives, met only in forcing play) keep their
 *    values. They are rounded to integers and moved by ±1 while that lowers
 *    the training loss. With --keep-linear the current weights stand instead.
 * 2. On top of them, a residual for each table and multiset seen in at least
 *    N training positions (never one holding an open four or a five), under
 *    an L2 penalty λ · Σ residual² added to the mean loss: the multisets are
 *    some 500, too many to fit freely on a few thousand games. Each N of
 *    --min-count (default 1,30,100) and λ of --lambda (default 1e-3 .. 1e-7)
 *    is fitted; the pair of least validation loss wins, and its residuals are
 *    rounded to integers. With --prior the fit starts from the residuals in
 *    use and the penalty is on the distance from them, λ · Σ (residual −
 *    residual in use)²: new labels move today's residuals a little instead
 *    of replacing them (the residuals not free keep their values).
 *
 * It prints the losses of the current weights, of stage 1 and of each (N, λ),
 * the linear tables as C initialisers for pattern.c, and the residual table
 * as the C source of pattern_multiset.c (to FILE with --multiset).
 *
 * The evaluation also adds, by the mask of threats each side could make with
 * one stone and of how many cells make it an open three and a four
 * (position_threats), a term pattern_eval_threat[mask]; the stages
 * above keep it as it is. With --threats only that term is fitted, on top of
 * today's linear tables and residuals, with the term taken out (and K fitted
 * without it): one offset per mask, each by Newton's method on its own (a
 * position has one mask), under an L2 penalty L · offset² (--threat-lambda,
 * default 1e-11) added to the mean loss; rounded to integers and written as
 * the C source of pattern_threat.c to FILE.
 *
 * Under renju the colours differ (Black's double three, double four and
 * overline are forbidden), and each reads a table of its own whose weights
 * add a residual by colour and multiset, pattern_eval_renju. With --renju
 * the records must be renju games of k = 5 (tools/texel-games.sh --rule
 * renju; any other is refused, as renju games are without --renju), and
 * stage 2 alone is run, on top of everything else in use (the linear
 * tables, pattern_eval_multiset, the threat term), with four tables of
 * residuals, one for each colour as the side to move and as the other:
 * each starts from the colourless residual and its penalty is on the
 * distance from it (with --prior, from the colour's residual in use). Only
 * the multisets of a double three or stronger are free, the cells where
 * Black's move can be forbidden (position_allowed), open fours and fives
 * among them: Black's can be quiet, the search leaving them to the
 * evaluation, and a double four or an overline is no win for Black. (Weak
 * cells, each counted hundreds of times in a position, fitted mostly noise
 * by colour, and lost in self-play.) The residuals less the colourless
 * ones are written as the C source of pattern_renju.c to FILE.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "storage/record.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "learn.h"

#define NF (PAT_COUNT + COMBO_COUNT) /* features of one side */


/* How many cells of one side have one multiset of classes. */
struct mset_count {
    uint16_t mset, n;
};

/* The tables of residuals a model has: pattern_eval_multiset's two (w = 0
 * for the side to move, 1 for the other), or with --renju one for each
 * colour and w, 2 · colour + w (pattern_eval_renju's, added to them). */
#define TABLES 4

/* A quiet position: the feature counts of the side to move (me) and of the
 * other, their cells by multiset (but four PAT_NONE, whose weight is 0):
 * len[0] entries of the data's pool from `first` for me, then len[1] for the
 * other, whose residuals are those of table[0] and table[1]; and the result
 * for me in halves (0, 1, 2). */
struct sample {
    uint16_t n[2][NF];
    uint32_t first;
    uint16_t len[2];
    uint8_t table[2];
    uint8_t half_points;
    uint8_t set;
    bool scored;                  /* score holds a search's score */
    int score;
    float y;                      /* the label the fit aims at */
    uint16_t threats;             /* position_threats */
};
_Static_assert(PATTERN_THREATS <= UINT16_MAX + 1, "a mask fits a sample's field");

struct data {
    struct sample *s;
    size_t count, cap;
    struct mset_count *pool;
    size_t used, pool_cap;
};

/* Feature f's weight in table w of the evaluation today. */
static double current_weight(int w, int f)
{
    return f < PAT_COUNT ? pattern_eval_class[w][f] : pattern_eval_combo[w][f - PAT_COUNT];
}


/* Appends s with its multiset counts mset[0] (me) and mset[1] (the other). */
static void add_sample(struct data *d, struct sample *s, uint16_t mset[2][PATTERN_MULTISETS])
{
    s->first = (uint32_t)d->used;
    for (int side = 0; side < 2; side++) {
        s->len[side] = 0;
        for (int m = 1; m < PATTERN_MULTISETS; m++) {
            if (mset[side][m] == 0)
                continue;
            if (d->used == d->pool_cap)
                d->pool = learn_grow("texel", d->pool, &d->pool_cap, sizeof *d->pool);
            d->pool[d->used++] = (struct mset_count){ (uint16_t)m, mset[side][m] };
            s->len[side]++;
        }
    }
    if (d->count == d->cap)
        d->s = learn_grow("texel", d->s, &d->cap, sizeof *d->s);
    d->s[d->count++] = *s;
}



/* Counts the classes, combinations and multisets of each side over the
 * empty cells (mset: me first); false if today's weights of those counts
 * (each colour's residuals, under renju) do not give position.c's sums (the
 * features would not be what the search adds up). */
static bool features(const struct position *p, int me, struct sample *out,
                     uint16_t mset[2][PATTERN_MULTISETS])
{
    memset(out->n, 0, sizeof out->n);
    memset(mset, 0, 2 * sizeof *mset);
    for (int q = 0; q < p->cells; q++) {
        if (p->b.cell[q] != STONE_NONE)
            continue;
        for (int side = 0; side < 2; side++) {
            uint16_t *n = out->n[side == me ? 0 : 1];
            int index = 0;
            for (int d = 0; d < 4; d++) {
                n[position_line(p, side, q, d)]++;
                index += position_line(p, side, q, d) * pattern_cell_weight[d];
            }
            n[PAT_COUNT + position_combo(p, side, q)]++;
            mset[side == me ? 0 : 1][pattern_multiset(index)]++;
        }
    }
    for (int side = 0; side < 2; side++)
        for (int w = 0; w < 2; w++) {
            int t = side == me ? 0 : 1;
            double sum = 0;
            for (int f = 0; f < NF; f++)
                sum += current_weight(w, f) * out->n[t][f];
            for (int m = 0; m < PATTERN_MULTISETS; m++)
                sum += pattern_eval_residual(p->pt, side, w, m) * mset[t][m];
            if ((int)sum != p->total[side][w])
                return false;
        }
    return true;
}

/* What reading the records needs: the options, the tables of the first
 * record's win length and rule, a position and a game to replay in. */
struct reader {
    struct data *d;               /* where the samples go */
    const char *scores;           /* suffix of the score files, or NULL */
    bool renju;                   /* residuals by colour (TABLES) */
    struct learn_replay replay;
};

#define DECIDED (AI_SCORE_WIN / 2) /* a search score this big is a win */

/* Reads one record (learn_each_record's call back; ctx: the reader). */
static void read_game(void *ctx, const char *path)
{
    struct reader *r = ctx;
    struct data *d = r->d;
    struct game *g = &r->replay.g;
    struct position *p = &r->replay.pos;
    enum learn_set set;
    if (!learn_replay_start(&r->replay, "texel", path, &set))
        return;
    if (pattern_has_renju(&r->replay.table) != r->renju) {
        fprintf(stderr, "texel: %s: %s\n", path,
                r->renju ? "not a renju game of k = 5 (--renju fits those)"
                         : "a renju game: --renju fits its residuals");
        exit(1);
    }
    /* The search's score of the position before move i: the last depth's
     * when it is a win or a loss, else the mean of the last two depths'. */
    static int score[BOARD_MAX_CELLS + 1];
    static bool have[BOARD_MAX_CELLS + 1];
    if (r->scores != NULL && set != LEARN_TEST) {
        char name[4096];
        snprintf(name, sizeof name, "%s.%s", path, r->scores);
        FILE *f = fopen(name, "r");
        if (f == NULL)
            return; /* not scored: not used */
        memset(have, 0, sizeof have);
        int ply, depth, a, b;
        while (fscanf(f, "%d %d %d %d", &ply, &depth, &a, &b) == 4)
            if (ply >= 0 && ply <= BOARD_MAX_CELLS) {
                have[ply] = true;
                score[ply] = a >= DECIDED || a <= -DECIDED ? a : (a + b) / 2;
            }
        fclose(f);
    }
    int black_halves;
    switch (g->result.outcome) {
    case OUTCOME_BLACK_WINS: black_halves = 2; break;
    case OUTCOME_WHITE_WINS: black_halves = 0; break;
    case OUTCOME_DRAW: black_halves = 1; break;
    default: return; /* unfinished */
    }
    for (int i = 0; i < g->ply; i++) {
        int me = i % 2;
        if (i >= r->replay.skip && learn_quiet(p, me)) {
            struct sample s;
            static uint16_t mset[2][PATTERN_MULTISETS];
            if (!features(p, me, &s, mset)) {
                fprintf(stderr, "texel: %s: features do not add up to the position's sums\n",
                        path);
                exit(1);
            }
            s.threats = (uint16_t)position_threats(p, me);
            s.table[0] = (uint8_t)(r->renju ? 2 * me : 0);
            s.table[1] = (uint8_t)(r->renju ? 2 * (1 - me) + 1 : 1);
            s.half_points = (uint8_t)(me == 0 ? black_halves : 2 - black_halves);
            s.set = (uint8_t)set;
            s.y = (float)(s.half_points / 2.0);
            s.scored = r->scores != NULL && set != LEARN_TEST;
            if (s.scored && !have[i]) {
                fprintf(stderr, "texel: %s: no score for ply %d\n", path, i);
                exit(1);
            }
            if (s.scored)
                s.score = score[i];
            add_sample(d, &s, mset);
        }
        position_place(p, g->moves[i], (enum stone)(me + 1));
    }
}


/* A model: eval = Σ_f a[f]·n_me[f] − b[f]·n_op[f]
 *                 + Σ_m r[tm][m]·ms_me[m] − r[to][m]·ms_op[m] + t[threats],
 * tm and to the sample's tables (0 and 1 but with --renju). */
struct model {
    double a[NF], b[NF];
    double r[TABLES][PATTERN_MULTISETS];
    double t[PATTERN_THREATS];
};

static double eval(const struct data *d, const struct model *m, const struct sample *s)
{
    double e = 0;
    for (int f = 0; f < NF; f++)
        e += m->a[f] * s->n[0][f] - m->b[f] * s->n[1][f];
    const struct mset_count *c = d->pool + s->first;
    for (int i = 0; i < s->len[0]; i++, c++)
        e += m->r[s->table[0]][c->mset] * c->n;
    for (int i = 0; i < s->len[1]; i++, c++)
        e -= m->r[s->table[1]][c->mset] * c->n;
    return e + m->t[s->threats];
}

/* The cross-entropy of sigmoid(z) against the label y: log(1 + e^z) − y·z,
 * without overflow. */
static double cross_entropy(double z, double y)
{
    return (z > 0 ? z + log1p(exp(-z)) : log1p(exp(z))) - y * z;
}

/* Mean cross-entropy of sigmoid(K · eval) against the labels of the samples
 * of one set. */
static double loss(const struct data *d, const struct model *m, double k, int set)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++) {
        const struct sample *s = &d->s[i];
        if (s->set != set)
            continue;
        sum += cross_entropy(k * eval(d, m, s), s->y);
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The scale K in [1e-6, 1] minimising f(ctx, K): golden section on log K. */
static double min_scale(double (*f)(const void *ctx, double k), const void *ctx)
{
    double lo = log(1e-6), hi = log(1.0), g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 100; it++) {
        double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
        if (f(ctx, exp(x1)) < f(ctx, exp(x2)))
            hi = x2;
        else
            lo = x1;
    }
    return exp((lo + hi) / 2);
}

struct data_model {
    const struct data *d;
    const struct model *m;
};

static double train_loss(const void *ctx, double k)
{
    const struct data_model *dm = ctx;
    return loss(dm->d, dm->m, k, LEARN_TRAIN);
}

/* The K minimising the training loss of m. */
static double fit_k(const struct data *d, const struct model *m)
{
    struct data_model dm = { d, m };
    return min_scale(train_loss, &dm);
}

/* Solves h·x = g (n unknowns, h n×n row-major, destroyed) by Gaussian
 * elimination with partial pivoting. */
static void solve(double *h, double *g, double *x, int n)
{
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(h[r * n + c]) > fabs(h[piv * n + c]))
                piv = r;
        for (int j = 0; j < n; j++) {
            double t = h[c * n + j];
            h[c * n + j] = h[piv * n + j];
            h[piv * n + j] = t;
        }
        double t = g[c];
        g[c] = g[piv];
        g[piv] = t;
        for (int r = c + 1; r < n; r++) {
            double f = h[r * n + c] / h[c * n + c];
            for (int j = c; j < n; j++)
                h[r * n + j] -= f * h[c * n + j];
            g[r] -= f * g[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        double v = g[c];
        for (int j = c + 1; j < n; j++)
            v -= h[c * n + j] * x[j];
        x[c] = v / h[c * n + c];
    }
}

#define MAXP (2 * NF)

/* How much a parameter's distance from its start costs: the loss goes up by
 * RIDGE · distance² (in evaluation units), 0.0001 for 100 units. Far less
 * than what moving a weight the data tell apart gains, it keeps in place the
 * combinations of weights the data cannot tell apart (counts that move
 * together), which would otherwise drift. */
#define RIDGE 1e-8

/* The training loss plus the ridge's cost of the displacement theta. */
static double objective(const struct data *d, const struct model *m, double k,
                        const double *theta, int np)
{
    double r = 0;
    for (int j = 0; j < np; j++)
        r += theta[j] * theta[j];
    return loss(d, m, k, LEARN_TRAIN) + RIDGE * r;
}

/* The step both fits take, Newton's direction damped: move(ctx, m, t) moves
 * m by t times the step, from t = 1 halving up to 30 times until
 * objective(ctx, m) is no higher than at the start. Returns how much the
 * objective went down, or −1 with m as it was (start, scratch, holds it)
 * when no step length helped. */
typedef void move_fn(void *ctx, struct model *m, double t);
typedef double objective_fn(void *ctx, const struct model *m);

static double damped_step(struct model *m, struct model *start, move_fn *move,
                          objective_fn *objective, void *ctx)
{
    double before = objective(ctx, m), after = before, t = 1;
    *start = *m;
    for (int half = 0; half < 30; half++, t /= 2) {
        *m = *start;
        move(ctx, m, t);
        after = objective(ctx, m);
        if (after <= before)
            return before - after;
    }
    *m = *start;
    return -1;
}

/* A Newton step on the linear weights, with the ridge's displacement theta
 * moving along (see damped_step and fit). */
struct linear_step {
    const struct data *d;
    double k;
    int np;
    const double (*ca)[NF], (*cb)[NF];
    double *theta;
    double theta0[MAXP], step[MAXP];
};

static void linear_move(void *ctx, struct model *m, double t)
{
    struct linear_step *ls = ctx;
    for (int j = 0; j < ls->np; j++) {
        ls->theta[j] = ls->theta0[j] - t * ls->step[j];
        for (int f = 0; f < NF; f++) {
            m->a[f] -= t * ls->step[j] * ls->ca[j][f];
            m->b[f] -= t * ls->step[j] * ls->cb[j][f];
        }
    }
}

static double linear_objective(void *ctx, const struct model *m)
{
    const struct linear_step *ls = ctx;
    return objective(ls->d, m, ls->k, ls->theta, ls->np);
}

/* Fits the free parameters of m with K fixed: `np` parameters, parameter j
 * moving a[f] by ca[j][f] and b[f] by cb[j][f] a unit. Newton's method on
 * the training loss plus the ridge (a convex objective), each step halved
 * until the objective goes down. */
static void fit(const struct data *d, struct model *m, double k, int np,
                const double ca[][NF], const double cb[][NF])
{
    double theta[MAXP] = { 0 };
    struct model *start = malloc(sizeof *start); /* the threat term makes it large */
    if (start == NULL) {
        fprintf(stderr, "texel: out of memory\n");
        exit(1);
    }
    for (int it = 0; it < 50; it++) {
        double g[MAXP] = { 0 }, h[MAXP * MAXP] = { 0 }, x[MAXP];
        double count = 0;
        for (size_t i = 0; i < d->count; i++) {
            const struct sample *s = &d->s[i];
            if (s->set != LEARN_TRAIN)
                continue;
            double z = k * eval(d, m, s), y = s->y;
            double pr = 1 / (1 + exp(-z));
            for (int j = 0; j < np; j++) {
                double v = 0;
                for (int f = 0; f < NF; f++)
                    v += ca[j][f] * s->n[0][f] - cb[j][f] * s->n[1][f];
                x[j] = k * v;
            }
            for (int j = 0; j < np; j++) {
                g[j] += (pr - y) * x[j];
                for (int l = 0; l < np; l++)
                    h[j * np + l] += pr * (1 - pr) * x[j] * x[l];
            }
            count++;
        }
        for (int j = 0; j < np; j++) {
            g[j] += 2 * RIDGE * count * theta[j];
            h[j * np + j] += 2 * RIDGE * count;
        }
        struct linear_step ls = { d, k, np, ca, cb, theta, { 0 }, { 0 } };
        solve(h, g, ls.step, np);
        memcpy(ls.theta0, theta, sizeof ls.theta0);
        if (damped_step(m, start, linear_move, linear_objective, &ls) < 1e-9)
            break;
    }
    free(start);
}

/* Which features the fit may move: those seen in the training samples
 * (open fours and fives never are: they are not quiet). */
static void free_features(const struct data *d, bool free_f[NF])
{
    for (int f = 0; f < NF; f++) {
        bool seen = false;
        for (size_t i = 0; i < d->count && !seen; i++)
            seen = d->s[i].set == LEARN_TRAIN && (d->s[i].n[0][f] != 0 || d->s[i].n[1][f] != 0);
        free_f[f] = seen && f != PAT_NONE && f != PAT_COUNT + COMBO_NONE;
    }
}

/* Rounds the model m to integer weights, then moves the free ones by ±1
 * while that lowers the training loss: a weight of the empty cells' weak
 * classes counts hundreds of times, so plain rounding can cost more than the
 * fit won. */
static void round_model(const struct data *d, struct model *m, double k, const bool free_f[NF])
{
    for (int f = 0; f < NF; f++) {
        m->a[f] = round(m->a[f]);
        m->b[f] = round(m->b[f]);
    }
    double best = loss(d, m, k, LEARN_TRAIN);
    for (bool better = true; better;) {
        better = false;
        for (int f = 0; f < 2 * NF; f++) {
            double *w = f < NF ? &m->a[f] : &m->b[f - NF];
            if (!free_f[f % NF])
                continue;
            for (int dir = -1; dir <= 1; dir += 2) {
                double was = *w;
                *w = was + dir;
                double l = loss(d, m, k, LEARN_TRAIN);
                if (l < best - 1e-9) {
                    best = l;
                    better = true;
                    break;
                }
                *w = was;
            }
        }
    }
}

static void print_tables(const struct model *m)
{
    const double *w[2] = { m->a, m->b };
    printf("const int pattern_eval_class[2][PAT_COUNT] = {\n");
    for (int i = 0; i < 2; i++) {
        printf("    {");
        for (int f = 0; f < PAT_COUNT; f++)
            printf("%s %d", f ? "," : "", (int)lround(w[i][f]));
        printf(" },\n");
    }
    printf("};\nconst int pattern_eval_combo[2][COMBO_COUNT] = {\n");
    for (int i = 0; i < 2; i++) {
        printf("    {");
        for (int c = 0; c < COMBO_COUNT; c++)
            printf("%s %d", c ? "," : "", (int)lround(w[i][PAT_COUNT + c]));
        printf(" },\n");
    }
    printf("};\n");
}

/* The residuals the second stage may move: parameter j is table pw[j]'s
 * residual of multiset pm[j]; pidx[w][m] is its j, or −1 where the
 * residual keeps its value. The penalty pulls each toward prior[w][m]
 * (0, or the residual in use with --prior; with --renju, the colourless
 * one of pattern_eval_multiset, or with --prior the colour's in use). */
struct residuals {
    int np;
    int pw[TABLES * PATTERN_MULTISETS], pm[TABLES * PATTERN_MULTISETS];
    int pidx[TABLES][PATTERN_MULTISETS];
    double prior[TABLES][PATTERN_MULTISETS];
};

/* Parameter j's distance from its prior. */
static double residual_offset(const struct model *m, const struct residuals *res, int j)
{
    return m->r[res->pw[j]][res->pm[j]] - res->prior[res->pw[j]][res->pm[j]];
}

/* The residuals of the multisets in at least min_count training positions
 * (in the table's side), none of a multiset whose weight keeps its value
 * (fixed), given seen[w][m], the counts. */
static void free_residuals(struct residuals *res, const int seen[TABLES][PATTERN_MULTISETS],
                           const bool fixed[PATTERN_MULTISETS], int min_count)
{
    res->np = 0;
    for (int w = 0; w < TABLES; w++)
        for (int m = 0; m < PATTERN_MULTISETS; m++) {
            res->pidx[w][m] = -1;
            if (m == 0 || fixed[m] || seen[w][m] == 0 || seen[w][m] < min_count)
                continue;
            res->pw[res->np] = w;
            res->pm[res->np] = m;
            res->pidx[w][m] = res->np++;
        }
}

/* The mean training loss plus λ · Σ (residual − prior)². */
static double penalised(const struct data *d, const struct model *m, double k, double lambda,
                        const struct residuals *res)
{
    double r = 0;
    for (int j = 0; j < res->np; j++)
        r += residual_offset(m, res, j) * residual_offset(m, res, j);
    return loss(d, m, k, LEARN_TRAIN) + lambda * r;
}

/* A Newton step on the residuals (see damped_step). */
struct residual_step {
    const struct data *d;
    double k, lambda;
    const struct residuals *res;
    const double *step;
};

static void residual_move(void *ctx, struct model *m, double t)
{
    const struct residual_step *rs = ctx;
    for (int j = 0; j < rs->res->np; j++)
        m->r[rs->res->pw[j]][rs->res->pm[j]] -= t * rs->step[j];
}

static double residual_objective(void *ctx, const struct model *m)
{
    const struct residual_step *rs = ctx;
    return penalised(rs->d, m, rs->k, rs->lambda, rs->res);
}

/* Fits the free residuals of m, K and the linear weights fixed: Newton's
 * method on the penalised loss (convex), each step halved until it goes
 * down. A sample's multisets are a few dozen, so the Hessian is summed
 * from their pairs only. */
static void fit_residuals(const struct data *d, struct model *m, double k, double lambda,
                          const struct residuals *res)
{
    int np = res->np;
    double *g = calloc((size_t)np, sizeof *g), *step = calloc((size_t)np, sizeof *step);
    double *h = calloc((size_t)np * (size_t)np, sizeof *h);
    double *xs = malloc(2 * PATTERN_MULTISETS * sizeof *xs);
    int *js = malloc(2 * PATTERN_MULTISETS * sizeof *js); /* a sample's two sides */
    struct model *start = malloc(sizeof *start);
    if (g == NULL || step == NULL || h == NULL || xs == NULL || js == NULL || start == NULL) {
        fprintf(stderr, "texel: out of memory\n");
        exit(1);
    }
    for (int it = 0; it < 30 && np > 0; it++) {
        memset(g, 0, (size_t)np * sizeof *g);
        memset(h, 0, (size_t)np * (size_t)np * sizeof *h);
        double count = 0;
        for (size_t i = 0; i < d->count; i++) {
            const struct sample *s = &d->s[i];
            if (s->set != LEARN_TRAIN)
                continue;
            double z = k * eval(d, m, s), y = s->y;
            double pr = 1 / (1 + exp(-z)), wt = pr * (1 - pr);
            const struct mset_count *c = d->pool + s->first;
            int nnz = 0;
            for (int side = 0; side < 2; side++)
                for (int e = 0; e < s->len[side]; e++, c++) {
                    int j = res->pidx[s->table[side]][c->mset];
                    if (j < 0)
                        continue;
                    js[nnz] = j;
                    xs[nnz++] = side == 0 ? k * c->n : -k * c->n;
                }
            for (int a = 0; a < nnz; a++) {
                g[js[a]] += (pr - y) * xs[a];
                double *row = h + (size_t)js[a] * (size_t)np;
                for (int b = 0; b < nnz; b++)
                    row[js[b]] += wt * xs[a] * xs[b];
            }
            count++;
        }
        for (int j = 0; j < np; j++) {
            g[j] = g[j] / count + 2 * lambda * residual_offset(m, res, j);
            for (int l = 0; l < np; l++)
                h[(size_t)j * (size_t)np + (size_t)l] /= count;
            h[(size_t)j * (size_t)np + (size_t)j] += 2 * lambda;
        }
        solve(h, g, step, np);
        struct residual_step rs = { d, k, lambda, res, step };
        if (damped_step(m, start, residual_move, residual_objective, &rs) < 1e-10)
            break;
    }
    free(g);
    free(step);
    free(h);
    free(xs);
    free(js);
    free(start);
}

/* A class as the comments of the residual table name it. */
static const char *const class_name[PAT_COUNT] = { "-",  "B1", "F1", "B2", "F2",
                                                   "B3", "F3", "B4", "F4", "5" };

/* Writes residual table r less base (0 where base is NULL), the values not
 * 0, each with its classes (strongest first) as a comment, or a 0 when all
 * are (C has no empty initialiser); rep[m] is a cell index of multiset m;
 * `indent` before each line. */
static void print_table(FILE *out, const double *r, const double *base,
                        const int rep[PATTERN_MULTISETS], const char *indent)
{
    bool any = false;
    for (int mset = 0; mset < PATTERN_MULTISETS; mset++) {
        long v = lround(r[mset] - (base != NULL ? base[mset] : 0));
        if (v == 0)
            continue;
        v = v > INT16_MAX ? INT16_MAX : v < INT16_MIN ? INT16_MIN : v;
        int c[4], idx = rep[mset];
        for (int d = 0; d < 4; d++, idx /= PAT_COUNT)
            c[d] = idx % PAT_COUNT;
        /* rep is the smallest index: its digits fall, the strongest first. */
        fprintf(out, "%s[%d] = %ld, /* %s %s %s %s */\n", indent, mset, v, class_name[c[0]],
                class_name[c[1]], class_name[c[2]], class_name[c[3]]);
        any = true;
    }
    if (!any)
        fprintf(out, "%s0,\n", indent);
}

/* Writes the residuals of m as the C source of pattern_multiset.c. */
static void print_residuals(FILE *out, const struct model *m, const int rep[PATTERN_MULTISETS],
                            const char *how)
{
    fprintf(out, "/* pattern_multiset.c — the evaluation's residuals by multiset of line\n"
                 " * classes (pattern_eval_multiset, see pattern.h), for the side to move\n"
                 " * and for the other. Generated by tools/texel: %s.\n"
                 " * Every multiset not listed is 0. Classes: B/F closed/open, 1..4 stones\n"
                 " * (5: a five, -: none). */\n"
                 "#include \"engine/pattern.h\"\n\n"
                 "const int16_t pattern_eval_multiset[2][PATTERN_MULTISETS] = {\n",
            how);
    for (int w = 0; w < 2; w++) {
        fprintf(out, "    {\n");
        print_table(out, m->r[w], NULL, rep, "        ");
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n");
}

/* Writes the C source of pattern_renju.c: for each colour and w, m's
 * residuals of table 2 · colour + w less the colourless ones, base[w]. */
static void print_renju(FILE *out, const struct model *m, const double base[2][PATTERN_MULTISETS],
                        const int rep[PATTERN_MULTISETS], const char *how)
{
    fprintf(out, "/* pattern_renju.c — the evaluation's residuals under renju by colour and\n"
                 " * multiset of line classes (pattern_eval_renju, see pattern.h): Black's,\n"
                 " * then White's, each for the side to move and for the other, added to\n"
                 " * pattern_eval_multiset's. Generated by tools/texel --renju from renju\n"
                 " * self-play: %s.\n"
                 " * Every multiset not listed is 0. Classes: B/F closed/open, 1..4 stones\n"
                 " * (5: a five, -: none). */\n"
                 "#include \"engine/pattern.h\"\n\n"
                 "const int16_t pattern_eval_renju[2][2][PATTERN_MULTISETS] = {\n",
            how);
    for (int colour = 0; colour < 2; colour++) {
        fprintf(out, "    {\n");
        for (int w = 0; w < 2; w++) {
            fprintf(out, "        {\n");
            print_table(out, m->r[2 * colour + w], base[w], rep, "            ");
            fprintf(out, "        },\n");
        }
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n");
}

/* Fits m's threat term, the rest of m and K fixed: for each mask seen in
 * training, the offset minimising the mean training loss plus
 * lambda · offset² (Newton's method: one variable, convex), rounded. */
static void fit_threats(const struct data *d, struct model *m, double k, double lambda)
{
    size_t train = 0;
    for (size_t i = 0; i < d->count; i++)
        train += d->s[i].set == LEARN_TRAIN;
    double *base = malloc(d->count * sizeof *base);
    /* The training samples grouped by mask, in their order: first[t] ..
     * first[t + 1] − 1 of order[]. */
    size_t *order = malloc(train * sizeof *order);
    static size_t first[PATTERN_THREATS + 1], next[PATTERN_THREATS];
    memset(first, 0, sizeof first);
    if (base == NULL || (order == NULL && train > 0)) {
        fprintf(stderr, "texel: out of memory\n");
        exit(1);
    }
    for (int t = 0; t < PATTERN_THREATS; t++)
        m->t[t] = 0;
    for (size_t i = 0; i < d->count; i++) {
        base[i] = eval(d, m, &d->s[i]);
        if (d->s[i].set == LEARN_TRAIN)
            first[d->s[i].threats + 1]++;
    }
    for (int t = 0; t < PATTERN_THREATS; t++)
        first[t + 1] += first[t];
    memcpy(next, first, sizeof next);
    for (size_t i = 0; i < d->count; i++)
        if (d->s[i].set == LEARN_TRAIN)
            order[next[d->s[i].threats]++] = i;
    for (int t = 0; t < PATTERN_THREATS; t++) {
        if (first[t] == first[t + 1])
            continue; /* never met: stays 0 */
        double x = 0;
        for (int it = 0; it < 30; it++) {
            double g = 0, h = 0;
            for (size_t j = first[t]; j < first[t + 1]; j++) {
                size_t i = order[j];
                double p = 1 / (1 + exp(-k * (base[i] + x)));
                g += k * (p - d->s[i].y);
                h += k * k * p * (1 - p);
            }
            g = g / (double)train + 2 * lambda * x;
            h = h / (double)train + 2 * lambda;
            x -= g / h;
        }
        m->t[t] = round(x);
    }
    free(order);
    free(base);
}

/* The C source of pattern_threat.c: m's threat term, with the training
 * positions of each mask. */
static void print_threats(FILE *out, const struct data *d, const struct model *m,
                          const char *how)
{
    static const char kind[PATTERN_THREAT_KINDS] = { 'T', 'D', 'F', 'X' };
    static size_t seen[PATTERN_THREATS];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < d->count; i++)
        seen[d->s[i].threats] += d->s[i].set == LEARN_TRAIN;
    fprintf(out, "/* pattern_threat.c — the evaluation's threat term (pattern_eval_threat,\n"
                 " * see pattern.h), by the threats each side could make with one stone.\n"
                 " * Generated by tools/texel --threats: %s.\n"
                 " * Every mask not listed is 0. Masks: the side to move's threats, then the\n"
                 " * other's; T an open three, D a double three, F a four, X a four-three\n"
                 " * (.: none); the side to move's levels of open-three and four cells,\n"
                 " * then the other's (PATTERN_THREATS); then the training positions of\n"
                 " * the mask. */\n"
                 "#include \"engine/pattern.h\"\n\n"
                 "const int16_t pattern_eval_threat[PATTERN_THREATS] = {\n",
            how);
    for (int t = 0; t < PATTERN_THREATS; t++) {
        long v = lround(m->t[t]);
        if (v == 0)
            continue;
        v = v > INT16_MAX ? INT16_MAX : v < INT16_MIN ? INT16_MIN : v;
        char name[2][PATTERN_THREAT_KINDS + 1];
        for (int side = 0; side < 2; side++) {
            for (int i = 0; i < PATTERN_THREAT_KINDS; i++)
                name[side][i] = t >> (i + side * PATTERN_THREAT_KINDS) & 1 ? kind[i] : '.';
            name[side][PATTERN_THREAT_KINDS] = '\0';
        }
        int level[2];
        for (int side = 0; side < 2; side++)
            level[side] = t >> (PATTERN_THREAT_COUNTS + side * PATTERN_THREAT_SIDE_BITS) &
                          ((1 << PATTERN_THREAT_SIDE_BITS) - 1);
        fprintf(out, "    [%d] = %ld, /* %s %s %d%d %d%d: %zu */\n", t, v, name[0], name[1],
                level[0] & 3, level[0] >> 2, level[1] & 3, level[1] >> 2, seen[t]);
    }
    fprintf(out, "};\n");
}

/* Parses a comma-separated list of up to `max` numbers; their count, 0 if
 * malformed. */
static int parse_list(const char *arg, double *v, int max)
{
    int n = 0;
    for (const char *p = arg; n < max;) {
        char *end;
        v[n++] = strtod(p, &end);
        if (end == p)
            return 0;
        if (*end == '\0')
            return n;
        if (*end != ',')
            return 0;
        p = end + 1;
    }
    return 0;
}

#define MAX_GRID 16

/* --threats: the threat term fitted on top of the current weights and
 * residuals (`current`, whose own threat term is left out, K too), printed
 * and written to `path`. 0, or 1 when the file cannot be written. */
static int fit_threat_term(const struct data *d, const struct model *current, int games,
                           size_t train, int test, double lambda, const char *path)
{
    static struct model base, m;
    base = *current;
    memset(base.t, 0, sizeof base.t);
    double k = fit_k(d, &base);
    printf("K %.6g (without the threat term)\n", k);
    printf("current evaluation: test loss %.6f (validation %.6f, training %.6f)\n",
           loss(d, current, k, test), loss(d, current, k, LEARN_VALID),
           loss(d, current, k, LEARN_TRAIN));
    printf("without the threat term: test loss %.6f (validation %.6f, training %.6f)\n",
           loss(d, &base, k, test), loss(d, &base, k, LEARN_VALID), loss(d, &base, k, LEARN_TRAIN));
    m = base;
    fit_threats(d, &m, k, lambda);
    printf("threat term, lambda %g: test loss %.6f (validation %.6f, training %.6f)\n", lambda,
           loss(d, &m, k, test), loss(d, &m, k, LEARN_VALID), loss(d, &m, k, LEARN_TRAIN));
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        fprintf(stderr, "texel: cannot write %s\n", path);
        return 1;
    }
    char how[160];
    snprintf(how, sizeof how, "%d games, %zu quiet positions,\n * L2 penalty %g", games,
             train, lambda);
    print_threats(out, d, &m, how);
    return fclose(out) == 0 ? 0 : 1;
}

/* Cross-entropy of sigmoid(ks · score) against the results of the scored
 * training samples the search did not decide (ctx: the data). */
static double score_loss(const void *ctx, double ks)
{
    const struct data *d = ctx;
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++) {
        const struct sample *s = &d->s[i];
        if (s->set != LEARN_TRAIN || !s->scored || s->score >= DECIDED || s->score <= -DECIDED)
            continue;
        sum += cross_entropy(ks * s->score, s->half_points / 2.0);
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* Sets the labels of the scored samples to alpha · result + (1 − alpha) ·
 * the search's score as a probability (its scale fitted to the results). */
static void blend_labels(struct data *d, double alpha)
{
    double ks = min_scale(score_loss, d), mean = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++) {
        struct sample *s = &d->s[i];
        if (!s->scored)
            continue;
        double p = s->score >= DECIDED ? 1 : s->score <= -DECIDED ? 0 : 1 / (1 + exp(-ks * s->score));
        s->y = (float)(alpha * s->half_points / 2.0 + (1 - alpha) * p);
        mean += p;
        n++;
    }
    printf("search scores: K %.6g, loss against the results %.6f; %zu labels blended, "
           "alpha %g, mean score %.4f\n",
           ks, score_loss(d, ks), n, alpha, n ? mean / (double)n : 0);
}

int main(int argc, char **argv)
{
    int first = 1, skip = 8, holdout = 5;
    bool keep_linear = false, prior = false, bad = false;
    const char *tests[64], *multiset_out = NULL, *threats_out = NULL, *renju_out = NULL;
    double threat_lambda = 1e-11;
    int ntests = 0;
    const char *scores = NULL;
    double alpha = 0.5;
    double lambdas[MAX_GRID] = { 1e-3, 1e-4, 1e-5, 1e-6, 1e-7 }, mins[MAX_GRID] = { 1, 30, 100 };
    int nlambdas = 5, nmins = 3;
    for (; first < argc && argv[first][0] == '-' && !bad; first++) {
        const char *opt = argv[first], *val = first + 1 < argc ? argv[first + 1] : NULL;
        if (strcmp(opt, "--keep-linear") == 0)
            keep_linear = true;
        else if (strcmp(opt, "--prior") == 0)
            prior = true;
        else if (val == NULL)
            bad = true;
        else if (strcmp(opt, "--skip") == 0)
            skip = atoi(val), first++;
        else if (strcmp(opt, "--holdout") == 0)
            holdout = atoi(val), first++;
        else if (strcmp(opt, "--test") == 0 && ntests < 64)
            tests[ntests++] = val, first++;
        else if (strcmp(opt, "--lambda") == 0)
            bad = (nlambdas = parse_list(val, lambdas, MAX_GRID)) == 0, first++;
        else if (strcmp(opt, "--min-count") == 0)
            bad = (nmins = parse_list(val, mins, MAX_GRID)) == 0, first++;
        else if (strcmp(opt, "--multiset") == 0)
            multiset_out = val, first++;
        else if (strcmp(opt, "--threats") == 0)
            threats_out = val, first++;
        else if (strcmp(opt, "--renju") == 0)
            renju_out = val, first++;
        else if (strcmp(opt, "--scores") == 0)
            scores = val, first++;
        else if (strcmp(opt, "--alpha") == 0)
            bad = parse_list(val, &alpha, 1) != 1 || alpha < 0 || alpha > 1, first++;
        else if (strcmp(opt, "--threat-lambda") == 0)
            bad = parse_list(val, &threat_lambda, 1) != 1 || threat_lambda < 0, first++;
        else
            bad = true;
    }
    if (bad || first >= argc || holdout < 2 || skip < 0 ||
        (renju_out != NULL && (multiset_out != NULL || threats_out != NULL))) {
        fprintf(stderr, "usage: texel [--skip N] [--holdout M] [--test RECORD|DIR]... "
                        "[--lambda L,...] [--min-count N,...] [--keep-linear] [--prior] "
                        "[--multiset FILE | --renju FILE] [--scores SUFFIX [--alpha A]] "
                        "RECORD|DIR...\n"
                        "       texel --threats FILE [--threat-lambda L] [--skip N] [--holdout M] "
                        "[--test RECORD|DIR]... [--scores SUFFIX [--alpha A]] RECORD|DIR...\n");
        return 2;
    }
    struct reader *r = calloc(1, sizeof *r);
    struct data d = { 0 };
    if (r == NULL) {
        fprintf(stderr, "texel: out of memory\n");
        return 1;
    }
    r->d = &d;
    r->scores = scores;
    r->renju = renju_out != NULL;
    /* The linear tables are every rule's: renju fits residuals alone. */
    keep_linear = keep_linear || r->renju;
    r->replay.skip = skip;
    r->replay.holdout = holdout;
    for (int i = first; i < argc; i++)
        learn_each_record(argv[i], read_game, r);
    int games = r->replay.games;
    r->replay.test = true;
    for (int i = 0; i < ntests; i++)
        learn_each_record(tests[i], read_game, r);
    size_t in_set[3] = { 0 }, halves[3] = { 0 };
    for (size_t i = 0; i < d.count; i++) {
        in_set[d.s[i].set]++;
        halves[d.s[i].half_points]++;
    }
    printf("games %d (+%d test), quiet positions %zu: training %zu, validation %zu, test %zu; "
           "side to move won %zu, drew %zu, lost %zu\n",
           games, r->replay.games - games, d.count, in_set[LEARN_TRAIN], in_set[LEARN_VALID],
           in_set[LEARN_TEST], halves[2], halves[1], halves[0]);
    if (in_set[LEARN_TRAIN] == 0 || in_set[LEARN_VALID] == 0) {
        fprintf(stderr, "texel: too few games to fit and to hold some out\n");
        learn_replay_free(&r->replay);
        free(r);
        free(d.s);
        free(d.pool);
        return 1;
    }
    int test = in_set[LEARN_TEST] ? LEARN_TEST : LEARN_VALID;
    bool residuals = pattern_has_multiset(&r->replay.table);

    bool free_f[NF];
    free_features(&d, free_f);
    static struct model current, lin, m, best;
    for (int f = 0; f < NF; f++) {
        current.a[f] = current_weight(0, f);
        current.b[f] = current_weight(1, f);
    }
    /* The residuals in use, by table; with --renju, the colourless ones
     * too (base: where the fit starts and its penalty pulls, but with
     * --prior). */
    static double base[2][PATTERN_MULTISETS];
    const struct pattern_table *table = &r->replay.table;
    for (int t = 0; t < TABLES && residuals; t++)
        for (int mset = 0; mset < PATTERN_MULTISETS; mset++) {
            if (t < 2)
                base[t][mset] = pattern_eval_multiset[t][mset];
            if (r->renju)
                current.r[t][mset] = pattern_eval_residual(table, t / 2, t % 2, mset);
            else if (t < 2)
                current.r[t][mset] = pattern_eval_residual(table, 0, t, mset);
        }
    for (int t = 0; t < PATTERN_THREATS && pattern_has_threats(&r->replay.table); t++)
        current.t[t] = pattern_eval_threat[t];
    if (scores != NULL) {
        double k0 = fit_k(&d, &current);
        printf("on the results: K %.6g, current weights: training loss %.6f\n", k0,
               loss(&d, &current, k0, LEARN_TRAIN));
        blend_labels(&d, alpha);
    }
    if (threats_out != NULL) {
        int status = 1;
        if (!pattern_has_threats(&r->replay.table))
            fprintf(stderr, "texel: the threat term is for k = 5\n");
        else
            status = fit_threat_term(&d, &current, games, in_set[LEARN_TRAIN], test,
                                     threat_lambda, threats_out);
        learn_replay_free(&r->replay);
        free(r);
        free(d.s);
        free(d.pool);
        return status;
    }
    double k = fit_k(&d, &current);
    printf("K %.6g\ncurrent weights: test loss %.6f (validation %.6f, training %.6f)\n", k,
           loss(&d, &current, k, test), loss(&d, &current, k, LEARN_VALID),
           loss(&d, &current, k, LEARN_TRAIN));

    /* Stage 1, the linear weights: each free feature's weight in each table
     * is a parameter. */
    lin = current;
    memset(lin.r, 0, sizeof lin.r);
    if (!keep_linear) {
        static double ca[MAXP][NF], cb[MAXP][NF];
        int np = 0;
        for (int f = 0; f < NF; f++)
            if (free_f[f]) {
                ca[np++][f] = 1;
                cb[np++][f] = 1;
            }
        fit(&d, &lin, k, np, (const double(*)[NF])ca, (const double(*)[NF])cb);
        double exact = loss(&d, &lin, k, test);
        round_model(&d, &lin, k, free_f);
        printf("linear, fitted: test loss %.6f (in integers %.6f; validation %.6f, "
               "training %.6f)\n",
               exact, loss(&d, &lin, k, test), loss(&d, &lin, k, LEARN_VALID),
               loss(&d, &lin, k, LEARN_TRAIN));
    } else {
        printf("linear, current: test loss %.6f (validation %.6f, training %.6f)\n",
               loss(&d, &lin, k, test), loss(&d, &lin, k, LEARN_VALID),
               loss(&d, &lin, k, LEARN_TRAIN));
    }
    print_tables(&lin);
    if (!residuals) {
        printf("no residuals: they are for k = 5\n");
        learn_replay_free(&r->replay);
        free(r);
        free(d.s);
        free(d.pool);
        return 0;
    }

    /* Stage 2, the residuals, over the grid of (N, λ). */
    static int seen[TABLES][PATTERN_MULTISETS], rep[PATTERN_MULTISETS];
    static bool fixed[PATTERN_MULTISETS];
    for (int idx = PATTERN_CELLS - 1; idx >= 0; idx--) {
        int mset = pattern_multiset(idx);
        enum combo c = pattern_combo_of(pattern_cell(&r->replay.table, 0, idx));
        rep[mset] = idx;
        /* The multisets of open fours and fives are met only in forcing
         * play, and keep their weights. Under renju the colours differ only
         * where Black's move can be forbidden, a cell of a double three or
         * stronger (position_allowed): --renju fits those alone, the open
         * fours and fives among them (Black's can be quiet, the search
         * leaving them to the evaluation, and a double four or an overline
         * is no win for Black). Freeing the weak cells too fits mostly
         * noise: each counts hundreds of times in a position. */
        fixed[mset] = r->renju ? c < COMBO_33 : c == COMBO_F4 || c == COMBO_5;
    }
    for (size_t i = 0; i < d.count; i++) {
        const struct sample *s = &d.s[i];
        const struct mset_count *c = d.pool + s->first;
        for (int side = 0; side < 2; side++)
            for (int e = 0; e < s->len[side]; e++, c++)
                seen[s->table[side]][c->mset] += s->set == LEARN_TRAIN;
    }
    static struct residuals res;
    double best_valid = INFINITY, best_lambda = 0;
    int best_min = 0, best_np = 0;
    if (prior)
        memcpy(res.prior, current.r, sizeof res.prior);
    else if (r->renju)
        for (int t = 0; t < TABLES; t++)
            memcpy(res.prior[t], base[t % 2], sizeof res.prior[t]);
    for (int a = 0; a < nmins; a++) {
        free_residuals(&res, (const int(*)[PATTERN_MULTISETS])seen, fixed, (int)mins[a]);
        m = lin;
        memcpy(m.r, res.prior, sizeof m.r);
        /* From the strongest penalty down, each fit starting from the last. */
        for (int b = 0; b < nlambdas; b++) {
            fit_residuals(&d, &m, k, lambdas[b], &res);
            double v = loss(&d, &m, k, LEARN_VALID);
            printf("residuals, N %d, lambda %g: %d free; validation loss %.6f (training %.6f)\n",
                   (int)mins[a], lambdas[b], res.np, v, loss(&d, &m, k, LEARN_TRAIN));
            fflush(stdout);
            if (v < best_valid) {
                best_valid = v;
                best = m;
                best_lambda = lambdas[b];
                best_min = (int)mins[a];
                best_np = res.np;
            }
        }
    }
    double exact = loss(&d, &best, k, test);
    for (int w = 0; w < TABLES; w++)
        for (int mset = 0; mset < PATTERN_MULTISETS; mset++)
            best.r[w][mset] = round(best.r[w][mset]);
    printf("linear and residuals, N %d, lambda %g (%d free): test loss %.6f (in integers "
           "%.6f; validation %.6f, training %.6f)\n",
           best_min, best_lambda, best_np, exact, loss(&d, &best, k, test),
           loss(&d, &best, k, LEARN_VALID), loss(&d, &best, k, LEARN_TRAIN));
    char how[240];
    if (r->renju)
        snprintf(how, sizeof how,
                 "%d games, %zu quiet\n * positions, multisets in %d of them or more, "
                 "L2 penalty %g toward\n * %s, everything else kept",
                 games, in_set[LEARN_TRAIN], best_min, best_lambda,
                 prior ? "the residuals then in use" : "the colourless residuals");
    else
        snprintf(how, sizeof how,
                 "%d games, %zu quiet positions,\n * multisets in %d of them or more, "
                 "L2 penalty %g%s, %s",
                 games, in_set[LEARN_TRAIN], best_min, best_lambda,
                 prior ? " toward the residuals then in use" : "",
                 keep_linear ? "the linear tables kept" : "the linear tables refitted");
    const char *out_path = r->renju ? renju_out : multiset_out;
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    if (out == NULL) {
        fprintf(stderr, "texel: cannot write %s\n", out_path);
        return 1;
    }
    if (r->renju)
        print_renju(out, &best, (const double(*)[PATTERN_MULTISETS])base, rep, how);
    else
        print_residuals(out, &best, rep, how);
    if (out != stdout)
        fclose(out);
    learn_replay_free(&r->replay);
    free(r);
    free(d.s);
    free(d.pool);
    return 0;
}
