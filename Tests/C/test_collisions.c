/* Forced collisions through the key API: many distinct elements under one key
 * (and under a few keys) must still match exactly as their values say, with
 * duplicates in order. The equality callback decides; keys only group. */
#include <stdio.h>
#include <stdlib.h>

#include "test_support.h"

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {77};
    size_t capacity = 3000;
    uint64_t *old = malloc(capacity * 8), *new = malloc(capacity * 8);
    if (!old || !new) abort();
    static const uint64_t moduli[] = {1, 2, 3, 4, 7};
    for (int round = 0; round < 150; round++) {
        size_t n = rng_below(&rng, round < 100 ? 300 : capacity);
        size_t m = rng_below(&rng, round < 100 ? 300 : capacity);
        uint64_t alphabet = 1 + rng_below(&rng, round % 2 ? 50 : 5000);
        for (size_t i = 0; i < n; i++) old[i] = rng_below(&rng, alphabet);
        for (size_t j = 0; j < m; j++) new[j] = rng_below(&rng, alphabet);
        test_run run = {.api = API_WEAK_KEYS, .weak_modulus = moduli[round % 5]};
        const char *error = NULL;
        heckel_status status = run_and_check(&run, old, n, new, m, &error);
        char detail[160];
        snprintf(detail, sizeof detail, "key = value %% %llu, old %zu, new %zu, alphabet %llu: %s",
                 (unsigned long long)run.weak_modulus, n, m, (unsigned long long)alphabet,
                 status ? heckel_status_description(status) : error);
        tally_expect(&tally, status == HECKEL_OK && !error, "forced collisions", detail);
    }
    /* Same values in both lists, reordered: the right equal occurrence is
     * further down the chain of one key. */
    for (size_t k = 0; k < 1000; k++) old[k] = k, new[k] = 999 - k;
    test_run run = {.api = API_WEAK_KEYS, .weak_modulus = 1};
    const char *error = NULL;
    heckel_status status = run_and_check(&run, old, 1000, new, 1000, &error);
    tally_expect(&tally, status == HECKEL_OK && !error, "one key, reversed distinct values", error);
    free(old);
    free(new);
    return tally_finish(&tally);
}
