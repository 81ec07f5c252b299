/* record.h — game records on disk: SGF (FF[4], GM[4]) and Piskvork's PSQ.
 *
 * A record holds the board, the rule, both players and the moves played (the
 * main line). Reading replays every move through the game controller, so a
 * record that loads is a legal game; anything else is refused with a reason
 * and the game passed in is left untouched.
 *
 * SGF: SZ[15] or SZ[cols:rows], points as two letters (column, then row from
 * the top), RU[freestyle|exact], the win length in the private property
 * WIN[k] (5 when absent, as in gomoku), players in PB/PW by name (`human`,
 * a level or strategy, a person's or a program's name — never a command:
 * reading and writing both go through players_from_record /
 * players_record_name, so no record starts a program), their thinking times
 * in MS[black:white] (private; 0 = what the name implies), the result in
 * RE. Older records' LV[black:white] (a level number) is ignored.
 * A move played after its player asked for a hint carries the private
 * HINT[1] and says so in its comment. Variations are skipped: the main line
 * is the first branch at every fork.
 *
 * PSQ: Piskvork's move list, "Piskvorky WxH, ..." then 1-based `x,y,ms`
 * lines; always five in a row, freestyle.
 */
#ifndef MNK_IO_RECORD_H
#define MNK_IO_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mnk/game.h"

enum record_format { RECORD_SGF, RECORD_PSQ };

/* The format a file name implies: .sgf or .psq (any case). */
bool record_format_for_path(const char *path, enum record_format *out);

/* Writes the game (moves up to g->ply) in `fmt`. False on a write error. */
bool record_write(FILE *out, const struct game *g, enum record_format fmt);

/* Notes for one move of an SGF record: a comment (C, plain text, escaped
 * here) and further properties already in SGF form ("BM[2]GW[1]", written
 * as given: the caller builds them from its own values, never from a file's
 * text). Either may be NULL. */
struct record_note {
    const char *comment;
    const char *props;
};

/* Notes on a whole record: a game comment (GC) and one note per move
 * (move[i] for g->moves[i], i < g->ply). */
struct record_notes {
    const char *root_comment;
    const struct record_note *move;
};

/* record_write in SGF with the notes. False on a write error. */
bool record_write_notes(FILE *out, const struct game *g, const struct record_notes *notes);

/* Reads one game from `text` (len bytes, need not be NUL-terminated) into g.
 * On failure returns false with a one-line reason in err; g is untouched. */
bool record_parse(const char *text, size_t len, enum record_format fmt,
                  struct game *g, char *err, size_t err_size);

/* record_write / record_parse on a named file, the format from its name. */
bool record_save(const char *path, const struct game *g, char *err, size_t err_size);
bool record_load(const char *path, struct game *g, char *err, size_t err_size);

#endif
