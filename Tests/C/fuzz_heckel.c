/*
 * libFuzzer target: arbitrary bytes become two lists over a small alphabet
 * (duplicates abound), presented through one of the APIs (keys, keys with a
 * callback, weak keys = value % k with a callback, records of 1 to 24 bytes,
 * spans; keys and records also laid out apart with junk between them and
 * matched where they lie, heckel_match_keys_at_stride and
 * heckel_match_records_at_stride), sometimes with a long common suffix,
 * failing allocations (the k-th, or every one from the k-th on), the cancel
 * flag raised at a fuzzed point (the k-th poll of the flag, allocation or
 * equality call), NULL for every empty array, moves = NULL, or an equality
 * callback that is not transitive or not even consistent. Aborts unless:
 * - an OK result passes check_result (or, with a callback that disagrees with
 *   the keys, keeps a sane structure and matches only pairs it calls equal);
 * - the callback only ever sees offsets inside the lists;
 * - an error is one the input asked for, leaves the outputs untouched and
 *   frees all it took;
 * - the same input gives the same output twice, and with the direct path
 *   for small lists turned off (the general path) when equality is by value.
 *
 * And heckel_find_moves on a mapping made of the new list's bytes, under
 * the same failing allocations and cancel point. Every call runs with a
 * fuzzed thread count; matching calls sometimes with ignore_order.
 *
 * Layout: [api+flags] [modulus+stride+equality] [element size+threads] [alphabet]
 *         [point] [point high+how+ignore_order] [split] then values.
 * Built twice by cmake -DHECKEL_FUZZ=ON (CC=/opt/swift/usr/bin/clang): over
 * the small-threshold core (heckel_fuzz) and the production one
 * (heckel_fuzz_production); both report their polls (HECKEL_TEST_HOOKS).
 * Seeds: Tests/C/corpus (written by Tests/C/corpus/make_corpus.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"

enum { MAX_LIST = 1 << 14, LONG_SUFFIX = 5000, HEADER = 7 };


/* Where a fuzzed cancel is raised. */
enum { CANCEL_AT_POLL, CANCEL_AT_ALLOCATION, CANCEL_AT_CALL };

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "heckel_fuzz: %s: %s\n", what, detail ? detail : "");
    abort();
}

typedef struct fuzz_case {
    test_run run;
    bool cancel, failing_allocation, fail_from;
    unsigned threads;
    bool ignore_order;
    int cancel_how;
    size_t point;
} fuzz_case;

/* Arms the case's faults for one call: the failing allocation (the k-th, or
 * every one from the k-th on) and a cancel raised at an allocation or a
 * poll; returns options over the counting allocator and the cancel flag. */
static heckel_options arm_faults(const fuzz_case *f, counting_allocator *c, int *flag) {
    *flag = 0;
    counting_init(c);
    if (f->failing_allocation) {
        if (f->fail_from) c->fail_from = f->point; else c->fail_at = f->point;
    }
    if (f->cancel && f->cancel_how == CANCEL_AT_ALLOCATION) c->raise_at = f->point, c->flag = flag;
    poll_hook_arm(f->cancel && f->cancel_how == CANCEL_AT_POLL ? f->point : 0);
    return (heckel_options){.allocator = &c->allocator, .cancel = flag, .threads = f->threads};
}

/* Whether a failing status is one the armed faults explain. */
static bool explained_failure(heckel_status status, const counting_allocator *c, int flag) {
    return (status == HECKEL_OUT_OF_MEMORY && c->failures > 0) || (status == HECKEL_CANCELLED && flag);
}

/* One run with fresh counters; checks what every run must satisfy. */
static heckel_status run_once(const fuzz_case *f, uint64_t *old, size_t n, uint64_t *new, size_t m,
                              uint64_t *digest) {
    int flag;
    counting_allocator c;
    heckel_options options = arm_faults(f, &c, &flag);
    options.ignore_order = f->ignore_order;
    test_run run = f->run;
    run.options = &options;
    run.digest = digest;
    if (f->cancel && f->cancel_how == CANCEL_AT_CALL) {
        run.cancel_on_equal = &flag;
        run.cancel_at_call = f->point;
    }
    const char *error = NULL;
    heckel_status status = run_and_check(&run, old, n, new, m, &error);
    poll_hook_arm(0);
    if (error) fail(api_name(run.api), error);
    if (c.live != 0) fail("leak", api_name(run.api));
    if (status != HECKEL_OK && !explained_failure(status, &c, flag))
        fail("unexpected status", heckel_status_description(status));
    return status;
}

/* heckel_find_moves over a mapping made from the new list's bytes (the
 * first occurrence of each byte pairs with old offset byte, later ones stay
 * unmatched), with the same failing allocations and cancel point. */
static void find_moves_once(const fuzz_case *f, const uint8_t *bytes, size_t count) {
    enum { OLD = 256 };
    heckel_offset *new_to_old = malloc((count + 1) * sizeof *new_to_old);
    heckel_offset *moves = malloc((count + 1) * sizeof *moves), old_to_new[OLD];
    if (!new_to_old || !moves) abort();
    for (size_t i = 0; i < OLD; i++) old_to_new[i] = HECKEL_UNMATCHED;
    size_t matches = 0;
    for (size_t j = 0; j < count; j++) {
        bool first = old_to_new[bytes[j]] == HECKEL_UNMATCHED;
        new_to_old[j] = first ? bytes[j] : HECKEL_UNMATCHED;
        if (first) old_to_new[bytes[j]] = (heckel_offset)j, matches++;
    }
    int flag;
    counting_allocator c;
    heckel_options options = arm_faults(f, &c, &flag);
    size_t move_count = (size_t)-1;
    heckel_status status = heckel_find_moves(count ? new_to_old : NULL, count, &options,
                                             f->run.null_moves ? NULL : moves, &move_count);
    poll_hook_arm(0);
    if (c.live != 0) fail("leak", "find_moves");
    if (status == HECKEL_OK) {
        heckel_result r = {.old_to_new = old_to_new, .new_to_old = new_to_old,
                           .moves = f->run.null_moves ? NULL : moves, .match_count = matches,
                           .move_count = move_count};
        const char *error = check_structure(OLD, count, &r, NULL);
        if (error) fail("find_moves", error);
    } else if (move_count != (size_t)-1) {
        fail("find_moves", "a failing call wrote its count");
    } else if (!explained_failure(status, &c, flag)) {
        fail("find_moves: unexpected status", heckel_status_description(status));
    }
    free(new_to_old);
    free(moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HEADER) return 0;
    uint8_t flags = data[0], how = data[5];
    fuzz_case f = {
        .run = {.api = (test_api)((flags & 7) % API_COUNT),
                .weak_modulus = 1 + data[1] % 8,
                .equality = (test_equality)((data[1] >> 4) % 3),
                .element_size = 1 + data[2] % 24,
                .null_when_empty = flags & 0x40,
                .null_moves = flags & 0x80,
                .stride_pad = data[1] & 0x08 ? 3 + (data[2] >> 5) : 0},
        .cancel = flags & 0x10,
        .failing_allocation = flags & 0x20,
        .fail_from = how & 0x40,
        .cancel_how = (how >> 4 & 3) % 3,
        .point = 1 + data[4] + ((size_t)(how & 0x0F) << 8),
        .threads = (unsigned[]){1, 1, 2, 3, 4, 0, 8, 1}[data[2] >> 5],
        .ignore_order = how & 0x80,
    };
    bool long_suffix = flags & 0x08;
    uint64_t alphabet = data[3] < 8 ? 256 : 1 + data[3] % 12;
    data += HEADER;
    size -= HEADER;
    size_t n = size ? data[-1] * size / 256 : 0, m = size - n;
    if (n > MAX_LIST || m > MAX_LIST) return 0;

    size_t extra = long_suffix ? LONG_SUFFIX : 0;
    uint64_t *old = malloc((n + extra + 1) * 8), *new = malloc((m + extra + 1) * 8);
    if (!old || !new) abort();
    for (size_t i = 0; i < n; i++) old[i] = data[i] % alphabet;
    for (size_t j = 0; j < m; j++) new[j] = data[n + j] % alphabet;
    for (size_t k = 0; k < extra; k++) /* a suffix reusing values of the lists */
        old[n + k] = new[m + k] = size ? data[k % size] % alphabet : k;

    uint64_t first = 0, second = 0;
    heckel_status status = run_once(&f, old, n + extra, new, m + extra, &first);
    /* Same input, same output: with nothing raised at a point that depends
     * on the call's random seed (polls), and a callback without state. */
    bool repeatable = !(f.cancel && f.cancel_how == CANCEL_AT_POLL) && f.run.equality != EQUAL_RANDOM;
    if (repeatable && run_once(&f, old, n + extra, new, m + extra, &second) != status)
        fail("same input, another status", api_name(f.run.api));
    if (repeatable && status == HECKEL_OK && first != second)
        fail("same input, another output", api_name(f.run.api));
    /* The direct path for small lists against the general one: the same
     * outputs (with values for equality; faults left out, they only fail). */
    if (status == HECKEL_OK && f.run.equality == EQUAL_VALUES) {
        fuzz_case general = f;
        general.cancel = general.failing_allocation = false;
        heckel_test_small_path_off = true;
        heckel_status general_status = run_once(&general, old, n + extra, new, m + extra, &second);
        heckel_test_small_path_off = false;
        if (general_status != HECKEL_OK || second != first)
            fail("the direct path and the general path differ", api_name(f.run.api));
    }
    find_moves_once(&f, data + n, m);
    free(old);
    free(new);
    return 0;
}
