/* worker.h — the computer thinks on its own thread, never on the UI's.
 *
 * One search at a time. worker_start() copies the board, so the game can be
 * drawn (and the cursor moved) while the strategy reads its copy. The thread
 * reports progress and its end by writing one byte to `wake_fd` (the main
 * loop's self-pipe), so the UI sleeps in poll() instead of polling the worker.
 * Cancelling sets the `stop` flag the strategy watches and joins the thread.
 * The struct ai belongs to the worker from worker_start() until the move is
 * collected or the search cancelled: nobody else may touch it meanwhile.
 */
#ifndef MNK_TUI_WORKER_H
#define MNK_TUI_WORKER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "mnk/ai.h"
#include "mnk/board.h"

struct worker {
    int wake_fd;
    bool running;               /* a thread exists that was not joined yet */
    pthread_t thread;
    atomic_bool stop;
    atomic_bool done;
    pthread_mutex_t lock;       /* guards info and have_info */
    struct ai_info info;
    bool have_info;
    /* The request, owned by the thread while it runs. */
    struct ai *ai;
    struct board board;
    enum stone side;
    struct ai_limits limits;
    int move;
    void (*job)(struct worker *w, void *ctx); /* worker_run's, else NULL */
    void *job_ctx;
};

/* Prepares an idle worker that will wake the UI through `wake_fd`. */
void worker_init(struct worker *w, int wake_fd);

/* Starts `ai` choosing a move for `side` on a copy of b within `limits` (stop,
 * on_info and ctx are the worker's own). False if the thread can't start. */
bool worker_start(struct worker *w, struct ai *ai, const struct board *b,
                  enum stone side, const struct ai_limits *limits);

/* True while a search runs or its move waits to be collected. */
bool worker_busy(const struct worker *w);

/* If the search has finished: joins it, stores its move and returns true. */
bool worker_collect(struct worker *w, int *move);

/* The latest progress report; false when there is none yet. */
bool worker_info(struct worker *w, struct ai_info *info);

/* Stops a running search and waits for its thread; its move is dropped. */
void worker_cancel(struct worker *w);

/* Runs job(w, ctx) on the thread instead of a search, for work other than
 * a move (a game's analysis). The job watches w->stop, may call
 * worker_wake() to report progress, and must not touch the worker
 * otherwise; worker_collect() says when it has returned (its move is -1),
 * worker_cancel() stops it. False if the thread can't start. */
bool worker_run(struct worker *w, void (*job)(struct worker *w, void *ctx), void *ctx);

/* Wakes the UI thread (from a job, to show its progress). */
void worker_wake(const struct worker *w);

/* Cancels any search and releases the worker. */
void worker_fini(struct worker *w);

#endif
