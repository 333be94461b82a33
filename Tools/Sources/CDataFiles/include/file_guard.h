#ifndef HECKEL_FILE_GUARD_H
#define HECKEL_FILE_GUARD_H
// Guarded read-only file mappings for the `heckel` command.
//
// A mapped file that shrinks while it is read raises SIGBUS on the first touch of a page past its
// new end. A guarded mapping instead gets zero-filled pages from the faulting page to its end, and
// its slot is marked as faulted: the reader sees zeros (never a crash), and asks
// `heckel_guard_faulted` before trusting what it read. SIGBUS outside every guarded mapping goes
// to the disposition that was in force before `heckel_guard_add` first ran.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Guards `length` bytes of a mapping at `start` (page-aligned). Returns its slot, or -1 when the
// table of 64 slots is full or the handler cannot be installed (the caller then reads the file
// instead of mapping it). Thread-safe. O(slots).
int heckel_guard_add(const void *start, size_t length);

// Whether a read of slot `slot`'s mapping met a page past the file's end. O(1).
int heckel_guard_faulted(int slot);

// Stops guarding slot `slot`; call it before unmapping. O(1).
void heckel_guard_remove(int slot);

// Test hook: SIGBUS faults handled in this process since it started. O(1).
unsigned long heckel_guard_fault_count(void);

#ifdef __cplusplus
}
#endif

#endif
