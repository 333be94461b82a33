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

/* The bits that differ between the words at offset k of a and b. */
static inline uint64_t heckel_word_diff(const unsigned char *a, const unsigned char *b, size_t k) {
    return heckel_load64(a + k) ^ heckel_load64(b + k);
}

/* Short runs (strings, ids) compared inline, words overlapping at the end so
 * nothing is read past either run, 8 to 32 bytes with one branch (the words
 * at 0 and length - 8, and from 17 bytes at 8 and length - 16, ORed); long
 * ones by memcmp. Runs at one address are equal unread: a new list that
 * holds the old list's string objects (as a list UI's next list often does)
 * pairs them without touching their bytes (about 8% less time for 21-byte
 * strings at 10^3, nothing measurable when no address is shared). */
static inline bool heckel_same_bytes(const unsigned char *a, const unsigned char *b, size_t length) {
    if (a == b) return true;
    if (length > 32) return memcmp(a, b, length) == 0;
    if (length >= 8) {
        uint64_t diff = heckel_word_diff(a, b, 0) | heckel_word_diff(a, b, length - 8);
        if (length > 16) diff |= heckel_word_diff(a, b, 8) | heckel_word_diff(a, b, length - 16);
        return diff == 0;
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
