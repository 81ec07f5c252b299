/* boardview.c — the board on screen; see boardview.h. */
#include "tui/boardview.h"

#include <stdio.h>
#include <string.h>

#include "tui/draw.h"

/* The grid piece at board cell (x, y) of a w × h board. */
static enum draw_glyph junction(int x, int y, int w, int h)
{
    static const enum draw_glyph table[3][3] = {
        { GLYPH_TL, GLYPH_T, GLYPH_TR },
        { GLYPH_L, GLYPH_CROSS, GLYPH_R },
        { GLYPH_BL, GLYPH_B, GLYPH_BR },
    };
    int row = y == 0 ? 0 : y == h - 1 ? 2 : 1;
    int col = x == 0 ? 0 : x == w - 1 ? 2 : 1;
    return table[row][col];
}

/* The mark of empty cell pos, and whose it is: the stronger shape of the
 * two sides, the side that moved last on a tie (its threat is the one to
 * answer). GLYPH_COUNT when there is none. */
static enum draw_glyph mark_at(const struct game *g, const struct shapes *m, int pos,
                               enum stone *owner)
{
    static const enum draw_glyph glyph[SHAPE_COUNT] = {
        [SHAPE_NONE] = GLYPH_COUNT, [SHAPE_OPEN3] = GLYPH_MARK_OPEN3,
        [SHAPE_FOUR] = GLYPH_MARK_FOUR, [SHAPE_OPEN4] = GLYPH_MARK_OPEN4,
        [SHAPE_FIVE] = GLYPH_MARK_FIVE,
    };
    if (m == NULL)
        return GLYPH_COUNT;
    int last = game_to_move(g) == STONE_BLACK ? 1 : 0;
    int side = m->cell[last][pos] >= m->cell[1 - last][pos] ? last : 1 - last;
    *owner = side ? STONE_WHITE : STONE_BLACK;
    return glyph[m->cell[side][pos]];
}

/* Marks the cells of the winning line, if the game was won by one. */
static void winning_cells(const struct game *g, bool *win)
{
    memset(win, 0, BOARD_MAX_CELLS * sizeof *win);
    if (g->result.reason == END_LINE)
        for (int i = 0; i < g->result.line.len; i++)
            win[g->result.line.cell[i]] = true;
}

/* The labels around the grid: letters above (and below, when the layout
 * has the row), numbers either side. */
static void draw_labels(const struct board *b, const struct board_view *v)
{
    const struct layout *l = v->layout;
    int top = l->grid_y - l->cell_h;
    int bottom = layout_cell_y(l, l->view_h - 1) + l->cell_h;
    int left = l->grid_x - (l->boxed ? 5 : 3);
    int right = layout_cell_x(l, l->view_w - 1) + (l->boxed ? 4 : 3);
    for (int i = 0; i < l->view_w; i++) {
        char letter[2] = { (char)('a' + v->off_x + i), '\0' };
        draw_text(top, layout_cell_x(l, i), 1, STYLE_LABEL, letter);
        if (l->letters_below)
            draw_text(bottom, layout_cell_x(l, i), 1, STYLE_LABEL, letter);
    }
    for (int j = 0; j < l->view_h; j++) {
        int row = b->height - (v->off_y + j);
        draw_textf(layout_cell_y(l, j), left, 2, STYLE_LABEL, "%2d", row);
        draw_textf(layout_cell_y(l, j), right, 2, STYLE_LABEL, "%d", row);
    }
    /* Arrows in the corners say the board goes on beyond the window (a
     * board that goes on down has the row below: layout.h). */
    if (v->off_y > 0)
        draw_glyph(top, left, GLYPH_UP, STYLE_ERROR);
    if (v->off_y + l->view_h < b->height)
        draw_glyph(bottom, left, GLYPH_DOWN, STYLE_ERROR);
    if (v->off_x > 0)
        draw_glyph(top, left + 1, GLYPH_LEFT, STYLE_ERROR);
    if (v->off_x + l->view_w < b->width)
        draw_glyph(top, right, GLYPH_RIGHT, STYLE_ERROR);
}

/* Boxes: the grid lines, around every visible cell. */
static void draw_boxes(const struct layout *l)
{
    int w = l->view_w, h = l->view_h;
    for (int r = 0; r <= h; r++) {
        int y = l->grid_y - 1 + 2 * r;
        for (int c = 0; c <= w; c++) {
            int x = l->grid_x - 2 + 4 * c;
            draw_glyph(y, x, junction(c, r, w + 1, h + 1), STYLE_GRID);
            for (int k = 1; c < w && k <= 3; k++)
                draw_glyph(y, x + k, GLYPH_H, STYLE_GRID);
            if (r < h)
                draw_glyph(y + 1, x, GLYPH_V, STYLE_GRID);
        }
    }
}

void boardview_draw(const struct game *g, const struct board_view *v)
{
    const struct layout *l = v->layout;
    const struct board *b = &g->board;
    bool win[BOARD_MAX_CELLS];
    bool plain = draw_charset() == DRAW_ASCII;
    /* Full-width glyphs fill both columns of a cell. */
    bool wide = draw_wide();
    int last_move = game_last_move(g);
    int last_x = last_move >= 0 ? board_x(b, last_move) : -1;
    int last_y = last_move >= 0 ? board_y(b, last_move) : -1;
    winning_cells(g, win);
    /* Each stone's move number, from 1; 0 where there is none. */
    int number[BOARD_MAX_CELLS] = { 0 };
    for (int m = 0; v->numbers && m < g->ply; m++)
        number[g->moves[m]] = m + 1;
    if (l->boxed)
        draw_boxes(l);
    draw_labels(b, v);

    for (int j = 0; j < l->view_h; j++) {
        for (int i = 0; i < l->view_w; i++) {
            int x = v->off_x + i, y = v->off_y + j;
            int pos = board_pos(b, x, y);
            int sy = layout_cell_y(l, j), sx = layout_cell_x(l, i);
            bool cursor = x == v->cx && y == v->cy;
            enum stone s = board_at(b, pos), owner = STONE_NONE;
            enum draw_glyph mark = s != STONE_NONE ? GLYPH_COUNT
                                 : v->forbidden != NULL && v->forbidden[pos] ? GLYPH_MARK_FORBID
                                 : mark_at(g, v->marks, pos, &owner);
            bool hint = (pos == v->hint || (v->area != NULL && v->area[pos])) &&
                        s == STONE_NONE;
            /* The winning line outshines the cursor once the game is won. */
            enum draw_style style = win[pos] ? STYLE_WIN
                                  : cursor ? STYLE_CURSOR
                                  : hint ? STYLE_HINT
                                  : s != STONE_NONE ? draw_stone_style(s)
                                  : mark == GLYPH_MARK_FORBID ? STYLE_FORBID
                                  : mark != GLYPH_COUNT ? draw_mark_style(owner)
                                  : STYLE_GRID;
            if (v->numbers && s != STONE_NONE && number[pos] > 0) {
                /* The number stands for the stone: its side's style, the
                 * last move's standing out, as many digits as the cell has
                 * columns (the last ones: 112 is "12" on a compact grid). */
                if (pos == last_move && style == draw_stone_style(s))
                    style = STYLE_LAST;
                char n[8];
                int len = snprintf(n, sizeof n, wide ? "%2d" : "%d",
                                   number[pos] % (l->boxed ? 1000 : 100));
                if (l->boxed) {
                    draw_fill(sy, sx - 1, 3, cursor || win[pos] ? style : STYLE_NORMAL);
                    draw_text(sy, sx - 1 + (3 - len) / 2, len, style, n);
                    continue;
                }
                draw_text(sy, sx, len, style, n);
                /* What the digits leave of the gap to the next cell. */
                for (int k = len; k < l->cell_w && i + 1 < l->view_w; k++) {
                    if (plain || wide)
                        draw_fill(sy, sx + k, 1, STYLE_NORMAL);
                    else
                        draw_glyph(sy, sx + k, GLYPH_H, STYLE_GRID);
                }
                continue;
            }
            if (l->boxed) {
                draw_fill(sy, sx - 1, 3, cursor || win[pos] || hint ? style : STYLE_NORMAL);
                if (s != STONE_NONE)
                    draw_glyph(sy, sx, draw_stone_glyph(s), style);
                else if (mark != GLYPH_COUNT)
                    draw_glyph(sy, sx, mark, style);
                continue;
            }
            if (wide && s != STONE_NONE && x == last_x && y == last_y &&
                style == draw_stone_style(s))
                style = STYLE_LAST;   /* no room for brackets: the stone stands out */
            if (s != STONE_NONE)
                draw_glyph(sy, sx, draw_stone_glyph(s), style);
            else if (mark != GLYPH_COUNT)
                draw_glyph(sy, sx, mark, style);
            else if (wide)
                draw_glyph(sy, sx, GLYPH_POINT, style);
            else if (plain)
                draw_glyph(sy, sx, GLYPH_DOT, style);
            else
                draw_glyph(sy, sx, junction(x, y, b->width, b->height), style);
            /* The gap to the next cell: none beside a full-width glyph that
             * fills it, else the grid line (blank in plain ASCII). */
            for (int k = wide ? 2 : 1; k < l->cell_w && i + 1 < l->view_w; k++) {
                if (plain || wide)
                    draw_fill(sy, sx + k, 1, STYLE_NORMAL);
                else
                    draw_glyph(sy, sx + k, GLYPH_H, STYLE_GRID);
            }
        }
    }

    /* The last move between brackets, over the grid lines beside it (with
     * numbers on, its number stands out instead: the brackets would cover
     * its digits). */
    int last = game_last_move(g);
    if (wide || v->numbers)
        return;
    int li = last >= 0 ? board_x(b, last) - v->off_x : -1;
    int lj = last >= 0 ? board_y(b, last) - v->off_y : -1;
    if (li >= 0 && lj >= 0 && li < l->view_w && lj < l->view_h) {
        int sy = layout_cell_y(l, lj), sx = layout_cell_x(l, li);
        draw_text(sy, sx - 1, 1, STYLE_LAST, "[");
        draw_text(sy, sx + 1, 1, STYLE_LAST, "]");
    }
}

