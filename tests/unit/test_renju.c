/* test_renju.c — Black's forbidden moves under renju: hand-made positions
 * drawn as diagrams, and rules_forbidden() against a slow reference written
 * straight from the RIF definitions on random positions.
 *
 * The reference shares no code with src/core/rules.c: it copies the board,
 * places stones on the copy, and measures whole lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "mnk/rng.h"
#include "mnk/rules.h"

/* ---- The reference ---------------------------------------------------- */

static int ref_depth, ref_max_depth;   /* how deep the recursion went */

/* The cells of the whole line through `pos` along direction d, edge to
 * edge; *at is the index of `pos` among them. */
static int ref_line(const struct board *b, int pos, int d, int cells[BOARD_MAX_SIDE], int *at)
{
    int dx = rules_dir[d][0], dy = rules_dir[d][1];
    int x = board_x(b, pos), y = board_y(b, pos);
    while (board_inside(b, x - dx, y - dy)) {
        x -= dx;
        y -= dy;
    }
    int n = 0;
    for (; board_inside(b, x, y); x += dx, y += dy) {
        if (board_pos(b, x, y) == pos)
            *at = n;
        cells[n++] = board_pos(b, x, y);
    }
    return n;
}

/* The unbroken row of Black through cells[i] (Black): first and last index. */
static void ref_row(const struct board *b, const int *cells, int n, int i, int *first, int *last)
{
    *first = *last = i;
    while (*first > 0 && board_at(b, cells[*first - 1]) == STONE_BLACK)
        (*first)--;
    while (*last < n - 1 && board_at(b, cells[*last + 1]) == STONE_BLACK)
        (*last)++;
}

static int ref_row_length(const struct board *b, const int *cells, int n, int i)
{
    int first, last;
    ref_row(b, cells, n, i, &first, &last);
    return last - first + 1;
}

static enum forbid ref_forbidden(const struct board *b, int pos);

/* The fours through `pos` (Black) on line d: the different sets of four
 * Black stones, `pos` among them, to which one more stone makes a five, as
 * bit sets over the line's cells. */
static int ref_fours(struct board *b, int pos, int d)
{
    int cells[BOARD_MAX_SIDE], at = -1;
    int n = ref_line(b, pos, d, cells, &at);
    uint32_t found[BOARD_MAX_SIDE];
    int count = 0;
    for (int r = 0; r < n; r++) {
        if (board_at(b, cells[r]) != STONE_NONE)
            continue;
        board_place(b, cells[r], STONE_BLACK);
        int first, last;
        ref_row(b, cells, n, at, &first, &last);
        if (last - first + 1 == 5) {
            uint32_t four = 0;
            for (int i = first; i <= last; i++)
                if (i != r)
                    four |= UINT32_C(1) << i;
            bool seen = false;
            for (int k = 0; k < count; k++)
                seen |= found[k] == four;
            if (!seen)
                found[count++] = four;
        }
        board_remove(b, cells[r]);
    }
    return count;
}

/* Whether `pos` (Black) has a three on line d: one more stone on the line
 * makes an unbroken four through `pos` and that stone which two different
 * stones would each make a five, and that stone is an allowed move. */
static bool ref_three(struct board *b, int pos, int d)
{
    int cells[BOARD_MAX_SIDE], at = -1;
    int n = ref_line(b, pos, d, cells, &at);
    for (int q = 0; q < n; q++) {
        if (board_at(b, cells[q]) != STONE_NONE)
            continue;
        board_place(b, cells[q], STONE_BLACK);
        int first, last;
        ref_row(b, cells, n, at, &first, &last);
        bool straight = last - first + 1 == 4 && first <= q && q <= last;
        if (straight) {
            int ways = 0;
            for (int r = 0; r < n; r++) {
                if (board_at(b, cells[r]) != STONE_NONE)
                    continue;
                board_place(b, cells[r], STONE_BLACK);
                ways += ref_row_length(b, cells, n, at) == 5;
                board_remove(b, cells[r]);
            }
            straight = ways == 2;
        }
        board_remove(b, cells[q]);
        if (straight && ref_forbidden(b, cells[q]) == FORBID_NONE)
            return true;
    }
    return false;
}

/* The RIF definitions, read literally on a copy of the board. */
static enum forbid ref_forbidden(const struct board *b0, int pos)
{
    if (b0->rule != RULE_RENJU || b0->win != 5 || board_at(b0, pos) != STONE_NONE)
        return FORBID_NONE;
    if (++ref_depth > ref_max_depth)
        ref_max_depth = ref_depth;
    struct board b = *b0;
    board_place(&b, pos, STONE_BLACK);
    bool five = false, overline = false;
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; d++) {
        int cells[BOARD_MAX_SIDE], at = -1;
        int n = ref_line(&b, pos, d, cells, &at);
        int len = ref_row_length(&b, cells, n, at);
        five |= len == 5;
        overline |= len > 5;
    }
    for (int d = 0; d < 4 && !five && !overline; d++)
        fours += ref_fours(&b, pos, d);
    for (int d = 0; d < 4 && !five && !overline && fours < 2; d++)
        threes += ref_three(&b, pos, d);
    ref_depth--;
    if (five)
        return FORBID_NONE;
    if (overline)
        return FORBID_OVERLINE;
    if (fours >= 2)
        return FORBID_DOUBLE_FOUR;
    return threes >= 2 ? FORBID_DOUBLE_THREE : FORBID_NONE;
}

/* ---- Hand-made positions ---------------------------------------------- */

/* A diagram is the whole board, top row first: X Black, O White, . empty,
 * and * the empty point Black would play. */
struct position {
    const char *name;
    enum forbid want;
    const char *rows[12];   /* NULL after the last row */
};

static const struct position positions[] = {
    { "a lone stone", FORBID_NONE, {
        ".........",
        ".........",
        "...X.....",
        "....*....",
        ".........",
        ".........", NULL } },
    { "3-3: two open threes crossing", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        "...XX*.....",
        "...........",
        "...........",
        "...........", NULL } },
    { "3-3: a split three X.X* and a three", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        "..X.X*.....",
        "...........",
        "...........",
        "...........", NULL } },
    { "3-3 at an angle: diagonal and row", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "...X.......",
        "....X......",
        ".....*XX...",
        "...........",
        "...........",
        "...........", NULL } },
    { "3-3 on both diagonals", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "...X...X...",
        "....X.X....",
        ".....*.....",
        "...........",
        "...........",
        "...........", NULL } },
    { "three threes", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "...X.X.....",
        "....XX.....",
        "...X.*X....",
        "...........",
        "...........",
        "...........", NULL } },
    { "fake three: White next to it (OXX*)", FORBID_NONE, {
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        "..OXX*.....",
        "...........",
        "...........",
        "...........", NULL } },
    { "fake three: White at both ends of its straight four (O.XX*.O)", FORBID_NONE, {
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        ".O.XX*.O...",
        "...........",
        "...........", NULL } },
    { "real three: White only beyond the straight four's ends (O.X.X*.O)",
      FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        "O.X.X*.O...",
        "...........",
        "...........", NULL } },
    { "real three: White two cells off one end (.O.XX*..)", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        ".....X.....",
        ".....X.....",
        ".O.XX*.....",
        "...........",
        "...........", NULL } },
    { "fake three: both straight fours would be overlines (X..XX*..X)", FORBID_NONE, {
        "...........",
        "...........",
        "......X....",
        "......X....",
        ".X..XX*..X.",
        "...........",
        "...........", NULL } },
    { "fake three: its straightening point is an overline", FORBID_NONE, {
        "...........",
        "...........",
        "....X......",
        "....XX.....",
        "....XX.....",
        "..XX.*.....",
        "....X......",
        "....X......",
        "...........",
        "...........", NULL } },
    { "real three: its straightening point makes a five elsewhere",
      FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "....X......",
        "....XX.....",
        "....XX.....",
        "..XX.*.....",
        "....X......",
        "...........",
        "...........",
        "...........", NULL } },
    { "fake three: its straightening point is a double four", FORBID_NONE, {
        "...........",
        "....X......",
        "....X......",
        "....XX.....",
        ".....X.....",
        "..XX.*.....",
        "...........",
        "...........",
        "...........", NULL } },
    { "fake three: its straightening point is a (real) double three", FORBID_NONE, {
        "...........",
        "...........",
        "...........",
        "....XXX....",
        "....XX.....",
        "..XX.*.....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "real three: its straightening point's second three is fake (4-3)",
      FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        ".......O...",
        "....XXX....",
        "....XX.....",
        "..XX.*.....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    /* The row's three X.*X is straightened only at its gap, which would make
     * a straight four and two would-be threes, X X . X on the diagonal and
     * X X . X on the other. The first one's straightening point would then
     * be a double four (column and diagonal), so that three is fake: the
     * gap is only a 4-3, allowed, and the row's three is real. */
    { "deep: the straightening point's second three fails two levels down",
      FORBID_DOUBLE_THREE, {
        "..........",
        "..X..O.O..",
        ".XO.XX....",
        "..X.......",
        ".X.X.X....",
        ".X.*X..X..",
        ".....XO...",
        "...XX.....",
        "..........",
        "..........", NULL } },
    { "edge: a three one cell off the edge is real", FORBID_DOUBLE_THREE, {
        "...........",
        "...X.......",
        "...X.......",
        ".XX*.......",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "edge: a three against the edge is fake", FORBID_NONE, {
        "...........",
        "..X........",
        "..X........",
        "XX*........",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "4-4 on one line: XXX.*.XXX", FORBID_DOUBLE_FOUR, {
        "...........",
        "...........",
        ".XXX.*.XXX.",
        "...........",
        "...........", NULL } },
    { "4-4 on one line: X.X*X.X", FORBID_DOUBLE_FOUR, {
        "...........",
        "...........",
        "..X.X*X.X..",
        "...........",
        "...........", NULL } },
    { "4-4 on one line: XX.*X.XX", FORBID_DOUBLE_FOUR, {
        "...........",
        "...........",
        ".XX.*X.XX..",
        "...........",
        "...........", NULL } },
    { "4-4 across lines: two closed fours", FORBID_DOUBLE_FOUR, {
        "...........",
        "......X....",
        "......X....",
        "......X....",
        "...........",
        "..OXXX*....",
        "...........",
        "...........", NULL } },
    { "4-4: a straight four and a four", FORBID_DOUBLE_FOUR, {
        "...........",
        "......X....",
        "......X....",
        "......X....",
        "...........",
        "...XXX*....",
        "...........",
        "...........", NULL } },
    { "4-4 in the corner", FORBID_DOUBLE_FOUR, {
        "*XXX.....",
        "X........",
        "X........",
        "X........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........", NULL } },
    { "a straight four alone is one four", FORBID_NONE, {
        "...........",
        "...........",
        "...XXX*....",
        "...........",
        "...........", NULL } },
    { "4-3 is allowed", FORBID_NONE, {
        "...........",
        "...........",
        "...........",
        "......X....",
        "......X....",
        "..OXXX*....",
        "...........",
        "...........",
        "...........", NULL } },
    { "4-3-3 is a double three", FORBID_DOUBLE_THREE, {
        "...........",
        "...........",
        "...........",
        "....X.X....",
        ".....XX....",
        "..OXXX*....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "4-4-3 is a double four", FORBID_DOUBLE_FOUR, {
        "...........",
        "......X....",
        "......X....",
        "....X.X....",
        ".....X.....",
        "..OXXX*....",
        "...........",
        "...........",
        "...........", NULL } },
    { "no four: its only five would be six (OXXX*.X)", FORBID_NONE, {
        "....X......",
        "....X......",
        "....X......",
        "...........",
        "OXXX*.X....",
        "...........",
        "...........",
        "...........", NULL } },
    { "overline: six", FORBID_OVERLINE, {
        "...........",
        "...........",
        "..XXX*XX...",
        "...........",
        "...........", NULL } },
    { "overline: seven from the edge", FORBID_OVERLINE, {
        "...........",
        "...........",
        "XXXX*XX....",
        "...........",
        "...........", NULL } },
    { "overline with a four on another line", FORBID_OVERLINE, {
        ".....X.....",
        ".....X.....",
        ".....X.....",
        "...........",
        "..XXX*XX...",
        "...........",
        "...........", NULL } },
    { "five and an overline at once: the five wins", FORBID_NONE, {
        ".....X.....",
        ".....X.....",
        ".....X.....",
        ".....X.....",
        "..XXX*XX...",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "five and a 3-3 at once: the five wins", FORBID_NONE, {
        "...........",
        "...........",
        "...X.X.....",
        "....XX.....",
        ".XXXX*.....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "five and a 4-4 at once: the five wins", FORBID_NONE, {
        "...........",
        ".....X.....",
        ".....X..X..",
        ".....X.X...",
        "......X....",
        ".XXXX*.....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "the same 4-4 without the five", FORBID_DOUBLE_FOUR, {
        "...........",
        ".....X.....",
        ".....X..X..",
        ".....X.X...",
        "......X....",
        ".....*.....",
        "...........",
        "...........",
        "...........",
        "...........", NULL } },
    { "exactly five, shut in by White", FORBID_NONE, {
        "...........",
        "...........",
        ".OXXXX*O...",
        "...........",
        "...........", NULL } },
};
#define N_POSITIONS (sizeof positions / sizeof positions[0])

/* Sets up the diagram as a renju board; returns the point marked *. */
static int setup(struct board *b, const struct position *p)
{
    int w = (int)strlen(p->rows[0]), h = 0, pos = -1;
    while (p->rows[h] != NULL)
        h++;
    assert_true(board_init(b, w, h, 5, RULE_RENJU));
    for (int y = 0; y < h; y++) {
        assert_int_equal((int)strlen(p->rows[y]), w);
        for (int x = 0; x < w; x++) {
            char c = p->rows[y][x];
            if (c == 'X')
                board_place(b, board_pos(b, x, y), STONE_BLACK);
            else if (c == 'O')
                board_place(b, board_pos(b, x, y), STONE_WHITE);
            else if (c == '*')
                pos = board_pos(b, x, y);
            else
                assert_int_equal(c, '.');
        }
    }
    assert_true(pos >= 0);
    return pos;
}

static const char *forbid_name(enum forbid f)
{
    static const char *const names[] = { "none", "overline", "double four", "double three" };
    return names[f];
}

static void test_positions(void **state)
{
    (void)state;
    assert_true(N_POSITIONS >= 30);
    int wrong = 0;
    for (size_t i = 0; i < N_POSITIONS; i++) {
        struct board b;
        int pos = setup(&b, &positions[i]);
        uint64_t hash = b.hash;
        enum forbid fast = rules_forbidden(&b, pos), ref = ref_forbidden(&b, pos);
        if (fast != positions[i].want || ref != positions[i].want) {
            print_message("%s: want %s, rules_forbidden says %s, the reference %s\n",
                          positions[i].name, forbid_name(positions[i].want),
                          forbid_name(fast), forbid_name(ref));
            wrong++;
        }
        /* The board is only read. */
        assert_int_equal(b.hash, hash);
        assert_int_equal(board_at(&b, pos), STONE_NONE);
    }
    assert_int_equal(wrong, 0);
}

/* Only Black under renju with five in a row has forbidden moves. */
static void test_other_rules(void **state)
{
    (void)state;
    struct board b;
    int pos = setup(&b, &positions[1]);   /* a 3-3 */
    assert_int_equal(rules_forbidden(&b, pos), FORBID_DOUBLE_THREE);
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        if (rule == RULE_RENJU)
            continue;
        b.rule = (enum rule)rule;
        assert_int_equal(rules_forbidden(&b, pos), FORBID_NONE);
        assert_int_equal(ref_forbidden(&b, pos), FORBID_NONE);
    }
    /* An occupied cell is not a move at all. */
    b.rule = RULE_RENJU;
    int stone = pos - 1;
    assert_int_equal(board_at(&b, stone), STONE_BLACK);
    assert_int_equal(rules_forbidden(&b, stone), FORBID_NONE);
    /* Renju's definitions are for five: another k (which game_init
     * refuses) forbids nothing. */
    struct board k6;
    board_init(&k6, 11, 9, 6, RULE_RENJU);
    memcpy(k6.cell, b.cell, sizeof k6.cell);
    assert_int_equal(rules_forbidden(&k6, pos), FORBID_NONE);
}

/* ---- Random positions --------------------------------------------------- */

/* A cell near (cx, cy), at most `spread` away on each axis; -1 off the
 * board. */
static int near(struct rng *r, const struct board *b, int cx, int cy, int spread)
{
    int x = cx + (int)rng_below(r, (uint32_t)(2 * spread + 1)) - spread;
    int y = cy + (int)rng_below(r, (uint32_t)(2 * spread + 1)) - spread;
    return board_inside(b, x, y) ? board_pos(b, x, y) : -1;
}

/* A random 15×15 position, stones crowded around a random centre (so that
 * the edges get their share), three Black stones for two White; and an
 * empty point in the crowd. */
static int random_position(struct rng *r, struct board *b)
{
    board_init(b, 15, 15, 5, RULE_RENJU);
    int cx = (int)rng_below(r, 15), cy = (int)rng_below(r, 15);
    int spread = 2 + (int)rng_below(r, 3);
    int stones = (int)rng_below(r, 70);
    for (int i = 0; i < stones; i++) {
        int p = near(r, b, cx, cy, spread);
        if (p >= 0 && board_at(b, p) == STONE_NONE)
            board_place(b, p, rng_below(r, 3) < 2 ? STONE_BLACK : STONE_WHITE);
    }
    for (int tries = 0; tries < 100; tries++) {
        int p = near(r, b, cx, cy, spread);
        if (p >= 0 && board_at(b, p) == STONE_NONE)
            return p;
    }
    for (int p = 0;; p++)
        if (board_at(b, p) == STONE_NONE)
            return p;
}

/* The number of random positions: MNK_PROPERTY_CASES, 100,000 by default. */
static long property_cases(void)
{
    const char *env = getenv("MNK_PROPERTY_CASES");
    char *end;
    long n = env != NULL ? strtol(env, &end, 10) : 0;
    return env != NULL && *end == '\0' && n > 0 ? n : 100000;
}

static void test_random_positions(void **state)
{
    (void)state;
    long cases = property_cases();
    long seen[4] = { 0 };
    struct rng r;
    rng_seed(&r, 49);
    clock_t start = clock();
    ref_max_depth = 0;
    for (long i = 0; i < cases; i++) {
        struct board b;
        int pos = random_position(&r, &b);
        enum forbid fast = rules_forbidden(&b, pos);
        enum forbid ref = ref_forbidden(&b, pos);
        if (fast != ref) {
            print_message("case %ld: rules_forbidden says %s, the reference %s at %d,%d:\n",
                          i, forbid_name(fast), forbid_name(ref), board_x(&b, pos),
                          board_y(&b, pos));
            for (int y = 0; y < b.height; y++) {
                char row[BOARD_MAX_SIDE + 1];
                for (int x = 0; x < b.width; x++) {
                    int p = board_pos(&b, x, y);
                    row[x] = p == pos ? '*' : ".XO"[board_at(&b, p)];
                }
                row[b.width] = '\0';
                print_message("  \"%s\",\n", row);
            }
        }
        assert_int_equal(fast, ref);
        seen[fast]++;
    }
    print_message("%ld random positions in %.2f s: %ld allowed, %ld overlines, "
                  "%ld double fours, %ld double threes; recursion depth up to %d\n",
                  cases, (double)(clock() - start) / CLOCKS_PER_SEC, seen[FORBID_NONE],
                  seen[FORBID_OVERLINE], seen[FORBID_DOUBLE_FOUR], seen[FORBID_DOUBLE_THREE],
                  ref_max_depth);
    /* The positions exercise every answer, and the recursion. */
    if (cases >= 10000) {
        for (int f = 0; f < 4; f++)
            assert_true(seen[f] * 200 > cases);
        assert_true(ref_max_depth >= 3);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_other_rules),
        cmocka_unit_test(test_random_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
