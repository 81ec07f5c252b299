/* server.h — `mnk server`'s lobby and its games, with no screen: many
 * players connect to one process, name themselves, list the games, open
 * one, sit down at one or watch one (net/wire.h's lobby messages).
 *
 * The server is the referee of every game it holds. A game is a pair of
 * netgames (play/netgame.h, netgame_serve), one facing each player as a
 * host faces its joiner: each judges its player's actions and clock, and
 * what one player does reaches the other's netgame as the host's own
 * action — a move with the time its player was charged, a choice, a
 * request or its answer, chat, a resignation, a flag. A player whose
 * link drops comes back with REJOIN and its seat's token (unguessable,
 * from the system's random source) within the netgames' reconnect limit;
 * past it the other player wins by forfeit. Spectators get the game so
 * far and then each move, choice, takeback and result as it happens; they
 * cannot act. Each finished game is written as an SGF record, with the
 * players' names and each move's clock, into the records directory.
 *
 * Kept across a restart. With a live directory, every game under way is
 * also a file there, game-ID.sgf (0600: it holds the seats' tokens),
 * replaced whole (storage/safefile.h) after every change that matters —
 * the seats taken, each move, choice, takeback and result — by the disk's
 * thread (storage/diskq.h), which writes the latest state of each game as
 * fast as the disk takes it while the loop goes on: its record so far
 * (storage/record.h, clocks included) with the root properties
 * MNKSERVER[id], MNKSERVERGAME[number in the seat pair], MNKNETBLACK[host
 * or joiner: who has Black, the creator being the host],
 * MNKSERVERNAMES[creator,other] and MNKSERVERSEATS[token,token]. The file
 * goes once the game's record is written (and stays, over, when writing
 * the record failed). server_new loads every one of them — a file that
 * does not read is set aside with a log line — and restores each game
 * with its number, its seats and clocks, its players' netgames waiting in
 * NETGAME_DROPPED for their REJOIN: the time the server was away is
 * charged to nobody, and past the reconnect limit the usual forfeit
 * applies. New games take numbers above those restored and those of the
 * records already written. The directory is locked (storage/filelock.h):
 * two servers never keep the same games. A game that waits for its second
 * player is not kept.
 *
 * One thread, non-blocking: the caller polls server_pollfds for at most
 * server_timeout_ms and calls server_step, which steps only the games
 * whose links poll() found ready or whose deadline (a ping, a flag, a
 * player's absence) has come, so that a step costs what happened, not the
 * number of games held. Every connection has bounded buffers (link.h's
 * LINK_OUT_MAX), handshakes and lobby clients are bounded in number, and
 * a client that sends what the lobby does not take is told REFUSED, or
 * ERROR and dropped: no client can stall the others. Lines for the
 * operator's log go to the options' log function.
 */
#ifndef MNK_PLAY_SERVER_H
#define MNK_PLAY_SERVER_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "net/link.h"
#include "play/netgame.h"

#define SERVER_DEFAULT_PORT 3631   /* beside a friend's game, LINK_DEFAULT_PORT */
#define SERVER_CLIENTS_MAX 8192    /* connections at once, by default */
#define SERVER_HANDSHAKES_MAX 256  /* connections not through TLS yet */
#define SERVER_WATCHERS_MAX 64     /* spectators of one game */
#define SERVER_LOBBY_IDLE_MS 600000 /* a lobby client that says nothing */

struct server;

struct server_options {
    const char *bind;                      /* NULL: every address */
    int port;                              /* 0: any free one */
    const struct link_identity *identity;  /* the server's certificate */
    const char *records_dir;               /* NULL: no records */
    const char *live_dir;                  /* the games in progress, one file
                                              each; NULL: in memory only */
    int clients_max;                       /* 0: SERVER_CLIENTS_MAX */
    struct netgame_options game;           /* ping, silence, reconnect */
    void (*log)(void *ctx, const char *line); /* NULL: none */
    void *log_ctx;
};

/* What the server holds now. */
struct server_counts {
    int clients;      /* connections: in the lobby, waiting, watching */
    int open;         /* games waiting for a second player */
    int playing;      /* games under way (or over, a rematch possible) */
    int finished;     /* games played to their end since the start */
    int watchers;
    long moves;       /* moves relayed since the start */
};

/* Listens and restores the games kept in o->live_dir; NULL with the
 * reason in err (another server holds the live directory). */
struct server *server_new(const struct server_options *o, char *err, size_t err_size);

/* The port listened on. */
int server_port(const struct server *s);

/* What to poll: *fds points to the server's own array, valid until the
 * next call; its length. Poll that array itself: server_step reads its
 * revents. */
size_t server_pollfds(struct server *s, struct pollfd **fds);

/* The longest to wait before server_step has work: ms, -1 for none. */
int server_timeout_ms(const struct server *s);

/* Does what waits: takes connections, reads and answers messages, moves
 * the games on, feeds the spectators, writes the records. */
void server_step(struct server *s);

void server_counts(const struct server *s, struct server_counts *out);

/* Closes every connection (BYE) and frees everything; the games under
 * way stay in the live directory. NULL is allowed. */
void server_free(struct server *s);

#endif
