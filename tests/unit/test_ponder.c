/* test_ponder.c — thinking on the opponent's time: who ponders (the
 * computer that is not due, if its player takes pondering, while the game
 * runs, unpaused, past the opening), that it stops for anything else and
 * keeps on for the same position; which players take it; and that a
 * search that pondered the reply it expected answers it with less work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "boards.h"
#include "play/ponder.h"
#include "play/session.h"
#include "mnk/level.h"

/* Opens a 15×15 game, Black and White as named ("human" or a player),
 * each computer created with pondering asked for. */
static void open_game(struct session *s, const char *black, const char *white,
                      enum opening_rule opening)
{
    struct game_config c;
    game_config_default(&c);
    c.opening = opening;
    const char *names[2] = { black, white };
    for (int i = 0; i < 2; i++) {
        if (strcmp(names[i], "human") == 0)
            continue;
        c.player[i].kind = PLAYER_COMPUTER;
        snprintf(c.player[i].spec, sizeof c.player[i].spec, "%s", names[i]);
        c.player[i].time_ms = 50;
        c.player[i].ponder = true;
    }
    struct game g;
    assert_null(game_init(&g, &c));
    char why[2][SESSION_WHY_MAX];
    session_open(s, &g, true, why);
    assert_string_equal(why[0], "");
    assert_string_equal(why[1], "");
}

static void test_who_ponders(void **state)
{
    (void)state;
    static struct session s;
    struct ponder p;
    ponder_init(&p);
    open_game(&s, "search", "human", OPENING_NONE);
    assert_true(s.comp[0].ponder);
    enum stone seat = STONE_NONE;
    ponder_sync(&p, &s);
    assert_false(ponder_running(&p, &seat));   /* the computer is due */
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    ponder_sync(&p, &s);
    assert_true(ponder_running(&p, &seat));
    assert_int_equal(seat, STONE_BLACK);
    pthread_t thread = p.thread;
    ponder_sync(&p, &s);   /* nothing changed: the same thread thinks on */
    assert_true(ponder_running(&p, NULL));
    assert_true(pthread_equal(thread, p.thread));
    /* Paused: none; resumed: again. */
    session_toggle_pause(&s);
    ponder_sync(&p, &s);
    assert_false(ponder_running(&p, NULL));
    session_toggle_pause(&s);
    ponder_sync(&p, &s);
    assert_true(ponder_running(&p, NULL));
    /* The person's move: the computer is due, the ponder stops. */
    assert_int_equal(session_human_move(&s, boards_cell(&s.game.board, "a1")), SESSION_PLAYED);
    ponder_sync(&p, &s);
    assert_false(ponder_running(&p, NULL));
    assert_int_equal(session_think(&s), SESSION_PLAYED);
    ponder_sync(&p, &s);
    assert_true(ponder_running(&p, NULL));
    /* A resignation ends the game, and the ponder. */
    assert_true(session_resign(&s));
    ponder_sync(&p, &s);
    assert_false(ponder_running(&p, NULL));
    ponder_stop(&p);
    session_close(&s);

    /* Two computers: each ponders while the other thinks. */
    open_game(&s, "search", "search", OPENING_NONE);
    for (int i = 0; i < 4; i++) {
        ponder_sync(&p, &s);
        enum stone due = session_due(&s);
        assert_true(ponder_running(&p, &seat));
        assert_int_equal(seat, stone_other(due));
        assert_int_equal(session_think(&s), SESSION_PLAYED);
    }
    ponder_stop(&p);
    assert_false(ponder_running(&p, NULL));
    session_close(&s);

    /* Not during an opening's choices. */
    open_game(&s, "human", "search", OPENING_SWAP);
    ponder_sync(&p, &s);
    assert_false(ponder_running(&p, NULL));
    ponder_stop(&p);
    session_close(&s);
}

/* Those who play by the clock take pondering: a strategy, the strongest
 * level; a level below it (its nodes are the same every game) does not. */
static void test_who_takes_it(void **state)
{
    (void)state;
    static struct session s;
    const struct level *top = level_at(level_count() - 1);
    open_game(&s, top->name, level_at(3)->name, OPENING_NONE);
    assert_true(s.comp[0].ponder);
    assert_false(s.comp[1].ponder);
    assert_false(players_set_ponder(&s.comp[1], true));
    assert_true(players_set_ponder(&s.comp[0], false));
    assert_false(s.comp[0].ponder);
    session_close(&s);
    /* A strategy that cannot ponder does not. */
    open_game(&s, "random", "threat", OPENING_NONE);
    assert_false(s.comp[0].ponder);
    assert_false(s.comp[1].ponder);
    session_close(&s);
}

/* The search that pondered the reply it expected, to some depth, answers
 * that reply to a fixed depth with fewer nodes than one that did not. */
struct ponder_watch {
    atomic_bool stop;
    int depth;
};

static void stop_deep(void *ctx, const struct ai_info *info)
{
    struct ponder_watch *w = ctx;
    if (info->depth >= w->depth)
        atomic_store(&w->stop, true);
}

struct last_info {
    struct ai_info info;
};

static void keep_info(void *ctx, const struct ai_info *info)
{
    ((struct last_info *)ctx)->info = *info;
}

static uint64_t nodes_for_reply(bool pondered)
{
    struct ai ai;
    struct ai_options opts = { .memory = 8 << 20 };
    assert_true(ai_create(&ai, "search", &opts));
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    boards_put(&b, "h8 j9", STONE_BLACK);
    boards_put(&b, "i9 g7", STONE_WHITE);
    struct last_info l = { 0 };
    struct ai_limits lim = { .max_depth = 6, .on_info = keep_info, .ctx = &l };
    int move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    board_place(&b, move, STONE_BLACK);
    assert_true(l.info.pv_len >= 2 && l.info.pv[0] == move);
    int reply = l.info.pv[1];
    if (pondered) {
        struct ponder_watch w = { .depth = 9 };
        atomic_init(&w.stop, false);
        struct ai_limits pl = { .stop = &w.stop, .on_info = stop_deep, .ctx = &w };
        ai_ponder(&ai, &b, STONE_BLACK, &pl);
        assert_true(atomic_load(&w.stop));   /* it reached the depth */
    }
    board_place(&b, reply, STONE_WHITE);
    lim = (struct ai_limits){ .max_depth = 8, .on_info = keep_info, .ctx = &l };
    move = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(board_at(&b, move), STONE_NONE);
    ai_destroy(&ai);
    return l.info.nodes;
}

static void test_ponder_saves_work(void **state)
{
    (void)state;
    uint64_t cold = nodes_for_reply(false), warm = nodes_for_reply(true);
    if (warm >= cold)
        fail_msg("after pondering %llu nodes, without %llu", (unsigned long long)warm,
                 (unsigned long long)cold);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_who_ponders),
        cmocka_unit_test(test_who_takes_it),
        cmocka_unit_test(test_ponder_saves_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
