/* Swift `String` and `Substring` values matched where they lie: checked,
 * decoded (element_bytes.h) and keyed with XXH3 under the call's seed in one
 * pass, compared by their bytes. */
#include "element_bytes.h"
#include "input_forms.h"
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

/* XXH3_64bits_withSeed under one call's seed, with the words of XXH3's
 * secret that strings of 9 to 32 bytes mix in (plus or minus the seed)
 * computed once per call instead of per string: XXH3's own formulas
 * (xxhash.h: XXH3_len_9to16_64b, XXH3_len_17to128_64b up to 32 bytes), so
 * the same values (Tests/C/test_hash_flooding.c compares them); other
 * lengths are hashed by XXH3 itself. */
#if XXH_VERSION_NUMBER >= 800 && XXH_VERSION_NUMBER < 900
/* The formulas and names below are xxHash 0.8's (xxhash.h, inlined): other
 * versions hash with XXH3_64bits_withSeed itself. */
#define STRING_KEY_UNROLLED 1
#else
#define STRING_KEY_UNROLLED 0
#endif

typedef struct string_hasher {
    uint64_t seed, flip_low, flip_high, secret[4];
} string_hasher;

static string_hasher string_hasher_make(uint64_t seed) {
#if !STRING_KEY_UNROLLED
    return (string_hasher){.seed = seed};
#else
    const xxh_u8 *secret = XXH3_kSecret;
    string_hasher h = {.seed = seed,
                       .flip_low = (XXH_readLE64(secret + 24) ^ XXH_readLE64(secret + 32)) + seed,
                       .flip_high = (XXH_readLE64(secret + 40) ^ XXH_readLE64(secret + 48)) - seed};
    for (int k = 0; k < 4; k++) h.secret[k] = XXH_readLE64(secret + 8 * k) + (k % 2 ? -seed : seed);
    return h;
#endif
}

static inline __attribute__((always_inline)) uint64_t string_key(const string_hasher *h, const unsigned char *bytes, size_t length) {
#if !STRING_KEY_UNROLLED
    return XXH3_64bits_withSeed(length ? bytes : (const unsigned char *)"", length, h->seed);
#else
    if (length > 16 && length <= 32) {
        uint64_t acc = length * XXH_PRIME64_1;
        acc += XXH3_mul128_fold64(XXH_readLE64(bytes) ^ h->secret[0], XXH_readLE64(bytes + 8) ^ h->secret[1]);
        acc += XXH3_mul128_fold64(XXH_readLE64(bytes + length - 16) ^ h->secret[2],
                                  XXH_readLE64(bytes + length - 8) ^ h->secret[3]);
        return XXH3_avalanche(acc);
    }
    if (length > 8 && length <= 16) {
        uint64_t low = XXH_readLE64(bytes) ^ h->flip_low, high = XXH_readLE64(bytes + length - 8) ^ h->flip_high;
        return XXH3_avalanche(length + XXH_swap64(low) + high + XXH3_mul128_fold64(low, high));
    }
    return XXH3_64bits_internal(bytes, length, h->seed, XXH3_kSecret, sizeof XXH3_kSecret,
                                XXH3_hashLong_64b_withSeed);
#endif
}

#ifdef HECKEL_TEST_HOOKS
uint64_t heckel_test_string_key(const void *bytes, size_t length, uint64_t seed) {
    string_hasher h = string_hasher_make(seed);
    return string_key(&h, bytes, length);
}
#endif

/* Checks strings [first, end) of a list and writes their keys: XXH3 of their
 * bytes under the call's seed. false at the first value not readable.
 * Always inlined, once per form (substring constant), with no poll inside;
 * the hasher copied, so the keys written cannot alias its words. */
static inline __attribute__((always_inline)) bool
key_swift_range(const heckel_swift_strings *strings, bool substring, const string_hasher *hasher, size_t first,
                size_t end, uint64_t *keys) {
    const string_hasher h = *hasher;
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
        keys[k] = string_key(&h, start, length);
        keys[k + 1] = string_key(&h, next_start, next_length);
    }
    for (; k < end; k++, value += stride) { /* the odd one out */
        const unsigned char *start = NULL;
        size_t length = 0;
        if (!(substring ? heckel_swift_element(strings, k, &start, &length)
                        : heckel_swift_string_bytes(value, &start, &length)))
            return false;
        keys[k] = string_key(&h, start, length);
    }
    return true;
}

/* Checks every string of a list and writes its key, in one pass over the
 * values, polling every HECKEL_POLL_MASK + 1 strings (as heckel_poll). false
 * when a value is not readable, or the cancel flag was found raised
 * (*status says which). */
static bool key_swift_strings(const heckel_env *env, const heckel_swift_strings *strings,
                              const string_hasher *hasher, uint64_t *keys, heckel_status *status) {
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


/* Swift strings hashed on demand (lists the direct path may take): the
 * direct path hashes each string once, into its own block. */
typedef struct swift_strings_input {
    heckel_bytes bytes; /* first: the equality functions take the context as the bytes */
    string_hasher hasher;
} swift_strings_input;

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
            keys[k] = string_key(&input->hasher, start, length);
        }
    } else {
        for (size_t k = 0; k < count; k++, value += strings->stride) {
            start = heckel_swift_string_known(value, &length);
            keys[k] = string_key(&input->hasher, start, length);
        }
    }
    HECKEL_TEST_KEYS(keys, count);
}

/* Checks and keys both lists into keys (room for both), then matches them. */
static heckel_status match_keyed_swift_strings(const heckel_env *env, const heckel_swift_strings *old_strings,
                                               const heckel_swift_strings *new_strings,
                                               const string_hasher *hasher, uint64_t *keys, heckel_result *result) {
    heckel_status status = HECKEL_OK;
    if (!key_swift_strings(env, old_strings, hasher, keys, &status) ||
        !key_swift_strings(env, new_strings, hasher, keys + old_strings->count, &status))
        return status;
    heckel_bytes bytes = {.old_strings = old_strings, .new_strings = new_strings};
    heckel_input in = {.kind = HECKEL_INPUT_KEYS, .old_count = old_strings->count, .new_count = new_strings->count,
                       .old_keys = keys, .new_keys = keys + old_strings->count, .equal = swift_strings_equal,
                       .context = &bytes, .bytes = &bytes, .first_unequal = swift_strings_first_unequal};
    return heckel_run(env, &in, result);
}

/* match_keyed_swift_strings with the keys on the stack: a frame of its own,
 * so that the other routes' calls do not carry 16 KB of stack. */
static __attribute__((noinline)) heckel_status
match_swift_strings_on_stack(const heckel_env *env, const heckel_swift_strings *old_strings,
                             const heckel_swift_strings *new_strings, const string_hasher *hasher,
                             heckel_result *result) {
    uint64_t keys[HECKEL_SWIFT_KEYS_ON_STACK];
    return match_keyed_swift_strings(env, old_strings, new_strings, hasher, keys, result);
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
    string_hasher hasher = string_hasher_make(heckel_secret_seed(secret, old_count + new_count));
    size_t count = old_count + new_count;
    if (count > HECKEL_SWIFT_KEYS_ON_STACK && count <= HECKEL_SMALL_MAX) {
        /* Lists the direct path may take: checked in a pass of their own,
         * then hashed by it into its one block. A block of keys of their
         * own made glibc give the heap's top back after every call and
         * fault it in again on the next (10^4 strings: about 60 page faults
         * a call, 1.45x the time). */
        if (!heckel_swift_strings_readable(old_strings) || !heckel_swift_strings_readable(new_strings))
            return HECKEL_INVALID_ARGUMENT;
        swift_strings_input input = {.bytes = {.old_strings = old_strings, .new_strings = new_strings},
                                     .hasher = hasher};
        heckel_input in = {.kind = HECKEL_INPUT_HASHED, .old_count = old_count, .new_count = new_count,
                           .equal = swift_strings_equal, .context = &input, .bytes = &input.bytes,
                           .hash_range = hash_swift_strings, .first_unequal = swift_strings_first_unequal};
        return heckel_run(&env, &in, result);
    }
    /* Short lists (keys on the stack) and long ones (one block): checked and
     * keyed in one pass, in order. Hashed on demand, the general path would
     * decode and hash every string several times, each time reading a
     * native string's bytes at a random address. */
    if (count <= HECKEL_SWIFT_KEYS_ON_STACK) return match_swift_strings_on_stack(&env, old_strings, new_strings, &hasher, result);
    uint64_t *keys = heckel_alloc(&env, count, sizeof *keys);
    if (!keys) return HECKEL_OUT_OF_MEMORY;
    status = match_keyed_swift_strings(&env, old_strings, new_strings, &hasher, keys, result);
    heckel_free(&env, keys);
    return status;
}
