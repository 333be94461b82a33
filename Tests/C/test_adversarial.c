/* Inputs built to break the core, through every entry point of the shared
 * API list (test_support.h), each result checked against the values alone
 * (check_result: in-order pairing of duplicates, inverse mapping, moves
 * minimal against an independent LIS):
 * - sizes at the direct path's bounds after a common prefix (HECKEL_SMALL_MAX
 *   and one past it, the stack bound 512 and one past it), distinct, heavy
 *   duplicates, all equal, or mostly empty spans;
 * - keys crafted to share one home slot of the direct path's fixed hash (its
 *   probe budget must send them to the general path), with and without the
 *   bytes deciding;
 * - every key colliding, and records and spans whose keys are weakened to one
 *   (test builds) that differ in one byte only, at each word boundary of the
 *   inline comparison (up to 32 bytes) and past it;
 * - counts at HECKEL_MAX_COUNT and one past, with NULL lists and outputs.
 * In the _small variant (the core's test hooks) the direct path's outputs are
 * also compared with the general path's on the same inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"

#ifdef HECKEL_TEST_HOOKS
#define SMALL_MAX 1024 /* the _small variant's HECKEL_SMALL_MAX */
#else
#define SMALL_MAX 65534
#endif
#define STACK_MAX 512
#define MAX_SIDE (SMALL_MAX + 2000)

/* The direct path's slot hash is the top bits of key * GOLDEN; keys
 * member * GOLDEN_INVERSE all hash to slot 0 for small members. */
#define GOLDEN 0x9E3779B97F4A7C15ull
#define GOLDEN_INVERSE 0xF1DE83E19937733Dull

/* Runs every API on the lists (weak kinds with weak_modulus; weak kinds on
 * lists over 4,000 elements only with a modulus that keeps chains short),
 * expecting a correct result; in hook builds also the same outputs with the
 * direct path turned off. */
static void expect_every_api(test_tally *t, const char *label, uint64_t *old, size_t n, uint64_t *new,
                             size_t m, uint64_t weak_modulus) {
    static const size_t record_sizes[] = {8, 16, 33};
    for (test_api api = 0; api < API_COUNT; api++) {
        if (api_weak(api) && weak_modulus && weak_modulus < (n + m) / 64 && n + m > 4000) continue;
        uint64_t digest = 0;
        test_run run = {.api = api, .weak_modulus = weak_modulus, .digest = &digest,
                        .element_size = record_sizes[(n + m) % 3]};
        char what[160];
        snprintf(what, sizeof what, "%s, weak modulus %llu", label, (unsigned long long)weak_modulus);
        expect_correct(t, label, &run, old, n, new, m, what);
#ifdef HECKEL_TEST_HOOKS
        run.digest = NULL, run.same_as = digest;
        heckel_test_small_path_off = true;
        const char *error = NULL;
        heckel_status status = run_and_check(&run, old, n, new, m, &error);
        heckel_test_small_path_off = false;
        snprintf(what, sizeof what, "%s via %s, old %zu, new %zu: %s", label, api_name(api), n, m,
                 status ? heckel_status_description(status) : error ? error : "");
        tally_expect(t, status == HECKEL_OK && !error, "direct path = general path", what);
#endif
    }
}

typedef enum fill { DISTINCT, DUPLICATES, ALL_EQUAL, MOSTLY_EMPTY, FILLS } fill;
static const char *fill_names[FILLS] = {"distinct", "heavy duplicates", "all equal", "mostly empty spans"};

static uint64_t fill_value(fill f, test_rng *rng, size_t k) {
    switch (f) {
    case DISTINCT: return 1000 + rng_below(rng, 1ull << 40) + k;
    case DUPLICATES: return 1 + rng_below(rng, 7);
    case ALL_EQUAL: return 5;
    default: return rng_below(rng, 8) ? 0 : 1 + rng_below(rng, 3); /* 0: the empty span */
    }
}

/* old and new share `prefix` elements, then hold `middle` elements between
 * them (what the direct path sizes itself by): split evenly, or all but 1
 * in old (whose offsets the direct path stores in 16 bits), or in new. */
static void at_the_bounds(test_tally *t, test_rng *rng) {
    static uint64_t old[MAX_SIDE], new[MAX_SIDE];
    const size_t middles[] = {STACK_MAX - 1, STACK_MAX, STACK_MAX + 1, SMALL_MAX - 1, SMALL_MAX,
                              SMALL_MAX + 1, SMALL_MAX + 2};
    const size_t prefixes[] = {0, 700};
    for (size_t b = 0; b < sizeof middles / sizeof *middles; b++) {
        for (size_t p = 0; p < sizeof prefixes / sizeof *prefixes; p++) {
            for (int c = 0; c < 3 * FILLS; c++) {
                int split = c / FILLS;
                fill f = c % FILLS;
                size_t prefix = prefixes[p], middle = middles[b];
                size_t old_share = split == 0 ? (middle + 1) / 2 : split == 1 ? middle - 1 : 1;
                size_t n = prefix + old_share, m = prefix + middle - old_share;
                for (size_t k = 0; k < prefix; k++) old[k] = new[k] = fill_value(f, rng, k);
                for (size_t i = prefix; i < n; i++) old[i] = fill_value(f, rng, i);
                for (size_t j = prefix; j < m; j++) new[j] = fill_value(f, rng, j + MAX_SIDE);
                /* Distinct lists: a third of new taken from old, shuffled. */
                for (size_t j = prefix; f == DISTINCT && j < m; j += 3) new[j] = old[prefix + rng_below(rng, n - prefix)];
                /* The element after the prefix differs, so the prefix is exactly prefix. */
                if (n > prefix && m > prefix && old[prefix] == new[prefix]) new[prefix] = 999;
                char label[96];
                snprintf(label, sizeof label, "bound: middle %zu (old %zu) after prefix %zu, %s", middle,
                         old_share, prefix, fill_names[f]);
                expect_every_api(t, label, old, n, new, m, f == DISTINCT ? 97 : 3);
            }
        }
    }
}

/* Keys that all hash to one slot of the direct path's table: probing past
 * the budget must hand the call to the general path, with the right result.
 * Through keys (the direct path's), keys with a callback and keyed spans
 * (keys = the values, weak modulus 0: the bytes, the values' text, decide). */
static void crowded_slot(test_tally *t, test_rng *rng) {
    static uint64_t old[MAX_SIDE], new[MAX_SIDE];
    tally_expect(t, GOLDEN * GOLDEN_INVERSE == 1, "the inverse of the slot hash's multiplier", NULL);
    const size_t totals[] = {40, STACK_MAX, STACK_MAX + 2, 3000, SMALL_MAX};
    for (size_t k = 0; k < sizeof totals / sizeof *totals; k++) {
        for (int shape = 0; shape < 3; shape++) {
            size_t n = totals[k] / 2, m = totals[k] - n;
            for (size_t i = 0; i < n; i++) old[i] = (i + 1) * GOLDEN_INVERSE;
            for (size_t j = 0; j < m; j++)
                new[j] = shape == 0   ? (rng_below(rng, 2 * n) + 1) * GOLDEN_INVERSE /* half shared */
                         : shape == 1 ? old[n - 1 - j % n]                             /* reversed */
                                      : (rng_below(rng, 4) + 1) * GOLDEN_INVERSE;      /* duplicates */
            new[0] = 12345; /* no common prefix */
            char label[96];
            snprintf(label, sizeof label, "crowded slot, %zu elements, shape %d", totals[k], shape);
            for (test_api api = 0; api < API_COUNT; api++) {
                if (api == API_WEAK_KEYS) continue; /* its keys are values % modulus: not crowded */
                test_run run = {.api = api, .element_size = 16}; /* weak keyed spans: keys = values */
                expect_correct(t, label, &run, old, n, new, m, "crafted keys");
            }
        }
    }
}

/* Every key one: each new element's candidates are all the old ones. */
static void every_key_colliding(test_tally *t, test_rng *rng) {
    static uint64_t old[2000], new[2000];
    const size_t sizes[] = {1, 2, 31, 200, 600, 2000};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        for (int alphabet = 1; alphabet <= 1000; alphabet *= 10) {
            size_t n = sizes[s], m = sizes[(s + 1) % 6];
            for (size_t i = 0; i < n; i++) old[i] = rng_below(rng, alphabet);
            for (size_t j = 0; j < m; j++) new[j] = rng_below(rng, alphabet);
            char label[64];
            snprintf(label, sizeof label, "one key, alphabet %d", alphabet);
            expect_every_api(t, label, old, n, new, m, 1);
        }
    }
}

#ifdef HECKEL_TEST_HOOKS
/* Records (and spans) of one size whose keys are all weakened to one: equal
 * bytes must match and records one byte apart must not, wherever the byte. */
static void one_byte_apart(test_tally *t, test_rng *rng) {
    enum { LONGEST = 80, VARIANTS = 12 };
    static const size_t positions[] = {0, 1, 7, 8, 15, 16, 23, 24, 31, 32, 33, 63};
    static unsigned char old_bytes[2 * VARIANTS * 3 * LONGEST], new_bytes[2 * VARIANTS * 3 * LONGEST];
    static uint64_t old[2 * VARIANTS * 3], new[2 * VARIANTS * 3];
    static heckel_span old_spans[2 * VARIANTS * 3], new_spans[2 * VARIANTS * 3];
    for (size_t size = 1; size <= LONGEST; size += size < 40 ? 1 : 23) {
        /* Variant v: the base with the byte at positions[v - 1] flipped (v 0: the base). */
        unsigned char variants[VARIANTS + 1][LONGEST];
        size_t count = 0;
        for (size_t b = 0; b < size; b++) variants[0][b] = (unsigned char)rng_next(rng);
        count++;
        for (size_t p = 0; p < VARIANTS; p++) {
            if (positions[p] >= size) continue;
            memcpy(variants[count], variants[0], size);
            variants[count++][positions[p]] ^= 0x40;
        }
        /* Each variant three times in old; new: the same ids reversed, minus a few. */
        size_t n = 0, m = 0;
        for (size_t r = 0; r < 3; r++)
            for (size_t v = 0; v < count; v++) old[n++] = v;
        for (size_t k = n; k-- > 0;)
            if (k % 5 != 2) new[m++] = old[k];
        for (size_t i = 0; i < n; i++) memcpy(old_bytes + i * size, variants[old[i]], size);
        for (size_t j = 0; j < m; j++) memcpy(new_bytes + j * size, variants[new[j]], size);
        for (size_t i = 0; i < n; i++) old_spans[i] = (heckel_span){old_bytes + i * size, size};
        for (size_t j = 0; j < m; j++) new_spans[j] = (heckel_span){new_bytes + j * size, size};
        hash_hook_weaken(1);
        for (int api = 0; api < 2; api++) {
            for (unsigned threads = 1; threads <= 2; threads++) {
                test_outputs o;
                outputs_make(&o, n, m);
                heckel_options options = {.threads = threads};
                heckel_status status =
                    api == 0 ? heckel_match_records(old_bytes, n, new_bytes, m, size, &options, &o.result)
                             : heckel_match_spans(old_spans, n, new_spans, m, &options, &o.result);
                const char *error = status != HECKEL_OK ? heckel_status_description(status)
                                                        : check_result(old, n, new, m, &o.result);
                char detail[128];
                snprintf(detail, sizeof detail, "%s of %zu bytes, %zu variants, threads %u: %s",
                         api ? "spans" : "records", size, count, threads, error ? error : "");
                tally_expect(t, !error, "one key, one byte apart", detail);
                outputs_free(&o);
            }
        }
        hash_hook_weaken(0);
    }
}
#endif

/* Counts at and past HECKEL_MAX_COUNT: rejected with the outputs untouched,
 * NULL lists and outputs never read. */
static void count_edges(test_tally *t) {
    const void *fake = (const void *)(uintptr_t)64; /* never dereferenced */
    uint64_t keys[2] = {1, 2};
    heckel_span spans[2] = {{"a", 1}, {NULL, 0}};
    test_outputs o;
    outputs_make(&o, 2, 2);
    const size_t max = HECKEL_MAX_COUNT, past = HECKEL_MAX_COUNT + 1;
    EXPECT_REJECTED(t, &o, heckel_match_keys(NULL, max, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "max count, NULL old keys");
    EXPECT_REJECTED(t, &o, heckel_match_keys(keys, 2, NULL, past, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "past max count, NULL new keys");
    outputs_reset(&o);
    o.result.old_to_new = NULL;
    expect_rejected(t, heckel_match_keys(fake, past, keys, 2, NULL, NULL, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, &o, "past max count, NULL old_to_new");
    EXPECT_REJECTED(t, &o, heckel_match_keys(fake, past, NULL, 0, NULL, NULL, NULL, &o.result),
                    HECKEL_TOO_LARGE, "past max count, new empty and NULL");
    EXPECT_REJECTED(t, &o, heckel_match_keys(NULL, 0, fake, past, NULL, NULL, NULL, &o.result),
                    HECKEL_TOO_LARGE, "old empty and NULL, new past max count");
    EXPECT_REJECTED(t, &o, heckel_match_records(fake, max, fake, max, SIZE_MAX / max + 1, NULL, &o.result),
                    HECKEL_TOO_LARGE, "max counts of records whose bytes overflow");
    EXPECT_REJECTED(t, &o, heckel_match_records(NULL, 0, fake, past, 1, NULL, &o.result),
                    HECKEL_TOO_LARGE, "records: old empty and NULL, new past max count");
    EXPECT_REJECTED(t, &o, heckel_match_spans(NULL, max, spans, 2, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "spans: max count, NULL old");
    EXPECT_REJECTED(t, &o, heckel_match_keyed_spans(NULL, NULL, 0, fake, fake, past, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keyed spans: old empty and NULL, new past max count");
    size_t move_count = TEST_CANARY;
    heckel_offset pairs[2] = {1, (heckel_offset)HECKEL_MAX_COUNT};
    tally_expect(t, heckel_find_moves(pairs, 2, NULL, o.moves, &move_count) == HECKEL_INVALID_ARGUMENT &&
                        move_count == TEST_CANARY && canaries_untouched(o.moves, 3),
                 "find_moves: an old offset at HECKEL_MAX_COUNT", NULL);
    tally_expect(t, heckel_find_moves(NULL, past, NULL, o.moves, &move_count) == HECKEL_INVALID_ARGUMENT &&
                        move_count == TEST_CANARY, "find_moves: past max count, NULL pairs", NULL);
    tally_expect(t, heckel_find_moves(fake, past, NULL, NULL, &move_count) == HECKEL_TOO_LARGE &&
                        move_count == TEST_CANARY, "find_moves: past max count", NULL);
    tally_expect(t, heckel_find_moves(NULL, 0, NULL, NULL, &move_count) == HECKEL_OK && move_count == 0,
                 "find_moves: nothing, all NULL", NULL);
    outputs_free(&o);
}

/* A trimmed common suffix whose one value shared with the unmatched middle
 * is the last element of the longer of the two key lists the suffix check
 * compares (the suffix, or the middle's unmatched keys: new ones, then old
 * ones): trimming must be undone, since in-order matching pairs that new
 * element with the old middle's occurrence. Through a callback (the general
 * path at every size) and plain keys; the suffix past the trim minimum of
 * either build. */
static void suffix_shares_its_last_key(test_tally *t) {
    enum { SUFFIX = 5000, WIDE = 30000 }; /* a suffix over a sixteenth of the middle is trimmed */
    static uint64_t old[WIDE + SUFFIX + 1], new[WIDE + SUFFIX + 1];
    for (int longer_middle = 0; longer_middle < 2; longer_middle++) {
        size_t middle = longer_middle ? WIDE : 6, n = 0, m = 0;
        for (size_t k = 0; k < middle; k++) old[n++] = 1000000 + k, new[m++] = 2000000 + k;
        for (size_t k = 0; k < SUFFIX; k++) old[n + k] = new[m + k] = 3000000 + k;
        /* The shared value: the suffix's last element, and the old middle's
         * last one (the last unmatched old key). */
        old[n - 1] = new[m + SUFFIX - 1] = old[n + SUFFIX - 1] = 7;
        n += SUFFIX, m += SUFFIX;
        static const test_api apis[] = {API_KEYS_CALLBACK, API_KEYS, API_RECORDS};
        for (int a = 0; a < 3; a++) {
            test_run run = {.api = apis[a], .element_size = 8};
            expect_correct(t, "suffix shares its last key with the middle", &run, old, n, new, m,
                           longer_middle ? "unmatched keys the longer list" : "suffix the longer list");
        }
    }
}

/* Keys read only up to each list's count: the caller's arrays go on past
 * their ends with the keys a read one too far would pair (the new list ends
 * with old element 0, and the key after it is old element 1's). */
static void reads_stop_at_the_ends(test_tally *t) {
    static const size_t sizes[] = {2, 5, 100, 1000, 5000};
    static uint64_t old[5001], new[3];
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        for (size_t i = 0; i < n; i++) old[i] = i + 1;
        old[n] = 1; /* past the old list: its first key again */
        new[0] = 1u << 30, new[1] = old[0], new[2] = old[1]; /* new list: 2 keys */
        test_outputs o;
        outputs_make(&o, n, 2);
        heckel_status status = heckel_match_keys(old, n, new, 2, NULL, NULL, NULL, &o.result);
        const char *error = status != HECKEL_OK ? heckel_status_description(status)
                            : !outputs_past_ends_untouched(&o) ? "wrote past an output array"
                                                               : check_result(old, n, new, 2, &o.result);
        char detail[128];
        snprintf(detail, sizeof detail, "old %zu, new 2: %s", n, error ? error : "");
        tally_expect(t, !error, "keys read past a list's end", detail);
        outputs_free(&o);
    }
}

int main(void) {
    test_tally t = {0, 0};
    test_rng rng = {0xADE5A51A1ull};
    suffix_shares_its_last_key(&t);
    reads_stop_at_the_ends(&t);
    count_edges(&t);
    at_the_bounds(&t, &rng);
    crowded_slot(&t, &rng);
    every_key_colliding(&t, &rng);
#ifdef HECKEL_TEST_HOOKS
    one_byte_apart(&t, &rng);
#endif
    return tally_finish(&t);
}
