/* position.c — incremental line classes; see position.h.
 *
 * Every line of the board (rows, columns, both diagonals) is one 64-bit word
 * holding two bits a cell (PATTERN_PAIR_*: empty, black, white; zero beyond
 * the board, so the edges read as walls). A cell's neighbourhood along a line
 * is that word shifted, and one look-up in the pair table gives both sides'
 * classes there. Placing a stone flips two bits in each of its four line
 * words and re-reads the empty cells within `half` of it; taking it back
 * flips them again and restores what the placement recorded.
 *
 * Invariant: for every empty cell q and line d, ci[q].pat[d] holds both
 * sides' classes of q's neighbourhood, ci[q].cell[s] the combination of side
 * s's four classes (half s of ci[q].cidx indexes it), set[s][c] holds q
 * exactly when that combination is c (for the forcing ones), stones holds
 * the occupied cells, and total[s][w] sums the evaluation weights of side s
 * over the empty cells, from table w (0: as the side to move, 1: as the
 * other side).
 * An occupied cell keeps the classes it had when it was filled: stones come
 * off in the reverse order they went on, so when it empties again every
 * stone placed after it is gone and those classes are right again.
 *
 * Without a pair table (very large k) the classes are read from the board.
 * A placement records, in its frame, the totals and the values of its own
 * cell as they were before it; every cell whose classes on a line changed,
 * with the values it had (each once: it lies on one line through the
 * stone); and every bit it flipped in the forcing sets. Taking it back
 * copies the values back and flips the bits again, with no look-up and no
 * comparison.
 */
#include "engine/position.h"

#include <assert.h>
#include <string.h>

#include "mnk/rules.h"

static inline void set_bit(struct cellset *s, int q)
{
    assert(q >= 0 && q < BOARD_MAX_CELLS);
    s->w[q >> 6] |= (uint64_t)1 << (q & 63);
}

static inline void clear_bit(struct cellset *s, int q)
{
    assert(q >= 0 && q < BOARD_MAX_CELLS);
    s->w[q >> 6] &= ~((uint64_t)1 << (q & 63));
}

/* The pair-coded neighbourhood of the cell at place c of line word `line`. */
static inline uint32_t pair_index(uint64_t line, int c, int half)
{
    uint64_t w = c >= half ? line >> 2 * (c - half) : line << 2 * (half - c);
    uint64_t low = ((uint64_t)1 << 2 * half) - 1;
    return (uint32_t)((w & low) | (w >> 2 * (half + 1) & low) << 2 * half);
}

/* Both sides' classes of q along d (Black's | White's << 4), from the line
 * word or, lacking a table, from the board. */
static uint8_t line_pair(const struct position *p, int d, int q)
{
    const struct pattern_table *pt = p->pt;
    if (pattern_tabulated(pt))
        return pattern_pair(pt, pair_index(p->line[d][p->lid[d][q]], p->lpos[d][q], pt->half));
    uint8_t line[2][PATTERN_LINE_MAX];
    pattern_read_line(&p->b, q, d, pt->half, line);
    return (uint8_t)(pattern_classify(pt, line[0]) | pattern_classify(pt, line[1]) << 4);
}

/* Flips bit f of set_word, as a flip is logged. */
static inline void flip_bit(struct position *p, int f)
{
    p->set_word[f >> 6] ^= (uint64_t)1 << (f & 63);
}

/* Moves q between the forcing sets as its combination goes from old to new,
 * logging each bit it flips so that position_remove can flip it back. */
static inline void move_between_sets(struct position *p, int s, int q, uint32_t old, uint32_t v)
{
    enum combo co = pattern_combo_of(old), cn = pattern_combo_of(v);
    if (co == cn)
        return;
    int cell = (s * POSITION_SETS - POSITION_SET_FIRST) * POSITION_WORDS * 64 + q;
    if (co >= POSITION_SET_FIRST) {
        int f = cell + (int)co * POSITION_WORDS * 64;
        flip_bit(p, f);
        p->flips[p->nflips++] = (uint16_t)f;
    }
    if (cn >= POSITION_SET_FIRST) {
        int f = cell + (int)cn * POSITION_WORDS * 64;
        flip_bit(p, f);
        p->flips[p->nflips++] = (uint16_t)f;
    }
}

/* Gives empty cell q, for side s, the value of cell index `to` instead of
 * that of index `from` (PATTERN_STONE: a stone). */
static inline void set_cell(struct position *p, int s, int q, int from, int to)
{
    uint32_t old = p->ci[q].cell[s], v = pattern_cell(p->pt, s, to);
    p->total[s][0] += pattern_eval_of(v) - pattern_eval_of(old);
    p->total[s][1] += pattern_eval_waiting(p->pt, s, to) - pattern_eval_waiting(p->pt, s, from);
    move_between_sets(p, s, q, old, v);
    p->ci[q].cell[s] = v;
}

/* Gives empty cell q the classes `pair` on line d, recording the old state
 * as change *n; Black's values are read from black[], White's from white[]
 * (the pattern table's cell[0] and cell[1]). The evaluation sums go to
 * `total`: both kept by the caller
 * (in registers, where the stores through `cells`-like pointers would
 * otherwise force them back to memory). */
static inline __attribute__((always_inline)) void reclass(struct position *p,
                                                         const struct pattern_entry *black,
                                                         const struct pattern_entry *white,
                                                         int d, int q, uint8_t pair,
                                                         int *n, int32_t total[2][2])
{
    struct position_cell *ci = &p->ci[q];
    struct position_cell was = *ci;
    p->changed[*n] = (int16_t)q;
    p->changes[*n] = was;
    ++*n;
    ci->pat[d] = pair;
    /* Modulo 2^32 the halves cannot borrow from each other: each ends within
     * 0..PATTERN_CELLS − 1. */
    uint32_t cidx = was.cidx + p->term[d][pair] - p->term[d][was.pat[d]];
    ci->cidx = cidx;
    /* Both look-ups, even for a side whose class stayed: the value is the
     * same then. */
    const struct pattern_entry *e0 = &black[cidx & 0xffff], *e1 = &white[cidx >> 16];
    uint32_t v0 = e0->value, v1 = e1->value;
    ci->cell[0] = v0;
    ci->cell[1] = v1;
    total[0][0] += pattern_eval_of(v0) - pattern_eval_of(was.cell[0]);
    total[1][0] += pattern_eval_of(v1) - pattern_eval_of(was.cell[1]);
    total[0][1] += e0->waiting - black[was.cidx & 0xffff].waiting;
    total[1][1] += e1->waiting - white[was.cidx >> 16].waiting;
    if (((v0 ^ was.cell[0]) | (v1 ^ was.cell[1])) >> PATTERN_COMBO_SHIFT) {
        move_between_sets(p, 0, q, was.cell[0], v0);
        move_between_sets(p, 1, q, was.cell[1], v1);
    }
}

/* Classifies empty cell q on all four lines (set-up only: not recorded). */
static void refresh_all(struct position *p, int q)
{
    struct position_cell *ci = &p->ci[q];
    int idx[2] = { 0, 0 };
    for (int d = 0; d < 4; d++) {
        ci->pat[d] = line_pair(p, d, q);
        for (int s = 0; s < 2; s++)
            idx[s] += (ci->pat[d] >> 4 * s & 15) * pattern_cell_weight[d];
    }
    ci->cidx = (uint32_t)idx[0] | (uint32_t)idx[1] << 16;
    for (int s = 0; s < 2; s++)
        set_cell(p, s, q, PATTERN_STONE, idx[s]);
}

/* Flips the two bits of pos in its four line words: a stone of side s goes
 * on or comes off. */
static inline void flip_lines(struct position *p, int pos, int s)
{
    uint64_t code = s == 0 ? PATTERN_PAIR_EMPTY ^ PATTERN_PAIR_BLACK
                           : PATTERN_PAIR_EMPTY ^ PATTERN_PAIR_WHITE;
    for (int d = 0; d < 4; d++)
        p->line[d][p->lid[d][pos]] ^= code << 2 * p->lpos[d][pos];
}

/* update_lines for a pair table of neighbourhoods of `half`, a constant
 * where it is inlined. */
static inline __attribute__((always_inline)) void update_tabulated(struct position *p, int pos,
                                                                    const int half)
{
    const uint8_t *pairs = p->pt->pair;
    const struct pattern_entry *black = p->pt->cell[0], *white = p->pt->cell[1];
    const uint64_t low = ((uint64_t)1 << 2 * half) - 1;
    /* The low bit of each cell of the neighbours' places, half to 3·half. */
    const uint64_t places = (((uint64_t)1 << 2 * (2 * half + 1)) - 1) << 2 * half &
                            0x5555555555555555u;
    int32_t total[2][2] = { { p->total[0][0], p->total[0][1] },
                            { p->total[1][0], p->total[1][1] } };
    int n = p->nchanges;
    for (int d = 0; d < 4; d++) {
        uint64_t line = p->line[d][p->lid[d][pos]];
        int c = p->lpos[d][pos], step = p->step[d];
        /* The line from place c − 2·half up, walls (zeros) beyond its ends: a
         * neighbour i steps away is cell j = i + 2·half of it, and has its
         * own neighbourhood at bit 2·(j − half). */
        uint64_t base = c >= 2 * half ? line >> 2 * (c - 2 * half) : line << 2 * (2 * half - c);
        int q0 = pos - 2 * half * step;
        /* Only the empty cells (PATTERN_PAIR_EMPTY: both bits set), which
         * leaves out the stone itself and whatever is off the board. */
        for (uint64_t m = base & base >> 1 & places; m != 0; m &= m - 1) {
            int j = __builtin_ctzll(m) >> 1;
            uint64_t w = base >> 2 * (j - half);
            uint8_t pair = pairs[(w & low) | (w >> 2 * (half + 1) & low) << 2 * half];
            int q = q0 + j * step;
            if (pair != p->ci[q].pat[d])
                reclass(p, black, white, d, q, pair, &n, total);
        }
    }
    p->nchanges = n;
    memcpy(p->total, total, sizeof total);
}

/* Reclassifies the empty cells within `half` of the stone just put on pos. */
static void update_lines(struct position *p, int pos)
{
    const struct pattern_table *pt = p->pt;
    if (pattern_tabulated(pt)) {
        switch (pt->half) {
        case 4: update_tabulated(p, pos, 4); return;
        case 5: update_tabulated(p, pos, 5); return;
        case 3: update_tabulated(p, pos, 3); return;
        default: update_tabulated(p, pos, pt->half); return;
        }
    }
    for (int d = 0; d < 4; d++)
        for (int dir = 0; dir < 2; dir++) {
            int step = dir ? p->step[d] : -p->step[d];
            int n = p->reach[d][dir][pos];
            for (int i = 1, q = pos + step; i <= n; i++, q += step) {
                if (p->b.cell[q] != STONE_NONE)
                    continue;
                uint8_t pair = line_pair(p, d, q);
                if (pair != p->ci[q].pat[d])
                    reclass(p, pt->cell[0], pt->cell[1], d, q, pair, &p->nchanges,
                            p->total);
            }
        }
}

void position_init(struct position *p, const struct pattern_table *pt,
                   const struct board *b)
{
    p->pt = pt;
    p->cells = board_cells(b);
    p->words = (p->cells + 63) / 64;
    board_init(&p->b, b->width, b->height, b->win, b->rule);
    memset(p->total, 0, sizeof p->total);
    memset(p->ci, 0, sizeof p->ci);
    memset(p->set, 0, sizeof p->set);
    memset(p->line, 0, sizeof p->line);
    memset(&p->stones, 0, sizeof p->stones);
    memset(&p->inside, 0, sizeof p->inside);
    memset(p->left, 0, sizeof p->left);
    memset(p->right, 0, sizeof p->right);
    p->depth = 0;
    p->nchanges = 0;
    p->nflips = 0;
    for (int d = 0; d < 4; d++)
        for (int pair = 0; pair < 256; pair++)
            p->term[d][pair] = ((uint32_t)(pair & 15) | (uint32_t)(pair >> 4) << 16) *
                               (uint32_t)pattern_cell_weight[d];
    int w = b->width;
    for (int d = 0; d < 4; d++)
        p->step[d] = rules_dir[d][0] + rules_dir[d][1] * w;
    for (int q = 0; q < p->cells; q++) {
        int x = board_x(b, q), y = board_y(b, q);
        /* Rows by y, columns by x, diagonals by x − y and x + y; the place
         * along a line is x, except along a column. */
        set_bit(&p->inside, q);
        for (int i = 0; i < 2; i++) {
            if (x > i)
                set_bit(&p->left[i], q);
            if (x < w - 1 - i)
                set_bit(&p->right[i], q);
        }
        int lid[4] = { y, x, x - y + b->height - 1, x + y };
        for (int d = 0; d < 4; d++) {
            int dx = rules_dir[d][0], dy = rules_dir[d][1];
            p->lid[d][q] = (uint8_t)lid[d];
            p->lpos[d][q] = (uint8_t)(d == 1 ? y : x);
            p->line[d][lid[d]] |= (uint64_t)PATTERN_PAIR_EMPTY << 2 * p->lpos[d][q];
            for (int dir = 0; dir < 2; dir++) {
                int sg = dir ? 1 : -1, n = 0;
                while (n < pt->half && board_inside(b, x + sg * (n + 1) * dx, y + sg * (n + 1) * dy))
                    n++;
                p->reach[d][dir][q] = (uint8_t)n;
            }
        }
    }
    for (int q = 0; q < p->cells; q++)
        refresh_all(p, q);
    p->nflips = 0;
    for (int q = 0; q < p->cells; q++)
        if (board_at(b, q) != STONE_NONE)
            position_place(p, q, board_at(b, q));
    /* The board's stones are never taken back: start the undo stack here. */
    p->depth = 0;
    p->nchanges = 0;
    p->nflips = 0;
}

void position_place(struct position *p, int pos, enum stone stone)
{
    assert(p->depth < BOARD_MAX_CELLS);
    struct position_frame *f = &p->frame[p->depth];
    p->placed[p->depth++] = (int16_t)pos;
    f->first = p->nchanges;
    f->first_flip = p->nflips;
    memcpy(f->total, p->total, sizeof f->total);
    memcpy(f->cell, p->ci[pos].cell, sizeof f->cell);
    board_place(&p->b, pos, stone);
    set_cell(p, 0, pos, (int)(p->ci[pos].cidx & 0xffff), PATTERN_STONE);
    set_cell(p, 1, pos, (int)(p->ci[pos].cidx >> 16), PATTERN_STONE);
    set_bit(&p->stones, pos);
    flip_lines(p, pos, position_side(stone));
    update_lines(p, pos);
}

void position_remove(struct position *p, int pos)
{
    /* Only the last stone placed can be taken back: its frame is the one on
     * top, and the changes logged since it are its own. */
    assert(p->depth > 0 && p->placed[p->depth - 1] == pos);
    const struct position_frame *f = &p->frame[--p->depth];
    flip_lines(p, pos, position_side(board_at(&p->b, pos)));
    board_remove(&p->b, pos);
    clear_bit(&p->stones, pos);
    /* A placement changes each cell at most once (each lies on one line
     * through the stone), so the order does not matter. */
    for (int i = f->first; i < p->nchanges; i++)
        p->ci[p->changed[i]] = p->changes[i];
    p->nchanges = f->first;
    for (int i = f->first_flip; i < p->nflips; i++)
        flip_bit(p, p->flips[i]);
    p->nflips = f->first_flip;
    memcpy(p->ci[pos].cell, f->cell, sizeof f->cell);
    memcpy(p->total, f->total, sizeof p->total);
}

bool position_stops(struct position *p, int side, int pos, enum combo c)
{
    const struct pattern_table *pt = p->pt;
    int other = 1 - side;
    if (!pattern_tabulated(pt)) {
        position_place(p, pos, (enum stone)(side + 1));
        bool stops = true;
        for (enum combo k = c; k < COMBO_COUNT && stops; k++)
            stops = !position_any(p, other, k);
        position_remove(p, pos);
        return stops;
    }
    uint64_t code = side == 0 ? PATTERN_PAIR_EMPTY ^ PATTERN_PAIR_BLACK
                              : PATTERN_PAIR_EMPTY ^ PATTERN_PAIR_WHITE;
    for (enum combo k = c; k < COMBO_COUNT; k++) {
        struct cellset_iter it;
        cellset_iter_init(&it, position_set(p, other, k), p->words);
        for (int q; (q = cellset_next(&it)) >= 0;) {
            if (q == pos)
                continue;
            int d = position_line_between(p, pos, q);
            if (d < 0)
                return false;
            /* q's class along d with the stone on pos, and its combination. */
            uint64_t line = p->line[d][p->lid[d][q]] ^ code << 2 * p->lpos[d][pos];
            int now = pattern_pair(pt, pair_index(line, p->lpos[d][q], pt->half)) >> 4 * other & 15;
            int was = p->ci[q].pat[d] >> 4 * other & 15;
            int idx = (int)(p->ci[q].cidx >> 16 * other & 0xffff) +
                      (now - was) * pattern_cell_weight[d];
            if (pattern_combo_of(pattern_cell(pt, other, idx)) >= c)
                return false;
        }
    }
    return true;
}

/* dst |= (src shifted k cells up, 0 < k < 64) & mask, over `words` words. */
static inline void or_up(uint64_t *dst, const uint64_t *src, int k, const uint64_t *mask,
                         int words)
{
    uint64_t carry = 0;
    for (int i = 0; i < words; i++) {
        dst[i] |= (src[i] << k | carry) & mask[i];
        carry = src[i] >> (64 - k);
    }
}

/* The same, k cells down. */
static inline void or_down(uint64_t *dst, const uint64_t *src, int k, const uint64_t *mask,
                           int words)
{
    uint64_t carry = 0;
    for (int i = words - 1; i >= 0; i--) {
        dst[i] |= (src[i] >> k | carry) & mask[i];
        carry = src[i] << (64 - k);
    }
}

/* The stones grown by two cells along the rows, then by two rows: nothing
 * to undo, and cheaper here, once a node, than kept up to date on every
 * placement (most of them the threat-space search's, which never asks). */
bool position_any_allowed(const struct position *p, int side, enum combo c)
{
    if (side != 0 || !rule_info(p->b.rule)->forbidden)
        return position_any(p, side, c);
    struct cellset_iter it;
    cellset_iter_init(&it, position_set(p, side, c), p->words);
    for (int q; (q = cellset_next(&it)) >= 0;)
        if (position_allowed(p, side, q))
            return true;
    return false;
}

int position_fives(const struct position *p, int side, int *cell)
{
    *cell = -1;
    if (side != 0 || !rule_info(p->b.rule)->forbidden) {
        *cell = position_first(p, side, COMBO_5);
        return position_several(p, side, COMBO_5) ? 2 : *cell >= 0;
    }
    /* A five is never forbidden: a cell where the rules forbid Black's
     * five-class run is an overline. */
    int n = 0;
    struct cellset_iter it;
    cellset_iter_init(&it, position_set(p, side, COMBO_5), p->words);
    for (int q; n < 2 && (q = cellset_next(&it)) >= 0;) {
        if (rules_forbidden(&p->b, q) != FORBID_NONE)
            continue;
        if (n++ == 0)
            *cell = q;
    }
    return n;
}

int position_decide_renju(const struct position *p, int me, int ply, int *forced)
{
    int op = 1 - me, cell;
    *forced = -1;
    if (position_fives(p, me, &cell) > 0)
        return AI_SCORE_WIN - ply - 1;
    int theirs = position_fives(p, op, &cell);
    if (theirs >= 2)
        return -(AI_SCORE_WIN - ply - 2);
    if (theirs == 1) {
        /* Black cannot block on a forbidden cell: White's five comes. */
        if (!position_allowed(p, me, cell))
            return -(AI_SCORE_WIN - ply - 2);
        *forced = cell;
        return 0;
    }
    return me == 0 ? 0 : position_decide_shapes(p, me, ply);
}

void position_candidates(const struct position *p, struct cellset *out)
{
    int n = p->words, w = p->b.width;
    const uint64_t *s = p->stones.w, *all = p->inside.w;
    uint64_t row[POSITION_WORDS];
    memcpy(row, s, sizeof(uint64_t) * (size_t)n);
    for (int i = 0; i < 2; i++) {
        /* Up a cell index is rightwards: only cells with room to their left
         * receive. */
        or_up(row, s, i + 1, p->left[i].w, n);
        or_down(row, s, i + 1, p->right[i].w, n);
    }
    memcpy(out->w, row, sizeof(uint64_t) * (size_t)n);
    for (int i = 1; i <= 2; i++) {
        or_up(out->w, row, i * w, all, n);
        or_down(out->w, row, i * w, all, n);
    }
    for (int i = 0; i < n; i++)
        out->w[i] &= ~s[i];
}

/* The cell past the run of `s` from (x, y) exclusive along (dx, dy): its
 * index, −1 off the board, and in *at what it holds (STONE_NONE off the
 * board: under caro the edge blocks nothing); *len receives the run's
 * length. */
static int past_run(const struct board *b, int x, int y, int dx, int dy, enum stone s,
                    int *len, enum stone *at)
{
    int n = 0;
    for (x += dx, y += dy; board_inside(b, x, y) && board_at(b, board_pos(b, x, y)) == s;
         x += dx, y += dy)
        n++;
    *len = n;
    bool in = board_inside(b, x, y);
    *at = in ? board_at(b, board_pos(b, x, y)) : STONE_NONE;
    return in ? board_pos(b, x, y) : -1;
}

/* The cells where a stone of `mine` stops the other side's five on f:
 * f itself, and s[1] the open end of the run f would make on the only line
 * where it wins, when that run's other end is mine already (−1: none). No
 * other cell does: a stone off the lines of f, or on one inside the run or
 * past its ends, leaves that run and its ends as they were. */
static void five_blocks(const struct board *b, int f, enum stone mine, int s[2])
{
    enum stone theirs = stone_other(mine);
    int x = board_x(b, f), y = board_y(b, f), lines = 0;
    s[0] = f;
    s[1] = -1;
    for (int d = 0; d < 4; d++) {
        int dx = rules_dir[d][0], dy = rules_dir[d][1], back, fwd;
        enum stone at_back, at_fwd;
        int end_back = past_run(b, x, y, -dx, -dy, theirs, &back, &at_back);
        int end_fwd = past_run(b, x, y, dx, dy, theirs, &fwd, &at_fwd);
        if (back + 1 + fwd < b->win || (at_back == mine && at_fwd == mine))
            continue; /* no five on this line */
        int open = at_back == mine && end_fwd >= 0 && at_fwd == STONE_NONE   ? end_fwd
                 : at_fwd == mine && end_back >= 0 && at_back == STONE_NONE ? end_back
                                                                             : -1;
        s[1] = ++lines == 1 ? open : -1;
    }
}

int position_caro_blocks(const struct position *p, int me, int out[2])
{
    int n = -1; /* −1: no five seen yet */
    struct cellset_iter it;
    cellset_iter_init(&it, position_set(p, 1 - me, COMBO_5), p->words);
    for (int f; n != 0 && (f = cellset_next(&it)) >= 0;) {
        int s[2];
        five_blocks(&p->b, f, (enum stone)(me + 1), s);
        if (n < 0) {
            n = 0;
            for (int i = 0; i < 2; i++)
                if (s[i] >= 0)
                    out[n++] = s[i];
            continue;
        }
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (out[i] == s[0] || out[i] == s[1])
                out[kept++] = out[i];
        n = kept;
    }
    return n < 0 ? 0 : n;
}

int position_decide_caro(const struct position *p, int me, int ply, int *forced)
{
    int op = 1 - me, cells[2];
    *forced = -1;
    if (position_any(p, me, COMBO_5))
        return AI_SCORE_WIN - ply - 1;
    if (position_any(p, op, COMBO_5)) {
        if (position_caro_blocks(p, me, cells) == 0)
            return -(AI_SCORE_WIN - ply - 2);
        *forced = cells[0];
        return 0;
    }
    return position_decide_shapes(p, me, ply);
}

void position_stoppers(struct position *p, int me, enum combo c, struct cellset *out)
{
    memset(out, 0, sizeof *out);
    int c0 = -1;
    for (enum combo k = c; k < COMBO_COUNT && c0 < 0; k++)
        c0 = position_first(p, 1 - me, k);
    if (c0 < 0)
        return;
    if (position_stops(p, me, c0, c))
        set_bit(out, c0);
    for (int d = 0; d < 4; d++)
        for (int dir = 0; dir < 2; dir++) {
            int step = dir ? p->step[d] : -p->step[d];
            int n = p->reach[d][dir][c0];
            for (int i = 1, q = c0 + step; i <= n; i++, q += step)
                if (p->b.cell[q] == STONE_NONE && position_stops(p, me, q, c))
                    set_bit(out, q);
        }
}
