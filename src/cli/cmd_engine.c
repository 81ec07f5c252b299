/* cmd_engine.c — `mnk engine`: a Gomocup engine on standard input and output.
 *
 * Speaks Piskvork protocol 2 ("pbrain") to a manager such as Piskvork,
 * piskvork-cli or `mnk match ... engine:'mnk engine'`. Reads one command per
 * line, answers each on one line and flushes; every other word goes to
 * standard error or as MESSAGE lines, so standard output carries the protocol
 * only. Bad lines get ERROR or UNKNOWN and the engine keeps going; END or the
 * end of input ends it with status 0.
 *
 * Colours: the protocol tells a brain only which stones are its own. Black
 * moves first, so the engine takes Black when it moves with as many stones on
 * the board as the opponent, White otherwise; the rules are the same for both.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "config.h"
#include "io/linebuf.h"
#include "io/proto.h"
#include "mnk/ai.h"
#include "mnk/clock.h"
#include "mnk/level.h"
#include "mnk/rules.h"

#define DEFAULT_THINK_MS 5000      /* when neither the manager nor --time-ms says */
#define MEMORY_RESERVE (16u << 20) /* max_memory kept back from the tables */
#define INFO_RULE_EXACT 1          /* INFO rule bits */
#define INFO_RULE_CONTINUOUS 2
#define INFO_RULE_RENJU 4

/* A multi-line block being read, until DONE. */
enum block { BLOCK_NONE, BLOCK_BOARD, BLOCK_SWAP2 };

struct engine {
    struct board board;
    bool started;              /* START or RECTSTART accepted */
    enum stone me;             /* our colour; STONE_NONE until it shows */
    int win;
    enum rule rule;
    struct ai ai;
    const char *ai_name;
    struct ai_options ai_opts;
    struct proto_times times;
    int time_cap_ms;           /* --time-ms, 0 = none */
    uint64_t max_nodes;        /* --nodes or the level's, 0 = none */
    int max_depth;             /* --depth or the level's, 0 = none */

    enum block block;
    const char *block_error;   /* first fault in the block, answered at DONE */
    int own[BOARD_MAX_CELLS], n_own;
    int opp[BOARD_MAX_CELLS], n_opp;
    uint8_t seen[BOARD_MAX_CELLS]; /* cells named in the block */
};

__attribute__((format(printf, 1, 2)))
static void answer(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* A line quoted in an answer: printable ASCII only, cut short, so junk on
 * the input cannot become junk on the output. */
static const char *quote(const char *line, size_t len)
{
    static char buf[64];
    size_t n = 0;
    for (size_t i = 0; i < len && n < sizeof buf - 4; i++)
        buf[n++] = line[i] >= 0x20 && line[i] < 0x7f ? line[i] : '?';
    if (len > n) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

static void say_move(const struct engine *e, int pos)
{
    answer("%d,%d", board_x(&e->board, pos), board_y(&e->board, pos));
}

/* Plays and answers a move for us, if the board has room. */
static void play_own_move(struct engine *e)
{
    if (e->me == STONE_NONE)
        e->me = e->board.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    if (board_full(&e->board)) {
        answer("ERROR the board is full, there is no move to make");
        return;
    }
    if (e->ai.strategy == NULL) {
        answer("ERROR the %s player could not be created", e->ai_name);
        return;
    }
    int budget = proto_budget_ms(&e->times, board_cells(&e->board), e->board.stones,
                                 e->time_cap_ms > 0 ? e->time_cap_ms : DEFAULT_THINK_MS);
    int most = proto_budget_max_ms(&e->times, board_cells(&e->board), e->board.stones,
                                   e->time_cap_ms > 0 ? e->time_cap_ms : DEFAULT_THINK_MS);
    if (e->time_cap_ms > 0 && budget > e->time_cap_ms)
        budget = e->time_cap_ms;
    if (e->time_cap_ms > 0 && most > e->time_cap_ms)
        most = e->time_cap_ms;
    /* Nodes and depth bound the search; the clock still caps it. */
    struct ai_limits limits = { .time_ms = budget, .time_max_ms = most,
                                .max_nodes = e->max_nodes, .max_depth = e->max_depth };
    int pos = ai_choose(&e->ai, &e->board, e->me, &limits);
    if (pos < 0 || pos >= board_cells(&e->board) || board_at(&e->board, pos) != STONE_NONE) {
        answer("ERROR the %s player found no move", e->ai_name);
        return;
    }
    board_place(&e->board, pos, e->me);
    say_move(e, pos);
}

/* Re-creates the strategy with the current options; when its tables do not
 * fit, falls back to the strategy's default size. */
static void make_ai(struct engine *e)
{
    ai_destroy(&e->ai);
    if (ai_create(&e->ai, e->ai_name, &e->ai_opts))
        return;
    answer("MESSAGE no room for %zu bytes of tables: using the default size",
           e->ai_opts.memory);
    e->ai_opts.memory = 0;
    ai_create(&e->ai, e->ai_name, &e->ai_opts);
}

static void start(struct engine *e, int width, int height)
{
    const char *why = board_check_size(width, height, e->win);
    if (why != NULL) {
        answer("ERROR unsupported board %dx%d with %d in a row: %s", width, height,
               e->win, why);
        return;
    }
    board_init(&e->board, width, height, e->win, e->rule);
    e->started = true;
    e->me = STONE_NONE;
    ai_reset(&e->ai);
    answer("OK");
}

/* The cell (x, y) as a position, or -1 with an ERROR answered. */
static int cell(struct engine *e, int x, int y, const char *what)
{
    if (!e->started) {
        answer("ERROR %s before START: no board yet", what);
        return -1;
    }
    if (!board_inside(&e->board, x, y)) {
        answer("ERROR %s %d,%d is outside the %dx%d board", what, x, y,
               e->board.width, e->board.height);
        return -1;
    }
    return board_pos(&e->board, x, y);
}

static void info(struct engine *e, const struct proto_cmd *cmd)
{
    if (strcmp(cmd->key, "timeout_turn") == 0) {
        e->times.timeout_turn = cmd->a;
    } else if (strcmp(cmd->key, "timeout_match") == 0) {
        e->times.timeout_match = cmd->a;
    } else if (strcmp(cmd->key, "time_left") == 0) {
        e->times.time_left = cmd->a;
    } else if (strcmp(cmd->key, "max_memory") == 0) {
        size_t m = (size_t)cmd->a;
        size_t tables = m == 0 ? 0 : m > 2 * MEMORY_RESERVE ? m - MEMORY_RESERVE : m / 2;
        if (tables != e->ai_opts.memory) {
            e->ai_opts.memory = tables;
            make_ai(e);
        }
    } else if (strcmp(cmd->key, "rule") == 0) {
        e->rule = cmd->a & INFO_RULE_EXACT ? RULE_EXACT : RULE_FREESTYLE;
        e->board.rule = e->rule;
        if (cmd->a & INFO_RULE_RENJU)
            answer("MESSAGE renju is not supported: playing %s",
                   e->rule == RULE_EXACT ? "exactly five" : "freestyle");
        else if (cmd->a & ~(INFO_RULE_EXACT | INFO_RULE_CONTINUOUS | INFO_RULE_RENJU))
            answer("MESSAGE rule %d is not supported: playing %s", cmd->a,
                   e->rule == RULE_EXACT ? "exactly five" : "freestyle");
    }
    /* game_type, folder, evaluate and unknown keys: nothing to do. */
}

static void block_begin(struct engine *e, enum block kind)
{
    e->block = kind;
    e->block_error = NULL;
    e->n_own = e->n_opp = 0;
    memset(e->seen, 0, sizeof e->seen);
    if (kind == BLOCK_BOARD && !e->started)
        e->block_error = "BOARD before START: no board yet";
}

static void block_field(struct engine *e, const struct proto_cmd *cmd)
{
    if (e->block_error != NULL || e->block == BLOCK_SWAP2)
        return;
    if (!board_inside(&e->board, cmd->a, cmd->b)) {
        e->block_error = "a stone outside the board";
        return;
    }
    int pos = board_pos(&e->board, cmd->a, cmd->b);
    if (e->seen[pos]) {
        e->block_error = "two stones on one cell";
        return;
    }
    e->seen[pos] = 1;
    /* Field 3 (a stone of a finished line in a continuous game) counts as
     * the opponent's: nobody may play there and it must not help us. */
    if (cmd->c == 1)
        e->own[e->n_own++] = pos;
    else
        e->opp[e->n_opp++] = pos;
}

static void block_done(struct engine *e)
{
    enum block kind = e->block;
    e->block = BLOCK_NONE;
    if (kind == BLOCK_SWAP2) {
        answer("UNKNOWN SWAP2BOARD is not supported");
        return;
    }
    if (e->block_error != NULL) {
        answer("ERROR %s", e->block_error);
        return;
    }
    /* Black moved first: with as many stones as the opponent we are Black. */
    e->me = e->n_opp > e->n_own ? STONE_WHITE : STONE_BLACK;
    board_clear(&e->board);
    for (int i = 0; i < e->n_own; i++)
        board_place(&e->board, e->own[i], e->me);
    for (int i = 0; i < e->n_opp; i++)
        board_place(&e->board, e->opp[i], stone_other(e->me));
    play_own_move(e);
}

static void turn(struct engine *e, const struct proto_cmd *cmd)
{
    int pos = cell(e, cmd->a, cmd->b, "TURN");
    if (pos < 0)
        return;
    if (board_at(&e->board, pos) != STONE_NONE) {
        answer("ERROR TURN %d,%d: the cell is occupied", cmd->a, cmd->b);
        return;
    }
    if (e->me == STONE_NONE)
        e->me = e->board.stones % 2 == 0 ? STONE_WHITE : STONE_BLACK;
    board_place(&e->board, pos, stone_other(e->me));
    play_own_move(e);
}

/* PLAY x,y: the manager makes our move for us (after a SUGGEST). */
static void play(struct engine *e, const struct proto_cmd *cmd)
{
    int pos = cell(e, cmd->a, cmd->b, "PLAY");
    if (pos < 0)
        return;
    if (board_at(&e->board, pos) != STONE_NONE) {
        answer("ERROR PLAY %d,%d: the cell is occupied", cmd->a, cmd->b);
        return;
    }
    if (e->me == STONE_NONE)
        e->me = e->board.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    board_place(&e->board, pos, e->me);
    say_move(e, pos);
}

static void takeback(struct engine *e, const struct proto_cmd *cmd)
{
    int pos = cell(e, cmd->a, cmd->b, "TAKEBACK");
    if (pos < 0)
        return;
    if (board_at(&e->board, pos) == STONE_NONE) {
        answer("ERROR TAKEBACK %d,%d: the cell is empty", cmd->a, cmd->b);
        return;
    }
    board_remove(&e->board, pos);
    answer("OK");
}

/* Handles one input line; false when the engine should stop. */
static bool handle(struct engine *e, const char *line, size_t len, bool cut)
{
    if (cut) {
        answer("ERROR line too long (more than %d bytes)", PROTO_LINE_MAX);
        return true;
    }
    struct proto_cmd cmd;
    proto_parse(line, len, &cmd);

    if (e->block != BLOCK_NONE) {
        switch (cmd.kind) {
        case PROTO_EMPTY:
            return true;
        case PROTO_FIELD:
            block_field(e, &cmd);
            return true;
        case PROTO_COORDS: /* swap2 blocks list bare x,y */
            if (e->block == BLOCK_SWAP2)
                return true;
            break;
        case PROTO_DONE:
            block_done(e);
            return true;
        case PROTO_END:
            return false;
        default:
            break;
        }
        if (e->block_error == NULL)
            e->block_error = cmd.kind == PROTO_MALFORMED
                           ? cmd.error : "expected x,y,field or DONE inside BOARD";
        return true;
    }

    switch (cmd.kind) {
    case PROTO_EMPTY:
        break;
    case PROTO_MALFORMED:
        answer("ERROR %s: '%s'", cmd.error, quote(line, len));
        break;
    case PROTO_START:
        start(e, cmd.a, cmd.a);
        break;
    case PROTO_RECTSTART:
        start(e, cmd.a, cmd.b);
        break;
    case PROTO_BEGIN:
        if (!e->started)
            answer("ERROR BEGIN before START: no board yet");
        else
            play_own_move(e);
        break;
    case PROTO_TURN:
        turn(e, &cmd);
        break;
    case PROTO_BOARD:
        block_begin(e, BLOCK_BOARD);
        break;
    case PROTO_SWAP2BOARD:
        block_begin(e, BLOCK_SWAP2);
        break;
    case PROTO_FIELD:
    case PROTO_DONE:
        answer("ERROR '%s' outside a BOARD block", quote(line, len));
        break;
    case PROTO_INFO:
        info(e, &cmd);
        break;
    case PROTO_TAKEBACK:
        takeback(e, &cmd);
        break;
    case PROTO_PLAY:
        play(e, &cmd);
        break;
    case PROTO_RESTART:
        if (!e->started) {
            answer("ERROR RESTART before START: no board yet");
            break;
        }
        board_clear(&e->board);
        e->me = STONE_NONE;
        ai_reset(&e->ai);
        answer("OK");
        break;
    case PROTO_ABOUT:
        answer("name=\"mnk\", version=\"%s\", author=\"the mnk authors\", "
               "country=\"unknown\"", MNK_VERSION);
        break;
    case PROTO_END:
        return false;
    default: /* unrecognised, or a brain's answer sent to us */
        answer("UNKNOWN '%s' is not a command", quote(line, len));
        break;
    }
    return true;
}

static const char *best_strategy(void)
{
    static const char *const preferred[] = { "search", "threat", "random" };
    for (size_t i = 0; i < sizeof preferred / sizeof preferred[0]; i++)
        if (ai_strategy_find(preferred[i]) != NULL)
            return preferred[i];
    return ai_strategies[0]->name;
}

/* Who plays: --ai or --level, whichever comes last. */
struct engine_brain {
    const char *ai;            /* NULL: the best strategy */
    const struct level *level; /* NULL: none */
};

struct engine_flags {
    struct engine_brain brain;
    long win, memory_mb, time_ms, nodes, depth;
    enum rule rule;
    uint64_t seed;
    bool seeded;
};

static bool parse_ai(const char *text, void *field, char *why)
{
    struct engine_brain *b = field;
    const struct ai_strategy *s = ai_strategy_find(text);
    if (s == NULL) {
        char names[256];
        ai_strategy_names(names, sizeof names);
        snprintf(why, ARGS_WHY_MAX, "expected one of: %s; got '%.64s'", names, text);
        return false;
    }
    b->ai = s->name;
    b->level = NULL;
    return true;
}

static bool parse_level(const char *text, void *field, char *why)
{
    struct engine_brain *b = field;
    const struct level *l = level_find(text);
    if (l == NULL) {
        char names[512];
        level_names(names, sizeof names);
        snprintf(why, ARGS_WHY_MAX, "expected one of: %s; got '%.64s'", names, text);
        return false;
    }
    b->level = l;
    return true;
}

static const struct engine_flags engine_defaults = {
    .win = 5, .rule = RULE_FREESTYLE,
};

static const struct args_option engine_options[] = {
    { .name = "ai", .kind = ARGS_CUSTOM, .parse = parse_ai, .metavar = "NAME",
      .offset = offsetof(struct engine_flags, brain),
      .help = "the strategy (default: the strongest built in; listed below)" },
    { .name = "level", .kind = ARGS_CUSTOM, .parse = parse_level, .metavar = "NAME",
      .offset = offsetof(struct engine_flags, brain),
      .help = "a level of the ladder instead (see 'mnk levels'): its strategy, weakness "
              "and nodes a move; the later of --ai and --level counts" },
    { .name = "win", .kind = ARGS_INT, .min = BOARD_MIN_WIN, .max = BOARD_MAX_SIDE,
      .metavar = "K", .offset = offsetof(struct engine_flags, win), .show_default = true,
      .help = "stones in a row that win" },
    { .name = "rule", .kind = ARGS_RULE, .offset = offsetof(struct engine_flags, rule),
      .show_default = true, .help = "freestyle or exact, until INFO rule says" },
    { .name = "memory", .kind = ARGS_INT, .min = 1, .max = 65536, .metavar = "MB",
      .offset = offsetof(struct engine_flags, memory_mb),
      .help = "table memory in MiB, until INFO max_memory says" },
    { .name = "time-ms", .kind = ARGS_INT, .min = 1, .max = 3600000, .metavar = "MS",
      .offset = offsetof(struct engine_flags, time_ms),
      .help = "think at most this long per move; by default the manager's limits, or 5000 "
              "without any" },
    { .name = "nodes", .kind = ARGS_INT, .min = 1, .max = 2000000000,
      .offset = offsetof(struct engine_flags, nodes),
      .help = "search at most N nodes a move; the clock still caps it" },
    { .name = "depth", .kind = ARGS_INT, .min = 1, .max = 200, .metavar = "D",
      .offset = offsetof(struct engine_flags, depth),
      .help = "search at most D plies a move" },
    { .name = "seed", .kind = ARGS_U64, .metavar = "S",
      .offset = offsetof(struct engine_flags, seed),
      .seen = ARGS_SEEN(struct engine_flags, seeded),
      .help = "seed for choices among equal moves (default: from the clock)" },
};

static void engine_epilogue(FILE *out)
{
    args_list_players(out, false);
}

static const struct args_command engine_command = {
    .name = "engine",
    .about = "Plays as a Gomocup engine (Piskvork protocol 2) on standard input and output, "
             "for Piskvork, other managers and 'mnk match engine:...'.",
    .options = engine_options,
    .n_options = sizeof engine_options / sizeof engine_options[0],
    .defaults = &engine_defaults,
    .max_operands = 0,
    .epilogue = engine_epilogue,
};

int cmd_engine(int argc, char **argv)
{
    struct engine_flags f = engine_defaults;
    struct args_operands ops;
    int status;
    if (!args_parse(&engine_command, argc, argv, &f, &ops, &status))
        return status;
    static struct engine e; /* large (board blocks); one per process */
    memset(&e, 0, sizeof e);
    e.win = (int)f.win;
    e.rule = f.rule;
    e.ai_name = f.brain.ai != NULL ? f.brain.ai : best_strategy();
    e.ai_opts.seed = f.seeded ? f.seed : (uint64_t)clock_us() ^ ((uint64_t)getpid() << 32);
    e.ai_opts.memory = (size_t)f.memory_mb << 20;
    e.time_cap_ms = (int)f.time_ms;
    e.max_depth = (int)f.depth;
    proto_times_init(&e.times);
    const struct level *level = f.brain.level;
    uint64_t nodes = (uint64_t)f.nodes;

    if (level != NULL) {
        /* One resolution of the level: strategy, weakness, budget. */
        size_t memory = e.ai_opts.memory;
        e.ai_opts = level_options(level, e.ai_opts.seed);
        e.ai_opts.memory = memory;
        e.ai_name = level->strategy;
        struct ai_limits l = level_limits(level);
        e.max_nodes = l.max_nodes;
        if (e.max_depth == 0)
            e.max_depth = l.max_depth;
        if (l.time_ms > 0 && e.time_cap_ms == 0)
            e.time_cap_ms = l.time_ms;
    }
    if (nodes > 0)
        e.max_nodes = nodes;
    if (!ai_create(&e.ai, e.ai_name, &e.ai_opts)) {
        args_error("engine", "cannot create the %s player (out of memory?)", e.ai_name);
        return 1;
    }

    static struct linebuf in;
    linebuf_init(&in);
    status = 0;
    for (bool running = true; running;) {
        const char *line;
        size_t len;
        bool cut;
        while (running && linebuf_next(&in, &line, &len, &cut))
            running = handle(&e, line, len, cut);
        if (!running || linebuf_eof(&in))
            break;
        if (linebuf_fill(&in, STDIN_FILENO) < 0) {
            perror("mnk engine: reading standard input");
            status = 1;
            break;
        }
    }
    ai_destroy(&e.ai);
    return status;
}
