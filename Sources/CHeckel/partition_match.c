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
 * 8 per new element (results overwrite the new keys), plus one table per
 * thread.
 *
 * Threads: each list is cut into HECKEL_SLICES_PER_THREAD slices per thread
 * (one slice on one thread), and threads take slices one at a time until
 * none is left, in each of the passes over the lists: a thread that starts
 * late or runs slower (another process on its core) leaves its slices to the
 * others instead of holding up the pass. The histogram counts each slice's
 * keys per partition; the positions of each partition are then laid out
 * slice by slice (slice s's keys of partition p right after slice s - 1's),
 * so a slice scatters into its own places whichever thread takes it, and
 * each partition still holds its keys in list order. Threads take whole
 * partitions to match (each with its own table), then gather slices of the
 * new list. The output is the same for every thread count.
 */
#include <string.h>

#include "internal.h"

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
    uint32_t *result;              /* per partitioned new key k of partition p:
                                    * old offset or HECKEL_UNMATCHED, at
                                    * result[new_start[p] + k]. Written over
                                    * new_mixed, but within partition p's own
                                    * bytes (so threads matching other
                                    * partitions never meet it), in bytes of
                                    * new_mixed[(new_start[p] + k) / 2], at or
                                    * before new_mixed[k], read before. */
    uint32_t *tables;              /* per thread: table slots, then chains */
    size_t table_capacity, table_stride;
} partitions;

/* The passes whose threads take slices of the lists. */
enum { HISTOGRAM_PASS, SCATTER_PASS, GATHER_PASS, SLICED_PASSES };

/* One call's parallel matching: the partitions, and each slice's first
 * position in every partition (old_at, new_at: slices x count), plus a
 * cursor row per thread to advance. */
typedef struct partition_job {
    const heckel_env *env;
    const heckel_middle *m;
    partitions t;
    uint32_t *match;
    unsigned slices;
    uint32_t *old_at, *new_at, *cursors; /* positions fit: counts <= HECKEL_MAX_COUNT */
    size_t next_slice[SLICED_PASSES]; /* atomic: the next slice a thread may take */
    size_t next_partition; /* atomic: the next partition a thread may take */
} partition_job;

/* The next slice of the pass for the calling thread, if any is left. */
static bool take_slice(partition_job *job, int pass, unsigned *slice) {
    size_t s = heckel_take_next(&job->next_slice[pass], 1);
    *slice = (unsigned)s;
    return s < job->slices;
}

/* A pass over keys [first, end) of one side in list order, each mixed and
 * given its partition: count keys per partition (cursor[p]++), or scatter old
 * or new mixed keys (stably, cursor starting at the thread's positions),
 * noting each new key's partition in match for the gather. Keys come in
 * chunks from the key source (records and spans are hashed again in each
 * pass: cheaper than storing 8 bytes per element); inlined with a constant
 * kind, each pass is its own tight loop. Returns false when cancelled. */
typedef enum pass_kind { COUNT, SCATTER_OLD, SCATTER_NEW } pass_kind;

static inline __attribute__((always_inline)) bool
partition_pass(const heckel_env *env, const heckel_key_source *source, size_t first, size_t end,
               const partitions *t, pass_kind kind, uint32_t *cursor, uint32_t *match) {
    /* Locals: stores to cursor[] or match[] could alias env or t. */
    const uint64_t seed = env->seed;
    const unsigned bits = t->bits;
    old_entry *old = t->old;
    uint64_t *new_mixed = t->new_mixed;
    uint64_t buffer[HECKEL_KEY_CHUNK];
    for (size_t k = first; k < end; k += HECKEL_KEY_CHUNK) {
        if (heckel_poll(env, k - first)) return false;
        size_t chunk = end - k < HECKEL_KEY_CHUNK ? end - k : HECKEL_KEY_CHUNK;
        const uint64_t *keys = heckel_source_keys(source, k, chunk, buffer);
        for (size_t c = 0; c < chunk; c++) {
            uint64_t h = heckel_mix(keys[c], seed);
            size_t p = partition_of(h, bits);
            switch (kind) {
            case COUNT: cursor[p]++; break;
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

/* Each slice a thread takes: its keys counted per partition into its rows. */
static bool histogram_task(void *context, unsigned part, unsigned parts) {
    (void)part, (void)parts;
    partition_job *job = context;
    size_t count = job->t.count, first, end;
    unsigned s;
    while (take_slice(job, HISTOGRAM_PASS, &s)) {
        uint32_t *old_row = job->old_at + s * count, *new_row = job->new_at + s * count;
        memset(old_row, 0, count * sizeof *old_row);
        memset(new_row, 0, count * sizeof *new_row);
        heckel_slice(job->m->old_count, s, job->slices, &first, &end);
        if (!partition_pass(job->env, &job->m->old_keys, first, end, &job->t, COUNT, old_row, NULL))
            return false;
        heckel_slice(job->m->new_count, s, job->slices, &first, &end);
        if (!partition_pass(job->env, &job->m->new_keys, first, end, &job->t, COUNT, new_row, NULL))
            return false;
    }
    return true;
}

/* Turns the slices' counts (rows of at) into their first positions, and
 * start into the partitions' prefix sums. Returns the largest partition. */
static size_t lay_out(uint32_t *at, size_t *start, size_t count, unsigned slices) {
    size_t position = 0, largest = 0;
    for (size_t p = 0; p < count; p++) {
        start[p] = position;
        for (unsigned s = 0; s < slices; s++) {
            size_t keys = at[s * count + p];
            at[s * count + p] = (uint32_t)position;
            position += keys;
        }
        if (position - start[p] > largest) largest = position - start[p];
    }
    start[count] = position;
    return largest;
}

/* Partition bounds: a slice's scatter filled exactly its places, ending
 * where the next slice's (or the next partition) begin. */
static void check_filled(const partition_job *job, const uint32_t *at, const size_t *start,
                         const uint32_t *cursor, unsigned slice) {
#ifdef HECKEL_CHECKS
    size_t count = job->t.count;
    for (size_t p = 0; p < count; p++)
        HECKEL_CHECK(cursor[p] == (slice + 1 < job->slices ? at[(slice + 1) * count + p] : start[p + 1]));
#else
    (void)job, (void)at, (void)start, (void)cursor, (void)slice;
#endif
}

/* Each slice a thread takes: its old and new keys scattered to the slice's
 * places, with the thread's cursor row. */
static bool scatter_task(void *context, unsigned part, unsigned parts) {
    (void)parts;
    partition_job *job = context;
    size_t count = job->t.count, first, end;
    uint32_t *cursor = job->cursors + part * count;
    unsigned s;
    while (take_slice(job, SCATTER_PASS, &s)) {
        memcpy(cursor, job->old_at + s * count, count * sizeof *cursor);
        heckel_slice(job->m->old_count, s, job->slices, &first, &end);
        if (!partition_pass(job->env, &job->m->old_keys, first, end, &job->t, SCATTER_OLD, cursor, NULL))
            return false;
        check_filled(job, job->old_at, job->t.old_start, cursor, s);
        memcpy(cursor, job->new_at + s * count, count * sizeof *cursor);
        heckel_slice(job->m->new_count, s, job->slices, &first, &end);
        if (!partition_pass(job->env, &job->m->new_keys, first, end, &job->t, SCATTER_NEW, cursor,
                            job->match))
            return false;
        check_filled(job, job->new_at, job->t.new_start, cursor, s);
    }
    return true;
}

/* Table capacity for n keys: a power of two, at most a quarter full. Each
 * probe step loads an old entry, so probes must stay short; 4-byte slots keep
 * even this sparse a table in L2 (the `match` phase of
 * `heckel_core_phases -n -p -e keys -t 1 1e6 1e7` shows its cost). */
static size_t table_capacity(size_t n) {
    size_t capacity = 16;
    while (capacity < 4 * n) capacity *= 2;
    return capacity;
}

/* The symbol table over one partition's old entries: 4-byte slots (local
 * index + 1) indexed by the mixed key's bits below the partition's (skip),
 * chains of equal keys through next. */
typedef struct symbol_table {
    const old_entry *old;
    uint32_t *slots, *next;
    size_t mask;
    unsigned skip, shift;
} symbol_table;

/* Builds the table over old[0 ..< old_count]: inserted last to first, so each
 * chain lists occurrences in order and the slot ends on the first. */
static bool table_build(const heckel_env *env, symbol_table *table, const old_entry *old,
                        size_t old_count, unsigned skip) {
    uint32_t *slots = table->slots, *next = table->next;
    size_t mask = table_capacity(old_count) - 1;
    unsigned table_bits = 0;
    while (((size_t)1 << table_bits) <= mask) table_bits++;
    unsigned shift = 64 - table_bits;
    table->old = old;
    table->mask = mask;
    table->skip = skip;
    table->shift = shift;
    memset(slots, 0, (mask + 1) * sizeof *slots);
    for (size_t r = old_count; r-- > 0;) {
        if (heckel_poll(env, r)) return false;
        uint64_t h = entry_mixed(&old[r]);
        size_t s = (size_t)((h << skip) >> shift);
        while (slots[s] && entry_mixed(&old[slots[s] - 1]) != h) s = (s + 1) & mask;
        next[r] = slots[s];
        HECKEL_CHECK(next[r] == 0 || next[r] > r + 1); /* chains run in list order */
        slots[s] = (uint32_t)r + 1;
    }
    return true;
}

/* A new key takes its slot's current occurrence (its old offset returned);
 * the slot then points to the next one, or the occurrence is marked SPENT
 * (slot kept, so the key is still found and known to be used up). */
static inline uint32_t table_take(const symbol_table *table, uint64_t h) {
    const old_entry *old = table->old;
    uint32_t *slots = table->slots, *next = table->next;
    size_t s = (size_t)((h << table->skip) >> table->shift);
    uint32_t x;
    while ((x = slots[s]) && entry_mixed(&old[x - 1]) != h) s = (s + 1) & table->mask;
    if (!x || next[x - 1] == SPENT) return HECKEL_UNMATCHED;
    if (next[x - 1]) slots[s] = next[x - 1];
    else next[x - 1] = SPENT;
    return old[x - 1].offset;
}

/* Matches partition p: old entries [old_first, old_end), new keys
 * [new_first, new_end), with the table slots (and chains in next). */
static bool match_partition(const heckel_env *env, const partitions *t, size_t p, uint32_t *slots,
                            uint32_t *next) {
    size_t old_first = t->old_start[p], old_end = t->old_start[p + 1];
    size_t new_first = t->new_start[p], new_end = t->new_start[p + 1];
    HECKEL_CHECK(old_first <= old_end && old_end <= t->old_start[t->count]);
    HECKEL_CHECK(new_first <= new_end && new_end <= t->new_start[t->count]);
    if (heckel_cancelled(env)) return false;
    uint32_t *result = t->result + new_first; /* see partitions.result */
    if (old_first == old_end) {
        for (size_t k = new_first; k < new_end; k++) result[k] = HECKEL_UNMATCHED;
        return true;
    }
    HECKEL_CHECK(table_capacity(old_end - old_first) <= t->table_capacity);
    symbol_table table = {.slots = slots, .next = next};
    if (!table_build(env, &table, t->old + old_first, old_end - old_first, t->bits)) return false;
    for (size_t k = new_first; k < new_end; k++) {
        if (heckel_poll(env, k)) return false;
        result[k] = table_take(&table, t->new_mixed[k]);
        HECKEL_CHECK(result[k] == HECKEL_UNMATCHED || result[k] < t->old_start[t->count]);
    }
    return true;
}

/* Thread `part` takes partitions one at a time until none is left. */
static bool match_task(void *context, unsigned part, unsigned parts) {
    (void)parts;
    partition_job *job = context;
    uint32_t *slots = job->t.tables + part * job->t.table_stride;
    for (;;) {
        size_t p = heckel_take_next(&job->next_partition, 1);
        if (p >= job->t.count) return true;
        if (!match_partition(job->env, &job->t, p, slots, slots + job->t.table_capacity)) return false;
    }
}

/* Gather, for each slice of new a thread takes: the slice in list order,
 * each partition's results in turn from the slice's own positions. */
static bool gather_task(void *context, unsigned part, unsigned parts) {
    (void)parts;
    partition_job *job = context;
    size_t count = job->t.count, first, end;
    uint32_t *cursor = job->cursors + part * count;
    size_t result_end = 2 * job->m->new_count;
    const uint32_t *result = job->t.result;
    uint32_t *match = job->match;
    unsigned s;
    while (take_slice(job, GATHER_PASS, &s)) {
        const uint32_t *new_at = job->new_at + s * count;
        for (size_t p = 0; p < count; p++) cursor[p] = (uint32_t)(job->t.new_start[p] + new_at[p]);
        heckel_slice(job->m->new_count, s, job->slices, &first, &end);
        for (size_t j = first; j < end; j++) {
            if (heckel_poll(job->env, j - first)) return false;
            HECKEL_CHECK(match[j] < count);
            size_t at = cursor[match[j]]++;
            HECKEL_CHECK(at < job->t.new_start[match[j]] + job->t.new_start[match[j] + 1]); /* result index */
            __builtin_prefetch(&result[at + HECKEL_GATHER_PREFETCH < result_end ? at + HECKEL_GATHER_PREFETCH : at]);
            match[j] = result[at];
        }
    }
    return true;
}

/* One partition on one thread (small lists): no histogram, no scatter of
 * new keys, no gather: old entries, one table, and each new key probed as it
 * is read, straight into match. Same output as the partitioned path. */
static heckel_status match_unpartitioned(const heckel_env *env, const heckel_middle *m,
                                         uint32_t *match, heckel_scratch *scratch) {
    size_t old_count = m->old_count, new_count = m->new_count, capacity = table_capacity(old_count);
    uint32_t *block = heckel_scratch_get(env, scratch, (3 * old_count + capacity + old_count) * 4);
    if (!block) return HECKEL_OUT_OF_MEMORY;
    old_entry *old = (old_entry *)block;
    /* The old entries in list order: a scatter into one partition. */
    partitions one = {.bits = 0, .old = old};
    uint32_t cursor = 0;
    if (!partition_pass(env, &m->old_keys, 0, old_count, &one, SCATTER_OLD, &cursor, NULL))
        return HECKEL_CANCELLED;
    HECKEL_PHASE("scatter");
    symbol_table table = {.slots = block + 3 * old_count, .next = block + 3 * old_count + capacity};
    if (!table_build(env, &table, old, old_count, 0)) return HECKEL_CANCELLED;
    uint64_t buffer[HECKEL_KEY_CHUNK];
    for (size_t j = 0; j < new_count; j += HECKEL_KEY_CHUNK) {
        if (heckel_poll(env, j)) return HECKEL_CANCELLED;
        size_t chunk = new_count - j < HECKEL_KEY_CHUNK ? new_count - j : HECKEL_KEY_CHUNK;
        const uint64_t *keys = heckel_source_keys(&m->new_keys, j, chunk, buffer);
        for (size_t c = 0; c < chunk; c++) match[j + c] = table_take(&table, heckel_mix(keys[c], env->seed));
    }
    HECKEL_PHASE("match");
    return HECKEL_OK;
}

heckel_status heckel_match_partitioned(const heckel_env *env, const heckel_middle *m,
                                       uint32_t *match, heckel_scratch *scratch) {
    size_t old_count = m->old_count, new_count = m->new_count;
    unsigned threads = env->thread_count;
    partition_job job = {.env = env, .m = m, .match = match};
    partitions *t = &job.t;
    while (t->bits < HECKEL_MAX_PARTITION_BITS && (old_count >> t->bits) > HECKEL_PARTITION_TARGET) t->bits++;
    if (t->bits == 0 && threads == 1) return match_unpartitioned(env, m, match, scratch);
    t->count = (size_t)1 << t->bits;

    /* Counts first: their sizes decide the tables' capacity. */
    job.slices = threads > 1 ? threads * HECKEL_SLICES_PER_THREAD : 1;
    size_t rows = (size_t)job.slices * t->count, cursor_rows = (size_t)threads * t->count;
    size_t *starts = heckel_alloc(env, 2 * (t->count + 1) * sizeof *starts +
                                           (2 * rows + cursor_rows) * sizeof *job.old_at, 1);
    if (!starts) return HECKEL_OUT_OF_MEMORY;
    t->old_start = starts;
    t->new_start = starts + t->count + 1;
    job.old_at = (uint32_t *)(starts + 2 * (t->count + 1));
    job.new_at = job.old_at + rows;
    job.cursors = job.new_at + rows;
    heckel_status status = HECKEL_CANCELLED;
    if (!heckel_parallel(threads, histogram_task, &job)) goto done;
    HECKEL_PHASE("histogram");
    size_t largest = lay_out(job.old_at, t->old_start, t->count, job.slices);
    lay_out(job.new_at, t->new_start, t->count, job.slices);
    HECKEL_CHECK(t->old_start[t->count] == old_count && t->new_start[t->count] == new_count);
    t->table_capacity = table_capacity(largest);
    t->table_stride = t->table_capacity + largest;

    /* One block of 4-byte words: new keys (8-byte aligned), old entries, tables with chains. */
    size_t words = 2 * new_count + 3 * old_count, table_words = threads * t->table_stride;
    uint32_t *block = table_words < SIZE_MAX / 4 - words
                          ? heckel_scratch_get(env, scratch, (words + table_words) * 4) : NULL;
    if (!block) {
        status = HECKEL_OUT_OF_MEMORY;
        goto done;
    }
    t->new_mixed = (uint64_t *)block;
    t->result = block;
    t->old = (old_entry *)(block + 2 * new_count);
    t->tables = block + words;
    if (!heckel_parallel(threads, scatter_task, &job)) goto done;
    HECKEL_PHASE("scatter");
    if (!heckel_parallel(threads, match_task, &job)) goto done;
    HECKEL_PHASE("match");
    if (!heckel_parallel(threads, gather_task, &job)) goto done;
    HECKEL_PHASE("gather");
    status = HECKEL_OK;
done:
    heckel_free(env, starts);
    return status;
}
