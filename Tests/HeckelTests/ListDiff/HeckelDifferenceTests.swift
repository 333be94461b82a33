import Heckel
import Testing

/// `heckelDifference(from:)` drops in for `difference(from:)`.
@Suite struct HeckelDifferenceTests {
    @Test(arguments: [UInt64(51), 52])
    func roundTripsOnRandomPairs(seed: UInt64) throws {
        var random = RandomListPairs(seed: seed)
        for round in 0..<400 {
            let (old, new) = random.pair(distinct: seed == 51 ? 4 : 1000, largest: 1000)
            let difference = new.heckelDifference(from: old)
            #expect(old.applying(difference) == new, "round \(round)")
            let diff = ListDiff(from: old, to: new)
            #expect(difference.removals.count == diff.deletions.count + diff.moves.count, "round \(round)")
            #expect(difference.insertions.count == diff.insertions.count + diff.moves.count, "round \(round)")
            // Moves appear as associated pairs, so inferring finds nothing more.
            let associated = difference.insertions.filter {
                if case .insert(_, _, let other) = $0 { return other != nil } else { return false }
            }
            #expect(associated.count == diff.moves.count, "round \(round)")
        }
    }

    @Test func characters() {
        let old = "the quick brown fox", new = "the quick fox jumps"
        let difference = new.heckelDifference(from: old)
        #expect(String(old.applying(difference) ?? "") == new)
    }

    @Test func emptyCollections() {
        let empty: [Int] = []
        #expect(empty.heckelDifference(from: empty).isEmpty)
        #expect(empty.applying([1, 2].heckelDifference(from: empty)) == [1, 2])
        #expect([1, 2].applying(empty.heckelDifference(from: [1, 2])) == empty)
    }
}
