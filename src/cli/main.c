/* main.c — the mnk binary: dispatches to a subcommand, or starts the game. */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "config.h"
#include "io/record.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    { "play", cmd_play, "the full-screen game (what plain `mnk` runs)" },
    { "show", cmd_show, "print a game record as a text board with its moves" },
    { "analyze", cmd_analyze, "judge a recorded game move by move, with the better moves" },
    { "convert", cmd_convert, "convert a game record between SGF and PSQ" },
    { "engine", cmd_engine, "a Gomocup engine on standard input/output (Piskvork protocol)" },
    { "match", cmd_match, "headless games between two computer players, with a score" },
    { "levels", cmd_levels, "the computer's levels, weakest first, with their strength" },
    { "solve", cmd_solve, "the exact value of a small board, by exhaustive search" },
    { "bench", cmd_bench, "search fixed positions: node counts and speed" },
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out, "usage: mnk [COMMAND] [OPTIONS]\n\n"
                 "m,n,k-games from tic-tac-toe to gomoku, with a strong computer player.\n\n"
                 "commands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n");
    cmd_play_usage(out);
    fprintf(out, "\n'mnk COMMAND --help' describes a command; 'man 6 mnk' all of them.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
            printf("mnk %s\n", MNK_VERSION);
            return 0;
        }
        if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        /* Plain `mnk` and `mnk --size 15 ...` both mean: play. */
        argv[0] = (char *)"play";
        return cmd_play(argc, argv);
    }
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    enum record_format fmt;
    if (record_format_for_path(argv[1], &fmt)) {
        /* `mnk game.sgf`: open the record. */
        argv[0] = (char *)"play";
        return cmd_play(argc, argv);
    }
    args_error(NULL, "unknown command '%s'; 'mnk --help' lists the commands", argv[1]);
    return ARGS_EXIT_USAGE;
}
