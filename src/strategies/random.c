/* random.c — the `random` strategy: a uniformly random empty cell.
 *
 * The first computer of every tutorial, kept as the gentlest opponent. Its
 * choices follow the seed it was created with, so games are reproducible. */
#include <stdlib.h>

#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

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
    (void)limits;
    /* The k-th cell it may play, k uniform over them (under renju Black's
     * forbidden cells are left out; ai_choose promises at least one). */
    int legal = 0;
    for (int pos = 0; pos < board_cells(b); pos++)
        legal += rules_legal(b, side, pos);
    int k = (int)rng_below(&s->rng, (uint32_t)legal);
    for (int pos = 0; pos < board_cells(b); pos++)
        if (rules_legal(b, side, pos) && k-- == 0)
            return pos;
    return -1; /* unreachable */
}

const struct ai_strategy ai_random = {
    .name = "random",
    .summary = "plays a random empty cell",
    .create = random_create,
    .destroy = random_destroy,
    .choose = random_choose,
};
