/* test_session.c — the game-driving policy: turns, computers' answers,
 * forfeits, undo and redo against computers, pause, resignation, the
 * overline note, computers on a game clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "engine/timeman.h"
#include "play/session.h"
#include "mnk/clock.h"
#include "mnk/level.h"

/* Seats Black and White as named ("human" or a player name) in config c
 * and opens its game in session s; why as session_open gives it. */
static void open_config(struct session *s, struct game_config *c, const char *black,
                        const char *white, char why[2][SESSION_WHY_MAX])
{
    const char *names[2] = { black, white };
    for (int i = 0; i < 2; i++) {
        if (strcmp(names[i], "human") != 0) {
            c->player[i].kind = PLAYER_COMPUTER;
            strcpy(c->player[i].spec, names[i]);
            c->player[i].seed = 5 + (uint64_t)i;
        }
    }
    struct game g;
    assert_null(game_init(&g, c));
    session_open(s, &g, true, why);
}

/* A game of w×h, k, rule with Black and White as named ("human" or a
 * player name), opened in session s. */
static void open_game(struct session *s, int w, int h, int k, enum rule rule,
                      const char *black, const char *white)
{
    struct game_config c;
    game_config_default(&c);
    c.width = w;
    c.height = h;
    c.win = k;
    c.rule = rule;
    char why[2][SESSION_WHY_MAX];
    open_config(s, &c, black, white, why);
    assert_string_equal(why[0], "");
    assert_string_equal(why[1], "");
}

/* As open_game, on 15x15 with k = 5 under `opening`. */
static void open_opening(struct session *s, enum opening_rule opening, const char *black,
                         const char *white)
{
    struct game_config c;
    game_config_default(&c);
    c.opening = opening;
    char why[2][SESSION_WHY_MAX];
    open_config(s, &c, black, white, why);
}

static int cell(const struct session *s, int x, int y)
{
    return board_pos(&s->game.board, x, y);
}

static void test_two_people(void **state)
{
    (void)state;
    struct session s;
    open_game(&s, 3, 3, 3, RULE_FREESTYLE, "human", "human");
    assert_int_equal(session_due(&s), STONE_NONE);
    assert_false(session_toggle_pause(&s));
    assert_int_equal(session_human_move(&s, cell(&s, 1, 1)), SESSION_PLAYED);
    assert_int_equal(session_human_move(&s, cell(&s, 1, 1)), SESSION_OCCUPIED);
    assert_int_equal(session_human_move(&s, 9), SESSION_OUTSIDE);
    assert_int_equal(s.game.ply, 1);
    /* Either person may take back one move at a time. */
    assert_int_equal(session_undo(&s), 1);
    assert_int_equal(session_undo(&s), 0);
    assert_int_equal(session_redo(&s), 1);
    assert_int_equal(s.game.ply, 1);
    /* The one to move resigns. */
    assert_int_equal(session_resigner(&s), STONE_WHITE);
    assert_true(session_resign(&s));
    assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
    assert_int_equal(s.game.result.reason, END_RESIGN);
    assert_int_equal(session_resigner(&s), STONE_NONE);
    assert_false(session_resign(&s));
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_OVER);
    /* The result stands: undo does not take the resignation back. */
    assert_int_equal(session_undo(&s), 0);
    assert_true(game_over(&s.game));
    assert_int_equal(s.game.result.reason, END_RESIGN);
    assert_int_equal(s.game.ply, 1);
    session_close(&s);
}

/* A game won on the board stands as well: neither undo nor redo moves it,
 * between people or against a computer. */
static void test_result_stands(void **state)
{
    (void)state;
    const char *white[2] = { "human", "random" };
    for (int i = 0; i < 2; i++) {
        struct session s;
        open_game(&s, 3, 3, 3, RULE_FREESTYLE, "human", white[i]);
        /* Black a1 b1 c1 against White's answers on the row above. */
        for (int x = 0; x < 3 && !game_over(&s.game); x++) {
            assert_int_equal(session_human_move(&s, cell(&s, x, 0)), SESSION_PLAYED);
            if (game_over(&s.game))
                break;
            if (i == 0)
                assert_int_equal(session_human_move(&s, cell(&s, x, 1)), SESSION_PLAYED);
            else
                assert_int_equal(session_computer_move(&s, cell(&s, x, 1)), SESSION_PLAYED);
        }
        assert_true(game_over(&s.game));
        assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
        int ply = s.game.ply;
        assert_int_equal(session_undo(&s), 0);
        assert_int_equal(session_redo(&s), 0);
        assert_true(game_over(&s.game));
        assert_int_equal(s.game.ply, ply);
        session_close(&s);
    }
}

static void test_against_a_computer(void **state)
{
    (void)state;
    struct session s;
    open_game(&s, 5, 5, 4, RULE_FREESTYLE, "human", "random");
    assert_false(session_is_computer(&s, STONE_BLACK));
    assert_true(session_is_computer(&s, STONE_WHITE));
    assert_null(session_computer(&s, STONE_BLACK));
    assert_non_null(session_computer(&s, STONE_WHITE));
    assert_int_equal(session_due(&s), STONE_NONE);
    assert_int_equal(session_think(&s), SESSION_WAIT);

    assert_int_equal(session_human_move(&s, cell(&s, 2, 2)), SESSION_PLAYED);
    assert_int_equal(session_due(&s), STONE_WHITE);
    /* A person can't move in the computer's turn. */
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_WAIT);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(s.game.ply, 2);
    assert_int_equal(session_due(&s), STONE_NONE);

    /* Undo goes back to the person's turn: the answer and the move. */
    assert_int_equal(session_undo(&s), 2);
    assert_int_equal(s.game.ply, 0);
    /* Redo brings back the move and the computer's answer with it. */
    assert_int_equal(session_redo(&s), 2);
    assert_int_equal(s.game.ply, 2);
    assert_int_equal(session_redo(&s), 0);

    /* The person resigns even while the computer is to move. */
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_PLAYED);
    assert_int_equal(session_resigner(&s), STONE_BLACK);
    assert_true(session_resign(&s));
    assert_int_equal(s.game.result.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(session_due(&s), STONE_NONE);
    session_close(&s);
}

static void test_two_computers(void **state)
{
    (void)state;
    struct session s;
    open_game(&s, 3, 3, 3, RULE_FREESTYLE, "random", "random");
    assert_int_equal(session_resigner(&s), STONE_NONE);
    assert_int_equal(session_due(&s), STONE_BLACK);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    /* Undo takes back one move and holds the computers there. */
    assert_int_equal(session_undo(&s), 1);
    assert_true(s.paused);
    assert_int_equal(session_due(&s), STONE_NONE);
    assert_int_equal(session_think(&s), SESSION_WAIT);
    assert_true(session_toggle_pause(&s));
    assert_int_equal(session_due(&s), STONE_WHITE);
    /* Played out, the way `mnk match` does. */
    int moves = 0;
    while (session_think(&s) == SESSION_PLAYED)
        moves++;
    assert_true(game_over(&s.game));
    assert_int_equal(s.game.ply, 1 + moves);
    assert_int_equal(session_think(&s), SESSION_OVER);
    session_close(&s);
}

/* No move at all, an occupied cell, a cell off the board: each loses the
 * game by forfeit, with the reason kept. */
static void test_forfeits(void **state)
{
    (void)state;
    const int answers[3] = { -1, 12, 25 };
    const char *reasons[3] = { "no move", "occupied", "not a cell" };
    for (int i = 0; i < 3; i++) {
        struct session s;
        open_game(&s, 5, 5, 4, RULE_FREESTYLE, "human", "random");
        assert_int_equal(session_human_move(&s, 12), SESSION_PLAYED);
        assert_int_equal(session_computer_move(&s, answers[i]), SESSION_FORFEIT);
        assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
        assert_int_equal(s.game.result.reason, END_FORFEIT);
        assert_non_null(strstr(s.why, reasons[i]));
        assert_int_equal(s.game.ply, 1);
        assert_int_equal(session_computer_move(&s, 0), SESSION_OVER);
        session_close(&s);
    }
    /* A person's turn is not a computer's to answer. */
    struct session s;
    open_game(&s, 5, 5, 4, RULE_FREESTYLE, "human", "random");
    assert_int_equal(session_computer_move(&s, 0), SESSION_WAIT);
    assert_int_equal(s.game.ply, 0);
    session_forfeit(&s, STONE_WHITE, "could not start");
    assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
    assert_string_equal(s.why, "could not start");
    session_close(&s);
}

/* A player that does not play the game's rule (perfect under caro, as a
 * record may name it) leaves its side to a person, saying why; the same
 * player under freestyle, and a level under caro, play. */
static void test_player_without_the_rule(void **state)
{
    (void)state;
    struct session s;
    struct game_config c;
    char why[2][SESSION_WHY_MAX];
    game_config_default(&c);
    c.width = c.height = 5;
    c.win = 4;
    c.rule = RULE_CARO;
    open_config(&s, &c, "casual", "perfect", why);
    assert_string_equal(why[0], "");
    assert_string_equal(why[1], "perfect does not play caro (only freestyle and exact)");
    assert_true(session_is_computer(&s, STONE_BLACK));
    assert_false(session_is_computer(&s, STONE_WHITE));
    assert_int_equal(s.game.config.player[1].kind, PLAYER_HUMAN);
    session_close(&s);

    open_game(&s, 5, 5, 4, RULE_FREESTYLE, "human", "perfect");
    assert_true(session_is_computer(&s, STONE_WHITE));
    session_close(&s);

    struct player p = { .kind = PLAYER_HUMAN };
    char w[SESSION_WHY_MAX] = "";
    assert_true(players_check_rule(&p, RULE_RENJU, w, sizeof w));
    p.kind = PLAYER_COMPUTER;
    strcpy(p.spec, "engine:/bin/false");   /* told the rule, it answers for itself */
    assert_true(players_check_rule(&p, RULE_RENJU, w, sizeof w));
    strcpy(p.spec, "perfect");
    assert_false(players_check_rule(&p, RULE_RENJU, w, sizeof w));
    assert_string_equal(w, "perfect does not play renju (only freestyle and exact)");
}

/* A player that can't be made leaves its side to a person, saying why. */
static void test_unknown_player(void **state)
{
    (void)state;
    struct game_config c;
    game_config_default(&c);
    c.player[1].kind = PLAYER_COMPUTER;
    strcpy(c.player[1].spec, "no-such-player");
    struct game g;
    assert_null(game_init(&g, &c));
    struct session s;
    char why[2][SESSION_WHY_MAX];
    session_open(&s, &g, true, why);
    assert_string_equal(why[0], "");
    assert_non_null(strstr(why[1], "no-such-player"));
    assert_false(session_is_computer(&s, STONE_WHITE));
    assert_int_equal(s.game.config.player[1].kind, PLAYER_HUMAN);
    session_close(&s);
}

/* Under exact, a line longer than k does not win, and the session says how
 * long it was; under freestyle the same move wins. */
static void test_overline(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; rule++) {
        struct session s;
        open_game(&s, 7, 7, 3, (enum rule)rule, "human", "human");
        /* Black a1 b1 d1 (x = 0, 1, 3 on the bottom row), White elsewhere;
         * then Black c1 makes four in a row. */
        const int black[3][2] = { { 0, 6 }, { 1, 6 }, { 3, 6 } };
        const int white[3][2] = { { 0, 0 }, { 3, 3 }, { 6, 0 } };
        for (int m = 0; m < 3; m++) {
            assert_int_equal(session_human_move(&s, cell(&s, black[m][0], black[m][1])),
                             SESSION_PLAYED);
            assert_int_equal(s.overline, 0);
            assert_int_equal(session_human_move(&s, cell(&s, white[m][0], white[m][1])),
                             SESSION_PLAYED);
        }
        assert_int_equal(session_human_move(&s, cell(&s, 2, 6)), SESSION_PLAYED);
        if (rule == RULE_EXACT) {
            assert_false(game_over(&s.game));
            assert_int_equal(s.overline, 4);
            assert_int_equal(session_undo(&s), 1);
            assert_int_equal(s.overline, 0);
        } else {
            assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
            assert_int_equal(s.overline, 0);
        }
        session_close(&s);
    }
}

/* Under caro a run blocked at both ends does not win, and the session says
 * how long it was; with one end open the same run wins. */
static void test_caro_blocked(void **state)
{
    (void)state;
    for (int open = 0; open < 2; open++) {
        struct session s;
        open_game(&s, 9, 9, 3, RULE_CARO, "human", "human");
        /* Black b5 c5 then d5 (x = 1, 2, 3 on row y = 4); White a5 and,
         * unless one end is to stay open, e5. */
        const int black[2][2] = { { 1, 4 }, { 2, 4 } };
        const int white[2][2] = { { 0, 4 }, { open ? 8 : 4, open ? 8 : 4 } };
        for (int m = 0; m < 2; m++) {
            assert_int_equal(session_human_move(&s, cell(&s, black[m][0], black[m][1])),
                             SESSION_PLAYED);
            assert_int_equal(session_human_move(&s, cell(&s, white[m][0], white[m][1])),
                             SESSION_PLAYED);
        }
        assert_int_equal(session_human_move(&s, cell(&s, 3, 4)), SESSION_PLAYED);
        if (open) {
            assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
            assert_int_equal(s.blocked, 0);
        } else {
            assert_false(game_over(&s.game));
            assert_int_equal(s.blocked, 3);
            assert_int_equal(session_undo(&s), 1);
            assert_int_equal(s.blocked, 0);
        }
        session_close(&s);
    }
}

/* A level's name makes a computer of that level, with its budget. */
static void test_level_player(void **state)
{
    (void)state;
    struct session s;
    const struct level *l = level_at(0);
    open_game(&s, 9, 9, 5, RULE_FREESTYLE, l->name, "human");
    assert_ptr_equal(session_level(&s, STONE_BLACK), l);
    assert_null(session_level(&s, STONE_WHITE));
    assert_int_equal(session_computer(&s, STONE_BLACK)->limits.max_nodes, l->max_nodes);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    session_close(&s);
}

/* A computer's move gets its time per move, all of it (the search keeps
 * its own margins), as the time manager budgets it from the computer's
 * control: its player's time, else its level's; none when neither has one. */
static void test_time_per_move(void **state)
{
    (void)state;
    struct session s;
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = 9;
    c.win = 5;
    c.player[0].time_ms = 250;
    char why[2][SESSION_WHY_MAX];
    open_config(&s, &c, "random", level_at(0)->name, why);
    const struct ai_limits *black = &session_computer(&s, STONE_BLACK)->limits;
    assert_int_equal(black->time_ms, 250);
    assert_int_equal(black->time_max_ms, 250);
    const struct ai_limits *white = &session_computer(&s, STONE_WHITE)->limits;
    assert_int_equal(white->time_ms, level_at(0)->time_ms);
    assert_int_equal(white->time_max_ms, level_at(0)->time_ms);
    session_close(&s);
}

/* The computer as first player proposes three stones, the person chooses
 * to place two more, and the computer then takes a colour; its seat follows
 * it. */
static void test_computer_proposes_and_chooses(void **state)
{
    (void)state;
    struct session s;
    open_opening(&s, OPENING_SWAP2, "club", "human");
    bool may_add;
    assert_int_equal(session_due(&s), STONE_BLACK);
    assert_true(session_asks_opening(&s, &may_add));
    assert_false(may_add);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(s.game.ply, 3);
    assert_int_equal(game_opening_step(&s.game), OPENING_CHOOSE);
    assert_int_equal(session_due(&s), STONE_NONE);
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_CHOOSE);
    assert_int_equal(session_human_choose(&s, OPENING_PLACE_TWO), SESSION_PLAYED);
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_PLAYED);
    assert_int_equal(session_human_move(&s, cell(&s, 14, 14)), SESSION_PLAYED);
    assert_int_equal(game_opening_step(&s.game), OPENING_CHOOSE2);
    assert_int_equal(session_due(&s), STONE_BLACK);
    assert_true(session_asks_opening(&s, &may_add));
    assert_false(may_add);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(game_opening_step(&s.game), OPENING_DONE);
    /* Wherever the computer sits now, its seat is the computer's. */
    enum stone first = game_first_seat(&s.game);
    assert_true(session_is_computer(&s, first));
    assert_false(session_is_computer(&s, stone_other(first)));
    assert_int_equal(game_player(&s.game, first)->kind, PLAYER_COMPUTER);
    /* The game goes on with White, whoever that is. */
    assert_true(s.game.ply == 5 || s.game.ply == 6);
    session_close(&s);
}

/* The person places three stones; the computer answers with its choice. */
static void test_computer_as_second_player(void **state)
{
    (void)state;
    enum opening_rule rules[] = { OPENING_SWAP, OPENING_SWAP2 };
    for (int r = 0; r < 2; r++) {
        struct session s;
        open_opening(&s, rules[r], "human", "club");
        assert_int_equal(session_human_move(&s, cell(&s, 7, 7)), SESSION_PLAYED);
        assert_int_equal(session_human_move(&s, cell(&s, 8, 7)), SESSION_PLAYED);
        assert_int_equal(session_due(&s), STONE_NONE);
        assert_int_equal(session_human_move(&s, cell(&s, 7, 8)), SESSION_PLAYED);
        bool may_add;
        assert_int_equal(session_due(&s), STONE_WHITE);
        assert_true(session_asks_opening(&s, &may_add));
        assert_int_equal(may_add, rules[r] == OPENING_SWAP2);
        assert_int_equal(session_think(&s), SESSION_PLAYED);
        enum opening_step step = game_opening_step(&s.game);
        if (step == OPENING_CHOOSE2) {
            assert_int_equal(s.game.ply, 5);
            assert_int_equal(session_human_choose(&s, OPENING_TAKE_WHITE), SESSION_PLAYED);
            assert_true(s.game.swapped);
        } else {
            assert_int_equal(step, OPENING_DONE);
        }
        /* The person acts next either way (White's move, or Black's reply
         * to the computer's White move). */
        enum stone seat = game_actor(&s.game);
        assert_false(session_is_computer(&s, seat));
        /* Undo goes back to the person's last stone; seats as at first. */
        assert_true(session_undo(&s) >= 1);
        assert_false(s.game.swapped);
        assert_false(session_is_computer(&s, STONE_BLACK));
        session_close(&s);
    }
}

/* Renju: a person's forbidden move is refused and the game goes on; a
 * computer's loses by forfeit, saying why. */
static void test_renju_forbidden(void **state)
{
    (void)state;
    /* Black's stones for a double three at (7, 7), White's far off. */
    const int moves[][2] = { { 5, 7 }, { 0, 0 }, { 6, 7 }, { 0, 2 },
                             { 7, 5 }, { 0, 4 }, { 7, 6 }, { 14, 14 } };
    for (int computer = 0; computer < 2; computer++) {
        struct session s;
        open_game(&s, 15, 15, 5, RULE_RENJU, computer ? "random" : "human", "human");
        for (int i = 0; i < 8; i++) {
            int pos = cell(&s, moves[i][0], moves[i][1]);
            assert_int_equal(i % 2 == 0 && computer ? session_computer_move(&s, pos)
                                                    : session_human_move(&s, pos),
                             SESSION_PLAYED);
        }
        int point = cell(&s, 7, 7);
        if (computer) {
            assert_int_equal(session_computer_move(&s, point), SESSION_FORFEIT);
            assert_int_equal(s.game.result.outcome, OUTCOME_WHITE_WINS);
            assert_int_equal(s.game.result.reason, END_FORFEIT);
            assert_non_null(strstr(s.why, "double three"));
        } else {
            assert_int_equal(session_human_move(&s, point), SESSION_FORBIDDEN);
            assert_false(game_over(&s.game));
            assert_int_equal(game_forbidden(&s.game, point), FORBID_DOUBLE_THREE);
        }
        assert_int_equal(s.game.ply, 8);
        session_close(&s);
    }
}

/* Renju: a person's White move leaves the computer's Black no legal move.
 * The game is a draw there, said with its reason; the computer is not due
 * and thinking does nothing, for every strategy and every level (none is
 * asked to move, so none can forfeit). A strategy that does not play renju
 * (perfect) leaves Black to a person, saying so, and the game ends alike. */
static void test_renju_no_legal_move(void **state)
{
    (void)state;
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    c.width = 7;
    c.height = 6;
    c.rule = RULE_RENJU;
    assert_null(game_init(&g, &c));
    boards_play(&g, BOARDS_RENJU_STUCK);
    assert_true(game_undo(&g)); /* White's last move, g3, to be played */
    int last = boards_cell(&g.board, "g3");
    int players = 0;
    while (ai_strategies[players] != NULL)
        players++;
    for (int i = 0; i < players + level_count(); i++) {
        const char *name = i < players ? ai_strategies[i]->name : level_at(i - players)->name;
        g.config.player[0].kind = PLAYER_COMPUTER;
        snprintf(g.config.player[0].spec, sizeof g.config.player[0].spec, "%s", name);
        static struct session s;
        char why[2][SESSION_WHY_MAX];
        session_open(&s, &g, true, why);
        if (i >= players || ai_strategy_plays(ai_strategies[i], RULE_RENJU))
            assert_string_equal(why[0], "");
        else
            assert_non_null(strstr(why[0], "does not play renju"));
        assert_int_equal(session_due(&s), STONE_NONE);
        assert_int_equal(session_human_move(&s, last), SESSION_PLAYED);
        if (s.game.result.reason != END_NO_LEGAL_MOVE)
            fail_msg("%s: the game goes on (reason %d)", name, s.game.result.reason);
        assert_int_equal(s.game.result.outcome, OUTCOME_DRAW);
        assert_int_equal(session_due(&s), STONE_NONE);
        assert_int_equal(session_think(&s), SESSION_OVER);
        assert_int_equal(s.game.result.reason, END_NO_LEGAL_MOVE);
        assert_string_equal(s.why, "");
        session_close(&s);
    }
}

/* An answer the opening does not allow loses by forfeit. */
static void test_bad_opening_answer(void **state)
{
    (void)state;
    struct session s;
    open_opening(&s, OPENING_SWAP, "human", "random");
    for (int i = 0; i < 3; i++)
        assert_int_equal(session_human_move(&s, cell(&s, i, 0)), SESSION_PLAYED);
    struct ai_opening a = { .n = 2, .stone = { 20, 21 } };
    assert_int_equal(session_computer_opening(&s, true, &a), SESSION_FORFEIT);
    assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
    session_close(&s);
}

/* Two computers through a whole swap2 game. */
static void test_two_computers_swap2(void **state)
{
    (void)state;
    struct session s;
    open_opening(&s, OPENING_SWAP2, "club", "random");
    for (int i = 0; i < 400 && session_think(&s) == SESSION_PLAYED; i++)
        ;
    assert_true(game_over(&s.game));
    assert_int_equal(game_opening_step(&s.game), OPENING_DONE);
    assert_int_not_equal(s.game.result.reason, END_FORFEIT);
    session_close(&s);
}

static struct tc control(const char *text)
{
    struct tc t;
    char err[256];
    if (!tc_parse(text, &t, err, sizeof err))
        fail_msg("%s: %s", text, err);
    return t;
}

/* Opens a game of w×h (k = 5) on the clock `tc` between black and white. */
static void open_clocked(struct session *s, int w, int h, const char *tc, const char *black,
                         const char *white, enum opening_rule opening)
{
    struct game_config c;
    game_config_default(&c);
    c.width = w;
    c.height = h;
    c.opening = opening;
    c.tc = control(tc);
    char why[2][SESSION_WHY_MAX];
    open_config(s, &c, black, white, why);
    assert_string_equal(why[0], "");
    assert_string_equal(why[1], "");
}

/* The clocks of the history add up: replayed from the start, each move's
 * charge (its spent_ms) gives the clock kept with it, and no flag fell. */
static void assert_clocks_add_up(const struct game *g)
{
    const struct tc *tc = &g->config.tc;
    struct gameclock_side clock[2] = { gameclock_start(tc), gameclock_start(tc) };
    for (int i = 0; i < g->ply; i++) {
        const struct game_timing *t = &g->timing[i];
        struct gameclock_side *k = &clock[t->seat == STONE_BLACK ? 0 : 1];
        assert_true(t->spent_ms >= 0);
        assert_false(gameclock_charge(tc, k, t->spent_ms));
        assert_int_equal(k->main_ms, t->clock.main_ms);
        assert_int_equal(k->period_ms, t->clock.period_ms);
        assert_int_equal(k->periods, t->clock.periods);
        assert_int_equal(k->moves, t->clock.moves);
        assert_int_equal(k->move_ms, t->clock.move_ms);
        assert_false(t->clock.flagged);
    }
}

/* On a game clock the budget is the time manager's from the side's clock:
 * the strongest level's three seconds a move give way to it, a level
 * limited by nodes keeps them and is only capped, and the clock that runs
 * down changes the next budget. */
static void test_clock_budget(void **state)
{
    (void)state;
    struct session s;
    open_clocked(&s, 15, 15, "3+2", "maximum", "club", OPENING_NONE);
    /* 3 minutes less the flag's reserve (25 ms and a second), over 30
     * moves to go, and the increment; the cap three budgets. */
    struct time_control tc = timeman_from_clock(&s.game.config.tc,
                                                &(struct gameclock_side){ .main_ms = 180000 });
    struct time_budget tb = timeman_budget(&tc, 225, 0, 0);
    assert_int_equal(tb.time_ms, (180000 - 1025) / 30 + 2000);
    assert_int_equal(tb.time_max_ms, 3 * tb.time_ms);
    const struct ai_limits *black = &session_computer(&s, STONE_BLACK)->limits;
    assert_int_equal(black->time_ms, tb.time_ms);
    assert_int_equal(black->time_max_ms, tb.time_max_ms);
    assert_int_equal(black->match_ms, 0);
    const struct ai_limits *white = &session_computer(&s, STONE_WHITE)->limits;
    assert_int_equal(white->time_ms, tb.time_ms);
    assert_int_equal(white->max_nodes, level_find("club")->max_nodes);
    assert_int_equal(white->max_depth, level_find("club")->max_depth);
    /* A move of 100 s leaves Black less for the next. */
    assert_int_equal(session_computer_move_timed(&s, cell(&s, 7, 7), 100000), SESSION_PLAYED);
    assert_int_equal(session_computer_move_timed(&s, cell(&s, 8, 8), 10), SESSION_PLAYED);
    assert_int_equal(game_clock(&s.game, STONE_BLACK).main_ms, 82000);
    assert_true(session_computer(&s, STONE_BLACK)->limits.time_ms < tb.time_ms);
    session_close(&s);
}

/* A move is charged what it took; one too late is not played and loses on
 * time; no answer at all is a forfeit while there was time, a loss on
 * time once the flag has fallen. */
static void test_clock_charged(void **state)
{
    (void)state;
    struct session s;
    open_clocked(&s, 15, 15, "5s+0.1s", "human", "random", OPENING_NONE);
    assert_int_equal(session_human_move(&s, cell(&s, 7, 7)), SESSION_PLAYED);
    assert_int_equal(session_computer_move_timed(&s, cell(&s, 8, 8), 1200), SESSION_PLAYED);
    assert_int_equal(game_clock(&s.game, STONE_WHITE).main_ms, 5000 - 1200 + 100);
    assert_int_equal(s.game.timing[1].spent_ms, 1200);
    assert_int_equal(session_human_move(&s, cell(&s, 7, 8)), SESSION_PLAYED);
    /* 3900 ms left: a move of 3900 comes too late. */
    assert_int_equal(session_computer_move_timed(&s, cell(&s, 8, 9), 3900), SESSION_OVER);
    assert_int_equal(s.game.ply, 3);
    assert_int_equal(s.game.result.reason, END_TIME);
    assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
    assert_true(game_clock(&s.game, STONE_WHITE).flagged);
    session_close(&s);

    /* Too late, an occupied cell is a loss on time too: the flag fell
     * first. */
    open_clocked(&s, 15, 15, "5s+0.1s", "human", "random", OPENING_NONE);
    assert_int_equal(session_human_move(&s, cell(&s, 7, 7)), SESSION_PLAYED);
    assert_int_equal(session_computer_move_timed(&s, cell(&s, 7, 7), 5000), SESSION_OVER);
    assert_int_equal(s.game.result.reason, END_TIME);
    session_close(&s);

    for (int late = 0; late < 2; late++) {
        open_clocked(&s, 15, 15, "5s+0.1s", "human", "random", OPENING_NONE);
        assert_int_equal(session_human_move(&s, cell(&s, 7, 7)), SESSION_PLAYED);
        assert_int_equal(session_computer_move_timed(&s, -1, late ? 6000 : 10),
                         late ? SESSION_OVER : SESSION_FORFEIT);
        assert_int_equal(s.game.result.reason, late ? END_TIME : END_FORFEIT);
        assert_int_equal(s.game.result.outcome, OUTCOME_BLACK_WINS);
        session_close(&s);
    }
}

/* Played out by session_think on a short control: every move charged the
 * time it took (never more than the test saw it take), the clocks adding
 * up move by move, and no flag falls; an opening's stones too. Levels
 * limited by nodes, so the games are quick and the same each time. */
static void test_clock_played_out(void **state)
{
    (void)state;
    static const struct {
        const char *tc, *black, *white;
        enum opening_rule opening;
    } games[] = {
        { "2s+0.05s", "club", "keen", OPENING_NONE },
        { "2s+0.05s", "keen", "club", OPENING_NONE },
        { "2s+0.05s", "club", "steady", OPENING_SWAP2 },
        { "0+2x1s", "club", "club", OPENING_NONE },
        { "1s/move", "club", "club", OPENING_NONE },
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        struct session s;
        open_clocked(&s, 15, 15, games[i].tc, games[i].black, games[i].white,
                     games[i].opening);
        session_ready(&s);
        for (int n = 0; n < 400 && !game_over(&s.game); n++) {
            int ply = s.game.ply;
            int64_t t0 = clock_ms();
            enum session_verdict v = session_think(&s);
            int64_t took = clock_ms() - t0;
            assert_true(v == SESSION_PLAYED || game_over(&s.game));
            /* Stones the answer placed: the first took the time. */
            for (int k = ply; k < s.game.ply; k++)
                assert_true(s.game.timing[k].spent_ms <= (k == ply ? took : 0));
        }
        assert_true(game_over(&s.game));
        assert_true(s.game.ply >= 9);
        assert_int_not_equal(s.game.result.reason, END_TIME);
        assert_int_not_equal(s.game.result.reason, END_FORFEIT);
        assert_clocks_add_up(&s.game);
        session_close(&s);
    }
}

/* A level limited by nodes plays the same game on a generous clock as
 * without one: the clock caps its time, its strength is its nodes. */
static void test_clock_keeps_strength(void **state)
{
    (void)state;
    int moves[2][BOARD_MAX_CELLS], plies[2];
    for (int timed = 0; timed < 2; timed++) {
        struct session s;
        open_clocked(&s, 15, 15, timed ? "60m+0" : "none", "club", "keen", OPENING_NONE);
        while (session_think(&s) == SESSION_PLAYED)
            ;
        plies[timed] = s.game.ply;
        memcpy(moves[timed], s.game.moves, sizeof moves[timed]);
        session_close(&s);
    }
    assert_int_equal(plies[0], plies[1]);
    assert_memory_equal(moves[0], moves[1], (size_t)plies[0] * sizeof moves[0][0]);
}

/* An engine on the clock is told it as Piskvork tells it: the whole game's
 * time as timeout_match, the turn limit (none: the game's time) as
 * timeout_turn, and before every move time_left; it was started before
 * the clock ran (session_ready: one START). Its answers show what it was
 * told: BEGIN plays (timeout_turn, timeout_match) in seconds, TURN
 * (time_left rounded up, then the STARTs and the time_left lines seen). */
static const char told_engine[] =
    "k=0;n=0;while read -r c a b;do case $c$a in "
    "START*)n=$((n+1));echo OK;;INFOtimeout_turn)t=$b;;INFOtimeout_match)m=$b;;"
    "INFOtime_left)l=$b;k=$((k+1));;BEGIN)echo $((t/1000)),$((m/1000));;"
    "TURN*)echo $(((l+999)/1000)),$((n*10+k));;END)exit;;esac;done";

static void test_engine_told_clock(void **state)
{
    (void)state;
    char spec[GAME_PLAYER_SPEC_MAX];
    assert_true(sizeof told_engine + 7 <= sizeof spec);
    snprintf(spec, sizeof spec, "engine:%s", told_engine);
    struct session s;
    open_clocked(&s, 20, 20, "15s", spec, "human", OPENING_NONE);
    session_ready(&s);
    const struct ai_limits *l = &session_computer(&s, STONE_BLACK)->limits;
    assert_int_equal(l->time_ms, 15000);
    assert_int_equal(l->match_ms, 15000);
    assert_int_equal(l->left_ms, 15000);
    assert_int_equal(l->time_max_ms, 15000);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(s.game.moves[0], cell(&s, 15, 15));
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_PLAYED);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(s.game.moves[2], cell(&s, 15, 12));   /* one START, two time_left */
    assert_false(game_over(&s.game));
    assert_clocks_add_up(&s.game);
    session_close(&s);
}

/* A limit per move alone: timeout_turn, no game time; an answer that comes
 * after the limit loses on time. */
static const char slow_engine[] =
    "while read -r c a b;do case $c$a in "
    "START*)echo OK;;INFOtimeout_turn)t=$b;;INFOtimeout_match)m=$b;;INFOtime_left)m=9;;"
    "BEGIN)echo $((t/100)),$m;;TURN*)sleep 0.6;echo 5,5;;END)exit;;esac;done";

static void test_engine_late(void **state)
{
    (void)state;
    char spec[GAME_PLAYER_SPEC_MAX];
    assert_true(sizeof slow_engine + 7 <= sizeof spec);
    snprintf(spec, sizeof spec, "engine:%s", slow_engine);
    struct session s;
    open_clocked(&s, 15, 15, "300ms/move", spec, "human", OPENING_NONE);
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(s.game.moves[0], cell(&s, 3, 0));
    assert_int_equal(session_human_move(&s, cell(&s, 0, 0)), SESSION_PLAYED);
    assert_int_equal(session_think(&s), SESSION_OVER);
    assert_int_equal(s.game.ply, 2);
    assert_int_equal(s.game.result.reason, END_TIME);
    assert_int_equal(s.game.result.outcome, OUTCOME_WHITE_WINS);
    session_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_people),
        cmocka_unit_test(test_result_stands),
        cmocka_unit_test(test_against_a_computer),
        cmocka_unit_test(test_player_without_the_rule),
        cmocka_unit_test(test_two_computers),
        cmocka_unit_test(test_forfeits),
        cmocka_unit_test(test_unknown_player),
        cmocka_unit_test(test_overline),
        cmocka_unit_test(test_caro_blocked),
        cmocka_unit_test(test_level_player),
        cmocka_unit_test(test_time_per_move),
        cmocka_unit_test(test_computer_proposes_and_chooses),
        cmocka_unit_test(test_computer_as_second_player),
        cmocka_unit_test(test_bad_opening_answer),
        cmocka_unit_test(test_two_computers_swap2),
        cmocka_unit_test(test_renju_forbidden),
        cmocka_unit_test(test_renju_no_legal_move),
        cmocka_unit_test(test_clock_budget),
        cmocka_unit_test(test_clock_charged),
        cmocka_unit_test(test_clock_played_out),
        cmocka_unit_test(test_clock_keeps_strength),
        cmocka_unit_test(test_engine_told_clock),
        cmocka_unit_test(test_engine_late),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
