/* app.h — the full-screen program: it sets the terminal up and always puts it
 * back, owns the one input loop, switches between the screens (menu, game)
 * and the overlays on top of them (help, yes/no dialogs), and turns signals
 * and the computer's wake-ups into events of that loop.
 */
#ifndef MNK_TUI_APP_H
#define MNK_TUI_APP_H

#include "mnk/game.h"

/* Runs the program on the terminal: the game of `config` straight away, or
 * the menu when config is NULL. Returns the process exit status (0 when the
 * player quits, 128 + N after signal N, 1 on a fatal error, reported on
 * stderr once the terminal is restored). */
int app_run(const struct game_config *config);

#endif
