/* threat.c — the `threat` strategy: one-ply shape evaluation of every cell.
 *
 * For each empty cell, each side and each of the four directions it asks what
 * a stone there would make along that line, by looking at the windows of k
 * cells through the cell that hold no opposing stone (under exact, also no own
 * stone just outside the window, since filling it would make an overline;
 * under caro, no opposing stones at both ends of the run filling it would
 * make, the edge blocking nothing). Counting stones per window rather than
 * following runs is what makes split shapes (XX_X, X_X_X, XX_XX) count as
 * what they are.
 *
 * The shape of a line, with m the most own stones in one such window:
 *   m = k       a win;
 *   m = k - 1   a four: open when two or more different cells would complete
 *               it and no one block stops them all (under caro a stone past
 *               the far end of one five can also block another's), closed
 *               otherwise;
 *   m = k - 2   a three: open when one more stone can make an open four;
 *   lower       no shape of its own, only windows to grow in.
 * The cell's score for a side is the sum over directions of the value of
 * its four or three, which falls by a factor 8 for each missing stone (a
 * closed shape counting as an open one a stone shorter), plus the value of
 * every window three or more stones short, by the same factor 8 per stone:
 * so twos and single stones are worth their room to grow, which draws play
 * next to stones and to the centre. Attack weighs 6 to defence's 5.
 *
 * Hard rules, in order: complete an own win; block the opponent's win (under
 * caro with a stone that leaves it none, which may lie past a five's far
 * end); make
 * an unstoppable double threat (open four, two fours); make a four and an
 * open three; make two open threes unless the opponent has a four-based
 * double threat to answer with; otherwise, if the opponent has cells making
 * double threats, play the move that leaves the least danger among them
 * (open-four-like cells count most, then four-three, then three-three; a
 * four whose forced reply is not one of them buys the tempo to block one
 * more, a four whose forced reply is one of them is avoided); otherwise the
 * best score. Ties go to a seeded random choice among the equal best.
 *
 * All state lives in the struct allocated by create(); choose() allocates
 * nothing. A move is one pass over the empty cells reading four lines each
 * (plus, when defending, a rescan of the lines through the threatened cells).
 */
#include <stdint.h>
#include <stdlib.h>

#include "engine/pattern.h"
#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* What one direction through a cell makes for one side. */
enum kind {
    KIND_NONE,   /* below a three */
    KIND_THREE,  /* closed three */
    KIND_OPEN3,
    KIND_FOUR,   /* closed four: exactly one completing cell */
    KIND_OPEN4,  /* two or more completing cells */
    KIND_WIN,
};

/* What a stone on a cell makes for one side, over the four directions. */
enum threat {
    THREAT_NONE,
    THREAT_33,    /* two open threes */
    THREAT_43,    /* a four and an open three */
    THREAT_WON,   /* an open four or two fours: wins unless a win is pending */
    THREAT_FIVE,  /* a win on the spot */
};

struct shape {
    enum kind kind;
    int64_t value;
    int reply;     /* for KIND_FOUR: the one completing cell */
};

struct cell_eval {
    int64_t score;         /* the side's value of a stone here */
    enum threat threat;
    int reply;             /* completing cell of its four, -1 if none */
    uint8_t kind[4];       /* enum kind per direction */
};

struct threat_state {
    struct rng rng;
    struct board scratch;  /* b with trial stones, for the defence tiers */
    struct cell_eval eval[2][BOARD_MAX_CELLS];  /* [side - 1][pos] */
    int dt[BOARD_MAX_CELLS];                    /* opponent double-threat cells */
    int fives[BOARD_MAX_CELLS];                 /* opponent five cells */
};

static int popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    int n = 0;
    for (; v != 0; v &= v - 1)
        n++;
    return n;
#endif
}

static int lowest_bit(uint64_t v)
{
    int i = 0;
    while (!(v & 1)) {
        v >>= 1;
        i++;
    }
    return i;
}

/* The value of a four or a three with `missing` (1 or 2) stones to a win: a
 * factor 8 less for each missing stone, and a closed shape is worth an open
 * one a stone shorter (a closed four as much as an open three). */
static int64_t shape_base(int missing, bool open)
{
    int steps = missing + (open ? 0 : 1);   /* 1 = open four */
    return (int64_t)1 << (3 * (10 - steps));
}

/* The value of one window still `missing` (3 or more) stones short: four
 * windows holding a two are worth a closed three, and each stone less is a
 * factor 8, down to a floor of 1 that still counts the room. */
static int64_t window_value(int missing)
{
    return missing >= 9 ? 1 : (int64_t)1 << (3 * (10 - missing) - 2);
}

/* The cells at offsets -k..k from pos along direction d, as bit masks with
 * bit i + k for offset i: line[STONE_BLACK] and line[STONE_WHITE] hold the
 * stones, line[STONE_NONE] the first offset off the board each way (the
 * bit of pos itself is never set). One read (pattern_read_line, as Black
 * sees the line) serves both sides: beyond a cell a window may not use,
 * nothing matters to pos. */
static void line_read(const struct board *b, int pos, int d, uint64_t line[3])
{
    const int k = b->win;
    uint8_t cells[2][PATTERN_LINE_MAX];
    pattern_read_line(b, pos, d, k, cells);
    line[0] = line[1] = line[2] = 0;
    for (int sgn = -1; sgn <= 1; sgn += 2)
        for (int i = 1; i <= k; i++) {
            int at = k + sgn * i;
            uint64_t bit = (uint64_t)1 << at;
            if (cells[0][at] == LINE_WALL) {
                line[STONE_NONE] |= bit;
                break;
            }
            if (cells[0][at] == LINE_OWN)
                line[STONE_BLACK] |= bit;
            else if (cells[0][at] == LINE_BLOCKED)
                line[STONE_WHITE] |= bit;
        }
}

/* Under caro, whether filling the window of bits lo .. lo + k − 1 (offsets
 * lo − k ..), making the own stones `filled`, leaves a run blocked at both
 * ends by the opponent's stones, which wins nothing; the edge blocks
 * nothing, nor does a run that reaches past the cells read. When it is not,
 * *stop (if not NULL) receives the bit of the run's open end when its other
 * end is the opponent's (a stone there would block it), else −1. */
static bool caro_dead(int k, uint64_t filled, uint64_t opp, uint64_t edge, int lo, int *stop)
{
    uint64_t read = ((uint64_t)1 << (2 * k + 1)) - 1;
    uint64_t below = ~filled & (((uint64_t)1 << lo) - 1);
    uint64_t above = ~filled & read & ~(((uint64_t)1 << (lo + k)) - 1);
    int left = below != 0 ? 63 - __builtin_clzll(below) : -1;
    int right = above != 0 ? __builtin_ctzll(above) : -1;
    bool left_opp = left >= 0 && (opp >> left & 1), right_opp = right >= 0 && (opp >> right & 1);
    bool left_free = left >= 0 && !left_opp && !(edge >> left & 1);
    bool right_free = right >= 0 && !right_opp && !(edge >> right & 1);
    if (stop != NULL)
        *stop = left_opp && right_free ? right : right_opp && left_free ? left : -1;
    return left_opp && right_opp;
}

/* Under caro, the cells (as bits) that complete a four of the own stones
 * `own` along a line read by line_read(); *open says whether no one block
 * stops them all, and *reply receives the bit of such a block when one
 * does (−1 when none completes). A block is a completing cell or the open
 * end of the run another would make, when that run's other end is the
 * opponent's. */
static uint64_t caro_four(int k, uint64_t own, uint64_t opp, uint64_t edge, bool *open,
                          int *reply)
{
    const uint64_t full = ((uint64_t)1 << k) - 1;
    uint64_t completions = 0;
    int point[BOARD_MAX_SIDE], stop[BOARD_MAX_SIDE], n = 0;
    for (int lo = 1; lo <= k; lo++) {
        uint64_t w = full << lo;
        int s;
        if (((opp | edge) & w) || popcount64(own & w) != k - 1 ||
            caro_dead(k, own | w, opp, edge, lo, &s))
            continue;
        uint64_t e = w & ~own;
        if (completions & e)
            continue; /* the same cell makes the same run */
        completions |= e;
        point[n] = lowest_bit(e);
        stop[n++] = s;
    }
    *open = n > 0;
    *reply = -1;
    for (int c = 0; c < 2 && n > 0 && *open; c++) {
        int g = c == 0 ? point[0] : stop[0];
        bool all = g >= 0;
        for (int i = 1; i < n && all; i++)
            all = point[i] == g || stop[i] == g;
        if (all) {
            *open = false;
            *reply = g;
        }
    }
    return completions;
}

/* The shape a stone of `side` on the empty cell pos makes along direction d,
 * from that line as read by line_read(). */
static void shape_of(const struct board *b, int pos, int d, const uint64_t line[3],
                     enum stone side, struct shape *out)
{
    const int k = b->win;
    const int dx = rules_dir[d][0], dy = rules_dir[d][1];
    const int x0 = board_x(b, pos), y0 = board_y(b, pos);
    /* Stones beyond a blocked offset never count: every window reaching
     * them contains it, and the overline test of a window ending next to it
     * finds no own stone there. */
    const uint64_t own = line[side] | (uint64_t)1 << k;
    const uint64_t opp = line[stone_other(side)], edge = line[STONE_NONE];
    const uint64_t blocked = opp | edge;
    const bool caro = rule_info(b->rule)->blocked_ends;

    /* Windows start at offsets -(k-1)..0, i.e. at bits 1..k. */
    const uint64_t full = ((uint64_t)1 << k) - 1;
    int best = 0;
    int64_t room = 0;                  /* window_value() of the short windows */
    uint64_t completions = 0;          /* empties of windows holding k-1 */
    uint64_t three_empty[BOARD_MAX_SIDE]; /* empties of windows holding k-2 */
    int threes = 0;
    for (int lo = 1; lo <= k; lo++) {
        uint64_t w = full << lo;
        if (blocked & w)
            continue;
        if (b->rule == RULE_EXACT &&
            (own & (((uint64_t)1 << (lo - 1)) | ((uint64_t)1 << (lo + k)))))
            continue;
        if (caro && caro_dead(k, own | w, opp, edge, lo, NULL))
            continue;
        int n = popcount64(own & w);
        if (n > best)
            best = n;
        if (n <= k - 3)
            room += window_value(k - n);
        if (n == k - 1)
            completions |= w & ~own;
        else if (n == k - 2)
            three_empty[threes++] = w & ~own;
    }

    out->reply = -1;
    out->kind = KIND_NONE;
    out->value = room;
    int missing = k - best;
    if (best == 0) {
        return;             /* no window: nothing to make here */
    } else if (missing == 0) {
        out->kind = KIND_WIN;
        out->value = (int64_t)1 << 33;
    } else if (missing == 1) {
        bool open = popcount64(completions) >= 2;
        int reply = open ? -1 : lowest_bit(completions);
        if (caro)
            caro_four(k, own, opp, edge, &open, &reply);
        out->kind = open ? KIND_OPEN4 : KIND_FOUR;
        out->value += shape_base(1, open);
        if (!open) {
            int off = reply - k;
            out->reply = board_pos(b, x0 + off * dx, y0 + off * dy);
        }
    } else if (missing == 2) {
        /* Open when some empty cell e, filled too, leaves two or more cells
         * each completing a window through pos and e. */
        uint64_t cand = 0;
        for (int i = 0; i < threes; i++)
            cand |= three_empty[i];
        bool open = false;
        for (; cand != 0 && !open; cand &= cand - 1) {
            uint64_t e = cand & -cand, after = 0;
            if (caro) {
                int reply;
                caro_four(k, own | e, opp, edge, &open, &reply);
                continue;
            }
            for (int i = 0; i < threes; i++)
                if (three_empty[i] & e)
                    after |= three_empty[i] & ~e;
            open = popcount64(after) >= 2;
        }
        out->kind = open ? KIND_OPEN3 : KIND_THREE;
        out->value += shape_base(2, open);
    }
}

/* The double-threat class of a cell from its four direction kinds. */
static enum threat threat_of(const uint8_t kind[4])
{
    int fours = 0, open3 = 0;
    for (int d = 0; d < 4; d++) {
        switch ((enum kind)kind[d]) {
        case KIND_WIN:
            return THREAT_FIVE;
        case KIND_OPEN4:
            fours += 2;
            break;
        case KIND_FOUR:
            fours++;
            break;
        case KIND_OPEN3:
            open3++;
            break;
        default:
            break;
        }
    }
    if (fours >= 2)
        return THREAT_WON;
    if (fours == 1 && open3 >= 1)
        return THREAT_43;
    if (open3 >= 2)
        return THREAT_33;
    return THREAT_NONE;
}

/* Fills s->eval[0][pos] and s->eval[1][pos] with what a stone of Black and of
 * White on the empty cell pos would make. */
static void cell_evaluate(struct threat_state *s, const struct board *b, int pos)
{
    for (int side = 0; side < 2; side++) {
        s->eval[side][pos].score = 0;
        s->eval[side][pos].reply = -1;
    }
    for (int d = 0; d < 4; d++) {
        uint64_t line[3];
        line_read(b, pos, d, line);
        for (int side = 0; side < 2; side++) {
            struct cell_eval *e = &s->eval[side][pos];
            struct shape sh;
            shape_of(b, pos, d, line, (enum stone)(side + 1), &sh);
            e->kind[d] = (uint8_t)sh.kind;
            e->score += sh.value;
            if (sh.kind == KIND_FOUR)
                e->reply = sh.reply;
        }
    }
    for (int side = 0; side < 2; side++)
        s->eval[side][pos].threat = threat_of(s->eval[side][pos].kind);
}

/* The direction in which `a` and `b` share a line within k cells, or -1. */
static int shared_line(const struct board *bd, int a, int b)
{
    int dx = board_x(bd, b) - board_x(bd, a), dy = board_y(bd, b) - board_y(bd, a);
    int adx = abs(dx), ady = abs(dy);
    int dist = adx > ady ? adx : ady;
    if (dist == 0 || dist > bd->win)
        return -1;
    for (int d = 0; d < 4; d++)
        if (dx * rules_dir[d][1] == dy * rules_dir[d][0])
            return d;
    return -1;
}

/* How dangerous a double threat is: an open-four-like one outweighs any
 * number of four-and-three ones, which outweigh any number of two-threes. */
static int64_t danger_of(enum threat t)
{
    switch (t) {
    case THREAT_WON:
        return (int64_t)1 << 40;
    case THREAT_43:
        return (int64_t)1 << 20;
    case THREAT_33:
        return 1;
    default:
        return 0;
    }
}

/* The summed danger of the opponent's double-threat cells dt[0..n) that are
 * still one with our stone on `move` (already on s->scratch), and the largest
 * single one in *worst. Only the direction through `move` can have changed;
 * the others come from the stored evaluation. Sets *watch_left when the cell
 * `watch` (or -1) is still a double threat. */
static int64_t dt_remaining(struct threat_state *s, enum stone opp, int move,
                            int n, int watch, int64_t *worst, bool *watch_left)
{
    const struct board *b = &s->scratch;
    int64_t sum = 0;
    *worst = 0;
    *watch_left = false;
    for (int i = 0; i < n; i++) {
        int c = s->dt[i];
        if (c == move)
            continue;
        const struct cell_eval *e = &s->eval[opp - 1][c];
        enum threat t = e->threat;
        int d = shared_line(b, c, move);
        if (d >= 0) {
            uint8_t kind[4] = { e->kind[0], e->kind[1], e->kind[2], e->kind[3] };
            uint64_t line[3];
            struct shape sh;
            line_read(b, c, d, line);
            shape_of(b, c, d, line, opp, &sh);
            kind[d] = (uint8_t)sh.kind;
            t = threat_of(kind);
        }
        int64_t danger = danger_of(t);
        sum += danger;
        if (danger > *worst)
            *worst = danger;
        if (danger > 0 && c == watch)
            *watch_left = true;
    }
    return sum;
}

/* Under caro, whether our stone on the empty cell c (already on s->scratch)
 * leaves the opponent none of its n five cells to win on: asked of the
 * rules, since a stone past the far end of a five blocks it there too. */
static bool stops_fives(struct threat_state *s, enum stone opp, int c, int n)
{
    struct board *b = &s->scratch;
    for (int i = 0; i < n; i++) {
        int f = s->fives[i];
        if (f == c)
            continue;
        board_place(b, f, opp);
        bool won = rules_is_win(b, f, NULL);
        board_remove(b, f);
        if (won)
            return false;
    }
    return true;
}

/* Keeps the best (rank, score) cell, choosing uniformly among ties by
 * reservoir sampling. */
struct pick {
    int pos;
    int64_t rank;
    int64_t score;
    uint32_t ties;
};

static void pick_offer(struct pick *p, struct rng *r, int pos, int64_t rank,
                       int64_t score)
{
    if (p->pos < 0 || rank > p->rank || (rank == p->rank && score > p->score)) {
        p->pos = pos;
        p->rank = rank;
        p->score = score;
        p->ties = 1;
    } else if (rank == p->rank && score == p->score) {
        if (rng_below(r, ++p->ties) == 0)
            p->pos = pos;
    }
}

static void *threat_create(const struct ai_options *opts)
{
    struct threat_state *s = malloc(sizeof *s);
    if (s != NULL)
        rng_seed(&s->rng, opts->seed);
    return s;
}

static void threat_destroy(void *state)
{
    free(state);
}

/* A central cell: the middle one, or one of the two or four middle cells of
 * an even side. */
static int centre_cell(const struct board *b, struct rng *r)
{
    int x = (b->width - 1) / 2 + (b->width % 2 == 0 ? (int)rng_below(r, 2) : 0);
    int y = (b->height - 1) / 2 + (b->height % 2 == 0 ? (int)rng_below(r, 2) : 0);
    return board_pos(b, x, y);
}

static int threat_choose(void *state, const struct board *b, enum stone side,
                         const struct ai_limits *limits)
{
    struct threat_state *s = state;
    const enum stone opp = stone_other(side);
    const int cells = board_cells(b);
    (void)limits;

    if (b->stones == 0)
        return centre_cell(b, &s->rng);

    /* Evaluate every empty cell for both sides, and the best of each tier. */
    enum threat opp_worst = THREAT_NONE;
    int ndt = 0, nfives = 0;
    struct pick best_own[THREAT_FIVE + 1], block_five, overall;
    for (int t = 0; t <= THREAT_FIVE; t++)
        best_own[t] = (struct pick){ .pos = -1 };
    block_five = overall = (struct pick){ .pos = -1 };
    for (int pos = 0; pos < cells; pos++) {
        if (board_at(b, pos) != STONE_NONE)
            continue;
        cell_evaluate(s, b, pos);
        const struct cell_eval *me = &s->eval[side - 1][pos];
        const struct cell_eval *them = &s->eval[opp - 1][pos];
        int64_t score = 6 * me->score + 5 * them->score;
        /* Under renju Black's forbidden cells are the opponent's to use,
         * never Black's to play. */
        bool mine = rules_legal(b, side, pos);
        if (mine) {
            pick_offer(&best_own[me->threat], &s->rng, pos, 0, score);
            pick_offer(&overall, &s->rng, pos, 0, score);
        }
        if (them->threat == THREAT_FIVE)
            s->fives[nfives++] = pos;
        if (them->threat == THREAT_FIVE && mine)
            pick_offer(&block_five, &s->rng, pos, 0, score);
        else if (them->threat >= THREAT_33)
            s->dt[ndt++] = pos;
        if (them->threat > opp_worst && them->threat != THREAT_FIVE)
            opp_worst = them->threat;
    }

    if (best_own[THREAT_FIVE].pos >= 0)
        return best_own[THREAT_FIVE].pos;
    if (rule_info(b->rule)->blocked_ends && nfives > 0) {
        /* A five is blocked on its cell or past its far end, and one stone
         * may block two: the best cell that blocks them all, if any. */
        struct pick block = { .pos = -1 };
        s->scratch = *b;
        for (int pos = 0; pos < cells; pos++) {
            if (!rules_legal(b, side, pos))
                continue;
            board_place(&s->scratch, pos, side);
            if (stops_fives(s, opp, pos, nfives))
                pick_offer(&block, &s->rng, pos, 0,
                           6 * s->eval[side - 1][pos].score + 5 * s->eval[opp - 1][pos].score);
            board_remove(&s->scratch, pos);
        }
        if (block.pos >= 0)
            return block.pos;
    }
    if (block_five.pos >= 0)
        return block_five.pos;
    if (best_own[THREAT_WON].pos >= 0)
        return best_own[THREAT_WON].pos;
    if (best_own[THREAT_43].pos >= 0)
        return best_own[THREAT_43].pos;
    /* Two open threes lose the race to an opponent four-based threat. */
    if (best_own[THREAT_33].pos >= 0 && opp_worst < THREAT_43)
        return best_own[THREAT_33].pos;
    if (ndt == 0)
        return overall.pos;

    /* Defence: rank each move by the danger of the opponent double-threat
     * cells it leaves. A four forces the reply on its completing cell and
     * buys the tempo to block the worst of them, unless that reply is itself
     * a double threat. */
    struct pick defence = { .pos = -1 };
    s->scratch = *b;
    for (int pos = 0; pos < cells; pos++) {
        if (!rules_legal(b, side, pos))
            continue;
        const struct cell_eval *me = &s->eval[side - 1][pos];
        int reply = me->reply; /* higher threats with a four returned above */
        bool reply_bad;
        int64_t worst;
        board_place(&s->scratch, pos, side);
        int64_t left = dt_remaining(s, opp, pos, ndt, reply, &worst, &reply_bad);
        board_remove(&s->scratch, pos);
        int64_t rank;
        if (reply >= 0 && reply_bad)
            rank = INT64_MIN;
        else
            rank = -(reply >= 0 ? left - worst : left);
        pick_offer(&defence, &s->rng, pos, rank,
                   6 * me->score + 5 * s->eval[opp - 1][pos].score);
    }
    return defence.pos;
}

const struct ai_strategy ai_threat = {
    .name = "threat",
    .summary = "one-ply shape evaluation: wins, blocks, double threats",
    .create = threat_create,
    .destroy = threat_destroy,
    .choose = threat_choose,
};
