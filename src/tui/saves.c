/* saves.c — the full-screen game's files; see saves.h. */
#include "tui/saves.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/filelock.h"
#include "util/fmt.h"
#include "storage/record.h"
#include "storage/safefile.h"
#include "mnk/i18n.h"

/* $VAR/mnk/SUB if VAR is an absolute path, else $HOME/FALLBACK/mnk/SUB.
 * False when there is no HOME to fall back on, or when the path is too
 * long for buf (buf is then ""): two causes the player mends differently,
 * so `why` (when not NULL) tells which, naming the variable to mend rather
 * than the long path, which would push the reason off a status line. */
static bool xdg_path(char *buf, size_t size, const char *var, const char *fallback,
                     const char *sub, char *why, size_t why_size)
{
    const char *base = getenv(var), *from = var;
    int need;
    if (base != NULL && base[0] == '/') {
        need = snprintf(buf, size, "%s/mnk/%s", base, sub);
    } else {
        const char *home = getenv("HOME");
        if (home == NULL || home[0] == '\0') {
            if (why != NULL)
                fmt_fail(why, why_size, "%s", _("HOME is not set"));
            return false;
        }
        need = snprintf(buf, size, "%s/%s/mnk/%s", home, fallback, sub);
        from = "HOME";
    }
    if (need >= 0 && (size_t)need < size)
        return true;
    if (size > 0)
        buf[0] = '\0';   /* a cut path must not be used */
    if (why != NULL)
        fmt_fail(why, why_size, _("the path under $%s is too long (%d bytes, at most %zu)"),
                 from, need, size > 0 ? size - 1 : 0);
    return false;
}

bool saves_dir(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_STATE_HOME", ".local/state", "games", NULL, 0);
}

bool saves_data_dir(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "games", NULL, 0);
}

bool saves_stats_path(char *buf, size_t size, char *why, size_t why_size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "stats", why, why_size);
}

bool saves_known_servers_path(char *buf, size_t size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "known-servers", NULL, 0);
}

bool saves_yours_path(char *buf, size_t size, char *why, size_t why_size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "puzzles/yours.sgf", why,
                    why_size);
}

bool saves_imported_path(char *buf, size_t size, char *why, size_t why_size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "puzzles/imported.sgf", why,
                    why_size);
}

bool saves_puzzles_path(char *buf, size_t size, char *why, size_t why_size)
{
    return xdg_path(buf, size, "XDG_DATA_HOME", ".local/share", "puzzles-rating", why, why_size);
}

bool saves_settings_path(char *buf, size_t size, char *why, size_t why_size)
{
    return xdg_path(buf, size, "XDG_CONFIG_HOME", ".config", "settings", why, why_size);
}

bool saves_new_path(char *buf, size_t size, time_t when, unsigned serial, char *why,
                    size_t why_size)
{
    char stamp[32], name[96];
    struct tm tm;
    if (localtime_r(&when, &tm) == NULL || strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(stamp, sizeof stamp, "game");
    snprintf(name, sizeof name, "games/%s-%ld-%u.sgf", stamp, (long)getpid(), serial);
    return xdg_path(buf, size, "XDG_STATE_HOME", ".local/state", name, why, why_size);
}

struct saves_mark saves_mark_of(const struct game *g)
{
    return (struct saves_mark){ .ply = g->ply, .last = g->last,
                                .outcome = g->result.outcome, .reason = g->result.reason,
                                .hash = g->board.hash };
}

bool saves_mark_equal(const struct saves_mark *a, const struct saves_mark *b)
{
    return a->ply == b->ply && a->last == b->last && a->outcome == b->outcome &&
           a->reason == b->reason && a->hash == b->hash;
}

static bool remove_file(const char *path, char *err, size_t err_size)
{
    if (remove(path) != 0 && errno != ENOENT)
        return fmt_fail(err, err_size, "%s: %s", path, strerror(errno));
    return true;
}

bool saves_forget(const char *path, char *err, size_t err_size)
{
    if (!remove_file(path, err, err_size))
        return false;
    filelock_forget(path);   /* its lock file, left by a window killed on it */
    return true;
}

bool saves_keep(const char *path, const struct game *g, const struct record_extra *extra,
                char *err, size_t err_size)
{
    if (game_over(g))
        return remove_file(path, err, err_size);
    return saves_write(path, g, extra, true, err, err_size);
}

bool saves_load(const char *path, struct game *g, struct record_extra *extra, char *err,
                size_t err_size)
{
    return record_load_extra(path, g, extra, err, err_size);
}

/* Sets a file that does not load aside (safefile_set_aside) and says so in
 * `note`, unless a note is there already. */
static void set_aside(const char *path, char *note, size_t note_size, const char *why)
{
    char aside[SAVES_PATH_MAX];
    bool moved = safefile_set_aside(path, aside, sizeof aside);
    if (note[0] != '\0')
        return;
    if (moved)
        fmt_fits(note, note_size, _("a kept game did not load and was set aside as %s: %s"), aside, why);
    else
        fmt_fits(note, note_size, _("a kept game does not load (%s) and could not be set aside: %s"),
             path, why);
}

/* Moves the single autosave of earlier versions into the list. */
static void migrate_last(const char *dir)
{
    char old[SAVES_PATH_MAX], path[SAVES_PATH_MAX];
    if (!xdg_path(old, sizeof old, "XDG_STATE_HOME", ".local/state", "last.sgf", NULL, 0) ||
        access(old, F_OK) != 0 || !fmt_fits(path, sizeof path, "%s/last.sgf", dir))
        return;
    char err[SAVES_PATH_MAX];
    if (safefile_make_parents(path, err, sizeof err) && access(path, F_OK) != 0)
        rename(old, path);
}

static bool is_autosave(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 4 && strcmp(name + n - 4, ".sgf") == 0;
}

static int newest_first(const void *a, const void *b)
{
    const struct saves_entry *x = a, *y = b;
    if (x->when != y->when)
        return x->when < y->when ? 1 : -1;
    if (x->when_ns != y->when_ns)   /* games kept within the same second */
        return x->when_ns < y->when_ns ? 1 : -1;
    return strcmp(x->path, y->path);
}

static void label(char *buf, const struct player *p)
{
    char name[GAME_PLAYER_SPEC_MAX];
    record_player_name(p, name, sizeof name);
    /* Cut short, and never inside a UTF-8 character. */
    size_t n = strlen(name);
    if (n >= SAVES_NAME_MAX) {
        n = SAVES_NAME_MAX - 1;
        while (n > 0 && ((unsigned char)name[n] & 0xc0) == 0x80)
            n--;
    }
    memcpy(buf, name, n);
    buf[n] = '\0';
}

/* Fills entry s from game g, found at s->path with the status st. */
static void describe_entry(struct saves_entry *s, const struct game *g, const struct stat *st,
                           enum saves_kind kind)
{
    s->kind = kind;
    s->result = g->result;
    s->when = st->st_mtim.tv_sec;
    s->when_ns = st->st_mtim.tv_nsec;
    s->width = g->board.width;
    s->height = g->board.height;
    s->win = g->board.win;
    s->rule = g->board.rule;
    s->moves = g->ply;
    s->to_move = game_to_move(g);
    label(s->black, &g->config.player[0]);
    label(s->white, &g->config.player[1]);
}

/* A file that may hold a game, before it is read: the lists read only the
 * newest, however many files a directory holds. */
struct candidate {
    char *path;
    enum saves_kind kind;
    struct timespec mtime;
};

struct candidates {
    struct candidate *v;
    size_t n, cap;
};

static void candidates_free(struct candidates *c)
{
    for (size_t i = 0; i < c->n; i++)
        free(c->v[i].path);
    free(c->v);
}

/* Adds the regular files of directory `dir` whose names `want` accepts to
 * c, as `kind`. A directory that cannot be read is said in `note` (when
 * given) unless it does not exist; memory running out ends the scan. */
static void scan_dir(struct candidates *c, const char *dir, bool (*want)(const char *name),
                     enum saves_kind kind, char *note, size_t note_size)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        if (errno != ENOENT && note != NULL && note[0] == '\0')
            fmt_fits(note, note_size, "%s: %s", dir, strerror(errno));
        return;
    }
    struct dirent *e;
    char path[SAVES_PATH_MAX];
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (!want(e->d_name) || !fmt_fits(path, sizeof path, "%s/%s", dir, e->d_name) ||
            stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (c->n == c->cap) {
            size_t cap = c->cap > 0 ? 2 * c->cap : 64;
            struct candidate *v = realloc(c->v, cap * sizeof *v);
            if (v == NULL)
                break;
            c->v = v;
            c->cap = cap;
        }
        char *copy = strdup(path);
        if (copy == NULL)
            break;
        c->v[c->n++] = (struct candidate){ .path = copy, .kind = kind, .mtime = st.st_mtim };
    }
    closedir(d);
}

static int candidate_newest_first(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    if (x->mtime.tv_sec != y->mtime.tv_sec)
        return x->mtime.tv_sec < y->mtime.tv_sec ? 1 : -1;
    if (x->mtime.tv_nsec != y->mtime.tv_nsec)   /* games kept within the same second */
        return x->mtime.tv_nsec < y->mtime.tv_nsec ? 1 : -1;
    return strcmp(x->path, y->path);
}

/* Reads the candidates, newest first, into out[0 .. max) and returns how
 * many games that made; *more gets how many candidates were left unread.
 * With `note`, an autosave that does not load is set aside and said there,
 * a finished one removed; else files that do not load are counted in
 * *skipped. */
static int read_newest(struct candidates *c, struct saves_entry *out, int max, int *more,
                       char *note, size_t note_size, int *skipped)
{
    static struct game g;   /* large; the lists are read on one thread */
    qsort(c->v, c->n, sizeof *c->v, candidate_newest_first);
    int n = 0;
    size_t i = 0;
    for (; i < c->n && n < max; i++) {
        const struct candidate *k = &c->v[i];
        struct saves_entry *s = &out[n];
        struct stat st;
        char why[SAVES_PATH_MAX + 100];
        if (!fmt_fits(s->path, sizeof s->path, "%s", k->path) || stat(s->path, &st) != 0 ||
            !S_ISREG(st.st_mode))
            continue;   /* gone since the scan */
        if (!saves_load(s->path, &g, NULL, why, sizeof why)) {
            if (note != NULL)
                set_aside(s->path, note, note_size, why);
            else
                (*skipped)++;
            continue;
        }
        if (k->kind == SAVES_UNFINISHED && game_over(&g)) {
            /* ended, but not removed (a crash at the end) */
            if (note != NULL)
                remove(s->path);
            continue;
        }
        describe_entry(s, &g, &st, k->kind);
        s->lock = k->kind == SAVES_UNFINISHED ? filelock_look(s->path) : FILELOCK_FREE;
        n++;
    }
    *more = (int)(c->n - i);
    qsort(out, (size_t)n, sizeof *out, newest_first);
    return n;
}

bool saves_relook(struct saves_entry *out, int n)
{
    bool changed = false;
    for (int i = 0; i < n; i++) {
        if (out[i].kind != SAVES_UNFINISHED)
            continue;
        enum filelock_look now = filelock_look(out[i].path);
        changed |= now != out[i].lock;
        out[i].lock = now;
    }
    return changed;
}

int saves_list(struct saves_entry *out, int max, int *more, char *note, size_t note_size)
{
    char dir[SAVES_PATH_MAX];
    note[0] = '\0';
    *more = 0;
    if (!saves_dir(dir, sizeof dir))
        return 0;
    migrate_last(dir);
    struct candidates c = { 0 };
    scan_dir(&c, dir, is_autosave, SAVES_UNFINISHED, note, note_size);
    int n = read_newest(&c, out, max, more, note, note_size, NULL);
    candidates_free(&c);
    return n;
}

static bool is_record(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 4 &&
           (strcmp(name + n - 4, ".sgf") == 0 || strcmp(name + n - 4, ".psq") == 0);
}

/* True when two paths name the same directory. */
static bool same_dir(const char *a, const char *b)
{
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

int saves_records(struct saves_entry *out, int max, int *more, int *skipped)
{
    char dir[SAVES_PATH_MAX];
    struct candidates c = { 0 };
    *skipped = 0;
    if (saves_dir(dir, sizeof dir))
        scan_dir(&c, dir, is_autosave, SAVES_UNFINISHED, NULL, 0);
    bool data = saves_data_dir(dir, sizeof dir);
    if (data)
        scan_dir(&c, dir, is_record, SAVES_SAVED, NULL, 0);
    if (!data || !same_dir(dir, "."))
        scan_dir(&c, ".", is_record, SAVES_HERE, NULL, 0);
    int n = read_newest(&c, out, max, more, NULL, 0, skipped);
    candidates_free(&c);
    return n;
}

int saves_complete(const char *typed, char *out, size_t out_size, char *names,
                   size_t names_size)
{
    /* The directory part as typed and as opened, and the start of a name. */
    const char *slash = strrchr(typed, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - typed) + 1 : 0;
    const char *start = typed + dir_len;
    char dir[SAVES_PATH_MAX], typed_dir[SAVES_PATH_MAX];
    names[0] = '\0';
    fmt_fits(out, out_size, "%s", typed);
    if (dir_len >= sizeof typed_dir)
        return 0;
    memcpy(typed_dir, typed, dir_len);
    typed_dir[dir_len] = '\0';
    if (dir_len == 0)
        snprintf(dir, sizeof dir, ".");
    else if (!saves_expand(typed_dir, dir, sizeof dir, false))
        return 0;
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    size_t start_len = strlen(start), common = 0, used = 0;
    char first[256] = "";
    bool first_is_dir = false;
    int matches = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        if (strncmp(name, start, start_len) != 0 || strcmp(name, ".") == 0 ||
            strcmp(name, "..") == 0 || (name[0] == '.' && start[0] != '.'))
            continue;
        if (matches == 0) {
            snprintf(first, sizeof first, "%s", name);
            common = strlen(first);
        } else {
            size_t k = 0;
            while (k < common && first[k] == name[k])
                k++;
            common = k;
        }
        if (matches == 0) {
            char full[SAVES_PATH_MAX];
            struct stat st;
            first_is_dir = fmt_fits(full, sizeof full, "%s/%s", dir, name) && stat(full, &st) == 0 &&
                           S_ISDIR(st.st_mode);
        }
        int w = snprintf(names + used, names_size - used, "%s%s", used ? "  " : "", name);
        if (w > 0 && used + (size_t)w < names_size)
            used += (size_t)w;
        else if (used < names_size)
            names[used] = '\0';
        matches++;
    }
    closedir(d);
    if (matches == 0)
        return 0;
    /* Never cut a UTF-8 character in two. */
    while (common > start_len && ((unsigned char)first[common] & 0xc0) == 0x80)
        common--;
    fmt_fits(out, out_size, "%.*s%.*s%s", (int)dir_len, typed, (int)common, first,
         matches == 1 && first_is_dir ? "/" : "");
    return matches;
}

void saves_default_name(char *buf, size_t size, time_t when)
{
    struct tm tm;
    if (localtime_r(&when, &tm) == NULL || strftime(buf, size, "mnk-%Y%m%d-%H%M%S.sgf", &tm) == 0)
        snprintf(buf, size, "mnk.sgf");
}

bool saves_net_path(char *buf, size_t size, const char *dir, time_t when)
{
    char name[SAVES_NAME_MAX];
    saves_default_name(name, sizeof name, when);
    const char *stamp = strncmp(name, "mnk-", 4) == 0 ? name + 4 : name;
    int len = (int)strcspn(stamp, ".");
    if (snprintf(buf, size, "%s/net-%.*s.sgf", dir, len, stamp) >= (int)size)
        return false;
    for (int k = 2; access(buf, F_OK) == 0 && k < 100; k++)
        if (snprintf(buf, size, "%s/net-%.*s-%d.sgf", dir, len, stamp, k) >= (int)size)
            return false;
    return true;
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
        return fmt_fits(buf, size, "%s/%s%s", home, typed + 2, ext);
    return fmt_fits(buf, size, "%s%s", typed, ext);
}

bool saves_write(const char *path, const struct game *g, const struct record_extra *extra,
                 bool make_dirs, char *err, size_t err_size)
{
    enum record_format fmt;
    if (!record_format_for_path(path, &fmt))
        return fmt_fail(err, err_size, _("%s: unknown record format (use .sgf or .psq)"), path);
    const struct record_notes notes = { .root_props = extra != NULL ? extra->root : NULL,
                                        .counted = extra != NULL && extra->counted };
    return record_save_notes(path, g, fmt, &notes, make_dirs, err, err_size);
}

char *saves_date(char *buf, size_t size, time_t when, bool with_time)
{
    struct tm tm;
    /* TRANSLATORS: strftime formats of a file's date in the lists, with
       and without the time; %b is an English month name in any locale,
       so a numeric month suits other languages ("%m月%d日 %H:%M"). */
    const char *format = with_time ? _("%b %d %H:%M") : _("%b %d");
    if (localtime_r(&when, &tm) == NULL || strftime(buf, size, format, &tm) == 0)
        snprintf(buf, size, "?");
    return buf;
}

const char *saves_player(const char *name)
{
    return name[0] == '\0' || strcmp(name, "human") == 0 ? _("human") : name;
}
