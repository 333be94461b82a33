/// The length of a longest strictly increasing subsequence, by patience
/// sorting: written here independently of the core's own.
func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
    var tails: [Int] = []  // tails[k]: smallest tail of an increasing run of length k + 1
    for value in values {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}
