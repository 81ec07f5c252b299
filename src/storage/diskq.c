/* diskq.c — files written by a thread of their own; see diskq.h.
 *
 * The jobs are a list in arrival order under one mutex; the writer takes
 * the head, does it with the mutex released, and sleeps on a condition
 * when the list is empty. A write that replaces a waiting one swaps its
 * content in place: its turn stays where the first one took it. */
#include "storage/diskq.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "storage/safefile.h"
#include "util/fmt.h"

struct job {
    struct job *next;
    char *path;
    char *text;          /* NULL: a removal */
    size_t len;
    char *then_remove;   /* removed once text is written; NULL: none */
    char *fallback;      /* written at then_remove when text is not */
    size_t fallback_len;
    char *done, *failed; /* what to report; NULL: nothing */
};

struct diskq {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    struct job *head, *tail;
    size_t pending;      /* queued, and the one being done */
    bool stopping;
    char reports[DISKQ_REPORTS][DISKQ_LINE_MAX];
    int first_report, n_reports;
    int wake_fd[2];      /* a byte written for each report; read, drained */
};

static char *copy_of(const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (c != NULL) {
        memcpy(c, s, len);
        c[len] = '\0';
    }
    return c;
}

static char *copy_str(const char *s)
{
    return s != NULL ? copy_of(s, strlen(s)) : NULL;
}

static void free_job(struct job *j)
{
    if (j == NULL)
        return;
    free(j->path);
    free(j->text);
    free(j->then_remove);
    free(j->fallback);
    free(j->done);
    free(j->failed);
    free(j);
}

/* ---- the writer's side ---- */

/* A report, under the lock: the oldest goes when they are all taken. */
static void report(struct diskq *q, const char *line)
{
    if (q->n_reports == DISKQ_REPORTS) {
        q->first_report = (q->first_report + 1) % DISKQ_REPORTS;
        q->n_reports--;
    }
    int at = (q->first_report + q->n_reports++) % DISKQ_REPORTS;
    snprintf(q->reports[at], DISKQ_LINE_MAX, "%s", line);
    /* Non-blocking: a full pipe already says that reports wait. */
    ssize_t n;
    do
        n = write(q->wake_fd[1], "r", 1);
    while (n < 0 && errno == EINTR);
}

struct text {
    const char *p;
    size_t len;
};

static bool write_text(FILE *out, const void *ctx)
{
    const struct text *t = ctx;
    return fwrite(t->p, 1, t->len, out) == t->len;
}

/* Does job j; false with the reason in err. */
static bool perform(const struct job *j, char *err, size_t err_size)
{
    if (j->text == NULL) {
        if (remove(j->path) != 0 && errno != ENOENT)
            return fmt_fail(err, err_size, "cannot remove %s: %s", j->path, strerror(errno));
        return true;
    }
    struct text t = { j->text, j->len };
    if (safefile_write(j->path, write_text, &t, true, err, err_size)) {
        if (j->then_remove != NULL && remove(j->then_remove) != 0 && errno != ENOENT)
            return fmt_fail(err, err_size, "cannot remove %s: %s", j->then_remove,
                            strerror(errno));
        return true;
    }
    if (j->then_remove != NULL && j->fallback != NULL) {
        char why[DISKQ_LINE_MAX / 2];
        struct text f = { j->fallback, j->fallback_len };
        if (!safefile_write(j->then_remove, write_text, &f, true, why, sizeof why)) {
            size_t n = strlen(err);
            if (n + 7 < err_size)
                snprintf(err + n, err_size - n, "; and %.*s", (int)(err_size - n - 7), why);
        }
    }
    return false;
}

static void *writer(void *arg)
{
    struct diskq *q = arg;
    pthread_mutex_lock(&q->lock);
    for (;;) {
        while (q->head == NULL && !q->stopping)
            pthread_cond_wait(&q->wake, &q->lock);
        struct job *j = q->head;
        if (j == NULL)
            break;   /* stopping, and nothing left */
        q->head = j->next;
        if (q->head == NULL)
            q->tail = NULL;
        pthread_mutex_unlock(&q->lock);
        char err[DISKQ_LINE_MAX / 2] = "";
        bool ok = perform(j, err, sizeof err);
        char line[DISKQ_LINE_MAX];
        const char *say = NULL;
        if (ok && j->done != NULL) {
            say = j->done;
        } else if (!ok && j->failed != NULL) {
            snprintf(line, sizeof line, "%s: %s", j->failed, err);
            say = line;
        }
        pthread_mutex_lock(&q->lock);
        if (say != NULL)
            report(q, say);
        q->pending--;
        free_job(j);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

/* ---- the caller's side ---- */

struct diskq *diskq_new(char *err, size_t err_size)
{
    struct diskq *q = calloc(1, sizeof *q);
    if (q == NULL) {
        fmt_fail(err, err_size, "out of memory");
        return NULL;
    }
    if (pipe(q->wake_fd) != 0) {
        fmt_fail(err, err_size, "cannot make a pipe: %s", strerror(errno));
        free(q);
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(q->wake_fd[i], F_SETFL, fcntl(q->wake_fd[i], F_GETFL) | O_NONBLOCK);
        fcntl(q->wake_fd[i], F_SETFD, FD_CLOEXEC);
    }
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->wake, NULL);
    int e = pthread_create(&q->thread, NULL, writer, q);
    if (e != 0) {
        fmt_fail(err, err_size, "cannot start the disk's thread: %s", strerror(e));
        close(q->wake_fd[0]);
        close(q->wake_fd[1]);
        pthread_cond_destroy(&q->wake);
        pthread_mutex_destroy(&q->lock);
        free(q);
        return NULL;
    }
    return q;
}

/* The waiting job for path, under the lock; NULL when none. The one the
 * writer does now is no longer in the list. */
static struct job **waiting(struct diskq *q, const char *path)
{
    for (struct job **at = &q->head; *at != NULL; at = &(*at)->next)
        if (strcmp((*at)->path, path) == 0)
            return at;
    return NULL;
}

/* Queues j (its fields filled), or puts its content in place of the job
 * waiting for the same path; a job waiting for j->then_remove is dropped. */
static void queue(struct diskq *q, struct job *j)
{
    pthread_mutex_lock(&q->lock);
    if (j->then_remove != NULL) {
        struct job **gone = waiting(q, j->then_remove);
        if (gone != NULL) {
            struct job *g = *gone;
            *gone = g->next;
            if (q->tail == g) {
                q->tail = NULL;
                for (struct job *k = q->head; k != NULL; k = k->next)
                    q->tail = k;
            }
            q->pending--;
            free_job(g);
        }
    }
    struct job **same = j->then_remove == NULL ? waiting(q, j->path) : NULL;
    if (same != NULL) {
        struct job *old = *same;
        j->next = old->next;
        *same = j;
        if (q->tail == old)
            q->tail = j;
        free_job(old);
    } else {
        j->next = NULL;
        if (q->tail != NULL)
            q->tail->next = j;
        else
            q->head = j;
        q->tail = j;
        q->pending++;
    }
    pthread_cond_signal(&q->wake);
    pthread_mutex_unlock(&q->lock);
}

static struct job *new_job(const char *path, const struct diskq_say *say)
{
    struct job *j = calloc(1, sizeof *j);
    if (j == NULL)
        return NULL;
    j->path = copy_str(path);
    if (say != NULL) {
        j->done = copy_str(say->done);
        j->failed = copy_str(say->failed);
    }
    if (j->path == NULL || (say != NULL && ((say->done != NULL && j->done == NULL) ||
                                            (say->failed != NULL && j->failed == NULL)))) {
        free_job(j);
        return NULL;
    }
    return j;
}

bool diskq_write(struct diskq *q, const char *path, const char *text, size_t len,
                 const struct diskq_say *say)
{
    struct job *j = new_job(path, say);
    if (j == NULL || (j->text = copy_of(text, len)) == NULL) {
        free_job(j);
        return false;
    }
    j->len = len;
    queue(q, j);
    return true;
}

bool diskq_remove(struct diskq *q, const char *path, const struct diskq_say *say)
{
    struct job *j = new_job(path, say);
    if (j == NULL)
        return false;
    queue(q, j);
    return true;
}

bool diskq_write_then_remove(struct diskq *q, const char *path, const char *text, size_t len,
                             const char *then_remove, const char *fallback,
                             size_t fallback_len, const struct diskq_say *say)
{
    struct job *j = new_job(path, say);
    if (j == NULL || (j->text = copy_of(text, len)) == NULL ||
        (j->then_remove = copy_str(then_remove)) == NULL ||
        (fallback != NULL && (j->fallback = copy_of(fallback, fallback_len)) == NULL)) {
        free_job(j);
        return false;
    }
    j->len = len;
    j->fallback_len = fallback_len;
    queue(q, j);
    return true;
}

int diskq_fd(const struct diskq *q)
{
    return q->wake_fd[0];
}

bool diskq_report(struct diskq *q, char *buf, size_t size)
{
    char drain[64];
    while (read(q->wake_fd[0], drain, sizeof drain) > 0)
        continue;
    pthread_mutex_lock(&q->lock);
    bool any = q->n_reports > 0;
    if (any) {
        snprintf(buf, size, "%s", q->reports[q->first_report]);
        q->first_report = (q->first_report + 1) % DISKQ_REPORTS;
        q->n_reports--;
    }
    pthread_mutex_unlock(&q->lock);
    return any;
}

size_t diskq_pending(struct diskq *q)
{
    pthread_mutex_lock(&q->lock);
    size_t n = q->pending;
    pthread_mutex_unlock(&q->lock);
    return n;
}

void diskq_free(struct diskq *q)
{
    if (q == NULL)
        return;
    pthread_mutex_lock(&q->lock);
    q->stopping = true;
    pthread_cond_signal(&q->wake);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->thread, NULL);
    close(q->wake_fd[0]);
    close(q->wake_fd[1]);
    pthread_cond_destroy(&q->wake);
    pthread_mutex_destroy(&q->lock);
    free(q);
}
