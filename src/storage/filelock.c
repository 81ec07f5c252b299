/* filelock.c — "this file is in use"; see filelock.h. */
#include "storage/filelock.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/fmt.h"
#include "mnk/i18n.h"

/* How often a lock found taken is asked again, a few milliseconds apart,
 * before it is taken for busy: filelock_busy() and filelock_forget() of
 * another window hold it for an instant while they look. */
#define BUSY_TRIES 5

void filelock_init(struct filelock *l)
{
    l->fd = -1;
    l->path[0] = '\0';
}

bool filelock_held(const struct filelock *l)
{
    return l->fd >= 0;
}

static bool lock_path(char *buf, size_t size, const char *path)
{
    return fmt_fits(buf, size, "%s.lock", path);
}

/* True when descriptor fd is the file at `path` now. */
static bool still_there(int fd, const char *path)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

/* Opens the lock file `lp` (made when `create`), never waiting: a FIFO
 * put in its place would hold open() until a writer came. A file that
 * opens but is not a regular one is closed again: -1 with errno EINVAL
 * for it, errno as open() left it for the rest. */
static int open_lock(const char *lp, bool create)
{
    int flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (create ? O_CREAT : 0);
    int fd = open(lp, flags, 0600);
    struct stat st;
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    return fd;
}

/* Why open_lock() failed, for a message. */
static const char *open_error(int e)
{
    return e == EINVAL ? _("not a regular file") : strerror(e);
}

static void pause_briefly(void)
{
    struct timespec ms = { 0, 4 * 1000 * 1000 };
    nanosleep(&ms, NULL);
}

enum filelock_result filelock_take(struct filelock *l, const char *path, char *err,
                                   size_t err_size)
{
    assert(!filelock_held(l));
    char lp[FILELOCK_PATH_MAX];
    if (!lock_path(lp, sizeof lp, path)) {
        /* The reason first: a path this long fills any message. */
        fmt_fail(err, err_size, _("the path is too long: %s"), path);
        return FILELOCK_ERROR;
    }
    for (int tries = 0; tries < BUSY_TRIES; tries++) {
        if (tries > 0)
            pause_briefly();
        int fd = open_lock(lp, true);
        if (fd < 0) {
            fmt_fail(err, err_size, "%s: %s", lp, open_error(errno));
            return FILELOCK_ERROR;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            close(fd);
            if (e == EWOULDBLOCK)
                continue;
            fmt_fail(err, err_size, "%s: %s", lp, strerror(e));
            return FILELOCK_ERROR;
        }
        /* Its holder may have released it (and removed it) between our
         * open and our flock: then we hold a name nobody sees. */
        if (still_there(fd, lp)) {
            l->fd = fd;
            memcpy(l->path, lp, sizeof lp);
            return FILELOCK_TAKEN;
        }
        close(fd);
    }
    return FILELOCK_BUSY;
}

void filelock_release(struct filelock *l)
{
    if (!filelock_held(l))
        return;
    /* Removed while still held: whoever opens the name after this makes a
     * new file, and whoever opened the old one sees it is gone. */
    unlink(l->path);
    close(l->fd);
    filelock_init(l);
}

enum filelock_look filelock_look(const char *path)
{
    char lp[FILELOCK_PATH_MAX];
    if (!lock_path(lp, sizeof lp, path))
        return FILELOCK_UNKNOWN;
    int fd = open_lock(lp, false);
    if (fd < 0)   /* no lock file: nobody holds it */
        return errno == ENOENT ? FILELOCK_FREE : FILELOCK_UNKNOWN;
    enum filelock_look look = FILELOCK_FREE;
    if (flock(fd, LOCK_SH | LOCK_NB) != 0)
        look = errno == EWOULDBLOCK ? FILELOCK_IN_USE : FILELOCK_UNKNOWN;
    close(fd);   /* lets go of the shared lock, if it was taken */
    return look;
}

void filelock_forget(const char *path)
{
    struct filelock l;
    char err[FILELOCK_PATH_MAX + 100];
    filelock_init(&l);
    if (filelock_take(&l, path, err, sizeof err) == FILELOCK_TAKEN)
        filelock_release(&l);
}

/* Between two tries of filelock_wait. */
#define WAIT_STEP_MS 10

enum filelock_result filelock_wait(struct filelock *l, const char *path, int wait_ms,
                                   char *err, size_t err_size)
{
    enum filelock_result r = filelock_take(l, path, err, err_size);
    for (int waited = 0; r == FILELOCK_BUSY && waited < wait_ms; waited += WAIT_STEP_MS) {
        nanosleep(&(struct timespec){ .tv_nsec = WAIT_STEP_MS * 1000000L }, NULL);
        r = filelock_take(l, path, err, err_size);
    }
    return r;
}
