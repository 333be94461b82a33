/* heckel_find_moves: the moves of random pairings (permutations with
 * unmatched entries) are minimal, valid and ascending; they equal what the
 * matching functions report; bad arguments, cancellation and allocation
 * failure leave the outputs untouched and leak nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "test_support.h"

/* NULL, or what is wrong with moves[0 ..< move_count] for pairs. */
static const char *check_moves(const heckel_offset *pairs, size_t count, const heckel_offset *moves,
                               size_t move_count) {
    size_t listed = 0;
    heckel_offset last_kept = 0;
    bool any_kept = false;
    for (size_t j = 0; j < count; j++) {
        if (pairs[j] == HECKEL_UNMATCHED) {
            if (listed < move_count && moves[listed] == j) return "an unmatched position is a move";
            continue;
        }
        if (listed < move_count && moves[listed] == j) {
            listed++;
            continue;
        }
        if (any_kept && pairs[j] <= last_kept) return "kept pairs not increasing";
        last_kept = pairs[j];
        any_kept = true;
    }
    if (listed != move_count) return "moves not ascending or out of range";
    if (move_count != fewest_moves(pairs, count)) return "move count not minimal";
    return NULL;
}

/* count positions; each matched (probability matched_percent) with a
 * distinct old offset, mostly in order with `shuffled` random swaps. */
static heckel_offset *random_pairs(test_rng *rng, size_t count, unsigned matched_percent,
                                   size_t shuffled) {
    heckel_offset *pairs = malloc((count + 1) * sizeof *pairs);
    heckel_offset old = 0;
    for (size_t j = 0; j < count; j++) {
        old += 1 + (heckel_offset)rng_below(rng, 3); /* gaps: old elements deleted */
        pairs[j] = rng_below(rng, 100) < matched_percent ? old : HECKEL_UNMATCHED;
    }
    for (size_t k = 0; count && k < shuffled; k++) {
        size_t a = rng_below(rng, count), b = rng_below(rng, count);
        heckel_offset t = pairs[a]; pairs[a] = pairs[b]; pairs[b] = t;
    }
    return pairs;
}

/* What heavy duplicates give: each new element takes the next old
 * occurrence of its value, so the pairs are `values` increasing runs of old
 * offsets interleaved at random (old offsets dealt to values at random).
 * Most elements then land near the end of the longest runs found so far:
 * the move pass's search near the end. */
static heckel_offset *interleaved_runs(test_rng *rng, size_t count, size_t values) {
    heckel_offset *pairs = malloc((count + 1) * sizeof *pairs);
    size_t *next = calloc(values, sizeof *next), *left = calloc(values, sizeof *left);
    size_t *value_of = malloc((count + 1) * sizeof *value_of);
    for (size_t i = 0; i < count; i++) left[value_of[i] = rng_below(rng, values)]++;
    for (size_t j = 0, remaining = count; j < count; j++, remaining--) {
        size_t pick = rng_below(rng, remaining), v = 0; /* a value, by occurrences left */
        while (pick >= left[v]) pick -= left[v++];
        while (value_of[next[v]] != v) next[v]++;
        pairs[j] = (heckel_offset)next[v]++;
        left[v]--;
    }
    free(next);
    free(left);
    free(value_of);
    return pairs;
}

/* One search landing `distance` ends before the end of the runs, and the
 * longest run through the element it placed: `run` offsets 4k + 4, then
 * 4 (run - distance) + 1 (its run is as long as its search found), then
 * distance + 1 offsets above it. A search that lands one place wrong makes
 * the moves wrong (fewest_moves) or invalid. */
static heckel_offset *landing(size_t run, size_t distance, size_t *count) {
    heckel_offset *pairs = malloc((run + distance + 3) * sizeof *pairs);
    size_t j = 0;
    for (size_t k = 0; k < run; k++) pairs[j++] = (heckel_offset)(4 * k + 4);
    pairs[j++] = (heckel_offset)(4 * (run - distance) + 1);
    for (size_t k = run - distance; k <= run; k++) pairs[j++] = (heckel_offset)(4 * k + 2);
    *count = j;
    return pairs;
}

/* The moves of pairs (then freed) are minimal and valid. */
static void expect_minimal(test_tally *t, heckel_offset *pairs, size_t count, const char *what) {
    heckel_offset *moves = malloc((count + 1) * sizeof *moves);
    size_t move_count = TEST_CANARY;
    heckel_status status = heckel_find_moves(pairs, count, NULL, moves, &move_count);
    const char *error = status != HECKEL_OK ? heckel_status_description(status)
                                            : check_moves(pairs, count, moves, move_count);
    tally_expect(t, !error, what, error);
    free(pairs);
    free(moves);
}

/* Heavy duplicates' shapes, and searches landing at every distance from the
 * end of the runs (5,000 to 300,000 positions: the search's top level too). */
static void search_shapes(test_tally *t) {
    test_rng rng = {11};
    static const size_t sizes[] = {5000, 100000, 300000}, values[] = {2, 10, 100};
    char what[96];
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
            snprintf(what, sizeof what, "interleaved runs: %zu positions, %zu values", sizes[s], values[v]);
            expect_minimal(t, interleaved_runs(&rng, sizes[s], values[v]), sizes[s], what);
        }
    }
    /* Every distance up to past the search's near stretch (1,024 ends), at a
     * run length without the top level of its summary and one with. */
    static const size_t runs[] = {5000, 70000};
    for (size_t r = 0; r < 2; r++) {
        for (size_t distance = 2; distance < 1200; distance += 1 + 6 * r) {
            size_t count;
            heckel_offset *pairs = landing(runs[r], distance, &count);
            snprintf(what, sizeof what, "a search landing %zu ends before a run of %zu", distance, runs[r]);
            expect_minimal(t, pairs, count, what);
        }
    }
}

static void random_shapes(test_tally *t) {
    test_rng rng = {7};
    static const size_t sizes[] = {0, 1, 2, 3, 10, 100, 1000, 5000, 100000};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        for (int trial = 0; trial < 20; trial++) {
            size_t count = sizes[s];
            size_t shuffled = trial % 4 == 0 ? 0 : trial % 4 == 1 ? 1 : rng_below(&rng, count + 1);
            heckel_offset *pairs = random_pairs(&rng, count, (unsigned)(40 + trial * 3), shuffled);
            heckel_offset *moves = malloc((count + 1) * sizeof *moves);
            memset(moves, 0xA5, (count + 1) * sizeof *moves);
            size_t move_count = TEST_CANARY, counted = TEST_CANARY;
            heckel_status status = heckel_find_moves(pairs, count, NULL, moves, &move_count);
            const char *error = status != HECKEL_OK ? heckel_status_description(status)
                                                    : check_moves(pairs, count, moves, move_count);
            if (!error && moves[count] != TEST_CANARY) error = "wrote past moves";
            /* moves = NULL: the same count, nothing written. */
            if (!error && (heckel_find_moves(pairs, count, NULL, NULL, &counted) != HECKEL_OK ||
                           counted != move_count))
                error = "moves = NULL gives another count";
            char what[96];
            snprintf(what, sizeof what, "random pairs: %zu positions, %zu swaps", count, shuffled);
            tally_expect(t, !error, what, error);
            free(pairs);
            free(moves);
        }
    }
}

/* The matching functions and heckel_find_moves agree: one owner of moves. */
static void agrees_with_matching(test_tally *t) {
    test_rng rng = {11};
    for (int trial = 0; trial < 30; trial++) {
        size_t old_count = rng_below(&rng, 3000), new_count = rng_below(&rng, 3000);
        uint64_t *old = malloc((old_count + 1) * 8), *new = malloc((new_count + 1) * 8);
        for (size_t i = 0; i < old_count; i++) old[i] = rng_below(&rng, old_count + 1);
        for (size_t j = 0; j < new_count; j++)
            new[j] = j < old_count && rng_below(&rng, 4) ? old[j] : rng_below(&rng, new_count + 1);
        heckel_offset *o2n = malloc((old_count + 1) * 4), *n2o = malloc((new_count + 1) * 4);
        heckel_offset *moves = malloc((new_count + 1) * 4), *found = malloc((new_count + 1) * 4);
        heckel_result r = {.old_to_new = o2n, .new_to_old = n2o, .moves = moves};
        size_t found_count = 0;
        bool ok = heckel_match_keys(old, old_count, new, new_count, NULL, NULL, NULL, &r) == HECKEL_OK &&
                  heckel_find_moves(n2o, new_count, NULL, found, &found_count) == HECKEL_OK &&
                  found_count == r.move_count &&
                  memcmp(found, moves, found_count * sizeof *found) == 0;
        tally_expect(t, ok, "find_moves agrees with match_keys' moves", NULL);
        free(old); free(new); free(o2n); free(n2o); free(moves); free(found);
    }
}

static void expect_refused(test_tally *t, heckel_status got, heckel_status want,
                           const heckel_offset *moves, size_t move_count, const char *what) {
    bool ok = got == want && move_count == TEST_CANARY;
    for (int k = 0; k < 4; k++) ok = ok && moves[k] == TEST_CANARY;
    tally_expect(t, ok, what, got != want ? heckel_status_description(got) : ok ? NULL : "outputs written");
}

static void errors(test_tally *t) {
    heckel_offset pairs[4] = {3, 1, HECKEL_UNMATCHED, 0}, moves[4];
    size_t move_count = TEST_CANARY;
    memset(moves, 0xA5, sizeof moves);
    expect_refused(t, heckel_find_moves(pairs, 4, NULL, moves, NULL), HECKEL_INVALID_ARGUMENT,
                   moves, move_count, "NULL move_count");
    expect_refused(t, heckel_find_moves(NULL, 4, NULL, moves, &move_count), HECKEL_INVALID_ARGUMENT,
                   moves, move_count, "NULL new_to_old");
    expect_refused(t, heckel_find_moves(pairs, HECKEL_MAX_COUNT + 1, NULL, moves, &move_count),
                   HECKEL_TOO_LARGE, moves, move_count, "too many positions");
    heckel_offset too_big[3] = {0, HECKEL_MAX_COUNT, 1};
    expect_refused(t, heckel_find_moves(too_big, 3, NULL, moves, &move_count), HECKEL_INVALID_ARGUMENT,
                   moves, move_count, "an old offset of HECKEL_MAX_COUNT");
    int flag = 1;
    heckel_options cancelled = {.cancel = &flag};
    expect_refused(t, heckel_find_moves(pairs, 4, &cancelled, moves, &move_count), HECKEL_CANCELLED,
                   moves, move_count, "cancel flag raised");
    size_t empty_count = TEST_CANARY;
    tally_expect(t, heckel_find_moves(NULL, 0, NULL, NULL, &empty_count) == HECKEL_OK && empty_count == 0,
                 "no positions, NULL arrays: no moves", NULL);
}

/* Each allocation fails in turn, or raises the cancel flag: the status says
 * so, the outputs stay untouched, nothing leaks. */
static void allocations(test_tally *t) {
    test_rng rng = {3};
    heckel_offset *pairs = random_pairs(&rng, 20000, 80, 500);
    heckel_offset moves[20001];
    size_t faulted = 0; /* cases where the k-th allocation existed */
    for (size_t k = 1; k <= 3; k++) {
        for (int raise = 0; raise < 2; raise++) {
            counting_allocator c;
            counting_init(&c);
            int flag = 0;
            if (raise) {
                c.raise_at = k;
                c.flag = &flag;
            } else {
                c.fail_at = k;
            }
            heckel_options options = {.allocator = &c.allocator, .cancel = &flag};
            size_t move_count = TEST_CANARY;
            memset(moves, 0xA5, sizeof moves);
            heckel_status got = heckel_find_moves(pairs, 20000, &options, moves, &move_count);
            heckel_status want = k > c.calls ? HECKEL_OK : raise ? HECKEL_CANCELLED : HECKEL_OUT_OF_MEMORY;
            char what[80];
            snprintf(what, sizeof what, "allocation %zu %s", k, raise ? "raises cancel" : "fails");
            if (want == HECKEL_OK) {
                tally_expect(t, got == HECKEL_OK && c.live == 0, what, "past the last allocation");
                continue;
            }
            faulted++;
            expect_refused(t, got, want, moves, move_count, what);
            tally_expect(t, c.live == 0, what, "leaked");
        }
    }
    /* Without this, a find_moves that stopped allocating would pass every case above. */
    tally_expect(t, faulted >= 2, "allocations", "no allocation was ever faulted");
    free(pairs);
}

int main(void) {
    test_tally t = {0};
    random_shapes(&t);
    search_shapes(&t);
    agrees_with_matching(&t);
    errors(&t);
    allocations(&t);
    return tally_finish(&t);
}
