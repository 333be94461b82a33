#ifndef HECKEL_COUNT_BYTE_H
#define HECKEL_COUNT_BYTE_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// How many of the `length` bytes at `bytes` equal `byte` (a CSV record's separators): 16 bytes a
// step with SSE2, else one at a time. O(length).
size_t heckel_count_byte(const void *bytes, size_t length, unsigned char byte);

#ifdef __cplusplus
}
#endif

#endif
