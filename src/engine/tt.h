/* tt.h — the transposition table: what was learnt about a position, by key.
 *
 * A power-of-two array of 16-byte slots sized from a memory budget, one
 * entry per slot, replaced when the new result is at least as deep or comes
 * from a newer search. Scores of forced wins are stored relative to the
 * position (distance from it, not from the root): tt_score_to/from convert.
 * Scores are those of mnk/ai.h (AI_SCORE_WIN_BOUND and beyond: proven).
 *
 * Threads: the searches of one move share a table with no lock. A slot is
 * two words read and written atomically (relaxed), the entry packed in one
 * and the key XORed with it in the other, so a slot that two stores tore
 * apart reads as no entry rather than as a wrong one. tt_new_search,
 * tt_clear, tt_init and tt_free are for one thread, with no search running.
 */
#ifndef MNK_ENGINE_TT_H
#define MNK_ENGINE_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/ai.h"

enum tt_bound { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

/* An entry as read from the table. */
struct tt_entry {
    int32_t score;
    int16_t move;
    int8_t depth;
    uint8_t bound_age;   /* bound in the low 2 bits, search age above */
};

/* A slot: the entry packed into `data` (tt_pack), `check` the key XOR data. */
struct tt_slot {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
};

struct tt {
    struct tt_slot *slot;
    size_t mask;          /* slots − 1 */
    uint8_t age;
    atomic_bool used;     /* stored into since made or cleared */
    bool mapped;          /* slot is a mapping of its own (tt.c) */
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
    return (t->mask + 1) * sizeof *t->slot;
}

/* Starts a new search: older entries become preferred victims. */
static inline void tt_new_search(struct tt *t)
{
    t->age = (uint8_t)((t->age + 1) & 63);
}

static inline uint64_t tt_pack(struct tt_entry e)
{
    return (uint64_t)(uint32_t)e.score | (uint64_t)(uint16_t)e.move << 32 |
           (uint64_t)(uint8_t)e.depth << 48 | (uint64_t)e.bound_age << 56;
}

static inline struct tt_entry tt_unpack(uint64_t data)
{
    return (struct tt_entry){
        .score = (int32_t)(uint32_t)data,
        .move = (int16_t)(uint16_t)(data >> 32),
        .depth = (int8_t)(uint8_t)(data >> 48),
        .bound_age = (uint8_t)(data >> 56),
    };
}

/* Reads the entry for key into *e; false when there is none. */
static inline bool tt_probe(struct tt *t, uint64_t key, struct tt_entry *e)
{
    struct tt_slot *s = &t->slot[key & t->mask];
    uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&s->check, memory_order_relaxed);
    if ((check ^ data) != key)
        return false;
    *e = tt_unpack(data);
    return (e->bound_age & 3) != TT_NONE;
}

/* Starts loading the slot of key into the cache: called before the work
 * that leads to probing it, it hides most of the memory's latency. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(&t->slot[key & t->mask]);
}

/* Records a result for key (any thread). */
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
