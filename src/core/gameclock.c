/* gameclock.c — time controls and the sides' clocks; see gameclock.h.
 *
 * Times are counted in int64_t while they are summed (a byo-yomi clock's
 * periods together may pass INT_MAX) and kept in int, within TC_MS_MAX for
 * a control and GAMECLOCK_MS_MAX for a clock.
 *
 * The canonical text: the main time in minutes when it is whole minutes
 * ("10m"; in the players' "3+2" form without the unit), else in seconds;
 * the other times in seconds, or in minutes from two whole minutes ("5m"
 * for a Canadian period, "60s/move" for a limit), so the text reads as
 * players write it.
 */
#include "mnk/gameclock.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mnk/i18n.h"

#define MINUTE_MS 60000
#define HOUR_MS (60 * MINUTE_MS)

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(char *err, size_t size, const char *fmt, ...)
{
    if (size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

struct tc tc_none(void)
{
    return (struct tc){ .kind = TC_NONE };
}

static bool in_range(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

bool tc_check(const struct tc *tc)
{
    const struct tc *t = tc;
    bool limit = in_range(t->move_ms, 0, TC_MS_MAX);
    switch (t->kind) {
    case TC_NONE:
        return t->main_ms == 0 && t->increment_ms == 0 && t->periods == 0 &&
               t->period_moves == 0 && t->period_ms == 0 && t->move_ms == 0;
    case TC_MOVE:
        return t->main_ms == 0 && t->increment_ms == 0 && t->periods == 0 &&
               t->period_moves == 0 && t->period_ms == 0 && in_range(t->move_ms, 1, TC_MS_MAX);
    case TC_SUDDEN:
        return limit && in_range(t->main_ms, 1, TC_MS_MAX) && t->increment_ms == 0 &&
               t->periods == 0 && t->period_moves == 0 && t->period_ms == 0;
    case TC_FISCHER:
        return limit && in_range(t->main_ms, 1, TC_MS_MAX) &&
               in_range(t->increment_ms, 1, TC_MS_MAX) && t->periods == 0 &&
               t->period_moves == 0 && t->period_ms == 0;
    case TC_BYOYOMI:
        return limit && in_range(t->main_ms, 0, TC_MS_MAX) && t->increment_ms == 0 &&
               in_range(t->periods, 1, TC_PERIODS_MAX) && t->period_moves == 0 &&
               in_range(t->period_ms, 1, TC_MS_MAX);
    case TC_CANADIAN:
        return limit && in_range(t->main_ms, 0, TC_MS_MAX) && t->increment_ms == 0 &&
               t->periods == 0 && in_range(t->period_moves, 1, TC_MOVES_MAX) &&
               in_range(t->period_ms, 1, TC_MS_MAX);
    }
    return false;
}

bool tc_equal(const struct tc *a, const struct tc *b)
{
    return a->kind == b->kind && a->main_ms == b->main_ms &&
           a->increment_ms == b->increment_ms && a->periods == b->periods &&
           a->period_moves == b->period_moves && a->period_ms == b->period_ms &&
           a->move_ms == b->move_ms;
}

bool tc_has_game_clock(const struct tc *tc)
{
    return tc->kind != TC_NONE && tc->kind != TC_MOVE;
}

/* ---- the text ----------------------------------------------------------- */

/* The piece of text a message quotes: from p to the next '+' or ',' (at
 * most 31 bytes). */
static const char *piece(const char *p, char out[32])
{
    size_t n = strcspn(p, "+,");
    if (n > 31)
        n = 31;
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* Reads digits at *p into *v (at most `max_digits` of them, so nothing
 * overflows), counting them in *n; moves *p past them. */
static void digits(const char **p, int64_t *v, int *n, int max_digits)
{
    *v = 0;
    *n = 0;
    while (isdigit((unsigned char)**p)) {
        if (*n < max_digits)
            *v = *v * 10 + (**p - '0');
        (*n)++;
        (*p)++;
    }
}

/* Reads a time at *p that ends at `end`: a number and a unit, or without
 * one in `bare_ms` units. */
static bool parse_time(const char *p, const char *end, int64_t bare_ms, int *ms, char *err,
                       size_t err_size)
{
    char what[32];
    size_t len = (size_t)(end - p);
    snprintf(what, sizeof what, "%.*s", (int)(len < 31 ? len : 31), p);
    const char *s = p;
    int64_t whole, frac;
    int nw, nf = 0;
    digits(&s, &whole, &nw, 12);
    frac = 0;
    if (*s == '.' && s < end) {
        s++;
        digits(&s, &frac, &nf, 12);
        if (nf == 0)
            nw = 0;   /* "5." is no number */
    }
    if (nw == 0)
        return fail(err, err_size, _("'%s' is no time: a number and a unit, such as 5m, 30s "
                                     "or 0.5s"), what);
    int64_t unit = bare_ms;
    size_t rest = (size_t)(end - s);
    if (rest == 2 && strncmp(s, "ms", 2) == 0)
        unit = 1;
    else if (rest == 3 && strncmp(s, "min", 3) == 0)
        unit = MINUTE_MS;
    else if (rest == 1 && *s == 'm')
        unit = MINUTE_MS;
    else if (rest == 1 && *s == 's')
        unit = 1000;
    else if (rest == 1 && *s == 'h')
        unit = HOUR_MS;
    else if (rest != 0)
        return fail(err, err_size, _("'%s' is no time: a number and a unit, such as 5m, 30s "
                                     "or 0.5s"), what);
    if (nw > 12 || nf > 12 || whole > TC_MS_MAX)
        return fail(err, err_size, _("'%s' is more than 24 hours"), what);
    int64_t scale = 1;
    for (int i = 0; i < nf; i++)
        scale *= 10;
    /* frac < 10^12 and unit <= an hour: no overflow before the division. */
    if (frac * unit % scale != 0)
        return fail(err, err_size, _("'%s' is finer than a millisecond"), what);
    int64_t v = whole * unit + frac * unit / scale;
    if (v > TC_MS_MAX)
        return fail(err, err_size, _("'%s' is more than 24 hours"), what);
    *ms = (int)v;
    return true;
}

/* Reads a count ("5" of "5x30s") from p to end into *v, within 1..max. */
static bool parse_count(const char *p, const char *end, int *v)
{
    int64_t n;
    int nd;
    const char *s = p;
    digits(&s, &n, &nd, 6);
    if (s != end || nd == 0 || nd > 6)
        return false;
    *v = (int)n;
    return true;
}

static bool not_a_control(const char *text, char *err, size_t err_size)
{
    return fail(err, err_size, _("'%s' is not a time control (such as 3+2, 5s+0.1s, 60s/move, "
                                 "5m,30s/move, 10m+5x30s, 10m+10/5m or none)"), text);
}

/* "30s/move" from p to end into t->move_ms. */
static bool parse_limit(const char *p, const char *end, struct tc *t, const char *text,
                        char *err, size_t err_size)
{
    static const char suffix[] = "/move";
    size_t n = strlen(suffix);
    if ((size_t)(end - p) <= n || strncmp(end - n, suffix, n) != 0)
        return not_a_control(text, err, err_size);
    if (!parse_time(p, end - n, 1000, &t->move_ms, err, err_size))
        return false;
    if (t->move_ms == 0) {
        char what[32];
        return fail(err, err_size, _("'%s': the limit per move must be more than 0"),
                    piece(p, what));
    }
    return true;
}

/* The overtime after '+', from p to end. */
static bool parse_over(const char *p, const char *end, struct tc *t, char *err, size_t err_size)
{
    char what[32];
    piece(p, what);
    const char *x = memchr(p, 'x', (size_t)(end - p));
    const char *slash = memchr(p, '/', (size_t)(end - p));
    if (x == NULL && slash == NULL) {
        if (!parse_time(p, end, 1000, &t->increment_ms, err, err_size))
            return false;
        t->kind = t->increment_ms > 0 ? TC_FISCHER : TC_SUDDEN;
        return true;
    }
    const char *sep = x != NULL ? x : slash;
    int count;
    bool counted = parse_count(p, sep, &count);
    if (x != NULL) {
        t->kind = TC_BYOYOMI;
        if (!counted || !in_range(count, 1, TC_PERIODS_MAX))
            return fail(err, err_size, _("'%s': byo-yomi has 1 to %d periods"), what,
                        TC_PERIODS_MAX);
        t->periods = count;
    } else {
        t->kind = TC_CANADIAN;
        if (!counted || !in_range(count, 1, TC_MOVES_MAX))
            return fail(err, err_size, _("'%s': a Canadian period has 1 to %d moves"), what,
                        TC_MOVES_MAX);
        t->period_moves = count;
    }
    if (!parse_time(sep + 1, end, 1000, &t->period_ms, err, err_size))
        return false;
    if (t->period_ms == 0)
        return fail(err, err_size, _("'%s': an overtime period must be more than 0"), what);
    return true;
}

/* "3+2", "10m+5x30s" from p to end. */
static bool parse_game(const char *p, const char *end, struct tc *t, char *err, size_t err_size)
{
    const char *plus = memchr(p, '+', (size_t)(end - p));
    const char *main_end = plus != NULL ? plus : end;
    if (!parse_time(p, main_end, MINUTE_MS, &t->main_ms, err, err_size))
        return false;
    t->kind = TC_SUDDEN;
    if (plus != NULL && !parse_over(plus + 1, end, t, err, err_size))
        return false;
    if (t->main_ms == 0 && t->kind != TC_BYOYOMI && t->kind != TC_CANADIAN)
        return fail(err, err_size, _("the main time must be more than 0 (0 only before "
                                     "byo-yomi or Canadian overtime)"));
    return true;
}

bool tc_parse(const char *text, struct tc *out, char *err, size_t err_size)
{
    /* Blanks out, lower case: "3 + 2", "5M" are as good. */
    char s[TC_TEXT_MAX * 2];
    size_t n = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (isspace((unsigned char)*c))
            continue;
        if (n + 1 >= sizeof s)
            return not_a_control(text, err, err_size);
        s[n++] = (char)tolower((unsigned char)*c);
    }
    s[n] = '\0';
    if (n == 0)
        return fail(err, err_size, _("empty time control"));
    struct tc t = tc_none();
    if (strcmp(s, "none") == 0) {
        *out = t;
        return true;
    }
    char *comma = strchr(s, ',');
    if (comma != NULL) {
        if (strchr(comma + 1, ',') != NULL || comma == s)
            return not_a_control(text, err, err_size);
        if (!parse_game(s, comma, &t, err, err_size) ||
            !parse_limit(comma + 1, s + n, &t, text, err, err_size))
            return false;
    } else if (n > 5 && strcmp(s + n - 5, "/move") == 0 && strchr(s, '+') == NULL) {
        if (!parse_limit(s, s + n, &t, text, err, err_size))
            return false;
        t.kind = TC_MOVE;
    } else if (!parse_game(s, s + n, &t, err, err_size)) {
        return false;
    }
    if (!tc_check(&t))   /* every field was checked on its way in */
        return not_a_control(text, err, err_size);
    *out = t;
    return true;
}

const char *tc_format_seconds(int ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    int n = snprintf(buf, size, "%d.%03d", ms / 1000, ms % 1000);
    /* Trailing zeros, then a bare point, off. */
    while (n > 0 && (size_t)n < size && buf[n - 1] == '0')
        buf[--n] = '\0';
    if (n > 0 && (size_t)n < size && buf[n - 1] == '.')
        buf[--n] = '\0';
    return buf;
}

/* A time with its unit appended to buf at *n: "10m", "30s", "0.1s"; in
 * minutes when whole minutes of at least `minutes_from`. */
static void put_time(char *buf, size_t size, size_t *n, int ms, int minutes_from)
{
    char sec[24];
    int w;
    if (ms == 0)
        w = snprintf(buf + *n, size - *n, "0");
    else if (ms % MINUTE_MS == 0 && ms >= minutes_from)
        w = snprintf(buf + *n, size - *n, "%dm", ms / MINUTE_MS);
    else
        w = snprintf(buf + *n, size - *n, "%ss", tc_format_seconds(ms, sec, sizeof sec));
    if (w > 0)
        *n = min64((int64_t)(*n + (size_t)w), (int64_t)(size > 0 ? size - 1 : 0));
}

static void put_text(char *buf, size_t size, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put_text(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
    if (w > 0)
        *n = min64((int64_t)(*n + (size_t)w), (int64_t)(size > 0 ? size - 1 : 0));
}

const char *tc_format(const struct tc *tc, char *buf, size_t size)
{
    size_t n = 0;
    char sec[24], inc[24];
    if (size == 0)
        return buf;
    buf[0] = '\0';
    switch (tc->kind) {
    case TC_NONE:
        snprintf(buf, size, "none");
        return buf;
    case TC_MOVE:
        break;
    case TC_SUDDEN:
    case TC_FISCHER:
        /* Players' own form, "3+2", when the main time is whole minutes. */
        if (tc->main_ms % MINUTE_MS == 0)
            put_text(buf, size, &n, "%d+%s", tc->main_ms / MINUTE_MS,
                     tc_format_seconds(tc->increment_ms, sec, sizeof sec));
        else
            put_text(buf, size, &n, "%ss+%ss", tc_format_seconds(tc->main_ms, sec, sizeof sec),
                     tc_format_seconds(tc->increment_ms, inc, sizeof inc));
        break;
    case TC_BYOYOMI:
    case TC_CANADIAN:
        put_time(buf, size, &n, tc->main_ms, 1);
        if (tc->kind == TC_BYOYOMI)
            put_text(buf, size, &n, "+%dx", tc->periods);
        else
            put_text(buf, size, &n, "+%d/", tc->period_moves);
        put_time(buf, size, &n, tc->period_ms, 2 * MINUTE_MS);
        break;
    }
    if (tc->move_ms > 0) {
        if (n > 0)
            put_text(buf, size, &n, ",");
        put_time(buf, size, &n, tc->move_ms, 2 * MINUTE_MS);
        put_text(buf, size, &n, "/move");
    }
    return buf;
}

bool tc_parse_seconds(const char *text, int *ms)
{
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    int64_t whole, frac = 0;
    int nw, nf = 0;
    digits(&p, &whole, &nw, 12);
    if (*p == '.') {
        p++;
        /* The millisecond, and one more digit to round it. */
        digits(&p, &frac, &nf, 4);
        if (nf == 0)
            return false;
        for (int i = nf; i < 4; i++)
            frac *= 10;
        frac = (frac + 5) / 10;
    }
    while (isspace((unsigned char)*p))
        p++;
    if (nw == 0 || nw > 12 || *p != '\0')
        return false;
    int64_t v = whole * 1000 + frac;
    if (v > GAMECLOCK_MS_MAX)
        return false;
    *ms = (int)v;
    return true;
}

void tc_to_sgf(const struct tc *tc, char *tm, size_t tm_size, char *ot, size_t ot_size)
{
    if (tm_size > 0)
        tm[0] = '\0';
    if (ot_size > 0)
        ot[0] = '\0';
    if (tc_has_game_clock(tc))
        tc_format_seconds(tc->main_ms, tm, tm_size);
    bool plain = tc->kind == TC_NONE || (tc->kind == TC_SUDDEN && tc->move_ms == 0);
    if (!plain)
        tc_format(tc, ot, ot_size);
}

bool tc_from_sgf(const char *tm, const char *ot, struct tc *out, char *err, size_t err_size)
{
    int main_ms = 0;
    if (tm != NULL && (!tc_parse_seconds(tm, &main_ms) || main_ms > TC_MS_MAX))
        return fail(err, err_size, _("TM[%s] is no time in seconds"), tm);
    struct tc t = tc_none();
    if (ot == NULL) {
        if (tm == NULL) {
            *out = t;
            return true;
        }
        if (main_ms == 0)
            return fail(err, err_size, _("the main time must be more than 0 (0 only before "
                                         "byo-yomi or Canadian overtime)"));
        t.kind = TC_SUDDEN;
        t.main_ms = main_ms;
        *out = t;
        return true;
    }
    char why[192];
    const char *start = ot;
    while (isspace((unsigned char)*start))
        start++;
    if (*start == '+' || *start == ',') {
        /* Only the overtime: TM's main time completes it. */
        char text[TC_TEXT_MAX * 2], sec[24];
        if (tm == NULL)
            return fail(err, err_size, _("OT[%s] needs the main time TM"), ot);
        snprintf(text, sizeof text, "%ss%s", tc_format_seconds(main_ms, sec, sizeof sec), start);
        if (!tc_parse(text, &t, why, sizeof why))
            return fail(err, err_size, "OT[%s]: %s", ot, why);
    } else {
        if (!tc_parse(ot, &t, why, sizeof why))
            return fail(err, err_size, "OT[%s]: %s", ot, why);
        if (tm != NULL && t.main_ms != main_ms)
            return fail(err, err_size, _("OT[%s] says another main time than TM[%s]"), ot, tm);
    }
    *out = t;
    return true;
}

/* ---- the clocks --------------------------------------------------------- */

struct gameclock_side gameclock_start(const struct tc *tc)
{
    struct gameclock_side s = { .move_ms = tc->move_ms };
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        break;
    case TC_SUDDEN:
    case TC_FISCHER:
        s.main_ms = tc->main_ms;
        break;
    case TC_BYOYOMI:
        s.main_ms = tc->main_ms;
        s.period_ms = tc->period_ms;
        s.periods = tc->periods;
        break;
    case TC_CANADIAN:
        s.main_ms = tc->main_ms;
        s.period_ms = tc->period_ms;
        s.moves = tc->period_moves;
        break;
    }
    return s;
}

/* Runs the clock *s (as it stood when the move began) t ms into the move;
 * `done`: the move ends there, and *s becomes the clock for the next.
 * True when the flag has fallen by then. */
static bool advance(const struct tc *tc, struct gameclock_side *s, int64_t t, bool done)
{
    if (s->flagged)
        return true;
    if (t < 0)
        t = 0;
    bool out = false;
    if (tc->move_ms > 0) {
        if (t >= s->move_ms)
            out = true;
        else
            s->move_ms = done ? tc->move_ms : (int)(s->move_ms - t);
    }
    int64_t over = t - s->main_ms;   /* how far past the main time */
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        break;
    case TC_SUDDEN:
    case TC_FISCHER:
        if (over >= 0) {
            out = true;
            break;
        }
        s->main_ms -= (int)t;
        if (done && tc->kind == TC_FISCHER)
            s->main_ms = (int)min64((int64_t)s->main_ms + tc->increment_ms, GAMECLOCK_MS_MAX);
        break;
    case TC_BYOYOMI:
        if (over < 0) {
            s->main_ms -= (int)t;
            break;
        }
        s->main_ms = 0;
        if (over >= s->period_ms) {
            /* The current period is used up; then whole ones. */
            over -= s->period_ms;
            s->periods--;
            int64_t used = over / tc->period_ms;
            if (used >= s->periods) {
                out = true;
                break;
            }
            s->periods -= (int)used;
            s->period_ms = tc->period_ms - (int)(over - used * tc->period_ms);
        } else {
            s->period_ms -= (int)over;
        }
        if (done)
            s->period_ms = tc->period_ms;
        break;
    case TC_CANADIAN:
        if (over < 0) {
            s->main_ms -= (int)t;
            break;
        }
        s->main_ms = 0;
        if (over >= s->period_ms) {
            out = true;
            break;
        }
        s->period_ms -= (int)over;
        if (done && --s->moves == 0) {
            s->period_ms = tc->period_ms;   /* the period's moves made: renewed */
            s->moves = tc->period_moves;
        }
        break;
    }
    if (out)
        *s = (struct gameclock_side){ .flagged = true };
    return out;
}

bool gameclock_charge(const struct tc *tc, struct gameclock_side *s, int spent_ms)
{
    return advance(tc, s, spent_ms, true);
}

struct gameclock_side gameclock_running(const struct tc *tc, const struct gameclock_side *s,
                                        int elapsed_ms)
{
    struct gameclock_side now = *s;
    advance(tc, &now, elapsed_ms, false);
    return now;
}

int64_t gameclock_until_flag(const struct tc *tc, const struct gameclock_side *s,
                             int elapsed_ms)
{
    if (s->flagged)
        return 0;
    if (tc->kind == TC_NONE)
        return GAMECLOCK_NEVER;
    int64_t left = INT64_MAX;
    if (tc->move_ms > 0)
        left = s->move_ms;
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        break;
    case TC_SUDDEN:
    case TC_FISCHER:
        left = min64(left, s->main_ms);
        break;
    case TC_BYOYOMI:
        left = min64(left, (int64_t)s->main_ms + s->period_ms +
                               (int64_t)(s->periods - 1) * tc->period_ms);
        break;
    case TC_CANADIAN:
        left = min64(left, (int64_t)s->main_ms + s->period_ms);
        break;
    }
    int64_t e = elapsed_ms > 0 ? elapsed_ms : 0;
    return left > e ? left - e : 0;
}

bool gameclock_in_overtime(const struct tc *tc, const struct gameclock_side *s)
{
    return (tc->kind == TC_BYOYOMI || tc->kind == TC_CANADIAN) && !s->flagged &&
           s->main_ms == 0;
}

int gameclock_shown_ms(const struct tc *tc, const struct gameclock_side *s)
{
    if (tc->kind == TC_NONE)
        return -1;
    if (tc->kind == TC_MOVE)
        return s->move_ms;
    return gameclock_in_overtime(tc, s) ? s->period_ms : s->main_ms;
}

const char *gameclock_format(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    int64_t tenths = ms / 100, secs = ms / 1000;
    if (ms < 10000)
        snprintf(buf, size, "0:%02d.%d", (int)secs, (int)(tenths % 10));
    else if (ms < HOUR_MS)
        snprintf(buf, size, "%d:%02d", (int)(secs / 60), (int)(secs % 60));
    else
        snprintf(buf, size, "%d:%02d:%02d", (int)(secs / 3600), (int)(secs / 60 % 60),
                 (int)(secs % 60));
    return buf;
}

bool gameclock_to_sgf(const struct tc *tc, const struct gameclock_side *s, int *left_ms,
                      int *count)
{
    if (!tc_has_game_clock(tc))
        return false;
    *left_ms = gameclock_shown_ms(tc, s);
    *count = !gameclock_in_overtime(tc, s) ? -1 : tc->kind == TC_BYOYOMI ? s->periods
                                                                          : s->moves;
    return true;
}

bool gameclock_from_sgf(const struct tc *tc, int left_ms, int count,
                        struct gameclock_side *out)
{
    if (!tc_has_game_clock(tc) || left_ms > GAMECLOCK_MS_MAX)
        return false;
    struct gameclock_side s = gameclock_start(tc);
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        return false;
    case TC_SUDDEN:
    case TC_FISCHER:
        /* 0 left after a move is a flag, never a clock to go on with. */
        if (count >= 0 || left_ms <= 0)
            return false;
        s.main_ms = left_ms;
        break;
    case TC_BYOYOMI:
        if (count < 0) {
            if (left_ms < 0)
                return false;
            s.main_ms = left_ms;
        } else {
            if (count < 1 || count > tc->periods || left_ms > tc->period_ms || left_ms == 0)
                return false;
            s.main_ms = 0;
            s.periods = count;   /* a new move has a whole period */
        }
        break;
    case TC_CANADIAN:
        if (count < 0) {
            if (left_ms < 0)
                return false;
            s.main_ms = left_ms;
        } else {
            if (count < 1 || count > tc->period_moves || left_ms <= 0 ||
                left_ms > tc->period_ms)
                return false;
            s.main_ms = 0;
            s.period_ms = left_ms;
            s.moves = count;
        }
        break;
    }
    *out = s;
    return true;
}
