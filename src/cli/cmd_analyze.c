/* cmd_analyze.c — `mnk analyze FILE`: a game record judged move by move.
 *
 * Every position of the game is searched with the same budget (play/analysis.h);
 * the summary on stdout says, in the words and layout of the review (in the
 * player's language), where the game was decided, each side's inaccuracies,
 * mistakes, blunders and hints, the final position, and the line of each
 * marked move or move played after a hint ("5. Black h12 ?? blunder, better
 * g1: Black better -> White wins in 1 move"). With -o the record is written
 * again as SGF with the analysis (play/annotate.h: a comment on every
 * move, its line, and the standard annotations BM, DO, TE, GB / GW, DM and
 * V, and mnk's exact numbers, which the review reads back). The file is
 * written under a temporary name and renamed, so it is never left
 * half-written.
 *
 * Then, unless --no-puzzles, the positions where a person (the record's
 * human side, or both when two people played) missed a forced win or the
 * only defence become puzzles of the collection "From your games"
 * (play/yourpuzzles.h, in tui/saves.h's data directory), named after the
 * record's date (DT) or file name; a line on stderr says how many were
 * added, when any were, or why none could be.
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

#include "play/analysis.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "play/annotate.h"
#include "play/yourpuzzles.h"
#include "storage/record.h"
#include "mnk/notation.h"
#include "mnk/i18n.h"
#include "tui/saves.h"

#define DEFAULT_TIME_MS 300
#define PROGRESS_AFTER_MS 1000

struct analyze_flags {
    long time_ms, nodes, threads;
    const char *output;
    bool timed;
    bool no_puzzles;
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
    { .name = "threads", .kind = ARGS_INT, .min = 1, .max = AI_MAX_THREADS,
      .offset = offsetof(struct analyze_flags, threads),
      .help = N_("search with N threads (default 1): deeper in the same time, but no longer "
              "the same analysis every time") },
    { .name = "output", .short_name = 'o', .kind = ARGS_PATH, .metavar = "OUT",
      .offset = offsetof(struct analyze_flags, output),
      .help = N_("also write the game to OUT (SGF; '-' for standard output) with a comment on "
              "every move and the standard SGF annotations") },
    { .name = "no-puzzles", .kind = ARGS_SWITCH,
      .offset = offsetof(struct analyze_flags, no_puzzles),
      .help = N_("do not add the positions where a person missed a forced win or the only "
                 "defence to the puzzles From your games") },
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
        fputc('\r', stderr);
        fprintf(stderr, _("analysing: %d of %d moves"), done, total);
        if (done == total)
            fputc('\n', stderr);
    } else if (!p->shown || done == total || done % 10 == 0) {
        fprintf(stderr, _("analysing: %d of %d moves"), done, total);
        fputc('\n', stderr);
    }
    p->shown = true;
    fflush(stderr);
}

/* Writes the annotated record to path ("-": standard output), whole or
 * not at all. */
static bool write_annotated(const char *path, const struct game *g, const struct analysis *a)
{
    static struct annotate_texts texts;
    struct record_notes notes;
    annotate_notes(g, a, NULL, &texts, &notes);
    if (strcmp(path, "-") == 0)
        return record_write_notes(stdout, g, &notes);
    char err[4200];
    if (record_save_notes(path, g, RECORD_SGF, &notes, false, err, sizeof err))
        return true;
    args_error("analyze", "%s", err);
    return false;
}

/* What the review says of the game, in the same words: the summary, the
 * final position and the lines of the moves worth a look. */
static void summarize(FILE *to, const struct game *g, const struct analysis *a,
                      const char *file)
{
    char moves[64], line[6 * ANALYSIS_PART_MAX];
    snprintf(moves, sizeof moves, ngettext("%d move", "%d moves", (unsigned long)g->ply), g->ply);
    fprintf(to, _("%s: %dx%d, %d in a row, %s; %s; %s\n"), file, g->board.width,
            g->board.height, g->board.win, _(rule_name(g->board.rule)), moves,
            game_over(g) ? _(game_result_text(&g->result)) : _("unfinished"));
    analysis_summary(g, a, true, line, sizeof line);
    fprintf(to, "%s\n", line);
    char words[ANALYSIS_WORDS_MAX];
    analysis_score_words(a->final_score, true, words, sizeof words);
    fprintf(to, _("Final position: %s.\n"), words);

    bool hinted = false;
    for (int i = 0; i < a->moves; i++)
        hinted = hinted || g->hinted[i];
    bool any = false;
    for (int i = 0; i < a->moves; i++) {
        if (a->move[i].mark == ANALYSIS_NONE && !g->hinted[i])
            continue;
        if (!any)
            fprintf(to, "%s\n", hinted ? _("Marked moves, and those played after a hint:")
                                        : _("Marked moves:"));
        any = true;
        struct analysis_line l;
        analysis_line(g, a, i, true, "->", &l);
        analysis_line_join(&l, false, line, sizeof line);
        fprintf(to, "  %s\n", line);
    }
}

/* Which game the puzzles came from: the record's date (DT), else the
 * file's name without its directory. */
static void game_label(const char *file, const struct record_extra *extra, char *buf,
                       size_t size)
{
    char dt[64];
    if (record_extra_get(extra, "DT", dt, sizeof dt) && dt[0] != '\0' && strlen(dt) < 32) {
        snprintf(buf, size, "%s", dt);
        return;
    }
    const char *base = strrchr(file, '/');
    snprintf(buf, size, "%s", base != NULL ? base + 1 : file);
}

/* Adds the person's missed wins and defences to "From your games" and
 * says so on stderr. */
static void add_puzzles(const char *file, const struct game *g, const struct record_extra *extra,
                        const struct analysis *a)
{
    char path[SAVES_PATH_MAX], note[4400], label[64];
    int added = 0;
    if (!saves_yours_path(path, sizeof path, note, sizeof note)) {
        args_error("analyze", _("puzzles not added: %s"), note);
        return;
    }
    game_label(file, extra, label, sizeof label);
    yours_collect(path, g, a, label, NULL, &added, note, sizeof note);
    if (note[0] != '\0')
        args_error("analyze", "%s", note);
    if (added > 0) {
        fprintf(stderr,
                ngettext("%d puzzle added to From your games (%s)",
                         "%d puzzles added to From your games (%s)", (unsigned long)added),
                added, path);
        fputc('\n', stderr);
    }
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
    static struct record_extra extra;
    char err[256];
    if (!record_load_extra(file, &game, &extra, err, sizeof err)) {
        args_error("analyze", "%s", err);
        return 1;
    }
    if (extra.warning[0] != '\0')   /* read, with something left out */
        args_error("analyze", "%s: %s", file, extra.warning);
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
    o.limits.threads = (int)f.threads;
    static struct analysis a;
    if (!analysis_run(&game, &o, &a)) {
        args_error("analyze", _("out of memory"));
        return 1;
    }
    /* With the record on standard output, the summary goes to stderr. */
    FILE *to = out != NULL && strcmp(out, "-") == 0 ? stderr : stdout;
    summarize(to, &game, &a, file);
    if (out != NULL && !write_annotated(out, &game, &a))
        return 1;
    if (!f.no_puzzles)
        add_puzzles(file, &game, &extra, &a);
    return 0;
}
