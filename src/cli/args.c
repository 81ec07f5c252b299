/* args.c — command-line value parsing; see args.h. */
#include "cli/args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/players.h"
#include "mnk/notation.h"

void args_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mnk: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

bool args_int(const char *flag, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max) {
        args_error("%s: expected a whole number from %ld to %ld, got '%s'", flag,
                   min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool args_seed(const char *flag, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-') {
        args_error("%s: expected a number from 0 to 18446744073709551615, got '%s'",
                   flag, text);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool args_size(const char *flag, const char *text, int *width, int *height)
{
    int w, h;
    if (!notation_parse_size(text, &w, &h) || w < BOARD_MIN_SIDE ||
        w > BOARD_MAX_SIDE || h < BOARD_MIN_SIDE || h > BOARD_MAX_SIDE) {
        args_error("%s: expected N or WxH with each side from %d to %d, got '%s'",
                   flag, BOARD_MIN_SIDE, BOARD_MAX_SIDE, text);
        return false;
    }
    *width = w;
    *height = h;
    return true;
}

bool args_rule(const char *flag, const char *text, enum rule *out)
{
    if (!rule_parse(text, out)) {
        args_error("%s: expected freestyle or exact, got '%s'", flag, text);
        return false;
    }
    return true;
}

bool args_player(const char *flag, const char *text, struct player *out)
{
    if (strlen(text) >= sizeof out->spec) {
        args_error("%s: player name too long (at most %zu characters)", flag,
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
        args_error("%s: expected human, engine:COMMAND or one of: %s; got '%s'",
                   flag, names, text);
        return false;
    }
    out->kind = PLAYER_COMPUTER;
    snprintf(out->spec, sizeof out->spec, "%s", text);
    return true;
}

bool args_check_board(const struct game_config *c)
{
    int longest = c->width > c->height ? c->width : c->height;
    if (c->win < BOARD_MIN_WIN || c->win > longest) {
        args_error("--win: expected a whole number from %d to %d for a %dx%d board, got %d",
                   BOARD_MIN_WIN, longest, c->width, c->height, c->win);
        return false;
    }
    return true;
}

void args_wrap(FILE *out, const char *label, const char *list)
{
    int indent = (int)strlen(label), col = indent;
    fputs(label, out);
    while (*list != '\0') {
        size_t word = strcspn(list, " ");
        if (col > indent && col + 1 + (int)word > ARGS_HELP_COLUMNS) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', out);
            col++;
        }
        fwrite(list, 1, word, out);
        col += (int)word;
        list += word;
        while (*list == ' ')
            list++;
    }
    fputc('\n', out);
}
