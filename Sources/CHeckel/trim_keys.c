/*
 * The common prefix and suffix of two key arrays whose equal keys are equal
 * elements, for heckel_run's trim: plain keys (no equality callback), and
 * 8-byte keys read where they lie at a stride (heckel_match_keys_at_stride,
 * such as the integer ids of a list's records), and records of 8 or 16 bytes
 * (heckel_match_records: UUIDs, Swift's short strings), whose equality is
 * memcmp of those bytes, so equal words are equal records. Four keys per step, one
 * branch per four, where the element-by-element loop reloads the input's
 * form and callback for each pair; in the bench's 100-element random mix
 * most elements are trimmed, so this loop is much of a small diff's work.
 */
#include "element_bytes.h"
#include "internal.h"

/* Whether keys n of p and q differ (stride bytes apart, unaligned): their
 * first word, and their second when they are `size` 16 bytes. */
#define WORD_DIFF(p, q, n, stride, at) (heckel_load64((p) + (n) * (stride) + (at)) ^ heckel_load64((q) + (n) * (stride) + (at)))
#define KEY_DIFF(p, q, n, stride) \
    (WORD_DIFF(p, q, n, stride, 0) | (size == 16 ? WORD_DIFF(p, q, n, stride, 8) : 0))

/* Keys k from start on equal, four at a time, up to end: the first unequal
 * one, or end. backward: a and b point one stride past their last keys and
 * key k is the one (k + 1) strides before. */
static inline __attribute__((always_inline)) size_t
equal_until(const unsigned char *a, const unsigned char *b, size_t size, size_t stride, size_t start, size_t end,
            bool backward) {
    size_t k = start;
    if (backward) {
        /* Pointers stepped down by subtraction: adding a wrapped unsigned
         * offset would be undefined (UBSan's pointer-overflow). */
        for (; end - k >= 4; k += 4) {
            const unsigned char *p = a - (k + 4) * stride, *q = b - (k + 4) * stride; /* keys k + 3 .. k */
            if (KEY_DIFF(p, q, 0, stride) | KEY_DIFF(p, q, 1, stride) | KEY_DIFF(p, q, 2, stride) |
                KEY_DIFF(p, q, 3, stride))
                break;
        }
        while (k < end && !KEY_DIFF(a - (k + 1) * stride, b - (k + 1) * stride, 0, stride)) k++;
    } else {
        for (; end - k >= 4; k += 4) {
            const unsigned char *p = a + k * stride, *q = b + k * stride;
            if (KEY_DIFF(p, q, 0, stride) | KEY_DIFF(p, q, 1, stride) | KEY_DIFF(p, q, 2, stride) |
                KEY_DIFF(p, q, 3, stride))
                break;
        }
        while (k < end && !KEY_DIFF(a, b, k, stride)) k++;
    }
    return k;
}

/* heckel_trim_keys for one size, stride form and direction (all constant once inlined). */
static inline __attribute__((always_inline)) bool
trim(const heckel_env *env, const unsigned char *a, const unsigned char *b, size_t size, size_t stride, size_t count,
     bool backward, size_t *length) {
    size_t k = 0;
    while (k < count) {
        /* Up to the next polling point, where the element-by-element loop
         * polls (heckel_poll on the length once it reaches it). */
        size_t stop = (k | HECKEL_POLL_MASK) + 1;
        size_t end = stop < count ? stop : count;
        k = equal_until(a, b, size, stride, k, end, backward);
        if (k < end) break;
        if (heckel_poll(env, k)) return false;
    }
    *length = k;
    return true;
}

bool heckel_trim_keys(const heckel_env *env, const void *a, const void *b, size_t stride, size_t count,
                      bool backward, size_t *length) {
    if (stride == sizeof(uint64_t))
        return backward ? trim(env, a, b, 8, sizeof(uint64_t), count, true, length)
                        : trim(env, a, b, 8, sizeof(uint64_t), count, false, length);
    return backward ? trim(env, a, b, 8, stride, count, true, length) : trim(env, a, b, 8, stride, count, false, length);
}

bool heckel_trim_records16(const heckel_env *env, const void *a, const void *b, size_t stride, size_t count,
                           bool backward, size_t *length) {
    return backward ? trim(env, a, b, 16, stride, count, true, length) : trim(env, a, b, 16, stride, count, false, length);
}
