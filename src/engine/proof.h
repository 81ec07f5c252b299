/* proof.h — a win by threats as data: the tree of moves that proves it,
 * built from the threat-space search and checked against it.
 *
 * A proof is a tree of moves from a position (its root, node 0, stands for
 * the position itself and holds no move). Below an attacker's move come the
 * defender's replies, below each reply the attacker's one answer, and so on
 * down to the attacker's five. A win tree (proof_win) is complete: under each
 * threat it holds every defence the solver tries (tss_defences, the set any
 * proof must answer), each with its refutation, so that it proves the win
 * by itself; with a defender that cannot stop the threat at all (two fives,
 * an open four) it holds one reply, a block of a five, and the five that
 * follows, so that the line plays to its end. The defences under a threat
 * are ordered strongest first: the one whose refutation is longest, then the
 * one with the most nodes, so that following the first replies gives the
 * main line (the longest the defender can hold out).
 *
 * The nodes live in a buffer the caller gives (proof_init); building never
 * allocates, and a tree that would not fit is not built. The position is
 * restored before every function returns. No I/O.
 */
#ifndef MNK_ENGINE_PROOF_H
#define MNK_ENGINE_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "engine/tss.h"

/* The most nodes one tree may index. */
#define PROOF_NODES_MAX 32767

struct proof_node {
    int16_t move;    /* the cell played; −1 at the root */
    int16_t child;   /* the first move after it, −1: none */
    int16_t next;    /* the next move in its place, −1: none */
};

struct proof {
    int n;                    /* nodes in use, the root among them */
    int cap;                  /* room in node[] */
    struct proof_node *node;
};

/* Makes pr an empty tree (the root alone) in buf of `cap` nodes (at least 1,
 * at most PROOF_NODES_MAX). */
void proof_init(struct proof *pr, struct proof_node *buf, int cap);

/* Adds `move` as the last child of `parent`; its index, or −1 when full. */
int proof_add(struct proof *pr, int parent, int move);

/* How many children `node` has. */
int proof_children(const struct proof *pr, int node);

/* The number of moves on the longest path below `node` (0 for a leaf). */
int proof_height(const struct proof *pr, int node);

/* Nodes below `node`, itself not counted. */
int proof_size(const struct proof *pr, int node);

/* With `attacker` to move on p, adds under `node` a complete win tree of
 * at most `depth` attacking moves: at each of the attacker's turns its
 * shortest win (in attacking moves) as tss_solve finds it, deepening one
 * move at a time, with `threes` (VCT) or without (VCF); the defences
 * strongest first. Every call of the search gets
 * `budget` nodes, all of them together at most `total` (0: no limit). True
 * when the tree was built; false (the tree as it was) when the search finds
 * no win, runs out of nodes or the tree runs out of room. */
bool proof_win(struct proof *pr, int node, struct tss *t, struct position *p,
               enum stone attacker, bool threes, int depth, uint64_t budget, uint64_t total);

/* The same with the defender to move on p, after the attacker's threat
 * `last` (−1: not known): adds under `node` every defence with its
 * refutation. */
bool proof_defend(struct proof *pr, int node, struct tss *t, struct position *p,
                  enum stone attacker, bool threes, int depth, uint64_t budget, uint64_t total,
                  int last);

/* Whether the tree under `node`, `attacker` to move on p, is a complete
 * proof of a win in itself: each of its moves legal (an empty cell the side
 * may play, no move after a five), each attacker's move a five or a threat
 * (tss_defences not −1) whose every defence the solver tries is among the
 * replies below it, every reply followed by one attacker's move, and every
 * line ending in the attacker's five. False with the first fault in `why`
 * (English, the cells in the board's notation). */
bool proof_check_win(const struct proof *pr, int node, struct position *p,
                     enum stone attacker, char *why, size_t size);

/* proof_check_win with the defender to move on p after `last`: the replies
 * under `node` answer every defence. */
bool proof_check_defence(const struct proof *pr, int node, struct position *p,
                         enum stone attacker, int last, char *why, size_t size);

#endif
