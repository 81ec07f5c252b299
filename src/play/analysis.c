/* analysis.c — a played game judged move by move; see analysis.h. */
#include "play/analysis.h"
#include "mnk/i18n.h"

#include <math.h>
#include <stdio.h>

#define WIN_BOUND AI_SCORE_WIN_BOUND

/* Falls in expected score that mark a move, and the edges over an even
 * game's expected score that the words name (analysis_edge). */
#define INACCURACY_FROM 0.09
#define MISTAKE_FROM 0.18
#define BLUNDER_FROM 0.30

bool analysis_is_win(int score)
{
    return score >= WIN_BOUND;
}

static bool is_loss(int score)
{
    return score <= -WIN_BOUND;
}

double analysis_expected(int score)
{
    if (analysis_is_win(score))
        return 1.0;
    if (is_loss(score))
        return 0.0;
    return 1.0 / (1.0 + exp(-(double)score / ANALYSIS_SCALE));
}

const char *analysis_mark_text(enum analysis_mark m)
{
    switch (m) {
    case ANALYSIS_INACCURACY: return N_("inaccuracy");
    case ANALYSIS_MISTAKE: return N_("mistake");
    case ANALYSIS_BLUNDER: return N_("blunder");
    case ANALYSIS_MISSED_WIN: return N_("throws away a win");
    case ANALYSIS_ALLOWS_LOSS: return N_("allows a forced loss");
    case ANALYSIS_NONE: break;
    }
    return "";
}

enum analysis_edge analysis_edge(int score)
{
    int mag = score >= 0 ? score : -score;
    if (analysis_is_win(mag))
        return ANALYSIS_FORCED;
    double edge = analysis_expected(mag) - 0.5;
    return edge >= BLUNDER_FROM      ? ANALYSIS_LARGE
           : edge >= MISTAKE_FROM    ? ANALYSIS_CLEAR
           : edge >= INACCURACY_FROM ? ANALYSIS_SLIGHT
                                     : ANALYSIS_EVEN;
}

void analysis_score_text(int black_score, char *buf, int size)
{
    if (black_score == WIN_BOUND || black_score == -WIN_BOUND) {
        snprintf(buf, (size_t)size, "%c#", black_score > 0 ? '+' : '-');
    } else if (analysis_is_win(black_score) || is_loss(black_score)) {
        int plies = AI_SCORE_WIN - (black_score > 0 ? black_score : -black_score);
        snprintf(buf, (size_t)size, "%c#%d", black_score > 0 ? '+' : '-', (plies + 1) / 2);
    } else {
        snprintf(buf, (size_t)size, "%+.2f", black_score / 100.0);
    }
}

void analysis_tally(const struct analysis *a, struct analysis_tally t[2])
{
    t[0] = t[1] = (struct analysis_tally){ 0 };
    for (int i = 0; i < a->moves; i++) {
        struct analysis_tally *s = &t[a->move[i].side == STONE_BLACK ? 0 : 1];
        switch (a->move[i].mark) {
        case ANALYSIS_INACCURACY: s->inaccuracies++; break;
        case ANALYSIS_MISTAKE: s->mistakes++; break;
        case ANALYSIS_BLUNDER:
        case ANALYSIS_MISSED_WIN:
        case ANALYSIS_ALLOWS_LOSS: s->blunders++; break;
        case ANALYSIS_NONE: break;
        }
    }
}

/* `english` (marked for the catalogue) in the player's language when
 * `local`, else as it is. */
static const char *say(bool local, const char *english)
{
    return local ? _(english) : english;
}

void analysis_score_words(int black, bool local, char *buf, size_t size)
{
    bool b = black >= 0;
    int mag = b ? black : -black;
    if (mag == WIN_BOUND) {
        snprintf(buf, size, "%s", say(local, b ? N_("Black wins by force")
                                               : N_("White wins by force")));
        return;
    }
    if (mag >= AI_SCORE_WIN) {
        snprintf(buf, size, "%s", say(local, b ? N_("Black has won") : N_("White has won")));
        return;
    }
    if (analysis_is_win(mag)) {
        int moves = (AI_SCORE_WIN - mag + 1) / 2;
        unsigned long n = (unsigned long)moves;
        const char *f =
            b ? (local ? ngettext("Black wins in %d move", "Black wins in %d moves", n)
                 : moves == 1 ? "Black wins in %d move" : "Black wins in %d moves")
              : (local ? ngettext("White wins in %d move", "White wins in %d moves", n)
                 : moves == 1 ? "White wins in %d move" : "White wins in %d moves");
        snprintf(buf, size, f, moves);
        return;
    }
    const char *text = "";
    switch (analysis_edge(mag)) {
    case ANALYSIS_EVEN: text = N_("even"); break;
    case ANALYSIS_SLIGHT: text = b ? N_("Black slightly better") : N_("White slightly better"); break;
    case ANALYSIS_CLEAR: text = b ? N_("Black better") : N_("White better"); break;
    case ANALYSIS_LARGE:
    case ANALYSIS_FORCED: text = b ? N_("Black much better") : N_("White much better"); break;
    }
    snprintf(buf, size, "%s", say(local, text));
}

enum analysis_mark analysis_judge(int before, int after)
{
    if (analysis_is_win(before))
        return analysis_is_win(after) ? ANALYSIS_NONE : ANALYSIS_MISSED_WIN;
    if (is_loss(before))
        return ANALYSIS_NONE;
    if (is_loss(after))
        return ANALYSIS_ALLOWS_LOSS;
    double fall = analysis_expected(before) - analysis_expected(after);
    return fall >= BLUNDER_FROM      ? ANALYSIS_BLUNDER
           : fall >= MISTAKE_FROM    ? ANALYSIS_MISTAKE
           : fall >= INACCURACY_FROM ? ANALYSIS_INACCURACY
                                     : ANALYSIS_NONE;
}

/* A score `plies` further from the root: wins and losses a ply longer each,
 * never past WIN_BOUND (a win of unknown length, as the threat-space search
 * reports one, stays that). */
static int adjust(int score, int plies)
{
    if (analysis_is_win(score))
        return score - plies > WIN_BOUND ? score - plies : WIN_BOUND;
    if (is_loss(score))
        return score + plies < -WIN_BOUND ? score + plies : -WIN_BOUND;
    return score;
}

/* The last report of one search. */
struct probe {
    struct ai_info info;
    bool have;
};

static void on_info(void *ctx, const struct ai_info *info)
{
    struct probe *p = ctx;
    p->info = *info;
    p->have = true;
}

/* How many forced replies analysis follows to score a position whose search
 * answered at once without a score (one move to block a four). */
#define FOLLOW_MAX 8

static int ended_score(const struct game *g);

/* Searches the position of g for the side to move: its score from that
 * side's point of view, the preferred move and the depth reached. A search
 * that answers a forced move at once says nothing of the score: the forced
 * line is then played out (up to FOLLOW_MAX plies) and the position at its
 * end scored. */
static void search(struct ai *ai, const struct game *g, const struct analysis_options *o,
                   int *score, int *best, int *depth)
{
    struct game line = *g;
    int sign = 1, plies = 0;
    *best = -1;
    for (;;) {
        struct probe p = { 0 };
        struct ai_limits lim = o->limits;
        lim.on_info = on_info;
        lim.ctx = &p;
        int move = ai_choose(ai, &line.board, game_to_move(&line), &lim);
        if (*best < 0) {
            *best = move;
            *depth = p.have ? p.info.depth : 0;
        }
        int sc = p.have ? p.info.score : 0;
        bool unscored = !p.have || (p.info.depth == 0 && sc == 0);
        if (!unscored || plies == FOLLOW_MAX || move < 0 ||
            game_play(&line, move) != GAME_OK) {
            *score = sign * adjust(sc, plies);
            return;
        }
        plies++;
        sign = -sign;
        if (game_over(&line)) {
            /* ended_score is for the mover of the last move: negate it for
             * the side to move, as every score here. */
            *score = sign * adjust(-ended_score(&line), plies);
            return;
        }
    }
}

/* The score of a finished game for the side that made its last move. */
static int ended_score(const struct game *g)
{
    switch (g->result.outcome) {
    case OUTCOME_DRAW:
        return 0;
    case OUTCOME_BLACK_WINS:
    case OUTCOME_WHITE_WINS: {
        enum stone winner = g->result.outcome == OUTCOME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
        enum stone mover = stone_other(game_to_move(g));
        return winner == mover ? AI_SCORE_WIN : -AI_SCORE_WIN;
    }
    case OUTCOME_ONGOING:
        break;
    }
    return 0;
}

/* The score for the side to move of g after it plays `move`. */
static int score_after(struct ai *ai, const struct game *g, int move,
                       const struct analysis_options *o)
{
    struct game next = *g;
    if (game_play(&next, move) != GAME_OK)
        return -AI_SCORE_WIN;
    if (game_over(&next))
        return ended_score(&next);
    int score, best, depth;
    search(ai, &next, o, &score, &best, &depth);
    return -score;
}

static bool cancelled(const struct analysis_options *o)
{
    return o->limits.stop != NULL && atomic_load(o->limits.stop);
}

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

/* The first move after which the winner stays much better to the end. */
static int find_decided(const struct game *g, const struct analysis *a)
{
    enum stone winner;
    if (g->result.outcome == OUTCOME_BLACK_WINS)
        winner = STONE_BLACK;
    else if (g->result.outcome == OUTCOME_WHITE_WINS)
        winner = STONE_WHITE;
    else
        return -1;
    int decided = -1;
    for (int i = a->moves - 1; i >= 0; i--) {
        int black = black_view(&a->move[i], a->move[i].after);
        int mine = winner == STONE_BLACK ? black : -black;
        if (mine < 0 || analysis_edge(mine) < ANALYSIS_LARGE)
            break;
        decided = i;
    }
    return decided;
}

bool analysis_run(const struct game *g, const struct analysis_options *opts,
                  struct analysis *out)
{
    struct ai ai;
    struct ai_options aio = { 0 };
    if (!ai_create(&ai, opts->strategy != NULL ? opts->strategy : "search", &aio))
        return false;

    out->moves = 0;
    out->final_score = 0;
    out->decided = -1;
    out->complete = false;

    /* The moves as they were played: an opening rule's choices moved the
     * players, not the stones, so the replay needs none. */
    struct game_config plain = g->config;
    plain.opening = OPENING_NONE;
    struct game cur;
    game_init(&cur, &plain);

    int score = 0, best = -1, depth = 0;
    if (g->ply > 0 && !cancelled(opts))
        search(&ai, &cur, opts, &score, &best, &depth);
    for (int i = 0; i < g->ply && !cancelled(opts); i++) {
        struct analysis_move *m = &out->move[i];
        m->move = g->moves[i];
        m->side = game_to_move(&cur);
        m->best = best;
        m->depth = depth;
        int root = score;
        /* What the best move gets, scored like the played one: the position
         * it leaves, the opponent to move. */
        int alt = best >= 0 && best != m->move ? score_after(&ai, &cur, best, opts) : 0;
        game_play(&cur, g->moves[i]);
        if (game_over(&cur)) {
            m->after = ended_score(&cur);
        } else {
            search(&ai, &cur, opts, &score, &best, &depth);
            m->after = -score;
        }
        m->before = m->best == m->move ? m->after : alt;
        /* A proven result at the root stands whatever the second look says;
         * a played move better than the search's choice costs nothing. */
        if (analysis_is_win(root) || is_loss(root))
            m->before = root;
        if (m->after > m->before)
            m->before = m->after;
        m->mark = analysis_judge(m->before, m->after);
        out->moves = i + 1;
        if (opts->progress != NULL)
            opts->progress(opts->ctx, i + 1, g->ply);
    }
    ai_destroy(&ai);
    if (out->moves < g->ply)
        return true;
    if (g->ply > 0)
        out->final_score = black_view(&out->move[g->ply - 1], out->move[g->ply - 1].after);
    out->decided = find_decided(g, out);
    out->complete = true;
    return true;
}
