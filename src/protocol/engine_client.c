/* engine_client.c — an external Gomocup engine behind struct ai; see
 * engine_client.h. */
#include "protocol/engine_client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/linebuf.h"
#include "protocol/proto.h"
#include "mnk/clock.h"
#include "mnk/rules.h"

#define START_WAIT_MS 10000  /* a process starting and loading its tables */
#define GRACE_MS 1000        /* beyond the move's budget: a busy machine */
#define FIRST_MOVE_MS 5000   /* more for the first move after START: engines
                                set up their tables on the INFO lines */
#define END_WAIT_MS 1000     /* for the engine to leave after END */
#define FAIL_WAIT_MS 200     /* for an engine that closed its output to exit */
#define CLOSE_FDS_MAX 4096   /* descriptors the child closes, at most */
#define STOP_POLL_MS 50      /* how often a cancellable wait looks at the flag */
#define WRITE_WAIT_MS 5000   /* for an engine to make room in its input pipe */

struct client {
    pid_t pid;             /* the engine (and its process group); 0 once reaped */
    int to;                /* its standard input, -1 once closed */
    int from;              /* its standard output, -1 once closed */
    struct linebuf in;
    struct engine_client_options opts;
    bool started;          /* START answered OK for width × height */
    bool fresh;            /* no move asked for since START */
    int width, height;
    enum rule rule;
    int sent_turn_ms;      /* the last timeout_turn sent */
    int sent_match_ms;     /* the last timeout_match sent */
    bool known_valid;      /* `known` is the engine's idea of the board */
    enum stone side;       /* the colour the engine played in `known` */
    struct board known;    /* the position after the engine's last move */
    bool pending;          /* a move was asked for, then cancelled: its answer
                              is still to come and must be thrown away */
    int64_t pending_deadline;
    char failure[200];     /* why it stopped playing; empty while it plays */
    bool missing;          /* it stopped as the shell does when the command
                              is not found or cannot be run (126, 127) */
    char msg[16 + BOARD_MAX_CELLS * 10]; /* a BOARD block: "x,y,f\n" <= 9 bytes */
};

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Waits up to wait_ms for the engine to exit, then kills its process group,
 * and reaps it. Returns its wait status, or -1 if it was reaped before. */
static int reap(struct client *c, int wait_ms)
{
    if (c->pid <= 0)
        return -1;
    int status = 0;
    pid_t got = 0;
    for (int waited = 0; ; waited += 10) {
        got = waitpid(c->pid, &status, WNOHANG);
        if (got != 0 && !(got < 0 && errno == EINTR))
            break;
        if (waited >= wait_ms)
            break;
        sleep_ms(10);
    }
    /* Whatever the shell left behind in the group goes too. */
    kill(-c->pid, SIGKILL);
    if (got == 0)
        while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
            ;
    c->pid = 0;
    return got < 0 ? -1 : status;
}

/* Records why the engine stopped (the first reason wins), stops it, and
 * returns -1 for choose() to pass on. */
__attribute__((format(printf, 2, 3)))
static int fail(struct client *c, const char *fmt, ...)
{
    if (c->failure[0] == '\0') {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->failure, sizeof c->failure, fmt, ap);
        va_end(ap);
    }
    close_fd(&c->to);
    reap(c, 0);
    close_fd(&c->from);
    return -1;
}

/* The engine closed its output: say how it ended if it did. */
static int fail_gone(struct client *c)
{
    close_fd(&c->to);
    int status = reap(c, FAIL_WAIT_MS);
    c->missing = status >= 0 && WIFEXITED(status) &&
                 (WEXITSTATUS(status) == 127 || WEXITSTATUS(status) == 126);
    if (c->missing)
        return fail(c, "engine could not be started (exit status %d)", WEXITSTATUS(status));
    if (status >= 0 && WIFEXITED(status))
        return fail(c, "engine exited with status %d", WEXITSTATUS(status));
    if (status >= 0 && WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
        return fail(c, "engine died of signal %d", WTERMSIG(status));
    return fail(c, "engine closed its output");
}

/* Writes all n bytes to the engine's non-blocking input, waiting at most
 * WRITE_WAIT_MS for room: an engine that stops reading cannot hang us. */
static bool write_all(int fd, const char *p, size_t n)
{
    int64_t deadline = clock_ms() + WRITE_WAIT_MS;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            int64_t left = deadline - clock_ms();
            struct pollfd pfd = { .fd = fd, .events = POLLOUT };
            if (left <= 0 || (poll(&pfd, 1, (int)left) < 0 && errno != EINTR))
                return false;
            continue;
        }
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Sends one line (the newline is added). False, with the engine stopped,
 * when it cannot be written. */
__attribute__((format(printf, 2, 3)))
static bool sendf(struct client *c, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1) {
        fail(c, "internal error: command too long");
        return false;
    }
    line[n++] = '\n';
    if (c->to < 0 || !write_all(c->to, line, (size_t)n)) {
        fail_gone(c);
        return false;
    }
    return true;
}

enum reply { REPLY_OK, REPLY_FAILED, REPLY_STOPPED };

/* Reads lines until one that is not chatter arrives, or the deadline (a
 * clock_ms() value) passes, or *stop (if not NULL) is set. `want_ok` makes
 * ERROR and UNKNOWN answers (to START) count as answers rather than chatter.
 * REPLY_FAILED, with the engine stopped, on timeout or end of output; the raw
 * line goes to raw. */
static enum reply await_reply(struct client *c, int64_t deadline, bool want_ok,
                              const atomic_bool *stop, struct proto_cmd *cmd,
                              char *raw, size_t rawsize)
{
    for (;;) {
        const char *line;
        size_t len;
        bool cut;
        while (linebuf_next(&c->in, &line, &len, &cut)) {
            proto_parse(line, len, cmd);
            switch (cmd->kind) {
            case PROTO_EMPTY:
            case PROTO_MESSAGE:
            case PROTO_DEBUG:
                continue;
            case PROTO_ERROR:
            case PROTO_UNKNOWN:
            case PROTO_OK:
                if (!want_ok)
                    continue;
                break;
            default:
                break;
            }
            snprintf(raw, rawsize, "%.*s", (int)(len < 80 ? len : 80), line);
            return REPLY_OK;
        }
        if (linebuf_eof(&c->in)) {
            fail_gone(c);
            return REPLY_FAILED;
        }
        if (stop != NULL && atomic_load(stop))
            return REPLY_STOPPED;
        int64_t left = deadline - clock_ms();
        if (left <= 0) {
            fail(c, "engine did not answer in time");
            return REPLY_FAILED;
        }
        if (stop != NULL && left > STOP_POLL_MS)
            left = STOP_POLL_MS;
        struct pollfd pfd = { .fd = c->from, .events = POLLIN };
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno != EINTR) {
            fail(c, "poll: %s", strerror(errno));
            return REPLY_FAILED;
        }
        if (r > 0 && linebuf_fill(&c->in, c->from) < 0) {
            fail(c, "reading from the engine: %s", strerror(errno));
            return REPLY_FAILED;
        }
    }
}

/* Throws away the answer to a cancelled request, once it arrives. */
static bool drain_pending(struct client *c)
{
    if (!c->pending)
        return true;
    struct proto_cmd cmd;
    char raw[96];
    if (await_reply(c, c->pending_deadline, false, NULL, &cmd, raw, sizeof raw) != REPLY_OK)
        return false;
    c->pending = false;
    return true;
}

/* Drops whatever the engine said unasked (late chatter, a second answer), so
 * that the next line read answers the next request. False, with the engine
 * stopped, if it has gone. */
static bool discard_unasked(struct client *c)
{
    struct pollfd pfd = { .fd = c->from, .events = POLLIN };
    for (;;) {
        const char *line;
        size_t len;
        bool cut;
        while (linebuf_next(&c->in, &line, &len, &cut))
            ;
        if (linebuf_eof(&c->in) || poll(&pfd, 1, 0) <= 0 ||
            linebuf_fill(&c->in, c->from) < 0)
            break;
    }
    if (linebuf_eof(&c->in)) {
        fail_gone(c);
        return false;
    }
    return true;
}

/* START (or RECTSTART) for b's size, then the INFO settings: the turn's
 * time and the game's (0: none). */
static bool start(struct client *c, const struct board *b, int turn_ms, int match_ms)
{
    bool ok = b->width == b->height ? sendf(c, "START %d", b->width)
                                    : sendf(c, "RECTSTART %d,%d", b->width, b->height);
    if (!ok)
        return false;
    struct proto_cmd cmd;
    char raw[96];
    if (await_reply(c, clock_ms() + START_WAIT_MS + turn_ms, true, NULL, &cmd, raw,
                    sizeof raw) != REPLY_OK)
        return false;
    if (cmd.kind != PROTO_OK) {
        fail(c, "engine refused a %dx%d board: '%s'", b->width, b->height, raw);
        return false;
    }
    c->started = true;
    c->fresh = true;
    c->width = b->width;
    c->height = b->height;
    c->rule = b->rule;
    c->sent_turn_ms = turn_ms;
    c->sent_match_ms = match_ms;
    c->known_valid = false;
    return sendf(c, "INFO timeout_turn %d", turn_ms) &&
           sendf(c, "INFO timeout_match %d", match_ms) &&
           sendf(c, "INFO max_memory %zu", c->opts.memory) &&
           sendf(c, "INFO game_type 1") &&
           (c->opts.threads <= 0 || sendf(c, "INFO thread_num %d", c->opts.threads)) &&
           sendf(c, "INFO rule %d", proto_rule_bits(b->rule));
}

/* The cell of the one stone of `other` that b has more than `known`, or -1
 * when b is not `known` plus exactly that. */
static int one_more(const struct board *known, const struct board *b, enum stone other)
{
    if (b->stones != known->stones + 1)
        return -1;
    int added = -1;
    for (int pos = 0; pos < board_cells(b); pos++) {
        if (b->cell[pos] == known->cell[pos])
            continue;
        if (known->cell[pos] != STONE_NONE || b->cell[pos] != other || added >= 0)
            return -1;
        added = pos;
    }
    return added;
}

/* BOARD ... DONE with every stone of b: `side`'s as 1, the other's as 2.
 * The stones alternate, Black's first, as a game could have played them
 * (the leftover stones of the side with more follow at the end): engines
 * replay a BOARD block as a sequence of moves, and some insert a pass
 * wherever two stones of one colour follow each other, which confuses
 * their idea of whose stone is whose. */
static bool send_board(struct client *c, const struct board *b, enum stone side)
{
    char *msg = c->msg;
    size_t n = (size_t)snprintf(msg, sizeof c->msg, "BOARD\n");
    int next[2] = { 0, 0 }; /* the next cell to look at for Black, White */
    enum stone turn = STONE_BLACK;
    for (int sent = 0; sent < b->stones; sent++) {
        int k = turn == STONE_BLACK ? 0 : 1;
        int pos = next[k];
        while (pos < board_cells(b) && board_at(b, pos) != turn)
            pos++;
        if (pos == board_cells(b)) { /* none of `turn`'s left: the other's */
            next[k] = pos;
            turn = stone_other(turn);
            sent--;
            continue;
        }
        next[k] = pos + 1;
        n += (size_t)snprintf(msg + n, sizeof c->msg - n, "%d,%d,%d\n", board_x(b, pos),
                              board_y(b, pos), turn == side ? 1 : 2);
        if (next[1 - k] < board_cells(b))
            turn = stone_other(turn);
    }
    n += (size_t)snprintf(msg + n, sizeof c->msg - n, "DONE\n");
    if (c->to < 0 || !write_all(c->to, msg, n)) {
        fail_gone(c);
        return false;
    }
    return true;
}

/* The turn's time the limits tell the engine (timeout_turn). */
static int turn_of(const struct client *c, const struct ai_limits *limits)
{
    return limits->time_ms > 0 ? limits->time_ms
         : c->opts.time_ms > 0 ? c->opts.time_ms : ENGINE_CLIENT_DEFAULT_MS;
}

/* The game's time the limits tell the engine (timeout_match; 0: none). */
static int match_of(const struct ai_limits *limits)
{
    return limits->match_ms > 0 ? limits->match_ms : 0;
}

/* Readies the engine for a request about b: the answer to a cancelled
 * request thrown away, START for a new size or game, the rule, the turn's
 * and the game's time, and with a game clock the time left, as Piskvork
 * sends it before every move. The turn's time, or -1 with the engine
 * stopped. */
static int prepare(struct client *c, const struct board *b, const struct ai_limits *limits)
{
    if (c->failure[0] != '\0')
        return -1;
    int turn_ms = turn_of(c, limits), match_ms = match_of(limits);
    if (!drain_pending(c) || !discard_unasked(c))
        return -1;

    /* A new size, or a new game after an earlier one: start afresh. */
    bool new_game = b->stones == 0 && !c->fresh;
    if (!c->started || new_game || b->width != c->width || b->height != c->height) {
        if (!start(c, b, turn_ms, match_ms))
            return -1;
    }
    if (b->rule != c->rule) {
        if (!sendf(c, "INFO rule %d", proto_rule_bits(b->rule)))
            return -1;
        c->rule = b->rule;
    }
    if (turn_ms != c->sent_turn_ms) {
        if (!sendf(c, "INFO timeout_turn %d", turn_ms))
            return -1;
        c->sent_turn_ms = turn_ms;
    }
    if (match_ms != c->sent_match_ms) {
        if (!sendf(c, "INFO timeout_match %d", match_ms))
            return -1;
        c->sent_match_ms = match_ms;
    }
    if (match_ms > 0 && !sendf(c, "INFO time_left %d", limits->left_ms > 0 ? limits->left_ms : 0))
        return -1;
    return turn_ms;
}

/* The deadline of an answer asked for now under `limits`, in clock_ms()
 * terms: the turn's time, or until the flag when that is later (a late
 * answer then loses on time rather than by a timeout), and a grace. */
static int64_t answer_deadline(struct client *c, const struct ai_limits *limits, int turn_ms)
{
    int wait_ms = limits->time_max_ms > turn_ms ? limits->time_max_ms : turn_ms;
    int64_t deadline = clock_ms() + wait_ms + GRACE_MS + wait_ms / 4;
    if (c->fresh)
        deadline += FIRST_MOVE_MS;
    c->fresh = false;
    return deadline;
}

static int client_choose(void *state, const struct board *b, enum stone side,
                         const struct ai_limits *limits)
{
    struct client *c = state;
    int turn_ms = prepare(c, b, limits);
    if (turn_ms < 0)
        return -1;

    int added = c->known_valid && c->side == side
              ? one_more(&c->known, b, stone_other(side)) : -1;
    bool sent;
    if (added >= 0)
        sent = sendf(c, "TURN %d,%d", board_x(b, added), board_y(b, added));
    else if (b->stones == 0)
        sent = sendf(c, "BEGIN");
    else
        sent = send_board(c, b, side);
    if (!sent)
        return -1;

    struct proto_cmd cmd;
    char raw[96];
    int64_t deadline = answer_deadline(c, limits, turn_ms);
    switch (await_reply(c, deadline, false, limits->stop, &cmd, raw, sizeof raw)) {
    case REPLY_OK:
        break;
    case REPLY_FAILED:
        return -1;
    case REPLY_STOPPED:
        /* Cancelled: the answer will come later and is thrown away then; the
         * engine's position is unknown until a BOARD resets it. Any legal
         * cell keeps the contract of choose() (an empty one may be a cell
         * renju forbids Black; ai_choose promises a legal one). */
        c->pending = true;
        c->pending_deadline = deadline;
        c->known_valid = false;
        for (int pos = 0; pos < board_cells(b); pos++)
            if (rules_legal(b, side, pos))
                return pos;
        return -1;
    }
    if (cmd.kind != PROTO_COORDS)
        return fail(c, "engine answered '%s' instead of a move", raw);
    if (!board_inside(b, cmd.a, cmd.b))
        return fail(c, "engine played %d,%d, outside the board", cmd.a, cmd.b);
    int pos = board_pos(b, cmd.a, cmd.b);
    if (board_at(b, pos) != STONE_NONE)
        return fail(c, "engine played %d,%d, an occupied cell", cmd.a, cmd.b);
    c->known = *b;
    board_place(&c->known, pos, side);
    c->known_valid = true;
    c->side = side;
    return pos;
}

/* SWAP2BOARD with b's stones, Black's first and alternating (the order
 * within a colour is no matter: the position is the same), each with a
 * field as in BOARD: the engine is to move as White, so White's stones are
 * its own (1) and Black's the opponent's (2). Engines that read bare x,y
 * lines in order take the same position. */
static bool send_swap2(struct client *c, const struct board *b)
{
    char *msg = c->msg;
    size_t n = (size_t)snprintf(msg, sizeof c->msg, "SWAP2BOARD\n");
    int next[2] = { 0, 0 };
    for (int i = 0; i < b->stones; i++) {
        int k = i % 2;
        enum stone colour = k == 0 ? STONE_BLACK : STONE_WHITE;
        int pos = next[k];
        while (pos < board_cells(b) && board_at(b, pos) != colour)
            pos++;
        if (pos == board_cells(b))
            break; /* not Black's and White's alternately: the caller's fault */
        next[k] = pos + 1;
        n += (size_t)snprintf(msg + n, sizeof c->msg - n, "%d,%d,%d\n", board_x(b, pos),
                              board_y(b, pos), colour == STONE_WHITE ? 1 : 2);
    }
    n += (size_t)snprintf(msg + n, sizeof c->msg - n, "DONE\n");
    if (c->to < 0 || !write_all(c->to, msg, n)) {
        fail_gone(c);
        return false;
    }
    return true;
}

/* The opening through SWAP2BOARD: on an empty board the three stones; on 3
 * or 5 stones the engine's choice. Under plain swap (3 stones, !may_add)
 * two stones are read as keeping White with the first of them, which is
 * White's move either way. */
static bool client_opening(void *state, const struct board *b, bool may_add,
                           const struct ai_limits *limits, struct ai_opening *out)
{
    struct client *c = state;
    int turn_ms = prepare(c, b, limits);
    if (turn_ms < 0 || !send_swap2(c, b))
        return false;
    c->known_valid = false;
    struct proto_cmd cmd;
    char raw[96];
    int64_t deadline = answer_deadline(c, limits, turn_ms);
    /* ERROR and UNKNOWN count as answers here: an engine that does not know
     * SWAP2BOARD says so, and must not be waited for. */
    switch (await_reply(c, deadline, true, limits->stop, &cmd, raw, sizeof raw)) {
    case REPLY_OK:
        break;
    case REPLY_FAILED:
        return false;
    case REPLY_STOPPED:
        /* Cancelled: as for a move, the late answer is thrown away, and the
         * answer given keeps the contract (SWAP, or three empty cells). */
        c->pending = true;
        c->pending_deadline = deadline;
        out->swap = b->stones > 0;
        for (int pos = 0; pos < board_cells(b) && b->stones == 0 && out->n < 3; pos++)
            out->stone[out->n++] = pos;
        return true;
    }
    struct proto_swap2 a;
    const char *why = NULL;
    if (!proto_parse_swap2(raw, strlen(raw), &a, &why)) {
        fail(c, "engine answered '%s' to SWAP2BOARD (%s)", raw, why);
        return false;
    }
    int most = b->stones == 0 ? 3 : b->stones == 3 ? 2 : 1;
    if (b->stones == 0 ? a.swap || a.n != 3 : a.n > most) {
        fail(c, "engine answered '%s' to SWAP2BOARD with %d stones", raw, b->stones);
        return false;
    }
    out->swap = a.swap;
    out->n = a.n == 2 && !may_add ? 1 : a.n;
    struct board t = *b;
    for (int i = 0; i < a.n; i++) {
        if (!board_inside(b, a.x[i], a.y[i])) {
            fail(c, "engine placed %d,%d, outside the board", a.x[i], a.y[i]);
            return false;
        }
        int pos = board_pos(b, a.x[i], a.y[i]);
        if (board_at(&t, pos) != STONE_NONE) {
            fail(c, "engine placed %d,%d, an occupied cell", a.x[i], a.y[i]);
            return false;
        }
        board_place(&t, pos, t.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE);
        if (i < out->n)
            out->stone[i] = pos;
    }
    /* What the engine now plays, where it says: Black after SWAP, White
     * after one move. */
    if (a.swap || out->n == 1) {
        c->known = *b;
        if (out->n == 1)
            board_place(&c->known, out->stone[0], STONE_WHITE);
        c->side = a.swap ? STONE_BLACK : STONE_WHITE;
        c->known_valid = true;
    }
    return true;
}

static void client_reset(void *state)
{
    struct client *c = state;
    c->started = false; /* the next move sends START again */
    c->known_valid = false;
}

static void client_destroy(void *state)
{
    struct client *c = state;
    if (c == NULL)
        return;
    if (c->to >= 0) {
        static const char end[] = "END\n";
        write_all(c->to, end, sizeof end - 1);
        close_fd(&c->to);
    }
    reap(c, END_WAIT_MS);
    close_fd(&c->from);
    free(c);
}

static void *client_create(const struct ai_options *opts)
{
    (void)opts;
    return NULL;
}

const struct ai_strategy engine_client_strategy = {
    .name = "engine",
    .summary = "an external engine speaking the Gomocup protocol",
    .create = client_create,
    .destroy = client_destroy,
    .reset = client_reset,
    .choose = client_choose,
    .opening = client_opening,
};

static bool cloexec_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return false;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return true;
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void exec_child(const char *command, int in, int out, int err_fd, int max_fd)
{
    setpgid(0, 0);
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
        _exit(127);
    if (err_fd >= 0 && dup2(err_fd, STDERR_FILENO) < 0)
        _exit(127);
    for (int fd = STDERR_FILENO + 1; fd < max_fd; fd++)
        close(fd);
    struct sigaction dfl = { .sa_handler = SIG_DFL };
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGPIPE, &dfl, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
}

static void ignore_sigpipe(void)
{
    struct sigaction old;
    if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
        struct sigaction ign = { .sa_handler = SIG_IGN };
        sigemptyset(&ign.sa_mask);
        sigaction(SIGPIPE, &ign, NULL);
    }
}

bool engine_client_create(struct ai *ai, const char *command,
                          const struct engine_client_options *opts,
                          char *err, size_t errsize)
{
    memset(ai, 0, sizeof *ai);
    struct client *c = calloc(1, sizeof *c);
    if (c == NULL) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    c->to = c->from = -1;
    if (opts != NULL)
        c->opts = *opts;
    linebuf_init(&c->in);

    int in[2], out[2], null_fd = -1;
    if (!cloexec_pipe(in)) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        free(c);
        return false;
    }
    if (!cloexec_pipe(out)) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        free(c);
        return false;
    }
    if (c->opts.quiet_stderr)
        null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    long max_fd = sysconf(_SC_OPEN_MAX);
    if (max_fd < 0 || max_fd > CLOSE_FDS_MAX)
        max_fd = CLOSE_FDS_MAX;
    ignore_sigpipe();

    pid_t pid = fork();
    if (pid == 0)
        exec_child(command, in[0], out[1], c->opts.quiet_stderr ? null_fd : -1, (int)max_fd);
    int fork_errno = errno;
    close(in[0]);
    close(out[1]);
    if (null_fd >= 0)
        close(null_fd);
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(fork_errno));
        close(in[1]);
        close(out[0]);
        free(c);
        return false;
    }
    setpgid(pid, pid); /* also here, so a kill right away reaches the group */
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    c->pid = pid;
    c->to = in[1];
    c->from = out[0];
    ai->strategy = &engine_client_strategy;
    ai->state = c;
    return true;
}

bool engine_client_start(struct ai *ai, const struct board *b, const struct ai_limits *limits)
{
    if (ai->strategy != &engine_client_strategy || ai->state == NULL)
        return true;
    struct client *c = ai->state;
    if (c->failure[0] != '\0')
        return false;
    if (c->started && c->fresh && b->width == c->width && b->height == c->height)
        return true;
    return start(c, b, turn_of(c, limits), match_of(limits));
}

const char *engine_client_failure(const struct ai *ai)
{
    if (ai->strategy != &engine_client_strategy || ai->state == NULL)
        return NULL;
    const struct client *c = ai->state;
    return c->failure[0] != '\0' ? c->failure : NULL;
}

bool engine_client_missing(const struct ai *ai)
{
    if (ai->strategy != &engine_client_strategy || ai->state == NULL)
        return false;
    const struct client *c = ai->state;
    return c->missing;
}
