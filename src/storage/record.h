/* record.h — game records on disk: SGF (FF[4], GM[4]) and Piskvork's PSQ.
 *
 * A record holds the board, the rule, both players and the moves played (the
 * main line). Reading replays every move through the game controller, so a
 * record that loads is a legal game; anything else is refused with a reason
 * and the game passed in is left untouched.
 *
 * SGF: SZ[15] or SZ[cols:rows], points as two letters (column, then row from
 * the top), RU[freestyle|exact|renju|caro] (read in any case, and also the
 * names other programs write: Gomoku and Free for freestyle, Standard for
 * exact; any other value, such as an opening rule (RIF, Yamaguchi, Swap2),
 * is refused naming it: no record is read under a rule it does not say), the
 * win length in the private property
 * WIN[k] (5 when absent, as in gomoku; renju is refused with another k, as
 * game_init refuses it), players in PB/PW by name (`human`,
 * a level or strategy, a person's or a program's name — never a command:
 * reading and writing both go through record_player_from_name /
 * record_player_name, so no record starts a program), their thinking times
 * in MS[black:white] (private; 0 = what the name implies), the result in
 * RE (every draw is RE[0]; a draw the moves do not make, RE[0] or
 * RE[Draw] with the game still open after them, was agreed and reads as
 * END_AGREED). Older records' LV[black:white] (a level number) is
 * ignored.
 * A move played after its player asked for a hint carries the private
 * HINT[1] and says so in its comment. What else the main line's nodes say
 * (comments, annotations, an analysis: play/annotate.h) a listener may
 * hear (struct record_listener). The private root property
 * MNKSTAT[counted] marks a game whose end is in the player's statistics
 * (struct record_extra's `counted`). Variations are skipped: the main line
 * is the first branch at every fork.
 * The clock (mnk/gameclock.h), in FF[4]'s own properties: TM (the main
 * time, seconds) and OT (the whole control in mnk's text, "10m+5x30s",
 * tc_to_sgf) on the root; on each move's node the time left of the seat
 * that moved, BL or WL (seconds, decimals allowed: the main time, or in
 * overtime the period's), in overtime OB or OW (byo-yomi's periods or
 * Canadian moves left), and the private SPENT (the seconds the move took).
 * Read back, the clocks at every ply are those written (the other seat's
 * time on a node is not read: its clock did not run). RE[B+T] and RE[W+T]
 * are a game lost on time (END_TIME).
 *
 * PSQ: Piskvork's move list, "Piskvorky WxH, ..." then 1-based `x,y,ms`
 * lines (ms: the time the move took, as Piskvork writes it), ended by "-1"
 * or other programs' lines (players' file names); a move line after the
 * list ended is an error (a broken line in the middle). mnk adds, after
 * the "-1", a line "mnk win=K rule=R [opening=O] [tc=T]" (R a rule_name, T
 * a tc_format text) that other programs skip; without it a record is five
 * in a row, freestyle, with no clock: Piskvork's own header says the
 * players' levels and who began, never the rule. The clocks are the moves'
 * times charged in turn. Both formats may start with a UTF-8 byte-order
 * mark.
 *
 * A record whose clock is at fault (a time that is no time, TM[-5],
 * BL[abc], a clock the control cannot have, a move past its player's time)
 * is read without its clock, never refused for it: the game has no time
 * control and no move's time, and struct record_extra's `warning` says
 * what was wrong.
 */
#ifndef MNK_STORAGE_RECORD_H
#define MNK_STORAGE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mnk/game.h"

enum record_format { RECORD_SGF, RECORD_PSQ };

/* The format a file name implies: .sgf or .psq (any case). */
bool record_format_for_path(const char *path, enum record_format *out);

/* Records name players; they never start programs. The player a record's
 * name stands for: a level or a built-in strategy by its name becomes that
 * computer; "" and "human" a human; anything else (a person's name, another
 * program's, a PLAYER_ENGINE_PREFIX command from an older record) a human
 * who keeps the name as a label in `spec` — shown, written back, never run.
 * Returns true when the name was an engine command, whose label is then the
 * program's name alone (record_engine_label). */
bool record_player_from_name(const char *name, struct player *out);

/* The name a record gives player `p`: "human", a human's label, the
 * strategy name, or for an external engine its program's name — never the
 * engine command, so that no record can start a program. Returns buf. */
const char *record_player_name(const struct player *p, char *buf, size_t size);

/* The program an engine command runs, as a label: the base name of its
 * first word that is not `env` or an environment assignment ("pbrain-x"
 * for "env A=1 /opt/pbrain-x -v"), printable ASCII only, at most size - 1
 * bytes; "engine" when there is none. Returns buf. */
const char *record_engine_label(const char *command, char *buf, size_t size);

/* Writes the game (moves up to g->ply) in `fmt`. False on a write error. */
bool record_write(FILE *out, const struct game *g, enum record_format fmt);

/* Why game g cannot be written in format fmt (a PSQ record has no place
 * for a position set up before the first move), or NULL. Marked for the
 * catalogue; record_write refuses such a game, and record_save_notes
 * says why. */
const char *record_cannot_keep(const struct game *g, enum record_format fmt);

/* Notes for one move of an SGF record: a comment (C, plain text, escaped
 * here) and further properties already in SGF form ("BM[2]GW[1]", written
 * as given: the caller builds them from its own values, never from a file's
 * text). Either may be NULL. A move played after a hint has its sentence
 * saying so after the comment, unless `says_hint` (the comment says it). */
struct record_note {
    const char *comment;
    const char *props;
    bool says_hint;
};

/* Notes on a whole record: further root properties in SGF form (as kept
 * in struct record_extra), a game comment (GC) and one note per move
 * (move[i] for g->moves[i], i < g->ply); each may be NULL. */
struct record_notes {
    const char *root_props;
    const char *root_comment;
    const struct record_note *move;
    bool counted;   /* MNKSTAT[counted], see struct record_extra */
};

/* What a record says beyond the game, kept so that a convert or a load and
 * save loses nothing: the SGF root's properties mnk does not use (GC, C,
 * EV, DT, other programs' own ones, ...), as they were written. A property
 * that would not fit is left out whole. */
#define RECORD_EXTRA_MAX 16384
struct record_extra {
    char root[RECORD_EXTRA_MAX];
    /* The game's end is in the player's statistics already (the full-screen
     * game counts an end once: an undo may reopen the game, and resumed or
     * opened later it must not count again). */
    bool counted;
    /* What was left out of a record that was read all the same, in one
     * line for the player: a clock at fault ("bad time left BL[abc]: the
     * record is read without its clock"); "" when nothing was. */
    char warning[320];
};

/* The first value of root property `name` among extra's (as record_parse
 * kept them), unescaped, into buf (cut to fit): false when there is none.
 * Walks the properties one by one, so a name inside another's value (a
 * comment that quotes one) is not taken for it. */
bool record_extra_get(const struct record_extra *extra, const char *name, char *buf,
                      size_t size);

/* Appends NAME[value] to extra's root, the value escaped: false (the root
 * as it was) when it does not fit. */
bool record_extra_put(struct record_extra *extra, const char *name, const char *value);

/* record_write in SGF with the notes. False on a write error. */
bool record_write_notes(FILE *out, const struct game *g, const struct record_notes *notes);

/* Reads one game from `text` (len bytes, need not be NUL-terminated) into g.
 * On failure returns false with a one-line reason in err; g is untouched. */
bool record_parse(const char *text, size_t len, enum record_format fmt,
                  struct game *g, char *err, size_t err_size);

/* record_parse, also filling *extra (which may be NULL). */
bool record_parse_extra(const char *text, size_t len, enum record_format fmt,
                        struct game *g, struct record_extra *extra, char *err,
                        size_t err_size);

/* Hears the properties of an SGF record's main line, for what a record
 * carries beyond the game (play/annotate.h reads an analysis so).
 * `property` is called for each value of each property in the order of the
 * file, with `node` the number of its node (0 the root) and `moves` the
 * moves read so far (so the move of its node is moves[moves - 1] when mnk
 * wrote it, which puts the move first). A root property it takes (answering
 * true) is not kept in struct record_extra: the listener writes it back
 * itself. Called while the record is read: a record that then fails to
 * read leaves the listener with what it heard of it. */
struct record_listener {
    bool (*property)(void *ctx, int node, int moves, const char *id, const char *value);
    void *ctx;
};

/* record_parse_extra, telling `listener` (may be NULL; ignored for PSQ). */
bool record_parse_listen(const char *text, size_t len, enum record_format fmt,
                         struct game *g, struct record_extra *extra,
                         const struct record_listener *listener, char *err, size_t err_size);

/* record_write / record_parse on a named file, the format from its name.
 * Saving replaces the file whole or not at all (storage/safefile.h). Loading
 * reads regular files only, through safefile_read(): a directory, a pipe or
 * a device is refused at once, and so is a file of 1 MiB or more. Every
 * error names the file, and for its content the place (a byte
 * offset in SGF, a line in PSQ, or the move). */
bool record_save(const char *path, const struct game *g, char *err, size_t err_size);
bool record_load(const char *path, struct game *g, char *err, size_t err_size);

/* record_load, also filling *extra (which may be NULL). */
bool record_load_extra(const char *path, struct game *g, struct record_extra *extra,
                       char *err, size_t err_size);

/* record_load_extra, telling `listener` (may be NULL) as record_parse_listen. */
bool record_load_listen(const char *path, struct game *g, struct record_extra *extra,
                        const struct record_listener *listener, char *err, size_t err_size);

/* Saves g to path in `fmt` with the notes (SGF only; NULL for none),
 * creating missing directories with `make_dirs`. */
bool record_save_notes(const char *path, const struct game *g, enum record_format fmt,
                       const struct record_notes *notes, bool make_dirs, char *err,
                       size_t err_size);

#endif
