/* heckel_first_repeated_key: on random lists with and without repeats
 * (the key 0 among them, keys crowding the set's probes), the pair found is
 * the brute-force one; bad arguments, cancellation and allocation failure
 * leave the outputs untouched and leak nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "test_support.h"

/* The first repeat by brute force: the smallest j with an equal earlier
 * key, and the first such earlier key; (count, count) when none. */
static void brute_force(const uint64_t *keys, size_t count, size_t *first, size_t *second) {
    for (size_t j = 0; j < count; j++) {
        for (size_t i = 0; i < j; i++) {
            if (keys[i] == keys[j]) {
                *first = i;
                *second = j;
                return;
            }
        }
    }
    *first = *second = count;
}

/* Distinct keys (a random start, a random odd step: no two equal), then
 * with probability one half one key copied over another. Small ranges of
 * values put the key 0 and crowded probe runs in many lists. */
static void random_lists(test_tally *t) {
    test_rng rng = {41};
    size_t found = 0, distinct = 0, zero_repeats = 0;
    for (int round = 0; round < 3000; round++) {
        size_t count = rng_below(&rng, round < 2500 ? 60 : 3000);
        uint64_t *keys = malloc((count + 1) * sizeof *keys);
        uint64_t start = rng_below(&rng, 4) ? rng_next(&rng) : rng_below(&rng, 3);
        uint64_t step = rng_below(&rng, 2) ? 1 : (rng_next(&rng) | 1);
        for (size_t k = 0; k < count; k++) keys[k] = start - (uint64_t)k * step;
        rng_shuffle(&rng, keys, count);
        if (count >= 2 && rng_below(&rng, 2)) {
            size_t from = rng_below(&rng, count), to = rng_below(&rng, count);
            if (from != to) keys[to] = keys[from];
        }
        size_t want_first, want_second, first = TEST_CANARY, second = TEST_CANARY;
        brute_force(keys, count, &want_first, &want_second);
        heckel_status status = heckel_first_repeated_key(keys, count, NULL, &first, &second);
        bool ok = status == HECKEL_OK && first == want_first && second == want_second;
        char detail[120];
        snprintf(detail, sizeof detail, "count %zu: got (%zu, %zu), want (%zu, %zu)", count, first, second,
                 want_first, want_second);
        tally_expect(t, ok, "first repeated key", ok ? NULL : detail);
        if (want_second < count) {
            found++;
            zero_repeats += keys[want_second] == 0;
        } else {
            distinct++;
        }
        free(keys);
    }
    /* Without these, lists that never repeat (or always do) would pass. */
    tally_expect(t, found > 500 && distinct > 500 && zero_repeats > 5, "random lists",
                 "too few lists with repeats, without, or repeating the key 0");
}

/* Hand-made cases: the first repeat, not the first key that repeats later;
 * the key 0 once (not a repeat), twice, and behind other keys. */
static void fixed_lists(test_tally *t) {
    struct { uint64_t keys[6]; size_t count, first, second; } cases[] = {
        {{5, 7, 7, 5}, 4, 1, 2},
        {{0, 1, 2}, 3, 3, 3},
        {{1, 0, 2, 0}, 4, 1, 3},
        {{0, 0}, 2, 0, 1},
        {{9, 8, 0, 8, 9}, 5, 1, 3},
        {{UINT64_MAX, 1, UINT64_MAX}, 3, 0, 2},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t first = TEST_CANARY, second = TEST_CANARY;
        heckel_status status = heckel_first_repeated_key(cases[c].keys, cases[c].count, NULL, &first, &second);
        char what[60];
        snprintf(what, sizeof what, "fixed case %zu", c);
        tally_expect(t, status == HECKEL_OK && first == cases[c].first && second == cases[c].second, what, NULL);
    }
    uint64_t one = 4;
    size_t first = TEST_CANARY, second = TEST_CANARY;
    tally_expect(t, heckel_first_repeated_key(&one, 1, NULL, &first, &second) == HECKEL_OK && first == 1 &&
                        second == 1, "one key: no repeat", NULL);
    first = second = TEST_CANARY;
    tally_expect(t, heckel_first_repeated_key(NULL, 0, NULL, &first, &second) == HECKEL_OK && first == 0 &&
                        second == 0, "no keys, NULL array: no repeat", NULL);
}

static void expect_refused(test_tally *t, heckel_status got, heckel_status want, size_t first, size_t second,
                           const char *what) {
    bool ok = got == want && first == TEST_CANARY && second == TEST_CANARY;
    tally_expect(t, ok, what, got != want ? heckel_status_description(got) : ok ? NULL : "outputs written");
}

static void errors(test_tally *t) {
    uint64_t keys[4] = {1, 2, 3, 1};
    size_t first = TEST_CANARY, second = TEST_CANARY;
    expect_refused(t, heckel_first_repeated_key(NULL, 4, NULL, &first, &second), HECKEL_INVALID_ARGUMENT,
                   first, second, "NULL keys");
    expect_refused(t, heckel_first_repeated_key(keys, 4, NULL, NULL, &second), HECKEL_INVALID_ARGUMENT,
                   first, second, "NULL first");
    expect_refused(t, heckel_first_repeated_key(keys, 4, NULL, &first, NULL), HECKEL_INVALID_ARGUMENT,
                   first, second, "NULL second");
    expect_refused(t, heckel_first_repeated_key(keys, HECKEL_MAX_COUNT + 1, NULL, &first, &second),
                   HECKEL_TOO_LARGE, first, second, "too many keys");
    int flag = 1;
    heckel_options cancelled = {.cancel = &flag};
    expect_refused(t, heckel_first_repeated_key(keys, 4, &cancelled, &first, &second), HECKEL_CANCELLED,
                   first, second, "cancel flag raised");
}

/* One call over a list of count keys (a repeat planted at `repeat`, a copy
 * of the key at repeat / 2, or none when repeat is 0), checked against the
 * pair planted: a test_call for the fault loops of test_support. */
typedef struct repeat_call {
    uint64_t *keys;
    size_t count, repeat;
} repeat_call;

static heckel_status call_repeat(void *context, const heckel_options *options, const char **error) {
    const repeat_call *call = context;
    size_t first = TEST_CANARY, second = TEST_CANARY;
    heckel_status status = heckel_first_repeated_key(call->keys, call->count, options, &first, &second);
    size_t want_first = call->repeat ? call->repeat / 2 : call->count, want_second = call->repeat ? call->repeat : call->count;
    *error = NULL;
    if (status == HECKEL_OK && (first != want_first || second != want_second)) *error = "wrong pair";
    if (status != HECKEL_OK && (first != TEST_CANARY || second != TEST_CANARY)) *error = "outputs written";
    return status;
}

/* Each allocation fails in turn, and the cancel flag is raised at each
 * allocation and each poll (test builds report every poll): the status says
 * so, the outputs stay untouched, nothing leaks; on lists with and without a
 * repeat, spread over several partitions. */
static void faults(test_tally *t) {
    enum { COUNT = 20000 };
    uint64_t *keys = malloc(COUNT * sizeof *keys);
    for (size_t repeat = 0; repeat <= 15000; repeat += 15000) {
        for (size_t k = 0; k < COUNT; k++) keys[k] = k * 2654435761u + 1;
        if (repeat) keys[repeat] = keys[repeat / 2];
        repeat_call call = {keys, COUNT, repeat};
        const char *what = repeat ? "20000 keys, a repeat" : "20000 distinct keys";
        heckel_options options = {0};
        size_t calls = expect_allocation_failures(t, call_repeat, &call, options, "first repeated key", what);
        tally_expect(t, calls == (repeat ? 4u : 3u), what, "not 3 allocations (4 with a repeat)");
        expect_cancel_at_each_allocation(t, call_repeat, &call, options, "first repeated key", what);
        expect_cancel_at_each_poll(t, call_repeat, &call, options, "first repeated key", what);
    }
    free(keys);
}

/* Repeats among many keys (several partitions), planted at random places. */
static void large_lists(test_tally *t) {
    test_rng rng = {43};
    for (int round = 0; round < 40; round++) {
        size_t count = 9000 + rng_below(&rng, 60000);
        uint64_t *keys = malloc(count * sizeof *keys);
        uint64_t start = rng_next(&rng), step = rng_next(&rng) | 1;
        for (size_t k = 0; k < count; k++) keys[k] = start + k * step;
        size_t a = rng_below(&rng, count - 1), b = a + 1 + rng_below(&rng, count - a - 1);
        bool planted = round % 4 != 0;
        if (planted) keys[b] = keys[a];
        size_t first = TEST_CANARY, second = TEST_CANARY;
        bool ok = heckel_first_repeated_key(keys, count, NULL, &first, &second) == HECKEL_OK &&
                  first == (planted ? a : count) && second == (planted ? b : count);
        tally_expect(t, ok, "first repeated key among many", NULL);
        free(keys);
    }
}

/* The only repeat is the last key copying the first: the first key's slot
 * then outlives every other key of its partition, the longest exposure to a
 * probe that lands on a taken slot instead of walking on. 31,200 keys make 8
 * partitions of about 3,900, each nearly filling half of its 8,192-slot set,
 * so probes walk often. Each list's seed is new, so many lists are run: a
 * set losing keys on crowded probes misses some repeat among them. */
static void first_and_last(test_tally *t) {
    enum { COUNT = 31200, LISTS = 200 };
    test_rng rng = {47};
    uint64_t *keys = malloc(COUNT * sizeof *keys);
    size_t wrong = 0;
    for (int list = 0; list < LISTS; list++) {
        uint64_t start = rng_next(&rng), step = rng_next(&rng) | 1;
        for (size_t k = 0; k < COUNT; k++) keys[k] = start + k * step;
        keys[COUNT - 1] = keys[0];
        size_t first = TEST_CANARY, second = TEST_CANARY;
        heckel_status status = heckel_first_repeated_key(keys, COUNT, NULL, &first, &second);
        wrong += status != HECKEL_OK || first != 0 || second != COUNT - 1;
    }
    tally_expect(t, wrong == 0, "the first key repeated last, 200 lists", "a repeat missed");
    free(keys);
}

int main(void) {
    test_tally t = {0};
    random_lists(&t);
    fixed_lists(&t);
    errors(&t);
    faults(&t);
    large_lists(&t);
    first_and_last(&t);
    return tally_finish(&t);
}
