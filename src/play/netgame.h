/* netgame.h — a game between two mnk processes over a link (net/link.h),
 * the host as referee: a state machine with no screen that a front end
 * drives (the TUI's game screen, `mnk host` and `mnk join`).
 *
 * Sides: the host listens (netgame_host), makes the join code and reads it
 * out; the joiner connects with it (netgame_join). On every link that opens
 * the host sends its SETTINGS; a new joiner's front end shows them and
 * answers netgame_accept or netgame_decline. A decline sends the host back
 * to waiting for the next peer, with the same code; the joiner's session
 * ends. settings.black says which side takes Black — under an opening rule,
 * which side is the first player, who places the opening's stones; the
 * choices then seat the players (game.h).
 *
 * The game is a struct game on each side (netgame_game), which the front
 * end keeps as it keeps every game (autosave per change) with the few
 * things beside it that a resume needs (netgame_kept). Each side submits
 * only its own actions: moves (netgame_move), opening choices
 * (netgame_choose), a resignation, requests (play/offer.h's draw and
 * takeback, and a rematch), their answers, chat. Nothing is played for the
 * other side; everything the other side does arrives as an event.
 *
 * The referee. The host judges every action of both sides: whose turn,
 * legality (renju's forbidden points included: game_play), wins, the
 * clocks; it refuses anything else from the joiner with an ERROR, closes
 * the link and stops (NETGAME_STOPPED: the game is kept as it was). The
 * joiner plays its own actions at once and sends them; the host answers
 * each with the same message, its acknowledgement, which carries the time
 * it charged. The joiner checks everything the host sends — each move's
 * legality and the clocks after it, every acknowledgement, RESULT and
 * UNDO against what was agreed — and on any disagreement sends an ERROR
 * and stops the same way: it never follows silently. Ends no move makes
 * are the host's to say (RESULT: a resignation, a flag, an agreed draw, a
 * forfeit); the joiner's own actions that the host had not taken when it
 * said one are taken back on the joiner's side.
 *
 * The clock (gameclock.h). Each side's process measures its own thinking
 * time, from the moment its turn began there to the move (the front end
 * passes it to netgame_move; netgame_elapsed_ms is that measure). The host
 * charges its own moves what its front end says. A joiner's move is charged
 *
 *     charged = max(spent, measured - allowance)
 *     allowance = min(rtt + NETGAME_LAG_SLACK_MS, NETGAME_LAG_MAX_MS)
 *
 * where spent is what the joiner says it took, measured the host's wall
 * time from the moment it sent what began the joiner's turn to the move's
 * arrival, and rtt the link's last PING round trip (link_rtt_ms; none
 * measured yet counts as the cap). So the network's delay is not charged,
 * and a joiner that lies about its time or holds its PONGs back gains at
 * most NETGAME_LAG_MAX_MS a move. The host's flag falls for the joiner
 * when measured - allowance reaches its time (the host then says RESULT
 * time); the joiner never flags anyone. Time while the link is down is
 * charged to nobody: a turn's measure stops at a drop and goes on once the
 * link is back. Opening choices take no time.
 *
 * A link that drops loses nothing. A link lost (LINK_DROPPED, or the
 * other side's BYE while the game goes on: after its end, a BYE ends the
 * session, NETGAME_ENDED) or silent (nothing heard for
 * silent_ms: the link pings every ping_ms) puts the session in
 * NETGAME_DROPPED: the joiner reconnects by itself with the same code every
 * retry_ms, and the host takes it back. On the new link the joiner says
 * RESUME <the plies the host has acknowledged>, the host sends the actions
 * the joiner lacks and then RESUME <its plies>, and the joiner sends
 * whatever it has beyond that (its actions the host never received; or,
 * when the host was restarted from its autosave with netgame_host_resume
 * and lost some, the history it had acknowledged, up to NETGAME_REGAIN_MAX
 * moves: what a kill between a move and its autosave can lose; the host
 * judges anything further as the joiner's own). Every action carries its
 * ply: one already known is ignored, one out of order is an error. A
 * takeback the joiner missed comes back as UNDO. The game goes on from the
 * same position with the same clocks. Past reconnect_ms of absence the
 * side that stayed hears NETGAME_EV_ABANDONED and may claim the game
 * (netgame_claim: END_FORFEIT, the session ends) or close and keep it, to
 * resume later (netgame_host_resume, netgame_join_resume with the game and
 * its netgame_kept).
 *
 * Driving it: poll the fds netgame_pollfds gives for at most
 * netgame_timeout_ms, then call netgame_poll until it returns false; each
 * true is one event. Every text in an event (chat, reasons, errors) has
 * passed wire_text_check: it may be drawn as it is. Errors are one
 * sentence for the player. No curses, no output, no file: a netgame owns a
 * listener or a link and its game, and belongs to one thread.
 */
#ifndef MNK_PLAY_NETGAME_H
#define MNK_PLAY_NETGAME_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/game.h"
#include "net/joincode.h"
#include "net/link.h"
#include "net/wire.h"
#include "play/offer.h"

#define NETGAME_LAG_SLACK_MS 100      /* allowance beyond the round trip */
#define NETGAME_LAG_MAX_MS 1000       /* the most a move's allowance can be */
#define NETGAME_SILENT_MS 15000       /* nothing heard this long: dropped */
#define NETGAME_RECONNECT_MS 300000   /* 5 minutes to come back */
#define NETGAME_RETRY_MS 2000         /* the joiner's next attempt after one failed */
#define NETGAME_PENDING_MAX 4         /* host: peers shaking hands at once */
#define NETGAME_REGAIN_MAX 2          /* moves a restarted host takes back from
                                         the joiner, at most */
#define NETGAME_FDS_MAX (LINK_LISTEN_MAX + 1 + NETGAME_PENDING_MAX)
#define NETGAME_TEXT_MAX (WIRE_CHAT_MAX + 1)
#define NETGAME_WHY_MAX 320

struct netgame;

/* What the host offers. */
struct netgame_settings {
    int width, height, win;
    enum rule rule;
    enum opening_rule opening;
    struct tc tc;
    enum wire_side black;       /* who takes Black, or places the opening */
};

/* Where and how: every 0 is the default above (port 0 for the host: any
 * free port; its callers pass LINK_DEFAULT_PORT). */
struct netgame_options {
    const char *bind;           /* host: the address to listen on; NULL: all */
    int port;                   /* host */
    int ping_ms, silent_ms, reconnect_ms, retry_ms;
    const char *name;           /* this side's name, said to a friend (NAME)
                                   on every link; NULL, "" or one that
                                   wire_name_check refuses: none */
};

/* What a front end keeps beside the game to resume it later. */
struct netgame_kept {
    char code[JOINCODE_SIZE];
    char game_id[JOINCODE_ID_SIZE];
    enum wire_side side;        /* this side */
    enum wire_side black;       /* the settings' black */
};

enum netgame_state {
    NETGAME_WAITING,     /* host: listening for a peer, no game agreed yet */
    NETGAME_CONNECTING,  /* joiner: making the first link */
    NETGAME_SETTINGS,    /* the settings wait for the joiner's answer */
    NETGAME_PLAYING,     /* the link is up and the game on (or over: a
                            rematch may be asked) */
    NETGAME_DROPPED,     /* the link is lost, the game kept: waiting for it
                            to come back (the joiner retries) */
    NETGAME_STOPPED,     /* a disagreement or a broken rule ended the link;
                            the game is kept as it was */
    NETGAME_ENDED,       /* nothing more: declined, refused, left, claimed */
};

/* What a request asks. */
enum netgame_ask { NETGAME_ASK_NONE, NETGAME_ASK_DRAW, NETGAME_ASK_TAKEBACK,
                   NETGAME_ASK_REMATCH };

enum netgame_event_kind {
    NETGAME_EV_CONNECTED,  /* a link opened; text: the peer's address */
    NETGAME_EV_SETTINGS,   /* joiner: netgame_settings() wait for an answer */
    NETGAME_EV_DECLINED,   /* host: the joiner declined (text: its reason);
                              waiting again */
    NETGAME_EV_STARTED,    /* a game began (accepted, or a rematch) */
    NETGAME_EV_MOVE,       /* the other side's move, or one the resume
                              brought: moves[ply - 1] */
    NETGAME_EV_CHOICE,     /* an opening choice the other side made: ply
                              stones on the board */
    NETGAME_EV_CLOCK,      /* joiner: the host charged this side's move
                              moves[ply - 1] more than it said */
    NETGAME_EV_UNDO,       /* a takeback was made: the game is back at ply */
    NETGAME_EV_OVER,       /* the game ended: its result says how */
    NETGAME_EV_OFFER,      /* the other side asks `ask`: netgame_answer */
    NETGAME_EV_ANSWER,     /* the other side answered this side's `ask`: yes */
    NETGAME_EV_CHAT,       /* text: the other side's line */
    NETGAME_EV_NOTICE,     /* text: something worth a line (a stranger with a
                              wrong code was turned away...) */
    NETGAME_EV_DROPPED,    /* the link was lost (text: how); waiting for it */
    NETGAME_EV_RESUMED,    /* the link is back and the game in step: ply */
    NETGAME_EV_ABANDONED,  /* the other side stayed away past reconnect_ms */
    NETGAME_EV_STOPPED,    /* text: the disagreement, this side's or the other's */
    NETGAME_EV_ENDED,      /* text: why the session is over */
    NETGAME_EV_NAME,       /* text: the other player's name (netgame_peer_name) */
};

struct netgame_event {
    enum netgame_event_kind kind;
    enum netgame_ask ask;        /* OFFER, ANSWER */
    bool yes;                    /* ANSWER */
    int ply;                     /* MOVE, CHOICE, CLOCK, UNDO, RESUMED */
    char text[NETGAME_TEXT_MAX]; /* safe to draw; "" when none */
};

enum netgame_error {
    NETGAME_OK,
    NETGAME_ERR_NOT_NOW,   /* not in this state, not this side's turn, or a
                              request waits */
    NETGAME_ERR_ILLEGAL,   /* the game refuses it (game_play, offer_make) */
    NETGAME_ERR_TIME,      /* joiner: the move comes after this side's flag
                              fell; the host will say so */
    NETGAME_ERR_TEXT,      /* a chat line too long, or not fit to draw */
    NETGAME_ERR_LINK,      /* the link is down or not in step yet */
};

/* Opens a game to join: listens (o->bind, o->port), draws a join code and a
 * game id and derives the key (about 0.1 s). NULL with the reason in err
 * when the settings are no game (game_init) or it cannot listen. */
struct netgame *netgame_host(const struct netgame_settings *s, const struct netgame_options *o,
                             char *err, size_t err_size);

/* Joins the game at `address` (link_split_address's forms) with `code`. */
struct netgame *netgame_join(const char *address, const char *code,
                             const struct netgame_options *o, char *err, size_t err_size);

/* The host again, for a game kept with its netgame_kept (k->side the
 * host): listens, and waits in NETGAME_DROPPED for the joiner to come back
 * with the same code; the joiner's acknowledged history beyond g is taken
 * back on the first resume (see above). */
struct netgame *netgame_host_resume(const struct game *g, const struct netgame_kept *k,
                                    const struct netgame_options *o, char *err,
                                    size_t err_size);

/* The joiner again, for a game kept with its netgame_kept (k->side the
 * joiner): reconnects to `address`, whose host must be that game's. */
struct netgame *netgame_join_resume(const struct game *g, const struct netgame_kept *k,
                                    const char *address, const struct netgame_options *o,
                                    char *err, size_t err_size);

/* A server's game, one netgame for each player (play/server.h): the host
 * side of the link `l` (open: READY said; taken over), its joiner the
 * player, the host's seat `other_name`'s, who plays through the other
 * netgame. What that player does comes in through the host's calls
 * (netgame_move with the time charged there, netgame_choose, _ask,
 * _answer, _resign, _chat, netgame_serve_concede); this netgame judges
 * the joiner's actions and its clock as netgame_host does, never the
 * host seat's clock. NULL with the reason in err. */
struct netgame *netgame_serve(const struct netgame_settings *s, const char *other_name,
                              struct link *l, const struct netgame_options *o, char *err,
                              size_t err_size);

/* A player of a server's game, seated (SEAT) on the open link `l` to the
 * server at `address` (taken over): the joiner, who says yes to the
 * settings by itself, and after a drop reconnects there, checking the
 * server's key against `known_file` (link.h), and says REJOIN with
 * `seat` before its RESUME. NULL with the reason in err. */
struct netgame *netgame_join_seat(struct link *l, const char *address, const char *known_file,
                                  const struct wire_seat *seat, const struct netgame_options *o,
                                  char *err, size_t err_size);

/* A server's game kept on disk and restored (g, played under s): the
 * netgame of netgame_serve with no link yet, in NETGAME_DROPPED from now,
 * waiting for its player's REJOIN (netgame_serve_adopt) within
 * reconnect_ms. A player that comes back with moves beyond g has them
 * taken back (UNDO). NULL with the reason in err. */
struct netgame *netgame_serve_resume(const struct game *g, const struct netgame_settings *s,
                                     const char *other_name, const struct netgame_options *o,
                                     char *err, size_t err_size);

/* A server's seat of this netgame's (netgame_join_seat): its game and
 * token, who the settings make Black (this side being the joiner), the
 * server's address and known file: false for any other netgame. */
bool netgame_seat_kept(const struct netgame *ng, struct wire_seat *seat, enum wire_side *black,
                       const char **address, const char **known_file);

/* The seat again, for game g kept with netgame_seat_kept's answers after
 * this program stopped (a crash, a kill): reconnects to the server at
 * `address`, checking its key in `known_file`, says REJOIN with the seat
 * and RESUME, as after a drop; its own last moves the server may never
 * have had count as in flight. With g NULL (nothing kept, black unused)
 * it says REJOIN only, and takes the settings and the whole game from the
 * server. NULL with the reason in err. */
struct netgame *netgame_rejoin_seat(const struct game *g, enum wire_side black,
                                    const char *address, const char *known_file,
                                    const struct wire_seat *seat,
                                    const struct netgame_options *o, char *err,
                                    size_t err_size);

/* A server's game: the player's new link after a drop (READY said; taken
 * over, or freed when the seat is not waiting for it). */
enum netgame_error netgame_serve_adopt(struct netgame *ng, struct link *l);

/* A server's game: the host's seat loses by `reason` (END_TIME,
 * END_FORFEIT or END_RESIGN), as the other player's netgame judged. */
enum netgame_error netgame_serve_concede(struct netgame *ng, enum end_reason reason);

/* The settings as SETTINGS carries them, and back: false (why) when the
 * wire's are no game this side can play. */
void netgame_settings_wire(const struct netgame_settings *s, struct wire_settings *w);
bool netgame_settings_of(const struct wire_settings *w, struct netgame_settings *s, char *why,
                         size_t why_size);

/* The MOVE that says g->moves[i]: its time charged, both clocks after it
 * (for a server's spectators). */
struct wire_msg netgame_move_msg(const struct game *g, int i);

/* A player's name when none is given: the login name ($USER) where it is
 * one (wire_name_check), else "player". */
void netgame_default_name(char *buf, size_t size);

/* The other player's name, as the other side said it (NAME), or "". */
const char *netgame_peer_name(const struct netgame *ng);

/* Says BYE on an open link and frees everything. NULL is allowed. */
void netgame_close(struct netgame *ng);

/* Frees everything at once, without a goodbye: the other side sees the link
 * dropped. NULL is allowed. */
void netgame_free(struct netgame *ng);

/* Fills fds (NETGAME_FDS_MAX of them) with what to poll: their number. */
int netgame_pollfds(const struct netgame *ng, struct pollfd fds[NETGAME_FDS_MAX]);

/* The longest to wait before netgame_poll has work: ms, -1 for none. */
int netgame_timeout_ms(const struct netgame *ng);

/* Moves everything on; true with the next event in *ev, false when there is
 * nothing more for now. */
bool netgame_poll(struct netgame *ng, struct netgame_event *ev);

/* netgame_poll, waiting on the fds for at most timeout_ms: false when that
 * time passes with no event. For callers with nothing else to wait on. */
bool netgame_wait(struct netgame *ng, struct netgame_event *ev, int timeout_ms);

/* The joiner's answers to the settings. */
enum netgame_error netgame_accept(struct netgame *ng);
enum netgame_error netgame_decline(struct netgame *ng, const char *reason);

/* This side plays `pos` (board.h's index), having thought spent_ms. */
enum netgame_error netgame_move(struct netgame *ng, int pos, int spent_ms);

/* This side makes an opening choice (opening.h). */
enum netgame_error netgame_choose(struct netgame *ng, enum opening_choice choice);

/* This side gives the game up (the host says RESULT; the joiner's game
 * ends when it does). */
enum netgame_error netgame_resign(struct netgame *ng);

/* This side asks: a draw or a takeback while the game goes on (offer.h's
 * rules; the side that asked a takeback, or said yes to one, makes no move
 * until it is done or stale), a rematch once it is over. */
enum netgame_error netgame_ask(struct netgame *ng, enum netgame_ask ask);

/* This side answers the other side's request. */
enum netgame_error netgame_answer(struct netgame *ng, bool yes);

/* A line of chat (at most WIRE_CHAT_MAX bytes, fit to draw: wire_text_check). */
enum netgame_error netgame_chat(struct netgame *ng, const char *text);

/* Once the other side stayed away past the limit, or after a stop: this
 * side wins by forfeit (END_FORFEIT), and the session ends. */
enum netgame_error netgame_claim(struct netgame *ng);

/* The sentence for the last refusal of a call above, or the reason the
 * session stopped or ended. */
const char *netgame_why(const struct netgame *ng);

enum netgame_state netgame_state(const struct netgame *ng);

/* This side. */
enum wire_side netgame_side(const struct netgame *ng);

/* The settings: the host's, the joiner's once received (else NULL). */
const struct netgame_settings *netgame_settings(const struct netgame *ng);

/* The game, once agreed (else NULL). */
const struct game *netgame_game(const struct netgame *ng);

/* The seat (STONE_BLACK or STONE_WHITE) `side` sits in now, or STONE_NONE
 * before a game. */
enum stone netgame_seat(const struct netgame *ng, enum wire_side side);

/* True when this side acts now (a move or a choice) and may. */
bool netgame_my_turn(const struct netgame *ng);

/* The other side's request waiting for this side's answer, or NONE. */
enum netgame_ask netgame_asked(const struct netgame *ng);

/* How long the current turn has run on this side, the link's absences
 * left out: what to pass as spent_ms, and what to run the clock down by. */
int netgame_elapsed_ms(const struct netgame *ng);

/* Host: the code to read out, the port listened on. */
const char *netgame_code(const struct netgame *ng);
int netgame_port(const struct netgame *ng);

/* What to keep beside the game; false before the game id is known. */
bool netgame_kept(const struct netgame *ng, struct netgame_kept *out);

/* The words of `side` ("host", "joiner") and of `ask` ("draw", ...). */
const char *netgame_side_name(enum wire_side side);
const char *netgame_ask_name(enum netgame_ask ask);

#endif
