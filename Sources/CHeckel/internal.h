/* Shared by the core's translation units; not part of the public contract. */
#ifndef HECKEL_INTERNAL_H
#define HECKEL_INTERNAL_H

#include "heckel.h"

/* A chain or table value meaning "no offset"; real offsets stay below it. */
#define HECKEL_NONE ((uint32_t)0xFFFFFFFFu)

/* How many elements pass between two polls of the cancel flag. */
#define HECKEL_POLL_MASK ((size_t)4095)

/* The options with defaults filled in, and the allocator behind them. */
typedef struct heckel_env {
    const heckel_allocator *allocator; /* NULL: malloc/free */
    const int *cancel;
} heckel_env;

heckel_env heckel_env_make(const heckel_options *options);
void *heckel_alloc(const heckel_env *env, size_t count, size_t size);  /* NULL on overflow too */
void *heckel_zalloc(const heckel_env *env, size_t count, size_t size); /* zero-filled */
void heckel_free(const heckel_env *env, void *pointer);
bool heckel_cancelled(const heckel_env *env);

/* Equality of old element i and new element j, absolute offsets. */
typedef bool (*heckel_pair_equal)(const void *context, size_t old_offset, size_t new_offset);

/* The middle of a pair of lists, after the common prefix and suffix are
 * trimmed: keys of old[base_old ..< base_old + old_count] and likewise new,
 * indexed from 0. equal is NULL when equal keys mean equal elements. */
typedef struct heckel_middle {
    const uint64_t *old_keys;
    const uint64_t *new_keys;
    size_t old_count, new_count;
    size_t prefix; /* absolute offset of middle element 0, in both lists */
    heckel_pair_equal equal;
    const void *context;
} heckel_middle;

/* Matches the middle: fills match[j] (new_count entries) with the old middle
 * offset paired with new middle offset j, or HECKEL_NONE. */
heckel_status heckel_match_middle(const heckel_env *env, const heckel_middle *middle,
                                  uint32_t *match);

/* Marks in keep[j] (HECKEL_KEEP) the pairs of one longest increasing
 * subsequence of match[] (NONE entries skipped). keep needs count entries;
 * other entries of keep are left with unspecified values. */
#define HECKEL_KEEP ((uint32_t)0xFFFFFFFEu)
heckel_status heckel_mark_kept(const heckel_env *env, const uint32_t *match, size_t count,
                               uint32_t *keep);

/* Trims, matches, finds moves, and fills result: the shared body of the
 * public entry points. keys_for_middle computes the middle's keys when the
 * caller gave none (records, spans). */
typedef heckel_status (*heckel_hash_middle)(const heckel_env *env, const void *context,
                                            heckel_middle *middle, uint64_t **storage);
heckel_status heckel_run(const heckel_env *env, size_t old_count, size_t new_count,
                         heckel_pair_equal trim_equal, heckel_pair_equal match_equal,
                         const void *context, const uint64_t *old_keys, const uint64_t *new_keys,
                         heckel_hash_middle hash_middle, heckel_result *result);

#endif
