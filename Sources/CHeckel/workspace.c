/* The caller's workspace (heckel_workspace): scratch blocks kept from one
 * call to the next, so that a caller diffing over and over touches memory
 * the earlier calls already faulted in, instead of getting it from the
 * system afresh each time (glibc gives large blocks back to the kernel when
 * they are freed).
 *
 * Invariants (checked by check_workspace after every change, in builds with
 * HECKEL_CHECKS): every entry below count holds a block of capacity bytes
 * from the workspace's allocator, taken (lent to a running call) or not;
 * entries from count on are empty. A block is lent to one call at a time,
 * and a call gives back every block it took before it returns, so between
 * calls no entry is taken.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The most blocks kept: more than a call holds at once (about a handful);
 * a call asking for more gets the others straight from the allocator. */
#define KEPT_BLOCKS 16

/* Blocks from this size on get room to spare (heckel_workspace_take). */
#define SPARE_FROM ((size_t)4096)

typedef struct kept_block {
    void *block;
    size_t capacity;
    bool taken;
} kept_block;

struct heckel_workspace {
    heckel_allocator allocator; /* a copy of the caller's; allocate NULL: malloc/free */
    kept_block kept[KEPT_BLOCKS];
    size_t count;
};

static void check_workspace(const heckel_workspace *w) {
#ifdef HECKEL_CHECKS
    HECKEL_CHECK(w->count <= KEPT_BLOCKS);
    for (size_t k = 0; k < KEPT_BLOCKS; k++)
        HECKEL_CHECK(k < w->count ? w->kept[k].block != NULL && w->kept[k].capacity > 0
                                  : w->kept[k].block == NULL && !w->kept[k].taken);
#else
    (void)w;
#endif
}

static void *allocate(const heckel_allocator *a, size_t bytes) {
    return a->allocate ? a->allocate(a->context, bytes) : heckel_system_alloc(bytes);
}

static void release(const heckel_allocator *a, void *pointer) {
    if (a->allocate) a->release(a->context, pointer);
    else heckel_system_free(pointer);
}

heckel_status heckel_workspace_create(const heckel_allocator *allocator, heckel_workspace **workspace) {
    if (!workspace) return HECKEL_INVALID_ARGUMENT;
    heckel_allocator a = {0};
    if (allocator && allocator->allocate && allocator->release) a = *allocator;
    heckel_workspace *w = allocate(&a, sizeof *w);
    if (!w) return HECKEL_OUT_OF_MEMORY;
    memset(w, 0, sizeof *w);
    w->allocator = a;
    check_workspace(w);
    *workspace = w;
    return HECKEL_OK;
}

void heckel_workspace_destroy(heckel_workspace *workspace) {
    if (!workspace) return;
    heckel_allocator a = workspace->allocator;
    for (size_t k = 0; k < workspace->count; k++) release(&a, workspace->kept[k].block);
    release(&a, workspace);
}

size_t heckel_workspace_bytes(const heckel_workspace *workspace) {
    size_t bytes = 0;
    if (workspace)
        for (size_t k = 0; k < workspace->count; k++) bytes += workspace->kept[k].capacity;
    return bytes;
}

/* The entry k removed: the last one takes its place. */
static void drop_entry(heckel_workspace *w, size_t k) {
    w->kept[k] = w->kept[--w->count];
    w->kept[w->count] = (kept_block){0};
}

void *heckel_workspace_take(heckel_workspace *w, size_t bytes) {
    /* The smallest free block that fits; else the largest free one, which
     * is too small: it gives way to the new block, so that the workspace
     * keeps about what one call holds at its peak, not every size seen. */
    size_t fit = KEPT_BLOCKS, small = KEPT_BLOCKS;
    for (size_t k = 0; k < w->count; k++) {
        const kept_block *b = &w->kept[k];
        if (b->taken) continue;
        if (b->capacity >= bytes) {
            if (fit == KEPT_BLOCKS || b->capacity < w->kept[fit].capacity) fit = k;
        } else if (small == KEPT_BLOCKS || b->capacity > w->kept[small].capacity) {
            small = k;
        }
    }
    if (fit != KEPT_BLOCKS) {
        w->kept[fit].taken = true;
        check_workspace(w);
        return w->kept[fit].block;
    }
    if (small != KEPT_BLOCKS) {
        release(&w->allocator, w->kept[small].block);
        drop_entry(w, small);
    }
    /* An eighth to spare: the general path's tables follow its largest
     * partition, which varies from call to call with the seed, so a later
     * call of the same size may ask a little more. Pages never touched cost
     * nothing. */
    size_t capacity = bytes >= SPARE_FROM && bytes / 8 <= SIZE_MAX - bytes ? bytes + bytes / 8 : bytes;
    void *block = allocate(&w->allocator, capacity);
    if (block && w->count < KEPT_BLOCKS)
        w->kept[w->count++] = (kept_block){.block = block, .capacity = capacity, .taken = true};
    check_workspace(w);
    return block;
}

void heckel_workspace_give(heckel_workspace *w, void *block) {
    for (size_t k = 0; k < w->count; k++) {
        if (w->kept[k].block == block) {
            HECKEL_CHECK(w->kept[k].taken);
            w->kept[k].taken = false;
            check_workspace(w);
            return;
        }
    }
    release(&w->allocator, block); /* one of more blocks than the workspace keeps */
}
