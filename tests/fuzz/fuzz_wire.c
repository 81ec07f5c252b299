/* fuzz_wire.c — fuzz target: the network messages' decoder (wire_decode).
 *
 * The whole input is one line, as the link hands it over. Checked: a
 * refused line gives a reason that is itself text fit for the screen (the
 * peer's bytes it quotes are never cut inside a character) and fits the
 * ERROR message that answers it; an accepted one has every text field fit
 * for the screen, encodes again, and what that encoding decodes to encodes
 * to the same line (numbers lose their leading zeros once, then nothing
 * changes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "net/wire.h"

static void check_text(const char *what, const char *s, size_t max)
{
    size_t len = strnlen(s, max + 1);
    char why[96];
    FUZZ_CHECK(len <= max, "%s of %zu bytes", what, len);
    FUZZ_CHECK(wire_text_check(s, len, why, sizeof why), "%s: %s", what, why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct wire_msg m;
    memset(&m, 0x5a, sizeof m); /* garbage in, so a field left unset shows */
    char err[160] = "";
    enum wire_status st = wire_decode((const char *)data, size, &m, err, sizeof err);
    FUZZ_CHECK(st == WIRE_OK || st == WIRE_MALFORMED || st == WIRE_UNKNOWN, "status %d",
               (int)st);
    if (st != WIRE_OK) {
        FUZZ_CHECK(err[0] != '\0', "refused without a reason");
        FUZZ_CHECK(strlen(err) < sizeof err - 1, "reason cut: %s", err);
        check_text("reason", err, sizeof err);
        /* The link answers with "ERROR malformed message: <reason>". */
        struct wire_msg e = {.type = WIRE_ERROR};
        snprintf(e.text, sizeof e.text, "malformed message: %s", err);
        char line[WIRE_LINE_MAX + 1], why[160];
        FUZZ_CHECK(wire_encode(&e, line, sizeof line, why, sizeof why) > 0,
                   "the ERROR for '%s' does not encode: %s", err, why);
        return 0;
    }
    FUZZ_CHECK((int)m.type >= 0 && m.type < WIRE_TYPE_COUNT, "type %d", (int)m.type);
    switch (m.type) {
    case WIRE_HELLO:
        check_text("program", m.hello.program, WIRE_TOKEN_MAX - 1);
        break;
    case WIRE_SETTINGS:
        check_text("time control", m.settings.time_control, WIRE_CLOCK_MAX - 1);
        break;
    case WIRE_CHAT:
    case WIRE_ERROR:
    case WIRE_DECLINE:
        check_text("text", m.text, WIRE_CHAT_MAX);
        FUZZ_CHECK(m.type == WIRE_DECLINE || m.text[0] != '\0', "empty %s",
                   wire_type_name(m.type));
        break;
    default:
        break;
    }

    char once[WIRE_LINE_MAX + 1], twice[WIRE_LINE_MAX + 1], why[160];
    size_t n = wire_encode(&m, once, sizeof once, why, sizeof why);
    FUZZ_CHECK(n > 0, "decoded %s does not encode: %s", wire_type_name(m.type), why);
    FUZZ_CHECK(n <= size, "encoding grew from %zu to %zu bytes", size, n);
    struct wire_msg again;
    FUZZ_CHECK(wire_decode(once, n, &again, why, sizeof why) == WIRE_OK,
               "'%s' does not decode: %s", once, why);
    FUZZ_CHECK(again.type == m.type, "type %d came back as %d", (int)m.type, (int)again.type);
    size_t n2 = wire_encode(&again, twice, sizeof twice, why, sizeof why);
    FUZZ_CHECK(n2 == n && memcmp(once, twice, n) == 0, "'%s' came back as '%s'", once, twice);
    return 0;
}
