/* search.h — the `search` strategy: iterative-deepening PVS over the
 * incremental line classes, with a threat-space search for forced wins.
 *
 * The strategy table (ai_search) is what the registry lists; everything else
 * is private to search.c. Settings read from struct ai_options: `memory` sizes
 * the transposition table (default SEARCH_DEFAULT_MEMORY); `noise` and
 * `oversight` weaken it for the levels (level.h), their draws made from the
 * position and `seed`. The search is deterministic: the same position,
 * options and node or depth limit give the same move and node count, on any
 * machine (a time limit, of course, does not). With no limit given it thinks
 * for SEARCH_DEFAULT_TIME_MS.
 */
#ifndef MNK_ENGINE_SEARCH_H
#define MNK_ENGINE_SEARCH_H

#include "mnk/ai.h"

#define SEARCH_DEFAULT_MEMORY ((size_t)64 << 20)
#define SEARCH_DEFAULT_TIME_MS 1000

extern const struct ai_strategy ai_search;

#endif
