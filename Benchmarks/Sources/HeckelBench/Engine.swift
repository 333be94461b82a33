import ArgumentParser
import Heckel

/// The diff engines measured side by side, as the command line names them.
enum Engine: String, CaseIterable, Codable, ExpressibleByArgument {
    /// `ListDiff(from:to:)`, the Swift API of this package (`SectionedDiff` in the sectioned scenario).
    case listdiff
    /// The C core on raw keys, records or spans, as a C caller of heckel.h uses it (CCoreEngine.swift).
    case ccore
    /// `new.difference(from: old).inferringMoves()` from the standard library (Myers, O(n·d)).
    case stdlib
    /// The plain-Swift Heckel list frameworks ship (ReferenceHeckel.swift).
    case reference
    /// Sectioned scenario only: `ListDiff(from:to:identifiedBy: \.id)` over the same items
    /// flattened, the time `SectionedDiff` is compared with.
    case flat

    /// Engines that take a thread count; the others always run on the calling thread.
    var takesThreads: Bool { self == .listdiff || self == .ccore }

    /// This package's engines, whose first call is sampled in several fresh processes
    /// (`--cold-runs`); the others' is one sample.
    var takesColdSamples: Bool { self == .listdiff || self == .ccore || self == .flat }
}

/// The deletions, insertions and moves of one checked result.
struct EditCounts: Codable, Hashable {
    var deletions: Int
    var insertions: Int
    var moves: Int

    /// Deletions + insertions + moves.
    var total: Int { deletions + insertions + moves }
}

/// One engine on one kind of lists, as a measuring child runs it: `diff` is the timed call; its
/// output stays alive until the memory peak has been read, then `check` verifies it against the
/// lists and counts its edits.
protocol DiffEngine {
    associatedtype Element
    associatedtype Output
    func diff(old: [Element], new: [Element]) throws -> Output
    func check(_ output: Output, old: [Element], new: [Element]) throws -> EditCounts
}

/// An engine whose result reads as a mapping plus deletions, insertions and moves: it is checked by
/// `verify` (Verification.swift).
protocol MappingEngine: DiffEngine where Element: Equatable {
    func outcome(of output: Output, old: [Element], new: [Element]) -> DiffOutcome
}

extension MappingEngine {
    func check(_ output: Output, old: [Element], new: [Element]) throws -> EditCounts {
        let outcome = outcome(of: output, old: old, new: new)
        try verify(outcome, old: old, new: new)
        return EditCounts(deletions: outcome.deletions.count, insertions: outcome.insertions.count,
                          moves: outcome.moves.count)
    }
}

/// Any engine's result in one shape, for checking and counting.
struct DiffOutcome {
    var oldToNew: [Int]  // -1 where the old element was deleted
    var newToOld: [Int]  // -1 where the new element was inserted
    var deletions: [Int]
    var insertions: [Int]
    var moves: [(from: Int, to: Int)]
}

extension DiffOutcome {
    init(_ diff: ListDiff) {
        self.init(oldToNew: (0..<diff.oldCount).map { diff.newOffset(forOld: $0) ?? -1 },
                  newToOld: (0..<diff.newCount).map { diff.oldOffset(forNew: $0) ?? -1 },
                  deletions: Array(diff.deletions), insertions: Array(diff.insertions),
                  moves: diff.moves.map { (from: $0.old, to: $0.new) })
    }
}

/// `ListDiff(from:to:)`.
struct ListDiffEngine<Element: Hashable>: MappingEngine {
    var threads: Int

    func diff(old: [Element], new: [Element]) -> ListDiff {
        ListDiff(from: old, to: new, options: .init(threads: threads == 0 ? nil : threads))
    }

    func outcome(of diff: ListDiff, old: [Element], new: [Element]) -> DiffOutcome { DiffOutcome(diff) }
}

/// The standard library's Myers diff, moves inferred.
struct StdlibEngine<Element: Hashable>: MappingEngine {
    func diff(old: [Element], new: [Element]) -> CollectionDifference<Element> {
        new.difference(from: old).inferringMoves()
    }

    /// A removal associated with an insertion is a move; the elements neither removed nor
    /// inserted pair up in order.
    func outcome(of difference: CollectionDifference<Element>, old: [Element], new: [Element]) -> DiffOutcome {
        var oldToNew = [Int](repeating: -1, count: old.count)
        var newToOld = [Int](repeating: -1, count: new.count)
        var removed = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
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
        for oldOffset in old.indices where !removed[oldOffset] {
            while newOffset < new.count, inserted[newOffset] { newOffset += 1 }
            guard newOffset < new.count else { break }  // inconsistent: the check reports it
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

/// The plain-Swift Heckel of ReferenceHeckel.swift.
struct ReferenceEngine<Element: Hashable>: MappingEngine {
    func diff(old: [Element], new: [Element]) -> ReferenceHeckel { ReferenceHeckel(from: old, to: new) }

    func outcome(of reference: ReferenceHeckel, old: [Element], new: [Element]) -> DiffOutcome {
        DiffOutcome(oldToNew: reference.oldToNew, newToOld: reference.newToOld, deletions: reference.deletions,
                    insertions: reference.insertions, moves: reference.moves)
    }
}
