/* test_search.c — the `search` strategy: forced wins and defences in
 * hand-made positions, wins and losses found with pruning confirmed, the safety
 * check, legality everywhere, and the limits (stop flag, depth, nodes);
 * with threads, the same wins, legal moves, node limits and stops.
 * Everything on one thread is deterministic: limits are depths and node
 * counts, never time. Its parts have tests of their own (test_pattern, test_position,
 * test_tss). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "engine/search.h"
#include "engine/tss.h"
#include "boards.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

struct last_info {
    struct ai_info info;
    int calls;
};

static void keep_info(void *ctx, const struct ai_info *info)
{
    struct last_info *l = ctx;
    l->info = *info;
    l->calls++;
}

/* One move of a fresh `search` player, to `depth` plies. */
static int search_move(const struct board *b, enum stone side, int depth, struct last_info *out)
{
    struct ai ai;
    struct ai_options opts = { .memory = 4 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct last_info l = { 0 };
    struct ai_limits lim = { .max_depth = depth, .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, b, side, &lim);
    ai_destroy(&ai);
    assert_in_range(move, 0, board_cells(b) - 1);
    assert_int_equal(board_at(b, move), STONE_NONE);
    if (out != NULL)
        *out = l;
    return move;
}

/* Plays the game on from b, `attacker` to move, both sides searching to
 * `depth`; returns the ply (1 = the attacker's first move) at which the
 * attacker made a winning line, or 0 if it did not within max_plies. */
static int play_out(struct board b, enum stone attacker, int depth, int max_plies)
{
    enum stone s = attacker;
    for (int ply = 1; ply <= max_plies && !board_full(&b); ply++) {
        int move = search_move(&b, s, depth, NULL);
        board_place(&b, move, s);
        if (rules_is_win(&b, move, NULL))
            return s == attacker ? ply : 0;
        s = stone_other(s);
    }
    return 0;
}

/* ---- forced play ---- */

static void test_vcf_wins(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, BOARDS_VCF7_BLACK, STONE_BLACK);
    boards_put(&b, BOARDS_VCF7_WHITE, STONE_WHITE);
    assert_int_equal(play_out(b, STONE_BLACK, 4, 15), 7);
}

/* An open three: the open four wins on the third ply. */
static void test_win_in_3(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "h8 i8 j8", STONE_BLACK);
    boards_put(&b, "a1 o1 a15", STONE_WHITE);
    int move = search_move(&b, STONE_BLACK, 3, NULL);
    assert_true(move == boards_cell(&b, "g8") || move == boards_cell(&b, "k8"));
    assert_int_equal(play_out(b, STONE_BLACK, 3, 9), 3);
}

/* Black to move and win in five: a four (g5, forcing h5), then a double
 * four on g8. */
static void win_in_5_board(struct board *b)
{
    board_init(b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(b, "d5 e5 f5 d8 e8 f8 g6 g7", STONE_BLACK);
    boards_put(b, "c5 c8 g4 a1 o1 a15 o15 a10", STONE_WHITE);
}

static void test_win_in_5(void **state)
{
    (void)state;
    struct board b;
    win_in_5_board(&b);
    assert_int_equal(play_out(b, STONE_BLACK, 4, 11), 5);
}

/* No four for Black, but h8 makes two open threes; White's own four (a6 or
 * a7) only delays. A VCT, not a VCF. */
static void test_vct(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "f8 g8 h6 h7 a2", STONE_BLACK);
    boards_put(&b, "a3 a4 a5 o15 o13", STONE_WHITE);
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    position_init(&p, &t, &b);
    struct tss tss;
    assert_true(tss_init(&tss, 1 << 16));
    int move = -1;
    assert_false(tss_solve(&tss, &p, STONE_BLACK, false, 10, 100000, &move));
    assert_true(tss_solve(&tss, &p, STONE_BLACK, true, 4, 100000, &move));
    tss_free(&tss);
    pattern_free(&t);
    int won = play_out(b, STONE_BLACK, 4, 15);
    assert_true(won >= 5 && won <= 9);
}

/* The same shapes for other k: an open two wins for k = 4, an open four for
 * k = 6; and a VCF under the exact rule. */
static void test_other_k(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 9, 9, 4, RULE_FREESTYLE);
    boards_put(&b, "d5 e5", STONE_BLACK);
    boards_put(&b, "a1 i9", STONE_WHITE);
    assert_int_equal(play_out(b, STONE_BLACK, 3, 9), 3);

    board_init(&b, 19, 19, 6, RULE_FREESTYLE);
    boards_put(&b, "j10 k10 l10 m10", STONE_BLACK);
    boards_put(&b, "a1 s19 a19 s1", STONE_WHITE);
    assert_int_equal(play_out(b, STONE_BLACK, 3, 9), 3);

    board_init(&b, 15, 15, 5, RULE_EXACT);
    boards_put(&b, BOARDS_VCF7_BLACK, STONE_BLACK);
    boards_put(&b, BOARDS_VCF7_WHITE, STONE_WHITE);
    int won = play_out(b, STONE_BLACK, 4, 15);
    assert_true(won >= 5 && won <= 9);
}

/* Its own five before the opponent's. */
static void test_takes_the_win(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "c3 d3 e3 f3 k12", STONE_BLACK);
    boards_put(&b, "h8 i8 j8 k8 c4", STONE_WHITE);
    int move = search_move(&b, STONE_BLACK, 4, NULL);
    assert_true(move == boards_cell(&b, "g3") || move == boards_cell(&b, "b3"));
    move = search_move(&b, STONE_WHITE, 4, NULL);
    assert_true(move == boards_cell(&b, "g8") || move == boards_cell(&b, "l8"));
}

/* The position of BOARDS_CARO_BLOCKED_FIVE under each rule: k8 makes five
 * and wins, but under caro, where White's f8 and l8 block it at both ends
 * and Black must stop White's open three instead. */
static void test_five_by_rule(void **state)
{
    (void)state;
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        assert_int_equal(boards_put_game(&b, BOARDS_CARO_BLOCKED_FIVE), STONE_BLACK);
        int move = search_move(&b, STONE_BLACK, 4, NULL);
        if (rule == RULE_CARO)
            assert_true(move == boards_cell(&b, "f6") || move == boards_cell(&b, "f10") ||
                        move == boards_cell(&b, "f5") || move == boards_cell(&b, "f11"));
        else
            assert_int_equal(move, boards_cell(&b, "k8"));
    }
}

/* Under caro a five against the edge wins when only its other end is the
 * opponent's: Black takes it before blocking White's open three, and White
 * blocks it before making an open four. */
static void test_caro_edge_five(void **state)
{
    (void)state;
    struct board b;
    assert_true(board_init(&b, 15, 15, 5, RULE_CARO));
    boards_put(&b, BOARDS_EDGE_FIVE_BLACK, STONE_BLACK);
    boards_put(&b, BOARDS_EDGE_FIVE_WHITE, STONE_WHITE);
    int c8 = boards_cell(&b, "c8");
    assert_int_equal(search_move(&b, STONE_BLACK, 4, NULL), c8);
    assert_int_equal(search_move(&b, STONE_WHITE, 4, NULL), c8);
}

/* Black's c8-e8 with White's a8: f8 makes an open four under freestyle and
 * wins, but under caro White's g8 answers both of its winning points (b8's
 * five would then be blocked at both ends): no win is claimed there. */
static void test_caro_open_four_needs_room(void **state)
{
    (void)state;
    for (int rule = RULE_FREESTYLE; rule <= RULE_CARO; rule += RULE_CARO - RULE_FREESTYLE) {
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        boards_put(&b, "c8 d8 e8", STONE_BLACK);
        boards_put(&b, "a8 n2 n14", STONE_WHITE);
        struct last_info l;
        int move = search_move(&b, STONE_BLACK, 4, &l);
        if (rule == RULE_FREESTYLE) {
            assert_true(l.info.score >= AI_SCORE_WIN_BOUND);
            assert_true(move == boards_cell(&b, "f8") || move == boards_cell(&b, "b8") ||
                        move == boards_cell(&b, "g8"));
        } else {
            assert_true(l.info.score < AI_SCORE_WIN_BOUND);
        }
    }
}

/* White's c8-f8 between Black's a8 and h8: two fives, b8 and g8. Under
 * freestyle Black has lost; under caro either block is the far end of the
 * other five, and Black plays one and has not lost. */
static void test_caro_one_block_for_two_fives(void **state)
{
    (void)state;
    for (int rule = RULE_FREESTYLE; rule <= RULE_CARO; rule += RULE_CARO - RULE_FREESTYLE) {
        struct board b;
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        boards_put(&b, "a8 h8 m3 c13", STONE_BLACK);
        boards_put(&b, "c8 d8 e8 f8", STONE_WHITE);
        struct last_info l;
        int move = search_move(&b, STONE_BLACK, 4, &l);
        if (rule == RULE_FREESTYLE) {
            assert_true(l.info.score <= -AI_SCORE_WIN_BOUND);
        } else {
            assert_true(move == boards_cell(&b, "b8") || move == boards_cell(&b, "g8"));
            assert_true(l.info.score > -AI_SCORE_WIN_BOUND);
        }
    }
}

/* A four must be blocked at its one open end. */
static void test_blocks_a_four(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "g8 c3 m12", STONE_BLACK);
    boards_put(&b, "h8 i8 j8 k8", STONE_WHITE);
    assert_int_equal(search_move(&b, STONE_BLACK, 4, NULL), boards_cell(&b, "l8"));
}

/* White's open three wins unless blocked next to it: the far blocks (f8,
 * l8) lose to a four and a new three. Black sees it coming. */
static void test_sees_the_loss_coming(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "c3 m3 c13", STONE_BLACK);
    boards_put(&b, "h8 i8 j8", STONE_WHITE);
    int move = search_move(&b, STONE_BLACK, 4, NULL);
    assert_true(move == boards_cell(&b, "g8") || move == boards_cell(&b, "k8"));
    board_place(&b, move, STONE_BLACK);
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    position_init(&p, &t, &b);
    struct tss tss;
    assert_true(tss_init(&tss, 1 << 16));
    int win;
    assert_false(tss_solve(&tss, &p, STONE_WHITE, true, 6, 1000000, &win));
    assert_false(tss.aborted);
    tss_free(&tss);
    pattern_free(&t);
}

/* From self-play: with Black's replies cut to the beam, White's i13 here
 * "wins" in 11 plies at depth 6, but Black has a defence the beam did not
 * reach: with Black's nodes searched at full width the shortest win is 21
 * plies or more (found at depth 10 with a beam of 8 everywhere, and at
 * depth 6 once the principal variation is searched wider). At depth 6 no
 * shorter win may be reported. */
static void test_pruned_win_is_confirmed(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    enum stone side = boards_put_game(&b, "i7 h9 h8 g6 i8 g8 f7 f6 h6 g7 g5 g9 g10 j8 i9 i10 h4 i5 "
                                   "g4 f4 h5 h7 h3 h2 f9 j9 j7 i6 f5 e6 e5 d5 h11 d6 c6 j11 "
                                   "k12 i12 k10 j12 j10 k11 d7 e8 l10 e10 f8 i11 i14 k13 h10 "
                                   "j13 f11 f10 m10 n10 l11");
    struct last_info l;
    search_move(&b, side, 6, &l);
    assert_true(l.calls > 0);
    assert_true(l.info.score < AI_SCORE_WIN - 21);
}

/* From self-play: with Black's own moves cut to the beam, Black to move
 * here "loses" in 14 plies at depth 6; searched at full width at Black's
 * nodes, a defence holds to that depth (the loss that remains is 18 plies
 * long, found at depth 8). At depth 6 no loss may be reported. */
static void test_pruned_loss_is_confirmed(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    enum stone side = boards_put_game(&b, "g10 h10 j6 h6 g11 h9 h11 g9 f9 i12 d8 f10 e11 i11 e8 d7 "
                                   "f8 g8 d10");
    struct last_info l;
    search_move(&b, side, 6, &l);
    assert_true(l.calls > 0);
    assert_true(l.info.score > -(AI_SCORE_WIN - BOARD_MAX_CELLS));
}

/* From a game lost at a second a move: to 5 plies Black scores this
 * position about −2,300; the 6th finds White's win. The root searches that
 * iteration in a window around the last score first, so the window must be
 * widened until the loss is inside it: at depth 6 the loss is reported. */
static void test_window_widens_to_a_loss(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    enum stone side = boards_put_game(&b, "g9 j8 i7 j6 g7 i6 j9 k6 l6 k8 g6 g8 i8 h7 j5 h5 g4 k7 "
                                   "k9 l8 h9 i9");
    assert_int_equal(side, STONE_BLACK);
    struct last_info l;
    search_move(&b, side, 6, &l);
    assert_true(l.calls > 0);
    assert_true(l.info.score <= -(AI_SCORE_WIN - BOARD_MAX_CELLS));
}

/* From a game lost at a second a move: White's c11 here lets Black win by
 * fours, and the check of the next root move ran out of nodes, after which
 * the search kept c11. A move proven lost must not be kept over one that is
 * not: whatever the search picks, Black may have no VCF after it. */
static void test_safety_drops_a_refuted_move(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    enum stone side = boards_put_game(&b, "j6 i8 f10 h9 i9 h7 h8 g6 f5 g7 g8 g9 g10 k8 i7 k6 h10 i10 "
                                   "l7 j8 l8 l9 j7 k10 j9 k7 k9 k5 k4 j5 j10 i11 i5 l6 j11 e8 "
                                   "e9 n6 m6 h5 i4 i3 j4 h4 h6 m5 n4 l5 n5 l4 k3 l2 l3 g5 f6 "
                                   "d10 d9 g11 f11 c8 f12 f13 e12 i12 e13 e10 n3 m3 n2 n1 d12 "
                                   "c12 e14 b14 f14");
    assert_int_equal(side, STONE_WHITE);
    struct pattern_table t;
    assert_true(pattern_init(&t, 5, RULE_FREESTYLE));
    static struct position p;
    struct tss tss;
    assert_true(tss_init(&tss, 1 << 20));
    int reply;
    /* c11 is refuted. */
    board_place(&b, boards_cell(&b, "c11"), STONE_WHITE);
    position_init(&p, &t, &b);
    assert_true(tss_solve(&tss, &p, STONE_BLACK, false, 30, 1000000, &reply));
    board_remove(&b, boards_cell(&b, "c11"));

    struct ai ai;
    struct ai_options opts = { .memory = 4 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct ai_limits lim = { .max_nodes = 100000 };
    int move = ai_choose(&ai, &b, side, &lim);
    ai_destroy(&ai);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    board_place(&b, move, STONE_WHITE);
    position_init(&p, &t, &b);
    tss_clear(&tss);
    assert_false(tss_solve(&tss, &p, STONE_BLACK, false, 30, 1000000, &reply));
    assert_false(tss.aborted);
    tss_free(&tss);
    pattern_free(&t);
}

/* Random positions of many sizes, both rules: always an empty cell. */
/* Random boards of every size, k and rule, searched on `threads` threads
 * (one player, so that the helpers made for one board serve the next). */
static void legal_everywhere(int rounds, int threads)
{
    struct rng r;
    rng_seed(&r, 2024);
    struct ai ai;
    struct ai_options opts = { .memory = 1 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    for (int round = 0; round < rounds; round++) {
        int w = 3 + (int)rng_below(&r, 20), h = 3 + (int)rng_below(&r, 20);
        int longest = w > h ? w : h;
        int k = 3 + (int)rng_below(&r, (uint32_t)(longest < 9 ? longest - 2 : 7));
        struct board b;
        assert_true(board_init(&b, w, h, k, (enum rule)(round % 2)));
        int stones = (int)rng_below(&r, (uint32_t)board_cells(&b));
        enum stone s = STONE_BLACK;
        for (int i = 0; i < stones; i++) {
            int q = (int)rng_below(&r, (uint32_t)board_cells(&b));
            if (board_at(&b, q) != STONE_NONE)
                continue;
            board_place(&b, q, s);
            if (rules_is_win(&b, q, NULL)) {
                board_remove(&b, q);
                continue;
            }
            s = stone_other(s);
        }
        if (board_full(&b))
            continue;
        struct ai_limits lim = { .max_depth = 1 + round % 4, .max_nodes = 4000,
                                 .threads = threads };
        int move = ai_choose(&ai, &b, s, &lim);
        assert_in_range(move, 0, board_cells(&b) - 1);
        assert_int_equal(board_at(&b, move), STONE_NONE);
    }
    ai_destroy(&ai);
}

static void test_legal_everywhere(void **state)
{
    (void)state;
    legal_everywhere(150, 1);
}


/* One search playing Black through a game, the replies random near its
 * stones: each call sees the board it left plus one stone (the case where
 * the root is told the last two stones), and a new game or a board with a
 * stone taken back in between. The moves are legal, and two searches fed
 * the same game choose the same moves. */
static void test_follows_its_game(void **state)
{
    (void)state;
    struct ai a, b;
    struct ai_options opts = { .memory = 1 << 20, .seed = 3 };
    assert_true(ai_create(&a, "search", &opts));
    assert_true(ai_create(&b, "search", &opts));
    struct rng r;
    rng_seed(&r, 77);
    for (int game = 0; game < 3; game++) {
        struct board bd;
        assert_true(board_init(&bd, 15, 15, 5, RULE_FREESTYLE));
        for (int turn = 0; turn < 12; turn++) {
            struct ai_limits lim = { .max_nodes = 3000 };
            int m = ai_choose(&a, &bd, STONE_BLACK, &lim);
            assert_int_equal(ai_choose(&b, &bd, STONE_BLACK, &lim), m);
            assert_in_range(m, 0, board_cells(&bd) - 1);
            assert_int_equal(board_at(&bd, m), STONE_NONE);
            board_place(&bd, m, STONE_BLACK);
            if (rules_is_win(&bd, m, NULL))
                break;
            int q;
            do
                q = m + (int)rng_below(&r, 5) - 2 + 15 * ((int)rng_below(&r, 5) - 2);
            while (q < 0 || q >= board_cells(&bd) || board_at(&bd, q) != STONE_NONE);
            board_place(&bd, q, STONE_WHITE);
            if (rules_is_win(&bd, q, NULL))
                break;
            if (game == 2 && turn == 6) { /* a move taken back: not the board left */
                board_remove(&bd, q);
                board_remove(&bd, m);
            }
        }
    }
    ai_destroy(&a);
    ai_destroy(&b);
}

/* A middle-game position with no forced line for either side. */
static void quiet_position(struct board *b)
{
    board_init(b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(b, "h8 i9 g7 f8 j7 g9", STONE_BLACK);
    boards_put(b, "i8 h7 g8 h9 j9 f10", STONE_WHITE);
}

/* Stopped before it starts: a legal move at once. */
static void test_stop_flag(void **state)
{
    (void)state;
    struct board b;
    quiet_position(&b);
    struct ai ai;
    struct ai_options opts = { .memory = 1 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    atomic_bool stop = true;
    struct last_info l = { 0 };
    struct ai_limits lim = { .stop = &stop, .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_in_range(move, 0, board_cells(&b) - 1);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    assert_true(l.calls == 0 || l.info.nodes < 1000);
    ai_destroy(&ai);
}

/* Black's stones for a double three at (7, 7) (renju's forbidden point),
 * White's three on the diagonal through it from (8, 8) to (10, 10), both
 * of its far ends blocked by Black, at (6, 6) and (12, 12), and White
 * stones far off. */
static void double_three_board(struct board *b, enum rule rule, bool black_to_move)
{
    static const int black[][2] = { { 5, 7 }, { 6, 7 }, { 7, 5 }, { 7, 6 }, { 12, 12 }, { 6, 6 } };
    static const int white[][2] = { { 8, 8 }, { 9, 9 }, { 10, 10 }, { 0, 14 }, { 14, 0 },
                                    { 14, 14 } };
    board_init(b, 15, 15, 5, rule);
    for (int i = 0; i < 6; i++)
        board_place(b, board_pos(b, black[i][0], black[i][1]), STONE_BLACK);
    for (int i = 0; i < (black_to_move ? 6 : 5); i++)
        board_place(b, board_pos(b, white[i][0], white[i][1]), STONE_WHITE);
}

/* Under renju Black never makes a forbidden move, here a double three that
 * would also stop White's three. */
static void test_renju_black_never_forbidden(void **state)
{
    (void)state;
    struct board b;
    double_three_board(&b, RULE_RENJU, true);
    int point = board_pos(&b, 7, 7);
    assert_int_equal(rules_forbidden(&b, point), FORBID_DOUBLE_THREE);
    for (int depth = 1; depth <= 6; depth++)
        assert_int_not_equal(search_move(&b, STONE_BLACK, depth, NULL), point);
}

/* Crowded random renju positions, Black to move with nothing decided:
 * the search's move is never forbidden (whatever its budget). */
static void test_renju_random_positions(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 49);
    struct ai ai;
    struct ai_options opts = { .memory = 1 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    int tried = 0;
    for (int game = 0; game < 120; game++) {
        struct board b;
        board_init(&b, 15, 15, 5, RULE_RENJU);
        /* Stones near the centre, none making a five or forbidden. */
        int plies = 20 + (int)rng_below(&r, 30);
        for (int i = 0; i < plies; i++) {
            enum stone side = i % 2 ? STONE_WHITE : STONE_BLACK;
            int q = board_pos(&b, 3 + (int)rng_below(&r, 9), 3 + (int)rng_below(&r, 9));
            if (board_at(&b, q) != STONE_NONE || rules_forbidden(&b, q) != FORBID_NONE) {
                i--;
                continue;
            }
            board_place(&b, q, side);
            if (rules_is_win(&b, q, NULL)) {
                board_remove(&b, q);
                i--;
            }
        }
        struct ai_limits lim = { .max_nodes = 1500 + rng_below(&r, 3000) };
        int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
        assert_int_equal(board_at(&b, move), STONE_NONE);
        assert_int_equal(rules_forbidden(&b, move), FORBID_NONE);
        tried++;
    }
    ai_destroy(&ai);
    assert_int_equal(tried, 120);
}

/* Under renju White wins with a four whose only defence is forbidden to
 * Black: (11, 11) makes it, and Black cannot block at (7, 7). Under
 * freestyle the block there holds. */
static void test_renju_forbidden_defence_wins(void **state)
{
    (void)state;
    struct board b;
    struct last_info l;
    double_three_board(&b, RULE_RENJU, false);
    assert_int_equal(search_move(&b, STONE_WHITE, 4, &l), board_pos(&b, 11, 11));
    assert_true(l.info.score >= AI_SCORE_WIN_BOUND);
    double_three_board(&b, RULE_FREESTYLE, false);
    search_move(&b, STONE_WHITE, 4, &l);
    assert_true(l.info.score < AI_SCORE_WIN_BOUND);
}

/* The time counts from when the move was asked for: a move asked for
 * longer ago than its budget is answered at once, and legally. */
static void test_time_counts_from_the_ask(void **state)
{
    (void)state;
    struct board b;
    quiet_position(&b);
    struct ai ai;
    struct ai_options opts = { .memory = 1 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct last_info l = { 0 };
    struct ai_limits lim = { .time_ms = 1000, .since_ms = clock_ms() - 60000,
                             .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_in_range(move, 0, board_cells(&b) - 1);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    assert_true(l.calls == 0 || l.info.nodes < 1000);
    ai_destroy(&ai);
}

/* Getting ready for a board ahead of time changes no move and no count. */
static void test_prepare_changes_nothing(void **state)
{
    (void)state;
    struct board b;
    quiet_position(&b);
    struct last_info a, c;
    int m1 = search_move(&b, STONE_BLACK, 4, &a);
    struct ai ai;
    struct ai_options opts = { .memory = 4 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    ai_prepare(&ai, &b);
    c = (struct last_info){ 0 };
    struct ai_limits lim = { .max_depth = 4, .on_info = keep_info, .ctx = &c };
    int m2 = ai_choose(&ai, &b, STONE_BLACK, &lim);
    ai_destroy(&ai);
    assert_int_equal(m1, m2);
    assert_int_equal(a.info.nodes, c.info.nodes);
}

/* Depth and node limits hold, and the same search gives the same result. */
/* Threads: the forced win found as on one; legal moves on every
 * board; a node limit counts every thread's nodes; a search told to stop
 * stops, helpers and all; and so does one stopped while it runs. */
struct stopper {
    atomic_bool *stop;
    int after_ms;
};

static void *stop_later(void *arg)
{
    struct stopper *s = arg;
    int64_t end = clock_ms() + s->after_ms;
    while (clock_ms() < end)
        ;
    atomic_store(s->stop, true);
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    struct board b;
    win_in_5_board(&b);
    struct ai ai;
    struct ai_options opts = { .memory = 4 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct last_info one, l = { 0 };
    int alone = search_move(&b, STONE_BLACK, 6, &one);
    struct ai_limits lim = { .max_depth = 6, .threads = 4, .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(move, alone);
    assert_true(l.info.score >= AI_SCORE_WIN_BOUND);
    assert_int_equal(l.info.score, one.info.score);
    /* Where the tree decides (no threat sequence): every depth searched. */
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "h8 j9", STONE_BLACK);
    boards_put(&b, "i9 g7", STONE_WHITE);
    search_move(&b, STONE_BLACK, 5, &one);
    assert_int_equal(one.info.depth, 5);
    lim = (struct ai_limits){ .max_depth = 5, .threads = 4, .on_info = keep_info, .ctx = &l };
    move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    assert_int_equal(l.info.depth, 5);

    legal_everywhere(40, 3);

    quiet_position(&b);
    l = (struct last_info){ 0 };
    lim = (struct ai_limits){ .max_nodes = 20000, .threads = 3, .on_info = keep_info,
                              .ctx = &l };
    move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    /* Each thread overshoots by a clock interval at most. */
    assert_true(l.info.nodes > 0 && l.info.nodes <= 20000 + 3 * 1024);

    atomic_bool stop = true;
    lim = (struct ai_limits){ .stop = &stop, .threads = 8 };
    move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(board_at(&b, move), STONE_NONE);

    /* No limit but the flag, set from another thread while eight search. */
    atomic_store(&stop, false);
    struct stopper st = { .stop = &stop, .after_ms = 50 };
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, stop_later, &st), 0);
    lim = (struct ai_limits){ .stop = &stop, .threads = 8, .max_depth = 100 };
    move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    pthread_join(t, NULL);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    ai_destroy(&ai);
}

static void test_limits_and_determinism(void **state)
{
    (void)state;
    struct board b;
    quiet_position(&b);
    struct last_info a, c;
    int m1 = search_move(&b, STONE_BLACK, 3, &a);
    int m2 = search_move(&b, STONE_BLACK, 3, &c);
    assert_int_equal(m1, m2);
    assert_int_equal(a.info.nodes, c.info.nodes);
    assert_true(a.info.depth <= 3);
    assert_true(a.info.nodes > 0);

    struct ai ai;
    struct ai_options opts = { .memory = 1 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct last_info l = { 0 };
    struct ai_limits lim = { .max_nodes = 3000, .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    assert_true(l.info.nodes <= 3000 + 1024);
    ai_destroy(&ai);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vcf_wins),
        cmocka_unit_test(test_win_in_3),
        cmocka_unit_test(test_win_in_5),
        cmocka_unit_test(test_vct),
        cmocka_unit_test(test_other_k),
        cmocka_unit_test(test_takes_the_win),
        cmocka_unit_test(test_blocks_a_four),
        cmocka_unit_test(test_five_by_rule),
        cmocka_unit_test(test_caro_edge_five),
        cmocka_unit_test(test_caro_open_four_needs_room),
        cmocka_unit_test(test_caro_one_block_for_two_fives),
        cmocka_unit_test(test_sees_the_loss_coming),
        cmocka_unit_test(test_pruned_win_is_confirmed),
        cmocka_unit_test(test_pruned_loss_is_confirmed),
        cmocka_unit_test(test_window_widens_to_a_loss),
        cmocka_unit_test(test_safety_drops_a_refuted_move),
        cmocka_unit_test(test_legal_everywhere),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_follows_its_game),
        cmocka_unit_test(test_stop_flag),
        cmocka_unit_test(test_limits_and_determinism),
        cmocka_unit_test(test_time_counts_from_the_ask),
        cmocka_unit_test(test_renju_black_never_forbidden),
        cmocka_unit_test(test_renju_forbidden_defence_wins),
        cmocka_unit_test(test_renju_random_positions),
        cmocka_unit_test(test_prepare_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
