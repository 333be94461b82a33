extension ListDiff {
    /// An identified diff: `mapping` and the update pairs written for it
    /// (`UpdatePairs`).
    @inlinable
    init(mapping: Mapping, updates: Pairs) {
        self.mapping = mapping
        self.updates = updates
    }

    /// The matched pairs whose elements are not `==`, ascending by new offset,
    /// polling `cancel` every `CancelFlag.pollInterval` elements.
    ///
    /// One pass over the new offsets, with `==` specialized for the caller's
    /// element type, writing each update straight into the diff's storage
    /// (`UpdatePairs`): no array of updates, no copy. The new offsets are
    /// taken in the mapping's three runs, each its own loop: the trimmed
    /// prefix (old offset = new offset) and suffix (new offset + shift),
    /// both matched throughout, and the window read from the storage's
    /// entries; no per-element test of which run an offset is in
    /// (`MappingSide`'s subscript). Each run scans to its next unequal pair
    /// in a loop holding no update state (updates are rare), then writes it;
    /// `./Scripts/bench.sh --scenario random --size 1e3 --element identified-int`
    /// times the identified diff this pass ends.
    @inlinable
    static func updates<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, mapping: Mapping, cancel: CancelFlag?
    ) throws(CoreFailure) -> Pairs where Old.Element == New.Element, Old.Element: Equatable {
        if mapping.matchCount == 0 { return Pairs(StoredRun(mapping.storage, start: 0, count: 0)) }
        // Both lists read in place (borrowed: no element copied to compare).
        return try old.withContiguousElements { (old) throws(CoreFailure) in
            try new.withContiguousElements { (new) throws(CoreFailure) in
                let side = mapping.newToOld
                var pairs = UpdatePairs(after: mapping)
                let count = min(new.count, side.count)
                let prefixEnd = min(side.prefix, count)
                let windowEnd = min(side.prefix &+ side.windowCount, count)
                let shift = side.shift
                return try withExtendedLifetime(side.storage) { () throws(CoreFailure) in
                    // The window's entries; new offset k's is window[k - prefix]
                    // (a base pointer moved back by prefix could point before
                    // the block, which Swift's pointer arithmetic does not allow).
                    let window = UnsafePointer(side.storage.entries + side.start)
                    var newOffset = 0
                    while newOffset < count {
                        try CancelFlag.poll(cancel, at: newOffset)
                        let end = min(count, newOffset &+ CancelFlag.pollInterval)
                        let prefixStop = min(end, prefixEnd), windowStop = min(end, windowEnd)
                        while newOffset < prefixStop {
                            while newOffset < prefixStop, old[newOffset] == new[newOffset] { newOffset &+= 1 }
                            if newOffset == prefixStop { break }
                            pairs.append(old: UInt32(truncatingIfNeeded: newOffset),
                                         new: UInt32(truncatingIfNeeded: newOffset))
                            newOffset &+= 1
                        }
                        while newOffset < windowStop {
                            while newOffset < windowStop {
                                let oldOffset = window[newOffset &- side.prefix]
                                if oldOffset != Mapping.unmatched, old[Int(oldOffset)] != new[newOffset] { break }
                                newOffset &+= 1
                            }
                            if newOffset == windowStop { break }
                            pairs.append(old: window[newOffset &- side.prefix], new: UInt32(truncatingIfNeeded: newOffset))
                            newOffset &+= 1
                        }
                        while newOffset < end {
                            while newOffset < end, old[newOffset &+ shift] == new[newOffset] { newOffset &+= 1 }
                            if newOffset == end { break }
                            pairs.append(old: UInt32(truncatingIfNeeded: newOffset &+ shift),
                                         new: UInt32(truncatingIfNeeded: newOffset))
                            newOffset &+= 1
                        }
                    }
                    return pairs.updates
                }
            }
        }
    }
}

/// Where the updates pass writes a diff's updates as (old, new) entry pairs:
/// first in the entries left free at the end of the diff's own storage (a
/// diff's storage keeps room for the moves, which most diffs do not fill:
/// `DiffStorage.forDiff`), so that an identified diff with few updates costs
/// no allocation more than a plain one; when they are full, in a storage of
/// their own that doubles as it fills, up to one pair per matched pair.
///
/// The free entries are written before the diff is shared, and no run of the
/// mapping covers them: `DiffStorage`'s "never written again" holds for
/// every entry a reader can see.
@usableFromInline
struct UpdatePairs {
    /// The storage the pairs are written to, and where they start in it.
    @usableFromInline var storage: DiffStorage
    @usableFromInline var start: Int
    /// The next entry to write, and the end of the room.
    @usableFromInline var next: UnsafeMutablePointer<UInt32>
    @usableFromInline var end: UnsafeMutablePointer<UInt32>
    /// The most pairs there can be: the match count.
    @usableFromInline let limit: Int

    /// Pairs written after the offsets of `mapping`'s finished storage, in
    /// the room its allocation has left (`ManagedBuffer.capacity`).
    @inlinable
    init(after mapping: Mapping) {
        storage = mapping.storage
        let counts = storage.counts
        start = storage.insertionsStart + counts.newCount - counts.matchCount
        let free = max(0, storage.capacity - start)
        next = storage.entries + start
        end = next + (free & ~1)
        limit = counts.matchCount
    }

    /// Writes one pair.
    @inlinable @inline(__always)
    mutating func append(old: UInt32, new: UInt32) {
        if next == end { grow() }
        next[0] = old
        next[1] = new
        next += 2
    }

    /// Moves the pairs to a storage of their own with twice the room, or
    /// room for `limit` pairs, whichever is less.
    @usableFromInline
    mutating func grow() {
        let written = next - (storage.entries + start)
        let room = min(2 &* limit, max(2 &* written, 64))
        precondition(room > written, "ListDiff: more updates than matched pairs")
        let own = DiffStorage.make(capacity: room, header: DiffHeader(oldCount: 0, newCount: 0))
        own.entries.initialize(from: storage.entries + start, count: written)
        (storage, start) = (own, 0)
        next = own.entries + written
        end = own.entries + room
    }

    /// The pairs written, as the diff's updates.
    @inlinable
    var updates: ListDiff.Pairs {
        ListDiff.Pairs(StoredRun(storage, start: start, count: next - (storage.entries + start)))
    }
}
