/* players.h — a struct player (game.h) made into a running computer player.
 *
 * One place that knows what a player spec means, shared by the full-screen
 * game and `mnk match`: a built-in strategy by name ("random", ...) is created
 * with ai_create() and the player's seed and level; "engine:COMMAND" starts
 * COMMAND as an external Gomocup engine (engine_client.h). Either way the
 * result is a struct ai, asked for moves with ai_choose(&ai, board, side,
 * &limits) where limits = players_limits(player), and freed with ai_destroy().
 *
 * A computer player may fail to move (an external engine that crashed, timed
 * out or answered an illegal move): ai_choose() then returns -1, the caller
 * ends the game with game_concede(g, side, END_FORFEIT), and
 * players_failure() gives the reason to show.
 */
#ifndef MNK_IO_PLAYERS_H
#define MNK_IO_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "mnk/ai.h"
#include "mnk/game.h"

#define PLAYERS_ENGINE_PREFIX "engine:"

/* Makes *ai the computer player `p` describes. False (ai zeroed) with a
 * one-line reason in err for a human, an unknown strategy, or an engine that
 * cannot be started. `quiet` sends an engine's standard error to /dev/null
 * (for a full-screen view). */
bool players_create(struct ai *ai, const struct player *p, bool quiet,
                    char *err, size_t errsize);

/* The limits for one move of player `p`: its time_ms (0 = the strategy's
 * default); no stop flag, no progress callback (the caller may add them). */
struct ai_limits players_limits(const struct player *p);

/* Why *ai could not move: call it after ai_choose() returned -1. */
const char *players_failure(const struct ai *ai);

/* The name to show for `p`: the strategy name, the engine command, "human". */
const char *players_name(const struct player *p);

/* Records name players; they never start programs. The player a record's
 * name stands for: a built-in strategy by its name becomes that computer;
 * "" and "human" a human; anything else (a person's name, another
 * program's, an `engine:COMMAND` from an older record) a human who keeps
 * the name as a label in `spec` — shown, written back, never run. Returns
 * true when the name was an `engine:` command, whose label is then the
 * program's name alone (players_engine_label). */
bool players_from_record(const char *name, struct player *out);

/* The name a record gives player `p`: "human", a human's label, the
 * strategy name, or for an external engine its program's name — never the
 * `engine:` command, so that no record can start a program. */
const char *players_record_name(const struct player *p, char *buf, size_t size);

/* The program an engine command runs, as a label: the base name of its
 * first word that is not `env` or an environment assignment ("pbrain-x"
 * for "env A=1 /opt/pbrain-x -v"), printable ASCII only, at most size - 1
 * bytes; "engine" when there is none. */
const char *players_engine_label(const char *command, char *buf, size_t size);

#endif
