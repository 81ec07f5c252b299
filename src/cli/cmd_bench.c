/* cmd_bench.c — `mnk bench`: the search's speed and its signature.
 *
 * Searches every position of a file to a fixed depth, one thread, with the
 * tables cleared before each (one player, reset between positions, so only
 * the first search of each win length and rule pays for building its pattern
 * tables), and prints the nodes and the speed per position and in total:
 * nodes per second of the process's CPU time (what the search costs, even on
 * a busy machine) and of wall time. The total node count depends only on the
 * search code and the positions — not on the machine, the time or earlier
 * runs — so it is the signature recorded in the message of every commit that
 * changes the search.
 *
 * File format: one position per line, `SIZE K RULE MOVE...`, e.g.
 * `15 5 freestyle h8 i9 h10`; the moves alternate from Black. Blank lines
 * and lines starting with '#' are skipped.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "config.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rules.h"
#include "mnk/i18n.h"

#define BENCH_FILE "bench/positions.txt"
#define BENCH_DEFAULT_DEPTH 12
#define BENCH_MEMORY ((size_t)16 << 20)
#define LINE_MAX_LEN 4096

struct bench_result {
    uint64_t nodes;
    int depth;
    int score;
};

static void record_info(void *ctx, const struct ai_info *info)
{
    struct bench_result *r = ctx;
    r->nodes = info->nodes;
    r->depth = info->depth;
    r->score = info->score;
}

/* Microseconds of CPU time used by this process so far. */
static int64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Nodes per second of `us` microseconds. */
static unsigned long long per_second(uint64_t nodes, int64_t us)
{
    return (unsigned long long)(us > 0 ? nodes * 1000000 / (uint64_t)us : 0);
}

struct bench_flags {
    long depth;
    const char *file;
};

static const struct bench_flags bench_defaults = { .depth = BENCH_DEFAULT_DEPTH };

static const struct args_option bench_options[] = {
    { .name = "depth", .kind = ARGS_INT, .min = 1, .max = 60,
      .offset = offsetof(struct bench_flags, depth), .show_default = true,
      .help = N_("plies to search") },
    { .name = "file", .kind = ARGS_PATH, .offset = offsetof(struct bench_flags, file),
      .help = N_("positions, one per line: SIZE K RULE MOVE... (default: the "
              "bench/positions.txt of the data directory)") },
};

static const struct args_command bench_command = {
    .name = "bench",
    .about = N_("Searches fixed positions to a fixed depth and prints node counts and speed "
             "(nodes per second of CPU time, and of wall time). The total node count is "
             "the same on every run and machine."),
    .options = bench_options,
    .n_options = sizeof bench_options / sizeof bench_options[0],
    .defaults = &bench_defaults,
    .max_operands = 0,
};

/* Opens the named file, or the default one in the source tree's data
 * directory, then the installed one. */
static FILE *open_positions(const char *file, char *name, size_t size)
{
    if (file != NULL) {
        snprintf(name, size, "%s", file);
        return fopen(file, "r");
    }
    static const char *const dirs[] = { MNK_SOURCE_DATADIR, MNK_DATADIR };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(name, size, "%s/%s", dirs[i], BENCH_FILE);
        FILE *f = fopen(name, "r");
        if (f != NULL)
            return f;
    }
    snprintf(name, size, "%s/%s", MNK_DATADIR, BENCH_FILE);
    return NULL;
}

/* Parses one position line into b; on error writes the reason to why. */
static bool parse_position(char *line, struct board *b, char *why, size_t size)
{
    char *save = NULL;
    char *tok_size = strtok_r(line, " \t\r\n", &save);
    char *tok_k = strtok_r(NULL, " \t\r\n", &save);
    char *tok_rule = strtok_r(NULL, " \t\r\n", &save);
    int w, h;
    enum rule rule;
    if (tok_size == NULL || tok_k == NULL || tok_rule == NULL) {
        snprintf(why, size, _("expected SIZE K RULE MOVE..."));
        return false;
    }
    char *end;
    long k = strtol(tok_k, &end, 10);
    if (!notation_parse_size(tok_size, &w, &h) || *end != '\0' ||
        k < BOARD_MIN_WIN || k > BOARD_MAX_SIDE) {
        snprintf(why, size, _("bad size '%s' or win length '%s'"), tok_size, tok_k);
        return false;
    }
    if (!rule_parse(tok_rule, &rule)) {
        snprintf(why, size, _("unknown rule '%s'"), tok_rule);
        return false;
    }
    if (!board_init(b, w, h, (int)k, rule)) {
        snprintf(why, size, "%s", board_check_size(w, h, (int)k));
        return false;
    }
    enum stone side = STONE_BLACK;
    for (char *tok; (tok = strtok_r(NULL, " \t\r\n", &save)) != NULL;) {
        int pos;
        if (!notation_parse(b, tok, &pos) || board_at(b, pos) != STONE_NONE) {
            snprintf(why, size, _("bad or occupied cell '%s'"), tok);
            return false;
        }
        board_place(b, pos, side);
        if (rules_is_win(b, pos, NULL) || board_full(b)) {
            snprintf(why, size, _("the game is over after '%s'"), tok);
            return false;
        }
        side = stone_other(side);
    }
    return true;
}

int cmd_bench(int argc, char **argv)
{
    struct bench_flags flags = bench_defaults;
    struct args_operands ops;
    int rc;
    if (!args_parse(&bench_command, argc, argv, &flags, &ops, &rc))
        return rc;
    long depth = flags.depth;
    const char *file = flags.file;
    char name[1024];
    FILE *f = open_positions(file, name, sizeof name);
    if (f == NULL) {
        /* A --file that cannot be opened is a bad flag value: exit 2. */
        args_error("bench", _("%scannot open %s: %s"), file != NULL ? "--file: " : "", name,
                   strerror(errno));
        return file != NULL ? ARGS_EXIT_USAGE : 1;
    }

    struct ai ai;
    struct ai_options opts = { .memory = BENCH_MEMORY };
    if (!ai_create(&ai, "search", &opts)) {
        fclose(f);
        args_error("bench", _("out of memory"));
        return 1;
    }
    uint64_t total_nodes = 0;
    int64_t total_us = 0, total_cpu = 0;
    int count = 0, lineno = 0, status = 0;
    char line[LINE_MAX_LEN];
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            args_error("bench", _("%s:%d: line too long"), name, lineno);
            status = 1;
            break;
        }
        char *start = line + strspn(line, " \t\r\n");
        if (*start == '\0' || *start == '#')
            continue;
        struct board b;
        char why[128];
        if (!parse_position(start, &b, why, sizeof why)) {
            args_error("bench", "%s:%d: %s", name, lineno, why);
            status = 1;
            break;
        }
        ai_reset(&ai);
        struct bench_result r = { 0 };
        struct ai_limits lim = { .max_depth = (int)depth, .on_info = record_info, .ctx = &r };
        enum stone side = b.stones % 2 ? STONE_WHITE : STONE_BLACK;
        int64_t t0 = clock_us(), c0 = cpu_us();
        int move = ai_choose(&ai, &b, side, &lim);
        int64_t us = clock_us() - t0, cpu = cpu_us() - c0;
        char cell[NOTATION_MAX];
        if (count++ == 0)
            printf("%3s  %-6s %2s %-9s %6s  %-5s %7s  %12s %7s %10s %7s %10s\n", "#", "size",
                   "k", "rule", "stones", "move", "score", "nodes", "cpu ms", "nodes/s", "ms",
                   "wall n/s");
        total_nodes += r.nodes;
        total_us += us;
        total_cpu += cpu;
        printf("%3d  %2dx%-3d %2d %-9s %6d  %-5s %7d  %12llu %7lld %10llu %7lld %10llu\n", count,
               b.width, b.height, b.win, rule_name(b.rule), b.stones,
               notation_format(&b, move, cell), r.score, (unsigned long long)r.nodes,
               (long long)(cpu / 1000), per_second(r.nodes, cpu), (long long)(us / 1000),
               per_second(r.nodes, us));
        fflush(stdout);
    }
    fclose(f);
    ai_destroy(&ai);
    if (status != 0)
        return status;
    printf("\npositions %d  depth %ld\n", count, depth);
    printf("total nodes %llu  cpu %lld ms  nodes/s %llu  wall %lld ms  nodes/s %llu\n",
           (unsigned long long)total_nodes, (long long)(total_cpu / 1000),
           per_second(total_nodes, total_cpu), (long long)(total_us / 1000),
           per_second(total_nodes, total_us));
    return 0;
}
