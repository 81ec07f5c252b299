/* lobby.h — a player's side of a server's lobby (play/server.h, wire.h's
 * lobby messages), with no screen: connects under a name, lists the games,
 * opens one, sits down at one or watches one; the front ends (`mnk join
 * HOST` without a code, the TUI's Network game screen) only show it.
 *
 * The server's address is HOST[:PORT], SERVER_DEFAULT_PORT when none is
 * given; lobby_address() gives it with its port, the form a seat's netgame
 * reconnects to. The link checks the server's certificate against the
 * known-servers file as link.h says: a key seen for the first time there is
 * pinned (lobby_pinned_now, with its lobby_fingerprint), another key fails
 * the link with link.h's sentence.
 *
 * One request at a time, each answered within LOBBY_WAIT_MS or the lobby
 * ends (a server that says nothing is as good as gone): LIST fills the
 * list of games (lobby_games) and says LOBBY_EV_LISTED once it is whole;
 * CREATE and JOIN are answered by a seat (LOBBY_EV_SEAT: lobby_take_seat
 * hands over the link as a netgame, play/netgame.h's netgame_join_seat,
 * and the lobby is done) or REFUSED (LOBBY_EV_REFUSED: still in the
 * lobby); WATCH makes this a spectator, whose game (lobby_watched) is
 * rebuilt from the server's SETTINGS, CHOICE, MOVE and UNDO lines as they
 * come, each checked by the rules (game.h): a line the game refuses is
 * left out. A spectator waits without a limit; RESULT ends its game.
 *
 * Driving it: poll lobby_fd for lobby_events, for at most
 * lobby_timeout_ms, then call lobby_poll until it returns false (or
 * lobby_wait for a caller with nothing else to wait on). Every text in an
 * event has passed wire_text_check. Errors are one sentence for the
 * player. No curses, no output, no file but the known-servers one.
 */
#ifndef MNK_PLAY_LOBBY_H
#define MNK_PLAY_LOBBY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/game.h"
#include "net/link.h"
#include "net/wire.h"
#include "play/netgame.h"

#define LOBBY_WAIT_MS 10000   /* the most to wait for an answer in the lobby */
#define LOBBY_GAMES_MAX 200   /* games kept from one list; the rest counted */
#define LOBBY_WHY_MAX 512

struct lobby;

enum lobby_state {
    LOBBY_CONNECTING,  /* the link and the name on their way */
    LOBBY_IN,          /* in the lobby, no request waiting */
    LOBBY_ASKED,       /* a request waits for its answer */
    LOBBY_SEATED,      /* a seat came: lobby_take_seat */
    LOBBY_WATCHING,    /* a spectator */
    LOBBY_ENDED,       /* the link is gone, or handed over: lobby_why */
};

enum lobby_event_kind {
    LOBBY_EV_WELCOME,  /* the server took the name: in the lobby */
    LOBBY_EV_LISTED,   /* the list came whole: lobby_games */
    LOBBY_EV_REFUSED,  /* text: why the server refused the request */
    LOBBY_EV_SEAT,     /* seat: this side plays it (lobby_take_seat) */
    LOBBY_EV_WATCHING, /* the server lets this side watch: lobby_watched's
                          number and names (again once the second player
                          sits down) */
    LOBBY_EV_SETTINGS, /* the watched game's settings: lobby_watched's game
                          begins (ply 0) */
    LOBBY_EV_CHOICE,   /* the watched game's opening choice, at ply */
    LOBBY_EV_MOVE,     /* the watched game's move moves[ply - 1], spent_ms */
    LOBBY_EV_UNDO,     /* the watched game went back to ply */
    LOBBY_EV_RESULT,   /* the watched game is over (its result: game.h) */
    LOBBY_EV_ENDED,    /* text: why the lobby is over (lobby_why) */
};

struct lobby_event {
    enum lobby_event_kind kind;
    int ply;                       /* CHOICE, MOVE, UNDO, RESULT */
    int64_t spent_ms;              /* MOVE */
    struct wire_seat seat;         /* SEAT */
    char text[LOBBY_WHY_MAX];      /* REFUSED, ENDED; "" otherwise */
};

/* What a spectator sees. */
struct lobby_watch {
    int number;                    /* the game's number on the server */
    char host[WIRE_NAME_MAX];      /* the players' names; joiner "" for none */
    char joiner[WIRE_NAME_MAX];
    struct wire_settings settings; /* once SETTINGS came */
    bool has_game;                 /* the game below began */
    struct game game;
    int64_t last_ms;               /* clock_ms() of its last change */
};

/* Connects to the server at `address` as `name` (wire_name_check), pinning
 * or checking its key in `known_file` (its folder made if missing). NULL
 * with the reason in err when the address or the name is malformed or the
 * folder cannot be made; a server that cannot be reached says so later
 * (LOBBY_EV_ENDED). */
struct lobby *lobby_connect(const char *address, const char *name, const char *known_file,
                            char *err, size_t err_size);

/* Says BYE on an open link and frees everything. NULL is allowed. */
void lobby_close(struct lobby *lb);

/* Frees everything at once. NULL is allowed. */
void lobby_free(struct lobby *lb);

/* What to poll, and for how long at most (ms, -1: no limit). */
int lobby_fd(const struct lobby *lb);
short lobby_events(const struct lobby *lb);
int lobby_timeout_ms(const struct lobby *lb);

/* Moves everything on; true with the next event in *ev, false when there
 * is nothing more for now. */
bool lobby_poll(struct lobby *lb, struct lobby_event *ev);

/* lobby_poll, waiting on the link for at most timeout_ms: false when that
 * time passes with no event. */
bool lobby_wait(struct lobby *lb, struct lobby_event *ev, int timeout_ms);

/* The requests, in LOBBY_IN only: false with the reason in err otherwise.
 * lobby_create offers `s` (its black: WIRE_HOST for this side). */
bool lobby_list(struct lobby *lb, char *err, size_t err_size);
bool lobby_create(struct lobby *lb, const struct netgame_settings *s, char *err,
                  size_t err_size);
bool lobby_join(struct lobby *lb, int game, char *err, size_t err_size);
bool lobby_watch(struct lobby *lb, int game, char *err, size_t err_size);

/* After LOBBY_EV_SEAT: the game as a netgame (netgame_join_seat, options
 * `o`) that takes the link over; the lobby is then ENDED. NULL with the
 * reason in err. */
struct netgame *lobby_take_seat(struct lobby *lb, const struct netgame_options *o, char *err,
                                size_t err_size);

enum lobby_state lobby_state(const struct lobby *lb);

/* The sentence for why the lobby ended, or "". */
const char *lobby_why(const struct lobby *lb);

/* The last list: its games (at most LOBBY_GAMES_MAX) and how many the
 * server said it holds. */
const struct wire_game *lobby_games(const struct lobby *lb, int *count, int *total);

/* The spectator's view; NULL before LOBBY_EV_WATCHING. */
const struct lobby_watch *lobby_watched(const struct lobby *lb);

/* The address with its port ("host:3631", "[::1]:3631"); the name taken. */
const char *lobby_address(const struct lobby *lb);

/* A server's address as lobby_address gives it: HOST[:PORT] (any of
 * link_split_address's forms), SERVER_DEFAULT_PORT when none is given,
 * into out (LINK_ADDRESS_MAX + 8 bytes); false with a sentence in err. */
bool lobby_server_address(const char *address, char *out, size_t size, char *err,
                          size_t err_size);
const char *lobby_name(const struct lobby *lb);

/* The server's key: its fingerprint (link.h's form, "" before the
 * handshake), and whether this connection pinned it. */
const char *lobby_fingerprint(const struct lobby *lb);
bool lobby_pinned_now(const struct lobby *lb);

/* The word of a game's state: "open", "playing" or "over". */
const char *lobby_state_word(enum wire_game_state s);

#endif
