/* fuzz_puzzles.c — fuzz target: the puzzle collections' reader
 * (puzzle_book_parse, and under it the SGF tree reader).
 *
 * Checked: a refused collection leaves the book as it was, with a reason;
 * an accepted one holds puzzles whose position sets up on their board,
 * whose proofs index only their own nodes, and which, written and read
 * again, come back the same: ids, boards, positions, kinds, depths,
 * difficulties and every move of every proof. Whether a puzzle holds is
 * puzzle_verify's, too slow for here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "play/puzzlebook.h"

static void same(const struct puzzle *a, const struct puzzle *b)
{
    FUZZ_CHECK(strcmp(a->id, b->id) == 0, "id %s came back as %s", a->id, b->id);
    FUZZ_CHECK(a->width == b->width && a->height == b->height && a->win == b->win &&
                   a->rule == b->rule && a->kind == b->kind && a->depth == b->depth &&
                   a->difficulty == b->difficulty,
               "%s: its board or task changed on the way back", a->id);
    FUZZ_CHECK(a->setup.n == b->setup.n && a->setup.to_move == b->setup.to_move,
               "%s: its position changed on the way back", a->id);
    FUZZ_CHECK(puzzle_key(a) == puzzle_key(b), "%s: its stones changed on the way back", a->id);
    FUZZ_CHECK(a->proof.n == b->proof.n, "%s: %d nodes came back as %d", a->id, a->proof.n,
               b->proof.n);
    for (int i = 0; i < a->proof.n; i++)
        FUZZ_CHECK(memcmp(&a->proof.node[i], &b->proof.node[i], sizeof a->proof.node[i]) == 0,
                   "%s: node %d changed on the way back", a->id, i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    struct puzzle_book book, back;
    puzzle_book_init(&book);
    char err[512] = "";
    if (!puzzle_book_parse(text, size, &book, err, sizeof err)) {
        FUZZ_CHECK(book.n == 0, "refused, yet %d puzzles kept", book.n);
        FUZZ_CHECK(err[0] != '\0', "refused without a reason");
        puzzle_book_free(&book);
        return 0;
    }
    static struct game g;
    for (int i = 0; i < book.n; i++) {
        const struct puzzle *pz = &book.p[i];
        FUZZ_CHECK(puzzle_game(pz, &g) == NULL, "%s: its position does not set up", pz->id);
        FUZZ_CHECK(pz->proof.n >= 1 && pz->proof.n <= pz->proof.cap, "%s: %d nodes of %d",
                   pz->id, pz->proof.n, pz->proof.cap);
        for (int k = 0; k < pz->proof.n; k++) {
            const struct proof_node *nd = &pz->proof.node[k];
            FUZZ_CHECK(nd->child < pz->proof.n && nd->next < pz->proof.n &&
                           (k == 0 || (nd->move >= 0 && nd->move < board_cells(&g.board))),
                       "%s: node %d out of bounds", pz->id, k);
        }
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    FUZZ_CHECK(f != NULL, "open_memstream");
    FUZZ_CHECK(puzzle_book_write(f, &book), "an accepted book could not be written");
    fclose(f);
    puzzle_book_init(&back);
    FUZZ_CHECK(puzzle_book_parse(buf, len, &back, err, sizeof err),
               "the written book was refused: %s\n%s", err, buf);
    FUZZ_CHECK(back.n == book.n, "%d puzzles came back as %d", book.n, back.n);
    for (int i = 0; i < book.n; i++)
        same(&book.p[i], &back.p[i]);
    free(buf);
    puzzle_book_free(&back);
    puzzle_book_free(&book);
    return 0;
}
