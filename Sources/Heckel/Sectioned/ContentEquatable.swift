/// An item whose *content* equality is coarser than `==`: `SectionedDiff`
/// reports a matched item as updated only when `isContentEqual(to:)` is
/// false, so fields that do not show (a timestamp, a cache) can be ignored.
/// DifferenceKit's `ContentEquatable`, IGListKit's `isEqualToDiffableObject:`.
///
/// ```swift
/// struct Message: Equatable, ContentEquatable {
///     var id: UUID, text: String, fetchedAt: Date
///     func isContentEqual(to other: Message) -> Bool { text == other.text }
/// }
/// let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id) // ignores fetchedAt
/// ```
///
/// Items that are only `Equatable` are compared with `==`.
public protocol ContentEquatable: Equatable {
    /// Whether this item shows the same content as `other`, which has the
    /// same identity.
    ///
    /// - Complexity: as implemented; called once per matched pair.
    func isContentEqual(to other: Self) -> Bool
}

/// How matched items are compared for updates: `isContentEqual(to:)` when
/// the item type adopts `ContentEquatable` (checked once per diff), else `==`.
@usableFromInline
enum ContentComparison {
    @inlinable
    static func comparer<Item: Equatable>(for type: Item.Type) -> ((Item, Item) -> Bool)? {
        guard let adopting = type as? any ContentEquatable.Type else { return nil }
        return comparer(adopting) as? (Item, Item) -> Bool
    }

    /// The comparer for a type opened from `any ContentEquatable.Type`,
    /// returned as `Any` since its type mentions the opened type.
    @inlinable
    static func comparer<Adopting: ContentEquatable>(_ type: Adopting.Type) -> Any {
        { (a: Adopting, b: Adopting) in a.isContentEqual(to: b) }
    }
}
