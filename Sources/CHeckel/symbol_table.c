/*
 * The symbol table: open addressing with linear probing over a power-of-two
 * array of slots, one slot per distinct key. A slot holds the key and the
 * first unmatched old occurrence; later occurrences are chained, in order,
 * through one flat `next` array (offset + 1, 0 ends a chain).
 *
 * Invariants: slot.head == 0 means the slot is empty; HECKEL_NONE means every
 * old occurrence of the key is matched; otherwise old offset head - 1 is the
 * first unmatched one. The table is at most 3/4 full, so probes end.
 */
#include <stdlib.h>

#include "internal.h"

typedef struct heckel_slot {
    uint64_t key;
    uint32_t head;
    uint32_t unused;
} heckel_slot;

/* Slots fetched ahead of use: a probe's cache miss overlaps with the work of
 * the elements before it. */
#define HECKEL_PREFETCH_DISTANCE 16

/* Multiply-shift (Fibonacci) hashing: spreads even sequential integer keys. */
static inline size_t slot_index(uint64_t key, unsigned shift) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> shift);
}

static heckel_slot *find_slot(heckel_slot *table, size_t mask, unsigned shift, uint64_t key) {
    size_t s = slot_index(key, shift);
    for (;;) {
        heckel_slot *slot = &table[s];
        if (slot->head == 0 || slot->key == key) return slot;
        s = (s + 1) & mask;
    }
}

/* Takes from the slot's chain the first old occurrence equal to new element j
 * and returns its offset, or HECKEL_NONE. */
static uint32_t take_equal(heckel_slot *slot, uint32_t *next, const heckel_middle *m, size_t j) {
    if (slot->head == HECKEL_NONE) return HECKEL_NONE;
    if (!m->equal) { /* keys are the elements: the first occurrence is equal */
        uint32_t first = slot->head - 1;
        slot->head = next[first] ? next[first] : HECKEL_NONE;
        return first;
    }
    uint32_t *link = &slot->head;
    for (uint32_t cur = slot->head; cur != 0 && cur != HECKEL_NONE; link = &next[cur - 1], cur = *link) {
        if (m->equal(m->context, m->prefix + cur - 1, m->prefix + j)) {
            *link = next[cur - 1];
            if (slot->head == 0) slot->head = HECKEL_NONE; /* keep the slot occupied */
            return cur - 1;
        }
    }
    return HECKEL_NONE;
}

heckel_status heckel_match_middle(const heckel_env *env, const heckel_middle *m, uint32_t *match) {
    size_t n = m->old_count;
    if (n == 0) {
        for (size_t j = 0; j < m->new_count; j++) match[j] = HECKEL_NONE;
        return HECKEL_OK;
    }
    unsigned bits = 3;
    while (((size_t)1 << bits) < n + n / 3 + 1) bits++;
    size_t capacity = (size_t)1 << bits, mask = capacity - 1;
    unsigned shift = 64 - bits;

    heckel_slot *table = heckel_zalloc(env, capacity, sizeof *table);
    uint32_t *next = heckel_alloc(env, n, sizeof *next);
    if (!table || !next) {
        heckel_free(env, table);
        heckel_free(env, next);
        return HECKEL_OUT_OF_MEMORY;
    }

    const uint64_t *ok = m->old_keys, *nk = m->new_keys;
    heckel_status status = HECKEL_OK;
    /* Insert old occurrences last to first, so each chain runs in order. */
    for (size_t r = 0; r < n; r++) {
        size_t i = n - 1 - r;
        if ((r & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) { status = HECKEL_CANCELLED; goto done; }
        if (i >= HECKEL_PREFETCH_DISTANCE)
            __builtin_prefetch(&table[slot_index(ok[i - HECKEL_PREFETCH_DISTANCE], shift)], 1);
        heckel_slot *slot = find_slot(table, mask, shift, ok[i]);
        if (slot->head == 0) {
            slot->key = ok[i];
            next[i] = 0;
        } else {
            next[i] = slot->head;
        }
        slot->head = (uint32_t)i + 1;
    }
    /* Pair each new element with the first unmatched equal old occurrence. */
    for (size_t j = 0; j < m->new_count; j++) {
        if ((j & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) { status = HECKEL_CANCELLED; goto done; }
        if (j + HECKEL_PREFETCH_DISTANCE < m->new_count)
            __builtin_prefetch(&table[slot_index(nk[j + HECKEL_PREFETCH_DISTANCE], shift)], 1);
        heckel_slot *slot = find_slot(table, mask, shift, nk[j]);
        match[j] = slot->head == 0 ? HECKEL_NONE : take_equal(slot, next, m, j);
    }
done:
    heckel_free(env, table);
    heckel_free(env, next);
    return status;
}
