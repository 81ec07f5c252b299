/* args.h — reading command-line values, shared by every command.
 *
 * Each function parses one flag's value; on bad input it prints one line to
 * stderr naming the flag and what is allowed, and returns false. The caller
 * then exits with status 2 (ARGS_EXIT_USAGE) before starting anything. */
#ifndef MNK_CLI_ARGS_H
#define MNK_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mnk/game.h"

#define ARGS_EXIT_USAGE 2

/* An integer in [min, max]. */
bool args_int(const char *flag, const char *text, long min, long max, long *out);

/* An unsigned 64-bit seed (decimal or 0x hex). */
bool args_seed(const char *flag, const char *text, uint64_t *out);

/* "N" or "WxH", each side 3..26. */
bool args_size(const char *flag, const char *text, int *width, int *height);

/* "freestyle" or "exact". */
bool args_rule(const char *flag, const char *text, enum rule *out);

/* "human", a level or strategy name, or "engine:COMMAND". */
bool args_player(const char *flag, const char *text, struct player *out);

/* The board of `c` is legal (win length fits the board); says why if not. */
bool args_check_board(const struct game_config *c);

/* Prints `label` and then the comma-separated `list`, wrapped at a blank so
 * that no line passes ARGS_HELP_COLUMNS, continued lines indented under the
 * list (for --help texts). */
#define ARGS_HELP_COLUMNS 79
void args_wrap(FILE *out, const char *label, const char *list);

/* Prints "mnk: MESSAGE" to stderr, printf-style. */
void args_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
