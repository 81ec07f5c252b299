/* fuzz_record.c — fuzz target: the record reader (record_parse), SGF and PSQ,
 * and the analysis read from it (annotate_parse).
 *
 * The first byte picks the format, the rest is the file. Checked: a refused
 * record leaves the game untouched with a one-line reason free of control
 * bytes and of broken UTF-8 (the file's own bytes come out escaped); an
 * accepted one is a legal game, and writing it back and reading that again
 * gives the same moves, board, win length and rule. The analysis read with
 * it judges no more moves than the game has, each better move a cell of the
 * board free before its move, each score within a win's, and written with
 * the game and read again it is the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "play/annotate.h"
#include "storage/record.h"

/* The analysis the SGF text carries, as annotate_parse reads it for the
 * game g that record_parse read: consistent, and the same once written and
 * read again. */
static void check_analysis(const char *text, size_t len, const struct game *g)
{
    static struct game ga, gb;
    static struct analysis a, b;
    static struct record_extra extra;
    static struct annotate_texts texts;
    char err[128];
    FUZZ_CHECK(annotate_parse(text, len, RECORD_SGF, &ga, &extra, &a, err, sizeof err),
               "annotate_parse refused what record_parse read: %s", err);
    FUZZ_CHECK(ga.ply == g->ply, "annotate_parse read %d moves, record_parse %d", ga.ply, g->ply);
    FUZZ_CHECK(a.moves >= 0 && a.moves <= ga.ply, "%d moves judged of %d", a.moves, ga.ply);
    FUZZ_CHECK(a.complete == (a.moves > 0 && a.moves == ga.ply), "complete %d with %d of %d",
               a.complete, a.moves, ga.ply);
    for (int i = 0; i < a.moves; i++) {
        const struct analysis_move *m = &a.move[i];
        FUZZ_CHECK(m->move == ga.moves[i], "move %d is not the game's", i);
        FUZZ_CHECK(m->before >= -AI_SCORE_WIN && m->before <= AI_SCORE_WIN &&
                       m->after >= -AI_SCORE_WIN && m->after <= AI_SCORE_WIN,
                   "move %d scores %d, %d", i, m->before, m->after);
        FUZZ_CHECK(m->mark == analysis_judge(m->before, m->after), "move %d misjudged", i);
        if (m->best < 0)
            continue;
        FUZZ_CHECK(m->best < board_cells(&ga.board), "move %d: better move %d", i, m->best);
        for (int j = 0; j < i; j++)
            FUZZ_CHECK(ga.moves[j] != m->best, "move %d: the better move was taken", i);
    }
    if (a.moves == 0)
        return;
    struct record_notes notes;
    annotate_notes(&ga, &a, extra.root, &texts, &notes);
    char *buf = NULL;
    size_t buf_len = 0;
    FILE *f = open_memstream(&buf, &buf_len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    FUZZ_CHECK(record_write_notes(f, &ga, &notes), "the analysed game could not be written");
    fclose(f);
    FUZZ_CHECK(annotate_parse(buf, buf_len, RECORD_SGF, &gb, NULL, &b, err, sizeof err),
               "the analysed record was refused: %s\n%s", err, buf);
    FUZZ_CHECK(b.moves == a.moves && b.complete == a.complete && b.decided == a.decided &&
                   b.final_score == a.final_score,
               "the analysis changed on the way back:\n%s", buf);
    for (int i = 0; i < a.moves; i++)
        FUZZ_CHECK(memcmp(&a.move[i], &b.move[i], sizeof a.move[i]) == 0,
                   "move %d of the analysis changed on the way back:\n%s", i, buf);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    enum record_format fmt = data[0] & 1 ? RECORD_PSQ : RECORD_SGF;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    static struct game g, before, back; /* large: not on the stack */
    memset(&g, 0x33, sizeof g);
    before = g;
    char err[128] = "";
    if (!record_parse(text, len, fmt, &g, err, sizeof err)) {
        FUZZ_CHECK(memcmp(&g, &before, sizeof g) == 0, "refused, yet the game changed");
        FUZZ_CHECK(err[0] != '\0' && memchr(err, '\0', sizeof err) != NULL,
                   "refused without a reason");
        for (const unsigned char *p = (const unsigned char *)err; *p != '\0'; p++) {
            FUZZ_CHECK(*p >= 0x20 && *p != 0x7f, "byte 0x%02x in the reason", *p);
            if (*p < 0x80)
                continue;
            /* A whole UTF-8 sequence, never a stray byte. */
            int n = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : *p >= 0xc2 ? 2 : 0;
            FUZZ_CHECK(n > 0, "stray byte 0x%02x in the reason", *p);
            for (int i = 1; i < n; i++)
                FUZZ_CHECK((p[i] & 0xc0) == 0x80, "broken UTF-8 in the reason");
            p += n - 1;
        }
        return 0;
    }
    FUZZ_CHECK(board_check_size(g.board.width, g.board.height, g.board.win) == NULL,
               "accepted a %dx%d board with k=%d", g.board.width, g.board.height, g.board.win);
    FUZZ_CHECK(g.ply >= 0 && g.ply <= board_cells(&g.board), "ply %d", g.ply);
    FUZZ_CHECK(g.board.stones == g.ply, "%d stones after %d moves", g.board.stones, g.ply);

    char *buf = NULL;
    size_t buf_len = 0;
    FILE *f = open_memstream(&buf, &buf_len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    FUZZ_CHECK(record_write(f, &g, fmt), "an accepted game could not be written");
    fclose(f);
    bool again = record_parse(buf, buf_len, fmt, &back, err, sizeof err);
    FUZZ_CHECK(again, "the written record was refused: %s\n%s", err, buf);
    FUZZ_CHECK(back.ply == g.ply && memcmp(back.moves, g.moves, sizeof(int) * (size_t)g.ply) == 0,
               "the moves changed on the way back:\n%s", buf);
    FUZZ_CHECK(back.board.width == g.board.width && back.board.height == g.board.height &&
                   back.board.win == g.board.win && back.board.rule == g.board.rule,
               "the board changed on the way back:\n%s", buf);
    free(buf);
    if (fmt == RECORD_SGF)
        check_analysis(text, len, &g);
    return 0;
}
