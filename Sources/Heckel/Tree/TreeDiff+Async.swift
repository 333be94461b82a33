extension TreeDiff {
    /// Computes `TreeDiff(from: old, to: new)` and stops early when the task
    /// is cancelled: the gathering and comparison passes within a few
    /// thousand nodes, the C core at its next poll. Runs on the caller's
    /// actor (`isolation`) when the nodes are not `Sendable`, off it when
    /// they are (a more constrained overload), as `ListDiff.computed`.
    ///
    /// - Throws: `TreeDiff.Error`; `CancellationError` when the task is
    ///   cancelled.
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection>(
        from old: Old, to new: New, isolation: isolated (any Actor)? = #isolation
    ) async throws -> TreeDiff
    where Old.Element: DiffableTreeNode, New.Element == Old.Element, Old.Element.ID == ID {
        try await Cancellable.runHere { cancel in
            try cancellable(old, new, identifiedBy: { $0.id }, children: { $0.children }, cancel)
        }
    }

    /// `computed(from:to:)` for `Sendable` trees: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable>(
        from old: Old, to new: New, isolation: isolated (any Actor)? = #isolation
    ) async throws -> TreeDiff
    where Old.Element: DiffableTreeNode, New.Element == Old.Element, Old.Element.ID == ID {
        try await Cancellable.run { cancel in
            try cancellable(old, new, identifiedBy: { $0.id }, children: { $0.children }, cancel)
        }
    }

    /// Computes `TreeDiff(from: old, to: new, identifiedBy: id, children:
    /// children)` and stops early when the task is cancelled; runs on the
    /// caller's actor, as `computed(from:to:)` with non-`Sendable` nodes.
    ///
    /// - Throws: `TreeDiff.Error`; `CancellationError`.
    /// - Complexity: as `init(from:to:identifiedBy:children:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, Children: Collection>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) -> ID, children: (Old.Element) -> Children,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> TreeDiff
    where New.Element == Old.Element, Children.Element == Old.Element, Old.Element: Equatable {
        try await Cancellable.runHere { cancel in try cancellable(old, new, identifiedBy: id, children: children, cancel) }
    }

    /// `computed(from:to:identifiedBy:children:)` for `Sendable` trees and
    /// `@Sendable` closures: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:identifiedBy:children:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable, Children: Collection>(
        from old: Old, to new: New, identifiedBy id: @Sendable (Old.Element) -> ID,
        children: @Sendable (Old.Element) -> Children, isolation: isolated (any Actor)? = #isolation
    ) async throws -> TreeDiff
    where New.Element == Old.Element, Children.Element == Old.Element, Old.Element: Equatable {
        try await Cancellable.run { cancel in try cancellable(old, new, identifiedBy: id, children: children, cancel) }
    }

    /// The pipeline with a cancel flag: a cancelled run throws the core's
    /// cancellation, which `Cancellable` reports as `CancellationError`.
    @inlinable
    static func cancellable<Old: Collection, New: Collection, Children: Collection>(
        _ old: Old, _ new: New, identifiedBy id: (Old.Element) -> ID, children: (Old.Element) -> Children,
        _ cancel: CancelFlag
    ) throws -> TreeDiff
    where New.Element == Old.Element, Children.Element == Old.Element, Old.Element: Equatable {
        guard let diff = try computing(old, new, identifiedBy: id, children: children, cancel: cancel) else {
            throw CoreFailure.cancelled
        }
        return diff
    }
}
