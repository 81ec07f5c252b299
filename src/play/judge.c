/* judge.c — the computer's side of a draw offer; see judge.h. */
#include "play/judge.h"

#include "engine/advice.h"
#include "play/analysis.h"

/* The search's tables: small, since a judgement is short. */
#define JUDGE_MEMORY ((size_t)8 << 20)
#define JUDGE_SOLVER_MEMORY ((size_t)4 << 20)

bool judge_init(struct judge *j)
{
    j->solver = NULL;
    struct ai_options opts = { .seed = 1, .memory = JUDGE_MEMORY };
    return ai_create(&j->search, "search", &opts);
}

void judge_free(struct judge *j)
{
    ai_destroy(&j->search);
    solver_destroy(j->solver);
    j->solver = NULL;
}

static bool stopped(const atomic_bool *stop)
{
    return stop != NULL && atomic_load(stop);
}

bool judge_score(struct judge *j, const struct game *g, enum stone side,
                 const atomic_bool *stop, int *score)
{
    /* What an earlier judgement or game left in the tables would change
     * the answer: the same position gets the same one. */
    ai_reset(&j->search);
    struct ai_limits limits = { .max_nodes = JUDGE_SEARCH_NODES, .stop = stop };
    int s = analysis_score(&j->search, g, &limits);
    if (stopped(stop))
        return false;
    *score = side == game_to_move(g) ? s : -s;
    return true;
}

bool judge_accepts(int score)
{
    return score <= 0 || advice_edge(score) == ADVICE_EVEN;
}

bool judge_may_prove(const struct board *b)
{
    return solver_knows(b->rule) && board_cells(b) - b->stones <= JUDGE_PROOF_EMPTY;
}

bool judge_proves_draw(struct judge *j, const struct game *g, const atomic_bool *stop)
{
    const struct board *b = &g->board;
    if (game_over(g) || !judge_may_prove(b))
        return false;
    if (j->solver == NULL && (j->solver = solver_create(JUDGE_SOLVER_MEMORY)) == NULL)
        return false;
    /* Cleared for the same reason as the search's tables: a proof that
     * finishes here finishes everywhere. */
    solver_clear(j->solver);
    struct solver_limits limits = { .max_nodes = JUDGE_PROOF_NODES, .stop = stop };
    struct solver_result r;
    return solver_solve(j->solver, b, game_to_move(g), &limits, &r) && !stopped(stop) &&
           r.value.bound == SOLVER_EXACT && solver_outcome_of(r.value.score) == SOLVER_DRAW;
}
