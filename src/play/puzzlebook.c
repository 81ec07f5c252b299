/* puzzlebook.c — puzzle collections in SGF; see puzzlebook.h. */
#include "play/puzzlebook.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "storage/safefile.h"
#include "storage/sgftree.h"
#include "mnk/rule.h"
#include "mnk/rules.h"

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
    return false;
}

void puzzle_book_init(struct puzzle_book *book)
{
    memset(book, 0, sizeof *book);
}

void puzzle_book_free(struct puzzle_book *book)
{
    for (int i = 0; i < book->n; i++)
        puzzle_free(&book->p[i]);
    free(book->p);
    puzzle_book_init(book);
}

bool puzzle_book_add(struct puzzle_book *book, struct puzzle *pz)
{
    if (book->n == book->cap) {
        int cap = book->cap ? book->cap * 2 : 64;
        struct puzzle *p = realloc(book->p, (size_t)cap * sizeof *p);
        if (p == NULL)
            return false;
        book->p = p;
        book->cap = cap;
    }
    book->p[book->n++] = *pz;
    pz->nodes = NULL;
    puzzle_free(pz);
    return true;
}

int puzzle_book_find(const struct puzzle_book *book, const char *id)
{
    for (int i = 0; i < book->n; i++)
        if (strcmp(book->p[i].id, id) == 0)
            return i;
    return -1;
}

/* ---- reading ------------------------------------------------------------ */

static bool parse_int(const char *s, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

/* A point "hh" on a w×h board; −1 when it is none. */
static int point(const char *v, int w, int h)
{
    if (strlen(v) != 2)
        return -1;
    int x = v[0] - 'a', y = v[1] - 'a';
    return x >= 0 && y >= 0 && x < w && y < h ? y * w + x : -1;
}

/* The nodes below `node` (itself not counted). */
static int count_below(const struct sgftree *t, int node)
{
    int n = 0;
    for (int c = t->node[node].child; c >= 0; c = t->node[c].next)
        n += 1 + count_below(t, c);
    return n;
}

/* Copies the moves under SGF node `from` to proof node `to`: each child a
 * move of `side` (B or W, as the colours alternate). */
static bool read_moves(const struct sgftree *t, int from, struct puzzle *pz, int to,
                       enum stone side, char *err, size_t size)
{
    for (int c = t->node[from].child; c >= 0; c = t->node[c].next) {
        const char *b = sgftree_get(t, c, "B"), *w = sgftree_get(t, c, "W");
        const char *v = side == STONE_BLACK ? b : w;
        if (v == NULL)
            return fail(err, size, "byte %zu: a node without %s's move (%s expected)",
                        t->node[c].at, stone_name(side), side == STONE_BLACK ? "B" : "W");
        if ((side == STONE_BLACK ? w : b) != NULL)
            return fail(err, size, "byte %zu: a node with moves of both colours",
                        t->node[c].at);
        int q = point(v, pz->width, pz->height);
        if (q < 0)
            return fail(err, size, "byte %zu: '%s' is not a cell of the board", t->node[c].at,
                        v);
        int i = proof_add(&pz->proof, to, q);
        if (i < 0)
            return fail(err, size, "byte %zu: too many moves", t->node[c].at);
        if (!read_moves(t, c, pz, i, stone_other(side), err, size))
            return false;
    }
    return true;
}

/* The root's properties: the board and position, then mnk's own. */
static bool read_root(const struct sgftree *t, int root, struct puzzle *pz, char *err,
                      size_t size)
{
    const struct sgftree_node *n = &t->node[root];
    const char *v;
    pz->width = pz->height = 15;
    pz->win = 5;
    pz->rule = RULE_FREESTYLE;
    if ((v = sgftree_get(t, root, "GM")) != NULL && strcmp(v, "4") != 0)
        return fail(err, size, "not a gomoku collection (GM[%s])", v);
    if ((v = sgftree_get(t, root, "SZ")) != NULL) {
        char a[16], b[16];
        int w, h;
        if (sscanf(v, "%15[0-9]:%15[0-9]", a, b) == 2 ? !(parse_int(a, 1, 99, &w) &&
                                                        parse_int(b, 1, 99, &h))
                                                      : !(parse_int(v, 1, 99, &w) && (h = w)))
            return fail(err, size, "bad board size SZ[%s]", v);
        pz->width = w;
        pz->height = h;
    }
    if ((v = sgftree_get(t, root, "RU")) != NULL && !rule_from_sgf(v, &pz->rule))
        return fail(err, size, "unknown rule RU[%s]", v);
    if ((v = sgftree_get(t, root, "WIN")) != NULL &&
        !parse_int(v, BOARD_MIN_WIN, BOARD_MAX_SIDE, &pz->win))
        return fail(err, size, "bad win length WIN[%s]", v);
    const char *bad = rules_check(pz->width, pz->height, pz->win, pz->rule);
    if (bad != NULL)
        return fail(err, size, "%s", bad);
    if ((v = sgftree_get(t, root, "PL")) != NULL) {
        if (strcmp(v, "B") != 0 && strcmp(v, "W") != 0)
            return fail(err, size, "bad side to move PL[%s]", v);
        pz->setup.to_move = v[0] == 'W' ? STONE_WHITE : STONE_BLACK;
    }
    for (int i = n->prop; i < n->prop + n->n_props; i++) {
        const struct sgftree_prop *p = &t->prop[i];
        bool black = strcmp(p->id, "AB") == 0;
        if (!black && strcmp(p->id, "AW") != 0)
            continue;
        int q = point(p->value, pz->width, pz->height);
        if (q < 0)
            return fail(err, size, "%s[%s] is not a cell of the board", p->id, p->value);
        if (pz->setup.n >= BOARD_MAX_CELLS)
            return fail(err, size, "too many stones");
        pz->setup.cell[pz->setup.n] = q;
        pz->setup.stone[pz->setup.n++] = (unsigned char)(black ? STONE_BLACK : STONE_WHITE);
    }
    if ((v = sgftree_get(t, root, "GN")) != NULL)
        snprintf(pz->id, sizeof pz->id, "%s", v);
    if ((v = sgftree_get(t, root, "MNKPUZZLE")) == NULL)
        return fail(err, size, "no MNKPUZZLE[]: not a puzzle");
    if (!puzzle_kind_parse(v, &pz->kind))
        return fail(err, size, "unknown kind MNKPUZZLE[%s]", v);
    if ((v = sgftree_get(t, root, "MNKDEPTH")) != NULL &&
        !parse_int(v, 1, PUZZLE_DEPTH_MAX, &pz->depth))
        return fail(err, size, "bad depth MNKDEPTH[%s]", v);
    if ((v = sgftree_get(t, root, "MNKDIFF")) != NULL &&
        !parse_int(v, 0, 100, &pz->difficulty))
        return fail(err, size, "bad difficulty MNKDIFF[%s]", v);
    if ((v = sgftree_get(t, root, "MNKSOLVES")) != NULL)
        snprintf(pz->solves, sizeof pz->solves, "%s", v);
    if ((v = sgftree_get(t, root, "MNKFROM")) != NULL)
        snprintf(pz->source, sizeof pz->source, "%s", v);
    return true;
}

static bool read_puzzle(const struct sgftree *t, int root, struct puzzle *pz, char *err,
                        size_t size)
{
    puzzle_init(pz);
    pz->depth = PUZZLE_DEPTH_MAX;
    if (!read_root(t, root, pz, err, size))
        return false;
    struct game *g = malloc(sizeof *g);
    if (g == NULL)
        return fail(err, size, "out of memory");
    const char *bad = puzzle_game(pz, g);
    free(g);
    if (bad != NULL)
        return fail(err, size, "%s", bad);
    int nodes = 1 + count_below(t, root);
    if (nodes > PROOF_NODES_MAX)
        return fail(err, size, "more than %d moves", PROOF_NODES_MAX - 1);
    if (!puzzle_alloc_proof(pz, nodes))
        return fail(err, size, "out of memory");
    if (!read_moves(t, root, pz, 0, pz->setup.to_move, err, size)) {
        puzzle_free(pz);
        return false;
    }
    return true;
}

bool puzzle_book_parse(const char *text, size_t len, struct puzzle_book *book, char *err,
                       size_t err_size)
{
    struct sgftree t;
    char why[256];
    if (!sgftree_parse(text, len, &t, why, sizeof why))
        return fail(err, err_size, "%s", why);
    int before = book->n;
    for (int i = 0; i < t.n_trees; i++) {
        struct puzzle pz;
        if (!read_puzzle(&t, t.tree[i], &pz, why, sizeof why) ||
            !puzzle_book_add(book, &pz)) {
            puzzle_free(&pz);
            const char *id = sgftree_get(&t, t.tree[i], "GN");
            fail(err, err_size, "puzzle %d%s%s%s: %s", i + 1, id ? " (" : "", id ? id : "",
                 id ? ")" : "", why);
            while (book->n > before)
                puzzle_free(&book->p[--book->n]);
            sgftree_free(&t);
            return false;
        }
        if (book->p[book->n - 1].id[0] == '\0')
            snprintf(book->p[book->n - 1].id, PUZZLE_ID_MAX, "%d", book->n);
    }
    sgftree_free(&t);
    return true;
}

bool puzzle_book_load(const char *path, struct puzzle_book *book, char *err, size_t err_size)
{
    char *text;
    size_t len;
    char why[512];
    if (safefile_read(path, PUZZLEBOOK_FILE_MAX, &text, &len, why, sizeof why) != SAFEFILE_OK)
        return fail(err, err_size, "%s", why);
    bool ok = puzzle_book_parse(text, len, book, why, sizeof why);
    free(text);
    return ok || fail(err, err_size, "%s: %s", path, why);
}

/* ---- writing ------------------------------------------------------------ */

static void write_point(FILE *out, const struct puzzle *pz, enum stone side, int q)
{
    fprintf(out, "%c[%c%c]", side == STONE_BLACK ? 'B' : 'W', 'a' + q % pz->width,
            'a' + q / pz->width);
}

/* The moves under proof node `node`, of `side`, as SGF: one child goes on
 * in the same sequence, several become variations. `root` marks the first
 * moves (TE and BM on them). */
static void write_moves(FILE *out, const struct puzzle *pz, int node, enum stone side,
                        bool root)
{
    const struct proof *pr = &pz->proof;
    int first = pr->node[node].child;
    bool forks = first >= 0 && pr->node[first].next >= 0;
    for (int c = first; c >= 0; c = pr->node[c].next) {
        if (forks)
            fputs("\n(", out);
        fputc(';', out);
        write_point(out, pz, side, pr->node[c].move);
        if (root && (pz->kind == PUZZLE_DEFEND || pz->kind == PUZZLE_PERFECT))
            fputs(c == first ? "TE[1]C[The only move that does not lose.]"
                             : "BM[1]C[Loses: the refutation follows.]",
                  out);
        write_moves(out, pz, c, stone_other(side), false);
        if (forks)
            fputc(')', out);
    }
}

bool puzzle_write(FILE *out, const struct puzzle *pz)
{
    fputs("(;FF[4]GM[4]CA[UTF-8]AP[mnk]", out);
    if (pz->width == pz->height)
        fprintf(out, "SZ[%d]", pz->width);
    else
        fprintf(out, "SZ[%d:%d]", pz->width, pz->height);
    fprintf(out, "RU[%s]WIN[%d]GN[", rule_name(pz->rule), pz->win);
    sgftree_write_text(out, pz->id);
    fputs("]\n", out);
    for (int k = 0; k < 2; k++) {
        enum stone colour = k == 0 ? STONE_BLACK : STONE_WHITE;
        bool named = false;
        for (int i = 0; i < pz->setup.n; i++) {
            if (pz->setup.stone[i] != colour)
                continue;
            if (!named)
                fputs(k == 0 ? "AB" : "AW", out);
            named = true;
            fprintf(out, "[%c%c]", 'a' + pz->setup.cell[i] % pz->width,
                    'a' + pz->setup.cell[i] / pz->width);
        }
        if (named)
            fputc('\n', out);
    }
    char task[PUZZLE_TEXT_MAX];
    puzzle_task_text(pz, false, task, sizeof task);
    fprintf(out, "PL[%c]C[", pz->setup.to_move == STONE_WHITE ? 'W' : 'B');
    sgftree_write_text(out, task);
    fprintf(out, "]\nMNKPUZZLE[%s]MNKDEPTH[%d]", puzzle_kind_name(pz->kind), pz->depth);
    if (pz->difficulty >= 0)
        fprintf(out, "MNKDIFF[%d]", pz->difficulty);
    if (pz->solves[0] != '\0') {
        fputs("MNKSOLVES[", out);
        sgftree_write_text(out, pz->solves);
        fputc(']', out);
    }
    if (pz->source[0] != '\0') {
        fputs("MNKFROM[", out);
        sgftree_write_text(out, pz->source);
        fputc(']', out);
    }
    fputc('\n', out);
    write_moves(out, pz, 0, pz->setup.to_move, true);
    fputs(")\n", out);
    return !ferror(out);
}

bool puzzle_book_write(FILE *out, const struct puzzle_book *book)
{
    for (int i = 0; i < book->n; i++)
        if (!puzzle_write(out, &book->p[i]))
            return false;
    return fflush(out) == 0 && !ferror(out);
}

static bool write_job(FILE *out, const void *ctx)
{
    return puzzle_book_write(out, ctx);
}

bool puzzle_book_save(const char *path, const struct puzzle_book *book, char *err,
                      size_t err_size)
{
    return safefile_write(path, write_job, book, true, err, err_size);
}
