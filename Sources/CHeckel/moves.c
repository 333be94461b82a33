/*
 * Minimal moves: the matched pairs that keep their relative order form a
 * longest increasing subsequence of old offsets taken in new order (patience
 * sorting, O(n log n)); every other matched pair is a move.
 *
 * Forward pass (heckel_run_lengths): for each matched j, the length (minus
 * 1) of the longest increasing run ending at j (unmatched entries get junk). Nearly sorted input is the
 * common case: an element that extends the longest run, or replaces its
 * end, costs O(1). Any other element searches the run ends through a summary
 * (every BLOCK-th end), then one block: two or three cache misses instead of
 * one per step of a binary search. Past BLOCK^2 elements the summary outgrows
 * the L2 cache (5 MB at 10^8), so it gets a summary of its own (top: every
 * BLOCK-th summary entry), searched first, so a search costs the same few
 * misses at 10^8 as at 10^7 (the `kept` phase of
 * `heckel_core_phases -n -p -e keys -t 1 1e7 1e8` shows it).
 *
 * Backward pass: one longest run, picked greedily from the end. Elements with
 * equal run lengths have decreasing old offsets in new order, so the last
 * element before j with length L - 1 is below j whenever any is: no
 * predecessor links, no pointer chasing, a sequential scan.
 */
#include "internal.h"

#define BLOCK 64
#define TOP_MIN (BLOCK * BLOCK) /* up to this count, no top level */
/* The run ends' last NEAR_ENDS * BLOCK (1,024): a search that lands there, as
 * nearly all do with heavy duplicates (each value's occurrences pair in
 * order, so every run grows near the end), searches only their NEAR_ENDS
 * summary entries and one block, all in L1, with no top level and no
 * prefetch; they are counted (near_above) rather than binary-searched, as
 * counting has no chain of dependent loads. The random mix rarely lands
 * there and pays one comparison for the check. The `kept` phase of
 * `heckel_core_phases -n -p -d -e keys -t 1 1e6` (ten distinct values) and
 * of the same without -d at 1e7 (the random mix) shows both. */
#define NEAR_ENDS 16

/* The first end above v, when the last NEAR_ENDS summary entries start
 * below v: they are counted, then v's block (whole: its ends past the runs
 * read HECKEL_UNMATCHED, above every offset). Out of line: inlined, its
 * unrolled counts made the loop's common steps slower on the random mix. */
static __attribute__((noinline)) size_t near_above(const uint32_t *tail, const uint32_t *summary,
                                                   size_t near, uint32_t v) {
    size_t first = (near + heckel_count_below(summary + near, NEAR_ENDS, v) - 1) * BLOCK;
    return first + heckel_count_below(tail + first, BLOCK, v);
}

size_t heckel_kept_work(size_t count) {
    size_t work = count + BLOCK + count / BLOCK + 1; /* tail, its last block whole, summary */
    return count > TOP_MIN ? work + count / TOP_MIN + 1 : work;
}

/* heckel_first_above(summary, 0, ends, v) through top (top[r] = summary[r * BLOCK]):
 * top, mostly in cache, then one block of summary. */
static size_t summary_above(const uint32_t *top, const uint32_t *summary, size_t ends, uint32_t v) {
    size_t g = heckel_first_above(top, 0, (ends - 1) / BLOCK + 1, v);
    if (g == 0) return 0;
    size_t lo = (g - 1) * BLOCK, end = lo + BLOCK < ends ? lo + BLOCK : ends;
    for (size_t at = lo; at < end; at += 16) __builtin_prefetch(&summary[at]);
    return heckel_first_above(summary, lo + 1, end, v);
}

heckel_status heckel_run_lengths(const heckel_env *env, const uint32_t *match, size_t count,
                                 uint32_t *lengths, uint32_t *work, size_t *longest) {
    /* tail[l]: the smallest old offset ending an increasing run of length
     * l + 1 so far (increasing in l); summary[q] = tail[q * BLOCK]; past
     * TOP_MIN elements top[r] = summary[r * BLOCK]. Old offsets in match are
     * distinct, so no comparison is ever equal. last: tail[length - 1], or
     * -1 before any run (below every offset). */
    uint32_t *tail = work, *summary = work + count + BLOCK;
    uint32_t *top = count > TOP_MIN ? summary + count / BLOCK + 1 : NULL;
    size_t length = 0;
    int64_t last = -1;
    for (size_t chunk = 0; chunk < count; chunk += HECKEL_POLL_MASK + 1) {
        if (heckel_cancelled(env)) return HECKEL_CANCELLED;
        size_t chunk_end = count - chunk > HECKEL_POLL_MASK ? chunk + HECKEL_POLL_MASK + 1 : count;
        for (size_t j = chunk; j < chunk_end; j++) {
            uint32_t v = match[j];
            size_t l;
            if (last < (int64_t)v) {
                /* An unmatched j (NONE, above every offset) comes here too, with
                 * no effect: what it writes at tail[length] (and summary) lies
                 * past the runs until a real append overwrites it. That spares a
                 * branch as unpredictable as the unmatched elements. */
                l = length;
                bool matched = v != HECKEL_UNMATCHED;
                length += matched;
                last = matched ? v : last;
            } else if (length == 1 || tail[length - 2] < v) {
                l = length - 1;
                last = v;
            } else { /* tail[length - 2] > v: search block q, whose first end is
                      * the last one below v; the next block's first end (or
                      * tail[length - 2]) is above v. */
                size_t ends = (length - 1) / BLOCK + 1, near = ends > NEAR_ENDS ? ends - NEAR_ENDS : 0;
                bool in_cache = near && summary[near] < v;
                /* Near the end (in L1): counted (near_above). Elsewhere (a
                 * cache miss or two away) the block's lines are fetched at
                 * once and searched: counting waits for all of them, and
                 * was slower there. */
                if (in_cache) {
                    l = near_above(tail, summary, near, v);
                } else {
                    size_t f = top ? summary_above(top, summary, ends, v) : heckel_first_above(summary, 0, ends, v);
                    if (f == 0) {
                        l = 0;
                    } else {
                        size_t q = f - 1, hi = (q + 1) * BLOCK < length - 2 ? (q + 1) * BLOCK : length - 2;
                        for (size_t at = q * BLOCK; at < (q + 1) * BLOCK && at < length; at += 16)
                            __builtin_prefetch(&tail[at]);
                        l = heckel_first_above(tail, q * BLOCK + 1, hi + 1, v);
                    }
                }
            }
            lengths[j] = (uint32_t)l; /* never HECKEL_KEEP: l < count <= HECKEL_MAX_COUNT */
            tail[l] = v;
            if (l % BLOCK == 0) {
                /* A run entered a new block (or replaced its first end): the
                 * block's other ends read as above every offset until runs
                 * reach them, so near_above counts whole blocks. */
                if (l + 1 == length)
                    for (size_t k = 1; k < BLOCK; k++) tail[l + k] = HECKEL_UNMATCHED;
                summary[l / BLOCK] = v;
                if (top && l % TOP_MIN == 0) top[l / TOP_MIN] = v;
            }
        }
    }
    *longest = length;
    return HECKEL_OK;
}

heckel_status heckel_mark_kept(const heckel_env *env, const uint32_t *match, size_t count,
                               uint32_t *keep, uint32_t *work) {
    size_t wanted;
    heckel_status status = heckel_run_lengths(env, match, count, keep, work, &wanted);
    if (status != HECKEL_OK) return status;
    uint32_t bound = HECKEL_UNMATCHED; /* above every old offset */
    for (size_t j = count; j-- > 0 && wanted > 0;) {
        if (heckel_poll(env, j)) return HECKEL_CANCELLED;
        /* match[j] < bound also skips unmatched j: bound <= HECKEL_UNMATCHED. */
        if (keep[j] == wanted - 1 && match[j] < bound) {
            keep[j] = HECKEL_KEEP;
            bound = match[j];
            wanted--;
        }
    }
    HECKEL_CHECK(wanted == 0); /* the whole run found */
    return HECKEL_OK;
}

bool heckel_list_moves(const heckel_env *env, const uint32_t *match, const uint32_t *keep,
                       size_t first, size_t end, size_t offset, heckel_offset *moves,
                       size_t *move_count) {
    size_t listed = 0;
#ifdef HECKEL_CHECKS
    uint32_t last_kept = 0;
    bool any_kept = false;
#endif
    for (size_t j = first; j < end; j++) {
        if (heckel_poll(env, j)) return false;
#ifdef HECKEL_CHECKS
        if (match[j] != HECKEL_UNMATCHED && keep[j] == HECKEL_KEEP) { /* kept pairs in order */
            HECKEL_CHECK(!any_kept || match[j] > last_kept);
            last_kept = match[j];
            any_kept = true;
        }
#endif
        if (!heckel_is_move(match, keep, j)) continue;
        if (moves) moves[listed] = (heckel_offset)(offset + j);
        listed++;
    }
    *move_count = listed;
    return true;
}

heckel_status heckel_find_moves(const heckel_offset *new_to_old, size_t new_count,
                                const heckel_options *options, heckel_offset *moves,
                                size_t *move_count) {
    if (!move_count || (new_count && !new_to_old)) return HECKEL_INVALID_ARGUMENT;
    if (new_count > HECKEL_MAX_COUNT) return HECKEL_TOO_LARGE;
    heckel_env env = heckel_env_make(options);
    for (size_t j = 0; j < new_count; j++) {
        if (heckel_poll(&env, j)) return HECKEL_CANCELLED;
        if (new_to_old[j] >= HECKEL_MAX_COUNT && new_to_old[j] != HECKEL_UNMATCHED)
            return HECKEL_INVALID_ARGUMENT;
    }
    uint32_t *keep = heckel_alloc(&env, new_count + heckel_kept_work(new_count), sizeof *keep);
    if (!keep) return HECKEL_OUT_OF_MEMORY;
    size_t listed = 0;
    heckel_status status = heckel_mark_kept(&env, new_to_old, new_count, keep, keep + new_count);
    if (status == HECKEL_OK && (heckel_cancelled(&env) ||
                                !heckel_list_moves(&env, new_to_old, keep, 0, new_count, 0, moves, &listed)))
        status = HECKEL_CANCELLED;
    if (status == HECKEL_OK) *move_count = listed;
    heckel_free(&env, keep);
    return status;
}
