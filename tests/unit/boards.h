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
