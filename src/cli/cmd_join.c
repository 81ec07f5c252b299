/* cmd_join.c — `mnk join HOST[:PORT] CODE`: joins a friend's network game
 * and plays it on standard input and output (cli/netplay.h), the host the
 * referee (play/netgame.h); `mnk join HOST[:PORT]` without a code goes to
 * a server's lobby (play/server.h): lists its games, opens one, sits down
 * at one or watches one. */
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
#include "play/server.h"
#include "storage/safefile.h"
#include "tui/saves.h"

struct join_flags {
    bool piskvork;
    const char *name;
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
             "--game or --watch say what to do there. "
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

/* ---- a server's lobby ---- */

#define LOBBY_WAIT_MS 10000 /* the most to wait for an answer in the lobby */

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

/* The next message from the server, skipping nothing: false (said why)
 * when the link ends or LOBBY_WAIT_MS pass. */
static bool next_msg(struct link *l, struct wire_msg *m)
{
    for (;;) {
        enum link_event ev = link_wait(l, m, LOBBY_WAIT_MS);
        switch (ev) {
        case LINK_MESSAGE:
            if (m->type == WIRE_ERROR) {
                args_error("join", _("the server says: %s"), m->text);
                return false;
            }
            return true;
        case LINK_READY:
            continue;
        case LINK_IDLE:
            args_error("join", "%s", _("the server did not answer in time"));
            return false;
        default:
            args_error("join", "%s",
                       link_error(l)[0] != '\0' ? link_error(l) : _("the server left"));
            return false;
        }
    }
}

static const char *state_word(enum wire_game_state s)
{
    return s == WIRE_GAME_OPEN ? "open" : s == WIRE_GAME_PLAYING ? "playing" : "over";
}

static int list_games(struct link *l)
{
    char err[256];
    link_send(l, &(struct wire_msg){.type = WIRE_LIST}, err, sizeof err);
    struct wire_msg m;
    while (next_msg(l, &m)) {
        if (m.type == WIRE_LISTED) {
            say("games %d", m.count);
            link_close(l);
            return 0;
        }
        if (m.type != WIRE_GAME)
            continue;
        const struct wire_game *g = &m.game;
        const struct wire_settings *st = &g->settings;
        say("game %d %s %s %s %dx%d k=%d %s %s %s black=%s watchers=%d", g->game,
            state_word(g->state), g->host, g->joiner[0] != '\0' ? g->joiner : "-", st->width,
            st->height, st->win, rule_name(st->rule), opening_rule_name(st->opening),
            st->time_control, st->black == WIRE_HOST ? "host" : "joiner", g->watchers);
    }
    link_free(l);
    return 1;
}

static const char *colour(enum stone s)
{
    return s == STONE_BLACK ? "black" : "white";
}

/* A spectator: the game as it goes, to its end. */
static int watch_game(struct link *l)
{
    struct wire_msg m;
    struct game g;
    bool have = false;
    char cell[NOTATION_MAX], why[256];
    for (;;) {
        enum link_event ev = link_wait(l, &m, 60000);
        if (ev == LINK_IDLE || ev == LINK_READY)
            continue;
        if (ev != LINK_MESSAGE) {
            say("ended %s", link_error(l)[0] != '\0' ? link_error(l) : "the server left");
            link_free(l);
            return have ? 0 : 1;
        }
        switch (m.type) {
        case WIRE_WATCHING:
            say("watching %d %s %s", m.game.game, m.game.host,
                m.game.joiner[0] != '\0' ? m.game.joiner : "-");
            break;
        case WIRE_SETTINGS: {
            struct netgame_settings st;
            if (!netgame_settings_of(&m.settings, &st, why, sizeof why)) {
                args_error("join", "%s", why);
                link_free(l);
                return 1;
            }
            struct game_config c;
            game_config_default(&c);
            c.width = st.width, c.height = st.height, c.win = st.win, c.rule = st.rule;
            c.opening = st.opening, c.tc = st.tc;
            have = game_init(&g, &c) == NULL;
            say("settings %dx%d k=%d %s %s %s black=%s", st.width, st.height, st.win,
                rule_name(st.rule), opening_rule_name(st.opening), m.settings.time_control,
                m.settings.black == WIRE_HOST ? "host" : "joiner");
            break;
        }
        case WIRE_CHOICE:
            if (have && game_choose(&g, m.choice.choice) == GAME_OK)
                say("choice %d", m.choice.ply);
            break;
        case WIRE_MOVE: {
            if (!have || m.move.x >= g.board.width || m.move.y >= g.board.height)
                break;
            int pos = board_pos(&g.board, m.move.x, m.move.y);
            if (game_play_timed(&g, pos, (int)m.move.spent_ms) == GAME_OK)
                say("move %d %s %s %lld", g.ply, colour(game_stone_of(&g, g.ply - 1)),
                    notation_format(&g.board, pos, cell), (long long)m.move.spent_ms);
            break;
        }
        case WIRE_UNDO:
            while (have && g.ply > m.undo && game_undo(&g))
                ;
            say("undo %d", m.undo);
            break;
        case WIRE_RESULT:
            say("result %s %d", m.result.outcome == OUTCOME_BLACK_WINS   ? "black"
                                : m.result.outcome == OUTCOME_WHITE_WINS ? "white"
                                                                         : "draw",
                m.result.ply);
            link_close(l);
            return 0;
        case WIRE_REFUSED:
            say("refused %s", m.text);
            link_close(l);
            return 1;
        default:
            break;
        }
    }
}

/* The file of servers' keys pinned on first use. */
static bool known_path(char *buf, size_t size)
{
    char stats[1024], why[256];
    if (!saves_stats_path(stats, sizeof stats, why, sizeof why) || strrchr(stats, '/') == NULL)
        return false;
    *strrchr(stats, '/') = '\0';
    return snprintf(buf, size, "%s/known-servers", stats) < (int)size;
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

static int join_server(const char *address, const struct join_flags *f)
{
    int tasks = f->list + f->create + (f->game > 0) + (f->watch > 0);
    if (tasks != 1) {
        args_error("join", "%s",
                   _("without a join code, say what to do on the server: --list, --create, "
                     "--game N or --watch N (one of them)"));
        return ARGS_EXIT_USAGE;
    }
    char name[WIRE_NAME_MAX], err[512];
    if (!name_of(f, name, sizeof name))
        return ARGS_EXIT_USAGE;
    char known[1100];
    if (!known_path(known, sizeof known)) {
        args_error("join", "%s", _("HOME is not set: there is nowhere to keep the server's key"));
        return 1;
    }
    char probe[1200];
    snprintf(probe, sizeof probe, "%s", known);
    if (!safefile_make_parents(probe, err, sizeof err)) {
        args_error("join", "%s", err);
        return 1;
    }
    struct link_config c = {.known_file = known};
    struct link *l = link_connect(address, &c, err, sizeof err);
    if (l == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    struct wire_msg m = {.type = WIRE_NAME};
    snprintf(m.name, sizeof m.name, "%s", name);
    link_send(l, &m, err, sizeof err);
    if (!next_msg(l, &m)) {
        link_free(l);
        return 1;
    }
    if (link_peer_pinned_now(l))
        say("notice first connection to %s: its key %s is remembered in %s", address,
            link_peer_fingerprint(l), known);
    if (m.type == WIRE_REFUSED) {
        args_error("join", _("the server refused: %s"), m.text);
        link_close(l);
        return 1;
    }
    say("lobby %s", name);
    if (f->list)
        return list_games(l);
    if (f->watch > 0) {
        m = (struct wire_msg){.type = WIRE_WATCH, .seat = {.game = (int)f->watch}};
        link_send(l, &m, err, sizeof err);
        return watch_game(l);
    }
    if (f->create) {
        struct game_config gc;
        game_config_default(&gc);
        gc.width = f->size.width;
        gc.height = f->size.height;
        gc.rule = f->rule;
        int longest = gc.width > gc.height ? gc.width : gc.height;
        gc.win = f->win_given ? (int)f->win : (longest < 5 ? longest : 5);
        if (!args_check_board("join", &gc)) {
            link_close(l);
            return ARGS_EXIT_USAGE;
        }
        struct netgame_settings st = {gc.width, gc.height, gc.win, gc.rule,
                                      (enum opening_rule)f->opening, f->tc,
                                      f->black == 0 ? WIRE_HOST : WIRE_JOINER};
        m = (struct wire_msg){.type = WIRE_CREATE};
        netgame_settings_wire(&st, &m.settings);
    } else {
        m = (struct wire_msg){.type = WIRE_JOIN, .seat = {.game = (int)f->game}};
    }
    link_send(l, &m, err, sizeof err);
    if (!next_msg(l, &m)) {
        link_free(l);
        return 1;
    }
    if (m.type != WIRE_SEAT) {
        args_error("join", _("the server refused: %s"),
                   m.type == WIRE_REFUSED ? m.text : wire_type_name(m.type));
        link_close(l);
        return 1;
    }
    say("seat %d", m.seat.game);
    struct netgame_options o = {.name = name};
    struct netgame *ng = netgame_join_seat(l, address, known, &m.seat, &o, err, sizeof err);
    if (ng == NULL) {
        args_error("join", "%s", err);
        return 1;
    }
    return netplay_run("join", ng);
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
        return join_piskvork(&ops);
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
    return netplay_run("join", ng);
}
