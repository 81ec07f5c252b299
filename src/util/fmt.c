/* fmt.c — printf into a caller's buffer; see fmt.h. */
#include "util/fmt.h"

#include <stdarg.h>
#include <stdio.h>

bool fmt_fail(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return false;
}

bool fmt_fits(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < size;
}
