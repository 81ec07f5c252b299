/* editor.h — the board editor: a position set up stone by stone, of both
 * colours, and the side to move, for the new-game form to start a game
 * from (game_set_up, game.h).
 *
 * Opened from the form's Position row on the form's board and rule
 * (editor_begin); Esc takes the position back to the form, which starts
 * the game. The cursor moves as in play; Enter, Space or a click turn the
 * cell under it empty → Black → White → empty; b and w put that colour
 * there (or take it away), x empties it, c empties the board. The side to
 * move follows the stones (Black when both have as many, White when Black
 * has one more) until t chooses it. A position that cannot be played from
 * (five already on the board) is shown with its line and the reason.
 * Handlers return enum react flags, never draw.
 */
#ifndef MNK_TUI_EDITOR_H
#define MNK_TUI_EDITOR_H

#include <stdbool.h>

#include "mnk/game.h"
#include "tui/cursor.h"
#include "tui/layout.h"

struct editor {
    struct game_config config;  /* the form's board and rule */
    struct game_setup setup;    /* the stones and the side to move */
    bool chosen;                /* t chose the side to move */
    struct game game;           /* the position as set up, as it is drawn */
    struct layout layout;
    int rows, cols;
    struct board_cursor cur;
    char message[200];          /* what the last key did, or why not */
    bool error;                 /* the message is an error */
};

/* Opens the editor on the board and rule of `c` with the stones of `s`
 * (those that fit the board; NULL: an empty board). */
void editor_begin(struct editor *e, const struct game_config *c, const struct game_setup *s);

/* The position set up so far. */
const struct game_setup *editor_setup(const struct editor *e);

/* Why a game cannot start from the position (a five is on the board), or
 * NULL: it can. Marked for the catalogue: the caller shows _(text). */
const char *editor_problem(const struct editor *e);

void editor_resize(struct editor *e, int rows, int cols);

/* Handles one key (or KEY_MOUSE) from the key table. */
unsigned editor_key(struct editor *e, int key);

void editor_draw(const struct editor *e);

/* The i-th line of the key table for the help screen; false past the end. */
bool editor_help_line(int i, const char **keys, const char **help);

#endif
