/*
 * The core's XXH3-64 against the system's libxxhash, bit for bit: the
 * built-in heckel_xxh3_builtin (Sources/CHeckel/xxh3.c), the inline classes
 * the core hashes short inputs with (xxh3.h: heckel_xxh3_short,
 * heckel_xxh3_medium32, heckel_xxh3_64, heckel_xxh3_64_seeded), and the
 * public heckel_hash_bytes_with_seed and heckel_hash_bytes, which use the
 * system's library for long inputs where the core was built with it, against
 * XXH3_64bits_withSeed (and XXH3_64bits under seed 0):
 * - every length 0 to 4,096 at each offset 0 to 7 from an 8-aligned address,
 *   under a random seed, and under seed 0 at one offset a length;
 * - random lengths up to 4 MiB at random offsets, random seeds and 0;
 * - seeds at the edges (0, 1, 2^32 - 1, 2^32, 2^63, 2^64 - 1) on lengths at
 *   and next to every class boundary.
 * One verdict per length class, naming the first input that disagrees.
 * Built only where libxxhash is found, whichever XXH3 the core uses.
 */
#include <stdio.h>
#include <stdlib.h>

#include <xxhash.h> /* the reference: public API only */

#include "../../Sources/CHeckel/xxh3.h"
#include "test_support.h"

enum { MAX_LENGTH = 4 << 20, EXHAUSTIVE = 4096, CLASSES = 8 };

static const char *const class_names[CLASSES] = {
    "0 bytes", "1-3 bytes", "4-8 bytes", "9-16 bytes", "17-128 bytes", "129-240 bytes",
    "241-1024 bytes (last block only)", "over 1024 bytes (blocks, scramble, last block)"};

static int class_of(size_t length) {
    if (length == 0) return 0;
    if (length <= 3) return 1;
    if (length <= 8) return 2;
    if (length <= 16) return 3;
    if (length <= 128) return 4;
    if (length <= 240) return 5;
    if (length <= 1024) return 6;
    return 7;
}

/* Per class: inputs checked, inputs on which some function disagrees, the
 * first disagreement. */
typedef struct verdicts {
    size_t checked[CLASSES], wrong[CLASSES];
    char first[CLASSES][160];
} verdicts;

/* Counts the input (once, however many functions disagree on it). */
static void disagree(verdicts *v, bool *counted, int class, const char *who, size_t length, size_t offset,
                     uint64_t seed, uint64_t got, uint64_t want) {
    if (*counted) return;
    *counted = true;
    if (v->wrong[class]++) return;
    snprintf(v->first[class], sizeof v->first[class],
             "%s: length %zu, offset %zu, seed %#llx: %#llx, libxxhash %#llx", who, length, offset,
             (unsigned long long)seed, (unsigned long long)got, (unsigned long long)want);
}

/* Every function of ours on length bytes at base + offset under seed. The
 * inline entries are checked up to EXHAUSTIVE bytes (past 32 they call
 * heckel_xxh3_builtin, checked at every length). */
static void check(verdicts *v, const unsigned char *base, size_t offset, size_t length, uint64_t seed) {
    const unsigned char *p = base + offset;
    int class = class_of(length);
    uint64_t want = XXH3_64bits_withSeed(p, length, seed);
    bool counted = false;
    v->checked[class]++;
#define EXPECT_SAME(who, got)                                                                  \
    do {                                                                                       \
        uint64_t got_ = (got);                                                                 \
        if (got_ != want) disagree(v, &counted, class, who, length, offset, seed, got_, want); \
    } while (0)
    EXPECT_SAME("heckel_xxh3_builtin", heckel_xxh3_builtin(p, length, seed));
    EXPECT_SAME("heckel_hash_bytes_with_seed", heckel_hash_bytes_with_seed(p, length, seed));
    if (seed == 0) {
        EXPECT_SAME("XXH3_64bits (the reference, unseeded)", XXH3_64bits(p, length));
        EXPECT_SAME("heckel_hash_bytes", heckel_hash_bytes(p, length));
    }
    if (length <= EXHAUSTIVE) {
        EXPECT_SAME("heckel_xxh3_64 (inline)", heckel_xxh3_64(p, length, seed));
        heckel_xxh3_seeded seeded = heckel_xxh3_seeded_make(seed);
        EXPECT_SAME("heckel_xxh3_64_seeded", heckel_xxh3_64_seeded(&seeded, p, length));
    }
    if (length <= 16) EXPECT_SAME("heckel_xxh3_short", heckel_xxh3_short(p, length, seed));
    if (length > 16 && length <= 32) EXPECT_SAME("heckel_xxh3_medium32", heckel_xxh3_medium32(p, length, seed));
#undef EXPECT_SAME
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {0x58583348ull};
    unsigned char *bytes = malloc(MAX_LENGTH + 8);
    if (!bytes) abort();
    for (size_t k = 0; k < MAX_LENGTH + 8; k += 8) {
        uint64_t word = rng_next(&rng);
        for (size_t b = 0; b < 8; b++) bytes[k + b] = (unsigned char)(word >> (8 * b));
    }
    static verdicts v; /* zero */

    /* The empty input with no pointer at all (heckel_hash_bytes allows it). */
    for (int round = 0; round < 4; round++) {
        uint64_t seed = round ? rng_next(&rng) : 0, want = XXH3_64bits_withSeed(NULL, 0, seed);
        bool counted = false;
        v.checked[0]++;
        if (heckel_xxh3_builtin(NULL, 0, seed) != want)
            disagree(&v, &counted, 0, "heckel_xxh3_builtin(NULL)", 0, 0, seed, heckel_xxh3_builtin(NULL, 0, seed),
                     want);
        if (heckel_hash_bytes_with_seed(NULL, 0, seed) != want)
            disagree(&v, &counted, 0, "heckel_hash_bytes_with_seed(NULL)", 0, 0, seed,
                     heckel_hash_bytes_with_seed(NULL, 0, seed), want);
    }
    for (size_t length = 0; length <= EXHAUSTIVE; length++)
        for (size_t offset = 0; offset < 8; offset++)
            check(&v, bytes, offset, length, offset == length % 8 ? 0 : rng_next(&rng));
    for (int round = 0; round < 24; round++) {
        size_t length = (size_t)rng_below(&rng, MAX_LENGTH + 1), offset = (size_t)rng_below(&rng, 8);
        check(&v, bytes, offset, length, round % 3 ? rng_next(&rng) : 0);
    }
    const uint64_t seeds[] = {0, 1, 0xFFFFFFFFull, 0x100000000ull, 1ull << 63, ~0ull};
    const size_t lengths[] = {0,   1,   2,   3,   4,    5,    7,    8,    9,    15,   16,    17,    31,
                              32,  33,  64,  96,  127,  128,  129,  144,  239,  240,  241,   255,   256,
                              511, 960, 961, 1023, 1024, 1025, 1088, 2047, 2048, 2049, 3072, 100000, MAX_LENGTH};
    for (size_t s = 0; s < sizeof seeds / sizeof *seeds; s++)
        for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
            check(&v, bytes, (s + l) % 8, lengths[l], seeds[s]);

    for (int class = 0; class < CLASSES; class++) {
        char what[96], detail[200];
        snprintf(what, sizeof what, "XXH3-64 of %s equals libxxhash's", class_names[class]);
        snprintf(detail, sizeof detail, "%zu of %zu inputs disagree; first: %s", v.wrong[class],
                 v.checked[class], v.first[class]);
        printf("%-50s %8zu inputs, %zu disagree\n", class_names[class], v.checked[class], v.wrong[class]);
        tally_expect(&tally, v.checked[class] > 0 && v.wrong[class] == 0, what, v.wrong[class] ? detail : NULL);
    }
    free(bytes);
    return tally_finish(&tally);
}
