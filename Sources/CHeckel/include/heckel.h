/*
 * heckel.h: linear-time list matching (Paul Heckel, 1978), the whole C contract.
 *
 * Given an old and a new list, the core pairs every new element with an equal
 * old one, keeping order among duplicates (the k-th occurrence of a value in
 * the new list pairs with the k-th of the old list), and marks as moves the
 * fewest matched pairs whose relocation explains the new order: the pairs
 * outside one longest increasing subsequence of old offsets taken in new order.
 *
 * Elements are never compared by hash alone: the 64-bit keys only place them in
 * an open-addressing symbol table; a pair is matched only when the elements are
 * equal (memcmp, or the caller's callback). Colliding keys cost time, never
 * correctness.
 *
 * Cost: O(n) expected for matching plus O(n log n) for the moves (O(n) when
 * few elements move), where n = old_count + new_count; a handful of
 * allocations per call, none per element; scratch memory about 12 bytes per
 * element of old + new beyond the inputs and outputs (plus one L2-sized
 * table per thread). Lists under about 32768 old elements take a shorter
 * path (one table, no partitioning). heckel_match_keys without an equality
 * callback, heckel_match_records, heckel_match_spans and
 * heckel_match_keyed_spans, on lists whose parts left after the common
 * prefix hold at most 524,288 (2^19) elements together, take a shorter one
 * still (one thread whatever heckel_options.threads says, one table with
 * 16-bit slots up to 65,534 elements and 32-bit ones above, one allocation;
 * none, stack memory only, up to 512 elements; `heckel_core_bench -e keys
 * 1e2` times 100 plain keys). No globals: calls are reentrant and may run on
 * many threads at once.
 *
 * Threads: heckel_options.threads lets one call use several threads for big
 * lists (started by the call, joined before it returns; no pool, no global
 * state): hashing, partitioning, matching, verification by memcmp and the
 * output writing are split across them; finding the moves (one longest
 * increasing subsequence) stays sequential, beside the output writing. Each
 * thread gets at least 2^17 elements, so smaller lists run on the calling
 * thread whatever the option says, as do those the shorter path above takes
 * (up to 2^19 elements: one thread there beats two partitioning). The output never depends on the thread
 * count. The caller's equality callback (heckel_equal_fn) and allocator are
 * only ever called from the calling thread, one call at a time, whatever the
 * thread count: they need no thread safety (verification through a callback
 * therefore runs on one thread).
 *
 * Hash flooding: keys are mixed with a random seed drawn per call (arc4random;
 * on Linux getrandom from 1024 elements on, a cycle counter and the stack's
 * address below) before they pick partitions and table slots, so no fixed set
 * of crafted keys crowds one slot. Results never depend on the seed: the same
 * input always gives the same output. The shorter path for at most 2^19
 * elements draws no seed: crafted keys cost it a bounded number of probes
 * (4 per element), after which the call takes the seeded path.
 *
 * NULL arrays: any list or output array may be NULL when its count is 0.
 *
 * Errors: every function returns a heckel_status. On any status but HECKEL_OK
 * the caller's output arrays and counters are left untouched, with one
 * exception that keeps cancellation prompt to the end: a cancel flag raised
 * while the outputs are being written (the last pass) stops that pass, so the
 * output arrays (never the counters) may then hold unspecified values.
 */
#ifndef HECKEL_H
#define HECKEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header, as xxhash.h gives its own: compare
 * HECKEL_VERSION_NUMBER at compile time with heckel_version_number() at run
 * time to learn whether the library linked is the one compiled against. */
#define HECKEL_VERSION_MAJOR 0
#define HECKEL_VERSION_MINOR 4
#define HECKEL_VERSION_RELEASE 0
#define HECKEL_VERSION_NUMBER \
    (HECKEL_VERSION_MAJOR * 100 * 100 + HECKEL_VERSION_MINOR * 100 + HECKEL_VERSION_RELEASE)

/* HECKEL_VERSION_NUMBER of the library linked. Cost: O(1). */
unsigned heckel_version_number(void);

/* An offset into the old or new list. 32 bits halve the memory of 64. */
typedef uint32_t heckel_offset;

/* The value of old_to_new[i] / new_to_old[j] for an element left unmatched. */
#define HECKEL_UNMATCHED ((heckel_offset)0xFFFFFFFFu)

/* The largest old_count or new_count accepted; more gives HECKEL_TOO_LARGE. */
#define HECKEL_MAX_COUNT ((size_t)0xFFFFFFF0u)

typedef enum heckel_status {
    HECKEL_OK = 0,
    HECKEL_INVALID_ARGUMENT = 1, /* NULL where a non-empty array is needed, bad size */
    HECKEL_TOO_LARGE = 2,        /* a count above HECKEL_MAX_COUNT, or sizes overflow */
    HECKEL_OUT_OF_MEMORY = 3,    /* an allocation failed; nothing leaked */
    HECKEL_CANCELLED = 4         /* the options' cancel flag was raised; see Errors */
} heckel_status;

/* A static English description of a status ("out of memory"). Never NULL. */
const char *heckel_status_description(heckel_status status);

/* Memory the core takes for its scratch space; NULL members mean malloc/free.
 * allocate must return memory aligned as malloc's is (alignof(max_align_t)),
 * or NULL; the core stores 8-byte words in it. release gets only pointers
 * allocate returned, never NULL. */
typedef struct heckel_allocator {
    void *(*allocate)(void *context, size_t size);
    void (*release)(void *context, void *pointer);
    void *context;
} heckel_allocator;

/* The window output: what a call asked for it (heckel_options.window)
 * writes. The call trims a common prefix of p pairs and possibly a common
 * suffix of s pairs (p + s <= min(old_count, new_count)), and writes only
 * old_to_new[p ..< old_count - s] and new_to_old[p ..< new_count - s] (the
 * window; the same values as the full output there), then p and s here. The
 * entries outside the window are left untouched; they stand for
 * old_to_new[i] = i and new_to_old[j] = j below p, and old_to_new[i] =
 * i + new_count - old_count and new_to_old[j] = j + old_count - new_count
 * from old_count - s and new_count - s on. The arrays still need old_count
 * and new_count entries (how much is trimmed is known only at the end); the
 * pages of them left unwritten are never touched, so equal or nearly equal
 * lists cost no write and no page fault per element. Every unmatched element
 * and every move lies in the window; match_count, move_count and moves are
 * those of the full output. How long p and s are depends on the input form
 * and the list sizes (a common suffix may be matched inside the window: a
 * short one, or on lists of at most 2^19 elements after the prefix one
 * less than 3 times what lies between it and the prefix), never on the
 * thread count. Written on HECKEL_OK only. */
typedef struct heckel_window {
    size_t prefix; /* out: leading pairs (k, k) not written */
    size_t suffix; /* out: trailing pairs not written */
} heckel_window;

/* A workspace: the scratch memory of calls, kept from one call to the next
 * for a caller that diffs over and over (a list driver, a server). Without
 * one every call takes its scratch from the allocator and gives it back, and
 * the system may hand the pages back to the kernel (glibc does so for large
 * blocks), so the next call faults them in again: a page fault per 4 KiB
 * touched. With one (heckel_options.workspace) a call takes its blocks from
 * the workspace, which keeps them when the call returns: a call no larger
 * than an earlier one through the same workspace allocates at most one
 * block, and as a rule none. (The partitioned path's tables follow its
 * largest partition, which varies with each call's random seed; blocks are
 * kept with an eighth to spare, so only a seed that makes a partition
 * larger than that, most often with few distinct keys, takes a new block,
 * which the workspace keeps from then on.) Kept blocks touch no fresh
 * page. It keeps at most 16 blocks, about what one call
 * holds at its peak (12 to 40 bytes per element; heckel_workspace_bytes
 * tells), until destroyed. A workspace serves one call at a time: never
 * pass the same one to calls running at once on different threads (one
 * call with many threads is fine: its scratch is taken on the calling
 * thread). Opaque; create and destroy it with the functions below. */
typedef struct heckel_workspace heckel_workspace;

/* Creates an empty workspace into *workspace, its blocks (and itself) from
 * allocator (copied; NULL, or NULL members: malloc/free). Returns
 * HECKEL_INVALID_ARGUMENT if workspace is NULL, HECKEL_OUT_OF_MEMORY if the
 * allocator fails (*workspace then untouched). Cost: one small allocation. */
heckel_status heckel_workspace_create(const heckel_allocator *allocator, heckel_workspace **workspace);

/* Frees the workspace and every block it keeps (NULL: nothing). Not while
 * a call uses it. Cost: O(blocks kept). */
void heckel_workspace_destroy(heckel_workspace *workspace);

/* The bytes of the blocks the workspace keeps (NULL: 0). Cost: O(1). */
size_t heckel_workspace_bytes(const heckel_workspace *workspace);

/* How a call runs. All zero (`{0}`, or a NULL pointer) is the default. */
typedef struct heckel_options {
    /* NULL: malloc and free. With threads != 1 the allocator is still only
     * called from the calling thread. */
    const heckel_allocator *allocator;
    /* NULL, or a flag polled (relaxed atomic load) every few thousand elements
     * or equality callbacks, on every thread of the call, while matching,
     * finding moves and writing outputs; once non-zero the call returns
     * HECKEL_CANCELLED. Raise it from any thread with heckel_cancel(). */
    const int *cancel;
    /* 0: as many threads as the machine has cores, for lists big enough to
     * gain (smaller lists run on the calling thread); 1: the calling thread
     * only; N: at most N threads. Threads are started per call and joined
     * before it returns; if the system refuses one, the calling thread does
     * its share. Same output for every value. */
    unsigned threads;
    /* true: no move pass (unordered matching): move_count = 0 and moves left
     * untouched, saving the O(n log n) pass and its 4 bytes per element. */
    bool ignore_order;
    /* NULL: the full output (every entry of old_to_new and new_to_old).
     * Else the window output, described there (heckel_window). Added in 0.3:
     * source that zero-initializes its options is unchanged; binaries built
     * against 0.2 must be rebuilt (the struct grew by this pointer). */
    heckel_window *window;
    /* NULL: scratch from the allocator, given back before the call returns.
     * Else the call's scratch comes from this workspace (allocator then
     * unused), which keeps it for the next call: see heckel_workspace. A
     * failure to grow it is HECKEL_OUT_OF_MEMORY, outputs untouched, the
     * workspace still usable. Added in 0.4 (binaries built against 0.3 must
     * be rebuilt: the struct grew by this pointer). */
    heckel_workspace *workspace;
} heckel_options;

/* Raises a cancel flag with an atomic store; safe from any thread. */
void heckel_cancel(int *flag);

/* The caller's output arrays, and counters the core fills in.
 * old_to_new: old_count entries; new_to_old: new_count entries. Each holds the
 *   offset of the matched element in the other list, or HECKEL_UNMATCHED
 *   (with options.window, only the window's entries are written: see
 *   heckel_window).
 * moves: NULL, or room for min(old_count, new_count) entries; receives the new
 *   offsets of the moved pairs, ascending. */
typedef struct heckel_result {
    heckel_offset *old_to_new;
    heckel_offset *new_to_old;
    heckel_offset *moves;
    size_t match_count; /* out: matched pairs */
    size_t move_count;  /* out: moved pairs, always the minimum */
} heckel_result;

/* Equality of old element old_offset and new element new_offset. Called
 * only from the thread that called the matching function, one call at a
 * time, even when options->threads != 1. */
typedef bool (*heckel_equal_fn)(void *context, size_t old_offset, size_t new_offset);

/* Matches lists given as 64-bit keys. Equal elements must have equal keys.
 * equal: NULL when keys are the elements themselves (equal keys, equal
 * elements); otherwise called on every candidate pair whose keys are equal.
 * Cost: O(n) expected plus the callbacks. Many unequal elements under one key
 * (floating-point NaNs, which are never equal to themselves, or a poor key
 * function) cost O(n^2) callbacks: each new element is compared with every
 * unmatched old one under its key. Cancellation stays prompt even then: the
 * flag is also polled every few thousand callbacks within one element's
 * comparisons. */
heckel_status heckel_match_keys(const uint64_t *old_keys, size_t old_count,
                                const uint64_t *new_keys, size_t new_count,
                                heckel_equal_fn equal, void *equal_context,
                                const heckel_options *options, heckel_result *result);

/* Matches lists of fixed-width records (element_size bytes each, packed),
 * hashed under a seed drawn per call and compared with memcmp: UUIDs, integers, plain structs
 * without padding. The hash is XXH3, except for 16-byte records (UUIDs, Swift's small strings):
 * one multiply-and-fold of their two words, each xored with a word drawn from the seed (wyhash's
 * mum step); either way equal keys are compared by their bytes. element_size must be non-zero.
 * Cost: O(n * element_size). */
heckel_status heckel_match_records(const void *old_records, size_t old_count,
                                   const void *new_records, size_t new_count,
                                   size_t element_size,
                                   const heckel_options *options, heckel_result *result);

/* As heckel_match_records, for records lying stride bytes apart (stride >=
 * element_size; the bytes between them are not read): a field of larger
 * elements, such as the 16-byte id of each element of a caller's array, read
 * where it lies instead of copied out first. heckel_match_records is this
 * with stride == element_size. */
heckel_status heckel_match_records_at_stride(const void *old_records, size_t old_count,
                                             const void *new_records, size_t new_count,
                                             size_t element_size, size_t stride,
                                             const heckel_options *options, heckel_result *result);

/* As heckel_match_keys with no equality callback (equal keys are equal
 * elements), for 64-bit keys lying stride bytes apart (stride >= 8; any
 * alignment; the bytes between them are not read): an integer id in each
 * element of a caller's array, matched where it lies instead of copied out
 * first. Same outputs as heckel_match_keys on the same keys packed. */
heckel_status heckel_match_keys_at_stride(const void *old_keys, size_t old_count,
                                          const void *new_keys, size_t new_count, size_t stride,
                                          const heckel_options *options, heckel_result *result);

/* A run of bytes: one element of the spans API. */
typedef struct heckel_span {
    const void *bytes; /* may be NULL only when length is 0 */
    size_t length;
} heckel_span;

/* Matches lists of byte strings, hashed with XXH3 under a seed drawn per
 * call (so strings cannot be crafted to share keys in bulk) and compared
 * with memcmp.
 * Cost: O(total bytes). */
heckel_status heckel_match_spans(const heckel_span *old_spans, size_t old_count,
                                 const heckel_span *new_spans, size_t new_count,
                                 const heckel_options *options, heckel_result *result);

/* As heckel_match_spans, with keys the caller computed for the spans (for
 * callers that hash the bytes while gathering them, so that the core hashes
 * nothing). Equal spans must have equal keys; keys only group candidates and
 * the bytes decide. Many unequal spans under one key cost O(n^2) byte
 * comparisons: keys from a fixed function let crafted input do that, so
 * seed them per call, or let heckel_match_spans hash. The key arrays may be NULL only when their count is 0. */
heckel_status heckel_match_keyed_spans(const heckel_span *old_spans, const uint64_t *old_keys,
                                       size_t old_count, const heckel_span *new_spans,
                                       const uint64_t *new_keys, size_t new_count,
                                       const heckel_options *options, heckel_result *result);

/* The moves of a matching: the positions j of the fewest matched pairs
 * outside one longest increasing subsequence of new_to_old (pairs taken in
 * new order), written to moves ascending, their number to *move_count; the
 * same moves the matching functions report. new_to_old[j]: the old offset
 * paired with new position j, or HECKEL_UNMATCHED (skipped). Matched values
 * must be distinct (else the moves are valid positions but not minimal) and
 * below HECKEL_MAX_COUNT (else HECKEL_INVALID_ARGUMENT). moves: NULL (count
 * only), or room for new_count entries. Uses options' allocator and cancel
 * flag; runs on the calling thread. Cost: O(new_count) for nearly sorted
 * pairs, O(new_count log new_count) at worst; about 8 bytes of scratch per
 * entry (the kept marks and the run ends). options.window is ignored: there
 * is no mapping to write. */
heckel_status heckel_find_moves(const heckel_offset *new_to_old, size_t new_count,
                                const heckel_options *options, heckel_offset *moves,
                                size_t *move_count);

/* The first repeat in one list of keys: *second gets the smallest j with
 * keys[j] equal to an earlier key, *first the smallest i < j with
 * keys[i] == keys[j]; both get count when the keys are distinct. For
 * callers that need each element once (the identities of a tree): with keys
 * that may collide (hash values), the caller compares elements first and
 * second itself, and treats unequal ones as a collision. Uses options'
 * allocator and cancel flag (threads, ignore_order and window are ignored);
 * runs on the calling thread. Cost: O(count) expected: the keys, multiplied
 * by an odd number drawn per call (so crafted keys cannot crowd a partition
 * or a slot), scattered into partitions of a few thousand (8 bytes of scratch
 * per key) that each pass through a set small enough for the L2 cache; a
 * list with a repeat then takes one more pass, through one set of 2 to 4
 * 8-byte slots per key, to find j (lists of up to 16,384 keys take only
 * that pass), and O(j) to find i.
 * HECKEL_TOO_LARGE past HECKEL_MAX_COUNT. */
heckel_status heckel_first_repeated_key(const uint64_t *keys, size_t count,
                                        const heckel_options *options, size_t *first,
                                        size_t *second);

/* XXH3-64 of the bytes, seed 0: a key callers of heckel_match_keys may use
 * for their own elements (the matchers that hash, heckel_match_records,
 * heckel_match_spans and heckel_match_swift_strings, hash under a seed drawn
 * per call). A fixed function: keys of untrusted input from it can be
 * crafted to collide (see heckel_match_keyed_spans). */
uint64_t heckel_hash_bytes(const void *bytes, size_t length);

/* XXH3-64 of the bytes under seed (seed 0: heckel_hash_bytes's value). For
 * callers that key their own elements under a seed they draw, as
 * heckel_match_keyed_spans advises. Cost: O(length). */
uint64_t heckel_hash_bytes_with_seed(const void *bytes, size_t length, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* HECKEL_H */
