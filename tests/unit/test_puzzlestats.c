/* test_puzzlestats.c — the player's puzzle record: attempts counted with
 * their streaks, the file's round trip, the history's bound, files that
 * are not right refused and set aside (said once, never deleted), a
 * later version's left alone, and two windows' updates through the lock
 * both kept. Works in a fresh temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <dirent.h>

#include "storage/filelock.h"
#include "storage/puzzlestats.h"

static char tmp[64];
static char path[128];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-puzzlestats-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/mnk/puzzles-rating", tmp);
    return 0;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static int clean(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s/mnk'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* A rater that needs no arithmetic: +10 a puzzle solved, -10 one
 * failed, from 1500; the deviation shrinks by one each time. */
static void rate(struct puzzlestats_rating *r, bool fresh, bool solved, const void *ctx)
{
    (void)ctx;
    if (fresh)
        *r = (struct puzzlestats_rating){ 1500, 350, 0.06 };
    r->rating += solved ? 10 : -10;
    r->rd -= 1;
}

static void put_file(const char *text)
{
    char dir[160];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    mkdir(dir, 0700);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The names beside the file that start with "puzzles-rating.corrupt-". */
static int corrupt_files(void)
{
    char dir[160];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    DIR *d = opendir(dir);
    int n = 0;
    if (d == NULL)
        return 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strncmp(e->d_name, "puzzles-rating.corrupt-", 23) == 0;
    closedir(d);
    return n;
}

static void test_count(void **state)
{
    (void)state;
    struct puzzlestats s;
    puzzlestats_init(&s);
    assert_false(s.rated);
    const bool results[] = { true, true, false, true, true, true, false };
    for (int i = 0; i < 7; i++)
        puzzlestats_add(&s, "freestyle-0001", results[i], 1000 + i, rate, NULL);
    assert_true(s.rated);
    assert_int_equal(s.solved, 5);
    assert_int_equal(s.failed, 2);
    assert_int_equal(s.streak, 0);
    assert_int_equal(s.best, 3);
    assert_int_equal(s.n_history, 7);
    assert_true(s.history[6].rating == 1530);
    assert_false(s.history[6].solved);
    /* An id that is no word is kept as one. */
    puzzlestats_add(&s, "a b\tc", true, 2000, rate, NULL);
    assert_string_equal(s.history[7].id, "a_b_c");
    assert_int_equal(s.streak, 1);
}

/* A rater that goes out of bounds, or gives a NaN: kept to what the
 * file holds, so that it reads back. */
static void wild(struct puzzlestats_rating *r, bool fresh, bool solved, const void *ctx)
{
    (void)fresh;
    (void)solved;
    (void)ctx;
    *r = (struct puzzlestats_rating){ 1e9, 0.0 / 0.0, 1e-12 };
}

static void test_wild_rater(void **state)
{
    (void)state;
    struct puzzlestats s, back;
    char err[4400];
    puzzlestats_init(&s);
    puzzlestats_add(&s, "x", true, 1, wild, NULL);
    assert_true(puzzlestats_write(path, &s, err, sizeof err));
    assert_int_equal(puzzlestats_read(path, &back, err, sizeof err), PUZZLESTATS_READ_OK);
    assert_true(back.rating.volatility > 0);
}

static void test_round_trip(void **state)
{
    (void)state;
    struct puzzlestats s, back;
    char err[4400], note[4400];
    puzzlestats_init(&s);
    /* No file: an empty record, nothing said. */
    assert_true(puzzlestats_load(path, &back, note, sizeof note));
    assert_string_equal(note, "");
    assert_false(back.rated);
    for (int i = 0; i < 5; i++)
        puzzlestats_add(&s, i % 2 ? "renju-0003" : "small-0010", i != 2, 1700000000 + i, rate,
                        NULL);
    assert_true(puzzlestats_write(path, &s, err, sizeof err));
    assert_int_equal(puzzlestats_read(path, &back, err, sizeof err), PUZZLESTATS_READ_OK);
    assert_true(back.rated);
    assert_true(back.rating.rating == s.rating.rating);
    assert_true(back.rating.rd == s.rating.rd);
    assert_int_equal(back.solved, 4);
    assert_int_equal(back.failed, 1);
    assert_int_equal(back.streak, 2);
    assert_int_equal(back.best, 2);
    assert_int_equal(back.n_history, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(back.history[i].id, s.history[i].id);
        assert_true(back.history[i].when == s.history[i].when);
        assert_true(back.history[i].solved == s.history[i].solved);
        assert_true(back.history[i].rating == s.history[i].rating);
    }
}

static void test_history_bound(void **state)
{
    (void)state;
    struct puzzlestats s, back;
    char err[4400];
    puzzlestats_init(&s);
    for (int i = 0; i < PUZZLESTATS_HISTORY + 50; i++) {
        char id[32];
        snprintf(id, sizeof id, "p-%d", i);
        puzzlestats_add(&s, id, true, i, rate, NULL);
    }
    assert_int_equal(s.n_history, PUZZLESTATS_HISTORY);
    assert_string_equal(s.history[0].id, "p-50");
    assert_string_equal(s.history[PUZZLESTATS_HISTORY - 1].id, "p-249");
    assert_int_equal(s.solved, PUZZLESTATS_HISTORY + 50);
    assert_true(puzzlestats_write(path, &s, err, sizeof err));
    assert_int_equal(puzzlestats_read(path, &back, err, sizeof err), PUZZLESTATS_READ_OK);
    assert_int_equal(back.n_history, PUZZLESTATS_HISTORY);
    /* One attempt more than the bound is no file of ours. */
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("attempt 5 extra S 1500.00\n", f);
    fclose(f);
    assert_int_equal(puzzlestats_read(path, &back, err, sizeof err), PUZZLESTATS_READ_BAD);
    assert_non_null(strstr(err, "more than 200 attempts"));
}

static void test_bad_files(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "mnk-stats 2\ncounts 0 0 0 0\n",
        "mnk-puzzles 1\n",                                       /* no counts */
        "mnk-puzzles 1\ncounts 1 0 0 0\n",                       /* counted, no rating */
        "mnk-puzzles 1\nrating 1500.00 350.00 0.060000\ncounts 0 0 0 0\n",
        "mnk-puzzles 1\ncounts 0 0 0 0\ncounts 0 0 0 0\n",
        "mnk-puzzles 1\nrating 1500.00 350.00 0.060000\ncounts 1 0 2 2\n", /* streak */
        "mnk-puzzles 1\nrating 1500.00 350.00 1.5\ncounts 1 0 1 1\n",
        "mnk-puzzles 1\nrating -3 350.00 0.06\ncounts 1 0 1 1\n",
        "mnk-puzzles 1\nrating nan 350.00 0.06\ncounts 1 0 1 1\n",
        "mnk-puzzles 1\nrating 1500.00 350.00 0.060000\ncounts 1 0 1 1\n"
        "attempt 1 a S 1510.00\nattempt 2 b S 1520.00\n",           /* more than counted */
        "mnk-puzzles 1\nrating 1500.00 350.00 0.060000\ncounts 1 0 1 1\nattempt 1 a X 1.0\n",
        "mnk-puzzles 1\ncounts 0 0 0 0\nbogus\n",
        "mnk-puzzles 1\ncounts 00 0 0 0\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct puzzlestats s;
        char err[4400];
        put_file(bad[i]);
        if (puzzlestats_read(path, &s, err, sizeof err) != PUZZLESTATS_READ_BAD)
            fail_msg("read: %s", bad[i]);
        assert_false(s.rated);
    }
    /* A later version's is left alone. */
    struct puzzlestats s;
    char note[4400];
    put_file("mnk-puzzles 2\nwhatever\n");
    assert_false(puzzlestats_load(path, &s, note, sizeof note));
    assert_non_null(strstr(note, "later"));
    assert_int_equal(corrupt_files(), 0);
    assert_int_equal(access(path, F_OK), 0);
}

static void test_set_aside(void **state)
{
    (void)state;
    struct puzzlestats s;
    char note[4400];
    put_file("mnk-puzzles 1\ncounts 0 0 0 0\nnonsense here\n");
    assert_true(puzzlestats_record(path, "small-0001", true, 42, rate, NULL, &s, note,
                                   sizeof note));
    /* Said once, with the new name; the old content kept beside. */
    assert_non_null(strstr(note, "puzzles-rating.corrupt-"));
    assert_non_null(strstr(note, "line 3"));
    assert_int_equal(corrupt_files(), 1);
    assert_int_equal(s.solved, 1);
    assert_true(puzzlestats_record(path, "small-0002", false, 43, rate, NULL, &s, note,
                                   sizeof note));
    assert_string_equal(note, "");
    assert_int_equal(corrupt_files(), 1);
    assert_int_equal(s.solved + s.failed, 2);
}

/* Two windows count at once, each many times: none is lost. */
static void test_two_windows(void **state)
{
    (void)state;
    enum { EACH = 30 };
    pid_t child = fork();
    assert_true(child >= 0);
    bool is_child = child == 0;
    int missed = 0;
    for (int i = 0; i < EACH; i++) {
        char note[4400];
        if (!puzzlestats_record(path, is_child ? "child" : "parent", is_child, i, rate, NULL,
                                NULL, note, sizeof note))
            missed++;
    }
    if (is_child)
        _exit(missed == 0 ? 0 : 1);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(missed, 0);
    struct puzzlestats s;
    char err[4400];
    assert_int_equal(puzzlestats_read(path, &s, err, sizeof err), PUZZLESTATS_READ_OK);
    assert_int_equal(s.solved, EACH);
    assert_int_equal(s.failed, EACH);
    assert_int_equal(s.n_history, 2 * EACH);
    /* Every update started from the other's: the rating is their sum. */
    assert_true(s.rating.rating == 1500);
    assert_true(s.rating.rd == 350 - 2 * EACH);
}

/* A lock another window keeps is not stolen: the attempt is not counted,
 * and said. */
static void test_busy(void **state)
{
    (void)state;
    int ready[2], go[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(go), 0);
    char dir[160];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    mkdir(dir, 0700);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        struct filelock l;
        char err[4400], c;
        filelock_init(&l);
        if (filelock_take(&l, path, err, sizeof err) != FILELOCK_TAKEN)
            _exit(1);
        if (write(ready[1], "x", 1) != 1 || read(go[0], &c, 1) != 1)
            _exit(1);
        filelock_release(&l);
        _exit(0);
    }
    char c, note[4400];
    assert_int_equal(read(ready[0], &c, 1), 1);
    struct puzzlestats s;
    puzzlestats_init(&s);
    s.solved = 77;
    assert_false(puzzlestats_record(path, "x", true, 1, rate, NULL, &s, note, sizeof note));
    assert_non_null(strstr(note, "another window"));
    assert_int_equal(s.solved, 77);   /* untouched */
    assert_int_equal(write(go[1], "x", 1), 1);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(puzzlestats_record(path, "x", true, 1, rate, NULL, &s, note, sizeof note));
    assert_int_equal(s.solved, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_count, clean),
        cmocka_unit_test_setup(test_round_trip, clean),
        cmocka_unit_test_setup(test_wild_rater, clean),
        cmocka_unit_test_setup(test_history_bound, clean),
        cmocka_unit_test_setup(test_bad_files, clean),
        cmocka_unit_test_setup(test_set_aside, clean),
        cmocka_unit_test_setup(test_two_windows, clean),
        cmocka_unit_test_setup(test_busy, clean),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
