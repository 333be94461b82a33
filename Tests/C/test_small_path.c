/* The small-list path (small_run.c) against the general path: on thousands
 * of random short shapes (duplicates, all equal, all distinct, reversed,
 * empty sides, sizes straddling HECKEL_SMALL_MAX) every output array and
 * counter must be byte-identical, with and without moves and ignore_order,
 * and a cancel raised before the call must return HECKEL_CANCELLED with the
 * outputs untouched. Built against heckel_small (HECKEL_TEST_HOOKS). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "heckel.h"

extern bool heckel_test_small_path_off;

static int failures;
static uint64_t state = 0x243F6A8885A308D3ull;

static uint64_t next_random(void) { /* xorshift64 */
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

#define MAX_SIDE 600
#define FILL 0xA5

typedef struct outputs {
    heckel_offset old_to_new[MAX_SIDE], new_to_old[MAX_SIDE], moves[MAX_SIDE];
    heckel_result r;
    heckel_status status;
} outputs;

static void run(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                size_t new_count, const heckel_options *options, bool with_moves, bool general,
                outputs *o) {
    memset(o, FILL, sizeof *o);
    o->r = (heckel_result){.old_to_new = o->old_to_new, .new_to_old = o->new_to_old,
                           .moves = with_moves ? o->moves : NULL};
    heckel_test_small_path_off = general;
    o->status = heckel_match_keys(old_keys, old_count, new_keys, new_count, NULL, NULL, options, &o->r);
    heckel_test_small_path_off = false;
}

/* Applying the result to old gives new: every new element is either
 * unmatched or paired with an old one of the same key, pairs agree both ways. */
static bool consistent(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                       size_t new_count, const outputs *o) {
    size_t matches = 0;
    for (size_t j = 0; j < new_count; j++) {
        heckel_offset i = o->new_to_old[j];
        if (i == HECKEL_UNMATCHED) continue;
        if (i >= old_count || old_keys[i] != new_keys[j] || o->old_to_new[i] != j) return false;
        matches++;
    }
    return matches == o->r.match_count;
}

static void compare(const char *shape, const uint64_t *old_keys, size_t old_count,
                    const uint64_t *new_keys, size_t new_count) {
    for (int variant = 0; variant < 3; variant++) {
        heckel_options options = {.ignore_order = variant == 2};
        bool with_moves = variant != 1;
        static outputs small, general;
        run(old_keys, old_count, new_keys, new_count, &options, with_moves, false, &small);
        run(old_keys, old_count, new_keys, new_count, &options, with_moves, true, &general);
        if (memcmp(&small.old_to_new, &general.old_to_new, sizeof small.old_to_new) ||
            memcmp(&small.new_to_old, &general.new_to_old, sizeof small.new_to_old) ||
            memcmp(&small.moves, &general.moves, sizeof small.moves) ||
            small.r.match_count != general.r.match_count || small.r.move_count != general.r.move_count ||
            small.status != HECKEL_OK || general.status != HECKEL_OK ||
            !consistent(old_keys, old_count, new_keys, new_count, &small)) {
            if (failures++ < 10)
                fprintf(stderr, "FAIL %s old %zu new %zu variant %d\n", shape, old_count, new_count, variant);
        }
    }
}

static void cancelled_before(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                             size_t new_count) {
    int cancel = 1;
    heckel_options options = {.cancel = &cancel};
    static outputs o;
    run(old_keys, old_count, new_keys, new_count, &options, true, false, &o);
    unsigned char untouched[sizeof o.old_to_new];
    memset(untouched, FILL, sizeof untouched);
    if (o.status != HECKEL_CANCELLED || memcmp(o.old_to_new, untouched, sizeof untouched) ||
        memcmp(o.new_to_old, untouched, sizeof untouched) || memcmp(o.moves, untouched, sizeof untouched)) {
        if (failures++ < 10) fprintf(stderr, "FAIL cancel old %zu new %zu\n", old_count, new_count);
    }
}

int main(void) {
    static uint64_t old_keys[MAX_SIDE], new_keys[MAX_SIDE];
    static const char *const shapes[] = {"random", "all-equal", "all-distinct", "reversed", "prefixed"};
    int cases = 0;
    for (int round = 0; round < 4000; round++) {
        int shape = round % 5;
        /* Sizes mostly small, some straddling the bound (old + new near 512). */
        size_t limit = round % 7 == 0 ? 300 : 40;
        size_t old_count = next_random() % (limit + 1), new_count = next_random() % (limit + 1);
        if (round % 11 == 0) old_count = 0;
        if (round % 13 == 0) new_count = 0;
        uint64_t alphabet = shape == 1 ? 1 : 1 + next_random() % 64;
        for (size_t i = 0; i < old_count; i++)
            old_keys[i] = shape == 2 ? i * 0x9E3779B97F4A7C15ull : next_random() % alphabet;
        for (size_t j = 0; j < new_count; j++) {
            if (shape == 2) new_keys[j] = (next_random() % (old_count + 8)) * 0x9E3779B97F4A7C15ull;
            else if (shape == 3 && j < old_count) new_keys[j] = old_keys[old_count - 1 - j];
            else if (shape == 4 && j < old_count && j < 20) new_keys[j] = old_keys[j];
            else new_keys[j] = next_random() % alphabet;
        }
        /* Keys that share a table slot: multiples of a large power of two. */
        if (round % 17 == 0) {
            for (size_t i = 0; i < old_count; i++) old_keys[i] <<= 54;
            for (size_t j = 0; j < new_count; j++) new_keys[j] <<= 54;
        }
        compare(shapes[shape], old_keys, old_count, new_keys, new_count);
        if (round % 50 == 0) cancelled_before(old_keys, old_count, new_keys, new_count);
        cases++;
    }
    /* Exactly at, just above and far above the bound, with a common prefix and suffix. */
    const size_t totals[] = {510, 511, 512, 513, 514, 600, 1000};
    for (size_t t = 0; t < sizeof totals / sizeof *totals; t++) {
        for (size_t prefix = 0; prefix < 40; prefix += 13) {
            size_t old_count = totals[t] / 2 + prefix, new_count = totals[t] - totals[t] / 2 + prefix;
            if (old_count > MAX_SIDE || new_count > MAX_SIDE) continue;
            for (size_t i = 0; i < old_count; i++) old_keys[i] = next_random() % 50;
            for (size_t j = 0; j < new_count; j++) new_keys[j] = j < prefix ? old_keys[j] : next_random() % 50;
            compare("bound", old_keys, old_count, new_keys, new_count);
            cases++;
        }
    }
    printf("test_small_path: %d shapes, %d failures\n", cases, failures);
    return failures ? 1 : 0;
}
