/* analysis.h — a played game judged move by move by the search, and said
 * in words.
 *
 * analysis_run() searches every position of a game (before each move, and
 * the final one unless the game ended there) with the same budget, and
 * gives each move:
 * - `before`: the best the mover could get: what the search's preferred
 *   move gets, scored like the played one (the negated score of the
 *   position it leaves), or the proven result of the position when the
 *   search proved one; never less than `after`;
 * - `after`:  what they got, the negated score of the position their move
 *   made (a move that wins scores a win; a move that ends the game in a draw
 *   scores 0);
 * - `best`:   the move the search preferred;
 * - `mark`:   how much the move cost (analysis_judge). A move that turns a
 *   forced win into none throws the win away; one that turns a game not
 *   lost into a forced loss allows it. Otherwise the cost is the fall in
 *   expected score, the logistic curve 1 / (1 + e^(-score / ANALYSIS_SCALE))
 *   before minus after: from 0.09 an inaccuracy, from 0.18 a mistake, from
 *   0.30 a blunder. A side that is lost whatever it plays (both scores
 *   forced losses) or won either way is never marked.
 *
 * The words for a position are on the same scale (analysis_edge): a side is
 * slightly better, better or much better when its expected score is above
 * an even game's by at least what an inaccuracy, a mistake or a blunder
 * costs, so that a move's mark and the words before and after it agree: a
 * blunder played in a balanced game leaves the other side much better, a
 * mistake better, an inaccuracy slightly better. The game was
 * decided by the move after which its winner was much better (or winning)
 * to the end.
 *
 * Every text that says an analysis in words comes from here, so that the
 * review, the records' comments and `mnk analyze` say it one way: a move is
 * "3. Black j8" (the number of the pair of moves, as the move list counts),
 * and its line (struct analysis_line) "3. Black j8 (hint) ?? blunder,
 * better f9: even -> White much better". Texts are in English (records use
 * them) or, when `local`, in the player's language (mnk/i18n.h).
 *
 * Scores are those of struct ai_info (ai.h): plies to a forced win near
 * AI_SCORE_WIN, otherwise the evaluation. The search is deterministic, so
 * with a node budget the same game always gets the same analysis.
 *
 * No I/O: progress and cancelling go through the options.
 */
#ifndef MNK_PLAY_ANALYSIS_H
#define MNK_PLAY_ANALYSIS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/advice.h"
#include "mnk/ai.h"
#include "mnk/game.h"

/* The scale is the engine's (engine/advice.h), which the game screen's
 * words and hints use too: one scale for every judgement shown. */
#define ANALYSIS_SCALE ADVICE_SCALE

enum analysis_mark {
    ANALYSIS_NONE,
    ANALYSIS_INACCURACY,
    ANALYSIS_MISTAKE,
    ANALYSIS_BLUNDER,
    ANALYSIS_MISSED_WIN,   /* had a forced win, has none after the move */
    ANALYSIS_ALLOWS_LOSS,  /* was not lost, is lost by force after the move */
};

struct analysis_move {
    int move;               /* the cell played */
    enum stone side;        /* who played it */
    int best;               /* the search's preferred move, -1 if none */
    int before;             /* the mover's best score before the move */
    int after;              /* the mover's score after it */
    int depth;              /* depth of the search of the position before */
    enum analysis_mark mark;
};

struct analysis {
    int moves;                                   /* entries in move[] */
    struct analysis_move move[BOARD_MAX_CELLS];
    int final_score;   /* the last position, Black's point of view */
    int decided;       /* index of the move after which the winner of the
                          game was never again less than much better; -1
                          for a draw, an unfinished game or a comeback to
                          the end */
    bool complete;     /* false when cancelled: moves[] holds what was done */
};

struct analysis_options {
    const char *strategy;      /* the searching player; NULL = "search" */
    struct ai_limits limits;   /* per position; on_info, ctx are overridden */
    /* Called after each position searched, done of total; may be NULL. */
    void (*progress)(void *ctx, int done, int total);
    void *ctx;
};

/* Analyses the moves of g up to g->ply into *out. The cancel flag is
 * limits.stop: when set, returns with out->complete false. False only when
 * the player cannot be created (unknown strategy, out of memory). */
bool analysis_run(const struct game *g, const struct analysis_options *opts,
                  struct analysis *out);

/* The score of g's position for the side to move, as analysis_run scores
 * each position (a forced reply that the search answers unscored is
 * played out first): a search by ai within `limits`, whose on_info and
 * ctx are overridden. g is a game still going. */
int analysis_score(struct ai *ai, const struct game *g, const struct ai_limits *limits);

/* The expected result of `score` for the side it belongs to, 0 .. 1. */
double analysis_expected(int score);

/* True when `score` is a forced win (for its side). */
bool analysis_is_win(int score);

/* The mark of a move whose mover could get `before` and got `after` (the
 * mover's scores); the rule of the header. */
enum analysis_mark analysis_judge(int before, int after);

/* Sets what follows from the judged moves of a, once every move of g up
 * to g->ply is judged: `complete`, `final_score` and `decided`; with moves
 * missing, complete false and decided -1. analysis_run ends with it, and
 * so do a copy of the moves judged so far and a reader of a stored
 * analysis (play/annotate.h), once they fill moves[]. */
void analysis_finish(const struct game *g, struct analysis *a);

/* How far ahead the side a score favours is (the header's scale, which
 * is advice_edge's: the same values). */
enum analysis_edge {
    ANALYSIS_EVEN = ADVICE_EVEN,       /* less than an inaccuracy's worth */
    ANALYSIS_SLIGHT = ADVICE_SLIGHT,   /* an inaccuracy's worth: "slightly better" */
    ANALYSIS_CLEAR = ADVICE_CLEAR,     /* a mistake's: "better" */
    ANALYSIS_LARGE = ADVICE_LARGE,     /* a blunder's: "much better" */
    ANALYSIS_FORCED = ADVICE_FORCED,   /* a forced win (or a game won) */
};

/* The edge of the side `score` favours, whichever side that is. */
enum analysis_edge analysis_edge(int score);

/* Marks of one side: a move that throws away a win or allows a forced loss
 * counts as a blunder; `hints` counts its moves played after a hint. */
struct analysis_tally {
    int inaccuracies, mistakes, blunders, hints;
};

/* The marks of the judged moves of a, and the hints of g's moves, per side
 * ([0] Black, [1] White). */
void analysis_tally(const struct game *g, const struct analysis *a, struct analysis_tally t[2]);

/* "inaccuracy", "mistake", "blunder" (for the three kinds of blunder: the
 * words of the position before and after say which it was), or "" for
 * none: English, marked for the catalogue, so a view shows _(text) when it
 * is not "". */
const char *analysis_mark_text(enum analysis_mark m);

/* "?!", "?", "??" or "" for none: the sign of a mark, as chess writes it. */
const char *analysis_mark_sign(enum analysis_mark m);

/* A score of Black's point of view in words, on the scale of the marks:
 * "even", "Black slightly better", "White much better", "Black wins in 3
 * moves", "White wins by force", "Black has won" (a five made). */
void analysis_score_words(int black_score, bool local, char *buf, size_t size);

/* Move i of g (0-based) by its number, its side and its cell: "3. Black
 * j8", numbered by pairs of moves as the move list counts. */
void analysis_move_name(const struct game *g, int i, bool local, char *buf, size_t size);

/* One move's line, in parts, so that a view can draw each its own way and
 * still lay them out as everyone else does. */
enum analysis_part {
    ANALYSIS_PART_MOVE,      /* "3. Black j8" */
    ANALYSIS_PART_HINT,      /* "(hint)": played after a hint */
    ANALYSIS_PART_MARK,      /* "?? blunder" */
    ANALYSIS_PART_BETTER,    /* "better f9": the search preferred f9 */
    ANALYSIS_PART_POSITION,  /* "even -> White much better": the position
                                before and after the move, or one when both
                                are said alike */
    ANALYSIS_PARTS
};

#define ANALYSIS_PART_MAX 128
/* A position in words ("White wins in 300 moves", in any language): two
 * and an arrow make one part. */
#define ANALYSIS_WORDS_MAX 56

struct analysis_line {
    /* What goes before each part ("", " ", ", ", ": "); NULL for a part
     * the line has not. */
    const char *lead[ANALYSIS_PARTS];
    char text[ANALYSIS_PARTS][ANALYSIS_PART_MAX];
    /* The position part without the one before the move ("White much
     * better"), for a line that has no room for both. */
    char after[ANALYSIS_WORDS_MAX];
};

/* The line of move i of g: its name and hint, and, when a judged it (a may
 * be NULL), its mark, the better move and the position before and after,
 * with `arrow` between those ("->", or a view's arrow glyph). */
void analysis_line(const struct game *g, const struct analysis *a, int i, bool local,
                   const char *arrow, struct analysis_line *out);

/* The parts of l joined as they are laid out everywhere; with `brief`, the
 * position after the move alone. */
void analysis_line_join(const struct analysis_line *l, bool brief, char *buf, size_t size);

/* What a whole analysis found, in one line: "Decided at 5. Black h12.
 * Black: 1 blunder, 1 inaccuracy. White: no mistakes, 1 hint." (no
 * "Decided" for a game not decided, or an analysis not complete). */
void analysis_summary(const struct game *g, const struct analysis *a, bool local, char *buf,
                      size_t size);

/* The summary's first sentence alone: "Decided at 5. Black h12. ", or "". */
void analysis_decided_text(const struct game *g, const struct analysis *a, bool local,
                           char *buf, size_t size);

/* One side's tally in words: "1 blunder, 1 inaccuracy", "no mistakes, 1
 * hint". */
void analysis_tally_words(const struct analysis_tally *t, bool local, char *buf, size_t size);

#endif
