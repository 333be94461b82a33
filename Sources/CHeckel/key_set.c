/* Whether two lists of keys share a key: a throwaway hash set over the
 * smaller list, probed by the other. Used once per call, to check that
 * trimming the common suffix kept duplicates matched in order. */
#include "internal.h"

typedef struct key_set {
    uint64_t *keys;
    unsigned char *used;
    size_t mask;
    uint64_t seed; /* the call's: crafted keys cannot share a home slot */
} key_set;

static inline size_t set_index(const key_set *set, uint64_t key) {
    return (size_t)heckel_mix(key, set->seed) & set->mask;
}

/* Returns the slot of key, or the empty slot where it would go. */
static size_t set_find(const key_set *set, uint64_t key) {
    size_t s = set_index(set, key);
    while (set->used[s] && set->keys[s] != key) s = (s + 1) & set->mask;
    return s;
}

heckel_status heckel_keys_intersect(const heckel_env *env, const uint64_t *a, size_t a_count,
                                    heckel_key_source b, size_t b_count, bool *intersect) {
    *intersect = false;
    if (a_count == 0 || b_count == 0) return HECKEL_OK;
    heckel_key_source a_source = {.keys = a};
    const heckel_key_source *small = &a_source, *large = &b;
    size_t small_count = a_count, large_count = b_count;
    if (b_count < a_count) {
        small = &b; large = &a_source;
        small_count = b_count; large_count = a_count;
    }
    size_t capacity = 16;
    while (capacity < 2 * small_count) capacity *= 2;
    key_set set = {.keys = heckel_alloc(env, capacity, sizeof(uint64_t)),
                   .used = heckel_zalloc(env, capacity, 1), .mask = capacity - 1, .seed = env->seed};
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!set.keys || !set.used) goto done;
    status = HECKEL_CANCELLED;
    for (size_t k = 0; k < small_count; k++) {
        if (heckel_poll(env, k)) goto done;
        uint64_t key = heckel_source_key(small, k);
        size_t s = set_find(&set, key);
        set.used[s] = 1;
        set.keys[s] = key;
    }
    for (size_t k = 0; k < large_count && !*intersect; k++) {
        if (heckel_poll(env, k)) goto done;
        *intersect = set.used[set_find(&set, heckel_source_key(large, k))];
    }
    status = HECKEL_OK;
done:
    heckel_free(env, set.keys);
    heckel_free(env, set.used);
    return status;
}
