/*
 * Matching by keys alone, as fast in-memory hash joins do it: radix-partition
 * both lists by the top bits of a mixed key (heckel_mix, seeded per call), so
 * that each partition's symbol table fits in the L2 cache, then match
 * partition by partition.
 *
 * 1. histogram: how many old and new keys fall in each partition (records'
 *    and spans' keys are hashed again in each pass, never stored);
 * 2. scatter (stable): old (mixed key, offset) and new mixed keys, each
 *    partition contiguous and in list order, so duplicates keep their order;
 * 3. per partition: a table of 4-byte slots (local old index + 1) over the
 *    partition's old keys, chains of equal keys through next[], then each new
 *    key takes the first unmatched old occurrence; results in partition order;
 * 4. gather: walk new in list order (partitions noted in the output by the
 *    scatter), reading each partition's results in turn.
 * Every pass is sequential or touches only cache-resident data; no probe of a
 * big table, hence no cache miss per element. Scratch: 12 bytes per old and
 * 8 per new element (results overwrite the new keys), plus one table.
 */
#include <string.h>

#include "internal.h"

/* Most old elements per partition on average (1/2 to 1 times this): their
 * 12-byte entries, 4-byte chains and 16 bytes of slots each about fill a
 * 1 MiB L2. Smaller partitions make the scatter's fan-out (and its cache and
 * TLB misses) grow; measured best at 10^6 and 10^7. */
#ifndef HECKEL_PARTITION_TARGET /* tests build a variant with tiny partitions */
#define HECKEL_PARTITION_TARGET 32768
#endif
#define MAX_PARTITION_BITS 12
/* Distance, in entries, of the prefetch ahead of each partition's read
 * cursor in the gather (hundreds of interleaved streams defeat the
 * hardware prefetcher; this halved the gather at 10^7). */
#define GATHER_PREFETCH 64
/* next[] value of an old occurrence that was matched and ended its chain. */
#define SPENT HECKEL_UNMATCHED

static inline size_t partition_of(uint64_t mixed, unsigned bits) {
    return bits ? (size_t)(mixed >> (64 - bits)) : 0;
}

/* A partitioned old element: mixed key and middle offset, packed in 12 bytes
 * so the scatter writes one stream per partition. */
typedef struct old_entry {
    uint32_t mixed[2];
    uint32_t offset;
} old_entry;

static inline uint64_t entry_mixed(const old_entry *e) {
    uint64_t h;
    memcpy(&h, e->mixed, sizeof h);
    return h;
}

typedef struct partitions {
    unsigned bits;
    size_t count;
    size_t *old_start, *new_start; /* count + 1 entries each: prefix sums */
    old_entry *old;
    uint64_t *new_mixed;
    uint32_t *result;              /* per partitioned new key: old offset or NONE.
                                    * Written over new_mixed: result[k] lies in
                                    * bytes of new_mixed[k / 2], read before. */
    uint32_t *slots, *next;        /* one table, reused by every partition */
} partitions;

/* A pass over one side's keys in list order, each mixed and given its
 * partition: count keys per partition (at cursor[p + 1]), or scatter old or
 * new mixed keys (stably, cursor starting as a copy of the starts), noting
 * each new key's partition in match for the gather. Keys come in chunks from
 * the key source (records and spans are hashed again in each pass: cheaper
 * than storing 8 bytes per element); inlined with a constant kind, each pass
 * is its own tight loop. Returns false when the cancel flag was raised. */
typedef enum pass_kind { COUNT, SCATTER_OLD, SCATTER_NEW } pass_kind;

static inline __attribute__((always_inline)) bool
partition_pass(const heckel_env *env, const heckel_key_source *source, size_t count,
               const partitions *t, pass_kind kind, size_t *cursor, uint32_t *match) {
    /* Locals: stores to cursor[] or match[] could alias env or t. */
    const uint64_t seed = env->seed;
    const unsigned bits = t->bits;
    old_entry *old = t->old;
    uint64_t *new_mixed = t->new_mixed;
    uint64_t buffer[HECKEL_KEY_CHUNK];
    for (size_t k = 0; k < count; k += HECKEL_KEY_CHUNK) {
        if (heckel_poll(env, k)) return false;
        size_t chunk = count - k < HECKEL_KEY_CHUNK ? count - k : HECKEL_KEY_CHUNK;
        const uint64_t *keys = heckel_source_keys(source, k, chunk, buffer);
        for (size_t c = 0; c < chunk; c++) {
            uint64_t h = heckel_mix(keys[c], seed);
            size_t p = partition_of(h, bits);
            switch (kind) {
            case COUNT: cursor[p + 1]++; break;
            case SCATTER_OLD: {
                old_entry *e = &old[cursor[p]++];
                memcpy(e->mixed, &h, sizeof h);
                e->offset = (uint32_t)(k + c);
                break;
            }
            case SCATTER_NEW:
                new_mixed[cursor[p]++] = h;
                match[k + c] = (uint32_t)p;
                break;
            }
        }
    }
    return true;
}

static bool histogram(const heckel_env *env, const heckel_key_source *source, size_t count,
                      const partitions *t, size_t *start) {
    memset(start, 0, (t->count + 1) * sizeof *start);
    if (!partition_pass(env, source, count, t, COUNT, start, NULL)) return false;
    for (size_t p = 0; p < t->count; p++) start[p + 1] += start[p];
    return true;
}

/* Table capacity for n keys: a power of two, at most a quarter full. Each
 * probe step loads an old entry, so probes must stay short; 4-byte slots keep
 * even this sparse a table in L2 (measured: 20% faster than half full). */
static size_t table_capacity(size_t n) {
    size_t capacity = 16;
    while (capacity < 4 * n) capacity *= 2;
    return capacity;
}

/* Matches partition p: old entries [old_first, old_end), new keys
 * [new_first, new_end). */
static bool match_partition(const heckel_env *env, partitions *t, size_t p) {
    size_t old_first = t->old_start[p], old_end = t->old_start[p + 1];
    size_t new_first = t->new_start[p], new_end = t->new_start[p + 1];
    if (heckel_cancelled(env)) return false;
    if (old_first == old_end) {
        for (size_t k = new_first; k < new_end; k++) t->result[k] = HECKEL_UNMATCHED;
        return true;
    }
    const old_entry *old = t->old + old_first;
    size_t old_count = old_end - old_first, mask = table_capacity(old_count) - 1;
    unsigned table_bits = 0;
    while (((size_t)1 << table_bits) <= mask) table_bits++;
    unsigned shift = 64 - table_bits, skip = t->bits; /* index from the bits below the partition's */
    uint32_t *slots = t->slots, *next = t->next;
    memset(slots, 0, (mask + 1) * sizeof *slots);

    /* Insert last to first, so each chain lists occurrences in order and the
     * slot ends on the first. Slot and next values are local index + 1. */
    for (size_t r = old_count; r-- > 0;) {
        if (heckel_poll(env, r)) return false;
        uint64_t h = entry_mixed(&old[r]);
        size_t s = (size_t)((h << skip) >> shift);
        while (slots[s] && entry_mixed(&old[slots[s] - 1]) != h) s = (s + 1) & mask;
        next[r] = slots[s];
        slots[s] = (uint32_t)r + 1;
    }
    /* Each new key takes its slot's current occurrence; the slot then points
     * to the next one, or the occurrence is marked SPENT (slot kept, so the
     * key is still found and known to be used up). */
    for (size_t k = new_first; k < new_end; k++) {
        if (heckel_poll(env, k)) return false;
        uint64_t h = t->new_mixed[k];
        size_t s = (size_t)((h << skip) >> shift);
        uint32_t x;
        while ((x = slots[s]) && entry_mixed(&old[x - 1]) != h) s = (s + 1) & mask;
        if (!x || next[x - 1] == SPENT) {
            t->result[k] = HECKEL_UNMATCHED;
            continue;
        }
        t->result[k] = old[x - 1].offset;
        if (next[x - 1]) slots[s] = next[x - 1];
        else next[x - 1] = SPENT;
    }
    return true;
}

heckel_status heckel_match_partitioned(const heckel_env *env, const heckel_middle *m,
                                       uint32_t *match, heckel_scratch *scratch) {
    size_t old_count = m->old_count, new_count = m->new_count;
    partitions t = {0};
    while (t.bits < MAX_PARTITION_BITS && (old_count >> t.bits) > HECKEL_PARTITION_TARGET) t.bits++;
    t.count = (size_t)1 << t.bits;

    /* Counts first: their sizes decide the table's capacity. */
    size_t *starts = heckel_alloc(env, 3 * (t.count + 1), sizeof *starts);
    if (!starts) return HECKEL_OUT_OF_MEMORY;
    t.old_start = starts;
    t.new_start = starts + t.count + 1;
    size_t *cursor = starts + 2 * (t.count + 1);
    if (!histogram(env, &m->old_keys, old_count, &t, t.old_start) ||
        !histogram(env, &m->new_keys, new_count, &t, t.new_start)) {
        heckel_free(env, starts);
        return HECKEL_CANCELLED;
    }
    size_t largest = 0;
    for (size_t p = 0; p < t.count; p++)
        if (t.old_start[p + 1] - t.old_start[p] > largest) largest = t.old_start[p + 1] - t.old_start[p];
    size_t table = table_capacity(largest);

    /* One block of 4-byte words: new keys (8-byte aligned), old entries, table, chains. */
    size_t words = 2 * new_count + 3 * old_count + table + largest;
    uint32_t *block = words < SIZE_MAX / 4 ? heckel_scratch_get(env, scratch, words * 4) : NULL;
    if (!block) {
        heckel_free(env, starts);
        return HECKEL_OUT_OF_MEMORY;
    }
    t.new_mixed = (uint64_t *)block;
    t.result = block;
    t.old = (old_entry *)(block + 2 * new_count);
    t.slots = block + 2 * new_count + 3 * old_count;
    t.next = t.slots + table;

    heckel_status status = HECKEL_CANCELLED;
    memcpy(cursor, t.old_start, t.count * sizeof *cursor);
    if (!partition_pass(env, &m->old_keys, old_count, &t, SCATTER_OLD, cursor, NULL)) goto done;
    memcpy(cursor, t.new_start, t.count * sizeof *cursor);
    if (!partition_pass(env, &m->new_keys, new_count, &t, SCATTER_NEW, cursor, match)) goto done;
    for (size_t p = 0; p < t.count; p++)
        if (!match_partition(env, &t, p)) goto done;
    /* Gather: new elements in list order, each partition's results in turn. */
    memcpy(cursor, t.new_start, t.count * sizeof *cursor);
    for (size_t j = 0; j < new_count; j++) {
        if (heckel_poll(env, j)) goto done;
        size_t at = cursor[match[j]]++;
        __builtin_prefetch(&t.result[at + GATHER_PREFETCH < new_count ? at + GATHER_PREFETCH : at]);
        match[j] = t.result[at];
    }
    status = HECKEL_OK;
done:
    heckel_free(env, starts);
    return status;
}
