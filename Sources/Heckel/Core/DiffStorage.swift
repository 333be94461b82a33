import CHeckel

/// The counts at the head of a `DiffStorage`.
@usableFromInline
struct DiffHeader {
    @usableFromInline var oldCount: Int
    @usableFromInline var newCount: Int
    @usableFromInline var matchCount: Int
    @usableFromInline var moveCount: Int

    @inlinable
    init(oldCount: Int, newCount: Int, matchCount: Int, moveCount: Int) {
        (self.oldCount, self.newCount, self.matchCount, self.moveCount) = (oldCount, newCount, matchCount, moveCount)
    }
}

/// One diff's offsets in one heap block: the C core writes into it directly
/// and `ListDiff` and its collections read from it, so a diff costs one
/// allocation (`ManagedBuffer` keeps the header and the elements together).
///
/// Layout of a diff's storage, `UInt32` entries, o = old count, n = new
/// count, m = match count, v = move count:
///
///     [0, o)            old_to_new
///     [o, o + n)        new_to_old
///     [o + n, + 2v)     the moves as (from, to) pairs, ascending by to
///     then o - m        the deletions (old offsets), ascending
///     then n - m        the insertions (new offsets), ascending
///     then 2u           an identified diff's u updates as (old, new) pairs,
///                       when they fit the room left (`UpdatePairs`)
///
/// The core writes its v move targets right after new_to_old (room
/// min(o, n)); `finished(matchCount:moveCount:room:)` then needs 2v +
/// (o - m) + (n - m) entries there, plus 7 that `listUnmatched` may write
/// past the end. A diff's storage is made with room for min(o, n) + 7
/// (`forDiff`), which holds that whenever at least about half the elements
/// are matched and stay in order (a list UI's usual diff): one allocation,
/// 12 bytes per element for lists of one length. Otherwise `finished` moves the core's output to a storage of
/// the exact size (one copy of the mapping). Reserving o + n up front would
/// always fit, but one block of 16 bytes per element crosses glibc's mmap
/// threshold at 10^4 elements and made the heap grow and shrink (brk) on
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
        make(capacity: oldCount + newCount + room + 7,
             header: DiffHeader(oldCount: oldCount, newCount: newCount, matchCount: 0, moveCount: 0))
    }

    /// The entries.
    @inlinable
    var entries: UnsafeMutablePointer<UInt32> { withUnsafeMutablePointerToElements { $0 } }

    /// The counts.
    @inlinable
    var counts: DiffHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Where the moves start: right after new_to_old.
    @inlinable
    var movesStart: Int {
        let counts = counts
        return counts.oldCount + counts.newCount
    }

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
    /// counts and the `room` this storage was made with: the move targets
    /// become (from, to) pairs, and the deletions and insertions are listed.
    /// In this storage when they fit its room, else in a new one of the
    /// exact size. Called once, before the storage is shared.
    ///
    /// - Complexity: O(v + the offsets up to the last unmatched one), plus
    ///   O(o + n) when the storage is replaced.
    @usableFromInline
    func finished(matchCount: Int, moveCount: Int, room: Int) -> DiffStorage {
        let counts = counts
        let needed = 2 * moveCount + counts.oldCount + counts.newCount - 2 * matchCount
        if needed <= room {
            finish(matchCount: matchCount, moveCount: moveCount)
            return self
        }
        let copy = DiffStorage.forDiff(oldCount: counts.oldCount, newCount: counts.newCount, room: needed)
        copy.entries.initialize(from: entries, count: counts.oldCount + counts.newCount + moveCount)
        copy.finish(matchCount: matchCount, moveCount: moveCount)
        return copy
    }

    /// `finished` in place: room for the moves as pairs, the deletions and
    /// the insertions (and 7 more) is there.
    func finish(matchCount: Int, moveCount: Int) {
        withUnsafeMutablePointerToHeader {
            $0.pointee.matchCount = matchCount
            $0.pointee.moveCount = moveCount
        }
        let counts = counts, entries = entries
        let newToOld = entries + counts.oldCount
        let moves = entries + movesStart
        // In place, backwards: pair k lands at 2k and 2k + 1, and when target
        // k is read only pairs above k have been written (at 2k + 2 and up).
        var k = moveCount
        while k > 0 {
            k &-= 1
            let to = moves[k]
            moves[2 &* k] = newToOld[Int(to)]
            moves[2 &* k &+ 1] = to
        }
        let deletionCount = counts.oldCount - matchCount, insertionCount = counts.newCount - matchCount
        Self.listUnmatched(in: UnsafeBufferPointer(start: entries, count: counts.oldCount),
                           count: deletionCount, to: entries + deletionsStart)
        Self.listUnmatched(in: UnsafeBufferPointer(start: newToOld, count: counts.newCount),
                           count: insertionCount, to: entries + insertionsStart)
    }

    /// Writes to `output` the `count` offsets `k` with `mapping[k] ==
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
    static func listUnmatched(in mapping: UnsafeBufferPointer<UInt32>, count: Int, to output: UnsafeMutablePointer<UInt32>) {
        guard count > 0, let entries = mapping.baseAddress else { return }
        let total = mapping.count
        var written = 0, k = 0
        while k &+ 8 <= total && written < count {
            var flags = unmatchedFlags(UnsafeRawPointer(entries + k))
            if flags == 0x0101_0101_0101_0101 {
                // All 8 unmatched (a deleted or inserted block): one store.
                let offsets = SIMD8(repeating: UInt32(truncatingIfNeeded: k)) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
                UnsafeMutableRawPointer(output + written).storeBytes(of: offsets, as: SIMD8<UInt32>.self)
                written &+= 8
                flags = 0
            }
            while flags != 0 {
                output[written] = UInt32(truncatingIfNeeded: k &+ flags.trailingZeroBitCount &>> 3)
                written &+= 1
                flags &= flags &- 1
            }
            k &+= 8
        }
        precondition(written <= count, "Heckel core: inconsistent match count")
        while k < total && written < count {
            if entries[k] == HECKEL_UNMATCHED {
                output[written] = UInt32(truncatingIfNeeded: k)
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
