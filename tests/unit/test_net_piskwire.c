/* test_net_piskwire.c — Piskvork's network-game messages: every type
 * encoded and decoded back, each cut short at every byte, UTF-16 chat with
 * surrogates and controls, and a table of malformed messages, each refused
 * with a reason and the length to skip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "net/piskwire.h"

#define W 15
#define H 15

/* Encodes *m, decodes it back on a 15×15 board and encodes that again:
 * the same bytes. Every shorter prefix needs more. Returns the length. */
static size_t round_trip(const struct piskwire_msg *m, uint8_t *out)
{
    char err[160];
    size_t n = piskwire_encode(m, out, PISKWIRE_MSG_MAX, err, sizeof err);
    if (n == 0)
        fail_msg("encode %s: %s", piskwire_type_name(m->type), err);
    struct piskwire_msg back;
    size_t used;
    for (size_t k = 0; k < n; k++)
        assert_int_equal(piskwire_decode(out, k, W, H, &back, &used, err, sizeof err),
                         PISKWIRE_NEED_MORE);
    if (piskwire_decode(out, n, W, H, &back, &used, err, sizeof err) != PISKWIRE_OK)
        fail_msg("decode %s: %s", piskwire_type_name(m->type), err);
    assert_int_equal(used, n);
    assert_int_equal(back.type, m->type);
    uint8_t again[PISKWIRE_MSG_MAX];
    assert_int_equal(piskwire_encode(&back, again, sizeof again, err, sizeof err), n);
    assert_memory_equal(again, out, n);
    return n;
}

static void test_round_trip(void **state)
{
    (void)state;
    uint8_t b[PISKWIRE_MSG_MAX];
    struct piskwire_msg m = {.type = PISKWIRE_INIT1, .version = 3};
    assert_int_equal(round_trip(&m, b), 2);
    assert_int_equal(b[0], 147);
    m.type = PISKWIRE_INIT2;
    round_trip(&m, b);
    assert_int_equal(b[0], 132);
    static const struct { enum piskwire_type t; int code; } ones[] = {
        {PISKWIRE_INIT_DENY, 226}, {PISKWIRE_BUSY, 235},        {PISKWIRE_INFO_OK, 177},
        {PISKWIRE_END, 249},       {PISKWIRE_UNDO_YES, 243},    {PISKWIRE_UNDO_NO, 246},
        {PISKWIRE_NEW_REQUEST, 198}, {PISKWIRE_NEW_YES, 225},   {PISKWIRE_NEW_NO, 218},
    };
    for (size_t i = 0; i < sizeof ones / sizeof ones[0]; i++) {
        m = (struct piskwire_msg){.type = ones[i].t};
        assert_int_equal(round_trip(&m, b), 1);
        assert_int_equal(b[0], ones[i].code);
    }
    m = (struct piskwire_msg){.type = PISKWIRE_INFO,
                              .info = {15, 20, true, false, PISKWIRE_RULE_RENJU}};
    assert_int_equal(round_trip(&m, b), 7);
    static const uint8_t info[] = {193, 5, 15, 20, 1, 0, 2};
    assert_memory_equal(b, info, sizeof info);
    m = (struct piskwire_msg){.type = PISKWIRE_UNDO_REQUEST, .keep = 300};
    assert_int_equal(round_trip(&m, b), 3);
    assert_int_equal(b[1], 1);
    assert_int_equal(b[2], 44);
    m = (struct piskwire_msg){.type = PISKWIRE_MOVE, .move = {14, 3, 0x01020304}};
    assert_int_equal(round_trip(&m, b), 6);
    static const uint8_t move[] = {14, 3, 1, 2, 3, 4};
    assert_memory_equal(b, move, sizeof move);
    m = (struct piskwire_msg){.type = PISKWIRE_MSG};
    snprintf(m.chat.text, sizeof m.chat.text, "%s", "héllo 世界 \xF0\x9F\x98\x80");
    size_t n = round_trip(&m, b);
    assert_int_equal(n, 3 + 2 * 11); /* the emoji is two units */
    assert_int_equal(b[2], 11);
    assert_int_equal(b[3 + 2 * 9], 0x3d); /* U+D83D, little-endian */
    assert_int_equal(b[3 + 2 * 9 + 1], 0xd8);
}

/* Decodes bytes expecting MALFORMED, `used` bytes to skip and a reason
 * that contains `why`. */
static void refused(const uint8_t *bytes, size_t len, int width, size_t used_want,
                    const char *why)
{
    struct piskwire_msg m;
    size_t used;
    char err[160];
    enum piskwire_status st = piskwire_decode(bytes, len, width, width, &m, &used, err,
                                              sizeof err);
    if (st != PISKWIRE_MALFORMED)
        fail_msg("accepted (status %d), wanted: %s", (int)st, why);
    assert_int_equal(used, used_want);
    if (strstr(err, why) == NULL)
        fail_msg("reason '%s' lacks '%s'", err, why);
}

static void test_malformed(void **state)
{
    (void)state;
    refused((const uint8_t[]){3, 15, 0, 0, 0, 0}, 6, W, 6, "row 15");
    refused((const uint8_t[]){3, 200}, 2, W, 6, "row 200"); /* known before the rest */
    refused((const uint8_t[]){3, 1, 0x80, 0, 0, 0}, 6, W, 6, "time");
    refused((const uint8_t[]){15}, 1, W, 1, "unknown message 15");
    refused((const uint8_t[]){3}, 1, 0, 1, "unknown message 3"); /* no board yet */
    refused((const uint8_t[]){100}, 1, W, 1, "unknown message 100");
    refused((const uint8_t[]){147, 0}, 2, W, 2, "INIT1: version 0");
    refused((const uint8_t[]){132, 0}, 2, W, 2, "INIT2: version 0");
    refused((const uint8_t[]){193, 1, 15}, 3, W, 3, "2 at least");
    refused((const uint8_t[]){193, 0}, 2, W, 2, "2 at least");
    refused((const uint8_t[]){193, 5, 4, 15, 0, 0, 0}, 7, W, 7, "4x15");
    refused((const uint8_t[]){193, 5, 15, 27, 0, 0, 0}, 7, W, 7, "15x27");
    refused((const uint8_t[]){193, 5, 15, 15, 0, 0, 3}, 7, W, 7, "rule 3");
    refused((const uint8_t[]){238, 0, 0}, 3, W, 3, "empty");
    refused((const uint8_t[]){238, 0, 1, 0, 0}, 5, W, 5, "empty"); /* U+0000 first */
    refused((const uint8_t[]){238, 0x04, 0x01}, 3, W, 3 + 2 * 1025, "1025 characters");
    refused((const uint8_t[]){238, 0xff, 0xff}, 3, W, 3 + 2 * 65535, "65535");
    refused((const uint8_t[]){230, 0, 0}, 3, W, 3, "keep 0");
    refused((const uint8_t[]){230, 0xff, 0xff}, 3, W, 3, "keep 65535");
}

static void test_info_lengths(void **state)
{
    (void)state;
    struct piskwire_msg m;
    size_t used;
    char err[160];
    /* Two bytes (an old Piskvork's, say): the rest is 0. */
    const uint8_t two[] = {193, 2, 20, 19};
    assert_int_equal(piskwire_decode(two, sizeof two, 0, 0, &m, &used, err, sizeof err),
                     PISKWIRE_OK);
    assert_int_equal(used, 4);
    assert_int_equal(m.info.width, 20);
    assert_int_equal(m.info.height, 19);
    assert_false(m.info.begin);
    assert_int_equal(m.info.rule, PISKWIRE_RULE_FREESTYLE);
    /* More than five: ignored, but skipped. Any begin but 0 is true. */
    const uint8_t more[] = {193, 7, 15, 15, 9, 1, 9, 42, 42, 147};
    assert_int_equal(piskwire_decode(more, sizeof more, 0, 0, &m, &used, err, sizeof err),
                     PISKWIRE_OK);
    assert_int_equal(used, 9);
    assert_true(m.info.begin);
    assert_true(m.info.continuous);
    assert_int_equal(m.info.rule, PISKWIRE_RULE_CARO_EXACT);
    /* Cut short at every byte. */
    for (size_t k = 0; k < 9; k++)
        assert_int_equal(piskwire_decode(more, k, 0, 0, &m, &used, err, sizeof err),
                         PISKWIRE_NEED_MORE);
}

/* Decodes UTF-16LE units as a MSG. */
static enum piskwire_status chat(const uint16_t *u, size_t n, struct piskwire_msg *m)
{
    uint8_t b[PISKWIRE_MSG_MAX];
    b[0] = 238;
    b[1] = (uint8_t)(n >> 8);
    b[2] = (uint8_t)n;
    for (size_t i = 0; i < n; i++) {
        b[3 + 2 * i] = (uint8_t)(u[i] & 0xff);
        b[4 + 2 * i] = (uint8_t)(u[i] >> 8);
    }
    size_t used;
    char err[160];
    return piskwire_decode(b, 3 + 2 * n, W, H, m, &used, err, sizeof err);
}

static void test_chat_text(void **state)
{
    (void)state;
    struct piskwire_msg m;
    /* A pair, a lone high and a lone low surrogate, a control, an escape,
     * a bidi override, then U+0000 and what follows it (ignored). */
    const uint16_t u[] = {'a', 0xd83d, 0xde00, 0xd800, 'b', 0xdc00, 0x07, 0x1b, 0x202e, 'c',
                          0, 'z'};
    assert_int_equal(chat(u, sizeof u / sizeof u[0], &m), PISKWIRE_OK);
    assert_string_equal(m.chat.text, "a\xF0\x9F\x98\x80\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD"
                                     "\xEF\xBF\xBD\xEF\xBF\xBD" "c");
    assert_false(m.chat.cut);
    assert_true(wire_text_check(m.chat.text, strlen(m.chat.text), NULL, 0));
    /* A lone high surrogate at the very end. */
    const uint16_t end[] = {'x', 0xd801};
    assert_int_equal(chat(end, 2, &m), PISKWIRE_OK);
    assert_string_equal(m.chat.text, "x\xEF\xBF\xBD");
    /* Longer than the text holds: cut at a character, and said so. */
    uint16_t many[PISKWIRE_MSG_UNITS_MAX];
    for (size_t i = 0; i < PISKWIRE_MSG_UNITS_MAX; i++)
        many[i] = 0x4e16; /* 世: three bytes */
    assert_int_equal(chat(many, PISKWIRE_MSG_UNITS_MAX, &m), PISKWIRE_OK);
    assert_true(m.chat.cut);
    assert_int_equal(strlen(m.chat.text), PISKWIRE_TEXT_MAX / 3 * 3);
    assert_true(wire_text_check(m.chat.text, strlen(m.chat.text), NULL, 0));
}

static void test_encode_refuses(void **state)
{
    (void)state;
    uint8_t b[PISKWIRE_MSG_MAX];
    char err[160];
    struct piskwire_msg m = {.type = PISKWIRE_MSG};
    snprintf(m.chat.text, sizeof m.chat.text, "bell\a");
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m.chat.text[0] = '\0';
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m = (struct piskwire_msg){.type = PISKWIRE_INFO, .info = {30, 15, false, false, 0}};
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m = (struct piskwire_msg){.type = PISKWIRE_MOVE, .move = {-1, 0, 0}};
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m = (struct piskwire_msg){.type = PISKWIRE_UNDO_REQUEST, .keep = 0};
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m = (struct piskwire_msg){.type = PISKWIRE_INIT1, .version = 256};
    assert_int_equal(piskwire_encode(&m, b, sizeof b, err, sizeof err), 0);
    m = (struct piskwire_msg){.type = PISKWIRE_END};
    assert_int_equal(piskwire_encode(&m, b, 0, err, sizeof err), 0); /* no room */
}

/* Every two-byte prefix and every first byte: never a crash, and a
 * status with a consistent length. */
static void test_every_byte(void **state)
{
    (void)state;
    for (int c = 0; c < 256; c++)
        for (int d = 0; d < 256; d += 17) {
            uint8_t b[8] = {(uint8_t)c, (uint8_t)d, 0, 5, 0, 0, 0, 0};
            struct piskwire_msg m;
            size_t used;
            char err[160];
            enum piskwire_status st = piskwire_decode(b, sizeof b, W, H, &m, &used, err,
                                                      sizeof err);
            if (st == PISKWIRE_OK)
                assert_true(used >= 1 && used <= sizeof b);
            else if (st == PISKWIRE_MALFORMED)
                assert_true(used >= 1 && err[0] != '\0');
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_info_lengths),
        cmocka_unit_test(test_chat_text),
        cmocka_unit_test(test_encode_refuses),
        cmocka_unit_test(test_every_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
