/* diskq.h — files written whole by a thread of their own, so that a loop
 * serving many (play/server.h) never waits on the disk.
 *
 * The caller hands over a file's complete new content (diskq_write) or
 * asks for a file to go (diskq_remove); one writer thread does the jobs in
 * the order they came, each write whole or not at all through
 * storage/safefile.h (fsync included, missing directories made). A write
 * to a path whose earlier write still waits replaces that one's content in
 * its place: a file updated faster than the disk keeps up is written at
 * the pace the disk allows, with its latest content, and is never starved.
 * diskq_write_then_remove writes one file and, once it is on disk, removes
 * another (a finished game's record, then the file that kept it while it
 * was played): any job still waiting for the second is dropped, and when
 * the write fails, the second is written with a fallback content instead,
 * so that what it held is never lost in between.
 *
 * Each job may carry a line to report when it is done, and one when it
 * failed (its reason appended): the caller collects them with
 * diskq_report, on its own thread, at most DISKQ_REPORTS of them kept (the
 * oldest dropped); diskq_fd becomes readable when one waits, for a caller
 * that polls. diskq_free does every job still waiting before it
 * returns. Every function but diskq_free may be called while the writer
 * works; none of them blocks on the disk.
 */
#ifndef MNK_STORAGE_DISKQ_H
#define MNK_STORAGE_DISKQ_H

#include <stdbool.h>
#include <stddef.h>

#define DISKQ_REPORTS 256    /* lines kept for diskq_report */
#define DISKQ_LINE_MAX 1400  /* a report's line, NUL included */

struct diskq;

/* The writer started; NULL with the reason in err. */
struct diskq *diskq_new(char *err, size_t err_size);

/* What a job says when it is over: `done` when it went well, `failed`
 * followed by ": " and the reason when not; either may be NULL. */
struct diskq_say {
    const char *done;
    const char *failed;
};

/* Writes text[0 .. len) at path (the text is copied). False when out of
 * memory (nothing queued). */
bool diskq_write(struct diskq *q, const char *path, const char *text, size_t len,
                 const struct diskq_say *say);

/* Removes path (a missing file is no failure), after every job before. */
bool diskq_remove(struct diskq *q, const char *path, const struct diskq_say *say);

/* Writes text at path, then removes `then_remove`; when the write fails,
 * writes fallback (NULL: nothing) at then_remove instead. */
bool diskq_write_then_remove(struct diskq *q, const char *path, const char *text, size_t len,
                             const char *then_remove, const char *fallback,
                             size_t fallback_len, const struct diskq_say *say);

/* A descriptor to poll for POLLIN: readable when a report may wait. */
int diskq_fd(const struct diskq *q);

/* The oldest report not yet collected, into buf: false when none. */
bool diskq_report(struct diskq *q, char *buf, size_t size);

/* Jobs queued and not yet done. */
size_t diskq_pending(struct diskq *q);

/* Does every job still waiting, stops the writer and frees everything;
 * the reports not collected are lost. NULL is allowed. */
void diskq_free(struct diskq *q);

#endif
