/* keeper.c — the game on screen kept, held and counted; see keeper.h. */
#include "tui/keeper.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "mnk/i18n.h"
#include "storage/safefile.h"
#include "storage/stats.h"

void keeper_init(struct keeper *k)
{
    memset(k, 0, sizeof *k);
    filelock_init(&k->lock);
}

/* A fresh autosave name for g, written at its first change. */
static void fresh_path(struct keeper *k, const struct game *g)
{
    filelock_release(&k->lock);
    if (!saves_new_path(k->path, sizeof k->path, time(NULL), k->serial++, k->no_path,
                        sizeof k->no_path))
        k->path[0] = '\0';
    k->kept = saves_mark_of(g);
}

void keeper_start(struct keeper *k, const struct game *g)
{
    fresh_path(k, g);
    k->extra.root[0] = '\0';
    k->extra.counted = false;
    k->counted = false;
}

void keeper_open(struct keeper *k, const struct game *g, const char *path,
                 struct filelock *lock)
{
    if (path == NULL) {
        fresh_path(k, g);
    } else {
        filelock_release(&k->lock);
        if (lock != NULL) {
            k->lock = *lock;
            filelock_init(lock);
        }
        snprintf(k->path, sizeof k->path, "%s", path);
        k->kept = saves_mark_of(g);
    }
    /* A game over already is no new end, nor is one counted before. */
    k->counted = game_over(g) || k->extra.counted;
}

void keeper_new_branch(struct keeper *k)
{
    k->extra.counted = false;
}

bool keeper_count(struct keeper *k, const struct game *g, char *note, size_t note_size)
{
    char path[SAVES_PATH_MAX], why[200];
    note[0] = '\0';
    if (k->counted || !game_over(g))
        return false;
    k->counted = true;
    k->extra.counted = true;   /* kept with the game from now on */
    if (saves_stats_path(path, sizeof path, why, sizeof why))
        stats_count(path, g, note, note_size);
    else
        snprintf(note, note_size, _("the game was not counted: %s"), why);
    return true;
}

bool keeper_keep(struct keeper *k, const struct game *g, char *line, size_t line_size)
{
    struct saves_mark now = saves_mark_of(g);
    if (saves_mark_equal(&now, &k->kept))
        return false;
    char err[SAVES_PATH_MAX + 100];
    /* The lock is taken before the first write (in the directory made for
     * it first, if need be): no other window opens the file while it is
     * ours. A name this window cannot hold (another window holds it, or its
     * lock file cannot be used) is left to whoever has it, for a fresh
     * one; a fresh name whose lock cannot be taken either (a read-only or
     * full directory) is no other window's, and the write that follows
     * says what is wrong. */
    if (k->path[0] != '\0' && !game_over(g) && !filelock_held(&k->lock) &&
        safefile_make_parents(k->path, err, sizeof err) &&
        filelock_take(&k->lock, k->path, err, sizeof err) != FILELOCK_TAKEN) {
        fresh_path(k, g);
        filelock_take(&k->lock, k->path, err, sizeof err);
    }
    if (k->path[0] == '\0') {
        snprintf(err, sizeof err, _("nowhere to keep it: %s"), k->no_path);
    } else if (saves_keep(k->path, g, &k->extra, err, sizeof err)) {
        k->kept = now;
        k->failed = false;
        k->error[0] = '\0';
        return false;
    }
    k->kept = now;   /* said once per change, not on every turn */
    k->failed = true;
    snprintf(k->error, sizeof k->error, _("the game could not be kept: %s"), err);
    /* On screen the reason comes first: a long path would push it off the
     * status line ("PATH: REASON" becomes "REASON (PATH)"). */
    const char *colon = strstr(err, ": ") != NULL ? strrchr(err, ':') : NULL;
    if (colon != NULL && colon[1] == ' ')
        snprintf(line, line_size, _("the game could not be kept: %s (%.*s)"), colon + 2,
                 (int)(colon - err), err);
    else
        snprintf(line, line_size, "%s", k->error);
    return true;
}

void keeper_stop(struct keeper *k)
{
    filelock_release(&k->lock);   /* the game is another window's to open */
}
