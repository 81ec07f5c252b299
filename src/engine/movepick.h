/* movepick.h — the moves of one node of the search, best first, in stages.
 *
 * 1. The forced block (the opponent's five to stop) alone, when there is one;
 *    under caro, where a five can also be stopped past its far end, the one
 *    or two cells that stop the opponent's fives (position_caro_blocks).
 * 2. The table move, when it is a move the node would generate: tried before
 *    anything else is generated, so a node that it cuts off never generates.
 * 3. The generated moves, best-scored first. Against an opponent's open four
 *    to be (COMBO_F4), only the cells that stop it (position_stops; only the
 *    opponent's four-making cells can, but under caro, the far ends of its
 *    fives to be as well, wherever they lie: position_stoppers) and our own
 *    fours; otherwise every
 *    empty cell within two of a stone (every cell on an empty board). They are
 *    scored by their line classes for both sides (pattern_order: k = 5,
 *    fitted to the moves of strong play; other k, class weights), where they
 *    lie from the last two stones, the killers and the history. Each comes
 *    with how far it scored below the best of them (movepick_gap), which the
 *    search's late-move reductions read.
 *
 * Under renju no stage yields a move Black may not make (position_allowed),
 * and a four of Black's that only a forbidden move would make threatens
 * nothing.
 *
 * When nothing stops the opponent's open four, the node is lost
 * (movepick.lost, once movepick_next has returned −1 without a move). The
 * picker holds no memory of its own: the list is the caller's (one per ply),
 * the history the search's. The position must not change between calls
 * except by moves placed and taken back in between.
 */
#ifndef MNK_ENGINE_MOVEPICK_H
#define MNK_ENGINE_MOVEPICK_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/position.h"

struct move {
    int pos;
    int score;
};

/* What the search learnt of good quiet moves, for ordering them. */
struct move_history {
    int32_t cut[2][BOARD_MAX_CELLS];  /* per side: depth² summed over cutoffs */
};

/* What orders the moves of a node besides their classes. */
struct pick_hints {
    int tt_move;        /* −1: none */
    int killer[2];      /* quiet moves that cut off at this ply; −1: none */
    int last, before;   /* the last two stones placed; −1: unknown */
    const struct move_history *history;
};

enum pick_stage { PICK_FORCED, PICK_TT, PICK_GENERATE, PICK_REST, PICK_DONE };

struct movepick {
    struct position *p;
    struct pick_hints h;
    int me;
    int forced[2], nforced, next_forced; /* the blocks of the forced stage */
    enum pick_stage stage;
    struct move *list;
    int n, next;
    int first;          /* the best generated move's index, past the table move */
    int gap;            /* how far the last move returned scored below it */
    bool lost;          /* nothing stops the opponent's open four */
};

/* Sets mp up for `me` (0/1) to move in p, which must not be decided
 * (position_decide returned 0); `forced` is the cell it gave (−1: none).
 * `list` must hold BOARD_MAX_CELLS moves. */
void movepick_init(struct movepick *mp, struct position *p, int me, int forced,
                   const struct pick_hints *h, struct move *list);

/* The next move to try, −1 when there are no more. */
int movepick_next(struct movepick *mp);

/* How far the move movepick_next last returned scored below the best
 * generated move (≥ 0; 0 for the forced block and the table move). */
static inline int movepick_gap(const struct movepick *mp)
{
    return mp->gap;
}

/* Every move of the node at once, in list, best first (the root's moves:
 * the search keeps this order and only brings each iteration's best move to
 * the front); returns their count. When the node
 * is lost, *lost is set and the opponent's open-four cells are listed, so
 * that a move can still be chosen. */
int movepick_all(struct position *p, int me, int forced, const struct pick_hints *h,
                 struct move *list, bool *lost);

/* True when q makes no open three or better for either side. */
static inline bool move_is_quiet(const struct position *p, int me, int q)
{
    return position_combo(p, me, q) < COMBO_F3 && position_combo(p, 1 - me, q) < COMBO_F3;
}

#endif
