/*
 * The common prefix and suffix of two plain key arrays (no equality
 * callback: equal keys are equal elements), for heckel_run's trim: four keys
 * per step, one branch per four, where the element-by-element loop reloads
 * the input's form and callback for each pair (about 14 instructions per
 * pair; 80 of the 100 elements of a 100-element list-UI diff are trimmed).
 */
#include "internal.h"

/* Keys k from start on equal, four at a time, up to end: the first unequal
 * one, or end. backward: a and b point one past their last keys and key k
 * is a[-1 - k]. */
static size_t equal_until(const uint64_t *a, const uint64_t *b, size_t start, size_t end, bool backward) {
    size_t k = start;
    if (backward) {
        /* Pointers stepped down by subtraction: a[-k] with an unsigned k
         * would add a wrapped offset (undefined; UBSan's pointer-overflow). */
        for (; end - k >= 4; k += 4) {
            const uint64_t *p = a - k - 4, *q = b - k - 4; /* keys k + 3 .. k */
            if ((p[0] ^ q[0]) | (p[1] ^ q[1]) | (p[2] ^ q[2]) | (p[3] ^ q[3])) break;
        }
        while (k < end && *(a - 1 - k) == *(b - 1 - k)) k++;
    } else {
        for (; end - k >= 4; k += 4)
            if ((a[k] ^ b[k]) | (a[k + 1] ^ b[k + 1]) | (a[k + 2] ^ b[k + 2]) | (a[k + 3] ^ b[k + 3])) break;
        while (k < end && a[k] == b[k]) k++;
    }
    return k;
}

bool heckel_trim_keys(const heckel_env *env, const uint64_t *a, const uint64_t *b, size_t count,
                      bool backward, size_t *length) {
    size_t k = 0;
    while (k < count) {
        /* Up to the next polling point, where the element-by-element loop
         * polls (heckel_poll on the length once it reaches it). */
        size_t stop = (k | HECKEL_POLL_MASK) + 1;
        size_t end = stop < count ? stop : count;
        k = equal_until(a, b, k, end, backward);
        if (k < end) break;
        if (heckel_poll(env, k)) return false;
    }
    *length = k;
    return true;
}
