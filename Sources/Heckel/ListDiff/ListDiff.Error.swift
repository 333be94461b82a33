extension ListDiff {
    /// Why a throwing diff could not be computed.
    ///
    /// The non-throwing initializers treat these as precondition failures
    /// (like the standard library does for allocation failures); the `async`
    /// forms throw them. Cancellation is reported as `CancellationError`.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A list has more elements than the 32-bit offsets of the core can
        /// hold: `count` is above `ListDiff.maximumCount`.
        case tooLarge(count: Int)
        /// The core could not allocate its scratch space.
        case outOfMemory

        /// What went wrong, in English.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch self {
            case .tooLarge(let count):
                return "list of \(count) elements is too large to diff (at most \(ListDiff.maximumCount))"
            case .outOfMemory:
                return "out of memory while diffing"
            }
        }
    }
}
