/* screen.c — the table of screens; see screen.h. */
#include "tui/screen.h"

static const struct screen *const table[SCREEN_COUNT] = {
    [SCREEN_PLAY] = &play_screen,
    [SCREEN_REVIEW] = &review_screen,
    [SCREEN_EDITOR] = &editor_screen,
    [SCREEN_MENU] = &menu_screen,
    [SCREEN_LOAD] = &load_screen,
    [SCREEN_STATS] = &stats_screen,
    [SCREEN_PUZZLES] = &puzzles_screen,
    [SCREEN_NET] = &net_screen,
    [SCREEN_LOBBY] = &lobby_screen,
};

const struct screen *screen_of(enum screen_id id)
{
    return table[id];
}
