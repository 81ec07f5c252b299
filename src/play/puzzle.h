/* puzzle.h — a puzzle: a position, a task, and the proof of its answer;
 * made, re-proved and played through.
 *
 * A puzzle is a board (size, k, rule), a position set up on it (game.h's
 * struct game_setup; setup.to_move is the player's side), a task and its
 * proof (engine/proof.h's tree of moves, from the position):
 * - PUZZLE_VCF, "win with fours": the side to move wins by continuous fours
 *   (the threat-space search without threes) in `depth` attacking moves
 *   (tss.h's count: the moves before the last open four or five), and in
 *   no fewer. The proof is a complete win tree: the winning move at each
 *   of the player's turns, every defence the search tries at each of the
 *   other side's, strongest first. A win to be read at once (a five, an
 *   open four) or in fewer than three of the player's moves is no puzzle.
 * - PUZZLE_VCT, "win with fours and threes": the same with open threes
 *   among the threats, and no win by fours alone (within PUZZLE_VCF_DEPTH).
 * - PUZZLE_DEFEND, "the only move that does not lose": the other side has
 *   a threat on the board (an open three, a four-three to come) with a
 *   choice of answers and a win by threats behind it; every move of the
 *   player's but one loses to a win by threats within `depth` attacking
 *   moves (the search proves each), and after that one the other side has
 *   none within `depth` (the search refutes every try, within its budget).
 *   A claim about wins by threats to that depth, not about every quiet
 *   plan. The answer to a four (its one block) is no puzzle.
 * - PUZZLE_PERFECT, the same on a small board by the exact solver
 *   (engine/solver.h): every move but one loses with perfect play, that
 *   one does not. A proof in full.
 * For the last two the proof's root has the solution first, then each
 * wrong move the file gives with the refutation's main line under it (for
 * DEFEND the moves that answer the threat, the tempting ones; for PERFECT
 * all); a wrong move not given has its refutation worked out when played.
 * In every proof, at the player's turn the first child is the solution,
 * later ones are wrong moves; at the other side's turn every child is a
 * defence (or answer) and the first is the strongest.
 *
 * The first move of a puzzle is unique within its bound (puzzle_verify
 * checks it): for a win, no other first move wins within as many attacking
 * moves; for the others, the proof says so. A player who finds another
 * win, a longer one, is told it wins too (puzzle_solves), and the rest is
 * proved afresh.
 *
 * The difficulty is measured, not guessed: how often a few of the ladder's
 * levels (level.h), each at its own fixed budget and a few seeds, play the
 * solution's first move (tools/puzzles). `difficulty` is the share of those
 * tries that missed it, in per cent; `solves` says each level's tally.
 *
 * A struct puzzle_prover holds the engine's tables (a pattern table, the
 * threat-space search, a position, the exact solver); one per thread. No
 * I/O: files are play/puzzlebook.h's.
 */
#ifndef MNK_PLAY_PUZZLE_H
#define MNK_PLAY_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/pattern.h"
#include "engine/proof.h"
#include "engine/solver.h"
#include "engine/tss.h"
#include "mnk/game.h"

enum puzzle_kind {
    PUZZLE_VCF,
    PUZZLE_VCT,
    PUZZLE_DEFEND,
    PUZZLE_PERFECT,
    PUZZLE_KINDS
};

#define PUZZLE_ID_MAX 32
#define PUZZLE_TEXT_MAX 160
/* The longest line a puzzle plays (and a refutation). */
#define PUZZLE_LINE_MAX 128
/* The most nodes a puzzle's proof may have. */
#define PUZZLE_NODES_MAX 1500
/* Attacking moves a win may take, at most; and how deep "no win with fours
 * alone" is read for a VCT puzzle. */
#define PUZZLE_DEPTH_MAX 40
#define PUZZLE_VCF_DEPTH 16

struct puzzle {
    char id[PUZZLE_ID_MAX];        /* "freestyle-0017": unique in its collection */
    int width, height, win;
    enum rule rule;
    struct game_setup setup;       /* the position; setup.to_move plays */
    enum puzzle_kind kind;
    int depth;                     /* the bound of the proofs: attacking moves */
    int difficulty;                /* 0..100 per cent of the tries missed; -1: not measured */
    char solves[PUZZLE_TEXT_MAX];  /* "casual 1/3, keen 3/3": the tries by level */
    char source[PUZZLE_TEXT_MAX];  /* where it came from, free text */
    struct proof proof;            /* its nodes in `nodes`, owned */
    struct proof_node *nodes;
};

/* The engine's tables for proving. */
struct puzzle_prover {
    struct pattern_table pt;
    struct tss tss;
    struct position *pos;
    struct solver *solver;
    uint64_t budget;               /* nodes per search (PUZZLE_BUDGET by default) */
    uint64_t solver_nodes;         /* per exact solve (PUZZLE_SOLVER_NODES) */
    /* While making a puzzle: the first look for a win is the search's own
     * deepening (tss_solve_shortest), quick but blind to a win its table
     * hides; it may miss a puzzle, never claim one. puzzle_make sets it. */
    bool quick;
    /* Room to work in: a tree for a line (PUZZLE_NODES_MAX nodes), games
     * to play lines on. */
    struct proof_node *scratch;
    struct game *games;            /* PUZZLE_PROVER_GAMES of them */
};

#define PUZZLE_PROVER_GAMES 4

/* Nodes one search of a proof may take. */
#define PUZZLE_BUDGET 2000000
/* The exact solver's nodes for one position of a small board. */
#define PUZZLE_SOLVER_NODES 20000000

/* Allocates the tables. False when out of memory (nothing to free then). */
bool puzzle_prover_init(struct puzzle_prover *pv);

/* Frees them; safe on a zeroed struct. */
void puzzle_prover_free(struct puzzle_prover *pv);

/* An empty puzzle (no position, no proof, nothing allocated). */
void puzzle_init(struct puzzle *pz);

/* Frees the proof's nodes; the puzzle is empty again. */
void puzzle_free(struct puzzle *pz);

/* Gives pz room for `cap` proof nodes (an empty proof). False when out of
 * memory. */
bool puzzle_alloc_proof(struct puzzle *pz, int cap);

/* Copies `from` into `to` (which is freed first), the proof too. */
bool puzzle_copy(struct puzzle *to, const struct puzzle *from);

/* "vcf", "vct", "defend", "perfect": a kind's word in files and on the
 * command line. */
const char *puzzle_kind_name(enum puzzle_kind k);

/* The kind a word names; false for none. */
bool puzzle_kind_parse(const char *word, enum puzzle_kind *out);

/* The game the puzzle starts from: its board and rule, the position set
 * up, both sides human. NULL on success, otherwise why it cannot be. */
const char *puzzle_game(const struct puzzle *pz, struct game *g);

/* The side to move, who solves it. */
static inline enum stone puzzle_player(const struct puzzle *pz)
{
    return pz->setup.to_move;
}

/* The player's moves along the main line: the solution's first children
 * (for DEFEND and PERFECT, 1). */
int puzzle_moves(const struct puzzle *pz);

/* The main line: the solution with the strongest defences, into line (room
 * for PUZZLE_LINE_MAX); how many moves. */
int puzzle_main_line(const struct puzzle *pz, int *line);

/* The task in words: "Black to play and win with fours — 7 moves", "White:
 * the only move that does not lose". In English, or when `local` in the
 * player's language. */
void puzzle_task_text(const struct puzzle *pz, bool local, char *buf, size_t size);

/* A key of the position that is the same for the puzzles that differ by a
 * symmetry of the board (rotations, reflections) and for none other, but by
 * chance: to find duplicates. */
uint64_t puzzle_key(const struct puzzle *pz);

/* The position of g before its move `ply` (moves[0 .. ply) on the board),
 * set up with the side to move, for puzzle_make; `room` is a game to take
 * the moves back on (its contents are then that position's game). */
void puzzle_setup_at(const struct game *g, int ply, struct game *room, struct game_setup *out);

/* Makes a puzzle of kind `kind` from the position (w×h, k, rule, setup,
 * setup->to_move the player): for a win, its shortest within `depth`
 * attacking moves (the puzzle's depth then that win's); for DEFEND, the
 * claim within `depth`; PERFECT ignores it. Proves the task, checks the
 * first move is unique and builds the proof. The result in *out (freed
 * first), its difficulty not measured. False, with why in English, when
 * the position is no such puzzle. */
bool puzzle_make(struct puzzle_prover *pv, int width, int height, int win, enum rule rule,
                 const struct game_setup *setup, enum puzzle_kind kind, int depth,
                 struct puzzle *out, char *why, size_t size);

/* Re-proves pz from scratch, with the search's table emptied first: the
 * position, the task as the header defines it (a win's shortest in exactly
 * pz->depth; for VCT no win by fours; for DEFEND and PERFECT every other
 * move losing), the stored proof complete and sound (proof_check_win; each
 * wrong move's line legal and won by the other side), and the first move
 * unique. False with the first fault, in English, in why. */
bool puzzle_verify(struct puzzle_prover *pv, const struct puzzle *pz, char *why, size_t size);

/* ---- playing a puzzle through ------------------------------------------ */

/* Another win than the shortest is looked for this many attacking moves
 * deeper than a VCT puzzle's depth (a VCF's, to PUZZLE_VCF_DEPTH). */
#define PUZZLE_SLACK 2

/* Whether `move`, played first in pz's position, solves it as the play
 * through judges it: the solution's first move, or for a win another move
 * that wins too (by the same threats, within the puzzle's depth and
 * PUZZLE_SLACK, a VCF's within PUZZLE_VCF_DEPTH). The levels' tries that
 * measure a puzzle's difficulty are judged so. */
bool puzzle_solves(struct puzzle_prover *pv, const struct puzzle *pz, int move);

enum puzzle_verdict {
    PUZZLE_RIGHT,    /* the solution's move, or another that wins as well */
    PUZZLE_WRONG,    /* not the answer: the refutation says why */
    PUZZLE_ILLEGAL,  /* not a move at all (occupied, forbidden, finished) */
};

struct puzzle_answer {
    enum puzzle_verdict verdict;
    enum game_error error;       /* PUZZLE_ILLEGAL: game_play's reason */
    bool other_win;              /* RIGHT: a win, but not the proof's move */
    int reply;                   /* RIGHT: the other side's answer, −1: none */
    bool done;                   /* RIGHT: the puzzle is solved */
    /* WRONG: the other side's refutation, from the position after the
     * wrong move: its moves and the player's best answers. Empty when the
     * wrong move lets the other side off the hook without a line to show
     * (a move that is no threat). */
    int line[PUZZLE_LINE_MAX];
    int n_line;
};

/* A puzzle being played: the game so far and where it is in the proof. */
struct puzzle_play {
    const struct puzzle *pz;
    struct game game;        /* the position now, the player's moves and the replies */
    const struct proof *proof;  /* the puzzle's, or `live` after another win */
    int node;                /* the node of the position now in *proof */
    int attacks;             /* the player's moves played (for the depth left) */
    int mistakes;            /* wrong moves tried */
    bool solved;
    struct proof live;       /* a proof made when the player left the book */
    struct proof_node *live_nodes;
};

/* Starts pz (which must outlive pl). False when out of memory or the
 * position cannot be set up. */
bool puzzle_play_start(struct puzzle_play *pl, const struct puzzle *pz);

/* Frees what the play holds. */
void puzzle_play_free(struct puzzle_play *pl);

/* The player plays `move`. RIGHT: the move and the reply are played on
 * pl->game (and `done` says the puzzle is solved); WRONG: nothing is
 * played, the refutation is in the answer; ILLEGAL: nothing changes. The
 * prover (may be NULL: the proof's own answers only) judges moves the
 * proof does not name: another win, a wrong move's refutation. */
enum puzzle_verdict puzzle_play_move(struct puzzle_play *pl, struct puzzle_prover *pv,
                                     int move, struct puzzle_answer *out);

/* The move the proof expects now, −1 once solved. */
int puzzle_play_hint(const struct puzzle_play *pl);

#endif
