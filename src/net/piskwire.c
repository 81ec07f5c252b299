/* piskwire.c — Piskvork's network-game messages as bytes; see piskwire.h. */
#include "net/piskwire.h"

#include <string.h>

#include "mnk/board.h"
#include "util/fmt.h"

static const char *const type_names[PISKWIRE_TYPE_COUNT] = {
    [PISKWIRE_INIT1] = "INIT1",
    [PISKWIRE_INIT2] = "INIT2",
    [PISKWIRE_INIT_DENY] = "INIT_DENY",
    [PISKWIRE_BUSY] = "BUSY",
    [PISKWIRE_INFO] = "INFO",
    [PISKWIRE_INFO_OK] = "INFO_OK",
    [PISKWIRE_MSG] = "MSG",
    [PISKWIRE_END] = "END",
    [PISKWIRE_UNDO_REQUEST] = "UNDO_REQUEST",
    [PISKWIRE_UNDO_YES] = "UNDO_YES",
    [PISKWIRE_UNDO_NO] = "UNDO_NO",
    [PISKWIRE_NEW_REQUEST] = "NEW_REQUEST",
    [PISKWIRE_NEW_YES] = "NEW_YES",
    [PISKWIRE_NEW_NO] = "NEW_NO",
    [PISKWIRE_MOVE] = "MOVE",
};

/* Each type's first byte; MOVE has none (its x). */
static const uint8_t codes[PISKWIRE_TYPE_COUNT] = {
    [PISKWIRE_INIT1] = PISKWIRE_C_INIT1,
    [PISKWIRE_INIT2] = PISKWIRE_C_INIT2,
    [PISKWIRE_INIT_DENY] = PISKWIRE_C_INIT_DENY,
    [PISKWIRE_BUSY] = PISKWIRE_C_BUSY,
    [PISKWIRE_INFO] = PISKWIRE_C_INFO,
    [PISKWIRE_INFO_OK] = PISKWIRE_C_INFO_OK,
    [PISKWIRE_MSG] = PISKWIRE_C_MSG,
    [PISKWIRE_END] = PISKWIRE_C_END,
    [PISKWIRE_UNDO_REQUEST] = PISKWIRE_C_UNDO_REQUEST,
    [PISKWIRE_UNDO_YES] = PISKWIRE_C_UNDO_YES,
    [PISKWIRE_UNDO_NO] = PISKWIRE_C_UNDO_NO,
    [PISKWIRE_NEW_REQUEST] = PISKWIRE_C_NEW_REQUEST,
    [PISKWIRE_NEW_YES] = PISKWIRE_C_NEW_YES,
    [PISKWIRE_NEW_NO] = PISKWIRE_C_NEW_NO,
    [PISKWIRE_MOVE] = 0,
};

#define INFO_FIELDS 5 /* width, height, begin, continuous, rule */

const char *piskwire_type_name(enum piskwire_type type)
{
    return (int)type >= 0 && (int)type < PISKWIRE_TYPE_COUNT ? type_names[type] : "?";
}

static bool side_ok(int n)
{
    return n >= PISKWIRE_MIN_SIDE && n <= BOARD_MAX_SIDE;
}

static bool rule_ok(int r)
{
    return r == PISKWIRE_RULE_FREESTYLE || r == PISKWIRE_RULE_EXACT ||
           r == PISKWIRE_RULE_RENJU || r == PISKWIRE_RULE_CARO ||
           r == PISKWIRE_RULE_CARO_EXACT;
}

/* ---- text ---- */

/* Appends code point cp to out[0 .. *n) as UTF-8 when it fits in max
 * bytes; false when it does not. */
static bool put_utf8(char *out, size_t *n, size_t max, uint32_t cp)
{
    char b[4];
    size_t k;
    if (cp < 0x80) {
        b[0] = (char)cp;
        k = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xc0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3f));
        k = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xe0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (char)(0x80 | (cp & 0x3f));
        k = 3;
    } else {
        b[0] = (char)(0xf0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[3] = (char)(0x80 | (cp & 0x3f));
        k = 4;
    }
    if (*n + k > max)
        return false;
    /* A character the screen must not get (a control, a bidi override...)
     * becomes the replacement character. */
    if (!wire_text_check(b, k, NULL, 0))
        return put_utf8(out, n, max, 0xfffd);
    memcpy(out + *n, b, k);
    *n += k;
    return true;
}

/* UTF-16LE units u[0 .. units) into msg->chat; false when nothing is left. */
static bool decode_text(const uint8_t *u, size_t units, struct piskwire_msg *msg)
{
    size_t n = 0;
    msg->chat.cut = false;
    for (size_t i = 0; i < units; i++) {
        uint32_t c = (uint32_t)u[2 * i] | (uint32_t)u[2 * i + 1] << 8;
        if (c == 0)
            break;
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < units) {
            uint32_t d = (uint32_t)u[2 * i + 2] | (uint32_t)u[2 * i + 3] << 8;
            if (d >= 0xdc00 && d <= 0xdfff) {
                c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
                i++;
            }
        }
        if (c >= 0xd800 && c <= 0xdfff)
            c = 0xfffd; /* a lone surrogate */
        if (!put_utf8(msg->chat.text, &n, PISKWIRE_TEXT_MAX, c)) {
            msg->chat.cut = true;
            break;
        }
    }
    msg->chat.text[n] = '\0';
    return n > 0;
}

/* ---- decoding ---- */

/* A malformed message of n bytes (err was written). */
static enum piskwire_status bad(size_t *used, size_t n)
{
    *used = n;
    return PISKWIRE_MALFORMED;
}

static enum piskwire_status ok(size_t *used, size_t n)
{
    *used = n;
    return PISKWIRE_OK;
}

static enum piskwire_status decode_move(const uint8_t *buf, size_t len, int height,
                                        struct piskwire_msg *msg, size_t *used, char *err,
                                        size_t err_size)
{
    if (len < 2)
        return PISKWIRE_NEED_MORE;
    if (buf[1] >= height)
        return fmt_fail(err, err_size, "MOVE: row %d is off a board %d high", buf[1], height),
               bad(used, 6);
    if (len < 6)
        return PISKWIRE_NEED_MORE;
    uint32_t t = (uint32_t)buf[2] << 24 | (uint32_t)buf[3] << 16 | (uint32_t)buf[4] << 8 | buf[5];
    if (t > INT32_MAX)
        return fmt_fail(err, err_size, "MOVE: a time of %lu ms, more than %ld",
                        (unsigned long)t, (long)INT32_MAX),
               bad(used, 6);
    msg->type = PISKWIRE_MOVE;
    msg->move.x = buf[0];
    msg->move.y = buf[1];
    msg->move.time_ms = (int32_t)t;
    return ok(used, 6);
}

static enum piskwire_status decode_info(const uint8_t *buf, size_t len,
                                        struct piskwire_msg *msg, size_t *used, char *err,
                                        size_t err_size)
{
    if (len < 2)
        return PISKWIRE_NEED_MORE;
    size_t n = buf[1];
    if (n < 2)
        return fmt_fail(err, err_size, "INFO: %zu bytes of settings, 2 at least", n),
               bad(used, 2 + n);
    if (len < 2 + n)
        return PISKWIRE_NEED_MORE;
    uint8_t f[INFO_FIELDS] = {0};
    memcpy(f, buf + 2, n < INFO_FIELDS ? n : INFO_FIELDS);
    if (!side_ok(f[0]) || !side_ok(f[1]))
        return fmt_fail(err, err_size, "INFO: a board of %dx%d, not %d to %d a side", f[0], f[1],
                        PISKWIRE_MIN_SIDE, BOARD_MAX_SIDE),
               bad(used, 2 + n);
    if (!rule_ok(f[4]))
        return fmt_fail(err, err_size, "INFO: an unknown rule %d", f[4]), bad(used, 2 + n);
    msg->type = PISKWIRE_INFO;
    msg->info.width = f[0];
    msg->info.height = f[1];
    msg->info.begin = f[2] != 0;
    msg->info.continuous = f[3] != 0;
    msg->info.rule = (enum piskwire_rule)f[4];
    return ok(used, 2 + n);
}

static enum piskwire_status decode_chat(const uint8_t *buf, size_t len,
                                        struct piskwire_msg *msg, size_t *used, char *err,
                                        size_t err_size)
{
    if (len < 3)
        return PISKWIRE_NEED_MORE;
    size_t units = (size_t)buf[1] << 8 | buf[2];
    if (units == 0)
        return fmt_fail(err, err_size, "MSG: an empty line"), bad(used, 3);
    if (units > PISKWIRE_MSG_UNITS_MAX)
        return fmt_fail(err, err_size, "MSG: a line of %zu characters, more than %d", units,
                        PISKWIRE_MSG_UNITS_MAX),
               bad(used, 3 + 2 * units);
    if (len < 3 + 2 * units)
        return PISKWIRE_NEED_MORE;
    msg->type = PISKWIRE_MSG;
    if (!decode_text(buf + 3, units, msg))
        return fmt_fail(err, err_size, "MSG: an empty line"), bad(used, 3 + 2 * units);
    return ok(used, 3 + 2 * units);
}

enum piskwire_status piskwire_decode(const uint8_t *buf, size_t len, int width, int height,
                                     struct piskwire_msg *msg, size_t *used, char *err,
                                     size_t err_size)
{
    *used = 0;
    if (err_size > 0)
        err[0] = '\0';
    if (len == 0)
        return PISKWIRE_NEED_MORE;
    int c = buf[0];
    if (c < width)
        return decode_move(buf, len, height, msg, used, err, err_size);
    switch (c) {
    case PISKWIRE_C_INIT1:
    case PISKWIRE_C_INIT2:
        if (len < 2)
            return PISKWIRE_NEED_MORE;
        if (buf[1] == 0)
            return fmt_fail(err, err_size, "INIT%d: version 0", c == PISKWIRE_C_INIT1 ? 1 : 2),
                   bad(used, 2);
        msg->type = c == PISKWIRE_C_INIT1 ? PISKWIRE_INIT1 : PISKWIRE_INIT2;
        msg->version = buf[1];
        return ok(used, 2);
    case PISKWIRE_C_INFO:
        return decode_info(buf, len, msg, used, err, err_size);
    case PISKWIRE_C_MSG:
        return decode_chat(buf, len, msg, used, err, err_size);
    case PISKWIRE_C_UNDO_REQUEST: {
        if (len < 3)
            return PISKWIRE_NEED_MORE;
        int keep = buf[1] << 8 | buf[2];
        if (keep < 1 || keep > BOARD_MAX_CELLS)
            return fmt_fail(err, err_size, "UNDO_REQUEST: keep %d moves, not 1 to %d", keep,
                            BOARD_MAX_CELLS),
                   bad(used, 3);
        msg->type = PISKWIRE_UNDO_REQUEST;
        msg->keep = keep;
        return ok(used, 3);
    }
    default:
        /* The codes of one byte: the cases above took those with fields. */
        for (int t = 0; t < PISKWIRE_TYPE_COUNT; t++)
            if (t != PISKWIRE_MOVE && codes[t] == c) {
                msg->type = (enum piskwire_type)t;
                return ok(used, 1);
            }
        if (width > 0)
            return fmt_fail(err, err_size, "an unknown message %d, or a move off a board %d wide",
                            c, width),
                   bad(used, 1);
        return fmt_fail(err, err_size, "an unknown message %d", c), bad(used, 1);
    }
}

/* ---- encoding ---- */

/* The UTF-8 text as UTF-16LE units into out (2 * PISKWIRE_MSG_UNITS_MAX
 * bytes): their number, or 0 when there are too many. The text was
 * checked: valid UTF-8. */
static size_t encode_text(const char *text, uint8_t *out)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t units = 0;
    while (*s != '\0') {
        uint32_t cp;
        if (s[0] < 0x80) {
            cp = s[0];
            s += 1;
        } else if (s[0] < 0xe0) {
            cp = (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
            s += 2;
        } else if (s[0] < 0xf0) {
            cp = (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
            s += 3;
        } else {
            cp = (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
                 (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
            s += 4;
        }
        uint32_t u[2] = {cp, 0};
        size_t k = 1;
        if (cp >= 0x10000) {
            u[0] = 0xd800 + ((cp - 0x10000) >> 10);
            u[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
            k = 2;
        }
        if (units + k > PISKWIRE_MSG_UNITS_MAX)
            return 0;
        for (size_t i = 0; i < k; i++, units++) {
            out[2 * units] = (uint8_t)(u[i] & 0xff);
            out[2 * units + 1] = (uint8_t)(u[i] >> 8);
        }
    }
    return units;
}

size_t piskwire_encode(const struct piskwire_msg *msg, uint8_t *buf, size_t size, char *err,
                       size_t err_size)
{
    uint8_t out[PISKWIRE_MSG_MAX];
    size_t n = 0;
    switch (msg->type) {
    case PISKWIRE_INIT1:
    case PISKWIRE_INIT2:
        if (msg->version < 1 || msg->version > 255)
            return fmt_fail(err, err_size, "%s: version %d", type_names[msg->type],
                            msg->version), 0;
        out[n++] = codes[msg->type];
        out[n++] = (uint8_t)msg->version;
        break;
    case PISKWIRE_INFO: {
        const struct piskwire_info *i = &msg->info;
        if (!side_ok(i->width) || !side_ok(i->height))
            return fmt_fail(err, err_size, "INFO: a board of %dx%d", i->width, i->height), 0;
        if (!rule_ok((int)i->rule))
            return fmt_fail(err, err_size, "INFO: rule %d", (int)i->rule), 0;
        out[n++] = PISKWIRE_C_INFO;
        out[n++] = INFO_FIELDS;
        out[n++] = (uint8_t)i->width;
        out[n++] = (uint8_t)i->height;
        out[n++] = i->begin ? 1 : 0;
        out[n++] = i->continuous ? 1 : 0;
        out[n++] = (uint8_t)i->rule;
        break;
    }
    case PISKWIRE_MSG: {
        size_t len = strnlen(msg->chat.text, sizeof msg->chat.text);
        if (len == 0 || len == sizeof msg->chat.text)
            return fmt_fail(err, err_size, "MSG: an empty or unterminated line"), 0;
        if (!wire_text_check(msg->chat.text, len, err, err_size))
            return 0;
        size_t units = encode_text(msg->chat.text, out + 3);
        if (units == 0)
            return fmt_fail(err, err_size, "MSG: more than %d characters",
                            PISKWIRE_MSG_UNITS_MAX), 0;
        out[0] = PISKWIRE_C_MSG;
        out[1] = (uint8_t)(units >> 8);
        out[2] = (uint8_t)(units & 0xff);
        n = 3 + 2 * units;
        break;
    }
    case PISKWIRE_UNDO_REQUEST:
        if (msg->keep < 1 || msg->keep > BOARD_MAX_CELLS)
            return fmt_fail(err, err_size, "UNDO_REQUEST: keep %d", msg->keep), 0;
        out[n++] = PISKWIRE_C_UNDO_REQUEST;
        out[n++] = (uint8_t)(msg->keep >> 8);
        out[n++] = (uint8_t)(msg->keep & 0xff);
        break;
    case PISKWIRE_MOVE: {
        const struct piskwire_move *m = &msg->move;
        if (m->x < 0 || m->x >= BOARD_MAX_SIDE || m->y < 0 || m->y >= BOARD_MAX_SIDE ||
            m->time_ms < 0)
            return fmt_fail(err, err_size, "MOVE: %d,%d after %d ms", m->x, m->y,
                            (int)m->time_ms), 0;
        uint32_t t = (uint32_t)m->time_ms;
        out[n++] = (uint8_t)m->x;
        out[n++] = (uint8_t)m->y;
        out[n++] = (uint8_t)(t >> 24);
        out[n++] = (uint8_t)(t >> 16);
        out[n++] = (uint8_t)(t >> 8);
        out[n++] = (uint8_t)t;
        break;
    }
    default:
        if ((int)msg->type < 0 || (int)msg->type >= PISKWIRE_TYPE_COUNT)
            return fmt_fail(err, err_size, "an unknown type %d", (int)msg->type), 0;
        out[n++] = codes[msg->type];
        break;
    }
    if (n > size)
        return fmt_fail(err, err_size, "%s: %zu bytes do not fit in %zu",
                        type_names[msg->type], n, size), 0;
    memcpy(buf, out, n);
    return n;
}
