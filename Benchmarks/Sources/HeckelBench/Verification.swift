/// A diff that does not turn the old list into the new one.
struct WrongDiff: Error, CustomStringConvertible {
    let description: String
}

/// Checks an engine's result against the lists themselves: the mapping pairs equal elements both
/// ways, deletions and insertions are exactly the unmatched offsets, every move is a matched pair,
/// and applying the edit script to the old list gives the new list.
func verify<Element: Equatable>(_ outcome: DiffOutcome, old: [Element], new: [Element]) throws {
    func fail(_ message: String) -> WrongDiff { WrongDiff(description: message) }
    guard outcome.oldToNew.count == old.count, outcome.newToOld.count == new.count else {
        throw fail("mapping has \(outcome.oldToNew.count)/\(outcome.newToOld.count) entries for \(old.count)/\(new.count) elements")
    }
    for (oldOffset, newOffset) in outcome.oldToNew.enumerated() where newOffset >= 0 {
        guard newOffset < new.count, outcome.newToOld[newOffset] == oldOffset else {
            throw fail("old \(oldOffset) maps to new \(newOffset), which does not map back")
        }
        guard old[oldOffset] == new[newOffset] else {
            throw fail("old \(oldOffset) is matched to new \(newOffset) but the elements differ")
        }
    }
    for (newOffset, oldOffset) in outcome.newToOld.enumerated() where oldOffset >= 0 {
        guard oldOffset < old.count, outcome.oldToNew[oldOffset] == newOffset else {
            throw fail("new \(newOffset) maps to old \(oldOffset), which does not map back")
        }
    }
    guard outcome.deletions == outcome.oldToNew.indices.filter({ outcome.oldToNew[$0] < 0 }) else {
        throw fail("deletions are not exactly the unmatched old offsets, ascending")
    }
    guard outcome.insertions == outcome.newToOld.indices.filter({ outcome.newToOld[$0] < 0 }) else {
        throw fail("insertions are not exactly the unmatched new offsets, ascending")
    }

    // Apply: remove deletions and move sources, then fill each new offset with the inserted
    // element, the moved old element, or the next element left in place.
    var moveSource = [Int](repeating: -1, count: new.count)
    var movedOld = [Bool](repeating: false, count: old.count)
    for move in outcome.moves {
        guard move.from >= 0, move.from < old.count, move.to >= 0, move.to < new.count,
              outcome.oldToNew[move.from] == move.to, !movedOld[move.from] else {
            throw fail("move \(move.from) -> \(move.to) is not a matched pair, or is listed twice")
        }
        movedOld[move.from] = true
        moveSource[move.to] = move.from
    }
    var inserted = [Bool](repeating: false, count: new.count)
    for offset in outcome.insertions { inserted[offset] = true }
    var deleted = [Bool](repeating: false, count: old.count)
    for offset in outcome.deletions { deleted[offset] = true }

    var nextInPlace = 0
    for newOffset in 0..<new.count {
        let element: Element
        if inserted[newOffset] {
            element = new[newOffset]
        } else if moveSource[newOffset] >= 0 {
            element = old[moveSource[newOffset]]
        } else {
            while nextInPlace < old.count, deleted[nextInPlace] || movedOld[nextInPlace] { nextInPlace += 1 }
            guard nextInPlace < old.count else { throw fail("applying the script runs out of old elements at new \(newOffset)") }
            element = old[nextInPlace]
            nextInPlace += 1
        }
        guard element == new[newOffset] else {
            throw fail("applying the script to old gives a different element at new offset \(newOffset)")
        }
    }
    while nextInPlace < old.count, deleted[nextInPlace] || movedOld[nextInPlace] { nextInPlace += 1 }
    guard nextInPlace == old.count else { throw fail("applying the script leaves old element \(nextInPlace) unplaced") }
}
