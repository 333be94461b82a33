/* The core's tunable thresholds, in one place. Each can be set at build time
 * (-D): the test and fuzz builds lower them so that small inputs reach every
 * path (CMakeLists.txt, HECKEL_SMALL_DEFINITIONS); release builds use these
 * defaults. The reason for each value is beside it; the benchmark command that
 * shows it is named where the value was measured. */
#ifndef HECKEL_TUNABLES_H
#define HECKEL_TUNABLES_H

#include <stddef.h>

/* How many elements pass between two polls of the cancel flag. */
#define HECKEL_POLL_MASK ((size_t)4095)

/* The most threads one call starts. */
#define HECKEL_MAX_THREADS 64

/* Fewest elements per thread: below it a thread's start and join (tens of
 * microseconds) cost more than its share of the passes saves. */
#ifndef HECKEL_THREAD_GRAIN
#define HECKEL_THREAD_GRAIN ((size_t)1 << 17)
#endif

/* Slices per thread of the partitioned path's passes over the lists
 * (histogram, scatter, gather), taken by the threads one at a time: a
 * thread that starts late, or shares its core with another process, leaves
 * its slices to the others instead of holding up the pass. More slices
 * balance finer; each costs a row of counts per partition and a pass over
 * it (`heckel-bench --scenario random --size 1e6 --element int --threads 1
 * --threads 2`, run beside other builds, shows the balance). */
#ifndef HECKEL_SLICES_PER_THREAD
#define HECKEL_SLICES_PER_THREAD 4
#endif

/* Most old elements per partition on average (1/2 to 1 times this): their
 * 12-byte entries, 4-byte chains and 16 bytes of slots each about fill a
 * 1 MiB L2 (`heckel_core_bench` at 10^6 and 10^7 shows the best value). */
#ifndef HECKEL_PARTITION_TARGET
#define HECKEL_PARTITION_TARGET 32768
#endif

/* At most 2^HECKEL_MAX_PARTITION_BITS partitions: beyond that many times
 * HECKEL_PARTITION_TARGET old elements, partitions grow instead. More
 * partitions make the scatter's and the gather's streams overrun the TLB and
 * cost the gather more than smaller tables save the matching
 * (`heckel_core_phases -p` at 10^8 shows both phases). */
#ifndef HECKEL_MAX_PARTITION_BITS
#define HECKEL_MAX_PARTITION_BITS 11
#endif

/* Distance, in entries, of the prefetch ahead of each partition's read
 * cursor in the gather: hundreds of interleaved streams defeat the hardware
 * prefetcher (`heckel_core_phases -p` shows the gather's share). */
#ifndef HECKEL_GATHER_PREFETCH
#define HECKEL_GATHER_PREFETCH 64
#endif

/* Fewest elements of a common suffix worth trimming. A trimmed suffix keeps
 * duplicates in order only if none of its elements also occurs unmatched in
 * the middle; checking costs a pass over the middle, so shorter suffixes are
 * matched with the middle instead. */
#ifndef HECKEL_SUFFIX_TRIM_MIN
#define HECKEL_SUFFIX_TRIM_MIN 4096
#endif

/* The most middle elements (old and new together, after trimming the common
 * prefix) the direct path (heckel_run_small) takes: about where the general
 * path would still match one partition on one thread, and below 2^16 - 1, so
 * that its table holds old offsets + 1 in 16 bits with 0xFFFF to spare. Up to
 * HECKEL_STACK_MAX of them, its arrays are on the stack. */
#ifndef HECKEL_SMALL_MAX
#define HECKEL_SMALL_MAX ((size_t)65534)
#endif
#define HECKEL_STACK_MAX 512

/* The most middle elements the direct path takes on its wide table (32-bit
 * slots and chains) above HECKEL_SMALL_MAX: where one unpartitioned table on
 * one thread, its probes reaching into L3, still beats the radix
 * partitioning's passes over memory, even on two threads
 * (`heckel_core_bench -n -e keys -t 1 -t 2 1e5 2e5 4e5 6e5` shows both).
 * At most 2^32 - 4, so that old offsets + 1 stay below the wide table's LONE. */
#ifndef HECKEL_DIRECT_MAX
#define HECKEL_DIRECT_MAX ((size_t)1 << 19)
#endif

/* Slots per old element of the wide table (a power of two): a quarter full
 * at most, as on the narrow table, so that probes rarely take a second step. */
#ifndef HECKEL_DIRECT_SPARSE
#define HECKEL_DIRECT_SPARSE 4
#endif

#endif
