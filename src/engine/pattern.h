/* pattern.h — what one more stone makes along one line, for any k and rule.
 *
 * A cell's neighbourhood along a line is the `half` cells on each side of it,
 * each seen by one side as empty, own, or blocked (an opponent stone or the
 * edge, told apart under caro). Its class says how close a stone put on the
 * cell brings that side to a winning run through the cell: FIVE wins at
 * once, FLEX4 leaves winning points no one stone of the opponent's takes
 * away (an open four: two or more, and under caro not two that one stone
 * stops, as in o.xxxx.o where a stone on either point blocks the other's
 * five at both ends), BLOCK4 winning points that one stone stops, FLEX3 can
 * become a FLEX4 with one more stone, BLOCK3 a BLOCK4, and so on down to
 * NONE (no winning run through the cell can ever be completed). The names
 * are those of k = 5; for other k they keep their meaning "moves from a
 * win", so on k = 3 an open two is a FLEX4.
 *
 * The classes are worked out once per (k, rule) by a memoised recursion over
 * every neighbourhood and kept in a table indexed by the neighbourhood in base
 * 3 (pattern_lookup), and for both sides at once in a table indexed by the
 * neighbourhood two bits a cell (pattern_pair). Base 3 does not tell the edge
 * from an opponent's stone, which only caro needs: there the base-3 table has
 * four parts, for whether the nearest blocked cell on each side of the
 * centre is the edge (the only blocked cells a run through the centre can
 * touch). Neighbourhoods too many to tabulate (large k) are
 * classified on demand, exactly down to the threes (to the fours past
 * k = 13), weaker classes estimated (pattern_classify).
 * pattern_read_line is the one reader of what a board's line holds, for
 * the position and the strategies alike.
 * Also here: the table from a cell's four line classes to its combination
 * (double four, four-three, double three...), its weight for ordering moves
 * and its evaluation weight (whose residuals by multiset of classes are data
 * in pattern_multiset.c, and under renju each colour's in pattern_renju.c;
 * the threat term's values, pattern_threat.c).
 */
#ifndef MNK_ENGINE_PATTERN_H
#define MNK_ENGINE_PATTERN_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/board.h"

enum pattern {
    PAT_NONE,
    PAT_BLOCK1,
    PAT_FLEX1,
    PAT_BLOCK2,
    PAT_FLEX2,
    PAT_BLOCK3,
    PAT_FLEX3,
    PAT_BLOCK4,
    PAT_FLEX4,
    PAT_FIVE,
    PAT_COUNT
};

/* What a stone on a cell makes over its four lines, strongest first in the
 * sense of forcing play. */
enum combo {
    COMBO_NONE,
    COMBO_LOW,    /* twos and closed threes only */
    COMBO_F3,     /* one open three */
    COMBO_33,     /* two open threes */
    COMBO_4,      /* one closed four (a forcing move) */
    COMBO_43,     /* a closed four and an open three */
    COMBO_F4,     /* an open four, or two fours: wins unless the opponent fives */
    COMBO_5,      /* a winning run */
    COMBO_COUNT
};

/* A cell of a neighbourhood, from the point of view of one side: empty, its
 * own stone, the opponent's, or off the board. The edge ends a run as the
 * opponent's stone does, but under caro it does not block it: a run of k
 * between the edge and an opponent's stone wins there. */
enum { LINE_EMPTY = 0, LINE_OWN = 1, LINE_BLOCKED = 2, LINE_WALL = 3 };

/* The largest neighbourhood that gets a table: 3^10 entries of one byte
 * (four times as many under caro) and 4^10 pairs, built in a few
 * milliseconds (half 6 would take ten times as long and 16 MiB of pairs,
 * too much for a first move at short time controls). */
#define PATTERN_MAX_TABLE_HALF 5

/* The places of a cell relative to a stone the move ordering tells apart
 * (position_near): Chebyshev distance 0..5 (5: farther), off or on one of
 * the stone's four lines. */
#define PATTERN_NEAR 12

struct pattern_table {
    int win;
    enum rule rule;
    int half;                     /* cells looked at on each side */
    /* 3^(2·half) classes, under caro four times as many (pattern_lookup);
     * NULL above the limit. */
    uint8_t *line;
    /* 4^(2·half) entries: both sides' classes of a neighbourhood coded two
     * bits a cell (PATTERN_PAIR_*), Black's in the low nibble; NULL when
     * line is. */
    uint8_t *pair;
    uint32_t pow3[2 * BOARD_MAX_SIDE]; /* weight of each neighbourhood digit */
    /* Black's [0] and White's [1], indexed by the four line classes as
     * base-PAT_COUNT digits (line d weighs pattern_cell_weight[d]), or
     * PATTERN_STONE: the cell's value (pattern_cell) and its evaluation
     * weight for the side not to move (pattern_eval_waiting). One table for
     * both but under renju with k = 5 (pattern_has_renju), where the
     * evaluation weights differ by colour; the combinations and ordering
     * weights never do. */
    struct pattern_entry *cell[2];
    /* By cell index: the cell's ordering score for the side to move [0] and
     * for the other side [1] (pattern_order). */
    int16_t (*order)[2];
    int16_t near[2][PATTERN_NEAR]; /* pattern_order_near, or 0 */
};

/* What the table says of a cell index: the value and, beside it, so that
 * one look-up fetches both, the evaluation weight for the side not to move. */
struct pattern_entry {
    uint32_t value;
    int32_t waiting;
};

/* Builds the tables for win length k under `rule`. False when out of memory
 * (nothing to free then). */
bool pattern_init(struct pattern_table *t, int win, enum rule rule);

/* Frees what pattern_init allocated; safe on a zeroed table. */
void pattern_free(struct pattern_table *t);

/* Makes t (built, or zeroed, or freed) the tables for win length k under
 * `rule`, building them only when it holds none or another game's: what a
 * strategy calls before each move. False when out of memory (t then holds
 * none). */
bool pattern_prepare(struct pattern_table *t, int win, enum rule rule);

/* True when the classes are read from the table by index. */
static inline bool pattern_tabulated(const struct pattern_table *t)
{
    return t->line != NULL;
}

/* A cell of a neighbourhood seen by both sides at once, two bits: one bit
 * set while Black could still play there, the other while White could. */
enum {
    PATTERN_PAIR_WALL = 0,    /* off the board */
    PATTERN_PAIR_BLACK = 1,   /* a black stone */
    PATTERN_PAIR_WHITE = 2,   /* a white stone */
    PATTERN_PAIR_EMPTY = 3,
};

/* Both sides' classes of a neighbourhood coded by pairs, neighbour of digit
 * j (pattern_digit) in bits 2j and 2j+1: Black's class | White's << 4. */
static inline uint8_t pattern_pair(const struct pattern_table *t, uint32_t index)
{
    /* Tabulated only, and 2 bits for each of the 2·half neighbours. */
    assert(t->pair != NULL && index >> (4 * t->half) == 0);
    return t->pair[index];
}

/* The digit of the neighbourhood cell at signed offset `off` (±1..±half). */
static inline int pattern_digit(const struct pattern_table *t, int off)
{
    assert(off != 0 && off >= -t->half && off <= t->half);   /* not the centre */
    return off < 0 ? off + t->half : off + t->half - 1;
}

/* Under caro, added to a base-3 index (times 3^(2·half)) when the nearest
 * blocked cell left of the centre (digits below half), or right of it, is
 * off the board; 0 when it is an opponent's stone or there is none. */
enum { PATTERN_LEFT_EDGE = 1, PATTERN_RIGHT_EDGE = 2 };

/* The class of a tabulated neighbourhood: its index in base 3, the edge as
 * an opponent's stone (LINE_BLOCKED), plus under caro 3^(2·half) times its
 * PATTERN_*_EDGE bits. */
static inline enum pattern pattern_lookup(const struct pattern_table *t, uint32_t index)
{
    assert(t->line != NULL);
    enum pattern p = (enum pattern)t->line[index];
    assert(p < PAT_COUNT);   /* every entry was classified when built */
    return p;
}

/* The class of a neighbourhood given cell by cell (LINE_*): line[0 ..
 * 2·half], the cell itself at line[half] (its value is ignored). Works for
 * any half; used when there is no table, and to build it. */
enum pattern pattern_classify(const struct pattern_table *t, const uint8_t *line);

/* The longest neighbourhood pattern_read_line reads: half up to
 * BOARD_MAX_SIDE, which covers a whole line through any cell. */
#define PATTERN_LINE_MAX (2 * BOARD_MAX_SIDE + 1)

/* What the board holds along direction d (rules_dir) through cell pos,
 * `half` cells (1 .. BOARD_MAX_SIDE) on each side of it, as each side sees
 * it: out[0] as Black, out[1] as White, out[s][half + off] the cell at
 * offset off as LINE_EMPTY, LINE_OWN, LINE_BLOCKED (the other's stone) or
 * LINE_WALL (off the board); out[s][half] is pos itself as it stands. The
 * one reading of a board's lines cell by cell: the position's without a
 * table (pattern_classify), the threat strategy's masks, the tutorial's
 * runs. (The solver keeps counts per window of k cells up to date move by
 * move instead: it never reads a line.) */
void pattern_read_line(const struct board *b, int pos, int d, int half,
                       uint8_t out[2][PATTERN_LINE_MAX]);

/* A cell's evaluation weight for a side is the weight of each of its four
 * line classes plus the bonus of its combination (plus, for k = 5, a residual
 * of its multiset of classes: pattern_eval_multiset), from table [0] when that
 * side is to move (pattern_eval_of) and table [1] when it is not
 * (pattern_eval_waiting): the move in hand changes what a shape is worth.
 * Its weight for ordering moves (pattern_weight_of) is the same sum with
 * other tables, private to pattern.c. */
extern const int pattern_eval_class[2][PAT_COUNT];
extern const int pattern_eval_combo[2][COMBO_COUNT];

#define PATTERN_CELLS (PAT_COUNT * PAT_COUNT * PAT_COUNT * PAT_COUNT)

/* The multisets of four line classes (the classes of a cell without the
 * order of its lines): C(PAT_COUNT + 3, 4) of them. */
#define PATTERN_MULTISETS (PAT_COUNT * (PAT_COUNT + 1) * (PAT_COUNT + 2) * (PAT_COUNT + 3) / 24)

/* The multiset of a cell index's four classes, 0 .. PATTERN_MULTISETS − 1:
 * the same for every order of the lines, 0 for four PAT_NONE. */
int pattern_multiset(int index);

/* Where k = 5 (either rule), a cell's evaluation weight in table w also has
 * a residual of its multiset of classes added to the linear sum above:
 * pattern_eval_multiset[w][], fitted (tools/texel), 0 for the multisets
 * never met in quiet play (those of an open four or a five among them).
 * The classes of other k are not those the residuals were fitted on, so
 * there the weight stays linear. Generated: pattern_multiset.c. */
extern const int16_t pattern_eval_multiset[2][PATTERN_MULTISETS];

/* Whether table t adds the residuals of pattern_eval_multiset. */
static inline bool pattern_has_multiset(const struct pattern_table *t)
{
    return t->win == 5;
}

/* Under renju with k = 5 the colours' evaluation weights differ: Black's
 * double three, double four and overline are forbidden, so what a shape is
 * worth depends on whose it is. There each colour's weight in table w also
 * has a residual of its own by multiset of classes, pattern_eval_renju
 * [colour][w][], on top of pattern_eval_multiset's: fitted (tools/texel
 * --renju) on top of everything else the evaluation adds, for the
 * multisets of a double three or stronger (the cells where Black's move
 * can be forbidden), 0 for the others. Generated: pattern_renju.c. */
extern const int16_t pattern_eval_renju[2][2][PATTERN_MULTISETS];

/* Whether table t adds the residuals of pattern_eval_renju (and keeps a
 * table of cells for each colour). */
static inline bool pattern_has_renju(const struct pattern_table *t)
{
    return t->win == 5 && t->rule == RULE_RENJU;
}

/* The residual table t adds to the evaluation weight in table w (0: side
 * to move, 1: the other) of `colour`'s (0 Black, 1 White) cells of
 * multiset ms: pattern_eval_multiset's, and pattern_eval_renju's where t
 * has them; 0 where k is not 5. */
int pattern_eval_residual(const struct pattern_table *t, int colour, int w, int ms);

/* The threats a side could make with one stone, as counted by the
 * evaluation's threat term: an open three, a double three, a four, a
 * four-three (COMBO_F3 up to COMBO_43, in order). */
#define PATTERN_THREAT_KINDS 4

/* The threat term's masks (position_threats): bit i when the side to move
 * has a cell of combination COMBO_F3 + i, bit PATTERN_THREAT_KINDS + i when
 * the other side has one; then, from bit PATTERN_THREAT_COUNTS, for the side
 * to move and then the other PATTERN_THREAT_SIDE_BITS bits each: how many
 * cells make it an open three (0: under 2, 1: 2 or 3, 2: 4 to 6, 3: more)
 * and, two bits up, how many make it a four (0: under 2, 1: 2 or 3, 2:
 * more). */
#define PATTERN_THREAT_COUNTS (2 * PATTERN_THREAT_KINDS)
#define PATTERN_THREAT_SIDE_BITS 4
#define PATTERN_THREATS (1 << (PATTERN_THREAT_COUNTS + 2 * PATTERN_THREAT_SIDE_BITS))

/* Where k = 5, the evaluation adds pattern_eval_threat[mask] for the
 * position's mask of threats: what having them at once is worth beyond the
 * sum of the cells' weights (a four and an open three of the side to move
 * together, say, against the other's double three, or many cells that make
 * open threes against few). Fitted (tools/texel
 * --threats) on top of the weights and residuals; 0 for masks never met
 * in quiet play. Generated: pattern_threat.c. */
extern const int16_t pattern_eval_threat[PATTERN_THREATS];

/* Where k = 5, the search orders a quiet move q by
 * pattern_order_multiset[0][q's multiset for the side to move] +
 * pattern_order_multiset[1][its multiset for the other side] +
 * pattern_order_near[0][where q lies from the last stone] +
 * pattern_order_near[1][and from the side to move's last stone], a logit of
 * how likely strong play is to choose q, in the hand weights' units: fitted
 * (tools/policy) to the moves of self-play games. Other k order by the hand
 * weights, twice the side to move's and once the other's. Generated:
 * pattern_order.c. */
extern const int16_t pattern_order_multiset[2][PATTERN_MULTISETS];
extern const int16_t pattern_order_near[2][PATTERN_NEAR];

/* Whether table t orders by the fitted tables. */
static inline bool pattern_has_order(const struct pattern_table *t)
{
    return t->win == 5;
}

/* The ordering score of a cell from its cell index for the side to move
 * and for the other side (either may be PATTERN_STONE), before the near
 * terms. */
static inline int pattern_order(const struct pattern_table *t, int own, int other)
{
    return t->order[own][0] + t->order[other][1];
}

/* Whether table t's evaluation adds the threat term. */
static inline bool pattern_has_threats(const struct pattern_table *t)
{
    return t->win == 5;
}

/* One more cell index, past the others: a stone, whose value is 0 and whose
 * weights are all 0. */
#define PATTERN_STONE PATTERN_CELLS

/* The weight of line d's class in a cell index. */
static const int pattern_cell_weight[4] = { 1, PAT_COUNT, PAT_COUNT * PAT_COUNT,
                                            PAT_COUNT * PAT_COUNT * PAT_COUNT };

/* A cell's value packs its combination, its ordering weight (0..8191) and
 * its evaluation weight for the side to move (a signed 16-bit number); 0 for
 * a cell where a side can make nothing, as for a stone. */
#define PATTERN_COMBO_SHIFT 29
#define PATTERN_WEIGHT_SHIFT 16

/* The value of `side`'s (0 Black, 1 White) cell from its cell index. */
static inline uint32_t pattern_cell(const struct pattern_table *t, int side, int index)
{
    return t->cell[side][index].value;
}

static inline enum combo pattern_combo_of(uint32_t cell)
{
    return (enum combo)(cell >> PATTERN_COMBO_SHIFT);
}

/* The weight by which moves are ordered. */
static inline int pattern_weight_of(uint32_t cell)
{
    return (int)(cell >> PATTERN_WEIGHT_SHIFT & 0x1fff);
}

/* The weight the evaluation sums for the side to move. */
static inline int pattern_eval_of(uint32_t cell)
{
    return (int16_t)(cell & 0xffff);
}

/* The weight it sums for `side` (0 Black, 1 White) when that side is not
 * to move, by cell index (or PATTERN_STONE). */
static inline int pattern_eval_waiting(const struct pattern_table *t, int side, int index)
{
    return t->cell[side][index].waiting;
}

#endif
