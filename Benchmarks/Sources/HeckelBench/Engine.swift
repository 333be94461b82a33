import ArgumentParser
import CHeckel
import Heckel

/// The diff engines measured side by side.
enum Engine: String, CaseIterable, Codable, ExpressibleByArgument {
    /// `ListDiff(from:to:)`, the Swift API of this package (`SectionedDiff` in the sectioned scenario).
    case listdiff
    /// The C core on raw keys, records or spans (see CCoreEngine.swift); no Swift result built.
    case ccore
    /// `new.difference(from: old).inferringMoves()` from the standard library (Myers, O(n·d)).
    case stdlib
    /// The plain-Swift Heckel list frameworks ship (ReferenceHeckel.swift).
    case reference
    /// Sectioned scenario only: `ListDiff(from:to:identifiedBy: \.id)` over the same items
    /// flattened, the time `SectionedDiff` is compared with.
    case flat
}

/// Any engine's result in one shape, for checking and counting.
struct DiffOutcome {
    var oldToNew: [Int]  // -1 where the old element was deleted
    var newToOld: [Int]  // -1 where the new element was inserted
    var deletions: [Int]
    var insertions: [Int]
    var moves: [(from: Int, to: Int)]
}

extension Engine {
    /// Runs the engine once. The value returned is the engine's own result, kept alive by the caller
    /// until the peak memory has been read, then turned into a `DiffOutcome` by `outcome(of:)`.
    func run<Element: BenchElement>(old: [Element], new: [Element]) throws -> Any {
        switch self {
        case .listdiff: return ListDiff(from: old, to: new)
        case .ccore: return try Element.coreMatch(old: old, new: new)
        case .stdlib: return new.difference(from: old).inferringMoves()
        case .reference: return ReferenceHeckel(from: old, to: new)
        case .flat: preconditionFailure("flat runs in the sectioned scenario only (SectionedMeasurement)")
        }
    }

    func outcome<Element: BenchElement>(of result: Any, old: [Element], new: [Element]) -> DiffOutcome {
        switch result {
        case let diff as ListDiff:
            return DiffOutcome(
                oldToNew: (0..<diff.oldCount).map { diff.newOffset(forOld: $0) ?? -1 },
                newToOld: (0..<diff.newCount).map { diff.oldOffset(forNew: $0) ?? -1 },
                deletions: diff.deletions, insertions: diff.insertions,
                moves: diff.moves.map { (from: $0.from, to: $0.to) })
        case let match as CoreMatch:
            func offsets(_ mapped: [heckel_offset]) -> [Int] {
                mapped.map { $0 == unmatchedOffset ? -1 : Int($0) }
            }
            let oldToNew = offsets(match.oldToNew)
            let newToOld = offsets(match.newToOld)
            return DiffOutcome(
                oldToNew: oldToNew, newToOld: newToOld,
                deletions: oldToNew.indices.filter { oldToNew[$0] < 0 },
                insertions: newToOld.indices.filter { newToOld[$0] < 0 },
                moves: match.moves.map { (from: newToOld[Int($0)], to: Int($0)) })
        case let difference as CollectionDifference<Element>:
            return Self.outcome(of: difference, oldCount: old.count, newCount: new.count)
        case let reference as ReferenceHeckel:
            return DiffOutcome(oldToNew: reference.oldToNew, newToOld: reference.newToOld,
                               deletions: reference.deletions, insertions: reference.insertions,
                               moves: reference.moves)
        default:
            preconditionFailure("unexpected result type \(type(of: result))")
        }
    }

    /// A removal associated with an insertion is a move; the elements neither removed nor
    /// inserted pair up in order.
    private static func outcome<Element>(of difference: CollectionDifference<Element>, oldCount: Int, newCount: Int) -> DiffOutcome {
        var oldToNew = [Int](repeating: -1, count: oldCount)
        var newToOld = [Int](repeating: -1, count: newCount)
        var removed = [Bool](repeating: false, count: oldCount)
        var inserted = [Bool](repeating: false, count: newCount)
        var outcome = DiffOutcome(oldToNew: [], newToOld: [], deletions: [], insertions: [], moves: [])
        for change in difference {
            switch change {
            case let .remove(offset, _, associatedWith):
                removed[offset] = true
                if let to = associatedWith {
                    outcome.moves.append((from: offset, to: to))
                    oldToNew[offset] = to
                    newToOld[to] = offset
                } else {
                    outcome.deletions.append(offset)
                }
            case let .insert(offset, _, associatedWith):
                inserted[offset] = true
                if associatedWith == nil { outcome.insertions.append(offset) }
            }
        }
        var newOffset = 0
        for oldOffset in 0..<oldCount where !removed[oldOffset] {
            while newOffset < newCount, inserted[newOffset] { newOffset += 1 }
            guard newOffset < newCount else { break }  // inconsistent: the check reports it
            oldToNew[oldOffset] = newOffset
            newToOld[newOffset] = oldOffset
            newOffset += 1
        }
        outcome.oldToNew = oldToNew
        outcome.newToOld = newToOld
        outcome.deletions.sort()
        outcome.insertions.sort()
        outcome.moves.sort { $0.to < $1.to }
        return outcome
    }
}
