/* position.c — incremental line classes; see position.h.
 *
 * Invariant: for every empty cell q, line d and side s, key[s][d][q] is the
 * base-3 index of q's neighbourhood (edges counted as blocked), pat[s][q][d]
 * its class, cell[s][q] the combination of the four classes, and
 * total/count sum over the empty cells. Keys are maintained for occupied
 * cells too, so a removed stone's cell is reclassified from its own keys.
 * Without a table (very large k) the keys are unused and classes are read
 * from the board.
 */
#include "ai/position.h"

#include <string.h>

#include "mnk/rules.h"

/* The class of q along d for side s, from the key or, lacking a table, from
 * the board. */
static enum pattern line_class(const struct position *p, int s, int d, int q)
{
    const struct pattern_table *pt = p->pt;
    if (pattern_tabulated(pt))
        return pattern_lookup(pt, p->key[s][d][q]);
    uint8_t line[4 * BOARD_MAX_SIDE + 1];
    int x = board_x(&p->b, q), y = board_y(&p->b, q);
    int dx = rules_dir[d][0], dy = rules_dir[d][1];
    enum stone own = (enum stone)(s + 1);
    for (int off = -pt->half; off <= pt->half; off++) {
        int cx = x + off * dx, cy = y + off * dy;
        uint8_t v = LINE_BLOCKED;
        if (board_inside(&p->b, cx, cy)) {
            enum stone c = board_at(&p->b, board_pos(&p->b, cx, cy));
            v = c == STONE_NONE ? LINE_EMPTY : c == own ? LINE_OWN : LINE_BLOCKED;
        }
        line[off + pt->half] = v;
    }
    return pattern_classify(pt, line);
}

/* Replaces the contribution of empty cell q for side s by `v`. */
static inline void set_cell(struct position *p, int s, int q, uint32_t v)
{
    uint32_t old = p->cell[s][q];
    if (old == v)
        return;
    p->total[s] += pattern_weight_of(v) - pattern_weight_of(old);
    p->count[s][pattern_combo_of(old)]--;
    p->count[s][pattern_combo_of(v)]++;
    p->cell[s][q] = v;
}

/* Reclassifies empty cell q along line d for both sides. */
static inline void refresh(struct position *p, int d, int q)
{
    for (int s = 0; s < 2; s++) {
        int c = line_class(p, s, d, q);
        int old = p->pat[s][q][d];
        if (c == old)
            continue;
        p->pat[s][q][d] = (uint8_t)c;
        p->cidx[s][q] = (uint16_t)(p->cidx[s][q] + (c - old) * pattern_cell_weight[d]);
        set_cell(p, s, q, pattern_cell(p->pt, p->cidx[s][q]));
    }
}

/* Reclassifies empty cell q on all four lines. */
static void refresh_all(struct position *p, int q)
{
    for (int s = 0; s < 2; s++) {
        int idx = 0;
        for (int d = 0; d < 4; d++) {
            p->pat[s][q][d] = (uint8_t)line_class(p, s, d, q);
            idx += p->pat[s][q][d] * pattern_cell_weight[d];
        }
        p->cidx[s][q] = (uint16_t)idx;
        set_cell(p, s, q, pattern_cell(p->pt, idx));
    }
}

static void update_near(struct position *p, int pos, int delta)
{
    int w = p->b.width;
    int x = pos % w, y = pos / w;
    int x0 = x > 2 ? x - 2 : 0, x1 = x + 2 < w ? x + 2 : w - 1;
    int y0 = y > 2 ? y - 2 : 0, y1 = y + 2 < p->b.height ? y + 2 : p->b.height - 1;
    for (int cy = y0; cy <= y1; cy++) {
        uint8_t *row = p->near + cy * w;
        for (int cx = x0; cx <= x1; cx++)
            row[cx] = (uint8_t)(row[cx] + delta);
    }
}

/* Adds (sign +1) or takes away (−1) the stone of side s on pos from the keys
 * of its line neighbours, reclassifying those that are empty. */
static void update_lines(struct position *p, int pos, int s, int sign)
{
    const struct pattern_table *pt = p->pt;
    if (!pattern_tabulated(pt)) {
        for (int d = 0; d < 4; d++)
            for (int dir = 0; dir < 2; dir++) {
                int step = dir ? p->step[d] : -p->step[d];
                int n = p->reach[d][dir][pos];
                for (int i = 1, q = pos + step; i <= n; i++, q += step)
                    if (p->b.cell[q] == STONE_NONE)
                        refresh(p, d, q);
            }
        return;
    }
    const uint8_t *table = pt->line;
    /* Seen from a cell i steps back (dir 0) or forward (dir 1), pos lies at
     * offset +i or −i of its neighbourhood. */
    uint32_t weight[2][BOARD_MAX_SIDE + 1];
    for (int i = 1; i <= pt->half; i++) {
        weight[0][i] = pt->pow3[pattern_digit(pt, i)] * (uint32_t)sign;
        weight[1][i] = pt->pow3[pattern_digit(pt, -i)] * (uint32_t)sign;
    }
    for (int d = 0; d < 4; d++) {
        uint32_t *own = p->key[s][d], *opp = p->key[1 - s][d];
        uint8_t *pat_own = &p->pat[s][0][d], *pat_opp = &p->pat[1 - s][0][d];
        int dw = pattern_cell_weight[d];
        for (int dir = 0; dir < 2; dir++) {
            int step = dir ? p->step[d] : -p->step[d];
            int n = p->reach[d][dir][pos];
            for (int i = 1, q = pos + step; i <= n; i++, q += step) {
                uint32_t w = weight[dir][i];
                own[q] += w;
                opp[q] += 2 * w;
                if (p->b.cell[q] != STONE_NONE)
                    continue;
                int c = table[own[q]], old = pat_own[4 * q];
                if (c != old) {
                    pat_own[4 * q] = (uint8_t)c;
                    p->cidx[s][q] = (uint16_t)(p->cidx[s][q] + (c - old) * dw);
                    set_cell(p, s, q, pattern_cell(pt, p->cidx[s][q]));
                }
                c = table[opp[q]];
                old = pat_opp[4 * q];
                if (c != old) {
                    pat_opp[4 * q] = (uint8_t)c;
                    p->cidx[1 - s][q] = (uint16_t)(p->cidx[1 - s][q] + (c - old) * dw);
                    set_cell(p, 1 - s, q, pattern_cell(pt, p->cidx[1 - s][q]));
                }
            }
        }
    }
}

void position_init(struct position *p, const struct pattern_table *pt,
                   const struct board *b)
{
    p->pt = pt;
    p->cells = board_cells(b);
    board_init(&p->b, b->width, b->height, b->win, b->rule);
    memset(p->total, 0, sizeof p->total);
    memset(p->count, 0, sizeof p->count);
    memset(p->near, 0, sizeof p->near);
    memset(p->cell, 0, sizeof p->cell);
    int w = b->width;
    for (int d = 0; d < 4; d++)
        p->step[d] = rules_dir[d][0] + rules_dir[d][1] * w;
    for (int q = 0; q < p->cells; q++) {
        int x = board_x(b, q), y = board_y(b, q);
        for (int d = 0; d < 4; d++) {
            int dx = rules_dir[d][0], dy = rules_dir[d][1];
            uint32_t key = 0;
            for (int dir = 0; dir < 2; dir++) {
                int sg = dir ? 1 : -1, n = 0;
                while (n < pt->half && board_inside(b, x + sg * (n + 1) * dx, y + sg * (n + 1) * dy))
                    n++;
                p->reach[d][dir][q] = (uint8_t)n;
                if (pattern_tabulated(pt))
                    for (int i = n + 1; i <= pt->half; i++)
                        key += 2 * pt->pow3[pattern_digit(pt, sg * i)];
            }
            p->key[0][d][q] = p->key[1][d][q] = key;
        }
    }
    for (int q = 0; q < p->cells; q++) {
        p->count[0][COMBO_NONE]++;
        p->count[1][COMBO_NONE]++;
        refresh_all(p, q);
    }
    for (int q = 0; q < p->cells; q++)
        if (board_at(b, q) != STONE_NONE)
            position_place(p, q, board_at(b, q));
}

void position_place(struct position *p, int pos, enum stone stone)
{
    board_place(&p->b, pos, stone);
    set_cell(p, 0, pos, 0);
    set_cell(p, 1, pos, 0);
    update_lines(p, pos, position_side(stone), 1);
    update_near(p, pos, 1);
}

void position_remove(struct position *p, int pos)
{
    int s = position_side(board_at(&p->b, pos));
    board_remove(&p->b, pos);
    update_lines(p, pos, s, -1);
    update_near(p, pos, -1);
    /* The stones placed after this one are gone, so the cell's keys are
     * what they were when it was filled, and so are the classes it kept. */
    set_cell(p, 0, pos, pattern_cell(p->pt, p->cidx[0][pos]));
    set_cell(p, 1, pos, pattern_cell(p->pt, p->cidx[1][pos]));
}

enum pattern position_best_line(const struct position *p, int side, int pos)
{
    uint8_t best = 0;
    for (int d = 0; d < 4; d++)
        if (p->pat[side][pos][d] > best)
            best = p->pat[side][pos][d];
    return (enum pattern)best;
}

int position_fives(const struct position *p, int side, int around, int *out, int max)
{
    int n = 0;
    if (around < 0) {
        for (int q = 0; q < p->cells; q++)
            if (position_combo(p, side, q) == COMBO_5) {
                if (n < max)
                    out[n] = q;
                n++;
            }
        return n;
    }
    for (int d = 0; d < 4; d++)
        for (int dir = 0; dir < 2; dir++) {
            int step = dir ? p->step[d] : -p->step[d];
            int r = p->reach[d][dir][around];
            for (int i = 1; i <= r; i++) {
                int q = around + i * step;
                if (p->b.cell[q] != STONE_NONE || position_combo(p, side, q) != COMBO_5)
                    continue;
                bool seen = false;
                for (int j = 0; j < n && j < max; j++)
                    seen |= out[j] == q;
                if (!seen) {
                    if (n < max)
                        out[n] = q;
                    n++;
                }
            }
        }
    return n;
}
