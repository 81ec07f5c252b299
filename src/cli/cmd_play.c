/* cmd_play.c — `mnk [play]`: the full-screen game. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("mnk: the full-screen game is not built yet; see 'mnk --help'\n", stderr);
    return 1;
}
