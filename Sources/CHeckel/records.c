/* Fixed-size records (UUIDs, integers, plain structs), packed or at a
 * stride: keys are XXH3 of their bytes under the call's seed, 16-byte ones
 * the folded product of their words (hash_words.h), equality is memcmp. */
#include <string.h>

#include "hash_words.h"
#include "input_forms.h"
#include "xxh3.h"

static bool records_equal(void *context, size_t i, size_t j) {
    const heckel_bytes *bytes = context;
    return memcmp(bytes->old_records + i * bytes->stride, bytes->new_records + j * bytes->stride,
                  bytes->size) == 0;
}

/* Pairs are checked in new order, so new records stream; old records are
 * fetched ahead since moved pairs jump. Sizes 8 and 16 (integers, UUIDs) get
 * loops the compiler specializes. */
#define RECORD_PREFETCH 8

static inline size_t records_first_unequal_sized(const heckel_bytes *bytes, size_t size,
                                                 const uint32_t *match, size_t prefix,
                                                 size_t first, size_t end) {
    const size_t stride = bytes->stride;
    const unsigned char *old = bytes->old_records + prefix * stride;
    const unsigned char *new = bytes->new_records + prefix * stride;
    for (size_t j = first; j < end; j++) {
        if (j + RECORD_PREFETCH < end && match[j + RECORD_PREFETCH] != HECKEL_UNMATCHED)
            __builtin_prefetch(old + (size_t)match[j + RECORD_PREFETCH] * stride);
        if (match[j] != HECKEL_UNMATCHED && memcmp(old + (size_t)match[j] * stride, new + j * stride, size) != 0)
            return j;
    }
    return end;
}

size_t heckel_records_first_unequal(const heckel_input *in, const uint32_t *match, size_t prefix,
                                    size_t first, size_t end) {
    const heckel_bytes *bytes = in->context;
    switch (bytes->size) {
    case 8: return records_first_unequal_sized(bytes, 8, match, prefix, first, end);
    case 16: return records_first_unequal_sized(bytes, 16, match, prefix, first, end);
    default: return records_first_unequal_sized(bytes, bytes->size, match, prefix, first, end);
    }
}


static inline void hash_records_sized(const unsigned char *base, size_t size, size_t stride,
                                      size_t count, uint64_t seed, uint64_t *keys) {
    for (size_t k = 0; k < count; k++) keys[k] = heckel_xxh3_64(base + k * stride, size, seed);
}

/* 16-byte records: one multiply each (hash_words.h) where XXH3 takes two
 * and a chain of shifts. */
static inline void hash_records16(const unsigned char *base, size_t stride, size_t count, uint64_t seed,
                                  uint64_t *keys) {
    const heckel_word_pair_secret secret = heckel_word_pair_secret_make(seed);
    for (size_t k = 0; k < count; k++) keys[k] = heckel_word_pair_key(base + k * stride, secret);
}

static void hash_records(const heckel_input *in, bool new_side, size_t first, size_t count,
                         uint64_t *keys) {
    const heckel_seeded_bytes *input = in->context;
    const heckel_bytes *bytes = &input->bytes;
    const unsigned char *base =
        (new_side ? bytes->new_records : bytes->old_records) + first * bytes->stride;
    switch (bytes->size) {
    case 8: hash_records_sized(base, 8, bytes->stride, count, input->seed, keys); break;
    case 16: hash_records16(base, bytes->stride, count, input->seed, keys); break;
    default: hash_records_sized(base, bytes->size, bytes->stride, count, input->seed, keys); break;
    }
    HECKEL_TEST_KEYS(keys, count);
}

heckel_status heckel_match_records(const void *old_records, size_t old_count,
                                   const void *new_records, size_t new_count,
                                   size_t element_size,
                                   const heckel_options *options, heckel_result *result) {
    return heckel_match_records_at_stride(old_records, old_count, new_records, new_count, element_size,
                                          element_size, options, result);
}

heckel_status heckel_match_records_at_stride(const void *old_records, size_t old_count,
                                             const void *new_records, size_t new_count,
                                             size_t element_size, size_t stride,
                                             const heckel_options *options, heckel_result *result) {
    return heckel_match_records_with_secret(old_records, old_count, new_records, new_count, element_size, stride, 0,
                                            options, result);
}

heckel_status heckel_match_records_with_secret(const void *old_records, size_t old_count, const void *new_records,
                                               size_t new_count, size_t element_size, size_t stride, uint64_t secret,
                                               const heckel_options *options, heckel_result *result) {
    heckel_status status = heckel_check_lists(old_records, old_count, new_records, new_count, result);
    if (status != HECKEL_OK) return status;
    if (element_size == 0 || stride < element_size) return HECKEL_INVALID_ARGUMENT;
    if (old_count > SIZE_MAX / stride || new_count > SIZE_MAX / stride) return HECKEL_TOO_LARGE;
    heckel_env env = heckel_env_make(options);
    heckel_seeded_bytes input = {.bytes = {.old_records = old_records, .new_records = new_records, .size = element_size,
                                    .stride = stride},
                          .seed = heckel_secret_seed(secret, old_count + new_count)};
    heckel_input in = {.kind = HECKEL_INPUT_HASHED, .old_count = old_count, .new_count = new_count,
                       .equal = records_equal, .context = &input, .bytes = &input.bytes, .hash_range = hash_records,
                       .first_unequal = heckel_records_first_unequal};
    return heckel_run(&env, &in, result);
}
