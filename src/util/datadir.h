/* datadir.h — where the data that ships with mnk lies: the openings, the
 * benchmark positions, the sample records, the puzzles.
 *
 * A binary run from its build tree (i18n_built_here) reads the checkout's
 * data/ it was built from, so that a fresh build finds what it has not
 * installed yet; an installed one reads the installed data directory. */
#ifndef MNK_UTIL_DATADIR_H
#define MNK_UTIL_DATADIR_H

#include <stddef.h>

/* The directory (no trailing '/'). */
const char *datadir(void);

/* datadir()/`name` into buf; returns buf. */
const char *datadir_path(const char *name, char *buf, size_t size);

#endif
