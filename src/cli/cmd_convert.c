/* cmd_convert.c — `mnk convert IN OUT`: a game record from one format to
 * another (SGF, PSQ), checking every move on the way, keeping what the
 * target format can hold, and never leaving a partial OUT. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "io/record.h"

static void convert_usage(FILE *out)
{
    fputs("usage: mnk convert [--to sgf|psq] IN OUT\n"
          "\n"
          "Reads the game record IN and writes it to OUT, each in the format its\n"
          "extension names (.sgf or .psq). OUT may be '-' for standard output,\n"
          "with --to naming the format. Every move is checked while reading.\n"
          "SGF to SGF keeps the record's other root properties (comments, event,\n"
          "date, other programs' own); PSQ keeps the board, win length and rule.\n"
          "OUT is written under a temporary name and renamed when complete.\n",
          out);
}

int cmd_convert(int argc, char **argv)
{
    static const struct option options[] = {
        { "to", required_argument, NULL, 't' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *to = NULL;
    int opt;
    optind = 1;
    opterr = 0; /* getopt's own message would be a second line, unlike the other commands */
    while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
        switch (opt) {
        case 't':
            to = optarg;
            if (strcmp(to, "sgf") != 0 && strcmp(to, "psq") != 0) {
                args_error("--to: expected sgf or psq, got '%s'", to);
                return ARGS_EXIT_USAGE;
            }
            break;
        case 'h':
            convert_usage(stdout);
            return 0;
        default:
            args_error("%s: unknown option or missing value; see 'mnk convert --help'",
                       argv[optind - 1]);
            return ARGS_EXIT_USAGE;
        }
    }
    if (argc - optind != 2) {
        args_error("convert: expected two files, IN and OUT; see 'mnk convert --help'");
        return ARGS_EXIT_USAGE;
    }
    const char *in = argv[optind], *out = argv[optind + 1];
    enum record_format fmt;
    if (to != NULL) {
        fmt = strcmp(to, "sgf") == 0 ? RECORD_SGF : RECORD_PSQ;
    } else if (strcmp(out, "-") == 0 || !record_format_for_path(out, &fmt)) {
        args_error("%s: cannot tell the format; name it .sgf or .psq, or use --to", out);
        return ARGS_EXIT_USAGE;
    }
    static struct game game;          /* large; one per process */
    static struct record_extra extra; /* what the record says beyond the game */
    char err[1024];
    if (!record_load_extra(in, &game, &extra, err, sizeof err)) {
        args_error("%s", err);
        return 1;
    }
    /* SGF keeps the other properties of the root; PSQ cannot hold them. */
    const struct record_notes notes = { .root_props = extra.root };
    if (strcmp(out, "-") == 0) {
        bool ok = fmt == RECORD_SGF ? record_write_notes(stdout, &game, &notes)
                                    : record_write(stdout, &game, fmt);
        return ok ? 0 : 1;
    }
    if (!record_save_notes(out, &game, fmt, &notes, false, err, sizeof err)) {
        args_error("%s", err);
        return 1;
    }
    return 0;
}
