#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The difference between two snapshots of a sectioned list, at the section
/// level and the item level, in index paths.
///
/// Sections are matched by identity. Items are paired by identity in two
/// passes, so that an item can move to another section but changes section
/// only when its own section has no partner for it:
///
/// 1. Within each pair of matched sections (same identity, old and new):
///    the k-th occurrence of an item identity in the old section pairs with
///    its k-th occurrence in the new section.
/// 2. The items still unpaired, across the whole snapshot: the k-th
///    remaining occurrence of an identity in the old snapshot (sections in
///    order, items in order) pairs with its k-th remaining occurrence in the
///    new one.
///
/// So the same product listed in both "Favorites" and "All" stays in each
/// section when the two sections swap places (one section move, no item
/// change), and removing it from "Favorites" is one item deletion there.
/// Every identity still gets `min(old count, new count)` pairs, as in
/// `ListDiff`; the rest are deletions and insertions.
///
/// ```swift
/// let old = [ListSection(id: "A", items: ["a", "b"]), ListSection(id: "B", items: ["c"])]
/// let new = [ListSection(id: "B", items: ["c", "b"]), ListSection(id: "C", items: ["d"])]
/// let diff = try SectionedDiff(from: old, to: new)
/// assert(diff.sectionDeletions == [0])  // "A"
/// assert(diff.sectionInsertions == [1]) // "C"
/// assert(diff.itemMoves == [.init(old: [0, 1], new: [0, 1])]) // "b" left deleted "A" for "B"
/// assert(diff.newIndexPath(forOld: [1, 0]) == [0, 0])         // "c"
/// let updates = diff.batchUpdates // for performBatchUpdates
/// ```
///
/// What is reported:
/// - Sections: deleted, inserted, moved (the fewest: those outside one
///   longest increasing subsequence) and updated (same identity, and
///   `isContentEqual(to:)` is false).
/// - Items: an item is *moved* when its section's identity changes (this
///   includes leaving a deleted section or joining an inserted one) or when
///   it leaves the kept order among the items that stay in its section (the
///   fewest such). Items that ride along with a moved section are not moves.
///   Unmatched items of a deleted section are not listed one by one in
///   `itemDeletions`, nor unmatched items of an inserted section in
///   `itemInsertions`: they go and come with their section.
/// - Updates (with `identifiedBy:` only): matched items whose identity is
///   the same and whose content is not `==`.
///
/// `batchUpdates` turns these into what a UIKit batch update accepts and
/// `sequentialSteps` into steps applied one after another.
public struct SectionedDiff: Sendable, Equatable {
    /// Old index paths of deleted items, ascending; items of deleted
    /// sections are not listed.
    public let itemDeletions: [IndexPath]
    /// New index paths of inserted items, ascending; items of inserted
    /// sections are not listed.
    public let itemInsertions: [IndexPath]
    /// Moved items, ascending by `new`. Minimal: the items kept in each
    /// surviving section form a longest increasing run of their old places.
    public let itemMoves: [ItemPair]
    /// Items with the same identity whose content changed, ascending by
    /// `new`. Always empty for diffs made without an identity.
    public let itemUpdates: [ItemPair]

    @usableFromInline let sections: SectionMatch
    /// The pairing of the two snapshots' items flattened in section order.
    @usableFromInline let items: ItemMatch
    @usableFromInline let oldLayout: SectionLayout
    @usableFromInline let newLayout: SectionLayout
    /// Indexes into `itemMoves` of the moved items that are also updated.
    let movedItemIsUpdated: Bits
    /// Indexes into `itemUpdates` of the updated items that also move.
    let updatedItemIsMoved: Bits

    /// - Parameter updatedPairs: paired items (flat offsets) whose content
    ///   differs, ascending by new offset.
    @usableFromInline
    init(sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout, items: ItemMatch,
         updatedPairs: [ListDiff.Pair] = []) {
        precondition(items.oldCount == oldLayout.itemCount && items.newCount == newLayout.itemCount)
        let pass = ItemPass(sections: sections, oldLayout: oldLayout, newLayout: newLayout, items: items,
                            itemUpdates: updatedPairs)
        self.sections = sections
        self.items = items
        self.oldLayout = oldLayout
        self.newLayout = newLayout
        itemDeletions = pass.deletions
        itemInsertions = pass.insertions
        itemMoves = pass.moves
        itemUpdates = pass.updates
        movedItemIsUpdated = pass.movedItemIsUpdated
        updatedItemIsMoved = pass.updatedItemIsMoved
    }

    /// The number of sections in the old snapshot.
    ///
    /// - Complexity: O(1).
    public var oldSectionCount: Int { oldLayout.sectionCount }

    /// The number of sections in the new snapshot.
    ///
    /// - Complexity: O(1).
    public var newSectionCount: Int { newLayout.sectionCount }

    /// Old offsets of the deleted sections, ascending.
    ///
    /// - Complexity: O(1).
    public var sectionDeletions: ListDiff.Offsets { sections.deletions }

    /// New offsets of the inserted sections, ascending.
    ///
    /// - Complexity: O(1).
    public var sectionInsertions: ListDiff.Offsets { sections.insertions }

    /// Moved sections (old offset to new offset), ascending by `new`; the
    /// fewest that explain the new order.
    ///
    /// - Complexity: O(1).
    public var sectionMoves: ListDiff.Pairs { sections.moves }

    /// Matched sections whose own content changed (`isContentEqual(to:)` is
    /// false), ascending by `new`.
    ///
    /// - Complexity: O(1).
    public var sectionUpdates: ListDiff.Pairs { sections.updates }

    /// The new offset of old section `offset`, or `nil` when it was deleted.
    ///
    /// - Precondition: `0 <= offset < oldSectionCount`.
    /// - Complexity: O(1).
    public func newSection(forOld offset: Int) -> Int? {
        precondition(offset >= 0 && offset < oldSectionCount, "SectionedDiff.newSection(forOld:): \(offset) out of 0..<\(oldSectionCount)")
        return sections.newSection(forOld: offset)
    }

    /// The old offset of new section `offset`, or `nil` when it was inserted.
    ///
    /// - Precondition: `0 <= offset < newSectionCount`.
    /// - Complexity: O(1).
    public func oldSection(forNew offset: Int) -> Int? {
        precondition(offset >= 0 && offset < newSectionCount, "SectionedDiff.oldSection(forNew:): \(offset) out of 0..<\(newSectionCount)")
        return sections.oldSection(forNew: offset)
    }

    /// Where the item at `path` in the old snapshot is in the new one, or
    /// `nil` when it was deleted (alone or with its section). Use it to carry
    /// selection and scroll position across an update.
    ///
    /// - Parameter path: A two-index path (section, item) of the old snapshot.
    /// - Precondition: `path` names an item of the old snapshot.
    /// - Complexity: O(log s), s = new section count.
    public func newIndexPath(forOld path: IndexPath) -> IndexPath? {
        guard let offset = oldLayout.flatOffset(of: path) else {
            preconditionFailure("SectionedDiff.newIndexPath(forOld:): \(path) names no item of the old snapshot")
        }
        return items.newOffset(forOld: offset).map(newLayout.indexPath(forFlat:))
    }

    /// Where the item at `path` in the new snapshot was in the old one, or
    /// `nil` when it was inserted (alone or with its section).
    ///
    /// - Parameter path: A two-index path (section, item) of the new snapshot.
    /// - Precondition: `path` names an item of the new snapshot.
    /// - Complexity: O(log s), s = old section count.
    public func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
        guard let offset = newLayout.flatOffset(of: path) else {
            preconditionFailure("SectionedDiff.oldIndexPath(forNew:): \(path) names no item of the new snapshot")
        }
        return items.oldOffset(forNew: offset).map(oldLayout.indexPath(forFlat:))
    }

    /// Whether the snapshots are equal: no section or item changes.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        sections.deletions.isEmpty && sections.insertions.isEmpty && sections.moves.isEmpty
            && sections.updates.isEmpty && itemDeletions.isEmpty && itemInsertions.isEmpty
            && itemMoves.isEmpty && itemUpdates.isEmpty
    }
}

extension SectionedDiff: CustomStringConvertible {
    /// A summary such as `SectionedDiff(sections 3 -> 2: deletions [0], ...;
    /// items: deletions [[1, 0]], ..., moves [[0, 1]->[0, 0]], ...)`; counts
    /// only when there are more than 32 changes at a level.
    ///
    /// - Complexity: O(min(change count, 32)).
    public var description: String {
        let sectionChanges = sectionDeletions.count + sectionInsertions.count + sectionMoves.count + sectionUpdates.count
        let sectionPart: String
        if sectionChanges > 32 {
            sectionPart = "\(sectionDeletions.count) deletions, \(sectionInsertions.count) insertions, "
                + "\(sectionMoves.count) moves, \(sectionUpdates.count) updates"
        } else {
            sectionPart = "deletions \(sectionDeletions), insertions \(sectionInsertions), "
                + "moves [\(sectionMoves.map { "\($0.old)->\($0.new)" }.joined(separator: ", "))], "
                + "updates [\(sectionUpdates.map { "\($0.old)->\($0.new)" }.joined(separator: ", "))]"
        }
        let itemChanges = itemDeletions.count + itemInsertions.count + itemMoves.count + itemUpdates.count
        let itemPart: String
        if itemChanges > 32 {
            itemPart = "\(itemDeletions.count) deletions, \(itemInsertions.count) insertions, "
                + "\(itemMoves.count) moves, \(itemUpdates.count) updates"
        } else {
            itemPart = "deletions \(itemDeletions.map(Array.init)), insertions \(itemInsertions.map(Array.init)), "
                + "moves [\(itemMoves.map { "\(Array($0.old))->\(Array($0.new))" }.joined(separator: ", "))], "
                + "updates [\(itemUpdates.map { "\(Array($0.old))->\(Array($0.new))" }.joined(separator: ", "))]"
        }
        return "SectionedDiff(sections \(oldSectionCount) -> \(newSectionCount): \(sectionPart); items: \(itemPart))"
    }
}
