/* position.h — a board seen by the search: line classes of every empty cell
 * for both sides, kept up to date move by move.
 *
 * Wraps a struct board (its hash is the position's key). Placing a stone
 * touches only the cells within `half` of it along its four lines: their
 * neighbourhood indices, classes, combinations and weights, the per-side sums
 * of the evaluation weights and the per-side sets of cells of each forcing
 * combination.
 * Each placement pushes an undo record of what it changed, so taking the
 * stone back restores instead of recomputing. So "does the side to move have
 * a winning cell?" or "an open four?" is a few words read, "where are
 * its fours?" a walk over a bit set, and the evaluation two running sums. No
 * allocation: the struct is a plain value, set up once per search by
 * position_init.
 *
 * Sides are indexed 0 (Black) and 1 (White): position_side(stone).
 */
#ifndef MNK_ENGINE_POSITION_H
#define MNK_ENGINE_POSITION_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/pattern.h"
#include "mnk/ai.h"
#include "mnk/board.h"
#include "mnk/rules.h"

#define POSITION_WORDS ((BOARD_MAX_CELLS + 63) / 64)

/* A set of cells, one bit per cell index. */
struct cellset {
    uint64_t w[POSITION_WORDS];
};

/* The forcing combinations that get a cell set of their own: COMBO_F3 up. */
#define POSITION_SET_FIRST COMBO_F3
#define POSITION_SETS (COMBO_COUNT - POSITION_SET_FIRST)

/* What the position knows of one cell. */
struct position_cell {
    uint32_t cell[2];   /* per side: the cell's value (pattern_cell); 0 on a stone */
    uint32_t cidx;      /* the four classes as a cell index: Black's | White's << 16 */
    uint8_t pat[4];     /* per line: Black's class | White's << 4; kept on a stone */
};

/* What a placement changed, beyond its cells (private). */
struct position_frame {
    int first;                        /* its first entry in changes[] */
    int first_flip;                   /* and in flips[] */
    int32_t total[2][2];
    uint32_t cell[2];                 /* the placed cell's values before */
};

/* A placement changes at most 2·(BOARD_MAX_SIDE − 1) cells on each of four
 * lines; at most BOARD_MAX_CELLS placements are undone. */
#define POSITION_MAX_CHANGES (BOARD_MAX_CELLS * 8 * (BOARD_MAX_SIDE - 1))

/* A bit flipped in a forcing set: its word among all the sets' words
 * (set_word) above its place in the word. Each changed cell moves between
 * at most two sets per side, and the stone leaves at most one per side. */
#define POSITION_MAX_FLIPS (4 * POSITION_MAX_CHANGES + 2 * BOARD_MAX_CELLS)
_Static_assert(2 * POSITION_SETS * POSITION_WORDS * 64 <= UINT16_MAX + 1,
               "a flip fits its 16 bits");

struct position {
    struct board b;
    const struct pattern_table *pt;
    int cells;
    int words;                                /* words of a cell set in use */
    int step[4];                              /* index delta along each line */
    uint8_t reach[4][2][BOARD_MAX_CELLS];     /* cells inside, backward/forward, ≤ half */
    uint8_t lid[4][BOARD_MAX_CELLS];          /* the line of each cell in each direction */
    uint8_t lpos[4][BOARD_MAX_CELLS];         /* and its place along that line */
    uint64_t line[4][2 * BOARD_MAX_SIDE];     /* each line, two bits a cell (PATTERN_PAIR_*) */
    uint32_t term[4][256];                    /* a line's classes as a term of cidx */
    struct position_cell ci[BOARD_MAX_CELLS];
    /* Per side, the sum of the evaluation weights of its empty cells: [0]
     * weighed as the side to move, [1] as the other side. */
    int32_t total[2][2];
    union {
        struct cellset set[2][POSITION_SETS]; /* empty cells of each forcing combination */
        uint64_t set_word[2 * POSITION_SETS * POSITION_WORDS]; /* the same words, in a row */
    };
    struct cellset stones;                    /* occupied cells */
    /* The board's cells; those with at least 1, at least 2 cells to their
     * left, and to their right (for position_candidates). */
    struct cellset inside, left[2], right[2];

    /* The undo stack: one frame per stone placed since position_init. */
    int depth;
    int nchanges;
    int nflips;
    int16_t placed[BOARD_MAX_CELLS];
    struct position_frame frame[BOARD_MAX_CELLS];
    /* The cells whose classes changed with a placement, what they were
     * before it, and the bits it flipped in the forcing sets. */
    int16_t changed[POSITION_MAX_CHANGES];
    struct position_cell changes[POSITION_MAX_CHANGES];
    uint16_t flips[POSITION_MAX_FLIPS];
};

static inline int position_side(enum stone s)
{
    return (int)s - 1;
}

/* Sets p up from board b (any stones on it) with the classes of table pt,
 * which must match b's win length and rule and outlive p. */
void position_init(struct position *p, const struct pattern_table *pt,
                   const struct board *b);

/* Puts `stone` on the empty cell `pos` and updates every class it changes. */
void position_place(struct position *p, int pos, enum stone stone);

/* Takes back the stone placed last since position_init (which must be the
 * one on `pos`), restoring exactly the state before its place. */
void position_remove(struct position *p, int pos);

/* Whether a stone of `side` (0/1) on the empty cell pos would leave the
 * other side no empty cell of combination c (COMBO_F3 up) or stronger. Read
 * from the line words without placing the stone: a stone never raises the
 * other side's classes, so only its cells of c or stronger on pos's lines,
 * within `half` of it, can drop below c; p is left as it was. */
bool position_stops(struct position *p, int side, int pos, enum combo c);

/* The combination a stone of `side` (0/1) would make on the empty cell pos. */
static inline enum combo position_combo(const struct position *p, int side, int pos)
{
    return pattern_combo_of(p->ci[pos].cell[side]);
}

/* Its weight for ordering moves (0 on an occupied cell). */
static inline int position_weight(const struct position *p, int side, int pos)
{
    return pattern_weight_of(p->ci[pos].cell[side]);
}

/* The cell index (pattern_cell_weight digits) of `side`'s four classes on
 * the empty cell pos, as the position keeps it. */
static inline int position_index(const struct position *p, int side, int pos)
{
    return (int)(p->ci[pos].cidx >> 16 * side & 0xffff);
}

/* Where cell q lies from the stone on cell s (−1: none, then 0): the
 * bucket of pattern_order_near (PATTERN_NEAR). */
static inline int position_near(const struct position *p, int s, int q)
{
    if (s < 0)
        return 0;
    int dx = p->lpos[0][q] - p->lpos[0][s], dy = p->lid[0][q] - p->lid[0][s];
    int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    int cheb = adx > ady ? adx : ady;
    return (cheb < 5 ? cheb : 5) * 2 + (dx == 0 || dy == 0 || adx == ady);
}

/* The line (0..3) through cells a and b when they lie on one within `half`
 * of each other (a line's neighbourhood reach), −1 otherwise. */
static inline int position_line_between(const struct position *p, int a, int b)
{
    /* Along a row the place is x, and the row is y. */
    int dx = p->lpos[0][b] - p->lpos[0][a], dy = p->lid[0][b] - p->lid[0][a];
    int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    if (adx > p->pt->half || ady > p->pt->half)
        return -1;
    return dy == 0 ? 0 : dx == 0 ? 1 : dx == dy ? 2 : dx == -dy ? 3 : -1;
}

/* The class of `side` along line d (0..3) on the empty cell pos. */
static inline enum pattern position_line(const struct position *p, int side, int pos, int d)
{
    return (enum pattern)(p->ci[pos].pat[d] >> 4 * side & 15);
}

/* The empty cells where `side` makes combination c (COMBO_F3 or stronger). */
static inline const struct cellset *position_set(const struct position *p, int side,
                                                 enum combo c)
{
    return &p->set[side][c - POSITION_SET_FIRST];
}

static inline bool cellset_has(const struct cellset *s, int q)
{
    assert(q >= 0 && q < BOARD_MAX_CELLS);   /* a cell index, not -1 */
    return s->w[q >> 6] >> (q & 63) & 1;
}

static inline void cellset_add(struct cellset *s, int q)
{
    assert(q >= 0 && q < BOARD_MAX_CELLS);
    s->w[q >> 6] |= (uint64_t)1 << (q & 63);
}

/* The lowest cell of s, or −1 when it is empty; `words` as in the position. */
static inline int cellset_first(const struct cellset *s, int words)
{
    for (int i = 0; i < words; i++)
        if (s->w[i] != 0)
            return i * 64 + __builtin_ctzll(s->w[i]);
    return -1;
}

/* Whether `side` has an empty cell making combination c (COMBO_F3 up). */
static inline bool position_any(const struct position *p, int side, enum combo c)
{
    const struct cellset *s = position_set(p, side, c);
    uint64_t any = 0;
    for (int i = 0; i < p->words; i++)
        any |= s->w[i];
    return any != 0;
}

/* Whether `side` has two or more empty cells making combination c (COMBO_F3
 * up). */
static inline bool position_several(const struct position *p, int side, enum combo c)
{
    const struct cellset *s = position_set(p, side, c);
    bool seen = false;
    for (int i = 0; i < p->words; i++) {
        uint64_t w = s->w[i];
        if (w == 0)
            continue;
        if (seen || (w & (w - 1)) != 0)
            return true;
        seen = true;
    }
    return false;
}

/* How many empty cells make combination c (COMBO_F3 up) for `side`. */
static inline int position_count(const struct position *p, int side, enum combo c)
{
    const struct cellset *s = position_set(p, side, c);
    int n = 0;
    for (int i = 0; i < p->words; i++)
        n += __builtin_popcountll(s->w[i]);
    return n;
}

/* The mask of threats of pattern_eval_threat with `me` (0/1) to move (see
 * PATTERN_THREATS). */
static inline int position_threats(const struct position *p, int me)
{
    int mask = 0;
    for (int side = 0; side < 2; side++) {
        int who = side ? 1 - me : me;
        int threes = position_count(p, who, COMBO_F3);
        int fours = position_count(p, who, COMBO_4);
        int kinds = (threes > 0) |
                    position_any(p, who, COMBO_33) << (COMBO_33 - COMBO_F3) |
                    (fours > 0) << (COMBO_4 - COMBO_F3) |
                    position_any(p, who, COMBO_43) << (COMBO_43 - COMBO_F3);
        int level = (threes < 2 ? 0 : threes < 4 ? 1 : threes < 7 ? 2 : 3) |
                    (fours < 2 ? 0 : fours < 4 ? 1 : 2) << 2;
        mask |= kinds << side * PATTERN_THREAT_KINDS |
                level << (PATTERN_THREAT_COUNTS + side * PATTERN_THREAT_SIDE_BITS);
    }
    return mask;
}

/* The first empty cell where `side` makes combination c (COMBO_F3 up), or
 * −1. */
static inline int position_first(const struct position *p, int side, enum combo c)
{
    return cellset_first(position_set(p, side, c), p->words);
}

/* Whether `side` (0/1) has a cell making a four or better. */
static inline bool position_any_four(const struct position *p, int side)
{
    return position_any(p, side, COMBO_4) || position_any(p, side, COMBO_43) ||
           position_any(p, side, COMBO_F4) || position_any(p, side, COMBO_5);
}

/* Whether `side` (0/1) may play the empty cell q: always, but for Black
 * under renju, whose forbidden moves (rules_forbidden) it may not make.
 * Only a cell where Black would make two threes or more (COMBO_33 up; a
 * run of six shows as a five) can be forbidden, so the rules are asked
 * about those alone. */
static inline bool position_allowed(const struct position *p, int side, int q)
{
    return side != 0 || !rule_info(p->b.rule)->forbidden ||
           position_combo(p, 0, q) < COMBO_33 || rules_forbidden(&p->b, q) == FORBID_NONE;
}

/* Whether `side` has an empty cell making combination c (COMBO_F3 up) that
 * it may play (position_allowed). */
bool position_any_allowed(const struct position *p, int side, enum combo c);

/* How many empty cells make a five that wins for `side` (0/1): 0, 1, or 2
 * for several; *cell receives the first. Under renju Black's runs of six
 * or more do not win (and are forbidden). */
int position_fives(const struct position *p, int side, int *cell);

/* position_decide under renju (below). */
int position_decide_renju(const struct position *p, int me, int ply, int *forced);

/* Under caro, the empty cells where a stone of `me` (0/1) leaves the other
 * side no five to make: at most two, into out; how many returned (0 when
 * it has fives and nothing stops them all, or when it has none). A five's
 * own cell stops it, and so does the open end of the run it would make
 * when that run's other end is me's stone already: a run of k or more is
 * no five with both ends blocked (o.xxxx.o: a stone on either point blocks
 * the other). Read from the board, as rules_is_win counts runs. */
int position_caro_blocks(const struct position *p, int me, int out[2]);

/* position_decide under caro (below). */
int position_decide_caro(const struct position *p, int me, int ply, int *forced);

/* The empty cells where a stone of `me` (0/1) leaves the other side no
 * cell of combination c (COMBO_F3 up) or stronger (position_stops) into
 * out, empty when it has none. Found on the lines through one such cell,
 * within `half` of it: a stone farther away changes none of its classes. */
void position_stoppers(struct position *p, int me, enum combo c, struct cellset *out);

/* The tail of position_decide, with no five to make or block: an open four
 * `me` can make wins, and so does a four-three or double three when the
 * other side has no four to answer with; 0 otherwise. */
static inline int position_decide_shapes(const struct position *p, int me, int ply)
{
    if (position_any(p, me, COMBO_F4))
        return AI_SCORE_WIN - ply - 3;
    if (!position_any_four(p, 1 - me) &&
        (position_any(p, me, COMBO_43) || position_any(p, me, COMBO_33)))
        return AI_SCORE_WIN - ply - 5;
    return 0;
}

/* What the line classes alone say with `me` (0/1) to move, `ply` plies
 * below the root: a win or loss score (mnk/ai.h), or 0 when nothing is
 * decided. *forced receives the cell that must be blocked (the other
 * side's five to make), or −1. Decided: a five to make; two of the other
 * side's to block; an open four to make; a four-three or double three to
 * make when the other side has no four to answer with. Under renju Black's
 * runs of six are no fives, a five Black may only block on a forbidden
 * cell wins for White, and Black's open fours, four-threes and double
 * threes are left to the search (they may be forbidden, or not what the
 * classes say). Under caro two fives may have one block, and a five two
 * (position_caro_blocks): the other side's fives lose only when no stone
 * stops them all, and *forced is the first block (movepick.h tries the
 * second). The search's leaves and the tools' "quiet position" both start
 * from this. */
static inline int position_decide(const struct position *p, int me, int ply, int *forced)
{
    int op = 1 - me;
    *forced = -1;
    if (p->b.rule == RULE_RENJU)
        return position_decide_renju(p, me, ply, forced);
    if (p->b.rule == RULE_CARO)
        return position_decide_caro(p, me, ply, forced);
    if (position_any(p, me, COMBO_5))
        return AI_SCORE_WIN - ply - 1;
    if (position_several(p, op, COMBO_5))
        return -(AI_SCORE_WIN - ply - 2);
    if (position_any(p, op, COMBO_5)) {
        *forced = position_first(p, op, COMBO_5);
        return 0;
    }
    return position_decide_shapes(p, me, ply);
}

/* The candidate moves: empty cells with a stone within two (in the 5×5
 * square around one). */
void position_candidates(const struct position *p, struct cellset *out);

/* Walks the cells of a set: cellset_iter_init(&it, set, words), then
 * `for (int q; (q = cellset_next(&it)) >= 0;)`. The set is copied, so the
 * body may play and take back moves. */
struct cellset_iter {
    struct cellset s;
    int word, words;
};

static inline void cellset_iter_init(struct cellset_iter *it, const struct cellset *s, int words)
{
    for (int i = 0; i < words; i++)
        it->s.w[i] = s->w[i];
    it->word = 0;
    it->words = words;
}

static inline int cellset_next(struct cellset_iter *it)
{
    while (it->word < it->words) {
        uint64_t *w = &it->s.w[it->word];
        if (*w != 0) {
            int q = it->word * 64 + __builtin_ctzll(*w);
            *w &= *w - 1;
            return q;
        }
        it->word++;
    }
    return -1;
}

#endif
