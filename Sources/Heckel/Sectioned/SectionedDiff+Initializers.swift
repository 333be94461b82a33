extension SectionedDiff {
    /// The difference between two snapshots whose items are their own
    /// identity: items match when `==`.
    ///
    /// ```swift
    /// let diff = try SectionedDiff(from: oldSections, to: newSections)
    /// ```
    ///
    /// - Parameters:
    ///   - old: The sections before the change.
    ///   - new: The sections after the change.
    /// - Throws: `DuplicateSectionIDError` when two sections of one snapshot
    ///   share an identity.
    /// - Precondition: neither snapshot has more than `ListDiff.maximumCount`
    ///   items.
    /// - Complexity: O(n + s) expected for n items and s sections: one
    ///   match of all items keyed by section and identity, one `ListDiff` of
    ///   the items left unpaired by it, plus O(m log m) for each section whose
    ///   m kept items change order.
    @inlinable
    public init<Old: Collection, New: Collection>(from old: Old, to new: New) throws(DuplicateSectionIDError)
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Hashable {
        let old = Array(old), new = Array(new)
        let sections = try SectionMatch(old: old, new: new)
        let (oldItems, oldLayout) = Self.flatten(old)
        let (newItems, newLayout) = Self.flatten(new)
        let tags = SectionTags(sections: sections, oldLayout: oldLayout, newLayout: newLayout)
        self.init(sections: sections, oldLayout: oldLayout, newLayout: newLayout,
                  items: ItemMatch(old: oldItems, new: newItems, tags: tags, oldLayout: oldLayout, newLayout: newLayout))
    }

    /// The difference between two snapshots whose items have an identity:
    /// items match by identity, and a matched pair whose items are not `==`
    /// is reported in `itemUpdates`.
    ///
    /// ```swift
    /// let diff = try SectionedDiff(from: old, to: new) { $0.id }
    /// ```
    ///
    /// - Parameters:
    ///   - old: The sections before the change.
    ///   - new: The sections after the change.
    ///   - id: The identity of an item; called once per item.
    /// - Throws: `DuplicateSectionIDError` when two sections of one snapshot
    ///   share an identity.
    /// - Precondition: neither snapshot has more than `ListDiff.maximumCount`
    ///   items.
    /// - Complexity: as `init(from:to:)`, plus one call of `id` per item and
    ///   one `==` per matched pair.
    @inlinable
    public init<Old: Collection, New: Collection, ItemID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element.Items.Element) -> ItemID
    ) throws(DuplicateSectionIDError)
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable {
        // Diffs the identities, then compares matched items in place: the
        // items themselves are never copied into flat lists.
        let old = Array(old), new = Array(new)
        let sections = try SectionMatch(old: old, new: new)
        let (oldIDs, oldLayout) = Self.identities(of: old, id)
        let (newIDs, newLayout) = Self.identities(of: new, id)
        let tags = SectionTags(sections: sections, oldLayout: oldLayout, newLayout: newLayout)
        let items = ItemMatch(old: oldIDs, new: newIDs, tags: tags, oldLayout: oldLayout, newLayout: newLayout)
        self.init(sections: sections, oldLayout: oldLayout, newLayout: newLayout, items: items,
                  updatedPairs: Self.updates(from: old, to: new, oldLayout: oldLayout, items: items))
    }

    /// The difference between two snapshots whose items have an identity at
    /// `id`, such as `\.id`; see `init(from:to:identifiedBy:)`.
    ///
    /// - Throws: `DuplicateSectionIDError` when two sections of one snapshot
    ///   share an identity.
    /// - Complexity: as `init(from:to:identifiedBy:)` with a closure.
    @inlinable
    public init<Old: Collection, New: Collection, ItemID: Hashable>(
        from old: Old, to new: New, identifiedBy id: KeyPath<Old.Element.Items.Element, ItemID>
    ) throws(DuplicateSectionIDError)
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable {
        try self.init(from: old, to: new, identifiedBy: { $0[keyPath: id] })
    }

    /// The identities of all items of `sections` in one list, and where
    /// each section's start.
    @inlinable
    static func identities<S: DiffableSection, ItemID>(
        of sections: [S], _ id: (S.Items.Element) -> ItemID
    ) -> ([ItemID], SectionLayout) {
        let layout = SectionLayout(counts: sections.lazy.map { $0.items.count })
        var identities: [ItemID] = []
        identities.reserveCapacity(layout.itemCount)
        for section in sections {
            for item in section.items { identities.append(id(item)) }
        }
        return (identities, layout)
    }

    /// The matched pairs (flat offsets) whose items are not `==`, ascending
    /// by new offset.
    @inlinable
    static func updates<S: DiffableSection>(
        from old: [S], to new: [S], oldLayout: SectionLayout, items: ItemMatch
    ) -> [ListDiff.Update] where S.Items.Element: Equatable {
        if items.deletions.count == items.oldCount { return [] }
        // O(1) views for array-backed sections; a copy for other collections.
        let oldItems = old.map { ContiguousArray($0.items) }
        var updates: [ListDiff.Update] = []
        var newOffset = 0, hint = 0
        var cached = oldItems.first ?? [] // oldItems[hint], kept at hand
        for section in new {
            for item in section.items {
                if let oldOffset = items.oldOffset(forNew: newOffset) {
                    let oldSection = oldLayout.section(containing: oldOffset, hint: hint)
                    if oldSection != hint {
                        hint = oldSection
                        cached = oldItems[oldSection]
                    }
                    if cached[oldOffset - oldLayout.starts[oldSection]] != item {
                        updates.append(ListDiff.Update(old: oldOffset, new: newOffset))
                    }
                }
                newOffset += 1
            }
        }
        return updates
    }

    /// All items of `sections` in one list, and where each section's start.
    @inlinable
    static func flatten<S: DiffableSection>(_ sections: [S]) -> ([S.Items.Element], SectionLayout) {
        let layout = SectionLayout(counts: sections.lazy.map { $0.items.count })
        var items: [S.Items.Element] = []
        items.reserveCapacity(layout.itemCount)
        for section in sections { items.append(contentsOf: section.items) }
        return (items, layout)
    }
}
