/// Two sections of one snapshot share an identity, so a section could not be
/// addressed: thrown by `SectionedDiff`'s initializers.
///
/// ```swift
/// do { diff = try SectionedDiff(from: old, to: new) }
/// catch { print(error) } // section identity "news" appears twice in the new snapshot, at 0 and 3
/// ```
public struct DuplicateSectionIDError: Error, Hashable, Sendable {
    /// Which of the two snapshots holds the duplicate.
    public enum Snapshot: Hashable, Sendable {
        case old
        case new
    }

    /// The repeated identity, as `String(describing:)` prints it.
    public var identity: String
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
    public init(identity: String, snapshot: Snapshot, firstOffset: Int, secondOffset: Int) {
        self.identity = identity
        self.snapshot = snapshot
        self.firstOffset = firstOffset
        self.secondOffset = secondOffset
    }
}
