/* saves.h — the full-screen game's files, without curses: every unfinished
 * game kept on disk as it is played, the list Resume offers, where a game
 * saved by hand goes, and where the statistics are kept.
 *
 * Each game has an autosave of its own, $XDG_STATE_HOME/mnk/games/ID.sgf
 * (by default ~/.local/state/mnk/games/), written whole after every change
 * to the game — a move, an undo, a redo — through storage/safefile.h, so kill -9,
 * a crash or a power cut keeps every move made. ID is unique to the process
 * and the game, so two instances never make the same file; the window that
 * plays a kept game holds its lock (storage/filelock.h, ID.sgf.lock) for as long
 * as the game is on its screen, and the lists say which games are held so,
 * for a second window to keep its hands off (the app offers a copy). A game
 * that ends removes its own file and no other. A file there that does not load is set
 * aside, renamed NAME.corrupt-YYYYmmdd-HHMMSS — never overwritten, never
 * deleted — and reported once. The single last.sgf of earlier versions
 * joins the list on the first look.
 *
 * Saving by hand: the offered name is a dated file in
 * $XDG_DATA_HOME/mnk/games/ (by default ~/.local/share/mnk/games/, created
 * as needed); a relative name typed by the player is relative to the
 * directory mnk was started in, which mnk never leaves.
 */
#ifndef MNK_TUI_SAVES_H
#define MNK_TUI_SAVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "storage/filelock.h"
#include "storage/record.h"
#include "mnk/game.h"

#define SAVES_PATH_MAX 4096
#define SAVES_NAME_MAX 40

/* The directory of the autosaves. False when there is none: XDG_STATE_HOME
 * is unset, empty or relative (then ignored, as the XDG spec says) and HOME
 * is unset or empty, or the path does not fit. */
bool saves_dir(char *buf, size_t size);

/* A new game's autosave path in saves_dir(): the time `when`, the process
 * and `serial` (the caller's count of games) make it unique. False as for
 * saves_dir(), with the reason in `why` (unless NULL): "HOME is not set",
 * or that the path under the variable it starts from is too long. */
bool saves_new_path(char *buf, size_t size, time_t when, unsigned serial, char *why,
                    size_t why_size);

/* What changes to a game are seen by: its moves, the redo list and the
 * result. Two marks are equal when nothing that a record holds changed. */
struct saves_mark {
    int ply, last;
    enum outcome outcome;
    enum end_reason reason;
    uint64_t hash;
};

struct saves_mark saves_mark_of(const struct game *g);
bool saves_mark_equal(const struct saves_mark *a, const struct saves_mark *b);

/* Keeps game g in its autosave `path`: written whole while it is
 * unfinished (with `extra`, what its record said beyond the game; may be
 * NULL), removed once it is over (a missing file is no error). False with
 * the reason in err. */
bool saves_keep(const char *path, const struct game *g, const struct record_extra *extra,
                char *err, size_t err_size);

/* Removes an autosave (the player deleted it from the list), and the lock
 * file a window killed while playing it left behind. */
bool saves_forget(const char *path, char *err, size_t err_size);

/* Where a game of a list was found. */
enum saves_kind {
    SAVES_UNFINISHED,   /* an autosave: a game left unfinished */
    SAVES_SAVED,        /* a record in the games directory (saves_data_dir) */
    SAVES_HERE,         /* a record in the directory mnk was started in */
};

/* One game of a list. */
struct saves_entry {
    char path[SAVES_PATH_MAX];
    enum saves_kind kind;
    struct result result;
    time_t when;                     /* last written */
    long when_ns;                    /* and its nanoseconds, for the order */
    int width, height, win;
    enum rule rule;
    int moves;
    enum stone to_move;
    char black[SAVES_NAME_MAX], white[SAVES_NAME_MAX];
    /* An unfinished game's lock as last looked at (FILELOCK_IN_USE:
     * another window has it open; FILELOCK_UNKNOWN: its lock cannot be
     * asked, so no window here may play it but on a copy); FILELOCK_FREE
     * for records. */
    enum filelock_look lock;
};

/* Looks again at the locks of the unfinished games out[0 .. n): another
 * window may have opened or left one since the list was read. True when
 * any entry's `lock` changed. */
bool saves_relook(struct saves_entry *out, int n);

/* Fills out[0 .. max) with the unfinished games, newest first, and returns
 * how many; *more gets how many older files there are beyond those (the
 * newest `max` of all of them are read, whatever the directory's order).
 * Files that do not load are set aside (see above) and the first is
 * described in `note` ("" when there was none); finished games found there
 * are removed. */
int saves_list(struct saves_entry *out, int max, int *more, char *note, size_t note_size);

/* Fills out[0 .. max) with every game the Load screen offers, newest
 * first: the unfinished games (as saves_list, without setting anything
 * aside), the records in saves_data_dir() and the .sgf and .psq files of
 * the current directory (once, if that is the games directory); *more
 * gets how many older files there are beyond those. Files that do not load
 * are left alone and counted in *skipped. */
int saves_records(struct saves_entry *out, int max, int *more, int *skipped);

/* A file's date as the lists show it, in the player's language ("Nov 23
 * 08:40"; in Chinese "11月23日 08:40", no English month name), without the
 * time when `with_time` is false; "?" when the date cannot be told.
 * Returns buf. */
char *saves_date(char *buf, size_t size, time_t when, bool with_time);

/* A player's name from a file as the lists show it: "human" (or none, as
 * record_player_from_name reads it) in the player's language, any other name
 * as it is. */
const char *saves_player(const char *name);

/* Tab completion of a path as typed ("~/" allowed): the directory's entries
 * that start with the last part of `typed` (hidden ones only when that
 * starts with a dot). `out` gets typed completed as far as all of them
 * agree, with "/" after a single directory; `names` the matches' names,
 * separated by two blanks, as many as fit. Returns how many match. */
int saves_complete(const char *typed, char *out, size_t out_size, char *names,
                   size_t names_size);

/* Reads an autosave into *g (and what it says beyond the game into *extra,
 * which may be NULL). False with the reason (naming the file). */
bool saves_load(const char *path, struct game *g, struct record_extra *extra, char *err,
                size_t err_size);

/* The directory a game saved by hand goes to by default. False as for
 * saves_dir(), with XDG_DATA_HOME and ~/.local/share. */
bool saves_data_dir(char *buf, size_t size);

/* The settings file (tui/settings.h): $XDG_CONFIG_HOME/mnk/settings, by
 * default ~/.config/mnk/settings. False as for saves_stats_path(). */
bool saves_settings_path(char *buf, size_t size, char *why, size_t why_size);

/* The player's statistics file (storage/stats.h): $XDG_DATA_HOME/mnk/stats, by
 * default ~/.local/share/mnk/stats. False as for saves_data_dir(), with
 * the reason in `why` as for saves_new_path(). */
bool saves_stats_path(char *buf, size_t size, char *why, size_t why_size);

/* The servers' keys pinned on first use (net/link.h's known_file, for
 * `mnk join HOST` and the Network game screen's server lobby):
 * $XDG_DATA_HOME/mnk/known-servers, by default
 * ~/.local/share/mnk/known-servers. False as for saves_data_dir(). */
bool saves_known_servers_path(char *buf, size_t size);

/* The collection of puzzles made from the player's own games
 * (play/yourpuzzles.h): $XDG_DATA_HOME/mnk/puzzles/yours.sgf, by default
 * ~/.local/share/mnk/puzzles/yours.sgf. False as for saves_stats_path(). */
bool saves_yours_path(char *buf, size_t size, char *why, size_t why_size);

/* The puzzles the player imported (mnk puzzle import):
 * $XDG_DATA_HOME/mnk/puzzles/imported.sgf. False as for saves_stats_path(). */
bool saves_imported_path(char *buf, size_t size, char *why, size_t why_size);

/* The player's puzzle record (storage/puzzlestats.h):
 * $XDG_DATA_HOME/mnk/puzzles-rating, by default
 * ~/.local/share/mnk/puzzles-rating. False as for saves_stats_path(). */
bool saves_puzzles_path(char *buf, size_t size, char *why, size_t why_size);

/* "mnk-YYYYMMDD-HHMMSS.sgf" for the local time `when`. */
void saves_default_name(char *buf, size_t size, time_t when);

/* The record of a network game begun at `when`, in `dir`:
 * DIR/net-YYYYmmdd-HHMMSS.sgf, or -2, -3 ... when a game of the same
 * second is there already. False when it does not fit. */
bool saves_net_path(char *buf, size_t size, const char *dir, time_t when);

/* A path as typed: a leading "~/" stands for $HOME, and with `add_sgf` a
 * file name without any extension gets ".sgf". False if it does not fit or
 * is empty. */
bool saves_expand(const char *typed, char *buf, size_t size, bool add_sgf);

/* Writes g (moves up to g->ply) to `path` in the format its name implies
 * (in SGF with `extra`, which may be NULL),
 * whole or not at all (storage/safefile.h); with `make_dirs`, missing parent
 * directories are created first (mode 0700). False with a one-line reason
 * in err, the file at `path` then being untouched. */
bool saves_write(const char *path, const struct game *g, const struct record_extra *extra,
                 bool make_dirs, char *err, size_t err_size);

#endif
