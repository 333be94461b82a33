extension ListDiff {
    /// Computes `ListDiff(from: old, to: new)` off the caller's actor, and
    /// stops early when the task is cancelled.
    ///
    /// For list UIs that receive newer data mid-diff: cancel the task and the
    /// C core stops at its next poll (every few thousand elements). The work
    /// runs on the global concurrent executor and occupies one of its
    /// threads until it finishes or stops.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before or
    ///   while the diff runs; `ListDiff.Error.tooLarge` when a list has more
    ///   than `ListDiff.maximumCount` elements; `ListDiff.Error.outOfMemory`
    ///   when the core cannot allocate its scratch space.
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection>(
        from old: Old, to new: New
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Hashable {
        try await Cancellable.run { cancel in try ListDiff.matched(from: old, to: new, options: Options(), cancel: cancel) }
    }

    /// Computes `ListDiff(from: old, to: new, identifiedBy: id)` off the
    /// caller's actor, and stops early when the task is cancelled: the calls
    /// of `id` and the comparisons for updates stop within a few thousand
    /// elements, the C core at its next poll.
    ///
    /// - Throws: what `id` throws; `CancellationError` when the task is
    ///   cancelled; `ListDiff.Error` when a list is too large or memory runs
    ///   out.
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.run { cancel in
            try ListDiff.identified(from: old, to: new, identifiedBy: id, options: Options(), cancel: cancel).get()
        }
    }

    /// Computes `ListDiff(from: old, to: new, identifiedBy: id)` for an
    /// identity at a key path, off the caller's actor, and stops early when the
    /// task is cancelled.
    ///
    /// - Throws: as `computed(from:to:identifiedBy:)` with a closure.
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: KeyPath<Old.Element, ID>
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await computed(from: old, to: new, identifiedBy: { $0[keyPath: id] })
    }
}
