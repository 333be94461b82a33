/*
 * The shared body of every entry point: trim the common prefix and suffix,
 * key and match the middle, find the moves, then write the caller's outputs.
 * Outputs are written only in the last step, after every allocation and
 * cancellation point, so a failing call leaves them untouched.
 */
#include "internal.h"

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

static void write_result(const heckel_middle *m, size_t old_count, size_t new_count,
                         const uint32_t *match, const uint32_t *keep, heckel_result *r) {
    size_t p = m->prefix, s_old = p + m->old_count, s_new = p + m->new_count;
    size_t matches = p + (old_count - s_old), moves = 0;
    for (size_t i = 0; i < p; i++) r->old_to_new[i] = r->new_to_old[i] = (heckel_offset)i;
    for (size_t i = s_old; i < old_count; i++) r->old_to_new[i] = (heckel_offset)(i - s_old + s_new);
    for (size_t j = s_new; j < new_count; j++) r->new_to_old[j] = (heckel_offset)(j - s_new + s_old);
    for (size_t i = p; i < s_old; i++) r->old_to_new[i] = HECKEL_UNMATCHED;
    for (size_t j = 0; j < m->new_count; j++) {
        uint32_t i = match[j];
        if (i == HECKEL_NONE) {
            r->new_to_old[p + j] = HECKEL_UNMATCHED;
            continue;
        }
        r->new_to_old[p + j] = (heckel_offset)(p + i);
        r->old_to_new[p + i] = (heckel_offset)(p + j);
        matches++;
        if (keep[j] != HECKEL_KEEP) {
            if (r->moves) r->moves[moves] = (heckel_offset)(p + j);
            moves++;
        }
    }
    r->match_count = matches;
    r->move_count = moves;
}

heckel_status heckel_run(const heckel_env *env, size_t old_count, size_t new_count,
                         heckel_pair_equal trim_equal, heckel_pair_equal match_equal,
                         const void *context, const uint64_t *old_keys, const uint64_t *new_keys,
                         heckel_hash_middle hash_middle, heckel_result *result) {
    size_t shorter = min_size(old_count, new_count), p = 0, s = 0;
    while (p < shorter && trim_equal(context, p, p)) {
        if ((p & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) return HECKEL_CANCELLED;
        p++;
    }
    while (s < shorter - p && trim_equal(context, old_count - 1 - s, new_count - 1 - s)) {
        if ((s & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) return HECKEL_CANCELLED;
        s++;
    }
    heckel_middle m = {
        .old_keys = old_keys ? old_keys + p : NULL,
        .new_keys = new_keys ? new_keys + p : NULL,
        .old_count = old_count - p - s,
        .new_count = new_count - p - s,
        .prefix = p,
        .equal = match_equal,
        .context = context,
    };
    uint64_t *key_storage = NULL;
    uint32_t *match = NULL, *keep = NULL;
    heckel_status status = HECKEL_OK;
    if (hash_middle && (status = hash_middle(env, context, &m, &key_storage)) != HECKEL_OK) goto done;
    match = heckel_alloc(env, m.new_count, sizeof *match);
    if (!match) { status = HECKEL_OUT_OF_MEMORY; goto done; }
    if ((status = heckel_match_middle(env, &m, match)) != HECKEL_OK) goto done;
    heckel_free(env, key_storage);
    key_storage = NULL;
    keep = heckel_alloc(env, m.new_count, sizeof *keep);
    if (!keep) { status = HECKEL_OUT_OF_MEMORY; goto done; }
    if ((status = heckel_mark_kept(env, match, m.new_count, keep)) != HECKEL_OK) goto done;
    write_result(&m, old_count, new_count, match, keep, result);
done:
    heckel_free(env, key_storage);
    heckel_free(env, match);
    heckel_free(env, keep);
    return status;
}
