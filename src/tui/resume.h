/* resume.h — the list of unfinished games that Resume shows over the menu:
 * one line per kept game (board, players, moves, date), newest first. Enter
 * opens the highlighted game, d deletes it after the player confirms with y,
 * Esc closes the list. The list itself comes from saves_list(); handlers
 * return enum react flags and never draw.
 */
#ifndef MNK_TUI_RESUME_H
#define MNK_TUI_RESUME_H

#include <stdbool.h>

#include "tui/saves.h"

struct resume {
    struct saves_list list;
    int choice;             /* the highlighted entry */
    int top;                /* the first entry shown */
    bool confirming;        /* "delete this game?" is asked */
};

/* Shows `list` (copied) with its newest game highlighted. */
void resume_open(struct resume *r, const struct saves_list *list);

/* The highlighted game's file, or NULL when the list is empty. */
const char *resume_chosen(const struct resume *r);

/* Handles one key: REACT_OPEN_KEPT on Enter, REACT_DELETE_KEPT once a delete
 * is confirmed, REACT_CLOSE on Esc. */
unsigned resume_key(struct resume *r, int key);

void resume_draw(const struct resume *r);

#endif
