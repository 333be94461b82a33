#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the item pairing into index-path results: one pass over the new
/// items, section by section, with a longest-increasing-subsequence step
/// only in sections whose kept items are out of order.
///
/// Cost: O(n) for n items when few sections are reordered inside, plus
/// O(m log m) per section whose m kept items are out of order, plus O(c log s)
/// for the c reported changes (binary searches over s sections).
struct ItemPass {
    var deletions: [IndexPath] = []
    var insertions: [IndexPath] = []
    var moves: [SectionedDiff.ItemMove] = []
    var updates: [SectionedDiff.ItemUpdate] = []
    var movedItemIsUpdated: [Bool] = []
    var updatedItemIsMoved: [Bool] = []

    /// - Parameter itemUpdates: matched pairs (flat offsets) whose content
    ///   differs, ascending by new offset.
    init(sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout, items: ItemMatch,
         itemUpdates: [ListDiff.Update]) {
        deletions = Self.paths(of: items.deletions, in: oldLayout, keeping: sections.newForOld)
        insertions = Self.paths(of: items.insertions, in: newLayout, keeping: sections.oldForNew)
        let movedOld = findMoves(sections: sections, oldLayout: oldLayout, newLayout: newLayout, items: items,
                                 trackMoved: !itemUpdates.isEmpty)
        if itemUpdates.isEmpty {
            movedItemIsUpdated = [Bool](repeating: false, count: moves.count)
            return
        }
        var updatedOld = Bits(count: items.oldCount)
        updates.reserveCapacity(itemUpdates.count)
        updatedItemIsMoved.reserveCapacity(itemUpdates.count)
        var hint = 0
        for update in itemUpdates {
            updatedOld.insert(update.old)
            let newSection = newLayout.section(containing: update.new, hint: hint)
            hint = newSection
            updates.append(SectionedDiff.ItemUpdate(
                old: oldLayout.indexPath(forFlat: update.old),
                new: .sectioned(newSection, update.new - newLayout.starts[newSection])))
            updatedItemIsMoved.append(movedOld.contains(update.old))
        }
        movedItemIsUpdated = moves.map { move in
            updatedOld.contains(oldLayout.starts[move.from.sectionIndex] + move.from.itemIndex)
        }
    }

    /// Index paths of the ascending flat `offsets` that lie in a section
    /// with a counterpart (`counterpart[section] >= 0`).
    private static func paths(of offsets: [Int], in layout: SectionLayout, keeping counterpart: [Int]) -> [IndexPath] {
        var paths: [IndexPath] = []
        paths.reserveCapacity(offsets.count)
        var section = 0
        for offset in offsets {
            while layout.starts[section + 1] <= offset { section += 1 }
            if counterpart[section] >= 0 {
                paths.append(.sectioned(section, offset - layout.starts[section]))
            }
        }
        return paths
    }

    /// Fills `moves` (ascending by new path) and returns the moved items'
    /// old flat offsets as a bit set (empty unless `trackMoved`).
    private mutating func findMoves(
        sections: SectionMatch, oldLayout: SectionLayout, newLayout: SectionLayout, items: ItemMatch,
        trackMoved: Bool
    ) -> Bits {
        var movedOld = Bits(count: trackMoved ? items.oldCount : 0)
        var largest = 0
        for section in 0..<newLayout.sectionCount { largest = max(largest, newLayout.items(inSection: section).count) }
        // Scratch for one new section's matched items: new place, old flat
        // offset, old section; for those from its own old section (the
        // candidates to keep), their old places and their index in the former.
        let matchedNew = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: largest)
        let matchedOld = UnsafeMutableBufferPointer<Int>.allocate(capacity: largest)
        let matchedSection = UnsafeMutableBufferPointer<Int>.allocate(capacity: largest)
        let keptAt = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: largest)
        defer {
            matchedNew.deallocate()
            matchedOld.deallocate()
            matchedSection.deallocate()
            keptAt.deallocate()
        }
        var keptOld: [UInt32] = [], kept: [Bool] = []
        var increasing = IncreasingSubsequence()
        var hint = 0
        for newSection in 0..<newLayout.sectionCount {
            let oldSection = sections.oldForNew[newSection]
            let range = newLayout.items(inSection: newSection)
            keptOld.removeAll(keepingCapacity: true)
            var matchedCount = 0, keptCount = 0
            var crossing = false, inOrder = true, last = -1
            for newOffset in range {
                guard let oldOffset = items.oldOffset(forNew: newOffset) else { continue }
                let section = oldLayout.section(containing: oldOffset, hint: hint)
                hint = section
                if section == oldSection {
                    let place = oldOffset - oldLayout.starts[section]
                    if place <= last { inOrder = false }
                    last = place
                    // Offsets fit 32 bits: lists are at most ListDiff.maximumCount long.
                    keptOld.append(UInt32(truncatingIfNeeded: place))
                    keptAt[keptCount] = UInt32(truncatingIfNeeded: matchedCount)
                    keptCount += 1
                } else {
                    crossing = true
                }
                matchedNew[matchedCount] = UInt32(truncatingIfNeeded: newOffset - range.lowerBound)
                matchedOld[matchedCount] = oldOffset
                matchedSection[matchedCount] = section
                matchedCount += 1
            }
            if !crossing && inOrder { continue }
            if !inOrder { increasing.membership(of: keptOld, into: &kept) }
            var candidate = 0
            for k in 0..<matchedCount {
                if candidate < keptCount, Int(keptAt[candidate]) == k {
                    let stays = inOrder || kept[candidate]
                    candidate += 1
                    if stays { continue }
                }
                let oldOffset = matchedOld[k], section = matchedSection[k]
                moves.append(SectionedDiff.ItemMove(
                    from: .sectioned(section, oldOffset - oldLayout.starts[section]),
                    to: .sectioned(newSection, Int(matchedNew[k]))))
                if trackMoved { movedOld.insert(oldOffset) }
            }
        }
        return movedOld
    }
}
