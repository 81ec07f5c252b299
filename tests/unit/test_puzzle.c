/* test_puzzle.c — puzzles: read from SGF and written back, made and
 * re-proved (a good puzzle holds; a wrong solution, a second winning first
 * move or a broken proof are refused), played through (the solution's
 * moves answered from the proof, a wrong move refuted from the proof or
 * worked out, an occupied cell refused), bad files refused, and the same
 * position found again up to symmetry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "mnk/notation.h"
#include "play/puzzle.h"
#include "play/puzzlebook.h"

static struct puzzle_prover prover;

static int setup_prover(void **state)
{
    (void)state;
    return puzzle_prover_init(&prover) ? 0 : -1;
}

static int teardown_prover(void **state)
{
    (void)state;
    puzzle_prover_free(&prover);
    return 0;
}

/* Adds the stones named in `cells` to s, of colour `stone`, on a board
 * `width` wide. */
static void put(struct game_setup *s, const struct board *b, const char *cells,
                enum stone stone)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", cells);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t != NULL; t = strtok_r(NULL, " ", &save)) {
        s->cell[s->n] = boards_cell(b, t);
        s->stone[s->n++] = (unsigned char)stone;
    }
}

/* Two puzzles from the generator's self-play, as the collections keep
 * them: a win by fours in three moves, and White's one defence against
 * Black's threats (with two tempting wrong moves and their refutations). */
static const char vcf_sgf[] =
    "(;FF[4]GM[4]CA[UTF-8]AP[mnk]SZ[15]RU[freestyle]WIN[5]GN[t-vcf]\n"
    "AB[dd][gf][hg][jh][lh][ii][ji][ki][mi][ij][jj][hk][gl]\n"
    "AW[ee][ff][hf][gg][hh][ih][kh][hi][li][hj][ik][jk][fm]\n"
    "PL[B]C[Black to play and win with fours — 3 moves]\n"
    "MNKPUZZLE[vcf]MNKDEPTH[2]MNKDIFF[10]MNKSOLVES[casual 2/3]MNKFROM[self-play]\n"
    ";B[jf];W[jg];B[kg];W[ie];B[nj])\n";
static const char defend_sgf[] =
    "(;FF[4]GM[4]SZ[15]RU[freestyle]WIN[5]GN[t-defend]\n"
    "AB[gg][jg][hh][jh][hi][ej][ij][jj]\n"
    "AW[hf][ig][gh][ii][dj][fj][gj]\n"
    "PL[W]C[White: the only move that does not lose]\n"
    "MNKPUZZLE[defend]MNKDEPTH[10]\n"
    "(;W[ji]TE[1])\n"
    "(;W[jf]BM[1];B[ji];W[jk];B[hk];W[hg];B[kh];W[lg];B[gl])\n"
    "(;W[jk]BM[1];B[ji];W[jf];B[hk];W[hg];B[kh];W[lg];B[gl]))\n";

/* The one puzzle of `text`, into *pz (the book's puzzle moved out). */
static void parse_one(const char *text, struct puzzle *pz)
{
    struct puzzle_book book;
    puzzle_book_init(&book);
    char err[256] = "";
    if (!puzzle_book_parse(text, strlen(text), &book, err, sizeof err))
        fail_msg("not read: %s", err);
    assert_int_equal(book.n, 1);
    *pz = book.p[0];
    book.n = 0;
    puzzle_book_free(&book);
}

/* The cell an SGF point names on a 15×15 board. */
static int sgf_cell(const char *point)
{
    return (point[1] - 'a') * 15 + (point[0] - 'a');
}

static void test_vcf_verified_and_made_again(void **state)
{
    (void)state;
    struct puzzle pz;
    parse_one(vcf_sgf, &pz);
    assert_string_equal(pz.id, "t-vcf");
    assert_int_equal(pz.kind, PUZZLE_VCF);
    assert_int_equal(pz.difficulty, 10);
    char why[256] = "";
    if (!puzzle_verify(&prover, &pz, why, sizeof why))
        fail_msg("does not hold: %s", why);
    int line[PUZZLE_LINE_MAX];
    assert_int_equal(puzzle_main_line(&pz, line), 5);
    assert_int_equal(puzzle_moves(&pz), 3);
    char text[PUZZLE_TEXT_MAX];
    puzzle_task_text(&pz, false, text, sizeof text);
    assert_string_equal(text, "Black to play and win with fours — 3 moves");

    /* Made afresh from its position: the same proof. */
    struct puzzle again;
    puzzle_init(&again);
    if (!puzzle_make(&prover, 15, 15, 5, RULE_FREESTYLE, &pz.setup, PUZZLE_VCF, 16, &again,
                     why, sizeof why))
        fail_msg("not made: %s", why);
    int line2[PUZZLE_LINE_MAX];
    assert_int_equal(puzzle_main_line(&again, line2), 5);
    assert_memory_equal(line, line2, 5 * sizeof line[0]);
    assert_int_equal(again.depth, 2);
    /* Not a VCT puzzle: it wins with fours alone. */
    assert_false(puzzle_make(&prover, 15, 15, 5, RULE_FREESTYLE, &pz.setup, PUZZLE_VCT, 6,
                             &again, why, sizeof why));
    assert_non_null(strstr(why, "fours alone"));

    /* Written and read back: the same puzzle. */
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_true(puzzle_write(out, &pz));
    fclose(out);
    struct puzzle back;
    parse_one(buf, &back);
    free(buf);
    assert_string_equal(back.id, pz.id);
    assert_int_equal(back.proof.n, pz.proof.n);
    assert_int_equal(back.depth, pz.depth);
    assert_string_equal(back.solves, pz.solves);
    assert_true(puzzle_key(&back) == puzzle_key(&pz));
    assert_true(puzzle_verify(&prover, &back, why, sizeof why));

    /* A wrong first move in the file: refused. */
    back.nodes[back.nodes[0].child].move = (int16_t)sgf_cell("kg");
    assert_false(puzzle_verify(&prover, &back, why, sizeof why));
    /* White's block left out of the proof, another reply in its place. */
    assert_true(puzzle_copy(&back, &pz));
    int reply = back.nodes[back.nodes[0].child].child;
    back.nodes[reply].move = (int16_t)sgf_cell("aa");
    assert_false(puzzle_verify(&prover, &back, why, sizeof why));
    assert_non_null(strstr(why, "not answered"));
    /* A line that stops after White's block, with no answer to it (one
     * that stops at the double four is a proof still: nothing stops it). */
    assert_true(puzzle_copy(&back, &pz));
    back.nodes[reply].child = -1;
    assert_false(puzzle_verify(&prover, &back, why, sizeof why));
    assert_non_null(strstr(why, "no answer"));
    /* Claimed shorter or longer than it is. */
    assert_true(puzzle_copy(&back, &pz));
    back.depth = 3;
    assert_false(puzzle_verify(&prover, &back, why, sizeof why));
    puzzle_free(&back);
    puzzle_free(&again);
    puzzle_free(&pz);
}

/* boards.h's VCF position: Black wins with several first fours, so it is
 * no puzzle, and a puzzle of it with a proof of one of them fails to
 * re-prove. */
static void test_second_winning_move(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct puzzle pz;
    puzzle_init(&pz);
    put(&pz.setup, &b, BOARDS_VCF7_BLACK, STONE_BLACK);
    put(&pz.setup, &b, BOARDS_VCF7_WHITE, STONE_WHITE);
    char why[256] = "";
    struct puzzle made;
    puzzle_init(&made);
    assert_false(puzzle_make(&prover, 15, 15, 5, RULE_FREESTYLE, &pz.setup, PUZZLE_VCF, 16,
                             &made, why, sizeof why));
    assert_non_null(strstr(why, "wins too"));

    for (int i = 0; i < pz.setup.n; i++)
        board_place(&b, pz.setup.cell[i], (enum stone)pz.setup.stone[i]);
    pz.width = pz.height = 15;
    pz.win = 5;
    pz.rule = RULE_FREESTYLE;
    pz.kind = PUZZLE_VCF;
    assert_true(puzzle_alloc_proof(&pz, PUZZLE_NODES_MAX));
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    position_init(&p, &t, &b);
    for (pz.depth = 1; pz.depth < 10; pz.depth++)
        if (proof_win(&pz.proof, 0, &prover.tss, &p, STONE_BLACK, false, pz.depth,
                      PUZZLE_BUDGET, 0))
            break;
    assert_true(pz.proof.n > 1);
    assert_true(proof_check_win(&pz.proof, 0, &p, STONE_BLACK, why, sizeof why));
    assert_false(puzzle_verify(&prover, &pz, why, sizeof why));
    assert_non_null(strstr(why, "wins too"));
    pattern_free(&t);
    puzzle_free(&pz);
}

static void test_vcf_played_through(void **state)
{
    (void)state;
    struct puzzle pz;
    parse_one(vcf_sgf, &pz);
    int line[PUZZLE_LINE_MAX];
    int n = puzzle_main_line(&pz, line);
    static struct puzzle_play pl;
    assert_true(puzzle_play_start(&pl, &pz));
    struct puzzle_answer ans;
    /* An occupied cell is no move; a quiet move is wrong: nothing is
     * played either way. */
    assert_int_equal(puzzle_play_move(&pl, &prover, sgf_cell("dd"), &ans), PUZZLE_ILLEGAL);
    assert_int_equal(ans.error, GAME_ERR_OCCUPIED);
    assert_int_equal(puzzle_play_move(&pl, &prover, sgf_cell("aa"), &ans), PUZZLE_WRONG);
    assert_int_equal(pl.mistakes, 1);
    assert_int_equal(pl.game.ply, 0);
    /* White's answer: it takes the point Black's win needs. */
    assert_int_equal(ans.n_line, 1);
    assert_int_equal(ans.line[0], sgf_cell("jf"));
    for (int i = 0; i < n; i += 2) {
        assert_int_equal(puzzle_play_hint(&pl), line[i]);
        assert_int_equal(puzzle_play_move(&pl, &prover, line[i], &ans), PUZZLE_RIGHT);
        assert_false(ans.other_win);
        if (i + 1 < n) {
            assert_int_equal(ans.reply, line[i + 1]);
            assert_false(ans.done);
        } else {
            assert_true(ans.done);
        }
    }
    assert_true(pl.solved);
    assert_int_equal(pl.game.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(puzzle_play_hint(&pl), -1);
    assert_int_equal(puzzle_play_move(&pl, &prover, sgf_cell("aa"), &ans), PUZZLE_ILLEGAL);
    puzzle_play_free(&pl);

    /* Without a prover, the book's answers alone. */
    assert_true(puzzle_play_start(&pl, &pz));
    assert_int_equal(puzzle_play_move(&pl, NULL, line[0], &ans), PUZZLE_RIGHT);
    assert_int_equal(ans.reply, line[1]);
    assert_true(puzzle_solves(&prover, &pz, line[0]));
    assert_false(puzzle_solves(&prover, &pz, sgf_cell("aa")));
    puzzle_play_free(&pl);
    puzzle_free(&pz);
}

static void test_defend(void **state)
{
    (void)state;
    struct puzzle pz;
    parse_one(defend_sgf, &pz);
    char why[256] = "";
    if (!puzzle_verify(&prover, &pz, why, sizeof why))
        fail_msg("does not hold: %s", why);
    assert_int_equal(puzzle_moves(&pz), 1);
    assert_int_equal(proof_children(&pz.proof, 0), 3);

    static struct puzzle_play pl;
    assert_true(puzzle_play_start(&pl, &pz));
    struct puzzle_answer ans;
    /* A wrong move the proof gives: its refutation from the file. */
    assert_int_equal(puzzle_play_move(&pl, NULL, sgf_cell("jf"), &ans), PUZZLE_WRONG);
    assert_int_equal(ans.n_line, 7);
    assert_int_equal(ans.line[0], sgf_cell("ji"));
    /* One it does not: worked out, and Black's five ends it. */
    assert_int_equal(puzzle_play_move(&pl, &prover, sgf_cell("aa"), &ans), PUZZLE_WRONG);
    assert_true(ans.n_line >= 1 && ans.n_line % 2 == 1);
    static struct game g;
    g = pl.game;
    assert_int_equal(game_play(&g, sgf_cell("aa")), GAME_OK);
    for (int i = 0; i < ans.n_line; i++)
        assert_int_equal(game_play(&g, ans.line[i]), GAME_OK);
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(puzzle_play_move(&pl, &prover, sgf_cell("ji"), &ans), PUZZLE_RIGHT);
    assert_true(ans.done);
    assert_int_equal(ans.reply, -1);
    assert_int_equal(pl.mistakes, 2);
    puzzle_play_free(&pl);

    /* Another answer in the file: refused. */
    pz.nodes[pz.nodes[0].child].move = (int16_t)sgf_cell("jf");
    assert_false(puzzle_verify(&prover, &pz, why, sizeof why));
    puzzle_free(&pz);
}

/* Collections that are not: each refused with a reason, nothing kept. */
static void test_bad_files(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "(;FF[4]GM[4]MNKPUZZLE[vcf];B[aa]",                   /* no ')' */
        "(;FF[4]GM[4]SZ[15];B[aa])",                           /* no MNKPUZZLE */
        "(;GM[4]MNKPUZZLE[vcf];W[aa])",                        /* Black moves first */
        "(;GM[4]MNKPUZZLE[vcf];B[aa];B[bb])",                  /* colours do not alternate */
        "(;GM[4]MNKPUZZLE[vcf];B[zz])",                        /* off the board */
        "(;GM[4]MNKPUZZLE[riddle];B[aa])",                     /* no such kind */
        "(;GM[4]MNKPUZZLE[vcf]AB[aa]AW[aa];B[bb])",            /* two stones on a cell */
        "(;GM[4]MNKPUZZLE[vcf]MNKDIFF[101];B[aa])",            /* difficulty out of range */
        "(;GM[1]MNKPUZZLE[vcf];B[aa])",                        /* not gomoku */
        "(;GM[4]MNKPUZZLE[vcf];B[aa])x",                       /* text after */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct puzzle_book book;
        puzzle_book_init(&book);
        char err[256] = "";
        if (puzzle_book_parse(bad[i], strlen(bad[i]), &book, err, sizeof err))
            fail_msg("read: %s", bad[i]);
        assert_true(err[0] != '\0');
        assert_int_equal(book.n, 0);
        puzzle_book_free(&book);
    }
    /* Two trees, variations and a soft line break: read. */
    static const char two[] = "(;GM[4]MNKPUZZLE[vcf]C[a\\\nb];B[aa](;W[bb])(;W[cc]))"
                              "\n(;GM[4]MNKPUZZLE[defend]GN[x]PL[W](;W[aa])(;W[bb];B[cc]))\n";
    struct puzzle_book book;
    puzzle_book_init(&book);
    char err[256] = "";
    assert_true(puzzle_book_parse(two, strlen(two), &book, err, sizeof err));
    assert_int_equal(book.n, 2);
    assert_string_equal(book.p[0].id, "1");
    assert_string_equal(book.p[1].id, "x");
    assert_int_equal(proof_children(&book.p[0].proof, 1), 2);
    assert_int_equal(proof_children(&book.p[1].proof, 0), 2);
    puzzle_book_free(&book);
}

/* Tic-tac-toe, X in a corner: O's one move that does not lose is the
 * centre. */
static void test_perfect(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    struct game_setup s = { .to_move = STONE_WHITE };
    put(&s, &b, "a1", STONE_BLACK);
    struct puzzle pz;
    puzzle_init(&pz);
    char why[256] = "";
    if (!puzzle_make(&prover, 3, 3, 3, RULE_FREESTYLE, &s, PUZZLE_PERFECT, 0, &pz, why,
                     sizeof why))
        fail_msg("not made: %s", why);
    assert_true(puzzle_verify(&prover, &pz, why, sizeof why));
    assert_int_equal(puzzle_play_hint(&(struct puzzle_play){ .proof = &pz.proof }),
                     boards_cell(&b, "b2"));
    assert_int_equal(proof_children(&pz.proof, 0), 8);
    char text[PUZZLE_TEXT_MAX];
    puzzle_task_text(&pz, false, text, sizeof text);
    assert_string_equal(text, "White: the only move that does not lose, with perfect play");

    static struct puzzle_play pl;
    assert_true(puzzle_play_start(&pl, &pz));
    struct puzzle_answer ans;
    assert_int_equal(puzzle_play_move(&pl, NULL, boards_cell(&b, "c3"), &ans), PUZZLE_WRONG);
    assert_true(ans.n_line >= 3);   /* Black's win, from the proof */
    assert_int_equal(puzzle_play_move(&pl, &prover, boards_cell(&b, "b2"), &ans), PUZZLE_RIGHT);
    assert_true(ans.done);
    assert_int_equal(pl.mistakes, 1);
    puzzle_play_free(&pl);

    /* A corner for the solution: refused. */
    pz.nodes[pz.nodes[0].child].move = (int16_t)boards_cell(&b, "c3");
    assert_false(puzzle_verify(&prover, &pz, why, sizeof why));
    puzzle_free(&pz);
}

static void test_key_symmetry(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct puzzle a, m;
    puzzle_init(&a);
    a.width = a.height = 15;
    a.win = 5;
    put(&a.setup, &b, "h8 i9", STONE_BLACK);
    put(&a.setup, &b, "h9", STONE_WHITE);
    m = a;
    m.setup.n = 0;
    /* Mirrored left to right, then turned a quarter. */
    put(&m.setup, &b, "h8 g9", STONE_BLACK);
    put(&m.setup, &b, "h9", STONE_WHITE);
    assert_true(puzzle_key(&a) == puzzle_key(&m));
    m.setup.n = 0;
    put(&m.setup, &b, "h8 i7", STONE_BLACK);
    put(&m.setup, &b, "i8", STONE_WHITE);
    assert_true(puzzle_key(&a) == puzzle_key(&m));
    m.setup.to_move = STONE_WHITE;
    assert_true(puzzle_key(&a) != puzzle_key(&m));
    m.setup.to_move = STONE_BLACK;
    m.setup.n = 0;
    put(&m.setup, &b, "h8 i10", STONE_BLACK);
    put(&m.setup, &b, "h9", STONE_WHITE);
    assert_true(puzzle_key(&a) != puzzle_key(&m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vcf_verified_and_made_again),
        cmocka_unit_test(test_second_winning_move),
        cmocka_unit_test(test_vcf_played_through),
        cmocka_unit_test(test_defend),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_perfect),
        cmocka_unit_test(test_key_symmetry),
    };
    return cmocka_run_group_tests(tests, setup_prover, teardown_prover);
}
