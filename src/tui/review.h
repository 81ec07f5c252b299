/* review.h — the review screen: a game looked back on move by move, judged
 * by the engine, and played on from any of its positions.
 *
 * The screen keeps its own copy of the game, every move of it played, and
 * shows the position after `at` of them with its last move marked: ←/→ one
 * move, ↑/↓ two (the same side's), PgUp/PgDn ten, Home/End the start and the
 * end. The move list beside the board follows the selected move, scrolls
 * with the mouse wheel, and a click on a move there or on the graph selects
 * it.
 *
 * `a` analyses the whole game on the worker thread (play/analysis.h), each
 * position for a time the player sets with + and -; the moves fill the list
 * (marked ?! inaccuracy, ? mistake, ?? blunder) and the evaluation graph
 * (its legend in words under it) as they are judged, a bar shows the
 * progress, and Esc or `a` stops it. The status line says what the selected
 * move did in the line every view of an analysis uses (analysis_line), and
 * the board marks the engine's better move. An analysis that ran to the
 * end goes on, on the same thread, to make puzzles of the positions where
 * a person missed a forced win or the only defence and add them to "From
 * your games" (play/yourpuzzles.h); the summary line says how many were
 * added. A move played after a hint is
 * starred in the list and its line says so. An analysis the record carried
 * (play/annotate.h) is there from the start, as if it had just run.
 *
 * `s` saves the game, with the analysis in an SGF file.
 * `c` continues from the position shown: a small form picks who plays each
 * side (keys, or clicks on a row and its arrows) and says how many later
 * moves that drops; Enter or a click on Start answers REACT_CONTINUE and
 * the app starts review_continuation() as a live game.
 * Esc or q answer REACT_BACK: to the game it came from, or the menu.
 *
 * A view: the game it was given is copied, never changed; handlers return
 * enum react flags and never draw.
 */
#ifndef MNK_TUI_REVIEW_H
#define MNK_TUI_REVIEW_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "play/analysis.h"
#include "storage/record.h"
#include "mnk/game.h"
#include "tui/layout.h"
#include "tui/setup.h"
#include "tui/worker.h"

/* The analysis's time per position, unless the player changes it. */
#define REVIEW_DEFAULT_MS 200

struct review {
    struct game game;       /* the game reviewed, all its moves played */
    struct game shown;      /* its position after `at` moves */
    int at;                 /* 0 .. game.ply */
    bool from_play;         /* opened over a game on screen (back goes there) */
    bool numbers;           /* the stones show their move numbers (m) */
    struct layout layout;
    int off_x, off_y;       /* the board's first visible column and row */
    int list_top;           /* the move list's first row shown */
    char message[160];
    bool message_error;
    bool summary;           /* the line under the move's shows the analysis's
                               summary, fitted to the width when drawn */
    /* The analysis. The thread judges into `work` and publishes each move to
     * `an` under `lock`; `judged` is what this thread has taken from it. */
    struct worker worker;
    pthread_mutex_t lock;
    struct analysis work;
    struct analysis an;
    int judged;             /* moves of an.move[] the screen shows */
    bool analysing;
    bool analysed;          /* the analysis ran to the end */
    /* After the analysis, on the same thread: the puzzles it made for
     * "From your games" (play/yourpuzzles.h), and what to tell of it. */
    int puzzles_added;
    char puzzles_note[320];
    int time_ms;            /* per position, for the next analysis */
    int job_ms;             /* that of the analysis running or done */
    /* The "continue from here" form. */
    bool continuing;
    int field;              /* 0 Black, 1 White, 2 the start button */
    struct setup players;   /* only its sides are used */
};

/* Opens the review of game g (every move it has, redo moves included) at its
 * current position, with the analysis `an` of its moves when it has one
 * (read from its record, play/annotate.h; NULL or none judged: none).
 * The worker wakes the UI through wake_fd. */
void review_open(struct review *r, const struct game *g, const struct analysis *an, int wake_fd,
                 bool from_play);

/* Stops any analysis and releases the thread. */
void review_close(struct review *r);

/* Shows the stones' move numbers, or not (the game screen's choice, which
 * `m` then changes here alone). */
void review_show_numbers(struct review *r, bool on);

/* Starts the analysis (as `a` does). */
unsigned review_analyse(struct review *r);

/* The live game the form describes: the position shown, later moves
 * dropped, the players picked, computers seeded from `seed`. */
void review_continuation(const struct review *r, struct game *out, uint64_t seed);

/* Saves the game reviewed to `path` as typed (see play_save), with the
 * analysis as comments and annotations (play/annotate.h) when there is one
 * and the file is SGF, and with what its record said beyond the game
 * (`extra`, not NULL); says where it went or why not. */
unsigned review_save(struct review *r, const char *path, const struct record_extra *extra,
                     bool make_dirs);

/* True when the game reviewed is the one it was opened over, unchanged. */
bool review_from_play(const struct review *r);

void review_resize(struct review *r, int rows, int cols);

/* Handles one key (or KEY_MOUSE) from the key table. */
unsigned review_key(struct review *r, int key);

/* The worker wrote to the wake-up pipe: takes the judged moves. */
unsigned review_wake(struct review *r);

void review_draw(const struct review *r);

/* The i-th line of the key table for the help screen; false past the end. */
bool review_help_line(int i, const char **keys, const char **help);

#endif
