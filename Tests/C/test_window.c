/* The window output (heckel_options.window) against the full output of the
 * same call: same status, counters and moves; the window's entries equal the
 * full output's; every entry outside it untouched, and what the full output
 * holds there the arithmetic heckel.h gives (k below the prefix, k plus the
 * shift past the suffix). Over every input form, 1 and 2 threads, lists with
 * long common prefixes and suffixes, duplicates across the suffix's edge
 * (which make the core match the suffix again), empty and equal lists, and,
 * in the test-hook build (the _small variant), the direct path and the
 * general path on the same input. (Two threads run only in the _small
 * variant, whose thread grain is small: the production one keeps these
 * lists on one thread.) Then bad arguments, a raised cancel flag and every
 * failed allocation with the window asked for: status, outputs and counters
 * untouched (the window's report too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"

#ifdef HECKEL_TEST_HOOKS
#endif

/* The forms compared; spans are the values' decimal text (0: empty). */
typedef enum form { KEYS, KEYS_CALLBACK, RECORDS, SPANS, KEYED_SPANS, FORMS } form;
static const char *const form_names[FORMS] = {"keys", "keys+callback", "records", "spans", "keyed spans"};

typedef struct spans {
    heckel_span *spans;
    uint64_t *keys;
    char *text;
} spans;

static void spans_make(spans *s, const uint64_t *values, size_t count) {
    s->spans = malloc((count + 1) * sizeof *s->spans);
    s->keys = malloc((count + 1) * sizeof *s->keys);
    s->text = malloc((count + 1) * 24);
    if (!s->spans || !s->keys || !s->text) abort();
    for (size_t k = 0; k < count; k++) {
        char *at = s->text + 24 * k;
        size_t length = values[k] ? (size_t)snprintf(at, 24, "%llu", (unsigned long long)values[k]) : 0;
        s->spans[k] = (heckel_span){.bytes = length ? at : NULL, .length = length};
        s->keys[k] = heckel_hash_bytes(at, length);
    }
}

static void spans_free(spans *s) {
    free(s->spans);
    free(s->keys);
    free(s->text);
}

static bool values_equal(void *context, size_t i, size_t j) {
    const uint64_t *const *lists = context;
    return lists[0][i] == lists[1][j];
}

static heckel_status call(form f, const uint64_t *old, size_t old_count, const uint64_t *new,
                          size_t new_count, const spans *old_spans, const spans *new_spans,
                          const heckel_options *options, heckel_result *r) {
    const uint64_t *lists[2] = {old, new};
    switch (f) {
    case KEYS: return heckel_match_keys(old, old_count, new, new_count, NULL, NULL, options, r);
    case KEYS_CALLBACK:
        return heckel_match_keys(old, old_count, new, new_count, values_equal, lists, options, r);
    case RECORDS: return heckel_match_records(old, old_count, new, new_count, 8, options, r);
    case SPANS:
        return heckel_match_spans(old_spans->spans, old_count, new_spans->spans, new_count, options, r);
    case KEYED_SPANS:
        return heckel_match_keyed_spans(old_spans->spans, old_spans->keys, old_count, new_spans->spans,
                                        new_spans->keys, new_count, options, r);
    case FORMS: break;
    }
    return HECKEL_INVALID_ARGUMENT;
}

static const heckel_window canary_window = {TEST_CANARY, TEST_CANARY};

/* Whether entries [first, end) of a full output are k + shift (wrapping
 * subtraction when shift is "negative"). */
static bool shifted(const uint32_t *full, size_t first, size_t end, size_t shift) {
    for (size_t k = first; k < end; k++)
        if (full[k] != (uint32_t)(k + shift)) return false;
    return true;
}

/* One side: the window's entries as the full output's, the rest untouched,
 * and the full output there as heckel.h describes. */
static const char *compare_side(const uint32_t *full, const uint32_t *window, size_t count,
                                size_t prefix, size_t suffix, size_t shift) {
    size_t end = count - suffix;
    if (memcmp(full + prefix, window + prefix, (end - prefix) * 4) != 0) return "window entries differ";
    if (!canaries_untouched(window, prefix) || !canaries_untouched(window + end, suffix + 1))
        return "entries outside the window written";
    if (!shifted(full, 0, prefix, 0)) return "full output's prefix not the identity";
    if (!shifted(full, end, count, shift)) return "full output's suffix not shifted";
    return NULL;
}

/* Runs the form with the full and the window output (threads, direct path
 * off or on) and compares. */
static const char *compare(form f, const uint64_t *old, size_t old_count, const uint64_t *new,
                           size_t new_count, unsigned threads, bool general, size_t *trimmed) {
    spans old_spans, new_spans;
    spans_make(&old_spans, old, old_count);
    spans_make(&new_spans, new, new_count);
    test_outputs full, window;
    outputs_make(&full, old_count, new_count);
    outputs_make(&window, old_count, new_count);
    heckel_window report = canary_window;
    heckel_options full_options = {.threads = threads}, window_options = {.threads = threads, .window = &report};
#ifdef HECKEL_TEST_HOOKS
    heckel_test_small_path_off = general;
#else
    (void)general;
#endif
    heckel_status full_status = call(f, old, old_count, new, new_count, &old_spans, &new_spans,
                                     &full_options, &full.result);
    heckel_status window_status = call(f, old, old_count, new, new_count, &old_spans, &new_spans,
                                       &window_options, &window.result);
#ifdef HECKEL_TEST_HOOKS
    heckel_test_small_path_off = false;
#endif
    const char *error = NULL;
    const heckel_result *w = &window.result;
    const heckel_window *trim = &report;
    size_t shorter = old_count < new_count ? old_count : new_count;
    if (full_status != HECKEL_OK || window_status != HECKEL_OK) error = "status not OK";
    else if (threads == 1 && !general && (error = check_result(old, old_count, new, new_count, &full.result))) {
        /* the full output checked against the values once per input */
    } else if (trim->prefix > shorter || trim->suffix > shorter - trim->prefix) error = "prefix + suffix too long";
    else if (w->match_count != full.result.match_count || w->move_count != full.result.move_count)
        error = "counters differ";
    else if (memcmp(full.moves, window.moves, (full.shorter + 1) * 4) != 0) error = "moves differ";
    else if (!(error = compare_side(full.o2n, window.o2n, old_count, trim->prefix, trim->suffix,
                                    new_count - old_count)))
        error = compare_side(full.n2o, window.n2o, new_count, trim->prefix, trim->suffix,
                             old_count - new_count);
    if (!error && trimmed) *trimmed = trim->prefix + trim->suffix;
    outputs_free(&full);
    outputs_free(&window);
    spans_free(&old_spans);
    spans_free(&new_spans);
    return error;
}

/* Lists sharing a prefix and a suffix around random middles: values from
 * alphabet (small: duplicates everywhere, across the suffix's edge too). */
static void make_lists(test_rng *rng, uint64_t *old, size_t old_count, uint64_t *new, size_t new_count,
                       size_t prefix, size_t suffix, uint64_t alphabet) {
    for (size_t k = 0; k < prefix; k++) old[k] = new[k] = rng_below(rng, alphabet) + 1;
    for (size_t k = 0; k < suffix; k++)
        old[old_count - 1 - k] = new[new_count - 1 - k] = rng_below(rng, alphabet) + 1;
    size_t old_middle = old_count - prefix - suffix, new_middle = new_count - prefix - suffix;
    for (size_t i = 0; i < old_middle; i++) old[prefix + i] = rng_below(rng, alphabet) + 1;
    for (size_t j = 0; j < new_middle; j++) /* mostly the old middle, some fresh, a few moved */
        new[prefix + j] = j < old_middle && rng_below(rng, 4) ? old[prefix + j] : rng_below(rng, alphabet) + 1;
    for (size_t k = 0; new_middle && k < new_middle / 16 + 1; k++) {
        size_t a = prefix + rng_below(rng, new_middle), b = prefix + rng_below(rng, new_middle);
        uint64_t v = new[a]; new[a] = new[b]; new[b] = v;
    }
}

static void expect_same(test_tally *t, form f, const uint64_t *old, size_t old_count, const uint64_t *new,
                        size_t new_count, const char *label, size_t *trimmed) {
    static const unsigned thread_counts[] = {1, 2};
    for (int general = 0; general < 2; general++) {
        for (size_t k = 0; k < 2; k++) {
            const char *error = compare(f, old, old_count, new, new_count, thread_counts[k], general, trimmed);
            char what[160];
            snprintf(what, sizeof what, "window = full: %s via %s (old %zu, new %zu, %u threads, %s path)",
                     label, form_names[f], old_count, new_count, thread_counts[k],
                     general ? "general" : "usual");
            tally_expect(t, !error, what, error);
        }
#ifndef HECKEL_TEST_HOOKS
        break; /* no hook to turn the direct path off */
#endif
    }
}

/* Random lists over sizes that take the direct path and the general one,
 * with prefixes and suffixes from none to all of the shorter list. */
static void random_inputs(test_tally *t) {
    test_rng rng = {11};
    size_t trimmed_some = 0, calls = 0;
    for (int trial = 0; trial < 90; trial++) {
        size_t scale = trial % 3 == 0 ? 40 : trial % 3 == 1 ? 3000 : 40000;
        size_t old_count = rng_below(&rng, scale + 1), new_count = rng_below(&rng, scale + 1);
        size_t shorter = old_count < new_count ? old_count : new_count;
        size_t prefix = shorter ? rng_below(&rng, shorter + 1) : 0;
        size_t suffix = shorter - prefix ? rng_below(&rng, shorter - prefix + 1) : 0;
        if (trial % 5 == 0) suffix = shorter - prefix; /* one list inside the other, or equal */
        uint64_t *old = malloc((old_count + 1) * 8), *new = malloc((new_count + 1) * 8);
        if (!old || !new) abort();
        uint64_t alphabet = trial % 4 == 0 ? 3 : trial % 4 == 1 ? 40 : 1u << 30;
        make_lists(&rng, old, old_count, new, new_count, prefix, suffix, alphabet);
        form f = (form)(trial % FORMS);
        if (scale == 40000 && f == KEYS_CALLBACK && alphabet == 3) f = KEYS; /* quadratic callbacks */
        size_t trimmed = 0;
        expect_same(t, f, old, old_count, new, new_count, "random", &trimmed);
        trimmed_some += trimmed > 0;
        calls++;
        free(old);
        free(new);
    }
    tally_expect(t, trimmed_some > calls / 2, "most random inputs trimmed something", NULL);
}

/* Fixed shapes: empty lists, equal lists, one inside the other, a long
 * suffix whose values also occur unmatched in the middle (old [x a b a ...],
 * new [y b a ...]: the suffix check fails and the core matches again), and
 * a long suffix the core keeps. */
static void edge_cases(test_tally *t) {
    size_t big = 70000; /* past the direct path's 65,534 once a prefix is trimmed */
    uint64_t *old = malloc(big * 8), *new = malloc(big * 8);
    if (!old || !new) abort();
    for (form f = 0; f < FORMS; f++) {
        expect_same(t, f, old, 0, new, 0, "both empty", NULL);
        for (size_t k = 0; k < 100; k++) old[k] = new[k] = k + 1;
        expect_same(t, f, old, 100, new, 0, "new empty", NULL);
        expect_same(t, f, old, 0, new, 100, "old empty", NULL);
        size_t trimmed = 0;
        for (size_t count = 1; count <= big; count *= 10) {
            for (size_t k = 0; k < count; k++) old[k] = new[k] = k % 7 + 1;
            expect_same(t, f, old, count, new, count, "equal", &trimmed);
            tally_expect(t, trimmed == count, "equal lists: all trimmed", form_names[f]);
            expect_same(t, f, old, count, new, count / 2, "new a prefix of old", NULL);
            expect_same(t, f, old + count / 2, count - count / 2, new, count, "old a suffix of new", NULL);
        }
        /* Duplicates across the suffix's edge: the in-order pairing differs
         * from the trimmed one, so the suffix must not stay trimmed. */
        for (size_t count = 64; count <= big; count *= 25) {
            /* old [x 1 S], new [y S], S = 1 2 1 2 ...: the 1 left in the old
             * middle comes first in old order. */
            old[0] = 1000, old[1] = 1, new[0] = 2000;
            for (size_t k = 0; k + 2 < count; k++) old[2 + k] = new[1 + k] = k % 2 + 1;
            expect_same(t, f, old, count, new, count - 1, "suffix out of order", NULL);
        }
        /* One change in the middle of a long list: prefix and suffix both long. */
        for (size_t k = 0; k < big; k++) old[k] = new[k] = k + 1;
        new[big / 2] = 0;
        expect_same(t, f, old, big, new, big, "one change", &trimmed);
        tally_expect(t, trimmed > big / 2, "one change: more than half trimmed", form_names[f]);
        /* A move from front to back. */
        for (size_t k = 0; k + 1 < big; k++) new[k] = old[k + 1];
        new[big - 1] = old[0];
        expect_same(t, f, old, big, new, big, "front to back", NULL);
    }
    free(old);
    free(new);
}

/* Bad arguments and a raised cancel flag, window asked: the status, and
 * nothing written (arrays, counters, prefix, suffix). */
static void rejections(test_tally *t) {
    uint64_t old[6] = {1, 2, 3, 4, 5, 6}, new[6] = {1, 2, 9, 4, 5, 6};
    test_outputs o;
    outputs_make(&o, 6, 6);
    int raised = 1;
    heckel_window report;
    heckel_options window = {.window = &report}, cancelled = {.window = &report, .cancel = &raised};
    heckel_span spans[6] = {{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}, {"e", 1}, {"f", 1}};
    heckel_span bad_spans[6] = {{"a", 1}, {NULL, 3}};
    struct {
        const char *what;
        heckel_status want;
        int call;
    } cases[] = {
        {"NULL old keys", HECKEL_INVALID_ARGUMENT, 0}, {"NULL old_to_new", HECKEL_INVALID_ARGUMENT, 1},
        {"too large", HECKEL_TOO_LARGE, 2},            {"record size 0", HECKEL_INVALID_ARGUMENT, 3},
        {"span without bytes", HECKEL_INVALID_ARGUMENT, 4}, {"keys cancelled", HECKEL_CANCELLED, 5},
        {"records cancelled", HECKEL_CANCELLED, 6},     {"keyed spans cancelled", HECKEL_CANCELLED, 7},
        {"keys+callback cancelled", HECKEL_CANCELLED, 8}};
    const uint64_t *lists[2] = {old, new};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        outputs_reset(&o);
        report = canary_window;
        heckel_result *r = &o.result;
        heckel_status got = HECKEL_OK;
        switch (cases[k].call) {
        case 0: got = heckel_match_keys(NULL, 6, new, 6, NULL, NULL, &window, r); break;
        case 1:
            r->old_to_new = NULL;
            got = heckel_match_keys(old, 6, new, 6, NULL, NULL, &window, r);
            r->old_to_new = o.o2n;
            break;
        case 2: got = heckel_match_keys(old, HECKEL_MAX_COUNT + 1, new, 6, NULL, NULL, &window, r); break;
        case 3: got = heckel_match_records(old, 6, new, 6, 0, &window, r); break;
        case 4: got = heckel_match_spans(spans, 6, bad_spans, 2, &window, r); break;
        case 5: got = heckel_match_keys(old, 6, new, 6, NULL, NULL, &cancelled, r); break;
        case 6: got = heckel_match_records(old, 6, new, 6, 8, &cancelled, r); break;
        case 7: got = heckel_match_keyed_spans(spans, old, 6, spans, new, 6, &cancelled, r); break;
        case 8: got = heckel_match_keys(old, 6, new, 6, values_equal, lists, &cancelled, r); break;
        }
        expect_rejected(t, got, cases[k].want, &o, cases[k].what);
        tally_expect(t, report.prefix == TEST_CANARY && report.suffix == TEST_CANARY,
                     "rejected: prefix and suffix untouched", cases[k].what);
    }
    outputs_free(&o);
}

/* One window call under expect_allocation_failures: the lists, and the
 * full output to hold a successful call to. */
typedef struct window_call {
    const uint64_t *old, *new;
    size_t old_count, new_count;
    const test_outputs *full;
    test_outputs *o;
} window_call;

static heckel_status window_call_run(void *context, const heckel_options *options, const char **error) {
    window_call *c = context;
    heckel_window report = canary_window;
    heckel_options with_window = *options;
    with_window.window = &report;
    outputs_reset(c->o);
    heckel_status status = heckel_match_keys(c->old, c->old_count, c->new, c->new_count, NULL, NULL,
                                             &with_window, &c->o->result);
    if (status != HECKEL_OK) {
        if (!outputs_arrays_untouched(c->o) || !outputs_counters_untouched(c->o) ||
            report.prefix != TEST_CANARY || report.suffix != TEST_CANARY)
            *error = "a failed call wrote its outputs or the window's report";
        return status;
    }
    const heckel_result *w = &c->o->result;
    if (w->match_count != c->full->result.match_count || w->move_count != c->full->result.move_count)
        *error = "counters differ from the full output";
    else if (!(*error = compare_side(c->full->o2n, c->o->o2n, c->old_count, report.prefix, report.suffix,
                                     c->new_count - c->old_count)))
        *error = compare_side(c->full->n2o, c->o->n2o, c->new_count, report.prefix, report.suffix,
                              c->old_count - c->new_count);
    return status;
}

/* Every allocation failed in turn, window asked for: on the direct path's
 * heap block (600 elements, past its stack arrays) and on the general path
 * (70,000 after the prefix; 2 threads in the _small variant). */
static void allocation_failures(test_tally *t) {
    static const size_t counts[] = {600, 70000};
    for (size_t c = 0; c < 2; c++) {
        size_t count = counts[c], prefix = 5;
        uint64_t *old = malloc(count * 8), *new = malloc(count * 8);
        if (!old || !new) abort();
        test_rng rng = {c + 3};
        make_lists(&rng, old, count, new, count, prefix, 0, 1u << 30);
        test_outputs full, o;
        outputs_make(&full, count, count);
        outputs_make(&o, count, count);
        if (heckel_match_keys(old, count, new, count, NULL, NULL, NULL, &full.result) != HECKEL_OK) abort();
        window_call call = {old, new, count, count, &full, &o};
        for (unsigned threads = 1; threads <= 2; threads++)
            expect_allocation_failures(t, window_call_run, &call, (heckel_options){.threads = threads},
                                       "allocation failure, window", count == 600 ? "direct path" : "general path");
        outputs_free(&full);
        outputs_free(&o);
        free(old);
        free(new);
    }
}

int main(void) {
    test_tally t = {0};
    edge_cases(&t);
    random_inputs(&t);
    rejections(&t);
    allocation_failures(&t);
    return tally_finish(&t);
}
