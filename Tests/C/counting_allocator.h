/* A heckel_allocator over malloc that counts calls and live bytes, and can
 * fail allocations as SQLite's tests do (the k-th one only, or every one from
 * the k-th on) or raise a cancel flag during one: shared by the C tests, the
 * fuzz target and the core benchmark. Counters are atomic, so the core may
 * allocate from worker threads. */
#ifndef HECKEL_COUNTING_ALLOCATOR_H
#define HECKEL_COUNTING_ALLOCATOR_H

#include <stddef.h>

#include "heckel.h"

typedef struct counting_allocator {
    size_t calls;     /* allocations asked for, failed ones included */
    size_t failures;  /* allocations that returned NULL on purpose */
    size_t live;      /* bytes allocated and not yet released */
    size_t peak;      /* the most live bytes at any time */
    size_t fail_at;   /* this allocation (1-based) returns NULL; 0: none */
    size_t fail_from; /* this allocation and every later one return NULL; 0: none */
    size_t raise_at;  /* this allocation raises *flag; 0: none */
    int *flag;
    heckel_allocator allocator; /* hooks with context = this struct */
} counting_allocator;

/* A counter with nothing counted, failing nothing, raising nothing. The
 * hooks point at c: set fail_at, fail_from, raise_at and flag after, never
 * copy c. */
void counting_init(counting_allocator *c);

#endif
