/* keeper.h — the full-screen game's policy for the game on screen: kept in
 * its autosave as it changes, held against other windows while it is on
 * screen, and counted in the statistics once when it ends.
 *
 * - Keeping: keeper_keep() after every turn writes the game to its autosave
 *   (tui/saves.h) when it changed since the last write (a move, an undo, a
 *   redo, its end); an empty game, or a record as opened, is nothing to
 *   keep. A game that ends removes its file. A failure is kept in `error`
 *   (for the menu and stderr) and said once per change.
 * - Holding: the autosave's lock (storage/filelock.h) is taken before the
 *   first write of a new game, or handed over by whoever resumed one, and
 *   let go by keeper_stop(). A name this window cannot hold (another
 *   window holds it, or its lock file cannot be used) sends the game to a
 *   fresh file of its own: no two windows write one.
 * - Counting: keeper_count() counts the game in the player's statistics
 *   (storage/stats.h) the first time it is seen over, never when it was
 *   over as opened, and never again for the same game (an undo may reopen
 *   it; the mark, extra.counted, goes into its record and so survives a
 *   resume).
 *
 * No curses: the app says what these return where it belongs.
 */
#ifndef MNK_TUI_KEEPER_H
#define MNK_TUI_KEEPER_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/game.h"
#include "storage/filelock.h"
#include "storage/record.h"
#include "tui/saves.h"

#define KEEPER_SAY_MAX (2 * SAVES_PATH_MAX + 400)

struct keeper {
    char path[SAVES_PATH_MAX];    /* the autosave; "" when there is no place */
    char no_path[200];            /* why, when path is "" */
    struct record_extra extra;    /* what the game's record said beyond it */
    struct saves_mark kept;       /* the game as last written (or opened) */
    struct filelock lock;         /* held on `path` while the game is ours */
    unsigned serial;              /* games started, for unique names */
    bool failed;                  /* the last attempt to keep it failed */
    bool counted;                 /* its end is counted, or it was over when
                                   * opened: it counts no more */
    char error[SAVES_PATH_MAX + 200]; /* the last failure, reason first */
};

/* Nothing kept, nothing held. */
void keeper_init(struct keeper *k);

/* A new game g: a fresh autosave name, nothing beyond the game. */
void keeper_start(struct keeper *k, const struct game *g);

/* A game g opened from a file: from its autosave `path`, with `lock` (may
 * be NULL) handed over, or from a record (path NULL: a fresh name). The
 * record's extra must be in k->extra already; the game counts no more if
 * it is over or its record says it was counted. */
void keeper_open(struct keeper *k, const struct game *g, const char *path,
                 struct filelock *lock);

/* The next game opened goes on from another's position (review's `c`):
 * a new game, whose end counts, whatever the record it came from says. */
void keeper_new_branch(struct keeper *k);

/* Counts g if it has just ended (see above). True when it was counted now,
 * with `note` "" or what to tell the player (the statistics could not be
 * read or written, or have no place). */
bool keeper_count(struct keeper *k, const struct game *g, char *note, size_t note_size);

/* Keeps g if it changed. True when a failure is to be said now, in
 * `line` as the status line shows it ("the game could not be kept: REASON
 * (PATH)": the reason first, as a long path would push it off). */
bool keeper_keep(struct keeper *k, const struct game *g, char *line, size_t line_size);

/* The game leaves the screen: its lock is let go (it stays kept). */
void keeper_stop(struct keeper *k);

#endif
