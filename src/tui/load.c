/* load.c — the Load screen; see load.h. */
#include "tui/load.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tui/draw.h"
#include "tui/help.h"
#include "tui/react.h"
#include "mnk/i18n.h"
#include "tui/text.h"

/* The list's first row (under the title, the field, its matches and the
 * count), and the rows under it (message, keys). */
#define LIST_Y 5
#define BELOW 2

/* "Nov 23 08:40  15×15 k=5  human - keen   41  White wins  game.sgf", on
 * one row whatever the names hold (text_escape). */
static void describe(const struct saves_entry *e, char *buf, size_t size)
{
    char when[32], board[32], players[2 * SAVES_NAME_MAX + 8];
    struct tm tm;
    if (localtime_r(&e->when, &tm) == NULL || strftime(when, sizeof when, "%b %d %H:%M", &tm) == 0)
        snprintf(when, sizeof when, "?");
    snprintf(board, sizeof board, "%d%s%d k=%d%s", e->width, draw_sym(GLYPH_TIMES), e->height,
             e->win, e->rule == RULE_EXACT ? _(" exact") : "");
    /* Names from files, escaped before they are measured into columns. */
    char pair[sizeof players];
    snprintf(pair, sizeof pair, "%s - %s", e->black, e->white);
    text_escape(players, sizeof players, pair);
    const char *result = e->result.outcome == OUTCOME_BLACK_WINS   ? _("Black wins")
                         : e->result.outcome == OUTCOME_WHITE_WINS ? _("White wins")
                         : e->result.outcome == OUTCOME_DRAW       ? _("draw")
                         : e->to_move == STONE_BLACK               ? _("Black to play")
                                                                   : _("White to play");
    const char *base = strrchr(e->path, '/');
    base = base != NULL ? base + 1 : e->path;
    const char *where = e->kind != SAVES_UNFINISHED ? base
                        : e->busy                  ? _("(open elsewhere)")
                                                   : _("(unfinished)");
    /* In columns of the screen's widths (a name may be Chinese); the list is
     * drawn clipped to the screen. */
    char c1[64], c2[64], c3[96], c4[64];
    int n = snprintf(buf, size, "%s  %s  %s %3d  %s  ", text_pad(c1, sizeof c1, when, 12),
                     text_pad(c2, sizeof c2, board, 9), text_pad(c3, sizeof c3, players, 18),
                     e->moves, text_pad(c4, sizeof c4, result, 13));
    if (n > 0 && (size_t)n < size)   /* escaped, and cut at a whole character */
        text_escape(buf + n, size - (size_t)n, where);
}

void load_open(struct load *l)
{
    int rows = l->rows, cols = l->cols;
    memset(l, 0, sizeof *l);
    l->rows = rows;
    l->cols = cols;
    l->n = saves_records(l->games, LOAD_MAX, &l->more, &l->skipped);
    for (int i = 0; i < l->n; i++)
        describe(&l->games[i], l->lines[i], sizeof l->lines[i]);
    prompt_open(&l->field, _("Open:"), "", "", REACT_OPEN);
    l->field.complete = saves_complete;
}

static int list_rows(const struct load *l)
{
    int n = l->rows - LIST_Y - BELOW;
    return n > 0 ? n : 0;
}

void load_resize(struct load *l, int rows, int cols)
{
    l->rows = rows;
    l->cols = cols;
}

static void pick(struct load *l, int to)
{
    if (l->n == 0)
        return;
    l->pick = to < 0 ? 0 : to >= l->n ? l->n - 1 : to;
    int shown = list_rows(l);
    if (l->pick < l->top)
        l->top = l->pick;
    else if (shown > 0 && l->pick >= l->top + shown)
        l->top = l->pick - shown + 1;
}

unsigned load_key(struct load *l, int key)
{
    l->message[0] = '\0';
    int page = list_rows(l) > 1 ? list_rows(l) - 1 : 1;
    switch (key) {
    case KEY_UP:
        pick(l, l->pick - 1);
        return REACT_REDRAW;
    case KEY_DOWN:
        pick(l, l->pick + 1);
        return REACT_REDRAW;
    case KEY_PPAGE:
        pick(l, l->pick - page);
        return REACT_REDRAW;
    case KEY_NPAGE:
        pick(l, l->pick + page);
        return REACT_REDRAW;
    case KEY_HOME:
        pick(l, 0);
        return REACT_REDRAW;
    case KEY_END:
        pick(l, l->n - 1);
        return REACT_REDRAW;
    case 27:
        if (l->field.len == 0)
            return REACT_BACK;
        prompt_key(&l->field, 21); /* Ctrl-U: the field is cleared */
        return REACT_REDRAW;
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (l->field.len == 0 && l->n == 0) {
            load_say(l, _("nothing to open: type the path of a .sgf or .psq file"));
            return REACT_REDRAW;
        }
        return REACT_OPEN;
    default:
        return prompt_key(&l->field, key);
    }
}

bool load_choice(const struct load *l, char *path, size_t size, bool *resume)
{
    *resume = false;
    if (l->field.len > 0) {
        snprintf(path, size, "%s", l->field.text);
        return true;
    }
    if (l->n == 0)
        return false;
    snprintf(path, size, "%s", l->games[l->pick].path);
    *resume = l->games[l->pick].kind == SAVES_UNFINISHED;
    return true;
}

void load_say(struct load *l, const char *text)
{
    snprintf(l->message, sizeof l->message, "%s", text);
}

void load_draw(const struct load *l)
{
    erase();
    int cols = l->cols, left = 1, width = cols - 2;
    draw_fill(0, 0, cols, STYLE_TITLE);
    draw_text(0, 1, cols - 2, STYLE_TITLE, _("mnk  open a game"));
    int w = draw_text(2, left, width, STYLE_MESSAGE, _("File: "));
    prompt_draw_field(&l->field, 2, left + w, width - w);
    if (l->n == 0) {
        draw_text(LIST_Y, left, width, STYLE_DIM,
                  _("No saved games or records here yet: type a path above."));
    } else {
        char count[120];
        if (l->more > 0)
            /* TRANSLATORS: the Load list's count when it shows only the
               newest files: shown, then all there are. */
            snprintf(count, sizeof count, _("the newest %d of %d files"), l->n,
                     l->n + l->skipped + l->more);
        else
            snprintf(count, sizeof count,
                     ngettext("%d game, newest first", "%d games, newest first",
                              (unsigned long)l->n),
                     l->n);
        draw_textf(4, left, width, STYLE_LABEL, "%s%s", count,
                   l->skipped > 0 ? _(" (some files could not be read)") : "");
        for (int i = l->top, y = LIST_Y; i < l->n && y < LIST_Y + list_rows(l); i++, y++) {
            bool sel = i == l->pick && l->field.len == 0;
            if (sel)
                draw_fill(y, left, width, STYLE_SELECTED);
            draw_text(y, left + 1, width - 1, sel ? STYLE_SELECTED : STYLE_NORMAL, l->lines[i]);
        }
    }
    /* Under the list: why the last choice did not open, or the whole path
     * of the game picked (the list cuts long names). */
    if (l->message[0] != '\0')
        draw_text(l->rows - 2, left, width, STYLE_ERROR, l->message);
    else if (l->n > 0 && l->field.len == 0)
        draw_text(l->rows - 2, left, width, STYLE_DIM, l->games[l->pick].path);
    static const struct draw_hint hints[] = {
        { N_("up/down"), N_("choose") }, { "Enter", N_("open") }, { "Tab", N_("complete") },
        { "Esc", N_("back") },
    };
    draw_hints(l->rows - 1, hints, (int)(sizeof hints / sizeof hints[0]));
}

static const struct key_line {
    const char *keys, *help;
} key_lines[] = {
    { N_("up, down, PgUp, PgDn"), N_("choose a game") },
    { N_("typing"), N_("a path instead; Tab completes it") },
    { "Enter", N_("open (an unfinished game resumes, a finished one opens in review)") },
    { "Esc", N_("clear the path, then back to the menu") },
};

bool load_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct key_line, key_lines, i, keys, help);
}
