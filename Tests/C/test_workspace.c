/* heckel_workspace: calls through a workspace give the same outputs, byte
 * for byte, as calls without one (every API, on the stack, the direct
 * path's narrow and wide tables, the partitioned path, one and two threads,
 * sizes alternating through one workspace); a warm call of no larger size
 * allocates at most one block (as heckel.h says: the partitioned path's
 * tables follow the largest partition under each call's random seed); every
 * allocation of the workspace (its creation, each block of a first and a
 * larger call) fails in turn with the status, outputs untouched, nothing
 * leaked and the workspace still usable after; a cancel at each poll
 * leaves it usable; the block keeping itself (smallest fit, a too-small
 * block giving way, more blocks than kept) through its internal take and
 * give. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h> /* MADV_HUGEPAGE: big system blocks on 2 MiB boundaries */
#endif

#include "counting_allocator.h"
#include "heckel.h"
#include "test_support.h"

/* The core's own (Sources/CHeckel/internal.h), linked from the library. */
void *heckel_workspace_take(heckel_workspace *workspace, size_t bytes);
void heckel_workspace_give(heckel_workspace *workspace, void *block);

typedef struct lists {
    uint64_t *old, *new;
    size_t old_count, new_count;
} lists;

/* old: count values below alphabet; new: old with an eighth dropped, an
 * eighth inserted and a twenty-fifth swapped. */
static void make_lists(test_rng *rng, lists *l, size_t count, uint64_t alphabet) {
    l->old_count = count;
    l->old = malloc((count + 1) * 8);
    l->new = malloc((2 * count + 2) * 8);
    if (!l->old || !l->new) abort();
    for (size_t i = 0; i < count; i++) l->old[i] = rng_below(rng, alphabet);
    size_t m = 0;
    for (size_t i = 0; i < count; i++) {
        if (rng_below(rng, 8) == 0) continue;
        if (rng_below(rng, 8) == 0) l->new[m++] = rng_below(rng, alphabet);
        l->new[m++] = l->old[i];
    }
    for (size_t k = 0; m && k < m / 25; k++) {
        size_t a = rng_below(rng, m), b = rng_below(rng, m);
        uint64_t v = l->new[a];
        l->new[a] = l->new[b];
        l->new[b] = v;
    }
    l->new_count = m;
}

static void free_lists(lists *l) {
    free(l->old);
    free(l->new);
}

/* Sizes reaching every path of both builds: the stack, the narrow and wide
 * tables, the partitioned path (one and several partitions). */
static const size_t sizes[] = {0, 100, 900, 3000, 40000, 300000};
enum { SIZES = sizeof sizes / sizeof *sizes };

static bool api_fits(test_api api, size_t count) { return !api_weak(api) || count <= 3000; }

/* Each API and thread count: the outputs without a workspace (checked by
 * the values), then through one workspace the sizes up, down and up again,
 * each the same outputs byte for byte; a second call of the largest size
 * allocates at most one block (its seed may lay out a larger partition than
 * any call before: heckel.h). */
static void same_outputs(test_tally *t, lists *all) {
    for (test_api api = 0; api < API_COUNT; api++) {
        for (unsigned threads = 1; threads <= 2; threads++) {
            uint64_t digests[SIZES] = {0};
            char what[96];
            for (size_t s = 0; s < SIZES; s++) {
                if (!api_fits(api, sizes[s])) continue;
                heckel_options plain = {.threads = threads};
                test_run run = {.api = api, .weak_modulus = 7, .element_size = 8, .options = &plain,
                                .digest = &digests[s]};
                snprintf(what, sizeof what, "%s, threads %u, old %zu", api_name(api), threads, sizes[s]);
                expect_correct(t, "without a workspace", &run, all[s].old, all[s].old_count, all[s].new,
                               all[s].new_count, what);
            }
            counting_allocator c;
            counting_init(&c);
            heckel_workspace *w = NULL;
            if (heckel_workspace_create(&c.allocator, &w) != HECKEL_OK) abort();
            heckel_options options = {.threads = threads, .workspace = w};
            static const size_t order[] = {5, 1, 0, 3, 2, 4, 5, 5, 2};
            size_t calls_before_last = 0;
            for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
                size_t s = order[k];
                if (!api_fits(api, sizes[s])) continue;
                if (k + 1 == sizeof order / sizeof *order - 1) calls_before_last = c.calls;
                test_run run = {.api = api, .weak_modulus = 7, .element_size = 8, .options = &options,
                                .same_as = digests[s]};
                snprintf(what, sizeof what, "%s, threads %u, old %zu, call %zu", api_name(api), threads,
                         sizes[s], k);
                const char *error = NULL;
                heckel_status status = run_and_check(&run, all[s].old, all[s].old_count, all[s].new,
                                                     all[s].new_count, &error);
                tally_expect(t, status == HECKEL_OK && !error, "through a workspace: the same outputs",
                             error ? error : what);
                if (k + 1 == sizeof order / sizeof *order - 1) {
                    snprintf(what, sizeof what, "%s, threads %u: %zu allocations", api_name(api), threads,
                             c.calls - calls_before_last);
                    tally_expect(t, c.calls - calls_before_last <= 1,
                                 "a warm call of a size seen allocates at most one block", what);
                }
            }
            tally_expect(t, heckel_workspace_bytes(w) > 0 && c.live > heckel_workspace_bytes(w),
                         "the workspace keeps its blocks (and itself) between calls", api_name(api));
            heckel_workspace_destroy(w);
            tally_expect(t, c.live == 0, "destroying the workspace frees everything", api_name(api));
        }
    }
}

/* The k-th allocation of the workspace failing, for every k: creation, the
 * first call's blocks, then a larger call's. A failed call returns
 * HECKEL_OUT_OF_MEMORY with its outputs untouched, and the same workspace
 * then serves the same call (no failure armed) with the same outputs. */
static void allocation_failures(test_tally *t, lists *all) {
    const size_t small = 2, large = 4; /* sizes[]: 900 and 40000 */
    for (test_api api = 0; api < API_COUNT; api++) {
        uint64_t digests[2] = {0};
        for (int l = 0; l < 2; l++) {
            size_t s = l ? large : small;
            if (!api_fits(api, sizes[s])) continue;
            test_run run = {.api = api, .weak_modulus = 7, .element_size = 8, .digest = &digests[l]};
            expect_correct(t, "reference", &run, all[s].old, all[s].old_count, all[s].new, all[s].new_count,
                           api_name(api));
        }
        for (size_t k = 1;; k++) {
            counting_allocator c;
            counting_init(&c);
            c.fail_at = k;
            heckel_workspace *w = (heckel_workspace *)&c; /* a canary: creation must not touch it on failure */
            heckel_status status = heckel_workspace_create(&c.allocator, &w);
            char what[96];
            snprintf(what, sizeof what, "%s, failing allocation %zu", api_name(api), k);
            if (status != HECKEL_OK) {
                tally_expect(t, status == HECKEL_OUT_OF_MEMORY && w == (heckel_workspace *)&c && c.live == 0,
                             "a failed creation: out of memory, *workspace untouched", what);
                continue;
            }
            heckel_options options = {.workspace = w};
            bool failed = false;
            for (int l = 0; l < 2; l++) {
                size_t s = l ? large : small;
                if (!api_fits(api, sizes[s])) continue;
                size_t failures = c.failures;
                test_run run = {.api = api, .weak_modulus = 7, .element_size = 8, .options = &options,
                                .same_as = digests[l]};
                const char *error = NULL;
                status = run_and_check(&run, all[s].old, all[s].old_count, all[s].new, all[s].new_count, &error);
                if (c.failures > failures) {
                    failed = true;
                    /* run_and_check reports outputs written by a failing call as its error */
                    tally_expect(t, status == HECKEL_OUT_OF_MEMORY && !error,
                                 "a failed block: out of memory, outputs untouched", error ? error : what);
                    status = run_and_check(&run, all[s].old, all[s].old_count, all[s].new,
                                           all[s].new_count, &error);
                }
                tally_expect(t, status == HECKEL_OK && !error, "the workspace serves the call after",
                             error ? error : what);
            }
            heckel_workspace_destroy(w);
            tally_expect(t, c.live == 0, "nothing leaked", what);
            if (!failed && c.failures == 0) break; /* the k-th allocation never came: all tried */
            if (k == 200) {
                tally_expect(t, false, "at most 200 allocations", what);
                break;
            }
        }
    }
}

/* A cancel at each poll of a call through a workspace: cancelled, nothing
 * leaked once destroyed, and the workspace serves the call after. */
static heckel_status workspace_call(void *context, const heckel_options *options, const char **error) {
    test_checked_run *c = context;
    heckel_workspace *w = NULL;
    heckel_status status = heckel_workspace_create(options->allocator, &w);
    if (status != HECKEL_OK) return status;
    heckel_options through = *options;
    through.workspace = w;
    status = checked_run_call(c, &through, error);
    if (status == HECKEL_CANCELLED && !*error) {
        heckel_options again = {.workspace = w};
        const char *retry_error = NULL;
        if (checked_run_call(c, &again, &retry_error) != HECKEL_OK || retry_error)
            *error = retry_error ? retry_error : "the workspace fails the call after a cancel";
    }
    heckel_workspace_destroy(w);
    return status;
}

static void cancels(test_tally *t, lists *all) {
    for (test_api api = 0; api < API_COUNT; api++) {
        for (size_t s = 2; s < SIZES; s += 2) { /* 900, 40000 */
            if (!api_fits(api, sizes[s])) continue;
            test_checked_run c = {{.api = api, .weak_modulus = 7, .element_size = 8}, all[s].old,
                                  all[s].new, all[s].old_count, all[s].new_count};
            char what[64];
            snprintf(what, sizeof what, "%s, old %zu", api_name(api), sizes[s]);
            heckel_options options = {0};
            expect_cancel_at_each_poll(t, workspace_call, &c, options, "workspace: cancelled at a poll", what);
        }
    }
}

/* The keeping itself: the smallest free block that fits; a too-small free
 * block gives way to a larger one (the bytes kept do not add up); blocks
 * past the most kept go straight back to the allocator. */
static void keeping(test_tally *t) {
    counting_allocator c;
    counting_init(&c);
    heckel_workspace *w = NULL;
    if (heckel_workspace_create(&c.allocator, &w) != HECKEL_OK) abort();
    void *a = heckel_workspace_take(w, 300), *b = heckel_workspace_take(w, 200);
    heckel_workspace_give(w, a);
    heckel_workspace_give(w, b);
    tally_expect(t, heckel_workspace_take(w, 150) == b, "the smallest free block that fits", NULL);
    tally_expect(t, heckel_workspace_take(w, 250) == a, "the next smallest that fits", NULL);
    heckel_workspace_give(w, a);
    heckel_workspace_give(w, b);
    size_t calls = c.calls;
    void *d = heckel_workspace_take(w, 1000);
    tally_expect(t, d && c.calls == calls + 1 && heckel_workspace_bytes(w) == 200 + 1000,
                 "a larger block replaces the largest free one too small", NULL);
    heckel_workspace_give(w, d);
    enum { MANY = 40 };
    void *blocks[MANY];
    for (size_t k = 0; k < MANY; k++) blocks[k] = heckel_workspace_take(w, 64);
    size_t kept = heckel_workspace_bytes(w);
    for (size_t k = 0; k < MANY; k++) heckel_workspace_give(w, blocks[k]);
    tally_expect(t, heckel_workspace_bytes(w) == kept && kept < 200 + 1000 + MANY * 64,
                 "blocks past the most kept go back to the allocator", NULL);
    calls = c.calls;
    tally_expect(t, heckel_workspace_take(w, SIZE_MAX - 10) == NULL && c.calls == calls + 1,
                 "a block too large for the allocator: NULL (no room to spare added past SIZE_MAX)", NULL);
    void *spare = heckel_workspace_take(w, 80000);
    heckel_workspace_give(w, spare);
    tally_expect(t, heckel_workspace_take(w, 90000) == spare,
                 "large blocks get an eighth to spare: a slightly larger ask reuses them", NULL);
    heckel_workspace_give(w, spare);
    heckel_workspace_destroy(w);
    tally_expect(t, c.live == 0, "destroyed: nothing left", NULL);
    /* Arguments. */
    tally_expect(t, heckel_workspace_create(NULL, NULL) == HECKEL_INVALID_ARGUMENT,
                 "create with nowhere to put the workspace: invalid argument", NULL);
    tally_expect(t, heckel_workspace_bytes(NULL) == 0, "a NULL workspace keeps nothing", NULL);
    heckel_workspace_destroy(NULL);
    heckel_workspace *plain = NULL;
    heckel_allocator half = {.allocate = c.allocator.allocate}; /* no release: malloc/free instead */
    calls = c.calls;
    tally_expect(t, heckel_workspace_create(&half, &plain) == HECKEL_OK && plain && c.calls == calls,
                 "an allocator without release: malloc and free", NULL);
    heckel_workspace_destroy(plain);
    heckel_allocator none = {0}; /* no members: malloc and free */
    plain = NULL;
    tally_expect(t, heckel_workspace_create(&none, &plain) == HECKEL_OK && plain,
                 "an allocator without members: malloc and free", NULL);
    /* The system's blocks: small ones from malloc, big ones (16 MiB and
     * more) a mapping of their own on a 2 MiB boundary, written whole, and
     * asks past the address space refused. */
    size_t big = (size_t)20 << 20;
    unsigned char *small = heckel_workspace_take(plain, 100), *large = heckel_workspace_take(plain, big);
    tally_expect(t, small && large, "system blocks small and big", NULL);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    tally_expect(t, (uintptr_t)large % ((size_t)2 << 20) == 0, "a big system block starts on a 2 MiB boundary", NULL);
#endif
    if (small && large) {
        memset(small, 0xA5, 100);
        memset(large, 0x5A, big);
        tally_expect(t, small[99] == 0xA5 && large[0] == 0x5A && large[big - 1] == 0x5A,
                     "system blocks hold what is written to them", NULL);
        heckel_workspace_give(plain, small);
        heckel_workspace_give(plain, large);
    }
    tally_expect(t, heckel_workspace_take(plain, SIZE_MAX / 4) == NULL,
                 "a system block larger than the address space: NULL", NULL);
    tally_expect(t, heckel_workspace_take(plain, SIZE_MAX - 10) == NULL,
                 "a system block near SIZE_MAX: NULL, no overflow", NULL);
    heckel_workspace_destroy(plain);
}

int main(void) {
    test_tally t = {0};
    test_rng rng = {0x9E3779B97F4A7C15ull};
    lists all[SIZES];
    for (size_t s = 0; s < SIZES; s++) make_lists(&rng, &all[s], sizes[s], s % 2 ? 50 : 1ull << 40);
    keeping(&t);
    same_outputs(&t, all);
    allocation_failures(&t, all);
    cancels(&t, all);
    for (size_t s = 0; s < SIZES; s++) free_lists(&all[s]);
    return tally_finish(&t);
}
