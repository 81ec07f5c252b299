/* test_judge.c — the computer's side of a draw offer: the rule's edge,
 * positions it must accept and decline, its proofs, and the same answer
 * for the same position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "engine/advice.h"
#include "play/judge.h"

static struct judge judge;

static int setup(void **state)
{
    (void)state;
    return judge_init(&judge) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    judge_free(&judge);
    return 0;
}

static void new_game(struct game *g, int size, int k, const char *moves)
{
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = size;
    c.win = k;
    assert_null(game_init(g, &c));
    boards_play(g, moves);
}

/* Whether the computer playing `side` accepts a draw in g. */
static bool accepts(const struct game *g, enum stone side)
{
    int score;
    assert_true(judge_score(&judge, g, side, NULL, &score));
    return judge_accepts(score);
}

/* The manual's number is the edge of "slightly better". */
static void test_rule_edge(void **state)
{
    (void)state;
    assert_int_equal(advice_edge(JUDGE_ACCEPT_BELOW), ADVICE_SLIGHT);
    assert_int_equal(advice_edge(JUDGE_ACCEPT_BELOW - 1), ADVICE_EVEN);
    assert_true(judge_accepts(0));
    assert_true(judge_accepts(JUDGE_ACCEPT_BELOW - 1));
    assert_false(judge_accepts(JUDGE_ACCEPT_BELOW));
    assert_true(judge_accepts(-5000));
    assert_false(judge_accepts(AI_SCORE_WIN - 7));
    assert_true(judge_accepts(-(AI_SCORE_WIN - 7)));
}

/* White's open four f10–i10 against four scattered black stones, Black to
 * move: White declines, whose win it is; Black accepts gladly. */
static void test_won_and_lost(void **state)
{
    (void)state;
    static struct game g;
    new_game(&g, 15, 5, "h8 f10 h6 g10 a1 h10 a3 i10");
    int score;
    assert_true(judge_score(&judge, &g, STONE_WHITE, NULL, &score));
    assert_true(score >= AI_SCORE_WIN_BOUND);
    assert_false(accepts(&g, STONE_WHITE));
    assert_true(accepts(&g, STONE_BLACK));
}

/* Tic-tac-toe: after the centre the game is drawn, and either side
 * accepts; after the centre and an edge, Black wins and declines. */
static void test_small_boards(void **state)
{
    (void)state;
    static struct game g;
    new_game(&g, 3, 3, "b2");
    assert_true(accepts(&g, STONE_WHITE));
    assert_true(accepts(&g, STONE_BLACK));
    assert_true(judge_proves_draw(&judge, &g, NULL));
    new_game(&g, 3, 3, "b2 b1");
    assert_false(accepts(&g, STONE_BLACK));
    assert_true(accepts(&g, STONE_WHITE));
    assert_false(judge_proves_draw(&judge, &g, NULL));
    new_game(&g, 4, 4, "");
    assert_true(judge_proves_draw(&judge, &g, NULL));
    /* Too many empty cells to try: no proof, whatever the game is. */
    new_game(&g, 15, 5, "h8");
    assert_false(judge_may_prove(&g.board));
    assert_false(judge_proves_draw(&judge, &g, NULL));
    new_game(&g, 5, 4, "c3");
    assert_true(judge_may_prove(&g.board));
}

/* The same position gets the same score, whatever was judged before. */
static void test_same_answer(void **state)
{
    (void)state;
    static struct game g, other;
    new_game(&g, 15, 5, "h8 i9 h9");
    new_game(&other, 15, 5, "h8 f10 h6 g10 a1 h10 a3 i10");
    int first, again;
    assert_true(judge_score(&judge, &g, STONE_WHITE, NULL, &first));
    assert_true(judge_score(&judge, &other, STONE_WHITE, NULL, &again));
    assert_true(judge_score(&judge, &g, STONE_WHITE, NULL, &again));
    assert_int_equal(first, again);
    assert_true(judge_score(&judge, &g, STONE_BLACK, NULL, &again));
    assert_int_equal(first, -again);
}

static void test_stopped(void **state)
{
    (void)state;
    static struct game g;
    new_game(&g, 15, 5, "h8 i9");
    atomic_bool stop = true;
    int score;
    assert_false(judge_score(&judge, &g, STONE_WHITE, &stop, &score));
    new_game(&g, 3, 3, "b2");
    assert_false(judge_proves_draw(&judge, &g, &stop));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_edge),
        cmocka_unit_test(test_won_and_lost),
        cmocka_unit_test(test_small_boards),
        cmocka_unit_test(test_same_answer),
        cmocka_unit_test(test_stopped),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
