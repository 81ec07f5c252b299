/* load.c — the Load screen; see load.h. */
#include "tui/load.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/columns.h"
#include "tui/draw.h"
#include "tui/help.h"
#include "tui/menu.h"
#include "tui/react.h"
#include "tui/screen.h"
#include "mnk/i18n.h"
#include "tui/text.h"

/* The list's first row (under the title, the field, its matches and the
 * count), and the rows under it (message, keys). */
#define LIST_Y 5
#define BELOW 3   /* the picked game's players, its path, the keys */

/* The list's columns, in the order of a row, and the blanks between. */
enum { COL_DATE, COL_BOARD, COL_PLAYERS, COL_MOVES, COL_RESULT, COL_NAME, N_COLS };
#define GAP 2

/* One game's cells: "Nov 23 08:40", "15×15 k=5", "human - keen", "41",
 * "White wins", "game.sgf"; names from files escaped before they are
 * measured (text_escape), so each stays on its row. */
struct cells {
    char date[64], day[64], board[64], players[8 * SAVES_NAME_MAX + 8], moves[16], name[256];
    const char *text[N_COLS];
};

static void cells_of(const struct saves_entry *e, struct cells *c)
{
    saves_date(c->date, sizeof c->date, e->when, true);
    saves_date(c->day, sizeof c->day, e->when, false);
    bool named = e->rule != RULE_DEFAULT;   /* the default rule goes without saying */
    snprintf(c->board, sizeof c->board, "%d%s%d k=%d%s%s", e->width, draw_sym(GLYPH_TIMES),
             e->height, e->win, named ? " " : "", named ? _(rule_name(e->rule)) : "");
    char pair[sizeof c->players];
    snprintf(pair, sizeof pair, "%s - %s", saves_player(e->black), saves_player(e->white));
    text_escape(c->players, sizeof c->players, pair);
    snprintf(c->moves, sizeof c->moves, "%d", e->moves);
    const char *base = strrchr(e->path, '/');
    base = base != NULL ? base + 1 : e->path;
    /* An autosave's name means nothing to the player: whose turn it is
     * stands in its place (or that another window holds it). */
    text_escape(c->name, sizeof c->name,
                e->kind != SAVES_UNFINISHED    ? base
                : e->lock == FILELOCK_IN_USE  ? _("(open elsewhere)")
                : e->lock == FILELOCK_UNKNOWN ? _("(lock unusable)")
                : e->to_move == STONE_BLACK   ? _("(Black to play)")
                                              : _("(White to play)"));
    c->text[COL_DATE] = c->date;
    c->text[COL_BOARD] = c->board;
    c->text[COL_PLAYERS] = c->players;
    c->text[COL_MOVES] = c->moves;
    c->text[COL_RESULT] = e->result.outcome == OUTCOME_BLACK_WINS   ? _("Black wins")
                          : e->result.outcome == OUTCOME_WHITE_WINS ? _("White wins")
                          : e->result.outcome == OUTCOME_DRAW       ? _("draw")
                                                                    : _("unfinished");
    c->text[COL_NAME] = c->name;
}

static int most(int a, int b)
{
    return a > b ? a : b;
}

/* Lays the rows out in the screen's width (the list's rows start two
 * columns in and end one before the edge). What tells two games apart —
 * the file's name, extension and all, and the board with its rule — is
 * kept whole; the date loses its time first (the list is in date order
 * already), then the players are cut, then the date, the players, the
 * result and the moves go, in that order (columns.h). */
static void lay_out(struct load *l)
{
    struct column c[N_COLS] = {
        [COL_DATE] = { .give = 1, .to_least = true, .cut = COLUMNS_END },
        [COL_BOARD] = { .give = 0, .cut = COLUMNS_END },
        [COL_PLAYERS] = { .give = 2, .cut = COLUMNS_ELLIPSIS },
        [COL_MOVES] = { .give = 4, .right = true },
        [COL_RESULT] = { .give = 3 },
        [COL_NAME] = { .give = 0, .cut = COLUMNS_MIDDLE },
    };
    static struct cells cells;   /* one at a time: a few kilobytes */
    for (int i = 0; i < l->n; i++) {
        cells_of(&l->games[i], &cells);
        for (int k = 0; k < N_COLS; k++)
            c[k].want = most(c[k].want, text_width(cells.text[k]));
        c[COL_DATE].least = most(c[COL_DATE].least, text_width(cells.day));
    }
    c[COL_PLAYERS].least = c[COL_PLAYERS].want < 9 ? c[COL_PLAYERS].want : 9;
    c[COL_MOVES].least = c[COL_MOVES].want = most(c[COL_MOVES].want, 3);
    c[COL_BOARD].least = c[COL_BOARD].want;
    c[COL_RESULT].least = c[COL_RESULT].want;
    c[COL_NAME].least = c[COL_NAME].want;
    /* Two blanks between columns read best; where that would cut a cell
     * (at 80 columns, the players beside a long file name), one. */
    int need = 0, gap = GAP;
    for (int k = 0; k < N_COLS; k++)
        need += (c[k].to_least ? c[k].least : c[k].want) + (k > 0 ? GAP : 0);
    if (need > l->cols - 3)
        gap = 1;
    columns_fit(c, N_COLS, gap, l->cols - 3);
    for (int i = 0; i < l->n; i++) {
        cells_of(&l->games[i], &cells);
        columns_row(l->lines[i], sizeof l->lines[i], c, N_COLS, gap, cells.text,
                    draw_sym(GLYPH_ELLIPSIS));
    }
}

void load_open(struct load *l)
{
    int rows = l->rows, cols = l->cols;
    memset(l, 0, sizeof *l);
    l->rows = rows;
    l->cols = cols;
    l->n = saves_records(l->games, LOAD_MAX, &l->more, &l->skipped);
    lay_out(l);
    prompt_open(&l->field, _("Open:"), "", "", REACT_OPEN);
    l->field.complete = saves_complete;
}

bool load_relook(struct load *l)
{
    if (!saves_relook(l->games, l->n))
        return false;
    lay_out(l);
    return true;
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
    lay_out(l);
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
    /* Under the list: the players of the game picked and its whole path
     * (the list may cut long names), or why the last choice did not open. */
    if (l->n > 0 && l->field.len == 0) {
        const struct saves_entry *e = &l->games[l->pick];
        /* TRANSLATORS: under the Load list, the players of the game
           picked, whole: Black's, then White's. */
        char who[2 * SAVES_NAME_MAX + 100];
        snprintf(who, sizeof who, _("Black %s, White %s"), saves_player(e->black),
                 saves_player(e->white));
        /* An unfinished game's list row says "unfinished": whose turn, here. */
        draw_textf(l->rows - 3, left, width, STYLE_DIM, "%s%s%s", who,
                   e->result.outcome == OUTCOME_ONGOING ? "   " : "",
                   e->result.outcome != OUTCOME_ONGOING ? ""
                   : e->to_move == STONE_BLACK          ? _("Black to play")
                                                        : _("White to play"));
    }
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

/* --- the screen's entry (screen.h) ---------------------------------------- */

static unsigned op_open(void *self)
{
    load_open(self);
    return REACT_REDRAW;
}

static void op_resize(void *self, int rows, int cols) { load_resize(self, rows, cols); }
static void op_draw(const void *self) { load_draw(self); }
static unsigned op_key(void *self, int key) { return load_key(self, key); }
static int op_wait_ms(const void *self) { (void)self; return SCREEN_RELOOK_MS; }
static bool op_relook(void *self) { return load_relook(self); }

const struct screen load_screen = {
    .size = sizeof(struct load),
    .min_cols = MENU_MIN_COLS,
    .min_rows = MENU_MIN_ROWS,
    .help_title = N_("Keys in the list of games to open"),
    .help_line = load_help_line,
    .open = op_open,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wait_ms = op_wait_ms,
    .relook = op_relook,
};
