/* fuzz_proto.c — fuzz target: the Gomocup line parser (proto_parse).
 *
 * The whole input is one line. Checked: the kind is one of the enum, the
 * strings are terminated, a malformed line carries a reason, and numbers are
 * in the ranges proto.h promises. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "protocol/proto.h"

static bool terminated(const char *s, size_t size)
{
    return memchr(s, '\0', size) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct proto_cmd cmd;
    memset(&cmd, 0x5a, sizeof cmd); /* garbage in, so a field left unset shows */
    proto_parse((const char *)data, size, &cmd);

    FUZZ_CHECK(cmd.kind >= PROTO_EMPTY && cmd.kind <= PROTO_UNKNOWN, "kind %d", (int)cmd.kind);
    FUZZ_CHECK(proto_kind_name(cmd.kind) != NULL, "no name for kind %d", (int)cmd.kind);
    switch (cmd.kind) {
    case PROTO_MALFORMED:
        FUZZ_CHECK(cmd.error != NULL && cmd.error[0] != '\0', "malformed without a reason");
        break;
    case PROTO_START:
        FUZZ_CHECK(cmd.a >= 0 && cmd.a <= PROTO_NUMBER_MAX, "START %d", cmd.a);
        break;
    case PROTO_FIELD:
        FUZZ_CHECK(cmd.c >= 1 && cmd.c <= 3, "field %d", cmd.c);
        /* fall through */
    case PROTO_RECTSTART:
    case PROTO_TURN:
    case PROTO_TAKEBACK:
    case PROTO_PLAY:
    case PROTO_COORDS:
    case PROTO_SUGGEST:
        FUZZ_CHECK(cmd.a >= 0 && cmd.a <= PROTO_NUMBER_MAX && cmd.b >= 0 &&
                   cmd.b <= PROTO_NUMBER_MAX, "%s %d,%d", proto_kind_name(cmd.kind),
                   cmd.a, cmd.b);
        break;
    case PROTO_INFO:
        FUZZ_CHECK(terminated(cmd.key, sizeof cmd.key), "INFO key not terminated");
        FUZZ_CHECK(terminated(cmd.text, sizeof cmd.text), "INFO value not terminated");
        break;
    case PROTO_OTHER:
    case PROTO_MESSAGE:
    case PROTO_DEBUG:
    case PROTO_ERROR:
    case PROTO_UNKNOWN:
        FUZZ_CHECK(terminated(cmd.text, sizeof cmd.text), "text not terminated");
        break;
    default:
        break;
    }

    /* The budget for any limits the numbers of this line could set. */
    struct proto_times t;
    proto_times_init(&t);
    if (cmd.kind == PROTO_INFO || cmd.kind == PROTO_FIELD) {
        t.timeout_turn = cmd.a;
        t.time_left = cmd.kind == PROTO_FIELD ? cmd.b : cmd.a / 3;
        t.timeout_match = cmd.a;
        struct time_control tc = proto_time_control(&t);
        struct time_budget tb = timeman_budget(&tc, 225, cmd.kind == PROTO_FIELD ? cmd.c : 0, 1000);
        int ms = tb.time_ms;
        FUZZ_CHECK(tb.time_max_ms >= ms, "cap %d under the budget %d", tb.time_max_ms, ms);
        FUZZ_CHECK(ms >= 1, "budget %d", ms);
        FUZZ_CHECK(ms <= (t.timeout_turn > 1 ? t.timeout_turn : 1), "budget %d over the turn's %d",
                   ms, t.timeout_turn);
        FUZZ_CHECK(ms <= (t.time_left > 1 ? t.time_left : 1), "budget %d over the %d left",
                   ms, t.time_left);
    }
    return 0;
}
