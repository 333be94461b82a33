/* Errors leave every output untouched: invalid arguments, counts too large,
 * cancellation (raised before the call, from the equality callback in the
 * middle of it, and inside one long chain walk), and allocation failure as
 * SQLite injects it (the k-th allocation, and every one from the k-th on, for
 * every k; each failing call frees all it took). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <pthread.h>
#include <sys/resource.h>
#endif

#include "counting_allocator.h"
#include "test_support.h"

static void invalid_arguments(test_tally *t) {
    test_outputs o;
    uint64_t keys[4] = {1, 2, 3, 4};
    unsigned char bytes[16] = {0};
    heckel_span spans[2] = {{"a", 1}, {NULL, 3}};
    const void *fake = (const void *)(uintptr_t)64; /* never dereferenced */
    size_t huge = HECKEL_MAX_COUNT + 1;
    outputs_make(&o, 3, 3);
    expect_rejected(t, heckel_match_keys(NULL, 2, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, &o, "keys: NULL old");
    EXPECT_REJECTED(t, &o, heckel_match_keys(keys, 2, NULL, 1, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "keys: NULL new");
    EXPECT_REJECTED(t, &o, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, NULL),
                    HECKEL_INVALID_ARGUMENT, "keys: NULL result");
    outputs_reset(&o);
    o.result.old_to_new = NULL;
    expect_rejected(t, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, &o, "keys: NULL old_to_new");
    outputs_reset(&o);
    o.result.new_to_old = NULL;
    expect_rejected(t, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, &o, "keys: NULL new_to_old");
    EXPECT_REJECTED(t, &o, heckel_match_keys(fake, huge, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys: old count too large");
    EXPECT_REJECTED(t, &o, heckel_match_keys(keys, 2, fake, huge, NULL, NULL, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys: new count too large");
    EXPECT_REJECTED(t, &o, heckel_match_keys(fake, SIZE_MAX, fake, SIZE_MAX, NULL, NULL, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys: SIZE_MAX counts");

    EXPECT_REJECTED(t, &o, heckel_match_records(NULL, 1, bytes, 1, 4, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "records: NULL old");
    EXPECT_REJECTED(t, &o, heckel_match_records(bytes, 1, NULL, 1, 4, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "records: NULL new");
    EXPECT_REJECTED(t, &o, heckel_match_records(bytes, 2, bytes, 2, 0, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "records: element_size 0");
    EXPECT_REJECTED(t, &o, heckel_match_records(fake, huge, bytes, 1, 1, NULL, &o.result),
                    HECKEL_TOO_LARGE, "records: count too large");
    EXPECT_REJECTED(t, &o, heckel_match_records(fake, 4, fake, 4, SIZE_MAX / 2, NULL, &o.result),
                    HECKEL_TOO_LARGE, "records: bytes overflow");

    EXPECT_REJECTED(t, &o, heckel_match_spans(NULL, 1, spans, 1, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "spans: NULL old");
    EXPECT_REJECTED(t, &o, heckel_match_spans(spans, 2, spans, 1, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "spans: NULL bytes with a length");
    heckel_span one_byte[2] = {{"a", 1}, {NULL, 1}}; /* the shortest length NULL cannot have */
    EXPECT_REJECTED(t, &o, heckel_match_spans(spans, 1, one_byte, 2, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "spans: NULL bytes of length 1");
    EXPECT_REJECTED(t, &o, heckel_match_spans(fake, huge, spans, 1, NULL, &o.result),
                    HECKEL_TOO_LARGE, "spans: count too large");
    EXPECT_REJECTED(t, &o, heckel_match_records(fake, 1, fake, 4, SIZE_MAX / 2, NULL, &o.result),
                    HECKEL_TOO_LARGE, "records: new bytes overflow");
    EXPECT_REJECTED(t, &o, heckel_match_keys_at_stride(fake, 4, fake, 4, SIZE_MAX / 2, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys at stride: bytes overflow");
    EXPECT_REJECTED(t, &o, heckel_match_keys_at_stride(fake, 1, fake, 4, SIZE_MAX / 2, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys at stride: new bytes overflow");
    EXPECT_REJECTED(t, &o, heckel_match_spans(spans, 1, spans, 2, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "spans: new NULL bytes with a length");
    outputs_free(&o);
    heckel_cancel(NULL); /* a no-op, documented as safe */
    static const heckel_status statuses[] = {HECKEL_OK, HECKEL_INVALID_ARGUMENT, HECKEL_TOO_LARGE,
                                             HECKEL_OUT_OF_MEMORY, HECKEL_CANCELLED};
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            tally_expect(t, (a == b) == (strcmp(heckel_status_description(statuses[a]),
                                                heckel_status_description(statuses[b])) == 0),
                         "one description per status", heckel_status_description(statuses[a]));
    tally_expect(t, strcmp(heckel_status_description((heckel_status)99), "unknown status") == 0,
                 "description of an unknown status", NULL);
}

static void distinct_shuffled(test_rng *rng, uint64_t *old, uint64_t *new, size_t n) {
    for (size_t i = 0; i < n; i++) old[i] = new[i] = i * 7 + 1;
    rng_shuffle(rng, new, n);
}

static void cancellation(test_tally *t, test_rng *rng) {
    enum { N = 20000 };
    static uint64_t old[N], new[N];
    static const size_t sizes[] = {0, 1, 5, 3000, N};
    for (test_api api = 0; api < API_COUNT; api++) {
        for (int s = 0; s < 5; s++) { /* raised before the call */
            distinct_shuffled(rng, old, new, sizes[s]);
            int flag = 1;
            heckel_options options = {.cancel = &flag};
            test_run run = {.api = api, .weak_modulus = 3, .element_size = 16, .options = &options};
            const char *error = NULL;
            heckel_status status = run_and_check(&run, old, sizes[s], new, sizes[s], &error);
            tally_expect(t, status == HECKEL_CANCELLED && !error, "pre-raised cancel flag",
                         error ? error : api_name(api));
        }
    }
    for (test_api api = API_KEYS_CALLBACK; api <= API_WEAK_KEYS; api++) {
        for (int shape = 0; shape < 2; shape++) { /* raised by the callback's first call */
            distinct_shuffled(rng, old, new, N);
            if (shape == 1) memcpy(new, old, sizeof old); /* equal lists: only trimming runs */
            int flag = 0;
            heckel_options options = {.cancel = &flag};
            test_run run = {.api = api, .weak_modulus = 3, .element_size = 16, .options = &options,
                            .cancel_on_equal = &flag};
            const char *error = NULL;
            heckel_status status = run_and_check(&run, old, N, new, N, &error);
            tally_expect(t, status == HECKEL_CANCELLED && !error, "cancel raised from the callback",
                         error ? error : heckel_status_description(status));
        }
    }
}

/* Shapes that between them reach every allocation site of the core: the
 * middle's match array, the partition counts and scratch block, the exact
 * matcher's table and chains (weak keys), the moves' work array when one
 * side of the middle is empty, and the trimmed-suffix check's four (its
 * matched flags, unmatched keys, and key set's keys and used flags), which
 * need a common suffix longer than the production threshold (4096). */
enum { ALLOC_SHAPES = 8, ALLOC_MAX = 6000 + 5000 };
static const char *alloc_shape_names[ALLOC_SHAPES] = {
    "distinct, shuffled", "small", "empty", "insertions only", "long suffix, fresh values",
    "long suffix sharing the middle's values", "long suffix after a shuffled middle",
    "three old, forty new"};

static size_t alloc_shape(int shape, test_rng *rng, uint64_t *old, uint64_t *new, size_t *new_count) {
    enum { SUFFIX = 5000 };
    size_t n = 0, m = 0;
    switch (shape) {
    case 0: /* trims one pair at the front */
        n = m = 6000;
        distinct_shuffled(rng, old, new, n);
        new[0] = old[0], new[n - 1] = old[n - 1] + 1;
        break;
    case 1:
        n = m = 40;
        distinct_shuffled(rng, old, new, n);
        break;
    case 2:
        break;
    case 3: /* old is new with 50 elements taken out of the middle */
        m = 150, n = 100;
        for (size_t j = 0; j < m; j++) new[j] = j;
        for (size_t i = 0; i < n; i++) old[i] = i < 50 ? i : i + 50;
        break;
    case 4:
    case 5:
        n = 300, m = 280;
        for (size_t i = 0; i < n; i++) old[i] = rng_below(rng, 6);
        for (size_t j = 0; j < m; j++) new[j] = rng_below(rng, 6);
        for (size_t k = 0; k < SUFFIX; k++)
            old[n + k] = new[m + k] = shape == 5 ? rng_below(rng, 6) : 1000 + k;
        n += SUFFIX, m += SUFFIX;
        break;
    case 7: /* one partition even in the small build: the unpartitioned table */
        n = 3, m = 40;
        for (size_t j = 0; j < m; j++) new[j] = j % 5;
        for (size_t i = 0; i < n; i++) old[i] = 4 - i;
        break;
    case 6: /* every middle element matched: the suffix check has no key to look up */
        n = m = 300;
        distinct_shuffled(rng, old, new, n);
        for (size_t k = 0; k < SUFFIX; k++) old[n + k] = new[m + k] = 5000 + k;
        n += SUFFIX, m += SUFFIX;
        break;
    }
    *new_count = m;
    return n;
}

/* SQLite's out-of-memory test (expect_allocation_failures) over every API
 * and every shape. */
static void allocation_failures(test_tally *t, test_rng *rng) {
    static uint64_t old[ALLOC_MAX], new[ALLOC_MAX];
    for (test_api api = 0; api < API_COUNT; api++) {
        for (int shape = 0; shape < ALLOC_SHAPES; shape++) {
            size_t m, n = alloc_shape(shape, rng, old, new, &m); /* records of 16 bytes: kept as is */
            test_checked_run c = {{.api = api, .weak_modulus = 4, .element_size = 16}, old, new, n, m};
            char what[96];
            snprintf(what, sizeof what, "%s, %s", api_name(api), alloc_shape_names[shape]);
            expect_allocation_failures(t, checked_run_call, &c, (heckel_options){0}, "allocation failure", what);
        }
    }
}

/* Cancellation at every stage: the flag raised during the k-th allocation. */
static void cancel_at_each_allocation(test_tally *t, test_rng *rng) {
    enum { N = 6000 };
    static uint64_t old[N], new[N];
    for (test_api api = 0; api < API_COUNT; api++) {
        distinct_shuffled(rng, old, new, N);
        test_checked_run c = {{.api = api, .weak_modulus = 4, .element_size = 16}, old, new, N, N};
        expect_cancel_at_each_allocation(t, checked_run_call, &c, (heckel_options){0},
                                         "cancelled during the run", api_name(api));
    }
}

/* heckel_find_moves with the flag raised at each of its polls: cancelled,
 * the count untouched; else the same moves as uncancelled. Returns the most
 * polls seen, or most if more. */
static size_t cancel_find_moves_at_each_poll(test_tally *t, test_rng *rng, size_t most) {
    enum { N = 20000 };
    static uint64_t order[N];
    static heckel_offset new_to_old[N], moves[N], expected[N];
    for (size_t j = 0; j < N; j++) order[j] = j;
    rng_shuffle(rng, order, N / 2); /* half shuffled, half in order, some unmatched */
    for (size_t j = 0; j < N; j++) new_to_old[j] = j % 7 == 3 ? HECKEL_UNMATCHED : (heckel_offset)order[j];
    int flag = 0;
    heckel_options options = {.cancel = &flag};
    size_t expected_count = 0;
    poll_hook_arm(0);
    heckel_status status = heckel_find_moves(new_to_old, N, &options, expected, &expected_count);
    size_t polls = poll_hook_polls();
    tally_expect(t, status == HECKEL_OK && expected_count > 0, "find_moves: never raised", NULL);
    for (size_t k = 1; k <= polls + 1; k++) {
        flag = 0;
        size_t count = TEST_CANARY;
        poll_hook_arm(k);
        status = heckel_find_moves(new_to_old, N, &options, moves, &count);
        size_t seen = poll_hook_polls();
        poll_hook_arm(0);
        bool expected_result = status == HECKEL_CANCELLED
                                   ? seen >= k && count == TEST_CANARY
                                   : status == HECKEL_OK && seen < k && count == expected_count &&
                                         memcmp(moves, expected, count * sizeof *moves) == 0;
        if (!expected_result) {
            char detail[120];
            snprintf(detail, sizeof detail, "raised at poll %zu of %zu: %s", k, seen,
                     heckel_status_description(status));
            tally_expect(t, false, "find_moves cancelled at a poll", detail);
        }
    }
    return polls > most ? polls : most;
}

/* Cancellation at every kind of poll (expect_cancel_at_each_poll), over the
 * shapes that reach every allocation site (and so every pass). */
static void cancel_at_each_poll(test_tally *t, test_rng *rng) {
    static uint64_t old[ALLOC_MAX], new[ALLOC_MAX];
    size_t most = 0;
    for (test_api api = 0; api < API_COUNT; api++) {
        for (int shape = 0; shape < ALLOC_SHAPES; shape++) {
            size_t m, n = alloc_shape(shape, rng, old, new, &m);
            test_checked_run c = {{.api = api, .weak_modulus = 4, .element_size = 16}, old, new, n, m};
            char what[96];
            snprintf(what, sizeof what, "%s, %s", api_name(api), alloc_shape_names[shape]);
            /* Every other one on one thread, where the cancel must stop the
             * call at the poll that saw it. */
            heckel_options options = {.threads = (api + shape) % 2 ? 1 : 0};
            size_t polls = expect_cancel_at_each_poll(t, checked_run_call, &c, options, "cancelled at a poll", what);
            if (polls > most) most = polls;
        }
    }
    most = cancel_find_moves_at_each_poll(t, rng, most);
#ifdef HECKEL_TEST_HOOKS
    tally_expect(t, most > 64, "the core reports its polls (HECKEL_TEST_HOOKS)", NULL);
#else
    tally_expect(t, most == 0, "release builds have no poll hook", NULL);
#endif
}

/* Many unequal elements under one key (NaNs, say): every new element walks
 * the whole chain of old ones, n^2 callbacks. A cancel raised from the
 * callback must land within a poll interval of chain steps, not at the next
 * polled new element (4096 whole walks later). Counted, not timed. */
typedef struct never_equal { size_t calls, raise_at; int *flag; } never_equal;

static bool never_equal_fn(void *context, size_t i, size_t j) {
    (void)i, (void)j;
    never_equal *c = context;
    if (++c->calls == c->raise_at) heckel_cancel(c->flag);
    return false;
}

static void cancel_in_long_chain(test_tally *t) {
    enum { N = 50000, RAISE_AT = 20000, POLL_INTERVAL = 4096 };
    uint64_t *keys = calloc(N, sizeof *keys); /* all one key */
    if (!keys) abort();
    test_outputs o;
    outputs_make(&o, N, N);
    int flag = 0;
    never_equal c = {0, RAISE_AT, &flag};
    heckel_options options = {.cancel = &flag};
    heckel_status status = heckel_match_keys(keys, N, keys, N, never_equal_fn, &c, &options, &o.result);
    bool untouched = outputs_counters_untouched(&o) && outputs_arrays_untouched(&o);
    char detail[160];
    snprintf(detail, sizeof detail, "%s, %zu callbacks after the cancel, outputs %s",
             heckel_status_description(status), c.calls - RAISE_AT, untouched ? "untouched" : "written");
    tally_expect(t, status == HECKEL_CANCELLED && untouched && c.calls - RAISE_AT <= POLL_INTERVAL,
                 "cancel inside one long chain of unequal elements", detail);
    free(keys);
    outputs_free(&o);
}

#if defined(__SANITIZE_ADDRESS__)
#define CAPS_ADDRESS_SPACE 0 /* ASan reserves terabytes of shadow */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAPS_ADDRESS_SPACE 0
#endif
#endif
#if !defined(CAPS_ADDRESS_SPACE) && defined(HECKEL_TEST_HOOKS) && defined(__linux__)
#define CAPS_ADDRESS_SPACE 1
#endif

#if CAPS_ADDRESS_SPACE
/* Threads the system refuses (address space capped, as test_threads.c does)
 * while the flag is raised at each poll: the calling thread runs the refused
 * parts itself, and skips them once a part was cancelled. */
static void *idle(void *argument) { return argument; }

static void cancel_with_threads_refused(test_tally *t, test_rng *rng) {
    enum { N = 3000 };
    static uint64_t old[N], new[N];
    distinct_shuffled(rng, old, new, N);
    int flag = 0;
    heckel_options options = {.cancel = &flag, .threads = 8};
    test_run run = {.api = API_KEYS, .options = &options};
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    bool known = statm && fscanf(statm, "%lu", &pages) == 1;
    if (statm) fclose(statm);
    struct rlimit saved, capped;
    /* Linux always has /proc/self/statm, and lowering a soft limit is always
     * allowed: a failure here is the test's, reported, never a quiet pass. */
    if (!known || getrlimit(RLIMIT_AS, &saved) != 0) {
        tally_expect(t, false, "threads refused", "cannot read the address space in use or its limit");
        return;
    }
    capped = saved;
    capped.rlim_cur = (rlim_t)pages * 4096 + (16 << 20);
    if (setrlimit(RLIMIT_AS, &capped) != 0) {
        tally_expect(t, false, "threads refused", "cannot cap the address space");
        return;
    }
    unsigned refused = 0; /* the premise: threads cannot all start now */
    pthread_t threads[8];
    bool started[8];
    for (int k = 0; k < 8; k++) refused += !(started[k] = pthread_create(&threads[k], NULL, idle, NULL) == 0);
    for (int k = 0; k < 8; k++)
        if (started[k]) pthread_join(threads[k], NULL);
    const char *error = NULL;
    poll_hook_arm(0);
    heckel_status status = run_and_check(&run, old, N, new, N, &error);
    size_t polls = poll_hook_polls(), wrong = 0;
    for (size_t k = 1; k <= polls && status == HECKEL_OK && !error; k++) {
        flag = 0;
        poll_hook_arm(k);
        heckel_status cancelled = run_and_check(&run, old, N, new, N, &error);
        size_t seen = poll_hook_polls();
        wrong += cancelled == HECKEL_CANCELLED ? seen < k : cancelled != HECKEL_OK || seen >= k;
    }
    poll_hook_arm(0);
    setrlimit(RLIMIT_AS, &saved);
    tally_expect(t, refused > 0, "address space capped: thread starts fail", NULL);
    tally_expect(t, status == HECKEL_OK && !error && wrong == 0,
                 "threads refused, cancelled at each poll", error);
}
#endif

/* An allocator missing one of its hooks is no allocator: malloc and free
 * serve instead, and the hook present is never called. */
static void incomplete_allocator(test_tally *t, test_rng *rng) {
    enum { N = 3000 };
    static uint64_t old[N], new[N];
    for (int missing = 0; missing < 2; missing++) {
        counting_allocator c;
        counting_init(&c);
        heckel_allocator half = c.allocator;
        if (missing) half.release = NULL; else half.allocate = NULL;
        heckel_options options = {.allocator = &half};
        distinct_shuffled(rng, old, new, N);
        test_run run = {.api = API_KEYS, .options = &options};
        expect_correct(t, "incomplete allocator", &run, old, N, new, N,
                       missing ? "no release hook" : "no allocate hook");
        tally_expect(t, c.calls == 0, "incomplete allocator: never called", NULL);
    }
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {5};
    invalid_arguments(&tally);
    cancellation(&tally, &rng);
    allocation_failures(&tally, &rng);
    cancel_at_each_allocation(&tally, &rng);
    cancel_at_each_poll(&tally, &rng);
    cancel_in_long_chain(&tally);
    incomplete_allocator(&tally, &rng);
#if CAPS_ADDRESS_SPACE
    cancel_with_threads_refused(&tally, &rng);
#endif
    return tally_finish(&tally);
}
