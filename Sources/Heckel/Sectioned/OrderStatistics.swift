/// A Fenwick tree over slots that are occupied or free: rank queries (how many
/// occupied slots precede a slot) and updates in O(log n) each.
struct OrderStatistics {
    private var tree: [Int]

    /// `count` slots, all free.
    init(slotCount count: Int) {
        tree = [Int](repeating: 0, count: count + 1)
    }

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
        var index = slot, sum: Int = 0
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }
}
