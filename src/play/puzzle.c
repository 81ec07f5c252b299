/* puzzle.c — puzzles made, re-proved and played through; see puzzle.h.
 *
 * Every proof here is the engine's: the threat-space search (engine/tss.h)
 * for wins by threats and for refuting them, its win trees (engine/proof.h),
 * and the exact solver (engine/solver.h) for small boards. What this file
 * adds is the definition of each task in terms of those searches, once,
 * for making and re-proving alike.
 */
#include "play/puzzle.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "mnk/rules.h"

#define TSS_BYTES ((size_t)32 << 20)
#define SOLVER_BYTES ((size_t)64 << 20)
/* A win of the player's must take at least this many moves (the five
 * included): an open four to make, a five, is no puzzle. */
#define MIN_ATTACKS 3
/* Wrong moves of a DEFEND puzzle kept with their line, at most. */
#define WRONG_LINES_MAX 16

static const char *const kind_names[PUZZLE_KINDS] = { "vcf", "vct", "defend", "perfect" };

static bool fault(char *why, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fault(char *why, size_t size, const char *fmt, ...)
{
    if (why != NULL && size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool puzzle_prover_init(struct puzzle_prover *pv)
{
    memset(pv, 0, sizeof *pv);
    pv->budget = PUZZLE_BUDGET;
    pv->solver_nodes = PUZZLE_SOLVER_NODES;
    pv->pos = malloc(sizeof *pv->pos);
    pv->solver = solver_create(SOLVER_BYTES);
    pv->scratch = malloc(PUZZLE_NODES_MAX * sizeof *pv->scratch);
    pv->games = malloc(PUZZLE_PROVER_GAMES * sizeof *pv->games);
    if (pv->pos == NULL || pv->solver == NULL || pv->scratch == NULL || pv->games == NULL ||
        !tss_init(&pv->tss, TSS_BYTES)) {
        puzzle_prover_free(pv);
        return false;
    }
    return true;
}

void puzzle_prover_free(struct puzzle_prover *pv)
{
    if (pv->tss.cache != NULL)
        tss_free(&pv->tss);
    pattern_free(&pv->pt);
    free(pv->pos);
    free(pv->scratch);
    free(pv->games);
    solver_destroy(pv->solver);
    memset(pv, 0, sizeof *pv);
}

void puzzle_init(struct puzzle *pz)
{
    memset(pz, 0, sizeof *pz);
    pz->setup.to_move = STONE_BLACK;
    pz->difficulty = -1;
}

void puzzle_free(struct puzzle *pz)
{
    free(pz->nodes);
    puzzle_init(pz);
}

bool puzzle_alloc_proof(struct puzzle *pz, int cap)
{
    free(pz->nodes);
    pz->nodes = malloc((size_t)cap * sizeof *pz->nodes);
    if (pz->nodes == NULL)
        return false;
    proof_init(&pz->proof, pz->nodes, cap);
    return true;
}

bool puzzle_copy(struct puzzle *to, const struct puzzle *from)
{
    free(to->nodes);
    *to = *from;
    to->nodes = NULL;
    if (!puzzle_alloc_proof(to, from->proof.n > 0 ? from->proof.n : 1)) {
        puzzle_init(to);
        return false;
    }
    memcpy(to->nodes, from->proof.node, (size_t)from->proof.n * sizeof *to->nodes);
    to->proof.n = from->proof.n;
    return true;
}

const char *puzzle_kind_name(enum puzzle_kind k)
{
    return k >= 0 && k < PUZZLE_KINDS ? kind_names[k] : "?";
}

bool puzzle_kind_parse(const char *word, enum puzzle_kind *out)
{
    for (int k = 0; k < PUZZLE_KINDS; k++) {
        if (strcmp(word, kind_names[k]) == 0) {
            *out = (enum puzzle_kind)k;
            return true;
        }
    }
    return false;
}

static const char *set_up(int width, int height, int win, enum rule rule,
                          const struct game_setup *s, struct game *g)
{
    struct game_config c;
    game_config_default(&c);
    c.width = width;
    c.height = height;
    c.win = win;
    c.rule = rule;
    c.early_draw = false;
    const char *why = game_init(g, &c);
    return why != NULL ? why : game_set_up(g, s);
}

const char *puzzle_game(const struct puzzle *pz, struct game *g)
{
    return set_up(pz->width, pz->height, pz->win, pz->rule, &pz->setup, g);
}

int puzzle_main_line(const struct puzzle *pz, int *line)
{
    int n = 0;
    for (int c = pz->proof.n > 0 ? pz->proof.node[0].child : -1; c >= 0 && n < PUZZLE_LINE_MAX;
         c = pz->proof.node[c].child)
        line[n++] = pz->proof.node[c].move;
    return n;
}

int puzzle_moves(const struct puzzle *pz)
{
    if (pz->kind == PUZZLE_DEFEND || pz->kind == PUZZLE_PERFECT)
        return 1;
    int line[PUZZLE_LINE_MAX];
    return (puzzle_main_line(pz, line) + 1) / 2;
}

void puzzle_task_text(const struct puzzle *pz, bool local, char *buf, size_t size)
{
    bool black = puzzle_player(pz) == STONE_BLACK;
    int moves = puzzle_moves(pz);
    unsigned long n = (unsigned long)moves;
    /* English for files; in the player's language with ngettext's plural
     * (each pair written out, so that xgettext finds it). */
    const char *f;
    switch (pz->kind) {
    case PUZZLE_VCF:
        if (!local)
            f = black ? (n == 1 ? "Black to play and win with fours — %d move"
                                : "Black to play and win with fours — %d moves")
                      : (n == 1 ? "White to play and win with fours — %d move"
                                : "White to play and win with fours — %d moves");
        else
            f = black ? ngettext("Black to play and win with fours — %d move",
                                 "Black to play and win with fours — %d moves", n)
                      : ngettext("White to play and win with fours — %d move",
                                 "White to play and win with fours — %d moves", n);
        snprintf(buf, size, f, moves);
        return;
    case PUZZLE_VCT:
        if (!local)
            f = black ? (n == 1 ? "Black to play and win with fours and threes — %d move"
                                : "Black to play and win with fours and threes — %d moves")
                      : (n == 1 ? "White to play and win with fours and threes — %d move"
                                : "White to play and win with fours and threes — %d moves");
        else
            f = black ? ngettext("Black to play and win with fours and threes — %d move",
                                 "Black to play and win with fours and threes — %d moves", n)
                      : ngettext("White to play and win with fours and threes — %d move",
                                 "White to play and win with fours and threes — %d moves", n);
        snprintf(buf, size, f, moves);
        return;
    case PUZZLE_DEFEND:
        f = black ? N_("Black: the only move that does not lose")
                  : N_("White: the only move that does not lose");
        break;
    default:
        f = black ? N_("Black: the only move that does not lose, with perfect play")
                  : N_("White: the only move that does not lose, with perfect play");
        break;
    }
    snprintf(buf, size, "%s", local ? _(f) : f);
}

/* ---- the key of a position up to symmetry ------------------------------- */

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

uint64_t puzzle_key(const struct puzzle *pz)
{
    int w = pz->width, h = pz->height;
    uint64_t best = UINT64_MAX;
    /* The eight symmetries of a square, the four of a rectangle: swap the
     * axes (square only), then mirror either. */
    for (int sym = 0; sym < 8; sym++) {
        bool swap = sym & 4;
        if (swap && w != h)
            continue;
        uint64_t k = 0;
        for (int i = 0; i < pz->setup.n; i++) {
            int x = pz->setup.cell[i] % w, y = pz->setup.cell[i] / w;
            if (swap) {
                int t = x;
                x = y;
                y = t;
            }
            if (sym & 1)
                x = w - 1 - x;
            if (sym & 2)
                y = h - 1 - y;
            k += mix((uint64_t)(y * w + x) * 3 + pz->setup.stone[i]);
        }
        if (k < best)
            best = k;
    }
    return mix(best ^ mix((uint64_t)pz->setup.to_move | (uint64_t)w << 8 | (uint64_t)h << 16 |
                          (uint64_t)pz->win << 24 | (uint64_t)pz->rule << 32));
}

/* ---- proving ------------------------------------------------------------ */

/* Sets pv's position up from g's board. False when out of memory. */
static bool load(struct puzzle_prover *pv, const struct game *g)
{
    if (!pattern_prepare(&pv->pt, g->board.win, g->board.rule))
        return false;
    position_init(pv->pos, &pv->pt, &g->board);
    return true;
}

/* Whether `side` wins by threats on pv's position (with `threes`, VCT)
 * within depth: 1 yes, 0 no (refuted in full), −1 not known (the budget
 * ran out). *move the first move of a shortest win. Not tss_solve_shortest,
 * whose deepening stops at a depth that cut nothing short: a refutation
 * found in the table cuts nothing, and the table lasts from one question
 * to the next here. The full depth first, so that no win costs one search. */
static int wins(struct puzzle_prover *pv, enum stone side, bool threes, int depth, int *move)
{
    int m = -1;
    if (!tss_solve(&pv->tss, pv->pos, side, threes, depth, pv->budget, &m))
        return tss_aborted(&pv->tss) ? -1 : 0;
    for (int d = 1; d < depth; d++) {
        int shorter;
        if (tss_solve(&pv->tss, pv->pos, side, threes, d, pv->budget, &shorter)) {
            m = shorter;
            break;
        }
    }
    if (move != NULL)
        *move = m;
    return 1;
}

/* Whether `side` has a five to make, or a pending five to block. */
static bool five_pending(const struct position *p, enum stone side)
{
    return position_any(p, position_side(side), COMBO_5);
}

/* The attacking first moves other than `solution` that win too: the first
 * in *other. 1: one found, 0: none, −1 not known. */
static int another_win(struct puzzle_prover *pv, const struct game *g, enum stone attacker,
                       bool threes, int depth, int solution, int *other)
{
    int cells = board_cells(&g->board);
    for (int q = 0; q < cells; q++) {
        if (q == solution || board_at(&g->board, q) != STONE_NONE ||
            !position_allowed(pv->pos, position_side(attacker), q))
            continue;
        bool win = tss_solve_move(&pv->tss, pv->pos, attacker, threes, depth, pv->budget, q);
        if (win || tss_aborted(&pv->tss)) {
            *other = q;
            return win ? 1 : -1;
        }
    }
    return 0;
}

/* The shortest win of `side` by threats on pv's position, in attacking
 * moves (tss.h's depth), at most `max`: 1 found, *depth and *move set; 0
 * none; −1 not known (the budget ran out first). */
static int shortest(struct puzzle_prover *pv, enum stone side, bool threes, int max,
                    int *depth, int *move)
{
    int m;
    if (pv->quick && !tss_solve_shortest(&pv->tss, pv->pos, side, threes, max, pv->budget, &m))
        return tss_aborted(&pv->tss) ? -1 : 0;
    int r = wins(pv, side, threes, max, NULL);
    if (r <= 0)
        return r;
    for (int d = 1; d <= max; d++) {
        if (tss_solve(&pv->tss, pv->pos, side, threes, d, pv->budget, move)) {
            *depth = d;
            return 1;
        }
        if (tss_aborted(&pv->tss))
            return -1;
    }
    return -1;
}

/* What makes a position a win puzzle of `threes` for the side to move: a
 * shortest win of *depth attacking moves (at most `max`; exactly `max`
 * when `exact`), and no other first move that wins within as many. *move
 * its first move. The position loaded in pv. */
static bool win_task(struct puzzle_prover *pv, const struct game *g, bool threes, int max,
                     bool exact, int *depth, int *move, char *why, size_t size)
{
    enum stone a = game_to_move(g), o = stone_other(a);
    char cell[NOTATION_MAX];
    if (five_pending(pv->pos, a) || position_any_allowed(pv->pos, position_side(a), COMBO_F4))
        return fault(why, size, "%s wins at once (a five or an open four)", stone_name(a));
    if (five_pending(pv->pos, o))
        return fault(why, size, "%s must block a four first", stone_name(a));
    if (threes) {
        int vcf = wins(pv, a, false, PUZZLE_VCF_DEPTH, NULL);
        if (vcf != 0)
            return fault(why, size, vcf > 0 ? "%s wins with fours alone"
                                            : "the search cannot tell whether %s wins with fours",
                         stone_name(a));
    }
    int r = shortest(pv, a, threes, max, depth, move);
    if (r <= 0)
        return fault(why, size, r < 0 ? "the search ran out of nodes" : "%s has no win by %s",
                     stone_name(a), threes ? "fours and threes" : "fours");
    if (exact && *depth != max)
        return fault(why, size, "the shortest win takes %d attacking moves, not %d", *depth,
                     max);
    int other;
    r = another_win(pv, g, a, threes, *depth, *move, &other);
    if (r != 0)
        return fault(why, size, r > 0 ? "%s wins too" : "cannot tell whether %s wins too",
                     notation_format(&g->board, other, cell));
    return true;
}

/* The line from a win tree's root: the first children. */
static int first_line(const struct proof *pr, int node, int *line, int max)
{
    int n = 0;
    for (int c = pr->node[node].child; c >= 0 && n < max; c = pr->node[c].child)
        line[n++] = pr->node[c].move;
    return n;
}

/* The main line of `attacker`'s win on pv's position (attacker to move),
 * within depth, into line; how many moves, 0 when there is none (or it
 * does not fit). */
static int win_line(struct puzzle_prover *pv, enum stone attacker, int depth, int *line)
{
    struct proof pr;
    proof_init(&pr, pv->scratch, PUZZLE_NODES_MAX);
    if (proof_win(&pr, 0, &pv->tss, pv->pos, attacker, true, depth, pv->budget, 0))
        return first_line(&pr, 0, line, PUZZLE_LINE_MAX);
    int m;
    if (wins(pv, attacker, true, depth, &m) > 0) {
        line[0] = m;
        return 1;
    }
    return 0;
}

/* The exact value of g's position after `move` for the side that plays
 * it: 1 a win, 0 a draw, −1 a loss; −2 when the solver did not finish. */
static int solve_move(struct puzzle_prover *pv, const struct game *g, int move)
{
    struct board b = g->board;
    enum stone me = game_to_move(g);
    board_place(&b, move, me);
    if (rules_is_win(&b, move, NULL))
        return 1;
    if (board_full(&b))
        return 0;
    struct solver_limits lim = { .max_nodes = pv->solver_nodes };
    struct solver_result r;
    if (!solver_solve(pv->solver, &b, stone_other(me), &lim, &r))
        return -2;
    return -(int)solver_outcome_of(r.value.score);
}

/* Perfect play from g's position (a copy is played on) into line; how many
 * moves. */
static int perfect_line(struct puzzle_prover *pv, const struct game *start, int *line)
{
    struct game *g = &pv->games[0];
    *g = *start;
    int n = 0;
    while (!game_over(g) && n < PUZZLE_LINE_MAX) {
        struct solver_limits lim = { .max_nodes = pv->solver_nodes, .exact_distance = true };
        struct solver_result r;
        solver_solve(pv->solver, &g->board, game_to_move(g), &lim, &r);
        if (r.move < 0 || game_play(g, r.move) != GAME_OK)
            break;
        line[n++] = r.move;
    }
    return n;
}

/* The moves of a DEFEND puzzle that do not lose, up to two, into keep;
 * how many (−1: not known). The position loaded in pv, the defender to
 * move. `first` is tried before the rest (−1: none). */
static int holding_moves(struct puzzle_prover *pv, const struct game *g, int depth, int first,
                         int keep[2])
{
    enum stone d = game_to_move(g), a = stone_other(d);
    int cells = board_cells(&g->board), n = 0;
    /* The moves that answer the threat first: a second one that holds is
     * found there if anywhere, and the others fall at once. */
    int order[BOARD_MAX_CELLS], count = 0;
    bool seen[BOARD_MAX_CELLS] = { false };
    if (first >= 0) {
        order[count++] = first;
        seen[first] = true;
    }
    int answers[BOARD_MAX_CELLS];
    int na = tss_defences(pv->pos, a, -1, answers);
    for (int i = 0; i < na; i++)
        if (!seen[answers[i]])
            order[count++] = answers[i], seen[answers[i]] = true;
    for (int q = 0; q < cells; q++)
        if (!seen[q] && board_at(&g->board, q) == STONE_NONE)
            order[count++] = q, seen[q] = true;
    for (int i = 0; i < count; i++) {
        int q = order[i];
        if (!position_allowed(pv->pos, position_side(d), q))
            continue;
        position_place(pv->pos, q, d);
        int r = wins(pv, a, true, depth, NULL);
        position_remove(pv->pos, q);
        if (r < 0)
            return -1;
        if (r == 0) {
            if (n < 2)
                keep[n] = q;
            if (++n == 2)
                return 2;
        }
    }
    return n;
}

/* Adds `line` under a new child `move` of the root: a wrong move and its
 * refutation. */
static bool add_line(struct proof *pr, int move, const int *line, int n)
{
    int c = proof_add(pr, 0, move);
    for (int i = 0; c >= 0 && i < n; i++)
        c = proof_add(pr, c, line[i]);
    return c >= 0;
}

/* Whether `move` and then `line` played on a copy of start (in *scratch)
 * are legal, stop at the game's end, and end in `winner`'s five. */
static bool line_wins(struct game *scratch, const struct game *start, int move, const int *line,
                      int n, enum stone winner)
{
    *scratch = *start;
    if (game_play(scratch, move) != GAME_OK)
        return false;
    for (int i = 0; i < n; i++)
        if (game_over(scratch) || game_play(scratch, line[i]) != GAME_OK)
            return false;
    return scratch->result.reason == END_LINE &&
           scratch->result.outcome ==
               (winner == STONE_BLACK ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS);
}

static bool make_win(struct puzzle_prover *pv, const struct game *g, bool threes, int depth,
                     struct puzzle *out, char *why, size_t size)
{
    int move;
    if (!win_task(pv, g, threes, depth, false, &depth, &move, why, size))
        return false;
    out->depth = depth;
    if (!puzzle_alloc_proof(out, PUZZLE_NODES_MAX))
        return fault(why, size, "out of memory");
    if (!proof_win(&out->proof, 0, &pv->tss, pv->pos, game_to_move(g), threes, depth,
                   pv->budget, 0))
        return fault(why, size, "the proof does not fit in %d nodes", PUZZLE_NODES_MAX);
    if (out->proof.node[out->proof.node[0].child].move != move)
        return fault(why, size, "the proof starts with another move");
    if (puzzle_moves(out) < MIN_ATTACKS)
        return fault(why, size, "a win in %d moves is too short", puzzle_moves(out));
    return true;
}

/* What makes a position a DEFEND puzzle: *hold the one move. */
static bool defend_task(struct puzzle_prover *pv, const struct game *g, int depth, int first,
                        int *hold, char *why, size_t size)
{
    enum stone d = game_to_move(g), a = stone_other(d);
    if (five_pending(pv->pos, a))
        return fault(why, size, "%s must block a four: no puzzle", stone_name(d));
    if (five_pending(pv->pos, d))
        return fault(why, size, "%s has a five to make", stone_name(d));
    /* A threat on the board (an open three, a four-three to come): the
     * answers to it are the tempting moves, and the puzzle is to find the
     * one that works. */
    int answers[BOARD_MAX_CELLS];
    if (tss_defences(pv->pos, a, -1, answers) < 2)
        return fault(why, size, "no threat with a choice of answers on the board");
    int r = wins(pv, d, false, PUZZLE_VCF_DEPTH, NULL);
    if (r != 0)
        return fault(why, size, r > 0 ? "%s wins with fours" : "cannot tell whether %s wins",
                     stone_name(d));
    int m;
    r = pv->quick && !tss_solve_shortest(&pv->tss, pv->pos, a, true, depth, pv->budget, &m)
            ? (tss_aborted(&pv->tss) ? -1 : 0)
            : wins(pv, a, true, depth, NULL);
    if (r <= 0)
        return fault(why, size, r < 0 ? "the search ran out of nodes" : "%s threatens nothing",
                     stone_name(a));
    int keep[2];
    int n = holding_moves(pv, g, depth, first, keep);
    if (n != 1)
        return fault(why, size, n < 0 ? "the search ran out of nodes"
                                : n == 0 ? "every move loses" : "more than one move holds");
    *hold = keep[0];
    return true;
}

static bool make_defend(struct puzzle_prover *pv, const struct game *g, int depth,
                        struct puzzle *out, char *why, size_t size)
{
    int hold;
    if (!defend_task(pv, g, depth, -1, &hold, why, size))
        return false;
    enum stone d = game_to_move(g), a = stone_other(d);
    if (!puzzle_alloc_proof(out, PUZZLE_NODES_MAX))
        return fault(why, size, "out of memory");
    proof_add(&out->proof, 0, hold);
    /* The tempting wrong moves, each with its refutation. */
    int answers[BOARD_MAX_CELLS], line[PUZZLE_LINE_MAX];
    int na = tss_defences(pv->pos, a, -1, answers), kept = 0;
    for (int i = 0; i < na && kept < WRONG_LINES_MAX; i++) {
        if (answers[i] == hold)
            continue;
        position_place(pv->pos, answers[i], d);
        int n = win_line(pv, a, depth, line);
        position_remove(pv->pos, answers[i]);
        if (n > 0 && line_wins(&pv->games[1], g, answers[i], line, n, a) &&
            add_line(&out->proof, answers[i], line, n))
            kept++;
    }
    return true;
}

/* What makes a position a PERFECT puzzle: *hold the one move. */
static bool perfect_task(struct puzzle_prover *pv, const struct game *g, int *hold, char *why,
                         size_t size)
{
    if (!solver_knows(g->board.rule))
        return fault(why, size, "the solver does not know %s", rule_name(g->board.rule));
    int cells = board_cells(&g->board), n = 0, legal = 0;
    for (int q = 0; q < cells; q++) {
        if (board_at(&g->board, q) != STONE_NONE)
            continue;
        legal++;
        int v = solve_move(pv, g, q);
        if (v == -2)
            return fault(why, size, "the solver did not finish");
        if (v >= 0) {
            *hold = q;
            if (++n > 1)
                return fault(why, size, "more than one move holds");
        }
    }
    if (legal < 2)
        return fault(why, size, "no choice to make");
    if (n == 0)
        return fault(why, size, "every move loses");
    return true;
}

static bool make_perfect(struct puzzle_prover *pv, const struct game *g, struct puzzle *out,
                         char *why, size_t size)
{
    int hold;
    if (!perfect_task(pv, g, &hold, why, size))
        return false;
    if (!puzzle_alloc_proof(out, PUZZLE_NODES_MAX))
        return fault(why, size, "out of memory");
    proof_add(&out->proof, 0, hold);
    int cells = board_cells(&g->board), line[PUZZLE_LINE_MAX];
    struct game *after = &pv->games[1];
    enum stone other = stone_other(game_to_move(g));
    for (int q = 0; q < cells; q++) {
        if (q == hold || board_at(&g->board, q) != STONE_NONE)
            continue;
        *after = *g;
        game_play(after, q);
        int n = perfect_line(pv, after, line);
        if (!line_wins(&pv->games[2], g, q, line, n, other))
            return fault(why, size, "the solver's line after a wrong move does not win");
        if (!add_line(&out->proof, q, line, n))
            return fault(why, size, "the proof does not fit in %d nodes", PUZZLE_NODES_MAX);
    }
    return true;
}

void puzzle_setup_at(const struct game *g, int ply, struct game *room, struct game_setup *out)
{
    *room = *g;
    while (room->ply > ply)
        game_undo(room);
    memset(out, 0, sizeof *out);
    int cells = board_cells(&room->board);
    for (int q = 0; q < cells; q++) {
        enum stone st = board_at(&room->board, q);
        if (st != STONE_NONE) {
            out->cell[out->n] = q;
            out->stone[out->n++] = (unsigned char)st;
        }
    }
    out->to_move = game_to_move(room);
}

bool puzzle_make(struct puzzle_prover *pv, int width, int height, int win, enum rule rule,
                 const struct game_setup *setup, enum puzzle_kind kind, int depth,
                 struct puzzle *out, char *why, size_t size)
{
    struct game *g = &pv->games[3];
    puzzle_free(out);
    const char *bad = set_up(width, height, win, rule, setup, g);
    if (bad != NULL)
        return fault(why, size, "%s", bad);
    if (game_over(g))
        return fault(why, size, "the game is over");
    if (!load(pv, g))
        return fault(why, size, "out of memory");
    if (depth < 1 || depth > PUZZLE_DEPTH_MAX)
        depth = PUZZLE_DEPTH_MAX;
    out->width = width;
    out->height = height;
    out->win = win;
    out->rule = rule;
    out->setup = *setup;
    out->kind = kind;
    out->depth = depth;
    tss_clear(&pv->tss);
    pv->quick = true;
    bool ok;
    switch (kind) {
    case PUZZLE_VCF: ok = make_win(pv, g, false, depth, out, why, size); break;
    case PUZZLE_VCT: ok = make_win(pv, g, true, depth, out, why, size); break;
    case PUZZLE_DEFEND: ok = make_defend(pv, g, depth, out, why, size); break;
    case PUZZLE_PERFECT: ok = make_perfect(pv, g, out, why, size); break;
    default: ok = fault(why, size, "no such kind");
    }
    pv->quick = false;
    if (!ok)
        puzzle_free(out);
    return ok;
}

/* ---- re-proving --------------------------------------------------------- */

/* Whether each wrong move's line under the root of pz's proof (the root's
 * children after the first) is legal and ends with the other side's win. */
static bool check_lines(struct puzzle_prover *pv, const struct puzzle *pz,
                        const struct game *start, char *why, size_t size)
{
    char cell[NOTATION_MAX];
    const struct proof *pr = &pz->proof;
    enum stone other = stone_other(puzzle_player(pz));
    int line[PUZZLE_LINE_MAX];
    for (int c = pr->node[pr->node[0].child].next; c >= 0; c = pr->node[c].next) {
        int n = first_line(pr, c, line, PUZZLE_LINE_MAX);
        if (!line_wins(&pv->games[1], start, pr->node[c].move, line, n, other))
            return fault(why, size, "the line after %s is not a win for %s",
                         notation_format(&start->board, pr->node[c].move, cell),
                         stone_name(other));
    }
    return true;
}

bool puzzle_verify(struct puzzle_prover *pv, const struct puzzle *pz, char *why, size_t size)
{
    struct game *g = &pv->games[3];
    char cell[NOTATION_MAX];
    const char *bad = puzzle_game(pz, g);
    if (bad != NULL)
        return fault(why, size, "%s", bad);
    if (game_over(g))
        return fault(why, size, "the game is over in the position");
    if (pz->proof.n < 2 || pz->proof.node[0].child < 0)
        return fault(why, size, "no solution");
    if (pz->depth < 1 || pz->depth > PUZZLE_DEPTH_MAX)
        return fault(why, size, "depth %d out of range", pz->depth);
    if (!load(pv, g))
        return fault(why, size, "out of memory");
    tss_clear(&pv->tss);
    int solution = pz->proof.node[pz->proof.node[0].child].move;
    enum stone me = puzzle_player(pz);
    int move;
    switch (pz->kind) {
    case PUZZLE_VCF:
    case PUZZLE_VCT: {
        bool threes = pz->kind == PUZZLE_VCT;
        if (pz->proof.node[pz->proof.node[0].child].next >= 0)
            return fault(why, size, "a win puzzle with wrong moves at its root");
        int depth;
        if (!win_task(pv, g, threes, pz->depth, true, &depth, &move, why, size))
            return false;
        if (move != solution)
            return fault(why, size, "the search wins with %s, the file says %s",
                         notation_format(&g->board, move, cell),
                         notation_format(&g->board, solution, (char[NOTATION_MAX]){ 0 }));
        if (!proof_check_win(&pz->proof, 0, pv->pos, me, why, size))
            return false;
        return true;
    }
    case PUZZLE_DEFEND:
        if (!defend_task(pv, g, pz->depth, solution, &move, why, size))
            return false;
        if (move != solution)
            return fault(why, size, "%s holds, the file says %s",
                         notation_format(&g->board, move, cell),
                         notation_format(&g->board, solution, (char[NOTATION_MAX]){ 0 }));
        if (pz->proof.node[pz->proof.node[0].child].child >= 0)
            return fault(why, size, "moves follow the solution");
        return check_lines(pv, pz, g, why, size);
    case PUZZLE_PERFECT:
        if (!perfect_task(pv, g, &move, why, size))
            return false;
        if (move != solution)
            return fault(why, size, "%s holds, the file says %s",
                         notation_format(&g->board, move, cell),
                         notation_format(&g->board, solution, (char[NOTATION_MAX]){ 0 }));
        if (pz->proof.node[pz->proof.node[0].child].child >= 0)
            return fault(why, size, "moves follow the solution");
        return check_lines(pv, pz, g, why, size);
    default:
        return fault(why, size, "no such kind");
    }
}

/* ---- playing through ---------------------------------------------------- */

/* How deep another win of the player's is looked for: a win is a win, if
 * longer than the shortest (fours are cheap to read far). */
static int accept_depth(const struct puzzle *pz)
{
    return pz->kind == PUZZLE_VCF ? PUZZLE_VCF_DEPTH : pz->depth + PUZZLE_SLACK;
}

bool puzzle_solves(struct puzzle_prover *pv, const struct puzzle *pz, int move)
{
    int c = pz->proof.n > 0 ? pz->proof.node[0].child : -1;
    if (c >= 0 && pz->proof.node[c].move == move)
        return true;
    if (pz->kind != PUZZLE_VCF && pz->kind != PUZZLE_VCT)
        return false;
    struct game *g = &pv->games[3];
    if (puzzle_game(pz, g) != NULL || move < 0 || move >= board_cells(&g->board) ||
        board_at(&g->board, move) != STONE_NONE || !load(pv, g))
        return false;
    return tss_solve_move(&pv->tss, pv->pos, puzzle_player(pz), pz->kind == PUZZLE_VCT,
                          accept_depth(pz), pv->budget, move);
}

bool puzzle_play_start(struct puzzle_play *pl, const struct puzzle *pz)
{
    memset(pl, 0, sizeof *pl);
    pl->pz = pz;
    pl->proof = &pz->proof;
    if (puzzle_game(pz, &pl->game) != NULL || game_over(&pl->game))
        return false;
    return true;
}

void puzzle_play_free(struct puzzle_play *pl)
{
    free(pl->live_nodes);
    pl->live_nodes = NULL;
}

int puzzle_play_hint(const struct puzzle_play *pl)
{
    if (pl->solved)
        return -1;
    int c = pl->proof->node[pl->node].child;
    return c >= 0 ? pl->proof->node[c].move : -1;
}

/* The child of `node` playing `move`, or −1. */
static int child_of(const struct proof *pr, int node, int move)
{
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next)
        if (pr->node[c].move == move)
            return c;
    return -1;
}

/* The other side's answer to the player's wrong `move` in a win puzzle:
 * its own win if it has one, else the defence that refutes the threat. */
static int refute_attack(struct puzzle_prover *pv, struct puzzle_play *pl, int move, int *line)
{
    enum stone me = game_to_move(&pl->game), other = stone_other(me);
    bool threes = pl->pz->kind == PUZZLE_VCT;
    int depth = accept_depth(pl->pz), key = puzzle_play_hint(pl);
    position_place(pv->pos, move, me);
    int n = win_line(pv, other, pl->pz->depth, line);
    if (n == 0) {
        int cells[BOARD_MAX_CELLS];
        int k = tss_defences(pv->pos, me, move, cells);
        /* No threat to answer: the other side takes the point the
         * solution needs, when that leaves no win. */
        if (k < 0 && key >= 0 && board_at(&pv->pos->b, key) == STONE_NONE &&
            position_allowed(pv->pos, position_side(other), key))
            cells[0] = key, k = 1;
        for (int i = 0; i < k && n == 0; i++) {
            position_place(pv->pos, cells[i], other);
            if (wins(pv, me, threes, depth, NULL) == 0)
                line[n++] = cells[i];
            position_remove(pv->pos, cells[i]);
        }
    }
    position_remove(pv->pos, move);
    return n;
}

static enum puzzle_verdict wrong(struct puzzle_play *pl, struct puzzle_answer *out)
{
    pl->mistakes++;
    out->verdict = PUZZLE_WRONG;
    return PUZZLE_WRONG;
}

/* Moves to the node of the player's move `c` and plays it and the reply. */
static enum puzzle_verdict right(struct puzzle_play *pl, int c, struct puzzle_answer *out)
{
    const struct proof *pr = pl->proof;
    game_play(&pl->game, pr->node[c].move);
    pl->attacks++;
    int r = pr->node[c].child;
    out->verdict = PUZZLE_RIGHT;
    if (r < 0 || game_over(&pl->game)) {
        pl->node = c;
        pl->solved = out->done = true;
        return PUZZLE_RIGHT;
    }
    out->reply = pr->node[r].move;
    game_play(&pl->game, out->reply);
    pl->node = r;
    if (pr->node[r].child < 0 || game_over(&pl->game))
        pl->solved = out->done = true;
    return PUZZLE_RIGHT;
}

enum puzzle_verdict puzzle_play_move(struct puzzle_play *pl, struct puzzle_prover *pv,
                                     int move, struct puzzle_answer *out)
{
    memset(out, 0, sizeof *out);
    out->reply = -1;
    out->verdict = PUZZLE_ILLEGAL;
    if (pl->solved) {
        out->error = GAME_ERR_OVER;
        return PUZZLE_ILLEGAL;
    }
    /* Legal at all? Asked as game_play would, so that a wrong move leaves
     * the game as it was. */
    const struct board *b = &pl->game.board;
    out->error = game_over(&pl->game)                 ? GAME_ERR_OVER
                 : move < 0 || move >= board_cells(b) ? GAME_ERR_OUTSIDE
                 : board_at(b, move) != STONE_NONE    ? GAME_ERR_OCCUPIED
                 : game_forbidden(&pl->game, move) != FORBID_NONE ? GAME_ERR_FORBIDDEN
                                                                  : GAME_OK;
    if (out->error != GAME_OK)
        return PUZZLE_ILLEGAL;
    const struct proof *pr = pl->proof;
    int first = pr->node[pl->node].child;
    if (first >= 0 && pr->node[first].move == move)
        return right(pl, first, out);
    int c = child_of(pr, pl->node, move);
    if (c >= 0) {
        /* A wrong move the proof gives, with its refutation. */
        for (int n = pr->node[c].child; n >= 0 && out->n_line < PUZZLE_LINE_MAX;
             n = pr->node[n].child)
            out->line[out->n_line++] = pr->node[n].move;
        return wrong(pl, out);
    }
    if (pv == NULL || !load(pv, &pl->game))
        return wrong(pl, out);
    enum stone me = game_to_move(&pl->game), other = stone_other(me);
    switch (pl->pz->kind) {
    case PUZZLE_VCF:
    case PUZZLE_VCT: {
        bool threes = pl->pz->kind == PUZZLE_VCT;
        int depth = accept_depth(pl->pz);
        if (tss_solve_move(&pv->tss, pv->pos, me, threes, depth, pv->budget, move)) {
            /* Another win: proved afresh from here on. */
            if (pl->live_nodes == NULL)
                pl->live_nodes = malloc(PUZZLE_NODES_MAX * sizeof *pl->live_nodes);
            if (pl->live_nodes != NULL) {
                proof_init(&pl->live, pl->live_nodes, PUZZLE_NODES_MAX);
                int root = proof_add(&pl->live, 0, move);
                bool five = position_combo(pv->pos, position_side(me), move) == COMBO_5;
                position_place(pv->pos, move, me);
                bool ok = five || proof_defend(&pl->live, root, &pv->tss, pv->pos, me, threes,
                                               depth - 1, pv->budget, 0, move);
                position_remove(pv->pos, move);
                if (ok) {
                    pl->proof = &pl->live;
                    pl->node = 0;
                    right(pl, root, out);
                    out->other_win = true;
                    return PUZZLE_RIGHT;
                }
            }
        }
        out->n_line = refute_attack(pv, pl, move, out->line);
        return wrong(pl, out);
    }
    case PUZZLE_DEFEND:
        position_place(pv->pos, move, me);
        out->n_line = win_line(pv, other, pl->pz->depth, out->line);
        position_remove(pv->pos, move);
        return wrong(pl, out);
    case PUZZLE_PERFECT:
        pv->games[1] = pl->game;
        game_play(&pv->games[1], move);
        out->n_line = perfect_line(pv, &pv->games[1], out->line);
        return wrong(pl, out);
    default:
        return wrong(pl, out);
    }
}
