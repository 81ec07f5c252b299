/* test_tui_saves.c — the full-screen game's files: the autosave directory
 * from the environment, the default name, writing through a temporary file,
 * one autosave per game kept in line with it, the list Resume shows, corrupt
 * files set aside, the old single autosave moved in. Works in a fresh
 * temporary directory given as HOME and XDG_STATE_HOME. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <utime.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/record.h"
#include "tui/saves.h"

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-saves-XXXXXX");
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

/* How many entries of directory `dir` (not . and ..) have `part` in their
 * name; with part "", all of them. */
static int count_files(const char *dir, const char *part)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0 &&
            strstr(de->d_name, part) != NULL)
            n++;
    closedir(d);
    return n;
}

/* A 7×7 k=4 game with `moves` stones, Black a human, White "threat". */
static void some_game(struct game *g, int moves)
{
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = 7;
    c.win = 4;
    c.player[1].kind = PLAYER_COMPUTER;
    snprintf(c.player[1].spec, sizeof c.player[1].spec, "threat");
    assert_null(game_init(g, &c));
    static const int cells[] = { 24, 25, 17, 18, 31, 32 };
    for (int i = 0; i < moves; i++)
        assert_int_equal(game_play(g, cells[i]), GAME_OK);
}

static void test_autosave_path(void **state)
{
    (void)state;
    char buf[SAVES_PATH_MAX];
    setenv("HOME", "/home/someone", 1);
    unsetenv("XDG_STATE_HOME");
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/games");
    assert_true(saves_legacy_path(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/last.sgf");
    setenv("XDG_STATE_HOME", "/var/state", 1);
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/var/state/mnk/games");
    setenv("XDG_STATE_HOME", "relative/state", 1); /* ignored, as XDG says */
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/games");
    setenv("XDG_STATE_HOME", "", 1);
    unsetenv("HOME");
    assert_false(saves_dir(buf, sizeof buf));
    setenv("HOME", "/home/someone", 1);
    char small[20];
    assert_false(saves_dir(small, sizeof small));
}

static void test_default_name(void **state)
{
    (void)state;
    char buf[64];
    setenv("TZ", "UTC", 1);
    tzset();
    saves_default_name(buf, sizeof buf, (time_t)1795392000 + 3723); /* 2026-11-23 01:02:03 */
    assert_string_equal(buf, "mnk-20261123-010203.sgf");
    enum record_format fmt;
    assert_true(record_format_for_path(buf, &fmt));
    assert_int_equal(fmt, RECORD_SGF);
}

static void test_data_dir_and_default_path(void **state)
{
    (void)state;
    char buf[SAVES_PATH_MAX];
    setenv("TZ", "UTC", 1);
    tzset();
    time_t when = (time_t)1795392000 + 3723; /* 2026-11-23 01:02:03 */
    setenv("HOME", "/home/someone", 1);
    unsetenv("XDG_DATA_HOME");
    assert_true(saves_data_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/share/mnk/games");
    saves_default_path(buf, sizeof buf, when);
    assert_string_equal(buf, "~/.local/share/mnk/games/mnk-20261123-010203.sgf");
    setenv("XDG_DATA_HOME", "/srv/data", 1);
    saves_default_path(buf, sizeof buf, when);
    assert_string_equal(buf, "/srv/data/mnk/games/mnk-20261123-010203.sgf");
    setenv("XDG_DATA_HOME", "rel", 1); /* ignored, as XDG says */
    assert_true(saves_data_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/share/mnk/games");
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_false(saves_data_dir(buf, sizeof buf));
    saves_default_path(buf, sizeof buf, when);
    assert_string_equal(buf, "mnk-20261123-010203.sgf");
    setenv("HOME", "/home/someone", 1);
    /* What is offered expands to a path in the data directory. */
    char path[SAVES_PATH_MAX];
    saves_default_path(buf, sizeof buf, when);
    assert_true(saves_expand(buf, path, sizeof path, true));
    assert_string_equal(path, "/home/someone/.local/share/mnk/games/mnk-20261123-010203.sgf");
}

static void test_expand(void **state)
{
    (void)state;
    char buf[SAVES_PATH_MAX];
    setenv("HOME", "/home/someone", 1);
    assert_true(saves_expand("~/games/a.sgf", buf, sizeof buf, true));
    assert_string_equal(buf, "/home/someone/games/a.sgf");
    assert_true(saves_expand("a~/b.psq", buf, sizeof buf, true));
    assert_string_equal(buf, "a~/b.psq");
    assert_true(saves_expand("~/my.games/a", buf, sizeof buf, true));
    assert_string_equal(buf, "/home/someone/my.games/a.sgf");
    assert_true(saves_expand("a", buf, sizeof buf, false));
    assert_string_equal(buf, "a");
    assert_false(saves_expand("", buf, sizeof buf, true));
}

static void test_write_makes_dirs_and_reads_back(void **state)
{
    (void)state;
    struct game g, back;
    char path[SAVES_PATH_MAX], part[SAVES_PATH_MAX + 8], err[256];
    some_game(&g, 5);
    snprintf(path, sizeof path, "%s/deep/er/game.sgf", tmp);
    assert_false(saves_write(path, &g, false, err, sizeof err)); /* no directory */
    assert_false(exists(path));
    assert_true(saves_write(path, &g, true, err, sizeof err));
    snprintf(part, sizeof part, "%s/deep/er", tmp);
    assert_int_equal(count_files(part, ""), 1); /* no temporary file left */
    assert_true(record_load(path, &back, err, sizeof err));
    assert_int_equal(back.ply, 5);
    assert_memory_equal(back.moves, g.moves, 5 * sizeof g.moves[0]);
    assert_int_equal(back.board.win, 4);
    assert_int_equal(back.config.player[1].kind, PLAYER_COMPUTER);
    assert_string_equal(back.config.player[1].spec, "threat");
}

static void test_write_refuses_unknown_format_and_keeps_old_file(void **state)
{
    (void)state;
    struct game g, back;
    char path[SAVES_PATH_MAX], err[256];
    snprintf(path, sizeof path, "%s/game.txt", tmp);
    some_game(&g, 2);
    assert_false(saves_write(path, &g, false, err, sizeof err));
    assert_non_null(strstr(err, "unknown record format"));
    /* A directory where the file should be: the rename fails, nothing is
     * left behind, and what was there is untouched. */
    snprintf(path, sizeof path, "%s/taken.sgf", tmp);
    assert_int_equal(mkdir(path, 0700), 0);
    assert_false(saves_write(path, &g, false, err, sizeof err));
    assert_non_null(strstr(err, "taken.sgf"));
    assert_int_equal(count_files(tmp, ".taken.sgf."), 0);
    assert_false(record_load(path, &back, err, sizeof err));
}

/* A fresh state directory for one test: XDG_STATE_HOME=tmp/NAME. */
static void fresh_state(const char *name, char *games, size_t size)
{
    char state[SAVES_PATH_MAX];
    snprintf(state, sizeof state, "%s/%s", tmp, name);
    assert_int_equal(mkdir(state, 0700), 0);
    setenv("XDG_STATE_HOME", state, 1);
    assert_true(saves_dir(games, size));
}

static void test_write_is_atomic(void **state)
{
    (void)state;
    struct game g, back;
    char dir[SAVES_PATH_MAX], path[SAVES_PATH_MAX + 16], err[256];
    snprintf(dir, sizeof dir, "%s/atomic", tmp);
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(path, sizeof path, "%s/game.sgf", dir);
    some_game(&g, 3);
    assert_true(saves_write(path, &g, false, err, sizeof err));
    some_game(&g, 4);
    assert_true(saves_write(path, &g, false, err, sizeof err));
    assert_int_equal(count_files(dir, ""), 1); /* no temporary file left */
    assert_true(record_load(path, &back, err, sizeof err));
    assert_int_equal(back.ply, 4);
    /* An old "game.sgf.part" (what an older version wrote first) is neither
     * used nor touched: the temporary name is unique. */
    char part[SAVES_PATH_MAX + 32];
    snprintf(part, sizeof part, "%s.part", path);
    assert_int_equal(mkdir(part, 0700), 0);
    some_game(&g, 5);
    assert_true(saves_write(path, &g, false, err, sizeof err));
    assert_true(record_load(path, &back, err, sizeof err));
    assert_int_equal(back.ply, 5);
    /* A directory that cannot take the temporary file: refused, the old
     * file untouched. */
    if (geteuid() != 0) {
        assert_int_equal(chmod(dir, 0500), 0);
        some_game(&g, 6);
        assert_false(saves_write(path, &g, false, err, sizeof err));
        assert_non_null(strstr(err, "Permission denied"));
        assert_int_equal(chmod(dir, 0700), 0);
        assert_true(record_load(path, &back, err, sizeof err));
        assert_int_equal(back.ply, 5);
        assert_int_equal(count_files(dir, ""), 2);
    }
}

static void test_signature(void **state)
{
    (void)state;
    struct game g;
    some_game(&g, 3);
    uint64_t three = saves_signature(&g);
    assert_true(game_undo(&g));
    uint64_t undone = saves_signature(&g);
    assert_true(three != undone);
    assert_true(game_redo(&g));
    assert_true(saves_signature(&g) == three);
    game_concede(&g, STONE_BLACK, END_RESIGN);
    assert_true(saves_signature(&g) != three);
    struct game other;
    some_game(&other, 3);
    other.moves[2] = 40; /* same length, another move */
    assert_true(saves_signature(&other) != three);
}

static void test_keep_one_file_per_game(void **state)
{
    (void)state;
    char games[SAVES_PATH_MAX], err[256];
    fresh_state("keep", games, sizeof games);
    struct game a, b, back;
    struct saves_keeper ka, kb;
    some_game(&a, 0);
    some_game(&b, 0);
    saves_keeper_start(&ka, &a, NULL);
    saves_keeper_start(&kb, &b, NULL);
    /* No move: nothing to keep, no file. */
    assert_true(saves_keep(&ka, &a));
    assert_int_equal(count_files(games, ""), 0);
    /* Every move is on disk at once, each game in its own file. */
    assert_int_equal(game_play(&a, 24), GAME_OK);
    assert_true(saves_keep(&ka, &a));
    assert_int_equal(count_files(games, ".sgf"), 1);
    assert_true(record_load(ka.path, &back, err, sizeof err));
    assert_int_equal(back.ply, 1);
    assert_int_equal(game_play(&b, 10), GAME_OK);
    assert_int_equal(game_play(&b, 11), GAME_OK);
    assert_true(saves_keep(&kb, &b));
    assert_string_not_equal(ka.path, kb.path);
    assert_int_equal(count_files(games, ""), 2);
    assert_int_equal(game_play(&a, 25), GAME_OK);
    assert_true(saves_keep(&ka, &a));
    assert_true(record_load(ka.path, &back, err, sizeof err));
    assert_int_equal(back.ply, 2);
    /* Undo is kept too. */
    assert_true(game_undo(&a));
    assert_true(saves_keep(&ka, &a));
    assert_true(record_load(ka.path, &back, err, sizeof err));
    assert_int_equal(back.ply, 1);
    /* The game that ends removes its own file, and no other. */
    game_concede(&b, STONE_WHITE, END_RESIGN);
    assert_true(saves_keep(&kb, &b));
    assert_false(exists(kb.path));
    assert_true(exists(ka.path));
    /* Reopened by undo: kept again, in the same file. */
    char first[SAVES_PATH_MAX];
    snprintf(first, sizeof first, "%s", kb.path);
    assert_true(game_undo(&b));
    assert_true(saves_keep(&kb, &b));
    assert_string_equal(kb.path, first);
    assert_true(exists(first));
    /* Taken back to no move: nothing left to resume. */
    assert_true(game_undo(&b));
    assert_true(game_undo(&b));
    assert_true(saves_keep(&kb, &b));
    assert_false(exists(first));
    /* A resumed game goes on in the file it came from. */
    struct saves_keeper kc;
    assert_true(saves_open(ka.path, &back, err, sizeof err));
    saves_keeper_start(&kc, &back, ka.path);
    assert_true(saves_keep(&kc, &back)); /* rewritten as mnk writes it */
    assert_true(exists(ka.path));
    assert_int_equal(game_play(&back, 31), GAME_OK);
    assert_true(saves_keep(&kc, &back));
    assert_string_equal(kc.path, ka.path);
    assert_int_equal(count_files(games, ""), 1);
}

static void test_keep_fails_visibly(void **state)
{
    (void)state;
    char blocker[SAVES_PATH_MAX];
    /* The state "directory" is a file: nothing can be created under it. */
    snprintf(blocker, sizeof blocker, "%s/not-a-directory", tmp);
    FILE *f = fopen(blocker, "w");
    assert_non_null(f);
    fclose(f);
    setenv("XDG_STATE_HOME", blocker, 1);
    struct game g;
    struct saves_keeper k;
    some_game(&g, 0);
    saves_keeper_start(&k, &g, NULL);
    assert_int_equal(game_play(&g, 24), GAME_OK);
    assert_false(saves_keep(&k, &g));
    assert_true(k.failed);
    assert_non_null(strstr(k.error, "not-a-directory"));
    /* Unchanged: still failed, not retried. */
    assert_false(saves_keep(&k, &g));
    /* Over: nothing to keep any more. */
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_true(saves_keep(&k, &g));
    assert_false(k.failed);

    /* A read-only directory (not for root, who can write anyway). */
    if (geteuid() != 0) {
        char games[SAVES_PATH_MAX];
        fresh_state("readonly", games, sizeof games);
        assert_int_equal(mkdir(games, 0500), 0);
        some_game(&g, 0);
        saves_keeper_start(&k, &g, NULL);
        assert_int_equal(game_play(&g, 24), GAME_OK);
        assert_false(saves_keep(&k, &g));
        assert_non_null(strstr(k.error, "Permission denied"));
        assert_int_equal(chmod(games, 0700), 0);
        assert_int_equal(game_play(&g, 25), GAME_OK);
        assert_true(saves_keep(&k, &g)); /* the next change tries again */
        assert_false(k.failed);
    }
}

/* Writes game g as a file of the autosave directory with mtime `when`. */
static void put(const char *games, const char *name, const struct game *g, time_t when)
{
    char path[SAVES_PATH_MAX], err[256];
    snprintf(path, sizeof path, "%s/%s", games, name);
    assert_true(saves_write(path, g, true, err, sizeof err));
    struct utimbuf t = { when, when };
    assert_int_equal(utime(path, &t), 0);
}

static void test_list_newest_first(void **state)
{
    (void)state;
    char games[SAVES_PATH_MAX], err[256];
    fresh_state("list", games, sizeof games);
    struct saves_list l;
    saves_list(&l);
    assert_int_equal(l.n, 0);
    assert_string_equal(l.notice, "");
    struct game g;
    some_game(&g, 2);
    put(games, "old.sgf", &g, 1000000000);
    some_game(&g, 5);
    put(games, "new.sgf", &g, 1700000000);
    some_game(&g, 3);
    put(games, "mid.sgf", &g, 1500000000);
    some_game(&g, 1);
    game_concede(&g, STONE_BLACK, END_RESIGN);
    put(games, "over.sgf", &g, 1600000000);  /* finished: not listed, kept */
    saves_list(&l);
    assert_string_equal(l.notice, "");
    assert_int_equal(l.n, 3);
    assert_non_null(strstr(l.entry[0].path, "/new.sgf"));
    assert_non_null(strstr(l.entry[1].path, "/mid.sgf"));
    assert_non_null(strstr(l.entry[2].path, "/old.sgf"));
    assert_int_equal(l.entry[0].ply, 5);
    assert_int_equal(l.entry[0].width, 7);
    assert_int_equal(l.entry[0].win, 4);
    assert_int_equal(l.entry[0].when, 1700000000);
    assert_string_equal(l.entry[0].player[0], "human");
    assert_string_equal(l.entry[0].player[1], "threat");
    assert_int_equal(count_files(games, "over.sgf"), 1);
    /* Deleting one leaves the others. */
    assert_true(saves_delete(l.entry[1].path, err, sizeof err));
    saves_list(&l);
    assert_int_equal(l.n, 2);
    assert_false(saves_delete(l.entry[1].path + 1, err, sizeof err)); /* no such file */
}

static void test_list_sets_corrupt_aside_once(void **state)
{
    (void)state;
    char games[SAVES_PATH_MAX], path[SAVES_PATH_MAX + 16];
    fresh_state("corrupt", games, sizeof games);
    struct game g;
    some_game(&g, 2);
    put(games, "good.sgf", &g, 1700000000);
    snprintf(path, sizeof path, "%s/bad.sgf", games);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("(;GM[4]SZ[7];B[zz", f);
    fclose(f);
    struct saves_list l;
    saves_list(&l);
    assert_int_equal(l.n, 1);
    assert_non_null(strstr(l.notice, "set aside as bad.sgf.corrupt-"));
    assert_false(exists(path));
    assert_int_equal(count_files(games, "bad.sgf.corrupt-"), 1);
    /* Reported once: the next listing is quiet and leaves it be. */
    saves_list(&l);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.notice, "");
    assert_int_equal(count_files(games, "bad.sgf.corrupt-"), 1);
    /* A second bad file of the same name within the second: a new name,
     * the first one kept. */
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("junk", f);
    fclose(f);
    saves_list(&l);
    assert_non_null(strstr(l.notice, "set aside"));
    assert_int_equal(count_files(games, "bad.sgf.corrupt-"), 2);
}

static void test_list_migrates_last_sgf(void **state)
{
    (void)state;
    char games[SAVES_PATH_MAX], legacy[SAVES_PATH_MAX], err[256];
    fresh_state("migrate", games, sizeof games);
    assert_true(saves_legacy_path(legacy, sizeof legacy));
    struct game g;
    some_game(&g, 3);
    assert_true(saves_write(legacy, &g, true, err, sizeof err));
    struct saves_list l;
    saves_list(&l);
    assert_false(exists(legacy));
    assert_int_equal(l.n, 1);
    assert_int_equal(l.entry[0].ply, 3);
    assert_int_equal(count_files(games, "last.sgf"), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_autosave_path),
        cmocka_unit_test(test_default_name),
        cmocka_unit_test(test_data_dir_and_default_path),
        cmocka_unit_test(test_expand),
        cmocka_unit_test(test_write_makes_dirs_and_reads_back),
        cmocka_unit_test(test_write_refuses_unknown_format_and_keeps_old_file),
        cmocka_unit_test(test_write_is_atomic),
        cmocka_unit_test(test_signature),
        cmocka_unit_test(test_keep_one_file_per_game),
        cmocka_unit_test(test_keep_fails_visibly),
        cmocka_unit_test(test_list_newest_first),
        cmocka_unit_test(test_list_sets_corrupt_aside_once),
        cmocka_unit_test(test_list_migrates_last_sgf),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
