/* learn.h — what the tools that learn from games share (texel, policy).
 *
 * learn_each_record walks game records: a file, or every .sgf of a
 * directory in name order, calling back with each path; learn_replay_start
 * loads one and sets a position up to replay it in; learn_quiet says
 * whether a position is one the evaluation and the ordering of quiet moves
 * have the say in (the same test as the search's); learn_grow doubles an
 * array or exits on running out of memory (tools have nothing to save).
 */
#ifndef MNK_TOOLS_LEARN_H
#define MNK_TOOLS_LEARN_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "mnk/game.h"

/* Calls fn(ctx, path) for the record at `path`, or for every .sgf file of
 * the directory `path` in name order. */
void learn_each_record(const char *path, void (*fn)(void *ctx, const char *path), void *ctx);

/* Which games a sample comes from: the fit's, the ones held out to choose
 * its settings, the test records. */
enum learn_set { LEARN_TRAIN, LEARN_VALID, LEARN_TEST, LEARN_SETS };

/* A game to replay: the record, the tables of the first record's win
 * length and rule (all must share them), a position. Zero it, then set
 * skip and holdout. */
struct learn_replay {
    int skip;                     /* moves from which positions are kept */
    int holdout;                  /* every holdout-th game is LEARN_VALID */
    bool test;                    /* reading the test records */
    int games;                    /* records started */
    bool have_table;
    struct pattern_table table;
    struct position pos;
    struct game g;
};

/* Loads the record at `path` into r->g, sets r->pos up on its empty board
 * and *set to the set its positions go to. False, with a message on stderr
 * naming `tool`, when the record cannot be read or has another win length
 * or rule than the first. Exits when out of memory. */
bool learn_replay_start(struct learn_replay *r, const char *tool, const char *path,
                        enum learn_set *set);

/* Frees the tables; r may be loaded again after zeroing. */
void learn_replay_free(struct learn_replay *r);

/* Whether position_decide() settles nothing with `me` to move and the
 * opponent has no open three (no cell making an open four) to answer: where
 * the search's leaves take the evaluation's word (search.c's quiescence
 * test), and the quiet moves are ordered under the beam. */
bool learn_quiet(const struct position *p, int me);

/* p grown to twice *cap elements of `size` bytes (65,536 from 0); *cap is
 * updated. Exits with a message naming `tool` when out of memory. */
void *learn_grow(const char *tool, void *p, size_t *cap, size_t size);

#endif
