/* netsession.h — one table of calls over the two kinds of network session
 * a front end drives alike: netgame's (mnk against mnk, play/netgame.h)
 * and pisknet's (mnk against a Piskvork player, play/pisknet.h), whose
 * calls, states, events and errors mean the same. `mnk host` / `mnk join`
 * (cli/netplay.c) and the Network game screen (tui/netscreen.c) go
 * through it, so that neither writes its game twice.
 *
 * Each member is the session's call of the same name (netgame_poll,
 * pisknet_poll, ...) on the session `s` it was given with the table. A
 * NULL member is an action the session does not have (Piskvork's game has
 * no opening choices, resignations or claims). No state: the tables are
 * const.
 */
#ifndef MNK_PLAY_NETSESSION_H
#define MNK_PLAY_NETSESSION_H

#include <poll.h>
#include <stdbool.h>

#include "mnk/game.h"
#include "play/netgame.h"
#include "play/pisknet.h"

struct netsession_ops {
    bool (*poll)(void *s, struct netgame_event *ev);
    int (*pollfds)(const void *s, struct pollfd fds[NETGAME_FDS_MAX]);
    int (*timeout_ms)(const void *s);
    const struct game *(*game)(const void *s);
    enum netgame_state (*state)(const void *s);
    enum wire_side (*side)(const void *s);
    const struct netgame_settings *(*settings)(const void *s);
    enum stone (*seat)(const void *s, enum wire_side side);
    bool (*my_turn)(const void *s);
    enum netgame_ask (*asked)(const void *s);
    int (*elapsed_ms)(const void *s);
    const char *(*why)(const void *s);
    int (*port)(const void *s);
    enum netgame_error (*accept)(void *s);
    enum netgame_error (*decline)(void *s, const char *reason);
    enum netgame_error (*move)(void *s, int pos, int spent_ms);
    enum netgame_error (*choose)(void *s, enum opening_choice c);
    enum netgame_error (*resign)(void *s);
    enum netgame_error (*ask)(void *s, enum netgame_ask ask);
    enum netgame_error (*answer)(void *s, bool yes);
    enum netgame_error (*chat)(void *s, const char *text);
    enum netgame_error (*claim)(void *s);
    void (*close)(void *s);     /* goodbye, then free */
    void (*free)(void *s);      /* free at once */
    bool draw;                  /* the session has draw offers */
    bool new_game_any_time;     /* a new game may be asked while one goes on */
};

/* A netgame's calls, and a pisknet's. */
extern const struct netsession_ops netsession_netgame, netsession_pisknet;

#endif
