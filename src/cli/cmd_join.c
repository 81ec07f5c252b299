/* cmd_join.c — `mnk join HOST[:PORT] CODE`: joins a friend's network game
 * and plays it on standard input and output (cli/netplay.h), the host the
 * referee (play/netgame.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/netplay.h"
#include "mnk/i18n.h"
#include "play/netgame.h"
#include "play/pisknet.h"

struct join_flags {
    bool piskvork;
};

static const struct join_flags join_defaults = {0};

static const struct args_option join_options[] = {
    { .name = "piskvork", .kind = ARGS_SWITCH, .offset = offsetof(struct join_flags, piskvork),
      .help = N_("join a Piskvork player's network game at HOST[:PORT] (port 3629 by default), "
              "with no code. It is not encrypted: anyone on the way can read and change it") },
};

static const struct args_command join_command = {
    .name = "join",
    .operands = "HOST[:PORT] CODE",
    .options = join_options,
    .n_options = sizeof join_options / sizeof join_options[0],
    .defaults = &join_defaults,
    .about = N_("Joins a friend's game, opened with 'mnk host', at HOST (a name or an "
             "address; [v6]:PORT for IPv6) with the join code it printed (its groups may be "
             "given apart). The host's settings are printed first: answer yes to play or no. "
             "Moves and commands are read from standard input, one a line, and everything "
             "that happens is written to standard output (see the manual). With --piskvork, "
             "joins a Piskvork player's network game instead: HOST[:PORT] alone."),
    .min_operands = 1,
    .max_operands = 4,
    .operands_error = N_("a host and a join code (with --piskvork, a host alone)"),
};

/* `mnk join --piskvork HOST[:PORT]`. */
static int join_piskvork(const struct args_operands *ops)
{
    if (ops->count != 1) {
        args_error("join", _("%s; see 'mnk %s --help'"),
                   _("a host and a join code (with --piskvork, a host alone)"), "join");
        return ARGS_EXIT_USAGE;
    }
    char host[LINK_ADDRESS_MAX], err[512];
    int port;
    if (!link_split_address(ops->list[0], PISKWIRE_PORT, host, sizeof host, &port, err,
                            sizeof err)) {
        args_error("join", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    printf("notice %s\n",
           _("Piskvork's network game is not encrypted: anyone on the way can read and change it"));
    fflush(stdout);
    struct pisknet_options o = {0};
    struct pisknet *pn = pisknet_join(ops->list[0], &o, err, sizeof err);
    if (pn == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    return netplay_run_piskvork("join", pn);
}

int cmd_join(int argc, char **argv)
{
    struct join_flags f = join_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&join_command, argc, argv, &f, &ops, &status))
        return status;
    if (f.piskvork)
        return join_piskvork(&ops);
    if (ops.count < 2) {
        args_error("join", _("%s; see 'mnk %s --help'"),
                   _("a host and a join code (with --piskvork, a host alone)"), "join");
        return ARGS_EXIT_USAGE;
    }
    /* The code, from one operand or its groups apart. */
    char typed[64] = "";
    for (int i = 1; i < ops.count; i++)
        if (strlen(typed) + strlen(ops.list[i]) + 2 < sizeof typed) {
            strcat(typed, i > 1 ? " " : "");
            strcat(typed, ops.list[i]);
        }
    char code[JOINCODE_SIZE], err[512];
    if (!joincode_parse(typed, code, err, sizeof err)) {
        args_error("join", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    char host[LINK_ADDRESS_MAX];
    int port;
    if (!link_split_address(ops.list[0], LINK_DEFAULT_PORT, host, sizeof host, &port, err,
                            sizeof err)) {
        args_error("join", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    struct netgame_options o = {0};
    struct netgame *ng = netgame_join(ops.list[0], code, &o, err, sizeof err);
    if (ng == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    return netplay_run("join", ng);
}
