import CHeckel

/// The counts at the head of a `DiffStorage`.
@usableFromInline
struct DiffHeader {
    @usableFromInline var oldCount: Int
    @usableFromInline var newCount: Int
    @usableFromInline var matchCount: Int
    @usableFromInline var moveCount: Int
    /// The leading pairs (k, k) the core trimmed: not stored.
    @usableFromInline var prefix: Int
    /// The trailing pairs the core trimmed (old o - s + k with new n - s +
    /// k): not stored.
    @usableFromInline var suffix: Int
    /// Where old offset `prefix`'s entry is.
    @usableFromInline var oldStart: Int
    /// Where new offset `prefix`'s entry is.
    @usableFromInline var newStart: Int
    /// Where the moves start.
    @usableFromInline var movesStart: Int

    /// The header of a storage laid out for the core's output: old_to_new at
    /// 0, new_to_old at o, the moves at o + n.
    @inlinable
    init(oldCount: Int, newCount: Int) {
        (self.oldCount, self.newCount, matchCount, moveCount, prefix, suffix) = (oldCount, newCount, 0, 0, 0, 0)
        (oldStart, newStart, movesStart) = (0, oldCount, oldCount &+ newCount)
    }

    /// The old offsets stored: those between the prefix and the suffix.
    @inlinable
    var oldWindowCount: Int { oldCount &- prefix &- suffix }

    /// The new offsets stored.
    @inlinable
    var newWindowCount: Int { newCount &- prefix &- suffix }
}

/// One diff's offsets in one heap block: the C core writes into it directly
/// and `ListDiff` and its collections read from it, so a diff costs one
/// allocation (`ManagedBuffer` keeps the header and the elements together).
///
/// Only the window of the mapping is stored: the core trims a common prefix
/// of p pairs and a suffix of s pairs (heckel.h's window output), whose
/// entries `Mapping` answers arithmetically (old i below p maps to i, old i
/// from o - s on to i + n - o), so equal and nearly equal lists cost a few
/// entries, not 8 bytes per element (nor, in a fresh process, the page
/// faults of writing them).
///
/// Layout of a diff's storage, `UInt32` entries, o = old count, n = new
/// count, m = match count, v = move count, p and s the prefix and suffix,
/// wo = o - p - s and wn = n - p - s, the starts in the header:
///
///     [oldStart, + wo)     old_to_new of old offsets p ..< o - s
///     [newStart, + wn)     new_to_old of new offsets p ..< n - s
///     [movesStart, + 2v)   the moves as (from, to) pairs, ascending by to
///     then o - m           the deletions (old offsets), ascending
///     then n - m           the insertions (new offsets), ascending
///     then 2u              an identified diff's u updates as (old, new)
///                          pairs, when they fit the room left (`UpdatePairs`)
///
/// The core writes the window in place: old_to_new at p ..< o - s,
/// new_to_old at o + (p ..< n - s), its v move targets at o + n (room
/// min(o, n)); the entries of the trimmed pairs are never written.
/// `finished(matchCount:moveCount:room:prefix:suffix:)` then needs 2v +
/// (o - m) + (n - m) entries after o + n, plus 7 that `listUnmatched` may
/// write past the end. A diff's storage is made with room for min(o, n) + 7
/// (`forDiff`), which holds that whenever at least about half the elements
/// are matched and stay in order (a list UI's usual diff): one allocation,
/// 12 bytes per element for lists of one length, nothing moved. Otherwise,
/// or when the window leaves most of a big storage unused, `finished` moves
/// the core's output to a storage of the exact size, the windows and the
/// moves packed from 0 (one copy of the window). Reserving o + n up front would
/// always fit, but one block of 16 bytes per element crosses glibc's mmap
/// threshold at 10^4 elements and makes the heap grow and shrink (brk) on
/// every call. `finished` turns the core's output into this
/// layout; after it the storage is never written again, which is what makes
/// the types holding it (`Mapping`, `StoredRun`) `Sendable` and the
/// collections over it values. (`ManagedBuffer` is not `Sendable`, so this
/// class cannot say so itself.)
///
/// Storages made from literals and updates hold only a run of entries (see
/// `StoredRun`); their header is zero.
@usableFromInline
final class DiffStorage: ManagedBuffer<DiffHeader, UInt32> {
    /// A storage of `capacity` uninitialized entries with the given header.
    @inlinable
    static func make(capacity: Int, header: DiffHeader) -> DiffStorage {
        // `create` is specialized here for this final class: no generic
        // metadata lookup per call, one `swift_allocObject`.
        unsafeDowncast(create(minimumCapacity: capacity) { _ in header }, to: DiffStorage.self)
    }

    /// A diff's storage for lists of `oldCount` and `newCount` elements,
    /// entries uninitialized, match and move counts zero, with `room`
    /// entries after the mapping (at least min(o, n), the core's room for
    /// its moves) and 7 more.
    @usableFromInline
    static func forDiff(oldCount: Int, newCount: Int, room: Int) -> DiffStorage {
        make(capacity: oldCount + newCount + room + 7, header: DiffHeader(oldCount: oldCount, newCount: newCount))
    }

    /// The entries.
    @inlinable
    var entries: UnsafeMutablePointer<UInt32> { withUnsafeMutablePointerToElements { $0 } }

    /// The counts.
    @inlinable
    var counts: DiffHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Where the moves start.
    @inlinable
    var movesStart: Int { counts.movesStart }

    /// Where the deletions start: after the 2v entries of the moves.
    @inlinable
    var deletionsStart: Int { movesStart + 2 * counts.moveCount }

    /// Where the insertions start: after the o - m deletions.
    @inlinable
    var insertionsStart: Int {
        let counts = counts
        return deletionsStart + counts.oldCount - counts.matchCount
    }

    /// The core's output in the documented layout, given its match and move
    /// counts, the `room` this storage was made with and the prefix and
    /// suffix it trimmed: the move targets made (from, to) pairs, and the
    /// deletions and insertions listed. In this storage when they fit its
    /// room and the window fills a fair part of it, else in a new one of the
    /// exact size. Called once, before the storage is shared.
    ///
    /// - Complexity: O(v + the window's offsets up to the last unmatched
    ///   one), plus O(wo + wn) when the storage is replaced.
    @usableFromInline
    func finished(matchCount: Int, moveCount: Int, room: Int, prefix: Int, suffix: Int) -> DiffStorage {
        var header = counts
        (header.matchCount, header.moveCount, header.prefix, header.suffix) = (matchCount, moveCount, prefix, suffix)
        let oldCount = header.oldCount, newCount = header.newCount
        let listed = 2 &* moveCount &+ oldCount &+ newCount &- 2 &* matchCount
        let capacity = oldCount &+ newCount &+ room
        // A big storage mostly left unused by a small window (equal or nearly
        // equal lists) is given back: 1/4 keeps the copy rare, 4,096 entries
        // (16 KiB) keep small diffs to one allocation.
        let windows = oldCount &+ newCount &- 2 &* (prefix &+ suffix)
        if listed <= room && (capacity <= 4096 || windows &+ listed >= capacity / 4) {
            (header.oldStart, header.newStart) = (prefix, oldCount &+ prefix)
            withUnsafeMutablePointerToHeader { $0.pointee = header }
            listChanges(header)
            return self
        }
        let oldWindow = header.oldWindowCount, newWindow = header.newWindowCount
        (header.oldStart, header.newStart, header.movesStart) = (0, oldWindow, oldWindow + newWindow)
        let copy = DiffStorage.make(capacity: windows + listed + 7, header: header)
        let from = entries, to = copy.entries
        to.initialize(from: from + prefix, count: oldWindow)
        (to + oldWindow).initialize(from: from + oldCount + prefix, count: newWindow)
        (to + oldWindow + newWindow).initialize(from: from + oldCount + newCount, count: moveCount)
        copy.listChanges(header)
        return copy
    }

    /// `finished` in place for a storage whose header has its starts set.
    func finish(matchCount: Int, moveCount: Int) {
        withUnsafeMutablePointerToHeader {
            $0.pointee.matchCount = matchCount
            $0.pointee.moveCount = moveCount
        }
        listChanges(counts)
    }

    /// The moves made pairs and the deletions and insertions listed, given
    /// the header (the finished one): room for them (and 7 more) is there.
    private func listChanges(_ counts: DiffHeader) {
        let entries = entries, prefix = counts.prefix, moveCount = counts.moveCount
        let newToOld = entries + counts.newStart
        let moves = entries + counts.movesStart
        // In place, backwards: pair k lands at 2k and 2k + 1, and when target
        // k is read only pairs above k have been written (at 2k + 2 and up).
        // Every move lies in the window.
        var k = moveCount
        while k > 0 {
            k &-= 1
            let to = moves[k]
            moves[2 &* k] = newToOld[Int(to) &- prefix]
            moves[2 &* k &+ 1] = to
        }
        let deletionCount = counts.oldCount &- counts.matchCount, insertionCount = counts.newCount &- counts.matchCount
        let deletions = counts.movesStart &+ 2 &* moveCount
        Self.listUnmatched(in: UnsafeBufferPointer(start: entries + counts.oldStart, count: counts.oldWindowCount),
                           from: prefix, count: deletionCount, to: entries + deletions)
        Self.listUnmatched(in: UnsafeBufferPointer(start: newToOld, count: counts.newWindowCount),
                           from: prefix, count: insertionCount, to: entries + (deletions &+ deletionCount))
    }

    /// Writes to `output` the `count` offsets `first + k` with `mapping[k] ==
    /// HECKEL_UNMATCHED`, ascending. Stops at the last one: unmatched entries
    /// often come in one block (a block deleted or inserted), so the rest
    /// need not be read.
    ///
    /// Eight entries at a time: a vector compare gives a byte per entry,
    /// one for an unmatched entry, and only those cost a step; eight
    /// unmatched entries in a row are written by one vector store.
    ///
    /// - Precondition: `mapping` holds exactly `count` unmatched entries up
    ///   to where the scan stops (the core's match count agrees with its
    ///   arrays). `output` has room for `count + 7`: the last block may write
    ///   up to 7 entries past `count` before the check that traps.
    /// - Complexity: O(offset of the last unmatched entry).
    static func listUnmatched(in mapping: UnsafeBufferPointer<UInt32>, from first: Int = 0, count: Int,
                              to output: UnsafeMutablePointer<UInt32>) {
        guard count > 0, let entries = mapping.baseAddress else { return }
        let total = mapping.count, base = UInt32(truncatingIfNeeded: first)
        var written = 0, k = 0
        while k &+ 8 <= total && written < count {
            var flags = unmatchedFlags(UnsafeRawPointer(entries + k))
            if flags == 0x0101_0101_0101_0101 {
                // All 8 unmatched (a deleted or inserted block): one store.
                let offsets = SIMD8(repeating: base &+ UInt32(truncatingIfNeeded: k)) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
                UnsafeMutableRawPointer(output + written).storeBytes(of: offsets, as: SIMD8<UInt32>.self)
                written &+= 8
                flags = 0
            }
            while flags != 0 {
                output[written] = base &+ UInt32(truncatingIfNeeded: k &+ flags.trailingZeroBitCount &>> 3)
                written &+= 1
                flags &= flags &- 1
            }
            k &+= 8
        }
        precondition(written <= count, "Heckel core: inconsistent match count")
        while k < total && written < count {
            if entries[k] == HECKEL_UNMATCHED {
                output[written] = base &+ UInt32(truncatingIfNeeded: k)
                written &+= 1
            }
            k &+= 1
        }
        precondition(written == count, "Heckel core: inconsistent match count")
    }

    /// Byte i is 1 when entry i of the 8 at `entries` is `HECKEL_UNMATCHED`,
    /// else 0.
    @inline(__always)
    static func unmatchedFlags(_ entries: UnsafeRawPointer) -> UInt64 {
        // Two 4-lane compares: `.==` on 8 lanes is lowered lane by lane.
        let unmatched = SIMD4<UInt32>(repeating: HECKEL_UNMATCHED), zero = SIMD4<UInt32>(repeating: 0)
        let low = entries.loadUnaligned(as: SIMD4<UInt32>.self)
        let high = entries.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
        let flags = SIMD8(lowHalf: zero.replacing(with: 1, where: low .== unmatched),
                          highHalf: zero.replacing(with: 1, where: high .== unmatched))
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: flags), to: UInt64.self)
    }
}
