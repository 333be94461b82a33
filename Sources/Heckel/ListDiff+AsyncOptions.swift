extension ListDiff {
    /// Computes `ListDiff(from: old, to: new, options: options)` off the
    /// caller's actor, and stops early when the task is cancelled; as
    /// `computed(from:to:)` otherwise. A diff on Swift's cooperative pool may
    /// pin `options.threads` to 1 to leave the other cores to the pool.
    ///
    /// - Throws: as `computed(from:to:)`.
    /// - Complexity: as `init(from:to:options:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection>(
        from old: Old, to new: New, options: Options
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Hashable {
        try await Cancellable.run { cancel in try ListDiff.matched(from: old, to: new, options: options, cancel: cancel) }
    }

    /// Computes `ListDiff(from: old, to: new, identifiedBy: id, options:
    /// options)` off the caller's actor, and stops early when the task is
    /// cancelled; as `computed(from:to:identifiedBy:)` otherwise.
    ///
    /// - Throws: as `computed(from:to:identifiedBy:)`.
    /// - Complexity: as `init(from:to:identifiedBy:options:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID, options: Options
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.run { cancel in
            try ListDiff.identified(from: old, to: new, identifiedBy: id, options: options, cancel: cancel).get()
        }
    }
}
