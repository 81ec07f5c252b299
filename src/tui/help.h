/* help.h — the help overlay: the rules in brief and every key of the game,
 * the review, the menu and the Load screen, read from their key tables so it can never go
 * stale.
 * Drawn over the current screen; ↑/↓ scroll it when the window is short,
 * any other key closes it.
 */
#ifndef MNK_TUI_HELP_H
#define MNK_TUI_HELP_H

struct help {
    int scroll;     /* the first line shown */
};

void help_init(struct help *h);

unsigned help_key(struct help *h, int key);

void help_draw(const struct help *h);

#endif
