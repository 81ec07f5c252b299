/* cmd_play.c — `mnk [play]`: the full-screen game, from the menu or, given
 * any flag, straight into the game the flags describe, or into a record. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "util/i18n.h"
#include "play/players.h"
#include "play/annotate.h"
#include "storage/record.h"
#include "mnk/level.h"
#include "mnk/clock.h"
#include "tui/app.h"
#include "tui/setup.h"
#include "mnk/i18n.h"

/* A side: `computer` (the computer at --level) or any player. */
struct play_side {
    struct player p;
    bool computer;
};

struct play_flags {
    struct args_size size;
    long win, time_ms;
    enum rule rule;
    int opening;               /* enum opening_rule */
    struct play_side side[2];
    int level;                 /* 1-based */
    struct tc tc;              /* --tc: the time control */
    uint64_t seed;
    const char *load;
    const char *lang;          /* --lang, or NULL */
    bool sized, win_given, ruled, opened, side_given[2], timed, seeded, clocked;
};

/* A time control as players write it (gameclock.h: "3+2", "5s+0.1s",
 * "60s/move", "10m+5x30s"...). */
static bool parse_tc(const char *text, void *field, char *why)
{
    return tc_parse(text, field, why, ARGS_WHY_MAX);
}

static bool parse_side(const char *text, void *field, char *why)
{
    struct play_side *s = field;
    s->computer = strcmp(text, "computer") == 0;
    if (s->computer) {
        s->p.kind = PLAYER_COMPUTER;
        return true;
    }
    return args_parse_player(text, &s->p, why);
}

/* A level by name or number (1 = the weakest). */
static bool parse_level(const char *text, void *field, char *why)
{
    int *level = field;
    const struct level *l = level_find(text);
    long v;
    if (l != NULL) {
        *level = level_index(l) + 1;
        return true;
    }
    if (strspn(text, "0123456789") == strlen(text) && text[0] != '\0') {
        if (!args_parse_int(text, 1, level_count(), &v, why))
            return false;
        *level = (int)v;
        return true;
    }
    char names[256];
    level_names(names, sizeof names);
    snprintf(why, ARGS_WHY_MAX, _("expected 1 to %d or one of: %s; got '%.64s'"), level_count(),
             names, text);
    return false;
}

/* A language for the game's text, spoken from now on: a --help after it
 * is in that language too. */
static bool parse_lang(const char *text, void *field, char *why)
{
    if (!i18n_valid(text)) {
        snprintf(why, ARGS_WHY_MAX, _("expected a language such as en or zh_CN, got '%.64s'"),
                 text);
        return false;
    }
    *(const char **)field = text;
    i18n_use(text);
    return true;
}

static const struct play_flags play_defaults = {
    .size = { 15, 15 }, .rule = RULE_DEFAULT, .time_ms = -1,
};

static const struct args_option play_options[] = {
    { .name = "size", .kind = ARGS_SIZE, .offset = offsetof(struct play_flags, size),
      .seen = ARGS_SEEN(struct play_flags, sized), .show_default = true,
      .help = N_("board size") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct play_flags, win),
      .seen = ARGS_SEEN(struct play_flags, win_given),
      .help = N_("stones in a row that win, at most the longer side; by default 5, or the "
              "longer side if shorter") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct play_flags, rule),
      .seen = ARGS_SEEN(struct play_flags, ruled), .show_default = true,
      .help = N_("freestyle (K or more wins), exact (exactly K), renju (five; Black may not "
              "make a double three, a double four or an overline) or caro (K or more, not "
              "blocked at both ends)") },
    { .name = "opening", .kind = ARGS_CHOICE, .choices = args_opening_names,
      .offset = offsetof(struct play_flags, opening),
      .seen = ARGS_SEEN(struct play_flags, opened), .show_default = true,
      .help = N_("none; swap (Black places three stones, Black, White, Black, and White "
              "then takes a colour); swap2 (White may instead place two more and let Black "
              "choose)") },
    { .name = "black", .kind = ARGS_CUSTOM, .parse = parse_side, .metavar = "P",
      .offset = offsetof(struct play_flags, side[0]),
      .seen = ARGS_SEEN(struct play_flags, side_given[0]),
      .help = N_("who plays Black (moves first): human (default), a level, computer (the "
              "computer at --level), a strategy or engine:COMMAND; 'mnk levels' describes "
              "the levels") },
    { .name = "white", .kind = ARGS_CUSTOM, .parse = parse_side, .metavar = "P",
      .offset = offsetof(struct play_flags, side[1]),
      .seen = ARGS_SEEN(struct play_flags, side_given[1]),
      .help = N_("who plays White, as for --black (default human)") },
    { .name = "level", .kind = ARGS_CUSTOM, .parse = parse_level, .metavar = "L",
      .offset = offsetof(struct play_flags, level),
      .help = N_("the level of `computer`: its number, 1 the weakest, or its name (below)") },
    { .name = "tc", .kind = ARGS_CUSTOM, .parse = parse_tc, .metavar = "TC",
      .offset = offsetof(struct play_flags, tc),
      .seen = ARGS_SEEN(struct play_flags, clocked),
      .help = N_("the time control: none, 3+2 (minutes, and seconds added a move), 5s+0.1s, "
              "60s/move, 5m,30s/move, 10m+5x30s (byo-yomi), 10m+10/5m (Canadian)") },
    { .name = "time-ms", .kind = ARGS_INT, .min = 0, .max = 3600000, .metavar = "MS",
      .offset = offsetof(struct play_flags, time_ms),
      .seen = ARGS_SEEN(struct play_flags, timed),
      .help = N_("thinking time per move of computer players") },
    { .name = "seed", .kind = ARGS_U64, .offset = offsetof(struct play_flags, seed),
      .seen = ARGS_SEEN(struct play_flags, seeded),
      .help = N_("seed of the computer players' random choices") },
    { .name = "load", .kind = ARGS_PATH, .offset = offsetof(struct play_flags, load),
      .help = N_("the game record to open (.sgf or .psq), as FILE") },
    { .name = "lang", .kind = ARGS_CUSTOM, .parse = parse_lang, .metavar = "LANG",
      .offset = offsetof(struct play_flags, lang),
      .help = N_("the language of the game: en (English) or zh_CN (Simplified Chinese); "
                 "by default the one remembered from the menu, else the locale's") },
};

static void play_epilogue(FILE *out)
{
    args_list_players(out, true);
    fprintf(out, _("--level takes 1 to %d or a name above; default %s.\n"), level_count(),
            level_default()->name);
    fprintf(out, "\n%s\n", _("In the game, ? lists the keys."));
}

static const struct args_command play_command = {
    .name = "play",
    .operands = "[FILE.sgf|FILE.psq]",
    .about = N_("Without options, opens the menu. With any, starts that game at once.\n"
             "Given a record, opens it at its last move; --black and --white then replace "
             "the players it names."),
    .options = play_options,
    .n_options = sizeof play_options / sizeof play_options[0],
    .defaults = &play_defaults,
    .max_operands = 1,
    .operands_error = N_("one game record at a time"),
    .epilogue = play_epilogue,
};

int cmd_play(int argc, char **argv)
{
    struct play_flags f = play_defaults;
    f.level = level_index(level_default()) + 1;
    f.seed = (uint64_t)clock_us();
    struct args_operands ops;
    int status;
    if (!args_parse(&play_command, argc, argv, &f, &ops, &status))
        return status;
    /* --lang alone still opens the menu. */
    int lang_args = 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--lang") == 0)
            lang_args += 2, i++;
        else if (strncmp(argv[i], "--lang=", 7) == 0)
            lang_args++;
    bool any = argc - lang_args > 1;
    const char *record = ops.count > 0 ? ops.list[0] : f.load;
    if (ops.count > 0 && f.load != NULL) {
        args_error("play", _("one game record at a time ('%s' and '%s')"), f.load, ops.list[0]);
        return ARGS_EXIT_USAGE;
    }
    if (record != NULL && (f.sized || f.win_given || f.ruled)) {
        args_error("play", _("%s: a record has its own board (no --size, --win or --rule)"),
                   record);
        return ARGS_EXIT_USAGE;
    }
    if (record != NULL && f.opened) {
        args_error("play", _("%s: a record has its own opening (no --opening)"), record);
        return ARGS_EXIT_USAGE;
    }
    if (record != NULL && f.clocked) {
        args_error("play", _("%s: a record has its own clock (no --tc)"), record);
        return ARGS_EXIT_USAGE;
    }
    struct game_config c;
    game_config_default(&c);
    c.width = f.size.width;
    c.height = f.size.height;
    c.rule = f.rule;
    c.opening = (enum opening_rule)f.opening;
    if (f.clocked)
        c.tc = f.tc;
    bool win_given = f.win_given, computer[2] = { f.side[0].computer, f.side[1].computer };
    bool side_given[2] = { f.side_given[0], f.side_given[1] };
    for (int i = 0; i < 2; i++)
        if (side_given[i])
            c.player[i] = f.side[i].p;
    int level = f.level;
    long time_ms = f.timed ? f.time_ms : -1, win = f.win;
    uint64_t seed = f.seed;

    int longest = c.width > c.height ? c.width : c.height;
    c.win = win_given ? (int)win : (longest < 5 ? longest : 5);
    if (!args_check_board("play", &c))
        return ARGS_EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        struct player *p = &c.player[i];
        if (computer[i])
            setup_player_level(p, level);
        if (p->kind == PLAYER_COMPUTER) {
            if (time_ms >= 0)
                p->time_ms = (int)time_ms;
            p->seed = seed + (uint64_t)i;
        }
    }

    struct game *g = NULL;
    static struct record_extra extra; /* what the record says beyond the game */
    static struct analysis analysis;  /* and the analysis it carries */
    if (record != NULL) {
        char err[512];
        g = malloc(sizeof *g);
        if (g == NULL || !annotate_load(record, g, &extra, &analysis, err, sizeof err)) {
            args_error("play", "%s", g == NULL ? _("out of memory") : err);
            free(g);
            return ARGS_EXIT_USAGE;
        }
        /* The players it names, unless the flags name others; computers
         * play afresh, records keeping no seed. */
        for (int i = 0; i < 2; i++) {
            struct player *p = &g->config.player[i];
            if (side_given[i])
                *p = c.player[i];
            else if (p->kind == PLAYER_COMPUTER && time_ms >= 0)
                p->time_ms = (int)time_ms;
            p->seed = seed + (uint64_t)i;
        }
    }
    /* A player the flags name that does not play the rule is refused here;
     * one a record names is the game screen's to say, as it says a name it
     * cannot play (session_open). */
    for (int i = 0; i < 2; i++) {
        char why[256];
        enum rule rule = g != NULL ? g->board.rule : c.rule;
        if ((side_given[i] || computer[i]) &&
            !players_check_rule(&c.player[i], rule, why, sizeof why)) {
            args_error("play", _("--%s: %s"), i ? "white" : "black", why);
            free(g);
            return ARGS_EXIT_USAGE;
        }
    }

    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        args_error("play", "%s", _("the game needs a terminal (standard input and output)"));
        free(g);
        return 1;
    }
    char note[700];
    if (record != NULL && extra.warning[0] != '\0')
        snprintf(note, sizeof note, _("opened %.280s; %s"), record, extra.warning);
    else if (record != NULL)
        snprintf(note, sizeof note, _("opened %.280s"), record);
    /* `mnk --lang L` (main's) or `mnk play --lang L`: either overrides the
     * language remembered in the settings. */
    status = app_run(g != NULL ? NULL : any ? &c : NULL, g, g != NULL ? &extra : NULL,
                     g != NULL ? &analysis : NULL, note, f.lang != NULL ? f.lang : i18n_forced());
    free(g);
    return status;
}
