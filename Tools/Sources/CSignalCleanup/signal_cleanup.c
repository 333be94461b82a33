#define _GNU_SOURCE
#include "signal_cleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// Invariant: a path buffer is read by the handler only while its `ready` flag is set; setters
// clear the flag, write the buffer, then set it again.
#define PATH_CAPACITY 4096

static char folder[PATH_CAPACITY];
static _Atomic int folder_ready;
static _Atomic int folder_partitions;
static char partial[PATH_CAPACITY];
static _Atomic int partial_ready;

static void set_path(char *buffer, _Atomic int *ready, const char *path) {
    atomic_store(ready, 0);
    if (path == NULL || strlen(path) >= PATH_CAPACITY - 32) return;
    strcpy(buffer, path);
    atomic_store(ready, 1);
}

void heckel_cleanup_set_folder(const char *root, int partitions) {
    atomic_store(&folder_partitions, partitions);
    set_path(folder, &folder_ready, root);
}

void heckel_cleanup_set_partial(const char *path) { set_path(partial, &partial_ready, path); }

// Appends the decimal `value` to `out` at `at`; returns the new end.
static size_t append_number(char *out, size_t at, int value) {
    char digits[16];
    int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    while (count > 0) out[at++] = digits[--count];
    return at;
}

static _Atomic int holding;
static _Atomic int held;

static void on_signal(int signal_number) {
    if (atomic_load(&holding)) {
        atomic_store(&held, signal_number);
        return;
    }
    if (atomic_load(&partial_ready)) unlink(partial);
    if (atomic_load(&folder_ready)) {
        char path[PATH_CAPACITY];
        size_t root = strlen(folder);
        memcpy(path, folder, root);
        int partitions = atomic_load(&folder_partitions);
        for (int side = 0; side < 2; side++) {
            for (int p = 0; p < partitions; p++) {
                size_t at = root;
                memcpy(path + at, side == 0 ? "/old-" : "/new-", 5);
                at = append_number(path, at + 5, p);
                path[at] = 0;
                unlink(path);
            }
        }
        rmdir(folder);
    }
    const char *name = signal_number == SIGINT ? "SIGINT" : signal_number == SIGTERM ? "SIGTERM" : "SIGHUP";
    char line[64] = "heckel: interrupted by ";
    size_t length = strlen(line);
    memcpy(line + length, name, strlen(name));
    length += strlen(name);
    line[length++] = '\n';
    ssize_t ignored = write(2, line, length);
    (void)ignored;
    _exit(2);
}

void heckel_cleanup_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    // One signal handled at a time: the handler never runs over itself.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

void heckel_cleanup_hold(int hold) {
    atomic_store(&holding, hold);
    if (hold) return;
    int signal_number = atomic_exchange(&held, 0);
    if (signal_number != 0) on_signal(signal_number);
}
