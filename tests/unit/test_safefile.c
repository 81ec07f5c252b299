/* test_safefile.c — the one writer, safefile_write(): a regular file (or
 * none) is replaced whole, through a symlink the file it leads to; a
 * character device or a FIFO is written through and stays what it is (a
 * FIFO no one reads is refused at once); a directory, a socket, a block
 * device or a symlink to nothing is refused by name and left as it was,
 * the file that is the standard output is written through its stream,
 * and no temporary file stays behind. The tests that need mknod (root)
 * are skipped without it.
 *
 * And the one bounded reader, safefile_read(): a regular
 * file is read whole (NUL bytes and all, a NUL after it); a missing one is
 * told apart from one that cannot be read (EIO, EACCES) and from one that
 * is no regular file (a directory, a FIFO, a symlink to /dev/zero), which
 * is refused at once, never waited on nor read from; the size bound holds
 * for a file that says it is larger and for a /proc file that says it is
 * empty. Every failure names the file. Works in a fresh temporary
 * directory; a test that would hang on a reader that waits is stopped by
 * an alarm. */
#define _XOPEN_SOURCE 700 /* mknod */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>
#include <cmocka.h>

#include "storage/safefile.h"

/* Longer than any of these tests takes, short enough that a reader that
 * blocks on a FIFO or runs on through /dev/zero fails soon. */
#define HANG_SECONDS 20

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-safefile-XXXXXX");
    return mkdtemp(tmp) == NULL ? -1 : 0;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static void put_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* safefile_read of `path` with the bound `max` must give `want`, with
 * nothing read and the file and `says` named in the reason. */
static void refused(const char *path, size_t max, enum safefile_status want, const char *says)
{
    char *text = (char *)"not touched", err[512];
    size_t len = 99;
    alarm(HANG_SECONDS);
    enum safefile_status got = safefile_read(path, max, &text, &len, err, sizeof err);
    alarm(0);
    if (got != want)
        fail_msg("%s: status %d, not %d (%s)", path, (int)got, (int)want, err);
    assert_null(text);
    assert_int_equal(len, 0);
    assert_non_null(strstr(err, path));
    if (strstr(err, says) == NULL)
        fail_msg("'%s' does not say '%s'", err, says);
}

static void test_reads_regular_file(void **state)
{
    (void)state;
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/file", tmp);
    static const char content[] = "a\0b\nlast";
    put_file(path, content, sizeof content - 1);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(safefile_read(path, 100, &text, &len, err, sizeof err), SAFEFILE_OK);
    assert_int_equal(len, sizeof content - 1);
    assert_memory_equal(text, content, len);
    assert_int_equal(text[len], '\0');
    free(text);
    /* Empty is a file too. */
    put_file(path, "", 0);
    assert_int_equal(safefile_read(path, 100, &text, &len, err, sizeof err), SAFEFILE_OK);
    assert_int_equal(len, 0);
    assert_int_equal(text[0], '\0');
    free(text);
    unlink(path);
}

/* Missing is not unreadable: no file, or no directory above it. */
static void test_missing(void **state)
{
    (void)state;
    char path[128], file[128];
    snprintf(path, sizeof path, "%s/none", tmp);
    refused(path, 100, SAFEFILE_MISSING, strerror(ENOENT));
    snprintf(path, sizeof path, "%s/none/deeper", tmp);
    refused(path, 100, SAFEFILE_MISSING, strerror(ENOENT));
    snprintf(file, sizeof file, "%s/plain", tmp);
    put_file(file, "x", 1);
    snprintf(path, sizeof path, "%s/plain/below", tmp);
    refused(path, 100, SAFEFILE_MISSING, strerror(ENOTDIR));
    unlink(file);
}

/* What stands in a file's place is refused at once, with what it is. */
static void test_not_a_file(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/dir", tmp);
    assert_int_equal(mkdir(path, 0700), 0);
    refused(path, 100, SAFEFILE_NOT_FILE, "is a directory");
    rmdir(path);
    /* A FIFO with no writer: opening it plainly would wait for one. */
    snprintf(path, sizeof path, "%s/fifo", tmp);
    assert_int_equal(mkfifo(path, 0600), 0);
    refused(path, 100, SAFEFILE_NOT_FILE, "is a pipe");
    unlink(path);
    /* /dev/zero never ends and says it is empty: a symlink to it must be
     * caught on the file opened, not on the name. */
    snprintf(path, sizeof path, "%s/zero", tmp);
    assert_int_equal(symlink("/dev/zero", path), 0);
    refused(path, (size_t)1 << 30, SAFEFILE_NOT_FILE, "is a device");
    unlink(path);
}

/* The bound: a file over it is refused whether it says so (its size) or
 * not (a /proc file says 0 and is read until it ends, or passes max). */
static void test_bound(void **state)
{
    (void)state;
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/big", tmp);
    char block[101];
    memset(block, '#', sizeof block);
    put_file(path, block, 100);
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(safefile_read(path, 100, &text, &len, err, sizeof err), SAFEFILE_OK);
    assert_int_equal(len, 100);
    free(text);
    put_file(path, block, 101);
    refused(path, 100, SAFEFILE_TOO_LARGE, "too large");
    unlink(path);
    if (access("/proc/self/status", R_OK) == 0) {
        assert_int_equal(safefile_read("/proc/self/status", 1 << 20, &text, &len, err,
                                       sizeof err), SAFEFILE_OK);
        assert_non_null(strstr(text, "Name:"));   /* more than its size of 0 */
        assert_int_equal(strlen(text), len);
        free(text);
        refused("/proc/self/status", 10, SAFEFILE_TOO_LARGE, "too large");
    }
}

/* The system's refusals are told apart from a missing file, with its
 * reason: an I/O error (/proc/self/mem read at address 0, which stops
 * root too), and permission where the tests do not run as root. */
static void test_unreadable(void **state)
{
    (void)state;
    if (access("/proc/self/mem", F_OK) == 0)
        refused("/proc/self/mem", 100, SAFEFILE_UNREADABLE, strerror(EIO));
    if (geteuid() != 0) {
        char path[128];
        snprintf(path, sizeof path, "%s/locked", tmp);
        put_file(path, "x", 1);
        assert_int_equal(chmod(path, 0), 0);
        refused(path, 100, SAFEFILE_UNREADABLE, strerror(EACCES));
        unlink(path);
    }
}

static bool write_text(FILE *out, const void *ctx)
{
    return fputs(ctx, out) >= 0;
}

/* The file at `path` holds exactly `want`. */
static void holds(const char *path, const char *want)
{
    char *text = NULL, err[256];
    size_t len = 0;
    assert_int_equal(safefile_read(path, 1000, &text, &len, err, sizeof err), SAFEFILE_OK);
    assert_string_equal(text, want);
    free(text);
}

/* No temporary file of safefile_write() is left in the directory. */
static void no_leftovers(void)
{
    DIR *d = opendir(tmp);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strstr(e->d_name, ".tmp-") != NULL)
            fail_msg("left behind: %s", e->d_name);
    closedir(d);
}

/* safefile_write of `path` must fail, naming the file and `says`, and
 * leave what is there of the kind `kind` (S_IFDIR, ...). */
static void write_refused(const char *path, mode_t kind, const char *says)
{
    char err[512] = "";
    alarm(HANG_SECONDS);
    bool ok = safefile_write(path, write_text, "(;GM[4])\n", false, err, sizeof err);
    alarm(0);
    if (ok)
        fail_msg("%s: written", path);
    assert_non_null(strstr(err, path));
    if (strstr(err, says) == NULL)
        fail_msg("'%s' does not say '%s'", err, says);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_int_equal(st.st_mode & S_IFMT, kind);
    no_leftovers();
}

/* A regular file, or none, is replaced whole, keeping its permissions; a
 * symlink to one keeps the link and replaces the file it leads to. */
static void test_write_replaces_file(void **state)
{
    (void)state;
    char path[128], link[128], err[256];
    snprintf(path, sizeof path, "%s/rec.sgf", tmp);
    assert_true(safefile_write(path, write_text, "first\n", false, err, sizeof err));
    holds(path, "first\n");
    assert_true(safefile_write(path, write_text, "second\n", false, err, sizeof err));
    holds(path, "second\n");
    snprintf(link, sizeof link, "%s/link.sgf", tmp);
    assert_int_equal(symlink("rec.sgf", link), 0);
    assert_true(safefile_write(link, write_text, "third\n", false, err, sizeof err));
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    holds(path, "third\n");
    /* A new file is the player's alone; one replaced keeps the mode the
     * player gave it. */
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(chmod(path, 0644), 0);
    assert_true(safefile_write(path, write_text, "fourth\n", false, err, sizeof err));
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0644);
    holds(path, "fourth\n");
    no_leftovers();
    unlink(link);
    unlink(path);
}

/* Nothing that is not a regular file is renamed over: a directory, a
 * socket, a symlink to nothing, a FIFO no one reads. */
static void test_write_refuses(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/dir", tmp);
    assert_int_equal(mkdir(path, 0700), 0);
    write_refused(path, S_IFDIR, "is a directory");
    rmdir(path);
    int sock = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(sock >= 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s/sock", tmp);
    assert_int_equal(bind(sock, (struct sockaddr *)&addr, sizeof addr), 0);
    write_refused(addr.sun_path, S_IFSOCK, "is not a regular file");
    close(sock);
    unlink(addr.sun_path);
    snprintf(path, sizeof path, "%s/dangling", tmp);
    assert_int_equal(symlink("nowhere", path), 0);
    write_refused(path, S_IFLNK, "symbolic link to a missing file");
    unlink(path);
    /* Opening it to write would wait for a reader that never comes. */
    snprintf(path, sizeof path, "%s/fifo", tmp);
    assert_int_equal(mkfifo(path, 0600), 0);
    write_refused(path, S_IFIFO, "no one reads");
    unlink(path);
}

/* A FIFO that is read is written through, and stays a FIFO. */
static void test_write_through_fifo(void **state)
{
    (void)state;
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/fifo", tmp);
    assert_int_equal(mkfifo(path, 0600), 0);
    int reader = open(path, O_RDONLY | O_NONBLOCK);
    assert_true(reader >= 0);
    alarm(HANG_SECONDS);
    assert_true(safefile_write(path, write_text, "(;GM[4])\n", false, err, sizeof err));
    alarm(0);
    char buf[64] = "";
    assert_int_equal(read(reader, buf, sizeof buf - 1), 9);
    assert_string_equal(buf, "(;GM[4])\n");
    close(reader);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    no_leftovers();
    unlink(path);
}

/* Writes `text` to `name` with the standard output on `path` (opened to
 * append): the stream must stay on the file, not on one replaced. */
static void write_as_stdout(const char *name, const char *path, const char *text)
{
    char err[256];
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int fd = open(path, O_WRONLY | O_APPEND);
    assert_true(saved >= 0 && fd >= 0);
    assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
    close(fd);
    bool ok = safefile_write(name, write_text, text, false, err, sizeof err);
    struct stat st;
    assert_int_equal(fstat(STDOUT_FILENO, &st), 0);
    assert_int_equal(dup2(saved, STDOUT_FILENO), STDOUT_FILENO);
    close(saved);
    if (!ok)
        fail_msg("%s: %s", name, err);
    assert_int_equal(st.st_nlink, 1);   /* still the file named */
}

/* A file that is the standard output (`>> out.sgf`, and /dev/stdout or
 * the file's own name given) is written through that stream, appended
 * to. The file's name comes first: a writer that renames over it fails
 * there, before it could rename over /dev/stdout itself. */
static void test_write_standard_output(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/out.sgf", tmp);
    put_file(path, "first\n", 6);
    write_as_stdout(path, path, "second\n");
    holds(path, "first\nsecond\n");
    write_as_stdout("/dev/stdout", path, "third\n");
    holds(path, "first\nsecond\nthird\n");
    no_leftovers();
    unlink(path);
}

/* Device nodes made here (mknod, root only): a character device is
 * written through — /dev/null takes it, /dev/full says why not — and
 * stays a device; a block device is refused. */
static void test_write_devices(void **state)
{
    (void)state;
    char null[128], full[128], block[128], err[256];
    snprintf(null, sizeof null, "%s/null", tmp);
    snprintf(full, sizeof full, "%s/full", tmp);
    snprintf(block, sizeof block, "%s/block", tmp);
    if (mknod(null, S_IFCHR | 0600, makedev(1, 3)) != 0) {
        print_message("mknod: %s: skipped\n", strerror(errno));
        skip();
    }
    assert_true(safefile_write(null, write_text, "(;GM[4])\n", false, err, sizeof err));
    struct stat st;
    assert_int_equal(lstat(null, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    assert_int_equal(st.st_rdev, makedev(1, 3));
    no_leftovers();
    assert_int_equal(mknod(full, S_IFCHR | 0600, makedev(1, 7)), 0);
    write_refused(full, S_IFCHR, strerror(ENOSPC));
    assert_int_equal(mknod(block, S_IFBLK | 0600, makedev(7, 0)), 0);
    write_refused(block, S_IFBLK, "is a device");
    unlink(null);
    unlink(full);
    unlink(block);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_regular_file),
        cmocka_unit_test(test_missing),
        cmocka_unit_test(test_not_a_file),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_unreadable),
        cmocka_unit_test(test_write_replaces_file),
        cmocka_unit_test(test_write_refuses),
        cmocka_unit_test(test_write_through_fifo),
        cmocka_unit_test(test_write_standard_output),
        cmocka_unit_test(test_write_devices),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
