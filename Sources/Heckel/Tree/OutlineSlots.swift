/// The children of one parent while an outline update runs, as slots of a
/// Fenwick tree (Fenwick, "A new data structure for cumulative frequency
/// tables", 1994): a child's index at any moment is the number of occupied
/// slots before its own.
///
/// Slots merge the parent's old children and the children that move in,
/// aligned on the children that stay in place (those keep their order in
/// both): before each of those, the old children that leave or go, then the
/// children that move in, in new order. A child that moves in takes its slot
/// among the children already in place, so every child that ends under the
/// parent keeps the new order with the others at every step.
struct OutlineSlots {
    /// Each old child's slot (old offset to slot) and each arriving child's
    /// (new offset to slot).
    var oldSlot: [Int: Int] = [:]
    var newSlot: [Int: Int] = [:]
    /// Fenwick tree over the slots' occupancy (1-based).
    private var counts: [Int32] = []

    /// - Parameters:
    ///   - oldChildren: the old children, old offsets in order.
    ///   - newChildren: the new children, new offsets in order, each with its
    ///     old offset when it stays in place (`nil`: it moves in or is new;
    ///     `arrives` tells which move in).
    init(oldChildren: [Int], newChildren: [(node: Int, stayingOld: Int?)], arrives: (Int) -> Bool) {
        var slots = 0
        var occupied: [Bool] = []
        var newIndex = 0
        func take(_ filled: Bool) -> Int {
            occupied.append(filled)
            slots += 1
            return slots - 1
        }
        func arrivals(upTo end: Int) {
            while newIndex < end {
                let child = newChildren[newIndex]
                if child.stayingOld == nil && arrives(child.node) { newSlot[child.node] = take(false) }
                newIndex += 1
            }
        }
        let stayingNew = Dictionary(uniqueKeysWithValues: newChildren.enumerated().compactMap { k, child in
            child.stayingOld.map { ($0, k) }
        })
        for old in oldChildren {
            guard let k = stayingNew[old] else {
                oldSlot[old] = take(true)
                continue
            }
            arrivals(upTo: k)
            let slot = take(true)
            oldSlot[old] = slot
            newSlot[newChildren[k].node] = slot
            newIndex = k + 1
        }
        arrivals(upTo: newChildren.count)
        counts = [Int32](repeating: 0, count: slots + 1)
        for (slot, filled) in occupied.enumerated() where filled { add(slot, 1) }
    }

    private mutating func add(_ slot: Int, _ delta: Int32) {
        var k = slot + 1
        while k < counts.count {
            counts[k] += delta
            k += k & -k
        }
    }

    /// The number of occupied slots before `slot`.
    func index(of slot: Int) -> Int {
        var k = slot, total: Int32 = 0
        while k > 0 {
            total += counts[k]
            k -= k & -k
        }
        return Int(total)
    }

    mutating func fill(_ slot: Int) { add(slot, 1) }

    mutating func empty(_ slot: Int) { add(slot, -1) }
}
