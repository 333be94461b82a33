extension Array where Element: BitwiseCopyable {
    /// The most bytes `written(_:by:)` builds through a stack buffer: what
    /// `withUnsafeTemporaryAllocation` puts on the stack without asking the
    /// runtime how much stack is left.
    @usableFromInline static var stackBytes: Int { 1024 }

    /// An array of `count` elements that `write` initializes, all of them,
    /// when it returns `true`; `nil` when it returns `false` (the elements it
    /// wrote are dropped: they need no deinitialization).
    ///
    /// `init(unsafeUninitializedCapacity:initializingWith:)` allocates through
    /// a stdlib function that is never specialized, and so looks up the
    /// storage class's generic metadata on every call: about 500
    /// instructions, a sixth of a whole 100-element diff with its five
    /// arrays. Short arrays are therefore written to a stack buffer and
    /// copied into an array built from that buffer, whose allocation is
    /// specialized (no lookup); long ones, where the lookup is noise and a
    /// copy is not, are written in place.
    ///
    /// - Complexity: O(`count`) beyond `write`.
    @inlinable
    static func written(_ count: Int, by write: (UnsafeMutableBufferPointer<Element>) -> Bool) -> [Element]? {
        if count * MemoryLayout<Element>.stride <= stackBytes {
            return withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
                write(buffer) ? Array(UnsafeBufferPointer(buffer)) : nil
            }
        }
        var complete = false
        let array = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            complete = write(buffer)
            initialized = complete ? count : 0
        }
        return complete ? array : nil
    }
}
