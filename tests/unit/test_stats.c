/* test_stats.c — the player's record: counting wins, losses and draws per
 * opponent, board and time control, streaks, which games count and for
 * whom (resigning, forfeits, losses on time, people, two computers), the
 * file's round trip, a version-1 file read and written back as version 2,
 * games against people over the network (version 3),
 * and files that are not right: refused whole, set aside under a new name
 * with their content, said once, a later version's and one that cannot be
 * read left alone; hostile bytes never crash. Works in a fresh temporary
 * directory. */
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
#include <errno.h>

#include "storage/stats.h"

static char tmp[64];
static char path[128];

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-stats-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/mnk/stats", tmp);
    return 0;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static const struct stats_board b15 = { 15, 15, 5, RULE_FREESTYLE };
static const struct stats_board b3 = { 3, 3, 3, RULE_FREESTYLE };
static const struct stats_board b7x = { 7, 7, 4, RULE_EXACT };
static const struct stats_board b15r = { 15, 15, 5, RULE_RENJU };
static const struct stats_board b9c = { 9, 9, 4, RULE_CARO };
static const struct stats_board b5 = { 5, 5, 4, RULE_FREESTYLE };
static const struct tc blitz = { .kind = TC_FISCHER, .main_ms = 180000, .increment_ms = 2000 };
static const struct tc byo = { .kind = TC_BYOYOMI, .main_ms = 600000, .periods = 5,
                               .period_ms = 30000 };

static void put_file(const char *text, size_t len)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    mkdir(dir, 0700);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void put_text(const char *text)
{
    put_file(text, strlen(text));
}

/* The file's text, cut to fit. */
static void read_all(const char *name, char *text, size_t size)
{
    FILE *f = fopen(name, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, size - 1, f);
    fclose(f);
    text[n] = '\0';
}

/* The names in the stats directory that start with "stats.corrupt-". */
static int count_aside(char *first, size_t size)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strncmp(e->d_name, "stats.corrupt-", 14) != 0)
            continue;
        if (n++ == 0 && first != NULL &&
            snprintf(first, size, "%s/%s", dir, e->d_name) >= (int)size)
            first[0] = '\0';
    }
    closedir(d);
    return n;
}

static void clear_dir(void)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s/mnk'", tmp);
    assert_int_equal(system(cmd), 0);
}

/* Wins, losses and draws go to the row of their opponent and board. */
static void test_counting(void **state)
{
    (void)state;
    struct stats s;
    stats_init(&s);
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_LOST, false));
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_LOST, false));
    assert_true(stats_add(&s, "club", &b3, NULL, STATS_DRAWN, false));
    assert_true(stats_add(&s, "threat", &b15, NULL, STATS_WON, false));
    assert_false(stats_add(&s, "threat", &b15, NULL, STATS_NONE, false));
    const struct stats_row *r = stats_find(&s, "club", &b15, NULL);
    assert_non_null(r);
    assert_int_equal(r->won, 1);
    assert_int_equal(r->lost, 2);
    assert_int_equal(r->drawn, 0);
    r = stats_find(&s, "club", &b3, NULL);
    assert_non_null(r);
    assert_int_equal(r->drawn, 1);
    assert_int_equal(r->won + r->lost, 0);
    assert_null(stats_find(&s, "club", &b7x, NULL));
    assert_null(stats_find(&s, "master", &b15, NULL));
    long won, lost, drawn;
    stats_totals(&s, &won, &lost, &drawn);
    assert_int_equal(won, 2);
    assert_int_equal(lost, 2);
    assert_int_equal(drawn, 1);
    assert_int_equal(s.n_rows, 3);
    /* Levels first, weakest up (club is one), then other names; then by
     * board, smallest first. */
    assert_string_equal(s.rows[0].opponent, "club");
    assert_int_equal(s.rows[0].board.width, 3);
    assert_string_equal(s.rows[1].opponent, "club");
    assert_int_equal(s.rows[1].board.width, 15);
    assert_string_equal(s.rows[2].opponent, "threat");
    stats_free(&s);
    assert_int_equal(s.n_rows, 0);
}

/* The level order is the ladder's, not the alphabet's. */
static void test_level_order(void **state)
{
    (void)state;
    struct stats s;
    stats_init(&s);
    assert_true(stats_add(&s, "zz-engine", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "maximum", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "starter", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "aa-engine", &b15, NULL, STATS_WON, false));
    assert_string_equal(s.rows[0].opponent, "starter");
    assert_string_equal(s.rows[1].opponent, "maximum");
    assert_string_equal(s.rows[2].opponent, "aa-engine");
    assert_string_equal(s.rows[3].opponent, "zz-engine");
    stats_free(&s);
}

/* The current streak is the run the games end with; the best is the
 * longest run of wins; a draw ends a run of wins. */
static void test_streaks(void **state)
{
    (void)state;
    struct stats s;
    stats_init(&s);
    assert_int_equal(s.streak.kind, STATS_NONE);
    static const enum stats_outcome seq[] = { STATS_WON, STATS_WON, STATS_WON, STATS_DRAWN,
                                              STATS_WON, STATS_LOST, STATS_LOST };
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++)
        assert_true(stats_add(&s, "club", &b15, NULL, seq[i], false));
    const struct stats_row *r = stats_find(&s, "club", &b15, NULL);
    assert_int_equal(r->streak.kind, STATS_LOST);
    assert_int_equal(r->streak.length, 2);
    assert_int_equal(r->best, 3);
    /* Another row has its own; the overall one runs across rows. */
    assert_true(stats_add(&s, "threat", &b3, NULL, STATS_LOST, false));
    r = stats_find(&s, "threat", &b3, NULL);
    assert_int_equal(r->streak.kind, STATS_LOST);
    assert_int_equal(r->streak.length, 1);
    assert_int_equal(r->best, 0);
    assert_int_equal(s.streak.kind, STATS_LOST);
    assert_int_equal(s.streak.length, 3);
    assert_int_equal(s.best, 3);
    for (int i = 0; i < 4; i++)
        assert_true(stats_add(&s, i % 2 ? "club" : "threat", &b15, NULL, STATS_WON, false));
    assert_int_equal(s.streak.kind, STATS_WON);
    assert_int_equal(s.streak.length, 4);
    assert_int_equal(s.best, 4);
    r = stats_find(&s, "club", &b15, NULL);
    assert_int_equal(r->streak.length, 2);
    assert_int_equal(r->best, 3);
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_DRAWN, false));
    assert_int_equal(s.streak.kind, STATS_DRAWN);
    assert_int_equal(s.streak.length, 1);
    assert_int_equal(s.best, 4);
    stats_free(&s);
}

/* A game of size 5×5 k=4 under tc (NULL: no clock) with the players
 * given (NULL: a human). */
static void start_clock(struct game *g, const char *black, const char *white,
                        const struct tc *tc)
{
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = 5;
    c.win = 4;
    c.tc = tc != NULL ? *tc : tc_none();
    const char *spec[2] = { black, white };
    for (int i = 0; i < 2; i++) {
        c.player[i].kind = spec[i] != NULL ? PLAYER_COMPUTER : PLAYER_HUMAN;
        snprintf(c.player[i].spec, sizeof c.player[i].spec, "%s", spec[i] ? spec[i] : "");
    }
    assert_null(game_init(g, &c));
}

static void start(struct game *g, const char *black, const char *white)
{
    start_clock(g, black, white, NULL);
}

/* Black makes four in a row on the bottom row, White plays above. */
static void black_wins(struct game *g)
{
    static const int cells[] = { 0, 5, 1, 6, 2, 7, 3 };
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
        assert_int_equal(game_play(g, cells[i]), GAME_OK);
    assert_int_equal(g->result.outcome, OUTCOME_BLACK_WINS);
}

/* Which games count, for whom, and against which name. */
static void test_games(void **state)
{
    (void)state;
    static struct game g;
    struct stats s;
    stats_init(&s);

    start(&g, NULL, "club");            /* the person is Black and wins */
    assert_false(stats_add_game(&s, &g));   /* not over: nothing */
    black_wins(&g);
    assert_true(stats_add_game(&s, &g));
    start(&g, "club", NULL);            /* the person is White and loses */
    black_wins(&g);
    assert_true(stats_add_game(&s, &g));
    start(&g, "club", NULL);            /* the person resigns */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_true(stats_add_game(&s, &g));
    start(&g, NULL, "club");            /* the computer forfeits */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_concede(&g, STONE_WHITE, END_FORFEIT);
    assert_true(stats_add_game(&s, &g));
    start(&g, NULL, "club");            /* a draw agreed */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_agree_draw(&g);
    assert_true(stats_add_game(&s, &g));
    const struct stats_row *r = stats_find(&s, "club", &b5, NULL);
    assert_non_null(r);
    assert_int_equal(r->won, 2);
    assert_int_equal(r->lost, 2);
    assert_int_equal(r->drawn, 1);

    /* An engine counts under its program's name, never its command. */
    start(&g, NULL, "engine:env X=1 /opt/bin/pbrain-x --fast");
    black_wins(&g);
    assert_true(stats_add_game(&s, &g));
    r = stats_find(&s, "pbrain-x", &b5, NULL);
    assert_non_null(r);
    assert_int_equal(r->won, 1);

    /* People: per board, by colour. Two computers: not at all. */
    start(&g, NULL, NULL);
    black_wins(&g);
    assert_true(stats_add_game(&s, &g));
    start(&g, NULL, NULL);
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_concede(&g, STONE_WHITE, END_RESIGN);
    assert_true(stats_add_game(&s, &g));
    const struct stats_people *p = stats_find_people(&s, &b5, NULL);
    assert_non_null(p);
    assert_int_equal(p->black, 2);
    assert_int_equal(p->white, 0);
    start(&g, "club", "threat");
    black_wins(&g);
    assert_false(stats_add_game(&s, &g));
    assert_int_equal(s.n_rows, 2);
    assert_int_equal(s.n_people, 1);
    long won, lost;
    stats_totals(&s, &won, &lost, NULL);
    assert_int_equal(won, 3);
    assert_int_equal(lost, 2);
    stats_free(&s);
}

/* Names become one word of printable ASCII, cut to fit. */
static void test_names(void **state)
{
    (void)state;
    struct stats s;
    stats_init(&s);
    assert_true(stats_add(&s, "my engine\n\xc3\xa9", &b15, NULL, STATS_WON, false));
    assert_string_equal(s.rows[0].opponent, "my_engine___");
    char longname[200];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    assert_true(stats_add(&s, longname, &b15, NULL, STATS_WON, false));
    assert_non_null(stats_find(&s, longname, &b15, NULL));
    assert_int_equal(strlen(s.rows[0].opponent), STATS_NAME_MAX - 1);
    assert_true(stats_add(&s, "", &b15, NULL, STATS_WON, false));
    assert_non_null(stats_find(&s, "_", &b15, NULL));
    stats_free(&s);
}

static void assert_same(const struct stats *a, const struct stats *b)
{
    assert_int_equal(a->n_rows, b->n_rows);
    assert_int_equal(a->n_people, b->n_people);
    for (int i = 0; i < a->n_rows; i++) {
        const struct stats_row *x = &a->rows[i], *y = &b->rows[i];
        assert_string_equal(x->opponent, y->opponent);
        assert_memory_equal(&x->board, &y->board, sizeof x->board);
        assert_true(tc_equal(&x->tc, &y->tc));
        assert_int_equal(x->lost_on_time, y->lost_on_time);
        assert_int_equal(x->won, y->won);
        assert_int_equal(x->lost, y->lost);
        assert_int_equal(x->drawn, y->drawn);
        assert_int_equal(x->streak.kind, y->streak.kind);
        assert_int_equal(x->streak.length, y->streak.length);
        assert_int_equal(x->best, y->best);
    }
    for (int i = 0; i < a->n_people; i++) {
        const struct stats_people *x = &a->people[i], *y = &b->people[i];
        assert_memory_equal(&x->board, &y->board, sizeof x->board);
        assert_true(tc_equal(&x->tc, &y->tc));
        assert_int_equal(x->on_time, y->on_time);
        assert_int_equal(x->black, y->black);
        assert_int_equal(x->white, y->white);
        assert_int_equal(x->drawn, y->drawn);
    }
    assert_int_equal(a->streak.kind, b->streak.kind);
    assert_int_equal(a->streak.length, b->streak.length);
    assert_int_equal(a->best, b->best);
}

/* What is written is read back the same; a missing file is an empty
 * record; the file made is the documented text. */
static void test_round_trip(void **state)
{
    (void)state;
    clear_dir();
    struct stats s, back;
    stats_init(&s);
    stats_init(&back);
    char err[512];
    assert_int_equal(stats_read(path, &back, err, sizeof err), STATS_READ_OK);
    assert_int_equal(back.n_rows + back.n_people, 0);
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "club", &b7x, NULL, STATS_LOST, false));
    assert_true(stats_add(&s, "pbrain-x", &b3, NULL, STATS_DRAWN, false));
    assert_true(stats_add_people(&s, &b7x, NULL, OUTCOME_WHITE_WINS, false));
    assert_true(stats_add_people(&s, &b3, NULL, OUTCOME_DRAW, false));
    assert_false(stats_add_people(&s, &b3, NULL, OUTCOME_ONGOING, false));
    assert_true(stats_add(&s, "club", &b15r, NULL, STATS_DRAWN, false));
    assert_true(stats_add(&s, "club", &b9c, NULL, STATS_WON, false));
    assert_true(stats_add_people(&s, &b15r, NULL, OUTCOME_BLACK_WINS, false));
    assert_true(stats_add_people(&s, &b9c, NULL, OUTCOME_WHITE_WINS, false));
    assert_true(stats_write(path, &s, err, sizeof err));   /* makes the directory */
    assert_int_equal(stats_read(path, &back, err, sizeof err), STATS_READ_OK);
    assert_same(&s, &back);
    char text[1024];
    read_all(path, text, sizeof text);
    assert_true(strncmp(text, "mnk-stats 2\n", 12) == 0);
    assert_non_null(strstr(text, "\nstreak W 1 2\n"));
    assert_non_null(strstr(text, "\ncomputer club 15x15 5 freestyle none 2 0 0 0 W 2 2\n"));
    assert_non_null(strstr(text, "\ncomputer club 7x7 4 exact none 0 1 0 0 L 1 0\n"));
    assert_non_null(strstr(text, "\npeople 7x7 4 exact none 0 1 0 0\n"));
    assert_non_null(strstr(text, "\ncomputer club 15x15 5 renju none 0 0 1 0 D 1 0\n"));
    assert_non_null(strstr(text, "\ncomputer club 9x9 4 caro none 1 0 0 0 W 1 1\n"));
    assert_non_null(strstr(text, "\npeople 15x15 5 renju none 1 0 0 0\n"));
    assert_non_null(strstr(text, "\npeople 9x9 4 caro none 0 1 0 0\n"));
    /* Read again over a record that had rows: emptied first. */
    assert_int_equal(stats_read(path, &back, err, sizeof err), STATS_READ_OK);
    assert_same(&s, &back);
    stats_free(&s);
    stats_free(&back);
}

/* The clock is part of a row's key: the same opponent on the same board
 * at 3+2, under byo-yomi and without a clock are three rows, no clock
 * first; only a loss with a clock counts as lost on time (a people's row:
 * a win with a clock); the totals per clock add the rows of each up. */
static void test_clocks(void **state)
{
    (void)state;
    struct stats s;
    stats_init(&s);
    assert_true(stats_add(&s, "club", &b15, &byo, STATS_WON, true));    /* a win: not on time */
    assert_true(stats_add(&s, "club", &b15, &blitz, STATS_LOST, true));
    assert_true(stats_add(&s, "club", &b15, &blitz, STATS_LOST, false));
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_WON, false));
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_LOST, true));   /* no clock to run out */
    assert_int_equal(s.n_rows, 3);
    assert_int_equal(s.rows[0].tc.kind, TC_NONE);
    assert_true(tc_equal(&s.rows[1].tc, &blitz));
    assert_true(tc_equal(&s.rows[2].tc, &byo));
    const struct stats_row *r = stats_find(&s, "club", &b15, &blitz);
    assert_ptr_equal(r, &s.rows[1]);
    assert_int_equal(r->lost, 2);
    assert_int_equal(r->lost_on_time, 1);
    assert_int_equal(r->streak.kind, STATS_LOST);
    assert_int_equal(r->streak.length, 2);
    r = stats_find(&s, "club", &b15, NULL);
    assert_int_equal(r->won, 1);
    assert_int_equal(r->lost, 1);
    assert_int_equal(r->lost_on_time, 0);
    r = stats_find(&s, "club", &b15, &byo);
    assert_int_equal(r->won, 1);
    assert_int_equal(r->lost_on_time, 0);
    const struct tc sudden = { .kind = TC_SUDDEN, .main_ms = 180000 };
    assert_null(stats_find(&s, "club", &b15, &sudden));
    assert_ptr_equal(stats_find(&s, "club", &b15, &(struct tc){ .kind = TC_NONE }), &s.rows[0]);
    /* The overall streak runs across the clocks. */
    assert_int_equal(s.streak.kind, STATS_LOST);
    assert_int_equal(s.streak.length, 1);
    assert_int_equal(s.best, 1);

    /* Per clock, over opponents; no clock first. */
    assert_true(stats_add(&s, "threat", &b3, &blitz, STATS_LOST, true));
    struct stats_clock k[4];
    assert_int_equal(stats_by_clock(&s, k), 3);
    assert_int_equal(k[0].tc.kind, TC_NONE);
    assert_int_equal(k[0].won + k[0].lost + k[0].lost_on_time, 2);
    assert_true(tc_equal(&k[1].tc, &blitz));
    assert_int_equal(k[1].lost, 3);
    assert_int_equal(k[1].lost_on_time, 2);
    assert_int_equal(k[1].won + k[1].drawn, 0);
    assert_true(tc_equal(&k[2].tc, &byo));
    assert_int_equal(k[2].won, 1);

    /* People: a row per clock; a win on time counts so, a draw never. */
    assert_true(stats_add_people(&s, &b7x, &blitz, OUTCOME_WHITE_WINS, true));
    assert_true(stats_add_people(&s, &b7x, &blitz, OUTCOME_DRAW, true));
    assert_true(stats_add_people(&s, &b7x, NULL, OUTCOME_WHITE_WINS, true));
    assert_int_equal(s.n_people, 2);
    const struct stats_people *p = stats_find_people(&s, &b7x, &blitz);
    assert_ptr_equal(p, &s.people[1]);
    assert_int_equal(p->white, 1);
    assert_int_equal(p->drawn, 1);
    assert_int_equal(p->on_time, 1);
    p = stats_find_people(&s, &b7x, NULL);
    assert_int_equal(p->white, 1);
    assert_int_equal(p->on_time, 0);
    stats_free(&s);
}

/* Games with a clock go to their clock's row, and a flag that falls is a
 * loss on time for the person, or a people's win on time; the computer's
 * flag is a win like any other. Counted into the file, the rows read back
 * as their lines. */
static void test_games_on_time(void **state)
{
    (void)state;
    clear_dir();
    static struct game g;
    char note[8192], err[512];
    start_clock(&g, NULL, "club", &blitz);   /* Black's flag falls */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    assert_int_equal(game_play(&g, 13), GAME_OK);
    game_flag(&g, STONE_BLACK);
    assert_int_equal(g.result.reason, END_TIME);
    assert_true(stats_count(path, &g, note, sizeof note));
    start_clock(&g, NULL, "club", &blitz);   /* a win on the board */
    black_wins(&g);
    assert_true(stats_count(path, &g, note, sizeof note));
    start_clock(&g, "club", NULL, &blitz);   /* the computer's flag falls */
    game_flag(&g, STONE_BLACK);
    assert_true(stats_count(path, &g, note, sizeof note));
    start(&g, NULL, "club");                 /* no clock: a row of its own */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_concede(&g, STONE_BLACK, END_RESIGN);
    assert_true(stats_count(path, &g, note, sizeof note));
    start_clock(&g, NULL, NULL, &blitz);     /* two people: White's flag */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_flag(&g, STONE_WHITE);
    assert_true(stats_count(path, &g, note, sizeof note));
    assert_string_equal(note, "");

    struct stats s;
    stats_init(&s);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_rows, 2);
    const struct stats_row *r = stats_find(&s, "club", &b5, &blitz);
    assert_non_null(r);
    assert_int_equal(r->won, 2);
    assert_int_equal(r->lost, 1);
    assert_int_equal(r->lost_on_time, 1);
    r = stats_find(&s, "club", &b5, NULL);
    assert_non_null(r);
    assert_int_equal(r->lost, 1);
    assert_int_equal(r->lost_on_time, 0);
    const struct stats_people *p = stats_find_people(&s, &b5, &blitz);
    assert_non_null(p);
    assert_int_equal(p->black, 1);
    assert_int_equal(p->on_time, 1);
    assert_null(stats_find_people(&s, &b5, NULL));
    stats_free(&s);
    char text[1024];
    read_all(path, text, sizeof text);
    assert_non_null(strstr(text, "\ncomputer club 5x5 4 freestyle none 0 1 0 0 L 1 0\n"));
    assert_non_null(strstr(text, "\ncomputer club 5x5 4 freestyle 3+2 2 1 0 1 W 2 2\n"));
    assert_non_null(strstr(text, "\npeople 5x5 4 freestyle 3+2 1 0 0 1\n"));
    clear_dir();
}

/* A version-1 file is read as games without a clock, none on time, never
 * set aside for its version; the next count writes it as version 2, its
 * rows kept and the new game beside them. */
static void test_version1(void **state)
{
    (void)state;
    clear_dir();
    put_text("mnk-stats 1\n"
             "# streak KIND LENGTH BEST: all games against the computer\n"
             "streak L 1 1\n"
             "computer club 5x5 4 freestyle 1 1 0 L 1 1\n"
             "people 5x5 4 freestyle 2 1 0\n");
    struct stats s;
    stats_init(&s);
    char note[8192], err[512];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_rows, 1);
    assert_int_equal(s.rows[0].tc.kind, TC_NONE);
    assert_int_equal(s.rows[0].lost_on_time, 0);
    assert_int_equal(s.people[0].tc.kind, TC_NONE);
    assert_int_equal(s.people[0].on_time, 0);
    assert_non_null(stats_find(&s, "club", &b5, NULL));
    assert_non_null(stats_find_people(&s, &b5, NULL));
    stats_free(&s);

    static struct game g;
    start_clock(&g, "club", NULL, &blitz);   /* the person is White, and flags */
    assert_int_equal(game_play(&g, 12), GAME_OK);
    game_flag(&g, STONE_WHITE);
    assert_true(stats_count(path, &g, note, sizeof note));
    assert_string_equal(note, "");
    assert_int_equal(count_aside(NULL, 0), 0);
    char text[1024];
    read_all(path, text, sizeof text);
    assert_true(strncmp(text, "mnk-stats 2\n", 12) == 0);
    assert_non_null(strstr(text, "\nstreak L 2 1\n"));
    assert_non_null(strstr(text, "\ncomputer club 5x5 4 freestyle none 1 1 0 0 L 1 1\n"));
    assert_non_null(strstr(text, "\ncomputer club 5x5 4 freestyle 3+2 0 1 0 1 L 1 0\n"));
    assert_non_null(strstr(text, "\npeople 5x5 4 freestyle none 2 1 0 0\n"));
    clear_dir();
}

/* A version-2 file with every kind of clock in tc_format's text reads, in
 * the record's order (no clock first), and writes back the same text. */
static void test_version2(void **state)
{
    (void)state;
    static const char file[] =
        "mnk-stats 2\n"
        "# streak KIND LENGTH BEST: all games against the computer\n"
        "streak L 2 3\n"
        "# computer NAME WxH K RULE CLOCK WON LOST DRAWN ON_TIME KIND LENGTH BEST\n"
        "computer starter 3x3 3 freestyle none 1 0 2 0 D 2 1\n"
        "computer club 15x15 5 freestyle none 4 1 0 0 W 2 3\n"
        "computer club 15x15 5 freestyle 60s/move 0 1 0 1 L 1 0\n"
        "computer club 15x15 5 freestyle 1+0 0 1 0 0 L 1 0\n"
        "computer club 15x15 5 freestyle 3+2 0 2 0 1 L 2 0\n"
        "computer club 15x15 5 freestyle 10m+5x30s,90s/move 1 1 0 1 L 1 1\n"
        "computer club 15x15 5 freestyle 10m+10/5m 1 0 0 0 W 1 1\n"
        "computer pbrain-x 7x7 4 exact 5s+0.1s 0 2 1 2 L 1 0\n"
        "# people WxH K RULE CLOCK BLACK WHITE DRAWN ON_TIME\n"
        "people 3x3 3 freestyle none 1 2 3 0\n"
        "people 7x7 4 freestyle 3s+1s 1 0 0 1\n"
        "people 15x15 5 renju 10m+10/5m 2 1 0 0\n";
    /* In another order, the same record. */
    static const char shuffled[] =
        "mnk-stats 2\n"
        "people 15x15 5 renju 10m+10/5m 2 1 0 0\n"
        "computer club 15x15 5 freestyle 10m+10/5m 1 0 0 0 W 1 1\n"
        "computer pbrain-x 7x7 4 exact 5s+0.1s 0 2 1 2 L 1 0\n"
        "computer club 15x15 5 freestyle 3+2 0 2 0 1 L 2 0\n"
        "people 7x7 4 freestyle 3s+1s 1 0 0 1\n"
        "computer club 15x15 5 freestyle none 4 1 0 0 W 2 3\n"
        "computer club 15x15 5 freestyle 10m+5x30s,90s/move 1 1 0 1 L 1 1\n"
        "computer starter 3x3 3 freestyle none 1 0 2 0 D 2 1\n"
        "people 3x3 3 freestyle none 1 2 3 0\n"
        "computer club 15x15 5 freestyle 1+0 0 1 0 0 L 1 0\n"
        "computer club 15x15 5 freestyle 60s/move 0 1 0 1 L 1 0\n"
        "streak L 2 3\n";
    struct stats s;
    stats_init(&s);
    char err[512], text[2048];
    put_text(shuffled);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_rows, 8);
    assert_int_equal(s.n_people, 3);
    assert_string_equal(s.rows[0].opponent, "starter");
    static const enum tc_kind club[] = { TC_NONE, TC_MOVE, TC_SUDDEN, TC_FISCHER, TC_BYOYOMI,
                                         TC_CANADIAN };
    for (int i = 0; i < 6; i++)
        assert_int_equal(s.rows[1 + i].tc.kind, club[i]);
    assert_int_equal(s.rows[5].tc.move_ms, 90000);
    assert_int_equal(s.rows[4].lost_on_time, 1);
    assert_true(stats_write(path, &s, err, sizeof err));
    read_all(path, text, sizeof text);
    assert_string_equal(text, file);
    stats_free(&s);
    clear_dir();
}

/* Counts stop at their maximum rather than wrap. */
static void test_saturation(void **state)
{
    (void)state;
    put_text("mnk-stats 1\nstreak W 999999999 999999999\n"
             "computer club 3x3 3 freestyle 999999999 0 0 W 999999999 999999999\n");
    struct stats s;
    stats_init(&s);
    char err[512];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_true(stats_add(&s, "club", &b3, NULL, STATS_WON, false));
    assert_int_equal(s.rows[0].won, STATS_COUNT_MAX);
    assert_int_equal(s.rows[0].streak.length, STATS_COUNT_MAX);
    assert_int_equal(s.best, STATS_COUNT_MAX);
    stats_free(&s);
}

/* Blank lines, comments, CR LF and spaces between fields are read. */
static void test_lenient_spacing(void **state)
{
    (void)state;
    put_text("mnk-stats 1\r\n\r\n# a note\r\nstreak L 1 0\r\n"
             "computer  club 3x3 3 freestyle 0 1 0 L 1 0  \r\n");
    struct stats s;
    stats_init(&s);
    char err[512];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_rows, 1);
    assert_int_equal(s.rows[0].lost, 1);
    stats_free(&s);
}

/* Rows in any order in the file come out in the record's order. */
static void test_file_order(void **state)
{
    (void)state;
    put_text("mnk-stats 1\n"
             "people 7x7 4 exact 0 1 0\n"
             "computer zz 3x3 3 freestyle 0 1 0 L 1 0\n"
             "people 3x3 3 freestyle 1 0 0\n"
             "computer club 7x7 4 exact 0 1 0 L 1 0\n"
             "computer starter 3x3 3 freestyle 0 1 0 L 1 0\n"
             "computer club 3x3 3 freestyle 0 1 0 L 1 0\n");
    struct stats s;
    stats_init(&s);
    char err[512];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_rows, 4);
    assert_string_equal(s.rows[0].opponent, "starter");
    assert_string_equal(s.rows[1].opponent, "club");
    assert_int_equal(s.rows[1].board.width, 3);
    assert_string_equal(s.rows[2].opponent, "club");
    assert_int_equal(s.rows[2].board.width, 7);
    assert_string_equal(s.rows[3].opponent, "zz");
    assert_int_equal(s.people[0].board.width, 3);
    assert_int_equal(s.people[1].board.width, 7);
    assert_non_null(stats_find(&s, "club", &b7x, NULL));
    stats_free(&s);
}

/* Every one of these is refused whole, with a reason, and leaves the
 * record empty. */
static void test_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "\n",
        "mnk-stats\n",
        "mnk-stats x\n",
        "mnk-stats 01\n",
        "mnk-stats 0\n",
        "mnk-stats -1\n",
        " mnk-stats 1\n",
        "\xef\xbb\xbfmnk-stats 1\n",
        "mnk-stats 1\nwhat is this\n",
        "mnk-stats 1\n   \n",
        "mnk-stats 1\nstreak W 1\n",
        "mnk-stats 1\nstreak X 1 1\n",
        "mnk-stats 1\nstreak - 1 0\n",
        "mnk-stats 1\nstreak W 0 0\n",
        "mnk-stats 1\nstreak - 0 0\nstreak - 0 0\n",
        "mnk-stats 1\nstreak W 1 1\n",   /* no game won for it */
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 1\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1 extra\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1 extra more and more\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle -1 0 0 - 0 0\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1000000000 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 99999999999999999999 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle +1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 2 2\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 1 0\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 0 1 0 L 2 0\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 0 0 1 D 1 1\n",
        "mnk-stats 1\ncomputer club 2x3 3 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 27x27 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15 16 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15 2 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15x3 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club x 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15 5 yamaguchi 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15 4 renju 1 0 0 W 1 1\n",
        "mnk-stats 1\npeople 15x15 6 renju 1 0 0\n",
        "mnk-stats 1\ncomputer club 15x15 5 Renju 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 15x15 5 FREESTYLE 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer cl\tub 15x15 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer cl\xc3\xa9 15x15 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "
        "15x15 5 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1\n"
        "computer club 3x3 3 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\npeople 3x3 3 freestyle 1 0\n",
        "mnk-stats 1\npeople 3x3 3 freestyle 1 0 0\npeople 3x3 3 freestyle 1 0 0\n",
        "mnk-stats 1\npeople 3x3 3 freestyle a 0 0\n",
        /* The overall streak cannot be longer than the games it runs over. */
        "mnk-stats 1\nstreak W 2 2\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 1\nstreak L 1 0\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1\n",
        /* Version 1 has no clock, version 2 has one. */
        "mnk-stats 1\ncomputer club 3x3 3 freestyle none 1 0 0 0 W 1 1\n",
        "mnk-stats 1\npeople 3x3 3 freestyle none 1 0 0 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 1 0 0 W 1 1\n",
        "mnk-stats 2\npeople 3x3 3 freestyle 1 0 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle none 1 0 0 0 W 1 1 extra\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle none 1 0 0 W 1 1 extra\n",
        /* A clock not in tc_format's own text. */
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2x 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle NONE 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle - 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2s 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 180s+2s 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 0+0 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 25h+0 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2, 0 1 0 0 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 10m+100x30s 0 1 0 0 L 1 0\n",
        "mnk-stats 2\npeople 3x3 3 freestyle 3s+1S 1 0 0 1\n",
        /* More on time than the games it is of, or on time without a clock. */
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2 0 1 0 2 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2 1 0 0 1 W 1 1\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle none 0 1 0 1 L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2 0 1 0 x L 1 0\n",
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2 0 1 0 -1 L 1 0\n",
        "mnk-stats 2\npeople 3x3 3 freestyle 3+2 1 0 5 2\n",
        "mnk-stats 2\npeople 3x3 3 freestyle none 1 0 0 1\n",
        /* A row twice: the same clock. */
        "mnk-stats 2\ncomputer club 3x3 3 freestyle 3+2 0 1 0 0 L 1 0\n"
        "computer club 3x3 3 freestyle 3+2 0 1 0 1 L 1 0\n",
        "mnk-stats 2\npeople 3x3 3 freestyle 3+2 1 0 0 0\npeople 3x3 3 freestyle 3+2 1 0 0 1\n",
    };
    struct stats s;
    stats_init(&s);
    char err[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        put_text(bad[i]);
        if (stats_read(path, &s, err, sizeof err) != STATS_READ_BAD)
            fail_msg("accepted: '%s'", bad[i]);
        assert_true(strncmp(err, path, strlen(path)) == 0);   /* names the file */
        assert_int_equal(s.n_rows + s.n_people, 0);
        assert_null(s.rows);
    }
    /* A NUL byte, and a file larger than the limit. */
    static const char nul[] = "mnk-stats 1\nstreak - 0 0\0\n";
    put_file(nul, sizeof nul - 1);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_BAD);
    assert_non_null(strstr(err, "NUL"));
    char *big = malloc(STATS_FILE_MAX + 10);
    assert_non_null(big);
    memset(big, '#', STATS_FILE_MAX + 10);
    memcpy(big, "mnk-stats 1\n", 12);
    put_file(big, STATS_FILE_MAX + 10);
    free(big);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_BAD);
    clear_dir();
}

/* A file not understood is set aside with its content, said once, and
 * counting starts afresh; the next game is counted in a new file. */
static void test_set_aside(void **state)
{
    (void)state;
    clear_dir();
    static const char junk[] = "mnk-stats 1\ncomputer club 3x3 3 freestyle lots\n";
    put_text(junk);
    struct stats s;
    stats_init(&s);
    char note[8192];
    assert_true(stats_load(path, &s, note, sizeof note));
    assert_non_null(strstr(note, "moved to"));
    assert_non_null(strstr(note, "line 2"));
    assert_int_equal(s.n_rows, 0);
    char aside[256];
    assert_int_equal(count_aside(aside, sizeof aside), 1);
    assert_non_null(strstr(note, strrchr(aside, '/') + 1));   /* its name */
    char text[256];
    read_all(aside, text, sizeof text);
    assert_string_equal(text, junk);
    assert_int_equal(access(path, F_OK), -1);
    /* Said once: the next look finds no file, and nothing to say. */
    assert_true(stats_load(path, &s, note, sizeof note));
    assert_string_equal(note, "");
    /* Another bad file in the same second gets a name of its own. */
    put_text("garbage");
    assert_true(stats_load(path, &s, note, sizeof note));
    assert_int_equal(count_aside(NULL, 0), 2);
    clear_dir();
}

/* A game is counted into the file: load, add, write, and read back. */
static void test_count_file(void **state)
{
    (void)state;
    clear_dir();
    static struct game g;
    char note[8192], err[512];
    start(&g, "club", NULL);
    black_wins(&g);
    assert_true(stats_count(path, &g, note, sizeof note));
    assert_string_equal(note, "");
    assert_true(stats_count(path, &g, note, sizeof note));
    start(&g, "club", "club");      /* not counted, the file untouched */
    black_wins(&g);
    assert_true(stats_count(path, &g, note, sizeof note));
    start(&g, NULL, "club");        /* not over: not counted */
    assert_true(stats_count(path, &g, note, sizeof note));
    struct stats s;
    stats_init(&s);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    const struct stats_row *r = stats_find(&s, "club", &b5, NULL);
    assert_non_null(r);
    assert_int_equal(r->lost, 2);
    assert_int_equal(r->won + r->drawn, 0);
    assert_int_equal(s.n_rows, 1);
    stats_free(&s);

    /* A corrupt file: set aside, said, and the game counted afresh. */
    put_text("mnk-stats 1\nnonsense\n");
    start(&g, NULL, "club");
    black_wins(&g);
    assert_true(stats_count(path, &g, note, sizeof note));
    assert_non_null(strstr(note, "moved to"));
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(stats_find(&s, "club", &b5, NULL)->won, 1);
    assert_int_equal(stats_find(&s, "club", &b5, NULL)->lost, 0);
    stats_free(&s);
    clear_dir();
}

/* Two windows count games at once, many each: none is lost. */
static void test_two_windows(void **state)
{
    (void)state;
    clear_dir();
    enum { EACH = 25 };
    pid_t child = fork();
    assert_true(child >= 0);
    bool is_child = child == 0;
    static struct game g;
    int missed = 0;
    for (int i = 0; i < EACH; i++) {
        char note[8192];
        /* The parent loses to club, the child beats it. */
        start(&g, is_child ? NULL : "club", is_child ? "club" : NULL);
        black_wins(&g);
        if (!stats_count(path, &g, note, sizeof note))
            missed++;
    }
    if (is_child)
        _exit(missed == 0 ? 0 : 1);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(missed, 0);
    struct stats s;
    char err[512];
    stats_init(&s);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    const struct stats_row *r = stats_find(&s, "club", &b5, NULL);
    assert_non_null(r);
    assert_int_equal(r->won, EACH);
    assert_int_equal(r->lost, EACH);
    stats_free(&s);
    /* No lock file is left behind. */
    char lock[160];
    snprintf(lock, sizeof lock, "%s.lock", path);
    assert_int_equal(access(lock, F_OK), -1);
    clear_dir();
}

/* Games against people over the network: counted by the name they gave
 * (in any script), apart from the computer's totals and streak; kept in
 * a version-3 file only when there are some, and read back; such rows in an
 * earlier version's file, or names no text, are refused. */
static void test_network(void **state)
{
    (void)state;
    clear_dir();
    static struct game g;
    char note[8192], err[512];
    const char *zhang = "\xe5\xbc\xa0\xe4\xb8\x89";   /* 张三 */
    start_clock(&g, NULL, NULL, &blitz);   /* two people: this side Black */
    black_wins(&g);
    assert_true(stats_count_network(path, &g, STONE_BLACK, zhang, note, sizeof note));
    assert_string_equal(note, "");
    assert_true(stats_count_network(path, &g, STONE_WHITE, zhang, note, sizeof note));
    assert_true(stats_count_network(path, &g, STONE_WHITE, "ann", note, sizeof note));
    /* A control character and a space never reach the file. */
    assert_true(stats_count_network(path, &g, STONE_BLACK, "a b\x1b", note, sizeof note));
    assert_true(stats_count_network(path, &g, STONE_BLACK, "", note, sizeof note));
    start_clock(&g, NULL, NULL, &blitz);   /* not over: not counted */
    assert_true(stats_count_network(path, &g, STONE_BLACK, "ann", note, sizeof note));
    struct stats s;
    stats_init(&s);
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    assert_int_equal(s.n_net, 4);
    assert_int_equal(s.n_rows, 0);   /* none against the computer */
    assert_int_equal(s.n_people, 0);
    assert_int_equal(s.streak.length, 0);
    const struct stats_row *r = stats_find_network(&s, zhang, &b5, &blitz);
    assert_non_null(r);
    assert_string_equal(r->opponent, zhang);
    assert_int_equal(r->won, 1);
    assert_int_equal(r->lost, 1);
    assert_int_equal(r->streak.kind, STATS_LOST);
    assert_null(stats_find_network(&s, zhang, &b5, NULL));   /* another clock */
    assert_null(stats_find(&s, zhang, &b5, &blitz));
    r = stats_find_network(&s, "a_b_", &b5, &blitz);
    assert_non_null(r);
    assert_int_equal(r->won, 1);
    assert_non_null(stats_find_network(&s, "-", &b5, &blitz));
    char text[2048];
    read_all(path, text, sizeof text);
    assert_true(strncmp(text, "mnk-stats 3\n", 12) == 0);
    assert_non_null(strstr(text, "network ann 5x5 4 freestyle 3+2 0 1 0 0 L 1 0\n"));
    stats_free(&s);

    /* Lost on time over the network counts as such. */
    clear_dir();
    start_clock(&g, NULL, NULL, &blitz);
    game_flag(&g, STONE_BLACK);
    assert_true(stats_count_network(path, &g, STONE_BLACK, "bob", note, sizeof note));
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_OK);
    r = stats_find_network(&s, "bob", &b5, &blitz);
    assert_non_null(r);
    assert_int_equal(r->lost_on_time, 1);
    stats_free(&s);

    /* Without network rows the file stays at version 2. */
    assert_true(stats_add(&s, "club", &b15, NULL, STATS_WON, false));
    assert_true(stats_write(path, &s, err, sizeof err));
    read_all(path, text, sizeof text);
    assert_true(strncmp(text, "mnk-stats 2\n", 12) == 0);
    stats_free(&s);

    static const char *const bad[] = {
        "mnk-stats 2\nnetwork ann 5x5 4 freestyle none 1 0 0 0 W 1 1\n",
        "mnk-stats 3\nnetwork a\x1b[2J 5x5 4 freestyle none 1 0 0 0 W 1 1\n",
        "mnk-stats 3\nnetwork \xc0\xaf 5x5 4 freestyle none 1 0 0 0 W 1 1\n",
        "mnk-stats 3\nnetwork ann 5x5 4 freestyle none 1 0 0 0 W 1 1\n"
        "network ann 5x5 4 freestyle none 1 0 0 0 W 1 1\n",
        "mnk-stats 3\nnetwork ann 5x5 4 freestyle none 1 0 0 0 W 2 1\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(stats_parse("t", bad[i], strlen(bad[i]), &s, err, sizeof err),
                         STATS_READ_BAD);
        assert_int_equal(s.n_net, 0);
    }
    static const char good[] = "mnk-stats 3\nstreak W 1 1\n"
                               "computer club 5x5 4 freestyle none 1 0 0 0 W 1 1\n"
                               "network \xe5\xbc\xa0 5x5 4 freestyle none 0 2 0 0 L 2 0\n";
    assert_int_equal(stats_parse("t", good, strlen(good), &s, err, sizeof err), STATS_READ_OK);
    long won, lost;
    stats_totals(&s, &won, &lost, NULL);
    assert_int_equal(won, 1);
    assert_int_equal(lost, 0);   /* the network's losses are not the computer's */
    stats_free(&s);
    clear_dir();
}

/* A later version's file is neither set aside nor written over. */
static void test_later_version(void **state)
{
    (void)state;
    clear_dir();
    static const char later[] = "mnk-stats 4\nsomething new\n";
    put_text(later);
    struct stats s;
    stats_init(&s);
    char note[8192], err[512];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_LEAVE);
    assert_false(stats_load(path, &s, note, sizeof note));
    assert_non_null(strstr(note, "later"));
    static struct game g;
    start(&g, NULL, "club");
    black_wins(&g);
    assert_false(stats_count(path, &g, note, sizeof note));
    assert_non_null(strstr(note, "later"));
    assert_int_equal(count_aside(NULL, 0), 0);
    char text[256];
    read_all(path, text, sizeof text);
    assert_string_equal(text, later);
    clear_dir();
}

/* A statistics file that cannot be read is no corrupt one: `what` is
 * there in its place ('d' a directory, 'p' a FIFO, 'l' a symlink, 'f' a
 * file, as lstat sees it), and it must be said as unreadable, never set
 * aside, and never written over by a count. */
static void check_left_alone(char what, const char *says)
{
    struct stats s;
    stats_init(&s);
    char note[8192], err[8192];
    assert_int_equal(stats_read(path, &s, err, sizeof err), STATS_READ_LEAVE);
    assert_non_null(strstr(err, "cannot read"));
    assert_non_null(strstr(err, path));
    if (strstr(err, says) == NULL)
        fail_msg("'%s' does not say '%s'", err, says);
    assert_false(stats_load(path, &s, note, sizeof note));
    assert_string_equal(note, err);
    static struct game g;
    start(&g, NULL, "club");
    black_wins(&g);
    assert_false(stats_count(path, &g, note, sizeof note));
    assert_non_null(strstr(note, "cannot read"));
    assert_int_equal(count_aside(NULL, 0), 0);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(what == 'd'   ? S_ISDIR(st.st_mode)
                : what == 'p' ? S_ISFIFO(st.st_mode)
                : what == 'l' ? S_ISLNK(st.st_mode)
                              : S_ISREG(st.st_mode));
}

/* Cannot read is not corrupt: a directory or a FIFO in the file's place
 * (refused at once: a FIFO is never waited on), a file the system will not
 * read (EIO from /proc/self/mem behind a symlink, which stops root too;
 * EACCES where the tests do not run as root) are said, left where they
 * are, and no game is counted over them. */
static void test_cannot_read(void **state)
{
    (void)state;
    clear_dir();
    char dir[128];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    check_left_alone('d', "is a directory");
    assert_int_equal(rmdir(path), 0);

    assert_int_equal(mkfifo(path, 0600), 0);
    check_left_alone('p', "is a pipe");
    assert_int_equal(unlink(path), 0);

    if (access("/proc/self/mem", F_OK) == 0) {
        assert_int_equal(symlink("/proc/self/mem", path), 0);
        check_left_alone('l', strerror(EIO));
        assert_int_equal(unlink(path), 0);
    }

    if (geteuid() != 0) {
        static const char kept[] = "mnk-stats 1\nstreak L 1 0\n"
                                   "computer club 5x5 4 freestyle 0 1 0 L 1 0\n";
        put_text(kept);
        assert_int_equal(chmod(path, 0), 0);
        check_left_alone('f', strerror(EACCES));
        assert_int_equal(chmod(path, 0600), 0);
        char text[256];
        read_all(path, text, sizeof text);
        assert_string_equal(text, kept);
    }
    clear_dir();
}

/* A file that cannot be written (its directory is a plain file, which
 * stops root too): the game is not counted, and the reason is given. */
static void test_unwritable(void **state)
{
    (void)state;
    clear_dir();
    char dir[128];
    snprintf(dir, sizeof dir, "%s/mnk", tmp);
    FILE *f = fopen(dir, "w");
    assert_non_null(f);
    fclose(f);
    static struct game g;
    char note[8192];
    start(&g, NULL, "club");
    black_wins(&g);
    assert_false(stats_count(path, &g, note, sizeof note));
    assert_non_null(strstr(note, "not counted"));
    assert_non_null(strstr(note, dir));
    assert_int_equal(remove(dir), 0);
}

/* Hostile bytes: random files and valid files with bytes changed never
 * crash (run under ASan and valgrind) and always leave a record that
 * writes and reads back the same. Seeded: the same files every run. */
static void test_hostile(void **state)
{
    (void)state;
    static const char good1[] = "mnk-stats 1\nstreak W 2 3\n"
                                "computer club 15x15 5 freestyle 4 1 0 W 2 3\n"
                                "computer pbrain-x 7x7 4 exact 0 2 1 L 1 0\n"
                                "people 3x3 3 freestyle 1 2 3\n";
    static const char good2[] = "mnk-stats 2\nstreak W 2 3\n"
                                "computer club 15x15 5 freestyle 3+2 4 1 0 1 W 2 3\n"
                                "computer club 15x15 5 freestyle none 0 1 0 0 L 1 0\n"
                                "computer pbrain-x 7x7 4 exact 10m+5x30s 0 2 1 2 L 1 0\n"
                                "people 3x3 3 freestyle 5s+0.1s 1 2 3 1\n";
    static const char alphabet[] = "mnk-stats 12\n WLD-0123456789x#\r\0\xff"
                                   "computerpeoplestreakfreestyleexactnone+ms/move,.";
    uint64_t seed = 12345;
    char buf[512], err[512];
    struct stats s, back;
    stats_init(&s);
    stats_init(&back);
    int accepted = 0;
    for (int round = 0; round < 3000; round++) {
        size_t n;
        if (round % 2 == 0) {
            const char *good = round % 4 == 0 ? good1 : good2;
            n = strlen(good);
            memcpy(buf, good, n);
            for (int k = 0; k < 1 + round % 5; k++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                size_t at = (size_t)(seed >> 33) % n;
                buf[at] = alphabet[(seed >> 20) % (sizeof alphabet - 1)];
            }
        } else {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            n = (size_t)(seed >> 40) % sizeof buf;
            for (size_t i = 0; i < n; i++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                const char *head = round % 8 == 1 ? "mnk-stats 1\n" : "mnk-stats 2\n";
                buf[i] = i < 12 && round % 4 == 1 ? head[i]
                                                  : alphabet[(seed >> 33) % (sizeof alphabet - 1)];
            }
        }
        put_file(buf, n);
        if (stats_read(path, &s, err, sizeof err) != STATS_READ_OK)
            continue;
        accepted++;
        assert_true(stats_write(path, &s, err, sizeof err));
        assert_int_equal(stats_read(path, &back, err, sizeof err), STATS_READ_OK);
        assert_same(&s, &back);
    }
    assert_true(accepted > 0);   /* some changes leave a valid file */
    stats_free(&s);
    stats_free(&back);
    clear_dir();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counting),
        cmocka_unit_test(test_level_order),
        cmocka_unit_test(test_streaks),
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_clocks),
        cmocka_unit_test(test_games_on_time),
        cmocka_unit_test(test_version1),
        cmocka_unit_test(test_version2),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_lenient_spacing),
        cmocka_unit_test(test_file_order),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_set_aside),
        cmocka_unit_test(test_count_file),
        cmocka_unit_test(test_two_windows),
        cmocka_unit_test(test_network),
        cmocka_unit_test(test_later_version),
        cmocka_unit_test(test_cannot_read),
        cmocka_unit_test(test_unwritable),
        cmocka_unit_test(test_hostile),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
