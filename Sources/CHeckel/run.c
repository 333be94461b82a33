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

/* A common suffix of lists the direct path may take is trimmed only when it
 * is at least this many times the middle left between it and the prefix. */
#define DIRECT_SUFFIX_SHARE 3

#define VERIFY_CHUNK 4096

#ifdef HECKEL_TEST_HOOKS
#include "test_hooks.h"
bool heckel_test_small_path_off;
#endif

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

/* heckel_trim_keys, or heckel_trim_records16 for 16-byte records. */
static bool trim_keys(const heckel_env *env, const void *a, const void *b, size_t record_size, size_t stride,
                      size_t count, bool backward, size_t *length) {
    return record_size == 16 ? heckel_trim_records16(env, a, b, stride, count, backward, length)
                             : heckel_trim_keys(env, a, b, stride, count, backward, length);
}

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

/* The pairs checked VERIFY_CHUNK at a time, each thread taking the next
 * chunk (heckel_take_next) until none is left; any unequal pair raises
 * found, which also stops the other threads. Cancelled: false. */
typedef struct verify_job {
    const heckel_env *env;
    const heckel_input *in;
    const attempt *a;
    size_t next; /* atomic: the first pair of the next chunk */
    int found; /* atomic */
} verify_job;

static bool verify_task(void *context, unsigned part, unsigned parts) {
    (void)part, (void)parts;
    verify_job *job = context;
    const heckel_middle *m = &job->a->m;
    for (;;) {
        size_t j = heckel_take_next(&job->next, VERIFY_CHUNK);
        if (j >= m->new_count) return true;
        if (heckel_cancelled(job->env)) return false;
        if (__atomic_load_n(&job->found, __ATOMIC_RELAXED)) return true;
        size_t chunk_end = min_size(j + VERIFY_CHUNK, m->new_count);
        if (job->in->first_unequal(job->in, job->a->match, m->prefix, j, chunk_end) != chunk_end) {
            __atomic_store_n(&job->found, 1, __ATOMIC_RELAXED);
            return true;
        }
    }
}

/* Checks every pair matched by key with the elements' equality (the
 * caller's callback on the calling thread only); a pair that differs sends
 * the middle to exact matching. */
static heckel_status verify_or_rematch(const heckel_env *env, const heckel_input *in, attempt *a) {
    verify_job job = {.env = env, .in = in, .a = a};
    unsigned threads = in->equal_is_callers ? 1 : env->thread_count;
    if (!heckel_parallel(threads, verify_task, &job)) return HECKEL_CANCELLED;
    return job.found ? heckel_match_exact(env, &a->m, a->match) : HECKEL_OK;
}

/* Sentinel ranges: every new element of the middle matched to an old one
 * of the middle, or HECKEL_UNMATCHED. */
static void check_match(const attempt *a) {
#ifdef HECKEL_CHECKS
    for (size_t j = 0; j < a->m.new_count; j++)
        HECKEL_CHECK(a->match[j] == HECKEL_UNMATCHED || a->match[j] < a->m.old_count);
#else
    (void)a;
#endif
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
    check_match(a);
    if (in->equal && !in->keys_exact && (status = verify_or_rematch(env, in, a)) != HECKEL_OK) return status;
    check_match(a);
    if (in->equal && !in->keys_exact) HECKEL_PHASE("verify");
    return HECKEL_OK;
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

/* The two jobs that need only the match: the kept pairs (one longest
 * increasing run, inherently sequential) and the mapping outputs. With two
 * threads or more they run side by side, hiding the mapping's writes behind
 * the run: the other thread writes the mapping unless the calling thread,
 * done with the run, finds it not yet begun (that thread started late, or
 * waits for its core) and writes it itself. */
typedef struct last_passes {
    const heckel_env *env;
    const heckel_input *in;
    const attempt *a;
    uint32_t *keep;
    heckel_result *result;
    size_t match_count;
    heckel_status kept_status;
    int mapping_taken; /* atomic: set by the thread that writes the mapping */
    bool mapping_ok;
} last_passes;

static bool mark_kept_part(last_passes *job) {
    size_t new_count = job->a->m.new_count;
    job->kept_status = heckel_mark_kept(job->env, job->a->match, new_count, job->keep,
                                        job->keep + new_count);
    return job->kept_status == HECKEL_OK;
}

static bool write_mapping_part(last_passes *job, unsigned threads) {
    return heckel_write_mapping(job->env, &job->a->m, job->in->old_count, job->in->new_count,
                                job->a->match, threads, job->result, &job->match_count);
}

/* The mapping, written by whichever thread comes for it first. */
static void take_mapping(last_passes *job) {
    if (!__atomic_exchange_n(&job->mapping_taken, 1, __ATOMIC_RELAXED))
        job->mapping_ok = write_mapping_part(job, 1);
}

static bool side_by_side(void *context, unsigned part, unsigned parts) {
    (void)parts;
    last_passes *job = context;
    if (part == 0) {
        if (!mark_kept_part(job)) return false;
    }
    take_mapping(job);
    return true;
}

/* Finds the moves (unless ignore_order) and writes every output (the window
 * output: the middle's, and the trimmed prefix and suffix). */
static heckel_status finish(const heckel_env *env, const heckel_input *in, const attempt *a,
                            heckel_scratch *scratch, heckel_result *result) {
    size_t new_count = a->m.new_count, move_count = 0;
    last_passes job = {.env = env, .in = in, .a = a, .result = result, .kept_status = HECKEL_OK};
    bool ok;
    if (env->ignore_order) {
        ok = write_mapping_part(&job, env->thread_count);
        HECKEL_PHASE("mapping");
    } else {
        job.keep = heckel_scratch_get(env, scratch, (new_count + heckel_kept_work(new_count)) * sizeof *job.keep);
        if (!job.keep) return HECKEL_OUT_OF_MEMORY;
        if (env->thread_count > 1) {
            ok = heckel_parallel(2, side_by_side, &job) && job.mapping_ok;
            HECKEL_PHASE("kept+mapping");
        } else {
            ok = mark_kept_part(&job) && !heckel_cancelled(env);
            HECKEL_PHASE("kept");
            ok = ok && write_mapping_part(&job, 1);
            HECKEL_PHASE("mapping");
        }
        ok = ok && heckel_write_moves(env, &a->m, in->new_count, a->match, job.keep, result, &move_count);
        HECKEL_PHASE("moves");
    }
    if (job.kept_status != HECKEL_OK) return job.kept_status;
    if (!ok) return HECKEL_CANCELLED;
    result->match_count = job.match_count;
    result->move_count = move_count;
    if (env->window) {
        env->window->prefix = a->m.prefix;
        env->window->suffix = in->old_count - a->m.prefix - a->m.old_count;
    }
    return HECKEL_OK;
}

heckel_status heckel_run(const heckel_env *call_env, const heckel_input *in, heckel_result *result) {
    if (heckel_cancelled(call_env)) return HECKEL_CANCELLED;
    HECKEL_PHASE("start");
    heckel_env seeded = *call_env;
    const heckel_env *env = &seeded;
    size_t shorter = min_size(in->old_count, in->new_count), prefix = in->known_prefix, suffix = 0;
    HECKEL_CHECK(prefix <= shorter);
    /* Keys that are their elements are trimmed four at a time (trim_keys.c),
     * then element by element. */
    bool fast_trim = shorter > 0 && ((in->kind == HECKEL_INPUT_KEYS && !in->equal) || in->keys_exact);
    /* So are records of 8 or 16 bytes (memcmp equality: equal words are
     * equal records), in place, as words. */
    size_t record_size = in->bytes && in->bytes->old_records ? in->bytes->size : 0;
    bool in_place = in->keys_exact || record_size == 8 || record_size == 16;
    fast_trim = fast_trim || (shorter > 0 && in_place);
    const unsigned char *old_keys = in_place ? in->bytes->old_records : (const void *)in->old_keys;
    const unsigned char *new_keys = in_place ? in->bytes->new_records : (const void *)in->new_keys;
    size_t stride = in_place ? in->bytes->stride : sizeof *in->old_keys;
    size_t more = 0;
    if (fast_trim && !trim_keys(env, old_keys + prefix * stride, new_keys + prefix * stride, record_size, stride,
                                shorter - prefix, false, &more))
        return HECKEL_CANCELLED;
    prefix += more;
    while (prefix < shorter && same_element(in, prefix, prefix))
        if (heckel_poll(env, ++prefix)) return HECKEL_CANCELLED;
    /* What is left after the prefix alone: the suffix is only trimmed later,
     * after a check, so this sizes the seed, the threads and the small path. */
    size_t after_prefix = in->old_count + in->new_count - 2 * prefix;
    /* The direct path: plain keys, or records and spans (equality by bytes). */
    bool direct_form = in->bytes || (in->kind == HECKEL_INPUT_KEYS && !in->equal);
    bool direct = direct_form && after_prefix <= HECKEL_DIRECT_MAX
#ifdef HECKEL_TEST_HOOKS
                  && !heckel_test_small_path_off
#endif
        ;
    /* A suffix is only looked for where it could be kept (below): at least
     * HECKEL_SUFFIX_TRIM_MIN long and, on lists the direct path may take,
     * at least DIRECT_SUFFIX_SHARE times what it leaves between itself and
     * the prefix; the pair that far from the ends is compared first, so a
     * shorter suffix costs no scan. */
    size_t least = HECKEL_SUFFIX_TRIM_MIN;
    if (direct) {
        size_t share = (DIRECT_SUFFIX_SHARE * after_prefix + 2 * DIRECT_SUFFIX_SHARE) / (2 * DIRECT_SUFFIX_SHARE + 1);
        if (share > least) least = share;
    }
    if (shorter - prefix >= least && same_element(in, in->old_count - least, in->new_count - least)) {
        if (fast_trim && !trim_keys(env, old_keys + in->old_count * stride, new_keys + in->new_count * stride,
                                    record_size, stride, shorter - prefix, true, &suffix))
            return HECKEL_CANCELLED;
        while (suffix < shorter - prefix &&
               same_element(in, in->old_count - 1 - suffix, in->new_count - 1 - suffix))
            if (heckel_poll(env, ++suffix)) return HECKEL_CANCELLED;
    }
    HECKEL_CHECK(prefix + suffix <= shorter);
    HECKEL_PHASE("trim");
    size_t middle = in->old_count + in->new_count - 2 * (prefix + suffix);
    if (suffix < HECKEL_SUFFIX_TRIM_MIN || suffix < middle / 16) suffix = 0;
    /* The direct path pairs a common suffix in its in-order runs, without
     * the table; a trimmed one sends the call to the general path and its
     * suffix check, which pays only where the suffix dwarfs the middle: the
     * the two paths' instruction counts meet where the suffix is about
     * DIRECT_SUFFIX_SHARE times the middle (10^4 keys with a block replaced
     * at the front, window output; no benchmark scenario has that shape:
     * Tests/C/test_small_path.c checks both paths give the same output). */
    if (direct && suffix < DIRECT_SUFFIX_SHARE * middle) suffix = 0;
    heckel_status small_status;
    if (direct && suffix == 0 && heckel_run_small(env, in, prefix, result, &small_status)) return small_status;
    /* A seed only where hash tables get built (matching both sides of the
     * middle, or checking a trimmed suffix): equal lists need none. */
    if ((in->old_count > prefix + suffix && in->new_count > prefix + suffix) || suffix > 0)
        seeded.seed = heckel_random_seed(after_prefix);
    seeded.thread_count = heckel_thread_count(env, after_prefix);

    attempt a = {0};
    heckel_scratch scratch = {.block = NULL};
    heckel_status status = match_middle(env, in, prefix, suffix, &a, &scratch);
    if (status == HECKEL_OK && suffix > 0) {
        bool in_order = true;
        status = suffix_in_order(env, in, &a, suffix, &in_order);
        HECKEL_PHASE("suffix check");
        if (status == HECKEL_OK && !in_order) {
            release(env, &a);
            status = match_middle(env, in, prefix, 0, &a, &scratch);
        }
    }
    if (status == HECKEL_OK) status = finish(env, in, &a, &scratch, result);
    release(env, &a);
    heckel_scratch_free(env, &scratch);
    HECKEL_PHASE("free");
    return status;
}
