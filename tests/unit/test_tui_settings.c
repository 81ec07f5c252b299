/* test_tui_settings.c — the remembered settings: defaults without a file,
 * a save and load round trip through a new directory, lines not understood
 * skipped with one warning naming the line while the rest is kept, the path
 * from the environment, an unwritable place refused with the reason and no
 * file left behind, what is no regular file (a directory, a FIFO, a
 * symlink to /dev/zero, a huge file) refused at once with what it is, a
 * NUL byte in a line, and the conversions to and from a game's config.
 * Works in a fresh temporary directory. */
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

#include "mnk/level.h"
#include "tui/saves.h"
#include "tui/settings.h"

/* A player as the settings file names it. */
static const char *name_of(const struct player *p)
{
    return p->kind == PLAYER_HUMAN ? "human" : p->spec;
}

static void set_name(struct player *p, const char *name)
{
    bool human = strcmp(name, "human") == 0;
    *p = (struct player){ .kind = human ? PLAYER_HUMAN : PLAYER_COMPUTER };
    if (!human)
        snprintf(p->spec, sizeof p->spec, "%s", name);
}

static char tmp[64];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-settings-XXXXXX");
    return mkdtemp(tmp) == NULL ? -1 : 0;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "chmod -R u+w '%s'; rm -rf '%s'", tmp, tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void test_missing_file_gives_defaults(void **state)
{
    (void)state;
    char path[128], warn[256];
    snprintf(path, sizeof path, "%s/none/settings", tmp);
    struct settings s;
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_string_equal(warn, "");
    assert_int_equal(s.game.width, 15);
    assert_int_equal(s.game.win, 5);
    assert_string_equal(name_of(&s.game.player[0]), "human");
    assert_string_equal(name_of(&s.game.player[1]), level_default()->name);
    assert_true(s.marks);
    assert_false(s.numbers);   /* off until asked for */
    assert_false(s.bell);
    assert_int_equal(s.threads, 0);   /* all the cores */
    assert_true(s.ponder);
}

static void test_round_trip(void **state)
{
    (void)state;
    char path[128], err[256], warn[256];
    snprintf(path, sizeof path, "%s/a/b/settings", tmp);
    struct settings s, t;
    settings_default(&s);
    s.game.width = 7;
    s.game.height = 9;
    s.game.win = 4;
    s.game.rule = RULE_EXACT;
    set_name(&s.game.player[0], level_at(0)->name);
    set_name(&s.game.player[1], "human");
    s.marks = false;
    s.numbers = true;
    s.bell = true;
    s.look = DRAW_LOOK_WIDE;
    snprintf(s.lang, sizeof s.lang, "zh_CN");
    snprintf(s.server, sizeof s.server, "[::1]:3631");
    snprintf(s.name, sizeof s.name, "\xe5\xbc\xa0\xe4\xb8\x89");   /* 张三 */
    s.threads = 3;
    s.ponder = false;
    assert_true(settings_save(path, &s, err, sizeof err));
    settings_default(&t);
    settings_load(path, &t, warn, sizeof warn);
    assert_string_equal(warn, "");
    assert_int_equal(t.game.width, 7);
    assert_int_equal(t.game.height, 9);
    assert_int_equal(t.game.win, 4);
    assert_int_equal(t.game.rule, RULE_EXACT);
    assert_string_equal(name_of(&t.game.player[0]), level_at(0)->name);
    assert_string_equal(name_of(&t.game.player[1]), "human");
    assert_false(t.marks);
    assert_true(t.numbers);
    assert_true(t.bell);
    assert_int_equal(t.look, DRAW_LOOK_WIDE);
    assert_string_equal(t.lang, "zh_CN");
    assert_string_equal(t.server, "[::1]:3631");
    assert_string_equal(t.name, "\xe5\xbc\xa0\xe4\xb8\x89");
    assert_int_equal(t.threads, 3);
    assert_false(t.ponder);
    /* Every rule comes back by its name. */
    for (int r = 0; r < RULE_COUNT; r++) {
        s.game.win = 5;
        s.game.rule = (enum rule)r;
        assert_true(settings_save(path, &s, err, sizeof err));
        settings_default(&t);
        settings_load(path, &t, warn, sizeof warn);
        assert_string_equal(warn, "");
        assert_int_equal(t.game.rule, r);
    }
    /* The default, the locale's language, is written as `auto` and read
     * back as "". */
    settings_default(&s);
    assert_true(settings_save(path, &s, err, sizeof err));
    snprintf(t.lang, sizeof t.lang, "en");
    t.threads = 5;
    settings_load(path, &t, warn, sizeof warn);
    assert_string_equal(warn, "");
    assert_string_equal(t.lang, "");
    assert_int_equal(t.threads, 0);   /* written `all` */
    /* Nothing but the file itself is left in its directory. */
    char dir[128], cmd[320];
    snprintf(dir, sizeof dir, "%s/a/b", tmp);
    snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s')\" = settings", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_bad_lines_skipped(void **state)
{
    (void)state;
    char path[128], warn[256];
    snprintf(path, sizeof path, "%s/bad", tmp);
    write_text(path, "# comment\n"
                     "width = 9\n"
                     "height = banana\n"
                     "black = no-such-level\n"
                     "colour = purple\n"
                     "   \n"
                     "marks = no\n"
                     "drawing = fancy\n"
                     "lang = zh_CN; rm -rf\n"
                     "server = evil host\n"
                     "name = a,b\n"
                     "name = \x1b[2J\n"
                     "threads = 0\n"
                     "threads = 65\n"
                     "threads = -2\n"
                     "just words\n"
                     "height = 99\n");
    struct settings s;
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_non_null(strstr(warn, path));
    assert_non_null(strstr(warn, ":3:"));   /* the first bad line */
    assert_int_equal(s.game.width, 9);
    assert_int_equal(s.game.height, 15);
    assert_string_equal(name_of(&s.game.player[0]), "human");
    assert_false(s.marks);
    assert_string_equal(s.lang, "");
    assert_string_equal(s.server, "");
    assert_string_equal(s.name, "");
    assert_int_equal(s.threads, 0);
}

/* settings_load of what stands at `path` returns at once (an alarm stops
 * a read that waits or runs on) with the defaults and a warning that names
 * the file and says `says`. */
static void check_refused(const char *path, const char *says)
{
    char warn[512];
    struct settings s, defaults;
    settings_default(&defaults);
    s = defaults;
    alarm(20);
    settings_load(path, &s, warn, sizeof warn);
    alarm(0);
    assert_memory_equal(&s, &defaults, sizeof s);
    assert_non_null(strstr(warn, path));
    if (strstr(warn, says) == NULL)
        fail_msg("'%s' does not say '%s'", warn, says);
    assert_null(strstr(warn, "read error"));
}

/* Only a regular file is read: a directory says what it is (not "read
 * error"), a FIFO is not waited on, a symlink to /dev/zero is not read
 * forever, a file far larger than settings is not read at all. */
static void test_not_a_file(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/dir", tmp);
    assert_int_equal(mkdir(path, 0700), 0);
    check_refused(path, "is a directory");
    snprintf(path, sizeof path, "%s/fifo", tmp);
    assert_int_equal(mkfifo(path, 0600), 0);
    check_refused(path, "is a pipe");
    snprintf(path, sizeof path, "%s/zero", tmp);
    assert_int_equal(symlink("/dev/zero", path), 0);
    check_refused(path, "is a device");
    snprintf(path, sizeof path, "%s/huge", tmp);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < 10000; i++)
        fputs("# a comment line\n", f);
    assert_int_equal(fclose(f), 0);
    check_refused(path, "too large");
}

/* A NUL byte in a line: the line is not understood, the rest is read. */
static void test_nul_byte(void **state)
{
    (void)state;
    char path[128], warn[256];
    snprintf(path, sizeof path, "%s/nul", tmp);
    static const char text[] = "width = 9\nheight = 7\0 junk\nwin = 4\n";
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, sizeof text - 1, f), sizeof text - 1);
    assert_int_equal(fclose(f), 0);
    struct settings s;
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_non_null(strstr(warn, ":2: not understood"));
    assert_int_equal(s.game.width, 9);
    assert_int_equal(s.game.height, 15);
    assert_int_equal(s.game.win, 4);
}

static void test_win_too_long_is_cut(void **state)
{
    (void)state;
    char path[128], warn[256];
    snprintf(path, sizeof path, "%s/long", tmp);
    write_text(path, "width = 3\nheight = 3\nwin = 5\n");
    struct settings s;
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_int_equal(s.game.win, 3);
    assert_non_null(strstr(warn, "win length"));
    /* Renju with another k (edited by hand, or cut just above) is no game
     * either: freestyle then. Caro takes any k. */
    write_text(path, "win = 4\nrule = renju\n");
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_int_equal(s.game.win, 4);
    assert_int_equal(s.game.rule, RULE_FREESTYLE);
    assert_non_null(strstr(warn, "renju is played with five in a row (win length 5)"));
    write_text(path, "win = 4\nrule = caro\n");
    settings_default(&s);
    settings_load(path, &s, warn, sizeof warn);
    assert_int_equal(s.game.rule, RULE_CARO);
    assert_string_equal(warn, "");
}

static void test_unwritable(void **state)
{
    (void)state;
    char dir[128], path[160], err[256];
    snprintf(dir, sizeof dir, "%s/ro", tmp);
    assert_int_equal(mkdir(dir, 0500), 0);
    snprintf(path, sizeof path, "%s/settings", dir);
    struct settings s;
    settings_default(&s);
    if (geteuid() == 0) {
        /* root writes anywhere: a file in the way of the directory then. */
        snprintf(dir, sizeof dir, "%s/file", tmp);
        write_text(dir, "x");
        snprintf(path, sizeof path, "%s/file/settings", tmp);
    }
    assert_false(settings_save(path, &s, err, sizeof err));
    assert_non_null(strstr(err, "Not a directory") != NULL ? "Not a directory"
                                                            : strstr(err, "Permission denied"));
    assert_int_equal(access(path, F_OK), -1);
}

static void test_path_from_environment(void **state)
{
    (void)state;
    char buf[256];
    setenv("XDG_CONFIG_HOME", "/x/config", 1);
    assert_true(saves_settings_path(buf, sizeof buf, NULL, 0));
    assert_string_equal(buf, "/x/config/mnk/settings");
    setenv("XDG_CONFIG_HOME", "relative", 1);
    setenv("HOME", "/home/p", 1);
    assert_true(saves_settings_path(buf, sizeof buf, NULL, 0));
    assert_string_equal(buf, "/home/p/.config/mnk/settings");
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("HOME");
    assert_false(saves_settings_path(buf, sizeof buf, NULL, 0));
}

static void test_config_conversions(void **state)
{
    (void)state;
    struct settings s;
    settings_default(&s);
    set_name(&s.game.player[0], level_at(1)->name);
    struct game_config c = s.game;
    assert_int_equal(c.player[0].kind, PLAYER_COMPUTER);
    assert_string_equal(c.player[0].spec, level_at(1)->name);
    assert_int_equal(c.player[1].kind, PLAYER_COMPUTER);
    c.width = 19;
    c.player[1].kind = PLAYER_HUMAN;
    snprintf(c.player[0].spec, sizeof c.player[0].spec, "engine:whatever");
    settings_from_config(&s, &c);
    assert_int_equal(s.game.width, 19);
    assert_string_equal(name_of(&s.game.player[1]), "human");
    /* An engine is no level: the setting it would replace stays. */
    assert_string_equal(name_of(&s.game.player[0]), level_at(1)->name);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_file_gives_defaults),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_lines_skipped),
        cmocka_unit_test(test_win_too_long_is_cut),
        cmocka_unit_test(test_not_a_file),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_unwritable),
        cmocka_unit_test(test_path_from_environment),
        cmocka_unit_test(test_config_conversions),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
