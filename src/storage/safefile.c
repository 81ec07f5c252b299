/* safefile.c — files replaced whole or not at all; see safefile.h. */
#include "storage/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/fmt.h"
#include "mnk/i18n.h"

#define PATH_LEN 4096

bool safefile_make_parents(const char *path, char *err, size_t err_size)
{
    char dir[PATH_LEN];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return fmt_fail(err, err_size, _("%s: path too long"), path);
    for (char *p = dir + 1; *p != '\0'; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return fmt_fail(err, err_size, "%s: %s", dir, strerror(errno));
        *p = '/';
    }
    return true;
}

/* fsync of the directory holding `path`, so that a rename in it lasts. */
static bool sync_dir(const char *path)
{
    char dir[PATH_LEN];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    /* Some file systems refuse fsync on a directory (EINVAL): nothing more
     * can be done there, and the rename has happened. */
    bool ok = fsync(fd) == 0 || errno == EINVAL;
    close(fd);
    return ok;
}

bool safefile_write(const char *path, safefile_writer *write, const void *ctx,
                    bool make_dirs, char *err, size_t err_size)
{
    char tmp[PATH_LEN];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp)
        return fmt_fail(err, err_size, _("%s: path too long"), path);
    if (make_dirs && !safefile_make_parents(path, err, err_size))
        return false;
    int fd = mkstemp(tmp);
    if (fd < 0)
        return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        int e = errno;
        close(fd);
        unlink(tmp);
        return fmt_fail(err, err_size, "%s: %s", path, strerror(e));
    }
    /* mkstemp makes the file 0600; a record or a setting is the player's
     * own, and that is what it should be. */
    errno = 0;
    bool ok = write(f, ctx) && fflush(f) == 0 && !ferror(f);
    int e = errno != 0 ? errno : EIO;
    if (ok && fsync(fileno(f)) != 0) {
        ok = false;
        e = errno;
    }
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        return fmt_fail(err, err_size, "%s: %s", path, strerror(e));
    }
    if (!sync_dir(path))
        return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
    return true;
}

bool safefile_set_aside(const char *path, char *aside, size_t aside_size)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) == NULL || strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(stamp, sizeof stamp, "unknown");
    int n = snprintf(aside, aside_size, "%s.corrupt-%s", path, stamp);
    for (int i = 2; n >= 0 && (size_t)n < aside_size && access(aside, F_OK) == 0 && i < 100; i++)
        n = snprintf(aside, aside_size, "%s.corrupt-%s-%d", path, stamp, i);
    return n >= 0 && (size_t)n < aside_size && access(aside, F_OK) != 0 &&
           rename(path, aside) == 0;
}

/* What a file that is not a regular one is, for the reason given. */
static bool not_file(const char *path, mode_t mode, char *err, size_t err_size)
{
    if (S_ISDIR(mode))
        return fmt_fail(err, err_size, _("%s: is a directory"), path);
    if (S_ISFIFO(mode))
        return fmt_fail(err, err_size, _("%s: is a pipe, not a file"), path);
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return fmt_fail(err, err_size, _("%s: is a device, not a file"), path);
    return fmt_fail(err, err_size, _("%s: is not a regular file"), path);
}

enum safefile_status safefile_read(const char *path, size_t max, char **text, size_t *len,
                                   char *err, size_t err_size)
{
    *text = NULL;
    *len = 0;
    /* O_NONBLOCK: opening a FIFO for reading would wait for a writer;
     * O_NOCTTY: a terminal named here must not become ours. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int e = errno;
        if (e == ENXIO) {   /* a socket, or a device with nothing behind it */
            not_file(path, 0, err, err_size);
            return SAFEFILE_NOT_FILE;
        }
        fmt_fail(err, err_size, "%s: %s", path, strerror(e));
        return e == ENOENT || e == ENOTDIR ? SAFEFILE_MISSING : SAFEFILE_UNREADABLE;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        fmt_fail(err, err_size, "%s: %s", path, strerror(e));
        return SAFEFILE_UNREADABLE;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        not_file(path, st.st_mode, err, err_size);
        return SAFEFILE_NOT_FILE;
    }
    if (st.st_size < 0 || (uintmax_t)st.st_size > max) {
        close(fd);
        fmt_fail(err, err_size, _("%s: too large (over %zu bytes)"), path, max);
        return SAFEFILE_TOO_LARGE;
    }
    /* Room for the size the file says it has, one byte more to see it end
     * (or grow), and the NUL; files that say 0 (those of /proc) grow the
     * buffer as they are read, never past max + 1 bytes. */
    size_t cap = (size_t)st.st_size + 2, n = 0;
    char *buf = malloc(cap);
    enum safefile_status status = buf != NULL ? SAFEFILE_OK : SAFEFILE_UNREADABLE;
    int e = ENOMEM;   /* the reason, unless a read gives another */
    while (status == SAFEFILE_OK) {
        if (n + 1 == cap) {   /* full: past the bound, or to grow */
            if (n > max) {
                status = SAFEFILE_TOO_LARGE;
                break;
            }
            size_t grown = 2 * cap + 4096 < max + 2 ? 2 * cap + 4096 : max + 2;
            char *more = realloc(buf, grown);
            if (more == NULL) {
                status = SAFEFILE_UNREADABLE;
                break;
            }
            buf = more;
            cap = grown;
        }
        ssize_t got = read(fd, buf + n, cap - 1 - n);
        if (got > 0) {
            n += (size_t)got;
        } else if (got == 0) {
            break;
        } else if (errno != EINTR) {
            e = errno;
            status = SAFEFILE_UNREADABLE;
        }
    }
    close(fd);
    if (status != SAFEFILE_OK) {
        free(buf);
        if (status == SAFEFILE_TOO_LARGE)
            fmt_fail(err, err_size, _("%s: too large (over %zu bytes)"), path, max);
        else
            fmt_fail(err, err_size, "%s: %s", path, strerror(e));
        return status;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return SAFEFILE_OK;
}
