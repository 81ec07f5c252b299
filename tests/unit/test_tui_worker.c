/* test_tui_worker.c — the thinking thread: it wakes the caller through the
 * pipe, hands back a legal move, reports progress, works on its own copy of
 * the board, can be cancelled, and passes on a player's failure (-1). Every
 * wait is on the pipe or a flag, never on a clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "mnk/ai.h"
#include "mnk/board.h"
#include "tui/worker.h"

/* A strategy that reports once, then waits until told to stop, and answers
 * with the first empty cell; it notes how many stones its board had. */
static int seen_stones;

static int patient_choose(void *state, const struct board *b, enum stone side,
                          const struct ai_limits *limits)
{
    (void)state;
    (void)side;
    struct ai_info info = { .depth = 7, .best = -1 };
    limits->on_info(limits->ctx, &info);
    while (!atomic_load(limits->stop))
        ;
    seen_stones = b->stones;
    for (int pos = 0; pos < board_cells(b); pos++)
        if (board_at(b, pos) == STONE_NONE)
            return pos;
    return -1;
}

static const struct ai_strategy patient = {
    .name = "patient",
    .summary = "waits for the stop flag",
    .choose = patient_choose,
};

/* A player that cannot move, like an external engine that has crashed. */
static int failing_choose(void *state, const struct board *b, enum stone side,
                          const struct ai_limits *limits)
{
    (void)state;
    (void)b;
    (void)side;
    (void)limits;
    return -1;
}

static const struct ai_strategy failing = {
    .name = "failing",
    .summary = "never moves",
    .choose = failing_choose,
};

struct fixture {
    int pipe[2];
    struct worker worker;
    struct board board;
};

static int setup(void **state)
{
    static struct fixture f;
    if (pipe(f.pipe) != 0)
        return -1;
    worker_init(&f.worker, f.pipe[1]);
    board_init(&f.board, 3, 3, 3, RULE_FREESTYLE);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    worker_fini(&f->worker);
    close(f->pipe[0]);
    close(f->pipe[1]);
    return 0;
}

/* Blocks until the worker writes to the pipe. */
static void wait_wake(struct fixture *f)
{
    char c;
    assert_int_equal(read(f->pipe[0], &c, 1), 1);
}

static void test_random_move_wakes_and_is_legal(void **state)
{
    struct fixture *f = *state;
    struct ai ai;
    struct ai_options opts = { .seed = 5 };
    struct ai_limits limits = { 0 };
    for (int pos = 0; pos < 8; pos++)
        if (pos != 4)
            board_place(&f->board, pos, pos % 2 ? STONE_WHITE : STONE_BLACK);
    assert_true(ai_create(&ai, "random", &opts));
    assert_false(worker_busy(&f->worker));
    assert_true(worker_start(&f->worker, &ai, &f->board, STONE_BLACK, &limits));
    assert_true(worker_busy(&f->worker));
    int move = -1;
    while (!worker_collect(&f->worker, &move))
        wait_wake(f);
    /* Two cells are empty, 4 and 8: the move is one of them. */
    assert_true(move == 4 || move == 8);
    assert_false(worker_busy(&f->worker));
    ai_destroy(&ai);
}

static void test_cancel_stops_a_search(void **state)
{
    struct fixture *f = *state;
    struct ai ai = { .strategy = &patient };
    struct ai_limits limits = { 0 };
    board_place(&f->board, 0, STONE_BLACK);
    assert_true(worker_start(&f->worker, &ai, &f->board, STONE_WHITE, &limits));
    /* The report arrives while the search waits for the stop flag. */
    wait_wake(f);
    struct ai_info info;
    assert_true(worker_info(&f->worker, &info));
    assert_int_equal(info.depth, 7);
    int move;
    assert_false(worker_collect(&f->worker, &move));
    /* The worker's board is a copy: changes here are not seen there. */
    board_place(&f->board, 1, STONE_WHITE);
    worker_cancel(&f->worker);
    assert_false(worker_busy(&f->worker));
    assert_false(worker_collect(&f->worker, &move));
    assert_int_equal(seen_stones, 1);
    /* The worker can start again after a cancel. */
    struct ai random;
    struct ai_options opts = { .seed = 1 };
    assert_true(ai_create(&random, "random", &opts));
    assert_true(worker_start(&f->worker, &random, &f->board, STONE_BLACK, &limits));
    while (!worker_collect(&f->worker, &move))
        wait_wake(f);
    assert_true(move >= 2 && move < 9);
    ai_destroy(&random);
}

/* -1 (the player forfeits) is handed back as it is, and the worker is free
 * again; the game screen turns it into a forfeit. */
static void test_failed_player_hands_back_minus_one(void **state)
{
    struct fixture *f = *state;
    struct ai ai = { .strategy = &failing };
    struct ai_limits limits = { 0 };
    assert_true(worker_start(&f->worker, &ai, &f->board, STONE_BLACK, &limits));
    int move = 0;
    while (!worker_collect(&f->worker, &move))
        wait_wake(f);
    assert_int_equal(move, -1);
    assert_false(worker_busy(&f->worker));
}

/* A job that reports twice through the pipe, then waits for the stop flag
 * unless told to finish by itself. */
struct job_state {
    int reports;
    bool wait_for_stop;
    bool saw_stop;
};

static void counting_job(struct worker *w, void *ctx)
{
    struct job_state *s = ctx;
    for (int i = 0; i < 2; i++) {
        s->reports++;
        worker_wake(w);
    }
    while (s->wait_for_stop && !atomic_load(&w->stop))
        ;
    s->saw_stop = atomic_load(&w->stop);
}

/* worker_run: a job of the caller's runs on the thread, wakes the pipe,
 * is collected with move -1 when it returns, and can be cancelled. */
static void test_job_runs_and_cancels(void **state)
{
    struct fixture *f = *state;
    struct job_state s = { 0 };
    assert_true(worker_run(&f->worker, counting_job, &s));
    assert_true(worker_busy(&f->worker));
    /* A second job waits for the first to be collected. */
    assert_false(worker_run(&f->worker, counting_job, &s));
    int move = 0;
    while (!worker_collect(&f->worker, &move))
        wait_wake(f);
    assert_int_equal(move, -1);
    assert_int_equal(s.reports, 2);
    assert_false(s.saw_stop);

    struct job_state waiting = { .wait_for_stop = true };
    assert_true(worker_run(&f->worker, counting_job, &waiting));
    wait_wake(f);
    worker_cancel(&f->worker);
    assert_false(worker_busy(&f->worker));
    assert_true(waiting.saw_stop);
    /* A search can follow a job. */
    struct ai random;
    struct ai_options opts = { .seed = 3 };
    struct ai_limits limits = { 0 };
    assert_true(ai_create(&random, "random", &opts));
    assert_true(worker_start(&f->worker, &random, &f->board, STONE_BLACK, &limits));
    while (!worker_collect(&f->worker, &move))
        wait_wake(f);
    assert_true(move >= 0 && move < 9);
    ai_destroy(&random);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_random_move_wakes_and_is_legal, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cancel_stops_a_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_player_hands_back_minus_one, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_job_runs_and_cancels, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
