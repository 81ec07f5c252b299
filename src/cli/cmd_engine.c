/* cmd_engine.c — `mnk engine`: a Gomocup engine on standard input and output.
 *
 * The conversation — what each protocol line means, colours, BOARD blocks, the
 * INFO limits — is protocol/brain.h's. This file reads the flags, hands the brain
 * the lines of standard input in order, writes its answers to standard
 * output (one a line, flushed; every other word goes to standard error, so
 * standard output carries the protocol only), and runs each search on a
 * thread of its own, so that input is still read while it thinks.
 *
 * END or the end of input ends the engine with status 0. Either one read
 * while the engine thinks stops the search at once: its best move so far is
 * answered, the commands read before END still get their answers (their
 * searches stopped too), and nothing after END is read. A manager sends
 * nothing but END while it waits for a move, so this costs a live game
 * nothing, and an engine whose manager went away does not think on. When
 * standard output fails (nobody reads it any more) the engine stops the same
 * way, with a word on standard error and status 1.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "engine/params.h"
#include "protocol/brain.h"
#include "util/linebuf.h"
#include "play/players.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/level.h"
#include "mnk/rules.h"
#include "mnk/i18n.h"

#define AHEAD_MAX 8 /* lines read ahead while a search runs */

/* A line read but not yet handed to the brain. */
struct pending {
    size_t len;
    bool cut;
    char text[LINEBUF_MAX];
};

struct engine {
    struct brain *brain;
    struct linebuf in;
    struct pending ahead[AHEAD_MAX]; /* a ring: count lines from head */
    int head, count;
    bool end_read;        /* END is in the ring: read no further */
    bool read_failed;
    atomic_bool stop;     /* the input is over: searches end at once */
    atomic_bool lost;     /* standard output failed: nobody listens */
    int wake[2];          /* the search thread writes a byte when done */
    bool thinking;        /* a search thread runs, not joined yet */
    pthread_t thread;
};

/* The brain's answers. */
static void say(void *ctx, const char *line)
{
    struct engine *e = ctx;
    if (puts(line) == EOF || fflush(stdout) == EOF) {
        atomic_store(&e->lost, true);
        atomic_store(&e->stop, true);
    }
}

/* No more input will come: END read, the end of input, or a read error. */
static bool input_over(const struct engine *e)
{
    return e->end_read || e->read_failed || linebuf_eof(&e->in);
}

/* Moves complete lines from the reader into the ring while it has room. */
static void queue_lines(struct engine *e)
{
    const char *line;
    size_t len;
    bool cut;
    while (!e->end_read && e->count < AHEAD_MAX && linebuf_next(&e->in, &line, &len, &cut)) {
        struct pending *p = &e->ahead[(e->head + e->count++) % AHEAD_MAX];
        memcpy(p->text, line, len);
        p->len = len;
        p->cut = cut;
        e->end_read = !cut && brain_is_end(line, len);
    }
    if (input_over(e))
        atomic_store(&e->stop, true);
}

static void *think(void *arg)
{
    struct engine *e = arg;
    brain_think(e->brain, &e->stop);
    ssize_t n;
    do
        n = write(e->wake[1], "w", 1);
    while (n < 0 && errno == EINTR);
    return NULL;
}

/* Runs the due search on its thread, or here when no thread can start. */
static void start_thinking(struct engine *e)
{
    e->thinking = pthread_create(&e->thread, NULL, think, e) == 0;
    if (!e->thinking)
        brain_think(e->brain, &e->stop);
}

/* Joins the search thread once it has said it is done. */
static void finish_thinking(struct engine *e)
{
    char byte;
    ssize_t n;
    do
        n = read(e->wake[0], &byte, 1);
    while (n < 0 && errno == EINTR);
    pthread_join(e->thread, NULL);
    e->thinking = false;
}

/* Hands queued lines to the brain until it thinks or the ring is empty;
 * false on END. */
static bool dispatch(struct engine *e)
{
    while (!e->thinking && e->count > 0 && !atomic_load(&e->lost)) {
        const struct pending *p = &e->ahead[e->head];
        enum brain_step step = brain_line(e->brain, p->text, p->len, p->cut);
        e->head = (e->head + 1) % AHEAD_MAX;
        e->count--;
        if (step == BRAIN_END)
            return false;
        if (step == BRAIN_THINK)
            start_thinking(e);
        queue_lines(e);
    }
    return true;
}

/* The I/O loop: reads standard input, even while a search runs, and feeds
 * the brain. Returns the exit status. */
static int run(struct engine *e)
{
    while (dispatch(e) && !atomic_load(&e->lost)) {
        if (!e->thinking && e->count == 0 && input_over(e))
            break;
        struct pollfd fds[2];
        nfds_t n = 0;
        bool reading = !input_over(e) && !e->in.eof && e->count < AHEAD_MAX;
        if (reading)
            fds[n++] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
        if (e->thinking)
            fds[n++] = (struct pollfd){ .fd = e->wake[0], .events = POLLIN };
        if (poll(fds, n, -1) < 0) {
            if (errno == EINTR)
                continue;
            perror("mnk engine: poll");
            e->read_failed = true;
            break;
        }
        if (e->thinking && fds[n - 1].revents != 0)
            finish_thinking(e);
        if (reading && fds[0].revents != 0) {
            if (linebuf_fill(&e->in, STDIN_FILENO) < 0) {
                perror("mnk engine: reading standard input");
                e->read_failed = true;
            }
            queue_lines(e);
        }
    }
    atomic_store(&e->stop, true);
    if (e->thinking)
        finish_thinking(e);
    if (atomic_load(&e->lost)) {
        fprintf(stderr, "mnk engine: writing standard output failed; stopping\n");
        return 1;
    }
    return e->read_failed ? 1 : 0;
}

static const char *best_strategy(void)
{
    static const char *const preferred[] = { "search", "threat", "random" };
    for (size_t i = 0; i < sizeof preferred / sizeof preferred[0]; i++)
        if (ai_strategy_find(preferred[i]) != NULL)
            return preferred[i];
    return ai_strategies[0]->name;
}

/* Who plays: --ai or --level, whichever comes last. */
struct engine_brain {
    const char *ai;            /* NULL: the best strategy */
    const struct level *level; /* NULL: none */
};

struct engine_flags {
    struct engine_brain brain;
    long win, memory_mb, time_ms, nodes, depth, threads;
    enum rule rule;
    uint64_t seed;
    bool seeded;
    bool quiet;
    const char *tune;          /* NULL: the tuned constants */
};

static bool parse_ai(const char *text, void *field, char *why)
{
    struct engine_brain *b = field;
    const struct ai_strategy *s = ai_strategy_find(text);
    if (s == NULL) {
        char names[256];
        ai_strategy_names(names, sizeof names);
        snprintf(why, ARGS_WHY_MAX, _("expected one of: %s; got '%.64s'"), names, text);
        return false;
    }
    b->ai = s->name;
    b->level = NULL;
    return true;
}

static bool parse_level(const char *text, void *field, char *why)
{
    struct engine_brain *b = field;
    const struct level *l = level_find(text);
    if (l == NULL) {
        char names[512];
        level_names(names, sizeof names);
        snprintf(why, ARGS_WHY_MAX, _("expected one of: %s; got '%.64s'"), names, text);
        return false;
    }
    b->level = l;
    return true;
}

/* --tune: checked here, so that a bad one is a usage error, not a player
 * that cannot be made. */
static bool parse_tune(const char *text, void *field, char *why)
{
    struct search_params p;
    if (!params_parse(&p, text, why, ARGS_WHY_MAX))
        return false;
    *(const char **)field = text;
    return true;
}

static const struct engine_flags engine_defaults = {
    .win = 5, .rule = RULE_DEFAULT,
};

static const struct args_option engine_options[] = {
    { .name = "ai", .kind = ARGS_CUSTOM, .parse = parse_ai, .metavar = "NAME",
      .offset = offsetof(struct engine_flags, brain),
      .help = N_("the strategy (default: the strongest built in; listed below)") },
    { .name = "level", .kind = ARGS_CUSTOM, .parse = parse_level, .metavar = "NAME",
      .offset = offsetof(struct engine_flags, brain),
      .help = N_("a level of the ladder instead (see 'mnk levels'): its strategy, weakness "
              "and nodes a move; the later of --ai and --level counts") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct engine_flags, win), .show_default = true,
      .help = N_("stones in a row that win") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct engine_flags, rule),
      .show_default = true,
      .help = N_("freestyle, exact, renju or caro, until INFO rule says") },
    { .name = "memory", .kind = ARGS_INT, .min = 1, .max = 65536, .metavar = "MB",
      .offset = offsetof(struct engine_flags, memory_mb),
      .help = N_("table memory in MiB, until INFO max_memory says") },
    { .name = "time-ms", .kind = ARGS_INT, .min = 1, .max = 3600000, .metavar = "MS",
      .offset = offsetof(struct engine_flags, time_ms),
      .help = N_("think at most this long per move; by default the manager's limits, or "
              "1000 without any") },
    { .name = "nodes", .kind = ARGS_INT, .min = 1, .max = 2000000000,
      .offset = offsetof(struct engine_flags, nodes),
      .help = N_("search at most N nodes a move; the clock still caps it") },
    { .name = "depth", .kind = ARGS_INT, .min = 1, .max = 200, .metavar = "D",
      .offset = offsetof(struct engine_flags, depth),
      .help = N_("search at most D plies a move") },
    { .name = "threads", .kind = ARGS_INT, .min = 1, .max = AI_MAX_THREADS,
      .offset = offsetof(struct engine_flags, threads),
      .help = N_("search with N threads, until INFO thread_num says (default 1; a level "
              "below the strongest always plays on one)") },
    { .name = "seed", .kind = ARGS_U64, .metavar = "S",
      .offset = offsetof(struct engine_flags, seed),
      .seen = ARGS_SEEN(struct engine_flags, seeded),
      .help = N_("seed for choices among equal moves (default: from the clock)") },
    { .name = "quiet", .kind = ARGS_SWITCH, .offset = offsetof(struct engine_flags, quiet),
      .help = N_("send no MESSAGE lines of the search's depth, score, nodes and line while "
              "it thinks (INFO show_detail 0 does the same)") },
    { .name = "tune", .kind = ARGS_CUSTOM, .parse = parse_tune, .metavar = "NAME=VALUE,...",
      .offset = offsetof(struct engine_flags, tune),
      .help = N_("for tuning: the search's pruning constants other than its tuned ones "
              "(their names and ranges: src/engine/params.c)") },
};

static void engine_epilogue(FILE *out)
{
    args_list_players(out, false);
}

static const struct args_command engine_command = {
    .name = "engine",
    .about = N_("Plays as a Gomocup engine (Piskvork protocol 2) on standard input and output, "
             "for Piskvork, other managers and 'mnk match engine:...'."),
    .options = engine_options,
    .n_options = sizeof engine_options / sizeof engine_options[0],
    .defaults = &engine_defaults,
    .max_operands = 0,
    .epilogue = engine_epilogue,
};

int cmd_engine(int argc, char **argv)
{
    struct engine_flags f = engine_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&engine_command, argc, argv, &f, &ops, &status))
        return status;
    if (!args_check_rule("engine", f.rule, (int)f.win))
        return ARGS_EXIT_USAGE;
    struct brain_config c = {
        .ai_name = f.brain.ai != NULL ? f.brain.ai : best_strategy(),
        .ai_opts.seed = f.seeded ? f.seed : (uint64_t)clock_us() ^ ((uint64_t)getpid() << 32),
        .ai_opts.memory = (size_t)f.memory_mb << 20,
        .win = (int)f.win,
        .rule = f.rule,
        .time_cap_ms = (int)f.time_ms,
        .max_depth = (int)f.depth,
        .messages = !f.quiet,
        .threads = (int)f.threads,
    };
    const struct level *level = f.brain.level;
    uint64_t nodes = (uint64_t)f.nodes;

    struct players_plan plan;
    if (level != NULL && players_plan(level->name, c.ai_opts.seed, &plan)) {
        size_t memory = c.ai_opts.memory;
        c.ai_opts = plan.opts;
        c.ai_opts.memory = memory;
        c.ai_name = plan.strategy;
        c.max_nodes = plan.limits.max_nodes;
        if (c.max_depth == 0)
            c.max_depth = plan.limits.max_depth;
        if (plan.limits.time_ms > 0 && c.time_cap_ms == 0)
            c.time_cap_ms = plan.limits.time_ms;
        c.one_thread = level->time_ms == 0;
    }
    if (nodes > 0)
        c.max_nodes = nodes;
    if (f.tune != NULL && strcmp(c.ai_name, "search") != 0) {
        args_error("engine", _("--tune: only the search has tunable constants, not %s"),
                   c.ai_name);
        return ARGS_EXIT_USAGE;
    }
    c.ai_opts.tune = f.tune;
    struct player named = { .kind = PLAYER_COMPUTER };
    snprintf(named.spec, sizeof named.spec, "%s", level != NULL ? level->name : c.ai_name);
    char why[256];
    if (!players_check_rule(&named, c.rule, why, sizeof why)) {
        args_error("engine", _("--%s: %s"), level != NULL ? "level" : "ai", why);
        return ARGS_EXIT_USAGE;
    }
    static struct engine e; /* large (the lines read ahead); one per process */
    memset(&e, 0, sizeof e);
    e.brain = brain_new(&c, say, &e);
    if (e.brain == NULL) {
        args_error("engine", _("cannot create the %s player (out of memory?)"), c.ai_name);
        return 1;
    }
    if (pipe(e.wake) != 0) {
        perror("mnk engine: pipe");
        brain_free(e.brain);
        return 1;
    }
    /* A manager that went away is noticed as a failed write, not a signal. */
    signal(SIGPIPE, SIG_IGN);
    linebuf_init(&e.in);
    atomic_init(&e.stop, false);
    atomic_init(&e.lost, false);
    status = run(&e);
    close(e.wake[0]);
    close(e.wake[1]);
    brain_free(e.brain);
    return status;
}
