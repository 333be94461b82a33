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
        // a runtime call (and a metadata lookup) per item. Where the items are
        // contiguous it is loaded straight from their storage (`storedAt`),
        // with no call per item.
        let read = fieldReader(id)
        self = try Self.computing(
            from: Array(old), to: Array(new), comparingContent: true,
            identifiedBy: { (item) throws(DuplicateSectionIDError<Old.Element.ID>) in read(item) },
            storedAt: MemoryLayout<Old.Element.Items.Element>.offset(of: id), cancel: nil,
            duplicate: { (error) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in throw error },
            failed: { (failure) throws(DuplicateSectionIDError<Old.Element.ID>) -> Never in failure.trap() })
    }

    /// The one pipeline behind every initializer and `computed`: sections by
    /// identity, item identities, the item pairing, the content updates.
    /// `storedAt`: the byte offset of the identity in an item, when `id`
    /// reads that stored property (see `identities(of:_:storedAt:cancel:)`).
    /// With `cancel`, the Swift passes poll the task's cancellation every
    /// `CancelFlag.pollInterval` items and the core polls the flag; a
    /// duplicate section identity goes to `duplicate`, a failed or cancelled
    /// core call to `failed`.
    @inlinable
    static func computing<S: DiffableSection, ItemID: Hashable, Failure: Error>(
        from old: [S], to new: [S], comparingContent: Bool,
        identifiedBy id: (S.Items.Element) throws(Failure) -> ItemID, storedAt offset: Int? = nil,
        cancel: CancelFlag?, duplicate: (DuplicateSectionIDError<S.ID>) throws(Failure) -> Never,
        failed: (CoreFailure) throws(Failure) -> Never
    ) throws(Failure) -> SectionedDiff where S.ID: Sendable, S.Items.Element: Equatable {
        let sections: SectionMatch
        do throws(DuplicateSectionIDError<S.ID>) {
            sections = try SectionMatch(old: old, new: new)
        } catch {
            try duplicate(error)
        }
        guard let (oldIDs, oldLayout) = try identities(of: old, id, storedAt: offset, cancel: cancel),
              let (newIDs, newLayout) = try identities(of: new, id, storedAt: offset, cancel: cancel)
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
                updated = try updates(from: old, to: new, sections: sections, oldLayout: oldLayout, newLayout: newLayout,
                                      items: items, same: ContentComparison.comparer(for: S.Items.Element.self),
                                      cancel: cancel)
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
    ///
    /// With `offset` (the identity is the item's stored property at that
    /// byte offset, which `id` reads), a section whose items are contiguous
    /// has its identities loaded from their storage, a copy of each as `id`
    /// returns it; other sections call `id` per item.
    @inlinable
    static func identities<S: DiffableSection, ItemID, Failure: Error>(
        of sections: [S], _ id: (S.Items.Element) throws(Failure) -> ItemID, storedAt offset: Int?,
        cancel: CancelFlag?
    ) throws(Failure) -> ([ItemID], SectionLayout)? {
        let layout = SectionLayout(counts: sections.lazy.map { $0.items.count })
        let count = layout.itemCount
        // Written in place into storage sized once (no append's capacity
        // check per item); `id`'s error and a cancellation leave the loop
        // with the identities so far initialized, as the array then holds.
        var failure: Failure?
        var cancelled = false
        let identities = [ItemID](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            do throws(Failure) {
                for section in sections {
                    if let offset {
                        let stride = MemoryLayout<S.Items.Element>.stride
                        let loaded: Bool? = section.items.withContiguousStorageIfAvailable { items in
                            precondition(items.count <= count - initialized,
                                         "SectionedDiff: a section's item count changed during the diff")
                            guard let raw = UnsafeRawPointer(items.baseAddress) else { return true }
                            for k in 0..<items.count {
                                if CancelFlag.isCancelled(cancel, at: initialized) { return false }
                                (base + initialized).initialize(
                                    to: raw.load(fromByteOffset: k &* stride &+ offset, as: ItemID.self))
                                initialized += 1
                            }
                            return true
                        }
                        if let loaded {
                            if loaded { continue }
                            cancelled = true
                            return
                        }
                    }
                    for item in section.items {
                        precondition(initialized < count, "SectionedDiff: a section's item count changed during the diff")
                        if CancelFlag.isCancelled(cancel, at: initialized) {
                            cancelled = true
                            return
                        }
                        (base + initialized).initialize(to: try id(item))
                        initialized += 1
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if cancelled { return nil }
        precondition(identities.count == count, "SectionedDiff: a section's item count changed during the diff")
        return (identities, layout)
    }

    /// The matched pairs (flat offsets) whose items are not `same` (`==`
    /// when `same` is `nil`), ascending by new offset; polls `cancel` every
    /// `CancelFlag.pollInterval` items.
    ///
    /// An item paired within its section pair (its old flat offset in the
    /// partner section's range) is read from the partner's items directly;
    /// only an item that changed section has its old section looked up.
    @inlinable
    static func updates<S: DiffableSection>(
        from old: [S], to new: [S], sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout,
        items: ItemMatch, same: ((S.Items.Element, S.Items.Element) -> Bool)?, cancel: CancelFlag?
    ) throws(CoreFailure) -> [ListDiff.Pair] where S.Items.Element: Equatable {
        if items.deletions.count == items.oldCount { return [] }
        // O(1) views for array-backed sections; a copy for other collections.
        let oldItems = old.map { ContiguousArray($0.items) }
        var updates: [ListDiff.Pair] = []
        var hint = 0
        try items.newToOld.withUnsafeBufferPointer { (newToOld) throws(CoreFailure) in
            for (newSection, section) in new.enumerated() {
                var newOffset = newLayout.starts[newSection]
                let partner = sections.oldSection(forNew: newSection)
                // An empty range when there is no partner: every matched item crosses.
                let partnerRange = partner.map { oldLayout.items(inSection: $0) } ?? 0..<0
                let (low, high) = (partnerRange.lowerBound, partnerRange.upperBound)
                let partnerItems = partner.map { oldItems[$0] } ?? []
                for item in section.items {
                    try CancelFlag.poll(cancel, at: newOffset)
                    let mapped = newToOld[newOffset]
                    // `Mapping.unmatched` exceeds every offset: never in the partner's range.
                    let oldOffset = Int(mapped)
                    let differs: Bool
                    if oldOffset >= low && oldOffset < high {
                        let before = partnerItems[oldOffset &- low]
                        differs = if let same { !same(before, item) } else { before != item }
                    } else if mapped != Mapping.unmatched {
                        let oldSection = oldLayout.section(containing: oldOffset, hint: hint)
                        hint = oldSection
                        let before = oldItems[oldSection][oldOffset - oldLayout.starts[oldSection]]
                        differs = if let same { !same(before, item) } else { before != item }
                    } else {
                        differs = false
                    }
                    if differs { updates.append(ListDiff.Pair(old: oldOffset, new: newOffset)) }
                    newOffset += 1
                }
            }
        }
        return updates
    }
}
