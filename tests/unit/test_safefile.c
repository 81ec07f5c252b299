/* test_safefile.c — the one bounded reader, safefile_read(): a regular
 * file is read whole (NUL bytes and all, a NUL after it); a missing one is
 * told apart from one that cannot be read (EIO, EACCES) and from one that
 * is no regular file (a directory, a FIFO, a symlink to /dev/zero), which
 * is refused at once, never waited on nor read from; the size bound holds
 * for a file that says it is larger and for a /proc file that says it is
 * empty. Every failure names the file. Works in a fresh temporary
 * directory; a test that would hang on a reader that waits is stopped by
 * an alarm. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_regular_file),
        cmocka_unit_test(test_missing),
        cmocka_unit_test(test_not_a_file),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_unreadable),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
