/* test_tui_saves.c — the full-screen game's files: the autosave path from
 * the environment, the default name, writing through a temporary file, and
 * what leaving a game does to the autosave. Works in a fresh temporary
 * directory given as HOME and XDG_STATE_HOME. */
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
    assert_true(saves_autosave_path(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/last.sgf");
    setenv("XDG_STATE_HOME", "/var/state", 1);
    assert_true(saves_autosave_path(buf, sizeof buf));
    assert_string_equal(buf, "/var/state/mnk/last.sgf");
    setenv("XDG_STATE_HOME", "relative/state", 1); /* ignored, as XDG says */
    assert_true(saves_autosave_path(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/last.sgf");
    setenv("XDG_STATE_HOME", "", 1);
    unsetenv("HOME");
    assert_false(saves_autosave_path(buf, sizeof buf));
    setenv("HOME", "/home/someone", 1);
    char small[20];
    assert_false(saves_autosave_path(small, sizeof small));
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
    snprintf(part, sizeof part, "%s.part", path);
    assert_false(exists(part));
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
    char part[SAVES_PATH_MAX + 8];
    snprintf(part, sizeof part, "%s.part", path);
    assert_false(exists(part));
    assert_false(record_load(path, &back, err, sizeof err));
}

static void test_leave_policy(void **state)
{
    (void)state;
    struct game g;
    some_game(&g, 0);
    assert_int_equal(saves_on_leave(&g, false), SAVES_KEEP);
    some_game(&g, 3);
    assert_int_equal(saves_on_leave(&g, false), SAVES_WRITE);
    assert_int_equal(saves_on_leave(&g, true), SAVES_WRITE);
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_int_equal(saves_on_leave(&g, false), SAVES_KEEP);
    assert_int_equal(saves_on_leave(&g, true), SAVES_CLEAR);
}

static void test_leave_and_resume(void **state)
{
    (void)state;
    struct game g, back;
    char err[256], path[SAVES_PATH_MAX];
    setenv("XDG_STATE_HOME", tmp, 1);
    assert_true(saves_autosave_path(path, sizeof path));
    assert_false(saves_resume(&back, err, sizeof err));
    assert_string_equal(err, "");

    some_game(&g, 3);
    assert_true(saves_leave(&g, false, err, sizeof err));
    assert_true(exists(path));
    assert_true(saves_resume(&back, err, sizeof err));
    assert_int_equal(back.ply, 3);
    assert_int_equal(back.moves[2], 17);

    /* A finished game not resumed from the file leaves it alone... */
    struct game other;
    some_game(&other, 1);
    game_concede(&other, STONE_BLACK, END_RESIGN);
    assert_true(saves_leave(&other, false, err, sizeof err));
    assert_true(exists(path));
    /* ...the resumed one, finished, removes it; twice is no error. */
    game_concede(&back, STONE_WHITE, END_RESIGN);
    assert_true(saves_leave(&back, true, err, sizeof err));
    assert_false(exists(path));
    assert_true(saves_leave(&back, true, err, sizeof err));

    /* A file that does not load is reported, not resumed. */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("(;GM[4]SZ[7];B[zz", f);
    fclose(f);
    back.ply = 42;
    assert_false(saves_resume(&back, err, sizeof err));
    assert_true(strncmp(err, path, strlen(path)) == 0); /* names the file */
    assert_true(strlen(err) > strlen(path) + 2);        /* and the reason */
    assert_int_equal(back.ply, 42);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_autosave_path),
        cmocka_unit_test(test_default_name),
        cmocka_unit_test(test_expand),
        cmocka_unit_test(test_write_makes_dirs_and_reads_back),
        cmocka_unit_test(test_write_refuses_unknown_format_and_keeps_old_file),
        cmocka_unit_test(test_leave_policy),
        cmocka_unit_test(test_leave_and_resume),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
