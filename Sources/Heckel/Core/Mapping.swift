import CHeckel

/// The C core's output for one pair of lists, in its `DiffStorage`
/// (finished: the mapping's window, moves as pairs, deletions and insertions
/// listed).
///
/// Invariants: `oldToNew` and `newToOld` are inverse partial bijections
/// (`newToOld[oldToNew[i]] == i` for every matched `i`, unmatched offsets hold
/// `Mapping.unmatched`); exactly `matchCount` entries of each are matched;
/// the moves are matched pairs, ascending by new offset. The storage is
/// finished and never written again, hence `@unchecked Sendable`.
@usableFromInline
struct Mapping: @unchecked Sendable {
    @usableFromInline static let unmatched: UInt32 = HECKEL_UNMATCHED

    @usableFromInline let storage: DiffStorage

    @inlinable
    init(storage: DiffStorage) { self.storage = storage }

    /// For each old offset, the matched new offset or `unmatched`.
    @inlinable
    var oldToNew: MappingSide {
        let counts = storage.counts
        return MappingSide(storage, start: counts.oldStart, count: counts.oldCount, prefix: counts.prefix,
                           windowCount: counts.oldWindowCount, shift: counts.newCount &- counts.oldCount)
    }

    /// For each new offset, the matched old offset or `unmatched`.
    @inlinable
    var newToOld: MappingSide {
        let counts = storage.counts
        return MappingSide(storage, start: counts.newStart, count: counts.newCount, prefix: counts.prefix,
                           windowCount: counts.newWindowCount, shift: counts.oldCount &- counts.newCount)
    }

    /// The number of matched pairs.
    @inlinable
    var matchCount: Int { storage.counts.matchCount }

    /// The mapping of lists with nothing in common: every offset unmatched.
    static func allUnmatched(oldCount: Int, newCount: Int) -> Mapping {
        let storage = DiffStorage.forDiff(oldCount: oldCount, newCount: newCount, room: oldCount + newCount)
        storage.entries.initialize(repeating: unmatched, count: oldCount + newCount)
        storage.finish(matchCount: 0, moveCount: 0)
        return Mapping(storage: storage)
    }

    /// The offsets `k` with `mapping[k] == unmatched`; there are `count` of
    /// them (`DiffStorage.listUnmatched`).
    @usableFromInline
    static func unmatchedOffsets(in mapping: [UInt32], count: Int) -> [Int] {
        if count == 0 { return [] }
        return mapping.withUnsafeBufferPointer { mapping in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { offsets in
                DiffStorage.listUnmatched(in: mapping, count: count, to: offsets.baseAddress.unsafelyUnwrapped)
                return offsets.map { Int($0) }
            }
        }
    }
}
