/* cmd_server.c — `mnk server`: a lobby where many players meet, list the
 * games, open, join and watch them (play/server.h), until stopped. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "play/server.h"
#include "storage/safefile.h"
#include "tui/saves.h"

struct server_flags {
    long port;
    const char *bind;
    const char *records;
    const char *live;
    const char *cert, *key;
    long clients;
    long seconds;
};

static const struct server_flags server_defaults = {.port = SERVER_DEFAULT_PORT};

static const struct args_option server_options[] = {
    { .name = "port", .kind = ARGS_INT, .min = 0, .max = 65535, .metavar = "P",
      .offset = offsetof(struct server_flags, port), .show_default = true,
      .help = N_("the TCP port to listen on (0: any free one, printed)") },
    { .name = "bind", .kind = ARGS_STRING, .metavar = "ADDRESS",
      .offset = offsetof(struct server_flags, bind),
      .help = N_("listen on this address only (127.0.0.1, ::1, ...); by default on all") },
    { .name = "records", .kind = ARGS_PATH, .metavar = "DIR",
      .offset = offsetof(struct server_flags, records),
      .help = N_("where each finished game's SGF record goes; by default the data "
              "directory's server/games") },
    { .name = "live", .kind = ARGS_PATH, .metavar = "DIR",
      .offset = offsetof(struct server_flags, live),
      .help = N_("where each game under way is kept, one file a game, so that it goes on "
              "after a restart or a crash; by default the data directory's server/live") },
    { .name = "cert", .kind = ARGS_PATH, .metavar = "FILE",
      .offset = offsetof(struct server_flags, cert),
      .help = N_("the server's certificate (PEM), with --key; by default its own, made on "
              "the first start and kept in the data directory") },
    { .name = "key", .kind = ARGS_PATH, .metavar = "FILE",
      .offset = offsetof(struct server_flags, key),
      .help = N_("the private key of --cert (PEM)") },
    { .name = "max-clients", .kind = ARGS_INT, .min = 2, .max = 1000000, .metavar = "N",
      .offset = offsetof(struct server_flags, clients),
      .help = N_("connections at once, at most (default 8192)") },
    { .name = "for", .kind = ARGS_INT, .min = 1, .max = 100000000, .metavar = "SECONDS",
      .offset = offsetof(struct server_flags, seconds),
      .help = N_("stop after this long (by default: when interrupted)") },
};

static const struct args_command server_command = {
    .name = "server",
    .about = N_("Runs a server where players meet: each connects with 'mnk join HOST' and a "
             "name, lists the games, opens one, sits down at one or watches one. The server "
             "is the referee of every game and keeps each finished one as a record. It "
             "prints its port and its key's fingerprint, then a line for each thing that "
             "happens, until interrupted."),
    .options = server_options,
    .n_options = sizeof server_options / sizeof server_options[0],
    .defaults = &server_defaults,
    .max_operands = 0,
};

static volatile sig_atomic_t stop_now;

static void on_signal(int sig)
{
    (void)sig;
    stop_now = 1;
}

static void print_line(void *ctx, const char *line)
{
    (void)ctx;
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    printf("%s %s\n", stamp, line);
    fflush(stdout);
}

/* As many descriptors as the system lets this process have: a game is two
 * connections. */
static void raise_fd_limit(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

int cmd_server(int argc, char **argv)
{
    struct server_flags f = server_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&server_command, argc, argv, &f, &ops, &status))
        return status;
    if ((f.cert == NULL) != (f.key == NULL)) {
        args_error("server", "%s", _("--cert and --key go together"));
        return ARGS_EXIT_USAGE;
    }
    char data[1024], own[1100], records[1100], err[512];
    /* The data directory: where the statistics file lies. */
    bool have_data = saves_stats_path(data, sizeof data, err, sizeof err);
    if (have_data && strrchr(data, '/') != NULL)
        *strrchr(data, '/') = '\0';
    struct link_identity *id = NULL;
    if (f.cert != NULL) {
        id = link_identity_load(f.cert, f.key, err, sizeof err);
    } else if (have_data) {
        snprintf(own, sizeof own, "%s/server", data);
        char probe[1200];
        snprintf(probe, sizeof probe, "%s/x", own);
        if (safefile_make_parents(probe, err, sizeof err))
            id = link_identity_own(own, err, sizeof err);
    } else {
        snprintf(err, sizeof err, "%s", _("HOME is not set: give --cert and --key"));
    }
    if (id == NULL) {
        args_error("server", "%s", err);
        return 1;
    }
    if (f.records != NULL)
        snprintf(records, sizeof records, "%s", f.records);
    else if (have_data)
        snprintf(records, sizeof records, "%s/server/games", data);
    else
        records[0] = '\0';
    char probe[1200];
    snprintf(probe, sizeof probe, "%s/x", records);
    if (records[0] != '\0' && !safefile_make_parents(probe, err, sizeof err)) {
        args_error("server", "%s", err);
        link_identity_free(id);
        return 1;
    }
    char live[1100];
    if (f.live != NULL)
        snprintf(live, sizeof live, "%s", f.live);
    else if (have_data)
        snprintf(live, sizeof live, "%s/server/live", data);
    else
        live[0] = '\0';
    snprintf(probe, sizeof probe, "%s/x", live);
    if (live[0] != '\0' && !safefile_make_parents(probe, err, sizeof err)) {
        args_error("server", "%s", err);
        link_identity_free(id);
        return 1;
    }
    raise_fd_limit();
    struct server_options o = {
        .bind = f.bind != NULL && f.bind[0] != '\0' ? f.bind : NULL,
        .port = (int)f.port,
        .identity = id,
        .records_dir = records[0] != '\0' ? records : NULL,
        .live_dir = live[0] != '\0' ? live : NULL,
        .clients_max = (int)f.clients,
        .log = print_line,
    };
    struct server *s = server_new(&o, err, sizeof err);
    if (s == NULL) {
        args_error("server", "%s", err);
        link_identity_free(id);
        return 1;
    }
    printf("port %d\nkey %s\n", server_port(s), link_identity_fingerprint(id));
    if (o.records_dir != NULL)
        printf("records %s\n", o.records_dir);
    if (o.live_dir != NULL)
        printf("live %s\n", o.live_dir);
    fflush(stdout);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    int64_t until = f.seconds > 0 ? clock_ms() + f.seconds * 1000 : -1;
    while (!stop_now && (until < 0 || clock_ms() < until)) {
        struct pollfd *fds;
        size_t n = server_pollfds(s, &fds);
        int wait = server_timeout_ms(s);
        if (until >= 0 && (wait < 0 || until - clock_ms() < wait))
            wait = (int)(until - clock_ms() > 0 ? until - clock_ms() : 0);
        if (poll(fds, (nfds_t)n, wait) < 0 && errno != EINTR)
            break;
        server_step(s);
    }
    struct server_counts c;
    server_counts(s, &c);
    printf("stopped: %d games finished, %ld moves\n", c.finished, c.moves);
    server_free(s);
    link_identity_free(id);
    return 0;
}
