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
    public init<Old: Collection, New: Collection>(from old: Old, to new: New)
        throws(DuplicateSectionIDError<Old.Element.ID>)
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Hashable,
          Old.Element.ID: Sendable {
        self = try Self.computing(
            from: Array(old), to: Array(new), comparingContent: false,
            identifiedBy: { (item) throws(DuplicateSectionIDError<Old.Element.ID>) in item },
            cancel: nil, checkpoint: { () throws(DuplicateSectionIDError<Old.Element.ID>) in },
            duplicate: { (error) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in throw error },
            failed: { (failure) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in failure.trap() })
    }

    /// The difference between two snapshots whose items have an identity:
    /// items match by identity, and a matched pair whose content differs is
    /// reported in `itemUpdates` (`isContentEqual(to:)` for items that adopt
    /// `ContentEquatable`, else `==`).
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
    ///   share an identity; what `id` throws.
    /// - Precondition: neither snapshot has more than `ListDiff.maximumCount`
    ///   items.
    /// - Complexity: as `init(from:to:)`, plus one call of `id` per item and
    ///   one content comparison per matched pair.
    @inlinable
    public init<Old: Collection, New: Collection, ItemID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element.Items.Element) throws -> ItemID
    ) throws
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable,
          Old.Element.ID: Sendable {
        self = try Self.computing(
            from: Array(old), to: Array(new), comparingContent: true, identifiedBy: id,
            cancel: nil, checkpoint: {}, duplicate: { throw $0 }, failed: { $0.trap() })
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
    ) throws(DuplicateSectionIDError<Old.Element.ID>)
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable,
          Old.Element.ID: Sendable {
        self = try Self.computing(
            from: Array(old), to: Array(new), comparingContent: true,
            identifiedBy: { (item) throws(DuplicateSectionIDError<Old.Element.ID>) in item[keyPath: id] },
            cancel: nil, checkpoint: { () throws(DuplicateSectionIDError<Old.Element.ID>) in },
            duplicate: { (error) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in throw error },
            failed: { (failure) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in failure.trap() })
    }

    /// The one pipeline behind every initializer and `computed`: sections by
    /// identity, item identities, the item pairing, the content updates.
    /// The Swift passes call `checkpoint` every `ListDiff.checkpointInterval`
    /// items, `cancel` stops the core; a duplicate section identity goes to
    /// `duplicate`, a failed core call to `failed`.
    @inlinable
    static func computing<S: DiffableSection, ItemID: Hashable, Failure: Error>(
        from old: [S], to new: [S], comparingContent: Bool,
        identifiedBy id: (S.Items.Element) throws(Failure) -> ItemID, cancel: CancelFlag?, checkpoint: () throws(Failure) -> Void,
        duplicate: (DuplicateSectionIDError<S.ID>) throws(Failure) -> Never,
        failed: (CoreFailure) throws(Failure) -> Never
    ) throws(Failure) -> SectionedDiff where S.ID: Sendable, S.Items.Element: Equatable {
        let sections: SectionMatch
        do throws(DuplicateSectionIDError<S.ID>) {
            sections = try SectionMatch(old: old, new: new)
        } catch {
            try duplicate(error)
        }
        let (oldIDs, oldLayout) = try identities(of: old, id, checkpoint: checkpoint)
        let (newIDs, newLayout) = try identities(of: new, id, checkpoint: checkpoint)
        let tags = SectionTags(sections: sections, oldLayout: oldLayout, newLayout: newLayout)
        let items: ItemMatch
        do throws(CoreFailure) {
            items = try ItemMatch(old: oldIDs, new: newIDs, tags: tags, oldLayout: oldLayout, newLayout: newLayout,
                                  cancel: cancel)
        } catch {
            try failed(error)
        }
        var updated: [ListDiff.Update] = []
        if comparingContent, let same = ContentComparison.comparer(for: S.Items.Element.self) {
            updated = try updates(from: old, to: new, oldLayout: oldLayout, items: items, same: same, checkpoint: checkpoint)
        } else if comparingContent {
            updated = try updates(from: old, to: new, oldLayout: oldLayout, items: items, same: { $0 == $1 },
                                  checkpoint: checkpoint)
        }
        return SectionedDiff(sections: sections, oldLayout: oldLayout, newLayout: newLayout, items: items,
                             updatedPairs: updated)
    }

    /// The identities of all items of `sections` in one list, and where
    /// each section starts.
    @inlinable
    static func identities<S: DiffableSection, ItemID, Failure: Error>(
        of sections: [S], _ id: (S.Items.Element) throws(Failure) -> ItemID, checkpoint: () throws(Failure) -> Void
    ) throws(Failure) -> ([ItemID], SectionLayout) {
        let layout = SectionLayout(counts: sections.lazy.map { $0.items.count })
        var identities: [ItemID] = []
        identities.reserveCapacity(layout.itemCount)
        var untilCheckpoint = ListDiff.checkpointInterval
        for section in sections {
            for item in section.items {
                identities.append(try id(item))
                untilCheckpoint -= 1
                if untilCheckpoint == 0 {
                    try checkpoint()
                    untilCheckpoint = ListDiff.checkpointInterval
                }
            }
        }
        return (identities, layout)
    }

    /// The matched pairs (flat offsets) whose items are not `same`, ascending
    /// by new offset.
    @inlinable
    static func updates<S: DiffableSection, Failure: Error>(
        from old: [S], to new: [S], oldLayout: SectionLayout, items: ItemMatch,
        same: (S.Items.Element, S.Items.Element) -> Bool, checkpoint: () throws(Failure) -> Void
    ) throws(Failure) -> [ListDiff.Update] {
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
                    if !same(cached[oldOffset - oldLayout.starts[oldSection]], item) {
                        updates.append(ListDiff.Update(old: oldOffset, new: newOffset))
                    }
                }
                newOffset += 1
                if newOffset % ListDiff.checkpointInterval == 0 { try checkpoint() }
            }
        }
        return updates
    }
}
