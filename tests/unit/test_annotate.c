/* test_annotate.c — an analysis written into its record comes back from it:
 * every move's scores, better move, depth and mark, what was decided, for
 * an analysis made by hand with every kind of score and for one the search
 * made; written again it is the same text. A record of an earlier version
 * gives back what its comments say; a foreign record's comments, or mnk's
 * numbers where mnk would not write them, give no analysis. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "play/analysis.h"
#include "play/annotate.h"
#include "storage/record.h"
#include "mnk/notation.h"

/* The sample game of data/records: Black never blocks White's four. */
#define MISSED_FOUR "b1 c1 d2 d1 e2 e1 f2 f1 h12 g1"

static void make_game(struct game *g, const char *moves)
{
    struct game_config c;
    game_config_default(&c);
    assert_null(game_init(g, &c));
    char buf[512];
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

/* The record of g with the analysis a, as the review and mnk analyze save
 * it, keeping root (may be NULL); the caller frees it. */
static char *write_analysed(const struct game *g, const struct analysis *a, const char *root)
{
    static struct annotate_texts texts;
    struct record_notes notes;
    annotate_notes(g, a, root, &texts, &notes);
    /* open_memstream keeps the addresses until fclose: static, so that gcc
     * does not take the text for a pointer into this frame. */
    static char *buf;
    static size_t len;
    buf = NULL;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_true(record_write_notes(f, g, &notes));
    fclose(f);
    return buf;
}

static struct analysis read_back;   /* large: kept off the stack */
static struct game read_game;
static struct record_extra read_extra;

/* Reads text, which must load; the analysis into read_back. */
static void read_analysed(const char *text)
{
    char err[256];
    assert_true(annotate_parse(text, strlen(text), RECORD_SGF, &read_game, &read_extra,
                               &read_back, err, sizeof err));
}

static void assert_same_analysis(const struct analysis *want, const struct analysis *got)
{
    assert_int_equal(got->moves, want->moves);
    for (int i = 0; i < want->moves; i++) {
        const struct analysis_move *w = &want->move[i], *m = &got->move[i];
        assert_int_equal(m->move, w->move);
        assert_int_equal(m->side, w->side);
        assert_int_equal(m->best, w->best);
        assert_int_equal(m->before, w->before);
        assert_int_equal(m->after, w->after);
        assert_int_equal(m->depth, w->depth);
        assert_int_equal(m->mark, w->mark);
    }
    assert_int_equal(got->complete, want->complete);
    assert_int_equal(got->decided, want->decided);
    assert_int_equal(got->final_score, want->final_score);
}

/* Sets move i of a (its scores the mover's) and its mark. */
static void judge(const struct game *g, struct analysis *a, int i, int before, int after,
                  const char *best, int depth)
{
    struct analysis_move *m = &a->move[i];
    m->move = g->moves[i];
    m->side = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    m->best = best != NULL ? cell(g, best) : -1;
    m->before = before;
    m->after = after;
    m->depth = depth;
    m->mark = analysis_judge(before, after);
}

/* By hand: evaluations both ways, every mark, a win of known and of
 * unknown length, a game won, no better move, the better move the one
 * played. */
static void test_round_trip_by_hand(void **state)
{
    (void)state;
    static struct game g;
    static struct analysis a;
    make_game(&g, MISSED_FOUR);
    memset(&a, 0, sizeof a);
    judge(&g, &a, 0, 524, 31, "h8", 7);                        /* inaccuracy */
    judge(&g, &a, 1, -31, -1500, "d3", 9);                     /* mistake */
    judge(&g, &a, 2, 1500, 1500, NULL, 8);
    judge(&g, &a, 3, -1500, -3500, "d4", 8);                   /* inaccuracy */
    judge(&g, &a, 4, 3500, 3500, "e2", 10);                    /* best = played */
    judge(&g, &a, 5, AI_SCORE_WIN_BOUND, 0, "e4", 9);          /* throws a win away */
    judge(&g, &a, 6, 0, -2400, "f3", 9);                       /* blunder */
    judge(&g, &a, 7, 2400, 2400, "g2", 8);
    judge(&g, &a, 8, -2400, -(AI_SCORE_WIN - 1), "g1", 0);     /* allows a forced loss */
    judge(&g, &a, 9, AI_SCORE_WIN, AI_SCORE_WIN, "g1", 0);     /* the five */
    a.moves = g.ply;
    analysis_finish(&g, &a);
    assert_true(a.complete);
    assert_int_equal(a.move[0].mark, ANALYSIS_INACCURACY);
    assert_int_equal(a.move[1].mark, ANALYSIS_MISTAKE);
    assert_int_equal(a.move[3].mark, ANALYSIS_INACCURACY);
    assert_int_equal(a.move[5].mark, ANALYSIS_MISSED_WIN);
    assert_int_equal(a.move[6].mark, ANALYSIS_BLUNDER);
    assert_int_equal(a.move[8].mark, ANALYSIS_ALLOWS_LOSS);
    /* White much better from Black's blunder on. */
    assert_int_equal(a.decided, 6);

    char *text = write_analysed(&g, &a, NULL);
    read_analysed(text);
    assert_same_analysis(&a, &read_back);
    /* The standard annotations are there for other programs. */
    assert_non_null(strstr(text, ";B[hd]BM[2]GW[2]"));
    assert_non_null(strstr(text, ";B[bo]DO[]DM[1]V[0.31]"));
    free(text);
}

/* What the search made of the sample game comes back whole, and written
 * again from what was read it is the same record, the root's other
 * properties kept and its summary not doubled. */
static void test_round_trip_of_a_search(void **state)
{
    (void)state;
    static struct game g;
    static struct analysis a;
    make_game(&g, MISSED_FOUR);
    g.hinted[8] = true;
    struct analysis_options o = { 0 };
    o.limits.max_nodes = 3000;
    assert_true(analysis_run(&g, &o, &a));
    assert_true(a.complete);

    char *text = write_analysed(&g, &a, "EV[club night]");
    read_analysed(text);
    assert_same_analysis(&a, &read_back);
    assert_true(read_game.hinted[8]);
    assert_string_equal(read_extra.root, "EV[club night]");
    /* The comment is the review's line: numbered by pairs of moves, the
     * hint said. */
    assert_non_null(strstr(text, "C[5. Black h12 (hint) ?? blunder, better g1: "));

    char *again = write_analysed(&read_game, &read_back, read_extra.root);
    assert_string_equal(again, text);
    const char *gc = strstr(again, "GC[");
    assert_non_null(gc);
    assert_null(strstr(gc + 1, "GC["));
    free(again);
    free(text);
}

/* An analysis stopped early comes back as far as it went. */
static void test_partial(void **state)
{
    (void)state;
    static struct game g;
    static struct analysis a;
    make_game(&g, MISSED_FOUR);
    memset(&a, 0, sizeof a);
    for (int i = 0; i < 4; i++)
        judge(&g, &a, i, 100 * i, 100 * i - 50, "h8", 5);
    a.moves = 4;
    analysis_finish(&g, &a);
    assert_false(a.complete);
    char *text = write_analysed(&g, &a, NULL);
    read_analysed(text);
    assert_same_analysis(&a, &read_back);
    free(text);
}

/* Written by mnk 0.1 (`mnk analyze` before MNKEVAL): the scores of its
 * comments, the marks they make, the better moves of the marked moves. */
static const char old_record[] =
    "(;FF[4]GM[4]CA[UTF-8]AP[mnk]SZ[15]RU[freestyle]WIN[5]\n"
    "PB[human]PW[human]MS[0:0]RE[W+]\n"
    "GC[Analysed by mnk. Black: 1 inaccuracies, 0 mistakes, 1 blunders. White: 0 "
    "inaccuracies, 0 mistakes, 0 blunders. The game was decided by move 9, Black h12.]\n"
    ";B[bo]DO[]DM[1]C[1. Black b1: evaluation +5.24 -> +0.31 (even). Inaccuracy; better h8.]\n"
    ";W[co]DM[1]C[2. White c1: evaluation +0.84 -> +2.12 (even).]\n"
    ";B[dn]DM[1]C[3. Black d2: evaluation +2.53 -> -1.04 (even).]\n"
    ";W[do]C[4. White d1: evaluation +1.22 -> +5.63 (Black slightly better).]\n"
    ";B[en]C[5. Black e2: evaluation +5.96 -> +3.88 (Black slightly better).]\n"
    ";W[eo]C[6. White e1: evaluation +4.94 -> +8.24 (Black slightly better).]\n"
    ";B[fn]C[7. Black f2: evaluation +7.43 -> +7.43 (Black slightly better).]\n"
    ";W[fo]C[8. White f1: evaluation +7.04 -> +8.67 (Black slightly better).]\n"
    ";B[hd]BM[2]GW[2]C[9. Black h12: evaluation +9.67 -> -#1 (White wins in 1 move). Allows a "
    "forced loss; better g1.]\n"
    ";W[go]GW[2]C[10. White g1: evaluation -#0 -> -#0 (White has won).])\n";

static void test_earlier_version(void **state)
{
    (void)state;
    read_analysed(old_record);
    const struct analysis *a = &read_back;
    assert_int_equal(a->moves, 10);
    assert_true(a->complete);
    assert_int_equal(a->move[0].before, 524);
    assert_int_equal(a->move[0].after, 31);
    assert_int_equal(a->move[0].mark, ANALYSIS_INACCURACY);
    assert_int_equal(a->move[0].best, cell(&read_game, "h8"));
    assert_int_equal(a->move[1].before, -84);   /* White's point of view */
    assert_int_equal(a->move[1].best, -1);      /* not written for unmarked moves */
    assert_int_equal(a->move[8].mark, ANALYSIS_ALLOWS_LOSS);
    assert_int_equal(a->move[8].best, cell(&read_game, "g1"));
    assert_true(analysis_is_win(-a->move[8].after));
    assert_int_equal(a->move[9].after, AI_SCORE_WIN);
    assert_int_equal(a->decided, 8);
    assert_true(a->final_score < 0);
    /* Its summary is not kept: the analysis writes its own. */
    assert_null(strstr(read_extra.root, "GC["));
}

/* Comments that only look like an analysis, and mnk's numbers where mnk
 * would not write them: the record loads, with no analysis. */
static void test_not_an_analysis(void **state)
{
    (void)state;
    static const char *const records[] = {
        /* A hand-written record that copies the old comments' form. */
        "(;FF[4]GM[4]SZ[15]GC[Analysed by me.]"
        ";B[hh]C[1. Black h8: evaluation +5.24 -> +0.31 (even). Inaccuracy; better h9.])",
        /* Another program's record: AP[mnk] missing, mnk's summary kept. */
        "(;FF[4]GM[4]SZ[15]AP[Renlib]GC[Analysed by mnk. Black: no mistakes.]"
        ";B[hh]C[1. Black h8: evaluation +5.24 -> +0.31 (even).])",
        /* mnk's summary, but the comment names another move. */
        "(;FF[4]GM[4]SZ[15]AP[mnk]GC[Analysed by mnk. Black: no mistakes.]"
        ";B[hh]C[1. Black h9: evaluation +5.24 -> +0.31 (even).])",
        /* A score beyond a win. */
        "(;FF[4]GM[4]SZ[15];B[hh]MNKEVAL[2000000:0:hg:3])",
        /* The better move on a cell taken before. */
        "(;FF[4]GM[4]SZ[15];B[hh]MNKEVAL[0:0::3];W[hg]MNKEVAL[0:0:hh:3])",
        /* A gap: the second move judged, not the first. */
        "(;FF[4]GM[4]SZ[15];B[hh];W[hg]MNKEVAL[0:0:ii:3])",
        /* Numbers on a node without its move. */
        "(;FF[4]GM[4]SZ[15];B[hh];MNKEVAL[0:0:ii:3])",
        /* Not numbers. */
        "(;FF[4]GM[4]SZ[15];B[hh]MNKEVAL[ 1:2:ii:3])",
        "(;FF[4]GM[4]SZ[15];B[hh]MNKEVAL[1:2:iii:3])",
        "(;FF[4]GM[4]SZ[15];B[hh]MNKEVAL[1:2:ii])",
    };
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
        read_analysed(records[i]);
        if (read_back.moves != 0)
            fail_msg("record %zu read as an analysis", i);
        assert_false(read_back.complete);
    }
    /* A game comment that is not mnk's summary stays the record's. */
    read_analysed(records[0]);
    assert_string_equal(read_extra.root, "GC[Analysed by me.]");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_by_hand),
        cmocka_unit_test(test_round_trip_of_a_search),
        cmocka_unit_test(test_partial),
        cmocka_unit_test(test_earlier_version),
        cmocka_unit_test(test_not_an_analysis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
