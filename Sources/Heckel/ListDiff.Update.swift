extension ListDiff {
    /// A matched pair whose elements share an identity but are not `==`:
    /// the element at `old` became the (different) element at `new`.
    public struct Update: Hashable, Sendable {
        /// The element's offset in the old list.
        public var old: Int
        /// The element's offset in the new list.
        public var new: Int

        /// An update of the element at old offset `old`, now at new offset `new`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(old: Int, new: Int) {
            self.old = old
            self.new = new
        }
    }
}
