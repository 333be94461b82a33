#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CHeckel

/// Turns the item pairing into index-path results: one pass over the new
/// items, section by section; the C core's `heckel_find_moves` decides which
/// kept items left the kept order, only in sections where some did.
///
/// Cost: O(n) for n items when few sections are reordered inside, plus
/// O(m log m) per section whose m kept items are out of order, plus O(c log s)
/// for the c reported changes (binary searches over s sections).
struct ItemPass {
    var deletions: [IndexPath] = []
    var insertions: [IndexPath] = []
    var moves: [SectionedDiff.ItemPair] = []
    var updates: [SectionedDiff.ItemPair] = []
    /// Indexes into `moves` of the moved items that are also updated.
    var movedItemIsUpdated = Bits(count: 0)
    /// Indexes into `updates` of the updated items that also move.
    var updatedItemIsMoved = Bits(count: 0)

    /// - Parameter itemUpdates: matched pairs (flat offsets) whose content
    ///   differs, ascending by new offset.
    init(sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout, items: ItemMatch,
         itemUpdates: [ListDiff.Pair]) {
        deletions = Self.paths(of: items.deletions, in: oldLayout) { sections.newSection(forOld: $0) != nil }
        insertions = Self.paths(of: items.insertions, in: newLayout) { sections.oldSection(forNew: $0) != nil }
        var movedOld = Bits(count: itemUpdates.isEmpty ? 0 : items.oldCount)
        let scratch = SectionItems(capacity: newLayout.largestSectionCount)
        var moves: [SectionedDiff.ItemPair] = []
        items.newToOld.withUnsafeBufferPointer { newToOld in
            for newSection in 0..<newLayout.sectionCount {
                scratch.appendMoves(of: newSection, partner: sections.oldSection(forNew: newSection), newToOld: newToOld,
                                    oldLayout: oldLayout, newLayout: newLayout, to: &moves) {
                    if movedOld.count > 0 { movedOld.insert($0) }
                }
            }
        }
        self.moves = moves
        if itemUpdates.isEmpty { return }
        var updatedOld = Bits(count: items.oldCount)
        updates.reserveCapacity(itemUpdates.count)
        updatedItemIsMoved = Bits(count: itemUpdates.count)
        var hint = 0
        for update in itemUpdates {
            updatedOld.insert(update.old)
            let newSection = newLayout.section(containing: update.new, hint: hint)
            hint = newSection
            updates.append(SectionedDiff.ItemPair(
                old: oldLayout.indexPath(forFlat: update.old),
                new: .sectioned(newSection, update.new - newLayout.starts[newSection])))
            if movedOld.contains(update.old) { updatedItemIsMoved.insert(updates.count - 1) }
        }
        movedItemIsUpdated = Bits(count: moves.count)
        for (index, move) in moves.enumerated()
        where updatedOld.contains(oldLayout.starts[move.old.sectionIndex] + move.old.itemIndex) {
            movedItemIsUpdated.insert(index)
        }
    }

    /// Index paths of the ascending flat `offsets` whose section `keeps`.
    private static func paths(of offsets: [Int], in layout: SectionLayout, keeping keeps: (Int) -> Bool) -> [IndexPath] {
        var paths: [IndexPath] = []
        paths.reserveCapacity(offsets.count)
        var cursor = 0
        for offset in offsets {
            let section = layout.advance(&cursor, to: offset)
            if keeps(section) { paths.append(.sectioned(section, offset - layout.starts[section])) }
        }
        return paths
    }
}

/// The moves of one new section at a time, with scratch sized once for the
/// largest section: the old places and new offsets of the items that came
/// from the partner section (the candidates to stay), the new offsets of the
/// items that came from other sections, and which candidates left the kept
/// order.
///
/// An item came from the partner section exactly when its old flat offset
/// lies in the partner's range of the old layout: one comparison per item,
/// no section lookup. The section's items are walked once; the moves are
/// then written from the two short lists (moved candidates, items from other
/// sections) merged by new offset, and only items from other sections have
/// their old section looked up.
///
/// Invariant: the four buffers hold `capacity` entries each, allocated in
/// `init` and freed in `deinit`.
private final class SectionItems {
    let capacity: Int
    /// Per candidate, in new order: its place in the partner section.
    let keptPlaces: UnsafeMutablePointer<heckel_offset>
    /// Per candidate, in new order: its new flat offset.
    let keptAt: UnsafeMutablePointer<UInt32>
    /// The new flat offsets of the items from other sections, ascending.
    let crossingAt: UnsafeMutablePointer<UInt32>
    /// Positions in `keptPlaces` that left the kept order (from the core),
    /// ascending.
    let moved: UnsafeMutablePointer<heckel_offset>
    var hint = 0

    init(capacity: Int) {
        self.capacity = capacity
        // At least one entry each: the core takes no null buffers.
        keptPlaces = .allocate(capacity: max(1, capacity))
        keptAt = .allocate(capacity: max(1, capacity))
        crossingAt = .allocate(capacity: max(1, capacity))
        moved = .allocate(capacity: max(1, capacity))
    }

    deinit {
        keptPlaces.deallocate()
        keptAt.deallocate()
        crossingAt.deallocate()
        moved.deallocate()
    }

    /// Appends the moves of new section `section` (ascending by new place):
    /// every item from another section, and the candidates outside one
    /// longest increasing run of their old places. Calls `movedOld` with
    /// each moved item's old flat offset.
    func appendMoves(
        of section: Int, partner: Int?, newToOld: UnsafeBufferPointer<UInt32>, oldLayout: SectionLayout,
        newLayout: SectionLayout, to moves: inout [SectionedDiff.ItemPair], movedOld: (Int) -> Void
    ) {
        let range = newLayout.items(inSection: section)
        precondition(range.count <= capacity, "SectionedDiff: scratch smaller than a section")
        // An empty range when there is no partner: every matched item crosses.
        let partnerRange = partner.map { oldLayout.items(inSection: $0) } ?? 0..<0
        let (low, high) = (partnerRange.lowerBound, partnerRange.upperBound)
        var keptCount = 0, crossingCount = 0, last = -1
        var inOrder = true
        for newOffset in range {
            let mapped = newToOld[newOffset]
            // `Mapping.unmatched` exceeds every offset, so it is never in the
            // partner's range. Offsets fit 32 bits: lists are at most
            // ListDiff.maximumCount long.
            let oldOffset = Int(mapped)
            if oldOffset >= low && oldOffset < high {
                let place = oldOffset &- low
                if place <= last { inOrder = false }
                last = place
                keptPlaces[keptCount] = heckel_offset(truncatingIfNeeded: place)
                keptAt[keptCount] = UInt32(truncatingIfNeeded: newOffset)
                keptCount &+= 1
            } else if mapped != Mapping.unmatched {
                crossingAt[crossingCount] = UInt32(truncatingIfNeeded: newOffset)
                crossingCount &+= 1
            }
        }
        if crossingCount == 0 && inOrder { return }
        let movedCount = inOrder ? 0 : findOutOfOrder(count: keptCount)
        var nextMoved = 0, nextCrossing = 0
        while nextMoved < movedCount || nextCrossing < crossingCount {
            let candidate = nextMoved < movedCount ? Int(moved[nextMoved]) : 0
            let candidateAt = nextMoved < movedCount ? Int(keptAt[candidate]) : Int.max
            let crossingNew = nextCrossing < crossingCount ? Int(crossingAt[nextCrossing]) : Int.max
            let newOffset: Int, oldOffset: Int, old: IndexPath
            if candidateAt < crossingNew {
                newOffset = candidateAt
                let place = Int(keptPlaces[candidate])
                oldOffset = low + place
                old = .sectioned(partner.unsafelyUnwrapped, place)
                nextMoved += 1
            } else {
                newOffset = crossingNew
                oldOffset = Int(newToOld[newOffset])
                let oldSection = oldLayout.section(containing: oldOffset, hint: hint)
                hint = oldSection
                old = .sectioned(oldSection, oldOffset - oldLayout.starts[oldSection])
                nextCrossing += 1
            }
            moves.append(SectionedDiff.ItemPair(old: old, new: .sectioned(section, newOffset - range.lowerBound)))
            movedOld(oldOffset)
        }
    }

    /// Writes to `moved` the positions among the first `count` entries of
    /// `keptPlaces` that leave one longest increasing run, through
    /// `heckel_find_moves`, the one owner of "which matched pairs are
    /// moves"; returns how many.
    private func findOutOfOrder(count: Int) -> Int {
        if count == 0 { return 0 }
        var moveCount = 0
        var options = heckel_options()
        let status = heckel_find_moves(keptPlaces, count, &options, moved, &moveCount)
        if status != HECKEL_OK { CoreFailure(status: status, oldCount: count, newCount: count).trap() }
        return moveCount
    }
}
