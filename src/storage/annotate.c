/* annotate.c — an analysis written into the record; see annotate.h. */
#include "storage/annotate.h"

#include <stdio.h>
#include <string.h>

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

/* The comment and annotations of move i. */
static void note_move(const struct game *g, const struct analysis *a, int i, char *comment,
                      char *props)
{
    const struct analysis_move *m = &a->move[i];
    struct analysis_line line;
    analysis_line(g, a, i, false, "->", &line);
    analysis_line_join(&line, false, comment, ANNOTATE_COMMENT_MAX - 1);
    strcat(comment, ".");

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
    /* The words' scale: much better is GB/GW[1], even DM[1]. */
    int black = black_view(m, m->after);
    enum analysis_edge edge = analysis_edge(black);
    if (edge == ANALYSIS_FORCED)
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "%s[2]", black > 0 ? "GB" : "GW");
    else if (edge == ANALYSIS_LARGE)
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "%s[1]", black > 0 ? "GB" : "GW");
    else if (edge == ANALYSIS_EVEN)
        snprintf(props + used, ANNOTATE_PROPS_MAX - used, "DM[1]");
}

void annotate_summary(const struct game *g, const struct analysis *a, char *buf, size_t size)
{
    char summary[ANNOTATE_SUMMARY_MAX];
    analysis_summary(g, a, false, summary, sizeof summary);
    snprintf(buf, size, "Analysed by mnk. %s", summary);
}

void annotate_notes(const struct game *g, const struct analysis *a, const char *root_props,
                    struct annotate_texts *t, struct record_notes *out)
{
    for (int i = 0; i < a->moves; i++) {
        note_move(g, a, i, t->comment[i], t->props[i]);
        t->note[i].comment = t->comment[i];
        t->note[i].props = t->props[i];
        t->note[i].says_hint = true;   /* the line says "(hint)" */
    }
    /* Moves not judged (an analysis stopped early) get no note. */
    for (int i = a->moves; i < g->ply; i++)
        t->note[i] = (struct record_note){ NULL, NULL, false };
    annotate_summary(g, a, t->summary, sizeof t->summary);
    *out = (struct record_notes){ .root_props = root_props, .root_comment = t->summary,
                                  .move = t->note };
}
