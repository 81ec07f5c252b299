/* tss.c — VCF and VCT over the incremental position; see tss.h.
 *
 * Soundness rests on two facts about the line classes. A four (COMBO_4 and
 * up) leaves exactly one winning cell, so the defender's block is forced
 * unless he can make five himself. Against a pending open four (the attacker
 * has a COMBO_F4 cell) only a stone on one of the attacker's four-making
 * cells changes anything — any cell that would cost a winning point is one —
 * or a four of the defender's own, which gains the tempo; those two sets are
 * the defences tried, a superset of the useful ones.
 */
#include "ai/tss.h"

#include <stdlib.h>
#include <string.h>

#include "mnk/clock.h"

#define SIDE_KEY(s, threes) (0x9e3779b97f4a7c15u * (uint64_t)(1 + (s) + 2 * (threes)))

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
    t->check_mask = 63;
    t->deadline_ms = 0;
    t->stop = NULL;
    return true;
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

/* The only empty cell where `side` makes five, or −1 if there are none or
 * several. *n receives how many there are (capped at 2). */
static int single_five(const struct position *p, int side, int around, int *n)
{
    int cells[2];
    *n = position_fives(p, side, around, cells, 2);
    if (*n > 2)
        *n = 2;
    return *n == 1 ? cells[0] : -1;
}

static bool attack(struct tss *t, struct position *p, int a, bool threes, int depth,
                   int *move);

/* The defender (1 − a) to move after the attacker's threat. True when every
 * defence fails. */
static bool defend(struct tss *t, struct position *p, int a, bool threes, int depth,
                   int last)
{
    int o = 1 - a;
    if (p->count[o][COMBO_5] > 0)
        return false;
    if (p->count[a][COMBO_5] > 0) {
        int n;
        int f = single_five(p, a, last, &n);
        if (n >= 2)
            return true;
        if (f < 0) /* the five came from elsewhere: look everywhere */
            f = single_five(p, a, -1, &n);
        if (n >= 2)
            return true;
        position_place(p, f, (enum stone)(o + 1));
        bool r = attack(t, p, a, threes, depth, NULL);
        position_remove(p, f);
        return r;
    }
    if (p->count[a][COMBO_F4] == 0)
        return false; /* no threat pending */
    int16_t defences[BOARD_MAX_CELLS];
    int nd = 0;
    for (int q = 0; q < p->cells; q++)
        if (p->b.cell[q] == STONE_NONE &&
            (position_combo(p, a, q) >= COMBO_4 || position_combo(p, o, q) >= COMBO_4))
            defences[nd++] = (int16_t)q;
    for (int i = 0; i < nd; i++) {
        position_place(p, defences[i], (enum stone)(o + 1));
        bool r = attack(t, p, a, threes, depth, NULL);
        position_remove(p, defences[i]);
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
    t->nodes++;
    if (p->count[a][COMBO_5] > 0) {
        if (move != NULL)
            position_fives(p, a, -1, move, 1);
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
    int forced = -1;
    if (p->count[o][COMBO_5] > 0) {
        int n;
        forced = single_five(p, o, -1, &n);
        if (n >= 2)
            return false;
    } else if (p->count[a][COMBO_F4] > 0) {
        if (move != NULL)
            for (int q = 0; q < p->cells; q++)
                if (position_combo(p, a, q) == COMBO_F4) {
                    *move = q;
                    break;
                }
        return true;
    }
    if (p->count[a][COMBO_4] + p->count[a][COMBO_43] == 0 &&
        (!threes || p->count[a][COMBO_F3] + p->count[a][COMBO_33] == 0) && forced < 0)
        return false;

    uint64_t key = p->b.hash ^ SIDE_KEY(a, threes);
    struct tss_entry *e = &t->cache[key & t->mask];
    if (e->key == key && e->depth >= depth)
        return false;

    /* Candidates, strongest combination first: 4-3, then fours, then 3-3,
     * then threes; the weight breaks ties. */
    int16_t cand[BOARD_MAX_CELLS];
    int nc = 0;
    if (forced >= 0) {
        cand[nc++] = (int16_t)forced;
    } else {
        /* One pass, bucketed: fours and four-threes first (cheap to refute),
         * threes after them. */
        int16_t threes_list[BOARD_MAX_CELLS];
        int nt = 0;
        for (int q = 0; q < p->cells; q++) {
            enum combo c = position_combo(p, a, q);
            if (c == COMBO_43)
                cand[nc++] = cand[0], cand[0] = (int16_t)q;
            else if (c == COMBO_4)
                cand[nc++] = (int16_t)q;
            else if (threes && (c == COMBO_33 || c == COMBO_F3))
                threes_list[nt++] = (int16_t)q;
        }
        memcpy(cand + nc, threes_list, sizeof *cand * (size_t)nt);
        nc += nt;
    }
    for (int i = 0; i < nc; i++) {
        int q = cand[i];
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
