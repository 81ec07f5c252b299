/* saves.c — the full-screen game's files; see saves.h. */
#include "tui/saves.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/record.h"

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
    return false;
}

/* snprintf that says whether everything fitted. */
static bool fits(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fits(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < size;
}

bool saves_autosave_path(char *buf, size_t size)
{
    const char *state = getenv("XDG_STATE_HOME");
    if (state != NULL && state[0] == '/')
        return fits(buf, size, "%s/mnk/last.sgf", state);
    const char *home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        return false;
    return fits(buf, size, "%s/.local/state/mnk/last.sgf", home);
}

void saves_default_name(char *buf, size_t size, time_t when)
{
    struct tm tm;
    if (localtime_r(&when, &tm) == NULL || strftime(buf, size, "mnk-%Y%m%d-%H%M%S.sgf", &tm) == 0)
        snprintf(buf, size, "mnk.sgf");
}

bool saves_expand(const char *typed, char *buf, size_t size, bool add_sgf)
{
    if (typed[0] == '\0')
        return false;
    const char *home = getenv("HOME");
    const char *base = strrchr(typed, '/');
    base = base != NULL ? base + 1 : typed;
    const char *ext = add_sgf && strchr(base, '.') == NULL ? ".sgf" : "";
    if (strncmp(typed, "~/", 2) == 0 && home != NULL && home[0] != '\0')
        return fits(buf, size, "%s/%s%s", home, typed + 2, ext);
    return fits(buf, size, "%s%s", typed, ext);
}

/* Creates the directories leading to `path` (not its last component). */
static bool make_parents(const char *path, char *err, size_t err_size)
{
    char dir[SAVES_PATH_MAX];
    if (!fits(dir, sizeof dir, "%s", path))
        return fail(err, err_size, "path too long");
    for (char *s = strchr(dir + 1, '/'); s != NULL; s = strchr(s + 1, '/')) {
        *s = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return fail(err, err_size, "%s: %s", dir, strerror(errno));
        *s = '/';
    }
    return true;
}

bool saves_write(const char *path, const struct game *g, bool make_dirs,
                 char *err, size_t err_size)
{
    enum record_format fmt;
    char part[SAVES_PATH_MAX];
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, "%s: unknown record format (use .sgf or .psq)", path);
    if (!fits(part, sizeof part, "%s.part", path))
        return fail(err, err_size, "path too long");
    if (make_dirs && !make_parents(path, err, err_size))
        return false;
    FILE *f = fopen(part, "w");
    if (f == NULL)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    bool ok = record_write(f, g, fmt);
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        remove(part);
        return fail(err, err_size, "%s: write failed", path);
    }
    if (rename(part, path) != 0) {
        int e = errno;
        remove(part);
        return fail(err, err_size, "%s: %s", path, strerror(e));
    }
    return true;
}

enum saves_action saves_on_leave(const struct game *g, bool resumed)
{
    if (game_over(g))
        return resumed ? SAVES_CLEAR : SAVES_KEEP;
    return g->ply > 0 ? SAVES_WRITE : SAVES_KEEP;
}

bool saves_leave(const struct game *g, bool resumed, char *err, size_t err_size)
{
    char path[SAVES_PATH_MAX];
    enum saves_action action = saves_on_leave(g, resumed);
    if (action == SAVES_KEEP)
        return true;
    if (!saves_autosave_path(path, sizeof path))
        return fail(err, err_size, "nowhere to keep the game: HOME is not set");
    if (action == SAVES_WRITE)
        return saves_write(path, g, true, err, err_size);
    if (remove(path) != 0 && errno != ENOENT)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    return true;
}

bool saves_resume(struct game *g, char *err, size_t err_size)
{
    char path[SAVES_PATH_MAX];
    err[0] = '\0';
    if (!saves_autosave_path(path, sizeof path) || access(path, F_OK) != 0)
        return false;
    char why[200];
    if (record_load(path, g, why, sizeof why))
        return true;
    /* Reasons about the content don't name the file. */
    if (strncmp(why, path, strlen(path)) == 0)
        return fail(err, err_size, "%s", why);
    return fail(err, err_size, "%s: %s", path, why);
}
