/* record.c — SGF and PSQ game records; see record.h. */
#include "io/record.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/players.h"

/* Records longer than this are not games of ours: the largest board has 676
 * cells, and a generous SGF spends well under 100 bytes a move. */
#define RECORD_MAX_BYTES (1 << 20)

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes the reason and returns false. Reasons quote bytes of the file, so
 * anything outside printable ASCII becomes '?': the reason stays one line
 * and cannot put control sequences on a terminal or a curses screen. */
static bool fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (size > 0)
        vsnprintf(err, size, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < size && err[i] != '\0'; i++)
        if (err[i] < 0x20 || err[i] >= 0x7f)
            err[i] = '?';
    return false;
}

bool record_format_for_path(const char *path, enum record_format *out)
{
    const char *dot = strrchr(path, '.');
    if (dot == NULL)
        return false;
    if (strcasecmp(dot, ".sgf") == 0)
        *out = RECORD_SGF;
    else if (strcasecmp(dot, ".psq") == 0)
        *out = RECORD_PSQ;
    else
        return false;
    return true;
}

/* ---- writing ---------------------------------------------------------- */

/* SGF simpletext: ']' and '\' are escaped. */
static void sgf_text(FILE *out, const char *s)
{
    for (; *s != '\0'; s++) {
        if (*s == ']' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
}

static void write_sgf(FILE *out, const struct game *g, const struct record_notes *notes)
{
    const struct board *b = &g->board;
    const struct game_config *c = &g->config;
    fprintf(out, "(;FF[4]GM[4]CA[UTF-8]AP[mnk]");
    if (b->width == b->height)
        fprintf(out, "SZ[%d]", b->width);
    else
        fprintf(out, "SZ[%d:%d]", b->width, b->height);
    char name[GAME_PLAYER_SPEC_MAX];
    fprintf(out, "RU[%s]WIN[%d]\nPB[", rule_name(b->rule), b->win);
    sgf_text(out, players_record_name(&c->player[0], name, sizeof name));
    fputs("]PW[", out);
    sgf_text(out, players_record_name(&c->player[1], name, sizeof name));
    fprintf(out, "]MS[%d:%d]", c->player[0].time_ms, c->player[1].time_ms);
    const struct result *r = &g->result;
    if (r->outcome != OUTCOME_ONGOING) {
        char winner = r->outcome == OUTCOME_BLACK_WINS ? 'B' : 'W';
        if (r->outcome == OUTCOME_DRAW)
            fputs("RE[0]", out);
        else if (r->reason == END_FORFEIT)
            fprintf(out, "RE[%c+F]", winner);
        else if (r->reason == END_RESIGN)
            fprintf(out, "RE[%c+R]", winner);
        else
            fprintf(out, "RE[%c+]", winner);
    }
    if (notes != NULL && notes->root_comment != NULL) {
        fputs("\nGC[", out);
        sgf_text(out, notes->root_comment);
        fputc(']', out);
    }
    for (int i = 0; i < g->ply; i++) {
        int pos = g->moves[i];
        const struct record_note *n = notes != NULL ? &notes->move[i] : NULL;
        const char *comment = n != NULL ? n->comment : NULL;
        bool hinted = g->hinted[i];
        bool noted = hinted || (n != NULL && (comment != NULL || n->props != NULL));
        fprintf(out, "%s;%c[%c%c]", i % 10 == 0 || noted ? "\n" : "", i % 2 ? 'W' : 'B',
                'a' + board_x(b, pos), 'a' + board_y(b, pos));
        if (n != NULL && n->props != NULL)
            fputs(n->props, out);
        if (hinted)
            fputs("HINT[1]", out);
        if (comment != NULL || hinted) {
            fputs("C[", out);
            if (comment != NULL)
                sgf_text(out, comment);
            if (hinted)
                fprintf(out, "%s%s asked for a hint before this move.", comment != NULL ? " " : "",
                        i % 2 ? "White" : "Black");
            fputc(']', out);
        }
    }
    fputs(")\n", out);
}

static void write_psq(FILE *out, const struct game *g)
{
    const struct board *b = &g->board;
    fprintf(out, "Piskvorky %dx%d, 11:11, 0\n", b->width, b->height);
    for (int i = 0; i < g->ply; i++)
        fprintf(out, "%d,%d,0\n", board_x(b, g->moves[i]) + 1,
                board_y(b, g->moves[i]) + 1);
    fputs("-1\n", out);
}

bool record_write_notes(FILE *out, const struct game *g, const struct record_notes *notes)
{
    write_sgf(out, g, notes);
    return fflush(out) == 0 && !ferror(out);
}

bool record_write(FILE *out, const struct game *g, enum record_format fmt)
{
    if (fmt == RECORD_SGF)
        write_sgf(out, g, NULL);
    else
        write_psq(out, g);
    return fflush(out) == 0 && !ferror(out);
}

/* ---- reading ---------------------------------------------------------- */

/* What a record says, before it is replayed into a game. */
struct parsed {
    struct game_config config;
    int moves[BOARD_MAX_CELLS];
    bool hinted[BOARD_MAX_CELLS];   /* HINT on the node of moves[i] */
    int n_moves;
    enum stone conceded_by; /* STONE_NONE, or the loser by forfeit/resign */
    enum end_reason concession;
};

struct cursor {
    const char *p, *end;
};

static void skip_space(struct cursor *c)
{
    while (c->p < c->end && isspace((unsigned char)*c->p))
        c->p++;
}

/* Reads a property value after '[' up to the matching ']', unescaping, into
 * buf (truncated to size). False if the value never closes. */
static bool sgf_value(struct cursor *c, char *buf, size_t size)
{
    size_t n = 0;
    while (c->p < c->end && *c->p != ']') {
        if (*c->p == '\\' && c->p + 1 < c->end)
            c->p++;
        if (n + 1 < size)
            buf[n++] = *c->p;
        c->p++;
    }
    buf[n] = '\0';
    if (c->p >= c->end)
        return false;
    c->p++; /* the ']' */
    return true;
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (errno != 0 || end == s || *end != '\0' || v < -1000000 || v > 1000000)
        return false;
    *out = (int)v;
    return true;
}

/* "a:b" into two ints. */
static bool parse_pair(const char *s, int *a, int *b)
{
    char left[32];
    const char *colon = strchr(s, ':');
    if (colon == NULL || (size_t)(colon - s) >= sizeof left)
        return false;
    memcpy(left, s, (size_t)(colon - s));
    left[colon - s] = '\0';
    return parse_int(left, a) && parse_int(colon + 1, b);
}

/* A record names its players; it never starts a program (players.h). */
static bool sgf_player(const char *value, struct player *p)
{
    if (strlen(value) >= sizeof p->spec)
        return false;
    players_from_record(value, p);
    return true;
}

/* Applies one SGF property of the main line. */
static bool sgf_property(struct parsed *r, const char *id, const char *value,
                         bool *sized, char *err, size_t err_size)
{
    struct game_config *c = &r->config;
    if (strcmp(id, "GM") == 0) {
        int gm;
        if (!parse_int(value, &gm) || gm != 4)
            return fail(err, err_size, "not a gomoku record (GM[%s], expected GM[4])", value);
    } else if (strcmp(id, "SZ") == 0) {
        int w, h;
        if (strchr(value, ':') != NULL ? !parse_pair(value, &w, &h)
                                       : !(parse_int(value, &w) && (h = w, true)))
            return fail(err, err_size, "bad board size SZ[%s]", value);
        c->width = w;
        c->height = h;
        *sized = true;
    } else if (strcmp(id, "RU") == 0) {
        enum rule rule;
        if (rule_parse(value, &rule))
            c->rule = rule; /* other programs' rule names leave freestyle */
    } else if (strcmp(id, "WIN") == 0) {
        if (!parse_int(value, &c->win))
            return fail(err, err_size, "bad win length WIN[%s]", value);
    } else if (strcmp(id, "PB") == 0 || strcmp(id, "PW") == 0) {
        if (!sgf_player(value, &c->player[id[1] == 'B' ? 0 : 1]))
            return fail(err, err_size, "player name too long in %s", id);
    } else if (strcmp(id, "MS") == 0) {
        parse_pair(value, &c->player[0].time_ms, &c->player[1].time_ms);
    } else if (strcmp(id, "RE") == 0) {
        if ((value[0] == 'B' || value[0] == 'W') && value[1] == '+' &&
            (value[2] == 'F' || value[2] == 'R' || value[2] == 'T')) {
            r->conceded_by = value[0] == 'B' ? STONE_WHITE : STONE_BLACK;
            r->concession = value[2] == 'R' ? END_RESIGN : END_FORFEIT;
        }
    } else if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        int expect = r->n_moves % 2 == 0 ? 'B' : 'W';
        if (id[0] != expect)
            return fail(err, err_size, "move %d is %s's, but the record gives it to %s",
                        r->n_moves + 1, expect == 'B' ? "Black" : "White",
                        id[0] == 'B' ? "Black" : "White");
        if (!*sized)
            c->width = c->height = 15;
        *sized = true;
        int x = value[0] - 'a', y = value[1] - 'a';
        if (strlen(value) != 2 || x < 0 || y < 0 || x >= c->width || y >= c->height)
            return fail(err, err_size, "move %d: '%s' is not a cell of the board",
                        r->n_moves + 1, value);
        if (r->n_moves >= BOARD_MAX_CELLS)
            return fail(err, err_size, "too many moves");
        r->moves[r->n_moves++] = y * c->width + x;
    } else if (strcmp(id, "HINT") == 0) {
        if (r->n_moves > 0)
            r->hinted[r->n_moves - 1] = true;
    } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
        return fail(err, err_size, "set-up stones (%s) are not supported", id);
    }
    return true;
}

static bool parse_sgf(const char *text, size_t len, struct parsed *r, char *err,
                      size_t err_size)
{
    struct cursor c = { text, text + len };
    bool sized = false, started = false;
    char id[8], value[GAME_PLAYER_SPEC_MAX + 64];
    skip_space(&c);
    if (c.p >= c.end || *c.p != '(')
        return fail(err, err_size, "not an SGF record (no opening '(')");
    c.p++;
    /* Every '(' met descends into the first variation; the first ')' ends
     * the main line. */
    while (c.p < c.end) {
        skip_space(&c);
        if (c.p >= c.end)
            break;
        char ch = *c.p;
        if (ch == ')')
            return started || fail(err, err_size, "empty SGF record");
        if (ch == '(' || ch == ';') {
            started |= ch == ';';
            c.p++;
            continue;
        }
        if (!isupper((unsigned char)ch))
            return fail(err, err_size, "unexpected '%c' in SGF", ch);
        size_t n = 0;
        while (c.p < c.end && isupper((unsigned char)*c.p)) {
            if (n + 1 >= sizeof id)
                return fail(err, err_size, "property name too long in SGF");
            id[n++] = *c.p++;
        }
        id[n] = '\0';
        skip_space(&c);
        if (c.p >= c.end || *c.p != '[')
            return fail(err, err_size, "property %s has no value", id);
        while (c.p < c.end && *c.p == '[') {
            c.p++;
            if (!sgf_value(&c, value, sizeof value))
                return fail(err, err_size, "unterminated value of %s", id);
            if (!sgf_property(r, id, value, &sized, err, err_size))
                return false;
            skip_space(&c);
        }
    }
    return fail(err, err_size, "SGF record ends early (missing ')')");
}

/* Splits off the next line of the cursor into buf; false at the end. */
static bool next_line(struct cursor *c, char *buf, size_t size)
{
    if (c->p >= c->end)
        return false;
    size_t n = 0;
    while (c->p < c->end && *c->p != '\n') {
        if (*c->p != '\r' && n + 1 < size)
            buf[n++] = *c->p;
        c->p++;
    }
    if (c->p < c->end)
        c->p++;
    buf[n] = '\0';
    return true;
}

/* Reads an optionally signed decimal at *s, after blanks, and moves *s past
 * it. Values beyond +-PSQ_NUMBER_MAX come out as that bound plus one, so no
 * digit string can overflow and a huge number is still refused as such. */
#define PSQ_NUMBER_MAX 1000000
static bool psq_number(const char **s, int *out)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    int v = 0;
    for (; isdigit((unsigned char)*p); p++)
        v = v > PSQ_NUMBER_MAX ? v : v * 10 + (*p - '0');
    *out = negative ? -v : v;
    *s = p;
    return true;
}

/* "x,y" or "x,y,ms" (anything after is ignored); false for any other line. */
static bool psq_move(const char *line, int *x, int *y)
{
    return psq_number(&line, x) && *line++ == ',' && psq_number(&line, y);
}

static bool parse_psq(const char *text, size_t len, struct parsed *r, char *err,
                      size_t err_size)
{
    struct cursor c = { text, text + len };
    char line[256];
    const char *p = line;
    int w, h;
    if (!next_line(&c, line, sizeof line) || strncmp(line, "Piskvorky ", 10) != 0 ||
        (p += 10, !psq_number(&p, &w)) || *p++ != 'x' || !psq_number(&p, &h))
        return fail(err, err_size, "not a PSQ record (expected 'Piskvorky WxH, ...')");
    if (w < BOARD_MIN_SIDE || w > BOARD_MAX_SIDE || h < BOARD_MIN_SIDE || h > BOARD_MAX_SIDE)
        return fail(err, err_size, "PSQ board %dx%d: each side must be %d..%d", w, h,
                    BOARD_MIN_SIDE, BOARD_MAX_SIDE);
    r->config.width = w;
    r->config.height = h;
    r->config.win = 5;
    int x, y;
    while (next_line(&c, line, sizeof line) && psq_move(line, &x, &y)) {
        /* the move list ends at "-1" or the first other line */
        if (x < 1 || y < 1 || x > w || y > h)
            return fail(err, err_size, "move %d: %d,%d is off the %dx%d board",
                        r->n_moves + 1, x, y, w, h);
        if (r->n_moves >= BOARD_MAX_CELLS)
            return fail(err, err_size, "too many moves");
        r->moves[r->n_moves++] = (y - 1) * w + (x - 1);
    }
    return true;
}

bool record_parse(const char *text, size_t len, enum record_format fmt,
                  struct game *g, char *err, size_t err_size)
{
    struct parsed *r = calloc(1, sizeof *r); /* too big for the stack */
    if (r == NULL)
        return fail(err, err_size, "out of memory");
    game_config_default(&r->config);
    bool ok = fmt == RECORD_SGF ? parse_sgf(text, len, r, err, err_size)
                                : parse_psq(text, len, r, err, err_size);
    struct game *replay = ok ? malloc(sizeof *replay) : NULL;
    if (ok && replay == NULL)
        ok = fail(err, err_size, "out of memory");
    if (ok) {
        const char *why = game_init(replay, &r->config);
        if (why != NULL)
            ok = fail(err, err_size, "%s", why);
    }
    for (int i = 0; ok && i < r->n_moves; i++) {
        if (r->hinted[i])
            game_note_hint(replay);
        enum game_error e = game_play(replay, r->moves[i]);
        if (e == GAME_ERR_OCCUPIED)
            ok = fail(err, err_size, "move %d plays on an occupied cell", i + 1);
        else if (e == GAME_ERR_OVER)
            ok = fail(err, err_size, "move %d comes after the game ended", i + 1);
        else if (e != GAME_OK)
            ok = fail(err, err_size, "move %d is off the board", i + 1);
    }
    if (ok) {
        if (r->conceded_by != STONE_NONE)
            game_concede(replay, r->conceded_by, r->concession);
        *g = *replay;
    }
    free(replay);
    free(r);
    return ok;
}

bool record_save(const char *path, const struct game *g, char *err, size_t err_size)
{
    enum record_format fmt;
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, "%s: unknown record format (use .sgf or .psq)", path);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    bool ok = record_write(f, g, fmt);
    if (fclose(f) != 0)
        ok = false;
    return ok || fail(err, err_size, "%s: write failed", path);
}

bool record_load(const char *path, struct game *g, char *err, size_t err_size)
{
    enum record_format fmt;
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, "%s: unknown record format (use .sgf or .psq)", path);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    char *text = malloc(RECORD_MAX_BYTES);
    if (text == NULL) {
        fclose(f);
        return fail(err, err_size, "out of memory");
    }
    size_t len = fread(text, 1, RECORD_MAX_BYTES, f);
    bool too_big = len == RECORD_MAX_BYTES;
    bool read_error = ferror(f);
    fclose(f);
    bool ok = read_error ? fail(err, err_size, "%s: read failed", path)
            : too_big    ? fail(err, err_size, "%s: too large for a game record", path)
                         : record_parse(text, len, fmt, g, err, err_size);
    free(text);
    return ok;
}
