/* cmd_engine.c — `mnk engine`: a Gomocup engine on standard input and output.
 *
 * The session — what each protocol line means, colours, BOARD blocks, the
 * INFO limits — is io/brain.h's. This file reads the flags, hands the brain
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
    static struct engine e; /* large (the lines read ahead); one per process */
    memset(&e, 0, sizeof e);
    e.brain = brain_new(&c, say, &e);
    if (e.brain == NULL) {
        args_error("cannot create the %s player (out of memory?)", c.ai_name);
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
    int status = run(&e);
    close(e.wake[0]);
    close(e.wake[1]);
    brain_free(e.brain);
    return status;
}
