/* cmd_solve.c — `mnk solve`: the game-theoretic value of a small board.
 *
 * Solves the empty board (or the position after --position) with the exact
 * solver and prints, as it goes, each first move's value, then the result,
 * the best move, the node count and the time. A periodic line on stderr shows
 * that a long solve is alive. Exit status: 0 solved, 1 stopped by a limit
 * before the end, 2 bad usage, a rule the solver does not know among it
 * (solver_knows: caro and renju are refused before anything is searched).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/solver.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rules.h"
#include "mnk/i18n.h"

#define DEFAULT_MEMORY_MB 64

struct solve_view {
    const struct board *board;
    enum stone to_move;
};

struct solve_flags {
    struct args_size size;
    long win;
    enum rule rule;
    const char *position;
    long memory_mb, time_ms, seconds;
    uint64_t nodes;
    bool time_ms_given, seconds_given;
};

static const struct solve_flags solve_defaults = {
    .size = { 15, 15 }, .rule = RULE_DEFAULT, .memory_mb = DEFAULT_MEMORY_MB,
};

static const struct args_option solve_options[] = {
    { .name = "size", .kind = ARGS_SIZE, .required = true,
      .offset = offsetof(struct solve_flags, size), .help = N_("board size") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .required = true, .offset = offsetof(struct solve_flags, win),
      .help = N_("stones in a row to win, at most the longer side") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct solve_flags, rule),
      .show_default = true,
      .help = N_("freestyle (k or more wins) or exact (exactly k); the solver knows no other") },
    { .name = "position", .kind = ARGS_STRING, .metavar = "MOVES",
      .offset = offsetof(struct solve_flags, position),
      .help = N_("moves already played, Black first, e.g. 'c3 b2' or c3,b2") },
    { .name = "memory", .kind = ARGS_INT, .min = 1, .max = 65536, .metavar = "MB",
      .offset = offsetof(struct solve_flags, memory_mb), .show_default = true,
      .help = N_("transposition table size in MiB") },
    { .name = "time-ms", .kind = ARGS_INT, .min = 0, .max = 1000000000, .metavar = "MS",
      .offset = offsetof(struct solve_flags, time_ms),
      .seen = ARGS_SEEN(struct solve_flags, time_ms_given),
      .help = N_("give up after this many milliseconds; 0, the default, never") },
    { .name = "time", .kind = ARGS_INT, .min = 0, .max = 1000000, .metavar = "SECONDS",
      .offset = offsetof(struct solve_flags, seconds),
      .seen = ARGS_SEEN(struct solve_flags, seconds_given),
      .help = N_("the same limit in seconds, the older spelling") },
    { .name = "nodes", .kind = ARGS_U64, .offset = offsetof(struct solve_flags, nodes),
      .help = N_("give up after N nodes; 0, the default, never") },
};

static const struct args_command solve_command = {
    .name = "solve",
    .about = N_("Solves the board by exhaustive search: whether the side to move wins, draws "
             "or loses with perfect play, in how many plies, and with which move. Only small "
             "boards finish: 5x5 with k=4 in under a second, 6x6 with k=5 not within "
             "minutes. A line on stderr every 10 s shows a long solve is alive."),
    .options = solve_options,
    .n_options = sizeof solve_options / sizeof solve_options[0],
    .defaults = &solve_defaults,
    .max_operands = 0,
};

/* A value in words, e.g. "win in 7", "draw", "loss in at most 4". */
static const char *value_text(struct solver_value v, char *buf, size_t size)
{
    int d = solver_distance(v.score);
    switch (solver_outcome_of(v.score)) {
    case SOLVER_WIN:
        if (v.bound == SOLVER_EXACT)
            snprintf(buf, size, "win in %d", d);
        else if (v.bound == SOLVER_AT_LEAST)
            snprintf(buf, size, "win in at most %d", d);
        else
            snprintf(buf, size, "no win faster than %d", d);
        break;
    case SOLVER_LOSS:
        if (v.bound == SOLVER_EXACT)
            snprintf(buf, size, "loss in %d", d);
        else if (v.bound == SOLVER_AT_MOST)
            snprintf(buf, size, "loss in at most %d", d);
        else
            snprintf(buf, size, "no loss sooner than %d", d);
        break;
    default:
        snprintf(buf, size, "%s", v.bound == SOLVER_EXACT      ? "draw"
                                  : v.bound == SOLVER_AT_LEAST ? "draw or better"
                                                               : "draw or worse");
        break;
    }
    return buf;
}

static void on_progress(void *ctx, const struct solver_progress *p)
{
    const struct solve_view *view = ctx;
    char cell[NOTATION_MAX], value[48];
    notation_format(view->board, p->move, cell);
    const char *what = p->pass == 1 ? "outcome" : "distance";
    switch (p->event) {
    case SOLVER_ROOT_START:
        break;
    case SOLVER_ROOT_DONE:
        printf("  %-8s %2d/%-2d %-4s %-24s %14" PRIu64 " nodes %8.1f s\n", what,
               p->index + 1, p->count, cell, value_text(p->value, value, sizeof value),
               p->nodes, (double)p->elapsed_ms / 1000.0);
        fflush(stdout);
        break;
    case SOLVER_TICK:
        fprintf(stderr, "  ... %s %d/%d %s: %" PRIu64 " nodes, %.0f s\n", what,
                p->index + 1, p->count, cell, p->nodes, (double)p->elapsed_ms / 1000.0);
        break;
    }
}

/* Plays MOVES (cells separated by blanks or commas) from the empty board. */
static bool play_position(struct game *g, const char *moves)
{
    char buf[4096];
    if (strlen(moves) >= sizeof buf) {
        args_error("solve", _("--position: too long"));
        return false;
    }
    strcpy(buf, moves);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ,\t", &save); tok != NULL;
         tok = strtok_r(NULL, " ,\t", &save)) {
        int pos;
        if (!notation_parse(&g->board, tok, &pos)) {
            args_error("solve", _("--position: '%s' is not a cell of a %dx%d board"), tok,
                       g->board.width, g->board.height);
            return false;
        }
        switch (game_play(g, pos)) {
        case GAME_OK:
            break;
        case GAME_ERR_OCCUPIED:
            args_error("solve", _("--position: %s is played twice"), tok);
            return false;
        case GAME_ERR_FORBIDDEN:
            args_error("solve", _("--position: %s is forbidden to Black: %s"), tok,
                       _(forbid_text(game_forbidden(g, pos))));
            return false;
        default:
            args_error("solve", _("--position: the game is over before %s"), tok);
            return false;
        }
    }
    return true;
}

int cmd_solve(int argc, char **argv)
{
    struct solve_flags f = solve_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&solve_command, argc, argv, &f, &ops, &status))
        return status;
    if (f.time_ms_given && f.seconds_given) {
        args_error("solve", _("give --time-ms or --time, not both"));
        return ARGS_EXIT_USAGE;
    }
    struct game_config config;
    game_config_default(&config);
    config.width = f.size.width;
    config.height = f.size.height;
    config.win = (int)f.win;
    config.rule = f.rule;
    const char *position = f.position;
    long memory_mb = f.memory_mb;
    long time_ms = f.seconds_given ? f.seconds * 1000 : f.time_ms;
    uint64_t max_nodes = f.nodes;
    config.early_draw = false;
    if (!args_check_board("solve", &config))
        return ARGS_EXIT_USAGE;
    if (!solver_knows(config.rule)) {
        char known[64];
        rule_list(known, sizeof known, solver_knows, _(", "), _(" and "));
        args_error("solve", _("--rule %s: the solver knows %s only"), rule_name(config.rule),
                   known);
        return ARGS_EXIT_USAGE;
    }
    struct game game;
    const char *why = game_init(&game, &config);
    if (why != NULL) {
        args_error("solve", "%s", why);
        return ARGS_EXIT_USAGE;
    }
    if (position != NULL && !play_position(&game, position))
        return ARGS_EXIT_USAGE;

    struct solver *solver = solver_create((size_t)memory_mb << 20);
    if (solver == NULL) {
        args_error("solve", _("not enough memory for a %ld MiB table"), memory_mb);
        return 1;
    }
    enum stone side = game_to_move(&game);
    struct solve_view view = { &game.board, side };
    struct solver_limits limits = {
        .time_ms = (int)time_ms,
        .max_nodes = max_nodes,
        .exact_distance = true,
        .tick_ms = 10000,
        .on_progress = on_progress,
        .ctx = &view,
    };
    printf("solving %dx%d k=%d %s, %d stones on the board, %s to move, table %ld MiB\n",
           config.width, config.height, config.win, rule_name(config.rule),
           game.board.stones, stone_name(side), memory_mb);
    fflush(stdout);

    struct solver_result r;
    bool done = solver_solve(solver, &game.board, side, &limits, &r);
    solver_destroy(solver);

    char value[48], cell[NOTATION_MAX] = "-";
    if (r.move >= 0)
        notation_format(&game.board, r.move, cell);
    if (done) {
        const char *winner = r.value.score > 0   ? stone_name(side)
                             : r.value.score < 0 ? stone_name(stone_other(side))
                                                 : "nobody";
        printf("result: %s for %s (%s wins with perfect play), best move %s\n",
               value_text(r.value, value, sizeof value), stone_name(side), winner, cell);
    } else {
        printf("stopped by a limit before the end: value unknown, best move so far %s\n",
               cell);
    }
    double secs = (double)r.elapsed_ms / 1000.0;
    printf("nodes %" PRIu64 ", time %.2f s, %.2f M nodes/s\n", r.nodes, secs,
           secs > 0 ? (double)r.nodes / secs / 1e6 : 0.0);
    return done ? 0 : 1;
}
