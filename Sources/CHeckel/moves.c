/*
 * Minimal moves: the matched pairs that keep their relative order form a
 * longest increasing subsequence of old offsets taken in new order (patience
 * sorting, O(n log n), O(1) per element that extends the current longest run);
 * every other matched pair is a move.
 */
#include "internal.h"

heckel_status heckel_mark_kept(const heckel_env *env, const uint32_t *match, size_t count,
                               uint32_t *keep) {
    /* tails[l]: the new offset ending the best increasing run of length l + 1
     * found so far, the one whose old offset is smallest. keep[] first holds
     * each element's predecessor in its run. */
    uint32_t *tails = heckel_alloc(env, count, sizeof *tails);
    if (!tails) return HECKEL_OUT_OF_MEMORY;
    size_t length = 0;
    for (size_t j = 0; j < count; j++) {
        if ((j & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) {
            heckel_free(env, tails);
            return HECKEL_CANCELLED;
        }
        uint32_t v = match[j];
        if (v == HECKEL_NONE) continue;
        size_t l;
        if (length == 0 || match[tails[length - 1]] < v) {
            l = length++;
        } else { /* the first run end with an old offset above v */
            size_t lo = 0, hi = length - 1;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (match[tails[mid]] < v) lo = mid + 1; else hi = mid;
            }
            l = lo;
        }
        keep[j] = l ? tails[l - 1] : HECKEL_NONE;
        tails[l] = (uint32_t)j;
    }
    /* Walk the longest run back, overwriting predecessors with the mark. */
    for (uint32_t cur = length ? tails[length - 1] : HECKEL_NONE; cur != HECKEL_NONE;) {
        uint32_t previous = keep[cur];
        keep[cur] = HECKEL_KEEP;
        cur = previous;
    }
    heckel_free(env, tails);
    return HECKEL_OK;
}
