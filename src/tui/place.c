/* place.c — the menu's and the dialog's geometry; see place.h. */
#include "tui/place.h"

static int min(int a, int b)
{
    return a < b ? a : b;
}

static bool within(int v, int from, int width)
{
    return v >= from && v < from + width;
}

void place_main(struct place_main *p, int rows, int cols, int n)
{
    p->n = n;
    /* An empty row between entries when the window has room for it. */
    p->step = rows >= 6 + 2 * n ? 2 : 1;
    p->title_y = (rows - (3 + p->step * n)) / 2;
    p->entry_y = p->title_y + 3;
    p->cx = cols / 2;
    p->band_x = p->cx - PLACE_ENTRY_W / 2;
    p->note_y = p->entry_y + p->step * n;
}

int place_main_y(const struct place_main *p, int k)
{
    return p->entry_y + k * p->step;
}

int place_main_at(const struct place_main *p, int y, int x)
{
    int k = y - p->entry_y;
    if (k < 0 || k % p->step != 0 || k / p->step >= p->n || !within(x, p->band_x, PLACE_ENTRY_W))
        return -1;
    return k / p->step;
}

void place_list(struct place_list *p, int rows, int cols, int n, int pick)
{
    p->x = cols > 80 ? (cols - 78) / 2 : 1;
    p->w = cols - p->x - 1;
    p->rows = rows - PLACE_LIST_Y - 2 > 1 ? rows - PLACE_LIST_Y - 2 : 1;
    p->first = pick >= p->rows ? pick - p->rows + 1 : 0;
    p->n = n;
    p->message_y = rows - 2;
}

int place_list_y(const struct place_list *p, int i)
{
    return PLACE_LIST_Y + i - p->first;
}

int place_list_at(const struct place_list *p, int y, int x)
{
    int i = p->first + y - PLACE_LIST_Y;
    if (y < PLACE_LIST_Y || y - PLACE_LIST_Y >= p->rows || i >= p->n || !within(x, p->x, p->w))
        return -1;
    return i;
}

/* Rows of the form from its title to the note: title, blank, the fields,
 * blank, Start, blank, note. */
#define FORM_ROWS (SETUP_START + 7)

void place_form(struct place_form *p, int rows, int cols, int start_w)
{
    p->title_y = (rows - FORM_ROWS) / 2 + 1;
    p->left = cols > 76 ? (cols - 76) / 2 + 1 : 1;
    p->value_x = p->left + 13;
    p->start_w = min(start_w, PLACE_START_MAX);
    p->cols = cols;
}

int place_form_y(const struct place_form *p, enum setup_field f)
{
    /* Start comes after a blank row. */
    return p->title_y + 2 + (int)f + (f == SETUP_START);
}

int place_form_note_y(const struct place_form *p)
{
    return place_form_y(p, SETUP_START) + 2;
}

int place_form_at(const struct place_form *p, int y, int x)
{
    if (y == place_form_y(p, SETUP_START))
        return within(x, p->value_x, p->start_w) ? SETUP_START : -1;
    int f = y - place_form_y(p, SETUP_PRESET);
    if (f < 0 || f >= SETUP_START || !within(x, p->left, p->cols - p->left))
        return -1;
    return f;
}

int place_arrow(int x, int from, int prev_w, int value_w, int next_w)
{
    int next_x = from + prev_w + 1 + value_w + 1;
    if (within(x, from, prev_w + 1))
        return -1;
    if (within(x, next_x - 1, next_w + 1))
        return 1;
    return 0;
}

void place_dialog(struct place_dialog *p, int rows, int cols, int question_w, int yes_w,
                  int no_w)
{
    p->w = question_w + 6 < 30 ? 30 : question_w + 6;
    if (p->w > cols)
        p->w = cols;
    p->h = 6;
    p->y = (rows - p->h) / 2;
    p->x = (cols - p->w) / 2;
    p->question_y = p->y + 1;
    p->question_x = p->x + 3;
    p->question_w = p->w - 6;
    p->buttons_y = p->y + 3;
    p->yes_x = p->x + p->w / 2 - 10;
    p->yes_w = min(yes_w, PLACE_BUTTON_MAX);
    p->no_x = p->yes_x + 12;
    p->no_w = min(no_w, PLACE_BUTTON_MAX);
}

enum place_answer place_dialog_at(const struct place_dialog *p, int y, int x)
{
    if (y != p->buttons_y)
        return PLACE_NEITHER;
    if (within(x, p->yes_x, p->yes_w))
        return PLACE_YES;
    if (within(x, p->no_x, p->no_w))
        return PLACE_NO;
    return PLACE_NEITHER;
}

void place_go(struct place_go *p, int rows, int cols, int start_w)
{
    p->w = PLACE_GO_W;
    p->h = PLACE_GO_H;
    p->y = (rows - p->h) / 2;
    if (p->w > cols)
        p->w = cols;
    p->x = (cols - p->w) / 2;
    p->side_y = p->y + 3;
    p->name_x = p->x + 2;
    p->value_x = p->x + 10;
    p->start_y = p->y + 6;
    p->start_x = p->x + (p->w - PLACE_GO_START_MAX) / 2;
    p->start_w = min(start_w, PLACE_GO_START_MAX);
    p->keys_y = p->y + 7;
}

enum place_go_row place_go_at(const struct place_go *p, int y, int x)
{
    if (y == p->start_y)
        return within(x, p->start_x, p->start_w) ? PLACE_GO_START : PLACE_GO_NONE;
    if ((y == p->side_y || y == p->side_y + 1) && within(x, p->name_x, p->w - 4))
        return y == p->side_y ? PLACE_GO_BLACK : PLACE_GO_WHITE;
    return PLACE_GO_NONE;
}
