import CHeckel

extension Core {
    /// The first repeat in one list of keys (`heckel_first_repeated_key`):
    /// the smallest `second` whose key equals an earlier one, and the first
    /// offset `first` holding that key; `nil` when the keys are distinct.
    ///
    /// The scratch comes from the workspace `ListDiff.withWorkspace` names,
    /// as the matches' does, so a caller diffing trees over and over (the
    /// outline driver) keeps it between diffs instead of faulting fresh
    /// pages each time.
    ///
    /// - Complexity: O(n) expected for n keys, 8 bytes of scratch per key
    ///   (16 to 32 more when a key repeats).
    @usableFromInline
    static func firstRepeatedKey(_ keys: UnsafeBufferPointer<UInt64>, cancel: CancelFlag?)
        throws(CoreFailure) -> (first: Int, second: Int)? {
        if keys.count < 2 { return nil }
        var first = 0, second = 0
        let status = withOptions(cancel: cancel) { options in
            heckel_first_repeated_key(keys.baseAddress, keys.count, &options, &first, &second)
        }
        guard status == HECKEL_OK else { throw CoreFailure(status: status, oldCount: keys.count, newCount: 0) }
        return second == keys.count ? nil : (first, second)
    }
}
