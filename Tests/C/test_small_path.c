/* The direct path (small_run.c) against the general path: on thousands of
 * random shapes (heavy duplicates, all equal, all distinct, reversed, empty
 * sides, keys sharing table slots, keys crowding one slot, sizes straddling
 * the stack bound HECKEL_STACK_MAX = 512 and the library's HECKEL_SMALL_MAX,
 * SMALL_MAX here: 1024 in heckel_small, 65534 in the production-threshold
 * build of test_small_path_production) every output array and counter must be byte-identical, with and
 * without moves and ignore_order, and correct by the values alone
 * (check_result). The allocator's call count shows which path ran: none on
 * the stack, one block on the heap, more on the general path, so each shape
 * is also checked to reach the path it is meant for. A cancel raised before
 * the call must return HECKEL_CANCELLED with the outputs untouched. Built
 * against a core with HECKEL_TEST_HOOKS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "heckel.h"
#include "test_support.h"

extern bool heckel_test_small_path_off;

#define STACK_MAX 512 /* HECKEL_STACK_MAX */
#ifndef SMALL_MAX /* the library's HECKEL_SMALL_MAX: heckel_small's, or the production one */
#define SMALL_MAX 1024
#endif
#define MAX_SIDE (SMALL_MAX + 1024)
#define FILL 0xA5
/* The direct path's slot hash: the top bits of key * HASH_MULTIPLIER. */
#define HASH_MULTIPLIER 0x9E3779B97F4A7C15ull

typedef struct outputs {
    heckel_offset old_to_new[MAX_SIDE], new_to_old[MAX_SIDE], moves[MAX_SIDE];
    heckel_result r;
    heckel_status status;
    size_t allocations;
} outputs;

static void run(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                size_t new_count, bool ignore_order, bool with_moves, bool general, outputs *o) {
    memset(o, FILL, sizeof *o);
    counting_allocator c;
    counting_init(&c);
    heckel_options options = {.ignore_order = ignore_order, .allocator = &c.allocator};
    o->r = (heckel_result){.old_to_new = o->old_to_new, .new_to_old = o->new_to_old,
                           .moves = with_moves ? o->moves : NULL};
    heckel_test_small_path_off = general;
    o->status = heckel_match_keys(old_keys, old_count, new_keys, new_count, NULL, NULL, &options, &o->r);
    heckel_test_small_path_off = false;
    o->allocations = c.calls;
}

/* Which path a shape must take. */
typedef enum path { STACK, HEAP, GENERAL, ANY } path;

static const char *path_name(size_t allocations) {
    return allocations == 0 ? "stack" : allocations == 1 ? "heap" : "general";
}

static void compare(test_tally *t, const char *shape, uint64_t *old_keys, size_t old_count,
                    uint64_t *new_keys, size_t new_count, path expected) {
    for (int variant = 0; variant < 3; variant++) {
        bool ignore_order = variant == 2, with_moves = variant != 1;
        static outputs direct, general;
        run(old_keys, old_count, new_keys, new_count, ignore_order, with_moves, false, &direct);
        run(old_keys, old_count, new_keys, new_count, ignore_order, with_moves, true, &general);
        const char *error = direct.status == HECKEL_OK && !ignore_order
                                ? check_result(old_keys, old_count, new_keys, new_count, &direct.r)
                                : NULL;
        bool same = !memcmp(&direct.old_to_new, &general.old_to_new, sizeof direct.old_to_new) &&
                    !memcmp(&direct.new_to_old, &general.new_to_old, sizeof direct.new_to_old) &&
                    !memcmp(&direct.moves, &general.moves, sizeof direct.moves) &&
                    direct.r.match_count == general.r.match_count &&
                    direct.r.move_count == general.r.move_count;
        /* The prefix alone decides nothing: paths are told apart only where
         * a middle is left (both sides non-empty after it). */
        bool took = expected == ANY ||
                    (expected == STACK ? direct.allocations == 0
                     : expected == HEAP ? direct.allocations == 1
                                        : direct.allocations > 1);
        char detail[160];
        snprintf(detail, sizeof detail, "%s, old %zu, new %zu, variant %d, %s path%s%s", shape,
                 old_count, new_count, variant, path_name(direct.allocations), error ? ": " : "",
                 error ? error : "");
        tally_expect(t, direct.status == HECKEL_OK && general.status == HECKEL_OK && same && !error,
                     "direct path = general path, and correct", detail);
        tally_expect(t, took, "the shape reaches its path", detail);
    }
}

static void cancelled_before(test_tally *t, const uint64_t *old_keys, size_t old_count,
                             const uint64_t *new_keys, size_t new_count) {
    int cancel = 1;
    heckel_options options = {.cancel = &cancel};
    static outputs o;
    memset(&o, FILL, sizeof o);
    o.r = (heckel_result){.old_to_new = o.old_to_new, .new_to_old = o.new_to_old, .moves = o.moves};
    heckel_status status = heckel_match_keys(old_keys, old_count, new_keys, new_count, NULL, NULL, &options, &o.r);
    unsigned char untouched[sizeof o.old_to_new];
    memset(untouched, FILL, sizeof untouched);
    char detail[80];
    snprintf(detail, sizeof detail, "old %zu, new %zu", old_count, new_count);
    tally_expect(t, status == HECKEL_CANCELLED && !memcmp(o.old_to_new, untouched, sizeof untouched) &&
                        !memcmp(o.new_to_old, untouched, sizeof untouched) &&
                        !memcmp(o.moves, untouched, sizeof untouched),
                 "cancelled before the call: outputs untouched", detail);
}

/* The inverse of an odd number modulo 2^64 (Newton's iteration). */
static uint64_t inverse(uint64_t odd) {
    uint64_t x = odd;
    for (int k = 0; k < 6; k++) x *= 2 - odd * x;
    return x;
}

/* A key whose hash product is (group << 60) + member (group < 16, member
 * small): the keys of a group share one home slot, the groups' home slots
 * apart, in any table (16 slots at least). */
static uint64_t slot_sharer(uint64_t group, uint64_t member) {
    return ((group << 60) + member) * inverse(HASH_MULTIPLIER);
}

/* The path a shape with these sizes takes unless its keys crowd the table:
 * what is left after the common prefix decides. */
static path path_for(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                     size_t new_count) {
    size_t prefix = 0;
    while (prefix < old_count && prefix < new_count && old_keys[prefix] == new_keys[prefix]) prefix++;
    if (prefix == old_count || prefix == new_count) return ANY; /* nothing or one side left */
    size_t suffix = 0;
    while (suffix < old_count - prefix && suffix < new_count - prefix &&
           old_keys[old_count - 1 - suffix] == new_keys[new_count - 1 - suffix])
        suffix++;
    if (suffix >= 8) return ANY; /* heckel_small may trim it, and then match in general */
    size_t middle = old_count + new_count - 2 * prefix;
    return middle <= STACK_MAX ? STACK : middle <= SMALL_MAX ? HEAP : GENERAL;
}

int main(void) {
    test_tally t = {0};
    test_rng rng = {0x243F6A8885A308D3ull};
    static uint64_t old_keys[MAX_SIDE], new_keys[MAX_SIDE];
    static const char *const shapes[] = {"random", "all-equal", "all-distinct", "reversed",
                                         "prefixed", "slot-sharing"};
    enum { SHAPES = sizeof shapes / sizeof *shapes };
    for (int round = 0; round < 3000; round++) {
        int shape = round % SHAPES;
        /* Sizes mostly small, some straddling 512 and 1024 (old + new). */
        size_t limit = round % 7 == 0 ? 300 : round % 7 == 1 ? 560 : 40;
        size_t old_count = rng_below(&rng, limit + 1), new_count = rng_below(&rng, limit + 1);
        if (round % 11 == 0) old_count = 0;
        if (round % 13 == 0) new_count = 0;
        uint64_t alphabet = shape == 1 ? 1 : 1 + rng_below(&rng, 64);
        for (size_t i = 0; i < old_count; i++)
            old_keys[i] = shape == 2   ? i * 0x9E3779B97F4A7C15ull
                          : shape == 5 ? slot_sharer(rng_below(&rng, 16), rng_below(&rng, 3))
                                       : rng_below(&rng, alphabet);
        for (size_t j = 0; j < new_count; j++) {
            if (shape == 2) new_keys[j] = rng_below(&rng, old_count + 8) * 0x9E3779B97F4A7C15ull;
            else if (shape == 3 && j < old_count) new_keys[j] = old_keys[old_count - 1 - j];
            else if (shape == 4 && j < old_count && j < 20) new_keys[j] = old_keys[j];
            else if (shape == 5) new_keys[j] = slot_sharer(rng_below(&rng, 16), rng_below(&rng, 4));
            else new_keys[j] = rng_below(&rng, alphabet);
        }
        compare(&t, shapes[shape], old_keys, old_count, new_keys, new_count,
                path_for(old_keys, old_count, new_keys, new_count));
        if (round % 50 == 0) cancelled_before(&t, old_keys, old_count, new_keys, new_count);
    }
    /* Exactly at, just above and far above both bounds, with a common
     * prefix, heavy duplicates (50 values) or none. */
    const size_t totals[] = {510, 511, 512, 513, 514, 600, SMALL_MAX - 2, SMALL_MAX - 1, SMALL_MAX,
                             SMALL_MAX + 1, SMALL_MAX + 2, SMALL_MAX + 900};
    for (size_t k = 0; k < sizeof totals / sizeof *totals; k++) {
        for (size_t prefix = 0; prefix < 40; prefix += 13) {
            for (uint64_t alphabet = 50; alphabet; alphabet = alphabet == 50 ? UINT64_MAX : 0) {
                size_t old_count = totals[k] / 2 + prefix, new_count = totals[k] - totals[k] / 2 + prefix;
                for (size_t i = 0; i < old_count; i++) old_keys[i] = rng_below(&rng, alphabet);
                for (size_t j = 0; j < new_count; j++)
                    new_keys[j] = j < prefix ? old_keys[j] : rng_below(&rng, alphabet);
                compare(&t, "bound", old_keys, old_count, new_keys, new_count,
                        path_for(old_keys, old_count, new_keys, new_count));
            }
        }
    }
    /* Keys crowding one home slot: linear probing runs out of its budget,
     * and the call goes to the general path, with the same output. On the
     * stack and on the heap, with some crowding keys shared by new. */
    const size_t crowded[] = {40, 200, 450, 900};
    for (size_t k = 0; k < sizeof crowded / sizeof *crowded; k++) {
        size_t old_count = crowded[k] / 2, new_count = crowded[k] - old_count;
        for (size_t i = 0; i < old_count; i++) old_keys[i] = slot_sharer(7, i);
        for (size_t j = 0; j < new_count; j++) new_keys[j] = slot_sharer(7, rng_below(&rng, 2 * old_count));
        new_keys[0] = ~new_keys[0]; /* no common prefix */
        compare(&t, "crowding", old_keys, old_count, new_keys, new_count, GENERAL);
    }
    return tally_finish(&t);
}
