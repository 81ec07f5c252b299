/* tt.c — the transposition table; see tt.h.
 *
 * Probes land anywhere in a table of tens of megabytes: on Linux the table is
 * aligned to and advised onto huge pages, so a probe costs one cache miss
 * rather than a miss and a page-table walk. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#endif

#include "engine/tt.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

/* A zeroed table of n entries, on huge pages where it is big enough and the
 * system has them; NULL when out of memory. */
static struct tt_entry *alloc_entries(size_t n)
{
    size_t bytes = n * sizeof(struct tt_entry);
    if (bytes >= HUGE_PAGE) {
        /* n is a power of two, so bytes is a multiple of the alignment. */
        struct tt_entry *e = aligned_alloc(HUGE_PAGE, bytes);
        if (e != NULL) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
            madvise(e, bytes, MADV_HUGEPAGE);
#endif
            memset(e, 0, bytes);
            return e;
        }
    }
    return calloc(n, sizeof(struct tt_entry));
}

bool tt_init(struct tt *t, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * sizeof(struct tt_entry) <= bytes)
        n *= 2;
    t->entry = alloc_entries(n);
    while (t->entry == NULL && n > 1) {
        n /= 2;
        t->entry = alloc_entries(n);
    }
    if (t->entry == NULL)
        return false;
    t->mask = n - 1;
    t->age = 0;
    return true;
}

void tt_free(struct tt *t)
{
    free(t->entry);
    t->entry = NULL;
}

void tt_clear(struct tt *t)
{
    memset(t->entry, 0, (t->mask + 1) * sizeof *t->entry);
    t->age = 0;
}

void tt_store(struct tt *t, uint64_t key, int score, int move, int depth,
              enum tt_bound bound)
{
    struct tt_entry *e = &t->entry[key & t->mask];
    bool stale = (e->bound_age >> 2) != t->age;
    if (e->key == key || stale || depth >= e->depth || bound == TT_EXACT) {
        /* Keep the old move when the new result has none. */
        if (move >= 0 || e->key != key)
            e->move = (int16_t)move;
        e->key = key;
        e->score = score;
        e->depth = (int8_t)(depth > 127 ? 127 : depth);
        e->bound_age = (uint8_t)(t->age << 2 | bound);
    }
}
