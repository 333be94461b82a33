/*
 * libFuzzer target over every entry point of the core, in four modes (the
 * first byte's low two bits; LONG only, and always, with HECKEL_FUZZ_LONG=1
 * in the environment: Scripts/fuzz.sh runs it so, as a run of its own):
 *
 * - LISTS: two lists of 64-bit values, presented through one of the APIs
 *   (keys, keys with a callback, weak keys = value % k with a callback,
 *   records of 1 to 40 bytes, spans of 0 to 266 bytes, keyed spans and
 *   weak keyed spans, Swift String values (small and native ASCII), keys and
 *   records laid out apart with junk between them). Values come from a
 *   dictionary of up to 16 full 64-bit words read from the input (crafted,
 *   colliding and duplicate keys), or are the bytes themselves; the split
 *   byte gives every proportion of old to new, both empty sides included.
 *   Sometimes with a long common suffix, options.window, ignore_order,
 *   failing allocations (the k-th, or every one from the k-th on), the
 *   cancel flag raised at a fuzzed point (the k-th poll, allocation or
 *   equality call), NULL for every empty array, moves = NULL, an equality
 *   callback that is not transitive or not even consistent, and (the core's
 *   test hook) the hashed keys of records, spans and Swift strings taken
 *   modulo a small number, so that only the bytes tell elements apart.
 * - LONG: lists of up to 150,000 elements a side, built from a few fuzzed
 *   edits (blocks deleted, inserted, moved, values repeated) of a base list,
 *   so that the direct path's bound (65,534 elements after the prefix) and
 *   the thread grain (2^17 elements per thread) are crossed either way.
 * - INVALID: one invalid argument of one entry point (NULL lists or outputs
 *   with a count, a zero element size, a stride below the element or key
 *   size, counts past HECKEL_MAX_COUNT or whose bytes overflow, NULL keys or
 *   span bytes, an unreadable Swift string at a fuzzed position): the exact
 *   status, and the outputs untouched.
 * - MOVES: heckel_find_moves on a mapping read from the input: any 32-bit
 *   entries (out of range ones must give HECKEL_INVALID_ARGUMENT with the
 *   count untouched), duplicates (valid positions, ascending, matched), or a
 *   one-to-one mapping (minimal moves, checked by check_structure).
 *
 * Every OK result of a list mode is checked against the values (offsets in
 * range and inverse, matched values equal, duplicates paired in order, moves
 * minimal), except where the callback disagrees with the values (then a sane
 * structure and only pairs it calls equal). Errors must be ones the input
 * asked for, leave the outputs untouched and free all they took; the same
 * input gives the same output twice, and with the direct path turned off.
 *
 * Built twice by cmake -DHECKEL_FUZZ=ON (CC=/opt/swift/usr/bin/clang): over
 * the small-threshold core (heckel_fuzz) and the production one
 * (heckel_fuzz_production); both with the core's test hooks.
 * Seeds: Tests/C/corpus (written by Tests/C/corpus/make_corpus.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "heckel_swift_strings.h"
#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"

enum { MODE_LISTS, MODE_LONG, MODE_INVALID, MODE_MOVES };
enum { MAX_LIST = 1 << 14, LONG_SUFFIX = 5000, LONG_MAX = 150000, HEADER = 9, DICTIONARY_MAX = 16 };

/* Where a fuzzed cancel is raised. */
enum { CANCEL_AT_POLL, CANCEL_AT_ALLOCATION, CANCEL_AT_CALL };

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "heckel_fuzz: %s: %s\n", what, detail ? detail : "");
    abort();
}

/* The input, read front to back; past its end, zeros. */
typedef struct reader {
    const uint8_t *data;
    size_t size, at;
} reader;

static uint8_t byte(reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }

static uint64_t word(reader *r) {
    uint64_t w = 0;
    for (int b = 0; b < 8; b++) w |= (uint64_t)byte(r) << (8 * b);
    return w;
}

typedef struct fuzz_case {
    test_run run;
    bool cancel, failing_allocation, fail_from;
    unsigned threads;
    bool ignore_order;
    int cancel_how;
    size_t point;
    uint64_t hook_modulus; /* 0, or the test hook's modulus for hashed keys */
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
    hash_hook_weaken(f->hook_modulus);
    heckel_status status = run_and_check(&run, old, n, new, m, &error);
    hash_hook_weaken(0);
    poll_hook_arm(0);
    if (error) fail(api_name(run.api), error);
    if (c.live != 0) fail("leak", api_name(run.api));
    if (status != HECKEL_OK && !explained_failure(status, &c, flag))
        fail("unexpected status", heckel_status_description(status));
    return status;
}

/* The checks of one list pair: correct, the same twice, and the same with
 * the direct path for small lists turned off. */
static void check_lists(const fuzz_case *f, uint64_t *old, size_t n, uint64_t *new, size_t m) {
    uint64_t first = 0, second = 0;
    heckel_status status = run_once(f, old, n, new, m, &first);
    /* Same input, same output: with nothing raised at a point that depends
     * on the call's random seed (polls), and a callback without state. */
    bool repeatable = !(f->cancel && f->cancel_how == CANCEL_AT_POLL) && f->run.equality != EQUAL_RANDOM;
    if (repeatable && run_once(f, old, n, new, m, &second) != status)
        fail("same input, another status", api_name(f->run.api));
    if (repeatable && status == HECKEL_OK && first != second)
        fail("same input, another output", api_name(f->run.api));
    /* The direct path for small lists against the general one: the same
     * outputs (with values for equality; faults left out, they only fail). */
    if (status == HECKEL_OK && f->run.equality == EQUAL_VALUES) {
        fuzz_case general = *f;
        general.cancel = general.failing_allocation = false;
        heckel_test_small_path_off = true;
        heckel_status general_status = run_once(&general, old, n, new, m, &second);
        heckel_test_small_path_off = false;
        if (general_status != HECKEL_OK || second != first)
            fail("the direct path and the general path differ", api_name(f->run.api));
    }
}

/* The header every list mode shares:
 * [mode+api] [flags] [modulus+equality+stride] [size] [threads+pads]
 * [point] [point high+how+ignore_order] [hook+window] [alphabet]. */
static fuzz_case read_case(reader *r) {
    uint8_t mode_api = byte(r), flags = byte(r), modes = byte(r), size = byte(r), spread = byte(r);
    uint8_t point = byte(r), how = byte(r), extra = byte(r);
    static const test_api apis[] = {API_KEYS, API_KEYS_CALLBACK, API_WEAK_KEYS, API_RECORDS, API_SPANS,
                                    API_KEYED_SPANS, API_WEAK_KEYED_SPANS, API_SWIFT_STRINGS};
    fuzz_case f = {
        .run = {.api = apis[(mode_api >> 2) % 8],
                .weak_modulus = 1 + modes % 8,
                .equality = (test_equality)((modes >> 4) % 3),
                .element_size = 1 + size % 40,
                .null_when_empty = flags & 0x40,
                .null_moves = flags & 0x80,
                .stride_pad = modes & 0x08 ? 1 + (size >> 6) * 3 : 0,
                .span_before = (size_t)(spread & 0x1F) * 5,
                .span_after = (size_t)(spread >> 5) * 13,
                .swift_stride_words = mode_api >> 5 & 1,
                .window = extra & 0x80},
        .cancel = flags & 0x10,
        .failing_allocation = flags & 0x20,
        .fail_from = how & 0x40,
        .cancel_how = (how >> 4 & 3) % 3,
        .point = 1 + point + ((size_t)(how & 0x0F) << 8),
        .threads = (unsigned[]){1, 1, 2, 3, 4, 0, 8, 1}[flags & 7],
        .ignore_order = how & 0x80,
        .hook_modulus = extra & 0x40 ? 1 + (extra & 7) : 0,
    };
    /* Only a callback can disagree with the values: every other API is
     * checked against them. */
    if (f.run.api != API_KEYS_CALLBACK && f.run.api != API_WEAK_KEYS) f.run.equality = EQUAL_VALUES;
    return f;
}

/* LISTS: [header] [alphabet] [split] [dictionary: alphabet words] values.
 * alphabet 0: each value is its byte; 1..16: a byte picks a dictionary word
 * (byte % alphabet); 17..: two bytes make a 16-bit value. split 255: every
 * element old (the new list empty); else old gets split / 255 of them. */
static void lists_mode(reader *r, bool long_suffix) {
    fuzz_case f = read_case(r);
    uint8_t alphabet_byte = byte(r), split = byte(r);
    size_t alphabet = alphabet_byte % 24;
    uint64_t dictionary[DICTIONARY_MAX];
    bool words = alphabet > DICTIONARY_MAX;
    for (size_t k = 0; alphabet && !words && k < alphabet; k++) dictionary[k] = word(r);
    size_t left = r->size - r->at, count = words ? left / 2 : left;
    size_t n = split == 255 ? count : split * count / 255, m = count - n;
    if (n > MAX_LIST || m > MAX_LIST) return;
    size_t extra = long_suffix ? LONG_SUFFIX : 0;
    uint64_t *old = malloc((n + extra + 1) * 8), *new = malloc((m + extra + 1) * 8);
    if (!old || !new) abort();
    for (size_t k = 0; k < n + m; k++) {
        uint64_t v = words ? byte(r) | (uint64_t)byte(r) << 8 : byte(r);
        if (alphabet && !words) v = dictionary[v % alphabet];
        if (k < n) old[k] = v; else new[k - n] = v;
    }
    for (size_t k = 0; k < extra; k++) { /* a suffix cycling through the values of both lists */
        size_t t = n + m ? k % (n + m) : 0;
        old[n + k] = new[m + k] = n + m == 0 ? k : t < n ? old[t] : new[t - n];
    }
    check_lists(&f, old, n + extra, new, m + extra);
    free(old);
    free(new);
}

/* LONG: [header] [old size: 3 bytes] [distinct] then edits of 4 bytes
 * [kind] [where: 2 bytes] [length]: kind % 4 = delete a block from new,
 * insert fresh values, move a block elsewhere, repeat one value over a
 * block. Sizes are taken modulo LONG_MAX; distinct % 4 = 0 gives values
 * from an alphabet of 64 (long chains of duplicates), else all distinct. */
static void long_mode(reader *r) {
    fuzz_case f = read_case(r);
    /* Weak keys stay weak by a large modulus: chains of a few elements. */
    f.run.weak_modulus = 1u << 14;
    if (f.hook_modulus) f.hook_modulus = 1u << 14;
    size_t n = (byte(r) | (size_t)byte(r) << 8 | (size_t)byte(r) << 16) % LONG_MAX;
    uint8_t distinct = byte(r);
    uint64_t *old = malloc((n + 1) * 8), *new = malloc((LONG_MAX + 1) * 8), *moved = malloc((LONG_MAX + 1) * 8);
    if (!old || !new || !moved) abort();
    test_rng rng = {distinct + n * 7};
    for (size_t i = 0; i < n; i++) old[i] = distinct % 4 ? i * 0x9E3779B97F4A7C15ull + 1 : rng_below(&rng, 64);
    memcpy(new, old, n * 8);
    size_t m = n, fresh = 1;
    while (r->at + 4 <= r->size) {
        uint8_t kind = byte(r);
        size_t at = byte(r) | (size_t)byte(r) << 8, length = (size_t)byte(r) << (kind >> 4 & 7);
        at = m ? at * m / 65536 : 0;
        if (length > m - at) length = m - at;
        switch (kind % 4) {
        case 0: /* delete */
            memmove(new + at, new + at + length, (m - at - length) * 8);
            m -= length;
            break;
        case 1: /* insert fresh values */
            if (length > LONG_MAX - m) length = LONG_MAX - m;
            memmove(new + at + length, new + at, (m - at) * 8);
            for (size_t k = 0; k < length; k++) new[at + k] = ~(uint64_t)0 - fresh++;
            m += length;
            break;
        case 2: { /* move the block to the front or back half */
            memcpy(moved, new + at, length * 8);
            memmove(new + at, new + at + length, (m - at - length) * 8);
            size_t to = kind & 8 ? 0 : m - length;
            memmove(new + to + length, new + to, (m - length - to) * 8);
            memcpy(new + to, moved, length * 8);
            break;
        }
        default: /* one value over the block */
            for (size_t k = 0; k < length; k++) new[at + k] = new[at];
        }
    }
    check_lists(&f, old, n, new, m);
    free(old);
    free(new);
    free(moved);
}

/* INVALID: [which] [entry point] [where], then a small valid call made
 * invalid in one way; the status must be the one expected, every output
 * untouched, and nothing allocated. */
static void invalid_mode(reader *r) {
    enum { N = 4 };
    uint8_t which = byte(r), entry = byte(r), where = byte(r);
    uint64_t keys[N] = {1, 2, 3, 4};
    unsigned char records[N * 16] = {0};
    for (size_t k = 0; k < sizeof records; k++) records[k] = (unsigned char)(k / 16);
    heckel_span spans[N] = {{"a", 1}, {"bb", 2}, {"", 0}, {"dddd", 4}};
    unsigned char swift[N][16] = {{0}};
    for (int k = 0; k < N; k++) swift[k][0] = (unsigned char)('a' + k), swift[k][15] = 0xE1;
    heckel_swift_strings strings = {.values = swift, .count = N, .stride = 16};
    test_outputs o;
    outputs_make(&o, N, N);
    counting_allocator c;
    counting_init(&c);
    heckel_options options = {.allocator = &c.allocator};
    const void *old_list = NULL, *new_list = NULL;
    size_t n = N, m = N, size = 8, stride = 8;
    heckel_status want = HECKEL_INVALID_ARGUMENT;
    heckel_result *result = &o.result;
    entry %= 7; /* keys, keys at stride, records, records at stride, spans, keyed spans, swift */
    const void *lists[] = {keys, keys, records, records, spans, spans, &strings};
    old_list = new_list = lists[entry];
    switch (which % 8) {
    case 0: if (where & 1) old_list = NULL; else new_list = NULL; break;
    case 1: result = NULL; break;
    case 2: if (where & 1) o.result.old_to_new = NULL; else o.result.new_to_old = NULL; break;
    case 3: /* too large: a count past HECKEL_MAX_COUNT, or its bytes past SIZE_MAX */
        want = HECKEL_TOO_LARGE;
        if (where & 1) n = HECKEL_MAX_COUNT + 1 + where; else m = HECKEL_MAX_COUNT + 1 + where;
        if ((entry == 1 || entry == 3) && where & 2) {
            n = m = 3, stride = SIZE_MAX / 2;
        }
        break;
    case 4: /* a size the entry point refuses */
        if (entry == 1) stride = where % 8;               /* keys below 8 bytes apart */
        else if (entry == 2) size = 0, stride = 0;        /* records of no bytes */
        else if (entry == 3) size = 9 + where % 8, stride = size - 1 - where % 8 % size;
        else if (entry == 4 || entry == 5) spans[where % N] = (heckel_span){NULL, 1 + where};
        else if (entry == 6) swift[where % N][15] = 0xA1; /* small, not ASCII */
        else old_list = NULL;
        break;
    case 5: /* keyed spans without keys; elsewhere a NULL list */
        if (entry == 5) break;
        old_list = NULL;
        break;
    case 6: /* a Swift string the core cannot read (native, not tail-allocated) */
        if (entry == 6) {
            uint64_t flags = 0x8000000000000000ull | 30, address = (uint64_t)(uintptr_t)records;
            memcpy(swift[where % N], &flags, 8);
            memcpy(swift[where % N] + 8, &address, 8);
            break;
        }
        new_list = NULL;
        break;
    default: /* both lists NULL */
        old_list = new_list = NULL;
    }
    if (entry == 3 && which % 8 != 4 && which % 8 != 3) size = 16, stride = 16 + where % 5;
    if (entry == 2 && which % 8 != 4) size = 16;
    heckel_status got;
    switch (entry) {
    case 0: got = heckel_match_keys(old_list, n, new_list, m, NULL, NULL, &options, result); break;
    case 1: got = heckel_match_keys_at_stride(old_list, n, new_list, m, stride, &options, result); break;
    case 2: got = heckel_match_records(old_list, n, new_list, m, size, &options, result); break;
    case 3: got = heckel_match_records_at_stride(old_list, n, new_list, m, size, stride, &options, result); break;
    case 4: got = heckel_match_spans(old_list, n, new_list, m, &options, result); break;
    case 5: {
        bool no_keys = which % 8 == 5;
        got = heckel_match_keyed_spans(old_list, no_keys && where & 1 ? NULL : keys, n, new_list,
                                       no_keys && !(where & 1) ? NULL : keys, m, &options, result);
        break;
    }
    default: {
        heckel_swift_strings a = strings, b = strings;
        a.count = n, b.count = m;
        got = heckel_match_swift_strings(old_list ? &a : NULL, new_list ? &b : NULL, &options, result);
    }
    }
    if (got != want) {
        char detail[96];
        snprintf(detail, sizeof detail, "case %d, entry %d: got \"%s\", want \"%s\"", which % 8, entry,
                 heckel_status_description(got), heckel_status_description(want));
        fail("invalid argument", detail);
    }
    o.result = (heckel_result){o.o2n, o.n2o, o.moves, o.result.match_count, o.result.move_count};
    if (!outputs_arrays_untouched(&o) || !outputs_counters_untouched(&o))
        fail("invalid argument", "a refused call wrote its outputs");
    if (c.calls != 0) fail("invalid argument", "a refused call allocated");
    outputs_free(&o);
}

static int compare_words(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* MOVES: [header] [form] then 4-byte entries. form % 3: 0 any 32-bit
 * entries; 1 entries % (count + 2), so duplicates and unmatched ones; 2 a
 * one-to-one mapping (a permutation of the entries' order, some unmatched). */
static void moves_mode(reader *r) {
    fuzz_case f = read_case(r);
    uint8_t form = byte(r) % 3;
    size_t count = (r->size - r->at) / 4;
    heckel_offset *new_to_old = malloc((count + 1) * sizeof *new_to_old);
    heckel_offset *moves = malloc((count + 1) * sizeof *moves);
    uint64_t *order = malloc((count + 1) * sizeof *order);
    if (!new_to_old || !moves || !order) abort();
    bool invalid = false;
    for (size_t j = 0; j < count; j++) {
        uint32_t entry = (uint32_t)(byte(r) | byte(r) << 8 | byte(r) << 16 | (uint32_t)byte(r) << 24);
        order[j] = ((uint64_t)entry << 32) | j;
        new_to_old[j] = form == 0 ? entry : form == 1 ? entry % (count + 2) : 0;
        if (form == 1 && new_to_old[j] == count + 1) new_to_old[j] = HECKEL_UNMATCHED;
        invalid |= new_to_old[j] >= HECKEL_MAX_COUNT && new_to_old[j] != HECKEL_UNMATCHED;
    }
    if (form == 2) { /* old offset of new j: j's rank by its entry; entries with bit 0 set unmatched */
        qsort(order, count, sizeof *order, compare_words);
        for (size_t rank = 0; rank < count; rank++) {
            size_t j = (size_t)(order[rank] & 0xFFFFFFFF);
            new_to_old[j] = order[rank] >> 32 & 1 ? HECKEL_UNMATCHED : (heckel_offset)rank;
        }
    }
    for (size_t k = 0; k <= count; k++) moves[k] = TEST_CANARY;
    int flag;
    counting_allocator c;
    heckel_options options = arm_faults(&f, &c, &flag);
    size_t move_count = TEST_CANARY;
    heckel_status status = heckel_find_moves(count || !f.run.null_when_empty ? new_to_old : NULL, count,
                                             &options, f.run.null_moves ? NULL : moves, &move_count);
    poll_hook_arm(0);
    if (c.live != 0) fail("leak", "find_moves");
    if (invalid) {
        if (status != HECKEL_INVALID_ARGUMENT && !(status == HECKEL_CANCELLED && flag))
            fail("find_moves: an entry past HECKEL_MAX_COUNT accepted", heckel_status_description(status));
    }
    if (status != HECKEL_OK) {
        if (move_count != TEST_CANARY) fail("find_moves", "a failing call wrote its count");
        if (!canaries_untouched(moves, count + 1)) fail("find_moves", "a failing call wrote its moves");
        if (!invalid && !explained_failure(status, &c, flag))
            fail("find_moves: unexpected status", heckel_status_description(status));
    } else if (moves[count] != TEST_CANARY) {
        fail("find_moves", "wrote past the moves array");
    } else if (form == 2) { /* one-to-one: minimal, as check_structure says */
        heckel_offset *old_to_new = malloc((count + 1) * sizeof *old_to_new);
        if (!old_to_new) abort();
        size_t matches = 0;
        for (size_t i = 0; i < count; i++) old_to_new[i] = HECKEL_UNMATCHED;
        for (size_t j = 0; j < count; j++)
            if (new_to_old[j] != HECKEL_UNMATCHED) old_to_new[new_to_old[j]] = (heckel_offset)j, matches++;
        heckel_result result = {.old_to_new = old_to_new, .new_to_old = new_to_old,
                                .moves = f.run.null_moves ? NULL : moves, .match_count = matches,
                                .move_count = move_count};
        const char *error = check_structure(count, count, &result, NULL);
        if (error) fail("find_moves", error);
        free(old_to_new);
    } else { /* duplicates: valid positions, ascending, matched; no more than the matched */
        size_t matched = 0;
        for (size_t j = 0; j < count; j++) matched += new_to_old[j] != HECKEL_UNMATCHED;
        if (move_count > matched) fail("find_moves", "more moves than matched pairs");
        for (size_t k = 0; !f.run.null_moves && k < move_count; k++) {
            if (moves[k] >= count || new_to_old[moves[k]] == HECKEL_UNMATCHED)
                fail("find_moves", "a move that is not a matched position");
            if (k && moves[k] <= moves[k - 1]) fail("find_moves", "moves not ascending");
        }
    }
    free(new_to_old);
    free(moves);
    free(order);
}

/* Long lists cost a thousand short ones, so they run on their own: with
 * HECKEL_FUZZ_LONG=1 in the environment every input is a LONG one; without,
 * none is (MODE_LONG inputs run as LISTS). */
static bool long_only;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *setting = getenv("HECKEL_FUZZ_LONG");
    long_only = setting && strcmp(setting, "1") == 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HEADER) return 0;
    reader r = {data, size, 0};
    int mode = long_only ? MODE_LONG : data[0] & 3;
    if (mode == MODE_LONG && !long_only) mode = MODE_LISTS;
    switch (mode) {
    case MODE_LISTS: lists_mode(&r, data[0] & 0x80); break;
    case MODE_LONG: long_mode(&r); break;
    case MODE_INVALID:
        r.at = 1;
        invalid_mode(&r);
        break;
    default: moves_mode(&r);
    }
    return 0;
}
