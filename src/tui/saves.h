/* saves.h — the full-screen game's files, without curses: where the game in
 * progress is kept when the player leaves it ($XDG_STATE_HOME/mnk/last.sgf,
 * by default ~/.local/state/mnk/last.sgf), the name offered when saving, and
 * writing a record so that a failed write never replaces a good file with a
 * half-written one.
 *
 * The autosave holds at most one game: the last one left unfinished. Leaving
 * a game writes it there when it has moves and is not over; a finished game
 * that was resumed from there removes it; anything else leaves it alone, so
 * an unfinished game is only ever replaced by a newer unfinished one.
 */
#ifndef MNK_TUI_SAVES_H
#define MNK_TUI_SAVES_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "mnk/game.h"

#define SAVES_PATH_MAX 4096

/* The autosave file's path. False when it has none: XDG_STATE_HOME is unset,
 * empty or relative (then ignored, as the XDG spec says) and HOME is unset or
 * empty, or the path does not fit in `size`. */
bool saves_autosave_path(char *buf, size_t size);

/* "mnk-YYYYMMDD-HHMMSS.sgf" for the local time `when`. */
void saves_default_name(char *buf, size_t size, time_t when);

/* A path as typed: a leading "~/" stands for $HOME, and with `add_sgf` a
 * file name without any extension gets ".sgf". False if it does not fit or
 * is empty. */
bool saves_expand(const char *typed, char *buf, size_t size, bool add_sgf);

/* Writes g (moves up to g->ply) to `path` in the format its name implies,
 * through `path`.part renamed into place; with `make_dirs`, missing parent
 * directories are created first (mode 0700). False with a one-line reason in
 * err, the file at `path` then being untouched. */
bool saves_write(const char *path, const struct game *g, bool make_dirs,
                 char *err, size_t err_size);

enum saves_action {
    SAVES_KEEP,     /* leave the autosave as it is */
    SAVES_WRITE,    /* the game goes into the autosave */
    SAVES_CLEAR,    /* the autosave held this game, now over: remove it */
};

/* What leaving game g does to the autosave; `resumed` says g came from it. */
enum saves_action saves_on_leave(const struct game *g, bool resumed);

/* Applies saves_on_leave(). False with the reason in err when the autosave
 * could not be written or removed (a missing file to remove is no error). */
bool saves_leave(const struct game *g, bool resumed, char *err, size_t err_size);

/* Reads the autosave into *g. False when there is none (err empty) or it does
 * not load (err says why); *g is then untouched. */
bool saves_resume(struct game *g, char *err, size_t err_size);

#endif
