/* prompt.h — a one-line text field drawn over the current screen, such as
 * "Save the game as:" with a file name to edit. Typed characters (UTF-8
 * bytes too) go at the end; Backspace erases the last character, Ctrl-U the
 * whole line; Enter on a non-empty line answers with the reaction given when
 * it was opened (the caller reads `text`); Esc closes it without answering.
 * With a completion function, Tab completes the text and the field shows
 * what matched.
 */
#ifndef MNK_TUI_PROMPT_H
#define MNK_TUI_PROMPT_H

#include <stddef.h>

#define PROMPT_MAX 1024

struct prompt {
    const char *question;
    const char *hint;       /* the keys, under the field */
    char text[PROMPT_MAX];  /* NUL-terminated, len bytes */
    size_t len;
    unsigned on_enter;      /* enum react flags to return on Enter */
    /* Tab: completes `typed` into `out` and lists the matches in `names`;
     * returns how many matched (saves_complete is one). NULL: no Tab. */
    int (*complete)(const char *typed, char *out, size_t out_size, char *names,
                    size_t names_size);
    char names[240];        /* what the last Tab matched, or why nothing did */
};

/* Opens the field with `text` already in it. */
void prompt_open(struct prompt *p, const char *question, const char *hint,
                 const char *text, unsigned on_enter);

unsigned prompt_key(struct prompt *p, int key);

void prompt_draw(const struct prompt *p);

/* Draws just the field, `width` columns at (y, x), the end of a long text
 * in view, and what Tab matched on the row under it. */
void prompt_draw_field(const struct prompt *p, int y, int x, int width);

#endif
