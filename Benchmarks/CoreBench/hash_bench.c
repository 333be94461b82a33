/*
 * heckel_hash_bench: the core's XXH3-64 against the system's libxxhash, by
 * input length, in one process.
 *
 * Engines, each hashing the same inputs under one nonzero seed (the core
 * always hashes under a per-call seed) and writing the keys to an array, as
 * the core's key loops do:
 *   system   XXH3_64bits_withSeed of libxxhash (a call into the shared library)
 *   builtin  heckel_xxh3_builtin: the built-in implementation, out of line
 *   core     heckel_xxh3_64 as the core compiles it where libxxhash is not
 *            used (Apple platforms, HECKEL_BUILTIN_XXH3): inline up to 32
 *            bytes, with the length a constant at 8, 16 and 32 (as
 *            records.c's loops for integers and UUIDs), heckel_xxh3_builtin
 *            beyond. Where libxxhash is used the core's hash is the same
 *            inline code up to 32 bytes and the system row beyond.
 * Inputs: up to 4,096 bytes, consecutive inputs of the length in a 64 KiB
 * buffer (cache-resident, as a list's keys are while they are hashed); past
 * that, one input hashed over and over.
 * Each round times every engine once, the order rotated round by round;
 * the table gives each engine's median over the rounds: ns per hash, GB/s
 * and the ratio of its time to the system's.
 *
 * Usage: heckel_hash_bench [-r rounds] [length ...]
 *        (default: -r 21; lengths 8 16 32 64 128 240 1024 1048576)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xxhash.h> /* public API only */

#include "../../Sources/CHeckel/xxh3.h"

enum { ENGINES = 3, BUFFER = 64 << 10, MAX_ROUNDS = 1001, MAX_LENGTHS = 64 };

static const char *const engine_names[ENGINES] = {"system", "builtin", "core"};

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* passes times: input k (k < per_pass) at bytes + k * step, its key to keys[k]. */
typedef struct workload {
    const unsigned char *bytes;
    size_t length, step, per_pass, passes;
    uint64_t seed, *keys;
} workload;

static void run_system(const workload *w) {
    for (size_t pass = 0; pass < w->passes; pass++)
        for (size_t k = 0; k < w->per_pass; k++)
            w->keys[k] = XXH3_64bits_withSeed(w->bytes + k * w->step, w->length, w->seed);
}

static void run_builtin(const workload *w) {
    for (size_t pass = 0; pass < w->passes; pass++)
        for (size_t k = 0; k < w->per_pass; k++)
            w->keys[k] = heckel_xxh3_builtin(w->bytes + k * w->step, w->length, w->seed);
}

static inline __attribute__((always_inline)) void run_core_sized(const workload *w, size_t length) {
    for (size_t pass = 0; pass < w->passes; pass++)
        for (size_t k = 0; k < w->per_pass; k++)
            w->keys[k] = heckel_xxh3_64(w->bytes + k * w->step, length, w->seed);
}

static void run_core(const workload *w) {
    switch (w->length) {
    case 8: run_core_sized(w, 8); break;
    case 16: run_core_sized(w, 16); break;
    case 32: run_core_sized(w, 32); break;
    default: run_core_sized(w, w->length); break;
    }
}

static void (*const engines[ENGINES])(const workload *) = {run_system, run_builtin, run_core};

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    size_t rounds = 21, lengths[MAX_LENGTHS], length_count = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-r") && a + 1 < argc) {
            rounds = strtoul(argv[++a], NULL, 10);
        } else {
            char *end;
            unsigned long long value = strtoull(argv[a], &end, 10);
            if (*end || length_count == MAX_LENGTHS) {
                fprintf(stderr, "usage: heckel_hash_bench [-r rounds] [length ...]\n");
                return 2;
            }
            lengths[length_count++] = (size_t)value;
        }
    }
    if (rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "heckel_hash_bench: rounds must be 1 to %d\n", MAX_ROUNDS);
        return 2;
    }
    if (!length_count) {
        const size_t defaults[] = {8, 16, 32, 64, 128, 240, 1024, 1 << 20};
        length_count = sizeof defaults / sizeof *defaults;
        memcpy(lengths, defaults, sizeof defaults);
    }
    size_t largest = BUFFER;
    for (size_t l = 0; l < length_count; l++)
        if (lengths[l] > largest) largest = lengths[l];
    unsigned char *bytes = malloc(largest);
    uint64_t *keys = malloc(BUFFER * sizeof *keys);
    if (!bytes || !keys) {
        fprintf(stderr, "heckel_hash_bench: out of memory\n");
        return 1;
    }
    uint64_t state = (uint64_t)time(NULL);
    for (size_t k = 0; k < largest; k++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        bytes[k] = (unsigned char)(state >> 56);
    }
    uint64_t seed = state | 1;

    printf("heckel_hash_bench: median of %zu interleaved rounds, ns per hash (GB/s), time / system's\n", rounds);
    printf("%9s %9s", "bytes", "hashes");
    for (int e = 0; e < ENGINES; e++) printf(" %26s", engine_names[e]);
    printf("\n");
    uint64_t check = 0;
    for (size_t l = 0; l < length_count; l++) {
        size_t length = lengths[l];
        workload w = {.bytes = bytes, .length = length, .seed = seed, .keys = keys};
        if (length <= 4096) {
            w.step = length ? length : 1;
            w.per_pass = (BUFFER - length) / w.step + 1;
        } else {
            w.step = 0;
            w.per_pass = 1;
        }
        /* About 8 MiB hashed per engine and round, and at least 8 hashes. */
        w.passes = (8u << 20) / ((length + 32) * w.per_pass);
        if (w.passes < 1) w.passes = 1;
        if (w.passes * w.per_pass < 8) w.passes = 8;
        size_t count = w.passes * w.per_pass;
        static double times[ENGINES][MAX_ROUNDS];
        for (size_t r = 0; r < rounds; r++) {
            for (int i = 0; i < ENGINES; i++) {
                int e = (int)((i + r) % ENGINES);
                double start = now_seconds();
                engines[e](&w);
                times[e][r] = now_seconds() - start;
                check += keys[w.per_pass - 1];
            }
        }
        /* The engines must agree (this is no test, but a wrong engine would
         * be timed for nothing). */
        uint64_t want = XXH3_64bits_withSeed(bytes, length, seed);
        if (heckel_xxh3_builtin(bytes, length, seed) != want || heckel_xxh3_64(bytes, length, seed) != want) {
            fprintf(stderr, "heckel_hash_bench: the engines disagree at %zu bytes\n", length);
            return 1;
        }
        double median[ENGINES];
        for (int e = 0; e < ENGINES; e++) {
            qsort(times[e], rounds, sizeof times[e][0], compare_doubles);
            median[e] = times[e][rounds / 2];
        }
        printf("%9zu %9zu", length, count);
        for (int e = 0; e < ENGINES; e++) {
            char cell[40];
            snprintf(cell, sizeof cell, "%.2f ns (%.2f) %.2fx", 1e9 * median[e] / (double)count,
                     (double)length * (double)count / median[e] / 1e9, median[e] / median[0]);
            printf(" %26s", cell);
        }
        printf("\n");
    }
    printf("(keys' checksum, so no engine's work can be skipped: %llx)\n", (unsigned long long)check);
    free(bytes);
    free(keys);
    return 0;
}
