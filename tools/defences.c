/* defences.c — the defence suite: positions of the search's lost games
 * where it played a move that lost to a win by threats while another move
 * held, and the nodes the search needs to find a move that holds.
 *
 *   defences --make [--player NAME] [--last N] [--verbose] SUITE GAME...
 *   defences [--max-nodes N] SUITE
 *
 * Built on request: ninja -C build tools/defences.
 *
 * A move "loses to threats" when after it the other side wins by a chain
 * of fours and open threes (engine/tss.h's VCT) within DEPTH attacking
 * moves, proved; it "holds" when, within the same depth and JUDGE_NODES,
 * the threat-space search finds no such win (refuted in full: a claim
 * about wins by threats, not about every quiet plan) or the move itself
 * wins. A four that holds so holds only for a move: the other side blocks
 * it, and the question is asked again of the player's next move (making
 * the suite: whether any move of the player's then holds, through
 * FOLLOW_FOURS fours in a row; measuring: the search's next move).
 *
 * --make reads each game record (SGF or PSQ, storage/record.h: what
 * `mnk match --save` writes), keeps those the player NAME (default
 * "search", as the record names it) lost, and walks back over NAME's last
 * N moves (default 12) from the end: the first position (the one nearest
 * the end) where NAME's move lost to threats and another move held is
 * the game's entry. Entries are appended to SUITE (made when
 * missing); a game whose position is there already adds nothing. The
 * summary also counts the lost games where the first of NAME's moves shown
 * to lose to threats (walking back) left no move that held: lost before
 * the threats showed, to a quiet move that made them unstoppable, a loss
 * the suite does not hold (--verbose says each position's verdict). SUITE
 * is text, one entry a line, '|' between its fields:
 *     15x15 5 freestyle | h8 i9 h9 ... | e5 | game-4.sgf move 34, f6 holds
 * the board (size, win length, rule), the moves from the empty board in
 * order (Black first; the side to move is the one after the last), the
 * move that lost, and where it came from. '#' starts a comment line.
 *
 * Without --make, each entry goes to the strongest strategy (search, one
 * thread, 16 MB of tables emptied before every move) at budgets of nodes
 * doubling from 16,000 to --max-nodes (default 2,048,000); an entry is
 * found from the least budget at which it and every larger budget play a
 * move that holds. A line per entry (its line in SUITE, each budget's
 * verdict: '+' holds, '.' loses to threats or is the move that lost, '?'
 * the judge ran out of nodes) and a summary: how many are found within each budget, and the
 * score, the sum over the entries of the doublings past the first budget
 * they need (one more than the last for an entry not found): lower is
 * better. Budgets of nodes, not time: the same binary gives the same
 * figures on any machine, loaded or not, so figures before and after a
 * change to the search compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pattern.h"
#include "engine/position.h"
#include "engine/tss.h"
#include "mnk/ai.h"
#include "mnk/game.h"
#include "mnk/notation.h"
#include "mnk/rule.h"
#include "mnk/rules.h"
#include "storage/record.h"

#define DEPTH 8                    /* attacking moves of a win by threats */
#define LOSS_NODES 400000          /* to prove the move played lost */
#define JUDGE_NODES 400000         /* to refute a win after a move that holds */
#define FIRST_BUDGET 16000
#define MAX_BUDGETS 16
#define MAX_FOURS 8                /* fours in a row the search may play first */
#define FOLLOW_FOURS 2             /* and that a move's verdict follows, making the suite */
#define SEARCH_MEMORY ((size_t)16 << 20)
#define TSS_MEMORY ((size_t)16 << 20)
#define LINE_MAX_BYTES 8192

struct options {
    bool make, verbose;
    const char *player;
    int last;
    unsigned long long max_nodes;
    const char *suite;
    char **games;
    int n_games;
};

/* The threat-space search and its position, for the rule of the board. */
struct judge {
    struct pattern_table pt;
    struct tss tss;
    struct position pos;
};

enum verdict { LOSES, HOLDS, FOUR, UNKNOWN };

static int usage(void)
{
    fprintf(stderr, "usage: defences --make [--player NAME] [--last N] [--verbose] SUITE GAME...\n"
                    "       defences [--max-nodes N] SUITE\n");
    return 2;
}

/* Whether `move`, played by `me` on b, loses to threats or holds, within
 * `nodes`; FOUR when it holds only for now, as a four the other side must
 * block (at *block): whether the player holds is then the next move's
 * question. */
static enum verdict judge_move(struct judge *j, const struct board *b, enum stone me, int move,
                               uint64_t nodes, int *block)
{
    enum stone other = stone_other(me);
    struct board after = *b;
    board_place(&after, move, me);
    if (rules_is_win(&after, move, NULL))
        return HOLDS;
    if (!pattern_prepare(&j->pt, b->win, b->rule))
        return UNKNOWN;
    position_init(&j->pos, &j->pt, &after);
    tss_clear(&j->tss);
    tss_start(&j->tss, NULL, !pattern_tabulated(&j->pt), 0);
    /* The shortest win first: deepening finds a short win that a search
     * to the full depth may not reach within the nodes; when it runs out
     * of them, the full depth at once, on nodes of its own. */
    int reply;
    if (tss_solve_shortest(&j->tss, &j->pos, other, true, DEPTH, nodes, &reply))
        return LOSES;
    if (tss_aborted(&j->tss)) {
        tss_clear(&j->tss);
        if (tss_solve(&j->tss, &j->pos, other, true, DEPTH, nodes, &reply))
            return LOSES;
    }
    if (tss_aborted(&j->tss))
        return UNKNOWN;
    return position_fives(&j->pos, position_side(me), block) == 1 ? FOUR : HOLDS;
}

static enum verdict best_reply(struct judge *j, const struct board *b, enum stone me,
                               int played, int fours, int *hold);

/* judge_move's verdict on `move`, a four followed through: the block,
 * then whether the player has a move that holds (best_reply), for up to
 * `fours` fours in a row (UNKNOWN past them). */
static enum verdict judge_line(struct judge *j, const struct board *b, enum stone me, int move,
                               uint64_t nodes, int fours)
{
    int block, hold;
    enum verdict v = judge_move(j, b, me, move, nodes, &block);
    if (v != FOUR)
        return v;
    if (fours == 0)
        return UNKNOWN;
    struct board next = *b;
    board_place(&next, move, me);
    board_place(&next, block, stone_other(me));
    return best_reply(j, &next, me, -1, fours - 1, &hold);
}

/* Whether me has a move other than `played` that holds on b (*hold, as
 * judge_line says it): HOLDS, LOSES when every one tried loses, UNKNOWN
 * when none holds and some could not be judged. The moves tried are the
 * empty cells next to the stones (within two), those where the other
 * side's shapes are strongest first. */
static enum verdict best_reply(struct judge *j, const struct board *b, enum stone me,
                               int played, int fours, int *hold)
{
    int cand[BOARD_MAX_CELLS], weight[BOARD_MAX_CELLS];
    if (!pattern_prepare(&j->pt, b->win, b->rule))
        return UNKNOWN;
    position_init(&j->pos, &j->pt, b);
    struct cellset near;
    position_candidates(&j->pos, &near);
    struct cellset_iter it;
    cellset_iter_init(&it, &near, j->pos.words);
    int other = position_side(stone_other(me)), n = 0;
    for (int q; (q = cellset_next(&it)) >= 0;) {
        if (q == played || !rules_legal(b, me, q))
            continue;
        /* Insertion by weight, strongest first. */
        int w = position_weight(&j->pos, other, q), i = n++;
        for (; i > 0 && weight[i - 1] < w; i--) {
            cand[i] = cand[i - 1];
            weight[i] = weight[i - 1];
        }
        cand[i] = q;
        weight[i] = w;
    }
    bool unknown = false;
    for (int i = 0; i < n; i++) {
        enum verdict v = judge_line(j, b, me, cand[i], JUDGE_NODES, fours);
        if (v == HOLDS) {
            *hold = cand[i];
            return HOLDS;
        }
        unknown |= v == UNKNOWN;
    }
    return unknown ? UNKNOWN : LOSES;
}

/* The player called `name` in g: its stone, or STONE_NONE when it is
 * neither or both of the game's players. */
static enum stone seat_of(const struct game *g, const char *name)
{
    char a[GAME_PLAYER_SPEC_MAX + 8], b[GAME_PLAYER_SPEC_MAX + 8];
    bool first = strcmp(record_player_name(&g->config.player[0], a, sizeof a), name) == 0;
    bool second = strcmp(record_player_name(&g->config.player[1], b, sizeof b), name) == 0;
    if (first == second)
        return STONE_NONE;
    enum stone s = first ? STONE_BLACK : STONE_WHITE;
    return g->swapped ? stone_other(s) : s;
}

/* An entry's first three fields: the board, the moves before `ply`, the
 * move played there (room for LINE_MAX_BYTES). */
static void entry_text(const struct game *g, int ply, char *buf)
{
    const struct board *b = &g->board;
    char cell[NOTATION_MAX];
    int n = snprintf(buf, LINE_MAX_BYTES, "%dx%d %d %s |", b->width, b->height, b->win,
                     rule_name(b->rule));
    for (int i = 0; i < ply; i++)
        n += snprintf(buf + n, LINE_MAX_BYTES - (size_t)n, " %s",
                      notation_format(b, g->moves[i], cell));
    snprintf(buf + n, LINE_MAX_BYTES - (size_t)n, " | %s", notation_format(b, g->moves[ply], cell));
}

/* The entries of the suite, by their first three fields. */
struct known {
    char **text;
    int n, cap;
};

static bool known_has(const struct known *k, const char *text)
{
    for (int i = 0; i < k->n; i++)
        if (strcmp(k->text[i], text) == 0)
            return true;
    return false;
}

static bool known_add(struct known *k, const char *text)
{
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 64;
        char **t = realloc(k->text, (size_t)cap * sizeof *t);
        if (t == NULL)
            return false;
        k->text = t;
        k->cap = cap;
    }
    if ((k->text[k->n] = strdup(text)) == NULL)
        return false;
    k->n++;
    return true;
}

/* What a game record gave. */
enum mined {
    UNREAD,       /* not a record */
    NOT_LOST,     /* the player did not play it, or did not lose it */
    ADDED,        /* an entry, added */
    KNOWN,        /* an entry already in the suite */
    LOST_BEFORE,  /* the first of the player's moves shown to lose to threats
                     left it no move that held: it was lost before the
                     threats showed */
    NOT_SHOWN,    /* none of its last moves is shown to lose to threats */
    MINED
};

/* The suite's entry from one game record, appended to out. */
static enum mined mine(struct judge *j, const struct options *o, const char *path,
                       struct known *k, FILE *out)
{
    static struct game g, room;
    static char text[LINE_MAX_BYTES];
    char err[512];
    if (!record_load(path, &g, err, sizeof err)) {
        fprintf(stderr, "defences: %s\n", err);
        return UNREAD;
    }
    enum stone seat = seat_of(&g, o->player);
    enum outcome lost = seat == STONE_BLACK ? OUTCOME_WHITE_WINS : OUTCOME_BLACK_WINS;
    if (seat == STONE_NONE || g.result.outcome != lost || g.setup.n > 0 || g.choices > 0)
        return NOT_LOST;
    int seen = 0;
    bool lost_here = false;   /* a later move of the player's lost with no move that held */
    for (int ply = g.ply - 1; ply >= 0 && seen < o->last; ply--) {
        room = g;
        while (room.ply > ply)
            game_undo(&room);
        if (game_to_move(&room) != seat)
            continue;
        seen++;
        const struct board *b = &room.board;
        int hold = -1;
        enum verdict v = judge_line(j, b, seat, g.moves[ply], LOSS_NODES, FOLLOW_FOURS);
        if (v == LOSES && best_reply(j, b, seat, g.moves[ply], FOLLOW_FOURS, &hold) != HOLDS)
            hold = -1;
        if (o->verbose)
            fprintf(stderr, "  %s move %d: %s\n", path, ply + 1,
                    v != LOSES ? "not shown to lose to threats"
                    : hold < 0 ? "lost, no move held" : "lost, another move held");
        if (v != LOSES)
            return lost_here ? LOST_BEFORE : NOT_SHOWN;
        if (hold < 0) {
            lost_here = true;
            continue;
        }
        entry_text(&g, ply, text);
        if (known_has(k, text))
            return KNOWN;
        const char *base = strrchr(path, '/');
        char played[NOTATION_MAX], holds[NOTATION_MAX];
        fprintf(out, "%s | %.80s move %d, %s holds\n", text, base ? base + 1 : path, ply + 1,
                notation_format(b, hold, holds));
        fprintf(stderr, "defences: %s move %d: %s played %s, %s holds\n",
                base ? base + 1 : path, ply + 1, o->player,
                notation_format(b, g.moves[ply], played), holds);
        if (!known_add(k, text))   /* only a later duplicate is risked */
            fprintf(stderr, "defences: out of memory\n");
        return ADDED;
    }
    return lost_here ? LOST_BEFORE : NOT_SHOWN;
}

/* The suite's entries so far into k; false when it cannot be read (a
 * suite not there yet has none). */
static bool read_known(const char *path, struct known *k)
{
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return true;
    static char line[LINE_MAX_BYTES];
    bool ok = true;
    while (ok && fgets(line, sizeof line, in) != NULL) {
        char *bar = strchr(line, '|');
        bar = bar != NULL ? strchr(bar + 1, '|') : NULL;
        bar = bar != NULL ? strchr(bar + 1, '|') : NULL;
        if (line[0] == '#' || bar == NULL)
            continue;
        /* As entry_text writes them: the third field's move, without the
         * space before the bar that follows. */
        while (bar > line && bar[-1] == ' ')
            bar--;
        *bar = '\0';
        ok = known_add(k, line);
    }
    fclose(in);
    return ok;
}

static int make(struct judge *j, const struct options *o)
{
    struct known k = { 0 };
    FILE *out = read_known(o->suite, &k) ? fopen(o->suite, "a") : NULL;
    if (out == NULL) {
        fprintf(stderr, "defences: cannot write %s\n", o->suite);
        return 1;
    }
    int count[MINED] = { 0 };
    for (int i = 0; i < o->n_games; i++) {
        count[mine(j, o, o->games[i], &k, out)]++;
        fflush(out);
    }
    bool written = fclose(out) == 0;
    if (!written)
        fprintf(stderr, "defences: cannot write %s\n", o->suite);
    int lost = o->n_games - count[UNREAD] - count[NOT_LOST];
    fprintf(stderr, "defences: %d games (%d unread), %d lost by %s: %d entries added to %s "
                    "(%d there already); %d lost before the threats showed, %d with no move "
                    "shown to lose to threats\n",
            o->n_games, count[UNREAD], lost, o->player, count[ADDED], o->suite, count[KNOWN],
            count[LOST_BEFORE], count[NOT_SHOWN]);
    for (int i = 0; i < k.n; i++)
        free(k.text[i]);
    free(k.text);
    return written && count[UNREAD] == 0 ? 0 : 1;
}

/* Splits an entry's line into its fields (cut in place); false when it
 * has not four. */
static bool fields(char *line, char *field[4])
{
    for (int i = 0; i < 4; i++) {
        field[i] = line;
        char *bar = strchr(line, '|');
        if (i < 3) {
            if (bar == NULL)
                return false;
            *bar = '\0';
            line = bar + 1;
        }
    }
    return true;
}

/* The game of an entry's first three fields, and the move that lost; NULL
 * on success, else what is wrong. */
static const char *read_entry(char *line, struct game *g, int *played)
{
    char *field[4], rule_word[32];
    int w, h, k, used = 0;
    if (!fields(line, field))
        return "not four fields";
    struct game_config c;
    game_config_default(&c);
    if (sscanf(field[0], " %dx%d %d %31s", &w, &h, &k, rule_word) != 4 ||
        !rule_parse(rule_word, &c.rule))
        return "no board";
    c.width = w;
    c.height = h;
    c.win = k;
    c.early_draw = false;
    if (game_init(g, &c) != NULL)
        return "no board";
    char cell[16];
    for (const char *s = field[1]; sscanf(s, " %15s%n", cell, &used) == 1; s += used) {
        int q;
        if (!notation_parse(&g->board, cell, &q) || game_play(g, q) != GAME_OK)
            return "a move that cannot be played";
    }
    if (sscanf(field[2], " %15s", cell) != 1 || !notation_parse(&g->board, cell, played) ||
        !rules_legal(&g->board, game_to_move(g), *played))
        return "no move that lost";
    return game_over(g) ? "the game is over" : NULL;
}

/* The verdict on the search's play from g's position, `played` being the
 * move that lost, at `budget` nodes a move: on its move, and while that
 * is a four, on its move after the block (MAX_FOURS of them at most). */
static enum verdict search_verdict(struct judge *j, struct ai *ai, const struct game *g,
                                   int played, uint64_t budget)
{
    static struct game line;
    line = *g;
    for (int fours = 0; fours <= MAX_FOURS; fours++) {
        ai_reset(ai);
        struct ai_limits limits = { .max_nodes = budget };
        enum stone me = game_to_move(&line);
        int m = ai_choose(ai, &line.board, me, &limits), block;
        if (m < 0 || (fours == 0 && m == played))
            return LOSES;
        enum verdict v = judge_move(j, &line.board, me, m, JUDGE_NODES, &block);
        if (v != FOUR)
            return v;
        if (game_play(&line, m) != GAME_OK || game_play(&line, block) != GAME_OK)
            return UNKNOWN;
    }
    return UNKNOWN;
}

static int measure(struct judge *j, const struct options *o)
{
    FILE *in = fopen(o->suite, "r");
    if (in == NULL) {
        fprintf(stderr, "defences: cannot read %s\n", o->suite);
        return 1;
    }
    int budgets = 0;
    unsigned long long budget[MAX_BUDGETS];
    for (unsigned long long b = FIRST_BUDGET; b <= o->max_nodes && budgets < MAX_BUDGETS; b *= 2)
        budget[budgets++] = b;
    struct ai ai;
    struct ai_options opts = { .seed = 1, .memory = SEARCH_MEMORY };
    if (!ai_create(&ai, "search", &opts)) {
        fprintf(stderr, "defences: out of memory\n");
        fclose(in);
        return 1;
    }
    static struct game g;
    static char line[LINE_MAX_BYTES];
    int found_within[MAX_BUDGETS] = { 0 }, score = 0, entries = 0, faults = 0, n_line = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        n_line++;
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        int played;
        const char *fault = read_entry(line, &g, &played);
        if (fault != NULL) {
            fprintf(stderr, "defences: %s:%d: %s\n", o->suite, n_line, fault);
            faults++;
            continue;
        }
        entries++;
        char verdicts[MAX_BUDGETS + 1];
        int from = budgets;   /* the least budget from which on every one holds */
        for (int k = 0; k < budgets; k++) {
            enum verdict v = search_verdict(j, &ai, &g, played, budget[k]);
            verdicts[k] = v == HOLDS ? '+' : v == LOSES ? '.' : '?';
            if (v != HOLDS)
                from = budgets;
            else if (from == budgets)
                from = k;
        }
        verdicts[budgets] = '\0';
        score += from;
        for (int k = from; k < budgets; k++)
            found_within[k]++;
        if (from < budgets)
            printf("%4d %s  found from %llu nodes\n", n_line, verdicts, budget[from]);
        else
            printf("%4d %s  not found\n", n_line, verdicts);
    }
    fclose(in);
    printf("found within:");
    for (int k = 0; k < budgets; k++)
        printf(" %lluk %d%s", budget[k] / 1000, found_within[k], k + 1 < budgets ? "," : "");
    printf(" (of %d)\nscore: %d (lower is better)\n", entries, score);
    ai_destroy(&ai);
    return faults == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    struct options o = { .player = "search", .last = 12, .max_nodes = 2048000 };
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(f, "--make") == 0) {
            o.make = true;
            continue;
        }
        if (strcmp(f, "--verbose") == 0) {
            o.verbose = true;
            continue;
        }
        if (v == NULL)
            return usage();
        i++;
        bool ok = true;
        if (strcmp(f, "--player") == 0)
            o.player = v;
        else if (strcmp(f, "--last") == 0)
            ok = sscanf(v, "%d", &o.last) == 1 && o.last >= 1;
        else if (strcmp(f, "--max-nodes") == 0)
            ok = sscanf(v, "%llu", &o.max_nodes) == 1 && o.max_nodes >= FIRST_BUDGET;
        else
            ok = false;
        if (!ok)
            return usage();
    }
    if (i >= argc || (o.make ? i + 1 >= argc : i + 1 != argc))
        return usage();
    o.suite = argv[i];
    o.games = argv + i + 1;
    o.n_games = argc - i - 1;
    static struct judge j;
    if (!tss_init(&j.tss, TSS_MEMORY)) {
        fprintf(stderr, "defences: out of memory\n");
        return 1;
    }
    int rc = o.make ? make(&j, &o) : measure(&j, &o);
    tss_free(&j.tss);
    pattern_free(&j.pt);
    return rc;
}
