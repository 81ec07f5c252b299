/* tt.c — the transposition table; see tt.h.
 *
 * Probes land anywhere in a table of tens of megabytes: on Linux a table of
 * up to 64 MB (the default is 32) is aligned to and advised onto huge pages,
 * so a probe costs one cache miss rather than a miss and a page-table walk.
 *
 * Making and clearing a table cost what the searches used of it, never its
 * size: a Gomocup manager sizes the table (INFO max_memory, up to 2 GB)
 * just before the first move, and waits for no answer; writing the whole
 * table then made that move late. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#endif

#include "engine/tt.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)
/* The largest table put on huge pages. A huge page is zeroed whole, 2 MB,
 * when first touched, and a search's stores touch every page of the table
 * soon: a table of 2 GB is a thousand such faults, more than a first move
 * of 200 ms can absorb (it answered after 200 to 570 ms, the search
 * stalling between two reads of the clock), and one of 128 MB still made
 * 2 first moves in 30 late; on small pages only the 4 KB stored into are
 * zeroed. Up to this size the faults take a few milliseconds. */
#define HUGE_TABLE_MAX ((size_t)64 << 20)

/* A table of n zeroed slots, NULL when out of memory; *mapped says
 * whether it was mapped (freed by munmap) or allocated (by free).
 *
 * Nothing here writes the table: a table of any size is made at once, and
 * its memory is taken page by page as the search first stores there. On
 * Linux a big table is a private anonymous mapping, whose pages read as
 * zero until written, aligned to huge pages and, up to HUGE_TABLE_MAX,
 * advised onto them; elsewhere calloc, which gets fresh zero pages from
 * the system for a large block too. */
static struct tt_slot *alloc_slots(size_t n, bool *mapped)
{
    size_t bytes = n * sizeof(struct tt_slot);
    *mapped = false;
#if defined(__linux__)
    if (bytes >= HUGE_PAGE) {
        /* One huge page more, trimmed off the ends to align the start (n
         * is a power of two, so bytes is a multiple of the alignment). */
        size_t span = bytes + HUGE_PAGE;
        char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
            if (head > 0)
                munmap(p, head);
            munmap(p + head + bytes, span - head - bytes);
            /* Said either way: where the system puts every large mapping
             * on huge pages, a big table must be kept off them. */
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
            madvise(p + head, bytes, bytes <= HUGE_TABLE_MAX ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#endif
            *mapped = true;
            return (struct tt_slot *)(void *)(p + head);
        }
    }
#endif
    return calloc(n, sizeof(struct tt_slot));
}

bool tt_init(struct tt *t, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * sizeof(struct tt_slot) <= bytes)
        n *= 2;
    t->slot = alloc_slots(n, &t->mapped);
    while (t->slot == NULL && n > 1) {
        n /= 2;
        t->slot = alloc_slots(n, &t->mapped);
    }
    if (t->slot == NULL)
        return false;
    t->mask = n - 1;
    t->age = 0;
    atomic_init(&t->used, false);
    return true;
}

void tt_free(struct tt *t)
{
#if defined(__linux__)
    if (t->mapped && t->slot != NULL)
        munmap(t->slot, tt_bytes(t));
    else
#endif
        free(t->slot);
    t->slot = NULL;
}

void tt_clear(struct tt *t)
{
    t->age = 0;
    if (!atomic_load(&t->used))   /* nothing stored since it was made or cleared */
        return;
    atomic_store(&t->used, false);
#if defined(__linux__) && defined(MADV_DONTNEED)
    /* The pages written go back to the system, and read as zero again:
     * the cost is the pages the searches touched, not the table's size. */
    if (t->mapped && madvise(t->slot, tt_bytes(t), MADV_DONTNEED) == 0)
        return;
#endif
    memset(t->slot, 0, tt_bytes(t));
}

void tt_store(struct tt *t, uint64_t key, int score, int move, int depth,
              enum tt_bound bound)
{
    /* What the entry's narrow fields can hold (depth is capped below). */
    assert(bound != TT_NONE && move >= -1 && move <= INT16_MAX && depth >= INT8_MIN);
    struct tt_slot *s = &t->slot[key & t->mask];
    if (!atomic_load_explicit(&t->used, memory_order_relaxed))
        atomic_store_explicit(&t->used, true, memory_order_relaxed);
    uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    uint64_t old_key = atomic_load_explicit(&s->check, memory_order_relaxed) ^ data;
    struct tt_entry e = tt_unpack(data);
    bool stale = (e.bound_age >> 2) != t->age;
    if (old_key == key || stale || depth >= e.depth || bound == TT_EXACT) {
        /* Keep the old move when the new result has none. */
        if (move >= 0 || old_key != key)
            e.move = (int16_t)move;
        e.score = score;
        e.depth = (int8_t)(depth > 127 ? 127 : depth);
        e.bound_age = (uint8_t)(t->age << 2 | bound);
        data = tt_pack(e);
        atomic_store_explicit(&s->data, data, memory_order_relaxed);
        atomic_store_explicit(&s->check, key ^ data, memory_order_relaxed);
    }
}
