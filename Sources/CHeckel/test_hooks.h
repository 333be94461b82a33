/* Hooks of the test builds of the core (HECKEL_TEST_HOOKS: CMake's
 * small-threshold and fuzz libraries, never a release one). The core calls
 * or reads them; the C tests (Tests/C) define them. */
#ifndef HECKEL_TEST_HOOKS_H
#define HECKEL_TEST_HOOKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Called at every poll of a cancel flag, so a test can raise it at any
 * chosen poll (Tests/C/test_support.c). */
void heckel_test_poll(const int *flag);

/* Called on every block of keys of records, spans and Swift strings, so a
 * test can weaken them and force the collisions XXH3 never gives
 * (Tests/C/test_support.c). */
void heckel_test_keys(uint64_t *keys, size_t count);

/* Called on every comparison of two Swift strings where a test defines it
 * (weak: Tests/C/test_hash_flooding.c counts them). */
void heckel_test_string_compared(void) __attribute__((weak));

/* True: heckel_run skips the direct path, so tests compare it with the
 * general one (run.c defines it). */
extern bool heckel_test_small_path_off;

/* The key the core gives a Swift string's bytes under a seed
 * (swift_strings.c), for the test that compares it with XXH3. */
uint64_t heckel_test_string_key(const void *bytes, size_t length, uint64_t seed);

#endif
