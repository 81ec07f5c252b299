/* safefile.h — files replaced whole or not at all.
 *
 * safefile_write() writes a file so that, whatever happens (a full disk, a
 * crash, kill -9, a power cut), `path` holds either its old content or the
 * complete new one: the content goes to a temporary file with a unique name
 * in the same directory, is flushed and fsync'd, renamed over `path`, and
 * the directory is fsync'd so that the rename itself is on disk. On failure
 * the temporary file is removed and `path` is untouched.
 *
 * Errors are one line, naming the file and the system's reason (strerror).
 */
#ifndef MNK_IO_SAFEFILE_H
#define MNK_IO_SAFEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the content: false on a failure of its own (a write error is also
 * caught through the stream's error flag). */
typedef bool safefile_writer(FILE *out, const void *ctx);

/* Writes `path` through `write`; with `make_dirs`, missing parent
 * directories are created first (mode 0700). False with the reason in err. */
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

#endif
