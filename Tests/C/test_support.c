/* Generators, API runners and the invariant checker shared by the C tests
 * and the fuzz target. See test_support.h. */
#include "test_support.h"

#include "counting_allocator.h"
#include "heckel_swift_strings.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../Sources/CHeckel/test_hooks.h"

uint64_t rng_next(test_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t rng_below(test_rng *rng, uint64_t bound) { return rng_next(rng) % bound; }

/* ---- cancellation at a chosen poll ---- */

static size_t hook_polls, hook_raise_at;


void heckel_test_poll(const int *flag) {
    size_t poll = __atomic_add_fetch(&hook_polls, 1, __ATOMIC_RELAXED);
    /* The flag is the test's own int, handed to the core as const. */
    if (poll == __atomic_load_n(&hook_raise_at, __ATOMIC_RELAXED)) heckel_cancel((int *)flag);
}

void poll_hook_arm(size_t raise_at) {
    __atomic_store_n(&hook_polls, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&hook_raise_at, raise_at, __ATOMIC_RELAXED);
}

size_t poll_hook_polls(void) { return __atomic_load_n(&hook_polls, __ATOMIC_RELAXED); }

/* ---- weak keys for records and spans ---- */

static uint64_t hook_key_modulus;
static size_t hook_keys_weakened;


void heckel_test_keys(uint64_t *keys, size_t count) {
    uint64_t modulus = __atomic_load_n(&hook_key_modulus, __ATOMIC_RELAXED);
    for (size_t k = 0; modulus && k < count; k++) keys[k] %= modulus;
    if (modulus) __atomic_add_fetch(&hook_keys_weakened, count, __ATOMIC_RELAXED);
}

void hash_hook_weaken(uint64_t modulus) {
    __atomic_store_n(&hook_keys_weakened, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&hook_key_modulus, modulus, __ATOMIC_RELAXED);
}

size_t hash_hook_weakened(void) { return __atomic_load_n(&hook_keys_weakened, __ATOMIC_RELAXED); }

/* ---- the checker ---- */

/* splitmix64's finalizer: spreads values crafted to crowd the core's
 * multiplicative hash. */
static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The expected new_to_old, from the values alone: within each value, the
 * t-th new occurrence pairs with the t-th old one. One open-addressing table
 * of the old values: a slot holds an old offset of its value (owner, to
 * compare with) and the head of that value's queue of unpaired old offsets,
 * which next[] links in old order. */
static uint32_t *expected_mapping(const uint64_t *old_values, size_t old_count,
                                  const uint64_t *new_values, size_t new_count) {
    enum { FREE = 0xFFFFFFFFu }; /* an owner: no value yet */
    size_t mask = 15;
    while (mask + 1 < 2 * old_count) mask = 2 * mask + 1;
    uint32_t *owner = malloc((mask + 1) * sizeof *owner), *head = malloc((mask + 1) * sizeof *head);
    uint32_t *next = malloc((old_count + 1) * sizeof *next);
    uint32_t *expected = malloc((new_count + 1) * sizeof *expected);
    if (!owner || !head || !next || !expected) {
        free(owner); free(head); free(next); free(expected);
        return NULL;
    }
    memset(owner, 0xFF, (mask + 1) * sizeof *owner);
    for (size_t i = old_count; i-- > 0;) { /* last to first: each queue ends up in old order */
        size_t s = mix(old_values[i]) & mask;
        while (owner[s] != FREE && old_values[owner[s]] != old_values[i]) s = (s + 1) & mask;
        next[i] = owner[s] == FREE ? HECKEL_UNMATCHED : head[s];
        owner[s] = head[s] = (uint32_t)i;
    }
    for (size_t j = 0; j < new_count; j++) {
        size_t s = mix(new_values[j]) & mask;
        while (owner[s] != FREE && old_values[owner[s]] != new_values[j]) s = (s + 1) & mask;
        expected[j] = owner[s] == FREE ? HECKEL_UNMATCHED : head[s];
        if (expected[j] != HECKEL_UNMATCHED) head[s] = next[head[s]];
    }
    free(owner); free(head); free(next);
    return expected;
}

/* Length of a longest increasing subsequence, computed independently of the
 * core: O(n^2) dynamic programming when small, plain patience otherwise. */
static size_t lis_length(const uint32_t *seq, size_t count) {
    size_t best = 0;
    size_t *len = malloc((count ? count : 1) * sizeof *len);
    if (!len) return (size_t)-1;
    if (count <= 2500) {
        for (size_t k = 0; k < count; k++) {
            len[k] = 1;
            for (size_t t = 0; t < k; t++)
                if (seq[t] < seq[k] && len[t] + 1 > len[k]) len[k] = len[t] + 1;
            if (len[k] > best) best = len[k];
        }
    } else { /* len[l]: smallest tail value of an increasing run of length l + 1 */
        for (size_t k = 0; k < count; k++) {
            size_t lo = 0, hi = best;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                if (len[mid] < seq[k]) lo = mid + 1; else hi = mid;
            }
            len[lo] = seq[k];
            if (lo == best) best++;
        }
    }
    free(len);
    return best;
}

size_t fewest_moves(const uint32_t *new_to_old, size_t count) {
    uint32_t *seq = malloc((count ? count : 1) * sizeof *seq);
    if (!seq) return SIZE_MAX;
    size_t seen = 0;
    for (size_t j = 0; j < count; j++)
        if (new_to_old[j] != HECKEL_UNMATCHED) seq[seen++] = new_to_old[j];
    size_t lis = lis_length(seq, seen);
    free(seq);
    return seen - lis;
}

/* The structure of a result: offsets in range and inverse, counts right,
 * moves ascending, matched, and minimal (the kept pairs increasing, their
 * number a longest increasing run), and, when expected is not NULL, the
 * mapping equal to expected (new_to_old). */
const char *check_structure(size_t old_count, size_t new_count, const heckel_result *r,
                            const uint32_t *expected) {
    const char *error = NULL;
    uint32_t *seq = malloc((new_count ? new_count : 1) * sizeof *seq);
    if (!seq) return "test ran out of memory";
    size_t matches = 0;
    for (size_t i = 0; i < old_count; i++) {
        uint32_t j = r->old_to_new[i];
        if (j == HECKEL_UNMATCHED) continue;
        if (j >= new_count) { error = "old_to_new out of range"; goto done; }
        if (r->new_to_old[j] != i) { error = "old_to_new and new_to_old not inverse"; goto done; }
        matches++;
    }
    size_t seen = 0, kept = 0, moves = 0;
    uint32_t previous_kept = 0;
    for (size_t j = 0; j < new_count; j++) {
        uint32_t i = r->new_to_old[j];
        if (expected && i != expected[j]) {
            error = "mapping differs from in-order duplicate matching";
            goto done;
        }
        if (i == HECKEL_UNMATCHED) continue;
        if (i >= old_count) { error = "new_to_old out of range"; goto done; }
        if (r->old_to_new[i] != j) { error = "new_to_old and old_to_new not inverse"; goto done; }
        seq[seen++] = i;
        if (!r->moves) continue;
        if (moves < r->move_count && r->moves[moves] == j) { /* listed as moved */
            moves++;
            continue;
        }
        if (kept && i <= previous_kept) { error = "kept pairs not increasing"; goto done; }
        previous_kept = i;
        kept++;
    }
    if (r->match_count != matches) { error = "match_count wrong"; goto done; }
    size_t lis = lis_length(seq, matches);
    if (r->move_count != matches - lis) { error = "move_count is not minimal"; goto done; }
    if (r->moves && moves != r->move_count) {
        error = "moves array has entries that are not matched, or not ascending";
        goto done;
    }
done:
    free(seq);
    return error;
}

const char *check_result(const uint64_t *old_values, size_t old_count,
                         const uint64_t *new_values, size_t new_count,
                         const heckel_result *r) {
    uint32_t *expected = expected_mapping(old_values, old_count, new_values, new_count);
    if (!expected) return "test ran out of memory";
    const char *error = NULL;
    for (size_t j = 0; j < new_count && !error; j++) {
        uint32_t i = r->new_to_old[j];
        if (i != HECKEL_UNMATCHED && i < old_count && old_values[i] != new_values[j])
            error = "matched values differ";
    }
    if (!error) error = check_structure(old_count, new_count, r, expected);
    free(expected);
    return error;
}

/* ---- running each API ---- */

const char *api_name(test_api api) {
    static const char *names[] = {"keys", "keys+callback", "weak keys", "records", "spans",
                                  "keyed spans", "weak keyed spans", "?", "swift strings"};
    return api <= API_SWIFT_STRINGS ? names[api] : "?";
}

bool api_weak(test_api api) { return api == API_WEAK_KEYS || api == API_WEAK_KEYED_SPANS; }

typedef struct values_context {
    const uint64_t *old_values, *new_values;
    size_t old_count, new_count;
    test_equality equality;
    uint64_t answers;       /* EQUAL_RANDOM: the generator's state */
    int *cancel_on_equal;
    size_t calls, cancel_at;
    bool out_of_range;      /* a callback got an offset past its list */
    pthread_t caller;
    bool *off_caller;
} values_context;

static bool near(uint64_t a, uint64_t b) { return a - b + 1 <= 2; } /* |a - b| <= 1 */

static bool values_equal(void *context, size_t i, size_t j) {
    values_context *c = context;
    if (i >= c->old_count || j >= c->new_count) {
        c->out_of_range = true;
        return false;
    }
    if (c->off_caller && !pthread_equal(pthread_self(), c->caller)) *c->off_caller = true;
    if (c->cancel_on_equal && ++c->calls >= c->cancel_at) heckel_cancel(c->cancel_on_equal);
    switch (c->equality) {
    case EQUAL_NEAR: return near(c->old_values[i], c->new_values[j]);
    case EQUAL_RANDOM: {
        test_rng rng = {c->answers};
        c->answers = rng_next(&rng);
        return c->answers & 1;
    }
    default: return c->old_values[i] == c->new_values[j];
    }
}

static void encode_record(unsigned char *out, uint64_t value, size_t size) {
    for (size_t b = 0; b < size; b++)
        out[b] = b < 8 ? (unsigned char)(value >> (8 * b)) : (unsigned char)(value * 31 + b);
}

/* The decimal text of value at text (no terminator); its length. */
static size_t decimal(char *text, uint64_t value) {
    char digits[20];
    size_t length = 0;
    do digits[length++] = (char)('0' + value % 10); while (value /= 10);
    for (size_t k = 0; k < length; k++) text[k] = digits[length - 1 - k];
    return length;
}

/* Room for one span's text: the decimal digits and the run's padding. */
static size_t span_width(const test_run *run) { return 20 + run->span_before + run->span_after; }

/* The span of each value (see test_run.span_before): its text at
 * text + k * span_width(run). */
static heckel_span *make_spans(const test_run *run, const uint64_t *values, size_t count, char *text) {
    heckel_span *spans = malloc((count ? count : 1) * sizeof *spans);
    if (!spans) return NULL;
    for (size_t k = 0; k < count; k++) {
        char *t = text + span_width(run) * k;
        if (values[k] == 0) {
            spans[k] = (heckel_span){k % 2 ? NULL : t, 0};
            continue;
        }
        memset(t, 'p', run->span_before);
        size_t length = run->span_before + decimal(t + run->span_before, values[k]);
        memset(t + length, 's', run->span_after);
        spans[k] = (heckel_span){t, length + run->span_after};
    }
    return spans;
}

/* The values as Swift String values (heckel_swift_strings.h), each at a
 * stride of 16 + 8 * swift_stride_words bytes: the span's bytes (ASCII),
 * small (in the value: byte 15 is 0xE0 | count) where they fit in 15 bytes
 * and k % 3 != 0, else native (word 0 the ASCII and tail-allocated flags and
 * the count, word 1 the address of an object whose bytes start 32 bytes in;
 * immortal, as literals are, when k % 4 == 0). *objects gets one block
 * holding every native string's object; NULL values when out of memory. */
static unsigned char *make_swift_strings(const test_run *run, const heckel_span *spans, size_t count,
                                         unsigned char **objects) {
    size_t stride = 16 + 8 * run->swift_stride_words, room = 0;
    for (size_t k = 0; k < count; k++) room += 32 + spans[k].length + 8;
    unsigned char *values = malloc(count * stride + 1), *object = malloc(room + 1);
    *objects = object;
    if (!values || !object) {
        free(values);
        return NULL;
    }
    memset(values, 0x3C, count * stride + 1); /* junk between the strings */
    for (size_t k = 0; k < count; k++) {
        unsigned char *value = values + k * stride;
        size_t length = spans[k].length;
        if (length <= 15 && k % 3) {
            memset(value, 0, 16);
            if (length) memcpy(value, spans[k].bytes, length);
            value[15] = (unsigned char)(0xE0 | length);
            continue;
        }
        memset(object, 0x5A, 32); /* the object's header: never read */
        if (length) memcpy(object + 32, spans[k].bytes, length);
        uint64_t flags = (k % 4 == 0 ? 0xD000000000000000ull : 0xF000000000000000ull) | length;
        uint64_t address = (uint64_t)(uintptr_t)object | (k % 4 == 0 ? 0x8ull << 60 : 0);
        memcpy(value, &flags, 8);
        memcpy(value + 8, &address, 8);
        object += 32 + length + 8;
    }
    return values;
}

/* ---- outputs with canaries ---- */

void outputs_make(test_outputs *o, size_t old_count, size_t new_count) {
    o->old_count = old_count, o->new_count = new_count;
    o->shorter = old_count < new_count ? old_count : new_count;
    o->o2n = malloc((old_count + 1) * 4);
    o->n2o = malloc((new_count + 1) * 4);
    o->moves = malloc((o->shorter + 1) * 4);
    if (!o->o2n || !o->n2o || !o->moves) abort();
    outputs_reset(o);
}

void outputs_reset(test_outputs *o) {
    memset(o->o2n, 0xA5, (o->old_count + 1) * 4);
    memset(o->n2o, 0xA5, (o->new_count + 1) * 4);
    memset(o->moves, 0xA5, (o->shorter + 1) * 4);
    o->result = (heckel_result){o->o2n, o->n2o, o->moves, TEST_CANARY, TEST_CANARY};
}

void outputs_free(test_outputs *o) {
    free(o->o2n);
    free(o->n2o);
    free(o->moves);
}

bool canaries_untouched(const uint32_t *words, size_t count) {
    for (size_t k = 0; k < count; k++)
        if (words[k] != TEST_CANARY) return false;
    return true;
}

bool outputs_arrays_untouched(const test_outputs *o) {
    return canaries_untouched(o->o2n, o->old_count + 1) && canaries_untouched(o->n2o, o->new_count + 1) &&
           canaries_untouched(o->moves, o->shorter + 1);
}

bool outputs_counters_untouched(const test_outputs *o) {
    return o->result.match_count == TEST_CANARY && o->result.move_count == TEST_CANARY;
}

bool outputs_past_ends_untouched(const test_outputs *o) {
    return o->o2n[o->old_count] == TEST_CANARY && o->n2o[o->new_count] == TEST_CANARY &&
           o->moves[o->shorter] == TEST_CANARY;
}

bool outputs_same(const test_outputs *a, const test_outputs *b, bool with_moves) {
    return a->old_count == b->old_count && a->new_count == b->new_count &&
           a->result.match_count == b->result.match_count &&
           a->result.move_count == b->result.move_count &&
           memcmp(a->o2n, b->o2n, (a->old_count + 1) * 4) == 0 &&
           memcmp(a->n2o, b->n2o, (a->new_count + 1) * 4) == 0 &&
           (!with_moves || memcmp(a->moves, b->moves, (a->shorter + 1) * 4) == 0);
}

void expect_rejected(test_tally *tally, heckel_status got, heckel_status want,
                     const test_outputs *o, const char *what) {
    bool untouched = outputs_arrays_untouched(o) && outputs_counters_untouched(o);
    char detail[160];
    snprintf(detail, sizeof detail, "got \"%s\", want \"%s\"%s", heckel_status_description(got),
             heckel_status_description(want), untouched ? "" : ", outputs written");
    tally_expect(tally, got == want && untouched, what, detail);
}

/* FNV-1a over the outputs: equal results, equal digests (in practice the
 * converse too). */
static uint64_t digest_words(uint64_t h, const uint32_t *words, size_t count) {
    for (size_t k = 0; k < count; k++) h = (h ^ words[k]) * 0x100000001B3ull;
    return h;
}

static uint64_t digest_result(const heckel_result *r, size_t old_count, size_t new_count) {
    uint64_t h = 0xCBF29CE484222325ull;
    h = digest_words(h, r->old_to_new, old_count);
    h = digest_words(h, r->new_to_old, new_count);
    if (r->moves) h = digest_words(h, r->moves, r->move_count);
    uint32_t counts[2] = {(uint32_t)r->match_count, (uint32_t)r->move_count};
    return digest_words(h, counts, 2);
}

/* A copy of count packed elements of size bytes, stride bytes apart with
 * junk between them, in a block that ends at the last element (so that
 * ASan sees a read past it); NULL when out of memory. */
static unsigned char *strided_copy(const unsigned char *packed, size_t count, size_t size, size_t stride) {
    size_t length = count ? (count - 1) * stride + size : 1;
    unsigned char *block = malloc(length);
    if (!block) return NULL;
    for (size_t b = 0; b < length; b++) block[b] = (unsigned char)(b * 167 + 13);
    for (size_t k = 0; k < count; k++) memcpy(block + k * stride, packed + k * size, size);
    return block;
}

/* A window output (heckel_window) made full: the entries outside the window
 * must be untouched (canaries), and get the values they stand for; NULL, or
 * what is wrong. */
static const char *expand_window(const heckel_window *w, test_outputs *o) {
    size_t n = o->old_count, m = o->new_count, p = w->prefix, s = w->suffix;
    if (p == TEST_CANARY || s == TEST_CANARY) return "window: prefix or suffix not written";
    if (p + s > (n < m ? n : m)) return "window: prefix and suffix longer than the shorter list";
    for (size_t i = 0; i < n; i++) {
        if (i >= p && i < n - s) continue;
        if (o->o2n[i] != TEST_CANARY) return "window: old_to_new written outside the window";
        o->o2n[i] = (uint32_t)(i < p ? i : i + m - n);
    }
    for (size_t j = 0; j < m; j++) {
        if (j >= p && j < m - s) continue;
        if (o->n2o[j] != TEST_CANARY) return "window: new_to_old written outside the window";
        o->n2o[j] = (uint32_t)(j < p ? j : j + n - m);
    }
    return NULL;
}

heckel_status run_and_check(const test_run *run, uint64_t *old_values, size_t old_count,
                            uint64_t *new_values, size_t new_count, const char **error) {
    *error = NULL;
    size_t size = run->element_size;
    if (run->api == API_RECORDS && size < 8) { /* values must fit the record */
        uint64_t mask = (1ull << (8 * size)) - 1;
        for (size_t i = 0; i < old_count; i++) old_values[i] &= mask;
        for (size_t j = 0; j < new_count; j++) new_values[j] &= mask;
    }
    test_outputs out;
    outputs_make(&out, old_count, new_count);
    size_t shorter = out.shorter;
    uint64_t *old_keys = malloc((old_count + 1) * 8), *new_keys = malloc((new_count + 1) * 8);
    unsigned char *old_bytes = NULL, *new_bytes = NULL;
    unsigned char *old_swift = NULL, *new_swift = NULL, *old_objects = NULL, *new_objects = NULL;
    heckel_span *old_spans = NULL, *new_spans = NULL;
    heckel_status status = HECKEL_OUT_OF_MEMORY;
    if (!old_keys || !new_keys) { *error = "test ran out of memory"; goto done; }
    heckel_result result = out.result;
    bool ignore_order = run->options && run->options->ignore_order;
    /* The run's options, with a window of our own when it asks for one. */
    heckel_options window_options = run->options ? *run->options : (heckel_options){0};
    heckel_window window = {TEST_CANARY, TEST_CANARY};
    if (run->window) window_options.window = &window;
    const heckel_options *options = run->window ? &window_options : run->options;
    values_context context = {old_values, new_values, old_count, new_count, run->equality,
                              old_count * 31 + new_count, run->cancel_on_equal, 0,
                              run->cancel_at_call ? run->cancel_at_call : 1, false,
                              pthread_self(), run->off_caller};
    uint64_t modulus = api_weak(run->api) ? run->weak_modulus : 0;
    for (size_t i = 0; i < old_count; i++) old_keys[i] = modulus ? old_values[i] % modulus : old_values[i];
    for (size_t j = 0; j < new_count; j++) new_keys[j] = modulus ? new_values[j] % modulus : new_values[j];

    /* With null_when_empty, arrays of count 0 go to the core as NULL (the
     * backing arrays above stay, for the canary checks). */
    bool nulls = run->null_when_empty;
    if (nulls) {
        if (old_count == 0) result.old_to_new = NULL;
        if (new_count == 0) result.new_to_old = NULL;
        if (shorter == 0) result.moves = NULL;
    }
    if (run->null_moves) result.moves = NULL;
    const uint64_t *old_key_list = nulls && !old_count ? NULL : old_keys;
    const uint64_t *new_key_list = nulls && !new_count ? NULL : new_keys;
    switch (run->api) {
    case API_KEYS:
        if (run->stride_pad) {
            size_t stride = 8 + run->stride_pad;
            old_bytes = strided_copy((const unsigned char *)old_keys, old_count, 8, stride);
            new_bytes = strided_copy((const unsigned char *)new_keys, new_count, 8, stride);
            if (!old_bytes || !new_bytes) { *error = "test ran out of memory"; goto done; }
            status = heckel_match_keys_at_stride(nulls && !old_count ? NULL : old_bytes, old_count,
                                                 nulls && !new_count ? NULL : new_bytes, new_count, stride,
                                                 options, &result);
            break;
        }
        status = heckel_match_keys(old_key_list, old_count, new_key_list, new_count, NULL, NULL,
                                   options, &result);
        break;
    case API_KEYS_CALLBACK:
    case API_WEAK_KEYS:
        status = heckel_match_keys(old_key_list, old_count, new_key_list, new_count, values_equal,
                                   &context, options, &result);
        break;
    case API_RECORDS:
        old_bytes = malloc(old_count * size + 1);
        new_bytes = malloc(new_count * size + 1);
        if (!old_bytes || !new_bytes) { *error = "test ran out of memory"; goto done; }
        for (size_t i = 0; i < old_count; i++) encode_record(old_bytes + i * size, old_values[i], size);
        for (size_t j = 0; j < new_count; j++) encode_record(new_bytes + j * size, new_values[j], size);
        if (run->stride_pad) {
            unsigned char *old_packed = old_bytes, *new_packed = new_bytes;
            old_bytes = strided_copy(old_packed, old_count, size, size + run->stride_pad);
            new_bytes = strided_copy(new_packed, new_count, size, size + run->stride_pad);
            free(old_packed);
            free(new_packed);
            if (!old_bytes || !new_bytes) { *error = "test ran out of memory"; goto done; }
            status = heckel_match_records_at_stride(nulls && !old_count ? NULL : old_bytes, old_count,
                                                    nulls && !new_count ? NULL : new_bytes, new_count, size,
                                                    size + run->stride_pad, options, &result);
            break;
        }
        status = heckel_match_records(nulls && !old_count ? NULL : old_bytes, old_count,
                                      nulls && !new_count ? NULL : new_bytes, new_count, size,
                                      options, &result);
        break;
    case API_SPANS:
    case API_KEYED_SPANS:
    case API_WEAK_KEYED_SPANS:
    case API_SWIFT_STRINGS:
        old_bytes = malloc(old_count * span_width(run) + 1);
        new_bytes = malloc(new_count * span_width(run) + 1);
        if (!old_bytes || !new_bytes) { *error = "test ran out of memory"; goto done; }
        old_spans = make_spans(run, old_values, old_count, (char *)old_bytes);
        new_spans = make_spans(run, new_values, new_count, (char *)new_bytes);
        if (!old_spans || !new_spans) { *error = "test ran out of memory"; goto done; }
        if (run->api == API_SWIFT_STRINGS) {
            old_swift = make_swift_strings(run, old_spans, old_count, &old_objects);
            new_swift = make_swift_strings(run, new_spans, new_count, &new_objects);
            if (!old_swift || !new_swift) { *error = "test ran out of memory"; goto done; }
            size_t stride = 16 + 8 * run->swift_stride_words;
            heckel_swift_strings a = {.values = nulls && !old_count ? NULL : old_swift, .count = old_count,
                                      .stride = stride};
            heckel_swift_strings b = {.values = nulls && !new_count ? NULL : new_swift, .count = new_count,
                                      .stride = stride};
            status = heckel_match_swift_strings(&a, &b, options, &result);
            break;
        }
        if (run->api == API_SPANS) {
            status = heckel_match_spans(nulls && !old_count ? NULL : old_spans, old_count,
                                        nulls && !new_count ? NULL : new_spans, new_count,
                                        options, &result);
            break;
        }
        /* Keys as a caller hashing while gathering would give them, or weak
         * ones (value % weak_modulus, already in the key arrays). */
        for (size_t i = 0; run->api == API_KEYED_SPANS && i < old_count; i++)
            old_keys[i] = heckel_hash_bytes(old_spans[i].bytes, old_spans[i].length);
        for (size_t j = 0; run->api == API_KEYED_SPANS && j < new_count; j++)
            new_keys[j] = heckel_hash_bytes(new_spans[j].bytes, new_spans[j].length);
        status = heckel_match_keyed_spans(nulls && !old_count ? NULL : old_spans, old_key_list,
                                          old_count, nulls && !new_count ? NULL : new_spans,
                                          new_key_list, new_count, options, &result);
        break;
    default:
        *error = "unknown api";
        goto done;
    }
    if (status == HECKEL_OK && run->window && !*error && !context.out_of_range)
        *error = expand_window(&window, &out);
    if (*error) {
    } else if (context.out_of_range) {
        *error = "the equality callback got an offset out of range";
    } else if (status == HECKEL_OK && run->same_as) {
        if (digest_result(&result, old_count, new_count) != run->same_as)
            *error = "outputs differ from the checked ones";
    } else if (status == HECKEL_OK && ignore_order) {
        /* No move pass: no moves counted or written, the rest as usual. */
        if (result.move_count != 0 || !canaries_untouched(out.moves, shorter + 1)) {
            *error = "ignore_order, yet moves were counted or written";
        } else {
            heckel_result ordered = result;
            ordered.moves = NULL;
            ordered.move_count = fewest_moves(result.new_to_old, new_count);
            *error = run->equality != EQUAL_VALUES
                         ? check_structure(old_count, new_count, &ordered, NULL)
                         : check_result(old_values, old_count, new_values, new_count, &ordered);
        }
        if (run->digest) *run->digest = digest_result(&result, old_count, new_count);
    } else if (status == HECKEL_OK && run->equality != EQUAL_VALUES) {
        /* Keys that disagree with the callback: no mapping to expect, but a
         * sane structure, and (for a callback without state) only pairs it
         * calls equal. */
        *error = check_structure(old_count, new_count, &result, NULL);
        for (size_t j = 0; !*error && run->equality == EQUAL_NEAR && j < new_count; j++)
            if (out.n2o[j] != HECKEL_UNMATCHED && !near(old_values[out.n2o[j]], new_values[j]))
                *error = "a pair the callback calls unequal was matched";
        if (run->digest) *run->digest = digest_result(&result, old_count, new_count);
    } else if (status == HECKEL_OK) {
        *error = check_result(old_values, old_count, new_values, new_count, &result);
        if (run->digest) *run->digest = digest_result(&result, old_count, new_count);
    }
    /* A failing call leaves every output untouched; a cancelled one may have
     * written the arrays (a cancel during the output pass, heckel.h says),
     * never the counters. The element past each array is never written. */
    out.result = result;
    if (status != HECKEL_OK && !*error &&
        ((!outputs_arrays_untouched(&out) && status != HECKEL_CANCELLED) ||
         !outputs_counters_untouched(&out)))
        *error = "a failing call wrote its outputs";
    if (!*error && !outputs_past_ends_untouched(&out)) *error = "wrote past an output array";
done:
    outputs_free(&out);
    free(old_keys); free(new_keys);
    free(old_bytes); free(new_bytes); free(old_spans); free(new_spans);
    free(old_swift); free(new_swift); free(old_objects); free(new_objects);
    return status;
}

void tally_expect(test_tally *tally, bool ok, const char *what, const char *detail) {
    if (ok) {
        tally->passed++;
        return;
    }
    tally->failed++;
    fprintf(stderr, "FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

int tally_finish(const test_tally *tally) {
    printf("%u passed, %u failed\n", tally->passed, tally->failed);
    return tally->failed ? 1 : 0;
}

void rng_shuffle(test_rng *rng, uint64_t *values, size_t count) {
    for (size_t k = count; k > 1; k--) {
        size_t r = rng_below(rng, k);
        uint64_t t = values[k - 1]; values[k - 1] = values[r]; values[r] = t;
    }
}

void expect_correct(test_tally *tally, const char *label, const test_run *run, uint64_t *old_values,
                    size_t old_count, uint64_t *new_values, size_t new_count, const char *what) {
    const char *error = NULL;
    heckel_status status = run_and_check(run, old_values, old_count, new_values, new_count, &error);
    char detail[256];
    snprintf(detail, sizeof detail, "%s via %s (old %zu, new %zu): %s", what, api_name(run->api),
             old_count, new_count, status != HECKEL_OK ? heckel_status_description(status) : error);
    tally_expect(tally, status == HECKEL_OK && !error, label, detail);
}

/* ---- faults injected into one call ---- */

heckel_status checked_run_call(void *checked_run, const heckel_options *options, const char **error) {
    test_checked_run *c = checked_run;
    test_run run = c->run;
    run.options = options;
    return run_and_check(&run, c->old_values, c->old_count, c->new_values, c->new_count, error);
}

static void fault_failed(test_tally *tally, const char *label, const char *what, const char *fault,
                         size_t k, const char *problem) {
    char detail[256];
    snprintf(detail, sizeof detail, "%s, %s %zu: %s", what, fault, k, problem);
    tally_expect(tally, false, label, detail);
}

size_t expect_allocation_failures(test_tally *tally, test_call call, void *context,
                                  heckel_options options, const char *label, const char *what) {
    size_t allocations = 0;
    for (int from_on = 0; from_on < 2; from_on++) {
        const char *fault = from_on ? "failing every allocation from" : "failing allocation";
        size_t k = 1, failed_calls = 0;
        for (;; k++) {
            counting_allocator c;
            counting_init(&c);
            if (from_on) c.fail_from = k; else c.fail_at = k;
            options.allocator = &c.allocator;
            const char *error = NULL;
            heckel_status status = call(context, &options, &error);
            bool expected = status == HECKEL_OK || (status == HECKEL_OUT_OF_MEMORY && c.failures > 0);
            if (!expected || error || c.live != 0)
                fault_failed(tally, label, what, fault, k,
                             error ? error : !expected ? heckel_status_description(status) : "leaked");
            failed_calls += status == HECKEL_OUT_OF_MEMORY;
            if (c.calls < k) { /* the k-th allocation never came: all tried */
                if (status != HECKEL_OK)
                    fault_failed(tally, label, what, "all allocations tried, at", k,
                                 heckel_status_description(status));
                allocations = c.calls;
                break;
            }
            if (k == 200) {
                fault_failed(tally, label, what, "over 200 allocations, at", k, "");
                break;
            }
        }
        tally_expect(tally, failed_calls + 1 == k, label, "every failed allocation reported");
    }
    return allocations;
}

size_t expect_cancel_at_each_allocation(test_tally *tally, test_call call, void *context,
                                        heckel_options options, const char *label, const char *what) {
    enum { MOST = 200 }; /* as expect_allocation_failures: no call allocates this often */
    size_t k = 1;
    for (;; k++) {
        int flag = 0;
        counting_allocator c;
        counting_init(&c);
        c.raise_at = k, c.flag = &flag;
        options.allocator = &c.allocator, options.cancel = &flag;
        const char *error = NULL;
        heckel_status status = call(context, &options, &error);
        bool expected = status == HECKEL_OK ? c.calls < k : status == HECKEL_CANCELLED;
        if (!expected || error || c.live != 0)
            fault_failed(tally, label, what, "cancel raised at allocation", k,
                         error ? error : !expected ? heckel_status_description(status) : "leaked");
        if (c.calls < k) break; /* the k-th allocation never came: all tried */
        if (k == MOST) {
            fault_failed(tally, label, what, "over 200 allocations, at", k, "");
            break;
        }
    }
    return k - 1;
}

size_t expect_cancel_at_each_poll(test_tally *tally, test_call call, void *context,
                                  heckel_options options, const char *label, const char *what) {
    int flag = 0;
    options.cancel = &flag;
    const char *error = NULL;
    poll_hook_arm(0);
    heckel_status status = call(context, &options, &error);
    size_t polls = poll_hook_polls();
    if (status != HECKEL_OK || error)
        fault_failed(tally, label, what, "never cancelled, polls", polls,
                     error ? error : heckel_status_description(status));
#ifdef HECKEL_TEST_HOOKS
    /* The loop below checks nothing unless the core reported its polls. */
    if (polls == 0) fault_failed(tally, label, what, "the core reported no poll (HECKEL_TEST_HOOKS)", 0, "");
#else
    /* Release cores never call the hook: no poll can be chosen, but a flag
     * raised before the call must cancel it (outputs untouched: the call checks). */
    if (polls != 0) fault_failed(tally, label, what, "a release core reported polls", polls, "");
    flag = 1;
    status = call(context, &options, &error);
    if (status != HECKEL_CANCELLED || error)
        fault_failed(tally, label, what, "raised before the call", 0,
                     error ? error : heckel_status_description(status));
    flag = 0;
#endif
    size_t stride = polls > 160 ? (polls - 128) / 32 : 1;
    for (size_t k = 1; polls && k <= polls + 1; k += k < 64 || k + 64 >= polls ? 1 : stride) {
        flag = 0;
        poll_hook_arm(k);
        status = call(context, &options, &error);
        size_t seen = poll_hook_polls();
        poll_hook_arm(0);
        /* On one thread nothing polls after the k-th poll raised the flag:
         * a poll whose answer is dropped shows as a later one that stops. */
        bool expected = status == HECKEL_CANCELLED ? (options.threads == 1 ? seen == k : seen >= k)
                                                   : status == HECKEL_OK && seen < k;
        if (!expected || error) {
            char problem[96];
            snprintf(problem, sizeof problem, "%s after %zu polls",
                     error ? error : heckel_status_description(status), seen);
            fault_failed(tally, label, what, "cancel raised at poll", k, problem);
        }
    }
    return polls;
}
