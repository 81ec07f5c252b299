/* brain.c — the Gomocup engine's conversation; see brain.h. */
#include "protocol/brain.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "mnk/clock.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/opening.h"
#include "mnk/rules.h"
#include "protocol/proto.h"

#define MEMORY_RESERVE (16u << 20) /* max_memory kept back from the tables */
#define QUOTE_MAX 64               /* a line quoted in an answer, NUL included */

/* A multi-line block being read, until DONE. */
enum block { BLOCK_NONE, BLOCK_BOARD, BLOCK_SWAP2 };

struct brain {
    struct brain_config config;
    brain_say_fn *say;
    void *ctx;
    char out[BRAIN_ANSWER_MAX];

    struct board board;
    bool started;              /* START or RECTSTART accepted */
    bool due;                  /* a move waits for brain_think() */
    bool swap2;                /* ...an answer to SWAP2BOARD rather than a move */
    int64_t asked_ms;          /* when it was asked for (clock_ms) */
    enum stone me;             /* our colour; STONE_NONE until it shows */
    struct ai ai;
    size_t memory_asked;       /* config.ai_opts.memory at brain_new */
    int threads;               /* config.threads, or INFO thread_num's */
    struct proto_times times;

    enum block block;
    const char *block_error;   /* first fault in the block, answered at DONE */
    int own[BOARD_MAX_CELLS], n_own;
    int opp[BOARD_MAX_CELLS], n_opp;  /* a SWAP2BOARD block's stones, in order */
    int swap2_field[OPENING_PROPOSAL + OPENING_ADDED]; /* and their fields, 0: none */
    uint8_t seen[BOARD_MAX_CELLS]; /* cells named in the block */
};

__attribute__((format(printf, 2, 3)))
static void answer(struct brain *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->out, sizeof b->out, fmt, ap);
    va_end(ap);
    b->say(b->ctx, b->out);
}

/* A line quoted in an answer, into buf: printable ASCII only, cut short, so
 * junk on the input cannot become junk on the output. */
static const char *quote(const char *line, size_t len, char buf[QUOTE_MAX])
{
    size_t n = 0;
    for (size_t i = 0; i < len && n < QUOTE_MAX - 4; i++)
        buf[n++] = line[i] >= 0x20 && line[i] < 0x7f ? line[i] : '?';
    if (len > n) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

static void say_move(struct brain *b, int pos)
{
    answer(b, "%d,%d", board_x(&b->board, pos), board_y(&b->board, pos));
}

/* A move for us is asked for: BRAIN_THINK when brain_think() can make it,
 * else BRAIN_READY with an ERROR answered. */
static enum brain_step move_due(struct brain *b)
{
    if (b->me == STONE_NONE)
        b->me = b->board.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    if (board_full(&b->board)) {
        answer(b, "ERROR the board is full, there is no move to make");
        return BRAIN_READY;
    }
    /* The protocol has no pass: a move would be a foul, so say why none
     * comes (mnk's own games end here as a draw). */
    if (!rules_has_legal_move(&b->board, b->me)) {
        answer(b, "ERROR no legal move: every empty cell is forbidden to Black");
        return BRAIN_READY;
    }
    if (b->ai.strategy == NULL) {
        answer(b, "ERROR the %s player could not be created", b->config.ai_name);
        return BRAIN_READY;
    }
    b->due = true;
    b->swap2 = false;
    b->asked_ms = clock_ms();
    return BRAIN_THINK;
}

/* Re-creates the strategy with the current options; when its tables do not
 * fit, falls back to the strategy's default size. */
static void make_ai(struct brain *b)
{
    ai_destroy(&b->ai);
    if (ai_create(&b->ai, b->config.ai_name, &b->config.ai_opts))
        return;
    answer(b, "MESSAGE no room for %zu bytes of tables: using the default size",
           b->config.ai_opts.memory);
    b->config.ai_opts.memory = 0;
    ai_create(&b->ai, b->config.ai_name, &b->config.ai_opts);
}

static void start(struct brain *b, int width, int height)
{
    const char *why = board_check_size(width, height, b->config.win);
    if (why != NULL) {
        answer(b, "ERROR unsupported board %dx%d with %d in a row: %s", width, height,
               b->config.win, why);
        return;
    }
    board_init(&b->board, width, height, b->config.win, b->config.rule);
    b->started = true;
    b->me = STONE_NONE;
    ai_reset(&b->ai);
    /* START may take its time; the first move's is the search's. */
    ai_prepare(&b->ai, &b->board);
    answer(b, "OK");
}

/* The cell (x, y) as a position, or -1 with an ERROR answered. */
static int cell(struct brain *b, int x, int y, const char *what)
{
    if (!b->started) {
        answer(b, "ERROR %s before START: no board yet", what);
        return -1;
    }
    if (!board_inside(&b->board, x, y)) {
        answer(b, "ERROR %s %d,%d is outside the %dx%d board", what, x, y,
               b->board.width, b->board.height);
        return -1;
    }
    return board_pos(&b->board, x, y);
}

/* INFO rule: the new rule, or an ERROR and the old one kept. */
static void info_rule(struct brain *b, int bits)
{
    enum rule rule;
    const char *playing = rule_name(b->config.rule);
    if (!proto_rule_from_bits(bits, &rule)) {
        char values[128];
        size_t used = 0;
        for (int r = 0; r < RULE_COUNT && used < sizeof values; r++)
            used += (size_t)snprintf(values + used, sizeof values - used, "%s%d %s",
                                     r ? ", " : "", proto_rule_bits((enum rule)r),
                                     rule_name((enum rule)r));
        answer(b, "ERROR INFO rule %d names no rule mnk plays (%s): still playing %s", bits,
               values, playing);
        return;
    }
    const char *why = rule_check_win(rule, b->config.win);
    if (why != NULL) {
        answer(b, "ERROR INFO rule %d: %s, and this brain plays %d in a row (mnk engine --win): "
               "still playing %s", bits, why, b->config.win, playing);
        return;
    }
    b->config.rule = rule;
    b->board.rule = rule;
    if (b->started) /* the tables for the new rule, before the next move */
        ai_prepare(&b->ai, &b->board);
    /* The manager's rule is the game's: it is played, and the player that
     * cannot judge it (perfect under caro) is said to. */
    if (b->ai.strategy != NULL && !ai_strategy_plays(b->ai.strategy, rule)) {
        char rules[128];
        rule_list(rules, sizeof rules, b->ai.strategy->plays, ", ", " and ");
        answer(b, "MESSAGE %s does not play %s (only %s): its moves keep the rule but do not "
               "know what wins", b->ai.strategy->name, rule_name(rule), rules);
    }
    /* Exactly five beside a rule where Black's six win too (caro's 9):
     * the rule as mnk plays it, said. Beside renju's 4 it adds nothing. */
    if ((bits & PROTO_RULE_EXACT) && rules_overline_wins(rule, STONE_BLACK))
        answer(b, "MESSAGE %s with exactly five is not supported: playing %s, where six "
               "or more in a row win too", rule_name(rule), rule_name(rule));
}

static void info(struct brain *b, const struct proto_cmd *cmd)
{
    if (strcmp(cmd->key, "timeout_turn") == 0) {
        b->times.timeout_turn = cmd->a;
    } else if (strcmp(cmd->key, "timeout_match") == 0) {
        b->times.timeout_match = cmd->a;
    } else if (strcmp(cmd->key, "time_left") == 0) {
        b->times.time_left = cmd->a;
    } else if (strcmp(cmd->key, "max_memory") == 0) {
        /* 0 is no limit: the tables the configuration asked for. */
        size_t m = (size_t)cmd->a;
        size_t tables = m == 0 ? b->memory_asked
                        : m > 2 * MEMORY_RESERVE ? m - MEMORY_RESERVE : m / 2;
        if (tables != b->config.ai_opts.memory) {
            b->config.ai_opts.memory = tables;
            /* Piskvork sends this between START and the first move, and
             * waits for no answer: resized in place, the tables cost the
             * move nothing, and what START prepared stays. */
            if (!ai_resize(&b->ai, tables))
                make_ai(b);
        }
    } else if (strcmp(cmd->key, "rule") == 0) {
        info_rule(b, cmd->a);
    } else if (strcmp(cmd->key, "show_detail") == 0) {
        b->config.messages = cmd->a != 0;
    } else if (strcmp(cmd->key, "thread_num") == 0) {
        b->threads = cmd->a >= 1 ? cmd->a : b->config.threads;
    }
    /* game_type, folder, evaluate and unknown keys: nothing to do. */
}

static void block_begin(struct brain *b, enum block kind)
{
    b->block = kind;
    b->block_error = NULL;
    b->n_own = b->n_opp = 0;
    memset(b->seen, 0, sizeof b->seen);
    if (!b->started)
        b->block_error = kind == BLOCK_BOARD ? "BOARD before START: no board yet"
                                             : "SWAP2BOARD before START: no board yet";
}

/* The cell of a block's stone at x,y: −1, with the block's fault noted,
 * when it is off the board or named twice; else marked as named. */
static int block_cell(struct brain *b, const struct proto_cmd *cmd)
{
    if (!board_inside(&b->board, cmd->a, cmd->b)) {
        b->block_error = "a stone outside the board";
        return -1;
    }
    int pos = board_pos(&b->board, cmd->a, cmd->b);
    if (b->seen[pos]) {
        b->block_error = "two stones on one cell";
        return -1;
    }
    b->seen[pos] = 1;
    return pos;
}

/* A stone of a SWAP2BOARD block: bare x,y (Black's first, alternating),
 * or x,y,field as in BOARD (the first stone's field is Black's). */
static void swap2_stone(struct brain *b, const struct proto_cmd *cmd, int field)
{
    if (b->block_error != NULL)
        return;
    if (b->n_opp == OPENING_PROPOSAL + OPENING_ADDED) {
        b->block_error = "more than 5 stones in SWAP2BOARD";
        return;
    }
    if (field != 1 && field != 2 && field != 0) {
        b->block_error = "a field other than 1 or 2 in SWAP2BOARD";
        return;
    }
    int pos = block_cell(b, cmd);
    if (pos < 0)
        return;
    b->swap2_field[b->n_opp] = field;
    b->opp[b->n_opp++] = pos;
}

static void block_field(struct brain *b, const struct proto_cmd *cmd)
{
    if (b->block_error != NULL)
        return;
    if (b->block == BLOCK_SWAP2) {
        swap2_stone(b, cmd, cmd->c);
        return;
    }
    int pos = block_cell(b, cmd);
    if (pos < 0)
        return;
    /* Field 3 (a stone of a finished line in a continuous game) counts as
     * the opponent's: nobody may play there and it must not help us. Its
     * line is no win of this game (position_fault). */
    if (cmd->c == 3)
        b->seen[pos] = 3;
    if (cmd->c == 1)
        b->own[b->n_own++] = pos;
    else
        b->opp[b->n_opp++] = pos;
}

/* SWAP2BOARD's DONE: with 0 stones the three to propose are due, with 3 or
 * 5 our choice. */
static enum brain_step swap2_due(struct brain *b)
{
    int n = b->n_opp;
    if (n != 0 && n != OPENING_PROPOSAL && n != OPENING_PROPOSAL + OPENING_ADDED) {
        answer(b, "ERROR SWAP2BOARD holds %d stones: 0, 3 or 5 expected", n);
        return BRAIN_READY;
    }
    /* With fields, a stone is Black's when its field is the first stone's;
     * Black has as many stones as White, or one more. */
    int blacks = 0;
    for (int i = 0; i < n; i++) {
        if ((b->swap2_field[i] == 0) != (b->swap2_field[0] == 0)) {
            answer(b, "ERROR SWAP2BOARD mixes x,y and x,y,field lines");
            return BRAIN_READY;
        }
        blacks += b->swap2_field[0] == 0 ? i % 2 == 0 : b->swap2_field[i] == b->swap2_field[0];
    }
    if (blacks != (n + 1) / 2) {
        answer(b, "ERROR SWAP2BOARD holds %d Black stones and %d White: Black has as many "
                  "or one more", blacks, n - blacks);
        return BRAIN_READY;
    }
    board_clear(&b->board);
    for (int i = 0; i < n; i++) {
        bool black = b->swap2_field[0] == 0 ? i % 2 == 0 : b->swap2_field[i] == b->swap2_field[0];
        board_place(&b->board, b->opp[i], black ? STONE_BLACK : STONE_WHITE);
    }
    for (int i = 0; i < n; i++) {
        if (rules_is_win(&b->board, b->opp[i], NULL)) {
            answer(b, "ERROR SWAP2BOARD holds a winning line");
            return BRAIN_READY;
        }
    }
    if (board_cells(&b->board) - n < OPENING_PROPOSAL) {
        answer(b, "ERROR the board is too small for swap2");
        return BRAIN_READY;
    }
    /* Our colour shows only in our answer. */
    b->me = STONE_NONE;
    if (b->ai.strategy == NULL) {
        answer(b, "ERROR the %s player could not be created", b->config.ai_name);
        return BRAIN_READY;
    }
    b->due = true;
    b->swap2 = true;
    b->asked_ms = clock_ms();
    return BRAIN_THINK;
}

/* Answers ERROR and returns true when the position of a BOARD block, `p`,
 * cannot be played on.
 *
 * - A winning line (rules_is_win through any stone, so by the rule's own
 *   test: exact, renju and caro differ) means the game is over; a line
 *   through a field 3 stone is a continuous game's finished one, not that.
 * - Under renju, a Black overline: it was forbidden when its last stone
 *   was played, whatever the order, for a move that made five at the same
 *   time would have ended the game (and left a five, caught above), and
 *   no later stone undoes an overline. A double three or double four
 *   through a stone is not refused: later stones, White's included, change
 *   which rows are threes and fours (a White stone can make a three's
 *   straightening point an allowed move, and so make a three of what was
 *   none), so the final position cannot tell whether the move was
 *   forbidden when it was played, and BOARD does not say the order. */
static bool position_fault(struct brain *b, const struct board *p)
{
    for (int pos = 0; pos < board_cells(p); pos++) {
        if (board_at(p, pos) == STONE_NONE)
            continue;
        struct win_line line;
        if (rules_is_win(p, pos, &line)) {
            bool finished = false;
            for (int j = 0; j < line.len; j++)
                finished |= b->seen[line.cell[j]] == 3;
            if (!finished) {
                answer(b, "ERROR BOARD holds a winning line through %d,%d: the game is over",
                       board_x(p, pos), board_y(p, pos));
                return true;
            }
        }
        if (rule_info(p->rule)->forbidden && board_at(p, pos) == STONE_BLACK &&
            rules_longest_run(p, pos) > p->win) {
            answer(b, "ERROR BOARD holds a Black overline through %d,%d, which %s forbids "
                      "Black", board_x(p, pos), board_y(p, pos), rule_name(p->rule));
            return true;
        }
    }
    return false;
}

static enum brain_step block_done(struct brain *b)
{
    enum block kind = b->block;
    b->block = BLOCK_NONE;
    if (b->block_error != NULL) {
        answer(b, "ERROR %s", b->block_error);
        return BRAIN_READY;
    }
    if (kind == BLOCK_SWAP2)
        return swap2_due(b);
    /* Black moved first: with as many stones as the opponent we are Black. */
    enum stone me = b->n_opp > b->n_own ? STONE_WHITE : STONE_BLACK;
    struct board next = b->board;   /* taken only when it can be played on */
    board_clear(&next);
    for (int i = 0; i < b->n_own; i++)
        board_place(&next, b->own[i], me);
    for (int i = 0; i < b->n_opp; i++)
        board_place(&next, b->opp[i], stone_other(me));
    if (position_fault(b, &next))
        return BRAIN_READY;
    b->me = me;
    b->board = next;
    return move_due(b);
}

/* A line inside a BOARD or SWAP2BOARD block. */
static enum brain_step block_line(struct brain *b, const struct proto_cmd *cmd)
{
    switch (cmd->kind) {
    case PROTO_EMPTY:
        return BRAIN_READY;
    case PROTO_FIELD:
        block_field(b, cmd);
        return BRAIN_READY;
    case PROTO_COORDS: /* swap2 blocks list bare x,y */
        if (b->block == BLOCK_SWAP2) {
            swap2_stone(b, cmd, 0);
            return BRAIN_READY;
        }
        break;
    case PROTO_DONE:
        return block_done(b);
    case PROTO_END:
        return BRAIN_END;
    default:
        break;
    }
    if (b->block_error == NULL)
        b->block_error = cmd->kind == PROTO_MALFORMED ? cmd->error
                       : b->block == BLOCK_SWAP2 ? "expected x,y, x,y,field or DONE inside "
                                                   "SWAP2BOARD"
                                                 : "expected x,y,field or DONE inside BOARD";
    return BRAIN_READY;
}

static enum brain_step turn(struct brain *b, const struct proto_cmd *cmd)
{
    int pos = cell(b, cmd->a, cmd->b, "TURN");
    if (pos < 0)
        return BRAIN_READY;
    if (board_at(&b->board, pos) != STONE_NONE) {
        answer(b, "ERROR TURN %d,%d: the cell is occupied", cmd->a, cmd->b);
        return BRAIN_READY;
    }
    if (b->me == STONE_NONE)
        b->me = b->board.stones % 2 == 0 ? STONE_WHITE : STONE_BLACK;
    board_place(&b->board, pos, stone_other(b->me));
    return move_due(b);
}

/* PLAY x,y: the manager makes our move for us (after a SUGGEST). */
static void play(struct brain *b, const struct proto_cmd *cmd)
{
    int pos = cell(b, cmd->a, cmd->b, "PLAY");
    if (pos < 0)
        return;
    if (board_at(&b->board, pos) != STONE_NONE) {
        answer(b, "ERROR PLAY %d,%d: the cell is occupied", cmd->a, cmd->b);
        return;
    }
    if (b->me == STONE_NONE)
        b->me = b->board.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    /* Our move, even when the manager names it: never a foul of ours. */
    enum forbid f = b->me == STONE_BLACK ? rules_forbidden(&b->board, pos) : FORBID_NONE;
    if (f != FORBID_NONE) {
        answer(b, "ERROR PLAY %d,%d: forbidden to Black (%s)", cmd->a, cmd->b, forbid_text(f));
        return;
    }
    board_place(&b->board, pos, b->me);
    say_move(b, pos);
}

static void takeback(struct brain *b, const struct proto_cmd *cmd)
{
    int pos = cell(b, cmd->a, cmd->b, "TAKEBACK");
    if (pos < 0)
        return;
    if (board_at(&b->board, pos) == STONE_NONE) {
        answer(b, "ERROR TAKEBACK %d,%d: the cell is empty", cmd->a, cmd->b);
        return;
    }
    board_remove(&b->board, pos);
    answer(b, "OK");
}

static void restart(struct brain *b)
{
    if (!b->started) {
        answer(b, "ERROR RESTART before START: no board yet");
        return;
    }
    board_clear(&b->board);
    b->me = STONE_NONE;
    ai_reset(&b->ai);
    answer(b, "OK");
}

enum brain_step brain_line(struct brain *b, const char *line, size_t len, bool cut)
{
    b->due = false; /* a due move not thought about is forgotten */
    if (cut) {
        answer(b, "ERROR line too long (more than %d bytes)", PROTO_LINE_MAX);
        return BRAIN_READY;
    }
    struct proto_cmd cmd;
    proto_parse(line, len, &cmd);
    if (b->block != BLOCK_NONE)
        return block_line(b, &cmd);

    char quoted[QUOTE_MAX];
    switch (cmd.kind) {
    case PROTO_EMPTY:
        break;
    case PROTO_MALFORMED:
        answer(b, "ERROR %s: '%s'", cmd.error, quote(line, len, quoted));
        break;
    case PROTO_START:
        start(b, cmd.a, cmd.a);
        break;
    case PROTO_RECTSTART:
        start(b, cmd.a, cmd.b);
        break;
    case PROTO_BEGIN:
        if (b->started)
            return move_due(b);
        answer(b, "ERROR BEGIN before START: no board yet");
        break;
    case PROTO_TURN:
        return turn(b, &cmd);
    case PROTO_BOARD:
        block_begin(b, BLOCK_BOARD);
        break;
    case PROTO_SWAP2BOARD:
        block_begin(b, BLOCK_SWAP2);
        break;
    case PROTO_FIELD:
    case PROTO_DONE:
        answer(b, "ERROR '%s' outside a BOARD block", quote(line, len, quoted));
        break;
    case PROTO_INFO:
        info(b, &cmd);
        break;
    case PROTO_TAKEBACK:
        takeback(b, &cmd);
        break;
    case PROTO_PLAY:
        play(b, &cmd);
        break;
    case PROTO_RESTART:
        restart(b);
        break;
    case PROTO_ABOUT:
        answer(b, "name=\"mnk\", version=\"%s\", author=\"the mnk authors\", "
                  "country=\"unknown\"", MNK_VERSION);
        break;
    case PROTO_END:
        return BRAIN_END;
    default: /* unrecognised, or a brain's answer sent to us */
        answer(b, "UNKNOWN '%s' is not a command", quote(line, len, quoted));
        break;
    }
    return BRAIN_READY;
}

struct ai_limits brain_limits(const struct brain *b)
{
    int cap = b->config.time_cap_ms;
    int fallback = cap > 0 ? cap : BRAIN_DEFAULT_MS;
    int cells = board_cells(&b->board), stones = b->board.stones;
    struct time_control tc = proto_time_control(&b->times);
    struct time_budget tb = timeman_budget(&tc, cells, stones, fallback);
    int budget = tb.time_ms, most = tb.time_max_ms;
    if (cap > 0 && budget > cap)
        budget = cap;
    if (cap > 0 && most > cap)
        most = cap;
    /* Nodes and depth bound the search; the clock still caps it. */
    return (struct ai_limits){ .time_ms = budget, .time_max_ms = most,
                               .max_nodes = b->config.max_nodes,
                               .max_depth = b->config.max_depth,
                               .threads = b->config.one_thread ? 1 : b->threads };
}

/* True when every stone of the answer is an empty cell, none twice. */
static bool answer_fits(const struct board *board, const struct ai_opening *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->stone[i] < 0 || a->stone[i] >= board_cells(board) ||
            board_at(board, a->stone[i]) != STONE_NONE)
            return false;
        for (int j = 0; j < i; j++)
            if (a->stone[j] == a->stone[i])
                return false;
    }
    return true;
}

/* SWAP2BOARD's answer: the three stones; SWAP (we take Black); one move
 * (we take White and play it); two (White's and Black's, the other player
 * chooses). The board keeps the stones we named. */
static void think_swap2(struct brain *b, const struct ai_limits *limits)
{
    struct ai_opening a;
    int n = b->board.stones;
    bool ok = ai_opening(&b->ai, &b->board, n == OPENING_PROPOSAL, limits, &a);
    int want = n == 0 ? OPENING_PROPOSAL : n == OPENING_PROPOSAL ? OPENING_ADDED : 1;
    bool shaped = n == 0 ? !a.swap && a.n == want
                         : a.swap ? a.n == 0 : a.n >= 1 && a.n <= want;
    if (!ok || !shaped || !answer_fits(&b->board, &a)) {
        answer(b, "ERROR the %s player found no answer to SWAP2BOARD", b->config.ai_name);
        return;
    }
    if (a.swap) {
        b->me = STONE_BLACK;
        answer(b, "SWAP");
        return;
    }
    char text[BRAIN_ANSWER_MAX];
    size_t used = 0;
    for (int i = 0; i < a.n; i++) {
        board_place(&b->board, a.stone[i], b->board.stones % 2 == 0 ? STONE_BLACK : STONE_WHITE);
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%d,%d", i ? " " : "",
                                 board_x(&b->board, a.stone[i]), board_y(&b->board, a.stone[i]));
    }
    /* One move: we took White. Three or two: the other player chooses. */
    b->me = n > 0 && a.n == 1 ? STONE_WHITE : STONE_NONE;
    answer(b, "%s", text);
}

/* The search's progress as a MESSAGE line (brain.h). */
static void info_message(void *ctx, const struct ai_info *info)
{
    struct brain *b = ctx;
    char eval[32], pv[200] = "", cell[NOTATION_MAX];
    if (info->score >= AI_SCORE_WIN_BOUND)
        snprintf(eval, sizeof eval, "win in %d", AI_SCORE_WIN - info->score);
    else if (info->score <= -AI_SCORE_WIN_BOUND)
        snprintf(eval, sizeof eval, "loss in %d", AI_SCORE_WIN + info->score);
    else
        snprintf(eval, sizeof eval, "%+d", info->score);
    size_t used = 0;
    for (int i = 0; i < info->pv_len && i < (int)(sizeof info->pv / sizeof info->pv[0]); i++) {
        int pos = info->pv[i];
        if (pos < 0 || pos >= b->board.width * b->board.height)
            break;
        notation_format(&b->board, pos, cell);
        int n = snprintf(pv + used, sizeof pv - used, "%s%s", used > 0 ? " " : "", cell);
        if (n < 0 || (size_t)n >= sizeof pv - used) {
            pv[used] = '\0';   /* whole cells only */
            break;
        }
        used += (size_t)n;
    }
    int ms = info->elapsed_ms > 0 ? info->elapsed_ms : 0;
    unsigned long long knps = (unsigned long long)(info->nodes / (uint64_t)(ms > 0 ? ms : 1));
    answer(b, "MESSAGE depth %d | eval %s | nodes %llu | speed %llu knps | time %d ms | pv %s",
           info->depth, eval, (unsigned long long)info->nodes, knps, ms, pv);
}

void brain_think(struct brain *b, const atomic_bool *stop)
{
    if (!b->due)
        return;
    b->due = false;
    struct ai_limits limits = brain_limits(b);
    limits.stop = stop;
    limits.since_ms = b->asked_ms;
    if (b->config.messages) {
        limits.on_info = info_message;
        limits.ctx = b;
    }
    if (b->swap2) {
        b->swap2 = false;
        think_swap2(b, &limits);
        return;
    }
    int pos = ai_choose(&b->ai, &b->board, b->me, &limits);
    /* Never send a foul: an empty cell is not enough under renju. */
    if (!rules_legal(&b->board, b->me, pos)) {
        answer(b, "ERROR the %s player found no move", b->config.ai_name);
        return;
    }
    board_place(&b->board, pos, b->me);
    say_move(b, pos);
}

struct brain *brain_new(const struct brain_config *config, brain_say_fn *say, void *ctx)
{
    struct brain *b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    b->config = *config;
    b->memory_asked = config->ai_opts.memory;
    b->threads = config->threads;
    b->say = say;
    b->ctx = ctx;
    b->me = STONE_NONE;
    proto_times_init(&b->times);
    if (!ai_create(&b->ai, config->ai_name, &config->ai_opts)) {
        free(b);
        return NULL;
    }
    return b;
}

void brain_free(struct brain *b)
{
    if (b == NULL)
        return;
    ai_destroy(&b->ai);
    free(b);
}

size_t brain_memory(const struct brain *b)
{
    return b->config.ai_opts.memory;
}

size_t brain_table_bytes(const struct brain *b)
{
    return ai_table_bytes(&b->ai);
}

const struct board *brain_board(const struct brain *b)
{
    return &b->board;
}

enum stone brain_side(const struct brain *b)
{
    return b->me;
}

bool brain_is_end(const char *line, size_t len)
{
    struct proto_cmd cmd;
    proto_parse(line, len, &cmd);
    return cmd.kind == PROTO_END;
}
