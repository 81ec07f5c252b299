/* app.h — the full-screen program: it sets the terminal up and always puts it
 * back, owns the one input loop, switches between the screens (menu, game,
 * statistics) and the overlays on top of them (help, yes/no dialogs), turns
 * signals and the computer's wake-ups into events of that loop, and counts
 * each game against the computer in the statistics when it ends.
 */
#ifndef MNK_TUI_APP_H
#define MNK_TUI_APP_H

#include "play/analysis.h"
#include "storage/record.h"
#include "mnk/game.h"

/* Runs the program on the terminal: the game `record` (a record read from a
 * file, `note` shown in its status line, `extra` what the file said beyond
 * the game, kept when it is saved, `analysis` the analysis it carried
 * (play/annotate.h), opened with it in review; each may be NULL;
 * a finished game or an analysed one opens in review, another to play on)
 * or else the game of `config`
 * straight away, or the menu when both are NULL. Returns the process exit
 * status (0 when the player quits, 128 + N after signal N, 1 on a fatal
 * error, reported on stderr once the terminal is restored). A game left
 * unfinished is kept for Resume (saves.h) whichever way the program ends.
 * The language is `lang` (the command line's choice, already in use), or
 * else the one remembered in the settings, or else the locale's; the
 * locale itself is set beforehand (util/i18n.h, i18n_init). */
int app_run(const struct game_config *config, const struct game *record,
            const struct record_extra *extra, const struct analysis *analysis, const char *note,
            const char *lang);

#endif
