/*
 * Hash flooding: keys crafted so that the core's former unseeded mixes put
 * them all in one partition and one home slot (partitioned matching), one
 * home slot of the exact matcher, and one of the suffix check's key set.
 * Unseeded, each case took quadratic time (minutes at these sizes); with the
 * per-call seed they are ordinary input. ctest gives this binary a timeout,
 * so a regression shows as a failure. Results are checked as everywhere.
 *
 * And results never depend on the seed: the same input, matched several
 * times (a new seed each call), gives identical outputs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

enum { N = 200000 };

#define OLD_MIX_MULTIPLIER 0xD6E8FEB86659FD93ull  /* the former partition mix */
#define OLD_SLOT_MULTIPLIER 0x9E3779B97F4A7C15ull /* the former exact and key set slots */

static uint64_t inverse(uint64_t odd) { /* mod 2^64, by Newton's iteration */
    uint64_t x = odd;
    for (int k = 0; k < 6; k++) x *= 2 - odd * x;
    return x;
}

/* The key whose former partition mix is h: that mix run backwards. */
static uint64_t unmix(uint64_t h) {
    uint64_t c = inverse(OLD_MIX_MULTIPLIER);
    h ^= h >> 32;
    h *= c;
    h ^= h >> 32;
    h *= c;
    return h ^ (h >> 32);
}

/* Mixes sharing their top 40 bits: one partition, one home slot. */
static uint64_t partition_flood(uint64_t i) { return unmix(0x5EEDC0FFEEull << 24 | i); }
/* key * multiplier = i: top bits all zero, the exact matcher's slot 0. */
static uint64_t exact_flood(uint64_t i) { return i * inverse(OLD_SLOT_MULTIPLIER); }
/* key * multiplier = i << 40: bits 17..39 zero, the key set's slot 0. */
static uint64_t key_set_flood(uint64_t i) { return (i << 40) * inverse(OLD_SLOT_MULTIPLIER); }

static void flooding(test_tally *tally, test_rng *rng, uint64_t *old, uint64_t *new) {
    /* Half shared, shuffled: every key goes through the partitioned tables. */
    for (size_t i = 0; i < N; i++) old[i] = partition_flood(i);
    for (size_t j = 0; j < N; j++) new[j] = partition_flood(N / 2 + j);
    rng_shuffle(rng, new, N);
    test_run keys = {.api = API_KEYS};
    expect_correct(tally, "crafted keys", &keys, old, N, new, N, "one partition, one home slot");

    /* Key = value % UINT64_MAX: old value 0 and new value UINT64_MAX share
     * key 0, partitioned matching pairs them, the check finds them unequal,
     * and the whole middle is matched again by the exact matcher. */
    for (size_t i = 0; i < N; i++) old[i] = exact_flood(i);
    for (size_t j = 0; j < N; j++) new[j] = exact_flood(N / 2 + j);
    rng_shuffle(rng, new, N);
    new[N] = UINT64_MAX;
    test_run weak = {.api = API_WEAK_KEYS, .weak_modulus = UINT64_MAX};
    expect_correct(tally, "crafted keys", &weak, old, N, new, N + 1,
                   "exact matcher, one home slot");

    /* A long common suffix after a middle of unmatched keys: the suffix
     * check puts the smaller side in its key set. */
    size_t half = N / 2;
    for (size_t i = 0; i < half; i++) old[i] = key_set_flood(i);
    for (size_t j = 0; j < half; j++) new[j] = key_set_flood(half + j);
    for (size_t k = 0; k < N; k++) old[half + k] = new[half + k] = key_set_flood(N + k);
    expect_correct(tally, "crafted keys", &keys, old, half + N, new, half + N,
                   "suffix key set, one home slot");
}

/* ---- results independent of the seed ---- */

typedef struct values { const uint64_t *old, *new; } values;

static bool values_equal(void *context, size_t i, size_t j) {
    const values *v = context;
    return v->old[i] == v->new[j];
}

typedef struct outcome {
    heckel_offset *o2n, *n2o, *moves;
    size_t match_count, move_count;
} outcome;

/* api 0: trusted keys; 1: keys = value % 7 with equality (exact matcher);
 * 2: 8-byte records. */
static heckel_status match_once(int api, const uint64_t *old, size_t n, const uint64_t *new,
                                size_t m, uint64_t *old_keys, uint64_t *new_keys, outcome *out) {
    heckel_result r = {out->o2n, out->n2o, out->moves, 0, 0};
    heckel_status status;
    if (api == 2) {
        status = heckel_match_records(old, n, new, m, 8, NULL, &r);
    } else {
        for (size_t i = 0; i < n; i++) old_keys[i] = api ? old[i] % 7 : old[i];
        for (size_t j = 0; j < m; j++) new_keys[j] = api ? new[j] % 7 : new[j];
        values v = {old, new};
        status = heckel_match_keys(old_keys, n, new_keys, m, api ? values_equal : NULL, &v, NULL, &r);
    }
    out->match_count = r.match_count;
    out->move_count = r.move_count;
    return status;
}

static void deterministic(test_tally *tally, test_rng *rng, uint64_t *old, uint64_t *new) {
    enum { M = 30000, RUNS = 5 };
    uint64_t *old_keys = malloc(M * 8), *new_keys = malloc(M * 8);
    outcome out[RUNS];
    for (int k = 0; k < RUNS; k++) {
        out[k].o2n = malloc(M * 4);
        out[k].n2o = malloc(M * 4);
        out[k].moves = malloc(M * 4);
        if (!out[k].o2n || !out[k].n2o || !out[k].moves) abort();
    }
    if (!old_keys || !new_keys) abort();
    for (int api = 0; api < 3; api++) {
        for (size_t i = 0; i < M; i++) old[i] = rng_below(rng, 300); /* heavy duplicates */
        for (size_t j = 0; j < M; j++) new[j] = rng_below(rng, 300);
        bool same = true;
        for (int k = 0; k < RUNS; k++) {
            memset(out[k].moves, 0, M * 4);
            same = same && match_once(api, old, M, new, M, old_keys, new_keys, &out[k]) == HECKEL_OK;
            heckel_result r = {out[k].o2n, out[k].n2o, out[k].moves, out[k].match_count,
                               out[k].move_count};
            same = same && check_result(old, M, new, M, &r) == NULL;
            if (k == 0) continue;
            same = same && memcmp(out[k].o2n, out[0].o2n, M * 4) == 0 &&
                   memcmp(out[k].n2o, out[0].n2o, M * 4) == 0 &&
                   memcmp(out[k].moves, out[0].moves, M * 4) == 0 &&
                   out[k].match_count == out[0].match_count && out[k].move_count == out[0].move_count;
        }
        char detail[64];
        snprintf(detail, sizeof detail, "api %d, %d runs", api, RUNS);
        tally_expect(tally, same, "identical results whatever the seed", detail);
    }
    for (int k = 0; k < RUNS; k++) { free(out[k].o2n); free(out[k].n2o); free(out[k].moves); }
    free(old_keys);
    free(new_keys);
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {1978};
    uint64_t *old = malloc((N + N / 2 + 1) * 8), *new = malloc((N + N / 2 + 1) * 8);
    if (!old || !new) abort();
    flooding(&tally, &rng, old, new);
    deterministic(&tally, &rng, old, new);
    free(old);
    free(new);
    return tally_finish(&tally);
}
