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
        if (in->first_unequal(in->context, a->match, m->prefix, j, end) != end)
            return heckel_match_exact(env, m, a->match);
    }
    return HECKEL_OK;
}

static heckel_status match_middle(const heckel_env *env, const heckel_input *in, size_t p,
                                  size_t s, attempt *a, heckel_scratch *scratch) {
    size_t n = in->old_count - p - s, nn = in->new_count - p - s;
    /* Key arrays are NULL only when their count is 0, or the input is hashed. */
    bool keyed = in->kind == HECKEL_INPUT_KEYS;
    const uint64_t *old_keys = keyed && in->old_count ? in->old_keys + p : NULL;
    const uint64_t *new_keys = keyed && in->new_count ? in->new_keys + p : NULL;
    a->m = (heckel_middle){{old_keys, in, false, p}, {new_keys, in, true, p}, n, nn, p,
                           in->equal, in->context};
    heckel_status status;
    if (!(a->match = heckel_alloc(env, nn, sizeof *a->match))) return HECKEL_OUT_OF_MEMORY;
    /* Nothing to pair: no tables, and no offsets into a NULL empty list. (The
     * keys still serve suffix_in_order.) */
    if (n == 0 || nn == 0) {
        for (size_t j = 0; j < nn; j++) a->match[j] = HECKEL_NONE;
        return HECKEL_OK;
    }
    if ((status = heckel_match_partitioned(env, &a->m, a->match, scratch)) != HECKEL_OK) return status;
    return in->equal ? verify_or_rematch(env, in, a) : HECKEL_OK;
}

/* Whether the trimmed suffix (s pairs) kept duplicates in order: true when
 * no key of the suffix is the key of an unmatched middle element. Only then
 * does every value of the suffix occur as often in the old middle as in the
 * new one, so that in-order matching would pair the suffix as trimming did.
 * (Keys only: a false alarm costs a rematch, never a wrong answer.) */
static heckel_status suffix_in_order(const heckel_env *env, const heckel_input *in,
                                     const attempt *a, size_t s, bool *in_order) {
    const heckel_middle *m = &a->m;
    size_t n = m->old_count, nn = m->new_count, matched = 0, unmatched = 0;
    for (size_t j = 0; j < nn; j++) {
        if (heckel_poll(env, j)) return HECKEL_CANCELLED;
        matched += a->match[j] != HECKEL_NONE;
    }
    unsigned char *old_matched = heckel_zalloc(env, n, 1);
    uint64_t *keys = heckel_alloc(env, n + nn - 2 * matched, sizeof *keys);
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!old_matched || !keys) goto done;
    status = HECKEL_CANCELLED;
    for (size_t j = 0; j < nn; j++) {
        if (heckel_poll(env, j)) goto done;
        if (a->match[j] == HECKEL_NONE) keys[unmatched++] = heckel_source_key(&m->new_keys, j);
        else old_matched[a->match[j]] = 1;
    }
    for (size_t i = 0; i < n; i++)
        if (!old_matched[i]) keys[unmatched++] = heckel_source_key(&m->old_keys, i);
    const uint64_t *suffix_keys = in->kind == HECKEL_INPUT_KEYS ? in->new_keys + (in->new_count - s) : NULL;
    heckel_key_source suffix = {suffix_keys, in, true, in->new_count - s};
    bool shared = false;
    status = heckel_keys_intersect(env, keys, unmatched, suffix, s, &shared);
    *in_order = !shared;
done:
    heckel_free(env, old_matched);
    heckel_free(env, keys);
    return status;
}

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

heckel_status heckel_run(const heckel_env *call_env, const heckel_input *in, heckel_result *result) {
    if (heckel_cancelled(call_env)) return HECKEL_CANCELLED;
    heckel_env seeded = *call_env;
    const heckel_env *env = &seeded;
    size_t shorter = min_size(in->old_count, in->new_count), p = 0, s = 0;
    while (p < shorter && same_element(in, p, p))
        if (heckel_poll(env, ++p)) return HECKEL_CANCELLED;
    while (s < shorter - p && same_element(in, in->old_count - 1 - s, in->new_count - 1 - s))
        if (heckel_poll(env, ++s)) return HECKEL_CANCELLED;
    size_t middle = in->old_count + in->new_count - 2 * (p + s);
    if (s < HECKEL_SUFFIX_TRIM_MIN || s < middle / 16) s = 0;
    /* A seed only where hash tables get built (matching both sides of the
     * middle, or checking a trimmed suffix): equal lists need none. */
    if ((in->old_count > p + s && in->new_count > p + s) || s > 0)
        seeded.seed = heckel_random_seed(in->old_count + in->new_count - 2 * p);

    attempt a = {0};
    heckel_scratch scratch = {NULL, 0};
    heckel_status status = match_middle(env, in, p, s, &a, &scratch);
    if (status == HECKEL_OK && s > 0) {
        bool in_order = true;
        status = suffix_in_order(env, in, &a, s, &in_order);
        if (status == HECKEL_OK && !in_order) {
            release(env, &a);
            status = match_middle(env, in, p, 0, &a, &scratch);
        }
    }
    if (status != HECKEL_OK) goto done;
    size_t nn = a.m.new_count, work = heckel_kept_work(nn);
    uint32_t *keep = heckel_scratch_get(env, &scratch, (nn + work) * sizeof *keep);
    if (!keep) { status = HECKEL_OUT_OF_MEMORY; goto done; }
    if ((status = heckel_mark_kept(env, a.match, nn, keep, keep + nn)) != HECKEL_OK) goto done;
    if (heckel_cancelled(env)) { status = HECKEL_CANCELLED; goto done; }
    write_result(&a.m, in->old_count, in->new_count, a.match, keep, result);
done:
    release(env, &a);
    heckel_scratch_free(env, &scratch);
    return status;
}
