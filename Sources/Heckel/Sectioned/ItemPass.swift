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
        var section = SectionItems()
        for newSection in 0..<newLayout.sectionCount {
            section.gather(newSection, partner: sections.oldSection(forNew: newSection), items: items,
                           oldLayout: oldLayout, newLayout: newLayout)
            section.appendMoves(to: &moves, oldLayout: oldLayout) { if movedOld.count > 0 { movedOld.insert($0) } }
        }
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

/// One new section's matched items, with scratch reused from section to
/// section: which came from its partner section (the candidates to stay)
/// and whether those kept their order.
private struct SectionItems {
    var newSection = 0
    /// Per matched item, in new order: its place in the new section and its
    /// old flat offset (its old section is looked up again only if it moves).
    var newPlaces: [Int] = []
    var oldOffsets: [Int] = []
    /// The candidates (from the partner section), in new order: their old
    /// places, and their index in the lists above.
    var keptPlaces: [heckel_offset] = []
    var keptAt: [Int] = []
    var crossing = false
    var inOrder = true
    /// Positions in `keptPlaces` that left the kept order (from the core).
    var moved: [heckel_offset] = []
    var hint = 0

    mutating func gather(_ section: Int, partner: Int?, items: ItemMatch, oldLayout: SectionLayout, newLayout: SectionLayout) {
        newSection = section
        newPlaces.removeAll(keepingCapacity: true)
        oldOffsets.removeAll(keepingCapacity: true)
        keptPlaces.removeAll(keepingCapacity: true)
        keptAt.removeAll(keepingCapacity: true)
        crossing = false
        inOrder = true
        let range = newLayout.items(inSection: section)
        var last = -1
        for newOffset in range {
            guard let oldOffset = items.oldOffset(forNew: newOffset) else { continue }
            let oldSection = oldLayout.section(containing: oldOffset, hint: hint)
            hint = oldSection
            if oldSection == partner {
                let place = oldOffset - oldLayout.starts[oldSection]
                if place <= last { inOrder = false }
                last = place
                // Offsets fit 32 bits: lists are at most ListDiff.maximumCount long.
                keptPlaces.append(heckel_offset(truncatingIfNeeded: place))
                keptAt.append(newPlaces.count)
            } else {
                crossing = true
            }
            newPlaces.append(newOffset - range.lowerBound)
            oldOffsets.append(oldOffset)
        }
    }

    /// Appends this section's moves (ascending by new place): every item from
    /// another section, and the candidates outside one longest increasing run.
    mutating func appendMoves(to moves: inout [SectionedDiff.ItemPair], oldLayout: SectionLayout,
                              movedOld: (Int) -> Void) {
        if !crossing && inOrder { return }
        findOutOfOrder()
        var candidate = 0, movedCandidate = 0
        for k in newPlaces.indices {
            if candidate < keptAt.count, keptAt[candidate] == k {
                let leaves = movedCandidate < moved.count && Int(moved[movedCandidate]) == candidate
                if leaves { movedCandidate += 1 }
                candidate += 1
                if !leaves { continue }
            }
            let oldSection = oldLayout.section(containing: oldOffsets[k], hint: hint)
            hint = oldSection
            moves.append(SectionedDiff.ItemPair(
                old: .sectioned(oldSection, oldOffsets[k] - oldLayout.starts[oldSection]),
                new: .sectioned(newSection, newPlaces[k])))
            movedOld(oldOffsets[k])
        }
    }

    /// Fills `moved` through `heckel_find_moves`, the one owner of "which
    /// matched pairs are moves".
    private mutating func findOutOfOrder() {
        moved.removeAll(keepingCapacity: true)
        if inOrder || keptPlaces.isEmpty { return }
        let count = keptPlaces.count
        var moveCount = 0
        var options = heckel_options()
        var status = HECKEL_OK
        keptPlaces.withUnsafeBufferPointer { places in
            moved = [heckel_offset](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = heckel_find_moves(places.baseAddress, count, &options, buffer.baseAddress, &moveCount)
                initialized = status == HECKEL_OK ? moveCount : 0
            }
        }
        if status != HECKEL_OK { CoreFailure(status: status, oldCount: count, newCount: count).trap() }
    }
}
