/* game.h — the game, the model every front end changes: a board, whose
 * turn it is, the full move history with undo/redo to any depth, the
 * result, and who plays each side. It has no loop: the policy that drives
 * a game (whose move is due, forfeits, undo against a computer) is
 * play/session.h.
 *
 * Black moves first. Every change to a game goes through these functions; a
 * view reads `const struct game *` and calls them. No I/O, no allocation: a
 * struct game is a plain value that can be copied.
 *
 * An opening rule (opening.h) adds choices to the history: the first player
 * places the opening stones (game_play, as ever), then a chooser takes a
 * colour (game_choose). The player who acts is not always the side to move
 * (the first player places White's stone 2 too): game_actor() says whose
 * seat acts. Seats are colours: config.player[0] is Black's player. When a
 * choice gives the first player White, the two players change seats
 * (config.player[] are exchanged, `swapped` is set), and an undo through
 * that choice exchanges them back.
 *
 * Invariants: moves[0 .. ply) are on the board in order; moves[ply .. last)
 * are the moves that redo would replay; the result is that of the position
 * after moves[0 .. ply); hinted[i] (i <= last) says a hint was asked for in
 * the position before moves[i], and is false for a position not seen yet.
 * choice[0 .. choices) are the opening choices in effect, choice i made with
 * opening_choice_ply(i) stones on the board; choice[choices .. choices_last)
 * are those redo would make again. `swapped` is
 * opening_first_is_white(choices, choice).
 * A game may start from a position set up on the board (`setup`: SGF's
 * AB, AW and PL): setup.cell[0 .. setup.n) hold their stones from the
 * start, before and apart from moves[], and setup.to_move moves first
 * (game_stone_of says each move's colour). Such a game has no opening rule.
 *
 * timing[i] (i < last) goes with moves[i]: the seat that acted (and whose
 * clock ran), its clock after the move and the time the move took, so that
 * undo and redo bring the clocks back as they were. A seat's clock at ply
 * is the one after its last move before ply (its start, gameclock_start,
 * before any), except the loser's once the game is lost on time
 * (END_TIME): flag_clock, fallen.
 *
 * The clock (config.tc, mnk/gameclock.h): clocks belong to seats, that is
 * to colours. A move is charged to the seat that acts (game_actor: in an
 * opening, the first player's seat places stones of both colours); the
 * opening's choices take no time; players who change seats through a
 * choice change clocks too. A move that comes too late is not played: the
 * game is lost on time.
 */
#ifndef MNK_GAME_H
#define MNK_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "mnk/board.h"
#include "mnk/gameclock.h"
#include "mnk/opening.h"
#include "mnk/rules.h"

#define GAME_PLAYER_SPEC_MAX 256

enum outcome { OUTCOME_ONGOING, OUTCOME_BLACK_WINS, OUTCOME_WHITE_WINS, OUTCOME_DRAW };

enum end_reason {
    END_NONE,        /* still going */
    END_LINE,        /* a winning line was made */
    END_BOARD_FULL,  /* draw: no empty cell left */
    END_NO_LINE,     /* draw: no line of k can be completed by either side */
    END_FORFEIT,     /* the loser broke the rules or its time (external engines) */
    END_RESIGN,      /* the loser gave up */
    END_NO_LEGAL_MOVE, /* draw: renju's Black is to move and every empty
                          cell is forbidden to it (rules_has_legal_move):
                          Black can only pass, and the game ends there */
    END_AGREED,      /* draw: both sides agreed to it (play/offer.h) */
    END_TIME,        /* the loser's flag fell (game_flag) */
};

struct result {
    enum outcome outcome;
    enum end_reason reason;
    struct win_line line; /* the winning run when reason == END_LINE */
};

enum player_kind { PLAYER_HUMAN, PLAYER_COMPUTER };

/* The start of a spec that names an external engine: "engine:COMMAND". */
#define PLAYER_ENGINE_PREFIX "engine:"

/* Who plays one side. For a computer, `spec` names a level ("casual", see
 * level.h), a strategy ("threat", "search") or "engine:COMMAND"; what a name
 * means is resolved when the player is made (play/players.h). For a human,
 * `spec` is empty or the name a record gave the player: a label, shown and
 * written back, never run (see record_player_from_name, storage/record.h). */
struct player {
    enum player_kind kind;
    char spec[GAME_PLAYER_SPEC_MAX];
    int time_ms;     /* thinking time per move, 0 = what the name implies */
    int threads;     /* threads it searches with, 0 = one (players.h says
                        which players take more) */
    bool ponder;     /* it thinks on the opponent's time (likewise) */
    uint64_t seed;
};

struct game_config {
    int width;
    int height;
    int win;
    enum rule rule;
    bool early_draw;          /* declare the draw as soon as no line is left
                                 (a Black with no legal move draws even
                                 without it: that is the rule, not a
                                 forecast) */
    enum opening_rule opening;
    struct player player[2];  /* [0] Black, [1] White (in the opening: the
                                 first player, the second) */
    struct tc tc;             /* the time control; tc_none() by default */
};

/* What the history keeps of a move's time. */
struct game_timing {
    struct gameclock_side clock;  /* the seat's clock after the move */
    int spent_ms;                 /* how long the move took (0: not known) */
    unsigned char seat;           /* enum stone: the seat that acted */
};

/* A position to start from instead of the empty board: stones of both
 * colours, and the side that moves first. */
struct game_setup {
    int n;                                /* stones set up */
    int cell[BOARD_MAX_CELLS];
    unsigned char stone[BOARD_MAX_CELLS]; /* enum stone of each */
    enum stone to_move;                   /* STONE_BLACK or STONE_WHITE */
};

struct game {
    struct game_config config;
    struct game_setup setup;        /* n == 0, Black to move: the empty board */
    struct board board;
    int ply;                        /* moves played */
    int last;                       /* moves[ply .. last) can be redone */
    int moves[BOARD_MAX_CELLS];
    struct game_timing timing[BOARD_MAX_CELLS];   /* parallel to moves[] */
    bool hinted[BOARD_MAX_CELLS + 1];
    struct result result;
    /* The last move's verdict beyond the result: a run of k or more it made
     * that does not win (an overline under exact, or renju's White's that
     * the rule lets stand; a run blocked at both ends under caro), its
     * length in `unwon_run` and why in `unwon_blocked` (caro's blocks, not
     * the length). 0 when the move made none, or won. */
    int unwon_run;
    bool unwon_blocked;
    int choices;                    /* opening choices in effect */
    int choices_last;               /* choice[choices .. choices_last) can be redone */
    unsigned char choice[OPENING_CHOICES_MAX]; /* enum opening_choice */
    bool swapped;                   /* the first player holds White */
    struct gameclock_side flag_clock; /* END_TIME: the loser's clock, fallen */
};

enum game_error {
    GAME_OK,
    GAME_ERR_OUTSIDE,   /* pos is not a cell of the board */
    GAME_ERR_OCCUPIED,  /* the cell holds a stone */
    GAME_ERR_OVER,      /* the game has ended */
    GAME_ERR_CHOOSE,    /* the opening waits for a choice of colour */
    GAME_ERR_NOT_NOW,   /* that choice is not one the opening offers now */
    GAME_ERR_FORBIDDEN, /* renju: a move Black may not make (game_forbidden) */
    GAME_ERR_TIME,      /* the move came after the actor's flag fell: not played,
                           and the game is lost on time (the one error that
                           changes the game) */
};

/* A config with sensible defaults: 15×15, k = 5, RULE_DEFAULT (freestyle),
 * early draw on, both sides human, no clock. */
void game_config_default(struct game_config *c);

/* Starts a new game. Returns NULL on success, otherwise the reason the
 * dimensions or the rule (rules_check) or the time control (tc_check) are
 * refused; the game is then left untouched. */
const char *game_init(struct game *g, const struct game_config *c);

/* Sets a new game (game_init, no move, choice or opening rule yet) up from
 * position `s`: its stones placed, s->to_move to move, and the position
 * judged as a move would be (five already on the board ends the game
 * there: the view shows why it cannot be played on). NULL on success,
 * otherwise why it is refused (a cell off the board or given twice, a
 * colour that is no stone's, an opening rule), the game left as it was. */
const char *game_set_up(struct game *g, const struct game_setup *s);

/* True when the game starts from a set-up position rather than the empty
 * board with Black to move. */
bool game_is_set_up(const struct game *g);

/* The side whose turn it is: the first mover (Black, unless a set-up
 * position says White) after an even number of moves. */
enum stone game_to_move(const struct game *g);

/* The colour of moves[i]. */
enum stone game_stone_of(const struct game *g, int i);

static inline bool game_over(const struct game *g)
{
    return g->result.outcome != OUTCOME_ONGOING;
}

/* The player of `side` (BLACK or WHITE). */
const struct player *game_player(const struct game *g, enum stone side);

/* What the opening waits for (OPENING_DONE without an opening rule). */
enum opening_step game_opening_step(const struct game *g);

/* The seat (BLACK or WHITE: an index into config.player) of the player who
 * acts now: the side to move, or in the opening the first or the second
 * player. STONE_NONE once the game is over. */
enum stone game_actor(const struct game *g);

/* The seat the first player sits in now: Black, or White after a choice
 * that gave it White. */
enum stone game_first_seat(const struct game *g);

/* The chooser makes `choice` (opening.h). GAME_ERR_NOT_NOW, nothing
 * changed, when the opening offers no such choice now; GAME_ERR_OVER once
 * the game has ended. Clears the redo list. */
enum game_error game_choose(struct game *g, enum opening_choice choice);

/* Plays `pos` for the side to move, updates the result and clears the redo
 * list. The result after a move: a win (END_LINE), else a draw when the
 * board is full (END_BOARD_FULL), when the side to move next has no legal
 * move (END_NO_LEGAL_MOVE: renju's Black with every empty cell forbidden),
 * or, with early_draw, when no line can be completed (END_NO_LINE). On
 * error nothing changes; GAME_ERR_CHOOSE while the opening waits for a
 * choice. */
enum game_error game_play(struct game *g, int pos);

/* game_play for a move that took spent_ms (game_play is this with 0): the
 * actor's clock is charged (gameclock_charge) and kept in timing[]. When
 * the charge makes its flag fall, the move is not played: the game is lost
 * on time as by game_flag, and GAME_ERR_TIME is returned (only once the
 * move is otherwise legal: every other error leaves everything as it
 * was). */
enum game_error game_play_timed(struct game *g, int pos, int spent_ms);

/* game_play_timed for a record, which says what the actor's clock was
 * after the move: *after is kept as it is (no charge, so no flag), or with
 * after NULL the move is charged as by game_play_timed. */
enum game_error game_play_clocked(struct game *g, int pos, int spent_ms,
                                  const struct gameclock_side *after);

/* The clock of seat `side` (BLACK or WHITE) at the current ply, as it stood
 * when its move began (the game's invariants say which): what a front end
 * runs down while that side thinks. */
struct gameclock_side game_clock(const struct game *g, enum stone side);

/* Ends an ongoing game on time against `side` (END_TIME): its flag fell
 * while it was thinking (gameclock_until_flag reached 0), or a record says
 * so. Its clock becomes a fallen one. Like a concession, no move: undo
 * reopens the game, with the clock as it was, and redo brings back nothing
 * after it. */
void game_flag(struct game *g, enum stone side);

/* Why the side to move may not play `pos`: FORBID_NONE unless the game is
 * renju, Black is to move and pos is an empty cell that rules_forbidden()
 * refuses. game_play answers GAME_ERR_FORBIDDEN exactly then. */
enum forbid game_forbidden(const struct game *g, int pos);

/* Ends an ongoing game against `loser` with reason END_FORFEIT or
 * END_RESIGN. Undo reopens it like any other end. */
void game_concede(struct game *g, enum stone loser, enum end_reason reason);

/* Ends an ongoing game as a draw both sides agreed to (END_AGREED). Like a
 * concession it is no move: redo brings back nothing after it, and undo
 * only reopens the game. Nothing happens once the game is over. */
void game_agree_draw(struct game *g);

/* Notes that a hint was asked for in the current position (for the
 * record: hinted[ply]). */
void game_note_hint(struct game *g);

/* Takes back the last move or opening choice (and reopens an ended game).
 * False if none. */
bool game_undo(struct game *g);

/* Plays again the move or makes again the choice last taken back. False if
 * none. */
bool game_redo(struct game *g);

/* Undo for a human facing a computer: takes back moves and choices until a
 * human acts again (at least one, if any). Returns how many were taken back. */
int game_undo_to_human(struct game *g);

/* The last move played, or -1 before the first. */
int game_last_move(const struct game *g);

/* A short human phrase for the result: "Black wins", "draw: board full",
 * "draw: Black has no legal move", "Draw agreed", "White lost on time".
 * These three give English, the same in records and in every locale; each
 * text is marked for the catalogue, so a view shows _(text) (mnk/i18n.h). */
const char *game_result_text(const struct result *r);

/* The reason for a forbidden move, a noun phrase: "overline", "double
 * four", "double three" ("" for FORBID_NONE). English, marked like the
 * result's text. */
const char *forbid_text(enum forbid f);

/* "Black" or "White". */
const char *stone_name(enum stone s);

#endif
