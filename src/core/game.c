/* game.c — the game controller; see game.h. */
#include "mnk/game.h"
#include "mnk/i18n.h"

#include <assert.h>
#include <string.h>

void game_config_default(struct game_config *c)
{
    memset(c, 0, sizeof *c);
    c->width = 15;
    c->height = 15;
    c->win = 5;
    c->rule = RULE_DEFAULT;
    c->early_draw = true;
    c->player[0].kind = PLAYER_HUMAN;
    c->player[1].kind = PLAYER_HUMAN;
}

const char *game_init(struct game *g, const struct game_config *c)
{
    const char *why = rules_check(c->width, c->height, c->win, c->rule);
    if (why != NULL)
        return why;
    if (!tc_check(&c->tc))
        return N_("the time control is not one mnk can keep");
    g->config = *c;
    g->setup.n = 0;
    g->setup.to_move = STONE_BLACK;
    board_init(&g->board, c->width, c->height, c->win, c->rule);
    g->ply = 0;
    g->last = 0;
    g->hinted[0] = false;
    memset(&g->result, 0, sizeof g->result);
    g->choices = 0;
    g->choices_last = 0;
    memset(g->choice, 0, sizeof g->choice);
    g->swapped = false;
    memset(&g->flag_clock, 0, sizeof g->flag_clock);
    return NULL;
}

enum stone game_to_move(const struct game *g)
{
    return game_stone_of(g, g->ply);
}

enum stone game_stone_of(const struct game *g, int i)
{
    return i % 2 == 0 ? g->setup.to_move : stone_other(g->setup.to_move);
}

bool game_is_set_up(const struct game *g)
{
    return g->setup.n > 0 || g->setup.to_move != STONE_BLACK;
}

const struct player *game_player(const struct game *g, enum stone side)
{
    return &g->config.player[side == STONE_BLACK ? 0 : 1];
}

enum opening_step game_opening_step(const struct game *g)
{
    return opening_step(g->config.opening, g->ply, g->choices, g->choice);
}

enum stone game_first_seat(const struct game *g)
{
    return g->swapped ? STONE_WHITE : STONE_BLACK;
}

enum stone game_actor(const struct game *g)
{
    if (game_over(g))
        return STONE_NONE;
    enum opening_step step = game_opening_step(g);
    if (step == OPENING_DONE)
        return game_to_move(g);
    /* No choice has given the first player White yet while the opening
     * goes on, but say it through the seats all the same. */
    enum stone first = game_first_seat(g);
    return opening_first_acts(step) ? first : stone_other(first);
}

/* Seats the players as the choices in effect say: the first player in
 * White's seat when a choice gave it White. */
static void seat_players(struct game *g)
{
    bool want = opening_first_is_white(g->choices, g->choice);
    if (want == g->swapped)
        return;
    struct player black = g->config.player[0];
    g->config.player[0] = g->config.player[1];
    g->config.player[1] = black;
    g->swapped = want;
}

static bool waits_for_choice(const struct game *g)
{
    enum opening_step step = game_opening_step(g);
    return step == OPENING_CHOOSE || step == OPENING_CHOOSE2;
}

enum game_error game_choose(struct game *g, enum opening_choice choice)
{
    if (game_over(g))
        return GAME_ERR_OVER;
    if (!opening_may_choose(g->config.opening, game_opening_step(g), choice))
        return GAME_ERR_NOT_NOW;
    assert(g->choices < OPENING_CHOICES_MAX);
    g->choice[g->choices++] = (unsigned char)choice;
    g->choices_last = g->choices;
    g->last = g->ply;
    seat_players(g);
    return GAME_OK;
}

/* The result of the position after `pos` was just played. */
static void judge(struct game *g, int pos)
{
    struct result *r = &g->result;
    enum stone mover = board_at(&g->board, pos);
    if (rules_is_win(&g->board, pos, &r->line)) {
        r->outcome = mover == STONE_BLACK ? OUTCOME_BLACK_WINS : OUTCOME_WHITE_WINS;
        r->reason = END_LINE;
    } else if (board_full(&g->board)) {
        r->outcome = OUTCOME_DRAW;
        r->reason = END_BOARD_FULL;
    } else if (!rules_has_legal_move(&g->board, stone_other(mover))) {
        /* Before the early draw, which would say it too, less precisely. */
        r->outcome = OUTCOME_DRAW;
        r->reason = END_NO_LEGAL_MOVE;
    } else if (g->config.early_draw && rules_is_dead(&g->board, stone_other(mover))) {
        r->outcome = OUTCOME_DRAW;
        r->reason = END_NO_LINE;
    }
}

/* The run of k or more that the move on pos made and that did not win, if
 * any (game.unwon_run): the front ends say why a long line is no win. */
static void judge_unwon(struct game *g, int pos)
{
    const struct board *b = &g->board;
    g->unwon_run = 0;
    g->unwon_blocked = false;
    if (g->result.reason == END_LINE)
        return;
    int run = rules_longest_run(b, pos);
    /* Renju's Black never gets here with an overline: it is forbidden,
     * unless the same move makes five and wins. */
    if (run > b->win && !rules_overline_wins(b->rule, board_at(b, pos))) {
        g->unwon_run = run;
    } else if (rule_info(b->rule)->blocked_ends && run >= b->win) {
        g->unwon_run = run;
        g->unwon_blocked = true;
    }
}

const char *game_set_up(struct game *g, const struct game_setup *s)
{
    if (g->ply > 0 || g->last > 0 || g->choices_last > 0 || game_is_set_up(g))
        return N_("a position is set up before the first move");
    if (g->config.opening != OPENING_NONE)
        return N_("a set-up position has no opening rule");
    if (s->to_move != STONE_BLACK && s->to_move != STONE_WHITE)
        return N_("the side to move must be Black or White");
    int cells = board_cells(&g->board);
    if (s->n < 0 || s->n > cells)
        return N_("more stones than the board has cells");
    struct board b = g->board;
    for (int i = 0; i < s->n; i++) {
        if (s->cell[i] < 0 || s->cell[i] >= cells)
            return N_("a set-up stone is off the board");
        if (s->stone[i] != STONE_BLACK && s->stone[i] != STONE_WHITE)
            return N_("a set-up stone is neither Black nor White");
        if (board_at(&b, s->cell[i]) != STONE_NONE)
            return N_("two set-up stones on one cell");
        board_place(&b, s->cell[i], (enum stone)s->stone[i]);
    }
    g->board = b;
    g->setup = *s;
    /* Judged as if each stone had just been played, the side to move's
     * opponent's last: five of either colour ends it. */
    for (int i = 0; i < s->n && !game_over(g); i++) {
        if (rules_is_win(&g->board, s->cell[i], &g->result.line)) {
            g->result.outcome = s->stone[i] == STONE_BLACK ? OUTCOME_BLACK_WINS
                                                           : OUTCOME_WHITE_WINS;
            g->result.reason = END_LINE;
        }
    }
    if (!game_over(g)) {
        struct result *r = &g->result;
        if (board_full(&g->board)) {
            r->outcome = OUTCOME_DRAW;
            r->reason = END_BOARD_FULL;
        } else if (!rules_has_legal_move(&g->board, s->to_move)) {
            r->outcome = OUTCOME_DRAW;
            r->reason = END_NO_LEGAL_MOVE;
        } else if (g->config.early_draw && rules_is_dead(&g->board, s->to_move)) {
            r->outcome = OUTCOME_DRAW;
            r->reason = END_NO_LINE;
        }
    }
    return NULL;
}

static void place(struct game *g, int pos)
{
    assert(g->ply < BOARD_MAX_CELLS && !game_over(g));
    board_place(&g->board, pos, game_to_move(g));
    g->moves[g->ply++] = pos;
    judge(g, pos);
    judge_unwon(g, pos);
}

/* Copies a clock into the game field by field, its padding zeroed: a game
 * is a plain value whose every byte is defined, so that two copies compare
 * equal byte for byte. */
static void keep_clock(struct gameclock_side *to, const struct gameclock_side *from)
{
    memset(to, 0, sizeof *to);
    to->main_ms = from->main_ms;
    to->period_ms = from->period_ms;
    to->periods = from->periods;
    to->moves = from->moves;
    to->move_ms = from->move_ms;
    to->flagged = from->flagged;
}

enum game_error game_play_clocked(struct game *g, int pos, int spent_ms,
                                  const struct gameclock_side *after)
{
    if (game_over(g))
        return GAME_ERR_OVER;
    if (pos < 0 || pos >= board_cells(&g->board))
        return GAME_ERR_OUTSIDE;
    if (board_at(&g->board, pos) != STONE_NONE)
        return GAME_ERR_OCCUPIED;
    if (waits_for_choice(g))
        return GAME_ERR_CHOOSE;
    if (game_forbidden(g, pos) != FORBID_NONE)
        return GAME_ERR_FORBIDDEN;
    enum stone seat = game_actor(g);
    struct gameclock_side clock;
    if (after != NULL) {
        clock = *after;
    } else {
        clock = game_clock(g, seat);
        gameclock_charge(&g->config.tc, &clock, spent_ms);
    }
    if (clock.flagged) {
        game_flag(g, seat);
        return GAME_ERR_TIME;
    }
    struct game_timing *t = &g->timing[g->ply];
    memset(t, 0, sizeof *t);
    keep_clock(&t->clock, &clock);
    t->spent_ms = spent_ms > 0 ? spent_ms : 0;
    t->seat = (unsigned char)seat;
    place(g, pos);
    g->last = g->ply;
    g->choices_last = g->choices;
    g->hinted[g->ply] = false;   /* a position not seen before */
    return GAME_OK;
}

enum game_error game_play_timed(struct game *g, int pos, int spent_ms)
{
    return game_play_clocked(g, pos, spent_ms, NULL);
}

enum game_error game_play(struct game *g, int pos)
{
    return game_play_clocked(g, pos, 0, NULL);
}

struct gameclock_side game_clock(const struct game *g, enum stone side)
{
    enum stone loser = g->result.outcome == OUTCOME_BLACK_WINS ? STONE_WHITE : STONE_BLACK;
    if (g->result.reason == END_TIME && side == loser)
        return g->flag_clock;
    for (int i = g->ply - 1; i >= 0; i--)
        if (g->timing[i].seat == side)
            return g->timing[i].clock;
    return gameclock_start(&g->config.tc);
}

void game_flag(struct game *g, enum stone side)
{
    if (game_over(g))
        return;
    game_concede(g, side, END_TIME);
    memset(&g->flag_clock, 0, sizeof g->flag_clock);
    g->flag_clock.flagged = true;
}

enum forbid game_forbidden(const struct game *g, int pos)
{
    /* rules_forbidden knows the rule and the occupied cells. */
    if (game_to_move(g) != STONE_BLACK || pos < 0 || pos >= board_cells(&g->board))
        return FORBID_NONE;
    return rules_forbidden(&g->board, pos);
}

void game_note_hint(struct game *g)
{
    g->hinted[g->ply] = true;
}

void game_concede(struct game *g, enum stone loser, enum end_reason reason)
{
    if (game_over(g))
        return;
    g->result.outcome = loser == STONE_BLACK ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
    g->result.reason = reason;
    g->result.line.len = 0;
    /* A concession is not a move: redo must not bring back moves after it. */
    g->last = g->ply;
    g->choices_last = g->choices;
}

void game_agree_draw(struct game *g)
{
    if (game_over(g))
        return;
    g->result.outcome = OUTCOME_DRAW;
    g->result.reason = END_AGREED;
    g->result.line.len = 0;
    /* Not a move either: as for a concession, nothing to redo after it. */
    g->last = g->ply;
    g->choices_last = g->choices;
}

bool game_undo(struct game *g)
{
    g->unwon_run = 0;   /* a verdict on the move taken back, or on none */
    g->unwon_blocked = false;
    /* A concession, an agreement or a flag is not a move: taking it back
     * only reopens the game. */
    if (g->result.reason == END_FORFEIT || g->result.reason == END_RESIGN ||
        g->result.reason == END_AGREED || g->result.reason == END_TIME) {
        memset(&g->result, 0, sizeof g->result);
        return true;
    }
    /* The last event is a choice when it was made with the stones there are
     * now: every later move would have added one. */
    if (g->choices > 0 && opening_choice_ply(g->choices - 1) == g->ply) {
        g->choices--;
        seat_players(g);
        return true;
    }
    if (g->ply == 0)
        return false;
    board_remove(&g->board, g->moves[--g->ply]);
    /* the set-up stones and moves[0 .. ply) are the stones */
    assert(g->board.stones == g->setup.n + g->ply);
    /* The game only ever ends on the move that ended it (or a concession),
     * so every earlier position was still going. */
    memset(&g->result, 0, sizeof g->result);
    return true;
}

bool game_redo(struct game *g)
{
    if (game_over(g))
        return false;
    if (g->choices < g->choices_last && opening_choice_ply(g->choices) == g->ply) {
        g->choices++;
        seat_players(g);
        return true;
    }
    if (g->ply >= g->last)
        return false;
    assert(g->ply < g->last && g->last <= BOARD_MAX_CELLS);
    place(g, g->moves[g->ply]);
    return true;
}

int game_undo_to_human(struct game *g)
{
    int n = 0;
    if (g->ply > 0 && game_undo(g))
        n++;
    while (g->ply > 0 && game_player(g, game_actor(g))->kind != PLAYER_HUMAN &&
           game_undo(g))
        n++;
    return n;
}

int game_last_move(const struct game *g)
{
    return g->ply > 0 ? g->moves[g->ply - 1] : -1;
}

const char *game_result_text(const struct result *r)
{
    switch (r->outcome) {
    case OUTCOME_ONGOING:
        return N_("game in progress");
    case OUTCOME_BLACK_WINS:
        return r->reason == END_FORFEIT ? N_("Black wins by forfeit")
             : r->reason == END_RESIGN  ? N_("Black wins by resignation")
             : r->reason == END_TIME    ? N_("White lost on time")
                                        : N_("Black wins");
    case OUTCOME_WHITE_WINS:
        return r->reason == END_FORFEIT ? N_("White wins by forfeit")
             : r->reason == END_RESIGN  ? N_("White wins by resignation")
             : r->reason == END_TIME    ? N_("Black lost on time")
                                        : N_("White wins");
    case OUTCOME_DRAW:
        return r->reason == END_BOARD_FULL      ? N_("draw: board full")
             : r->reason == END_NO_LEGAL_MOVE   ? N_("draw: Black has no legal move")
             : r->reason == END_AGREED          ? N_("Draw agreed")
                                                : N_("draw: no line can be completed");
    }
    return "?";
}

const char *forbid_text(enum forbid f)
{
    switch (f) {
    case FORBID_OVERLINE: return N_("overline");
    case FORBID_DOUBLE_FOUR: return N_("double four");
    case FORBID_DOUBLE_THREE: return N_("double three");
    case FORBID_NONE: break;
    }
    return "";
}

const char *stone_name(enum stone s)
{
    return s == STONE_BLACK ? N_("Black") : s == STONE_WHITE ? N_("White") : N_("none");
}

