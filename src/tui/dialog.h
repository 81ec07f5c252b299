/* dialog.h — a yes/no question drawn over the current screen, such as
 * "Quit the game in progress?". y, Enter on Yes or a click on Yes answers
 * yes and returns the reaction given when it was opened; n, Esc, Enter on
 * No or a click on No just closes it.
 */
#ifndef MNK_TUI_DIALOG_H
#define MNK_TUI_DIALOG_H

#include <stdbool.h>

struct dialog {
    char question[160];   /* a copy: the caller's text may not last */
    unsigned on_yes;    /* enum react flags to return on yes */
    bool yes;           /* Yes is highlighted */
};

void dialog_open(struct dialog *d, const char *question, unsigned on_yes);

unsigned dialog_key(struct dialog *d, int key);

void dialog_draw(const struct dialog *d);

#endif
