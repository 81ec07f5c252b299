/* proof.c — win trees from the threat-space search; see proof.h.
 *
 * Building follows the search: at an attacker's node the shortest win
 * tss_solve finds with the depth left (deepening one move at a time), at a defender's node every
 * reply tss_defences names, each answered the same way. The search proved
 * the win at the node above with one attacking move more, so each answer
 * exists unless a budget ends it first; then the whole tree is given up.
 */
#include "engine/proof.h"

#include <stdarg.h>
#include <stdio.h>

#include "mnk/game.h"
#include "mnk/notation.h"

void proof_init(struct proof *pr, struct proof_node *buf, int cap)
{
    pr->node = buf;
    pr->cap = cap < PROOF_NODES_MAX ? cap : PROOF_NODES_MAX;
    pr->n = 1;
    pr->node[0] = (struct proof_node){ .move = -1, .child = -1, .next = -1 };
}

int proof_add(struct proof *pr, int parent, int move)
{
    if (pr->n >= pr->cap)
        return -1;
    int i = pr->n++;
    pr->node[i] = (struct proof_node){ .move = (int16_t)move, .child = -1, .next = -1 };
    int16_t *link = &pr->node[parent].child;
    while (*link >= 0)
        link = &pr->node[*link].next;
    *link = (int16_t)i;
    return i;
}

int proof_children(const struct proof *pr, int node)
{
    int n = 0;
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next)
        n++;
    return n;
}

int proof_height(const struct proof *pr, int node)
{
    int h = 0;
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next) {
        int hc = 1 + proof_height(pr, c);
        if (hc > h)
            h = hc;
    }
    return h;
}

int proof_size(const struct proof *pr, int node)
{
    int n = 0;
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next)
        n += 1 + proof_size(pr, c);
    return n;
}

/* Drops the nodes from index `from` on, which were all added under `node`
 * or below it since pr->n was `from`. */
static void roll_back(struct proof *pr, int node, int from)
{
    int16_t *link = &pr->node[node].child;
    while (*link >= 0 && *link < from)
        link = &pr->node[*link].next;
    *link = -1;
    pr->n = from;
}

/* Puts node's strongest child first: the longest line, then the most nodes. */
static void strongest_first(struct proof *pr, int node)
{
    int best = -1, best_h = -1, best_n = -1, best_prev = -1;
    for (int c = pr->node[node].child, p = -1; c >= 0; p = c, c = pr->node[c].next) {
        int h = proof_height(pr, c), n = proof_size(pr, c);
        if (h > best_h || (h == best_h && n > best_n)) {
            best = c, best_h = h, best_n = n, best_prev = p;
        }
    }
    if (best < 0 || best_prev < 0)
        return;
    pr->node[best_prev].next = pr->node[best].next;
    pr->node[best].next = pr->node[node].child;
    pr->node[node].child = (int16_t)best;
}

struct build {
    struct proof *pr;
    struct tss *t;
    struct position *p;
    enum stone attacker;
    bool threes;
    uint64_t budget, total, spent;
};

static bool build_defend(struct build *b, int node, int depth, int last);

/* The attacker to move: its win under `node`. */
static bool build_win(struct build *b, int node, int depth)
{
    if (b->total && b->spent >= b->total)
        return false;
    uint64_t budget = b->budget;
    if (b->total && b->total - b->spent < budget)
        budget = b->total - b->spent;
    uint64_t before = tss_nodes(b->t);
    int move = -1;
    /* Deepened here rather than by tss_solve_shortest, which stops when a
     * depth cut nothing short: a refutation found in the table cuts
     * nothing, though it may have been cut short when it was stored. */
    bool win = false;
    for (int d = 1; d <= depth && !win && !tss_aborted(b->t); d++)
        win = tss_solve(b->t, b->p, b->attacker, b->threes, d, budget, &move);
    b->spent += tss_nodes(b->t) - before;
    if (!win || move < 0)
        return false;
    int c = proof_add(b->pr, node, move);
    if (c < 0)
        return false;
    if (position_combo(b->p, position_side(b->attacker), move) == COMBO_5)
        return true;
    position_place(b->p, move, b->attacker);
    bool ok = build_defend(b, c, depth - 1, move);
    position_remove(b->p, move);
    return ok;
}

/* The defender to move after `last`: each defence and its refutation. */
static bool build_defend(struct build *b, int node, int depth, int last)
{
    int cells[BOARD_MAX_CELLS];
    int a = position_side(b->attacker), o = 1 - a;
    enum stone defender = stone_other(b->attacker);
    int n = tss_defences(b->p, b->attacker, last, cells);
    if (n < 0)
        return false;
    if (n == 0) {
        /* Nothing stops it: block one five for the line's sake, if the
         * defender may, and the attacker plays another. */
        struct cellset_iter it;
        cellset_iter_init(&it, position_set(b->p, a, COMBO_5), b->p->words);
        int q;
        while ((q = cellset_next(&it)) >= 0 && !position_allowed(b->p, o, q))
            ;
        if (q < 0)
            return true;
        cells[0] = q;
        n = 1;
        if (depth < 1)
            depth = 1;
    }
    for (int i = 0; i < n; i++) {
        int c = proof_add(b->pr, node, cells[i]);
        if (c < 0)
            return false;
        position_place(b->p, cells[i], defender);
        bool ok = build_win(b, c, depth);
        position_remove(b->p, cells[i]);
        if (!ok)
            return false;
    }
    strongest_first(b->pr, node);
    return true;
}

bool proof_win(struct proof *pr, int node, struct tss *t, struct position *p,
               enum stone attacker, bool threes, int depth, uint64_t budget, uint64_t total)
{
    struct build b = { pr, t, p, attacker, threes, budget, total, 0 };
    int from = pr->n;
    if (build_win(&b, node, depth))
        return true;
    roll_back(pr, node, from);
    return false;
}

bool proof_defend(struct proof *pr, int node, struct tss *t, struct position *p,
                  enum stone attacker, bool threes, int depth, uint64_t budget, uint64_t total,
                  int last)
{
    struct build b = { pr, t, p, attacker, threes, budget, total, 0 };
    int from = pr->n;
    if (build_defend(&b, node, depth, last))
        return true;
    roll_back(pr, node, from);
    return false;
}

/* ---- checking ---------------------------------------------------------- */

static bool fault(char *why, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fault(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

static bool check_defence(const struct proof *pr, int node, struct position *p,
                          enum stone attacker, int last, char *why, size_t size);

/* The attacker to move: one move under `node`, a five or a threat whose
 * every defence is answered. */
static bool check_win(const struct proof *pr, int node, struct position *p, enum stone attacker,
                      char *why, size_t size)
{
    char cell[NOTATION_MAX];
    int a = position_side(attacker);
    int c = pr->node[node].child;
    if (c < 0)
        return fault(why, size, "%s has no answer after %s", stone_name(attacker),
                     pr->node[node].move >= 0
                         ? notation_format(&p->b, pr->node[node].move, cell) : "the start");
    if (pr->node[c].next >= 0)
        return fault(why, size, "%s has two moves in one place", stone_name(attacker));
    int m = pr->node[c].move;
    if (m < 0 || m >= p->cells || board_at(&p->b, m) != STONE_NONE)
        return fault(why, size, "%s plays on a cell that is not empty", stone_name(attacker));
    if (!position_allowed(p, a, m))
        return fault(why, size, "%s's %s is forbidden", stone_name(attacker),
                     notation_format(&p->b, m, cell));
    if (position_combo(p, a, m) == COMBO_5) {
        if (pr->node[c].child >= 0)
            return fault(why, size, "moves follow %s's five", stone_name(attacker));
        return true;
    }
    position_place(p, m, attacker);
    bool ok = check_defence(pr, c, p, attacker, m, why, size);
    position_remove(p, m);
    return ok;
}

/* Whether `node` has a child playing `move`. */
static bool has_child(const struct proof *pr, int node, int move)
{
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next)
        if (pr->node[c].move == move)
            return true;
    return false;
}

static bool check_defence(const struct proof *pr, int node, struct position *p,
                          enum stone attacker, int last, char *why, size_t size)
{
    char cell[NOTATION_MAX], other[NOTATION_MAX];
    int cells[BOARD_MAX_CELLS];
    enum stone defender = stone_other(attacker);
    int n = tss_defences(p, attacker, last, cells);
    const char *after = last >= 0 ? notation_format(&p->b, last, cell) : "the start";
    if (n < 0)
        return fault(why, size, "%s's %s is no threat", stone_name(attacker), after);
    for (int i = 0; i < n; i++)
        if (!has_child(pr, node, cells[i]))
            return fault(why, size, "the defence %s after %s is not answered",
                         notation_format(&p->b, cells[i], other), after);
    for (int c = pr->node[node].child; c >= 0; c = pr->node[c].next) {
        int d = pr->node[c].move;
        if (d < 0 || d >= p->cells || board_at(&p->b, d) != STONE_NONE)
            return fault(why, size, "a defence after %s is on a cell that is not empty", after);
        if (!position_allowed(p, position_side(defender), d))
            return fault(why, size, "the defence %s is forbidden",
                         notation_format(&p->b, d, other));
        position_place(p, d, defender);
        bool ok = check_win(pr, c, p, attacker, why, size);
        position_remove(p, d);
        if (!ok)
            return false;
    }
    return true;
}

bool proof_check_win(const struct proof *pr, int node, struct position *p,
                     enum stone attacker, char *why, size_t size)
{
    return check_win(pr, node, p, attacker, why, size);
}

bool proof_check_defence(const struct proof *pr, int node, struct position *p,
                         enum stone attacker, int last, char *why, size_t size)
{
    return check_defence(pr, node, p, attacker, last, why, size);
}
