/* test_engine_client.c — external engines (small shell scripts speaking the
 * protocol, well or badly) as players, and players_create(). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "boards.h"
#include "protocol/engine_client.h"
#include "play/players.h"

/* A well-behaved engine whose answers tell which command it was sent:
 * BEGIN -> 7,7 (after some chatter to skip, and followed by an unasked 9,9
 * that must not be taken for the next answer), TURN -> 1,1, BOARD..DONE ->
 * 2,2. */
static const char good_engine[] =
    "while read -r cmd rest; do case $cmd in "
    "START) echo OK;; "
    "BEGIN) echo 'MESSAGE thinking'; echo 'DEBUG x'; echo 'UNKNOWN y'; echo 'ERROR z';"
    "       printf '7,7\\r\\n9,9\\n';; "
    "TURN) echo 1,1;; "
    "DONE) echo 2,2;; "
    "END) exit 0;; "
    "esac; done";

static struct ai start_engine(const char *command, int time_ms)
{
    struct ai ai;
    char err[128];
    struct engine_client_options o = { .time_ms = time_ms, .quiet_stderr = true };
    assert_true(engine_client_create(&ai, command, &o, err, sizeof err));
    assert_ptr_equal(ai.strategy, &engine_client_strategy);
    assert_null(engine_client_failure(&ai));
    return ai;
}

/* Every child was reaped: no zombies, no stray engines. */
static void assert_no_children(void)
{
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static void test_conversation(void **state)
{
    (void)state;
    struct ai ai = start_engine(good_engine, 1000);
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_limits lim = { .time_ms = 1000 };

    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);     /* START, BEGIN */
    assert_int_equal(p, board_pos(&b, 7, 7));
    board_place(&b, p, STONE_BLACK);
    board_place(&b, board_pos(&b, 0, 0), STONE_WHITE);
    p = ai_choose(&ai, &b, STONE_BLACK, &lim);         /* TURN 0,0 */
    assert_int_equal(p, board_pos(&b, 1, 1));
    board_place(&b, p, STONE_BLACK);
    /* Two stones taken back: not one stone more, so the whole board. */
    board_remove(&b, p);
    board_remove(&b, board_pos(&b, 0, 0));
    board_place(&b, board_pos(&b, 3, 3), STONE_WHITE);
    board_place(&b, board_pos(&b, 4, 4), STONE_BLACK);
    board_place(&b, board_pos(&b, 5, 5), STONE_WHITE);
    p = ai_choose(&ai, &b, STONE_BLACK, &lim);         /* BOARD ... DONE */
    assert_int_equal(p, board_pos(&b, 2, 2));
    /* A new game after the old one: START again, then BEGIN. */
    board_clear(&b);
    p = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(p, board_pos(&b, 7, 7));
    assert_null(engine_client_failure(&ai));
    ai_destroy(&ai);
    assert_no_children();
}

/* A BOARD block alternates colours, Black's stone first, as a game could
 * have played them: engines replay it as a sequence of moves. The engine
 * answers 2,2 when the side fields came as 1 2 1 2 1 (Black to move holds
 * three stones, White two), 3,3 otherwise. */
static void test_board_order(void **state)
{
    (void)state;
    struct ai ai = start_engine("seq=; while read -r cmd rest; do case $cmd in "
                                "START) echo OK;; BOARD) seq=;; "
                                "DONE) if [ \"$seq\" = 12121 ]; then echo 2,2; else echo 3,3; fi;; "
                                "END) exit 0;; *,*) seq=$seq${cmd##*,};; esac; done",
                                5000);
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    /* In cell order both of White's stones come after all of Black's. */
    board_place(&b, board_pos(&b, 0, 0), STONE_BLACK);
    board_place(&b, board_pos(&b, 1, 0), STONE_BLACK);
    board_place(&b, board_pos(&b, 2, 0), STONE_BLACK);
    board_place(&b, board_pos(&b, 9, 9), STONE_WHITE);
    board_place(&b, board_pos(&b, 10, 10), STONE_WHITE);
    struct ai_limits lim = { .time_ms = 5000 };
    assert_int_equal(ai_choose(&ai, &b, STONE_WHITE, &lim), board_pos(&b, 3, 3));
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 2, 2));
    ai_destroy(&ai);
    assert_no_children();
}

/* INFO rule follows the board's rule (proto.h's bits): after START, and
 * again when a board of another rule comes. The engine answers with the
 * rule it was last told as the column: BEGIN in row 0, TURN in row 1. */
static void test_rule(void **state)
{
    (void)state;
    struct ai ai = start_engine("r=none; while read -r cmd rest; do case $cmd in "
                                "START) echo OK;; INFO) set -- $rest; "
                                "  if [ \"$1\" = rule ]; then r=$2; fi;; "
                                "BEGIN) echo $r,0;; TURN) echo $r,1;; DONE) echo $r,2;; "
                                "END) exit 0;; esac; done",
                                5000);
    struct board b;
    struct ai_limits lim = { .time_ms = 5000 };
    board_init(&b, 15, 15, 5, RULE_RENJU);
    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);      /* START, INFO rule 4, BEGIN */
    assert_int_equal(p, board_pos(&b, 4, 0));
    board_place(&b, p, STONE_BLACK);
    board_place(&b, board_pos(&b, 7, 7), STONE_WHITE);
    b.rule = RULE_CARO;                                  /* INFO rule 8, TURN 7,7 */
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 8, 1));
    board_init(&b, 15, 15, 5, RULE_EXACT);               /* START, INFO rule 1, BEGIN */
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 1, 0));
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 0, 0));
    assert_null(engine_client_failure(&ai));
    ai_destroy(&ai);
}

/* An engine answering SWAP2BOARD by what it was sent: the three stones on
 * an empty board; after three, SWAP for 7,7 8,8 6,8, one move for a block
 * starting 1,1, two moves otherwise; after five, one move. The stones come
 * with BOARD's fields, White's (the engine's, to move) 1 and Black's 2: the
 * answers above only match so. */
static const char swap2_engine[] =
    "n=0; s=; while read -r cmd rest; do case $cmd in "
    "START) echo OK;; SWAP2BOARD) n=0; s=;; "
    "DONE) case $n in 0) echo '7,7 8,8 6,8';; "
    "  3) case $s in 7,7,2/8,8,1/6,8,2/) echo SWAP;; 1,1,2/*) echo 9,9;; *) echo '3,3 4,4';; esac;; "
    "  5) echo 5,5;; esac;; "
    "END) exit 0;; *,*) n=$((n+1)); s=$s$cmd/;; esac; done";

static void place_all(struct board *b, const int xy[][2], int n)
{
    for (int i = 0; i < n; i++)
        board_place(b, board_pos(b, xy[i][0], xy[i][1]), i % 2 ? STONE_WHITE : STONE_BLACK);
}

static void test_swap2(void **state)
{
    (void)state;
    struct ai ai = start_engine(swap2_engine, 1000);
    struct ai_limits lim = { .time_ms = 1000 };
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_opening a;

    /* The proposal: three stones, in the order given. */
    assert_true(ai_opening(&ai, &b, false, &lim, &a));
    assert_false(a.swap);
    assert_int_equal(a.n, 3);
    assert_int_equal(a.stone[0], board_pos(&b, 7, 7));
    assert_int_equal(a.stone[1], board_pos(&b, 8, 8));
    assert_int_equal(a.stone[2], board_pos(&b, 6, 8));

    /* The choice after three: the stones go Black, White, Black. */
    static const int swap[][2] = { { 7, 7 }, { 8, 8 }, { 6, 8 } };
    place_all(&b, swap, 3);
    assert_true(ai_opening(&ai, &b, true, &lim, &a));
    assert_true(a.swap);
    assert_int_equal(a.n, 0);

    board_clear(&b);
    static const int stay[][2] = { { 1, 1 }, { 2, 2 }, { 3, 1 } };
    place_all(&b, stay, 3);
    assert_true(ai_opening(&ai, &b, true, &lim, &a));
    assert_false(a.swap);
    assert_int_equal(a.n, 1);
    assert_int_equal(a.stone[0], board_pos(&b, 9, 9));
    /* That White's move known, the opponent's answer goes as TURN. */
    board_place(&b, a.stone[0], STONE_WHITE);

    board_clear(&b);
    static const int more[][2] = { { 5, 6 }, { 6, 6 }, { 7, 6 } };
    place_all(&b, more, 3);
    assert_true(ai_opening(&ai, &b, true, &lim, &a));
    assert_int_equal(a.n, 2);
    assert_int_equal(a.stone[0], board_pos(&b, 3, 3));
    assert_int_equal(a.stone[1], board_pos(&b, 4, 4));
    /* Plain swap allows no two more: White with the first of them. */
    assert_true(ai_opening(&ai, &b, false, &lim, &a));
    assert_int_equal(a.n, 1);
    assert_int_equal(a.stone[0], board_pos(&b, 3, 3));

    /* After five: one move. */
    board_place(&b, board_pos(&b, 3, 3), STONE_WHITE);
    board_place(&b, board_pos(&b, 4, 4), STONE_BLACK);
    assert_true(ai_opening(&ai, &b, false, &lim, &a));
    assert_int_equal(a.n, 1);
    assert_int_equal(a.stone[0], board_pos(&b, 5, 5));
    assert_null(engine_client_failure(&ai));
    ai_destroy(&ai);

    /* Nonsense forfeits, with the reason. */
    static const struct {
        const char *answer;
        int stones;
        const char *reason;
    } bad[] = {
        { "UNKNOWN no swap2 here", 0, "UNKNOWN" },
        { "7,7", 0, "with 0 stones" },
        { "SWAP", 0, "with 0 stones" },
        { "1,1 2,2", 5, "with 5 stones" },
        { "SWAP 1,1", 3, "after SWAP" },
        { "7,7", 3, "occupied" },
        { "20,1", 3, "outside" },
    };
    static const int three[][2] = { { 7, 7 }, { 8, 8 }, { 6, 8 }, { 1, 1 }, { 2, 2 } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char command[256];
        snprintf(command, sizeof command,
                 "while read -r cmd rest; do case $cmd in START) echo OK;; "
                 "DONE) echo '%s';; END) exit 0;; esac; done", bad[i].answer);
        ai = start_engine(command, 1000);
        board_clear(&b);
        place_all(&b, three, bad[i].stones);
        assert_false(ai_opening(&ai, &b, true, &lim, &a));
        const char *why = engine_client_failure(&ai);
        assert_non_null(why);
        if (strstr(why, bad[i].reason) == NULL)
            fail_msg("'%s' gave '%s', expected '%s'", bad[i].answer, why, bad[i].reason);
        ai_destroy(&ai);
    }
    assert_no_children();
}

/* The first move after START may take longer: an engine sets up its tables
 * then. The later ones get the budget and the usual grace only. */
static void test_first_move_time(void **state)
{
    (void)state;
    struct ai ai = start_engine("while read -r cmd rest; do case $cmd in "
                                "START) echo OK;; BEGIN) sleep 2; echo 7,7;; "
                                "TURN) sleep 30;; esac; done",
                                100);
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_limits lim = { .time_ms = 100 };
    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(p, board_pos(&b, 7, 7));
    assert_null(engine_client_failure(&ai));
    board_place(&b, p, STONE_BLACK);
    board_place(&b, board_pos(&b, 0, 0), STONE_WHITE);
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), -1);
    assert_non_null(strstr(engine_client_failure(&ai), "in time"));
    ai_destroy(&ai);
    assert_no_children();
}

/* Makes an empty temporary file from `templ` (mkstemp's XXXXXX) for an
 * engine to log the lines it reads. */
static void make_log(char *templ)
{
    int fd = mkstemp(templ);
    assert_true(fd >= 0);
    close(fd);
}

/* What the engine logged, into seen (size bytes); the log removed. */
static void read_log(const char *log, char *seen, size_t size)
{
    FILE *f = fopen(log, "r");
    assert_non_null(f);
    size_t n = fread(seen, 1, size - 1, f);
    seen[n] = '\0';
    fclose(f);
    unlink(log);
}

/* On a game clock the engine is told the times as Piskvork tells them:
 * after START timeout_turn and timeout_match, before every move time_left,
 * and a limit that changed again (the engine logs what it reads).
 * engine_client_start sends START ahead of the first move, once. An answer
 * is awaited until the flag (time_max_ms) when that comes after the turn
 * limit, and the grace. */
static void test_clock(void **state)
{
    (void)state;
    char log[] = "/tmp/mnk-test-clock-XXXXXX";
    make_log(log);
    char command[512];
    snprintf(command, sizeof command,
             "while read -r cmd key v; do echo $cmd $key $v >> %s; case $cmd in "
             "START) echo OK;; BEGIN) echo 7,7;; TURN) sleep 1.5; echo 1,1;; "
             "END) exit 0;; esac; done", log);
    struct ai ai = start_engine(command, 0);
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_limits lim = { .time_ms = 100, .time_max_ms = 3000, .match_ms = 3000,
                             .left_ms = 3000 };
    assert_true(engine_client_start(&ai, &b, &lim));
    assert_true(engine_client_start(&ai, &b, &lim));   /* once */
    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_int_equal(p, board_pos(&b, 7, 7));
    board_place(&b, p, STONE_BLACK);
    board_place(&b, board_pos(&b, 0, 0), STONE_WHITE);
    /* Past the turn and its grace (1.125 s), before the flag's. */
    lim.left_ms = 2500;
    lim.match_ms = 4000;
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 1, 1));
    assert_null(engine_client_failure(&ai));
    ai_destroy(&ai);
    assert_no_children();

    char seen[512];
    read_log(log, seen, sizeof seen);
    assert_string_equal(seen, "START 15\n"
                              "INFO timeout_turn 100\n"
                              "INFO timeout_match 3000\n"
                              "INFO max_memory 0\n"
                              "INFO game_type 1\n"
                              "INFO rule 0\n"
                              "INFO time_left 3000\n"
                              "BEGIN\n"
                              "INFO timeout_match 4000\n"
                              "INFO time_left 2500\n"
                              "TURN 0,0\n"
                              "END\n");
}

/* Threads asked for are told after START, as INFO thread_num (none asked:
 * none told, test_clock). */
static void test_threads_told(void **state)
{
    (void)state;
    char log[] = "/tmp/mnk-test-threads-XXXXXX";
    make_log(log);
    char command[512];
    snprintf(command, sizeof command,
             "while read -r cmd key v; do echo $cmd $key $v >> %s; case $cmd in "
             "START) echo OK;; BEGIN) echo 7,7;; END) exit 0;; esac; done", log);
    struct ai ai;
    char err[128];
    struct engine_client_options o = { .time_ms = 1000, .threads = 2, .quiet_stderr = true };
    assert_true(engine_client_create(&ai, command, &o, err, sizeof err));
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    struct ai_limits lim = { .time_ms = 1000 };
    assert_int_equal(ai_choose(&ai, &b, STONE_BLACK, &lim), board_pos(&b, 7, 7));
    ai_destroy(&ai);
    assert_no_children();
    char seen[512];
    read_log(log, seen, sizeof seen);
    const char *start = strstr(seen, "START 15\n"), *told = strstr(seen, "INFO thread_num 2\n");
    assert_non_null(start);
    assert_non_null(told);
    assert_true(told > start && told < strstr(seen, "BEGIN"));
}

/* Each broken engine makes choose() return -1 with a reason, for good. */
static void test_failures(void **state)
{
    (void)state;
    static const struct {
        const char *command;
        const char *reason;   /* a word the failure must contain */
        int time_ms;          /* generous unless the case is about time */
    } cases[] = {
        { "read x; echo OK; read x; echo 99,99; cat >/dev/null", "outside", 5000 },
        { "read x; echo OK; read x; echo hello; cat >/dev/null", "instead of a move", 5000 },
        { "read x; echo OK; read x; echo 7,7,1; cat >/dev/null", "instead of a move", 5000 },
        { "read x; echo OK; read x; echo 3,3; cat >/dev/null", "occupied", 5000 },
        { "read x; echo 'ERROR too big'; cat >/dev/null", "refused", 5000 },
        { "read x; echo OK; exit 3", "status 3", 5000 },
        { "read x; echo OK; kill -TERM $$", "signal", 5000 },
        { "exec 1>&-; sleep 30", "closed", 5000 },
        { "read x; echo OK; sleep 30", "in time", 1 },
        { "no-such-engine-program-here", "127", 5000 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* A machine busy with other work may take a while to start a
         * shell: only the case about time gets a tight budget. */
        struct ai ai = start_engine(cases[i].command, cases[i].time_ms);
        struct board b;
        board_init(&b, 9, 9, 5, RULE_FREESTYLE);
        board_place(&b, board_pos(&b, 3, 3), STONE_BLACK);
        struct ai_limits lim = { .time_ms = cases[i].time_ms };
        assert_int_equal(ai_choose(&ai, &b, STONE_WHITE, &lim), -1);
        const char *why = engine_client_failure(&ai);
        assert_non_null(why);
        if (strstr(why, cases[i].reason) == NULL)
            fail_msg("engine '%s' failed with '%s', expected '%s'", cases[i].command, why,
                     cases[i].reason);
        assert_int_equal(ai_choose(&ai, &b, STONE_WHITE, &lim), -1);
        assert_string_equal(players_failure(&ai), why);
        ai_destroy(&ai);
        assert_no_children();
    }
}

/* A cancelled move returns an empty cell at once; the late answer to it is
 * thrown away and the next request gets its own answer. */
static void test_cancel(void **state)
{
    (void)state;
    struct ai ai = start_engine("while read -r cmd rest; do case $cmd in "
                                "START) echo OK;; BEGIN) sleep 1; echo 7,7;; "
                                "DONE) echo 2,2;; END) exit 0;; esac; done", 5000);
    struct board b;
    board_init(&b, 15, 15, 5, RULE_FREESTYLE);
    atomic_bool stop = true;
    struct ai_limits lim = { .time_ms = 5000, .stop = &stop };
    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_in_range(p, 0, board_cells(&b) - 1);
    assert_null(engine_client_failure(&ai));
    board_place(&b, p, STONE_BLACK);
    atomic_store(&stop, false);
    p = ai_choose(&ai, &b, STONE_WHITE, &lim);  /* drains 7,7, then BOARD */
    assert_int_equal(p, board_pos(&b, 2, 2));
    ai_destroy(&ai);
    assert_no_children();
}

/* Renju: the cell a cancelled move stands in with is one Black may play,
 * not the first empty one (d2 here, an overline; d1 is the one legal). */
static void test_cancel_keeps_the_rule(void **state)
{
    (void)state;
    struct ai ai = start_engine("while read -r cmd rest; do case $cmd in "
                                "RECTSTART) echo OK;; DONE) sleep 1; echo 3,5;; "
                                "END) exit 0;; esac; done", 5000);
    struct board b;
    board_init(&b, 7, 6, 5, RULE_RENJU);
    boards_put_game(&b, BOARDS_RENJU_ONE_LEGAL);
    atomic_bool stop = true;
    struct ai_limits lim = { .time_ms = 5000, .stop = &stop };
    int p = ai_choose(&ai, &b, STONE_BLACK, &lim);
    bool failed = engine_client_failure(&ai) != NULL;
    ai_destroy(&ai); /* first: a failure here must leave no child behind */
    assert_no_children();
    assert_false(failed);
    assert_int_equal(p, boards_cell(&b, "d1"));
}

/* An engine that ignores END is killed, its whole process group with it. */
static void test_destroy_kills(void **state)
{
    (void)state;
    struct ai ai = start_engine("trap '' TERM; sleep 30 & while :; do sleep 1; done", 10);
    ai_destroy(&ai);
    assert_no_children();
    /* Destroying a zeroed player is harmless. */
    ai_destroy(&ai);
}

static void test_players(void **state)
{
    (void)state;
    char err[512];
    struct computer c;
    struct player p = { .kind = PLAYER_COMPUTER, .spec = "random", .seed = 3 };
    assert_true(players_create(&c, &p, true, err, sizeof err));
    assert_null(c.level);
    assert_int_equal(c.limits.time_ms, 0);
    struct board b;
    board_init(&b, 5, 5, 4, RULE_FREESTYLE);
    int pos = ai_choose(&c.ai, &b, STONE_BLACK, &c.limits);
    assert_in_range(pos, 0, 24);
    players_destroy(&c);
    assert_string_equal(players_name(&p), "random");

    /* A level resolves into its strategy and its budget; a time of the
     * player's own replaces the budget's time. */
    const struct level *top = level_at(level_count() - 1);
    strcpy(p.spec, top->name);
    assert_true(players_create(&c, &p, true, err, sizeof err));
    assert_ptr_equal(c.level, top);
    assert_string_equal(c.ai.strategy->name, top->strategy);
    assert_int_equal(c.limits.time_ms, top->time_ms);
    assert_int_equal(c.limits.max_nodes, top->max_nodes);
    players_destroy(&c);
    p.time_ms = 20;
    assert_true(players_create(&c, &p, true, err, sizeof err));
    assert_int_equal(c.limits.time_ms, 20);
    players_destroy(&c);
    p.time_ms = 0;

    strcpy(p.spec, "no-such-strategy");
    assert_false(players_create(&c, &p, true, err, sizeof err));
    assert_non_null(strstr(err, "no-such-strategy"));
    /* The reason lists the levels as well as the strategies. */
    assert_non_null(strstr(err, level_at(0)->name));
    assert_non_null(strstr(err, "random"));
    assert_null(c.ai.strategy);
    assert_false(players_known("no-such-strategy"));
    assert_true(players_known(level_at(0)->name));
    assert_true(players_known("threat"));
    strcpy(p.spec, "engine:");
    assert_false(players_known(p.spec));
    assert_false(players_create(&c, &p, true, err, sizeof err));
    p.kind = PLAYER_HUMAN;
    assert_false(players_create(&c, &p, true, err, sizeof err));
    assert_string_equal(players_name(&p), "human");

    p.kind = PLAYER_COMPUTER;
    p.time_ms = 500;
    snprintf(p.spec, sizeof p.spec, "engine:%s", good_engine);
    assert_true(players_create(&c, &p, true, err, sizeof err));
    assert_string_equal(players_name(&p), good_engine);
    assert_int_equal(c.limits.time_ms, 500);
    /* It answers BEGIN with 7,7: off this 5x5 board, so a forfeit. */
    assert_int_equal(ai_choose(&c.ai, &b, STONE_BLACK, &c.limits), -1);
    assert_non_null(strstr(players_failure(&c.ai), "outside"));
    players_destroy(&c);
    assert_no_children();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conversation),
        cmocka_unit_test(test_board_order),
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_swap2),
        cmocka_unit_test(test_first_move_time),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_threads_told),
        cmocka_unit_test(test_failures),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_cancel_keeps_the_rule),
        cmocka_unit_test(test_destroy_kills),
        cmocka_unit_test(test_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
