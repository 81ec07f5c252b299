/* fuzz.h — the entry point shared by the fuzz targets and the corpus replay.
 *
 * Each fuzz_NAME.c defines LLVMFuzzerTestOneInput: it feeds one input to the
 * code under test and abort()s when an invariant of the result does not hold,
 * so a wrong answer is a finding just like a crash. The same file is linked
 * with libFuzzer (clang, -Dfuzz=enabled) or with replay.c (any compiler),
 * which runs every file of a corpus through it once.
 */
#ifndef MNK_TESTS_FUZZ_H
#define MNK_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Runs one input; returns 0 (libFuzzer reserves other values). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops with a message on stderr when `ok` is false. */
#define FUZZ_CHECK(ok, ...)                                                 \
    do {                                                                    \
        if (!(ok)) {                                                        \
            fprintf(stderr, "fuzz check failed at %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

#endif
