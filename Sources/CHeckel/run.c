/*
 * The shared body of every entry point: trim the common prefix and suffix,
 * key and match the middle, find the moves, then write the caller's outputs.
 * Outputs are written only in the last step, after every allocation and
 * cancellation point, so a failing call leaves them untouched.
 *
 * Trimming: the common prefix pairs first occurrences with first
 * occurrences, as in-order matching would. The common suffix need not (old
 * [a b a], new [b a]: in-order pairs new a with old 0, trimming with old 2),
 * so it is trimmed only when long, and kept only if suffix_in_order says
 * in-order matching would pair it the same way; else the middle is matched
 * again with the suffix in it.
 *
 * Matching is by keys alone first (partitioned, fast); when elements have
 * their own equality, every matched pair is then checked with it in one
 * pass, and if any pair differs (colliding keys) the middle is matched again
 * asking equality about every candidate. Keys alone and the exact matching
 * agree whenever every pair checks out: the k-th new occurrence of a key took
 * the k-th old one, which was equal, so it is also the first equal unmatched.
 */
#include "internal.h"

/* A trimmed suffix keeps duplicates in order only if none of its elements
 * also occurs unmatched in the middle; checking costs a pass over the
 * middle, so short suffixes are matched with the middle instead. */
#ifndef HECKEL_SUFFIX_TRIM_MIN /* tests build a variant that trims short suffixes */
#define HECKEL_SUFFIX_TRIM_MIN 4096
#endif

#define VERIFY_CHUNK 4096

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

static inline bool same_element(const heckel_input *in, size_t i, size_t j) {
    if (in->kind == HECKEL_INPUT_KEYS && in->old_keys[i] != in->new_keys[j]) return false;
    return !in->equal || in->equal(in->context, i, j);
}

/* The middle (its keys read from the input's arrays, or hashed from its
 * elements whenever needed: no key array is stored) and its matching into
 * *match (new_count entries, allocated here). */
typedef struct attempt {
    heckel_middle m;
    uint32_t *match;
} attempt;

static void release(const heckel_env *env, attempt *a) {
    heckel_free(env, a->match);
    a->match = NULL;
}

/* Checks every pair matched by key with the elements' equality; a pair that
 * differs sends the middle to exact matching. */
static heckel_status verify_or_rematch(const heckel_env *env, const heckel_input *in, attempt *a) {
    const heckel_middle *m = &a->m;
    for (size_t j = 0; j < m->new_count; j += VERIFY_CHUNK) {
        if (heckel_cancelled(env)) return HECKEL_CANCELLED;
        size_t end = min_size(j + VERIFY_CHUNK, m->new_count);
        if (in->first_unequal(in, a->match, m->prefix, j, end) != end)
            return heckel_match_exact(env, m, a->match);
    }
    return HECKEL_OK;
}

/* Matches the middle left after trimming `prefix` pairs at the front and
 * `suffix` at the back. */
static heckel_status match_middle(const heckel_env *env, const heckel_input *in, size_t prefix,
                                  size_t suffix, attempt *a, heckel_scratch *scratch) {
    size_t old_count = in->old_count - prefix - suffix, new_count = in->new_count - prefix - suffix;
    /* Key arrays are NULL only when their count is 0, or the input is hashed. */
    bool keyed = in->kind == HECKEL_INPUT_KEYS;
    const uint64_t *old_keys = keyed && in->old_count ? in->old_keys + prefix : NULL;
    const uint64_t *new_keys = keyed && in->new_count ? in->new_keys + prefix : NULL;
    a->m = (heckel_middle){
        .old_keys = {.keys = old_keys, .in = in, .new_side = false, .first = prefix},
        .new_keys = {.keys = new_keys, .in = in, .new_side = true, .first = prefix},
        .old_count = old_count, .new_count = new_count, .prefix = prefix,
        .equal = in->equal, .context = in->context};
    heckel_status status;
    if (!(a->match = heckel_alloc(env, new_count, sizeof *a->match))) return HECKEL_OUT_OF_MEMORY;
    /* Nothing to pair: no tables, and no offsets into a NULL empty list. (The
     * keys still serve suffix_in_order.) */
    if (old_count == 0 || new_count == 0) {
        for (size_t j = 0; j < new_count; j++) a->match[j] = HECKEL_UNMATCHED;
        return HECKEL_OK;
    }
    if ((status = heckel_match_partitioned(env, &a->m, a->match, scratch)) != HECKEL_OK) return status;
    return in->equal ? verify_or_rematch(env, in, a) : HECKEL_OK;
}

/* Whether the trimmed suffix (`suffix` pairs) kept duplicates in order: true when
 * no key of the suffix is the key of an unmatched middle element. Only then
 * does every value of the suffix occur as often in the old middle as in the
 * new one, so that in-order matching would pair the suffix as trimming did.
 * (Keys only: a false alarm costs a rematch, never a wrong answer.) */
static heckel_status suffix_in_order(const heckel_env *env, const heckel_input *in,
                                     const attempt *a, size_t suffix, bool *in_order) {
    const heckel_middle *m = &a->m;
    size_t old_count = m->old_count, new_count = m->new_count, matched = 0, unmatched = 0;
    for (size_t j = 0; j < new_count; j++) {
        if (heckel_poll(env, j)) return HECKEL_CANCELLED;
        matched += a->match[j] != HECKEL_UNMATCHED;
    }
    unsigned char *old_matched = heckel_zalloc(env, old_count, 1);
    uint64_t *keys = heckel_alloc(env, old_count + new_count - 2 * matched, sizeof *keys);
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!old_matched || !keys) goto done;
    status = HECKEL_CANCELLED;
    for (size_t j = 0; j < new_count; j++) {
        if (heckel_poll(env, j)) goto done;
        if (a->match[j] == HECKEL_UNMATCHED) keys[unmatched++] = heckel_source_key(&m->new_keys, j);
        else old_matched[a->match[j]] = 1;
    }
    for (size_t i = 0; i < old_count; i++)
        if (!old_matched[i]) keys[unmatched++] = heckel_source_key(&m->old_keys, i);
    size_t suffix_first = in->new_count - suffix;
    heckel_key_source suffix_keys = {
        .keys = in->kind == HECKEL_INPUT_KEYS ? in->new_keys + suffix_first : NULL,
        .in = in, .new_side = true, .first = suffix_first};
    bool shared = false;
    status = heckel_keys_intersect(env, keys, unmatched, suffix_keys, suffix, &shared);
    *in_order = !shared;
done:
    heckel_free(env, old_matched);
    heckel_free(env, keys);
    return status;
}

/* The caller's mapping arrays: trimmed pairs map straight across, middle
 * pairs as matched. Polls between chunks (a cancel then leaves them partly
 * written, as heckel.h says); returns false if cancelled. */
static bool write_mapping(const heckel_env *env, const heckel_middle *m, size_t old_count,
                          size_t new_count, const uint32_t *match, heckel_result *r) {
    size_t prefix = m->prefix, old_suffix = prefix + m->old_count, new_suffix = prefix + m->new_count;
    for (size_t i = 0; i < prefix; i++) r->old_to_new[i] = r->new_to_old[i] = (heckel_offset)i;
    for (size_t i = old_suffix; i < old_count; i++)
        r->old_to_new[i] = (heckel_offset)(i - old_suffix + new_suffix);
    for (size_t j = new_suffix; j < new_count; j++)
        r->new_to_old[j] = (heckel_offset)(j - new_suffix + old_suffix);
    for (size_t i = prefix; i < old_suffix; i++) {
        if (heckel_poll(env, i - prefix)) return false;
        r->old_to_new[i] = HECKEL_UNMATCHED;
    }
    for (size_t j = 0; j < m->new_count; j++) {
        if (heckel_poll(env, j)) return false;
        uint32_t i = match[j];
        r->new_to_old[prefix + j] = i == HECKEL_UNMATCHED ? HECKEL_UNMATCHED : (heckel_offset)(prefix + i);
        if (i != HECKEL_UNMATCHED) r->old_to_new[prefix + i] = (heckel_offset)(prefix + j);
    }
    return true;
}

static size_t count_matches(const heckel_middle *m, size_t old_count, const uint32_t *match) {
    size_t matches = m->prefix + (old_count - m->prefix - m->old_count);
    for (size_t j = 0; j < m->new_count; j++) matches += match[j] != HECKEL_UNMATCHED;
    return matches;
}

/* Finds the moves (unless ignore_order) and writes every output. */
static heckel_status finish(const heckel_env *env, const heckel_input *in, const attempt *a,
                            heckel_scratch *scratch, heckel_result *result) {
    const heckel_middle *m = &a->m;
    size_t new_count = m->new_count, moves = 0;
    uint32_t *keep = NULL;
    if (!env->ignore_order) {
        keep = heckel_scratch_get(env, scratch, (new_count + heckel_kept_work(new_count)) * sizeof *keep);
        if (!keep) return HECKEL_OUT_OF_MEMORY;
        heckel_status status = heckel_mark_kept(env, a->match, new_count, keep, keep + new_count);
        if (status != HECKEL_OK) return status;
    }
    if (heckel_cancelled(env) || !write_mapping(env, m, in->old_count, in->new_count, a->match, result))
        return HECKEL_CANCELLED;
    if (keep && !heckel_list_moves(env, a->match, keep, new_count, m->prefix, result->moves, &moves))
        return HECKEL_CANCELLED;
    result->match_count = count_matches(m, in->old_count, a->match);
    result->move_count = moves;
    return HECKEL_OK;
}

heckel_status heckel_run(const heckel_env *call_env, const heckel_input *in, heckel_result *result) {
    if (heckel_cancelled(call_env)) return HECKEL_CANCELLED;
    heckel_env seeded = *call_env;
    const heckel_env *env = &seeded;
    size_t shorter = min_size(in->old_count, in->new_count), prefix = 0, suffix = 0;
    while (prefix < shorter && same_element(in, prefix, prefix))
        if (heckel_poll(env, ++prefix)) return HECKEL_CANCELLED;
    while (suffix < shorter - prefix &&
           same_element(in, in->old_count - 1 - suffix, in->new_count - 1 - suffix))
        if (heckel_poll(env, ++suffix)) return HECKEL_CANCELLED;
    size_t middle = in->old_count + in->new_count - 2 * (prefix + suffix);
    if (suffix < HECKEL_SUFFIX_TRIM_MIN || suffix < middle / 16) suffix = 0;
    /* A seed only where hash tables get built (matching both sides of the
     * middle, or checking a trimmed suffix): equal lists need none. */
    if ((in->old_count > prefix + suffix && in->new_count > prefix + suffix) || suffix > 0)
        seeded.seed = heckel_random_seed(in->old_count + in->new_count - 2 * prefix);

    attempt a = {0};
    heckel_scratch scratch = {.block = NULL};
    heckel_status status = match_middle(env, in, prefix, suffix, &a, &scratch);
    if (status == HECKEL_OK && suffix > 0) {
        bool in_order = true;
        status = suffix_in_order(env, in, &a, suffix, &in_order);
        if (status == HECKEL_OK && !in_order) {
            release(env, &a);
            status = match_middle(env, in, prefix, 0, &a, &scratch);
        }
    }
    if (status == HECKEL_OK) status = finish(env, in, &a, &scratch, result);
    release(env, &a);
    heckel_scratch_free(env, &scratch);
    return status;
}
