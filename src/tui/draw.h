/* draw.h — the look of the program in one place: the glyph of each grid
 * piece, stone and symbol in each character set, the colour and attributes of
 * each kind of thing on screen, and the few helpers that put them there.
 *
 * Character sets: Unicode box drawing and ●/○ under a UTF-8 locale; the
 * terminal's line-drawing set (ACS) with X/O otherwise; plain ASCII when the
 * terminal has no line drawing either. The full-width set (DRAW_WIDE) is
 * for terminals that draw East Asian "ambiguous" characters (●, ○, the box
 * lines, arrows) two columns wide, as many do under Chinese, Japanese and
 * Korean locales: the board in full-width forms (Ｘ Ｏ ・ ！ ＊ ＋ ：), two
 * columns on every terminal, and every other symbol in ASCII. Colour is used when the terminal has
 * it and NO_COLOR is not set; every style has a monochrome form. The two
 * sides differ in every form: Black red and bold, White cyan; without
 * colour, Black bold and White underlined.
 * Every helper clips to the screen, so drawing can never wrap or scroll,
 * and escapes what text holds that a terminal would obey (text.h), so no
 * name from a file can either.
 */
#ifndef MNK_TUI_DRAW_H
#define MNK_TUI_DRAW_H

#include <stdbool.h>

#include "mnk/board.h"

enum draw_charset { DRAW_UTF8, DRAW_ACS, DRAW_ASCII, DRAW_WIDE };

/* The drawing the player chose (D, settings). AUTO is WIDE under a Chinese,
 * Japanese or Korean language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) and
 * BEST otherwise; WIDE needs a UTF-8 locale and is BEST without one. */
enum draw_look { DRAW_LOOK_AUTO, DRAW_LOOK_BEST, DRAW_LOOK_WIDE, DRAW_LOOK_PLAIN };

enum draw_glyph {
    /* grid pieces: lines, corners, tees (T = top edge, B = bottom, L, R) */
    GLYPH_H, GLYPH_V,
    GLYPH_TL, GLYPH_TR, GLYPH_BL, GLYPH_BR,
    GLYPH_T, GLYPH_B, GLYPH_L, GLYPH_R, GLYPH_CROSS,
    /* stones */
    GLYPH_BLACK, GLYPH_WHITE,
    /* symbols used in text */
    GLYPH_TIMES, GLYPH_ELLIPSIS, GLYPH_PREV, GLYPH_NEXT, GLYPH_TURN, GLYPH_DASH,
    GLYPH_UP, GLYPH_DOWN, GLYPH_LEFT, GLYPH_RIGHT, GLYPH_DOT,
    /* an empty cell of the full-width board */
    GLYPH_POINT,
    /* threat marks: the cell makes five, an open four, a four, an open three */
    GLYPH_MARK_FIVE, GLYPH_MARK_OPEN4, GLYPH_MARK_FOUR, GLYPH_MARK_OPEN3,
    /* renju: an empty cell Black may not play */
    GLYPH_MARK_FORBID,
    GLYPH_COUNT
};

enum draw_style {
    STYLE_NORMAL,
    STYLE_TITLE,      /* the top bar */
    STYLE_GRID,
    STYLE_LABEL,      /* column letters and row numbers */
    STYLE_BLACK,      /* Black's stones */
    STYLE_WHITE,
    STYLE_MARK_BLACK, /* threat marks: cells where Black would make a shape */
    STYLE_MARK_WHITE,
    STYLE_FORBID,     /* renju: cells forbidden to Black */
    STYLE_HINT,       /* the suggested move */
    STYLE_WARN,       /* the most urgent threat, in words */
    STYLE_CURSOR,     /* the cell under the cursor */
    STYLE_LAST,       /* the marks around the last move */
    STYLE_WIN,        /* the stones of the winning line */
    STYLE_MESSAGE,
    STYLE_ERROR,
    STYLE_KEY,        /* key names in hints and help */
    STYLE_SELECTED,   /* the highlighted menu entry or button */
    STYLE_DIM,        /* unavailable entries, moves that redo would replay */
    STYLE_THINKING,
    STYLE_COUNT
};

/* Picks the character set for `look` and sets up colours; call once after
 * initscr(). */
void draw_init(enum draw_look look);

/* True when the screen shows colour (the terminal has it, NO_COLOR is not
 * set); else the sides differ by attribute alone, and the screens say so. */
bool draw_in_colour(void);

/* Switches to the character set of `look`. */
void draw_set_look(enum draw_look look);

/* The look in use (never AUTO), and the one D goes to from it: BEST, WIDE
 * (under UTF-8), PLAIN, and round again. */
enum draw_look draw_look(void);
enum draw_look draw_next_look(enum draw_look look);

/* True when board glyphs take two columns (DRAW_WIDE). */
bool draw_wide(void);

/* Columns a board glyph takes: 2 in the full-width set, else 1. */
int draw_glyph_width(void);

enum draw_charset draw_charset(void);

/* The glyph as a string, for composing text ("15×15" or "15x15"). */
const char *draw_sym(enum draw_glyph g);

/* Columns taken by `text` as draw_text shows it (UTF-8, display width,
 * escaped: see text.h). */
int draw_width(const char *text);

/* The glyph and the style of a stone of side s (BLACK or WHITE), and the
 * style of its threat marks. */
enum draw_glyph draw_stone_glyph(enum stone s);
enum draw_style draw_stone_style(enum stone s);
enum draw_style draw_mark_style(enum stone s);

/* Puts glyph g at (y, x) in style s. */
void draw_glyph(int y, int x, enum draw_glyph g, enum draw_style s);

/* Writes at most `width` columns of text at (y, x) in style s, never half
 * a character, with controls and bytes that are no text shown escaped
 * (text_escape), so that nothing drawn leaves its row or moves the
 * cursor; returns the columns written. */
int draw_text(int y, int x, int width, enum draw_style s, const char *text);

/* Like draw_text, printf-style. */
int draw_textf(int y, int x, int width, enum draw_style s, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Blanks `width` columns from (y, x) in style s. */
void draw_fill(int y, int x, int width, enum draw_style s);

/* A framed, cleared rectangle of h rows × w columns with its top-left corner
 * at (y, x), an optional title in the top edge. */
void draw_frame(int y, int x, int h, int w, enum draw_style s, const char *title);

/* A key and what it does, for a row of hints. */
struct draw_hint {
    const char *key;
    const char *what;
};

/* The n hints on row y from the left, as many whole ones as fit. */
/* Both texts of a hint are looked up in the catalogue here: mark them
 * with N_() (mnk/i18n.h). */
void draw_hints(int y, const struct draw_hint *hints, int n);

/* "terminal too small: need at least W×H", wrapped between words and
 * centred on a cleared screen. */
void draw_too_small(int need_cols, int need_rows);

#endif
