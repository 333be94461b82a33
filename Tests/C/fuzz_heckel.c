/*
 * libFuzzer target: arbitrary bytes become two lists over a small alphabet
 * (duplicates abound), presented through one of the APIs (keys, keys with a
 * callback, weak keys = value % k with a callback, records of 1 to 24 bytes,
 * spans), sometimes with a long common suffix, a failing allocation, a
 * cancel raised mid-run, or NULL for every empty array. Every OK result must
 * pass check_result; every error must leave the outputs untouched and free
 * all it took. Aborts otherwise.
 *
 * Layout: [api+flags] [modulus] [element size] [alphabet] [fail at] [split]
 * then values. Build: cmake -DHECKEL_FUZZ=ON with CC=/opt/swift/usr/bin/clang.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_allocator.h"
#include "test_support.h"

enum { MAX_LIST = 1 << 14, LONG_SUFFIX = 5000 };

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "heckel_fuzz: %s: %s\n", what, detail ? detail : "");
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 6) return 0;
    uint8_t flags = data[0];
    test_api api = (test_api)(flags % API_COUNT);
    bool long_suffix = flags & 0x08, cancel_mid_run = flags & 0x10, failing_allocation = flags & 0x20;
    bool null_when_empty = flags & 0x40;
    uint64_t modulus = 1 + data[1] % 8;
    size_t element_size = 1 + data[2] % 24;
    uint64_t alphabet = data[3] < 8 ? 256 : 1 + data[3] % 12;
    size_t fail_at = 1 + data[4] % 16;
    data += 6;
    size -= 6;
    size_t n = size ? data[-1] * size / 256 : 0, m = size - n;
    if (n > MAX_LIST || m > MAX_LIST) return 0;

    size_t extra = long_suffix ? LONG_SUFFIX : 0;
    uint64_t *old = malloc((n + extra + 1) * 8), *new = malloc((m + extra + 1) * 8);
    if (!old || !new) abort();
    for (size_t i = 0; i < n; i++) old[i] = data[i] % alphabet;
    for (size_t j = 0; j < m; j++) new[j] = data[n + j] % alphabet;
    for (size_t k = 0; k < extra; k++) /* a suffix reusing values of the lists */
        old[n + k] = new[m + k] = size ? data[k % size] % alphabet : k;

    int flag = 0;
    counting_allocator c;
    counting_init(&c);
    c.fail_at = failing_allocation ? fail_at : 0;
    heckel_options options = {&c.allocator, &flag};
    test_run run = {.api = api, .weak_modulus = modulus, .element_size = element_size, .options = &options, .cancel_on_equal = cancel_mid_run ? &flag : NULL, .null_when_empty = null_when_empty};
    const char *error = NULL;
    heckel_status status = run_and_check(&run, old, n + extra, new, m + extra, &error);
    if (error) fail(api_name(api), error);
    if (c.live != 0) fail("leak", api_name(api));
    if (status != HECKEL_OK && !(status == HECKEL_OUT_OF_MEMORY && failing_allocation) &&
        !(status == HECKEL_CANCELLED && cancel_mid_run))
        fail("unexpected status", heckel_status_description(status));
    free(old);
    free(new);
    return 0;
}
