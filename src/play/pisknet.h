/* pisknet.h — a game against a Piskvork player over Piskvork's own network
 * game (net/piskconn.h, net/piskwire.h): a state machine with no screen that
 * a front end drives, in netgame.h's words (its states, events, requests
 * and errors), so that one front end drives both.
 *
 * Piskvork's network game has no join code and no encryption: anyone on
 * the way can read and change it. Its players trust each other: each side
 * judges the game itself, and nothing is played for the other side.
 *
 * Sides: the host listens (pisknet_host) and takes the first peer that
 * speaks the protocol, sends its settings (INFO: the board, the rule, who
 * begins) and starts once the peer took them; a peer that fails before
 * that is let go and the host waits for the next. The joiner connects
 * (pisknet_join), is shown the settings (NETGAME_EV_SETTINGS) and answers
 * pisknet_accept or pisknet_decline. The game is always five in a row, on
 * freestyle, exact, renju or caro (Piskvork's caro with exactly five, and
 * its continuous game, are refused with a sentence); no opening rule, no
 * clock — each move carries the time its player took (timing[].spent_ms).
 *
 * The referee. This side checks every move of the other side against its
 * own game (game_play: whose turn, an empty cell on the board, renju's
 * forbidden points) and says the result itself, as Piskvork does on its
 * side: a renju foul by the other side's Black loses it the game
 * (END_FORFEIT), as Piskvork rules; the game is drawn when PISKNET_DRAW_LEFT
 * empty cells are left (Piskvork's rule; END_AGREED, with a notice). A
 * message that is malformed, or a move that breaks the rules, is said in a
 * notice and ignored: the game stays as it was and goes on.
 *
 * After a game's end the next begins when one side plays in it: the side
 * that did not make the last move begins (Piskvork's rule). This side
 * begins it with pisknet_ask(REMATCH); the other side by moving. Requests:
 * a takeback (UNDO_REQUEST: back to this side's previous move), a new game
 * while one goes on (REMATCH: NEW_REQUEST), each answered yes or no; two
 * requests that cross are both done, as Piskvork does. Draws, resignations,
 * opening choices and claims do not exist here (NETGAME_ERR_NOT_NOW).
 *
 * Driving it: as netgame.h's, pisknet_pollfds, pisknet_timeout_ms and
 * pisknet_poll until false. Texts in events pass wire_text_check. Errors
 * are one sentence for the player. No curses, no output, no file.
 */
#ifndef MNK_PLAY_PISKNET_H
#define MNK_PLAY_PISKNET_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "mnk/game.h"
#include "net/piskconn.h"
#include "play/netgame.h"

#define PISKNET_DRAW_LEFT 25   /* Piskvork draws a game with this many cells left */
#define PISKNET_EVENTS_MAX 16

struct pisknet;

/* Where and how. */
struct pisknet_options {
    const char *bind;           /* host: the address to listen on; NULL: all */
    int port;                   /* host: 0 for any free one */
    struct piskconn_config conn;
};

/* Opens a game for a Piskvork player: s->width, height and rule (s->win
 * must be 5, no opening, no clock), s->black who begins. NULL with the
 * reason in err. */
struct pisknet *pisknet_host(const struct netgame_settings *s, const struct pisknet_options *o,
                             char *err, size_t err_size);

/* Joins the Piskvork game at `address` (HOST[:PORT], PISKWIRE_PORT). */
struct pisknet *pisknet_join(const char *address, const struct pisknet_options *o, char *err,
                             size_t err_size);

/* Says END on an open connection and frees everything. NULL is allowed. */
void pisknet_close(struct pisknet *p);

/* Frees everything at once. NULL is allowed. */
void pisknet_free(struct pisknet *p);

int pisknet_pollfds(const struct pisknet *p, struct pollfd fds[NETGAME_FDS_MAX]);
int pisknet_timeout_ms(const struct pisknet *p);
bool pisknet_poll(struct pisknet *p, struct netgame_event *ev);

/* The joiner's answers to the settings. */
enum netgame_error pisknet_accept(struct pisknet *p);
enum netgame_error pisknet_decline(struct pisknet *p, const char *reason);

/* This side plays `pos`, having thought spent_ms. */
enum netgame_error pisknet_move(struct pisknet *p, int pos, int spent_ms);

/* TAKEBACK, or REMATCH (the next game once this one is over, at once; a
 * new one while it goes on, asked). */
enum netgame_error pisknet_ask(struct pisknet *p, enum netgame_ask ask);

/* This side answers the other side's request. */
enum netgame_error pisknet_answer(struct pisknet *p, bool yes);

/* A line of chat (fit to draw, at most WIRE_CHAT_MAX bytes). */
enum netgame_error pisknet_chat(struct pisknet *p, const char *text);

/* The sentence for the last refusal, or why the session ended. */
const char *pisknet_why(const struct pisknet *p);

enum netgame_state pisknet_state(const struct pisknet *p);
enum wire_side pisknet_side(const struct pisknet *p);

/* The settings: the host's, the joiner's once received (else NULL). */
const struct netgame_settings *pisknet_settings(const struct pisknet *p);

/* The game, once begun (else NULL). */
const struct game *pisknet_game(const struct pisknet *p);

/* The seat `side` sits in in this game, STONE_NONE before one. */
enum stone pisknet_seat(const struct pisknet *p, enum wire_side side);

bool pisknet_my_turn(const struct pisknet *p);
enum netgame_ask pisknet_asked(const struct pisknet *p);
int pisknet_elapsed_ms(const struct pisknet *p);

/* Host: the port listened on. */
int pisknet_port(const struct pisknet *p);

#endif
