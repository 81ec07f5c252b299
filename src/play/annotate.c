/* annotate.c — an analysis written into the record; see annotate.h. */
#include "play/annotate.h"

#include <stdio.h>
#include <string.h>

#include "mnk/notation.h"

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

/* The comment and annotations of move i. */
static void note_move(const struct game *g, const struct analysis *a, int i, char *comment,
                      char *props)
{
    const struct analysis_move *m = &a->move[i];
    char cell[NOTATION_MAX], best[NOTATION_MAX], before[16], after[16], words[64];
    notation_format(&g->board, m->move, cell);
    analysis_score_text(black_view(m, m->before), before, sizeof before);
    analysis_score_text(black_view(m, m->after), after, sizeof after);
    analysis_score_words(black_view(m, m->after), false, words, sizeof words);
    int n = snprintf(comment, ANNOTATE_COMMENT_MAX, "%d. %s %s: evaluation %s -> %s (%s).",
                     i + 1, stone_name(m->side), cell, before, after, words);
    if (m->mark != ANALYSIS_NONE && n > 0 && n < ANNOTATE_COMMENT_MAX) {
        const char *text = analysis_mark_text(m->mark);
        n += snprintf(comment + n, ANNOTATE_COMMENT_MAX - (size_t)n, " %c%s",
                      text[0] - 'a' + 'A', text + 1);
        if (m->best >= 0 && m->best != m->move && n > 0 && n < ANNOTATE_COMMENT_MAX)
            snprintf(comment + n, ANNOTATE_COMMENT_MAX - (size_t)n, "; better %s.",
                     notation_format(&g->board, m->best, best));
        else if (n > 0 && n < ANNOTATE_COMMENT_MAX)
            snprintf(comment + n, ANNOTATE_COMMENT_MAX - (size_t)n, ".");
    }

    props[0] = '\0';
    size_t used = 0;
    switch (m->mark) {
    case ANALYSIS_INACCURACY:
        used += (size_t)snprintf(props + used, ANNOTATE_PROPS_MAX - used, "DO[]");
        break;
    case ANALYSIS_MISTAKE:
        used += (size_t)snprintf(props + used, ANNOTATE_PROPS_MAX - used, "BM[1]");
        break;
    case ANALYSIS_BLUNDER:
    case ANALYSIS_MISSED_WIN:
    case ANALYSIS_ALLOWS_LOSS:
        used += (size_t)snprintf(props + used, ANNOTATE_PROPS_MAX - used, "BM[2]");
        break;
    case ANALYSIS_NONE: {
        /* The first move of a forced win the mover keeps to the end. */
        bool starts = analysis_is_win(m->after) &&
                      (i < 2 || !analysis_is_win(a->move[i - 2].after));
        if (starts && i + 1 < a->moves)
            used += (size_t)snprintf(props + used, ANNOTATE_PROPS_MAX - used, "TE[1]");
        break;
    }
    }
    int black = black_view(m, m->after);
    int mag = black >= 0 ? black : -black;
    double e = analysis_expected(mag);
    if (analysis_is_win(mag))
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "%s[2]", black > 0 ? "GB" : "GW");
    else if (e >= 0.85)
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "%s[1]", black > 0 ? "GB" : "GW");
    else if (e < 0.55)
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "DM[1]");
}

void annotate_summary(const struct game *g, const struct analysis *a, char *buf, size_t size)
{
    struct analysis_tally t[2];
    analysis_tally(a, t);
    char decided[128] = "";
    if (a->decided >= 0) {
        const struct analysis_move *m = &a->move[a->decided];
        char cell[NOTATION_MAX];
        snprintf(decided, sizeof decided, " The game was decided by move %d, %s %s.",
                 a->decided + 1, stone_name(m->side),
                 notation_format(&g->board, m->move, cell));
    }
    snprintf(buf, size,
             "Analysed by mnk. Black: %d inaccuracies, %d mistakes, %d blunders. "
             "White: %d inaccuracies, %d mistakes, %d blunders.%s",
             t[0].inaccuracies, t[0].mistakes, t[0].blunders, t[1].inaccuracies,
             t[1].mistakes, t[1].blunders, decided);
}

void annotate_notes(const struct game *g, const struct analysis *a, const char *root_props,
                    struct annotate_texts *t, struct record_notes *out)
{
    for (int i = 0; i < a->moves; i++) {
        note_move(g, a, i, t->comment[i], t->props[i]);
        t->note[i].comment = t->comment[i];
        t->note[i].props = t->props[i];
    }
    /* Moves not judged (an analysis stopped early) get no note. */
    for (int i = a->moves; i < g->ply; i++)
        t->note[i] = (struct record_note){ NULL, NULL };
    annotate_summary(g, a, t->summary, sizeof t->summary);
    *out = (struct record_notes){ .root_props = root_props, .root_comment = t->summary,
                                  .move = t->note };
}
