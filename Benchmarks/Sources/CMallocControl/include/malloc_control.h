// glibc's malloc_trim, which Swift's Glibc module does not export.
#ifndef HECKEL_BENCH_MALLOC_CONTROL_H
#define HECKEL_BENCH_MALLOC_CONTROL_H
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#endif
