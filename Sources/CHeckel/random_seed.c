/* A per-call random seed for the hash tables' key mix (see heckel_mix). It
 * only has to be unknown to whoever crafts the keys, not cryptographic; a
 * failing source falls back to the stack's address and a cycle counter. No
 * state kept: calls stay reentrant.
 *
 * On Linux the system's source is a system call (getrandom), which costs
 * more than diffing a few dozen elements does. Small inputs
 * therefore take the fallback seed (a few ns): unpredictable enough, and
 * crafted keys could cost them at most ~SEED_SYSTEM_MIN^2 / 2 probes, well
 * under a millisecond, whatever the seed. A caller holding a secret (a
 * random value drawn once per process, never revealed) spares the system
 * call at every size: heckel_secret_seed mixes it with the fallback's
 * per-call value, so the seed is new each call and unknown without the
 * secret. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* getrandom */
#endif
#include <stdlib.h>
#include <time.h>
#if defined(__linux__)
#include <sys/random.h>
#endif

#include "internal.h"

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#define HAVE_ARC4RANDOM 1
#endif

#define SEED_SYSTEM_MIN 1024 /* elements; fewer take the fallback seed */

#ifndef HAVE_ARC4RANDOM
/* A fast-ticking counter: the CPU's where one is readable from user space
 * (a few ns), else the clock's nanoseconds. */
static uint64_t ticks(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t t;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(t));
    return t;
#else
    struct timespec now;
    if (timespec_get(&now, TIME_UTC) != TIME_UTC) return 0;
    return ((uint64_t)now.tv_sec << 32) ^ (uint64_t)now.tv_nsec;
#endif
}

/* The stack's address (randomized by the loader) and the ticks, spread over
 * all 64 bits. */
static uint64_t fallback_seed(void) {
    int local = 0;
    return heckel_mix((uint64_t)(uintptr_t)&local ^ ticks(), 0x9E3779B97F4A7C15ull);
}
#endif

uint64_t heckel_random_seed(size_t elements) {
#ifdef HAVE_ARC4RANDOM
    (void)elements; /* arc4random runs in user space: cheap at any size */
    uint64_t seed;
    arc4random_buf(&seed, sizeof seed);
    return seed;
#elif defined(__linux__)
    uint64_t seed;
    /* GRND_NONBLOCK: never wait for the entropy pool at early boot. */
    if (elements >= SEED_SYSTEM_MIN &&
        getrandom(&seed, sizeof seed, GRND_NONBLOCK) == (ssize_t)sizeof seed)
        return seed;
    return fallback_seed();
#else
    (void)elements;
    return fallback_seed();
#endif
}

uint64_t heckel_secret_seed(uint64_t secret, size_t elements) {
#ifdef HAVE_ARC4RANDOM
    (void)secret; /* arc4random runs in user space: no need of the secret */
    return heckel_random_seed(elements);
#else
    /* heckel_mix is bijective in its key for a given seed, so every call's
     * value gives a distinct seed, none computable without secret. */
    return secret ? heckel_mix(fallback_seed(), secret) : heckel_random_seed(elements);
#endif
}
