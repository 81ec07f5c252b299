/* clockface.h — how a clock reads on screen, for every screen that shows
 * one (the game, a network game): the time as gameclock_format writes it,
 * in byo-yomi the period's time and the periods left ("0:27 ×3"), in
 * Canadian overtime the moves left ("4:10 /7"), and whether it is low
 * (under CLOCKFACE_LOW_MS before its flag), which a screen says in words
 * as well as in colour, for a terminal without colour.
 *
 * Pure text: the caller runs the clock down (gameclock_running) and says
 * how long is left before the flag; the symbol for × is the caller's
 * (the drawing's charset).
 */
#ifndef MNK_TUI_CLOCKFACE_H
#define MNK_TUI_CLOCKFACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mnk/gameclock.h"

/* Less than this before the flag, a clock is low. */
#define CLOCKFACE_LOW_MS 10000

/* The face of clock `now` under tc into buf ("" when tc has no clock);
 * `times` the symbol between a period's time and the periods left.
 * *low when `until_flag` (ms, −1 for a clock that cannot fall now) is
 * under CLOCKFACE_LOW_MS. */
const char *clockface_text(const struct tc *tc, const struct gameclock_side *now,
                           int64_t until_flag, const char *times, char *buf, size_t size,
                           bool *low);

#endif
