/* cmd_join.c — `mnk join HOST[:PORT] CODE`: joins a friend's network game
 * and plays it on standard input and output (cli/netplay.h), the host the
 * referee (play/netgame.h); `mnk join HOST[:PORT]` without a code goes to
 * a server's lobby (play/lobby.h, its port SERVER_DEFAULT_PORT unless
 * given): lists its games, opens one, sits down at one or watches one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/netplay.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "play/netgame.h"
#include "play/pisknet.h"
#include "play/lobby.h"
#include "play/server.h"
#include "tui/saves.h"

struct join_flags {
    bool piskvork;
    const char *name;
    const char *save;
    const char *rejoin;
    bool list, create;
    long game, watch;
    struct args_size size;
    long win;
    enum rule rule;
    int opening;
    struct tc tc;
    int black;
    bool win_given;
};

static const char *const black_words[] = {"me", "them", NULL};

static bool parse_tc(const char *text, void *field, char *why)
{
    return tc_parse(text, field, why, ARGS_WHY_MAX);
}

static const struct join_flags join_defaults = {.size = {15, 15}, .rule = RULE_DEFAULT};

static const struct args_option join_options[] = {
    { .name = "piskvork", .kind = ARGS_SWITCH, .offset = offsetof(struct join_flags, piskvork),
      .help = N_("join a Piskvork player's network game at HOST[:PORT] (port 3629 by default), "
              "with no code. It is not encrypted: anyone on the way can read and change it") },
    { .name = "name", .kind = ARGS_STRING, .metavar = "NAME",
      .offset = offsetof(struct join_flags, name),
      .help = N_("your name, as the other player and a server see it (by default your login "
              "name)") },
    { .name = "save", .kind = ARGS_CUSTOM, .parse = args_parse_dir, .metavar = "DIR",
      .offset = offsetof(struct join_flags, save),
      .help = N_("keep each game as a record in DIR (net-DATE.sgf, written at every move)") },
    { .name = "rejoin", .kind = ARGS_STRING, .metavar = "N:TOKEN",
      .offset = offsetof(struct join_flags, rejoin),
      .help = N_("on a server: back to the seat that a 'token' line named, after the command "
              "that sat there was stopped") },
    { .name = "list", .kind = ARGS_SWITCH, .offset = offsetof(struct join_flags, list),
      .help = N_("on a server: print its games and leave") },
    { .name = "create", .kind = ARGS_SWITCH, .offset = offsetof(struct join_flags, create),
      .help = N_("on a server: open a game with the settings below and wait for someone to "
              "sit down") },
    { .name = "game", .kind = ARGS_INT, .min = 1, .max = WIRE_GAME_MAX, .metavar = "N",
      .offset = offsetof(struct join_flags, game),
      .help = N_("on a server: sit down at open game N") },
    { .name = "watch", .kind = ARGS_INT, .min = 1, .max = WIRE_GAME_MAX, .metavar = "N",
      .offset = offsetof(struct join_flags, watch),
      .help = N_("on a server: watch game N to its end") },
    { .name = "size", .kind = ARGS_SIZE, .offset = offsetof(struct join_flags, size),
      .show_default = true, .help = N_("with --create: board size") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct join_flags, win),
      .seen = ARGS_SEEN(struct join_flags, win_given),
      .help = N_("with --create: stones in a row that win") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct join_flags, rule),
      .show_default = true, .help = N_("with --create: freestyle, exact, renju or caro") },
    { .name = "opening", .kind = ARGS_CHOICE, .choices = args_opening_names,
      .offset = offsetof(struct join_flags, opening), .show_default = true,
      .help = N_("with --create: none, swap or swap2") },
    { .name = "tc", .kind = ARGS_CUSTOM, .parse = parse_tc, .metavar = "TC",
      .offset = offsetof(struct join_flags, tc),
      .help = N_("with --create: the time control (3+2, ...); default none") },
    { .name = "black", .kind = ARGS_CHOICE, .choices = black_words,
      .offset = offsetof(struct join_flags, black), .show_default = true,
      .help = N_("with --create: who takes Black, me or them") },
};

static const struct args_command join_command = {
    .name = "join",
    .operands = "HOST[:PORT] [CODE]",
    .about = N_("Joins a friend's game, opened with 'mnk host', at HOST (a name or an "
             "address; [v6]:PORT for IPv6) with the join code it printed (its groups may be "
             "given apart). The host's settings are printed first: answer yes to play or no. "
             "Without a code, joins the server ('mnk server') at HOST: --list, --create, "
             "--game, --watch or --rejoin say what to do there. "
             "Moves and commands are read from standard input, one a line, and everything "
             "that happens is written to standard output (see the manual). With --piskvork, "
             "joins a Piskvork player's network game instead: HOST[:PORT] alone."),
    .options = join_options,
    .n_options = sizeof join_options / sizeof join_options[0],
    .defaults = &join_defaults,
    .min_operands = 1,
    .max_operands = 4,
    .operands_error = N_("a host and a join code (with --piskvork, a host alone)"),
};

/* `mnk join --piskvork HOST[:PORT]`. */
static int join_piskvork(const struct args_operands *ops, const char *save)
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
    return netplay_run_piskvork("join", pn, save);
}

/* ---- a server's lobby (play/lobby.h) ---- */

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* The lobby's next event: false (said why, the lobby freed) when it ended.
 * The lobby's own deadline ends a wait for an answer; a lobby with no link
 * left has nothing more to say. */
static bool next_event(struct lobby *lb, struct lobby_event *ev)
{
    while (!lobby_wait(lb, ev, LOBBY_WAIT_MS))
        if (lobby_fd(lb) < 0) {
            ev->kind = LOBBY_EV_ENDED;
            snprintf(ev->text, sizeof ev->text, "%s", lobby_why(lb));
            break;
        }
    if (ev->kind != LOBBY_EV_ENDED)
        return true;
    args_error("join", "%s", ev->text);
    lobby_free(lb);
    return false;
}

static int list_games(struct lobby *lb)
{
    char err[LOBBY_WHY_MAX];
    struct lobby_event ev;
    if (!lobby_list(lb, err, sizeof err)) {
        args_error("join", "%s", err);
        lobby_free(lb);
        return 1;
    }
    do
        if (!next_event(lb, &ev))
            return 1;
    while (ev.kind != LOBBY_EV_LISTED && ev.kind != LOBBY_EV_REFUSED);
    if (ev.kind == LOBBY_EV_REFUSED) {
        args_error("join", _("the server refused: %s"), ev.text);
        lobby_close(lb);
        return 1;
    }
    int count, total;
    const struct wire_game *games = lobby_games(lb, &count, &total);
    for (int i = 0; i < count; i++) {
        const struct wire_game *g = &games[i];
        const struct wire_settings *st = &g->settings;
        say("game %d %s %s %s %dx%d k=%d %s %s %s black=%s watchers=%d", g->game,
            lobby_state_word(g->state), g->host, g->joiner[0] != '\0' ? g->joiner : "-",
            st->width, st->height, st->win, rule_name(st->rule),
            opening_rule_name(st->opening), st->time_control,
            st->black == WIRE_HOST ? "host" : "joiner", g->watchers);
    }
    say("games %d", total);
    lobby_close(lb);
    return 0;
}

static const char *colour(enum stone s)
{
    return s == STONE_BLACK ? "black" : "white";
}

/* A spectator: the game as it goes, to its end. */
static int watch_game(struct lobby *lb, int game)
{
    char err[LOBBY_WHY_MAX], cell[NOTATION_MAX];
    if (!lobby_watch(lb, game, err, sizeof err)) {
        args_error("join", "%s", err);
        lobby_free(lb);
        return 1;
    }
    bool have = false;
    for (;;) {
        struct lobby_event ev;
        if (!lobby_wait(lb, &ev, 60000)) {
            if (lobby_fd(lb) >= 0)
                continue;
            ev.kind = LOBBY_EV_ENDED;
            snprintf(ev.text, sizeof ev.text, "%s", lobby_why(lb));
        }
        const struct lobby_watch *w = lobby_watched(lb);
        const struct game *g = w != NULL ? &w->game : NULL;
        switch (ev.kind) {
        case LOBBY_EV_ENDED:
            say("ended %s", ev.text);
            lobby_free(lb);
            return have ? 0 : 1;
        case LOBBY_EV_REFUSED:
            say("refused %s", ev.text);
            lobby_close(lb);
            return 1;
        case LOBBY_EV_WATCHING:
            say("watching %d %s %s", w->number, w->host, w->joiner[0] != '\0' ? w->joiner : "-");
            break;
        case LOBBY_EV_SETTINGS: {
            const struct wire_settings *st = &w->settings;
            have = w->has_game;
            say("settings %dx%d k=%d %s %s %s black=%s", st->width, st->height, st->win,
                rule_name(st->rule), opening_rule_name(st->opening), st->time_control,
                st->black == WIRE_HOST ? "host" : "joiner");
            break;
        }
        case LOBBY_EV_CHOICE:
            say("choice %d", ev.ply);
            break;
        case LOBBY_EV_MOVE:
            say("move %d %s %s %lld", ev.ply, colour(game_stone_of(g, ev.ply - 1)),
                notation_format(&g->board, g->moves[ev.ply - 1], cell), (long long)ev.spent_ms);
            break;
        case LOBBY_EV_UNDO:
            say("undo %d", ev.ply);
            break;
        case LOBBY_EV_RESULT:
            say("result %s %d", g->result.outcome == OUTCOME_BLACK_WINS   ? "black"
                                : g->result.outcome == OUTCOME_WHITE_WINS ? "white"
                                                                          : "draw",
                ev.ply);
            lobby_close(lb);
            return 0;
        default:
            break;
        }
    }
}

/* The name given with --name, or the default one; false (said) when the
 * one given is no name. */
static bool name_of(const struct join_flags *f, char *name, size_t size)
{
    char err[200];
    if (f->name == NULL) {
        netgame_default_name(name, size);
        return true;
    }
    if (!wire_name_check(f->name, err, sizeof err)) {
        args_error("join", "--name: %s", err);
        return false;
    }
    snprintf(name, size, "%s", f->name);
    return true;
}

/* --rejoin N:TOKEN: back to a seat whose command is gone, the game so
 * far from the server. */
static int rejoin(const char *address, const struct join_flags *f)
{
    struct wire_seat seat = {0};
    int used = 0;
    const char *t = f->rejoin;
    if (sscanf(t, "%d:%n", &seat.game, &used) != 1 || used == 0 || seat.game < 1 ||
        seat.game > WIRE_GAME_MAX || strlen(t + used) != WIRE_SEAT_HEX ||
        strspn(t + used, "0123456789abcdef") != WIRE_SEAT_HEX) {
        args_error("join", "%s", _("--rejoin: expected GAME:TOKEN as the token line said it"));
        return ARGS_EXIT_USAGE;
    }
    snprintf(seat.token, sizeof seat.token, "%s", t + used);
    char known[1100], err[LOBBY_WHY_MAX], full[LINK_ADDRESS_MAX + 8];
    if (!saves_known_servers_path(known, sizeof known)) {
        args_error("join", "%s", _("HOME is not set: there is nowhere to keep the server's key"));
        return 1;
    }
    if (!lobby_server_address(address, full, sizeof full, err, sizeof err)) {
        args_error("join", "%s", err);
        return ARGS_EXIT_USAGE;
    }
    char name[WIRE_NAME_MAX];
    if (!name_of(f, name, sizeof name))
        return ARGS_EXIT_USAGE;
    struct netgame_options o = {.name = name};
    struct netgame *ng =
        netgame_rejoin_seat(NULL, WIRE_HOST, full, known, &seat, &o, err, sizeof err);
    if (ng == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    say("seat %d", seat.game);
    say("notice back to the seat on %s: trying until the server answers (five minutes at most)",
        full);
    return netplay_run("join", ng, f->save);
}

static int join_server(const char *address, const struct join_flags *f)
{
    int tasks = f->list + f->create + (f->game > 0) + (f->watch > 0) + (f->rejoin != NULL);
    if (tasks != 1) {
        args_error("join", "%s",
                   _("without a join code, say what to do on the server: --list, --create, "
                     "--game N, --watch N or --rejoin N:TOKEN (one of them)"));
        return ARGS_EXIT_USAGE;
    }
    if (f->rejoin != NULL)
        return rejoin(address, f);
    char name[WIRE_NAME_MAX], err[LOBBY_WHY_MAX];
    if (!name_of(f, name, sizeof name))
        return ARGS_EXIT_USAGE;
    char known[1100];
    if (!saves_known_servers_path(known, sizeof known)) {
        args_error("join", "%s", _("HOME is not set: there is nowhere to keep the server's key"));
        return 1;
    }
    struct game_config gc;
    game_config_default(&gc);
    if (f->create) {
        gc.width = f->size.width;
        gc.height = f->size.height;
        gc.rule = f->rule;
        int longest = gc.width > gc.height ? gc.width : gc.height;
        gc.win = f->win_given ? (int)f->win : (longest < 5 ? longest : 5);
        if (!args_check_board("join", &gc))
            return ARGS_EXIT_USAGE;
    }
    struct lobby *lb = lobby_connect(address, name, known, err, sizeof err);
    if (lb == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    struct lobby_event ev;
    if (!next_event(lb, &ev))
        return 1;
    if (lobby_pinned_now(lb))
        say("notice first connection to %s: its key %s is remembered in %s", address,
            lobby_fingerprint(lb), known);
    say("lobby %s", name);
    if (f->list)
        return list_games(lb);
    if (f->watch > 0)
        return watch_game(lb, (int)f->watch);
    bool sent;
    if (f->create) {
        struct netgame_settings st = {gc.width, gc.height, gc.win, gc.rule,
                                      (enum opening_rule)f->opening, f->tc,
                                      f->black == 0 ? WIRE_HOST : WIRE_JOINER};
        sent = lobby_create(lb, &st, err, sizeof err);
    } else {
        sent = lobby_join(lb, (int)f->game, err, sizeof err);
    }
    if (!sent) {
        args_error("join", "%s", err);
        lobby_free(lb);
        return 1;
    }
    if (!next_event(lb, &ev))
        return 1;
    if (ev.kind != LOBBY_EV_SEAT) {
        args_error("join", _("the server refused: %s"), ev.text);
        lobby_close(lb);
        return 1;
    }
    say("seat %d", ev.seat.game);
    /* The seat's key back after this command is gone: --rejoin. */
    say("token %d:%s", ev.seat.game, ev.seat.token);
    struct netgame_options o = {.name = name};
    struct netgame *ng = lobby_take_seat(lb, &o, err, sizeof err);
    lobby_free(lb);
    if (ng == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    return netplay_run("join", ng, f->save);
}

int cmd_join(int argc, char **argv)
{
    struct join_flags f = join_defaults;
    f.tc = tc_none();
    struct args_operands ops;
    int status;
    if (!args_parse(&join_command, argc, argv, &f, &ops, &status))
        return status;
    if (f.piskvork)
        return join_piskvork(&ops, f.save);
    if (ops.count == 1)
        return join_server(ops.list[0], &f);
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
    char name[WIRE_NAME_MAX];
    if (!name_of(&f, name, sizeof name))
        return ARGS_EXIT_USAGE;
    struct netgame_options o = {.name = name};
    struct netgame *ng = netgame_join(ops.list[0], code, &o, err, sizeof err);
    if (ng == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    return netplay_run("join", ng, f.save);
}
