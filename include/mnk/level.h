/* level.h — the ladder of computer opponents, from a child's first game to
 * the full engine: the one owner of what a level is.
 *
 * A level is a name people use (`--white casual`, the menu, a record's PB/PW)
 * standing for a strategy, its budget per move and its weakness. Below the
 * strongest, levels are limited by nodes or depth, never by time, so a level
 * plays as well on a slow machine as on a fast one, and a seeded game
 * replays exactly. Their weakness is made the way people are weak: a
 * shallower look, noise in the judgement, and a chance to overlook a threat,
 * growing as the level drops; the lowest levels play a shallow strategy of
 * their own (`novice`). The Elo figures are measured with `mnk match`
 * (tools/ladder.sh) and written into the table by hand.
 *
 * A name resolves in one place, players_plan() (play/players.h), into the
 * strategy, struct ai_options and struct ai_limits given by level_options()
 * and level_limits(), for the game, `mnk match` and `mnk engine --level`
 * alike. Elsewhere a level is only named and described (its name,
 * description and elo), or found by its strategy (the menu's form, which
 * shows a strategy named in a record as the strongest level playing it).
 */
#ifndef MNK_LEVEL_H
#define MNK_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/ai.h"

/* The longest name and description: a level's line in `mnk levels` and in
 * the menu fits 80 columns. */
#define LEVEL_NAME_MAX 12
#define LEVEL_DESCRIPTION_MAX 58

/* The elo of a level not measured yet. */
#define LEVEL_UNMEASURED (-1)

struct level {
    const char *name;         /* one lowercase word */
    const char *description;  /* one sentence a player understands, in
                                 English, marked for the catalogue: _() it */
    const char *strategy;     /* the strategy it plays with */
    int time_ms;              /* per move; 0 below the strongest */
    uint64_t max_nodes;       /* per move; 0 = no node limit */
    int max_depth;            /* plies; 0 = no depth limit */
    int noise;                /* struct ai_options.noise */
    int oversight;            /* struct ai_options.oversight, per mille */
    int elo;                  /* measured, relative to the lowest level, or
                               * LEVEL_UNMEASURED */
};

/* The number of levels; level_at(0) is the weakest. */
int level_count(void);

/* The i-th level, 0 <= i < level_count(). */
const struct level *level_at(int i);

/* The level called `name`, or NULL. */
const struct level *level_find(const char *name);

/* Its position in the ladder, 0 = the weakest. */
int level_index(const struct level *l);

/* The level the menu offers first: one in the middle of the ladder. */
const struct level *level_default(void);

/* Writes the level names, weakest first, comma-separated (for messages). */
void level_names(char *buf, size_t size);

/* The settings a player of level l is created with (seed as given). */
struct ai_options level_options(const struct level *l, uint64_t seed);

/* The budget of one move of level l (no stop flag, no callback). */
struct ai_limits level_limits(const struct level *l);

#endif
