/* play.h — the game screen: the board with its cursor, the status lines, the
 * move list, and the computer players, who think on the worker thread.
 *
 * Whose turn it is and what a move, an undo or a computer's answer does is
 * the session's policy (play/session.h); this screen turns keys into session
 * calls, runs the computers' thinking on the worker, and draws. It reads the
 * game through a const pointer. Keys are dispatched through one table, which
 * the help screen also lists. Handlers return enum react flags and never draw.
 *
 * The clock (a game with config.tc): both clocks beside the players, the
 * one of the seat that acts running, redrawn every second (every tenth
 * under ten seconds) through play_timeout, "low" beside one with less than
 * ten seconds left; a person's move is charged the time it took, a flag
 * that falls while a side thinks ends the game on time (session_flag). p
 * stops the clock (and the computer); so do a review over the game and an
 * opening's choice. A game opened again starts its clocks where its record
 * left them: the time away is not charged.
 *
 * Draw offers (=, play/offer.h): the other person answers a yes/no question
 * the app puts (REACT_ASK_OTHER, then play_answer); the computer answers
 * by its rule (play/judge.h), judged on the worker, and says why on the
 * status line. After its move, on a board small enough, the computer looks
 * on the worker for a proof that the game is drawn, and offers a draw on
 * the status line: = accepts it, a move plays on.
 */
#ifndef MNK_TUI_PLAY_H
#define MNK_TUI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/advice.h"
#include "engine/shapes.h"
#include "storage/record.h"
#include "play/judge.h"
#include "play/ponder.h"
#include "play/session.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "tui/draw.h"
#include "tui/cursor.h"
#include "tui/layout.h"
#include "tui/worker.h"

struct play {
    struct session session;     /* the game and its computer players */
    struct worker worker;
    struct layout layout;       /* for the current terminal size */
    struct board_cursor cur;    /* the cursor's cell and the part in view */
    char message[160];
    enum draw_style message_style;
    int64_t move_due;           /* clock_ms() before which a computer waits */
    struct ai_info info;        /* its latest progress report */
    bool have_info;
    enum play_job {
        JOB_NONE,
        JOB_MOVE,     /* a computer's move */
        JOB_HINT,     /* the hint */
        JOB_OPENING,  /* a computer's part in the opening */
        JOB_JUDGE,    /* the computer judges the draw a person offers it */
        JOB_PROOF,    /* after its move, the computer looks for a proven draw */
    } job;                      /* what the worker does */
    /* A computer's part in the opening (ai_opening), asked on the worker:
     * the request, owned by the worker's thread while it runs, and the
     * answer. */
    struct play_opening {
        struct ai *ai;
        struct board board;
        bool may_add;
        struct ai_limits limits;
        const atomic_bool *stop;
        bool ok;
        struct ai_opening answer;
    } opening;
    /* A computer's judgement of a draw (play/judge.h), asked on the
     * worker: the request, owned by the worker's thread while it runs, and
     * the answer. */
    struct play_judging {
        struct judge *judge;
        struct game game;       /* the position judged */
        enum stone side;        /* the computer's seat */
        bool prove;             /* a proof (JOB_PROOF), else a score */
        bool ok;                /* the score was found, or the draw proven */
        int score;              /* from the computer's side */
    } judging;
    struct judge judge;         /* made at the first judgement */
    bool have_judge;
    char question[160];         /* what the other person is asked */
    int64_t think_start;        /* clock_ms() when it started */
    /* The game clock (config.tc): the move of the seat that acts began at
     * turn_from (clock_ms(); 0 while the clock is stopped: paused, held for
     * a review, waiting for an opening choice, the game over), after
     * turn_spent ms counted before it stopped; turn_ply and turn_choices
     * are the position whose move it is. */
    int64_t turn_from;
    int64_t turn_spent;
    int turn_ply, turn_choices;
    bool clock_paused;          /* p stopped the clock */
    bool held;                  /* a review is over the screen (play_hold) */
    struct shapes shapes;       /* the threats on the board, for the marks */
    bool forbidden[BOARD_MAX_CELLS]; /* renju, Black to move: the cells Black
                                      * may not play, for the marks */
    int forbidden_count;        /* how many of them */
    bool marks;                 /* threat and forbidden marks shown (t) */
    bool numbers;               /* the stones show their move numbers (m) */
    bool bell;                  /* the terminal's bell at the computer's move (B) */
    int threads;                /* the computers' threads (play_options) */
    bool ponder;                /* and whether they ponder (play_options) */
    struct ponder pondering;    /* the computer thinking on the person's time */
    enum draw_look look;        /* the drawing chosen (D) */
    struct ai hint_ai;          /* the engine that gives hints, made at the first */
    struct advice advice;       /* and the words for them */
    int hint;                   /* the cell suggested for this position, or -1 */
};

/* Options of the screen that outlive a game (settings). */
struct play_options {
    bool marks;                 /* threat marks on */
    bool numbers;               /* move numbers on the stones */
    bool bell;                  /* the bell at the computer's move */
    enum draw_look look;        /* how the board is drawn (D) */
    int threads;                /* the computers' threads (players_set_threads) */
    bool ponder;                /* a computer against a person thinks on the
                                   person's time (play/ponder.h) */
};

/* Starts a game of config `c`, from the position `from` (NULL: the empty
 * board), whose computers wake the UI through wake_fd. A computer player
 * that can't be created is replaced by a human, and the reason shown.
 * Returns NULL, or why the game itself is refused. */
const char *play_init(struct play *p, const struct game_config *c,
                      const struct game_setup *from, int wake_fd,
                      const struct play_options *o);

/* Opens game g as it stands (a record loaded, a game resumed), its cursor on
 * the last move; computers that can't be created become humans, as above. */
void play_open(struct play *p, const struct game *g, int wake_fd,
               const struct play_options *o);

/* The screen's options as they are now (t changes them). */
struct play_options play_get_options(const struct play *p);

/* The person to move (or the only one playing) resigns: the game ends as
 * that side's loss. */
unsigned play_resign(struct play *p);

/* The person asked for a draw (REACT_ASK_OTHER) answers it: accepted,
 * the game ends drawn by agreement; declined, it goes on. */
unsigned play_answer(struct play *p, bool accept);

/* The question REACT_ASK_OTHER puts to the other person: "Black offers a
 * draw. White, do you accept?". */
const char *play_question(const struct play *p);

/* The game on the screen. */
const struct game *play_game(const struct play *p);

/* Shows `text` in the status line, unless an error is showing there. */
void play_note(struct play *p, const char *text);

/* Saves the game to `path` (a name as typed: "~/" is $HOME, ".sgf" is
 * added to a name without an extension), with what its record said beyond
 * the game (`extra`, may be NULL), creating missing directories when
 * `make_dirs`; says where it went or why not. */
unsigned play_save(struct play *p, const char *path, const struct record_extra *extra,
                   bool make_dirs);

/* Shows `text` as an error on the status line (the game could not be kept). */
void play_warn(struct play *p, const char *text);

/* Stops any thinking while the screen is away (a review over it); the
 * computer starts again at the next play_tick(). */
void play_hold(struct play *p);

/* Stops any thinking and frees the computer players. */
void play_fini(struct play *p);

/* Lays the screen out for a rows × cols terminal. */
void play_resize(struct play *p, int rows, int cols);

/* Handles one key (or KEY_MOUSE) from the key table. */
unsigned play_key(struct play *p, int key);

/* The worker wrote to the wake-up pipe: collects progress or its move. */
unsigned play_wake(struct play *p);

/* Called when play_timeout() has run out: starts a computer that was waiting. */
unsigned play_tick(struct play *p);

/* Milliseconds until play_tick() has work, or -1 for none (wait for keys). */
int play_timeout(const struct play *p);

/* True while a game with moves on the board is not over: leaving loses it. */
bool play_in_progress(const struct play *p);

/* Draws the whole screen. */
void play_draw(const struct play *p);

/* The i-th line of the key table for the help screen; false past the end. */
bool play_help_line(int i, const char **keys, const char **help);

#endif
