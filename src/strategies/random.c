/* random.c — the `random` strategy: a uniformly random empty cell.
 *
 * The first computer of every tutorial, kept as the gentlest opponent. Its
 * choices follow the seed it was created with, so games are reproducible. */
#include <stdlib.h>

#include "mnk/ai.h"
#include "mnk/rng.h"

struct random_state {
    struct rng rng;
};

static void *random_create(const struct ai_options *opts)
{
    struct random_state *s = malloc(sizeof *s);
    if (s != NULL)
        rng_seed(&s->rng, opts->seed);
    return s;
}

static void random_destroy(void *state)
{
    free(state);
}

static int random_choose(void *state, const struct board *b, enum stone side,
                         const struct ai_limits *limits)
{
    struct random_state *s = state;
    (void)side;
    (void)limits;
    /* The k-th empty cell, k uniform over the empties. */
    int empty = board_cells(b) - b->stones;
    int k = (int)rng_below(&s->rng, (uint32_t)empty);
    for (int pos = 0; pos < board_cells(b); pos++)
        if (board_at(b, pos) == STONE_NONE && k-- == 0)
            return pos;
    return -1; /* unreachable on a board that is not full */
}

const struct ai_strategy ai_random = {
    .name = "random",
    .summary = "plays a random empty cell",
    .create = random_create,
    .destroy = random_destroy,
    .choose = random_choose,
};
