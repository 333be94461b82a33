extension ListDiff {
    /// This diff as a `CollectionDifference` from `old` to `new`, the lists it
    /// was computed from: deletions and moved-from elements as removals,
    /// insertions and moved-to elements as insertions, moves associated.
    ///
    /// - Complexity: O(n), n = old count + new count.
    @inlinable
    func collectionDifference<Old: Collection, New: Collection>(
        from old: Old, to new: New
    ) -> CollectionDifference<Old.Element> where Old.Element == New.Element {
        let movedNewOffsets = movedNewOffsetSet()
        var changes: [CollectionDifference<Old.Element>.Change] = []
        changes.reserveCapacity(2 * moves.count + deletions.count + insertions.count)
        var offset = 0
        for element in old {
            if let newOffset = newOffset(forOld: offset) {
                if movedNewOffsets[newOffset] {
                    changes.append(.remove(offset: offset, element: element, associatedWith: newOffset))
                }
            } else {
                changes.append(.remove(offset: offset, element: element, associatedWith: nil))
            }
            offset += 1
        }
        offset = 0
        for element in new {
            if let oldOffset = oldOffset(forNew: offset) {
                if movedNewOffsets[offset] {
                    changes.append(.insert(offset: offset, element: element, associatedWith: oldOffset))
                }
            } else {
                changes.append(.insert(offset: offset, element: element, associatedWith: nil))
            }
            offset += 1
        }
        guard let difference = CollectionDifference(changes) else {
            preconditionFailure("ListDiff produced an invalid CollectionDifference")
        }
        return difference
    }

    /// For each new offset, whether it is the target of a move.
    @usableFromInline
    func movedNewOffsetSet() -> [Bool] {
        var moved = [Bool](repeating: false, count: newCount)
        for move in moves { moved[move.new] = true }
        return moved
    }
}
