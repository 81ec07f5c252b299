/* players.c — computer players from struct player; see players.h. */
#include "io/players.h"

#include <stdio.h>
#include <string.h>

#include "io/engine_client.h"

bool players_create(struct ai *ai, const struct player *p, bool quiet,
                    char *err, size_t errsize)
{
    memset(ai, 0, sizeof *ai);
    if (p->kind != PLAYER_COMPUTER) {
        snprintf(err, errsize, "a human player has no computer strategy");
        return false;
    }
    size_t plen = strlen(PLAYERS_ENGINE_PREFIX);
    if (strncmp(p->spec, PLAYERS_ENGINE_PREFIX, plen) == 0) {
        const char *command = p->spec + plen;
        if (command[0] == '\0') {
            snprintf(err, errsize, "engine: needs a command after the colon");
            return false;
        }
        struct engine_client_options eo = {
            .time_ms = p->time_ms,
            .quiet_stderr = quiet,
        };
        return engine_client_create(ai, command, &eo, err, errsize);
    }
    struct ai_options opts = { .seed = p->seed, .level = p->level };
    if (ai_strategy_find(p->spec) == NULL) {
        char names[256];
        ai_strategy_names(names, sizeof names);
        snprintf(err, errsize, "unknown player '%s' (expected engine:COMMAND or one of: %s)",
                 p->spec, names);
        return false;
    }
    if (!ai_create(ai, p->spec, &opts)) {
        snprintf(err, errsize, "out of memory creating player '%s'", p->spec);
        return false;
    }
    return true;
}

struct ai_limits players_limits(const struct player *p)
{
    struct ai_limits l = { .time_ms = p->time_ms };
    return l;
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
    size_t plen = strlen(PLAYERS_ENGINE_PREFIX);
    if (strncmp(p->spec, PLAYERS_ENGINE_PREFIX, plen) == 0)
        return p->spec + plen;
    return p->spec;
}
