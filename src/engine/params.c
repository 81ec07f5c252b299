/* params.c — the search's tunable constants; see params.h. */
#include "engine/params.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mnk/i18n.h"

#define PARAM(field, tuned, lo, hi) \
    { #field, offsetof(struct search_params, field), tuned, lo, hi }

/* The tuned values: SPRT records in search.h's design note and the log. */
static const struct param_info params[] = {
    PARAM(futility_margin, 100, 20, 400),
    PARAM(fail_high_margin, 25, 5, 120),
    PARAM(lmp_base, 3, 1, 12),
    PARAM(lmp_scale, 8, 2, 32),
    PARAM(lmr_div, 16, 6, 40),
    PARAM(policy_mid, 300, 0, 1000),
    PARAM(policy_gap, 200, 40, 1000),
    PARAM(deeper_margin, 50, 0, 300),
    PARAM(deeper_scale, 20, 0, 100),
    PARAM(shallower_margin, 2, 0, 50),
    PARAM(singular_margin, 2, 1, 10),
    PARAM(aspiration_window, 75, 15, 400),
};

#define N_PARAMS ((int)(sizeof params / sizeof params[0]))

int params_count(void)
{
    return N_PARAMS;
}

const struct param_info *params_info(int i)
{
    return i >= 0 && i < N_PARAMS ? &params[i] : NULL;
}

static int *field(struct search_params *p, const struct param_info *info)
{
    return (int *)((char *)p + info->offset);
}

struct search_params params_tuned(void)
{
    struct search_params p;
    for (int i = 0; i < N_PARAMS; i++)
        *field(&p, &params[i]) = params[i].value;
    return p;
}

/* The parameter named by the `len` characters at name, or NULL. */
static const struct param_info *find(const char *name, size_t len)
{
    for (int i = 0; i < N_PARAMS; i++)
        if (strlen(params[i].name) == len && strncmp(params[i].name, name, len) == 0)
            return &params[i];
    return NULL;
}

bool params_parse(struct search_params *p, const char *spec, char *why, size_t whysize)
{
    *p = params_tuned();
    struct search_params set = *p;
    for (const char *at = spec; at != NULL && *at != '\0';) {
        const char *end = strchr(at, ',');
        size_t item = end != NULL ? (size_t)(end - at) : strlen(at);
        const char *eq = memchr(at, '=', item);
        if (eq == NULL) {
            snprintf(why, whysize, _("expected NAME=VALUE, got '%.*s'"), (int)item, at);
            return false;
        }
        const struct param_info *info = find(at, (size_t)(eq - at));
        if (info == NULL) {
            snprintf(why, whysize, _("no tunable named '%.*s'"), (int)(eq - at), at);
            return false;
        }
        char *stop;
        errno = 0;
        long v = strtol(eq + 1, &stop, 10);
        if (stop == eq + 1 || stop != at + item || errno != 0) {
            snprintf(why, whysize, _("%s: expected a whole number, got '%.*s'"), info->name,
                     (int)(at + item - eq - 1), eq + 1);
            return false;
        }
        if (v < info->min || v > info->max) {
            snprintf(why, whysize, _("%s: %ld is outside %d..%d"), info->name, v, info->min,
                     info->max);
            return false;
        }
        *field(&set, info) = (int)v;
        at = end != NULL ? end + 1 : NULL;
    }
    *p = set;
    return true;
}
