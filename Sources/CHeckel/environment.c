/* Allocation through the caller's allocator, cancellation polling, and the
 * report of a broken invariant (debug builds). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise */
#endif
#ifdef HECKEL_CHECKS
#include <stdio.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "internal.h"

#define HUGE_BLOCK ((size_t)2 << 20) /* the x86-64 and arm64 huge page */
#ifndef HUGE_MIN /* experiments build other thresholds */
#define HUGE_MIN ((size_t)16 << 20)  /* smaller blocks: rounding would waste too much */
#endif

heckel_env heckel_env_make(const heckel_options *options) {
    heckel_env env = {.thread_count = 1}; /* heckel_run draws the seed, counts threads */
    if (options) {
        if (options->allocator && options->allocator->allocate && options->allocator->release)
            env.allocator = options->allocator;
        env.cancel = options->cancel;
        env.threads = options->threads;
        env.ignore_order = options->ignore_order;
        env.window = options->window;
        env.workspace = options->workspace;
    }
    return env;
}

void *heckel_alloc(const heckel_env *env, size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    if (bytes == 0) bytes = 1;
    if (env->workspace) return heckel_workspace_take(env->workspace, bytes);
    if (env->allocator) return env->allocator->allocate(env->allocator->context, bytes);
    return heckel_system_alloc(bytes);
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/* Big scratch arrays go on 2 MiB pages where the kernel allows it: first
 * touches of fresh 4 KiB pages (a fault each) otherwise cost more than the
 * matching itself. The hint stays with the memory it names, so it is given
 * only on a mapping of the block's own, unmapped whole when the block is
 * freed: on malloc's memory it would outlive the block, and later unrelated
 * allocations there would take whole 2 MiB pages. Every block carries its
 * mapping (or none) just before it; its head is aligned as malloc's blocks are
 * (max_align_t), so the block after it is too. */
typedef struct {
    _Alignas(max_align_t) void *map;
    size_t length;
} block_head;

void *heckel_system_alloc(size_t bytes) {
    if (bytes < HUGE_MIN) {
        block_head *head = malloc(sizeof *head + bytes);
        if (!head) return NULL;
        *head = (block_head){NULL, 0};
        return head + 1;
    }
    if (bytes > SIZE_MAX - 2 * HUGE_BLOCK) return NULL;
    size_t rounded = (bytes + HUGE_BLOCK - 1) / HUGE_BLOCK * HUGE_BLOCK;
    /* One block more than the rounded size: the room to start on a 2 MiB
     * boundary with the head in the page before it. */
    size_t length = rounded + HUGE_BLOCK;
    char *map = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return NULL;
    uintptr_t start = ((uintptr_t)map + sizeof(block_head) + HUGE_BLOCK - 1) & ~(uintptr_t)(HUGE_BLOCK - 1);
    madvise((void *)start, rounded, MADV_HUGEPAGE);
    ((block_head *)start)[-1] = (block_head){map, length};
    return (void *)start;
}

void heckel_system_free(void *pointer) {
    block_head *head = (block_head *)pointer - 1;
    if (head->map) munmap(head->map, head->length);
    else free(head);
}
#else
void *heckel_system_alloc(size_t bytes) {
    return malloc(bytes);
}

void heckel_system_free(void *pointer) {
    free(pointer);
}
#endif

void *heckel_zalloc(const heckel_env *env, size_t count, size_t size) {
    void *p = heckel_alloc(env, count, size);
    if (p) memset(p, 0, count * size);
    return p;
}

void heckel_free(const heckel_env *env, void *pointer) {
    if (!pointer) return;
    if (env->workspace) heckel_workspace_give(env->workspace, pointer);
    else if (env->allocator) env->allocator->release(env->allocator->context, pointer);
    else heckel_system_free(pointer);
}

#ifdef HECKEL_CHECKS
void heckel_check_failed(const char *condition, const char *file, int line) {
    fprintf(stderr, "%s:%d: heckel invariant broken: %s\n", file, line, condition);
    abort();
}
#endif

#ifdef HECKEL_TEST_HOOKS
#include "test_hooks.h" /* the tests see every poll of a cancel flag */
#endif

bool heckel_cancelled(const heckel_env *env) {
#ifdef HECKEL_TEST_HOOKS
    if (env->cancel) heckel_test_poll(env->cancel);
#endif
    return env->cancel && __atomic_load_n(env->cancel, __ATOMIC_RELAXED) != 0;
}

void heckel_cancel(int *flag) {
    if (flag) __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

const char *heckel_status_description(heckel_status status) {
    switch (status) {
    case HECKEL_OK: return "ok";
    case HECKEL_INVALID_ARGUMENT: return "invalid argument";
    case HECKEL_TOO_LARGE: return "input too large";
    case HECKEL_OUT_OF_MEMORY: return "out of memory";
    case HECKEL_CANCELLED: return "cancelled";
    }
    return "unknown status";
}

void *heckel_scratch_get(const heckel_env *env, heckel_scratch *scratch, size_t bytes) {
    if (scratch->block && scratch->bytes >= bytes) return scratch->block;
    heckel_free(env, scratch->block);
    scratch->block = heckel_alloc(env, bytes, 1);
    scratch->bytes = scratch->block ? bytes : 0;
    return scratch->block;
}

void heckel_scratch_free(const heckel_env *env, heckel_scratch *scratch) {
    heckel_free(env, scratch->block);
    scratch->block = NULL;
    scratch->bytes = 0;
}

unsigned heckel_version_number(void) { return HECKEL_VERSION_NUMBER; }
