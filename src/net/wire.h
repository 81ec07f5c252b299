/* wire.h — the messages two mnk programs exchange over a link: each one
 * line of text, encoded and decoded here. Pure: no I/O, no state, no
 * allocation; the link (link.h) frames the lines and carries them.
 *
 * A line is at most WIRE_LINE_MAX bytes, its LF terminator excluded (the
 * link strips it): a message type in capitals, then its fields, each
 * separated by exactly one space. Numbers are plain decimal digits. A text
 * field (chat, an error, a reason, the time control) is the rest of the
 * line and may hold spaces. Every byte of a line is checked before any
 * field is read: valid UTF-8 (shortest form, no surrogates), and no control
 * character — none of C0, DEL, C1, the line and paragraph separators, the
 * bidirectional overrides and isolates, the byte order mark — so a text
 * that decodes can be drawn on a terminal as it is.
 *
 *   HELLO <major>.<minor> <program>     first message of each side
 *   SETTINGS <width> <height> <k> <rule> <opening> <black> <time control>
 *        rule: a rule's name (rule.h); opening: none, swap or swap2;
 *        black: host or joiner (who takes Black, or places the opening's
 *        stones); time control: opaque text, "-" for none
 *   ACCEPT | DECLINE [<reason>]         the joiner's answer to SETTINGS
 *   MOVE <ply> <x> <y> <spent> <black> <white>
 *        ply: 1 for the first stone; x, y from 0 at the top left; spent:
 *        the mover's thinking time, ms; black, white: each clock's time
 *        left after the move, ms, or "-" in an untimed game
 *   CHOICE <ply> black|white|two       an opening choice (opening.h), made
 *        with <ply> stones on the board
 *   RESIGN
 *   OFFER draw|takeback|rematch <ply>  asked with <ply> stones on the board
 *        (a rematch: once the game is over, with colours swapped)
 *   ANSWER draw|takeback|rematch <ply> yes|no  to the offer made at <ply>
 *   RESULT <ply> black|white|draw <reason>  the host's verdict on an end
 *        that no move made, with <ply> stones on the board; reason: line,
 *        full, noline, forfeit, resign, nolegal, agreed or time (game.h's
 *        END_*), a winner's reasons with a winner, a draw's with draw
 *   UNDO <ply>                          the host took the game back to <ply>
 *        stones: a takeback both sides agreed to
 *   CHAT <text>                         at most WIRE_CHAT_MAX bytes
 *   PING <n> | PONG <n>                 keepalive; PONG echoes PING's n
 *   RESUME <ply>                        after a reconnect: the plies this
 *        side knows (0 for none)
 *   BYE                                 the sender closes the link
 *   ERROR <text>                        the sender's complaint, then BYE
 *   NAME <name>                         in a server's lobby, the player's
 *        name (a client's first message there); in a server's game, the
 *        other player's, from the server; between two friends, the
 *        sender's own, on every link (a host of a server's game takes no
 *        name from its player). A name: 1 to WIRE_NAME_MAX - 1 bytes, no
 *        space, no comma
 *
 * A server's lobby (mnk server; 1.1), the client's messages, each answered:
 *   LIST                                the games: a GAME line each, then
 *        LISTED <count>
 *   CREATE <width> <height> <k> <rule> <opening> <black> <time control>
 *        a game to wait in, SETTINGS' fields, black: host for its creator,
 *        joiner for the one who joins it; answered SEAT
 *   JOIN <game> | WATCH <game>          sit down at an open game (SEAT) or
 *        watch one (WATCHING)
 *   REJOIN <game> <token>               back to one's seat after a drop
 * and the server's:
 *   GAME <game> open|playing|over <watchers> <host> <joiner>|- <width>
 *        <height> <k> <rule> <opening> <black> <time control>
 *   SEAT <game> <token>                 this client plays <game>; the token
 *        (WIRE_SEAT_HEX hex digits) brings it back there with REJOIN. Then
 *        the game goes as between a host and a joiner, the server the host
 *        for each player: NAME of the other player, SETTINGS, ACCEPT...
 *   WATCHING <game> <host> <joiner>|-   then SETTINGS, the game's CHOICE and
 *        MOVE lines so far and as they come, RESULT, UNDO
 *   REFUSED <text>                      a lobby request that cannot be done
 *
 * Versions: HELLO carries the protocol's version (WIRE_MAJOR.WIRE_MINOR)
 * and the program's. A new minor version only adds message types; a side
 * may ignore a type it does not know from a peer of a newer minor version
 * (wire_decode says WIRE_UNKNOWN for those). Anything else changes the
 * major version, and two majors do not talk (wire_hello_check) — but
 * HELLO itself keeps its form in every version, so that each side can
 * still read the other's and say which version it would need. (RESULT,
 * UNDO and the rematch joined 1.0 before any mnk that speaks it was
 * released, with the network game that needs them.)
 */
#ifndef MNK_NET_WIRE_H
#define MNK_NET_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/game.h"
#include "mnk/opening.h"
#include "mnk/rule.h"

#define WIRE_MAJOR 1
#define WIRE_MINOR 1

#define WIRE_LINE_MAX 1024   /* longest line, terminator excluded */
#define WIRE_CHAT_MAX 400    /* longest text field, in bytes */
#define WIRE_TOKEN_MAX 32    /* HELLO's program, NUL included */
#define WIRE_CLOCK_MAX 64    /* SETTINGS' time control, NUL included */
#define WIRE_MS_MAX INT64_C(999999999999) /* any time in ms: ~31 years */
#define WIRE_NO_CLOCK (-1)   /* MOVE's clock in an untimed game ("-") */
#define WIRE_NAME_MAX 25     /* a player's name, NUL included */
#define WIRE_GAME_MAX 999999999 /* a server's game numbers: 1 .. this */
#define WIRE_SEAT_HEX 32     /* a seat's token: hex digits (128 bits) */

enum wire_type {
    WIRE_HELLO,
    WIRE_SETTINGS,
    WIRE_ACCEPT,
    WIRE_DECLINE,
    WIRE_MOVE,
    WIRE_CHOICE,
    WIRE_RESIGN,
    WIRE_OFFER,
    WIRE_ANSWER,
    WIRE_CHAT,
    WIRE_PING,
    WIRE_PONG,
    WIRE_RESUME,
    WIRE_BYE,
    WIRE_ERROR,
    WIRE_RESULT,
    WIRE_UNDO,
    WIRE_NAME,
    WIRE_LIST,
    WIRE_LISTED,
    WIRE_GAME,
    WIRE_CREATE,
    WIRE_JOIN,
    WIRE_WATCH,
    WIRE_REJOIN,
    WIRE_SEAT,
    WIRE_WATCHING,
    WIRE_REFUSED,
};
#define WIRE_TYPE_COUNT 28

/* The two ends of a link: the one who hosts (listens), the one who joins. */
enum wire_side { WIRE_HOST, WIRE_JOINER };

/* What an OFFER asks for. */
enum wire_ask { WIRE_ASK_DRAW, WIRE_ASK_TAKEBACK, WIRE_ASK_REMATCH };

struct wire_hello {
    int major, minor;              /* 0 .. 999 each */
    char program[WIRE_TOKEN_MAX];  /* letters, digits and . _ + ~ - */
};

struct wire_settings {
    int width, height, win;        /* as board_check_size accepts them */
    enum rule rule;                /* rule_check_win accepts `win` */
    enum opening_rule opening;
    enum wire_side black;
    char time_control[WIRE_CLOCK_MAX]; /* never empty */
};

struct wire_move {
    int ply;                       /* 1 .. BOARD_MAX_CELLS */
    int x, y;                      /* 0 .. BOARD_MAX_SIDE - 1 */
    int64_t spent_ms;              /* 0 .. WIRE_MS_MAX */
    int64_t black_ms, white_ms;    /* 0 .. WIRE_MS_MAX, or WIRE_NO_CLOCK */
};

struct wire_choice {
    int ply;                       /* 0 .. BOARD_MAX_CELLS */
    enum opening_choice choice;    /* TAKE_BLACK, TAKE_WHITE or PLACE_TWO */
};

struct wire_offer {                /* OFFER and ANSWER */
    enum wire_ask ask;
    int ply;                       /* 0 .. BOARD_MAX_CELLS */
    bool yes;                      /* ANSWER only */
};

struct wire_result {
    int ply;                       /* 0 .. BOARD_MAX_CELLS */
    enum outcome outcome;          /* not OUTCOME_ONGOING */
    enum end_reason reason;        /* not END_NONE, and fits the outcome */
};

/* What state a server's game is in. */
enum wire_game_state { WIRE_GAME_OPEN, WIRE_GAME_PLAYING, WIRE_GAME_OVER };

struct wire_game {                 /* GAME, WATCHING */
    int game;                      /* 1 .. WIRE_GAME_MAX */
    enum wire_game_state state;    /* GAME only */
    int watchers;                  /* GAME only: 0 .. 999999 */
    char host[WIRE_NAME_MAX];      /* a name */
    char joiner[WIRE_NAME_MAX];    /* a name, or "" for none yet ("-") */
    struct wire_settings settings; /* GAME only */
};

struct wire_seat {                 /* SEAT, REJOIN; JOIN, WATCH: game only */
    int game;                      /* 1 .. WIRE_GAME_MAX */
    char token[WIRE_SEAT_HEX + 1]; /* lower-case hex digits */
};

struct wire_msg {
    enum wire_type type;
    union {
        struct wire_hello hello;
        struct wire_settings settings; /* SETTINGS, CREATE */
        struct wire_move move;
        struct wire_choice choice;
        struct wire_offer offer;
        struct wire_result result;
        int64_t ping;              /* PING, PONG: 0 .. WIRE_MS_MAX */
        int resume;                /* RESUME: 0 .. BOARD_MAX_CELLS */
        int undo;                  /* UNDO: 0 .. BOARD_MAX_CELLS */
        int count;                 /* LISTED: 0 .. WIRE_GAME_MAX */
        char name[WIRE_NAME_MAX];  /* NAME */
        struct wire_game game;     /* GAME, WATCHING */
        struct wire_seat seat;     /* SEAT, REJOIN, JOIN, WATCH */
        char text[WIRE_CHAT_MAX + 1]; /* CHAT, ERROR, REFUSED: not empty;
                                         DECLINE: maybe empty */
    };
};

enum wire_status {
    WIRE_OK,          /* *msg holds the message */
    WIRE_MALFORMED,   /* err says what is wrong */
    WIRE_UNKNOWN,     /* a well-formed line of a type this side lacks */
};

/* Decodes `len` bytes of `line` (no terminator, no NUL needed) into *msg.
 * Never fails on any input: a bad line gives WIRE_MALFORMED or
 * WIRE_UNKNOWN and a one-line reason in err. */
enum wire_status wire_decode(const char *line, size_t len, struct wire_msg *msg,
                             char *err, size_t err_size);

/* Writes *msg as a line, without terminator, into buf (WIRE_LINE_MAX + 1
 * bytes is always enough): its length, or 0 when a field is out of the
 * ranges above (err says which), so that whatever is encoded decodes. */
size_t wire_encode(const struct wire_msg *msg, char *buf, size_t size, char *err,
                   size_t err_size);

/* True when `text` may be a player's name (see above); false with the
 * reason in err. */
bool wire_name_check(const char *text, char *err, size_t err_size);

/* The message type's word ("MOVE"). */
const char *wire_type_name(enum wire_type type);

/* True when `len` bytes of `text` may be shown as they are: valid UTF-8 and
 * no control character (see above); false with the reason in err. */
bool wire_text_check(const char *text, size_t len, char *err, size_t err_size);

/* True when this side can talk to a peer that said *hello (the same major
 * version); false with a sentence for the player in err. */
bool wire_hello_check(const struct wire_hello *hello, char *err, size_t err_size);

/* This side's HELLO: the protocol's version and mnk's. */
void wire_hello_init(struct wire_msg *msg);

#endif
