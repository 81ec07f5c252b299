/* joincode.c — join codes, game ids and the keys derived from them; see
 * joincode.h. */
#include "net/joincode.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>

#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "mnk/i18n.h"
#include "util/fmt.h"

/* Crockford's base 32: a symbol's value is its index. */
static const char alphabet[33] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

#define GROUP 4
#define SALT_PREFIX "mnk-net-1 "

/* Fills buf with n bytes from the system's random source. */
static bool random_bytes(void *buf, size_t n, char *err, size_t err_size)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return fmt_fail(err, err_size, _("the system's random source failed: %s"),
                            strerror(errno));
        }
        p += got;
        n -= (size_t)got;
    }
    return true;
}

/* Writes 12 symbol values as "XXXX-XXXX-XXXX". */
static void write_code(const int value[JOINCODE_SYMBOLS], char code[JOINCODE_SIZE])
{
    char *p = code;
    for (int i = 0; i < JOINCODE_SYMBOLS; i++) {
        if (i > 0 && i % GROUP == 0)
            *p++ = '-';
        *p++ = alphabet[value[i]];
    }
    *p = '\0';
}

bool joincode_new(char code[JOINCODE_SIZE], char *err, size_t err_size)
{
    unsigned char raw[8];
    if (!random_bytes(raw, sizeof raw, err, err_size))
        return false;
    uint64_t bits = 0;
    for (size_t i = 0; i < sizeof raw; i++)
        bits = bits << 8 | raw[i];
    int value[JOINCODE_SYMBOLS];
    for (int i = 0; i < JOINCODE_SYMBOLS; i++, bits >>= 5)
        value[i] = (int)(bits & 31);
    write_code(value, code);
    gnutls_memset(raw, 0, sizeof raw);
    return true;
}

/* The value of a symbol as a person may write it, or -1. */
static int symbol_value(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    if (c == 'O')
        c = '0';
    else if (c == 'I' || c == 'L')
        c = '1';
    const char *at = c != '\0' ? strchr(alphabet, c) : NULL;
    return at != NULL ? (int)(at - alphabet) : -1;
}

bool joincode_parse(const char *text, char code[JOINCODE_SIZE], char *err, size_t err_size)
{
    int value[JOINCODE_SYMBOLS];
    int n = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == ' ' || *p == '-' || *p == '\t')
            continue;
        int v = symbol_value(*p);
        if (v < 0) {
            unsigned char c = (unsigned char)*p;
            if (c >= 0x21 && c < 0x7f)
                return fmt_fail(err, err_size,
                                _("a join code has no '%c': it is made of digits and letters "
                                  "such as 7KQ2-M9XD-4HPW"),
                                *p);
            return fmt_fail(err, err_size,
                            _("a join code is made of digits and letters such as "
                              "7KQ2-M9XD-4HPW"));
        }
        if (n == JOINCODE_SYMBOLS)
            return fmt_fail(err, err_size,
                            _("a join code has %d digits and letters, this one more"),
                            JOINCODE_SYMBOLS);
        value[n++] = v;
    }
    if (n < JOINCODE_SYMBOLS)
        return fmt_fail(err, err_size,
                        _("a join code has %d digits and letters, this one only %d"),
                        JOINCODE_SYMBOLS, n);
    write_code(value, code);
    return true;
}

bool joincode_new_hex(char *out, size_t digits, char *err, size_t err_size)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[64];
    if (digits % 2 != 0 || digits / 2 > sizeof raw)
        return fmt_fail(err, err_size, "%s", "no such random token");
    if (!random_bytes(raw, digits / 2, err, err_size))
        return false;
    for (size_t i = 0; i < digits / 2; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[digits] = '\0';
    memset(raw, 0, sizeof raw);
    return true;
}

bool joincode_new_game_id(char id[JOINCODE_ID_SIZE], char *err, size_t err_size)
{
    return joincode_new_hex(id, JOINCODE_ID_DIGITS, err, err_size);
}

bool joincode_game_id_valid(const char *text, size_t len)
{
    if (len != JOINCODE_ID_DIGITS)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
            return false;
    return true;
}

bool joincode_derive(const char *code, const char *game_id, struct joincode_key *out,
                     char *err, size_t err_size)
{
    char written[JOINCODE_SIZE];
    if (!joincode_parse(code, written, err, err_size))
        return false;
    if (!joincode_game_id_valid(game_id, strnlen(game_id, JOINCODE_ID_SIZE)))
        return fmt_fail(err, err_size, "not a game id");
    /* The password is the symbols alone, so that every way of writing the
     * code gives the same key. */
    char password[JOINCODE_SYMBOLS];
    size_t n = 0;
    for (const char *p = written; *p != '\0'; p++)
        if (*p != '-')
            password[n++] = *p;
    char salt[sizeof SALT_PREFIX + JOINCODE_ID_DIGITS];
    memcpy(salt, SALT_PREFIX, sizeof SALT_PREFIX - 1);
    memcpy(salt + sizeof SALT_PREFIX - 1, game_id, JOINCODE_ID_DIGITS);
    gnutls_datum_t key = {(unsigned char *)password, (unsigned)n};
    gnutls_datum_t salt_d = {(unsigned char *)salt, (unsigned)(sizeof salt - 1)};
    int rc = gnutls_pbkdf2(GNUTLS_MAC_SHA256, &key, &salt_d, JOINCODE_ITERATIONS, out->key,
                           sizeof out->key);
    gnutls_memset(password, 0, sizeof password);
    gnutls_memset(written, 0, sizeof written);
    if (rc < 0)
        return fmt_fail(err, err_size, "PBKDF2: %s", gnutls_strerror(rc));
    memcpy(out->game_id, game_id, JOINCODE_ID_SIZE - 1);
    out->game_id[JOINCODE_ID_DIGITS] = '\0';
    return true;
}

void joincode_wipe(struct joincode_key *key)
{
    gnutls_memset(key, 0, sizeof *key);
}
