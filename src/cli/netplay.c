/* netplay.c — network play as lines on standard input and output; see
 * netplay.h. */
#include "cli/netplay.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "play/netsession.h"
#include "tui/saves.h"
#include "util/linebuf.h"

#define QUEUE_MAX 64
#define COMMAND_MAX (WIRE_CHAT_MAX + 8) /* "say " and a chat line */

enum verdict { DONE, WAIT, QUIT };

struct netplay {
    const char *name;
    const struct netsession_ops *ops;
    void *s;                /* the session the ops drive */
    struct linebuf in;
    char queue[QUEUE_MAX][COMMAND_MAX + 1];
    int head, count;
    bool input_over;
    bool finished;          /* a game was played to its end */
    bool over_heard;        /* the current game's end was said (a rematch
                               begins another) */
    bool abandoned;         /* the other side stayed away past the limit */
    bool rematch_asked;     /* this side asked, no answer yet */
    int turn_said;          /* the history length `turn` was said at, -1 */
    const char *save_dir;   /* NULL: no records */
    char record[SAVES_PATH_MAX]; /* the current game's, "" before its first write */
    struct saves_mark kept;      /* what it holds */
    char keep_error[256];        /* the last write's failure, said once */
};

static const char *colour(enum stone s)
{
    return s == STONE_BLACK ? "black" : s == STONE_WHITE ? "white" : "none";
}

static const char *choice_word(enum opening_choice c)
{
    return c == OPENING_TAKE_BLACK ? "black" : c == OPENING_TAKE_WHITE ? "white" : "two";
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* ---- what happened ---- */

static void say_move(const struct game *g, int i)
{
    char cell[NOTATION_MAX];
    say("move %d %s %s %d", i + 1, colour(game_stone_of(g, i)),
        notation_format(&g->board, g->moves[i], cell), g->timing[i].spent_ms);
}

static void say_result(const struct game *g)
{
    static const char *const reasons[] = {
        [END_NONE] = "none",        [END_LINE] = "line",       [END_BOARD_FULL] = "full",
        [END_NO_LINE] = "noline",   [END_FORFEIT] = "forfeit", [END_RESIGN] = "resign",
        [END_NO_LEGAL_MOVE] = "nolegal", [END_AGREED] = "agreed", [END_TIME] = "time",
    };
    const struct result *r = &g->result;
    const char *winner = r->outcome == OUTCOME_BLACK_WINS   ? "black"
                       : r->outcome == OUTCOME_WHITE_WINS   ? "white"
                                                            : "draw";
    say("result %s %s %d (%s)", winner, reasons[r->reason], g->ply, _(game_result_text(r)));
}

static void say_settings(const struct netgame_settings *s)
{
    char tc[TC_TEXT_MAX];
    tc_format(&s->tc, tc, sizeof tc);
    say("settings %dx%d k=%d %s %s %s black=%s", s->width, s->height, s->win,
        rule_name(s->rule), opening_rule_name(s->opening), tc, netgame_side_name(s->black));
}

/* `turn` once each time this side's turn comes. */
static void say_turn(struct netplay *p)
{
    const struct game *g = p->ops->game(p->s);
    if (g == NULL || !p->ops->my_turn(p->s)) {
        if (g != NULL && !p->ops->my_turn(p->s))
            p->turn_said = -1;
        return;
    }
    int at = g->ply * 4 + g->choices;
    if (at == p->turn_said)
        return;
    p->turn_said = at;
    say("turn");
}

static void report(struct netplay *p, const struct netgame_event *ev)
{
    const struct game *g = p->ops->game(p->s);
    switch (ev->kind) {
    case NETGAME_EV_CONNECTED:
        say("connected %s", ev->text);
        break;
    case NETGAME_EV_SETTINGS:
        say_settings(p->ops->settings(p->s));
        break;
    case NETGAME_EV_DECLINED:
        say(ev->text[0] != '\0' ? "declined %s" : "declined%s", ev->text);
        break;
    case NETGAME_EV_STARTED:
        p->rematch_asked = false;
        p->over_heard = false;
        p->turn_said = -1;
        p->record[0] = '\0';   /* a rematch is a record of its own */
        say("start you=%s", colour(p->ops->seat(p->s, p->ops->side(p->s))));
        break;
    case NETGAME_EV_MOVE:
        say_move(g, ev->ply - 1);
        break;
    case NETGAME_EV_CHOICE:
        say("choice %d %s", ev->ply, choice_word((enum opening_choice)g->choice[g->choices - 1]));
        break;
    case NETGAME_EV_CLOCK:
        say("clock %d %d", ev->ply, g->timing[ev->ply - 1].spent_ms);
        break;
    case NETGAME_EV_UNDO:
        say("undo %d", ev->ply);
        break;
    case NETGAME_EV_OVER:
        p->finished = true;
        p->over_heard = true;
        say_result(g);
        break;
    case NETGAME_EV_OFFER:
        say("offer %s", netgame_ask_name(ev->ask));
        break;
    case NETGAME_EV_ANSWER:
        if (ev->ask == NETGAME_ASK_REMATCH)
            p->rematch_asked = false;
        say("answer %s %s", netgame_ask_name(ev->ask), ev->yes ? "yes" : "no");
        break;
    case NETGAME_EV_CHAT:
        say("chat %s", ev->text);
        break;
    case NETGAME_EV_NOTICE:
        say("notice %s", ev->text);
        break;
    case NETGAME_EV_DROPPED:
        say("dropped %s", ev->text);
        break;
    case NETGAME_EV_RESUMED:
        say("resumed %d", ev->ply);
        break;
    case NETGAME_EV_ABANDONED:
        p->abandoned = true;
        say("abandoned");
        break;
    case NETGAME_EV_STOPPED:
        say("stopped %s", ev->text);
        break;
    case NETGAME_EV_ENDED:
        say("ended %s", ev->text);
        break;
    case NETGAME_EV_NAME:
        say("opponent %s", ev->text);
        break;
    }
}

/* ---- what to do ---- */

static void complain(struct netplay *p, const char *line, const char *why)
{
    args_error(p->name, "%s: %s", line, why);
}

/* A refusal of netgame's: the command is done (said why), or waits when
 * the link is not in play yet. */
static enum verdict refused(struct netplay *p, const char *line, enum netgame_error e)
{
    if (e == NETGAME_OK)
        return DONE;
    if (e == NETGAME_ERR_LINK)
        return WAIT;
    complain(p, line, p->ops->why(p->s));
    return DONE;
}

static bool is_word(const char *line, const char *word)
{
    return strcmp(line, word) == 0;
}

static enum verdict act_move(struct netplay *p, const char *line, int pos)
{
    const struct game *g = p->ops->game(p->s);
    if (g != NULL && game_over(g)) {
        complain(p, line, _("the game is over"));
        return DONE;
    }
    if (!p->ops->my_turn(p->s))
        return WAIT;
    enum netgame_error e = p->ops->move(p->s, pos, p->ops->elapsed_ms(p->s));
    if (e == NETGAME_OK) {
        say_move(g, g->ply - 1);
        return DONE;
    }
    return refused(p, line, e);
}

static enum verdict act_choice(struct netplay *p, const char *line, enum opening_choice c)
{
    const struct game *g = p->ops->game(p->s);
    if (g != NULL && game_over(g)) {
        complain(p, line, _("the game is over"));
        return DONE;
    }
    if (!p->ops->my_turn(p->s))
        return WAIT;
    int ply = g->ply;
    enum netgame_error e = p->ops->choose(p->s, c);
    if (e == NETGAME_OK)
        say("choice %d %s", ply, choice_word(c));
    return refused(p, line, e);
}

/* A command the session does not have: said, and done. */
static enum verdict lacking(struct netplay *p, const char *line)
{
    complain(p, line, _("Piskvork's network game has no such command"));
    return DONE;
}

static enum verdict act(struct netplay *p, const char *line)
{
    const struct game *g = p->ops->game(p->s);
    enum netgame_state st = p->ops->state(p->s);
    if (is_word(line, "quit"))
        return QUIT;
    if (strncmp(line, "say ", 4) == 0 || is_word(line, "say")) {
        enum netgame_error e = p->ops->chat(p->s, line[3] == ' ' ? line + 4 : "");
        return e == NETGAME_ERR_LINK ? WAIT : refused(p, line, e);
    }
    if (is_word(line, "yes") || is_word(line, "no")) {
        bool yes = is_word(line, "yes");
        if (p->ops->side(p->s) == WIRE_JOINER && st == NETGAME_SETTINGS && g == NULL)
            return refused(p, line, yes ? p->ops->accept(p->s) : p->ops->decline(p->s, ""));
        if (p->ops->asked(p->s) == NETGAME_ASK_NONE)
            return WAIT;
        return refused(p, line, p->ops->answer(p->s, yes));
    }
    if (is_word(line, "resign"))
        return p->ops->resign == NULL ? lacking(p, line) : refused(p, line, p->ops->resign(p->s));
    if (is_word(line, "draw"))
        return !p->ops->draw ? lacking(p, line)
                             : refused(p, line, p->ops->ask(p->s, NETGAME_ASK_DRAW));
    if (is_word(line, "takeback"))
        return refused(p, line, p->ops->ask(p->s, NETGAME_ASK_TAKEBACK));
    if (is_word(line, "rematch")) {
        if (g == NULL || (!game_over(g) && !p->ops->new_game_any_time))
            return WAIT;
        enum netgame_error e = p->ops->ask(p->s, NETGAME_ASK_REMATCH);
        if (e == NETGAME_OK && g == p->ops->game(p->s) && game_over(g))
            p->rematch_asked = true;
        return refused(p, line, e);
    }
    if (is_word(line, "claim")) {
        if (p->ops->claim == NULL)
            return lacking(p, line);
        if (g != NULL && !game_over(g) && !p->abandoned && st != NETGAME_STOPPED)
            return WAIT;
        return refused(p, line, p->ops->claim(p->s));
    }
    if ((is_word(line, "black") || is_word(line, "white") || is_word(line, "two")) &&
        p->ops->choose == NULL)
        return lacking(p, line);
    if (is_word(line, "black"))
        return act_choice(p, line, OPENING_TAKE_BLACK);
    if (is_word(line, "white"))
        return act_choice(p, line, OPENING_TAKE_WHITE);
    if (is_word(line, "two"))
        return act_choice(p, line, OPENING_PLACE_TWO);
    int pos;
    if (g != NULL && notation_parse(&g->board, line, &pos))
        return act_move(p, line, pos);
    if (g == NULL && strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == 1 &&
        line[1] >= '0' && line[1] <= '9')
        return WAIT; /* a cell, once there is a board */
    complain(p, line, _("not a command: a cell such as h8, black, white, two, resign, draw, "
                        "takeback, rematch, yes, no, say TEXT, claim or quit"));
    return DONE;
}

/* Does the commands that can be done, in order; false after quit. */
static bool run_queue(struct netplay *p)
{
    while (p->count > 0) {
        enum verdict v = act(p, p->queue[p->head]);
        if (v == QUIT)
            return false;
        if (v == WAIT)
            return true;
        p->head = (p->head + 1) % QUEUE_MAX;
        p->count--;
    }
    return true;
}

static void read_lines(struct netplay *p)
{
    const char *line;
    size_t len;
    bool cut;
    while (p->count < QUEUE_MAX && linebuf_next(&p->in, &line, &len, &cut)) {
        while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
            len--;
        while (len > 0 && (line[0] == ' ' || line[0] == '\t'))
            line++, len--;
        if (len == 0 || line[0] == '#')
            continue;
        if (cut || len > COMMAND_MAX) {
            args_error(p->name, "%s", _("a command line is too long"));
            continue;
        }
        char *slot = p->queue[(p->head + p->count++) % QUEUE_MAX];
        memcpy(slot, line, len);
        slot[len] = '\0';
    }
    if (linebuf_eof(&p->in))
        p->input_over = true;
}

/* Whether nothing more can happen for a player who has no more to say. */
static bool all_done(const struct netplay *p)
{
    enum netgame_state st = p->ops->state(p->s);
    const struct game *g = p->ops->game(p->s);
    if (st == NETGAME_ENDED)
        return true;
    if (!p->input_over || p->count > 0)
        return false;
    /* An end this side played waits for the host's word (NETGAME_EV_OVER)
     * before this side leaves. */
    return st == NETGAME_STOPPED || p->abandoned ||
           (g != NULL && game_over(g) && p->over_heard && !p->rematch_asked);
}

/* Writes the current game to its record when it changed (netplay.h). */
static void keep(struct netplay *p)
{
    const struct game *g = p->ops->game(p->s);
    if (p->save_dir == NULL || g == NULL || g->ply == 0)
        return;
    struct saves_mark now = saves_mark_of(g);
    if (p->record[0] != '\0' && saves_mark_equal(&now, &p->kept))
        return;
    bool first = p->record[0] == '\0';
    char err[sizeof p->keep_error];
    if (first && !saves_net_path(p->record, sizeof p->record, p->save_dir, time(NULL))) {
        p->record[0] = '\0';
        snprintf(err, sizeof err, "%s", _("the record's name is too long for --save's DIR"));
    } else if (saves_write(p->record, g, NULL, false, err, sizeof err)) {
        p->kept = now;
        p->keep_error[0] = '\0';
        if (first)
            say("record %s", p->record);
        return;
    }
    if (strcmp(err, p->keep_error) != 0) {
        snprintf(p->keep_error, sizeof p->keep_error, "%s", err);
        say("notice %s", err);
    }
}

static int run(const char *name, const struct netsession_ops *ops, void *session,
               const char *save_dir)
{
    static struct netplay p; /* large (the queue); one per process */
    memset(&p, 0, sizeof p);
    p.name = name;
    p.ops = ops;
    p.s = session;
    p.turn_said = -1;
    p.save_dir = save_dir;
    linebuf_init(&p.in);
    signal(SIGPIPE, SIG_IGN);
    bool go = true;
    while (go) {
        struct netgame_event ev;
        while (p.ops->poll(p.s, &ev))
            report(&p, &ev);
        say_turn(&p); /* before the move a script may have waiting for it */
        go = run_queue(&p);
        while (p.ops->poll(p.s, &ev))
            report(&p, &ev);
        say_turn(&p);
        keep(&p);
        if (!go || all_done(&p))
            break;
        struct pollfd fds[NETGAME_FDS_MAX + 1];
        int n = p.ops->pollfds(p.s, fds);
        bool reading = !p.input_over && p.count < QUEUE_MAX;
        if (reading)
            fds[n++] = (struct pollfd){STDIN_FILENO, POLLIN, 0};
        int wait = p.ops->timeout_ms(p.s);
        /* A waiting command may become possible with time alone (a turn
         * that comes from a flag, say): look again at least each second. */
        if (wait < 0 || wait > 1000)
            wait = 1000;
        if (poll(fds, (nfds_t)n, wait) < 0 && errno != EINTR) {
            perror("mnk: poll");
            break;
        }
        if (reading && fds[n - 1].revents != 0) {
            if (linebuf_fill(&p.in, STDIN_FILENO) < 0) {
                perror("mnk: reading standard input");
                p.input_over = true;
            }
            read_lines(&p);
        } else if (p.in.len > p.in.head) {
            read_lines(&p);
        }
    }
    p.ops->close(p.s);
    return p.finished || !go ? 0 : 1;
}

int netplay_run(const char *name, struct netgame *ng, const char *save_dir)
{
    return run(name, &netsession_netgame, ng, save_dir);
}

int netplay_run_piskvork(const char *name, struct pisknet *pn, const char *save_dir)
{
    return run(name, &netsession_pisknet, pn, save_dir);
}
