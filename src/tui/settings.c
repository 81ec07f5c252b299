/* settings.c — what the game remembers between runs; see settings.h. */
#include "tui/settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "storage/safefile.h"
#include "mnk/i18n.h"
#include "mnk/level.h"

#define LINE_MAX_LEN 256
/* The file mnk writes is under 1 KiB; one far larger is none of its own,
 * and is not read (storage/safefile.h). */
#define SETTINGS_FILE_MAX (64 * 1024)
#define SETTINGS_WHY_MAX 4300   /* a path, and the system's reason after it */

/* Sets player p to `name`: "human", or a level's name. */
static void set_player(struct player *p, const char *name)
{
    bool human = strcmp(name, "human") == 0;
    *p = (struct player){ .kind = human ? PLAYER_HUMAN : PLAYER_COMPUTER };
    if (!human)
        snprintf(p->spec, sizeof p->spec, "%s", name);
}

void settings_default(struct settings *s)
{
    memset(s, 0, sizeof *s);
    game_config_default(&s->game);   /* a new game's board and players */
    set_player(&s->game.player[1], level_default()->name);
    s->marks = true;
    s->ponder = true;
}

void settings_from_config(struct settings *s, const struct game_config *c)
{
    struct player kept[2] = { s->game.player[0], s->game.player[1] };
    game_config_default(&s->game);
    s->game.width = c->width;
    s->game.height = c->height;
    s->game.win = c->win;
    s->game.rule = c->rule;
    s->game.opening = c->opening;
    s->game.tc = c->tc;
    for (int i = 0; i < 2; i++) {
        const struct player *p = &c->player[i];
        if (p->kind == PLAYER_HUMAN)
            set_player(&s->game.player[i], "human");
        else if (level_find(p->spec) != NULL)
            set_player(&s->game.player[i], p->spec);
        else
            s->game.player[i] = kept[i];
    }
}

/* The first problem only: one message is what the player will see. */
static void warn_once(char *warn, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void warn_once(char *warn, size_t size, const char *fmt, ...)
{
    if (warn[0] != '\0')
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(warn, size, fmt, ap);
    va_end(ap);
}

static bool parse_int(const char *v, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0 || n < min || n > max)
        return false;
    *out = (int)n;
    return true;
}

static bool parse_bool(const char *v, bool *out)
{
    if (strcmp(v, "yes") == 0 || strcmp(v, "true") == 0 || strcmp(v, "on") == 0)
        *out = true;
    else if (strcmp(v, "no") == 0 || strcmp(v, "false") == 0 || strcmp(v, "off") == 0)
        *out = false;
    else
        return false;
    return true;
}

/* Strips blanks at both ends, in place. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' ||
                     s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* The drawings' names in the file. */
static const char *const look_names[] = {
    [DRAW_LOOK_AUTO] = "auto", [DRAW_LOOK_BEST] = "unicode",
    [DRAW_LOOK_WIDE] = "wide", [DRAW_LOOK_PLAIN] = "ascii",
};

static bool parse_look(const char *name, enum draw_look *out)
{
    for (size_t i = 0; i < sizeof look_names / sizeof look_names[0]; i++) {
        if (strcmp(name, look_names[i]) == 0) {
            *out = (enum draw_look)i;
            return true;
        }
    }
    return false;
}

/* One `key = value`; false when it is not understood. */
static bool apply(struct settings *s, const char *key, const char *value)
{
    if (strcmp(key, "width") == 0)
        return parse_int(value, BOARD_MIN_SIDE, BOARD_MAX_SIDE, &s->game.width);
    if (strcmp(key, "height") == 0)
        return parse_int(value, BOARD_MIN_SIDE, BOARD_MAX_SIDE, &s->game.height);
    if (strcmp(key, "win") == 0)
        return parse_int(value, BOARD_MIN_WIN, BOARD_MAX_SIDE, &s->game.win);
    if (strcmp(key, "rule") == 0)
        return rule_parse(value, &s->game.rule);
    if (strcmp(key, "opening") == 0)
        return opening_rule_parse(value, &s->game.opening);
    if (strcmp(key, "clock") == 0) {
        char why[160];
        return tc_parse(value, &s->game.tc, why, sizeof why);
    }
    if (strcmp(key, "marks") == 0)
        return parse_bool(value, &s->marks);
    if (strcmp(key, "numbers") == 0)
        return parse_bool(value, &s->numbers);
    if (strcmp(key, "bell") == 0)
        return parse_bool(value, &s->bell);
    if (strcmp(key, "drawing") == 0)
        return parse_look(value, &s->look);
    if (strcmp(key, "ponder") == 0)
        return parse_bool(value, &s->ponder);
    if (strcmp(key, "threads") == 0) {
        if (strcmp(value, "all") != 0)
            return parse_int(value, 1, AI_MAX_THREADS, &s->threads);
        s->threads = 0;
        return true;
    }
    if (strcmp(key, "lang") == 0) {
        if (strcmp(value, "auto") == 0)
            value = "";
        else if (!i18n_valid(value) || strlen(value) >= sizeof s->lang)
            return false;
        snprintf(s->lang, sizeof s->lang, "%s", value);
        return true;
    }
    if (strcmp(key, "server") == 0) {
        /* One word of printable ASCII: a name or an address, a port. */
        if (strlen(value) >= sizeof s->server || strpbrk(value, " \t") != NULL)
            return false;
        for (const char *c = value; *c != '\0'; c++)
            if (*c <= 0x20 || *c >= 0x7f)
                return false;
        snprintf(s->server, sizeof s->server, "%s", value);
        return true;
    }
    if (strcmp(key, "name") == 0) {
        if (value[0] != '\0' && !wire_name_check(value, NULL, 0))
            return false;
        snprintf(s->name, sizeof s->name, "%s", value);
        return true;
    }
    if (strcmp(key, "black") == 0 || strcmp(key, "white") == 0) {
        if (strcmp(value, "human") != 0 && level_find(value) == NULL)
            return false;
        set_player(&s->game.player[key[0] == 'b' ? 0 : 1], value);
        return true;
    }
    return false;
}

void settings_load(const char *path, struct settings *s, char *warn, size_t warn_size)
{
    warn[0] = '\0';
    char *text = NULL, why[SETTINGS_WHY_MAX];
    size_t len = 0;
    enum safefile_status got = safefile_read(path, SETTINGS_FILE_MAX, &text, &len, why, sizeof why);
    if (got != SAFEFILE_OK) {
        if (got != SAFEFILE_MISSING)
            warn_once(warn, warn_size, _("%s; using the defaults"), why);
        return;
    }
    int number = 0;
    for (const char *at = text, *end = text + len; at < end;) {
        const char *eol = memchr(at, '\n', (size_t)(end - at));
        size_t n = eol != NULL ? (size_t)(eol - at) : (size_t)(end - at);
        const char *next = eol != NULL ? eol + 1 : end;
        number++;
        char line[LINE_MAX_LEN];
        if (n >= sizeof line - 1) {
            warn_once(warn, warn_size, _("%s:%d: line too long, skipped"), path, number);
            at = next;
            continue;
        }
        bool nul = memchr(at, '\0', n) != NULL;
        memcpy(line, at, n);
        line[n] = '\0';
        at = next;
        char *key = trim(line);
        if (key[0] == '\0' || key[0] == '#')
            continue;
        char *eq = strchr(key, '=');
        /* A NUL byte would cut the line short: such a line is not understood. */
        if (eq != NULL && !nul) {
            *eq = '\0';
            if (apply(s, trim(key), trim(eq + 1)))
                continue;
        }
        warn_once(warn, warn_size, _("%s:%d: not understood, skipped"), path, number);
    }
    free(text);
    /* A win length longer than both sides (edited by hand) is no game. */
    struct game_config *g = &s->game;
    int longest = g->width > g->height ? g->width : g->height;
    if (g->win > longest) {
        warn_once(warn, warn_size, _("%s: win length %d does not fit the board"), path, g->win);
        g->win = longest;
    }
    /* Nor is renju with another k: the form starts from the default rule
     * then, named as the file names it. */
    const char *unplayable = rule_check_win(g->rule, g->win);
    if (unplayable != NULL) {
        warn_once(warn, warn_size, _("%s: %s; %s instead"), path, _(unplayable),
                  rule_name(RULE_DEFAULT));
        g->rule = RULE_DEFAULT;
    }
}

static bool write_settings(FILE *out, const void *ctx)
{
    const struct settings *s = ctx;
    const struct game_config *g = &s->game;
    const char *black = g->player[0].kind == PLAYER_HUMAN ? "human" : g->player[0].spec;
    const char *white = g->player[1].kind == PLAYER_HUMAN ? "human" : g->player[1].spec;
    char clock[TC_TEXT_MAX], threads[16] = "all";
    if (s->threads > 0)
        snprintf(threads, sizeof threads, "%d", s->threads);
    fprintf(out,
            "# mnk settings, written by the game: the last new-game choices and\n"
            "# the screen's options. Players are `human` or a level (see `mnk levels`);\n"
            "# drawing is `auto` (full-width under a Chinese, Japanese or Korean\n"
            "# language, else the terminal's characters), `unicode`, `wide` or `ascii`;\n"
            "# lang is `auto` (the locale's language), `en` or `zh_CN`; opening is\n"
            "# `none`, `swap` or `swap2`; clock is a time control as `mnk play --tc`\n"
            "# takes it (`none`, `3+2`, `5s+0.1s`, `60s/move`, `10m+5x30s`...);\n"
            "# server and name: the last server's lobby and the name given there;\n"
            "# threads: the most the strongest level thinks with, `all` the computer's;\n"
            "# ponder: whether it thinks on your time too.\n"
            "width = %d\nheight = %d\nwin = %d\nrule = %s\nopening = %s\nclock = %s\n"
            "black = %s\nwhite = %s\nmarks = %s\nnumbers = %s\nbell = %s\ndrawing = %s\n"
            "lang = %s\nserver = %s\nname = %s\nthreads = %s\nponder = %s\n",
            g->width, g->height, g->win, rule_name(g->rule), opening_rule_name(g->opening),
            tc_format(&g->tc, clock, sizeof clock), black, white,
            s->marks ? "yes" : "no", s->numbers ? "yes" : "no", s->bell ? "yes" : "no",
            look_names[s->look],
            s->lang[0] != '\0' ? s->lang : "auto", s->server, s->name, threads,
            s->ponder ? "yes" : "no");
    return true;
}

bool settings_save(const char *path, const struct settings *s, char *err, size_t err_size)
{
    return safefile_write(path, write_settings, s, true, err, err_size);
}
