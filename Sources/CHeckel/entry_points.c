/* The public entry points: argument checks, and each input form's equality
 * and hashing, all feeding heckel_run. */
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "internal.h"

uint64_t heckel_hash_bytes(const void *bytes, size_t length) {
    return XXH3_64bits(bytes, length);
}

static heckel_status check(const void *old_list, size_t old_count, const void *new_list,
                           size_t new_count, const heckel_result *result) {
    if (!result || (old_count && (!old_list || !result->old_to_new)) ||
        (new_count && (!new_list || !result->new_to_old)))
        return HECKEL_INVALID_ARGUMENT;
    if (old_count > HECKEL_MAX_COUNT || new_count > HECKEL_MAX_COUNT) return HECKEL_TOO_LARGE;
    return HECKEL_OK;
}

/* ---- keys ---- */

typedef struct keys_input {
    const uint64_t *old_keys, *new_keys;
    heckel_equal_fn equal;
    void *context;
} keys_input;

static bool keys_equal(const void *context, size_t i, size_t j) {
    const keys_input *in = context;
    return in->old_keys[i] == in->new_keys[j] && (!in->equal || in->equal(in->context, i, j));
}

static bool keys_callback_equal(const void *context, size_t i, size_t j) {
    const keys_input *in = context;
    return in->equal(in->context, i, j);
}

heckel_status heckel_match_keys(const uint64_t *old_keys, size_t old_count,
                                const uint64_t *new_keys, size_t new_count,
                                heckel_equal_fn equal, void *equal_context,
                                const heckel_options *options, heckel_result *result) {
    heckel_status status = check(old_keys, old_count, new_keys, new_count, result);
    if (status != HECKEL_OK) return status;
    heckel_env env = heckel_env_make(options);
    keys_input in = {old_keys, new_keys, equal, equal_context};
    return heckel_run(&env, old_count, new_count, keys_equal, equal ? keys_callback_equal : NULL,
                      &in, old_keys, new_keys, NULL, result);
}

/* ---- records and spans: keys hashed here, equality by memcmp ---- */

typedef struct bytes_input {
    const unsigned char *old_records, *new_records; /* records */
    size_t size;
    const heckel_span *old_spans, *new_spans;       /* spans */
} bytes_input;

static bool records_equal(const void *context, size_t i, size_t j) {
    const bytes_input *in = context;
    return memcmp(in->old_records + i * in->size, in->new_records + j * in->size, in->size) == 0;
}

static bool spans_equal(const void *context, size_t i, size_t j) {
    const bytes_input *in = context;
    const heckel_span *a = &in->old_spans[i], *b = &in->new_spans[j];
    return a->length == b->length && (a->length == 0 || memcmp(a->bytes, b->bytes, a->length) == 0);
}

static uint64_t bytes_key(const bytes_input *in, bool old_side, size_t offset) {
    if (in->old_spans) {
        const heckel_span *span = old_side ? &in->old_spans[offset] : &in->new_spans[offset];
        return XXH3_64bits(span->bytes, span->length);
    }
    const unsigned char *base = old_side ? in->old_records : in->new_records;
    return XXH3_64bits(base + offset * in->size, in->size);
}

static heckel_status hash_bytes_middle(const heckel_env *env, const void *context,
                                       heckel_middle *m, uint64_t **storage) {
    const bytes_input *in = context;
    uint64_t *keys = heckel_alloc(env, m->old_count + m->new_count, sizeof *keys);
    if (!keys) return HECKEL_OUT_OF_MEMORY;
    for (size_t k = 0; k < m->old_count + m->new_count; k++) {
        if ((k & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) {
            heckel_free(env, keys);
            return HECKEL_CANCELLED;
        }
        bool old_side = k < m->old_count;
        keys[k] = bytes_key(in, old_side, m->prefix + (old_side ? k : k - m->old_count));
    }
    m->old_keys = keys;
    m->new_keys = keys + m->old_count;
    *storage = keys;
    return HECKEL_OK;
}

heckel_status heckel_match_records(const void *old_records, size_t old_count,
                                   const void *new_records, size_t new_count,
                                   size_t element_size,
                                   const heckel_options *options, heckel_result *result) {
    heckel_status status = check(old_records, old_count, new_records, new_count, result);
    if (status != HECKEL_OK) return status;
    if (element_size == 0) return HECKEL_INVALID_ARGUMENT;
    if (old_count > SIZE_MAX / element_size || new_count > SIZE_MAX / element_size) return HECKEL_TOO_LARGE;
    heckel_env env = heckel_env_make(options);
    bytes_input in = {old_records, new_records, element_size, NULL, NULL};
    return heckel_run(&env, old_count, new_count, records_equal, records_equal, &in, NULL, NULL,
                      hash_bytes_middle, result);
}

heckel_status heckel_match_spans(const heckel_span *old_spans, size_t old_count,
                                 const heckel_span *new_spans, size_t new_count,
                                 const heckel_options *options, heckel_result *result) {
    heckel_status status = check(old_spans, old_count, new_spans, new_count, result);
    if (status != HECKEL_OK) return status;
    for (size_t i = 0; i < old_count; i++)
        if (!old_spans[i].bytes && old_spans[i].length) return HECKEL_INVALID_ARGUMENT;
    for (size_t j = 0; j < new_count; j++)
        if (!new_spans[j].bytes && new_spans[j].length) return HECKEL_INVALID_ARGUMENT;
    heckel_env env = heckel_env_make(options);
    bytes_input in = {NULL, NULL, 0, old_spans, new_spans};
    return heckel_run(&env, old_count, new_count, spans_equal, spans_equal, &in, NULL, NULL,
                      hash_bytes_middle, result);
}
