/* Swift `String` and `Substring` values matched where they lie: checked,
 * decoded (element_bytes.h) and keyed with XXH3 under the call's seed in one
 * pass, compared by their bytes. */
#include "element_bytes.h"
#include "input_forms.h"
#include "swift_strings_input.h"
#include "xxh3.h"

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(__ANDROID__) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWIFT_LAYOUT_READABLE 1
#else
#define SWIFT_LAYOUT_READABLE 0
#endif

/* Whether a list's pointer, stride and field offsets fit (its values aside). */
static bool swift_strings_layout_valid(const heckel_swift_strings *strings) {
    if (!SWIFT_LAYOUT_READABLE || (strings->count && !strings->values)) return false;
    size_t stride = strings->stride;
    if (strings->substring ? (strings->base > stride || stride - strings->base < 16 ||
                              strings->start > stride - 8 || strings->end > stride - 8)
                           : stride < 16)
        return false;
    return strings->count <= SIZE_MAX / stride;
}

bool heckel_swift_strings_readable(const heckel_swift_strings *strings) {
    if (!strings || !swift_strings_layout_valid(strings)) return false;
    const unsigned char *start;
    size_t length;
    if (strings->substring) {
        for (size_t k = 0; k < strings->count; k++)
            if (!heckel_swift_element(strings, k, &start, &length)) return false;
        return true;
    }
    const unsigned char *value = strings->values;
    if (strings->stride == 16) {
        /* A [String]: heckel_swift_string_bytes's checks on the words' high
         * halves, accumulated with no branch (the compiler vectorizes it). */
        uint32_t unreadable = 0;
        for (size_t k = 0; k < strings->count; k++) {
            uint32_t flags = heckel_load32(value + 16 * k + 4), object = heckel_load32(value + 16 * k + 12);
            uint32_t small = (object >> 28) ^ HECKEL_SWIFT_SMALL_ASCII;
            uint32_t large = (object & HECKEL_SWIFT_LARGE_HIGH) | (~flags & HECKEL_SWIFT_ASCII_TAIL_HIGH);
            unreadable |= (uint32_t)(small != 0) & (uint32_t)(large != 0);
        }
        return unreadable == 0;
    }
    for (size_t k = 0; k < strings->count; k++, value += strings->stride)
        if (!heckel_swift_string_bytes(value, &start, &length)) return false;
    return true;
}

static bool swift_strings_equal(void *context, size_t i, size_t j) {
    return heckel_same_elements(context, false, i, true, j);
}

static size_t swift_strings_first_unequal(const heckel_input *in, const uint32_t *match, size_t prefix,
                                          size_t first, size_t end) {
    return heckel_first_unequal_with(swift_strings_equal, in->context, match, prefix, first, end);
}

/* Strings are keyed by heckel_xxh3_64_seeded (xxh3.h) under the call's
 * seed, the secret words of 9 to 32 byte strings computed once per call. */
#ifdef HECKEL_TEST_HOOKS
uint64_t heckel_test_string_key(const void *bytes, size_t length, uint64_t seed) {
    heckel_xxh3_seeded h = heckel_xxh3_seeded_make(seed);
    return heckel_xxh3_64_seeded(&h, bytes, length);
}
#endif

/* Checks strings [first, end) of a list and writes their keys: XXH3 of their
 * bytes under the call's seed. false at the first value not readable.
 * Always inlined, once per form (substring constant), with no poll inside;
 * the hasher copied, so the keys written cannot alias its words. */
static inline __attribute__((always_inline)) bool
key_swift_range(const heckel_swift_strings *strings, bool substring, const heckel_xxh3_seeded *hasher, size_t first,
                size_t end, uint64_t *keys) {
    const heckel_xxh3_seeded h = *hasher;
    const size_t stride = strings->stride;
    const unsigned char *value = (const unsigned char *)strings->values + first * stride;
    size_t k = first;
    /* Two strings a step: two independent hashes in flight (about 5% less
     * time at 10^3 strings, interleaved runs; 1% fewer instructions). */
    for (; k + 1 < end; k += 2, value += 2 * stride) {
        const unsigned char *start = NULL, *next_start = NULL;
        size_t length = 0, next_length = 0;
        bool readable = substring ? heckel_swift_element(strings, k, &start, &length) &&
                                        heckel_swift_element(strings, k + 1, &next_start, &next_length)
                                  : heckel_swift_string_bytes(value, &start, &length) &&
                                        heckel_swift_string_bytes(value + stride, &next_start, &next_length);
        if (!readable) return false;
        keys[k] = heckel_xxh3_64_seeded(&h, start, length);
        keys[k + 1] = heckel_xxh3_64_seeded(&h, next_start, next_length);
    }
    for (; k < end; k++, value += stride) { /* the odd one out */
        const unsigned char *start = NULL;
        size_t length = 0;
        if (!(substring ? heckel_swift_element(strings, k, &start, &length)
                        : heckel_swift_string_bytes(value, &start, &length)))
            return false;
        keys[k] = heckel_xxh3_64_seeded(&h, start, length);
    }
    return true;
}

/* Checks every string of a list and writes its key, in one pass over the
 * values, polling every HECKEL_POLL_MASK + 1 strings (as heckel_poll). false
 * when a value is not readable, or the cancel flag was found raised
 * (*status says which). */
static bool key_swift_strings(const heckel_env *env, const heckel_swift_strings *strings,
                              const heckel_xxh3_seeded *hasher, uint64_t *keys, heckel_status *status) {
    const size_t count = strings->count;
    for (size_t first = 0; first < count; first += HECKEL_POLL_MASK + 1) {
        if (heckel_cancelled(env)) {
            *status = HECKEL_CANCELLED;
            return false;
        }
        size_t end = count - first > HECKEL_POLL_MASK ? first + HECKEL_POLL_MASK + 1 : count;
        if (!(strings->substring ? key_swift_range(strings, true, hasher, first, end, keys)
                                 : key_swift_range(strings, false, hasher, first, end, keys))) {
            *status = HECKEL_INVALID_ARGUMENT;
            return false;
        }
    }
    HECKEL_TEST_KEYS(keys, count);
    return true;
}


/* The number of leading pairs (k, k) whose strings are readable and equal
 * by their bytes, up to the shorter list: found before any string is keyed,
 * so an unchanged list, or one edited near its end, costs one comparison per
 * pair and no hash (heckel_input.known_prefix; the trim goes on from there).
 * Polls as the keying does; false if cancelled. */
static bool equal_swift_prefix(const heckel_env *env, const heckel_swift_strings *old_strings,
                               const heckel_swift_strings *new_strings, size_t *prefix) {
    size_t shorter = old_strings->count < new_strings->count ? old_strings->count : new_strings->count, k = 0;
    for (; k < shorter; k++) {
        if ((k & HECKEL_POLL_MASK) == 0 && heckel_cancelled(env)) return false;
        const unsigned char *a = NULL, *b = NULL;
        size_t a_length = 0, b_length = 0;
        if (!heckel_swift_element(old_strings, k, &a, &a_length) || !heckel_swift_element(new_strings, k, &b, &b_length) ||
            a_length != b_length || !heckel_same_bytes(a, b, a_length))
            break;
    }
    *prefix = k;
    return true;
}

/* A list without its first `skip` strings (skip <= count). */
static heckel_swift_strings swift_strings_after(const heckel_swift_strings *strings, size_t skip) {
    heckel_swift_strings rest = *strings;
    rest.values = skip ? (const unsigned char *)strings->values + skip * strings->stride : strings->values;
    rest.count = strings->count - skip;
    return rest;
}

/* Swift strings hashed on demand (lists the direct path may take,
 * swift_strings_input.h): the direct path hashes each string at most once. */
typedef heckel_swift_strings_input swift_strings_input;

static void hash_swift_strings(const heckel_input *in, bool new_side, size_t first, size_t count,
                               uint64_t *keys) {
    const swift_strings_input *input = in->context;
    const heckel_swift_strings *strings = new_side ? input->bytes.new_strings : input->bytes.old_strings;
    const unsigned char *value = (const unsigned char *)strings->values + first * strings->stride;
    const unsigned char *start = NULL;
    size_t length = 0;
    if (strings->substring) {
        for (size_t k = 0; k < count; k++) {
            (void)heckel_swift_element(strings, first + k, &start, &length);
            keys[k] = heckel_xxh3_64_seeded(&input->hasher, start, length);
        }
    } else {
        /* Two strings a step, as key_swift_range: two hashes in flight. */
        const heckel_xxh3_seeded h = input->hasher;
        const size_t stride = strings->stride;
        size_t k = 0;
        for (; k + 1 < count; k += 2, value += 2 * stride) {
            size_t next_length = 0;
            const unsigned char *next_start = heckel_swift_string_known(value + stride, &next_length);
            start = heckel_swift_string_known(value, &length);
            keys[k] = heckel_xxh3_64_seeded(&h, start, length);
            keys[k + 1] = heckel_xxh3_64_seeded(&h, next_start, next_length);
        }
        if (k < count) {
            start = heckel_swift_string_known(value, &length);
            keys[k] = heckel_xxh3_64_seeded(&h, start, length);
        }
    }
    HECKEL_TEST_KEYS(keys, count);
}

/* Checks and keys both lists into keys (room for both), then matches them:
 * the common prefix of equal strings first (equal_swift_prefix), whose keys
 * are left zero and never read, then the rest checked and keyed. */
static heckel_status match_keyed_swift_strings(const heckel_env *env, const heckel_swift_strings *old_strings,
                                               const heckel_swift_strings *new_strings,
                                               const heckel_xxh3_seeded *hasher, uint64_t *keys, heckel_result *result) {
    heckel_status status = HECKEL_OK;
    size_t prefix = 0, old_count = old_strings->count;
    if (!equal_swift_prefix(env, old_strings, new_strings, &prefix)) return HECKEL_CANCELLED;
    heckel_swift_strings old_rest = swift_strings_after(old_strings, prefix);
    heckel_swift_strings new_rest = swift_strings_after(new_strings, prefix);
    if (!key_swift_strings(env, &old_rest, hasher, keys + prefix, &status) ||
        !key_swift_strings(env, &new_rest, hasher, keys + old_count + prefix, &status))
        return status;
    for (size_t k = 0; k < prefix; k++) keys[k] = keys[old_count + k] = 0;
    heckel_bytes bytes = {.old_strings = old_strings, .new_strings = new_strings};
    heckel_input in = {.kind = HECKEL_INPUT_KEYS, .old_count = old_count, .new_count = new_strings->count,
                       .old_keys = keys, .new_keys = keys + old_count, .equal = swift_strings_equal,
                       .context = &bytes, .bytes = &bytes, .first_unequal = swift_strings_first_unequal,
                       .known_prefix = prefix};
    return heckel_run(env, &in, result);
}

heckel_status heckel_match_swift_strings(const heckel_swift_strings *old_strings,
                                         const heckel_swift_strings *new_strings,
                                         const heckel_options *options, heckel_result *result) {
    return heckel_match_swift_strings_with_secret(old_strings, new_strings, 0, options, result);
}

heckel_status heckel_match_swift_strings_with_secret(const heckel_swift_strings *old_strings,
                                                     const heckel_swift_strings *new_strings, uint64_t secret,
                                                     const heckel_options *options, heckel_result *result) {
    if (!old_strings || !new_strings) return HECKEL_INVALID_ARGUMENT;
    size_t old_count = old_strings->count, new_count = new_strings->count;
    heckel_status status = heckel_check_lists(old_strings->values, old_count, new_strings->values, new_count, result);
    if (status != HECKEL_OK) return status;
    if (!swift_strings_layout_valid(old_strings) || !swift_strings_layout_valid(new_strings))
        return HECKEL_INVALID_ARGUMENT;
    heckel_env env = heckel_env_make(options);
    if (heckel_cancelled(&env)) return HECKEL_CANCELLED;
    heckel_xxh3_seeded hasher = heckel_xxh3_seeded_make(heckel_secret_seed(secret, old_count + new_count));
    size_t count = old_count + new_count;
    if (count <= HECKEL_DIRECT_MAX) {
        /* Lists the direct path may take: checked in a pass of their own,
         * then keyed by it (the old strings into its stack frame or its one
         * block, a new one only where it probes the table: small_run.c). A
         * block of keys of their own made glibc give the heap's top back
         * after every call and fault it in again on the next (10^4 strings:
         * about 60 page faults a call, 1.45x the time). */
        if (!heckel_swift_strings_readable(old_strings) || !heckel_swift_strings_readable(new_strings))
            return HECKEL_INVALID_ARGUMENT;
        size_t prefix = 0;
        if (!equal_swift_prefix(&env, old_strings, new_strings, &prefix)) return HECKEL_CANCELLED;
        swift_strings_input input = {.bytes = {.old_strings = old_strings, .new_strings = new_strings},
                                     .hasher = hasher};
        heckel_input in = {.kind = HECKEL_INPUT_HASHED, .old_count = old_count, .new_count = new_count,
                           .equal = swift_strings_equal, .context = &input, .bytes = &input.bytes,
                           .hash_range = hash_swift_strings, .first_unequal = swift_strings_first_unequal,
                           .known_prefix = prefix};
        return heckel_run(&env, &in, result);
    }
    /* Long lists (one block): checked and keyed in one pass, in order.
     * Hashed on demand, the general path would decode and hash every string
     * several times, each time reading a native string's bytes at a random
     * address. */
    uint64_t *keys = heckel_alloc(&env, count, sizeof *keys);
    if (!keys) return HECKEL_OUT_OF_MEMORY;
    status = match_keyed_swift_strings(&env, old_strings, new_strings, &hasher, keys, result);
    heckel_free(&env, keys);
    return status;
}
