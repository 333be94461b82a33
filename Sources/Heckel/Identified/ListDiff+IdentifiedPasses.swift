extension ListDiff {
    /// The work of `init(from:to:identifiedBy:)` and its `async` form: the
    /// identities, one core match of them, and the updates.
    ///
    /// The identities of both lists go into one scratch buffer, freed once
    /// matched as a plain diff of them would be (`Matcher`): no arrays of
    /// identities and no generic metadata looked up per call.
    ///
    /// Only `id`'s errors are thrown; a core failure, or a cancellation that
    /// `cancel`'s task received during any pass, comes back as `.failure`.
    /// With no `cancel` (the synchronous initializer) nothing is polled.
    ///
    /// Always inlined, with `gatherIdentities`, and no closure between the
    /// caller and the calls of `id`: a key path literal the caller wraps in a
    /// closure (`{ $0[keyPath: id] }`) then folds into a field load. Called
    /// from a closure the optimizer keeps apart (such as the body of
    /// `withUnsafeTemporaryAllocation`), the key path would be passed in and
    /// projected at run time for every element, several times the cost of
    /// the whole diff of small lists
    /// (`./Scripts/bench.sh --scenario random --size 1e2 --element identified-int`).
    @inlinable @inline(__always)
    static func identified<Old: Collection, New: Collection, ID: Hashable>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) throws -> ID,
        options: Options, cancel: CancelFlag?
    ) rethrows -> Swift.Result<ListDiff, CoreFailure> where Old.Element == New.Element, Old.Element: Equatable {
        let oldCount = old.count, newCount = new.count
        let matched: Swift.Result<Mapping, CoreFailure>
        do {
            let ids = UnsafeMutableBufferPointer<ID>.allocate(capacity: oldCount + newCount)
            var initialized = 0
            defer {
                ids.baseAddress?.deinitialize(count: initialized)
                ids.deallocate()
            }
            if try gatherIdentities(of: old, id, into: ids, from: 0, count: oldCount, initialized: &initialized,
                                    cancel: cancel),
               try gatherIdentities(of: new, id, into: ids, from: oldCount, count: newCount,
                                    initialized: &initialized, cancel: cancel) {
                let all = UnsafeBufferPointer(ids)
                matched = Swift.Result { () throws(CoreFailure) in
                    try Matcher.match(UnsafeBufferPointer(rebasing: all[..<oldCount]),
                                      UnsafeBufferPointer(rebasing: all[oldCount...]), options: options, cancel: cancel)
                }
            } else {
                matched = .failure(.cancelled)
            }
        }
        return matched.flatMap { mapping in
            Swift.Result { () throws(CoreFailure) in
                ListDiff(mapping: mapping, updates: try updates(old, new, mapping: mapping, cancel: cancel))
            }
        }
    }

    /// Writes `id` of each of the `count` elements of `elements` to `ids`
    /// from offset `start` on, adding one to `initialized` per identity
    /// written (what the caller deinitializes, also when `id` throws).
    /// `false` when the diff was cancelled (polled every
    /// `CancelFlag.pollInterval` elements, between tight runs of loads).
    ///
    /// - Precondition: `elements` holds `count` elements (its `count`).
    @inlinable @inline(__always)
    static func gatherIdentities<C: Collection, ID>(
        of elements: C, _ id: (C.Element) throws -> ID, into ids: UnsafeMutableBufferPointer<ID>,
        from start: Int, count: Int, initialized: inout Int, cancel: CancelFlag?
    ) rethrows -> Bool {
        guard count > 0, let base = ids.baseAddress.map({ $0 + start }) else { return true }
        // Elements read in place where they are contiguous: `id` borrows
        // each one, with no copy of the element to retain and release.
        let direct: Bool? = try elements.withContiguousStorageIfAvailable { source in
            precondition(source.count == count, "ListDiff: a collection's count changed during the diff")
            var k = 0
            while k < count {
                if CancelFlag.isCancelled(cancel, at: k) { return false }
                let end = min(count, k &+ CancelFlag.pollInterval)
                while k < end {
                    (base + k).initialize(to: try id(source[k]))
                    initialized &+= 1
                    k &+= 1
                }
            }
            return true
        }
        if let direct { return direct }
        var k = 0
        for element in elements {
            precondition(k < count, "ListDiff: a collection's count changed during the diff")
            if CancelFlag.isCancelled(cancel, at: k) { return false }
            (base + k).initialize(to: try id(element))
            initialized &+= 1
            k &+= 1
        }
        precondition(k == count, "ListDiff: a collection's count changed during the diff")
        return true
    }

    /// The diff by an identity stored at a key path, read where it lies:
    /// `nil` unless `ID` is `String` (`storedStringIdentities`), a 64-bit
    /// integer of `IntegerKeys` (8-byte records, their own keys) or a packed
    /// `UUID` (16-byte records), these two by `storedRecordIdentities`, stored in
    /// the elements (`MemoryLayout.offset(of:)`). Inlined into each key-path
    /// form, which keeps its own closure fallback: the type tests fold away
    /// once specialized, and other identities' key paths become a plain field
    /// load.
    @inlinable @inline(__always)
    static func storedIdentities<Old: Collection, New: Collection, ID>(
        _ old: Old, _ new: New, at id: KeyPath<Old.Element, ID>, options: Options, cancel: CancelFlag?
    ) -> Swift.Result<ListDiff, CoreFailure>? where Old.Element == New.Element, Old.Element: Equatable {
        if ID.self == String.self {
            guard let offset = MemoryLayout<Old.Element>.offset(of: id) else { return nil }
            return storedStringIdentities(old, new, offset: offset, options: options, cancel: cancel)
        }
        if IntegerKeys.accepts(ID.self), MemoryLayout<ID>.size == 8 {
            guard let offset = MemoryLayout<Old.Element>.offset(of: id) else { return nil }
            return storedRecordIdentities(old, new, offset: offset, size: 8, options: options, cancel: cancel)
        }
        if UUIDRecords.accepts(ID.self) {
            guard let offset = MemoryLayout<Old.Element>.offset(of: id) else { return nil }
            return storedRecordIdentities(old, new, offset: offset, size: UUIDRecords.size,
                                          options: options, cancel: cancel)
        }
        return nil
    }

    /// The diff of two contiguous lists by the `size`-byte identity stored
    /// `offset` bytes into each element, whose bytes are its equality (a
    /// `UUID`, a 64-bit integer): matched where they lie, as 16-byte
    /// records (`heckel_match_records_at_stride`) or 8-byte exact keys
    /// (`heckel_match_keys_at_stride`), so no scratch copy of the
    /// identities is made (at 10^4 records that copy, 160 KB of `Int`s or
    /// 320 KB of `UUID`s, was trimmed by glibc and faulted back in on every
    /// call). `nil` when a list is not contiguous; the caller then takes the
    /// closure path. Polls `cancel` as `identified` does.
    @inlinable
    static func storedRecordIdentities<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, offset: Int, size: Int, options: Options, cancel: CancelFlag?
    ) -> Swift.Result<ListDiff, CoreFailure>? where Old.Element == New.Element, Old.Element: Equatable {
        storedIdentityDiff(old, new, offset: offset, cancel: cancel) {
            (oldBase, oldCount, newBase, newCount, stride) throws(CoreFailure) -> Mapping? in
            // 8 bytes whose equality is theirs are their own exact key.
            if size == MemoryLayout<UInt64>.size {
                return try Core.matchKeys(old: oldBase, oldCount: oldCount, new: newBase, newCount: newCount,
                                          stride: stride, options: options, cancel: cancel)
            }
            return try Core.matchRecords(old: oldBase, oldCount: oldCount, new: newBase, newCount: newCount,
                                         size: size, stride: stride, options: options, cancel: cancel)
        }
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
        return storedIdentityDiff(old, new, offset: offset, cancel: cancel) {
            (oldBase, oldCount, newBase, newCount, stride) throws(CoreFailure) -> Mapping? in
            try StringKeys.matchInPlace(old: .init(base: oldBase, count: oldCount, stride: stride),
                                        new: .init(base: newBase, count: newCount, stride: stride),
                                        options: options, cancel: cancel)
        }
    }

    /// The diff of two contiguous lists by the identity stored `offset`
    /// bytes into each element, matched where it lies by `match` (given
    /// each list's first identity and count and the elements' stride;
    /// `nil` when it cannot read them in place), then the updates. `nil`
    /// when a list is not contiguous or `match` declines: the caller then
    /// takes the closure path.
    @inlinable @inline(__always)
    static func storedIdentityDiff<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, offset: Int, cancel: CancelFlag?,
        match: (_ old: UnsafeRawPointer?, _ oldCount: Int, _ new: UnsafeRawPointer?, _ newCount: Int, _ stride: Int)
            throws(CoreFailure) -> Mapping?
    ) -> Swift.Result<ListDiff, CoreFailure>? where Old.Element == New.Element, Old.Element: Equatable {
        let stride = MemoryLayout<Old.Element>.stride
        let matched = old.withContiguousStorageIfAvailable { old in
            new.withContiguousStorageIfAvailable { new in
                Swift.Result { () throws(CoreFailure) -> Mapping? in
                    try match(UnsafeRawPointer(old.baseAddress).map { $0 + offset }, old.count,
                              UnsafeRawPointer(new.baseAddress).map { $0 + offset }, new.count, stride)
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
}
