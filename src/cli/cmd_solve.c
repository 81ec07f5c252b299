/* cmd_solve.c — `mnk solve`: the game-theoretic value of a small board.
 *
 * Solves the empty board (or the position after --position) with the exact
 * solver and prints, as it goes, each first move's value, then the result,
 * the best move, the node count and the time. A periodic line on stderr shows
 * that a long solve is alive. Exit status: 0 solved, 1 stopped by a limit
 * before the end, 2 bad usage.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/solver.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rules.h"

#define DEFAULT_MEMORY_MB 64

struct solve_view {
    const struct board *board;
    enum stone to_move;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: mnk solve --size N|WxH --win K [--rule freestyle|exact]\n"
            "                 [--position MOVES] [--memory MB] [--time SECONDS] [--nodes N]\n\n"
            "Solves the board by exhaustive search: whether the side to move wins,\n"
            "draws or loses with perfect play, in how many plies, and with which move.\n"
            "Only small boards finish: 5x5 with k=4 in under a second, 6x6 with k=5\n"
            "not within minutes. A line on stderr every 10 s shows a long solve is alive.\n\n"
            "  --size N|WxH      board size, each side 3..26 (required)\n"
            "  --win K           stones in a row to win, 3..max(W,H) (required)\n"
            "  --rule R          freestyle (k or more wins, default) or exact\n"
            "  --position MOVES  moves already played, Black first, e.g. 'c3 b2' or c3,b2\n"
            "  --memory MB       transposition table size, 1..65536 (default %d)\n"
            "  --time SECONDS    give up after this long, 0 = never (default 0)\n"
            "  --nodes N         give up after N nodes, 0 = never (default 0)\n",
            DEFAULT_MEMORY_MB);
}

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
        args_error("--position: too long");
        return false;
    }
    strcpy(buf, moves);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ,\t", &save); tok != NULL;
         tok = strtok_r(NULL, " ,\t", &save)) {
        int pos;
        if (!notation_parse(&g->board, tok, &pos)) {
            args_error("--position: '%s' is not a cell of a %dx%d board", tok,
                       g->board.width, g->board.height);
            return false;
        }
        switch (game_play(g, pos)) {
        case GAME_OK:
            break;
        case GAME_ERR_OCCUPIED:
            args_error("--position: %s is played twice", tok);
            return false;
        default:
            args_error("--position: the game is over before %s", tok);
            return false;
        }
    }
    return true;
}

int cmd_solve(int argc, char **argv)
{
    struct game_config config;
    game_config_default(&config);
    bool have_size = false, have_win = false;
    const char *position = NULL;
    long memory_mb = DEFAULT_MEMORY_MB, seconds = 0, win = 0;
    uint64_t max_nodes = 0;

    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            if (flag[0] == '-' && strcmp(flag, "-") != 0)
                args_error("%s: needs a value (see 'mnk solve --help')", flag);
            else
                args_error("unexpected argument '%s' (see 'mnk solve --help')", flag);
            return ARGS_EXIT_USAGE;
        }
        const char *value = argv[++i];
        bool ok;
        if (strcmp(flag, "--size") == 0)
            ok = have_size = args_size(flag, value, &config.width, &config.height);
        else if (strcmp(flag, "--win") == 0)
            ok = have_win = args_int(flag, value, BOARD_MIN_WIN, BOARD_MAX_SIDE, &win);
        else if (strcmp(flag, "--rule") == 0)
            ok = args_rule(flag, value, &config.rule);
        else if (strcmp(flag, "--position") == 0)
            ok = (position = value) != NULL;
        else if (strcmp(flag, "--memory") == 0)
            ok = args_int(flag, value, 1, 65536, &memory_mb);
        else if (strcmp(flag, "--time") == 0)
            ok = args_int(flag, value, 0, 1000000, &seconds);
        else if (strcmp(flag, "--nodes") == 0)
            ok = args_seed(flag, value, &max_nodes);
        else {
            args_error("unknown option '%s' (see 'mnk solve --help')", flag);
            return ARGS_EXIT_USAGE;
        }
        if (!ok)
            return ARGS_EXIT_USAGE;
    }
    if (!have_size || !have_win) {
        args_error("%s is required (see 'mnk solve --help')", have_size ? "--win" : "--size");
        return ARGS_EXIT_USAGE;
    }
    config.win = (int)win;
    config.early_draw = false;
    if (!args_check_board(&config))
        return ARGS_EXIT_USAGE;
    struct game game;
    const char *why = game_init(&game, &config);
    if (why != NULL) {
        args_error("%s", why);
        return ARGS_EXIT_USAGE;
    }
    if (position != NULL && !play_position(&game, position))
        return ARGS_EXIT_USAGE;

    struct solver *solver = solver_create((size_t)memory_mb << 20);
    if (solver == NULL) {
        fprintf(stderr, "mnk: not enough memory for a %ld MiB table\n", memory_mb);
        return 1;
    }
    enum stone side = game_to_move(&game);
    struct solve_view view = { &game.board, side };
    struct solver_limits limits = {
        .time_ms = (int)(seconds > 0 ? seconds * 1000 : 0),
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
