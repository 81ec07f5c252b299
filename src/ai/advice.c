/* advice.c — moves and scores in words; see advice.h. */
#include "ai/advice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/position.h"
#include "ai/shapes.h"
#include "ai/tss.h"

#define VCF_BYTES ((size_t)1 << 20)
#define VCF_NODES 200000
#define VCF_DEPTH 30

/* Score bands of "slightly better", "better", "much better": the search's
 * evaluation is the sum of the line-class weights (an open three is worth
 * about 50, an open four 200). */
#define EVEN_BELOW 60
#define SLIGHT_BELOW 250
#define BETTER_BELOW 800

struct advice_work {
    struct shapes shapes;
    struct pattern_table pt;
    bool have_pt;
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

static const char *name_of(enum stone s)
{
    return s == STONE_BLACK ? "Black" : "White";
}

void advice_score_words(int score, enum stone side, char *buf, size_t size)
{
    enum stone ahead = score >= 0 ? side : stone_other(side);
    int mag = score >= 0 ? score : -score;
    if (mag >= AI_SCORE_WIN - BOARD_MAX_CELLS) {
        int plies = AI_SCORE_WIN - mag;
        if (plies <= 0)
            snprintf(buf, size, "%s wins by force", name_of(ahead));
        else
            snprintf(buf, size, "%s wins in %d move%s", name_of(ahead), (plies + 1) / 2,
                     plies > 2 ? "s" : "");
    } else if (mag < EVEN_BELOW) {
        snprintf(buf, size, "even");
    } else {
        snprintf(buf, size, "%s %s", name_of(ahead),
                 mag < SLIGHT_BELOW ? "slightly better"
                 : mag < BETTER_BELOW ? "better" : "much better");
    }
}

/* True when `side` wins on b by continuous fours (b with the move not yet
 * played). */
static bool wins_by_fours(struct advice_work *w, const struct board *b, enum stone side)
{
    if (!w->have_pt || w->pt.win != b->win || w->pt.rule != b->rule) {
        pattern_free(&w->pt);
        w->have_pt = pattern_init(&w->pt, b->win, b->rule);
        if (!w->have_pt)
            return false;
    }
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
    const char *them = name_of(stone_other(side));
    buf[0] = '\0';
    if (w == NULL || !shapes_find(&w->shapes, b))
        return;
    const struct shapes *s = &w->shapes;
    enum shape mine = (enum shape)s->cell[me][move], theirs = (enum shape)s->cell[op][move];
    int score = info != NULL ? info->score : 0;
    bool won = info != NULL && score >= AI_SCORE_WIN - BOARD_MAX_CELLS;
    if (mine == SHAPE_FIVE) {
        snprintf(buf, size, "wins: %d in a row", b->win);
    } else if (theirs == SHAPE_FIVE) {
        snprintf(buf, size, "blocks %s's four", them);
    } else if (won) {
        int plies = AI_SCORE_WIN - score;
        bool vcf = (mine == SHAPE_FOUR || mine == SHAPE_OPEN4) && wins_by_fours(w, b, side);
        if (plies > 0 && plies < BOARD_MAX_CELLS)
            snprintf(buf, size, "wins: five in %d moves%s", (plies + 1) / 2,
                     vcf ? " (VCF)" : "");
        else
            snprintf(buf, size, "wins by force%s", vcf ? " (VCF)" : "");
        if (b->win != 5 && strncmp(buf, "wins: five", 10) == 0)
            snprintf(buf, size, "wins: %d in a row in %d moves%s", b->win, (plies + 1) / 2,
                     vcf ? " (VCF)" : "");
    } else if (mine == SHAPE_OPEN4) {
        snprintf(buf, size, "makes an open four: it wins next move");
    } else if (theirs == SHAPE_OPEN4) {
        snprintf(buf, size, "blocks %s's open three", them);
    } else if (info != NULL && info->depth > 0) {
        char words[48];
        advice_score_words(score, side, words, sizeof words);
        snprintf(buf, size, "best by search, depth %d, %s", info->depth, words);
    } else {
        snprintf(buf, size, "best by search");
    }
}
