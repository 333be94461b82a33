/* The caller's output arrays, written last, in parallel passes over slices
 * of the lists: old_to_new (trimmed pairs across, the middle unmatched); then
 * new_to_old and the middle's pairs in old_to_new, counting each slice's
 * matches. Moves: each slice's count, then each slice's moves at the place
 * the counts before it give, so they stay ascending for every thread count.
 * Every pass polls the cancel flag: a cancel leaves the arrays partly written
 * (heckel.h says so). Counters are the caller's to set, on success. The
 * window output (env->window) skips the trimmed pairs' entries. */
#include "internal.h"

typedef struct output_job {
    const heckel_env *env;
    const heckel_middle *m;
    size_t old_count, new_count;
    const uint32_t *match, *keep;
    heckel_result *r;
    size_t matches[HECKEL_MAX_THREADS], moves[HECKEL_MAX_THREADS]; /* per slice */
} output_job;

static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }
static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

static bool old_side_task(void *context, unsigned part, unsigned parts) {
    output_job *job = context;
    heckel_offset *old_to_new = job->r->old_to_new;
    size_t prefix = job->m->prefix, old_suffix = prefix + job->m->old_count;
    size_t shift = job->m->new_count - job->m->old_count, first, end;
    heckel_slice(job->old_count, part, parts, &first, &end);
    /* Three runs, each a plain fill (no choice per element): the prefix maps
     * to i, the middle to HECKEL_UNMATCHED, the suffix to i + shift. The
     * window output writes the middle alone. */
    const size_t run_end[3] = {prefix, old_suffix, job->old_count};
    const heckel_offset step[3] = {1, 0, 1};
    const bool window = job->env->window != NULL;
    size_t i = first;
    for (int run = 0; run < 3; run++) {
        if (window && run != 1) {
            i = max_size(i, min_size(end, run_end[run]));
            continue;
        }
        heckel_offset value = run == 1 ? HECKEL_UNMATCHED : (heckel_offset)(run == 0 ? i : i + shift);
        for (; i < min_size(end, run_end[run]); i++, value += step[run]) {
            if (heckel_poll(job->env, i)) return false;
            old_to_new[i] = value;
        }
    }
    return true;
}

/* The middle positions of a slice of new: [*first, *end), middle offsets. */
static void middle_slice(const output_job *job, unsigned part, unsigned parts, size_t *first,
                         size_t *end) {
    size_t prefix = job->m->prefix, lo, hi;
    heckel_slice(job->new_count, part, parts, &lo, &hi);
    *first = min_size(max_size(lo, prefix), prefix + job->m->new_count) - prefix;
    *end = max_size(min_size(hi, prefix + job->m->new_count), prefix) - prefix;
}

static bool new_side_task(void *context, unsigned part, unsigned parts) {
    output_job *job = context;
    heckel_offset *old_to_new = job->r->old_to_new, *new_to_old = job->r->new_to_old;
    const uint32_t *match = job->match;
    size_t prefix = job->m->prefix, new_suffix = prefix + job->m->new_count;
    size_t shift = job->m->old_count - job->m->new_count, first, end, matches = 0;
    heckel_slice(job->new_count, part, parts, &first, &end);
    if (job->env->window) first = end = 0; /* the trimmed pairs are not written */
    for (size_t j = first; j < min_size(end, prefix); j++) {
        if (heckel_poll(job->env, j)) return false;
        new_to_old[j] = (heckel_offset)j;
    }
    for (size_t j = max_size(first, new_suffix); j < end; j++) {
        if (heckel_poll(job->env, j)) return false;
        new_to_old[j] = (heckel_offset)(j + shift);
    }
    middle_slice(job, part, parts, &first, &end);
    for (size_t j = first; j < end; j++) {
        if (heckel_poll(job->env, j)) return false;
        uint32_t i = match[j];
        if (i == HECKEL_UNMATCHED) {
            new_to_old[prefix + j] = HECKEL_UNMATCHED;
            continue;
        }
        HECKEL_CHECK(i < job->m->old_count);
        new_to_old[prefix + j] = (heckel_offset)(prefix + i);
        old_to_new[prefix + i] = (heckel_offset)(prefix + j);
        matches++;
    }
    job->matches[part] = matches;
    return true;
}

static bool count_moves_task(void *context, unsigned part, unsigned parts) {
    output_job *job = context;
    size_t first, end;
    middle_slice(job, part, parts, &first, &end);
    return heckel_list_moves(job->env, job->match, job->keep, first, end, 0, NULL, &job->moves[part]);
}

static bool list_moves_task(void *context, unsigned part, unsigned parts) {
    output_job *job = context;
    size_t offset = 0, first, end, listed;
    for (unsigned k = 0; k < part; k++) offset += job->moves[k];
    middle_slice(job, part, parts, &first, &end);
    return heckel_list_moves(job->env, job->match, job->keep, first, end, job->m->prefix,
                             job->r->moves + offset, &listed);
}

/* Sets the job's shared fields, leaving the per-slice arrays unset: each
 * slice writes its own entry before any is read, and zeroing both (1 KiB)
 * on every call is a fixed cost small lists notice. */
static void job_set(output_job *job, const heckel_env *env, const heckel_middle *m,
                    const uint32_t *match, const uint32_t *keep, heckel_result *r) {
    job->env = env;
    job->m = m;
    job->old_count = job->new_count = 0;
    job->match = match;
    job->keep = keep;
    job->r = r;
}

bool heckel_write_mapping(const heckel_env *env, const heckel_middle *m, size_t old_count,
                          size_t new_count, const uint32_t *match, unsigned threads,
                          heckel_result *r, size_t *match_count) {
    output_job job; /* fields set one by one: an initializer would zero the per-slice arrays */
    job_set(&job, env, m, match, NULL, r);
    job.old_count = old_count;
    job.new_count = new_count;
    if (!heckel_parallel(threads, old_side_task, &job) || !heckel_parallel(threads, new_side_task, &job))
        return false;
    size_t matches = m->prefix + (old_count - m->prefix - m->old_count);
    for (unsigned k = 0; k < threads; k++) matches += job.matches[k];
    *match_count = matches;
    return true;
}

bool heckel_write_moves(const heckel_env *env, const heckel_middle *m, size_t new_count,
                        const uint32_t *match, const uint32_t *keep, heckel_result *r,
                        size_t *move_count) {
    output_job job; /* as in heckel_write_mapping */
    job_set(&job, env, m, match, keep, r);
    job.new_count = new_count;
    unsigned threads = env->thread_count;
    if (threads == 1) { /* one pass: list and count */
        if (!heckel_list_moves(env, match, keep, 0, m->new_count, m->prefix, r->moves, &job.moves[0]))
            return false;
    } else if (!heckel_parallel(threads, count_moves_task, &job) ||
               (r->moves && !heckel_parallel(threads, list_moves_task, &job))) {
        return false;
    }
    size_t moves = 0;
    for (unsigned k = 0; k < threads; k++) moves += job.moves[k];
    *move_count = moves;
    return true;
}
