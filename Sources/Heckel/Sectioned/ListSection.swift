/// A ready-made section: an identity and an array of items. Named so as not
/// to collide with SwiftUI's `Section` in files that import both.
///
/// ```swift
/// let old = [ListSection(id: "A", items: [1, 2, 3]), ListSection(id: "B", items: [4])]
/// let new = [ListSection(id: "B", items: [4, 3]), ListSection(id: "A", items: [1, 2])]
/// let diff = try SectionedDiff(from: old, to: new)
/// ```
///
/// A `ListSection` has no content besides its items, so it is never reported
/// as updated; conform your own type to `DiffableSection` to diff headers too.
public struct ListSection<ID: Hashable, Item>: DiffableSection {
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
extension ListSection: Sendable where ID: Sendable, Item: Sendable {}

extension ListSection: Equatable where Item: Equatable {
    /// Whether both sections have the same identity and equal items in the
    /// same order.
    ///
    /// - Complexity: O(n), n = item count.
    @inlinable
    public static func == (lhs: ListSection, rhs: ListSection) -> Bool {
        lhs.id == rhs.id && lhs.items == rhs.items
    }
}

extension ListSection: Hashable where Item: Hashable {
    /// Hashes the identity and the items.
    ///
    /// - Complexity: O(n), n = item count.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(items)
    }
}
