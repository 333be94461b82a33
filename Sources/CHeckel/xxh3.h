/* XXH3-64 as the core uses it. (Interim: the system's xxhash.h inlined.) */
#ifndef HECKEL_XXH3_H
#define HECKEL_XXH3_H

#define XXH_INLINE_ALL
#include <xxhash.h>

static inline uint64_t heckel_xxh3_64(const void *bytes, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, length, seed);
}

#endif
