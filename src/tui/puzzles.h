/* puzzles.h — the Puzzles screen, opened from the main menu: the puzzles
 * that ship with mnk (play/puzzlebook.h), one at a time, to solve.
 *
 * Four collections, freestyle, renju and small boards, each from its
 * easiest puzzle (the measured difficulty) to its hardest (n and p), and
 * "From your games", the player's own (play/yourpuzzles.h: the positions
 * of their analysed games where they missed a win or the only defence),
 * newest first, each with the game it came from in the panel, and when
 * empty a line that says how to fill it. Tab goes from one to the next. The board shows the position, the panel the task
 * in words ("Black to play and win with fours — 7 moves"), the difficulty
 * and how it goes. The player plays with the keys or the mouse; the other
 * side answers from the proof (play/puzzle.h's play-through), never with a
 * guess. A wrong move is answered by its refutation, played through on the
 * board, and then taken back to try again; a move that is no move (a stone
 * there, renju's forbidden cells, marked as in the game) is refused with
 * its reason. H marks the area of the answer, then the answer; s gives up
 * and shows the solution. Once solved, the solution plays through from the
 * start. Esc goes back to the menu.
 *
 * The player has a rating (play/glicko.h) kept in the puzzle record
 * (storage/puzzlestats.h), shown in the panel with its change after an
 * attempt. Each visit to a puzzle counts once: solved without a hint and
 * without a wrong move is a win against the puzzle's rating (from its
 * difficulty); the first wrong move, the first hint, or giving up is a
 * loss, counted then. Taking the puzzle again (r) counts nothing more;
 * going to another puzzle starts a new visit. N goes to the puzzle of the
 * collection on view nearest the player's rating among those not solved
 * yet (by the record's history).
 *
 * The collections are read, and the engine's tables for the proofs made,
 * when the screen opens; a file that does not read is said, the others
 * still shown. Keys come through one table; handlers return enum react
 * flags and never draw.
 */
#ifndef MNK_TUI_PUZZLES_H
#define MNK_TUI_PUZZLES_H

#include <stdbool.h>
#include <stdint.h>

#include "play/puzzle.h"
#include "play/puzzlebook.h"
#include "storage/puzzlestats.h"
#include "tui/cursor.h"
#include "tui/draw.h"
#include "tui/layout.h"

#define PUZZLES_SETS 5
/* The player's own collections, read from the data directory: the puzzles
 * made from their games, and those they imported (mnk puzzle import). */
#define PUZZLES_YOURS 3
#define PUZZLES_IMPORTED 4

enum puzzles_mode {
    PUZZLES_SOLVING,   /* the player's move */
    PUZZLES_WRONG,     /* a wrong move and its refutation play through */
    PUZZLES_SHOWING,   /* the solution plays through (solved, or given up) */
};

struct puzzles {
    int rows, cols;
    struct layout layout;
    struct board_cursor cur;
    bool open;                            /* the books are read, the prover made */
    struct puzzle_book book[PUZZLES_SETS];
    int *order[PUZZLES_SETS];             /* each book's puzzles, easiest first */
    int set;                              /* the collection on view */
    int at[PUZZLES_SETS];                 /* the puzzle on view in each, in order[] */
    char note[1100];                      /* a collection that did not read */
    char yours_note[1100];                /* the player's own did not read */
    struct puzzle_prover pv;
    bool prover;                          /* pv made */
    struct puzzle_play play;
    bool playing;                         /* play started on the puzzle on view */
    enum puzzles_mode mode;
    bool solved, gave_up;
    int hints;                            /* hints taken on this puzzle */
    int hint_level;                       /* 0 none, 1 the area, 2 the move, now */
    /* A line shown on the board: from `shown_from`, its moves one by one. */
    struct game shown;
    struct game shown_from;
    int line[PUZZLE_LINE_MAX + 1];
    int n_line, line_at;
    int64_t next_ms;                      /* when its next move shows */
    bool forbidden[BOARD_MAX_CELLS];      /* renju: cells Black may not play now */
    struct puzzlestats record;            /* as last read or written */
    bool counted;                         /* this visit's attempt is in it */
    int change;                           /* the rating's change by it */
    char record_note[600];                /* what befell the record: on the status
                                           * line until the next key */
    char message[320];
    enum draw_style message_style;
};

/* Reads the collections and makes the prover, once it is shown; the first
 * puzzle of the collection on view is set up. */
void puzzles_open(struct puzzles *z);

/* Frees all that open made. */
void puzzles_close(struct puzzles *z);

void puzzles_resize(struct puzzles *z, int rows, int cols);

void puzzles_draw(const struct puzzles *z);

unsigned puzzles_key(struct puzzles *z, int key);

/* The help's lines of the screen's keys (screen.h). */
bool puzzles_help_line(int i, const char **keys, const char **help);

/* Milliseconds until the line on the board shows its next move; −1 when
 * none plays. */
int puzzles_wait_ms(const struct puzzles *z);

/* Shows the line's next move when it is due. */
unsigned puzzles_tick(struct puzzles *z);

#endif
