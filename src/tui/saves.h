/* saves.h — the full-screen game's files, without curses: the autosave of
 * every game in progress, the name offered when saving by hand, and writing
 * a record so that a failed write or a crash never replaces a good file with
 * a half-written one.
 *
 * Autosave: each game has its own file in $XDG_STATE_HOME/mnk/games/ (by
 * default ~/.local/state/mnk/games/), named when its first move is kept and
 * rewritten after every change (move, undo, redo) through saves_keep(). A
 * game that ends, or is taken back to no move, removes its own file and no
 * other; so two instances, or a new game started while others wait, never
 * touch each other's games. Every write goes to a temporary file with a
 * unique name in the same directory, is fsync'd, renamed over the old file,
 * and the directory fsync'd: a kill -9, a crash or a power loss after move n
 * leaves moves 1..n on disk.
 *
 * saves_list() reads the directory for the menu's Resume: the unfinished
 * games, newest first. A file there that does not load (corrupt, unreadable)
 * is set aside as NAME.corrupt-YYYYmmdd-HHMMSS, never overwritten or
 * deleted, and named once in the list's notice. An old single autosave
 * ($XDG_STATE_HOME/mnk/last.sgf) is moved into the directory first.
 */
#ifndef MNK_TUI_SAVES_H
#define MNK_TUI_SAVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "mnk/game.h"

#define SAVES_PATH_MAX 4096

/* The autosave directory. False when there is none: XDG_STATE_HOME is unset,
 * empty or relative (then ignored, as the XDG spec says) and HOME is unset or
 * empty, or the path does not fit in `size`. */
bool saves_dir(char *buf, size_t size);

/* Where the single autosave of older versions was: the directory above
 * saves_dir(), file last.sgf. */
bool saves_legacy_path(char *buf, size_t size);

/* Where games saved by hand go by default: $XDG_DATA_HOME/mnk/games (by
 * default ~/.local/share/mnk/games), on the same terms as saves_dir(). */
bool saves_data_dir(char *buf, size_t size);

/* "mnk-YYYYMMDD-HHMMSS.sgf" for the local time `when`. */
void saves_default_name(char *buf, size_t size, time_t when);

/* The file offered when saving by hand: saves_default_name() in
 * saves_data_dir(), with "~/" for $HOME when it starts so (the prompt is
 * short); the bare name when there is no such directory. */
void saves_default_path(char *buf, size_t size, time_t when);

/* Creates the directories leading to `path` (not its last component), mode
 * 0700. False with the reason in err. */
bool saves_make_parents(const char *path, char *err, size_t err_size);

/* A path as typed: a leading "~/" stands for $HOME, and with `add_sgf` a
 * file name without any extension gets ".sgf". A relative name stays
 * relative: to the directory mnk was started in, which it never leaves.
 * False if it does not fit or is empty. */
bool saves_expand(const char *typed, char *buf, size_t size, bool add_sgf);

/* Writes g (moves up to g->ply) to `path` in the format its name implies,
 * atomically: a temporary file with a unique name in the same directory,
 * written, fsync'd, renamed over `path`, the directory fsync'd. With
 * `make_dirs`, missing parent directories are created first (mode 0700).
 * False with a one-line reason in err, the file at `path` then being
 * untouched and no temporary file left. */
bool saves_write(const char *path, const struct game *g, bool make_dirs,
                 char *err, size_t err_size);

/* A cheap fingerprint of what an autosave holds of g: its moves up to ply,
 * the redo list's length and the result. */
uint64_t saves_signature(const struct game *g);

/* One game's autosave. */
struct saves_keeper {
    char path[SAVES_PATH_MAX];  /* its file; empty until first needed */
    uint64_t signature;         /* of the game as last brought in line */
    bool failed;                /* the game as it stands is not on disk */
    char error[SAVES_PATH_MAX + 100]; /* why, when failed */
};

/* Starts keeping game g: a game resumed from `path` goes on in that file,
 * rewritten at the first saves_keep() (so it holds what mnk writes); with
 * path NULL (a new game, a record opened) the first change writes a new
 * file. */
void saves_keeper_start(struct saves_keeper *k, const struct game *g, const char *path);

/* Brings g's file in line with g when g changed since the last call: an
 * unfinished game with moves is written, any other removes its own file.
 * Returns false (k->error says why) when the game as it stands could not be
 * kept; a failed attempt is retried at the next change. */
bool saves_keep(struct saves_keeper *k, const struct game *g);

/* An unfinished game in the autosave directory, as Resume lists it. */
struct saves_entry {
    char path[SAVES_PATH_MAX];
    time_t when;                /* last written */
    int width, height, win;
    enum rule rule;
    int ply;
    char player[2][40];         /* Black, White: "human" or a name */
};

#define SAVES_LIST_MAX 64

struct saves_list {
    int n;
    struct saves_entry entry[SAVES_LIST_MAX];   /* newest first */
    char notice[600];           /* files set aside, or why none could be read */
};

/* Reads the autosave directory into *l (see the top comment). */
void saves_list(struct saves_list *l);

/* Reads the autosave at `path` into *g. False with the reason in err (the
 * file named) when it does not load; *g is then untouched. */
bool saves_open(const char *path, struct game *g, char *err, size_t err_size);

/* Removes the autosave at `path`. False with the reason in err. */
bool saves_delete(const char *path, char *err, size_t err_size);

#endif
