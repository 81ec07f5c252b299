/* test_analysis.c — a game judged move by move: a missed block is marked
 * with the move that was needed, a lost tic-tac-toe opening is found by the
 * exact solver, the decisive move is named, the marks follow their
 * thresholds, and cancelling stops at once; the words agree with the
 * marks, and a move's line is laid out and numbered one way. Limits are
 * node counts, never time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "engine/advice.h"
#include "play/analysis.h"
#include "mnk/notation.h"

/* A game on a width × height board, k in a row, with `moves` (space-separated,
 * human notation) played alternately from Black. */
static void make_game(struct game *g, int width, int height, int k, const char *moves)
{
    struct game_config c;
    game_config_default(&c);
    c.width = width;
    c.height = height;
    c.win = k;
    assert_null(game_init(g, &c));
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        int pos;
        assert_true(notation_parse(&g->board, tok, &pos));
        assert_int_equal(game_play(g, pos), GAME_OK);
    }
}

static int cell(const struct game *g, const char *name)
{
    int pos;
    assert_true(notation_parse(&g->board, name, &pos));
    return pos;
}

static struct analysis result;   /* large: kept off the stack */

static void run(const struct game *g, uint64_t nodes)
{
    struct analysis_options o = { 0 };
    o.limits.max_nodes = nodes;
    assert_true(analysis_run(g, &o, &result));
}

/* Black lets White's four on the edge stand: that move allows a forced loss,
 * the search wanted the block, and the game was decided there. Black's open
 * three on the second row keeps the game open until then. */
static void test_missed_block(void **state)
{
    (void)state;
    static struct game g;
    make_game(&g, 15, 15, 5, "b1 c1 d2 d1 e2 e1 f2 f1 h12 g1");
    assert_int_equal(g.result.outcome, OUTCOME_WHITE_WINS);
    run(&g, 20000);
    assert_true(result.complete);
    assert_int_equal(result.moves, 10);
    const struct analysis_move *m = &result.move[8];
    assert_int_equal(m->side, STONE_BLACK);
    assert_int_equal(m->move, cell(&g, "h12"));
    assert_int_equal(m->mark, ANALYSIS_ALLOWS_LOSS);
    assert_int_equal(m->best, cell(&g, "g1"));
    assert_false(analysis_is_win(-m->before));
    assert_true(analysis_is_win(-m->after));
    /* The winning move itself is not marked and scores a win. */
    assert_int_equal(result.move[9].mark, ANALYSIS_NONE);
    assert_true(analysis_is_win(result.move[9].after));
    assert_int_equal(result.decided, 8);
    assert_true(result.final_score < 0);
}

/* Tic-tac-toe: after the centre, an edge loses by force; the corners draw. */
static void test_tictactoe_edge(void **state)
{
    (void)state;
    static struct game g;
    make_game(&g, 3, 3, 3, "b2 b3 a3 c1 a1 a2 c3");
    assert_int_equal(g.result.outcome, OUTCOME_BLACK_WINS);
    run(&g, 100000);
    assert_true(result.complete);
    const struct analysis_move *m = &result.move[1];
    assert_int_equal(m->side, STONE_WHITE);
    assert_int_equal(m->mark, ANALYSIS_ALLOWS_LOSS);
    assert_int_equal(m->before, 0);
    int x = board_x(&g.board, m->best), y = board_y(&g.board, m->best);
    assert_true((x == 0 || x == 2) && (y == 0 || y == 2));
    /* Black's centre is not marked, and nothing Black did after was. */
    for (int i = 0; i < result.moves; i += 2)
        assert_int_equal(result.move[i].mark, ANALYSIS_NONE);
    assert_int_equal(result.decided, 1);
}

/* The same game and budget give the same analysis. */
static void test_deterministic(void **state)
{
    (void)state;
    static struct game g;
    static struct analysis first;
    make_game(&g, 15, 15, 5, "h8 i9 g9 i7 i8 g8 j9 h10");
    run(&g, 5000);
    first = result;
    run(&g, 5000);
    assert_int_equal(first.moves, result.moves);
    for (int i = 0; i < first.moves; i++) {
        assert_int_equal(first.move[i].before, result.move[i].before);
        assert_int_equal(first.move[i].after, result.move[i].after);
        assert_int_equal(first.move[i].best, result.move[i].best);
    }
    assert_int_equal(first.decided, -1);   /* unfinished */
}

struct count {
    int calls, last_done, last_total;
    atomic_bool *stop;
    int stop_after;
};

static void progress(void *ctx, int done, int total)
{
    struct count *c = ctx;
    c->calls++;
    c->last_done = done;
    c->last_total = total;
    if (c->stop != NULL && done == c->stop_after)
        atomic_store(c->stop, true);
}

static void test_progress_and_cancel(void **state)
{
    (void)state;
    static struct game g;
    make_game(&g, 15, 15, 5, "h8 i9 g9 i7 i8 g8 j9 h10");
    struct count c = { 0 };
    struct analysis_options o = { 0 };
    o.limits.max_nodes = 2000;
    o.progress = progress;
    o.ctx = &c;
    assert_true(analysis_run(&g, &o, &result));
    assert_int_equal(c.calls, 8);
    assert_int_equal(c.last_done, 8);
    assert_int_equal(c.last_total, 8);

    atomic_bool stop = false;
    struct count d = { .stop = &stop, .stop_after = 3 };
    o.limits.stop = &stop;
    o.ctx = &d;
    assert_true(analysis_run(&g, &o, &result));
    assert_false(result.complete);
    assert_int_equal(result.moves, 3);
    assert_int_equal(d.calls, 3);
}

static void test_thresholds(void **state)
{
    (void)state;
    assert_true(analysis_expected(0) > 0.499 && analysis_expected(0) < 0.501);
    assert_true(analysis_expected(ANALYSIS_SCALE) > 0.73 && analysis_expected(ANALYSIS_SCALE) < 0.74);
    assert_true(analysis_expected(AI_SCORE_WIN - 9) == 1.0);
    assert_true(analysis_expected(-(AI_SCORE_WIN - 9)) == 0.0);
    assert_string_equal(analysis_mark_text(ANALYSIS_BLUNDER), "blunder");
    assert_string_equal(analysis_mark_text(ANALYSIS_NONE), "");
}

/* From a balanced game a move gets the mark whose word the position after
 * it gets: a blunder leaves the other side much better, never only
 * slightly; a move the analysis does not mark leaves it even. */
static void test_words_agree_with_marks(void **state)
{
    (void)state;
    static const enum analysis_edge edge_of[] = {
        [ANALYSIS_NONE] = ANALYSIS_EVEN, [ANALYSIS_INACCURACY] = ANALYSIS_SLIGHT,
        [ANALYSIS_MISTAKE] = ANALYSIS_CLEAR, [ANALYSIS_BLUNDER] = ANALYSIS_LARGE,
    };
    int seen[ANALYSIS_BLUNDER + 1] = { 0 };
    for (int after = 0; after > -8000; after--) {
        enum analysis_mark m = analysis_judge(0, after);
        assert_true(m <= ANALYSIS_BLUNDER);
        assert_int_equal(analysis_edge(after), edge_of[m]);
        seen[m]++;
    }
    for (int m = 0; m <= ANALYSIS_BLUNDER; m++)
        assert_true(seen[m] > 0);
    char words[ANALYSIS_WORDS_MAX];
    analysis_score_words(-1700, false, words, sizeof words);
    assert_string_equal(analysis_mark_text(analysis_judge(0, -1700)), "blunder");
    assert_string_equal(words, "White much better");
}

/* A by-hand analysis of the missed block, for the texts. */
static void judged_missed_block(struct game *g, struct analysis *a)
{
    make_game(g, 15, 15, 5, "b1 c1 d2 d1 e2 e1 f2 f1 h12 g1");
    memset(a, 0, sizeof *a);
    for (int i = 0; i < g->ply; i++) {
        struct analysis_move *m = &a->move[i];
        m->move = g->moves[i];
        m->side = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        m->best = m->move;
        m->before = m->after = i % 2 == 0 ? 300 : -300;
    }
    a->move[1].best = cell(g, "d3");
    struct analysis_move *h12 = &a->move[8];
    h12->best = cell(g, "g1");
    h12->before = 967;
    h12->after = -(AI_SCORE_WIN - 1);
    a->move[9].before = a->move[9].after = AI_SCORE_WIN;
    for (int i = 0; i < g->ply; i++)
        a->move[i].mark = analysis_judge(a->move[i].before, a->move[i].after);
    a->moves = g->ply;
    analysis_finish(g, a);
}

/* One layout, one numbering: the moves by pairs, as the move list counts
 * them ("5. Black h12", the 9th stone), the mark, the better move, the
 * position before and after in words, a hint said. */
static void test_lines(void **state)
{
    (void)state;
    static struct game g;
    static struct analysis a;
    judged_missed_block(&g, &a);
    g.hinted[2] = true;
    struct analysis_line l;
    char text[512];
    analysis_line(&g, &a, 8, false, "->", &l);
    analysis_line_join(&l, false, text, sizeof text);
    assert_string_equal(text, "5. Black h12 ?? blunder, better g1: Black better -> White wins "
                              "in 1 move");
    analysis_line_join(&l, true, text, sizeof text);
    assert_string_equal(text, "5. Black h12 ?? blunder, better g1: White wins in 1 move");
    analysis_line(&g, &a, 1, false, "->", &l);
    analysis_line_join(&l, false, text, sizeof text);
    assert_string_equal(text, "1. White c1, better d3: even");
    analysis_line(&g, &a, 2, false, "->", &l);
    analysis_line_join(&l, false, text, sizeof text);
    assert_string_equal(text, "2. Black d2 (hint): even");
    /* Not judged: the move and its hint alone. */
    analysis_line(&g, NULL, 2, false, "->", &l);
    analysis_line_join(&l, false, text, sizeof text);
    assert_string_equal(text, "2. Black d2 (hint)");

    assert_int_equal(a.decided, 8);
    analysis_summary(&g, &a, false, text, sizeof text);
    assert_string_equal(text, "Decided at 5. Black h12. Black: 1 blunder, 1 hint. White: no "
                              "mistakes.");
}

static void test_unknown_strategy(void **state)
{
    (void)state;
    static struct game g;
    make_game(&g, 3, 3, 3, "b2");
    struct analysis_options o = { .strategy = "no-such-player" };
    assert_false(analysis_run(&g, &o, &result));
}

/* The game screen's words for a score (advice_score_words, which its hints
 * and thinking line use) and the review's (analysis_score_words) are one
 * scale: the same words for every score short of a forced win. */
static void test_one_scale_for_every_screen(void **state)
{
    (void)state;
    for (int score = -6000; score <= 6000; score += 25) {
        char screen[80], review[80];
        advice_score_words(score, STONE_BLACK, screen, sizeof screen);
        analysis_score_words(score, false, review, sizeof review);
        if (strcmp(screen, review) != 0)
            fail_msg("score %d: the game screen says '%s', the review '%s'", score, screen,
                     review);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_scale_for_every_screen),
        cmocka_unit_test(test_missed_block),
        cmocka_unit_test(test_tictactoe_edge),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_progress_and_cancel),
        cmocka_unit_test(test_thresholds),
        cmocka_unit_test(test_words_agree_with_marks),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_unknown_strategy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
