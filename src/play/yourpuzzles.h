/* yourpuzzles.h — puzzles made from the player's own games: the positions
 * of an analysed game where a person missed a forced win or the only
 * defence, kept in the collection "From your games".
 *
 * yours_find() looks at the moves of a finished analysis (play/analysis.h)
 * played by a person: in a game against the computer the human's side, in
 * a game of two people both, in a game of two computers none (the players'
 * kinds, as the statistics tell them). A move marked ANALYSIS_MISSED_WIN
 * gives the position before it as a win puzzle (PUZZLE_VCF, else
 * PUZZLE_VCT); one marked ANALYSIS_ALLOWS_LOSS a PUZZLE_DEFEND puzzle when
 * the prover proves the one defence. A position that is no such puzzle (a
 * win too short to be one, a defence the prover cannot prove within its
 * budget) gives none. Each puzzle's id is "y-" and the hex of its
 * puzzle_key, its MNKFROM says the game and the move ("from your game vs
 * club, 2026-12-02, before 9. Black h8", the move named as the review's
 * list names it, in the player's language), and its
 * difficulty is not measured. The work is bounded: at most YOURS_TRIES
 * positions a game, each search within YOURS_BUDGET nodes, so that a game
 * takes a few seconds at most; it runs on whatever thread calls it (the
 * review's worker, never the UI's).
 *
 * yours_add() adds puzzles to the collection's file (by default
 * $XDG_DATA_HOME/mnk/puzzles/yours.sgf, see tui/saves.h) under its lock
 * (storage/filelock.h), reading it, adding and writing it back whole or
 * not at all (puzzle_book_save): a position already there (the same
 * puzzle_key, up to a symmetry of the board) is not added again, and only
 * the newest YOURS_KEEP puzzles are kept, the oldest dropped. The file's
 * order is the order they were added, oldest first. A file that does not
 * read as a collection is set aside (safefile_set_aside: renamed
 * yours.sgf.corrupt-YYYYmmdd-HHMMSS, never deleted) and the collection
 * starts afresh; a file that cannot be read at all (permission, no regular
 * file) is left alone and nothing is added over it.
 */
#ifndef MNK_PLAY_YOURPUZZLES_H
#define MNK_PLAY_YOURPUZZLES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "mnk/game.h"
#include "play/analysis.h"
#include "play/puzzle.h"
#include "play/puzzlebook.h"

/* The puzzles the collection keeps, the newest. */
#define YOURS_KEEP 500
/* Positions of one game offered to the prover, at most. */
#define YOURS_TRIES 8
/* Nodes per search while making them, and per exact solve. */
#define YOURS_BUDGET 200000
#define YOURS_SOLVER_NODES 400000
/* The bound of the proofs, in attacking moves, by kind (as tools/puzzles). */
#define YOURS_VCF_DEPTH 16
#define YOURS_VCT_DEPTH 6
#define YOURS_DEFEND_DEPTH 10

/* Which sides a person played in g: person[0] Black, person[1] White. */
void yours_people(const struct game *g, bool person[2]);

/* The MNKFROM text of the position before move `ply` (0-based) of g:
 * "from your game vs club, LABEL, before 9. Black h8", or for two people
 * "from your game alice vs bob, LABEL, before ..." ("of two players" when
 * neither has a name); LABEL says which game (a date, a record's name).
 * In the player's language. */
void yours_source(const struct game *g, const char *label, int ply, char *buf, size_t size);

/* Appends to `out` the puzzles of g's analysis a (the header's rule), with
 * their MNKFROM from `label`; how many. The prover's budgets are set to the
 * header's for the while and put back. `stop` (may be NULL) set: returns
 * with what it has. */
int yours_find(struct puzzle_prover *pv, const struct game *g, const struct analysis *a,
               const char *label, const atomic_bool *stop, struct puzzle_book *out);

/* Adds the puzzles of `found` (moved out of it; it is emptied) to the
 * collection at `path` (its directories made as needed); *added gets how
 * many were new. `note` gets one line for the player when something is to
 * be said (the file set aside; not written, and why), else "". False when
 * nothing could be added: the file is in use or cannot be read or written. */
bool yours_add(const char *path, struct puzzle_book *found, int *added, char *note,
               size_t note_size);

/* yours_add for any collection the player keeps (the imported puzzles
 * too), keeping its newest `keep`. The lock is waited for a little (two
 * windows adding at once both get their puzzles in); only a lock held
 * past that is "in use". */
bool yours_add_keeping(const char *path, struct puzzle_book *found, int keep, int *added,
                       char *note, size_t note_size);

/* yours_find with a prover of its own, then yours_add: what the review and
 * `mnk analyze` do after an analysis. *added as yours_add's (0 too when no
 * prover could be made, with a note). */
bool yours_collect(const char *path, const struct game *g, const struct analysis *a,
                   const char *label, const atomic_bool *stop, int *added, char *note,
                   size_t note_size);

#endif
