/* tss.c — VCF and VCT over the incremental position; see tss.h.
 *
 * Soundness rests on two facts about the line classes. A four (COMBO_4 and
 * up) leaves exactly one winning cell, so the defender's block is forced
 * unless he can make five himself. Against a pending open four (the attacker
 * has a COMBO_F4 cell) only a stone on one of the attacker's four-making
 * cells changes anything — any cell that would cost a winning point is one —
 * or a four of the defender's own, which gains the tempo; those two sets are
 * the defences tried, a superset of the useful ones.
 *
 * Under renju Black neither attacks nor defends with a forbidden move, his
 * runs of six are no fives, and a five he may only block on a forbidden
 * cell wins for White (position_allowed, position_fives).
 *
 * Under caro a five is stopped on its cell or past its far end, so one four
 * may have two blocks and two fives one (position_caro_blocks): each block
 * is tried. And an open four to be may be stopped by a cell where neither
 * side makes a four (the far end of a five to be): the defences against it
 * include the cells that stop it (position_stoppers).
 */
#include "engine/tss.h"

#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"

/* XORed into the board's hash for the cache: who attacks and whether open
 * threes count are part of what a result answers (not a side to move). */
#define QUESTION_KEY(s, threes) (0x9e3779b97f4a7c15u * (uint64_t)(1 + (s) + 2 * (threes)))
/* Nodes between reads of the clock and the stop flag, a power of two: a
 * read costs about as much as a node, so a few per hundred nodes is noise. */
#define CHECK_EVERY 64

bool tss_init(struct tss *t, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * sizeof(struct tss_entry) <= bytes)
        n *= 2;
    t->cache = calloc(n, sizeof *t->cache);
    if (t->cache == NULL)
        return false;
    t->mask = n - 1;
    t->nodes = 0;
    t->limit = 0;
    t->aborted = false;
    t->deep = false;
    t->check_mask = CHECK_EVERY - 1;
    t->deadline_ms = 0;
    t->stop = NULL;
    return true;
}

void tss_start(struct tss *t, const atomic_bool *stop, bool coarse, int64_t deadline_ms)
{
    t->nodes = 0;
    t->check_mask = coarse ? 0 : CHECK_EVERY - 1;
    t->stop = stop;
    t->deadline_ms = deadline_ms;
}

void tss_free(struct tss *t)
{
    free(t->cache);
    t->cache = NULL;
}

void tss_clear(struct tss *t)
{
    memset(t->cache, 0, (t->mask + 1) * sizeof *t->cache);
    t->nodes = 0;
}

/* Empty cells where `side` makes five on the four lines through `around`,
 * within the neighbourhood's reach of it: at most `max` of them written to
 * out, how many found returned. Read from the set of five-making cells,
 * most often a single cell. */
static int fives_around(const struct position *p, int side, int around, int *out, int max)
{
    int n = 0;
    struct cellset_iter it;
    cellset_iter_init(&it, position_set(p, side, COMBO_5), p->words);
    for (int q; (q = cellset_next(&it)) >= 0;) {
        if (position_line_between(p, around, q) >= 0) {
            if (n < max)
                out[n] = q;
            n++;
        }
    }
    return n;
}

/* The only empty cell where `side` makes five, or −1 if there are none or
 * several; looking first along the lines through `around` (the cells a new
 * stone there could have made), or everywhere when around is −1. *n receives
 * how many there are (capped at 2). */
static int single_five(const struct position *p, int side, int around, int *n)
{
    if (around < 0) {
        *n = position_several(p, side, COMBO_5) ? 2 : position_any(p, side, COMBO_5);
        return *n == 1 ? position_first(p, side, COMBO_5) : -1;
    }
    int cells[2];
    *n = fives_around(p, side, around, cells, 2);
    if (*n > 2)
        *n = 2;
    return *n == 1 ? cells[0] : -1;
}

/* The union of the forcing sets of `side` from combination `from` up to
 * `to`, into out. */
static void union_sets(const struct position *p, int side, enum combo from, enum combo to,
                       struct cellset *out)
{
    for (int i = 0; i < p->words; i++) {
        uint64_t w = 0;
        for (int c = (int)from; c <= (int)to; c++)
            w |= position_set(p, side, (enum combo)c)->w[i];
        out->w[i] = w;
    }
}

static bool attack(struct tss *t, struct position *p, int a, bool threes, int depth,
                   int *move);

/* Starts loading the cache entry that attack() probes once the defender has
 * put a stone on q, so that the placement hides the wait. */
static inline void prefetch_defence(const struct tss *t, const struct position *p, int a,
                                    bool threes, int q)
{
    uint64_t key = p->b.hash ^ board_zobrist(q, (enum stone)(2 - a)) ^ QUESTION_KEY(a, threes);
    __builtin_prefetch(&t->cache[key & t->mask]);
}

/* The defender's (1 − a) replies to the attacker's threat, `last` the
 * attacker's move that made it: the cells into out in the order they are
 * tried, how many returned; 0 when nothing stops the attacker (two fives,
 * or one Black may not block), −1 when the attack has failed already (the
 * defender has a five to make, or no threat is pending). The cells of the
 * general case (no five pending) are not filtered by position_allowed, so
 * that a defence refuted early costs no look at the rest. */
static int defences(struct position *p, int a, int last, int16_t *out)
{
    int o = 1 - a;
    bool renju = p->b.rule == RULE_RENJU, caro = p->b.rule == RULE_CARO;
    int f, n;
    if (renju ? position_fives(p, o, &f) > 0 : position_any(p, o, COMBO_5))
        return -1;
    if (caro && position_any(p, a, COMBO_5)) {
        int blocks[2];
        n = position_caro_blocks(p, o, blocks);
        for (int i = 0; i < n; i++)
            out[i] = (int16_t)blocks[i];
        return n;
    }
    if (renju ? position_fives(p, a, &f) > 0 : position_any(p, a, COMBO_5)) {
        if (renju) {
            n = position_fives(p, a, &f);
        } else {
            f = single_five(p, a, last, &n);
            if (f < 0 && n < 2) /* the five came from elsewhere: look everywhere */
                f = single_five(p, a, -1, &n);
        }
        /* Two fives, or one Black may not block. */
        if (n >= 2 || !position_allowed(p, o, f))
            return 0;
        out[0] = (int16_t)f;
        return 1;
    }
    if (!position_any_allowed(p, a, COMBO_F4))
        return -1; /* no threat pending */
    /* Every cell where either side makes a four, and under caro those that
     * stop the open four. */
    struct cellset mine, theirs, stop;
    union_sets(p, a, COMBO_4, COMBO_5, &mine);
    union_sets(p, o, COMBO_4, COMBO_5, &theirs);
    if (caro)
        position_stoppers(p, o, COMBO_F4, &stop);
    for (int i = 0; i < p->words; i++)
        mine.w[i] |= theirs.w[i] | (caro ? stop.w[i] : 0);
    struct cellset_iter it;
    cellset_iter_init(&it, &mine, p->words);
    n = 0;
    for (int q; (q = cellset_next(&it)) >= 0;)
        out[n++] = (int16_t)q;
    return n;
}

/* The defender (1 − a) to move after the attacker's threat. True when every
 * defence fails. */
static bool defend(struct tss *t, struct position *p, int a, bool threes, int depth,
                   int last)
{
    int o = 1 - a;
    int16_t cells[BOARD_MAX_CELLS];
    int n = defences(p, a, last, cells);
    if (n < 0)
        return false;
    for (int i = 0; i < n; i++) {
        int q = cells[i];
        if (!position_allowed(p, o, q))
            continue;
        prefetch_defence(t, p, a, threes, q);
        position_place(p, q, (enum stone)(o + 1));
        bool r = attack(t, p, a, threes, depth, NULL);
        position_remove(p, q);
        if (!r)
            return false;
    }
    return true;
}

/* The attacker a to move. True on a forced win, with *move (if not NULL) the
 * first move of it. */
static bool attack(struct tss *t, struct position *p, int a, bool threes, int depth,
                   int *move)
{
    int o = 1 - a;
    bool renju = p->b.rule == RULE_RENJU, caro = p->b.rule == RULE_CARO;
    t->nodes++;
    int five;
    if (renju ? position_fives(p, a, &five) > 0 : position_any(p, a, COMBO_5)) {
        if (move != NULL)
            *move = renju ? five : position_first(p, a, COMBO_5);
        return true;
    }
    if (depth <= 0) {
        t->deep = true;
        return false;
    }
    if (t->aborted || t->nodes >= t->limit ||
        ((t->nodes & t->check_mask) == 0 &&
         ((t->deadline_ms && clock_ms() >= t->deadline_ms) ||
          (t->stop != NULL && atomic_load(t->stop))))) {
        t->aborted = true;
        return false;
    }
    int forced = -1, blocks[2], nblocks = 0;
    if (caro && position_any(p, o, COMBO_5)) {
        nblocks = position_caro_blocks(p, a, blocks);
        if (nblocks == 0)
            return false;
        forced = blocks[0];
    } else if (renju ? position_fives(p, o, &five) > 0 : position_any(p, o, COMBO_5)) {
        int n;
        forced = renju ? (n = position_fives(p, o, &five), five) : single_five(p, o, -1, &n);
        if (n >= 2 || !position_allowed(p, a, forced))
            return false;
        blocks[0] = forced;
        nblocks = 1;
    } else if (position_any_allowed(p, a, COMBO_F4)) {
        if (move != NULL) {
            struct cellset_iter it;
            cellset_iter_init(&it, position_set(p, a, COMBO_F4), p->words);
            int q;
            while ((q = cellset_next(&it)) >= 0 && !position_allowed(p, a, q))
                ;
            *move = q;
        }
        return true;
    }
    if (!position_any(p, a, COMBO_4) && !position_any(p, a, COMBO_43) &&
        (!threes || (!position_any(p, a, COMBO_F3) && !position_any(p, a, COMBO_33))) && forced < 0)
        return false;

    uint64_t key = p->b.hash ^ QUESTION_KEY(a, threes);
    struct tss_entry *e = &t->cache[key & t->mask];
    if (e->key == key && e->depth >= depth)
        return false;

    /* Candidates, strongest combination first: 4-3, then fours, then 3-3,
     * then threes; the weight breaks ties. */
    int16_t cand[BOARD_MAX_CELLS];
    int nc = 0;
    if (forced >= 0) {
        for (int i = 0; i < nblocks; i++)
            cand[nc++] = (int16_t)blocks[i];
    } else {
        /* One pass, bucketed: fours and four-threes first (cheap to refute),
         * threes after them. */
        struct cellset set;
        struct cellset_iter it;
        union_sets(p, a, COMBO_4, COMBO_43, &set);
        cellset_iter_init(&it, &set, p->words);
        for (int q; (q = cellset_next(&it)) >= 0;) {
            if (position_combo(p, a, q) == COMBO_43)
                cand[nc++] = cand[0], cand[0] = (int16_t)q;
            else
                cand[nc++] = (int16_t)q;
        }
        if (threes) {
            union_sets(p, a, COMBO_F3, COMBO_33, &set);
            cellset_iter_init(&it, &set, p->words);
            for (int q; (q = cellset_next(&it)) >= 0;)
                cand[nc++] = (int16_t)q;
        }
    }
    for (int i = 0; i < nc; i++) {
        int q = cand[i];
        if (renju && !position_allowed(p, a, q))
            continue;
        position_place(p, q, (enum stone)(a + 1));
        bool r = defend(t, p, a, threes, depth - 1, q);
        position_remove(p, q);
        if (r) {
            if (move != NULL)
                *move = q;
            return true;
        }
        if (t->aborted)
            return false;
    }
    if (!t->aborted) {
        e->key = key;
        e->depth = depth;
    }
    return false;
}

bool tss_solve(struct tss *t, struct position *p, enum stone attacker, bool threes,
               int depth, uint64_t budget, int *move)
{
    t->aborted = false;
    t->deep = false;
    t->limit = t->nodes + budget;
    return attack(t, p, position_side(attacker), threes, depth, move);
}

bool tss_solve_shortest(struct tss *t, struct position *p, enum stone attacker, bool threes,
                        int depth, uint64_t budget, int *move)
{
    uint64_t limit = t->nodes + budget;
    for (int d = 1; d <= depth && t->nodes < limit; d++) {
        if (tss_solve(t, p, attacker, threes, d, limit - t->nodes, move))
            return true;
        /* Nothing was cut short: a deeper search would find no more. */
        if (t->aborted || !t->deep)
            break;
    }
    return false;
}

int tss_defences(struct position *p, enum stone attacker, int last, int *out)
{
    int a = position_side(attacker);
    int16_t cells[BOARD_MAX_CELLS];
    int n = defences(p, a, last, cells), kept = 0;
    for (int i = 0; i < n; i++)
        if (position_allowed(p, 1 - a, cells[i]))
            out[kept++] = cells[i];
    /* Every reply the defender may make refused: nothing stops the threat. */
    return n < 0 ? -1 : kept;
}

bool tss_solve_move(struct tss *t, struct position *p, enum stone attacker, bool threes,
                    int depth, uint64_t budget, int move)
{
    int a = position_side(attacker);
    t->aborted = false;
    t->deep = false;
    t->limit = t->nodes + budget;
    if (depth <= 0 || board_at(&p->b, move) != STONE_NONE || !position_allowed(p, a, move))
        return false;
    /* A five (Black's overline is no five, but forbidden: refused above). */
    enum combo c = position_combo(p, a, move);
    if (c == COMBO_5)
        return true;
    /* The moves attack() would try: the block of the defender's five, else
     * a four, or with threes a three. */
    int o = 1 - a, blocks[2], n;
    if (p->b.rule == RULE_CARO && position_any(p, o, COMBO_5)) {
        n = position_caro_blocks(p, a, blocks);
        if (!(n > 0 && blocks[0] == move) && !(n > 1 && blocks[1] == move))
            return false;
    } else if (p->b.rule == RULE_RENJU ? position_fives(p, o, &n) > 0
                                       : position_any(p, o, COMBO_5)) {
        if (position_combo(p, o, move) != COMBO_5)
            return false;
    } else if (c < (threes ? COMBO_F3 : COMBO_4)) {
        return false;
    }
    t->nodes++;
    position_place(p, move, attacker);
    bool r = defend(t, p, a, threes, depth - 1, move);
    position_remove(p, move);
    return r;
}
