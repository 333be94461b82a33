/// One longest strictly increasing subsequence, found by patience sorting,
/// with scratch space reused from call to call.
struct IncreasingSubsequence {
    /// tails[k]: position of the smallest value ending an increasing run of
    /// length k + 1; previous[i]: the position before i in its run.
    private var tails: [UInt32] = []
    private var previous: [UInt32] = []
    private static let none = UInt32.max

    /// Sets `member[i]` (for i in `values.indices`) to whether `values[i]`
    /// belongs to one longest strictly increasing subsequence.
    /// Complexity: O(m log m), m = `values.count`; O(m) when values arriving
    /// in increasing order dominate.
    mutating func membership(of values: [UInt32], into member: inout [Bool]) {
        let count = values.count
        member.removeAll(keepingCapacity: true)
        member.append(contentsOf: repeatElement(false, count: count))
        if count == 0 { return }
        tails.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: repeatElement(Self.none, count: count))
        values.withUnsafeBufferPointer { values in
            for i in 0..<count {
                let value = values[i]
                // Most values extend the longest run: no search needed.
                if let last = tails.last, values[Int(last)] < value {
                    previous[i] = last
                    tails.append(UInt32(truncatingIfNeeded: i))
                    continue
                }
                var low = 0, high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[i] = tails[low - 1] }
                if low == tails.count { tails.append(UInt32(truncatingIfNeeded: i)) } else { tails[low] = UInt32(truncatingIfNeeded: i) }
            }
        }
        var position = tails[tails.count - 1]
        while position != Self.none {
            member[Int(position)] = true
            position = previous[Int(position)]
        }
    }
}
