/* test_game.c — the controller: turns, results, undo/redo, concessions,
 * the clocks in the history and loss on time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rng.h"

static void new_game(struct game *g, int w, int h, int k)
{
    struct game_config c;
    game_config_default(&c);
    c.width = w;
    c.height = h;
    c.win = k;
    assert_null(game_init(g, &c));
}

static void play(struct game *g, const char *cell)
{
    int pos;
    assert_true(notation_parse(&g->board, cell, &pos));
    assert_int_equal(game_play(g, pos), GAME_OK);
}

static void test_refuses_bad_moves(void **state)
{
    (void)state;
    struct game g;
    new_game(&g, 3, 3, 3);
    assert_int_equal(game_to_move(&g), STONE_BLACK);
    play(&g, "b2");
    assert_int_equal(game_to_move(&g), STONE_WHITE);
    assert_int_equal(game_play(&g, board_pos(&g.board, 1, 1)), GAME_ERR_OCCUPIED);
    assert_int_equal(game_play(&g, 9), GAME_ERR_OUTSIDE);
    assert_int_equal(game_play(&g, -1), GAME_ERR_OUTSIDE);
    assert_int_equal(g.ply, 1);
    assert_int_equal(game_to_move(&g), STONE_WHITE);

    struct game_config c;
    game_config_default(&c);
    c.width = 4;
    c.height = 3;
    c.win = 5;
    assert_non_null(game_init(&g, &c));
}

static void test_win_ends_game(void **state)
{
    (void)state;
    struct game g;
    new_game(&g, 3, 3, 3);
    const char *moves[] = { "a1", "a2", "b1", "b2", "c1" };
    for (int i = 0; i < 5; i++)
        play(&g, moves[i]);
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(g.result.reason, END_LINE);
    assert_int_equal(g.result.line.len, 3);
    assert_string_equal(game_result_text(&g.result), "Black wins");
    assert_int_equal(game_play(&g, 0), GAME_ERR_OVER);
    /* Undo reopens it, redo ends it again. */
    assert_true(game_undo(&g));
    assert_false(game_over(&g));
    assert_true(game_redo(&g));
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_false(game_redo(&g));
}

static void test_early_draw_and_setting(void **state)
{
    (void)state;
    /* After these eight moves only c1 is empty and it completes nothing. */
    const char *moves[] = { "a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1" };
    struct game g;
    new_game(&g, 3, 3, 3);
    for (int i = 0; i < 7; i++)
        play(&g, moves[i]);
    assert_false(game_over(&g)); /* a1 would still win column a for Black */
    play(&g, moves[7]);
    assert_int_equal(g.result.outcome, OUTCOME_DRAW);
    assert_int_equal(g.result.reason, END_NO_LINE);

    struct game_config c;
    game_config_default(&c);
    c.width = c.height = c.win = 3;
    c.early_draw = false;
    assert_null(game_init(&g, &c));
    for (int i = 0; i < 8; i++)
        play(&g, moves[i]);
    assert_false(game_over(&g));
    play(&g, "c1");
    assert_int_equal(g.result.outcome, OUTCOME_DRAW);
    assert_int_equal(g.result.reason, END_BOARD_FULL);
}

/* Long random games on a big board: undo all the way restores the empty
 * board and hash, redo all the way restores the final position exactly. */
static void test_undo_redo_restore_exactly(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 7);
    for (int round = 0; round < 20; round++) {
        struct game g;
        struct game_config c;
        game_config_default(&c);
        c.width = 19;
        c.height = 17;
        c.win = 7 + round % 3;
        c.rule = round % 2 ? RULE_EXACT : RULE_FREESTYLE;
        assert_null(game_init(&g, &c));
        static uint64_t hashes[BOARD_MAX_CELLS + 1];
        hashes[0] = g.board.hash;
        while (!game_over(&g)) {
            int p = (int)rng_below(&r, (uint32_t)board_cells(&g.board));
            if (game_play(&g, p) == GAME_OK)
                hashes[g.ply] = g.board.hash;
        }
        struct game end = g;
        int n = g.ply;
        assert_true(n > 20);
        for (int i = n; i > 0; i--) {
            assert_int_equal(g.board.hash, hashes[i]);
            assert_true(game_undo(&g));
        }
        assert_false(game_undo(&g));
        assert_int_equal(g.board.stones, 0);
        assert_int_equal(g.board.hash, 0);
        /* Half-way redo, then undo again, then all of it. */
        for (int i = 0; i < n / 2; i++)
            assert_true(game_redo(&g));
        assert_int_equal(g.board.hash, hashes[n / 2]);
        assert_true(game_undo(&g));
        while (game_redo(&g))
            ;
        assert_int_equal(g.ply, n);
        assert_memory_equal(g.board.cell, end.board.cell, sizeof g.board.cell);
        assert_int_equal(g.board.hash, end.board.hash);
        assert_int_equal(g.result.outcome, end.result.outcome);
        /* A new move after undo drops the redo list. */
        assert_true(game_undo(&g));
        assert_true(game_undo(&g));
        int free_cell = 0;
        while (board_at(&g.board, free_cell) != STONE_NONE)
            free_cell++;
        if (free_cell != g.moves[g.ply]) {
            assert_int_equal(game_play(&g, free_cell), GAME_OK);
            assert_false(game_redo(&g));
        }
    }
}

static void test_undo_to_human(void **state)
{
    (void)state;
    struct game g;
    struct game_config c;
    game_config_default(&c);
    c.player[1].kind = PLAYER_COMPUTER;
    strcpy(c.player[1].spec, "threat");
    assert_null(game_init(&g, &c));
    play(&g, "h8"); /* human */
    play(&g, "h9"); /* computer */
    play(&g, "j8"); /* human */
    play(&g, "g8"); /* computer */
    assert_int_equal(game_undo_to_human(&g), 2);
    assert_int_equal(g.ply, 2);
    assert_int_equal(game_to_move(&g), STONE_BLACK);
    /* The computer has not answered yet: one undo reaches the human. */
    play(&g, "j8");
    assert_int_equal(game_undo_to_human(&g), 1);
    assert_int_equal(g.ply, 2);
    assert_int_equal(game_undo_to_human(&g), 2);
    assert_int_equal(g.ply, 0);
    assert_int_equal(game_undo_to_human(&g), 0);
}

static void test_concede(void **state)
{
    (void)state;
    struct game g;
    new_game(&g, 15, 15, 5);
    play(&g, "h8");
    game_concede(&g, STONE_WHITE, END_FORFEIT);
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_string_equal(game_result_text(&g.result), "Black wins by forfeit");
    assert_true(game_undo(&g)); /* takes back the forfeit, not h8 */
    assert_false(game_over(&g));
    assert_int_equal(g.ply, 1);
}

/* A draw by agreement ends the game like a concession: no move, nothing
 * to redo after it, undo reopens the game where it stood. */
static void test_agree_draw(void **state)
{
    (void)state;
    struct game g;
    new_game(&g, 15, 15, 5);
    play(&g, "h8");
    play(&g, "j9");
    assert_true(game_undo(&g));
    game_agree_draw(&g);
    assert_int_equal(g.result.outcome, OUTCOME_DRAW);
    assert_int_equal(g.result.reason, END_AGREED);
    assert_string_equal(game_result_text(&g.result), "Draw agreed");
    assert_int_equal(g.last, 1);   /* j9 is no longer to be redone */
    assert_false(game_redo(&g));
    game_concede(&g, STONE_BLACK, END_RESIGN);   /* over: nothing changes */
    assert_int_equal(g.result.reason, END_AGREED);
    assert_true(game_undo(&g));   /* takes back the agreement, not h8 */
    assert_false(game_over(&g));
    assert_int_equal(g.ply, 1);
    game_agree_draw(&g);
    game_agree_draw(&g);   /* once over, a second agreement does nothing */
    assert_int_equal(g.ply, 1);
    assert_int_equal(g.result.reason, END_AGREED);
}

/* A hint belongs to the position it was asked in: kept through undo and
 * redo, forgotten when a new move makes a position not seen before. */
static void test_hint_notes(void **state)
{
    (void)state;
    struct game_config c;
    game_config_default(&c);
    static struct game g;
    assert_null(game_init(&g, &c));
    assert_false(g.hinted[0]);
    game_note_hint(&g);
    assert_true(g.hinted[0]);
    assert_int_equal(game_play(&g, 0), GAME_OK);
    assert_true(g.hinted[0]);
    assert_false(g.hinted[1]);
    game_note_hint(&g);
    assert_int_equal(game_play(&g, 1), GAME_OK);
    assert_true(game_undo(&g));
    assert_true(g.hinted[1]);
    assert_true(game_redo(&g));
    assert_true(g.hinted[1]);
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    assert_int_equal(game_play(&g, 5), GAME_OK);   /* a new line of play */
    assert_false(g.hinted[1]);
    assert_true(g.hinted[0]);
}

/* Every rule's name reads back as the rule; renju is five in a row only,
 * the others take any k. */
static void test_rule_names_and_win_length(void **state)
{
    (void)state;
    for (int r = 0; r < RULE_COUNT; r++) {
        enum rule back;
        assert_true(rule_parse(rule_name((enum rule)r), &back));
        assert_int_equal(back, r);
    }
    enum rule back;
    assert_false(rule_parse("Renju", &back));   /* names are mnk's own, lower case */
    assert_false(rule_parse("standard", &back));

    struct game g;
    struct game_config c;
    game_config_default(&c);
    c.rule = RULE_RENJU;
    assert_null(game_init(&g, &c));
    assert_int_equal(g.board.rule, RULE_RENJU);
    c.win = 4;
    assert_string_equal(game_init(&g, &c), "renju is played with five in a row (win length 5)");
    assert_int_equal(g.board.win, 5);   /* left as it was */
    c.rule = RULE_CARO;
    assert_null(game_init(&g, &c));
    assert_null(rule_check_win(RULE_EXACT, 3));
    assert_non_null(rule_check_win(RULE_RENJU, 6));
}

/* A 15x15 game under `opening`, the first player "A" and the second "B"
 * (names in spec tell the players apart as their seats change). */
static void new_opening(struct game *g, enum opening_rule opening)
{
    struct game_config c;
    game_config_default(&c);
    c.opening = opening;
    strcpy(c.player[0].spec, "A");
    strcpy(c.player[1].spec, "B");
    assert_null(game_init(g, &c));
}

static const char *black_player(const struct game *g)
{
    return game_player(g, STONE_BLACK)->spec;
}

static void propose(struct game *g)
{
    assert_int_equal(game_opening_step(g), OPENING_PROPOSE);
    assert_int_equal(game_actor(g), STONE_BLACK);    /* the first player's seat */
    play(g, "h8");
    assert_int_equal(game_actor(g), STONE_BLACK);    /* places White's stone too */
    assert_int_equal(game_to_move(g), STONE_WHITE);
    play(g, "i9");
    play(g, "g7");
    assert_int_equal(game_opening_step(g), OPENING_CHOOSE);
    assert_int_equal(game_actor(g), STONE_WHITE);    /* the second player's */
    assert_int_equal(game_play(g, 0), GAME_ERR_CHOOSE);
    assert_int_equal(g->ply, 3);
}

static void test_no_opening(void **state)
{
    (void)state;
    struct game g;
    new_opening(&g, OPENING_NONE);
    assert_int_equal(game_opening_step(&g), OPENING_DONE);
    assert_int_equal(game_choose(&g, OPENING_TAKE_BLACK), GAME_ERR_NOT_NOW);
    play(&g, "h8");
    assert_int_equal(game_actor(&g), STONE_WHITE);
}

static void test_swap_take_black(void **state)
{
    (void)state;
    struct game g;
    new_opening(&g, OPENING_SWAP);
    propose(&g);
    assert_int_equal(game_choose(&g, OPENING_PLACE_TWO), GAME_ERR_NOT_NOW); /* swap2's */
    assert_string_equal(black_player(&g), "A");
    assert_int_equal(game_choose(&g, OPENING_TAKE_BLACK), GAME_OK);
    assert_int_equal(game_opening_step(&g), OPENING_DONE);
    assert_true(g.swapped);
    assert_string_equal(black_player(&g), "B");
    assert_string_equal(game_player(&g, STONE_WHITE)->spec, "A");
    assert_int_equal(game_first_seat(&g), STONE_WHITE);
    /* White (A now) moves on. */
    assert_int_equal(game_actor(&g), STONE_WHITE);
    assert_int_equal(game_choose(&g, OPENING_TAKE_WHITE), GAME_ERR_NOT_NOW);
    play(&g, "j10");
    assert_int_equal(game_actor(&g), STONE_BLACK);

    /* Undo through the choice: the move, then the choice, then a stone. */
    assert_true(game_undo(&g));
    assert_true(g.swapped);
    assert_true(game_undo(&g));
    assert_false(g.swapped);
    assert_string_equal(black_player(&g), "A");
    assert_int_equal(game_opening_step(&g), OPENING_CHOOSE);
    assert_int_equal(g.ply, 3);
    assert_true(game_undo(&g));
    assert_int_equal(game_opening_step(&g), OPENING_PROPOSE);
    assert_int_equal(g.ply, 2);
    /* Redo all of it back. */
    assert_true(game_redo(&g));
    assert_true(game_redo(&g));
    assert_true(g.swapped);
    assert_true(game_redo(&g));
    assert_int_equal(g.ply, 4);
    assert_false(game_redo(&g));
    assert_string_equal(black_player(&g), "B");
}

static void test_swap_take_white(void **state)
{
    (void)state;
    struct game g;
    new_opening(&g, OPENING_SWAP);
    propose(&g);
    assert_int_equal(game_choose(&g, OPENING_TAKE_WHITE), GAME_OK);
    assert_false(g.swapped);
    assert_string_equal(black_player(&g), "A");
    assert_int_equal(game_actor(&g), STONE_WHITE);
    play(&g, "j10");
    /* A new choice after an undo forgets the old one's redo. */
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    assert_int_equal(game_choose(&g, OPENING_TAKE_BLACK), GAME_OK);
    assert_false(game_redo(&g));
    assert_string_equal(black_player(&g), "B");
}

static void test_swap2_take_either(void **state)
{
    (void)state;
    struct game g;
    new_opening(&g, OPENING_SWAP2);
    propose(&g);
    assert_int_equal(game_choose(&g, OPENING_TAKE_BLACK), GAME_OK);
    assert_string_equal(black_player(&g), "B");
    assert_int_equal(game_opening_step(&g), OPENING_DONE);
    assert_true(game_undo(&g));
    assert_int_equal(game_choose(&g, OPENING_TAKE_WHITE), GAME_OK);
    assert_string_equal(black_player(&g), "A");
    assert_int_equal(game_opening_step(&g), OPENING_DONE);
    assert_int_equal(game_actor(&g), STONE_WHITE);
}

static void test_swap2_place_two(void **state)
{
    (void)state;
    for (int take = OPENING_TAKE_BLACK; take <= OPENING_TAKE_WHITE; take++) {
        struct game g;
        new_opening(&g, OPENING_SWAP2);
        propose(&g);
        assert_int_equal(game_choose(&g, OPENING_PLACE_TWO), GAME_OK);
        assert_int_equal(game_opening_step(&g), OPENING_ADD);
        assert_int_equal(game_actor(&g), STONE_WHITE);   /* the second player */
        play(&g, "j10");
        assert_int_equal(game_actor(&g), STONE_WHITE);   /* places Black's too */
        play(&g, "f6");
        assert_int_equal(game_opening_step(&g), OPENING_CHOOSE2);
        assert_int_equal(game_actor(&g), STONE_BLACK);   /* the first player */
        assert_int_equal(game_play(&g, 0), GAME_ERR_CHOOSE);
        assert_int_equal(game_choose(&g, OPENING_PLACE_TWO), GAME_ERR_NOT_NOW);
        assert_int_equal(game_choose(&g, (enum opening_choice)take), GAME_OK);
        assert_int_equal(game_opening_step(&g), OPENING_DONE);
        /* The first player took `take`. */
        assert_string_equal(black_player(&g), take == OPENING_TAKE_BLACK ? "A" : "B");
        assert_int_equal(game_to_move(&g), STONE_WHITE);
        assert_int_equal(game_actor(&g), STONE_WHITE);
        play(&g, "k11");
        /* Back to the first choice, seats as they were. */
        for (int i = 0; i < 5; i++)
            assert_true(game_undo(&g));
        assert_int_equal(game_opening_step(&g), OPENING_CHOOSE);
        assert_false(g.swapped);
        assert_string_equal(black_player(&g), "A");
        for (int i = 0; i < 5; i++)
            assert_true(game_redo(&g));
        assert_string_equal(black_player(&g), take == OPENING_TAKE_BLACK ? "A" : "B");
        assert_int_equal(g.ply, 6);
    }
}

static void test_undo_to_human_in_opening(void **state)
{
    (void)state;
    struct game g;
    new_opening(&g, OPENING_SWAP2);
    g.config.player[1].kind = PLAYER_COMPUTER;     /* the second player */
    propose(&g);
    assert_int_equal(game_choose(&g, OPENING_PLACE_TWO), GAME_OK);
    play(&g, "j10");
    play(&g, "f6");
    /* The person must choose; undo goes back past the computer's part. */
    assert_int_equal(game_undo_to_human(&g), 4);
    assert_int_equal(g.ply, 2);
    assert_int_equal(game_opening_step(&g), OPENING_PROPOSE);
}

/* Black's stones for a double three at (7, 7) under renju, White's far
 * off; played in turn, Black first. */
static const int renju_moves[][2] = {
    { 5, 7 }, { 0, 0 }, { 6, 7 }, { 0, 2 }, { 7, 5 }, { 0, 4 }, { 7, 6 }, { 14, 14 },
};

static void renju_game(struct game *g, enum rule rule)
{
    struct game_config c;
    game_config_default(&c);
    c.rule = rule;
    assert_null(game_init(g, &c));
    for (size_t i = 0; i < sizeof renju_moves / sizeof renju_moves[0]; i++)
        assert_int_equal(game_play(g, board_pos(&g->board, renju_moves[i][0],
                                                renju_moves[i][1])),
                         GAME_OK);
}

/* Renju: the game refuses Black's forbidden move and changes nothing; the
 * same cell is White's to take, and other rules allow it. */
static void test_renju_refuses_forbidden(void **state)
{
    (void)state;
    static struct game g, before;
    struct game_config c;
    game_config_default(&c);
    c.rule = RULE_RENJU;
    c.win = 6;
    assert_string_equal(game_init(&g, &c), "renju is played with five in a row (win length 5)");

    renju_game(&g, RULE_RENJU);
    int point = board_pos(&g.board, 7, 7), elsewhere = board_pos(&g.board, 12, 2);
    /* Two moves to redo, so that the refusal can be seen to keep them. */
    assert_int_equal(game_play(&g, elsewhere), GAME_OK);
    assert_int_equal(game_play(&g, board_pos(&g.board, 14, 0)), GAME_OK);
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    before = g;
    assert_int_equal(game_forbidden(&g, point), FORBID_DOUBLE_THREE);
    assert_string_equal(forbid_text(game_forbidden(&g, point)), "double three");
    assert_int_equal(game_play(&g, point), GAME_ERR_FORBIDDEN);
    assert_memory_equal(&g, &before, sizeof g);
    assert_true(game_redo(&g));
    assert_int_equal(game_forbidden(&g, point), FORBID_NONE);   /* White to move */
    assert_true(game_undo(&g));
    /* Black plays elsewhere; then the point is White's to take. */
    assert_int_equal(game_play(&g, elsewhere), GAME_OK);
    assert_int_equal(game_play(&g, point), GAME_OK);
    assert_false(game_over(&g));
    /* Freestyle and caro know no forbidden moves. */
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        if (rule == RULE_RENJU)
            continue;
        renju_game(&g, (enum rule)rule);
        assert_int_equal(game_forbidden(&g, point), FORBID_NONE);
        assert_int_equal(game_play(&g, point), GAME_OK);
    }
    assert_string_equal(forbid_text(FORBID_OVERLINE), "overline");
    assert_string_equal(forbid_text(FORBID_DOUBLE_FOUR), "double four");
    assert_string_equal(forbid_text(FORBID_NONE), "");
    assert_int_equal(game_forbidden(&g, -1), FORBID_NONE);
}

/* Renju: White's move that leaves Black no legal move (both empty cells
 * overlines) ends the game as a draw, with or without the early draw, and
 * says why; nothing more can be played. Undo reopens it, redo ends it
 * again. With one legal cell left the game goes on, and Black may play it. */
static void test_renju_no_legal_move_draws(void **state)
{
    (void)state;
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    c.width = 7;
    c.height = 6;
    c.rule = RULE_RENJU;
    for (int early = 0; early < 2; early++) {
        c.early_draw = early;
        assert_null(game_init(&g, &c));
        boards_play(&g, BOARDS_RENJU_STUCK);
        assert_int_equal(g.ply, 40);
        assert_true(game_over(&g));
        assert_int_equal(g.result.outcome, OUTCOME_DRAW);
        assert_int_equal(g.result.reason, END_NO_LEGAL_MOVE);
        assert_int_equal(g.result.line.len, 0);
        assert_string_equal(game_result_text(&g.result), "draw: Black has no legal move");
        assert_int_equal(game_actor(&g), STONE_NONE);
        int d2 = boards_cell(&g.board, "d2");
        assert_int_equal(game_play(&g, d2), GAME_ERR_OVER);
        assert_true(game_undo(&g));
        assert_false(game_over(&g));
        assert_int_equal(game_to_move(&g), STONE_WHITE);
        assert_true(game_redo(&g));
        assert_int_equal(g.result.reason, END_NO_LEGAL_MOVE);
    }

    assert_null(game_init(&g, &c));
    boards_play(&g, BOARDS_RENJU_ONE_LEGAL);
    assert_false(game_over(&g));
    assert_int_equal(game_play(&g, boards_cell(&g.board, "d2")), GAME_ERR_FORBIDDEN);
    assert_int_equal(game_play(&g, boards_cell(&g.board, "d1")), GAME_OK);
    assert_false(game_over(&g));
}

/* Caro: a five the opponent blocks at both ends does not end the game. */
static void test_caro_blocked_five(void **state)
{
    (void)state;
    struct game_config c;
    game_config_default(&c);
    c.rule = RULE_CARO;
    static struct game g;
    assert_null(game_init(&g, &c));
    /* Black c1..g1 between White b1 and h1 (bottom row). */
    const char *moves[] = { "c1", "b1", "d1", "h1", "e1", "a15", "f1", "o15", "g1" };
    for (int i = 0; i < 9; i++)
        play(&g, moves[i]);
    assert_false(game_over(&g));
    /* The game's verdict says why the five did not win, until taken back. */
    assert_int_equal(g.unwon_run, 5);
    assert_true(g.unwon_blocked);
    assert_true(game_undo(&g));
    assert_int_equal(g.unwon_run, 0);
    assert_true(game_redo(&g));
    assert_int_equal(g.unwon_run, 5);
    /* Under freestyle the same five wins; under exact a sixth stone does not. */
    c.rule = RULE_FREESTYLE;
    assert_null(game_init(&g, &c));
    for (int i = 0; i < 9; i++)
        play(&g, moves[i]);
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(g.unwon_run, 0);
    c.rule = RULE_EXACT;
    assert_null(game_init(&g, &c));
    const char *six[] = { "c1", "b2", "d1", "h3", "e1", "a15", "g1", "o15", "h1", "o14", "f1" };
    for (int i = 0; i < 11; i++)
        play(&g, six[i]);
    assert_false(game_over(&g));
    assert_int_equal(g.unwon_run, 6);
    assert_false(g.unwon_blocked);
}

/* A set-up position: its stones from the start, its side first, through
 * undo and redo; and what it refuses. */
static void add_stone(struct game_setup *s, const struct board *b, const char *cell,
                      enum stone side)
{
    int pos;
    assert_true(notation_parse(b, cell, &pos));
    s->cell[s->n] = pos;
    s->stone[s->n++] = (unsigned char)side;
}

static void test_set_up_position(void **state)
{
    (void)state;
    static struct game g;
    static struct game_setup s;
    new_game(&g, 9, 9, 5);
    s.n = 0;
    s.to_move = STONE_WHITE;
    add_stone(&s, &g.board, "e5", STONE_BLACK);
    add_stone(&s, &g.board, "e6", STONE_BLACK);
    add_stone(&s, &g.board, "d4", STONE_WHITE);
    assert_null(game_set_up(&g, &s));
    assert_true(game_is_set_up(&g));
    assert_int_equal(g.board.stones, 3);
    assert_int_equal(game_to_move(&g), STONE_WHITE);
    play(&g, "e7");
    assert_int_equal(board_at(&g.board, g.moves[0]), STONE_WHITE);
    assert_int_equal(game_stone_of(&g, 0), STONE_WHITE);
    assert_int_equal(game_stone_of(&g, 1), STONE_BLACK);
    assert_int_equal(game_to_move(&g), STONE_BLACK);
    play(&g, "e4");
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    assert_false(game_undo(&g));   /* the set-up stones are no moves */
    assert_int_equal(g.board.stones, 3);
    assert_int_equal(game_to_move(&g), STONE_WHITE);
    assert_true(game_redo(&g));
    assert_int_equal(board_at(&g.board, g.moves[0]), STONE_WHITE);
    /* Once set up, or once a move is made, no second set-up. */
    assert_non_null(game_set_up(&g, &s));
}

static void test_set_up_refusals_and_verdicts(void **state)
{
    (void)state;
    static struct game g, before;
    static struct game_setup s;
    new_game(&g, 9, 9, 5);
    s.n = 0;
    s.to_move = STONE_BLACK;
    add_stone(&s, &g.board, "a1", STONE_BLACK);
    add_stone(&s, &g.board, "a1", STONE_WHITE);
    before = g;
    assert_non_null(game_set_up(&g, &s));          /* one cell twice */
    assert_memory_equal(&g.board, &before.board, sizeof g.board);
    assert_false(game_is_set_up(&g));
    s.n = 1;
    s.cell[0] = 81;
    assert_non_null(game_set_up(&g, &s));          /* off the board */
    s.cell[0] = 0;
    s.stone[0] = STONE_NONE;
    assert_non_null(game_set_up(&g, &s));          /* no colour */
    s.stone[0] = STONE_BLACK;
    s.to_move = STONE_NONE;
    assert_non_null(game_set_up(&g, &s));          /* nobody to move */
    /* Five of White's already there: White has won, nothing to play. */
    s.n = 0;
    s.to_move = STONE_BLACK;
    const char *five[] = { "c3", "d3", "e3", "f3", "g3" };
    for (int i = 0; i < 5; i++)
        add_stone(&s, &g.board, five[i], STONE_WHITE);
    assert_null(game_set_up(&g, &s));
    assert_true(game_over(&g));
    assert_int_equal(g.result.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(g.result.reason, END_LINE);
    assert_int_equal(game_play(&g, 0), GAME_ERR_OVER);
    /* An opening rule places its own stones. */
    struct game_config c = g.config;
    c.opening = OPENING_SWAP;
    assert_null(game_init(&g, &c));
    s.n = 1;
    assert_non_null(game_set_up(&g, &s));
}

/* A game on a clock: new_game's board with the control `tc`. */
static void new_timed(struct game *g, const char *tc)
{
    struct game_config c;
    game_config_default(&c);
    char err[128];
    assert_true(tc_parse(tc, &c.tc, err, sizeof err));
    assert_null(game_init(g, &c));
}

static void play_timed(struct game *g, const char *cell, int spent_ms)
{
    int pos;
    assert_true(notation_parse(&g->board, cell, &pos));
    assert_int_equal(game_play_timed(g, pos, spent_ms), GAME_OK);
}

static bool clocks_equal(struct gameclock_side a, struct gameclock_side b)
{
    return a.main_ms == b.main_ms && a.period_ms == b.period_ms && a.periods == b.periods &&
           a.moves == b.moves && a.move_ms == b.move_ms && a.flagged == b.flagged;
}

/* Each move charges its side's clock; undo and redo bring every clock back
 * as it was, and so does a copy of the game. */
static void test_clock_undo_redo(void **state)
{
    (void)state;
    static struct game g, copy;
    new_timed(&g, "1+1");
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, 60000);
    assert_int_equal(game_clock(&g, STONE_WHITE).main_ms, 60000);
    static const char *const cells[] = { "h8", "h9", "i8", "i9", "j8", "j9" };
    static const int spent[] = { 5000, 12000, 30000, 0, 26500, 40000 };
    struct gameclock_side black[7], white[7];
    for (int i = 0; i < 6; i++) {
        black[i] = game_clock(&g, STONE_BLACK);
        white[i] = game_clock(&g, STONE_WHITE);
        play_timed(&g, cells[i], spent[i]);
        assert_int_equal(g.timing[i].spent_ms, spent[i]);
        assert_int_equal(g.timing[i].seat, i % 2 ? STONE_WHITE : STONE_BLACK);
    }
    black[6] = game_clock(&g, STONE_BLACK);
    white[6] = game_clock(&g, STONE_WHITE);
    /* 60 - 5 + 1 - 30 + 1 - 26.5 + 1; 60 - 12 + 1 - 0 + 1 - 40 + 1. */
    assert_int_equal(black[6].main_ms, 1500);
    assert_int_equal(white[6].main_ms, 11000);
    assert_int_equal(black[3].main_ms, 27000);
    copy = g;
    for (int ply = 5; ply >= 0; ply--) {
        assert_true(game_undo(&g));
        assert_true(clocks_equal(game_clock(&g, STONE_BLACK), black[ply]));
        assert_true(clocks_equal(game_clock(&g, STONE_WHITE), white[ply]));
    }
    for (int ply = 1; ply <= 6; ply++) {
        assert_true(game_redo(&g));
        assert_true(clocks_equal(game_clock(&g, STONE_BLACK), black[ply]));
        assert_true(clocks_equal(game_clock(&g, STONE_WHITE), white[ply]));
    }
    assert_true(clocks_equal(game_clock(&copy, STONE_BLACK), black[6]));
    assert_true(clocks_equal(game_clock(&copy, STONE_WHITE), white[6]));
    /* A new move after an undo replaces the history's time. */
    assert_true(game_undo(&g));
    play_timed(&g, "a1", 1000);
    assert_int_equal(game_clock(&g, STONE_WHITE).main_ms, white[5].main_ms - 1000 + 1000);
    assert_false(game_redo(&g));
    /* An untimed move is a move of 0 ms. */
    assert_int_equal(game_play(&g, board_pos(&g.board, 0, 1)), GAME_OK);
    assert_int_equal(g.timing[6].spent_ms, 0);
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, black[6].main_ms + 1000);
}

/* A move that comes too late is not played: the game is lost on time, and
 * undo reopens it with the clock as it was. */
static void test_move_too_late(void **state)
{
    (void)state;
    static struct game g;
    new_timed(&g, "5m,30s/move");
    play_timed(&g, "h8", 1000);
    int pos = board_pos(&g.board, 0, 0);
    /* An illegal move changes nothing, late or not. */
    assert_int_equal(game_play_timed(&g, board_pos(&g.board, 7, 7), 99999), GAME_ERR_OCCUPIED);
    assert_false(game_over(&g));
    assert_int_equal(game_play_timed(&g, pos, 30000), GAME_ERR_TIME);
    assert_int_equal(g.ply, 1);
    assert_int_equal(board_at(&g.board, pos), STONE_NONE);
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(g.result.reason, END_TIME);
    assert_string_equal(game_result_text(&g.result), "White lost on time");
    struct gameclock_side w = game_clock(&g, STONE_WHITE);
    assert_true(w.flagged);
    assert_int_equal(w.main_ms, 0);
    assert_false(game_clock(&g, STONE_BLACK).flagged);
    assert_int_equal(game_play_timed(&g, pos, 0), GAME_ERR_OVER);
    assert_true(game_undo(&g));
    assert_false(game_over(&g));
    assert_int_equal(g.ply, 1);    /* the flag was taken back, not the move */
    w = game_clock(&g, STONE_WHITE);
    assert_false(w.flagged);
    assert_int_equal(w.main_ms, 300000);
    assert_int_equal(game_play_timed(&g, pos, 29999), GAME_OK);
}

/* A flag that falls while a side thinks ends the game against it; a flag
 * after the end changes nothing. */
static void test_flag_while_thinking(void **state)
{
    (void)state;
    static struct game g;
    new_timed(&g, "0+1x10s");
    play_timed(&g, "h8", 9999);
    play_timed(&g, "h9", 100);
    struct gameclock_side b = game_clock(&g, STONE_BLACK);
    assert_true(gameclock_in_overtime(&g.config.tc, &b));
    assert_true(gameclock_until_flag(&g.config.tc, &b, 4000) == 6000);
    game_flag(&g, STONE_BLACK);
    assert_int_equal(g.result.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(g.result.reason, END_TIME);
    assert_string_equal(game_result_text(&g.result), "Black lost on time");
    assert_true(game_clock(&g, STONE_BLACK).flagged);
    game_flag(&g, STONE_WHITE);
    assert_int_equal(g.result.outcome, OUTCOME_WHITE_WINS);
    assert_false(game_clock(&g, STONE_WHITE).flagged);
    assert_false(game_redo(&g));
    assert_true(game_undo(&g));
    assert_int_equal(g.ply, 2);
    assert_false(game_clock(&g, STONE_BLACK).flagged);
    /* A won game is not lost on time afterwards. */
    new_game(&g, 3, 3, 3);
    const char *moves[] = { "a1", "a2", "b1", "b2", "c1" };
    for (int i = 0; i < 5; i++)
        play(&g, moves[i]);
    game_flag(&g, STONE_BLACK);
    assert_int_equal(g.result.reason, END_LINE);
}

/* A record's clock is kept as it says; a fallen one loses on time. */
static void test_play_clocked(void **state)
{
    (void)state;
    static struct game g;
    new_timed(&g, "3+2");
    struct gameclock_side said = { .main_ms = 123456 };
    assert_int_equal(game_play_clocked(&g, 0, 777, &said), GAME_OK);
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, 123456);
    assert_int_equal(g.timing[0].spent_ms, 777);
    struct gameclock_side fallen = { .flagged = true };
    assert_int_equal(game_play_clocked(&g, 1, 0, &fallen), GAME_ERR_TIME);
    assert_int_equal(g.result.reason, END_TIME);
}

/* In an opening the first player's seat places stones of both colours and
 * its clock runs for all of them; the choice costs no time. */
static void test_clock_in_opening(void **state)
{
    (void)state;
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    c.opening = OPENING_SWAP;
    char err[128];
    assert_true(tc_parse("1+0", &c.tc, err, sizeof err));
    assert_null(game_init(&g, &c));
    play_timed(&g, "h8", 1000);
    play_timed(&g, "h9", 2000);   /* White's stone, the first player's time */
    play_timed(&g, "i8", 3000);
    assert_int_equal(g.timing[1].seat, STONE_BLACK);
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, 54000);
    assert_int_equal(game_clock(&g, STONE_WHITE).main_ms, 60000);
    assert_int_equal(game_choose(&g, OPENING_TAKE_BLACK), GAME_OK);
    /* The second player took Black and its seat: Black's clock, as it was. */
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, 54000);
    play_timed(&g, "i9", 500);
    assert_int_equal(g.timing[3].seat, STONE_WHITE);
    assert_int_equal(game_clock(&g, STONE_WHITE).main_ms, 59500);
}

/* A control that is not well formed is refused, the game untouched. */
static void test_bad_control_refused(void **state)
{
    (void)state;
    static struct game g, before;
    new_game(&g, 15, 15, 5);
    play(&g, "h8");
    before = g;
    struct game_config c;
    game_config_default(&c);
    assert_int_equal(c.tc.kind, TC_NONE);
    c.tc.kind = TC_SUDDEN;   /* without its main time */
    assert_non_null(game_init(&g, &c));
    assert_memory_equal(&g, &before, sizeof g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refuses_bad_moves),
        cmocka_unit_test(test_win_ends_game),
        cmocka_unit_test(test_early_draw_and_setting),
        cmocka_unit_test(test_undo_redo_restore_exactly),
        cmocka_unit_test(test_undo_to_human),
        cmocka_unit_test(test_concede),
        cmocka_unit_test(test_agree_draw),
        cmocka_unit_test(test_hint_notes),
        cmocka_unit_test(test_rule_names_and_win_length),
        cmocka_unit_test(test_no_opening),
        cmocka_unit_test(test_swap_take_black),
        cmocka_unit_test(test_swap_take_white),
        cmocka_unit_test(test_swap2_take_either),
        cmocka_unit_test(test_swap2_place_two),
        cmocka_unit_test(test_undo_to_human_in_opening),
        cmocka_unit_test(test_renju_refuses_forbidden),
        cmocka_unit_test(test_caro_blocked_five),
        cmocka_unit_test(test_renju_no_legal_move_draws),
        cmocka_unit_test(test_set_up_position),
        cmocka_unit_test(test_set_up_refusals_and_verdicts),
        cmocka_unit_test(test_clock_undo_redo),
        cmocka_unit_test(test_move_too_late),
        cmocka_unit_test(test_flag_while_thinking),
        cmocka_unit_test(test_play_clocked),
        cmocka_unit_test(test_clock_in_opening),
        cmocka_unit_test(test_bad_control_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
