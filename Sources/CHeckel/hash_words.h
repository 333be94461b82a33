/* The key of a 16-byte record (a UUID, a Swift small string) under a call's
 * seed: one multiply-and-fold of its two 64-bit words, each first xored with
 * a secret word drawn from the seed. It is the "mum" step of wyhash (Wang Yi,
 * github.com/wangyi-fudan/wyhash, "wyhash and wyrand", 2019), the step XXH3
 * builds its 9 to 16 byte class from (mix16 in xxh3.h), here without XXH3's
 * second multiply, byte swap and length term: the key is only a table's
 * guide, every pair of equal keys is still compared by its bytes.
 *
 * The two secret words are drawn from the seed (new per call, as the keys of
 * every byte input are), independently, so no two records collide for every
 * seed: a record (a, b) and (c, d) get one key only where
 * fold((a ^ s0), (b ^ s1)) = fold((c ^ s0), (d ^ s1)) for the call's secret
 * words, which an input chosen without them meets by chance alone. */
#ifndef HECKEL_HASH_WORDS_H
#define HECKEL_HASH_WORDS_H

#include "element_bytes.h"
#include "xxh3.h"

/* The secret words of one call's 16-byte keys. */
typedef struct heckel_word_pair_secret {
    uint64_t low, high;
} heckel_word_pair_secret;

/* Two secret words from a seed: each a bijective mix (XXH3's avalanche of
 * XXH64) of the seed with a different constant, so neither is a fixed
 * function of the other's bits a caller could cancel. */
static inline heckel_word_pair_secret heckel_word_pair_secret_make(uint64_t seed) {
    return (heckel_word_pair_secret){
        .low = heckel_xxh3_avalanche_xxh64(seed ^ HECKEL_XXH3_SECRET_24),
        .high = heckel_xxh3_avalanche_xxh64(seed ^ HECKEL_XXH3_SECRET_40)};
}

/* The key of the 16 bytes whose words (as loaded from memory) are low and
 * high: for callers that keep the words to compare them. */
static inline __attribute__((always_inline)) uint64_t heckel_word_pair_key_of(uint64_t low, uint64_t high,
                                                                             heckel_word_pair_secret secret) {
    return heckel_xxh3_fold(low ^ secret.low, high ^ secret.high);
}

/* The key of the 16 bytes at p (any alignment). */
static inline __attribute__((always_inline)) uint64_t heckel_word_pair_key(const unsigned char *p,
                                                                          heckel_word_pair_secret secret) {
    return heckel_word_pair_key_of(heckel_load64(p), heckel_load64(p + 8), secret);
}

#endif
