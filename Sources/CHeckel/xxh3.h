/* XXH3-64 with a seed (xxHash's XXH3_64bits_withSeed) as the core uses it,
 * the core's one door to XXH3.
 *
 * heckel_xxh3_64 is the core's hash. Inputs of up to 32 bytes (the keys,
 * records and short strings the core hashes in tight loops) are hashed here,
 * inline, by the project's own implementation. Longer ones go to the system's
 * libxxhash through its public API where HECKEL_SYSTEM_XXHASH is defined
 * (SwiftPM on Linux, CMake unless HECKEL_BUILTIN_XXH3), else to the built-in
 * heckel_xxh3_builtin (xxh3.c). Both give the same value for every input:
 * Tests/C/test_xxh3.c and the fuzz target fuzz_xxh3.c compare them.
 *
 * Written from xxHash's published specification (doc/xxhash_spec.md of
 * Cyan4973/xxHash, "XXH3 Algorithm Overview"), the names below are its
 * names; no code of xxHash or of a port of it. */
#ifndef HECKEL_XXH3_H
#define HECKEL_XXH3_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef HECKEL_SYSTEM_XXHASH
#include <xxhash.h>
#endif

/* XXH3-64 of length bytes at bytes (which may be NULL when length is 0)
 * under seed, by the built-in implementation alone, every length; compiled
 * in every build (xxh3.c). */
uint64_t heckel_xxh3_builtin(const void *bytes, size_t length, uint64_t seed);

#define HECKEL_XXH3_PRIME32_1 0x9E3779B1u
#define HECKEL_XXH3_PRIME32_2 0x85EBCA77u
#define HECKEL_XXH3_PRIME32_3 0xC2B2AE3Du
#define HECKEL_XXH3_PRIME64_1 0x9E3779B185EBCA87ull
#define HECKEL_XXH3_PRIME64_2 0xC2B2AE3D27D4EB4Full
#define HECKEL_XXH3_PRIME64_3 0x165667B19E3779F9ull
#define HECKEL_XXH3_PRIME64_4 0x85EBCA77C2B2AE63ull
#define HECKEL_XXH3_PRIME64_5 0x27D4EB2F165667C5ull
#define HECKEL_XXH3_PRIME_MX1 0x165667919E3779F9ull
#define HECKEL_XXH3_PRIME_MX2 0x9FB21C651E98DF25ull

/* The default secret's little-endian 64-bit words at byte offsets 0, 8, ...,
 * 64: the ones inputs of up to 32 bytes read (xxh3.c holds all 192 bytes), as
 * constants so that their combinations fold at compile time. */
#define HECKEL_XXH3_SECRET_0 0xBE4BA423396CFEB8ull
#define HECKEL_XXH3_SECRET_8 0x1CAD21F72C81017Cull
#define HECKEL_XXH3_SECRET_16 0xDB979083E96DD4DEull
#define HECKEL_XXH3_SECRET_24 0x1F67B3B7A4A44072ull
#define HECKEL_XXH3_SECRET_32 0x78E5C0CC4EE679CBull
#define HECKEL_XXH3_SECRET_40 0x2172FFCC7DD05A82ull
#define HECKEL_XXH3_SECRET_48 0x8E2443F7744608B8ull
#define HECKEL_XXH3_SECRET_56 0x4C263A81E69035E0ull
#define HECKEL_XXH3_SECRET_64 0xCB00C391BB52283Cull

/* ---- the specification's primitives ---- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HECKEL_XXH3_LITTLE(x, bits) __builtin_bswap##bits(x)
#else
#define HECKEL_XXH3_LITTLE(x, bits) (x)
#endif

/* The spec reads input and secret words little-endian, at any alignment. */
static inline uint64_t heckel_xxh3_read64(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, sizeof word);
    return HECKEL_XXH3_LITTLE(word, 64);
}

static inline uint32_t heckel_xxh3_read32(const unsigned char *p) {
    uint32_t word;
    memcpy(&word, p, sizeof word);
    return HECKEL_XXH3_LITTLE(word, 32);
}

/* lowerHalf(x * y) xor higherHalf(x * y) of the full 128-bit product. */
static inline uint64_t heckel_xxh3_fold(uint64_t x, uint64_t y) {
#ifdef __SIZEOF_INT128__
    unsigned __int128 product = (unsigned __int128)x * y;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    /* Four 32x32-bit products, schoolbook (targets with no 128-bit type,
     * such as arm64_32). */
    uint64_t x_low = (uint32_t)x, x_high = x >> 32, y_low = (uint32_t)y, y_high = y >> 32;
    uint64_t low_low = x_low * y_low, high_low = x_high * y_low;
    uint64_t low_high = x_low * y_high, high_high = x_high * y_high;
    uint64_t cross = (low_low >> 32) + (uint32_t)high_low + low_high;
    uint64_t upper = high_high + (high_low >> 32) + (cross >> 32);
    uint64_t lower = (cross << 32) | (uint32_t)low_low;
    return lower ^ upper;
#endif
}

static inline uint64_t heckel_xxh3_rotl64(uint64_t x, unsigned r) {
    return (x << r) | (x >> (64 - r));
}

/* The spec's avalanche (XXH3's final mix). */
static inline uint64_t heckel_xxh3_avalanche(uint64_t x) {
    x ^= x >> 37;
    x *= HECKEL_XXH3_PRIME_MX1;
    return x ^ (x >> 32);
}

/* The spec's avalanche_XXH64. */
static inline uint64_t heckel_xxh3_avalanche_xxh64(uint64_t x) {
    x ^= x >> 33;
    x *= HECKEL_XXH3_PRIME64_2;
    x ^= x >> 29;
    x *= HECKEL_XXH3_PRIME64_3;
    return x ^ (x >> 32);
}

/* mixStep over 16 input bytes with secret words already offset by the seed
 * (secretWords[0] + seed, secretWords[1] - seed). */
static inline uint64_t heckel_xxh3_mix16(const unsigned char *p, uint64_t secret_plus, uint64_t secret_minus) {
    return heckel_xxh3_fold(heckel_xxh3_read64(p) ^ secret_plus, heckel_xxh3_read64(p + 8) ^ secret_minus);
}

/* ---- the length classes of up to 32 bytes, each from its spec section ----
 * The secret's part of each formula is an argument ("flip"), so that a caller
 * hashing many inputs under one seed computes it once (heckel_xxh3_seeded). */

static inline uint64_t heckel_xxh3_empty(uint64_t seed) {
    return heckel_xxh3_avalanche_xxh64(seed ^ HECKEL_XXH3_SECRET_56 ^ HECKEL_XXH3_SECRET_64);
}

/* (secretWords[0] xor secretWords[1]) + seed, the u32 words of secret[0:8]. */
static inline uint64_t heckel_xxh3_flip_1to3(uint64_t seed) {
    return (uint64_t)((uint32_t)HECKEL_XXH3_SECRET_0 ^ (uint32_t)(HECKEL_XXH3_SECRET_0 >> 32)) + seed;
}

static inline uint64_t heckel_xxh3_1to3(const unsigned char *p, size_t length, uint64_t flip) {
    uint32_t combined = (uint32_t)p[length - 1] | ((uint32_t)length << 8) | ((uint32_t)p[0] << 16) |
                        ((uint32_t)p[length >> 1] << 24);
    return heckel_xxh3_avalanche_xxh64(flip ^ combined);
}

/* (secretWords[0] xor secretWords[1]) - modifiedSeed, secret[8:24]. */
static inline uint64_t heckel_xxh3_flip_4to8(uint64_t seed) {
    uint64_t modified_seed = seed ^ ((uint64_t)__builtin_bswap32((uint32_t)seed) << 32);
    return (HECKEL_XXH3_SECRET_8 ^ HECKEL_XXH3_SECRET_16) - modified_seed;
}

static inline uint64_t heckel_xxh3_4to8(const unsigned char *p, size_t length, uint64_t flip) {
    uint64_t combined = (uint64_t)heckel_xxh3_read32(p + length - 4) | ((uint64_t)heckel_xxh3_read32(p) << 32);
    uint64_t value = flip ^ combined;
    value ^= heckel_xxh3_rotl64(value, 49) ^ heckel_xxh3_rotl64(value, 24);
    value *= HECKEL_XXH3_PRIME_MX2;
    value ^= (value >> 35) + length;
    value *= HECKEL_XXH3_PRIME_MX2;
    return value ^ (value >> 28);
}

/* low: flip_low = (secret[24:32] xor secret[32:40]) + seed;
 * high: flip_high = (secret[40:48] xor secret[48:56]) - seed. */
static inline uint64_t heckel_xxh3_9to16(const unsigned char *p, size_t length, uint64_t flip_low,
                                         uint64_t flip_high) {
    uint64_t low = flip_low ^ heckel_xxh3_read64(p);
    uint64_t high = flip_high ^ heckel_xxh3_read64(p + length - 8);
    return heckel_xxh3_avalanche(length + __builtin_bswap64(low) + high + heckel_xxh3_fold(low, high));
}

/* 17 to 32 bytes: the 17-128 class with one round. secret[k] is the
 * secret's word at 8 * k, plus the seed for even k, minus it for odd k. */
static inline uint64_t heckel_xxh3_17to32(const unsigned char *p, size_t length, const uint64_t secret[4]) {
    uint64_t acc = length * HECKEL_XXH3_PRIME64_1;
    acc += heckel_xxh3_mix16(p, secret[0], secret[1]);
    acc += heckel_xxh3_mix16(p + length - 16, secret[2], secret[3]);
    return heckel_xxh3_avalanche(acc);
}

/* XXH3-64 of up to 16 bytes under seed (p may be NULL when length is 0). */
static inline uint64_t heckel_xxh3_short(const unsigned char *p, size_t length, uint64_t seed) {
    if (length > 8)
        return heckel_xxh3_9to16(p, length, (HECKEL_XXH3_SECRET_24 ^ HECKEL_XXH3_SECRET_32) + seed,
                                 (HECKEL_XXH3_SECRET_40 ^ HECKEL_XXH3_SECRET_48) - seed);
    if (length >= 4) return heckel_xxh3_4to8(p, length, heckel_xxh3_flip_4to8(seed));
    if (length) return heckel_xxh3_1to3(p, length, heckel_xxh3_flip_1to3(seed));
    return heckel_xxh3_empty(seed);
}

/* XXH3-64 of 17 to 32 bytes under seed. */
static inline uint64_t heckel_xxh3_medium32(const unsigned char *p, size_t length, uint64_t seed) {
    const uint64_t secret[4] = {HECKEL_XXH3_SECRET_0 + seed, HECKEL_XXH3_SECRET_8 - seed,
                                HECKEL_XXH3_SECRET_16 + seed, HECKEL_XXH3_SECRET_24 - seed};
    return heckel_xxh3_17to32(p, length, secret);
}

/* XXH3-64 of more than 32 bytes: the system's where the build uses it. */
static inline uint64_t heckel_xxh3_long(const unsigned char *p, size_t length, uint64_t seed) {
#ifdef HECKEL_SYSTEM_XXHASH
    return XXH3_64bits_withSeed(p, length, seed);
#else
    return heckel_xxh3_builtin(p, length, seed);
#endif
}

/* The core's hash: XXH3-64 of length bytes under seed (bytes may be NULL
 * when length is 0). Inline up to 32 bytes; with a constant length the
 * compiler keeps one class. */
static inline __attribute__((always_inline)) uint64_t heckel_xxh3_64(const void *bytes, size_t length, uint64_t seed) {
    const unsigned char *p = bytes;
    if (length <= 16) return heckel_xxh3_short(p, length, seed);
    if (length <= 32) return heckel_xxh3_medium32(p, length, seed);
    return heckel_xxh3_long(p, length, seed);
}

/* ---- many inputs under one seed ---- */

/* A seed's secret words for 9 to 32 bytes, computed once for many inputs. */
typedef struct heckel_xxh3_seeded {
    uint64_t seed, flip_low, flip_high, secret[4];
} heckel_xxh3_seeded;

static inline heckel_xxh3_seeded heckel_xxh3_seeded_make(uint64_t seed) {
    return (heckel_xxh3_seeded){
        .seed = seed,
        .flip_low = (HECKEL_XXH3_SECRET_24 ^ HECKEL_XXH3_SECRET_32) + seed,
        .flip_high = (HECKEL_XXH3_SECRET_40 ^ HECKEL_XXH3_SECRET_48) - seed,
        .secret = {HECKEL_XXH3_SECRET_0 + seed, HECKEL_XXH3_SECRET_8 - seed, HECKEL_XXH3_SECRET_16 + seed,
                   HECKEL_XXH3_SECRET_24 - seed}};
}

/* heckel_xxh3_64(p, length, h->seed), the same value (p may be NULL when
 * length is 0). */
static inline __attribute__((always_inline)) uint64_t
heckel_xxh3_64_seeded(const heckel_xxh3_seeded *h, const unsigned char *p, size_t length) {
    if (length > 16 && length <= 32) return heckel_xxh3_17to32(p, length, h->secret);
    if (length > 8 && length <= 16) return heckel_xxh3_9to16(p, length, h->flip_low, h->flip_high);
    if (length <= 8) return heckel_xxh3_short(p, length, h->seed);
    return heckel_xxh3_long(p, length, h->seed);
}

#endif
