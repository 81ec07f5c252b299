/* test_tui_saves.c — the full-screen game's files: the autosave and save
 * directories from the environment (and why there is none: no HOME, or a
 * path too long), unique autosave names, the default name, writing whole
 * files, keeping a game as it changes and removing it when it ends, the
 * Resume list (newest first, finished games dropped, files that do not
 * load set aside and never overwritten, the old last.sgf taken in), and
 * the change marks. Works in a fresh temporary directory given as HOME
 * and XDG_STATE_HOME. */
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
#include <dirent.h>
#include <utime.h>
#include <fcntl.h>

#include "storage/filelock.h"
#include "storage/record.h"
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

static void test_dirs(void **state)
{
    (void)state;
    char buf[SAVES_PATH_MAX];
    setenv("HOME", "/home/someone", 1);
    unsetenv("XDG_STATE_HOME");
    unsetenv("XDG_DATA_HOME");
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/games");
    assert_true(saves_data_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/share/mnk/games");
    assert_true(saves_stats_path(buf, sizeof buf, NULL, 0));
    assert_string_equal(buf, "/home/someone/.local/share/mnk/stats");
    setenv("XDG_STATE_HOME", "/var/state", 1);
    setenv("XDG_DATA_HOME", "/var/data", 1);
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/var/state/mnk/games");
    assert_true(saves_data_dir(buf, sizeof buf));
    assert_string_equal(buf, "/var/data/mnk/games");
    assert_true(saves_stats_path(buf, sizeof buf, NULL, 0));
    assert_string_equal(buf, "/var/data/mnk/stats");
    setenv("XDG_STATE_HOME", "relative/state", 1); /* ignored, as XDG says */
    assert_true(saves_dir(buf, sizeof buf));
    assert_string_equal(buf, "/home/someone/.local/state/mnk/games");
    setenv("XDG_STATE_HOME", "", 1);
    unsetenv("HOME");
    assert_false(saves_dir(buf, sizeof buf));
    setenv("HOME", "/home/someone", 1);
    char small[20];
    assert_false(saves_dir(small, sizeof small));
    unsetenv("XDG_DATA_HOME");
}

/* No path has two causes, each with its own reason: no HOME to fall back
 * on, or a path too long, said with the variable it starts from (not the
 * long path itself, which would push the reason off a status line). */
static void test_no_path_reasons(void **state)
{
    (void)state;
    char buf[SAVES_PATH_MAX], why[200], long_dir[SAVES_PATH_MAX];
    setenv("XDG_STATE_HOME", "", 1);
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_false(saves_new_path(buf, sizeof buf, 1000, 0, why, sizeof why));
    assert_string_equal(why, "HOME is not set");
    assert_false(saves_stats_path(buf, sizeof buf, why, sizeof why));
    assert_string_equal(why, "HOME is not set");
    /* The directory itself too long, then one that fits but leaves no room
     * for the file's name. */
    long_dir[0] = '/';
    memset(long_dir + 1, 'x', sizeof long_dir - 2);
    long_dir[sizeof long_dir - 1] = '\0';
    setenv("XDG_STATE_HOME", long_dir, 1);
    assert_false(saves_new_path(buf, sizeof buf, 1000, 0, why, sizeof why));
    assert_non_null(strstr(why, "the path under $XDG_STATE_HOME is too long"));
    assert_null(strstr(why, long_dir));
    assert_string_equal(buf, "");
    long_dir[SAVES_PATH_MAX - 20] = '\0';
    setenv("XDG_STATE_HOME", long_dir, 1);
    assert_false(saves_new_path(buf, sizeof buf, 1000, 0, why, sizeof why));
    assert_non_null(strstr(why, "the path under $XDG_STATE_HOME is too long"));
    assert_false(saves_new_path(buf, sizeof buf, 1000, 0, NULL, 0));   /* no reason wanted */
    /* The fallback under HOME, and the statistics' path. */
    setenv("XDG_STATE_HOME", "", 1);
    setenv("HOME", long_dir, 1);
    assert_false(saves_new_path(buf, sizeof buf, 1000, 0, why, sizeof why));
    assert_non_null(strstr(why, "the path under $HOME is too long"));
    assert_false(saves_stats_path(buf, sizeof buf, why, sizeof why));
    assert_non_null(strstr(why, "the path under $HOME is too long"));
    long_dir[SAVES_PATH_MAX - 20] = 'x';   /* whole again */
    setenv("XDG_DATA_HOME", long_dir, 1);
    assert_false(saves_stats_path(buf, sizeof buf, why, sizeof why));
    assert_non_null(strstr(why, "the path under $XDG_DATA_HOME is too long"));
    unsetenv("XDG_DATA_HOME");
    unsetenv("XDG_STATE_HOME");
    setenv("HOME", "/home/someone", 1);
}

/* Every game of every process gets a name of its own. */
static void test_new_paths_unique(void **state)
{
    (void)state;
    char a[SAVES_PATH_MAX], b[SAVES_PATH_MAX];
    setenv("XDG_STATE_HOME", tmp, 1);
    assert_true(saves_new_path(a, sizeof a, 1000, 0, NULL, 0));
    assert_true(saves_new_path(b, sizeof b, 1000, 1, NULL, 0));
    assert_string_not_equal(a, b);
    assert_true(strncmp(a, tmp, strlen(tmp)) == 0);
    char pid[32];
    snprintf(pid, sizeof pid, "-%ld-0.sgf", (long)getpid());
    assert_non_null(strstr(a, pid));
}

/* Keeping writes the game whole as it changes and removes it at its end;
 * the marks see every change a record holds. */
static void test_keep_and_end(void **state)
{
    (void)state;
    static struct game g, back;
    char path[SAVES_PATH_MAX], err[256];
    setenv("XDG_STATE_HOME", tmp, 1);
    assert_true(saves_new_path(path, sizeof path, 2000, 7, NULL, 0));
    some_game(&g, 3);
    struct saves_mark m3 = saves_mark_of(&g);
    assert_true(saves_keep(path, &g, NULL, err, sizeof err));   /* makes the directory */
    assert_true(saves_load(path, &back, NULL, err, sizeof err));
    assert_int_equal(back.ply, 3);
    assert_true(game_undo(&g));
    struct saves_mark m2 = saves_mark_of(&g);
    assert_false(saves_mark_equal(&m3, &m2));
    assert_true(saves_keep(path, &g, NULL, err, sizeof err));
    assert_true(saves_load(path, &back, NULL, err, sizeof err));
    assert_int_equal(back.ply, 2);
    assert_true(game_redo(&g));
    struct saves_mark again = saves_mark_of(&g);
    assert_true(saves_mark_equal(&m3, &again));
    /* Nothing else is left in the directory: no temporary files. */
    char dir[SAVES_PATH_MAX];
    assert_true(saves_dir(dir, sizeof dir));
    DIR *d = opendir(dir);
    assert_non_null(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        files += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(files, 1);
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_false(saves_mark_equal(&m3, &(struct saves_mark){ 0 }));
    assert_true(saves_keep(path, &g, NULL, err, sizeof err));
    assert_false(exists(path));
    assert_true(saves_forget(path, err, sizeof err));   /* gone already: fine */
}

static void touch(const char *path, time_t when)
{
    struct utimbuf t = { when, when };
    assert_int_equal(utime(path, &t), 0);
}

/* The list: newest first, with what each game is; a file that does not
 * load is set aside under a new name and said once, never removed; a
 * finished game left behind is dropped; the old last.sgf joins. */
static void test_list(void **state)
{
    (void)state;
    static struct game g;
    char sub[256], err[256], note[SAVES_PATH_MAX + 200];
    snprintf(sub, sizeof sub, "%s/list", tmp);
    setenv("XDG_STATE_HOME", sub, 1);
    char a[SAVES_PATH_MAX], b[SAVES_PATH_MAX], bad[SAVES_PATH_MAX], old[SAVES_PATH_MAX];
    assert_true(saves_new_path(a, sizeof a, 100, 1, NULL, 0));
    assert_true(saves_new_path(b, sizeof b, 100, 2, NULL, 0));
    some_game(&g, 2);
    assert_true(saves_keep(a, &g, NULL, err, sizeof err));
    some_game(&g, 5);
    assert_true(saves_keep(b, &g, NULL, err, sizeof err));
    touch(a, 5000);
    touch(b, 4000);
    snprintf(bad, sizeof bad, "%s/mnk/games/broken.sgf", sub);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("(;GM[4]SZ[7];B[dd];W[dd])", f);
    fclose(f);
    snprintf(old, sizeof old, "%s/mnk/last.sgf", sub);
    some_game(&g, 1);
    assert_true(saves_write(old, &g, NULL, true, err, sizeof err));

    struct saves_entry list[8];
    int more = -1;
    int n = saves_list(list, 8, &more, note, sizeof note);
    assert_int_equal(n, 3);
    assert_int_equal(more, 0);
    assert_int_equal(list[0].lock, FILELOCK_FREE);
    /* Newest first: last.sgf (written just now, moved in), a, then b. */
    assert_int_equal(list[0].moves, 1);
    assert_non_null(strstr(list[0].path, "/mnk/games/last.sgf"));
    assert_string_equal(list[1].path, a);
    assert_int_equal(list[1].moves, 2);
    assert_int_equal(list[1].width, 7);
    assert_int_equal(list[1].win, 4);
    assert_int_equal(list[1].to_move, STONE_BLACK);
    assert_string_equal(list[1].black, "human");
    assert_string_equal(list[1].white, "threat");
    assert_string_equal(list[2].path, b);
    assert_false(exists(old));
    assert_non_null(strstr(note, "set aside"));
    assert_non_null(strstr(note, "broken.sgf.corrupt-"));
    assert_false(exists(bad));
    /* The set-aside file is still there, untouched, and said only once. */
    DIR *d;
    char dir[SAVES_PATH_MAX];
    assert_true(saves_dir(dir, sizeof dir));
    assert_non_null(d = opendir(dir));
    int aside = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        aside += strstr(e->d_name, "broken.sgf.corrupt-") != NULL;
    closedir(d);
    assert_int_equal(aside, 1);
    n = saves_list(list, 8, &more, note, sizeof note);
    assert_int_equal(n, 3);
    assert_string_equal(note, "");

    /* A finished game found there is dropped from the list. */
    some_game(&g, 2);
    game_concede(&g, STONE_BLACK, END_RESIGN);
    assert_true(saves_write(b, &g, NULL, false, err, sizeof err));
    n = saves_list(list, 8, &more, note, sizeof note);
    assert_int_equal(n, 2);
    assert_false(exists(b));
    /* Deleting one leaves the others. */
    assert_true(saves_forget(a, err, sizeof err));
    n = saves_list(list, 8, &more, note, sizeof note);
    assert_int_equal(n, 1);
}

/* Games kept within the same second are still listed newest first. */
static void test_list_same_second(void **state)
{
    (void)state;
    static struct game g;
    char sub[256], err[256], note[SAVES_PATH_MAX + 200];
    snprintf(sub, sizeof sub, "%s/second", tmp);
    setenv("XDG_STATE_HOME", sub, 1);
    char a[SAVES_PATH_MAX], b[SAVES_PATH_MAX];
    /* b sorts before a by name: only the nanoseconds put a first. */
    assert_true(saves_new_path(a, sizeof a, 100, 2, NULL, 0));
    assert_true(saves_new_path(b, sizeof b, 100, 1, NULL, 0));
    some_game(&g, 1);
    assert_true(saves_keep(a, &g, NULL, err, sizeof err));
    some_game(&g, 2);
    assert_true(saves_keep(b, &g, NULL, err, sizeof err));
    struct timespec older[2] = { { 7000, 100 }, { 7000, 100 } };
    struct timespec newer[2] = { { 7000, 900 }, { 7000, 900 } };
    assert_int_equal(utimensat(AT_FDCWD, a, newer, 0), 0);
    assert_int_equal(utimensat(AT_FDCWD, b, older, 0), 0);
    struct saves_entry list[4];
    int more;
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_string_equal(list[0].path, a);
    assert_string_equal(list[1].path, b);
    assert_int_equal(utimensat(AT_FDCWD, a, older, 0), 0);
    assert_int_equal(utimensat(AT_FDCWD, b, newer, 0), 0);
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_string_equal(list[0].path, b);
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
    char path[SAVES_PATH_MAX], err[256];
    some_game(&g, 5);
    snprintf(path, sizeof path, "%s/deep/er/game.sgf", tmp);
    assert_false(saves_write(path, &g, NULL, false, err, sizeof err)); /* no directory */
    assert_false(exists(path));
    assert_true(saves_write(path, &g, NULL, true, err, sizeof err));
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
    assert_false(saves_write(path, &g, NULL, false, err, sizeof err));
    assert_non_null(strstr(err, "unknown record format"));
    /* A directory where the file should be: the rename fails, nothing is
     * left behind, and what was there is untouched. */
    snprintf(path, sizeof path, "%s/taken.sgf", tmp);
    assert_int_equal(mkdir(path, 0700), 0);
    assert_false(saves_write(path, &g, NULL, false, err, sizeof err));
    assert_non_null(strstr(err, "taken.sgf"));
    assert_false(record_load(path, &back, err, sizeof err));
}

/* What a record said beyond the game goes with it into its autosave and
 * comes back on resuming; so does the statistics' mark, a field of its
 * own that no text in the other properties can fake. */
static void test_keep_root_props(void **state)
{
    (void)state;
    static struct game g, back;
    static struct record_extra in, extra;
    char path[SAVES_PATH_MAX], err[256];
    setenv("XDG_STATE_HOME", tmp, 1);
    assert_true(saves_new_path(path, sizeof path, 3000, 9, NULL, 0));
    some_game(&g, 2);
    snprintf(in.root, sizeof in.root, "GC[a club game]EV[Spring cup]");
    assert_true(saves_keep(path, &g, &in, err, sizeof err));
    assert_true(saves_load(path, &back, &extra, err, sizeof err));
    assert_string_equal(extra.root, "GC[a club game]EV[Spring cup]");
    assert_false(extra.counted);
    assert_int_equal(back.ply, 2);

    /* A comment whose text is the mark's ("[" needs no escape in SGF). */
    snprintf(in.root, sizeof in.root, "GC[see MNKSTAT[counted]");
    assert_true(saves_keep(path, &g, &in, err, sizeof err));
    assert_true(saves_load(path, &back, &extra, err, sizeof err));
    assert_string_equal(extra.root, "GC[see MNKSTAT[counted]");
    assert_false(extra.counted);

    in.counted = true;
    assert_true(saves_keep(path, &g, &in, err, sizeof err));
    assert_true(saves_load(path, &back, &extra, err, sizeof err));
    assert_true(extra.counted);
    assert_string_equal(extra.root, "GC[see MNKSTAT[counted]");
    assert_true(saves_keep(path, &g, NULL, err, sizeof err));
    assert_true(saves_load(path, &back, &extra, err, sizeof err));
    assert_false(extra.counted);
    assert_string_equal(extra.root, "");
}

/* Writes game g to dir/name and dates it `when`. */
static void put(const char *dir, const char *name, const struct game *g, time_t when)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_true(saves_write(path, g, NULL, true, err, sizeof err));
    touch(path, when);
}

/* The Load list: the unfinished games, the games directory and the current
 * directory, newest first, each with its kind and result; files that do not
 * load are counted and left where they are; the games directory is listed
 * once when it is the current directory too. */
static void test_records(void **state)
{
    (void)state;
    static struct game g;
    char state_dir[256], data[256], here[256], cwd[512], junk[512];
    snprintf(state_dir, sizeof state_dir, "%s/state", tmp);
    snprintf(data, sizeof data, "%s/data", tmp);
    snprintf(here, sizeof here, "%s/here", tmp);
    setenv("XDG_STATE_HOME", state_dir, 1);
    setenv("XDG_DATA_HOME", data, 1);
    strcat(state_dir, "/mnk/games");
    strcat(data, "/mnk/games");
    assert_non_null(getcwd(cwd, sizeof cwd));

    some_game(&g, 3);
    put(state_dir, "left.sgf", &g, 1000);
    some_game(&g, 5);
    game_concede(&g, STONE_WHITE, END_RESIGN);
    put(data, "won.sgf", &g, 3000);
    some_game(&g, 2);
    put(here, "here.psq", &g, 2000);
    /* Not a record by its name, and a record that does not load. */
    const char *others[][2] = { { "ignored.txt", "(;FF[4]GM[4]SZ[7])" }, { "junk.sgf", "(;FF[4]GM[" } };
    for (int i = 0; i < 2; i++) {
        snprintf(junk, sizeof junk, "%s/%s", here, others[i][0]);
        FILE *f = fopen(junk, "w");
        assert_non_null(f);
        fputs(others[i][1], f);
        fclose(f);
    }

    assert_int_equal(chdir(here), 0);
    static struct saves_entry e[8];
    int skipped = -1, more = -1;
    int n = saves_records(e, 8, &more, &skipped);
    assert_int_equal(n, 3);
    assert_int_equal(skipped, 1);
    assert_int_equal(more, 0);
    assert_true(exists(junk));
    assert_non_null(strstr(e[0].path, "won.sgf"));
    assert_int_equal(e[0].kind, SAVES_SAVED);
    assert_int_equal(e[0].result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(e[0].moves, 5);
    assert_non_null(strstr(e[1].path, "here.psq"));
    assert_int_equal(e[1].kind, SAVES_HERE);
    assert_int_equal(e[1].result.outcome, OUTCOME_ONGOING);
    assert_non_null(strstr(e[2].path, "left.sgf"));
    assert_int_equal(e[2].kind, SAVES_UNFINISHED);
    assert_int_equal(e[2].to_move, STONE_WHITE);
    /* At most `max`, the newest, and how many more there are. */
    assert_int_equal(saves_records(e, 2, &more, &skipped), 2);
    assert_non_null(strstr(e[0].path, "won.sgf"));
    assert_non_null(strstr(e[1].path, "here.psq"));
    /* junk.sgf, the newest file (written just now), was read first and
     * skipped; left.sgf, the oldest, was left unread. */
    assert_int_equal(more, 1);
    assert_int_equal(skipped, 1);

    /* Started in the games directory: its games once. */
    assert_int_equal(chdir(data), 0);
    assert_int_equal(saves_records(e, 8, &more, &skipped), 2);
    assert_int_equal(chdir(cwd), 0);
}

/* Many games, dated in an order that is neither their names' nor the
 * order they were made in: the lists hold the newest `max` of all of them,
 * newest first, and say how many more there are, whatever order the
 * directory gives its files in. */
static void test_lists_keep_the_newest_of_many(void **state)
{
    (void)state;
    static struct game g;
    enum { GAMES = 80, MAX = 50 };
    char state_dir[256], empty[300], path[SAVES_PATH_MAX], err[256], note[SAVES_PATH_MAX + 200];
    snprintf(state_dir, sizeof state_dir, "%s/many", tmp);
    setenv("XDG_STATE_HOME", state_dir, 1);
    /* No records in the games directory, nor in the current one. */
    snprintf(empty, sizeof empty, "%s/many-empty", tmp);
    assert_int_equal(mkdir(empty, 0700), 0);
    setenv("XDG_DATA_HOME", empty, 1);
    for (int i = 0; i < GAMES; i++) {
        /* Dated (37 i mod 80): a permutation of 0..79. */
        int date = (37 * i) % GAMES;
        some_game(&g, 1 + date % 6);
        assert_true(saves_new_path(path, sizeof path, 100, (unsigned)i, NULL, 0));
        assert_true(saves_keep(path, &g, NULL, err, sizeof err));
        touch(path, 10000 + date);
    }
    static struct saves_entry list[MAX];
    int more = -1;
    assert_int_equal(saves_list(list, MAX, &more, note, sizeof note), MAX);
    assert_int_equal(more, GAMES - MAX);
    assert_string_equal(note, "");
    for (int k = 0; k < MAX; k++)
        assert_int_equal(list[k].when, 10000 + GAMES - 1 - k);

    int skipped = -1;
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(empty), 0);
    assert_int_equal(saves_records(list, MAX, &more, &skipped), MAX);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(more, GAMES - MAX);
    assert_int_equal(skipped, 0);
    for (int k = 0; k < MAX; k++)
        assert_int_equal(list[k].when, 10000 + GAMES - 1 - k);
}

/* A game whose lock another holder has (another window) is listed as busy,
 * in both lists, until that holder lets go; deleting it is the app's to
 * refuse, and a deleted game's stale lock file goes with it. */
static void test_lists_say_which_games_are_open(void **state)
{
    (void)state;
    static struct game g;
    char state_dir[256], a[SAVES_PATH_MAX], b[SAVES_PATH_MAX], err[256], lock[SAVES_PATH_MAX + 8];
    char note[SAVES_PATH_MAX + 200];
    snprintf(state_dir, sizeof state_dir, "%s/open", tmp);
    setenv("XDG_STATE_HOME", state_dir, 1);
    snprintf(lock, sizeof lock, "%s/nodata", tmp);
    setenv("XDG_DATA_HOME", lock, 1);   /* no records there */
    assert_true(saves_new_path(a, sizeof a, 100, 1, NULL, 0));
    assert_true(saves_new_path(b, sizeof b, 100, 2, NULL, 0));
    some_game(&g, 2);
    assert_true(saves_keep(a, &g, NULL, err, sizeof err));
    assert_true(saves_keep(b, &g, NULL, err, sizeof err));
    touch(a, 2000);
    touch(b, 1000);
    struct filelock held;
    filelock_init(&held);
    assert_int_equal(filelock_take(&held, a, err, sizeof err), FILELOCK_TAKEN);

    struct saves_entry list[4];
    int more, skipped;
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_string_equal(list[0].path, a);
    assert_int_equal(list[0].lock, FILELOCK_IN_USE);
    assert_int_equal(list[1].lock, FILELOCK_FREE);
    assert_int_equal(saves_records(list, 4, &more, &skipped), 2);
    assert_int_equal(list[0].lock, FILELOCK_IN_USE);
    assert_int_equal(list[1].lock, FILELOCK_FREE);
    filelock_release(&held);
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_int_equal(list[0].lock, FILELOCK_FREE);

    /* A list read before another window opened a game learns it on a
     * second look, and again when that window lets go. */
    assert_false(saves_relook(list, 2));
    assert_int_equal(filelock_take(&held, a, err, sizeof err), FILELOCK_TAKEN);
    assert_true(saves_relook(list, 2));
    assert_int_equal(list[0].lock, FILELOCK_IN_USE);
    assert_int_equal(list[1].lock, FILELOCK_FREE);
    assert_false(saves_relook(list, 2));
    filelock_release(&held);
    assert_true(saves_relook(list, 2));
    assert_int_equal(list[0].lock, FILELOCK_FREE);

    /* A lock file that is a directory: nobody can be told to hold it, so
     * the game is not listed as free. */
    snprintf(lock, sizeof lock, "%s.lock", a);
    assert_int_equal(mkdir(lock, 0700), 0);
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_int_equal(list[0].lock, FILELOCK_UNKNOWN);
    assert_int_equal(rmdir(lock), 0);

    /* A lock file with nobody holding it (its holder killed) is no lock,
     * and goes when its game is deleted. */
    snprintf(lock, sizeof lock, "%s.lock", b);
    FILE *f = fopen(lock, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(saves_list(list, 4, &more, note, sizeof note), 2);
    assert_int_equal(list[1].lock, FILELOCK_FREE);
    assert_true(saves_forget(b, err, sizeof err));
    assert_false(exists(b));
    assert_false(exists(lock));
}

/* Tab: the longest common start, a "/" after a lone directory, the names
 * that matched, hidden files only when asked for, "~/" kept as typed. */
static void test_complete(void **state)
{
    (void)state;
    char dir[256], path[512], out[512], names[256], cwd[512];
    snprintf(dir, sizeof dir, "%s/comp", tmp);
    assert_int_equal(mkdir(dir, 0700), 0);
    const char *files[] = { "game-one.sgf", "game-two.sgf", "other.psq", ".hidden.sgf" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/games", dir);
    assert_int_equal(mkdir(path, 0700), 0);

    snprintf(path, sizeof path, "%s/ot", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 1);
    snprintf(path, sizeof path, "%s/other.psq", dir);
    assert_string_equal(out, path);

    snprintf(path, sizeof path, "%s/g", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 3);
    snprintf(path, sizeof path, "%s/game", dir);
    assert_string_equal(out, path);
    assert_non_null(strstr(names, "game-one.sgf"));
    assert_non_null(strstr(names, "game-two.sgf"));

    snprintf(path, sizeof path, "%s/gam", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 3);
    snprintf(path, sizeof path, "%s/games", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 1);
    snprintf(path, sizeof path, "%s/games/", dir);
    assert_string_equal(out, path);

    snprintf(path, sizeof path, "%s/", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 4);
    assert_null(strstr(names, ".hidden"));
    snprintf(path, sizeof path, "%s/.h", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 1);

    snprintf(path, sizeof path, "%s/zz", dir);
    assert_int_equal(saves_complete(path, out, sizeof out, names, sizeof names), 0);
    assert_string_equal(out, path);

    /* Relative to the current directory, and under "~/". */
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    assert_int_equal(saves_complete("oth", out, sizeof out, names, sizeof names), 1);
    assert_string_equal(out, "other.psq");
    assert_int_equal(chdir(cwd), 0);
    setenv("HOME", tmp, 1);
    assert_int_equal(saves_complete("~/comp/oth", out, sizeof out, names, sizeof names), 1);
    assert_string_equal(out, "~/comp/other.psq");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dirs),
        cmocka_unit_test(test_no_path_reasons),
        cmocka_unit_test(test_new_paths_unique),
        cmocka_unit_test(test_default_name),
        cmocka_unit_test(test_expand),
        cmocka_unit_test(test_write_makes_dirs_and_reads_back),
        cmocka_unit_test(test_write_refuses_unknown_format_and_keeps_old_file),
        cmocka_unit_test(test_keep_and_end),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_keep_root_props),
        cmocka_unit_test(test_list_same_second),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_lists_keep_the_newest_of_many),
        cmocka_unit_test(test_lists_say_which_games_are_open),
        cmocka_unit_test(test_complete),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
