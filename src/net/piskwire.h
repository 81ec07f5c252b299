/* piskwire.h — the messages of Piskvork's network game (the Windows gomoku
 * manager's "play with a person over the internet", protocol version 3),
 * decoded from bytes and encoded into them. Pure: no I/O, no state, no
 * allocation; piskconn.h carries the bytes.
 *
 * The protocol is a stream of bytes with no framing of its own: a message
 * is known by its first byte. One of the codes below is a message; any
 * other byte below the board's width is the x of a move, which is six
 * bytes: x, y (0-based, y from the top), then the time the mover took, in
 * ms, 4 bytes big-endian. Numbers of two bytes are big-endian too.
 *
 *   INIT1 <version>       the side that listened, first (147)
 *   INIT2 <version>       the side that connected, first (132)
 *   INIT_DENY             the listener does not want this game (226)
 *   BUSY                  the listener already plays someone (235)
 *   INFO <n> <n bytes>    the listener's settings (193): width, height,
 *                         begin (not 0: the connecting side moves first),
 *                         continuous, rule (0 five or more, 1 exactly five,
 *                         2 renju, 8 caro with overlines, 9 caro with
 *                         exactly five); n >= 2, missing bytes are 0, bytes
 *                         beyond the fifth are ignored
 *   INFO_OK               the connecting side took the settings (177)
 *   MSG <n:2> <n UTF-16LE units>  a line of chat (238), n >= 1
 *   END                   the sender leaves (249)
 *   UNDO_REQUEST <keep:2> take the game back to `keep` moves (230)
 *   UNDO_YES | UNDO_NO    the answer (243, 246)
 *   NEW_REQUEST           abandon this game for a new one (198)
 *   NEW_YES | NEW_NO      the answer (225, 218)
 *
 * Ranges: a version 1 .. 255; a board 5 .. BOARD_MAX_SIDE a side (mnk's
 * limit; Piskvork allows larger); a move inside the board and a time up to
 * INT32_MAX (Piskvork's is a signed int); keep 1 .. BOARD_MAX_CELLS; a chat
 * line 1 .. PISKWIRE_MSG_UNITS_MAX units. Chat arrives as UTF-16: pairs of
 * surrogates are joined, a lone surrogate and every character that
 * wire_text_check refuses (controls: the text will be drawn on a terminal)
 * become U+FFFD, the text ends at a U+0000 (Piskvork's sender pads a short
 * conversion with whatever its buffer held), and what does not fit in
 * PISKWIRE_TEXT_MAX bytes of UTF-8 is cut at a character, saying so.
 *
 * The decoder says how long a malformed message was whenever its framing
 * tells (a move off the board is still six bytes, an over-long chat line
 * still 3 + 2n), so that a reader can skip it and go on; an unknown first
 * byte is one byte long. Bytes used may then be more than were given.
 */
#ifndef MNK_NET_PISKWIRE_H
#define MNK_NET_PISKWIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/wire.h"

#define PISKWIRE_VERSION 3
#define PISKWIRE_PORT 3629
#define PISKWIRE_MIN_SIDE 5
#define PISKWIRE_MSG_UNITS_MAX 1024  /* longest chat line taken, UTF-16 units */
#define PISKWIRE_TEXT_MAX WIRE_CHAT_MAX /* its UTF-8, NUL excluded */
#define PISKWIRE_MSG_MAX (3 + 2 * PISKWIRE_MSG_UNITS_MAX) /* longest message */

enum piskwire_code {
    PISKWIRE_C_INIT1 = 147,
    PISKWIRE_C_INIT2 = 132,
    PISKWIRE_C_INIT_DENY = 226,
    PISKWIRE_C_BUSY = 235,
    PISKWIRE_C_INFO = 193,
    PISKWIRE_C_INFO_OK = 177,
    PISKWIRE_C_MSG = 238,
    PISKWIRE_C_END = 249,
    PISKWIRE_C_UNDO_REQUEST = 230,
    PISKWIRE_C_UNDO_YES = 243,
    PISKWIRE_C_UNDO_NO = 246,
    PISKWIRE_C_NEW_REQUEST = 198,
    PISKWIRE_C_NEW_YES = 225,
    PISKWIRE_C_NEW_NO = 218,
};

enum piskwire_type {
    PISKWIRE_INIT1,
    PISKWIRE_INIT2,
    PISKWIRE_INIT_DENY,
    PISKWIRE_BUSY,
    PISKWIRE_INFO,
    PISKWIRE_INFO_OK,
    PISKWIRE_MSG,
    PISKWIRE_END,
    PISKWIRE_UNDO_REQUEST,
    PISKWIRE_UNDO_YES,
    PISKWIRE_UNDO_NO,
    PISKWIRE_NEW_REQUEST,
    PISKWIRE_NEW_YES,
    PISKWIRE_NEW_NO,
    PISKWIRE_MOVE,
};
#define PISKWIRE_TYPE_COUNT 15

/* Piskvork's rule byte. */
enum piskwire_rule {
    PISKWIRE_RULE_FREESTYLE = 0,
    PISKWIRE_RULE_EXACT = 1,
    PISKWIRE_RULE_RENJU = 2,
    PISKWIRE_RULE_CARO = 8,        /* caro, overlines win */
    PISKWIRE_RULE_CARO_EXACT = 9,  /* caro, exactly five */
};

struct piskwire_info {
    int width, height;             /* PISKWIRE_MIN_SIDE .. BOARD_MAX_SIDE */
    bool begin;                    /* the connecting side moves first */
    bool continuous;               /* play on after a five until the board fills */
    enum piskwire_rule rule;
};

struct piskwire_move {
    int x, y;                      /* inside the board */
    int32_t time_ms;               /* 0 .. INT32_MAX */
};

struct piskwire_msg {
    enum piskwire_type type;
    union {
        int version;               /* INIT1, INIT2: 1 .. 255 */
        struct piskwire_info info;
        struct piskwire_move move;
        int keep;                  /* UNDO_REQUEST: 1 .. BOARD_MAX_CELLS */
        struct {                   /* MSG */
            char text[PISKWIRE_TEXT_MAX + 1]; /* passes wire_text_check, not empty */
            bool cut;              /* the line was longer than text holds */
        } chat;
    };
};

enum piskwire_status {
    PISKWIRE_OK,          /* *msg holds a message of *used bytes */
    PISKWIRE_NEED_MORE,   /* the bytes given are the start of a message */
    PISKWIRE_MALFORMED,   /* err says why; the message was *used bytes */
};

/* Decodes the message at the start of buf[0 .. len), on a board of
 * width × height (0 × 0 before the settings: then no byte is a move).
 * Never fails on any input. */
enum piskwire_status piskwire_decode(const uint8_t *buf, size_t len, int width, int height,
                                     struct piskwire_msg *msg, size_t *used, char *err,
                                     size_t err_size);

/* Writes *msg into buf (PISKWIRE_MSG_MAX bytes are always enough): its
 * length, or 0 when a field is out of the ranges above (err says which) —
 * MSG's text must pass wire_text_check and have at most
 * PISKWIRE_MSG_UNITS_MAX units; a move is checked against the ranges, not
 * a board. */
size_t piskwire_encode(const struct piskwire_msg *msg, uint8_t *buf, size_t size, char *err,
                       size_t err_size);

/* The message type's name ("UNDO_REQUEST"). */
const char *piskwire_type_name(enum piskwire_type type);

#endif
