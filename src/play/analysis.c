/* analysis.c — a played game judged move by move; see analysis.h. */
#include "play/analysis.h"
#include "mnk/i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mnk/notation.h"

#define WIN_BOUND AI_SCORE_WIN_BOUND

/* Falls in expected score that mark a move, and the edges over an even
 * game's expected score that the words name (analysis_edge): the
 * engine's, which the game screen's words use too. */
#define INACCURACY_FROM ADVICE_INACCURACY_FROM
#define MISTAKE_FROM ADVICE_MISTAKE_FROM
#define BLUNDER_FROM ADVICE_BLUNDER_FROM

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
    return advice_expected(score);
}

const char *analysis_mark_text(enum analysis_mark m)
{
    switch (m) {
    case ANALYSIS_INACCURACY: return N_("inaccuracy");
    case ANALYSIS_MISTAKE: return N_("mistake");
    case ANALYSIS_BLUNDER:
    case ANALYSIS_MISSED_WIN:
    case ANALYSIS_ALLOWS_LOSS: return N_("blunder");
    case ANALYSIS_NONE: break;
    }
    return "";
}

const char *analysis_mark_sign(enum analysis_mark m)
{
    switch (m) {
    case ANALYSIS_INACCURACY: return "?!";
    case ANALYSIS_MISTAKE: return "?";
    case ANALYSIS_BLUNDER:
    case ANALYSIS_MISSED_WIN:
    case ANALYSIS_ALLOWS_LOSS: return "??";
    case ANALYSIS_NONE: break;
    }
    return "";
}

enum analysis_edge analysis_edge(int score)
{
    return (enum analysis_edge)advice_edge(score);
}

void analysis_tally(const struct game *g, const struct analysis *a, struct analysis_tally t[2])
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
    /* Moves alternate from the first mover (Black, unless a set-up
     * position says White) whatever the opening rule did to the players
     * (it moves them, not the stones). */
    for (int i = 0; i < g->ply; i++)
        if (g->hinted[i])
            t[game_stone_of(g, i) == STONE_BLACK ? 0 : 1].hints++;
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

void analysis_move_name(const struct game *g, int i, bool local, char *buf, size_t size)
{
    char cell[NOTATION_MAX];
    const char *side = stone_name(game_stone_of(g, i));
    snprintf(buf, size, "%d. %s %s", i / 2 + 1, say(local, side),
             notation_format(&g->board, g->moves[i], cell));
}

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

void analysis_line(const struct game *g, const struct analysis *a, int i, bool local,
                   const char *arrow, struct analysis_line *out)
{
    for (int p = 0; p < ANALYSIS_PARTS; p++) {
        out->lead[p] = NULL;
        out->text[p][0] = '\0';
    }
    out->after[0] = '\0';
    out->lead[ANALYSIS_PART_MOVE] = "";
    analysis_move_name(g, i, local, out->text[ANALYSIS_PART_MOVE], ANALYSIS_PART_MAX);
    if (g->hinted[i]) {
        /* The blank before it is the language's: none before Chinese's
         * full-width bracket. */
        out->lead[ANALYSIS_PART_HINT] = "";
        snprintf(out->text[ANALYSIS_PART_HINT], ANALYSIS_PART_MAX, "%s",
                 /* TRANSLATORS: after a move's name ("3. Black j8 (hint)"),
                    with the blank before it: its player asked for a hint
                    before playing it. */
                 say(local, N_(" (hint)")));
    }
    if (a == NULL || i >= a->moves)
        return;
    const struct analysis_move *m = &a->move[i];
    /* TRANSLATORS: what separates the parts of a move's line: "?? blunder,
       better f9: even -> White much better". */
    const char *comma = say(local, N_(", ")), *colon = say(local, N_(": "));
    if (m->mark != ANALYSIS_NONE) {
        out->lead[ANALYSIS_PART_MARK] = " ";
        snprintf(out->text[ANALYSIS_PART_MARK], ANALYSIS_PART_MAX, "%s %s",
                 analysis_mark_sign(m->mark), say(local, analysis_mark_text(m->mark)));
    }
    if (m->best >= 0 && m->best != m->move) {
        char cell[NOTATION_MAX];
        out->lead[ANALYSIS_PART_BETTER] = comma;
        /* TRANSLATORS: %s is a cell: the move the engine preferred. */
        snprintf(out->text[ANALYSIS_PART_BETTER], ANALYSIS_PART_MAX,
                 say(local, N_("better %s")), notation_format(&g->board, m->best, cell));
    }
    char before[ANALYSIS_WORDS_MAX];
    analysis_score_words(black_view(m, m->before), local, before, sizeof before);
    analysis_score_words(black_view(m, m->after), local, out->after, sizeof out->after);
    out->lead[ANALYSIS_PART_POSITION] = colon;
    if (strcmp(before, out->after) == 0)
        snprintf(out->text[ANALYSIS_PART_POSITION], ANALYSIS_PART_MAX, "%s", out->after);
    else
        snprintf(out->text[ANALYSIS_PART_POSITION], ANALYSIS_PART_MAX, "%s %.8s %s", before, arrow,
                 out->after);
}

void analysis_line_join(const struct analysis_line *l, bool brief, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int p = 0; p < ANALYSIS_PARTS && used < size; p++) {
        if (l->lead[p] == NULL)
            continue;
        const char *text = brief && p == ANALYSIS_PART_POSITION ? l->after : l->text[p];
        int n = snprintf(buf + used, size - used, "%s%s", l->lead[p], text);
        used = n < 0 ? size : used + (size_t)n;
    }
}

/* Appends text to buf, which holds `used` bytes of size; the new length. */
static size_t append(char *buf, size_t size, size_t used, const char *text)
{
    if (used >= size)
        return used;
    int n = snprintf(buf + used, size - used, "%s", text);
    return n < 0 ? size : used + (size_t)n;
}

void analysis_tally_words(const struct analysis_tally *t, bool local, char *buf, size_t size)
{
    /* Each count in the catalogue's plural when local (ngettext written
     * out, so that xgettext finds the pairs), else in English's. */
    unsigned long nb = (unsigned long)t->blunders, nm = (unsigned long)t->mistakes,
                  ni = (unsigned long)t->inaccuracies, nh = (unsigned long)t->hints;
    const struct { int n; const char *format; } kinds[] = {
        { t->blunders, local ? ngettext("%d blunder", "%d blunders", nb)
                       : nb == 1 ? "%d blunder" : "%d blunders" },
        { t->mistakes, local ? ngettext("%d mistake", "%d mistakes", nm)
                       : nm == 1 ? "%d mistake" : "%d mistakes" },
        { t->inaccuracies, local ? ngettext("%d inaccuracy", "%d inaccuracies", ni)
                           : ni == 1 ? "%d inaccuracy" : "%d inaccuracies" },
    };
    const char *comma = say(local, N_(", "));
    char count[64];
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (kinds[k].n == 0)
            continue;
        snprintf(count, sizeof count, kinds[k].format, kinds[k].n);
        used = append(buf, size, append(buf, size, used, used ? comma : ""), count);
    }
    if (used == 0)
        used = append(buf, size, used, say(local, N_("no mistakes")));
    if (t->hints > 0) {
        /* TRANSLATORS: how many of one side's moves came after a hint. */
        snprintf(count, sizeof count,
                 local ? ngettext("%d hint", "%d hints", nh) : nh == 1 ? "%d hint" : "%d hints",
                 t->hints);
        append(buf, size, append(buf, size, used, comma), count);
    }
}

void analysis_decided_text(const struct game *g, const struct analysis *a, bool local,
                           char *buf, size_t size)
{
    buf[0] = '\0';
    if (!a->complete || a->decided < 0 || a->decided >= a->moves)
        return;
    char name[64];
    analysis_move_name(g, a->decided, local, name, sizeof name);
    /* TRANSLATORS: %s is a move, "5. Black h12": after it the winner was
       much better to the end. */
    snprintf(buf, size, say(local, N_("Decided at %s. ")), name);
}

void analysis_summary(const struct game *g, const struct analysis *a, bool local, char *buf,
                      size_t size)
{
    struct analysis_tally t[2];
    analysis_tally(g, a, t);
    char decided[96], black[128], white[128];
    analysis_decided_text(g, a, local, decided, sizeof decided);
    analysis_tally_words(&t[0], local, black, sizeof black);
    analysis_tally_words(&t[1], local, white, sizeof white);
    snprintf(buf, size, say(local, N_("%sBlack: %s. White: %s.")), decided, black, white);
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

int analysis_score(struct ai *ai, const struct game *g, const struct ai_limits *limits)
{
    struct analysis_options o = { .limits = *limits };
    int score, best, depth;
    search(ai, g, &o, &score, &best, &depth);
    return score;
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
    if (game_is_set_up(g))
        game_set_up(&cur, &g->setup);

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
    analysis_finish(g, out);
    return true;
}

void analysis_finish(const struct game *g, struct analysis *a)
{
    a->complete = a->moves == g->ply;
    a->final_score = 0;
    a->decided = -1;
    if (!a->complete)
        return;
    if (g->ply > 0)
        a->final_score = black_view(&a->move[g->ply - 1], a->move[g->ply - 1].after);
    a->decided = find_decided(g, a);
}
