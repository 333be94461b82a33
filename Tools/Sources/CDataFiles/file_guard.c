#define _GNU_SOURCE
#include "file_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Invariants: a slot is live when `end` > `start`; `start` and `end` are written only under
// `table_lock` and read by the handler without it (it runs on the faulting thread, and the
// faulting mapping is live while its reader runs, so its slot is stable then).
#define GUARD_SLOTS 64

struct guard_slot {
    _Atomic uintptr_t start;
    _Atomic uintptr_t end;
    _Atomic int faulted;
};

static struct guard_slot slots[GUARD_SLOTS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous;
static int installed;
static _Atomic unsigned long faults;
static uintptr_t page_size;

static void on_sigbus(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int k = 0; k < GUARD_SLOTS; k++) {
        uintptr_t start = atomic_load(&slots[k].start), end = atomic_load(&slots[k].end);
        if (address < start || address >= end) continue;
        // Zero pages from the faulting page to the mapping's end: one fault, whatever is left.
        uintptr_t page = address & ~(page_size - 1);
        void *zeros = mmap((void *)page, end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED) break;
        atomic_store(&slots[k].faulted, 1);
        atomic_fetch_add(&faults, 1);
        return;
    }
    // Not a guarded page: what was in force before (the default ends the process on return,
    // when the instruction faults again).
    if (previous.sa_flags & SA_SIGINFO) {
        previous.sa_sigaction(signal_number, info, context);
    } else if (previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN) {
        signal(SIGBUS, SIG_DFL);
    } else {
        previous.sa_handler(signal_number);
    }
}

int heckel_guard_add(const void *start, size_t length) {
    int slot = -1;
    pthread_mutex_lock(&table_lock);
    if (!installed) {
        page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_sigbus;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        installed = sigaction(SIGBUS, &action, &previous) == 0;
    }
    if (installed) {
        uintptr_t begin = (uintptr_t)start;
        uintptr_t end = (begin + length + page_size - 1) & ~(page_size - 1);
        for (int k = 0; k < GUARD_SLOTS; k++) {
            if (atomic_load(&slots[k].end) != 0) continue;
            atomic_store(&slots[k].faulted, 0);
            atomic_store(&slots[k].start, begin);
            atomic_store(&slots[k].end, end);
            slot = k;
            break;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return slot;
}

int heckel_guard_faulted(int slot) {
    return slot >= 0 && slot < GUARD_SLOTS && atomic_load(&slots[slot].faulted);
}

void heckel_guard_remove(int slot) {
    if (slot < 0 || slot >= GUARD_SLOTS) return;
    pthread_mutex_lock(&table_lock);
    atomic_store(&slots[slot].end, 0);
    atomic_store(&slots[slot].start, 0);
    pthread_mutex_unlock(&table_lock);
}

unsigned long heckel_guard_fault_count(void) { return atomic_load(&faults); }
