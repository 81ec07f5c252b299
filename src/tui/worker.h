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

/* Cancels any search and releases the worker. */
void worker_fini(struct worker *w);

#endif
