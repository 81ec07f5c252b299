/* load.h — the Load screen: every game there is to open, newest first —
 * the unfinished ones, those saved in the games directory, the records of
 * the directory mnk was started in — each with its date, board, players,
 * moves and result (saves_records), in columns laid out for the screen's
 * width so that the file's name and the board's rule show whole when the
 * rest can give way, and a field to type any path in, which
 * Tab completes.
 *
 * ↑/↓ and PgUp/PgDn pick a game; Enter answers REACT_OPEN: the app opens
 * the typed path if there is one, else the game picked (load_choice); Esc
 * clears the field, then answers REACT_BACK. Other keys type into the
 * field. Handlers return enum react flags and never draw.
 */
#ifndef MNK_TUI_LOAD_H
#define MNK_TUI_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "tui/prompt.h"
#include "tui/saves.h"

#define LOAD_MAX 100
#define LOAD_TEXT 512

struct load {
    struct saves_entry games[LOAD_MAX];
    char lines[LOAD_MAX][LOAD_TEXT];   /* each game described, in columns
                                        * laid out for the screen's width */
    int n;
    int skipped;            /* files that did not load */
    int more;               /* older files not read: the list is full */
    int pick, top;          /* the highlighted game, the first shown */
    struct prompt field;
    char message[200];      /* why the last choice did not open */
    int rows, cols;
};

/* Reads the lists and opens the screen with an empty field. */
void load_open(struct load *l);

void load_resize(struct load *l, int rows, int cols);

/* Looks again at which unfinished games other windows have open (they
 * come and go while the list is shown). True when a line changed. */
bool load_relook(struct load *l);

unsigned load_key(struct load *l, int key);

/* What Enter chose: the path typed (as typed) or the game picked, and
 * whether that is an unfinished game to resume. False when there is
 * neither. */
bool load_choice(const struct load *l, char *path, size_t size, bool *resume);

/* Shows why the choice did not open, until the next key. */
void load_say(struct load *l, const char *text);

void load_draw(const struct load *l);

/* The i-th line of the key table for the help screen; false past the end. */
bool load_help_line(int i, const char **keys, const char **help);

#endif
