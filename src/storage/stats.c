/* stats.c — the player's record; see stats.h. */
#include "storage/stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fmt.h"
#include "util/utf8.h"
#include "storage/record.h"
#include "storage/filelock.h"
#include "storage/safefile.h"
#include "mnk/level.h"
#include "mnk/i18n.h"

#define HEADER "mnk-stats"
#define MAX_FIELDS 14   /* a computer row has 13; one more means too many */
#define NO_NAME "-"     /* a network opponent who gave none */

/* The version a file is written in: the oldest that holds what it has,
 * so that an earlier mnk still reads a file with no network games. */
static int version_of(const struct stats *s)
{
    return s->n_net > 0 ? 3 : 2;
}

void stats_init(struct stats *s)
{
    memset(s, 0, sizeof *s);
}

void stats_free(struct stats *s)
{
    free(s->rows);
    free(s->people);
    free(s->net);
    stats_init(s);
}

/* --- order and look-up -------------------------------------------------- */

static int board_cmp(const struct stats_board *a, const struct stats_board *b)
{
    if (a->width != b->width)
        return a->width < b->width ? -1 : 1;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    if (a->win != b->win)
        return a->win < b->win ? -1 : 1;
    if (a->rule != b->rule)
        return a->rule < b->rule ? -1 : 1;
    return 0;
}

/* No clock first, then by kind and times: a total order that agrees with
 * tc_equal (every field compared). */
static int tc_cmp(const struct tc *a, const struct tc *b)
{
    const int x[] = { (int)a->kind, a->main_ms, a->increment_ms, a->periods,
                      a->period_moves, a->period_ms, a->move_ms };
    const int y[] = { (int)b->kind, b->main_ms, b->increment_ms, b->periods,
                      b->period_moves, b->period_ms, b->move_ms };
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* A board and a clock, the key of a people's row and, after the opponent,
 * of a computer row. */
static int place_cmp(const struct stats_board *a, const struct tc *ta, const struct stats_board *b,
                     const struct tc *tb)
{
    int c = board_cmp(a, b);
    return c != 0 ? c : tc_cmp(ta, tb);
}

/* Levels by the ladder, before any other name. */
static int opponent_cmp(const char *a, const char *b)
{
    const struct level *la = level_find(a), *lb = level_find(b);
    if (la != NULL && lb != NULL && la != lb)
        return level_index(la) - level_index(lb);
    if ((la != NULL) != (lb != NULL))
        return la != NULL ? -1 : 1;
    return strcmp(a, b);
}

static int row_cmp(const struct stats_row *a, const char *opponent, const struct stats_board *b,
                   const struct tc *tc)
{
    int c = opponent_cmp(a->opponent, opponent);
    return c != 0 ? c : place_cmp(&a->board, &a->tc, b, tc);
}

/* A table of rows by opponent: the computer's or the network's. */
struct table {
    struct stats_row **rows;
    int *n, *cap;
};

static struct table computer_table(struct stats *s)
{
    return (struct table){ &s->rows, &s->n_rows, &s->cap_rows };
}

static struct table network_table(struct stats *s)
{
    return (struct table){ &s->net, &s->n_net, &s->cap_net };
}

/* The index of the row in rows[0 .. n), or where it would go (then
 * *found is false). */
static int row_slot(const struct stats_row *rows, int n, const char *opponent,
                    const struct stats_board *b, const struct tc *tc, bool *found)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (row_cmp(&rows[mid], opponent, b, tc) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < n && row_cmp(&rows[lo], opponent, b, tc) == 0;
    return lo;
}

static int people_slot(const struct stats *s, const struct stats_board *b, const struct tc *tc,
                       bool *found)
{
    int lo = 0, hi = s->n_people;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (place_cmp(&s->people[mid].board, &s->people[mid].tc, b, tc) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < s->n_people && place_cmp(&s->people[lo].board, &s->people[lo].tc, b, tc) == 0;
    return lo;
}

/* The control a caller means: NULL is no clock. */
static struct tc clock_of(const struct tc *tc)
{
    return tc != NULL ? *tc : tc_none();
}

/* Room for one more element in an array of `*cap` of `size` bytes. */
static bool grow(void **items, int n, int *cap, size_t size)
{
    if (n < *cap)
        return true;
    int want = *cap > 0 ? 2 * *cap : 16;
    void *p = realloc(*items, (size_t)want * size);
    if (p == NULL)
        return false;
    *items = p;
    *cap = want;
    return true;
}

/* A zeroed element made at index i of an array of *n, the later ones moved
 * up; NULL when out of memory. */
static void *insert_at(void **items, int *n, int *cap, size_t size, int i)
{
    if (!grow(items, *n, cap, size))
        return NULL;
    char *at = (char *)*items + (size_t)i * size;
    memmove(at + size, at, (size_t)(*n - i) * size);
    memset(at, 0, size);
    ++*n;
    return at;
}

/* The name as the file keeps it: one word of printable ASCII. */
static void clean_name(const char *name, char *out)
{
    size_t n = 0;
    for (const char *c = name; *c != '\0' && n + 1 < STATS_NAME_MAX; c++)
        out[n++] = *c > 0x20 && *c < 0x7f ? *c : '_';
    if (n == 0)
        out[n++] = '_';
    out[n] = '\0';
}

/* A network opponent's name as the file keeps it: one word of text fit to
 * draw (a person's name may be in any script), each byte of anything else
 * a '_', cut at a character's start; NO_NAME for none. */
static void clean_net_name(const char *name, char *out)
{
    const unsigned char *s = (const unsigned char *)name;
    size_t len = strlen(name), n = 0;
    for (size_t i = 0; i < len;) {
        size_t used = 1;
        long cp = utf8_next(s + i, len - i, &used);
        bool fit = cp > 0x20 && !utf8_is_control(cp);
        if (!fit)
            used = 1;
        if (n + used >= STATS_NAME_MAX)
            break;
        if (fit)
            memcpy(out + n, s + i, used);
        else
            out[n] = '_';
        n += fit ? used : 1;
        i += used;
    }
    if (n == 0)
        n = (size_t)snprintf(out, STATS_NAME_MAX, "%s", NO_NAME);
    out[n] = '\0';
}

/* The row of (opponent, b, tc) in table t, made empty at its place if
 * new; NULL when out of memory. `opponent` is clean already. */
static struct stats_row *row_for(struct table t, const char *opponent,
                                 const struct stats_board *b, const struct tc *tc)
{
    bool found;
    int i = row_slot(*t.rows, *t.n, opponent, b, tc, &found);
    if (found)
        return &(*t.rows)[i];
    struct stats_row *r = insert_at((void **)t.rows, t.n, t.cap, sizeof **t.rows, i);
    if (r != NULL) {
        snprintf(r->opponent, sizeof r->opponent, "%s", opponent);
        r->board = *b;
        r->tc = *tc;
    }
    return r;
}

static struct stats_people *people_for(struct stats *s, const struct stats_board *b,
                                       const struct tc *tc)
{
    bool found;
    int i = people_slot(s, b, tc, &found);
    if (found)
        return &s->people[i];
    struct stats_people *p = insert_at((void **)&s->people, &s->n_people, &s->cap_people,
                                       sizeof *s->people, i);
    if (p != NULL) {
        p->board = *b;
        p->tc = *tc;
    }
    return p;
}

const struct stats_row *stats_find(const struct stats *s, const char *opponent,
                                   const struct stats_board *b, const struct tc *tc)
{
    char name[STATS_NAME_MAX];
    bool found;
    clean_name(opponent, name);
    const struct tc t = clock_of(tc);
    int i = row_slot(s->rows, s->n_rows, name, b, &t, &found);
    return found ? &s->rows[i] : NULL;
}

const struct stats_row *stats_find_network(const struct stats *s, const char *opponent,
                                           const struct stats_board *b, const struct tc *tc)
{
    char name[STATS_NAME_MAX];
    bool found;
    clean_net_name(opponent, name);
    const struct tc t = clock_of(tc);
    int i = row_slot(s->net, s->n_net, name, b, &t, &found);
    return found ? &s->net[i] : NULL;
}

const struct stats_people *stats_find_people(const struct stats *s, const struct stats_board *b,
                                             const struct tc *tc)
{
    bool found;
    const struct tc t = clock_of(tc);
    int i = people_slot(s, b, &t, &found);
    return found ? &s->people[i] : NULL;
}

void stats_totals(const struct stats *s, long *won, long *lost, long *drawn)
{
    long w = 0, l = 0, d = 0;
    for (int i = 0; i < s->n_rows; i++) {
        w += s->rows[i].won;
        l += s->rows[i].lost;
        d += s->rows[i].drawn;
    }
    if (won != NULL)
        *won = w;
    if (lost != NULL)
        *lost = l;
    if (drawn != NULL)
        *drawn = d;
}

static int clock_order(const void *a, const void *b)
{
    return tc_cmp(&((const struct stats_clock *)a)->tc, &((const struct stats_clock *)b)->tc);
}

int stats_by_clock(const struct stats *s, struct stats_clock *out)
{
    /* Sorted, then merged: a file of many clocks takes no square time. */
    for (int i = 0; i < s->n_rows; i++) {
        const struct stats_row *r = &s->rows[i];
        out[i] = (struct stats_clock){ r->tc, r->won, r->lost, r->drawn, r->lost_on_time };
    }
    if (s->n_rows > 1)
        qsort(out, (size_t)s->n_rows, sizeof *out, clock_order);
    int n = 0;
    for (int i = 0; i < s->n_rows; i++) {
        if (n > 0 && tc_equal(&out[n - 1].tc, &out[i].tc)) {
            out[n - 1].won += out[i].won;
            out[n - 1].lost += out[i].lost;
            out[n - 1].drawn += out[i].drawn;
            out[n - 1].lost_on_time += out[i].lost_on_time;
        } else {
            out[n++] = out[i];
        }
    }
    return n;
}

/* --- counting ----------------------------------------------------------- */

static void bump(long *n)
{
    if (*n < STATS_COUNT_MAX)
        ++*n;
}

static void extend(struct stats_streak *streak, long *best, enum stats_outcome o)
{
    if (streak->kind == o) {
        bump(&streak->length);
    } else {
        streak->kind = o;
        streak->length = 1;
    }
    if (o == STATS_WON && streak->length > *best)
        *best = streak->length;
}

/* One game in the row of the clean `name` in table t; NULL when out of
 * memory. */
static struct stats_row *add_row(struct table t, const char *name, const struct stats_board *b,
                                 const struct tc *tc, enum stats_outcome o, bool on_time)
{
    const struct tc c = clock_of(tc);
    struct stats_row *r = row_for(t, name, b, &c);
    if (r == NULL)
        return NULL;
    bump(o == STATS_WON ? &r->won : o == STATS_LOST ? &r->lost : &r->drawn);
    /* Bumped after `lost`, so that saturated counts stay no more than it. */
    if (o == STATS_LOST && on_time && c.kind != TC_NONE && r->lost_on_time < r->lost)
        bump(&r->lost_on_time);
    extend(&r->streak, &r->best, o);
    return r;
}

bool stats_add(struct stats *s, const char *opponent, const struct stats_board *b,
               const struct tc *tc, enum stats_outcome o, bool on_time)
{
    char name[STATS_NAME_MAX];
    clean_name(opponent, name);
    if (o == STATS_NONE || add_row(computer_table(s), name, b, tc, o, on_time) == NULL)
        return false;
    extend(&s->streak, &s->best, o);
    return true;
}

bool stats_add_network(struct stats *s, const char *opponent, const struct stats_board *b,
                       const struct tc *tc, enum stats_outcome o, bool on_time)
{
    char name[STATS_NAME_MAX];
    clean_net_name(opponent, name);
    return o != STATS_NONE && add_row(network_table(s), name, b, tc, o, on_time) != NULL;
}

bool stats_add_people(struct stats *s, const struct stats_board *b, const struct tc *tc,
                      enum outcome o, bool on_time)
{
    if (o == OUTCOME_ONGOING)
        return false;
    const struct tc t = clock_of(tc);
    struct stats_people *p = people_for(s, b, &t);
    if (p == NULL)
        return false;
    bump(o == OUTCOME_BLACK_WINS ? &p->black : o == OUTCOME_WHITE_WINS ? &p->white : &p->drawn);
    if (o != OUTCOME_DRAW && on_time && t.kind != TC_NONE && p->on_time < p->black + p->white)
        bump(&p->on_time);
    return true;
}

/* A game counts once over, unless two computers played it. */
static bool counts(const struct game *g)
{
    return game_over(g) && (g->config.player[0].kind == PLAYER_HUMAN ||
                            g->config.player[1].kind == PLAYER_HUMAN);
}

/* The result of game g, which has ended, for the one who played `me`. */
static enum stats_outcome outcome_of(const struct game *g, enum stone me)
{
    enum outcome wins = me == STONE_BLACK ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
    return g->result.outcome == OUTCOME_DRAW ? STATS_DRAWN
         : g->result.outcome == wins ? STATS_WON : STATS_LOST;
}

bool stats_add_game(struct stats *s, const struct game *g)
{
    if (!counts(g))
        return false;
    const struct stats_board b = { g->board.width, g->board.height, g->board.win,
                                   g->board.rule };
    bool computer[2];
    for (int i = 0; i < 2; i++)
        computer[i] = g->config.player[i].kind == PLAYER_COMPUTER;
    const struct tc *tc = &g->config.tc;
    bool on_time = g->result.reason == END_TIME;
    if (!computer[0] && !computer[1])
        return stats_add_people(s, &b, tc, g->result.outcome, on_time);
    int person = computer[0] ? 1 : 0;   /* 0 Black, 1 White */
    char name[GAME_PLAYER_SPEC_MAX];
    record_player_name(&g->config.player[1 - person], name, sizeof name);
    return stats_add(s, name, &b, tc, outcome_of(g, person == 0 ? STONE_BLACK : STONE_WHITE),
                     on_time);
}

bool stats_add_network_game(struct stats *s, const struct game *g, enum stone me,
                            const char *opponent)
{
    if (!game_over(g) || (me != STONE_BLACK && me != STONE_WHITE))
        return false;
    const struct stats_board b = { g->board.width, g->board.height, g->board.win,
                                   g->board.rule };
    return stats_add_network(s, opponent, &b, &g->config.tc, outcome_of(g, me),
                             g->result.reason == END_TIME);
}

/* --- the file ------------------------------------------------------------ */

static const char streak_letters[] = { [STATS_NONE] = '-', [STATS_WON] = 'W',
                                       [STATS_LOST] = 'L', [STATS_DRAWN] = 'D' };

static void put_place(FILE *out, const struct stats_board *b, const struct tc *tc)
{
    char clock[TC_TEXT_MAX];
    fprintf(out, "%dx%d %d %s %s", b->width, b->height, b->win, rule_name(b->rule),
            tc_format(tc, clock, sizeof clock));
}

/* A row of a table by opponent, `kind` its first word. */
static void put_row(FILE *out, const char *kind, const struct stats_row *r)
{
    fprintf(out, "%s %s ", kind, r->opponent);
    put_place(out, &r->board, &r->tc);
    fprintf(out, " %ld %ld %ld %ld %c %ld %ld\n", r->won, r->lost, r->drawn, r->lost_on_time,
            streak_letters[r->streak.kind], r->streak.length, r->best);
}

void stats_print(FILE *out, const struct stats *s)
{
    fprintf(out, "%s %d\n", HEADER, version_of(s));
    fprintf(out, "# streak KIND LENGTH BEST: all games against the computer\n");
    fprintf(out, "streak %c %ld %ld\n", streak_letters[s->streak.kind], s->streak.length,
            s->best);
    if (s->n_rows > 0)
        fprintf(out, "# computer NAME WxH K RULE CLOCK WON LOST DRAWN ON_TIME KIND LENGTH "
                     "BEST\n");
    for (int i = 0; i < s->n_rows; i++)
        put_row(out, "computer", &s->rows[i]);
    if (s->n_people > 0)
        fprintf(out, "# people WxH K RULE CLOCK BLACK WHITE DRAWN ON_TIME\n");
    for (int i = 0; i < s->n_people; i++) {
        const struct stats_people *p = &s->people[i];
        fprintf(out, "people ");
        put_place(out, &p->board, &p->tc);
        fprintf(out, " %ld %ld %ld %ld\n", p->black, p->white, p->drawn, p->on_time);
    }
    if (s->n_net > 0)
        fprintf(out, "# network NAME WxH K RULE CLOCK WON LOST DRAWN ON_TIME KIND LENGTH "
                     "BEST\n");
    for (int i = 0; i < s->n_net; i++)
        put_row(out, "network", &s->net[i]);
}

static bool write_stats(FILE *out, const void *ctx)
{
    stats_print(out, ctx);
    return true;   /* a failed write shows in the stream's error flag */
}

bool stats_write(const char *path, const struct stats *s, char *err, size_t err_size)
{
    return safefile_write(path, write_stats, s, true, err, err_size);
}

/* A count: 1 to 9 decimal digits, no sign, no leading zero but "0". */
static bool parse_count(const char *t, long *out)
{
    size_t n = strlen(t);
    if (n == 0 || n > 9 || (n > 1 && t[0] == '0'))
        return false;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        v = v * 10 + (t[i] - '0');
    }
    *out = v;
    return true;
}

/* "WxH", "K" and "RULE", checked as a board the game accepts. */
static bool parse_board(char **f, struct stats_board *b)
{
    long w, h, k;
    char *x = strchr(f[0], 'x');
    if (x == NULL)
        return false;
    *x = '\0';
    bool ok = parse_count(f[0], &w) && parse_count(x + 1, &h) && parse_count(f[1], &k) &&
              w <= BOARD_MAX_SIDE && h <= BOARD_MAX_SIDE && k <= BOARD_MAX_SIDE &&
              board_check_size((int)w, (int)h, (int)k) == NULL && rule_parse(f[2], &b->rule) &&
              rule_check_win(b->rule, (int)k) == NULL;
    *x = 'x';
    if (!ok || strcmp(f[2], rule_name(b->rule)) != 0)   /* as written, not an alias */
        return false;
    b->width = (int)w;
    b->height = (int)h;
    b->win = (int)k;
    return true;
}

/* The games of one kind of result. */
static long games_of(enum stats_outcome kind, long won, long lost, long drawn)
{
    return kind == STATS_WON ? won : kind == STATS_LOST ? lost : kind == STATS_DRAWN ? drawn : 0;
}

/* KIND LENGTH BEST, checked against the games they are a run of. */
static bool parse_streak(char **f, long won, long lost, long drawn, struct stats_streak *st,
                         long *best)
{
    if (strlen(f[0]) != 1 || !parse_count(f[1], &st->length) || !parse_count(f[2], best))
        return false;
    const char *k = memchr(streak_letters, f[0][0], sizeof streak_letters);
    if (k == NULL)
        return false;
    st->kind = (enum stats_outcome)(k - streak_letters);
    if ((st->kind == STATS_NONE) != (st->length == 0) ||
        st->length > games_of(st->kind, won, lost, drawn) || *best > won)
        return false;
    return st->kind != STATS_WON || st->length <= *best;
}

/* Splits a line at runs of spaces into at most MAX_FIELDS fields; the
 * count, or MAX_FIELDS + 1 when there are more. */
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

/* CLOCK: a control in tc_format's own text, no other spelling of it. */
static bool parse_clock(const char *t, struct tc *tc)
{
    char why[200], back[TC_TEXT_MAX];
    return tc_parse(t, tc, why, sizeof why) && strcmp(tc_format(tc, back, sizeof back), t) == 0;
}

/* The fields of a row in the file of `version`: version 1 has no CLOCK
 * and no ON_TIME. */
static int row_fields(int v1_fields, int version)
{
    return version >= 2 ? v1_fields + 2 : v1_fields;
}

/* "WxH K RULE CLOCK X Y Z ON_TIME" (version 1: "WxH K RULE X Y Z", no
 * clock and none on time): a board, its clock, three counts and the games
 * on time; *next is the field after them. NULL, or what is wrong. */
static const char *parse_games(char **f, int version, struct stats_board *b, struct tc *tc,
                               long *x, long *y, long *z, long *on_time, char ***next)
{
    *tc = tc_none();
    *on_time = 0;
    if (!parse_board(f, b))
        return "the board is not WxH K RULE of a game mnk plays";
    f += 3;
    if (version >= 2 && !parse_clock(*f++, tc))
        return "the clock is not a time control as mnk writes it";
    if (!parse_count(f[0], x) || !parse_count(f[1], y) || !parse_count(f[2], z) ||
        (version >= 2 && !parse_count(f[3], on_time)))
        return "a count is not a number of at most nine digits";
    if (*on_time > 0 && tc->kind == TC_NONE)
        return "games on time without a clock";
    *next = f + (version >= 2 ? 4 : 3);
    return NULL;
}

/* One line after the header of a file of `version` into *s; false when it
 * is not understood. */
static bool parse_line(char *line, int version, struct stats *s, bool *have_streak, char *why,
                       size_t size)
{
    char *f[MAX_FIELDS];
    int n = split(line, f);
    if (n == 0)
        return fmt_fail(why, size, "an empty line of spaces");
    if (strcmp(f[0], "streak") == 0) {
        if (*have_streak)
            return fmt_fail(why, size, "a second streak line");
        /* Checked against the totals once every row is read. */
        if (n != 4 || !parse_streak(f + 1, STATS_COUNT_MAX, STATS_COUNT_MAX, STATS_COUNT_MAX,
                                    &s->streak, &s->best))
            return fmt_fail(why, size, "the streak is not KIND LENGTH BEST");
        *have_streak = true;
        return true;
    }
    char **rest;
    bool network = strcmp(f[0], "network") == 0;
    if (network && version < 3)
        return fmt_fail(why, size, "a network row in a file of version %d", version);
    if (strcmp(f[0], "computer") == 0 || network) {
        struct stats_row r;
        memset(&r, 0, sizeof r);
        if (n != row_fields(11, version))
            return fmt_fail(why, size, "a %s row has %d fields, not %d", f[0],
                            row_fields(11, version), n);
        (network ? clean_net_name : clean_name)(f[1], r.opponent);
        if (strcmp(r.opponent, f[1]) != 0)
            return fmt_fail(why, size, network ? "the opponent's name is too long or no text"
                                               : "the opponent's name is too long or not "
                                                 "printable ASCII");
        const char *wrong = parse_games(f + 2, version, &r.board, &r.tc, &r.won, &r.lost,
                                        &r.drawn, &r.lost_on_time, &rest);
        if (wrong != NULL)
            return fmt_fail(why, size, "%s", wrong);
        if (r.lost_on_time > r.lost)
            return fmt_fail(why, size, "more games lost on time than lost");
        if (!parse_streak(rest, r.won, r.lost, r.drawn, &r.streak, &r.best))
            return fmt_fail(why, size, "the streak does not fit the games");
        /* Put in order once all are read (sort_rows): one at its place
         * each time would take time that grows with the square of the
         * rows, for a file made to stall. */
        struct table t = network ? network_table(s) : computer_table(s);
        if (!grow((void **)t.rows, *t.n, t.cap, sizeof **t.rows))
            return fmt_fail(why, size, "out of memory");
        (*t.rows)[(*t.n)++] = r;
        return true;
    }
    if (strcmp(f[0], "people") == 0) {
        struct stats_people p;
        memset(&p, 0, sizeof p);
        if (n != row_fields(7, version))
            return fmt_fail(why, size, "a people row has %d fields, not %d",
                            row_fields(7, version), n);
        const char *wrong = parse_games(f + 1, version, &p.board, &p.tc, &p.black, &p.white,
                                        &p.drawn, &p.on_time, &rest);
        if (wrong != NULL)
            return fmt_fail(why, size, "%s", wrong);
        if (p.on_time > p.black + p.white)
            return fmt_fail(why, size, "more games won on time than won");
        if (!grow((void **)&s->people, s->n_people, &s->cap_people, sizeof *s->people))
            return fmt_fail(why, size, "out of memory");
        s->people[s->n_people++] = p;
        return true;
    }
    /* The file's own bytes go into the message as printable ASCII only. */
    char kind[21];
    size_t k = 0;
    for (const char *c = f[0]; *c != '\0' && k + 1 < sizeof kind; c++)
        kind[k++] = *c >= 0x20 && *c < 0x7f ? *c : '?';
    kind[k] = '\0';
    return fmt_fail(why, size, "'%s' is no kind of line here", kind);
}

static int row_order(const void *a, const void *b)
{
    const struct stats_row *y = b;
    return row_cmp(a, y->opponent, &y->board, &y->tc);
}

static int people_order(const void *a, const void *b)
{
    const struct stats_people *x = a, *y = b;
    return place_cmp(&x->board, &x->tc, &y->board, &y->tc);
}

/* Puts the rows read in order; false when one is there twice. */
static bool sort_rows(struct stats *s)
{
    if (s->n_rows > 1)
        qsort(s->rows, (size_t)s->n_rows, sizeof *s->rows, row_order);
    if (s->n_people > 1)
        qsort(s->people, (size_t)s->n_people, sizeof *s->people, people_order);
    if (s->n_net > 1)
        qsort(s->net, (size_t)s->n_net, sizeof *s->net, row_order);
    for (int i = 1; i < s->n_rows; i++)
        if (row_order(&s->rows[i - 1], &s->rows[i]) == 0)
            return false;
    for (int i = 1; i < s->n_net; i++)
        if (row_order(&s->net[i - 1], &s->net[i]) == 0)
            return false;
    for (int i = 1; i < s->n_people; i++)
        if (people_order(&s->people[i - 1], &s->people[i]) == 0)
            return false;
    return true;
}

/* The header line: "mnk-stats N", N a version this reader knows (1 to
 * STATS_VERSION) into *version. */
static enum stats_read_result check_header(const char *path, const char *line, int *version,
                                           char *err, size_t err_size)
{
    size_t n = strlen(HEADER);
    long v;
    if (strncmp(line, HEADER, n) != 0 || line[n] != ' ' || !parse_count(line + n + 1, &v)) {
        fmt_fail(err, err_size, "%s: line 1: not a statistics file (no '%s %d')", path, HEADER,
             STATS_VERSION);
        return STATS_READ_BAD;
    }
    if (v > STATS_VERSION) {
        fmt_fail(err, err_size, "%s: written by a later mnk (version %ld)", path, v);
        return STATS_READ_LEAVE;
    }
    if (v < 1) {
        fmt_fail(err, err_size, "%s: line 1: unknown version %ld", path, v);
        return STATS_READ_BAD;
    }
    *version = (int)v;
    return STATS_READ_OK;
}

static enum stats_read_result parse(const char *path, char *text, size_t len, struct stats *s,
                                    char *err, size_t err_size)
{
    if (memchr(text, '\0', len) != NULL) {
        fmt_fail(err, err_size, "%s: a NUL byte at byte %zu", path,
             (size_t)((char *)memchr(text, '\0', len) - text) + 1);
        return STATS_READ_BAD;
    }
    bool have_streak = false;
    int number = 0, version = 0;
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
            enum stats_read_result r = check_header(path, line, &version, err, err_size);
            if (r != STATS_READ_OK)
                return r;
            continue;
        }
        if (n == 0 || line[0] == '#')
            continue;
        char why[120];
        if (!parse_line(line, version, s, &have_streak, why, sizeof why)) {
            fmt_fail(err, err_size, "%s: line %d: %s", path, number, why);
            return STATS_READ_BAD;
        }
    }
    if (number == 0) {   /* safefile never leaves an empty file */
        fmt_fail(err, err_size, "%s: empty", path);
        return STATS_READ_BAD;
    }
    if (!sort_rows(s)) {
        fmt_fail(err, err_size, "%s: a row is there twice", path);
        return STATS_READ_BAD;
    }
    long won, lost, drawn;
    stats_totals(s, &won, &lost, &drawn);
    if (s->streak.length > games_of(s->streak.kind, won, lost, drawn) || s->best > won) {
        fmt_fail(err, err_size, "%s: the streak is longer than the games", path);
        return STATS_READ_BAD;
    }
    return STATS_READ_OK;
}

enum stats_read_result stats_parse(const char *name, const char *text, size_t len,
                                   struct stats *s, char *err, size_t err_size)
{
    stats_free(s);
    err[0] = '\0';
    if (len > STATS_FILE_MAX) {
        fmt_fail(err, err_size, "%s: larger than %d bytes", name, STATS_FILE_MAX);
        return STATS_READ_BAD;
    }
    char *copy = malloc(len + 1);   /* parse() cuts it into lines */
    if (copy == NULL) {
        fmt_fail(err, err_size, "%s: out of memory", name);
        return STATS_READ_LEAVE;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    enum stats_read_result r = parse(name, copy, len, s, err, err_size);
    free(copy);
    if (r != STATS_READ_OK)
        stats_free(s);
    return r;
}

enum stats_read_result stats_read(const char *path, struct stats *s, char *err,
                                  size_t err_size)
{
    stats_free(s);
    err[0] = '\0';
    char *text = NULL;
    size_t len = 0;
    /* A file nothing is known of may hold every game the player has
     * counted: it is neither set aside nor written over. */
    switch (safefile_read_kept(path, STATS_FILE_MAX, &text, &len, err, err_size)) {
    case SAFEFILE_KEPT_TEXT:
        break;
    case SAFEFILE_KEPT_NONE:
        return STATS_READ_OK;
    case SAFEFILE_KEPT_BAD:
        return STATS_READ_BAD;
    case SAFEFILE_KEPT_LEAVE:
        return STATS_READ_LEAVE;
    }
    enum stats_read_result r = parse(path, text, len, s, err, err_size);
    free(text);
    if (r != STATS_READ_OK)
        stats_free(s);
    return r;
}

bool stats_load(const char *path, struct stats *s, char *note, size_t note_size)
{
    char err[4096 + 200];
    note[0] = '\0';
    switch (stats_read(path, s, err, sizeof err)) {
    case STATS_READ_OK:
        return true;
    case STATS_READ_LEAVE:
        return fmt_fail(note, note_size, "%s", err);
    case STATS_READ_BAD:
        break;
    }
    /* Short enough for a status line (see stats.h for where it goes). */
    char base[4200];
    const char *why;
    if (!safefile_set_aside_short(path, err, base, sizeof base, &why))
        return fmt_fail(note, note_size, _("statistics not understood (%s) and could not be set "
                                       "aside: %s"), why, path);
    snprintf(note, note_size, _("statistics moved to %s (%s); counting starts afresh"), base,
             why);
    return true;
}

/* How long a lock another window holds on the file is waited for: it
 * holds it only while it counts a game. */
#define COUNT_WAIT_MS 2000

/* What one count adds: a game, and for a network game the side the
 * person played and the opponent's name (network NULL otherwise). */
struct addition {
    const struct game *g;
    enum stone me;
    const char *network;
};

static bool add(struct stats *s, const struct addition *a)
{
    return a->network != NULL ? stats_add_network_game(s, a->g, a->me, a->network)
                              : stats_add_game(s, a->g);
}

static bool count(const char *path, const struct addition *a, char *note, size_t note_size);

bool stats_count(const char *path, const struct game *g, char *note, size_t note_size)
{
    note[0] = '\0';
    if (!counts(g))
        return true;
    return count(path, &(struct addition){ g, STONE_NONE, NULL }, note, note_size);
}

bool stats_count_network(const char *path, const struct game *g, enum stone me,
                         const char *opponent, char *note, size_t note_size)
{
    note[0] = '\0';
    if (!game_over(g) || (me != STONE_BLACK && me != STONE_WHITE))
        return true;
    return count(path, &(struct addition){ g, me, opponent != NULL ? opponent : "" }, note,
                 note_size);
}

static bool count(const char *path, const struct addition *a, char *note, size_t note_size)
{
    /* Read, add and write under the file's lock: two windows ending games
     * at once both get theirs counted, neither writing over the other's. */
    char err[4096 + 200];
    struct filelock lock;
    filelock_init(&lock);
    enum filelock_result taken = safefile_make_parents(path, err, sizeof err)
                                     ? filelock_wait(&lock, path, COUNT_WAIT_MS, err, sizeof err)
                                     : FILELOCK_ERROR;
    if (taken == FILELOCK_BUSY)
        return fmt_fail(note, note_size, "%s",
                        _("the game was not counted: another window holds the statistics"));
    if (taken == FILELOCK_ERROR)
        return fmt_fail(note, note_size, _("the game was not counted: %s"), err);
    struct stats s;
    stats_init(&s);
    if (!stats_load(path, &s, note, note_size)) {
        filelock_release(&lock);
        return false;   /* s is empty: nothing to free */
    }
    bool ok = add(&s, a) ? stats_write(path, &s, err, sizeof err)
                         : fmt_fail(err, sizeof err, "out of memory");
    stats_free(&s);
    filelock_release(&lock);
    if (!ok) {
        size_t used = strlen(note);
        snprintf(note + used, note_size - used, "%s", used > 0 ? _("; ") : "");
        used = strlen(note);
        snprintf(note + used, note_size - used, _("the game was not counted: %s"), err);
    }
    return ok;
}
