extension SectionedDiff {
    /// Two sections of one snapshot share an identity, so a section could
    /// not be addressed: thrown by `SectionedDiff`'s initializers and
    /// `computed` forms. Keeps the identity itself, typed.
    ///
    /// ```swift
    /// do { diff = try SectionedDiff(from: old, to: new) }
    /// catch { print(error) } // section identity "news" appears twice in the new snapshot, at 0 and 3
    /// ```
    public struct DuplicateSectionIDError<ID: Hashable & Sendable>: Error, Hashable, CustomStringConvertible {
        /// Which of the two snapshots holds the duplicate.
        public enum Snapshot: Hashable, Sendable {
            /// The snapshot diffed from.
            case old
            /// The snapshot diffed to.
            case new
        }

        /// The repeated identity.
        public var identity: ID
        /// The snapshot holding both sections.
        public var snapshot: Snapshot
        /// The offset of the first section with that identity.
        public var firstOffset: Int
        /// The offset of the next section with the same identity.
        public var secondOffset: Int

        /// An error for the sections at `firstOffset` and `secondOffset` of
        /// `snapshot`, both identified by `identity`.
        ///
        /// - Complexity: O(1).
        public init(identity: ID, snapshot: Snapshot, firstOffset: Int, secondOffset: Int) {
            self.identity = identity
            self.snapshot = snapshot
            self.firstOffset = firstOffset
            self.secondOffset = secondOffset
        }

        /// One line naming the identity, the snapshot and both offsets.
        ///
        /// - Complexity: O(length of the identity's description).
        public var description: String {
            "section identity \"\(identity)\" appears twice in the \(snapshot) snapshot, at \(firstOffset) and \(secondOffset)"
        }
    }
}
