#include "count_byte.h"

size_t heckel_count_byte(const void *bytes, size_t length, unsigned char byte) {
    const unsigned char *p = bytes;
    size_t count = 0;
    for (size_t i = 0; i < length; i++) count += p[i] == byte;
    return count;
}
