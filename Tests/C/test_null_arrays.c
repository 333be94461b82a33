/* NULL arrays with zero counts are valid input (heckel.h): every entry point,
 * with either list empty or both, given as NULL lists and NULL output arrays
 * (old_to_new, new_to_old, moves) wherever their count is 0. Each result is
 * checked against the values, and failing calls must leave outputs alone. */
#include <stdio.h>
#include <stdlib.h>

#include "counting_allocator.h"
#include "test_support.h"

#define LABEL "NULL arrays with zero counts"

/* The call from the review, spelled out: old NULL and empty, no outputs for it. */
static void review_case(test_tally *tally) {
    const uint64_t keys[3] = {1, 2, 3};
    heckel_offset n2o[3] = {0, 0, 0};
    heckel_result r = {NULL, n2o, NULL, 99, 99};
    heckel_status status = heckel_match_keys(NULL, 0, keys, 3, NULL, NULL, NULL, &r);
    bool ok = status == HECKEL_OK && r.match_count == 0 && r.move_count == 0;
    for (int j = 0; j < 3; j++) ok = ok && n2o[j] == HECKEL_UNMATCHED;
    tally_expect(tally, ok, "heckel_match_keys(NULL, 0, keys, 3, ...)",
                 heckel_status_description(status));
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {4242};
    enum { BIG = 20000 };
    uint64_t *old = malloc(BIG * 8), *new = malloc(BIG * 8);
    if (!old || !new) abort();
    review_case(&tally);
    static const size_t sizes[] = {1, 3, 100, BIG}; /* the non-empty side */
    for (test_api api = 0; api < API_COUNT; api++) {
        for (int options_kind = 0; options_kind < 2; options_kind++) {
            counting_allocator c;
            counting_init(&c);
            int flag = 0;
            heckel_options options = {.allocator = &c.allocator, .cancel = &flag};
            test_run run = {.api = api, .weak_modulus = 3, .element_size = 8,
                            .options = options_kind ? &options : NULL, .null_when_empty = true};
            expect_correct(&tally, LABEL, &run, old, 0, new, 0, "both empty");
            for (int s = 0; s < 4; s++) {
                for (size_t k = 0; k < sizes[s]; k++) old[k] = new[k] = rng_below(&rng, 50);
                expect_correct(&tally, LABEL, &run, old, 0, new, sizes[s], "old empty");
                expect_correct(&tally, LABEL, &run, old, sizes[s], new, 0, "new empty");
            }
            /* Only the run with options allocates through c: there the
             * allocator must have served (else the leak check is empty). */
            if (options_kind)
                tally_expect(&tally, c.calls > 0 && c.live == 0, "NULL arrays: nothing leaked", api_name(api));
        }
        /* Errors still leave the outputs untouched (run_and_check checks). */
        int raised = 1;
        heckel_options cancelled = {.cancel = &raised};
        test_run run = {.api = api, .weak_modulus = 3, .element_size = 8, .options = &cancelled,
                        .null_when_empty = true};
        const char *error = NULL;
        for (size_t k = 0; k < 100; k++) new[k] = k;
        heckel_status status = run_and_check(&run, old, 0, new, 100, &error);
        tally_expect(&tally, status == HECKEL_CANCELLED && !error, "NULL arrays, cancelled",
                     error ? error : api_name(api));
    }
    free(old);
    free(new);
    return tally_finish(&tally);
}
