/* rule.c — the table of rules and the questions of names; see rule.h. */
#include "mnk/rule.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mnk/i18n.h"

const struct rule_info rule_table[RULE_COUNT] = {
    [RULE_FREESTYLE] = {
        .name = N_("freestyle"),
        .aliases = { "free", "gomoku", NULL },
        .note = N_("k or more in a row wins"),
        .sentence = N_("A longer line wins too."),
        .overline_wins = { true, true },
        .protocol_bits = 0,
    },
    [RULE_EXACT] = {
        .name = N_("exact"),
        .aliases = { "standard", NULL },
        .note = N_("exactly k in a row wins"),
        .sentence = N_("A longer line, an overline, does not win."),
        .overline_wins = { false, false },
        .protocol_bits = 1,
    },
    /* Renju's forbidden moves (double three, double four, overline) are
     * shapes on the way to five: the rule has no meaning for another k. */
    [RULE_RENJU] = {
        .name = N_("renju"),
        .aliases = { NULL },
        .note = N_("five; Black has forbidden moves"),
        .sentence = N_("Black may not make a double three, a double four or an overline."),
        .win = 5,
        .win_note = N_("renju is five in a row"),
        .win_why = N_("renju is played with five in a row (win length 5)"),
        .overline_wins = { false, true },
        .forbidden = true,
        .protocol_bits = 4,
    },
    [RULE_CARO] = {
        .name = N_("caro"),
        .aliases = { NULL },
        .note = N_("k or more, not blocked both ends"),
        .sentence = N_("A line whose both ends the opponent blocked does not win."),
        .overline_wins = { true, true },
        .blocked_ends = true,
        .protocol_bits = 8,
    },
};

const char *rule_name(enum rule rule)
{
    return rule_info(rule)->name;
}

bool rule_parse(const char *name, enum rule *out)
{
    for (int r = 0; r < RULE_COUNT; r++)
        if (strcmp(name, rule_table[r].name) == 0) {
            *out = (enum rule)r;
            return true;
        }
    return false;
}

bool rule_from_sgf(const char *value, enum rule *out)
{
    for (int r = 0; r < RULE_COUNT; r++) {
        bool match = strcasecmp(value, rule_table[r].name) == 0;
        for (int i = 0; !match && rule_table[r].aliases[i] != NULL; i++)
            match = strcasecmp(value, rule_table[r].aliases[i]) == 0;
        if (match) {
            *out = (enum rule)r;
            return true;
        }
    }
    return false;
}

const char *rule_check_win(enum rule rule, int win)
{
    const struct rule_info *info = rule_info(rule);
    return info->win != 0 && win != info->win ? info->win_why : NULL;
}

int rule_list(char *buf, size_t size, bool (*pick)(enum rule rule), const char *sep,
              const char *last)
{
    int picked[RULE_COUNT], n = 0;
    for (int r = 0; r < RULE_COUNT; r++)
        if (pick == NULL || pick((enum rule)r))
            picked[n++] = r;
    size_t used = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%s",
                         i == 0 ? "" : i == n - 1 ? last : sep, rule_table[picked[i]].name);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    return n;
}
