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
    if (++c->calls == c->fail_at) return NULL;
    if (c->calls == c->raise_at) heckel_cancel(c->flag);
    if (size > SIZE_MAX - sizeof(block_header)) return NULL;
    block_header *block = malloc(sizeof *block + size);
    if (!block) return NULL;
    block->size = size;
    c->live += size;
    if (c->live > c->peak) c->peak = c->live;
    return block + 1;
}

static void counting_release(void *context, void *pointer) {
    counting_allocator *c = context;
    block_header *block = (block_header *)pointer - 1;
    c->live -= block->size;
    free(block);
}

void counting_init(counting_allocator *c) {
    *c = (counting_allocator){0};
    c->allocator = (heckel_allocator){counting_allocate, counting_release, c};
}
