/* tt.c — the transposition table; see tt.h. */
#include "ai/tt.h"

#include <stdlib.h>
#include <string.h>

bool tt_init(struct tt *t, size_t bytes)
{
    size_t n = 1;
    while (n * 2 * sizeof(struct tt_entry) <= bytes)
        n *= 2;
    t->entry = calloc(n, sizeof *t->entry);
    while (t->entry == NULL && n > 1) {
        n /= 2;
        t->entry = calloc(n, sizeof *t->entry);
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
