extension ListDiff {
    /// A matched pair of offsets: the element at `old` in the old list is the
    /// element at `new` in the new list. A diff's `moves` and `updates` are
    /// pairs, and so are a sectioned diff's `sectionMoves` and
    /// `sectionUpdates`.
    public struct Pair: Hashable, Sendable {
        /// The element's offset in the old list.
        public var old: Int
        /// The element's offset in the new list.
        public var new: Int

        /// The pair of old offset `old` and new offset `new`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(old: Int, new: Int) {
            self.old = old
            self.new = new
        }
    }
}
