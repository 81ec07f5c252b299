/* tt.h — the transposition table: what was learnt about a position, by key.
 *
 * A power-of-two array of 16-byte entries sized from a memory budget, one
 * entry per slot, replaced when the new result is at least as deep or comes
 * from a newer search. Scores of forced wins are stored relative to the
 * position (distance from it, not from the root): tt_score_to/from convert.
 * Scores are those of mnk/ai.h (AI_SCORE_WIN_BOUND and beyond: proven).
 */
#ifndef MNK_ENGINE_TT_H
#define MNK_ENGINE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/ai.h"

enum tt_bound { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

struct tt_entry {
    uint64_t key;
    int32_t score;
    int16_t move;
    int8_t depth;
    uint8_t bound_age;   /* bound in the low 2 bits, search age above */
};

struct tt {
    struct tt_entry *entry;
    size_t mask;          /* entries − 1 */
    uint8_t age;
    bool used;            /* stored into since made or cleared */
    bool mapped;          /* entry is a mapping of its own (tt.c) */
};

/* Allocates about `bytes` (at least one entry, halving on failure down to a
 * small table). False only when even that fails. Quick at any size: the
 * memory is taken as entries are first stored, never written here. */
bool tt_init(struct tt *t, size_t bytes);

void tt_free(struct tt *t);

/* Forgets every entry, at the cost of the pages stored into since the
 * table was made or last cleared (none: nothing to do). */
void tt_clear(struct tt *t);

/* The table's size in bytes. */
static inline size_t tt_bytes(const struct tt *t)
{
    return (t->mask + 1) * sizeof *t->entry;
}

/* Starts a new search: older entries become preferred victims. */
static inline void tt_new_search(struct tt *t)
{
    t->age = (uint8_t)((t->age + 1) & 63);
}

/* The entry for key, or NULL. */
static inline const struct tt_entry *tt_probe(const struct tt *t, uint64_t key)
{
    const struct tt_entry *e = &t->entry[key & t->mask];
    return e->key == key && (e->bound_age & 3) != TT_NONE ? e : NULL;
}

/* Starts loading the slot of key into the cache: called before the work
 * that leads to probing it, it hides most of the memory's latency. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(&t->entry[key & t->mask]);
}

/* Records a result for key. */
void tt_store(struct tt *t, uint64_t key, int score, int move, int depth,
              enum tt_bound bound);

/* A score `ply` plies below the root as the table keeps it: a forced win or
 * loss counted from the position, not from the root. */
static inline int tt_score_to(int score, int ply)
{
    return score >= AI_SCORE_WIN_BOUND    ? score + ply
           : score <= -AI_SCORE_WIN_BOUND ? score - ply
                                          : score;
}

/* The inverse of tt_score_to(), for an entry read `ply` plies below the
 * root. */
static inline int tt_score_from(int score, int ply)
{
    return score >= AI_SCORE_WIN_BOUND    ? score - ply
           : score <= -AI_SCORE_WIN_BOUND ? score + ply
                                          : score;
}

static inline enum tt_bound tt_bound_of(const struct tt_entry *e)
{
    return (enum tt_bound)(e->bound_age & 3);
}

#endif
