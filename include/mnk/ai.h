/* ai.h — computer players: strategies selected by name behind one interface.
 *
 * A strategy is a const table of functions (struct ai_strategy). Its state is
 * private to it, created once per player and reused move after move (a search
 * keeps its transposition table there). choose() reads the board it is given
 * and must return a legal move (rules_legal: an empty cell, and under renju
 * none forbidden to Black) every time it is called — even when cancelled
 * through limits->stop, in which case it returns the best move found so far.
 * The one exception is a player that cannot move at all (an external engine
 * that crashed, timed out or answered nonsense; see
 * src/protocol/engine_client.h): its choose() returns -1, and the caller ends
 * the game by forfeit, game_concede(g, side, END_FORFEIT). Built-in
 * strategies never return -1. Strategies never print: all they learn comes
 * through the arguments, all they report goes through limits->on_info.
 *
 * choose() is called only when the side has a legal move. Where it has none
 * (a full board; renju's Black with every empty cell forbidden, which the
 * game calls a draw, game.h's END_NO_LEGAL_MOVE), ai_choose() answers
 * AI_NO_LEGAL_MOVE itself, the same for every strategy, without asking it.
 *
 * Adding a strategy: one file in src/strategies/ defining a const struct ai_strategy,
 * and its line in the table in src/strategies/registry.c.
 *
 * Rules (rule.h): a strategy says which it plays (`plays`; the exact
 * solver's `perfect` knows freestyle and exact only). Under another its
 * choose() still returns a legal move, but without knowing what wins; a
 * front end asks ai_strategy_plays before a game starts and refuses such
 * a player (play/players.h, players_check_rule; `mnk solve` likewise
 * asks solver_knows).
 *
 * Opening rules (opening.h) ask a computer more than a move: the stones to
 * propose, and a choice of colour. ai_opening() answers in the terms of the
 * Gomocup protocol's SWAP2BOARD: a strategy may answer itself (an external
 * engine asks its program); for the others one generic answer, built from
 * choose() and the scores it reports through limits->on_info, serves every
 * strategy (src/strategies/opening.c).
 */
#ifndef MNK_AI_H
#define MNK_AI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/board.h"

/* Scores are from the side to move's point of view. A score at or above
 * AI_SCORE_WIN_BOUND means a forced win in (AI_SCORE_WIN - score) plies; the
 * negation likewise a forced loss. */
#define AI_SCORE_WIN 1000000
#define AI_SCORE_WIN_BOUND (AI_SCORE_WIN - BOARD_MAX_CELLS)

/* ai_choose()'s answer when the side has no legal move on the board (see
 * above); apart from -1, a player that cannot move at all. */
#define AI_NO_LEGAL_MOVE (-2)

/* The most threads a strategy searches with (struct ai_limits.threads). */
#define AI_MAX_THREADS 64

/* Progress of a thinking strategy, for a status line or a log. */
struct ai_info {
    int depth;
    int score;
    uint64_t nodes;
    int elapsed_ms;
    int best;        /* best move so far, -1 if none yet */
    int pv_len;
    int pv[32];
};

/* What bounds one call to choose(). Zero means "no limit of this kind"; with
 * every limit zero a strategy uses its own default budget. */
struct ai_limits {
    int time_ms;              /* wall-clock budget for this move */
    int time_max_ms;          /* the most it may take when the position needs
                                 it (a game clock with time to spare); 0 or
                                 less than time_ms: time_ms is the cap */
    int64_t since_ms;         /* when the move was asked for (clock.h's
                                 clock_ms): the time counts from there, so
                                 what the caller did before the call counts
                                 too; 0: from the call */
    /* The game clock as a player that keeps its own time is told it (an
     * external engine: the protocol's INFO timeout_match and time_left),
     * in ms: the game's whole time and what is left of it; match_ms 0: no
     * game clock. time_ms is then the turn limit it is told (timeout_turn)
     * and time_max_ms how long until its flag falls. Players in process
     * ignore them: their time is time_ms, which the time manager gave. */
    int match_ms;
    int left_ms;
    int max_depth;            /* plies */
    uint64_t max_nodes;       /* with threads, their nodes together */
    int threads;              /* threads to search with, 0 or 1: one, at most
                                 AI_MAX_THREADS; a strategy that has no use
                                 for more ignores it */
    const atomic_bool *stop;  /* another thread sets it to cancel; may be NULL */
    void (*on_info)(void *ctx, const struct ai_info *info); /* may be NULL */
    void *ctx;
};

/* Settings fixed when a player is created. The weakness fields are set by
 * the levels below the strongest (level.h); zero everywhere is full
 * strength, and a strategy that has no use for them ignores them. */
struct ai_options {
    uint64_t seed;    /* reproducible choices among equal moves */
    size_t memory;    /* bytes allowed for tables, 0 = the strategy's default */
    int noise;        /* evaluation noise: up to this much either way, fixed
                       * per position and seed (the search's score units) */
    int oversight;    /* per mille: the chance, per move, of overlooking a
                       * threat (which threats, each strategy says) */
    const char *tune; /* the search's constants other than its tuned ones,
                       * "NAME=VALUE,..." (engine/params.h), for tuning;
                       * NULL: the tuned ones. Must outlive the strategy. */
};

/* A computer's part in an opening. On an empty board: the stones it proposes
 * (n = 3: Black, White, Black). On a board of 3 or 5 stones, White to move:
 * its choice: `swap` (take Black: the other player moves next, as White),
 * n = 1 (take White and play stone[0]), or n = 2 (only where two more are
 * allowed: place stone[0] for White and stone[1] for Black, and let the
 * other player choose). */
struct ai_opening {
    bool swap;
    int n;
    int stone[3];
};

struct ai_strategy {
    const char *name;     /* what --black/--white and the menu call it */
    const char *summary;  /* one line for --help and the menu */
    /* Whether it knows what wins under `rule`, and so plays it; NULL for
     * every rule. Every strategy keeps renju's forbidden points
     * (rules_legal) whatever it says here. */
    bool (*plays)(enum rule rule);
    /* Allocates the player's state; NULL when out of memory. */
    void *(*create)(const struct ai_options *opts);
    /* Frees what create() allocated; NULL is ignored. */
    void (*destroy)(void *state);
    /* Forgets what was learnt in a previous game (tables); may be NULL. */
    void (*reset)(void *state);
    /* Returns a legal move of b for `side` (rules_legal); b has one. -1 only
     * when the player cannot move at all (see above). */
    int (*choose)(void *state, const struct board *b, enum stone side,
                  const struct ai_limits *limits);
    /* Builds now what choose() would build on its first call for boards
     * like b (tables for its size, win length and rule), so that the first
     * move's time goes to thinking; may be NULL. */
    void (*prepare)(void *state, const struct board *b);
    /* Gives the player's tables about `bytes` (0: the strategy's default
     * size), in place: what they held is forgotten, what prepare() built
     * is kept. Quick at any size: the memory is taken as the tables are
     * first used, none of it written now. False when they cannot be had
     * (the old ones are kept). May be NULL: the player is then made anew
     * with the new size (struct ai_options.memory). */
    bool (*resize)(void *state, size_t bytes);
    /* The bytes its tables take now; may be NULL (none to tell). */
    size_t (*table_bytes)(const void *state);
    /* The strategy's own part in an opening (see struct ai_opening); NULL
     * for the generic one. False when it cannot answer at all (see -1
     * above); an answer that breaks the rules is the caller's to judge. */
    bool (*opening)(void *state, const struct board *b, bool may_add,
                    const struct ai_limits *limits, struct ai_opening *out);
    /* Thinks on the opponent's time: b is the board after this player's
     * move for `side`, the opponent to move. It searches what will speed
     * up its next choose() (the reply it expects, in its tables) until
     * limits->stop, which must be set, is set (by another thread, or by
     * on_info); of the limits it uses threads and on_info (its progress
     * in the position it searches), and it changes no choice but through
     * what its tables then hold. NULL: no pondering. */
    void (*ponder)(void *state, const struct board *b, enum stone side,
                   const struct ai_limits *limits);
};

/* A created player: its strategy and state. */
struct ai {
    const struct ai_strategy *strategy;
    void *state;
    uint64_t seed;  /* the options' seed, for the generic opening's draws */
    uint64_t draws; /* draws made so far: each proposal draws anew */
};

/* The strategies, NULL-terminated, in the order menus show them. */
extern const struct ai_strategy *const ai_strategies[];

/* The strategy called `name`, or NULL. */
const struct ai_strategy *ai_strategy_find(const char *name);

/* Writes the strategy names, comma-separated, into buf (for messages). */
void ai_strategy_names(char *buf, size_t size);

/* Whether strategy s plays `rule` (struct ai_strategy.plays). */
bool ai_strategy_plays(const struct ai_strategy *s, enum rule rule);

/* Creates a player of strategy `name`. False (ai zeroed) on an unknown name or
 * out of memory. */
bool ai_create(struct ai *ai, const char *name, const struct ai_options *opts);

/* Asks the player for a move; see struct ai_strategy.choose (-1 = forfeit).
 * AI_NO_LEGAL_MOVE, the player not asked, when `side` has none
 * (rules_has_legal_move). */
int ai_choose(struct ai *ai, const struct board *b, enum stone side,
              const struct ai_limits *limits);

/* Asks the player for its part in an opening on board b: the three stones
 * on an empty board; else its choice, with b holding 3 or 5 stones and
 * White to move, and two more stones allowed when `may_add`. The generic
 * answer, for a strategy without its own: the candidate shapes near the
 * centre that fit, each judged by a short choose() for White, the one whose
 * score is nearest even proposed; a choice takes the colour whose score is
 * better by more than a margin, and near even (may_add) places White's best
 * stone and Black's best answer. A strategy that reports no score proposes
 * the first shape that fits and keeps White. The limits bound the whole
 * answer. False only when the player cannot answer (a failed engine:
 * forfeit, as for -1 from ai_choose). */
bool ai_opening(struct ai *ai, const struct board *b, bool may_add,
                const struct ai_limits *limits, struct ai_opening *out);

/* Forgets the previous game. */
void ai_reset(struct ai *ai);

/* Gets the player ready for boards like b (see struct ai_strategy.prepare):
 * what a game's start may spend so that its first move need not. */
void ai_prepare(struct ai *ai, const struct board *b);

/* Resizes the player's tables in place (see struct ai_strategy.resize).
 * False when the strategy cannot, or they do not fit: the caller then
 * makes the player anew with that memory, or keeps it as it is. */
bool ai_resize(struct ai *ai, size_t bytes);

/* The bytes the player's tables take now; 0 for a player that does not
 * tell (see struct ai_strategy.table_bytes). */
size_t ai_table_bytes(const struct ai *ai);

/* Whether the player thinks on the opponent's time (struct
 * ai_strategy.ponder). */
bool ai_can_ponder(const struct ai *ai);

/* Has the player think on the opponent's time until *limits->stop is
 * set (struct ai_strategy.ponder); returns at once when it cannot. */
void ai_ponder(struct ai *ai, const struct board *b, enum stone side,
               const struct ai_limits *limits);

/* Frees the player; safe on a zeroed struct ai. */
void ai_destroy(struct ai *ai);

#endif
