/* test_brain.c — the Gomocup conversation: answers, colours, BOARD blocks, INFO
 * limits and memory, thinking, fed line by line as `mnk engine` feeds it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "boards.h"
#include "mnk/rules.h"
#include "protocol/brain.h"
#include "mnk/level.h"

#define MAX_ANSWERS 16

/* What the brain said since the last reset. */
struct heard {
    int count;
    char line[MAX_ANSWERS][BRAIN_ANSWER_MAX];
};

static void say(void *ctx, const char *line)
{
    struct heard *h = ctx;
    assert_true(h->count < MAX_ANSWERS);
    snprintf(h->line[h->count++], BRAIN_ANSWER_MAX, "%s", line);
}

static struct heard heard;

static struct brain *open_brain(const char *ai, int win, int time_cap_ms)
{
    struct brain_config c = {
        .ai_name = ai,
        .ai_opts = { .seed = 1 },
        .win = win,
        .rule = RULE_FREESTYLE,
        .time_cap_ms = time_cap_ms,
    };
    memset(&heard, 0, sizeof heard);
    struct brain *b = brain_new(&c, say, &heard);
    assert_non_null(b);
    return b;
}

/* Feeds one line; the step it gives. Forgets what was heard before. */
static enum brain_step feed(struct brain *b, const char *line)
{
    heard.count = 0;
    return brain_line(b, line, strlen(line), false);
}

/* Feeds one line that must be answered with exactly one line starting
 * with `prefix`. */
static void expect(struct brain *b, const char *line, const char *prefix)
{
    assert_int_equal(feed(b, line), BRAIN_READY);
    assert_int_equal(heard.count, 1);
    if (strncmp(heard.line[0], prefix, strlen(prefix)) != 0)
        fail_msg("'%s' was answered '%s', expected '%s...'", line, heard.line[0], prefix);
}

static void expect_silence(struct brain *b, const char *line)
{
    assert_int_equal(feed(b, line), BRAIN_READY);
    assert_int_equal(heard.count, 0);
}

/* Thinks about the due move; the cell it answered, which must now hold our
 * stone. */
static int think(struct brain *b, const atomic_bool *stop)
{
    heard.count = 0;
    brain_think(b, stop);
    assert_int_equal(heard.count, 1);
    int x, y, n = -1;
    if (sscanf(heard.line[0], "%d,%d%n", &x, &y, &n) != 2 || n != (int)strlen(heard.line[0]))
        fail_msg("not a move: '%s'", heard.line[0]);
    const struct board *board = brain_board(b);
    assert_true(board_inside(board, x, y));
    int pos = board_pos(board, x, y);
    assert_int_equal(board_at(board, pos), brain_side(b));
    return pos;
}

/* brain_think() with no move due says nothing. */
static void think_nothing(struct brain *b)
{
    heard.count = 0;
    brain_think(b, NULL);
    assert_int_equal(heard.count, 0);
}

static void test_answers(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 3, 0);
    expect(b, "FOO bar", "UNKNOWN ");
    expect(b, "TURN 1,1", "ERROR TURN before START");
    expect(b, "BEGIN", "ERROR BEGIN before START");
    expect(b, "RESTART", "ERROR RESTART before START");
    expect(b, "START 30", "ERROR unsupported board 30x30");
    expect(b, "START 2", "ERROR unsupported board 2x2");
    expect(b, "start 3", "OK");
    expect(b, "TURN 5,5", "ERROR TURN 5,5 is outside the 3x3 board");
    expect(b, "TURN a,b", "ERROR ");
    expect(b, "0,0,1", "ERROR '0,0,1' outside a BOARD block");
    expect(b, "DONE", "ERROR 'DONE' outside a BOARD block");
    expect(b, "OK", "UNKNOWN ");
    expect(b, "\001\002\377", "UNKNOWN '?\?\?'");
    expect(b, "ABOUT", "name=\"mnk\", version=\"");
    expect_silence(b, "");
    expect_silence(b, "INFO timeout_turn 1000");
    expect_silence(b, "INFO folder /somewhere");
    expect_silence(b, "INFO no_such_key 3");
    expect_silence(b, "INFO rule 1");
    assert_int_equal(brain_board(b)->rule, RULE_EXACT);
    expect_silence(b, "INFO rule 0");
    assert_int_equal(brain_board(b)->rule, RULE_FREESTYLE);
    /* Renju is five in a row: this brain plays three. */
    expect(b, "INFO rule 4", "ERROR INFO rule 4: renju is played with five in a row");
    assert_int_equal(brain_board(b)->rule, RULE_FREESTYLE);

    heard.count = 0;
    assert_int_equal(brain_line(b, "TURN 1,1", 8, true), BRAIN_READY);
    assert_int_equal(heard.count, 1);
    assert_non_null(strstr(heard.line[0], "ERROR line too long"));
    assert_int_equal(brain_board(b)->stones, 0);

    assert_int_equal(feed(b, "END"), BRAIN_END);
    assert_int_equal(heard.count, 0);
    brain_free(b);
}

/* Black moves first: the brain's colour follows from the stones when it is
 * first asked to move. */
static void test_colours(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 5, 0);
    expect(b, "START 15", "OK");
    assert_int_equal(brain_side(b), STONE_NONE);
    assert_int_equal(feed(b, "BEGIN"), BRAIN_THINK);
    assert_int_equal(heard.count, 0);
    assert_int_equal(brain_side(b), STONE_BLACK);
    think(b, NULL);
    assert_int_equal(feed(b, "TURN 0,0"), BRAIN_THINK);
    assert_int_equal(board_at(brain_board(b), board_pos(brain_board(b), 0, 0)), STONE_WHITE);
    think(b, NULL);
    assert_int_equal(brain_board(b)->stones, 3);

    expect(b, "RESTART", "OK");
    assert_int_equal(brain_board(b)->stones, 0);
    assert_int_equal(brain_side(b), STONE_NONE);
    assert_int_equal(feed(b, "TURN 7,7"), BRAIN_THINK);
    assert_int_equal(brain_side(b), STONE_WHITE);
    assert_int_equal(board_at(brain_board(b), board_pos(brain_board(b), 7, 7)), STONE_BLACK);
    think(b, NULL);

    /* PLAY: the manager makes our move; it is answered back. */
    expect(b, "RESTART", "OK");
    expect(b, "PLAY 3,4", "3,4");
    assert_int_equal(brain_side(b), STONE_BLACK);
    expect(b, "PLAY 3,4", "ERROR PLAY 3,4: the cell is occupied");
    expect(b, "TURN 3,4", "ERROR TURN 3,4: the cell is occupied");
    expect(b, "TAKEBACK 3,4", "OK");
    assert_int_equal(brain_board(b)->stones, 0);
    expect(b, "TAKEBACK 3,4", "ERROR TAKEBACK 3,4: the cell is empty");
    expect(b, "TAKEBACK 15,0", "ERROR TAKEBACK 15,0 is outside");
    brain_free(b);
}

/* A BOARD block: colours by the count of each side's stones, faults answered
 * once at DONE with the board left alone. */
static void test_board_block(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 5, 0);
    const char *early[] = { "BOARD", "0,0,1", "DONE" };
    for (size_t i = 0; i < 2; i++)
        expect_silence(b, early[i]);
    expect(b, early[2], "ERROR BOARD before START");
    expect(b, "START 15", "OK");

    /* Two of theirs, one of ours (listed first): we are White. */
    const char *white[] = { "BOARD", "1,1,1", "", "2,2,2", "3,3,2" };
    for (size_t i = 0; i < sizeof white / sizeof *white; i++)
        expect_silence(b, white[i]);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    assert_int_equal(brain_side(b), STONE_WHITE);
    const struct board *board = brain_board(b);
    assert_int_equal(board_at(board, board_pos(board, 1, 1)), STONE_WHITE);
    assert_int_equal(board_at(board, board_pos(board, 3, 3)), STONE_BLACK);
    think(b, NULL);
    assert_int_equal(board->stones, 4);

    /* As many of each, field 3 counting as theirs: we are Black. */
    const char *black[] = { "BOARD", "5,5,2", "6,6,3", "7,7,1", "8,8,1" };
    for (size_t i = 0; i < sizeof black / sizeof *black; i++)
        expect_silence(b, black[i]);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    assert_int_equal(brain_side(b), STONE_BLACK);
    assert_int_equal(board_at(board, board_pos(board, 6, 6)), STONE_WHITE);
    assert_int_equal(board_at(board, board_pos(board, 1, 1)), STONE_NONE);
    think(b, NULL);

    /* Faulty blocks: the first fault, at DONE; the board stays as it was. */
    struct {
        const char *line, *error;
    } faults[] = {
        { "15,0,1", "ERROR a stone outside the board" },
        { "5,5,1", "ERROR two stones on one cell" },
        { "TURN 1,1", "ERROR expected x,y,field or DONE inside BOARD" },
        { "1,1,9", "ERROR " },
        { "7,7", "ERROR " },
    };
    for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) {
        int stones = board->stones;
        expect_silence(b, "BOARD");
        expect_silence(b, "5,5,1");
        expect_silence(b, faults[i].line);
        expect_silence(b, "9,9,2");
        expect(b, "DONE", faults[i].error);
        assert_int_equal(board->stones, stones);
        assert_int_equal(board_at(board, board_pos(board, 9, 9)), STONE_NONE);
    }

    /* A faulty SWAP2BOARD is read to its DONE, then refused. */
    expect_silence(b, "SWAP2BOARD");
    expect_silence(b, "7,7");
    expect_silence(b, "ABOUT");
    expect(b, "DONE", "ERROR expected x,y, x,y,field or DONE inside SWAP2BOARD");
    expect(b, "ABOUT", "name=");

    /* END inside a block ends the conversation. */
    expect_silence(b, "BOARD");
    assert_int_equal(feed(b, "END"), BRAIN_END);
    brain_free(b);
}

/* Feeds a BOARD block of the stones in `stones` ("x,y,field" separated by
 * spaces) up to its DONE; the step DONE gives. */
static enum brain_step board_block(struct brain *b, const char *stones)
{
    expect_silence(b, "BOARD");
    char line[32];
    for (const char *p = stones; *p != '\0';) {
        size_t n = strcspn(p, " ");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        expect_silence(b, line);
        p += n + (p[n] == ' ');
    }
    return feed(b, "DONE");
}

/* A BOARD position that cannot be played on is refused at DONE, the board
 * left as it was: one already won, by the rule's own test (an overline
 * wins freestyle, not exact; a five blocked at both ends is no win under
 * caro), or, under renju, one holding a Black overline. A Black double
 * three is not refused (it may have been allowed when it was played), nor
 * a five of field 3 stones (a continuous game's finished line). */
static void test_board_position(void **state)
{
    (void)state;
    static const char five[] = "1,1,2 2,1,2 3,1,2 4,1,2 5,1,2 1,5,1 3,5,1 5,5,1 7,5,1";
    static const char six[] = "1,1,2 2,1,2 3,1,2 4,1,2 5,1,2 6,1,2 "
                              "1,5,1 3,5,1 5,5,1 7,5,1 9,5,1";
    static const char blocked[] = "0,1,1 1,1,2 2,1,2 3,1,2 4,1,2 5,1,2 6,1,1 3,5,1 5,5,1 7,5,1";
    static const char white_six[] = "1,1,1 2,1,1 3,1,1 4,1,1 5,1,1 6,1,1 "
                                    "1,5,2 3,5,2 5,5,2 7,5,2 9,5,2 11,5,2 13,5,2";
    static const char double_three[] = "6,7,1 8,7,1 7,6,1 7,8,1 7,7,1 "
                                       "0,0,2 14,0,2 0,14,2 14,14,2 0,7,2";
    static const char finished[] = "1,1,3 2,1,3 3,1,3 4,1,3 5,1,3 1,5,1 3,5,1 5,5,1 7,5,1 9,5,1";
    static const struct {
        int rule;            /* INFO rule */
        const char *stones;
        const char *error;   /* NULL: a move is due */
    } cases[] = {
        { 0, five, "ERROR BOARD holds a winning line through 1,1: the game is over" },
        { 0, six, "ERROR BOARD holds a winning line through 1,1" },
        { 1, six, NULL },
        { 1, five, "ERROR BOARD holds a winning line through 1,1" },
        { 8, five, "ERROR BOARD holds a winning line through 1,1" },
        { 8, blocked, NULL },
        { 4, six, "ERROR BOARD holds a Black overline through 1,1, which renju forbids Black" },
        { 4, white_six, "ERROR BOARD holds a winning line through 1,1" },
        { 4, five, "ERROR BOARD holds a winning line through 1,1" },
        { 4, double_three, NULL },
        { 0, finished, NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct brain *b = open_brain("random", 5, 0);
        char rule[32];
        snprintf(rule, sizeof rule, "INFO rule %d", cases[i].rule);
        expect_silence(b, rule);
        expect(b, "START 15", "OK");
        expect_silence(b, "BOARD");
        expect_silence(b, "10,10,1");
        assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
        think(b, NULL);
        const struct board *board = brain_board(b);
        enum brain_step step = board_block(b, cases[i].stones);
        if (cases[i].error == NULL) {
            if (step != BRAIN_THINK)
                fail_msg("case %zu: refused: %s", i, heard.line[0]);
            if (cases[i].stones == double_three) {   /* it is one: 7,7 was forbidden */
                struct board before = *board;
                board_remove(&before, board_pos(&before, 7, 7));
                assert_int_equal(rules_forbidden(&before, board_pos(&before, 7, 7)),
                                 FORBID_DOUBLE_THREE);
            }
            think(b, NULL);
        } else {
            assert_int_equal(step, BRAIN_READY);
            assert_int_equal(heard.count, 1);
            if (strncmp(heard.line[0], cases[i].error, strlen(cases[i].error)) != 0)
                fail_msg("case %zu: '%s', expected '%s...'", i, heard.line[0], cases[i].error);
            assert_int_equal(board->stones, 2);   /* as it was */
            assert_int_equal(board_at(board, board_pos(board, 10, 10)), STONE_BLACK);
            assert_int_equal(brain_side(b), STONE_BLACK);
        }
        brain_free(b);
    }
}

/* Feeds a SWAP2BOARD block of `n` stones; then thinks and returns the
 * answer's line. */
static const char *swap2(struct brain *b, const char *const stones[], int n)
{
    expect_silence(b, "SWAP2BOARD");
    for (int i = 0; i < n; i++)
        expect_silence(b, stones[i]);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    heard.count = 0;
    brain_think(b, NULL);
    assert_int_equal(heard.count, 1);
    return heard.line[0];
}

/* Parses "x,y x,y ..." into cells of board; the count, -1 when not moves. */
static int parse_moves(const struct board *board, const char *line, int cells[])
{
    int n = 0, x, y, used;
    while (*line != '\0') {
        if (sscanf(line, "%d,%d%n", &x, &y, &used) != 2 || !board_inside(board, x, y))
            return -1;
        cells[n++] = board_pos(board, x, y);
        line += used;
        while (*line == ' ')
            line++;
    }
    return n;
}

static void test_swap2board(void **state)
{
    (void)state;
    struct brain *b = open_brain("search", 5, 300);
    expect(b, "START 15", "OK");
    const struct board *board = brain_board(b);

    /* No stones: three to propose, Black, White, Black, none winning. */
    const char *line = swap2(b, NULL, 0);
    int cells[5];
    assert_int_equal(parse_moves(board, line, cells), 3);
    assert_int_equal(board->stones, 3);
    assert_int_equal(board_at(board, cells[0]), STONE_BLACK);
    assert_int_equal(board_at(board, cells[1]), STONE_WHITE);
    assert_int_equal(board_at(board, cells[2]), STONE_BLACK);

    /* Three stones: SWAP, one move (we are White) or two more. */
    static const char *const three[] = { "7,7", "8,8", "6,8" };
    line = swap2(b, three, 3);
    int n = parse_moves(board, line, cells);
    if (strcmp(line, "SWAP") == 0) {
        assert_int_equal(brain_side(b), STONE_BLACK);
        assert_int_equal(board->stones, 3);
    } else {
        assert_true(n == 1 || n == 2);
        assert_int_equal(board->stones, 3 + n);
        assert_int_equal(board_at(board, cells[0]), STONE_WHITE);
        assert_int_equal(brain_side(b), n == 1 ? STONE_WHITE : STONE_NONE);
    }
    assert_int_equal(board_at(board, board_pos(board, 8, 8)), STONE_WHITE);

    /* An open three of Black's, White's stones in the corners: White is
     * lost, so we take Black: SWAP. */
    static const char *const bad_white[] = { "7,7", "0,0", "8,7", "14,14", "9,7" };
    assert_string_equal(swap2(b, bad_white, 5), "SWAP");
    assert_int_equal(brain_side(b), STONE_BLACK);
    /* The game goes on: White's move comes as TURN, we answer as Black. */
    assert_int_equal(feed(b, "TURN 10,7"), BRAIN_THINK);
    assert_int_equal(board_at(board, board_pos(board, 10, 7)), STONE_WHITE);
    assert_int_equal(board_at(board, think(b, NULL)), STONE_BLACK);

    /* A good position for White: one move, played as White. */
    static const char *const good_white[] = { "0,0", "7,7", "14,14", "8,7", "0,14" };
    line = swap2(b, good_white, 5);
    assert_int_equal(parse_moves(board, line, cells), 1);
    assert_int_equal(brain_side(b), STONE_WHITE);
    assert_int_equal(board_at(board, cells[0]), STONE_WHITE);

    /* With BOARD's fields (as Rapfi reads them): the first stone's field is
     * Black's, the rest in any order; the same position, the same answer. */
    static const char *const fields[] = { "7,7,2", "0,0,1", "14,14,1", "8,7,2", "9,7,2" };
    assert_string_equal(swap2(b, fields, 5), "SWAP");
    static const char *const mixed[] = { "7,7,2", "0,0", "8,7,2" };
    expect_silence(b, "SWAP2BOARD");
    for (int i = 0; i < 3; i++)
        expect_silence(b, mixed[i]);
    expect(b, "DONE", "ERROR SWAP2BOARD mixes x,y and x,y,field lines");
    static const char *const lopsided[] = { "7,7,2", "0,0,1", "8,7,1" };
    expect_silence(b, "SWAP2BOARD");
    for (int i = 0; i < 3; i++)
        expect_silence(b, lopsided[i]);
    expect(b, "DONE", "ERROR SWAP2BOARD holds 1 Black stones and 2 White");

    /* Faults: a count other than 0, 3, 5; a repeated cell; a line. */
    static const char *const two[] = { "7,7", "8,8" };
    expect_silence(b, "SWAP2BOARD");
    for (int i = 0; i < 2; i++)
        expect_silence(b, two[i]);
    expect(b, "DONE", "ERROR SWAP2BOARD holds 2 stones");
    expect_silence(b, "SWAP2BOARD");
    expect_silence(b, "7,7");
    expect_silence(b, "7,7");
    expect(b, "DONE", "ERROR two stones on one cell");
    brain_free(b);

    /* Before START. */
    b = open_brain("search", 5, 300);
    expect_silence(b, "SWAP2BOARD");
    expect(b, "DONE", "ERROR SWAP2BOARD before START");
    brain_free(b);
}

/* A full board has no move to make: ERROR at once, nothing to think about. */
static void test_full_board(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 3, 0);
    expect(b, "START 3", "OK");
    /* A drawn one: X O X / X O O / O X X, no line of three (a won
     * board is refused for that first). */
    static const int field[9] = { 1, 2, 1, 1, 2, 2, 2, 1, 1 };
    expect_silence(b, "BOARD");
    for (int pos = 0; pos < 9; pos++) {
        char line[16];
        snprintf(line, sizeof line, "%d,%d,%d", pos % 3, pos / 3, field[pos]);
        expect_silence(b, line);
    }
    expect(b, "DONE", "ERROR the board is full");
    think_nothing(b);
    brain_free(b);
}

/* Sends the stones of `moves` (BOARDS_RENJU_..., Black first) as a BOARD
 * block on 7×6 under renju, Black's as ours; the one answer at DONE, moved
 * or not. `plays_renju`: whether the brain's strategy plays renju; one
 * that does not answers INFO rule 4 with a MESSAGE saying so. */
static const char *renju_board(struct brain *b, const char *moves, bool plays_renju)
{
    struct board board;
    board_init(&board, 7, 6, 5, RULE_RENJU);
    boards_put_game(&board, moves);
    expect(b, "RECTSTART 7,6", "OK");
    if (plays_renju)
        expect_silence(b, "INFO rule 4");
    else    /* renju is played, and the player that cannot judge it says so */
        expect(b, "INFO rule 4", "MESSAGE perfect does not play renju");
    expect_silence(b, "BOARD");
    for (int pos = 0; pos < board_cells(&board); pos++) {
        if (board_at(&board, pos) == STONE_NONE)
            continue;
        char line[40];
        snprintf(line, sizeof line, "%d,%d,%d", board_x(&board, pos), board_y(&board, pos),
                 board_at(&board, pos) == STONE_BLACK ? 1 : 2);
        expect_silence(b, line);
    }
    if (feed(b, "DONE") == BRAIN_THINK)
        brain_think(b, NULL);
    assert_int_equal(heard.count, 1);
    return heard.line[0];
}

/* Renju, Black to move: with both empty cells overlines the answer is an
 * ERROR saying so, never the first empty cell (3,4), for every strategy and
 * every level `mnk engine` plays; with one cell left, that cell. PLAY of
 * an overline for us is refused. */
static void test_renju_no_legal_move(void **state)
{
    (void)state;
    int strategies = 0;
    while (ai_strategies[strategies] != NULL)
        strategies++;
    for (int i = 0; i < strategies + level_count(); i++) {
        const struct level *l = i < strategies ? NULL : level_at(i - strategies);
        struct brain_config c = {
            .ai_name = l != NULL ? l->strategy : ai_strategies[i]->name,
            .ai_opts = l != NULL ? level_options(l, 1) : (struct ai_options){ .seed = 1 },
            .win = 5,
            .rule = RULE_FREESTYLE,
            .time_cap_ms = 200,
            .max_nodes = l != NULL ? l->max_nodes : 0,
            .max_depth = l != NULL ? l->max_depth : 0,
        };
        const char *name = l != NULL ? l->name : c.ai_name;
        memset(&heard, 0, sizeof heard);
        struct brain *b = brain_new(&c, say, &heard);
        assert_non_null(b);
        bool plays = ai_strategy_plays(ai_strategy_find(c.ai_name), RULE_RENJU);
        const char *said = renju_board(b, BOARDS_RENJU_STUCK, plays);
        if (strcmp(said, "ERROR no legal move: every empty cell is forbidden to Black") != 0)
            fail_msg("%s answered '%s' with no legal move", name, said);
        expect(b, "PLAY 3,4", "ERROR PLAY 3,4: forbidden to Black (overline)");
        assert_int_equal(brain_board(b)->stones, 40);
        said = renju_board(b, BOARDS_RENJU_ONE_LEGAL, plays);
        if (strcmp(said, "3,5") != 0)
            fail_msg("%s answered '%s', not the one legal move 3,5", name, said);
        brain_free(b);
    }
}

/* INFO rule, bit by bit (proto.h): the rule of the board at once and of the
 * next START; what names no rule is an ERROR that keeps the rule. */
static void test_info_rule(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 5, 0);
    expect_silence(b, "INFO rule 4");
    expect(b, "START 15", "OK");
    assert_int_equal(brain_board(b)->rule, RULE_RENJU);
    expect_silence(b, "INFO rule 8");
    assert_int_equal(brain_board(b)->rule, RULE_CARO);
    expect_silence(b, "INFO rule 5");                   /* renju with exactly five */
    assert_int_equal(brain_board(b)->rule, RULE_RENJU);
    expect_silence(b, "INFO rule 3");                   /* exact, continuous ignored */
    assert_int_equal(brain_board(b)->rule, RULE_EXACT);
    expect_silence(b, "INFO rule 2");                   /* continuous alone: freestyle */
    assert_int_equal(brain_board(b)->rule, RULE_FREESTYLE);
    expect(b, "INFO rule 9", "MESSAGE caro with exactly five is not supported: playing caro");
    assert_int_equal(brain_board(b)->rule, RULE_CARO);
    expect(b, "INFO rule 12", "ERROR INFO rule 12 names no rule mnk plays");
    expect(b, "INFO rule 16", "ERROR INFO rule 16 names no rule mnk plays");
    expect(b, "INFO rule 99999999999", "ERROR INFO rule 2147483647 names no rule mnk plays");
    expect(b, "INFO rule -1", "ERROR ");
    expect(b, "INFO rule x", "ERROR ");
    assert_int_equal(brain_board(b)->rule, RULE_CARO);  /* kept through all of them */
    expect_silence(b, "INFO rule 4");
    expect(b, "RESTART", "OK");
    assert_int_equal(brain_board(b)->rule, RULE_RENJU);
    assert_int_equal(feed(b, "BEGIN"), BRAIN_THINK);
    brain_think(b, NULL);
    assert_int_equal(heard.count, 1);
    brain_free(b);

    /* A rule the strategy does not play is played all the same, and said. */
    b = open_brain("perfect", 5, 0);
    expect(b, "INFO rule 8",
           "MESSAGE perfect does not play caro (only freestyle and exact): its moves keep");
    assert_int_equal(brain_board(b)->rule, RULE_CARO);
    expect_silence(b, "INFO rule 1");
    assert_int_equal(brain_board(b)->rule, RULE_EXACT);
    brain_free(b);
}

/* The clock: without any INFO limit a move gets BRAIN_DEFAULT_MS, or the
 * cap when one is set; the INFO limits otherwise, never above the cap. */
static void test_limits(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 5, 0);
    expect(b, "START 15", "OK");
    struct ai_limits l = brain_limits(b);
    assert_int_equal(l.time_ms, BRAIN_DEFAULT_MS);
    assert_int_equal(l.time_max_ms, BRAIN_DEFAULT_MS);
    assert_true(BRAIN_DEFAULT_MS <= 1000);
    assert_null(l.stop);

    expect_silence(b, "INFO timeout_turn 5000");
    l = brain_limits(b);
    assert_true(l.time_ms > 2500 && l.time_ms < 5000);
    assert_true(l.time_max_ms >= l.time_ms && l.time_max_ms < 5000);

    /* A game clock with little left: the move gets a part of it. */
    expect_silence(b, "INFO timeout_match 100000");
    expect_silence(b, "INFO time_left 2000");
    l = brain_limits(b);
    assert_true(l.time_ms >= 1 && l.time_ms < 2000 / 4);
    assert_true(l.time_max_ms >= l.time_ms && l.time_max_ms < 2000);
    brain_free(b);

    /* A cap: the time without limits, and the most any limit gives. */
    struct brain_config c = { .ai_name = "random", .win = 5, .rule = RULE_FREESTYLE,
                              .time_cap_ms = 300, .max_nodes = 1234, .max_depth = 7 };
    b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect(b, "START 15", "OK");
    l = brain_limits(b);
    assert_int_equal(l.time_ms, 300);
    assert_int_equal(l.time_max_ms, 300);
    assert_int_equal(l.max_nodes, 1234);
    assert_int_equal(l.max_depth, 7);
    expect_silence(b, "INFO timeout_turn 60000");
    l = brain_limits(b);
    assert_int_equal(l.time_ms, 300);
    assert_int_equal(l.time_max_ms, 300);
    expect_silence(b, "INFO timeout_turn 200");
    assert_true(brain_limits(b).time_ms < 200);
    brain_free(b);
}

/* Threads: the configuration's until INFO thread_num says, which a value
 * below 1 gives back; a level below the strongest keeps one. */
static void test_threads(void **state)
{
    (void)state;
    struct brain_config c = { .ai_name = "random", .win = 5, .rule = RULE_FREESTYLE,
                              .threads = 3 };
    struct brain *b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect(b, "START 15", "OK");
    assert_int_equal(brain_limits(b).threads, 3);
    expect_silence(b, "INFO thread_num 8");
    assert_int_equal(brain_limits(b).threads, 8);
    expect_silence(b, "INFO thread_num 0");
    assert_int_equal(brain_limits(b).threads, 3);
    expect(b, "INFO thread_num two", "ERROR");
    assert_int_equal(brain_limits(b).threads, 3);
    brain_free(b);

    c.one_thread = true;
    b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect(b, "START 15", "OK");
    expect_silence(b, "INFO thread_num 8");
    assert_int_equal(brain_limits(b).threads, 1);
    brain_free(b);
}

/* INFO max_memory sizes the player's tables; 0, no limit, gives back the
 * size the configuration asked for (a match manager sends 0 to an engine
 * started with --memory). */
static void test_memory(void **state)
{
    (void)state;
    struct brain_config c = { .ai_name = "random", .ai_opts.memory = (size_t)8 << 20,
                              .win = 5, .rule = RULE_FREESTYLE };
    struct brain *b = brain_new(&c, say, &heard);
    assert_non_null(b);
    assert_int_equal(brain_memory(b), (size_t)8 << 20);
    expect_silence(b, "INFO max_memory 83886080");
    assert_int_equal(brain_memory(b), (size_t)64 << 20);
    expect_silence(b, "INFO max_memory 20971520");
    assert_int_equal(brain_memory(b), (size_t)10 << 20);
    expect_silence(b, "INFO max_memory 0");
    assert_int_equal(brain_memory(b), (size_t)8 << 20);
    brain_free(b);

    c.ai_opts.memory = 0;
    b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect_silence(b, "INFO max_memory 83886080");
    expect_silence(b, "INFO max_memory 0");
    assert_int_equal(brain_memory(b), 0);
    brain_free(b);
}

/* The process's resident memory in KB, from /proc; -1 where there is none. */
static long resident_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size, resident;
    bool ok = f != NULL && fscanf(f, "%ld %ld", &size, &resident) == 2;
    if (f != NULL)
        fclose(f);
    return ok ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

/* Piskvork sends INFO max_memory after START and waits for no answer: the
 * tables are resized then, without being written (the process hardly
 * grows, where a cleared gigabyte made the first move late), and the move
 * that follows finds them so and leaves them be. */
static void test_memory_at_info(void **state)
{
    (void)state;
    struct brain_config c = { .ai_name = "search", .ai_opts.seed = 1, .win = 5,
                              .rule = RULE_FREESTYLE, .max_nodes = 2000 };
    struct brain *b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect(b, "START 15", "OK");
    size_t before_bytes = brain_table_bytes(b);
    long before = resident_kb();
    expect_silence(b, "INFO max_memory 1073741824");
    long after = resident_kb();
    size_t tables = brain_table_bytes(b);
    /* 1 GB less the reserve: a table of 512 MB, the threat cache beside. */
    assert_true(tables > before_bytes);
    assert_true(tables >= (size_t)512 << 20 && tables < (size_t)1 << 30);
    if (before >= 0 && after >= 0 && after - before >= 32 * 1024)
        fail_msg("INFO max_memory made the process grow by %ld KB", after - before);
    const char *lines[] = { "BOARD", "7,7,2", "8,8,1", "7,8,2" };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        expect_silence(b, lines[i]);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    think(b, NULL);
    assert_int_equal(brain_table_bytes(b), tables);
    brain_free(b);
}

/* A search stopped before it starts still answers one legal move, and the
 * conversation goes on; nothing is due after it. */
static void test_stopped_search(void **state)
{
    (void)state;
    struct brain *b = open_brain("search", 5, 0);
    expect_silence(b, "INFO timeout_turn 600000");
    expect(b, "START 15", "OK");
    const char *pos[] = { "BOARD", "7,7,1", "8,8,2", "8,7,1", "9,9,2" };
    for (size_t i = 0; i < sizeof pos / sizeof *pos; i++)
        expect_silence(b, pos[i]);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    atomic_bool stop;
    atomic_init(&stop, true);
    think(b, &stop);
    assert_int_equal(brain_board(b)->stones, 5);
    think_nothing(b);
    assert_int_equal(feed(b, "TURN 0,0"), BRAIN_THINK);
    think(b, &stop);
    assert_int_equal(brain_board(b)->stones, 7);
    brain_free(b);
}

/* A due move that the caller feeds past is forgotten, not made later. */
static void test_due_forgotten(void **state)
{
    (void)state;
    struct brain *b = open_brain("random", 5, 0);
    expect(b, "START 15", "OK");
    assert_int_equal(feed(b, "BEGIN"), BRAIN_THINK);
    expect(b, "ABOUT", "name=");
    think_nothing(b);
    assert_int_equal(brain_board(b)->stones, 0);
    brain_free(b);
}

static void test_new_fails(void **state)
{
    (void)state;
    struct brain_config c = { .ai_name = "no-such-player", .win = 5 };
    assert_null(brain_new(&c, say, &heard));
    brain_free(NULL);
    assert_true(brain_is_end("END", 3));
    assert_true(brain_is_end("  end\r", 6));
    assert_false(brain_is_end("ENDS", 4));
    assert_false(brain_is_end("", 0));
}

/* With messages on, each depth the search completes is a MESSAGE line
 * before the move: depth, score, nodes, speed, time and the line, its
 * first cell the move then played; INFO show_detail 0 silences them and 1
 * brings them back; a brain made without them says none. */
static void test_messages(void **state)
{
    (void)state;
    struct brain_config c = {
        .ai_name = "search", .ai_opts = { .seed = 1 }, .win = 5, .rule = RULE_FREESTYLE,
        .max_depth = 4, .messages = true,
    };
    memset(&heard, 0, sizeof heard);
    struct brain *b = brain_new(&c, say, &heard);
    assert_non_null(b);
    expect(b, "START 15", "OK");
    assert_int_equal(feed(b, "BOARD"), BRAIN_READY);
    const char *stones[] = { "7,7,1", "8,8,2", "7,8,1", "6,6,2" };
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(feed(b, stones[i]), BRAIN_READY);
    assert_int_equal(feed(b, "DONE"), BRAIN_THINK);
    heard.count = 0;
    brain_think(b, NULL);
    assert_true(heard.count >= 2);
    int last_depth = 0;
    for (int i = 0; i < heard.count - 1; i++) {
        int depth, n = -1;
        char eval[16];
        unsigned long long nodes;
        assert_int_equal(sscanf(heard.line[i], "MESSAGE depth %d | eval %15s | nodes %llu |%n",
                                &depth, eval, &nodes, &n), 3);
        assert_true(n > 0);
        assert_true(depth >= last_depth);
        last_depth = depth;
        assert_non_null(strstr(heard.line[i], " knps | time "));
        assert_non_null(strstr(heard.line[i], " ms | pv "));
    }
    assert_int_equal(last_depth, 4);
    /* The last line's principal variation starts with the move played. */
    int x, y;
    assert_int_equal(sscanf(heard.line[heard.count - 1], "%d,%d", &x, &y), 2);
    char cell[32];
    snprintf(cell, sizeof cell, "%c%d", 'a' + x, 15 - y);
    const char *pv = strstr(heard.line[heard.count - 2], "| pv ");
    assert_non_null(pv);
    assert_true(strncmp(pv + 5, cell, strlen(cell)) == 0);

    expect_silence(b, "INFO show_detail 0");
    assert_int_equal(feed(b, "TURN 10,10"), BRAIN_THINK);
    heard.count = 0;
    brain_think(b, NULL);
    assert_int_equal(heard.count, 1);   /* the move alone */
    expect_silence(b, "INFO show_detail 1");
    assert_int_equal(feed(b, "TURN 11,11"), BRAIN_THINK);
    heard.count = 0;
    brain_think(b, NULL);
    assert_true(heard.count >= 2);
    assert_true(strncmp(heard.line[0], "MESSAGE depth ", 14) == 0);
    brain_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_info_rule),
        cmocka_unit_test(test_answers),
        cmocka_unit_test(test_colours),
        cmocka_unit_test(test_board_block),
        cmocka_unit_test(test_board_position),
        cmocka_unit_test(test_full_board),
        cmocka_unit_test(test_renju_no_legal_move),
        cmocka_unit_test(test_swap2board),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_memory_at_info),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_stopped_search),
        cmocka_unit_test(test_due_forgotten),
        cmocka_unit_test(test_new_fails),
        cmocka_unit_test(test_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
