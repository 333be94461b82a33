import Heckel
import Testing

/// The in-order matching heckel.h promises, computed the slow, obvious way
/// with `equal` alone (no hashing): each new element, in order, takes the
/// first old element not yet taken that is `equal` to it. For an equivalence
/// relation this pairs the k-th occurrence of a value in `new` with its k-th
/// occurrence in `old`; an element not `equal` to itself (NaN) never pairs.
///
/// - Complexity: O(old count * new count).
func referenceNewToOld<Element>(
    old: [Element], new: [Element], equal: (Element, Element) -> Bool
) -> [Int?] {
    var taken = [Bool](repeating: false, count: old.count)
    return new.map { element in
        guard let i = old.indices.first(where: { !taken[$0] && equal(old[$0], element) }) else { return nil }
        taken[i] = true
        return i
    }
}

/// Checks `diff` against `referenceNewToOld` with `==`, and the structure of
/// its edit script: deletions and insertions are the unmatched offsets,
/// moves are as few as the longest increasing subsequence allows, and the
/// script rebuilds a list element by element `same` as `new`.
func checkAgainstReference<Element: Equatable>(
    _ diff: ListDiff, old: [Element], new: [Element], same: (Element, Element) -> Bool,
    _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let note = Comment(rawValue: context())
    let expected = referenceNewToOld(old: old, new: new, equal: ==)
    #expect(diff.oldCount == old.count && diff.newCount == new.count, note, sourceLocation: sourceLocation)
    #expect(new.indices.map { diff.oldOffset(forNew: $0) } == expected, note, sourceLocation: sourceLocation)
    var expectedOldToNew = [Int?](repeating: nil, count: old.count)
    for (j, i) in expected.enumerated() { if let i { expectedOldToNew[i] = j } }
    #expect(old.indices.map { diff.newOffset(forOld: $0) } == expectedOldToNew, note, sourceLocation: sourceLocation)
    #expect(Array(diff.deletions) == old.indices.filter { expectedOldToNew[$0] == nil }, note, sourceLocation: sourceLocation)
    #expect(Array(diff.insertions) == new.indices.filter { expected[$0] == nil }, note, sourceLocation: sourceLocation)

    let matchedOldInNewOrder = expected.compactMap { $0 }
    let lis = longestIncreasingSubsequenceLength(matchedOldInNewOrder)
    #expect(diff.moves.count == matchedOldInNewOrder.count - lis, note, sourceLocation: sourceLocation)
    for move in diff.moves {
        #expect(expected[move.new] == move.old, note, sourceLocation: sourceLocation)
    }
    let rebuilt = rebuild(old, applying: diff, insertedFrom: new)
    #expect(rebuilt.count == new.count && zip(rebuilt, new).allSatisfy(same), note, sourceLocation: sourceLocation)
}
