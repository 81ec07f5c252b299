/* boards.h — boards set up by name for the engine's unit tests (test
 * support, not a test): stones put on cells named in human notation
 * ("h8 i9"), a game's moves played alternately (on a board, or through the
 * game controller), a cell's index, the positions several tests share,
 * whether a cell is near a stone, and a comparison of two positions. A name
 * that does not parse, or a cell already taken, fails the calling test
 * (cmocka). */
#ifndef MNK_TESTS_BOARDS_H
#define MNK_TESTS_BOARDS_H

#include "engine/position.h"
#include "mnk/board.h"
#include "mnk/game.h"

/* A VCF of three fours for Black on 15×15: g5 (h5), g7 (f7), then g8 makes
 * two fours. */
#define BOARDS_VCF7_BLACK "d5 e5 f5 g6 h7 i7 j7 i6 j5"
#define BOARDS_VCF7_WHITE "c5 k7 g4 k4 i8 e4 a1 o1 a15"

/* Renju on 7×6, Black to move with no legal move: 20 stones each, no five,
 * and both empty cells, d2 (3,4 in the protocol's frame) and d1 (3,5),
 * overlines for Black. White would make five on d2 (d2 to d6), so counting
 * the lines left does not call the game dead. The moves in an order a game
 * plays them (each one legal, none ending the game before the last):
 *
 *     6  ○ ○ ● ○ ● ● ○
 *     5  ● ○ ○ ○ ● ○ ○
 *     4  ● ○ ○ ○ ● ○ ○
 *     3  ○ ○ ● ○ ○ ○ ○
 *     2  ● ● ● · ● ● ●
 *     1  ● ● ● · ● ● ●
 *        a b c d e f g
 */
#define BOARDS_RENJU_STUCK                                                              \
    "c6 a6 e6 b6 f6 d6 a5 g6 e5 b5 a4 c5 e4 d5 c3 f5 a2 g5 b2 b4 c2 c4 f2 d4 e2 f4 g2 g4 " \
    "a1 a3 b1 b3 c1 d3 e1 e3 f1 f3 g1 g3"

/* The same but with e1 White's and a6 Black's: d2 is still an overline,
 * d1 (3,5) is now Black's one legal move (it makes no five). */
#define BOARDS_RENJU_ONE_LEGAL                                                          \
    "a6 b6 c6 d6 e6 g6 f6 b5 a5 c5 e5 d5 a4 f5 e4 g5 c3 b4 a2 c4 b2 d4 c2 f4 f2 g4 e2 a3 " \
    "g2 b3 a1 d3 b1 e3 c1 f3 f1 g3 g1 e1"

/* A game, Black first, Black to move: Black's g8–j8 between White's f8 and
 * l8, White's open three f7–f9. A five on k8 wins under freestyle, exact
 * and renju; under caro White blocks both its ends and it wins nothing,
 * and only stopping the three (f6 or f10 beside it, f5 or f11 a cell
 * further) does not lose. */
#define BOARDS_CARO_BLOCKED_FIVE "h8 f8 g8 f9 i8 f7 j8 l8"

/* Black's a8, b8, d8 and e8 against the edge with White's f8 at the other
 * end, and White's open three h3–j3, on 15×15: c8 makes five under every
 * rule, caro too (the edge blocks nothing there), so Black takes it and
 * White must block it. */
#define BOARDS_EDGE_FIVE_BLACK "a8 b8 d8 e8"
#define BOARDS_EDGE_FIVE_WHITE "f8 h3 i3 j3"

/* Puts the stones named in `cells` (space-separated, human notation). */
void boards_put(struct board *b, const char *cells, enum stone s);

/* Plays `moves` (space-separated, human notation) alternately from Black;
 * returns the side to move next. */
enum stone boards_put_game(struct board *b, const char *moves);

/* Plays `moves` (as above) in game g through game_play, each one accepted. */
void boards_play(struct game *g, const char *moves);

/* The index of the cell called `name`. */
int boards_cell(const struct board *b, const char *name);

/* Whether cell q has a stone within two in any direction (its 5×5 square),
 * found cell by cell: the candidates' test, worked out apart from
 * position_candidates. */
bool boards_near_stone(const struct board *b, int q);

/* Fails the test unless a and b hold the same stones, line classes,
 * threat sets and candidates: an incremental position against one built
 * afresh, or against itself before a search. */
void boards_assert_same_position(const struct position *a, const struct position *b);

#endif
