/* annotate.h — a game's analysis (play/analysis.h) written into its record,
 * and read back from it.
 *
 * Writing: each judged move gets a comment, its line as the review shows it
 * (analysis_line: "5. Black h12 ?? blunder, better g1: Black better ->
 * White wins in 1 move."), and properties: the standard SGF annotations
 * BM[1] for a mistake, BM[2] for a blunder (throwing away a win or allowing
 * a forced loss counts as one), DO[] for an inaccuracy, TE[1] for the first
 * move of a forced win the mover keeps; of the position after it GB/GW
 * (Black or White much better: [1], winning: [2]) or DM[1] (even), and its
 * value V (Black's point of view, in hundreds of evaluation units; none for
 * a forced result); and mnk's own MNKEVAL[before:after:best:depth]: the
 * scores before and after the move exactly (Black's point of view, as
 * struct ai_info scores them), the search's preferred move as an SGF point
 * (empty for none) and the depth it reached. The root's game comment (GC)
 * is "Analysed by mnk. " and the summary the review shows.
 *
 * Reading: a record whose moves carry MNKEVAL gives back the analysis that
 * was written, move for move (the marks, what was decided and the final
 * score follow from the scores, as analysis_finish makes them). A record of
 * an earlier mnk, with comments of the form "9. Black h12: evaluation +9.67
 * -> -#1 (...). Allows a forced loss; better g1." under AP[mnk] and a GC
 * "Analysed by mnk. ...", gives back what those say: the scores (a forced
 * win's length to the move, as they wrote it), the better move of the
 * marked moves; no depth. Nothing else is read as an analysis: a comment of
 * a foreign or hand-written record is only a comment, and a record whose
 * MNKEVAL says what mnk would not write (a score out of range, a better
 * move on a cell taken before it, a node without its move) gives none.
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
#define ANNOTATE_PROPS_MAX 96
#define ANNOTATE_SUMMARY_MAX 512

/* The texts the notes point into; large, so the caller decides where it
 * lives (static storage, say). */
struct annotate_texts {
    char summary[ANNOTATE_SUMMARY_MAX];
    char comment[BOARD_MAX_CELLS][ANNOTATE_COMMENT_MAX];
    char props[BOARD_MAX_CELLS][ANNOTATE_PROPS_MAX];
    struct record_note note[BOARD_MAX_CELLS];
};

/* The root's game comment: "Analysed by mnk. " and analysis_summary's. */
void annotate_summary(const struct game *g, const struct analysis *a, char *buf, size_t size);

/* Fills t with the notes of the judged moves of game g and the summary,
 * and *out with the notes to write (record_write_notes, record_save_notes),
 * keeping `root_props` (what the record said beyond the game; may be NULL). */
void annotate_notes(const struct game *g, const struct analysis *a, const char *root_props,
                    struct annotate_texts *t, struct record_notes *out);

/* record_parse_listen, also reading the analysis the record carries into
 * *an (an->moves 0 when it carries none). The root's GC that is mnk's
 * summary is not kept in *extra: annotate_notes writes it afresh. */
bool annotate_parse(const char *text, size_t len, enum record_format fmt, struct game *g,
                    struct record_extra *extra, struct analysis *an, char *err,
                    size_t err_size);

/* record_load_listen, also reading the analysis, as annotate_parse. */
bool annotate_load(const char *path, struct game *g, struct record_extra *extra,
                   struct analysis *an, char *err, size_t err_size);

#endif
