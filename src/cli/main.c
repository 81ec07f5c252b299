/* main.c — the mnk binary: dispatches to a subcommand, or starts the game. */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "config.h"
#include "util/i18n.h"
#include "storage/record.h"
#include "mnk/i18n.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    { "play", cmd_play, N_("the full-screen game (what plain `mnk` runs)") },
    { "show", cmd_show, N_("print a game record as a text board with its moves") },
    { "analyze", cmd_analyze, N_("judge a recorded game move by move, with the better moves") },
    { "convert", cmd_convert, N_("convert a game record between SGF and PSQ") },
    { "engine", cmd_engine, N_("a Gomocup engine on standard input/output (Piskvork protocol)") },
    { "match", cmd_match, N_("headless games between two computer players, with a score") },
    { "host", cmd_host, N_("open a network game for a friend to join (lines on stdin/stdout)") },
    { "join", cmd_join, N_("join a friend's network game with its code (lines on stdin/stdout)") },
    { "server", cmd_server, N_("a server where many players meet, play and watch games") },
    { "levels", cmd_levels, N_("the computer's levels, weakest first, with their strength") },
    { "puzzle", cmd_puzzle, N_("puzzles: list, show and re-prove a collection") },
    { "solve", cmd_solve, N_("the exact value of a small board, by exhaustive search") },
    { "bench", cmd_bench, N_("search fixed positions: node counts and speed") },
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out, "%s\n\n%s\n\n%s\n", _("usage: mnk [--lang LANG] [COMMAND] [OPTIONS]"),
            _("m,n,k-games from tic-tac-toe to gomoku, with a strong computer player."),
            _("commands:"));
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, _(commands[i].summary));
    fprintf(out, "\n");
    args_wrap(out, "", _("'mnk COMMAND --help' describes a command and its options ('mnk play "
                         "--help' the game's); 'mnk --lang LANG COMMAND' speaks LANG (en, "
                         "zh_CN) whatever the locale."));
    /* The manual is installed with the program; a binary run from its
     * build tree reads it from the checkout it was built from. */
    char man[4200];
    if (i18n_built_here())
        snprintf(man, sizeof man, _("The manual describes them all: man -l %s/mnk.6"),
                 MNK_SOURCE_DATADIR);
    else
        snprintf(man, sizeof man, "%s", _("The manual describes them all: man 6 mnk"));
    args_wrap(out, "", man);
}

/* `--lang LANG` or `--lang=LANG` at argv[1]: the language, and how many
 * arguments it takes (0 when absent). */
static int lang_flag(int argc, char **argv, const char **lang)
{
    if (argc >= 2 && strncmp(argv[1], "--lang=", 7) == 0) {
        *lang = argv[1] + 7;
        return 1;
    }
    if (argc >= 2 && strcmp(argv[1], "--lang") == 0) {
        *lang = argc >= 3 ? argv[2] : NULL;
        return 2;
    }
    return 0;
}

/* The --lang of `mnk play` (or of plain `mnk`), wherever it stands among
 * the flags, or NULL: play's own parser reads it too, but only in turn,
 * after complaints about the flags before it. */
static const char *play_lang(int argc, char **argv)
{
    for (size_t i = 0; argc >= 2 && i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0 && strcmp(argv[1], "play") != 0)
            return NULL;
    const char *lang = NULL;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strncmp(argv[i], "--lang=", 7) == 0)
            lang = argv[i] + 7;
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang = argv[++i];
    }
    return lang;
}

int main(int argc, char **argv)
{
    /* The language first, so that every message after speaks it. */
    const char *lang = NULL;
    int skip = lang_flag(argc, argv, &lang);
    if (skip == 0)
        lang = play_lang(argc, argv);
    i18n_init(lang != NULL && i18n_valid(lang) ? lang : NULL);
    if (skip > 0 && (lang == NULL || !i18n_valid(lang))) {
        args_error(NULL, _("--lang: expected a language such as en or zh_CN, got '%s'"),
                   lang != NULL ? lang : "");
        return ARGS_EXIT_USAGE;
    }
    if (skip > 0) {
        /* argv[0] stays; the rest moves down over the flag. */
        argc -= skip;
        for (int i = 1; i <= argc; i++)
            argv[i] = argv[i + skip];
    }
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
    args_error(NULL, _("unknown command '%s'; 'mnk --help' lists the commands"), argv[1]);
    return ARGS_EXIT_USAGE;
}
