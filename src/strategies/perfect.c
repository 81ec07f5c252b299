/* perfect.c — the `perfect` strategy: the exact solver's move.
 *
 * On a board the solver finishes within the limits, the move is perfect: the
 * fastest win from a won position, a move keeping the draw from a drawn one,
 * the slowest loss from a lost one. Elsewhere it is the best the solver
 * proved before the limits ran out, or else the first move of its ordering
 * (a win in one, a forced block, then the cell on most live lines) — always
 * a legal move. It plays the rules the solver knows (solver_knows:
 * freestyle and exact), and says so (`plays`), so that front ends refuse it
 * under caro and renju; asked there all the same, it proves nothing, and
 * the move is the free cell on most lines, unscored. The table persists
 * across the moves of a game, so each answer reuses the work of the
 * previous ones.
 */
#include <stdlib.h>

#include "engine/solver.h"
#include "mnk/ai.h"
#include "mnk/rules.h"

#define PERFECT_DEFAULT_MEMORY ((size_t)16 << 20)
#define PERFECT_DEFAULT_TIME_MS 1000

struct perfect_state {
    struct solver *solver;
};

static void *perfect_create(const struct ai_options *opts)
{
    struct perfect_state *p = malloc(sizeof *p);
    if (p == NULL)
        return NULL;
    p->solver = solver_create(opts->memory != 0 ? opts->memory : PERFECT_DEFAULT_MEMORY);
    if (p->solver == NULL) {
        free(p);
        return NULL;
    }
    return p;
}

static void perfect_destroy(void *state)
{
    struct perfect_state *p = state;
    if (p == NULL)
        return;
    solver_destroy(p->solver);
    free(p);
}

static void perfect_reset(void *state)
{
    struct perfect_state *p = state;
    solver_clear(p->solver);
}

static int perfect_choose(void *state, const struct board *b, enum stone side,
                          const struct ai_limits *limits)
{
    struct perfect_state *p = state;
    /* Without a time or node budget, a board too big to solve would search
     * until stopped: use the default budget then. */
    bool unlimited = limits->time_ms == 0 && limits->max_nodes == 0;
    struct solver_limits sl = {
        .time_ms = unlimited ? PERFECT_DEFAULT_TIME_MS : limits->time_ms,
        .max_nodes = limits->max_nodes,
        .stop = limits->stop,
        .exact_distance = true,
    };
    struct solver_result r;
    solver_solve(p->solver, b, side, &sl, &r);
    if (limits->on_info != NULL) {
        /* Unfinished and proving nothing (at least a loss: under a rule the
         * solver does not know, or out of time before a first result), the
         * score is none: 0 at depth 0, never a loss. */
        bool unknown = !r.complete && r.value.bound == SOLVER_AT_LEAST &&
                       r.value.score <= -AI_SCORE_WIN;
        struct ai_info info = {
            .depth = r.complete ? board_cells(b) - b->stones : 0,
            .score = unknown ? 0 : r.value.score,
            .nodes = r.nodes,
            .elapsed_ms = (int)r.elapsed_ms,
            .best = r.move,
            .pv_len = r.move >= 0 ? 1 : 0,
            .pv = { r.move },
        };
        limits->on_info(limits->ctx, &info);
    }
    if (rules_legal(b, side, r.move))
        return r.move;
    /* The game is over on this board, or the solver's move is one renju
     * forbids (the solver does not know the rule); the contract still asks
     * for a cell, and ai_choose promises one Black may play. */
    for (int pos = 0; pos < board_cells(b); pos++)
        if (rules_legal(b, side, pos))
            return pos;
    return -1; /* unreachable */
}

static bool perfect_plays(enum rule rule)
{
    return solver_knows(rule);
}

const struct ai_strategy ai_perfect = {
    .name = "perfect",
    .summary = "plays perfectly on boards small enough to solve (3x3, 4x4)",
    .plays = perfect_plays,
    .create = perfect_create,
    .destroy = perfect_destroy,
    .reset = perfect_reset,
    .choose = perfect_choose,
};
