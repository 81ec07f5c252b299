/* resume.c — the Resume list's rows; see resume.h. */
#include "tui/resume.h"

#include <stdio.h>

#include "mnk/i18n.h"
#include "tui/columns.h"
#include "tui/draw.h"
#include "tui/place.h"
#include "tui/text.h"

/* The Resume list's columns, in the order of a row. */
enum { RCOL_BOARD, RCOL_PLAYERS, RCOL_MOVES, RCOL_WHEN, RCOLS };

void resume_lay_out(struct menu *m, const struct saves_entry *games, int n, int more, int rows,
                    int cols)
{
    static char lines[MENU_GAMES_MAX][MENU_GAME_TEXT];
    static char cell[MENU_GAMES_MAX][RCOLS][MENU_GAME_TEXT];
    struct column c[RCOLS] = {
        [RCOL_BOARD] = { .give = 0, .cut = COLUMNS_END },
        [RCOL_PLAYERS] = { .give = 1, .cut = COLUMNS_ELLIPSIS },
        [RCOL_MOVES] = { .give = 3 },
        [RCOL_WHEN] = { .give = 4, .to_least = true, .cut = COLUMNS_END },
    };
    for (int i = 0; i < n; i++) {
        const struct saves_entry *e = &games[i];
        char day[MENU_GAME_TEXT];
        snprintf(cell[i][RCOL_BOARD], MENU_GAME_TEXT, "%d%s%d k=%d %s", e->width,
                 draw_sym(GLYPH_TIMES), e->height, e->win, _(rule_name(e->rule)));
        /* TRANSLATORS: the players of a game in the Resume list. */
        snprintf(cell[i][RCOL_PLAYERS], MENU_GAME_TEXT, _("%s vs %s"), saves_player(e->black),
                 saves_player(e->white));
        /* TRANSLATORS: moves made and the side to move, in the Resume list. */
        snprintf(cell[i][RCOL_MOVES], MENU_GAME_TEXT,
                 ngettext("%d move, %s to play", "%d moves, %s to play", (unsigned long)e->moves),
                 e->moves, _(stone_name(e->to_move)));
        if (e->lock != FILELOCK_FREE) {
            /* TRANSLATORS: instead of the date in the Resume list: the game
               is open in another window of mnk (as short as the date). */
            const char *held = _("open elsewhere");
            /* TRANSLATORS: instead of the date in the Resume list: the
               game's lock file cannot be used (as short as the date). */
            const char *unknown = _("lock unusable");
            snprintf(cell[i][RCOL_WHEN], MENU_GAME_TEXT, "%s",
                     e->lock == FILELOCK_IN_USE ? held : unknown);
            snprintf(day, sizeof day, "%s", cell[i][RCOL_WHEN]);
        } else {
            saves_date(cell[i][RCOL_WHEN], MENU_GAME_TEXT, e->when, true);
            saves_date(day, sizeof day, e->when, false);
        }
        for (int k = 0; k < RCOLS; k++) {
            int w = text_width(cell[i][k]);
            c[k].want = w > c[k].want ? w : c[k].want;
        }
        int d = text_width(day);
        c[RCOL_WHEN].least = d > c[RCOL_WHEN].least ? d : c[RCOL_WHEN].least;
    }
    c[RCOL_BOARD].least = c[RCOL_BOARD].want;
    c[RCOL_MOVES].least = c[RCOL_MOVES].want;
    c[RCOL_PLAYERS].least = c[RCOL_PLAYERS].want < 9 ? c[RCOL_PLAYERS].want : 9;
    struct place_list p;
    place_list(&p, rows, cols, n, 0);
    columns_fit(c, RCOLS, 2, p.w - 1);
    for (int i = 0; i < n; i++) {
        const char *cells[RCOLS] = { cell[i][0], cell[i][1], cell[i][2], cell[i][3] };
        columns_row(lines[i], sizeof lines[i], c, RCOLS, 2, cells, draw_sym(GLYPH_ELLIPSIS));
    }
    menu_set_games(m, (const char(*)[MENU_GAME_TEXT])lines, n, more);
}

