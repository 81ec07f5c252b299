/* i18n.c — the language of the program's text; see i18n.h. */
#include "util/i18n.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

#define DOMAIN "mnk"

const char *const i18n_langs[I18N_LANGS] = { "en", "zh_CN" };
const char *const i18n_lang_names[I18N_LANGS] = { "English", "简体中文" };

/* LANGUAGE as the environment gave it (after i18n_init's repair), to go
 * back to when a chosen language is dropped. */
static char env_language[1024];
static bool env_language_set;
/* The language i18n_init was given, or "". */
static char forced[32];

bool i18n_built_here(void)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    size_t root = strlen(MNK_BUILD_ROOT);
    return strncmp(exe, MNK_BUILD_ROOT, root) == 0 && exe[root] == '/';
}

/* The locale the environment names for messages, as setlocale reads it. */
static const char *env_locale(void)
{
    static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v != NULL && v[0] != '\0')
            return v;
    }
    return NULL;
}

static bool is_c_locale(const char *name)
{
    return name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

bool i18n_valid(const char *lang)
{
    size_t n = strlen(lang);
    return n > 0 && n < 32 &&
           strspn(lang, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.@:") == n;
}

void i18n_init(const char *lang)
{
    forced[0] = '\0';
    if (setlocale(LC_ALL, "") == NULL) {
        /* A locale the system lacks (zh_CN.UTF-8 not generated): keep
         * UTF-8 characters, and the language through LANGUAGE, which
         * gettext reads whatever the locale's name. */
        const char *name = env_locale();
        setlocale(LC_ALL, "C.UTF-8");
        const char *language = getenv("LANGUAGE");
        if (name != NULL && !is_c_locale(name) && i18n_valid(name) &&
            (language == NULL || language[0] == '\0'))
            setenv("LANGUAGE", name, 1);
    }
    const char *language = getenv("LANGUAGE");
    env_language_set = language != NULL && strlen(language) < sizeof env_language;
    if (env_language_set)
        snprintf(env_language, sizeof env_language, "%s", language);
    bindtextdomain(DOMAIN, i18n_built_here() ? MNK_BUILD_LOCALEDIR : MNK_LOCALEDIR);
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    textdomain(DOMAIN);
    if (lang != NULL && lang[0] != '\0' && i18n_valid(lang)) {
        snprintf(forced, sizeof forced, "%s", lang);
        i18n_use(lang);
    }
}

const char *i18n_forced(void)
{
    return forced[0] != '\0' ? forced : NULL;
}

const char *i18n_speaking(void)
{
    /* The empty msgid is the catalogue's header, with its Language line;
     * without a catalogue it comes back as it went. */
    const char *header = gettext("");
    const char *at = strstr(header, "Language: ");
    if (at != NULL) {
        at += strlen("Language: ");
        size_t n = strcspn(at, "\n");
        for (int i = 0; i < I18N_LANGS; i++)
            if (strlen(i18n_langs[i]) == n && strncmp(at, i18n_langs[i], n) == 0)
                return i18n_langs[i];
    }
    return i18n_langs[0];
}

const char *i18n_lang_name(const char *lang)
{
    for (int i = 0; i < I18N_LANGS; i++)
        if (strcmp(lang, i18n_langs[i]) == 0)
            return i18n_lang_names[i];
    return i18n_lang_names[0];
}

void i18n_use(const char *lang)
{
    if (lang != NULL && lang[0] != '\0') {
        setenv("LANGUAGE", lang, 1);
        /* gettext ignores LANGUAGE under the C locale, and can only show
         * what the character set holds: ask for C.UTF-8 there (English
         * needs neither). */
        if (strncmp(lang, "en", 2) != 0) {
            if (is_c_locale(setlocale(LC_MESSAGES, NULL)))
                setlocale(LC_MESSAGES, "C.UTF-8");
            if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
                setlocale(LC_CTYPE, "C.UTF-8");
        }
    } else if (env_language_set) {
        setenv("LANGUAGE", env_language, 1);
    } else {
        unsetenv("LANGUAGE");
    }
    /* A new text domain call is glibc's signal that the catalogues
     * changed: it drops the translations it has cached. */
    textdomain(DOMAIN);
}
