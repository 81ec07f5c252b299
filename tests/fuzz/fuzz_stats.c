/* fuzz_stats.c — fuzz target: the statistics file's reader (stats_parse).
 *
 * The input is the file. Checked: a refused file leaves an empty record and
 * a reason of printable ASCII after the name; an accepted one keeps the
 * invariants of stats.h (rows in order and each once, boards mnk plays,
 * well-formed clocks, no more games on time than those they are of and
 * none without a clock, streaks no longer than their games, the best run
 * no more than the games won), printing it and reading that again gives
 * the same record, and so does it after one more game of each kind is
 * counted, with a clock and without, on time or not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "storage/stats.h"

#define NAME "stats"

static long of_kind(const struct stats_streak *st, long won, long lost, long drawn)
{
    return st->kind == STATS_WON ? won : st->kind == STATS_LOST ? lost
         : st->kind == STATS_DRAWN ? drawn : 0;
}

static void check_streak(const struct stats_streak *st, long best, long won, long lost,
                         long drawn)
{
    FUZZ_CHECK((st->kind == STATS_NONE) == (st->length == 0), "streak kind %d, length %ld",
               st->kind, st->length);
    FUZZ_CHECK(st->length <= of_kind(st, won, lost, drawn), "a streak of %ld, longer than its "
               "games", st->length);
    FUZZ_CHECK(best <= won, "a best run of %ld with %ld won", best, won);
    FUZZ_CHECK(st->kind != STATS_WON || st->length <= best, "a run of %ld wins, best %ld",
               st->length, best);
}

static void check(const struct stats *s)
{
    for (int i = 0; i < s->n_rows; i++) {
        const struct stats_row *r = &s->rows[i];
        FUZZ_CHECK(board_check_size(r->board.width, r->board.height, r->board.win) == NULL,
                   "a %dx%d board with k=%d", r->board.width, r->board.height, r->board.win);
        FUZZ_CHECK(r->won >= 0 && r->won <= STATS_COUNT_MAX && r->lost >= 0 &&
                       r->lost <= STATS_COUNT_MAX && r->drawn >= 0 && r->drawn <= STATS_COUNT_MAX,
                   "counts %ld %ld %ld", r->won, r->lost, r->drawn);
        FUZZ_CHECK(tc_check(&r->tc), "row %d: a clock not well formed", i);
        FUZZ_CHECK(r->lost_on_time >= 0 && r->lost_on_time <= r->lost &&
                       (r->tc.kind != TC_NONE || r->lost_on_time == 0),
                   "row %d: %ld lost on time of %ld", i, r->lost_on_time, r->lost);
        check_streak(&r->streak, r->best, r->won, r->lost, r->drawn);
        FUZZ_CHECK(stats_find(s, r->opponent, &r->board, &r->tc) == r, "row %d not found again",
                   i);
        for (const char *c = r->opponent; *c != '\0'; c++)
            FUZZ_CHECK(*c > 0x20 && *c < 0x7f, "byte 0x%02x in a name", (unsigned char)*c);
    }
    for (int i = 0; i < s->n_people; i++) {
        const struct stats_people *p = &s->people[i];
        FUZZ_CHECK(tc_check(&p->tc), "people's row %d: a clock not well formed", i);
        FUZZ_CHECK(p->on_time >= 0 && p->on_time <= p->black + p->white &&
                       (p->tc.kind != TC_NONE || p->on_time == 0),
                   "people's row %d: %ld won on time of %ld", i, p->on_time, p->black + p->white);
        FUZZ_CHECK(stats_find_people(s, &p->board, &p->tc) == p,
                   "people's row %d not found again", i);
    }
    long won, lost, drawn;
    stats_totals(s, &won, &lost, &drawn);
    check_streak(&s->streak, s->best, won, lost, drawn);
}

/* s printed and read back gives the same text again. */
static void round_trip(const struct stats *s)
{
    char *a = NULL, *b = NULL;
    size_t alen = 0, blen = 0;
    FILE *f = open_memstream(&a, &alen);
    FUZZ_CHECK(f != NULL, "open_memstream");
    stats_print(f, s);
    fclose(f);
    struct stats back;
    stats_init(&back);
    char err[256];
    FUZZ_CHECK(stats_parse(NAME, a, alen, &back, err, sizeof err) == STATS_READ_OK,
               "the printed record was refused: %s\n%s", err, a);
    check(&back);
    f = open_memstream(&b, &blen);
    FUZZ_CHECK(f != NULL, "open_memstream");
    stats_print(f, &back);
    fclose(f);
    FUZZ_CHECK(alen == blen && memcmp(a, b, alen) == 0, "changed on the way back:\n%s\n%s", a, b);
    stats_free(&back);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct stats s;
    stats_init(&s);
    char err[256] = "";
    enum stats_read_result r = stats_parse(NAME, (const char *)data, size, &s, err, sizeof err);
    if (r != STATS_READ_OK) {
        FUZZ_CHECK(s.n_rows == 0 && s.n_people == 0 && s.rows == NULL && s.people == NULL,
                   "refused, yet rows are left");
        FUZZ_CHECK(strncmp(err, NAME ": ", strlen(NAME) + 2) == 0, "the reason: '%s'", err);
        for (const char *c = err; *c != '\0'; c++)
            FUZZ_CHECK(*c >= 0x20 && *c < 0x7f, "byte 0x%02x in the reason",
                       (unsigned char)*c);
        return 0;
    }
    check(&s);
    round_trip(&s);
    /* One more game of each kind keeps it all true, on a row that is there
     * (if any) and on a new one. */
    const struct stats_board b = { 7, 7, 4, RULE_EXACT };
    const struct tc blitz = { .kind = TC_FISCHER, .main_ms = 180000, .increment_ms = 2000 };
    const enum stats_outcome all[] = { STATS_WON, STATS_LOST, STATS_DRAWN, STATS_WON,
                                       STATS_LOST };
    const enum outcome people[] = { OUTCOME_DRAW, OUTCOME_WHITE_WINS, OUTCOME_BLACK_WINS };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        bool on_time = i % 2 == 1;   /* also where no clock could run out */
        if (s.n_rows > 0) {
            struct stats_row first = s.rows[0];
            FUZZ_CHECK(stats_add(&s, first.opponent, &first.board, &first.tc, all[i], on_time),
                       "out of memory");
        }
        FUZZ_CHECK(stats_add(&s, "fuzz-engine", &b, NULL, all[i], on_time), "out of memory");
        FUZZ_CHECK(stats_add(&s, "fuzz-engine", &b, &blitz, all[i], on_time), "out of memory");
        const enum outcome o = people[i % 3];
        if (s.n_people > 0) {
            struct stats_people first = s.people[0];
            FUZZ_CHECK(stats_add_people(&s, &first.board, &first.tc, o, on_time),
                       "out of memory");
        }
        FUZZ_CHECK(stats_add_people(&s, &b, NULL, o, on_time), "out of memory");
        FUZZ_CHECK(stats_add_people(&s, &b, &blitz, o, on_time), "out of memory");
        check(&s);
    }
    round_trip(&s);
    stats_free(&s);
    return 0;
}
