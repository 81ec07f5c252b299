/* cmd_match.c placeholder */
#include "cli/commands.h"
int cmd_match(int argc, char **argv){(void)argc;(void)argv;return 1;}
