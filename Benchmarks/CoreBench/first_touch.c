/*
 * heckel_first_touch: what this machine charges for the first write to fresh
 * memory, the cost a cold call (and every call at 10^8) pays for its scratch
 * and results. No heckel code: it maps SIZE MiB, writes one byte per 4 KiB,
 * unmaps, and again: at once (memory the kernel just freed), then after a
 * pause (a virtual machine with free page reporting, such as a virtio
 * balloon with VIRTIO_BALLOON_F_REPORTING, hands freed memory back to the
 * host about 2 s after it is freed, and the next touch of it faults on the
 * host too). Each with 4 KiB pages and with 2 MiB pages (MADV_HUGEPAGE, as
 * the core asks for blocks of 16 MiB or more).
 *
 * Usage: heckel_first_touch [SIZE_MIB [PAUSE_S]]   (default 1024 5)
 */
#define _GNU_SOURCE /* MADV_HUGEPAGE */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double system_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

/* Maps, touches and unmaps `bytes`; prints wall, CPU and system ms. */
static int touch(size_t bytes, int huge, const char *when) {
    char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
#ifdef MADV_HUGEPAGE
    if (huge) madvise(p, bytes, MADV_HUGEPAGE);
#endif
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    double system = system_seconds();
    for (size_t i = 0; i < bytes; i += 4096) p[i] = 1;
    printf("%-8s %-22s %9.1f ms wall %9.1f ms cpu %9.1f ms system\n", huge ? "2 MiB" : "4 KiB", when,
           (seconds(CLOCK_MONOTONIC) - wall) * 1e3, (seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu) * 1e3,
           (system_seconds() - system) * 1e3);
    munmap(p, bytes);
    return 0;
}

int main(int argc, char **argv) {
    long mib = argc > 1 ? atol(argv[1]) : 1024, pause = argc > 2 ? atol(argv[2]) : 5;
    if (mib <= 0 || pause < 0) {
        fprintf(stderr, "usage: heckel_first_touch [SIZE_MIB [PAUSE_S]]\n");
        return 2;
    }
    size_t bytes = (size_t)mib << 20;
    printf("%ld MiB, one write per 4 KiB\n", mib);
    for (int huge = 1; huge >= 0; huge--) {
        char after[64];
        snprintf(after, sizeof after, "after a %ld s pause", pause);
        if (touch(bytes, huge, "first") || touch(bytes, huge, "again at once") ||
            touch(bytes, huge, "again at once"))
            return 1;
        sleep((unsigned)pause);
        if (touch(bytes, huge, after) || touch(bytes, huge, "again at once")) return 1;
    }
    return 0;
}
