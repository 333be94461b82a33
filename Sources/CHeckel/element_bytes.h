/* Equality by bytes for the records and spans inputs, inline: shared by the
 * entry points' callbacks (general path) and the direct path (small_run.c),
 * so both compare exactly alike. */
#ifndef HECKEL_ELEMENT_BYTES_H
#define HECKEL_ELEMENT_BYTES_H

#include <string.h>

#include "internal.h"

static inline uint64_t heckel_load64(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, sizeof word);
    return word;
}

static inline uint32_t heckel_load32(const unsigned char *p) {
    uint32_t word;
    memcpy(&word, p, sizeof word);
    return word;
}

/* Short runs (strings, ids) compared inline, words overlapping at the end so
 * nothing is read past either run; long ones by memcmp. */
static inline bool heckel_same_bytes(const unsigned char *a, const unsigned char *b, size_t length) {
    if (length > 32) return memcmp(a, b, length) == 0;
    if (length >= 8) {
        for (size_t k = 0; k + 8 < length; k += 8)
            if (heckel_load64(a + k) != heckel_load64(b + k)) return false;
        return heckel_load64(a + length - 8) == heckel_load64(b + length - 8);
    }
    if (length >= 4)
        return heckel_load32(a) == heckel_load32(b) &&
               heckel_load32(a + length - 4) == heckel_load32(b + length - 4);
    for (size_t k = 0; k < length; k++)
        if (a[k] != b[k]) return false;
    return true;
}

/* Element k (absolute offset) of one side of a records or spans input, and
 * its length. */
static inline const unsigned char *heckel_element(const heckel_bytes *bytes, bool new_side, size_t k,
                                                  size_t *length) {
    const heckel_span *spans = new_side ? bytes->new_spans : bytes->old_spans;
    if (spans) {
        *length = spans[k].length;
        return spans[k].bytes;
    }
    *length = bytes->size;
    return (new_side ? bytes->new_records : bytes->old_records) + k * bytes->size;
}

/* Whether element a of one side equals element b of another (absolute offsets). */
static inline bool heckel_same_elements(const heckel_bytes *bytes, bool a_new, size_t a, bool b_new,
                                        size_t b) {
    size_t a_length, b_length;
    const unsigned char *a_bytes = heckel_element(bytes, a_new, a, &a_length);
    const unsigned char *b_bytes = heckel_element(bytes, b_new, b, &b_length);
    return a_length == b_length && heckel_same_bytes(a_bytes, b_bytes, a_length);
}

#endif
