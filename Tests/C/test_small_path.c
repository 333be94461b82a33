/* The direct path (small_run.c) against the general path: on thousands of
 * random shapes (heavy duplicates, all equal, all distinct, reversed, empty
 * sides, keys sharing table slots, keys crowding one slot, sizes straddling
 * the stack bound HECKEL_STACK_MAX = 512, the library's HECKEL_SMALL_MAX
 * (the narrow table's bound), SMALL_MAX here: 1024 in heckel_small, 65534 in
 * the production-threshold build of test_small_path_production, and its
 * HECKEL_DIRECT_MAX (the wide table's), DIRECT_MAX here) every output array and counter must be byte-identical, with and
 * without moves and ignore_order, and correct by the values alone
 * (check_result). Every input form that takes the direct path is run: plain
 * keys, keyed spans (keys = the values, or colliding keys value % 3 where
 * the bytes decide), records (8 and 12 bytes) and spans (hashed by the
 * core). The allocator's call count shows which path ran: none on
 * the stack, one block on the heap, more on the general path, so each shape
 * is also checked to reach the path it is meant for. A cancel raised at
 * each poll in turn, and a failure of each allocation in turn, must return
 * HECKEL_CANCELLED / HECKEL_OUT_OF_MEMORY with the outputs untouched and
 * nothing leaked, until the call runs through with the same output. Built
 * against a core with HECKEL_TEST_HOOKS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "heckel.h"
#include "heckel_swift_strings.h"
#include "test_support.h"
#include "../../Sources/CHeckel/test_hooks.h"


#define STACK_MAX 512 /* HECKEL_STACK_MAX */
#ifndef SUFFIX_TRIM_MIN /* the library's HECKEL_SUFFIX_TRIM_MIN: heckel_small's, or the production one */
#define SUFFIX_TRIM_MIN 8
#endif
#ifndef SMALL_MAX /* the library's HECKEL_SMALL_MAX: heckel_small's, or the production one */
#define SMALL_MAX 1024
#endif
#ifndef DIRECT_MAX /* the library's HECKEL_DIRECT_MAX: heckel_small's, or heckel_hooks's */
#define DIRECT_MAX 2048
#endif
#define MAX_SIDE (DIRECT_MAX + 1024)
/* The wide table's failure, crowding and collision cases run in
 * heckel_small's build only: at the production sizes each costs minutes. */
#define SMALL_BUILD (DIRECT_MAX <= 4096)
#define FILL 0xA5
/* The direct path's slot hash: the top bits of key * HASH_MULTIPLIER. */
#define HASH_MULTIPLIER 0x9E3779B97F4A7C15ull

/* How the values reach the core. */
typedef enum form {
    FORM_KEYS,        /* heckel_match_keys, key = value, no equality */
    FORM_KEYED_SPANS, /* heckel_match_keyed_spans, key = value, spans = text(value) */
    FORM_WEAK_SPANS,  /* heckel_match_keyed_spans, key = value % 3: the bytes decide */
    FORM_RECORDS,     /* heckel_match_records, 8-byte records = value (12 bytes on odd rounds) */
    FORM_SPANS,       /* heckel_match_spans, spans = text(value), hashed by the core */
    FORM_RECORDS16,   /* heckel_match_records_at_stride, 16-byte records (record16), packed (stride 24 on odd rounds) */
    FORM_WEAK_RECORDS16, /* as FORM_RECORDS16, keys weakened to key % 3 (test hook): the words decide */
    FORM_SWIFT_STRINGS,  /* heckel_match_swift_strings, String values of text(value) (swift_strings) */
    FORM_WEAK_SWIFT_STRINGS, /* as FORM_SWIFT_STRINGS, keys weakened to key % 3 (test hook) */
    FORMS
} form;
static const char *const form_names[FORMS] = {"keys", "keyed spans", "weak keyed spans", "records",
                                              "spans", "16-byte records", "weak 16-byte records",
                                              "Swift strings", "weak Swift strings"};

/* Whether the form's keys are the values themselves (so crafted values crowd
 * the direct path's table), rather than hashed or reduced. */
static bool keys_are_values(form f) { return f == FORM_KEYS || f == FORM_KEYED_SPANS; }

/* Whether the form's keys collide by design (the bytes decide among them). */
static bool keys_weak(form f) {
    return f == FORM_WEAK_SPANS || f == FORM_WEAK_RECORDS16 || f == FORM_WEAK_SWIFT_STRINGS;
}

/* The 16-byte record of a value: the value, then a word that differs from
 * it in every byte's high bits for some values and agrees in the low word
 * for others, so neither word alone tells two records apart. */
static void record16(uint64_t v, unsigned char *record) {
    uint64_t high = (v >> 3) * 0x9E3779B97F4A7C15ull ^ (v & 7);
    uint64_t low = v & ~7ull;
    memcpy(record, &low, sizeof low);
    memcpy(record + 8, &high, sizeof high);
}

/* An element's text: the decimal value padded with 'x' to a length that
 * varies with it (1 to 42 bytes, across the inline and memcmp comparisons);
 * value 0 is the empty span (NULL bytes). Distinct values, distinct texts. */
typedef struct side_bytes {
    char text[MAX_SIDE][48];
    unsigned char strings[MAX_SIDE][16];      /* Swift String values (swift_strings) */
    unsigned char objects[MAX_SIDE][32 + 48]; /* native strings' objects: header, then bytes */
    heckel_span spans[MAX_SIDE];
    uint64_t keys[MAX_SIDE];
    unsigned char records[MAX_SIDE][12];
} side_bytes;

static void make_side(form f, const uint64_t *values, size_t count, side_bytes *b) {
    for (size_t k = 0; k < count; k++) {
        uint64_t v = values[k];
        int length = v ? snprintf(b->text[k], sizeof b->text[k], "%llu", (unsigned long long)v) : 0;
        for (int pad = (int)(v % 23); v && pad > 0; pad--) b->text[k][length++] = 'x';
        b->spans[k] = (heckel_span){.bytes = v ? b->text[k] : NULL, .length = (size_t)length};
        b->keys[k] = f == FORM_WEAK_SPANS ? v % 3 : v;
        memcpy(b->records[k], &v, sizeof v);
        memset(b->records[k] + sizeof v, 0xAB, sizeof b->records[k] - sizeof v);
    }
}

typedef struct outputs {
    heckel_offset old_to_new[MAX_SIDE], new_to_old[MAX_SIDE], moves[MAX_SIDE];
    heckel_result r;
    heckel_status status;
    size_t allocations, live;
    size_t extent; /* entries filled and compared: the longer list's + a margin */
} outputs;

/* FILL in the counters and the first extent entries of each array (the
 * production build's lists reach 65,534 elements: filling whole arrays
 * every call would dominate). */
static void fill(outputs *o, size_t old_count, size_t new_count) {
    size_t longer = old_count > new_count ? old_count : new_count;
    o->extent = longer + 64 < MAX_SIDE ? longer + 64 : MAX_SIDE;
    size_t bytes = o->extent * sizeof *o->old_to_new;
    memset(o->old_to_new, FILL, bytes);
    memset(o->new_to_old, FILL, bytes);
    memset(o->moves, FILL, bytes);
    memset(&o->r, FILL, sizeof o->r);
}

/* The texts of a side as Swift String values (heckel_swift_strings.h):
 * small (in the value, byte 15 0xE0 | count) where the text fits in 15
 * bytes and its value is odd, else native (word 0 the ASCII and
 * tail-allocated flags and the count, word 1 the address of an object whose
 * bytes start 32 bytes in; immortal, as literals are, for values divisible
 * by 4). A new string whose text an old one at the same offset holds points
 * to that old string's object when shared (a new list holding the old
 * list's strings): one object, compared unread. */
static void swift_strings(side_bytes *b, size_t count, const side_bytes *shared, size_t shared_count) {
    for (size_t k = 0; k < count; k++) {
        size_t length = b->spans[k].length;
        uint64_t v = b->keys[k];
        unsigned char *value = b->strings[k];
        if (length <= 15 && v % 2) {
            memset(value, 0, 16);
            if (length) memcpy(value, b->spans[k].bytes, length);
            value[15] = (unsigned char)(0xE0 | length);
            continue;
        }
        const unsigned char *object = b->objects[k];
        if (shared && k < shared_count && shared->spans[k].length == length &&
            (length == 0 || memcmp(shared->spans[k].bytes, b->spans[k].bytes, length) == 0))
            object = shared->objects[k];
        else {
            memset(b->objects[k], 0x5A, 32); /* the object's header: never read */
            if (length) memcpy(b->objects[k] + 32, b->spans[k].bytes, length);
        }
        uint64_t flags = (v % 4 == 0 ? 0xD000000000000000ull : 0xF000000000000000ull) | length;
        uint64_t address = (uint64_t)(uintptr_t)object | (v % 4 == 0 ? 0x8ull << 60 : 0);
        memcpy(value, &flags, 8);
        memcpy(value + 8, &address, 8);
    }
}

/* One call of the form's entry point on the values (record_size: 8 or 12). */
static heckel_status call_form(form f, size_t record_size, const uint64_t *old_values,
                               size_t old_count, const uint64_t *new_values, size_t new_count,
                               const heckel_options *options, heckel_result *r) {
    static side_bytes old_bytes, new_bytes;
    make_side(f, old_values, old_count, &old_bytes);
    make_side(f, new_values, new_count, &new_bytes);
    switch (f) {
    case FORM_KEYS:
        return heckel_match_keys(old_values, old_count, new_values, new_count, NULL, NULL, options, r);
    case FORM_KEYED_SPANS:
    case FORM_WEAK_SPANS:
        return heckel_match_keyed_spans(old_bytes.spans, old_bytes.keys, old_count, new_bytes.spans,
                                        new_bytes.keys, new_count, options, r);
    case FORM_RECORDS:
        if (record_size == 8) /* the values themselves, as the core reads them */
            return heckel_match_records(old_values, old_count, new_values, new_count, 8, options, r);
        {
            static unsigned char old_packed[MAX_SIDE * 12], new_packed[MAX_SIDE * 12];
            for (size_t k = 0; k < old_count; k++) memcpy(old_packed + 12 * k, old_bytes.records[k], 12);
            for (size_t k = 0; k < new_count; k++) memcpy(new_packed + 12 * k, new_bytes.records[k], 12);
            return heckel_match_records(old_packed, old_count, new_packed, new_count, 12, options, r);
        }
    case FORM_SPANS:
        return heckel_match_spans(old_bytes.spans, old_count, new_bytes.spans, new_count, options, r);
    case FORM_RECORDS16:
    case FORM_WEAK_RECORDS16: {
        size_t stride = record_size == 8 ? 16 : 24;
        static unsigned char old_packed[MAX_SIDE * 24], new_packed[MAX_SIDE * 24];
        for (size_t k = 0; k < old_count; k++) record16(old_values[k], old_packed + stride * k);
        for (size_t k = 0; k < new_count; k++) record16(new_values[k], new_packed + stride * k);
        if (f == FORM_WEAK_RECORDS16) hash_hook_weaken(3);
        heckel_status status = heckel_match_records_at_stride(old_packed, old_count, new_packed, new_count, 16,
                                                              stride, options, r);
        hash_hook_weaken(0);
        return status;
    }
    case FORM_SWIFT_STRINGS:
    case FORM_WEAK_SWIFT_STRINGS: {
        /* Keys: the values, as swift_strings reads them. */
        for (size_t k = 0; k < old_count; k++) old_bytes.keys[k] = old_values[k];
        for (size_t k = 0; k < new_count; k++) new_bytes.keys[k] = new_values[k];
        swift_strings(&old_bytes, old_count, NULL, 0);
        swift_strings(&new_bytes, new_count, record_size == 8 ? &old_bytes : NULL, old_count);
        heckel_swift_strings a = {.values = old_bytes.strings, .count = old_count, .stride = 16};
        heckel_swift_strings b = {.values = new_bytes.strings, .count = new_count, .stride = 16};
        if (f == FORM_WEAK_SWIFT_STRINGS) hash_hook_weaken(3);
        heckel_status status = heckel_match_swift_strings(&a, &b, options, r);
        hash_hook_weaken(0);
        return status;
    }
    case FORMS: break;
    }
    return HECKEL_INVALID_ARGUMENT;
}

static void run(form f, size_t record_size, const uint64_t *old_keys, size_t old_count,
                const uint64_t *new_keys, size_t new_count, bool ignore_order, bool with_moves,
                bool general, outputs *o) {
    fill(o, old_count, new_count);
    counting_allocator c;
    counting_init(&c);
    heckel_options options = {.ignore_order = ignore_order, .allocator = &c.allocator};
    o->r = (heckel_result){.old_to_new = o->old_to_new, .new_to_old = o->new_to_old,
                           .moves = with_moves ? o->moves : NULL};
    heckel_test_small_path_off = general;
    o->status = call_form(f, record_size, old_keys, old_count, new_keys, new_count, &options, &o->r);
    heckel_test_small_path_off = false;
    o->allocations = c.calls;
    o->live = c.live;
}

/* Which path a shape must take. */
typedef enum path { STACK, HEAP, GENERAL, ANY } path;

static const char *path_name(size_t allocations) {
    return allocations == 0 ? "stack" : allocations == 1 ? "heap" : "general";
}

static bool same_outputs(const outputs *a, const outputs *b) {
    size_t bytes = a->extent * sizeof *a->old_to_new;
    return a->extent == b->extent && !memcmp(a->old_to_new, b->old_to_new, bytes) &&
           !memcmp(a->new_to_old, b->new_to_old, bytes) && !memcmp(a->moves, b->moves, bytes) &&
           a->r.match_count == b->r.match_count &&
           a->r.move_count == b->r.move_count;
}

static void compare_form(test_tally *t, form f, size_t record_size, const char *shape,
                         uint64_t *old_keys, size_t old_count, uint64_t *new_keys, size_t new_count,
                         path expected) {
    for (int variant = 0; variant < 3; variant++) {
        bool ignore_order = variant == 2, with_moves = variant != 1;
        static outputs direct, general;
        run(f, record_size, old_keys, old_count, new_keys, new_count, ignore_order, with_moves, false, &direct);
        run(f, record_size, old_keys, old_count, new_keys, new_count, ignore_order, with_moves, true, &general);
        const char *error = direct.status == HECKEL_OK && !ignore_order
                                ? check_result(old_keys, old_count, new_keys, new_count, &direct.r)
                                : NULL;
        /* The prefix alone decides nothing: paths are told apart only where
         * a middle is left (both sides non-empty after it). */
        bool took = expected == ANY ||
                    (expected == STACK ? direct.allocations == 0
                     : expected == HEAP ? direct.allocations == 1
                                        : direct.allocations > 1);
        char detail[200];
        snprintf(detail, sizeof detail, "%s, %s, old %zu, new %zu, variant %d, %s path%s%s", form_names[f],
                 shape, old_count, new_count, variant, path_name(direct.allocations), error ? ": " : "",
                 error ? error : "");
        tally_expect(t, direct.status == HECKEL_OK && general.status == HECKEL_OK &&
                            same_outputs(&direct, &general) && !error && direct.live == 0,
                     "direct path = general path, and correct", detail);
        tally_expect(t, took, "the shape reaches its path", detail);
    }
}

/* Every form on the same values: those whose keys are the values reach the
 * expected path; hashed forms cannot be crowded by crafted values (expected
 * unless crowding was the point: then the path they would take uncrowded);
 * weak keys share slots by design, so any path. */
static void compare(test_tally *t, const char *shape, uint64_t *old_keys, size_t old_count,
                    uint64_t *new_keys, size_t new_count, path expected, path uncrowded,
                    size_t round) {
    for (form f = 0; f < FORMS; f++) {
        /* Weak keys send many distinct values to the general path's exact
         * matching, quadratic in them: kept to small lists. */
        if (keys_weak(f) && old_count + new_count > 2 * STACK_MAX) continue;
        path p = keys_are_values(f) ? expected : keys_weak(f) ? ANY : uncrowded;
        compare_form(t, f, round % 2 ? 12 : 8, shape, old_keys, old_count, new_keys, new_count, p);
    }
}

/* Failures in the middle of a call, for every form: a cancel raised at the
 * k-th poll, or the k-th allocation failing, for k = 1, 2, ... until the
 * call runs through: each failing call returns its status with every output
 * (arrays and counters) untouched and nothing leaked; the call that runs
 * through gives the uncancelled output. */
static bool counters_untouched(const outputs *o) {
    size_t fresh;
    memset(&fresh, FILL, sizeof fresh);
    return o->r.match_count == fresh && o->r.move_count == fresh;
}

static bool untouched(const outputs *o) {
    heckel_offset fresh;
    memset(&fresh, FILL, sizeof fresh);
    for (size_t k = 0; k < o->extent; k++)
        if (o->old_to_new[k] != fresh || o->new_to_old[k] != fresh || o->moves[k] != fresh) return false;
    return counters_untouched(o);
}

static void failures(test_tally *t, const char *shape, const uint64_t *old_keys, size_t old_count,
                     const uint64_t *new_keys, size_t new_count) {
    static outputs reference, o;
    for (form f = 0; f < FORMS; f++) {
        run(f, 8, old_keys, old_count, new_keys, new_count, false, true, false, &reference);
        for (int cancelling = 0; cancelling < 2; cancelling++) {
            size_t k = 1, failed = 0;
            for (;; k++) {
                fill(&o, old_count, new_count);
                counting_allocator c;
                counting_init(&c);
                int flag = 0;
                heckel_options options = {.allocator = &c.allocator};
                if (cancelling) {
                    options.cancel = &flag;
                    poll_hook_arm(k);
                } else {
                    c.fail_at = k;
                }
                o.r.old_to_new = o.old_to_new; /* the counters keep FILL */
                o.r.new_to_old = o.new_to_old;
                o.r.moves = o.moves;
                heckel_status status = call_form(f, 8, old_keys, old_count, new_keys, new_count, &options, &o.r);
                size_t polls = poll_hook_polls();
                poll_hook_arm(0);
                heckel_status failure = cancelling ? HECKEL_CANCELLED : HECKEL_OUT_OF_MEMORY;
                char detail[160];
                snprintf(detail, sizeof detail, "%s, %s, old %zu, new %zu, %s %zu", form_names[f], shape,
                         old_count, new_count, cancelling ? "cancel at poll" : "failing allocation", k);
                bool through = cancelling ? polls < k : c.calls < k;
                if (through) {
                    tally_expect(t, status == HECKEL_OK && same_outputs(&o, &reference) && c.live == 0,
                                 "runs through with the same output", detail);
                    break;
                }
                failed++;
                /* heckel.h: a cancel during the general path's last pass may
                 * leave the arrays written (never the counters); the direct
                 * path polls for the last time before writing anything. */
                bool general = c.calls > 1;
                tally_expect(t, status == failure && c.live == 0 &&
                                    (untouched(&o) || (cancelling && general && counters_untouched(&o))),
                             "fails with outputs untouched, nothing leaked", detail);
                if (k == 2000) {
                    tally_expect(t, false, "at most 2000 polls or allocations", detail);
                    break;
                }
            }
            tally_expect(t, failed + 1 == k, "every poll and allocation tried", form_names[f]);
        }
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

/* An element of an edited list: mostly values of their own (at or above
 * 64, so rarely repeated), some repeated ones (below alphabet <= 64). */
static uint64_t edited_value(test_rng *rng, uint64_t alphabet) {
    return rng_below(rng, 4) ? 64 + rng_below(rng, 1u << 20) : rng_below(rng, alphabet);
}

/* new as old edited by hand, at most limit elements: old's elements mostly
 * copied in order (the direct path's run of next old elements), some
 * skipped, some repeated out of turn (copies of an old element before or
 * after its turn, of an element of its own or a repeated one), some fresh.
 * Returns the count. */
static size_t edit(test_rng *rng, const uint64_t *old_keys, size_t old_count, uint64_t *new_keys,
                   size_t limit, uint64_t alphabet) {
    size_t count = 0;
    for (size_t i = 0; count < limit && (i < old_count || rng_below(rng, 4));) {
        uint64_t roll = rng_below(rng, 10);
        if (roll < 6 && i < old_count) new_keys[count++] = old_keys[i++];
        else if (roll < 7 && i < old_count) i++;
        else if (roll < 9 && old_count) new_keys[count++] = old_keys[rng_below(rng, old_count)];
        else new_keys[count++] = edited_value(rng, alphabet);
    }
    return count;
}

/* heckel-bench's duplicates scenario: count distinct elements, a block of a
 * fifth deleted, as many fresh ones inserted as a block, 4% of the
 * positions swapped in pairs, then every element folded to one of
 * `values` values. Nearly every matched pair is a move, and each value's
 * occurrences take run lengths a few apart: the direct path's hinted run
 * search. Returns new's count. */
static size_t few_values(test_rng *rng, size_t count, uint64_t values, uint64_t *old_keys, uint64_t *new_keys) {
    size_t deleted = count / 5, at = rng_below(rng, count - deleted + 1), n = 0;
    size_t left = count - deleted, insert_at = rng_below(rng, left + 1);
    for (size_t i = 0; i < count; i++) old_keys[i] = i;
    for (size_t p = 0; p <= left; p++) {
        if (p == insert_at)
            for (size_t k = 0; k < deleted; k++) new_keys[n++] = count + k;
        if (p < left) new_keys[n++] = p < at ? p : p + deleted;
    }
    for (size_t k = 0; k < n / 25; k++) {
        size_t a = rng_below(rng, n), b = rng_below(rng, n);
        uint64_t swap = new_keys[a];
        new_keys[a] = new_keys[b];
        new_keys[b] = swap;
    }
    for (size_t i = 0; i < count; i++) old_keys[i] = (old_keys[i] * 0x9E3779B97F4A7C15ull >> 32) % values;
    for (size_t j = 0; j < n; j++) new_keys[j] = (new_keys[j] * 0x9E3779B97F4A7C15ull >> 32) % values;
    return n;
}

/* The path a shape with these sizes takes unless its keys crowd the table:
 * what is left after the common prefix decides, unless a common suffix of
 * at least SUFFIX_TRIM_MIN is at least 3 times the middle left between it
 * and the prefix (run.c's DIRECT_SUFFIX_SHARE), which the general path then
 * trims. */
static path path_for(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                     size_t new_count) {
    size_t prefix = 0;
    while (prefix < old_count && prefix < new_count && old_keys[prefix] == new_keys[prefix]) prefix++;
    if (prefix == old_count || prefix == new_count) return ANY; /* nothing or one side left */
    size_t suffix = 0;
    while (suffix < old_count - prefix && suffix < new_count - prefix &&
           old_keys[old_count - 1 - suffix] == new_keys[new_count - 1 - suffix])
        suffix++;
    size_t between = old_count + new_count - 2 * (prefix + suffix);
    if (suffix >= SUFFIX_TRIM_MIN && suffix >= between / 16 && suffix >= 3 * between) return GENERAL;
    size_t middle = old_count + new_count - 2 * prefix;
    return middle <= STACK_MAX ? STACK : middle <= DIRECT_MAX ? HEAP : GENERAL;
}

/* Polls of one heckel_match_keys call on plain keys (the test hook counts
 * them), or SIZE_MAX if it fails. */
static size_t keys_polls(const uint64_t *old_keys, size_t old_count, const uint64_t *new_keys,
                         size_t new_count, heckel_offset *arrays) {
    heckel_result r = {.old_to_new = arrays, .new_to_old = arrays + old_count,
                       .moves = arrays + old_count + new_count};
    int flag = 0;
    heckel_options options = {.cancel = &flag};
    poll_hook_arm(0);
    heckel_status status = heckel_match_keys(old_keys, old_count, new_keys, new_count, NULL, NULL, &options, &r);
    return status == HECKEL_OK ? poll_hook_polls() : SIZE_MAX;
}

/* The trim of a common prefix of plain keys (trim_keys.c, four keys a
 * step) polls the cancel flag once per HECKEL_POLL_MASK + 1 = 4096 keys
 * trimmed, as the element-by-element loop did: a prefix of 3 * 4096 + 5
 * keys before the same short middle costs 3 polls more, and with the flag
 * raised at each poll the call is cancelled, outputs untouched. */
static void trim_polls(test_tally *t) {
    enum { PREFIX = 3 * 4096 + 5, MIDDLE = 30 };
    size_t most = PREFIX + MIDDLE;
    uint64_t *old_keys = malloc(most * sizeof *old_keys), *new_keys = malloc(most * sizeof *new_keys);
    heckel_offset *arrays = malloc(3 * most * sizeof *arrays);
    if (!old_keys || !new_keys || !arrays) abort();
    size_t polls[2];
    for (int long_prefix = 0; long_prefix < 2; long_prefix++) {
        size_t prefix = long_prefix ? PREFIX : 0;
        for (size_t k = 0; k < prefix; k++) old_keys[k] = new_keys[k] = 1000000 + k;
        for (size_t k = 0; k < MIDDLE; k++) {
            old_keys[prefix + k] = k + 1;
            new_keys[prefix + k] = MIDDLE - k; /* reversed: no common prefix, suffix or order */
        }
        polls[long_prefix] = keys_polls(old_keys, prefix + MIDDLE, new_keys, prefix + MIDDLE, arrays);
    }
    char detail[96];
    snprintf(detail, sizeof detail, "%zu polls without the prefix, %zu with it", polls[0], polls[1]);
    tally_expect(t, polls[0] != SIZE_MAX && polls[1] != SIZE_MAX && polls[1] - polls[0] == 3,
                 "trimming 3 * 4096 + 5 equal keys polls 3 times", detail);
    for (size_t k = 1; polls[1] != SIZE_MAX && k <= polls[1]; k++) {
        for (size_t e = 0; e < 3 * most; e++) arrays[e] = 0xA5A5A5A5u;
        heckel_result r = {.old_to_new = arrays, .new_to_old = arrays + most, .moves = arrays + 2 * most,
                           .match_count = 77, .move_count = 77};
        int flag = 0;
        heckel_options options = {.cancel = &flag};
        poll_hook_arm(k);
        heckel_status status = heckel_match_keys(old_keys, most, new_keys, most, NULL, NULL, &options, &r);
        poll_hook_arm(0);
        bool untouched = r.match_count == 77 && r.move_count == 77;
        for (size_t e = 0; e < 3 * most; e++) untouched = untouched && arrays[e] == 0xA5A5A5A5u;
        snprintf(detail, sizeof detail, "raised at poll %zu of %zu: %s, outputs %s", k, polls[1],
                 heckel_status_description(status), untouched ? "untouched" : "written");
        tally_expect(t, status == HECKEL_CANCELLED && untouched, "cancelled while trimming", detail);
    }
    free(old_keys);
    free(new_keys);
    free(arrays);
}

/* Swift strings on the narrow table are keyed by the direct path, the old
 * ones up front and the new ones as they probe (small_run.c): each of those
 * passes polls the cancel flag once per HECKEL_POLL_MASK + 1 = 4096 strings
 * it hashes, on top of the polls the same call makes on plain keys (which
 * hashes nothing), so a list of long strings answers a cancel within a few
 * thousand strings (heckel.h). Reversed distinct strings: every new one
 * probes. */
static void strings_polls(test_tally *t) {
    if (SMALL_BUILD) return; /* the narrow table holds 1024 elements there: one poll's worth */
    enum { SIDE = 30000 };
    static uint64_t old_values[SIDE], new_values[SIDE];
    static heckel_offset arrays[3 * SIDE];
    for (size_t k = 0; k < SIDE; k++) {
        old_values[k] = k + 1;
        new_values[k] = SIDE - k;
    }
    size_t polls[2];
    heckel_status status[2];
    for (int strings = 0; strings < 2; strings++) {
        heckel_result r = {.old_to_new = arrays, .new_to_old = arrays + SIDE, .moves = arrays + 2 * SIDE};
        int flag = 0;
        heckel_options options = {.cancel = &flag};
        poll_hook_arm(0);
        status[strings] = call_form(strings ? FORM_SWIFT_STRINGS : FORM_KEYS, 12, old_values, SIDE, new_values,
                                    SIDE, &options, &r);
        polls[strings] = poll_hook_polls();
    }
    char detail[96];
    snprintf(detail, sizeof detail, "%zu polls on keys, %zu on strings, for %d new", polls[0], polls[1], (int)SIDE);
    tally_expect(t, status[0] == HECKEL_OK && status[1] == HECKEL_OK && polls[1] >= polls[0] + 2 * (SIDE / 4096),
                 "narrow-table strings poll once per 4096 hashed", detail);
}

/* Short labels (16-byte records as Swift keeps a short string: its bytes,
 * then a byte with its length), "item0" to "item<n-1>" against the same
 * shifted by n/2, under many seeds: records that differ in a few bits never
 * crowd the direct path's table, so every call stays on it (at most one
 * allocation), whatever the call's seed. Slots taken from the key's top bits
 * crowded it for about one seed in 1,000. */
static void labels_never_crowd(test_tally *t) {
    enum { MOST = 500, CALLS = 40000 };
    static unsigned char old_labels[MOST * 16], new_labels[MOST * 16];
    static heckel_offset old_to_new[MOST], new_to_old[MOST], moves[MOST];
    const size_t counts[] = {100, MOST};
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
        size_t n = counts[c], half = n / 2, crowded = 0;
        for (size_t k = 0; k < 2 * n; k++) {
            char text[16] = {0};
            snprintf(text, sizeof text, "item%u", (unsigned)(k < n ? k : k - half));
            text[15] = (char)(0xE0 | strlen(text));
            memcpy(k < n ? old_labels + 16 * k : new_labels + 16 * (k - n), text, 16);
        }
        char detail[100];
        snprintf(detail, sizeof detail, "item0-%zu against item%zu-%zu", n - 1, half, n + half - 1);
        for (int call = 0; call < CALLS; call++) {
            counting_allocator allocator;
            counting_init(&allocator);
            heckel_options options = {.allocator = &allocator.allocator};
            heckel_result r = {.old_to_new = old_to_new, .new_to_old = new_to_old, .moves = moves};
            heckel_status status =
                heckel_match_records_at_stride(old_labels, n, new_labels, n, 16, 16, &options, &r);
            /* Old labels half to n - 1 are new's first, in order: no moves. */
            bool right = status == HECKEL_OK && r.match_count == n - half && r.move_count == 0 &&
                         old_to_new[half] == 0 && new_to_old[n - half - 1] == n - 1 &&
                         old_to_new[0] == HECKEL_UNMATCHED && new_to_old[n - 1] == HECKEL_UNMATCHED;
            if (!right) {
                tally_expect(t, false, "short labels: matched", detail);
                return;
            }
            crowded += allocator.calls > 1;
        }
        size_t length = strlen(detail);
        snprintf(detail + length, sizeof detail - length, ": %zu of %d calls crowded", crowded, (int)CALLS);
        tally_expect(t, crowded == 0, "short labels never crowd the direct path", detail);
    }
}

int main(void) {
    test_tally t = {0};
    test_rng rng = {0x243F6A8885A308D3ull};
    static uint64_t old_keys[MAX_SIDE], new_keys[MAX_SIDE];
    static const char *const shapes[] = {"random", "all-equal", "all-distinct", "reversed",
                                         "prefixed", "slot-sharing", "edited"};
    enum { SHAPES = sizeof shapes / sizeof *shapes };
    for (int round = 0; round < 3000; round++) {
        int shape = round % SHAPES;
        /* Sizes mostly small, some straddling 512, SMALL_MAX and DIRECT_MAX
         * (old + new; the last two in heckel_small's build). */
        size_t limit = round % 7 == 0 ? 300 : round % 7 == 1 ? 560 : round % 23 == 2 ? 1100 : 40;
        size_t old_count = rng_below(&rng, limit + 1), new_count = rng_below(&rng, limit + 1);
        if (round % 11 == 0) old_count = 0;
        if (round % 13 == 0) new_count = 0;
        uint64_t alphabet = shape == 1 ? 1 : 1 + rng_below(&rng, 64);
        for (size_t i = 0; i < old_count; i++)
            old_keys[i] = shape == 2   ? i * 0x9E3779B97F4A7C15ull
                          : shape == 5 ? slot_sharer(rng_below(&rng, 16), rng_below(&rng, 3))
                          : shape == 6 ? edited_value(&rng, alphabet)
                                       : rng_below(&rng, alphabet);
        if (shape == 6) new_count = edit(&rng, old_keys, old_count, new_keys, new_count, alphabet);
        for (size_t j = 0; j < new_count && shape != 6; j++) {
            if (shape == 2) new_keys[j] = rng_below(&rng, old_count + 8) * 0x9E3779B97F4A7C15ull;
            else if (shape == 3 && j < old_count) new_keys[j] = old_keys[old_count - 1 - j];
            else if (shape == 4 && j < old_count && j < 20) new_keys[j] = old_keys[j];
            else if (shape == 5) new_keys[j] = slot_sharer(rng_below(&rng, 16), rng_below(&rng, 4));
            else new_keys[j] = rng_below(&rng, alphabet);
        }
        path p = path_for(old_keys, old_count, new_keys, new_count);
        compare(&t, shapes[shape], old_keys, old_count, new_keys, new_count, p, p, (size_t)round);
        if (round % 50 == 0) cancelled_before(&t, old_keys, old_count, new_keys, new_count);
        if (round % 100 == 0) failures(&t, shapes[shape], old_keys, old_count, new_keys, new_count);
    }
    /* Exactly at, just above and far above both bounds, with a common
     * prefix, heavy duplicates (50 values) or none. */
    const size_t totals[] = {510, 511, 512, 513, 514, 600, SMALL_MAX - 2, SMALL_MAX - 1, SMALL_MAX,
                             SMALL_MAX + 1, SMALL_MAX + 2, SMALL_MAX + 900, DIRECT_MAX - 1, DIRECT_MAX,
                             DIRECT_MAX + 1, DIRECT_MAX + 2};
    for (size_t k = 0; k < sizeof totals / sizeof *totals; k++) {
        for (size_t prefix = 0; prefix < 40; prefix += 13) {
            for (uint64_t alphabet = 50; alphabet; alphabet = alphabet == 50 ? UINT64_MAX : 0) {
                size_t old_count = totals[k] / 2 + prefix, new_count = totals[k] - totals[k] / 2 + prefix;
                for (size_t i = 0; i < old_count; i++) old_keys[i] = rng_below(&rng, alphabet);
                for (size_t j = 0; j < new_count; j++)
                    new_keys[j] = j < prefix ? old_keys[j] : rng_below(&rng, alphabet);
                path p = path_for(old_keys, old_count, new_keys, new_count);
                /* Every form without a prefix; keys alone with one (time). */
                if (prefix == 0) compare(&t, "bound", old_keys, old_count, new_keys, new_count, p, p, k);
                else compare_form(&t, FORM_KEYS, 8, "bound", old_keys, old_count, new_keys, new_count, p);
            }
        }
    }
    /* Long common ends within the bounds: a block replaced at the front (or
     * after a short prefix) of equal lists, small (the suffix 3 times the
     * middle or more: the general path trims it) and large (the direct path
     * takes the rest, the suffix paired by its in-order runs), the suffix
     * from heckel_small's trim bound (8) to past the production one (4,096). */
    const size_t ends[] = {300, 1000, SMALL_MAX - 2, DIRECT_MAX - 2};
    for (size_t k = 0; k < sizeof ends / sizeof *ends; k++) {
        for (size_t prefix = 0; prefix < 30; prefix += 29) {
            size_t count = ends[k] / 2;
            const size_t blocks[] = {4, 17, 69, 277, 1109, count / 3}; /* the last: suffix about the middle */
            for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++) {
                size_t replaced = blocks[b];
                if (replaced >= count - prefix) continue; /* no common suffix left */
                for (size_t i = 0; i < count; i++) old_keys[i] = new_keys[i] = rng_below(&rng, UINT64_MAX);
                for (size_t j = prefix; j < prefix + replaced; j++) new_keys[j] = rng_below(&rng, UINT64_MAX);
                path p = path_for(old_keys, count, new_keys, count);
                compare(&t, "common ends", old_keys, count, new_keys, count, p, p, k);
            }
        }
    }
    /* Keys crowding one home slot: linear probing runs out of its budget,
     * and the call goes to the general path, with the same output. On the
     * stack and on the heap, narrow and wide tables, with some crowding keys
     * shared by new. */
    const size_t crowded[] = {40, 200, 450, 900, SMALL_BUILD ? SMALL_MAX + 100 : 900,
                              SMALL_BUILD ? DIRECT_MAX - 10 : 900};
    for (size_t k = 0; k < sizeof crowded / sizeof *crowded; k++) {
        size_t old_count = crowded[k] / 2, new_count = crowded[k] - old_count;
        for (size_t i = 0; i < old_count; i++) old_keys[i] = slot_sharer(7, i);
        for (size_t j = 0; j < new_count; j++) new_keys[j] = slot_sharer(7, rng_below(&rng, 2 * old_count));
        new_keys[0] = ~new_keys[0]; /* no common prefix */
        compare(&t, "crowding", old_keys, old_count, new_keys, new_count, GENERAL,
                path_for(old_keys, old_count, new_keys, new_count), k);
        /* 16-byte records under three keys: distinct records crowd the
         * table whatever the seed, and go to the general path. */
        if (crowded[k] >= 200 && crowded[k] <= 2 * STACK_MAX)
            compare_form(&t, FORM_WEAK_RECORDS16, k % 2 ? 12 : 8, "crowding", old_keys, old_count, new_keys, new_count, GENERAL);
        failures(&t, "crowding", old_keys, old_count, new_keys, new_count);
    }
    /* Colliding keys where the bytes decide, on the direct path: values
     * 1-6 under keys value % 3, two values per key (one extra probe step at
     * most), duplicates everywhere; on the stack and on the heap. */
    const size_t colliding[] = {30, 300, 900, SMALL_BUILD ? SMALL_MAX + 300 : 900};
    for (size_t k = 0; k < sizeof colliding / sizeof *colliding; k++) {
        for (int round = 0; round < 20; round++) {
            size_t old_count = colliding[k] / 2 + rng_below(&rng, 10), new_count = colliding[k] / 2;
            for (size_t i = 0; i < old_count; i++) old_keys[i] = 1 + rng_below(&rng, 6);
            for (size_t j = 0; j < new_count; j++) new_keys[j] = 1 + rng_below(&rng, 6);
            path p = path_for(old_keys, old_count, new_keys, new_count);
            compare_form(&t, FORM_WEAK_SPANS, 8, "colliding", old_keys, old_count, new_keys, new_count, p);
            compare_form(&t, FORM_WEAK_RECORDS16, (size_t)round % 2 ? 12 : 8, "colliding", old_keys, old_count,
                         new_keys, new_count, p);
            if (round == 0) failures(&t, "colliding", old_keys, old_count, new_keys, new_count);
        }
    }
    /* Few distinct values, as heckel-bench's duplicates scenario, on the
     * stack, the narrow table and the wide one (up to its bound). */
    const size_t few[] = {200, 400, SMALL_BUILD ? SMALL_MAX / 2 + 200 : SMALL_MAX / 2 - 4, DIRECT_MAX / 2 - 4};
    const uint64_t few_counts[] = {2, 10, 40};
    for (size_t k = 0; k < sizeof few / sizeof *few; k++) {
        for (size_t v = 0; v < sizeof few_counts / sizeof *few_counts; v++) {
            size_t new_count = few_values(&rng, few[k], few_counts[v], old_keys, new_keys);
            path p = path_for(old_keys, few[k], new_keys, new_count);
            compare(&t, "few values", old_keys, few[k], new_keys, new_count, p, p, k);
        }
    }
    /* A value's next occurrence whose run lies far beyond its previous
     * one's + 1 (past the NEAR_HINT ends counted from there): 5000 opens
     * old and new's runs, distinct values 1..gap follow in order, 7777
     * (old's last) extends the run, then 5000's second occurrence takes run
     * gap + 1. With gap 20 the search past the counted ends is short; with
     * gap 200 it reaches the NEAR_RUNS ends before the last. */
    for (size_t gap = 20; gap <= 200; gap += 180) {
        size_t old_count = 0, new_count = 0;
        old_keys[old_count++] = 5000;
        new_keys[new_count++] = 9999; /* no common prefix */
        new_keys[new_count++] = 5000;
        for (size_t k = 1; k <= gap; k++) old_keys[old_count++] = new_keys[new_count++] = k;
        old_keys[old_count++] = 5000;
        old_keys[old_count++] = 7777;
        new_keys[new_count++] = 7777;
        new_keys[new_count++] = 5000;
        path p = path_for(old_keys, old_count, new_keys, new_count);
        compare(&t, "far hint", old_keys, old_count, new_keys, new_count, p, p, gap);
        /* The same two far searches in a row, the second one in the loop
         * that takes repeated values' occurrences one after another: old
         * 5000, 6000, 1..gap, 5000, 6000, 7777; new 9999, 5000, 6000,
         * 1..gap, 7777, 6000 (run gap + 2, searched from 2), 5000 (run
         * gap + 2 again, searched from 1, right after it). */
        old_count = new_count = 0;
        old_keys[old_count++] = 5000;
        old_keys[old_count++] = 6000;
        new_keys[new_count++] = 9999;
        new_keys[new_count++] = 5000;
        new_keys[new_count++] = 6000;
        for (size_t k = 1; k <= gap; k++) old_keys[old_count++] = new_keys[new_count++] = k;
        old_keys[old_count++] = 5000;
        old_keys[old_count++] = 6000;
        old_keys[old_count++] = 7777;
        new_keys[new_count++] = 7777;
        new_keys[new_count++] = 6000;
        new_keys[new_count++] = 5000;
        p = path_for(old_keys, old_count, new_keys, new_count);
        compare(&t, "far hints in a row", old_keys, old_count, new_keys, new_count, p, p, gap);
    }
    /* Failures at the sizes that matter: on the stack, on the heap, on the
     * wide table (whose loops poll). */
    const size_t sized[] = {100, 1000, SMALL_BUILD ? SMALL_MAX + 1000 : 1000};
    for (size_t s = 0; s < sizeof sized / sizeof *sized; s++) {
        size_t total = sized[s];
        size_t old_count = total / 2, new_count = total - old_count;
        for (size_t i = 0; i < old_count; i++) old_keys[i] = 1 + rng_below(&rng, 1u << 20);
        for (size_t j = 0; j < new_count; j++)
            new_keys[j] = rng_below(&rng, 4) ? old_keys[rng_below(&rng, old_count)] : 1 + rng_below(&rng, 1u << 20);
        failures(&t, "sized", old_keys, old_count, new_keys, new_count);
    }
    trim_polls(&t);
    strings_polls(&t);
    labels_never_crowd(&t);
    return tally_finish(&t);
}
