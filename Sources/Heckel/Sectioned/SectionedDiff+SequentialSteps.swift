#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// The changes as steps to apply one after another, each in the
    /// coordinates the previous steps left (for `NSTableView`-style APIs and
    /// for models updated in place).
    ///
    /// The order: item deletions (descending), section deletions
    /// (descending), section moves, section insertions (ascending, at their
    /// new offsets), item moves, item insertions (ascending, at their new
    /// paths), then section and item reloads at their new offsets and paths.
    /// As in `batchUpdates`, deleted, inserted and updated sections are
    /// replaced whole: an item moving out of one is inserted where it lands,
    /// an item moving into one is deleted where it was. Unlike there, an
    /// updated item that moves is moved and then reloaded.
    ///
    /// - Complexity: O(s + c log n), s = section count, c = change count,
    ///   n = item count, plus O(k) for the k items of sections that items
    ///   move into or out of (computed on each access).
    public var sequentialSteps: [Step] {
        let replaced = ReplacedSections(sections, rebuilt: sections.updates)
        let routed = replaced.route(itemMoves)
        let movers = routed.moves
        var deletions = itemDeletions.filter { !replaced.old.contains($0.sectionIndex) } + routed.deletions
        var insertions = itemInsertions.filter { !replaced.new.contains($0.sectionIndex) } + routed.insertions
        deletions.sort(by: >)
        insertions.sort()

        var steps: [Step] = []
        steps.append(contentsOf: deletions.lazy.map(Step.deleteItem))
        steps.append(contentsOf: sections.deletions.reversed().lazy.map(Step.deleteSection))
        appendSectionMoves(to: &steps)
        steps.append(contentsOf: sections.insertions.lazy.map(Step.insertSection))
        appendItemMoves(movers, to: &steps)
        steps.append(contentsOf: insertions.lazy.map(Step.insertItem))
        steps.append(contentsOf: sections.updates.lazy.map { Step.reloadSection($0.new) })
        for update in itemUpdates
        where !replaced.old.contains(update.old.sectionIndex) && !replaced.new.contains(update.new.sectionIndex) {
            steps.append(.reloadItem(update.new))
        }
        return steps
    }

    /// Section moves, once deletions are done and before insertions.
    private func appendSectionMoves(to steps: inout [Step]) {
        if sections.moves.isEmpty { return }
        let moved = sections.movedOldSections()
        let container = SlotPlan.Container(
            current: (0..<oldSectionCount).filter { sections.newSection(forOld: $0) != nil },
            final: (0..<newSectionCount).compactMap { sections.oldSection(forNew: $0) })
        let moves = sections.moves.map { SlotPlan.Move(member: $0.from, fromContainer: 0, toContainer: 0) }
        for (from, to) in SlotPlan.offsets(of: moves, in: [container], isMover: moved.contains) where from != to {
            steps.append(.moveSection(from: from, to: to))
        }
    }

    /// Item moves between and within surviving sections, once the sections
    /// are in their new order and before item insertions. `movers` are
    /// ascending by `to`; members are old flat offsets.
    private func appendItemMoves(_ movers: [ItemMove], to steps: inout [Step]) {
        if movers.isEmpty { return }
        var isMover = Bits(count: items.oldCount)
        var container = [Int: Int]() // new section -> container index
        for move in movers {
            isMover.insert(oldLayout.starts[move.from.sectionIndex] + move.from.itemIndex)
            for section in [sections.newSection(forOld: move.from.sectionIndex)!, move.to.sectionIndex]
            where container[section] == nil {
                container[section] = 0
            }
        }
        let involved = container.keys.sorted()
        for (index, section) in involved.enumerated() { container[section] = index }
        let containers = involved.map { newSection -> SlotPlan.Container in
            let oldRange = oldLayout.items(inSection: sections.oldSection(forNew: newSection)!)
            let newRange = newLayout.items(inSection: newSection)
            let stays = { (old: Int) in items.newOffset(forOld: old).map(newRange.contains) ?? false }
            return SlotPlan.Container(
                current: oldRange.filter { isMover.contains($0) || stays($0) },
                final: newRange.compactMap(items.oldOffset(forNew:))
                    .filter { isMover.contains($0) || oldRange.contains($0) })
        }
        let moves = movers.map { move in
            SlotPlan.Move(member: oldLayout.starts[move.from.sectionIndex] + move.from.itemIndex,
                          fromContainer: container[sections.newSection(forOld: move.from.sectionIndex)!]!,
                          toContainer: container[move.to.sectionIndex]!)
        }
        for (move, offsets) in zip(moves, SlotPlan.offsets(of: moves, in: containers, isMover: isMover.contains)) {
            let fromSection = involved[move.fromContainer], toSection = involved[move.toContainer]
            if fromSection != toSection || offsets.from != offsets.to {
                steps.append(.moveItem(from: .sectioned(fromSection, offsets.from), to: .sectioned(toSection, offsets.to)))
            }
        }
    }
}
