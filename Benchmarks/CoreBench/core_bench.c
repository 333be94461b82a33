/*
 * heckel_core_bench: the C core against a naive hash loop, in one process.
 *
 * Engines run interleaved, the order rotated each run.
 *
 * Data (per size n): old = n random 64-bit keys; new = old with a block of 20%
 * deleted, as many fresh keys inserted at random places, and 4% of elements
 * moved (2% random swaps). Engines, interleaved run by run, median reported:
 *   naive     XXH3 every old key into an open-addressing table (16-byte slots
 *             holding key and offset, at most 3/4 full), then probe every new
 *             key once; no prefetch, no duplicates, no moves.
 *   keys      heckel_match_keys, trusted keys (equal = NULL)
 *   keys+eq   heckel_match_keys with an equality callback
 *   records   heckel_match_records, 16-byte records (key, key * constant)
 *   spans     heckel_match_spans over the same 16-byte records
 * Each engine runs once per thread count given with -t (heckel_options.threads;
 * a row per engine and thread count, naive on one thread). Small sizes repeat
 * the call within one timed run (about 2 * 10^6 elements in all) and report
 * the time per call. Timed runs use the core's default allocation; a first
 * untimed round (also a warm-up) counts peak live scratch bytes through the
 * heckel_allocator hook (allocations come from the calling thread only).
 * "first ms": each row's first call, timed alone before the others; the first
 * row's (with -n, the core's) is the cold call of a fresh process. "caller
 * ms": CPU time of the calling thread alone; with threads > 1 and balanced
 * parts, about the call's critical path on an idle machine, so cpu ms of the
 * 1-thread row / caller ms of the N-thread row estimates the speedup even
 * when other processes compete for the cores (wall time then cannot).
 *
 * -p (heckel_core_phases only: this file built over the core compiled with
 * HECKEL_PHASE_HOOK): after each size, every row's time per phase of a call
 * (trim, histogram, scatter, match, gather, verify, kept, mapping, moves,
 * free; see HECKEL_PHASE in the core), as the mean over the timed runs and for
 * the row's first call, with the minor page faults of each (getrusage), and
 * the bytes each phase reads and writes (phase_model_bytes) per CPU second,
 * against the machine's bandwidth measured first (print_bandwidth).
 *
 * -w: every core call but the counting one through one heckel_workspace
 * (created before the first row's first call, which is then the cold call of
 * a fresh workspace), so that the timed calls reuse the scratch of earlier
 * ones; with -p the timed runs' page faults show what is left to fault.
 *
 * -d: the same lists over ten distinct values (each key taken modulo 10), as
 * heckel-bench's duplicates scenario: most matched pairs are moves.
 *
 * -b: new made as heckel-bench's random scenario makes it instead: a block of
 * 20% deleted at a random place, a block of 20% fresh keys inserted at a
 * random place, then the elements at 4% of the positions (picked at random)
 * shuffled among themselves.
 *
 * Usage: heckel_core_bench [-n] [-p] [-d] [-b] [-w] [-r runs] [-e engine] [-t threads]... [size ...]
 *        (default: -r 5, every engine, -t 1, sizes 100 1000 1000000 10000000;
 *        naive runs unless -n, and ratios are then to the first row; -t 0 is
 *        the core's automatic choice)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef HECKEL_BENCH_PHASES
#include <pthread.h>
#include <sys/resource.h>
#endif

#include "counting_allocator.h" /* Tests/C */
#include "heckel.h"
#include "../../Sources/CHeckel/xxh3.h" /* the core's own inline XXH3 */

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double clock_seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }
/* User + system time of this process: robust when other processes compete. */
static double cpu_now(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }
/* The calling thread's alone: with balanced parts, about the critical path
 * of a multi-threaded call on an idle machine, whatever the load now. */
static double caller_now(void) { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

/* ---- phases (heckel_core_phases -p) ---- */

#define MAX_PHASES 16
typedef struct phase_table {
    int count;
    const char *name[MAX_PHASES];
    double seconds[MAX_PHASES], cpu[MAX_PHASES], system[MAX_PHASES];
    long faults[MAX_PHASES];
} phase_table;

static bool show_phases;            /* -p */
static phase_table *phase_target;   /* where the core's phase marks go now, or NULL */

#ifdef HECKEL_BENCH_PHASES
static double phase_mark, phase_cpu_mark, phase_system_mark;
static long phase_fault_mark;

/* Minor faults and system time of the process so far. */
static long minor_faults(double *system) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    *system = u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
    return u.ru_minflt;
}

/* Called by the core (HECKEL_PHASE) on the calling thread as a phase ends. */
void heckel_test_phase(const char *phase);
void heckel_test_phase(const char *phase) {
    if (!phase_target) return;
    double t = now(), cpu = cpu_now(), system;
    long faults = minor_faults(&system);
    if (strcmp(phase, "start") != 0) {
        phase_table *p = phase_target;
        int k = 0;
        while (k < p->count && strcmp(p->name[k], phase) != 0) k++;
        if (k == p->count && k < MAX_PHASES) p->name[p->count++] = phase;
        if (k < MAX_PHASES) {
            p->seconds[k] += t - phase_mark;
            p->cpu[k] += cpu - phase_cpu_mark;
            p->system[k] += system - phase_system_mark;
            p->faults[k] += faults - phase_fault_mark;
        }
    }
    phase_fault_mark = faults;
    phase_system_mark = system;
    phase_cpu_mark = cpu_now(); /* the hook's own cost left out */
    phase_mark = now();
}

/* The machine's memory bandwidth, measured before the sizes: 256 MiB (far
 * beyond the caches) read (summed), written (memset) and copied (memcpy, its
 * bytes read + written), best of 3, on 1 and 2 threads (each its half). */
#define STREAM_BYTES ((size_t)256 << 20)
typedef struct stream_part { unsigned char *block; size_t bytes; int kind; uint64_t sum; } stream_part;

static void *stream_run(void *argument) {
    stream_part *s = argument;
    if (s->kind == 0) {
        const uint64_t *words = (const uint64_t *)s->block;
        uint64_t sum = 0;
        for (size_t k = 0; k < s->bytes / 8; k++) sum += words[k];
        s->sum = sum;
    } else if (s->kind == 1) {
        memset(s->block, (int)s->sum, s->bytes);
    } else {
        memcpy(s->block, s->block + s->bytes, s->bytes);
    }
    return NULL;
}

/* GB/s of kind (0 read, 1 write, 2 copy) over block on `threads` threads. */
static double stream_rate(unsigned char *block, int kind, unsigned threads) {
    double best = 0;
    for (int round = 0; round < 3; round++) {
        stream_part parts[2];
        pthread_t thread;
        size_t share = STREAM_BYTES / threads / (kind == 2 ? 2 : 1);
        double t0 = now();
        for (unsigned t = 0; t < threads; t++)
            parts[t] = (stream_part){block + t * (STREAM_BYTES / threads), share, kind, (uint64_t)round};
        bool started = threads == 2 && pthread_create(&thread, NULL, stream_run, &parts[1]) == 0;
        stream_run(&parts[0]);
        if (threads == 2 && !started) stream_run(&parts[1]);
        if (started) pthread_join(thread, NULL);
        double seconds = now() - t0, rate = (kind == 2 ? 2.0 : 1.0) * share * threads / seconds / 1e9;
        if (rate > best) best = rate;
        if (parts[0].sum == 42) fputs("", stdout); /* the sum is used */
    }
    return best;
}

static void print_bandwidth(void) {
    unsigned char *block = malloc(STREAM_BYTES);
    if (!block) exit(1);
    memset(block, 1, STREAM_BYTES); /* faulted in: not timed */
    printf("memory bandwidth (256 MiB, best of 3), GB/s:");
    for (unsigned threads = 1; threads <= 2; threads++)
        printf(" %u thread%s: read %.1f, write %.1f, copy %.1f%s", threads, threads == 1 ? "" : "s",
               stream_rate(block, 0, threads), stream_rate(block, 1, threads),
               stream_rate(block, 2, threads), threads == 1 ? ";" : "\n");
    free(block);
}
#endif

/* -p: the bytes a phase's passes read and write of the lists, the scratch
 * and the outputs (their own loads and stores, in the layouts of
 * partition_match.c, moves.c and outputs.c; tables that stay in cache and
 * the cache-line fills of writes not counted), for n old and m new elements
 * (the whole lists: for a random mix the trimmed part is small), v moves and
 * the row's thread count; 0 when the phase is not modelled. Divided by the
 * phase's CPU time: the rate to compare with the measured bandwidth. */
static double phase_model_bytes(const char *phase, double n, double m, double v, unsigned threads) {
    static const struct { const char *name; double per_old, per_new, per_move; } model[] = {
        {"histogram", 8, 8, 0},     /* keys read */
        {"scatter", 20, 20, 0},     /* keys read again; 12-byte old entries, 8-byte new keys + 4-byte partition written */
        {"match", 12, 12, 0},       /* entries and keys read, 4-byte results written over the keys */
        {"gather", 0, 12, 0},       /* partition read, result read, match written */
        {"kept", 0, 20, 0},         /* match read, run lengths written; then both read, marks written */
        {"mapping", 8, 8, 0},       /* match read, new_to_old written, old_to_new filled and its pairs written */
        {"kept+mapping", 8, 28, 0},
        {"moves", 0, 8, 4},         /* match and marks read once, moves written */
    };
    for (size_t k = 0; k < sizeof model / sizeof *model; k++)
        if (strcmp(model[k].name, phase) == 0) {
            /* On 2+ threads every slice but the first stages its moves in its
             * own slice of the marks and copies them after the join
             * (outputs.c): 4 more bytes written and 8 copied per move, about
             * (threads - 1) / threads of them. */
            double staged = strcmp(phase, "moves") == 0 && threads > 1 ? 12 * v * (threads - 1) / threads : 0;
            return model[k].per_old * n + model[k].per_new * m + model[k].per_move * v + staged;
        }
    return 0;
}

/* ---- the naive loop ---- */

typedef struct naive_slot { uint64_t key; uint64_t offset_plus_one; } naive_slot;

static size_t naive_loop(const uint64_t *old, size_t n, const uint64_t *new, size_t m) {
    size_t capacity = 8;
    while (capacity < n + n / 3 + 1) capacity *= 2;
    size_t mask = capacity - 1, found = 0;
    naive_slot *table = calloc(capacity, sizeof *table);
    if (!table) { fprintf(stderr, "out of memory\n"); exit(1); }
    for (size_t i = 0; i < n; i++) {
        size_t s = heckel_xxh3_64(&old[i], 8, 0) & mask;
        while (table[s].offset_plus_one && table[s].key != old[i]) s = (s + 1) & mask;
        if (!table[s].offset_plus_one) table[s] = (naive_slot){old[i], i + 1};
    }
    for (size_t j = 0; j < m; j++) {
        size_t s = heckel_xxh3_64(&new[j], 8, 0) & mask;
        while (table[s].offset_plus_one && table[s].key != new[j]) s = (s + 1) & mask;
        found += table[s].offset_plus_one != 0;
    }
    free(table);
    return found;
}

/* ---- the engine; peak scratch counted by Tests/C/counting_allocator ---- */

typedef struct lists {
    uint64_t *old, *new;
    size_t n, m;
    unsigned char *old_records, *new_records;
    heckel_span *old_spans, *new_spans;
} lists;

static bool keys_equal(void *context, size_t i, size_t j) {
    const lists *l = context;
    return l->old[i] == l->new[j];
}

enum { NAIVE, KEYS, KEYS_EQ, RECORDS, SPANS, ENGINES };
static const char *engine_names[ENGINES] = {"naive", "keys", "keys+eq", "records", "spans"};

static heckel_workspace *workspace; /* -w: the timed calls' scratch */

/* c: NULL for a timed run (the core's own allocation, or -w's workspace),
 * or a counter. */
static size_t run_engine(int engine, unsigned threads, lists *l, heckel_result *r,
                         counting_allocator *c) {
    if (engine == NAIVE) return naive_loop(l->old, l->n, l->new, l->m);
    heckel_options options = {.allocator = c ? &c->allocator : NULL, .threads = threads,
                              .workspace = c ? NULL : workspace};
    heckel_status s = HECKEL_OK;
    switch (engine) {
    case KEYS: s = heckel_match_keys(l->old, l->n, l->new, l->m, NULL, NULL, &options, r); break;
    case KEYS_EQ: s = heckel_match_keys(l->old, l->n, l->new, l->m, keys_equal, l, &options, r); break;
    case RECORDS: s = heckel_match_records(l->old_records, l->n, l->new_records, l->m, 16, &options, r); break;
    case SPANS: s = heckel_match_spans(l->old_spans, l->n, l->new_spans, l->m, &options, r); break;
    }
    if (s != HECKEL_OK) { fprintf(stderr, "%s: %s\n", engine_names[engine], heckel_status_description(s)); exit(1); }
    return r->match_count;
}

static const char *only_engine; /* -e: time naive and this engine only */

static bool skip_naive; /* -n: no naive row (profiling the core alone) */
static bool duplicates; /* -d: ten distinct values (the bench's duplicates scenario) */
static bool blocks;     /* -b: heckel-bench's random edit (a block deleted, a block inserted) */

static bool selected(int engine) {
    if (engine == NAIVE) return !skip_naive;
    return !only_engine || strcmp(only_engine, engine_names[engine]) == 0;
}

/* -b: old without the block at start, a block of fresh keys as long inserted
 * at a random place, then the keys at n / 25 random positions shuffled among
 * those positions (a Fisher-Yates shuffle of the picked positions' keys). */
static void make_block_edit(lists *l, size_t n, size_t block, size_t start, uint64_t *seed) {
    size_t kept = n - block, at = splitmix(seed) % (kept + 1), m = 0;
    for (size_t i = 0; i < n && m < at; i++)
        if (i < start || i >= start + block) l->new[m++] = l->old[i];
    for (size_t k = 0; k < block; k++) l->new[m++] = splitmix(seed);
    for (size_t i = 0, seen = 0; i < n; i++)
        if ((i < start || i >= start + block) && seen++ >= at) l->new[m++] = l->old[i];
    l->m = m;
    size_t count = m < n / 25 ? m : n / 25;
    size_t *picked = malloc((count + 1) * sizeof *picked);
    unsigned char *taken = calloc(m + 1, 1);
    if (!picked || !taken) exit(1);
    for (size_t k = 0; k < count;) {
        size_t position = splitmix(seed) % m;
        if (!taken[position]) taken[position] = 1, picked[k++] = position;
    }
    for (size_t k = count; k > 1; k--) {
        size_t a = picked[k - 1], b = picked[splitmix(seed) % k];
        uint64_t t = l->new[a]; l->new[a] = l->new[b]; l->new[b] = t;
    }
    free(picked);
    free(taken);
}

static void make_lists(lists *l, size_t n, uint64_t seed) {
    l->n = n;
    l->old = malloc(n * 8);
    l->new = malloc((n + n / 2) * 8);
    if (!l->old || !l->new) exit(1);
    for (size_t i = 0; i < n; i++) l->old[i] = splitmix(&seed);
    size_t block = n / 5, start = n - block ? splitmix(&seed) % (n - block) : 0, m = 0;
    if (blocks)
        make_block_edit(l, n, block, start, &seed);
    else {
        for (size_t i = 0; i < n; i++) {
            if (i >= start && i < start + block) continue;       /* deleted block */
            if (splitmix(&seed) % 4 == 0) l->new[m++] = splitmix(&seed); /* fresh insert */
            l->new[m++] = l->old[i];
        }
        for (size_t k = 0; m && k < m / 50; k++) { /* 2% swaps: 4% moved */
            size_t a = splitmix(&seed) % m, b = splitmix(&seed) % m;
            uint64_t t = l->new[a]; l->new[a] = l->new[b]; l->new[b] = t;
        }
        l->m = m;
    }
    if (duplicates) /* -d: the same edits over ten distinct values */
        for (size_t k = 0; k < n + m; k++) *(k < n ? &l->old[k] : &l->new[k - n]) %= 10;
    l->old_records = l->new_records = NULL;
    l->old_spans = l->new_spans = NULL;
    if (!selected(RECORDS) && !selected(SPANS)) return; /* 10^8: 6 GB spared */
    l->old_records = malloc(n * 16);
    l->new_records = malloc(m * 16);
    l->old_spans = malloc(n * sizeof *l->old_spans);
    l->new_spans = malloc(m * sizeof *l->new_spans);
    if (!l->old_records || !l->new_records || !l->old_spans || !l->new_spans) exit(1);
    for (size_t k = 0; k < n + m; k++) {
        bool old = k < n;
        size_t x = old ? k : k - n;
        uint64_t words[2] = {old ? l->old[x] : l->new[x], 0};
        words[1] = words[0] * 0x9E3779B97F4A7C15ull;
        unsigned char *rec = (old ? l->old_records : l->new_records) + 16 * x;
        memcpy(rec, words, 16);
        (old ? l->old_spans : l->new_spans)[x] = (heckel_span){rec, 16};
    }
}

static void free_lists(lists *l) {
    free(l->old); free(l->new); free(l->old_records); free(l->new_records);
    free(l->old_spans); free(l->new_spans);
}

static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}


#define MAX_THREAD_COUNTS 8
static unsigned thread_counts[MAX_THREAD_COUNTS] = {1};
static int thread_count_total = 1;

/* One row: an engine at one thread count (naive: one row only). */
typedef struct row {
    int engine;
    unsigned threads;
    double *wall, *cpu, *caller; /* per run, seconds per call */
    double first;       /* the row's first call, timed alone (cold in a fresh process) */
    size_t peak, matches;
    phase_table first_phases, phases; /* -p: the first call's; the timed runs' sums */
} row;

/* -p: each row's phases, per call: the timed runs' mean, and the first call. */
static void print_phases(const row *rows, int row_count, int runs, size_t calls, double n, double m,
                         double v) {
    for (int k = 0; k < row_count; k++) {
        const row *w = &rows[k];
        if (w->engine == NAIVE) continue;
        const phase_table *p = &w->phases, *f = &w->first_phases;
        double total = 0, calls_run = (double)runs * calls;
        for (int q = 0; q < p->count; q++) total += p->seconds[q];
        printf("\n  %-14s %9s %6s %9s %9s %9s %7s %6s | %9s %9s %9s %9s\n", engine_names[w->engine],
               "wall ms", "share", "cpu ms", "sys ms", "faults", "MB", "GB/s", "wall ms", "cpu ms", "sys ms", "faults");
        printf("  %-14s %57s | %s\n", w->threads == 1 ? "1 thread" : w->threads == 2 ? "2 threads" : "threads",
               "timed runs, mean per call (GB/s: MB per cpu ms)", "first call");
        for (int q = 0; q < p->count; q++) {
            int r = 0; /* the first call's entry of the same name */
            while (r < f->count && strcmp(f->name[r], p->name[q]) != 0) r++;
            bool in_first = r < f->count;
            double bytes = phase_model_bytes(p->name[q], n, m, v, w->threads), seconds = p->seconds[q] / calls_run;
            double cpu = p->cpu[q] / calls_run;
            char model[2][16] = {"-", "-"};
            if (bytes > 0 && cpu > 0) { /* per CPU second: a loaded machine's waits left out */
                snprintf(model[0], sizeof model[0], "%.0f", bytes / 1e6);
                snprintf(model[1], sizeof model[1], "%.1f", bytes / cpu / 1e9);
            }
            printf("  %-14s %9.1f %5.1f%% %9.1f %9.1f %9.0f %7s %6s | %9.1f %9.1f %9.1f %9ld\n", p->name[q],
                   seconds * 1e3, total > 0 ? 100 * p->seconds[q] / total : 0,
                   cpu * 1e3, p->system[q] / calls_run * 1e3, p->faults[q] / calls_run,
                   model[0], model[1],
                   in_first ? f->seconds[r] * 1e3 : 0, in_first ? f->cpu[r] * 1e3 : 0,
                   in_first ? f->system[r] * 1e3 : 0, in_first ? f->faults[r] : 0);
        }
        double sum[2][3] = {{0}};
        long faults[2] = {0};
        for (int t = 0; t < 2; t++) {
            const phase_table *x = t ? f : p;
            for (int q = 0; q < x->count; q++) {
                sum[t][0] += x->seconds[q];
                sum[t][1] += x->cpu[q];
                sum[t][2] += x->system[q];
                faults[t] += x->faults[q];
            }
        }
        printf("  %-14s %9.1f %6s %9.1f %9.1f %9.0f %7s %6s | %9.1f %9.1f %9.1f %9ld\n", "total",
               sum[0][0] / calls_run * 1e3, "", sum[0][1] / calls_run * 1e3, sum[0][2] / calls_run * 1e3,
               faults[0] / calls_run, "", "", sum[1][0] * 1e3, sum[1][1] * 1e3, sum[1][2] * 1e3, faults[1]);
    }
}

static void bench_size(size_t n, int runs) {
    lists l;
    make_lists(&l, n, 42 + n);
    size_t total = l.n + l.m, calls = total >= 2000000 ? 1 : 2000000 / (total ? total : 1);
    heckel_offset *o2n = malloc(l.n * 4 + 4), *n2o = malloc(l.m * 4 + 4), *moves = malloc(l.n * 4 + 4);
    if (!o2n || !n2o || !moves) exit(1);
    memset(o2n, 0, l.n * 4); memset(n2o, 0, l.m * 4); memset(moves, 0, l.n * 4); /* pre-touched */
    heckel_result r = {.old_to_new = o2n, .new_to_old = n2o, .moves = moves};
    row rows[ENGINES * MAX_THREAD_COUNTS];
    int row_count = 0;
    size_t move_count = 0;
    for (int e = NAIVE; e < ENGINES; e++) {
        if (!selected(e)) continue;
        for (int k = 0; k < (e == NAIVE ? 1 : thread_count_total); k++) {
            row *w = &rows[row_count++];
            *w = (row){.engine = e, .threads = e == NAIVE ? 1 : thread_counts[k],
                       .wall = malloc(sizeof(double) * runs), .cpu = malloc(sizeof(double) * runs),
                       .caller = malloc(sizeof(double) * runs)};
            phase_target = show_phases ? &w->first_phases : NULL;
            /* First call timed alone (the first row's is a fresh process's
             * first), then an untimed one counting peak scratch through the hook. */
            double t0 = now();
            run_engine(e, w->threads, &l, &r, NULL);
            w->first = now() - t0;
            phase_target = NULL;
            counting_allocator c;
            counting_init(&c);
            run_engine(e, w->threads, &l, &r, e == NAIVE ? NULL : &c);
            w->peak = c.peak;
        }
    }
    for (int run = 0; run < runs; run++) {
        for (int k = 0; k < row_count; k++) { /* rotated: no row always follows another */
            row *w = &rows[(k + run) % row_count];
            phase_target = show_phases ? &w->phases : NULL;
            double t0 = now(), c0 = cpu_now(), k0 = caller_now();
            for (size_t call = 0; call < calls; call++)
                w->matches = run_engine(w->engine, w->threads, &l, &r, NULL);
            w->wall[run] = (now() - t0) / calls;
            w->cpu[run] = (cpu_now() - c0) / calls;
            w->caller[run] = (caller_now() - k0) / calls;
            phase_target = NULL;
            if (w->engine == KEYS) move_count = r.move_count;
        }
    }
    printf("\nold %zu, new %zu (old+new %zu), %d runs of %zu call%s; matches %zu, moves %zu",
           l.n, l.m, total, runs, calls, calls == 1 ? "" : "s",
           rows[skip_naive || row_count == 1 ? 0 : 1].matches, move_count);
    if (!skip_naive) printf(" (naive found %zu)", rows[0].matches);
    printf("\n");
    printf("%-8s %7s %10s %11s %9s %10s | %8s %11s %9s %10s | %11s %10s\n", "engine", "threads",
           "wall ms", "ns/element", "vs naive", "first ms", "cpu ms", "ns/element", "vs naive",
           "caller ms", "peak B/elem", "peak B/old");
    for (int k = 0; k < row_count; k++) {
        qsort(rows[k].wall, runs, sizeof(double), compare_double);
        qsort(rows[k].cpu, runs, sizeof(double), compare_double);
        qsort(rows[k].caller, runs, sizeof(double), compare_double);
    }
    /* Without naive, ratios are to the first row. */
    double naive = rows[0].wall[runs / 2], naive_cpu = rows[0].cpu[runs / 2];
    for (int k = 0; k < row_count; k++) {
        const row *w = &rows[k];
        double t = w->wall[runs / 2], c = w->cpu[runs / 2], k = w->caller[runs / 2];
        char threads[16];
        snprintf(threads, sizeof threads, w->threads ? "%u" : "auto", w->threads);
        printf("%-8s %7s %10.4f %11.2f %9.2f %10.4f | %8.4f %11.2f %9.2f %10.4f | %11.2f %10.2f\n",
               engine_names[w->engine], threads, t * 1e3, t * 1e9 / total, t / naive, w->first * 1e3,
               c * 1e3, c * 1e9 / total, c / naive_cpu, k * 1e3, (double)w->peak / total,
               (double)w->peak / l.n);
        free(w->wall);
        free(w->cpu);
        free(w->caller);
    }
    if (show_phases) print_phases(rows, row_count, runs, calls, (double)l.n, (double)l.m, (double)move_count);
    free(o2n); free(n2o); free(moves);
    free_lists(&l);
}

int main(int argc, char **argv) {
    int runs = 5, first = 1, given_threads = 0;
    const char *usage = "usage: heckel_core_bench [-n] [-p] [-d] [-b] [-w] [-r runs] [-e engine] [-t threads]... [size ...]\n";
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        if (strcmp(argv[first], "-n") == 0) {
            skip_naive = true;
            first--;
        } else if (strcmp(argv[first], "-d") == 0) {
            duplicates = true;
            first--;
        } else if (strcmp(argv[first], "-b") == 0) {
            blocks = true;
            first--;
        } else if (strcmp(argv[first], "-w") == 0) {
            if (!workspace && heckel_workspace_create(NULL, &workspace) != HECKEL_OK) return 1;
            first--;
        } else if (strcmp(argv[first], "-p") == 0) {
#ifndef HECKEL_BENCH_PHASES
            fputs("heckel_core_bench: -p needs heckel_core_phases (the core built with its phase marks)\n", stderr);
            return 2;
#endif
            show_phases = true;
            first--;
        } else if (first + 1 >= argc) {
            fputs(usage, stderr);
            return 2;
        } else if (strcmp(argv[first], "-r") == 0) runs = atoi(argv[first + 1]);
        else if (strcmp(argv[first], "-e") == 0) only_engine = argv[first + 1];
        else if (strcmp(argv[first], "-t") == 0 && given_threads < MAX_THREAD_COUNTS)
            thread_counts[given_threads++] = (unsigned)atoi(argv[first + 1]);
        else { fputs(usage, stderr); return 2; }
    }
    if (given_threads) thread_count_total = given_threads;
    if (runs < 1) runs = 1;
    printf("medians; ns/element = time / (old + new); cpu = user + system time of the process;\n"
           "peak B/elem = engine's peak scratch bytes / (old + new)\n");
#ifdef HECKEL_BENCH_PHASES
    if (show_phases) print_bandwidth();
#endif
    if (first >= argc) {
        bench_size(100, runs);
        bench_size(1000, runs);
        bench_size(1000000, runs);
        bench_size(10000000, runs);
    }
    for (int a = first; a < argc; a++) bench_size((size_t)strtod(argv[a], NULL), runs);
    heckel_workspace_destroy(workspace);
    return 0;
}
