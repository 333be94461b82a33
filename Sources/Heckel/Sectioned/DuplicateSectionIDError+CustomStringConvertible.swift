extension DuplicateSectionIDError: CustomStringConvertible {
    /// One line naming the identity, the snapshot and both offsets.
    ///
    /// - Complexity: O(length of the identity).
    public var description: String {
        "section identity \"\(identity)\" appears twice in the \(snapshot) snapshot, at \(firstOffset) and \(secondOffset)"
    }
}
