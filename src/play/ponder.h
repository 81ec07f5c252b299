/* ponder.h — a computer thinks on its opponent's time, on a thread of its
 * own.
 *
 * While the other side thinks (a person, or in a match the other
 * computer), the computer that moved last keeps searching (ai_ponder: the
 * reply it expects), so that its next move, searched as usual in its own
 * time, starts from what its tables learnt meanwhile. The time it thinks
 * is the opponent's: no clock is charged for it.
 *
 * Who ponders, and on what, is ponder_sync()'s one rule: the computer
 * seated opposite the one due to act, when its player takes pondering
 * (struct computer.ponder, players_set_ponder), the game under way, not
 * paused, and past the opening's choices; anything else stops it. A front
 * end calls ponder_sync() after every change to the session (a move, an
 * undo, a pause, an opening's choice) and always before it hands a
 * computer's struct ai to anything else (its move, its opening): from
 * ponder_sync() until ponder_stop() the pondering computer's player state
 * belongs to the pondering thread. ponder_stop() before the session is
 * closed.
 */
#ifndef MNK_PLAY_PONDER_H
#define MNK_PLAY_PONDER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "mnk/ai.h"
#include "mnk/board.h"
#include "play/session.h"

struct ponder {
    bool running;              /* a thread exists that was not joined yet */
    pthread_t thread;
    atomic_bool stop;
    /* What the thread ponders, its own copies (a struct ai is a strategy
     * and a pointer to its state: the seats may change hands meanwhile). */
    struct ai ai;
    struct board board;
    enum stone side;           /* the pondering computer's seat */
    struct ai_limits limits;
};

/* An idle ponder. */
void ponder_init(struct ponder *p);

/* Starts, keeps or stops the ponder as the session now stands (above).
 * A thread that cannot start means no pondering, nothing worse. */
void ponder_sync(struct ponder *p, struct session *s);

/* Stops the ponder and waits for its thread; nothing when idle. */
void ponder_stop(struct ponder *p);

/* Whether a computer ponders now, and which seat's. */
bool ponder_running(const struct ponder *p, enum stone *seat);

#endif
