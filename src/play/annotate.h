/* annotate.h — a game's analysis (play/analysis.h) written into its record.
 *
 * Each judged move gets a comment — its number, side and cell, the
 * evaluation before and after it (Black's point of view, as
 * analysis_score_text writes it) and the position in words, then its mark
 * and the better move — and the standard SGF annotations: BM[1] for a
 * mistake, BM[2] for a blunder (throwing away a win or allowing a forced
 * loss counts as one), DO[] for an inaccuracy, TE[1] for the first move of
 * a forced win the mover keeps; and of the position after it GB/GW (Black
 * or White better: [1], winning: [2]) or DM[1] (even). The root gets a
 * summary of the marks per side and the move that decided the game.
 *
 * Records are read by programs: nothing here is translated.
 */
#ifndef MNK_PLAY_ANNOTATE_H
#define MNK_PLAY_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "play/analysis.h"
#include "storage/record.h"
#include "mnk/game.h"

#define ANNOTATE_COMMENT_MAX 240
#define ANNOTATE_PROPS_MAX 32
#define ANNOTATE_SUMMARY_MAX 512

/* The texts the notes point into; large, so the caller decides where it
 * lives (static storage, say). */
struct annotate_texts {
    char summary[ANNOTATE_SUMMARY_MAX];
    char comment[BOARD_MAX_CELLS][ANNOTATE_COMMENT_MAX];
    char props[BOARD_MAX_CELLS][ANNOTATE_PROPS_MAX];
    struct record_note note[BOARD_MAX_CELLS];
};

/* The summary for the root comment: "Analysed by mnk. Black: 1
 * inaccuracies, ...". */
void annotate_summary(const struct game *g, const struct analysis *a, char *buf, size_t size);

/* Fills t with the notes of the judged moves of game g and the summary,
 * and *out with the notes to write (record_write_notes, record_save_notes),
 * keeping `root_props` (what the record said beyond the game; may be NULL). */
void annotate_notes(const struct game *g, const struct analysis *a, const char *root_props,
                    struct annotate_texts *t, struct record_notes *out);

#endif
