/* cmd_play.c — `mnk [play]`: the full-screen game, from the menu or, given
 * any flag, straight into the game the flags describe, or into a record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "io/record.h"
#include "mnk/ai.h"
#include "mnk/level.h"
#include "mnk/clock.h"
#include "tui/app.h"
#include "tui/setup.h"

void cmd_play_usage(FILE *out)
{
    char levels[256], names[256];
    level_names(levels, sizeof levels);
    ai_strategy_names(names, sizeof names);
    fprintf(out,
            "usage: mnk [play] [--size N|WxH] [--win K] [--rule R] [--black P] [--white P]\n"
            "                  [--level L] [--time-ms MS] [--seed N]\n"
            "       mnk [play] [--black P] [--white P] [--level L] [--time-ms MS] [--seed N]\n"
            "                  [--load] FILE.sgf|FILE.psq\n\n"
            "Without options, opens the menu. With any, starts that game at once.\n"
            "Given a record, opens it at its last move; --black and --white then\n"
            "replace the players it names.\n"
            "  --size N|WxH  board size, each side %d to %d (default 15)\n"
            "  --win K       stones in a row that win, %d to the longer side\n"
            "                (default 5, or the longer side if shorter)\n"
            "  --rule R      freestyle (K or more wins, default) or exact (exactly K)\n"
            "  --black P     who plays Black (moves first): human (default), a level,\n"
            "                computer (the computer at --level), a strategy or\n"
            "                engine:COMMAND; 'mnk levels' describes the levels\n"
            "  --white P     who plays White, as for --black (default human)\n"
            "  --level L     the level of `computer`, 1 to %d or its name (default %s)\n"
            "  --time-ms MS  thinking time per move of computer players\n"
            "  --seed N      seed of the computer players' random choices\n"
            "  --load FILE   the game record to open (.sgf or .psq)\n"
            "  --help        this text\n\n",
            BOARD_MIN_SIDE, BOARD_MAX_SIDE, BOARD_MIN_WIN, level_count(), level_default()->name);
    args_wrap(out, "levels: ", levels);
    args_wrap(out, "strategies: ", names);
    fprintf(out, "\nIn the game, ? lists the keys.\n");
}

/* The value of flag argv[*i] ("--flag value" or "--flag=value"); NULL, with
 * the error printed, when it is missing. */
static const char *flag_value(int argc, char **argv, int *i, const char *flag)
{
    const char *arg = argv[*i];
    size_t len = strlen(flag);
    if (arg[len] == '=')
        return arg + len + 1;
    if (*i + 1 >= argc) {
        args_error("%s: missing value", flag);
        return NULL;
    }
    return argv[++*i];
}

/* True when argv[i] is `flag` or `flag=...`. */
static bool is_flag(const char *arg, const char *flag)
{
    size_t len = strlen(flag);
    return strncmp(arg, flag, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* A level by name or number (1 = the weakest); *level is 1-based. */
static bool parse_level(const char *text, int *level)
{
    const struct level *l = level_find(text);
    long v;
    if (l != NULL) {
        *level = level_index(l) + 1;
        return true;
    }
    if (strspn(text, "0123456789") == strlen(text) && text[0] != '\0') {
        if (!args_int("--level", text, 1, level_count(), &v))
            return false;
        *level = (int)v;
        return true;
    }
    char names[256];
    level_names(names, sizeof names);
    args_error("--level: expected 1 to %d or one of: %s; got '%s'", level_count(), names, text);
    return false;
}

/* `computer` is the level's strategy; anything else goes to args_player. */
static bool parse_side(const char *flag, const char *text, struct player *p, bool *computer)
{
    *computer = strcmp(text, "computer") == 0;
    if (*computer) {
        p->kind = PLAYER_COMPUTER;
        return true;
    }
    return args_player(flag, text, p);
}

int cmd_play(int argc, char **argv)
{
    struct game_config c;
    game_config_default(&c);
    bool any = false, win_given = false, computer[2] = { false, false };
    int level = level_index(level_default()) + 1;
    bool sized = false, side_given[2] = { false, false };
    long time_ms = -1, win = 0;
    uint64_t seed = (uint64_t)clock_us();
    const char *record = NULL;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v;
        any = true;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cmd_play_usage(stdout);
            return 0;
        }
#define VALUE(flag) \
    if ((v = flag_value(argc, argv, &i, flag)) == NULL) \
        return ARGS_EXIT_USAGE
        if (is_flag(arg, "--size")) {
            VALUE("--size");
            if (!args_size("--size", v, &c.width, &c.height))
                return ARGS_EXIT_USAGE;
            sized = true;
        } else if (is_flag(arg, "--win")) {
            VALUE("--win");
            if (!args_int("--win", v, BOARD_MIN_WIN, BOARD_MAX_SIDE, &win))
                return ARGS_EXIT_USAGE;
            win_given = true;
        } else if (is_flag(arg, "--rule")) {
            VALUE("--rule");
            if (!args_rule("--rule", v, &c.rule))
                return ARGS_EXIT_USAGE;
            sized = true;
        } else if (is_flag(arg, "--black")) {
            VALUE("--black");
            if (!parse_side("--black", v, &c.player[0], &computer[0]))
                return ARGS_EXIT_USAGE;
            side_given[0] = true;
        } else if (is_flag(arg, "--white")) {
            VALUE("--white");
            if (!parse_side("--white", v, &c.player[1], &computer[1]))
                return ARGS_EXIT_USAGE;
            side_given[1] = true;
        } else if (is_flag(arg, "--level")) {
            VALUE("--level");
            if (!parse_level(v, &level))
                return ARGS_EXIT_USAGE;
        } else if (is_flag(arg, "--time-ms")) {
            VALUE("--time-ms");
            if (!args_int("--time-ms", v, 0, 3600000, &time_ms))
                return ARGS_EXIT_USAGE;
        } else if (is_flag(arg, "--seed")) {
            VALUE("--seed");
            if (!args_seed("--seed", v, &seed))
                return ARGS_EXIT_USAGE;
        } else if (is_flag(arg, "--load") || arg[0] != '-') {
            if (arg[0] != '-') {
                v = arg;
            } else {
                VALUE("--load");
            }
            if (record != NULL) {
                args_error("one game record at a time ('%s' and '%s')", record, v);
                return ARGS_EXIT_USAGE;
            }
            record = v;
        } else {
            args_error("unknown option '%s' (see 'mnk play --help')", arg);
            return ARGS_EXIT_USAGE;
        }
#undef VALUE
    }
    if (record != NULL && (sized || win_given)) {
        args_error("%s: a record has its own board (no --size, --win or --rule)", record);
        return ARGS_EXIT_USAGE;
    }

    int longest = c.width > c.height ? c.width : c.height;
    c.win = win_given ? (int)win : (longest < 5 ? longest : 5);
    if (!args_check_board(&c))
        return ARGS_EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        struct player *p = &c.player[i];
        if (computer[i])
            setup_player_level(p, level);
        if (p->kind == PLAYER_COMPUTER) {
            if (time_ms >= 0)
                p->time_ms = (int)time_ms;
            p->seed = seed + (uint64_t)i;
        }
    }

    struct game *g = NULL;
    if (record != NULL) {
        char err[512];
        g = malloc(sizeof *g);
        if (g == NULL || !record_load(record, g, err, sizeof err)) {
            args_error("%s", g == NULL ? "out of memory" : err);
            free(g);
            return ARGS_EXIT_USAGE;
        }
        /* The players it names, unless the flags name others; computers
         * play afresh, records keeping no seed. */
        for (int i = 0; i < 2; i++) {
            struct player *p = &g->config.player[i];
            if (side_given[i])
                *p = c.player[i];
            else if (p->kind == PLAYER_COMPUTER && time_ms >= 0)
                p->time_ms = (int)time_ms;
            p->seed = seed + (uint64_t)i;
        }
    }

    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        args_error("the game needs a terminal (standard input and output)");
        free(g);
        return 1;
    }
    char note[300];
    if (record != NULL)
        snprintf(note, sizeof note, "opened %.280s", record);
    int status = app_run(g != NULL ? NULL : any ? &c : NULL, g, note);
    free(g);
    return status;
}
