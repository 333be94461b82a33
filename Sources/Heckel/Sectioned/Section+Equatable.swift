extension Section: Equatable where Item: Equatable {
    /// Whether both sections have the same identity and equal items in the
    /// same order.
    ///
    /// - Complexity: O(n), n = item count.
    @inlinable
    public static func == (lhs: Section, rhs: Section) -> Bool {
        lhs.id == rhs.id && lhs.items == rhs.items
    }
}
