/* netsession.c — the two sessions' tables; see netsession.h. */
#include "play/netsession.h"

/* The calls both sessions have, as W_name calling REAL_name on a T. */
#define WRAP(w, real, T, ret, name, params, args)                                          \
    static ret w##_##name params { return real##_##name args; }
#define SESSION_CALLS(w, real, T)                                                           \
    WRAP(w, real, T, bool, poll, (void *s, struct netgame_event *ev), ((T *)s, ev))         \
    WRAP(w, real, T, int, pollfds, (const void *s, struct pollfd f[NETGAME_FDS_MAX]),       \
         ((const T *)s, f))                                                                 \
    WRAP(w, real, T, int, timeout_ms, (const void *s), ((const T *)s))                      \
    WRAP(w, real, T, const struct game *, game, (const void *s), ((const T *)s))            \
    WRAP(w, real, T, enum netgame_state, state, (const void *s), ((const T *)s))            \
    WRAP(w, real, T, enum wire_side, side, (const void *s), ((const T *)s))                 \
    WRAP(w, real, T, const struct netgame_settings *, settings, (const void *s),            \
         ((const T *)s))                                                                    \
    WRAP(w, real, T, enum stone, seat, (const void *s, enum wire_side x), ((const T *)s, x)) \
    WRAP(w, real, T, bool, my_turn, (const void *s), ((const T *)s))                        \
    WRAP(w, real, T, enum netgame_ask, asked, (const void *s), ((const T *)s))              \
    WRAP(w, real, T, int, elapsed_ms, (const void *s), ((const T *)s))                      \
    WRAP(w, real, T, const char *, why, (const void *s), ((const T *)s))                    \
    WRAP(w, real, T, int, port, (const void *s), ((const T *)s))                            \
    WRAP(w, real, T, enum netgame_error, accept, (void *s), ((T *)s))                       \
    WRAP(w, real, T, enum netgame_error, decline, (void *s, const char *r), ((T *)s, r))    \
    WRAP(w, real, T, enum netgame_error, move, (void *s, int pos, int ms), ((T *)s, pos, ms)) \
    WRAP(w, real, T, enum netgame_error, ask, (void *s, enum netgame_ask a), ((T *)s, a))   \
    WRAP(w, real, T, enum netgame_error, answer, (void *s, bool y), ((T *)s, y))            \
    WRAP(w, real, T, enum netgame_error, chat, (void *s, const char *t), ((T *)s, t))       \
    static void w##_close(void *s) { real##_close((T *)s); }                                \
    static void w##_free(void *s) { real##_free((T *)s); }

SESSION_CALLS(ng, netgame, struct netgame)
SESSION_CALLS(pn, pisknet, struct pisknet)

static enum netgame_error ng_choose(void *s, enum opening_choice c)
{
    return netgame_choose((struct netgame *)s, c);
}

static enum netgame_error ng_resign(void *s)
{
    return netgame_resign((struct netgame *)s);
}

static enum netgame_error ng_claim(void *s)
{
    return netgame_claim((struct netgame *)s);
}

#define SESSION_TABLE(w)                                                                     \
    .poll = w##_poll, .pollfds = w##_pollfds, .timeout_ms = w##_timeout_ms, .game = w##_game, \
    .state = w##_state, .side = w##_side, .settings = w##_settings, .seat = w##_seat,         \
    .my_turn = w##_my_turn, .asked = w##_asked, .elapsed_ms = w##_elapsed_ms, .why = w##_why, \
    .port = w##_port, .accept = w##_accept, .decline = w##_decline, .move = w##_move,         \
    .ask = w##_ask, .answer = w##_answer, .chat = w##_chat, .close = w##_close,               \
    .free = w##_free

const struct netsession_ops netsession_netgame = {
    SESSION_TABLE(ng), .choose = ng_choose, .resign = ng_resign, .claim = ng_claim, .draw = true,
};

/* Piskvork's network game: no opening choices, resignation, draw offers
 * or claims; a new game may be asked at any time. */
const struct netsession_ops netsession_pisknet = {
    SESSION_TABLE(pn), .new_game_any_time = true,
};
