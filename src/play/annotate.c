/* annotate.c — an analysis written into the record and read back from it;
 * see annotate.h. */
#include "play/annotate.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/i18n.h"
#include "mnk/notation.h"

/* How the root's game comment of an analysed record begins, in every
 * version of mnk. */
#define SUMMARY_LEAD "Analysed by mnk. "

/* The private property of a judged move's exact numbers. */
#define EVAL_ID "MNKEVAL"

/* The deepest search an analysis reports: far beyond any real one. */
#define DEPTH_MAX 10000

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

/* ---- writing ---------------------------------------------------------- */

/* Appends to props (used bytes of ANNOTATE_PROPS_MAX) what fmt says. */
static size_t put(char *props, size_t used, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static size_t put(char *props, size_t used, const char *fmt, ...)
{
    if (used >= ANNOTATE_PROPS_MAX)
        return used;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(props + used, ANNOTATE_PROPS_MAX - used, fmt, ap);
    va_end(ap);
    return n < 0 ? ANNOTATE_PROPS_MAX : used + (size_t)n;
}

/* The comment and annotations of move i. */
static void note_move(const struct game *g, const struct analysis *a, int i, char *comment,
                      char *props)
{
    const struct analysis_move *m = &a->move[i];
    struct analysis_line line;
    analysis_line(g, a, i, false, "->", &line);
    analysis_line_join(&line, false, comment, ANNOTATE_COMMENT_MAX - 1);
    strcat(comment, ".");

    props[0] = '\0';
    size_t used = 0;
    switch (m->mark) {
    case ANALYSIS_INACCURACY:
        used = put(props, used, "DO[]");
        break;
    case ANALYSIS_MISTAKE:
        used = put(props, used, "BM[1]");
        break;
    case ANALYSIS_BLUNDER:
    case ANALYSIS_MISSED_WIN:
    case ANALYSIS_ALLOWS_LOSS:
        used = put(props, used, "BM[2]");
        break;
    case ANALYSIS_NONE: {
        /* The first move of a forced win the mover keeps to the end. */
        bool starts = analysis_is_win(m->after) &&
                      (i < 2 || !analysis_is_win(a->move[i - 2].after));
        if (starts && i + 1 < a->moves)
            used = put(props, used, "TE[1]");
        break;
    }
    }
    int black = black_view(m, m->after);
    enum analysis_edge edge = analysis_edge(black);
    if (edge == ANALYSIS_FORCED)
        used = put(props, used, "%s[2]", black > 0 ? "GB" : "GW");
    else if (edge == ANALYSIS_LARGE)
        used = put(props, used, "%s[1]", black > 0 ? "GB" : "GW");
    else if (edge == ANALYSIS_EVEN)
        used = put(props, used, "DM[1]");
    if (edge != ANALYSIS_FORCED)
        used = put(props, used, "V[%.2f]", black / 100.0);
    char best[3] = "";
    if (m->best >= 0)
        snprintf(best, sizeof best, "%c%c", 'a' + board_x(&g->board, m->best),
                 'a' + board_y(&g->board, m->best));
    put(props, used, EVAL_ID "[%d:%d:%s:%d]", black_view(m, m->before), black, best, m->depth);
}

void annotate_summary(const struct game *g, const struct analysis *a, char *buf, size_t size)
{
    char summary[ANNOTATE_SUMMARY_MAX];
    analysis_summary(g, a, false, summary, sizeof summary);
    snprintf(buf, size, SUMMARY_LEAD "%s", summary);
}

void annotate_notes(const struct game *g, const struct analysis *a, const char *root_props,
                    struct annotate_texts *t, struct record_notes *out)
{
    for (int i = 0; i < a->moves; i++) {
        note_move(g, a, i, t->comment[i], t->props[i]);
        t->note[i].comment = t->comment[i];
        t->note[i].props = t->props[i];
        t->note[i].says_hint = true;   /* the line says "(hint)" */
    }
    /* Moves not judged (an analysis stopped early) get no note. */
    for (int i = a->moves; i < g->ply; i++)
        t->note[i] = (struct record_note){ NULL, NULL, false };
    annotate_summary(g, a, t->summary, sizeof t->summary);
    *out = (struct record_notes){ .root_props = root_props, .root_comment = t->summary,
                                  .move = t->note };
}

/* ---- reading ---------------------------------------------------------- */

/* What the record said of one move. */
struct heard_move {
    enum { HEARD_NONE, HEARD_EVAL, HEARD_COMMENT } kind;
    int before, after, depth;   /* Black's point of view */
    /* The better move: an SGF point (MNKEVAL) or a cell's name (an old
     * comment); "" for none. */
    char best[NOTATION_MAX];
    /* An old comment's own account of the move, checked against the game. */
    int number;
    enum stone side;
    char cell[NOTATION_MAX];
};

/* What reading a record heard of an analysis. */
struct heard {
    bool from_mnk;      /* AP[mnk] */
    bool summary;       /* the root's GC is an analysis's summary */
    bool bad;           /* an MNKEVAL that mnk would not write */
    bool any_eval;
    struct heard_move move[BOARD_MAX_CELLS];
};

/* A decimal integer filling [s, end) within +-limit into *out. */
static bool whole_int(const char *s, const char *end, long limit, int *out)
{
    char buf[24];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    /* strtol would take blanks before the number too. */
    if (!isdigit((unsigned char)buf[0]) && buf[0] != '-' && buf[0] != '+')
        return false;
    char *stop;
    errno = 0;
    long v = strtol(buf, &stop, 10);
    if (errno != 0 || *stop != '\0' || v < -limit || v > limit)
        return false;
    *out = (int)v;
    return true;
}

/* "before:after:best:depth" into m; false when it is not what mnk writes. */
static bool parse_eval(const char *value, struct heard_move *m)
{
    const char *f[4], *e[4];
    const char *p = value;
    for (int k = 0; k < 4; k++) {
        f[k] = p;
        const char *colon = k < 3 ? strchr(p, ':') : p + strlen(p);
        if (colon == NULL)
            return false;
        e[k] = colon;
        p = colon + 1;
    }
    size_t best_len = (size_t)(e[2] - f[2]);
    if (!whole_int(f[0], e[0], AI_SCORE_WIN, &m->before) ||
        !whole_int(f[1], e[1], AI_SCORE_WIN, &m->after) ||
        !whole_int(f[3], e[3], DEPTH_MAX, &m->depth) || m->depth < 0 ||
        (best_len != 0 && best_len != 2))
        return false;
    memcpy(m->best, f[2], best_len);
    m->best[best_len] = '\0';
    m->kind = HEARD_EVAL;
    return true;
}

/* One score as earlier versions wrote it, Black's point of view: "+1.25"
 * (hundreds of evaluation units, exact), "+#4" / "-#4" (a forced win in 4
 * moves of Black / White, taken as 7 plies: the moves are what the words
 * say), "+#" / "-#" (one of unknown length); moves *s past it. */
static bool old_score(const char **s, int *out)
{
    const char *p = *s;
    if (*p != '+' && *p != '-')
        return false;
    int sign = *p++ == '-' ? -1 : 1;
    if (*p == '#') {
        p++;
        int moves = -1;
        if (isdigit((unsigned char)*p)) {
            moves = 0;
            while (isdigit((unsigned char)*p) && moves < BOARD_MAX_CELLS)
                moves = moves * 10 + (*p++ - '0');
            if (moves >= BOARD_MAX_CELLS)
                return false;
        }
        *out = sign * (moves < 0 ? AI_SCORE_WIN_BOUND
                       : AI_SCORE_WIN - (moves == 0 ? 0 : 2 * moves - 1));
    } else {
        int whole = 0, digits = 0;
        while (isdigit((unsigned char)*p) && digits < 7) {
            whole = whole * 10 + (*p++ - '0');
            digits++;
        }
        if (digits == 0 || digits == 7 || *p++ != '.' || !isdigit((unsigned char)p[0]) ||
            !isdigit((unsigned char)p[1]))
            return false;
        int cents = whole * 100 + (p[0] - '0') * 10 + (p[1] - '0');
        if (cents >= AI_SCORE_WIN_BOUND)
            return false;
        p += 2;
        *out = sign * cents;
    }
    *s = p;
    return true;
}

/* Copies a cell's name (a letter and digits) at *s into out; moves *s. */
static bool old_cell(const char **s, char out[NOTATION_MAX])
{
    size_t n = 0;
    const char *p = *s;
    while ((isalnum((unsigned char)*p)) && n + 1 < NOTATION_MAX)
        out[n++] = *p++;
    out[n] = '\0';
    *s = p;
    return n >= 2 && isalpha((unsigned char)out[0]);
}

/* Skips `word` at *s; false when *s does not start with it. */
static bool skip(const char **s, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(*s, word, n) != 0)
        return false;
    *s += n;
    return true;
}

/* A comment of an earlier version into m: "9. Black h12: evaluation +9.67
 * -> -#1 (White wins in 1 move). Allows a forced loss; better g1." (the
 * move numbered by stones; "; better" only for a marked move); false for
 * any other text. */
static bool parse_old_comment(const char *value, struct heard_move *m)
{
    const char *p = value;
    int number = 0, digits = 0;
    while (isdigit((unsigned char)*p) && digits < 4) {
        number = number * 10 + (*p++ - '0');
        digits++;
    }
    if (digits == 0 || !skip(&p, ". "))
        return false;
    if (skip(&p, "Black "))
        m->side = STONE_BLACK;
    else if (skip(&p, "White "))
        m->side = STONE_WHITE;
    else
        return false;
    if (!old_cell(&p, m->cell) || !skip(&p, ": evaluation ") || !old_score(&p, &m->before) ||
        !skip(&p, " -> ") || !old_score(&p, &m->after) || !skip(&p, " ("))
        return false;
    const char *better = strstr(p, "; better ");
    m->best[0] = '\0';
    if (better != NULL) {
        better += strlen("; better ");
        if (!old_cell(&better, m->best) || *better != '.')
            return false;
    }
    m->number = number;
    m->depth = 0;
    m->kind = HEARD_COMMENT;
    return true;
}

static bool hear(void *ctx, int node, int moves, const char *id, const char *value)
{
    struct heard *h = ctx;
    if (node == 0) {
        if (strcmp(id, "AP") == 0)
            h->from_mnk = strcmp(value, "mnk") == 0;
        /* The summary is rebuilt from the analysis when it is written
         * again: kept as well, the root would get two. */
        if (strcmp(id, "GC") == 0 && strncmp(value, SUMMARY_LEAD, strlen(SUMMARY_LEAD)) == 0) {
            h->summary = true;
            return true;
        }
        return false;
    }
    bool eval = strcmp(id, EVAL_ID) == 0;
    if (eval)
        h->any_eval = true;
    /* mnk writes one move a node, the move first. */
    if (moves != node || moves > BOARD_MAX_CELLS) {
        h->bad = h->bad || eval;
        return false;
    }
    struct heard_move *m = &h->move[moves - 1];
    if (eval) {
        if (m->kind == HEARD_EVAL || !parse_eval(value, m))
            h->bad = true;
    } else if (strcmp(id, "C") == 0 && m->kind == HEARD_NONE) {
        struct heard_move old = { 0 };
        if (parse_old_comment(value, &old))
            *m = old;
    }
    return false;
}

/* The cell of an SGF point or a cell's name on g's board, or -1 for none;
 * false when the text names no cell of the board. */
static bool heard_cell(const struct game *g, const char *text, bool sgf_point, int *out)
{
    const struct board *b = &g->board;
    *out = -1;
    if (text[0] == '\0')
        return true;
    if (!sgf_point)
        return notation_parse(b, text, out);
    int x = text[0] - 'a', y = text[1] - 'a';
    if (x < 0 || y < 0 || x >= b->width || y >= b->height)
        return false;
    *out = y * b->width + x;
    return true;
}

/* The analysis h heard for game g into *out; false when it heard none that
 * holds. */
static bool make_analysis(const struct game *g, const struct heard *h, struct analysis *out)
{
    bool exact = h->any_eval;
    if (exact ? h->bad : !(h->from_mnk && h->summary))
        return false;
    /* Where each cell was first played, to know a better move was free. */
    int played_at[BOARD_MAX_CELLS];
    for (int c = 0; c < BOARD_MAX_CELLS; c++)
        played_at[c] = g->ply;
    for (int i = g->ply - 1; i >= 0; i--)
        played_at[g->moves[i]] = i;
    int n = 0;
    for (; n < g->ply; n++) {
        const struct heard_move *hm = &h->move[n];
        enum stone side = game_stone_of(g, n);
        if (hm->kind != (exact ? HEARD_EVAL : HEARD_COMMENT))
            break;
        if (!exact) {
            char cell[NOTATION_MAX];
            notation_format(&g->board, g->moves[n], cell);
            if (hm->number != n + 1 || hm->side != side || strcmp(hm->cell, cell) != 0)
                break;
        }
        struct analysis_move *m = &out->move[n];
        m->move = g->moves[n];
        m->side = side;
        if (!heard_cell(g, hm->best, exact, &m->best) ||
            (m->best >= 0 && played_at[m->best] < n)) {
            if (exact)
                return false;
            m->best = -1;   /* an old comment's better move is only a word */
        }
        m->before = black_view(m, hm->before);
        m->after = black_view(m, hm->after);
        m->depth = hm->depth;
        m->mark = analysis_judge(m->before, m->after);
    }
    /* The moves judged come first: an analysis stops, it never skips. */
    for (int i = n; exact && i < g->ply; i++)
        if (h->move[i].kind == HEARD_EVAL)
            return false;
    if (n == 0)
        return false;
    out->moves = n;
    analysis_finish(g, out);
    return true;
}

/* Reads the record at path, or else `text`, and the analysis after. */
static bool read_record(const char *path, const char *text, size_t len, enum record_format fmt,
                        struct game *g, struct record_extra *extra, struct analysis *an,
                        char *err, size_t err_size)
{
    an->moves = 0;
    an->complete = false;
    an->decided = -1;
    an->final_score = 0;
    struct heard *h = calloc(1, sizeof *h);   /* large */
    if (h == NULL) {
        snprintf(err, err_size, "%s", _("out of memory"));
        return false;
    }
    struct record_listener listener = { hear, h };
    /* A record that does not read leaves g as it was (record.h), and the
     * listener with what it heard of it, which is dropped. */
    bool ok = path != NULL
                  ? record_load_listen(path, g, extra, &listener, err, err_size)
                  : record_parse_listen(text, len, fmt, g, extra, &listener, err, err_size);
    if (ok && !make_analysis(g, h, an)) {
        an->moves = 0;
        an->complete = false;
        an->decided = -1;
        an->final_score = 0;
    }
    free(h);
    return ok;
}

bool annotate_parse(const char *text, size_t len, enum record_format fmt, struct game *g,
                    struct record_extra *extra, struct analysis *an, char *err,
                    size_t err_size)
{
    return read_record(NULL, text, len, fmt, g, extra, an, err, err_size);
}

bool annotate_load(const char *path, struct game *g, struct record_extra *extra,
                   struct analysis *an, char *err, size_t err_size)
{
    return read_record(path, NULL, 0, RECORD_SGF, g, extra, an, err, err_size);
}
