/* filelock.h — "this file is in use": an advisory lock that a live process
 * holds on a file for as long as it works on it, so that a second process
 * can tell and keep its hands off.
 *
 * The lock is flock(2) on a companion file, PATH.lock, made on first use:
 * the file itself cannot carry it, since safefile_write() replaces it by a
 * rename at every write. The kernel drops the lock when its holder exits
 * in any way, kill -9 and a crash included, so a lock never outlives its
 * process; a PATH.lock left behind by such a death is only a name, taken
 * again by the next process that asks. Releasing removes PATH.lock while
 * still holding it, and taking one checks after flock that the file locked
 * is still the one at PATH.lock, so a lock file removed and made anew in
 * between never lets two processes hold PATH at once.
 *
 * A lock file that is not a regular file (a directory, a FIFO, a device)
 * or cannot be opened (another user's) is never taken for free: taking it
 * fails with the reason, and a look says it cannot be told. Nothing here
 * waits: a FIFO is opened without blocking, and a lock found taken is
 * asked again only a few times, milliseconds apart.
 *
 * The locks are advisory: they keep mnk's windows apart, not other
 * programs. Within one process, a lock is held or not through its struct
 * alone (flock locks belong to the open file, not to the process).
 */
#ifndef MNK_STORAGE_FILELOCK_H
#define MNK_STORAGE_FILELOCK_H

#include <stdbool.h>
#include <stddef.h>

#define FILELOCK_PATH_MAX 4096

/* A lock held, or none (fd < 0). Zeroed memory is not "none": use
 * filelock_init(). */
struct filelock {
    int fd;
    char path[FILELOCK_PATH_MAX];   /* the PATH.lock held */
};

enum filelock_result {
    FILELOCK_TAKEN,   /* this process holds it now */
    FILELOCK_BUSY,    /* another live process holds it */
    FILELOCK_ERROR,   /* it could not be asked (a read-only directory, a lock
                       * file that is a directory or a FIFO, ...): whoever
                       * asked must not write the file as if it held it */
};

/* What a look at a file's lock finds. */
enum filelock_look {
    FILELOCK_FREE,      /* no process holds it */
    FILELOCK_IN_USE,    /* another live process holds it */
    FILELOCK_UNKNOWN,   /* it cannot be told: the lock file is no regular
                         * file, or cannot be opened */
};

/* Makes l hold nothing. */
void filelock_init(struct filelock *l);

/* True when l holds a lock. */
bool filelock_held(const struct filelock *l);

/* Takes the lock of `path` for l, which must hold none, without waiting.
 * FILELOCK_ERROR comes with the reason in err. */
enum filelock_result filelock_take(struct filelock *l, const char *path, char *err,
                                   size_t err_size);

/* filelock_take, waiting up to `wait_ms` for another process to let go:
 * for a read-modify-write that takes a moment (a game counted, a puzzle
 * added), so that two windows doing it at once both get it done. BUSY only
 * when the lock is held that long. */
enum filelock_result filelock_wait(struct filelock *l, const char *path, int wait_ms,
                                   char *err, size_t err_size);

/* Lets go of the lock l holds, if any, and removes its PATH.lock. */
void filelock_release(struct filelock *l);

/* Whether another process holds the lock of `path` at this moment (a
 * look, not a promise: it may be taken or let go right after). No lock
 * file at all is FILELOCK_FREE. */
enum filelock_look filelock_look(const char *path);

/* Removes the PATH.lock of a file that is gone, unless a process holds it:
 * what a holder killed before releasing leaves behind. */
void filelock_forget(const char *path);

#endif
