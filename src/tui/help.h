/* help.h — the help overlay: the rules in brief and every key of each
 * screen of the table that has a help title (screen.h: the game, the
 * review, the menu and the Load screen), read from their key tables so it
 * can never go stale.
 * Drawn over the current screen; ↑/↓ scroll it when the window is short,
 * any other key closes it.
 * Also the walks over a key table that those screens share: their
 * *_help_line functions list it (help_table_line, through HELP_TABLE_LINE)
 * and their *_key handlers look a key up in it (help_table_find, through
 * HELP_TABLE_FIND).
 */
#ifndef MNK_TUI_HELP_H
#define MNK_TUI_HELP_H

#include <stdbool.h>
#include <stddef.h>

struct help {
    int scroll;     /* the first line shown */
};

void help_init(struct help *h);

unsigned help_key(struct help *h, int key);

void help_draw(const struct help *h);

/* The i-th documented row of a key table: its keys as the help names them
 * and what they do, both marked with N_(); false past the last. The table
 * is n rows of `size` bytes, each with a `const char *` at keys_at and one
 * at help_at; a row whose keys are NULL (an alias of the key above it) is
 * not listed. */
bool help_table_line(const void *rows, size_t n, size_t size, size_t keys_at,
                     size_t help_at, int i, const char **keys, const char **help);

/* help_table_line over the array `table` of struct `type`, whose members
 * `keys` and `help` are the two texts. */
#define HELP_TABLE_LINE(type, table, i, keys_out, help_out)                          \
    help_table_line((table), sizeof(table) / sizeof(table)[0], sizeof(table)[0],     \
                    offsetof(type, keys), offsetof(type, help), (i), (keys_out), (help_out))

/* The first row of a key table (n rows of `size` bytes, each with an int at
 * key_at) whose key is `key`; NULL when there is none. */
const void *help_table_find(const void *rows, size_t n, size_t size, size_t key_at, int key);

/* help_table_find over the array `table` of struct `type`, whose member
 * `key` is the key, as a `const type *`. */
#define HELP_TABLE_FIND(type, table, key_in)                                         \
    ((const type *)help_table_find((table), sizeof(table) / sizeof(table)[0],        \
                                   sizeof(table)[0], offsetof(type, key), (key_in)))

#endif
