/* menu.h — the menu screen: the main menu (Resume, when games were left
 * unfinished; New game, Load, Statistics, Help, Language, Quit), the list
 * of unfinished games Resume opens (one is resumed with Enter, deleted
 * with d after a question), and the new-game form (presets, size, win length, rule, the
 * two players).
 *
 * The form's values live in a struct setup, which keeps them valid; this
 * module only maps keys onto it and draws it. Keys come through one table,
 * listed by the help screen; the mouse is one of them: a click does what
 * Enter does on an entry (on a line of the list, picks it first), picks a
 * row of the form, changes the picked one by its arrows as left and right
 * do, and starts on Start; the wheel is up and down. The Position row opens
 * the board editor (REACT_EDIT) on the form's board; a change of the board's
 * size, or an opening rule, empties the position. The Clock row's ←/→ go
 * through the usual time controls (setup_clocks); Enter on it opens a field
 * for any other (tc_parse's text), refused with the reason when it is not
 * one. Where things are is
 * place.h's, shared with the drawing. Handlers return enum react flags,
 * never draw.
 */
#ifndef MNK_TUI_MENU_H
#define MNK_TUI_MENU_H

#include <stdbool.h>

#include "mnk/game.h"
#include "tui/prompt.h"
#include "tui/saves.h"
#include "tui/setup.h"

#define MENU_MIN_COLS 44
#define MENU_MIN_ROWS 18

enum menu_page { MENU_MAIN, MENU_SETUP, MENU_RESUME };

/* The unfinished games the list can show, and the length of a line. */
#define MENU_GAMES_MAX 50
#define MENU_GAME_TEXT 120

struct menu {
    enum menu_page page;
    int choice;                 /* the highlighted main-menu entry */
    enum setup_field field;     /* the highlighted row of the form */
    struct setup setup;
    int rows, cols;
    char message[200];          /* what went wrong, until the next key */
    char resume_note[120];      /* what Resume opens; empty: no Resume entry */
    char games[MENU_GAMES_MAX][MENU_GAME_TEXT]; /* the list, newest first */
    int n_games;
    int more_games;             /* older unfinished games beyond the list */
    int pick;                   /* the highlighted game of the list */
    struct saves_entry kept[MENU_GAMES_MAX]; /* the games the list shows
                                              * (resume.h), newest first */
    int n_kept;
    int more_kept;              /* older ones left out of it */
    struct game_setup position; /* the form's position (board editor, editor.h);
                                 * no stone, Black to move: the empty board */
    struct prompt clock_field;  /* a time control typed on the Clock row */
    bool typing_clock;          /* clock_field is open */
    char lang[32];              /* the language chosen (settings.h), "": the locale's */
    bool lang_by_flag;          /* chosen by --lang, not in the menu */
};

/* Opens on the main menu with the form at its defaults. */
void menu_init(struct menu *m);

/* Shows Resume, described by `note`, or hides it when note is NULL. Resume
 * is highlighted when it appears. */
void menu_set_resume(struct menu *m, const char *note);

/* Sets the lines of the unfinished games' list (n of them, newest first,
 * and `more` older ones left out), keeping the highlighted line where it
 * can. An empty list on the list page goes back to the main menu. */
void menu_set_games(struct menu *m, const char lines[][MENU_GAME_TEXT], int n, int more);

/* The language chosen ("" for the locale's), and whether --lang chose it:
 * the Language entry says which language is spoken and why. Enter or
 * left/right on it speak the next and ask the app to remember it
 * (REACT_SETTINGS). */
void menu_set_lang(struct menu *m, const char *lang, bool by_flag);

/* Shows `text` (an error) under the main menu or the form until the next key. */
void menu_say(struct menu *m, const char *text);

/* Fills the form in from `c` (remembered settings), staying on this page. */
void menu_set_form(struct menu *m, const struct game_config *c);

/* Opens the form, filled in from `c` (the game just left). */
void menu_open_form(struct menu *m, const struct game_config *c);

void menu_resize(struct menu *m, int rows, int cols);

/* Handles one key from the key table. */
unsigned menu_key(struct menu *m, int key);

/* The game the form describes, its computers freshly seeded (no opening
 * rule when a position is set up). */
void menu_config(const struct menu *m, struct game_config *c);

/* The position the form's game starts from, or NULL for the empty board. */
const struct game_setup *menu_position(const struct menu *m);

/* The position set up in the board editor, for the form's game. An
 * opening rule in the form goes (it would place its own stones), and
 * the form says so. */
void menu_set_position(struct menu *m, const struct game_setup *s);

void menu_draw(const struct menu *m);

/* The i-th line of the key table for the help screen; false past the end. */
bool menu_help_line(int i, const char **keys, const char **help);

#endif
