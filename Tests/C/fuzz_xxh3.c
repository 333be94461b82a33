/*
 * libFuzzer target fuzz_xxh3: the core's XXH3-64 against the system's
 * libxxhash on every input. The input's first 8 bytes (little-endian, fewer
 * when it is shorter) are the seed; the rest, at every length, is hashed by
 * heckel_xxh3_builtin, the inline entries of xxh3.h (heckel_xxh3_64,
 * heckel_xxh3_64_seeded) and heckel_hash_bytes_with_seed, under that seed
 * and under 0, and each must equal XXH3_64bits_withSeed's value (and
 * XXH3_64bits's under 0). A difference aborts with both values.
 *
 *   ./fuzz_xxh3 -max_len=8192 -max_total_time=60 NEW_CORPUS Tests/C/corpus_xxh3
 * (Tests/C/corpus_xxh3/make_corpus.py writes the seed corpus: a length of
 * each class.)
 */
#include <stdio.h>
#include <stdlib.h>

#include <xxhash.h> /* the reference: public API only */

#include "../../Sources/CHeckel/xxh3.h"
#include "heckel.h"

static void expect_same(const char *who, uint64_t got, uint64_t want, size_t length, uint64_t seed) {
    if (got == want) return;
    fprintf(stderr, "fuzz_xxh3: %s of %zu bytes under seed %#llx: %#llx, libxxhash %#llx\n", who, length,
            (unsigned long long)seed, (unsigned long long)got, (unsigned long long)want);
    abort();
}

static void compare(const unsigned char *bytes, size_t length, uint64_t seed) {
    uint64_t want = XXH3_64bits_withSeed(bytes, length, seed);
    heckel_xxh3_seeded seeded = heckel_xxh3_seeded_make(seed);
    expect_same("heckel_xxh3_builtin", heckel_xxh3_builtin(bytes, length, seed), want, length, seed);
    expect_same("heckel_xxh3_64", heckel_xxh3_64(bytes, length, seed), want, length, seed);
    expect_same("heckel_xxh3_64_seeded", heckel_xxh3_64_seeded(&seeded, bytes, length), want, length, seed);
    expect_same("heckel_hash_bytes_with_seed", heckel_hash_bytes_with_seed(bytes, length, seed), want, length,
                seed);
    if (seed == 0) expect_same("XXH3_64bits (the reference, unseeded)", XXH3_64bits(bytes, length), want, length, 0);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    uint64_t seed = 0;
    size_t seed_bytes = size < 8 ? size : 8;
    for (size_t k = 0; k < seed_bytes; k++) seed |= (uint64_t)data[k] << (8 * k);
    compare(data + seed_bytes, size - seed_bytes, seed);
    if (seed) compare(data + seed_bytes, size - seed_bytes, 0);
    return 0;
}
