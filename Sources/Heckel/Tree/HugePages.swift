#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Asks the kernel to back the 2 MiB blocks inside a fresh buffer with huge
/// pages (Linux's `madvise(MADV_HUGEPAGE)`; elsewhere nothing), as the C
/// core does for its own big scratch (`heckel_system_alloc`). The first
/// write to each fresh 4 KiB page of a big array is a page fault, and for
/// arrays written once in one pass (the gathering's nodes, identities and
/// links) those faults cost as much as the writes; one fault per 2 MiB
/// leaves the clearing of the memory.
///
/// Only whole 2 MiB blocks inside the buffer are named (the buffer is the
/// caller's own, so the hint touches no other memory); a block is taken
/// whole on its first write, so a buffer filled only in part holds at most
/// one block more than its 4 KiB pages would.
@usableFromInline
enum HugePages {
    /// The huge page size of x86-64 and arm64.
    @usableFromInline static let blockBytes = 2 << 20

    /// Smaller buffers are left alone: they hold at most one whole block.
    @usableFromInline static let minimumBytes = 4 << 20

    /// Gives the hint for the whole 2 MiB blocks of `bytes` bytes from
    /// `start`, when there are at least `minimumBytes`.
    ///
    /// - Complexity: O(1): one system call at most.
    @usableFromInline
    static func advise(_ start: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
        guard bytes >= minimumBytes else { return }
        let address = UInt(bitPattern: start), mask = UInt(blockBytes - 1)
        let first = (address + mask) & ~mask, end = (address + UInt(bytes)) & ~mask
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // A refusal (no huge pages in this kernel) leaves 4 KiB pages: the
        // hint changes speed only.
        _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}
