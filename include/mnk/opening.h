/* opening.h — opening rules: who places the first stones, and who then
 * chooses which colour to play. Pure functions of the opening's history;
 * the game (game.h) keeps that history and undoes it with its moves.
 *
 * The rules, for every board rule:
 * - none: Black moves first and the players keep their colours.
 * - swap: the first player places three stones, Black, White, Black; the
 *   second player then takes Black or White; play goes on with White's
 *   fourth stone.
 * - swap2: the first player places three stones likewise; the second takes
 *   Black, takes White, or places two more (White, Black) and lets the first
 *   player take Black or White; play goes on with White to move.
 *
 * "First player" is the one who places the opening's three stones and sits
 * as Black until a choice says otherwise; "second player" the other.
 * Choices are counted in the order they are made: choice 0 (the second
 * player's) falls after stone 3, choice 1 (swap2's, the first player's)
 * after stone 5.
 */
#ifndef MNK_OPENING_H
#define MNK_OPENING_H

#include <stdbool.h>

enum opening_rule { OPENING_NONE, OPENING_SWAP, OPENING_SWAP2 };
#define OPENING_RULE_COUNT 3

/* What a chooser does. The colours are the chooser's own. */
enum opening_choice {
    OPENING_CHOICE_NONE,
    OPENING_TAKE_BLACK,
    OPENING_TAKE_WHITE,
    OPENING_PLACE_TWO,   /* swap2's second player only */
};

/* What the opening waits for. */
enum opening_step {
    OPENING_DONE,      /* no opening rule, or its choices are made: plain play */
    OPENING_PROPOSE,   /* the first player places stones 1..3 */
    OPENING_CHOOSE,    /* the second player chooses (after stone 3) */
    OPENING_ADD,       /* swap2: the second player places stones 4 and 5 */
    OPENING_CHOOSE2,   /* swap2: the first player chooses (after stone 5) */
};

#define OPENING_PROPOSAL 3  /* stones placed before the first choice */
#define OPENING_ADDED 2     /* swap2's two more */
#define OPENING_CHOICES_MAX 2

/* The step of an opening under `rule` with `ply` stones on the board and
 * `n` choices made, choice[0 .. n) being them. */
enum opening_step opening_step(enum opening_rule rule, int ply, int n,
                               const unsigned char choice[]);

/* The number of stones on the board when choice i (0 or 1) is made. */
int opening_choice_ply(int i);

/* True when `choice` may be made at `step` (CHOOSE or CHOOSE2) of `rule`. */
bool opening_may_choose(enum opening_rule rule, enum opening_step step,
                        enum opening_choice choice);

/* True when, after the choices made, the first player holds White. Before
 * any choice the first player sits as Black. */
bool opening_first_is_white(int n, const unsigned char choice[]);

/* True when the first player, rather than the second, acts at `step`
 * (DONE: false; the side to move acts then). */
bool opening_first_acts(enum opening_step step);

/* The name of a rule ("none", "swap", "swap2"), and the rule for a name;
 * false on an unknown name. Names are the same in every language. */
const char *opening_rule_name(enum opening_rule rule);
bool opening_rule_parse(const char *name, enum opening_rule *out);

#endif
