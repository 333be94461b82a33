/* Errors leave every output untouched: invalid arguments, counts too large,
 * cancellation (raised before the call, from the equality callback in the
 * middle of it, and inside one long chain walk), and allocation failure at every allocation in turn (each
 * failing call frees all it took). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "test_support.h"

#define CANARY 0xA5A5A5A5u

typedef struct outputs {
    uint32_t o2n[4], n2o[4], moves[4];
    heckel_result result;
} outputs;

static void reset(outputs *o) {
    memset(o->o2n, 0xA5, sizeof o->o2n);
    memset(o->n2o, 0xA5, sizeof o->n2o);
    memset(o->moves, 0xA5, sizeof o->moves);
    o->result = (heckel_result){o->o2n, o->n2o, o->moves, CANARY, CANARY};
}

static bool untouched(const outputs *o) {
    for (int k = 0; k < 4; k++)
        if (o->o2n[k] != CANARY || o->n2o[k] != CANARY || o->moves[k] != CANARY) return false;
    return o->result.match_count == CANARY && o->result.move_count == CANARY;
}

static void expect_status(test_tally *t, heckel_status got, heckel_status want, const outputs *o,
                          const char *what) {
    char detail[160];
    snprintf(detail, sizeof detail, "got \"%s\", want \"%s\"%s", heckel_status_description(got),
             heckel_status_description(want), untouched(o) ? "" : ", outputs written");
    tally_expect(t, got == want && untouched(o), what, detail);
}

static void invalid_arguments(test_tally *t) {
    outputs o;
    uint64_t keys[4] = {1, 2, 3, 4};
    unsigned char bytes[16] = {0};
    heckel_span spans[2] = {{"a", 1}, {NULL, 3}};
    const void *fake = (const void *)(uintptr_t)64; /* never dereferenced */
    size_t huge = HECKEL_MAX_COUNT + 1;

    reset(&o);
    expect_status(t, heckel_match_keys(NULL, 2, keys, 2, NULL, NULL, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "keys: NULL old");
    reset(&o);
    expect_status(t, heckel_match_keys(keys, 2, NULL, 1, NULL, NULL, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "keys: NULL new");
    reset(&o);
    expect_status(t, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, NULL),
                  HECKEL_INVALID_ARGUMENT, &o, "keys: NULL result");
    reset(&o);
    o.result.old_to_new = NULL;
    expect_status(t, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "keys: NULL old_to_new");
    o.result.old_to_new = o.o2n;
    reset(&o);
    o.result.new_to_old = NULL;
    expect_status(t, heckel_match_keys(keys, 2, keys, 2, NULL, NULL, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "keys: NULL new_to_old");
    reset(&o);
    expect_status(t, heckel_match_keys(fake, huge, keys, 2, NULL, NULL, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "keys: old count too large");
    reset(&o);
    expect_status(t, heckel_match_keys(keys, 2, fake, huge, NULL, NULL, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "keys: new count too large");
    reset(&o);
    expect_status(t, heckel_match_keys(fake, SIZE_MAX, fake, SIZE_MAX, NULL, NULL, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "keys: SIZE_MAX counts");

    reset(&o);
    expect_status(t, heckel_match_records(NULL, 1, bytes, 1, 4, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "records: NULL old");
    reset(&o);
    expect_status(t, heckel_match_records(bytes, 1, NULL, 1, 4, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "records: NULL new");
    reset(&o);
    expect_status(t, heckel_match_records(bytes, 2, bytes, 2, 0, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "records: element_size 0");
    reset(&o);
    expect_status(t, heckel_match_records(fake, huge, bytes, 1, 1, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "records: count too large");
    reset(&o);
    expect_status(t, heckel_match_records(fake, 4, fake, 4, SIZE_MAX / 2, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "records: bytes overflow");

    reset(&o);
    expect_status(t, heckel_match_spans(NULL, 1, spans, 1, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "spans: NULL old");
    reset(&o);
    expect_status(t, heckel_match_spans(spans, 2, spans, 1, NULL, &o.result),
                  HECKEL_INVALID_ARGUMENT, &o, "spans: NULL bytes with a length");
    reset(&o);
    expect_status(t, heckel_match_spans(fake, huge, spans, 1, NULL, &o.result),
                  HECKEL_TOO_LARGE, &o, "spans: count too large");
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
            heckel_options options = {NULL, &flag};
            test_run run = {api, 3, 16, &options, NULL, false};
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
            heckel_options options = {NULL, &flag};
            test_run run = {api, 3, 16, &options, &flag, false};
            const char *error = NULL;
            heckel_status status = run_and_check(&run, old, N, new, N, &error);
            tally_expect(t, status == HECKEL_CANCELLED && !error, "cancel raised from the callback",
                         error ? error : heckel_status_description(status));
        }
    }
}

static void allocation_failures(test_tally *t, test_rng *rng) {
    enum { N = 6000 };
    static uint64_t old[N], new[N];
    for (test_api api = 0; api < API_COUNT; api++) {
        for (int shape = 0; shape < 3; shape++) {
            size_t n = shape == 0 ? N : shape == 1 ? 40 : 0;
            distinct_shuffled(rng, old, new, n);
            if (shape == 0) new[0] = old[0], new[N - 1] = old[N - 1] + 1; /* trim a little */
            heckel_status status = HECKEL_OUT_OF_MEMORY;
            size_t k = 1;
            for (; status == HECKEL_OUT_OF_MEMORY && k < 64; k++) {
                counting_allocator c;
                counting_init(&c);
                c.fail_at = k;
                heckel_options options = {&c.allocator, NULL};
                test_run run = {api, 4, 16, &options, NULL, false};
                const char *error = NULL;
                status = run_and_check(&run, old, n, new, n, &error);
                char detail[160];
                snprintf(detail, sizeof detail, "%s, old/new %zu, failing allocation %zu: %s, %zu leaked",
                         api_name(api), n, k, error ? error : heckel_status_description(status),
                         c.live);
                bool expected = status == HECKEL_OK ? c.calls < k : status == HECKEL_OUT_OF_MEMORY;
                tally_expect(t, expected && !error && c.live == 0, "allocation failure", detail);
            }
            tally_expect(t, status == HECKEL_OK, "succeeds once allocations do", api_name(api));
        }
    }
}

/* Cancellation at every stage: the flag is raised during the k-th allocation,
 * for k = 1, 2, ... until a call finishes without allocating that often. */
static void cancel_at_each_allocation(test_tally *t, test_rng *rng) {
    enum { N = 6000 };
    static uint64_t old[N], new[N];
    for (test_api api = 0; api < API_COUNT; api++) {
        distinct_shuffled(rng, old, new, N);
        heckel_status status = HECKEL_CANCELLED;
        for (size_t k = 1; status == HECKEL_CANCELLED && k < 64; k++) {
            int flag = 0;
            counting_allocator c;
            counting_init(&c);
            c.raise_at = k;
            c.flag = &flag;
            heckel_options options = {&c.allocator, &flag};
            test_run run = {api, 4, 16, &options, NULL, false};
            const char *error = NULL;
            status = run_and_check(&run, old, N, new, N, &error);
            char detail[160];
            snprintf(detail, sizeof detail, "%s, raised at allocation %zu: %s, %zu bytes leaked",
                     api_name(api), k, error ? error : heckel_status_description(status), c.live);
            bool expected = status == HECKEL_OK ? c.calls < k : status == HECKEL_CANCELLED;
            tally_expect(t, expected && !error && c.live == 0, "cancelled during the run", detail);
        }
    }
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
    uint32_t *o2n = malloc(N * 4), *n2o = malloc(N * 4), *moves = malloc(N * 4);
    if (!keys || !o2n || !n2o || !moves) abort();
    memset(o2n, 0xA5, N * 4);
    memset(n2o, 0xA5, N * 4);
    memset(moves, 0xA5, N * 4);
    int flag = 0;
    never_equal c = {0, RAISE_AT, &flag};
    heckel_options options = {NULL, &flag};
    heckel_result r = {o2n, n2o, moves, CANARY, CANARY};
    heckel_status status = heckel_match_keys(keys, N, keys, N, never_equal_fn, &c, &options, &r);
    bool untouched = r.match_count == CANARY && r.move_count == CANARY;
    for (size_t k = 0; k < N; k++)
        untouched = untouched && o2n[k] == CANARY && n2o[k] == CANARY && moves[k] == CANARY;
    char detail[160];
    snprintf(detail, sizeof detail, "%s, %zu callbacks after the cancel, outputs %s",
             heckel_status_description(status), c.calls - RAISE_AT, untouched ? "untouched" : "written");
    tally_expect(t, status == HECKEL_CANCELLED && untouched && c.calls - RAISE_AT <= POLL_INTERVAL,
                 "cancel inside one long chain of unequal elements", detail);
    free(keys); free(o2n); free(n2o); free(moves);
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {5};
    invalid_arguments(&tally);
    cancellation(&tally, &rng);
    allocation_failures(&tally, &rng);
    cancel_at_each_allocation(&tally, &rng);
    cancel_in_long_chain(&tally);
    return tally_finish(&tally);
}
