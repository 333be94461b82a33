/* The built-in XXH3-64 with a seed, every length: written from xxHash's
 * published specification (doc/xxhash_spec.md of Cyan4973/xxHash, version
 * 0.1.1, "XXH3 Algorithm Overview"; Copyright (c) Yann Collet, the document
 * free to copy with its notice). Function names follow the spec's. Inputs of
 * up to 16 bytes use xxh3.h's inline classes, shared with the core's hash.
 * Bit-identical to libxxhash's XXH3_64bits_withSeed (Tests/C/test_xxh3.c,
 * Tests/C/fuzz_xxh3.c). */
#include "xxh3.h"

/* The spec's defaultSecret. */
static const unsigned char default_secret[192] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

enum {
    SECRET_LENGTH = sizeof default_secret,
    STRIPE_LENGTH = 64,
    STRIPES_PER_BLOCK = (SECRET_LENGTH - 64) / 8,
    BLOCK_LENGTH = STRIPE_LENGTH * STRIPES_PER_BLOCK,
};

/* ---- medium inputs (17 to 240 bytes), default secret ---- */

static inline uint64_t mix_step(const unsigned char *data, size_t secret_offset, uint64_t seed) {
    const unsigned char *secret = default_secret + secret_offset;
    return heckel_xxh3_mix16(data, heckel_xxh3_read64(secret) + seed, heckel_xxh3_read64(secret + 8) - seed);
}

/* processInput_XXH3_64_17to128 and XXH3_64_17to240: round i (of
 * ((length - 1) >> 5) + 1) runs when length > 32 * i, written out; the sum
 * does not depend on the rounds' order (additions modulo 2^64). */
static __attribute__((noinline)) uint64_t xxh3_17to128(const unsigned char *input, size_t length, uint64_t seed) {
    uint64_t acc = length * HECKEL_XXH3_PRIME64_1;
    acc += mix_step(input, 0, seed) + mix_step(input + length - 16, 16, seed);
    if (length > 32) acc += mix_step(input + 16, 32, seed) + mix_step(input + length - 32, 48, seed);
    if (length > 64) acc += mix_step(input + 32, 64, seed) + mix_step(input + length - 48, 80, seed);
    if (length > 96) acc += mix_step(input + 48, 96, seed) + mix_step(input + length - 64, 112, seed);
    return heckel_xxh3_avalanche(acc);
}

/* mix_step with the seeded secret word held in a general register: an empty
 * asm the compiler must assume changes it. Without it clang packs the mix
 * steps of 129-240 byte inputs into vectors whose lanes each 128-bit
 * multiply then extracts again. */
static inline uint64_t mix_step_scalar(const unsigned char *data, size_t secret_offset, uint64_t seed) {
    const unsigned char *secret = default_secret + secret_offset;
    uint64_t secret_plus = heckel_xxh3_read64(secret) + seed;
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(secret_plus));
#endif
    return heckel_xxh3_mix16(data, secret_plus, heckel_xxh3_read64(secret + 8) - seed);
}

/* processInput_XXH3_64_129to240 and XXH3_64_17to240. */
static __attribute__((noinline)) uint64_t xxh3_129to240(const unsigned char *input, size_t length, uint64_t seed) {
    uint64_t acc = length * HECKEL_XXH3_PRIME64_1;
    size_t chunks = length >> 4;
    for (size_t i = 0; i < 8; i++) acc += mix_step_scalar(input + i * 16, i * 16, seed);
    acc = heckel_xxh3_avalanche(acc);
    for (size_t i = 8; i < chunks; i++) acc += mix_step_scalar(input + i * 16, (i - 8) * 16 + 3, seed);
    acc += mix_step(input + length - 16, 119, seed);
    return heckel_xxh3_avalanche(acc);
}

/* ---- large inputs (241 bytes and more): 8 accumulators ---- */

/* accumulate: for each lane i, acc[i ^ 1] += stripe[i] and acc[i] +=
 * lowerHalf(value) * higherHalf(value), value = stripe[i] xor secret[i].
 * Plain loops over the 8 lanes, which compilers turn into vector code. */
static inline void accumulate(uint64_t acc[8], const unsigned char *stripe, const unsigned char *secret) {
    uint64_t data[8], product[8];
    for (int i = 0; i < 8; i++) {
        data[i] = heckel_xxh3_read64(stripe + 8 * i);
        uint64_t value = data[i] ^ heckel_xxh3_read64(secret + 8 * i);
        product[i] = (value & 0xFFFFFFFFu) * (value >> 32);
    }
    for (int i = 0; i < 8; i++) acc[i] += product[i] + data[i ^ 1];
}

static inline void round_scramble(uint64_t acc[8], const unsigned char *secret) {
    for (int i = 0; i < 8; i++) {
        uint64_t a = acc[i] ^ (acc[i] >> 47);
        acc[i] = (a ^ heckel_xxh3_read64(secret + SECRET_LENGTH - 64 + 8 * i)) * HECKEL_XXH3_PRIME32_1;
    }
}

static uint64_t final_merge(const uint64_t acc[8], uint64_t init_value, const unsigned char *secret) {
    uint64_t result = init_value;
    for (int i = 0; i < 4; i++)
        result += heckel_xxh3_fold(acc[2 * i] ^ heckel_xxh3_read64(secret + 16 * i),
                                   acc[2 * i + 1] ^ heckel_xxh3_read64(secret + 16 * i + 8));
    return heckel_xxh3_avalanche(result);
}

/* XXH3_64_large over a secret of SECRET_LENGTH bytes: every full block but
 * the last in rounds (accumulate each stripe, then scramble); then the last
 * block's stripes but its last, and the input's last 64 bytes as a stripe. */
static uint64_t xxh3_large(const unsigned char *input, size_t length, const unsigned char *secret) {
    uint64_t acc[8] = {HECKEL_XXH3_PRIME32_3, HECKEL_XXH3_PRIME64_1, HECKEL_XXH3_PRIME64_2, HECKEL_XXH3_PRIME64_3,
                       HECKEL_XXH3_PRIME64_4, HECKEL_XXH3_PRIME32_2, HECKEL_XXH3_PRIME64_5, HECKEL_XXH3_PRIME32_1};
    size_t blocks = (length - 1) / BLOCK_LENGTH;
    for (size_t b = 0; b < blocks; b++) {
        const unsigned char *block = input + b * BLOCK_LENGTH;
        for (size_t n = 0; n < STRIPES_PER_BLOCK; n++)
            accumulate(acc, block + n * STRIPE_LENGTH, secret + n * 8);
        round_scramble(acc, secret);
    }
    const unsigned char *last_block = input + blocks * BLOCK_LENGTH;
    size_t full_stripes = (length - blocks * BLOCK_LENGTH - 1) / STRIPE_LENGTH;
    for (size_t n = 0; n < full_stripes; n++) accumulate(acc, last_block + n * STRIPE_LENGTH, secret + n * 8);
    accumulate(acc, input + length - STRIPE_LENGTH, secret + SECRET_LENGTH - 71);
    return final_merge(acc, (uint64_t)length * HECKEL_XXH3_PRIME64_1, secret + 11);
}

/* deriveSecret: the default secret's words, plus the seed at even ones and
 * minus it at odd ones, written back little-endian. */
static void derive_secret(uint64_t seed, unsigned char derived[SECRET_LENGTH]) {
    for (size_t i = 0; i < SECRET_LENGTH / 8; i++) {
        uint64_t word = heckel_xxh3_read64(default_secret + 8 * i) + (i % 2 ? -seed : seed);
        word = HECKEL_XXH3_LITTLE(word, 64);
        memcpy(derived + 8 * i, &word, 8);
    }
}

/* Out of line, so that shorter inputs' calls carry no frame for the
 * derived secret. */
static __attribute__((noinline)) uint64_t xxh3_large_seeded(const unsigned char *input, size_t length,
                                                            uint64_t seed) {
    if (seed == 0) return xxh3_large(input, length, default_secret); /* the derived secret under seed 0 */
    unsigned char secret[SECRET_LENGTH];
    derive_secret(seed, secret);
    return xxh3_large(input, length, secret);
}

uint64_t heckel_xxh3_builtin(const void *bytes, size_t length, uint64_t seed) {
    const unsigned char *input = bytes;
    if (length <= 16) return heckel_xxh3_short(input, length, seed);
    if (length <= 128) return xxh3_17to128(input, length, seed);
    if (length <= 240) return xxh3_129to240(input, length, seed);
    return xxh3_large_seeded(input, length, seed);
}
