/* wire.c — the link's messages as lines; see wire.h. */
#include "net/wire.h"

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "mnk/board.h"
#include "mnk/i18n.h"
#include "util/fmt.h"
#include "util/utf8.h"

static const char *const type_names[WIRE_TYPE_COUNT] = {
    [WIRE_HELLO] = "HELLO",   [WIRE_SETTINGS] = "SETTINGS", [WIRE_ACCEPT] = "ACCEPT",
    [WIRE_DECLINE] = "DECLINE", [WIRE_MOVE] = "MOVE",       [WIRE_CHOICE] = "CHOICE",
    [WIRE_RESIGN] = "RESIGN", [WIRE_OFFER] = "OFFER",       [WIRE_ANSWER] = "ANSWER",
    [WIRE_CHAT] = "CHAT",     [WIRE_PING] = "PING",         [WIRE_PONG] = "PONG",
    [WIRE_RESUME] = "RESUME", [WIRE_BYE] = "BYE",           [WIRE_ERROR] = "ERROR",
    [WIRE_RESULT] = "RESULT", [WIRE_UNDO] = "UNDO",         [WIRE_NAME] = "NAME",
    [WIRE_LIST] = "LIST",     [WIRE_LISTED] = "LISTED",     [WIRE_GAME] = "GAME",
    [WIRE_CREATE] = "CREATE", [WIRE_JOIN] = "JOIN",         [WIRE_WATCH] = "WATCH",
    [WIRE_REJOIN] = "REJOIN", [WIRE_SEAT] = "SEAT",         [WIRE_WATCHING] = "WATCHING",
    [WIRE_REFUSED] = "REFUSED",
};
static const char *const state_names[] = {
    [WIRE_GAME_OPEN] = "open", [WIRE_GAME_PLAYING] = "playing", [WIRE_GAME_OVER] = "over"};
#define STATE_WORDS (int)(sizeof state_names / sizeof state_names[0])

static const char *const side_names[] = {[WIRE_HOST] = "host", [WIRE_JOINER] = "joiner"};
static const char *const ask_names[] = {[WIRE_ASK_DRAW] = "draw",
                                        [WIRE_ASK_TAKEBACK] = "takeback",
                                        [WIRE_ASK_REMATCH] = "rematch"};
#define ASK_WORDS (int)(sizeof ask_names / sizeof ask_names[0])

/* RESULT's words, indexed by enum outcome and enum end_reason. */
static const char *const outcome_names[] = {
    [OUTCOME_ONGOING] = NULL,
    [OUTCOME_BLACK_WINS] = "black",
    [OUTCOME_WHITE_WINS] = "white",
    [OUTCOME_DRAW] = "draw",
};
#define OUTCOME_WORDS (int)(sizeof outcome_names / sizeof outcome_names[0])
static const char *const reason_names[] = {
    [END_NONE] = NULL,          [END_LINE] = "line",       [END_BOARD_FULL] = "full",
    [END_NO_LINE] = "noline",   [END_FORFEIT] = "forfeit", [END_RESIGN] = "resign",
    [END_NO_LEGAL_MOVE] = "nolegal", [END_AGREED] = "agreed", [END_TIME] = "time",
};
#define REASON_WORDS (int)(sizeof reason_names / sizeof reason_names[0])

/* CHOICE's words, indexed by enum opening_choice; NONE has none. */
static const char *const choice_names[] = {
    [OPENING_CHOICE_NONE] = NULL,
    [OPENING_TAKE_BLACK] = "black",
    [OPENING_TAKE_WHITE] = "white",
    [OPENING_PLACE_TWO] = "two",
};
#define CHOICE_WORDS (int)(sizeof choice_names / sizeof choice_names[0])

const char *wire_type_name(enum wire_type type)
{
    return (int)type >= 0 && (int)type < WIRE_TYPE_COUNT ? type_names[type] : "?";
}

/* ---- text ---- */

bool wire_text_check(const char *text, size_t len, char *err, size_t err_size)
{
    long cp;
    size_t at = utf8_first_bad(text, len, &cp);
    if (at == len)
        return true;
    if (cp < 0)
        return fmt_fail(err, err_size, "invalid UTF-8 at byte %zu", at);
    if (cp == 0)
        return fmt_fail(err, err_size, "NUL byte at byte %zu", at);
    return fmt_fail(err, err_size, "control character U+%04lX at byte %zu", cp, at);
}

/* What keeps `text` from being a name, in English (N_), or NULL. */
static const char *name_problem(const char *text)
{
    size_t len = strnlen(text, WIRE_NAME_MAX);
    char why[96];
    if (len == 0)
        return N_("a name cannot be empty");
    if (len >= WIRE_NAME_MAX)
        return N_("a name has at most 24 bytes");
    if (strpbrk(text, " ,") != NULL || (len == 1 && text[0] == '-'))
        return N_("a name has no space or comma, and is not '-'");
    if (!wire_text_check(text, len, why, sizeof why))
        return N_("a name is printable text");
    return NULL;
}

bool wire_name_check(const char *text, char *err, size_t err_size)
{
    const char *why = name_problem(text);
    return why == NULL || fmt_fail(err, err_size, "%s", _(why));
}

/* ---- decoding ---- */

/* How much of a peer's field an error quotes: at most 32 bytes, never a
 * part of a character, so that the reason is valid text too. */
static int quoted(const char *tok, size_t len)
{
    size_t n = len;
    if (n > 32) {
        n = 32;
        while (n > 0 && ((unsigned char)tok[n] & 0xc0) == 0x80)
            n--;
    }
    return (int)n;
}

/* The fields of a line not yet read; `type` names the message in errors. */
struct fields {
    const char *p, *end;
    const char *type;
};

/* The next space-separated field: false at the end of the line or on an
 * empty field (two spaces, or a space at the end). */
static bool next_field(struct fields *f, const char **tok, size_t *len, char *err,
                       size_t err_size, const char *what)
{
    if (f->p >= f->end)
        return fmt_fail(err, err_size, "%s: missing %s", f->type, what);
    const char *space = memchr(f->p, ' ', (size_t)(f->end - f->p));
    const char *stop = space != NULL ? space : f->end;
    if (stop == f->p)
        return fmt_fail(err, err_size, "%s: empty field before %s", f->type, what);
    *tok = f->p;
    *len = (size_t)(stop - f->p);
    f->p = space != NULL ? space + 1 : f->end;
    if (space != NULL && f->p == f->end)
        return fmt_fail(err, err_size, "%s: a space at the end of the line", f->type);
    return true;
}

static bool no_more(const struct fields *f, char *err, size_t err_size)
{
    return f->p == f->end || fmt_fail(err, err_size, "%s: unexpected field '%.*s'", f->type,
                                      quoted(f->p, (size_t)(f->end - f->p)), f->p);
}

static bool is_digits(const char *tok, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (tok[i] < '0' || tok[i] > '9')
            return false;
    return len > 0;
}

/* A number in min .. max. */
static bool field_number(struct fields *f, const char *what, int64_t min, int64_t max,
                         int64_t *out, char *err, size_t err_size)
{
    const char *tok = NULL;
    size_t len = 0;
    if (!next_field(f, &tok, &len, err, err_size, what))
        return false;
    if (!is_digits(tok, len) || len > 18)
        return fmt_fail(err, err_size, "%s: %s is not a number: '%.*s'", f->type, what,
                        quoted(tok, len), tok);
    int64_t v = 0;
    for (size_t i = 0; i < len; i++)
        v = v * 10 + (tok[i] - '0');
    if (v < min || v > max)
        return fmt_fail(err, err_size, "%s: %s %lld is out of range %lld..%lld", f->type, what,
                        (long long)v, (long long)min, (long long)max);
    *out = v;
    return true;
}

static bool field_int(struct fields *f, const char *what, int min, int max, int *out,
                      char *err, size_t err_size)
{
    int64_t v;
    if (!field_number(f, what, min, max, &v, err, err_size))
        return false;
    *out = (int)v;
    return true;
}

/* A time in ms, or "-" for none where `none_ok`. */
static bool field_ms(struct fields *f, const char *what, bool none_ok, int64_t *out,
                     char *err, size_t err_size)
{
    if (none_ok && f->end - f->p >= 1 && f->p[0] == '-' &&
        (f->end - f->p == 1 || f->p[1] == ' ')) {
        const char *tok = NULL;
        size_t len = 0;
        *out = WIRE_NO_CLOCK;
        return next_field(f, &tok, &len, err, err_size, what);
    }
    return field_number(f, what, 0, WIRE_MS_MAX, out, err, err_size);
}

/* One of `n` words; its index in *out. */
static bool field_word(struct fields *f, const char *what, const char *const words[], int n,
                       int *out, char *err, size_t err_size)
{
    const char *tok = NULL;
    size_t len = 0;
    if (!next_field(f, &tok, &len, err, err_size, what))
        return false;
    for (int i = 0; i < n; i++)
        if (words[i] != NULL && strlen(words[i]) == len && memcmp(words[i], tok, len) == 0) {
            *out = i;
            return true;
        }
    return fmt_fail(err, err_size, "%s: unknown %s '%.*s'", f->type, what,
                    quoted(tok, len), tok);
}

/* A field copied into buf[size] as a string; false when it does not fit. */
static bool field_copy(struct fields *f, const char *what, char *buf, size_t size,
                       char *err, size_t err_size)
{
    const char *tok = NULL;
    size_t len = 0;
    if (!next_field(f, &tok, &len, err, err_size, what))
        return false;
    if (len >= size)
        return fmt_fail(err, err_size, "%s: %s longer than %zu bytes", f->type, what, size - 1);
    memcpy(buf, tok, len);
    buf[len] = '\0';
    return true;
}

/* The rest of the line as text of at most max bytes; empty only where
 * `empty_ok`. The line's bytes were checked already (wire_text_check). */
static bool field_rest(struct fields *f, const char *what, bool empty_ok, char *buf, size_t max,
                       char *err, size_t err_size)
{
    size_t len = (size_t)(f->end - f->p);
    if (len == 0 && !empty_ok)
        return fmt_fail(err, err_size, "%s: missing %s", f->type, what);
    if (len > max)
        return fmt_fail(err, err_size, "%s: %s longer than %zu bytes", f->type, what, max);
    memcpy(buf, f->p, len);
    buf[len] = '\0';
    f->p = f->end;
    return true;
}

static bool is_token_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '+' || c == '~' || c == '-';
}

static bool token_ok(const char *s)
{
    for (const char *p = s; *p != '\0'; p++)
        if (!is_token_char(*p))
            return false;
    return s[0] != '\0';
}

static bool decode_hello(struct fields *f, struct wire_hello *h, char *err, size_t err_size)
{
    const char *tok = NULL;
    size_t len = 0;
    if (!next_field(f, &tok, &len, err, err_size, "version"))
        return false;
    const char *dot = memchr(tok, '.', len);
    size_t minor_len = dot != NULL ? len - (size_t)(dot + 1 - tok) : 0;
    if (dot == NULL || !is_digits(tok, (size_t)(dot - tok)) || !is_digits(dot + 1, minor_len) ||
        dot - tok > 3 || minor_len > 3)
        return fmt_fail(err, err_size, "HELLO: bad version '%.*s'", quoted(tok, len), tok);
    h->major = 0;
    for (const char *p = tok; p < dot; p++)
        h->major = h->major * 10 + (*p - '0');
    h->minor = 0;
    for (const char *p = dot + 1; p < tok + len; p++)
        h->minor = h->minor * 10 + (*p - '0');
    if (!field_copy(f, "program", h->program, sizeof h->program, err, err_size))
        return false;
    if (!token_ok(h->program))
        return fmt_fail(err, err_size, "HELLO: bad program name '%s'", h->program);
    return true;
}

static bool decode_settings(struct fields *f, struct wire_settings *s, char *err,
                            size_t err_size)
{
    char word[WIRE_TOKEN_MAX];
    int black = 0;
    if (!field_int(f, "width", 1, BOARD_MAX_SIDE, &s->width, err, err_size) ||
        !field_int(f, "height", 1, BOARD_MAX_SIDE, &s->height, err, err_size) ||
        !field_int(f, "k", 1, BOARD_MAX_SIDE, &s->win, err, err_size))
        return false;
    const char *why = board_check_size(s->width, s->height, s->win);
    if (why != NULL)
        return fmt_fail(err, err_size, "%s: %s", f->type, why);
    if (!field_copy(f, "rule", word, sizeof word, err, err_size))
        return false;
    if (!rule_parse(word, &s->rule))
        return fmt_fail(err, err_size, "%s: unknown rule '%s'", f->type, word);
    why = rule_check_win(s->rule, s->win);
    if (why != NULL)
        return fmt_fail(err, err_size, "%s: %s", f->type, why);
    if (!field_copy(f, "opening", word, sizeof word, err, err_size))
        return false;
    if (!opening_rule_parse(word, &s->opening))
        return fmt_fail(err, err_size, "%s: unknown opening rule '%s'", f->type, word);
    if (!field_word(f, "side", side_names, 2, &black, err, err_size))
        return false;
    s->black = (enum wire_side)black;
    return field_rest(f, "time control", false, s->time_control, sizeof s->time_control - 1,
                      err, err_size);
}

static bool decode_move(struct fields *f, struct wire_move *m, char *err, size_t err_size)
{
    return field_int(f, "ply", 1, BOARD_MAX_CELLS, &m->ply, err, err_size) &&
           field_int(f, "x", 0, BOARD_MAX_SIDE - 1, &m->x, err, err_size) &&
           field_int(f, "y", 0, BOARD_MAX_SIDE - 1, &m->y, err, err_size) &&
           field_ms(f, "time spent", false, &m->spent_ms, err, err_size) &&
           field_ms(f, "Black's clock", true, &m->black_ms, err, err_size) &&
           field_ms(f, "White's clock", true, &m->white_ms, err, err_size);
}

static bool decode_offer(struct fields *f, bool answer, struct wire_offer *o, char *err,
                         size_t err_size)
{
    static const char *const yes_no[] = {"no", "yes"};
    int ask = 0, yes = 0;
    if (!field_word(f, "offer", ask_names, ASK_WORDS, &ask, err, err_size) ||
        !field_int(f, "ply", 0, BOARD_MAX_CELLS, &o->ply, err, err_size) ||
        (answer && !field_word(f, "answer", yes_no, 2, &yes, err, err_size)))
        return false;
    o->ask = (enum wire_ask)ask;
    o->yes = yes == 1;
    return true;
}

/* Whether a result's reason is one of its outcome's: a draw's reasons for
 * a draw, a winner's for a win. */
static bool result_fits(const struct wire_result *r)
{
    if ((int)r->outcome <= OUTCOME_ONGOING || (int)r->outcome >= OUTCOME_WORDS ||
        (int)r->reason <= END_NONE || (int)r->reason >= REASON_WORDS)
        return false;
    bool drawn = r->reason == END_BOARD_FULL || r->reason == END_NO_LINE ||
                 r->reason == END_NO_LEGAL_MOVE || r->reason == END_AGREED;
    return drawn == (r->outcome == OUTCOME_DRAW);
}

static bool decode_result(struct fields *f, struct wire_result *r, char *err, size_t err_size)
{
    int outcome = 0, reason = 0;
    if (!field_int(f, "ply", 0, BOARD_MAX_CELLS, &r->ply, err, err_size) ||
        !field_word(f, "winner", outcome_names, OUTCOME_WORDS, &outcome, err, err_size) ||
        !field_word(f, "reason", reason_names, REASON_WORDS, &reason, err, err_size))
        return false;
    r->outcome = (enum outcome)outcome;
    r->reason = (enum end_reason)reason;
    if (!result_fits(r))
        return fmt_fail(err, err_size, "RESULT: %s is no reason for %s", reason_names[reason],
                        r->outcome == OUTCOME_DRAW ? "a draw" : "a win");
    return true;
}

/* A name, or "-" for none where none_ok (then ""). */
static bool field_name(struct fields *f, const char *what, bool none_ok, char out[WIRE_NAME_MAX],
                       char *err, size_t err_size)
{
    if (!field_copy(f, what, out, WIRE_NAME_MAX, err, err_size))
        return false;
    if (none_ok && strcmp(out, "-") == 0) {
        out[0] = '\0';
        return true;
    }
    const char *why = name_problem(out);
    return why == NULL || fmt_fail(err, err_size, "%s: %s: %s", f->type, what, why);
}

static bool is_hex(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

static bool decode_seat(struct fields *f, bool token, struct wire_seat *s, char *err,
                        size_t err_size)
{
    if (!field_int(f, "game", 1, WIRE_GAME_MAX, &s->game, err, err_size))
        return false;
    if (!token)
        return true;
    if (!field_copy(f, "token", s->token, sizeof s->token, err, err_size))
        return false;
    size_t len = strlen(s->token);
    return (len == WIRE_SEAT_HEX && is_hex(s->token, len)) ||
           fmt_fail(err, err_size, "%s: the token is not %d hex digits", f->type, WIRE_SEAT_HEX);
}

static bool decode_game(struct fields *f, bool listed, struct wire_game *g, char *err,
                        size_t err_size)
{
    int state = 0;
    if (!field_int(f, "game", 1, WIRE_GAME_MAX, &g->game, err, err_size) ||
        (listed && (!field_word(f, "state", state_names, STATE_WORDS, &state, err, err_size) ||
                    !field_int(f, "watchers", 0, 999999, &g->watchers, err, err_size))) ||
        !field_name(f, "host", false, g->host, err, err_size) ||
        !field_name(f, "joiner", true, g->joiner, err, err_size))
        return false;
    g->state = (enum wire_game_state)state;
    return !listed || decode_settings(f, &g->settings, err, err_size);
}

static bool decode_fields(enum wire_type type, struct fields *f, struct wire_msg *msg,
                          char *err, size_t err_size)
{
    int n = 0;
    switch (type) {
    case WIRE_HELLO:
        return decode_hello(f, &msg->hello, err, err_size);
    case WIRE_SETTINGS:
        return decode_settings(f, &msg->settings, err, err_size);
    case WIRE_ACCEPT:
    case WIRE_RESIGN:
    case WIRE_BYE:
        return true;
    case WIRE_DECLINE:
        return field_rest(f, "reason", true, msg->text, WIRE_CHAT_MAX, err, err_size);
    case WIRE_MOVE:
        return decode_move(f, &msg->move, err, err_size);
    case WIRE_CHOICE:
        if (!field_int(f, "ply", 0, BOARD_MAX_CELLS, &msg->choice.ply, err, err_size) ||
            !field_word(f, "choice", choice_names, CHOICE_WORDS, &n, err, err_size))
            return false;
        msg->choice.choice = (enum opening_choice)n;
        return true;
    case WIRE_OFFER:
    case WIRE_ANSWER:
        return decode_offer(f, type == WIRE_ANSWER, &msg->offer, err, err_size);
    case WIRE_CHAT:
        return field_rest(f, "text", false, msg->text, WIRE_CHAT_MAX, err, err_size);
    case WIRE_ERROR:
        return field_rest(f, "text", false, msg->text, WIRE_CHAT_MAX, err, err_size);
    case WIRE_PING:
    case WIRE_PONG:
        return field_number(f, "number", 0, WIRE_MS_MAX, &msg->ping, err, err_size);
    case WIRE_RESUME:
        return field_int(f, "ply", 0, BOARD_MAX_CELLS, &msg->resume, err, err_size);
    case WIRE_RESULT:
        return decode_result(f, &msg->result, err, err_size);
    case WIRE_UNDO:
        return field_int(f, "ply", 0, BOARD_MAX_CELLS, &msg->undo, err, err_size);
    case WIRE_NAME:
        return field_name(f, "name", false, msg->name, err, err_size);
    case WIRE_LIST:
        return true;
    case WIRE_LISTED:
        return field_int(f, "count", 0, WIRE_GAME_MAX, &msg->count, err, err_size);
    case WIRE_GAME:
    case WIRE_WATCHING:
        return decode_game(f, type == WIRE_GAME, &msg->game, err, err_size);
    case WIRE_CREATE:
        return decode_settings(f, &msg->settings, err, err_size);
    case WIRE_JOIN:
    case WIRE_WATCH:
        return decode_seat(f, false, &msg->seat, err, err_size);
    case WIRE_REJOIN:
    case WIRE_SEAT:
        return decode_seat(f, true, &msg->seat, err, err_size);
    case WIRE_REFUSED:
        return field_rest(f, "text", false, msg->text, WIRE_CHAT_MAX, err, err_size);
    }
    return fmt_fail(err, err_size, "no such message type");
}

enum wire_status wire_decode(const char *line, size_t len, struct wire_msg *msg, char *err,
                             size_t err_size)
{
    memset(msg, 0, sizeof *msg);
    if (len == 0) {
        fmt_fail(err, err_size, "empty line");
        return WIRE_MALFORMED;
    }
    if (len > WIRE_LINE_MAX) {
        fmt_fail(err, err_size, "line of %zu bytes, over %d", len, WIRE_LINE_MAX);
        return WIRE_MALFORMED;
    }
    char why[96];
    if (!wire_text_check(line, len, why, sizeof why)) {
        fmt_fail(err, err_size, "%s", why);
        return WIRE_MALFORMED;
    }
    const char *space = memchr(line, ' ', len);
    size_t word = space != NULL ? (size_t)(space - line) : len;
    int type = -1;
    for (int t = 0; t < WIRE_TYPE_COUNT; t++)
        if (strlen(type_names[t]) == word && memcmp(type_names[t], line, word) == 0)
            type = t;
    if (type < 0) {
        bool name = word > 0 && word <= 16;
        for (size_t i = 0; i < word && name; i++)
            name = line[i] >= 'A' && line[i] <= 'Z';
        fmt_fail(err, err_size, "unknown message type '%.*s'", quoted(line, word), line);
        return name ? WIRE_UNKNOWN : WIRE_MALFORMED;
    }
    struct fields f = {space != NULL ? space + 1 : line + len, line + len, type_names[type]};
    if (space != NULL && f.p == f.end) {
        fmt_fail(err, err_size, "%s: a space at the end of the line", f.type);
        return WIRE_MALFORMED;
    }
    msg->type = (enum wire_type)type;
    if (!decode_fields(msg->type, &f, msg, err, err_size) || !no_more(&f, err, err_size)) {
        enum wire_type t = msg->type;
        memset(msg, 0, sizeof *msg);
        msg->type = t;
        return WIRE_MALFORMED;
    }
    return WIRE_OK;
}

/* ---- encoding ---- */

static bool text_ok(const char *what, const char *s, bool empty_ok, size_t max, char *err,
                    size_t err_size)
{
    size_t len = strnlen(s, max + 1);
    if (len > max)
        return fmt_fail(err, err_size, "%s longer than %zu bytes", what, max);
    if (len == 0 && !empty_ok)
        return fmt_fail(err, err_size, "%s is empty", what);
    char why[96];
    if (!wire_text_check(s, len, why, sizeof why))
        return fmt_fail(err, err_size, "%s: %s", what, why);
    return true;
}

static bool in_range(const char *what, int64_t v, int64_t min, int64_t max, char *err,
                     size_t err_size)
{
    return (v >= min && v <= max) ||
           fmt_fail(err, err_size, "%s %lld is out of range %lld..%lld", what, (long long)v,
                    (long long)min, (long long)max);
}

static bool clock_ok(const char *what, int64_t ms, char *err, size_t err_size)
{
    return ms == WIRE_NO_CLOCK || in_range(what, ms, 0, WIRE_MS_MAX, err, err_size);
}

/* A clock as MOVE writes it, into buf[24]. */
static const char *clock_text(int64_t ms, char buf[24])
{
    if (ms == WIRE_NO_CLOCK)
        return "-";
    snprintf(buf, 24, "%lld", (long long)ms);
    return buf;
}

/* Whether SETTINGS' fields are in their ranges. */
static bool settings_ok(const struct wire_settings *s, char *err, size_t err_size)
{
    const char *why = board_check_size(s->width, s->height, s->win);
    if (why == NULL && ((int)s->rule < 0 || (int)s->rule >= RULE_COUNT))
        why = "no such rule";
    if (why == NULL)
        why = rule_check_win(s->rule, s->win);
    if (why == NULL && ((int)s->opening < 0 || (int)s->opening >= OPENING_RULE_COUNT))
        why = "no such opening rule";
    if (why == NULL && s->black != WIRE_HOST && s->black != WIRE_JOINER)
        why = "no such side";
    if (why != NULL)
        return fmt_fail(err, err_size, "%s", why);
    return text_ok("time control", s->time_control, false, sizeof s->time_control - 1, err,
                   err_size);
}

static bool name_ok(const char *what, const char *name, bool none_ok, char *err,
                    size_t err_size)
{
    if (none_ok && name[0] == '\0')
        return true;
    const char *why = name_problem(name);
    return why == NULL || fmt_fail(err, err_size, "%s: %s", what, why);
}

/* Checks the fields of *msg against wire.h's ranges. */
static bool check_fields(const struct wire_msg *msg, char *err, size_t err_size)
{
    switch (msg->type) {
    case WIRE_HELLO: {
        const struct wire_hello *h = &msg->hello;
        if (!in_range("major version", h->major, 0, 999, err, err_size) ||
            !in_range("minor version", h->minor, 0, 999, err, err_size))
            return false;
        if (strnlen(h->program, sizeof h->program) == sizeof h->program ||
            !token_ok(h->program))
            return fmt_fail(err, err_size, "bad program name");
        return true;
    }
    case WIRE_SETTINGS:
    case WIRE_CREATE:
        return settings_ok(&msg->settings, err, err_size);
    case WIRE_NAME:
        return name_ok("name", msg->name, false, err, err_size);
    case WIRE_LIST:
        return true;
    case WIRE_LISTED:
        return in_range("count", msg->count, 0, WIRE_GAME_MAX, err, err_size);
    case WIRE_GAME:
    case WIRE_WATCHING: {
        const struct wire_game *g = &msg->game;
        bool listed = msg->type == WIRE_GAME;
        return in_range("game", g->game, 1, WIRE_GAME_MAX, err, err_size) &&
               (!listed || ((int)g->state >= 0 && (int)g->state < STATE_WORDS) ||
                fmt_fail(err, err_size, "no such game state")) &&
               (!listed || in_range("watchers", g->watchers, 0, 999999, err, err_size)) &&
               name_ok("host", g->host, false, err, err_size) &&
               name_ok("joiner", g->joiner, true, err, err_size) &&
               (!listed || settings_ok(&g->settings, err, err_size));
    }
    case WIRE_JOIN:
    case WIRE_WATCH:
        return in_range("game", msg->seat.game, 1, WIRE_GAME_MAX, err, err_size);
    case WIRE_REJOIN:
    case WIRE_SEAT: {
        size_t len = strnlen(msg->seat.token, sizeof msg->seat.token);
        return in_range("game", msg->seat.game, 1, WIRE_GAME_MAX, err, err_size) &&
               ((len == WIRE_SEAT_HEX && is_hex(msg->seat.token, len)) ||
                fmt_fail(err, err_size, "the token is not %d hex digits", WIRE_SEAT_HEX));
    }
    case WIRE_REFUSED:
        return text_ok("text", msg->text, false, WIRE_CHAT_MAX, err, err_size);
    case WIRE_MOVE: {
        const struct wire_move *m = &msg->move;
        return in_range("ply", m->ply, 1, BOARD_MAX_CELLS, err, err_size) &&
               in_range("x", m->x, 0, BOARD_MAX_SIDE - 1, err, err_size) &&
               in_range("y", m->y, 0, BOARD_MAX_SIDE - 1, err, err_size) &&
               in_range("time spent", m->spent_ms, 0, WIRE_MS_MAX, err, err_size) &&
               clock_ok("Black's clock", m->black_ms, err, err_size) &&
               clock_ok("White's clock", m->white_ms, err, err_size);
    }
    case WIRE_CHOICE:
        return in_range("ply", msg->choice.ply, 0, BOARD_MAX_CELLS, err, err_size) &&
               (((int)msg->choice.choice > OPENING_CHOICE_NONE &&
                 (int)msg->choice.choice < CHOICE_WORDS) ||
                fmt_fail(err, err_size, "no such opening choice"));
    case WIRE_OFFER:
    case WIRE_ANSWER:
        return in_range("ply", msg->offer.ply, 0, BOARD_MAX_CELLS, err, err_size) &&
               (((int)msg->offer.ask >= 0 && (int)msg->offer.ask < ASK_WORDS) ||
                fmt_fail(err, err_size, "no such offer"));
    case WIRE_PING:
    case WIRE_PONG:
        return in_range("number", msg->ping, 0, WIRE_MS_MAX, err, err_size);
    case WIRE_RESUME:
        return in_range("ply", msg->resume, 0, BOARD_MAX_CELLS, err, err_size);
    case WIRE_RESULT:
        return in_range("ply", msg->result.ply, 0, BOARD_MAX_CELLS, err, err_size) &&
               (result_fits(&msg->result) || fmt_fail(err, err_size, "no such result"));
    case WIRE_UNDO:
        return in_range("ply", msg->undo, 0, BOARD_MAX_CELLS, err, err_size);
    case WIRE_DECLINE:
        return text_ok("reason", msg->text, true, WIRE_CHAT_MAX, err, err_size);
    case WIRE_CHAT:
    case WIRE_ERROR:
        return text_ok("text", msg->text, false, WIRE_CHAT_MAX, err, err_size);
    case WIRE_ACCEPT:
    case WIRE_RESIGN:
    case WIRE_BYE:
        return true;
    }
    return fmt_fail(err, err_size, "no such message type");
}

/* Appends SETTINGS' fields to the `n` bytes of buf: the new length, or -1
 * past the end. */
static int encode_settings(const struct wire_settings *s, char *buf, size_t size, int n)
{
    if (n < 0 || (size_t)n >= size)
        return -1;
    int more = snprintf(buf + n, size - (size_t)n, "%d %d %d %s %s %s %s", s->width, s->height,
                        s->win, rule_name(s->rule), opening_rule_name(s->opening),
                        side_names[s->black], s->time_control);
    return more < 0 ? -1 : n + more;
}

size_t wire_encode(const struct wire_msg *msg, char *buf, size_t size, char *err,
                   size_t err_size)
{
    if (!check_fields(msg, err, err_size))
        return 0;
    const char *name = type_names[msg->type];
    char b[24], w[24];
    int n = 0;
    switch (msg->type) {
    case WIRE_HELLO:
        n = snprintf(buf, size, "%s %d.%d %s", name, msg->hello.major, msg->hello.minor,
                     msg->hello.program);
        break;
    case WIRE_SETTINGS:
    case WIRE_CREATE:
        n = encode_settings(&msg->settings, buf, size, snprintf(buf, size, "%s ", name));
        break;
    case WIRE_NAME:
        n = snprintf(buf, size, "%s %s", name, msg->name);
        break;
    case WIRE_LISTED:
        n = snprintf(buf, size, "%s %d", name, msg->count);
        break;
    case WIRE_GAME: {
        const struct wire_game *g = &msg->game;
        n = snprintf(buf, size, "%s %d %s %d %s %s ", name, g->game, state_names[g->state],
                     g->watchers, g->host, g->joiner[0] != '\0' ? g->joiner : "-");
        n = encode_settings(&g->settings, buf, size, n);
        break;
    }
    case WIRE_WATCHING: {
        const struct wire_game *g = &msg->game;
        n = snprintf(buf, size, "%s %d %s %s", name, g->game, g->host,
                     g->joiner[0] != '\0' ? g->joiner : "-");
        break;
    }
    case WIRE_JOIN:
    case WIRE_WATCH:
        n = snprintf(buf, size, "%s %d", name, msg->seat.game);
        break;
    case WIRE_REJOIN:
    case WIRE_SEAT:
        n = snprintf(buf, size, "%s %d %s", name, msg->seat.game, msg->seat.token);
        break;
    case WIRE_MOVE: {
        const struct wire_move *m = &msg->move;
        n = snprintf(buf, size, "%s %d %d %d %lld %s %s", name, m->ply, m->x, m->y,
                     (long long)m->spent_ms, clock_text(m->black_ms, b),
                     clock_text(m->white_ms, w));
        break;
    }
    case WIRE_CHOICE:
        n = snprintf(buf, size, "%s %d %s", name, msg->choice.ply,
                     choice_names[msg->choice.choice]);
        break;
    case WIRE_OFFER:
        n = snprintf(buf, size, "%s %s %d", name, ask_names[msg->offer.ask], msg->offer.ply);
        break;
    case WIRE_ANSWER:
        n = snprintf(buf, size, "%s %s %d %s", name, ask_names[msg->offer.ask], msg->offer.ply,
                     msg->offer.yes ? "yes" : "no");
        break;
    case WIRE_PING:
    case WIRE_PONG:
        n = snprintf(buf, size, "%s %lld", name, (long long)msg->ping);
        break;
    case WIRE_RESUME:
        n = snprintf(buf, size, "%s %d", name, msg->resume);
        break;
    case WIRE_RESULT:
        n = snprintf(buf, size, "%s %d %s %s", name, msg->result.ply,
                     outcome_names[msg->result.outcome], reason_names[msg->result.reason]);
        break;
    case WIRE_UNDO:
        n = snprintf(buf, size, "%s %d", name, msg->undo);
        break;
    case WIRE_DECLINE:
        n = msg->text[0] != '\0' ? snprintf(buf, size, "%s %s", name, msg->text)
                                 : snprintf(buf, size, "%s", name);
        break;
    case WIRE_CHAT:
    case WIRE_ERROR:
    case WIRE_REFUSED:
        n = snprintf(buf, size, "%s %s", name, msg->text);
        break;
    default:
        n = snprintf(buf, size, "%s", name);
        break;
    }
    if (n < 0 || (size_t)n >= size || n > WIRE_LINE_MAX) {
        fmt_fail(err, err_size, "%s: no room for the line", name);
        return 0;
    }
    return (size_t)n;
}

/* ---- versions ---- */

void wire_hello_init(struct wire_msg *msg)
{
    memset(msg, 0, sizeof *msg);
    msg->type = WIRE_HELLO;
    msg->hello.major = WIRE_MAJOR;
    msg->hello.minor = WIRE_MINOR;
    snprintf(msg->hello.program, sizeof msg->hello.program, "%s", MNK_VERSION);
}

bool wire_hello_check(const struct wire_hello *hello, char *err, size_t err_size)
{
    if (hello->major == WIRE_MAJOR)
        return true;
    return fmt_fail(err, err_size,
                    _("the other side's mnk (%s) speaks version %d of the network protocol, "
                      "this one (%s) speaks version %d: both need the same version"),
                    hello->program, hello->major, MNK_VERSION, WIRE_MAJOR);
}
