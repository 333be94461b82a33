/*
 * The lean path for short plain-key lists (no equality callback) whose
 * middle, after trimming the common prefix, holds at most HECKEL_SMALL_MAX
 * elements on both sides together: every array on the stack (no allocator
 * call, no seed, no threads), a chained table of old keys with a cursor per
 * key, the same move pass (heckel_mark_kept) and one output loop. It pairs
 * each new element with the first unmatched old occurrence of its key, as
 * the general path does, so the output is the same byte for byte
 * (Tests/C/test_small_path.c). No seed: a bound of HECKEL_SMALL_MAX keys
 * bounds the cost of colliding keys too.
 */
#include "internal.h"

#define TABLE_BITS 10 /* 2^10 slots >= 2 * HECKEL_SMALL_MAX */
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)
#define EMPTY UINT32_MAX

static inline size_t slot_of(uint64_t key) {
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS));
}

heckel_status heckel_run_small(const heckel_env *env, const heckel_input *in, size_t prefix,
                               heckel_result *result) {
    size_t old_count = in->old_count - prefix, new_count = in->new_count - prefix;
    /* NULL only when empty: then no offset is added, and neither is read. */
    const uint64_t *old_keys = in->old_count ? in->old_keys + prefix : NULL;
    const uint64_t *new_keys = in->new_count ? in->new_keys + prefix : NULL;
    HECKEL_CHECK(old_count + new_count <= HECKEL_SMALL_MAX);
    uint32_t first[TABLE_SIZE]; /* a key's first old offset, or EMPTY */
    uint32_t cursor[TABLE_SIZE]; /* its first unmatched old offset, or HECKEL_UNMATCHED */
    uint32_t next[HECKEL_SMALL_MAX]; /* the next old offset with the same key */
    uint32_t match[HECKEL_SMALL_MAX], keep[HECKEL_SMALL_MAX];
    uint32_t work[HECKEL_SMALL_MAX + HECKEL_SMALL_MAX / 64 + 1]; /* heckel_kept_work */
    size_t bits = 4, matches = 0;
    while (((size_t)1 << bits) < 2 * old_count) bits++;
    size_t mask = ((size_t)1 << bits) - 1, shift = TABLE_BITS - bits;
    for (size_t s = 0; s <= mask; s++) first[s] = EMPTY;
    /* Old offsets last to first, so each chain runs in old order. */
    for (size_t i = old_count; i-- > 0;) {
        size_t s = slot_of(old_keys[i]) >> shift;
        while (first[s] != EMPTY && old_keys[first[s]] != old_keys[i]) s = (s + 1) & mask;
        next[i] = first[s] == EMPTY ? HECKEL_UNMATCHED : first[s];
        first[s] = cursor[s] = (uint32_t)i;
    }
    for (size_t j = 0; j < new_count; j++) {
        size_t s = slot_of(new_keys[j]) >> shift;
        while (first[s] != EMPTY && old_keys[first[s]] != new_keys[j]) s = (s + 1) & mask;
        uint32_t i = first[s] == EMPTY ? HECKEL_UNMATCHED : cursor[s];
        if (i != HECKEL_UNMATCHED) cursor[s] = next[i];
        match[j] = i;
    }
    if (!env->ignore_order) {
        heckel_status status = heckel_mark_kept(env, match, new_count, keep, work);
        if (status != HECKEL_OK) return status;
    }
    /* Outputs last: nothing above wrote to the caller's arrays. */
    heckel_offset *old_to_new = result->old_to_new, *new_to_old = result->new_to_old, *moves = result->moves;
    for (size_t k = 0; k < prefix; k++) old_to_new[k] = new_to_old[k] = (heckel_offset)k;
    for (size_t i = 0; i < old_count; i++) old_to_new[prefix + i] = HECKEL_UNMATCHED;
    size_t move_count = 0;
    for (size_t j = 0; j < new_count; j++) {
        uint32_t i = match[j];
        if (i == HECKEL_UNMATCHED) {
            new_to_old[prefix + j] = HECKEL_UNMATCHED;
            continue;
        }
        new_to_old[prefix + j] = (heckel_offset)(prefix + i);
        old_to_new[prefix + i] = (heckel_offset)(prefix + j);
        matches++;
        if (env->ignore_order || !heckel_is_move(match, keep, j)) continue;
        if (moves) moves[move_count] = (heckel_offset)(prefix + j);
        move_count++;
    }
    result->match_count = prefix + matches;
    result->move_count = move_count;
    return HECKEL_OK;
}
