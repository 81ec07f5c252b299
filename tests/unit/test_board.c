/* test_board.c — board storage, sizes and the incremental hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mnk/board.h"
#include "mnk/rng.h"

static void test_size_limits(void **state)
{
    (void)state;
    assert_null(board_check_size(3, 3, 3));
    assert_null(board_check_size(26, 26, 26));
    assert_null(board_check_size(3, 26, 26)); /* k up to the longer side */
    assert_non_null(board_check_size(2, 3, 3));
    assert_non_null(board_check_size(27, 3, 3));
    assert_non_null(board_check_size(3, 27, 3));
    assert_non_null(board_check_size(5, 5, 2));
    assert_non_null(board_check_size(5, 7, 8));
    struct board b;
    assert_false(board_init(&b, 3, 3, 4, RULE_FREESTYLE));
    assert_true(board_init(&b, 7, 4, 5, RULE_EXACT));
    assert_int_equal(board_cells(&b), 28);
    assert_int_equal(b.stones, 0);
    assert_int_equal(b.hash, 0);
}

static void test_coordinates(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 7, 4, 4, RULE_FREESTYLE);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 7; x++) {
            int p = board_pos(&b, x, y);
            assert_int_equal(board_x(&b, p), x);
            assert_int_equal(board_y(&b, p), y);
        }
    assert_true(board_inside(&b, 6, 3));
    assert_false(board_inside(&b, 7, 0));
    assert_false(board_inside(&b, 0, 4));
    assert_false(board_inside(&b, -1, 0));
}

/* Placing then removing in any order returns to hash 0; the hash depends only
 * on the set of stones, not on the order they came in. */
static void test_hash_is_order_free(void **state)
{
    (void)state;
    struct board a, b;
    board_init(&a, 15, 15, 5, RULE_FREESTYLE);
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    int cells[] = { 0, 17, 112, 224, 100, 3 };
    enum stone who[] = { STONE_BLACK, STONE_WHITE, STONE_BLACK, STONE_WHITE,
                         STONE_BLACK, STONE_WHITE };
    for (int i = 0; i < 6; i++)
        board_place(&a, cells[i], who[i]);
    for (int i = 5; i >= 0; i--)
        board_place(&b, cells[i], who[i]);
    assert_int_equal(a.hash, b.hash);
    assert_int_equal(a.stones, 6);
    assert_int_not_equal(a.hash, 0);
    for (int i = 0; i < 6; i++)
        board_remove(&a, cells[i]);
    assert_int_equal(a.hash, 0);
    assert_int_equal(a.stones, 0);
    for (int p = 0; p < board_cells(&a); p++)
        assert_int_equal(board_at(&a, p), STONE_NONE);
}

/* Distinct (cell, colour) keys: no two collide on the largest board. */
static void test_zobrist_keys_distinct(void **state)
{
    (void)state;
    static uint64_t keys[BOARD_MAX_CELLS * 2];
    int n = 0;
    for (int p = 0; p < BOARD_MAX_CELLS; p++) {
        keys[n++] = board_zobrist(p, STONE_BLACK);
        keys[n++] = board_zobrist(p, STONE_WHITE);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            assert_int_not_equal(keys[i], keys[j]);
}

static void test_rng_below_in_range(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 42);
    int seen[7] = { 0 };
    for (int i = 0; i < 7000; i++) {
        uint32_t v = rng_below(&r, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_in_range(seen[i], 800, 1200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_limits),
        cmocka_unit_test(test_coordinates),
        cmocka_unit_test(test_hash_is_order_free),
        cmocka_unit_test(test_zobrist_keys_distinct),
        cmocka_unit_test(test_rng_below_in_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
