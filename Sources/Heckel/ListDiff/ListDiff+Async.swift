extension ListDiff {
    /// Computes `ListDiff(from: old, to: new)` and stops early when the task
    /// is cancelled.
    ///
    /// For list UIs that receive newer data mid-diff: cancel the task and the
    /// C core stops at its next poll (every few thousand elements).
    ///
    /// Where it runs: with `Sendable` lists (a more constrained overload),
    /// off the caller's actor, on the global concurrent executor; with lists
    /// of non-`Sendable` elements, which may not leave their actor, on the
    /// caller's actor (`isolation`, `#isolation` by default), so that
    /// `try await ListDiff.computed(from: rows, to: next)` compiles inside an
    /// actor in Swift 6 language mode. Either way it is cancellable.
    ///
    /// `options` as in `init(from:to:options:)`: a diff on Swift's
    /// cooperative pool may pin `options.threads` to 1 to leave the other
    /// cores to the pool.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before or
    ///   while the diff runs; `ListDiff.Error.tooLarge` when a list has more
    ///   than `ListDiff.maximumCount` elements; `ListDiff.Error.outOfMemory`
    ///   when the core cannot allocate its scratch space.
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection>(
        from old: Old, to new: New, options: Options = Options(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Hashable {
        try await Cancellable.runHere { cancel in try ListDiff.matched(from: old, to: new, options: options, cancel: cancel) }
    }

    /// `computed(from:to:)` for `Sendable` lists: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable>(
        from old: Old, to new: New, options: Options = Options(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Hashable {
        try await Cancellable.run { cancel in try ListDiff.matched(from: old, to: new, options: options, cancel: cancel) }
    }

    /// Computes `ListDiff(from: old, to: new, identifiedBy: id)` and stops
    /// early when the task is cancelled: the calls of `id` and the comparisons
    /// for updates stop within a few thousand elements, the C core at its
    /// next poll. Runs on the caller's actor (non-`Sendable` elements) or off
    /// it (`Sendable` lists and a `@Sendable` `id`), as `computed(from:to:)`.
    ///
    /// - Throws: what `id` throws; `CancellationError` when the task is
    ///   cancelled; `ListDiff.Error` when a list is too large or memory runs
    ///   out.
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID,
        options: Options = Options(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.runHere { cancel in
            try ListDiff.identified(from: old, to: new, identifiedBy: id, options: options, cancel: cancel).get()
        }
    }

    /// `computed(from:to:identifiedBy:)` for `Sendable` lists: off the
    /// caller's actor.
    ///
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: @Sendable (Old.Element) throws -> ID,
        options: Options = Options(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.run { cancel in
            try ListDiff.identified(from: old, to: new, identifiedBy: id, options: options, cancel: cancel).get()
        }
    }

    /// Computes `ListDiff(from: old, to: new, identifiedBy: id)` for an
    /// identity at a key path; see `computed(from:to:identifiedBy:)`. As with
    /// `init(from:to:identifiedBy:)` and a key path, a `String`, `UUID` or
    /// 64-bit integer identity stored in the elements of a contiguous
    /// collection is read where it lies; any other stored identity is loaded
    /// at its offset, and a computed one read through the key path.
    ///
    /// - Throws: as `computed(from:to:identifiedBy:)` with a closure.
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable @_disfavoredOverload
    public static func computed<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: KeyPath<Old.Element, ID>,
        options: Options = Options(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.runHere { cancel in try ListDiff.identified(from: old, to: new, at: id, options: options, cancel: cancel) }
    }

    /// `computed(from:to:identifiedBy:)` with a key path, for `Sendable`
    /// lists: off the caller's actor.
    ///
    /// - Complexity: as `init(from:to:identifiedBy:)`.
    @inlinable
    public static func computed<Old: Collection & Sendable, New: Collection & Sendable, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: any KeyPath<Old.Element, ID> & Sendable,
        options: Options = Options(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        try await Cancellable.run { cancel in try ListDiff.identified(from: old, to: new, at: id, options: options, cancel: cancel) }
    }

    /// The work of both key-path `computed` forms: the identities read in
    /// place where `storedIdentities` can, else through `fieldReader` (a key
    /// path handed to a task is a value, which the compiler cannot fold into
    /// a field access as it does a literal).
    @inlinable
    static func identified<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, at id: KeyPath<Old.Element, ID>, options: Options, cancel: CancelFlag
    ) throws -> ListDiff where Old.Element == New.Element, Old.Element: Equatable {
        if let result = storedIdentities(old, new, at: id, options: options, cancel: cancel) {
            return try result.get()
        }
        return try identified(from: old, to: new, identifiedBy: fieldReader(id), options: options, cancel: cancel).get()
    }
}
