extension Section: Hashable where Item: Hashable {
    /// Hashes the identity and the items.
    ///
    /// - Complexity: O(n), n = item count.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(items)
    }
}
