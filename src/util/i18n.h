/* i18n.h — which language the program speaks: the locale's, or one chosen
 * by `--lang` or in the menu; English (the source text) when there is no
 * catalogue for it.
 *
 * The catalogue (domain "mnk") is looked for in the installed locale
 * directory, or, when the running binary is the one in the build tree, in
 * the build tree's compiled catalogue, so that a fresh build speaks every
 * language without being installed.
 *
 * The choice is process-wide (the locale and the LANGUAGE variable), so
 * these are called from the main thread before any other thread starts, or
 * while none reads the catalogue. */
#ifndef MNK_UTIL_I18N_H
#define MNK_UTIL_I18N_H

#include <stdbool.h>

/* The languages the menu offers, in order, after "follow the locale". */
#define I18N_LANGS 2
extern const char *const i18n_langs[I18N_LANGS];       /* "en", "zh_CN" */
extern const char *const i18n_lang_names[I18N_LANGS];  /* each in itself */

/* Sets the locale from the environment (LC_ALL, LC_MESSAGES, LANG), binds
 * the catalogue and, when `lang` is neither NULL nor empty, speaks that
 * language (as i18n_use). Call first in main. A locale the system lacks
 * leaves the C locale with UTF-8 characters and the language its name
 * says. */
void i18n_init(const char *lang);

/* The language i18n_init was given (the command line's), or NULL. */
const char *i18n_forced(void);

/* Speaks `lang` ("zh_CN", "en", a list "zh_CN:en" as LANGUAGE takes) from
 * now on; NULL or "" goes back to what the environment chose. Text already
 * looked up keeps its language. */
void i18n_use(const char *lang);

/* The language spoken now, from the catalogue in use: one of i18n_langs
 * ("en" when no catalogue answers, English being the source text). */
const char *i18n_speaking(void);

/* The name of `lang` (one of i18n_langs) in itself, "English" for any
 * other. */
const char *i18n_lang_name(const char *lang);

/* True when this process runs the binary of its build tree, not an
 * installed one: its catalogue (and its manual) are in the build tree and
 * the checkout, where it looks for them. */
bool i18n_built_here(void);

/* True when `lang` is acceptable to i18n_use and the settings file: 1 to
 * 31 bytes of letters, digits, '_', '-', '.', '@' and ':'. */
bool i18n_valid(const char *lang);

#endif
