/* netload.c — a load test of `mnk server`: many games at once, on their
 * clocks, over the loopback address only, bounded in count and time.
 *
 *   netload --mnk PATH [--games G] [--seconds S] [--think MS] [--batch N]
 *           [--bind 127.0.0.1|::1] [--port P] [--tc TC] [--seed N] [--keep]
 *
 * Built on request: ninja -C build tools/netload. It starts `PATH server`
 * itself, bound to the loopback address (--bind, 127.0.0.1 by default; no
 * other address is taken), on a free port (--port 0) or the one given,
 * with its data directory (its identity and its games' records) in a
 * temporary folder, and a stop of its own (--for) past the run's end in
 * case this tool is killed. Then, in one thread, poll()-driven, it opens G
 * games (default 1000, at most 5000), two client connections each: one
 * player CREATEs a 15x15 freestyle game on the clock (--tc, 5+0 by
 * default, so nobody flags), the other JOINs it, and both play random
 * legal moves near the centre (play/netgame.h's seated joiner, as
 * `mnk join` plays), each after a think of MS/2 to 3MS/2 ms (--think,
 * 300 by default). A game that ends is followed by a rematch, so the load
 * stays. The connections ramp up at most N shaking hands at once
 * (--batch, 32; the server drops its oldest handshake past 256), the
 * first alone, which pins the server's key in a known-servers file that
 * all the others share.
 *
 * Once every game is under way the run lasts S seconds (--seconds, 60 by
 * default, at most 600), and it prints: the games at once (the fewest and
 * the most seen during the run), the server's memory (VmRSS from
 * /proc/PID/status) before any client and at full load, and so per game,
 * with its peak (VmHWM); the moves relayed (received by the opponent's
 * client) a second; each move's latency, from the mover's client sending
 * it to the opponent's client receiving it, its median, 99th percentile
 * and maximum; the server's CPU time over the run (/proc/PID/stat), and
 * this tool's, with the turns of its own loop (what the latency owes to
 * it); the moves the server charged more than their client said (its
 * delays beyond the lag allowance, netgame.h); the failures: any link
 * lost, refusal, error or game stopped.
 *
 * Once stopped, the server's own account must cover what the clients
 * saw: a record for every game that ended, and its count of moves at
 * least theirs. --keep leaves the temporary folder (the server's log and
 * records) and says where. The folder is made in $TMPDIR (/tmp by
 * default): TMPDIR=/dev/shm puts the server's data — its games under way,
 * written and fsync'd in its loop after each move, and its records, as
 * each game ends — on a file system where that costs nothing, to tell
 * the disk's share of the latency from the rest.
 *
 * Exit 0 when every game ran to the end of the run with no failure, moves
 * were relayed and the server's account holds; 1 otherwise (or when the
 * games were not all under way within the ramp's limit, 30 s + 60 ms a
 * game); 2 on bad arguments. The server is stopped and the temporary
 * folder removed on every path, SIGINT and SIGTERM included.
 *
 * What it needs: descriptors, two a game (the soft limit is raised to the
 * hard one, and a run that would need more is refused before it starts);
 * and memory in this process, about 4 MiB a connection, most of it each
 * client link's own copy of the system's trusted CAs (link.h reads them
 * for every connection in certificate mode): a run that would need more
 * than the machine has available is refused too. Both processes share
 * the machine's cores, so the latency counts this tool's time as well.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mnk/board.h"
#include "mnk/clock.h"
#include "mnk/game.h"
#include "mnk/gameclock.h"
#include "mnk/rng.h"
#include "net/link.h"
#include "net/wire.h"
#include "play/netgame.h"

#define GAMES_MAX 5000
#define SECONDS_MAX 600
#define FAILS_SHOWN 5          /* failures printed one by one */
#define EVENTS_PER_STEP 64     /* a player's events taken in one step */
#define SERVER_START_MS 10000  /* the most to wait for the server's port */
#define SERVER_STOP_MS 10000   /* the most to wait for it to stop */

struct options {
    const char *mnk;
    int games, seconds, think_ms, batch, port;
    const char *bind;
    const char *tc;
    uint64_t seed;
    bool keep;                 /* leave the temporary folder for a look */
};

enum pstate {
    P_IDLE,      /* not connected yet */
    P_LOBBY,     /* a link to the lobby: NAME said, then CREATE or JOIN */
    P_PLAYING,   /* seated: the netgame */
    P_FAILED,
};

struct pair;

struct seat {
    struct pair *pair;
    int side;                  /* 0: creates the game, 1: joins it */
    enum pstate state;
    struct link *link;         /* P_LOBBY */
    struct netgame *ng;        /* P_PLAYING */
    bool ready, named, asked;  /* lobby: link open, NAME echoed, CREATE/JOIN sent */
    bool started;              /* a game began on this side once */
    int64_t move_at;           /* when to play the move due, or -1 */
    int64_t wake_ms;           /* step it then at the latest */
    bool due;                  /* step it at the next turn of the loop */
    struct rng rng;
};

struct pair {
    struct seat p[2];
    int game;                  /* the server's number, once SEAT said it */
    bool seated;               /* both sides' games began */
    int sent_ply;              /* the last move sent and not received yet */
    int sent_side;
    int64_t sent_us;
};

struct load {
    struct options o;
    char dir[PATH_MAX], known[PATH_MAX + 16], log[PATH_MAX + 16], address[LINK_ADDRESS_MAX];
    pid_t server;
    struct pair *pairs;
    int connected, in_flight, next_connect, seated, failed;
    bool pinned;               /* the first link is open: the key is pinned */
    bool running;              /* every game under way: the run's window */
    long moves, moves_run, overs, clock_notes;
    uint32_t *lat_us;          /* latencies in the run's window */
    size_t n_lat, cap_lat;
    struct pollfd *fds;
    int *owner;
    size_t cap_fds;
    long turns;                /* turns of the loop in the run's window */
    int64_t busy_us;           /* their time outside poll() */
    int64_t turn_us;           /* when the last poll() returned */
};

static volatile sig_atomic_t stop_now;

static void on_signal(int sig)
{
    (void)sig;
    stop_now = 1;
}

/* ---- arguments ---- */

static void usage(void)
{
    fprintf(stderr, "usage: netload --mnk PATH [--games G] [--seconds S] [--think MS] "
                    "[--batch N] [--bind 127.0.0.1|::1] [--port P] [--tc TC] [--seed N] [--keep]\n");
}

static bool number(const char *flag, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max) {
        fprintf(stderr, "netload: %s wants a number from %ld to %ld, not '%s'\n", flag, min,
                max, text);
        return false;
    }
    *out = v;
    return true;
}

static bool parse_args(int argc, char **argv, struct options *o)
{
    *o = (struct options){.games = 1000, .seconds = 60, .think_ms = 300, .batch = 32,
                          .bind = "127.0.0.1", .tc = "5+0", .seed = 1};
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--help") == 0) {
            usage();
            exit(0);
        }
        if (strcmp(f, "--keep") == 0) {
            o->keep = true;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "netload: %s: unknown, or its value is missing\n", f);
            return false;
        }
        const char *v = argv[++i];
        long n = 0;
        bool ok = true;
        if (strcmp(f, "--mnk") == 0)
            o->mnk = v;
        else if (strcmp(f, "--bind") == 0)
            o->bind = v;
        else if (strcmp(f, "--tc") == 0)
            o->tc = v;
        else if (strcmp(f, "--games") == 0 && (ok = number(f, v, 1, GAMES_MAX, &n)))
            o->games = (int)n;
        else if (strcmp(f, "--seconds") == 0 && (ok = number(f, v, 1, SECONDS_MAX, &n)))
            o->seconds = (int)n;
        else if (strcmp(f, "--think") == 0 && (ok = number(f, v, 0, 60000, &n)))
            o->think_ms = (int)n;
        else if (strcmp(f, "--batch") == 0 && (ok = number(f, v, 1, 200, &n)))
            o->batch = (int)n;
        else if (strcmp(f, "--port") == 0 && (ok = number(f, v, 0, 65535, &n)))
            o->port = (int)n;
        else if (strcmp(f, "--seed") == 0 && (ok = number(f, v, 0, LONG_MAX, &n)))
            o->seed = (uint64_t)n;
        else {
            if (ok) /* else number() said what is wrong */
                fprintf(stderr, "netload: unknown argument '%s'\n", f);
            return false;
        }
    }
    if (o->mnk == NULL) {
        fprintf(stderr, "netload: --mnk PATH (the mnk binary) is needed\n");
        return false;
    }
    /* The loopback address only: this tool makes thousands of connections
     * and must never aim them at another machine. */
    if (strcmp(o->bind, "127.0.0.1") != 0 && strcmp(o->bind, "::1") != 0) {
        fprintf(stderr, "netload: --bind takes 127.0.0.1 or ::1 only, not '%s'\n", o->bind);
        return false;
    }
    struct tc tc;
    char err[128];
    if (!tc_parse(o->tc, &tc, err, sizeof err)) {
        fprintf(stderr, "netload: --tc: %s\n", err);
        return false;
    }
    return true;
}

/* ---- the server's process ---- */

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[PATH_MAX];
            if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub)
                continue;
            struct stat st;
            if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
                remove_tree(sub);
            else
                unlink(sub);
        }
        closedir(d);
    }
    rmdir(path);
}

/* A number from /proc/PID/status ("VmRSS:   1234 kB"): kB, or -1. */
static long proc_status_kb(pid_t pid, const char *key)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    size_t len = strlen(key);
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, key, len) == 0 && line[len] == ':') {
            kb = strtol(line + len + 1, NULL, 10);
            break;
        }
    if (f != NULL)
        fclose(f);
    return kb;
}

/* The process's CPU time, user and system (/proc/PID/stat's 14th and 15th
 * fields), in seconds; -1 when it cannot be read. */
static double proc_cpu_s(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the name may hold spaces */
    if (p == NULL)
        return -1;
    unsigned long long ut = 0, st = 0;
    /* After the name: state (3rd) and ten fields, then utime, stime. */
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
        return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* Starts `mnk server` with its data in ld->dir, its output in ld->log;
 * false (said why) when it does not print its port in time. */
static bool start_server(struct load *ld, int for_s)
{
    char data[PATH_MAX + 8], config[PATH_MAX + 8], port[16], clients[16], seconds[16];
    snprintf(data, sizeof data, "%s/data", ld->dir);
    snprintf(config, sizeof config, "%s/config", ld->dir);
    snprintf(port, sizeof port, "%d", ld->o.port);
    snprintf(clients, sizeof clients, "%d", 2 * ld->o.games + 64);
    snprintf(seconds, sizeof seconds, "%d", for_s);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "netload: fork: %s\n", strerror(errno));
        return false;
    }
    if (pid == 0) {
        /* A process group of its own: a ^C is this tool's to handle, and
         * the server is stopped when the figures are taken. */
        setpgid(0, 0);
        int out = open(ld->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0)
            _exit(127);
        dup2(out, 1);
        dup2(out, 2);
        close(out);
        setenv("XDG_DATA_HOME", data, 1);
        setenv("XDG_CONFIG_HOME", config, 1);
        setenv("HOME", ld->dir, 1);
        execl(ld->o.mnk, ld->o.mnk, "server", "--bind", ld->o.bind, "--port", port,
              "--max-clients", clients, "--for", seconds, (char *)NULL);
        fprintf(stderr, "netload: cannot run %s: %s\n", ld->o.mnk, strerror(errno));
        _exit(127);
    }
    ld->server = pid;
    int64_t until = clock_ms() + SERVER_START_MS;
    while (clock_ms() < until && !stop_now) {
        FILE *f = fopen(ld->log, "r");
        char line[256];
        int p = -1;
        while (f != NULL && fgets(line, sizeof line, f) != NULL)
            if (sscanf(line, "port %d", &p) == 1)
                break;
        if (f != NULL)
            fclose(f);
        if (p > 0) {
            snprintf(ld->address, sizeof ld->address,
                     strchr(ld->o.bind, ':') != NULL ? "[%s]:%d" : "%s:%d", ld->o.bind, p);
            return true;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid) {
            ld->server = 0;
            break;
        }
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "netload: the server did not start; it said:\n");
    FILE *f = fopen(ld->log, "r");
    char line[512];
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        fputs(line, stderr);
    if (f != NULL)
        fclose(f);
    return false;
}

/* Stops the server (SIGTERM, then SIGKILL past SERVER_STOP_MS); its last
 * line, "stopped: ...", into `last` when it printed one. */
static void stop_server(struct load *ld, char *last, size_t size)
{
    if (last != NULL)
        last[0] = '\0';
    if (ld->server <= 0)
        return;
    kill(ld->server, SIGTERM);
    int64_t until = clock_ms() + SERVER_STOP_MS;
    bool gone = false;
    while (!gone && clock_ms() < until) {
        gone = waitpid(ld->server, NULL, WNOHANG) == ld->server;
        if (!gone) {
            struct timespec ts = {0, 20 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    if (!gone) {
        kill(ld->server, SIGKILL);
        waitpid(ld->server, NULL, 0);
    }
    ld->server = 0;
    FILE *f = fopen(ld->log, "r");
    char line[256];
    while (last != NULL && f != NULL && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "stopped:", 8) == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(last, size, "%s", line);
        }
    if (f != NULL)
        fclose(f);
}

/* The records the server wrote: its *.sgf files; -1 when the folder
 * cannot be read. */
static long count_records(const char *dir)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/data/mnk/server/games", dir);
    DIR *d = opendir(path);
    if (d == NULL)
        return errno == ENOENT ? 0 : -1;
    long n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        n += len > 4 && strcmp(e->d_name + len - 4, ".sgf") == 0;
    }
    closedir(d);
    return n;
}

/* ---- the players ---- */

__attribute__((format(printf, 3, 4))) static void fail(struct load *ld, struct seat *p,
                                                       const char *fmt, ...)
{
    if (p->state == P_FAILED)
        return;
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (ld->failed < FAILS_SHOWN)
        fprintf(stderr, "netload: game %d (%s): %s\n", p->pair->game,
                p->side == 0 ? "creator" : "joiner", why);
    ld->failed++;
    if (p->state == P_LOBBY && !p->ready)
        ld->in_flight--;
    link_free(p->link);
    netgame_free(p->ng);
    p->link = NULL;
    p->ng = NULL;
    p->state = P_FAILED;
}

static void connect_player(struct load *ld, struct seat *p)
{
    struct link_config c = {.known_file = ld->known};
    char err[512];
    p->link = link_connect(ld->address, &c, err, sizeof err);
    p->state = P_LOBBY;
    ld->in_flight++;
    p->due = true;
    if (p->link == NULL) {
        fail(ld, p, "%s", err);
        return;
    }
    struct wire_msg m = {.type = WIRE_NAME};
    snprintf(m.name, sizeof m.name, "%c%d", p->side == 0 ? 'c' : 'j',
             (int)(p->pair - ld->pairs));
    link_send(p->link, &m, err, sizeof err);
}

/* A move near the centre: random empty cells ever farther out, then the
 * first empty one. */
static int pick_move(const struct board *b, struct rng *r)
{
    int cx = b->width / 2, cy = b->height / 2;
    int far = b->width > b->height ? b->width : b->height;
    for (int radius = 2; radius <= far; radius++)
        for (int t = 0; t < 6; t++) {
            int x = cx - radius + (int)rng_below(r, (uint32_t)(2 * radius + 1));
            int y = cy - radius + (int)rng_below(r, (uint32_t)(2 * radius + 1));
            if (board_inside(b, x, y) && board_at(b, board_pos(b, x, y)) == STONE_NONE)
                return board_pos(b, x, y);
        }
    for (int pos = 0; pos < board_cells(b); pos++)
        if (board_at(b, pos) == STONE_NONE)
            return pos;
    return -1;
}

static void note_latency(struct load *ld, int64_t us)
{
    if (!ld->running)
        return;
    if (ld->n_lat == ld->cap_lat) {
        size_t cap = ld->cap_lat > 0 ? 2 * ld->cap_lat : 65536;
        uint32_t *more = realloc(ld->lat_us, cap * sizeof *more);
        if (more == NULL)
            return;
        ld->lat_us = more;
        ld->cap_lat = cap;
    }
    ld->lat_us[ld->n_lat++] = us < 0 ? 0 : us > UINT32_MAX ? UINT32_MAX : (uint32_t)us;
}

static void lobby_step(struct load *ld, struct seat *p)
{
    struct pair *pr = p->pair;
    char err[512];
    for (int n = 0; n < 16 && p->state == P_LOBBY; n++) {
        struct wire_msg m;
        enum link_event ev = link_poll(p->link, &m);
        if (ev == LINK_IDLE)
            break;
        if (ev == LINK_READY) {
            p->ready = true;
            ld->in_flight--;
            ld->connected++;
            ld->pinned = true;
            continue;
        }
        if (ev != LINK_MESSAGE) {
            fail(ld, p, "%s", link_error(p->link)[0] != '\0' ? link_error(p->link)
                                                              : "the server closed the link");
            return;
        }
        if (m.type == WIRE_NAME) {
            p->named = true;
        } else if (m.type == WIRE_SEAT) {
            struct netgame_options no = {0};
            struct link *l = p->link;
            p->link = NULL;
            if (p->side == 0) {
                pr->game = m.seat.game;
                pr->p[1].due = true;
            }
            p->ng = netgame_join_seat(l, ld->address, ld->known, &m.seat, &no, err, sizeof err);
            if (p->ng == NULL) {
                fail(ld, p, "%s", err);
                return;
            }
            p->state = P_PLAYING;
            p->due = true;
            return;
        } else if (m.type == WIRE_REFUSED || m.type == WIRE_ERROR) {
            fail(ld, p, "the server says: %s", m.text);
            return;
        }
    }
    if (p->state != P_LOBBY || !p->named || p->asked)
        return;
    struct wire_msg m;
    if (p->side == 0) {
        struct netgame_settings st = {.width = 15, .height = 15, .win = 5,
                                      .rule = RULE_FREESTYLE, .opening = OPENING_NONE,
                                      .black = WIRE_HOST};
        tc_parse(ld->o.tc, &st.tc, err, sizeof err);
        m = (struct wire_msg){.type = WIRE_CREATE};
        netgame_settings_wire(&st, &m.settings);
    } else if (pr->game > 0) {
        m = (struct wire_msg){.type = WIRE_JOIN, .seat = {.game = pr->game}};
    } else {
        return; /* the creator's seat first */
    }
    p->asked = true;
    if (!link_send(p->link, &m, err, sizeof err))
        fail(ld, p, "%s", err);
}

static void on_event(struct load *ld, struct seat *p, const struct netgame_event *ev)
{
    struct pair *pr = p->pair;
    switch (ev->kind) {
    case NETGAME_EV_STARTED:
        if (!p->started) {
            p->started = true;
            if (pr->p[1 - p->side].started && !pr->seated) {
                pr->seated = true;
                ld->seated++;
            }
        }
        p->move_at = -1;
        return;
    case NETGAME_EV_MOVE:
        ld->moves++;
        if (ld->running)
            ld->moves_run++;
        if (pr->sent_ply == ev->ply && pr->sent_side != p->side) {
            note_latency(ld, clock_us() - pr->sent_us);
            pr->sent_ply = 0;
        }
        return;
    case NETGAME_EV_OVER:
        if (p->side == 0) {
            ld->overs++;
            if (netgame_ask(p->ng, NETGAME_ASK_REMATCH) != NETGAME_OK)
                fail(ld, p, "no rematch: %s", netgame_why(p->ng));
        }
        return;
    case NETGAME_EV_OFFER:
        if (netgame_answer(p->ng, ev->ask == NETGAME_ASK_REMATCH) != NETGAME_OK)
            fail(ld, p, "cannot answer: %s", netgame_why(p->ng));
        return;
    case NETGAME_EV_ANSWER:
        if (!ev->yes)
            fail(ld, p, "the %s was refused", netgame_ask_name(ev->ask));
        return;
    case NETGAME_EV_CLOCK:
        ld->clock_notes++;
        return;
    case NETGAME_EV_DROPPED:
    case NETGAME_EV_STOPPED:
    case NETGAME_EV_ENDED:
    case NETGAME_EV_ABANDONED:
        fail(ld, p, "%s%s%s",
             ev->kind == NETGAME_EV_DROPPED   ? "link dropped"
             : ev->kind == NETGAME_EV_STOPPED ? "stopped"
             : ev->kind == NETGAME_EV_ENDED   ? "ended"
                                              : "the other side left",
             ev->text[0] != '\0' ? ": " : "", ev->text);
        return;
    default:
        return;
    }
}

static void game_step(struct load *ld, struct seat *p, int64_t now)
{
    struct pair *pr = p->pair;
    for (int round = 0; round < 2 && p->state == P_PLAYING; round++) {
        struct netgame_event ev;
        int n = 0;
        while (p->state == P_PLAYING && n < EVENTS_PER_STEP && netgame_poll(p->ng, &ev)) {
            on_event(ld, p, &ev);
            n++;
        }
        if (n == EVENTS_PER_STEP)
            p->due = true; /* more may wait where poll() cannot see them */
        if (p->state != P_PLAYING || !netgame_my_turn(p->ng)) {
            if (p->state == P_PLAYING)
                p->move_at = -1;
            return;
        }
        if (p->move_at < 0) {
            int think = ld->o.think_ms;
            p->move_at = now + think / 2 + (think > 0 ? (int)rng_below(&p->rng, (uint32_t)think + 1) : 0);
        }
        if (now < p->move_at)
            return;
        const struct game *g = netgame_game(p->ng);
        int pos = pick_move(&g->board, &p->rng);
        if (pos < 0 || netgame_move(p->ng, pos, netgame_elapsed_ms(p->ng)) != NETGAME_OK) {
            fail(ld, p, "move refused: %s", netgame_why(p->ng));
            return;
        }
        p->move_at = -1;
        pr->sent_ply = netgame_game(p->ng)->ply;
        pr->sent_side = p->side;
        pr->sent_us = clock_us();
        /* Round two sends it now rather than at the next turn of the loop. */
    }
}

static void step_player(struct load *ld, struct seat *p, int64_t now)
{
    p->due = false;
    if (p->state == P_LOBBY)
        lobby_step(ld, p);
    if (p->state == P_PLAYING)
        game_step(ld, p, now);
    int t = -1;
    if (p->state == P_LOBBY)
        t = link_timeout_ms(p->link);
    else if (p->state == P_PLAYING)
        t = netgame_timeout_ms(p->ng);
    p->wake_ms = t < 0 ? INT64_MAX : now + t;
    if (p->move_at >= 0 && p->move_at < p->wake_ms)
        p->wake_ms = p->move_at;
}

/* ---- the loop ---- */

static bool room_for_fds(struct load *ld, size_t need)
{
    if (need <= ld->cap_fds)
        return true;
    struct pollfd *fds = realloc(ld->fds, need * sizeof *fds);
    if (fds == NULL)
        return false;
    ld->fds = fds;
    int *owner = realloc(ld->owner, need * sizeof *owner);
    if (owner == NULL)
        return false;
    ld->owner = owner;
    ld->cap_fds = need;
    return true;
}

/* New connections: the first alone (it pins the server's key), then up
 * to --batch shaking hands at once. */
static void ramp(struct load *ld)
{
    int total = 2 * ld->o.games;
    while (ld->next_connect < total && ld->in_flight < (ld->pinned ? ld->o.batch : 1)) {
        int i = ld->next_connect++;
        connect_player(ld, &ld->pairs[i / 2].p[i % 2]);
    }
}

/* Polls and steps every player once; false when poll fails. */
static bool turn(struct load *ld)
{
    int total = 2 * ld->o.games;
    if (!room_for_fds(ld, (size_t)total * NETGAME_FDS_MAX))
        return false;
    size_t n = 0;
    int64_t now = clock_ms(), wake = now + 250;
    for (int i = 0; i < total; i++) {
        struct seat *p = &ld->pairs[i / 2].p[i % 2];
        if (p->state == P_LOBBY && link_fd(p->link) >= 0) {
            ld->fds[n] = (struct pollfd){.fd = link_fd(p->link), .events = link_events(p->link)};
            ld->owner[n++] = i;
        } else if (p->state == P_PLAYING) {
            struct pollfd f[NETGAME_FDS_MAX];
            int k = netgame_pollfds(p->ng, f);
            for (int j = 0; j < k; j++) {
                ld->fds[n] = f[j];
                ld->owner[n++] = i;
            }
        }
        if (p->state == P_LOBBY || p->state == P_PLAYING) {
            if (p->due)
                wake = now;
            else if (p->wake_ms < wake)
                wake = p->wake_ms;
        }
    }
    int timeout = wake <= now ? 0 : (int)(wake - now);
    int64_t before = clock_us();
    if (ld->running)
        ld->busy_us += before - ld->turn_us;
    if (poll(ld->fds, (nfds_t)n, timeout) < 0 && errno != EINTR)
        return false;
    ld->turn_us = clock_us();
    ld->turns += ld->running;
    for (size_t j = 0; j < n; j++)
        if (ld->fds[j].revents != 0)
            ld->pairs[ld->owner[j] / 2].p[ld->owner[j] % 2].due = true;
    now = clock_ms();
    for (int i = 0; i < total; i++) {
        struct seat *p = &ld->pairs[i / 2].p[i % 2];
        if ((p->state == P_LOBBY || p->state == P_PLAYING) && (p->due || p->wake_ms <= now))
            step_player(ld, p, now);
    }
    return true;
}

/* Games with both players on and the game going (not over), now. */
static int games_on(const struct load *ld)
{
    int n = 0;
    for (int i = 0; i < ld->o.games; i++) {
        const struct pair *pr = &ld->pairs[i];
        if (!pr->seated || pr->p[0].state != P_PLAYING || pr->p[1].state != P_PLAYING)
            continue;
        n++;
    }
    return n;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static double pct_ms(const uint32_t *v, size_t n, double q)
{
    if (n == 0)
        return 0;
    size_t i = (size_t)(q * (double)(n - 1) + 0.5);
    return v[i] / 1000.0;
}

#define CONNECTION_KB 4096 /* this process's memory for one client link */

/* Whether the machine has the memory the run's clients take
 * (/proc/meminfo's MemAvailable); true when it cannot say. */
static bool enough_memory(int games)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    long avail = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "MemAvailable: %ld kB", &avail) == 1)
            break;
    if (f != NULL)
        fclose(f);
    long need = 2L * games * CONNECTION_KB;
    if (avail >= 0 && need > avail) {
        fprintf(stderr,
                "netload: %d games need about %ld MiB here, and %ld MiB are available: ask "
                "for fewer games\n",
                games, need / 1024, avail / 1024);
        return false;
    }
    return true;
}

/* Raises the soft limit of descriptors to the hard one: false (said why)
 * when even that is fewer than the run needs. */
static bool enough_fds(int need)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0)
        return true;
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < (rlim_t)need) {
        fprintf(stderr,
                "netload: %d games need %d descriptors, and this process may open %llu "
                "(ulimit -Hn): ask for fewer games\n",
                need / 2, need, (unsigned long long)r.rlim_cur);
        return false;
    }
    return true;
}

static int run(struct load *ld)
{
    const struct options *o = &ld->o;
    ld->pairs = calloc((size_t)o->games, sizeof *ld->pairs);
    if (ld->pairs == NULL) {
        fprintf(stderr, "netload: out of memory\n");
        return 1;
    }
    for (int i = 0; i < o->games; i++)
        for (int s = 0; s < 2; s++) {
            struct seat *p = &ld->pairs[i].p[s];
            p->pair = &ld->pairs[i];
            p->side = s;
            p->move_at = -1;
            p->wake_ms = INT64_MAX;
            rng_seed(&p->rng, o->seed * 1000003u + (uint64_t)(2 * i + s));
        }
    long rss0 = proc_status_kb(ld->server, "VmRSS");
    int64_t ramp_start = clock_ms();
    int64_t ramp_limit = ramp_start + 30000 + 60 * (int64_t)o->games;
    while (!stop_now && ld->seated + ld->failed < o->games && clock_ms() < ramp_limit) {
        ramp(ld);
        if (!turn(ld))
            break;
        if (ld->failed > 0)
            break;
    }
    double ramp_s = (double)(clock_ms() - ramp_start) / 1000.0;
    bool reached = ld->seated == o->games;
    printf("netload: %d games, 15x15 freestyle on a %s clock, on %s, think %d-%d ms\n",
           o->games, o->tc, ld->address, o->think_ms / 2, o->think_ms / 2 + o->think_ms);
    printf("ramp: %d connections, %d games under way in %.1f s\n", ld->connected, ld->seated,
           ramp_s);
    if (!reached || stop_now) {
        if (!stop_now)
            fprintf(stderr, "netload: only %d of %d games got under way\n", ld->seated, o->games);
        return 1;
    }
    /* The run's window. */
    ld->running = true;
    ld->turn_us = clock_us();
    long rss1 = proc_status_kb(ld->server, "VmRSS");
    double cpu0 = proc_cpu_s(ld->server);
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    int64_t t0 = clock_ms(), end = t0 + (int64_t)o->seconds * 1000, next_sample = t0 + 1000;
    int least = games_on(ld), most = least;
    long rss_max = rss1;
    while (!stop_now && clock_ms() < end) {
        if (!turn(ld))
            break;
        if (clock_ms() >= next_sample) {
            next_sample += 1000;
            int on = games_on(ld);
            least = on < least ? on : least;
            most = on > most ? on : most;
            long rss = proc_status_kb(ld->server, "VmRSS");
            rss_max = rss > rss_max ? rss : rss_max;
        }
    }
    double secs = (double)(clock_ms() - t0) / 1000.0;
    double cpu1 = proc_cpu_s(ld->server);
    long hwm = proc_status_kb(ld->server, "VmHWM");
    getrusage(RUSAGE_SELF, &ru1);
    int on = games_on(ld);
    least = on < least ? on : least;
    ld->running = false;
    double self_s = (double)(ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec) +
                    (double)(ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) +
                    (double)(ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec) / 1e6 +
                    (double)(ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) / 1e6;

    printf("games: %d at once (fewest %d, most %d during the run), %ld ended and rematched\n",
           on, least, most, ld->overs);
    printf("server memory: %.1f MiB before the clients, %.1f MiB at full load, %.1f MiB at "
           "most (peak %.1f MiB): %.1f KiB a game\n",
           rss0 / 1024.0, rss1 / 1024.0, rss_max / 1024.0, hwm / 1024.0,
           (double)(rss_max - rss0) / o->games);
    printf("moves: %ld relayed in %.1f s: %.0f a second (%ld since the first game)\n",
           ld->moves_run, secs, ld->moves_run / secs, ld->moves);
    qsort(ld->lat_us, ld->n_lat, sizeof *ld->lat_us, cmp_u32);
    printf("latency (one client sends, the other receives): median %.2f ms, p99 %.2f ms, "
           "max %.2f ms over %zu moves\n",
           pct_ms(ld->lat_us, ld->n_lat, 0.5), pct_ms(ld->lat_us, ld->n_lat, 0.99),
           ld->n_lat > 0 ? ld->lat_us[ld->n_lat - 1] / 1000.0 : 0.0, ld->n_lat);
    printf("cpu: the server %.1f s in %.1f s (%.0f%% of a core), this tool %.1f s (%.0f%%, "
           "%.0f MiB at most)\n",
           cpu1 - cpu0, secs, 100 * (cpu1 - cpu0) / secs, self_s, 100 * self_s / secs,
           proc_status_kb(getpid(), "VmHWM") / 1024.0);
    printf("loop: %ld turns a second, %.2f ms each outside poll() (%.0f%% of the time)\n",
           (long)(ld->turns / secs), ld->turns > 0 ? ld->busy_us / 1000.0 / ld->turns : 0.0,
           ld->busy_us / 1e4 / secs);
    printf("clock: %ld moves charged more than their client said (lag beyond the allowance)\n",
           ld->clock_notes);
    printf("failures: %d\n", ld->failed);
    if (stop_now)
        return 1;
    if (ld->moves_run == 0) {
        fprintf(stderr, "netload: no move was relayed during the run\n");
        return 1;
    }
    return ld->failed > 0 || least < o->games ? 1 : 0;
}

int main(int argc, char **argv)
{
    struct load ld = {0};
    if (!parse_args(argc, argv, &ld.o)) {
        usage();
        return 2;
    }
    if (!enough_fds(2 * ld.o.games + 64) || !enough_memory(ld.o.games))
        return 1;
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    const char *tmp = getenv("TMPDIR");
    snprintf(ld.dir, sizeof ld.dir, "%s/mnk-netload-XXXXXX",
             tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
    if (mkdtemp(ld.dir) == NULL) {
        fprintf(stderr, "netload: %s: %s\n", ld.dir, strerror(errno));
        return 1;
    }
    snprintf(ld.known, sizeof ld.known, "%s/known", ld.dir);
    snprintf(ld.log, sizeof ld.log, "%s/server.log", ld.dir);
    int ramp_limit_s = 30 + (60 * ld.o.games + 999) / 1000;
    int status = 1;
    if (start_server(&ld, ramp_limit_s + ld.o.seconds + 30))
        status = run(&ld);
    /* The clients go first, with no goodbye: the server then has nothing
     * left to wait for when it closes. */
    for (int i = 0; ld.pairs != NULL && i < ld.o.games; i++)
        for (int s = 0; s < 2; s++) {
            link_free(ld.pairs[i].p[s].link);
            netgame_free(ld.pairs[i].p[s].ng);
        }
    char last[256];
    stop_server(&ld, last, sizeof last);
    if (last[0] != '\0')
        printf("server: %s\n", last);
    /* The server's own account must cover what the clients saw: a record
     * for every game that ended, every move relayed. */
    int finished = 0;
    long server_moves = -1, records = count_records(ld.dir);
    if (sscanf(last, "stopped: %d games finished, %ld moves", &finished, &server_moves) != 2)
        server_moves = -1;
    if (status == 0) {
        printf("records: %ld for %ld games ended; moves: the server counted %ld, the clients "
               "%ld\n",
               records, ld.overs, server_moves, ld.moves);
        if (records < ld.overs || server_moves < ld.moves) {
            fprintf(stderr, "netload: the server's records or its count of moves fall short\n");
            status = 1;
        }
    }
    if (stop_now)
        fprintf(stderr, "netload: interrupted\n");
    if (ld.o.keep)
        printf("kept: %s (the server's log and its records)\n", ld.dir);
    else
        remove_tree(ld.dir);
    free(ld.pairs);
    free(ld.lat_us);
    free(ld.fds);
    free(ld.owner);
    return status;
}
