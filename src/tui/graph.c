/* graph.c — the evaluation graph in text; see graph.h. */
#include "tui/graph.h"

#include <math.h>
#include <string.h>

/* The braille dot bit of dot column dx (0, 1) and dot row dy (0 .. 3). */
static unsigned braille_bit(int dx, int dy)
{
    static const unsigned bits[2][4] = { { 0x01, 0x02, 0x04, 0x40 }, { 0x08, 0x10, 0x20, 0x80 } };
    return bits[dx][dy];
}

/* The UTF-8 of U+2800 + bits. */
static void braille(char out[4], unsigned bits)
{
    out[0] = (char)0xE2;
    out[1] = (char)(0xA0 + (bits >> 6));
    out[2] = (char)(0x80 + (bits & 0x3F));
    out[3] = '\0';
}

/* Dots from the middle line: at least one, at most `half`. */
static int bar(double v, int half)
{
    double a = fabs(v) > 1 ? 1 : fabs(v);
    int h = (int)lround(a * half);
    return h < 1 ? 1 : h;
}

void graph_plot(struct graph *g, const double *balance, int n, int span, int rows, int cols,
                bool utf8)
{
    memset(g, 0, sizeof *g);
    rows = rows > GRAPH_ROWS_MAX ? GRAPH_ROWS_MAX : rows < 2 ? 2 : rows & ~1;
    cols = cols > GRAPH_COLS_MAX ? GRAPH_COLS_MAX : cols < 1 ? 1 : cols;
    g->rows = rows;
    g->cols = cols;
    g->moves = n > 0 ? n : 0;
    g->span = span > g->moves ? span : g->moves;
    g->dots_x = utf8 ? 2 : 1;
    int dots_y = utf8 ? 4 : 1;
    int width = cols * g->dots_x;
    /* A short game is drawn wide, a long one in groups of moves. */
    g->per_dot = g->span <= width ? 1 : (g->span + width - 1) / width;
    g->dots_per = g->span > 0 && g->span <= width ? width / g->span : 1;
    /* Whole characters a move, when a move has more than one: a column
     * then stands for one move only. */
    if (g->dots_per > g->dots_x)
        g->dots_per -= g->dots_per % g->dots_x;

    unsigned bits[GRAPH_ROWS_MAX][GRAPH_COLS_MAX] = { { 0 } };
    int levels = rows * dots_y, half = levels / 2;
    for (int d = 0; d / g->dots_per * g->per_dot < g->moves && d < width; d++) {
        int last = (d / g->dots_per + 1) * g->per_dot - 1;
        double v = balance[last < g->moves ? last : g->moves - 1];
        int h = bar(v, half);
        /* Level 0 is the top dot row; Black's bars go up from half - 1. */
        for (int k = 0; k < h; k++) {
            int level = v >= 0 ? half - 1 - k : half + k;
            bits[level / dots_y][d / g->dots_x] |=
                utf8 ? braille_bit(d % 2, level % dots_y) : 1u;
        }
    }
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            if (utf8)
                braille(g->cell[r][c], bits[r][c]);
            else
                strcpy(g->cell[r][c], bits[r][c] ? "#" : " ");
        }
    }
}

/* The dot columns of move i: first .. first + dots_per - 1. */
static int first_dot(const struct graph *g, int i)
{
    return i / g->per_dot * g->dots_per;
}

int graph_column(const struct graph *g, int i)
{
    int c = (first_dot(g, i) + g->dots_per - 1) / g->dots_x;
    return c < 0 ? 0 : c >= g->cols ? g->cols - 1 : c;
}

int graph_move_at(const struct graph *g, int col)
{
    if (col < 0 || col >= g->cols)
        return -1;
    /* The move of the column's last dot that shows one: the last column
     * in use may be only partly filled, its first dot the last move. */
    for (int dot = (col + 1) * g->dots_x - 1; dot >= col * g->dots_x; dot--) {
        int first = dot / g->dots_per * g->per_dot;
        if (first < g->span) {
            int i = first + g->per_dot - 1;
            return i < g->span ? i : g->span - 1;
        }
    }
    return -1;
}
