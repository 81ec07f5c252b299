/* shapes.c — the threats on a board, for people; see shapes.h. */
#include "engine/shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "mnk/notation.h"
#include "mnk/i18n.h"

struct shapes_work {
    struct pattern_table pt;
    struct position pos;
};

bool shapes_init(struct shapes *s)
{
    memset(s, 0, sizeof *s);
    s->work = calloc(1, sizeof *s->work);
    return s->work != NULL;
}

void shapes_free(struct shapes *s)
{
    if (s->work != NULL)
        pattern_free(&s->work->pt);
    free(s->work);
    memset(s, 0, sizeof *s);
}

static enum shape shape_of(enum combo c)
{
    switch (c) {
    case COMBO_5:
        return SHAPE_FIVE;
    case COMBO_F4:
        return SHAPE_OPEN4;
    case COMBO_4:
    case COMBO_43:
        return SHAPE_FOUR;
    case COMBO_F3:
    case COMBO_33:
        return SHAPE_OPEN3;
    default:
        return SHAPE_NONE;
    }
}

bool shapes_find(struct shapes *s, const struct board *b)
{
    memset(s->cell, 0, sizeof s->cell);
    memset(s->count, 0, sizeof s->count);
    memset(s->stops_three, 0, sizeof s->stops_three);
    s->one_block[0] = s->one_block[1] = true;
    struct shapes_work *w = s->work;
    if (w == NULL)
        return false;
    if (!pattern_prepare(&w->pt, b->win, b->rule))
        return false;
    position_init(&w->pos, &w->pt, b);
    for (int q = 0; q < board_cells(b); q++) {
        if (board_at(b, q) != STONE_NONE)
            continue;
        for (int side = 0; side < 2; side++) {
            enum shape sh = shape_of(position_combo(&w->pos, side, q));
            /* What every cell near a stone makes is noise, not a threat:
             * on tic-tac-toe a four (two in a line), with k = 4 an open
             * three (two in a row: 14 marks after two stones on 7×7). */
            if ((b->win <= 3 && sh < SHAPE_OPEN4) || (b->win == 4 && sh == SHAPE_OPEN3))
                sh = SHAPE_NONE;
            s->cell[side][q] = (uint8_t)sh;
            s->count[side][sh]++;
        }
    }
    for (int side = 0; side < 2; side++) {
        if (!rule_info(b->rule)->blocked_ends) {
            /* A five is stopped on its cell alone; the cells where the side
             * would make an open four stop its open three. */
            s->one_block[side] = s->count[side][SHAPE_FIVE] <= 1;
            for (int q = 0; q < board_cells(b); q++)
                s->stops_three[side][q] = s->cell[side][q] == SHAPE_OPEN4;
            continue;
        }
        int blocks[2];
        if (s->count[side][SHAPE_FIVE] > 0)
            s->one_block[side] = position_caro_blocks(&w->pos, 1 - side, blocks) > 0;
        if (s->count[side][SHAPE_OPEN4] > 0) {
            struct cellset stops;
            position_stoppers(&w->pos, 1 - side, COMBO_F4, &stops);
            for (int q = 0; q < board_cells(b); q++)
                s->stops_three[side][q] = cellset_has(&stops, q);
        }
    }
    return true;
}

/* The number n as a word ("four"), or in digits past ten. */
static const char *count_word(int n, char *buf, size_t size)
{
    static const char *const words[] = {
        N_("none"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
        N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
    };
    if (n >= 0 && n <= 10)
        return _(words[n]);
    snprintf(buf, size, "%d", n);
    return buf;
}

/* The name of what a stone makes with shape sh on a k board. */
static void shape_name(enum shape sh, int k, char *buf, size_t size)
{
    char n[12];
    switch (sh) {
    case SHAPE_FIVE:
        /* Not the count word "five": a language may name the shape apart
         * from the number (Chinese 连五 against 五). */
        if (k == 5)
            snprintf(buf, size, "%s", _("a five"));
        else
            snprintf(buf, size, _("%s in a row"), count_word(k, n, sizeof n));
        break;
    case SHAPE_OPEN4:
        if (k <= 3)
            snprintf(buf, size, "%s", _("a double threat"));
        else if (k == 5)
            snprintf(buf, size, "%s", _("an open four"));
        else
            snprintf(buf, size, _("an open %s"), count_word(k - 1, n, sizeof n));
        break;
    case SHAPE_FOUR:
        if (k == 5)
            snprintf(buf, size, "%s", _("a four"));
        else
            snprintf(buf, size, _("a %s"), count_word(k - 1, n, sizeof n));
        break;
    default:
        if (k == 5)
            snprintf(buf, size, "%s", _("an open three"));
        else
            snprintf(buf, size, _("an open %s"), count_word(k - 2, n, sizeof n));
        break;
    }
}

/* The first three cells q where mark[q] is `want`, as "f9", "f9 and g9" or
 * "f9, g9 and h9"; `sep` joins the last two ("and", "or"). */
static void cells_text(const uint8_t *mark, int want, const struct board *b, const char *sep,
                       char *buf, size_t size)
{
    int found[3], n = 0;
    for (int q = 0; q < board_cells(b) && n < 3; q++)
        if (mark[q] == want)
            found[n++] = q;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[NOTATION_MAX];
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", i == 0 ? "" : i == n - 1 ? sep : _(", "),
                 notation_format(b, found[i], name));
    }
}

void shapes_describe(const struct shapes *s, const struct board *b, enum stone to_move,
                     char *buf, size_t size)
{
    int me = to_move == STONE_BLACK ? 0 : 1, op = 1 - me;
    char what[32], where[40];
    buf[0] = '\0';
    if (s->count[me][SHAPE_FIVE] > 0) {
        shape_name(SHAPE_FIVE, b->win, what, sizeof what);
        cells_text(s->cell[me], SHAPE_FIVE, b, _(" or "), where, sizeof where);
        snprintf(buf, size, me ? _("White can make %s at %s") : _("Black can make %s at %s"),
                 what, where);
    } else if (s->count[op][SHAPE_FIVE] > 0) {
        shape_name(SHAPE_FIVE, b->win, what, sizeof what);
        cells_text(s->cell[op], SHAPE_FIVE, b, _(" and "), where, sizeof where);
        snprintf(buf, size, me ? _("Black threatens %s at %s%s") : _("White threatens %s at %s%s"),
                 what, where,
                 !s->one_block[op] ? _(" (only one can be blocked)") : "");
    } else if (s->count[me][SHAPE_OPEN4] > 0) {
        shape_name(SHAPE_OPEN4, b->win, what, sizeof what);
        cells_text(s->cell[me], SHAPE_OPEN4, b, _(" or "), where, sizeof where);
        snprintf(buf, size, me ? _("White can make %s at %s") : _("Black can make %s at %s"),
                 what, where);
    } else if (s->count[op][SHAPE_OPEN4] > 0 && b->win <= 3) {
        /* On tic-tac-toe the opponent's double threat is stopped by taking
         * its cell (or by a threat of one's own, which the player sees). */
        shape_name(SHAPE_OPEN4, b->win, what, sizeof what);
        cells_text(s->cell[op], SHAPE_OPEN4, b, _(" or "), where, sizeof where);
        snprintf(buf, size,
                 me ? _("Black can make %s at %s: take it first")
                    : _("White can make %s at %s: take it first"),
                 what, where);
    } else if (s->count[op][SHAPE_OPEN4] > 0) {
        /* The cells that stop its open three (with none, where it makes
         * the open four). */
        shape_name(SHAPE_OPEN3, b->win, what, sizeof what);
        bool stoppable = false;
        for (int q = 0; q < board_cells(b) && !stoppable; q++)
            stoppable = s->stops_three[op][q];
        if (stoppable)
            cells_text(s->stops_three[op], 1, b, _(" or "), where, sizeof where);
        else
            cells_text(s->cell[op], SHAPE_OPEN4, b, _(" or "), where, sizeof where);
        snprintf(buf, size, me ? _("Black has %s: block at %s") : _("White has %s: block at %s"),
                 what, where);
    }
}
