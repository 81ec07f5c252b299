/* puzzlebook.h — collections of puzzles on disk: SGF files of many game
 * trees, one puzzle each.
 *
 * The format is SGF FF[4] (GM[4]), so that any SGF reader shows the
 * position and the solution:
 * - the root holds the board, SZ[15] (or SZ[w:h]), RU[freestyle|exact|
 *   renju|caro] and the win length in WIN[k], the position as AB and AW,
 *   the side to move in PL[B] or PL[W] (always written), the puzzle's id
 *   in GN, and the task in words in C ("Black to play and win with fours
 *   — 7 moves"; English, for people: mnk reads the task from its own
 *   properties, not from the comment);
 * - mnk's own root properties: MNKPUZZLE[vcf|vct|defend|perfect] (the
 *   kind, puzzle.h), MNKDEPTH[n] (the bound of the proofs, in attacking
 *   moves), MNKDIFF[0..100] (the measured difficulty, absent when not
 *   measured), MNKSOLVES[text] (the tries by level that measured it) and
 *   MNKFROM[text] (where the position came from);
 * - the solution is the main line: the first variation at every fork.
 *   Below a move of the side that solves, each variation is a reply of
 *   the other side's (for a win, every defence the proof answers, the
 *   strongest first); for DEFEND and PERFECT the root's later variations
 *   are wrong moves, each followed by its refutation. The solution's first
 *   move carries TE[1] (a good move, FF[4]) and the wrong ones BM[1] (a
 *   bad move) and a comment, which mnk writes and ignores on reading.
 * Points are two letters, column then row from the top, as record.h's.
 * A puzzle's moves alternate from the side to move; a file whose colours do
 * not is refused. Anything unknown in a node is ignored, so a file a
 * person has annotated (comments, marks) still reads.
 *
 * Reading checks the form (the board, the position, the cells); whether a
 * puzzle holds is puzzle_verify's. Files are read with a bound
 * (PUZZLEBOOK_FILE_MAX) and written whole or not at all (safefile.h).
 */
#ifndef MNK_PLAY_PUZZLEBOOK_H
#define MNK_PLAY_PUZZLEBOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "play/puzzle.h"

#define PUZZLEBOOK_FILE_MAX ((size_t)32 << 20)

struct puzzle_book {
    int n, cap;
    struct puzzle *p;
};

/* An empty book. */
void puzzle_book_init(struct puzzle_book *book);

/* Frees the puzzles and the book; it is empty again. */
void puzzle_book_free(struct puzzle_book *book);

/* Appends pz, whose proof the book then owns (pz is emptied). False when
 * out of memory (pz untouched). */
bool puzzle_book_add(struct puzzle_book *book, struct puzzle *pz);

/* Reads a collection from text (len bytes) and appends its puzzles to
 * book. False with "puzzle N: reason" (or the SGF's fault with its byte)
 * in err, the book as it was. */
bool puzzle_book_parse(const char *text, size_t len, struct puzzle_book *book, char *err,
                       size_t err_size);

/* puzzle_book_parse on a file; every error names it. */
bool puzzle_book_load(const char *path, struct puzzle_book *book, char *err, size_t err_size);

/* Writes one puzzle as a game tree. False on a write error. */
bool puzzle_write(FILE *out, const struct puzzle *pz);

/* Writes the whole book, one game tree after another. */
bool puzzle_book_write(FILE *out, const struct puzzle_book *book);

/* Replaces the file at path with the book, whole or not at all. */
bool puzzle_book_save(const char *path, const struct puzzle_book *book, char *err,
                      size_t err_size);

/* The index of the puzzle called `id` in book, or −1. */
int puzzle_book_find(const struct puzzle_book *book, const char *id);

#endif
