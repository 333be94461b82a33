/* heckel.h's version and the options beyond allocator and cancel:
 * ignore_order gives the same mapping with no moves (moves untouched), for
 * every API; every thread count gives a correct result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define CANARY 0xA5A5A5A5u

static void version(test_tally *t) {
    tally_expect(t, heckel_version_number() == HECKEL_VERSION_NUMBER,
                 "heckel_version_number() is the header's HECKEL_VERSION_NUMBER", NULL);
    tally_expect(t, HECKEL_VERSION_NUMBER == HECKEL_VERSION_MAJOR * 10000 + HECKEL_VERSION_MINOR * 100 +
                                                 HECKEL_VERSION_RELEASE &&
                        HECKEL_VERSION_MINOR < 100 && HECKEL_VERSION_RELEASE < 100,
                 "HECKEL_VERSION_NUMBER is MAJOR * 10000 + MINOR * 100 + RELEASE", NULL);
}

/* A random edit of old into new: some deleted, some inserted, some moved,
 * duplicates from a small alphabet when dense. */
static void random_lists(test_rng *rng, uint64_t *old, size_t old_count, uint64_t *new,
                         size_t new_count, uint64_t alphabet) {
    for (size_t i = 0; i < old_count; i++) old[i] = rng_below(rng, alphabet) + 1;
    for (size_t j = 0; j < new_count; j++)
        new[j] = j < old_count && rng_below(rng, 5) ? old[j] : rng_below(rng, alphabet) + 1;
    for (size_t k = 0; new_count && k < new_count / 20 + 1; k++) {
        size_t a = rng_below(rng, new_count), b = rng_below(rng, new_count);
        uint64_t v = new[a]; new[a] = new[b]; new[b] = v;
    }
}

static bool values_equal(void *context, size_t i, size_t j) {
    const uint64_t *const *lists = context;
    return lists[0][i] == lists[1][j];
}

/* Keys, keys with a callback, or 8-byte records of the values. */
static heckel_status match(test_api api, const uint64_t *old, size_t old_count, const uint64_t *new,
                           size_t new_count, const heckel_options *options, heckel_result *r) {
    const uint64_t *lists[2] = {old, new};
    switch (api) {
    case API_KEYS_CALLBACK:
        return heckel_match_keys(old, old_count, new, new_count, values_equal, lists, options, r);
    case API_RECORDS:
        return heckel_match_records(old, old_count, new, new_count, 8, options, r);
    default:
        return heckel_match_keys(old, old_count, new, new_count, NULL, NULL, options, r);
    }
}

/* An API with and without ignore_order: same mapping and match count; with
 * it, move_count 0 and the moves array untouched. */
static const char *compare_ignore_order(test_api api, const uint64_t *old, size_t old_count,
                                        const uint64_t *new, size_t new_count) {
    heckel_offset *o2n[2], *n2o[2], *moves[2];
    heckel_result r[2];
    const char *error = NULL;
    for (int k = 0; k < 2; k++) {
        o2n[k] = malloc((old_count + 1) * 4);
        n2o[k] = malloc((new_count + 1) * 4);
        moves[k] = malloc((new_count + 1) * 4);
        memset(moves[k], 0xA5, (new_count + 1) * 4);
        r[k] = (heckel_result){.old_to_new = o2n[k], .new_to_old = n2o[k], .moves = moves[k],
                               .match_count = CANARY, .move_count = CANARY};
        heckel_options options = {.ignore_order = k == 1};
        if (match(api, old, old_count, new, new_count, &options, &r[k]) != HECKEL_OK)
            error = "status not ok";
    }
    if (!error && (memcmp(o2n[0], o2n[1], old_count * 4) != 0 || memcmp(n2o[0], n2o[1], new_count * 4) != 0))
        error = "mapping differs";
    if (!error && r[0].match_count != r[1].match_count) error = "match_count differs";
    if (!error && r[1].move_count != 0) error = "move_count not 0";
    for (size_t j = 0; !error && j <= new_count; j++)
        if (moves[1][j] != CANARY) error = "moves written";
    for (int k = 0; k < 2; k++) {
        free(o2n[k]); free(n2o[k]); free(moves[k]);
    }
    return error;
}

static void ignore_order(test_tally *t) {
    test_rng rng = {5};
    static const test_api apis[] = {API_KEYS, API_KEYS_CALLBACK, API_RECORDS};
    for (int trial = 0; trial < 60; trial++) {
        size_t old_count = rng_below(&rng, trial < 30 ? 50 : 20000);
        size_t new_count = rng_below(&rng, trial < 30 ? 50 : 20000);
        uint64_t *old = malloc((old_count + 1) * 8), *new = malloc((new_count + 1) * 8);
        random_lists(&rng, old, old_count, new, new_count, trial % 3 == 0 ? 8 : 1u << 30);
        test_api api = apis[trial % 3];
        const char *error = compare_ignore_order(api, old, old_count, new, new_count);
        char what[80];
        snprintf(what, sizeof what, "ignore_order via %s (old %zu, new %zu)", api_name(api),
                 old_count, new_count);
        tally_expect(t, !error, what, error);
        free(old);
        free(new);
    }
}

static void thread_counts(test_tally *t) {
    test_rng rng = {9};
    static const unsigned threads[] = {0, 1, 2, 3, 8, 1000};
    for (size_t k = 0; k < sizeof threads / sizeof *threads; k++) {
        heckel_options options = {.threads = threads[k]};
        for (test_api api = 0; api < API_COUNT; api++) {
            size_t count = 5000;
            uint64_t *old = malloc(count * 8), *new = malloc(count * 8);
            random_lists(&rng, old, count, new, count, api_weak(api) ? 64 : 1u << 20);
            test_run run = {.api = api, .weak_modulus = 13, .element_size = 16, .options = &options};
            char what[64];
            snprintf(what, sizeof what, "threads = %u", threads[k]);
            expect_correct(t, what, &run, old, count, new, count, "random edit");
            free(old);
            free(new);
        }
    }
}

int main(void) {
    test_tally t = {0};
    version(&t);
    ignore_order(&t);
    thread_counts(&t);
    return tally_finish(&t);
}
