/* test_params.c — the search's tunable constants: the tuned values lie in
 * their ranges and are what an empty setting gives; a setting changes the
 * values it names and no other; a bad setting (a name not known, a value
 * not a whole number or out of range, an item without '=') is refused
 * whole, with a message naming what was wrong; and a search told other
 * values plays by them (its node count to a fixed depth changes) while one
 * told the tuned values explicitly plays as one told nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "engine/params.h"
#include "mnk/ai.h"
#include "mnk/board.h"
#include "mnk/rules.h"

static int get(const struct search_params *p, const struct param_info *info)
{
    return *(const int *)((const char *)p + info->offset);
}

static void test_tuned_in_range(void **state)
{
    (void)state;
    struct search_params tuned = params_tuned(), parsed;
    char why[128];
    assert_true(params_count() > 0);
    assert_null(params_info(params_count()));
    assert_null(params_info(-1));
    assert_true(params_parse(&parsed, NULL, why, sizeof why));
    assert_memory_equal(&parsed, &tuned, sizeof tuned);
    assert_true(params_parse(&parsed, "", why, sizeof why));
    assert_memory_equal(&parsed, &tuned, sizeof tuned);
    for (int i = 0; i < params_count(); i++) {
        const struct param_info *info = params_info(i);
        assert_true(info->min <= info->value && info->value <= info->max);
        assert_int_equal(get(&tuned, info), info->value);
        for (int j = 0; j < i; j++) {
            assert_string_not_equal(params_info(j)->name, info->name);
            assert_int_not_equal(params_info(j)->offset, info->offset);
        }
    }
    /* Every field of the struct is in the table. */
    assert_int_equal(sizeof(struct search_params), (size_t)params_count() * sizeof(int));
}

static void test_setting_changes_what_it_names(void **state)
{
    (void)state;
    const struct param_info *a = params_info(0), *b = params_info(params_count() - 1);
    char spec[128], why[128];
    snprintf(spec, sizeof spec, "%s=%d,%s=%d", a->name, a->min, b->name, b->max);
    struct search_params p, tuned = params_tuned();
    assert_true(params_parse(&p, spec, why, sizeof why));
    assert_int_equal(get(&p, a), a->min);
    assert_int_equal(get(&p, b), b->max);
    for (int i = 1; i < params_count() - 1; i++)
        assert_int_equal(get(&p, params_info(i)), get(&tuned, params_info(i)));
    /* The last of two settings of one name stands. */
    snprintf(spec, sizeof spec, "%s=%d,%s=%d", a->name, a->max, a->name, a->min);
    assert_true(params_parse(&p, spec, why, sizeof why));
    assert_int_equal(get(&p, a), a->min);
}

static void refused(const char *spec, const char *said)
{
    struct search_params p, tuned = params_tuned();
    char why[128] = "";
    assert_false(params_parse(&p, spec, why, sizeof why));
    assert_memory_equal(&p, &tuned, sizeof tuned);
    if (strstr(why, said) == NULL)
        fail_msg("'%s': '%s' does not say '%s'", spec, why, said);
}

static void test_bad_settings_refused_whole(void **state)
{
    (void)state;
    const struct param_info *a = params_info(0);
    char spec[128];
    refused("no_such_thing=3", "no_such_thing");
    snprintf(spec, sizeof spec, "%s=%d,bogus=1", a->name, a->min);
    refused(spec, "bogus");
    snprintf(spec, sizeof spec, "%s=%d", a->name, a->max + 1);
    refused(spec, a->name);
    snprintf(spec, sizeof spec, "%s=%d", a->name, a->min - 1);
    refused(spec, a->name);
    snprintf(spec, sizeof spec, "%s=12x", a->name);
    refused(spec, "12x");
    snprintf(spec, sizeof spec, "%s=", a->name);
    refused(spec, a->name);
    snprintf(spec, sizeof spec, "%s=99999999999999999999", a->name);
    refused(spec, a->name);
    refused("lmr_div", "lmr_div");
}

static void keep_info(void *ctx, const struct ai_info *info)
{
    *(uint64_t *)ctx = info->nodes;
}

/* Nodes the search spends on a middle-game position to depth 6. */
static uint64_t nodes_to_depth(const char *tune)
{
    struct ai_options opts = { .seed = 1, .memory = (size_t)8 << 20, .tune = tune };
    struct ai ai;
    assert_true(ai_create(&ai, "search", &opts));
    struct board b;
    assert_true(board_init(&b, 15, 15, 5, RULE_FREESTYLE));
    static const int moves[][2] = { { 7, 7 }, { 8, 8 }, { 8, 6 }, { 6, 8 }, { 9, 7 }, { 7, 9 } };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        board_place(&b, board_pos(&b, moves[i][0], moves[i][1]),
                    i % 2 ? STONE_WHITE : STONE_BLACK);
    uint64_t nodes = 0;
    struct ai_limits lim = { .max_depth = 6, .on_info = keep_info, .ctx = &nodes };
    int q = ai_choose(&ai, &b, STONE_BLACK, &lim);
    assert_in_range(q, 0, board_cells(&b) - 1);
    ai_destroy(&ai);
    assert_true(nodes > 0);
    return nodes;
}

static void test_search_plays_by_them(void **state)
{
    (void)state;
    uint64_t tuned = nodes_to_depth(NULL);
    char spec[256] = "";
    for (int i = 0; i < params_count(); i++) {
        const struct param_info *info = params_info(i);
        size_t len = strlen(spec);
        snprintf(spec + len, sizeof spec - len, "%s%s=%d", i ? "," : "", info->name, info->value);
    }
    assert_int_equal(nodes_to_depth(spec), tuned);
    assert_int_not_equal(nodes_to_depth("lmr_div=6,lmp_base=1"), tuned);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tuned_in_range),
        cmocka_unit_test(test_setting_changes_what_it_names),
        cmocka_unit_test(test_bad_settings_refused_whole),
        cmocka_unit_test(test_search_plays_by_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
