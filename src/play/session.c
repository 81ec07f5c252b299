/* session.c — the game-driving policy; see session.h. */
#include "play/session.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "protocol/engine_client.h"
#include "mnk/clock.h"
#include "mnk/rules.h"

static int side_index(enum stone side)
{
    return side == STONE_BLACK ? 0 : 1;
}

/* Seats the computers where the game seats their players. */
static void seat_computers(struct session *s)
{
    if (s->swapped == s->game.swapped)
        return;
    struct computer c = s->comp[0];
    s->comp[0] = s->comp[1];
    s->comp[1] = c;
    bool k = s->computer[0];
    s->computer[0] = s->computer[1];
    s->computer[1] = k;
    s->swapped = s->game.swapped;
}

void session_open(struct session *s, const struct game *g, bool quiet,
                  char why[2][SESSION_WHY_MAX])
{
    memset(s, 0, sizeof *s);
    s->game = *g;
    for (int i = 0; i < 2; i++) {
        why[i][0] = '\0';
        struct player *p = &s->game.config.player[i];
        if (p->kind != PLAYER_COMPUTER)
            continue;
        s->computer[i] = players_check_rule(p, g->board.rule, why[i], SESSION_WHY_MAX) &&
                         players_create(&s->comp[i], p, quiet, why[i], SESSION_WHY_MAX);
        if (s->computer[i]) /* its tables now, not in its first move's time */
            ai_prepare(&s->comp[i].ai, &s->game.board);
        if (!s->computer[i]) {
            /* Said through why[i]; the side is a person's, with no label. */
            p->kind = PLAYER_HUMAN;
            p->spec[0] = '\0';
        }
    }
    s->swapped = s->game.swapped;
}

void session_close(struct session *s)
{
    for (int i = 0; i < 2; i++)
        players_destroy(&s->comp[i]);
    s->computer[0] = s->computer[1] = false;
}

bool session_is_computer(const struct session *s, enum stone side)
{
    return s->computer[side_index(side)];
}

static int clamp_int(int64_t v)
{
    return v < 0 ? 0 : v > INT_MAX ? INT_MAX : (int)v;
}

/* Tells an engine the game clock of `seat`, standing at *clock, as the
 * protocol says it: the game's whole time (the time left at its start),
 * the limit per move (or, without one, the game's time), what is left
 * (or, without a main time, the turn's); and how long until its flag. */
static void tell_clock(struct computer *c, const struct tc *tc,
                       const struct gameclock_side *clock)
{
    struct gameclock_side first = gameclock_start(tc);
    struct time_control whole = timeman_from_clock(tc, &first);
    struct time_control now = timeman_from_clock(tc, clock);
    int match = whole.left_ms > 0 ? whole.left_ms : 0;
    int turn = now.turn_ms >= 0 ? now.turn_ms : match;
    c->limits.time_ms = turn > 0 ? turn : 1;
    c->limits.match_ms = match;
    c->limits.left_ms = now.left_ms >= 0 ? now.left_ms : c->limits.time_ms;
    c->limits.time_max_ms = clamp_int(gameclock_until_flag(tc, clock, 0));
}

struct computer *session_computer(struct session *s, enum stone side)
{
    if (!s->computer[side_index(side)])
        return NULL;
    struct computer *c = &s->comp[side_index(side)];
    const struct tc *tc = &s->game.config.tc;
    c->limits.since_ms = 0;
    c->limits.match_ms = c->limits.left_ms = 0;
    /* The move's time is the time manager's, from the computer's control
     * (on a game clock, the clock's) and the board as it stands; with no
     * time limit, none (0). */
    struct time_control control = c->time;
    if (tc->kind != TC_NONE) {
        struct gameclock_side clock = game_clock(&s->game, side);
        if (c->keeps_time) {
            tell_clock(c, tc, &clock);
            return c;
        }
        control = timeman_from_clock(tc, &clock);
    }
    struct time_budget tb = timeman_budget(&control, board_cells(&s->game.board),
                                           s->game.board.stones, 0);
    c->limits.time_ms = tb.time_ms;
    c->limits.time_max_ms = tb.time_max_ms;
    return c;
}

void session_ready(struct session *s)
{
    for (int i = 0; i < 2; i++) {
        enum stone seat = i ? STONE_WHITE : STONE_BLACK;
        struct computer *c = session_computer(s, seat);
        /* A failure shows at its first move, which then forfeits. */
        if (c != NULL && c->keeps_time)
            engine_client_start(&c->ai, &s->game.board, &c->limits);
    }
}

const struct level *session_level(const struct session *s, enum stone side)
{
    return s->computer[side_index(side)] ? s->comp[side_index(side)].level : NULL;
}

enum stone session_due(const struct session *s)
{
    if (game_over(&s->game) || s->paused)
        return STONE_NONE;
    enum stone seat = game_actor(&s->game);
    return session_is_computer(s, seat) ? seat : STONE_NONE;
}

bool session_asks_opening(const struct session *s, bool *may_add)
{
    enum opening_step step = game_opening_step(&s->game);
    *may_add = step == OPENING_CHOOSE && s->game.config.opening == OPENING_SWAP2;
    return (step == OPENING_PROPOSE && s->game.ply == 0) || step == OPENING_CHOOSE ||
           step == OPENING_CHOOSE2;
}

/* Plays pos for the side to move, charged spent_ms, and notes a run that
 * did not win: an overline under exact, a run blocked at both ends under
 * caro. A move too late is lost on time (SESSION_OVER). */
static enum session_verdict play(struct session *s, int pos, int spent_ms)
{
    offer_clear(&s->request);
    switch (game_play_timed(&s->game, pos, spent_ms)) {
    case GAME_OK:
        break;
    case GAME_ERR_OCCUPIED:
        return SESSION_OCCUPIED;
    case GAME_ERR_OUTSIDE:
        return SESSION_OUTSIDE;
    case GAME_ERR_OVER:
        return SESSION_OVER;
    case GAME_ERR_TIME:   /* the flag fell: the game is lost on time */
        return SESSION_OVER;
    case GAME_ERR_CHOOSE:
        return SESSION_CHOOSE;
    case GAME_ERR_NOT_NOW:
        return SESSION_NOT_NOW;
    case GAME_ERR_FORBIDDEN:
        return SESSION_FORBIDDEN;
    }
    /* The game's verdict on the move says why a long line did not win. */
    s->overline = s->game.unwon_blocked ? 0 : s->game.unwon_run;
    s->blocked = s->game.unwon_blocked ? s->game.unwon_run : 0;
    return SESSION_PLAYED;
}

enum session_verdict session_human_move(struct session *s, int pos)
{
    return session_human_move_timed(s, pos, 0);
}

enum session_verdict session_human_move_timed(struct session *s, int pos, int spent_ms)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    if (session_is_computer(s, game_actor(&s->game)))
        return SESSION_WAIT;
    return play(s, pos, spent_ms);
}

void session_flag(struct session *s, enum stone side)
{
    if (game_over(&s->game))
        return;
    offer_clear(&s->request);
    s->overline = s->blocked = 0;
    game_flag(&s->game, side);
}

enum session_verdict session_human_choose(struct session *s, enum opening_choice choice)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    if (session_is_computer(s, game_actor(&s->game)))
        return SESSION_WAIT;
    if (game_choose(&s->game, choice) != GAME_OK)
        return SESSION_NOT_NOW;
    offer_clear(&s->request);
    s->overline = s->blocked = 0;
    seat_computers(s);
    return SESSION_PLAYED;
}

void session_forfeit(struct session *s, enum stone loser, const char *why)
{
    if (game_over(&s->game))
        return;
    snprintf(s->why, sizeof s->why, "%s", why);
    offer_clear(&s->request);
    s->overline = s->blocked = 0;
    game_concede(&s->game, loser, END_FORFEIT);
}

/* Plays the computer's `move` for `seat`, charged spent_ms; an illegal one
 * forfeits, saying `what` it was ("move", "opening stone"). */
static enum session_verdict computer_play(struct session *s, enum stone seat, int move,
                                          const char *what, int spent_ms)
{
    enum forbid forbid = game_forbidden(&s->game, move);
    enum session_verdict v = play(s, move, spent_ms);
    if (v == SESSION_PLAYED || v == SESSION_OVER)
        return v;
    char why[80];
    snprintf(why, sizeof why, "illegal %s (%s%s)", what,
             v == SESSION_OCCUPIED    ? "an occupied cell"
             : v == SESSION_OUTSIDE   ? "not a cell of the board"
             : v == SESSION_FORBIDDEN ? "forbidden to Black: "
                                      : "the opening waits for a choice",
             v == SESSION_FORBIDDEN ? forbid_text(forbid) : "");
    session_forfeit(s, seat, why);
    return SESSION_FORFEIT;
}

/* Whether `seat`'s flag fell in the spent_ms its answer took: then the
 * game is lost on time, whatever the answer was. */
static bool flag_fell(struct session *s, enum stone seat, int spent_ms)
{
    const struct tc *tc = &s->game.config.tc;
    if (tc->kind == TC_NONE)
        return false;
    struct gameclock_side clock = game_clock(&s->game, seat);
    if (gameclock_until_flag(tc, &clock, spent_ms) > 0)
        return false;
    session_flag(s, seat);
    return true;
}

enum session_verdict session_computer_move(struct session *s, int move)
{
    return session_computer_move_timed(s, move, 0);
}

enum session_verdict session_computer_move_timed(struct session *s, int move, int spent_ms)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    enum stone seat = game_actor(&s->game);
    struct computer *c = session_computer(s, seat);
    if (c == NULL)
        return SESSION_WAIT;
    /* Once the flag fell the game was over: what came after is moot. */
    if (flag_fell(s, seat, spent_ms))
        return SESSION_OVER;
    if (move < 0) {
        session_forfeit(s, seat, players_failure(&c->ai));
        return SESSION_FORFEIT;
    }
    return computer_play(s, seat, move, "move", spent_ms);
}

/* Carries out a choice answer at a choice step: SWAP, one stone or two,
 * the first stone charged spent_ms (a choice itself takes no time). */
static enum session_verdict computer_choice(struct session *s, enum stone seat,
                                            const struct ai_opening *a, int spent_ms)
{
    offer_clear(&s->request);
    enum opening_choice choice = a->swap ? OPENING_TAKE_BLACK
                               : a->n == 1 ? OPENING_TAKE_WHITE
                               : a->n == 2 ? OPENING_PLACE_TWO : OPENING_CHOICE_NONE;
    if ((a->swap && a->n != 0) || game_choose(&s->game, choice) != GAME_OK) {
        session_forfeit(s, seat, a->n == 2 ? "two more stones, which the opening does not "
                                             "allow here"
                                           : "an answer the opening does not allow");
        return SESSION_FORFEIT;
    }
    seat_computers(s);
    /* Taking Black hands the move to the other player; taking White plays. */
    enum stone mover = game_actor(&s->game);
    for (int i = 0; i < a->n; i++) {
        enum session_verdict v = computer_play(s, mover, a->stone[i],
                                               a->n == 2 ? "opening stone" : "move",
                                               i == 0 ? spent_ms : 0);
        if (v != SESSION_PLAYED)
            return v;
    }
    return SESSION_PLAYED;
}

enum session_verdict session_computer_opening(struct session *s, bool ok,
                                              const struct ai_opening *a)
{
    return session_computer_opening_timed(s, ok, a, 0);
}

enum session_verdict session_computer_opening_timed(struct session *s, bool ok,
                                                    const struct ai_opening *a, int spent_ms)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    enum stone seat = game_actor(&s->game);
    struct computer *c = session_computer(s, seat);
    bool may_add;
    if (c == NULL || !session_asks_opening(s, &may_add))
        return SESSION_WAIT;
    if (flag_fell(s, seat, spent_ms))
        return SESSION_OVER;
    if (!ok) {
        session_forfeit(s, seat, players_failure(&c->ai));
        return SESSION_FORFEIT;
    }
    if (game_opening_step(&s->game) != OPENING_PROPOSE)
        return computer_choice(s, seat, a, spent_ms);
    if (a->swap || a->n != OPENING_PROPOSAL) {
        session_forfeit(s, seat, "an opening proposal that is not three stones");
        return SESSION_FORFEIT;
    }
    for (int i = 0; i < a->n; i++) {
        enum session_verdict v = computer_play(s, seat, a->stone[i], "opening stone",
                                               i == 0 ? spent_ms : 0);
        if (v != SESSION_PLAYED)
            return v;
    }
    return SESSION_PLAYED;
}

enum session_verdict session_think(struct session *s)
{
    enum stone seat = session_due(s);
    if (seat == STONE_NONE)
        return game_over(&s->game) ? SESSION_OVER : SESSION_WAIT;
    /* The move's time runs from here: its budget, the answer, and the
     * session's own work until the move is played are all charged. */
    int64_t start = clock_ms();
    struct computer *c = session_computer(s, seat);
    c->limits.since_ms = start;
    bool may_add;
    if (session_asks_opening(s, &may_add)) {
        struct ai_opening a;
        bool ok = ai_opening(&c->ai, &s->game.board, may_add, &c->limits, &a);
        return session_computer_opening_timed(s, ok, &a, clamp_int(clock_ms() - start));
    }
    int move = ai_choose(&c->ai, &s->game.board, game_to_move(&s->game), &c->limits);
    return session_computer_move_timed(s, move, clamp_int(clock_ms() - start));
}

int session_undo(struct session *s)
{
    struct game *g = &s->game;
    int taken;
    /* The result stands once the game is over: it is counted, its autosave
     * gone. Review, or a new game from a position, are the ways back. */
    if (game_over(g))
        return 0;
    offer_clear(&s->request);
    s->overline = s->blocked = 0;
    if (s->computer[0] && s->computer[1]) {
        /* Two computers: one move back, and they wait there. */
        taken = game_undo(g) ? 1 : 0;
        s->paused = true;
    } else if (s->computer[0] || s->computer[1]) {
        taken = game_undo_to_human(g);
    } else {
        taken = game_undo(g) ? 1 : 0;
    }
    seat_computers(s);
    return taken;
}

int session_redo(struct session *s)
{
    struct game *g = &s->game;
    s->overline = s->blocked = 0;
    if (!game_redo(g))
        return 0;
    offer_clear(&s->request);
    seat_computers(s);
    int replayed = 1;
    /* Against one computer, its answer comes back too rather than being
     * thought out again. */
    bool one = s->computer[0] != s->computer[1];
    while (one && !game_over(g) && session_is_computer(s, game_actor(g)) && game_redo(g)) {
        seat_computers(s);
        replayed++;
    }
    return replayed;
}

bool session_toggle_pause(struct session *s)
{
    if (!s->computer[0] && !s->computer[1])
        return false;
    s->paused = !s->paused;
    return true;
}

enum stone session_resigner(const struct session *s)
{
    if (game_over(&s->game))
        return STONE_NONE;
    enum stone to_move = game_actor(&s->game);
    if (!session_is_computer(s, to_move))
        return to_move;
    enum stone other = stone_other(to_move);
    return session_is_computer(s, other) ? STONE_NONE : other;
}

void session_note_hint(struct session *s)
{
    game_note_hint(&s->game);
}

bool session_resign(struct session *s)
{
    enum stone side = session_resigner(s);
    if (side == STONE_NONE)
        return false;
    s->overline = s->blocked = 0;
    offer_clear(&s->request);
    game_concede(&s->game, side, END_RESIGN);
    return true;
}

enum stone session_asker(const struct session *s)
{
    enum stone seat = game_actor(&s->game);
    return seat == STONE_NONE || session_is_computer(s, seat) ? STONE_NONE : seat;
}

enum offer_error session_offer(struct session *s, enum offer_kind kind, enum stone from)
{
    enum offer_error e = offer_make(&s->request, &s->game, kind, from);
    if (e == OFFER_OK && session_is_computer(s, from))
        s->proposed = true;
    return e;
}

const struct offer *session_request(const struct session *s)
{
    return offer_pending(&s->request, &s->game) ? &s->request : NULL;
}

enum offer_error session_answer(struct session *s, bool accept)
{
    if (!offer_pending(&s->request, &s->game)) {
        offer_clear(&s->request);
        return OFFER_ERR_NONE;
    }
    if (accept)
        s->overline = s->blocked = 0;
    enum offer_error e = offer_answer(&s->request, &s->game, stone_other(s->request.from),
                                      accept);
    seat_computers(s);
    return e;
}

void session_withdraw(struct session *s)
{
    offer_clear(&s->request);
}

bool session_may_propose(const struct session *s, enum stone seat)
{
    return !game_over(&s->game) && !s->proposed && session_is_computer(s, seat) &&
           !session_is_computer(s, stone_other(seat)) && session_request(s) == NULL;
}
