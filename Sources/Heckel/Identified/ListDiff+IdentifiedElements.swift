extension ListDiff {
    /// The difference between two lists whose elements have an identity:
    /// elements are matched by identity, and a matched pair whose elements are
    /// not `==` is reported in `updates`.
    ///
    /// ```swift
    /// let diff = ListDiff(from: oldRows, to: newRows) { $0.id }
    /// for update in diff.updates { reload(row: update.new) }
    /// ```
    ///
    /// Identities repeated in a list pair up in order, like equal elements in
    /// `init(from:to:)`. Integer, `UUID` and ASCII `String` identities take the
    /// byte-keyed fast paths.
    ///
    /// The identities are gathered into one scratch buffer and matched as
    /// the plain diff of them would be; the updates are then one `==` per
    /// matched pair, written into the diff's own storage. So the identified
    /// diff costs the plain diff of the identities plus one call of `id` per
    /// element and one `==` per matched pair;
    /// `./Scripts/bench.sh --scenario random --size 1e3 --element identified-int`
    /// reports it beside the plain diff of the ids ("identified over plain
    /// ids").
    ///
    /// - Parameters:
    ///   - old: The list before the change.
    ///   - new: The list after the change.
    ///   - id: The identity of an element; called once per element.
    ///   - options: Threads and order handling; see `ListDiff.Options`.
    /// - Precondition: neither list has more than `ListDiff.maximumCount`
    ///   elements; running out of memory traps.
    /// - Complexity: O(n) expected, n = old count + new count, plus one call
    ///   of `id` per element, one `==` per matched pair and O(m log m) for the
    ///   m matched pairs when they are out of order (none with
    ///   `options.ignoresOrder`).
    @inlinable
    public init<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID, options: Options = Options()
    ) rethrows where Old.Element == New.Element, Old.Element: Equatable {
        switch try Self.identified(from: old, to: new, identifiedBy: id, options: options, cancel: nil) {
        case .success(let diff): self = diff
        case .failure(let failure): failure.trap()
        }
    }

    /// The difference between two lists whose elements have an identity at
    /// `id`, such as `\.id`: elements are matched by identity, and a matched
    /// pair whose elements are not `==` is reported in `updates`.
    ///
    /// A `String`, `UUID` or 64-bit integer identity stored in the elements
    /// of a contiguous collection (a stored property of a struct,
    /// `MemoryLayout.offset(of:)` not `nil`) is read where it lies: no
    /// scratch copy of the identities is made. Any other identity is read
    /// through the key path as the closure form reads it.
    ///
    /// - Precondition: neither list has more than `ListDiff.maximumCount`
    ///   elements; running out of memory traps.
    /// - Complexity: as `init(from:to:identifiedBy:)` with a closure.
    @inlinable @inline(__always)
    public init<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: KeyPath<Old.Element, ID>, options: Options = Options()
    ) where Old.Element == New.Element, Old.Element: Equatable {
        // Always inlined, down to the calls of `id` (`identified`): the key
        // path literal of the caller then folds into a field load and an
        // offset, and no key path object is made at run time (in generic
        // code, making one is a call into the runtime per diff).
        let result: Swift.Result<ListDiff, CoreFailure>
        if let stored = Self.storedIdentities(old, new, at: id, options: options, cancel: nil) {
            result = stored
        } else {
            result = Self.identified(from: old, to: new, identifiedBy: { $0[keyPath: id] }, options: options, cancel: nil)
        }
        switch result {
        case .success(let diff): self = diff
        case .failure(let failure): failure.trap()
        }
    }
}
