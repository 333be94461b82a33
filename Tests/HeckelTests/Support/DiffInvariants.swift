import Heckel
import Testing

/// Checks every invariant of `diff` against the lists it was computed from.
/// `identity` is what elements are matched by (the element itself for
/// `Hashable` diffs, its id for identified ones); `same` compares elements
/// for the rebuild (usually `==`).
func checkInvariants<Element, ID: Hashable>(
    _ diff: ListDiff, old: [Element], new: [Element],
    identity: (Element) -> ID, same: (Element, Element) -> Bool,
    updatesExpected: Bool = false,
    _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let note = Comment(rawValue: context())
    #expect(diff.oldCount == old.count && diff.newCount == new.count, note, sourceLocation: sourceLocation)

    // Mapping: a bijection between matched offsets, of same-identity elements.
    var matchedNew = Set<Int>()
    var deletions: [Int] = []
    for i in old.indices {
        guard let j = diff.newOffset(forOld: i) else { deletions.append(i); continue }
        #expect(j >= 0 && j < new.count, note, sourceLocation: sourceLocation)
        #expect(diff.oldOffset(forNew: j) == i, note, sourceLocation: sourceLocation)
        #expect(matchedNew.insert(j).inserted, note, sourceLocation: sourceLocation)
        #expect(identity(old[i]) == identity(new[j]), note, sourceLocation: sourceLocation)
    }
    let insertions = new.indices.filter { diff.oldOffset(forNew: $0) == nil }
    #expect(Array(diff.deletions) == deletions, note, sourceLocation: sourceLocation)
    #expect(Array(diff.insertions) == insertions, note, sourceLocation: sourceLocation)
    #expect(matchedNew.count + insertions.count == new.count, note, sourceLocation: sourceLocation)
    #expect(diff.matchCount == matchedNew.count, note, sourceLocation: sourceLocation)

    // Complete, in-order matching (heckel.h): the k-th occurrence of an
    // identity in new pairs with its k-th occurrence in old, for k up to
    // min(old count, new count); later occurrences stay unmatched.
    var oldOccurrences: [ID: [Int]] = [:]
    for (i, element) in old.enumerated() { oldOccurrences[identity(element), default: []].append(i) }
    var seenInNew: [ID: Int] = [:]
    for (j, element) in new.enumerated() {
        let id = identity(element)
        let k = seenInNew[id, default: 0]
        seenInNew[id] = k + 1
        let candidates = oldOccurrences[id] ?? []
        let expected = k < candidates.count ? candidates[k] : nil
        #expect(diff.oldOffset(forNew: j) == expected, note, sourceLocation: sourceLocation)
    }

    // Moves: matched pairs, ascending by `to`, and as few as the longest
    // increasing subsequence allows; the pairs left in place keep order.
    #expect(diff.moves.map(\.new) == diff.moves.map(\.new).sorted(), note, sourceLocation: sourceLocation)
    #expect(Set(diff.moves.map(\.new)).count == diff.moves.count, note, sourceLocation: sourceLocation)
    for move in diff.moves {
        #expect(diff.oldOffset(forNew: move.new) == move.old, note, sourceLocation: sourceLocation)
    }
    let matchedOldInNewOrder = new.indices.compactMap { diff.oldOffset(forNew: $0) }
    let lis = longestIncreasingSubsequenceLength(matchedOldInNewOrder)
    #expect(diff.moves.count == matchedOldInNewOrder.count - lis, note, sourceLocation: sourceLocation)
    let movedTargets = Set(diff.moves.map(\.new))
    let kept = new.indices.filter { !movedTargets.contains($0) }.compactMap { diff.oldOffset(forNew: $0) }
    #expect(kept == kept.sorted(), note, sourceLocation: sourceLocation)

    // Updates: matched pairs, ascending by `new`, exactly those not `same`.
    if !updatesExpected { #expect(diff.updates.isEmpty, note, sourceLocation: sourceLocation) }
    #expect(diff.updates.map(\.new) == diff.updates.map(\.new).sorted(), note, sourceLocation: sourceLocation)
    for update in diff.updates {
        #expect(diff.oldOffset(forNew: update.new) == update.old, note, sourceLocation: sourceLocation)
    }
    if updatesExpected {
        let changed = new.indices.filter { j in
            guard let i = diff.oldOffset(forNew: j) else { return false }
            return !same(old[i], new[j])
        }
        #expect(diff.updates.map(\.new) == changed, note, sourceLocation: sourceLocation)
    }

    // The edit script alone rebuilds the new list.
    let rebuilt = rebuild(old, applying: diff, insertedFrom: new)
    #expect(rebuilt.count == new.count, note, sourceLocation: sourceLocation)
    let rebuiltMatches = zip(rebuilt, new).allSatisfy { same($0, $1) }
    #expect(rebuiltMatches, note, sourceLocation: sourceLocation)

    #expect(diff.changeCount == diff.deletions.count + diff.insertions.count + diff.moves.count + diff.updates.count,
            note, sourceLocation: sourceLocation)
    #expect(diff.isEmpty == (diff.changeCount == 0), note, sourceLocation: sourceLocation)
}

/// `checkInvariants` for a diff of `Hashable` elements matched by `==`.
func checkInvariants<Element: Hashable>(
    _ diff: ListDiff, old: [Element], new: [Element],
    _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    checkInvariants(diff, old: old, new: new, identity: { $0 }, same: ==, context(),
                    sourceLocation: sourceLocation)
}
