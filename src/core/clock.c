/* clock.c — the monotonic clock; see clock.h. */
#include "mnk/clock.h"

#include <time.h>

int64_t clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t clock_ms(void)
{
    return clock_us() / 1000;
}
