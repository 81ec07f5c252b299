/* test_record.c — SGF and PSQ records: round trips and refusals. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "storage/record.h"
#include "mnk/rng.h"

/* Writes g in fmt to memory and returns the text (caller frees). */
static char *write_to_string(const struct game *g, enum record_format fmt, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    assert_true(record_write(f, g, fmt));
    fclose(f);
    return buf;
}

static void random_game(struct game *g, struct rng *r, int w, int h, int k,
                        enum rule rule, int max_moves)
{
    struct game_config c;
    game_config_default(&c);
    c.width = w;
    c.height = h;
    c.win = k;
    c.rule = rule;
    c.player[0].kind = PLAYER_COMPUTER;
    strcpy(c.player[0].spec, "threat");
    c.player[0].time_ms = 250;
    strcpy(c.player[1].spec, "");
    assert_null(game_init(g, &c));
    while (!game_over(g) && g->ply < max_moves)
        game_play(g, (int)rng_below(r, (uint32_t)board_cells(&g->board)));
}

static void test_sgf_round_trip(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 11);
    const int sizes[][3] = { { 15, 15, 5 }, { 19, 7, 4 }, { 3, 3, 3 }, { 26, 26, 6 } };
    for (int i = 0; i < 4; i++)
        for (int rule = 0; rule < RULE_COUNT; rule++) {
            if (rule_check_win((enum rule)rule, sizes[i][2]) != NULL)
                continue;   /* renju is five in a row only */
            struct game g, back;
            random_game(&g, &r, sizes[i][0], sizes[i][1], sizes[i][2], (enum rule)rule, 1000);
            size_t len;
            char *text = write_to_string(&g, RECORD_SGF, &len);
            char err[128] = "";
            assert_true(record_parse(text, len, RECORD_SGF, &back, err, sizeof err));
            free(text);
            assert_int_equal(back.ply, g.ply);
            assert_memory_equal(back.moves, g.moves, sizeof(int) * (size_t)g.ply);
            assert_int_equal(back.board.hash, g.board.hash);
            assert_int_equal(back.board.width, g.board.width);
            assert_int_equal(back.board.height, g.board.height);
            assert_int_equal(back.board.win, g.board.win);
            assert_int_equal(back.board.rule, g.board.rule);
            assert_int_equal(back.result.outcome, g.result.outcome);
            assert_int_equal(back.config.player[0].kind, PLAYER_COMPUTER);
            assert_string_equal(back.config.player[0].spec, "threat");
            assert_int_equal(back.config.player[0].time_ms, 250);
            assert_int_equal(back.config.player[1].kind, PLAYER_HUMAN);
        }
}

static void test_psq_round_trip(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 12);
    struct game g, back;
    random_game(&g, &r, 20, 20, 5, RULE_FREESTYLE, 60);
    size_t len;
    char *text = write_to_string(&g, RECORD_PSQ, &len);
    assert_true(strncmp(text, "Piskvorky 20x20,", 16) == 0);
    char err[128];
    assert_true(record_parse(text, len, RECORD_PSQ, &back, err, sizeof err));
    free(text);
    assert_int_equal(back.ply, g.ply);
    assert_int_equal(back.board.hash, g.board.hash);
}

static void test_sgf_main_line_and_extras(void **state)
{
    (void)state;
    /* Another program's record: variations, comments, escapes, a pass-free
     * main line, and a resignation. */
    const char *text =
        "(;FF[4]GM[4]SZ[15]PB[Some \\] Person]PW[search]RE[W+R]C[a comment]\n"
        " ;B[hh];W[ih]\n"
        " (;B[hi]C[main line];W[ii](;B[gg])(;B[aa]))\n"
        " (;B[aa];W[bb]))";
    struct game g;
    char err[128] = "";
    assert_true(record_parse(text, strlen(text), RECORD_SGF, &g, err, sizeof err));
    assert_int_equal(g.ply, 5);
    assert_int_equal(g.moves[4], 6 * 15 + 6); /* gg */
    assert_int_equal(g.config.player[0].kind, PLAYER_HUMAN);
    assert_int_equal(g.config.player[1].kind, PLAYER_COMPUTER);
    assert_int_equal(g.result.outcome, OUTCOME_WHITE_WINS);
    assert_int_equal(g.result.reason, END_RESIGN);
    assert_int_equal(g.board.win, 5);
}

/* A draw both sides agreed to is written RE[0], as every draw, and read
 * back as agreed: the moves alone leave the game open. A draw the moves
 * make stays what they make. */
static void test_agreed_draw_round_trip(void **state)
{
    (void)state;
    struct game_config c;
    game_config_default(&c);
    struct game g, back;
    assert_null(game_init(&g, &c));
    assert_int_equal(game_play(&g, board_pos(&g.board, 7, 7)), GAME_OK);
    assert_int_equal(game_play(&g, board_pos(&g.board, 8, 8)), GAME_OK);
    game_agree_draw(&g);
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, "RE[0]"));
    char err[128] = "";
    assert_true(record_parse(text, len, RECORD_SGF, &back, err, sizeof err));
    free(text);
    assert_int_equal(back.ply, 2);
    assert_int_equal(back.result.outcome, OUTCOME_DRAW);
    assert_int_equal(back.result.reason, END_AGREED);
    assert_false(game_redo(&back));

    /* Another program's spelling. */
    const char *other = "(;FF[4]GM[4]SZ[15]RE[Draw];B[hh];W[ii])";
    assert_true(record_parse(other, strlen(other), RECORD_SGF, &back, err, sizeof err));
    assert_int_equal(back.result.reason, END_AGREED);

    /* No line left: the moves make the draw, RE only says it. */
    const char *dead = "(;FF[4]GM[4]SZ[3]WIN[3]RE[0];B[bb];W[aa];B[ca];W[ac];B[ab];W[cb]"
                       ";B[ba];W[bc])";
    assert_true(record_parse(dead, strlen(dead), RECORD_SGF, &back, err, sizeof err));
    assert_int_equal(back.result.reason, END_NO_LINE);
}

static void test_refusals_leave_game_untouched(void **state)
{
    (void)state;
    const char *bad[] = {
        "",
        "garbage",
        "(;FF[4]GM[1]SZ[19];B[aa])",           /* a go record */
        "(;GM[4]SZ[15];B[hh];B[ii])",          /* Black twice */
        "(;GM[4]SZ[15];B[hh];W[hh])",          /* occupied */
        "(;GM[4]SZ[15];B[zz])",                /* off the board */
        "(;GM[4]SZ[2];B[aa])",                 /* board too small */
        "(;GM[4]SZ[15]WIN[16])",               /* k too long */
        "(;GM[4]SZ[15];B[hh",                  /* cut short */
        "(;GM[4]SZ[15];B[hh]",                 /* no closing paren */
        "(;GM[4]SZ[15];B[hh]AB[aa])",          /* set-up stones after a move */
        "(;GM[4]SZ[15]AB[hh];B[hh])",          /* a move on a set-up stone */
        "(;GM[4]SZ[15]PL[X])",                 /* nobody to move */
        "(;GM[4]SZ[15]AB[zz])",                /* a set-up stone off the board */
        "(;GM[4]SZ[15]PL[W];B[hh])",           /* White was to move */
        "(;GM[4]SZ[3]WIN[3];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc])", /* after the end */
        "(;GM[4]SZ[15];B[hh]x)",
    };
    struct game g;
    struct game_config c;
    game_config_default(&c);
    assert_null(game_init(&g, &c));
    game_play(&g, 0);
    uint64_t hash = g.board.hash;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[128] = "";
        assert_false(record_parse(bad[i], strlen(bad[i]), RECORD_SGF, &g, err, sizeof err));
        assert_true(strlen(err) > 0);
        assert_int_equal(g.ply, 1);
        assert_int_equal(g.board.hash, hash);
    }
    const char *bad_psq[] = { "", "Piskvorky", "Piskvorky 15x15, 11:11, 0\n16,1,0\n",
                              "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n",
                              /* sizes and moves that once overflowed an int */
                              "Piskvorky 2222222322x20, 11:11, 0\n10,11,0\n",
                              "Piskvorky 20x99999999999999999999, 0\n1,1\n",
                              "Piskvorky 15x15, 0\n99999999999999999999,1\n",
                              "Piskvorky 27x15, 0\n", "Piskvorky -15x15, 0\n" };
    for (size_t i = 0; i < sizeof bad_psq / sizeof bad_psq[0]; i++) {
        char err[128] = "";
        assert_false(record_parse(bad_psq[i], strlen(bad_psq[i]), RECORD_PSQ, &g, err, sizeof err));
        assert_true(strlen(err) > 0);
    }
}

/* Reasons quote the file: control bytes and broken UTF-8 come out as \xHH
 * escapes, whole, and valid UTF-8 stays as it is; a stray byte between
 * properties is named, a control (NUL too) by its ASCII name. */
static void test_reasons_are_printable(void **state)
{
    (void)state;
    const char *bad[] = { "(;GM[4\n\033[2J]SZ[15])", "(;GM[4]SZ[1\x01\xff\x35])",
                          "(;GM[4]SZ[15]WIN[5\x7f])", "(;GM[4]SZ[15];B[h\0338])" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct game g;
        char err[128] = "";
        assert_false(record_parse(bad[i], strlen(bad[i]), RECORD_SGF, &g, err, sizeof err));
        assert_true(strlen(err) > 0);
        for (const char *p = err; *p != '\0'; p++)
            assert_true(*p >= 0x20 && *p < 0x7f);
    }
    struct game g;
    char err[128] = "";
    const char *esc = "(;GM[4]SZ[15]MS[\033[31m:x])";
    assert_false(record_parse(esc, strlen(esc), RECORD_SGF, &g, err, sizeof err));
    assert_non_null(strstr(err, "MS[\\x1b[31m:x]"));
    const char *utf = "(;GM[4]SZ[15]RE[\xe9\xa3\x9e])";   /* 飞: not a result */
    assert_false(record_parse(utf, strlen(utf), RECORD_SGF, &g, err, sizeof err));
    assert_non_null(strstr(err, "RE[\xe9\xa3\x9e]"));

    /* A byte where a property should start is named, whatever it is: a
     * NUL once cut the message short ("unexpected '"). */
    static const struct {
        const char *byte, *says;
    } stray[] = {
        { "\0", "NUL" },       { "\x01", "SOH" }, { "\x1b", "ESC" },     { "\x7f", "DEL" },
        { "\xff", "\\xff" }, { "x", "'x'" },     { "\xe9\xa3\x9e", "'\xe9\xa3\x9e'" },
        { "\xe9\xa3", "\\xe9" },
    };
    for (size_t i = 0; i < sizeof stray / sizeof stray[0]; i++) {
        char text[64], want[64];
        int n = snprintf(text, sizeof text, "(;GM[4]SZ[15]%s;B[hh])", stray[i].byte);
        if (stray[i].byte[0] == '\0')   /* the NUL itself, then the rest */
            n = snprintf(text, sizeof text, "(;GM[4]SZ[15]%c;B[hh])", 0);
        assert_false(record_parse(text, (size_t)n, RECORD_SGF, &g, err, sizeof err));
        snprintf(want, sizeof want, "byte 13: unexpected %s in SGF", stray[i].says);
        if (strcmp(err, want) != 0)
            fail_msg("stray %zu: '%s', not '%s'", i, err, want);
    }
}

/* PSQ keeps the win length and the rule on every board; a file from
 * another program (no mnk line, players' names after the moves) is five in
 * a row, freestyle; a broken line in the middle of the moves is an error
 * naming the line, not a silent cut. */
static void test_psq_keeps_k_and_rule(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 13);
    const int sizes[][3] = { { 3, 3, 3 }, { 7, 7, 4 }, { 19, 5, 4 }, { 15, 15, 5 } };
    for (int i = 0; i < 4; i++)
        for (int rule = 0; rule < RULE_COUNT; rule++) {
            if (rule_check_win((enum rule)rule, sizes[i][2]) != NULL)
                continue;   /* renju is five in a row only */
            struct game g, back;
            random_game(&g, &r, sizes[i][0], sizes[i][1], sizes[i][2], (enum rule)rule, 1000);
            size_t len;
            char *text = write_to_string(&g, RECORD_PSQ, &len);
            char err[128] = "";
            if (!record_parse(text, len, RECORD_PSQ, &back, err, sizeof err))
                fail_msg("refused: %s\n%s", err, text);
            free(text);
            assert_int_equal(back.board.win, g.board.win);
            assert_int_equal(back.board.rule, g.board.rule);
            assert_int_equal(back.ply, g.ply);
        }
    struct game g;
    char err[128] = "";
    const char *foreign = "Piskvorky 20x20, 11:11, 0\n10,10,1094\n11,11,200\n"
                          "pbrain-one.zip\npbrain-two.zip\n-1\n";
    assert_true(record_parse(foreign, strlen(foreign), RECORD_PSQ, &g, err, sizeof err));
    assert_int_equal(g.ply, 2);
    assert_int_equal(g.board.win, 5);
    assert_int_equal(g.board.rule, RULE_FREESTYLE);
    const char *junk = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8;9;0\n7,7,0\n-1\n";
    assert_false(record_parse(junk, strlen(junk), RECORD_PSQ, &g, err, sizeof err));
    assert_non_null(strstr(err, "line 5"));
    assert_non_null(strstr(err, "line 4"));
    const char *bad_k = "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\nmnk win=99 rule=freestyle\n";
    assert_false(record_parse(bad_k, strlen(bad_k), RECORD_PSQ, &g, err, sizeof err));
    assert_non_null(strstr(err, "line 4"));
    /* Renju: a record whose ninth move is Black's double three is refused
     * for it, by number; the same moves under freestyle load; renju with
     * six in a row is refused as a game. */
    const char *moves = "Piskvorky 15x15, 11:11, 0\n6,8,0\n1,1,0\n7,8,0\n1,3,0\n"
                        "8,6,0\n1,5,0\n8,7,0\n15,15,0\n8,8,0\n-1\n";
    char text[256];
    snprintf(text, sizeof text, "%smnk win=5 rule=renju\n", moves);
    assert_false(record_parse(text, strlen(text), RECORD_PSQ, &g, err, sizeof err));
    assert_string_equal(err, "move 9 is forbidden to Black: double three");
    snprintf(text, sizeof text, "%smnk win=5 rule=freestyle\n", moves);
    assert_true(record_parse(text, strlen(text), RECORD_PSQ, &g, err, sizeof err));
    assert_int_equal(g.ply, 9);
    snprintf(text, sizeof text, "%smnk win=6 rule=renju\n", moves);
    assert_false(record_parse(text, strlen(text), RECORD_PSQ, &g, err, sizeof err));
    assert_non_null(strstr(err, "renju is played with five in a row (win length 5)"));
}

/* `text` with every "\n" written as `eol`, into buf. */
static const char *with_eol(const char *text, const char *eol, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = text; *p != '\0' && n + 3 < size; p++)
        if (*p == '\n')
            for (const char *e = eol; *e != '\0'; e++)
                buf[n++] = *e;
        else
            buf[n++] = *p;
    buf[n] = '\0';
    return buf;
}

/* A PSQ record reads alike with LF, CRLF or CR alone at the ends of its
 * lines (a CR-only one read as no moves at all): the moves, the mnk line,
 * and the line a fault is on. */
static void test_psq_line_endings(void **state)
{
    (void)state;
    static const char *const eols[] = { "\n", "\r\n", "\r" };
    const char *good = "Piskvorky 7x7, 11:11, 0\n4,4,0\n5,5,0\n4,5,0\n-1\n"
                       "mnk win=4 rule=exact\n";
    const char *junk = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8;9;0\n7,7,0\n-1\n";
    for (size_t i = 0; i < sizeof eols / sizeof *eols; i++) {
        struct game g;
        char buf[256], err[128] = "";
        const char *text = with_eol(good, eols[i], buf, sizeof buf);
        if (!record_parse(text, strlen(text), RECORD_PSQ, &g, err, sizeof err))
            fail_msg("line ends %zu: refused: %s", i, err);
        assert_int_equal(g.ply, 3);
        assert_int_equal(g.board.width, 7);
        assert_int_equal(g.board.win, 4);
        assert_int_equal(g.board.rule, RULE_EXACT);
        text = with_eol(junk, eols[i], buf, sizeof buf);
        assert_false(record_parse(text, strlen(text), RECORD_PSQ, &g, err, sizeof err));
        if (strstr(err, "line 5") == NULL || strstr(err, "line 4") == NULL)
            fail_msg("line ends %zu: '%s'", i, err);
    }
}

/* A byte-order mark is skipped; nesting past the limit, and values mnk
 * reads that make no sense (a board size among them), are refused with the
 * byte where they are. */
static void test_sgf_bom_nesting_and_values(void **state)
{
    (void)state;
    struct game g;
    char err[128] = "";
    const char *bom = "\xef\xbb\xbf(;GM[4]SZ[9];B[ee])";
    assert_true(record_parse(bom, strlen(bom), RECORD_SGF, &g, err, sizeof err));
    assert_int_equal(g.ply, 1);
    const char *psq_bom = "\xef\xbb\xbfPiskvorky 9x9, 11:11, 0\n5,5,0\n-1\n";
    assert_true(record_parse(psq_bom, strlen(psq_bom), RECORD_PSQ, &g, err, sizeof err));

    size_t n = 100000;
    char *deep = malloc(2 * n + 16);
    assert_non_null(deep);
    memset(deep, '(', n);
    strcpy(deep + n, ";GM[4])");
    assert_false(record_parse(deep, strlen(deep), RECORD_SGF, &g, err, sizeof err));
    assert_non_null(strstr(err, "nested deeper"));
    free(deep);
    const char *fine = "((((;GM[4]SZ[9];B[ee]))))";
    assert_true(record_parse(fine, strlen(fine), RECORD_SGF, &g, err, sizeof err));

    const char *bad[] = { "(;GM[4]SZ[15]MS[999:-7];B[hh])", "(;GM[4]SZ[15]MS[5];B[hh])",
                          "(;GM[4]SZ[15]WIN[0];B[hh])", "(;GM[4]SZ[15]RE[whoever];B[hh])",
                          "(;GM[4]SZ[15]RU[Yamaguchi];B[hh])" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(record_parse(bad[i], strlen(bad[i]), RECORD_SGF, &g, err, sizeof err));
        assert_non_null(strstr(err, "byte 13:"));
    }
    const char *ok[] = { "(;GM[4]SZ[15]RE[B+3.5];B[hh])", "(;GM[4]SZ[15]RE[Draw];B[hh])",
                         "(;GM[4]SZ[15]RE[?];B[hh])", "(;GM[4]SZ[15]LV[999:-7];B[hh])",
                         "(;GM[4]SZ[15]RU[Gomoku];B[hh])", "(;GM[4]SZ[15]RU[Standard];B[hh])" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (!record_parse(ok[i], strlen(ok[i]), RECORD_SGF, &g, err, sizeof err))
            fail_msg("%s refused: %s", ok[i], err);

    /* A size mnk cannot play is refused by the property itself, before a
     * move is read against it; the sizes at the bounds load. */
    static const struct {
        const char *record, *says;
    } sizes[] = {
        { "(;GM[4]SZ[0];B[aa])", "byte 7: SZ[0]: a board side must be 3 to 26" },
        { "(;GM[4]SZ[-1];B[aa])", "byte 7: SZ[-1]: a board side must be 3 to 26" },
        { "(;GM[4]SZ[15:0];B[aa])", "byte 7: SZ[15:0]: a board side must be 3 to 26" },
        { "(;GM[4]SZ[2];B[aa])", "byte 7: SZ[2]: a board side must be 3 to 26" },
        { "(;GM[4]SZ[27])", "byte 7: SZ[27]: a board side must be 3 to 26" },
        { "(;GM[4]SZ[9:99];B[aa])", "byte 7: SZ[9:99]: a board side must be 3 to 26" },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const char *t = sizes[i].record;
        assert_false(record_parse(t, strlen(t), RECORD_SGF, &g, err, sizeof err));
        if (strcmp(err, sizes[i].says) != 0)
            fail_msg("%s: '%s', not '%s'", t, err, sizes[i].says);
    }
    const char *bounds[] = { "(;GM[4]SZ[3:26]WIN[3];B[aa])", "(;GM[4]SZ[26];B[zz])" };
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++)
        if (!record_parse(bounds[i], strlen(bounds[i]), RECORD_SGF, &g, err, sizeof err))
            fail_msg("%s refused: %s", bounds[i], err);
}

/* RU: mnk's names and other programs' ones, in any case; a name mnk does
 * not know (an opening rule, another game's rules) is refused naming it,
 * never read as freestyle; renju with a k other than five is refused with
 * the core's reason. */
static void test_sgf_rule_names(void **state)
{
    (void)state;
    static const struct {
        const char *ru;
        enum rule rule;
    } known[] = {
        { "freestyle", RULE_FREESTYLE }, { "Freestyle", RULE_FREESTYLE },
        { "Gomoku", RULE_FREESTYLE },    { "free", RULE_FREESTYLE },
        { "exact", RULE_EXACT },         { "Standard", RULE_EXACT },
        { "renju", RULE_RENJU },         { "Renju", RULE_RENJU },
        { "RENJU", RULE_RENJU },         { "caro", RULE_CARO },
        { "Caro", RULE_CARO },
    };
    struct game g;
    char text[128], err[160] = "";
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        snprintf(text, sizeof text, "(;FF[4]GM[4]SZ[15]RU[%s];B[hh];W[ii])", known[i].ru);
        if (!record_parse(text, strlen(text), RECORD_SGF, &g, err, sizeof err))
            fail_msg("%s refused: %s", text, err);
        assert_int_equal(g.board.rule, known[i].rule);
        assert_int_equal(g.board.win, 5);
    }
    static const char *const unknown[] = { "Yamaguchi", "RIF", "Swap2", "Renju Swap2",
                                           "Soosyrv-8", "omok", "" };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        snprintf(text, sizeof text, "(;FF[4]GM[4]SZ[15]RU[%s];B[hh])", unknown[i]);
        assert_false(record_parse(text, strlen(text), RECORD_SGF, &g, err, sizeof err));
        char want[64];
        snprintf(want, sizeof want, "unknown rule '%s' in RU[]", unknown[i]);
        if (strstr(err, want) == NULL)
            fail_msg("%s: '%s' does not say %s", text, err, want);
    }
    const char *renju4 = "(;FF[4]GM[4]SZ[15]RU[Renju]WIN[4];B[hh])";
    assert_false(record_parse(renju4, strlen(renju4), RECORD_SGF, &g, err, sizeof err));
    assert_string_equal(err, "renju is played with five in a row (win length 5)");
    const char *caro4 = "(;FF[4]GM[4]SZ[15]RU[Caro]WIN[4];B[hh])";
    assert_true(record_parse(caro4, strlen(caro4), RECORD_SGF, &g, err, sizeof err));
    assert_int_equal(g.board.win, 4);
}

/* A renju or caro game keeps its rule through SGF -> PSQ -> SGF, as convert
 * does it; mnk writes its own names. PSQ's mnk line refuses a rule it does
 * not know, naming it, and renju with another k. */
static void test_rule_survives_conversion(void **state)
{
    (void)state;
    static const char *const in[] = {
        "(;FF[4]GM[4]SZ[15]RU[Renju]PB[Ann]PW[Bo];B[hh];W[ii];B[hi];W[ig])",
        "(;FF[4]GM[4]SZ[19]RU[Caro]WIN[5];B[jj];W[kk];B[jk])",
    };
    static const char *const written[] = { "RU[renju]WIN[5]", "RU[caro]WIN[5]" };
    static const char *const psq_line[] = { "mnk win=5 rule=renju\n", "mnk win=5 rule=caro\n" };
    for (int i = 0; i < 2; i++) {
        struct game g, via, back;
        char err[160] = "";
        assert_true(record_parse(in[i], strlen(in[i]), RECORD_SGF, &g, err, sizeof err));
        size_t len;
        char *psq = write_to_string(&g, RECORD_PSQ, &len);
        assert_non_null(strstr(psq, psq_line[i]));
        assert_true(record_parse(psq, len, RECORD_PSQ, &via, err, sizeof err));
        free(psq);
        char *sgf = write_to_string(&via, RECORD_SGF, &len);
        assert_non_null(strstr(sgf, written[i]));
        assert_true(record_parse(sgf, len, RECORD_SGF, &back, err, sizeof err));
        free(sgf);
        assert_int_equal(back.board.rule, g.board.rule);
        assert_int_equal(back.board.win, 5);
        assert_int_equal(back.ply, g.ply);
        assert_memory_equal(back.moves, g.moves, sizeof(int) * (size_t)g.ply);
    }
    struct game g;
    char err[160] = "";
    const char *yamaguchi = "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\nmnk win=5 rule=yamaguchi\n";
    assert_false(record_parse(yamaguchi, strlen(yamaguchi), RECORD_PSQ, &g, err, sizeof err));
    assert_non_null(strstr(err, "line 4: unknown rule 'yamaguchi'"));
    const char *renju4 = "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\nmnk win=4 rule=renju\n";
    assert_false(record_parse(renju4, strlen(renju4), RECORD_PSQ, &g, err, sizeof err));
    assert_string_equal(err, "renju is played with five in a row (win length 5)");
}

/* Other programs' root properties come back on writing, as they were. */
static void test_sgf_keeps_root_properties(void **state)
{
    (void)state;
    static struct game g;
    static struct record_extra extra;
    char err[128] = "";
    /* MNKPUZZLE: a name longer than a standard one's (a puzzle's). */
    const char *text = "(;FF[4]GM[4]SZ[15]EV[Club \\ night]GC[first\nsecond \\] line]"
                       "PB[Ann]PW[Bo]XQ[1][2]C[root]MNKPUZZLE[vcf];B[hh]C[move comment];W[ii])";
    assert_true(record_parse_extra(text, strlen(text), RECORD_SGF, &g, &extra, err, sizeof err));
    assert_string_equal(extra.root,
                        "EV[Club \\ night]GC[first\nsecond \\] line]XQ[1][2]C[root]MNKPUZZLE[vcf]");
    struct record_notes notes = { .root_props = extra.root };
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_true(record_write_notes(f, &g, &notes));
    fclose(f);
    static struct record_extra again;
    assert_true(record_parse_extra(buf, len, RECORD_SGF, &g, &again, err, sizeof err));
    assert_string_equal(again.root, extra.root);
    assert_non_null(strstr(buf, "PB[Ann]PW[Bo]"));
    free(buf);
}

/* Loading reads regular files only, at once: a directory or a pipe is
 * refused with what it is, never waited on; errors name the file. */
static void test_load_refuses_non_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/mnk-record-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    static struct game g;
    char err[256];
    snprintf(path, sizeof path, "%s/d.sgf", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    assert_false(record_load(path, &g, err, sizeof err));
    assert_non_null(strstr(err, "a directory"));
    assert_non_null(strstr(err, path));
    rmdir(path);
    snprintf(path, sizeof path, "%s/p.sgf", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_false(record_load(path, &g, err, sizeof err));   /* would block if opened plainly */
    assert_non_null(strstr(err, "a pipe"));
    unlink(path);
    snprintf(path, sizeof path, "%s/bad.sgf", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("(;GM[4]SZ[15];B[hh];W[hh])", f);
    fclose(f);
    assert_false(record_load(path, &g, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "move 2"));
    unlink(path);
    rmdir(dir);
}

/* A save that fails deep in a long path says the system's reason whole,
 * after the path: a directory name longer than any file system allows
 * (ENAMETOOLONG) under a path of some 1,000 bytes. */
static void test_save_reason_whole(void **state)
{
    (void)state;
    char path[1200], err[4200];
    int n = snprintf(path, sizeof path, "/tmp/");
    memset(path + n, 'x', 1100);
    snprintf(path + n + 1100, sizeof path - (size_t)n - 1100, "/g.sgf");
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    game_init(&g, &c);
    assert_false(record_save_notes(path, &g, RECORD_SGF, NULL, true, err, sizeof err));
    const char *why = strerror(ENAMETOOLONG);
    size_t len = strlen(err), wlen = strlen(why);
    if (len < wlen || strcmp(err + len - wlen, why) != 0)
        fail_msg("the reason is not whole at the end: ...%s", err + (len > 60 ? len - 60 : 0));
}

static void test_formats_by_name(void **state)
{
    (void)state;
    enum record_format f;
    assert_true(record_format_for_path("game.SGF", &f));
    assert_int_equal(f, RECORD_SGF);
    assert_true(record_format_for_path("dir.x/game.psq", &f));
    assert_int_equal(f, RECORD_PSQ);
    assert_false(record_format_for_path("game.txt", &f));
    assert_false(record_format_for_path("game", &f));
    struct game g;
    char err[128];
    assert_false(record_load("/nonexistent/x.sgf", &g, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/x.sgf"));
}

/* Parses an SGF text that must load. */
static void parse_ok(const char *text, struct game *g)
{
    char err[200] = "";
    if (!record_parse(text, strlen(text), RECORD_SGF, g, err, sizeof err))
        fail_msg("refused: %s", err);
}

/* A record's players are names: an `engine:` command from an older record
 * or a hostile file becomes a human labelled with the program's name, and
 * nothing written back holds a command any more. */
static void test_record_players_never_run(void **state)
{
    (void)state;
    struct game g;
    parse_ok("(;GM[4]SZ[9]WIN[5]PB[engine:touch /tmp/pwned; rm -rf ~]"
             "PW[engine:env X=1 /opt/brains/pbrain-foo --fast];B[ee];W[ef])", &g);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(g.config.player[i].kind, PLAYER_HUMAN);
        assert_null(strstr(g.config.player[i].spec, "engine:"));
        assert_null(strchr(g.config.player[i].spec, ' '));
    }
    assert_string_equal(g.config.player[0].spec, "touch");
    assert_string_equal(g.config.player[1].spec, "pbrain-foo");
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_null(strstr(text, "engine:"));
    assert_non_null(strstr(text, "PB[touch]"));
    assert_non_null(strstr(text, "PW[pbrain-foo]"));
    free(text);
}

/* Levels and built-in strategies stay computers; people's and programs'
 * names stay as labels through a load and save; "human" and "" are plain
 * humans. */
static void test_record_player_names(void **state)
{
    (void)state;
    struct game g;
    parse_ok("(;GM[4]SZ[9]PB[threat]PW[Alice \\[2d\\]];B[ee])", &g);
    assert_int_equal(g.config.player[0].kind, PLAYER_COMPUTER);
    assert_string_equal(g.config.player[0].spec, "threat");
    assert_int_equal(g.config.player[1].kind, PLAYER_HUMAN);
    assert_string_equal(g.config.player[1].spec, "Alice [2d]");
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, "PW[Alice [2d\\]]"));
    free(text);
    parse_ok("(;GM[4]SZ[9]PB[casual]PW[master];B[ee])", &g);
    for (int i = 0; i < 2; i++)
        assert_int_equal(g.config.player[i].kind, PLAYER_COMPUTER);
    assert_string_equal(g.config.player[0].spec, "casual");
    text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, "PB[casual]PW[master]"));
    free(text);
    parse_ok("(;GM[4]SZ[9]PB[human]PW[];B[ee])", &g);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(g.config.player[i].kind, PLAYER_HUMAN);
        assert_string_equal(g.config.player[i].spec, "");
    }
}

/* A game played by an external engine is written with the program's name,
 * never the command that started it. */
static void test_engine_player_written_as_label(void **state)
{
    (void)state;
    struct game_config c;
    game_config_default(&c);
    c.player[1].kind = PLAYER_COMPUTER;
    strcpy(c.player[1].spec, "engine:/usr/games/pbrain-x -t 5");
    struct game g;
    assert_null(game_init(&g, &c));
    game_play(&g, 112);
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_null(strstr(text, "engine:"));
    assert_null(strstr(text, "/usr/games"));
    assert_non_null(strstr(text, "PW[pbrain-x]"));
    free(text);
    char label[16];
    assert_string_equal(record_engine_label("  ", label, sizeof label), "engine");
    assert_string_equal(record_engine_label("env A=1 B=2", label, sizeof label), "engine");
    assert_string_equal(record_engine_label("a/b/averyveryverylongname", label, sizeof label),
                        "averyveryverylo");
    assert_string_equal(record_engine_label("x]y\\z", label, sizeof label), "x_y_z");
}

/* A move played after a hint says so in the record, and the note comes
 * back on reading; with an analysis comment too, the node has one C. */
static void test_hint_in_record(void **state)
{
    (void)state;
    static struct game g, back;
    parse_ok("(;GM[4]SZ[9];B[ee];W[ef];B[eg])", &g);
    assert_false(g.hinted[1]);
    g.hinted[1] = true;   /* White asked before playing ef */
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, ";W[ef]HINT[1]C[White asked for a hint before this move.]"));
    parse_ok(text, &back);
    assert_false(back.hinted[0]);
    assert_true(back.hinted[1]);
    assert_false(back.hinted[2]);
    free(text);

    struct record_note notes[3] = { { 0 }, { .comment = "2. White e4", .props = "BM[1]" }, { 0 } };
    struct record_notes all = { .move = notes };
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(record_write_notes(f, &g, &all));
    rewind(f);
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    assert_non_null(strstr(buf, ";W[ef]BM[1]HINT[1]C[2. White e4 White asked for a hint before this move.]"));
}

/* The opening rule and its choices go into SGF and psq and come back:
 * players in their seats, the choices undoable. */
static void test_opening_round_trip(void **state)
{
    (void)state;
    static const struct {
        enum opening_rule rule;
        int choices;
        enum opening_choice choice[2];
        int moves;
    } cases[] = {
        { OPENING_SWAP2, 2, { OPENING_PLACE_TWO, OPENING_TAKE_WHITE }, 7 },
        { OPENING_SWAP2, 2, { OPENING_PLACE_TWO, OPENING_TAKE_BLACK }, 5 },
        { OPENING_SWAP, 1, { OPENING_TAKE_BLACK }, 3 },
        { OPENING_SWAP, 1, { OPENING_TAKE_WHITE }, 6 },
        { OPENING_SWAP2, 0, { 0 }, 2 },
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        struct game_config c;
        game_config_default(&c);
        c.opening = cases[t].rule;
        c.player[0].kind = PLAYER_COMPUTER;
        strcpy(c.player[0].spec, "club");
        struct game g;
        assert_null(game_init(&g, &c));
        int chosen = 0;
        for (int m = 0; m <= cases[t].moves; m++) {
            while (chosen < cases[t].choices && g.ply == opening_choice_ply(chosen))
                assert_int_equal(game_choose(&g, cases[t].choice[chosen++]), GAME_OK);
            if (m < cases[t].moves)
                assert_int_equal(game_play(&g, 20 + 3 * m), GAME_OK);
        }
        for (int fmt = RECORD_SGF; fmt <= RECORD_PSQ; fmt++) {
            size_t len;
            char *text = write_to_string(&g, (enum record_format)fmt, &len);
            struct game back;
            char err[256];
            if (!record_parse(text, len, (enum record_format)fmt, &back, err, sizeof err))
                fail_msg("%s: %s", text, err);
            assert_int_equal(back.config.opening, cases[t].rule);
            assert_int_equal(back.choices, cases[t].choices);
            assert_int_equal(back.swapped, g.swapped);
            assert_int_equal(back.ply, g.ply);
            assert_int_equal(game_opening_step(&back), game_opening_step(&g));
            if (fmt == RECORD_SGF) {   /* psq names no players */
                assert_string_equal(game_player(&back, STONE_BLACK)->spec,
                                    game_player(&g, STONE_BLACK)->spec);
                assert_int_equal(game_player(&back, game_first_seat(&back))->kind,
                                 PLAYER_COMPUTER);
            }
            /* Undo through every choice puts the first player back as Black. */
            while (game_undo(&back))
                ;
            assert_false(back.swapped);
            free(text);
        }
    }
    /* A move where the opening waits for a choice is refused. */
    static const char bad[] = "(;FF[4]GM[4]SZ[15]OPENING[swap];B[aa];W[ab];B[ac];W[ad])";
    struct game g;
    char err[256];
    assert_false(record_parse(bad, sizeof bad - 1, RECORD_SGF, &g, err, sizeof err));
    assert_non_null(strstr(err, "choice"));
    static const char junk[] = "(;FF[4]GM[4]SZ[15]OPENING[swap:two])";
    assert_false(record_parse(junk, sizeof junk - 1, RECORD_SGF, &g, err, sizeof err));
}

/* A game under `tc` with random times: each move takes a random share of
 * what its side has left, so that overtime comes and no flag falls. */
static void timed_game(struct game *g, struct rng *r, const char *tc, int moves)
{
    struct game_config c;
    game_config_default(&c);
    char err[256];
    assert_true(tc_parse(tc, &c.tc, err, sizeof err));
    assert_null(game_init(g, &c));
    while (!game_over(g) && g->ply < moves) {
        struct gameclock_side s = game_clock(g, game_actor(g));
        int64_t until = gameclock_until_flag(&c.tc, &s, 0);
        uint32_t most = until == GAMECLOCK_NEVER || until > 40000 ? 40000 : (uint32_t)until;
        int spent = (int)rng_below(r, most);
        int pos = (int)rng_below(r, (uint32_t)board_cells(&g->board));
        if (board_at(&g->board, pos) == STONE_NONE)
            assert_int_equal(game_play_timed(g, pos, spent), GAME_OK);
    }
}

static void assert_same_clocks(const struct game *a, const struct game *b)
{
    assert_true(tc_equal(&a->config.tc, &b->config.tc));
    assert_int_equal(a->ply, b->ply);
    for (int i = 0; i < a->ply; i++) {
        const struct game_timing *x = &a->timing[i], *y = &b->timing[i];
        assert_int_equal(x->seat, y->seat);
        assert_int_equal(x->spent_ms, y->spent_ms);
        assert_int_equal(x->clock.main_ms, y->clock.main_ms);
        assert_int_equal(x->clock.period_ms, y->clock.period_ms);
        assert_int_equal(x->clock.periods, y->clock.periods);
        assert_int_equal(x->clock.moves, y->clock.moves);
        assert_int_equal(x->clock.move_ms, y->clock.move_ms);
        assert_int_equal(x->clock.flagged, y->clock.flagged);
    }
    /* Ply by ply, as review and undo see them. */
    static struct game p, q;
    p = *a;
    q = *b;
    for (;;) {
        for (int side = STONE_BLACK; side <= STONE_WHITE; side++) {
            struct gameclock_side x = game_clock(&p, (enum stone)side);
            struct gameclock_side y = game_clock(&q, (enum stone)side);
            assert_int_equal(x.main_ms, y.main_ms);
            assert_int_equal(x.period_ms, y.period_ms);
            assert_int_equal(x.periods, y.periods);
            assert_int_equal(x.moves, y.moves);
            assert_int_equal(x.flagged, y.flagged);
        }
        bool more = game_undo(&p);
        assert_int_equal(game_undo(&q), more);
        if (!more)
            break;
    }
}

/* A timed game written and read back has the same clocks at every ply,
 * in SGF and in PSQ, under every kind of control; a loss on time stays
 * one. */
static void test_clock_round_trip(void **state)
{
    (void)state;
    static const char *const controls[] = { "3+2", "5s+0.1s", "5m,30s/move", "1m+3x10s",
                                            "0+2/20s", "60s/move", "none", "2m+5/1m,30s/move" };
    struct rng r;
    rng_seed(&r, 66);
    static struct game g, back;
    for (size_t c = 0; c < sizeof controls / sizeof *controls; c++)
        for (int fmt = RECORD_SGF; fmt <= RECORD_PSQ; fmt++)
            for (int flag = 0; flag < 2; flag++) {
                timed_game(&g, &r, controls[c], 40);
                /* The overtime is reached, so that OB and OW are written. */
                struct gameclock_side black = game_clock(&g, STONE_BLACK);
                if (g.config.tc.kind == TC_BYOYOMI || g.config.tc.kind == TC_CANADIAN)
                    assert_true(gameclock_in_overtime(&g.config.tc, &black));
                if (flag)
                    game_flag(&g, game_actor(&g));
                size_t len;
                char *text = write_to_string(&g, (enum record_format)fmt, &len);
                char err[256] = "";
                static struct record_extra extra;
                if (!record_parse_extra(text, len, (enum record_format)fmt, &back, &extra, err,
                                        sizeof err))
                    fail_msg("%s: %s\n%s", controls[c], err, text);
                assert_string_equal(extra.warning, "");
                free(text);
                /* PSQ keeps no result: the flag is SGF's alone. */
                if (fmt == RECORD_PSQ && flag)
                    assert_true(game_undo(&g));
                assert_same_clocks(&g, &back);
                if (fmt == RECORD_SGF) {
                    assert_int_equal(back.result.outcome, g.result.outcome);
                    assert_int_equal(back.result.reason, g.result.reason);
                }
            }
}

/* The clock's properties as mnk writes them. */
static void test_clock_properties_written(void **state)
{
    (void)state;
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    char err[256];
    assert_true(tc_parse("1m+3x10s", &c.tc, err, sizeof err));
    assert_null(game_init(&g, &c));
    assert_int_equal(game_play_timed(&g, board_pos(&g.board, 7, 7), 1500), GAME_OK);
    assert_int_equal(game_play_timed(&g, board_pos(&g.board, 8, 8), 65000), GAME_OK);
    assert_int_equal(game_play(&g, board_pos(&g.board, 9, 9)), GAME_OK);
    game_flag(&g, STONE_WHITE);
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, "TM[60]OT[1m+3x10s]"));
    assert_non_null(strstr(text, "RE[B+T]"));
    assert_non_null(strstr(text, ";B[hh]BL[58.5]SPENT[1.5]"));
    assert_non_null(strstr(text, ";W[ii]WL[10]OW[3]SPENT[65]"));
    assert_non_null(strstr(text, ";B[jj]BL[58.5]"));
    assert_null(strstr(text, ";B[jj]BL[58.5]SPENT"));
    free(text);
    text = write_to_string(&g, RECORD_PSQ, &len);
    assert_non_null(strstr(text, "\n8,8,1500\n9,9,65000\n10,10,0\n-1\n"));
    assert_non_null(strstr(text, " tc=1m+3x10s\n"));
    free(text);
}

/* What other programs write: the time left before the move on its node, the
 * other side's time too, a loss on time; Piskvork's move times. */
static void test_other_programs_clock(void **state)
{
    (void)state;
    static struct game g;
    char err[256] = "";
    const char *sgf = "(;GM[4]SZ[15]TM[300]RE[B+T];BL[290.5]B[hh];W[ii]WL[295]BL[290.5])";
    assert_true(record_parse(sgf, strlen(sgf), RECORD_SGF, &g, err, sizeof err));
    assert_int_equal(g.config.tc.kind, TC_SUDDEN);
    assert_int_equal(g.config.tc.main_ms, 300000);
    assert_int_equal(game_clock(&g, STONE_BLACK).main_ms, 290500);
    assert_int_equal(g.timing[1].clock.main_ms, 295000);
    assert_int_equal(g.result.reason, END_TIME);
    assert_string_equal(game_result_text(&g.result), "White lost on time");
    assert_true(game_clock(&g, STONE_WHITE).flagged);

    const char *psq = "Piskvorky 20x20, 11:11, 0\r\n10,10,1234\r\n11,11,0\r\n12,12\r\n"
                      "pbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n";
    assert_true(record_parse(psq, strlen(psq), RECORD_PSQ, &g, err, sizeof err));
    assert_int_equal(g.ply, 3);
    assert_int_equal(g.config.tc.kind, TC_NONE);
    assert_int_equal(g.timing[0].spent_ms, 1234);
    assert_int_equal(g.timing[1].spent_ms, 0);
    assert_int_equal(g.timing[2].spent_ms, 0);
}

/* A clock at fault is left out with a warning; the rest of the record is
 * read. */
static void test_bad_clock_dropped(void **state)
{
    (void)state;
    static const struct {
        enum record_format fmt;
        const char *text;
        const char *says;
    } cases[] = {
        { RECORD_SGF, "(;GM[4]SZ[15]TM[180]OT[3+2];B[hh]BL[abc]SPENT[2];W[ii]WL[170])",
          "bad time left BL[abc]" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[-5];B[hh]BL[1];W[ii])", "TM[-5]" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[600]OT[5x30 byo-yomi];B[hh];W[ii])",
          "OT[5x30 byo-yomi]" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[120]OT[3+2];B[hh];W[ii])", "TM[120]" },
        { RECORD_SGF, "(;GM[4]SZ[15];B[hh]BL[100];W[ii])", "without a time control" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[60]OT[1m+3x10s];B[hh]BL[5]OB[7];W[ii])",
          "move 1: Black's clock" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[60]OT[1m+3x10s];B[hh]BL[5]OB[x];W[ii])",
          "bad overtime count OB[x]" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[60];B[hh]SPENT[61];W[ii])",
          "move 1 comes after its player's time ran out" },
        { RECORD_SGF, "(;GM[4]SZ[15]TM[60];B[hh]SPENT[-1];W[ii])", "SPENT[-1]" },
        { RECORD_PSQ, "Piskvorky 15x15, 11:11, 0\n8,8,abc\n9,9,100\n-1\n",
          "line 2: bad move time" },
        { RECORD_PSQ, "Piskvorky 15x15, 11:11, 0\n8,8,-3\n9,9,100\n-1\n",
          "line 2: bad move time" },
        { RECORD_PSQ, "Piskvorky 15x15, 11:11, 0\n8,8,5\n9,9,100\n-1\nmnk win=5 rule=exact "
                      "tc=3+\n", "line 5: bad time control" },
        { RECORD_PSQ, "Piskvorky 15x15, 11:11, 0\n8,8,300000\n9,9,100\n-1\nmnk win=5 "
                      "rule=exact tc=5m,30s/move\n", "time ran out" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        static struct game g;
        static struct record_extra extra;
        char err[256] = "";
        size_t len = strlen(cases[i].text);
        if (!record_parse_extra(cases[i].text, len, cases[i].fmt, &g, &extra, err, sizeof err))
            fail_msg("%s refused: %s", cases[i].text, err);
        if (strstr(extra.warning, cases[i].says) == NULL ||
            strstr(extra.warning, "without its clock") == NULL)
            fail_msg("%s: warning '%s' does not say '%s'", cases[i].text, extra.warning,
                     cases[i].says);
        assert_int_equal(g.ply, 2);
        assert_int_equal(g.config.tc.kind, TC_NONE);
        assert_int_equal(g.timing[0].spent_ms, 0);
        assert_int_equal(g.timing[1].spent_ms, 0);
        assert_false(game_clock(&g, STONE_BLACK).flagged);
        if (cases[i].fmt == RECORD_PSQ && strstr(cases[i].text, "rule=exact") != NULL)
            assert_int_equal(g.config.rule, RULE_EXACT);
        /* Without a place for the warning, read all the same. */
        assert_true(record_parse(cases[i].text, len, cases[i].fmt, &g, err, sizeof err));
    }
}

/* A position set up before the first move (AB, AW, PL) comes back as it
 * was, stones, side to move and moves; other programs' rectangles of
 * points are read too; PSQ, which has no place for it, refuses it. */
static void test_set_up_round_trip(void **state)
{
    (void)state;
    static struct game g, back;
    static struct game_setup s;
    struct game_config c;
    game_config_default(&c);
    assert_null(game_init(&g, &c));
    s.n = 0;
    s.to_move = STONE_WHITE;
    const int cells[] = { 112, 113, 127, 98 };
    const enum stone colour[] = { STONE_BLACK, STONE_BLACK, STONE_WHITE, STONE_BLACK };
    for (int i = 0; i < 4; i++) {
        s.cell[s.n] = cells[i];
        s.stone[s.n++] = (unsigned char)colour[i];
    }
    assert_null(game_set_up(&g, &s));
    assert_int_equal(game_play(&g, 114), GAME_OK);   /* White's */
    assert_int_equal(game_play(&g, 140), GAME_OK);   /* Black's */
    size_t len;
    char *text = write_to_string(&g, RECORD_SGF, &len);
    assert_non_null(strstr(text, "PL[W]"));
    assert_non_null(strstr(text, ";W["));
    parse_ok(text, &back);
    free(text);
    assert_true(game_is_set_up(&back));
    assert_int_equal(back.setup.to_move, STONE_WHITE);
    assert_int_equal(back.setup.n, 4);
    assert_int_equal(back.board.hash, g.board.hash);
    assert_int_equal(back.ply, 2);
    assert_int_equal(game_to_move(&back), STONE_WHITE);
    for (int i = 0; i < 2; i++)
        assert_true(game_undo(&back));
    assert_false(game_undo(&back));
    assert_int_equal(back.board.stones, 4);

    parse_ok("(;GM[4]SZ[9]AB[aa:bb]AW[cc]AE[ab];B[dd])", &back);
    assert_int_equal(back.setup.n, 4);
    assert_int_equal(board_at(&back.board, board_pos(&back.board, 0, 0)), STONE_BLACK);
    assert_int_equal(board_at(&back.board, board_pos(&back.board, 1, 1)), STONE_BLACK);
    assert_int_equal(board_at(&back.board, board_pos(&back.board, 0, 1)), STONE_NONE);
    assert_int_equal(board_at(&back.board, board_pos(&back.board, 2, 2)), STONE_WHITE);
    assert_int_equal(back.setup.to_move, STONE_BLACK);

    char err[200] = "";
    assert_null(record_cannot_keep(&g, RECORD_SGF));
    assert_non_null(record_cannot_keep(&g, RECORD_PSQ));
    FILE *f = tmpfile();
    assert_false(record_write(f, &g, RECORD_PSQ));
    fclose(f);
    assert_false(record_save("/tmp/mnk-test-set-up.psq", &g, err, sizeof err));
    assert_non_null(strstr(err, ".sgf"));
}

/* Root properties kept beside the game: put escapes, get unescapes and
 * walks property by property (a name quoted inside a comment is not one),
 * and both survive a record's write and read. */
static void test_extra_properties(void **state)
{
    (void)state;
    static struct record_extra extra, again;
    static struct game g;
    char buf[64], err[256];
    memset(&extra, 0, sizeof extra);
    assert_true(record_extra_put(&extra, "GC", "says MNKX[fake] here"));
    assert_true(record_extra_put(&extra, "MNKX", "a]b\\c"));
    assert_true(record_extra_get(&extra, "MNKX", buf, sizeof buf));
    assert_string_equal(buf, "a]b\\c");
    assert_true(record_extra_get(&extra, "GC", buf, sizeof buf));
    assert_string_equal(buf, "says MNKX[fake] here");
    assert_false(record_extra_get(&extra, "MNK", buf, sizeof buf));
    assert_false(record_extra_get(&extra, "DT", buf, sizeof buf));
    /* Cut to fit. */
    assert_true(record_extra_get(&extra, "GC", buf, 5));
    assert_string_equal(buf, "says");
    /* Through a record written and read back. */
    struct game_config c;
    game_config_default(&c);
    assert_null(game_init(&g, &c));
    assert_int_equal(game_play(&g, 112), GAME_OK);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    struct record_notes notes = { .root_props = extra.root };
    assert_true(record_write_notes(out, &g, &notes));
    fclose(out);
    assert_true(record_parse_extra(text, len, RECORD_SGF, &g, &again, err, sizeof err));
    free(text);
    assert_true(record_extra_get(&again, "MNKX", buf, sizeof buf));
    assert_string_equal(buf, "a]b\\c");
    /* A value that does not fit leaves the root as it was. */
    static char big[RECORD_EXTRA_MAX];
    memset(big, 'x', sizeof big - 1);
    size_t before = strlen(extra.root);
    assert_false(record_extra_put(&extra, "BIG", big));
    assert_int_equal(strlen(extra.root), before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_up_round_trip),
        cmocka_unit_test(test_sgf_round_trip),
        cmocka_unit_test(test_extra_properties),
        cmocka_unit_test(test_agreed_draw_round_trip),
        cmocka_unit_test(test_clock_round_trip),
        cmocka_unit_test(test_clock_properties_written),
        cmocka_unit_test(test_other_programs_clock),
        cmocka_unit_test(test_bad_clock_dropped),
        cmocka_unit_test(test_opening_round_trip),
        cmocka_unit_test(test_hint_in_record),
        cmocka_unit_test(test_psq_keeps_k_and_rule),
        cmocka_unit_test(test_psq_line_endings),
        cmocka_unit_test(test_sgf_bom_nesting_and_values),
        cmocka_unit_test(test_sgf_rule_names),
        cmocka_unit_test(test_rule_survives_conversion),
        cmocka_unit_test(test_sgf_keeps_root_properties),
        cmocka_unit_test(test_load_refuses_non_files),
        cmocka_unit_test(test_save_reason_whole),
        cmocka_unit_test(test_psq_round_trip),
        cmocka_unit_test(test_sgf_main_line_and_extras),
        cmocka_unit_test(test_refusals_leave_game_untouched),
        cmocka_unit_test(test_reasons_are_printable),
        cmocka_unit_test(test_formats_by_name),
        cmocka_unit_test(test_record_players_never_run),
        cmocka_unit_test(test_record_player_names),
        cmocka_unit_test(test_engine_player_written_as_label),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
