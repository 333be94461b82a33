/* Threads for one call: each parallel step starts its threads and joins them
 * before it returns, so no thread outlives a pass and nothing is global. A
 * thread the system refuses to start is not an error: the calling thread runs
 * that part itself, so the work, and the result, are the same. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* sysconf's _SC_NPROCESSORS_ONLN */
#endif
#include "internal.h"

#if !defined(_WIN32)
#include <pthread.h>
#include <unistd.h>
#define HAVE_PTHREADS 1
#endif


static unsigned online_cores(void) {
#if defined(HAVE_PTHREADS) && defined(_SC_NPROCESSORS_ONLN)
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (unsigned)cores : 1;
#else
    return 1;
#endif
}

unsigned heckel_thread_count(const heckel_env *env, size_t elements) {
    size_t useful = elements / HECKEL_THREAD_GRAIN;
    if (env->threads == 1 || useful < 2) return 1; /* sysconf reads a file: not for small lists */
    size_t wanted = env->threads ? env->threads : online_cores();
    if (wanted > useful) wanted = useful;
    if (wanted > HECKEL_MAX_THREADS) wanted = HECKEL_MAX_THREADS;
    return wanted > 1 ? (unsigned)wanted : 1;
}

typedef struct part_call {
    heckel_task task;
    void *context;
    unsigned part, parts;
    bool ok;
} part_call;

#ifdef HAVE_PTHREADS
static void *run_part(void *argument) {
    part_call *call = argument;
    call->ok = call->task(call->context, call->part, call->parts);
    return NULL;
}
#endif

bool heckel_parallel(unsigned parts, heckel_task task, void *context) {
    if (parts <= 1) return task(context, 0, 1);
    part_call calls[HECKEL_MAX_THREADS];
#ifdef HAVE_PTHREADS
    pthread_t threads[HECKEL_MAX_THREADS];
    bool started[HECKEL_MAX_THREADS] = {false};
#endif
    for (unsigned k = 0; k < parts; k++)
        calls[k] = (part_call){.task = task, .context = context, .part = k, .parts = parts, .ok = true};
#ifdef HAVE_PTHREADS
    for (unsigned k = 1; k < parts; k++)
        started[k] = pthread_create(&threads[k], NULL, run_part, &calls[k]) == 0;
#endif
    bool ok = task(context, 0, parts);
    for (unsigned k = 1; k < parts; k++) {
#ifdef HAVE_PTHREADS
        if (started[k]) {
            pthread_join(threads[k], NULL);
            ok = ok && calls[k].ok;
            continue;
        }
#endif
        if (ok) ok = task(context, k, parts); /* once one part failed, the call has */
    }
    return ok;
}
