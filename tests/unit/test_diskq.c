/* test_diskq.c — files written by a thread of their own: every write lands
 * whole, in order, with its report; a write to a path still waiting
 * replaces its content; a removal after a write removes; write-then-remove
 * removes the second file only once the first is written, drops a write
 * still waiting for the second, and writes the fallback there when the
 * first cannot be written; diskq_free does what waits. Works in a fresh
 * temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "storage/diskq.h"

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-diskq-XXXXXX");
    return mkdtemp(tmp) != NULL ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "chmod -R u+w '%s'; rm -rf '%s'", tmp, tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static void path_of(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", tmp, name);
}

/* The file's content, "" when missing. */
static void content(const char *path, char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return;
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static void wait_done(struct diskq *q)
{
    for (int i = 0; i < 5000 && diskq_pending(q) > 0; i++)
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    assert_int_equal(diskq_pending(q), 0);
}

static void test_writes_and_reports(void **state)
{
    (void)state;
    char err[200], a[128], b[128], text[256], line[DISKQ_LINE_MAX];
    struct diskq *q = diskq_new(err, sizeof err);
    assert_non_null(q);
    path_of(a, sizeof a, "sub/dir/a.sgf");   /* its directories made */
    path_of(b, sizeof b, "b.sgf");
    assert_true(diskq_write(q, a, "(;A)", 4, &(struct diskq_say){ "a written", "a failed" }));
    assert_true(diskq_write(q, b, "(;B)", 4, NULL));
    wait_done(q);
    content(a, text, sizeof text);
    assert_string_equal(text, "(;A)");
    content(b, text, sizeof text);
    assert_string_equal(text, "(;B)");
    assert_true(diskq_report(q, line, sizeof line));
    assert_string_equal(line, "a written");
    assert_false(diskq_report(q, line, sizeof line));
    /* A removal after a write, in order. */
    assert_true(diskq_write(q, b, "(;B2)", 5, NULL));
    assert_true(diskq_remove(q, b, &(struct diskq_say){ "b gone", NULL }));
    wait_done(q);
    assert_int_equal(access(b, F_OK), -1);
    assert_true(diskq_report(q, line, sizeof line));
    assert_string_equal(line, "b gone");
    /* Many writes to one path: the last content stays, whatever was
     * replaced on the way. */
    for (int i = 0; i < 2000; i++) {
        char t[32];
        int n = snprintf(t, sizeof t, "(;N[%d])", i);
        assert_true(diskq_write(q, a, t, (size_t)n, NULL));
    }
    wait_done(q);
    content(a, text, sizeof text);
    assert_string_equal(text, "(;N[1999])");
    diskq_free(q);
}

static void test_write_then_remove(void **state)
{
    (void)state;
    char err[200], rec[128], live[128], text[256], line[DISKQ_LINE_MAX];
    struct diskq *q = diskq_new(err, sizeof err);
    assert_non_null(q);
    path_of(rec, sizeof rec, "records/r.sgf");
    path_of(live, sizeof live, "live/g.sgf");
    assert_true(diskq_write(q, live, "(;LIVE1)", 8, NULL));
    wait_done(q);
    /* A live write still waiting when the record comes is dropped: the
     * file is gone at the end, the record there. */
    assert_true(diskq_write(q, live, "(;LIVE2)", 8, NULL));
    assert_true(diskq_write_then_remove(q, rec, "(;REC)", 6, live, "(;LIVE3)", 8,
                                        &(struct diskq_say){ "recorded", "no record" }));
    wait_done(q);
    content(rec, text, sizeof text);
    assert_string_equal(text, "(;REC)");
    assert_int_equal(access(live, F_OK), -1);
    assert_true(diskq_report(q, line, sizeof line));
    assert_string_equal(line, "recorded");

    /* The record cannot be written (its directory is read-only): the live
     * file gets the fallback, and the failure says why. */
    char ro[128], bad[160];
    path_of(ro, sizeof ro, "ro");
    assert_int_equal(mkdir(ro, 0500), 0);
    snprintf(bad, sizeof bad, "%s/r.sgf", ro);
    if (access(bad, F_OK) == 0 || geteuid() == 0) {
        /* root writes anywhere: a path under a regular file fails for all */
        path_of(bad, sizeof bad, "records/r.sgf/under");
    }
    assert_true(diskq_write(q, live, "(;LIVE4)", 8, NULL));
    assert_true(diskq_write_then_remove(q, bad, "(;REC2)", 7, live, "(;FINAL)", 8,
                                        &(struct diskq_say){ "recorded", "no record" }));
    wait_done(q);
    content(live, text, sizeof text);
    assert_string_equal(text, "(;FINAL)");
    assert_true(diskq_report(q, line, sizeof line));
    assert_true(strncmp(line, "no record: ", 11) == 0);
    diskq_free(q);
}

/* diskq_free writes what still waits. */
static void test_free_drains(void **state)
{
    (void)state;
    char err[200], p[128], text[64];
    struct diskq *q = diskq_new(err, sizeof err);
    assert_non_null(q);
    for (int i = 0; i < 50; i++) {
        char name[32];
        snprintf(name, sizeof name, "drain/%d.sgf", i);
        path_of(p, sizeof p, name);
        assert_true(diskq_write(q, p, "(;D)", 4, NULL));
    }
    diskq_free(q);
    for (int i = 0; i < 50; i++) {
        char name[32];
        snprintf(name, sizeof name, "drain/%d.sgf", i);
        path_of(p, sizeof p, name);
        content(p, text, sizeof text);
        assert_string_equal(text, "(;D)");
    }
    diskq_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writes_and_reports),
        cmocka_unit_test(test_write_then_remove),
        cmocka_unit_test(test_free_drains),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
