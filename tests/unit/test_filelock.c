/* test_filelock.c — "this file is in use": a lock is held by one holder at
 * a time, seen as busy by others, let go on release and, above all, when
 * its holder is killed (kill -9 leaves a lock file, never a lock), and a
 * lock that cannot be asked says why — never taken for free, never
 * waited on. Works in a fresh temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "storage/filelock.h"

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-lock-XXXXXX");
    return mkdtemp(tmp) == NULL ? -1 : 0;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* One holder at a time; the others see it busy until it lets go, and the
 * lock file goes with the release. */
static void test_one_holder(void **state)
{
    (void)state;
    char path[128], lock[136], err[256];
    snprintf(path, sizeof path, "%s/game.sgf", tmp);
    snprintf(lock, sizeof lock, "%s.lock", path);
    struct filelock a, b;
    filelock_init(&a);
    filelock_init(&b);
    assert_false(filelock_held(&a));
    assert_int_equal(filelock_look(path), FILELOCK_FREE);

    assert_int_equal(filelock_take(&a, path, err, sizeof err), FILELOCK_TAKEN);
    assert_true(filelock_held(&a));
    assert_true(exists(lock));
    assert_false(exists(path));   /* the file itself is not touched */
    assert_int_equal(filelock_look(path), FILELOCK_IN_USE);
    assert_int_equal(filelock_take(&b, path, err, sizeof err), FILELOCK_BUSY);
    assert_false(filelock_held(&b));
    filelock_forget(path);   /* held: left alone */
    assert_true(exists(lock));
    assert_int_equal(filelock_look(path), FILELOCK_IN_USE);

    filelock_release(&a);
    assert_false(filelock_held(&a));
    assert_false(exists(lock));
    assert_int_equal(filelock_look(path), FILELOCK_FREE);
    assert_int_equal(filelock_take(&b, path, err, sizeof err), FILELOCK_TAKEN);
    filelock_release(&b);
    filelock_release(&b);   /* twice is harmless */
}

/* A holder killed with SIGKILL holds nothing: the next one takes the lock
 * at once, from the lock file it left behind. */
static void test_killed_holder_leaves_no_lock(void **state)
{
    (void)state;
    char path[128], lock[136], err[256];
    snprintf(path, sizeof path, "%s/killed.sgf", tmp);
    snprintf(lock, sizeof lock, "%s.lock", path);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        struct filelock l;
        filelock_init(&l);
        char c = filelock_take(&l, path, err, sizeof err) == FILELOCK_TAKEN ? 'y' : 'n';
        if (write(ready[1], &c, 1) != 1)
            _exit(1);
        for (;;)
            pause();
    }
    char c = 0;
    assert_int_equal(read(ready[0], &c, 1), 1);
    assert_int_equal(c, 'y');
    struct filelock l;
    filelock_init(&l);
    assert_int_equal(filelock_look(path), FILELOCK_IN_USE);
    assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_BUSY);

    assert_int_equal(kill(child, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFSIGNALED(status));
    assert_true(exists(lock));   /* left behind, as a name only */
    assert_int_equal(filelock_look(path), FILELOCK_FREE);
    assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_TAKEN);
    filelock_release(&l);
    assert_false(exists(lock));
    close(ready[0]);
    close(ready[1]);

    /* A stale lock file of a game that is gone is removed on request. */
    FILE *f = fopen(lock, "w");
    assert_non_null(f);
    fclose(f);
    filelock_forget(path);
    assert_false(exists(lock));
}

/* Where no lock file can be made (here: its directory is missing), the
 * lock cannot be asked: an error that says why, not a "busy". */
static void test_cannot_ask(void **state)
{
    (void)state;
    char path[160], err[256];
    snprintf(path, sizeof path, "%s/missing/game.sgf", tmp);
    struct filelock l;
    filelock_init(&l);
    assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_ERROR);
    assert_non_null(strstr(err, "game.sgf.lock"));
    assert_false(filelock_held(&l));
    assert_int_equal(filelock_look(path), FILELOCK_FREE);
}

static void test_path_too_long(void **state)
{
    (void)state;
    static char path[FILELOCK_PATH_MAX];
    memset(path, 'a', sizeof path - 3);
    path[0] = '/';
    path[sizeof path - 3] = '\0';
    char err[256];
    struct filelock l;
    filelock_init(&l);
    assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_ERROR);
    assert_non_null(strstr(err, "too long"));
    assert_int_equal(filelock_look(path), FILELOCK_UNKNOWN);
}

/* A lock file that is no regular file is never taken for free, nor waited
 * on: a directory in its place, or a FIFO (whose open() would wait for a
 * writer for ever: the alarm fails the test instead of hanging it). */
static void test_not_a_regular_file(void **state)
{
    (void)state;
    const char *kinds[] = { "dir", "fifo" };
    for (int i = 0; i < 2; i++) {
        char path[160], lock[168], err[256];
        snprintf(path, sizeof path, "%s/%s.sgf", tmp, kinds[i]);
        snprintf(lock, sizeof lock, "%s.lock", path);
        assert_int_equal(i == 0 ? mkdir(lock, 0700) : mkfifo(lock, 0600), 0);
        struct filelock l;
        filelock_init(&l);
        alarm(5);
        assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_ERROR);
        assert_false(filelock_held(&l));
        assert_non_null(strstr(err, lock));
        assert_int_equal(filelock_look(path), FILELOCK_UNKNOWN);
        filelock_forget(path);   /* not a lock file of ours to remove */
        alarm(0);
        struct stat st;
        assert_int_equal(lstat(lock, &st), 0);
        assert_true(i == 0 ? S_ISDIR(st.st_mode) : S_ISFIFO(st.st_mode));
    }
}

/* A lock file this user cannot open (another user's): it cannot be told
 * who holds it, so it is not free. Root opens anything: skipped there. */
static void test_unreadable(void **state)
{
    (void)state;
    if (geteuid() == 0)
        skip();
    char path[160], lock[168], err[256];
    snprintf(path, sizeof path, "%s/theirs.sgf", tmp);
    snprintf(lock, sizeof lock, "%s.lock", path);
    FILE *f = fopen(lock, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(chmod(lock, 0), 0);
    struct filelock l;
    filelock_init(&l);
    assert_int_equal(filelock_take(&l, path, err, sizeof err), FILELOCK_ERROR);
    assert_int_equal(filelock_look(path), FILELOCK_UNKNOWN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_holder),
        cmocka_unit_test(test_killed_holder_leaves_no_lock),
        cmocka_unit_test(test_cannot_ask),
        cmocka_unit_test(test_path_too_long),
        cmocka_unit_test(test_not_a_regular_file),
        cmocka_unit_test(test_unreadable),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
