/* offer.h — a request one side of a game makes of the other, which the
 * other must agree to: a draw, or a takeback. A plain value with no I/O,
 * the same between two people at one keyboard, against the computer, and
 * as a message between two programs (network play sends these fields).
 *
 * The rules it keeps:
 * - A request is made by a seat (BLACK or WHITE: an index into
 *   config.player, game.h) while the game is going, one at a time: while
 *   one waits, neither side makes another.
 * - It is about the position it was made in: it names the game's ply and
 *   opening choices then, and goes stale as soon as either changes (a move,
 *   an undo, a choice) or the game ends. A stale request is no request; it
 *   is answered by nobody. Playing on is how a side declines by deed.
 * - Only the other seat answers, yes or no; either answer ends the request.
 * - A draw accepted ends the game: game_agree_draw (END_AGREED).
 * - A takeback asks to take back the asker's last move, and with it every
 *   move made since (the opponent's reply, when the asker asks with its
 *   opponent's move on the board): accepted, the game goes back to the
 *   position before the asker's last move, the asker to move there. Only
 *   moves after the opening are taken back this way (not the opening's
 *   stones nor its choices of colour, which seat the players): a side
 *   with no move of its own since the opening ended has nothing to take
 *   back.
 */
#ifndef MNK_PLAY_OFFER_H
#define MNK_PLAY_OFFER_H

#include <stdbool.h>

#include "mnk/game.h"

enum offer_kind {
    OFFER_NONE,      /* no request */
    OFFER_DRAW,      /* end the game as a draw */
    OFFER_TAKEBACK,  /* take back the asker's last move (see above) */
};

struct offer {
    enum offer_kind kind;
    enum stone from;   /* the seat that asks */
    int ply;           /* game.ply when asked */
    int choices;       /* game.choices when asked */
};

enum offer_error {
    OFFER_OK,
    OFFER_ERR_OVER,      /* the game has ended */
    OFFER_ERR_PENDING,   /* a request already waits for its answer */
    OFFER_ERR_NONE,      /* no request waits (or the one there went stale) */
    OFFER_ERR_OWN,       /* the seat that asked cannot answer its request */
    OFFER_ERR_NOTHING,   /* a takeback, but the asker has no move to take back */
    OFFER_ERR_KIND,      /* not a request at all (OFFER_NONE), or `from` no seat */
};

/* No request. */
void offer_clear(struct offer *o);

/* True when o is a request about g as it stands (not stale). */
bool offer_pending(const struct offer *o, const struct game *g);

/* The ply a takeback by `from` goes back to: the ply of that seat's last
 * move made after the opening; -1 when it has none (or the game is over). */
int offer_takeback_ply(const struct game *g, enum stone from);

/* Seat `from` asks for `kind` in g as it stands. OFFER_OK, o the request;
 * otherwise o is unchanged (a stale request in it counts as none). */
enum offer_error offer_make(struct offer *o, const struct game *g, enum offer_kind kind,
                            enum stone from);

/* Seat `by` answers the request in o: accepting does what it asks to g
 * (above), declining leaves g as it is; either way o is cleared.
 * OFFER_ERR_NONE when nothing waits (o cleared), OFFER_ERR_OWN when `by`
 * is the asker (o kept). */
enum offer_error offer_answer(struct offer *o, struct game *g, enum stone by, bool accept);

#endif
