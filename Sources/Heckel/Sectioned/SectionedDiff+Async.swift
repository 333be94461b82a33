extension SectionedDiff {
    /// Computes `SectionedDiff(from: old, to: new)` and stops early when the
    /// task is cancelled. Runs on the caller's actor (`isolation`) when the
    /// sections are not `Sendable`, off it when they are (a more constrained
    /// overload), as `ListDiff.computed(from:to:)`.
    ///
    /// - Throws: `DuplicateSectionIDError` when two sections of one snapshot
    ///   share an identity; `CancellationError`; `ListDiff.Error` when a
    ///   snapshot is too large or memory runs out.
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection>(
        from old: Old, to new: New, isolation: isolated (any Actor)? = #isolation
    ) async throws -> SectionedDiff
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Hashable,
          Old.Element.ID: Sendable {
        try await Cancellable.runHere { cancel in try cancellable(old, new, { $0 }, comparingContent: false, cancel) }
    }

    /// `computed(from:to:)` for `Sendable` snapshots: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable>(
        from old: Old, to new: New, isolation: isolated (any Actor)? = #isolation
    ) async throws -> SectionedDiff
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Hashable,
          Old.Element.ID: Sendable {
        try await Cancellable.run { cancel in try cancellable(old, new, { $0 }, comparingContent: false, cancel) }
    }

    /// Computes `SectionedDiff(from: old, to: new, identifiedBy: id)` and
    /// stops early when the task is cancelled: the calls of `id` and the
    /// content comparisons within a few thousand items, the C core at its
    /// next poll. Runs on the caller's actor or off it, as
    /// `computed(from:to:)`.
    ///
    /// A key path literal is an identity too (`identifiedBy: \.id`): the
    /// compiler turns it into a closure that reads the property directly.
    ///
    /// - Throws: `DuplicateSectionIDError`; what `id` throws;
    ///   `CancellationError`; `ListDiff.Error`.
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, ItemID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element.Items.Element) throws -> ItemID,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> SectionedDiff
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable,
          Old.Element.ID: Sendable {
        try await Cancellable.runHere { cancel in try cancellable(old, new, id, comparingContent: true, cancel) }
    }

    /// `computed(from:to:identifiedBy:)` for `Sendable` snapshots and a
    /// `@Sendable` identity: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable, ItemID: Hashable>(
        from old: Old, to new: New, identifiedBy id: @Sendable (Old.Element.Items.Element) throws -> ItemID,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> SectionedDiff
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.Items.Element: Equatable,
          Old.Element.ID: Sendable {
        try await Cancellable.run { cancel in try cancellable(old, new, id, comparingContent: true, cancel) }
    }

    /// The pipeline with the task's cancellation wired in: checkpoints in the
    /// Swift passes, `cancel` in the core, core failures thrown for
    /// `Cancellable` to map.
    @inlinable
    static func cancellable<Old: Collection, New: Collection, ItemID: Hashable>(
        _ old: Old, _ new: New, _ id: (Old.Element.Items.Element) throws -> ItemID, comparingContent: Bool,
        _ cancel: CancelFlag
    ) throws -> SectionedDiff
    where Old.Element: DiffableSection, New.Element == Old.Element, Old.Element.ID: Sendable,
          Old.Element.Items.Element: Equatable {
        try computing(
            from: Array(old), to: Array(new), comparingContent: comparingContent, identifiedBy: id, cancel: cancel,
            duplicate: { throw $0 }, failed: { throw $0 })
    }
}
