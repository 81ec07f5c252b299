/* cmd_analyze.c — `mnk analyze FILE`: a game record judged move by move.
 *
 * Every position of the game is searched with the same budget (ai/analysis.h);
 * the summary on stdout counts each side's inaccuracies, mistakes and
 * blunders, says where the game was decided and lists the marked moves with
 * the move the search preferred. With -o the record is written again as SGF
 * with a comment on every move (the evaluation before and after it, and its
 * mark) and the standard annotations: BM (bad move: 1 a mistake, 2 a
 * blunder or worse), DO (doubtful: an inaccuracy), TE (the first move of a
 * forced win), GB / GW (good for Black / White: 1 clearly, 2 a forced win)
 * and DM (even) on the position the move leaves. The file is written under a
 * temporary name and renamed, so it is never left half-written.
 *
 * Progress goes to stderr once the analysis has run for a second. Exit
 * status: 0 done, 1 the record or the output could not be used, 2 bad usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/analysis.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "io/record.h"
#include "mnk/notation.h"
#include "mnk/i18n.h"

#define DEFAULT_TIME_MS 300
#define PROGRESS_AFTER_MS 1000
#define COMMENT_MAX 240
#define PROPS_MAX 32

struct analyze_flags {
    long time_ms, nodes;
    const char *output;
    bool timed;
};

static const struct analyze_flags analyze_defaults = { .time_ms = DEFAULT_TIME_MS };

static const struct args_option analyze_options[] = {
    { .name = "time-ms", .kind = ARGS_INT, .min = 1, .max = 600000, .metavar = "MS",
      .offset = offsetof(struct analyze_flags, time_ms),
      .seen = ARGS_SEEN(struct analyze_flags, timed), .show_default = true,
      .help = N_("search time per position, in milliseconds") },
    { .name = "nodes", .kind = ARGS_INT, .min = 1, .max = 1000000000,
      .offset = offsetof(struct analyze_flags, nodes),
      .help = N_("a budget of N search nodes per position instead of a time: the same N "
              "always gives the same analysis") },
    { .name = "output", .short_name = 'o', .kind = ARGS_PATH, .metavar = "OUT",
      .offset = offsetof(struct analyze_flags, output),
      .help = N_("also write the game to OUT (SGF; '-' for standard output) with a comment on "
              "every move and the standard SGF annotations") },
};

static const struct args_command analyze_command = {
    .name = "analyze",
    .operands = "FILE",
    .about = N_("Searches every position of the game in FILE (.sgf or .psq) and prints each "
             "side's inaccuracies, mistakes and blunders, where the game was decided, and "
             "the better move for each marked one."),
    .options = analyze_options,
    .n_options = sizeof analyze_options / sizeof analyze_options[0],
    .defaults = &analyze_defaults,
    .min_operands = 1,
    .max_operands = 1,
    .operands_error = N_("expected one record file"),
};

struct progress {
    struct timespec start;
    bool shown;
    bool tty;
};

static long elapsed_ms(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000L + (now.tv_nsec - start->tv_nsec) / 1000000L;
}

static void on_progress(void *ctx, int done, int total)
{
    struct progress *p = ctx;
    if (elapsed_ms(&p->start) < PROGRESS_AFTER_MS)
        return;
    if (p->tty) {
        fprintf(stderr, "\ranalysing: %d of %d moves", done, total);
        if (done == total)
            fputc('\n', stderr);
    } else if (!p->shown || done == total || done % 10 == 0) {
        fprintf(stderr, "analysing: %d of %d moves\n", done, total);
    }
    p->shown = true;
    fflush(stderr);
}

static int black_view(const struct analysis_move *m, int score)
{
    return m->side == STONE_BLACK ? score : -score;
}

/* The comment and annotations of move i. */
static void note_move(const struct game *g, const struct analysis *a, int i,
                      char *comment, char *props)
{
    const struct analysis_move *m = &a->move[i];
    char cell[NOTATION_MAX], best[NOTATION_MAX], before[16], after[16], words[64];
    notation_format(&g->board, m->move, cell);
    analysis_score_text(black_view(m, m->before), before, sizeof before);
    analysis_score_text(black_view(m, m->after), after, sizeof after);
    analysis_score_words(black_view(m, m->after), false, words, sizeof words);
    int n = snprintf(comment, COMMENT_MAX, "%d. %s %s: evaluation %s -> %s (%s).", i + 1,
                     stone_name(m->side), cell, before, after, words);
    if (m->mark != ANALYSIS_NONE && n > 0 && n < COMMENT_MAX) {
        const char *text = analysis_mark_text(m->mark);
        n += snprintf(comment + n, COMMENT_MAX - (size_t)n, " %c%s", text[0] - 'a' + 'A', text + 1);
        if (m->best >= 0 && m->best != m->move && n > 0 && n < COMMENT_MAX)
            snprintf(comment + n, COMMENT_MAX - (size_t)n, "; better %s.",
                     notation_format(&g->board, m->best, best));
        else if (n > 0 && n < COMMENT_MAX)
            snprintf(comment + n, COMMENT_MAX - (size_t)n, ".");
    }

    props[0] = '\0';
    size_t used = 0;
    switch (m->mark) {
    case ANALYSIS_INACCURACY:
        used += (size_t)snprintf(props + used, PROPS_MAX - used, "DO[]");
        break;
    case ANALYSIS_MISTAKE:
        used += (size_t)snprintf(props + used, PROPS_MAX - used, "BM[1]");
        break;
    case ANALYSIS_BLUNDER:
    case ANALYSIS_MISSED_WIN:
    case ANALYSIS_ALLOWS_LOSS:
        used += (size_t)snprintf(props + used, PROPS_MAX - used, "BM[2]");
        break;
    case ANALYSIS_NONE: {
        /* The first move of a forced win the mover keeps to the end. */
        bool starts = analysis_is_win(m->after) &&
                      (i < 2 || !analysis_is_win(a->move[i - 2].after));
        if (starts && i + 1 < a->moves)
            used += (size_t)snprintf(props + used, PROPS_MAX - used, "TE[1]");
        break;
    }
    }
    int black = black_view(m, m->after);
    int mag = black >= 0 ? black : -black;
    double e = analysis_expected(mag);
    if (analysis_is_win(mag))
        snprintf(props + used, PROPS_MAX - used, "%s[2]", black > 0 ? "GB" : "GW");
    else if (e >= 0.85)
        snprintf(props + used, PROPS_MAX - used, "%s[1]", black > 0 ? "GB" : "GW");
    else if (e < 0.55)
        snprintf(props + used, PROPS_MAX - used, "DM[1]");
}

/* Writes the annotated record to path through a temporary file. */
static bool write_annotated(const char *path, const struct game *g, const struct analysis *a,
                            const char *summary)
{
    static char comments[BOARD_MAX_CELLS][COMMENT_MAX];
    static char props[BOARD_MAX_CELLS][PROPS_MAX];
    static struct record_note notes[BOARD_MAX_CELLS];
    for (int i = 0; i < a->moves; i++) {
        note_move(g, a, i, comments[i], props[i]);
        notes[i].comment = comments[i];
        notes[i].props = props[i];
    }
    const struct record_notes all = { .root_comment = summary, .move = notes };

    FILE *f = stdout;
    char tmp[4096];
    bool to_stdout = strcmp(path, "-") == 0;
    if (!to_stdout) {
        if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp) {
            args_error("analyze", _("%s: name too long"), path);
            return false;
        }
        int fd = mkstemp(tmp);
        if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
            args_error("analyze", _("%s: cannot write: %s"), path, strerror(errno));
            if (fd >= 0) {
                close(fd);
                unlink(tmp);
            }
            return false;
        }
    }
    bool ok = record_write_notes(f, g, &all);
    int saved = errno;
    if (to_stdout)
        return ok;
    if (ok && fsync(fileno(f)) != 0) {
        ok = false;
        saved = errno;
    }
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        unlink(tmp);
        args_error("analyze", _("%s: write failed: %s"), path, strerror(saved));
    }
    return ok;
}

static void summarize(FILE *to, const struct game *g, const struct analysis *a,
                      const char *file, char *summary, size_t size)
{
    struct analysis_tally t[2];
    analysis_tally(a, t);
    fprintf(to, "%s: %dx%d, %d in a row, %s; %d moves; %s\n", file, g->board.width,
           g->board.height, g->board.win, rule_name(g->board.rule), g->ply,
           game_over(g) ? game_result_text(&g->result) : "unfinished");
    fprintf(to, "         inaccuracies  mistakes  blunders\n");
    for (int s = 0; s < 2; s++)
        fprintf(to, "%-8s %12d  %8d  %8d\n", s == 0 ? "Black" : "White", t[s].inaccuracies,
               t[s].mistakes, t[s].blunders);

    char decided[128] = "";
    if (a->decided >= 0) {
        const struct analysis_move *m = &a->move[a->decided];
        char cell[NOTATION_MAX];
        snprintf(decided, sizeof decided, "decided by move %d, %s %s", a->decided + 1,
                 stone_name(m->side), notation_format(&g->board, m->move, cell));
        fprintf(to, "The game was %s.\n", decided);
    }
    char words[64];
    analysis_score_words(a->final_score, false, words, sizeof words);
    fprintf(to, "Final position: %s.\n", words);

    bool any = false;
    for (int i = 0; i < a->moves; i++) {
        const struct analysis_move *m = &a->move[i];
        if (m->mark == ANALYSIS_NONE)
            continue;
        if (!any)
            fprintf(to, "Marked moves:\n");
        any = true;
        char cell[NOTATION_MAX], best[NOTATION_MAX], before[16], after[16];
        analysis_score_text(black_view(m, m->before), before, sizeof before);
        analysis_score_text(black_view(m, m->after), after, sizeof after);
        fprintf(to, "%4d. %-5s %-4s %-21s %6s -> %-6s", i + 1, stone_name(m->side),
               notation_format(&g->board, m->move, cell), analysis_mark_text(m->mark), before,
               after);
        if (m->best >= 0 && m->best != m->move)
            fprintf(to, "  better %s", notation_format(&g->board, m->best, best));
        fputc('\n', to);
    }
    snprintf(summary, size,
             "Analysed by mnk. Black: %d inaccuracies, %d mistakes, %d blunders. "
             "White: %d inaccuracies, %d mistakes, %d blunders.%s%s",
             t[0].inaccuracies, t[0].mistakes, t[0].blunders, t[1].inaccuracies,
             t[1].mistakes, t[1].blunders, decided[0] ? " The game was " : "",
             decided[0] ? decided : "");
    if (decided[0] && strlen(summary) + 1 < size)
        strcat(summary, ".");
}

int cmd_analyze(int argc, char **argv)
{
    struct analyze_flags f = analyze_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&analyze_command, argc, argv, &f, &ops, &status))
        return status;
    if (f.timed && f.nodes > 0) {
        args_error("analyze", _("give --time-ms or --nodes, not both"));
        return ARGS_EXIT_USAGE;
    }
    long time_ms = f.time_ms, nodes = f.nodes;
    const char *out = f.output, *file = ops.list[0];
    static struct game game;
    char err[256];
    if (!record_load(file, &game, err, sizeof err)) {
        args_error("analyze", "%s", err);
        return 1;
    }
    if (game.ply == 0) {
        args_error("analyze", _("%s: no moves to analyse"), file);
        return 1;
    }

    struct progress p = { .tty = isatty(STDERR_FILENO) };
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    struct analysis_options o = { .progress = on_progress, .ctx = &p };
    if (nodes > 0)
        o.limits.max_nodes = (uint64_t)nodes;
    else
        o.limits.time_ms = (int)time_ms;
    static struct analysis a;
    if (!analysis_run(&game, &o, &a)) {
        args_error("analyze", _("out of memory"));
        return 1;
    }
    char summary[512];
    /* With the record on standard output, the summary goes to stderr. */
    FILE *to = out != NULL && strcmp(out, "-") == 0 ? stderr : stdout;
    summarize(to, &game, &a, file, summary, sizeof summary);
    if (out != NULL && !write_annotated(out, &game, &a, summary))
        return 1;
    return 0;
}
