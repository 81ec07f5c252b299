/* test_tt.c — the transposition table: a result stored is found by its key
 * and gone after a clear; and making or clearing a table costs what was
 * stored, never the table's size: a fresh table of 256 MB has no page in
 * memory, one store brings in its page only, and a clear gives the stored
 * pages back. Residency is read with mincore(), on Linux; elsewhere those
 * checks are skipped. */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* mincore */
#endif
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
    if (page <= 0 || (uintptr_t)t->entry % (size_t)page != 0)
        return -1;   /* not a mapping of its own: nothing to tell */
    size_t pages = (bytes + (size_t)page - 1) / (size_t)page;
    unsigned char *vec = malloc(pages);
    assert_non_null(vec);
    if (mincore(t->entry, bytes, vec) != 0) {
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
    assert_null(tt_probe(&t, 12345));
    tt_store(&t, 12345, 77, 40, 6, TT_EXACT);
    const struct tt_entry *e = tt_probe(&t, 12345);
    assert_non_null(e);
    assert_int_equal(e->score, 77);
    assert_int_equal(e->move, 40);
    assert_int_equal(e->depth, 6);
    assert_int_equal(tt_bound_of(e), TT_EXACT);
    tt_clear(&t);
    assert_null(tt_probe(&t, 12345));
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
    assert_non_null(tt_probe(&t, a));
    assert_non_null(tt_probe(&t, b));
    tt_clear(&t);
    assert_int_equal(resident_pages(&t), 0);   /* given back, not written */
    assert_null(tt_probe(&t, a));
    assert_null(tt_probe(&t, b));
    tt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_probe_clear),
        cmocka_unit_test(test_big_table_untouched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
