/* test_args.c — the command-line parser: both spellings of every kind of
 * value, short aliases, operands among the flags, the one message style for
 * unknown flags, missing and bad values, required flags and operand counts,
 * and the help generated from the table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/args.h"

struct fields {
    long depth, win;
    bool quiet, depth_given, odd_given;
    uint64_t seed;
    struct args_size size;
    enum rule rule;
    struct player player;
    int format;
    const char *out, *text;
    long odd;
};

/* A custom kind: an odd number. */
static bool parse_odd(const char *text, void *field, char *why)
{
    long v;
    if (!args_parse_int(text, 1, 99, &v, why))
        return false;
    if (v % 2 == 0) {
        snprintf(why, ARGS_WHY_MAX, "expected an odd number, got '%s'", text);
        return false;
    }
    *(long *)field = v;
    return true;
}

static const char *const formats[] = { "sgf", "psq", NULL };

static const struct fields defaults = {
    .depth = 6, .size = { 15, 15 }, .rule = RULE_FREESTYLE, .format = 1,
};

static const struct args_option options[] = {
    { .name = "depth", .kind = ARGS_INT, .min = 1, .max = 60,
      .offset = offsetof(struct fields, depth),
      .seen = ARGS_SEEN(struct fields, depth_given), .show_default = true,
      .help = "plies to search" },
    { .name = "win", .kind = ARGS_INT, .min = 3, .max = 26, .metavar = "K", .required = true,
      .offset = offsetof(struct fields, win), .help = "stones in a row" },
    { .name = "quiet", .short_name = 'q', .kind = ARGS_SWITCH,
      .offset = offsetof(struct fields, quiet), .help = "say less" },
    { .name = "seed", .kind = ARGS_U64, .offset = offsetof(struct fields, seed),
      .help = "a seed" },
    { .name = "size", .kind = ARGS_SIZE, .offset = offsetof(struct fields, size),
      .show_default = true, .help = "board size" },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct fields, rule),
      .help = "the rule" },
    { .name = "player", .kind = ARGS_PLAYER, .offset = offsetof(struct fields, player),
      .help = "a player" },
    { .name = "to", .kind = ARGS_CHOICE, .choices = formats,
      .offset = offsetof(struct fields, format), .show_default = true, .help = "a format" },
    { .name = "output", .short_name = 'o', .kind = ARGS_PATH, .metavar = "OUT",
      .offset = offsetof(struct fields, out), .help = "where to write" },
    { .name = "text", .kind = ARGS_STRING, .offset = offsetof(struct fields, text),
      .help = "any text, a long one to see that the help wraps its lines under the "
              "eightieth column however long the sentence that describes an option is" },
    { .name = "odd", .kind = ARGS_CUSTOM, .parse = parse_odd,
      .offset = offsetof(struct fields, odd), .seen = ARGS_SEEN(struct fields, odd_given),
      .help = "an odd number" },
    { .name = "time-ms", .kind = ARGS_INT, .min = 0, .max = 1000,
      .offset = offsetof(struct fields, depth), .help = "a name that shares a prefix" },
    { .name = "time", .kind = ARGS_INT, .min = 0, .max = 1000,
      .offset = offsetof(struct fields, depth), .help = "the other one" },
};

static const struct args_command command = {
    .name = "try",
    .operands = "[FILE...]",
    .about = "A command for the tests.",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .defaults = &defaults,
    .min_operands = 0,
    .max_operands = 2,
    .operands_error = "at most two files",
};

/* A command with no flags of its own and no operands. */
static const struct args_command bare = { .name = "bare" };

/* The command parse() runs. */
static const struct args_command *under_test = &command;

/* What a parse left. */
struct run {
    bool go;
    int status;
    struct fields f;
    struct args_operands ops;
    char out[8192], err[2048];
};

/* Reads back and closes `f`, which took descriptor `fd`'s place. */
static void take_back(FILE *f, int fd, int saved, char *buf, size_t size)
{
    fflush(fd == STDOUT_FILENO ? stdout : stderr);
    dup2(saved, fd);
    close(saved);
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
}

/* Parses the NULL-terminated words after the command name, catching what
 * the parser prints on stdout and stderr. */
static void parse(struct run *r, ...)
{
    char *argv[32] = { (char *)under_test->name };
    int argc = 1;
    va_list ap;
    va_start(ap, r);
    for (char *w; (w = va_arg(ap, char *)) != NULL;)
        argv[argc++] = w;
    va_end(ap);
    char *copy[32];
    memcpy(copy, argv, sizeof copy);

    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    r->f = defaults;
    r->status = -1;
    r->go = args_parse(under_test, argc, argv, &r->f, &r->ops, &r->status);
    take_back(out, STDOUT_FILENO, saved_out, r->out, sizeof r->out);
    take_back(err, STDERR_FILENO, saved_err, r->err, sizeof r->err);
    /* The parser leaves argv as it was. */
    assert_memory_equal(copy, argv, sizeof copy);
}

/* The parse failed with exit status 2 and exactly one line on stderr that
 * holds `part`, in the one style. */
static void assert_usage_error(const struct run *r, const char *part)
{
    assert_false(r->go);
    assert_int_equal(r->status, ARGS_EXIT_USAGE);
    assert_string_equal(r->out, "");
    char prefix[64];
    snprintf(prefix, sizeof prefix, "mnk %s: ", under_test->name);
    assert_true(strncmp(r->err, prefix, strlen(prefix)) == 0);
    const char *nl = strchr(r->err, '\n');
    assert_non_null(nl);
    assert_string_equal(nl + 1, "");
    if (strstr(r->err, part) == NULL)
        fail_msg("'%s' not in '%s'", part, r->err);
}

static struct run *new_run(void)
{
    struct run *r = calloc(1, sizeof *r);
    assert_non_null(r);
    return r;
}

static void test_both_spellings(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--win", "5", "--depth", "7", NULL);
    assert_true(r->go);
    assert_int_equal(r->status, 0);
    assert_int_equal(r->f.depth, 7);
    assert_int_equal(r->f.win, 5);
    assert_true(r->f.depth_given);
    assert_string_equal(r->err, "");

    parse(r, "--win=5", "--depth=9", "--seed=0x10", "--size=7x5", "--rule=exact",
          "--player=random", "--to=sgf", "--output=a.sgf", "--text=", "--odd=7", NULL);
    assert_true(r->go);
    assert_int_equal(r->f.depth, 9);
    assert_int_equal(r->f.seed, 16);
    assert_int_equal(r->f.size.width, 7);
    assert_int_equal(r->f.size.height, 5);
    assert_int_equal(r->f.rule, RULE_EXACT);
    assert_int_equal(r->f.player.kind, PLAYER_COMPUTER);
    assert_string_equal(r->f.player.spec, "random");
    assert_int_equal(r->f.format, 0);
    assert_string_equal(r->f.out, "a.sgf");
    assert_string_equal(r->f.text, "");
    assert_int_equal(r->f.odd, 7);
    assert_true(r->f.odd_given);

    parse(r, "--win", "5", "--seed", "18446744073709551615", "--size", "9", "--rule",
          "freestyle", "--player", "human", "--to", "psq", "--output", "b.psq", "--text",
          "two words", "--odd", "9", NULL);
    assert_true(r->go);
    assert_true(r->f.seed == UINT64_MAX);
    assert_int_equal(r->f.size.width, 9);
    assert_int_equal(r->f.size.height, 9);
    assert_int_equal(r->f.player.kind, PLAYER_HUMAN);
    assert_int_equal(r->f.format, 1);
    assert_string_equal(r->f.out, "b.psq");
    assert_string_equal(r->f.text, "two words");
    free(r);
}

static void test_short_aliases_and_values_like_flags(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "-q", "-o", "x.sgf", "--win", "4", NULL);
    assert_true(r->go);
    assert_true(r->f.quiet);
    assert_string_equal(r->f.out, "x.sgf");
    parse(r, "-qoy.sgf", "--win", "4", NULL);
    assert_true(r->go);
    assert_true(r->f.quiet);
    assert_string_equal(r->f.out, "y.sgf");
    /* A cluster after a long flag's glued value. */
    parse(r, "--win=4", "-qo", "z.sgf", NULL);
    assert_true(r->go);
    assert_true(r->f.quiet);
    assert_string_equal(r->f.out, "z.sgf");
    parse(r, "--depth=5", "-qo", NULL);
    assert_usage_error(r, "-o: missing value");
    /* A value may start with '-': it is the value, not a flag. */
    parse(r, "--win", "4", "--text", "--depth", NULL);
    assert_true(r->go);
    assert_string_equal(r->f.text, "--depth");
    assert_int_equal(r->f.depth, 6);
    assert_false(r->f.depth_given);
    free(r);
}

static void test_operands_anywhere(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "a.sgf", "--win", "3", "-", NULL);
    assert_true(r->go);
    assert_int_equal(r->ops.count, 2);
    assert_string_equal(r->ops.list[0], "a.sgf");
    assert_string_equal(r->ops.list[1], "-");
    /* "--" ends the flags: what follows is an operand even if it looks
     * like one. */
    parse(r, "--win", "3", "--", "--depth", NULL);
    assert_true(r->go);
    assert_int_equal(r->ops.count, 1);
    assert_string_equal(r->ops.list[0], "--depth");
    assert_false(r->f.depth_given);
    parse(r, "--win", "3", "a", "b", "c", NULL);
    assert_usage_error(r, "at most two files; see 'mnk try --help'");
    free(r);
}

static void test_unknown_and_missing(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--win", "3", "--bogus", NULL);
    assert_usage_error(r, "unknown option '--bogus'");
    parse(r, "--win", "3", "--bogus=4", NULL);
    assert_usage_error(r, "unknown option '--bogus'");
    assert_null(strstr(r->err, "=4"));
    parse(r, "--win", "3", "-x", NULL);
    assert_usage_error(r, "unknown option '-x'");
    parse(r, "--win", "3", "--depth", NULL);
    assert_usage_error(r, "--depth: missing value");
    parse(r, "--win", "3", "-o", NULL);
    assert_usage_error(r, "-o: missing value");
    parse(r, "--win", "3", "--quiet=yes", NULL);
    assert_usage_error(r, "--quiet: takes no value");
    /* No abbreviations: "--time" is an option of its own here, and "--tim"
     * or "--dep" is nothing. */
    parse(r, "--win", "3", "--dep", "4", NULL);
    assert_usage_error(r, "unknown option '--dep'");
    parse(r, "--win", "3", "--tim=4", NULL);
    assert_usage_error(r, "unknown option '--tim'");
    parse(r, "--win", "3", "--time", "4", NULL);
    assert_true(r->go);
    assert_int_equal(r->f.depth, 4);
    /* The first error stops the parse: no later value is taken. */
    parse(r, "--win", "3", "--depth", "0", "--seed", "5", NULL);
    assert_usage_error(r, "--depth: ");
    assert_int_equal(r->f.seed, 0);
    free(r);
}

static void test_ranges_and_bad_values(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--win", "3", "--depth", "1", NULL);
    assert_true(r->go);
    assert_int_equal(r->f.depth, 1);
    parse(r, "--win", "3", "--depth=60", NULL);
    assert_true(r->go);
    assert_int_equal(r->f.depth, 60);
    parse(r, "--win", "3", "--depth", "0", NULL);
    assert_usage_error(r, "--depth: expected a whole number from 1 to 60, got '0'");
    parse(r, "--win", "3", "--depth=61", NULL);
    assert_usage_error(r, "--depth: expected a whole number from 1 to 60, got '61'");
    parse(r, "--win", "3", "--depth", "6x", NULL);
    assert_usage_error(r, "got '6x'");
    parse(r, "--win", "3", "--depth=", NULL);
    assert_usage_error(r, "got ''");
    parse(r, "--win", "3", "--depth", "99999999999999999999", NULL);
    assert_usage_error(r, "from 1 to 60");
    parse(r, "--win", "3", "--seed", "-1", NULL);
    assert_usage_error(r, "--seed: expected a number from 0 to 18446744073709551615");
    parse(r, "--win", "3", "--seed", "18446744073709551616", NULL);
    assert_usage_error(r, "--seed: expected a number");
    parse(r, "--win", "3", "--size", "27", NULL);
    assert_usage_error(r, "--size: expected N or WxH with each side from 3 to 26");
    parse(r, "--win", "3", "--size=7x", NULL);
    assert_usage_error(r, "--size: ");
    parse(r, "--win", "3", "--rule", "gomoku", NULL);
    assert_usage_error(r, "--rule: expected freestyle, exact, renju or caro, got 'gomoku'");
    parse(r, "--win", "3", "--player", "nobody", NULL);
    assert_usage_error(r, "--player: expected human, engine:COMMAND or one of: ");
    parse(r, "--win", "3", "--to", "txt", NULL);
    assert_usage_error(r, "--to: expected sgf or psq, got 'txt'");
    parse(r, "--win", "3", "--output", "", NULL);
    assert_usage_error(r, "--output: expected a name");
    parse(r, "--win", "3", "--odd", "8", NULL);
    assert_usage_error(r, "--odd: expected an odd number, got '8'");
    parse(r, "--win", "3", "--odd", "100", NULL);
    assert_usage_error(r, "--odd: expected a whole number from 1 to 99");
    free(r);
}

/* Every rule by its name; the board check refuses renju with a k other
 * than five, in one line naming --rule. */
static void test_rules(void **state)
{
    (void)state;
    struct run *r = new_run();
    static const char *const names[] = { "freestyle", "exact", "renju", "caro" };
    for (int i = 0; i < RULE_COUNT; i++) {
        parse(r, "--win", "5", "--rule", names[i], NULL);
        assert_true(r->go);
        assert_int_equal(r->f.rule, i);
    }
    parse(r, "--win", "5", "--rule=caro", NULL);
    assert_int_equal(r->f.rule, RULE_CARO);
    parse(r, "--win", "5", "--rule", "Renju", NULL);   /* mnk's names, as written */
    assert_usage_error(r, "--rule: expected freestyle, exact, renju or caro, got 'Renju'");

    struct game_config c;
    game_config_default(&c);
    c.rule = RULE_RENJU;
    assert_true(args_check_board("play", &c));
    c.win = 4;
    FILE *err = tmpfile();
    assert_non_null(err);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    bool ok = args_check_board("play", &c);
    take_back(err, STDERR_FILENO, saved, r->err, sizeof r->err);
    assert_false(ok);
    assert_string_equal(r->err, "mnk play: --rule renju: renju is played with five in a row "
                                "(win length 5), not 4\n");
    c.rule = RULE_CARO;
    assert_true(args_check_board("play", &c));
    assert_true(args_check_rule("engine", RULE_EXACT, 3));
    free(r);
}

static void test_messages_are_printable_and_short(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--win", "3", "--rule", "\033[2J\377", NULL);
    assert_usage_error(r, "got '?[2J?'");
    char long_value[300];
    memset(long_value, 'z', sizeof long_value - 1);
    long_value[sizeof long_value - 1] = '\0';
    parse(r, "--win", "3", "--rule", long_value, NULL);
    assert_usage_error(r, "zzz...'");
    assert_true(strlen(r->err) < 150);
    free(r);
}

static void test_required(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--depth", "3", NULL);
    assert_usage_error(r, "--win is required; see 'mnk try --help'");
    free(r);
}

static void test_help_from_the_table(void **state)
{
    (void)state;
    struct run *r = new_run();
    parse(r, "--depth", "0", "--help", NULL); /* the bad value comes first */
    assert_usage_error(r, "--depth");
    for (int i = 0; i < 2; i++) {
        if (i == 0)
            parse(r, "--help", NULL); /* even without the required --win */
        else
            parse(r, "--win", "3", "-h", NULL);
        assert_false(r->go);
        assert_int_equal(r->status, 0);
        assert_string_equal(r->err, "");
        assert_true(strncmp(r->out, "usage: mnk try --win K [OPTIONS] [FILE...]\n", 43) == 0);
        for (size_t k = 0; k < sizeof options / sizeof options[0]; k++) {
            char flag[64];
            snprintf(flag, sizeof flag, "--%s", options[k].name);
            if (strstr(r->out, flag) == NULL)
                fail_msg("%s is not in the help", flag);
        }
        assert_non_null(strstr(r->out, "  -q, --quiet  "));
        assert_non_null(strstr(r->out, "  -o, --output OUT  "));
        assert_non_null(strstr(r->out, "      --to sgf|psq  "));
        assert_non_null(strstr(r->out, "  -h, --help"));
        /* What the table knows is said from it: ranges, defaults, required. */
        assert_non_null(strstr(r->out, "plies to search (1 to 60, default 6)"));
        assert_non_null(strstr(r->out, "stones in a row (required, 3 to 26)"));
        assert_non_null(strstr(r->out, "(each side 3 to 26, default 15)"));
        assert_non_null(strstr(r->out, "a format (default psq)"));
        assert_non_null(strstr(r->out, "A command for the tests."));
        /* Every line fits, and the long help was wrapped, not cut. */
        int lines = 0;
        for (const char *p = r->out; *p != '\0'; lines++) {
            size_t len = strcspn(p, "\n");
            if (len > ARGS_HELP_COLUMNS)
                fail_msg("a line of %zu columns: %.*s", len, (int)len, p);
            p += len + (p[len] == '\n');
        }
        assert_true(lines > (int)(sizeof options / sizeof options[0]) + 4);
        assert_non_null(strstr(r->out, "eightieth column"));
    }
    free(r);
}

static void test_a_command_without_flags(void **state)
{
    (void)state;
    struct run *r = new_run();
    under_test = &bare;
    parse(r, NULL);
    assert_true(r->go);
    assert_int_equal(r->ops.count, 0);
    parse(r, "x", "y", NULL);
    assert_usage_error(r, "unexpected argument 'x'; see 'mnk bare --help'");
    parse(r, "--depth=1", NULL);
    assert_usage_error(r, "unknown option '--depth'");
    parse(r, "--help", NULL);
    assert_false(r->go);
    assert_int_equal(r->status, 0);
    assert_string_equal(r->out,
                        "usage: mnk bare [OPTIONS]\n\noptions:\n  -h, --help  print this help\n");
    under_test = &command;
    free(r);
}

static void test_wrap(void **state)
{
    (void)state;
    char buf[512];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_non_null(f);
    args_wrap(f, "list: ", "alpha, beta, gamma, delta, epsilon, zeta, eta, theta, iota, "
                           "kappa, lambda, mu, nu, xi, omicron");
    fclose(f);
    /* " lambda," would end in column 82. */
    assert_string_equal(buf, "list: alpha, beta, gamma, delta, epsilon, zeta, eta, theta, "
                             "iota, kappa,\n      lambda, mu, nu, xi, omicron\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_both_spellings),
        cmocka_unit_test(test_short_aliases_and_values_like_flags),
        cmocka_unit_test(test_operands_anywhere),
        cmocka_unit_test(test_unknown_and_missing),
        cmocka_unit_test(test_ranges_and_bad_values),
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_messages_are_printable_and_short),
        cmocka_unit_test(test_required),
        cmocka_unit_test(test_help_from_the_table),
        cmocka_unit_test(test_a_command_without_flags),
        cmocka_unit_test(test_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
