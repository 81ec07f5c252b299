/* offer.c — a request between the two sides; see offer.h. */
#include "play/offer.h"

#include <assert.h>

#include "mnk/opening.h"

void offer_clear(struct offer *o)
{
    *o = (struct offer){ .kind = OFFER_NONE, .from = STONE_NONE };
}

bool offer_pending(const struct offer *o, const struct game *g)
{
    return o->kind != OFFER_NONE && !game_over(g) && o->ply == g->ply &&
           o->choices == g->choices;
}

/* The first ply of the game proper: 0 without an opening rule, the ply of
 * the last choice once the opening is done, -1 while it goes on. */
static int opening_end(const struct game *g)
{
    if (g->config.opening == OPENING_NONE)
        return 0;
    if (game_opening_step(g) != OPENING_DONE || g->choices == 0)
        return -1;
    return opening_choice_ply(g->choices - 1);
}

int offer_takeback_ply(const struct game *g, enum stone from)
{
    int start = opening_end(g);
    if (game_over(g) || start < 0 || (from != STONE_BLACK && from != STONE_WHITE))
        return -1;
    /* Black's moves are the even plies. */
    int parity = from == STONE_BLACK ? 0 : 1;
    for (int i = g->ply - 1; i >= start; i--)
        if (i % 2 == parity)
            return i;
    return -1;
}

enum offer_error offer_make(struct offer *o, const struct game *g, enum offer_kind kind,
                            enum stone from)
{
    if ((kind != OFFER_DRAW && kind != OFFER_TAKEBACK) ||
        (from != STONE_BLACK && from != STONE_WHITE))
        return OFFER_ERR_KIND;
    if (game_over(g))
        return OFFER_ERR_OVER;
    if (offer_pending(o, g))
        return OFFER_ERR_PENDING;
    if (kind == OFFER_TAKEBACK && offer_takeback_ply(g, from) < 0)
        return OFFER_ERR_NOTHING;
    *o = (struct offer){ .kind = kind, .from = from, .ply = g->ply, .choices = g->choices };
    return OFFER_OK;
}

enum offer_error offer_answer(struct offer *o, struct game *g, enum stone by, bool accept)
{
    if (!offer_pending(o, g)) {
        offer_clear(o);
        return OFFER_ERR_NONE;
    }
    if (by != stone_other(o->from))
        return OFFER_ERR_OWN;
    struct offer asked = *o;
    offer_clear(o);
    if (!accept)
        return OFFER_OK;
    if (asked.kind == OFFER_DRAW) {
        game_agree_draw(g);
        return OFFER_OK;
    }
    /* The game is as it was when asked, so the move is still there. */
    int back_to = offer_takeback_ply(g, asked.from);
    assert(back_to >= 0);
    while (g->ply > back_to && game_undo(g))
        ;
    return OFFER_OK;
}
