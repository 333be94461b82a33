#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// One operation of `sequentialSteps`, in the coordinates of the list as
    /// the steps before it left it (as `NSTableView` applies operations
    /// inside `beginUpdates()` / `endUpdates()`). So a move's `from` and `to`
    /// are places in that running list, neither old nor new coordinates, as
    /// in `NSTableView.moveRow(at:to:)`.
    public enum Step: Hashable, Sendable {
        /// Removes the section at this offset, with its items.
        case deleteSection(Int)
        /// Inserts the new snapshot's section that ends at this offset, with
        /// all its items.
        case insertSection(Int)
        /// Takes the section at `from` out, then puts it at `to`.
        case moveSection(from: Int, to: Int)
        /// Replaces the section at this offset, items included, with its new
        /// content (a section update). Comes after every structural step, so
        /// the offset is the section's new one.
        case updateSection(Int)
        /// Removes the item at this index path.
        case deleteItem(IndexPath)
        /// Inserts the new snapshot's item that ends at this index path.
        case insertItem(IndexPath)
        /// Takes the item at `from` out, then puts it at `to`.
        case moveItem(from: IndexPath, to: IndexPath)
        /// Replaces the item at this index path with its new content (an item
        /// update). Comes after every structural step, so the path is the
        /// item's new one.
        case updateItem(IndexPath)
    }
}

extension SectionedDiff {
    /// The changes as steps to apply one after another, each in the
    /// coordinates the previous steps left (for `NSTableView`-style APIs and
    /// for models updated in place).
    ///
    /// The order: item deletions (descending), section deletions
    /// (descending), section moves, section insertions (ascending, at their
    /// new offsets), item moves, item insertions (ascending, at their new
    /// paths), then section and item updates at their new offsets and paths.
    /// As in `batchUpdates`, deleted, inserted and updated sections are
    /// replaced whole: an item moving out of one is inserted where it lands,
    /// an item moving into one is deleted where it was. Unlike there, an
    /// updated item that moves is moved and then updated.
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
        steps.append(contentsOf: sections.updates.lazy.map { Step.updateSection($0.new) })
        for update in itemUpdates
        where !replaced.old.contains(update.old.sectionIndex) && !replaced.new.contains(update.new.sectionIndex) {
            steps.append(.updateItem(update.new))
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
        let moves = sections.moves.map { SlotPlan.Move(member: $0.old, fromContainer: 0, toContainer: 0) }
        for (from, to) in SlotPlan.offsets(of: moves, in: [container], isMover: moved.contains) where from != to {
            steps.append(.moveSection(from: from, to: to))
        }
    }

    /// Item moves between and within surviving sections, once the sections
    /// are in their new order and before item insertions. `movers` are
    /// ascending by `new`; members are old flat offsets.
    private func appendItemMoves(_ movers: [ItemPair], to steps: inout [Step]) {
        if movers.isEmpty { return }
        var isMover = Bits(count: items.oldCount)
        var container = [Int: Int]() // new section -> container index
        for move in movers {
            isMover.insert(oldLayout.starts[move.old.sectionIndex] + move.old.itemIndex)
            // Both sections join the containers (numbered below), one at a
            // time: no array is built per move.
            container[sections.newSection(forOld: move.old.sectionIndex)!] = 0
            container[move.new.sectionIndex] = 0
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
            SlotPlan.Move(member: oldLayout.starts[move.old.sectionIndex] + move.old.itemIndex,
                          fromContainer: container[sections.newSection(forOld: move.old.sectionIndex)!]!,
                          toContainer: container[move.new.sectionIndex]!)
        }
        for (move, offsets) in zip(moves, SlotPlan.offsets(of: moves, in: containers, isMover: isMover.contains)) {
            let fromSection = involved[move.fromContainer], toSection = involved[move.toContainer]
            if fromSection != toSection || offsets.from != offsets.to {
                steps.append(.moveItem(from: .sectioned(fromSection, offsets.from), to: .sectioned(toSection, offsets.to)))
            }
        }
    }
}

/// The offsets of moves applied one after another, each in the coordinates
/// the moves before it left: the one algorithm behind both the section
/// moves and the item moves of `sequentialSteps`.
///
/// Each container (one list of sections; or the item lists of several
/// sections) has its current members in current order and its final members
/// in final order; members that stay put appear in the same relative order
/// in both, and the others are movers. Every member gets a fixed slot (a
/// mover two: the one it leaves and the one it takes), laid out in final
/// order, a leaving mover just before the next staying member that follows it
/// now; then a member's current offset is the number of occupied slots before
/// its own in its container, whatever order the moves come in, which a
/// Fenwick tree counts in O(log n).
enum SlotPlan {
    struct Container {
        /// Members there now (staying ones and movers leaving), current order.
        var current: [Int]
        /// Members there at the end that are there or arrive by a move
        /// (staying ones and movers arriving), final order.
        var final: [Int]
    }

    struct Move {
        var member: Int
        var fromContainer: Int
        var toContainer: Int
    }

    /// For each of `moves`, in order: the mover's offset in its container as
    /// it leaves, and in the other as it arrives.
    ///
    /// - Precondition: the staying members (those not `isMover`) appear in
    ///   the same relative order in `current` and `final`.
    /// - Complexity: O(k + m log k), k = total member count, m = move count.
    static func offsets(of moves: [Move], in containers: [Container], isMover: (Int) -> Bool) -> [(from: Int, to: Int)] {
        var slotCount = 0
        var occupied: [Int] = []
        var base: [Int] = []
        var leaveSlot: [Int: Int] = [:], arriveSlot: [Int: Int] = [:]
        for container in containers {
            base.append(slotCount)
            var next = 0 // the next current member without a slot
            func placeLeavers(until stay: Int?) {
                while next < container.current.count, container.current[next] != stay {
                    precondition(isMover(container.current[next]), "SectionedDiff: kept members out of order")
                    leaveSlot[container.current[next]] = slotCount
                    occupied.append(slotCount)
                    slotCount += 1
                    next += 1
                }
            }
            for member in container.final {
                if isMover(member) {
                    arriveSlot[member] = slotCount
                } else {
                    placeLeavers(until: member)
                    precondition(next < container.current.count, "SectionedDiff: a staying member is missing")
                    occupied.append(slotCount)
                    next += 1
                }
                slotCount += 1
            }
            placeLeavers(until: nil)
        }
        var counts = OccupiedSlots(count: slotCount)
        for slot in occupied { counts.add(1, at: slot) }
        return moves.map { move in
            guard let leave = leaveSlot[move.member], let arrive = arriveSlot[move.member] else {
                preconditionFailure("SectionedDiff: a mover without slots")
            }
            let from = counts.rank(of: leave) - counts.rank(of: base[move.fromContainer])
            counts.add(-1, at: leave)
            let to = counts.rank(of: arrive) - counts.rank(of: base[move.toContainer])
            counts.add(1, at: arrive)
            return (from, to)
        }
    }
}

/// A Fenwick tree over slots that are occupied or free: how many occupied
/// slots precede a slot, and updates, in O(log n) each.
private struct OccupiedSlots {
    private var tree: [Int]

    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    /// Marks `slot` occupied (`delta` 1) or free (`delta` -1).
    mutating func add(_ delta: Int, at slot: Int) {
        var index = slot + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The number of occupied slots before `slot`.
    func rank(of slot: Int) -> Int {
        var index = slot, sum = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
