extension ListDiff {
    /// A matched pair whose element changed place relative to the others.
    public struct Move: Hashable, Sendable {
        /// The element's offset in the old list.
        public var from: Int
        /// The element's offset in the new list.
        public var to: Int

        /// A move of the element at old offset `from` to new offset `to`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }
}
