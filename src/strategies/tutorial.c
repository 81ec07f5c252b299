/* tutorial.c — the `tutorial` strategy: the classic tutorial cell scorer.
 *
 * Kept as a yardstick to measure the other strategies against, not as a
 * player to recommend. It is reproduced as the tutorials have it: for each
 * empty cell and each direction it counts the stones running out from the
 * cell on both sides (a run stops at an empty cell, counted as an open end,
 * or at the other colour or the edge), scores the opponent's runs (blocking)
 * and its own (attack) from two fixed tables, and plays the highest total,
 * choosing at random among ties. It reads the lines as the engine does
 * (pattern_read_line), but only to follow runs: it knows nothing of k, of
 * gaps or of the exact rule: the tables are those written for five in a
 * row. Of caro it knows what makes a five no win: a run the stone would
 * make k or longer between two of the other colour's stones scores as no
 * run at all.
 */
#include <stdint.h>
#include <stdlib.h>

#include "engine/pattern.h"
#include "mnk/ai.h"
#include "mnk/rng.h"
#include "mnk/rules.h"

/* Scores of a run by its length, for the ends that are one or two open. */
struct run_table {
    int none;        /* no stone */
    int one;
    int two[2];      /* [open ends - 1] */
    int three[2];
    int four;        /* four or more */
};

static const struct run_table block_table = { 0, 10, { 30, 40 }, { 60, 2000 }, 10100 };
static const struct run_table attack_table = { 5, 10, { 25, 50 }, { 55, 100 }, 20000 };

/* The score of a run of `len` stones with `open` open ends.
 *
 * The flaw is deliberate: the tutorial's switch has no case for a two or a
 * three closed at both ends, and falls through into the next length, so such
 * a dead run scores as much as a four. It is kept because this strategy is a
 * yardstick, faithful to the original, not a player we recommend. */
static int run_score(const struct run_table *t, int len, int open)
{
    switch (len) {
    case 0:
        return t->none;
    case 1:
        return t->one;
    case 2:
        if (open > 0)
            return t->two[open - 1];
        /* fall through */
    case 3:
        if (open > 0)
            return t->three[open - 1];
        /* fall through */
    default:
        return t->four;
    }
}

/* The own stones of a line read by pattern_read_line() running from its
 * centre `half` (exclusive) by `step` (1 or -1), and whether the run ends on
 * an empty cell (*open counts it) or on the other colour's stone (*walled
 * counts it; the edge is neither). With half the board's longer side the
 * run always ends inside what was read. */
static int run_from(const uint8_t *line, int half, int step, int *open, int *walled)
{
    int at = half + step, n = 0;
    while (line[at] == LINE_OWN) {
        n++;
        at += step;
    }
    if (line[at] == LINE_EMPTY)
        (*open)++;
    else if (line[at] == LINE_BLOCKED)
        (*walled)++;
    return n;
}

/* The tutorial's score of the empty cell pos for `side` to play. */
static int tutorial_score(const struct board *b, int pos, enum stone side)
{
    int half = b->width > b->height ? b->width : b->height;
    int score = 0;
    for (int d = 0; d < 4; d++) {
        uint8_t line[2][PATTERN_LINE_MAX];
        pattern_read_line(b, pos, d, half, line);
        for (int who = 0; who < 2; who++) {
            enum stone s = who == 0 ? stone_other(side) : side;
            const uint8_t *seen = line[s == STONE_BLACK ? 0 : 1];
            int open = 0, walled = 0;
            int len = run_from(seen, half, 1, &open, &walled) +
                      run_from(seen, half, -1, &open, &walled);
            /* Under caro such a run wins nothing (rules_is_win). */
            if (rule_info(b->rule)->blocked_ends && walled == 2 && len + 1 >= b->win)
                len = 0;
            score += run_score(who == 0 ? &block_table : &attack_table, len, open);
        }
    }
    return score;
}

static void *tutorial_create(const struct ai_options *opts)
{
    struct rng *r = malloc(sizeof *r);
    if (r != NULL)
        rng_seed(r, opts->seed);
    return r;
}

static void tutorial_destroy(void *state)
{
    free(state);
}

static int tutorial_choose(void *state, const struct board *b, enum stone side,
                           const struct ai_limits *limits)
{
    struct rng *r = state;
    (void)limits;
    int best = -1, best_score = 0;
    uint32_t ties = 0;
    for (int pos = 0; pos < board_cells(b); pos++) {
        if (!rules_legal(b, side, pos))
            continue;
        int score = tutorial_score(b, pos, side);
        if (best < 0 || score > best_score) {
            best = pos;
            best_score = score;
            ties = 1;
        } else if (score == best_score && rng_below(r, ++ties) == 0) {
            best = pos;
        }
    }
    return best;
}

const struct ai_strategy ai_tutorial = {
    .name = "tutorial",
    .summary = "the classic tutorial scorer: counts runs, no lookahead",
    .create = tutorial_create,
    .destroy = tutorial_destroy,
    .choose = tutorial_choose,
};
