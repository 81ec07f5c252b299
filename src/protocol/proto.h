/* proto.h — the Gomocup engine protocol ("pbrain", Piskvork protocol 2):
 * one text line in, one parsed command out; and the time control its INFO
 * limits describe (the arithmetic of time is the engine's, timeman.h).
 *
 * The parser is pure: it reads a line the caller already has and fills a
 * struct proto_cmd; it keeps no state, does no I/O and never fails on any
 * input (bad lines come back as PROTO_MALFORMED with a reason). Both
 * directions of the protocol parse here: what a manager sends a brain
 * (START, TURN, BOARD, ...) and what a brain answers (OK, "x,y", MESSAGE, ...).
 * Context — whether a "x,y,field" line is inside a BOARD block, whether a
 * coordinate is on the board — is the caller's business.
 *
 * Lines: at most PROTO_LINE_MAX bytes, ended by CR, LF or CR LF (the
 * terminator may be present or already stripped); blanks around the line and
 * around commas are ignored; command names are case-insensitive. Numbers are
 * plain decimal, 0 .. PROTO_NUMBER_MAX (coordinates, sizes) or, for INFO
 * values in milliseconds or bytes, up to 15 digits, clamped to INT_MAX.
 */
#ifndef MNK_PROTOCOL_PROTO_H
#define MNK_PROTOCOL_PROTO_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/timeman.h"
#include "mnk/board.h"

#define PROTO_LINE_MAX 4096   /* longest line accepted, terminator excluded */
#define PROTO_NUMBER_MAX 9999 /* largest coordinate or board size parsed */
#define PROTO_KEY_MAX 32      /* INFO key, NUL included */
#define PROTO_TEXT_MAX 256    /* kept text (INFO value, message), NUL included */

enum proto_kind {
    PROTO_EMPTY,       /* a blank line: ignore it */
    PROTO_MALFORMED,   /* a known command with bad arguments; see .error */
    PROTO_OTHER,       /* an unrecognised command; .text holds the line */
    /* manager -> brain */
    PROTO_START,       /* START n:          a = n */
    PROTO_RECTSTART,   /* RECTSTART w,h:    a = w, b = h */
    PROTO_BEGIN,
    PROTO_TURN,        /* TURN x,y:         a = x, b = y */
    PROTO_BOARD,       /* then PROTO_FIELD lines until PROTO_DONE */
    PROTO_SWAP2BOARD,  /* a swap2 opening block, also ended by DONE */
    PROTO_FIELD,       /* x,y,field:        a = x, b = y, c = field (1..3) */
    PROTO_DONE,
    PROTO_INFO,        /* INFO key value:   .key, .text = value, a = number
                          when the key is one of the numeric keys below */
    PROTO_TAKEBACK,    /* TAKEBACK x,y:     a = x, b = y */
    PROTO_PLAY,        /* PLAY x,y:         a = x, b = y */
    PROTO_RESTART,
    PROTO_ABOUT,
    PROTO_END,
    /* brain -> manager */
    PROTO_OK,
    PROTO_COORDS,      /* x,y:              a = x, b = y (a move) */
    PROTO_SUGGEST,     /* SUGGEST x,y:      a = x, b = y */
    PROTO_MESSAGE,     /* .text = the rest of the line */
    PROTO_DEBUG,       /* .text = the rest of the line */
    PROTO_ERROR,       /* .text = the rest of the line */
    PROTO_UNKNOWN,     /* .text = the rest of the line */
};

struct proto_cmd {
    enum proto_kind kind;
    int a, b, c;                /* numeric arguments, see enum proto_kind */
    char key[PROTO_KEY_MAX];    /* INFO key, lower case */
    char text[PROTO_TEXT_MAX];  /* see enum proto_kind; cut if longer */
    const char *error;          /* PROTO_MALFORMED: a static phrase */
};

/* Parses `len` bytes of `line` (no NUL needed) into *cmd. Always succeeds:
 * bad input gives PROTO_MALFORMED (known command) or PROTO_OTHER. */
void proto_parse(const char *line, size_t len, struct proto_cmd *cmd);

/* A brain's answer to SWAP2BOARD: SWAP, or 1 to 3 moves "x,y" separated by
 * blanks (what each means, brain.h says). */
#define PROTO_SWAP2_MAX 3
struct proto_swap2 {
    bool swap;
    int n;
    int x[PROTO_SWAP2_MAX], y[PROTO_SWAP2_MAX];
};

/* Parses `len` bytes of `line` as an answer to SWAP2BOARD. False, with
 * *why a static phrase, when it is none. */
bool proto_parse_swap2(const char *line, size_t len, struct proto_swap2 *out,
                       const char **why);

/* The upper-case name of a kind ("TURN"), for messages. */
const char *proto_kind_name(enum proto_kind kind);

/* INFO rule's value is a bit field. Piskvork protocol 2 defines 1 (exactly
 * five in a row wins), 2 (a continuous game: play goes on after a five) and
 * 4 (renju); Gomocup's managers add 8 (caro). Each rule's own value is its
 * protocol_bits in rule.h's table; these two bits are the ones this layer
 * reads besides. */
#define PROTO_RULE_EXACT 1
#define PROTO_RULE_CONTINUOUS 2

/* The INFO rule value for `rule` (rule.h's protocol_bits): freestyle 0,
 * exact 1, renju 4, caro 8. */
int proto_rule_bits(enum rule rule);

/* The rule an INFO rule value names: any value with 4 is renju (1 beside it
 * adds nothing: renju's Black wins with exactly five already), with 8 caro
 * (caro with exactly five, 9, is read as caro: the caller may say so), else
 * 1 is exact and 0 freestyle; 2, a continuous game, is ignored beside them.
 * False, *out untouched, for renju with caro and for any other bit. */
bool proto_rule_from_bits(int bits, enum rule *out);

/* Time limits from INFO lines, in milliseconds, as the manager sent them.
 * PROTO_TIME_UNSET marks a value never sent. */
#define PROTO_TIME_UNSET (-1)

struct proto_times {
    int timeout_turn;   /* per move; 0 = as fast as possible */
    int timeout_match;  /* per game; 0 = no limit */
    int time_left;      /* left of timeout_match for this game */
};

/* All three unset. */
void proto_times_init(struct proto_times *t);

/* The time control the INFO limits describe: a turn limit when
 * timeout_turn was sent; a clock with time_left (else all of timeout_match)
 * when timeout_match is above 0, or unset with a time_left; piped, as the
 * answer goes back to the manager. The budget is timeman_budget()'s. */
struct time_control proto_time_control(const struct proto_times *t);

#endif
