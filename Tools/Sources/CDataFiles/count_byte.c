#include "count_byte.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t heckel_count_byte(const void *bytes, size_t length, unsigned char byte) {
    const unsigned char *p = bytes;
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    // 16 bytes a step: compare, gather the equal lanes' bits, count them.
    const __m128i needle = _mm_set1_epi8((char)byte);
    for (; i + 16 <= length; i += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(p + i));
        count += (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, needle)));
    }
#endif
    for (; i < length; i++) count += p[i] == byte;
    return count;
}
