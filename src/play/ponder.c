/* ponder.c — thinking on the opponent's time; see ponder.h. */
#include "play/ponder.h"

#include <string.h>

void ponder_init(struct ponder *p)
{
    memset(p, 0, sizeof *p);
    atomic_init(&p->stop, false);
}

static void *ponder_thread(void *arg)
{
    struct ponder *p = arg;
    ai_ponder(&p->ai, &p->board, p->side, &p->limits);
    return NULL;
}

void ponder_stop(struct ponder *p)
{
    if (!p->running)
        return;
    atomic_store(&p->stop, true);
    pthread_join(p->thread, NULL);
    p->running = false;
}

/* The computer that should ponder now, and its seat; NULL: none. */
static struct computer *ponderer(struct session *s, enum stone *seat)
{
    const struct game *g = &s->game;
    if (game_over(g) || s->paused || game_opening_step(g) != OPENING_DONE)
        return NULL;
    *seat = stone_other(game_actor(g));
    /* The seat's computer as it stands: session_computer() would budget
     * a move it is not asked for, at every call (the screen's every tick). */
    struct computer *c = &s->comp[*seat == STONE_BLACK ? 0 : 1];
    return session_is_computer(s, *seat) && c->ponder ? c : NULL;
}

void ponder_sync(struct ponder *p, struct session *s)
{
    enum stone seat = STONE_NONE;
    struct computer *c = ponderer(s, &seat);
    const struct board *b = &s->game.board;
    if (p->running && c != NULL && p->ai.state == c->ai.state && p->side == seat &&
        p->board.stones == b->stones && p->board.hash == b->hash)
        return;   /* the same position: it thinks on */
    ponder_stop(p);
    if (c == NULL)
        return;
    p->ai = c->ai;
    p->board = *b;
    p->side = seat;
    atomic_store(&p->stop, false);
    p->limits = (struct ai_limits){ .threads = c->limits.threads, .stop = &p->stop };
    p->running = pthread_create(&p->thread, NULL, ponder_thread, p) == 0;
}

bool ponder_running(const struct ponder *p, enum stone *seat)
{
    if (p->running && seat != NULL)
        *seat = p->side;
    return p->running;
}
