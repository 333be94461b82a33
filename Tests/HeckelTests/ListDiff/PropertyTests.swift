import Heckel
import Testing

/// Thousands of random pairs of lists, every invariant checked on each.
@Suite struct PropertyTests {
    @Test(arguments: [
        (seed: UInt64(1), distinct: 3),      // duplicates everywhere
        (seed: 2, distinct: 10),
        (seed: 3, distinct: 100),
        (seed: 4, distinct: 1_000_000),      // nearly all distinct
    ])
    func randomPairsOfIntegers(seed: UInt64, distinct: Int) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<600 {
            let (old, new) = random.pair(distinct: distinct, largest: 3000)
            checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "seed \(seed) round \(round)")
        }
    }

    /// Long lists with a few edits: long common prefixes and suffixes, where
    /// the core trims before matching, with duplicates across the trimmed and
    /// matched parts.
    @Test(arguments: [(seed: UInt64(8), distinct: 5), (seed: 9, distinct: 300), (seed: 10, distinct: 1_000_000)])
    func longListsWithFewEdits(seed: UInt64, distinct: Int) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<3 {
            let count = Int.random(in: 6_000...20_000, using: &random.generator)
            let old = (0..<count).map { _ in Int.random(in: 0..<distinct, using: &random.generator) }
            var new = old
            for _ in 0..<Int.random(in: 1...20, using: &random.generator) {
                let at = Int.random(in: 0..<new.count, using: &random.generator)
                switch Int.random(in: 0..<3, using: &random.generator) {
                case 0: new.remove(at: at)
                case 1: new.insert(Int.random(in: 0..<distinct, using: &random.generator), at: at)
                default: new.insert(new.remove(at: at), at: Int.random(in: 0..<new.count, using: &random.generator))
                }
            }
            checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "seed \(seed) round \(round)")
            let strings = (old.map { "v\($0)" }, new.map { "v\($0)" })
            checkInvariants(ListDiff(from: strings.0, to: strings.1), old: strings.0, new: strings.1,
                            "strings, seed \(seed) round \(round)")
        }
    }

    /// Elements on the general path (own hash value and `==`).
    @Test(arguments: [UInt64(5), 6])
    func randomPairsOnTheGeneralPath(seed: UInt64) {
        var random = RandomListPairs(seed: seed)
        for round in 0..<400 {
            let (oldValues, newValues) = random.pair(distinct: seed == 5 ? 4 : 5000, largest: 2000)
            let old = oldValues.map(TwoFields.init), new = newValues.map(TwoFields.init)
            checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "seed \(seed) round \(round)")
        }
    }

    /// Every key collides: matching must still be exact.
    @Test func constantHashValue() {
        var random = RandomListPairs(seed: 7)
        for round in 0..<300 {
            let (oldValues, newValues) = random.pair(distinct: round % 2 == 0 ? 5 : 500, largest: 200)
            let old = oldValues.map(ConstantHash.init), new = newValues.map(ConstantHash.init)
            checkInvariants(ListDiff(from: old, to: new), old: old, new: new, "round \(round)")
        }
    }

    /// Front to back is one move, not n.
    @Test func oneElementMovedIsOneMove() {
        let old = Array(0..<1000)
        let new = Array(old.dropFirst()) + [0]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.moves == [ListDiff.Pair(old: 0, new: 999)])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty)
        checkInvariants(diff, old: old, new: new)
    }

    @Test func reversedListKeepsOneInPlace() {
        let old = Array(0..<500)
        let diff = ListDiff(from: old, to: old.reversed())
        #expect(diff.moves.count == 499)
        checkInvariants(diff, old: old, new: Array(old.reversed()))
    }
}
