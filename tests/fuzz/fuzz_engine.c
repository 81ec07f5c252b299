/* fuzz_engine.c — fuzz target: the Gomocup conversation (protocol/brain.h) driven by
 * whole input streams.
 *
 * The input is what a manager sends; its first byte picks the strategy (any
 * of the registry), the win length and the rule. Thinking is capped at 1 ms a
 * move and tables at 1 MB, so a conversation runs in milliseconds. The stream is
 * cut into lines by the same reader `mnk engine` uses (util/linebuf.h, from a
 * temporary file) and each goes to brain_line(); a due move is thought about
 * at once, as `mnk engine` does on its thread. Checked: every answer is a
 * protocol line (OK, ERROR, UNKNOWN, MESSAGE, DEBUG, a move on a board of at
 * most 26x26, or the ABOUT line) in printable ASCII; brain_think() answers
 * exactly once, and a move it answers is now our stone on the brain's board;
 * the conversation ends at END or the end of the stream. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "protocol/brain.h"
#include "util/linebuf.h"
#include "mnk/ai.h"
#include "mnk/board.h"

struct answers {
    int count;
    char last[BRAIN_ANSWER_MAX];
};

static bool starts(const char *line, const char *word)
{
    return strncmp(line, word, strlen(word)) == 0;
}

/* "x,y" with both in 0..BOARD_MAX_SIDE-1: true with *x, *y. */
static bool is_move(const char *line, int *x, int *y)
{
    int n = -1;
    if (sscanf(line, "%3d,%3d%n", x, y, &n) != 2 || n != (int)strlen(line))
        return false;
    return line[0] != '-' && line[0] != '+' && *x >= 0 && *x < BOARD_MAX_SIDE && *y >= 0 &&
           *y < BOARD_MAX_SIDE;
}

static void say(void *ctx, const char *line)
{
    struct answers *a = ctx;
    size_t len = strlen(line);
    FUZZ_CHECK(len < sizeof a->last, "an answer of %zu bytes", len);
    for (size_t i = 0; i < len; i++)
        FUZZ_CHECK(line[i] >= 0x20 && line[i] < 0x7f, "byte 0x%02x in an answer",
                   (unsigned char)line[i]);
    int x, y;
    FUZZ_CHECK(strcmp(line, "OK") == 0 || starts(line, "ERROR ") ||
               starts(line, "UNKNOWN ") || starts(line, "MESSAGE ") ||
               starts(line, "DEBUG ") || starts(line, "name=\"mnk\", version=") ||
               is_move(line, &x, &y), "not a protocol answer: '%s'", line);
    memcpy(a->last, line, len + 1);
    a->count++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const int wins[] = { 5, 3, 4, 6 };
    int n_ais = 0;
    while (ai_strategies[n_ais] != NULL)
        n_ais++;
    struct brain_config config = {
        .ai_name = ai_strategies[(data[0] & 7) % n_ais]->name,
        .ai_opts = { .seed = 1, .memory = 1u << 20 },
        .win = wins[(data[0] >> 3) & 3],
        .rule = data[0] & 32 ? RULE_EXACT : RULE_FREESTYLE,
        .time_cap_ms = 1,
    };
    struct answers answers = { 0 };
    struct brain *b = brain_new(&config, say, &answers);
    FUZZ_CHECK(b != NULL, "no brain for %s", config.ai_name);

    FILE *in = tmpfile();
    FUZZ_CHECK(in != NULL, "tmpfile");
    FUZZ_CHECK(fwrite(data + 1, 1, size - 1, in) == size - 1 && fflush(in) == 0 &&
               fseek(in, 0, SEEK_SET) == 0, "write");
    static struct linebuf lb;
    linebuf_init(&lb);
    bool ended = false;
    while (!ended && !linebuf_eof(&lb)) {
        const char *line;
        size_t len;
        bool cut;
        while (!ended && linebuf_next(&lb, &line, &len, &cut)) {
            enum brain_step step = brain_line(b, line, len, cut);
            ended = step == BRAIN_END;
            if (step != BRAIN_THINK)
                continue;
            int before = answers.count;
            brain_think(b, NULL);
            FUZZ_CHECK(answers.count == before + 1, "%d answers to one move",
                       answers.count - before);
            int x, y;
            if (is_move(answers.last, &x, &y)) {
                const struct board *board = brain_board(b);
                FUZZ_CHECK(board_inside(board, x, y) &&
                           board_at(board, board_pos(board, x, y)) == brain_side(b),
                           "the move %s is not ours on the board", answers.last);
            }
        }
        if (!ended)
            FUZZ_CHECK(linebuf_fill(&lb, fileno(in)) >= 0, "read");
    }
    fclose(in);
    brain_free(b);
    return 0;
}
