/* datadir.c — the data directory; see datadir.h. */
#include "util/datadir.h"

#include <stdio.h>

#include "config.h"
#include "util/i18n.h"

const char *datadir(void)
{
    return i18n_built_here() ? MNK_SOURCE_DATADIR : MNK_DATADIR;
}

const char *datadir_path(const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s", datadir(), name);
    return buf;
}
