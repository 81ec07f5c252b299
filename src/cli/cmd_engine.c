/* cmd_engine.c — `mnk engine`: a Gomocup engine on standard input and output.
 *
 * The session — what each protocol line means, colours, BOARD blocks, the
 * INFO limits — is io/brain.h's. This file reads the flags, hands the brain
 * the lines of standard input in order, thinks when it asks to, and writes
 * its answers to standard output (one a line, flushed; every other word goes
 * to standard error, so standard output carries the protocol only). END or
 * the end of input ends it with status 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "io/brain.h"
#include "io/linebuf.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/level.h"
#include "mnk/rules.h"

/* The brain's answers. */
static void say(void *ctx, const char *line)
{
    (void)ctx;
    puts(line);
    fflush(stdout);
}

static const char *best_strategy(void)
{
    static const char *const preferred[] = { "search", "threat", "random" };
    for (size_t i = 0; i < sizeof preferred / sizeof preferred[0]; i++)
        if (ai_strategy_find(preferred[i]) != NULL)
            return preferred[i];
    return ai_strategies[0]->name;
}

static void usage(FILE *out)
{
    char names[256];
    ai_strategy_names(names, sizeof names);
    fprintf(out,
            "usage: mnk engine [--ai NAME | --level NAME] [--win K] [--rule R]\n"
            "                  [--memory MB] [--time-ms T] [--nodes N] [--depth D]\n"
            "                  [--seed S]\n\n"
            "Plays as a Gomocup engine (Piskvork protocol 2) on standard input and\n"
            "output, for Piskvork, other managers and 'mnk match engine:...'.\n\n"
            "  --ai NAME      strategy (default %s), one of:\n"
            "                 %s\n"
            "  --level NAME   a level of the ladder instead (see 'mnk levels'): its\n"
            "                 strategy, weakness and nodes a move\n"
            "  --win K        stones in a row that win, 3..26 (default 5)\n"
            "  --rule R       freestyle or exact until INFO rule says (default freestyle)\n"
            "  --memory MB    table memory until INFO max_memory says, 1..65536\n"
            "  --time-ms T    think at most T ms per move, 1..3600000 (default: the\n"
            "                 manager's limits, or %d ms without any)\n"
            "  --nodes N      search at most N nodes a move (the clock still caps it)\n"
            "  --depth D      search at most D plies a move\n"
            "  --seed S       seed for choices among equal moves (default: the clock)\n",
            best_strategy(), names, BRAIN_DEFAULT_MS);
}

int cmd_engine(int argc, char **argv)
{
    struct brain_config c = {
        .ai_name = best_strategy(),
        .ai_opts.seed = (uint64_t)clock_us() ^ ((uint64_t)getpid() << 32),
        .win = 5,
        .rule = RULE_FREESTYLE,
    };
    const struct level *level = NULL;
    uint64_t nodes = 0;

    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            args_error("%s: unknown option or missing value; see 'mnk engine --help'", flag);
            return ARGS_EXIT_USAGE;
        }
        const char *value = argv[++i];
        long v;
        if (strcmp(flag, "--ai") == 0) {
            const struct ai_strategy *s = ai_strategy_find(value);
            if (s == NULL) {
                char names[256];
                ai_strategy_names(names, sizeof names);
                args_error("--ai: expected one of: %s; got '%s'", names, value);
                return ARGS_EXIT_USAGE;
            }
            c.ai_name = s->name;
            level = NULL;
        } else if (strcmp(flag, "--level") == 0) {
            level = level_find(value);
            if (level == NULL) {
                char names[512];
                level_names(names, sizeof names);
                args_error("--level: expected one of: %s; got '%s'", names, value);
                return ARGS_EXIT_USAGE;
            }
        } else if (strcmp(flag, "--nodes") == 0) {
            if (!args_int(flag, value, 1, 2000000000, &v))
                return ARGS_EXIT_USAGE;
            nodes = (uint64_t)v;
        } else if (strcmp(flag, "--depth") == 0) {
            if (!args_int(flag, value, 1, 200, &v))
                return ARGS_EXIT_USAGE;
            c.max_depth = (int)v;
        } else if (strcmp(flag, "--win") == 0) {
            if (!args_int(flag, value, BOARD_MIN_WIN, BOARD_MAX_SIDE, &v))
                return ARGS_EXIT_USAGE;
            c.win = (int)v;
        } else if (strcmp(flag, "--rule") == 0) {
            if (!args_rule(flag, value, &c.rule))
                return ARGS_EXIT_USAGE;
        } else if (strcmp(flag, "--memory") == 0) {
            if (!args_int(flag, value, 1, 65536, &v))
                return ARGS_EXIT_USAGE;
            c.ai_opts.memory = (size_t)v << 20;
        } else if (strcmp(flag, "--time-ms") == 0) {
            if (!args_int(flag, value, 1, 3600000, &v))
                return ARGS_EXIT_USAGE;
            c.time_cap_ms = (int)v;
        } else if (strcmp(flag, "--seed") == 0) {
            if (!args_seed(flag, value, &c.ai_opts.seed))
                return ARGS_EXIT_USAGE;
        } else {
            args_error("%s: unknown option; see 'mnk engine --help'", flag);
            return ARGS_EXIT_USAGE;
        }
    }
    if (level != NULL) {
        /* One resolution of the level: strategy, weakness, budget. */
        size_t memory = c.ai_opts.memory;
        c.ai_opts = level_options(level, c.ai_opts.seed);
        c.ai_opts.memory = memory;
        c.ai_name = level->strategy;
        struct ai_limits l = level_limits(level);
        c.max_nodes = l.max_nodes;
        if (c.max_depth == 0)
            c.max_depth = l.max_depth;
        if (l.time_ms > 0 && c.time_cap_ms == 0)
            c.time_cap_ms = l.time_ms;
    }
    if (nodes > 0)
        c.max_nodes = nodes;
    struct brain *brain = brain_new(&c, say, NULL);
    if (brain == NULL) {
        args_error("cannot create the %s player (out of memory?)", c.ai_name);
        return 1;
    }

    static struct linebuf in;
    linebuf_init(&in);
    int status = 0;
    for (bool running = true; running;) {
        const char *line;
        size_t len;
        bool cut;
        while (running && linebuf_next(&in, &line, &len, &cut)) {
            enum brain_step step = brain_line(brain, line, len, cut);
            if (step == BRAIN_THINK)
                brain_think(brain, NULL);
            running = step != BRAIN_END;
        }
        if (!running || linebuf_eof(&in))
            break;
        if (linebuf_fill(&in, STDIN_FILENO) < 0) {
            perror("mnk engine: reading standard input");
            status = 1;
            break;
        }
    }
    brain_free(brain);
    return status;
}
