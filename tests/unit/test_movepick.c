/* test_movepick.c — the move picker: every candidate once, best-scored
 * first, as movepick_all lists them, with how far each scored below the
 * best (movepick_gap); the table move first and never again; the forced
 * block alone, and under caro the two blocks of a five; against an open
 * three only the cells that stop it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/movepick.h"
#include "engine/pattern.h"
#include "engine/position.h"
#include "boards.h"
#include "mnk/rules.h"

static struct pattern_table table;
static struct position pos;
static struct move list[BOARD_MAX_CELLS];
static struct move_history history;

/* A 15×15 freestyle position after the given moves (Black first). */
static struct position *setup(const char *moves)
{
    struct board b;
    assert_true(board_init(&b, 15, 15, 5, RULE_FREESTYLE));
    boards_put_game(&b, moves);
    position_init(&pos, &table, &b);
    return &pos;
}

static struct pick_hints no_hints(void)
{
    memset(&history, 0, sizeof history);
    return (struct pick_hints){ .tt_move = -1, .killer = { -1, -1 }, .last = -1, .before = -1,
                                .history = &history };
}

/* The empty cells within two of a stone. */
static int near_cells(const struct board *b)
{
    int n = 0;
    for (int q = 0; q < b->width * b->height; q++)
        n += b->cell[q] == STONE_NONE && boards_near_stone(b, q);
    return n;
}

static int setup_table(void **state)
{
    (void)state;
    return pattern_init(&table, 5, RULE_FREESTYLE) ? 0 : -1;
}

static int free_table(void **state)
{
    (void)state;
    pattern_free(&table);
    return 0;
}

/* Every candidate within two of a stone exactly once, in movepick_all's
 * order, best-scored first, each with how far it scored below the first. */
static void test_movepick_order(void **state)
{
    (void)state;
    struct position *p = setup("h8 i9 h9 h10 j8 g7");
    assert_false(position_any_allowed(p, 1, COMBO_F4));
    struct pick_hints h = no_hints();
    static struct move all[BOARD_MAX_CELLS];
    bool lost;
    int m = movepick_all(p, 0, -1, &h, all, &lost);
    assert_false(lost);
    assert_int_equal(m, near_cells(&p->b));
    for (int i = 1; i < m; i++)
        assert_true(all[i].score <= all[i - 1].score);
    struct movepick mp;
    movepick_init(&mp, p, 0, -1, &h, list);
    int n = 0;
    for (int q; (q = movepick_next(&mp)) >= 0; n++) {
        assert_true(n < m);
        assert_int_equal(q, all[n].pos);
        assert_int_equal(movepick_gap(&mp), all[0].score - all[n].score);
        assert_int_equal(p->b.cell[q], STONE_NONE);
    }
    assert_int_equal(n, m);
    assert_true(all[0].score > all[m - 1].score); /* some gap was not 0 */
}

/* The table move comes first, with no gap, and is not given again; the
 * other moves follow, all of them, their gaps measured from the best of
 * them, not from the table move. */
static void test_movepick_table_move(void **state)
{
    (void)state;
    struct position *p = setup("h8 i9 h9 h10 j8 g7");
    struct pick_hints h = no_hints();
    h.tt_move = boards_cell(&p->b, "f5"); /* within two of a stone, but weak */
    struct movepick mp;
    movepick_init(&mp, p, 0, -1, &h, list);
    assert_int_equal(movepick_next(&mp), h.tt_move);
    assert_int_equal(movepick_gap(&mp), 0);
    int second = movepick_next(&mp);
    assert_true(second >= 0);
    assert_int_not_equal(second, h.tt_move);
    assert_int_equal(movepick_gap(&mp), 0);
    int n = 2;
    for (int q; (q = movepick_next(&mp)) >= 0; n++)
        assert_int_not_equal(q, h.tt_move);
    assert_int_equal(n, near_cells(&p->b));
}

/* The forced block is the only move, with no gap. */
static void test_movepick_forced(void **state)
{
    (void)state;
    struct position *p = setup("h8 g8 i8 a3 j8 a5 k8");
    int forced = -1;
    assert_int_equal(position_decide(p, 1, 0, &forced), 0);
    assert_true(forced >= 0);
    struct pick_hints h = no_hints();
    struct movepick mp;
    movepick_init(&mp, p, 1, forced, &h, list);
    assert_int_equal(forced, boards_cell(&p->b, "l8"));
    assert_int_equal(movepick_next(&mp), forced);
    assert_int_equal(movepick_gap(&mp), 0);
    assert_int_equal(movepick_next(&mp), -1);
    assert_false(mp.lost);
}

/* Under caro White's four b8-e8 with Black's a8 at one end is stopped on
 * f8 and on g8 (a five there would be blocked at both ends): both are
 * forced, and nothing else. */
static void test_movepick_caro_blocks(void **state)
{
    (void)state;
    struct pattern_table caro;
    assert_true(pattern_init(&caro, 5, RULE_CARO));
    struct board b;
    assert_true(board_init(&b, 15, 15, 5, RULE_CARO));
    boards_put(&b, "a8 h12 k3 n14", STONE_BLACK);
    boards_put(&b, "b8 c8 d8 e8", STONE_WHITE);
    position_init(&pos, &caro, &b);
    int forced = -1;
    assert_int_equal(position_decide(&pos, 0, 0, &forced), 0);
    assert_int_equal(forced, boards_cell(&b, "f8"));
    struct pick_hints h = no_hints();
    struct movepick mp;
    movepick_init(&mp, &pos, 0, forced, &h, list);
    assert_int_equal(movepick_next(&mp), boards_cell(&b, "f8"));
    assert_int_equal(movepick_next(&mp), boards_cell(&b, "g8"));
    assert_int_equal(movepick_next(&mp), -1);
    bool lost;
    assert_int_equal(movepick_all(&pos, 0, forced, &h, list, &lost), 2);
    assert_int_equal(list[1].pos, boards_cell(&b, "g8"));
    pattern_free(&caro);
}

/* Against an open three only the cells that stop it (and own fours, none
 * here) are given: its two ends; a cell past an end leaves the open four at
 * the other. */
static void test_movepick_defence(void **state)
{
    (void)state;
    struct position *p = setup("h8 a1 i8 a3 j8");
    assert_true(position_any_allowed(p, 0, COMBO_F4));
    struct pick_hints h = no_hints();
    struct movepick mp;
    movepick_init(&mp, p, 1, -1, &h, list);
    bool seen[BOARD_MAX_CELLS] = { false };
    int n = 0;
    for (int q; (q = movepick_next(&mp)) >= 0; n++) {
        assert_true(position_stops(p, 1, q, COMBO_F4));
        seen[q] = true;
    }
    assert_int_equal(n, 2);
    assert_true(seen[boards_cell(&p->b, "g8")] && seen[boards_cell(&p->b, "k8")]);
    assert_false(mp.lost);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movepick_order),
        cmocka_unit_test(test_movepick_table_move),
        cmocka_unit_test(test_movepick_forced),
        cmocka_unit_test(test_movepick_caro_blocks),
        cmocka_unit_test(test_movepick_defence),
    };
    return cmocka_run_group_tests(tests, setup_table, free_table);
}
