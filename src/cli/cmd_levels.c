/* cmd_levels.c — `mnk levels`: the ladder of computer levels, one line each:
 * its name, what it is like, and its measured strength. */
#include <stdio.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "mnk/i18n.h"
#include "mnk/level.h"
#include "tui/text.h"

static const struct args_command levels_command = {
    .name = "levels",
    .about = N_("Lists the computer's levels, weakest first: the name to give --black, "
             "--white, --level or match, what the level is like, and its strength in Elo "
             "above the weakest, as measured with 'mnk match' (see the README)."),
    .max_operands = 0,
};

int cmd_levels(int argc, char **argv)
{
    struct args_operands ops;
    int status;
    if (!args_parse(&levels_command, argc, argv, NULL, &ops, &status))
        return status;
    /* Padded in columns: a translated description may be Chinese. */
    char head[2][128], what[4 * LEVEL_DESCRIPTION_MAX + 1];
    printf("  %s %s %5s\n", text_pad(head[0], sizeof head[0], _("level"), 12),
           text_pad(head[1], sizeof head[1], _("what it is like"), LEVEL_DESCRIPTION_MAX),
           "Elo");
    for (int i = 0; i < level_count(); i++) {
        const struct level *l = level_at(i);
        text_pad(what, sizeof what, _(l->description), LEVEL_DESCRIPTION_MAX);
        if (l->elo == LEVEL_UNMEASURED)
            printf("  %-12s %s %5s\n", l->name, what, "-");
        else
            printf("  %-12s %s %5d\n", l->name, what, l->elo);
    }
    printf(_("\nElo: above %s, from games of each level against the one below on\n"
             "15x15 (see the README for the matches).\n"),
           level_at(0)->name);
    return 0;
}
