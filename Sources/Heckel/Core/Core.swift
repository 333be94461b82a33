import CHeckel

/// The calls into the C core, on raw buffers: the only place that builds
/// `heckel_result` and `heckel_options`.
///
/// Every entry point answers for an empty list itself, so every buffer
/// handed to the core is non-empty and so has a non-nil base address. For
/// the rest, it allocates the two mapping arrays (and room for the moves)
/// uninitialized, lets the core fill them, and keeps them only when the
/// core answers `HECKEL_OK`; on any other status they are dropped with zero
/// initialized elements, since the core leaves outputs untouched on failure.
@usableFromInline
enum Core {
    /// Checks the counts against the core's 32-bit offsets.
    @usableFromInline
    static func checkCounts(_ oldCount: Int, _ newCount: Int) throws(CoreFailure) {
        let largest = max(oldCount, newCount)
        if largest > ListDiff.maximumCount { throw .tooLarge(count: largest) }
    }

    /// Runs `call` on fresh output arrays for lists of the given sizes.
    static func run(
        oldCount: Int, newCount: Int, cancel: CancelFlag?,
        _ call: (UnsafePointer<heckel_options>, UnsafeMutablePointer<heckel_result>) -> heckel_status
    ) throws(CoreFailure) -> Mapping {
        try checkCounts(oldCount, newCount)
        // The Swift side (keys, copies) does not poll the flag; catch a
        // cancellation that came during it before the core starts.
        if cancel != nil && Task.isCancelled { throw .cancelled }
        // Nothing to match when a list is empty. Answered here, so that the
        // core never sees an empty list, whose buffer may have a nil base
        // address (`UnsafeBufferPointer(start: nil, count: 0)`): heckel.h
        // reads a NULL key array as "no keys", so NULL must never reach it.
        if oldCount == 0 || newCount == 0 { return .allUnmatched(oldCount: oldCount, newCount: newCount) }
        var status = HECKEL_OK
        var matchCount = 0
        var newToOld: [UInt32] = []
        var moves: [UInt32] = []
        let oldToNew = [UInt32](unsafeUninitializedCapacity: oldCount) { oldBuffer, oldInitialized in
            newToOld = [UInt32](unsafeUninitializedCapacity: newCount) { newBuffer, newInitialized in
                moves = [UInt32](unsafeUninitializedCapacity: min(oldCount, newCount)) { moveBuffer, movesInitialized in
                    var result = heckel_result(
                        old_to_new: oldBuffer.baseAddress, new_to_old: newBuffer.baseAddress,
                        moves: moveBuffer.baseAddress, match_count: 0, move_count: 0)
                    var options = heckel_options()
                    status = withExtendedLifetime(cancel) {
                        if let cancel { options.cancel = UnsafePointer(cancel.pointer) }
                        return call(&options, &result)
                    }
                    matchCount = status == HECKEL_OK ? result.match_count : 0
                    movesInitialized = status == HECKEL_OK ? result.move_count : 0
                }
                newInitialized = status == HECKEL_OK ? newCount : 0
            }
            oldInitialized = status == HECKEL_OK ? oldCount : 0
        }
        guard status == HECKEL_OK else {
            throw CoreFailure(status: status, oldCount: oldCount, newCount: newCount)
        }
        return Mapping(oldToNew: oldToNew, newToOld: newToOld, moves: moves, matchCount: matchCount)
    }

    /// Matches lists of 64-bit keys. `equal` is `nil` when equal keys mean
    /// equal elements; otherwise it decides every candidate pair.
    @usableFromInline
    static func matchKeys(
        old: UnsafeBufferPointer<UInt64>, new: UnsafeBufferPointer<UInt64>,
        equal: ((Int, Int) -> Bool)?, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: old.count, newCount: new.count, cancel: cancel) { options, result in
            guard let equal else {
                return heckel_match_keys(old.baseAddress, old.count, new.baseAddress, new.count,
                                         nil, nil, options, result)
            }
            return withoutActuallyEscaping(equal) { equal in
                let context = EqualityContext(equal: equal)
                return withExtendedLifetime(context) {
                    heckel_match_keys(old.baseAddress, old.count, new.baseAddress, new.count,
                                      EqualityContext.trampoline, Unmanaged.passUnretained(context).toOpaque(),
                                      options, result)
                }
            }
        }
    }

    /// Matches lists of 64-bit keys, with a C equality function reading
    /// `context`: no Swift closure between the core and the comparison.
    static func matchKeys(
        old: UnsafeBufferPointer<UInt64>, new: UnsafeBufferPointer<UInt64>,
        equal: heckel_equal_fn, context: UnsafeMutableRawPointer, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: old.count, newCount: new.count, cancel: cancel) { options, result in
            heckel_match_keys(old.baseAddress, old.count, new.baseAddress, new.count,
                              equal, context, options, result)
        }
    }

    /// Matches packed fixed-width records of `size` bytes, by XXH3 and memcmp.
    @usableFromInline
    static func matchRecords(
        old: UnsafeRawPointer?, oldCount: Int, new: UnsafeRawPointer?, newCount: Int,
        size: Int, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: oldCount, newCount: newCount, cancel: cancel) { options, result in
            heckel_match_records(old, oldCount, new, newCount, size, options, result)
        }
    }
}
