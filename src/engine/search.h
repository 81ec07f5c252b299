/* search.h — the `search` strategy: iterative-deepening PVS over the
 * incremental line classes, with a threat-space search for forced wins.
 *
 * The strategy table (ai_search) is what the registry lists; everything else
 * is private to search.c. Settings read from struct ai_options: `memory` sizes
 * the transposition table (default SEARCH_DEFAULT_MEMORY); `noise` and
 * `oversight` weaken it for the levels (level.h), their draws made from the
 * position and `seed`. The search is deterministic: the same position,
 * options and node or depth limit give the same move and node count, on any
 * machine (a time limit, of course, does not, nor more than one thread).
 * With no limit given it thinks for SEARCH_DEFAULT_TIME_MS.
 *
 * Threads (struct ai_limits.threads, lazy SMP): the iterative deepening
 * of step 4 runs on threads − 1 helper threads too, each on its own board,
 * stack and history, all sharing the transposition table (tt.h: lockless)
 * and the pattern table (read only). Only the main thread decides, reads
 * the clock and reports; the helpers' results reach it through the table:
 * each skips depths in a pattern of its own (Stockfish's old scheme), so
 * that the threads spread over the depths and answers arrive ahead of the
 * main search. The main thread tells them to stop when it does and waits
 * for them before the safety check; a node limit counts their nodes with
 * its own. The solvers of steps 1, 3 and 4's check run on one thread.
 *
 * Pondering (struct ai_strategy.ponder): on the opponent's time the search
 * plays the reply its last line expected and searches the position after
 * it, on as many threads, until told to stop; when the line expected none
 * (a forced move, a solver's), or the board is not the one it left, it
 * searches the opponent's position instead. Only the tables keep what it
 * found: the next move, searched as usual in its own time, starts deeper.
 *
 * How a move is chosen (the constants are search.c's, the time and node
 * shares timeman.c's):
 * 1. A board with at most SOLVE_MAX_EMPTY empty cells: the exact solver, for
 *    up to 1/SOLVE_SHARE of the time; its move when the solve finishes.
 * 2. A five to make is made; the only block of the opponent's is played.
 * 3. The side's own VCF, then a short VCT (tss.h): a win found is played.
 * 4. Iterative deepening over every root move (search_root, iterate), then
 *    the safety check: the chosen move against the opponent's VCF and VCT,
 *    which the tree is too shallow to see; a refuted move gives way to the
 *    next of the first SAFETY_MOVES that survives, else to one whose check
 *    ran out of nodes: never a move proven lost while another is not.
 *
 * A node of the tree (negamax, its steps in this order):
 * - What the lines decide unsearched: a five to make wins, two of the
 *   opponent's lose, one is blocked as the only move and costs no depth
 *   (under caro a five may have two blocks), an open four wins, and so does
 *   a four-three or three-three against a side that cannot make a four.
 * - Mate distance, then the table (a singularity test neither uses nor
 *   stores it).
 * - Past the leaves only blocks and answers to open threes, QUIESCE_PLIES
 *   deep: a three nothing stops scores as the loss it is. Leaves are scored
 *   by evaluate.h (with the levels' noise).
 * - The static score, kept per ply: a side better than two plies before is
 *   *improving*, and is pruned less.
 * - Before the moves: reverse futility near the leaves; the fail-high
 *   reduction (moves but fours a ply shallower); internal iterative
 *   reduction without a table move; the singularity test of the table move
 *   (singular extension, or multi-cut).
 * - The moves in the picker's order (movepick.h: the block, the table move,
 *   then the cells that matter, by class, nearness to the last two stones,
 *   killers and history; at the root, the last two are the opponent's reply
 *   and our move before it when the board is ours plus one stone). Below
 *   the root, move-count pruning by depth and late-move reductions by depth,
 *   order and ordering score, a reduced move that fails high re-searched
 *   deeper or shallower; never pruned against a threat or a block. Quiet
 *   root moves from ROOT_REDUCE_FROM on go a ply shallower first; from
 *   ASPIRATION_DEPTH an iteration starts in a window around the last score.
 *   No extension goes past twice the iteration's depth from the root.
 * - A win or loss found with pruning is final only once the loser's nodes
 *   were searched at full width: the iteration is repeated so, the table
 *   keyed apart (wide_key). Only a confirmed win skips the safety check.
 *
 * Why: each idea was kept because it won games. Self-play at 100 ms a move:
 * the pruned tree beat full width, time for the tree paid more than time for
 * the solvers, and a VCF at the leaves cost more than it found (left out).
 * SPRT at fixed nodes from balanced openings (tools/sprt.sh): the exact
 * defences against an open three, quiescence on open threes, late-move
 * reductions, reverse futility, the wider PV with root reductions, IIR; at
 * 500,000 nodes, the singular extension and the aspiration windows; at
 * 100,000, move-count pruning by depth (replacing a fixed beam of 8 moves,
 * 16 on the PV) with the fail-high reduction, then the reductions by
 * ordering score, the deeper or shallower re-search and a window of 75.
 * Left out: a safety check two plies deeper (the opponent's strongest quiet
 * replies, each followed by a VCT that none of our replies stops) changed
 * 3 of 104 pairs of games in self-play at 250,000 nodes and scored no
 * better against a strong engine at 200 ms (49.0 % against 52.0 %).
 *
 * Weakness (the levels; read in create(), used in score_leaf() and
 * search_choose() only): leaves get up to `noise` either way, and with a
 * chance of `oversight` per mille a move is a lapse: no solver, no root VCF
 * or VCT and no safety check, so a threat sequence deeper than the tree goes
 * unseen. Both are drawn from the position and the seed.
 *
 * Nothing is allocated after create() but a helper's state, the first time
 * a search has it (kept until destroy()). The clock is read every
 * CHECK_INTERVAL nodes (every node for untabulated classes); a search that
 * runs out of time or is stopped plays the best move of its last completed
 * iteration, or of the current one once its first move was searched.
 */
#ifndef MNK_ENGINE_SEARCH_H
#define MNK_ENGINE_SEARCH_H

#include "mnk/ai.h"

#define SEARCH_DEFAULT_MEMORY ((size_t)64 << 20)
#define SEARCH_DEFAULT_TIME_MS 1000

extern const struct ai_strategy ai_search;

#endif
