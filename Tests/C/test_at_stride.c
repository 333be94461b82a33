/* The entry points that read elements where they lie, stride bytes apart
 * (the bytes between them junk), against their packed forms on the same
 * elements: byte-for-byte the same outputs.
 * - heckel_match_records_at_stride and heckel_match_records_with_secret
 *   against heckel_match_records: record
 *   sizes 8, 16 and 5, strides from packed to odd, lists with many
 *   duplicates, sizes on both sides of the direct path's bound and of its
 *   stack arrays; in the small test build also with the records' keys
 *   weakened to collide (the bytes must decide).
 * - heckel_match_keys_at_stride against heckel_match_keys with no equality:
 *   the same shapes, unaligned keys, and keys crafted to crowd the direct
 *   path's table slots (it gives up; the general path answers).
 * Then bad arguments (outputs untouched), and allocation failures and
 * cancels at each poll on strided inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heckel_swift_strings.h"
#include "test_support.h"

/* Record bytes for value v: its 8 bytes, then bytes derived from it. */
static void encode(unsigned char *out, uint64_t v, size_t size) {
    for (size_t b = 0; b < size; b++)
        out[b] = b < 8 ? (unsigned char)(v >> (8 * b)) : (unsigned char)(v * 31 + b);
}

/* The bytes count records of size bytes at stride take: the last one ends
 * the block, so that ASan sees a read past it (1 for no record). */
static size_t strided_length(size_t count, size_t size, size_t stride) {
    return count ? (count - 1) * stride + size : 1;
}

/* count records of size bytes at stride, junk in between (different on
 * each list and element, so only the record's own bytes can decide), and
 * the same records packed. strided holds strided_length bytes. */
static void lay_out(const uint64_t *values, size_t count, size_t size, size_t stride, test_rng *rng,
                    unsigned char *strided, unsigned char *packed) {
    for (size_t k = 0; k < count; k++) {
        for (size_t b = 0; b < (k + 1 < count ? stride : size); b++)
            strided[k * stride + b] = (unsigned char)rng_next(rng);
        encode(strided + k * stride, values[k], size);
        encode(packed + k * size, values[k], size);
    }
}

typedef struct strided_call {
    const unsigned char *old_records, *new_records;
    size_t old_count, new_count, size, stride; /* size 0: keys at a stride */
    test_outputs *out;
} strided_call;

/* A test_call: the strided call on fresh outputs; a failing call must
 * leave its counters untouched, and its arrays too unless it was cancelled
 * (a cancel during the last pass, the outputs' writing, may leave the
 * arrays partly written: heckel.h, Errors). */
static heckel_status call_strided(void *context, const heckel_options *options, const char **error) {
    strided_call *c = context;
    outputs_reset(c->out);
    heckel_status status =
        c->size ? heckel_match_records_at_stride(c->old_records, c->old_count, c->new_records, c->new_count,
                                                 c->size, c->stride, options, &c->out->result)
                : heckel_match_keys_at_stride(c->old_records, c->old_count, c->new_records, c->new_count,
                                              c->stride, options, &c->out->result);
    bool arrays = status == HECKEL_CANCELLED || outputs_arrays_untouched(c->out);
    *error = status != HECKEL_OK && !(arrays && outputs_counters_untouched(c->out)) ? "a failing call wrote its outputs"
                                                                                    : NULL;
    return status;
}

/* One pair of lists: strided and packed calls agree, with and without the
 * move pass, and the packed result is checked against the values. */
static void compare(test_tally *tally, uint64_t *old_values, size_t old_count, uint64_t *new_values,
                    size_t new_count, size_t size, size_t stride, test_rng *rng, const char *what) {
    char label[160];
    snprintf(label, sizeof label, "%s, size %zu, stride %zu, %zu -> %zu", what, size, stride, old_count,
             new_count);
    unsigned char *old_strided = malloc(strided_length(old_count, size, stride));
    unsigned char *new_strided = malloc(strided_length(new_count, size, stride));
    unsigned char *old_packed = malloc(old_count * size + 1), *new_packed = malloc(new_count * size + 1);
    if (!old_strided || !new_strided || !old_packed || !new_packed) abort();
    lay_out(old_values, old_count, size, stride, rng, old_strided, old_packed);
    lay_out(new_values, new_count, size, stride, rng, new_strided, new_packed);
    for (int ordered = 0; ordered < 2; ordered++) {
        heckel_options options = {.threads = 1, .ignore_order = !ordered};
        test_outputs strided, packed;
        outputs_make(&strided, old_count, new_count);
        outputs_make(&packed, old_count, new_count);
        heckel_status a = heckel_match_records_at_stride(old_strided, old_count, new_strided, new_count, size,
                                                         stride, &options, &strided.result);
        heckel_status b = heckel_match_records(old_packed, old_count, new_packed, new_count, size, &options,
                                               &packed.result);
        tally_expect(tally, a == HECKEL_OK && b == HECKEL_OK, label, "a call failed");
        tally_expect(tally, outputs_same(&strided, &packed, ordered), label,
                     ordered ? "strided and packed outputs differ" : "strided and packed outputs differ (unordered)");
        /* The Swift package's form: the keys' seed from a secret. */
        test_outputs secret;
        outputs_make(&secret, old_count, new_count);
        heckel_status c = heckel_match_records_with_secret(old_strided, old_count, new_strided, new_count, size, stride,
                                                           rng_next(rng) | 1, &options, &secret.result);
        tally_expect(tally, c == HECKEL_OK && outputs_same(&secret, &packed, ordered), label,
                     "heckel_match_records_with_secret differs from heckel_match_records");
        outputs_free(&secret);
        if (ordered && size >= 8) {
            const char *error = check_result(old_values, old_count, new_values, new_count, &packed.result);
            tally_expect(tally, error == NULL, label, error);
        }
        outputs_free(&strided);
        outputs_free(&packed);
    }
    free(old_strided);
    free(new_strided);
    free(old_packed);
    free(new_packed);
}

/* The same for keys: heckel_match_keys_at_stride on keys at stride (junk
 * between them; unaligned when stride is not a multiple of 8) against
 * heckel_match_keys on them packed, with no equality. */
static void compare_keys(test_tally *tally, uint64_t *old_values, size_t old_count, uint64_t *new_values,
                         size_t new_count, size_t stride, test_rng *rng, const char *what) {
    char label[160];
    snprintf(label, sizeof label, "keys: %s, stride %zu, %zu -> %zu", what, stride, old_count, new_count);
    unsigned char *old_strided = malloc(strided_length(old_count, 8, stride));
    unsigned char *new_strided = malloc(strided_length(new_count, 8, stride));
    unsigned char *old_packed = malloc(old_count * 8 + 1), *new_packed = malloc(new_count * 8 + 1);
    if (!old_strided || !new_strided || !old_packed || !new_packed) abort();
    lay_out(old_values, old_count, 8, stride, rng, old_strided, old_packed);
    lay_out(new_values, new_count, 8, stride, rng, new_strided, new_packed);
    for (int ordered = 0; ordered < 2; ordered++) {
        heckel_options options = {.threads = ordered ? 1 : 2, .ignore_order = !ordered};
        test_outputs strided, packed;
        outputs_make(&strided, old_count, new_count);
        outputs_make(&packed, old_count, new_count);
        heckel_status a = heckel_match_keys_at_stride(old_strided, old_count, new_strided, new_count, stride,
                                                      &options, &strided.result);
        heckel_status b = heckel_match_keys((const uint64_t *)old_packed, old_count, (const uint64_t *)new_packed,
                                            new_count, NULL, NULL, &options, &packed.result);
        tally_expect(tally, a == HECKEL_OK && b == HECKEL_OK, label, "a call failed");
        tally_expect(tally, outputs_same(&strided, &packed, ordered), label,
                     ordered ? "strided and packed outputs differ" : "strided and packed outputs differ (unordered)");
        if (ordered) {
            const char *error = check_result(old_values, old_count, new_values, new_count, &strided.result);
            tally_expect(tally, error == NULL, label, error);
        }
        outputs_free(&strided);
        outputs_free(&packed);
    }
    free(old_strided);
    free(new_strided);
    free(old_packed);
    free(new_packed);
}

/* The direct path's slot of a key is its product with this multiplier's
 * top bits (small_run.c); a key whose product is (group << 60) + member
 * shares its home slot with its group's other members in any table. */
static uint64_t slot_sharer(uint64_t group, uint64_t member) {
    uint64_t m = 0x9E3779B97F4A7C15ull, inverse = m; /* Newton: inverse of m mod 2^64 */
    for (int k = 0; k < 6; k++) inverse *= 2 - m * inverse;
    return ((group << 60) + member) * inverse;
}

/* Old: count values below range (duplicates when range is small); new: a
 * fifth dropped, a fifth fresh, some shuffled. Values stay below 2^40 so
 * that 5-byte records encode them whole. */
static size_t make_lists(test_rng *rng, size_t count, uint64_t range, uint64_t *old_values, uint64_t *new_values) {
    size_t n = 0;
    for (size_t i = 0; i < count; i++) old_values[i] = rng_below(rng, range);
    for (size_t i = 0; i < count; i++) {
        if (rng_below(rng, 5) == 0) continue;
        new_values[n++] = old_values[i];
        if (rng_below(rng, 4) == 0) new_values[n++] = rng_below(rng, range + range / 4 + 1);
    }
    for (size_t k = 0; n > 1 && k < n / 20 + 1; k++) {
        size_t a = rng_below(rng, n), b = rng_below(rng, n);
        uint64_t t = new_values[a];
        new_values[a] = new_values[b];
        new_values[b] = t;
    }
    return n;
}

/* Old: count distinct records of size bytes at stride; new: the same, but
 * record `at` differs in its last byte only. Every other record is kept in
 * place, that one is unmatched on both sides, no move (the records' own
 * bytes give the answer). */
static void expect_last_byte_edit(test_tally *tally, size_t count, size_t size, size_t stride, size_t at,
                                  test_rng *rng) {
    size_t length = strided_length(count, size, stride);
    unsigned char *old_records = malloc(length), *new_records = malloc(length);
    if (!old_records || !new_records) abort();
    for (size_t b = 0; b < length; b++) old_records[b] = new_records[b] = (unsigned char)rng_next(rng);
    for (size_t k = 0; k < count; k++) {
        encode(old_records + k * stride, 1000 + k, size);
        encode(new_records + k * stride, 1000 + k, size);
    }
    new_records[at * stride + size - 1] ^= 0x40;
    test_outputs out;
    outputs_make(&out, count, count);
    heckel_status status = heckel_match_records_at_stride(old_records, count, new_records, count, size, stride, NULL,
                                                          &out.result);
    bool ok = status == HECKEL_OK && out.result.match_count == count - 1 && out.result.move_count == 0;
    for (size_t k = 0; ok && k < count; k++)
        ok = out.o2n[k] == (k == at ? HECKEL_UNMATCHED : (uint32_t)k) &&
             out.n2o[k] == (k == at ? HECKEL_UNMATCHED : (uint32_t)k);
    char detail[96];
    snprintf(detail, sizeof detail, "size %zu, stride %zu, count %zu, at %zu", size, stride, count, at);
    tally_expect(tally, ok, "record edited in its last byte: unmatched, the rest in place", detail);
    outputs_free(&out);
    free(old_records);
    free(new_records);
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {0x5EED57D1};
    static const size_t sizes[] = {0, 1, 2, 7, 100, 300, 600, 1500, 5000};
    static const size_t record_sizes[] = {8, 16, 5};
    size_t most = 70000;
    uint64_t *old_values = malloc(most * sizeof *old_values), *new_values = malloc(2 * most * sizeof *new_values);
    if (!old_values || !new_values) abort();
    for (size_t r = 0; r < sizeof record_sizes / sizeof *record_sizes; r++) {
        size_t size = record_sizes[r];
        size_t strides[] = {size, size + 8, size + 13};
        for (size_t s = 0; s < 3; s++)
            for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
                uint64_t ranges[] = {sizes[c] * 4 + 1, sizes[c] / 3 + 1};
                for (size_t g = 0; g < 2; g++) {
                    size_t n = make_lists(&rng, sizes[c], ranges[g], old_values, new_values);
                    compare(&tally, old_values, sizes[c], new_values, n, size, strides[s], &rng,
                            g ? "duplicates" : "mostly distinct");
                }
            }
    }
    for (size_t s = 0; s < 3; s++) {
        size_t stride = (size_t[]){8, 24, 13}[s];
        for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
            uint64_t ranges[] = {sizes[c] * 4 + 1, sizes[c] / 3 + 1};
            for (size_t g = 0; g < 2; g++) {
                size_t n = make_lists(&rng, sizes[c], ranges[g], old_values, new_values);
                compare_keys(&tally, old_values, sizes[c], new_values, n, stride, &rng,
                             g ? "duplicates" : "mostly distinct");
            }
            /* Crowding: two groups of keys, each sharing one home slot (the
             * direct path runs out of probes and hands over); new holds
             * old's keys drawn at random (duplicates). */
            for (size_t i = 0; i < sizes[c]; i++) old_values[i] = slot_sharer(i % 2, i / 2);
            for (size_t j = 0; j < sizes[c]; j++) new_values[j] = old_values[rng_below(&rng, sizes[c])];
            compare_keys(&tally, old_values, sizes[c], new_values, sizes[c], stride, &rng, "crowding one slot");
            /* Long common prefix and suffix (trimmed by equality): three
             * elements in the middle replaced, one repeated near the end. */
            for (size_t i = 0; i < sizes[c]; i++) new_values[i] = old_values[i] = 1000 + i;
            for (size_t i = sizes[c] / 2; i < sizes[c] / 2 + 3 && i < sizes[c]; i++) new_values[i] = 7;
            if (sizes[c] > 4) old_values[sizes[c] - 2] = old_values[1];
            compare_keys(&tally, old_values, sizes[c], new_values, sizes[c], stride, &rng, "edited in the middle");
        }
    }
    /* Keys p <= q of 13 replaced: the trim's four-key steps stop at each
     * position of a step, forward (prefix, at p) and backward (suffix, at q). */
    for (size_t s = 0; s < 3; s++)
        for (size_t p = 0; p < 13; p++)
            for (size_t q = p; q < 13; q++) {
                for (size_t i = 0; i < 13; i++) new_values[i] = old_values[i] = 1000 + i;
                new_values[p] = 7;
                new_values[q] = 8;
                compare_keys(&tally, old_values, 13, new_values, 13, (size_t[]){8, 24, 13}[s], &rng,
                             "two replaced");
            }
    /* Records of 8 and 16 bytes are trimmed as words in place (trim_keys.c):
     * a record changed in its last byte only, at each position p of 13 and
     * of 70,000 (prefix and suffix steps, both paths), is unmatched, and
     * every other record is kept where it is. */
    for (size_t r = 0; r < 2; r++)
        for (size_t s = 0; s < 2; s++)
            for (size_t t = 0; t < 2; t++) {
                size_t size = r ? 16 : 8, stride = s ? size + 8 : size, count = t ? most : 13;
                size_t places = t ? 4 : 13;
                for (size_t p = 0; p < places; p++) {
                    size_t at = t ? (size_t[]){0, 1, most / 2, most - 1}[p] : p;
                    expect_last_byte_edit(&tally, count, size, stride, at, &rng);
                }
            }
    /* Past the direct path's bound in the production build (65,534). */
    size_t n = make_lists(&rng, most, most * 4, old_values, new_values);
    compare(&tally, old_values, most, new_values, n, 16, 24, &rng, "long");
    n = make_lists(&rng, most, most * 4, old_values, new_values);
    compare_keys(&tally, old_values, most, new_values, n, 13, &rng, "long");
    for (size_t i = 0; i < most; i++) new_values[i] = old_values[i] = 1000 + i;
    new_values[most / 3] = 5;
    compare_keys(&tally, old_values, most, new_values, most, 24, &rng, "long, one replaced");
#ifdef HECKEL_TEST_HOOKS
    /* Keys weakened to 7 values: only the bytes at each record tell them apart. */
    hash_hook_weaken(7);
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        size_t m = make_lists(&rng, sizes[c], sizes[c] / 2 + 1, old_values, new_values);
        compare(&tally, old_values, sizes[c], new_values, m, 16, 24, &rng, "colliding keys");
        m = make_lists(&rng, sizes[c], sizes[c] / 2 + 1, old_values, new_values);
        compare(&tally, old_values, sizes[c], new_values, m, 8, 21, &rng, "colliding keys");
    }
    hash_hook_weaken(0);
#endif

    /* Bad arguments: a status, outputs untouched. */
    unsigned char records[64] = {0};
    test_outputs o;
    outputs_make(&o, 2, 2);
    EXPECT_REJECTED(&tally, &o, heckel_match_records_at_stride(records, 2, records, 2, 16, 15, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "stride below the record size");
    EXPECT_REJECTED(&tally, &o, heckel_match_records_with_secret(records, 2, records, 2, 16, 15, 7, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "stride below the record size, with a secret");
    EXPECT_REJECTED(&tally, &o, heckel_match_records_at_stride(records, 2, records, 2, 0, 8, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "record size 0");
    EXPECT_REJECTED(&tally, &o, heckel_match_records_at_stride(NULL, 2, records, 2, 8, 16, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "old records NULL");
    EXPECT_REJECTED(&tally, &o, heckel_match_records_at_stride(records, 2, records, 2, 8, SIZE_MAX / 2 + 1, NULL,
                                                               &o.result),
                    HECKEL_TOO_LARGE, "count times stride past SIZE_MAX");
    EXPECT_REJECTED(&tally, &o, heckel_match_keys_at_stride(records, 2, records, 2, 7, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "keys: stride below 8");
    EXPECT_REJECTED(&tally, &o, heckel_match_keys_at_stride(records, 2, NULL, 1, 8, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, "keys: new keys NULL");
    EXPECT_REJECTED(&tally, &o, heckel_match_keys_at_stride(records, 3, records, 2, SIZE_MAX / 2, NULL, &o.result),
                    HECKEL_TOO_LARGE, "keys: count times stride past SIZE_MAX");
    outputs_free(&o);

    /* Allocation failures and cancels at each poll, on a strided input. */
    size_t m = make_lists(&rng, 3000, 1000, old_values, new_values);
    unsigned char *old_strided = malloc(3000 * 24), *new_strided = malloc(m * 24);
    unsigned char *scratch = malloc(m * 16 + 3000 * 16);
    if (!old_strided || !new_strided || !scratch) abort();
    lay_out(old_values, 3000, 16, 24, &rng, old_strided, scratch);
    lay_out(new_values, m, 16, 24, &rng, new_strided, scratch);
    test_outputs faults;
    outputs_make(&faults, 3000, m);
    strided_call call = {old_strided, new_strided, 3000, m, 16, 24, &faults};
    heckel_options options = {.threads = 1};
    expect_allocation_failures(&tally, call_strided, &call, options, "strided records", "3000 -> duplicates");
    expect_cancel_at_each_poll(&tally, call_strided, &call, options, "strided records", "3000 -> duplicates");
    call.size = 0; /* the same bytes as keys at stride 24 */
    expect_allocation_failures(&tally, call_strided, &call, options, "strided keys", "3000 -> duplicates");
    expect_cancel_at_each_poll(&tally, call_strided, &call, options, "strided keys", "3000 -> duplicates");
    outputs_free(&faults);
    free(old_strided);
    free(new_strided);
    free(scratch);
    free(old_values);
    free(new_values);
    return tally_finish(&tally);
}
