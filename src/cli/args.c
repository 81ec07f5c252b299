/* args.c — the command-line parser and value parsers; see args.h. */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "cli/args.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wchar.h>
#include <wctype.h>

#include "play/players.h"
#include "mnk/i18n.h"
#include "mnk/ai.h"
#include "mnk/level.h"
#include "mnk/notation.h"

#define SHOWN_MAX 64          /* bytes of a bad value quoted in a message */
#define LABEL_COLUMN_MAX 26   /* wider labels put their help on the next line */
#define LONG_VAL 256          /* getopt_long's value for option i: LONG_VAL + i */

/* `text` cut to SHOWN_MAX bytes ("..." marks a cut), for quoting; control
 * bytes are left to args_error, which shows them as '?'. */
static const char *shown(const char *text, char buf[SHOWN_MAX + 4])
{
    size_t n = strlen(text);
    if (n <= SHOWN_MAX)
        return text;
    memcpy(buf, text, SHOWN_MAX);
    memcpy(buf + SHOWN_MAX, "...", 4);
    return buf;
}

static void verror(const char *command, const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* Printable characters of the locale stay (a translated message);
     * control bytes and bytes that are no character become '?'. */
    mbstate_t st;
    memset(&st, 0, sizeof st);
    for (char *p = msg; *p != '\0';) {
        wchar_t wc;
        size_t len = mbrtowc(&wc, p, strlen(p), &st);
        if (len == (size_t)-1 || len == (size_t)-2 || len == 0 || !iswprint((wint_t)wc)) {
            *p++ = '?';
            memset(&st, 0, sizeof st);
        } else {
            p += len;
        }
    }
    if (command != NULL)
        fprintf(stderr, "mnk %s: %s\n", command, msg);
    else
        fprintf(stderr, "mnk: %s\n", msg);
}

void args_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(command, fmt, ap);
    va_end(ap);
}

/* ---- value parsers ---- */

bool args_parse_int(const char *text, long min, long max, long *out, char *why)
{
    char *end, buf[SHOWN_MAX + 4];
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max) {
        snprintf(why, ARGS_WHY_MAX, _("expected a whole number from %ld to %ld, got '%s'"), min,
                 max, shown(text, buf));
        return false;
    }
    *out = v;
    return true;
}

bool args_parse_u64(const char *text, uint64_t *out, char *why)
{
    char *end, buf[SHOWN_MAX + 4];
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0' || text[strspn(text, " \t")] == '-') {
        snprintf(why, ARGS_WHY_MAX, _("expected a number from 0 to %llu, got '%s'"),
                 (unsigned long long)UINT64_MAX, shown(text, buf));
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool args_parse_size(const char *text, struct args_size *out, char *why)
{
    int w, h;
    char buf[SHOWN_MAX + 4];
    if (!notation_parse_size(text, &w, &h) || w < BOARD_MIN_SIDE || w > BOARD_MAX_SIDE ||
        h < BOARD_MIN_SIDE || h > BOARD_MAX_SIDE) {
        snprintf(why, ARGS_WHY_MAX, _("expected N or WxH with each side from %d to %d, got '%s'"),
                 BOARD_MIN_SIDE, BOARD_MAX_SIDE, shown(text, buf));
        return false;
    }
    out->width = w;
    out->height = h;
    return true;
}

bool args_parse_rule(const char *text, enum rule *out, char *why)
{
    char buf[SHOWN_MAX + 4];
    if (!rule_parse(text, out)) {
        char rules[128];
        rule_list(rules, sizeof rules, NULL, _(", "), _(" or "));
        snprintf(why, ARGS_WHY_MAX, _("expected %s, got '%s'"), rules, shown(text, buf));
        return false;
    }
    return true;
}

const char *const args_opening_names[OPENING_RULE_COUNT + 1] = {
    [OPENING_NONE] = "none", [OPENING_SWAP] = "swap", [OPENING_SWAP2] = "swap2", NULL,
};

bool args_parse_player(const char *text, struct player *out, char *why)
{
    char buf[SHOWN_MAX + 4];
    if (strlen(text) >= sizeof out->spec) {
        snprintf(why, ARGS_WHY_MAX, _("player name too long (at most %zu characters)"),
                 sizeof out->spec - 1);
        return false;
    }
    if (strcmp(text, "human") == 0) {
        out->kind = PLAYER_HUMAN;
        out->spec[0] = '\0';
        return true;
    }
    if (!players_known(text)) {
        char names[512];
        players_names(names, sizeof names);
        snprintf(why, ARGS_WHY_MAX, _("expected human, engine:COMMAND or one of: %s; got '%s'"),
                 names, shown(text, buf));
        return false;
    }
    out->kind = PLAYER_COMPUTER;
    snprintf(out->spec, sizeof out->spec, "%s", text);
    return true;
}

/* "a or b" for two words, "one of: a, b, c" for more. */
static bool parse_choice(const char *text, const char *const *choices, int *out, char *why)
{
    int n = 0;
    for (; choices[n] != NULL; n++) {
        if (strcmp(text, choices[n]) == 0) {
            *out = n;
            return true;
        }
    }
    char list[256] = "", buf[SHOWN_MAX + 4];
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 i == 0 ? "" : n == 2 ? _(" or ") : _(", "), choices[i]);
    snprintf(why, ARGS_WHY_MAX, n == 2 ? _("expected %s, got '%s'") : _("expected one of: %s; got '%s'"),
             list, shown(text, buf));
    return false;
}

/* Writes option o's value `text` into its field of `fields`. */
static bool parse_value(const struct args_option *o, const char *text, void *fields, char *why)
{
    void *field = (char *)fields + o->offset;
    switch (o->kind) {
    case ARGS_SWITCH:
        *(bool *)field = true;
        return true;
    case ARGS_INT:
        return args_parse_int(text, o->min, o->max, field, why);
    case ARGS_U64:
        return args_parse_u64(text, field, why);
    case ARGS_SIZE:
        return args_parse_size(text, field, why);
    case ARGS_RULE:
        return args_parse_rule(text, field, why);
    case ARGS_PLAYER:
        return args_parse_player(text, field, why);
    case ARGS_CHOICE:
        return parse_choice(text, o->choices, field, why);
    case ARGS_PATH:
        if (text[0] == '\0') {
            snprintf(why, ARGS_WHY_MAX, _("expected a name, got ''"));
            return false;
        }
        *(const char **)field = text;
        return true;
    case ARGS_STRING:
        *(const char **)field = text;
        return true;
    case ARGS_CUSTOM:
        return o->parse(text, field, why);
    }
    snprintf(why, ARGS_WHY_MAX, _("cannot be parsed"));
    return false;
}

/* ---- the parser ---- */

/* The name of option i of c ("--size"), the help option being i == n. */
static void flag_name(const struct args_command *c, int i, char *buf, size_t size)
{
    snprintf(buf, size, "--%s", i < c->n_options ? c->options[i].name : "help");
}

/* The option index of short option ch, or -1; 'h' is the help (n). */
static int short_index(const struct args_command *c, int ch)
{
    for (int i = 0; i < c->n_options; i++)
        if (c->options[i].short_name != 0 && c->options[i].short_name == ch)
            return i;
    return ch == 'h' ? c->n_options : -1;
}

/* True when the argument `arg` that named long option `name` spells it in
 * full: getopt_long also takes unique abbreviations, which we refuse. */
static bool spelt_in_full(const char *arg, const char *name)
{
    size_t len = strcspn(arg + 2, "=");
    return arg[0] == '-' && arg[1] == '-' && len == strlen(name) &&
           strncmp(arg + 2, name, len) == 0;
}

bool args_parse(const struct args_command *c, int argc, char **argv, void *fields,
                struct args_operands *ops, int *status)
{
    struct option longs[ARGS_MAX_OPTIONS + 1];
    char shorts[3 + 2 * ARGS_MAX_OPTIONS + 2];
    size_t ns = 0;
    int n = c->n_options;
    *status = ARGS_EXIT_USAGE;
    ops->count = 0;
    if (n + 1 > ARGS_MAX_OPTIONS) {
        args_error(c->name, _("too many options in the table (at most %d)"), ARGS_MAX_OPTIONS - 1);
        return false;
    }
    /* '-': operands come back in order as option 1 (whatever POSIXLY_CORRECT
     * says); ':': a missing value comes back as ':', not '?'. */
    shorts[ns++] = '-';
    shorts[ns++] = ':';
    for (int i = 0; i < n; i++) {
        const struct args_option *o = &c->options[i];
        longs[i] = (struct option){ o->name, o->kind == ARGS_SWITCH ? no_argument
                                                                    : required_argument,
                                    NULL, LONG_VAL + i };
        if (o->short_name != 0) {
            shorts[ns++] = o->short_name;
            if (o->kind != ARGS_SWITCH)
                shorts[ns++] = ':';
        }
    }
    longs[n] = (struct option){ "help", no_argument, NULL, LONG_VAL + n };
    longs[n + 1] = (struct option){ NULL, 0, NULL, 0 };
    shorts[ns++] = 'h';
    shorts[ns] = '\0';

    char name[64], why[ARGS_WHY_MAX], buf[SHOWN_MAX + 4];
    bool given[ARGS_MAX_OPTIONS] = { false };
    optind = 0; /* glibc: start afresh, whatever an earlier parse left */
    opterr = 0;
    for (int opt; (opt = getopt_long(argc, argv, shorts, longs, NULL)) != -1;) {
        if (opt == 1) {
            if (ops->count == ARGS_MAX_OPERANDS) {
                args_error(c->name, _("too many arguments ('%s'); see 'mnk %s --help'"),
                           shown(optarg, buf), c->name);
                return false;
            }
            ops->list[ops->count++] = optarg;
            continue;
        }
        if (opt == '?' || opt == ':') {
            if (optopt >= LONG_VAL)
                flag_name(c, optopt - LONG_VAL, name, sizeof name);
            else if (optopt != 0)
                snprintf(name, sizeof name, "-%c", optopt);
            else /* an unknown long option: its text, up to any '=' */
                snprintf(name, sizeof name, "%.*s", (int)strcspn(argv[optind - 1], "="),
                         argv[optind - 1]);
            if (opt == ':')
                args_error(c->name, _("%s: missing value; see 'mnk %s --help'"), name, c->name);
            else if (optopt >= LONG_VAL)
                args_error(c->name, _("%s: takes no value; see 'mnk %s --help'"), name, c->name);
            else
                args_error(c->name, _("unknown option '%s'; see 'mnk %s --help'"), name, c->name);
            return false;
        }
        int i = opt >= LONG_VAL ? opt - LONG_VAL : short_index(c, opt);
        if (i < 0) { /* cannot happen: getopt returns only what we listed */
            args_error(c->name, _("unknown option '-%c'"), opt);
            return false;
        }
        /* A long option: getopt has moved past it (and past its value if
         * that came separately), so this is the argument that named it. A
         * short one may sit inside a cluster ("-qo"): nothing to check. */
        bool takes = i < n && c->options[i].kind != ARGS_SWITCH;
        const char *arg = argv[takes && optarg == argv[optind - 1] ? optind - 2 : optind - 1];
        const char *lname = i < n ? c->options[i].name : "help";
        if (opt >= LONG_VAL && !spelt_in_full(arg, lname)) {
            snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
            args_error(c->name, _("unknown option '%s' (did you mean --%s?); see 'mnk %s --help'"),
                       name, lname, c->name);
            return false;
        }
        if (i == n) {
            args_help(c, stdout);
            *status = 0;
            return false;
        }
        const struct args_option *o = &c->options[i];
        if (!parse_value(o, optarg, fields, why)) {
            args_error(c->name, _("--%s: %s"), o->name, why);
            return false;
        }
        given[i] = true;
        if (o->seen != 0)
            *(bool *)((char *)fields + o->seen - 1) = true;
    }
    /* After "--", the rest are operands. */
    for (int k = optind; k < argc; k++) {
        if (ops->count == ARGS_MAX_OPERANDS) {
            args_error(c->name, _("too many arguments ('%s'); see 'mnk %s --help'"),
                       shown(argv[k], buf), c->name);
            return false;
        }
        ops->list[ops->count++] = argv[k];
    }
    for (int i = 0; i < n; i++) {
        const struct args_option *o = &c->options[i];
        if (o->required && !given[i]) {
            args_error(c->name, _("--%s is required; see 'mnk %s --help'"), o->name, c->name);
            return false;
        }
    }
    if (ops->count < c->min_operands ||
        (c->max_operands >= 0 && ops->count > c->max_operands)) {
        if (c->operands_error != NULL)
            args_error(c->name, _("%s; see 'mnk %s --help'"), _(c->operands_error), c->name);
        else if (c->max_operands >= 0 && ops->count > c->max_operands)
            args_error(c->name, _("unexpected argument '%s'; see 'mnk %s --help'"),
                       shown(ops->list[c->max_operands], buf), c->name);
        else
            args_error(c->name, _("missing arguments; see 'mnk %s --help'"), c->name);
        return false;
    }
    *status = 0;
    return true;
}

bool args_check_board(const char *command, const struct game_config *c)
{
    int longest = c->width > c->height ? c->width : c->height;
    if (c->win < BOARD_MIN_WIN || c->win > longest) {
        args_error(command,
                   _("--win: expected a whole number from %d to %d for a %dx%d board, got %d"),
                   BOARD_MIN_WIN, longest, c->width, c->height, c->win);
        return false;
    }
    return args_check_rule(command, c->rule, c->win);
}

bool args_check_rule(const char *command, enum rule rule, int win)
{
    const char *why = rule_check_win(rule, win);
    if (why == NULL)
        return true;
    args_error(command, _("--rule %s: %s, not %d"), rule_name(rule), _(why), win);
    return false;
}

/* ---- help ---- */

/* Closing punctuation of Chinese text, which must not start a line. */
static bool closing(wchar_t wc)
{
    return wc != 0 && wcschr(L"\uff0c\u3002\uff1b\uff1a\u3001\uff09\u201d\uff01\uff1f\u300b", wc) != NULL;
}

/* The character at s: its length in bytes (at least 1), its columns. */
static size_t char_at(const char *s, wchar_t *wc, int *cols)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t n = mbrtowc(wc, s, strlen(s), &st);
    if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
        *wc = L'?';
        *cols = 1;
        return 1;
    }
    int w = wcwidth(*wc);
    *cols = w < 0 ? 1 : w;
    return n;
}

/* The length in bytes of the next piece of `text` a line may not break
 * inside, and its width in columns: the characters up to a blank, except
 * that a line may break before and after a wide (Chinese) character, but
 * not before closing punctuation. */
static size_t unbreakable(const char *text, int *cols)
{
    size_t n = 0;
    bool after_wide = false;
    *cols = 0;
    while (text[n] != '\0' && text[n] != ' ' && text[n] != '\n') {
        wchar_t wc;
        int w;
        size_t len = char_at(text + n, &wc, &w);
        if (n > 0 && (w == 2 || after_wide) && !closing(wc))
            break;
        /* Nor after opening punctuation. */
        after_wide = w == 2 && wcschr(L"\uff08\u201c\u300a", wc) == NULL;
        n += len;
        *cols += w;
    }
    return n;
}

/* Prints `text` from column `col`, wrapping at blanks (and between Chinese
 * characters) under `indent`; a '\n' in it ends a line (two end a
 * paragraph). Widths are the locale's columns. Ends with a newline. */
static void wrap_from(FILE *out, int col, int indent, const char *text)
{
    bool fresh = true;   /* nothing printed on this line yet */
    bool spaced = false; /* a blank came before this piece */
    while (*text != '\0') {
        if (*text == '\n') {
            fprintf(out, "\n%*s", *++text == '\n' ? 0 : indent, "");
            col = indent;
            fresh = true;
            spaced = false;
            continue;
        }
        if (*text == ' ') {
            text++;
            spaced = true;
            continue;
        }
        int width;
        size_t piece = unbreakable(text, &width);
        int gap = !fresh && spaced ? 1 : 0;
        if (!fresh && col + gap + width > ARGS_HELP_COLUMNS) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (gap) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, piece, out);
        col += width;
        text += piece;
        fresh = false;
        spaced = false;
    }
    fputc('\n', out);
}

/* The width of `text` in columns. */
static int text_columns(const char *text)
{
    int total = 0;
    while (*text != '\0') {
        wchar_t wc;
        int w;
        text += char_at(text, &wc, &w);
        total += w;
    }
    return total;
}

void args_wrap(FILE *out, const char *label, const char *text)
{
    fputs(label, out);
    int width = text_columns(label);
    wrap_from(out, width, width, text);
}

void args_list_players(FILE *out, bool levels)
{
    char names[512];
    if (levels) {
        level_names(names, sizeof names);
        args_wrap(out, _("levels: "), names);
    }
    ai_strategy_names(names, sizeof names);
    args_wrap(out, _("strategies: "), names);
}

/* The value's name in the help: the table's, or one for its kind. */
static void metavar(const struct args_option *o, char *buf, size_t size)
{
    static const char *const names[] = {
        [ARGS_SWITCH] = "", [ARGS_INT] = "N", [ARGS_U64] = "N", [ARGS_SIZE] = "N|WxH",
        [ARGS_RULE] = "RULE", [ARGS_PLAYER] = "PLAYER", [ARGS_CHOICE] = "",
        [ARGS_STRING] = "TEXT", [ARGS_PATH] = "FILE", [ARGS_CUSTOM] = "VALUE",
    };
    if (o->metavar != NULL) {
        snprintf(buf, size, "%s", o->metavar);
    } else if (o->kind == ARGS_CHOICE) {
        size_t used = 0;
        buf[0] = '\0';
        for (int i = 0; o->choices[i] != NULL && used < size; i++)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "|" : "",
                                     o->choices[i]);
    } else {
        snprintf(buf, size, "%s", names[o->kind]);
    }
}

/* "  -o, --output OUT" or "      --size N|WxH". */
static void label(const struct args_option *o, char *buf, size_t size)
{
    char mv[64];
    metavar(o, mv, sizeof mv);
    if (o->short_name != 0)
        snprintf(buf, size, "  -%c, --%s%s%s", o->short_name, o->name, mv[0] ? " " : "", mv);
    else
        snprintf(buf, size, "      --%s%s%s", o->name, mv[0] ? " " : "", mv);
}

/* The help of option o with what the table knows appended: "(required,
 * 1 to 60, default 6)". */
static void option_text(const struct args_command *c, const struct args_option *o, char *buf,
                        size_t size)
{
    char part[3][64];
    int parts = 0;
    const void *field = c->defaults != NULL ? (const char *)c->defaults + o->offset : NULL;
    if (o->required)
        snprintf(part[parts++], sizeof part[0], "%s", _("required"));
    if (o->kind == ARGS_INT)
        snprintf(part[parts++], sizeof part[0], _("%ld to %ld"), o->min, o->max);
    if (o->kind == ARGS_SIZE)
        snprintf(part[parts++], sizeof part[0], _("each side %d to %d"), BOARD_MIN_SIDE,
                 BOARD_MAX_SIDE);
    if (o->show_default && field != NULL) {
        const struct args_size *s = field;
        switch (o->kind) {
        case ARGS_INT:
            snprintf(part[parts++], sizeof part[0], _("default %ld"), *(const long *)field);
            break;
        case ARGS_SIZE:
            if (s->width == s->height)
                snprintf(part[parts++], sizeof part[0], _("default %d"), s->width);
            else
                snprintf(part[parts++], sizeof part[0], _("default %dx%d"), s->width, s->height);
            break;
        case ARGS_RULE:
            snprintf(part[parts++], sizeof part[0], _("default %s"),
                     rule_name(*(const enum rule *)field));
            break;
        case ARGS_CHOICE:
            snprintf(part[parts++], sizeof part[0], _("default %s"),
                     o->choices[*(const int *)field]);
            break;
        default:
            break;
        }
    }
    size_t used = (size_t)snprintf(buf, size, "%s", _(o->help));
    for (int i = 0; i < parts && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s%s", i ? _(", ") : _(" ("), part[i],
                                 i + 1 == parts ? _(")") : "");
}

void args_help(const struct args_command *c, FILE *out)
{
    static const struct args_option help = {
        .name = "help", .short_name = 'h', .kind = ARGS_SWITCH, .help = N_("print this help"),
    };
    /* The usage line: the required flags, then the others, then operands. */
    char line[1024], mv[64];
    size_t used = 0;
    for (int i = 0; i < c->n_options && used < sizeof line; i++) {
        const struct args_option *o = &c->options[i];
        if (!o->required)
            continue;
        metavar(o, mv, sizeof mv);
        used += (size_t)snprintf(line + used, sizeof line - used, "--%s %s ", o->name, mv);
    }
    if (used < sizeof line)
        snprintf(line + used, sizeof line - used, "%s%s%s", _("[OPTIONS]"),
                 c->operands != NULL ? " " : "", c->operands != NULL ? c->operands : "");
    char head[64];
    snprintf(head, sizeof head, _("usage: mnk %s "), c->name);
    args_wrap(out, head, line);
    if (c->about != NULL) {
        fputc('\n', out);
        wrap_from(out, 0, 0, _(c->about));
    }
    fprintf(out, "\n%s\n", _("options:"));

    int column = 0;
    char lab[128];
    for (int i = 0; i <= c->n_options; i++) {
        label(i < c->n_options ? &c->options[i] : &help, lab, sizeof lab);
        int len = (int)strlen(lab);
        if (len <= LABEL_COLUMN_MAX && len > column)
            column = len;
    }
    column += 2;
    for (int i = 0; i <= c->n_options; i++) {
        const struct args_option *o = i < c->n_options ? &c->options[i] : &help;
        char text[1024];
        label(o, lab, sizeof lab);
        option_text(c, o, text, sizeof text);
        int len = (int)strlen(lab);
        fputs(lab, out);
        if (len + 2 > column) {
            fprintf(out, "\n%*s", column, "");
        } else {
            fprintf(out, "%*s", column - len, "");
        }
        wrap_from(out, column, column, text);
    }
    if (c->epilogue != NULL) {
        fputc('\n', out);
        c->epilogue(out);
    }
}

bool args_parse_dir(const char *text, void *field, char *why)
{
    struct stat st;
    if (stat(text, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, ARGS_WHY_MAX, _("expected an existing directory, got '%.200s'"), text);
        return false;
    }
    *(const char **)field = text;
    return true;
}
