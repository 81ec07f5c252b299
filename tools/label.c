/* label.c — scores the quiet positions of game records by the search, for
 * tools/texel --scores.
 *
 *   label --nodes N [--part I/P] [--skip S] [--resume] RECORD|DIR...
 *
 * Built on request: ninja -C build tools/label. For each record PATH (with
 * --part, only the I-th of every P in walk order, 0 ≤ I < P, so that P
 * processes share the work) it writes PATH.sN, one line per quiet position
 * (texel's: from move S on, default 8, those learn_quiet accepts):
 *
 *   ply depth score before
 *
 * the search's last completed depth and its score at N nodes, and the score
 * of the depth before (the same when there was none), from the side to
 * move's view. The search is the `search` strategy with a 16 MB table,
 * cleared at each record, so the scores depend on nothing but the record,
 * N and the evaluation compiled in.
 *
 * A record's scores go to PATH.sN.part, renamed PATH.sN once complete, so a
 * PATH.sN is never a stopped run's fragment. With --resume the records that
 * already have their PATH.sN are left as they are: a stopped run, started
 * again with the same arguments and --resume, scores only the rest.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "storage/record.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "learn.h"

struct labeller {
    struct learn_replay replay;
    struct ai ai;
    long nodes;
    int part, parts, index, skip;
    bool resume;
    long positions, kept;
};

/* What the search reported: its last depth and score, and the score of the
 * depth before. */
struct scores {
    int depth, last, before;
};

/* The search's progress callback (ctx: struct scores, zeroed). It reports
 * each completed depth, then once more the last one; a verdict (a forced
 * move, a win found by the threat-space search) comes as depth 0. */
static void on_info(void *ctx, const struct ai_info *info)
{
    struct scores *sc = ctx;
    if (sc->depth > 0 && info->depth > sc->depth)
        sc->before = sc->last;         /* a deeper iteration */
    else if (sc->depth == 0 || info->depth < sc->depth)
        sc->before = info->score;      /* the first report, or a verdict */
    sc->depth = info->depth;
    sc->last = info->score;
}

static void label_game(void *ctx, const char *path)
{
    struct labeller *l = ctx;
    if (l->index++ % l->parts != l->part)
        return;
    enum learn_set set;
    struct game *g = &l->replay.g;
    struct position *p = &l->replay.pos;
    if (!learn_replay_start(&l->replay, "label", path, &set))
        return;
    char done[4096], out[4096 + 8];
    snprintf(done, sizeof done, "%s.s%ld", path, l->nodes);
    snprintf(out, sizeof out, "%s.part", done);
    FILE *f;
    if (l->resume && (f = fopen(done, "r")) != NULL) {
        fclose(f);
        l->kept++;
        return;
    }
    f = fopen(out, "w");
    if (f == NULL) {
        perror(out);
        exit(1);
    }
    ai_reset(&l->ai);
    for (int i = 0; i < g->ply; i++) {
        int me = i % 2;
        if (i >= l->skip && learn_quiet(p, me)) {
            struct scores sc = { 0, 0, 0 };
            struct ai_limits lim = { .max_nodes = (uint64_t)l->nodes, .on_info = on_info,
                                     .ctx = &sc };
            ai_choose(&l->ai, &p->b, (enum stone)(me + 1), &lim);
            fprintf(f, "%d %d %d %d\n", i, sc.depth, sc.last, sc.before);
            l->positions++;
        }
        position_place(p, g->moves[i], (enum stone)(me + 1));
    }
    if (fclose(f) != 0 || rename(out, done) != 0) {
        perror(out);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    struct labeller l = { .nodes = 10000, .parts = 1, .skip = 8 };
    int first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        bool ok = true;
        if (strcmp(argv[first], "--resume") == 0) {
            l.resume = true;
            first--;              /* a flag: no value follows */
        } else if (strcmp(argv[first], "--nodes") == 0) {
            ok = sscanf(argv[first + 1], "%ld", &l.nodes) == 1 && l.nodes > 0;
        } else if (strcmp(argv[first], "--part") == 0) {
            ok = sscanf(argv[first + 1], "%d/%d", &l.part, &l.parts) == 2;
        } else if (strcmp(argv[first], "--skip") == 0) {
            ok = sscanf(argv[first + 1], "%d", &l.skip) == 1 && l.skip >= 0;
        } else {
            break;
        }
        if (!ok)
            l.parts = 0;
    }
    if (first >= argc || argv[first][0] == '-' || l.parts < 1 || l.part < 0 ||
        l.part >= l.parts) {
        fprintf(stderr,
                "usage: label --nodes N [--part I/P] [--skip S] [--resume] RECORD|DIR...\n");
        return 2;
    }
    struct ai_options opts = { .memory = (size_t)16 << 20 };
    if (!ai_create(&l.ai, "search", &opts)) {
        fprintf(stderr, "label: cannot create the search\n");
        return 1;
    }
    l.replay.skip = l.skip;
    l.replay.holdout = 5;
    for (int i = first; i < argc; i++)
        learn_each_record(argv[i], label_game, &l);
    fprintf(stderr, "label: %d records seen, %ld positions scored", l.index, l.positions);
    if (l.resume)
        fprintf(stderr, ", %ld records already scored", l.kept);
    fputc('\n', stderr);
    ai_destroy(&l.ai);
    learn_replay_free(&l.replay);
    return 0;
}
