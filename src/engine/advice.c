/* advice.c — moves and scores in words; see advice.h. */
#include "engine/advice.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/position.h"
#include "engine/shapes.h"
#include "engine/tss.h"
#include "mnk/i18n.h"

#define VCF_BYTES ((size_t)1 << 20)
#define VCF_NODES 200000
#define VCF_DEPTH 30


struct advice_work {
    struct shapes shapes;
    struct pattern_table pt;
    struct tss tss;
    struct position pos;
};

bool advice_init(struct advice *a)
{
    a->work = calloc(1, sizeof *a->work);
    if (a->work == NULL)
        return false;
    if (!shapes_init(&a->work->shapes) || !tss_init(&a->work->tss, VCF_BYTES)) {
        advice_free(a);
        return false;
    }
    return true;
}

void advice_free(struct advice *a)
{
    if (a->work != NULL) {
        shapes_free(&a->work->shapes);
        tss_free(&a->work->tss);
        pattern_free(&a->work->pt);
    }
    free(a->work);
    a->work = NULL;
}

double advice_expected(int score)
{
    if (score >= AI_SCORE_WIN_BOUND)
        return 1.0;
    if (score <= -AI_SCORE_WIN_BOUND)
        return 0.0;
    return 1.0 / (1.0 + exp(-(double)score / ADVICE_SCALE));
}

enum advice_edge advice_edge(int score)
{
    int mag = score >= 0 ? score : -score;
    if (mag >= AI_SCORE_WIN_BOUND)
        return ADVICE_FORCED;
    double edge = advice_expected(mag) - 0.5;
    return edge >= ADVICE_BLUNDER_FROM      ? ADVICE_LARGE
           : edge >= ADVICE_MISTAKE_FROM    ? ADVICE_CLEAR
           : edge >= ADVICE_INACCURACY_FROM ? ADVICE_SLIGHT
                                            : ADVICE_EVEN;
}

void advice_score_words(int score, enum stone side, char *buf, size_t size)
{
    bool b = (score >= 0 ? side : stone_other(side)) == STONE_BLACK; /* ahead */
    int mag = score >= 0 ? score : -score;
    if (mag >= AI_SCORE_WIN - BOARD_MAX_CELLS) {
        int plies = AI_SCORE_WIN - mag;
        if (plies <= 0)
            snprintf(buf, size, "%s", b ? _("Black wins by force") : _("White wins by force"));
        else
            snprintf(buf, size,
                     b ? ngettext("Black wins in %d move", "Black wins in %d moves",
                                  (unsigned long)((plies + 1) / 2))
                       : ngettext("White wins in %d move", "White wins in %d moves",
                                  (unsigned long)((plies + 1) / 2)),
                     (plies + 1) / 2);
    } else {
        /* The review's words on the review's scale (advice_edge). */
        enum advice_edge e = advice_edge(mag);
        snprintf(buf, size, "%s",
                 e == ADVICE_EVEN     ? _("even")
                 : e == ADVICE_SLIGHT ? (b ? _("Black slightly better") : _("White slightly better"))
                 : e == ADVICE_CLEAR  ? (b ? _("Black better") : _("White better"))
                                      : (b ? _("Black much better") : _("White much better")));
    }
}

/* True when `side` wins on b by continuous fours (b with the move not yet
 * played). */
static bool wins_by_fours(struct advice_work *w, const struct board *b, enum stone side)
{
    if (!pattern_prepare(&w->pt, b->win, b->rule))
        return false;
    position_init(&w->pos, &w->pt, b);
    tss_clear(&w->tss);
    w->tss.deadline_ms = 0;
    w->tss.stop = NULL;
    int move;
    return tss_solve(&w->tss, &w->pos, side, false, VCF_DEPTH, VCF_NODES, &move);
}

void advice_explain(struct advice *a, const struct board *b, enum stone side, int move,
                    const struct ai_info *info, char *buf, size_t size)
{
    struct advice_work *w = a->work;
    int me = side == STONE_BLACK ? 0 : 1, op = 1 - me;
    bool them_black = side == STONE_WHITE;
    buf[0] = '\0';
    if (w == NULL || !shapes_find(&w->shapes, b))
        return;
    const struct shapes *s = &w->shapes;
    enum shape mine = (enum shape)s->cell[me][move], theirs = (enum shape)s->cell[op][move];
    int score = info != NULL ? info->score : 0;
    bool won = info != NULL && score >= AI_SCORE_WIN - BOARD_MAX_CELLS;
    if (mine == SHAPE_FIVE) {
        snprintf(buf, size, _("wins: %d in a row"), b->win);
    } else if (theirs == SHAPE_FIVE) {
        snprintf(buf, size, "%s", them_black ? _("blocks Black's four") : _("blocks White's four"));
    } else if (won) {
        int plies = AI_SCORE_WIN - score;
        bool vcf = (mine == SHAPE_FOUR || mine == SHAPE_OPEN4) && wins_by_fours(w, b, side);
        /* TRANSLATORS: said after a winning line, when continuous fours
           alone win (victory by continuous fours). */
        const char *by_fours = vcf ? _(" (VCF)") : "";
        if (plies <= 0 || plies >= BOARD_MAX_CELLS)
            snprintf(buf, size, _("wins by force%s"), by_fours);
        else if (b->win == 5)
            snprintf(buf, size, _("wins: five in %d moves%s"), (plies + 1) / 2, by_fours);
        else
            snprintf(buf, size, _("wins: %d in a row in %d moves%s"), b->win, (plies + 1) / 2,
                     by_fours);
    } else if (mine == SHAPE_OPEN4) {
        snprintf(buf, size, "%s", _("makes an open four: it wins next move"));
    } else if (theirs == SHAPE_OPEN4) {
        snprintf(buf, size, "%s",
                 them_black ? _("blocks Black's open three") : _("blocks White's open three"));
    } else if (info != NULL && info->depth > 0) {
        char words[48];
        advice_score_words(score, side, words, sizeof words);
        snprintf(buf, size, _("best by search, depth %d, %s"), info->depth, words);
    } else {
        snprintf(buf, size, "%s", _("best by search"));
    }
}
