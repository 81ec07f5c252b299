/* worker.c — the thinking thread; see worker.h. */
#include "tui/worker.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Wakes the main loop. A full pipe already holds a pending wake-up, so a
 * failed write loses nothing. */
void worker_wake(const struct worker *w)
{
    ssize_t n;
    do
        n = write(w->wake_fd, "w", 1);
    while (n < 0 && errno == EINTR);
}

static void on_info(void *ctx, const struct ai_info *info)
{
    struct worker *w = ctx;
    pthread_mutex_lock(&w->lock);
    w->info = *info;
    w->have_info = true;
    pthread_mutex_unlock(&w->lock);
    worker_wake(w);
}

static void *think(void *arg)
{
    struct worker *w = arg;
    if (w->job != NULL)
        w->job(w, w->job_ctx);
    else
        w->move = ai_choose(w->ai, &w->board, w->side, &w->limits);
    atomic_store(&w->done, true);
    worker_wake(w);
    return NULL;
}

void worker_init(struct worker *w, int wake_fd)
{
    memset(w, 0, sizeof *w);
    w->wake_fd = wake_fd;
    atomic_init(&w->stop, false);
    atomic_init(&w->done, false);
    pthread_mutex_init(&w->lock, NULL);
}

/* Starts the thread on the request stored in w. */
static bool launch(struct worker *w)
{
    w->move = -1;
    w->have_info = false;
    atomic_store(&w->stop, false);
    atomic_store(&w->done, false);

    /* Signals are for the main thread, whose poll() they must interrupt. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int err = pthread_create(&w->thread, NULL, think, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    w->running = err == 0;
    return w->running;
}

bool worker_start(struct worker *w, struct ai *ai, const struct board *b,
                  enum stone side, const struct ai_limits *limits)
{
    if (w->running)
        return false;
    w->ai = ai;
    w->board = *b;
    w->side = side;
    w->limits = *limits;
    w->limits.stop = &w->stop;
    w->limits.on_info = on_info;
    w->limits.ctx = w;
    w->job = NULL;
    return launch(w);
}

bool worker_run(struct worker *w, void (*job)(struct worker *w, void *ctx), void *ctx)
{
    if (w->running)
        return false;
    w->job = job;
    w->job_ctx = ctx;
    return launch(w);
}

bool worker_busy(const struct worker *w)
{
    return w->running;
}

bool worker_collect(struct worker *w, int *move)
{
    if (!w->running || !atomic_load(&w->done))
        return false;
    pthread_join(w->thread, NULL);
    w->running = false;
    *move = w->move;
    return true;
}

bool worker_info(struct worker *w, struct ai_info *info)
{
    pthread_mutex_lock(&w->lock);
    bool have = w->have_info;
    if (have)
        *info = w->info;
    pthread_mutex_unlock(&w->lock);
    return have;
}

void worker_cancel(struct worker *w)
{
    if (!w->running)
        return;
    atomic_store(&w->stop, true);
    pthread_join(w->thread, NULL);
    w->running = false;
}

void worker_fini(struct worker *w)
{
    worker_cancel(w);
    pthread_mutex_destroy(&w->lock);
}
