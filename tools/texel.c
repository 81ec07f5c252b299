/* texel.c — fits the evaluation's weights to game results (the Texel method).
 *
 *   texel [--skip N] [--holdout M] [--c-grid] RECORD|DIR...
 *
 * Reads SGF records (a directory: every .sgf in it), replays each game and
 * keeps its quiet positions: from move N on (default 8), those the search's
 * decide() does not settle (a five to make or to block, an open four to
 * make, a winning four-three or double three) where the opponent has no open
 * three either. Each is labelled with the game's result
 * for the side to move (1, 1/2, 0). Every M-th game (default 5) is held out:
 * the fit never sees it, the losses below are measured on it.
 *
 * The evaluation is linear in what position.c keeps: for each side the sum,
 * over the empty cells, of class_weight[] of the cell's four line classes
 * and combo_bonus[] of its combination, the side to move's sum counted c
 * times (c = 5/4). So a position is its per-side counts of cells by class
 * and by combination, read from struct position itself (and checked against
 * its running sums), and the fit is a logistic regression: the loss is the
 * cross-entropy of sigmoid(K · eval) against the labels. K is fitted first
 * with the hand weights, to fix the scale; then, with K fixed, the weights
 * seen in quiet positions by Newton's method (the loss is convex in them);
 * the others (open fours and fives, only met in forcing play) keep their
 * hand values. With --c-grid the side-to-move factor is tried at several values.
 * Also fitted, to see whether it would pay: separate tables for the side to
 * move and the other side.
 *
 * It prints the fitted tables as C initialisers, rounded to integers, and
 * the held-out loss of the hand and the fitted weights (rounded, as the
 * search would use them).
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

/* Feature f's hand weight. */
static double hand_weight(int f)
{
    return f < PAT_COUNT ? pattern_eval_class[f] : pattern_eval_combo[f - PAT_COUNT];
}

static int skip_moves = 8, holdout = 5;

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
 * false if the hand weights of those counts do not give position.c's sums
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
    for (int side = 0; side < 2; side++) {
        double sum = 0;
        for (int f = 0; f < NF; f++)
            sum += hand_weight(f) * out->n[side == me ? 0 : 1][f];
        if ((int)sum != p->total[side])
            return false;
    }
    return true;
}

static struct pattern_table table;
static bool have_table;

static void read_game(struct data *d, const char *path, int index, struct position *p)
{
    static struct game g;
    char err[512];
    if (!record_load(path, &g, err, sizeof err)) {
        fprintf(stderr, "texel: %s\n", err);
        return;
    }
    if (!have_table) {
        if (!pattern_init(&table, g.board.win, g.board.rule)) {
            fprintf(stderr, "texel: out of memory\n");
            exit(1);
        }
        have_table = true;
    } else if (table.win != g.board.win || table.rule != g.board.rule) {
        fprintf(stderr, "texel: %s: another win length or rule than the first record\n", path);
        return;
    }
    int black_halves;
    switch (g.result.outcome) {
    case OUTCOME_BLACK_WINS: black_halves = 2; break;
    case OUTCOME_WHITE_WINS: black_halves = 0; break;
    case OUTCOME_DRAW: black_halves = 1; break;
    default: return; /* unfinished */
    }
    struct board empty;
    board_init(&empty, g.board.width, g.board.height, g.board.win, g.board.rule);
    position_init(p, &table, &empty);
    for (int i = 0; i < g.ply; i++) {
        int me = i % 2;
        if (i >= skip_moves && quiet(p, me)) {
            struct sample s;
            if (!features(p, me, &s)) {
                fprintf(stderr, "texel: %s: features do not add up to the position's sums\n",
                        path);
                exit(1);
            }
            s.half_points = (uint8_t)(me == 0 ? black_halves : 2 - black_halves);
            s.held_out = index % holdout == holdout - 1;
            add_sample(d, &s);
        }
        position_place(p, g.moves[i], (enum stone)(me + 1));
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads a record, or every .sgf of a directory in name order. */
static void read_path(struct data *d, const char *path, int *index, struct position *p)
{
    DIR *dir = opendir(path);
    if (dir == NULL) {
        read_game(d, path, (*index)++, p);
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
        read_game(d, names[i], (*index)++, p);
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

/* Fits the free parameters of m with K fixed: `np` parameters, parameter j
 * moving a[f] by ca[j][f] and b[f] by cb[j][f] a unit. Newton's method on
 * the training loss, a small ridge towards the start keeping features that
 * hardly vary in place. */
static void fit(const struct data *d, struct model *m, double k, int np,
                const double ca[][NF], const double cb[][NF])
{
    for (int it = 0; it < 30; it++) {
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
        for (int j = 0; j < np; j++)
            h[j * np + j] += 1e-6 * count + 1e-9;
        double step[MAXP];
        solve(h, g, step, np);
        double most = 0;
        for (int j = 0; j < np; j++) {
            for (int f = 0; f < NF; f++) {
                m->a[f] -= step[j] * ca[j][f];
                m->b[f] -= step[j] * cb[j][f];
            }
            most = fabs(step[j]) > most ? fabs(step[j]) : most;
        }
        if (most < 1e-4)
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

static void round_model(struct model *m, double c)
{
    for (int f = 0; f < NF; f++) {
        m->b[f] = round(m->b[f]);
        m->a[f] = m->b[f] * c;
    }
}

static void print_table(const char *name, const double *w, int from, int n)
{
    printf("%s = {", name);
    for (int f = 0; f < n; f++)
        printf("%s %d", f ? "," : "", (int)lround(w[from + f]));
    printf(" };\n");
}

int main(int argc, char **argv)
{
    bool c_grid = false;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "--skip") == 0 && first + 1 < argc)
            skip_moves = atoi(argv[++first]);
        else if (strcmp(argv[first], "--holdout") == 0 && first + 1 < argc)
            holdout = atoi(argv[++first]);
        else if (strcmp(argv[first], "--c-grid") == 0)
            c_grid = true;
        else
            break;
    }
    if (first >= argc || holdout < 2 || skip_moves < 0) {
        fprintf(stderr, "usage: texel [--skip N] [--holdout M] [--c-grid] RECORD|DIR...\n");
        return 2;
    }
    struct position *p = malloc(sizeof *p);
    struct data d = { 0 };
    if (p == NULL) {
        fprintf(stderr, "texel: out of memory\n");
        return 1;
    }
    int games = 0;
    for (int i = first; i < argc; i++)
        read_path(&d, argv[i], &games, p);
    free(p);
    size_t held = 0, halves[3] = { 0 };
    for (size_t i = 0; i < d.count; i++) {
        held += d.s[i].held_out;
        halves[d.s[i].half_points]++;
    }
    printf("games %d, quiet positions %zu (%zu held out); side to move won %zu, drew %zu, "
           "lost %zu\n", games, d.count, held, halves[2], halves[1], halves[0]);
    if (d.count == held || held == 0) {
        fprintf(stderr, "texel: too few games to fit and to hold some out\n");
        return 1;
    }

    bool free_f[NF];
    free_features(&d, free_f);
    struct model hand;
    for (int f = 0; f < NF; f++) {
        hand.b[f] = hand_weight(f);
        hand.a[f] = hand.b[f] * 5 / 4;
    }
    double k = fit_k(&d, &hand);
    double hand_loss = loss(&d, &hand, k, true);
    printf("K %.6g\nhand weights: held-out loss %.6f (training %.6f)\n", k, hand_loss,
           loss(&d, &hand, k, false));

    /* One table, the side to move's sum counted c times. */
    static double ca[MAXP][NF], cb[MAXP][NF];
    double grid[] = { 1.0, 1.125, 1.25, 1.375, 1.5 };
    int ng = c_grid ? 5 : 1;
    struct model best = hand;
    double best_c = 1.25, best_loss = INFINITY;
    for (int gi = 0; gi < ng; gi++) {
        double c = c_grid ? grid[gi] : 1.25;
        int np = 0;
        memset(ca, 0, sizeof ca);
        memset(cb, 0, sizeof cb);
        for (int f = 0; f < NF; f++)
            if (free_f[f]) {
                ca[np][f] = c;
                cb[np][f] = 1;
                np++;
            }
        struct model m = hand;
        for (int f = 0; f < NF; f++)
            m.a[f] = m.b[f] * c;
        fit(&d, &m, k, np, (const double(*)[NF])ca, (const double(*)[NF])cb);
        double exact = loss(&d, &m, k, true);
        round_model(&m, c);
        double rounded = loss(&d, &m, k, true);
        printf("one table, c = %.3f: held-out loss %.6f (rounded %.6f, training %.6f)\n", c,
               exact, rounded, loss(&d, &m, k, false));
        if (rounded < best_loss) {
            best_loss = rounded;
            best = m;
            best_c = c;
        }
    }
    printf("fitted (c = %.3f):\n", best_c);
    print_table("static const int class_weight[PAT_COUNT]", best.b, 0, PAT_COUNT);
    print_table("static const int combo_bonus[COMBO_COUNT]", best.b, PAT_COUNT, COMBO_COUNT);

    /* Two tables: the side to move's weights and the other side's. */
    int np = 0;
    memset(ca, 0, sizeof ca);
    memset(cb, 0, sizeof cb);
    for (int f = 0; f < NF; f++)
        if (free_f[f]) {
            ca[np++][f] = 1;
            cb[np++][f] = 1;
        }
    struct model two = best;
    fit(&d, &two, k, np, (const double(*)[NF])ca, (const double(*)[NF])cb);
    double exact = loss(&d, &two, k, true);
    for (int f = 0; f < NF; f++) {
        two.a[f] = round(two.a[f]);
        two.b[f] = round(two.b[f]);
    }
    printf("two tables: held-out loss %.6f (rounded %.6f, training %.6f)\n", exact,
           loss(&d, &two, k, true), loss(&d, &two, k, false));
    print_table("side to move: class_weight", two.a, 0, PAT_COUNT);
    print_table("side to move: combo_bonus", two.a, PAT_COUNT, COMBO_COUNT);
    print_table("other side:   class_weight", two.b, 0, PAT_COUNT);
    print_table("other side:   combo_bonus", two.b, PAT_COUNT, COMBO_COUNT);
    pattern_free(&table);
    free(d.s);
    return 0;
}
