/* The input of Swift strings that the direct path hashes itself
 * (swift_strings.c makes it, for lists of up to HECKEL_DIRECT_MAX strings):
 * the lists and the call's hasher, and the key of one string. small_run.c
 * keys the old strings up front and a new string only when it probes the
 * table for it, never while the new list runs in the old one's order. */
#ifndef HECKEL_SWIFT_STRINGS_INPUT_H
#define HECKEL_SWIFT_STRINGS_INPUT_H

#include "element_bytes.h"
#include "xxh3.h"

typedef struct heckel_swift_strings_input {
    heckel_bytes bytes; /* first: the equality functions take the context as the bytes */
    heckel_xxh3_seeded hasher;
} heckel_swift_strings_input;

/* The key of string k (absolute offset) of a list of String values (not
 * substrings) already found readable: XXH3 of its bytes under the hasher's
 * seed, as hash_swift_strings gives it. */
static inline __attribute__((always_inline)) uint64_t
heckel_swift_string_key(const heckel_xxh3_seeded *hasher, const heckel_swift_strings *strings, size_t k) {
    size_t length;
    const unsigned char *start =
        heckel_swift_string_known((const unsigned char *)strings->values + k * strings->stride, &length);
    return heckel_xxh3_64_seeded(hasher, start, length);
}

#endif
