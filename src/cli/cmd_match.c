/* cmd_match.c — `mnk match`: headless games between two computer players.
 *
 * The player given as --black (called A) plays Black in odd games and White
 * in even games, so each opening is played once with each colour; results
 * are counted from A's point of view. Each game's players get seeds derived
 * from --seed and the game number, so a match of seeded strategies replays
 * exactly. A player that cannot move (an external engine that failed)
 * forfeits the game; the report says why.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "io/players.h"
#include "io/record.h"
#include "io/session.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/game.h"
#include "mnk/level.h"
#include "mnk/notation.h"
#include "mnk/rng.h"

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

/* Thinking time of one player over the match. */
struct thinking {
    int64_t total_us, max_us;
    long moves;
};

struct tally {
    int wins, losses, draws;       /* A's */
    int forfeits[2];               /* by A, by B */
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
        args_error("--openings: cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    char line[OPENING_LINE_MAX];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            args_error("--openings: %s:%d: line too long (at most %d characters)", path, lineno,
                       OPENING_LINE_MAX - 2);
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
                args_error("--openings: %s:%d: '%s' is not a cell of a %dx%d board", path, lineno,
                           printable(tok, shown, sizeof shown), c->width, c->height);
                ok = false;
                break;
            }
            if (o.n == OPENING_MAX_MOVES) {
                args_error("--openings: %s:%d: more than %d moves", path, lineno,
                           OPENING_MAX_MOVES);
                ok = false;
                break;
            }
            if (game_play(&g, pos) != GAME_OK || game_over(&g)) {
                args_error("--openings: %s:%d: '%s' is %s", path, lineno, tok,
                           game_over(&g) ? "a move that ends the game" : "an occupied cell");
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
                args_error("out of memory reading '%s'", path);
                ok = false;
                break;
            }
            out->list = grown;
            out->cap = cap;
        }
        out->list[out->count++] = o;
    }
    if (ok && ferror(f)) {
        args_error("--openings: cannot read '%s': %s", path, strerror(errno));
        ok = false;
    }
    fclose(f);
    if (ok && out->count == 0) {
        args_error("--openings: '%s' holds no opening", path);
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

static void print_summary(const char *a, const char *b, const struct tally *t, int games,
                          uint64_t seed)
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
        printf(" %s %.1f ms (max %.0f ms)%s", i ? b : a,
               th->moves > 0 ? (double)th->total_us / (double)th->moves / 1000.0 : 0.0,
               (double)th->max_us / 1000.0, i ? "\n" : ",");
    }
    printf("seed %llu\n", (unsigned long long)seed);
}

/* Plays game g (its opening on the board) to its end through a session,
 * by the same rules as the game screen: a player that can't be started or
 * can't move, or moves illegally, forfeits. Black's and White's thinking
 * times are added to think[0] and think[1]. Returns the forfeit reason, or
 * NULL; the finished game is left in g. */
static const char *play_game(struct game *g, int number, struct thinking think[2],
                             char *why, size_t whysize)
{
    static struct session s; /* large; one game at a time */
    char failed[2][SESSION_WHY_MAX];
    session_open(&s, g, false, failed);
    for (int i = 0; i < 2; i++) {
        if (failed[i][0] != '\0') {
            args_error("game %d: %s", number, failed[i]);
            session_forfeit(&s, i ? STONE_WHITE : STONE_BLACK, failed[i]);
        }
    }
    for (;;) {
        enum stone side = session_due(&s);
        int64_t start = clock_us();
        if (session_think(&s) != SESSION_PLAYED)
            break;
        struct thinking *th = &think[side == STONE_BLACK ? 0 : 1];
        int64_t took = clock_us() - start;
        th->total_us += took;
        th->max_us = took > th->max_us ? took : th->max_us;
        th->moves++;
    }
    *g = s.game;
    session_close(&s);
    if (g->result.reason != END_FORFEIT)
        return NULL;
    snprintf(why, whysize, "%s", s.why);
    return why;
}

static void usage(FILE *out)
{
    char levels[256], names[256];
    level_names(levels, sizeof levels);
    ai_strategy_names(names, sizeof names);
    fprintf(out,
            "usage: mnk match --black NAME --white NAME [--size N|WxH] [--win K]\n"
            "                 [--rule freestyle|exact] [--games N] [--seed S]\n"
            "                 [--time-ms T] [--openings FILE] [--save DIR] [--quiet]\n\n"
            "Plays games between two computer players, alternating colours: the\n"
            "--black player (A) has Black in odd games, White in even games.\n\n"
            "  NAME           a level or strategy (below), or engine:COMMAND (a Gomocup\n"
            "                 engine); 'mnk levels' describes the levels\n"
            "  --size N|WxH   board, each side 3..26 (default 15)\n"
            "  --win K        stones in a row that win (default 5, or the board side)\n"
            "  --rule R       freestyle or exact (default freestyle)\n"
            "  --games N      games to play, 1..100000 (default 2, or two per opening)\n"
            "  --seed S       seed of the players' choices (default: from the clock)\n"
            "  --time-ms T    thinking time per move, 1..3600000 (default: each player's)\n"
            "  --openings F   one opening per line in human notation ('h8 i9 h9', '#'\n"
            "                 comments); each is played twice, colours swapped\n"
            "  --save DIR     write each game to DIR/game-N.sgf (DIR must exist)\n"
            "  --quiet        print the summary only\n\n");
    args_wrap(out, "levels: ", levels);
    args_wrap(out, "strategies: ", names);
}

int cmd_match(int argc, char **argv)
{
    struct player pa = { .kind = PLAYER_HUMAN }, pb = { .kind = PLAYER_HUMAN };
    bool have_a = false, have_b = false, have_win = false, have_seed = false, quiet = false;
    struct game_config base;
    game_config_default(&base);
    long games = 0, v;
    int time_ms = 0;
    uint64_t seed = 0;
    const char *openings_path = NULL, *save_dir = NULL;

    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(flag, "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (i + 1 >= argc) {
            args_error("%s: unknown option or missing value; see 'mnk match --help'", flag);
            return ARGS_EXIT_USAGE;
        }
        const char *value = argv[++i];
        bool ok = true;
        if (strcmp(flag, "--black") == 0 || strcmp(flag, "--white") == 0) {
            struct player *p = flag[2] == 'b' ? &pa : &pb;
            ok = args_player(flag, value, p);
            if (ok && p->kind == PLAYER_HUMAN) {
                args_error("%s: a match needs computer players, got 'human'", flag);
                ok = false;
            }
            *(flag[2] == 'b' ? &have_a : &have_b) = true;
        } else if (strcmp(flag, "--size") == 0) {
            ok = args_size(flag, value, &base.width, &base.height);
        } else if (strcmp(flag, "--win") == 0) {
            ok = args_int(flag, value, BOARD_MIN_WIN, BOARD_MAX_SIDE, &v);
            base.win = (int)v;
            have_win = true;
        } else if (strcmp(flag, "--rule") == 0) {
            ok = args_rule(flag, value, &base.rule);
        } else if (strcmp(flag, "--games") == 0) {
            ok = args_int(flag, value, 1, 100000, &games);
        } else if (strcmp(flag, "--seed") == 0) {
            ok = args_seed(flag, value, &seed);
            have_seed = true;
        } else if (strcmp(flag, "--time-ms") == 0) {
            ok = args_int(flag, value, 1, 3600000, &v);
            time_ms = (int)v;
        } else if (strcmp(flag, "--openings") == 0) {
            openings_path = value;
        } else if (strcmp(flag, "--save") == 0) {
            struct stat st;
            ok = stat(value, &st) == 0 && S_ISDIR(st.st_mode);
            if (!ok)
                args_error("--save: expected an existing directory, got '%s'", value);
            save_dir = value;
        } else {
            args_error("%s: unknown option; see 'mnk match --help'", flag);
            return ARGS_EXIT_USAGE;
        }
        if (!ok)
            return ARGS_EXIT_USAGE;
    }
    if (!have_a || !have_b) {
        args_error("%s: required (a strategy name or engine:COMMAND); see 'mnk match --help'",
                   have_a ? "--white" : "--black");
        return ARGS_EXIT_USAGE;
    }
    if (!have_win) {
        int longest = base.width > base.height ? base.width : base.height;
        base.win = longest < 5 ? longest : 5;
    }
    if (!args_check_board(&base))
        return ARGS_EXIT_USAGE;
    struct openings op = { 0 };
    if (openings_path != NULL && !read_openings(openings_path, &base, &op)) {
        free(op.list);
        return ARGS_EXIT_USAGE;
    }
    if (games == 0)
        games = op.count > 0 ? 2L * op.count : 2;
    if (!have_seed)
        seed = rng_mix((uint64_t)clock_us() ^ ((uint64_t)getpid() << 32));
    pa.time_ms = pb.time_ms = time_ms;

    /* Names in the report; the same strategy on both sides gets a letter. */
    char name_a[GAME_PLAYER_SPEC_MAX + 4], name_b[GAME_PLAYER_SPEC_MAX + 4];
    bool same = strcmp(players_name(&pa), players_name(&pb)) == 0;
    snprintf(name_a, sizeof name_a, "%s%s", players_name(&pa), same ? "/A" : "");
    snprintf(name_b, sizeof name_b, "%s%s", players_name(&pb), same ? "/B" : "");

    struct tally t = { 0 };
    for (int i = 1; i <= games; i++) {
        bool a_black = i % 2 == 1;
        struct game_config c = base;
        pa.seed = rng_mix(seed + 2 * (uint64_t)i);
        pb.seed = rng_mix(seed + 2 * (uint64_t)i + 1);
        c.player[0] = a_black ? pa : pb;
        c.player[1] = a_black ? pb : pa;
        struct game g;
        game_init(&g, &c);
        const struct opening *o = op.count > 0 ? &op.list[((i - 1) / 2) % op.count] : NULL;
        for (int m = 0; o != NULL && m < o->n; m++)
            game_play(&g, o->moves[m]);

        char err[256], why[SESSION_WHY_MAX];
        /* Black's and White's times go to A's and B's. */
        struct thinking think[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
        const char *forfeit = play_game(&g, i, think, why, sizeof why);
        for (int k = 0; k < 2; k++) {
            struct thinking *to = &t.think[(k == 0) == a_black ? 0 : 1];
            to->total_us += think[k].total_us;
            to->max_us = think[k].max_us > to->max_us ? think[k].max_us : to->max_us;
            to->moves += think[k].moves;
        }

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

        if (save_dir != NULL) {
            char path[4096];
            snprintf(path, sizeof path, "%s/game-%d.sgf", save_dir, i);
            if (!record_save(path, &g, err, sizeof err))
                args_error("%s", err);
        }
        if (!quiet) {
            const char *reason = g.result.reason == END_LINE ? "line"
                               : g.result.reason == END_BOARD_FULL ? "board full"
                               : g.result.reason == END_NO_LINE ? "no line left"
                               : "forfeit";
            printf("game %d: Black %s, White %s: %s (%s%s%s), %d moves%s%s; %s %s\n", i,
                   a_black ? name_a : name_b, a_black ? name_b : name_a,
                   g.result.outcome == OUTCOME_DRAW ? "draw"
                   : g.result.outcome == OUTCOME_BLACK_WINS ? "Black wins" : "White wins",
                   reason, forfeit ? ": " : "", forfeit ? forfeit : "", g.ply,
                   o ? ", opening " : "", o ? o->text : "",
                   name_a, pts == 1.0 ? "won" : pts == 0.0 ? "lost" : "drew");
            fflush(stdout);
        }
    }
    print_summary(name_a, name_b, &t, (int)games, seed);
    free(op.list);
    return 0;
}
