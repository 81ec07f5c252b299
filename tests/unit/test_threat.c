/* test_threat.c — the `threat` strategy's hard rules (under exact and caro
 * too) and its strength, and the `tutorial` yardstick's scoring as
 * specified; the moves of both pinned. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* Sets up a board from a picture, top row first: 'X' Black, 'O' White,
 * anything else empty. */
static void board_draw(struct board *b, int k, enum rule rule,
                       const char *const *rows, int height)
{
    int width = (int)strlen(rows[0]);
    assert_true(board_init(b, width, height, k, rule));
    for (int y = 0; y < height; y++) {
        assert_int_equal((int)strlen(rows[y]), width);
        for (int x = 0; x < width; x++) {
            if (rows[y][x] == 'X')
                board_place(b, board_pos(b, x, y), STONE_BLACK);
            else if (rows[y][x] == 'O')
                board_place(b, board_pos(b, x, y), STONE_WHITE);
        }
    }
}

#define DRAW(b, k, rule, ...)                                               \
    do {                                                                    \
        static const char *const rows_[] = { __VA_ARGS__ };                 \
        board_draw((b), (k), (rule), rows_, (int)(sizeof rows_ / sizeof rows_[0])); \
    } while (0)

static int choose(const char *name, const struct board *b, enum stone side,
                  uint64_t seed)
{
    struct ai ai;
    struct ai_options opts = { .seed = seed };
    assert_true(ai_create(&ai, name, &opts));
    int pos = ai_choose(&ai, b, side, NULL);
    ai_destroy(&ai);
    assert_in_range(pos, 0, board_cells(b) - 1);
    assert_int_equal(board_at(b, pos), STONE_NONE);
    return pos;
}

/* Whether `side` on pos wins, on a copy of b. */
static bool wins_on(const struct board *b, int pos, enum stone side)
{
    struct board c = *b;
    board_place(&c, pos, side);
    return rules_is_win(&c, pos, NULL);
}

/* Lays k-1 stones of `side` along direction d from (x, y), leaving the cell
 * at index `gap` of the k cells empty; returns that cell. */
static int lay_line(struct board *b, int x, int y, int d, int gap, enum stone side)
{
    int hole = -1;
    for (int i = 0; i < b->win; i++) {
        int pos = board_pos(b, x + i * rules_dir[d][0], y + i * rules_dir[d][1]);
        if (i == gap)
            hole = pos;
        else
            board_place(b, pos, side);
    }
    return hole;
}

/* Random lines of k-1 with one gap anywhere (XXXX_, XX_XX, X_XXX, ...), in
 * every direction, often touching the edges, for k = 3..6 on boards from the
 * smallest that fits: the side to move completes one, or blocks one. */
static void line_positions(bool own)
{
    struct rng r;
    rng_seed(&r, 2024);
    for (int k = 3; k <= 6; k++) {
        for (int round = 0; round < 120; round++) {
            int side = k + (int)rng_below(&r, 8);
            struct board b;
            assert_true(board_init(&b, side, side, k, RULE_FREESTYLE));
            int d = (int)rng_below(&r, 4);
            int dx = rules_dir[d][0], dy = rules_dir[d][1];
            /* A start whose k cells all lie on the board. */
            int x0 = dx == 0 ? (int)rng_below(&r, (uint32_t)side)
                             : (int)rng_below(&r, (uint32_t)(side - k + 1));
            int y0 = dy == 0 ? (int)rng_below(&r, (uint32_t)side)
                   : dy > 0  ? (int)rng_below(&r, (uint32_t)(side - k + 1))
                             : k - 1 + (int)rng_below(&r, (uint32_t)(side - k + 1));
            int gap = (int)rng_below(&r, (uint32_t)k);
            enum stone mover = STONE_BLACK;
            enum stone liner = own ? mover : STONE_WHITE;
            int hole = lay_line(&b, x0, y0, d, gap, liner);
            assert_true(wins_on(&b, hole, liner));
            int pos = choose("threat", &b, mover, (uint64_t)round);
            /* A line open at an end can be completed on either end cell;
             * any completing cell is right. */
            assert_true(wins_on(&b, pos, liner));
        }
    }
}

static void test_wins_in_one(void **state)
{
    (void)state;
    line_positions(true);
}

static void test_blocks_in_one(void **state)
{
    (void)state;
    line_positions(false);
}

static void test_wins_split_shapes(void **state)
{
    (void)state;
    struct board b;
    /* XX_XX along a row, a column and a diagonal; White has a four too. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "..XX.XX........",
         "...........O...",
         "...........O...",
         "...........O...",
         "...........O...",
         "...............",
         "...............");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 1), board_pos(&b, 4, 1));
    DRAW(&b, 5, RULE_FREESTYLE,
         "O..............",
         ".X.............",
         "..X............",
         "...............",
         "....X..........",
         ".....X.........",
         "OOO.O..........",
         "...............");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 1), board_pos(&b, 3, 3));
    /* k = 6: XXX_XX in a column touching the bottom edge. */
    DRAW(&b, 6, RULE_FREESTYLE,
         "........",
         "........",
         "..X.....",
         "..X.....",
         "..X.....",
         "........",
         "..X..OOO",
         "..X..OO.");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 1), board_pos(&b, 2, 5));
    /* k = 7, X_X_X_X on the last column: not a win yet, but the move must
     * build on that line. */
    DRAW(&b, 7, RULE_FREESTYLE,
         ".......X",
         "........",
         ".......X",
         "........",
         ".......X",
         "........",
         ".......X");
    assert_int_equal(board_x(&b, choose("threat", &b, STONE_BLACK, 1)), 7);
}

static void test_own_win_over_block(void **state)
{
    (void)state;
    struct board b;
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         ".OOOO..........",
         "...............",
         "......X........",
         "......X........",
         "......X........",
         "......X........",
         "...............");
    for (uint64_t seed = 0; seed < 8; seed++) {
        int pos = choose("threat", &b, STONE_BLACK, seed);
        assert_true(wins_on(&b, pos, STONE_BLACK));
        pos = choose("threat", &b, STONE_WHITE, seed);
        assert_true(wins_on(&b, pos, STONE_WHITE));
    }
}

static void test_makes_double_threat(void **state)
{
    (void)state;
    struct board b;
    /* Two closed threes crossing at (7,7): a double four there. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "...............",
         "...............",
         ".......O.......",
         ".......X.......",
         ".......X.......",
         ".......X.......",
         "...OXXX........",
         "...............",
         "...............",
         "............O..",
         "...............");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 3), board_pos(&b, 7, 7));
    /* Two open twos crossing at (7,7): two open threes there. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "..O............",
         "...............",
         "...............",
         "...............",
         ".......X.......",
         ".......X.......",
         ".....XX........",
         "...............",
         "...............",
         "...............",
         "............O..",
         "...............");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 3), board_pos(&b, 7, 7));
    /* A closed four with an open three at (7,7) beats plain fours. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "O..............",
         "...............",
         ".......O.......",
         ".......X.......",
         ".......X.......",
         ".......X.......",
         ".....XX........",
         "...............",
         "...........O...",
         "...............");
    assert_int_equal(choose("threat", &b, STONE_BLACK, 3), board_pos(&b, 7, 7));
}

static void test_blocks_double_threat(void **state)
{
    (void)state;
    struct board b;
    /* White makes two open threes at (7,7) unless Black breaks one of the
     * lines near it: any answer must lie on row 7 or column 7, close by. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "...............",
         "...............",
         "...............",
         "...............",
         ".......O.......",
         ".......O.......",
         ".....OO........",
         "...............",
         "..X............",
         "...............",
         "............X..",
         "...............");
    for (uint64_t seed = 0; seed < 8; seed++) {
        int pos = choose("threat", &b, STONE_BLACK, seed);
        int x = board_x(&b, pos), y = board_y(&b, pos);
        assert_true((y == 7 && x >= 3 && x <= 9) || (x == 7 && y >= 3 && y <= 9));
    }
    /* Tic-tac-toe: X in opposite corners, O in the centre. A corner loses
     * to a fork; O must force with an edge. */
    DRAW(&b, 3, RULE_FREESTYLE, "X..", ".O.", "..X");
    for (uint64_t seed = 0; seed < 8; seed++) {
        int pos = choose("threat", &b, STONE_WHITE, seed);
        int x = board_x(&b, pos), y = board_y(&b, pos);
        assert_int_equal((x + y) % 2, 1);
    }
    /* X in the centre and the corner opposite O's: O must take a corner. */
    DRAW(&b, 3, RULE_FREESTYLE, "O..", ".X.", "..X");
    for (uint64_t seed = 0; seed < 8; seed++) {
        int pos = choose("threat", &b, STONE_WHITE, seed);
        assert_true(pos == board_pos(&b, 2, 0) || pos == board_pos(&b, 0, 2));
    }
}

/* At equal shapes attack weighs more than defence: with a closed three each,
 * Black extends its own to a four rather than blocking White's. */
static void test_attack_over_defence(void **state)
{
    (void)state;
    struct board b;
    DRAW(&b, 5, RULE_FREESTYLE,
         "...............",
         "...............",
         "...OXXX........",
         "...............",
         "...............",
         "...............",
         "...............",
         "...............",
         "...............",
         "........XOOO...",
         "...............",
         "...............");
    for (uint64_t seed = 0; seed < 8; seed++)
        assert_int_equal(board_y(&b, choose("threat", &b, STONE_BLACK, seed)), 2);
}

static void test_exact_rule(void **state)
{
    (void)state;
    struct board b;
    /* (6,3) would make six; (1,3) makes exactly five. */
    DRAW(&b, 5, RULE_EXACT,
         "...............",
         "...............",
         "...............",
         "..XXXX.X.......",
         "...............",
         "..........O....",
         "...O...........",
         "...............");
    for (uint64_t seed = 0; seed < 4; seed++)
        assert_int_equal(choose("threat", &b, STONE_BLACK, seed), board_pos(&b, 1, 3));
    b.rule = RULE_FREESTYLE;
    for (uint64_t seed = 0; seed < 4; seed++)
        assert_true(wins_on(&b, choose("threat", &b, STONE_BLACK, seed), STONE_BLACK));

    /* White's gap at (6,3) only makes an overline: under exact it is no
     * threat, and Black makes its open four; under freestyle Black blocks. */
    DRAW(&b, 5, RULE_EXACT,
         "...............",
         "...............",
         "...............",
         ".XOOOO.O.......",
         "...............",
         "...............",
         "...............",
         "........XXX....",
         "...............",
         "...............");
    for (uint64_t seed = 0; seed < 4; seed++) {
        int pos = choose("threat", &b, STONE_BLACK, seed);
        assert_true(pos == board_pos(&b, 7, 7) || pos == board_pos(&b, 11, 7));
    }
    b.rule = RULE_FREESTYLE;
    for (uint64_t seed = 0; seed < 4; seed++)
        assert_int_equal(choose("threat", &b, STONE_BLACK, seed), board_pos(&b, 6, 3));
}

/* Caro, where a five blocked at both ends by the opponent wins nothing and
 * the edge blocks nothing. */
static void test_caro_rule(void **state)
{
    (void)state;
    struct board b;
    /* BOARDS_CARO_BLOCKED_FIVE: k8 wins but under caro, where Black stops
     * White's open three instead. */
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        boards_put_game(&b, BOARDS_CARO_BLOCKED_FIVE);
        for (uint64_t seed = 0; seed < 4; seed++) {
            int pos = choose("threat", &b, STONE_BLACK, seed);
            if (rule == RULE_CARO)
                assert_true(pos == boards_cell(&b, "f6") || pos == boards_cell(&b, "f10") ||
                            pos == boards_cell(&b, "f5") || pos == boards_cell(&b, "f11"));
            else
                assert_int_equal(pos, boards_cell(&b, "k8"));
        }
    }
    /* Black's c8-e8 between White's a8 and h8: f8's two winning points are
     * an open four under freestyle, so White must not play its double
     * three on l12; under caro one stone stops them both (g8, or b8), it
     * is a four, and White plays the double three. */
    for (int rule = RULE_FREESTYLE; rule <= RULE_CARO; rule += RULE_CARO - RULE_FREESTYLE) {
        assert_true(board_init(&b, 15, 15, 5, (enum rule)rule));
        boards_put(&b, "c8 d8 e8", STONE_BLACK);
        boards_put(&b, "a8 h8 j12 k12 l13 l14", STONE_WHITE);
        for (uint64_t seed = 0; seed < 4; seed++) {
            int pos = choose("threat", &b, STONE_WHITE, seed);
            if (rule == RULE_CARO)
                assert_int_equal(pos, boards_cell(&b, "l12"));
            else
                assert_int_not_equal(pos, boards_cell(&b, "l12"));
        }
    }
}

/* Plays one game; returns the winner or STONE_NONE for a draw. Records the
 * moves in moves[] when it is not NULL. */
static enum stone play_game(const char *black, const char *white, int size, int k,
                            uint64_t seed_black, uint64_t seed_white, int *moves)
{
    struct ai ai[2];
    struct ai_options ob = { .seed = seed_black }, ow = { .seed = seed_white };
    assert_true(ai_create(&ai[0], black, &ob));
    assert_true(ai_create(&ai[1], white, &ow));
    struct board b;
    assert_true(board_init(&b, size, size, k, RULE_FREESTYLE));
    enum stone s = STONE_BLACK, winner = STONE_NONE;
    for (int ply = 0; !board_full(&b); ply++) {
        int pos = ai_choose(&ai[s - 1], &b, s, NULL);
        assert_in_range(pos, 0, board_cells(&b) - 1);
        assert_int_equal(board_at(&b, pos), STONE_NONE);
        if (moves != NULL)
            moves[ply] = pos;
        board_place(&b, pos, s);
        if (rules_is_win(&b, pos, NULL)) {
            winner = s;
            break;
        }
        s = stone_other(s);
    }
    ai_destroy(&ai[0]);
    ai_destroy(&ai[1]);
    return winner;
}

static void test_reproducible(void **state)
{
    (void)state;
    int first[BOARD_MAX_CELLS], again[BOARD_MAX_CELLS];
    memset(first, -1, sizeof first);
    memset(again, -1, sizeof again);
    play_game("threat", "threat", 15, 5, 7, 8, first);
    play_game("threat", "threat", 15, 5, 7, 8, again);
    assert_memory_equal(first, again, sizeof first);
    /* And the seed matters: some other seed plays a different game. */
    bool differs = false;
    for (uint64_t seed = 9; seed < 14 && !differs; seed++) {
        memset(again, -1, sizeof again);
        play_game("threat", "threat", 15, 5, seed, 8, again);
        differs = memcmp(first, again, sizeof first) != 0;
    }
    assert_true(differs);
    /* tutorial's random tie-breaks follow its seed too. */
    memset(first, -1, sizeof first);
    memset(again, -1, sizeof again);
    play_game("tutorial", "tutorial", 15, 5, 3, 4, first);
    play_game("tutorial", "tutorial", 15, 5, 3, 4, again);
    assert_memory_equal(first, again, sizeof first);
}

static void test_opening_and_small_boards(void **state)
{
    (void)state;
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    assert_int_equal(choose("threat", &b, STONE_BLACK, 1), board_pos(&b, 7, 7));
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    assert_int_equal(choose("threat", &b, STONE_BLACK, 1), board_pos(&b, 1, 1));
    board_init(&b, 4, 6, 3, RULE_FREESTYLE);
    for (uint64_t seed = 0; seed < 8; seed++) {
        int pos = choose("threat", &b, STONE_BLACK, seed);
        int x = board_x(&b, pos), y = board_y(&b, pos);
        assert_true(x >= 1 && x <= 2 && y >= 2 && y <= 3);
    }
    /* Tic-tac-toe: never loses, and draws against itself. */
    for (uint64_t seed = 0; seed < 40; seed++) {
        assert_int_equal(play_game("threat", "threat", 3, 3, seed, seed + 100, NULL),
                         STONE_NONE);
        assert_int_not_equal(play_game("threat", "random", 3, 3, seed, seed, NULL),
                             STONE_WHITE);
        assert_int_not_equal(play_game("random", "threat", 3, 3, seed, seed, NULL),
                             STONE_BLACK);
    }
}

/* Every game of tic-tac-toe threat can reach with seed `seed` as `me`,
 * against every sequence of replies: counts the games and the losses. The
 * player is rebuilt and replayed along hist[] so that its random choices
 * follow the history exactly as in a real game. */
static void ttt_explore(int *hist, int len, enum stone me, uint64_t seed,
                        int *games, int *losses)
{
    struct board b;
    board_init(&b, 3, 3, 3, RULE_FREESTYLE);
    enum stone s = STONE_BLACK;
    for (int i = 0; i < len; i++) {
        board_place(&b, hist[i], s);
        s = stone_other(s);
    }
    if (len > 0 && rules_is_win(&b, hist[len - 1], NULL)) {
        ++*games;
        *losses += s == me;    /* the side to move lost */
        return;
    }
    if (board_full(&b)) {
        ++*games;
        return;
    }
    if (s != me) {
        for (int p = 0; p < 9; p++) {
            if (board_at(&b, p) != STONE_NONE)
                continue;
            hist[len] = p;
            ttt_explore(hist, len + 1, me, seed, games, losses);
        }
        return;
    }
    struct ai ai;
    struct ai_options opts = { .seed = seed };
    assert_true(ai_create(&ai, "threat", &opts));
    struct board r;
    board_init(&r, 3, 3, 3, RULE_FREESTYLE);
    enum stone t = STONE_BLACK;
    int pos = -1;
    for (int i = 0; i <= len; i++) {
        if (t == me)
            pos = ai_choose(&ai, &r, t, NULL);
        if (i < len) {
            board_place(&r, hist[i], t);
            t = stone_other(t);
        }
    }
    ai_destroy(&ai);
    hist[len] = pos;
    ttt_explore(hist, len + 1, me, seed, games, losses);
}

/* threat never loses a game of tic-tac-toe, whatever the opponent plays. */
static void test_tic_tac_toe_exhaustive(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 3; seed++) {
        for (enum stone me = STONE_BLACK; me <= STONE_WHITE; me++) {
            int hist[9], games = 0, losses = 0;
            ttt_explore(hist, 0, me, seed, &games, &losses);
            assert_true(games > (me == STONE_BLACK ? 50 : 300));
            assert_int_equal(losses, 0);
        }
    }
}

/* 40 games on 15×15, k = 5, colours alternating, fixed seeds: the number
 * `threat` wins. */
static int threat_wins(const char *opponent)
{
    int wins = 0;
    for (int g = 0; g < 40; g++) {
        uint64_t st = 1000 + (uint64_t)g, so = 5000 + (uint64_t)g;
        if (g % 2 == 0)
            wins += play_game("threat", opponent, 15, 5, st, so, NULL) == STONE_BLACK;
        else
            wins += play_game(opponent, "threat", 15, 5, so, st, NULL) == STONE_WHITE;
    }
    return wins;
}

static void test_match_against_random(void **state)
{
    (void)state;
    assert_int_equal(threat_wins("random"), 40);
}

static void test_match_against_tutorial(void **state)
{
    (void)state;
    /* Measured 40 of 40; 36 leaves room for small changes in the weights. */
    assert_true(threat_wins("tutorial") >= 36);
}

static void test_tutorial_scoring(void **state)
{
    (void)state;
    struct board b;
    /* Its own four (20000) over blocking White's (10100). */
    DRAW(&b, 5, RULE_FREESTYLE,
         "..........",
         ".OOOO.....",
         "..........",
         "..........",
         "XXXX......",
         "..........");
    assert_int_equal(choose("tutorial", &b, STONE_BLACK, 1), board_pos(&b, 4, 4));
    /* Blocking a four (10100) over its own open three's end (100 + ...). */
    DRAW(&b, 5, RULE_FREESTYLE,
         "..........",
         "OOOO......",
         "..........",
         "...XXX....",
         "..........",
         "..........");
    assert_int_equal(choose("tutorial", &b, STONE_BLACK, 1), board_pos(&b, 4, 1));
    /* The deliberate flaw: its own two closed at both ends (O X _ X O) scores
     * like a four and outweighs blocking White's open three. */
    DRAW(&b, 5, RULE_FREESTYLE,
         "..........",
         "...OOO....",
         "..........",
         "..........",
         ".OX.XO....",
         "..........");
    assert_int_equal(choose("tutorial", &b, STONE_BLACK, 1), board_pos(&b, 3, 4));
    /* threat blocks there instead. */
    int pos = choose("threat", &b, STONE_BLACK, 1);
    assert_true(pos == board_pos(&b, 2, 1) || pos == board_pos(&b, 6, 1));
}

/* One game of `black` against `white` on a width x height board, k in a
 * row under `rule`, to the end: the FNV-1a hash of its moves in order, and
 * their number in *plies. */
static uint64_t game_hash(const char *black, const char *white, int width, int height, int k,
                          enum rule rule, uint64_t seed, int *plies)
{
    struct ai ai[2];
    struct ai_options ob = { .seed = seed }, ow = { .seed = seed + 1 };
    assert_true(ai_create(&ai[0], black, &ob));
    assert_true(ai_create(&ai[1], white, &ow));
    struct board b;
    assert_true(board_init(&b, width, height, k, rule));
    uint64_t h = 14695981039346656037u;
    enum stone s = STONE_BLACK;
    *plies = 0;
    while (!board_full(&b)) {
        int pos = ai_choose(&ai[s - 1], &b, s, NULL);
        if (pos < 0)
            break;
        assert_true(rules_legal(&b, s, pos));
        h = (h ^ (uint64_t)pos) * 1099511628211u;
        ++*plies;
        board_place(&b, pos, s);
        if (rules_is_win(&b, pos, NULL))
            break;
        s = stone_other(s);
    }
    ai_destroy(&ai[0]);
    ai_destroy(&ai[1]);
    return h;
}

/* The tutorial's moves, pinned: whole games against itself and against
 * `random` on boards of each rule, as it played them when its reading of
 * the lines moved into the pattern module (a yardstick must not drift). */
static void test_tutorial_moves_pinned(void **state)
{
    (void)state;
    static const struct {
        const char *black, *white;
        int width, height, k;
        enum rule rule;
        uint64_t seed;
        int plies;
        uint64_t hash;
    } games[] = {
        { "tutorial", "tutorial", 15, 15, 5, RULE_FREESTYLE, 1, 21, 0x310918c5f07fc5cdu },
        { "tutorial", "random", 15, 15, 5, RULE_FREESTYLE, 2, 9, 0x2dca135ed060c04du },
        { "random", "tutorial", 19, 19, 5, RULE_EXACT, 3, 10, 0xdbf06a16af4ddb2cu },
        { "tutorial", "tutorial", 15, 15, 5, RULE_CARO, 4, 48, 0x72d725178a1e683du },
        { "random", "tutorial", 15, 15, 5, RULE_CARO, 5, 12, 0xfb85bcbe75345fa2u },
        { "tutorial", "tutorial", 15, 15, 5, RULE_RENJU, 6, 24, 0x5de345b5a3b39a1du },
        { "tutorial", "random", 7, 9, 4, RULE_FREESTYLE, 7, 17, 0x57f0acaccd988b6du },
        { "tutorial", "tutorial", 26, 20, 7, RULE_CARO, 8, 344, 0xe9be6edc81998806u },
        { "random", "tutorial", 3, 3, 3, RULE_FREESTYLE, 9, 8, 0xcb62bdb17d6a0f2au },
        { "tutorial", "tutorial", 15, 15, 5, RULE_EXACT, 10, 196, 0x2188995fbda24519u },
        { "tutorial", "tutorial", 19, 19, 6, RULE_FREESTYLE, 11, 251, 0x632f98a9a0b21be2u },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        int plies;
        uint64_t h = game_hash(games[i].black, games[i].white, games[i].width, games[i].height,
                               games[i].k, games[i].rule, games[i].seed, &plies);
        assert_int_equal(plies, games[i].plies);
        assert_true(h == games[i].hash);
    }
}

/* The threat strategy's moves, pinned as the tutorial's are: whole games
 * against itself, the tutorial and random under each rule, as it played
 * them when its reading of the lines moved into the pattern module. */
static void test_threat_moves_pinned(void **state)
{
    (void)state;
    static const struct {
        const char *black, *white;
        int width, height, k;
        enum rule rule;
        uint64_t seed;
        int plies;
        uint64_t hash;
    } games[] = {
        { "threat", "threat", 15, 15, 5, RULE_FREESTYLE, 1, 31, 0x4cb19b17b9a5ccc1u },
        { "threat", "tutorial", 15, 15, 5, RULE_FREESTYLE, 2, 27, 0x6d6e0389ade0d85fu },
        { "random", "threat", 19, 19, 5, RULE_EXACT, 3, 10, 0x8313958de2973412u },
        { "threat", "threat", 15, 15, 5, RULE_EXACT, 4, 33, 0xf8f9454b44d631e4u },
        { "threat", "threat", 15, 15, 5, RULE_CARO, 5, 33, 0x5d141d111c222c5du },
        { "tutorial", "threat", 15, 15, 5, RULE_CARO, 6, 24, 0x1e5bcde425294b93u },
        { "threat", "threat", 15, 15, 5, RULE_RENJU, 7, 225, 0x3d17d00a33b2c8ebu },
        { "threat", "random", 7, 9, 4, RULE_FREESTYLE, 8, 7, 0x086165636874ca37u },
        { "threat", "threat", 26, 20, 7, RULE_CARO, 9, 520, 0x801f0e482712ef15u },
        { "threat", "threat", 19, 19, 6, RULE_EXACT, 10, 361, 0xf0056dde5f6e8715u },
        { "threat", "threat", 3, 3, 3, RULE_FREESTYLE, 11, 9, 0x5ed3f634d43a5b27u },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        int plies;
        uint64_t h = game_hash(games[i].black, games[i].white, games[i].width, games[i].height,
                               games[i].k, games[i].rule, games[i].seed, &plies);
        assert_int_equal(plies, games[i].plies);
        assert_true(h == games[i].hash);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wins_in_one),
        cmocka_unit_test(test_blocks_in_one),
        cmocka_unit_test(test_wins_split_shapes),
        cmocka_unit_test(test_own_win_over_block),
        cmocka_unit_test(test_makes_double_threat),
        cmocka_unit_test(test_blocks_double_threat),
        cmocka_unit_test(test_attack_over_defence),
        cmocka_unit_test(test_exact_rule),
        cmocka_unit_test(test_caro_rule),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_opening_and_small_boards),
        cmocka_unit_test(test_tic_tac_toe_exhaustive),
        cmocka_unit_test(test_match_against_random),
        cmocka_unit_test(test_match_against_tutorial),
        cmocka_unit_test(test_tutorial_scoring),
        cmocka_unit_test(test_tutorial_moves_pinned),
        cmocka_unit_test(test_threat_moves_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
