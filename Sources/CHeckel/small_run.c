/*
 * The direct path for short and medium lists whose middle, after trimming
 * the common prefix, holds at most HECKEL_DIRECT_MAX elements on both sides
 * together (a narrow table up to HECKEL_SMALL_MAX, a wide one above): plain keys (no equality callback), and records and spans (keyed
 * by the caller or hashed here), whose bytes decide among equal keys. One
 * thread, no partitions, no seed, one table over the old keys that stays in
 * cache (2-byte slots, 4-byte on the wide table; the keys are read from the caller's array, or from
 * the call's block once hashed; packed 16-byte records are keyed as they
 * are read, and Swift strings' new side only where it probes: see
 * direct_form), the move pass's forward half (as
 * heckel_run_lengths's) fused with the matching of the new elements, then
 * its backward half fused with the output loop. Each occurrence of a
 * repeated value searches the run ends from just past the run its
 * previous occurrence took: with few distinct values (nearly every pair a
 * move) its run lies within a few ends of there.
 * Its arrays live on the stack up to HECKEL_STACK_MAX elements, else in one
 * heap block.
 *
 * It pairs each new element with the first unmatched old element equal to
 * it (plain keys: the same key; bytes: the same key and the same bytes, so
 * that keys only group candidates), as the general path does, so the output
 * is the same byte for byte (Tests/C/test_small_path.c).
 *
 * Colliding keys: slots come from a fixed multiplicative hash (no seed: the
 * system's random source costs a microsecond here), so keys can be crafted
 * to crowd the table, and elements with equal keys and different bytes take
 * a slot each on the same probe sequence. Linear probing is therefore given
 * a budget of PROBE_BUDGET extra steps per element; keys that exhaust it
 * send the call to the general path (seeded), having cost O(n) steps here,
 * never O(n^2).
 *
 * Cancellation is polled before anything, while hashing, and before the
 * outputs are written: a call on the narrow table takes at most about a
 * millisecond (plus the hashing of long spans); the wide table's loops also
 * poll every HECKEL_POLL_MASK + 1 elements.
 */
#include "hash_words.h"
#include "input_forms.h"
#include "internal.h"
#include "swift_strings_input.h"

#define EMPTY 0u /* a slot: old offset + 1, or EMPTY */
/* chain[]: a used-up key (above every old offset + 1): the largest entry of
 * the table's width (16 bits, or 32 on the wide table). */
#define SPENT_OF(wide) ((wide) ? 0xFFFFFFFFu : 0xFFFFu)
/* chain[]: the only old occurrence of its value, not yet taken (above every
 * old offset + 1 when new holds an element; with new empty the chain is
 * never read for a match). */
#define LONE_OF(wide) (SPENT_OF(wide) - 1)
#define SPENT SPENT_OF(false)
#define STACK_TABLE (8 * HECKEL_STACK_MAX)
/* The run ends next to the last that the move pass counts (vectorized)
 * rather than binary-searches when v lands among them: with heavy
 * duplicates each value's occurrences pair in order, so nearly every run
 * grows near the end (moves.c's NEAR_ENDS, one level down). */
#ifndef NEAR_RUNS
#define NEAR_RUNS 64
#endif
/* The run ends counted at once from the lower bound a value's previous
 * occurrence gives (its run + 1): with heavy duplicates each occurrence's run
 * nearly always lies within a few ends of the previous one's. */
#ifndef NEAR_HINT
#define NEAR_HINT 8
#endif
/* Extra probe steps allowed per element: random keys in a table a quarter
 * full average about 0.2. */
#define PROBE_BUDGET 4

/* The arrays of one call: pairs (new_count entries: each new element's old
 * offset + 1, 0 if unmatched, and above it the move pass's run length (as
 * heckel_run_lengths's lengths[j]); one store per element, one load in the
 * output loop), the move pass's run ends (tail: new_count uint32), then the
 * table: slots (1 << bits), chain (old_count + 2, indexed by old offset + 1:
 * the next occurrence + 1 of the same value, 0 after the last, LONE for a
 * value's only occurrence, SPENT once all are taken; chain[0], an empty
 * slot's, and chain[old_count + 1], past the end, are SPENT from the start),
 * then hint (old_count + 2, indexed as chain: for a repeated value's
 * occurrence, 1 + the run length its previous occurrence took, a lower
 * bound of its own (the run ends only decrease, so that occurrence's end
 * stays below this one's; at most new_count, so it fits the entry's width);
 * 0 for a value's first occurrence, the whole array cleared after the old
 * pass when old repeats a value, never read otherwise; entry 0 unused). Up
 * to HECKEL_SMALL_MAX elements the table is narrow: 16-bit entries (old
 * offsets + 1 stay below LONE) and 32-bit pairs (16 bits each), half the
 * bytes of 32-bit ones; above it, up to HECKEL_DIRECT_MAX, wide: 32-bit
 * entries and 64-bit pairs. The run lengths are found as the pairs are,
 * while each pair is in a register, rather than in a pass of their own over
 * pairs[]. */
typedef struct direct_arrays {
    void *pairs;         /* uint32_t, or uint64_t when wide */
    void *slots, *chain; /* uint16_t, or uint32_t when wide */
    void *hint;          /* as chain */
    uint32_t *tail;
    unsigned bits;
    bool wide;
} direct_arrays;

/* Entry k of a slot or chain array of the given width. Inline, and called
 * with a constant width, so each loop reads its own width directly. */
static inline __attribute__((always_inline)) uint32_t entry_get(const void *base, size_t k, bool wide) {
    return wide ? ((const uint32_t *)base)[k] : ((const uint16_t *)base)[k];
}
static inline __attribute__((always_inline)) void entry_set(void *base, size_t k, uint32_t value, bool wide) {
    if (wide) ((uint32_t *)base)[k] = value;
    else ((uint16_t *)base)[k] = (uint16_t)value;
}
/* Pair j: old offset + 1 (x) in the low half, run length in the high half. */
static inline __attribute__((always_inline)) void pair_set(void *pairs, size_t j, size_t length,
                                                           uint32_t x, bool wide) {
    if (wide) ((uint64_t *)pairs)[j] = (uint64_t)length << 32 | x;
    else ((uint32_t *)pairs)[j] = (uint32_t)length << 16 | x;
}
static inline __attribute__((always_inline)) uint64_t pair_get(const void *pairs, size_t j, bool wide) {
    return wide ? ((const uint64_t *)pairs)[j] : ((const uint32_t *)pairs)[j];
}

/* The least b with 2^b >= n (0 for n <= 1): no loop, as this runs per call. */
static unsigned ceiling_log2(size_t n) {
    return n <= 1 ? 0 : 64 - (unsigned)__builtin_clzll((unsigned long long)n - 1);
}

/* Table bits for old_count keys: a quarter full at most, so that probes
 * rarely take a second step (each step is a branch the CPU may mispredict),
 * and an eighth from 256 keys up to 2^15 slots (128 KiB): below 256 keys
 * the larger table's clearing costs more than the shorter probes save, and
 * from about 10^4 the table leaves the L1 cache either way
 * (`heckel_core_bench -n -e keys -t 1 1e2 1e3 1e4` shows the sizes). */
static unsigned table_bits(size_t old_count, bool wide) {
    if (wide) { /* 16 slots at least, so that the slot hash never shifts by 64 (old side empty) */
        unsigned bits = ceiling_log2(HECKEL_DIRECT_SPARSE * old_count);
        return bits < 4 ? 4 : bits;
    }
    size_t sparse = old_count >= 256 ? 8 : 4;
    unsigned bits = ceiling_log2(sparse * old_count);
    bits = bits < 4 ? 4 : bits > 15 ? 15 : bits;
    unsigned least = ceiling_log2(4 * old_count);
    return bits < least ? least : bits;
}

/* 32-bit words of the region for the given counts. */
static size_t region_words(const direct_arrays *a, size_t old_count, size_t new_count) {
    size_t table = ((size_t)1 << a->bits) + 2 * (old_count + 2);
    return a->wide ? 3 * new_count + table : 2 * new_count + (table + 1) / 2;
}

static void lay_out(direct_arrays *a, uint32_t *block, size_t old_count, size_t new_count) {
    a->pairs = block;
    a->tail = block + (a->wide ? 2 : 1) * new_count;
    a->slots = a->tail + new_count;
    a->chain = a->wide ? (void *)((uint32_t *)a->slots + ((size_t)1 << a->bits))
                       : (void *)((uint16_t *)a->slots + ((size_t)1 << a->bits));
    a->hint = a->wide ? (void *)((uint32_t *)a->chain + old_count + 2)
                      : (void *)((uint16_t *)a->chain + old_count + 2);
}

/* How elements are keyed and compared: by their keys alone (plain keys:
 * equal keys are equal elements); by keys, then their bytes
 * (heckel_same_elements); or, for packed 16-byte records (UUIDs, Swift
 * small strings), keyed as they are read (hash_words.h, under the call's
 * seed; the slot is the key's multiplicative hash as for every form, since
 * the key, one 128-bit product folded, leaves its top bits clustered for
 * some seeds on records that differ in few bits, such as labels) and
 * compared as two words, with no key array: a probe compares the records
 * themselves, and an in-order run compares the next old record with the
 * next new one, unhashed; or, for Swift strings (String values, not
 * substrings, that swift_strings.c leaves to this path to key), old strings
 * keyed up front and compared as FORM_BYTES, a new string keyed only when
 * it probes the table (swift_strings_input.h): an in-order run compares the
 * next strings by their bytes alone, so the new strings it pairs are never
 * hashed. */
typedef enum direct_form { FORM_PLAIN, FORM_BYTES, FORM_RECORDS16, FORM_STRINGS } direct_form;

/* The middle's elements: keys (the caller's, or hashed into the call's
 * block) and, for records and spans, their bytes; offsets from 0 here,
 * prefix + offset in the input. */
typedef struct direct_input {
    const uint64_t *old_keys, *new_keys;
    const heckel_bytes *bytes; /* NULL: plain keys, equal keys are equal elements */
    size_t prefix;
    /* Packed 16-byte records (FORM_RECORDS16): the first past the prefix,
     * and the call's secret words for their keys. */
    const unsigned char *old_records, *new_records;
    heckel_word_pair_secret secret;
    /* Swift strings (FORM_STRINGS): the new list and the call's hasher. */
    const heckel_swift_strings *new_strings;
    heckel_xxh3_seeded hasher;
    direct_form form;
} direct_input;

/* Element k of one side: its key and, for 16-byte records, its two words. */
typedef struct direct_value {
    uint64_t key, low, high;
} direct_value;

static inline __attribute__((always_inline)) direct_value value_at(const direct_input *d, bool new_side, size_t k,
                                                                   const direct_form form) {
    direct_value v = {0, 0, 0};
    if (form == FORM_RECORDS16) {
        const unsigned char *p = (new_side ? d->new_records : d->old_records) + 16 * k;
        v.low = heckel_load64(p);
        v.high = heckel_load64(p + 8);
        v.key = heckel_word_pair_key_of(v.low, v.high, d->secret);
        HECKEL_TEST_KEYS(&v.key, 1);
    } else if (form == FORM_STRINGS && new_side) {
        v.key = heckel_swift_string_key(&d->hasher, d->new_strings, d->prefix + k);
        HECKEL_TEST_KEYS(&v.key, 1);
    } else {
        v.key = (new_side ? d->new_keys : d->old_keys)[k];
    }
    return v;
}

/* How many of sorted[0 ..< n] are below v, one entry at a time: where the
 * loop has just stored to these entries (REPEATED_RUN), a vector load of
 * them cannot take the stored values from the store buffer and waits until
 * they reach the cache, as scalar loads do not. */
static inline __attribute__((always_inline)) size_t count_below_scalar(const uint32_t *sorted, size_t n, uint32_t v) {
    size_t below = 0;
    for (size_t k = 0; k < n; k++) {
        uint32_t end = sorted[k];
        /* An empty asm that holds the entry in a general register: no
         * compiler then loads the entries as one vector. */
        __asm__("" : "+r"(end));
        below += end < v;
    }
    return below;
}

/* The first k in [from, last] with tail[k] > v, given tail[last] > v: the
 * NEAR_RUNS ends before last counted when v lands among them, else a binary
 * search. */
static inline size_t first_run_above(const uint32_t *tail, size_t from, size_t last, uint32_t v) {
    if (last - from > NEAR_RUNS && tail[last - NEAR_RUNS] < v)
        return last - NEAR_RUNS + heckel_count_below(tail + last - NEAR_RUNS, NEAR_RUNS, v);
    return heckel_first_above(tail, from, last, v);
}

/* Fills pairs[] and *matches: each new element takes the first unmatched old
 * occurrence of its value (an empty slot's chain entry, chain[0], reads as
 * SPENT: no match). Lists edited by hand keep most elements in order, so
 * after a match that appends to the longest run, the following new
 * elements try the old elements after it: one that is its value's only
 * occurrence (LONE: so the first unmatched one) and equal is taken without
 * the table, whose slots are spread over more than the L1 cache from about
 * 4,000 old elements on; its slot is left in place and its chain entry
 * SPENT, as the table's own taking of a last occurrence leaves them.
 * The next old element is tried only after such a match, not before every
 * probe, so lists out of order (reversed, shuffled) pay nothing for it.
 * Inlined twice, bytes NULL or not, so plain keys pay nothing for the byte
 * comparison. The loops keep their branches: branch-free selects spill
 * registers and lose even where branches mispredict most (single random
 * inserts; `heckel_core_bench -n -e keys -t 1 1e2 1e3 1e4` shows it).
 * Instantiated per width too (wide: a constant in each caller). The wide
 * table's lists take milliseconds, so its loops poll the cancel flag every
 * HECKEL_POLL_MASK + 1 elements; the narrow one's take at most about one.
 * DIRECT_CROWDED, pairs[] partly written, when the keys crowd the table
 * (probes past the budget). */
typedef enum direct_outcome { DIRECT_MATCHED, DIRECT_CROWDED, DIRECT_CANCELLED } direct_outcome;

static inline __attribute__((always_inline)) direct_outcome
match_elements(const heckel_env *env, const direct_input *d, size_t old_count, size_t new_count,
               const direct_arrays *a, size_t *matches, size_t *longest, bool ordered,
               const direct_form form, const bool wide) {
    const uint64_t *old_keys = d->old_keys;
    const heckel_bytes *bytes = d->bytes;
    const unsigned char *old_records = d->old_records;
    const size_t prefix = d->prefix;
    void *slots = a->slots, *chain = a->chain, *hint = a->hint, *pairs = a->pairs;
    const uint32_t spent = SPENT_OF(wide), lone = LONE_OF(wide);
    const unsigned shift = 64 - a->bits;
    const size_t mask = ((size_t)1 << a->bits) - 1;
    size_t budget = PROBE_BUDGET * (old_count + new_count);
#define SLOT(key) ((size_t)(((key) * 0x9E3779B97F4A7C15ull) >> shift))
    /* Old occurrence x (offset + 1) holds value v, element k of the given
     * side: the same two words (records), or the same key and, with bytes,
     * the same bytes. */
#define SAME(x, v, new_side, k)                                                                         \
    (form == FORM_RECORDS16                                                                             \
         ? ((heckel_load64(old_records + 16 * ((x) - 1)) ^ (v).low) |                                  \
            (heckel_load64(old_records + 16 * ((x) - 1) + 8) ^ (v).high)) == 0                         \
         : old_keys[(x) - 1] == (v).key &&                                                              \
               (form == FORM_PLAIN ||                                                                   \
                heckel_same_elements(bytes, false, prefix + (x) - 1, new_side, prefix + (k))))
    /* Old occurrence x holds element k of the new list, which follows the
     * old one (an in-order run): strings by their bytes alone (the key
     * would only confirm them). */
#define SAME_NEXT(x, k)                                                                     \
    (form == FORM_STRINGS ? heckel_same_elements(bytes, false, prefix + (x) - 1, true, prefix + (k)) \
                          : SAME(x, value_at(d, true, k, form), true, k))
#define PROBE(v, s, x, new_side, k)                                                \
    while (((x) = entry_get(slots, s, wide)) != EMPTY && !SAME(x, v, new_side, k)) { \
        if (budget-- == 0) return DIRECT_CROWDED;                                 \
        (s) = ((s) + 1) & mask;                                                    \
    }
    if (wide) memset(slots, 0, (mask + 1) * sizeof(uint32_t));
    else for (size_t s = 0; s <= mask; s++) entry_set(slots, s, EMPTY, false);
    entry_set(chain, 0, spent, wide);
    entry_set(chain, old_count + 1, spent, wide);
    /* Old offsets last to first, so each chain runs in old order and the
     * slot ends on the first occurrence; a value seen for the first time is
     * LONE until an earlier occurrence turns up. */
    bool repeated = false;
    for (size_t i = old_count; i-- > 0;) {
        if (wide && heckel_poll(env, i)) return DIRECT_CANCELLED;
        direct_value value = value_at(d, false, i, form);
        size_t s = SLOT(value.key);
        uint32_t x;
        PROBE(value, s, x, false, i)
        uint32_t link = lone;
        if (x != EMPTY) {
            if (entry_get(chain, x, wide) == lone) entry_set(chain, x, 0, wide);
            link = x;
            repeated = true;
        }
        entry_set(chain, i + 1, link, wide);
        entry_set(slots, s, (uint32_t)(i + 1), wide);
    }
    /* No run below a value's first occurrence (the others' hints are
     * written before they are read). */
    if (ordered && repeated) memset(hint, 0, (old_count + 2) * (wide ? sizeof(uint32_t) : sizeof(uint16_t)));
    size_t unmatched = 0;
    /* The run of a repeated value's occurrence v (old offset x - 1, new
     * element j) from its bound `from`, once length > NEAR_HINT: counted
     * among NEAR_HINT ends from the bound, or the last NEAR_HINT - 1 ends
     * and tail[length] (set above every offset) when the bound is nearer the
     * end, so with no branch on whether it appends; all NEAR_HINT below v
     * (the window then ends before tail[length]): searched beyond them. */
#define REPEATED_RUN(from, after, more)                                                          \
    {                                                                                             \
        HECKEL_CHECK((from) <= length && ((from) == 0 || tail[(from) - 1] < v));                  \
        tail[length] = HECKEL_UNMATCHED;                                                          \
        size_t first = (from) < length + 1 - NEAR_HINT ? (from) : length + 1 - NEAR_HINT;         \
        size_t run = first + count_below_scalar(tail + first, NEAR_HINT, v);                      \
        if (__builtin_expect(run == first + NEAR_HINT, 0)) run = first_run_above(tail, run, length, v); \
        pair_set(pairs, j, run, x, wide);                                                         \
        if (more) entry_set(hint, after, (uint32_t)run + 1, wide);                                \
        tail[run] = v;                                                                            \
        end = run + 1 >= length ? x : end;                                                        \
        length += run == length;                                                                  \
    }
    /* The move pass's forward half: see heckel_run_lengths (moves.c), here
     * for matched elements only (an unmatched one's run length is never
     * read), with end = tail[length - 1] + 1 (0 before any run), compared
     * with old offset + 1. */
    uint32_t *tail = a->tail;
    const bool polled = wide || form == FORM_STRINGS;
    size_t length = 0, next_poll = 0;
    uint32_t end = 0;
    for (size_t j = 0; j < new_count; j++) {
        /* The in-order runs below move j on by more than one: polled by
         * distance. The narrow table's loop is polled too where it hashes
         * the new strings it probes for (of any length). */
        if (polled && j >= next_poll) {
            if (heckel_cancelled(env)) return DIRECT_CANCELLED;
            next_poll = j + HECKEL_POLL_MASK + 1;
        }
        direct_value value = value_at(d, true, j, form);
        size_t s = SLOT(value.key);
        uint32_t x;
        PROBE(value, s, x, true, j)
        /* The slot moves on to the next occurrence; the last one taken
         * leaves the slot in place (probes for other values pass it) and
         * its value SPENT. */
        uint32_t after = entry_get(chain, x, wide);
        if (after == spent) {
            pair_set(pairs, j, 0, 0, wide);
            unmatched++;
            continue;
        }
        /* after - 1 wraps for 0, and LONE - 1 is past every offset + 1 */
        bool more = (uint32_t)(after - 1) < lone - 1; /* a later occurrence waits */
        if (more) entry_set(slots, s, after, wide);
        else entry_set(chain, x, spent, wide);
        uint32_t v = x - 1;
        if (!ordered) {
            pair_set(pairs, j, 0, x, wide);
            continue;
        }
        /* The run of this value's previous occurrence, + 1, bounds l from
         * below (0: a value's only or first occurrence, no bound); at most
         * length (that occurrence may have appended). */
        size_t l, from = after == lone ? 0 : entry_get(hint, x, wide);
        if (from != 0 && length > NEAR_HINT) {
            /* A repeated value's later occurrence: nearly every element
             * with heavy duplicates, a sixth of them appending, at random. */
            REPEATED_RUN(from, after, more)
            /* While the next new elements are repeated values' occurrences
             * too, found on their first probe, each takes the same step: in
             * a loop of its own that holds few registers. A value's first
             * occurrence (hint 0) counts from the start: still right. It
             * stops where the outer loop polls. */
            while (j + 1 < new_count && (!polled || j + 1 < next_poll)) {
                value = value_at(d, true, j + 1, form);
                s = SLOT(value.key);
                x = entry_get(slots, s, wide);
                if (x == EMPTY || !SAME(x, value, true, j + 1)) break;
                after = entry_get(chain, x, wide);
                if (after == spent || after == lone) break;
                j++;
                more = after != 0;
                if (more) entry_set(slots, s, after, wide);
                else entry_set(chain, x, spent, wide);
                v = x - 1;
                from = entry_get(hint, x, wide);
                REPEATED_RUN(from, after, more)
            }
            continue;
        }
        if (__builtin_expect(end < x, 1)) { /* appends */
            pair_set(pairs, j, length, x, wide);
            if (more) entry_set(hint, after, (uint32_t)length + 1, wide);
            tail[length++] = v;
            /* While the next new elements take the next old ones (their
             * values' only occurrences, so the first unmatched ones, and
             * equal), each appends too: taken without the table, in a loop
             * of its own that holds few registers. */
            size_t next = (size_t)x + 1;
            while (j + 1 < new_count && entry_get(chain, next, wide) == lone &&
                   SAME_NEXT(next, j + 1)) {
                j++;
                entry_set(chain, next, spent, wide);
                pair_set(pairs, j, length, (uint32_t)next, wide);
                tail[length++] = (uint32_t)next - 1;
                next++;
            }
            end = (uint32_t)next - 1;
            continue;
        }
        /* tail[last] > v: l <= last. */
        size_t last = length - 1;
        HECKEL_CHECK(from <= last && (from == 0 || tail[from - 1] < v));
        if (length == 1 || tail[length - 2] < v) {
            l = last;
        } else {
            l = first_run_above(tail, from, last, v);
        }
        if (l == last) end = x;
        pair_set(pairs, j, l, x, wide);
        if (more) entry_set(hint, after, (uint32_t)l + 1, wide);
        tail[l] = v;
    }
    *longest = length;
#undef REPEATED_RUN
#undef PROBE
#undef SAME_NEXT
#undef SAME
#undef SLOT
    *matches = new_count - unmatched;
    return DIRECT_MATCHED;
}

/* One function per form and width, kept apart so that no loop shares
 * registers with another's. */
#define DIRECT_MATCHER(name, ordered, form, wide)                                                \
    static __attribute__((noinline)) direct_outcome name(                                         \
        const heckel_env *env, const direct_input *d, size_t old_count, size_t new_count,         \
        const direct_arrays *a, size_t *matches, size_t *longest) {                               \
        return match_elements(env, d, old_count, new_count, a, matches, longest, ordered, form, wide); \
    }
DIRECT_MATCHER(match_plain, true, FORM_PLAIN, false)
DIRECT_MATCHER(match_bytes, true, FORM_BYTES, false)
DIRECT_MATCHER(match_records16, true, FORM_RECORDS16, false)
DIRECT_MATCHER(match_strings, true, FORM_STRINGS, false)
DIRECT_MATCHER(match_plain_wide, true, FORM_PLAIN, true)
DIRECT_MATCHER(match_bytes_wide, true, FORM_BYTES, true)
DIRECT_MATCHER(match_records16_wide, true, FORM_RECORDS16, true)
DIRECT_MATCHER(match_strings_wide, true, FORM_STRINGS, true)
/* ignore_order: no move pass (rare: one loop for all forms, per width). */
DIRECT_MATCHER(match_unordered, false, d->form, false)
DIRECT_MATCHER(match_unordered_wide, false, d->form, true)
#undef DIRECT_MATCHER

static direct_outcome match_keys(const heckel_env *env, const direct_input *d, size_t old_count,
                                 size_t new_count, const direct_arrays *a, bool ordered,
                                 size_t *matches, size_t *longest) {
    if (a->wide) {
        if (!ordered) return match_unordered_wide(env, d, old_count, new_count, a, matches, longest);
        switch (d->form) {
        case FORM_RECORDS16: return match_records16_wide(env, d, old_count, new_count, a, matches, longest);
        case FORM_STRINGS: return match_strings_wide(env, d, old_count, new_count, a, matches, longest);
        case FORM_BYTES: return match_bytes_wide(env, d, old_count, new_count, a, matches, longest);
        default: return match_plain_wide(env, d, old_count, new_count, a, matches, longest);
        }
    }
    if (!ordered) return match_unordered(env, d, old_count, new_count, a, matches, longest);
    switch (d->form) {
    case FORM_RECORDS16: return match_records16(env, d, old_count, new_count, a, matches, longest);
    case FORM_STRINGS: return match_strings(env, d, old_count, new_count, a, matches, longest);
    case FORM_BYTES: return match_bytes(env, d, old_count, new_count, a, matches, longest);
    default: return match_plain(env, d, old_count, new_count, a, matches, longest);
    }
}

/* Keys of elements [first, first + count) of one side into keys, hashed by
 * the input, polling between chunks. False if cancelled. */
static bool hash_keys(const heckel_env *env, const heckel_input *in, bool new_side, size_t first,
                      size_t count, uint64_t *keys) {
    for (size_t k = 0; k < count; k += HECKEL_POLL_MASK + 1) {
        if (heckel_cancelled(env)) return false;
        size_t chunk = count - k > HECKEL_POLL_MASK ? HECKEL_POLL_MASK + 1 : count - k;
        in->hash_range(in, new_side, first + k, chunk, keys + k);
    }
    return true;
}

/* Writes every output from pairs[] (matches pairs matched, the longest
 * increasing run `longest` long): the window or the prefix, the mapping and,
 * unless ignore_order, the moves. Instantiated per width. */
static inline __attribute__((always_inline)) void
write_outputs(const heckel_env *env, size_t prefix, size_t old_count, size_t new_count,
              const void *pairs, size_t matches, size_t longest, heckel_result *result,
              const bool wide) {
    heckel_offset *old_to_new = result->old_to_new, *new_to_old = result->new_to_old, *moves = result->moves;
    if (env->window) { /* the prefix is not written; no suffix is trimmed here */
        env->window->prefix = prefix;
        env->window->suffix = 0;
    } else {
        for (size_t k = 0; k < prefix; k++) old_to_new[k] = new_to_old[k] = (heckel_offset)k;
    }
    for (size_t i = 0; i < old_count; i++) old_to_new[prefix + i] = HECKEL_UNMATCHED;
    if (env->ignore_order) {
        for (size_t j = 0; j < new_count; j++) {
            uint32_t x = (uint32_t)pair_get(pairs, j, wide); /* old offset + 1, or 0 */
            new_to_old[prefix + j] = x == 0 ? HECKEL_UNMATCHED : (heckel_offset)(prefix + x - 1);
            if (x != 0) old_to_new[prefix + x - 1] = (heckel_offset)(prefix + j);
        }
        result->match_count = prefix + matches;
        result->move_count = 0;
        return;
    }
    /* The move pass's backward half (heckel_mark_kept's) fused with the
     * output loop: from the end, each pair with run length wanted - 1 is
     * kept; every other pair is a move, written from the back of its known
     * count (matches - longest). heckel_mark_kept also asks that a kept pair
     * be below the last one kept, which always holds for the first pair
     * with run length wanted - 1 (pairs of equal run length come with
     * decreasing old offsets), so only checked builds test it. */
    size_t move_count = matches - longest, at = move_count, wanted = longest;
#ifdef HECKEL_CHECKS
    uint32_t bound = HECKEL_UNMATCHED; /* above every old offset */
#endif
    for (size_t j = new_count; j-- > 0;) {
        uint64_t pair = pair_get(pairs, j, wide);
        if (pair == 0) {
            new_to_old[prefix + j] = HECKEL_UNMATCHED;
            continue;
        }
        uint32_t i = (uint32_t)(pair & SPENT_OF(wide)) - 1;
        new_to_old[prefix + j] = (heckel_offset)(prefix + i);
        old_to_new[prefix + i] = (heckel_offset)(prefix + j);
        /* The run length == wanted - 1 never holds once wanted is 0. */
        if ((pair >> (wide ? 32 : 16)) == wanted - 1) {
#ifdef HECKEL_CHECKS
            HECKEL_CHECK(i < bound);
            bound = i;
#endif
            wanted--;
        } else { /* a move */
            at--;
            if (moves) moves[at] = (heckel_offset)(prefix + j);
        }
    }
    HECKEL_CHECK(wanted == 0 && at == 0);
    result->match_count = prefix + matches;
    result->move_count = move_count;
}

static __attribute__((noinline)) void write_narrow(const heckel_env *env, size_t prefix, size_t old_count,
                                                   size_t new_count, const void *pairs, size_t matches,
                                                   size_t longest, heckel_result *result) {
    write_outputs(env, prefix, old_count, new_count, pairs, matches, longest, result, false);
}

static __attribute__((noinline)) void write_wide(const heckel_env *env, size_t prefix, size_t old_count,
                                                 size_t new_count, const void *pairs, size_t matches,
                                                 size_t longest, heckel_result *result) {
    write_outputs(env, prefix, old_count, new_count, pairs, matches, longest, result, true);
}

/* Whether the input is packed 16-byte records (records.c; 8-byte keys at a
 * stride, keys.c, are keys_exact): keyed as they are read, no key array.
 * Every hashed input has its bytes, first in its context (records.c's
 * heckel_seeded_bytes, for the seed; swift_strings_input.h's). */
static bool records16(const heckel_input *in) {
    HECKEL_CHECK(in->kind != HECKEL_INPUT_HASHED || (in->bytes && in->context == (const void *)in->bytes));
    return in->kind == HECKEL_INPUT_HASHED && !in->keys_exact && in->bytes->old_records && in->bytes->size == 16 &&
           in->bytes->stride == 16;
}

/* Whether the input is Swift strings (String values, no substrings in
 * either list) that swift_strings.c leaves to this path to key (its context
 * a heckel_swift_strings_input): the old ones keyed up front, the new ones
 * as they probe. */
static bool strings_keyed_here(const heckel_input *in) {
    return in->kind == HECKEL_INPUT_HASHED && in->bytes->old_strings &&
           !(in->bytes->old_strings->substring | in->bytes->new_strings->substring);
}

/* As heckel_run_small, once the arrays are laid out. */
static bool run_direct(const heckel_env *env, const heckel_input *in, size_t prefix,
                       const direct_arrays *a, uint64_t *hashed, heckel_result *result,
                       heckel_status *status) {
    size_t old_count = in->old_count - prefix, new_count = in->new_count - prefix;
    direct_input d = {.bytes = in->keys_exact ? NULL : in->bytes, .prefix = prefix};
    d.form = d.bytes ? FORM_BYTES : FORM_PLAIN;
    if (records16(in)) {
        const heckel_seeded_bytes *input = in->context;
        d.form = FORM_RECORDS16;
        d.secret = heckel_word_pair_secret_make(input->seed);
        d.old_records = in->bytes->old_records + 16 * prefix;
        d.new_records = new_count ? in->bytes->new_records + 16 * prefix : NULL; /* NULL only when empty */
    } else if (strings_keyed_here(in)) {
        const heckel_swift_strings_input *input = in->context;
        d.form = FORM_STRINGS;
        d.new_strings = input->bytes.new_strings;
        d.hasher = input->hasher;
        d.old_keys = hashed;
        if (!hash_keys(env, in, false, prefix, old_count, hashed)) {
            *status = HECKEL_CANCELLED;
            return true;
        }
    } else if (in->kind == HECKEL_INPUT_KEYS) {
        /* NULL only when empty: then no offset is added, and neither is read. */
        d.old_keys = in->old_count ? in->old_keys + prefix : NULL;
        d.new_keys = in->new_count ? in->new_keys + prefix : NULL;
    } else {
        d.old_keys = hashed;
        d.new_keys = hashed + old_count;
        if (!hash_keys(env, in, false, prefix, old_count, hashed) ||
            !hash_keys(env, in, true, prefix, new_count, hashed + old_count)) {
            *status = HECKEL_CANCELLED;
            return true;
        }
    }
    size_t matches, longest = 0;
    direct_outcome outcome = match_keys(env, &d, old_count, new_count, a, !env->ignore_order, &matches, &longest);
    if (outcome == DIRECT_CROWDED) return false;
    /* Outputs last, after the last poll: nothing above wrote to the caller's arrays. */
    if (outcome == DIRECT_CANCELLED || heckel_cancelled(env)) {
        *status = HECKEL_CANCELLED;
        return true;
    }
    if (a->wide) write_wide(env, prefix, old_count, new_count, a->pairs, matches, longest, result);
    else write_narrow(env, prefix, old_count, new_count, a->pairs, matches, longest, result);
    return true;
}

bool heckel_run_small(const heckel_env *env, const heckel_input *in, size_t prefix,
                      heckel_result *result, heckel_status *status) {
    size_t old_count = in->old_count - prefix, new_count = in->new_count - prefix;
    HECKEL_CHECK(old_count + new_count <= HECKEL_DIRECT_MAX);
    *status = HECKEL_OK;
    if (heckel_cancelled(env)) {
        *status = HECKEL_CANCELLED;
        return true;
    }
    bool wide = old_count + new_count > HECKEL_SMALL_MAX;
    /* The narrow table within its bound, which keeps old offsets + 1 below
     * its LONE and run lengths in 16 bits. */
    HECKEL_CHECK(wide || old_count + new_count <= HECKEL_SMALL_MAX);
    direct_arrays a = {.bits = table_bits(old_count, wide), .wide = wide};
    size_t words = region_words(&a, old_count, new_count);
    /* Records and spans: their keys, hashed here, ahead of the arrays (none
     * for 16-byte records, the old ones only for Swift strings). */
    size_t hashed_count = in->kind != HECKEL_INPUT_HASHED || records16(in) ? 0
                          : strings_keyed_here(in)                       ? old_count
                                                                         : old_count + new_count;
    if (old_count + new_count <= HECKEL_STACK_MAX) {
        /* Sized to the call (under 19 KiB): a fixed frame of the most would
         * be probed page by page on entry (stack clash protection), and a
         * first call in a fresh process would fault in every page. */
        HECKEL_CHECK(words <= 2 * HECKEL_STACK_MAX + (STACK_TABLE + 2 * (HECKEL_STACK_MAX + 2) + 1) / 2);
        uint64_t hashed[hashed_count + 1];
        uint32_t block[words];
        lay_out(&a, block, old_count, new_count);
        return run_direct(env, in, prefix, &a, hashed, result, status);
    }
    /* One block: the keys (8-byte words), then the arrays. */
    uint64_t *block = heckel_alloc(env, hashed_count + (words + 1) / 2, sizeof *block);
    if (!block) {
        *status = HECKEL_OUT_OF_MEMORY;
        return true;
    }
    lay_out(&a, (uint32_t *)(block + hashed_count), old_count, new_count);
    bool done = run_direct(env, in, prefix, &a, block, result, status);
    heckel_free(env, block);
    return done;
}
