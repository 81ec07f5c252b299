/* test_tt.c — the transposition table: a result stored is found by its key
 * and gone after a clear; a slot torn by two stores reads as no entry; two
 * threads storing into one small table leave only entries that some store
 * wrote whole; and making or clearing a table costs what was
 * stored, never the table's size: a fresh table of 256 MB has no page in
 * memory, one store brings in its page only, and a clear gives the stored
 * pages back. Residency is read with mincore(), on Linux; elsewhere those
 * checks are skipped. */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* mincore */
#endif
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/tt.h"

#define BIG ((size_t)256 << 20)

/* Pages of the table held in memory; -1 where that cannot be told. */
static long resident_pages(const struct tt *t)
{
#if defined(__linux__)
    long page = sysconf(_SC_PAGESIZE);
    size_t bytes = tt_bytes(t);
    if (page <= 0 || (uintptr_t)t->slot % (size_t)page != 0)
        return -1;   /* not a mapping of its own: nothing to tell */
    size_t pages = (bytes + (size_t)page - 1) / (size_t)page;
    unsigned char *vec = malloc(pages);
    assert_non_null(vec);
    if (mincore(t->slot, bytes, vec) != 0) {
        free(vec);
        return -1;
    }
    long n = 0;
    for (size_t i = 0; i < pages; i++)
        n += vec[i] & 1;
    free(vec);
    return n;
#else
    (void)t;
    return -1;
#endif
}

static void test_store_probe_clear(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, (size_t)1 << 20));
    assert_int_equal(tt_bytes(&t), (size_t)1 << 20);   /* the largest power of two within */
    struct tt_entry e = { 0 };
    assert_false(tt_probe(&t, 12345, &e));
    assert_false(tt_probe(&t, 0, &e));   /* an empty slot is no entry, even for key 0 */
    tt_store(&t, 12345, -77, 40, 6, TT_EXACT);
    assert_true(tt_probe(&t, 12345, &e));
    assert_int_equal(e.score, -77);
    assert_int_equal(e.move, 40);
    assert_int_equal(e.depth, 6);
    assert_int_equal(tt_bound_of(&e), TT_EXACT);
    /* The same slot, another key: not this key's entry. */
    assert_false(tt_probe(&t, 12345 + t.mask + 1, &e));
    /* A new result for the key without a move keeps the old move. */
    tt_store(&t, 12345, 5, -1, 8, TT_LOWER);
    assert_true(tt_probe(&t, 12345, &e));
    assert_int_equal(e.move, 40);
    assert_int_equal(e.score, 5);
    tt_clear(&t);
    assert_false(tt_probe(&t, 12345, &e));
    tt_free(&t);
}

/* A slot whose two words come from different stores is no entry. */
static void test_torn_slot(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, (size_t)1 << 16));
    uint64_t a = 3, b = 3 + 2 * (t.mask + 1);   /* one slot */
    tt_store(&t, a, 10, 1, 4, TT_EXACT);
    uint64_t check_a = atomic_load(&t.slot[a & t.mask].check);
    tt_store(&t, b, 20, 2, 9, TT_EXACT);
    struct tt_entry e = { 0 };
    assert_true(tt_probe(&t, b, &e));
    assert_int_equal(e.score, 20);
    /* b's data with a's check word, as a store of b seen half done. */
    atomic_store(&t.slot[a & t.mask].check, check_a);
    assert_false(tt_probe(&t, a, &e));
    assert_false(tt_probe(&t, b, &e));
    tt_free(&t);
}

/* Each thread stores entries whose score, move and depth follow from the
 * key; whatever is read back must be such an entry, whole. */
#define RACE_STORES 200000
#define RACE_KEYS 4096

static int race_score(uint64_t key)
{
    return (int)(key % 100000) - 50000;
}

static void *race(void *arg)
{
    struct tt *t = arg;
    uint64_t x = (uint64_t)(uintptr_t)&x | 1;
    for (int i = 0; i < RACE_STORES; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        uint64_t key = (x % RACE_KEYS) * 0x9e3779b97f4a7c15u;
        tt_store(t, key, race_score(key), (int)(key % 500), (int)(key % 60), TT_LOWER);
        struct tt_entry e = { 0 };
        uint64_t other = ((x >> 20) % RACE_KEYS) * 0x9e3779b97f4a7c15u;
        if (tt_probe(t, other, &e) &&
            (e.score != race_score(other) || e.move != (int)(other % 500) ||
             e.depth != (int)(other % 60)))
            return (void *)1;
    }
    return NULL;
}

static void test_threads_store_whole_entries(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, (size_t)1 << 12));   /* 256 slots: many collide */
    pthread_t th[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_create(&th[i], NULL, race, &t), 0);
    bool torn = race(&t) != NULL;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(th[i], &r);
        torn = torn || r != NULL;
    }
    assert_false(torn);
    tt_free(&t);
}

/* A big table is made, used and cleared without touching its pages. */
static void test_big_table_untouched(void **state)
{
    (void)state;
    struct tt t;
    assert_true(tt_init(&t, BIG));
    assert_int_equal(tt_bytes(&t), BIG);
    long fresh = resident_pages(&t);
    if (fresh < 0) {
        tt_free(&t);
        skip();
    }
    assert_int_equal(fresh, 0);
    tt_clear(&t);   /* nothing stored: nothing to do */
    assert_int_equal(resident_pages(&t), 0);
    /* Two stores far apart: their pages, no more (a huge page at most
     * each, were the system to use them here). */
    uint64_t a = 7, b = 7 + (uint64_t)(t.mask / 2);
    tt_store(&t, a, 1, 2, 3, TT_LOWER);
    tt_store(&t, b, 4, 5, 6, TT_UPPER);
    long used = resident_pages(&t);
    long page = sysconf(_SC_PAGESIZE);
    assert_true(used >= 2 && used <= 2 * (((long)2 << 20) / page));
    struct tt_entry e = { 0 };
    assert_true(tt_probe(&t, a, &e));
    assert_true(tt_probe(&t, b, &e));
    tt_clear(&t);
    assert_int_equal(resident_pages(&t), 0);   /* given back, not written */
    assert_false(tt_probe(&t, a, &e));
    assert_false(tt_probe(&t, b, &e));
    tt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_probe_clear),
        cmocka_unit_test(test_torn_slot),
        cmocka_unit_test(test_threads_store_whole_entries),
        cmocka_unit_test(test_big_table_untouched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
