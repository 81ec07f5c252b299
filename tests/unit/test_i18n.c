/* test_i18n.c — the language of the text: the build tree's catalogue is
 * found; the locale's language is spoken (LANGUAGE, or LANG naming a
 * locale the system may lack); a chosen language overrides it, even under
 * the C locale, where gettext alone would ignore LANGUAGE; an unknown one
 * falls back to English; dropping the choice goes back to the locale's.
 * The process's locale and environment change: one test program of its
 * own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "util/i18n.h"
#include "mnk/i18n.h"

static void environment(const char *lang, const char *language)
{
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    setenv("LANG", lang, 1);
    if (language != NULL)
        setenv("LANGUAGE", language, 1);
    else
        unsetenv("LANGUAGE");
}

static void test_valid(void **state)
{
    (void)state;
    assert_true(i18n_valid("zh_CN"));
    assert_true(i18n_valid("en"));
    assert_true(i18n_valid("zh_CN.UTF-8"));
    assert_true(i18n_valid("zh_CN:en"));
    assert_false(i18n_valid(""));
    assert_false(i18n_valid("zh CN"));
    assert_false(i18n_valid("zh;rm"));
    assert_false(i18n_valid("abcdefghijklmnopqrstuvwxyzabcdefg"));
}

static void test_language_variable(void **state)
{
    (void)state;
    environment("C.UTF-8", "zh_CN");
    i18n_init(NULL);
    assert_string_equal(_("Black wins"), "黑方胜");
    assert_string_equal(ngettext("%d blunder", "%d blunders", 2), "%d 个败着");
    i18n_use("en");
    assert_string_equal(_("Black wins"), "Black wins");
    i18n_use("");
    assert_string_equal(_("Black wins"), "黑方胜");
}

static void test_chosen_under_c_locale(void **state)
{
    (void)state;
    environment("C", NULL);
    i18n_init(NULL);
    assert_string_equal(_("Black wins"), "Black wins");
    i18n_use("zh_CN");
    assert_string_equal(_("Black wins"), "黑方胜");
    i18n_use("xx_YY");
    assert_string_equal(_("Black wins"), "Black wins");
    i18n_use(NULL);
    assert_string_equal(_("Black wins"), "Black wins");
    assert_null(i18n_forced());
    i18n_init("zh_CN");
    assert_string_equal(_("White wins"), "白方胜");
    assert_string_equal(i18n_forced(), "zh_CN");
}

static void test_locale_name(void **state)
{
    (void)state;
    /* Installed or not, a Chinese locale's name means Chinese. */
    environment("zh_CN.UTF-8", NULL);
    i18n_init(NULL);
    assert_string_equal(_("draw"), "和棋");
    environment("fr_FR.UTF-8", NULL);
    i18n_init(NULL);
    assert_string_equal(_("draw"), "draw");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid),
        cmocka_unit_test(test_language_variable),
        cmocka_unit_test(test_chosen_under_c_locale),
        cmocka_unit_test(test_locale_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
