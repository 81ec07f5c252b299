/* cmd_puzzle.c — `mnk puzzle`: the puzzle collections from the command line.
 *
 *   mnk puzzle list [--rule R] [--kind K] [FILE...]   one puzzle a line
 *   mnk puzzle show [--file FILE] ID                   the position, the task,
 *                                                      the solution
 *   mnk puzzle check [--sample N] FILE...              re-proves every puzzle
 *   mnk puzzle import FILE...                          re-proves and adds them
 *                                                      to the player's imported
 *                                                      collection
 *   mnk puzzle export [--rule R] [--kind K] [--file FILE] [--output OUT] [ID...]
 *                                                      the puzzles chosen, as one
 *                                                      SGF collection
 *
 * Without FILE, list and show read the collections that ship with mnk
 * (data/puzzles/ NAME.sgf; the checkout's when the binary runs from its build
 * tree, else the installed ones). The format is play/puzzlebook.h's. Exit
 * status: 0 done (check: every puzzle holds), 1 a file could not be read,
 * no such puzzle, or (check) a puzzle that does not hold, 2 bad usage.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "play/puzzle.h"
#include "play/puzzlebook.h"
#include "play/yourpuzzles.h"
#include "tui/saves.h"
#include "tui/text.h"
#include "util/datadir.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "mnk/rule.h"

/* The collections that ship, in the order they are listed. */
static const char *const shipped[] = { "freestyle.sgf", "renju.sgf", "small.sgf" };
#define N_SHIPPED (sizeof shipped / sizeof shipped[0])

static const char *const kind_words[] = { "vcf", "vct", "defend", "perfect", NULL };

struct list_flags {
    enum rule rule;
    bool rule_given;
    int kind;
    bool kind_given;
};

static const struct args_option list_options[] = {
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct list_flags, rule),
      .seen = ARGS_SEEN(struct list_flags, rule_given),
      .help = N_("only the puzzles of this rule") },
    { .name = "kind", .kind = ARGS_CHOICE, .choices = kind_words, .metavar = "KIND",
      .offset = offsetof(struct list_flags, kind),
      .seen = ARGS_SEEN(struct list_flags, kind_given),
      .help = N_("only this kind: vcf (win with fours), vct (fours and threes), defend (the "
                 "only move that does not lose) or perfect (the same on a small board, by "
                 "the exact solver)") },
};

static const struct args_command list_command = {
    .name = "puzzle list",
    .operands = "[FILE...]",
    .about = N_("Lists the puzzles of FILE (SGF collections), or of the collections that ship "
                "with mnk, one a line: its id, the board, the rule, the kind, the difficulty "
                "(the share of tries by a few of the computer's levels that missed the "
                "answer, in per cent) and the task."),
    .options = list_options,
    .n_options = sizeof list_options / sizeof list_options[0],
    .max_operands = -1,
};

struct show_flags {
    const char *file;
};

static const struct args_option show_options[] = {
    { .name = "file", .kind = ARGS_PATH, .metavar = "FILE",
      .offset = offsetof(struct show_flags, file),
      .help = N_("look for the puzzle in FILE, not in the collections that ship") },
};

static const struct args_command show_command = {
    .name = "puzzle show",
    .operands = "ID",
    .about = N_("Prints puzzle ID (as 'mnk puzzle list' names it): the position as a text "
                "board (X Black, O White), the task, the solution with the strongest "
                "defence, and how its difficulty was measured."),
    .options = show_options,
    .n_options = sizeof show_options / sizeof show_options[0],
    .min_operands = 1,
    .max_operands = 1,
    .operands_error = N_("expected one puzzle id"),
};

struct check_flags {
    long sample;
};

static const struct args_option check_options[] = {
    { .name = "sample", .kind = ARGS_INT, .min = 0, .max = 1000000, .metavar = "N",
      .offset = offsetof(struct check_flags, sample),
      .help = N_("re-prove N puzzles of each file, evenly spread, not all; 0, the default, "
                 "all") },
};

static const struct args_command check_command = {
    .name = "puzzle check",
    .operands = "FILE...",
    .about = N_("Re-proves every puzzle of each FILE from scratch with the engine: the task "
                "holds (the win by threats, or that every other move loses), the proof the "
                "file gives is complete, and the first move is the only one. Names each "
                "puzzle that fails and why; exit status 0 only when every puzzle holds."),
    .options = check_options,
    .n_options = sizeof check_options / sizeof check_options[0],
    .min_operands = 1,
    .max_operands = -1,
    .operands_error = N_("expected one or more puzzle files"),
};

struct export_flags {
    enum rule rule;
    bool rule_given;
    int kind;
    bool kind_given;
    const char *file;
    const char *output;
};

static const struct args_option export_options[] = {
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct export_flags, rule),
      .seen = ARGS_SEEN(struct export_flags, rule_given),
      .help = N_("only the puzzles of this rule") },
    { .name = "kind", .kind = ARGS_CHOICE, .choices = kind_words, .metavar = "KIND",
      .offset = offsetof(struct export_flags, kind),
      .seen = ARGS_SEEN(struct export_flags, kind_given),
      .help = N_("only this kind (as for list)") },
    { .name = "file", .kind = ARGS_PATH, .metavar = "FILE",
      .offset = offsetof(struct export_flags, file),
      .help = N_("take the puzzles from FILE, not from the collections that ship") },
    { .name = "output", .kind = ARGS_PATH, .metavar = "OUT",
      .offset = offsetof(struct export_flags, output),
      .help = N_("write the collection to OUT (replaced whole or not at all), not to the "
                 "standard output") },
};

static const struct args_command export_command = {
    .name = "puzzle export",
    .operands = "[ID...]",
    .about = N_("Writes the puzzles named by ID, or all those the filters keep, as one SGF "
                "FF[4] collection that other programs read: one game tree a puzzle, the "
                "position as AB, AW and PL, the task in the root's comment, the solution as "
                "the main line with the defences it answers as variations (the format the "
                "manual describes, which 'mnk puzzle check' and the Puzzles screen read)."),
    .options = export_options,
    .n_options = sizeof export_options / sizeof export_options[0],
    .max_operands = -1,
};

static const struct args_command import_command = {
    .name = "puzzle import",
    .operands = "FILE...",
    .about = N_("Re-proves every puzzle of each FILE (SGF collections in the format 'mnk "
                "puzzle export' writes) and adds those that hold to the player's imported "
                "puzzles, which the Puzzles screen shows: a position already there is not "
                "added again. Names each puzzle refused and why; exit status 0 only when "
                "every puzzle held and was kept."),
    .min_operands = 1,
    .max_operands = -1,
    .operands_error = N_("expected one or more puzzle files"),
};

/* Loads FILEs, or the shipped collections, into book. */
static bool load_books(const char *cmd, const struct args_operands *ops, struct puzzle_book *book)
{
    char err[1024];
    if (ops->count > 0) {
        for (int i = 0; i < ops->count; i++) {
            if (!puzzle_book_load(ops->list[i], book, err, sizeof err)) {
                args_error(cmd, "%s", err);
                return false;
            }
        }
        return true;
    }
    for (size_t i = 0; i < N_SHIPPED; i++) {
        char name[64], path[4200];
        snprintf(name, sizeof name, "puzzles/%s", shipped[i]);
        datadir_path(name, path, sizeof path);
        if (!puzzle_book_load(path, book, err, sizeof err)) {
            args_error(cmd, "%s", err);
            return false;
        }
    }
    return true;
}

/* "15x15 k=5". */
static const char *board_text(const struct puzzle *pz, char *buf, size_t size)
{
    snprintf(buf, size, "%dx%d k=%d", pz->width, pz->height, pz->win);
    return buf;
}

static int puzzle_list(int argc, char **argv)
{
    struct list_flags f = { 0 };
    struct args_operands ops;
    int status;
    if (!args_parse(&list_command, argc, argv, &f, &ops, &status))
        return status;
    struct puzzle_book book;
    puzzle_book_init(&book);
    if (!load_books("puzzle list", &ops, &book)) {
        puzzle_book_free(&book);
        return 1;
    }
    for (int i = 0; i < book.n; i++) {
        const struct puzzle *pz = &book.p[i];
        if ((f.rule_given && pz->rule != f.rule) || (f.kind_given && (int)pz->kind != f.kind))
            continue;
        char size[32], task[PUZZLE_TEXT_MAX], diff[16] = "-";
        puzzle_task_text(pz, true, task, sizeof task);
        if (pz->difficulty >= 0)
            snprintf(diff, sizeof diff, "%d", pz->difficulty);
        printf("%-16s %-10s %-9s %-7s %3s  %s\n", pz->id, board_text(pz, size, sizeof size),
               rule_name(pz->rule), puzzle_kind_name(pz->kind), diff, task);
    }
    puzzle_book_free(&book);
    return 0;
}

static void show_letters(int width)
{
    printf("    ");
    for (int x = 0; x < width; x++)
        printf(" %c%s", 'a' + x, x + 1 < width ? " " : "");
    putchar('\n');
}

static void show_board(const struct board *b)
{
    show_letters(b->width);
    for (int y = 0; y < b->height; y++) {
        printf("%3d ", b->height - y);
        for (int x = 0; x < b->width; x++) {
            enum stone s = board_at(b, board_pos(b, x, y));
            printf(" %c ", s == STONE_BLACK ? 'X' : s == STONE_WHITE ? 'O' : '.');
        }
        printf(" %d\n", b->height - y);
    }
    show_letters(b->width);
}

/* The moves of `line` from the position of g, numbered by the player's
 * moves with the replies in parentheses: "1. h8 (e11) 2. h10 ...". */
static void print_line(const struct game *g, const int *line, int n, bool player_first)
{
    char cell[NOTATION_MAX];
    for (int i = 0; i < n; i++) {
        bool mine = (i % 2 == 0) == player_first;
        if (mine)
            printf("%s%d. %s", i ? " " : "", (i + (player_first ? 0 : 1)) / 2 + 1,
                   notation_format(&g->board, line[i], cell));
        else
            printf("%s(%s)", i ? " " : "", notation_format(&g->board, line[i], cell));
    }
    putchar('\n');
}

static int puzzle_show(int argc, char **argv)
{
    struct show_flags f = { 0 };
    struct args_operands ops;
    int status;
    if (!args_parse(&show_command, argc, argv, &f, &ops, &status))
        return status;
    struct puzzle_book book;
    puzzle_book_init(&book);
    struct args_operands files = { .count = f.file != NULL, .list = { f.file } };
    if (!load_books("puzzle show", &files, &book)) {
        puzzle_book_free(&book);
        return 1;
    }
    int i = puzzle_book_find(&book, ops.list[0]);
    if (i < 0) {
        args_error("puzzle show", _("no puzzle '%s' (mnk puzzle list names them)"),
                   ops.list[0]);
        puzzle_book_free(&book);
        return 1;
    }
    const struct puzzle *pz = &book.p[i];
    static struct game g;
    if (puzzle_game(pz, &g) != NULL) {
        args_error("puzzle show", _("puzzle '%s' cannot be set up"), pz->id);
        puzzle_book_free(&book);
        return 1;
    }
    char size[32], task[PUZZLE_TEXT_MAX];
    puzzle_task_text(pz, true, task, sizeof task);
    printf("%s  %s %s  %s\n\n", pz->id, board_text(pz, size, sizeof size), rule_name(pz->rule),
           puzzle_kind_name(pz->kind));
    show_board(&g.board);
    printf("\n%s\n\n", task);
    int line[PUZZLE_LINE_MAX];
    int n = puzzle_main_line(pz, line);
    printf("%s ", _("Solution:"));
    print_line(&g, line, n, true);
    /* For DEFEND and PERFECT: the wrong moves the proof gives. */
    int first = pz->proof.node[0].child;
    for (int c = first >= 0 ? pz->proof.node[first].next : -1; c >= 0;
         c = pz->proof.node[c].next) {
        char cell[NOTATION_MAX];
        int refutation[PUZZLE_LINE_MAX], k = 0;
        for (int m = pz->proof.node[c].child; m >= 0 && k < PUZZLE_LINE_MAX;
             m = pz->proof.node[m].child)
            refutation[k++] = pz->proof.node[m].move;
        printf(_("  %s loses: "), notation_format(&g.board, pz->proof.node[c].move, cell));
        print_line(&g, refutation, k, false);
    }
    printf("\n");
    if (pz->difficulty >= 0)
        printf(_("Difficulty: %d (%s)\n"), pz->difficulty, pz->solves);
    else
        printf("%s\n", _("Difficulty: not measured"));
    if (pz->kind == PUZZLE_PERFECT)
        printf(_("Proof: %d moves, by the exact solver\n"), pz->proof.n - 1);
    else
        printf(_("Proof: %d moves, bound %d attacking moves\n"), pz->proof.n - 1, pz->depth);
    if (pz->source[0] != '\0') {
        char shown[4 * PUZZLE_TEXT_MAX];
        printf(_("From: %s\n"), text_escape(shown, sizeof shown, pz->source));
    }
    puzzle_book_free(&book);
    return 0;
}

static int puzzle_check(int argc, char **argv)
{
    struct check_flags f = { 0 };
    struct args_operands ops;
    int status;
    if (!args_parse(&check_command, argc, argv, &f, &ops, &status))
        return status;
    struct puzzle_prover pv;
    if (!puzzle_prover_init(&pv)) {
        args_error("puzzle check", "%s", _("out of memory"));
        return 1;
    }
    int checked = 0, failed = 0, unread = 0;
    for (int k = 0; k < ops.count; k++) {
        struct puzzle_book book;
        puzzle_book_init(&book);
        char err[1024];
        if (!puzzle_book_load(ops.list[k], &book, err, sizeof err)) {
            args_error("puzzle check", "%s", err);
            unread++;
            continue;
        }
        int want = f.sample > 0 && f.sample < book.n ? (int)f.sample : book.n;
        uint64_t *keys = calloc((size_t)book.n + 1, sizeof *keys);
        for (int j = 0; j < want; j++) {
            /* Evenly spread: the same sample every time. */
            int i = (int)((long long)j * book.n / want);
            const struct puzzle *pz = &book.p[i];
            char why[512];
            checked++;
            if (!puzzle_verify(&pv, pz, why, sizeof why)) {
                failed++;
                printf(_("%s: %s: fails: %s\n"), ops.list[k], pz->id, why);
                fflush(stdout);
            }
        }
        /* The same position twice, up to symmetry, is said, not failed. */
        for (int i = 0; keys != NULL && i < book.n; i++) {
            keys[i] = puzzle_key(&book.p[i]);
            for (int j = 0; j < i; j++)
                if (keys[j] == keys[i])
                    printf(_("%s: %s: the same position as %s\n"), ops.list[k], book.p[i].id,
                           book.p[j].id);
        }
        free(keys);
        puzzle_book_free(&book);
    }
    puzzle_prover_free(&pv);
    if (failed == 0)
        printf(ngettext("%d puzzle checked: it holds\n", "%d puzzles checked: all hold\n",
                        (unsigned long)checked),
               checked);
    else {
        printf(ngettext("%d puzzle checked", "%d puzzles checked", (unsigned long)checked),
               checked);
        printf(ngettext(": %d fails\n", ": %d fail\n", (unsigned long)failed), failed);
    }
    return failed == 0 && unread == 0 ? 0 : 1;
}

/* True when export should keep pz: named among ids (when any), and kept by
 * the filters. */
static bool export_keeps(const struct export_flags *f, const struct args_operands *ids,
                         const struct puzzle *pz)
{
    if ((f->rule_given && pz->rule != f->rule) || (f->kind_given && (int)pz->kind != f->kind))
        return false;
    if (ids->count == 0)
        return true;
    for (int i = 0; i < ids->count; i++)
        if (strcmp(ids->list[i], pz->id) == 0)
            return true;
    return false;
}

static int puzzle_export(int argc, char **argv)
{
    struct export_flags f = { 0 };
    struct args_operands ops;
    int status;
    if (!args_parse(&export_command, argc, argv, &f, &ops, &status))
        return status;
    struct puzzle_book book, out;
    puzzle_book_init(&book);
    puzzle_book_init(&out);
    struct args_operands files = { .count = f.file != NULL, .list = { f.file } };
    if (!load_books("puzzle export", &files, &book)) {
        puzzle_book_free(&book);
        return 1;
    }
    for (int i = 0; i < ops.count; i++)
        if (puzzle_book_find(&book, ops.list[i]) < 0) {
            args_error("puzzle export", _("no puzzle '%s' (mnk puzzle list names them)"),
                       ops.list[i]);
            puzzle_book_free(&book);
            return 1;
        }
    int result = 0;
    for (int i = 0; i < book.n && result == 0; i++) {
        if (!export_keeps(&f, &ops, &book.p[i]))
            continue;
        if (!puzzle_book_add(&out, &book.p[i])) {
            args_error("puzzle export", "%s", _("out of memory"));
            result = 1;
        }
    }
    if (result == 0 && out.n == 0) {
        args_error("puzzle export", "%s", _("no puzzle is kept by these filters"));
        result = 1;
    }
    char err[1024];
    if (result == 0 && f.output != NULL) {
        if (!puzzle_book_save(f.output, &out, err, sizeof err)) {
            args_error("puzzle export", "%s", err);
            result = 1;
        } else {
            fprintf(stderr,
                    ngettext("mnk puzzle export: %d puzzle written to %s\n",
                             "mnk puzzle export: %d puzzles written to %s\n",
                             (unsigned long)out.n),
                    out.n, f.output);
        }
    } else if (result == 0) {
        if (!puzzle_book_write(stdout, &out) || fflush(stdout) != 0 || ferror(stdout)) {
            args_error("puzzle export", "%s", _("cannot write the standard output"));
            result = 1;
        }
    }
    puzzle_book_free(&out);
    puzzle_book_free(&book);
    return result;
}

/* The most the imported collection keeps, the newest. */
#define IMPORTED_KEEP 20000

static int puzzle_import(int argc, char **argv)
{
    struct args_operands ops;
    int status;
    if (!args_parse(&import_command, argc, argv, NULL, &ops, &status))
        return status;
    char path[SAVES_PATH_MAX], why[256];
    if (!saves_imported_path(path, sizeof path, why, sizeof why)) {
        args_error("puzzle import", _("nowhere to keep the puzzles: %s"), why);
        return 1;
    }
    struct puzzle_prover pv;
    if (!puzzle_prover_init(&pv)) {
        args_error("puzzle import", "%s", _("out of memory"));
        return 1;
    }
    struct puzzle_book found;
    puzzle_book_init(&found);
    int refused = 0, unread = 0;
    for (int k = 0; k < ops.count; k++) {
        struct puzzle_book book;
        puzzle_book_init(&book);
        char err[1024];
        if (!puzzle_book_load(ops.list[k], &book, err, sizeof err)) {
            args_error("puzzle import", "%s", err);
            unread++;
            continue;
        }
        for (int i = 0; i < book.n; i++) {
            char fault[512];
            if (!puzzle_verify(&pv, &book.p[i], fault, sizeof fault)) {
                refused++;
                printf(_("%s: %s: refused: %s\n"), ops.list[k], book.p[i].id, fault);
                continue;
            }
            if (!puzzle_book_add(&found, &book.p[i])) {
                args_error("puzzle import", "%s", _("out of memory"));
                unread++;
                break;
            }
        }
        puzzle_book_free(&book);
    }
    puzzle_prover_free(&pv);
    int held = found.n, added = 0;
    char note[SAVES_PATH_MAX + 200];
    bool kept = yours_add_keeping(path, &found, IMPORTED_KEEP, &added, note, sizeof note);
    if (note[0] != '\0')
        args_error("puzzle import", "%s", note);
    if (kept && (held > 0 || refused > 0)) {
        printf(ngettext("%d puzzle imported to %s (%d already there, %d refused)\n",
                        "%d puzzles imported to %s (%d already there, %d refused)\n",
                        (unsigned long)added),
               added, path, held - added, refused);
    }
    return kept && refused == 0 && unread == 0 ? 0 : 1;
}

static void usage(FILE *out)
{
    fprintf(out, "%s\n\n", _("usage: mnk puzzle list|show|check|export|import [OPTIONS] ..."));
    args_wrap(out, "", _("Puzzles: positions with a task (win with fours, win with fours and "
                         "threes, the only move that does not lose) and the proof of their "
                         "answer, kept as SGF collections."));
    fprintf(out, "\n  list    %s\n  show    %s\n  check   %s\n  export  %s\n  import  %s\n\n",
            _("the puzzles, one a line"), _("one puzzle: the position, the task, the solution"),
            _("re-prove every puzzle of a file"),
            _("the puzzles chosen, as one SGF collection"),
            _("re-prove a file's puzzles and add them to yours"));
    args_wrap(out, "",
              _("'mnk puzzle list --help' (and show, check, export, import) describes each."));
}

int cmd_puzzle(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? ARGS_EXIT_USAGE : 0;
    }
    if (strcmp(argv[1], "list") == 0)
        return puzzle_list(argc - 1, argv + 1);
    if (strcmp(argv[1], "show") == 0)
        return puzzle_show(argc - 1, argv + 1);
    if (strcmp(argv[1], "export") == 0)
        return puzzle_export(argc - 1, argv + 1);
    if (strcmp(argv[1], "import") == 0)
        return puzzle_import(argc - 1, argv + 1);
    if (strcmp(argv[1], "check") == 0)
        return puzzle_check(argc - 1, argv + 1);
    args_error("puzzle", _("unknown subcommand '%s' (list, show, check, export or import)"),
               argv[1]);
    return ARGS_EXIT_USAGE;
}
