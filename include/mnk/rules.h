/* rules.h — what a stone wins, which moves renju forbids Black, and when
 * nobody can win any more: the entries of rule.h's table applied to a
 * board.
 *
 * What wins, per rule (k = the board's win length):
 * - freestyle: a run of k or more;
 * - exact: a run of exactly k; an overline (k + 1 or more) does not win;
 * - renju (k = 5, rules_check): White wins with five or more, Black only
 *   with exactly five. Black may not make an overline, a double four or a
 *   double three (rules_forbidden). A move that makes exactly five wins
 *   even if it makes one of those on another line at the same time: five
 *   comes first, as the Renju International Federation's rules (1996,
 *   corrected 1998) are applied by referees and engines;
 * - caro: a run of k or more wins unless the cells just beyond BOTH of its
 *   ends hold the opponent's stones (the rule Piskvork and the Gomocup call
 *   caro: five or more, not blocked at both ends). The edge of the board
 *   blocks nothing: a run that reaches the edge wins however its other end
 *   stands. An overline wins on the same terms. (Board Game Arena's
 *   "Gomoku+", also called caro there, asks for both ends free; that is not
 *   this rule.)
 *
 * The win check looks only at the four lines through the stone just placed,
 * O(k) work (O(side) under caro, which needs the run's true ends), never at
 * the whole board. The forbidden-move test reads 11 cells on each of the
 * four lines through the point; see rules_forbidden for its cost. The
 * dead-draw test scans every window of k cells once, O(W·H·4), and under
 * renju with Black to move first looks for one cell Black may play: meant
 * for the game controller after each move, not for a search's inner loop.
 *
 * No legal move: under renju Black can find every empty cell forbidden.
 * The RIF rules let a player pass; mnk ends the game there as a draw
 * (game.h, END_NO_LEGAL_MOVE). rules_has_legal_move is the one test of it.
 */
#ifndef MNK_RULES_H
#define MNK_RULES_H

#include "mnk/board.h"

/* The four line directions, as (dx, dy): horizontal, vertical, and the two
 * diagonals. Every line on the board runs along one of these. */
extern const int rules_dir[4][2];

/* A winning run: its cells, in order along the line. */
struct win_line {
    int len;
    int cell[BOARD_MAX_SIDE];
};

/* Why Black may not play a point under renju. */
enum forbid {
    FORBID_NONE,         /* allowed (or not renju, or not Black's problem) */
    FORBID_OVERLINE,     /* six or more Black stones in a row */
    FORBID_DOUBLE_FOUR,  /* two or more fours at once */
    FORBID_DOUBLE_THREE, /* two or more threes at once */
};

/* NULL when width × height with win length k is a legal game under `rule`,
 * otherwise a one-line reason: board_check_size()'s or rule_check_win()'s. */
const char *rules_check(int width, int height, int win, enum rule rule);

/* True when the stone on `pos` is part of a winning run under the board's
 * rule. If `line` is not NULL it receives that run: the whole run where an
 * overline wins (freestyle, caro, White under renju; under freestyle and
 * renju cut at k stones either side of `pos`), exactly k cells where only
 * exactly k wins (exact, Black under renju). */
bool rules_is_win(const struct board *b, int pos, struct win_line *line);

/* The length of the longest run of one colour through the stone on `pos`
 * (0 on an empty cell). Under exact, a run longer than k is an overline,
 * which does not win. */
int rules_longest_run(const struct board *b, int pos);

/* Whether Black may not play the empty cell `pos`, and why, by the RIF
 * definitions, with the board as it stands (whoever is to move). Always
 * FORBID_NONE unless the board's rule is renju and k = 5, and on an
 * occupied cell. White is never forbidden anything: the caller asks only
 * for Black's moves.
 *
 * The definitions (a "row" holds no White stone; the edge ends it too):
 * - five: exactly five Black in an unbroken row; it is never forbidden and
 *   takes precedence over everything below;
 * - overline: six or more in an unbroken row;
 * - four: a row of four to which one more stone makes a five (not an
 *   overline); a straight four is an unbroken four that becomes five in
 *   two ways, and is ONE four. Double four: the move makes two or more
 *   fours through itself, on one line (X X X _ * _ X X X, X _ X * X _ X)
 *   or on several;
 * - three: a row of three to which one more stone makes a straight four,
 *   where that stone is itself an allowed move (not an overline, double
 *   four or double three; a five there is allowed). A line holds at most
 *   one three through the point. Double three: two or more threes made by
 *   the move; a four and a three (4-3) is allowed, a four and two threes
 *   is not.
 *
 * Cost: no board copy, no writes to the board, no allocation. The common
 * case reads 4 × 11 cells and does at most a few hundred steps, fewer on
 * lines with no Black stone near. Only when the move makes two or more
 * would-be threes does it look further: for each, whether one of its one
 * or two straightening points is allowed, by the same test with `pos`
 * placed in thought (a list on the stack, not the board). Each level of
 * that recursion holds one more stone, so its depth is bounded by the
 * number of empty cells; in test_renju.c's 100,000 crowded random
 * positions it never went past 9 levels. Measured at about 0.2 µs a call
 * over every empty cell of such boards, 0.4 µs in their crowds. */
enum forbid rules_forbidden(const struct board *b, int pos);

/* Whether a run of `side`'s longer than k wins under `rule` (rule.h's
 * overline_wins); where it does not, only exactly k wins. */
static inline bool rules_overline_wins(enum rule rule, enum stone side)
{
    return rule_info(rule)->overline_wins[side == STONE_WHITE];
}

/* Whether `side` may play `pos`: an empty cell of b, and under a rule with
 * forbidden points (renju) not one forbidden to Black. Every computer
 * player asks this of its moves. */
static inline bool rules_legal(const struct board *b, enum stone side, int pos)
{
    return pos >= 0 && pos < board_cells(b) && board_at(b, pos) == STONE_NONE &&
           (side != STONE_BLACK || !rule_info(b->rule)->forbidden ||
            rules_forbidden(b, pos) == FORBID_NONE);
}

/* Whether `side` has a legal move on b (rules_legal for some cell). False
 * on a full board, and under renju for Black when every empty cell is
 * forbidden: Black has no legal move and may only pass, which ends the game
 * as a draw (game.h, END_NO_LEGAL_MOVE). Stops at the first legal cell, so
 * it costs one forbidden test in the common case, one per empty cell at
 * worst. */
bool rules_has_legal_move(const struct board *b, enum stone side);

/* True when `side`, given `moves` more stones of its own, could still fill
 * some window of k cells to a win. Under exact, and for Black under renju,
 * a window whose outside neighbour already holds `side`'s stone cannot win
 * (it would make an overline). Under caro, a window whose outside
 * neighbours are both the opponent's cannot win. It never answers false
 * while a win is still possible; it may answer true when none is (Black's
 * forbidden moves are not looked at). */
bool rules_can_win(const struct board *b, enum stone side, int moves);

/* True when neither side can win any more, counting the stones each still
 * gets to place before the board is full (`to_move` places the next one);
 * and when `to_move` has no legal move (rules_has_legal_move: renju's Black
 * with every empty cell forbidden), since the game ends there as a draw. */
bool rules_is_dead(const struct board *b, enum stone to_move);

#endif
