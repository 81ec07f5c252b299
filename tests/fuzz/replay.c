/* replay.c — runs every file of the given corpus directories (or files)
 * through a fuzz target once, in name order; any compiler, no libFuzzer.
 * Exits 1 when no input was found, so a missing corpus cannot pass. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    static uint8_t buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    /* A copy of the exact size, so ASan sees any read past the input. */
    uint8_t *copy = malloc(n > 0 ? n : 1);
    if (copy == NULL)
        exit(1);
    memcpy(copy, buf, n);
    LLVMFuzzerTestOneInput(copy, n);
    free(copy);
    return 1;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
    int runs = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            runs += run_file(argv[i]);
            continue;
        }
        struct dirent **names;
        int n = scandir(argv[i], &names, NULL, by_name);
        if (n < 0) {
            perror(argv[i]);
            return 1;
        }
        for (int j = 0; j < n; j++) {
            if (names[j]->d_name[0] != '.') {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], names[j]->d_name);
                runs += run_file(path);
            }
            free(names[j]);
        }
        free(names);
    }
    fprintf(stderr, "replayed %d inputs\n", runs);
    return runs > 0 ? 0 : 1;
}
