/// A ready-made section: an identity and an array of items.
///
/// ```swift
/// let old = [Section(id: "A", items: [1, 2, 3]), Section(id: "B", items: [4])]
/// let new = [Section(id: "B", items: [4, 3]), Section(id: "A", items: [1, 2])]
/// let diff = try SectionedDiff(from: old, to: new)
/// ```
///
/// A `Section` has no content besides its items, so it is never reported as
/// updated; conform your own type to `DiffableSection` to diff headers too.
public struct Section<ID: Hashable, Item>: DiffableSection {
    /// The section's identity, unique within a snapshot.
    public var id: ID
    /// The section's items, in display order.
    public var items: [Item]

    /// A section identified by `id` holding `items`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(id: ID, items: [Item]) {
        self.id = id
        self.items = items
    }
}

// Sendable must be declared in the type's own file.
extension Section: Sendable where ID: Sendable, Item: Sendable {}
