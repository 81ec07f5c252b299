/* learn.c — see learn.h. */
#include "learn.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/record.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void *checked(void *p)
{
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

void learn_each_record(const char *path, void (*fn)(void *ctx, const char *path), void *ctx)
{
    DIR *dir = opendir(path);
    if (dir == NULL) {
        fn(ctx, path);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".sgf") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            names = checked(realloc(names, cap * sizeof *names));
        }
        size_t size = strlen(path) + len + 2;
        names[n] = checked(malloc(size));
        snprintf(names[n++], size, "%s/%s", path, e->d_name);
    }
    closedir(dir);
    if (n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        fn(ctx, names[i]);
        free(names[i]);
    }
    free(names);
}

bool learn_replay_start(struct learn_replay *r, const char *tool, const char *path,
                        enum learn_set *set)
{
    struct game *g = &r->g;
    int index = r->games++;
    *set = r->test ? LEARN_TEST : index % r->holdout == r->holdout - 1 ? LEARN_VALID : LEARN_TRAIN;
    char err[512];
    if (!record_load(path, g, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", tool, err);
        return false;
    }
    if (!r->have_table) {
        if (!pattern_init(&r->table, g->board.win, g->board.rule)) {
            fprintf(stderr, "%s: out of memory\n", tool);
            exit(1);
        }
        r->have_table = true;
    } else if (r->table.win != g->board.win || r->table.rule != g->board.rule) {
        fprintf(stderr, "%s: %s: another win length or rule than the first record\n", tool, path);
        return false;
    }
    struct board empty;
    board_init(&empty, g->board.width, g->board.height, g->board.win, g->board.rule);
    position_init(&r->pos, &r->table, &empty);
    return true;
}

void learn_replay_free(struct learn_replay *r)
{
    pattern_free(&r->table);
    r->have_table = false;
}

bool learn_quiet(const struct position *p, int me)
{
    int forced;
    return position_decide(p, me, 0, &forced) == 0 && forced < 0 &&
           !position_any(p, 1 - me, COMBO_F4);
}

void *learn_grow(const char *tool, void *p, size_t *cap, size_t size)
{
    *cap = *cap ? 2 * *cap : 65536;
    p = realloc(p, *cap * size);
    if (p == NULL) {
        fprintf(stderr, "%s: out of memory\n", tool);
        exit(1);
    }
    return p;
}
