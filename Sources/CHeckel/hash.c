/* The core's hash offered to callers: XXH3-64 (xxh3.h), the function the
 * matchers that hash use, so a caller's own keys agree with theirs. */
#include "internal.h"
#include "xxh3.h"

uint64_t heckel_hash_bytes(const void *bytes, size_t length) {
    return heckel_hash_bytes_with_seed(bytes, length, 0);
}

uint64_t heckel_hash_bytes_with_seed(const void *bytes, size_t length, uint64_t seed) {
    return heckel_xxh3_64(length ? bytes : "", length, seed);
}
