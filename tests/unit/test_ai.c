/* test_ai.c — the strategy table and the behaviour every strategy owes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

static void test_lookup(void **state)
{
    (void)state;
    assert_non_null(ai_strategy_find("random"));
    assert_null(ai_strategy_find("nonsense"));
    struct ai ai;
    assert_false(ai_create(&ai, "nonsense", NULL));
    assert_null(ai.strategy);
    ai_destroy(&ai);
    char names[256];
    ai_strategy_names(names, sizeof names);
    assert_non_null(strstr(names, "random"));
}

/* Every strategy, on random positions of many sizes, answers an empty cell. */
static void test_every_strategy_plays_legal_moves(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 99);
    for (int i = 0; ai_strategies[i] != NULL; i++) {
        struct ai ai;
        struct ai_options opts = { .seed = 5 };
        assert_true(ai_create(&ai, ai_strategies[i]->name, &opts));
        for (int round = 0; round < 30; round++) {
            struct board b;
            int w = 3 + (int)rng_below(&r, 8), h = 3 + (int)rng_below(&r, 8);
            int k = 3 + (int)rng_below(&r, (uint32_t)((w > h ? w : h) - 2));
            board_init(&b, w, h, k, RULE_FREESTYLE);
            enum stone s = STONE_BLACK;
            struct ai_limits lim = { .time_ms = 20, .max_depth = 2 };
            while (!board_full(&b)) {
                int p = ai_choose(&ai, &b, s, &lim);
                assert_in_range(p, 0, board_cells(&b) - 1);
                assert_int_equal(board_at(&b, p), STONE_NONE);
                board_place(&b, p, s);
                if (rules_is_win(&b, p, NULL))
                    break;
                s = stone_other(s);
            }
        }
        ai_destroy(&ai);
    }
}

/* Every strategy plays whole renju games on 15x15 (and caro ones) without a
 * move Black may not make. */
static void test_every_strategy_keeps_the_rule(void **state)
{
    (void)state;
    for (int i = 0; ai_strategies[i] != NULL; i++) {
        struct ai ai;
        struct ai_options opts = { .seed = 7 };
        assert_true(ai_create(&ai, ai_strategies[i]->name, &opts));
        for (int round = 0; round < 2; round++) {
            struct board b;
            board_init(&b, 15, 15, 5, round ? RULE_CARO : RULE_RENJU);
            enum stone s = STONE_BLACK;
            struct ai_limits lim = { .time_ms = 20, .max_nodes = 3000 };
            while (!board_full(&b)) {
                int p = ai_choose(&ai, &b, s, &lim);
                assert_true(rules_legal(&b, s, p));
                board_place(&b, p, s);
                if (rules_is_win(&b, p, NULL))
                    break;
                s = stone_other(s);
            }
        }
        ai_destroy(&ai);
    }
}

/* The same seed gives the same game. */
static void test_random_is_reproducible(void **state)
{
    (void)state;
    int first[30];
    for (int run = 0; run < 2; run++) {
        struct ai ai;
        struct ai_options opts = { .seed = 1234 };
        assert_true(ai_create(&ai, "random", &opts));
        struct board b;
        board_init(&b, 15, 15, 5, RULE_FREESTYLE);
        for (int i = 0; i < 30; i++) {
            int p = ai_choose(&ai, &b, i % 2 ? STONE_WHITE : STONE_BLACK, NULL);
            if (run == 0)
                first[i] = p;
            else
                assert_int_equal(p, first[i]);
            board_place(&b, p, i % 2 ? STONE_WHITE : STONE_BLACK);
        }
        ai_destroy(&ai);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_every_strategy_plays_legal_moves),
        cmocka_unit_test(test_every_strategy_keeps_the_rule),
        cmocka_unit_test(test_random_is_reproducible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
