/// Lists keyed in Swift, one 64-bit key per element, handed to the core's
/// keys API: the one place that allocates key arrays.
@usableFromInline
enum ComputedKeys {
    /// Computes `oldKey(i)` for every old offset and `newKey(j)` for every new
    /// one into one scratch buffer (freed on return), polling `cancel` as it
    /// goes, and matches the keys; `equal` is `nil` when equal keys mean equal
    /// elements, otherwise it decides every candidate pair.
    ///
    /// - Complexity: O(n) key calls and O(n) expected in the core, n =
    ///   `oldCount + newCount`, plus the calls of `equal`.
    @inlinable
    static func match(
        oldCount: Int, newCount: Int, options: ListDiff.Options, cancel: CancelFlag?,
        oldKey: (Int) -> UInt64, newKey: (Int) -> UInt64, equal: ((Int, Int) -> Bool)?
    ) throws(CoreFailure) -> Mapping {
        try Core.checkCounts(oldCount, newCount)
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: oldCount + newCount) {
            (keys) throws(CoreFailure) -> Mapping in
            for i in 0..<oldCount {
                try CancelFlag.poll(cancel, at: i)
                keys.initializeElement(at: i, to: oldKey(i))
            }
            for j in 0..<newCount {
                try CancelFlag.poll(cancel, at: j)
                keys.initializeElement(at: oldCount + j, to: newKey(j))
            }
            // UInt64 is trivial: the scratch needs no deinitialization.
            let all = UnsafeBufferPointer(keys)
            return try Core.matchKeys(
                old: UnsafeBufferPointer(rebasing: all[..<oldCount]),
                new: UnsafeBufferPointer(rebasing: all[oldCount...]), equal: equal, options: options, cancel: cancel)
        }
    }
}
