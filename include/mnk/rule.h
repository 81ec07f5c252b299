/* rule.h — the rules mnk plays, one entry each in one table: the one owner
 * of what a rule is called and of every question the rest of mnk asks of
 * it. rules.h applies the entries to a board (wins, forbidden moves, the
 * early draw).
 *
 * Code elsewhere asks the entry's columns (rule_info), never which rule it
 * is: a new rule is a new line of rule.c's table, and the code that reads a
 * column follows. The exceptions are the places where a rule's own
 * behaviour is the subject: rules.c's forbidden-point geometry (renju),
 * the engine's pattern tables and position deciders, which compute caro's
 * and renju's line classes.
 *
 * Who asks what:
 * - name: the word flags, records (SGF RU, PSQ's mnk line, record.h) and
 *   the statistics file take and write; English, the same in every
 *   language, and also the msgid of the name a view shows, _(name);
 * - aliases: other programs' words for the rule in SGF RU, read in any
 *   case (rule_from_sgf); mnk never writes them;
 * - note, sentence: what the new-game form says of the rule, beside its
 *   row and under the form (marked for the catalogue, _() them);
 * - win: the only win length the rule is played with, 0 for any
 *   (rule_check_win: renju is five in a row); win_note says so in a few
 *   words (the form, beside its Win row), win_why in a sentence that
 *   refuses another length (rule_check_win's answer); both NULL for 0;
 * - overline_wins: per colour, whether a run longer than k wins; where it
 *   does not, exactly k wins (rules_is_win), and the early draw counts a
 *   window next to the side's own stone as dead (rules_can_win);
 * - blocked_ends: a run whose two outside neighbours both hold the
 *   opponent's stones wins nothing (the edge blocks nothing); the win
 *   check and the early draw read it;
 * - forbidden: Black may not play some points (rules_forbidden), so Black
 *   can be left with no legal move, which ends the game drawn
 *   (rules_has_legal_move, rules_is_dead);
 * - protocol_bits: the Gomocup protocol's INFO rule value for the rule,
 *   plain data: the protocol layer (proto.h) owns its bits' meaning and
 *   parses them.
 * Those are all the early-draw test needs: overline_wins, blocked_ends and
 * forbidden. What a strategy or the exact solver plays is theirs to say
 * from these columns (ai.h's `plays`, solver.h's solver_knows).
 */
#ifndef MNK_RULE_H
#define MNK_RULE_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

/* In the order of the table, which is the order the form's Rule row and
 * every list of the rules show them. */
enum rule { RULE_FREESTYLE, RULE_EXACT, RULE_RENJU, RULE_CARO };
#define RULE_COUNT 4

/* The rule of a game that names none: the flags' default, a new game's
 * (game_config_default), a record without one. */
#define RULE_DEFAULT RULE_FREESTYLE

#define RULE_ALIASES_MAX 2

/* Colours as columns are indexed, like game_config.player[]: Black 0,
 * White 1 (rules.h's rules_overline_wins takes an enum stone). */
struct rule_info {
    const char *name;
    const char *aliases[RULE_ALIASES_MAX + 1]; /* lower case, NULL after the last */
    const char *note;
    const char *sentence;
    int win;
    const char *win_note;
    const char *win_why;
    bool overline_wins[2];
    bool blocked_ends;
    bool forbidden;
    int protocol_bits;
};

/* The table, in enum order; read it through rule_info(). */
extern const struct rule_info rule_table[RULE_COUNT];

/* The entry of `rule`, which must be one of enum rule. */
static inline const struct rule_info *rule_info(enum rule rule)
{
    assert((unsigned)rule < RULE_COUNT);
    return &rule_table[rule];
}

/* The rule's name ("caro"): see `name` above. */
const char *rule_name(enum rule rule);

/* The rule called exactly `name` (a flag's or mnk's record word); false,
 * *out untouched, for any other text. */
bool rule_parse(const char *name, enum rule *out);

/* The rule an SGF RU value names: a rule's name or one of its aliases, in
 * any case; false, *out untouched, for anything else (an opening rule such
 * as Yamaguchi, a rule mnk does not play). */
bool rule_from_sgf(const char *value, enum rule *out);

/* NULL when `rule` can be played with `win` in a row, otherwise why not, a
 * text marked for the catalogue: renju is five in a row only. */
const char *rule_check_win(enum rule rule, int win);

/* Writes into buf the names of the rules for which `pick` is true (every
 * rule when pick is NULL), in table order, separated by `sep` and the last
 * two by `last` ("freestyle, exact or caro"), truncated to fit. Returns
 * how many it named. */
int rule_list(char *buf, size_t size, bool (*pick)(enum rule rule), const char *sep,
              const char *last);

#endif
