/* setup.c — the new-game form's model; see setup.h. */
#include "tui/setup.h"

#include <stdio.h>
#include <string.h>

#include "mnk/level.h"
#include "mnk/i18n.h"

const struct setup_preset setup_presets[] = {
    { N_("Tic-tac-toe"), 3, 3, 3 },
    { "", 4, 4, 4 },
    { "", 7, 7, 4 },
    { N_("Gomoku"), 15, 15, 5 },
    { N_("Gomoku"), 19, 19, 5 },
    { NULL, 0, 0, 0 },
};

/* Index of the "Custom" entry (the NULL one). */
static int custom_preset(void)
{
    int n = 0;
    while (setup_presets[n].name != NULL)
        n++;
    return n;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static int longest_side(const struct setup *s)
{
    return s->width > s->height ? s->width : s->height;
}

/* Restores the invariants after a size or the rule changed: win fits, a
 * rule of one win length has it (renju its five, on its usual 15 × 15 when
 * the board could not hold five), preset matches. */
static void settle(struct setup *s)
{
    s->width = clamp(s->width, BOARD_MIN_SIDE, BOARD_MAX_SIDE);
    s->height = clamp(s->height, BOARD_MIN_SIDE, BOARD_MAX_SIDE);
    int fixed = rule_info(s->rule)->win;
    if (fixed != 0) {
        if (longest_side(s) < fixed)
            s->width = s->height = SETUP_FIXED_WIN_SIDE;
        s->win = fixed;
    }
    s->win = clamp(s->win, BOARD_MIN_WIN, longest_side(s));
    s->preset = custom_preset();
    for (int i = 0; setup_presets[i].name != NULL; i++) {
        const struct setup_preset *p = &setup_presets[i];
        if (p->width == s->width && p->height == s->height && p->win == s->win) {
            s->preset = i;
            break;
        }
    }
}

void setup_player_level(struct player *p, int n)
{
    p->kind = PLAYER_COMPUTER;
    snprintf(p->spec, sizeof p->spec, "%s", level_at(n - 1)->name);
    p->time_ms = 0;
}

/* The form's number for the default level. */
static int default_side(void)
{
    return level_index(level_default()) + 1;
}

void setup_default(struct setup *s)
{
    struct game_config c;   /* a new game's board and players (game.h) */
    game_config_default(&c);
    setup_from_config(s, &c);
    s->side[1] = default_side();
}

/* The form's row for a configured player: its level; for a strategy named
 * directly, the strongest level that plays it; else the default level. */
static int side_of(const struct player *p)
{
    if (p->kind == PLAYER_HUMAN)
        return 0;
    const struct level *l = level_find(p->spec);
    if (l != NULL)
        return level_index(l) + 1;
    for (int i = level_count(); i >= 1; i--)
        if (strcmp(level_at(i - 1)->strategy, p->spec) == 0)
            return i;
    return default_side();
}

const char *const setup_clocks[] = {
    "none", "1+0", "3+2", "5+5", "10+5", "15+10", "30+20", "30s/move", NULL,
};

/* The index in setup_clocks of control tc, or -1 for one typed. */
static int clock_index(const struct tc *tc)
{
    for (int i = 0; setup_clocks[i] != NULL; i++) {
        struct tc t;
        char why[80];
        if (tc_parse(setup_clocks[i], &t, why, sizeof why) && tc_equal(&t, tc))
            return i;
    }
    return -1;
}

/* ←/→ on the Clock row: the next control of the list, a typed one going
 * to the list's start (→) or end (←). */
static void step_clock(struct setup *s, int delta)
{
    int n = 0;
    while (setup_clocks[n] != NULL)
        n++;
    int i = clock_index(&s->tc);
    i = i < 0 ? (delta > 0 ? 0 : n - 1) : clamp(i + delta, 0, n - 1);
    char why[80];
    if (!tc_parse(setup_clocks[i], &s->tc, why, sizeof why))
        s->tc = tc_none();
}

void setup_from_config(struct setup *s, const struct game_config *c)
{
    memset(s, 0, sizeof *s);
    s->width = c->width;
    s->height = c->height;
    s->win = c->win;
    s->rule = c->rule;
    s->opening = c->opening;
    s->tc = tc_check(&c->tc) ? c->tc : tc_none();
    s->side[0] = side_of(&c->player[0]);
    s->side[1] = side_of(&c->player[1]);
    s->typed_field = SETUP_FIELDS;
    settle(s);
}

int setup_min(const struct setup *s, enum setup_field field)
{
    int fixed = rule_info(s->rule)->win;
    if (fixed == 0)
        return field == SETUP_WIN ? BOARD_MIN_WIN : BOARD_MIN_SIDE;
    /* One win length (renju's five), and a side that holds it. */
    int other = field == SETUP_WIDTH ? s->height : s->width;
    return field == SETUP_WIN || other < fixed ? fixed : BOARD_MIN_SIDE;
}

int setup_max(const struct setup *s, enum setup_field field)
{
    if (field != SETUP_WIN)
        return BOARD_MAX_SIDE;
    int fixed = rule_info(s->rule)->win;
    return fixed != 0 ? fixed : longest_side(s);
}

static int *number_of(struct setup *s, enum setup_field field)
{
    switch (field) {
    case SETUP_WIDTH:
        return &s->width;
    case SETUP_HEIGHT:
        return &s->height;
    case SETUP_WIN:
        return &s->win;
    default:
        return NULL;
    }
}

void setup_commit(struct setup *s)
{
    int *v = number_of(s, s->typed_field);
    if (v != NULL) {
        *v = clamp(s->typed, setup_min(s, s->typed_field), setup_max(s, s->typed_field));
        settle(s);
    }
    s->typed_field = SETUP_FIELDS;
    s->typed = 0;
}

void setup_digit(struct setup *s, enum setup_field field, int digit)
{
    if (number_of(s, field) == NULL || digit < 0 || digit > 9)
        return;
    if (s->typed_field != field)
        setup_commit(s);
    int max = setup_max(s, field);
    int next = s->typed_field == field ? s->typed * 10 + digit : digit;
    if (next > max && s->typed_field == field) {
        /* The digit cannot extend the number: it starts a new one. */
        setup_commit(s);
        next = digit;
    }
    s->typed_field = field;
    s->typed = next;
    if (next * 10 > max)
        setup_commit(s);
}

void setup_erase(struct setup *s)
{
    if (s->typed_field == SETUP_FIELDS)
        return;
    s->typed /= 10;
    if (s->typed == 0)
        s->typed_field = SETUP_FIELDS; /* nothing typed: nothing to commit */
}

void setup_step(struct setup *s, enum setup_field field, int delta)
{
    setup_commit(s);
    int *v = number_of(s, field);
    if (v != NULL) {
        *v = clamp(*v + delta, setup_min(s, field), setup_max(s, field));
        settle(s);
        return;
    }
    switch (field) {
    case SETUP_PRESET: {
        int p = clamp(s->preset + delta, 0, custom_preset());
        if (p != custom_preset()) {
            /* A preset is a whole kind of game: tic-tac-toe is no renju. */
            if (rule_check_win(s->rule, setup_presets[p].win) != NULL)
                s->rule = RULE_DEFAULT;
            s->width = setup_presets[p].width;
            s->height = setup_presets[p].height;
            s->win = setup_presets[p].win;
            settle(s);
        } else {
            s->preset = p; /* "Custom" keeps the current dimensions */
        }
        break;
    }
    case SETUP_RULE:
        s->rule = (enum rule)clamp((int)s->rule + delta, 0, RULE_COUNT - 1);
        settle(s);
        break;
    case SETUP_OPENING:
        s->opening = (enum opening_rule)clamp((int)s->opening + delta, 0,
                                              OPENING_RULE_COUNT - 1);
        break;
    case SETUP_CLOCK:
        step_clock(s, delta);
        break;
    case SETUP_BLACK:
    case SETUP_WHITE: {
        int *side = &s->side[field == SETUP_BLACK ? 0 : 1];
        *side = clamp(*side + delta, 0, level_count());
        break;
    }
    default:
        break;
    }
}

void setup_config(const struct setup *s, struct game_config *c, uint64_t seed)
{
    game_config_default(c);
    c->width = s->width;
    c->height = s->height;
    c->win = s->win;
    c->rule = s->rule;
    c->opening = s->opening;
    c->tc = s->tc;
    for (int i = 0; i < 2; i++) {
        if (s->side[i] == 0)
            c->player[i].kind = PLAYER_HUMAN;
        else
            setup_player_level(&c->player[i], s->side[i]);
        c->player[i].seed = seed + (uint64_t)i;
    }
}
