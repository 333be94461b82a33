#ifndef HECKEL_COUNT_BYTE_H
#define HECKEL_COUNT_BYTE_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// How many of the `length` bytes at `bytes` equal `byte` (a CSV record's separators). The loop is
// one the compiler vectorizes. O(length).
size_t heckel_count_byte(const void *bytes, size_t length, unsigned char byte);

#ifdef __cplusplus
}
#endif

#endif
