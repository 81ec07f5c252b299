/* solver.c — exhaustive alpha-beta to the end of the game; see solver.h.
 *
 * The position is tracked as windows: every run of k cells along a line.
 * For each window and side we keep how many of that side's stones it holds
 * (own) and how many things stop that side from ever filling it (block: the
 * other side's stones inside and, under the exact rule, that side's own
 * stones on the two cells just beyond its ends, which would make the run an
 * overline). A window is live for a side while its block count is zero, and
 * the side wins exactly when one of its live windows is full: under freestyle
 * because any run of k or more holds a full window, under exact because a
 * full window whose two neighbours are not the same colour is a run of
 * exactly k. need[side][n] counts the side's live windows missing n stones,
 * which gives at once a win (n = 0), the threats to win next move (n = 1),
 * and the fastest either side could still complete a line — from which come
 * the early draw and bounds on the distance to the end.
 *
 * The search is negamax over distance-encoded scores (see solver.h), each
 * relative to the node it belongs to, so a stored score never depends on the
 * path that reached the position; the game has no repetitions, so a value is
 * a property of the position alone. Scores convert between a child and its
 * parent by to_parent(); windows by to_child(). The root first settles the
 * outcome with a window around the draw (pass 1: one win, or one move
 * holding the draw, ends the question fast), then, if asked, the distance of
 * a win or loss (pass 2).
 *
 * Transposition keys are canonical over the board's symmetries (8 on a
 * square, 4 on a rectangle): the smallest of the Zobrist hashes of the board
 * seen through each symmetry, all kept up to date incrementally; the identity
 * is the board's own hash. Stored best moves are in the canonical frame.
 */
#include "engine/solver.h"
#include "engine/tt.h"

#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"
#include "mnk/rules.h"

#define WIN AI_SCORE_WIN
#define INF (AI_SCORE_WIN + 1)

#define MAX_WINDOWS (4 * BOARD_MAX_CELLS)
#define MAX_CELL_WINDOWS (4 * BOARD_MAX_SIDE)
#define MAX_SYMS 8
/* Moves of every node on the current path: at most cells + (cells - 1) + ... */
#define STACK_SIZE (BOARD_MAX_CELLS * (BOARD_MAX_CELLS + 1) / 2)
/* Work between two looks at the clock and the stop flag, in nodes times
 * cells (a node costs about one pass over the cells): some 100 µs. */
#define CHECK_WORK 16384


/* The solver's own table of results, apart from the search's (engine/tt.h),
 * whose bounds it shares: exact values want other keeping than depths do.
 * A bucket holds a few entries, and the one kept longest is the one whose
 * result cost the most nodes; keys are canonical under the board's
 * symmetries, so a move is kept in the canonical frame. */
struct table_entry {
    uint64_t key;
    int32_t score;
    uint16_t move;   /* in the canonical frame */
    uint8_t bound;   /* enum tt_bound; TT_NONE marks an empty slot */
    uint8_t work;    /* log2 of the nodes spent: what a slot is worth keeping */
};

#define TABLE_WAYS 4
struct table_bucket {
    struct table_entry slot[TABLE_WAYS];
};

/* Per window and side (0 Black, 1 White). */
struct window {
    uint8_t own[2];
    uint8_t block[2];
};

struct solver {
    struct table_bucket *table;
    size_t mask;                /* buckets - 1, buckets a power of two */
    bool dirty;                 /* something was stored since the last clear */

    /* The geometry of the boards being solved, rebuilt when it changes. */
    bool ready;
    int width, height, k, cells;
    enum rule rule;
    int nwin;
    int16_t win_first[MAX_WINDOWS];
    int16_t win_step[MAX_WINDOWS];
    uint8_t cell_nwin[BOARD_MAX_CELLS];  /* windows holding the cell */
    uint16_t cell_win[BOARD_MAX_CELLS][MAX_CELL_WINDOWS];
    uint8_t end_nwin[BOARD_MAX_CELLS];   /* windows the cell is just beyond (exact) */
    uint16_t end_win[BOARD_MAX_CELLS][8];
    int nsym;
    int16_t sym[MAX_SYMS][BOARD_MAX_CELLS];  /* image of each cell */
    int16_t inv[MAX_SYMS][BOARD_MAX_CELLS];
    uint64_t symzob[MAX_SYMS][BOARD_MAX_CELLS][2];
    int16_t order[BOARD_MAX_CELLS];      /* cells on most lines, centre first */
    int weight[BOARD_MAX_SIDE + 1];      /* move ordering: a live window by own stones */

    /* The position being searched. */
    struct board board;
    uint64_t symhash[MAX_SYMS];          /* [0] unused: board.hash */
    struct window win[MAX_WINDOWS];
    int need[2][BOARD_MAX_SIDE + 1];     /* live windows by stones missing */

    /* The search under way. */
    uint64_t nodes;
    uint64_t max_nodes;
    int64_t start_ms, deadline_ms, next_tick_ms;
    int countdown;
    bool aborted;
    const struct solver_limits *limits;
    struct solver_progress now;          /* root move being searched, for ticks */
    int sp;
    int16_t stack[STACK_SIZE];
};

/* --- scores ------------------------------------------------------------- */

/* A child's score seen from its parent: the sign flips and a decided game is
 * one ply further away. */
static inline int to_parent(int c)
{
    return c > 0 ? 1 - c : c < 0 ? -1 - c : 0;
}

/* The inverse of to_parent(), for window bounds: the parent's score exceeds
 * x exactly when the child's is below to_child(x). */
static inline int to_child(int x)
{
    return x > 0 ? -1 - x : x < 0 ? 1 - x : 0;
}

/* --- geometry ----------------------------------------------------------- */

static void map_cell(const struct solver *s, int t, int x, int y, int *ox, int *oy)
{
    int w = s->width - 1, h = s->height - 1;
    switch (t) {
    case 0: *ox = x;     *oy = y;     break;
    case 1: *ox = w - x; *oy = y;     break;
    case 2: *ox = x;     *oy = h - y; break;
    case 3: *ox = w - x; *oy = h - y; break;
    /* Transpositions, square boards only. */
    case 4: *ox = y;     *oy = x;     break;
    case 5: *ox = w - y; *oy = x;     break;
    case 6: *ox = y;     *oy = h - x; break;
    default: *ox = w - y; *oy = h - x; break;
    }
}

/* Orders cells for move generation: more windows first, then nearer the
 * centre, then by index, so that ties are broken the same on every run. */
static int cell_rank(const struct solver *s, int pos)
{
    int x = board_x(&s->board, pos), y = board_y(&s->board, pos);
    int dx = 2 * x - (s->width - 1), dy = 2 * y - (s->height - 1);
    int dist = abs(dx) + abs(dy);
    return s->cell_nwin[pos] * 4096 - dist;
}

static void build_geometry(struct solver *s, const struct board *b)
{
    s->width = b->width;
    s->height = b->height;
    s->k = b->win;
    s->rule = b->rule;
    s->cells = board_cells(b);
    s->board = *b;
    int k = s->k, w = s->width;

    memset(s->cell_nwin, 0, sizeof s->cell_nwin);
    memset(s->end_nwin, 0, sizeof s->end_nwin);
    s->nwin = 0;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1];
        for (int y = 0; y < s->height; y++) {
            for (int x = 0; x < w; x++) {
                if (!board_inside(b, x + (k - 1) * dx, y + (k - 1) * dy))
                    continue;
                int id = s->nwin++;
                s->win_first[id] = (int16_t)board_pos(b, x, y);
                s->win_step[id] = (int16_t)(dy * w + dx);
                for (int i = 0; i < k; i++) {
                    int p = board_pos(b, x + i * dx, y + i * dy);
                    s->cell_win[p][s->cell_nwin[p]++] = (uint16_t)id;
                }
                if (rule_info(s->rule)->overline_wins[0])
                    continue;  /* nothing past a window counts */
                if (board_inside(b, x - dx, y - dy)) {
                    int p = board_pos(b, x - dx, y - dy);
                    s->end_win[p][s->end_nwin[p]++] = (uint16_t)id;
                }
                if (board_inside(b, x + k * dx, y + k * dy)) {
                    int p = board_pos(b, x + k * dx, y + k * dy);
                    s->end_win[p][s->end_nwin[p]++] = (uint16_t)id;
                }
            }
        }
    }

    s->nsym = s->width == s->height ? 8 : 4;
    for (int t = 0; t < s->nsym; t++) {
        for (int p = 0; p < s->cells; p++) {
            int ox, oy;
            map_cell(s, t, board_x(b, p), board_y(b, p), &ox, &oy);
            int q = board_pos(b, ox, oy);
            s->sym[t][p] = (int16_t)q;
            s->inv[t][q] = (int16_t)p;
            s->symzob[t][p][0] = board_zobrist(q, STONE_BLACK);
            s->symzob[t][p][1] = board_zobrist(q, STONE_WHITE);
        }
    }

    /* Insertion sort by rank: boards are small and this runs once. */
    for (int i = 0; i < s->cells; i++) {
        int j = i, r = cell_rank(s, i);
        for (; j > 0 && cell_rank(s, s->order[j - 1]) < r; j--)
            s->order[j] = s->order[j - 1];
        s->order[j] = (int16_t)i;
    }

    /* A window nearer completion matters much more; capped to stay in int
     * when summed over the windows of a cell. */
    for (int n = 0; n <= k; n++)
        s->weight[n] = 1 << (n < 10 ? 2 * n : 20);
    s->ready = true;
}

/* --- the position ------------------------------------------------------- */

/* Accounts for a stone of side `si` (0/1) on `pos` in the windows, the need
 * counts and the symmetric hashes. The board itself is updated apart. */
static inline void windows_add(struct solver *s, int pos, int si)
{
    int oi = 1 - si, k = s->k;
    for (int t = 1; t < s->nsym; t++)
        s->symhash[t] ^= s->symzob[t][pos][si];
    const uint16_t *ws = s->cell_win[pos];
    for (int i = 0, n = s->cell_nwin[pos]; i < n; i++) {
        struct window *w = &s->win[ws[i]];
        if (w->block[si] == 0) {
            s->need[si][k - w->own[si]]--;
            s->need[si][k - w->own[si] - 1]++;
        }
        w->own[si]++;
        if (w->block[oi]++ == 0)
            s->need[oi][k - w->own[oi]]--;
    }
    const uint16_t *es = s->end_win[pos];
    for (int i = 0, n = s->end_nwin[pos]; i < n; i++) {
        struct window *w = &s->win[es[i]];
        if (w->block[si]++ == 0)
            s->need[si][k - w->own[si]]--;
    }
}

/* Undoes windows_add(s, pos, si). */
static inline void windows_remove(struct solver *s, int pos, int si)
{
    int oi = 1 - si, k = s->k;
    for (int t = 1; t < s->nsym; t++)
        s->symhash[t] ^= s->symzob[t][pos][si];
    const uint16_t *ws = s->cell_win[pos];
    for (int i = 0, n = s->cell_nwin[pos]; i < n; i++) {
        struct window *w = &s->win[ws[i]];
        w->own[si]--;
        if (w->block[si] == 0) {
            s->need[si][k - w->own[si] - 1]--;
            s->need[si][k - w->own[si]]++;
        }
        if (--w->block[oi] == 0)
            s->need[oi][k - w->own[oi]]++;
    }
    const uint16_t *es = s->end_win[pos];
    for (int i = 0, n = s->end_nwin[pos]; i < n; i++) {
        struct window *w = &s->win[es[i]];
        if (--w->block[si] == 0)
            s->need[si][k - w->own[si]]++;
    }
}

static inline void make(struct solver *s, int pos, int si)
{
    board_place(&s->board, pos, (enum stone)(si + 1));
    windows_add(s, pos, si);
}

static inline void unmake(struct solver *s, int pos, int si)
{
    board_remove(&s->board, pos);
    windows_remove(s, pos, si);
}

static void load(struct solver *s, const struct board *b)
{
    s->board = *b;
    memset(s->win, 0, sizeof s->win[0] * (size_t)s->nwin);
    memset(s->need, 0, sizeof s->need);
    memset(s->symhash, 0, sizeof s->symhash);
    s->need[0][s->k] = s->need[1][s->k] = s->nwin;
    for (int p = 0; p < s->cells; p++)
        if (board_at(b, p) != STONE_NONE)
            windows_add(s, p, board_at(b, p) - 1);
}

/* The fewest stones side `si` still needs for a line, if it can get them
 * within `moves` moves of its own; 0 when it cannot win any more. */
static inline int min_need(const struct solver *s, int si, int moves)
{
    int top = moves < s->k ? moves : s->k;
    for (int n = 1; n <= top; n++)
        if (s->need[si][n] != 0)
            return n;
    return 0;
}

/* The distinct cells where side `si` would complete a line, at most `max`
 * of them, into out. */
static int threat_cells(const struct solver *s, int si, int16_t *out, int max)
{
    int n = 0, left = s->need[si][1];
    for (int id = 0; id < s->nwin && left > 0; id++) {
        const struct window *w = &s->win[id];
        if (w->block[si] != 0 || w->own[si] != s->k - 1)
            continue;
        left--;
        int p = s->win_first[id];
        while (board_at(&s->board, p) != STONE_NONE)
            p += s->win_step[id];
        int j = 0;
        while (j < n && out[j] != p)
            j++;
        if (j == n) {
            out[n++] = (int16_t)p;
            if (n == max)
                break;
        }
    }
    return n;
}

/* The canonical key of the position with side `si` to move, and the
 * symmetry that maps the board onto its canonical form. */
static inline uint64_t canonical_key(const struct solver *s, int si, int *sym)
{
    uint64_t key = s->board.hash;
    int best = 0;
    for (int t = 1; t < s->nsym; t++) {
        if (s->symhash[t] < key) {
            key = s->symhash[t];
            best = t;
        }
    }
    *sym = best;
    return si == 1 ? key ^ BOARD_KEY_WHITE_TO_MOVE : key;
}

/* Whether a stone just beyond the ends of live windows, under exact, would
 * change them. */
static bool cell_ends_live(const struct solver *s, int pos)
{
    const uint16_t *es = s->end_win[pos];
    for (int i = 0, n = s->end_nwin[pos]; i < n; i++) {
        const struct window *w = &s->win[es[i]];
        if (w->block[0] == 0 || w->block[1] == 0)
            return true;
    }
    return false;
}

/* The moves worth trying for side `si`, best first, into moves; returns how
 * many. `first` (a move from the table, or -1) leads. Order: the lines a cell
 * would extend for either side, weighted by how full they are, the mover's
 * own twice (measured: it proves both wins and draws with fewer nodes on
 * most boards; tilting it further, or towards defence, costs more).
 *
 * A cell in no live window (nor, under exact, just beyond one) can never
 * matter: a stone there changes nothing but the number of moves left, so
 * all such cells are equivalent and the first stands for all. */
static int generate(const struct solver *s, int si, int16_t *moves, int first)
{
    int oi = 1 - si, n = 0;
    int score[BOARD_MAX_CELLS];
    bool idle = false;
    for (int i = 0; i < s->cells; i++) {
        int p = s->order[i];
        if (board_at(&s->board, p) != STONE_NONE)
            continue;
        int sc = 0;
        const uint16_t *ws = s->cell_win[p];
        for (int j = 0, m = s->cell_nwin[p]; j < m; j++) {
            const struct window *w = &s->win[ws[j]];
            if (w->block[si] == 0)
                sc += 2 * s->weight[w->own[si]];
            if (w->block[oi] == 0)
                sc += s->weight[w->own[oi]];
        }
        if (sc == 0 && !cell_ends_live(s, p)) {
            if (idle)
                continue;
            idle = true;
        }
        if (p == first)
            sc = INT32_MAX;
        int j = n++;
        for (; j > 0 && score[j - 1] < sc; j--) {
            score[j] = score[j - 1];
            moves[j] = moves[j - 1];
        }
        score[j] = sc;
        moves[j] = (int16_t)p;
    }
    return n;
}

/* --- transposition table ------------------------------------------------ */

static const struct table_entry *table_probe(const struct solver *s, uint64_t key)
{
    const struct table_bucket *b = &s->table[key & s->mask];
    for (int i = 0; i < TABLE_WAYS; i++)
        if (b->slot[i].key == key && b->slot[i].bound != TT_NONE)
            return &b->slot[i];
    return NULL;
}

static void table_store(struct solver *s, uint64_t key, int score, enum tt_bound bound,
                     int move, uint64_t nodes)
{
    struct table_bucket *b = &s->table[key & s->mask];
    struct table_entry *victim = &b->slot[0];
    for (int i = 0; i < TABLE_WAYS; i++) {
        struct table_entry *e = &b->slot[i];
        if (e->key == key || e->bound == TT_NONE) {
            victim = e;
            break;
        }
        if (e->work < victim->work)
            victim = e;
    }
    int work = 0;
    while (nodes >>= 1)
        work++;
    s->dirty = true;
    victim->key = key;
    victim->score = score;
    victim->bound = (uint8_t)bound;
    victim->move = (uint16_t)move;
    victim->work = (uint8_t)work;
}

/* --- search ------------------------------------------------------------- */

static bool out_of_budget(struct solver *s)
{
    if (s->aborted)
        return true;
    if (s->max_nodes != 0 && s->nodes >= s->max_nodes)
        return s->aborted = true;
    if (--s->countdown > 0)
        return false;
    s->countdown = CHECK_WORK / s->cells + 1;
    const struct solver_limits *l = s->limits;
    if (l->stop != NULL && atomic_load_explicit(l->stop, memory_order_relaxed))
        return s->aborted = true;
    int64_t now = clock_ms();
    if (s->deadline_ms != 0 && now >= s->deadline_ms)
        return s->aborted = true;
    if (l->on_progress != NULL && l->tick_ms > 0 && now >= s->next_tick_ms) {
        s->next_tick_ms = now + l->tick_ms;
        s->now.event = SOLVER_TICK;
        s->now.nodes = s->nodes;
        s->now.elapsed_ms = now - s->start_ms;
        l->on_progress(l->ctx, &s->now);
    }
    return false;
}

/* The value of the position for side `si` to move, within (alpha, beta):
 * exact inside, an upper bound when <= alpha, a lower bound when >= beta.
 * The side that moved last has not won. Meaningless once s->aborted. */
static int search(struct solver *s, int si, int alpha, int beta)
{
    if (out_of_budget(s))
        return 0;
    s->nodes++;
    int oi = 1 - si;
    if (s->need[si][1] != 0)
        return WIN - 1;
    int empty = s->cells - s->board.stones;
    /* Whoever cannot fill a line with the moves left cannot win; one who
     * can needs at least 2n - 1 plies (the side to move) or 2n (the other). */
    int mine = min_need(s, si, (empty + 1) / 2);
    int theirs = min_need(s, oi, empty / 2);
    int hi = mine != 0 ? WIN - (2 * mine - 1) : 0;
    int lo = theirs != 0 ? -(WIN - 2 * theirs) : 0;
    if (lo == hi)
        return 0;
    if (hi <= alpha)
        return hi;
    if (lo >= beta)
        return lo;

    int16_t *moves = &s->stack[s->sp];
    int n;
    uint64_t key = 0;
    int sym = 0;
    bool use_tt = true;
    if (theirs == 1) {
        /* The opponent wins next move unless stopped: two threats cannot
         * both be stopped, one leaves a single move. */
        if (threat_cells(s, oi, moves, 2) == 2)
            return -(WIN - 2);
        n = 1;
        use_tt = false;
    } else {
        key = canonical_key(s, si, &sym);
        const struct table_entry *e = table_probe(s, key);
        int first = -1;
        if (e != NULL) {
            int v = e->score;
            if (e->bound == TT_EXACT)
                return v;
            if (e->bound == TT_LOWER) {
                if (v >= beta)
                    return v;
                if (v > lo)
                    lo = v;
            } else {
                if (v <= alpha)
                    return v;
                if (v < hi)
                    hi = v;
            }
            first = s->inv[sym][e->move];
        }
        if (lo >= hi)
            return lo;
        n = generate(s, si, moves, first);
    }

    int a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    int best = -INF, best_move = moves[0];
    uint64_t nodes_before = s->nodes;
    s->sp += n;
    for (int i = 0; i < n; i++) {
        int m = moves[i];
        make(s, m, si);
        int v = to_parent(search(s, oi, to_child(b), to_child(a)));
        unmake(s, m, si);
        if (s->aborted)
            break;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > a) {
                a = v;
                if (a >= b)
                    break;
            }
        }
    }
    s->sp -= n;
    if (s->aborted)
        return 0;
    /* lo and hi were proven before the children were searched. */
    if (best < lo)
        best = lo;
    if (best > hi)
        best = hi;
    if (use_tt) {
        enum tt_bound bound = best <= alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
        table_store(s, key, best, bound, s->sym[sym][best_move], s->nodes - nodes_before);
    }
    return best;
}

/* --- the root ----------------------------------------------------------- */

static void report(struct solver *s, enum solver_event event)
{
    const struct solver_limits *l = s->limits;
    if (l->on_progress == NULL)
        return;
    s->now.event = event;
    s->now.nodes = s->nodes;
    s->now.elapsed_ms = clock_ms() - s->start_ms;
    l->on_progress(l->ctx, &s->now);
}

/* The value of root move m for side si, within (alpha, beta). */
static int root_child(struct solver *s, int m, int si, int alpha, int beta)
{
    make(s, m, si);
    int v = s->need[si][0] != 0 ? WIN - 1
                                : to_parent(search(s, 1 - si, to_child(beta), to_child(alpha)));
    unmake(s, m, si);
    return v;
}

/* The root moves for side si, best first, one per class of moves that the
 * symmetries of the position map onto each other. */
static int root_moves(struct solver *s, int si, int16_t *moves)
{
    int n;
    if (s->need[si][1] != 0) {
        n = threat_cells(s, si, moves, 1);
    } else if (s->need[1 - si][1] != 0) {
        n = threat_cells(s, 1 - si, moves, s->cells);
    } else {
        int sym, first = -1;
        const struct table_entry *e = table_probe(s, canonical_key(s, si, &sym));
        if (e != NULL)
            first = s->inv[sym][e->move];
        n = generate(s, si, moves, first);
    }

    int stab[MAX_SYMS], nstab = 0;
    for (int t = 1; t < s->nsym; t++) {
        int p = 0;
        while (p < s->cells && s->board.cell[s->sym[t][p]] == s->board.cell[p])
            p++;
        if (p == s->cells)
            stab[nstab++] = t;
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        bool twin = false;
        for (int j = 0; j < nstab && !twin; j++)
            for (int q = 0; q < kept && !twin; q++)
                twin = moves[q] == s->sym[stab[j]][moves[i]];
        if (!twin)
            moves[kept++] = moves[i];
    }
    return kept;
}

/* Searches root moves[0..n) within (alpha, beta) for pass `pass`, keeping
 * the best in *best / *best_move; values[i] gets each move's value. Returns
 * the index of the move it was searching when the budget ran out, or n. */
static int root_pass(struct solver *s, int pass, int si, const int16_t *moves, int n,
                     int alpha, int beta, int *best, int *best_move,
                     struct solver_value *values)
{
    s->now.pass = pass;
    s->now.count = n;
    for (int i = 0; i < n; i++) {
        s->now.move = moves[i];
        s->now.index = i;
        report(s, SOLVER_ROOT_START);
        int v = root_child(s, moves[i], si, alpha, beta);
        if (s->aborted)
            return i;
        values[i].score = v;
        values[i].bound = v <= alpha ? SOLVER_AT_MOST : v >= beta ? SOLVER_AT_LEAST
                                                                  : SOLVER_EXACT;
        s->now.value = values[i];
        report(s, SOLVER_ROOT_DONE);
        if (v > *best) {
            *best = v;
            *best_move = moves[i];
        }
        if (v > alpha) {
            alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    return n;
}

bool solver_solve(struct solver *s, const struct board *b, enum stone to_move,
                  const struct solver_limits *limits, struct solver_result *out)
{
    static const struct solver_limits none = { 0 };
    if (limits == NULL)
        limits = &none;
    s->start_ms = clock_ms();
    s->deadline_ms = limits->time_ms > 0 ? s->start_ms + limits->time_ms : 0;
    s->next_tick_ms = s->start_ms + limits->tick_ms;
    s->max_nodes = limits->max_nodes;
    s->limits = limits;
    s->nodes = 0;
    s->countdown = 1;
    s->aborted = false;
    s->sp = 0;
    memset(&s->now, 0, sizeof s->now);

    if (!s->ready || s->width != b->width || s->height != b->height || s->k != b->win ||
        s->rule != b->rule) {
        build_geometry(s, b);
        solver_clear(s);
    }
    load(s, b);

    int si = to_move - 1, oi = 1 - si;
    memset(out, 0, sizeof *out);
    out->move = -1;
    if (!solver_knows(b->rule)) {
        out->value = (struct solver_value){ -WIN, SOLVER_AT_LEAST };
        for (int i = 0; i < s->cells && out->move < 0; i++)
            if (board_at(b, s->order[i]) == STONE_NONE)
                out->move = s->order[i];
        out->elapsed_ms = clock_ms() - s->start_ms;
        return false;
    }
    out->complete = true;
    out->value.bound = SOLVER_EXACT;
    if (s->need[oi][0] != 0 || s->need[si][0] != 0 || board_full(b)) {
        out->value.score = s->need[oi][0] != 0 ? -WIN : s->need[si][0] != 0 ? WIN : 0;
        return true;
    }

    int16_t *moves = s->stack;
    int n = root_moves(s, si, moves);
    s->sp = n;
    struct solver_value values[BOARD_MAX_CELLS];

    /* Pass 1: the outcome. With the window (-1, 1) the first move is
     * searched for its outcome; once one draws, the others need only be
     * shown not to win; once one wins, nothing else matters. */
    int best = -INF, best_move = moves[0];
    int stopped = root_pass(s, 1, si, moves, n, -1, 1, &best, &best_move, values);
    if (stopped < n) {
        /* A move of unknown value beats one proven lost. */
        out->move = best >= 0 ? best_move : moves[stopped];
        out->value.score = best >= 0 ? best : -WIN;
        out->value.bound = SOLVER_AT_LEAST;
        out->complete = false;
    } else {
        out->move = best_move;
        out->value.score = best;
        out->value.bound = best > 0 ? SOLVER_AT_LEAST : best < 0 ? SOLVER_AT_MOST
                                                                 : SOLVER_EXACT;
        if (limits->exact_distance && best != 0) {
            /* Pass 2: the fastest win, or the slowest loss. The move found in
             * pass 1 goes first: its exact value is a good bound for the rest. */
            for (int i = 0; i < n; i++) {
                if (moves[i] == best_move) {
                    moves[i] = moves[0];
                    moves[0] = (int16_t)best_move;
                }
            }
            int best2 = -INF, move2 = best_move;
            int alpha = best > 0 ? 0 : -INF, beta = best > 0 ? INF : 0;
            if (root_pass(s, 2, si, moves, n, alpha, beta, &best2, &move2, values) == n) {
                out->move = move2;
                out->value.score = best2;
                out->value.bound = SOLVER_EXACT;
            } else {
                /* The first move searched is pass 1's, and every later one
                 * that replaced it was proven better. */
                out->complete = false;
                out->move = move2;
            }
        }
    }
    out->nodes = s->nodes;
    out->elapsed_ms = clock_ms() - s->start_ms;
    return out->complete;
}

struct solver *solver_create(size_t memory)
{
    struct solver *s = malloc(sizeof *s);
    if (s == NULL)
        return NULL;
    size_t buckets = 1;
    while (buckets * 2 * sizeof(struct table_bucket) <= memory)
        buckets *= 2;
    s->table = calloc(buckets, sizeof *s->table);
    if (s->table == NULL) {
        free(s);
        return NULL;
    }
    s->mask = buckets - 1;
    s->dirty = false;
    s->ready = false;
    return s;
}

void solver_destroy(struct solver *s)
{
    if (s == NULL)
        return;
    free(s->table);
    free(s);
}

void solver_clear(struct solver *s)
{
    /* A fresh table is still all zero from calloc; not touching it leaves
     * the pages unmapped until the search needs them. */
    if (s->dirty)
        memset(s->table, 0, (s->mask + 1) * sizeof *s->table);
    s->dirty = false;
}
