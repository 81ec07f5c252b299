/* registry.c — the table of strategies and the generic player calls; see ai.h. */
#include "mnk/ai.h"
#include "mnk/rules.h"

#include <stdio.h>
#include <string.h>

extern const struct ai_strategy ai_random;
extern const struct ai_strategy ai_novice;
extern const struct ai_strategy ai_tutorial;
extern const struct ai_strategy ai_threat;
extern const struct ai_strategy ai_perfect;
extern const struct ai_strategy ai_search;

const struct ai_strategy *const ai_strategies[] = {
    &ai_random,
    &ai_novice,
    &ai_tutorial,
    &ai_threat,
    &ai_perfect,
    &ai_search,
    NULL,
};

const struct ai_strategy *ai_strategy_find(const char *name)
{
    for (int i = 0; ai_strategies[i] != NULL; i++)
        if (strcmp(ai_strategies[i]->name, name) == 0)
            return ai_strategies[i];
    return NULL;
}

void ai_strategy_names(char *buf, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; ai_strategies[i] != NULL && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
                         ai_strategies[i]->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

bool ai_strategy_plays(const struct ai_strategy *s, enum rule rule)
{
    return s->plays == NULL || s->plays(rule);
}

bool ai_create(struct ai *ai, const char *name, const struct ai_options *opts)
{
    static const struct ai_options defaults = { 0 };
    memset(ai, 0, sizeof *ai);
    const struct ai_strategy *s = ai_strategy_find(name);
    if (s == NULL)
        return false;
    void *state = s->create(opts != NULL ? opts : &defaults);
    if (state == NULL)
        return false;
    ai->strategy = s;
    ai->state = state;
    ai->seed = opts != NULL ? opts->seed : 0;
    return true;
}

int ai_choose(struct ai *ai, const struct board *b, enum stone side,
              const struct ai_limits *limits)
{
    static const struct ai_limits none = { 0 };
    /* The one answer for every strategy, so that none has to invent a move
     * where there is none (the first empty cell would be forbidden). */
    if (!rules_has_legal_move(b, side))
        return AI_NO_LEGAL_MOVE;
    return ai->strategy->choose(ai->state, b, side, limits != NULL ? limits : &none);
}

void ai_reset(struct ai *ai)
{
    if (ai->strategy != NULL && ai->strategy->reset != NULL)
        ai->strategy->reset(ai->state);
}

void ai_prepare(struct ai *ai, const struct board *b)
{
    if (ai->strategy != NULL && ai->strategy->prepare != NULL)
        ai->strategy->prepare(ai->state, b);
}

bool ai_resize(struct ai *ai, size_t bytes)
{
    return ai->strategy != NULL && ai->strategy->resize != NULL &&
           ai->strategy->resize(ai->state, bytes);
}

size_t ai_table_bytes(const struct ai *ai)
{
    if (ai->strategy == NULL || ai->strategy->table_bytes == NULL)
        return 0;
    return ai->strategy->table_bytes(ai->state);
}

bool ai_can_ponder(const struct ai *ai)
{
    return ai->strategy != NULL && ai->strategy->ponder != NULL;
}

void ai_ponder(struct ai *ai, const struct board *b, enum stone side,
               const struct ai_limits *limits)
{
    if (ai_can_ponder(ai) && limits->stop != NULL)
        ai->strategy->ponder(ai->state, b, side, limits);
}

void ai_destroy(struct ai *ai)
{
    if (ai->strategy != NULL)
        ai->strategy->destroy(ai->state);
    memset(ai, 0, sizeof *ai);
}
