/* yourpuzzles.c — puzzles from the player's own games; see yourpuzzles.h. */
#include "play/yourpuzzles.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/i18n.h"
#include "storage/filelock.h"
#include "storage/record.h"
#include "storage/safefile.h"
#include "util/fmt.h"

void yours_people(const struct game *g, bool person[2])
{
    for (int i = 0; i < 2; i++)
        person[i] = g->config.player[i].kind == PLAYER_HUMAN;
}

void yours_source(const struct game *g, const char *label, int ply, char *buf, size_t size)
{
    bool person[2];
    char black[GAME_PLAYER_SPEC_MAX], white[GAME_PLAYER_SPEC_MAX], move[ANALYSIS_PART_MAX];
    yours_people(g, person);
    record_player_name(&g->config.player[0], black, sizeof black);
    record_player_name(&g->config.player[1], white, sizeof white);
    /* The move as the review's list and `mnk analyze` name it. */
    analysis_move_name(g, ply, true, move, sizeof move);
    if (person[0] && person[1] && strcmp(black, "human") == 0 && strcmp(white, "human") == 0)
        snprintf(buf, size, _("from your game of two players, %s, before %s"), label, move);
    else if (person[0] && person[1])
        snprintf(buf, size, _("from your game %s vs %s, %s, before %s"), black, white, label,
                 move);
    else
        snprintf(buf, size, _("from your game vs %s, %s, before %s"), person[0] ? white : black,
                 label, move);
}

/* A puzzle of the position s (its side to move the person's): a win by
 * fours, else by threes, for a missed win; the one defence for a move
 * that allowed a loss. */
static bool make_one(struct puzzle_prover *pv, const struct board *b,
                     const struct game_setup *s, enum analysis_mark mark, struct puzzle *pz)
{
    char why[256];
    if (mark == ANALYSIS_MISSED_WIN)
        return puzzle_make(pv, b->width, b->height, b->win, b->rule, s, PUZZLE_VCF,
                           YOURS_VCF_DEPTH, pz, why, sizeof why) ||
               puzzle_make(pv, b->width, b->height, b->win, b->rule, s, PUZZLE_VCT,
                           YOURS_VCT_DEPTH, pz, why, sizeof why);
    return puzzle_make(pv, b->width, b->height, b->win, b->rule, s, PUZZLE_DEFEND,
                       YOURS_DEFEND_DEPTH, pz, why, sizeof why);
}

int yours_find(struct puzzle_prover *pv, const struct game *g, const struct analysis *a,
               const char *label, const atomic_bool *stop, struct puzzle_book *out)
{
    bool person[2];
    yours_people(g, person);
    if (!person[0] && !person[1])
        return 0;
    struct game *replay = malloc(sizeof *replay);
    struct game_setup *s = malloc(sizeof *s);
    struct puzzle *pz = malloc(sizeof *pz);
    if (replay == NULL || s == NULL || pz == NULL) {
        free(replay);
        free(s);
        free(pz);
        return 0;
    }
    puzzle_init(pz);
    uint64_t budget = pv->budget, solver_nodes = pv->solver_nodes;
    pv->budget = YOURS_BUDGET;
    pv->solver_nodes = YOURS_SOLVER_NODES;
    int found = 0, tries = 0, moves = a->moves < g->ply ? a->moves : g->ply;
    for (int i = 0; i < moves && tries < YOURS_TRIES; i++) {
        if (stop != NULL && atomic_load(stop))
            break;
        const struct analysis_move *m = &a->move[i];
        if (m->mark != ANALYSIS_MISSED_WIN && m->mark != ANALYSIS_ALLOWS_LOSS)
            continue;
        if ((m->side != STONE_BLACK && m->side != STONE_WHITE) ||
            !person[m->side == STONE_BLACK ? 0 : 1])
            continue;
        puzzle_setup_at(g, i, replay, s);
        /* A move of the opening's placing (the first player placing the
         * other colour's stone) is no choice of the side's own. */
        if (s->to_move != m->side)
            continue;
        tries++;
        if (!make_one(pv, &g->board, s, m->mark, pz))
            continue;
        snprintf(pz->id, sizeof pz->id, "y-%016" PRIx64, puzzle_key(pz));
        yours_source(g, label, i, pz->source, sizeof pz->source);
        pz->difficulty = -1;
        pz->solves[0] = '\0';
        if (puzzle_book_add(out, pz))
            found++;
        else
            puzzle_free(pz);
    }
    pv->budget = budget;
    pv->solver_nodes = solver_nodes;
    puzzle_free(pz);
    free(pz);
    free(s);
    free(replay);
    return found;
}

/* The collection at path into book: true when it read or is not there
 * yet; a file that is no collection is set aside (said in note) and the
 * book starts empty; false, with why in note, when it cannot be read. */
static bool read_collection(const char *path, struct puzzle_book *book, char *note,
                            size_t note_size)
{
    char *text = NULL, err[1024];
    size_t len = 0;
    switch (safefile_read(path, PUZZLEBOOK_FILE_MAX, &text, &len, err, sizeof err)) {
    case SAFEFILE_OK:
        break;
    case SAFEFILE_MISSING:
        return true;
    case SAFEFILE_TOO_LARGE:
        text = NULL;
        break;
    case SAFEFILE_NOT_FILE:
    case SAFEFILE_UNREADABLE:
        /* Nothing is known of its content: neither set aside nor written. */
        return fmt_fail(note, note_size, _("puzzles not added: cannot read %s"), err);
    }
    if (text != NULL) {
        bool ok = puzzle_book_parse(text, len, book, err, sizeof err);
        free(text);
        if (ok)
            return true;
    }
    char aside[4096];
    if (!safefile_set_aside(path, aside, sizeof aside))
        return fmt_fail(note, note_size,
                        _("puzzles not added: %s does not read (%s) and could not be set aside"),
                        path, err);
    const char *base = strrchr(aside, '/');
    fmt_fits(note, note_size, _("your puzzles did not read (%s) and were set aside as %s"), err,
             base != NULL ? base + 1 : aside);
    return true;
}

/* Whether book holds a puzzle whose key is k. */
static bool known(const uint64_t *keys, int n, uint64_t k)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == k)
            return true;
    return false;
}

bool yours_add(const char *path, struct puzzle_book *found, int *added, char *note,
               size_t note_size)
{
    return yours_add_keeping(path, found, YOURS_KEEP, added, note, note_size);
}

/* How long another window's hold on a collection is waited out. */
#define LOCK_WAIT_MS 2000

bool yours_add_keeping(const char *path, struct puzzle_book *found, int keep, int *added,
                       char *note, size_t note_size)
{
    *added = 0;
    note[0] = '\0';
    char err[4300];
    struct puzzle_book book;
    puzzle_book_init(&book);
    if (found->n == 0)
        return true;
    if (!safefile_make_parents(path, err, sizeof err)) {
        puzzle_book_free(found);
        return fmt_fail(note, note_size, _("puzzles not added: %s"), err);
    }
    struct filelock lock;
    filelock_init(&lock);
    switch (filelock_wait(&lock, path, LOCK_WAIT_MS, err, sizeof err)) {
    case FILELOCK_TAKEN:
        break;
    case FILELOCK_BUSY:
        puzzle_book_free(found);
        return fmt_fail(note, note_size, "%s",
                        _("puzzles not added: another window is adding to them"));
    case FILELOCK_ERROR:
        puzzle_book_free(found);
        return fmt_fail(note, note_size, _("puzzles not added: %s"), err);
    }
    bool ok = read_collection(path, &book, note, note_size);
    uint64_t *keys = ok ? malloc(((size_t)book.n + (size_t)found->n) * sizeof *keys) : NULL;
    if (ok && keys == NULL)
        ok = fmt_fail(note, note_size, "%s", _("puzzles not added: out of memory"));
    if (ok) {
        int n = 0;
        for (int i = 0; i < book.n; i++)
            keys[n++] = puzzle_key(&book.p[i]);
        for (int i = 0; i < found->n; i++) {
            uint64_t k = puzzle_key(&found->p[i]);
            if (known(keys, n, k) || !puzzle_book_add(&book, &found->p[i]))
                continue;
            keys[n++] = k;
            (*added)++;
        }
        /* The newest `keep`: the oldest are first in the file. */
        if (book.n > keep) {
            int drop = book.n - keep;
            for (int i = 0; i < drop; i++)
                puzzle_free(&book.p[i]);
            memmove(book.p, book.p + drop, (size_t)keep * sizeof *book.p);
            book.n = keep;
        }
        if (*added > 0 && !puzzle_book_save(path, &book, err, sizeof err)) {
            *added = 0;
            ok = fmt_fail(note, note_size, _("puzzles not added: %s"), err);
        }
    }
    free(keys);
    filelock_release(&lock);
    puzzle_book_free(&book);
    puzzle_book_free(found);
    return ok;
}

bool yours_collect(const char *path, const struct game *g, const struct analysis *a,
                   const char *label, const atomic_bool *stop, int *added, char *note,
                   size_t note_size)
{
    *added = 0;
    note[0] = '\0';
    bool person[2];
    yours_people(g, person);
    if (!person[0] && !person[1])
        return true;
    struct puzzle_prover *pv = malloc(sizeof *pv);
    if (pv == NULL || !puzzle_prover_init(pv)) {
        free(pv);
        return fmt_fail(note, note_size, "%s", _("puzzles not added: out of memory"));
    }
    struct puzzle_book found;
    puzzle_book_init(&found);
    yours_find(pv, g, a, label, stop, &found);
    puzzle_prover_free(pv);
    free(pv);
    if (stop != NULL && atomic_load(stop)) {
        puzzle_book_free(&found);
        return true;
    }
    return yours_add(path, &found, added, note, note_size);
}
