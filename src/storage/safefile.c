/* safefile.c — files replaced whole or not at all; see safefile.h. */
#define _XOPEN_SOURCE 700 /* realpath */
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

/* Writes `ctx` through `write` to a new file beside `path`, then renames it
 * over `path`: the atomic replacement safefile.h promises. */
static bool replace(const char *path, safefile_writer *write, const void *ctx, char *err,
                    size_t err_size)
{
    char tmp[PATH_LEN];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp)
        return fmt_fail(err, err_size, _("%s: path too long"), path);
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
     * own, and that is what a new one should be. A file replaced keeps the
     * permissions the player gave it (a record shared 0644 stays so). */
    struct stat old;
    if (stat(path, &old) == 0 && S_ISREG(old.st_mode) && fchmod(fd, old.st_mode & 07777) != 0) {
        int e = errno;
        fclose(f);
        unlink(tmp);
        return fmt_fail(err, err_size, "%s: %s", path, strerror(e));
    }
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

/* Writes `ctx` through `write` into the open `fd` (closed here), a stream
 * fed as it stands: nothing is replaced, no atomicity is to be had. */
static bool write_stream(const char *path, int fd, safefile_writer *write, const void *ctx,
                         char *err, size_t err_size)
{
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return fmt_fail(err, err_size, "%s: %s", path, strerror(e));
    }
    /* No fsync: a pipe or a terminal has no disk behind it (EINVAL). */
    errno = 0;
    bool ok = write(f, ctx) && fflush(f) == 0 && !ferror(f);
    int e = errno != 0 ? errno : EIO;
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    return ok || fmt_fail(err, err_size, "%s: %s", path, strerror(e));
}

/* Writes into the character device or FIFO at `path`. */
static bool write_through(const char *path, safefile_writer *write, const void *ctx,
                          char *err, size_t err_size)
{
    /* O_NONBLOCK for the open only: a FIFO that no one reads fails at once
     * (ENXIO) instead of holding mnk, the game screen included, until a
     * reader comes; a device such as a serial line does not wait for its
     * carrier. The writes then block as on any stream, so that a slow
     * reader is waited for rather than cut off (EAGAIN). O_NOCTTY: a
     * terminal named here must not become ours. */
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 && errno == ENXIO)
        return fmt_fail(err, err_size, _("%s: is a pipe that no one reads"), path);
    int flags = fd < 0 ? -1 : fcntl(fd, F_GETFL);
    if (flags == -1 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == -1) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return fmt_fail(err, err_size, "%s: %s", path, strerror(e));
    }
    return write_stream(path, fd, write, ctx, err, err_size);
}

/* The standard output or error when `st` is the file it is, else -1: a
 * name such as /dev/stdout that leads to the very file the shell
 * redirected it to. */
static int standard_stream(const struct stat *st)
{
    for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
        struct stat open_st;
        if (fstat(fd, &open_st) == 0 && open_st.st_dev == st->st_dev &&
            open_st.st_ino == st->st_ino)
            return fd;
    }
    return -1;
}

bool safefile_write(const char *path, safefile_writer *write, const void *ctx,
                    bool make_dirs, char *err, size_t err_size)
{
    if (strlen(path) + sizeof ".tmp-XXXXXX" > PATH_LEN)
        return fmt_fail(err, err_size, _("%s: path too long"), path);
    if (make_dirs && !safefile_make_parents(path, err, err_size))
        return false;
    /* What the name leads to decides how it is written: a rename over it
     * would put a regular file in the place of a device, a FIFO, a
     * directory's name or a symlink. This guards against a mistaken name
     * (/dev/null as root, a FIFO a script reads from), not against someone
     * who swaps files in the directory between this look and the rename:
     * whoever can do that can write there anyway. */
    struct stat st, link;
    if (stat(path, &st) != 0) {
        if (errno != ENOENT)   /* ENOTDIR, EACCES, ELOOP: the reason as it is */
            return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
        /* A symlink to nothing: the rename would replace the link itself,
         * and creating its target in place would not be atomic. */
        if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode))
            return fmt_fail(err, err_size, _("%s: is a symbolic link to a missing file"), path);
        return replace(path, write, ctx, err, err_size);
    }
    /* /dev/stdout and /dev/null are outputs like a file, written as they
     * are; a FIFO too, for a script that reads the record from one. */
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
        return write_through(path, write, ctx, err, err_size);
    if (!S_ISREG(st.st_mode))
        return not_file(path, st.st_mode, err, err_size);
    /* `> out.sgf` with /dev/stdout named: the stream the shell opened is
     * written, at its offset and in its mode (>> appends), as "-" would
     * be; a file renamed over out.sgf would leave the shell, and whatever
     * it writes next, on the old one, unlinked. */
    int standard = standard_stream(&st);
    if (standard >= 0)
        return write_stream(path, fcntl(standard, F_DUPFD_CLOEXEC, 0), write, ctx, err,
                            err_size);
    if (lstat(path, &link) != 0 || !S_ISLNK(link.st_mode))
        return replace(path, write, ctx, err, err_size);
    /* A symlink to a file (a settings file kept with the player's other
     * dotfiles): the file it leads to is replaced, and the link stays. */
    char *target = realpath(path, NULL);
    if (target == NULL)
        return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
    bool ok = replace(target, write, ctx, err, err_size);
    free(target);
    return ok;
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

bool safefile_set_aside_short(const char *path, const char *err, char *base, size_t base_size,
                              const char **why)
{
    size_t n = strlen(path);
    *why = strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ' ? err + n + 2 : err;
    char aside[4200];
    if (base_size > 0)
        base[0] = '\0';
    if (!safefile_set_aside(path, aside, sizeof aside))
        return false;
    const char *slash = strrchr(aside, '/');
    snprintf(base, base_size, "%s", slash != NULL ? slash + 1 : aside);
    return true;
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

enum safefile_kept safefile_read_kept(const char *path, size_t max, char **text, size_t *len,
                                      char *err, size_t err_size)
{
    char why[4096 + 200];
    err[0] = '\0';
    switch (safefile_read(path, max, text, len, why, sizeof why)) {
    case SAFEFILE_OK:
        return SAFEFILE_KEPT_TEXT;
    case SAFEFILE_MISSING:
        return SAFEFILE_KEPT_NONE;
    case SAFEFILE_TOO_LARGE:
        /* Read as far as that, and it is no file of ours. */
        snprintf(err, err_size, "%s", why);
        return SAFEFILE_KEPT_BAD;
    case SAFEFILE_NOT_FILE:
    case SAFEFILE_UNREADABLE:
    default:
        snprintf(err, err_size, _("cannot read %s"), why);
        return SAFEFILE_KEPT_LEAVE;
    }
}
