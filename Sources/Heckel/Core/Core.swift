import CHeckel

/// The calls into the C core, on raw buffers: the only place that builds
/// `heckel_result` and `heckel_options`.
///
/// Every entry point answers for an empty list itself, so every buffer
/// handed to the core is non-empty and so has a non-nil base address. For
/// the rest, it lets the core write its outputs straight into a diff's one
/// block of storage (`DiffStorage`), asking for the window output (the
/// mapping between the common prefix and suffix only), and keeps it only
/// when the core answers `HECKEL_OK`; on any other status it is dropped,
/// since the core leaves outputs untouched on failure.
@usableFromInline
enum Core {
    /// Checks the counts against the core's 32-bit offsets.
    @usableFromInline
    static func checkCounts(_ oldCount: Int, _ newCount: Int) throws(CoreFailure) {
        let largest = max(oldCount, newCount)
        if largest > ListDiff.maximumCount { throw .tooLarge(count: largest) }
    }

    /// Runs `call` on a fresh diff storage for lists of the given sizes.
    ///
    /// A cancellation that came while Swift prepared the inputs needs no
    /// check here: the core reads the flag before anything else.
    static func run(
        oldCount: Int, newCount: Int, options settings: ListDiff.Options, cancel: CancelFlag?,
        _ call: (UnsafePointer<heckel_options>, UnsafeMutablePointer<heckel_result>) -> heckel_status
    ) throws(CoreFailure) -> Mapping {
        try checkCounts(oldCount, newCount)
        // Nothing to match when a list is empty. Answered here, so that the
        // core never sees an empty list, whose buffer may have a nil base
        // address (`UnsafeBufferPointer(start: nil, count: 0)`): heckel.h
        // reads a NULL key array as "no keys", so NULL must never reach it.
        if oldCount == 0 || newCount == 0 { return .allUnmatched(oldCount: oldCount, newCount: newCount) }
        let room = min(oldCount, newCount)
        let storage = DiffStorage.forDiff(oldCount: oldCount, newCount: newCount, room: room)
        let entries = storage.entries
        var result = heckel_result(
            old_to_new: entries, new_to_old: entries + oldCount,
            moves: settings.ignoresOrder ? nil : entries + storage.movesStart, match_count: 0, move_count: 0)
        var window = heckel_window()
        let status = withOptions(workspace: settings.workspace ?? ListDiff.Workspace.current, cancel: cancel) { options in
            options.threads = settings.coreThreads
            options.ignore_order = settings.ignoresOrder
            return withUnsafeMutablePointer(to: &window) { window in
                options.window = window
                return call(&options, &result)
            }
        }
        guard status == HECKEL_OK else { throw CoreFailure(status: status, oldCount: oldCount, newCount: newCount) }
        return Mapping(storage: storage.finished(matchCount: result.match_count, moveCount: result.move_count, room: room,
                                                 prefix: window.prefix, suffix: window.suffix))
    }

    /// Calls `body` with fresh core options that carry the cancel flag (held
    /// alive through the call) and the workspace lent for it, if any: the
    /// one place that lends a workspace to the core.
    static func withOptions<Result>(
        workspace: ListDiff.Workspace? = ListDiff.Workspace.current, cancel: CancelFlag?,
        _ body: (inout heckel_options) throws -> Result
    ) rethrows -> Result {
        var options = heckel_options()
        func callCore(workspace: OpaquePointer?) throws -> Result {
            options.workspace = workspace
            return try withExtendedLifetime(cancel) {
                if let cancel { options.cancel = UnsafePointer(cancel.pointer) }
                return try body(&options)
            }
        }
        return try workspace?.lend(callCore) ?? callCore(workspace: nil)
    }

    /// Matches lists of 64-bit keys. `equal` is `nil` when equal keys mean
    /// equal elements; otherwise it decides every candidate pair.
    @usableFromInline
    static func matchKeys(
        old: UnsafeBufferPointer<UInt64>, new: UnsafeBufferPointer<UInt64>,
        equal: ((Int, Int) -> Bool)?, options: ListDiff.Options = .init(), cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        guard let equal else {
            return try run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) { options, result in
                heckel_match_keys(old.baseAddress, old.count, new.baseAddress, new.count, nil, nil, options, result)
            }
        }
        return try withoutActuallyEscaping(equal) { (equal) throws(CoreFailure) in
            let context = EqualityContext(equal: equal)
            return try withExtendedLifetime(context) { () throws(CoreFailure) in
                try matchKeys(old: old, new: new, equal: EqualityContext.trampoline,
                              context: Unmanaged.passUnretained(context).toOpaque(), options: options, cancel: cancel)
            }
        }
    }

    /// Matches lists of 64-bit keys, with a C equality function reading
    /// `context`: no Swift closure between the core and the comparison.
    @usableFromInline
    static func matchKeys(
        old: UnsafeBufferPointer<UInt64>, new: UnsafeBufferPointer<UInt64>,
        equal: heckel_equal_fn, context: UnsafeMutableRawPointer, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) { options, result in
            heckel_match_keys(old.baseAddress, old.count, new.baseAddress, new.count,
                              equal, context, options, result)
        }
    }

    /// Matches packed fixed-width records of `size` bytes, by seeded keys and memcmp.
    @usableFromInline
    static func matchRecords(
        old: UnsafeRawPointer?, oldCount: Int, new: UnsafeRawPointer?, newCount: Int,
        size: Int, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchRecords(old: old, oldCount: oldCount, new: new, newCount: newCount, size: size, stride: size,
                         options: options, cancel: cancel)
    }

    /// Matches fixed-width records of `size` bytes lying `stride` bytes
    /// apart (`stride` == `size`: packed), by their seeded keys and memcmp;
    /// the keys' seed comes from the process's secret (`StringKeys.secret`),
    /// no system call per call.
    @usableFromInline
    static func matchRecords(
        old: UnsafeRawPointer?, oldCount: Int, new: UnsafeRawPointer?, newCount: Int,
        size: Int, stride: Int, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        let secret = StringKeys.secret
        return try run(oldCount: oldCount, newCount: newCount, options: options, cancel: cancel) { options, result in
            heckel_match_records_with_secret(old, oldCount, new, newCount, size, stride, secret, options, result)
        }
    }

    /// Matches 64-bit keys lying `stride` bytes apart (any alignment), equal
    /// keys meaning equal elements: as `matchKeys` with no `equal`, on keys
    /// read where they lie.
    @usableFromInline
    static func matchKeys(
        old: UnsafeRawPointer?, oldCount: Int, new: UnsafeRawPointer?, newCount: Int,
        stride: Int, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: oldCount, newCount: newCount, options: options, cancel: cancel) { options, result in
            heckel_match_keys_at_stride(old, oldCount, new, newCount, stride, options, result)
        }
    }

    /// Matches lists of byte strings, by XXH3 and memcmp.
    static func matchSpans(
        old: UnsafeBufferPointer<heckel_span>, new: UnsafeBufferPointer<heckel_span>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) { options, result in
            heckel_match_spans(old.baseAddress, old.count, new.baseAddress, new.count, options, result)
        }
    }
}
