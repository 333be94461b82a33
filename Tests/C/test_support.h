/* Shared by the C tests and the fuzz target: list generators, runners for
 * each API, and the invariant checker. Elements are described by 64-bit
 * values: two elements are equal exactly when their values are. */
#ifndef HECKEL_TEST_SUPPORT_H
#define HECKEL_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heckel.h"

/* splitmix64: a small seeded generator. */
typedef struct test_rng { uint64_t state; } test_rng;
uint64_t rng_next(test_rng *rng);
uint64_t rng_below(test_rng *rng, uint64_t bound); /* bound > 0 */
void rng_shuffle(test_rng *rng, uint64_t *values, size_t count); /* Fisher-Yates */

/* Cancellation at a chosen poll. Test builds of the core (HECKEL_TEST_HOOKS:
 * the small-threshold and fuzz libraries) report every poll of a cancel
 * flag; the raise_at-th poll after poll_hook_arm (1-based; 0: none) raises
 * the flag polled. poll_hook_polls: polls seen since the last arm. Atomic:
 * polls may come from the core's worker threads. Release builds never poll
 * the hook, so there poll_hook_polls stays 0. */
void poll_hook_arm(size_t raise_at);
size_t poll_hook_polls(void);

/* Collisions for records and spans: in test builds of the core, their XXH3
 * keys are taken modulo modulus (0: left alone) from now on.
 * hash_hook_weakened: keys the hook has weakened since then (release cores
 * never call the hook: 0), so a test can check its collisions happened. */
void hash_hook_weaken(uint64_t modulus);
size_t hash_hook_weakened(void);

/* Checks a result against the values alone: offsets in range and inverse,
 * matched values equal, duplicates paired in order and completely (the
 * mapping is fully determined by the values), moves minimal (LIS computed
 * here independently), the moves array = the matched pairs outside an
 * increasing run, ascending. Returns NULL, or what is wrong. */
const char *check_result(const uint64_t *old_values, size_t old_count,
                         const uint64_t *new_values, size_t new_count,
                         const heckel_result *result);

/* The fewest moves for a mapping (new_to_old, count entries): its matched
 * entries less a longest increasing run of them, computed here (O(n^2)
 * dynamic programming up to 2,500 entries, patience sorting above), not by
 * the core. */
size_t fewest_moves(const uint32_t *new_to_old, size_t count);

/* The structure alone of a result: offsets in range and inverse, counts
 * right, moves (if any) ascending, matched and minimal for the mapping; and
 * new_to_old equal to expected unless that is NULL. NULL, or what is wrong. */
const char *check_structure(size_t old_count, size_t new_count, const heckel_result *result,
                            const uint32_t *expected);

/* Ways to present values to the core. */
typedef enum test_api {
    API_KEYS,          /* key = value, equal = NULL */
    API_KEYS_CALLBACK, /* key = value, equal compares values */
    API_WEAK_KEYS,     /* key = value % weak_modulus, equal compares values */
    API_RECORDS,       /* element_size-byte records encoding the value */
    API_SPANS,         /* decimal text of the value; 0 is the empty span */
    API_KEYED_SPANS,   /* as API_SPANS via heckel_match_keyed_spans, keys heckel_hash_bytes */
    API_WEAK_KEYED_SPANS, /* as API_KEYED_SPANS, keys value % weak_modulus: the bytes decide */
    API_COUNT,
    /* Past API_COUNT, so the tests' loops over the APIs leave it out: the
     * spans' bytes as Swift String values (heckel_match_swift_strings; small
     * and native ASCII strings, test_support.c's make_swift_strings). */
    API_SWIFT_STRINGS
} test_api;

/* The kinds whose keys collide by design (API_WEAK_KEYS, API_WEAK_KEYED_SPANS):
 * matching is quadratic in the colliding elements, so keep them off very large
 * lists of distinct values. */
bool api_weak(test_api api);

/* What the equality callback (API_KEYS_CALLBACK, API_WEAK_KEYS) answers. */
typedef enum test_equality {
    EQUAL_VALUES, /* the values are equal */
    EQUAL_NEAR,   /* the values differ by at most 1: not transitive, and keys disagree */
    EQUAL_RANDOM  /* a coin toss per call: not even consistent */
} test_equality;

typedef struct test_run {
    test_api api;
    uint64_t weak_modulus;   /* API_WEAK_KEYS, API_WEAK_KEYED_SPANS */
    size_t element_size;     /* API_RECORDS; values are masked to fit */
    const heckel_options *options;
    int *cancel_on_equal;    /* raised by the equality callback on its first call */
    bool null_when_empty;    /* pass NULL for every list and output array of count 0 */
    bool null_moves;         /* pass moves = NULL (counts only) */
    uint64_t *digest;        /* NULL, or gets a hash of the outputs of an OK call */
    uint64_t same_as;        /* 0, or the digest of outputs already checked: an OK call
                                must give the same outputs (checked instead of the values) */
    test_equality equality;  /* other than EQUAL_VALUES: only the structure is checked */
    size_t cancel_at_call;   /* with cancel_on_equal: raised at this call (0: the first) */
    bool *off_caller;        /* NULL, or set when the equality callback runs on a thread
                                other than the one calling run_and_check */
    size_t stride_pad;       /* API_KEYS, API_RECORDS: 0, or the elements laid out that many
                                junk bytes apart and matched where they lie
                                (heckel_match_keys_at_stride, heckel_match_records_at_stride) */
    size_t span_before, span_after; /* spans and Swift strings: the decimal text of a value
                                (0: the empty span) between span_before bytes 'p' and
                                span_after bytes 's', for lengths past every length class */
    size_t swift_stride_words; /* API_SWIFT_STRINGS: the strings 16 + 8 * this bytes apart */
    bool window;             /* call with options.window: the entries outside it must be
                                untouched, and the result expanded is checked as usual */
} test_run;

const char *api_name(test_api api);

/* Runs the API on the values with fresh outputs, checks the result when the
 * status is HECKEL_OK, and returns the status; *error gets NULL or the
 * problem. Values may be rewritten (masked) for small records. */
heckel_status run_and_check(const test_run *run, uint64_t *old_values, size_t old_count,
                            uint64_t *new_values, size_t new_count, const char **error);

/* Output arrays for one call, each one longer than its list and filled with
 * TEST_CANARY, and a result over them whose counters are TEST_CANARY: what a
 * call wrote, and whether it wrote past an end, shows. outputs_make aborts
 * when out of memory. */
#define TEST_CANARY 0xA5A5A5A5u
typedef struct test_outputs {
    uint32_t *o2n, *n2o, *moves; /* old_count + 1, new_count + 1, shorter + 1 */
    size_t old_count, new_count, shorter;
    heckel_result result;
} test_outputs;
void outputs_make(test_outputs *o, size_t old_count, size_t new_count);
void outputs_reset(test_outputs *o); /* canaries again, the result over the arrays */
void outputs_free(test_outputs *o);
bool canaries_untouched(const uint32_t *words, size_t count);
bool outputs_arrays_untouched(const test_outputs *o);   /* every entry, the extra one too */
bool outputs_counters_untouched(const test_outputs *o); /* match_count, move_count */
bool outputs_past_ends_untouched(const test_outputs *o); /* the extra entries */
/* Counters and arrays (moves only if with_moves) byte for byte equal. */
bool outputs_same(const test_outputs *a, const test_outputs *b, bool with_moves);

/* Counters for a test binary: prints "N passed, M failed" at the end. */
typedef struct test_tally { unsigned passed, failed; } test_tally;
void tally_expect(test_tally *tally, bool ok, const char *what, const char *detail);
int tally_finish(const test_tally *tally); /* exit status */

/* run_and_check, expecting HECKEL_OK and a correct result; a failure is
 * recorded under label with what, the API and the sizes. */
void expect_correct(test_tally *tally, const char *label, const test_run *run, uint64_t *old_values,
                    size_t old_count, uint64_t *new_values, size_t new_count, const char *what);

/* ---- faults injected into one call, for every API and test ---- */

/* One call under test, run with *options (whose allocator and cancel flag a
 * loop below has armed): its status, and in *error NULL or what else is wrong
 * (outputs written by a failing call, a wrong result). */
typedef heckel_status (*test_call)(void *context, const heckel_options *options, const char **error);

/* A test_call over run_and_check: the run with its options replaced. */
typedef struct test_checked_run {
    test_run run;
    uint64_t *old_values, *new_values;
    size_t old_count, new_count;
} test_checked_run;
heckel_status checked_run_call(void *checked_run, const heckel_options *options, const char **error);

/* SQLite's out-of-memory test over options (its allocator replaced): fail
 * the k-th allocation alone, then every one from the k-th on, for k = 1, 2,
 * ... until a call no longer allocates k times. Each call must be OK or out
 * of memory after a failed allocation, and every failed allocation must
 * fail the call; nothing may leak; OK once none fails. Failures are tallied
 * under label, with what. Returns how many allocations a successful call
 * makes. */
size_t expect_allocation_failures(test_tally *tally, test_call call, void *context,
                                  heckel_options options, const char *label, const char *what);

/* The cancel flag raised during the k-th allocation, for k = 1, 2, ... until
 * a call finishes without allocating k times: cancelled, nothing leaked; a
 * call that allocates more than 200 times is a failure. Returns how many
 * allocations an uncancelled call makes. */
size_t expect_cancel_at_each_allocation(test_tally *tally, test_call call, void *context,
                                        heckel_options options, const char *label, const char *what);

/* The cancel flag raised at the k-th poll (test builds of the core report
 * every poll, from every thread; see poll_hook_arm): all k up to 64, then 32
 * spread out, then the last 64, which cover the passes after matching. The
 * call must be cancelled if the k-th poll came (with options.threads = 1, at
 * that poll: no later one), else OK; a test build
 * (HECKEL_TEST_HOOKS) whose call reports no poll is a failure. In release
 * builds (no poll reported) the flag raised before the call must cancel it.
 * Returns the polls of an uncancelled call (0 in release builds). */
size_t expect_cancel_at_each_poll(test_tally *tally, test_call call, void *context,
                                  heckel_options options, const char *label, const char *what);

/* A call that must fail: got == want, and o (its outputs) untouched. */
void expect_rejected(test_tally *tally, heckel_status got, heckel_status want,
                     const test_outputs *o, const char *what);

/* expect_rejected on a call made with o's outputs freshly reset to their
 * canaries (the call is an argument, so the reset must come before it). */
#define EXPECT_REJECTED(tally, o, call, want, what)              \
    do {                                                         \
        outputs_reset(o);                                        \
        expect_rejected((tally), (call), (want), (o), (what));   \
    } while (0)

#endif
