/* boards.c — boards set up by name for the engine's unit tests; see
 * boards.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/position.h"
#include "boards.h"
#include "mnk/notation.h"

/* Puts the stones named in `cells` (space-separated, human notation). */
void boards_put(struct board *b, const char *cells, enum stone s)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", cells);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        int pos;
        assert_true(notation_parse(b, tok, &pos));
        assert_int_equal(board_at(b, pos), STONE_NONE);
        board_place(b, pos, s);
    }
}

/* Plays `moves` (space-separated, human notation) alternately from Black;
 * returns the side to move next. */
enum stone boards_put_game(struct board *b, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    enum stone s = STONE_BLACK;
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        int pos;
        assert_true(notation_parse(b, tok, &pos));
        assert_int_equal(board_at(b, pos), STONE_NONE);
        board_place(b, pos, s);
        s = stone_other(s);
    }
    return s;
}

void boards_play(struct game *g, const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        int pos;
        assert_true(notation_parse(&g->board, tok, &pos));
        if (game_play(g, pos) != GAME_OK)
            fail_msg("game_play(%s) refused", tok);
    }
}

int boards_cell(const struct board *b, const char *name)
{
    int pos;
    assert_true(notation_parse(b, name, &pos));
    return pos;
}

bool boards_near_stone(const struct board *b, int q)
{
    int x = board_x(b, q), y = board_y(b, q);
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            if (board_inside(b, x + dx, y + dy) &&
                board_at(b, board_pos(b, x + dx, y + dy)) != STONE_NONE)
                return true;
    return false;
}

void boards_assert_same_position(const struct position *a, const struct position *b)
{
    assert_int_equal(a->b.hash, b->b.hash);
    for (int s = 0; s < 2; s++) {
        assert_int_equal(a->total[s][0], b->total[s][0]);
        assert_int_equal(a->total[s][1], b->total[s][1]);
        for (int q = 0; q < a->cells; q++) {
            assert_int_equal(a->ci[q].cell[s], b->ci[q].cell[s]);
            if (a->b.cell[q] == STONE_NONE)
                assert_int_equal(a->ci[q].cidx >> 16 * s & 0xffff, b->ci[q].cidx >> 16 * s & 0xffff);
            if (a->b.cell[q] == STONE_NONE)
                for (int d = 0; d < 4; d++)
                    assert_int_equal(position_line(a, s, q, d), position_line(b, s, q, d));
        }
    }
    struct cellset ca, cb;
    position_candidates(a, &ca);
    position_candidates(b, &cb);
    assert_memory_equal(ca.w, cb.w, sizeof(uint64_t) * (size_t)a->words);
    /* The candidates are the empty cells with a stone in their 5×5 square. */
    for (int q = 0; q < a->cells; q++)
        assert_int_equal(cellset_has(&ca, q),
                         boards_near_stone(&a->b, q) && board_at(&a->b, q) == STONE_NONE);
    for (int i = a->cells; i < a->words * 64; i++)
        assert_false(cellset_has(&ca, i));
    assert_memory_equal(a->set, b->set, sizeof a->set);
}
