extension ListDiff {
    /// The work of `init(from:to:identifiedBy:)` and its `async` form: the
    /// identities, one core match of them, and the updates.
    ///
    /// Only `id`'s errors are thrown; a core failure, or a cancellation that
    /// `cancel`'s task received during any pass, comes back as `.failure`.
    /// With no `cancel` (the synchronous initializer) nothing is polled.
    @inlinable
    static func identified<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID,
        options: Options, cancel: CancelFlag?
    ) rethrows -> Swift.Result<ListDiff, CoreFailure> where Old.Element == New.Element, Old.Element: Equatable {
        guard let oldIDs = try identities(of: old, id, cancel: cancel),
              let newIDs = try identities(of: new, id, cancel: cancel)
        else { return .failure(.cancelled) }
        return Swift.Result { () throws(CoreFailure) in
            let mapping = try Matcher.match(oldIDs, newIDs, options: options, cancel: cancel)
            return ListDiff(mapping: mapping, updates: try updates(old, new, mapping: mapping, cancel: cancel))
        }
    }

    /// `storedStringIdentities` for an identity at a key path: `nil` unless
    /// `ID` is `String` stored in the elements (`MemoryLayout.offset(of:)`).
    /// Inlined into each key-path form, which keeps its own closure fallback:
    /// the type test folds away once specialized, and other identities' key
    /// paths become a plain field load.
    @inlinable @inline(__always)
    static func storedStringIdentities<Old: Collection, New: Collection, ID>(
        _ old: Old, _ new: New, at id: KeyPath<Old.Element, ID>, options: Options, cancel: CancelFlag?
    ) -> Swift.Result<ListDiff, CoreFailure>? where Old.Element == New.Element, Old.Element: Equatable {
        guard ID.self == String.self, let offset = MemoryLayout<Old.Element>.offset(of: id) else { return nil }
        return storedStringIdentities(old, new, offset: offset, options: options, cancel: cancel)
    }

    /// The diff of two contiguous lists by the `String` stored `offset`
    /// bytes into each element (a key path's `MemoryLayout.offset(of:)`),
    /// read where they lie: no array of identities, no reference counting.
    /// `nil` when a list is not contiguous or a string is not readable in
    /// place (`StringKeys.matchInPlace`); the caller then takes the closure
    /// path. Polls `cancel` as `identified` does.
    @inlinable
    static func storedStringIdentities<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, offset: Int, options: Options, cancel: CancelFlag?
    ) -> Swift.Result<ListDiff, CoreFailure>? where Old.Element == New.Element, Old.Element: Equatable {
        guard StringLayout.isVerified else { return nil }
        let stride = MemoryLayout<Old.Element>.stride
        let matched = old.withContiguousStorageIfAvailable { old in
            new.withContiguousStorageIfAvailable { new in
                Swift.Result { () throws(CoreFailure) -> Mapping? in
                    try StringKeys.matchInPlace(
                        old: .init(base: UnsafeRawPointer(old.baseAddress).map { $0 + offset }, count: old.count, stride: stride),
                        new: .init(base: UnsafeRawPointer(new.baseAddress).map { $0 + offset }, count: new.count, stride: stride),
                        options: options, cancel: cancel)
                }
            }
        }
        switch matched {
        case .some(.some(.success(let mapping?))):
            return Swift.Result { () throws(CoreFailure) in
                ListDiff(mapping: mapping, updates: try updates(old, new, mapping: mapping, cancel: cancel))
            }
        case .some(.some(.failure(let failure))): return .failure(failure)
        default: return nil
        }
    }

    /// `id` of every element, in order, or `nil` when the diff was cancelled
    /// (polled every `CancelFlag.pollInterval` elements).
    @inlinable
    static func identities<C: Collection, ID>(
        of elements: C, _ id: (C.Element) throws -> ID, cancel: CancelFlag?
    ) rethrows -> [ID]? {
        var cancelled = false
        let identities = try [ID](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            // Elements read in place where they are contiguous: `id` borrows
            // each one, with no copy of the element to retain and release.
            let direct: Void? = try elements.withContiguousStorageIfAvailable { source in
                while initialized < min(source.count, buffer.count) {
                    if CancelFlag.isCancelled(cancel, at: initialized) {
                        cancelled = true
                        return
                    }
                    buffer.initializeElement(at: initialized, to: try id(source[initialized]))
                    initialized += 1
                }
            }
            if direct != nil { return }
            for element in elements where initialized < buffer.count {
                if CancelFlag.isCancelled(cancel, at: initialized) {
                    cancelled = true
                    return
                }
                buffer.initializeElement(at: initialized, to: try id(element))
                initialized += 1
            }
        }
        return cancelled ? nil : identities
    }

    /// The matched pairs whose elements are not `==`, ascending by new offset,
    /// polling `cancel` every `CancelFlag.pollInterval` elements.
    @inlinable
    static func updates<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, mapping: Mapping, cancel: CancelFlag?
    ) throws(CoreFailure) -> [Update] where Old.Element == New.Element, Old.Element: Equatable {
        if mapping.matchCount == 0 { return [] }
        // Both lists read in place (borrowed: no element copied to compare).
        return try old.withContiguousElements { (old) throws(CoreFailure) in
            try new.withContiguousElements { (new) throws(CoreFailure) in
                let newToOld = mapping.newToOld
                var updates: [Update] = []
                for newOffset in 0..<min(new.count, newToOld.count) {
                    try CancelFlag.poll(cancel, at: newOffset)
                    let oldOffset = newToOld[newOffset]
                    if oldOffset != Mapping.unmatched, old[Int(oldOffset)] != new[newOffset] {
                        updates.append(Update(old: Int(oldOffset), new: newOffset))
                    }
                }
                return updates
            }
        }
    }
}
