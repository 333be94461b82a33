/// The section level of a sectioned diff: sections matched by identity.
///
/// Invariants: `newForOld` and `oldForNew` are inverse partial bijections
/// (-1 for a deleted or inserted section); `moves`, `deletions`,
/// `insertions` are as in the `ListDiff` of section identities; `updates`
/// lists matched sections whose own content differs, ascending by `new`.
@usableFromInline
struct SectionMatch: Hashable, Sendable {
    @usableFromInline var newForOld: [Int]
    @usableFromInline var oldForNew: [Int]
    @usableFromInline var deletions: [Int]
    @usableFromInline var insertions: [Int]
    @usableFromInline var moves: [ListDiff.Move]
    @usableFromInline var updates: [ListDiff.Update]

    /// Matches `old` to `new` by identity; throws on an identity repeated
    /// within one snapshot. Complexity: O(s) expected, s = section count.
    @inlinable
    init<S: DiffableSection>(old: [S], new: [S]) throws(DuplicateSectionIDError<S.ID>) where S.ID: Sendable {
        let oldIDs = try Self.identities(of: old, snapshot: .old)
        let newIDs = try Self.identities(of: new, snapshot: .new)
        let diff = ListDiff(from: oldIDs, to: newIDs)
        var newForOld = [Int](repeating: -1, count: old.count)
        var oldForNew = [Int](repeating: -1, count: new.count)
        var updates: [ListDiff.Update] = []
        for newOffset in new.indices {
            guard let oldOffset = diff.oldOffset(forNew: newOffset) else { continue }
            newForOld[oldOffset] = newOffset
            oldForNew[newOffset] = oldOffset
            if !old[oldOffset].isContentEqual(to: new[newOffset]) {
                updates.append(ListDiff.Update(old: oldOffset, new: newOffset))
            }
        }
        self.newForOld = newForOld
        self.oldForNew = oldForNew
        deletions = diff.deletions
        insertions = diff.insertions
        moves = diff.moves
        self.updates = updates
    }

    /// The sections' identities, or the first repeated one as an error.
    @inlinable
    static func identities<S: DiffableSection>(
        of sections: [S], snapshot: DuplicateSectionIDError<S.ID>.Snapshot
    ) throws(DuplicateSectionIDError<S.ID>) -> [S.ID] where S.ID: Sendable {
        var seen = [S.ID: Int](minimumCapacity: sections.count)
        var identities: [S.ID] = []
        identities.reserveCapacity(sections.count)
        for (offset, section) in sections.enumerated() {
            let id = section.id
            if let first = seen.updateValue(offset, forKey: id) {
                throw DuplicateSectionIDError(
                    identity: id, snapshot: snapshot,
                    firstOffset: first, secondOffset: offset)
            }
            identities.append(id)
        }
        return identities
    }

    /// For each old section, whether it is the `from` of a section move.
    /// Complexity: O(s), s = section count.
    func movedOldSections() -> [Bool] {
        var moved = [Bool](repeating: false, count: newForOld.count)
        for move in moves { moved[move.from] = true }
        return moved
    }

    /// For each old section, whether it is the `old` of a section update.
    /// Complexity: O(s), s = section count.
    func updatedOldSections() -> [Bool] {
        var updated = [Bool](repeating: false, count: newForOld.count)
        for update in updates { updated[update.old] = true }
        return updated
    }
}
