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

    /// The tags renumbered densely, for packing into a key's high bits:
    /// pair tags as they are, `oldOnly` and `newOnly` just above them. All
    /// are below `packedLimit`.
    @inlinable
    func packed(_ tag: UInt32) -> UInt64 {
        switch tag {
        case Self.oldOnly: UInt64(new.count)
        case Self.newOnly: UInt64(new.count) + 1
        default: UInt64(tag)
        }
    }

    @inlinable
    var packedLimit: UInt64 { UInt64(new.count) + 2 }
}
