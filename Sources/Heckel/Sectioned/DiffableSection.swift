/// A section of a list snapshot: an identity and an ordered collection of
/// items, as `SectionedDiff` compares them.
///
/// Conform your own section model, or use the ready `ListSection<ID, Item>`.
///
/// ```swift
/// struct Group: DiffableSection {
///     var id: String
///     var title: String
///     var items: [Contact]
///     func isContentEqual(to other: Group) -> Bool { title == other.title }
/// }
/// ```
///
/// A section's identity must be unique within a snapshot. Its own content
/// (header, footer: anything but its items) is compared with
/// `isContentEqual(to:)`; a matched section whose content differs is an
/// update (a section reload in a batch update).
public protocol DiffableSection {
    /// The type of a section's identity.
    associatedtype ID: Hashable
    /// The type of the section's items.
    associatedtype Items: Collection

    /// The section's identity, unique within a snapshot.
    ///
    /// - Complexity: read once per section per diff; should be O(1).
    var id: ID { get }

    /// The section's items, in display order.
    ///
    /// - Complexity: read a few times per section per diff; should be O(1)
    ///   (a stored property), and `count` should be O(1) too.
    var items: Items { get }

    /// Whether this section's own content (anything but its identity and
    /// items) equals `other`'s. The default is `true`: sections are never
    /// reported as updated.
    ///
    /// - Complexity: as implemented; the default is O(1).
    func isContentEqual(to other: Self) -> Bool
}

extension DiffableSection {
    /// `true`: a section without content of its own is never updated.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func isContentEqual(to other: Self) -> Bool { true }
}

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
/// func changes(from old: [ListSection<String, Message>], to new: [ListSection<String, Message>]) throws -> SectionedDiff {
///     try SectionedDiff(from: old, to: new, identifiedBy: \.id) // ignores fetchedAt
/// }
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
