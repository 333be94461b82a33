/* What the public entry points share: the argument checks every form makes,
 * the pass that checks matched pairs with an equality function, and the
 * byte inputs' seeded context. Each input form lives in a file of its own
 * (keys.c, records.c, spans.c, swift_strings.c), all feeding heckel_run. */
#ifndef HECKEL_INPUT_FORMS_H
#define HECKEL_INPUT_FORMS_H

#include "internal.h"
#ifdef HECKEL_TEST_HOOKS
#include "test_hooks.h"
#endif

/* Scratch takes under 64 bytes per element: below this many elements in
 * all, no size computed inside can overflow (a limit only 32-bit size_t
 * ever reaches). */
#define HECKEL_SCRATCH_ELEMENT_LIMIT (SIZE_MAX / 64)

/* The checks every entry point makes of its lists and result, before it
 * touches anything. */
static inline heckel_status heckel_check_lists(const void *old_list, size_t old_count, const void *new_list,
                                               size_t new_count, const heckel_result *result) {
    if (!result || (old_count && (!old_list || !result->old_to_new)) ||
        (new_count && (!new_list || !result->new_to_old)))
        return HECKEL_INVALID_ARGUMENT;
    if (old_count > HECKEL_MAX_COUNT || new_count > HECKEL_MAX_COUNT) return HECKEL_TOO_LARGE;
    if (new_count > HECKEL_SCRATCH_ELEMENT_LIMIT || old_count > HECKEL_SCRATCH_ELEMENT_LIMIT - new_count)
        return HECKEL_TOO_LARGE;
    return HECKEL_OK;
}

/* The first new offset in [first, end) whose matched pair equal() rejects,
 * or end (heckel_input.first_unequal). Always inlined: with a constant
 * equal, as for spans and Swift strings, the comparison inlines too. */
static inline __attribute__((always_inline)) size_t
heckel_first_unequal_with(heckel_equal_fn equal, void *context, const uint32_t *match, size_t prefix,
                          size_t first, size_t end) {
    for (size_t j = first; j < end; j++)
        if (match[j] != HECKEL_UNMATCHED && !equal(context, prefix + match[j], prefix + j)) return j;
    return end;
}

/* heckel_input.first_unequal of records (records.c), also for 64-bit keys at
 * a stride (keys.c): memcmp of the records' first size bytes. */
size_t heckel_records_first_unequal(const heckel_input *in, const uint32_t *match, size_t prefix,
                                    size_t first, size_t end);

/* Test builds let the tests weaken the keys of records, spans and Swift
 * strings (test_hooks.h); a no-op everywhere else. */
#ifdef HECKEL_TEST_HOOKS
#define HECKEL_TEST_KEYS(keys, count) heckel_test_keys(keys, count)
#else
#define HECKEL_TEST_KEYS(keys, count) ((void)0)
#endif

/* Records and spans keep the seed their keys are hashed with, drawn per call
 * (as Swift strings' keys are): with a fixed one (XXH3 unseeded, or any
 * fixed key function) crafted elements share one key, and many unequal
 * elements under one key cost the exact matcher O(n^2) comparisons. bytes
 * comes first: the equality functions take the context as the bytes. */
typedef struct heckel_seeded_bytes {
    heckel_bytes bytes;
    uint64_t seed;
} heckel_seeded_bytes;

#endif
