/* texel.c — fits the evaluation's weights to game results (the Texel method).
 *
 *   texel [--skip N] [--holdout M] RECORD|DIR...
 *
 * Games: tools/texel-games.sh. Built on request: ninja -C build tools/texel.
 *
 * Reads SGF records (a directory: every .sgf in it, in name order), replays
 * each game and keeps its quiet positions: from move N on (default 8), those
 * the search's decide() does not settle (a five to make or to block, an open
 * four to make, a winning four-three or double three) where the opponent has
 * no open three either. Each is labelled with the game's result for the side
 * to move (1, 1/2, 0). Every M-th game (default 5) is held out: the fit never
 * sees it, the losses printed are measured on it.
 *
 * The evaluation is linear in what position.c keeps: for each side the sum,
 * over the empty cells, of pattern_eval_class[w][] of the cell's four line
 * classes and pattern_eval_combo[w][] of its combination, table w = 0 for
 * the side to move and 1 for the other. So a position is its per-side
 * counts of cells by class and by combination, read from struct position
 * itself (and checked against its running sums), and the fit is a logistic
 * regression: the loss is the cross-entropy of sigmoid(K · eval) against the
 * labels. K is fitted first with the current weights, which fixes the scale;
 * then, K fixed, the weights of the features seen in quiet positions, by
 * Newton's method (the loss is convex in them); the others (open fours and
 * fives, met only in forcing play) keep their values. The weights are then
 * rounded to integers and moved by ±1 while that lowers the training loss.
 *
 * It prints the held-out loss of the current and the fitted weights, and
 * the fitted tables as C initialisers for pattern.c.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/pattern.h"
#include "ai/position.h"
#include "io/record.h"
#include "mnk/game.h"

#define NF (PAT_COUNT + COMBO_COUNT) /* features of one side */

/* A quiet position: the feature counts of the side to move (me) and of the
 * other, and the result for me in halves (0, 1, 2). */
struct sample {
    uint16_t n[2][NF];
    uint8_t half_points;
    uint8_t held_out;
};

struct data {
    struct sample *s;
    size_t count, cap;
};

/* Feature f's weight in table w of the evaluation today. */
static double current_weight(int w, int f)
{
    return f < PAT_COUNT ? pattern_eval_class[w][f] : pattern_eval_combo[w][f - PAT_COUNT];
}

static void add_sample(struct data *d, const struct sample *s)
{
    if (d->count == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 65536;
        d->s = realloc(d->s, d->cap * sizeof *d->s);
        if (d->s == NULL) {
            fprintf(stderr, "texel: out of memory\n");
            exit(1);
        }
    }
    d->s[d->count++] = *s;
}

static bool any_four(const struct position *p, int side)
{
    return position_any(p, side, COMBO_4) || position_any(p, side, COMBO_43) ||
           position_any(p, side, COMBO_F4) || position_any(p, side, COMBO_5);
}

/* Whether the evaluation has the say with `me` to move: the search's
 * decide() settles nothing (no five to make or to block, no open four,
 * four-three or double three that wins) and the opponent has no open three
 * (no cell making an open four) to answer. */
static bool quiet(const struct position *p, int me)
{
    int op = 1 - me;
    if (position_any(p, me, COMBO_5) || position_any(p, op, COMBO_5) ||
        position_any(p, me, COMBO_F4) || position_any(p, op, COMBO_F4))
        return false;
    return any_four(p, op) ||
           (!position_any(p, me, COMBO_43) && !position_any(p, me, COMBO_33));
}

/* Counts the classes and combinations of each side over the empty cells;
 * false if today's weights of those counts do not give position.c's sums
 * (the features would not be what the search adds up). */
static bool features(const struct position *p, int me, struct sample *out)
{
    memset(out->n, 0, sizeof out->n);
    for (int q = 0; q < p->cells; q++) {
        if (p->b.cell[q] != STONE_NONE)
            continue;
        for (int side = 0; side < 2; side++) {
            uint16_t *n = out->n[side == me ? 0 : 1];
            for (int d = 0; d < 4; d++)
                n[position_line(p, side, q, d)]++;
            n[PAT_COUNT + position_combo(p, side, q)]++;
        }
    }
    for (int side = 0; side < 2; side++)
        for (int w = 0; w < 2; w++) {
            double sum = 0;
            for (int f = 0; f < NF; f++)
                sum += current_weight(w, f) * out->n[side == me ? 0 : 1][f];
            if ((int)sum != p->total[side][w])
                return false;
        }
    return true;
}

/* What reading the records needs: the options, the tables of the first
 * record's win length and rule, a position and a game to replay in. */
struct reader {
    int skip, holdout;
    int games;
    bool have_table;
    struct pattern_table table;
    struct position pos;
    struct game g;
};

static void read_game(struct reader *r, struct data *d, const char *path)
{
    struct game *g = &r->g;
    struct position *p = &r->pos;
    int index = r->games++;
    char err[512];
    if (!record_load(path, g, err, sizeof err)) {
        fprintf(stderr, "texel: %s\n", err);
        return;
    }
    if (!r->have_table) {
        if (!pattern_init(&r->table, g->board.win, g->board.rule)) {
            fprintf(stderr, "texel: out of memory\n");
            exit(1);
        }
        r->have_table = true;
    } else if (r->table.win != g->board.win || r->table.rule != g->board.rule) {
        fprintf(stderr, "texel: %s: another win length or rule than the first record\n", path);
        return;
    }
    int black_halves;
    switch (g->result.outcome) {
    case OUTCOME_BLACK_WINS: black_halves = 2; break;
    case OUTCOME_WHITE_WINS: black_halves = 0; break;
    case OUTCOME_DRAW: black_halves = 1; break;
    default: return; /* unfinished */
    }
    struct board empty;
    board_init(&empty, g->board.width, g->board.height, g->board.win, g->board.rule);
    position_init(p, &r->table, &empty);
    for (int i = 0; i < g->ply; i++) {
        int me = i % 2;
        if (i >= r->skip && quiet(p, me)) {
            struct sample s;
            if (!features(p, me, &s)) {
                fprintf(stderr, "texel: %s: features do not add up to the position's sums\n",
                        path);
                exit(1);
            }
            s.half_points = (uint8_t)(me == 0 ? black_halves : 2 - black_halves);
            s.held_out = index % r->holdout == r->holdout - 1;
            add_sample(d, &s);
        }
        position_place(p, g->moves[i], (enum stone)(me + 1));
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads a record, or every .sgf of a directory in name order. */
static void read_path(struct reader *r, struct data *d, const char *path)
{
    DIR *dir = opendir(path);
    if (dir == NULL) {
        read_game(r, d, path);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".sgf") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            names = realloc(names, cap * sizeof *names);
        }
        size_t size = strlen(path) + len + 2;
        names[n] = malloc(size);
        if (names == NULL || names[n] == NULL) {
            fprintf(stderr, "texel: out of memory\n");
            exit(1);
        }
        snprintf(names[n++], size, "%s/%s", path, e->d_name);
    }
    closedir(dir);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        read_game(r, d, names[i]);
        free(names[i]);
    }
    free(names);
}

/* A model: eval = Σ_f a[f]·n_me[f] − b[f]·n_op[f]. */
struct model {
    double a[NF], b[NF];
};

static double eval(const struct model *m, const struct sample *s)
{
    double e = 0;
    for (int f = 0; f < NF; f++)
        e += m->a[f] * s->n[0][f] - m->b[f] * s->n[1][f];
    return e;
}

/* Mean cross-entropy of sigmoid(K · eval) against the labels of the
 * held-out (or the training) samples. */
static double loss(const struct data *d, const struct model *m, double k, bool held_out)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++) {
        const struct sample *s = &d->s[i];
        if (s->held_out != held_out)
            continue;
        double z = k * eval(m, s), y = s->half_points / 2.0;
        /* log(1 + e^z) − y·z, without overflow */
        sum += (z > 0 ? z + log1p(exp(-z)) : log1p(exp(z))) - y * z;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* The K minimising the training loss of m: golden section on log K. */
static double fit_k(const struct data *d, const struct model *m)
{
    double lo = log(1e-6), hi = log(1.0), g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 100; it++) {
        double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
        if (loss(d, m, exp(x1), false) < loss(d, m, exp(x2), false))
            hi = x2;
        else
            lo = x1;
    }
    return exp((lo + hi) / 2);
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
    return loss(d, m, k, false) + RIDGE * r;
}

/* Fits the free parameters of m with K fixed: `np` parameters, parameter j
 * moving a[f] by ca[j][f] and b[f] by cb[j][f] a unit. Newton's method on
 * the training loss plus the ridge (a convex objective), each step halved
 * until the objective goes down. */
static void fit(const struct data *d, struct model *m, double k, int np,
                const double ca[][NF], const double cb[][NF])
{
    double theta[MAXP] = { 0 };
    for (int it = 0; it < 50; it++) {
        double g[MAXP] = { 0 }, h[MAXP * MAXP] = { 0 }, x[MAXP];
        double count = 0;
        for (size_t i = 0; i < d->count; i++) {
            const struct sample *s = &d->s[i];
            if (s->held_out)
                continue;
            double z = k * eval(m, s), y = s->half_points / 2.0;
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
        double step[MAXP];
        solve(h, g, step, np);
        double before = objective(d, m, k, theta, np), after = before, t = 1;
        struct model start = *m;
        double theta0[MAXP];
        memcpy(theta0, theta, sizeof theta0);
        for (int half = 0; half < 30; half++, t /= 2) {
            *m = start;
            for (int j = 0; j < np; j++) {
                theta[j] = theta0[j] - t * step[j];
                for (int f = 0; f < NF; f++) {
                    m->a[f] -= t * step[j] * ca[j][f];
                    m->b[f] -= t * step[j] * cb[j][f];
                }
            }
            after = objective(d, m, k, theta, np);
            if (after <= before)
                break;
        }
        if (after > before) {
            *m = start;
            break;
        }
        if (before - after < 1e-9)
            break;
    }
}

/* Which features the fit may move: those seen in the samples (open fours
 * and fives never are: they are not quiet). */
static void free_features(const struct data *d, bool free_f[NF])
{
    for (int f = 0; f < NF; f++) {
        bool seen = false;
        for (size_t i = 0; i < d->count && !seen; i++)
            seen = d->s[i].n[0][f] != 0 || d->s[i].n[1][f] != 0;
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
    double best = loss(d, m, k, false);
    for (bool better = true; better;) {
        better = false;
        for (int f = 0; f < 2 * NF; f++) {
            double *w = f < NF ? &m->a[f] : &m->b[f - NF];
            if (!free_f[f % NF])
                continue;
            for (int dir = -1; dir <= 1; dir += 2) {
                double was = *w;
                *w = was + dir;
                double l = loss(d, m, k, false);
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

int main(int argc, char **argv)
{
    int first = 1, skip = 8, holdout = 5;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "--skip") == 0 && first + 1 < argc)
            skip = atoi(argv[++first]);
        else if (strcmp(argv[first], "--holdout") == 0 && first + 1 < argc)
            holdout = atoi(argv[++first]);
        else
            break;
    }
    if (first >= argc || holdout < 2 || skip < 0) {
        fprintf(stderr, "usage: texel [--skip N] [--holdout M] RECORD|DIR...\n");
        return 2;
    }
    struct reader *r = calloc(1, sizeof *r);
    struct data d = { 0 };
    if (r == NULL) {
        fprintf(stderr, "texel: out of memory\n");
        return 1;
    }
    r->skip = skip;
    r->holdout = holdout;
    for (int i = first; i < argc; i++)
        read_path(r, &d, argv[i]);
    int games = r->games;
    size_t held = 0, halves[3] = { 0 };
    for (size_t i = 0; i < d.count; i++) {
        held += d.s[i].held_out;
        halves[d.s[i].half_points]++;
    }
    printf("games %d, quiet positions %zu (%zu held out); side to move won %zu, drew %zu, "
           "lost %zu\n", games, d.count, held, halves[2], halves[1], halves[0]);
    if (d.count == held || held == 0) {
        fprintf(stderr, "texel: too few games to fit and to hold some out\n");
        pattern_free(&r->table);
        free(r);
        free(d.s);
        return 1;
    }

    bool free_f[NF];
    free_features(&d, free_f);
    struct model current;
    for (int f = 0; f < NF; f++) {
        current.a[f] = current_weight(0, f);
        current.b[f] = current_weight(1, f);
    }
    double k = fit_k(&d, &current);
    printf("K %.6g\ncurrent weights: held-out loss %.6f (training %.6f)\n", k,
           loss(&d, &current, k, true), loss(&d, &current, k, false));

    /* Each free feature's weight in each table is a parameter. */
    static double ca[MAXP][NF], cb[MAXP][NF];
    int np = 0;
    for (int f = 0; f < NF; f++)
        if (free_f[f]) {
            ca[np++][f] = 1;
            cb[np++][f] = 1;
        }
    struct model m = current;
    fit(&d, &m, k, np, (const double(*)[NF])ca, (const double(*)[NF])cb);
    double exact = loss(&d, &m, k, true);
    round_model(&d, &m, k, free_f);
    printf("fitted: held-out loss %.6f (in integers %.6f, training %.6f)\n", exact,
           loss(&d, &m, k, true), loss(&d, &m, k, false));
    print_tables(&m);
    pattern_free(&r->table);
    free(r);
    free(d.s);
    return 0;
}
