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
        var deletions = itemDeletions.filter { !replaced.old[$0.sectionIndex] } + routed.deletions
        var insertions = itemInsertions.filter { !replaced.new[$0.sectionIndex] } + routed.insertions
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
        where !replaced.old[update.old.sectionIndex] && !replaced.new[update.new.sectionIndex] {
            steps.append(.reloadItem(update.new))
        }
        return steps
    }

    /// Section moves, once deletions are done and before insertions.
    private func appendSectionMoves(to steps: inout [Step]) {
        if sections.moves.isEmpty { return }
        let moved = sections.movedOldSections()
        var plan = SlotPlan()
        var leaveSlot = [Int](repeating: -1, count: oldSectionCount)
        var arriveSlot = [Int](repeating: -1, count: oldSectionCount)
        var resident = 0 // the next old section still to be given a slot
        func flush(upTo limit: Int) {
            while resident < limit {
                if sections.newForOld[resident] >= 0 {
                    precondition(moved[resident], "SectionedDiff: kept sections out of order")
                    leaveSlot[resident] = plan.resident()
                }
                resident += 1
            }
        }
        for newSection in 0..<newSectionCount {
            let oldSection = sections.oldForNew[newSection]
            if oldSection < 0 { continue }
            if moved[oldSection] {
                arriveSlot[oldSection] = plan.arrival()
            } else {
                flush(upTo: oldSection)
                _ = plan.resident()
                resident = oldSection + 1
            }
        }
        flush(upTo: oldSectionCount)

        var occupied = OrderStatistics(slotCount: plan.slotCount)
        for slot in plan.initiallyOccupied { occupied.add(1, at: slot) }
        for move in sections.moves {
            let from = occupied.rank(of: leaveSlot[move.from])
            occupied.add(-1, at: leaveSlot[move.from])
            let to = occupied.rank(of: arriveSlot[move.from])
            occupied.add(1, at: arriveSlot[move.from])
            if from != to { steps.append(.moveSection(from: from, to: to)) }
        }
    }

    /// Item moves between and within surviving sections, once the sections
    /// are in their new order and before item insertions. `movers` are
    /// ascending by `to`.
    private func appendItemMoves(_ movers: [ItemMove], to steps: inout [Step]) {
        if movers.isEmpty { return }
        var isMover = Bits(count: items.oldCount)
        var involved = [Bool](repeating: false, count: newSectionCount)
        for move in movers {
            isMover.insert(oldLayout.starts[move.from.sectionIndex] + move.from.itemIndex)
            involved[sections.newForOld[move.from.sectionIndex]] = true
            involved[move.to.sectionIndex] = true
        }

        var plan = SlotPlan()
        var base = [Int](repeating: 0, count: newSectionCount)
        var leaveSlot: [Int: Int] = [:], arriveSlot: [Int: Int] = [:]
        leaveSlot.reserveCapacity(movers.count)
        arriveSlot.reserveCapacity(movers.count)
        for newSection in 0..<newSectionCount where involved[newSection] {
            base[newSection] = plan.slotCount
            let oldRange = oldLayout.items(inSection: sections.oldForNew[newSection])
            var resident = oldRange.lowerBound // the next old item still to be placed
            for newOffset in newLayout.items(inSection: newSection) {
                guard let oldOffset = items.oldOffset(forNew: newOffset) else { continue }
                if isMover.contains(oldOffset) {
                    arriveSlot[oldOffset] = plan.arrival()
                } else if oldRange.contains(oldOffset) {
                    // A staying item: slots for the leaving items before it.
                    while resident < oldOffset {
                        if isMover.contains(resident) { leaveSlot[resident] = plan.resident() }
                        resident += 1
                    }
                    _ = plan.resident()
                    resident = oldOffset + 1
                } // else: it came from a replaced section and is inserted later.
            }
            while resident < oldRange.upperBound {
                if isMover.contains(resident) { leaveSlot[resident] = plan.resident() }
                resident += 1
            }
        }

        var occupied = OrderStatistics(slotCount: plan.slotCount)
        for slot in plan.initiallyOccupied { occupied.add(1, at: slot) }
        for move in movers {
            let oldOffset = oldLayout.starts[move.from.sectionIndex] + move.from.itemIndex
            let fromSection = sections.newForOld[move.from.sectionIndex]
            let toSection = move.to.sectionIndex
            guard let leave = leaveSlot[oldOffset], let arrive = arriveSlot[oldOffset] else {
                preconditionFailure("SectionedDiff: a moved item without slots")
            }
            let from = occupied.rank(of: leave) - occupied.rank(of: base[fromSection])
            occupied.add(-1, at: leave)
            let to = occupied.rank(of: arrive) - occupied.rank(of: base[toSection])
            occupied.add(1, at: arrive)
            if fromSection != toSection || from != to {
                steps.append(.moveItem(from: .sectioned(fromSection, from), to: .sectioned(toSection, to)))
            }
        }
    }
}
