/* players.c — computer players from struct player; see players.h. */
#include "play/players.h"

#include <stdio.h>
#include <string.h>

#include "mnk/i18n.h"
#include "protocol/engine_client.h"

static bool is_engine(const char *name)
{
    return strncmp(name, PLAYER_ENGINE_PREFIX, strlen(PLAYER_ENGINE_PREFIX)) == 0;
}

/* A limit per move of `time_ms` (0: none, the strategy's other limits or
 * default rule), no clock. No pipe either: the search runs in process, and
 * an external engine is told its turn limit and keeps the pipe's margin
 * itself. */
static struct time_control per_move(int time_ms)
{
    struct time_control tc = timeman_no_limit();
    if (time_ms > 0)
        tc.turn_ms = time_ms;
    return tc;
}

bool players_create(struct computer *c, const struct player *p, bool quiet,
                    char *err, size_t errsize)
{
    memset(c, 0, sizeof *c);
    if (p->kind != PLAYER_COMPUTER) {
        snprintf(err, errsize, "a human player has no computer strategy");
        return false;
    }
    if (is_engine(p->spec)) {
        const char *command = p->spec + strlen(PLAYER_ENGINE_PREFIX);
        if (command[0] == '\0') {
            snprintf(err, errsize, "engine: needs a command after the colon");
            return false;
        }
        struct engine_client_options eo = {
            .time_ms = p->time_ms,
            .threads = p->threads,
            .quiet_stderr = quiet,
        };
        if (!engine_client_create(&c->ai, command, &eo, err, errsize))
            return false;
        c->limits.time_ms = p->time_ms;
        c->time = per_move(c->limits.time_ms);
        c->keeps_time = true;
        return true;
    }
    struct players_plan plan;
    if (!players_plan(p->spec, p->seed, &plan)) {
        char names[512];
        players_names(names, sizeof names);
        snprintf(err, errsize, "unknown player '%s' (expected engine:COMMAND or one of: %s)",
                 p->spec, names);
        return false;
    }
    if (!ai_create(&c->ai, plan.strategy, &plan.opts)) {
        snprintf(err, errsize, "out of memory creating player '%s'", p->spec);
        return false;
    }
    c->level = plan.level;
    c->limits = plan.limits;
    if (p->time_ms > 0)
        c->limits.time_ms = p->time_ms;
    c->time = per_move(c->limits.time_ms);
    players_set_threads(c, p->threads);
    players_set_ponder(c, p->ponder);
    return true;
}

/* Whether c plays by the clock, a built-in strategy: a level below the
 * strongest plays its nodes, the same in every game, which more threads
 * or a ponder would change; an engine has its own settings. */
static bool by_the_clock(const struct computer *c)
{
    return !c->keeps_time && (c->level == NULL || c->level->time_ms > 0);
}

bool players_set_threads(struct computer *c, int threads)
{
    if (!by_the_clock(c))
        return false;
    c->limits.threads = threads > 1 ? threads : 1;
    return true;
}

bool players_set_ponder(struct computer *c, bool on)
{
    if (!by_the_clock(c) || !ai_can_ponder(&c->ai))
        return false;
    c->ponder = on;
    return true;
}

bool players_plan(const char *spec, uint64_t seed, struct players_plan *out)
{
    /* A level names its strategy, weakness and budget; a strategy named
     * directly plays at full strength with its own default budget. */
    const struct level *level = level_find(spec);
    const char *strategy = level != NULL ? level->strategy : spec;
    if (ai_strategy_find(strategy) == NULL)
        return false;
    *out = (struct players_plan){
        .strategy = ai_strategy_find(strategy)->name,
        .opts = level != NULL ? level_options(level, seed) : (struct ai_options){ .seed = seed },
        .limits = level != NULL ? level_limits(level) : (struct ai_limits){ 0 },
        .level = level,
    };
    return true;
}

bool players_check_rule(const struct player *p, enum rule rule, char *why, size_t size)
{
    struct players_plan plan;
    if (p->kind != PLAYER_COMPUTER || is_engine(p->spec) || !players_plan(p->spec, 0, &plan))
        return true;
    const struct ai_strategy *s = ai_strategy_find(plan.strategy);
    if (ai_strategy_plays(s, rule))
        return true;
    char rules[128];
    rule_list(rules, sizeof rules, s->plays, _(", "), _(" and "));
    snprintf(why, size, _("%s does not play %s (only %s)"), p->spec, rule_name(rule), rules);
    return false;
}

void players_destroy(struct computer *c)
{
    ai_destroy(&c->ai);
    memset(c, 0, sizeof *c);
}

bool players_known(const char *name)
{
    if (is_engine(name))
        return name[strlen(PLAYER_ENGINE_PREFIX)] != '\0';
    return level_find(name) != NULL || ai_strategy_find(name) != NULL;
}

void players_names(char *buf, size_t size)
{
    if (size == 0)
        return;
    level_names(buf, size);
    size_t used = strlen(buf);
    if (used + 2 < size) {
        memcpy(buf + used, ", ", 3);
        ai_strategy_names(buf + used + 2, size - used - 2);
    }
}

const char *players_failure(const struct ai *ai)
{
    const char *why = engine_client_failure(ai);
    return why != NULL ? why : "no move was found";
}

const char *players_name(const struct player *p)
{
    if (p->kind == PLAYER_HUMAN)
        return "human";
    if (is_engine(p->spec))
        return p->spec + strlen(PLAYER_ENGINE_PREFIX);
    return p->spec;
}
