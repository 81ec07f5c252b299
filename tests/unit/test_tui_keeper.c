/* test_tui_keeper.c — the game on screen kept, held and counted: nothing
 * written before the first change, every change written and the lock held
 * from then on, a game that ends removed and counted once (not again after
 * an undo, nor when opened over or marked counted), another window's lock
 * sending the game to a file of its own, and a failure said once per change
 * with its reason first. Works in a fresh temporary directory given as
 * XDG_STATE_HOME and XDG_DATA_HOME. */
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

#include "storage/filelock.h"
#include "storage/record.h"
#include "tui/keeper.h"

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-keeper-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return -1;
    char dir[128];
    snprintf(dir, sizeof dir, "%s/state", tmp);
    setenv("XDG_STATE_HOME", dir, 1);
    snprintf(dir, sizeof dir, "%s/data", tmp);
    setenv("XDG_DATA_HOME", dir, 1);
    return 0;
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

/* A new 5×5 k=4 game between two people. */
static void new_game(struct game *g)
{
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = 5;
    c.win = 4;
    assert_null(game_init(g, &c));
}

static int moves_kept(const char *path)
{
    static struct game back;
    char err[256];
    assert_true(record_load(path, &back, err, sizeof err));
    return back.ply;
}

/* Nothing is written for a game with no move; each change is, once, with
 * the lock held; leaving lets the lock go and keeps the file. */
static void test_keeps_each_change(void **state)
{
    (void)state;
    static struct game g;
    static struct keeper k;
    char line[KEEPER_SAY_MAX];
    keeper_init(&k);
    new_game(&g);
    keeper_start(&k, &g);
    assert_string_not_equal(k.path, "");
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_false(exists(k.path));
    assert_false(filelock_held(&k.lock));

    assert_int_equal(game_play(&g, 12), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_int_equal(moves_kept(k.path), 1);
    assert_true(filelock_held(&k.lock));
    assert_int_equal(game_play(&g, 13), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_int_equal(moves_kept(k.path), 2);
    assert_true(game_undo(&g));
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_int_equal(moves_kept(k.path), 1);

    keeper_stop(&k);
    assert_false(filelock_held(&k.lock));
    assert_true(exists(k.path));
}

/* An end is counted once: not again after an undo reopens the game, and
 * not for a game opened over or marked counted; the ended game's file goes. */
static void test_counts_an_end_once(void **state)
{
    (void)state;
    static struct game g;
    static struct keeper k;
    char note[KEEPER_SAY_MAX], line[KEEPER_SAY_MAX];
    keeper_init(&k);
    new_game(&g);
    keeper_start(&k, &g);
    assert_int_equal(game_play(&g, 12), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    char path[SAVES_PATH_MAX];
    snprintf(path, sizeof path, "%s", k.path);
    assert_true(exists(path));

    assert_false(keeper_count(&k, &g, note, sizeof note));   /* not over */
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_true(keeper_count(&k, &g, note, sizeof note));
    assert_string_equal(note, "");
    assert_true(k.extra.counted);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_false(exists(path));                              /* over: removed */
    assert_false(keeper_count(&k, &g, note, sizeof note));   /* once */
    assert_true(game_undo(&g));
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_false(keeper_count(&k, &g, note, sizeof note));   /* not after an undo */
    keeper_stop(&k);

    char stats[SAVES_PATH_MAX];
    assert_true(saves_stats_path(stats, sizeof stats, NULL, 0));
    assert_true(exists(stats));

    /* Opened over, or from a record marked counted: no new end. */
    keeper_init(&k);
    keeper_open(&k, &g, NULL, NULL);
    assert_false(keeper_count(&k, &g, note, sizeof note));
    new_game(&g);
    assert_int_equal(game_play(&g, 12), GAME_OK);
    keeper_init(&k);
    k.extra.counted = true;
    keeper_open(&k, &g, NULL, NULL);
    game_concede(&g, STONE_BLACK, END_RESIGN);
    assert_false(keeper_count(&k, &g, note, sizeof note));
}

/* A resumed game keeps its file and the lock handed over; a file another
 * window holds is never written: the game goes to a file of its own. */
static void test_resumed_and_held_elsewhere(void **state)
{
    (void)state;
    static struct game g;
    static struct keeper k;
    char line[KEEPER_SAY_MAX], err[256];
    keeper_init(&k);
    new_game(&g);
    keeper_start(&k, &g);
    assert_int_equal(game_play(&g, 12), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    char path[SAVES_PATH_MAX];
    snprintf(path, sizeof path, "%s", k.path);
    keeper_stop(&k);

    /* Resumed with its lock. */
    struct filelock lock;
    filelock_init(&lock);
    assert_int_equal(filelock_take(&lock, path, err, sizeof err), FILELOCK_TAKEN);
    keeper_init(&k);
    keeper_open(&k, &g, path, &lock);
    assert_false(filelock_held(&lock));   /* handed over */
    assert_true(filelock_held(&k.lock));
    assert_int_equal(game_play(&g, 13), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_string_equal(k.path, path);
    assert_int_equal(moves_kept(path), 2);
    keeper_stop(&k);

    /* Opened without its lock, which another window holds. */
    struct filelock other;
    filelock_init(&other);
    assert_int_equal(filelock_take(&other, path, err, sizeof err), FILELOCK_TAKEN);
    keeper_init(&k);
    k.serial = 7;   /* a window numbers its games on from game to game */
    keeper_open(&k, &g, path, NULL);
    assert_int_equal(game_play(&g, 14), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_string_not_equal(k.path, path);
    assert_int_equal(moves_kept(k.path), 3);
    assert_int_equal(moves_kept(path), 2);   /* the other window's, untouched */
    keeper_stop(&k);
    filelock_release(&other);

    /* Opened without its lock, whose lock file cannot be used (a directory
     * in its place): nothing keeps another window out, so this one writes
     * a file of its own. */
    char lockdir[SAVES_PATH_MAX + 8];
    snprintf(lockdir, sizeof lockdir, "%s.lock", path);
    assert_int_equal(mkdir(lockdir, 0700), 0);
    keeper_init(&k);
    k.serial = 9;
    keeper_open(&k, &g, path, NULL);
    assert_int_equal(game_play(&g, 15), GAME_OK);
    assert_false(keeper_keep(&k, &g, line, sizeof line));
    assert_string_not_equal(k.path, path);
    assert_true(filelock_held(&k.lock));
    assert_int_equal(moves_kept(k.path), 4);
    assert_int_equal(moves_kept(path), 2);
    keeper_stop(&k);
    assert_int_equal(rmdir(lockdir), 0);
}

/* A game that cannot be kept: said once per change, the reason first. */
static void test_failure_said_once(void **state)
{
    (void)state;
    static struct game g;
    static struct keeper k;
    char line[KEEPER_SAY_MAX], dir[128];
    /* The games directory's place is taken by a file: nothing can go in. */
    snprintf(dir, sizeof dir, "%s/blocked", tmp);
    setenv("XDG_STATE_HOME", dir, 1);
    char games[160];
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(games, sizeof games, "%s/mnk", dir);
    FILE *f = fopen(games, "w");
    assert_non_null(f);
    fclose(f);

    keeper_init(&k);
    new_game(&g);
    keeper_start(&k, &g);
    assert_int_equal(game_play(&g, 12), GAME_OK);
    assert_true(keeper_keep(&k, &g, line, sizeof line));
    assert_true(k.failed);
    assert_non_null(strstr(line, "the game could not be kept: Not a directory ("));
    assert_non_null(strstr(k.error, "the game could not be kept: "));
    assert_false(keeper_keep(&k, &g, line, sizeof line));   /* said once */
    assert_int_equal(game_play(&g, 13), GAME_OK);
    assert_true(keeper_keep(&k, &g, line, sizeof line));    /* and per change */
    keeper_stop(&k);

    snprintf(dir, sizeof dir, "%s/state", tmp);
    setenv("XDG_STATE_HOME", dir, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keeps_each_change),
        cmocka_unit_test(test_counts_an_end_once),
        cmocka_unit_test(test_resumed_and_held_elsewhere),
        cmocka_unit_test(test_failure_said_once),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
