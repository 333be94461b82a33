/// The section level of a sectioned diff: sections matched by identity.
///
/// Invariants: `diff` is the `ListDiff` of the two snapshots' section
/// identities (its mapping uses the core's one sentinel); `updates` lists
/// matched sections whose own content differs, ascending by `new`.
@usableFromInline
struct SectionMatch: Equatable, Sendable {
    @usableFromInline var diff: ListDiff
    @usableFromInline var updates: [ListDiff.Update]

    /// Matches `old` to `new` by identity; throws on an identity repeated
    /// within one snapshot. Complexity: O(s) expected, s = section count.
    @inlinable
    init<S: DiffableSection>(old: [S], new: [S]) throws(DuplicateSectionIDError<S.ID>) where S.ID: Sendable {
        diff = ListDiff(from: try Self.identities(of: old, snapshot: .old), to: try Self.identities(of: new, snapshot: .new))
        updates = []
        for newOffset in new.indices {
            guard let oldOffset = diff.oldOffset(forNew: newOffset) else { continue }
            if !old[oldOffset].isContentEqual(to: new[newOffset]) {
                updates.append(ListDiff.Update(old: oldOffset, new: newOffset))
            }
        }
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
                throw DuplicateSectionIDError(identity: id, snapshot: snapshot, firstOffset: first, secondOffset: offset)
            }
            identities.append(id)
        }
        return identities
    }

    var oldCount: Int { diff.oldCount }
    var newCount: Int { diff.newCount }
    var deletions: [Int] { diff.deletions }
    var insertions: [Int] { diff.insertions }
    var moves: [ListDiff.Move] { diff.moves }

    /// The new offset of old section `offset`, or `nil` when it was deleted.
    func newSection(forOld offset: Int) -> Int? { diff.newOffset(forOld: offset) }

    /// The old offset of new section `offset`, or `nil` when it was inserted.
    @usableFromInline
    func oldSection(forNew offset: Int) -> Int? { diff.oldOffset(forNew: offset) }

    /// The old sections that are the `from` of a section move.
    /// Complexity: O(s), s = section count.
    func movedOldSections() -> Bits {
        var moved = Bits(count: oldCount)
        for move in moves { moved.insert(move.from) }
        return moved
    }
}
