/* test_yourpuzzles.c — puzzles from the player's own games: a person who
 * missed a win by fours gets that position as a puzzle whose first move is
 * the winning one, one who let a win by threats through the only defence
 * a defend puzzle, the computer's moves and a game of two computers give
 * none, a real analysis marks the miss; the collection's file takes the
 * puzzles under its lock, keeps a position once, a file that does not read
 * is set aside, and a lock held elsewhere keeps hands off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <cmocka.h>

#include "play/puzzlebook.h"
#include "play/yourpuzzles.h"
#include "storage/filelock.h"

/* A win by fours in three moves for Black, from the generator's self-play
 * (test_puzzle.c's): jf is its one first move. */
static const char vcf_sgf[] =
    "(;FF[4]GM[4]SZ[15]RU[freestyle]WIN[5]GN[t-vcf]\n"
    "AB[dd][gf][hg][jh][lh][ii][ji][ki][mi][ij][jj][hk][gl]\n"
    "AW[ee][ff][hf][gg][hh][ih][kh][hi][li][hj][ik][jk][fm]\n"
    "PL[B]MNKPUZZLE[vcf]MNKDEPTH[2]\n"
    ";B[jf];W[jg];B[kg];W[ie];B[nj])\n";

static struct puzzle_prover prover;
static struct game game;          /* large: kept off the stack */
static struct analysis an;
static char tmp[64], path[128];

static int sgf_cell(const char *point)
{
    return (point[1] - 'a') * 15 + (point[0] - 'a');
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mnk-yours-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/mnk/puzzles/yours.sgf", tmp);
    return puzzle_prover_init(&prover) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    puzzle_prover_free(&prover);
    return system(cmd) == 0 ? 0 : -1;
}

/* The game: the position of vcf_sgf, Black (a person) against club, Black
 * plays a1 instead of jf and White blocks at jf; the analysis made by hand
 * marks both moves as throwing a win away. */
static void make_game(void)
{
    struct puzzle_book book;
    puzzle_book_init(&book);
    char err[256];
    if (!puzzle_book_parse(vcf_sgf, strlen(vcf_sgf), &book, err, sizeof err))
        fail_msg("not read: %s", err);
    assert_null(puzzle_game(&book.p[0], &game));
    puzzle_book_free(&book);
    game.config.player[1].kind = PLAYER_COMPUTER;
    snprintf(game.config.player[1].spec, sizeof game.config.player[1].spec, "club");
    assert_int_equal(game_play(&game, sgf_cell("ao")), GAME_OK);
    assert_int_equal(game_play(&game, sgf_cell("jf")), GAME_OK);
    memset(&an, 0, sizeof an);
    an.moves = 2;
    an.move[0] = (struct analysis_move){ .move = sgf_cell("ao"), .side = STONE_BLACK,
                                         .best = sgf_cell("jf"), .mark = ANALYSIS_MISSED_WIN };
    an.move[1] = (struct analysis_move){ .move = sgf_cell("jf"), .side = STONE_WHITE,
                                         .best = -1, .mark = ANALYSIS_ALLOWS_LOSS };
    analysis_finish(&game, &an);
}

static void test_missed_win_found(void **state)
{
    (void)state;
    make_game();
    struct puzzle_book found;
    puzzle_book_init(&found);
    assert_int_equal(yours_find(&prover, &game, &an, "2026-12-02", NULL, &found), 1);
    const struct puzzle *pz = &found.p[0];
    assert_int_equal(pz->kind, PUZZLE_VCF);
    assert_int_equal(puzzle_player(pz), STONE_BLACK);
    int line[PUZZLE_LINE_MAX];
    assert_true(puzzle_main_line(pz, line) >= 5);
    assert_int_equal(line[0], sgf_cell("jf"));
    assert_int_equal(pz->difficulty, -1);
    assert_string_equal(pz->source, "from your game vs club, 2026-12-02, before 1. Black a1");
    assert_int_equal(strncmp(pz->id, "y-", 2), 0);
    assert_int_equal(strlen(pz->id), 18);
    char why[256] = "";
    if (!puzzle_verify(&prover, pz, why, sizeof why))
        fail_msg("does not hold: %s", why);
    /* The prover's budget is put back. */
    assert_true(prover.budget == PUZZLE_BUDGET);
    puzzle_book_free(&found);

    /* Two computers: no person, no puzzle. */
    game.config.player[0].kind = PLAYER_COMPUTER;
    assert_int_equal(yours_find(&prover, &game, &an, "x", NULL, &found), 0);
    assert_int_equal(found.n, 0);
    /* Two people: the same one (White's move made no defend puzzle). */
    game.config.player[0].kind = PLAYER_HUMAN;
    game.config.player[1].kind = PLAYER_HUMAN;
    assert_int_equal(yours_find(&prover, &game, &an, "x", NULL, &found), 1);
    assert_string_equal(found.p[0].source, "from your game human vs club, x, before 1. Black a1");
    /* Two people without names. */
    char text[PUZZLE_TEXT_MAX];
    snprintf(game.config.player[1].spec, sizeof game.config.player[1].spec, "human");
    yours_source(&game, "x", 1, text, sizeof text);
    assert_string_equal(text, "from your game of two players, x, before 1. White j10");
    puzzle_book_free(&found);
}

/* White's one defence against Black's threats (test_puzzle.c's): White, a
 * person, plays jf instead of ji, which allows a forced loss. */
static const char defend_sgf[] =
    "(;FF[4]GM[4]SZ[15]RU[freestyle]WIN[5]GN[t-defend]\n"
    "AB[gg][jg][hh][jh][hi][ej][ij][jj]\n"
    "AW[hf][ig][gh][ii][dj][fj][gj]\n"
    "PL[W]MNKPUZZLE[defend]MNKDEPTH[10]\n"
    "(;W[ji]TE[1]))\n";

static void test_allowed_loss_found(void **state)
{
    (void)state;
    struct puzzle_book book;
    puzzle_book_init(&book);
    char err[256];
    if (!puzzle_book_parse(defend_sgf, strlen(defend_sgf), &book, err, sizeof err))
        fail_msg("not read: %s", err);
    assert_null(puzzle_game(&book.p[0], &game));
    puzzle_book_free(&book);
    game.config.player[0].kind = PLAYER_COMPUTER;
    snprintf(game.config.player[0].spec, sizeof game.config.player[0].spec, "keen");
    assert_int_equal(game_play(&game, sgf_cell("jf")), GAME_OK);
    memset(&an, 0, sizeof an);
    an.moves = 1;
    an.move[0] = (struct analysis_move){ .move = sgf_cell("jf"), .side = STONE_WHITE,
                                         .best = sgf_cell("ji"), .mark = ANALYSIS_ALLOWS_LOSS };
    analysis_finish(&game, &an);
    struct puzzle_book found;
    puzzle_book_init(&found);
    assert_int_equal(yours_find(&prover, &game, &an, "2026-12-01", NULL, &found), 1);
    const struct puzzle *pz = &found.p[0];
    assert_int_equal(pz->kind, PUZZLE_DEFEND);
    assert_int_equal(puzzle_player(pz), STONE_WHITE);
    assert_int_equal(pz->proof.node[pz->proof.node[0].child].move, sgf_cell("ji"));
    assert_string_equal(pz->source, "from your game vs keen, 2026-12-01, before 1. White j10");
    /* The same move marked a missed win instead: no win there, no puzzle. */
    an.move[0].mark = ANALYSIS_MISSED_WIN;
    assert_int_equal(yours_find(&prover, &game, &an, "x", NULL, &found), 0);
    puzzle_book_free(&found);
}

/* A real analysis, by node budget, marks a1 as the win thrown away. */
static void test_real_analysis_marks_it(void **state)
{
    (void)state;
    make_game();
    struct analysis_options o = { 0 };
    o.limits.max_nodes = 20000;
    static struct analysis real;
    assert_true(analysis_run(&game, &o, &real));
    assert_int_equal(real.move[0].mark, ANALYSIS_MISSED_WIN);
    struct puzzle_book found;
    puzzle_book_init(&found);
    assert_int_equal(yours_find(&prover, &game, &real, "d", NULL, &found), 1);
    puzzle_book_free(&found);
}

static int count_aside(void)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/mnk/puzzles", tmp);
    DIR *d = opendir(dir);
    int n = 0;
    if (d == NULL)
        return 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strncmp(e->d_name, "yours.sgf.corrupt-", 18) == 0;
    closedir(d);
    return n;
}

static void test_file_round_trip(void **state)
{
    (void)state;
    make_game();
    struct puzzle_book found, book;
    puzzle_book_init(&found);
    puzzle_book_init(&book);
    char note[512], err[512];
    int added = -1;

    /* First time: added, the file made with its directories. */
    assert_int_equal(yours_find(&prover, &game, &an, "2026-12-02", NULL, &found), 1);
    assert_true(yours_add(path, &found, &added, note, sizeof note));
    assert_int_equal(added, 1);
    assert_string_equal(note, "");
    assert_int_equal(found.n, 0);
    if (!puzzle_book_load(path, &book, err, sizeof err))
        fail_msg("not read back: %s", err);
    assert_int_equal(book.n, 1);
    assert_string_equal(book.p[0].source, "from your game vs club, 2026-12-02, before 1. Black a1");
    assert_int_equal(book.p[0].difficulty, -1);
    char id[PUZZLE_ID_MAX];
    snprintf(id, sizeof id, "%s", book.p[0].id);
    puzzle_book_free(&book);

    /* The same game analysed again: nothing new, the file as it was. */
    assert_int_equal(yours_find(&prover, &game, &an, "2026-12-03", NULL, &found), 1);
    assert_true(yours_add(path, &found, &added, note, sizeof note));
    assert_int_equal(added, 0);
    assert_true(puzzle_book_load(path, &book, err, sizeof err));
    assert_int_equal(book.n, 1);
    assert_string_equal(book.p[0].id, id);
    puzzle_book_free(&book);

    /* Held by another: hands off, said so. */
    struct filelock lock;
    filelock_init(&lock);
    assert_int_equal(filelock_take(&lock, path, err, sizeof err), FILELOCK_TAKEN);
    assert_int_equal(yours_find(&prover, &game, &an, "d", NULL, &found), 1);
    assert_false(yours_add(path, &found, &added, note, sizeof note));
    assert_int_equal(added, 0);
    assert_non_null(strstr(note, "another window"));
    filelock_release(&lock);

    /* A file that does not read: set aside, never deleted, said once; the
     * collection starts afresh. */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("(;FF[4]GM[4]SZ[15]AB[zz", f);
    fclose(f);
    assert_int_equal(count_aside(), 0);
    assert_int_equal(yours_find(&prover, &game, &an, "d", NULL, &found), 1);
    assert_true(yours_add(path, &found, &added, note, sizeof note));
    assert_int_equal(added, 1);
    assert_non_null(strstr(note, "set aside as yours.sgf.corrupt-"));
    assert_int_equal(count_aside(), 1);
    assert_true(puzzle_book_load(path, &book, err, sizeof err));
    assert_int_equal(book.n, 1);
    puzzle_book_free(&book);

    /* yours_collect does it all: nothing new now. */
    assert_true(yours_collect(path, &game, &an, "d", NULL, &added, note, sizeof note));
    assert_int_equal(added, 0);
    assert_string_equal(note, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missed_win_found),
        cmocka_unit_test(test_allowed_loss_found),
        cmocka_unit_test(test_real_analysis_marks_it),
        cmocka_unit_test(test_file_round_trip),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
