/* test_offer.c — requests between the two sides: a draw and a takeback
 * made, answered and gone stale, alone and through the session. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mnk/notation.h"
#include "play/offer.h"
#include "play/session.h"

static void new_game(struct game *g, enum opening_rule opening)
{
    struct game_config c;
    game_config_default(&c);
    c.opening = opening;
    assert_null(game_init(g, &c));
}

static void play(struct game *g, const char *cell)
{
    int pos;
    assert_true(notation_parse(&g->board, cell, &pos));
    assert_int_equal(game_play(g, pos), GAME_OK);
}

static void test_draw(void **state)
{
    (void)state;
    struct game g;
    struct offer o;
    offer_clear(&o);
    new_game(&g, OPENING_NONE);
    play(&g, "h8");
    assert_false(offer_pending(&o, &g));
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, true), OFFER_ERR_NONE);
    assert_int_equal(offer_make(&o, &g, OFFER_NONE, STONE_WHITE), OFFER_ERR_KIND);
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_NONE), OFFER_ERR_KIND);

    /* Declined: the game goes on as it was. */
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    assert_true(offer_pending(&o, &g));
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_BLACK), OFFER_ERR_PENDING);
    assert_int_equal(offer_answer(&o, &g, STONE_WHITE, true), OFFER_ERR_OWN);
    assert_true(offer_pending(&o, &g));
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, false), OFFER_OK);
    assert_false(offer_pending(&o, &g));
    assert_false(game_over(&g));
    assert_int_equal(g.ply, 1);

    /* A move makes it stale: nobody can accept it any more. */
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    play(&g, "j9");
    assert_false(offer_pending(&o, &g));
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, true), OFFER_ERR_NONE);
    assert_false(game_over(&g));

    /* Accepted: a draw by agreement, where it was offered. */
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_BLACK), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_WHITE, true), OFFER_OK);
    assert_int_equal(g.result.outcome, OUTCOME_DRAW);
    assert_int_equal(g.result.reason, END_AGREED);
    assert_int_equal(g.ply, 2);
    assert_int_equal(offer_make(&o, &g, OFFER_DRAW, STONE_WHITE), OFFER_ERR_OVER);
}

static void test_takeback(void **state)
{
    (void)state;
    struct game g;
    struct offer o;
    offer_clear(&o);
    new_game(&g, OPENING_NONE);
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_BLACK), OFFER_ERR_NOTHING);
    play(&g, "h8");
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_WHITE), OFFER_ERR_NOTHING);
    play(&g, "j9");
    play(&g, "h9");

    /* Asked right after its own move: that move alone. */
    assert_int_equal(offer_takeback_ply(&g, STONE_BLACK), 2);
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_BLACK), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_WHITE, true), OFFER_OK);
    assert_int_equal(g.ply, 2);
    assert_int_equal(game_to_move(&g), STONE_BLACK);
    assert_int_equal(g.last, 3);   /* h9 can be redone */

    /* Asked with the reply on the board: the reply goes too, and the
     * asker is to move again. */
    play(&g, "g7");
    play(&g, "k10");
    assert_int_equal(offer_takeback_ply(&g, STONE_BLACK), 2);
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_BLACK), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_WHITE, true), OFFER_OK);
    assert_int_equal(g.ply, 2);
    assert_int_equal(game_to_move(&g), STONE_BLACK);

    /* Declined: nothing is taken back. */
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_WHITE), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, false), OFFER_OK);
    assert_int_equal(g.ply, 2);
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_WHITE), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, true), OFFER_OK);
    assert_int_equal(g.ply, 1);
    assert_int_equal(game_to_move(&g), STONE_WHITE);
}

/* The opening's stones and choices seat the players: no takeback reaches
 * them. After the choice, the moves are the players' own. */
static void test_takeback_after_opening(void **state)
{
    (void)state;
    struct game g;
    struct offer o;
    offer_clear(&o);
    new_game(&g, OPENING_SWAP);
    play(&g, "h8");
    play(&g, "h9");
    assert_int_equal(offer_takeback_ply(&g, STONE_BLACK), -1);
    play(&g, "j8");
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_BLACK), OFFER_ERR_NOTHING);
    assert_int_equal(game_choose(&g, OPENING_TAKE_WHITE), GAME_OK);
    assert_int_equal(offer_takeback_ply(&g, STONE_BLACK), -1);
    play(&g, "k10");   /* White's first move of its own */
    assert_int_equal(offer_takeback_ply(&g, STONE_WHITE), 3);
    assert_int_equal(offer_takeback_ply(&g, STONE_BLACK), -1);
    play(&g, "g7");
    assert_int_equal(offer_make(&o, &g, OFFER_TAKEBACK, STONE_WHITE), OFFER_OK);
    assert_int_equal(offer_answer(&o, &g, STONE_BLACK, true), OFFER_OK);
    assert_int_equal(g.ply, 3);
    assert_int_equal(g.choices, 1);   /* the choice stands */
    assert_int_equal(offer_takeback_ply(&g, STONE_WHITE), -1);
}

static void open_session(struct session *s, const char *white)
{
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = 7;
    c.win = 4;
    if (strcmp(white, "human") != 0) {
        c.player[1].kind = PLAYER_COMPUTER;
        strcpy(c.player[1].spec, white);
    }
    struct game g;
    assert_null(game_init(&g, &c));
    char why[2][SESSION_WHY_MAX];
    session_open(s, &g, true, why);
    assert_string_equal(why[1], "");
}

/* The session keeps the request, withdraws it at every change, and lets
 * a computer offer a draw once. */
static void test_session(void **state)
{
    (void)state;
    struct session s;
    open_session(&s, "human");
    assert_int_equal(session_human_move(&s, 24), SESSION_PLAYED);
    assert_int_equal(session_asker(&s), STONE_WHITE);
    assert_null(session_request(&s));
    assert_int_equal(session_offer(&s, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    assert_non_null(session_request(&s));
    assert_int_equal(session_request(&s)->from, STONE_WHITE);
    assert_false(session_may_propose(&s, STONE_BLACK));   /* no computer */
    /* An undo and a redo come back to the same ply: withdrawn all the same. */
    assert_int_equal(session_undo(&s), 1);
    assert_int_equal(session_redo(&s), 1);
    assert_null(session_request(&s));
    assert_int_equal(session_answer(&s, true), OFFER_ERR_NONE);
    assert_false(game_over(&s.game));
    assert_int_equal(session_human_move(&s, 25), SESSION_PLAYED);
    assert_int_equal(session_offer(&s, OFFER_TAKEBACK, STONE_BLACK), OFFER_OK);
    assert_int_equal(session_answer(&s, true), OFFER_OK);
    assert_int_equal(s.game.ply, 0);   /* White's reply, then Black's move */
    assert_int_equal(session_human_move(&s, 24), SESSION_PLAYED);
    assert_int_equal(session_offer(&s, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    session_withdraw(&s);
    assert_null(session_request(&s));
    assert_int_equal(session_offer(&s, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    assert_int_equal(session_answer(&s, true), OFFER_OK);
    assert_int_equal(s.game.result.reason, END_AGREED);
    assert_int_equal(session_asker(&s), STONE_NONE);
    /* The result stands, as a resignation's does. */
    assert_int_equal(session_undo(&s), 0);
    session_close(&s);

    open_session(&s, "random");
    assert_int_equal(session_asker(&s), STONE_BLACK);
    assert_true(session_may_propose(&s, STONE_WHITE));
    assert_false(session_may_propose(&s, STONE_BLACK));   /* a person */
    assert_int_equal(session_human_move(&s, 24), SESSION_PLAYED);
    assert_int_equal(session_asker(&s), STONE_NONE);   /* the computer's turn */
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    assert_int_equal(session_offer(&s, OFFER_DRAW, STONE_WHITE), OFFER_OK);
    assert_false(session_may_propose(&s, STONE_WHITE));
    /* Playing on declines it; the computer does not offer again. */
    assert_int_equal(session_human_move(&s, 0), SESSION_PLAYED);
    assert_null(session_request(&s));
    assert_false(session_may_propose(&s, STONE_WHITE));
    session_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_takeback),
        cmocka_unit_test(test_takeback_after_opening),
        cmocka_unit_test(test_session),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
