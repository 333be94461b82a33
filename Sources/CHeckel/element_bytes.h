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
 * pairs them without touching their bytes, for one pointer comparison per
 * pair when no address is shared. */
static inline bool heckel_same_bytes_read(const unsigned char *a, const unsigned char *b, size_t length);
static inline bool heckel_same_bytes(const unsigned char *a, const unsigned char *b, size_t length) {
    return a == b || heckel_same_bytes_read(a, b, length);
}

/* heckel_same_bytes without the address check, for callers that made it. */
static inline bool heckel_same_bytes_read(const unsigned char *a, const unsigned char *b, size_t length) {
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

/* The Swift String layout (heckel_swift_string_bytes, below). */
/* Read on the words' high halves (32-bit constants): */
#define HECKEL_SWIFT_ASCII_TAIL_HIGH 0x90000000u /* word 0: ASCII and tail-allocated */
#define HECKEL_SWIFT_LARGE_HIGH 0x70000000u      /* word 1: clear in both large forms */
#define HECKEL_SWIFT_SMALL_ASCII 0xEu            /* word 1's top nibble: small ASCII */
#define HECKEL_SWIFT_NATIVE_BIAS 32
#define HECKEL_SWIFT_COUNT 0xFFFFFFFFFFFFull    /* word 0: a large string's count */
#define HECKEL_SWIFT_SMALL_BIT (1ull << 61)      /* word 1: set in small forms only */

/* A large (native or literal) string's bytes, from its word 1, whose bits
 * 60-62 are clear in both forms: only bit 63 (immortal) is cleared, one
 * instruction (btr) where a mask of bits 60-63 takes two. */
static inline const unsigned char *heckel_swift_large_bytes(uint64_t object) {
    return (const unsigned char *)(uintptr_t)((object & ~(1ull << 63)) + HECKEL_SWIFT_NATIVE_BIAS);
}

/* The bytes of the Swift String whose 16-byte value is at value (see
 * heckel_swift_strings in heckel.h, and StringLayout.swift, which reads the
 * same layout): word 0 holds the count and flags, word 1 the object, whose
 * top nibble is the discriminator. 1110: small ASCII, up to 15 bytes in the
 * value itself, the count in bits 56-59 of word 1. 0000 (native) or 1000
 * (immortal, literals) with word 0's flags ASCII (b63) and tail-allocated
 * (b60): the bytes 32 bytes after the address in word 1's low 60 bits, the
 * count in word 0's low 48 bits. false for every other form. */
static inline __attribute__((always_inline)) bool heckel_swift_string_bytes(const unsigned char *value, const unsigned char **start,
                                             size_t *length) {
    uint64_t flags = heckel_load64(value), object = heckel_load64(value + 8);
    /* The checks on the words' high halves: 32-bit constants. */
    uint32_t flags_high = (uint32_t)(flags >> 32), object_high = (uint32_t)(object >> 32);
    if ((object_high & HECKEL_SWIFT_LARGE_HIGH) == 0) { /* large: native (0000) or immortal (1000) */
        if ((flags_high & HECKEL_SWIFT_ASCII_TAIL_HIGH) != HECKEL_SWIFT_ASCII_TAIL_HIGH) return false;
        *start = heckel_swift_large_bytes(object);
        *length = (size_t)(flags & HECKEL_SWIFT_COUNT);
        return true;
    }
    if (object_high >> 28 != HECKEL_SWIFT_SMALL_ASCII) return false;
    *start = value;
    *length = (size_t)(object >> 56) & 0xF;
    return true;
}

/* heckel_swift_string_bytes for a value already found readable: no checks,
 * no branch (small when bit 61 of word 1 is set, which it is in no native
 * or immortal large form). */
static inline __attribute__((always_inline)) const unsigned char *
heckel_swift_string_known(const unsigned char *value, size_t *length) {
    uint64_t flags = heckel_load64(value), object = heckel_load64(value + 8);
    bool small = (object & HECKEL_SWIFT_SMALL_BIT) != 0;
    *length = small ? (size_t)(object >> 56) & 0xF : (size_t)(flags & HECKEL_SWIFT_COUNT);
    return small ? value : heckel_swift_large_bytes(object);
}

/* The bytes of string k of a list (a substring's range of its base's). */
static inline __attribute__((always_inline)) bool heckel_swift_element(const heckel_swift_strings *strings, size_t k,
                                        const unsigned char **start, size_t *length) {
    const unsigned char *value = (const unsigned char *)strings->values + k * strings->stride;
    if (!strings->substring) return heckel_swift_string_bytes(value, start, length);
    if (!heckel_swift_string_bytes(value + strings->base, start, length)) return false;
    uint64_t lower = heckel_load64(value + strings->start) >> 16;
    uint64_t upper = heckel_load64(value + strings->end) >> 16;
    if (lower > upper || upper > *length) return false;
    *start += lower;
    *length = (size_t)(upper - lower);
    return true;
}

/* Span k (absolute offset) of one side of a spans input, and its length. */
static inline const unsigned char *heckel_span_at(const heckel_bytes *bytes, bool new_side, size_t k,
                                                  size_t *length) {
    const heckel_span *spans = new_side ? bytes->new_spans : bytes->old_spans;
    *length = spans[k].length;
    return spans[k].bytes;
}

/* Whether string a of one side equals string b of another (absolute
 * offsets; both lists readable), for heckel_same_elements. Two String
 * values with the same 16 bytes (one native string object, as when a new
 * list holds the old list's strings; or the same small string) are equal
 * unread. */
#ifdef HECKEL_TEST_HOOKS
#include "test_hooks.h" /* a test may count the comparisons of Swift strings */
#define HECKEL_STRING_COMPARED() (heckel_test_string_compared ? heckel_test_string_compared() : (void)0)
#else
#define HECKEL_STRING_COMPARED() ((void)0)
#endif

static inline __attribute__((always_inline)) bool
heckel_same_swift_strings(const heckel_bytes *bytes, bool a_new, size_t a, bool b_new, size_t b) {
    HECKEL_STRING_COMPARED();
    const heckel_swift_strings *a_list = a_new ? bytes->new_strings : bytes->old_strings;
    const heckel_swift_strings *b_list = b_new ? bytes->new_strings : bytes->old_strings;
    const unsigned char *a_value = (const unsigned char *)a_list->values + a * a_list->stride;
    const unsigned char *b_value = (const unsigned char *)b_list->values + b * b_list->stride;
    if (!a_list->substring && !b_list->substring) {
        uint64_t a_flags = heckel_load64(a_value), a_object = heckel_load64(a_value + 8);
        uint64_t b_object = heckel_load64(b_value + 8);
        if (a_flags == heckel_load64(b_value)) {
            if (a_object == b_object) return true;
            /* The same count and flags, and neither small (bit 61 of word
             * 1): two large strings of one length, their bytes at their
             * objects' addresses, no decoding (the usual pair: one text
             * kept from the old list in a new object). */
            if (!((uint32_t)((a_object | b_object) >> 32) & (uint32_t)(HECKEL_SWIFT_SMALL_BIT >> 32)))
                /* Word 1 differs: distinct objects (were they one, reading it is still right). */
                return heckel_same_bytes_read(heckel_swift_large_bytes(a_object), heckel_swift_large_bytes(b_object),
                                              (size_t)(a_flags & HECKEL_SWIFT_COUNT));
        }
        size_t a_length, b_length;
        const unsigned char *a_bytes = heckel_swift_string_known(a_value, &a_length);
        const unsigned char *b_bytes = heckel_swift_string_known(b_value, &b_length);
        return a_length == b_length && heckel_same_bytes(a_bytes, b_bytes, a_length);
    }
    const unsigned char *a_bytes = NULL, *b_bytes = NULL;
    size_t a_length = 0, b_length = 0;
    (void)heckel_swift_element(a_list, a, &a_bytes, &a_length);
    (void)heckel_swift_element(b_list, b, &b_bytes, &b_length);
    return a_length == b_length && heckel_same_bytes(a_bytes, b_bytes, a_length);
}

/* Whether element a of one side equals element b of another (absolute
 * offsets). Always inlined: as a call it would spill the caller's loop
 * registers, and a string comparison costs more than twice as much. */
static inline __attribute__((always_inline)) bool heckel_same_elements(const heckel_bytes *bytes, bool a_new, size_t a, bool b_new,
                                        size_t b) {
    if (bytes->old_strings) return heckel_same_swift_strings(bytes, a_new, a, b_new, b);
    if (bytes->old_records) {
        /* Records: one size, no span to read (16-byte ones take the direct
         * path's own comparison of two words, small_run.c). a is an old
         * record: both callers (the direct path's probes,
         * swift_strings_equal) pass one. */
        HECKEL_CHECK(!a_new);
        const size_t stride = bytes->stride;
        const unsigned char *a_bytes = bytes->old_records + a * stride;
        const unsigned char *b_bytes = (b_new ? bytes->new_records : bytes->old_records) + b * stride;
        return heckel_same_bytes(a_bytes, b_bytes, bytes->size);
    }
    size_t a_length, b_length;
    const unsigned char *a_bytes = heckel_span_at(bytes, a_new, a, &a_length);
    const unsigned char *b_bytes = heckel_span_at(bytes, b_new, b, &b_length);
    return a_length == b_length && heckel_same_bytes(a_bytes, b_bytes, a_length);
}

#endif
