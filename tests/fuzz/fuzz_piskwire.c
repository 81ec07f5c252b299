/* fuzz_piskwire.c — fuzz target: Piskvork's network-game decoder
 * (piskwire_decode), on the stream as a connection reads it.
 *
 * The first byte picks the board (0: none yet, else 5 .. 26 a side), the
 * rest is decoded message after message, skipping malformed ones as far as
 * they say, as piskconn does. Checked: a status is one of three; a refusal
 * has a reason and a length of at least one byte; an accepted message used
 * what it was given at most, its fields are in range (a move on the board,
 * chat text fit for the screen) and it encodes again to the very bytes it
 * came from, INFO with more or fewer than five bytes of settings, or with
 * flags (begin, continuous) other than 0 and 1, aside. */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "mnk/board.h"
#include "net/piskwire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int side = data[0] == 0 ? 0 : PISKWIRE_MIN_SIDE + data[0] % (BOARD_MAX_SIDE - 4);
    data++, size--;
    while (size > 0) {
        struct piskwire_msg m;
        memset(&m, 0x5a, sizeof m);
        size_t used = 0;
        char err[160] = "";
        enum piskwire_status st =
            piskwire_decode(data, size, side, side, &m, &used, err, sizeof err);
        FUZZ_CHECK(st == PISKWIRE_OK || st == PISKWIRE_NEED_MORE || st == PISKWIRE_MALFORMED,
                   "status %d", (int)st);
        if (st == PISKWIRE_NEED_MORE)
            break;
        if (st == PISKWIRE_MALFORMED) {
            FUZZ_CHECK(err[0] != '\0', "refused without a reason");
            FUZZ_CHECK(used >= 1, "refused with no length");
            FUZZ_CHECK(wire_text_check(err, strlen(err), NULL, 0), "reason not text: %s", err);
        } else {
            FUZZ_CHECK(used >= 1 && used <= size, "used %zu of %zu", used, size);
            if (m.type == PISKWIRE_MOVE)
                FUZZ_CHECK(m.move.x < side && m.move.y < side && m.move.time_ms >= 0,
                           "move %d,%d", m.move.x, m.move.y);
            if (m.type == PISKWIRE_MSG) {
                size_t len = strnlen(m.chat.text, sizeof m.chat.text);
                FUZZ_CHECK(len > 0 && len <= PISKWIRE_TEXT_MAX, "chat of %zu bytes", len);
                FUZZ_CHECK(wire_text_check(m.chat.text, len, NULL, 0), "chat not text");
            }
            uint8_t again[PISKWIRE_MSG_MAX];
            size_t n = piskwire_encode(&m, again, sizeof again, err, sizeof err);
            FUZZ_CHECK(n > 0, "%s does not encode: %s", piskwire_type_name(m.type), err);
            /* INFO's flags are true for any byte but 0, and encode as 1. */
            bool exact = m.type != PISKWIRE_MSG &&
                         !(m.type == PISKWIRE_INFO && (data[1] != 5 || data[4] > 1 || data[5] > 1));
            if (exact)
                FUZZ_CHECK(n == used && memcmp(again, data, n) == 0, "%s encodes otherwise",
                           piskwire_type_name(m.type));
        }
        if (used >= size)
            break;
        data += used;
        size -= used;
    }
    return 0;
}
