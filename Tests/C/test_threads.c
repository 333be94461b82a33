/* Threads, over every entry point of the shared API list (test_support.h):
 * - for random shapes, the outputs with threads = 2, 3, 7 and 0 are byte for
 *   byte those of threads = 1, and each result is checked against the values;
 * - a failure on the threads is what it is on one (in the _small variant):
 *   allocation failure (the k-th allocation, and every one from the k-th on)
 *   and cancellation (raised at each allocation, and at each poll, which
 *   worker threads report too) give their status with the outputs untouched
 *   and nothing leaked;
 * - the same outputs when the system refuses to start threads (address space
 *   limited so thread stacks cannot be mapped);
 * - the same outputs through one workspace kept across every thread count,
 *   whose blocks then come back holding an earlier call's scratch, laid out
 *   for another thread count and list size;
 * - the caller's equality callback only ever runs on the calling thread.
 * Built twice: the _small variant starts threads from 128 elements, the
 * other from 2^17 per thread, reached by the large shapes. */
#define _GNU_SOURCE /* getrlimit */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "test_support.h"

static const unsigned thread_counts[] = {1, 2, 3, 7, 0};
enum { THREAD_COUNTS = sizeof thread_counts / sizeof *thread_counts };

typedef struct lists {
    uint64_t *old, *new;
    size_t old_count, new_count;
} lists;

/* A random edit with duplicates from `alphabet` values: elements dropped and
 * inserted, some pairs swapped. */
static void make_lists(test_rng *rng, lists *l, size_t old_count, uint64_t alphabet) {
    l->old_count = old_count;
    l->old = malloc((old_count + 1) * 8);
    l->new = malloc((2 * old_count + 2) * 8);
    if (!l->old || !l->new) abort();
    for (size_t i = 0; i < old_count; i++) l->old[i] = rng_below(rng, alphabet);
    size_t m = 0;
    for (size_t i = 0; i < old_count; i++) {
        if (rng_below(rng, 8) == 0) continue;
        if (rng_below(rng, 8) == 0) l->new[m++] = rng_below(rng, alphabet);
        l->new[m++] = l->old[i];
    }
    for (size_t k = 0; m && k < m / 25; k++) {
        size_t a = rng_below(rng, m), b = rng_below(rng, m);
        uint64_t v = l->new[a]; l->new[a] = l->new[b]; l->new[b] = v;
    }
    l->new_count = m;
}

static void free_lists(lists *l) {
    free(l->old);
    free(l->new);
}

/* Weak keys: value % 5 by default, so every key collides and the exact
 * matching runs. */
static test_run run_for(test_api api, const heckel_options *options) {
    return (test_run){.api = api, .weak_modulus = 5, .element_size = 16, .options = options};
}

/* weak_modulus: 5, or alphabet - 1, where only the values 0 and alphabet -
 * 1 share a key: rare unequal pairs anywhere in the lists, which the check
 * of every pair (split across threads) must find. */
static void same_for_every_thread_count(test_tally *t, lists *l, uint64_t weak_modulus,
                                        const char *shape) {
    bool off_caller = false;
    for (test_api api = 0; api < API_COUNT; api++) {
        if (api_weak(api) && weak_modulus < 10 && l->old_count > 20000) continue; /* quadratic chains */
        uint64_t one = 0;
        for (size_t k = 0; k < THREAD_COUNTS; k++) {
            heckel_options options = {.threads = thread_counts[k]};
            test_run run = run_for(api, &options);
            run.weak_modulus = weak_modulus, run.off_caller = &off_caller;
            if (k == 0) run.digest = &one; /* threads = 1: checked against the values */
            else run.same_as = one;        /* the others: the same outputs */
            const char *error = NULL;
            heckel_status status = run_and_check(&run, l->old, l->old_count, l->new, l->new_count, &error);
            char what[160];
            snprintf(what, sizeof what, "%s via %s (old %zu, new %zu), threads = %u", shape,
                     api_name(api), l->old_count, l->new_count, thread_counts[k]);
            tally_expect(t, status == HECKEL_OK && !error, what,
                         status != HECKEL_OK ? heckel_status_description(status) : error);
        }
    }
    tally_expect(t, !off_caller, "equality callback called off the calling thread", shape);
}

static void random_shapes(test_tally *t) {
    test_rng rng = {21};
    static const size_t sizes[] = {0, 1, 100, 1000, 5000, 40000, 300000};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        /* The largest size once, with duplicates and rare weak-key collisions. */
        for (int trial = sizes[s] > 100000; trial < (sizes[s] > 10000 ? 2 : 4); trial++) {
            lists l;
            uint64_t alphabet = trial % 2 ? 7 + sizes[s] / 8 : 1ull << 40;
            make_lists(&rng, &l, sizes[s], alphabet);
            bool duplicates = trial % 2;
            same_for_every_thread_count(t, &l, duplicates ? alphabet - 1 : 5,
                                        duplicates ? "duplicates, two values per weak key" : "distinct");
            free_lists(&l);
        }
    }
}

/* One workspace for a run of calls at several thread counts, the larger
 * lists first so later calls get blocks larger than they ask for: each
 * call's outputs are those of threads = 1 without a workspace. 140,000
 * elements a side reach 2 threads in the production core (and more in the
 * _small one, which also runs 3,000 on threads), in a few seconds under the
 * sanitizers. */
static const unsigned workspace_thread_counts[] = {1, 2, 7, 0};
enum { WORKSPACE_THREAD_COUNTS = sizeof workspace_thread_counts / sizeof *workspace_thread_counts };

static void workspace_across_thread_counts(test_tally *t) {
    test_rng rng = {33};
    static const size_t sizes[] = {140000, 3000};
    heckel_workspace *workspace = NULL;
    tally_expect(t, heckel_workspace_create(NULL, &workspace) == HECKEL_OK, "workspace created", "");
    for (size_t s = 0; workspace && s < sizeof sizes / sizeof *sizes; s++) {
        lists l;
        make_lists(&rng, &l, sizes[s], s == 1 ? 7 + sizes[s] / 8 : 1ull << 40);
        for (test_api api = 0; api < API_COUNT; api++) {
            if (api_weak(api) && l.old_count > 20000) continue; /* quadratic chains */
            uint64_t one = 0;
            for (size_t k = 0; k <= WORKSPACE_THREAD_COUNTS; k++) {
                /* k = 0: threads = 1 without the workspace, checked against the values */
                heckel_options options = {.threads = k ? workspace_thread_counts[WORKSPACE_THREAD_COUNTS - k] : 1,
                                          .workspace = k ? workspace : NULL};
                test_run run = run_for(api, &options);
                if (k == 0) run.digest = &one;
                else run.same_as = one;
                const char *error = NULL;
                heckel_status status = run_and_check(&run, l.old, l.old_count, l.new, l.new_count, &error);
                char what[160];
                snprintf(what, sizeof what, "one workspace, %s (old %zu, new %zu), threads = %u%s",
                         api_name(api), l.old_count, l.new_count, options.threads, k ? "" : " alone");
                tally_expect(t, status == HECKEL_OK && !error, what,
                             status != HECKEL_OK ? heckel_status_description(status) : error);
            }
        }
        free_lists(&l);
    }
    heckel_workspace_destroy(workspace);
}

#ifdef HECKEL_TEST_HOOKS
/* The faults on threads, in the _small variant, whose core starts a thread
 * per 64 elements: lists of some 2,100 elements in all run 2 and 7 threads
 * (more counts overran ASan's time limit on a loaded machine), and its test
 * hooks report every poll (old + new above 2,048, its direct path's bound,
 * so that the threaded path runs). (The production
 * core runs the same code from 2^18 elements on: too slow to fault at each
 * allocation and poll under the sanitizers.) */
#define FAILURE_SIZE 1100
static const unsigned failure_thread_counts[] = {2, 7};
enum { FAILURE_THREAD_COUNTS = sizeof failure_thread_counts / sizeof *failure_thread_counts };

/* Allocation failure, cancellation at each allocation and at each poll
 * (test builds of the core report every poll, from every thread), on
 * every thread count. */
static void faults_on_threads(test_tally *t, lists *l) {
    for (test_api api = 0; api < API_COUNT; api++) {
        for (size_t tc = 0; tc < FAILURE_THREAD_COUNTS; tc++) {
            test_checked_run c = {run_for(api, NULL), l->old, l->new, l->old_count, l->new_count};
            heckel_options options = {.threads = failure_thread_counts[tc]};
            char what[96];
            snprintf(what, sizeof what, "%s, threads = %u", api_name(api), options.threads);
            size_t allocations = expect_allocation_failures(t, checked_run_call, &c, options,
                                                            "threads: allocation failure", what);
            tally_expect(t, allocations > 0, "threads: the call allocates", what);
            expect_cancel_at_each_allocation(t, checked_run_call, &c, options,
                                             "threads: cancelled at an allocation", what);
            size_t polls = expect_cancel_at_each_poll(t, checked_run_call, &c, options,
                                                      "threads: cancelled at a poll", what);
            tally_expect(t, polls > 8, "threads: the core reports its polls", what);
        }
    }
}

static void failures_on_threads(test_tally *t) {
    test_rng rng = {55};
    lists l;
    make_lists(&rng, &l, FAILURE_SIZE, FAILURE_SIZE / 4); /* duplicates: the exact path too */
    faults_on_threads(t, &l);
    free_lists(&l);
}
#endif

#if defined(__SANITIZE_ADDRESS__)
#define LIMITS_ADDRESS_SPACE 0 /* ASan reserves terabytes of shadow */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LIMITS_ADDRESS_SPACE 0
#endif
#endif
#ifndef LIMITS_ADDRESS_SPACE
#define LIMITS_ADDRESS_SPACE 1
#endif

#if LIMITS_ADDRESS_SPACE
static void *idle(void *argument) { return argument; }
#endif

/* With the address space capped a little above what the process maps now,
 * most of 8 threads' stacks cannot be mapped and pthread_create fails: the
 * calling thread does their parts, with the same outputs. */
static void threads_refused(test_tally *t) {
#if LIMITS_ADDRESS_SPACE
    test_rng rng = {33};
    lists l;
    make_lists(&rng, &l, 300000, 1ull << 40);
    test_outputs one, refused;
    outputs_make(&one, l.old_count, l.new_count);
    outputs_make(&refused, l.old_count, l.new_count);
    heckel_status status = heckel_match_keys(l.old, l.old_count, l.new, l.new_count, NULL, NULL,
                                             &(heckel_options){.threads = 1}, &one.result);
    /* Pages the core will take (scratch, under 64 B per element) plus slack:
     * allocations succeed, thread stacks (8 MiB each) mostly do not. */
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    bool known = statm && fscanf(statm, "%lu", &pages) == 1;
    if (statm) fclose(statm);
    struct rlimit saved, capped;
    bool capped_ok = known && getrlimit(RLIMIT_AS, &saved) == 0;
    if (capped_ok) {
        capped = saved;
        capped.rlim_cur = (rlim_t)pages * 4096 + (l.old_count + l.new_count) * 64 + (12 << 20);
        capped_ok = setrlimit(RLIMIT_AS, &capped) == 0;
    }
    heckel_status refused_status = HECKEL_OK;
    unsigned failed_starts = 0;
    if (capped_ok) {
        refused_status = heckel_match_keys(l.old, l.old_count, l.new, l.new_count, NULL, NULL,
                                           &(heckel_options){.threads = 8}, &refused.result);
        /* The premise: threads cannot all start now. */
        pthread_t threads[8];
        bool started[8];
        for (int k = 0; k < 8; k++) {
            started[k] = pthread_create(&threads[k], NULL, idle, NULL) == 0;
            failed_starts += !started[k];
        }
        for (int k = 0; k < 8; k++)
            if (started[k]) pthread_join(threads[k], NULL);
        setrlimit(RLIMIT_AS, &saved);
    }
    tally_expect(t, capped_ok && failed_starts > 0, "address space capped: thread starts fail", NULL);
    tally_expect(t, status == HECKEL_OK && refused_status == HECKEL_OK && outputs_same(&one, &refused, true),
                 "threads refused by the system: same outputs", heckel_status_description(refused_status));
    outputs_free(&one);
    outputs_free(&refused);
    free_lists(&l);
#else
    (void)t;
#endif
}

int main(void) {
    test_tally t = {0};
    threads_refused(&t); /* first: glibc reuses the stacks of threads that ended */
    random_shapes(&t);
    workspace_across_thread_counts(&t);
#ifdef HECKEL_TEST_HOOKS
    failures_on_threads(&t);
#endif
    return tally_finish(&t);
}
