/* editor.c — the board editor; see editor.h. */
#include "tui/editor.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "mnk/i18n.h"
#include "mnk/notation.h"
#include "mnk/rule.h"
#include "tui/boardview.h"
#include "tui/draw.h"
#include "tui/help.h"
#include "tui/menu.h"
#include "tui/mouse.h"
#include "tui/react.h"
#include "tui/screen.h"

#define ESC 27

static void say(struct editor *e, bool error, const char *text)
{
    snprintf(e->message, sizeof e->message, "%s", text);
    e->error = error;
}

static int count(const struct editor *e, enum stone side)
{
    int n = 0;
    for (int i = 0; i < e->setup.n; i++)
        n += e->setup.stone[i] == side;
    return n;
}

/* The position drawn is the one set up: made again after every change, so
 * what is shown is what game_set_up makes of it (a five ends it). */
static void rebuild(struct editor *e)
{
    if (!e->chosen)
        e->setup.to_move = count(e, STONE_BLACK) > count(e, STONE_WHITE) ? STONE_WHITE
                                                                          : STONE_BLACK;
    game_init(&e->game, &e->config);
    const char *why = game_set_up(&e->game, &e->setup);
    if (why != NULL)   /* the editor keeps its stones valid: never seen */
        say(e, true, _(why));
}

void editor_begin(struct editor *e, const struct game_config *c, const struct game_setup *s)
{
    int rows = e->rows, cols = e->cols;
    memset(e, 0, sizeof *e);
    e->rows = rows;
    e->cols = cols;
    e->config = *c;
    e->config.opening = OPENING_NONE;   /* a set-up position has none */
    game_init(&e->game, &e->config);
    e->setup.to_move = STONE_BLACK;
    int cells = board_cells(&e->game.board);
    if (s != NULL) {
        /* Stones of a position set up on another board keep their places
         * where the board still has them. */
        for (int i = 0; i < s->n; i++) {
            if (s->cell[i] >= cells)
                continue;
            e->setup.cell[e->setup.n] = s->cell[i];
            e->setup.stone[e->setup.n++] = s->stone[i];
        }
        e->setup.to_move = s->to_move;
        e->chosen = s->n > 0 && s->to_move != (count(e, STONE_BLACK) > count(e, STONE_WHITE)
                                                    ? STONE_WHITE
                                                    : STONE_BLACK);
    }
    e->cur.cx = e->game.board.width / 2;
    e->cur.cy = e->game.board.height / 2;
    rebuild(e);
}

const struct game_setup *editor_setup(const struct editor *e)
{
    return &e->setup;
}

const char *editor_problem(const struct editor *e)
{
    if (!game_over(&e->game))
        return NULL;
    if (e->game.result.reason == END_LINE)
        return N_("there is a winning line on the board already: take a stone away");
    return N_("there is no move left to play in this position");
}

void editor_resize(struct editor *e, int rows, int cols)
{
    const struct board *b = &e->game.board;
    e->rows = rows;
    e->cols = cols;
    cursor_lay_out(&e->cur, &e->layout, rows, cols, b, false);
}

/* --- keys --------------------------------------------------------------- */

static int cell_at_cursor(const struct editor *e)
{
    return cursor_cell(&e->cur, &e->game.board);
}

/* The stone the setup has on `pos`, and its index (-1: none). */
static int stone_index(const struct editor *e, int pos)
{
    for (int i = 0; i < e->setup.n; i++)
        if (e->setup.cell[i] == pos)
            return i;
    return -1;
}

/* Puts `side` on the cursor's cell (STONE_NONE: empties it). */
static unsigned put(struct editor *e, enum stone side)
{
    int pos = cell_at_cursor(e);
    int i = stone_index(e, pos);
    if (i >= 0) {   /* the last stone takes its place in the list */
        e->setup.cell[i] = e->setup.cell[e->setup.n - 1];
        e->setup.stone[i] = e->setup.stone[e->setup.n - 1];
        e->setup.n--;
    }
    if (side != STONE_NONE) {
        e->setup.cell[e->setup.n] = pos;
        e->setup.stone[e->setup.n++] = (unsigned char)side;
    }
    e->message[0] = '\0';
    rebuild(e);
    return REACT_REDRAW;
}

static enum stone on_cursor(const struct editor *e)
{
    int i = stone_index(e, cell_at_cursor(e));
    return i >= 0 ? (enum stone)e->setup.stone[i] : STONE_NONE;
}

static unsigned act_cycle(struct editor *e)
{
    enum stone now = on_cursor(e);
    return put(e, now == STONE_NONE    ? STONE_BLACK
                  : now == STONE_BLACK ? STONE_WHITE
                                       : STONE_NONE);
}

static unsigned act_black(struct editor *e)
{
    return put(e, on_cursor(e) == STONE_BLACK ? STONE_NONE : STONE_BLACK);
}

static unsigned act_white(struct editor *e)
{
    return put(e, on_cursor(e) == STONE_WHITE ? STONE_NONE : STONE_WHITE);
}

static unsigned act_empty(struct editor *e)
{
    return put(e, STONE_NONE);
}

static unsigned act_clear(struct editor *e)
{
    e->setup.n = 0;
    e->chosen = false;
    rebuild(e);
    say(e, false, _("the board is empty"));
    return REACT_REDRAW;
}

static unsigned act_side(struct editor *e)
{
    e->setup.to_move = stone_other(e->setup.to_move);
    e->chosen = true;
    rebuild(e);
    char line[120];
    snprintf(line, sizeof line, _("%s to move"), _(stone_name(e->setup.to_move)));
    say(e, false, line);
    return REACT_REDRAW;
}

static unsigned move_cursor(struct editor *e, int dx, int dy)
{
    cursor_step(&e->cur, &e->layout, &e->game.board, dx, dy);
    return REACT_REDRAW;
}

static unsigned act_left(struct editor *e) { return move_cursor(e, -1, 0); }
static unsigned act_right(struct editor *e) { return move_cursor(e, 1, 0); }
static unsigned act_up(struct editor *e) { return move_cursor(e, 0, -1); }
static unsigned act_down(struct editor *e) { return move_cursor(e, 0, 1); }

static unsigned act_mouse(struct editor *e)
{
    struct mouse m = mouse_read();
    if (m.kind != MOUSE_CLICK || !cursor_click(&e->cur, &e->layout, m.y, m.x))
        return REACT_NONE;
    return act_cycle(e);
}

static unsigned act_done(struct editor *e)
{
    (void)e;
    return REACT_SET_UP | REACT_BACK;
}

static unsigned act_help(struct editor *e)
{
    (void)e;
    return REACT_HELP;
}

static unsigned act_quit(struct editor *e)
{
    (void)e;
    return REACT_QUIT;
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct editor *e);
};

static const struct binding bindings[] = {
    { KEY_LEFT, N_("arrows, h j k l"), N_("move the cursor"), act_left },
    { KEY_RIGHT, NULL, NULL, act_right },
    { KEY_UP, NULL, NULL, act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'h', NULL, NULL, act_left },
    { 'l', NULL, NULL, act_right },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\n', N_("Enter, Space"), N_("the cell under the cursor: empty, Black, White, empty"),
      act_cycle },
    { '\r', NULL, NULL, act_cycle },
    { KEY_ENTER, NULL, NULL, act_cycle },
    { ' ', NULL, NULL, act_cycle },
    { KEY_MOUSE, N_("mouse click"), N_("the same on that cell"), act_mouse },
    { 'b', "b", N_("a Black stone there (again: none)"), act_black },
    { 'w', "w", N_("a White stone there (again: none)"), act_white },
    { 'x', N_("x, Delete"), N_("empty the cell"), act_empty },
    { KEY_DC, NULL, NULL, act_empty },
    { KEY_BACKSPACE, NULL, NULL, act_empty },
    { 127, NULL, NULL, act_empty },
    { 't', "t", N_("the side to move: Black or White"), act_side },
    { 'c', "c", N_("empty the whole board"), act_clear },
    { ESC, "Esc", N_("back to the new-game form, the position kept"), act_done },
    { '?', "?", N_("this help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

bool editor_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

unsigned editor_key(struct editor *e, int key)
{
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, key);
    return b != NULL ? b->run(e) : REACT_NONE;
}

/* --- drawing ------------------------------------------------------------ */

static void draw_title(const struct editor *e)
{
    const struct board *b = &e->game.board;
    int cols = e->cols;
    draw_fill(0, 0, cols, STYLE_TITLE);
    draw_textf(0, 1, cols - 2, STYLE_TITLE, "mnk  %s  %d%s%d k=%d %s", _("set up a position"),
               b->width, draw_sym(GLYPH_TIMES), b->height, b->win, _(rule_name(b->rule)));
}

/* Beside the board: each side's stones, and who moves first. */
static void draw_panel(const struct editor *e)
{
    const struct layout *l = &e->layout;
    if (l->panel_w == 0)
        return;
    int x = l->panel_x, y = l->panel_y, w = l->panel_w;
    enum stone sides[2] = { STONE_BLACK, STONE_WHITE };
    for (int k = 0; k < 2; k++) {
        enum stone s = sides[k];
        bool moves = e->setup.to_move == s;
        draw_text(y, x, 2, STYLE_MESSAGE, moves ? draw_sym(GLYPH_TURN) : " ");
        draw_glyph(y, x + 2, draw_stone_glyph(s), draw_stone_style(s));
        int n = count(e, s);
        char line[80];
        snprintf(line, sizeof line, ngettext("%s  %d stone", "%s  %d stones", (unsigned long)n),
                 _(stone_name(s)), n);
        draw_text(y, x + 2 + draw_glyph_width() + 1, w - 3 - draw_glyph_width(),
                  moves ? STYLE_MESSAGE : STYLE_NORMAL, line);
        y++;
    }
    y++;
    char line[120];
    snprintf(line, sizeof line, _("%s to move"), _(stone_name(e->setup.to_move)));
    draw_text(y++, x, w, STYLE_NORMAL, line);
    draw_text(y, x, w, STYLE_DIM, e->chosen ? _("(chosen with t)") : _("(t changes it)"));
}

static void draw_status(const struct editor *e)
{
    int y = e->layout.status_y + 1;
    const char *problem = editor_problem(e);
    if (e->message[0] != '\0')
        draw_text(y, 1, e->cols - 2, e->error ? STYLE_ERROR : STYLE_MESSAGE, e->message);
    else if (problem != NULL)
        draw_text(y, 1, e->cols - 2, STYLE_ERROR, _(problem));
    else
        draw_text(y, 1, e->cols - 2, STYLE_DIM,
                  _("the game starts from here: Esc, then Start in the form"));
    static const struct draw_hint hints[] = {
        { N_("arrows"), N_("move") }, { "Enter", N_("stone") }, { "t", N_("to move") },
        { "c", N_("clear") },         { "Esc", N_("done") },    { "?", N_("help") },
    };
    draw_hints(y + 1, hints, (int)(sizeof hints / sizeof hints[0]));
}

void editor_draw(const struct editor *e)
{
    erase();
    draw_title(e);
    struct board_view view = {
        .layout = &e->layout, .off_x = e->cur.off_x, .off_y = e->cur.off_y,
        .cx = e->cur.cx, .cy = e->cur.cy,
        .hint = -1,
    };
    boardview_draw(&e->game, &view);
    draw_panel(e);
    draw_status(e);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static void op_resize(void *self, int rows, int cols) { editor_resize(self, rows, cols); }
static void op_draw(const void *self) { editor_draw(self); }
static unsigned op_key(void *self, int key) { return editor_key(self, key); }

const struct screen editor_screen = {
    .size = sizeof(struct editor),
    .min_cols = LAYOUT_MIN_COLS,
    .min_rows = LAYOUT_MIN_ROWS,
    .help_title = N_("Keys in the board editor"),
    .help_line = editor_help_line,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
};
