/* i18n.h — marking the text a player reads for translation (glibc gettext).
 *
 * _("text") is the text in the player's language, looked up now; N_("text")
 * only marks a literal for the catalogue (a table's entry, a static
 * initializer) and is to be passed through _() where it is shown. Both may
 * be used in any layer: they do no I/O and keep no state of their own. The
 * language is chosen by util/i18n.h.
 *
 * Never translate what a program parses: protocol lines, record files,
 * names used as identifiers in flags and files (level and strategy names;
 * the rule words as flags take them: a view may show them translated).
 * Where word order differs between languages, mark whole sentences with
 * their arguments, not pieces: a translation may reorder them with
 * positional conversions ("%2$s ... %1$d"); the English source keeps plain
 * ones (ISO C has no positional conversions, and -Wpedantic says so). */
#ifndef MNK_I18N_H
#define MNK_I18N_H

#include <libintl.h>

#define _(text) gettext(text)
#define N_(text) (text)

#endif
