/* test_rules.c — win detection against a whole-board oracle under every
 * rule, exact vs freestyle, renju's and caro's wins, the dead draw, and the
 * tic-tac-toe game count. (Renju's forbidden moves: test_renju.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "boards.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* The stone on (x, y), STONE_NONE off the board. */
static enum stone at(const struct board *b, int x, int y)
{
    return board_inside(b, x, y) ? board_at(b, board_pos(b, x, y)) : STONE_NONE;
}

/* The oracle: does `s` have a winning run anywhere? Scans every cell in every
 * direction, measuring maximal runs; the slow, obvious way. */
static bool oracle_has_win(const struct board *b, enum stone s)
{
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++)
            for (int d = 0; d < 4; d++) {
                int dx = rules_dir[d][0], dy = rules_dir[d][1];
                /* Only start at the first stone of a maximal run. */
                if (at(b, x, y) != s || at(b, x - dx, y - dy) == s)
                    continue;
                int len = 0, cx = x, cy = y;
                for (; at(b, cx, cy) == s; cx += dx, cy += dy)
                    len++;
                bool wins;
                switch (b->rule) {
                case RULE_EXACT:
                    wins = len == b->win;
                    break;
                case RULE_RENJU:
                    wins = s == STONE_BLACK ? len == b->win : len >= b->win;
                    break;
                case RULE_CARO:
                    wins = len >= b->win && !(at(b, x - dx, y - dy) == stone_other(s) &&
                                              at(b, cx, cy) == stone_other(s));
                    break;
                default:
                    wins = len >= b->win;
                    break;
                }
                if (wins)
                    return true;
            }
    return false;
}

static const int sizes[][3] = {
    { 3, 3, 3 }, { 4, 3, 3 }, { 3, 5, 3 }, { 4, 4, 4 }, { 7, 4, 4 },
    { 5, 9, 5 }, { 15, 15, 5 }, { 19, 7, 6 }, { 26, 26, 5 }, { 6, 3, 6 },
};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* Every window of k cells in every direction, on every size: this puts a win
 * against every edge and into every corner. Each stone of the window is tried
 * as the last one placed. */
static void test_every_window_wins(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_SIZES; i++) {
        struct board b;
        board_init(&b, sizes[i][0], sizes[i][1], sizes[i][2], RULE_FREESTYLE);
        int k = b.win, windows = 0;
        for (int d = 0; d < 4; d++) {
            int dx = rules_dir[d][0], dy = rules_dir[d][1];
            for (int y = 0; y < b.height; y++)
                for (int x = 0; x < b.width; x++) {
                    if (!board_inside(&b, x + (k - 1) * dx, y + (k - 1) * dy))
                        continue;
                    windows++;
                    for (int j = 0; j < k; j++)
                        board_place(&b, board_pos(&b, x + j * dx, y + j * dy), STONE_WHITE);
                    for (int j = 0; j < k; j++) {
                        int p = board_pos(&b, x + j * dx, y + j * dy);
                        struct win_line line;
                        assert_true(rules_is_win(&b, p, &line));
                        assert_int_equal(line.len, k);
                        assert_int_equal(line.cell[0], board_pos(&b, x, y));
                        assert_int_equal(line.cell[k - 1],
                                         board_pos(&b, x + (k - 1) * dx, y + (k - 1) * dy));
                        /* One stone short is no win. */
                        board_remove(&b, p);
                        board_place(&b, p, STONE_BLACK);
                        for (int m = 0; m < k; m++)
                            assert_false(rules_is_win(&b, board_pos(&b, x + m * dx, y + m * dy), NULL));
                        board_remove(&b, p);
                        board_place(&b, p, STONE_WHITE);
                    }
                    board_clear(&b);
                }
        }
        assert_true(windows > 0);
    }
}

static void play_row(struct board *b, int y, const char *row)
{
    for (int x = 0; row[x] != '\0'; x++)
        if (row[x] != '.')
            board_place(b, board_pos(b, x, y), row[x] == 'X' ? STONE_BLACK : STONE_WHITE);
}

static void test_exact_and_freestyle_overlines(void **state)
{
    (void)state;
    struct board f, e;
    board_init(&f, 9, 9, 5, RULE_FREESTYLE);
    board_init(&e, 9, 9, 5, RULE_EXACT);
    play_row(&f, 4, ".XXXXXX..");
    play_row(&e, 4, ".XXXXXX..");
    struct win_line line;
    assert_true(rules_is_win(&f, board_pos(&f, 3, 4), &line));
    assert_int_equal(line.len, 6); /* the whole overline is shown */
    assert_false(rules_is_win(&e, board_pos(&e, 3, 4), NULL));
    assert_false(oracle_has_win(&e, STONE_BLACK));

    board_init(&e, 9, 9, 5, RULE_EXACT);
    play_row(&e, 0, "XXXXX.X..");
    assert_true(rules_is_win(&e, board_pos(&e, 2, 0), &line));
    assert_int_equal(line.len, 5);
    assert_int_equal(line.cell[0], board_pos(&e, 0, 0));
    /* Filling the gap makes seven: no longer a win under exact. */
    board_place(&e, board_pos(&e, 5, 0), STONE_BLACK);
    assert_false(rules_is_win(&e, board_pos(&e, 5, 0), NULL));

    /* A long line on the diagonal, exact k = 4 on 7×4 (corner to edge). */
    board_init(&e, 7, 4, 4, RULE_EXACT);
    for (int i = 0; i < 4; i++)
        board_place(&e, board_pos(&e, i, i), STONE_WHITE);
    assert_true(rules_is_win(&e, board_pos(&e, 3, 3), NULL));
}

/* Random games on every size and every rule: the O(k) check agrees with the
 * oracle after every move. (Renju's forbidden moves are not refused here:
 * the board knows none, and the win test does not depend on them.) */
static void test_random_games_match_oracle(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 2024);
    for (int rule = 0; rule < RULE_COUNT; rule++)
        for (size_t i = 0; i < N_SIZES; i++)
            for (int game = 0; game < 40; game++) {
                struct board b;
                board_init(&b, sizes[i][0], sizes[i][1], sizes[i][2], (enum rule)rule);
                enum stone s = STONE_BLACK;
                while (!board_full(&b)) {
                    int p;
                    do
                        p = (int)rng_below(&r, (uint32_t)board_cells(&b));
                    while (board_at(&b, p) != STONE_NONE);
                    board_place(&b, p, s);
                    bool win = rules_is_win(&b, p, NULL);
                    assert_int_equal(win, oracle_has_win(&b, s));
                    if (win)
                        break;
                    s = stone_other(s);
                }
            }
}

/* Exhaustive play: the number of distinct tic-tac-toe games (ended by a win
 * or a full board) is 255,168. */
static long count_games(struct board *b, enum stone s)
{
    long n = 0;
    for (int p = 0; p < board_cells(b); p++) {
        if (board_at(b, p) != STONE_NONE)
            continue;
        board_place(b, p, s);
        if (rules_is_win(b, p, NULL) || board_full(b))
            n++;
        else
            n += count_games(b, stone_other(s));
        board_remove(b, p);
    }
    return n;
}

static void test_tictactoe_perft(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    assert_int_equal(count_games(&b, STONE_BLACK), 255168);
    assert_int_equal(b.stones, 0);
    assert_int_equal(b.hash, 0);
}

/* Can `s` (to move) or the other side still reach a winning line by some
 * continuation? Exhaustive; small boards only. */
static bool someone_can_win(struct board *b, enum stone s)
{
    for (int p = 0; p < board_cells(b); p++) {
        if (board_at(b, p) != STONE_NONE)
            continue;
        board_place(b, p, s);
        bool yes = rules_is_win(b, p, NULL) || someone_can_win(b, stone_other(s));
        board_remove(b, p);
        if (yes)
            return true;
    }
    return false;
}

/* Soundness of the dead draw: wherever it is declared in 3×3 and 4×3 play
 * (walks stop at wins and full boards, so every count here is early),
 * no continuation at all leads to a win. And it fires before the board is
 * full in some games (else it would be pointless). Under every rule: with
 * k = 3 renju is only "Black exactly k, White k or more" (no forbidden
 * moves below five), which is what its dead-draw test knows anyway. */
static int dead_checked, dead_early;
static void walk_dead(struct board *b, enum stone s)
{
    if (rules_is_dead(b, s)) {
        dead_checked++;
        if (!board_full(b))
            dead_early++;
        assert_false(someone_can_win(b, s));
        return;
    }
    for (int p = 0; p < board_cells(b); p++) {
        if (board_at(b, p) != STONE_NONE)
            continue;
        board_place(b, p, s);
        if (!rules_is_win(b, p, NULL) && !board_full(b))
            walk_dead(b, stone_other(s));
        board_remove(b, p);
    }
}

static void test_dead_draw_is_sound(void **state)
{
    (void)state;
    struct board b;
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        dead_checked = dead_early = 0;
        board_init(&b, 3, 3, 3, (enum rule)rule);
        walk_dead(&b, STONE_BLACK);
        assert_true(dead_early > 1000);
        assert_int_equal(dead_checked, dead_early);
        /* 4×3 from every first move of Black and White: larger, still quick. */
        board_init(&b, 4, 3, 3, (enum rule)rule);
        board_place(&b, 5, STONE_BLACK);
        board_place(&b, 6, STONE_WHITE);
        dead_early = 0;
        walk_dead(&b, STONE_BLACK);
        assert_true(dead_early > 0);
    }
}

static void test_dead_draw_cases(void **state)
{
    (void)state;
    struct board b;
    /* X to move with one empty cell that completes nothing: dead. */
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    play_row(&b, 0, "XOX");
    play_row(&b, 1, "XOO");
    play_row(&b, 2, "OX.");
    assert_true(rules_is_dead(&b, STONE_BLACK));
    /* Same shape, but a1 open: X can still make column a. */
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    play_row(&b, 0, "XOX");
    play_row(&b, 1, "XOO");
    play_row(&b, 2, ".X.");
    assert_false(rules_is_dead(&b, STONE_WHITE));
    /* Empty boards are alive; a single stone of each blocks nothing much. */
    board_init(&b, 15, 15, 5, RULE_EXACT);
    assert_false(rules_is_dead(&b, STONE_BLACK));
    /* Exact, k = 3 on 4×3: X's only open window would join its own stones
     * into an overline of four, so nobody can win; under freestyle that same
     * overline still wins. */
    const char *rows[] = { "OXO.", "XX.X", "OOXO" };
    board_init(&b, 4, 3, 3, RULE_EXACT);
    for (int y = 0; y < 3; y++)
        play_row(&b, y, rows[y]);
    assert_true(rules_is_dead(&b, STONE_BLACK));
    board_init(&b, 4, 3, 3, RULE_FREESTYLE);
    for (int y = 0; y < 3; y++)
        play_row(&b, y, rows[y]);
    assert_false(rules_is_dead(&b, STONE_BLACK));
}


/* A board of the rows given, top row first: X Black, O White, . empty. */
static void set_rows(struct board *b, int w, int h, int k, enum rule rule,
                     const char *const rows[])
{
    board_init(b, w, h, k, rule);
    for (int y = 0; y < h; y++)
        play_row(b, y, rows[y]);
}

/* Renju: Black to move with every empty cell forbidden can only pass, and
 * the game ends there as a draw: the dead-draw test says so, though White
 * still has a line to count (d2 to d6). One cell left to Black: it is the
 * one legal move, beside the overline. */
static void test_dead_when_black_has_no_legal_move(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 7, 6, 5, RULE_RENJU);
    assert_int_equal(boards_put_game(&b, BOARDS_RENJU_STUCK), STONE_BLACK);
    assert_int_equal(b.stones, 40);
    for (int p = 0; p < board_cells(&b); p++)
        assert_true(rules_longest_run(&b, p) < 5);   /* no five, no overline */
    int d1 = boards_cell(&b, "d1"), d2 = boards_cell(&b, "d2");
    assert_int_equal(rules_forbidden(&b, d1), FORBID_OVERLINE);
    assert_int_equal(rules_forbidden(&b, d2), FORBID_OVERLINE);
    assert_true(rules_is_dead(&b, STONE_BLACK));
    /* Freestyle knows no forbidden cells: the same stones are alive. */
    b.rule = RULE_FREESTYLE;
    assert_false(rules_is_dead(&b, STONE_BLACK));

    board_init(&b, 7, 6, 5, RULE_RENJU);
    boards_put_game(&b, BOARDS_RENJU_ONE_LEGAL);
    int legal = 0;
    for (int p = 0; p < board_cells(&b); p++)
        legal += rules_legal(&b, STONE_BLACK, p);
    assert_int_equal(legal, 1);
    assert_true(rules_legal(&b, STONE_BLACK, d1));
    assert_int_equal(rules_forbidden(&b, d2), FORBID_OVERLINE);
}

static void test_renju_wins(void **state)
{
    (void)state;
    struct board b;
    struct win_line line;
    /* White's six wins, whole; Black's six does not. */
    board_init(&b, 15, 15, 5, RULE_RENJU);
    play_row(&b, 7, "...OOOOOO......");
    assert_true(rules_is_win(&b, board_pos(&b, 5, 7), &line));
    assert_int_equal(line.len, 6);
    assert_int_equal(line.cell[0], board_pos(&b, 3, 7));
    board_init(&b, 15, 15, 5, RULE_RENJU);
    play_row(&b, 7, "...XXXXXX......");
    for (int x = 3; x < 9; x++)
        assert_false(rules_is_win(&b, board_pos(&b, x, 7), NULL));
    /* Black's exact five wins, the line is exactly its five. */
    board_init(&b, 15, 15, 5, RULE_RENJU);
    play_row(&b, 7, "XXXXX.X........");
    assert_true(rules_is_win(&b, board_pos(&b, 4, 7), &line));
    assert_int_equal(line.len, 5);
    assert_int_equal(line.cell[4], board_pos(&b, 4, 7));
    /* Five on the column and six on the row through the same stone: the
     * five wins, and it is the line shown. */
    const char *rows[] = {
        ".....", ".....", "..X..", "..X..", "..X..", "..X..",
        "XXXXXX", "..O..", ".....",
    };
    set_rows(&b, 9, 9, 5, RULE_RENJU, rows);
    assert_true(rules_is_win(&b, board_pos(&b, 2, 6), &line));
    assert_int_equal(line.len, 5);
    assert_int_equal(line.cell[0], board_pos(&b, 2, 2));
}

static void test_caro_wins(void **state)
{
    (void)state;
    struct board b;
    struct win_line line;
    /* Five blocked at both ends by the opponent: no win, however long. */
    board_init(&b, 15, 15, 5, RULE_CARO);
    play_row(&b, 7, "..OXXXXXO......");
    assert_false(rules_is_win(&b, board_pos(&b, 5, 7), NULL));
    board_init(&b, 15, 15, 5, RULE_CARO);
    play_row(&b, 7, "..OXXXXXXO.....");
    assert_false(rules_is_win(&b, board_pos(&b, 8, 7), NULL));
    /* Blocked at one end: a win; an overline too, shown whole. */
    board_init(&b, 15, 15, 5, RULE_CARO);
    play_row(&b, 7, "..OXXXXX.O.....");
    assert_true(rules_is_win(&b, board_pos(&b, 3, 7), &line));
    assert_int_equal(line.len, 5);
    board_init(&b, 15, 15, 5, RULE_CARO);
    play_row(&b, 7, "..OXXXXXXXX....");
    assert_true(rules_is_win(&b, board_pos(&b, 10, 7), &line));
    assert_int_equal(line.len, 8);
    assert_int_equal(line.cell[0], board_pos(&b, 3, 7));
    /* The edge is open: against the edge and the opponent, still a win. */
    board_init(&b, 15, 15, 5, RULE_CARO);
    play_row(&b, 7, "OOOOOX.........");
    assert_true(rules_is_win(&b, board_pos(&b, 0, 7), NULL));
    /* A diagonal from corner to corner of a 5×5 board wins: both ends on
     * the edge. Blocked both ends on a 7×7, it does not. */
    board_init(&b, 5, 5, 5, RULE_CARO);
    for (int i = 0; i < 5; i++)
        board_place(&b, board_pos(&b, i, i), STONE_BLACK);
    assert_true(rules_is_win(&b, board_pos(&b, 2, 2), NULL));
    board_init(&b, 7, 7, 5, RULE_CARO);
    for (int i = 1; i < 6; i++)
        board_place(&b, board_pos(&b, i, i), STONE_BLACK);
    board_place(&b, board_pos(&b, 0, 0), STONE_WHITE);
    assert_true(rules_is_win(&b, board_pos(&b, 3, 3), NULL));
    board_place(&b, board_pos(&b, 6, 6), STONE_WHITE);
    assert_false(rules_is_win(&b, board_pos(&b, 3, 3), NULL));
    /* Blocked along one line, winning along another through the stone. */
    const char *rows[] = { "..O...", "..X...", "OXXXXO", "..X...", "..X...", "..X..." };
    set_rows(&b, 6, 6, 4, RULE_CARO, rows);
    assert_true(rules_is_win(&b, board_pos(&b, 2, 2), &line));
    assert_int_equal(line.len, 5);
    assert_int_equal(line.cell[0], board_pos(&b, 2, 1));
}

static void test_rules_check(void **state)
{
    (void)state;
    assert_null(rules_check(15, 15, 5, RULE_RENJU));
    assert_null(rules_check(19, 19, 5, RULE_RENJU));
    assert_string_equal(rules_check(15, 15, 6, RULE_RENJU), "renju is played with five in a row (win length 5)");
    assert_string_equal(rules_check(3, 3, 3, RULE_RENJU), "renju is played with five in a row (win length 5)");
    assert_null(rules_check(3, 3, 3, RULE_CARO));
    assert_null(rules_check(7, 7, 6, RULE_EXACT));
    /* The size's reason comes first. */
    assert_string_equal(rules_check(2, 3, 3, RULE_RENJU), board_check_size(2, 3, 3));
}

/* The early draw per rule, window by window. */
static void test_dead_draw_per_rule(void **state)
{
    (void)state;
    struct board b;
    /* Caro, k = 3: X's only window sits between two O stones: it could be
     * filled, but never win. Freestyle lets it win. */
    const char *caged[] = { "OOOOO", "OOOOO", "O...O" };
    set_rows(&b, 5, 3, 3, RULE_CARO, caged);
    assert_false(rules_can_win(&b, STONE_BLACK, 3));
    set_rows(&b, 5, 3, 3, RULE_FREESTYLE, caged);
    assert_true(rules_can_win(&b, STONE_BLACK, 3));
    /* Open at one end (the edge counts as open): still winnable. */
    const char *edge[] = { "OOOOO", "OOOOO", "...OO" };
    set_rows(&b, 5, 3, 3, RULE_CARO, edge);
    assert_true(rules_can_win(&b, STONE_BLACK, 3));
    /* Four cells between two O stones: each window of three in them has one
     * open neighbour, and a run of three there would win. */
    const char *longer[] = { "OOOOOO", "OOOOOO", "O....O" };
    set_rows(&b, 6, 3, 3, RULE_CARO, longer);
    assert_true(rules_can_win(&b, STONE_BLACK, 3));
    /* Renju, k = 5: Black needs exactly five, White five or more. On the
     * top row each of Black's windows touches Black's own stone (filled, an
     * overline); White's window on the middle row touches White's own. No
     * window of five runs down or across three rows. */
    const char *lines[] = { "OXXXX.XO", "XOOOO.OX", "XOXOXOXO" };
    set_rows(&b, 8, 3, 5, RULE_RENJU, lines);
    assert_false(rules_can_win(&b, STONE_BLACK, 10));
    assert_true(rules_can_win(&b, STONE_WHITE, 10));
    assert_false(rules_is_dead(&b, STONE_BLACK));
    set_rows(&b, 8, 3, 5, RULE_EXACT, lines);
    assert_false(rules_can_win(&b, STONE_BLACK, 10));
    assert_false(rules_can_win(&b, STONE_WHITE, 10));
    assert_true(rules_is_dead(&b, STONE_BLACK));
    set_rows(&b, 8, 3, 5, RULE_FREESTYLE, lines);
    assert_true(rules_can_win(&b, STONE_BLACK, 10));
    assert_true(rules_can_win(&b, STONE_WHITE, 10));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_window_wins),
        cmocka_unit_test(test_exact_and_freestyle_overlines),
        cmocka_unit_test(test_random_games_match_oracle),
        cmocka_unit_test(test_tictactoe_perft),
        cmocka_unit_test(test_dead_draw_is_sound),
        cmocka_unit_test(test_dead_draw_cases),
        cmocka_unit_test(test_dead_when_black_has_no_legal_move),
        cmocka_unit_test(test_renju_wins),
        cmocka_unit_test(test_caro_wins),
        cmocka_unit_test(test_rules_check),
        cmocka_unit_test(test_dead_draw_per_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
