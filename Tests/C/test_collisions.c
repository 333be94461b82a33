/* Forced collisions through the key API: many distinct elements under one key
 * (and under a few keys) must still match exactly as their values say, with
 * duplicates in order. The equality callback (or, for keyed spans, the bytes)
 * decides; keys only group.
 * Records and spans likewise in the test build of the core (the _small
 * variant), which lets their XXH3 keys be weakened (hash_hook_weaken), on one
 * thread and on several. */
#include <stdio.h>
#include <stdlib.h>

#include "test_support.h"

#ifdef HECKEL_TEST_HOOKS
/* Whether the core must key some element of both lists: both are non-empty
 * once their common prefix and suffix are set aside. */
static bool keys_needed(const uint64_t *old, size_t n, const uint64_t *new, size_t m) {
    size_t p = 0, s = 0;
    while (p < n && p < m && old[p] == new[p]) p++;
    while (s < n - p && s < m - p && old[n - 1 - s] == new[m - 1 - s]) s++;
    return n - p - s > 0 && m - p - s > 0;
}

/* Records and spans under weakened keys (test builds of the core only: a
 * release core never calls the hook): pairs matched by key alone that
 * memcmp rejects, found by the verifying pass (on several threads: one
 * part's find stops the others), then the exact matcher; and false alarms
 * in the trimmed-suffix check. Each run must have had its keys weakened. */
static void weak_hashes(test_tally *tally, test_rng *rng) {
    enum { N = 60000, SUFFIX = 5000 };
    uint64_t *old = malloc((N + SUFFIX) * 8), *new = malloc((N + SUFFIX) * 8);
    if (!old || !new) abort();
    static const uint64_t moduli[] = {1, 2, 7, 1000};
    static const heckel_options options[] = {{.threads = 1}, {.threads = 4}};
    for (int round = 0; round < 32; round++) {
        test_api api = round % 2 ? API_SPANS : API_RECORDS;
        bool big = round % 8 >= 6;
        uint64_t modulus = big ? 1 : moduli[round % 4];
        size_t n = big ? N : rng_below(rng, 500), m = big ? N : rng_below(rng, 500);
        for (size_t i = 0; i < n; i++) old[i] = rng_below(rng, 1000) + 1;
        for (size_t j = 0; j < m; j++) new[j] = j < n && rng_below(rng, 4) ? old[j] : rng_below(rng, 1000) + 1;
        if (big) { /* one key; early in the new list a pair equal by key only */
            for (size_t j = 0; j < m; j++) new[j] = old[j];
            new[1] = old[1] + 1;
        }
        if (round % 4 == 3) { /* a long common suffix */
            for (size_t k = 0; k < SUFFIX; k++) old[n + k] = new[m + k] = rng_below(rng, 1000) + 1;
            n += SUFFIX, m += SUFFIX;
        }
        hash_hook_weaken(modulus);
        test_run run = {.api = api, .element_size = 8, .options = &options[round % 3 == 0]};
        expect_correct(tally, "weak hashes", &run, old, n, new, m,
                       big ? "one pair equal by key only" : "random");
        size_t weakened = hash_hook_weakened();
        hash_hook_weaken(0);
        char detail[96];
        snprintf(detail, sizeof detail, "%s, round %d: %zu keys weakened", api_name(api), round, weakened);
        tally_expect(tally, weakened > 0 || !keys_needed(old, n, new, m), "weak hashes: the hook fired", detail);
    }
    free(old);
    free(new);
}
#endif

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {77};
    size_t capacity = 3000;
    uint64_t *old = malloc(capacity * 8), *new = malloc(capacity * 8);
    if (!old || !new) abort();
    static const uint64_t moduli[] = {1, 2, 3, 4, 7};
    static const test_api weak_kinds[] = {API_WEAK_KEYS, API_WEAK_KEYED_SPANS};
    for (int round = 0; round < 150; round++) {
        size_t n = rng_below(&rng, round < 100 ? 300 : capacity);
        size_t m = rng_below(&rng, round < 100 ? 300 : capacity);
        uint64_t alphabet = 1 + rng_below(&rng, round % 2 ? 50 : 5000);
        for (size_t i = 0; i < n; i++) old[i] = rng_below(&rng, alphabet);
        for (size_t j = 0; j < m; j++) new[j] = rng_below(&rng, alphabet);
        for (int kind = 0; kind < 2; kind++) { /* the callback decides, then the bytes */
            test_run run = {.api = weak_kinds[kind], .weak_modulus = moduli[round % 5]};
            const char *error = NULL;
            heckel_status status = run_and_check(&run, old, n, new, m, &error);
            char detail[192];
            snprintf(detail, sizeof detail, "%s, key = value %% %llu, old %zu, new %zu, alphabet %llu: %s",
                     api_name(run.api), (unsigned long long)run.weak_modulus, n, m,
                     (unsigned long long)alphabet, status ? heckel_status_description(status) : error);
            tally_expect(&tally, status == HECKEL_OK && !error, "forced collisions", detail);
        }
    }
    /* Same values in both lists, reordered: the right equal occurrence is
     * further down the chain of one key. */
    for (size_t k = 0; k < 1000; k++) old[k] = k, new[k] = 999 - k;
    for (int kind = 0; kind < 2; kind++) {
        test_run run = {.api = weak_kinds[kind], .weak_modulus = 1};
        const char *error = NULL;
        heckel_status status = run_and_check(&run, old, 1000, new, 1000, &error);
        tally_expect(&tally, status == HECKEL_OK && !error, "one key, reversed distinct values",
                     error ? error : status ? heckel_status_description(status) : NULL);
    }
#ifdef HECKEL_TEST_HOOKS
    weak_hashes(&tally, &rng);
#endif
    free(old);
    free(new);
    return tally_finish(&tally);
}
