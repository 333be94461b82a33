/* Threads: for random shapes and every API, the outputs with threads = 2, 3,
 * 4 and 8 are byte for byte those of threads = 1 (themselves checked against
 * the values); the same when the system refuses to start threads (address
 * space limited so thread stacks cannot be mapped); the caller's equality
 * callback only ever runs on the calling thread. (Built twice: the _small
 * variant starts threads from 128 elements, the other from 2^17 per thread,
 * reached by the large shapes.) */
#define _GNU_SOURCE /* pthread_self, getrlimit */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "test_support.h"

#define CANARY 0xA5A5A5A5u

typedef struct lists {
    uint64_t *old, *new;
    size_t old_count, new_count;
    unsigned char *old_records, *new_records; /* 16 bytes per value */
    heckel_span *old_spans, *new_spans;       /* over the records */
    pthread_t caller;
    bool callback_off_caller;
} lists;

static bool values_equal(void *context, size_t i, size_t j) {
    lists *l = context;
    if (!pthread_equal(pthread_self(), l->caller)) l->callback_off_caller = true;
    return l->old[i] == l->new[j];
}

typedef struct outputs {
    heckel_offset *old_to_new, *new_to_old, *moves;
    heckel_result result;
} outputs;

static void outputs_init(outputs *o, const lists *l) {
    o->old_to_new = malloc((l->old_count + 1) * 4);
    o->new_to_old = malloc((l->new_count + 1) * 4);
    o->moves = malloc((l->new_count + 1) * 4);
    memset(o->old_to_new, 0xA5, (l->old_count + 1) * 4);
    memset(o->new_to_old, 0xA5, (l->new_count + 1) * 4);
    memset(o->moves, 0xA5, (l->new_count + 1) * 4);
    o->result = (heckel_result){.old_to_new = o->old_to_new, .new_to_old = o->new_to_old,
                                .moves = o->moves, .match_count = CANARY, .move_count = CANARY};
}

static void outputs_free(outputs *o) {
    free(o->old_to_new); free(o->new_to_old); free(o->moves);
}

static bool outputs_equal(const outputs *a, const outputs *b, const lists *l) {
    return memcmp(a->old_to_new, b->old_to_new, (l->old_count + 1) * 4) == 0 &&
           memcmp(a->new_to_old, b->new_to_old, (l->new_count + 1) * 4) == 0 &&
           memcmp(a->moves, b->moves, (l->new_count + 1) * 4) == 0 &&
           a->result.match_count == b->result.match_count &&
           a->result.move_count == b->result.move_count;
}

/* Keys without and with the callback, weak keys (value % 5: every key
 * collides, so the exact matching runs), records, spans. */
enum { KEYS, KEYS_CALLBACK, WEAK_KEYS, RECORDS, SPANS, APIS };
static const char *names[APIS] = {"keys", "keys+callback", "weak keys", "records", "spans"};

static heckel_status run(int api, lists *l, unsigned threads, outputs *o) {
    heckel_options options = {.threads = threads};
    size_t old_count = l->old_count, new_count = l->new_count;
    switch (api) {
    case KEYS:
        return heckel_match_keys(l->old, old_count, l->new, new_count, NULL, NULL, &options, &o->result);
    case KEYS_CALLBACK:
        return heckel_match_keys(l->old, old_count, l->new, new_count, values_equal, l, &options,
                                 &o->result);
    case WEAK_KEYS: {
        uint64_t *old = malloc((old_count + 1) * 8), *new = malloc((new_count + 1) * 8);
        for (size_t i = 0; i < old_count; i++) old[i] = l->old[i] % 5;
        for (size_t j = 0; j < new_count; j++) new[j] = l->new[j] % 5;
        heckel_status status = heckel_match_keys(old, old_count, new, new_count, values_equal, l,
                                                 &options, &o->result);
        free(old);
        free(new);
        return status;
    }
    case RECORDS:
        return heckel_match_records(l->old_records, old_count, l->new_records, new_count, 16,
                                    &options, &o->result);
    default:
        return heckel_match_spans(l->old_spans, old_count, l->new_spans, new_count, &options,
                                  &o->result);
    }
}

/* A random edit with duplicates from `alphabet` values, a shared prefix and
 * suffix sometimes, blocks deleted and inserted, some pairs swapped. */
static void make_lists(test_rng *rng, lists *l, size_t old_count, uint64_t alphabet) {
    l->old_count = old_count;
    l->old = malloc((old_count + 1) * 8);
    l->new = malloc((2 * old_count + 2) * 8);
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
    l->old_records = malloc((old_count + 1) * 16);
    l->new_records = malloc((m + 1) * 16);
    l->old_spans = malloc((old_count + 1) * sizeof *l->old_spans);
    l->new_spans = malloc((m + 1) * sizeof *l->new_spans);
    for (size_t k = 0; k < old_count + m; k++) {
        bool old = k < old_count;
        size_t x = old ? k : k - old_count;
        uint64_t words[2] = {old ? l->old[x] : l->new[x], 0};
        words[1] = words[0] * 0x9E3779B97F4A7C15ull;
        unsigned char *record = (old ? l->old_records : l->new_records) + 16 * x;
        memcpy(record, words, 16);
        (old ? l->old_spans : l->new_spans)[x] = (heckel_span){record, 1 + words[0] % 16};
    }
    l->caller = pthread_self();
    l->callback_off_caller = false;
}

static void free_lists(lists *l) {
    free(l->old); free(l->new); free(l->old_records); free(l->new_records);
    free(l->old_spans); free(l->new_spans);
}

static void same_for_every_thread_count(test_tally *t, lists *l, const char *shape) {
    static const unsigned threads[] = {2, 3, 4, 8, 0};
    for (int api = 0; api < APIS; api++) {
        if (api == WEAK_KEYS && l->old_count > 20000) continue; /* quadratic chains */
        outputs one;
        outputs_init(&one, l);
        heckel_status status = run(api, l, 1, &one);
        char what[160];
        snprintf(what, sizeof what, "%s via %s (old %zu, new %zu), 1 thread", shape, names[api],
                 l->old_count, l->new_count);
        tally_expect(t, status == HECKEL_OK, what, heckel_status_description(status));
        for (size_t k = 0; k < sizeof threads / sizeof *threads; k++) {
            outputs many;
            outputs_init(&many, l);
            status = run(api, l, threads[k], &many);
            snprintf(what, sizeof what, "%s via %s (old %zu, new %zu), threads = %u", shape, names[api],
                     l->old_count, l->new_count, threads[k]);
            tally_expect(t, status == HECKEL_OK && outputs_equal(&one, &many, l), what,
                         status != HECKEL_OK ? heckel_status_description(status) : "outputs differ");
            outputs_free(&many);
        }
        outputs_free(&one);
    }
    tally_expect(t, !l->callback_off_caller, "equality callback called off the calling thread", shape);
}

static void random_shapes(test_tally *t) {
    test_rng rng = {21};
    static const size_t sizes[] = {0, 1, 100, 1000, 5000, 40000, 300000};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        for (int trial = 0; trial < (sizes[s] > 100000 ? 1 : sizes[s] > 10000 ? 2 : 4); trial++) {
            lists l;
            uint64_t alphabet = trial % 2 ? 7 + sizes[s] / 8 : 1ull << 40;
            make_lists(&rng, &l, sizes[s], alphabet);
            /* The correct answer first, for the keys API on one thread. */
            uint64_t *old = malloc((l.old_count + 1) * 8), *new = malloc((l.new_count + 1) * 8);
            memcpy(old, l.old, l.old_count * 8);
            memcpy(new, l.new, l.new_count * 8);
            expect_correct(t, "threads test input", &(test_run){.api = API_KEYS}, old, l.old_count,
                           new, l.new_count, "random edit");
            free(old);
            free(new);
            same_for_every_thread_count(t, &l, trial % 2 ? "duplicates" : "distinct");
            free_lists(&l);
        }
    }
}

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
    outputs one, refused;
    outputs_init(&one, &l);
    outputs_init(&refused, &l);
    heckel_status status = run(KEYS, &l, 1, &one);
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
        refused_status = run(KEYS, &l, 8, &refused);
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
    tally_expect(t, status == HECKEL_OK && refused_status == HECKEL_OK &&
                        outputs_equal(&one, &refused, &l),
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
    return tally_finish(&t);
}
