/* args.h — the command line of every mnk command: one parser, one table.
 *
 * Each command declares its flags once, as a table of struct args_option
 * (long name, short alias, kind of value, range, where the value goes, help
 * text) inside a struct args_command, and calls args_parse. The parser is
 * getopt_long underneath, so every command accepts the same syntax:
 * `--flag value` and `--flag=value`, short aliases as `-o value` and
 * `-ovalue`, `--` to end the flags, and operands anywhere among the flags.
 * Long names must be spelt in full (no abbreviations: `--time` must not
 * quietly mean `--time-ms`). Every command gets `-h` / `--help`, whose text
 * is generated from the same table, wrapped under ARGS_HELP_COLUMNS, so it
 * cannot drift from what is accepted.
 *
 * Values are written into a command-owned struct at each option's offset;
 * the tables are `static const` data and the parser keeps no state between
 * calls (getopt's globals are reset on entry).
 *
 * Messages: every complaint about the command line is one line on stderr,
 * "mnk COMMAND: WHAT" ("mnk solve: --win: expected a whole number from 3
 * to 26, got '2'"), in the player's language, control bytes and bytes that
 * are no printable character of the locale shown as '?'; the command then
 * exits with ARGS_EXIT_USAGE before starting anything.
 *
 * Help strings (`help`, `about`, `operands_error`) are separate literals in
 * the tables, marked with N_() (mnk/i18n.h); the parser and the help look
 * them up in the catalogue when they show them. */
#ifndef MNK_CLI_ARGS_H
#define MNK_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mnk/game.h"

#define ARGS_EXIT_USAGE 2
#define ARGS_HELP_COLUMNS 79
#define ARGS_MAX_OPTIONS 32   /* per command, --help included */
#define ARGS_MAX_OPERANDS 8
#define ARGS_WHY_MAX 1024     /* a value parser's complaint */

/* What an option's value is, and the type of the field it is written to. */
enum args_kind {
    ARGS_SWITCH,   /* no value; bool, set to true */
    ARGS_INT,      /* a whole number in [min, max]; long */
    ARGS_U64,      /* 0 to 2^64-1, decimal or 0x hex (seeds, node counts); uint64_t */
    ARGS_SIZE,     /* "N" or "WxH", each side 3..26; struct args_size */
    ARGS_RULE,     /* "freestyle", "exact", "renju" or "caro"; enum rule */
    ARGS_PLAYER,   /* "human", a level or strategy, "engine:COMMAND"; struct player */
    ARGS_CHOICE,   /* one of `choices`; int, the index of the word */
    ARGS_STRING,   /* any text, the empty one included; const char * */
    ARGS_PATH,     /* a file or directory name, not empty; const char * */
    ARGS_CUSTOM,   /* parsed by `parse` */
};

struct args_size {
    int width, height;
};

/* A value parser of ARGS_CUSTOM options: writes the value of `text` to the
 * field, or says in `why` (ARGS_WHY_MAX bytes, no flag name, e.g.
 * "expected ..., got 'x'") what is wrong and returns false. */
typedef bool (*args_parse_fn)(const char *text, void *field, char *why);

struct args_option {
    const char *name;        /* long name without "--" */
    char short_name;         /* 0: none */
    enum args_kind kind;
    long min, max;           /* ARGS_INT */
    size_t offset;           /* of the field in the command's struct */
    size_t seen;             /* ARGS_SEEN(...): a bool set when given; 0: none */
    const char *metavar;     /* the value in the help ("N", "FILE") */
    const char *help;        /* one sentence, no trailing period */
    bool required;           /* an error when absent */
    bool show_default;       /* help adds the field's value in `defaults` */
    const char *const *choices; /* ARGS_CHOICE: NULL-terminated words */
    args_parse_fn parse;     /* ARGS_CUSTOM */
};

/* The `seen` field of an option: offset + 1, so that 0 means none. */
#define ARGS_SEEN(type, member) (offsetof(type, member) + 1)

struct args_command {
    const char *name;        /* "play" */
    const char *operands;    /* after the flags in the usage line, or NULL */
    const char *about;       /* what the command does; '\n' ends a paragraph */
    const struct args_option *options;
    int n_options;
    const void *defaults;    /* the struct's initial values, for show_default */
    int min_operands, max_operands; /* max < 0: any number, up to ARGS_MAX_OPERANDS */
    const char *operands_error;     /* said when the count is wrong; NULL:
                                       "unexpected argument 'FIRST-EXTRA'" */
    void (*epilogue)(FILE *out);    /* printed after the options, or NULL */
};

/* The operands (arguments that are not flags or their values), in order. */
struct args_operands {
    int count;
    const char *list[ARGS_MAX_OPERANDS];
};

/* Parses argv[1..argc) (argv[0] is the command) into `fields`, a struct
 * already holding the defaults, and the operands into `ops`. True: go on.
 * False: stop now with exit status *status, 0 after printing the help to
 * stdout, ARGS_EXIT_USAGE after one message on stderr. argv is not changed. */
bool args_parse(const struct args_command *c, int argc, char **argv, void *fields,
                struct args_operands *ops, int *status);

/* Prints the command's help, generated from its table, to `out`. */
void args_help(const struct args_command *c, FILE *out);

/* Prints "mnk COMMAND: MESSAGE" (or "mnk: MESSAGE" when command is NULL)
 * to stderr, printf-style, bytes that are no printable character of the
 * locale (control bytes, broken UTF-8) as '?'. */
void args_error(const char *command, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The board of `c` is legal (the win length fits the board, the rule can be
 * played with it: rule_check_win); if not, says why for `command`'s --win
 * or --rule. */
bool args_check_board(const char *command, const struct game_config *c);

/* An ARGS_CUSTOM parser of an existing directory's name, into a
 * const char * field. */
bool args_parse_dir(const char *text, void *field, char *why);

/* The rule can be played with win length k (rule_check_win); if not, says
 * why for `command`'s --rule. */
bool args_check_rule(const char *command, enum rule rule, int win);

/* For an epilogue: the levels (when `levels`) and the strategies a player
 * may be named by, wrapped like the help. */
void args_list_players(FILE *out, bool levels);

/* Prints `label` and then `text`, wrapped at blanks so that no line passes
 * ARGS_HELP_COLUMNS, continued lines indented under the text's start. */
void args_wrap(FILE *out, const char *label, const char *text);

/* The value parsers behind the kinds, for ARGS_CUSTOM parsers that build on
 * them: each writes its value, or its complaint to `why` (ARGS_WHY_MAX). */
bool args_parse_int(const char *text, long min, long max, long *out, char *why);
bool args_parse_u64(const char *text, uint64_t *out, char *why);
bool args_parse_size(const char *text, struct args_size *out, char *why);
bool args_parse_rule(const char *text, enum rule *out, char *why);

/* The words of --opening, in the order of enum opening_rule, for an
 * ARGS_CHOICE whose index is that rule. */
extern const char *const args_opening_names[OPENING_RULE_COUNT + 1];
bool args_parse_player(const char *text, struct player *out, char *why);

#endif
