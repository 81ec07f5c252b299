/* record.c — SGF and PSQ game records; see record.h. */
#include "storage/record.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "storage/safefile.h"
#include "mnk/ai.h"
#include "mnk/gameclock.h"
#include "mnk/i18n.h"
#include "mnk/level.h"

/* The line mnk adds after the moves of a PSQ record, which other programs
 * skip: the win length and the rule, which PSQ itself cannot say. */
#define PSQ_MNK_LINE "mnk "

/* Records longer than this are not games of ours: the largest board has 676
 * cells, and a generous SGF spends well under 100 bytes a move. */
#define RECORD_MAX_BYTES ((1 << 20) - 1)

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The length of the valid UTF-8 sequence at s (of a character that is not a
 * C1 control), or 0. */
static size_t utf8_length(const unsigned char *s)
{
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (n == 0 || s[0] > 0xf4)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)
        return 0;   /* U+0080..U+009F: C1 controls */
    return n;
}

/* Copies `in` to out, each control byte and each byte that is not part of
 * valid UTF-8 written as \xHH, so a message stays one line and cannot put
 * control sequences on a terminal. Stops before an escape or a character
 * that would not fit whole. */
static void escape_text(const char *in, char *out, size_t size)
{
    size_t n = 0;
    const unsigned char *s = (const unsigned char *)in;
    while (*s != '\0') {
        size_t len = *s >= 0x20 && *s < 0x7f ? 1 : *s >= 0x80 ? utf8_length(s) : 0;
        if (len > 0) {
            if (n + len >= size)
                break;
            memcpy(out + n, s, len);
            n += len;
            s += len;
        } else {
            if (n + 4 >= size)
                break;
            snprintf(out + n, size - n, "\\x%02x", *s);
            n += 4;
            s++;
        }
    }
    if (size > 0)
        out[n < size ? n : size - 1] = '\0';
}

/* Writes the reason and returns false. Reasons quote bytes of the file and
 * its name: they go through escape_text. */
static bool fail(char *err, size_t size, const char *fmt, ...)
{
    char raw[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    escape_text(raw, err, size);
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

/* ---- the players' names ----------------------------------------------- */

const char *record_engine_label(const char *command, char *buf, size_t size)
{
    const char *word = command, *end;
    for (;;) {
        word += strspn(word, " \t");
        end = word + strcspn(word, " \t");
        size_t len = (size_t)(end - word);
        bool assignment = memchr(word, '=', len) != NULL;
        bool env = len == 3 && strncmp(word, "env", 3) == 0;
        if (len == 0 || !(assignment || env))
            break;
        word = end;
    }
    const char *base = word;
    for (const char *c = word; c < end; c++)
        if (*c == '/')
            base = c + 1;
    size_t n = 0;
    for (const char *c = base; c < end && n + 1 < size; c++)
        buf[n++] = *c > 0x20 && *c < 0x7f && *c != ']' && *c != '\\' ? *c : '_';
    if (n == 0) {
        snprintf(buf, size, "engine");
        return buf;
    }
    buf[n] = '\0';
    return buf;
}

bool record_player_from_name(const char *name, struct player *out)
{
    size_t plen = strlen(PLAYER_ENGINE_PREFIX);
    out->spec[0] = '\0';
    out->kind = PLAYER_HUMAN;
    if (strncmp(name, PLAYER_ENGINE_PREFIX, plen) == 0) {
        record_engine_label(name + plen, out->spec, sizeof out->spec);
        return true;
    }
    if (name[0] == '\0' || strcasecmp(name, "human") == 0)
        return false;
    if (level_find(name) != NULL || ai_strategy_find(name) != NULL)
        out->kind = PLAYER_COMPUTER;
    snprintf(out->spec, sizeof out->spec, "%s", name);
    return false;
}

const char *record_player_name(const struct player *p, char *buf, size_t size)
{
    size_t plen = strlen(PLAYER_ENGINE_PREFIX);
    if (strncmp(p->spec, PLAYER_ENGINE_PREFIX, plen) == 0)
        record_engine_label(p->spec + plen, buf, size);
    else if (p->kind == PLAYER_HUMAN && p->spec[0] == '\0')
        snprintf(buf, size, "human");
    else
        snprintf(buf, size, "%s", p->spec);
    return buf;
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

/* The words of opening choices in a record. */
static const char *const choice_words[] = {
    [OPENING_TAKE_BLACK] = "black", [OPENING_TAKE_WHITE] = "white", [OPENING_PLACE_TWO] = "two",
};

/* "swap2" or "swap2:two,white": the opening rule and the choices made. */
static void write_opening(FILE *out, const struct game *g)
{
    fputs(opening_rule_name(g->config.opening), out);
    for (int i = 0; i < g->choices; i++)
        fprintf(out, "%c%s", i ? ',' : ':', choice_words[g->choice[i]]);
}

/* The clock after move i, on its node: BL or WL for the seat that acted
 * (the time left), OB or OW in overtime (the periods or moves left), and
 * the private SPENT (the seconds the move took) when it is known. */
static void write_sgf_clock(FILE *out, const struct game *g, int i)
{
    const struct game_timing *t = &g->timing[i];
    char sec[24];
    char side = t->seat == STONE_WHITE ? 'W' : 'B';
    int left, count;
    if (gameclock_to_sgf(&g->config.tc, &t->clock, &left, &count)) {
        fprintf(out, "%cL[%s]", side, tc_format_seconds(left, sec, sizeof sec));
        if (count >= 0)
            fprintf(out, "O%c[%d]", side, count);
    }
    if (t->spent_ms > 0)
        fprintf(out, "SPENT[%s]", tc_format_seconds(t->spent_ms, sec, sizeof sec));
}

/* A set-up position in the root, as SGF sets one up: AB and AW list the
 * stones of each colour, PL says who moves first when it is White. */
static void write_sgf_setup(FILE *out, const struct game *g)
{
    const struct board *b = &g->board;
    const struct game_setup *s = &g->setup;
    static const char ids[2][3] = { "AB", "AW" };
    for (int k = 0; k < 2; k++) {
        enum stone colour = k == 0 ? STONE_BLACK : STONE_WHITE;
        bool named = false;
        for (int i = 0; i < s->n; i++) {
            if (s->stone[i] != colour)
                continue;
            if (!named)
                fprintf(out, "\n%s", ids[k]);
            named = true;
            fprintf(out, "[%c%c]", 'a' + board_x(b, s->cell[i]), 'a' + board_y(b, s->cell[i]));
        }
    }
    if (s->to_move == STONE_WHITE)
        fputs("PL[W]", out);
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
    sgf_text(out, record_player_name(&c->player[0], name, sizeof name));
    fputs("]PW[", out);
    sgf_text(out, record_player_name(&c->player[1], name, sizeof name));
    fprintf(out, "]MS[%d:%d]", c->player[0].time_ms, c->player[1].time_ms);
    char tm[32], ot[TC_TEXT_MAX];
    tc_to_sgf(&c->tc, tm, sizeof tm, ot, sizeof ot);
    if (tm[0] != '\0')
        fprintf(out, "TM[%s]", tm);
    if (ot[0] != '\0')
        fprintf(out, "OT[%s]", ot);
    /* No program we know of writes an opening rule into SGF: mnk's own
     * property, PB and PW naming the players as they sit at the end. */
    if (c->opening != OPENING_NONE) {
        fputs("OPENING[", out);
        write_opening(out, g);
        fputc(']', out);
    }
    const struct result *r = &g->result;
    if (r->outcome != OUTCOME_ONGOING) {
        char winner = r->outcome == OUTCOME_BLACK_WINS ? 'B' : 'W';
        if (r->outcome == OUTCOME_DRAW)
            fputs("RE[0]", out);
        else if (r->reason == END_FORFEIT)
            fprintf(out, "RE[%c+F]", winner);
        else if (r->reason == END_RESIGN)
            fprintf(out, "RE[%c+R]", winner);
        else if (r->reason == END_TIME)
            fprintf(out, "RE[%c+T]", winner);
        else
            fprintf(out, "RE[%c+]", winner);
    }
    write_sgf_setup(out, g);
    if (notes != NULL && notes->counted)
        fputs("MNKSTAT[counted]", out);
    if (notes != NULL && notes->root_props != NULL && notes->root_props[0] != '\0') {
        fputc('\n', out);
        fputs(notes->root_props, out);
    }
    if (notes != NULL && notes->root_comment != NULL) {
        fputs("\nGC[", out);
        sgf_text(out, notes->root_comment);
        fputc(']', out);
    }
    for (int i = 0; i < g->ply; i++) {
        int pos = g->moves[i];
        const struct record_note *n =
            notes != NULL && notes->move != NULL ? &notes->move[i] : NULL;
        const char *comment = n != NULL ? n->comment : NULL;
        bool hinted = g->hinted[i];
        bool say_hint = hinted && !(n != NULL && comment != NULL && n->says_hint);
        bool noted = hinted || (n != NULL && (comment != NULL || n->props != NULL));
        bool white = game_stone_of(g, i) == STONE_WHITE;
        fprintf(out, "%s;%c[%c%c]", i % 10 == 0 || noted ? "\n" : "", white ? 'W' : 'B',
                'a' + board_x(b, pos), 'a' + board_y(b, pos));
        write_sgf_clock(out, g, i);
        if (n != NULL && n->props != NULL)
            fputs(n->props, out);
        if (hinted)
            fputs("HINT[1]", out);
        if (comment != NULL || say_hint) {
            fputs("C[", out);
            if (comment != NULL)
                sgf_text(out, comment);
            if (say_hint)
                fprintf(out, "%s%s asked for a hint before this move.", comment != NULL ? " " : "",
                        white ? "White" : "Black");
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
        fprintf(out, "%d,%d,%d\n", board_x(b, g->moves[i]) + 1,
                board_y(b, g->moves[i]) + 1, g->timing[i].spent_ms);
    fputs("-1\n", out);
    fprintf(out, PSQ_MNK_LINE "win=%d rule=%s", b->win, rule_name(b->rule));
    if (g->config.opening != OPENING_NONE) {
        fputs(" opening=", out);
        write_opening(out, g);
    }
    if (g->config.tc.kind != TC_NONE) {
        char tc[TC_TEXT_MAX];
        fprintf(out, " tc=%s", tc_format(&g->config.tc, tc, sizeof tc));
    }
    fputc('\n', out);
}

bool record_write_notes(FILE *out, const struct game *g, const struct record_notes *notes)
{
    write_sgf(out, g, notes);
    return fflush(out) == 0 && !ferror(out);
}

bool record_write(FILE *out, const struct game *g, enum record_format fmt)
{
    if (record_cannot_keep(g, fmt) != NULL)
        return false;
    if (fmt == RECORD_SGF)
        write_sgf(out, g, NULL);
    else
        write_psq(out, g);
    return fflush(out) == 0 && !ferror(out);
}

/* ---- reading ---------------------------------------------------------- */

/* What a move's node says of the clock, -1 for what it does not say. */
struct parsed_clock {
    int left[2];        /* BL, WL: ms */
    int count[2];       /* OB, OW */
    int spent;          /* SPENT (SGF), the time field (PSQ): ms */
};

/* What a record says, before it is replayed into a game. */
struct parsed {
    struct game_config config;
    int moves[BOARD_MAX_CELLS];
    bool hinted[BOARD_MAX_CELLS];   /* HINT on the node of moves[i] */
    int n_moves;
    struct record_extra *extra;     /* the root's other properties, or NULL */
    size_t extra_len;
    const struct record_listener *listener;   /* or NULL */
    enum stone conceded_by; /* STONE_NONE, or the loser by forfeit/resign */
    enum end_reason concession;
    bool drawn;             /* RE says a draw (0 or Draw) */
    struct game_setup setup; /* AB, AW and PL: the position set up, if any */
    bool set_up;
    int n_choices;          /* the opening's choices, in config.opening */
    unsigned char choice[OPENING_CHOICES_MAX];
    /* The clock: TM and OT as written (PSQ: its tc= into config.tc), and
     * per move what its node said. */
    char tm[32], ot[TC_TEXT_MAX * 2];
    bool has_tm, has_ot;
    struct parsed_clock clock[BOARD_MAX_CELLS];
    bool clocked;           /* some move has BL, WL, OB or OW */
    int node_first;         /* the moves read before the current node */
    char clock_fault[256];  /* the first thing wrong with the clock, or "" */
};

/* Notes the first fault of the record's clock: the record is then read
 * without it (record.h). */
static void clock_fault(struct parsed *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void clock_fault(struct parsed *r, const char *fmt, ...)
{
    if (r->clock_fault[0] != '\0')
        return;
    char raw[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    escape_text(raw, r->clock_fault, sizeof r->clock_fault);
}

/* "swap2" or "swap2:two,white" into r; false when it is not such a text. */
static bool parse_opening(const char *text, struct parsed *r)
{
    char name[16];
    size_t n = strcspn(text, ":");
    if (n >= sizeof name)
        return false;
    memcpy(name, text, n);
    name[n] = '\0';
    if (!opening_rule_parse(name, &r->config.opening))
        return false;
    r->n_choices = 0;
    const char *p = text + n;
    while (*p != '\0') {
        p++;    /* ':' or ',' */
        size_t len = strcspn(p, ",");
        int found = 0;
        for (int c = OPENING_TAKE_BLACK; c <= OPENING_PLACE_TWO; c++)
            if (strlen(choice_words[c]) == len && strncmp(p, choice_words[c], len) == 0)
                found = c;
        if (found == 0 || r->n_choices == OPENING_CHOICES_MAX)
            return false;
        r->choice[r->n_choices++] = (unsigned char)found;
        p += len;
    }
    return true;
}

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


/* A record names its players; it never starts a program. */
static bool sgf_player(const char *value, struct player *p)
{
    if (strlen(value) >= sizeof p->spec)
        return false;
    record_player_from_name(value, p);
    return true;
}

/* The clock's properties of a move's node. */
static bool sgf_clock_id(const char *id)
{
    return strcmp(id, "BL") == 0 || strcmp(id, "WL") == 0 || strcmp(id, "OB") == 0 ||
           strcmp(id, "OW") == 0 || strcmp(id, "SPENT") == 0;
}

/* BL, WL, OB, OW or SPENT on the current node, for the move it holds
 * (before or after the move property: the node's first move). A value
 * that is no time or count is a fault of the clock, not of the record. */
static void sgf_clock(struct parsed *r, const char *id, const char *value)
{
    if (r->node_first >= BOARD_MAX_CELLS)
        return;
    int v;
    int side = id[1] == 'W' ? 1 : 0;
    if (strcmp(id, "SPENT") == 0) {
        if (!tc_parse_seconds(value, &v))
            clock_fault(r, _("bad move time %s[%s]"), id, value);
        else
            r->clock[r->node_first].spent = v;
    } else if (id[1] == 'L') {
        side = id[0] == 'W' ? 1 : 0;
        if (!tc_parse_seconds(value, &v))
            clock_fault(r, _("bad time left %s[%s]"), id, value);
        else
            r->clock[r->node_first].left[side] = v;
        r->clocked = true;
    } else {
        if (!parse_int(value, &v) || v < 0)
            clock_fault(r, _("bad overtime count %s[%s]"), id, value);
        else
            r->clock[r->node_first].count[side] = v;
        r->clocked = true;
    }
}

/* A new node starts: what the last one said of the clock stays only if it
 * held a move. */
static void sgf_node(struct parsed *r)
{
    if (r->n_moves == r->node_first && r->node_first < BOARD_MAX_CELLS) {
        r->clock[r->node_first].left[0] = r->clock[r->node_first].left[1] = -1;
        r->clock[r->node_first].count[0] = r->clock[r->node_first].count[1] = -1;
        r->clock[r->node_first].spent = -1;
    }
    r->node_first = r->n_moves;
}

/* Applies one SGF property of the main line. */
/* One value of AB, AW or AE (a point, or a rectangle "ab:cd" of them) or
 * PL, before the first move: the position the game starts from. */
static bool sgf_setup(struct parsed *r, const char *id, const char *value, bool *sized,
                      char *err, size_t err_size)
{
    struct game_config *c = &r->config;
    struct game_setup *s = &r->setup;
    if (r->n_moves > 0)
        return fail(err, err_size, _("%s[%s] after the first move: set-up stones are read "
                                     "before it only"), id, value);
    r->set_up = true;
    if (strcmp(id, "PL") == 0) {
        if (strcmp(value, "B") != 0 && strcmp(value, "W") != 0)
            return fail(err, err_size, _("bad side to move PL[%s] (expected B or W)"), value);
        s->to_move = value[0] == 'W' ? STONE_WHITE : STONE_BLACK;
        return true;
    }
    if (!*sized)
        c->width = c->height = 15;
    *sized = true;
    size_t len = strlen(value);
    const char *to = len == 5 && value[2] == ':' ? value + 3 : value;
    int x0 = value[0] - 'a', y0 = value[1] - 'a', x1 = to[0] - 'a', y1 = to[1] - 'a';
    if ((len != 2 && len != 5) || (len == 5 && value[2] != ':') || x0 < 0 || y0 < 0 ||
        x1 < x0 || y1 < y0 || x1 >= c->width || y1 >= c->height)
        return fail(err, err_size, _("%s[%s] is not a cell of the board"), id, value);
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            int pos = y * c->width + x;
            /* A cell said again takes the colour said last (AE: none). */
            for (int i = 0; i < s->n; i++) {
                if (s->cell[i] == pos) {
                    s->cell[i] = s->cell[--s->n];
                    s->stone[i] = s->stone[s->n];
                    break;
                }
            }
            if (id[1] == 'E')
                continue;
            if (s->n >= BOARD_MAX_CELLS)
                return fail(err, err_size, _("too many set-up stones"));
            s->cell[s->n] = pos;
            s->stone[s->n++] = id[1] == 'B' ? STONE_BLACK : STONE_WHITE;
        }
    }
    return true;
}

static bool sgf_property(struct parsed *r, const char *id, const char *value,
                         bool *sized, char *err, size_t err_size)
{
    struct game_config *c = &r->config;
    if (strcmp(id, "GM") == 0) {
        int gm;
        if (!parse_int(value, &gm) || gm != 4)
            return fail(err, err_size, _("not a gomoku record (GM[%s], expected GM[4])"), value);
    } else if (strcmp(id, "SZ") == 0) {
        int w, h;
        if (strchr(value, ':') != NULL ? !parse_pair(value, &w, &h)
                                       : !(parse_int(value, &w) && (h = w, true)))
            return fail(err, err_size, _("bad board size SZ[%s]"), value);
        /* Said here, by the property: a move read against SZ[0] was the
         * first fault seen ("'aa' is not a cell of the board"). */
        if (w < BOARD_MIN_SIDE || w > BOARD_MAX_SIDE || h < BOARD_MIN_SIDE || h > BOARD_MAX_SIDE)
            return fail(err, err_size, _("SZ[%s]: a board side must be %d to %d"), value,
                        BOARD_MIN_SIDE, BOARD_MAX_SIDE);
        c->width = w;
        c->height = h;
        *sized = true;
    } else if (strcmp(id, "RU") == 0) {
        /* Any case: mnk's own names, and the names other gomoku and renju
         * programs write for the same rules (rule.h's aliases). Anything
         * else — an opening rule such as RIF, Yamaguchi or Swap2 that renju
         * databases write there, or a rule set mnk does not play — is no
         * rule mnk can replay. */
        if (!rule_from_sgf(value, &c->rule)) {
            char rules[128];
            rule_list(rules, sizeof rules, NULL, _(", "), _(" and "));
            return fail(err, err_size, _("unknown rule '%s' in RU[] (mnk plays %s)"), value,
                        rules);
        }
    } else if (strcmp(id, "WIN") == 0) {
        if (!parse_int(value, &c->win) || c->win < BOARD_MIN_WIN || c->win > BOARD_MAX_SIDE)
            return fail(err, err_size, _("bad win length WIN[%s] (expected %d to %d)"), value,
                        BOARD_MIN_WIN, BOARD_MAX_SIDE);
    } else if (strcmp(id, "PB") == 0 || strcmp(id, "PW") == 0) {
        if (!sgf_player(value, &c->player[id[1] == 'B' ? 0 : 1]))
            return fail(err, err_size, _("player name too long in %s"), id);
    } else if (strcmp(id, "MS") == 0) {
        int b, w;
        if (!parse_pair(value, &b, &w) || b < 0 || w < 0 || b > 3600000 || w > 3600000)
            return fail(err, err_size, _("bad thinking times MS[%s] (expected ms:ms)"), value);
        c->player[0].time_ms = b;
        c->player[1].time_ms = w;
    } else if (strcmp(id, "RE") == 0) {
        /* SGF's forms: 0, Draw, Void, ?, B+ or W+ with a score, R(esign),
         * T(ime) or F(orfeit). */
        bool side = (value[0] == 'B' || value[0] == 'W') && value[1] == '+';
        if (!side && strcmp(value, "0") != 0 && strcasecmp(value, "Draw") != 0 &&
            strcasecmp(value, "Void") != 0 && strcmp(value, "?") != 0 && value[0] != '\0')
            return fail(err, err_size, _("bad result RE[%s]"), value);
        if (side && (value[2] == 'F' || value[2] == 'R' || value[2] == 'T')) {
            r->conceded_by = value[0] == 'B' ? STONE_WHITE : STONE_BLACK;
            r->concession = value[2] == 'R' ? END_RESIGN : value[2] == 'T' ? END_TIME
                                                                           : END_FORFEIT;
        }
        r->drawn = strcmp(value, "0") == 0 || strcasecmp(value, "Draw") == 0;
    } else if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        bool first = r->n_moves % 2 == 0;
        int expect = first == (r->setup.to_move != STONE_WHITE) ? 'B' : 'W';
        if (id[0] != expect)
            return fail(err, err_size, _("move %d is %s's, but the record gives it to %s"),
                        r->n_moves + 1, expect == 'B' ? _("Black") : _("White"),
                        id[0] == 'B' ? _("Black") : _("White"));
        if (!*sized)
            c->width = c->height = 15;
        *sized = true;
        int x = value[0] - 'a', y = value[1] - 'a';
        if (strlen(value) != 2 || x < 0 || y < 0 || x >= c->width || y >= c->height)
            return fail(err, err_size, _("move %d: '%s' is not a cell of the board"),
                        r->n_moves + 1, value);
        if (r->n_moves >= BOARD_MAX_CELLS)
            return fail(err, err_size, _("too many moves"));
        r->moves[r->n_moves++] = y * c->width + x;
    } else if (strcmp(id, "OPENING") == 0) {
        if (!parse_opening(value, r))
            return fail(err, err_size, _("bad opening OPENING[%s] (expected none, swap or "
                                         "swap2, and the choices made)"), value);
    } else if (strcmp(id, "TM") == 0 || strcmp(id, "OT") == 0) {
        bool tm = id[0] == 'T';
        char *to = tm ? r->tm : r->ot;
        size_t size = tm ? sizeof r->tm : sizeof r->ot;
        if (strlen(value) >= size)
            clock_fault(r, _("%s[%.40s...] is too long"), id, value);
        snprintf(to, size, "%s", value);
        *(tm ? &r->has_tm : &r->has_ot) = true;
    } else if (sgf_clock_id(id)) {
        sgf_clock(r, id, value);
    } else if (strcmp(id, "HINT") == 0) {
        if (r->n_moves > 0)
            r->hinted[r->n_moves - 1] = true;
    } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0 ||
               strcmp(id, "PL") == 0) {
        return sgf_setup(r, id, value, sized, err, err_size);
    }
    return true;
}

/* How deep variations may nest: far beyond any real record, and a record
 * that nests deeper is refused rather than walked. */
#define SGF_NESTING_MAX 1000

/* The root properties mnk writes or reads itself; the others are kept. */
static bool known_root(const char *id)
{
    static const char *const known[] = { "FF", "GM", "CA", "AP", "SZ", "RU", "WIN", "PB",
                                         "PW", "MS", "LV", "RE", "HINT", "MNKSTAT",
                                         "OPENING", "TM", "OT", "AB", "AW", "AE", "PL" };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(id, known[i]) == 0)
            return true;
    return false;
}

/* Keeps the text of one root property (from its name to its last ']') for
 * writing back; one that does not fit is left out whole. */
static void keep_root(struct parsed *r, const char *from, const char *to)
{
    while (to > from && isspace((unsigned char)to[-1]))
        to--;
    size_t n = (size_t)(to - from);
    if (r->extra == NULL || r->extra_len + n + 1 >= sizeof r->extra->root)
        return;
    memcpy(r->extra->root + r->extra_len, from, n);
    r->extra_len += n;
    r->extra->root[r->extra_len] = '\0';
}

/* The character at p (before end) as a message names it, into name (16
 * bytes): a printable one, or a whole UTF-8 character, between quotes; a
 * control by its ASCII name (NUL, ESC, DEL...), since through '%c' a NUL
 * ended the message there ("unexpected '"); another byte as \xHH. */
static const char *byte_name(const char *p, const char *end, char name[16])
{
    static const char *const controls[32] = {
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF",
        "VT",  "FF",  "CR",  "SO",  "SI",  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK",
        "SYN", "ETB", "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US",
    };
    unsigned char b = (unsigned char)*p;
    if (b < 0x20)
        return strcpy(name, controls[b]);
    if (b == 0x7f)
        return strcpy(name, "DEL");
    /* At most a character's 4 bytes, and a NUL to stop utf8_length. */
    unsigned char ch[5] = { 0 };
    for (size_t i = 0; i < 4 && p + i < end; i++)
        ch[i] = (unsigned char)p[i];
    size_t n = b < 0x80 ? 1 : utf8_length(ch);
    if (n == 0)
        snprintf(name, 16, "\\x%02x", b);
    else
        snprintf(name, 16, "'%.*s'", (int)n, (const char *)ch);
    return name;
}

static bool parse_sgf(const char *text, size_t len, struct parsed *r, char *err,
                      size_t err_size)
{
    struct cursor c = { text, text + len };
    bool sized = false;
    int nodes = 0, depth = 0;
    char id[16], value[GAME_PLAYER_SPEC_MAX + 64];
    skip_space(&c);
    if (c.p >= c.end || *c.p != '(')
        return fail(err, err_size, _("not an SGF record (no opening '(')"));
    /* Every '(' met descends into the first variation; the first ')' ends
     * the main line. */
    while (c.p < c.end) {
        skip_space(&c);
        if (c.p >= c.end)
            break;
        size_t at = (size_t)(c.p - text);
        char ch = *c.p;
        if (ch == ')')
            return nodes > 0 || fail(err, err_size, _("empty SGF record"));
        if (ch == '(') {
            if (++depth > SGF_NESTING_MAX)
                return fail(err, err_size, _("byte %zu: variations nested deeper than %d"), at,
                            SGF_NESTING_MAX);
            c.p++;
            continue;
        }
        if (ch == ';') {
            nodes++;
            sgf_node(r);
            c.p++;
            continue;
        }
        if (nodes == 0)
            return fail(err, err_size, _("byte %zu: a property before the first node"), at);
        if (!isupper((unsigned char)ch)) {
            char name[16];
            return fail(err, err_size, _("byte %zu: unexpected %s in SGF"), at,
                        byte_name(c.p, c.end, name));
        }
        const char *start = c.p;
        size_t n = 0;
        while (c.p < c.end && isupper((unsigned char)*c.p)) {
            if (n + 1 >= sizeof id)
                return fail(err, err_size, _("byte %zu: property name too long in SGF"), at);
            id[n++] = *c.p++;
        }
        id[n] = '\0';
        skip_space(&c);
        if (c.p >= c.end || *c.p != '[')
            return fail(err, err_size, _("byte %zu: property %s has no value"), at, id);
        bool taken = false;
        while (c.p < c.end && *c.p == '[') {
            c.p++;
            if (!sgf_value(&c, value, sizeof value))
                return fail(err, err_size, _("byte %zu: unterminated value of %s"), at, id);
            if (!sgf_property(r, id, value, &sized, err, err_size)) {
                char why[256];
                snprintf(why, sizeof why, "%s", err);
                return fail(err, err_size, _("byte %zu: %s"), at, why);
            }
            if (r->listener != NULL &&
                r->listener->property(r->listener->ctx, nodes - 1, r->n_moves, id, value))
                taken = true;
            skip_space(&c);
        }
        if (nodes == 1 && strcmp(id, "MNKSTAT") == 0 && r->extra != NULL)
            r->extra->counted = strcmp(value, "counted") == 0;
        else if (nodes == 1 && !known_root(id) && !taken)
            keep_root(r, start, c.p);
    }
    return fail(err, err_size, _("SGF record ends early (missing ')')"));
}

/* Splits off the next line of the cursor into buf; false at the end. A
 * line ends at LF, CRLF or a CR alone: Piskvork writes CRLF, and a record
 * that went through an old Mac editor has nothing but CRs (read as one
 * line, its moves were lost). */
static bool next_line(struct cursor *c, char *buf, size_t size)
{
    if (c->p >= c->end)
        return false;
    size_t n = 0;
    while (c->p < c->end && *c->p != '\n' && *c->p != '\r') {
        if (n + 1 < size)
            buf[n++] = *c->p;
        c->p++;
    }
    if (c->p < c->end && *c->p++ == '\r' && c->p < c->end && *c->p == '\n')
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

/* "x,y" or "x,y,ms" (anything after is ignored); false for any other line.
 * *ms: the move's time, -1 when the line has none, -2 when what it has is
 * no time. */
static bool psq_move(const char *line, int *x, int *y, int *ms)
{
    if (!(psq_number(&line, x) && *line++ == ',' && psq_number(&line, y)))
        return false;
    *ms = -1;
    while (*line == ' ' || *line == '\t')
        line++;
    if (*line++ != ',')
        return true;
    char *end;
    errno = 0;
    long v = strtol(line, &end, 10);
    *ms = end == line || errno != 0 || v < 0 || v > GAMECLOCK_MS_MAX ? -2 : (int)v;
    return true;
}

/* True when `line` starts like mnk's own line. (A loop, not strncmp: gcc
 * -O3 misjudges the length of `line` here and warns.) */
static bool psq_is_mnk(const char *line)
{
    for (const char *p = PSQ_MNK_LINE; *p != '\0'; p++, line++)
        if (*line != *p)
            return false;
    return true;
}

/* "mnk win=K rule=R [opening=O]" (line `number`) into r; false with the
 * reason in err when it says nonsense or names a rule mnk does not play. */
static bool psq_mnk(const char *line, int number, struct parsed *r, char *err,
                    size_t err_size)
{
    struct game_config *c = &r->config;
    const char *opening = strstr(line, " opening=");
    char text[64];
    if (opening != NULL && (sscanf(opening, " opening=%63s", text) != 1 ||
                            !parse_opening(text, r)))
        return fail(err, err_size, _("line %d: bad opening rule in '%.60s'"), number, line);
    const char *tc = strstr(line, " tc=");
    if (tc != NULL) {
        char why[192];
        if (sscanf(tc, " tc=%63s", text) != 1 || !tc_parse(text, &c->tc, why, sizeof why))
            clock_fault(r, _("line %d: bad time control in '%.60s'"), number, line);
    }
    char rule[32];
    int k;
    if (sscanf(line + strlen(PSQ_MNK_LINE), "win=%d rule=%31s", &k, rule) != 2 ||
        k < BOARD_MIN_WIN || k > BOARD_MAX_SIDE)
        return fail(err, err_size, _("line %d: bad win length or rule in '%.60s'"), number,
                    line);
    if (!rule_parse(rule, &c->rule)) {
        char rules[128];
        rule_list(rules, sizeof rules, NULL, _(", "), _(" and "));
        return fail(err, err_size, _("line %d: unknown rule '%s' (mnk plays %s)"), number, rule,
                    rules);
    }
    c->win = k;
    return true;
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
        return fail(err, err_size, _("line 1: not a PSQ record (expected 'Piskvorky WxH, ...')"));
    if (w < BOARD_MIN_SIDE || w > BOARD_MAX_SIDE || h < BOARD_MIN_SIDE || h > BOARD_MAX_SIDE)
        return fail(err, err_size, _("line 1: PSQ board %dx%d: each side must be %d..%d"), w, h,
                    BOARD_MIN_SIDE, BOARD_MAX_SIDE);
    r->config.width = w;
    r->config.height = h;
    r->config.win = 5;
    /* The moves, then the end of the list ("-1", or other programs' lines
     * such as the players' file names), then nothing that looks like a move:
     * a move after the list ended means a line in the middle is broken. */
    int x, y, ms, number = 1, ended = 0;
    while (next_line(&c, line, sizeof line)) {
        number++;
        bool move = psq_move(line, &x, &y, &ms);
        if (!move) {
            if (ended == 0)
                ended = number;
            if (psq_is_mnk(line) && !psq_mnk(line, number, r, err, err_size))
                return false;
            continue;
        }
        if (ended > 0)
            return fail(err, err_size, _("line %d: a move after line %d ended the moves ('%.60s')"),
                        number, ended, line);
        if (x < 1 || y < 1 || x > w || y > h)
            return fail(err, err_size, _("line %d: move %d: %d,%d is off the %dx%d board"),
                        number, r->n_moves + 1, x, y, w, h);
        if (r->n_moves >= BOARD_MAX_CELLS)
            return fail(err, err_size, _("line %d: too many moves"), number);
        if (ms == -2)
            clock_fault(r, _("line %d: bad move time in '%.60s'"), number, line);
        r->clock[r->n_moves].spent = ms;
        r->moves[r->n_moves++] = (y - 1) * w + (x - 1);
    }
    return true;
}

/* What a replay came to: the record read, refused (the reason in err), or
 * its clock at fault (the reason in r->clock_fault: read it again without). */
enum replay { REPLAY_OK, REPLAY_FAILED, REPLAY_CLOCK };

/* Plays move i of the record into g, with its clock when `clocked`. */
static enum game_error replay_move(struct parsed *r, struct game *g, int i, bool clocked,
                                   bool *bad_clock)
{
    if (!clocked)
        return game_play(g, r->moves[i]);
    const struct tc *tc = &g->config.tc;
    enum stone seat = game_actor(g);
    int s = seat == STONE_WHITE ? 1 : 0;
    int left = r->clock[i].left[s], count = r->clock[i].count[s];
    int spent = r->clock[i].spent > 0 ? r->clock[i].spent : 0;
    /* The other seat's time on the node, which some programs write on
     * every node, is a clock that did not run: nothing to read from it. */
    if (!tc_has_game_clock(tc) || (left < 0 && count < 0))
        return game_play_timed(g, r->moves[i], spent);
    struct gameclock_side after;
    if (!gameclock_from_sgf(tc, left, count, &after)) {
        char text[TC_TEXT_MAX];
        clock_fault(r, _("move %d: %s's clock in the record cannot be one of %s"), i + 1,
                    _(stone_name(seat)), tc_format(tc, text, sizeof text));
        *bad_clock = true;
        return GAME_OK;
    }
    return game_play_clocked(g, r->moves[i], spent, &after);
}

/* Replays the record r into g, its clock too when `clocked`. */
static enum replay replay_record(struct parsed *r, bool clocked, struct game *g, char *err,
                                 size_t err_size)
{
    const char *why = game_init(g, &r->config);
    if (why == NULL && r->set_up)
        why = game_set_up(g, &r->setup);
    if (why != NULL) {
        fail(err, err_size, "%s", _(why));
        return REPLAY_FAILED;
    }
    int chosen = 0;
    bool ok = true;
    for (int i = 0; ok && i <= r->n_moves; i++) {
        /* The choices fall where the opening asks for them. */
        while (ok && chosen < r->n_choices && g->ply == opening_choice_ply(chosen)) {
            if (game_choose(g, (enum opening_choice)r->choice[chosen]) != GAME_OK)
                ok = fail(err, err_size, _("the opening's choice %d is not one it offers"),
                          chosen + 1);
            chosen++;
        }
        if (!ok || i == r->n_moves)
            break;
        if (r->hinted[i])
            game_note_hint(g);
        bool bad_clock = false;
        enum game_error e = replay_move(r, g, i, clocked, &bad_clock);
        if (bad_clock)
            return REPLAY_CLOCK;
        if (e == GAME_ERR_TIME) {
            clock_fault(r, _("move %d comes after its player's time ran out"), i + 1);
            return REPLAY_CLOCK;
        }
        if (e == GAME_ERR_OCCUPIED)
            ok = fail(err, err_size, _("move %d plays on an occupied cell"), i + 1);
        else if (e == GAME_ERR_OVER)
            ok = fail(err, err_size, _("move %d comes after the game ended"), i + 1);
        else if (e == GAME_ERR_CHOOSE)
            ok = fail(err, err_size, _("move %d comes before the opening's choice"), i + 1);
        else if (e == GAME_ERR_FORBIDDEN)
            ok = fail(err, err_size, _("move %d is forbidden to Black: %s"), i + 1,
                      _(forbid_text(game_forbidden(g, r->moves[i]))));
        else if (e != GAME_OK)
            ok = fail(err, err_size, _("move %d is off the board"), i + 1);
    }
    if (ok && chosen < r->n_choices)
        ok = fail(err, err_size, _("the opening's choice %d comes after moves the record "
                                   "does not have"), chosen + 1);
    if (!ok)
        return REPLAY_FAILED;
    if (r->conceded_by != STONE_NONE && r->concession == END_TIME)
        game_flag(g, r->conceded_by);
    else if (r->conceded_by != STONE_NONE)
        game_concede(g, r->conceded_by, r->concession);
    /* A draw the moves do not make (no full board, a line still open) was
     * agreed: the game ends there as it ended when played. */
    else if (r->drawn)
        game_agree_draw(g);
    return REPLAY_OK;
}

/* The control TM and OT say, into r->config.tc, or a fault of the clock. */
static void sgf_time_control(struct parsed *r)
{
    char why[256];
    struct tc tc;
    if (!tc_from_sgf(r->has_tm ? r->tm : NULL, r->has_ot ? r->ot : NULL, &tc, why, sizeof why))
        clock_fault(r, "%s", why);
    else if (r->clocked && !tc_has_game_clock(&tc))
        clock_fault(r, _("time left (BL, WL) without a time control (TM)"));
    else
        r->config.tc = tc;
}

bool record_parse_listen(const char *text, size_t len, enum record_format fmt,
                         struct game *g, struct record_extra *extra,
                         const struct record_listener *listener, char *err, size_t err_size)
{
    struct parsed *r = calloc(1, sizeof *r); /* too big for the stack */
    if (r == NULL)
        return fail(err, err_size, _("out of memory"));
    game_config_default(&r->config);
    r->setup.to_move = STONE_BLACK;
    r->extra = extra;
    r->listener = listener;
    for (int i = 0; i < BOARD_MAX_CELLS; i++)
        r->clock[i] = (struct parsed_clock){ { -1, -1 }, { -1, -1 }, -1 };
    if (extra != NULL) {
        extra->root[0] = '\0';
        extra->counted = false;
        extra->warning[0] = '\0';
    }
    /* A UTF-8 byte-order mark, as some editors write, says nothing more. */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
    }
    bool ok = fmt == RECORD_SGF ? parse_sgf(text, len, r, err, err_size)
                                : parse_psq(text, len, r, err, err_size);
    if (ok && fmt == RECORD_SGF && r->clock_fault[0] == '\0')
        sgf_time_control(r);
    /* The record names the players where they sit at the end; the game
     * starts them where they sat before the choices. */
    if (ok && opening_first_is_white(r->n_choices, r->choice)) {
        struct player black = r->config.player[0];
        r->config.player[0] = r->config.player[1];
        r->config.player[1] = black;
    }
    struct game *replay = ok ? malloc(sizeof *replay) : NULL;
    if (ok && replay == NULL)
        ok = fail(err, err_size, _("out of memory"));
    if (ok) {
        /* A clock at fault is left out, never the record. */
        enum replay done = r->clock_fault[0] == '\0' ? replay_record(r, true, replay, err, err_size)
                                                     : REPLAY_CLOCK;
        if (done == REPLAY_CLOCK) {
            r->config.tc = tc_none();
            done = replay_record(r, false, replay, err, err_size);
            if (extra != NULL)
                snprintf(extra->warning, sizeof extra->warning,
                         _("%s: the record is read without its clock"), r->clock_fault);
        }
        ok = done == REPLAY_OK;
    }
    if (ok)
        *g = *replay;
    free(replay);
    free(r);
    return ok;
}

bool record_parse_extra(const char *text, size_t len, enum record_format fmt,
                        struct game *g, struct record_extra *extra, char *err,
                        size_t err_size)
{
    return record_parse_listen(text, len, fmt, g, extra, NULL, err, err_size);
}

bool record_parse(const char *text, size_t len, enum record_format fmt,
                  struct game *g, char *err, size_t err_size)
{
    return record_parse_listen(text, len, fmt, g, NULL, NULL, err, err_size);
}

struct save_job {
    const struct game *g;
    enum record_format fmt;
    const struct record_notes *notes;
};

static bool write_job(FILE *out, const void *ctx)
{
    const struct save_job *j = ctx;
    if (j->fmt == RECORD_SGF)
        write_sgf(out, j->g, j->notes);
    else
        write_psq(out, j->g);
    return true;
}

const char *record_cannot_keep(const struct game *g, enum record_format fmt)
{
    if (fmt == RECORD_PSQ && game_is_set_up(g))
        return N_("a PSQ record cannot keep a position set up before the first move: "
                  "save it as .sgf");
    return NULL;
}

bool record_save_notes(const char *path, const struct game *g, enum record_format fmt,
                       const struct record_notes *notes, bool make_dirs, char *err,
                       size_t err_size)
{
    const char *why = record_cannot_keep(g, fmt);
    if (why != NULL)
        return fail(err, err_size, "%s: %s", path, _(why));
    struct save_job job = { g, fmt, notes };
    /* Straight into err: through a smaller buffer, the reason after a long
     * path was cut off. */
    return safefile_write(path, write_job, &job, make_dirs, err, err_size);
}

bool record_save(const char *path, const struct game *g, char *err, size_t err_size)
{
    enum record_format fmt;
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, _("%s: unknown record format (use .sgf or .psq)"), path);
    return record_save_notes(path, g, fmt, NULL, false, err, err_size);
}

bool record_load_listen(const char *path, struct game *g, struct record_extra *extra,
                        const struct record_listener *listener, char *err, size_t err_size)
{
    enum record_format fmt;
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, _("%s: unknown record format (use .sgf or .psq)"), path);
    /* Only a regular file, at once, and no more than a record can be
     * (storage/safefile.h); a missing one is an error here like any other. */
    char *text = NULL;
    size_t len = 0;
    if (safefile_read(path, RECORD_MAX_BYTES, &text, &len, err, err_size) != SAFEFILE_OK)
        return false;
    char why[512];
    bool ok = record_parse_listen(text, len, fmt, g, extra, listener, why, sizeof why);
    free(text);
    return ok || fail(err, err_size, "%s: %s", path, why);
}

bool record_load_extra(const char *path, struct game *g, struct record_extra *extra,
                       char *err, size_t err_size)
{
    return record_load_listen(path, g, extra, NULL, err, err_size);
}

bool record_load(const char *path, struct game *g, char *err, size_t err_size)
{
    return record_load_extra(path, g, NULL, err, err_size);
}

/* ---- root properties kept beside the game ---------------------------- */

bool record_extra_get(const struct record_extra *extra, const char *name, char *buf,
                      size_t size)
{
    const char *p = extra->root;
    size_t want = strlen(name);
    while (*p != '\0') {
        while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
            p++;
        const char *id = p;
        while (*p >= 'A' && *p <= 'Z')
            p++;
        size_t id_len = (size_t)(p - id);
        if (id_len == 0 || *p != '[')
            return false;   /* not as record_parse keeps them */
        bool match = id_len == want && memcmp(id, name, want) == 0;
        bool first = true;
        while (*p == '[') {
            size_t n = 0;
            for (p++; *p != '\0' && *p != ']'; p++) {
                if (*p == '\\' && p[1] != '\0')
                    p++;
                if (match && first && n + 1 < size)
                    buf[n++] = *p;
            }
            if (*p != ']')
                return false;
            p++;
            if (match && first) {
                buf[n] = '\0';
                return true;
            }
            first = false;
            while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
                p++;
        }
    }
    return false;
}

bool record_extra_put(struct record_extra *extra, const char *name, const char *value)
{
    size_t used = strlen(extra->root), n = used;
    size_t name_len = strlen(name);
    if (n + name_len + 1 >= sizeof extra->root)
        return false;
    memcpy(extra->root + n, name, name_len);
    n += name_len;
    extra->root[n++] = '[';
    for (; *value != '\0'; value++) {
        if (n + 3 >= sizeof extra->root) {
            extra->root[used] = '\0';
            return false;
        }
        if (*value == ']' || *value == '\\')
            extra->root[n++] = '\\';
        extra->root[n++] = *value;
    }
    extra->root[n++] = ']';
    extra->root[n] = '\0';
    return true;
}
