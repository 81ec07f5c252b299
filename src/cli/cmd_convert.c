/* cmd_convert.c — `mnk convert IN OUT`: a game record from one format to
 * another (SGF, PSQ), checking every move on the way, keeping what the
 * target format can hold, and never leaving a partial OUT. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "storage/record.h"
#include "mnk/i18n.h"

static const char *const formats[] = { "sgf", "psq", NULL };

struct convert_flags {
    int to;          /* index in formats */
    bool to_given;
};

static const struct args_option convert_options[] = {
    { .name = "to", .kind = ARGS_CHOICE, .choices = formats,
      .offset = offsetof(struct convert_flags, to),
      .seen = ARGS_SEEN(struct convert_flags, to_given),
      .help = N_("the format of OUT, when its name does not say (as for '-')") },
};

static const struct args_command convert_command = {
    .name = "convert",
    .operands = "IN OUT",
    .about = N_("Reads the game record IN and writes it to OUT, each in the format its "
             "extension names (.sgf or .psq). OUT may be '-' for standard output, with --to "
             "naming the format. Every move is checked while reading. SGF to SGF keeps the "
             "record's other root properties (comments, event, date, other programs' own); "
             "PSQ keeps the board, win length and rule. OUT is written under a temporary "
             "name and renamed when complete; a device or a pipe (/dev/stdout, /dev/null) "
             "is written as it is."),
    .options = convert_options,
    .n_options = sizeof convert_options / sizeof convert_options[0],
    .min_operands = 2,
    .max_operands = 2,
    .operands_error = N_("expected two files, IN and OUT"),
};

int cmd_convert(int argc, char **argv)
{
    struct convert_flags f = { 0 };
    struct args_operands ops;
    int status;
    if (!args_parse(&convert_command, argc, argv, &f, &ops, &status))
        return status;
    const char *in = ops.list[0], *out = ops.list[1];
    enum record_format fmt;
    if (f.to_given) {
        fmt = f.to == 0 ? RECORD_SGF : RECORD_PSQ;
    } else if (strcmp(out, "-") == 0 || !record_format_for_path(out, &fmt)) {
        args_error("convert", _("%s: cannot tell the format; name it .sgf or .psq, or use --to"), out);
        return ARGS_EXIT_USAGE;
    }
    static struct game game;          /* large; one per process */
    static struct record_extra extra; /* what the record says beyond the game */
    char err[1024];
    if (!record_load_extra(in, &game, &extra, err, sizeof err)) {
        args_error("convert", "%s", err);
        return 1;
    }
    if (extra.warning[0] != '\0')   /* read, with something left out */
        args_error("convert", "%s: %s", in, extra.warning);
    /* SGF keeps the other properties of the root; PSQ cannot hold them. */
    const struct record_notes notes = { .root_props = extra.root, .counted = extra.counted };
    const char *cannot = record_cannot_keep(&game, fmt);
    if (cannot != NULL) {
        args_error("convert", "%s: %s", in, _(cannot));
        return 1;
    }
    if (strcmp(out, "-") == 0) {
        bool ok = fmt == RECORD_SGF ? record_write_notes(stdout, &game, &notes)
                                    : record_write(stdout, &game, fmt);
        return ok ? 0 : 1;
    }
    if (!record_save_notes(out, &game, fmt, &notes, false, err, sizeof err)) {
        args_error("convert", "%s", err);
        return 1;
    }
    return 0;
}
