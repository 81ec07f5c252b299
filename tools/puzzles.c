/* puzzles.c — makes puzzles from self-play and adds them to a collection.
 *
 *   puzzles [--rule R] [--size N] [--win K] [--small] [--minutes M] [--games N]
 *           [--seed S] [--prefix P] [--openings FILE] [--tries N] OUT.sgf
 *   puzzles --measure OUT.sgf
 *   puzzles --report FILE.sgf
 *
 * Built on request: ninja -C build tools/puzzles. Resumable: OUT is read
 * first if it exists, its puzzles kept, and new ones added with the next
 * ids (PREFIX-0001 on; the prefix defaults to OUT's base name), the games
 * seeded on after the last seed its puzzles name (MNKFROM), so that a later
 * run adds more instead of making the same again; the file is written
 * again, whole (safefile), after each game that added some, so an
 * interrupted run loses one game at most.
 *
 * Games: two of mnk's own levels (a pair chosen by the seed from a few
 * fast ones, struct ai_limits by node budget as level.h sets them, so a
 * seeded game replays exactly) play each other from an opening of the
 * openings file (on 15x15, data/openings/RULE-15.txt) or, without one,
 * from two random moves near the centre. Every position of a game, from
 * the side to move's point of view, is offered to puzzle_make (play/
 * puzzle.h) as a VCF, a VCT and a DEFEND puzzle, in that order; a game
 * gives at most one of each kind, the first (earliest) that holds, since
 * the later positions of the same attack are its tail. A puzzle whose
 * position is one already in the collection up to a symmetry of the board
 * (puzzle_key) is dropped.
 *
 * --small makes PERFECT puzzles on the small boards in turn (3x3 k=3,
 * 4x4 k=4, 5x5 k=4, 6x6 k=4, 7x7 k=4) from games of the weak levels, whose
 * mistakes leave positions with one saving move; tic-tac-toe's positions
 * are few, so 3x3 is walked in full instead. A position where the player
 * could win at once, or where the only move is the block of a win in one,
 * is no puzzle (there is nothing to find).
 *
 * The difficulty (puzzle.h): each of MEASURE_LEVELS, with --tries seeds
 * (default 3), is asked for its move in the puzzle's position at its own
 * fixed budget; the share of the tries that did not play the solution's
 * first move, in per cent, is MNKDIFF, and each level's tally MNKSOLVES.
 * --measure measures the puzzles of OUT that have no difficulty yet.
 *
 * --report prints a collection's counts by kind and, for each band of
 * difficulty, each measuring level's share of tries solved.
 *
 * --minutes bounds the run's CPU time (default 10), --games the games. A
 * line on stderr per game that added puzzles, and a summary at the end
 * (with the CPU time spent making each kind, measuring and playing);
 * --verbose says why each position offered was no puzzle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "play/players.h"
#include "play/puzzle.h"
#include "play/puzzlebook.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "mnk/level.h"
#include "mnk/notation.h"
#include "mnk/rule.h"
#include "mnk/rules.h"

/* The levels that play the games: fast ones, mixed so that both good
 * attacks and mistakes come up. */
static const char *const game_levels[] = { "steady", "club", "keen", "sharp", "strong" };
static const char *const small_levels[] = { "starter", "beginner", "learner", "casual",
                                            "steady", "club" };
/* The levels that measure a puzzle's difficulty. */
static const char *const measure_levels[] = { "beginner", "casual", "steady", "club",
                                              "keen", "sharp", "strong" };
#define N_MEASURE (int)(sizeof measure_levels / sizeof measure_levels[0])
#define MAX_TRIES 8
/* The depth of the proofs, in attacking moves: wins by fours are cheap to
 * read to the end, threes multiply the defences. */
static const int proof_depth[PUZZLE_KINDS] = { 16, 6, 10, 1 };
/* Nodes per search while generating (puzzle_verify uses PUZZLE_BUDGET). */
#define GEN_BUDGET 200000
#define GEN_SOLVER_NODES 400000

struct small_board {
    int size, win;
};
static const struct small_board small_boards[] = {
    { 3, 3 }, { 4, 4 }, { 5, 4 }, { 6, 4 }, { 7, 4 },
};
#define N_SMALL (int)(sizeof small_boards / sizeof small_boards[0])

struct options {
    enum rule rule;
    int size, win;
    bool small, measure_only, verbose, report;
    double minutes;
    long games;
    long seed;
    bool seed_given;
    int tries;
    char prefix[21];
    const char *openings;
    const char *out;
};

/* The collection and what the run knows of it. */
struct run {
    struct options o;
    struct puzzle_book book;
    uint64_t *keys;
    int n_keys, cap_keys;
    int next_id;
    struct puzzle_prover pv;
    struct ai measure[N_MEASURE][MAX_TRIES];
    struct ai_limits measure_limits[N_MEASURE];
    char openings[512][64];
    int n_openings;
    int made[PUZZLE_KINDS];
    double spent[PUZZLE_KINDS + 2];   /* CPU seconds: making each kind, measuring, playing */
    long games_played;
};

static double cpu_minutes(void)
{
    return (double)clock() / CLOCKS_PER_SEC / 60.0;
}

static bool known_key(const struct run *r, uint64_t k)
{
    for (int i = 0; i < r->n_keys; i++)
        if (r->keys[i] == k)
            return true;
    return false;
}

static bool add_key(struct run *r, uint64_t k)
{
    if (r->n_keys == r->cap_keys) {
        int cap = r->cap_keys ? r->cap_keys * 2 : 1024;
        uint64_t *p = realloc(r->keys, (size_t)cap * sizeof *p);
        if (p == NULL)
            return false;
        r->keys = p;
        r->cap_keys = cap;
    }
    r->keys[r->n_keys++] = k;
    return true;
}

/* Reads the openings: one line of moves each, '#' starting a comment. */
static void read_openings(struct run *r, const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return;
    char line[256];
    while (r->n_openings < 512 && fgets(line, sizeof line, f) != NULL) {
        char *hash = strchr(line, '#');
        if (hash != NULL)
            *hash = '\0';
        size_t n = strspn(line, " \t\r\n");
        if (line[n] == '\0')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(r->openings[r->n_openings++], sizeof r->openings[0], "%s", line + n);
    }
    fclose(f);
}

/* The move the puzzle's solution starts with. */
static int solution_move(const struct puzzle *pz)
{
    int c = pz->proof.node[0].child;
    return c >= 0 ? pz->proof.node[c].move : -1;
}

/* Asks each measuring level, with each seed, for its move in pz. */
static void measure(struct run *r, struct puzzle *pz)
{
    static struct game g;
    if (puzzle_game(pz, &g) != NULL)
        return;
    int want = solution_move(pz), tries = 0, missed = 0;
    size_t used = 0;
    pz->solves[0] = '\0';
    for (int l = 0; l < N_MEASURE; l++) {
        int solved = 0;
        for (int s = 0; s < r->o.tries; s++) {
            struct ai *ai = &r->measure[l][s];
            ai_reset(ai);
            int m = ai_choose(ai, &g.board, game_to_move(&g), &r->measure_limits[l]);
            solved += m == want || puzzle_solves(&r->pv, pz, m);
        }
        tries += r->o.tries;
        missed += r->o.tries - solved;
        int n = snprintf(pz->solves + used, sizeof pz->solves - used, "%s%s %d/%d",
                         l ? ", " : "", measure_levels[l], solved, r->o.tries);
        if (n > 0 && used + (size_t)n < sizeof pz->solves)
            used += (size_t)n;
    }
    pz->difficulty = tries ? (100 * missed + tries / 2) / tries : -1;
}

/* Adds pz to the collection (an id, the difficulty) unless it is known. */
static bool keep(struct run *r, struct puzzle *pz, const char *from)
{
    uint64_t k = puzzle_key(pz);
    if (known_key(r, k))
        return false;
    snprintf(pz->id, sizeof pz->id, "%.20s-%04d", r->o.prefix, r->next_id++ % 10000000);
    snprintf(pz->source, sizeof pz->source, "%s", from);
    clock_t t0 = clock();
    measure(r, pz);
    r->spent[PUZZLE_KINDS] += (double)(clock() - t0) / CLOCKS_PER_SEC;
    enum puzzle_kind kind = pz->kind;
    if (!add_key(r, k) || !puzzle_book_add(&r->book, pz))
        return false;
    r->made[kind]++;
    return true;
}

/* Whether the only move of a PERFECT puzzle is no find: the player wins at
 * once, or it blocks the other side's one win in one. */
static bool trivial(const struct game *g, int hold)
{
    struct board b = g->board;
    enum stone me = game_to_move(g), other = stone_other(me);
    int cells = board_cells(&b), threats = 0, threat = -1;
    for (int q = 0; q < cells; q++) {
        if (board_at(&b, q) != STONE_NONE)
            continue;
        board_place(&b, q, me);
        bool win = rules_is_win(&b, q, NULL);
        board_remove(&b, q);
        board_place(&b, q, other);
        bool loss = rules_is_win(&b, q, NULL);
        board_remove(&b, q);
        if (win)
            return true;
        if (loss)
            threats++, threat = q;
    }
    return threats == 1 && threat == hold;
}

/* Offers the positions of one finished game; how many puzzles it gave. */
static int mine_game(struct run *r, const struct game *g, int from_ply, const char *players)
{
    static struct puzzle pz;
    static struct game_setup s;
    static struct game pos, room;
    bool taken[PUZZLE_KINDS] = { false };
    int added = 0;
    char why[256], from[PUZZLE_TEXT_MAX];
    for (int ply = from_ply; ply < g->ply; ply++) {
        puzzle_setup_at(g, ply, &room, &s);
        const struct board *b = &g->board;
        for (int k = 0; k < PUZZLE_KINDS; k++) {
            enum puzzle_kind kind = (enum puzzle_kind)k;
            if (taken[k] || (kind == PUZZLE_PERFECT) != r->o.small)
                continue;
            puzzle_init(&pz);
            clock_t t0 = clock();
            bool made = puzzle_make(&r->pv, b->width, b->height, b->win, b->rule, &s, kind,
                                    proof_depth[k], &pz, why, sizeof why);
            r->spent[k] += (double)(clock() - t0) / CLOCKS_PER_SEC;
            if (!made) {
                if (r->o.verbose)
                    fprintf(stderr, "  seed %ld ply %d %s: %s\n", r->o.seed, ply,
                            puzzle_kind_name(kind), why);
                continue;
            }
            if (r->o.verbose)
                fprintf(stderr, "  seed %ld ply %d %s: made, %d nodes, %d moves, depth %d\n",
                        r->o.seed, ply, puzzle_kind_name(kind), pz.proof.n, puzzle_moves(&pz),
                        pz.depth);
            if (kind == PUZZLE_PERFECT) {
                puzzle_game(&pz, &pos);
                if (trivial(&pos, solution_move(&pz))) {
                    puzzle_free(&pz);
                    continue;
                }
            }
            snprintf(from, sizeof from, "self-play %s, %dx%d k=%d, seed %ld, before move %d",
                     players, b->width, b->height, b->win, r->o.seed, ply + 1);
            taken[k] = true;
            if (keep(r, &pz, from))
                added++;
            puzzle_free(&pz);
        }
    }
    return added;
}

/* A random empty cell within two of the centre. */
static int near_centre(const struct board *b, uint64_t *rng)
{
    for (;;) {
        *rng = *rng * 6364136223846793005u + 1442695040888963407u;
        int dx = (int)(*rng >> 33) % 5 - 2, dy = (int)(*rng >> 45) % 5 - 2;
        int x = b->width / 2 + dx, y = b->height / 2 + dy;
        if (board_inside(b, x, y) && board_at(b, board_pos(b, x, y)) == STONE_NONE)
            return board_pos(b, x, y);
    }
}

/* Plays one game of seed r->o.seed on a w×w board with win k; mines it. */
static int play_and_mine(struct run *r, int w, int k)
{
    static struct game g;
    struct game_config c;
    game_config_default(&c);
    c.width = c.height = w;
    c.win = k;
    c.rule = r->o.rule;
    c.early_draw = false;
    if (game_init(&g, &c) != NULL)
        return 0;
    uint64_t rng = (uint64_t)r->o.seed * 0x9e3779b97f4a7c15u + 1;
    const char *const *levels = r->o.small ? small_levels : game_levels;
    int n_levels = r->o.small ? (int)(sizeof small_levels / sizeof small_levels[0])
                              : (int)(sizeof game_levels / sizeof game_levels[0]);
    const char *names[2] = { levels[r->o.seed % n_levels],
                             levels[(r->o.seed / n_levels) % n_levels] };
    struct ai players[2];
    struct ai_limits limits[2];
    for (int i = 0; i < 2; i++) {
        struct players_plan plan;
        if (!players_plan(names[i], (uint64_t)r->o.seed * 2 + (uint64_t)i, &plan))
            return 0;
        plan.opts.memory = (size_t)8 << 20;
        if (!ai_create(&players[i], plan.strategy, &plan.opts)) {
            if (i)
                ai_destroy(&players[0]);
            return 0;
        }
        limits[i] = plan.limits;
    }
    /* The opening. */
    if (r->n_openings > 0 && !r->o.small) {
        char line[64];
        snprintf(line, sizeof line, "%s", r->openings[r->o.seed % r->n_openings]);
        char *save = NULL;
        for (char *t = strtok_r(line, " \t", &save); t != NULL; t = strtok_r(NULL, " \t", &save)) {
            int q;
            if (notation_parse(&g.board, t, &q))
                game_play(&g, q);
        }
    } else {
        for (int i = 0; i < 2 && w > 3; i++)
            game_play(&g, near_centre(&g.board, &rng));
    }
    int from_ply = g.ply;
    clock_t t0 = clock();
    while (!game_over(&g)) {
        enum stone side = game_to_move(&g);
        int m = ai_choose(&players[side == STONE_BLACK ? 0 : 1], &g.board, side,
                          &limits[side == STONE_BLACK ? 0 : 1]);
        if (m < 0 || game_play(&g, m) != GAME_OK)
            break;
    }
    r->spent[PUZZLE_KINDS + 1] += (double)(clock() - t0) / CLOCKS_PER_SEC;
    ai_destroy(&players[0]);
    ai_destroy(&players[1]);
    char who[64];
    snprintf(who, sizeof who, "%s-%s", names[0], names[1]);
    return mine_game(r, &g, from_ply, who);
}

/* Tic-tac-toe in full: every position reached by legal play, each offered
 * once (up to symmetry, by the collection's keys). */
static void walk_3x3(struct run *r, struct game *g, int *added)
{
    if (game_over(g))
        return;
    static struct puzzle pz;
    static uint64_t seen[1 << 12];
    static int n_seen;
    static struct game room;
    struct game_setup s;
    puzzle_setup_at(g, g->ply, &room, &s);
    char why[256];
    puzzle_init(&pz);
    pz.width = pz.height = pz.win = 3;
    pz.rule = g->board.rule;
    pz.setup = s;
    uint64_t k = puzzle_key(&pz);
    for (int i = 0; i < n_seen; i++)
        if (seen[i] == k)
            return;
    if (n_seen < (int)(sizeof seen / sizeof seen[0]))
        seen[n_seen++] = k;
    if (g->ply > 0 && puzzle_make(&r->pv, 3, 3, 3, g->board.rule, &s, PUZZLE_PERFECT, 1, &pz,
                                  why, sizeof why)) {
        if (!trivial(g, solution_move(&pz)) && keep(r, &pz, "tic-tac-toe, every position"))
            (*added)++;
        puzzle_free(&pz);
    }
    for (int q = 0; q < 9; q++) {
        if (board_at(&g->board, q) != STONE_NONE)
            continue;
        game_play(g, q);
        walk_3x3(r, g, added);
        game_undo(g);
    }
}

/* The largest seed the collection's MNKFROM texts name, or −1. */
static long last_seed(const struct puzzle_book *book)
{
    long best = -1;
    for (int i = 0; i < book->n; i++) {
        const char *p = strstr(book->p[i].source, "seed ");
        long s;
        if (p != NULL && sscanf(p + 5, "%ld", &s) == 1 && s > best)
            best = s;
    }
    return best;
}

/* The next free number after the collection's ids PREFIX-NNNN. */
static int next_number(const struct puzzle_book *book, const char *prefix)
{
    int best = 0;
    size_t n = strlen(prefix);
    for (int i = 0; i < book->n; i++) {
        int v;
        if (strncmp(book->p[i].id, prefix, n) == 0 && book->p[i].id[n] == '-' &&
            sscanf(book->p[i].id + n + 1, "%d", &v) == 1 && v > best)
            best = v;
    }
    return best + 1;
}

static bool save(struct run *r)
{
    char err[512];
    if (!puzzle_book_save(r->o.out, &r->book, err, sizeof err)) {
        fprintf(stderr, "puzzles: %s\n", err);
        return false;
    }
    return true;
}

/* The collection's counts by kind, and by band of difficulty each
 * measuring level's share of tries solved, from MNKSOLVES. */
static void report(const struct puzzle_book *book, const char *name)
{
    static const char *const bands[] = { "easy (0-33)", "medium (34-66)", "hard (67-100)" };
    int kinds[PUZZLE_KINDS] = { 0 }, count[3] = { 0 };
    long solved[3][N_MEASURE] = { { 0 } }, tried[3][N_MEASURE] = { { 0 } };
    for (int i = 0; i < book->n; i++) {
        const struct puzzle *pz = &book->p[i];
        kinds[pz->kind]++;
        if (pz->difficulty < 0)
            continue;
        int band = pz->difficulty <= 33 ? 0 : pz->difficulty <= 66 ? 1 : 2;
        count[band]++;
        for (int l = 0; l < N_MEASURE; l++) {
            const char *at = strstr(pz->solves, measure_levels[l]);
            int a, b;
            if (at != NULL && sscanf(at + strlen(measure_levels[l]), " %d/%d", &a, &b) == 2) {
                solved[band][l] += a;
                tried[band][l] += b;
            }
        }
    }
    printf("%s: %d puzzles: vcf %d, vct %d, defend %d, perfect %d\n", name, book->n,
           kinds[PUZZLE_VCF], kinds[PUZZLE_VCT], kinds[PUZZLE_DEFEND], kinds[PUZZLE_PERFECT]);
    printf("  %-16s %5s", "band", "n");
    for (int l = 0; l < N_MEASURE; l++)
        printf(" %8s", measure_levels[l]);
    printf("\n");
    for (int band = 0; band < 3; band++) {
        printf("  %-16s %5d", bands[band], count[band]);
        for (int l = 0; l < N_MEASURE; l++)
            if (tried[band][l] > 0)
                printf(" %7.0f%%", 100.0 * (double)solved[band][l] / (double)tried[band][l]);
            else
                printf(" %8s", "-");
        printf("\n");
    }
}

static int usage(void)
{
    fprintf(stderr,
            "usage: puzzles [--rule R] [--size N] [--win K] [--small] [--minutes M] [--games N]\n"
            "               [--seed S] [--prefix P] [--openings FILE] [--tries N] OUT.sgf\n"
            "       puzzles --measure [--tries N] OUT.sgf\n"
            "       puzzles --report FILE.sgf\n");
    return 2;
}

int main(int argc, char **argv)
{
    static struct run r;
    struct options *o = &r.o;
    *o = (struct options){ .rule = RULE_FREESTYLE, .size = 15, .win = 5, .minutes = 10,
                           .tries = 3 };
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (strcmp(f, "--small") == 0) {
            o->small = true;
            continue;
        }
        if (strcmp(f, "--verbose") == 0) {
            o->verbose = true;
            continue;
        }
        if (strcmp(f, "--report") == 0) {
            o->report = true;
            continue;
        }
        if (strcmp(f, "--measure") == 0) {
            o->measure_only = true;
            continue;
        }
        if (v == NULL)
            return usage();
        i++;
        if (strcmp(f, "--rule") == 0)
            ok = rule_parse(v, &o->rule);
        else if (strcmp(f, "--size") == 0)
            ok = sscanf(v, "%d", &o->size) == 1;
        else if (strcmp(f, "--win") == 0)
            ok = sscanf(v, "%d", &o->win) == 1;
        else if (strcmp(f, "--minutes") == 0)
            ok = sscanf(v, "%lf", &o->minutes) == 1;
        else if (strcmp(f, "--games") == 0)
            ok = sscanf(v, "%ld", &o->games) == 1;
        else if (strcmp(f, "--seed") == 0)
            ok = sscanf(v, "%ld", &o->seed) == 1, o->seed_given = true;
        else if (strcmp(f, "--tries") == 0)
            ok = sscanf(v, "%d", &o->tries) == 1 && o->tries >= 1 && o->tries <= MAX_TRIES;
        else if (strcmp(f, "--prefix") == 0)
            snprintf(o->prefix, sizeof o->prefix, "%s", v);
        else if (strcmp(f, "--openings") == 0)
            o->openings = v;
        else
            ok = false;
        if (!ok)
            return usage();
    }
    if (i + 1 != argc)
        return usage();
    o->out = argv[i];
    if (o->prefix[0] == '\0') {
        const char *base = strrchr(o->out, '/');
        base = base != NULL ? base + 1 : o->out;
        snprintf(o->prefix, sizeof o->prefix, "%.*s", (int)strcspn(base, "."), base);
    }
    char err[512];
    puzzle_book_init(&r.book);
    FILE *exists = fopen(o->out, "r");
    if (exists != NULL) {
        fclose(exists);
        if (!puzzle_book_load(o->out, &r.book, err, sizeof err)) {
            fprintf(stderr, "puzzles: %s\n", err);
            return 1;
        }
    }
    if (o->report) {
        report(&r.book, o->out);
        puzzle_book_free(&r.book);
        return 0;
    }
    for (int k = 0; k < r.book.n; k++)
        add_key(&r, puzzle_key(&r.book.p[k]));
    r.next_id = next_number(&r.book, o->prefix);
    if (!o->seed_given)
        o->seed = last_seed(&r.book) + 1;
    if (!puzzle_prover_init(&r.pv)) {
        fprintf(stderr, "puzzles: out of memory\n");
        return 1;
    }
    r.pv.budget = GEN_BUDGET;
    r.pv.solver_nodes = GEN_SOLVER_NODES;
    for (int l = 0; l < N_MEASURE; l++) {
        for (int s = 0; s < o->tries; s++) {
            struct players_plan plan;
            if (!players_plan(measure_levels[l], (uint64_t)s + 1, &plan))
                return 1;
            plan.opts.memory = (size_t)4 << 20;
            if (!ai_create(&r.measure[l][s], plan.strategy, &plan.opts)) {
                fprintf(stderr, "puzzles: out of memory\n");
                return 1;
            }
            r.measure_limits[l] = plan.limits;
        }
    }
    if (o->measure_only) {
        int n = 0;
        for (int k = 0; k < r.book.n && cpu_minutes() < o->minutes; k++)
            if (r.book.p[k].difficulty < 0)
                measure(&r, &r.book.p[k]), n++;
        fprintf(stderr, "puzzles: measured %d\n", n);
        return save(&r) ? 0 : 1;
    }
    if (!o->small && o->openings == NULL && o->size == 15) {
        static char path[1024];
        snprintf(path, sizeof path, "%s/openings/%s-15.txt", MNK_SOURCE_DATADIR,
                 o->rule == RULE_RENJU ? "renju" : "freestyle");
        o->openings = path;
    }
    if (o->openings != NULL)
        read_openings(&r, o->openings);
    int before = r.book.n;
    if (o->small) {
        static struct game g;
        struct game_config c;
        game_config_default(&c);
        c.width = c.height = c.win = 3;
        c.early_draw = false;
        game_init(&g, &c);
        int added = 0;
        walk_3x3(&r, &g, &added);
        fprintf(stderr, "puzzles: 3x3: %d\n", added);
        if (added > 0)
            save(&r);
    }
    while (cpu_minutes() < o->minutes && (o->games == 0 || r.games_played < o->games)) {
        int w = o->size, k = o->win;
        if (o->small) {
            /* 3x3 is done in full: the others by turns. */
            const struct small_board *sb = &small_boards[1 + o->seed % (N_SMALL - 1)];
            w = sb->size;
            k = sb->win;
        }
        int added = play_and_mine(&r, w, k);
        r.games_played++;
        if (added > 0) {
            fprintf(stderr, "puzzles: seed %ld: %d (total %d, %.1f min)\n", o->seed, added,
                    r.book.n, cpu_minutes());
            if (!save(&r))
                return 1;
        }
        o->seed++;
    }
    fprintf(stderr, "puzzles: %ld games, %d new puzzles (vcf %d, vct %d, defend %d, perfect "
                    "%d), %d in %s, %.1f CPU minutes\n",
            r.games_played, r.book.n - before, r.made[PUZZLE_VCF], r.made[PUZZLE_VCT],
            r.made[PUZZLE_DEFEND], r.made[PUZZLE_PERFECT], r.book.n, o->out, cpu_minutes());
    fprintf(stderr, "puzzles: CPU seconds: vcf %.1f, vct %.1f, defend %.1f, perfect %.1f, "
                    "measuring %.1f, playing %.1f\n",
            r.spent[0], r.spent[1], r.spent[2], r.spent[3], r.spent[4], r.spent[5]);
    bool ok = save(&r);
    for (int l = 0; l < N_MEASURE; l++)
        for (int s = 0; s < o->tries; s++)
            ai_destroy(&r.measure[l][s]);
    puzzle_prover_free(&r.pv);
    puzzle_book_free(&r.book);
    free(r.keys);
    return ok ? 0 : 1;
}
