extension BidirectionalCollection where Element: Hashable {
    /// The difference from `other` to this collection as the standard
    /// library's `CollectionDifference`, computed by `ListDiff`: a drop-in for
    /// `difference(from:)` where lists are long.
    ///
    /// Moved elements appear as a removal and an insertion associated with
    /// each other (`associatedWith`), so `other.applying(difference)` gives
    /// this collection back, and `inferringMoves()` is not needed.
    ///
    /// ```swift
    /// let difference = new.heckelDifference(from: old)
    /// assert(old.applying(difference) == new)
    /// ```
    ///
    /// - Precondition: neither collection has more than
    ///   `ListDiff.maximumCount` elements.
    /// - Complexity: O(n) expected, n = `count + other.count`, plus
    ///   O(m log m) for the m matched elements when they are out of order.
    @inlinable
    public func heckelDifference<Other: BidirectionalCollection>(
        from other: Other
    ) -> CollectionDifference<Element> where Other.Element == Element {
        ListDiff(from: other, to: self).collectionDifference(from: other, to: self)
    }
}
