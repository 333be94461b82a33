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
 *
 * And strings crafted to share one key under the Swift package's former
 * unseeded string key: linear comparisons (counted) since the core keys
 * them under its seed.
 *
 * And the 16-byte records' key (hash_words.h) on records built to defeat a
 * weak mix of two words (swapped, equal, complementary or zero words, one
 * bit set): no two share a key, and none crowds the direct path's home slot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heckel_swift_strings.h"
#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"
#include "../../Sources/CHeckel/hash_words.h"

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


/* ---- strings crafted to share one key under a fixed key function ----
 * The Swift package once keyed ASCII strings itself, unseeded: for strings
 * over 32 bytes a multiply-fold of their words (former_key). Strings can be
 * crafted to share one such key: many unequal strings under one key, plus
 * one unequal pair under another key that makes the middle go to the exact
 * matcher, cost it one byte comparison per old string under the key for
 * every new one: O(n^2). heckel_match_swift_strings keys them with XXH3
 * under a per-call seed, so they are ordinary strings. Test builds count its
 * comparisons (heckel_test_string_compared) and expect them linear; every
 * build checks the results. */

enum { CRAFTED = 3000, CRAFTED_LENGTH = 48 };

static uint64_t load_word(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

static uint64_t fold(uint64_t value) {
    __uint128_t product = (__uint128_t)value * 0x9E3779B97F4A7C15ull;
    return (uint64_t)(product >> 64) ^ (uint64_t)product;
}

/* The former Swift key of a string of more than 32 bytes. */
static uint64_t former_key(const unsigned char *bytes, size_t count) {
    uint64_t hash = (uint64_t)count * 0xC2B2AE3D27D4EB4Full;
    size_t offset = 0;
    do {
        hash = fold(hash ^ load_word(bytes + offset));
        offset += 8;
    } while (offset + 16 < count);
    return fold(fold(hash ^ load_word(bytes + count - 16)) ^ load_word(bytes + count - 8));
}

/* Strings of 48 ASCII bytes: word 0 a distinct run of letters; word 1 chosen
 * so that the fold state after it is fold(target) for every string (possible
 * in ASCII when the state after word 0 has the target's high bits: one in
 * 256 runs is kept); words 2-5 the same for all. Equal former keys. */
static size_t crafted_strings(unsigned char (*out)[CRAFTED_LENGTH], size_t count, uint64_t low) {
    const uint64_t high_bits = 0x8080808080808080ull, start = (uint64_t)CRAFTED_LENGTH * 0xC2B2AE3D27D4EB4Full;
    uint64_t wanted = 0, target = 0;
    size_t made = 0;
    for (uint64_t n = 0; made < count && n < (uint64_t)count << 12; n++) {
        unsigned char word[8];
        uint64_t rest = n;
        for (int b = 0; b < 8; b++, rest /= 26) word[b] = (unsigned char)('a' + rest % 26);
        uint64_t state = fold(start ^ load_word(word));
        if (made == 0) wanted = state & high_bits, target = wanted | (low & ~high_bits);
        if ((state & high_bits) != wanted) continue;
        uint64_t second = state ^ target; /* ASCII: no high bit set */
        memcpy(out[made], word, 8);
        memcpy(out[made] + 8, &second, 8);
        memcpy(out[made] + 16, "the same 32 bytes for them all..", 32);
        made++;
    }
    return made;
}

static size_t compared;
void heckel_test_string_compared(void) { __atomic_fetch_add(&compared, 1, __ATOMIC_RELAXED); }

/* Native Swift String values over the pool's strings (bytes 32 after each
 * object's address; see test_keyed_spans.c). */
static void native_values(unsigned char *values, unsigned char *objects, unsigned char (*pool)[CRAFTED_LENGTH],
                          const uint64_t *which, size_t count) {
    for (size_t k = 0; k < count; k++) {
        unsigned char *object = objects + k * (32 + CRAFTED_LENGTH);
        memcpy(object + 32, pool[which[k]], CRAFTED_LENGTH);
        uint64_t words[2] = {0x9000000000000000ull | CRAFTED_LENGTH, (uint64_t)(uintptr_t)object};
        memcpy(values + 16 * k, words, 16);
    }
}

#ifdef HECKEL_TEST_HOOKS
/* The core's key of Swift strings is heckel_hash_bytes_with_seed's value
 * (XXH3-64, which test_xxh3 compares with libxxhash), computed its own way
 * for 9 to 32 bytes: every length to 300, several seeds. */

static void string_keys_are_xxh3(test_tally *tally, test_rng *rng) {
    unsigned char bytes[300];
    for (size_t k = 0; k < sizeof bytes; k++) bytes[k] = (unsigned char)rng_next(rng);
    size_t wrong = 0;
    for (int round = 0; round < 8; round++) {
        uint64_t seed = round < 2 ? (uint64_t)-round : rng_next(rng);
        for (size_t length = 0; length <= sizeof bytes; length++)
            wrong += heckel_test_string_key(bytes, length, seed) != heckel_hash_bytes_with_seed(bytes, length, seed);
    }
    tally_expect(tally, wrong == 0, "Swift string keys are heckel_hash_bytes_with_seed", NULL);
}
#endif

/* secret: 0 for heckel_match_swift_strings, else
 * heckel_match_swift_strings_with_secret's secret. */
static void crafted_swift_strings(test_tally *tally, test_rng *rng, uint64_t secret) {
    enum { POOL = 2 * CRAFTED + 2 };
    unsigned char (*pool)[CRAFTED_LENGTH] = malloc(POOL * sizeof *pool);
    uint64_t *old = malloc((CRAFTED + 1) * 8), *new = malloc((CRAFTED + 1) * 8);
    unsigned char *values[2], *objects[2];
    for (int side = 0; side < 2; side++) {
        values[side] = malloc((CRAFTED + 1) * 16);
        objects[side] = malloc((CRAFTED + 1) * (32 + CRAFTED_LENGTH));
        if (!values[side] || !objects[side]) abort();
    }
    if (!pool || !old || !new) abort();
    /* 2 * CRAFTED strings under key A, and two more under key B. */
    size_t made = crafted_strings(pool, 2 * CRAFTED, 0x0101010101010101ull);
    unsigned char pair[2][CRAFTED_LENGTH];
    made += crafted_strings(pair, 2, 0x0202020202020202ull);
    memcpy(pool[2 * CRAFTED], pair, sizeof pair);
    bool collide = made == POOL;
    uint64_t key_a = former_key(pool[0], CRAFTED_LENGTH), key_b = former_key(pool[2 * CRAFTED], CRAFTED_LENGTH);
    for (size_t k = 0; collide && k < POOL; k++) {
        collide = former_key(pool[k], CRAFTED_LENGTH) == (k < 2 * CRAFTED ? key_a : key_b);
        for (size_t b = 0; b < CRAFTED_LENGTH; b++) collide = collide && pool[k][b] < 0x80;
    }
    collide = collide && key_a != key_b && memcmp(pool[0], pool[1], CRAFTED_LENGTH) != 0;
    tally_expect(tally, collide, "crafted strings: ASCII, one former key for each group", NULL);
    /* old: the first CRAFTED under A, then X; new: the middle CRAFTED under
     * A (half shared with old), shuffled, then Y. */
    for (size_t i = 0; i < CRAFTED; i++) old[i] = i, new[i] = CRAFTED / 2 + i;
    rng_shuffle(rng, new, CRAFTED);
    old[CRAFTED] = 2 * CRAFTED, new[CRAFTED] = 2 * CRAFTED + 1;
    size_t n = CRAFTED + 1, m = CRAFTED + 1;
    native_values(values[0], objects[0], pool, old, n);
    native_values(values[1], objects[1], pool, new, m);
    heckel_swift_strings a = {.values = values[0], .count = n, .stride = 16};
    heckel_swift_strings b = {.values = values[1], .count = m, .stride = 16};
    uint32_t *o2n = malloc(n * 4), *n2o = malloc(m * 4), *moves = malloc(m * 4);
    if (!o2n || !n2o || !moves) abort();
    heckel_result r = {o2n, n2o, moves, 0, 0};
    __atomic_store_n(&compared, 0, __ATOMIC_RELAXED);
    const heckel_options options = {.threads = 1};
    heckel_status status = secret ? heckel_match_swift_strings_with_secret(&a, &b, secret, &options, &r)
                                  : heckel_match_swift_strings(&a, &b, &options, &r);
    size_t comparisons = __atomic_load_n(&compared, __ATOMIC_RELAXED);
    const char *error = status != HECKEL_OK ? heckel_status_description(status) : check_result(old, n, new, m, &r);
    tally_expect(tally, !error, "crafted strings: correct result", error);
    char detail[96];
    snprintf(detail, sizeof detail, "%zu comparisons for %zu + %zu strings%s", comparisons, n, m,
             secret ? ", the caller's secret" : "");
#ifdef HECKEL_TEST_HOOKS
    /* Linear: a few per string. Under one shared key: about n * m / 4. */
    tally_expect(tally, comparisons > 0 && comparisons <= 4 * (n + m), "crafted strings: comparisons", detail);
#endif
    printf("crafted strings: %s\n", detail);
    free(o2n), free(n2o), free(moves), free(pool), free(old), free(new);
    for (int side = 0; side < 2; side++) free(values[side]), free(objects[side]);
}

/* heckel_match_swift_strings_with_secret's seeds change from call to call
 * under one secret (a seed fixed per secret would let collisions found in
 * one call serve in every later one). Not every call: the counter mixed in
 * may tick slower than calls come (arm64's runs at tens of MHz). */
uint64_t heckel_secret_seed(uint64_t secret, size_t elements);

static void secret_seeds_change(test_tally *tally, test_rng *rng) {
    enum { CALLS = 1000 };
    uint64_t secret = rng_next(rng) | 1, first = heckel_secret_seed(secret, 2000);
    size_t changed = 0;
    for (size_t k = 1; k < CALLS; k++) changed += heckel_secret_seed(secret, 2000) != first;
    char detail[64];
    snprintf(detail, sizeof detail, "%zu of %d calls", changed, CALLS - 1);
    tally_expect(tally, changed > 0, "seeds from one secret change between calls", detail);
}

/* The seeds the hashing matchers draw per call (heckel_random_seed: the
 * system's random source from 1,024 elements, the fallback below) differ
 * between calls: a fixed one would let crafted records or spans share keys
 * in bulk again, which no output shows. */
uint64_t heckel_random_seed(size_t elements);

static void system_seeds_change(test_tally *tally) {
    enum { CALLS = 1000 };
    static const size_t sizes[] = {10, 2000};
    for (int s = 0; s < 2; s++) {
        uint64_t first = heckel_random_seed(sizes[s]);
        size_t changed = 0;
        for (size_t k = 1; k < CALLS; k++) changed += heckel_random_seed(sizes[s]) != first;
        char detail[64];
        snprintf(detail, sizeof detail, "%zu elements: %zu of %d calls", sizes[s], changed, CALLS - 1);
        tally_expect(tally, changed > 0, "seeds change between calls", detail);
    }
}

static int compare_words(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* 16-byte records whose words are structured against the key's one
 * multiply: (k, 0), (0, k), (k, k), (k, ~k), (k, k + 1) and its swap, and
 * one bit set in either word; under several seeds (0 and all ones among
 * them), their keys are distinct and spread: at most WORD_KEYS_CROWD of them
 * share a home slot of a 65,536-slot direct-path table (small_run.c's slot:
 * the key times 0x9E3779B97F4A7C15, top bits; the other tables mix the key
 * further with heckel_mix). About 5 expected; 8 the most over 2,000 random
 * seeds. A mix that cancels the words (a sum or an xor of them, seeded or
 * not: 20,735 in one slot) or multiplies them unmixed ((k, 0) all zero)
 * fails it. */
enum { WORD_KEY_ROUNDS = 4096, WORD_KEYS_CROWD = 24 };
static void word_pair_keys_spread(test_tally *tally, test_rng *rng) {
    size_t count = 7 * WORD_KEY_ROUNDS + 2 * 64, wrong = 0;
    uint64_t *keys = malloc(count * sizeof *keys);
    uint32_t *slots = calloc(1u << 16, sizeof *slots);
    if (!keys || !slots) abort();
    for (int round = 0; round < 4; round++) {
        uint64_t seed = round < 2 ? (uint64_t)-round : rng_next(rng);
        heckel_word_pair_secret secret = heckel_word_pair_secret_make(seed);
        size_t made = 0;
        unsigned char record[16];
        uint64_t words[2];
#define KEY_OF(a, b) (words[0] = (a), words[1] = (b), memcpy(record, words, 16), heckel_word_pair_key(record, secret))
        for (uint64_t k = 1; k <= WORD_KEY_ROUNDS; k++) {
            keys[made++] = KEY_OF(k, 0);
            keys[made++] = KEY_OF(0, k + WORD_KEY_ROUNDS);
            keys[made++] = KEY_OF(k, k);
            keys[made++] = KEY_OF(k, ~k);
            keys[made++] = KEY_OF(k << 20, (k << 20) + 1);
            keys[made++] = KEY_OF((k << 20) + 1, k << 20);
            keys[made++] = KEY_OF(k << 40 | 7, 3);
        }
        for (unsigned bit = 0; bit < 64; bit++) {
            keys[made++] = KEY_OF(1ull << bit, ~0ull);
            keys[made++] = KEY_OF(~0ull, 1ull << bit);
        }
#undef KEY_OF
        memset(slots, 0, (1u << 16) * sizeof *slots);
        uint32_t most = 0;
        for (size_t k = 0; k < made; k++) {
            uint32_t load = ++slots[(keys[k] * 0x9E3779B97F4A7C15ull) >> 48];
            if (load > most) most = load;
        }
        qsort(keys, made, sizeof *keys, compare_words);
        for (size_t k = 1; k < made; k++) wrong += keys[k] == keys[k - 1];
        wrong += most > WORD_KEYS_CROWD;
    }
    tally_expect(tally, wrong == 0, "16-byte records' keys are distinct and spread", NULL);
    free(keys);
    free(slots);
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {1978};
    uint64_t *old = malloc((N + N / 2 + 1) * 8), *new = malloc((N + N / 2 + 1) * 8);
    if (!old || !new) abort();
    flooding(&tally, &rng, old, new);
    deterministic(&tally, &rng, old, new);
    crafted_swift_strings(&tally, &rng, 0);
    crafted_swift_strings(&tally, &rng, 0x5EC7E7ull);
    secret_seeds_change(&tally, &rng);
    system_seeds_change(&tally);
    word_pair_keys_spread(&tally, &rng);
#ifdef HECKEL_TEST_HOOKS
    string_keys_are_xxh3(&tally, &rng);
#endif
    free(old);
    free(new);
    return tally_finish(&tally);
}
