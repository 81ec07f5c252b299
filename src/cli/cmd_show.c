/* cmd_show.c — `mnk show FILE`: a game record as text, without the game.
 *
 * Prints the players, the board, the win length, the rule and the result,
 * the final position as a board in the project's notation (columns a, b,
 * ... left to right, row 1 at the bottom; X for Black, O for White, the
 * last move in parentheses) and the move list, numbered as in the game.
 * Plain ASCII, for a person or a script, but for the players' names from
 * the record: as the game screen shows them, characters of the locale
 * whole, anything else escaped. Exit status: 0 shown, 1 the record
 * could not be read, 2 bad usage.
 */
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "storage/record.h"
#include "tui/text.h"
#include "mnk/notation.h"
#include "mnk/i18n.h"

static const struct args_command show_command = {
    .name = "show",
    .operands = "FILE",
    .about = N_("Prints the game in FILE (.sgf or .psq): its players, board, win length, rule "
             "and result, the final position as a text board (X Black, O White, the last "
             "move in parentheses) and the move list."),
    .min_operands = 1,
    .max_operands = 1,
    .operands_error = N_("expected one record file"),
};

static char stone_char(enum stone s)
{
    return s == STONE_BLACK ? 'X' : s == STONE_WHITE ? 'O' : '.';
}

/* The column letters, over or under the board. */
static void show_letters(const struct board *b)
{
    printf("    ");
    for (int x = 0; x < b->width; x++)
        printf(" %c%s", 'a' + x, x + 1 < b->width ? " " : "");
    putchar('\n');
}

/* A name from a record, escaped as the game screen shows it (text_escape):
 * a record must not be able to send escape sequences to the terminal, nor
 * bytes that are no character of its encoding (invalid UTF-8, C1 controls
 * went out raw). */
static void print_label(const char *what, const char *name)
{
    char shown[4 * GAME_PLAYER_SPEC_MAX];   /* room for every byte as \xHH */
    printf("%s: %s\n", what, text_escape(shown, sizeof shown, name));
}

static void show_board(const struct game *g)
{
    const struct board *b = &g->board;
    int last = game_last_move(g);
    show_letters(b);
    for (int y = 0; y < b->height; y++) {
        printf("%3d ", b->height - y);
        for (int x = 0; x < b->width; x++) {
            int pos = board_pos(b, x, y);
            char c = stone_char(board_at(b, pos));
            if (pos == last)
                printf("(%c)", c);
            else
                printf(" %c ", c);
        }
        printf(" %d\n", b->height - y);
    }
    show_letters(b);
}

static void show_moves(const struct game *g)
{
    char black[NOTATION_MAX], white[NOTATION_MAX];
    for (int i = 0; i < g->ply; i += 2) {
        notation_format(&g->board, g->moves[i], black);
        if (i + 1 < g->ply)
            printf("%4d. %-4s %s\n", i / 2 + 1, black,
                   notation_format(&g->board, g->moves[i + 1], white));
        else
            printf("%4d. %s\n", i / 2 + 1, black);
    }
}

int cmd_show(int argc, char **argv)
{
    struct args_operands ops;
    int status;
    if (!args_parse(&show_command, argc, argv, NULL, &ops, &status))
        return status;
    const char *file = ops.list[0];
    static struct game g;
    static struct record_extra extra;
    char err[1024];
    if (!record_load_extra(file, &g, &extra, err, sizeof err)) {
        args_error("show", "%s", err);
        return 1;
    }
    if (extra.warning[0] != '\0')   /* read, with something left out */
        args_error("show", "%s: %s", file, extra.warning);
    char label[2][GAME_PLAYER_SPEC_MAX];
    for (int i = 0; i < 2; i++)
        record_player_name(&g.config.player[i], label[i], sizeof label[i]);
    print_label("Black", label[0]);
    print_label("White", label[1]);
    printf("Board: %dx%d, %d in a row, %s\n", g.board.width, g.board.height, g.board.win,
           rule_name(g.board.rule));
    if (g.config.opening != OPENING_NONE)
        printf("Opening: %s, %s\n", opening_rule_name(g.config.opening),
               game_opening_step(&g) != OPENING_DONE ? "colours not chosen yet"
               : g.swapped ? "the first player plays White" : "the first player plays Black");
    printf("Result: %s after %d move%s\n",
           game_over(&g) ? game_result_text(&g.result) : "unfinished", g.ply,
           g.ply == 1 ? "" : "s");
    putchar('\n');
    show_board(&g);
    if (g.ply > 0) {
        printf("\nMoves:\n");
        show_moves(&g);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
