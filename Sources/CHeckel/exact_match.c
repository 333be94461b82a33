/*
 * Matching that trusts no key: open addressing with linear probing over a
 * power-of-two array of slots, one slot per distinct key; a slot holds the
 * key and the first unmatched old occurrence, later occurrences chained in
 * order through one flat `next` array (offset + 1, 0 ends a chain). A new
 * element walks its key's chain, asking middle->equal, to the first equal
 * unmatched occurrence, and unlinks it.
 *
 * Invariants: slot.head == 0 means the slot is empty; HECKEL_UNMATCHED means
 * every old occurrence of the key is matched; otherwise old offset head - 1 is the
 * first unmatched one. The table is at most 3/4 full, so probes end.
 *
 * Only run when matching by keys alone paired unequal elements (colliding
 * keys), so it favours simplicity over speed. Many unequal elements under one
 * key make the chain walks quadratic; the cancel flag is polled every few
 * thousand chain steps (counted over the call), so a cancel still lands
 * promptly inside one long walk.
 */
#include "internal.h"

typedef struct exact_slot {
    uint64_t key;
    uint32_t head;
    uint32_t unused;
} exact_slot;

/* Home slots from the seeded mix: crafted keys cannot share one. */
static exact_slot *find_slot(exact_slot *table, size_t mask, unsigned shift, uint64_t seed,
                             uint64_t key) {
    size_t s = (size_t)(heckel_mix(key, seed) >> shift);
    while (table[s].head != 0 && table[s].key != key) s = (s + 1) & mask;
    return &table[s];
}

/* Takes from the slot's chain the first old occurrence equal to new element j
 * into *taken (HECKEL_UNMATCHED if none). *steps counts chain steps over the call;
 * returns false if the cancel flag was found raised at a polling step. */
static bool take_equal(const heckel_env *env, exact_slot *slot, uint32_t *next,
                       const heckel_middle *m, size_t j, size_t *steps, uint32_t *taken) {
    uint32_t *link = &slot->head;
    *taken = HECKEL_UNMATCHED;
    for (uint32_t cur = slot->head; cur != 0 && cur != HECKEL_UNMATCHED;
         link = &next[cur - 1], cur = *link) {
        if (heckel_poll(env, ++*steps)) return false;
        HECKEL_CHECK(cur - 1 < m->old_count);
        HECKEL_CHECK(next[cur - 1] == 0 || next[cur - 1] > cur); /* chains in list order */
        if (m->equal(m->context, m->prefix + cur - 1, m->prefix + j)) {
            *link = next[cur - 1];
            if (slot->head == 0) slot->head = HECKEL_UNMATCHED; /* keep the slot occupied */
            *taken = cur - 1;
            return true;
        }
    }
    return true;
}

heckel_status heckel_match_exact(const heckel_env *env, const heckel_middle *m, uint32_t *match) {
    size_t old_count = m->old_count;
    unsigned bits = 3;
    while (((size_t)1 << bits) < old_count + old_count / 3 + 1) bits++;
    size_t capacity = (size_t)1 << bits, mask = capacity - 1;
    unsigned shift = 64 - bits;

    exact_slot *table = heckel_zalloc(env, capacity, sizeof *table);
    uint32_t *next = heckel_alloc(env, old_count, sizeof *next);
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!table || !next) goto done;
    status = HECKEL_CANCELLED;
    /* Insert old occurrences last to first, so each chain runs in order. */
    for (size_t r = 0; r < old_count; r++) {
        size_t i = old_count - 1 - r;
        if (heckel_poll(env, r)) goto done;
        uint64_t key = heckel_source_key(&m->old_keys, i);
        exact_slot *slot = find_slot(table, mask, shift, env->seed, key);
        if (slot->head == 0) slot->key = key;
        next[i] = slot->head;
        slot->head = (uint32_t)i + 1;
    }
    size_t steps = 0;
    for (size_t j = 0; j < m->new_count; j++) {
        if (heckel_poll(env, j)) goto done;
        exact_slot *slot = find_slot(table, mask, shift, env->seed,
                                     heckel_source_key(&m->new_keys, j));
        match[j] = HECKEL_UNMATCHED;
        if (slot->head != 0 && !take_equal(env, slot, next, m, j, &steps, &match[j])) goto done;
    }
    status = HECKEL_OK;
done:
    heckel_free(env, table);
    heckel_free(env, next);
    return status;
}
