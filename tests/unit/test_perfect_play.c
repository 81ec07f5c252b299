/* test_perfect_play.c — the `search` strategy never spoils a small board:
 * from every reachable tic-tac-toe position its move keeps the game-
 * theoretic value (wins a won position, holds a drawn one), checked against
 * a brute-force minimax written here; on 4×4 k=4 likewise over positions
 * reached by random play, checked against the exact solver. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/solver.h"
#include "mnk/ai.h"
#include "mnk/level.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* +1 the side to move wins, 0 draw, -1 loses; plain minimax, no pruning. */
static int minimax(struct board *b, enum stone s)
{
    int best = -2;
    for (int p = 0; p < board_cells(b) && best < 1; p++) {
        if (board_at(b, p) != STONE_NONE)
            continue;
        board_place(b, p, s);
        int v = rules_is_win(b, p, NULL) ? 1
              : board_full(b)            ? 0
                                         : -minimax(b, stone_other(s));
        board_remove(b, p);
        if (v > best)
            best = v;
    }
    return best;
}

/* The value after `s` plays p. */
static int value_after(struct board *b, enum stone s, int p)
{
    board_place(b, p, s);
    int v = rules_is_win(b, p, NULL) ? 1 : board_full(b) ? 0 : -minimax(b, stone_other(s));
    board_remove(b, p);
    return v;
}

static int checked;

/* Every level's limits, the weakest search included: perfection on a small
 * board does not depend on thinking long or deep. */
static struct ai_limits walk_limits;

static void walk(struct board *b, enum stone s, struct ai *ai)
{
    struct ai_limits lim = walk_limits;
    int move = ai_choose(ai, b, s, &lim);
    assert_in_range(move, 0, board_cells(b) - 1);
    assert_int_equal(board_at(b, move), STONE_NONE);
    int best = minimax(b, s);
    if (value_after(b, s, move) != best)
        fail_msg("position %d stones, %s to move: move %d has value %d, best %d",
                 b->stones, s == STONE_BLACK ? "Black" : "White", move,
                 value_after(b, s, move), best);
    checked++;
    for (int p = 0; p < board_cells(b); p++) {
        if (board_at(b, p) != STONE_NONE)
            continue;
        board_place(b, p, s);
        if (!rules_is_win(b, p, NULL) && !board_full(b))
            walk(b, stone_other(s), ai);
        board_remove(b, p);
    }
}

static void test_tictactoe_every_position(void **state)
{
    (void)state;
    /* Every level of the search that never overlooks a threat: the top of
     * the ladder plays tic-tac-toe perfectly, whatever its budget. */
    int walked = 0;
    for (int i = 0; i < level_count(); i++) {
        const struct level *l = level_at(i);
        if (strcmp(l->strategy, "search") != 0 || l->oversight > 0)
            continue;
        struct ai ai;
        struct ai_options opts = level_options(l, 1);
        assert_true(ai_create(&ai, "search", &opts));
        walk_limits = level_limits(l);
        struct board b;
        board_init(&b, 3, 3, 3, RULE_FREESTYLE);
        checked = 0;
        walk(&b, STONE_BLACK, &ai);
        /* Every position on a path (positions repeat along different paths). */
        assert_int_equal(checked, 294778);
        ai_destroy(&ai);
        walked++;
    }
    assert_true(walked >= 2);
}

/* Games of `search` against random replies on a w×h k board, every move of
 * the search checked against the solver's value of the position. */
static void random_games(int w, int h, int k, int games, uint64_t seed)
{
    struct ai ai;
    struct ai_options opts = { .seed = seed };
    assert_true(ai_create(&ai, "search", &opts));
    struct solver *oracle = solver_create((size_t)8 << 20);
    assert_non_null(oracle);
    struct rng r;
    rng_seed(&r, seed);
    int won_positions = 0;
    for (int game = 0; game < games; game++) {
        struct board b;
        board_init(&b, w, h, k, RULE_FREESTYLE);
        enum stone s = STONE_BLACK;
        while (!board_full(&b)) {
            struct solver_limits sl = { .exact_distance = false };
            struct solver_result before, after;
            assert_true(solver_solve(oracle, &b, s, &sl, &before));
            struct ai_limits lim = { .time_ms = 2000 };
            int move = ai_choose(&ai, &b, s, &lim);
            assert_int_equal(board_at(&b, move), STONE_NONE);
            board_place(&b, move, s);
            bool won = rules_is_win(&b, move, NULL);
            int outcome = won ? 1 : 0;
            if (!won && !board_full(&b)) {
                assert_true(solver_solve(oracle, &b, stone_other(s), &sl, &after));
                outcome = -solver_outcome_of(after.value.score);
            }
            assert_int_equal(outcome, solver_outcome_of(before.value.score));
            won_positions += outcome > 0;
            if (won)
                break;
            /* Random replies lead into won positions for the search to win. */
            int empty = board_cells(&b) - b.stones, k = (int)rng_below(&r, (uint32_t)empty);
            s = stone_other(s);
            for (int p = 0; p < board_cells(&b); p++)
                if (board_at(&b, p) == STONE_NONE && k-- == 0) {
                    board_place(&b, p, s);
                    won = rules_is_win(&b, p, NULL);
                    break;
                }
            if (won)
                break;
            s = stone_other(s);
        }
    }
    assert_true(won_positions > 0);
    solver_destroy(oracle);
    ai_destroy(&ai);
}

static void test_four_by_four_random_positions(void **state)
{
    (void)state;
    random_games(4, 4, 4, 60, 44);
}

/* 5×5 k=4 is a draw the plain search can spoil; the solver takes over from
 * the second move. */
static void test_five_by_five_random_positions(void **state)
{
    (void)state;
    random_games(5, 5, 4, 12, 45);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tictactoe_every_position),
        cmocka_unit_test(test_four_by_four_random_positions),
        cmocka_unit_test(test_five_by_five_random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
