/* movepick.c — the moves of a node in stages; see movepick.h. */
#include "engine/movepick.h"

#include "engine/pattern.h"

#define TT_SCORE (1 << 30)

/* Whether a stone lies within two of the empty cell q (the candidates'
 * test, for one cell), or the board is empty. */
static bool near_stone(const struct position *p, int q)
{
    const struct board *b = &p->b;
    if (b->stones == 0)
        return true;
    int x = board_x(b, q), y = board_y(b, q);
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            if (board_inside(b, x + dx, y + dy) &&
                b->cell[board_pos(b, x + dx, y + dy)] != STONE_NONE)
                return true;
    return false;
}

/* Against an opponent's open four to be, whether q is worth trying: our own
 * four, or a cell that stops theirs (under caro any cell may: the far end
 * of one of its fives to be). */
static bool defends(struct position *p, int me, int q)
{
    enum combo mine = position_combo(p, me, q), theirs = position_combo(p, 1 - me, q);
    return mine >= COMBO_4 || ((theirs >= COMBO_4 || rule_info(p->b.rule)->blocked_ends) &&
                               position_stops(p, me, q, COMBO_F4));
}

static int score_move(const struct position *p, int me, int q, const struct pick_hints *h)
{
    int sc = pattern_order(p->pt, position_index(p, me, q), position_index(p, 1 - me, q));
    sc += p->pt->near[0][position_near(p, h->last, q)] +
          p->pt->near[1][position_near(p, h->before, q)];
    if (q == h->killer[0])
        sc += 300;
    else if (q == h->killer[1])
        sc += 200;
    int32_t hist = h->history->cut[me][q] >> 6;
    sc += hist < 150 ? hist : 150;
    return sc;
}

/* Fills list with the node's moves, scored (the table move above all), and
 * returns their count; *lost as for movepick_all. */
static int generate(struct position *p, int me, const struct pick_hints *h,
                    struct move *list, bool *lost)
{
    int n = 0;
    bool defend = position_any_allowed(p, 1 - me, COMBO_F4);
    *lost = false;
    struct cellset cand, stop;
    struct cellset_iter it;
    position_candidates(p, &cand);
    /* Under caro the cells that stop the open four, worked out once, and
     * added to the candidates: one may lie three cells from any stone. */
    bool caro = defend && rule_info(p->b.rule)->blocked_ends;
    if (caro) {
        position_stoppers(p, me, COMBO_F4, &stop);
        for (int i = 0; i < p->words; i++)
            cand.w[i] |= stop.w[i];
    }
    cellset_iter_init(&it, &cand, p->words);
    bool all = p->b.stones == 0;
    for (int q = all ? 0 : cellset_next(&it); q >= 0 && q < p->cells;
         q = all ? q + 1 : cellset_next(&it)) {
        bool useful = !defend ? true
                    : caro    ? cellset_has(&stop, q) || position_combo(p, me, q) >= COMBO_4
                              : defends(p, me, q);
        if (!useful || !position_allowed(p, me, q))
            continue;
        int sc = q == h->tt_move ? TT_SCORE : score_move(p, me, q, h);
        list[n++] = (struct move){ q, sc };
    }
    if (defend && n == 0) {
        *lost = true;
        cellset_iter_init(&it, position_set(p, 1 - me, COMBO_F4), p->words);
        for (int q; (q = cellset_next(&it)) >= 0;)
            list[n++] = (struct move){ q, 0 };
    }
    return n;
}

/* Brings the best-scored move of list[i..n) to position i. */
static void bring_best(struct move *list, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[best].score)
            best = j;
    struct move t = list[i];
    list[i] = list[best];
    list[best] = t;
}

void movepick_init(struct movepick *mp, struct position *p, int me, int forced,
                   const struct pick_hints *h, struct move *list)
{
    mp->p = p;
    mp->h = *h;
    mp->me = me;
    mp->forced[0] = forced;
    mp->nforced = forced >= 0;
    int blocks[2];
    if (forced >= 0 && rule_info(p->b.rule)->blocked_ends &&
        position_caro_blocks(p, me, blocks) == 2) {
        mp->forced[1] = blocks[0] == forced ? blocks[1] : blocks[0];
        mp->nforced = 2;
    }
    mp->next_forced = 0;
    mp->stage = forced >= 0 ? PICK_FORCED : PICK_TT;
    mp->list = list;
    mp->n = mp->next = 0;
    mp->first = mp->gap = 0;
    mp->lost = false;
}

int movepick_next(struct movepick *mp)
{
    struct position *p = mp->p;
    switch (mp->stage) {
    case PICK_FORCED:
        if (mp->next_forced + 1 >= mp->nforced)
            mp->stage = PICK_DONE;
        return mp->forced[mp->next_forced++];
    case PICK_TT: {
        mp->stage = PICK_GENERATE;
        int q = mp->h.tt_move;
        if (q >= 0 && q < p->cells && p->b.cell[q] == STONE_NONE && near_stone(p, q) &&
            position_allowed(p, mp->me, q) &&
            (!position_any_allowed(p, 1 - mp->me, COMBO_F4) || defends(p, mp->me, q)))
            return q;
        mp->h.tt_move = -1; /* not a move of this node */
    }
        /* fall through */
    case PICK_GENERATE:
        mp->stage = PICK_REST;
        mp->n = generate(p, mp->me, &mp->h, mp->list, &mp->lost);
        if (mp->lost) {
            mp->stage = PICK_DONE;
            return -1;
        }
        /* The table move, when it was tried, scored above all: it is
         * first in the order and has been searched. */
        if (mp->h.tt_move >= 0) {
            bring_best(mp->list, 0, mp->n);
            mp->next = 1;
        }
        mp->first = mp->next;
        /* fall through */
    case PICK_REST:
        if (mp->next >= mp->n) {
            mp->stage = PICK_DONE;
            return -1;
        }
        bring_best(mp->list, mp->next, mp->n);
        /* The first generated move, once brought forward, stays in place. */
        mp->gap = mp->list[mp->first].score - mp->list[mp->next].score;
        return mp->list[mp->next++].pos;
    case PICK_DONE:
        break;
    }
    return -1;
}

int movepick_all(struct position *p, int me, int forced, const struct pick_hints *h,
                 struct move *list, bool *lost)
{
    *lost = false;
    if (forced >= 0) {
        int cells[2] = { forced, -1 }, n = 1;
        if (rule_info(p->b.rule)->blocked_ends)
            n = position_caro_blocks(p, me, cells);
        for (int i = 0; i < n; i++)
            list[i] = (struct move){ cells[i], 0 };
        return n;
    }
    int n = generate(p, me, h, list, lost);
    for (int i = 0; i < n; i++)
        bring_best(list, i, n);
    return n;
}
