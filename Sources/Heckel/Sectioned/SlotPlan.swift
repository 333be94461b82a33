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
