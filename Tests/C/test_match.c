/* Matching and moves on many seeded random list pairs, through every API:
 * heavy duplicates, all equal, all distinct, empty, reversed, edited copies,
 * one element moved front to back. Every result is checked against the
 * values themselves by check_result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_support.h"

typedef enum shape {
    SHAPE_RANDOM,     /* independent lists over an alphabet (small: heavy duplicates) */
    SHAPE_ALL_EQUAL,
    SHAPE_DISTINCT,   /* a permutation of distinct values, partly shared */
    SHAPE_REVERSED,
    SHAPE_EDITED,     /* new = old with deletions, insertions and moves */
    SHAPE_COUNT
} shape;

static const char *shape_names[] = {"random", "all equal", "distinct", "reversed", "edited"};

/* Fills old and new (capacity old_count, new_count) and may shorten new. */
static void generate(shape s, test_rng *rng, uint64_t *old, size_t old_count, uint64_t *new,
                     size_t *new_count, uint64_t alphabet) {
    size_t m = *new_count;
    switch (s) {
    case SHAPE_RANDOM:
        for (size_t i = 0; i < old_count; i++) old[i] = rng_below(rng, alphabet);
        for (size_t j = 0; j < m; j++) new[j] = rng_below(rng, alphabet);
        break;
    case SHAPE_ALL_EQUAL:
        for (size_t i = 0; i < old_count; i++) old[i] = 7;
        for (size_t j = 0; j < m; j++) new[j] = 7;
        break;
    case SHAPE_DISTINCT:
        for (size_t i = 0; i < old_count; i++) old[i] = i * 2;
        for (size_t j = 0; j < m; j++) new[j] = j * 3; /* shares the multiples of 6 */
        for (size_t j = m; j > 1; j--) {
            size_t k = rng_below(rng, j);
            uint64_t t = new[j - 1]; new[j - 1] = new[k]; new[k] = t;
        }
        break;
    case SHAPE_REVERSED:
        for (size_t i = 0; i < old_count; i++) old[i] = rng_below(rng, alphabet);
        m = old_count < m ? old_count : m;
        for (size_t j = 0; j < m; j++) new[j] = old[old_count - 1 - j];
        break;
    case SHAPE_EDITED: {
        for (size_t i = 0; i < old_count; i++) old[i] = rng_below(rng, alphabet);
        size_t out = 0;
        for (size_t i = 0; i < old_count && out < m; i++) {
            uint64_t roll = rng_below(rng, 10);
            if (roll == 0) continue;                                /* delete */
            if (roll == 1 && out < m) new[out++] = alphabet + rng_below(rng, alphabet); /* insert */
            if (out < m) new[out++] = old[i];
        }
        for (size_t k = 0; out > 1 && k < out / 10 + 1; k++) { /* moves */
            size_t a = rng_below(rng, out), b = rng_below(rng, out);
            uint64_t t = new[a]; new[a] = new[b]; new[b] = t;
        }
        m = out;
        break;
    }
    default:
        break;
    }
    *new_count = m;
}

/* A run through api with random record sizes, weak moduli, and options:
 * defaults, each thread count, no move pass, moves = NULL. */
static test_run api_run(test_api api, test_rng *rng) {
    static const size_t sizes[] = {1, 2, 3, 8, 16, 24};
    static const heckel_options options[] = {
        {.threads = 1}, {.threads = 2}, {.threads = 3}, {.threads = 8},
        {.ignore_order = true}, {.threads = 2, .ignore_order = true}};
    enum { OPTIONS = sizeof options / sizeof *options };
    size_t pick = rng_below(rng, 2 * OPTIONS); /* NULL options half the time */
    test_run run = {.api = api, .weak_modulus = 1 + rng_below(rng, 4),
                    .element_size = sizes[rng_below(rng, 6)],
                    .options = pick < OPTIONS ? &options[pick] : NULL,
                    .null_moves = rng_below(rng, 8) == 0};
    return run;
}

#ifndef HECKEL_TEST_HOOKS /* the allocation path is the same in the small build */
/* A million distinct elements shuffled, with the default allocator: scratch
 * past 16 MiB takes the huge-page path of the allocation. */
static void huge_scratch(test_tally *tally, test_rng *rng) {
    enum { N = 1000000 };
    uint64_t *old = malloc(N * 8), *new = malloc(N * 8);
    if (!old || !new) abort();
    for (size_t i = 0; i < N; i++) old[i] = new[i] = i * 3 + 1;
    rng_shuffle(rng, new, N);
    test_run run = {.api = API_KEYS};
    expect_correct(tally, "match", &run, old, N, new, N, "a million shuffled, default allocator");
    free(old);
    free(new);
}
#endif

/* One element moved from the front to the back of a big list: one move. */
static void one_moved(test_tally *tally, test_api api, test_rng *rng) {
    size_t n = 100000;
    uint64_t *old = malloc(n * 8), *new = malloc(n * 8);
    if (!old || !new) abort();
    for (size_t i = 0; i < n; i++) old[i] = rng_next(rng) >> 8; /* distinct in practice */
    for (size_t j = 0; j + 1 < n; j++) new[j] = old[j + 1];
    new[n - 1] = old[0];
    test_run run = {.api = api, .weak_modulus = 1000003, .element_size = 16};
    uint32_t *o2n = malloc(n * 4), *n2o = malloc(n * 4), *moves = malloc(n * 4);
    const char *error = NULL;
    heckel_status status = run_and_check(&run, old, n, new, n, &error);
    tally_expect(tally, status == HECKEL_OK && !error, "one moved front to back", error);
    /* And the move is exactly the element at new offset n - 1. */
    uint64_t *keys_old = malloc(n * 8), *keys_new = malloc(n * 8);
    if (!keys_old || !keys_new || !o2n || !n2o || !moves) abort();
    for (size_t i = 0; i < n; i++) { keys_old[i] = old[i]; keys_new[i] = new[i]; }
    heckel_result r = {o2n, n2o, moves, 0, 0};
    status = heckel_match_keys(keys_old, n, keys_new, n, NULL, NULL, NULL, &r);
    tally_expect(tally, status == HECKEL_OK && r.move_count == 1 && moves[0] == n - 1 &&
                            r.match_count == n, "one moved: exactly one move, the moved element", NULL);
    free(old); free(new); free(o2n); free(n2o); free(moves); free(keys_old); free(keys_new);
}

/* A long common suffix (trimmed by the core) after a short edited middle.
 * shared: the suffix reuses the middle's values, so trimming it would pair
 * duplicates out of order and the core must notice; otherwise its values are
 * fresh and the trimmed result stands. */
static void long_suffix(test_tally *tally, test_rng *rng, uint64_t *old, uint64_t *new, bool shared) {
    for (test_api api = 0; api < API_COUNT; api++) {
        size_t prefix = rng_below(rng, 4), n = prefix + rng_below(rng, 200), m = prefix + rng_below(rng, 200);
        for (size_t i = 0; i < n; i++) old[i] = rng_below(rng, 6);
        for (size_t j = 0; j < prefix; j++) new[j] = old[j];
        for (size_t j = prefix; j < m; j++) new[j] = rng_below(rng, 6);
        size_t suffix = 6000;
        for (size_t k = 0; k < suffix; k++)
            old[n + k] = new[m + k] = shared ? rng_below(rng, 6) : 1000 + k;
        test_run run = api_run(api, rng);
        if (run.element_size < 4) run.element_size = 8;
        expect_correct(tally, "match", &run, old, n + suffix, new, m + suffix,
                  shared ? "long suffix sharing values with the middle" : "long suffix of fresh values");
    }
}

/* The soak test (Scripts/soak.sh): random shapes, APIs, options and sizes
 * (1 to 3 * 10^5 elements a side, log-uniform, a long common suffix now and
 * then) for the given seconds, every result checked. Not in the default
 * suite. Each failure names its seed round, so a rerun with the same seed
 * reproduces it. */
static int soak(double seconds, uint64_t seed) {
    enum { MOST = 300000, SUFFIX = 6000 };
    test_tally tally = {0, 0};
    test_rng rng = {seed};
    uint64_t *old = malloc((MOST + SUFFIX) * 8), *new = malloc((MOST + SUFFIX) * 8);
    if (!old || !new) abort();
    static const uint64_t alphabets[] = {1, 2, 3, 5, 16, 100, 1000, 1u << 30};
    time_t start = time(NULL);
    size_t rounds = 0, elements = 0;
    while (difftime(time(NULL), start) < seconds) {
        shape s = (shape)rng_below(&rng, SHAPE_COUNT);
        test_api api = (test_api)rng_below(&rng, API_COUNT);
        size_t n = (size_t)1 << rng_below(&rng, 19), m = (size_t)1 << rng_below(&rng, 19);
        n = rng_below(&rng, n < MOST ? n + 1 : MOST), m = rng_below(&rng, m < MOST ? m + 1 : MOST);
        if (api_weak(api)) { /* few keys for many values: quadratic chains */
            n = n < 20000 ? n : 20000;
            m = m < 20000 ? m : 20000;
        }
        generate(s, &rng, old, n, new, &m, alphabets[rng_below(&rng, 8)]);
        if (rng_below(&rng, 8) == 0) { /* a long common suffix, values shared or fresh */
            bool shared = rng_below(&rng, 2);
            for (size_t k = 0; k < SUFFIX; k++)
                old[n + k] = new[m + k] = shared ? rng_below(&rng, 6) : (1ull << 40) + k;
            n += SUFFIX, m += SUFFIX;
        }
        test_run run = api_run(api, &rng);
        char what[96];
        snprintf(what, sizeof what, "soak seed %llu round %zu, %s", (unsigned long long)seed, rounds,
                 shape_names[s]);
        expect_correct(&tally, "soak", &run, old, n, new, m, what);
        rounds++;
        elements += n + m;
    }
    printf("soak: %zu diffs, %zu elements in %.0f s (seed %llu)\n", rounds, elements,
           difftime(time(NULL), start), (unsigned long long)seed);
    free(old);
    free(new);
    return tally_finish(&tally);
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--soak") == 0)
        return soak(atof(argv[2]), argc > 3 ? strtoull(argv[3], NULL, 10) : (uint64_t)time(NULL));
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--soak SECONDS [SEED]]\n", argv[0]);
        return 2;
    }
    test_tally tally = {0, 0};
    test_rng rng = {20261122};
    size_t capacity = 30000;
    uint64_t *old = malloc(capacity * 8), *new = malloc(capacity * 8);
    if (!old || !new) abort();
    static const uint64_t alphabets[] = {1, 2, 3, 5, 16, 100, 1u << 30};

    /* Small lists: the checker's LIS is the O(n^2) one here. */
    for (int round = 0; round < 240; round++) {
        for (shape s = 0; s < SHAPE_COUNT; s++) {
            test_api api = (test_api)rng_below(&rng, API_COUNT);
            size_t n = rng_below(&rng, round < 40 ? 6 : 400), m = rng_below(&rng, round < 40 ? 6 : 400);
            uint64_t alphabet = alphabets[rng_below(&rng, 7)];
            generate(s, &rng, old, n, new, &m, alphabet);
            test_run run = api_run(api, &rng);
            expect_correct(&tally, "match", &run, old, n, new, m, shape_names[s]);
        }
    }
    /* Empty on either side or both, every API. */
    for (test_api api = 0; api < API_COUNT; api++) {
        test_run run = api_run(api, &rng);
        for (size_t k = 0; k < 5; k++) old[k] = new[k] = k;
        expect_correct(&tally, "match", &run, old, 0, new, 0, "both empty");
        expect_correct(&tally, "match", &run, old, 0, new, 5, "old empty");
        expect_correct(&tally, "match", &run, old, 5, new, 0, "new empty");
    }
    /* Bigger lists, every shape and API. */
    for (shape s = 0; s < SHAPE_COUNT; s++) {
        for (test_api api = 0; api < API_COUNT; api++) {
            size_t n = 5000 + rng_below(&rng, 20000), m = 5000 + rng_below(&rng, 20000);
            generate(s, &rng, old, n, new, &m, alphabets[rng_below(&rng, 7)]);
            test_run run = api_run(api, &rng);
            if (run.element_size < 4) run.element_size = 8;
            expect_correct(&tally, "match", &run, old, n, new, m, shape_names[s]);
        }
    }
    for (test_api api = 0; api < API_COUNT; api++) one_moved(&tally, api, &rng);
    for (int round = 0; round < 20; round++) long_suffix(&tally, &rng, old, new, round % 2);
#ifndef HECKEL_TEST_HOOKS
    huge_scratch(&tally, &rng);
#endif
    free(old);
    free(new);
    return tally_finish(&tally);
}
