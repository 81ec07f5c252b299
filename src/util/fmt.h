/* fmt.h — printf into a caller's buffer, for modules that report through a
 * (char *buf, size_t size) pair.
 *
 * fmt_fail writes a reason and returns false, so a function that fails can
 * say why in one statement: `return fmt_fail(err, size, "%s: ...", path);`.
 * fmt_fits formats like snprintf and says whether everything fitted (a cut
 * path must not be used). Both always terminate buf when size > 0; neither
 * allocates.
 */
#ifndef MNK_UTIL_FMT_H
#define MNK_UTIL_FMT_H

#include <stdbool.h>
#include <stddef.h>

bool fmt_fail(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

bool fmt_fits(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
