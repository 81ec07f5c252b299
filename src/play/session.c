/* session.c — the game-driving policy; see session.h. */
#include "play/session.h"

#include <stdio.h>
#include <string.h>

#include "mnk/rules.h"

static int side_index(enum stone side)
{
    return side == STONE_BLACK ? 0 : 1;
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
        s->computer[i] = players_create(&s->comp[i], p, quiet, why[i], SESSION_WHY_MAX);
        if (!s->computer[i]) {
            /* Said through why[i]; the side is a person's, with no label. */
            p->kind = PLAYER_HUMAN;
            p->spec[0] = '\0';
        }
    }
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

struct computer *session_computer(struct session *s, enum stone side)
{
    return s->computer[side_index(side)] ? &s->comp[side_index(side)] : NULL;
}

const struct level *session_level(const struct session *s, enum stone side)
{
    return s->computer[side_index(side)] ? s->comp[side_index(side)].level : NULL;
}

enum stone session_due(const struct session *s)
{
    if (game_over(&s->game) || s->paused)
        return STONE_NONE;
    enum stone side = game_to_move(&s->game);
    return session_is_computer(s, side) ? side : STONE_NONE;
}

/* Plays pos for the side to move and notes an overline that did not win. */
static enum session_verdict play(struct session *s, int pos)
{
    switch (game_play(&s->game, pos)) {
    case GAME_OK:
        break;
    case GAME_ERR_OCCUPIED:
        return SESSION_OCCUPIED;
    case GAME_ERR_OUTSIDE:
        return SESSION_OUTSIDE;
    case GAME_ERR_OVER:
        return SESSION_OVER;
    case GAME_ERR_FORBIDDEN:
        return SESSION_FORBIDDEN;
    }
    const struct board *b = &s->game.board;
    int run = rules_longest_run(b, pos);
    s->overline = b->rule == RULE_EXACT && run > b->win && s->game.result.reason != END_LINE
                      ? run : 0;
    return SESSION_PLAYED;
}

enum session_verdict session_human_move(struct session *s, int pos)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    if (session_is_computer(s, game_to_move(&s->game)))
        return SESSION_WAIT;
    return play(s, pos);
}

void session_forfeit(struct session *s, enum stone loser, const char *why)
{
    if (game_over(&s->game))
        return;
    snprintf(s->why, sizeof s->why, "%s", why);
    s->overline = 0;
    game_concede(&s->game, loser, END_FORFEIT);
}

enum session_verdict session_computer_move(struct session *s, int move)
{
    if (game_over(&s->game))
        return SESSION_OVER;
    enum stone side = game_to_move(&s->game);
    struct computer *c = session_computer(s, side);
    if (c == NULL)
        return SESSION_WAIT;
    if (move < 0) {
        session_forfeit(s, side, players_failure(&c->ai));
        return SESSION_FORFEIT;
    }
    enum forbid forbid = game_forbidden(&s->game, move);
    enum session_verdict v = play(s, move);
    if (v != SESSION_PLAYED) {
        char why[64];
        snprintf(why, sizeof why, "illegal move (%s%s)",
                 v == SESSION_OCCUPIED    ? "an occupied cell"
                 : v == SESSION_FORBIDDEN ? "forbidden to Black: "
                                          : "not a cell of the board",
                 v == SESSION_FORBIDDEN ? forbid_text(forbid) : "");
        session_forfeit(s, side, why);
        return SESSION_FORFEIT;
    }
    return SESSION_PLAYED;
}

enum session_verdict session_think(struct session *s)
{
    enum stone side = session_due(s);
    if (side == STONE_NONE)
        return game_over(&s->game) ? SESSION_OVER : SESSION_WAIT;
    struct computer *c = session_computer(s, side);
    return session_computer_move(s, ai_choose(&c->ai, &s->game.board, side, &c->limits));
}

int session_undo(struct session *s)
{
    struct game *g = &s->game;
    int taken;
    s->overline = 0;
    if (s->computer[0] && s->computer[1]) {
        /* Two computers: one move back, and they wait there. */
        taken = game_undo(g) ? 1 : 0;
        s->paused = true;
    } else if (s->computer[0] || s->computer[1]) {
        taken = game_undo_to_human(g);
    } else {
        taken = game_undo(g) ? 1 : 0;
    }
    return taken;
}

int session_redo(struct session *s)
{
    struct game *g = &s->game;
    s->overline = 0;
    if (!game_redo(g))
        return 0;
    int replayed = 1;
    /* Against one computer, its answer comes back too rather than being
     * thought out again. */
    bool one = s->computer[0] != s->computer[1];
    while (one && !game_over(g) && session_is_computer(s, game_to_move(g)) && game_redo(g))
        replayed++;
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
    enum stone to_move = game_to_move(&s->game);
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
    s->overline = 0;
    game_concede(&s->game, side, END_RESIGN);
    return true;
}
