/* settings.h — what the full-screen game remembers between runs: the last
 * board, rule, opening, time control and players chosen in the new-game
 * form, whether threat
 * marks and move numbers are shown and the bell rings at the computer's
 * move, the drawing (draw.h: auto, the terminal's characters,
 * full-width or plain ASCII), the language chosen in the menu, and the
 * last server's address and the name given there (the lobby's), and the
 * most threads the computer thinks with (players_set_threads says which
 * computers take them; by default as many as the machine has cores) and
 * whether it thinks on the person's time (play/ponder.h; by default yes).
 *
 * Kept in $XDG_CONFIG_HOME/mnk/settings (by default ~/.config/mnk/settings,
 * as saves_settings_path() in tui/saves.h says) as `key = value` lines, written whole or not at all (storage/safefile.h).
 * Reading never fails the game: a missing file gives the defaults; a line
 * that is not understood (an unknown key, a value out of range, a player
 * that is no level) is skipped, the rest is kept, and the first such line
 * is described in the warning so the player can be told once. Only a
 * regular file is read, and only up to 64 KiB (storage/safefile.h): anything
 * else in its place (a directory, a FIFO, a device) is refused at once,
 * said with what it is, and the defaults are used.
 *
 * No curses: the app loads them at start and saves them when a game starts
 * from the form and when the game screen is left.
 */
#ifndef MNK_TUI_SETTINGS_H
#define MNK_TUI_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/game.h"
#include "net/wire.h"
#include "tui/draw.h"

#define SETTINGS_SERVER_MAX 256   /* a server's address, its NUL included */

struct settings {
    /* The new-game form's last choice, as the game it starts: board, rule
     * and players, each a human or a computer at a level (level.h), not
     * seeded. */
    struct game_config game;
    bool marks;   /* threat marks on the board */
    bool numbers; /* move numbers on the stones */
    bool bell;    /* the terminal's bell at the computer's move */
    enum draw_look look; /* how the board is drawn */
    char lang[32]; /* "en", "zh_CN" (util/i18n.h); "": the locale's language */
    char server[SETTINGS_SERVER_MAX]; /* HOST[:PORT] last connected to; "": none */
    char name[WIRE_NAME_MAX];         /* the name given there; "": the login name */
    int threads;  /* the most threads a computer thinks with; 0: all the computer's */
    bool ponder;  /* the computer thinks on the person's time */
};

/* A new game's board and rule (game_config_default), Black human, White
 * the default level (level.h), marks shown. */
void settings_default(struct settings *s);

/* Remembers game c's board, rule and players in s->game: a human, or a
 * computer at a level; a computer that is no level (a strategy, an engine)
 * keeps the player it would replace. Seeds and times are not kept. */
void settings_from_config(struct settings *s, const struct game_config *c);

/* Reads `path` over the defaults. A missing file is no warning; a file
 * that cannot be read is described in `warn` and changes nothing; anything
 * else not understood is skipped and described in `warn` (the first such
 * thing, naming the file and line), which is "" when all went well. A game
 * no board can hold is mended, also with a warning: a win length longer
 * than the board becomes its longer side, renju with a k other than five
 * freestyle (rule_check_win). */
void settings_load(const char *path, struct settings *s, char *warn, size_t warn_size);

/* Writes `s` to `path`, creating its directory. False with the reason. */
bool settings_save(const char *path, const struct settings *s, char *err, size_t err_size);

#endif
