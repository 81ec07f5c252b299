/* clock.h — a monotonic millisecond clock for thinking-time budgets.
 *
 * Monotonic: unaffected by changes to the wall clock, so a budget measured
 * with it can never run backwards or jump. */
#ifndef MNK_CLOCK_H
#define MNK_CLOCK_H

#include <stdint.h>

/* Milliseconds since an arbitrary fixed point in the past. */
int64_t clock_ms(void);

/* Microseconds since the same point. */
int64_t clock_us(void);

#endif
