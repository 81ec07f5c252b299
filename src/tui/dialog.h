/* dialog.h — a yes/no question drawn over the current screen, such as
 * "Quit the game in progress?". y, Enter on Yes or a click on Yes answers
 * yes and returns the reaction given when it was opened; n, Esc, Enter on
 * No or a click on No closes it, returning the reaction for no when one
 * was given (dialog_on_no: a question whose no must be heard).
 */
#ifndef MNK_TUI_DIALOG_H
#define MNK_TUI_DIALOG_H

#include <stdbool.h>

struct dialog {
    char question[160];   /* a copy: the caller's text may not last */
    unsigned on_yes;    /* enum react flags to return on yes */
    unsigned on_no;     /* and on no (none unless dialog_on_no) */
    bool yes;           /* Yes is highlighted */
};

void dialog_open(struct dialog *d, const char *question, unsigned on_yes);

/* The open dialog's no returns `on_no` too. */
void dialog_on_no(struct dialog *d, unsigned on_no);

unsigned dialog_key(struct dialog *d, int key);

void dialog_draw(const struct dialog *d);

#endif
