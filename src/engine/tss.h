/* tss.h — threat-space search: wins by a chain of threats the opponent must
 * answer.
 *
 * VCF (victory by continuous fours): the attacker plays only fours, each
 * leaving the defender one cell to block, until a five or an open four (or
 * double four) is made. VCT (victory by continuous threats) also allows open
 * threes, against which the defender may try every cell that stops the
 * coming four and every four of his own. Both are proofs: a win reported is
 * a win against any defence (within the rules of the lines), a failure only
 * means none was found within the depth and node budget.
 *
 * The solver keeps a table of refuted positions (allocated by tss_init,
 * cleared by tss_clear) and counts its nodes; no allocation while solving.
 */
#ifndef MNK_ENGINE_TSS_H
#define MNK_ENGINE_TSS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

struct tss_entry {
    uint64_t key;
    int32_t depth;   /* refuted with this many attacking moves to spare */
    int32_t used;
};

/* Callers embed it but read and set it only through the functions below. */
struct tss {
    struct tss_entry *cache;
    size_t mask;
    uint64_t nodes;        /* positions visited, summed over calls */
    uint64_t limit;        /* stop once nodes reaches this */
    bool aborted;          /* the last call hit its node or time limit */
    bool deep;             /* the last call cut a line short at its depth */
    int64_t deadline_ms;   /* clock_ms() past which to give up; 0 = none */
    const atomic_bool *stop; /* set by another thread to give up; may be NULL */
    uint64_t check_mask;   /* read the clock when (nodes & check_mask) == 0 */
};

/* Allocates a refutation table of about `bytes`. False when out of memory. */
bool tss_init(struct tss *t, size_t bytes);

void tss_free(struct tss *t);

void tss_clear(struct tss *t);

/* The refutation table's size in bytes. */
static inline size_t tss_bytes(const struct tss *t)
{
    return (t->mask + 1) * sizeof *t->cache;
}

/* Starts one move's work: the node count from zero, give up at clock_ms()
 * `deadline_ms` (0: never) or when `stop` (may be NULL) is set; both are
 * read every node when `coarse` (nodes are dear: untabulated classes),
 * otherwise every CHECK_EVERY nodes (tss.c). */
void tss_start(struct tss *t, const atomic_bool *stop, bool coarse, int64_t deadline_ms);

/* Moves the deadline for the solves that follow (0: none). */
static inline void tss_set_deadline(struct tss *t, int64_t deadline_ms)
{
    t->deadline_ms = deadline_ms;
}

/* Positions visited since tss_start or tss_clear. */
static inline uint64_t tss_nodes(const struct tss *t)
{
    return t->nodes;
}

/* Whether the last solve ran out of nodes or time (or was stopped): then
 * its false proves nothing. */
static inline bool tss_aborted(const struct tss *t)
{
    return t->aborted;
}

/* Searches a forced win for `attacker`, who is to move on p, within `depth`
 * attacking moves, `budget` more nodes and the deadline / stop flag set in t; with `threes` open threes count as
 * threats (VCT), otherwise fours only (VCF). On success returns true and sets
 * *move to the first attacking move. p is restored before returning. */
bool tss_solve(struct tss *t, struct position *p, enum stone attacker, bool threes,
               int depth, uint64_t budget, int *move);

/* The same, deepening one attacking move at a time up to `depth`, so the win
 * found is a shortest one (in attacking moves). */
bool tss_solve_shortest(struct tss *t, struct position *p, enum stone attacker, bool threes,
                        int depth, uint64_t budget, int *move);

/* Whether the attacking move `move` (an empty cell) wins for `attacker`, to
 * move on p, as tss_solve would prove it: a five, or one of the moves it
 * tries — the block of the defender's five when there is one, else a four
 * (with `threes`, a four or a three) — against which every defence it
 * tries (tss_defences) loses within `depth` attacking moves in all, `move`
 * among them, and `budget` more nodes. False for any other move, and for
 * one the attacker may not play (renju). p is restored before returning. */
bool tss_solve_move(struct tss *t, struct position *p, enum stone attacker, bool threes,
                    int depth, uint64_t budget, int move);

/* The defender's replies the solver tries after `attacker`'s threat, with
 * the defender to move on p and `last` the attacker's move that made the
 * threat (−1: unknown, then fives are looked for everywhere): the defender's
 * cells it may play into out (BOARD_MAX_CELLS of room), in the order they
 * are tried; how many. 0 when nothing stops the attacker (two fives, or a
 * five Black may not block), −1 when the threat is none (no five or open
 * four pending) or the defender has a five of its own to make. Any other
 * reply loses to the five or the open four at once (the header's account
 * of the defences): the set is what a proof of a win must answer. */
int tss_defences(struct position *p, enum stone attacker, int last, int *out);

#endif
