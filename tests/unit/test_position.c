/* test_position.c — the incremental position: each make and unmake leaves
 * it as a fresh one built from the same board would be (random games), the
 * distances to the last stones, both sides' threat sets, and the test of
 * whether a stone stops the other side's threats, and renju's sums by
 * colour. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/evaluate.h"
#include "engine/pattern.h"
#include "engine/position.h"
#include "boards.h"
#include "mnk/rng.h"
#include "mnk/rules.h"


/* The multisets of four classes are numbered densely, the same for every
 * order of the lines, and a cell of four PAT_NONE is 0; the weights of a
 * cell index do not depend on the order of its lines either. */
static void test_position_near(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 15, 15, 5 }, { 9, 7, 4 } };
    static struct position p;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        struct pattern_table t;
        assert_true(pattern_init(&t, shapes[i][2], RULE_FREESTYLE));
        struct board b;
        assert_true(board_init(&b, shapes[i][0], shapes[i][1], shapes[i][2], RULE_FREESTYLE));
        position_init(&p, &t, &b);
        int w = b.width;
        for (int s = 0; s < p.cells; s++)
            for (int q = 0; q < p.cells; q++) {
                int dx = abs(q % w - s % w), dy = abs(q / w - s / w);
                int cheb = dx > dy ? dx : dy;
                int want = (cheb < 5 ? cheb : 5) * 2 + (dx == 0 || dy == 0 || dx == dy);
                assert_int_equal(position_near(&p, s, q), want);
            }
        assert_int_equal(position_near(&p, -1, 0), 0);
        pattern_free(&t);
    }
}

/* Random games placed and taken back leave the same state as a position
 * built from scratch, on tabulated and untabulated k, under every rule
 * (renju's k = 5 tables differ by colour, caro's tell the edge apart). */
static void test_position_incremental(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 15, 15, 5 }, { 9, 7, 4 }, { 12, 12, 6 },
                                     { 5, 5, 3 }, { 13, 11, 8 } };
    static struct position inc, fresh;
    struct rng r;
    rng_seed(&r, 7);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int rule = 0; rule < RULE_COUNT; rule++) {
            struct pattern_table t;
            assert_true(pattern_init(&t, shapes[i][2], (enum rule)rule));
            struct board b;
            assert_true(board_init(&b, shapes[i][0], shapes[i][1], shapes[i][2], (enum rule)rule));
            position_init(&inc, &t, &b);
            int moves[BOARD_MAX_CELLS], n = 0;
            for (int step = 0; step < 60; step++) {
                bool take = n > 0 && rng_below(&r, 3) == 0;
                if (take || board_full(&inc.b)) {
                    position_remove(&inc, moves[--n]);
                } else {
                    int q;
                    do
                        q = (int)rng_below(&r, (uint32_t)inc.cells);
                    while (board_at(&inc.b, q) != STONE_NONE);
                    position_place(&inc, q, n % 2 ? STONE_WHITE : STONE_BLACK);
                    moves[n++] = q;
                }
                position_init(&fresh, &t, &inc.b);
                boards_assert_same_position(&inc, &fresh);
            }
            pattern_free(&t);
        }
}

/* Puts the n-th stone of a game (Black first) on a random empty cell with a
 * stone in its 5×5 square, any cell on an empty board: games played near
 * the stones, where threes and fours are common. */
static void place_near(struct position *p, struct rng *r, int n)
{
    struct cellset near;
    position_candidates(p, &near);
    int q;
    do
        q = (int)rng_below(r, (uint32_t)p->cells);
    while (board_at(&p->b, q) != STONE_NONE || (p->b.stones > 0 && !cellset_has(&near, q)));
    position_place(p, q, n % 2 ? STONE_WHITE : STONE_BLACK);
}

/* position_threats names exactly the combinations COMBO_F3 .. COMBO_43 that
 * some empty cell makes, the side to move's in the low bits, and above them
 * how many cells make each side an open three and a four, in the levels
 * pattern.h gives; in games played near the stones (threes and fours are
 * common); every bit is seen set. Only k = 5 tables add the threat term. */
static void test_position_threats(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 15, 15, 5 }, { 9, 7, 4 }, { 12, 12, 6 } };
    static struct position p;
    struct rng r;
    rng_seed(&r, 13);
    int seen = 0;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        struct pattern_table t;
        assert_true(pattern_init(&t, shapes[i][2], RULE_FREESTYLE));
        assert_int_equal(pattern_has_threats(&t), shapes[i][2] == 5);
        for (int game = 0; game < 6; game++) {
            struct board b;
            assert_true(board_init(&b, shapes[i][0], shapes[i][1], shapes[i][2],
                                   RULE_FREESTYLE));
            position_init(&p, &t, &b);
            for (int n = 0; n < 40 && !board_full(&p.b); n++) {
                place_near(&p, &r, n);
                for (int me = 0; me < 2; me++) {
                    int want = 0, threes[2] = { 0, 0 }, fours[2] = { 0, 0 };
                    for (int at = 0; at < p.cells; at++) {
                        if (board_at(&p.b, at) != STONE_NONE)
                            continue;
                        for (int side = 0; side < 2; side++) {
                            enum combo c = position_combo(&p, side, at);
                            int who = side == me ? 0 : 1;
                            if (c >= COMBO_F3 && c < COMBO_F3 + PATTERN_THREAT_KINDS)
                                want |= 1 << (c - COMBO_F3 + who * PATTERN_THREAT_KINDS);
                            threes[who] += c == COMBO_F3;
                            fours[who] += c == COMBO_4;
                        }
                    }
                    for (int who = 0; who < 2; who++) {
                        int level = threes[who] >= 7 ? 3 : threes[who] >= 4 ? 2
                                                         : threes[who] >= 2 ? 1 : 0;
                        level |= (fours[who] >= 4 ? 2 : fours[who] >= 2 ? 1 : 0) << 2;
                        want |= level << (PATTERN_THREAT_COUNTS + who * PATTERN_THREAT_SIDE_BITS);
                    }
                    assert_int_equal(position_threats(&p, me), want);
                    assert_in_range(want, 0, PATTERN_THREATS - 1);
                    seen |= want;
                }
            }
        }
        pattern_free(&t);
    }
    assert_int_equal(seen, PATTERN_THREATS - 1);
}

/* position_stops agrees with placing the stone and looking, for every
 * empty cell and both sides, and position_stoppers names the cells it says
 * yes to, in games played near the stones (so threes and
 * fours are common), tabulated and untabulated k, under every rule. */
static void test_position_stops(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 15, 15, 5 }, { 9, 7, 4 }, { 12, 12, 6 },
                                     { 13, 11, 8 } };
    static struct position p;
    struct rng r;
    rng_seed(&r, 11);
    int checked[COMBO_COUNT] = { 0 };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int rule = 0; rule < RULE_COUNT; rule++) {
            struct pattern_table t;
            assert_true(pattern_init(&t, shapes[i][2], (enum rule)rule));
            for (int game = 0; game < 4; game++) {
                struct board b;
                assert_true(board_init(&b, shapes[i][0], shapes[i][1], shapes[i][2],
                                       (enum rule)rule));
                position_init(&p, &t, &b);
                for (int n = 0; n < 40 && !board_full(&p.b); n++) {
                    place_near(&p, &r, n);
                    for (int side = 0; side < 2; side++)
                        for (enum combo c = COMBO_F3; c <= COMBO_F4; c++) {
                            if (!position_any(&p, 1 - side, c))
                                continue; /* nothing to stop */
                            checked[c]++;
                            struct cellset stoppers;
                            position_stoppers(&p, side, c, &stoppers);
                            for (int at = 0; at < p.cells; at++) {
                                if (board_at(&p.b, at) != STONE_NONE) {
                                    assert_false(cellset_has(&stoppers, at));
                                    continue;
                                }
                                bool fast = position_stops(&p, side, at, c);
                                assert_int_equal(cellset_has(&stoppers, at), fast);
                                position_place(&p, at, (enum stone)(side + 1));
                                bool slow = true;
                                for (enum combo k = c; k < COMBO_COUNT; k++)
                                    slow = slow && !position_any(&p, 1 - side, k);
                                position_remove(&p, at);
                                assert_int_equal(fast, slow);
                            }
                        }
                }
            }
            pattern_free(&t);
        }
    /* The games did reach open threes and open fours to stop. */
    assert_true(checked[COMBO_F3] > 20);
    assert_true(checked[COMBO_F4] > 20);
}

/* Under renju each colour's running sums are freestyle's plus that
 * colour's residuals (pattern_eval_renju) of its empty cells, placement by
 * placement and back, and the evaluation differs by what they add; in
 * games played near the stones, where the residuals of threes and double
 * threes come up. */
static void test_position_renju(void **state)
{
    (void)state;
    static struct position fr, rj;
    struct pattern_table tf, tr;
    assert_true(pattern_init(&tf, 5, RULE_FREESTYLE));
    assert_true(pattern_init(&tr, 5, RULE_RENJU));
    struct rng r;
    rng_seed(&r, 17);
    for (int game = 0; game < 6; game++) {
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, RULE_RENJU));
        position_init(&rj, &tr, &b);
        assert_true(board_init(&b, 15, 15, 5, RULE_FREESTYLE));
        position_init(&fr, &tf, &b);
        int moves[BOARD_MAX_CELLS];
        for (int n = 0; n < 50; n++) {
            place_near(&rj, &r, n);
            moves[n] = rj.placed[rj.depth - 1];
            position_place(&fr, moves[n], n % 2 ? STONE_WHITE : STONE_BLACK);
            int want[2][2] = { { 0, 0 }, { 0, 0 } };
            for (int q = 0; q < rj.cells; q++)
                for (int s = 0; s < 2 && board_at(&rj.b, q) == STONE_NONE; s++)
                    for (int w = 0; w < 2; w++)
                        want[s][w] +=
                            pattern_eval_renju[s][w][pattern_multiset(position_index(&rj, s, q))];
            for (int s = 0; s < 2; s++)
                for (int w = 0; w < 2; w++)
                    assert_int_equal(rj.total[s][w] - fr.total[s][w], want[s][w]);
            for (int me = 0; me < 2; me++)
                assert_int_equal(evaluate(&rj, me) - evaluate(&fr, me),
                                 want[me][0] - want[1 - me][1]);
        }
        /* Taken back half way, the sums are a fresh position's. */
        for (int n = 49; n >= 25; n--) {
            position_remove(&rj, moves[n]);
            position_remove(&fr, moves[n]);
        }
        static struct position fresh;
        position_init(&fresh, &tr, &rj.b);
        boards_assert_same_position(&rj, &fresh);
    }
    pattern_free(&tf);
    pattern_free(&tr);
}

/* The positions of boards.h whose fives depend on the rule, under each
 * rule: Black's five on k8 between two White stones is one but under caro,
 * its five against the edge on c8 is one under every rule, and White's
 * open three f7–f9 is one everywhere. What decides the first: Black wins
 * at once, but under caro nothing is decided. */
static void test_position_fives_by_rule(void **state)
{
    (void)state;
    static struct position p;
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        bool caro = rule == RULE_CARO;
        struct pattern_table t;
        assert_true(pattern_init(&t, 5, (enum rule)rule));
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        assert_int_equal(boards_put_game(&b, BOARDS_CARO_BLOCKED_FIVE), STONE_BLACK);
        position_init(&p, &t, &b);
        enum combo k8 = position_combo(&p, 0, boards_cell(&b, "k8"));
        if (caro)
            assert_true(k8 < COMBO_F3);
        else
            assert_int_equal(k8, COMBO_5);
        assert_int_equal(position_combo(&p, 1, boards_cell(&b, "f6")), COMBO_F4);
        assert_int_equal(position_combo(&p, 1, boards_cell(&b, "f10")), COMBO_F4);
        int forced;
        int decided = position_decide(&p, 0, 0, &forced);
        assert_int_equal(decided, caro ? 0 : AI_SCORE_WIN - 1);
        assert_int_equal(forced, -1);

        board_clear(&b);
        boards_put(&b, BOARDS_EDGE_FIVE_BLACK, STONE_BLACK);
        boards_put(&b, BOARDS_EDGE_FIVE_WHITE, STONE_WHITE);
        position_init(&p, &t, &b);
        int c8 = boards_cell(&b, "c8");
        assert_int_equal(position_combo(&p, 0, c8), COMBO_5);
        assert_int_equal(position_decide(&p, 0, 0, &forced), AI_SCORE_WIN - 1);
        assert_int_equal(position_decide(&p, 1, 0, &forced), 0);
        assert_int_equal(forced, c8);
        pattern_free(&t);
    }
}

/* Whether `side` has an empty cell where its stone wins, by the rules. */
static bool can_win(struct board *b, enum stone side)
{
    for (int q = 0; q < board_cells(b); q++) {
        if (board_at(b, q) != STONE_NONE)
            continue;
        board_place(b, q, side);
        bool won = rules_is_win(b, q, NULL);
        board_remove(b, q);
        if (won)
            return true;
    }
    return false;
}

/* Under caro position_caro_blocks names exactly the cells where a stone
 * leaves the other side no cell to win on (rules_is_win), and
 * position_decide has the side lose at once exactly when there are none:
 * in games played near the stones, tabulated and untabulated k, each
 * stopped at its first win. The games meet fives with two blocks, and two
 * fives with one. */
static void test_position_caro_blocks(void **state)
{
    (void)state;
    static const int shapes[][3] = { { 15, 15, 5 }, { 9, 7, 4 }, { 11, 11, 6 } };
    static struct position p;
    struct rng r;
    rng_seed(&r, 17);
    int two_blocks = 0, one_for_two = 0, none = 0;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        struct pattern_table t;
        assert_true(pattern_init(&t, shapes[i][2], RULE_CARO));
        for (int game = 0; game < 30; game++) {
            struct board b;
            assert_true(board_init(&b, shapes[i][0], shapes[i][1], shapes[i][2], RULE_CARO));
            position_init(&p, &t, &b);
            for (int n = 0; n < 60 && !board_full(&p.b); n++) {
                place_near(&p, &r, n);
                if (rules_is_win(&p.b, p.placed[p.depth - 1], NULL))
                    break;
                for (int me = 0; me < 2; me++) {
                    if (!position_any(&p, 1 - me, COMBO_5) || position_any(&p, me, COMBO_5))
                        continue;
                    int out[2], got = position_caro_blocks(&p, me, out);
                    bool named[BOARD_MAX_CELLS] = { false };
                    for (int j = 0; j < got; j++)
                        named[out[j]] = true;
                    struct board c = p.b;
                    for (int g = 0; g < p.cells; g++) {
                        if (board_at(&c, g) != STONE_NONE)
                            continue;
                        board_place(&c, g, (enum stone)(me + 1));
                        assert_int_equal(named[g], !can_win(&c, (enum stone)(2 - me)));
                        board_remove(&c, g);
                    }
                    int forced;
                    int decided = position_decide(&p, me, 0, &forced);
                    assert_int_equal(decided, got == 0 ? -(AI_SCORE_WIN - 2) : 0);
                    assert_int_equal(forced, got == 0 ? -1 : out[0]);
                    two_blocks += got == 2;
                    one_for_two += got > 0 && position_several(&p, 1 - me, COMBO_5);
                    none += got == 0;
                }
            }
        }
        pattern_free(&t);
    }
    assert_true(two_blocks > 50 && one_for_two > 10 && none > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_near),
        cmocka_unit_test(test_position_threats),
        cmocka_unit_test(test_position_incremental),
        cmocka_unit_test(test_position_stops),
        cmocka_unit_test(test_position_renju),
        cmocka_unit_test(test_position_fives_by_rule),
        cmocka_unit_test(test_position_caro_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
