/* cmd_host.c — `mnk host`: opens a network game for a friend to join, and
 * plays it on standard input and output (cli/netplay.h), this side the
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

struct host_flags {
    long port;
    const char *bind;
    const char *name;
    const char *save;
    struct args_size size;
    long win;
    enum rule rule;
    int opening;               /* enum opening_rule */
    struct tc tc;
    int black;                 /* index in black_words */
    bool win_given;
    bool port_given;
    bool piskvork;
};

static const char *const black_words[] = {"me", "them", NULL};

static bool parse_tc(const char *text, void *field, char *why)
{
    return tc_parse(text, field, why, ARGS_WHY_MAX);
}

static const struct host_flags host_defaults = {
    .port = LINK_DEFAULT_PORT, .size = {15, 15}, .rule = RULE_DEFAULT,
};

static const struct args_option host_options[] = {
    { .name = "piskvork", .kind = ARGS_SWITCH, .offset = offsetof(struct host_flags, piskvork),
      .help = N_("play a Piskvork player over Piskvork's own network game (five in a row, no "
              "opening rule, no clock). It is not encrypted: anyone on the way can read and "
              "change it") },
    { .name = "port", .kind = ARGS_INT, .min = 0, .max = 65535, .metavar = "P",
      .offset = offsetof(struct host_flags, port), .show_default = true,
      .seen = ARGS_SEEN(struct host_flags, port_given),
      .help = N_("the TCP port to listen on (0: any free one, printed); 3629 with --piskvork") },
    { .name = "bind", .kind = ARGS_STRING, .metavar = "ADDRESS",
      .offset = offsetof(struct host_flags, bind),
      .help = N_("listen on this address only (127.0.0.1, ::1, ...); by default on all") },
    { .name = "name", .kind = ARGS_STRING, .metavar = "NAME",
      .offset = offsetof(struct host_flags, name),
      .help = N_("your name, as your friend sees it (by default your login name)") },
    { .name = "save", .kind = ARGS_CUSTOM, .parse = args_parse_dir, .metavar = "DIR",
      .offset = offsetof(struct host_flags, save),
      .help = N_("keep each game as a record in DIR (net-DATE.sgf, written at every move)") },
    { .name = "size", .kind = ARGS_SIZE, .offset = offsetof(struct host_flags, size),
      .show_default = true, .help = N_("board size") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct host_flags, win),
      .seen = ARGS_SEEN(struct host_flags, win_given),
      .help = N_("stones in a row that win, at most the longer side; by default 5, or the "
              "longer side if shorter") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct host_flags, rule),
      .show_default = true, .help = N_("freestyle, exact, renju or caro") },
    { .name = "opening", .kind = ARGS_CHOICE, .choices = args_opening_names,
      .offset = offsetof(struct host_flags, opening), .show_default = true,
      .help = N_("none, swap or swap2; under swap and swap2 --black places the opening") },
    { .name = "tc", .kind = ARGS_CUSTOM, .parse = parse_tc, .metavar = "TC",
      .offset = offsetof(struct host_flags, tc),
      .help = N_("the time control, as for play (3+2, 10m+5x30s, ...); default none") },
    { .name = "black", .kind = ARGS_CHOICE, .choices = black_words,
      .offset = offsetof(struct host_flags, black), .show_default = true,
      .help = N_("who takes Black: me (the host) or them (the one who joins)") },
};

static const struct args_command host_command = {
    .name = "host",
    .about = N_("Opens a game for a friend to join over the network, with 'mnk join', and "
             "prints its join code and port. Moves and commands are read from standard "
             "input, one a line, and everything that happens is written to standard output "
             "(see the manual); this side is the referee. With --piskvork, a Piskvork player "
             "joins instead, with no join code."),
    .options = host_options,
    .n_options = sizeof host_options / sizeof host_options[0],
    .defaults = &host_defaults,
    .max_operands = 0,
};

/* `mnk host --piskvork`: the same game for a Piskvork player. */
static int host_piskvork(const struct netgame_settings *s, const struct host_flags *f)
{
    struct pisknet_options o = {.bind = f->bind != NULL && f->bind[0] != '\0' ? f->bind : NULL,
                                .port = f->port_given ? (int)f->port : PISKWIRE_PORT};
    char err[512];
    struct pisknet *pn = pisknet_host(s, &o, err, sizeof err);
    if (pn == NULL) {
        args_error("host", "%s", err);
        return 1;
    }
    printf("notice %s\nport %d\n",
           _("Piskvork's network game is not encrypted: anyone on the way can read and change it"),
           pisknet_port(pn));
    fflush(stdout);
    return netplay_run_piskvork("host", pn, f->save);
}

int cmd_host(int argc, char **argv)
{
    struct host_flags f = host_defaults;
    f.tc = tc_none();
    struct args_operands ops;
    int status;
    if (!args_parse(&host_command, argc, argv, &f, &ops, &status))
        return status;
    struct game_config c;
    game_config_default(&c);
    c.width = f.size.width;
    c.height = f.size.height;
    c.rule = f.rule;
    int longest = c.width > c.height ? c.width : c.height;
    c.win = f.win_given ? (int)f.win : (longest < 5 ? longest : 5);
    if (!args_check_board("host", &c))
        return ARGS_EXIT_USAGE;
    struct netgame_settings s = {c.width, c.height, c.win, c.rule,
                                 (enum opening_rule)f.opening, f.tc,
                                 f.black == 0 ? WIRE_HOST : WIRE_JOINER};
    if (f.piskvork)
        return host_piskvork(&s, &f);
    char name[WIRE_NAME_MAX], err[512];
    if (f.name == NULL) {
        netgame_default_name(name, sizeof name);
    } else if (wire_name_check(f.name, err, sizeof err)) {
        snprintf(name, sizeof name, "%s", f.name);
    } else {
        args_error("host", "--name: %s", err);
        return ARGS_EXIT_USAGE;
    }
    struct netgame_options o = {.bind = f.bind != NULL && f.bind[0] != '\0' ? f.bind : NULL,
                                .port = (int)f.port, .name = name};
    struct netgame *ng = netgame_host(&s, &o, err, sizeof err);
    if (ng == NULL) {
        args_error("host", "%s", err);
        return 1;
    }
    printf("code %s\nport %d\n", netgame_code(ng), netgame_port(ng));
    /* Where the friend connects: the address listened on, or this
     * computer's that others may reach. */
    char addresses[512];
    if (o.bind != NULL)
        snprintf(addresses, sizeof addresses, "%s", o.bind);
    else
        link_local_addresses(addresses, sizeof addresses);
    for (char *a = strtok(addresses, " "); a != NULL; a = strtok(NULL, " "))
        printf("address %s\n", a);
    fflush(stdout);
    return netplay_run("host", ng, f.save);
}
