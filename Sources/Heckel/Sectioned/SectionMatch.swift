/// The section level of a sectioned diff: sections matched by identity.
///
/// Invariants: `diff` is the `ListDiff` of the two snapshots' section
/// identities (its mapping uses the core's one sentinel); `updates` lists
/// matched sections whose own content differs, ascending by `new`.
@usableFromInline
struct SectionMatch: Equatable, Sendable {
    @usableFromInline var diff: ListDiff
    @usableFromInline var updates: ListDiff.Pairs

    /// Matches `old` to `new` by identity; throws on an identity repeated
    /// within one snapshot. Complexity: O(s) expected, s = section count.
    @inlinable
    init<S: DiffableSection>(old: [S], new: [S]) throws(SectionedDiff.DuplicateSectionIDError<S.ID>) where S.ID: Sendable {
        diff = ListDiff(from: try Self.identities(of: old, snapshot: .old), to: try Self.identities(of: new, snapshot: .new))
        var updated: [ListDiff.Pair] = []
        for newOffset in new.indices {
            guard let oldOffset = diff.oldOffset(forNew: newOffset) else { continue }
            if !old[oldOffset].isContentEqual(to: new[newOffset]) {
                updated.append(ListDiff.Pair(old: oldOffset, new: newOffset))
            }
        }
        // No allocation for the common case of no updated section.
        updates = updated.isEmpty ? ListDiff.Pairs(StoredRun(diff.storage, start: 0, count: 0)) : ListDiff.Pairs(updated)
    }

    /// The sections' identities, or the first repeated one as an error.
    @inlinable
    static func identities<S: DiffableSection>(
        of sections: [S], snapshot: SectionedDiff.DuplicateSectionIDError<S.ID>.Snapshot
    ) throws(SectionedDiff.DuplicateSectionIDError<S.ID>) -> [S.ID] where S.ID: Sendable {
        var seen = [S.ID: Int](minimumCapacity: sections.count)
        var identities: [S.ID] = []
        identities.reserveCapacity(sections.count)
        for (offset, section) in sections.enumerated() {
            let id = section.id
            if let first = seen.updateValue(offset, forKey: id) {
                throw SectionedDiff.DuplicateSectionIDError(identity: id, snapshot: snapshot, firstOffset: first, secondOffset: offset)
            }
            identities.append(id)
        }
        return identities
    }

    var oldCount: Int { diff.oldCount }
    var newCount: Int { diff.newCount }
    var deletions: ListDiff.Offsets { diff.deletions }
    var insertions: ListDiff.Offsets { diff.insertions }
    var moves: ListDiff.Pairs { diff.moves }

    /// The new offset of old section `offset`, or `nil` when it was deleted.
    func newSection(forOld offset: Int) -> Int? { diff.newOffset(forOld: offset) }

    /// The old offset of new section `offset`, or `nil` when it was inserted.
    @usableFromInline
    func oldSection(forNew offset: Int) -> Int? { diff.oldOffset(forNew: offset) }

    /// The old sections that are the `old` of a section move.
    /// Complexity: O(s), s = section count.
    func movedOldSections() -> Bits {
        var moved = Bits(count: oldCount)
        for move in moves { moved.insert(move.old) }
        return moved
    }
}

/// For every section of the two snapshots, a tag naming its pair of matched
/// sections: the new offset of the pair, the same number on both sides. A
/// section without a partner gets a tag of its own side (`oldOnly`,
/// `newOnly`), which never equals a tag of the other side.
///
/// Invariants: `old.count` and `new.count` are the section counts; old
/// section s and new section t are matched exactly when `old[s] == new[t]`.
@usableFromInline
struct SectionTags {
    @usableFromInline static let oldOnly = UInt32.max
    @usableFromInline static let newOnly = UInt32.max - 1

    @usableFromInline var old: [UInt32]
    @usableFromInline var new: [UInt32]
    /// Whether some non-empty old section has a non-empty partner: when not,
    /// no old item shares a tag with a new item.
    @usableFromInline var pairsItems: Bool

    /// Complexity: O(s), s sections. Section offsets fit the tags: section
    /// identities were diffed by `ListDiff`, so there are at most
    /// `ListDiff.maximumCount` (< `newOnly`) sections.
    @usableFromInline
    init(sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout) {
        var pairsItems = false
        old = (0..<sections.oldCount).map { section in
            guard let partner = sections.newSection(forOld: section) else { return Self.oldOnly }
            if !oldLayout.items(inSection: section).isEmpty && !newLayout.items(inSection: partner).isEmpty {
                pairsItems = true
            }
            return UInt32(truncatingIfNeeded: partner)
        }
        new = (0..<sections.newCount).map { section in
            sections.oldSection(forNew: section) == nil ? Self.newOnly : UInt32(truncatingIfNeeded: section)
        }
        self.pairsItems = pairsItems
    }
}
