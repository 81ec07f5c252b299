/* resume.c — the Resume list's rows; see resume.h. */
#include "tui/resume.h"

#include <stdio.h>
#include <string.h>

#include "mnk/game.h"

#include "mnk/i18n.h"
#include "tui/columns.h"
#include "tui/draw.h"
#include "tui/place.h"
#include "tui/text.h"

/* The Resume list's columns, in the order of a row. */
enum { RCOL_BOARD, RCOL_PLAYERS, RCOL_MOVES, RCOL_WHEN, RCOLS };

void resume_lay_out(struct menu *m)
{
    const struct saves_entry *games = m->kept;
    int n = m->n_kept, more = m->more_kept, rows = m->rows, cols = m->cols;
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


bool resume_relook(struct menu *m)
{
    if (!saves_relook(m->kept, m->n_kept))
        return false;
    resume_lay_out(m);
    return true;
}

void resume_refresh(struct menu *m)
{
    char note[SAVES_PATH_MAX + 200];
    m->n_kept = saves_list(m->kept, MENU_GAMES_MAX, &m->more_kept, note, sizeof note);
    resume_lay_out(m);
    const struct saves_entry *e = &m->kept[0];
    if (m->n_kept == 0) {
        menu_set_resume(m, NULL);
    } else {
        char what[MENU_GAME_TEXT + 40];
        if (m->n_kept == 1)
            /* TRANSLATORS: the one unfinished game, under Resume in the
               menu: width, "×", height, win length, rule, Black's and
               White's players, moves made, the side to move. */
            snprintf(what, sizeof what,
                     ngettext("%d%s%d k=%d %s  %s vs %s  %d move, %s to play",
                              "%d%s%d k=%d %s  %s vs %s  %d moves, %s to play",
                              (unsigned long)e->moves),
                     e->width, draw_sym(GLYPH_TIMES), e->height, e->win, _(rule_name(e->rule)),
                     saves_player(e->black), saves_player(e->white), e->moves,
                     _(stone_name(e->to_move)));
        else
            snprintf(what, sizeof what,
                     ngettext("%d unfinished games, the newest %d%s%d, %d move",
                              "%d unfinished games, the newest %d%s%d, %d moves",
                              (unsigned long)e->moves),
                     m->n_kept, e->width, draw_sym(GLYPH_TIMES), e->height, e->moves);
        menu_set_resume(m, what);
    }
    if (note[0] != '\0')
        menu_say(m, note);
}

void resume_delete(struct menu *m)
{
    int pick = m->pick;
    char err[SAVES_PATH_MAX + 100];
    if (pick < 0 || pick >= m->n_kept)
        return;
    enum filelock_look look = filelock_look(m->kept[pick].path);
    if (look != FILELOCK_FREE) {
        resume_refresh(m);
        menu_say(m, look == FILELOCK_IN_USE
                        ? _("that game is open in another window: it was not deleted")
                        : _("that game's lock file cannot be used (is it another "
                            "user's?): it was not deleted"));
        return;
    }
    if (!saves_forget(m->kept[pick].path, err, sizeof err))
        menu_say(m, err);
    resume_refresh(m);
}

void resume_clear(struct menu *m)
{
    char err[SAVES_PATH_MAX + 100];
    int kept = 0;
    bool failed = false;
    for (int i = 0; i < m->n_kept; i++) {
        if (filelock_look(m->kept[i].path) != FILELOCK_FREE)
            kept++;
        else if (!saves_forget(m->kept[i].path, err, sizeof err))
            failed = true;
    }
    resume_refresh(m);
    if (failed)
        menu_say(m, err);
    else if (kept > 0) {
        char note[160];
        snprintf(note, sizeof note,
                 ngettext("%d game open in another window was not deleted",
                          "%d games open in other windows were not deleted", (unsigned long)kept),
                 kept);
        menu_say(m, note);
    }
}
