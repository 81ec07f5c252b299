/* test_ai.c — the strategy table and the behaviour every strategy owes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "engine/solver.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/level.h"
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

/* Which rules each strategy plays: `perfect` those of the solver it plays
 * with (freestyle and exact, not caro nor renju), every other strategy all
 * of them; and every level's strategy every rule, so the new-game form,
 * which offers levels, never offers a player its rule would refuse. */
static void test_strategies_say_their_rules(void **state)
{
    (void)state;
    const struct ai_strategy *perfect = ai_strategy_find("perfect");
    assert_non_null(perfect);
    assert_true(ai_strategy_plays(perfect, RULE_FREESTYLE));
    assert_true(ai_strategy_plays(perfect, RULE_EXACT));
    assert_false(ai_strategy_plays(perfect, RULE_CARO));
    assert_false(ai_strategy_plays(perfect, RULE_RENJU));
    for (int r = 0; r < RULE_COUNT; r++) {
        enum rule rule = (enum rule)r;
        assert_int_equal(ai_strategy_plays(perfect, rule), solver_knows(rule));
        for (int i = 0; ai_strategies[i] != NULL; i++)
            if (ai_strategies[i] != perfect)
                assert_true(ai_strategy_plays(ai_strategies[i], rule));
        for (int l = 0; l < level_count(); l++)
            assert_true(ai_strategy_plays(ai_strategy_find(level_at(l)->strategy), rule));
    }
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

/* Player i of every strategy in the registry, then every level (its
 * strategy, weakness and budget, the time capped for the test), created
 * with `seed` into ai and lim; false past the last. */
static bool every_player(int i, uint64_t seed, struct ai *ai, struct ai_limits *lim,
                         const char **name)
{
    int strategies = 0;
    while (ai_strategies[strategies] != NULL)
        strategies++;
    if (i < strategies) {
        struct ai_options opts = { .seed = seed };
        *name = ai_strategies[i]->name;
        *lim = (struct ai_limits){ .time_ms = 200 };
        assert_true(ai_create(ai, *name, &opts));
        return true;
    }
    const struct level *l = level_at(i - strategies);
    if (l == NULL)
        return false;
    struct ai_options opts = level_options(l, seed);
    *name = l->name;
    *lim = level_limits(l);
    if (lim->time_ms > 200)
        lim->time_ms = 200;
    assert_true(ai_create(ai, l->strategy, &opts));
    return true;
}

/* Renju, Black to move: with every empty cell forbidden no player answers
 * a cell (the first empty one was the old fallback, an overline); every
 * one says there is no legal move, the same way. With one cell left to
 * Black, every player answers it. */
static void test_no_legal_move_for_any_player(void **state)
{
    (void)state;
    struct board stuck, one;
    board_init(&stuck, 7, 6, 5, RULE_RENJU);
    assert_int_equal(boards_put_game(&stuck, BOARDS_RENJU_STUCK), STONE_BLACK);
    board_init(&one, 7, 6, 5, RULE_RENJU);
    assert_int_equal(boards_put_game(&one, BOARDS_RENJU_ONE_LEGAL), STONE_BLACK);
    int d1 = boards_cell(&one, "d1");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        struct ai ai;
        struct ai_limits lim;
        const char *name;
        for (int i = 0; every_player(i, seed, &ai, &lim, &name); i++) {
            int move = ai_choose(&ai, &stuck, STONE_BLACK, &lim);
            if (move != AI_NO_LEGAL_MOVE)
                fail_msg("%s (seed %d) answered %d with no legal move", name, (int)seed, move);
            move = ai_choose(&ai, &one, STONE_BLACK, &lim);
            if (move != d1)
                fail_msg("%s (seed %d) answered %d, not the one legal cell %d", name,
                         (int)seed, move, d1);
            ai_destroy(&ai);
        }
    }
    /* A full board leaves no legal move either, to anyone. */
    struct ai ai;
    assert_true(ai_create(&ai, "random", NULL));
    struct board full;
    board_init(&full, 3, 3, 3, RULE_FREESTYLE);
    boards_put_game(&full, "a1 b1 c1 b2 a2 c2 b3 a3 c3");
    assert_int_equal(ai_choose(&ai, &full, STONE_WHITE, NULL), AI_NO_LEGAL_MOVE);
    ai_destroy(&ai);
}

/* One move of a fresh `name` player, searched to 4 plies where it searches. */
static int one_move(const char *name, const struct board *b, enum stone side)
{
    struct ai ai;
    struct ai_options opts = { .seed = 3, .memory = 4 << 20 };
    assert_true(ai_create(&ai, name, &opts));
    struct ai_limits lim = { .max_depth = 4 };
    int move = ai_choose(&ai, b, side, &lim);
    ai_destroy(&ai);
    assert_true(rules_legal(b, side, move));
    return move;
}

/* Under caro every strategy that judges lines judges fives as rules_is_win
 * does: none plays the five blocked at both ends of BOARDS_CARO_BLOCKED_FIVE,
 * and each takes the five against the edge and blocks it. The novice, the
 * threat player and the search also stop the open three beside it, and
 * stop Black's c8-f8 (White's a8 at one end) on g8, the one cell that
 * leaves it no five (a stone on b8 leaves g8). (random judges nothing, and
 * perfect is the solver's, which does not know caro.) */
static void test_line_judges_keep_caro(void **state)
{
    (void)state;
    static const char *const judges[] = { "novice", "tutorial", "threat", "search" };
    for (size_t i = 0; i < sizeof judges / sizeof judges[0]; i++) {
        bool blocks = strcmp(judges[i], "tutorial") != 0;
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, RULE_CARO));
        boards_put_game(&b, BOARDS_CARO_BLOCKED_FIVE);
        int move = one_move(judges[i], &b, STONE_BLACK);
        assert_int_not_equal(move, boards_cell(&b, "k8"));
        if (blocks)
            assert_true(move == boards_cell(&b, "f6") || move == boards_cell(&b, "f10") ||
                        move == boards_cell(&b, "f5") || move == boards_cell(&b, "f11"));

        board_clear(&b);
        boards_put(&b, BOARDS_EDGE_FIVE_BLACK, STONE_BLACK);
        boards_put(&b, BOARDS_EDGE_FIVE_WHITE, STONE_WHITE);
        assert_int_equal(one_move(judges[i], &b, STONE_BLACK), boards_cell(&b, "c8"));
        assert_int_equal(one_move(judges[i], &b, STONE_WHITE), boards_cell(&b, "c8"));

        board_clear(&b);
        boards_put(&b, "c8 d8 e8 f8", STONE_BLACK);
        boards_put(&b, "a8 h3 m12", STONE_WHITE);
        if (blocks)
            assert_int_equal(one_move(judges[i], &b, STONE_WHITE), boards_cell(&b, "g8"));
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

/* A strategy that scores as a search does, only within its time: the score
 * of the i-th position it is asked about is scores[i], reported only when
 * the time given (counted from since_ms) is not yet over when it is asked. */
struct judge {
    int calls;
    const int *scores;
};

static int judge_choose(void *state, const struct board *b, enum stone side,
                        const struct ai_limits *limits)
{
    (void)side;
    struct judge *j = state;
    int64_t since = limits->since_ms > 0 ? limits->since_ms : clock_ms();
    if (limits->time_ms > 0 && clock_ms() - since < limits->time_ms && limits->on_info != NULL) {
        struct ai_info info = { .depth = 1, .score = j->scores[j->calls] };
        limits->on_info(limits->ctx, &info);
    }
    j->calls++;
    for (int pos = 0; pos < board_cells(b); pos++)
        if (board_at(b, pos) == STONE_NONE)
            return pos;
    return -1;
}

static const struct ai_strategy judge_strategy = { .name = "judge", .choose = judge_choose };

/* The three stones proposed on an empty 15x15 board, as x,y pairs. */
static void propose(struct judge *j, uint64_t seed, int64_t spent_ms, int xy[6])
{
    struct ai ai = { .strategy = &judge_strategy, .state = j, .seed = seed };
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_limits lim = { .time_ms = 200, .since_ms = clock_ms() - spent_ms };
    struct ai_opening a;
    j->calls = 0;
    assert_true(ai_opening(&ai, &b, false, &lim, &a));
    assert_false(a.swap);
    assert_int_equal(a.n, 3);
    for (int k = 0; k < 3; k++) {
        xy[2 * k] = board_x(&b, a.stone[k]);
        xy[2 * k + 1] = board_y(&b, a.stone[k]);
    }
}

/* Each candidate is judged in a share of the time left of the turn, even
 * when the turn began well before: the one judged even is proposed. */
static void test_proposal_judges_every_candidate(void **state)
{
    (void)state;
    static const int scores[] = { 400, -350, 5, 300, -500, 600 };
    struct judge j = { .scores = scores };
    int xy[6];
    propose(&j, 1, 150, xy);
    assert_int_equal(j.calls, 6);
    /* The third candidate, (1,2) (1,0) (-1,-2) from the centre. */
    const int want[6] = { 8, 9, 8, 7, 6, 5 };
    assert_memory_equal(xy, want, sizeof want);
}

/* Candidates judged as even are all proposed, the seed drawing one. */
static void test_proposal_varies_among_the_even(void **state)
{
    (void)state;
    /* The six candidates on 15x15, in the order they are judged. */
    static const int cand[6][6] = {
        { 9, 6, 5, 9, 7, 8 }, { 9, 6, 7, 8, 5, 6 }, { 8, 9, 8, 7, 6, 5 },
        { 9, 9, 7, 7, 5, 5 }, { 9, 6, 7, 7, 6, 9 }, { 6, 6, 9, 9, 8, 8 },
    };
    static const int scores[] = { 10, -10, 400, 0, 500, -20 };
    struct judge j = { .scores = scores };
    int seen[6] = { 0 }, xy[6];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        propose(&j, seed, 0, xy);
        int which = -1;
        for (int c = 0; c < 6; c++)
            if (memcmp(xy, cand[c], sizeof xy) == 0)
                which = c;
        assert_true(which >= 0);
        seen[which]++;
    }
    /* Within 30 of the most even (0): the first, second, fourth and last. */
    assert_int_equal(seen[2] + seen[4], 0);
    for (int c = 0; c < 6; c++)
        if (c != 2 && c != 4)
            assert_true(seen[c] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_strategies_say_their_rules),
        cmocka_unit_test(test_every_strategy_plays_legal_moves),
        cmocka_unit_test(test_every_strategy_keeps_the_rule),
        cmocka_unit_test(test_no_legal_move_for_any_player),
        cmocka_unit_test(test_line_judges_keep_caro),
        cmocka_unit_test(test_random_is_reproducible),
        cmocka_unit_test(test_proposal_judges_every_candidate),
        cmocka_unit_test(test_proposal_varies_among_the_even),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
