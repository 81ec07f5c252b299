/* puzzlestats.c — the player's puzzle record; see puzzlestats.h. */
#include "storage/puzzlestats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "storage/filelock.h"
#include "storage/safefile.h"
#include "util/fmt.h"
#include "mnk/i18n.h"

#define HEADER "mnk-puzzles"
#define MAX_FIELDS 6    /* an attempt has 5; one more means too many */
/* How long a lock another window holds is waited for: it holds it only
 * while it writes. */
#define LOCK_WAIT_MS 200

void puzzlestats_init(struct puzzlestats *s)
{
    memset(s, 0, sizeof *s);
}

/* The id as the file keeps it: one word of printable ASCII. */
static void clean_id(const char *id, char *out)
{
    size_t n = 0;
    for (const char *c = id; *c != '\0' && n + 1 < PUZZLESTATS_ID_MAX; c++)
        out[n++] = *c > 0x20 && *c < 0x7f ? *c : '_';
    if (n == 0)
        out[n++] = '_';
    out[n] = '\0';
}

static void bump(long *n)
{
    if (*n < PUZZLESTATS_COUNT_MAX)
        ++*n;
}

/* What a file may hold, as printed (two decimals, six for the
 * volatility): a value within these prints as one within them. */
#define RATING_LO 0.01
#define RATING_HI 9999.99
#define RD_LO 0.01
#define RD_HI 999.99
#define VOLATILITY_LO 0.000001
#define VOLATILITY_HI 0.999999

static double within(double x, double lo, double hi)
{
    return !(x >= lo) ? lo : x > hi ? hi : x;   /* a NaN goes to lo */
}

/* What a rater gave, kept to what the file holds as printed (two and six
 * decimals): so that a record written always reads back. */
static void fit_rating(struct puzzlestats_rating *r)
{
    r->rating = within(r->rating, RATING_LO, RATING_HI);
    r->rd = within(r->rd, RD_LO, RD_HI);
    r->volatility = within(r->volatility, VOLATILITY_LO, VOLATILITY_HI);
}

void puzzlestats_add(struct puzzlestats *s, const char *id, bool solved, long long when,
                     puzzlestats_rater *rate, const void *ctx)
{
    rate(&s->rating, !s->rated, solved, ctx);
    fit_rating(&s->rating);
    s->rated = true;
    if (solved) {
        bump(&s->solved);
        bump(&s->streak);
        if (s->streak > s->best)
            s->best = s->streak;
    } else {
        bump(&s->failed);
        s->streak = 0;
    }
    if (s->n_history == PUZZLESTATS_HISTORY) {
        memmove(s->history, s->history + 1, (PUZZLESTATS_HISTORY - 1) * sizeof *s->history);
        s->n_history--;
    }
    struct puzzlestats_attempt *a = &s->history[s->n_history++];
    a->when = when;
    clean_id(id, a->id);
    a->solved = solved;
    a->rating = s->rating.rating;
}

/* --- the file ------------------------------------------------------------ */

void puzzlestats_print(FILE *out, const struct puzzlestats *s)
{
    fprintf(out, "%s %d\n", HEADER, PUZZLESTATS_VERSION);
    if (s->rated)
        fprintf(out, "rating %.2f %.2f %.6f\n", s->rating.rating, s->rating.rd,
                s->rating.volatility);
    fprintf(out, "counts %ld %ld %ld %ld\n", s->solved, s->failed, s->streak, s->best);
    if (s->n_history > 0)
        fprintf(out, "# attempt TIME ID S|F RATING (oldest first)\n");
    for (int i = 0; i < s->n_history; i++) {
        const struct puzzlestats_attempt *a = &s->history[i];
        fprintf(out, "attempt %lld %s %c %.2f\n", a->when, a->id, a->solved ? 'S' : 'F',
                a->rating);
    }
}

static bool write_record(FILE *out, const void *ctx)
{
    puzzlestats_print(out, ctx);
    return true;   /* a failed write shows in the stream's error flag */
}

bool puzzlestats_write(const char *path, const struct puzzlestats *s, char *err,
                       size_t err_size)
{
    return safefile_write(path, write_record, s, true, err, err_size);
}

/* A count: 1 to `digits` decimal digits, no sign, no leading zero but
 * "0". */
static bool parse_count(const char *t, int digits, long long *out)
{
    size_t n = strlen(t);
    if (n == 0 || n > (size_t)digits || (n > 1 && t[0] == '0'))
        return false;
    long long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        v = v * 10 + (t[i] - '0');
    }
    *out = v;
    return true;
}

static bool parse_long(const char *t, long *out)
{
    long long v;
    if (!parse_count(t, 9, &v))
        return false;
    *out = (long)v;
    return true;
}

/* A decimal from lo to hi: digits, a point and digits. */
static bool parse_decimal(const char *t, double lo, double hi, double *out)
{
    size_t n = strspn(t, "0123456789.");
    if (n == 0 || t[n] != '\0' || n > 20 || t[0] == '.' || strchr(t, '.') != strrchr(t, '.'))
        return false;
    char *end;
    errno = 0;
    double v = strtod(t, &end);
    if (errno != 0 || *end != '\0' || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int split(char *line, char **f)
{
    int n = 0;
    char *c = line;
    for (;;) {
        while (*c == ' ')
            *c++ = '\0';
        if (*c == '\0')
            return n;
        if (n == MAX_FIELDS)
            return MAX_FIELDS + 1;
        f[n++] = c;
        c += strcspn(c, " ");
    }
}

/* What has been read, to check the file as a whole at its end. */
struct seen {
    bool rating, counts;
};

static bool parse_line(char *line, struct puzzlestats *s, struct seen *seen, char *why,
                       size_t size)
{
    char *f[MAX_FIELDS];
    int n = split(line, f);
    if (n == 0)
        return fmt_fail(why, size, "an empty line of spaces");
    if (strcmp(f[0], "rating") == 0) {
        if (seen->rating)
            return fmt_fail(why, size, "a second rating line");
        struct puzzlestats_rating *r = &s->rating;
        if (n != 4 || !parse_decimal(f[1], RATING_LO, RATING_HI, &r->rating) ||
            !parse_decimal(f[2], RD_LO, RD_HI, &r->rd) ||
            !parse_decimal(f[3], VOLATILITY_LO, VOLATILITY_HI, &r->volatility))
            return fmt_fail(why, size, "the rating is not RATING RD VOLATILITY");
        seen->rating = s->rated = true;
        return true;
    }
    if (strcmp(f[0], "counts") == 0) {
        if (seen->counts)
            return fmt_fail(why, size, "a second counts line");
        if (n != 5 || !parse_long(f[1], &s->solved) || !parse_long(f[2], &s->failed) ||
            !parse_long(f[3], &s->streak) || !parse_long(f[4], &s->best))
            return fmt_fail(why, size, "the counts are not SOLVED FAILED STREAK BEST");
        if (s->streak > s->best || s->best > s->solved)
            return fmt_fail(why, size, "a streak longer than the puzzles solved");
        seen->counts = true;
        return true;
    }
    if (strcmp(f[0], "attempt") == 0) {
        if (s->n_history == PUZZLESTATS_HISTORY)
            return fmt_fail(why, size, "more than %d attempts", PUZZLESTATS_HISTORY);
        struct puzzlestats_attempt a;
        memset(&a, 0, sizeof a);
        if (n != 5 || !parse_count(f[1], 12, &a.when) || strlen(f[3]) != 1 ||
            (f[3][0] != 'S' && f[3][0] != 'F') || !parse_decimal(f[4], RATING_LO, RATING_HI, &a.rating))
            return fmt_fail(why, size, "an attempt is not TIME ID S|F RATING");
        clean_id(f[2], a.id);
        if (strcmp(a.id, f[2]) != 0)
            return fmt_fail(why, size, "a puzzle's id is too long or not printable ASCII");
        a.solved = f[3][0] == 'S';
        s->history[s->n_history++] = a;
        return true;
    }
    char kind[21];
    size_t k = 0;
    for (const char *c = f[0]; *c != '\0' && k + 1 < sizeof kind; c++)
        kind[k++] = *c >= 0x20 && *c < 0x7f ? *c : '?';
    kind[k] = '\0';
    return fmt_fail(why, size, "'%s' is no kind of line here", kind);
}

static enum puzzlestats_read_result check_header(const char *path, const char *line,
                                                 char *err, size_t err_size)
{
    size_t n = strlen(HEADER);
    long long v;
    if (strncmp(line, HEADER, n) != 0 || line[n] != ' ' || !parse_count(line + n + 1, 9, &v)) {
        fmt_fail(err, err_size, "%s: line 1: not a puzzle record (no '%s %d')", path, HEADER,
                 PUZZLESTATS_VERSION);
        return PUZZLESTATS_READ_BAD;
    }
    if (v > PUZZLESTATS_VERSION) {
        fmt_fail(err, err_size, "%s: written by a later mnk (version %lld)", path, v);
        return PUZZLESTATS_READ_LEAVE;
    }
    if (v < 1) {
        fmt_fail(err, err_size, "%s: line 1: unknown version %lld", path, v);
        return PUZZLESTATS_READ_BAD;
    }
    return PUZZLESTATS_READ_OK;
}

static enum puzzlestats_read_result parse(const char *path, char *text, size_t len,
                                          struct puzzlestats *s, char *err, size_t err_size)
{
    const char *nul = memchr(text, '\0', len);
    if (nul != NULL) {
        fmt_fail(err, err_size, "%s: a NUL byte at byte %zu", path, (size_t)(nul - text) + 1);
        return PUZZLESTATS_READ_BAD;
    }
    struct seen seen = { false, false };
    int number = 0;
    char *next = text;
    while (next != NULL && *next != '\0') {
        char *line = next;
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        size_t n = strlen(line);
        if (n > 0 && line[n - 1] == '\r')
            line[--n] = '\0';
        number++;
        if (number == 1) {
            enum puzzlestats_read_result r = check_header(path, line, err, err_size);
            if (r != PUZZLESTATS_READ_OK)
                return r;
            continue;
        }
        if (n == 0 || line[0] == '#')
            continue;
        char why[120];
        if (!parse_line(line, s, &seen, why, sizeof why)) {
            fmt_fail(err, err_size, "%s: line %d: %s", path, number, why);
            return PUZZLESTATS_READ_BAD;
        }
    }
    if (number == 0) {   /* safefile never leaves an empty file */
        fmt_fail(err, err_size, "%s: empty", path);
        return PUZZLESTATS_READ_BAD;
    }
    if (!seen.counts) {
        fmt_fail(err, err_size, "%s: no counts line", path);
        return PUZZLESTATS_READ_BAD;
    }
    long long counted = (long long)s->solved + s->failed;
    if (s->n_history > counted || seen.rating != (counted > 0)) {
        fmt_fail(err, err_size, "%s: the attempts do not fit the counts", path);
        return PUZZLESTATS_READ_BAD;
    }
    return PUZZLESTATS_READ_OK;
}

enum puzzlestats_read_result puzzlestats_parse(const char *name, const char *text, size_t len,
                                               struct puzzlestats *s, char *err,
                                               size_t err_size)
{
    puzzlestats_init(s);
    err[0] = '\0';
    if (len > PUZZLESTATS_FILE_MAX) {
        fmt_fail(err, err_size, "%s: larger than %d bytes", name, PUZZLESTATS_FILE_MAX);
        return PUZZLESTATS_READ_BAD;
    }
    char *copy = malloc(len + 1);   /* parse() cuts it into lines */
    if (copy == NULL) {
        fmt_fail(err, err_size, "%s: out of memory", name);
        return PUZZLESTATS_READ_LEAVE;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    enum puzzlestats_read_result r = parse(name, copy, len, s, err, err_size);
    free(copy);
    if (r != PUZZLESTATS_READ_OK)
        puzzlestats_init(s);
    return r;
}

enum puzzlestats_read_result puzzlestats_read(const char *path, struct puzzlestats *s,
                                              char *err, size_t err_size)
{
    puzzlestats_init(s);
    err[0] = '\0';
    char *text = NULL;
    size_t len = 0;
    switch (safefile_read_kept(path, PUZZLESTATS_FILE_MAX, &text, &len, err, err_size)) {
    case SAFEFILE_KEPT_TEXT:
        break;
    case SAFEFILE_KEPT_NONE:
        return PUZZLESTATS_READ_OK;
    case SAFEFILE_KEPT_BAD:
        return PUZZLESTATS_READ_BAD;
    case SAFEFILE_KEPT_LEAVE:
        /* Nothing is known of its content: neither set aside nor written
         * over (stats.h's reasons). */
        return PUZZLESTATS_READ_LEAVE;
    }
    enum puzzlestats_read_result r = parse(path, text, len, s, err, err_size);
    free(text);
    if (r != PUZZLESTATS_READ_OK)
        puzzlestats_init(s);
    return r;
}

bool puzzlestats_load(const char *path, struct puzzlestats *s, char *note, size_t note_size)
{
    char err[4096 + 200];
    note[0] = '\0';
    switch (puzzlestats_read(path, s, err, sizeof err)) {
    case PUZZLESTATS_READ_OK:
        return true;
    case PUZZLESTATS_READ_LEAVE:
        return fmt_fail(note, note_size, "%s", err);
    case PUZZLESTATS_READ_BAD:
        break;
    }
    char base[4200];
    const char *why;
    if (!safefile_set_aside_short(path, err, base, sizeof base, &why))
        return fmt_fail(note, note_size, _("puzzle record not understood (%s) and could not be "
                                           "set aside: %s"), why, path);
    snprintf(note, note_size, _("puzzle record moved to %s (%s); counting starts afresh"), base,
             why);
    return true;
}

/* Appends "; WHAT" (or WHAT to an empty note). */
static bool add_to_note(char *note, size_t note_size, const char *what)
{
    size_t used = strlen(note);
    snprintf(note + used, note_size - used, "%s%s", used > 0 ? _("; ") : "", what);
    return false;
}

bool puzzlestats_record(const char *path, const char *id, bool solved, long long when,
                        puzzlestats_rater *rate, const void *ctx, struct puzzlestats *out,
                        char *note, size_t note_size)
{
    struct puzzlestats *s = malloc(sizeof *s);
    char err[4096 + 200], said[600];
    note[0] = '\0';
    if (s == NULL)
        return fmt_fail(note, note_size, "%s", _("the puzzle was not counted: out of memory"));
    struct filelock lock;
    filelock_init(&lock);
    bool ok = false;
    if (!safefile_make_parents(path, err, sizeof err)) {
        snprintf(said, sizeof said, _("the puzzle was not counted: %s"), err);
        add_to_note(note, note_size, said);
    } else {
        enum filelock_result taken = filelock_wait(&lock, path, LOCK_WAIT_MS, err, sizeof err);
        if (taken == FILELOCK_BUSY) {
            add_to_note(note, note_size,
                        _("the puzzle was not counted: another window holds the record"));
        } else if (taken == FILELOCK_ERROR) {
            snprintf(said, sizeof said, _("the puzzle was not counted: %s"), err);
            add_to_note(note, note_size, said);
        } else if (puzzlestats_load(path, s, note, note_size)) {
            puzzlestats_add(s, id, solved, when, rate, ctx);
            ok = puzzlestats_write(path, s, err, sizeof err);
            if (!ok) {
                snprintf(said, sizeof said, _("the puzzle was not counted: %s"), err);
                add_to_note(note, note_size, said);
            }
        }
    }
    filelock_release(&lock);
    if (out != NULL && ok)
        *out = *s;
    free(s);
    return ok;
}
