/* place.h — where the menu screen puts its entries, the lines of its list
 * of unfinished games and the rows of its new-game form, where a yes/no
 * dialog puts its buttons and the review its "Continue from here" panel,
 * on a screen of a given size; and which of them a screen position is on.
 * The drawing and the mouse both ask here, so a click lands on what is
 * drawn there. Pure arithmetic, no curses, so it is unit-tested.
 *
 * Positions are screen rows and columns from 0; widths are in columns
 * (text.h), passed in by the caller, who knows the texts.
 */
#ifndef MNK_TUI_PLACE_H
#define MNK_TUI_PLACE_H

#include "tui/setup.h"

/* The columns of a main-menu entry's band: the highlight, the turn mark
 * and the name. */
#define PLACE_ENTRY_W 16

/* The main menu: the title "mnk", a tagline under it, a blank, then the n
 * entries shown, a blank row between them when the screen has room, all
 * centred. */
struct place_main {
    int n;
    int title_y;      /* "mnk"; the tagline is on the row under it */
    int entry_y;      /* the first entry's row */
    int step;         /* rows from one entry to the next: 1 or 2 */
    int cx;           /* the screen's middle column */
    int band_x;       /* the first column of every entry's band */
    int note_y;       /* the row under the entries, for a note */
};

void place_main(struct place_main *p, int rows, int cols, int n);

/* Entry k's row (0 ≤ k < n). */
int place_main_y(const struct place_main *p, int k);

/* The entry (0 .. n - 1, among those shown) whose band holds (y, x), or -1. */
int place_main_at(const struct place_main *p, int y, int x);

/* The list of unfinished games: a title, then one line a game from row
 * PLACE_LIST_Y, as many as the screen holds, scrolled so that the picked
 * one shows. */
#define PLACE_LIST_TITLE_Y 2
#define PLACE_LIST_Y 4

struct place_list {
    int x, w;         /* every line's columns, the title's too */
    int rows;         /* lines shown at most (at least 1) */
    int first;        /* the first line shown */
    int n;
    int message_y;    /* a note under the list */
};

/* The list of n lines of which line `pick` is highlighted. */
void place_list(struct place_list *p, int rows, int cols, int n, int pick);

/* Line i's row, for first ≤ i < first + rows. */
int place_list_y(const struct place_list *p, int i);

/* The line (0 .. n - 1) shown at (y, x), or -1. */
int place_list_at(const struct place_list *p, int y, int x);

/* The new-game form: its title, a blank, one row a field (the name, then
 * the value from value_x), a blank, Start under the values, a blank and a
 * line of notes. */
struct place_form {
    int title_y;
    int left;         /* the names' and the notes' first column */
    int value_x;      /* the values' and Start's first column */
    int start_w;      /* Start's columns */
    int cols;
};

/* The form on a rows × cols screen, its Start label `start_w` columns wide
 * (cut to PLACE_START_MAX, the most drawn). */
#define PLACE_START_MAX 11
void place_form(struct place_form *p, int rows, int cols, int start_w);

/* The row of field f, SETUP_START included. */
int place_form_y(const struct place_form *p, enum setup_field f);

/* The row of the note under the form. */
int place_form_note_y(const struct place_form *p);

/* The field whose row holds (y, x) (anywhere from its name to the screen's
 * edge; for Start, on the label), or -1. */
int place_form_at(const struct place_form *p, int y, int x);

/* On a value drawn "‹ value ›" from column `from`, the arrows prev_w and
 * next_w columns wide and the value value_w: -1 when column x is on the
 * left arrow, +1 on the right one, else 0. The blank beside each arrow
 * counts with it, so that a one-column arrow is easier to hit. */
int place_arrow(int x, int from, int prev_w, int value_w, int next_w);

/* A yes/no dialog: a frame centred on the screen, the question in it, and
 * under it the two buttons, Yes on the left. */
enum place_answer { PLACE_NEITHER, PLACE_YES, PLACE_NO };

/* The most columns a button's label takes. */
#define PLACE_BUTTON_MAX 9

struct place_dialog {
    int y, x, h, w;           /* the frame */
    int question_y, question_x, question_w;
    int buttons_y;
    int yes_x, yes_w, no_x, no_w;
};

/* The dialog on a rows × cols screen for a question question_w columns
 * wide and labels yes_w and no_w wide (cut to PLACE_BUTTON_MAX). */
void place_dialog(struct place_dialog *p, int rows, int cols, int question_w, int yes_w,
                  int no_w);

/* The button at (y, x), or PLACE_NEITHER. */
enum place_answer place_dialog_at(const struct place_dialog *p, int y, int x);

/* The review's "Continue from here" panel: a frame centred on the screen
 * (narrowed to it), a line on what is dropped, a blank, a row for each
 * side (its name, then "‹ player ›" from value_x), a blank, Start
 * centred, and a line of keys. */
#define PLACE_GO_W 46
#define PLACE_GO_H 9
#define PLACE_GO_START_MAX 10

/* The rows of the panel that take clicks: the sides, Start. */
enum place_go_row { PLACE_GO_NONE = -1, PLACE_GO_BLACK, PLACE_GO_WHITE, PLACE_GO_START };

struct place_go {
    int y, x, h, w;           /* the frame */
    int side_y;               /* Black's row; White's is under it */
    int name_x, value_x;      /* a side's name, and its player */
    int start_y, start_x, start_w;
    int keys_y;               /* the line of keys */
};

/* The panel on a rows × cols screen, its Start label `start_w` columns
 * wide (cut to PLACE_GO_START_MAX). */
void place_go(struct place_go *p, int rows, int cols, int start_w);

/* The row at (y, x): a side's, anywhere from its name to the frame's
 * inner edge; Start, on the label. */
enum place_go_row place_go_at(const struct place_go *p, int y, int x);

#endif
