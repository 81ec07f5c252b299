/* boards.h — boards set up by name for the engine's unit tests (test
 * support, not a test): stones put on cells named in human notation
 * ("h8 i9"), a game's moves played alternately, a cell's index, the
 * positions several tests share, whether a cell is near a stone, and a
 * comparison of two positions. A name that does not parse, or a cell
 * already taken, fails the calling test (cmocka). */
#ifndef MNK_TESTS_BOARDS_H
#define MNK_TESTS_BOARDS_H

#include "engine/position.h"
#include "mnk/board.h"

/* A VCF of three fours for Black on 15×15: g5 (h5), g7 (f7), then g8 makes
 * two fours. */
#define BOARDS_VCF7_BLACK "d5 e5 f5 g6 h7 i7 j7 i6 j5"
#define BOARDS_VCF7_WHITE "c5 k7 g4 k4 i8 e4 a1 o1 a15"

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
