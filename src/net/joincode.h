/* joincode.h — the join code a host reads out to the one who joins, and
 * the key both derive from it to encrypt and authenticate their link.
 *
 * A code is 12 symbols of Crockford's base 32 (digits and capitals without
 * I, L, O, U), written in three groups of four: "7KQ2-M9XD-4HPW". It comes
 * from the system's random source (getrandom), 5 bits a symbol: 60 bits.
 * Read back, case, blanks and dashes do not matter, and O reads as 0, I and
 * L as 1, as a person hearing or copying it may confuse them.
 *
 * The code is the game's secret and never crosses the network. What does
 * is the game id, 16 hex digits from the same random source, chosen by the
 * host: the PSK identity, sent in clear, unrelated to the code. The key is
 * PBKDF2-HMAC-SHA256 (GnuTLS's gnutls_pbkdf2) of the code's 12 symbols,
 * with the salt "mnk-net-1 " followed by the game id, 600,000 iterations
 * (OWASP's figure for this hash, 2023), 32 bytes. A captured handshake
 * lets an attacker test guesses of the code offline; each guess costs
 * those 600,000 iterations (0.1 s of a recent core, some 1/15,000 s of a
 * gaming GPU), and half of 2^60 codes to try is over a million GPU-years. The salt's game
 * id means no table of keys can be computed once for every game.
 */
#ifndef MNK_NET_JOINCODE_H
#define MNK_NET_JOINCODE_H

#include <stdbool.h>
#include <stddef.h>

#define JOINCODE_SYMBOLS 12       /* symbols of a code */
#define JOINCODE_BITS 60          /* entropy of a code: 5 bits a symbol */
#define JOINCODE_SIZE 15          /* "XXXX-XXXX-XXXX" and its NUL */
#define JOINCODE_ID_DIGITS 16     /* hex digits of a game id (64 bits) */
#define JOINCODE_ID_SIZE 17       /* a game id and its NUL */
#define JOINCODE_KEY_SIZE 32      /* bytes of a derived key */
#define JOINCODE_ITERATIONS 600000

/* A game's pre-shared key and the identity it goes by. */
struct joincode_key {
    char game_id[JOINCODE_ID_SIZE];
    unsigned char key[JOINCODE_KEY_SIZE];
};

/* A new code, written as above; false (err says why) when the system's
 * random source fails. */
bool joincode_new(char code[JOINCODE_SIZE], char *err, size_t err_size);

/* Reads a code a person typed, tolerantly (see above), into its written
 * form; false with a sentence for the player in err. */
bool joincode_parse(const char *text, char code[JOINCODE_SIZE], char *err, size_t err_size);

/* A new game id: 16 lower-case hex digits. False when the random source
 * fails. */
bool joincode_new_game_id(char id[JOINCODE_ID_SIZE], char *err, size_t err_size);

/* `digits` (even, at most 128) lower-case hex digits from the same random
 * source, and a NUL, into out: a server's seat token. False when the
 * random source fails. */
bool joincode_new_hex(char *out, size_t digits, char *err, size_t err_size);

/* True when `len` bytes of `text` are a game id (16 lower-case hex digits). */
bool joincode_game_id_valid(const char *text, size_t len);

/* The key of the game `game_id` under `code` (each as above; the code in
 * any form joincode_parse reads): slow on purpose (see above). False when
 * either is malformed or GnuTLS fails. */
bool joincode_derive(const char *code, const char *game_id, struct joincode_key *out,
                     char *err, size_t err_size);

/* Forgets a key: overwrites it in a way the compiler keeps. */
void joincode_wipe(struct joincode_key *key);

#endif
