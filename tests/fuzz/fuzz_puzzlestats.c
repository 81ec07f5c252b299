/* fuzz_puzzlestats.c — fuzz target: the puzzle record's reader
 * (puzzlestats_parse).
 *
 * The input is the file. Checked: a refused file leaves an empty record
 * and a reason of printable ASCII after the name; an accepted one keeps
 * the invariants of puzzlestats.h (counts in range, streaks no longer than
 * the puzzles solved, no more attempts than counted nor than the bound,
 * ids one word of printable ASCII, a rating exactly when something
 * counted), printing it and reading that again gives the same text, and
 * so does it after attempts are added past the history's bound. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "storage/puzzlestats.h"

#define NAME "puzzles-rating"

static void check(const struct puzzlestats *s)
{
    FUZZ_CHECK(s->solved >= 0 && s->solved <= PUZZLESTATS_COUNT_MAX && s->failed >= 0 &&
                   s->failed <= PUZZLESTATS_COUNT_MAX,
               "counts %ld %ld", s->solved, s->failed);
    FUZZ_CHECK(s->streak >= 0 && s->streak <= s->best && s->best <= s->solved,
               "streak %ld, best %ld, solved %ld", s->streak, s->best, s->solved);
    FUZZ_CHECK(s->n_history >= 0 && s->n_history <= PUZZLESTATS_HISTORY &&
                   s->n_history <= s->solved + s->failed,
               "%d attempts kept", s->n_history);
    FUZZ_CHECK(s->rated == (s->solved + s->failed > 0), "rated %d", s->rated);
    for (int i = 0; i < s->n_history; i++)
        for (const char *c = s->history[i].id; *c != '\0'; c++)
            FUZZ_CHECK(*c > 0x20 && *c < 0x7f, "byte 0x%02x in an id", (unsigned char)*c);
}

/* s printed and read back gives the same text again. */
static void round_trip(const struct puzzlestats *s)
{
    char *a = NULL, *b = NULL;
    size_t alen = 0, blen = 0;
    FILE *f = open_memstream(&a, &alen);
    FUZZ_CHECK(f != NULL, "open_memstream");
    puzzlestats_print(f, s);
    fclose(f);
    static struct puzzlestats back;
    char err[256];
    FUZZ_CHECK(puzzlestats_parse(NAME, a, alen, &back, err, sizeof err) == PUZZLESTATS_READ_OK,
               "the printed record was refused: %s\n%s", err, a);
    check(&back);
    f = open_memstream(&b, &blen);
    FUZZ_CHECK(f != NULL, "open_memstream");
    puzzlestats_print(f, &back);
    fclose(f);
    FUZZ_CHECK(alen == blen && memcmp(a, b, alen) == 0, "changed on the way back:\n%s\n%s", a, b);
    free(a);
    free(b);
}

/* A rater of fixed steps, within what a file may hold. */
static void rate(struct puzzlestats_rating *r, bool fresh, bool solved, const void *ctx)
{
    (void)ctx;
    if (fresh)
        *r = (struct puzzlestats_rating){ 1500, 350, 0.06 };
    r->rating = solved ? (r->rating < 9000 ? r->rating + 7.25 : r->rating)
                       : (r->rating > 100 ? r->rating - 7.25 : r->rating);
    r->rd = r->rd > 40 ? r->rd - 0.5 : r->rd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct puzzlestats s;
    char err[256] = "";
    enum puzzlestats_read_result r = puzzlestats_parse(NAME, (const char *)data, size, &s, err,
                                                       sizeof err);
    if (r != PUZZLESTATS_READ_OK) {
        FUZZ_CHECK(!s.rated && s.n_history == 0 && s.solved == 0 && s.failed == 0,
                   "refused, yet something is left");
        FUZZ_CHECK(strncmp(err, NAME ": ", strlen(NAME) + 2) == 0, "the reason: '%s'", err);
        for (const char *c = err; *c != '\0'; c++)
            FUZZ_CHECK(*c >= 0x20 && *c < 0x7f, "byte 0x%02x in the reason",
                       (unsigned char)*c);
        return 0;
    }
    check(&s);
    round_trip(&s);
    /* Attempts past the bound keep it all true. */
    for (int i = 0; i < PUZZLESTATS_HISTORY + 3; i++) {
        puzzlestats_add(&s, i % 3 ? "fuzz-0001" : "a b", i % 4 != 0, 1000 + i, rate, NULL);
        check(&s);
    }
    round_trip(&s);
    return 0;
}
