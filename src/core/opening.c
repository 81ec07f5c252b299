/* opening.c — opening rules; see opening.h. */
#include "mnk/opening.h"

#include <string.h>

enum opening_step opening_step(enum opening_rule rule, int ply, int n,
                               const unsigned char choice[])
{
    if (rule == OPENING_NONE)
        return OPENING_DONE;
    if (n == 0)
        return ply < OPENING_PROPOSAL ? OPENING_PROPOSE : OPENING_CHOOSE;
    if (rule != OPENING_SWAP2 || choice[0] != OPENING_PLACE_TWO)
        return OPENING_DONE;
    if (n == 1)
        return ply < OPENING_PROPOSAL + OPENING_ADDED ? OPENING_ADD : OPENING_CHOOSE2;
    return OPENING_DONE;
}

int opening_choice_ply(int i)
{
    return i == 0 ? OPENING_PROPOSAL : OPENING_PROPOSAL + OPENING_ADDED;
}

bool opening_may_choose(enum opening_rule rule, enum opening_step step,
                        enum opening_choice choice)
{
    switch (choice) {
    case OPENING_TAKE_BLACK:
    case OPENING_TAKE_WHITE:
        return step == OPENING_CHOOSE || step == OPENING_CHOOSE2;
    case OPENING_PLACE_TWO:
        return step == OPENING_CHOOSE && rule == OPENING_SWAP2;
    case OPENING_CHOICE_NONE:
        break;
    }
    return false;
}

bool opening_first_is_white(int n, const unsigned char choice[])
{
    if (n == 0)
        return false;
    if (choice[0] == OPENING_TAKE_BLACK)    /* the second player took Black */
        return true;
    if (choice[0] == OPENING_TAKE_WHITE)
        return false;
    /* Two more were placed: the first player's own choice, if made. */
    return n > 1 && choice[1] == OPENING_TAKE_WHITE;
}

bool opening_first_acts(enum opening_step step)
{
    return step == OPENING_PROPOSE || step == OPENING_CHOOSE2;
}

const char *opening_rule_name(enum opening_rule rule)
{
    switch (rule) {
    case OPENING_SWAP: return "swap";
    case OPENING_SWAP2: return "swap2";
    case OPENING_NONE: break;
    }
    return "none";
}

bool opening_rule_parse(const char *name, enum opening_rule *out)
{
    for (int r = 0; r < OPENING_RULE_COUNT; r++) {
        if (strcmp(name, opening_rule_name((enum opening_rule)r)) == 0) {
            *out = (enum opening_rule)r;
            return true;
        }
    }
    return false;
}
