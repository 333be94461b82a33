/* heckel_first_repeated_key: the first key of one list equal to an earlier
 * one, in two steps.
 *
 * Whether any key repeats: the keys, each multiplied by an odd multiplier
 * drawn per call (a bijection modulo 2^64, so equal products iff equal keys),
 * are scattered by the top bits of the product into partitions of about
 * PART_TARGET keys, and each partition goes through one open-addressing set
 * small enough for the L2 cache (linear probing, power-of-two capacity, at
 * most half full, a key's slot the product's next bits below the
 * partition's). The top bits of a product by a random odd multiplier are a
 * universal hash of the key (multiplicative hashing: Dietzfelbinger,
 * Hagerup, Katajainen and Penttonen, "A Reliable Randomized Algorithm for
 * the Closest-Pair Problem", J. Algorithms 25, 1997), so crafted keys cannot
 * crowd a partition or a slot, and one multiplication costs less than
 * heckel_mix. A partition's keys all share its top bits, so a value with
 * other top bits marks an empty slot. One big set would miss the cache on
 * nearly every key instead.
 *
 * Which key repeats first, only when one does (or straight away for lists
 * small enough for one set to stay in cache): one set over the whole list
 * in order, holding the keys themselves (0 marks an empty slot: the key 0 is
 * tracked beside the set), stopping at the first key already in it. */
#include "internal.h"

/* The most keys accepted: HECKEL_MAX_COUNT, or fewer where size_t could not
 * count the sets' bytes (4 slots of 8 bytes per key at most). Chosen by the
 * preprocessor: a constant condition in the code would be a branch no test
 * can take both ways. */
#if SIZE_MAX / 32 < 0xFFFFFFF0u
#define MOST_KEYS (SIZE_MAX / 32)
#else
#define MOST_KEYS HECKEL_MAX_COUNT
#endif

/* Keys per partition on average (half to all of it): a set of twice as many
 * 8-byte slots takes 64 to 128 KiB, well inside an L2. */
#define PART_TARGET ((size_t)4096)

/* Up to this many keys, one set of the whole list (256 to 512 KiB) stays in
 * the L2 as it is: the ordered pass alone answers, without scattering. */
#define ONE_SET_MAX ((size_t)16384)

/* The smallest power of two at least 2 * count, and at least 16. */
static size_t set_capacity(size_t count) {
    size_t capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    return capacity;
}

/* log2 of a power of two. */
static unsigned log2_of(size_t power) {
    unsigned bits = 0;
    while (((size_t)1 << bits) < power) bits++;
    return bits;
}

/* Sets *any: whether two of keys[0 ..< count] (count >= 2) are equal. */
static heckel_status any_repeat(const heckel_env *env, const uint64_t *keys, size_t count, bool *any) {
    unsigned bits = 1;
    while ((count >> bits) > PART_TARGET) bits++;
    const size_t parts = (size_t)1 << bits;
    const unsigned shift = 64 - bits;
    const uint64_t multiplier = env->seed | 1;
    size_t *starts = heckel_zalloc(env, 2 * parts + 1, sizeof(size_t)); /* starts, then cursors */
    uint64_t *scattered = heckel_alloc(env, count, sizeof(uint64_t));
    uint64_t *set = NULL;
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!starts || !scattered) goto done;
    status = HECKEL_CANCELLED;
    for (size_t k = 0; k < count; k++) {
        if (heckel_poll(env, k)) goto done;
        starts[((keys[k] * multiplier) >> shift) + 1]++;
    }
    size_t *cursors = starts + parts + 1, largest = 0;
    for (size_t p = 0; p < parts; p++) {
        largest = starts[p + 1] > largest ? starts[p + 1] : largest;
        starts[p + 1] += starts[p];
        cursors[p] = starts[p];
    }
    for (size_t k = 0; k < count; k++) {
        if (heckel_poll(env, k)) goto done;
        const uint64_t mixed = keys[k] * multiplier;
        scattered[cursors[mixed >> shift]++] = mixed;
    }
    const size_t capacity = set_capacity(largest), mask = capacity - 1;
    /* The slot: the product's bits right below the partition's. */
    const unsigned slot_shift = 64 - log2_of(capacity);
    status = HECKEL_OUT_OF_MEMORY;
    set = heckel_alloc(env, capacity, sizeof(uint64_t));
    if (!set) goto done;
    status = HECKEL_CANCELLED;
    *any = false;
    for (size_t p = 0; p < parts && !*any; p++) {
        if (heckel_poll(env, starts[p])) goto done;
        /* Top bits other than p's: no key of partition p has them. */
        const uint64_t empty = ((uint64_t)p << shift) ^ ((uint64_t)1 << 63);
        for (size_t s = 0; s < capacity; s++) set[s] = empty;
        for (size_t k = starts[p]; k < starts[p + 1] && !*any; k++) {
            const uint64_t mixed = scattered[k];
            size_t s = (size_t)((mixed << bits) >> slot_shift);
            while (set[s] != empty && set[s] != mixed) s = (s + 1) & mask;
            *any = set[s] == mixed;
            set[s] = mixed;
        }
    }
    status = HECKEL_OK;
done:
    heckel_free(env, starts);
    heckel_free(env, scattered);
    heckel_free(env, set);
    return status;
}

/* Sets *repeat: the smallest j with keys[j] equal to an earlier key, or
 * count when none. */
static heckel_status first_repeat(const heckel_env *env, const uint64_t *keys, size_t count, size_t *repeat) {
    const size_t capacity = set_capacity(count), mask = capacity - 1;
    uint64_t *set = heckel_zalloc(env, capacity, sizeof(uint64_t));
    if (!set) return HECKEL_OUT_OF_MEMORY;
    bool zero_seen = false; /* whether the key 0 came before */
    *repeat = count;
    for (size_t k = 0; k < count && *repeat == count; k++) {
        if (heckel_poll(env, k)) {
            heckel_free(env, set);
            return HECKEL_CANCELLED;
        }
        const uint64_t key = keys[k];
        if (key == 0) {
            if (zero_seen) *repeat = k;
            zero_seen = true;
            continue;
        }
        size_t s = (size_t)heckel_mix(key, env->seed) & mask;
        while (set[s] != 0 && set[s] != key) s = (s + 1) & mask;
        if (set[s] == key) *repeat = k;
        set[s] = key;
    }
    heckel_free(env, set);
    return HECKEL_OK;
}

heckel_status heckel_first_repeated_key(const uint64_t *keys, size_t count,
                                        const heckel_options *options, size_t *first,
                                        size_t *second) {
    if ((!keys && count > 0) || !first || !second) return HECKEL_INVALID_ARGUMENT;
    if (count > MOST_KEYS) return HECKEL_TOO_LARGE;
    if (count < 2) {
        *first = *second = count;
        return HECKEL_OK;
    }
    heckel_env env = heckel_env_make(options);
    env.seed = heckel_random_seed(count);
    bool any = true;
    heckel_status status = count > ONE_SET_MAX ? any_repeat(&env, keys, count, &any) : HECKEL_OK;
    size_t repeat = count;
    if (status == HECKEL_OK && any) status = first_repeat(&env, keys, count, &repeat);
    if (status != HECKEL_OK) return status;
    /* The first key equal to the repeat: one lies before it. */
    size_t k = 0;
    while (repeat < count && keys[k] != keys[repeat]) k++;
    *first = repeat < count ? k : count;
    *second = repeat;
    return HECKEL_OK;
}
