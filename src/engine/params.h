/* params.h — the search's tuned constants of pruning, reduction and
 * windows, as values one run may change, so that they can be tuned
 * together (tools/spsa.py) without a build for every setting.
 *
 * Each has a name, its tuned value (what every player uses: nothing in the
 * program sets another) and the range a tuner may try. A setting is a list
 * "NAME=VALUE[,NAME=VALUE...]" over the tuned values (`mnk engine --tune`);
 * a name not known, a value not a whole number or out of its range is
 * refused with a message, never taken in part. What each one does is
 * search.c's business (its comments at their use); the table here only
 * names them. Pure data and parsing: no I/O, no state.
 */
#ifndef MNK_ENGINE_PARAMS_H
#define MNK_ENGINE_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

struct search_params {
    int futility_margin;   /* reverse futility: static score above beta, a ply */
    int fail_high_margin;  /* fail-high reduction: static score above beta, a ply */
    int lmp_base;          /* move-count pruning: moves at depth 0, */
    int lmp_scale;         /* and depth² · this / 16 more */
    int lmr_div;           /* late-move reductions: ln(depth) · ln(index) · 10 / this */
    int policy_mid;        /* a ply more (less) per policy_gap a move scores more */
    int policy_gap;        /* (less) than policy_mid below the node's best */
    int deeper_margin;     /* a reduced move failing high by this, */
    int deeper_scale;      /* and this a ply it was reduced, goes a ply deeper */
    int shallower_margin;  /* within this of the best, a ply shallower */
    int singular_margin;   /* the singularity test's bound: this a ply below */
    int aspiration_window; /* the first window either side of the last score */
};

/* One of the fields above. */
struct param_info {
    const char *name;
    size_t offset;         /* in struct search_params */
    int value, min, max;   /* tuned; the range a tuner may try */
};

/* How many there are, and the i-th (0 ≤ i < params_count()). */
int params_count(void);
const struct param_info *params_info(int i);

/* The tuned values. */
struct search_params params_tuned(void);

/* *p set to the tuned values with `spec`'s changes (NULL or "": none).
 * False with a message in why (and *p the tuned values) when spec is not a
 * list of NAME=VALUE with known names and values in range. */
bool params_parse(struct search_params *p, const char *spec, char *why, size_t whysize);

#endif
