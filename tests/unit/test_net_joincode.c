/* test_net_joincode.c — join codes: their form, their randomness, reading
 * them back as people type them, game ids, and the key derived from both. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "net/joincode.h"

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static int value_of(char c)
{
    return (int)(strchr(alphabet, c) - alphabet);
}

static void test_form(void **state)
{
    (void)state;
    char code[JOINCODE_SIZE], err[160];
    assert_true(joincode_new(code, err, sizeof err));
    assert_int_equal(strlen(code), JOINCODE_SIZE - 1);
    for (int i = 0; i < JOINCODE_SIZE - 1; i++) {
        if (i % 5 == 4)
            assert_int_equal(code[i], '-');
        else
            assert_non_null(memchr(alphabet, code[i], 32));
    }
    char back[JOINCODE_SIZE];
    assert_true(joincode_parse(code, back, err, sizeof err));
    assert_string_equal(back, code);
}

/* 2,000 codes: none twice, every symbol at every place, and each of the 60
 * bits set in about half of them, so that none is fixed or dropped. */
static void test_entropy(void **state)
{
    (void)state;
    enum { N = 2000 };
    static char codes[N][JOINCODE_SIZE];
    int seen[JOINCODE_SYMBOLS][32] = {{0}};
    int bit_set[JOINCODE_BITS] = {0};
    char err[160];
    for (int i = 0; i < N; i++) {
        assert_true(joincode_new(codes[i], err, sizeof err));
        int s = 0;
        for (const char *p = codes[i]; *p != '\0'; p++) {
            if (*p == '-')
                continue;
            int v = value_of(*p);
            seen[s][v]++;
            for (int b = 0; b < 5; b++)
                bit_set[s * 5 + b] += v >> b & 1;
            s++;
        }
        assert_int_equal(s, JOINCODE_SYMBOLS);
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i; j++)
            assert_string_not_equal(codes[i], codes[j]);
    for (int s = 0; s < JOINCODE_SYMBOLS; s++)
        for (int v = 0; v < 32; v++)
            assert_true(seen[s][v] > 0);
    /* Binomial(2000, 1/2): 1000 +- 22; 850..1150 is about 7 sigma. */
    for (int b = 0; b < JOINCODE_BITS; b++)
        assert_in_range(bit_set[b], 850, 1150);
}

static void test_parse(void **state)
{
    (void)state;
    static const char *const same[] = {
        "7KQ2-M9XD-4HPW", "7kq2-m9xd-4hpw", "7KQ2M9XD4HPW", " 7KQ2 M9XD 4HPW ",
        "7kq2\tm9xd\t4hpw", "7-K-Q-2-M-9-X-D-4-H-P-W", "7KQ2--M9XD--4HPW",
    };
    char code[JOINCODE_SIZE], err[160];
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        if (!joincode_parse(same[i], code, err, sizeof err))
            fail_msg("'%s': %s", same[i], err);
        assert_string_equal(code, "7KQ2-M9XD-4HPW");
    }
    /* What a person may mistake: O for 0, I and L for 1. */
    assert_true(joincode_parse("OOOO-IIII-llll", code, err, sizeof err));
    assert_string_equal(code, "0000-1111-1111");
    assert_true(joincode_parse("o1i0-LlIi-0000", code, err, sizeof err));
    assert_string_equal(code, "0110-1111-0000");

    static const struct {
        const char *text, *reason;
    } bad[] = {
        {"", "only 0"},
        {"7KQ2-M9XD-4HP", "only 11"},
        {"7KQ2-M9XD-4HPW-Z", "more"},
        {"7KQ2-M9XD-4HPU", "no 'U'"},
        {"7KQ2-M9XD-4HP!", "no '!'"},
        {"7KQ2_M9XD_4HPW", "no '_'"},
        {"7KQ2-M9XD-4HP\xc3\x96", "digits and letters"},
        {"7KQ2-M9XD-4HP\n", "digits and letters"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_false(joincode_parse(bad[i].text, code, err, sizeof err));
        if (strstr(err, bad[i].reason) == NULL)
            fail_msg("'%s': '%s' lacks '%s'", bad[i].text, err, bad[i].reason);
    }
}

static void test_game_id(void **state)
{
    (void)state;
    char a[JOINCODE_ID_SIZE], b[JOINCODE_ID_SIZE], err[160];
    assert_true(joincode_new_game_id(a, err, sizeof err));
    assert_true(joincode_new_game_id(b, err, sizeof err));
    assert_int_equal(strlen(a), JOINCODE_ID_DIGITS);
    assert_true(joincode_game_id_valid(a, strlen(a)));
    assert_string_not_equal(a, b);
    assert_false(joincode_game_id_valid("0123456789abcdeF", 16));
    assert_false(joincode_game_id_valid("0123456789abcde", 15));
    assert_false(joincode_game_id_valid("0123456789abcdefa", 17));
    assert_false(joincode_game_id_valid("0123456789abcdeg", 16));
}

/* The key is PBKDF2-HMAC-SHA256 of the code's symbols, salted with the
 * game id, as joincode.h says: pinned by a value computed elsewhere
 * (Python's hashlib.pbkdf2_hmac), since two mnk of different builds must
 * derive the same key. */
static void test_derive(void **state)
{
    (void)state;
    static const unsigned char want[JOINCODE_KEY_SIZE] = {
        0x91, 0x26, 0xd6, 0x59, 0x78, 0xe3, 0x61, 0x5a, 0xc2, 0x98, 0xd8,
        0x84, 0xdd, 0xfa, 0x76, 0x67, 0x02, 0x3c, 0x0c, 0x08, 0x9c, 0xab,
        0xba, 0xe6, 0x8e, 0xd1, 0x72, 0x8f, 0xcc, 0x13, 0xdf, 0x38,
    };
    const char *id = "0123456789abcdef";
    struct joincode_key k1, k2, k3, k4;
    char err[160];
    assert_true(joincode_derive("7KQ2-M9XD-4HPW", id, &k1, err, sizeof err));
    assert_memory_equal(k1.key, want, sizeof want);
    assert_string_equal(k1.game_id, id);
    /* The same code written otherwise: the same key. */
    assert_true(joincode_derive("7kq2 m9xd 4hpw", id, &k2, err, sizeof err));
    assert_memory_equal(k2.key, k1.key, sizeof k1.key);
    /* One symbol off, or another game: another key. */
    assert_true(joincode_derive("7KQ2-M9XD-4HPX", id, &k3, err, sizeof err));
    assert_memory_not_equal(k3.key, k1.key, sizeof k1.key);
    assert_true(joincode_derive("7KQ2-M9XD-4HPW", "0123456789abcdee", &k4, err, sizeof err));
    assert_memory_not_equal(k4.key, k1.key, sizeof k1.key);

    assert_false(joincode_derive("7KQ2-M9XD", id, &k4, err, sizeof err));
    assert_false(joincode_derive("7KQ2-M9XD-4HPW", "not an id", &k4, err, sizeof err));
    joincode_wipe(&k1);
    assert_int_equal(k1.game_id[0], 0);
    assert_int_equal(k1.key[0] | k1.key[31], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_form),
        cmocka_unit_test(test_entropy),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_game_id),
        cmocka_unit_test(test_derive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
