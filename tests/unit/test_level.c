/* test_level.c — the ladder of levels: names and sentences fit for people,
 * budgets in nodes below the top, weakness growing downwards, reproducible
 * games, and a bottom a child can beat at tic-tac-toe. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/ai.h"
#include "mnk/level.h"
#include "mnk/rng.h"
#include "mnk/rules.h"


static void test_table(void **state)
{
    (void)state;
    int n = level_count();
    assert_true(n >= 8);
    assert_null(level_at(-1));
    assert_null(level_at(n));
    for (int i = 0; i < n; i++) {
        const struct level *l = level_at(i);
        assert_int_equal(level_index(l), i);
        assert_ptr_equal(level_find(l->name), l);
        /* One lowercase word: a record or a command line carries it as it is,
         * and it can't be taken for a strategy or an engine. */
        assert_true(strlen(l->name) > 0);
        assert_int_equal(strspn(l->name, "abcdefghijklmnopqrstuvwxyz"), strlen(l->name));
        assert_null(ai_strategy_find(l->name));
        assert_non_null(ai_strategy_find(l->strategy));
        /* One sentence, in printable ASCII, whole on an 80-column menu. */
        size_t len = strlen(l->description);
        assert_true(len > 10);
        assert_int_equal(l->description[len - 1], '.');
        for (size_t k = 0; k < len; k++)
            assert_true(l->description[k] >= 0x20 && l->description[k] < 0x7f);
        assert_true(strlen(l->name) <= LEVEL_NAME_MAX);
        assert_true(len <= LEVEL_DESCRIPTION_MAX);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(level_at(j)->name, l->name);
    }
    assert_null(level_find("nonsense"));
    assert_null(level_find(""));
    char names[512];
    level_names(names, sizeof names);
    assert_non_null(strstr(names, level_at(0)->name));
    assert_non_null(strstr(names, level_at(n - 1)->name));
    /* The menu's default is in the middle, not the engine. */
    int mid = level_index(level_default());
    assert_true(mid > 0 && mid < n - 1);
}

/* Below the top, no level is limited by time: a search level has nodes or
 * depth; only the top thinks by the clock, for several seconds. Weakness
 * (noise, oversight) never grows going up, and the measured Elo never
 * falls. */
static void test_budgets_and_weakness(void **state)
{
    (void)state;
    int n = level_count();
    for (int i = 0; i < n; i++) {
        const struct level *l = level_at(i);
        struct ai_limits lim = level_limits(l);
        struct ai_options opts = level_options(l, 99);
        assert_int_equal(opts.seed, 99);
        assert_int_equal(opts.noise, l->noise);
        assert_int_equal(opts.oversight, l->oversight);
        assert_int_equal(lim.max_nodes, l->max_nodes);
        assert_int_equal(lim.max_depth, l->max_depth);
        assert_null(lim.stop);
        if (i == n - 1) {
            assert_true(lim.time_ms >= 2000);
            assert_int_equal(l->noise, 0);
            assert_int_equal(l->oversight, 0);
        } else {
            assert_int_equal(lim.time_ms, 0);
            if (strcmp(l->strategy, "search") == 0)
                assert_true(lim.max_nodes > 0 || lim.max_depth > 0);
        }
        assert_true(l->oversight >= 0 && l->oversight <= 1000);
        if (i == 0) {
            assert_int_equal(l->elo, 0);
            continue;
        }
        const struct level *below = level_at(i - 1);
        assert_true(l->elo == LEVEL_UNMEASURED || l->elo >= below->elo);
        if (strcmp(l->strategy, below->strategy) == 0) {
            assert_true(l->noise <= below->noise);
            assert_true(l->oversight <= below->oversight);
            assert_true(l->max_nodes >= below->max_nodes || l->max_nodes == 0);
        }
    }
}

/* The moves of level l with `seed` from a fixed position on 15×15: the same
 * seed plays the same moves. */
static void play_moves(const struct level *l, uint64_t seed, int *moves, int n)
{
    struct ai a;
    struct ai_options opts = level_options(l, seed);
    struct ai_limits lim = level_limits(l);
    assert_true(ai_create(&a, l->strategy, &opts));
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    board_place(&b, board_pos(&b, 7, 7), STONE_BLACK);
    board_place(&b, board_pos(&b, 8, 8), STONE_WHITE);
    enum stone side = STONE_BLACK;
    for (int i = 0; i < n; i++) {
        moves[i] = ai_choose(&a, &b, side, &lim);
        assert_int_equal(board_at(&b, moves[i]), STONE_NONE);
        board_place(&b, moves[i], side);
        side = stone_other(side);
    }
    ai_destroy(&a);
}

static void test_reproducible(void **state)
{
    (void)state;
    /* The weakest level, and the weakest that searches. */
    const struct level *checked[2] = { level_at(0), NULL };
    for (int i = 0; i < level_count() && checked[1] == NULL; i++)
        if (strcmp(level_at(i)->strategy, "search") == 0)
            checked[1] = level_at(i);
    assert_non_null(checked[1]);
    for (int k = 0; k < 2; k++) {
        int a[8], b[8], c[8];
        play_moves(checked[k], 1, a, 8);
        play_moves(checked[k], 1, b, 8);
        assert_memory_equal(a, b, sizeof a);
        /* Another seed, another game, for a level with noise. */
        if (checked[k]->noise > 0) {
            bool differs = false;
            for (uint64_t seed = 2; seed < 12 && !differs; seed++) {
                play_moves(checked[k], seed, c, 8);
                differs = memcmp(a, c, sizeof a) != 0;
            }
            assert_true(differs);
        }
    }
}

/* Games of level l (Black or White in turn) against a random player on
 * tic-tac-toe; returns how many the random player won. */
static int random_wins(const struct level *l, int games)
{
    struct rng r;
    rng_seed(&r, 2026);
    int won = 0;
    for (int g = 0; g < games; g++) {
        struct ai a;
        struct ai_options opts = level_options(l, (uint64_t)g);
        struct ai_limits lim = level_limits(l);
        assert_true(ai_create(&a, l->strategy, &opts));
        struct board b;
        board_init(&b, 3, 3, 3, RULE_FREESTYLE);
        enum stone level_side = g % 2 ? STONE_WHITE : STONE_BLACK, side = STONE_BLACK;
        while (!board_full(&b)) {
            int q;
            if (side == level_side) {
                q = ai_choose(&a, &b, side, &lim);
            } else {
                do
                    q = (int)rng_below(&r, 9);
                while (board_at(&b, q) != STONE_NONE);
            }
            board_place(&b, q, side);
            if (rules_is_win(&b, q, NULL)) {
                won += side != level_side;
                break;
            }
            side = stone_other(side);
        }
        ai_destroy(&a);
    }
    return won;
}

/* A child can win a tic-tac-toe game against the bottom of the ladder: even
 * random moves beat it now and then. */
static void test_bottom_loses_at_tictactoe(void **state)
{
    (void)state;
    assert_true(random_wins(level_at(0), 200) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_budgets_and_weakness),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_bottom_loses_at_tictactoe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
