/* saves.c — the full-screen game's files; see saves.h. */
#include "tui/saves.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

bool saves_dir(char *buf, size_t size)
{
    const char *state = getenv("XDG_STATE_HOME");
    if (state != NULL && state[0] == '/')
        return fits(buf, size, "%s/mnk/games", state);
    const char *home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        return false;
    return fits(buf, size, "%s/.local/state/mnk/games", home);
}

bool saves_legacy_path(char *buf, size_t size)
{
    if (!saves_dir(buf, size))
        return false;
    char *slash = strrchr(buf, '/');
    return fits(slash + 1, size - (size_t)(slash + 1 - buf), "last.sgf");
}

/* "YYYYmmdd-HHMMSS" for the local time `when`, in file names. */
static void stamp(char *buf, size_t size, time_t when)
{
    struct tm tm;
    if (localtime_r(&when, &tm) == NULL || strftime(buf, size, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(buf, size, "%lld", (long long)when);
}

bool saves_data_dir(char *buf, size_t size)
{
    const char *data = getenv("XDG_DATA_HOME");
    if (data != NULL && data[0] == '/')
        return fits(buf, size, "%s/mnk/games", data);
    const char *home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        return false;
    return fits(buf, size, "%s/.local/share/mnk/games", home);
}

void saves_default_path(char *buf, size_t size, time_t when)
{
    char name[64], dir[SAVES_PATH_MAX];
    saves_default_name(name, sizeof name, when);
    const char *home = getenv("HOME");
    size_t n = home != NULL ? strlen(home) : 0;
    if (!saves_data_dir(dir, sizeof dir)) {
        snprintf(buf, size, "%s", name);
    } else if (n > 1 && strncmp(dir, home, n) == 0 && dir[n] == '/') {
        if (!fits(buf, size, "~%s/%s", dir + n, name))
            snprintf(buf, size, "%s", name);
    } else if (!fits(buf, size, "%s/%s", dir, name)) {
        snprintf(buf, size, "%s", name);
    }
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

bool saves_make_parents(const char *path, char *err, size_t err_size)
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


/* The directory part of `path` ("." for a bare name), for the fsync after a
 * rename and for the temporary file's name. */
static void dir_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(dir, size, ".");
    else if (slash == path)
        snprintf(dir, size, "/");
    else
        snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* Makes a rename in `dir` durable. Some file systems refuse fsync on a
 * directory (EINVAL): the rename is as safe as they make it, no error. */
static bool sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0 || errno == EINVAL;
    close(fd);
    return ok;
}

/* The mode a new file gets from open(..., 0666): the umask read without
 * changing it for good (no other thread creates files meanwhile). */
static mode_t new_file_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return st.st_mode & 07777;
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

bool saves_write(const char *path, const struct game *g, bool make_dirs,
                 char *err, size_t err_size)
{
    enum record_format fmt;
    char dir[SAVES_PATH_MAX], tmp[SAVES_PATH_MAX];
    if (!record_format_for_path(path, &fmt))
        return fail(err, err_size, "%s: unknown record format (use .sgf or .psq)", path);
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    dir_of(path, dir, sizeof dir);
    if (!fits(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base))
        return fail(err, err_size, "path too long");
    if (make_dirs && !saves_make_parents(path, err, err_size))
        return false;
    mode_t mode = new_file_mode(path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    fchmod(fd, mode);
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        int e = errno;
        close(fd);
        remove(tmp);
        return fail(err, err_size, "%s: %s", path, strerror(e));
    }
    errno = 0;
    bool ok = record_write(f, g, fmt) && fflush(f) == 0 && fsync(fd) == 0;
    int e = errno;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        remove(tmp);
        return fail(err, err_size, "%s: %s", path, e != 0 ? strerror(e) : "write failed");
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        remove(tmp);
        return fail(err, err_size, "%s: %s", path, strerror(e));
    }
    if (!sync_dir(dir))
        return fail(err, err_size, "%s: %s", dir, strerror(errno));
    return true;
}

uint64_t saves_signature(const struct game *g)
{
    /* FNV-1a over the numbers that an autosave's content depends on. */
    uint64_t h = 14695981039346656037u;
    const int head[] = { g->ply, g->last, (int)g->result.outcome, (int)g->result.reason };
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        h = (h ^ (uint64_t)(unsigned)head[i]) * 1099511628211u;
    for (int i = 0; i < g->ply; i++)
        h = (h ^ (uint64_t)(unsigned)g->moves[i]) * 1099511628211u;
    return h;
}

void saves_keeper_start(struct saves_keeper *k, const struct game *g, const char *path)
{
    memset(k, 0, sizeof *k);
    k->signature = saves_signature(g);
    if (path != NULL) {
        snprintf(k->path, sizeof k->path, "%s", path);
        k->signature = ~k->signature; /* written again as mnk writes it */
    }
}

/* A file name no other game has: the time, the process and a counter. */
static bool new_autosave_path(char *buf, size_t size)
{
    static unsigned counter;
    char dir[SAVES_PATH_MAX], when[32];
    if (!saves_dir(dir, sizeof dir))
        return false;
    stamp(when, sizeof when, time(NULL));
    return fits(buf, size, "%s/%s-%ld-%u.sgf", dir, when, (long)getpid(), ++counter);
}

bool saves_keep(struct saves_keeper *k, const struct game *g)
{
    uint64_t sig = saves_signature(g);
    if (sig == k->signature)
        return !k->failed;
    k->signature = sig;
    k->failed = false;
    k->error[0] = '\0';
    char err[SAVES_PATH_MAX + 100];
    if (g->ply > 0 && !game_over(g)) {
        if (k->path[0] == '\0' && !new_autosave_path(k->path, sizeof k->path)) {
            k->path[0] = '\0';
            k->failed = true;
            snprintf(k->error, sizeof k->error, "nowhere to keep the game: HOME is not set");
            return false;
        }
        if (!saves_write(k->path, g, true, err, sizeof err)) {
            k->failed = true;
            snprintf(k->error, sizeof k->error, "%s", err);
        }
    } else if (k->path[0] != '\0' && remove(k->path) != 0 && errno != ENOENT &&
               errno != ENOTDIR) {
        /* Still on disk as it was: Resume would offer a game that is over. */
        k->failed = true;
        snprintf(k->error, sizeof k->error, "%s: %s", k->path, strerror(errno));
    }
    return !k->failed;
}

/* The file `name` in directory `dir` into buf. */
static bool join(char *buf, size_t size, const char *dir, const char *name)
{
    return fits(buf, size, "%s/%s", dir, name);
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void add_notice(struct saves_list *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void add_notice(struct saves_list *l, const char *fmt, ...)
{
    size_t used = strlen(l->notice);
    if (used > 0 && used + 2 < sizeof l->notice) {
        memcpy(l->notice + used, "; ", 3);
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->notice + used, sizeof l->notice - used, fmt, ap);
    va_end(ap);
}

/* Moves the old single autosave into the directory, under its date. */
static void migrate_legacy(const char *dir, struct saves_list *l)
{
    char old[SAVES_PATH_MAX], to[SAVES_PATH_MAX], when[32], err[SAVES_PATH_MAX + 50];
    struct stat st;
    if (!saves_legacy_path(old, sizeof old) || lstat(old, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    stamp(when, sizeof when, st.st_mtime);
    if (!fits(to, sizeof to, "%s/%s-last.sgf", dir, when))
        return;
    if (!saves_make_parents(to, err, sizeof err)) {
        add_notice(l, "%s", err);
        return;
    }
    /* link + unlink: never replaces a file of the same name. */
    if (link(old, to) != 0 || unlink(old) != 0)
        add_notice(l, "%s: cannot move it into %s: %s", old, dir, strerror(errno));
}

/* Renames a file that does not load to NAME.corrupt-DATE, never replacing
 * anything (a second one in the same second gets a number). */
static void set_aside(const char *path, const char *why, struct saves_list *l)
{
    char to[SAVES_PATH_MAX], when[32];
    stamp(when, sizeof when, time(NULL));
    for (int i = 0; i < 100; i++) {
        bool ok = i == 0 ? fits(to, sizeof to, "%s.corrupt-%s", path, when)
                         : fits(to, sizeof to, "%s.corrupt-%s-%d", path, when, i);
        if (!ok)
            break;
        if (link(path, to) == 0) {
            unlink(path);
            const char *base = strrchr(to, '/');
            add_notice(l, "set aside as %s: %s", base != NULL ? base + 1 : to, why);
            return;
        }
        if (errno != EEXIST)
            break;
    }
    add_notice(l, "%s: cannot set it aside (%s): %s", path, strerror(errno), why);
}

static void player_label(char *buf, size_t size, const struct player *p)
{
    /* Cut to the buffer: a long name is a label here, not worth a warning. */
    const char *name = p->spec[0] != '\0' ? p->spec : "human";
    size_t n = strnlen(name, size - 1);
    memcpy(buf, name, n);
    buf[n] = '\0';
}

static int newest_first(const void *a, const void *b)
{
    const struct saves_entry *x = a, *y = b;
    if (x->when != y->when)
        return x->when > y->when ? -1 : 1;
    return strcmp(y->path, x->path);
}

void saves_list(struct saves_list *l)
{
    char dir[SAVES_PATH_MAX], path[SAVES_PATH_MAX], why[SAVES_PATH_MAX + 100];
    l->n = 0;
    l->notice[0] = '\0';
    if (!saves_dir(dir, sizeof dir))
        return;
    migrate_legacy(dir, l);
    DIR *d = opendir(dir);
    if (d == NULL) {
        if (errno != ENOENT)
            add_notice(l, "%s: %s", dir, strerror(errno));
        return;
    }
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        struct stat st;
        if (de->d_name[0] == '.' || !has_suffix(de->d_name, ".sgf") ||
            !join(path, sizeof path, dir, de->d_name) || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        static struct game g; /* large; saves_list runs on one thread */
        if (!record_load(path, &g, why, sizeof why)) {
            set_aside(path, why, l);
            continue;
        }
        if (g.ply == 0 || game_over(&g) || l->n == SAVES_LIST_MAX)
            continue;
        struct saves_entry *e = &l->entry[l->n++];
        snprintf(e->path, sizeof e->path, "%s", path);
        e->when = st.st_mtime;
        e->width = g.board.width;
        e->height = g.board.height;
        e->win = g.board.win;
        e->rule = g.board.rule;
        e->ply = g.ply;
        for (int i = 0; i < 2; i++)
            player_label(e->player[i], sizeof e->player[i], &g.config.player[i]);
    }
    closedir(d);
    qsort(l->entry, (size_t)l->n, sizeof l->entry[0], newest_first);
}

bool saves_open(const char *path, struct game *g, char *err, size_t err_size)
{
    char why[SAVES_PATH_MAX + 100];
    if (record_load(path, g, why, sizeof why))
        return true;
    /* Reasons about the content don't name the file. */
    if (strncmp(why, path, strlen(path)) == 0)
        return fail(err, err_size, "%s", why);
    return fail(err, err_size, "%s: %s", path, why);
}

bool saves_delete(const char *path, char *err, size_t err_size)
{
    if (remove(path) != 0)
        return fail(err, err_size, "%s: %s", path, strerror(errno));
    char dir[SAVES_PATH_MAX];
    dir_of(path, dir, sizeof dir);
    sync_dir(dir);
    return true;
}
