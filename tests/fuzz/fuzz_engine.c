/* fuzz_engine.c — fuzz target: `mnk engine` driven by a whole session.
 *
 * The input is what a manager sends on standard input; its first byte picks
 * the strategy (any of the registry), the win length and the rule. Thinking is
 * capped at 1 ms a move and tables at 1 MB, so a session runs in
 * milliseconds. cmd_engine() runs on it as in the real binary, with standard
 * input and output redirected to temporary files. Checked: it returns 0, and
 * every line on standard output is a protocol answer (OK, ERROR, UNKNOWN,
 * MESSAGE, DEBUG, a move on a board of at most 26x26, or the ABOUT line) in
 * printable ASCII. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "fuzz.h"
#include "mnk/ai.h"
#include "mnk/board.h"

static FILE *in, *out;

/* Points descriptors 0 and 1 at temporary files, once. */
static void redirect(void)
{
    if (in != NULL)
        return;
    in = tmpfile();
    out = tmpfile();
    FUZZ_CHECK(in != NULL && out != NULL, "tmpfile");
    fflush(stdout);
    FUZZ_CHECK(dup2(fileno(in), STDIN_FILENO) >= 0 && dup2(fileno(out), STDOUT_FILENO) >= 0,
               "dup2");
}

static void rewind_fd(int fd)
{
    FUZZ_CHECK(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0, "truncate");
}

static bool starts(const char *line, const char *word)
{
    return strncmp(line, word, strlen(word)) == 0;
}

/* "x,y" with both in 0..BOARD_MAX_SIDE-1. */
static bool is_move(const char *line)
{
    int x, y, n = -1;
    if (sscanf(line, "%3d,%3d%n", &x, &y, &n) != 2 || n != (int)strlen(line))
        return false;
    return line[0] != '-' && line[0] != '+' && x >= 0 && x < BOARD_MAX_SIDE && y >= 0 &&
           y < BOARD_MAX_SIDE;
}

static void check_line(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        FUZZ_CHECK(line[i] >= 0x20 && line[i] < 0x7f, "byte 0x%02x in an answer",
                   (unsigned char)line[i]);
    FUZZ_CHECK(strcmp(line, "OK") == 0 || starts(line, "ERROR ") ||
               starts(line, "UNKNOWN ") || starts(line, "MESSAGE ") ||
               starts(line, "DEBUG ") || starts(line, "name=\"mnk\", version=") ||
               is_move(line), "not a protocol answer: '%s'", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    redirect();
    static const char *const wins[] = { "5", "3", "4", "6" };
    int n_ais = 0;
    while (ai_strategies[n_ais] != NULL)
        n_ais++;
    char *argv[] = {
        "engine", "--ai", (char *)ai_strategies[(data[0] & 7) % n_ais]->name,
        "--win", (char *)wins[(data[0] >> 3) & 3],
        "--time-ms", "1", "--memory", "1", "--seed", "1",
        "--rule", data[0] & 32 ? "exact" : "freestyle", NULL,
    };
    int argc = (int)(sizeof argv / sizeof argv[0]) - 1;

    rewind_fd(STDIN_FILENO);
    rewind_fd(STDOUT_FILENO);
    FUZZ_CHECK(fwrite(data + 1, 1, size - 1, in) == size - 1 && fflush(in) == 0, "write");
    FUZZ_CHECK(lseek(STDIN_FILENO, 0, SEEK_SET) == 0, "seek");

    int status = cmd_engine(argc, argv);
    fflush(stdout);
    FUZZ_CHECK(status == 0, "engine returned %d", status);

    /* Read the answers back through our own handle on the output file. */
    FUZZ_CHECK(fseek(out, 0, SEEK_SET) == 0, "seek");
    static char line[8192];
    while (fgets(line, sizeof line, out) != NULL) {
        size_t n = strlen(line);
        FUZZ_CHECK(n > 0 && line[n - 1] == '\n', "an answer without a newline or too long");
        line[--n] = '\0';
        check_line(line, n);
    }
    clearerr(out);
    return 0;
}
