/* heckel_match_keyed_spans: spans with keys the caller computed.
 * - Keys = heckel_hash_bytes of the bytes: the outputs are byte-identical to
 *   heckel_match_spans' on the same spans, and agree with the bytes
 *   (check_result over the strings' ids).
 * - Colliding keys (one key for all, the length alone, a hash of all but the
 *   last byte, a few buckets): the bytes decide; the same mapping and counts.
 * The strings are built so that equal lengths differ in one byte only, at
 * the first, last, and each word boundary position: every word of the inline
 * comparison (up to 32 bytes) and memcmp above must be looked at.
 * - Bad input returns its status with the outputs untouched; so do failing
 *   allocations (each k-th, and every one from the k-th on) and cancellation
 *   (raised before the call, at each allocation, at each poll).
 * - heckel_match_swift_strings on the same strings laid out as Swift values
 *   (small, native, immortal; substrings): the same outputs as
 *   heckel_match_spans, the same failures, and its bad values refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heckel_swift_strings.h"
#include "test_support.h"

/* ---- the strings: distinct by construction, ids are their values ---- */

enum { MAX_STRINGS = 512, LONGEST = 1000 };
static const size_t lengths[] = {0,  1,  3,  4,  5,  7,  8,  9,  12, 15, 16, 17, 23, 24,
                                 25, 31, 32, 33, 40, 47, 48, 63, 64, 65, 100, LONGEST};
static const size_t positions[] = {0, 1, 3, 4, 7, 8, 12, 15, 16, 17, 23, 24, 31, 32, 33, 48, 64, 99};

typedef struct strings {
    unsigned char base[LONGEST];
    const unsigned char *bytes[MAX_STRINGS]; /* into base, or a variant */
    size_t length[MAX_STRINGS];
    unsigned char *variants[MAX_STRINGS];
    size_t count;
} strings;

/* Each length: the base's prefix, and that prefix with one byte changed at
 * each position inside it (the first, the last, the middle, the positions
 * listed). Lengths differ, or one byte does: all distinct. */
static void strings_make(strings *s, test_rng *rng) {
    memset(s, 0, sizeof *s);
    for (size_t k = 0; k < LONGEST; k++) s->base[k] = (unsigned char)rng_next(rng);
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        size_t length = lengths[l];
        s->bytes[s->count] = s->base, s->length[s->count++] = length;
        size_t at[3 + sizeof positions / sizeof *positions], places = 0;
        at[places++] = 0, at[places++] = length / 2, at[places++] = length - 1;
        for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) at[places++] = positions[p];
        bool done[LONGEST] = {false};
        for (size_t p = 0; length && p < places; p++) {
            if (at[p] >= length || done[at[p]]) continue;
            if (s->count == MAX_STRINGS) abort();
            done[at[p]] = true;
            unsigned char *v = malloc(length);
            if (!v) abort();
            memcpy(v, s->base, length);
            v[at[p]] ^= (unsigned char)(1u << (rng_below(rng, 8))); /* one bit of one byte */
            s->variants[s->count] = v;
            s->bytes[s->count] = v, s->length[s->count++] = length;
        }
    }
}

static void strings_free(strings *s) {
    for (size_t k = 0; k < s->count; k++) free(s->variants[k]);
}

static bool strings_distinct(const strings *s) {
    for (size_t a = 0; a < s->count; a++)
        for (size_t b = a + 1; b < s->count; b++)
            if (s->length[a] == s->length[b] && memcmp(s->bytes[a], s->bytes[b], s->length[a]) == 0)
                return false;
    return true;
}

/* A list's spans over its own copy of each string (no two elements share
 * storage); empty ones alternate between NULL and a real pointer. */
typedef struct list {
    heckel_span *spans;
    uint64_t *keys;
    unsigned char *storage;
} list;

static void list_make(list *l, const strings *s, const uint64_t *values, size_t count) {
    size_t total = 0;
    for (size_t k = 0; k < count; k++) total += s->length[values[k]];
    l->spans = malloc((count + 1) * sizeof *l->spans);
    l->keys = malloc((count + 1) * sizeof *l->keys);
    l->storage = malloc(total + 1);
    if (!l->spans || !l->keys || !l->storage) abort();
    size_t at = 0;
    for (size_t k = 0; k < count; k++) {
        size_t length = s->length[values[k]];
        memcpy(l->storage + at, s->bytes[values[k]], length);
        l->spans[k] = (heckel_span){length || k % 2 ? l->storage + at : NULL, length};
        at += length;
    }
}

static void list_free(list *l) {
    free(l->spans);
    free(l->keys);
    free(l->storage);
}

/* ---- keys ---- */

typedef enum key_kind {
    KEYS_HASH,          /* heckel_hash_bytes: XXH3, seed 0 (heckel_match_spans draws a seed) */
    KEYS_ONE,           /* every key 0 */
    KEYS_LENGTH,        /* the length alone: one-byte differences collide */
    KEYS_ALL_BUT_LAST,  /* the hash of all bytes but the last */
    KEYS_FIRST_WORD,    /* the first 8 bytes and the length: differences past them collide */
    KEYS_BUCKETS,       /* the hash modulo 3 */
    KEY_KINDS
} key_kind;

static const char *key_names[KEY_KINDS] = {"hash", "one key", "length", "all but the last byte",
                                           "first word", "hash % 3"};

static uint64_t key_of(key_kind kind, const heckel_span *span) {
    size_t length = span->length;
    switch (kind) {
    case KEYS_HASH: return heckel_hash_bytes(span->bytes, length);
    case KEYS_ONE: return 0;
    case KEYS_LENGTH: return length;
    case KEYS_ALL_BUT_LAST: return length ? heckel_hash_bytes(span->bytes, length - 1) : 7;
    case KEYS_FIRST_WORD: return heckel_hash_bytes(span->bytes, length < 8 ? length : 8) ^ length;
    default: return heckel_hash_bytes(span->bytes, length) % 3;
    }
}

static void keys_fill(list *l, size_t count, key_kind kind) {
    for (size_t k = 0; k < count; k++) l->keys[k] = key_of(kind, &l->spans[k]);
}

/* ---- the lists ---- */

/* old: random ids from a random subset of the strings (duplicates abound);
 * new: old edited (kept, replaced, inserted, dropped) and partly shuffled,
 * or drawn afresh; sometimes a long common prefix and suffix. */
static void lists_make(test_rng *rng, const strings *s, uint64_t *old, size_t n, uint64_t *new,
                       size_t m, int shape) {
    uint64_t subset[MAX_STRINGS];
    size_t kinds = 1 + rng_below(rng, shape % 3 == 0 ? 6 : s->count);
    for (size_t k = 0; k < kinds; k++) subset[k] = rng_below(rng, s->count);
    for (size_t i = 0; i < n; i++) old[i] = subset[rng_below(rng, kinds)];
    for (size_t j = 0; j < m; j++)
        new[j] = shape % 2 && j < n && rng_below(rng, 8) ? old[j] : subset[rng_below(rng, kinds)];
    if (shape % 4 == 1 && m > 64) rng_shuffle(rng, new + m / 4, m / 8);
    if (shape % 5 == 4 && n > 64 && m > 64) { /* a long common prefix and suffix */
        size_t edge = (n < m ? n : m) / 3;
        memcpy(new, old, edge * 8);
        memcpy(new + m - edge, old + n - edge, edge * 8);
    }
}

/* ---- checks ---- */

typedef struct call {
    const strings *s;
    uint64_t *old, *new;
    size_t n, m;
    list a, b;
} call;

static void call_make(call *c, const strings *s, uint64_t *old, size_t n, uint64_t *new, size_t m) {
    *c = (call){s, old, new, n, m, {0}, {0}};
    list_make(&c->a, s, old, n);
    list_make(&c->b, s, new, m);
}

static void call_free(call *c) {
    list_free(&c->a);
    list_free(&c->b);
}

static heckel_status keyed(const call *c, const heckel_options *options, test_outputs *o) {
    return heckel_match_keyed_spans(c->a.spans, c->a.keys, c->n, c->b.spans, c->b.keys, c->m,
                                    options, &o->result);
}

/* The end of every comparison with heckel_match_spans: got must equal want
 * (byte for byte when exact, else mapping and counts: under colliding keys
 * the move set may be another of the same size); one tally line, labelled,
 * whose detail is what (the case) and the error; both outputs freed. */
static void expect_as_spans(test_tally *t, const char *error, test_outputs *got, test_outputs *want, bool exact,
                            const char *label, const char *what) {
    if (!error && !outputs_same(got, want, exact))
        error = exact ? "outputs differ from heckel_match_spans'" : "mapping or counts differ from heckel_match_spans'";
    char detail[240];
    snprintf(detail, sizeof detail, "%s: %s", what, error ? error : "");
    tally_expect(t, !error, label, detail);
    outputs_free(got);
    outputs_free(want);
}

/* The sizes of round `round` of a random-lists test: empty and tiny lists in
 * rounds 0-5, up to 400 elements until small_end, up to 6,000 until mid_end,
 * then near big. */
static void round_sizes(test_rng *rng, int round, int small_end, int mid_end, size_t big, size_t *n, size_t *m) {
    if (round < 6) *n = round % 3 * 2, *m = round / 3 * 3;
    else if (round < small_end) *n = rng_below(rng, 400), *m = rng_below(rng, 400);
    else if (round < mid_end) *n = rng_below(rng, 6000), *m = rng_below(rng, 6000);
    else *n = big - rng_below(rng, 3000), *m = big - rng_below(rng, 3000);
}

/* One list pair under one kind of keys, one options: OK, the result agrees
 * with the strings, the same as heckel_match_spans (byte for byte under
 * hashed keys; mapping and counts under colliding ones, where the move set
 * may be another of the same size), nothing written past an array. */
static void expect_agrees(test_tally *t, call *c, key_kind kind, const heckel_options *options,
                          const char *label) {
    keys_fill(&c->a, c->n, kind);
    keys_fill(&c->b, c->m, kind);
    test_outputs got, want;
    outputs_make(&got, c->n, c->m);
    outputs_make(&want, c->n, c->m);
    heckel_status status = keyed(c, options, &got);
    heckel_status reference = heckel_match_spans(c->a.spans, c->n, c->b.spans, c->m, options,
                                                 &want.result);
    const char *error = status != HECKEL_OK ? heckel_status_description(status)
                        : reference != HECKEL_OK ? "heckel_match_spans failed"
                        : !outputs_past_ends_untouched(&got) ? "wrote past an output array"
                        : NULL;
    if (!error && options && options->ignore_order) {
        if (got.result.move_count != 0 || !canaries_untouched(got.moves, got.shorter + 1))
            error = "ignore_order, yet moves were counted or written";
        got.result.moves = NULL; /* check_result: the mapping, with the minimal count */
        heckel_result ordered = got.result;
        test_outputs plain;
        outputs_make(&plain, c->n, c->m);
        if (!error && heckel_match_spans(c->a.spans, c->n, c->b.spans, c->m, NULL, &plain.result) != HECKEL_OK)
            error = "heckel_match_spans failed";
        ordered.move_count = plain.result.move_count;
        if (!error) error = check_result(c->old, c->n, c->new, c->m, &ordered);
        outputs_free(&plain);
    } else if (!error) {
        error = check_result(c->old, c->n, c->new, c->m, &got.result);
    }
    char what[160];
    snprintf(what, sizeof what, "%s keys, old %zu, new %zu, threads %u%s", key_names[kind], c->n, c->m,
             options ? options->threads : 0, options && options->ignore_order ? ", ignore_order" : "");
    expect_as_spans(t, error, &got, &want, kind == KEYS_HASH, label, what);
}

static void random_lists(test_tally *t, test_rng *rng, const strings *s) {
    enum { BIG = 40000 };
    static uint64_t old[BIG], new[BIG];
    static const heckel_options options[] = {{.threads = 1}, {.threads = 4}, {.ignore_order = true}};
    for (int round = 0; round < 60; round++) {
        size_t n, m;
        round_sizes(rng, round, 44, 50, BIG, &n, &m);
        lists_make(rng, s, old, n, new, m, round);
        call c;
        call_make(&c, s, old, n, new, m);
        for (key_kind kind = 0; kind < KEY_KINDS; kind++) {
            /* Few keys for many unequal strings: quadratic by design. */
            if ((kind == KEYS_ONE && n * m > 400000) ||
                ((kind == KEYS_LENGTH || kind == KEYS_BUCKETS) && n * m > 40000000))
                continue;
            expect_agrees(t, &c, kind, &options[(round + kind) % 3], "random lists");
        }
        call_free(&c);
    }
}

/* Every string against its one-byte variants, in both lists, reversed: the
 * pairing is right only if each byte position is compared. */
static void one_byte_apart(test_tally *t, const strings *s) {
    static uint64_t old[MAX_STRINGS * 2], new[MAX_STRINGS * 2];
    size_t n = 0;
    for (size_t k = 0; k < s->count; k++) old[n++] = k, old[n++] = (k * 7) % s->count;
    for (size_t k = 0; k < n; k++) new[k] = old[n - 1 - k];
    call c;
    call_make(&c, s, old, n, new, n - 3); /* three left over */
    for (key_kind kind = 0; kind < KEY_KINDS; kind++)
        expect_agrees(t, &c, kind, &(heckel_options){.threads = 1}, "one byte apart");
    call_free(&c);
    /* Each length alone, old = its variants, new = the same shifted by one:
     * under the length key every candidate but one is a near miss. */
    for (size_t first = 0; first < s->count;) {
        size_t last = first;
        while (last + 1 < s->count && s->length[last + 1] == s->length[first]) last++;
        size_t count = last - first + 1;
        for (size_t k = 0; k < count; k++) old[k] = first + k, new[k] = first + (k + 1) % count;
        call_make(&c, s, old, count, new, count);
        expect_agrees(t, &c, KEYS_LENGTH, NULL, "one byte apart, one length");
        expect_agrees(t, &c, KEYS_ALL_BUT_LAST, NULL, "one byte apart, one length");
        call_free(&c);
        first = last + 1;
    }
}

/* ---- bad input ---- */

static void invalid_arguments(test_tally *t) {
    heckel_span spans[3] = {{"ab", 2}, {"c", 1}, {NULL, 0}}, bad[2] = {{"a", 1}, {NULL, 3}};
    uint64_t keys[3] = {1, 2, 3};
    const void *fake = (const void *)(uintptr_t)64; /* never dereferenced */
    size_t huge = HECKEL_MAX_COUNT + 1;
    test_outputs o;
    outputs_make(&o, 3, 3);
#define REJECTS(call, want, what) EXPECT_REJECTED(t, &o, call, want, "keyed spans: " what)
    REJECTS(heckel_match_keyed_spans(NULL, keys, 2, spans, keys, 2, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL old spans");
    REJECTS(heckel_match_keyed_spans(spans, keys, 2, NULL, keys, 1, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL new spans");
    REJECTS(heckel_match_keyed_spans(spans, NULL, 2, spans, keys, 2, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL old keys");
    REJECTS(heckel_match_keyed_spans(spans, keys, 2, spans, NULL, 1, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL new keys");
    REJECTS(heckel_match_keyed_spans(spans, NULL, 1, spans, NULL, 0, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL old keys, new empty");
    REJECTS(heckel_match_keyed_spans(spans, keys, 0, spans, NULL, 3, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "NULL new keys, old empty");
    REJECTS(heckel_match_keyed_spans(spans, keys, 2, spans, keys, 2, NULL, NULL),
            HECKEL_INVALID_ARGUMENT, "NULL result");
    o.result.old_to_new = NULL;
    expect_rejected(t, heckel_match_keyed_spans(spans, keys, 2, spans, keys, 2, NULL, &o.result),
                    HECKEL_INVALID_ARGUMENT, &o, "keyed spans: NULL old_to_new");
    REJECTS((o.result.new_to_old = NULL,
             heckel_match_keyed_spans(spans, keys, 2, spans, keys, 2, NULL, &o.result)),
            HECKEL_INVALID_ARGUMENT, "NULL new_to_old");
    REJECTS(heckel_match_keyed_spans(bad, keys, 2, spans, keys, 1, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "old NULL bytes with a length");
    REJECTS(heckel_match_keyed_spans(spans, keys, 1, bad, keys, 2, NULL, &o.result),
            HECKEL_INVALID_ARGUMENT, "new NULL bytes with a length");
    REJECTS(heckel_match_keyed_spans(fake, fake, huge, spans, keys, 1, NULL, &o.result),
            HECKEL_TOO_LARGE, "old count too large");
    REJECTS(heckel_match_keyed_spans(spans, keys, 1, fake, fake, huge, NULL, &o.result),
            HECKEL_TOO_LARGE, "new count too large");
    REJECTS(heckel_match_keyed_spans(fake, fake, SIZE_MAX, fake, fake, SIZE_MAX, NULL, &o.result),
            HECKEL_TOO_LARGE, "SIZE_MAX counts");
    /* NULL is fine where the count is 0: spans, keys and outputs. */
    outputs_reset(&o); /* n2o for the first call, o2n for the second */
    keys[0] = heckel_hash_bytes("ab", 2), keys[1] = heckel_hash_bytes("c", 1),
    keys[2] = heckel_hash_bytes("", 0);
    heckel_result r = {NULL, o.n2o, NULL, TEST_CANARY, TEST_CANARY};
    heckel_status status = heckel_match_keyed_spans(NULL, NULL, 0, spans, keys, 3, NULL, &r);
    bool ok = status == HECKEL_OK && r.match_count == 0 && r.move_count == 0 &&
              o.n2o[0] == HECKEL_UNMATCHED && o.n2o[2] == HECKEL_UNMATCHED && o.n2o[3] == TEST_CANARY;
    tally_expect(t, ok, "keyed spans: NULL old list, keys and outputs with count 0",
                 heckel_status_description(status));
    r = (heckel_result){o.o2n, NULL, NULL, TEST_CANARY, TEST_CANARY};
    status = heckel_match_keyed_spans(spans, keys, 3, NULL, NULL, 0, NULL, &r);
    ok = status == HECKEL_OK && r.match_count == 0 && o.o2n[1] == HECKEL_UNMATCHED;
    tally_expect(t, ok, "keyed spans: NULL new list, keys and outputs with count 0",
                 heckel_status_description(status));
    r = (heckel_result){NULL, NULL, NULL, TEST_CANARY, TEST_CANARY};
    status = heckel_match_keyed_spans(NULL, NULL, 0, NULL, NULL, 0, NULL, &r);
    tally_expect(t, status == HECKEL_OK && r.match_count == 0 && r.move_count == 0,
                 "keyed spans: both empty, all NULL", heckel_status_description(status));
    outputs_free(&o);
#undef REJECTS
}

/* ---- failures in the middle of a call ---- */

/* One keyed call with fresh outputs, for the fault loops of test_support
 * (which check the status and leaks): nothing written past an end; OK, a
 * result that agrees with the strings; failing, the counters untouched, and
 * the arrays too when out of memory (a cancel may have written them, heckel.h
 * says). */
static heckel_status keyed_checked(void *context, const heckel_options *options, const char **error) {
    const call *c = context;
    test_outputs o;
    outputs_make(&o, c->n, c->m);
    heckel_status status = keyed(c, options, &o);
    *error = !outputs_past_ends_untouched(&o)  ? "wrote past an output array"
             : status == HECKEL_OK             ? check_result(c->old, c->n, c->new, c->m, &o.result)
             : !outputs_counters_untouched(&o) ? "a failing call wrote its counters"
             : status == HECKEL_OUT_OF_MEMORY && !outputs_arrays_untouched(&o) ? "out of memory, outputs written"
                                                                              : NULL;
    outputs_free(&o);
    return status;
}

/* Shapes: small, over the small path's bound, with a long common suffix
 * (the trimmed-suffix check), and one partitioned even in production. */
enum { SHAPES = 4 };
static size_t shape_lists(int shape, test_rng *rng, const strings *s, uint64_t *old, uint64_t *new,
                          size_t *m) {
    static const size_t sizes[SHAPES] = {40, 3000, 6000, 36000};
    size_t n = sizes[shape];
    *m = n - n / 10;
    lists_make(rng, s, old, n, new, *m, 1);
    if (shape == 2) /* the last 5000 equal */
        for (size_t k = 0; k < 5000; k++) old[n - 1 - k] = new[*m - 1 - k] = rng_below(rng, s->count);
    return n;
}

/* Failing allocations, under hashed and colliding (length) keys; and
 * cancellation raised before the call, at each allocation and at each poll,
 * on one thread or several. */
static void failures(test_tally *t, test_rng *rng, const strings *s) {
    static uint64_t old[36000], new[36000];
    size_t most = 0;
    for (int shape = 0; shape < SHAPES; shape++) {
        size_t m, n = shape_lists(shape, rng, s, old, new, &m);
        call c;
        call_make(&c, s, old, n, new, m);
        for (key_kind kind = KEYS_HASH; kind <= KEYS_LENGTH; kind += KEYS_LENGTH) {
            keys_fill(&c.a, n, kind);
            keys_fill(&c.b, m, kind);
            char what[96];
            snprintf(what, sizeof what, "shape %d, %s keys", shape, key_names[kind]);
            size_t allocations = expect_allocation_failures(t, keyed_checked, &c, (heckel_options){0},
                                                            "keyed spans: allocation failure", what);
            /* Shape 0 (40 elements) takes the direct path on the stack: no allocation. */
            tally_expect(t, (allocations > 0) == (shape != 0), "keyed spans: the call allocates (shape 0: none)", what);
        }
        keys_fill(&c.a, n, shape % 2 ? KEYS_LENGTH : KEYS_HASH);
        keys_fill(&c.b, m, shape % 2 ? KEYS_LENGTH : KEYS_HASH);
        int flag = 1;
        const char *error = NULL;
        heckel_status status = keyed_checked(&c, &(heckel_options){.cancel = &flag}, &error);
        test_outputs o;
        outputs_make(&o, n, m);
        heckel_status again = keyed(&c, &(heckel_options){.cancel = &flag}, &o);
        tally_expect(t, status == HECKEL_CANCELLED && again == status && !error && outputs_arrays_untouched(&o),
                     "keyed spans: pre-raised cancel flag", error);
        outputs_free(&o);
        char what[96];
        snprintf(what, sizeof what, "shape %d", shape);
        expect_cancel_at_each_allocation(t, keyed_checked, &c, (heckel_options){0},
                                         "keyed spans: cancelled at an allocation", what);
        size_t polls = expect_cancel_at_each_poll(t, keyed_checked, &c, (heckel_options){.threads = 1 + shape % 3},
                                                  "keyed spans: cancelled at a poll", what);
        most = polls > most ? polls : most;
        call_free(&c);
    }
#ifdef HECKEL_TEST_HOOKS
    tally_expect(t, most > 64, "keyed spans: the core reports its polls (HECKEL_TEST_HOOKS)", NULL);
#else
    tally_expect(t, most == 0, "keyed spans: release builds have no poll hook", NULL);
#endif
}


/* ---- Swift strings (heckel_match_swift_strings) against the spans ----
 * The same lists laid out as Swift lays out its strings: 16-byte values (32
 * for substrings: the base at 0, the raw bits of the start and end indices
 * at 16 and 24). A string is small (its bytes in the value, byte 15 0xE0 |
 * count) when it fits in 15 bytes and k % 3 != 0; else native (word 0 the
 * ASCII and tail-allocated flags and the count, word 1 the address of an
 * object whose bytes start 32 bytes in; immortal, as literals are, when
 * k % 4 == 0). A substring's base holds junk around the slice, and its
 * indices junk in their low 16 bits. The outputs must be those of
 * heckel_match_spans on the same bytes: byte for byte under hashed keys,
 * mapping and counts under the test hook's colliding ones. */

enum { SWIFT_STRING = 16, SWIFT_SUBSTRING = 32 };

typedef struct swift_list {
    unsigned char *values;
    unsigned char **objects; /* count entries, NULL for small strings */
    heckel_swift_strings strings;
} swift_list;

static void store64(unsigned char *at, uint64_t word) { memcpy(at, &word, 8); }

static void swift_list_make(swift_list *l, const heckel_span *spans, size_t count, bool substring,
                            test_rng *rng) {
    size_t stride = substring ? SWIFT_SUBSTRING : SWIFT_STRING;
    l->values = calloc(count + 1, stride);
    l->objects = calloc(count + 1, sizeof *l->objects);
    if (!l->values || !l->objects) abort();
    for (size_t k = 0; k < count; k++) {
        size_t length = spans[k].length, before = 0, after = 0;
        if (substring) before = rng_below(rng, 5), after = rng_below(rng, 3);
        size_t total = before + length + after;
        unsigned char base[LONGEST + 8];
        for (size_t b = 0; b < total; b++) base[b] = (unsigned char)('a' + rng_below(rng, 26));
        if (length) memcpy(base + before, spans[k].bytes, length);
        unsigned char *value = l->values + k * stride;
        if (total <= 15 && k % 3) {
            memcpy(value, base, total);
            value[15] = (unsigned char)(0xE0 | total);
        } else {
            unsigned char *object = malloc(32 + total + 1);
            if (!object) abort();
            memset(object, 0x5A, 32); /* the object's header: never read */
            memcpy(object + 32, base, total);
            l->objects[k] = object;
            /* Flags as the standard library sets them: ASCII and tail-allocated,
             * plus NFC, plus natively stored for native strings (not literals). */
            store64(value, (k % 4 == 0 ? 0xD000000000000000ull : 0xF000000000000000ull) | total);
            store64(value + 8, (uint64_t)(uintptr_t)object | (k % 4 == 0 ? 0x8ull << 60 : 0));
        }
        if (substring) {
            store64(value + 16, (uint64_t)before << 16 | (k & 0xF));
            store64(value + 24, (uint64_t)(before + length) << 16 | (k * 7 & 0xF));
        }
    }
    l->strings = (heckel_swift_strings){.values = l->values, .count = count, .stride = stride,
                                        .substring = substring, .base = 0, .start = 16, .end = 24};
}

static void swift_list_free(swift_list *l) {
    for (size_t k = 0; k < l->strings.count; k++) free(l->objects[k]);
    free(l->objects);
    free(l->values);
}

typedef struct swift_call {
    const call *c;
    swift_list a, b;
} swift_call;

static void swift_call_make(swift_call *w, const call *c, bool substring, test_rng *rng) {
    w->c = c;
    swift_list_make(&w->a, c->a.spans, c->n, substring, rng);
    swift_list_make(&w->b, c->b.spans, c->m, substring, rng);
}

static void swift_call_free(swift_call *w) {
    swift_list_free(&w->a);
    swift_list_free(&w->b);
}

/* One list pair as Swift strings (modulus: the test hook's key modulus, 0
 * for the real keys) against heckel_match_spans on the same spans. */
static void expect_swift_agrees(test_tally *t, const swift_call *w, uint64_t modulus,
                                const heckel_options *options, const char *label) {
    /* Every other call through heckel_match_swift_strings_with_secret (the
     * Swift package's), with a secret of its own. */
    static unsigned calls;
    uint64_t secret = calls++ % 2 ? 0x9E3779B97F4A7C15ull * calls : 0;
    const call *c = w->c;
    hash_hook_weaken(modulus);
    test_outputs got, want;
    outputs_make(&got, c->n, c->m);
    outputs_make(&want, c->n, c->m);
    bool readable = heckel_swift_strings_readable(&w->a.strings) && heckel_swift_strings_readable(&w->b.strings);
    heckel_status status =
        secret ? heckel_match_swift_strings_with_secret(&w->a.strings, &w->b.strings, secret, options, &got.result)
               : heckel_match_swift_strings(&w->a.strings, &w->b.strings, options, &got.result);
    heckel_status reference = heckel_match_spans(c->a.spans, c->n, c->b.spans, c->m, options, &want.result);
    hash_hook_weaken(0);
    const char *error = !readable ? "a list was found unreadable"
                        : status != HECKEL_OK ? heckel_status_description(status)
                        : reference != HECKEL_OK ? "heckel_match_spans failed"
                        : !outputs_past_ends_untouched(&got) ? "wrote past an output array"
                        : options && options->ignore_order ? NULL
                        : check_result(c->old, c->n, c->new, c->m, &got.result);
    char what[160];
    snprintf(what, sizeof what, "%s, key modulus %llu, old %zu, new %zu, threads %u%s%s",
             w->a.strings.substring ? "substrings" : "strings", (unsigned long long)modulus, c->n, c->m,
             options ? options->threads : 0, options && options->ignore_order ? ", ignore_order" : "",
             secret ? ", with a secret" : "");
    expect_as_spans(t, error, &got, &want, modulus == 0, label, what);
}

static void swift_random_lists(test_tally *t, test_rng *rng, const strings *s) {
    enum { BIG = 40000 };
    static uint64_t old[BIG], new[BIG];
    static const heckel_options options[] = {{.threads = 1}, {.threads = 4}, {.ignore_order = true}};
    for (int round = 0; round < 40; round++) {
        size_t n, m;
        round_sizes(rng, round, 30, 36, BIG, &n, &m);
        lists_make(rng, s, old, n, new, m, round);
        call c;
        call_make(&c, s, old, n, new, m);
        for (int substring = 0; substring < 2; substring++) {
            swift_call w;
            swift_call_make(&w, &c, substring, rng);
            const heckel_options *o = &options[(round + substring) % 3];
            expect_swift_agrees(t, &w, 0, o, "swift strings: random lists");
            /* Colliding keys (test builds): few keys for many unequal strings. */
            if (n * m <= 400000) expect_swift_agrees(t, &w, 1, o, "swift strings: random lists, one key");
            if (n * m <= 40000000) expect_swift_agrees(t, &w, 3, o, "swift strings: random lists, 3 keys");
            swift_call_free(&w);
        }
        call_free(&c);
    }
}

/* Every string against its one-byte variants, both lists, as in one_byte_apart. */
static void swift_one_byte_apart(test_tally *t, test_rng *rng, const strings *s) {
    static uint64_t old[MAX_STRINGS * 2], new[MAX_STRINGS * 2];
    size_t n = 0;
    for (size_t k = 0; k < s->count; k++) old[n++] = k, old[n++] = (k * 7) % s->count;
    for (size_t k = 0; k < n; k++) new[k] = old[n - 1 - k];
    call c;
    call_make(&c, s, old, n, new, n - 3);
    for (int substring = 0; substring < 2; substring++) {
        swift_call w;
        swift_call_make(&w, &c, substring, rng);
        for (uint64_t modulus = 0; modulus < 3; modulus++)
            expect_swift_agrees(t, &w, modulus, &(heckel_options){.threads = 1}, "swift strings: one byte apart");
        swift_call_free(&w);
    }
    call_free(&c);
}

static heckel_status swift_checked(void *context, const heckel_options *options, const char **error) {
    const swift_call *w = context;
    const call *c = w->c;
    test_outputs o;
    outputs_make(&o, c->n, c->m);
    heckel_status status = heckel_match_swift_strings(&w->a.strings, &w->b.strings, options, &o.result);
    *error = !outputs_past_ends_untouched(&o)  ? "wrote past an output array"
             : status == HECKEL_OK             ? check_result(c->old, c->n, c->new, c->m, &o.result)
             : !outputs_counters_untouched(&o) ? "a failing call wrote its counters"
             : status == HECKEL_OUT_OF_MEMORY && !outputs_arrays_untouched(&o) ? "out of memory, outputs written"
                                                                              : NULL;
    outputs_free(&o);
    return status;
}

/* Failing allocations and cancellation, on every shape. */
static void swift_failures(test_tally *t, test_rng *rng, const strings *s) {
    static uint64_t old[36000], new[36000];
    for (int shape = 0; shape < SHAPES; shape++) {
        size_t m, n = shape_lists(shape, rng, s, old, new, &m);
        call c;
        call_make(&c, s, old, n, new, m);
        swift_call w;
        swift_call_make(&w, &c, shape % 2, rng);
        char what[96];
        snprintf(what, sizeof what, "shape %d", shape);
        expect_allocation_failures(t, swift_checked, &w, (heckel_options){0},
                                   "swift strings: allocation failure", what);
        expect_cancel_at_each_allocation(t, swift_checked, &w, (heckel_options){0},
                                         "swift strings: cancelled at an allocation", what);
        expect_cancel_at_each_poll(t, swift_checked, &w, (heckel_options){.threads = 1 + shape % 3},
                                   "swift strings: cancelled at a poll", what);
        swift_call_free(&w);
        call_free(&c);
    }
    /* 950 strings, the first 300 pairs equal: the direct path's narrow
     * table in the small test build (at most its 1,024), which hashes new
     * strings as they probe, cancelled at each poll, those of the equal
     * prefix's scan among them. */
    size_t n = 500, m = 450;
    lists_make(rng, s, old, n, new, m, 1);
    for (size_t k = 0; k < 300; k++) new[k] = old[k];
    call c;
    call_make(&c, s, old, n, new, m);
    swift_call w;
    swift_call_make(&w, &c, false, rng);
    expect_cancel_at_each_poll(t, swift_checked, &w, (heckel_options){.threads = 1},
                               "swift strings: cancelled at a poll", "950 strings, equal prefix");
    swift_call_free(&w);
    call_free(&c);
}

/* Values the core must refuse (HECKEL_INVALID_ARGUMENT, outputs untouched,
 * heckel_swift_strings_readable false), one at a time in a readable list. */
static void swift_invalid_arguments(test_tally *t) {
    static const char text[] = "a native string of some length";
    unsigned char object[32 + sizeof text];
    memcpy(object + 32, text, sizeof text);
    uint64_t address = (uint64_t)(uintptr_t)object;
    unsigned char good[3][SWIFT_SUBSTRING] = {{0}};
    memcpy(good[0], "abc", 3), good[0][15] = 0xE3;                         /* small */
    store64(good[1], 0x9000000000000000ull | 30), store64(good[1] + 8, address); /* native */
    store64(good[2], 0x9000000000000000ull | 30), store64(good[2] + 8, address | 0x8ull << 60);
    for (int k = 0; k < 3; k++) store64(good[k] + 16, 1 << 16), store64(good[k] + 24, 3 << 16);
    heckel_swift_strings list = {.values = good, .count = 3, .stride = SWIFT_SUBSTRING};
    heckel_swift_strings sub = list;
    sub.substring = true, sub.start = 16, sub.end = 24;
    test_outputs o;
    outputs_make(&o, 3, 3);
    tally_expect(t, heckel_swift_strings_readable(&list) && heckel_swift_strings_readable(&sub),
                 "swift strings: small, native and immortal ASCII values are readable", NULL);
    EXPECT_REJECTED(t, &o, heckel_match_swift_strings(NULL, &list, NULL, &o.result), HECKEL_INVALID_ARGUMENT,
                    "swift strings: NULL old list");
    EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&list, NULL, NULL, &o.result), HECKEL_INVALID_ARGUMENT,
                    "swift strings: NULL new list");
    EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&list, &list, NULL, NULL), HECKEL_INVALID_ARGUMENT,
                    "swift strings: NULL result");
    heckel_swift_strings huge = list;
    huge.count = (size_t)HECKEL_MAX_COUNT + 1;
    EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&huge, &list, NULL, &o.result), HECKEL_TOO_LARGE,
                    "swift strings: old count too large");
    heckel_swift_strings null_values = list;
    null_values.values = NULL;
    /* Each bad form in turn, in place of value 1 of a list of three. */
    struct bad { uint64_t word0, word1; bool substring; uint64_t start, end; const char *what; } bads[] = {
        {0x8000000000000000ull | 30, address, false, 0, 0, "native, not tail-allocated (shared)"},
        {0x1000000000000000ull | 30, address, false, 0, 0, "native, not ASCII"},
        {0x9000000000000000ull | 30, address | 0x4ull << 60, false, 0, 0, "bridged discriminator"},
        {0x9000000000000000ull | 30, address | 0x1ull << 60, false, 0, 0, "discriminator 0001"},
        {0x0000000000636261ull, 0xA3ull << 56, false, 0, 0, "small, not ASCII"},
        {0x0000000000636261ull, 0xF3ull << 56, false, 0, 0, "discriminator 1111"},
        {0x9000000000000000ull | 30, address, true, 4 << 16, 3 << 16, "substring start after its end"},
        {0x9000000000000000ull | 30, address, true, 1 << 16, 31ull << 16, "substring end past its base"},
    };
    for (size_t b = 0; b < sizeof bads / sizeof *bads; b++) {
        unsigned char values[3][SWIFT_SUBSTRING];
        memcpy(values, good, sizeof values);
        store64(values[1], bads[b].word0), store64(values[1] + 8, bads[b].word1);
        if (bads[b].substring) store64(values[1] + 16, bads[b].start), store64(values[1] + 24, bads[b].end);
        heckel_swift_strings bad = bads[b].substring ? sub : list;
        bad.values = values;
        char what[120];
        snprintf(what, sizeof what, "swift strings: %s", bads[b].what);
        tally_expect(t, !heckel_swift_strings_readable(&bad), what, "found readable");
        EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&bad, &list, NULL, &o.result), HECKEL_INVALID_ARGUMENT,
                        what);
        EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&list, &bad, NULL, &o.result), HECKEL_INVALID_ARGUMENT,
                        what);
        /* As a list of 37 values (a [String]: stride 16, its own check;
         * or substrings), the bad one first, second, in the middle or
         * last; and of 2,101 (past the small-threshold core's direct path,
         * 2,048 in all: checked as it is keyed). */
        static const size_t lengths[] = {37, 2101};
        for (size_t n = 0; n < sizeof lengths / sizeof *lengths; n++) {
            const size_t count = lengths[n], size = bads[b].substring ? SWIFT_SUBSTRING : SWIFT_STRING;
            unsigned char *long_values = malloc(count * size);
            if (!long_values) abort();
            const size_t at[] = {0, 1, 17, count - 1};
            for (size_t p = 0; p < sizeof at / sizeof *at; p++) {
                for (size_t k = 0; k < count; k++) memcpy(long_values + k * size, good[k % 3], size);
                unsigned char *value = long_values + at[p] * size;
                store64(value, bads[b].word0), store64(value + 8, bads[b].word1);
                if (bads[b].substring) store64(value + 16, bads[b].start), store64(value + 24, bads[b].end);
                heckel_swift_strings bad_long = bads[b].substring ? sub : list;
                bad_long.values = long_values, bad_long.count = count, bad_long.stride = size;
                char where[160];
                snprintf(where, sizeof where, "%s, list of %zu, at %zu", what, count, at[p]);
                tally_expect(t, !heckel_swift_strings_readable(&bad_long), where, "found readable");
                /* The key pass takes two values a step: the bad one first
                 * or second of its pair (0, 1, 17), or left over (the last). */
                test_outputs o_long;
                outputs_make(&o_long, count, 3);
                EXPECT_REJECTED(t, &o_long, heckel_match_swift_strings(&bad_long, &list, NULL, &o_long.result),
                                HECKEL_INVALID_ARGUMENT, where);
                outputs_free(&o_long);
                outputs_make(&o_long, 3, count);
                EXPECT_REJECTED(t, &o_long, heckel_match_swift_strings(&list, &bad_long, NULL, &o_long.result),
                                HECKEL_INVALID_ARGUMENT, where);
                outputs_free(&o_long);
                bad_long.count = at[p];
                tally_expect(t, heckel_swift_strings_readable(&bad_long), where,
                             "the values before it found unreadable");
            }
            free(long_values);
        }
    }
    /* A base 20 bytes into 32-byte values: its 16 bytes would end in the next
     * value (past the list for the last). Each of those 16 bytes is made a
     * readable small string here, so only the layout check can refuse it. */
    unsigned char overlapping[4][SWIFT_SUBSTRING] = {{0}};
    for (int k = 0; k < 3; k++) memcpy(overlapping[k] + 20, "abcde", 5), overlapping[k + 1][3] = 0xE5;
    /* A start field 28 bytes into 32-byte values: its 8 bytes end in the
     * next value. Empty small strings and zero index words make every read
     * of it valid (start 0, end 0), so again only the layout check refuses. */
    unsigned char empties[4][SWIFT_SUBSTRING] = {{0}};
    for (int k = 0; k < 4; k++) empties[k][15] = 0xE0;
    heckel_swift_strings narrow = list, tight = sub, late = sub;
    heckel_swift_strings base_past = {.values = overlapping, .count = 3, .stride = SWIFT_SUBSTRING,
                                      .substring = true, .base = 20, .start = 8, .end = 8};
    heckel_swift_strings start_past = {.values = empties, .count = 3, .stride = SWIFT_SUBSTRING,
                                       .substring = true, .base = 0, .start = 28, .end = 16};
    narrow.stride = 8, tight.stride = 24, late.end = 28;
    heckel_swift_strings layouts[] = {null_values, narrow, tight, late, base_past, start_past};
    const char *names[] = {"NULL values", "stride under 16", "substring end field past a stride of 24",
                           "substring end field past the stride", "substring base past the stride",
                           "substring start field past the stride"};
    for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++) {
        char what[120];
        snprintf(what, sizeof what, "swift strings: %s", names[k]);
        tally_expect(t, !heckel_swift_strings_readable(&layouts[k]), what, "found readable");
        EXPECT_REJECTED(t, &o, heckel_match_swift_strings(&layouts[k], &list, NULL, &o.result),
                        HECKEL_INVALID_ARGUMENT, what);
    }
    /* An empty list needs no values. */
    heckel_swift_strings empty = {.values = NULL, .count = 0, .stride = SWIFT_STRING};
    outputs_reset(&o);
    heckel_status status = heckel_match_swift_strings(&empty, &list, NULL, &o.result);
    tally_expect(t, status == HECKEL_OK && o.result.match_count == 0 && o.n2o[0] == HECKEL_UNMATCHED,
                 "swift strings: NULL values with count 0", heckel_status_description(status));
    outputs_free(&o);
}

int main(void) {
    test_tally tally = {0, 0};
    test_rng rng = {2026};
    strings s;
    strings_make(&s, &rng);
    tally_expect(&tally, s.count > 200 && s.count <= MAX_STRINGS && strings_distinct(&s),
                 "the test's strings are distinct", NULL);
    invalid_arguments(&tally);
    one_byte_apart(&tally, &s);
    random_lists(&tally, &rng, &s);
    failures(&tally, &rng, &s);
    swift_invalid_arguments(&tally);
    swift_one_byte_apart(&tally, &rng, &s);
    swift_random_lists(&tally, &rng, &s);
    swift_failures(&tally, &rng, &s);
    strings_free(&s);
    return tally_finish(&tally);
}
