/* setup.h — the new-game form's model: preset, board size, win length, rule,
 * who plays each side and the opening rule, always kept inside what game_init() accepts.
 *
 * Pure logic, no curses: the menu screen draws it and feeds it keys, and unit
 * tests check the clamping. Invariants after every call: width and height are
 * in BOARD_MIN_SIDE..BOARD_MAX_SIDE, win in BOARD_MIN_WIN..max(width, height),
 * under a rule of one win length (rule.h's `win`: renju's 5) win is that and
 * the longer side at least that (rule_check_win), `preset`
 * names the preset whose dimensions match (or setup_custom), each side
 * is 0 (human) or n for level_at(n - 1) (level.h), and tc passes tc_check.
 */
#ifndef MNK_TUI_SETUP_H
#define MNK_TUI_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "mnk/game.h"

/* The board the form gives a rule of one win length (renju) when the board
 * in it cannot hold that many: renju's usual 15 × 15. */
#define SETUP_FIXED_WIN_SIDE 15

/* The rows of the form, top to bottom. */
enum setup_field {
    SETUP_PRESET,
    SETUP_WIDTH,
    SETUP_HEIGHT,
    SETUP_WIN,
    SETUP_RULE,
    SETUP_BLACK,
    SETUP_WHITE,
    SETUP_OPENING,
    SETUP_CLOCK,        /* the time control: ←/→ over setup_clocks[] */
    SETUP_POSITION,     /* the board editor's position: the menu's, not here */
    SETUP_START,
    SETUP_FIELDS
};

struct setup_preset {
    const char *name;   /* "Tic-tac-toe", or "" when the size says it all */
    int width;
    int height;
    int win;
};

/* The presets in menu order; the entry after the last has a NULL name and
 * stands for "Custom". */
extern const struct setup_preset setup_presets[];

/* The time controls ←/→ go through on the Clock row, in order, as
 * tc_parse reads them ("none", "1+0", "3+2", ... "30s/move"), NULL after
 * the last. Any other control is typed (the form's prompt). */
extern const char *const setup_clocks[];

struct setup {
    int preset;          /* index into setup_presets; the NULL entry = custom */
    int width;
    int height;
    int win;
    enum rule rule;
    int side[2];         /* [0] Black, [1] White: 0 human, n = level_at(n - 1);
                          * under an opening rule, the first player and the
                          * second */
    enum opening_rule opening;
    struct tc tc;        /* the time control: tc_none(), one of
                          * setup_clocks[], or one typed (custom) */
    /* Digits being typed into a number field: typed_field is SETUP_FIELDS
     * when nothing is being typed, else `typed` holds the number so far. */
    enum setup_field typed_field;
    int typed;
};

/* The form's first look: a new game's board and rule (game_config_default),
 * Black human, White the computer at the default level (level_default()). */
void setup_default(struct setup *s);

/* The form showing an existing game's settings (for "new game" mid-game). */
void setup_from_config(struct setup *s, const struct game_config *c);

/* ←/→ on `field`: moves its value by `delta` (±1), clamped, not wrapping.
 * The rule goes through rule.h's table, freestyle, exact, renju, caro;
 * choosing a rule of one win length (renju) makes the win length that (and
 * a board too small for it SETUP_FIXED_WIN_SIDE square); a preset whose win
 * length that rule refuses takes the form to RULE_DEFAULT (freestyle). */
void setup_step(struct setup *s, enum setup_field field, int delta);

/* A digit typed on a number field (width, height, win). Numbers of two digits
 * are collected; the value is committed, clamped, as soon as no further digit
 * could keep it in range. Ignored on other fields. */
void setup_digit(struct setup *s, enum setup_field field, int digit);

/* Backspace: drops the last digit typed; with none left the field keeps
 * its old value. */
void setup_erase(struct setup *s);

/* Commits any number being typed (on leaving the field, Enter, arrows). */
void setup_commit(struct setup *s);

/* Smallest and largest value of a number field under the current sizes and
 * rule (renju: win 5 to 5, and no side below 5 while the other is). */
int setup_min(const struct setup *s, enum setup_field field);
int setup_max(const struct setup *s, enum setup_field field);

/* The game the form describes (call setup_commit first); computer players
 * are seeded from `seed` (Black with seed, White with seed + 1). */
void setup_config(const struct setup *s, struct game_config *c, uint64_t seed);

/* Fills player `p` as a computer of level_at(n - 1). */
void setup_player_level(struct player *p, int n);

#endif
