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
            cancel: nil,
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
            cancel: nil, duplicate: { throw $0 }, failed: { $0.trap() })
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
        // A stored property is read at its offset: projecting the key path is
        // a runtime call (and a metadata lookup) per item.
        let read = fieldReader(id)
        self = try Self.computing(
            from: Array(old), to: Array(new), comparingContent: true,
            identifiedBy: { (item) throws(DuplicateSectionIDError<Old.Element.ID>) in read(item) },
            cancel: nil,
            duplicate: { (error) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in throw error },
            failed: { (failure) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in failure.trap() })
    }

    /// The one pipeline behind every initializer and `computed`: sections by
    /// identity, item identities, the item pairing, the content updates.
    /// With `cancel`, the Swift passes poll the task's cancellation every
    /// `CancelFlag.pollInterval` items and the core polls the flag; a
    /// duplicate section identity goes to `duplicate`, a failed or cancelled
    /// core call to `failed`.
    @inlinable
    static func computing<S: DiffableSection, ItemID: Hashable, Failure: Error>(
        from old: [S], to new: [S], comparingContent: Bool,
        identifiedBy id: (S.Items.Element) throws(Failure) -> ItemID, cancel: CancelFlag?,
        duplicate: (DuplicateSectionIDError<S.ID>) throws(Failure) -> Never,
        failed: (CoreFailure) throws(Failure) -> Never
    ) throws(Failure) -> SectionedDiff where S.ID: Sendable, S.Items.Element: Equatable {
        let sections: SectionMatch
        do throws(DuplicateSectionIDError<S.ID>) {
            sections = try SectionMatch(old: old, new: new)
        } catch {
            try duplicate(error)
        }
        guard let (oldIDs, oldLayout) = try identities(of: old, id, cancel: cancel),
              let (newIDs, newLayout) = try identities(of: new, id, cancel: cancel)
        else { try failed(.cancelled) }
        let tags = SectionTags(sections: sections, oldLayout: oldLayout, newLayout: newLayout)
        let items: ItemMatch
        do throws(CoreFailure) {
            items = try ItemMatch(old: oldIDs, new: newIDs, tags: tags, oldLayout: oldLayout, newLayout: newLayout,
                                  cancel: cancel)
        } catch {
            try failed(error)
        }
        var updated: [ListDiff.Pair] = []
        do throws(CoreFailure) {
            if comparingContent {
                let same = ContentComparison.comparer(for: S.Items.Element.self) ?? { $0 == $1 }
                updated = try updates(from: old, to: new, oldLayout: oldLayout, items: items, same: same, cancel: cancel)
            }
        } catch {
            try failed(error)
        }
        return SectionedDiff(sections: sections, oldLayout: oldLayout, newLayout: newLayout, items: items,
                             updatedPairs: updated)
    }

    /// The identities of all items of `sections` in one list, and where
    /// each section starts; `nil` when the diff was cancelled (polled every
    /// `CancelFlag.pollInterval` items).
    @inlinable
    static func identities<S: DiffableSection, ItemID, Failure: Error>(
        of sections: [S], _ id: (S.Items.Element) throws(Failure) -> ItemID, cancel: CancelFlag?
    ) throws(Failure) -> ([ItemID], SectionLayout)? {
        let layout = SectionLayout(counts: sections.lazy.map { $0.items.count })
        var identities: [ItemID] = []
        identities.reserveCapacity(layout.itemCount)
        for section in sections {
            for item in section.items {
                if CancelFlag.isCancelled(cancel, at: identities.count) { return nil }
                identities.append(try id(item))
            }
        }
        return (identities, layout)
    }

    /// The matched pairs (flat offsets) whose items are not `same`, ascending
    /// by new offset; polls `cancel` every `CancelFlag.pollInterval` items.
    @inlinable
    static func updates<S: DiffableSection>(
        from old: [S], to new: [S], oldLayout: SectionLayout, items: ItemMatch,
        same: (S.Items.Element, S.Items.Element) -> Bool, cancel: CancelFlag?
    ) throws(CoreFailure) -> [ListDiff.Pair] {
        if items.deletions.count == items.oldCount { return [] }
        // O(1) views for array-backed sections; a copy for other collections.
        let oldItems = old.map { ContiguousArray($0.items) }
        var updates: [ListDiff.Pair] = []
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
                        updates.append(ListDiff.Pair(old: oldOffset, new: newOffset))
                    }
                }
                newOffset += 1
                try CancelFlag.poll(cancel, at: newOffset)
            }
        }
        return updates
    }
}
