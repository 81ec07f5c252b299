/* server.c — a lobby and its games, the server the referee; see server.h. */
#include "play/server.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "storage/diskq.h"
#include "storage/filelock.h"
#include "storage/record.h"
#include "storage/safefile.h"
#include "util/fmt.h"

#define MESSAGES_PER_STEP 16  /* a client's messages read in one step */
#define EVENTS_PER_STEP 32    /* a netgame's events taken in one step */
#define QUEUE_MAX 8           /* a player's actions waiting for the other's link */

enum client_state {
    CLIENT_HANDSHAKE, /* TLS and HELLO under way */
    CLIENT_NEW,       /* open, not named yet */
    CLIENT_LOBBY,     /* named */
    CLIENT_WAITING,   /* in an open game of its own, for a second player */
    CLIENT_WATCHING,  /* a spectator of `game` */
    CLIENT_GONE,      /* to be removed */
};

struct client {
    struct link *link;
    enum client_state state;
    char name[WIRE_NAME_MAX];
    int game;               /* WAITING, WATCHING: the game's id */
    int64_t since_ms;       /* when last heard from in the lobby */
};

/* One player's action, for the other player's netgame. */
struct action {
    enum { ACT_MOVE, ACT_CHOICE, ACT_ASK, ACT_ANSWER, ACT_CHAT, ACT_RESIGN,
           ACT_CONCEDE } kind;
    int pos, spent_ms;
    enum opening_choice choice;
    enum netgame_ask ask;
    bool yes;
    enum end_reason reason;
    char text[WIRE_CHAT_MAX + 1];
};

struct sgame {
    int id;
    bool started;                        /* both players seated */
    struct netgame_settings settings;    /* black: host for the creator */
    char name[2][WIRE_NAME_MAX];         /* [0] the creator, [1] the other */
    char token[2][WIRE_SEAT_HEX + 1];
    struct netgame *ng[2];               /* each player's */
    struct action queue[2][QUEUE_MAX];   /* for ng[i], not taken yet */
    int queued[2];
    int number;                          /* games played in this seat pair */
    bool recorded;                       /* this game's record was asked for */
    bool record_kept;                    /* ... and handed to the disk's thread,
                                            which removes the live file after */
    /* The live file (server.h): there, or on its way there (the disk's
     * thread); the game as last handed over or tried (a failure is said
     * once a change, not at every step). */
    bool kept, kept_tried;
    int kept_ply, kept_choices, kept_number;
    bool kept_over;
    /* What the spectators have: plies, choices, the end. */
    int fed_ply, fed_choices;
    bool fed_over;
    bool finished;                       /* both sessions over: remove */
    /* When to step it: poll() found one of its links ready, or its
     * netgames' next deadline (server_step steps no other game). */
    bool due;
    int64_t wake_ms;
};

struct server {
    struct server_options o;
    struct link_listener *listener;
    struct client *clients;
    int n_clients, cap_clients;
    struct sgame **games;
    int n_games, cap_games;
    int next_id;
    struct pollfd *fds;
    struct sgame **fd_game;              /* fds[i]'s game, or NULL */
    size_t cap_fds, n_fds;               /* n_fds: the last server_pollfds' */
    int finished;
    long moves;
    struct filelock live_lock;           /* held on live_dir */
    struct diskq *disk;                  /* writes records and live files */
};

/* ---- small things ---- */

__attribute__((format(printf, 2, 3))) static void logf_(struct server *s, const char *fmt, ...)
{
    if (s->o.log == NULL)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->o.log(s->o.log_ctx, line);
}

static void send_msg(struct link *l, const struct wire_msg *m)
{
    char err[256];
    link_send(l, m, err, sizeof err); /* a failure shows at the next poll */
}

__attribute__((format(printf, 2, 3))) static void refuse(struct client *c, const char *fmt, ...)
{
    struct wire_msg m = {.type = WIRE_REFUSED};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m.text, sizeof m.text, fmt, ap);
    va_end(ap);
    send_msg(c->link, &m);
}

/* Tells the client what is wrong, then lets it go. */
static void drop_client(struct client *c, const char *why)
{
    if (why != NULL) {
        struct wire_msg m = {.type = WIRE_ERROR};
        snprintf(m.text, sizeof m.text, "%s", why);
        send_msg(c->link, &m);
        link_close(c->link);
    } else {
        link_free(c->link);
    }
    c->link = NULL;
    c->state = CLIENT_GONE;
}

static struct sgame *game_of(struct server *s, int id)
{
    for (int i = 0; i < s->n_games; i++)
        if (s->games[i]->id == id)
            return s->games[i];
    return NULL;
}

static enum wire_side other_side(enum wire_side w)
{
    return w == WIRE_HOST ? WIRE_JOINER : WIRE_HOST;
}

static bool name_taken(const struct server *s, const char *name)
{
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].state >= CLIENT_LOBBY && s->clients[i].state != CLIENT_GONE &&
            strcmp(s->clients[i].name, name) == 0)
            return true;
    for (int i = 0; i < s->n_games; i++)
        for (int p = 0; p < 2; p++)
            if (s->games[i]->started && !s->games[i]->finished &&
                strcmp(s->games[i]->name[p], name) == 0)
                return true;
    return false;
}

static int watchers_of(const struct server *s, int id)
{
    int n = 0;
    for (int i = 0; i < s->n_clients; i++)
        n += s->clients[i].state == CLIENT_WATCHING && s->clients[i].game == id;
    return n;
}

/* The game as the spectators and the records see it: the creator's
 * player's netgame, or none before the start. */
static const struct game *shown(const struct sgame *g)
{
    return g->ng[0] != NULL ? netgame_game(g->ng[0]) : NULL;
}

/* The settings of the game the spectators see, the creator's netgame's
 * (a rematch swaps who has Black), in the lobby's terms: that netgame's
 * host is the other player. */
static struct netgame_settings settings_now(const struct sgame *sg)
{
    const struct netgame_settings *seen = sg->ng[0] != NULL ? netgame_settings(sg->ng[0]) : NULL;
    struct netgame_settings now = sg->settings;
    if (seen != NULL) {
        now = *seen;
        now.black = other_side(seen->black);
    }
    return now;
}

static struct wire_msg game_line(const struct server *s, const struct sgame *g)
{
    struct wire_msg m = {.type = WIRE_GAME};
    const struct game *gm = shown(g);
    m.game.game = g->id;
    m.game.state = !g->started                    ? WIRE_GAME_OPEN
                 : gm != NULL && game_over(gm)    ? WIRE_GAME_OVER
                                                  : WIRE_GAME_PLAYING;
    m.game.watchers = watchers_of(s, g->id);
    snprintf(m.game.host, sizeof m.game.host, "%s", g->name[0]);
    snprintf(m.game.joiner, sizeof m.game.joiner, "%s", g->started ? g->name[1] : "");
    struct netgame_settings now = settings_now(g);
    netgame_settings_wire(&now, &m.game.settings);
    return m;
}

/* ---- records ---- */

/* Who has Black (or places the opening's stones) in the game now, the
 * creator being the host: a rematch swaps it, in both netgames. */
static enum wire_side black_now(const struct sgame *sg)
{
    const struct netgame_settings *st = sg->ng[1] != NULL ? netgame_settings(sg->ng[1]) : NULL;
    return st != NULL ? st->black : sg->settings.black;
}

/* *g as a record names it: each player by name, in the seat it began in. */
static void named_copy(const struct sgame *sg, const struct game *g, struct game *copy)
{
    *copy = *g;
    int first = black_now(sg) == WIRE_HOST ? 0 : 1;
    for (int p = 0; p < 2; p++) {
        struct player *pl = &copy->config.player[p == 0 ? first : 1 - first];
        pl->kind = PLAYER_HUMAN;
        snprintf(pl->spec, sizeof pl->spec, "%s", sg->name[p]);
    }
}

/* The SGF text of g with `notes` (NULL: none), malloc'd, its length in
 * *len; NULL with the reason in err. Files are written by the disk's
 * thread (storage/diskq.h): the loop only makes their text. */
static char *game_text(const struct game *g, const struct record_notes *notes, size_t *len,
                       char *err, size_t err_size)
{
    const char *why = record_cannot_keep(g, RECORD_SGF);
    if (why != NULL) {
        fmt_fail(err, err_size, "%s", _(why));
        return NULL;
    }
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (out == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    bool ok = notes != NULL ? record_write_notes(out, g, notes) : record_write(out, g, RECORD_SGF);
    ok = fclose(out) == 0 && ok;
    if (!ok) {
        free(text);
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    return text;
}

static void live_path(const struct server *s, int id, char *path, size_t size);
static const struct game *live_game(const struct sgame *sg);
static char *live_text(struct server *s, struct sgame *sg, const struct game *g, size_t *len);

/* The record of a game that ended, written by the disk's thread: with its
 * live file, that file goes once the record is on disk, or takes the
 * game as it ended if the record cannot be written (the next start writes
 * it then). The log says which when it is done. */
static void write_record(struct server *s, struct sgame *sg)
{
    const struct game *g = shown(sg);
    if (s->o.records_dir == NULL || g == NULL || sg->recorded || !game_over(g))
        return;
    sg->recorded = true;
    struct game *copy = malloc(sizeof *copy);
    if (copy == NULL) {
        logf_(s, "game %d: no record: out of memory", sg->id);
        return;
    }
    named_copy(sg, g, copy);
    char path[1024], err[320], done[1100], failed[64];
    snprintf(path, sizeof path, "%s/server-%d-%d.sgf", s->o.records_dir, sg->id, sg->number);
    snprintf(done, sizeof done, "game %d: record %s", sg->id, path);
    snprintf(failed, sizeof failed, "game %d: no record", sg->id);
    const struct diskq_say say = { done, failed };
    size_t len;
    char *text = game_text(copy, NULL, &len, err, sizeof err);
    free(copy);
    if (text == NULL) {
        logf_(s, "game %d: no record: %s", sg->id, err);
        return;
    }
    bool queued;
    if (sg->kept) {
        char live[1024];
        size_t final_len = 0;
        char *final = live_text(s, sg, live_game(sg), &final_len);
        live_path(s, sg->id, live, sizeof live);
        queued = diskq_write_then_remove(s->disk, path, text, len, live, final, final_len, &say);
        free(final);
        if (queued)
            sg->kept = false;   /* gone once the record is written */
    } else {
        queued = diskq_write(s->disk, path, text, len, &say);
    }
    free(text);
    sg->record_kept = queued;
    if (!queued)
        logf_(s, "game %d: no record: out of memory", sg->id);
}

/* ---- the games kept across a restart (server.h) ---- */

static void live_path(const struct server *s, int id, char *path, size_t size)
{
    snprintf(path, size, "%s/game-%d.sgf", s->o.live_dir, id);
}

/* The game as far as it went: the netgame that has every action of both
 * players, which is the creator's unless actions wait for its link. */
static const struct game *live_game(const struct sgame *sg)
{
    return netgame_game(sg->ng[sg->queued[0] > 0 ? 1 : 0]);
}

static void forget_live(struct server *s, struct sgame *sg)
{
    if (!sg->kept)
        return;
    char path[1024], failed[64];
    live_path(s, sg->id, path, sizeof path);
    snprintf(failed, sizeof failed, "game %d", sg->id);
    if (!diskq_remove(s->disk, path, &(struct diskq_say){ NULL, failed }))
        logf_(s, "game %d: cannot remove %s: out of memory", sg->id, path);
    sg->kept = false;
}

/* The live file's text for game g of sg: its record so far with the root
 * properties server.h names; NULL (said in the log) when it cannot be. */
static char *live_text(struct server *s, struct sgame *sg, const struct game *g, size_t *len)
{
    struct record_extra *extra = calloc(1, sizeof *extra);
    struct game *copy = malloc(sizeof *copy);
    char *text = NULL;
    if (extra == NULL || copy == NULL) {
        logf_(s, "game %d: not kept: out of memory", sg->id);
        goto out;
    }
    char v[2 * (WIRE_SEAT_HEX + WIRE_NAME_MAX)];
    snprintf(v, sizeof v, "%d", sg->id);
    bool fits = record_extra_put(extra, "MNKSERVER", v);
    snprintf(v, sizeof v, "%d", sg->number);
    fits = fits && record_extra_put(extra, "MNKSERVERGAME", v);
    fits = fits && record_extra_put(extra, "MNKNETBLACK", netgame_side_name(black_now(sg)));
    snprintf(v, sizeof v, "%s,%s", sg->name[0], sg->name[1]);
    fits = fits && record_extra_put(extra, "MNKSERVERNAMES", v);
    snprintf(v, sizeof v, "%s,%s", sg->token[0], sg->token[1]);
    fits = fits && record_extra_put(extra, "MNKSERVERSEATS", v);
    if (!fits) {
        logf_(s, "game %d: not kept: its properties do not fit", sg->id);
        goto out;
    }
    named_copy(sg, g, copy);
    struct record_notes notes = {.root_props = extra->root};
    char err[320];
    text = game_text(copy, &notes, len, err, sizeof err);
    if (text == NULL)
        logf_(s, "game %d: not kept: %s", sg->id, err);
out:
    free(copy);
    free(extra);
    return text;
}

/* Writes the live file when the game changed since it was written, or
 * removes it once the game's record holds the game. */
static void keep_live(struct server *s, struct sgame *sg)
{
    if (s->o.live_dir == NULL || !sg->started || sg->ng[0] == NULL)
        return;
    const struct game *g = live_game(sg);
    if (g == NULL)
        return;
    bool over = game_over(g);
    if (over && (s->o.records_dir == NULL || (sg->recorded && sg->record_kept))) {
        forget_live(s, sg);   /* or its record's job removes it */
        return;
    }
    if (sg->kept_tried && sg->kept_ply == g->ply && sg->kept_choices == g->choices &&
        sg->kept_number == sg->number && sg->kept_over == over)
        return;
    sg->kept_tried = true;
    sg->kept_ply = g->ply;
    sg->kept_choices = g->choices;
    sg->kept_number = sg->number;
    sg->kept_over = over;
    size_t len;
    char *text = live_text(s, sg, g, &len);
    if (text == NULL)
        return;
    char path[1024], failed[64];
    live_path(s, sg->id, path, sizeof path);
    snprintf(failed, sizeof failed, "game %d: not kept", sg->id);
    if (diskq_write(s->disk, path, text, len, &(struct diskq_say){ NULL, failed }))
        sg->kept = true;
    else
        logf_(s, "game %d: not kept: out of memory", sg->id);
    free(text);
}

/* "a,b" into a and b (each cut to its size): false without the comma. */
static bool split_pair(const char *v, char *a, size_t a_size, char *b, size_t b_size)
{
    const char *comma = strchr(v, ',');
    if (comma == NULL)
        return false;
    snprintf(a, a_size, "%.*s", (int)(comma - v), v);
    snprintf(b, b_size, "%s", comma + 1);
    return true;
}

/* A number 1 .. WIRE_GAME_MAX, all of v: else 0. */
static int game_number_of(const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    return errno == 0 && end != v && *end == '\0' && n >= 1 && n <= WIRE_GAME_MAX ? (int)n : 0;
}

static bool token_valid(const char *t)
{
    size_t n = strspn(t, "0123456789abcdef");
    return n == WIRE_SEAT_HEX && t[n] == '\0';
}

/* The game in one live file, into *sg (its netgames made): false with
 * the reason in err. */
static bool restore_one(struct server *s, const char *path, struct sgame *sg, char *err,
                        size_t err_size)
{
    struct record_extra *extra = calloc(1, sizeof *extra);
    struct game *g = malloc(sizeof *g);
    bool ok = false;
    char v[2 * (WIRE_SEAT_HEX + WIRE_NAME_MAX)], why[160];
    if (extra == NULL || g == NULL) {
        snprintf(err, err_size, "%s", _("out of memory"));
        goto out;
    }
    if (!record_load_extra(path, g, extra, err, err_size))
        goto out;
    const char *bad = NULL;
    if (!record_extra_get(extra, "MNKSERVER", v, sizeof v) || (sg->id = game_number_of(v)) == 0)
        bad = "MNKSERVER";
    else if (game_of(s, sg->id) != NULL)
        bad = "MNKSERVER (a game kept twice)";
    else if (!record_extra_get(extra, "MNKSERVERGAME", v, sizeof v) ||
             (sg->number = game_number_of(v)) == 0)
        bad = "MNKSERVERGAME";
    else if (!record_extra_get(extra, "MNKNETBLACK", v, sizeof v) ||
             (strcmp(v, "host") != 0 && strcmp(v, "joiner") != 0))
        bad = "MNKNETBLACK";
    else if (!record_extra_get(extra, "MNKSERVERNAMES", v, sizeof v) ||
             !split_pair(v, sg->name[0], sizeof sg->name[0], sg->name[1], sizeof sg->name[1]) ||
             !wire_name_check(sg->name[0], why, sizeof why) ||
             !wire_name_check(sg->name[1], why, sizeof why))
        bad = "MNKSERVERNAMES";
    else if (!record_extra_get(extra, "MNKSERVERSEATS", v, sizeof v) ||
             !split_pair(v, sg->token[0], sizeof sg->token[0], sg->token[1],
                         sizeof sg->token[1]) ||
             !token_valid(sg->token[0]) || !token_valid(sg->token[1]))
        bad = "MNKSERVERSEATS";
    /* The file a game is written to is named by its number: any other
     * would be a second copy after the next change. */
    char want[1024];
    if (bad == NULL) {
        live_path(s, sg->id, want, sizeof want);
        if (strcmp(want, path) != 0)
            bad = "MNKSERVER (not the number in the file's name)";
    }
    if (bad != NULL) {
        fmt_fail(err, err_size, _("%s: no server's game (%s)"), path, bad);
        goto out;
    }
    record_extra_get(extra, "MNKNETBLACK", v, sizeof v);
    struct netgame_settings theirs = {g->config.width, g->config.height, g->config.win,
                                      g->config.rule,  g->config.opening, g->config.tc,
                                      strcmp(v, "host") == 0 ? WIRE_HOST : WIRE_JOINER};
    struct netgame_settings mine = theirs;
    mine.black = other_side(theirs.black);
    sg->settings = theirs;
    sg->ng[0] = netgame_serve_resume(g, &mine, sg->name[1], &s->o.game, err, err_size);
    sg->ng[1] = sg->ng[0] == NULL ? NULL
              : netgame_serve_resume(g, &theirs, sg->name[0], &s->o.game, err, err_size);
    if (sg->ng[1] == NULL) {
        netgame_free(sg->ng[0]);
        sg->ng[0] = NULL;
        goto out;
    }
    sg->started = true;
    /* The spectators have nothing yet; what the file holds is no move
     * relayed since the start. */
    sg->fed_ply = g->ply;
    sg->fed_choices = g->choices;
    sg->fed_over = game_over(g);
    sg->kept = sg->kept_tried = true;
    sg->kept_ply = g->ply;
    sg->kept_choices = g->choices;
    sg->kept_number = sg->number;
    sg->kept_over = game_over(g);
    ok = true;
out:
    free(extra);
    free(g);
    return ok;
}

static bool room_for_game(struct server *s)
{
    if (s->n_games < s->cap_games)
        return true;
    int cap = s->cap_games > 0 ? 2 * s->cap_games : 64;
    struct sgame **more = realloc(s->games, (size_t)cap * sizeof *more);
    if (more == NULL)
        return false;
    s->games = more;
    s->cap_games = cap;
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the live files, game-*.sgf, sorted (read whole before any
 * is renamed): their number, the array in *out (free each and it). */
static int live_names(struct server *s, char ***out)
{
    *out = NULL;
    DIR *d = opendir(s->o.live_dir);
    if (d == NULL) {
        if (errno != ENOENT)
            logf_(s, "cannot read %s: %s", s->o.live_dir, strerror(errno));
        return 0;
    }
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "game-", 5) != 0 || len < 10 ||
            strcmp(e->d_name + len - 4, ".sgf") != 0)
            continue;
        if (n == cap) {
            cap = cap > 0 ? 2 * cap : 16;
            char **more = realloc(names, (size_t)cap * sizeof *more);
            if (more == NULL)
                break;
            names = more;
        }
        if ((names[n] = strdup(e->d_name)) == NULL)
            break;
        n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, (size_t)n, sizeof *names, by_name);
    *out = names;
    return n;
}

/* Every live file's game, back; those that do not read set aside. */
static void restore_all(struct server *s)
{
    char **names;
    int n = live_names(s, &names);
    for (int i = 0; i < n; i++) {
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", s->o.live_dir, names[i]);
        struct sgame *sg = calloc(1, sizeof *sg);
        if (sg == NULL || !room_for_game(s)) {
            free(sg);
            logf_(s, "%s: not restored: out of memory", path);
            continue;
        }
        if (!restore_one(s, path, sg, err, sizeof err)) {
            char aside[1100];
            if (safefile_set_aside(path, aside, sizeof aside))
                logf_(s, "%s; set aside as %s", err, aside);
            else
                logf_(s, "%s; left where it is", err);
            free(sg);
            continue;
        }
        s->games[s->n_games++] = sg;
        if (sg->id >= s->next_id)
            s->next_id = sg->id < WIRE_GAME_MAX ? sg->id + 1 : 1;
        if (game_over(netgame_game(sg->ng[0]))) {
            /* Over, its record not written (or the file not removed after
             * it): the record now, and the game is done. */
            write_record(s, sg);
            keep_live(s, sg);
            netgame_free(sg->ng[0]);
            netgame_free(sg->ng[1]);
            free(sg);
            s->n_games--;
            continue;
        }
        logf_(s, "game %d: %s against %s, restored at move %d: waiting for them",
              sg->id, sg->name[0], sg->name[1], netgame_game(sg->ng[0])->ply);
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* New games' numbers go above the records already written, so that no
 * record of an earlier run is written over. */
static void number_after_records(struct server *s)
{
    DIR *d = s->o.records_dir != NULL ? opendir(s->o.records_dir) : NULL;
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int id, n;
        char tail[8];
        if (sscanf(e->d_name, "server-%d-%d.sg%7s", &id, &n, tail) == 3 &&
            strcmp(tail, "f") == 0 && id >= s->next_id && id < WIRE_GAME_MAX)
            s->next_id = id + 1;
    }
    closedir(d);
}

/* ---- spectators ---- */

static void feed_all(struct server *s, const struct sgame *sg, const struct wire_msg *m)
{
    for (int i = 0; i < s->n_clients; i++) {
        struct client *c = &s->clients[i];
        if (c->state == CLIENT_WATCHING && c->game == sg->id)
            send_msg(c->link, m);
    }
}

/* The history from `ply` stones and `choices` choices on, to one link or
 * (l NULL) every spectator. */
static void feed_history(struct server *s, const struct sgame *sg, struct link *l, int ply,
                         int choices)
{
    const struct game *g = shown(sg);
    for (int i = ply; i <= g->ply; i++) {
        for (int c = choices; c < g->choices; c++)
            if (opening_choice_ply(c) == i) {
                struct wire_msg m = {.type = WIRE_CHOICE};
                m.choice = (struct wire_choice){i, (enum opening_choice)g->choice[c]};
                if (l != NULL)
                    send_msg(l, &m);
                else
                    feed_all(s, sg, &m);
            }
        if (i < g->ply) {
            struct wire_msg m = netgame_move_msg(g, i);
            if (l != NULL)
                send_msg(l, &m);
            else
                feed_all(s, sg, &m);
        }
    }
}

static struct wire_msg result_msg(const struct game *g)
{
    struct wire_msg m = {.type = WIRE_RESULT};
    m.result = (struct wire_result){g->ply, g->result.outcome, g->result.reason};
    return m;
}

/* SETTINGS of the game now, for its spectators. */
static struct wire_msg settings_msg(const struct sgame *sg)
{
    struct wire_msg m = {.type = WIRE_SETTINGS};
    struct netgame_settings now = settings_now(sg);
    netgame_settings_wire(&now, &m.settings);
    return m;
}

/* A new spectator: who plays, the settings, the game so far. */
static void feed_start(struct server *s, const struct sgame *sg, struct link *l)
{
    struct wire_msg w = {.type = WIRE_WATCHING};
    w.game.game = sg->id;
    snprintf(w.game.host, sizeof w.game.host, "%s", sg->name[0]);
    snprintf(w.game.joiner, sizeof w.game.joiner, "%s", sg->started ? sg->name[1] : "");
    send_msg(l, &w);
    struct wire_msg st = settings_msg(sg);
    send_msg(l, &st);
    const struct game *g = shown(sg);
    if (g == NULL)
        return;
    feed_history(s, sg, l, 0, 0);
    if (game_over(g)) {
        struct wire_msg r = result_msg(g);
        send_msg(l, &r);
    }
}

/* What changed since the spectators were last told. */
static void feed(struct server *s, struct sgame *sg)
{
    const struct game *g = shown(sg);
    if (g == NULL)
        return;
    if (g->ply < sg->fed_ply || g->choices < sg->fed_choices) {
        /* Fewer stones after an end is the rematch's new game, which
         * SETTINGS announces (NETGAME_EV_STARTED), not a takeback. */
        if (!sg->fed_over) {
            struct wire_msg u = {.type = WIRE_UNDO, .undo = g->ply};
            feed_all(s, sg, &u);
        }
        sg->fed_ply = g->ply;
        sg->fed_choices = g->choices;
        sg->fed_over = false;
    }
    if (g->ply > sg->fed_ply || g->choices > sg->fed_choices) {
        s->moves += g->ply - sg->fed_ply;
        feed_history(s, sg, NULL, sg->fed_ply, sg->fed_choices);
        sg->fed_ply = g->ply;
        sg->fed_choices = g->choices;
    }
    if (game_over(g) != sg->fed_over) {
        sg->fed_over = game_over(g);
        if (sg->fed_over) {
            struct wire_msg r = result_msg(g);
            feed_all(s, sg, &r);
        }
    }
}

/* ---- the relay between a game's two netgames ---- */

/* Hands action *a to player p's netgame: false when its link is down (the
 * action waits). */
static bool apply(struct sgame *sg, int p, const struct action *a)
{
    struct netgame *ng = sg->ng[p];
    enum netgame_error e = NETGAME_OK;
    switch (a->kind) {
    case ACT_MOVE:
        e = netgame_move(ng, a->pos, a->spent_ms);
        break;
    case ACT_CHOICE:
        e = netgame_choose(ng, a->choice);
        break;
    case ACT_ASK:
        e = netgame_ask(ng, a->ask);
        break;
    case ACT_ANSWER:
        e = netgame_answer(ng, a->yes);
        break;
    case ACT_CHAT:
        e = netgame_chat(ng, a->text);
        break;
    case ACT_RESIGN:
        e = netgame_resign(ng);
        break;
    case ACT_CONCEDE:
        e = netgame_serve_concede(ng, a->reason);
        break;
    }
    return e != NETGAME_ERR_LINK;
}

static void relay(struct server *s, struct sgame *sg, int p, const struct action *a)
{
    if (sg->queued[p] == 0 && apply(sg, p, a))
        return;
    if (sg->queued[p] == QUEUE_MAX) {
        logf_(s, "game %d: %s's link is down too long: an action is lost", sg->id,
              sg->name[p]);
        return;
    }
    sg->queue[p][sg->queued[p]++] = *a;
}

static void flush_queue(struct sgame *sg, int p)
{
    while (sg->queued[p] > 0 && apply(sg, p, &sg->queue[p][0])) {
        sg->queued[p]--;
        memmove(sg->queue[p], sg->queue[p] + 1, (size_t)sg->queued[p] * sizeof sg->queue[p][0]);
    }
}

/* Player p's netgame said *ev: what the other player's must hear. */
static void on_event(struct server *s, struct sgame *sg, int p, const struct netgame_event *ev)
{
    struct netgame *ng = sg->ng[p];
    const struct game *g = netgame_game(ng);
    struct action a = {0};
    int q = 1 - p;
    switch (ev->kind) {
    case NETGAME_EV_MOVE:
        /* The player's own: the seat that acted, not the stone's colour
         * (an opening's placer puts down stones of both). */
        if (g == NULL || ev->ply < 1 || ev->ply > g->ply ||
            (enum stone)g->timing[ev->ply - 1].seat != netgame_seat(ng, WIRE_JOINER))
            return;
        a.kind = ACT_MOVE;
        a.pos = g->moves[ev->ply - 1];
        a.spent_ms = g->timing[ev->ply - 1].spent_ms;
        relay(s, sg, q, &a);
        return;
    case NETGAME_EV_CHOICE:
        if (g == NULL || g->choices == 0)
            return;
        a.kind = ACT_CHOICE;
        a.choice = (enum opening_choice)g->choice[g->choices - 1];
        relay(s, sg, q, &a);
        return;
    case NETGAME_EV_OFFER:
        a.kind = ACT_ASK;
        a.ask = ev->ask;
        relay(s, sg, q, &a);
        return;
    case NETGAME_EV_ANSWER:
        a.kind = ACT_ANSWER;
        a.yes = ev->yes;
        relay(s, sg, q, &a);
        return;
    case NETGAME_EV_CHAT:
        a.kind = ACT_CHAT;
        snprintf(a.text, sizeof a.text, "%s", ev->text);
        relay(s, sg, q, &a);
        return;
    case NETGAME_EV_OVER: {
        /* The spectators and the record get the finished game now: a
         * rematch agreed before this step ends would start the shown game
         * afresh, and the end of the step would never see this one. */
        feed(s, sg);
        write_record(s, sg);
        /* Ends no move makes that this netgame judged of its player. */
        enum end_reason r = g->result.reason;
        enum stone mine = netgame_seat(ng, WIRE_JOINER);
        bool lost = (g->result.outcome == OUTCOME_BLACK_WINS && mine == STONE_WHITE) ||
                    (g->result.outcome == OUTCOME_WHITE_WINS && mine == STONE_BLACK);
        const struct game *other = netgame_game(sg->ng[q]);
        if (lost && (r == END_RESIGN || r == END_TIME || r == END_FORFEIT) && other != NULL &&
            !game_over(other)) {
            a.kind = r == END_RESIGN ? ACT_RESIGN : ACT_CONCEDE;
            a.reason = r;
            relay(s, sg, q, &a);
        }
        logf_(s, "game %d: over: %s", sg->id, game_result_text(&g->result));
        return;
    }
    case NETGAME_EV_STARTED:
        if (p == 0) {
            sg->number++;
            sg->recorded = false;
            sg->fed_ply = sg->fed_choices = 0;
            sg->fed_over = false;
            if (sg->number > 1) {
                struct wire_msg st = settings_msg(sg);
                feed_all(s, sg, &st);
            }
        }
        return;
    case NETGAME_EV_DROPPED:
        logf_(s, "game %d: %s's link dropped: %s", sg->id, sg->name[p], ev->text);
        return;
    case NETGAME_EV_RESUMED:
        logf_(s, "game %d: %s is back", sg->id, sg->name[p]);
        flush_queue(sg, p);
        return;
    case NETGAME_EV_ABANDONED:
    case NETGAME_EV_STOPPED:
        /* Away past the limit, or a disagreement with the referee: the
         * other player wins. */
        logf_(s, "game %d: %s %s%s%s", sg->id, sg->name[p],
              ev->kind == NETGAME_EV_ABANDONED ? "stayed away too long" : "stopped",
              ev->text[0] != '\0' ? ": " : "", ev->text);
        if (g != NULL && !game_over(g)) {
            netgame_claim(ng); /* the host's claim: this player loses */
            const struct game *other = netgame_game(sg->ng[q]);
            if (other != NULL && !game_over(other)) {
                a.kind = ACT_CONCEDE;
                a.reason = END_FORFEIT;
                relay(s, sg, q, &a);
            }
        }
        return;
    case NETGAME_EV_ENDED:
        logf_(s, "game %d: %s left: %s", sg->id, sg->name[p], ev->text);
        return;
    default:
        return;
    }
}

static void step_game(struct server *s, struct sgame *sg)
{
    if (!sg->started)
        return;
    bool more = false; /* events left for the next step */
    for (int p = 0; p < 2; p++) {
        flush_queue(sg, p);
        struct netgame_event ev;
        int n = 0;
        while (n < EVENTS_PER_STEP && netgame_poll(sg->ng[p], &ev)) {
            on_event(s, sg, p, &ev);
            n++;
        }
        more = more || n == EVENTS_PER_STEP;
    }
    feed(s, sg);
    write_record(s, sg);
    keep_live(s, sg);
    bool done = true;
    for (int p = 0; p < 2; p++)
        done = done && netgame_state(sg->ng[p]) == NETGAME_ENDED;
    if (done && !sg->finished) {
        sg->finished = true;
        s->finished++;
    }
    int wait = -1;
    for (int p = 0; p < 2; p++) {
        int t = netgame_timeout_ms(sg->ng[p]);
        if (t >= 0 && (wait < 0 || t < wait))
            wait = t;
        if (sg->queued[p] > 0 && (wait < 0 || wait > 50))
            wait = 50;
    }
    sg->wake_ms = wait < 0 ? INT64_MAX : clock_ms() + wait;
    sg->due = more; /* messages read but not handed out wait unseen by poll() */
}

/* ---- the lobby ---- */

static struct sgame *new_game(struct server *s, struct client *c,
                              const struct wire_settings *w)
{
    struct netgame_settings st;
    char why[256];
    if (!netgame_settings_of(w, &st, why, sizeof why)) {
        refuse(c, "%s", why);
        return NULL;
    }
    if (!room_for_game(s)) {
        refuse(c, "the server is out of memory");
        return NULL;
    }
    struct sgame *sg = calloc(1, sizeof *sg);
    char err[160];
    if (sg == NULL || !joincode_new_hex(sg->token[0], WIRE_SEAT_HEX, err, sizeof err) ||
        !joincode_new_hex(sg->token[1], WIRE_SEAT_HEX, err, sizeof err)) {
        free(sg);
        refuse(c, "the server cannot open a game now");
        return NULL;
    }
    /* A number no game holds now (a restored one may, past a wrap). */
    do {
        sg->id = s->next_id;
        s->next_id = s->next_id == WIRE_GAME_MAX ? 1 : s->next_id + 1;
    } while (game_of(s, sg->id) != NULL);
    sg->settings = st;
    snprintf(sg->name[0], sizeof sg->name[0], "%s", c->name);
    s->games[s->n_games++] = sg;
    return sg;
}

static void seat_msg(struct client *c, const struct sgame *sg, int p)
{
    struct wire_msg m = {.type = WIRE_SEAT};
    m.seat.game = sg->id;
    snprintf(m.seat.token, sizeof m.seat.token, "%s", sg->token[p]);
    send_msg(c->link, &m);
}

/* The second player sits down: both links go to the game's netgames. */
static void start(struct server *s, struct sgame *sg, struct client *joiner)
{
    struct client *creator = NULL;
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].state == CLIENT_WAITING && s->clients[i].game == sg->id)
            creator = &s->clients[i];
    if (creator == NULL) {
        refuse(joiner, "game %d is not open any more", sg->id);
        return;
    }
    snprintf(sg->name[1], sizeof sg->name[1], "%s", joiner->name);
    seat_msg(joiner, sg, 1);
    /* Each netgame's host is the other player: the creator's sees Black
     * on the other side of the settings. */
    struct netgame_settings mine = sg->settings, theirs = sg->settings;
    mine.black = other_side(sg->settings.black);
    char err[320];
    sg->ng[0] = netgame_serve(&mine, sg->name[1], creator->link, &s->o.game, err, sizeof err);
    sg->ng[1] = sg->ng[0] == NULL ? NULL
              : netgame_serve(&theirs, sg->name[0], joiner->link, &s->o.game, err, sizeof err);
    creator->link = NULL;
    joiner->link = NULL;
    creator->state = joiner->state = CLIENT_GONE;
    if (sg->ng[0] == NULL || sg->ng[1] == NULL) {
        logf_(s, "game %d: cannot start: %s", sg->id, err);
        netgame_free(sg->ng[0]);
        netgame_free(sg->ng[1]);
        sg->ng[0] = sg->ng[1] = NULL;
        sg->finished = true;
        return;
    }
    sg->started = true;
    logf_(s, "game %d: %s against %s", sg->id, sg->name[0], sg->name[1]);
    keep_live(s, sg);
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].state == CLIENT_WATCHING && s->clients[i].game == sg->id) {
            struct wire_msg w = {.type = WIRE_WATCHING};
            w.game.game = sg->id;
            snprintf(w.game.host, sizeof w.game.host, "%s", sg->name[0]);
            snprintf(w.game.joiner, sizeof w.game.joiner, "%s", sg->name[1]);
            send_msg(s->clients[i].link, &w);
        }
}

static void rejoin(struct server *s, struct client *c, const struct wire_seat *seat)
{
    struct sgame *sg = game_of(s, seat->game);
    int p = -1;
    for (int i = 0; sg != NULL && sg->started && i < 2; i++)
        if (strcmp(sg->token[i], seat->token) == 0)
            p = i;
    if (p < 0) {
        refuse(c, "no seat of yours in game %d", seat->game);
        return;
    }
    struct link *l = c->link;
    c->link = NULL;
    c->state = CLIENT_GONE;
    sg->due = true;
    if (netgame_serve_adopt(sg->ng[p], l) != NETGAME_OK) {
        logf_(s, "game %d: %s came back but the seat is not waiting", sg->id, sg->name[p]);
        return;
    }
    logf_(s, "game %d: %s reconnected", sg->id, sg->name[p]);
}

static void list_games(struct server *s, struct client *c)
{
    int n = 0;
    for (int i = 0; i < s->n_games; i++) {
        if (s->games[i]->finished)
            continue;
        struct wire_msg m = game_line(s, s->games[i]);
        send_msg(c->link, &m);
        n++;
    }
    struct wire_msg done = {.type = WIRE_LISTED, .count = n};
    send_msg(c->link, &done);
}

static void lobby_message(struct server *s, struct client *c, const struct wire_msg *m)
{
    c->since_ms = clock_ms();
    if (m->type == WIRE_REJOIN && (c->state == CLIENT_NEW || c->state == CLIENT_LOBBY)) {
        rejoin(s, c, &m->seat);
        return;
    }
    if (c->state == CLIENT_NEW) {
        if (m->type != WIRE_NAME) {
            drop_client(c, "say NAME first");
            return;
        }
        if (name_taken(s, m->name)) {
            refuse(c, "the name %s is taken now", m->name);
            return;
        }
        snprintf(c->name, sizeof c->name, "%s", m->name);
        c->state = CLIENT_LOBBY;
        struct wire_msg n = {.type = WIRE_NAME};
        snprintf(n.name, sizeof n.name, "%s", c->name);
        send_msg(c->link, &n);
        logf_(s, "%s is in the lobby (%s)", c->name, link_peer_address(c->link));
        return;
    }
    if (m->type == WIRE_LIST) {
        list_games(s, c);
        return;
    }
    if (c->state == CLIENT_WAITING || c->state == CLIENT_WATCHING) {
        drop_client(c, "only LIST is taken while waiting or watching");
        return;
    }
    switch (m->type) {
    case WIRE_CREATE: {
        struct sgame *sg = new_game(s, c, &m->settings);
        if (sg == NULL)
            return;
        c->state = CLIENT_WAITING;
        c->game = sg->id;
        seat_msg(c, sg, 0);
        logf_(s, "game %d: opened by %s", sg->id, c->name);
        return;
    }
    case WIRE_JOIN: {
        struct sgame *sg = game_of(s, m->seat.game);
        if (sg == NULL || sg->started || sg->finished) {
            refuse(c, "game %d is not open", m->seat.game);
            return;
        }
        if (strcmp(sg->name[0], c->name) == 0) {
            refuse(c, "game %d is your own", m->seat.game);
            return;
        }
        start(s, sg, c);
        return;
    }
    case WIRE_WATCH: {
        struct sgame *sg = game_of(s, m->seat.game);
        if (sg == NULL || sg->finished) {
            refuse(c, "there is no game %d", m->seat.game);
            return;
        }
        if (watchers_of(s, sg->id) >= SERVER_WATCHERS_MAX) {
            refuse(c, "game %d has as many spectators as it takes", sg->id);
            return;
        }
        c->state = CLIENT_WATCHING;
        c->game = sg->id;
        feed_start(s, sg, c->link);
        return;
    }
    case WIRE_NAME:
        refuse(c, "you are %s already", c->name);
        return;
    default:
        drop_client(c, "that message is not for a server's lobby");
        return;
    }
}

static void step_client(struct server *s, struct client *c)
{
    for (int n = 0; n < MESSAGES_PER_STEP && c->link != NULL; n++) {
        struct wire_msg m;
        enum link_event ev = link_poll(c->link, &m);
        switch (ev) {
        case LINK_IDLE:
            goto idle;
        case LINK_READY:
            c->state = CLIENT_NEW;
            c->since_ms = clock_ms();
            break;
        case LINK_MESSAGE:
            lobby_message(s, c, &m);
            break;
        default:
            /* Gone: a waiting creator's open game goes with it. */
            if (c->state == CLIENT_WAITING) {
                struct sgame *sg = game_of(s, c->game);
                if (sg != NULL && !sg->started)
                    sg->finished = true;
            }
            if (c->state >= CLIENT_LOBBY)
                logf_(s, "%s left", c->name);
            drop_client(c, NULL);
            return;
        }
    }
idle:
    if (c->link != NULL && (c->state == CLIENT_NEW || c->state == CLIENT_LOBBY) &&
        clock_ms() - c->since_ms > SERVER_LOBBY_IDLE_MS)
        drop_client(c, "idle in the lobby too long");
}

/* ---- connections ---- */

static int count_state(const struct server *s, enum client_state st)
{
    int n = 0;
    for (int i = 0; i < s->n_clients; i++)
        n += s->clients[i].state == st;
    return n;
}

static void take_connections(struct server *s)
{
    for (;;) {
        struct link_config c = {.identity = s->o.identity, .ping_ms = s->o.game.ping_ms};
        struct link *l;
        char err[256];
        if (!link_accept(s->listener, &c, &l, err, sizeof err)) {
            logf_(s, "%s", err);
            return;
        }
        if (l == NULL)
            return;
        int limit = s->o.clients_max > 0 ? s->o.clients_max : SERVER_CLIENTS_MAX;
        if (s->n_clients >= limit) {
            link_free(l);
            continue;
        }
        if (count_state(s, CLIENT_HANDSHAKE) >= SERVER_HANDSHAKES_MAX) {
            /* The oldest handshake makes room: a crowd that never finishes
             * its own cannot keep everyone else out. */
            for (int i = 0; i < s->n_clients; i++)
                if (s->clients[i].state == CLIENT_HANDSHAKE) {
                    drop_client(&s->clients[i], NULL);
                    break;
                }
        }
        if (s->n_clients == s->cap_clients) {
            int cap = s->cap_clients > 0 ? 2 * s->cap_clients : 64;
            struct client *more = realloc(s->clients, (size_t)cap * sizeof *more);
            if (more == NULL) {
                link_free(l);
                return;
            }
            s->clients = more;
            s->cap_clients = cap;
        }
        s->clients[s->n_clients++] = (struct client){.link = l, .state = CLIENT_HANDSHAKE,
                                                     .since_ms = clock_ms()};
    }
}

/* Removes the clients gone and the games over. */
static void sweep(struct server *s)
{
    int k = 0;
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].state != CLIENT_GONE)
            s->clients[k++] = s->clients[i];
    s->n_clients = k;
    k = 0;
    for (int i = 0; i < s->n_games; i++) {
        struct sgame *sg = s->games[i];
        if (!sg->finished) {
            s->games[k++] = sg;
            continue;
        }
        for (int c = 0; c < s->n_clients; c++)
            if ((s->clients[c].state == CLIENT_WATCHING || s->clients[c].state == CLIENT_WAITING) &&
                s->clients[c].game == sg->id) {
                s->clients[c].state = CLIENT_LOBBY;
                s->clients[c].since_ms = clock_ms();
                refuse(&s->clients[c], "game %d is gone", sg->id);
            }
        netgame_free(sg->ng[0]);
        netgame_free(sg->ng[1]);
        free(sg);
    }
    s->n_games = k;
}

/* What the disk's thread did and says: into the log. */
static void disk_reports(struct server *s)
{
    char line[DISKQ_LINE_MAX];
    while (s->disk != NULL && diskq_report(s->disk, line, sizeof line))
        logf_(s, "%s", line);
}

void server_step(struct server *s)
{
    disk_reports(s);
    /* Only the games with something to do: stepping every game would
     * read every link at each step, a cost that grows with the games
     * held and delays every move by it. */
    for (size_t i = 0; i < s->n_fds; i++)
        if (s->fds[i].revents != 0 && s->fd_game[i] != NULL)
            s->fd_game[i]->due = true;
    s->n_fds = 0; /* games may go in the sweep: fd_game is stale */
    take_connections(s);
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].state != CLIENT_GONE)
            step_client(s, &s->clients[i]);
    int64_t now = clock_ms();
    for (int i = 0; i < s->n_games; i++)
        if (s->games[i]->due || s->games[i]->wake_ms <= now)
            step_game(s, s->games[i]);
    sweep(s);
}

static bool room_for_fds(struct server *s, size_t need)
{
    if (need <= s->cap_fds)
        return true;
    size_t cap = s->cap_fds > 0 ? s->cap_fds : 64;
    while (cap < need)
        cap *= 2;
    struct pollfd *more = realloc(s->fds, cap * sizeof *more);
    if (more == NULL)
        return false;
    s->fds = more;
    struct sgame **owners = realloc(s->fd_game, cap * sizeof *owners);
    if (owners == NULL)
        return false;
    s->fd_game = owners;
    s->cap_fds = cap;
    return true;
}

size_t server_pollfds(struct server *s, struct pollfd **fds)
{
    size_t need = LINK_LISTEN_MAX + 1 + (size_t)s->n_clients +
                  2 * (size_t)s->n_games * NETGAME_FDS_MAX;
    size_t n = 0;
    s->n_fds = 0;
    if (!room_for_fds(s, need)) {
        *fds = s->fds;
        return 0;
    }
    int lfds[LINK_LISTEN_MAX];
    int nl = link_listener_fds(s->listener, lfds);
    for (int i = 0; i < nl; i++) {
        s->fd_game[n] = NULL;
        s->fds[n++] = (struct pollfd){.fd = lfds[i], .events = POLLIN};
    }
    if (s->disk != NULL) {
        s->fd_game[n] = NULL;
        s->fds[n++] = (struct pollfd){.fd = diskq_fd(s->disk), .events = POLLIN};
    }
    for (int i = 0; i < s->n_clients; i++) {
        struct link *l = s->clients[i].link;
        if (l != NULL && link_fd(l) >= 0) {
            s->fd_game[n] = NULL;
            s->fds[n++] = (struct pollfd){.fd = link_fd(l), .events = link_events(l)};
        }
    }
    for (int i = 0; i < s->n_games; i++)
        for (int p = 0; p < 2 && s->games[i]->started; p++) {
            struct pollfd f[NETGAME_FDS_MAX];
            int k = netgame_pollfds(s->games[i]->ng[p], f);
            for (int j = 0; j < k; j++) {
                s->fd_game[n] = s->games[i];
                s->fds[n++] = f[j];
            }
        }
    *fds = s->fds;
    s->n_fds = n;
    return n;
}

static void sooner(int *best, int ms)
{
    if (ms >= 0 && (*best < 0 || ms < *best))
        *best = ms;
}

int server_timeout_ms(const struct server *s)
{
    int best = 1000; /* the lobby's idle check */
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].link != NULL)
            sooner(&best, link_timeout_ms(s->clients[i].link));
    for (int i = 0; i < s->n_games; i++)
        for (int p = 0; p < 2 && s->games[i]->started; p++) {
            sooner(&best, s->games[i]->due ? 0 : netgame_timeout_ms(s->games[i]->ng[p]));
            if (s->games[i]->queued[p] > 0)
                sooner(&best, 50);
        }
    return best;
}

struct server *server_new(const struct server_options *o, char *err, size_t err_size)
{
    if (o->identity == NULL) {
        fmt_fail(err, err_size, "%s", _("a server needs its certificate"));
        return NULL;
    }
    struct server *s = calloc(1, sizeof *s);
    if (s == NULL) {
        fmt_fail(err, err_size, "%s", _("out of memory"));
        return NULL;
    }
    s->o = *o;
    s->next_id = 1;
    filelock_init(&s->live_lock);
    /* A directory to keep files in that is something else is said now,
     * not at each game's first write. */
    const char *dirs[] = { o->live_dir, o->records_dir };
    for (int i = 0; i < 2; i++) {
        struct stat st;
        if (dirs[i] != NULL && stat(dirs[i], &st) == 0 && !S_ISDIR(st.st_mode)) {
            fmt_fail(err, err_size, _("%s is not a directory"), dirs[i]);
            free(s);
            return NULL;
        }
    }
    if (o->live_dir != NULL) {
        char why[320];
        switch (filelock_take(&s->live_lock, o->live_dir, why, sizeof why)) {
        case FILELOCK_TAKEN:
            break;
        case FILELOCK_BUSY:
            fmt_fail(err, err_size, _("another server keeps its games in %s"), o->live_dir);
            free(s);
            return NULL;
        case FILELOCK_ERROR:
            fmt_fail(err, err_size, "%s", why);
            free(s);
            return NULL;
        }
    }
    s->listener = link_listen(o->bind, o->port, err, err_size);
    if (s->listener == NULL) {
        filelock_release(&s->live_lock);
        free(s);
        return NULL;
    }
    if ((o->records_dir != NULL || o->live_dir != NULL) &&
        (s->disk = diskq_new(err, err_size)) == NULL) {
        link_listener_free(s->listener);
        filelock_release(&s->live_lock);
        free(s);
        return NULL;
    }
    number_after_records(s);
    if (o->live_dir != NULL)
        restore_all(s);
    return s;
}

int server_port(const struct server *s)
{
    return link_listener_port(s->listener);
}

void server_counts(const struct server *s, struct server_counts *out)
{
    *out = (struct server_counts){.finished = s->finished, .moves = s->moves};
    for (int i = 0; i < s->n_clients; i++) {
        out->clients += s->clients[i].state != CLIENT_GONE;
        out->watchers += s->clients[i].state == CLIENT_WATCHING;
    }
    for (int i = 0; i < s->n_games; i++) {
        if (s->games[i]->finished)
            continue;
        if (s->games[i]->started)
            out->playing++;
        else
            out->open++;
    }
}

void server_free(struct server *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < s->n_clients; i++)
        if (s->clients[i].link != NULL)
            link_close(s->clients[i].link);
    for (int i = 0; i < s->n_games; i++) {
        netgame_close(s->games[i]->ng[0]);
        netgame_close(s->games[i]->ng[1]);
        free(s->games[i]);
    }
    free(s->clients);
    free(s->games);
    free(s->fds);
    free(s->fd_game);
    link_listener_free(s->listener);
    /* Every record and live file still waiting is written (and said)
     * before the live directory is let go. */
    for (int i = 0; s->disk != NULL && diskq_pending(s->disk) > 0 && i < 60000; i++) {
        disk_reports(s);
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    }
    disk_reports(s);
    diskq_free(s->disk);
    filelock_release(&s->live_lock);
    free(s);
}
