/* policy.c — fits the search's move ordering to the moves strong play chose.
 *
 *   policy [--skip N] [--holdout M] [--test RECORD|DIR]... [--lambda L]
 *          [--steps S] [--from-use] [--out FILE] RECORD|DIR...
 *
 * Built on request: ninja -C build tools/policy.
 *
 * Reads SGF records (a directory: every .sgf in it, in name order), replays
 * each game and keeps, from move N on (default 8), the positions where the
 * search orders quiet moves under its beam: nothing forced (no five to make
 * or block, no open four to make, no open three of the opponent's to
 * answer, no winning four-three or double three). Each is a choice: the
 * candidate cells (near a stone, position_candidates) and the one the game
 * played. Every M-th game (default 5) is held out for validation.
 *
 * The search orders a cell q for the side to move by a score that is a sum
 * of a value of q's multiset of line classes for the side to move, one for
 * the other side (where it would block), and one each for where q lies from
 * the last stone and from the side to move's own last stone (distance, on
 * or off their lines: position_near). Here that score is a logit: the
 * chance of choosing q is softmax over the candidates, and the tables
 * (2 · 715 + 2 · 12 values) are fitted to the moves played by gradient
 * descent (Adam, full batch, --steps S, default 600, the rate falling
 * linearly to 0), from the hand ordering at the temperature that fits it
 * best, under an L2 penalty λ · Σ (value − its start)² (default 1e-6);
 * with --from-use the start is the tables in use (pattern_order.c) at the
 * temperature that fits them best, and the file is written in their units.
 * A multiset never met keeps its start value: the
 * data cannot place the seen values against it by a constant, so that
 * constant is fixed where the seen values' start had it on average.
 *
 * It prints, for the hand ordering (the hand weights, 2 · own + other, at
 * the temperature that fits them best), for the tables in use (likewise)
 * and for the fitted tables:
 * the cross-entropy, how often the played move is ordered first, and how
 * often it is among the first 8 (the beam) — on the training, validation
 * and test choices. With --out it writes the fitted tables, scaled to the
 * hand weights' units, as the C source of src/engine/pattern_order.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "storage/record.h"
#include "mnk/game.h"
#include "learn.h"


/* A candidate: its multisets for the side to move and for the other. */
struct cand {
    uint16_t own, other;
    uint8_t near[2]; /* by the last stone, by the one before (position_near) */
    int32_t hand;    /* today's ordering score */
};


/* A choice: `n` candidates of the pool from `first`, the played one first. */
struct choice {
    uint32_t first;
    uint16_t n;
    uint8_t set;
};

struct data {
    struct choice *c;
    size_t count, cap;
    struct cand *pool;
    size_t used, pool_cap;
};




static struct cand candidate(const struct position *p, int me, int q)
{
    int last = p->depth >= 1 ? p->placed[p->depth - 1] : -1;
    int before = p->depth >= 2 ? p->placed[p->depth - 2] : -1;
    return (struct cand){
        .own = (uint16_t)pattern_multiset(position_index(p, me, q)),
        .other = (uint16_t)pattern_multiset(position_index(p, 1 - me, q)),
        .near = { (uint8_t)position_near(p, last, q), (uint8_t)position_near(p, before, q) },
        .hand = 2 * position_weight(p, me, q) + position_weight(p, 1 - me, q),
    };
}

static void push(struct data *d, struct cand c)
{
    if (d->used == d->pool_cap)
        d->pool = learn_grow("policy", d->pool, &d->pool_cap, sizeof *d->pool);
    d->pool[d->used++] = c;
}

/* Adds the choice of q by `me` in p, unless q is not a candidate. */
static void add_choice(struct data *d, const struct position *p, int me, int q, int set)
{
    struct cellset cand;
    position_candidates(p, &cand);
    if (!cellset_has(&cand, q))
        return;
    struct choice c = { (uint32_t)d->used, 0, (uint8_t)set };
    push(d, candidate(p, me, q));
    struct cellset_iter it;
    cellset_iter_init(&it, &cand, p->words);
    for (int r; (r = cellset_next(&it)) >= 0;)
        if (r != q)
            push(d, candidate(p, me, r));
    c.n = (uint16_t)(d->used - c.first);
    if (d->count == d->cap)
        d->c = learn_grow("policy", d->c, &d->cap, sizeof *d->c);
    d->c[d->count++] = c;
}

struct reader {
    struct data *d;               /* where the samples go */
    struct learn_replay replay;
};

/* Reads one record (learn_each_record's call back; ctx: the reader). */
static void read_game(void *ctx, const char *path)
{
    struct reader *r = ctx;
    struct data *d = r->d;
    struct game *g = &r->replay.g;
    struct position *p = &r->replay.pos;
    enum learn_set set;
    if (!learn_replay_start(&r->replay, "policy", path, &set))
        return;
    for (int i = 0; i < g->ply; i++) {
        int me = i % 2;
        if (i >= r->replay.skip && learn_quiet(p, me))
            add_choice(d, p, me, g->moves[i], set);
        position_place(p, g->moves[i], (enum stone)(me + 1));
    }
}


#define NEAR0 (2 * PATTERN_MULTISETS)
#define NP (NEAR0 + 2 * PATTERN_NEAR)

/* The logit of a candidate: own table then other's, or the hand score over
 * a temperature when `hand` is set. */
struct model {
    bool hand;
    double scale;
    double v[NP];
};

static double logit(const struct model *m, const struct cand *c)
{
    if (m->hand)
        return c->hand * m->scale;
    return m->v[c->own] + m->v[PATTERN_MULTISETS + c->other] + m->v[NEAR0 + c->near[0]] +
           m->v[NEAR0 + PATTERN_NEAR + c->near[1]];
}

struct stats {
    double loss;
    double top1, top8;
    long n;
};

/* The loss and hit rates over one set; with grad, the gradient of the mean
 * loss is added to it. */
static struct stats measure(const struct data *d, const struct model *m, int set, double *grad)
{
    struct stats st = { 0 };
    static double z[1 << 10];
    for (size_t i = 0; i < d->count; i++) {
        const struct choice *c = &d->c[i];
        if (c->set != set)
            continue;
        const struct cand *cd = &d->pool[c->first];
        double mx = -1e300;
        for (int j = 0; j < c->n; j++) {
            z[j] = logit(m, &cd[j]);
            if (z[j] > mx)
                mx = z[j];
        }
        double sum = 0;
        int above = 0;
        for (int j = 0; j < c->n; j++) {
            sum += exp(z[j] - mx);
            if (j > 0 && z[j] >= z[0])
                above++;
        }
        st.loss += log(sum) - (z[0] - mx);
        st.top1 += above == 0;
        st.top8 += above < 8;
        st.n++;
        if (grad != NULL)
            for (int j = 0; j < c->n; j++) {
                double g = exp(z[j] - mx) / sum - (j == 0);
                grad[cd[j].own] += g;
                grad[PATTERN_MULTISETS + cd[j].other] += g;
                grad[NEAR0 + cd[j].near[0]] += g;
                grad[NEAR0 + PATTERN_NEAR + cd[j].near[1]] += g;
            }
    }
    if (st.n > 0) {
        st.loss /= (double)st.n;
        st.top1 /= (double)st.n;
        st.top8 /= (double)st.n;
        if (grad != NULL)
            for (int k = 0; k < NP; k++)
                grad[k] /= (double)st.n;
    }
    return st;
}

static void report(const char *name, const struct data *d, const struct model *m)
{
    static const char *const set_name[LEARN_SETS] = { "train", "valid", "test" };
    for (int set = 0; set < LEARN_SETS; set++) {
        struct stats st = measure(d, m, set, NULL);
        if (st.n == 0)
            continue;
        printf("%-8s %-5s %7ld choices  loss %.4f  first %.1f %%  in 8 %.1f %%\n", name,
               set_name[set], st.n, st.loss, 100 * st.top1, 100 * st.top8);
    }
}

/* The hand ordering as logits at temperature t. */
static void set_hand(struct model *m, double t)
{
    m->hand = true;
    m->scale = t;
}

/* The tables in use (pattern_order.c) as logits at temperature t. */
static void set_in_use(struct model *m, double t)
{
    m->scale = t;
    for (int ms = 0; ms < PATTERN_MULTISETS; ms++) {
        m->v[ms] = pattern_order_multiset[0][ms] * t;
        m->v[PATTERN_MULTISETS + ms] = pattern_order_multiset[1][ms] * t;
    }
    for (int k = 0; k < PATTERN_NEAR; k++) {
        m->v[NEAR0 + k] = pattern_order_near[0][k] * t;
        m->v[NEAR0 + PATTERN_NEAR + k] = pattern_order_near[1][k] * t;
    }
}

/* Sets m, by `at`, to the ordering at its best temperature on the training
 * choices (a ternary search: the loss is unimodal in it). */
static void fit_temperature(const struct data *d, struct model *m,
                            void (*at)(struct model *, double))
{
    double lo = 1e-4, hi = 1.0;
    for (int it = 0; it < 60; it++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        at(m, a);
        double la = measure(d, m, LEARN_TRAIN, NULL).loss;
        at(m, b);
        double lb = measure(d, m, LEARN_TRAIN, NULL).loss;
        if (la < lb)
            hi = b;
        else
            lo = a;
    }
    at(m, (lo + hi) / 2);
}

/* How many training candidates have each multiset, as the side to move's
 * (seen[ms]) and as the other's (seen[PATTERN_MULTISETS + ms]). */
static void count_seen(const struct data *d, long seen[NP])
{
    for (size_t i = 0; i < d->count; i++)
        if (d->c[i].set == LEARN_TRAIN)
            for (int j = 0; j < d->c[i].n; j++) {
                const struct cand *c = &d->pool[d->c[i].first + j];
                seen[c->own]++;
                seen[PATTERN_MULTISETS + c->other]++;
            }
}

static void fit(const struct data *d, struct model *m, double lambda, int steps)
{
    static double v0[NP];
    memcpy(v0, m->v, sizeof v0);
    static double g[NP], mom[NP], var[NP];
    const double rate = 0.05, b1 = 0.9, b2 = 0.999;
    memset(mom, 0, sizeof mom);
    memset(var, 0, sizeof var);
    for (int t = 1; t <= steps; t++) {
        memset(g, 0, sizeof g);
        struct stats st = measure(d, m, LEARN_TRAIN, g);
        for (int k = 0; k < NP; k++) {
            g[k] += 2 * lambda * (m->v[k] - v0[k]);
            mom[k] = b1 * mom[k] + (1 - b1) * g[k];
            var[k] = b2 * var[k] + (1 - b2) * g[k] * g[k];
            double mh = mom[k] / (1 - pow(b1, t)), vh = var[k] / (1 - pow(b2, t));
            /* The rate falls to 0 at the last step, so the values settle
             * instead of jittering by the rate, and the same data give the
             * same table whatever the compiler. */
            m->v[k] -= rate * (1 - (t - 1.0) / steps) * mh / (sqrt(vh) + 1e-8);
        }
        if (t % 100 == 0)
            fprintf(stderr, "step %d: training loss %.4f\n", t, st.loss);
    }
    /* The data say nothing of a constant added to all the seen entries of
     * a multiset table (every candidate has one of each): take out the
     * mean change of the seen ones, weighted by how often each is seen, so
     * the entries never seen keep their place among them. */
    static long seen[NP];
    count_seen(d, seen);
    for (int t = 0; t < 2; t++) {
        double sum = 0, n = 0;
        for (int ms = 0; ms < PATTERN_MULTISETS; ms++) {
            int k = t * PATTERN_MULTISETS + ms;
            sum += (double)seen[k] * (m->v[k] - v0[k]);
            n += (double)seen[k];
        }
        for (int ms = 0; ms < PATTERN_MULTISETS && n > 0; ms++)
            m->v[t * PATTERN_MULTISETS + ms] -= sum / n;
    }
}

static const char *const class_name[PAT_COUNT] = { "-",  "B1", "F1", "B2", "F2",
                                                   "B3", "F3", "B4", "F4", "5" };

/* Writes the fitted tables, the logits over the hand temperature (so in the
 * hand weights' units), as the C source of pattern_order.c. Each table is
 * shifted so that its least value is 0. */
static bool write_table(const char *path, const struct data *d, const struct model *m,
                        double scale, double lambda, int games, bool from_use)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return false;
    }
    static int rep[PATTERN_MULTISETS];
    for (int idx = PATTERN_CELLS - 1; idx >= 0; idx--)
        rep[pattern_multiset(idx)] = idx;
    static long seen[NP];
    count_seen(d, seen);
    fprintf(f, "/* pattern_order.c — the search's move ordering (pattern_order_multiset\n"
               " * and pattern_order_near, see pattern.h), fitted to the moves played.\n"
               " * Generated by tools/policy: %d games, L2 penalty %g%s; units of the hand\n"
               " * weights (a logit is %.1f of them). Each line: the multiset of classes,\n"
               " * the candidates of it seen in training. */\n"
               "#include \"engine/pattern.h\"\n",
            games, lambda, from_use ? " toward the tables then in use" : "", 1 / scale);
    static const char *const table_name[2] = { "the side to move's", "the other side's" };
    fprintf(f, "\nconst int16_t pattern_order_multiset[2][PATTERN_MULTISETS] = {\n");
    for (int t = 0; t < 2; t++) {
        double low = 1e300;
        for (int ms = 0; ms < PATTERN_MULTISETS; ms++)
            if (m->v[t * PATTERN_MULTISETS + ms] < low)
                low = m->v[t * PATTERN_MULTISETS + ms];
        fprintf(f, "    { /* %s */\n", table_name[t]);
        for (int ms = 0; ms < PATTERN_MULTISETS; ms++) {
            int v = (int)lround((m->v[t * PATTERN_MULTISETS + ms] - low) / scale);
            if (v > INT16_MAX)
                v = INT16_MAX;
            int idx = rep[ms];
            fprintf(f, "        %d, /* %s %s %s %s: %ld */\n", v, class_name[idx % PAT_COUNT],
                    class_name[idx / PAT_COUNT % PAT_COUNT],
                    class_name[idx / (PAT_COUNT * PAT_COUNT) % PAT_COUNT],
                    class_name[idx / (PAT_COUNT * PAT_COUNT * PAT_COUNT)],
                    seen[t * PATTERN_MULTISETS + ms]);
        }
        fprintf(f, "    },\n");
    }
    fprintf(f, "};\n\nconst int16_t pattern_order_near[2][PATTERN_NEAR] = {\n");
    for (int t = 0; t < 2; t++) {
        double low = 1e300;
        for (int k = 0; k < PATTERN_NEAR; k++)
            if (m->v[NEAR0 + t * PATTERN_NEAR + k] < low)
                low = m->v[NEAR0 + t * PATTERN_NEAR + k];
        fprintf(f, "    { /* from the %s stone: by distance 0..5, off and on its lines */\n       ",
                t ? "side to move's last" : "last");
        for (int k = 0; k < PATTERN_NEAR; k++)
            fprintf(f, " %d,", (int)lround((m->v[NEAR0 + t * PATTERN_NEAR + k] - low) / scale));
        fprintf(f, "\n    },\n");
    }
    fprintf(f, "};\n");
    return fclose(f) == 0;
}

int main(int argc, char **argv)
{
    static struct reader r;
    static struct data d;
    r.d = &d;
    r.replay.skip = 8;
    r.replay.holdout = 5;
    double lambda = 1e-6;
    int steps = 600;
    const char *out = NULL;
    bool from_use = false;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (strcmp(a, "--from-use") == 0) {
            from_use = true;
            continue;
        }
        if (first + 1 >= argc)
            break;
        if (strcmp(a, "--skip") == 0)
            r.replay.skip = atoi(argv[++first]);
        else if (strcmp(a, "--holdout") == 0)
            r.replay.holdout = atoi(argv[++first]);
        else if (strcmp(a, "--lambda") == 0)
            lambda = atof(argv[++first]);
        else if (strcmp(a, "--steps") == 0)
            steps = atoi(argv[++first]);
        else if (strcmp(a, "--out") == 0)
            out = argv[++first];
        else if (strcmp(a, "--test") == 0) {
            r.replay.test = true;
            learn_each_record(argv[++first], read_game, &r);
            r.replay.test = false;
        } else
            break;
    }
    if (first >= argc || r.replay.holdout < 2 || r.replay.skip < 0 || steps < 0) {
        fprintf(stderr, "usage: policy [--skip N] [--holdout M] [--test RECORD|DIR]... "
                        "[--lambda L] [--steps S] [--from-use] [--out FILE] RECORD|DIR...\n");
        return 2;
    }
    for (int i = first; i < argc; i++)
        learn_each_record(argv[i], read_game, &r);
    printf("%zu choices, %zu candidates\n", d.count, d.used);

    static struct model hand, fitted;
    fit_temperature(&d, &hand, set_hand);
    printf("hand temperature: %.5f a unit\n", hand.scale);
    report("hand", &d, &hand);
    static struct model in_use;
    fit_temperature(&d, &in_use, set_in_use);
    report("in use", &d, &in_use);
    double scale = hand.scale;
    if (from_use) {
        fitted = in_use;
        scale = in_use.scale;
    } else {
        /* Start from the hand ordering. */
        static int rep[PATTERN_MULTISETS];
        for (int idx = PATTERN_CELLS - 1; idx >= 0; idx--)
            rep[pattern_multiset(idx)] = idx;
        for (int ms = 0; ms < PATTERN_MULTISETS; ms++) {
            int w = pattern_weight_of(pattern_cell(&r.replay.table, 0, rep[ms]));
            fitted.v[ms] = 2 * w * hand.scale;
            fitted.v[PATTERN_MULTISETS + ms] = w * hand.scale;
        }
    }
    fit(&d, &fitted, lambda, steps);
    report("fitted", &d, &fitted);
    if (out != NULL && !write_table(out, &d, &fitted, scale, lambda, r.replay.games, from_use))
        return 1;
    return 0;
}
