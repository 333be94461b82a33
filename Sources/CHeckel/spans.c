/* Byte strings given as spans (pointer, length): hashed here with XXH3 under
 * the call's seed (heckel_match_spans) or keyed by the caller
 * (heckel_match_keyed_spans); equality by their bytes. */
#include "element_bytes.h"
#include "input_forms.h"
#include "xxh3.h"

static bool spans_equal(void *context, size_t i, size_t j) {
    const heckel_bytes *bytes = context;
    const heckel_span *a = &bytes->old_spans[i], *b = &bytes->new_spans[j];
    return a->length == b->length && heckel_same_bytes(a->bytes, b->bytes, a->length);
}
static size_t spans_first_unequal(const heckel_input *in, const uint32_t *match, size_t prefix,
                                  size_t first, size_t end) {
    return heckel_first_unequal_with(spans_equal, in->context, match, prefix, first, end);
}

static void hash_spans(const heckel_input *in, bool new_side, size_t first, size_t count,
                       uint64_t *keys) {
    const heckel_seeded_bytes *input = in->context;
    const heckel_span *spans = (new_side ? input->bytes.new_spans : input->bytes.old_spans) + first;
    for (size_t k = 0; k < count; k++)
        keys[k] = heckel_xxh3_64(spans[k].length ? spans[k].bytes : "", spans[k].length, input->seed);
    HECKEL_TEST_KEYS(keys, count);
}
/* Whether every span has bytes or length 0. */
static bool spans_valid(const heckel_span *spans, size_t count) {
    for (size_t k = 0; k < count; k++)
        if (!spans[k].bytes && spans[k].length) return false;
    return true;
}

heckel_status heckel_match_spans(const heckel_span *old_spans, size_t old_count,
                                 const heckel_span *new_spans, size_t new_count,
                                 const heckel_options *options, heckel_result *result) {
    heckel_status status = heckel_check_lists(old_spans, old_count, new_spans, new_count, result);
    if (status != HECKEL_OK) return status;
    if (!spans_valid(old_spans, old_count) || !spans_valid(new_spans, new_count))
        return HECKEL_INVALID_ARGUMENT;
    heckel_env env = heckel_env_make(options);
    heckel_seeded_bytes input = {.bytes = {.old_spans = old_spans, .new_spans = new_spans},
                          .seed = heckel_random_seed(old_count + new_count)};
    heckel_input in = {.kind = HECKEL_INPUT_HASHED, .old_count = old_count, .new_count = new_count,
                       .equal = spans_equal, .context = &input, .bytes = &input.bytes, .hash_range = hash_spans,
                       .first_unequal = spans_first_unequal};
    return heckel_run(&env, &in, result);
}

/* Keys given by the caller (hashed once, while the bytes were at hand), and
 * equality by the spans' bytes: a keys input whose equality is ours, so it
 * may run on every thread. */
heckel_status heckel_match_keyed_spans(const heckel_span *old_spans, const uint64_t *old_keys,
                                       size_t old_count, const heckel_span *new_spans,
                                       const uint64_t *new_keys, size_t new_count,
                                       const heckel_options *options, heckel_result *result) {
    heckel_status status = heckel_check_lists(old_spans, old_count, new_spans, new_count, result);
    if (status != HECKEL_OK) return status;
    if ((old_count && !old_keys) || (new_count && !new_keys) ||
        !spans_valid(old_spans, old_count) || !spans_valid(new_spans, new_count))
        return HECKEL_INVALID_ARGUMENT;
    heckel_env env = heckel_env_make(options);
    heckel_bytes bytes = {.old_spans = old_spans, .new_spans = new_spans};
    heckel_input in = {.kind = HECKEL_INPUT_KEYS, .old_count = old_count, .new_count = new_count,
                       .old_keys = old_keys, .new_keys = new_keys,
                       .equal = spans_equal, .context = &bytes, .bytes = &bytes,
                       .first_unequal = spans_first_unequal};
    return heckel_run(&env, &in, result);
}
