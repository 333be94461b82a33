#ifndef HECKEL_SWIFT_STRINGS_H
#define HECKEL_SWIFT_STRINGS_H

#include "heckel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Swift strings read where they lie, for the Swift package (Sources/Heckel).
 * Not installed with heckel.h: it reads the Swift standard library's private
 * string layout, which only the Swift package may rely on (it checks the
 * layout on sample strings first).
 *
 * A list of Swift `String` (or `Substring`) values as they lie in memory:
 * count values, the first at values, each stride bytes after the one before
 * (a [String], or the String field of each record of an array). For
 * substrings (substring true), base, start and end are the byte offsets in
 * each value of its base String (16 bytes) and of the raw bits of its start
 * and end indices. Only the 64-bit little-endian layout of the Swift
 * standard library (x86_64 and arm64, not Android) is read, and of it only
 * ASCII strings stored small (in the value) or natively (tail-allocated,
 * literals included); the Swift package checks the layout on sample strings
 * before it calls these. */
typedef struct heckel_swift_strings {
    const void *values; /* may be NULL only when count is 0 */
    size_t count;
    size_t stride;
    bool substring;
    size_t base, start, end;
} heckel_swift_strings;

/* Whether every value is one heckel_match_swift_strings reads (see above):
 * false for any other form (non-ASCII, bridged, shared), a stride or field
 * offsets that do not fit the value, or another platform. Cost: O(count),
 * two loads per value. */
bool heckel_swift_strings_readable(const heckel_swift_strings *strings);

/* Matches two lists of Swift strings by their bytes (ASCII, so bytes equal
 * exactly when the strings are ==), read where they lie: no copy, no
 * callback. Keys are XXH3 of the bytes under a seed drawn per call, so
 * strings cannot be crafted to share keys in bulk (hash flooding).
 * HECKEL_INVALID_ARGUMENT, outputs untouched, when a list is not
 * heckel_swift_strings_readable (found while keying). The values must stay
 * alive and unchanged during the call. Cost: O(total bytes) expected; up
 * to 2^19 strings in all, the old strings' keys (8 bytes each) in the
 * direct path's stack frame or its own block, and a new string hashed only
 * where the new list leaves the old one's order; past that, every key in a
 * block of its own; plus the core's own scratch. */
heckel_status heckel_match_swift_strings(const heckel_swift_strings *old_strings,
                                         const heckel_swift_strings *new_strings,
                                         const heckel_options *options, heckel_result *result);

/* As heckel_match_swift_strings, with no system call for the keys' seed:
 * it is secret mixed with the call's cycle counter and stack address, so it
 * differs between calls and is as unknown to whoever writes the strings as
 * secret is. secret: a value that never leaves the caller, e.g. drawn once
 * per process from the system's random source (the Swift package does so);
 * 0: the seed is drawn as heckel_match_swift_strings draws it (the system's
 * random source from 1,024 strings, a system call on Linux). Where
 * arc4random serves (Apple platforms, the BSDs) secret is not used: that
 * draw costs no system call. Lists the direct path does not finish (over
 * 65,534 strings in all, or heavy edits) still draw the hash table's own
 * seed from the system. Results never depend on either seed. */
heckel_status heckel_match_swift_strings_with_secret(const heckel_swift_strings *old_strings,
                                                     const heckel_swift_strings *new_strings, uint64_t secret,
                                                     const heckel_options *options, heckel_result *result);

/* As heckel_match_records_at_stride, with the keys' seed drawn as
 * heckel_match_swift_strings_with_secret draws it from secret (no system
 * call where secret is not 0): for the Swift package's strings matched as
 * 16-byte records (small strings where they lie, short ones' records) and
 * its other records, whose process secret it already holds. Results never
 * depend on the seed. */
heckel_status heckel_match_records_with_secret(const void *old_records, size_t old_count, const void *new_records,
                                               size_t new_count, size_t element_size, size_t stride, uint64_t secret,
                                               const heckel_options *options, heckel_result *result);

#ifdef __cplusplus
}
#endif

#endif /* HECKEL_SWIFT_STRINGS_H */
