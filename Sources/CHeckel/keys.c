/* Keys the caller computed (heckel_match_keys), and 64-bit keys read where
 * they lie at a stride (heckel_match_keys_at_stride). */
#include "element_bytes.h"
#include "input_forms.h"

static size_t keys_first_unequal(const heckel_input *in, const uint32_t *match, size_t prefix,
                                 size_t first, size_t end) {
    return heckel_first_unequal_with(in->equal, in->context, match, prefix, first, end);
}

heckel_status heckel_match_keys(const uint64_t *old_keys, size_t old_count,
                                const uint64_t *new_keys, size_t new_count,
                                heckel_equal_fn equal, void *equal_context,
                                const heckel_options *options, heckel_result *result) {
    heckel_status status = heckel_check_lists(old_keys, old_count, new_keys, new_count, result);
    if (status != HECKEL_OK) return status;
    heckel_env env = heckel_env_make(options);
    heckel_input in = {.kind = HECKEL_INPUT_KEYS, .old_count = old_count, .new_count = new_count,
                       .old_keys = old_keys, .new_keys = new_keys,
                       .equal = equal, .context = equal_context, .equal_is_callers = true,
                       .first_unequal = keys_first_unequal};
    return heckel_run(&env, &in, result);
}

/* 64-bit keys at a stride: 8-byte records whose keys are their own bytes,
 * loaded where they lie (keys_exact: the direct path compares keys alone,
 * and no pair is checked after matching). The table's slots come from the keys, as from the caller's in
 * heckel_match_keys: the direct path bounds its probes, and the general
 * path mixes keys under the call's seed, so crafted ids cost no more than
 * crafted keys do. They are trimmed in place, as plain keys are
 * (heckel_trim_keys); equal, comparing two keys, ends the trim. */
static void load_keys_at_stride(const heckel_input *in, bool new_side, size_t first, size_t count,
                                uint64_t *keys) {
    const heckel_bytes *bytes = in->context;
    const size_t stride = bytes->stride; /* read once: keys may alias bytes for all the compiler knows */
    const unsigned char *at = (new_side ? bytes->new_records : bytes->old_records) + first * stride;
    for (size_t k = 0; k < count; k++, at += stride) keys[k] = heckel_load64(at);
}

static bool keys_at_stride_equal(void *context, size_t i, size_t j) {
    const heckel_bytes *bytes = context;
    return heckel_load64(bytes->old_records + i * bytes->stride) ==
           heckel_load64(bytes->new_records + j * bytes->stride);
}

heckel_status heckel_match_keys_at_stride(const void *old_keys, size_t old_count,
                                          const void *new_keys, size_t new_count, size_t stride,
                                          const heckel_options *options, heckel_result *result) {
    heckel_status status = heckel_check_lists(old_keys, old_count, new_keys, new_count, result);
    if (status != HECKEL_OK) return status;
    if (stride < sizeof(uint64_t)) return HECKEL_INVALID_ARGUMENT;
    if (old_count > SIZE_MAX / stride || new_count > SIZE_MAX / stride) return HECKEL_TOO_LARGE;
    heckel_env env = heckel_env_make(options);
    heckel_bytes bytes = {.old_records = old_keys, .new_records = new_keys, .size = sizeof(uint64_t), .stride = stride};
    heckel_input in = {.kind = HECKEL_INPUT_HASHED, .old_count = old_count, .new_count = new_count,
                       .equal = keys_at_stride_equal, .context = &bytes, .bytes = &bytes,
                       .hash_range = load_keys_at_stride, .first_unequal = heckel_records_first_unequal,
                       .keys_exact = true};
    return heckel_run(&env, &in, result);
}

