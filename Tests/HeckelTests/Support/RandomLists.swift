/// Random pairs of lists for property tests, reproducible from a seed.
struct RandomListPairs {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A size, mostly small, sometimes up to `largest`.
    mutating func size(upTo largest: Int) -> Int {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return Int.random(in: 0...2, using: &generator)
        case 1...6: return Int.random(in: 0...40, using: &generator)
        case 7, 8: return Int.random(in: 0...300, using: &generator)
        default: return Int.random(in: 0...largest, using: &generator)
        }
    }

    /// A pair of lists of values below `distinct`: either independent, or the
    /// new one an edit of the old one (block deletions, insertions, moves).
    mutating func pair(distinct: Int, largest: Int) -> (old: [Int], new: [Int]) {
        let old = (0..<size(upTo: largest)).map { _ in Int.random(in: 0..<distinct, using: &generator) }
        if Bool.random(using: &generator) && Int.random(in: 0..<4, using: &generator) == 0 {
            let new = (0..<size(upTo: largest)).map { _ in Int.random(in: 0..<distinct, using: &generator) }
            return (old, new)
        }
        return (old, edited(old, distinct: distinct))
    }

    /// `list` with a few random deletions, insertions and moves.
    mutating func edited(_ list: [Int], distinct: Int) -> [Int] {
        var new = list
        let edits = Int.random(in: 0...max(1, list.count / 4), using: &generator)
        for _ in 0..<edits {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where !new.isEmpty:
                let start = Int.random(in: 0..<new.count, using: &generator)
                let length = Int.random(in: 1...min(4, new.count - start), using: &generator)
                new.removeSubrange(start..<(start + length))
            case 1:
                let at = Int.random(in: 0...new.count, using: &generator)
                new.insert(Int.random(in: 0..<distinct, using: &generator), at: at)
            case 2 where !new.isEmpty:
                let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
            default:
                break
            }
        }
        return new
    }
}
