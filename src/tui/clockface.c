/* clockface.c — how a clock reads on screen; see clockface.h. */
#include "tui/clockface.h"

#include <stdio.h>

const char *clockface_text(const struct tc *tc, const struct gameclock_side *now,
                           int64_t until_flag, const char *times, char *buf, size_t size,
                           bool *low)
{
    *low = false;
    buf[0] = '\0';
    if (tc->kind == TC_NONE)
        return buf;
    char t[24];
    gameclock_format(gameclock_shown_ms(tc, now), t, sizeof t);
    if (tc->kind == TC_BYOYOMI && gameclock_in_overtime(tc, now))
        snprintf(buf, size, "%s %s%d", t, times, now->periods);
    else if (tc->kind == TC_CANADIAN && gameclock_in_overtime(tc, now))
        snprintf(buf, size, "%s /%d", t, now->moves);
    else
        snprintf(buf, size, "%s", t);
    *low = !now->flagged && until_flag >= 0 && until_flag < CLOCKFACE_LOW_MS;
    return buf;
}
