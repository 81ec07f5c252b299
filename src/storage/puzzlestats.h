/* puzzlestats.h — the player's puzzle record: a rating that follows the
 * puzzles solved and missed, the streaks of puzzles solved, the counts,
 * and the last attempts. No curses, and no rating arithmetic: the caller
 * rates (play/glicko.h) through a callback, so that the file is read, the
 * result rated and the file written back while its lock is held.
 *
 * An attempt is one puzzle's visit, solved (without a hint or a wrong
 * move) or failed; the current streak is the run of puzzles solved that
 * the latest attempts end with, the best streak the longest such run.
 * The history keeps the last PUZZLESTATS_HISTORY attempts, oldest first.
 *
 * The file (by default $XDG_DATA_HOME/mnk/puzzles-rating, see
 * tui/saves.h) is text, one fact a line after the header "mnk-puzzles 1";
 * lines starting with '#' and blank lines are skipped:
 *     rating RATING RD VOLATILITY   (once; only when an attempt counted)
 *     counts SOLVED FAILED STREAK BEST
 *     attempt TIME ID S|F RATING    (oldest first, at most 200)
 * RATING and RD are decimals, VOLATILITY too; TIME is seconds since 1970;
 * ID a puzzle's id, one word of printable ASCII. It is written whole or
 * not at all (storage/safefile.h) and changed only as a whole
 * read-modify-write under the file's lock (storage/filelock.h), so that
 * two windows never lose each other's attempts and kill -9 leaves the old
 * file or the new one. Reading is strict, as stats.h's: a file that is not
 * exactly this (a bad header, a line not understood, a number out of
 * range, a streak longer than the puzzles solved, more attempts than
 * counted or than 200, a NUL byte, more than PUZZLESTATS_FILE_MAX bytes)
 * is refused whole, then set aside — renamed
 * puzzles-rating.corrupt-YYYYmmdd-HHMMSS beside it, never deleted — and
 * counting starts afresh, the player told once. A later version's file,
 * and one that cannot be read at all, is left alone and not written over.
 */
#ifndef MNK_STORAGE_PUZZLESTATS_H
#define MNK_STORAGE_PUZZLESTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#define PUZZLESTATS_VERSION 1
#define PUZZLESTATS_HISTORY 200         /* attempts kept */
#define PUZZLESTATS_ID_MAX 40           /* a puzzle's id, with its NUL */
#define PUZZLESTATS_FILE_MAX (1 << 16)  /* bytes; a larger file is refused */
#define PUZZLESTATS_COUNT_MAX 999999999L

/* A rating as Glicko-2 keeps it; what a file may hold is checked loosely
 * (RATING 0.01 to 9999.99, RD 0.01 to 999.99, VOLATILITY 0.000001 to
 * 0.999999), the tighter bounds being the rater's. */
struct puzzlestats_rating {
    double rating, rd, volatility;
};

struct puzzlestats_attempt {
    long long when;                 /* seconds since 1970 */
    char id[PUZZLESTATS_ID_MAX];
    bool solved;
    double rating;                  /* the player's, after it */
};

struct puzzlestats {
    bool rated;                     /* an attempt has counted: `rating` holds */
    struct puzzlestats_rating rating;
    long solved, failed;
    long streak, best;              /* runs of puzzles solved */
    int n_history;
    struct puzzlestats_attempt history[PUZZLESTATS_HISTORY];   /* oldest first */
};

/* Rates one attempt: *r is the player's rating before (`fresh`: none yet,
 * the rater starts one), and after on return (then kept within what a
 * file may hold). */
typedef void puzzlestats_rater(struct puzzlestats_rating *r, bool fresh, bool solved,
                               const void *ctx);

/* An empty record: nothing counted, not rated. */
void puzzlestats_init(struct puzzlestats *s);

/* Counts one attempt at puzzle `id` (any bytes: outside printable ASCII,
 * and spaces, become '_'; cut to PUZZLESTATS_ID_MAX - 1) at `when`, rated
 * by `rate`; the oldest attempt leaves the history when it is full. */
void puzzlestats_add(struct puzzlestats *s, const char *id, bool solved, long long when,
                     puzzlestats_rater *rate, const void *ctx);

/* What puzzlestats_read() made of a file (as stats.h's). */
enum puzzlestats_read_result {
    PUZZLESTATS_READ_OK,     /* read, or missing: an empty record */
    PUZZLESTATS_READ_BAD,    /* not understood, or too large: set it aside */
    PUZZLESTATS_READ_LEAVE,  /* a later version's, or not readable: leave it */
};

/* Reads `path` into *s (empty unless PUZZLESTATS_READ_OK), with a
 * one-line reason in err otherwise, naming the file and the line. */
enum puzzlestats_read_result puzzlestats_read(const char *path, struct puzzlestats *s,
                                              char *err, size_t err_size);

/* The same for the file's content text[0 .. len), `name` standing for
 * the file in the reason. */
enum puzzlestats_read_result puzzlestats_parse(const char *name, const char *text, size_t len,
                                               struct puzzlestats *s, char *err,
                                               size_t err_size);

/* Prints *s as the file holds it. */
void puzzlestats_print(FILE *out, const struct puzzlestats *s);

/* Writes *s to `path` whole or not at all, creating missing directories.
 * False with the reason in err. */
bool puzzlestats_write(const char *path, const struct puzzlestats *s, char *err,
                       size_t err_size);

/* Reads `path` for use, as stats_load(): a bad file is set aside and *s
 * starts empty, `note` saying where it went and why; false, with the
 * reason in note, when the file must not be written over. note is "" when
 * all went well. */
bool puzzlestats_load(const char *path, struct puzzlestats *s, char *note, size_t note_size);

/* Counts one attempt into the file at `path`: takes its lock, loads,
 * adds, writes, lets go. *out (may be NULL) is then the record as the
 * file holds it, and untouched on failure. False when it could not be counted (the lock held by
 * another window past a few tries, a file left alone, a write that
 * failed), with why in note; note as for puzzlestats_load() otherwise. */
bool puzzlestats_record(const char *path, const char *id, bool solved, long long when,
                        puzzlestats_rater *rate, const void *ctx, struct puzzlestats *out,
                        char *note, size_t note_size);

#endif
