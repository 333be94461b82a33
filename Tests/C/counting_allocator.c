/* See counting_allocator.h. Each block carries its size in a header as wide
 * as malloc's alignment, so returned pointers stay aligned as malloc's are
 * (heckel.h asks that of every allocator). */
#include "counting_allocator.h"

#include <stdlib.h>

typedef union block_header {
    size_t size;
    max_align_t align;
} block_header;

static void *counting_allocate(void *context, size_t size) {
    counting_allocator *c = context;
    size_t call = __atomic_add_fetch(&c->calls, 1, __ATOMIC_RELAXED);
    if (call == c->fail_at || (c->fail_from && call >= c->fail_from)) {
        __atomic_add_fetch(&c->failures, 1, __ATOMIC_RELAXED);
        return NULL;
    }
    if (call == c->raise_at) heckel_cancel(c->flag);
    if (size > SIZE_MAX - sizeof(block_header)) return NULL;
    block_header *block = malloc(sizeof *block + size);
    if (!block) return NULL;
    block->size = size;
    size_t live = __atomic_add_fetch(&c->live, size, __ATOMIC_RELAXED);
    size_t peak = __atomic_load_n(&c->peak, __ATOMIC_RELAXED);
    while (live > peak &&
           !__atomic_compare_exchange_n(&c->peak, &peak, live, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return block + 1;
}

static void counting_release(void *context, void *pointer) {
    counting_allocator *c = context;
    block_header *block = (block_header *)pointer - 1;
    __atomic_sub_fetch(&c->live, block->size, __ATOMIC_RELAXED);
    free(block);
}

void counting_init(counting_allocator *c) {
    *c = (counting_allocator){0};
    c->allocator = (heckel_allocator){counting_allocate, counting_release, c};
}
