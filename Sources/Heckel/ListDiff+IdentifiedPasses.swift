extension ListDiff {
    /// The work of `init(from:to:identifiedBy:)` and its `async` form.
    ///
    /// The Swift passes (identities, updates) call `checkpoint` every
    /// `checkpointInterval` elements, and `cancel` stops the core; a failed
    /// core call goes to `failed`. The synchronous initializer passes an empty
    /// checkpoint and a trap, so nothing of this throws for it but `id`.
    @inlinable
    static func identified<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID,
        cancel: CancelFlag?, checkpoint: () throws -> Void, failed: (CoreFailure) throws -> Never
    ) rethrows -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        let oldIDs = try identities(of: old, id, checkpoint: checkpoint)
        let newIDs = try identities(of: new, id, checkpoint: checkpoint)
        let mapping: Mapping
        do {
            mapping = try Matcher.match(oldIDs, newIDs, cancel: cancel)
        } catch {
            try failed(error)
        }
        return ListDiff(mapping: mapping, updates: try updates(old, new, mapping: mapping, checkpoint: checkpoint))
    }

    /// How many elements the Swift passes handle between two checkpoints:
    /// often enough to stop within a fraction of a millisecond, rarely enough
    /// to cost nothing measurable.
    @inlinable
    static var checkpointInterval: Int { 4096 }

    /// `id` of every element, in order, calling `checkpoint` every
    /// `checkpointInterval` elements.
    @inlinable
    static func identities<C: Collection, ID>(
        of elements: C, _ id: (C.Element) throws -> ID, checkpoint: () throws -> Void
    ) rethrows -> [ID] {
        var identities: [ID] = []
        identities.reserveCapacity(elements.count)
        var sinceCheckpoint = 0
        for element in elements {
            sinceCheckpoint &+= 1
            if sinceCheckpoint == checkpointInterval {
                sinceCheckpoint = 0
                try checkpoint()
            }
            identities.append(try id(element))
        }
        return identities
    }

    /// The matched pairs whose elements are not `==`, ascending by new offset,
    /// calling `checkpoint` every `checkpointInterval` elements.
    @inlinable
    static func updates<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, mapping: Mapping, checkpoint: () throws -> Void
    ) rethrows -> [Update] where Old.Element == New.Element, Old.Element: Equatable {
        if mapping.matchCount == 0 { return [] }
        return try withContiguousElements(of: old) { old in
            try mapping.newToOld.withUnsafeBufferPointer { newToOld in
                var updates: [Update] = []
                var newOffset = 0
                var sinceCheckpoint = 0
                for element in new {
                    sinceCheckpoint &+= 1
                    if sinceCheckpoint == checkpointInterval {
                        sinceCheckpoint = 0
                        try checkpoint()
                    }
                    let oldOffset = newToOld[newOffset]
                    if oldOffset != Mapping.unmatched, old[Int(oldOffset)] != element {
                        updates.append(Update(old: Int(oldOffset), new: newOffset))
                    }
                    newOffset += 1
                }
                return updates
            }
        }
    }
}
