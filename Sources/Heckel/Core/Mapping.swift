import CHeckel

/// The C core's output for one pair of lists.
///
/// Invariants: `oldToNew` and `newToOld` are inverse partial bijections
/// (`newToOld[oldToNew[i]] == i` for every matched `i`, unmatched offsets hold
/// `Mapping.unmatched`); exactly `matchCount` entries of each are matched;
/// `moves` holds the moved pairs, ascending by new offset, each matched.
@usableFromInline
struct Mapping: Sendable {
    @usableFromInline static let unmatched: UInt32 = HECKEL_UNMATCHED

    @usableFromInline var oldToNew: [UInt32]
    @usableFromInline var newToOld: [UInt32]
    @usableFromInline var moves: [ListDiff.Move]
    @usableFromInline var matchCount: Int

    /// The mapping of lists with nothing in common: every offset unmatched.
    static func allUnmatched(oldCount: Int, newCount: Int) -> Mapping {
        Mapping(oldToNew: [UInt32](repeating: unmatched, count: oldCount),
                newToOld: [UInt32](repeating: unmatched, count: newCount), moves: [], matchCount: 0)
    }

    /// The offsets `k` with `mapping[k] == unmatched`; there are `count` of them.
    /// The scan stops at the last one: unmatched entries often come in one
    /// block (a block deleted or inserted), so the rest need not be read.
    @usableFromInline
    static func unmatchedOffsets(in mapping: [UInt32], count: Int) -> [Int] {
        if count == 0 { return [] }
        let offsets = [Int].written(count) { buffer in
            mapping.withUnsafeBufferPointer { source in
                var written = 0
                for k in 0..<source.count where source[k] == unmatched {
                    buffer[written] = k
                    written += 1
                    if written == count { break }
                }
                precondition(written == count, "Heckel core: inconsistent match count")
                return true
            }
        }
        return offsets.unsafelyUnwrapped
    }

    /// The moved pairs as old -> new offsets, from the core's new offsets of
    /// the moved pairs (ascending) and its `new_to_old` array.
    static func movedPairs(_ moves: UnsafeBufferPointer<UInt32>, newToOld: [UInt32]) -> [ListDiff.Move] {
        if moves.isEmpty { return [] }
        let pairs = [ListDiff.Move].written(moves.count) { buffer in
            newToOld.withUnsafeBufferPointer { newToOld in
                for k in 0..<moves.count {
                    let to = Int(moves[k])
                    buffer[k] = ListDiff.Move(from: Int(newToOld[to]), to: to)
                }
            }
            return true
        }
        return pairs.unsafelyUnwrapped
    }
}

/// Two `Int`s: `Array.written(_:by:)` may drop a partly written buffer of moves.
extension ListDiff.Move: BitwiseCopyable {}
