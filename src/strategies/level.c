/* level.c — the ladder of levels; see level.h.
 *
 * How the table was set: see tools/ladder.sh and the README's ladder table,
 * which give the match that measured each figure.
 */
#include "mnk/level.h"
#include "mnk/i18n.h"

#include <stdio.h>
#include <string.h>

/* Weakest first. Names are single lowercase words, so that a record's PB/PW
 * and a command line carry them as they are. */
static const struct level levels[] = {
    /* name, description,
     *   strategy, time_ms, max_nodes, max_depth, noise, oversight, elo */
    { "starter", N_("Plays near your stones and often misses even a four."),
      "novice", 0, 0, 0, 170, 1000, 0 },
    { "beginner", N_("Blocks some fours; lets open threes grow into wins."),
      "novice", 0, 0, 0, 110, 920, 135 },
    { "learner", N_("Blocks most fours; often misses open threes."),
      "novice", 0, 0, 0, 65, 780, 250 },
    { "casual", N_("Blocks obvious fours, misses double threats."),
      "novice", 0, 0, 0, 20, 350, 432 },
    { "steady", N_("Answers every threat it sees, but makes no plans."),
      "novice", 0, 0, 0, 0, 0, 588 },
    { "club", N_("Looks two moves ahead; sometimes misses a threat."),
      "search", 0, 1000, 2, 60, 800, 772 },
    { "keen", N_("Looks three moves ahead and starts attacks of its own."),
      "search", 0, 1000, 3, 60, 700, 963 },
    { "sharp", N_("Reads short threat sequences; seldom blunders."),
      "search", 0, 2000, 0, 20, 300, 1140 },
    { "strong", N_("Reads further; punishes a loose move."),
      "search", 0, 4000, 0, 10, 200, 1283 },
    { "expert", N_("Sees most winning attacks coming, its own and yours."),
      "search", 0, 16000, 0, 5, 100, 1472 },
    { "master", N_("Deep reading of threats; a hard game for anyone."),
      "search", 0, 64000, 0, 3, 0, 1611 },
    { "grandmaster", N_("Deeper still: few players will ever beat it."),
      "search", 0, 256000, 0, 2, 0, 1703 },
    { "champion", N_("The full search at a million positions a move."),
      "search", 0, 1000000, 0, 1, 0, 1781 },
    { "maximum", N_("The full engine with three seconds a move."),
      "search", 3000, 0, 0, 0, 0, 1851 },
};

#define N_LEVELS (int)(sizeof levels / sizeof levels[0])

int level_count(void)
{
    return N_LEVELS;
}

const struct level *level_at(int i)
{
    return i >= 0 && i < N_LEVELS ? &levels[i] : NULL;
}

const struct level *level_find(const char *name)
{
    for (int i = 0; i < N_LEVELS; i++)
        if (strcmp(levels[i].name, name) == 0)
            return &levels[i];
    return NULL;
}

int level_index(const struct level *l)
{
    return (int)(l - levels);
}

const struct level *level_default(void)
{
    return &levels[(N_LEVELS - 1) / 2];
}

void level_names(char *buf, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; i < N_LEVELS && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", levels[i].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

struct ai_options level_options(const struct level *l, uint64_t seed)
{
    return (struct ai_options){ .seed = seed, .noise = l->noise, .oversight = l->oversight };
}

struct ai_limits level_limits(const struct level *l)
{
    return (struct ai_limits){
        .time_ms = l->time_ms, .max_nodes = l->max_nodes, .max_depth = l->max_depth,
    };
}
