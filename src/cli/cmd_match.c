/* cmd_match.c — `mnk match`: headless games between two computer players.
 *
 * The player given as --black (called A) plays Black in odd games and White
 * in even games, so each opening is played once with each colour; results
 * are counted from A's point of view. Under an opening rule (--opening swap
 * or swap2) A is the first player in odd games instead, the one who places
 * the opening stones, and the colours are what the choices make them: the
 * report names each game's colours as they ended, and counts for A and B. Past the last opening the file starts
 * over, with a note on stderr: players that search a fixed number of nodes
 * then play the same games again, which count twice as evidence. Each
 * game's players get seeds derived from --seed and the game number, so a
 * match of seeded strategies replays exactly. A player that cannot move
 * (an external engine that failed) forfeits the game; the report says why.
 * Both are started once before the first game: one that cannot be made,
 * or an engine whose command is not found or cannot be run, would forfeit
 * them all, so the match is refused instead (status 1), saying why.
 *
 * --tc puts every game on a clock (mnk/gameclock.h), each side its own:
 * built-in players get each move's time from the session (the time
 * manager on their clock), external engines are told it as Piskvork tells
 * it (INFO timeout_turn, timeout_match, and time_left before every move)
 * and are started before their clock runs. Every move is charged what it
 * took; one past the flag loses the game on time. An opening from
 * --openings is played in no time on no clock. --tc and --time-ms do not
 * go together: a limit per move on the clock is --tc 60s/move (or
 * 5m,30s/move beside a game's time).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "play/players.h"
#include "protocol/engine_client.h"
#include "play/ponder.h"
#include "storage/record.h"
#include "play/session.h"
#include "util/sprt.h"
#include "mnk/clock.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rng.h"
#include "mnk/i18n.h"

#define OPENING_MAX_MOVES 32
#define OPENING_LINE_MAX 1024
#define OPENING_TEXT_MAX 128
#define Z95 1.959964 /* two-sided 95% quantile of the normal distribution */

struct opening {
    int n;
    int moves[OPENING_MAX_MOVES];
    char text[OPENING_TEXT_MAX];   /* as written in the file, tidied */
};

struct openings {
    struct opening *list;
    int count;
    int cap;
};

/* Thinking time of one player over the match: the figures leave out its
 * first move of each game, which includes starting an engine and its set-up
 * on START and INFO (kept apart in first_max_us). With a time per move,
 * share[] counts moves by the percent of it they took (the last bucket: the
 * rest), for the median, `over` those that took longer, and long_us the
 * time of the `longs` that took over a quarter of it: the moves that were
 * searched, not answered at once (a forced or a proven move). */
#define SHARE_BUCKETS 201
struct thinking {
    int64_t total_us, max_us, first_max_us, long_us;
    long moves, over, longs;
    long share[SHARE_BUCKETS];
    /* On a clock (--tc): the time charged to it, every move counted, over
     * `clocked` moves, and the least time it had left when a move was
     * made (before any increment; -1 while none was). */
    int64_t clock_ms;
    long clocked;
    int64_t closest_ms;
};

/* Adds one move that took `took_us` to th; `turn_ms` 0 when unknown. */
static void thinking_add(struct thinking *th, int64_t took_us, int turn_ms, bool first)
{
    if (first) {
        th->first_max_us = took_us > th->first_max_us ? took_us : th->first_max_us;
        return;
    }
    th->total_us += took_us;
    th->max_us = took_us > th->max_us ? took_us : th->max_us;
    th->moves++;
    if (turn_ms > 0) {
        int64_t pct = took_us / 10 / turn_ms;
        th->share[pct < SHARE_BUCKETS - 1 ? pct : SHARE_BUCKETS - 1]++;
        th->over += took_us > (int64_t)turn_ms * 1000;
        if (took_us * 4 > (int64_t)turn_ms * 1000) {
            th->long_us += took_us;
            th->longs++;
        }
    }
}

/* Adds `from` (one game's) to `to`. */
static void thinking_merge(struct thinking *to, const struct thinking *from)
{
    to->total_us += from->total_us;
    to->max_us = from->max_us > to->max_us ? from->max_us : to->max_us;
    to->first_max_us = from->first_max_us > to->first_max_us ? from->first_max_us
                                                              : to->first_max_us;
    to->moves += from->moves;
    to->over += from->over;
    to->long_us += from->long_us;
    to->longs += from->longs;
    for (int i = 0; i < SHARE_BUCKETS; i++)
        to->share[i] += from->share[i];
    to->clock_ms += from->clock_ms;
    to->clocked += from->clocked;
    if (from->closest_ms >= 0 && (to->closest_ms < 0 || from->closest_ms < to->closest_ms))
        to->closest_ms = from->closest_ms;
}

/* Adds to th a move charged spent_ms on a clock that stood at *before
 * under tc. */
static void thinking_clock(struct thinking *th, const struct tc *tc,
                           const struct gameclock_side *before, int spent_ms)
{
    th->clock_ms += spent_ms;
    th->clocked++;
    int64_t left = gameclock_until_flag(tc, before, spent_ms);
    if (left >= 0 && (th->closest_ms < 0 || left < th->closest_ms))
        th->closest_ms = left;
}

/* The median percent of the turn a move took (from share[]). */
static int thinking_median(const struct thinking *th)
{
    long seen = 0;
    for (int i = 0; i < SHARE_BUCKETS; i++) {
        seen += th->share[i];
        if (2 * seen >= th->moves)
            return i;
    }
    return SHARE_BUCKETS - 1;
}

struct tally {
    int wins, losses, draws;       /* A's */
    int forfeits[2];               /* by A, by B */
    int flags[2];                  /* games lost on time, by A, by B */
    double points, points_sq;      /* sums of A's per-game score and its square */
    struct thinking think[2];      /* A's, B's */
};

/* Reads FILE: one opening per line, moves in human notation separated by
 * blanks or commas, '#' starts a comment. Each must be playable on the board
 * of `c` without ending the game. False with a message (naming FILE:LINE). */
/* `s` with every byte outside printable ASCII as '?', cut to fit: a word
 * from a binary file quoted in a message must not reach the terminal raw. */
static const char *printable(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (; s[n] != '\0' && n + 1 < size; n++)
        buf[n] = s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?';
    buf[n] = '\0';
    return buf;
}

static bool read_openings(const char *path, const struct game_config *c,
                          struct openings *out)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        args_error("match", _("--openings: cannot open '%s': %s"), path, strerror(errno));
        return false;
    }
    char line[OPENING_LINE_MAX];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            args_error("match", _("--openings: %s:%d: line too long (at most %d characters)"), path,
                       lineno, OPENING_LINE_MAX - 2);
            ok = false;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash != NULL)
            *hash = '\0';
        struct game g;
        game_init(&g, c);
        struct opening o = { 0 };
        for (char *tok = strtok(line, " \t\r\n,"); tok != NULL; tok = strtok(NULL, " \t\r\n,")) {
            int pos;
            char shown[32];
            if (!notation_parse(&g.board, tok, &pos)) {
                args_error("match", _("--openings: %s:%d: '%s' is not a cell of a %dx%d board"),
                           path, lineno, printable(tok, shown, sizeof shown), c->width,
                           c->height);
                ok = false;
                break;
            }
            if (o.n == OPENING_MAX_MOVES) {
                args_error("match", _("--openings: %s:%d: more than %d moves"), path, lineno,
                           OPENING_MAX_MOVES);
                ok = false;
                break;
            }
            bool forbidden = game_forbidden(&g, pos) != FORBID_NONE;
            if (game_play(&g, pos) != GAME_OK || game_over(&g)) {
                args_error("match", _("--openings: %s:%d: '%s' is %s"), path, lineno, tok,
                           game_over(&g) ? "a move that ends the game"
                           : forbidden   ? "a move renju forbids Black"
                                         : "an occupied cell");
                ok = false;
                break;
            }
            size_t used = strlen(o.text);
            snprintf(o.text + used, sizeof o.text - used, "%s%s", o.n ? " " : "", tok);
            o.moves[o.n++] = pos;
        }
        if (!ok || o.n == 0)
            continue;
        if (out->count == out->cap) {
            int cap = out->cap ? out->cap * 2 : 64;
            struct opening *grown = realloc(out->list, (size_t)cap * sizeof *grown);
            if (grown == NULL) {
                args_error("match", _("out of memory reading '%s'"), path);
                ok = false;
                break;
            }
            out->list = grown;
            out->cap = cap;
        }
        out->list[out->count++] = o;
    }
    if (ok && ferror(f)) {
        args_error("match", _("--openings: cannot read '%s': %s"), path, strerror(errno));
        ok = false;
    }
    fclose(f);
    if (ok && out->count == 0) {
        args_error("match", _("--openings: '%s' holds no opening"), path);
        ok = false;
    }
    return ok;
}

/* The Elo difference for a score fraction in (0, 1); never -0. */
static double elo(double score)
{
    double d = -400.0 * log10(1.0 / score - 1.0);
    return fabs(d) < 0.5 ? 0.0 : d;
}

/* The clock's lines of the summary: the time each player used on it and
 * the flag falls. */
static void print_clock(const char *a, const char *b, const struct tally *t,
                        const struct tc *tc)
{
    char text[TC_TEXT_MAX];
    printf("clock %s: time used", tc_format(tc, text, sizeof text));
    for (int i = 0; i < 2; i++) {
        const struct thinking *th = &t->think[i];
        double mean = th->clocked > 0 ? (double)th->clock_ms / (double)th->clocked : 0.0;
        printf(" %s %.1f s in %ld moves (%.0f ms a move, closest to the flag %.0f ms)%s",
               i ? b : a, (double)th->clock_ms / 1000.0, th->clocked, mean,
               th->closest_ms >= 0 ? (double)th->closest_ms : 0.0, i ? "\n" : ",");
    }
    printf("flag falls: %d by %s, %d by %s\n", t->flags[0], a, t->flags[1], b);
}

static void print_summary(const char *a, const char *b, const struct tally *t, int games,
                          int turn_ms, const struct tc *tc, uint64_t seed)
{
    double n = games;
    double score = t->points / n;
    printf("%s vs %s: %d games, %d wins, %d losses, %d draws for %s; score %.1f%%\n",
           a, b, games, t->wins, t->losses, t->draws, a, 100.0 * score);
    /* The error bar from the per-game score variance, through the normal
     * approximation, mapped to Elo at both ends of the score interval. */
    double var = t->points_sq / n - score * score;
    double se = sqrt(var > 0 ? var / n : 0);
    double lo = score - Z95 * se, hi = score + Z95 * se;
    if (score >= 1.0)
        printf("Elo difference: +inf (every game won; no finite estimate)\n");
    else if (score <= 0.0)
        printf("Elo difference: -inf (every game lost; no finite estimate)\n");
    else if (var <= 0.0)
        printf("Elo difference: +0 (every game drawn; no spread to bound it)\n");
    else if (lo <= 0.0 || hi >= 1.0)
        printf("Elo difference: %+.0f, 95%% error bar unbounded (too few games)\n",
               elo(score));
    else
        printf("Elo difference: %+.0f +/- %.0f (95%%)\n", elo(score),
               (elo(hi) - elo(lo)) / 2.0);
    if (t->forfeits[0] + t->forfeits[1] > 0)
        printf("forfeits: %d by %s, %d by %s\n", t->forfeits[0], a, t->forfeits[1], b);
    /* Wall-clock time from asking for a move to getting it. */
    printf("time per move:");
    for (int i = 0; i < 2; i++) {
        const struct thinking *th = &t->think[i];
        double mean = th->moves > 0 ? (double)th->total_us / (double)th->moves / 1000.0 : 0.0;
        printf(" %s %.1f ms (max %.0f ms)%s", i ? b : a, mean, (double)th->max_us / 1000.0,
               i ? "\n" : ",");
    }
    if (turn_ms > 0) {
        printf("share of the %d ms turn:", turn_ms);
        for (int i = 0; i < 2; i++) {
            const struct thinking *th = &t->think[i];
            double mean = th->moves > 0 ? (double)th->total_us / (double)th->moves / 1000.0 : 0.0;
            double searched = th->longs > 0 ? (double)th->long_us / (double)th->longs / 10.0
                                              / turn_ms : 0.0;
            printf(" %s mean %.0f%% (%.0f%% in the %ld of %ld moves over a quarter), median "
                   "%d%%, max %.0f%%, %ld over%s",
                   i ? b : a, 100.0 * mean / turn_ms, searched, th->longs, th->moves,
                   thinking_median(th), (double)th->max_us / 10.0 / turn_ms, th->over,
                   i ? "\n" : ";");
        }
    }
    printf("first move of a game (start-up included): max %s %.0f ms, %s %.0f ms\n", a,
           (double)t->think[0].first_max_us / 1000.0, b,
           (double)t->think[1].first_max_us / 1000.0);
    if (tc->kind != TC_NONE)
        print_clock(a, b, t, tc);
    printf("seed %llu\n", (unsigned long long)seed);
}

/* Plays game g (its opening on the board) to its end through a session,
 * by the same rules as the game screen: a player that can't be started or
 * can't move, or moves illegally, forfeits. Each move's budget is the
 * session's, from the time manager (session_computer): match does no
 * arithmetic of time of its own, only measures it; on a clock the session
 * charges each move, and an engine is started before its clock runs. The
 * thinking times of the player seated first as Black and of the other are
 * added to think[0] and think[1] (an opening rule may change their seats on
 * the way), with the time charged to their clocks. Returns the forfeit
 * reason, or NULL; the finished game is left in g. */
static const char *play_game(struct game *g, int number, int turn_ms,
                             struct thinking think[2], char *why, size_t whysize)
{
    static struct session s; /* large; one game at a time */
    char failed[2][SESSION_WHY_MAX];
    session_open(&s, g, false, failed);
    for (int i = 0; i < 2; i++) {
        if (failed[i][0] != '\0') {
            args_error("match", _("game %d: %s"), number, failed[i]);
            session_forfeit(&s, i ? STONE_WHITE : STONE_BLACK, failed[i]);
        }
    }
    session_ready(&s);
    const struct tc *tc = &s.game.config.tc;
    bool moved[2] = { false, false };
    struct ponder pondering;
    ponder_init(&pondering);
    for (;;) {
        /* The one not due thinks on the other's time (--ponder). */
        ponder_sync(&pondering, &s);
        enum stone side = session_due(&s);
        int64_t start = clock_us();
        /* The player seated first as Black sits where the first seat is. */
        int k = side == game_first_seat(&s.game) ? 0 : 1;
        int ply = s.game.ply;
        struct gameclock_side before = game_clock(&s.game, side);
        enum session_verdict v = session_think(&s);
        /* The move's charge (an opening answer's first stone took it), or
         * the fall of its flag. */
        if (tc->kind != TC_NONE && side != STONE_NONE) {
            if (s.game.ply > ply)
                thinking_clock(&think[k], tc, &before, s.game.timing[ply].spent_ms);
            else if (s.game.result.reason == END_TIME)
                thinking_clock(&think[k], tc, &before, (int)((clock_us() - start) / 1000));
        }
        if (v != SESSION_PLAYED)
            break;
        thinking_add(&think[k], clock_us() - start, turn_ms, !moved[k]);
        moved[k] = true;
    }
    ponder_stop(&pondering);
    *g = s.game;
    session_close(&s);
    if (g->result.reason != END_FORFEIT)
        return NULL;
    snprintf(why, whysize, "%s", s.why);
    return why;
}

struct match_flags {
    struct player a, b;
    struct args_size size;
    long win, games, time_ms;
    enum rule rule;
    int opening;     /* enum opening_rule */
    uint64_t seed;
    const char *openings, *save;
    bool quiet, win_given, seeded, sprt;
    struct sprt test;
    struct tc tc;
    int threads[2];  /* A's and B's; 0: one */
    bool ponder[2];  /* A and B think on the other's time */
};

/* Starts both players once, as a game would (session_open, then
 * session_ready): a player that cannot be made, or an engine whose command
 * is not found or cannot be run (engine_client_missing), would forfeit
 * every game of the match, so the match is refused before its first game
 * instead, saying which and why. An engine that starts and then fails
 * (answers nonsense, exits) is left to forfeit its games, which the
 * report counts. False with the message given. */
static bool players_start(const struct game_config *base, const struct player *a,
                          const struct player *b)
{
    struct game_config c = *base;
    c.player[0] = *a;
    c.player[1] = *b;
    struct game *g = malloc(sizeof *g);
    struct session *s = malloc(sizeof *s);
    if (g == NULL || s == NULL) {
        free(g);
        free(s);
        args_error("match", _("out of memory"));
        return false;
    }
    game_init(g, &c);
    char failed[2][SESSION_WHY_MAX];
    session_open(s, g, false, failed);
    session_ready(s);
    bool ok = true;
    for (int i = 0; i < 2; i++) {
        struct computer *comp = session_computer(s, i ? STONE_WHITE : STONE_BLACK);
        const char *why = failed[i][0] != '\0' ? failed[i]
                        : comp != NULL && engine_client_missing(&comp->ai)
                            ? engine_client_failure(&comp->ai) : NULL;
        if (why != NULL) {
            args_error("match", "--%s %s: %s", i ? "white" : "black",
                       (i ? b : a)->spec, why);
            ok = false;
        }
    }
    session_close(s);
    free(s);
    free(g);
    return ok;
}

/* A time control in gameclock.h's text ("3+2", "5s+0.1s", "60s/move"). */
static bool parse_tc(const char *text, void *field, char *why)
{
    return tc_parse(text, field, why, ARGS_WHY_MAX);
}

/* A computer player: a level, a strategy or engine:COMMAND. */
static bool parse_computer(const char *text, void *field, char *why)
{
    struct player *p = field;
    if (!args_parse_player(text, p, why))
        return false;
    if (p->kind == PLAYER_HUMAN) {
        snprintf(why, ARGS_WHY_MAX, _("a match needs computer players, got 'human'"));
        return false;
    }
    return true;
}

/* Threads: N for both players, or A,B for each. */
static bool parse_threads(const char *text, void *field, char *why)
{
    int *t = field;
    char *end;
    long a = strtol(text, &end, 10), b = a;
    bool ok = isdigit((unsigned char)text[0]);
    if (ok && *end == ',') {
        const char *rest = end + 1;
        b = strtol(rest, &end, 10);
        ok = isdigit((unsigned char)rest[0]);
    }
    ok = ok && *end == '\0' && a >= 1 && a <= AI_MAX_THREADS && b >= 1 && b <= AI_MAX_THREADS;
    if (!ok) {
        snprintf(why, ARGS_WHY_MAX,
                 _("expected N or A,B, each from 1 to %d (say 2, or 2,1), got '%.64s'"),
                 AI_MAX_THREADS, text);
        return false;
    }
    t[0] = (int)a;
    t[1] = (int)b;
    return true;
}

/* Who ponders: a, b or both. */
static bool parse_ponder(const char *text, void *field, char *why)
{
    bool *p = field;
    p[0] = strcmp(text, "a") == 0 || strcmp(text, "both") == 0;
    p[1] = strcmp(text, "b") == 0 || strcmp(text, "both") == 0;
    if (p[0] || p[1])
        return true;
    snprintf(why, ARGS_WHY_MAX, _("expected a, b or both, got '%.64s'"), text);
    return false;
}

static bool parse_elos(const char *text, void *field, char *why)
{
    struct sprt *test = field;
    char extra;
    if (sscanf(text, "%lf,%lf%c", &test->elo0, &test->elo1, &extra) != 2 ||
        !(test->elo0 < test->elo1 && test->elo0 > -1000 && test->elo1 < 1000)) {
        snprintf(why, ARGS_WHY_MAX,
                 _("expected ELO0,ELO1 with ELO0 < ELO1 (say 0,10), got '%.64s'"), text);
        return false;
    }
    return true;
}

static bool parse_rate(const char *text, void *field, char *why)
{
    double *rate = field;
    char extra;
    if (sscanf(text, "%lf%c", rate, &extra) != 1 || !(*rate >= 0.001 && *rate <= 0.5)) {
        snprintf(why, ARGS_WHY_MAX, _("expected a rate from 0.001 to 0.5, got '%.64s'"), text);
        return false;
    }
    return true;
}

static const struct match_flags match_defaults = {
    .size = { 15, 15 }, .rule = RULE_DEFAULT, .test = { .alpha = 0.05, .beta = 0.05 },
};

static const struct args_option match_options[] = {
    { .name = "black", .kind = ARGS_CUSTOM, .parse = parse_computer, .metavar = "NAME",
      .required = true, .offset = offsetof(struct match_flags, a),
      .help = N_("player A, Black in odd games: a level or strategy (below), or "
              "engine:COMMAND (a Gomocup engine); 'mnk levels' describes the levels") },
    { .name = "white", .kind = ARGS_CUSTOM, .parse = parse_computer, .metavar = "NAME",
      .required = true, .offset = offsetof(struct match_flags, b),
      .help = N_("player B, White in odd games, as for --black") },
    { .name = "size", .kind = ARGS_SIZE, .offset = offsetof(struct match_flags, size),
      .show_default = true, .help = N_("board size") },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct match_flags, win),
      .seen = ARGS_SEEN(struct match_flags, win_given),
      .help = N_("stones in a row that win; by default 5, or the board side if shorter") },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct match_flags, rule),
      .show_default = true, .help = N_("freestyle, exact, renju or caro") },
    { .name = "opening", .kind = ARGS_CHOICE, .choices = args_opening_names,
      .offset = offsetof(struct match_flags, opening), .show_default = true,
      .help = N_("the opening rule: none, swap (A or B places three stones, the other takes "
              "a colour) or swap2 (or places two more and the first chooses); not with "
              "--openings") },
    { .name = "games", .kind = ARGS_INT, .min = 1, .max = 100000,
      .offset = offsetof(struct match_flags, games),
      .help = N_("games to play; by default 2, or two per opening") },
    { .name = "seed", .kind = ARGS_U64, .metavar = "S",
      .offset = offsetof(struct match_flags, seed),
      .seen = ARGS_SEEN(struct match_flags, seeded),
      .help = N_("seed of the players' choices (default: from the clock)") },
    { .name = "time-ms", .kind = ARGS_INT, .min = 1, .max = 3600000, .metavar = "MS",
      .offset = offsetof(struct match_flags, time_ms),
      .help = N_("thinking time per move; by default each player's own") },
    { .name = "tc", .kind = ARGS_CUSTOM, .parse = parse_tc, .metavar = "SPEC",
      .offset = offsetof(struct match_flags, tc),
      .help = N_("a clock for each player: 3+2 (minutes, then seconds added a move), "
              "5s+0.1s, 60s/move, 5m,30s/move, 10m+5x30s (byo-yomi), 10m+10/5m "
              "(Canadian); a move past the flag loses on time; not with --time-ms") },
    { .name = "threads", .kind = ARGS_CUSTOM, .parse = parse_threads, .metavar = "N|A,B",
      .offset = offsetof(struct match_flags, threads),
      .help = N_("threads each player searches with, or A's and B's; an engine is told "
              "INFO thread_num, a level below the strongest plays on one (default 1)") },
    { .name = "ponder", .kind = ARGS_CUSTOM, .parse = parse_ponder, .metavar = "a|b|both",
      .offset = offsetof(struct match_flags, ponder),
      .help = N_("A, B or both think on the other's time, as against a person in the game "
              "(strategies and the strongest level; default neither)") },
    { .name = "openings", .kind = ARGS_PATH, .offset = offsetof(struct match_flags, openings),
      .help = N_("one opening per line in human notation ('h8 i9 h9', '#' comments); each is "
              "played twice, colours swapped") },
    { .name = "save", .kind = ARGS_CUSTOM, .parse = args_parse_dir, .metavar = "DIR",
      .offset = offsetof(struct match_flags, save),
      .help = N_("write each game to DIR/game-N.sgf (DIR must exist)") },
    { .name = "quiet", .kind = ARGS_SWITCH, .offset = offsetof(struct match_flags, quiet),
      .help = N_("print the summary only") },
    { .name = "sprt", .kind = ARGS_CUSTOM, .parse = parse_elos, .metavar = "E0,E1",
      .offset = offsetof(struct match_flags, test),
      .seen = ARGS_SEEN(struct match_flags, sprt),
      .help = N_("stop as soon as a sequential probability ratio test decides between 'A is "
              "E0 Elo stronger' (H0) and 'E1' (H1), checked after each pair of games; "
              "--games is then the most it plays (default 20000)") },
    { .name = "alpha", .kind = ARGS_CUSTOM, .parse = parse_rate, .metavar = "A",
      .offset = offsetof(struct match_flags, test) + offsetof(struct sprt, alpha),
      .help = N_("the test's rate of false H1 verdicts, 0.001 to 0.5 (default 0.05)") },
    { .name = "beta", .kind = ARGS_CUSTOM, .parse = parse_rate, .metavar = "B",
      .offset = offsetof(struct match_flags, test) + offsetof(struct sprt, beta),
      .help = N_("the test's rate of false H0 verdicts, 0.001 to 0.5 (default 0.05)") },
};

static void match_epilogue(FILE *out)
{
    args_list_players(out, true);
}

static const struct args_command match_command = {
    .name = "match",
    .about = N_("Plays games between two computer players, alternating colours: the --black "
             "player (A) has Black in odd games, White in even games."),
    .options = match_options,
    .n_options = sizeof match_options / sizeof match_options[0],
    .defaults = &match_defaults,
    .max_operands = 0,
    .epilogue = match_epilogue,
};

int cmd_match(int argc, char **argv)
{
    struct match_flags f = match_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&match_command, argc, argv, &f, &ops, &status))
        return status;
    struct player pa = f.a, pb = f.b;
    bool have_win = f.win_given, quiet = f.quiet, sprt = f.sprt;
    struct game_config base;
    game_config_default(&base);
    base.width = f.size.width;
    base.height = f.size.height;
    base.rule = f.rule;
    base.opening = (enum opening_rule)f.opening;
    base.win = (int)f.win;
    long games = f.games;
    int time_ms = (int)f.time_ms;
    uint64_t seed = f.seed;
    const char *openings_path = f.openings, *save_dir = f.save;
    struct sprt test = f.test;

    if (!have_win) {
        int longest = base.width > base.height ? base.width : base.height;
        base.win = longest < 5 ? longest : 5;
    }
    if (!args_check_board("match", &base))
        return ARGS_EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        char why[256];
        if (!players_check_rule(i ? &pb : &pa, base.rule, why, sizeof why)) {
            args_error("match", _("--%s: %s"), i ? "white" : "black", why);
            return ARGS_EXIT_USAGE;
        }
    }
    base.tc = f.tc;
    if (base.tc.kind != TC_NONE && time_ms > 0) {
        args_error("match", _("--tc and --time-ms do not go together: for a limit per move "
                              "on the clock, give --tc 60s/move (or 5m,30s/move beside a "
                              "game's time)"));
        return ARGS_EXIT_USAGE;
    }
    if (openings_path != NULL && base.opening != OPENING_NONE) {
        args_error("match", _("--openings and --opening %s do not go together: under an "
                              "opening rule the players place the opening stones"),
                   opening_rule_name(base.opening));
        return ARGS_EXIT_USAGE;
    }
    struct openings op = { 0 };
    if (openings_path != NULL && !read_openings(openings_path, &base, &op)) {
        free(op.list);
        return ARGS_EXIT_USAGE;
    }
    if (games == 0)
        games = sprt ? 20000 : op.count > 0 ? 2L * op.count : 2;
    if (!f.seeded)
        seed = rng_mix((uint64_t)clock_us() ^ ((uint64_t)getpid() << 32));
    pa.time_ms = pb.time_ms = time_ms;
    pa.threads = f.threads[0];
    pb.threads = f.threads[1];
    pa.ponder = f.ponder[0];
    pb.ponder = f.ponder[1];

    if (!players_start(&base, &pa, &pb)) {
        free(op.list);
        return 1;
    }

    /* Names in the report; the same strategy on both sides gets a letter. */
    char name_a[GAME_PLAYER_SPEC_MAX + 4], name_b[GAME_PLAYER_SPEC_MAX + 4];
    bool same = strcmp(players_name(&pa), players_name(&pb)) == 0;
    snprintf(name_a, sizeof name_a, "%s%s", players_name(&pa), same ? "/A" : "");
    snprintf(name_b, sizeof name_b, "%s%s", players_name(&pb), same ? "/B" : "");

    struct tally t = { 0 };
    t.think[0].closest_ms = t.think[1].closest_ms = -1;
    enum sprt_verdict verdict = SPRT_CONTINUE;
    double llr = 0, lower, upper;
    sprt_bounds(&test, &lower, &upper);
    int played = 0;
    for (int i = 1; i <= games && verdict == SPRT_CONTINUE; i++) {
        bool a_first = i % 2 == 1;  /* seated first as Black */
        bool a_black = a_first;
        struct game_config c = base;
        pa.seed = rng_mix(seed + 2 * (uint64_t)i);
        pb.seed = rng_mix(seed + 2 * (uint64_t)i + 1);
        c.player[0] = a_black ? pa : pb;
        c.player[1] = a_black ? pb : pa;
        struct game g;
        game_init(&g, &c);
        const struct opening *o = op.count > 0 ? &op.list[((i - 1) / 2) % op.count] : NULL;
        /* Players that search a fixed number of nodes replay their games. */
        if (op.count > 0 && i == 2 * op.count + 1)
            fprintf(stderr, _("mnk match: from game %d on, the openings are played again\n"), i);
        /* The opening is played in no time on no clock: the clocks stand
         * as at the start. */
        for (int m = 0; o != NULL && m < o->n; m++) {
            struct gameclock_side kept = game_clock(&g, game_actor(&g));
            game_play_clocked(&g, o->moves[m], 0, &kept);
        }

        char err[256], why[SESSION_WHY_MAX];
        /* Black's and White's times go to A's and B's. */
        struct thinking think[2];
        memset(think, 0, sizeof think);
        think[0].closest_ms = think[1].closest_ms = -1;
        const char *forfeit = play_game(&g, i, time_ms > 0 ? time_ms : base.tc.move_ms, think,
                                        why, sizeof why);
        for (int k = 0; k < 2; k++)
            thinking_merge(&t.think[(k == 0) == a_first ? 0 : 1], &think[k]);
        /* The opening's choices may have changed the seats. */
        a_black = a_first != g.swapped;

        enum outcome a_wins = a_black ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
        double pts = g.result.outcome == OUTCOME_DRAW ? 0.5
                   : g.result.outcome == a_wins ? 1.0 : 0.0;
        t.points += pts;
        t.points_sq += pts * pts;
        t.wins += pts == 1.0;
        t.losses += pts == 0.0;
        t.draws += pts == 0.5;
        if (forfeit != NULL)
            t.forfeits[(pts == 0.0) ? 0 : 1]++;
        bool on_time = g.result.reason == END_TIME;
        if (on_time)
            t.flags[(pts == 0.0) ? 0 : 1]++;

        if (save_dir != NULL) {
            char path[4096];
            snprintf(path, sizeof path, "%s/game-%d.sgf", save_dir, i);
            if (!record_save(path, &g, err, sizeof err))
                args_error("match", "%s", err);
        }
        if (!quiet) {
            const char *reason = g.result.reason == END_LINE ? "line"
                               : g.result.reason == END_BOARD_FULL ? "board full"
                               : g.result.reason == END_NO_LINE ? "no line left"
                               : g.result.reason == END_NO_LEGAL_MOVE ? "Black has no legal move"
                               : on_time && g.result.outcome == OUTCOME_BLACK_WINS
                                   ? "White lost on time"
                               : on_time ? "Black lost on time"
                               : "forfeit";
            char used[96] = "";
            if (base.tc.kind != TC_NONE) {
                /* Black's and White's seats, as the game ended. */
                int64_t seat_ms[2] = { 0, 0 };
                for (int m = 0; m < g.ply; m++)
                    seat_ms[g.timing[m].seat == STONE_BLACK ? 0 : 1] += g.timing[m].spent_ms;
                snprintf(used, sizeof used, ", clocks used Black %.1f s, White %.1f s",
                         (double)seat_ms[0] / 1000.0, (double)seat_ms[1] / 1000.0);
            }
            printf("game %d: Black %s, White %s: %s (%s%s%s), %d moves%s%s%s; %s %s\n", i,
                   a_black ? name_a : name_b, a_black ? name_b : name_a,
                   g.result.outcome == OUTCOME_DRAW ? "draw"
                   : g.result.outcome == OUTCOME_BLACK_WINS ? "Black wins" : "White wins",
                   reason, forfeit ? ": " : "", forfeit ? forfeit : "", g.ply,
                   o ? ", opening " : "", o ? o->text : "", used,
                   name_a, pts == 1.0 ? "won" : pts == 0.0 ? "lost" : "drew");
            fflush(stdout);
        }
        played = i;
        /* The test looks at whole pairs: each opening with both colours. */
        if (sprt && i % 2 == 0) {
            verdict = sprt_judge(&test, t.wins, t.draws, t.losses, &llr);
            llr = fabs(llr) < 0.005 ? 0.0 : llr;   /* no "-0.00" */
            if (!quiet) {
                printf("sprt: LLR %.2f (%.2f, %.2f)\n", llr, lower, upper);
                fflush(stdout);
            }
        }
    }
    /* With a limit per move on the clock, the summary shows the share of
     * it moves took, as for --time-ms. */
    print_summary(name_a, name_b, &t, played, time_ms > 0 ? time_ms : base.tc.move_ms,
                  &base.tc, seed);
    if (sprt)
        printf("SPRT elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.2f (%.2f, %.2f): %s after "
               "%d games\n", test.elo0, test.elo1, test.alpha, test.beta, llr, lower, upper,
               verdict == SPRT_H1 ? "H1 accepted" : verdict == SPRT_H0 ? "H0 accepted"
                                                                     : "no decision",
               played);
    free(op.list);
    return 0;
}
