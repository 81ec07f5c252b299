/* players.h — a struct player (game.h) made into a running computer player.
 *
 * One place that knows what a player spec means, shared by the full-screen
 * game and `mnk match`: a level by name ("casual", see level.h) resolves,
 * here and only here, into its strategy, weakness and budget per move; a
 * built-in strategy by name ("random", ...) is created with ai_create() and
 * the player's seed; "engine:COMMAND" starts COMMAND as an external Gomocup
 * engine (engine_client.h). Either way the result is a struct computer: a
 * struct ai asked for moves with ai_choose(&c.ai, board, side, &c.limits),
 * freed with players_destroy(). A player's own time_ms, when set, replaces
 * the budget's time (for a level limited by nodes, it caps them); its
 * threads go where players_set_threads() says.
 *
 * A computer player may fail to move (an external engine that crashed, timed
 * out or answered an illegal move): ai_choose() then returns -1, the caller
 * ends the game with game_concede(g, side, END_FORFEIT), and
 * players_failure() gives the reason to show.
 */
#ifndef MNK_PLAY_PLAYERS_H
#define MNK_PLAY_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/timeman.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "mnk/level.h"

/* A computer player, ready to move. */
struct computer {
    struct ai ai;
    struct ai_limits limits;    /* one move's budget; no stop flag, no callback */
    struct time_control time;   /* the control it moves under: its time per
                                 * move (limits.time_ms as created; none when
                                 * 0), no game clock; session_computer()
                                 * budgets each move from it */
    const struct level *level;  /* the level it plays at; NULL for a strategy
                                 * or an engine named directly */
    bool keeps_time;            /* an external engine: on a game clock it is
                                 * told the clock (ai_limits.match_ms) and
                                 * budgets its time itself */
    bool ponder;                /* thinks on the opponent's time (play/ponder.h) */
};

/* What a built-in player plays with: the strategy, its options and one
 * move's budget, and the level it stands for (NULL for a strategy named
 * directly, which plays at full strength with its own default budget). */
struct players_plan {
    const char *strategy;
    struct ai_options opts;
    struct ai_limits limits;
    const struct level *level;
};

/* Resolves `spec`, a level or a built-in strategy by name, for a player
 * seeded with `seed`: the one place a level's name turns into its
 * strategy, weakness and budget. False when spec names neither. */
bool players_plan(const char *spec, uint64_t seed, struct players_plan *out);

/* Makes *c the computer player `p` describes. False (c zeroed) with a
 * one-line reason in err for a human, an unknown name, or an engine that
 * cannot be started. `quiet` sends an engine's standard error to /dev/null
 * (for a full-screen view). */
bool players_create(struct computer *c, const struct player *p, bool quiet,
                    char *err, size_t errsize);

/* Has built-in computer c search with `threads` threads (0 or 1: one)
 * from its next move, where that makes it stronger and changes nothing
 * else: a strategy named directly and the strongest level, which play by
 * the clock. A level below (limited by nodes: it plays the same in every
 * game) and an engine (told struct player.threads as INFO thread_num when
 * started) are left as they are: false. */
bool players_set_threads(struct computer *c, int threads);

/* Has built-in computer c think on its opponent's time (play/ponder.h) or
 * not, where players_set_threads() would give it threads and its strategy
 * can (ai_can_ponder); false, c left as it is, for the others. */
bool players_set_ponder(struct computer *c, bool on);

/* Whether `p` plays `rule`: a human, an external engine (told the rule,
 * it answers for itself) and a name players_create() would refuse anyway
 * do; a level or a strategy when its strategy plays the rule
 * (ai_strategy_plays). False, with `why` a sentence in the player's
 * language ("perfect does not play caro (only freestyle and exact)"), for
 * the others: every front end asks before a game starts. */
bool players_check_rule(const struct player *p, enum rule rule, char *why, size_t size);

/* Frees the player; safe on a zeroed struct computer. */
void players_destroy(struct computer *c);

/* True when `name` is a level, a built-in strategy or engine:COMMAND. */
bool players_known(const char *name);

/* Writes "NAMES" for messages: the level names, then the strategy names. */
void players_names(char *buf, size_t size);

/* Why *ai could not move: call it after ai_choose() returned -1. */
const char *players_failure(const struct ai *ai);

/* The name to show for `p`: the level or strategy name, the engine command,
 * "human". */
const char *players_name(const struct player *p);

#endif
