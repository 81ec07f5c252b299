/* safefile.h — files replaced whole or not at all, and read whole within a
 * bound.
 *
 * safefile_write() writes a file so that, whatever happens (a full disk, a
 * crash, kill -9, a power cut), `path` holds either its old content or the
 * complete new one: the content goes to a temporary file with a unique name
 * in the same directory, is flushed and fsync'd, renamed over `path`, and
 * the directory is fsync'd so that the rename itself is on disk. On failure
 * the temporary file is removed and `path` is untouched. A new file is the
 * player's alone (0600); a file replaced keeps its permissions.
 *
 * Only a regular file is renamed over, or a name where nothing is: through
 * a symlink, the file it leads to is replaced and the link kept. A
 * character device or a FIFO (/dev/stdout, /dev/null, a pipe a script
 * reads) is written to as it stands, with no atomicity to give; a FIFO
 * that no one reads is refused at once rather than waited on. So is the
 * regular file that is already this process's standard output or error
 * (/dev/stdout named with `>> out.sgf`): through that stream, at its
 * offset. Anything else (a directory, a socket, a block device, a symlink
 * to nothing) is refused with what it is, and left untouched.
 *
 * safefile_read() is how mnk reads the files it keeps and the records it
 * opens (settings, statistics, records): only a regular file is read, and
 * no more than a bound, so that nothing put in a file's place — a FIFO, a
 * device such as /dev/zero behind a symlink, a directory, a file that
 * grows while it is read — can block mnk, keep it busy or fill its memory.
 *
 * Errors are one line, naming the file and the system's reason (strerror).
 */
#ifndef MNK_STORAGE_SAFEFILE_H
#define MNK_STORAGE_SAFEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the content: false on a failure of its own (a write error is also
 * caught through the stream's error flag). */
typedef bool safefile_writer(FILE *out, const void *ctx);

/* Writes `path` through `write` (replaced whole, or written through when a
 * device or a FIFO, as above); with `make_dirs`, missing parent directories
 * are created first (mode 0700). False with the reason in err. */
bool safefile_write(const char *path, safefile_writer *write, const void *ctx,
                    bool make_dirs, char *err, size_t err_size);

/* Creates the missing parent directories of `path` (mode 0700). */
bool safefile_make_parents(const char *path, char *err, size_t err_size);

/* Moves a file that could not be read out of the way, for the player to
 * look at, never overwriting anything: renames `path` to
 * PATH.corrupt-YYYYmmdd-HHMMSS (local time; -2, -3, ... appended when that
 * name is taken). True with the new name in `aside`; false when it could
 * not be moved (`path` then stays as it is). */
bool safefile_set_aside(const char *path, char *aside, size_t aside_size);

/* safefile_set_aside() for a file a reader refused with the reason `err`
 * ("PATH: ..."), put for a status line: the new name without its
 * directory (it stays beside the file) into `base`, and *why pointed at
 * the reason without the path it starts with. False as for
 * safefile_set_aside() (base is then ""). */
bool safefile_set_aside_short(const char *path, const char *err, char *base, size_t base_size,
                              const char **why);

/* What safefile_read() found at a path. Only SAFEFILE_OK means the file was
 * read; the others tell the caller whether the file may be blamed. */
enum safefile_status {
    SAFEFILE_OK,          /* read whole */
    SAFEFILE_MISSING,     /* no such file, or a directory above it is missing */
    SAFEFILE_NOT_FILE,    /* a directory, a pipe, a device, a socket: not read */
    SAFEFILE_TOO_LARGE,   /* more than the bound */
    SAFEFILE_UNREADABLE,  /* the system refused: permission, an I/O error, memory */
};

/* Reads the regular file at `path`, at most `max` bytes, into a new buffer
 * *text (the caller frees it) of *len bytes and a NUL after them (the
 * content may hold NULs of its own). Never waits: the file is opened
 * non-blocking, so a FIFO is refused at once, and the opened file itself
 * is checked (fstat), so a symlink to a device is refused too; a file that
 * says it is larger than `max`, or turns out so while read, is refused
 * without reading more. Anything but SAFEFILE_OK leaves *text NULL and *len
 * 0, with "PATH: reason" in err (for SAFEFILE_MISSING too, for a caller
 * that needs the file). */
enum safefile_status safefile_read(const char *path, size_t max, char **text, size_t *len,
                                   char *err, size_t err_size);

/* What a file mnk keeps for the player (statistics, the puzzle record)
 * gives its reader, by the same rules for each: its text to parse; nothing
 * there (counting starts); content to refuse, and so to set aside (larger
 * than its bound); or nothing known of its content (not a regular file,
 * or the system refused it), to leave alone and never write over. */
enum safefile_kept {
    SAFEFILE_KEPT_TEXT,
    SAFEFILE_KEPT_NONE,
    SAFEFILE_KEPT_BAD,
    SAFEFILE_KEPT_LEAVE,
};

/* safefile_read() for such a file: *text and *len as safefile_read's for
 * SAFEFILE_KEPT_TEXT; for BAD "PATH: reason" in err, for LEAVE "cannot
 * read PATH: reason". */
enum safefile_kept safefile_read_kept(const char *path, size_t max, char **text, size_t *len,
                                      char *err, size_t err_size);

#endif
