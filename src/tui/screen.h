/* screen.h — the table of the terminal's screens: what the main loop needs
 * of each, so that it treats them all alike.
 *
 * A screen is one file (menu.c, play.c, review.c, editor.c, load.c,
 * statsview.c, puzzles.c, netscreen.c, lobbyscreen.c) and
 * one entry here, `const struct screen NAME_screen`, that says how big its
 * state is, the smallest window it can be drawn in, and its operations on
 * that state: made ready once (init), laid out (resize), drawn, given keys
 * and mouse events (key: a click is KEY_MOUSE, mouse.h), woken by the
 * worker's pipe (wake), given time (tick, when its timeout ran out or a
 * descriptor of its own is ready: pollfds), asked
 * to look again at what other windows changed (relook), and told it is
 * left for good (close). Optional operations are NULL. Handlers return
 * enum react flags (react.h), never draw; draw never changes the state.
 *
 * The app (app.c) holds one state per screen, sized from this table, and
 * everything it does to every screen alike — lay out, draw, dispatch keys,
 * wait, wake — goes through the table. What only one screen has (the game
 * kept for Resume, the review over a game) the app asks of that screen by
 * its own header. A new screen is its file, its line in enum screen_id and
 * screen_table (screen.c), and the way to reach it (REACT_GO, react.h).
 *
 * The help (help.c) lists the keys of every screen that has a help_title,
 * in the table's order.
 */
#ifndef MNK_TUI_SCREEN_H
#define MNK_TUI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include <poll.h>

#include "storage/record.h"

#define SCREEN_FDS_MAX 8

/* In the help's order. */
enum screen_id {
    SCREEN_PLAY,
    SCREEN_REVIEW,
    SCREEN_EDITOR,
    SCREEN_MENU,
    SCREEN_LOAD,
    SCREEN_STATS,
    SCREEN_PUZZLES,
    SCREEN_NET,
    SCREEN_LOBBY,
    SCREEN_COUNT
};

struct screen {
    size_t size;                /* bytes of state, zeroed before init */
    int min_cols, min_rows;     /* smaller: the "too small" notice */
    const char *help_title;     /* N_(): the help's heading; NULL: not listed */
    bool (*help_line)(int i, const char **keys, const char **help);
    void (*init)(void *self);   /* once, at start */
    unsigned (*open)(void *self); /* each time it comes up (REACT_GO, back) */
    void (*close)(void *self);  /* left for good (REACT_BACK, or at exit) */
    void (*resize)(void *self, int rows, int cols);
    void (*draw)(const void *self);
    unsigned (*key)(void *self, int key);
    unsigned (*wake)(void *self);
    /* Milliseconds until tick() has work; -1: none (wait for keys). */
    int (*wait_ms)(const void *self);
    unsigned (*tick)(void *self);
    /* Descriptors besides the terminal to wait on (a network link), at
     * most SCREEN_FDS_MAX: their number. tick() is called when one is
     * ready, as when the timeout runs out. */
    int (*pollfds)(const void *self, struct pollfd *fds);
    /* Looks again at what other windows may have changed (games opened or
     * left); true when what is shown changed. */
    bool (*relook)(void *self);
    /* Saves what the screen shows to `path` (REACT_ASK_FILE's answer),
     * with what its record said beyond the game (`extra`). */
    unsigned (*save)(void *self, const char *path, const struct record_extra *extra,
                     bool make_dirs);
};

/* How often a screen that lists games looks again at which of them other
 * windows have open (relook), while it is on view. */
#define SCREEN_RELOOK_MS 1000

extern const struct screen play_screen, review_screen, editor_screen, menu_screen, load_screen,
    stats_screen, puzzles_screen, net_screen, lobby_screen;

/* The entry of screen `id` (< SCREEN_COUNT). */
const struct screen *screen_of(enum screen_id id);

#endif
