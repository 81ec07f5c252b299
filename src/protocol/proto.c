/* proto.c — Gomocup protocol line parser; see proto.h. */
#include "protocol/proto.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <strings.h>

/* A cursor over the line being parsed; `end` excludes the terminator. */
struct scan {
    const char *p;
    const char *end;
};

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static void skip_blanks(struct scan *s)
{
    while (s->p < s->end && is_blank(*s->p))
        s->p++;
}

static bool at_end(struct scan *s)
{
    skip_blanks(s);
    return s->p == s->end;
}

/* Reads a decimal number in 0..max. On failure sets *why and returns false. */
static bool read_number(struct scan *s, long long max, long long *out, const char **why)
{
    skip_blanks(s);
    if (s->p < s->end && (*s->p == '-' || *s->p == '+')) {
        *why = *s->p == '-' ? "negative number" : "expected a number";
        return false;
    }
    if (s->p == s->end || !isdigit((unsigned char)*s->p)) {
        *why = "expected a number";
        return false;
    }
    long long v = 0;
    while (s->p < s->end && isdigit((unsigned char)*s->p)) {
        v = v * 10 + (*s->p - '0');
        if (v > max) {
            *why = "number too large";
            return false;
        }
        s->p++;
    }
    *out = v;
    return true;
}

static bool expect_comma(struct scan *s, const char **why)
{
    skip_blanks(s);
    if (s->p == s->end || *s->p != ',') {
        *why = "expected a comma between numbers";
        return false;
    }
    s->p++;
    return true;
}

/* Reads `n` comma-separated numbers, then the end of the line. */
static bool read_numbers(struct scan *s, int n, long long max, long long *v,
                         const char **why)
{
    for (int i = 0; i < n; i++) {
        if (i > 0 && !expect_comma(s, why))
            return false;
        if (!read_number(s, max, &v[i], why))
            return false;
    }
    if (!at_end(s)) {
        *why = "unexpected text after the arguments";
        return false;
    }
    return true;
}

/* Copies the rest of the line, blanks trimmed, cut to fit. */
static void copy_rest(struct scan *s, char *dst, size_t size)
{
    skip_blanks(s);
    size_t n = (size_t)(s->end - s->p);
    if (n >= size)
        n = size - 1;
    memcpy(dst, s->p, n);
    dst[n] = '\0';
}

bool proto_parse_swap2(const char *line, size_t len, struct proto_swap2 *out,
                       const char **why)
{
    struct scan s = { line, line + len };
    while (s.end > s.p && (s.end[-1] == '\n' || s.end[-1] == '\r'))
        s.end--;
    memset(out, 0, sizeof *out);
    skip_blanks(&s);
    if (s.end - s.p >= 4 && strncasecmp(s.p, "SWAP", 4) == 0) {
        s.p += 4;
        out->swap = true;
        if (!at_end(&s)) {
            *why = "unexpected text after SWAP";
            return false;
        }
        return true;
    }
    while (!at_end(&s)) {
        if (out->n == PROTO_SWAP2_MAX) {
            *why = "more than three moves";
            return false;
        }
        long long v[2];
        if (!read_number(&s, PROTO_NUMBER_MAX, &v[0], why) || !expect_comma(&s, why) ||
            !read_number(&s, PROTO_NUMBER_MAX, &v[1], why))
            return false;
        if (s.p < s.end && !is_blank(*s.p) && *s.p != ',') {
            *why = "expected moves x,y separated by blanks";
            return false;
        }
        out->x[out->n] = (int)v[0];
        out->y[out->n] = (int)v[1];
        out->n++;
    }
    if (out->n == 0) {
        *why = "expected SWAP or moves x,y";
        return false;
    }
    return true;
}

/* Commands and replies recognised by their first word. */
struct word {
    const char *name;
    enum proto_kind kind;
    int numbers;      /* comma-separated numbers that follow; -1: free text */
};

static const struct word words[] = {
    { "START", PROTO_START, 1 },
    { "RECTSTART", PROTO_RECTSTART, 2 },
    { "BEGIN", PROTO_BEGIN, 0 },
    { "TURN", PROTO_TURN, 2 },
    { "BOARD", PROTO_BOARD, 0 },
    { "SWAP2BOARD", PROTO_SWAP2BOARD, 0 },
    { "DONE", PROTO_DONE, 0 },
    { "INFO", PROTO_INFO, -1 },
    { "TAKEBACK", PROTO_TAKEBACK, 2 },
    { "PLAY", PROTO_PLAY, 2 },
    { "RESTART", PROTO_RESTART, 0 },
    { "ABOUT", PROTO_ABOUT, 0 },
    { "END", PROTO_END, 0 },
    { "OK", PROTO_OK, 0 },
    { "SUGGEST", PROTO_SUGGEST, 2 },
    { "MESSAGE", PROTO_MESSAGE, -1 },
    { "DEBUG", PROTO_DEBUG, -1 },
    { "ERROR", PROTO_ERROR, -1 },
    { "UNKNOWN", PROTO_UNKNOWN, -1 },
};

#define N_WORDS (sizeof words / sizeof words[0])

/* Larger INFO numbers are refused; those above INT_MAX are clamped to it
 * (2 GB of memory, 24 days of time: more than enough). */
#define INFO_NUMBER_MAX 999999999999999LL

/* INFO keys whose value is a number (milliseconds, bytes, a bitmask). */
static const char *const numeric_keys[] = {
    "timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule",
    "show_detail", "thread_num",
};

static void parse_info(struct scan *s, struct proto_cmd *cmd)
{
    skip_blanks(s);
    const char *key = s->p;
    while (s->p < s->end && !is_blank(*s->p))
        s->p++;
    size_t klen = (size_t)(s->p - key);
    if (klen == 0) {
        cmd->kind = PROTO_MALFORMED;
        cmd->error = "INFO needs a key and a value";
        return;
    }
    if (klen >= sizeof cmd->key) {
        cmd->kind = PROTO_MALFORMED;
        cmd->error = "INFO key too long";
        return;
    }
    for (size_t i = 0; i < klen; i++)
        cmd->key[i] = (char)tolower((unsigned char)key[i]);
    cmd->key[klen] = '\0';
    struct scan value = *s;
    copy_rest(s, cmd->text, sizeof cmd->text);
    for (size_t i = 0; i < sizeof numeric_keys / sizeof numeric_keys[0]; i++) {
        if (strcmp(cmd->key, numeric_keys[i]) != 0)
            continue;
        long long v;
        if (!read_numbers(&value, 1, INFO_NUMBER_MAX, &v, &cmd->error)) {
            cmd->kind = PROTO_MALFORMED;
            return;
        }
        cmd->a = v > INT_MAX ? INT_MAX : (int)v;
    }
}

void proto_parse(const char *line, size_t len, struct proto_cmd *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    struct scan s = { line, line + len };
    /* Cut the terminator (CR, LF or both) wherever the caller left it. */
    const char *eol = memchr(line, '\n', len);
    if (eol != NULL)
        s.end = eol;
    eol = memchr(line, '\r', (size_t)(s.end - line));
    if (eol != NULL)
        s.end = eol;
    while (s.end > s.p && is_blank(s.end[-1]))
        s.end--;
    skip_blanks(&s);
    if (s.p == s.end) {
        cmd->kind = PROTO_EMPTY;
        return;
    }
    if (s.end - s.p > PROTO_LINE_MAX) {
        cmd->kind = PROTO_MALFORMED;
        cmd->error = "line too long";
        return;
    }
    if (memchr(s.p, '\0', (size_t)(s.end - s.p)) != NULL) {
        cmd->kind = PROTO_MALFORMED;
        cmd->error = "NUL byte in line";
        return;
    }

    long long v[3];
    if (isdigit((unsigned char)*s.p) || *s.p == '-') {
        /* "x,y" (a move) or "x,y,field" (a BOARD line): count the commas. */
        int commas = 0;
        for (const char *q = s.p; q < s.end; q++)
            commas += *q == ',';
        int n = commas >= 2 ? 3 : 2;
        if (!read_numbers(&s, n, PROTO_NUMBER_MAX, v, &cmd->error)) {
            cmd->kind = PROTO_MALFORMED;
            return;
        }
        cmd->a = (int)v[0];
        cmd->b = (int)v[1];
        cmd->kind = PROTO_COORDS;
        if (n == 3) {
            if (v[2] < 1 || v[2] > 3) {
                cmd->kind = PROTO_MALFORMED;
                cmd->error = "field must be 1, 2 or 3";
                return;
            }
            cmd->c = (int)v[2];
            cmd->kind = PROTO_FIELD;
        }
        return;
    }

    const char *name = s.p;
    while (s.p < s.end && !is_blank(*s.p))
        s.p++;
    size_t nlen = (size_t)(s.p - name);
    const struct word *w = NULL;
    for (size_t i = 0; i < N_WORDS && w == NULL; i++)
        if (strlen(words[i].name) == nlen && strncasecmp(name, words[i].name, nlen) == 0)
            w = &words[i];
    if (w == NULL) {
        s.p = name;
        copy_rest(&s, cmd->text, sizeof cmd->text);
        cmd->kind = PROTO_OTHER;
        return;
    }
    cmd->kind = w->kind;
    if (w->kind == PROTO_INFO) {
        parse_info(&s, cmd);
        return;
    }
    if (w->numbers < 0) {
        copy_rest(&s, cmd->text, sizeof cmd->text);
        return;
    }
    if (!read_numbers(&s, w->numbers, PROTO_NUMBER_MAX, v, &cmd->error)) {
        cmd->kind = PROTO_MALFORMED;
        return;
    }
    cmd->a = w->numbers > 0 ? (int)v[0] : 0;
    cmd->b = w->numbers > 1 ? (int)v[1] : 0;
}

const char *proto_kind_name(enum proto_kind kind)
{
    switch (kind) {
    case PROTO_EMPTY:
        return "empty line";
    case PROTO_MALFORMED:
        return "malformed line";
    case PROTO_OTHER:
        return "unknown command";
    case PROTO_FIELD:
        return "x,y,field";
    case PROTO_COORDS:
        return "x,y";
    default:
        break;
    }
    for (size_t i = 0; i < N_WORDS; i++)
        if (words[i].kind == kind)
            return words[i].name;
    return "?";
}

int proto_rule_bits(enum rule rule)
{
    return rule_info(rule)->protocol_bits;
}

bool proto_rule_from_bits(int bits, enum rule *out)
{
    int known = PROTO_RULE_EXACT | PROTO_RULE_CONTINUOUS;
    for (int r = 0; r < RULE_COUNT; r++)
        known |= rule_info((enum rule)r)->protocol_bits;
    if (bits < 0 || (bits & ~known) != 0)
        return false;
    /* The continuous-game bit plays no part. Exactly five's bit names the
     * rule only alone; beside another rule's bit it is that rule's to
     * take or leave. Two other rules' bits together (renju with caro) name
     * no rule: no entry holds them both. */
    int named = bits & ~PROTO_RULE_CONTINUOUS;
    if ((named & ~PROTO_RULE_EXACT) != 0)
        named &= ~PROTO_RULE_EXACT;
    for (int r = 0; r < RULE_COUNT; r++)
        if (rule_info((enum rule)r)->protocol_bits == named) {
            *out = (enum rule)r;
            return true;
        }
    return false;
}

void proto_times_init(struct proto_times *t)
{
    t->timeout_turn = PROTO_TIME_UNSET;
    t->timeout_match = PROTO_TIME_UNSET;
    t->time_left = PROTO_TIME_UNSET;
}

struct time_control proto_time_control(const struct proto_times *t)
{
    struct time_control tc = timeman_no_limit();
    tc.piped = true;
    if (t->timeout_turn >= 0)
        tc.turn_ms = t->timeout_turn;
    /* timeout_match 0 means no clock; an unset timeout_match with a
     * time_left still means one. */
    if (t->timeout_match > 0)
        tc.left_ms = t->time_left >= 0 ? t->time_left : t->timeout_match;
    else if (t->timeout_match == PROTO_TIME_UNSET && t->time_left >= 0)
        tc.left_ms = t->time_left;
    return tc;
}
