/* Shared by the core's translation units; not part of the public contract. */
#ifndef HECKEL_INTERNAL_H
#define HECKEL_INTERNAL_H

#include "heckel.h"
#include "heckel_swift_strings.h"
#include "tunables.h"

/* Invariant checks, as SQLite's assert()s: compiled in only where
 * HECKEL_CHECKS is defined (the CMake Debug and sanitizer builds, the fuzz
 * build), where a broken one prints the condition and aborts; compiled out
 * (condition not evaluated) everywhere else. */
#ifdef HECKEL_CHECKS
void heckel_check_failed(const char *condition, const char *file, int line);
#define HECKEL_CHECK(condition) \
    ((condition) ? (void)0 : heckel_check_failed(#condition, __FILE__, __LINE__))
#else
#define HECKEL_CHECK(condition) ((void)0)
#endif

/* Phase marks for the profiling build of the core bench (heckel_core_phases,
 * HECKEL_PHASE_HOOK defined): heckel_test_phase(name) is called on the
 * calling thread as each phase of a call ends ("start" as the call begins);
 * the bench defines it. Compiled out everywhere else. */
#ifdef HECKEL_PHASE_HOOK
void heckel_test_phase(const char *phase);
#define HECKEL_PHASE(name) heckel_test_phase(name)
#else
#define HECKEL_PHASE(name) ((void)0)
#endif


/* The options with defaults filled in, and the allocator behind them. */
typedef struct heckel_env {
    const heckel_allocator *allocator; /* NULL: malloc/free */
    const int *cancel;
    unsigned threads;      /* as asked: 0 automatic, else the most to use */
    unsigned thread_count; /* as used by this call's parallel passes (>= 1) */
    bool ignore_order;     /* no move pass */
    heckel_window *window; /* NULL: full output; else the window output's report */
    uint64_t seed;     /* random per call, set before any hash table is built */
    heckel_workspace *workspace; /* NULL, or where every block of scratch comes from */
} heckel_env;

heckel_env heckel_env_make(const heckel_options *options);
void *heckel_alloc(const heckel_env *env, size_t count, size_t size);  /* NULL on overflow too */
void *heckel_zalloc(const heckel_env *env, size_t count, size_t size); /* zero-filled */
void heckel_free(const heckel_env *env, void *pointer);
/* malloc, or for blocks of 16 MiB and more a mapping of their own on 2 MiB
 * pages where the system offers them; freed with heckel_system_free. */
void *heckel_system_alloc(size_t bytes);
void heckel_system_free(void *pointer); /* a block from heckel_system_alloc, not NULL */
/* A block of at least bytes (> 0) from the workspace: one it keeps and no
 * running call holds, or a new one from its allocator (NULL if that fails). */
void *heckel_workspace_take(heckel_workspace *workspace, size_t bytes);
/* Gives back a block heckel_workspace_take returned: kept for later calls. */
void heckel_workspace_give(heckel_workspace *workspace, void *block);
bool heckel_cancelled(const heckel_env *env);
/* One block of scratch memory reused by successive passes of a call, so
 * later passes touch pages the earlier ones already faulted in. */
typedef struct heckel_scratch {
    void *block;
    size_t bytes;
} heckel_scratch;
/* The block, grown to at least bytes (contents not kept); NULL if that fails. */
void *heckel_scratch_get(const heckel_env *env, heckel_scratch *scratch, size_t bytes);
void heckel_scratch_free(const heckel_env *env, heckel_scratch *scratch);

/* ---- threads (parallel.c) ---- */

/* How many threads a call over `elements` elements uses: env->threads
 * (0: the online cores), but none beyond one per HECKEL_THREAD_GRAIN
 * elements, and at most HECKEL_MAX_THREADS. */
unsigned heckel_thread_count(const heckel_env *env, size_t elements);

/* One part of a parallel pass; false when it stopped early (cancelled). */
typedef bool (*heckel_task)(void *context, unsigned part, unsigned parts);

/* Runs task(context, part, parts) for every part < parts: part 0 on the
 * calling thread, the others on threads started here and joined before
 * return (the calling thread runs a part whose thread did not start).
 * Returns false if any part did. Tasks must not allocate or call the
 * caller's callbacks. */
bool heckel_parallel(unsigned parts, heckel_task task, void *context);

/* [*first, *end): part `part` of `parts` nearly equal slices of [0, count). */
static inline void heckel_slice(size_t count, unsigned part, unsigned parts, size_t *first,
                                size_t *end) {
    *first = count / parts * part + (part < count % parts ? part : count % parts);
    *end = *first + count / parts + (part < count % parts);
}

/* Takes the next `step` units of a shared pass: returns the first unit
 * taken and advances *cursor (accessed atomically by every thread of the
 * pass; relaxed, because heckel_parallel's join orders the results). A
 * thread that starts late or waits for its core takes fewer units instead
 * of holding up the pass. The caller stops when the result is >= its limit. */
static inline size_t heckel_take_next(size_t *cursor, size_t step) {
    return __atomic_fetch_add(cursor, step, __ATOMIC_RELAXED);
}

/* A fresh random 64-bit seed for a call matching `elements` elements
 * (arc4random; getrandom from 1024 elements on; else stack address and
 * cycle counter). Drawn once per call that builds a hash table. */
uint64_t heckel_random_seed(size_t elements);

/* A call's seed from the caller's secret (see
 * heckel_match_swift_strings_with_secret): secret mixed with the cycle
 * counter and stack address, no system call; heckel_random_seed(elements)
 * when secret is 0. */
uint64_t heckel_secret_seed(uint64_t secret, size_t elements);

/* A bijective mix of key under the call's seed: equal mixed keys iff equal
 * keys, good top bits even for sequential or aligned keys, and, since the
 * seed is secret and new each call, no fixed set of keys that crowds one
 * partition or table slot (hash flooding). Results never depend on it. */
static inline uint64_t heckel_mix(uint64_t key, uint64_t seed) {
    key ^= seed;
    key ^= key >> 32;
    key *= 0xD6E8FEB86659FD93ull;
    key ^= key >> 32;
    key *= 0xD6E8FEB86659FD93ull;
    return key ^ (key >> 32);
}

/* True when the flag is raised and offset is at a polling point. */
static inline bool heckel_poll(const heckel_env *env, size_t offset) {
    return (offset & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env);
}

/* One call's input, whatever its form. Keys are given (key API) or computed
 * by hash_range (records, spans): the kind says which, never the pointers
 * (a key array may be NULL when its count is 0). equal(context, i, j), on
 * absolute offsets, is NULL when equal keys mean equal elements; otherwise
 * it decides, and keys only group candidates. */
typedef enum heckel_input_kind { HECKEL_INPUT_KEYS, HECKEL_INPUT_HASHED } heckel_input_kind;
/* The elements of a records, spans or Swift strings input (spans and strings
 * NULL for records), which its equal compares by bytes (element_bytes.h). */
typedef struct heckel_bytes {
    const unsigned char *old_records, *new_records; /* records */
    size_t size;
    size_t stride; /* records: bytes from one record to the next (>= size) */
    const heckel_span *old_spans, *new_spans;       /* spans */
    const heckel_swift_strings *old_strings, *new_strings; /* Swift strings (entry_points.c) */
} heckel_bytes;
typedef struct heckel_input {
    heckel_input_kind kind;
    size_t old_count, new_count;
    const uint64_t *old_keys, *new_keys; /* HECKEL_INPUT_KEYS only */
    heckel_equal_fn equal;
    void *context;
    /* equal is the caller's callback: only the calling thread may call it. */
    bool equal_is_callers;
    /* Records and spans (keyed or not): their bytes, which equal compares;
     * NULL for the keys API. */
    const heckel_bytes *bytes;
    /* Hashed keys that are the elements themselves (8-byte records: the key
     * is the record's bytes), so equal keys mean equal elements: no byte
     * comparison on the direct path, no check of the pairs after matching,
     * and the trimming compares them in place (heckel_trim_keys). */
    bool keys_exact;
    /* Leading pairs (k, k) the entry point found equal before the call (at
     * most the shorter list): the trim starts after them, and their keys
     * are never read. */
    size_t known_prefix;
    /* Keys of old (new_side false) or new elements [first, first + count). */
    void (*hash_range)(const struct heckel_input *in, bool new_side, size_t first, size_t count,
                       uint64_t *keys);
    /* With equal: the first j in [first, end) whose pair (match[j], j),
     * offsets relative to prefix, is unequal (HECKEL_UNMATCHED entries
     * skipped), or end. One loop per input form, so no indirect call per pair. */
    size_t (*first_unequal)(const struct heckel_input *in, const uint32_t *match, size_t prefix,
                            size_t first, size_t end);
} heckel_input;

/* Keys read from an array, or hashed on demand with in->hash_range (records
 * and spans, so that no key array is stored) for element first + k of the
 * given side. */
typedef struct heckel_key_source {
    const uint64_t *keys;    /* or NULL */
    const heckel_input *in;
    bool new_side;
    size_t first;
} heckel_key_source;

/* The most keys hashed by one heckel_source_keys call. */
#define HECKEL_KEY_CHUNK 256

/* Keys k ..< k + count of s (count <= HECKEL_KEY_CHUNK): into the array, or
 * hashed into buffer. Inline, so passes over an array pay nothing for it. */
static inline const uint64_t *heckel_source_keys(const heckel_key_source *s, size_t k,
                                                 size_t count, uint64_t *buffer) {
    if (s->keys) return s->keys + k;
    s->in->hash_range(s->in, s->new_side, s->first + k, count, buffer);
    return buffer;
}

static inline uint64_t heckel_source_key(const heckel_key_source *s, size_t k) {
    uint64_t key;
    return *heckel_source_keys(s, k, 1, &key);
}

/* The part of both lists left to match after trimming: keys of
 * old[prefix ..< prefix + old_count] and new[prefix ..< prefix + new_count],
 * indexed from 0 here; equal and context as in the input (absolute offsets). */
typedef struct heckel_middle {
    heckel_key_source old_keys, new_keys;
    size_t old_count, new_count;
    size_t prefix;
    heckel_equal_fn equal;
    void *context;
} heckel_middle;

/* Matching by keys alone (keys taken as the elements), radix-partitioned so
 * each partition's table stays in cache: match[j] (new_count entries) gets
 * the old middle offset paired with new middle offset j, or
 * HECKEL_UNMATCHED. */
heckel_status heckel_match_partitioned(const heckel_env *env, const heckel_middle *middle,
                                       uint32_t *match, heckel_scratch *scratch);

/* Matching that asks middle->equal about every candidate with an equal key,
 * walking a key's chain to the first equal unmatched old occurrence. Used
 * when keys alone proved wrong (collisions). Same output as above. */
heckel_status heckel_match_exact(const heckel_env *env, const heckel_middle *middle,
                                 uint32_t *match);

/* Marks in keep[j] (HECKEL_KEEP) the pairs of one longest increasing
 * subsequence of match[] (HECKEL_UNMATCHED entries skipped; matched values
 * below HECKEL_MAX_COUNT). keep needs count entries;
 * other entries of keep are left with unspecified values. work needs
 * heckel_kept_work(count) entries. */
#define HECKEL_KEEP ((uint32_t)0xFFFFFFFEu)
size_t heckel_kept_work(size_t count);
heckel_status heckel_mark_kept(const heckel_env *env, const uint32_t *match, size_t count,
                               uint32_t *keep, uint32_t *work);

/* heckel_mark_kept's forward pass: lengths[j] gets the length minus 1 of the
 * longest increasing run of match[] ending at matched j (junk for unmatched
 * j), *longest the longest run's length. Its backward pass then picks, from
 * the end, each j with lengths[j] == wanted - 1 below the last pick.
 * lengths needs count entries, work heckel_kept_work(count). */
heckel_status heckel_run_lengths(const heckel_env *env, const uint32_t *match, size_t count,
                                 uint32_t *lengths, uint32_t *work, size_t *longest);

/* The first k in [lo, end) with sorted[k] > v (v never equal to one), or
 * end: heckel_run_lengths's search, and the direct path's fused pass's
 * (inline there: a call in its loop would spill the loop's registers).
 * Branch-free halving: its steps are unpredictable, so no branch on them. */
static inline size_t heckel_first_above(const uint32_t *sorted, size_t lo, size_t end, uint32_t v) {
    if (lo == end) return end;
    const uint32_t *base = sorted + lo;
    for (size_t n = end - lo; n > 1; n -= n / 2)
        base = base[n / 2] < v ? base + n / 2 : base;
    return (size_t)(base - sorted) + (*base < v);
}

/* How many of sorted[0 ..< n] are below v, counted with no branch and no
 * load depending on another (the compiler vectorizes it: SSE2, NEON), where
 * a binary search's steps are a chain of dependent loads. */
static inline size_t heckel_count_below(const uint32_t *sorted, size_t n, uint32_t v) {
    uint32_t below = 0;
    for (size_t k = 0; k < n; k++) below += sorted[k] < v;
    return below;
}

/* Whether matched pair j is a move: matched, and not kept. */
static inline bool heckel_is_move(const uint32_t *match, const uint32_t *keep, size_t j) {
    return match[j] != HECKEL_UNMATCHED && keep[j] != HECKEL_KEEP;
}

/* Counts into *move_count, and writes to moves (unless NULL) ascending, the
 * positions offset + j of the moves j in [first, end). moves may be
 * keep + first: each entry is written after keep's entries up to it are read.
 * Polls; returns false if cancelled (moves then partly written). */
bool heckel_list_moves(const heckel_env *env, const uint32_t *match, const uint32_t *keep,
                       size_t first, size_t end, size_t offset, heckel_offset *moves,
                       size_t *move_count);

/* Writes r's mapping arrays (trimmed pairs across, the middle by match) on
 * `threads` threads, and counts the matched pairs into *match_count.
 * Returns false if cancelled (arrays partly written). */
bool heckel_write_mapping(const heckel_env *env, const heckel_middle *m, size_t old_count,
                          size_t new_count, const uint32_t *match, unsigned threads,
                          heckel_result *r, size_t *match_count);

/* Counts into *move_count, and writes to r->moves unless NULL, the moves of
 * the middle (new positions; new_count: the whole new list's), on
 * env->thread_count threads; keep (heckel_mark_kept's) is then overwritten.
 * Returns false if cancelled (moves partly written). */
bool heckel_write_moves(const heckel_env *env, const heckel_middle *m, size_t new_count,
                        const uint32_t *match, uint32_t *keep, heckel_result *r,
                        size_t *move_count);

/* Sets *intersect: whether any of a[0 ..< a_count] equals one of the first
 * b_count keys of b. A hash set over the smaller side, probed by the other. */
heckel_status heckel_keys_intersect(const heckel_env *env, const uint64_t *a, size_t a_count,
                                    heckel_key_source b, size_t b_count, bool *intersect);

/* Trims, matches, finds moves, and fills result: the shared body of the
 * public entry points. */
heckel_status heckel_run(const heckel_env *env, const heckel_input *input, heckel_result *result);


/* The length of the common prefix of the 64-bit keys at a and b, stride
 * bytes apart (backward: suffix, a and b pointing one stride past their
 * last keys), at most count, for heckel_run's trim of keys that are their
 * elements (trim_keys.c); polls where its element-by-element loop would.
 * False if cancelled. */
bool heckel_trim_keys(const heckel_env *env, const void *a, const void *b, size_t stride, size_t count,
                      bool backward, size_t *length);

/* heckel_trim_keys for 16-byte records stride bytes apart, compared as two
 * words each: records whose equality is memcmp of those 16 bytes. */
bool heckel_trim_records16(const heckel_env *env, const void *a, const void *b, size_t stride, size_t count,
                           bool backward, size_t *length);

/* heckel_run for plain keys (no equality) and for records and spans
 * (in->bytes) once the prefix is trimmed and the middle fits
 * HECKEL_DIRECT_MAX: one table (16-bit slots up to HECKEL_SMALL_MAX, 32-bit
 * above), one thread, no seed, no allocation up to HECKEL_STACK_MAX, one
 * block above; same output. Returns
 * true with *status set, or false, outputs untouched, when the keys crowd
 * its unseeded table: the general path must take the call. */
bool heckel_run_small(const heckel_env *env, const heckel_input *in, size_t prefix,
                      heckel_result *result, heckel_status *status);

#endif
