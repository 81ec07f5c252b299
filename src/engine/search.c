/* search.c — the `search` strategy; how it works is search.h's opening
 * comment, the history of its ideas the commit log.
 */
#include "engine/search.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/evaluate.h"
#include "engine/movepick.h"
#include "engine/params.h"
#include "engine/pattern.h"
#include "engine/position.h"
#include "engine/solver.h"
#include "engine/timeman.h"
#include "engine/tss.h"
#include "engine/tt.h"
#include "mnk/clock.h"
#include "mnk/rng.h"

#define MAX_PLY 128
#define CHECK_INTERVAL 512
#define WIN AI_SCORE_WIN
#define WIN_BOUND AI_SCORE_WIN_BOUND
#define INF (AI_SCORE_WIN + 1)
#define TSS_BYTES ((size_t)4 << 20)
#define QUIESCE_PLIES 4      /* open threes answered past the leaves this deep */
/* The margins, counts and divisors of pruning, reductions and windows
 * are struct search_params (params.h: their tuned values, and `mnk engine
 * --tune` to try others). */
#define FUTILITY_DEPTH 3     /* static-score cuts this near the leaves */
#define LMR_SIZE 64          /* the reduction table's rows and columns */
#define NO_EVAL INT32_MIN    /* a node's static score, not computed */
#define ROOT_REDUCE_FROM 6   /* quiet root moves from this one on: first a ply shallower */
#define IIR_DEPTH 4          /* a node this deep with no table move is searched a ply less */
#define SINGULAR_DEPTH 7     /* the table move's singularity is tested this deep, */
#define SINGULAR_TT_DEPTH 2  /* when its entry is at most this much shallower, */
                             /* against its score less singular_margin a ply */
#define ASPIRATION_DEPTH 5   /* iterations from this depth on search a window first, */
                             /* aspiration_window either side of the last score, */
#define ASPIRATION_MAX 3000   /* widened threefold on a fail, fully past this */
#define WIDE_KEY 0x9e3779b97f4a7c15u /* keys the table apart per widened side */
#define SAFETY_MOVES 12       /* root moves checked against the opponent's threats, */
#define SAFETY_VCF_DEPTH 30   /* the opponent's VCFs of up to this many fours, */
#define SAFETY_VCT_DEPTH 12   /* VCTs of up to this many threats, shortest first */
#define ROOT_VCF_DEPTH 40     /* the root's own VCF: of any length its nodes allow, */
#define ROOT_VCT_DEPTH 10     /* its VCT short: threes branch widely */
#define SOLVE_MAX_EMPTY 24    /* the exact solver is tried with this few empty cells */
#define SOLVE_SHARE 2         /* and gets up to 1/2 of the time */
#define SOLVE_UNTIMED_NODES 2000000 /* or this many nodes when no time is set */
#define SOLVER_BYTES ((size_t)16 << 20)
#define LAPSE_KEY 0x5851f42d4c957f2du /* keys the lapse draw apart from the noise */

/* What the search keeps for each ply of the current line. */
struct ply {
    int static_eval;             /* the node's static score; NO_EVAL: not computed */
    int killer[2];               /* quiet moves that cut off here; −1: none */
    int excluded;                /* the move a singularity test leaves out; −1: none */
    int pv_len;
    int pv[MAX_PLY];             /* the best line found from here */
    struct move moves[BOARD_MAX_CELLS];
};

struct search {
    struct pattern_table pt;
    struct position pos;
    struct tt tt;
    struct tt *table;            /* the tree's table: tt, or a helper's main search's */
    struct tss tss;
    struct solver *solver;       /* made when a board is first small enough */
    int width, height, win;      /* the board the tables were built for */
    enum rule rule;
    int noise, oversight;        /* weakness, from struct ai_options */
    struct search_params par;    /* from struct ai_options.tune */
    uint64_t seed;
    /* The board after the move chosen last, to tell the opponent's reply
     * on the next call (have_after: it is set). */
    struct board after;
    int after_move;
    bool have_after;
    int expect;                  /* the reply its line expects there; −1: none */

    /* Per search. */
    const struct ai_limits *lim;
    struct timeman tm;
    int64_t start_ms, deadline_ms; /* deadline_ms: the deepening's (soft) one */
    int root_n;                  /* moves at the root */
    bool best_wins;              /* the search proved the chosen move wins */
    bool prune[2];               /* each side's moves are pruned by count below the root */
    int done_depth, done_score;  /* of the last completed iteration */
    uint64_t nodes, max_nodes;
    uint64_t next_check;         /* nodes (with the solver's) at the next clock read */
    uint64_t check_interval;     /* nodes between clock reads */
    bool stopped, timed;
    int root_depth;
    int root_recent[2];          /* the last stone at the root, the one before; −1: unknown */
    struct move_history history;
    uint8_t reduction[LMR_SIZE][LMR_SIZE]; /* by depth and move index, in plies */
    struct ply stack[MAX_PLY];

    /* Threads. The main search's: its helpers (made when first wanted,
     * kept), how many run now, and what they share with it. */
    struct search *helper[AI_MAX_THREADS - 1];
    pthread_t helper_thread[AI_MAX_THREADS - 1];
    int helpers_running;
    atomic_bool helpers_stop;    /* set: the helpers stop */
    _Atomic uint64_t helper_nodes; /* the nodes they counted, added as they go */
    /* A helper's: its number (0: the main search), its main search, the
     * limits it searches under (stop at helpers_stop, nothing else), what
     * it searches and the nodes it has added to helper_nodes. */
    int id;
    struct search *main;
    struct ai_limits own_limits;
    int help_me, help_depth;
    uint64_t published;
};

/* The transposition and threat tables in `memory` bytes (0: the default);
 * false, nothing allocated, when they do not fit. */
static bool make_tables(struct search *s, size_t memory)
{
    if (memory == 0)
        memory = SEARCH_DEFAULT_MEMORY;
    size_t threat_bytes = memory / 8 < TSS_BYTES ? memory / 8 : TSS_BYTES;
    if (!tt_init(&s->tt, memory - threat_bytes))
        return false;
    if (!tss_init(&s->tss, threat_bytes)) {
        tt_free(&s->tt);
        return false;
    }
    return true;
}

static void *search_create(const struct ai_options *opts)
{
    struct search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->noise = opts->noise > 0 ? opts->noise : 0;
    s->oversight = opts->oversight > 0 ? opts->oversight : 0;
    s->seed = opts->seed;
    char why[128];
    if (!params_parse(&s->par, opts->tune, why, sizeof why)) {
        free(s);
        return NULL;
    }
    for (int d = 1; d < LMR_SIZE; d++)
        for (int i = 1; i < LMR_SIZE; i++)
            s->reduction[d][i] = (uint8_t)(log(d) * log(i) * 10 / s->par.lmr_div + 0.5);
    if (!make_tables(s, opts->memory)) {
        free(s);
        return NULL;
    }
    s->table = &s->tt;
    return s;
}

static void search_destroy(void *state)
{
    struct search *s = state;
    if (s == NULL)
        return;
    tt_free(&s->tt);
    tss_free(&s->tss);
    solver_destroy(s->solver);
    pattern_free(&s->pt);
    /* Helpers own no tables: theirs are the main search's (their
     * headers copies). */
    for (int i = 0; i < AI_MAX_THREADS - 1; i++)
        free(s->helper[i]);
    free(s);
}

static void search_reset(void *state)
{
    struct search *s = state;
    tt_clear(&s->tt);
    tss_clear(&s->tss);
    if (s->solver != NULL)
        solver_clear(s->solver);
}

/* New tables in place of the old: a manager's INFO max_memory, which must
 * not cost the next move its time (see tt.c). The pattern table, built
 * for the board at START, stays. */
static bool search_resize(void *state, size_t bytes)
{
    struct search *s = state;
    struct tt tt = s->tt;
    struct tss tss = s->tss;
    if (!make_tables(s, bytes)) {
        s->tt = tt;
        s->tss = tss;
        return false;
    }
    tt_free(&tt);
    tss_free(&tss);
    if (s->solver != NULL)
        solver_clear(s->solver);
    return true;
}

static size_t search_table_bytes(const void *state)
{
    const struct search *s = state;
    return tt_bytes(&s->tt) + tss_bytes(&s->tss);
}

/* Makes the pattern table match b's win length and rule; a different board
 * also invalidates the transposition table. False when out of memory. */
static bool prepare(struct search *s, const struct board *b)
{
    if (!pattern_prepare(&s->pt, b->win, b->rule))
        return false;
    /* Fresh from create() the tables are already empty. */
    if (s->width != 0 && (s->width != b->width || s->height != b->height ||
                          s->win != b->win || s->rule != b->rule))
        search_reset(s);
    s->width = b->width;
    s->height = b->height;
    s->win = b->win;
    s->rule = b->rule;
    return true;
}

/* A helper's nodes not yet added to its main search's count, added. */
static void publish_nodes(struct search *s)
{
    if (s->main == NULL)
        return;
    atomic_fetch_add_explicit(&s->main->helper_nodes, s->nodes - s->published,
                              memory_order_relaxed);
    s->published = s->nodes;
}

/* The nodes counted so far, the helpers' with the main search's. */
static uint64_t total_nodes(struct search *s)
{
    return s->nodes + tss_nodes(&s->tss) +
           atomic_load_explicit(&s->helper_nodes, memory_order_relaxed);
}

/* True when the search must stop now: out of time, nodes, or told to. */
static bool out_of_budget(struct search *s)
{
    if (s->stopped)
        return true;
    publish_nodes(s);
    if (s->max_nodes && total_nodes(s) >= s->max_nodes)
        s->stopped = true;
    else if (s->lim->stop != NULL && atomic_load(s->lim->stop))
        s->stopped = true;
    else if (s->timed && clock_ms() >= s->deadline_ms)
        s->stopped = true;
    return s->stopped;
}

/* The static score, with the levels' noise. */
static int score_leaf(const struct search *s, int me)
{
    const struct position *p = &s->pos;
    int score = evaluate(p, me);
    if (s->noise > 0) {
        uint64_t r = rng_mix(p->b.hash ^ (me ? BOARD_KEY_WHITE_TO_MOVE : 0) ^ s->seed);
        score += (int)(r % (uint64_t)(2 * s->noise + 1)) - s->noise;
    }
    return score;
}

/* The n-th last stone placed (0: the last), in the tree or before the root;
 * −1 when unknown. */
static int recent(const struct search *s, int n)
{
    const struct position *p = &s->pos;
    if (p->depth > n)
        return p->placed[p->depth - 1 - n];
    return n - p->depth < 2 ? s->root_recent[n - p->depth] : -1;
}

/* Sets root_recent from b: when b is the board after the move chosen last
 * plus one stone of the side that did not play it, that stone and the move
 * (both −1 otherwise: a new game, a move taken back, another game). */
static void find_recent(struct search *s, const struct board *b, enum stone side)
{
    s->root_recent[0] = s->root_recent[1] = -1;
    const struct board *a = &s->after;
    if (!s->have_after || a->width != b->width || a->height != b->height ||
        a->stones + 1 != b->stones)
        return;
    int reply = -1;
    for (int q = 0; q < board_cells(b); q++) {
        if (a->cell[q] == b->cell[q])
            continue;
        if (a->cell[q] != STONE_NONE || b->cell[q] != side || reply >= 0)
            return;
        reply = q;
    }
    s->root_recent[0] = reply;
    s->root_recent[1] = s->after_move;
}

/* What orders the moves at `ply`, besides their classes. */
static struct pick_hints hints(const struct search *s, int ply, int tt_move)
{
    const struct ply *st = &s->stack[ply];
    return (struct pick_hints){
        .tt_move = tt_move,
        .killer = { st->killer[0], st->killer[1] },
        .last = recent(s, 0),
        .before = recent(s, 1),
        .history = &s->history,
    };
}

/* Makes the line at ply `ply` q followed by the line at ply + 1. */
static void update_pv(struct search *s, int ply, int q)
{
    struct ply *st = &s->stack[ply];
    const struct ply *next = &s->stack[ply + 1];
    /* A line from ply p has at most MAX_PLY − 1 − p moves: it fits. */
    assert(ply >= 0 && ply + 1 + next->pv_len < MAX_PLY);
    st->pv[0] = q;
    memcpy(&st->pv[1], next->pv, sizeof(int) * (size_t)next->pv_len);
    st->pv_len = next->pv_len + 1;
}

/* Results found with a side's moves all searched are not mixed with those
 * found with pruning: the table keys them apart. */
static uint64_t wide_key(const struct search *s)
{
    return (s->prune[0] ? 0 : WIDE_KEY) ^ (s->prune[1] ? 0 : WIDE_KEY << 1 | 1);
}

/* The table key of the position with `me` to move. */
static uint64_t node_key(const struct search *s, int me)
{
    return s->pos.b.hash ^ (me ? BOARD_KEY_WHITE_TO_MOVE : 0) ^ wide_key(s);
}

/* The table key of the position after `me` plays q, the other side to
 * move (node_key there, ahead of the move). */
static uint64_t child_key(const struct search *s, int q, int me)
{
    return s->pos.b.hash ^ board_zobrist(q, (enum stone)(me + 1)) ^ (me ? 0 : BOARD_KEY_WHITE_TO_MOVE) ^
           wide_key(s);
}

/* What negamax learns of a node, step by step. */
struct node {
    int depth;             /* plies to the leaves (≤ 0 past them); one less after IIR */
    int ply;               /* plies from the root */
    int alpha, beta;       /* narrowed by mate distance, alpha raised by the moves */
    int alpha0;            /* alpha before the moves: a result above it is exact */
    int me;                /* the side to move, 0 or 1 */
    int forced;            /* the one cell that stops the opponent's five; −1: none */
    int excluded;          /* the move a singularity test leaves out; −1: none */
    bool pv_node;          /* a window wider than null: on the principal variation */
    bool threatened;       /* the opponent can make an open four: a three to answer */
    int eval;              /* the static score; NO_EVAL: not computed */
    bool improving;        /* better than two plies before, or either unknown */
    bool likely_high;      /* fail-high reduction: moves but fours a ply shallower */
    int singular;          /* 1: the table move goes a ply deeper */
    uint64_t key;
    int tt_move, tt_score, tt_depth; /* the table's entry; tt_move −1: none */
    enum tt_bound tt_bound;          /* TT_NONE: no entry */
};

static int negamax(struct search *s, int depth, int ply, int alpha, int beta, int me);

/* Counts the node; true when the search has stopped (the clock is read only
 * every check_interval nodes: it costs more than a node). */
static inline bool node_stops(struct search *s)
{
    s->nodes++;
    if (s->nodes + tss_nodes(&s->tss) >= s->next_check) {
        s->next_check = s->nodes + tss_nodes(&s->tss) + s->check_interval;
        if (out_of_budget(s))
            return true;
    }
    return s->stopped;
}

/* What the lines decide unsearched (position_decide, which also gives the
 * forced block), and the draws of a full board or the stack's end. */
static inline bool decided_by_position(struct search *s, struct node *n, int *score)
{
    struct position *p = &s->pos;
    *score = position_decide(p, n->me, n->ply, &n->forced);
    return *score != 0 || board_full(&p->b) || n->ply >= MAX_PLY - 1;
}

/* Mate distance: nothing here beats a win sooner than one found higher up. */
static inline bool mate_distance(struct node *n, int *score)
{
    if (n->alpha < -(WIN - n->ply))
        n->alpha = -(WIN - n->ply);
    if (n->beta > WIN - n->ply - 1)
        n->beta = WIN - n->ply - 1;
    *score = n->alpha;
    return n->alpha >= n->beta;
}

/* The table's move goes first; its result ends a node off the principal
 * variation when deep enough to bound the window. A singularity test's
 * result is not the node's: it neither uses the table's nor stores its own. */
static inline bool probe_table(struct search *s, struct node *n, int *score)
{
    n->tt_move = -1;
    n->tt_score = n->tt_depth = 0;
    n->tt_bound = TT_NONE;
    struct tt_entry e;
    if (!tt_probe(s->table, n->key, &e))
        return false;
    n->tt_move = e.move;
    /* The table is cleared for another board: its moves are this board's. */
    assert(n->tt_move >= -1 && n->tt_move < s->pos.cells);
    n->tt_score = *score = tt_score_from(e.score, n->ply);
    n->tt_depth = e.depth;
    n->tt_bound = tt_bound_of(&e);
    return !n->pv_node && n->excluded < 0 && n->tt_depth >= n->depth &&
           (n->tt_bound == TT_EXACT || (n->tt_bound == TT_LOWER && n->tt_score >= n->beta) ||
            (n->tt_bound == TT_UPPER && n->tt_score <= n->alpha));
}

/* Past the leaves only blocks and answers to open threes are searched, and
 * only QUIESCE_PLIES deep: a three nothing stops scores as the loss it is. */
static inline bool past_horizon(const struct node *n)
{
    return n->depth <= 0 && n->forced < 0 && (n->depth <= -QUIESCE_PLIES || !n->threatened);
}

/* The static score (none against a block or a three) and whether it beats
 * two plies before: pruning is bolder where the side is not improving. */
static inline void evaluate_node(struct search *s, struct node *n)
{
    n->eval = n->forced < 0 && !n->threatened ? score_leaf(s, n->me) : NO_EVAL;
    s->stack[n->ply].static_eval = n->eval;
    int before = n->ply >= 2 ? s->stack[n->ply - 2].static_eval : NO_EVAL;
    n->improving = n->eval == NO_EVAL || before == NO_EVAL || n->eval > before;
}

/* Reverse futility: near the leaves, a static score far above beta stands. */
static inline bool reverse_futility(const struct search *s, const struct node *n)
{
    return !n->pv_node && n->eval != NO_EVAL && n->depth <= FUTILITY_DEPTH &&
           n->beta > -WIN_BOUND && n->eval < WIN_BOUND &&
           n->eval - s->par.futility_margin * (n->depth - n->improving) >= n->beta;
}

/* Fail-high reduction: a static score well above beta is likely to hold
 * (never while this side's win or loss is confirmed at full width). */
static inline bool likely_fails_high(const struct search *s, const struct node *n)
{
    return s->prune[n->me] && !n->pv_node && n->eval != NO_EVAL && n->depth >= 2 &&
           n->beta > -WIN_BOUND && n->eval < WIN_BOUND &&
           n->eval >= n->beta + s->par.fail_high_margin * n->depth;
}

/* Internal iterative reduction: without a table move the order is a guess;
 * the next iteration comes back with one stored. */
static inline bool reduce_unordered(const struct node *n)
{
    return n->tt_move < 0 && n->forced < 0 && n->depth >= IIR_DEPTH;
}

/* Worth a singularity test: a table move that beat beta (or was exact) at
 * nearly this depth, with a score not proven, within the extension limit. */
static inline bool may_be_singular(const struct search *s, const struct node *n)
{
    return n->excluded < 0 && n->tt_move >= 0 && n->forced < 0 && n->depth >= SINGULAR_DEPTH &&
           (n->tt_bound == TT_LOWER || n->tt_bound == TT_EXACT) &&
           n->tt_depth >= n->depth - SINGULAR_TT_DEPTH && n->tt_score > -WIN_BOUND &&
           n->tt_score < WIN_BOUND && n->ply < 2 * s->root_depth &&
           s->pos.b.cell[n->tt_move] == STONE_NONE;
}

/* Singular extension and multi-cut: the node without the table move, at
 * half depth against a bound below its score; none reaches it: the move is
 * the only good one (a ply deeper); one does and the bound is ≥ beta: cut. */
static bool singular_test(struct search *s, struct node *n, int *score)
{
    struct ply *st = &s->stack[n->ply];
    int bound = n->tt_score - s->par.singular_margin * n->depth;
    st->excluded = n->tt_move;
    int sc = negamax(s, n->depth / 2, n->ply, bound - 1, bound, n->me);
    st->excluded = -1;
    st->pv_len = 0;
    if (s->stopped) {
        *score = 0;
        return true;
    }
    if (sc < bound) {
        n->singular = 1;
        return false;
    }
    *score = bound;
    return bound >= n->beta;
}

/* Move-count pruning: fewer moves the nearer the leaves, twice as many
 * where improving or on the principal variation; never when forced,
 * threatened or confirming this side's win or loss. */
static inline int move_limit(const struct search *s, const struct node *n)
{
    if (!s->prune[n->me] || n->forced >= 0 || n->threatened || n->depth <= 0)
        return BOARD_MAX_CELLS;
    int d = n->depth < LMR_SIZE ? n->depth : LMR_SIZE - 1;
    int limit = s->par.lmp_base + d * d * s->par.lmp_scale / 16;
    return n->improving || n->pv_node ? 2 * limit : limit;
}

/* A move's depth before reductions: the singular move a ply deeper, and
 * where the node likely fails high, a move but a four a ply shallower. */
static inline int move_depth(const struct position *p, const struct node *n, int q, int new_depth)
{
    int d = q == n->tt_move ? new_depth + n->singular : new_depth;
    if (n->likely_high && position_combo(p, n->me, q) < COMBO_4)
        d--;
    return d;
}

/* Late-move reductions: the later and the worse-scored, the shallower; less
 * for threes, on the principal variation and where the side improves. */
static inline int late_reduction(const struct search *s, const struct node *n,
                                 const struct movepick *mp, int i, bool quiet)
{
    if (n->depth < 2 || i < 2)
        return 0;
    int d = n->depth < LMR_SIZE ? n->depth : LMR_SIZE - 1;
    int r = s->reduction[d][i < LMR_SIZE ? i : LMR_SIZE - 1];
    r += !n->improving - n->pv_node - !quiet + (movepick_gap(mp) - s->par.policy_mid) / s->par.policy_gap;
    return r < 0 ? 0 : r > n->depth - 1 ? n->depth - 1 : r;
}

/* A later move, placed: a null window reduced by r, then the full window if
 * it beat alpha, deeper if by far, shallower if it barely beat `best`. */
static inline int search_late_move(struct search *s, const struct node *n, int d, int r, int best)
{
    int sc = -negamax(s, d - r, n->ply + 1, -n->alpha - 1, -n->alpha, 1 - n->me);
    if (sc > n->alpha && r > 0) {
        if (sc > n->alpha + s->par.deeper_margin + s->par.deeper_scale * r &&
            n->ply < 2 * s->root_depth)
            d++;
        else if (sc < best + s->par.shallower_margin && r > 1)
            d--;
    }
    if (sc > n->alpha && (r > 0 || sc < n->beta))
        sc = -negamax(s, d, n->ply + 1, -n->beta, -n->alpha, 1 - n->me);
    return sc;
}

/* Killers: a quiet move that cut off here is likely to cut off beside it. */
static inline void update_killers(struct ply *st, int q)
{
    if (q != st->killer[0]) {
        st->killer[1] = st->killer[0];
        st->killer[0] = q;
    }
}

/* History: a cutoff orders its move earlier everywhere, by depth²; halving
 * all past 2^24 lets old cutoffs fade and never overflows. */
static inline void update_history(struct move_history *h, int me, int q, int depth, int cells)
{
    assert(q >= 0 && q < cells);
    int32_t *cut = h->cut[me];
    cut[q] += depth > 0 ? depth * depth : 0;
    if (cut[q] > 1 << 24)
        for (int c = 0; c < cells; c++)
            cut[c] /= 2;
}

/* The moves in the picker's order up to the move-count limit, until one
 * cuts off: the best score (−INF: none searched; 0 on a stop), its move
 * (else the first taken) and how many were taken from the picker. */
static inline int search_moves(struct search *s, struct node *n, struct movepick *mp,
                               int *best_move, int *tried)
{
    struct position *p = &s->pos;
    int new_depth = n->forced >= 0 ? n->depth : n->depth - 1;
    int limit = move_limit(s, n);
    int best = -INF, move = -1, taken = 0;
    for (int q; taken < limit && (q = movepick_next(mp)) >= 0;) {
        assert(q < p->cells && p->b.cell[q] == STONE_NONE);
        int i = taken++;
        if (move < 0)
            move = q;
        if (q == n->excluded)
            continue;
        bool quiet = move_is_quiet(p, n->me, q);
        int d = move_depth(p, n, q, new_depth);
        tt_prefetch(s->table, child_key(s, q, n->me));
        position_place(p, q, (enum stone)(n->me + 1));
        int sc = best == -INF
                     ? -negamax(s, d, n->ply + 1, -n->beta, -n->alpha, 1 - n->me)
                     : search_late_move(s, n, d, late_reduction(s, n, mp, i, quiet), best);
        position_remove(p, q);
        if (s->stopped)
            return 0;
        if (sc <= best)
            continue;
        best = sc;
        move = q;
        if (sc <= n->alpha)
            continue;
        n->alpha = sc;
        update_pv(s, n->ply, q);
        if (sc >= n->beta) {
            if (quiet)
                update_killers(&s->stack[n->ply], q);
            update_history(&s->history, n->me, q, n->depth, p->cells);
            break;
        }
    }
    *best_move = move;
    *tried = taken;
    return best;
}

/* The result for the table: a cutoff is a lower bound, a score that beat
 * alpha exact, any other an upper bound. */
static inline void store(struct search *s, const struct node *n, int best, int best_move)
{
    /* Outside a singularity test the first move is always searched. */
    assert(best > -INF && best_move >= 0);
    enum tt_bound bound = best >= n->beta ? TT_LOWER : best > n->alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(s->table, n->key, tt_score_to(best, n->ply), best_move, n->depth, bound);
}

/* The score of the node for `me` to move: exact within (alpha, beta), else
 * a bound on the side it fails. */
static int negamax(struct search *s, int depth, int ply, int alpha, int beta, int me)
{
    /* Ply 0 is the root's (search_root); the stack ends the line at MAX_PLY − 1.
     * No reduction goes past the leaves, and past them each ply is one
     * less, to −QUIESCE_PLIES at most. */
    assert(ply >= 1 && ply < MAX_PLY);
    assert(-INF <= alpha && alpha < beta && beta <= INF);
    assert(depth >= -QUIESCE_PLIES);
    assert(me == 0 || me == 1);
    struct position *p = &s->pos;
    struct ply *st = &s->stack[ply];
    st->pv_len = 0;
    if (node_stops(s))
        return 0;
    struct node n = {
        .depth = depth, .ply = ply, .alpha = alpha, .beta = beta, .me = me,
        .excluded = st->excluded,
    };
    int score;
    if (decided_by_position(s, &n, &score) || mate_distance(&n, &score))
        return score;
    n.pv_node = n.beta - n.alpha > 1;
    n.key = node_key(s, me);
    if (probe_table(s, &n, &score))
        return score;
    n.threatened = position_any_allowed(p, 1 - me, COMBO_F4);
    if (past_horizon(&n))
        return score_leaf(s, me);

    evaluate_node(s, &n);
    if (reverse_futility(s, &n))
        return n.eval;
    n.likely_high = likely_fails_high(s, &n);
    if (reduce_unordered(&n))
        n.depth--;
    if (may_be_singular(s, &n) && singular_test(s, &n, &score))
        return score;

    struct movepick mp;
    struct pick_hints h = hints(s, ply, n.forced >= 0 ? -1 : n.tt_move);
    movepick_init(&mp, p, me, n.forced, &h, st->moves);
    n.alpha0 = n.alpha;
    int best_move, tried;
    int best = search_moves(s, &n, &mp, &best_move, &tried);
    if (s->stopped)
        return 0;
    if (tried == 0) /* lost: whatever we play, an open four and then a five */
        return mp.lost ? -(WIN - ply - 4) : score_leaf(s, me);
    if (n.excluded >= 0) /* not the node's result; with no other move, a fail low */
        return best == -INF ? n.alpha0 : best;
    store(s, &n, best, best_move);
    return best;
}

/* Reports progress through the callback. */
static void report(struct search *s, int depth, int score, int best)
{
    if (s->lim->on_info == NULL)
        return;
    struct ai_info info = {
        .depth = depth,
        .score = score,
        .nodes = total_nodes(s),
        .elapsed_ms = (int)(clock_ms() - s->start_ms),
        .best = best,
    };
    const struct ply *root = &s->stack[0];
    int n = root->pv_len < 32 ? root->pv_len : 32;
    if (n == 0 && best >= 0) {
        info.pv[0] = best;
        n = 1;
    }
    else
        memcpy(info.pv, root->pv, sizeof(int) * (size_t)n);
    info.pv_len = n;
    s->lim->on_info(s->lim->ctx, &info);
}

/* The root moves searched to `depth` within (alpha, beta), the first with
 * the whole window, the rest with a null window first. Returns the best
 * score, a bound when it is at most alpha (every move failed low) or at
 * least beta (the search stops at the first such move); *best is the index
 * of the move that gave it, −1 when the search stopped before the first
 * move's result. s->stack[0].pv is that move's line. */
static int search_root(struct search *s, int me, int depth, int alpha, int beta, int *best)
{
    struct position *p = &s->pos;
    struct move *root = s->stack[0].moves;
    int score = -INF;
    assert(depth >= 1 && alpha < beta);
    *best = -1;
    for (int i = 0; i < s->root_n; i++) {
        int q = root[i].pos;
        bool reduce = i >= ROOT_REDUCE_FROM && depth >= 3 && move_is_quiet(p, me, q);
        position_place(p, q, (enum stone)(me + 1));
        int sc;
        if (i == 0) {
            sc = -negamax(s, depth - 1, 1, -beta, -alpha, 1 - me);
        } else {
            sc = reduce ? -negamax(s, depth - 2, 1, -alpha - 1, -alpha, 1 - me) : alpha + 1;
            if (sc > alpha && !s->stopped)
                sc = -negamax(s, depth - 1, 1, -alpha - 1, -alpha, 1 - me);
            if (sc > alpha && !s->stopped)
                sc = -negamax(s, depth - 1, 1, -beta, -alpha, 1 - me);
        }
        position_remove(p, q);
        if (s->stopped)
            break;
        if (sc > score) {
            score = sc;
            *best = i;
            update_pv(s, 0, q);
        }
        if (sc > alpha)
            alpha = sc;
        if (sc >= beta)
            break;
    }
    return score;
}

/* Lazy SMP: each helper skips depths in a pattern of its own (searching
 * every other depth, or two in four, ...), shifted by the stones on the
 * board, so that the threads are spread over the depths and the table's
 * results arrive ahead of the main search. */
static const int8_t skip_size[] = { 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3 };
static const int8_t skip_phase[] = { 0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5 };

static bool skips_depth(const struct search *s, int depth)
{
    if (s->id == 0)
        return false;
    int i = (s->id - 1) % (int)sizeof skip_size;
    return (depth + s->pos.b.stones + skip_phase[i]) / skip_size[i] % 2 != 0;
}

/* Moves the root move at index i to the front, the others down one. */
static void to_front(struct move *root, int i)
{
    if (i <= 0)
        return;
    struct move m = root[i];
    memmove(&root[1], &root[0], sizeof *root * (size_t)i);
    root[0] = m;
}

/* Iterative deepening over the root moves; returns the best move. From
 * ASPIRATION_DEPTH on an iteration first searches within
 * ±aspiration_window of the last one's score; the side that fails is
 * widened threefold, and past ASPIRATION_MAX opened fully. */
static int iterate(struct search *s, int me, int max_depth)
{
    struct position *p = &s->pos;
    struct move *root = s->stack[0].moves;
    int forced;
    position_decide(p, me, 0, &forced);
    bool lost;
    struct pick_hints h = hints(s, 0, -1);
    /* Sorted by score once; the best of each iteration is then moved to the
     * front. */
    int n = movepick_all(p, me, forced, &h, root, &lost);
    s->root_n = n;
    int best_move = root[0].pos, best_score = 0;
    s->best_wins = false;
    s->done_depth = 0;
    s->done_score = 0;
    if (n == 1 && forced >= 0) {
        report(s, 0, 0, best_move);
        return best_move;
    }
    s->root_n = n;
    for (int depth = 1; depth <= max_depth; depth++) {
        if (skips_depth(s, depth))
            continue;
        s->root_depth = depth;
        int last = best_score, delta = s->par.aspiration_window;
        int alpha = -INF, beta = INF;
        if (depth >= ASPIRATION_DEPTH && last > -WIN_BOUND && last < WIN_BOUND) {
            alpha = last - delta;
            beta = last + delta;
        }
        int iter_best, iter_score;
        for (;;) {
            iter_score = search_root(s, me, depth, alpha, beta, &iter_best);
            if (s->stopped)
                break;
            if (iter_score <= alpha && alpha > -INF) {
                delta *= 3;
                alpha = delta > ASPIRATION_MAX ? -INF : last - delta;
            }
            else if (iter_score >= beta && beta < INF) {
                /* A move that beat the window is the best so far. */
                to_front(root, iter_best);
                best_move = root[0].pos;
                delta *= 3;
                beta = delta > ASPIRATION_MAX ? INF : last + delta;
            }
            else
                break;
        }
        /* In a partial iteration, a move that beat the previous best (and
         * the window's floor) is trustworthy: it was searched to full
         * depth. One that only failed low is not. */
        if (iter_best >= 0 && iter_score > alpha &&
            (!s->stopped || iter_best > 0 || depth == 1)) {
            to_front(root, iter_best);
            best_move = root[0].pos;
            best_score = iter_score;
        }
        if (s->stopped)
            break;
        report(s, depth, best_score, best_move);
        s->done_depth = depth;
        s->done_score = best_score;
        if (best_score >= WIN_BOUND || best_score <= -WIN_BOUND) {
            /* Pruning may have missed the loser's defence: only a result
             * found with the loser's nodes searched at full width is final.
             * Otherwise this depth is searched again that way, whatever the
             * time: unconfirmed, the score stays big but not final. */
            bool won = best_score >= WIN_BOUND;
            int loser = won ? 1 - me : me;
            if (!s->prune[loser]) {
                s->best_wins = won;
                break;
            }
            s->prune[loser] = false;
            depth--;
            continue;
        }
        if (n == 1)
            break;
        if (s->timed) {
            timeman_iteration(&s->tm, best_move, best_score);
            s->deadline_ms = s->tm.soft_ms;
            if (!timeman_continue(&s->tm, clock_ms()))
                break;
        }
    }
    return best_move;
}

/* The search's choice `move` checked against the opponent's threat
 * sequences, which the tree is too shallow to see: the first root move, in
 * the search's order, after which the opponent has neither VCF nor VCT
 * (within the solver's budget). A move proven lost this way is never kept
 * while another is not: when the chosen move is refuted, the first other
 * move whose check ran out of nodes replaces it unless a later one is shown
 * safe in time. Keeps `move` when its own check is inconclusive, when every
 * move checked loses, or when time runs out before another is found. */
static int safe_move(struct search *s, int me, int move)
{
    struct position *p = &s->pos;
    enum stone op = (enum stone)(2 - me);
    struct move *root = s->stack[0].moves;
    int n = s->root_n < SAFETY_MOVES ? s->root_n : SAFETY_MOVES;
    int unrefuted = -1; /* the first other move whose check was inconclusive */
    uint64_t budget = timeman_slice_nodes(TIMEMAN_SAFETY, s->max_nodes);
    int64_t end = s->timed ? timeman_slice_end(&s->tm, clock_ms(), TIMEMAN_SAFETY) : 0;
    tss_set_deadline(&s->tss, end);
    for (int i = -1; i < n; i++) {
        int q = i < 0 ? move : root[i].pos;
        if (i >= 0 && q == move)
            continue;
        int reply;
        position_place(p, q, (enum stone)(me + 1));
        bool lost = tss_solve(&s->tss, p, op, false, SAFETY_VCF_DEPTH, budget, &reply);
        if (!lost && !tss_aborted(&s->tss))
            lost = tss_solve_shortest(&s->tss, p, op, true, SAFETY_VCT_DEPTH, budget, &reply);
        position_remove(p, q);
        if (lost)
            continue;
        if (!tss_aborted(&s->tss))
            return q;
        if (i < 0)
            return move;
        if (unrefuted < 0)
            unrefuted = q;
        bool out_of_time = (s->timed && clock_ms() >= end) ||
                           (s->lim->stop != NULL && atomic_load(s->lim->stop));
        if (out_of_time)
            break;
    }
    return unrefuted >= 0 ? unrefuted : move;
}

/* Before the tree, the side to move's own threat sequences: a VCF of any
 * length, then a short VCT, each within the slice of time and nodes the
 * time manager gives it (the tree gets the rest). True with *move the first
 * threat of a win found. */
static bool root_threat_win(struct search *s, enum stone side, int *move)
{
    struct position *p = &s->pos;
    int64_t now = clock_ms();
    tss_set_deadline(&s->tss, s->timed ? timeman_slice_end(&s->tm, now, TIMEMAN_ROOT_VCF) : 0);
    bool win = tss_solve_shortest(&s->tss, p, side, false, ROOT_VCF_DEPTH,
                                  timeman_slice_nodes(TIMEMAN_ROOT_VCF, s->max_nodes), move);
    if (!win) {
        tss_set_deadline(&s->tss, s->timed ? timeman_slice_end(&s->tm, now, TIMEMAN_ROOT_VCT) : 0);
        win = tss_solve_shortest(&s->tss, p, side, true, ROOT_VCT_DEPTH,
                                 timeman_slice_nodes(TIMEMAN_ROOT_VCT, s->max_nodes), move);
    }
    tss_set_deadline(&s->tss, s->timed ? s->deadline_ms : 0);
    return win;
}

/* The cell to play when nothing better is known: the best-ordered candidate,
 * or any empty cell. */
static int fallback(struct search *s, int me)
{
    int forced;
    position_decide(&s->pos, me, 0, &forced);
    bool lost;
    struct pick_hints h = hints(s, 0, -1);
    struct move *list = s->stack[0].moves;
    if (movepick_all(&s->pos, me, forced, &h, list, &lost) > 0)
        return list[0].pos;
    for (int q = 0; q < s->pos.cells; q++)
        if (s->pos.b.cell[q] == STONE_NONE)
            return q;
    return -1;
}

/* The first cell `side` may play: the answer when even the tables could not
 * be built, or the last word against an illegal choice. There is one:
 * ai_choose asks only then. */
static int first_legal(const struct board *b, enum stone side)
{
    for (int q = 0; q < board_cells(b); q++)
        if (rules_legal(b, side, q))
            return q;
    return -1; /* unreachable */
}

/* Perfect play where the tree is small: with few empty cells the exact
 * solver gets the first share of the time, and its move (the fastest win,
 * a drawing move, or the slowest loss) is played when the solve finishes.
 * False when the board is too big or the solve did not finish. */
static bool solve_exactly(struct search *s, const struct board *b, enum stone side,
                          int time_ms, int *move)
{
    if (board_cells(b) - b->stones > SOLVE_MAX_EMPTY || !solver_knows(b->rule))
        return false;
    if (s->solver == NULL && (s->solver = solver_create(SOLVER_BYTES)) == NULL)
        return false;
    struct solver_limits sl = {
        .time_ms = time_ms > 0 ? (time_ms + SOLVE_SHARE - 1) / SOLVE_SHARE : 0,
        .max_nodes = time_ms > 0 ? s->max_nodes / SOLVE_SHARE : SOLVE_UNTIMED_NODES,
        .stop = s->lim->stop,
        .exact_distance = true,
    };
    struct solver_result r;
    if (!solver_solve(s->solver, b, side, &sl, &r) || r.move < 0)
        return false;
    *move = r.move;
    s->nodes += r.nodes;
    report(s, 0, r.value.score, r.move);
    return true;
}

/* Forgets the lines of the last search: killers, exclusions, the history. */
static void forget_lines(struct search *s)
{
    for (int i = 0; i < MAX_PLY; i++) {
        struct ply *st = &s->stack[i];
        st->killer[0] = st->killer[1] = st->excluded = -1;
        st->pv_len = 0;
    }
    memset(&s->history, 0, sizeof s->history);
}

/* A helper thread: the main search's iterations on its own stack, until
 * told to stop. */
static void *help(void *arg)
{
    struct search *h = arg;
    iterate(h, h->help_me, h->help_depth);
    publish_nodes(h);
    return NULL;
}

/* Helper h, number id, set to search board b for `me` as the main search
 * s does, on s's tables, with no limit but s's word to stop. */
static void prepare_helper(struct search *s, struct search *h, int id, const struct board *b,
                           int me, int max_depth)
{
    h->id = id;
    h->main = s;
    /* Copies of the tables' headers, the entries shared: read at every
     * node, the main search's own would share cache lines with what it
     * writes at every node (its position). */
    h->pt = s->pt;
    h->tt = s->tt;
    atomic_init(&h->tt.used, true);
    h->table = &h->tt;
    h->noise = s->noise;
    h->seed = s->seed;
    h->par = s->par;
    memcpy(h->reduction, s->reduction, sizeof h->reduction);
    h->own_limits = (struct ai_limits){ .stop = &s->helpers_stop };
    h->lim = &h->own_limits;
    h->nodes = h->published = 0;
    h->check_interval = s->check_interval;
    h->next_check = h->check_interval;
    h->stopped = h->timed = false;
    h->max_nodes = 0;
    h->root_n = 0;
    h->prune[0] = h->prune[1] = true;
    h->root_recent[0] = s->root_recent[0];
    h->root_recent[1] = s->root_recent[1];
    forget_lines(h);
    position_init(&h->pos, &h->pt, b);
    h->help_me = me;
    h->help_depth = max_depth;
}

/* Starts threads − 1 helpers on the root (fewer when memory or threads
 * cannot be had: the search goes on with those it has, or alone). */
static void start_helpers(struct search *s, const struct board *b, int me, int max_depth,
                          int threads)
{
    if (threads > AI_MAX_THREADS)
        threads = AI_MAX_THREADS;
    atomic_store(&s->helpers_stop, false);
    s->helpers_running = 0;
    for (int i = 0; i < threads - 1; i++) {
        if (s->helper[i] == NULL && (s->helper[i] = calloc(1, sizeof *s->helper[i])) == NULL)
            break;
        prepare_helper(s, s->helper[i], i + 1, b, me, max_depth);
        if (pthread_create(&s->helper_thread[i], NULL, help, s->helper[i]) != 0)
            break;
        s->helpers_running++;
    }
}

/* Stops the helpers and waits for them: their nodes are then counted. */
static void stop_helpers(struct search *s)
{
    atomic_store(&s->helpers_stop, true);
    for (int i = 0; i < s->helpers_running; i++)
        pthread_join(s->helper_thread[i], NULL);
    if (s->helpers_running > 0)   /* they stored into the table */
        atomic_store(&s->tt.used, true);
    s->helpers_running = 0;
}

static int search_choose(void *state, const struct board *b, enum stone side,
                         const struct ai_limits *limits)
{
    struct search *s = state;
    /* The clock starts when the move was asked for, before the tables are
     * (re)built: that time counts. */
    s->start_ms = limits->since_ms > 0 ? limits->since_ms : clock_ms();
    if (!prepare(s, b))
        return first_legal(b, side);
    s->lim = limits;
    s->nodes = 0;
    /* Untabulated classes (large k) make a node up to a thousand times
     * dearer: read the clock at nearly every node then. */
    bool cheap = pattern_tabulated(&s->pt);
    s->check_interval = cheap ? CHECK_INTERVAL : 1;
    s->next_check = s->check_interval;
    s->stopped = false;
    s->max_nodes = limits->max_nodes;
    int time_ms = limits->time_ms;
    if (time_ms <= 0 && limits->max_depth <= 0 && limits->max_nodes == 0)
        time_ms = SEARCH_DEFAULT_TIME_MS;
    s->timed = time_ms > 0;
    if (s->timed) {
        /* Untabulated classes: nodes are coarser, the last one overshoots more. */
        timeman_start(&s->tm, s->start_ms, time_ms, limits->time_max_ms, !cheap);
        s->deadline_ms = s->tm.soft_ms;
    }
    s->root_n = 0;
    s->prune[0] = s->prune[1] = true;
    int max_depth = limits->max_depth > 0 && limits->max_depth < MAX_PLY - 8
                        ? limits->max_depth : MAX_PLY - 8;
    /* Deeper than the empty cells there is nothing more to learn. */
    if (max_depth > board_cells(b) - b->stones)
        max_depth = board_cells(b) - b->stones;
    forget_lines(s);
    atomic_store(&s->helper_nodes, 0);
    tt_new_search(&s->tt);
    tss_start(&s->tss, limits->stop, !cheap, s->timed ? s->deadline_ms : 0);

    position_init(&s->pos, &s->pt, b);
    struct position *p = &s->pos;
    int me = position_side(side);
    find_recent(s, b, side == STONE_BLACK ? STONE_WHITE : STONE_BLACK);
    int move = -1;
    bool lapse = s->oversight > 0 &&
                 rng_mix(b->hash ^ s->seed ^ LAPSE_KEY) % 1000 < (uint64_t)s->oversight;

    if (!lapse && solve_exactly(s, b, side, time_ms, &move)) {
        /* proven: nothing to add */
    } else if (b->stones == 0) {
        move = board_pos(b, b->width / 2, b->height / 2);
    } else if (out_of_budget(s)) {
        move = fallback(s, me);
    } else {
        int forced, blocks[2];
        int decided = position_decide(p, me, 0, &forced);
        if (position_any(p, me, COMBO_5)) {
            move = position_first(p, me, COMBO_5);
            report(s, 0, decided, move);
        } else if (forced >= 0 &&
                   (b->rule != RULE_CARO || position_caro_blocks(p, me, blocks) < 2)) {
            /* The only move that does not lose at once (under caro there
             * may be two: the search chooses). */
            move = forced;
            report(s, 0, decided, move);
        }
        int m;
        if (move < 0 && !lapse && root_threat_win(s, side, &m)) {
            move = m;
            report(s, 0, WIN_BOUND, move);
        }
        if (move < 0) {
            start_helpers(s, b, me, max_depth, limits->threads);
            move = iterate(s, me, max_depth);
            stop_helpers(s);
            if (!s->best_wins && !lapse) {
                move = safe_move(s, me, move);
                report(s, s->done_depth, s->done_score, move);
            }
        }
    }
    if (!rules_legal(b, side, move))
        move = first_legal(b, side);
    s->have_after = move >= 0; /* always, through ai_choose */
    if (s->have_after) {
        s->after = *b;
        board_place(&s->after, move, side);
        s->after_move = move;
    }
    const struct ply *root = &s->stack[0];
    s->expect = root->pv_len >= 2 && root->pv[0] == move ? root->pv[1] : -1;
    return move;
}

/* Thinking on the opponent's time: the position after the reply the last
 * search expected, when b is the board it left and the reply can be
 * played there; else b itself, from the opponent's side (its replies are
 * the positions to come). Searched without a limit until the stop, the
 * result only kept in the tables: what the search remembers of the move it
 * played (for the next call's last stones and the ponder after it) stays. */
static void search_ponder(void *state, const struct board *b, enum stone side,
                          const struct ai_limits *limits)
{
    struct search *s = state;
    enum stone other = side == STONE_BLACK ? STONE_WHITE : STONE_BLACK;
    struct board pos = *b;
    enum stone mover = other;
    const struct board *a = &s->after;
    bool left = s->have_after && a->width == b->width && a->height == b->height &&
                a->stones == b->stones && a->hash == b->hash;
    if (left && s->expect >= 0 && rules_legal(b, other, s->expect)) {
        board_place(&pos, s->expect, other);
        if (rules_is_win(&pos, s->expect, NULL))
            return;
        mover = side;
    }
    if (board_full(&pos) || !rules_has_legal_move(&pos, mover))
        return;
    struct board after = s->after;
    int after_move = s->after_move, expect = s->expect;
    bool have_after = s->have_after;
    struct ai_limits l = { .max_depth = MAX_PLY, .threads = limits->threads,
                           .stop = limits->stop, .on_info = limits->on_info,
                           .ctx = limits->ctx };
    search_choose(s, &pos, mover, &l);
    s->after = after;
    s->after_move = after_move;
    s->expect = expect;
    s->have_after = have_after;
}

static void search_prepare(void *state, const struct board *b)
{
    prepare(state, b);
}

const struct ai_strategy ai_search = {
    .name = "search",
    .summary = "alpha-beta search with threat-space search (strongest)",
    .create = search_create,
    .destroy = search_destroy,
    .reset = search_reset,
    .choose = search_choose,
    .prepare = search_prepare,
    .resize = search_resize,
    .table_bytes = search_table_bytes,
    .ponder = search_ponder,
};
