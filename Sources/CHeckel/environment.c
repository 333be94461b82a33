/* Allocation through the caller's allocator, and cancellation polling. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

heckel_env heckel_env_make(const heckel_options *options) {
    heckel_env env = {NULL, NULL};
    if (options) {
        if (options->allocator && options->allocator->allocate && options->allocator->release)
            env.allocator = options->allocator;
        env.cancel = options->cancel;
    }
    return env;
}

void *heckel_alloc(const heckel_env *env, size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    if (bytes == 0) bytes = 1;
    if (env->allocator) return env->allocator->allocate(env->allocator->context, bytes);
    return malloc(bytes);
}

void *heckel_zalloc(const heckel_env *env, size_t count, size_t size) {
    if (!env->allocator) return calloc(count ? count : 1, size ? size : 1); /* lazily zeroed pages */
    void *p = heckel_alloc(env, count, size);
    if (p) memset(p, 0, count * size);
    return p;
}

void heckel_free(const heckel_env *env, void *pointer) {
    if (!pointer) return;
    if (env->allocator) env->allocator->release(env->allocator->context, pointer);
    else free(pointer);
}

bool heckel_cancelled(const heckel_env *env) {
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
