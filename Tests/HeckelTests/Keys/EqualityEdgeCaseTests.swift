import Foundation
import Heckel
import Testing

/// Elements that are `==` with different bytes, and elements not `==` to
/// themselves.
@Suite struct EqualityEdgeCaseTests {
    @Test func canonicallyEquivalentStringsMatch() {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)
        let diff = ListDiff(from: [precomposed, "x"], to: ["y", decomposed])
        #expect(diff.newOffset(forOld: 0) == 1)
        checkInvariants(diff, old: [precomposed, "x"], new: ["y", decomposed])
    }

    /// The Kelvin sign is `==` to ASCII "K": one non-ASCII string on one side
    /// must turn the byte path off for both lists.
    @Test func kelvinSignMatchesASCIIK() {
        let kelvin = "\u{212A}"
        #expect(kelvin == "K")
        let old = ["a", "K", "b"], new = ["b", kelvin, "a"]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.newOffset(forOld: 1) == 1)
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty)
        checkInvariants(diff, old: old, new: new)
        let substrings = ListDiff(from: old.map { Substring($0) }, to: new.map { Substring($0) })
        #expect(substrings == diff)
    }

    @Test func mixedASCIIAndNonASCIILists() {
        var random = RandomListPairs(seed: 31)
        let spellings = ["K", "\u{212A}", "\u{C5}", "A\u{30A}", "\u{212B}", "e\u{301}", "\u{E9}", "e", "E"]
        for round in 0..<300 {
            let (oldValues, newValues) = random.pair(distinct: spellings.count, largest: 400)
            let old = oldValues.map { spellings[$0] }, new = newValues.map { spellings[$0] }
            let diff = ListDiff(from: old, to: new)
            checkInvariants(diff, old: old, new: new, "round \(round)")
            #expect(diff == ListDiff(from: old.map(Opaque.init), to: new.map(Opaque.init)), "round \(round)")
        }
    }

    @Test func signedZerosMatchAndNaNNeverMatches() {
        let old: [Double] = [0.0, .nan, 1.5, -0.0]
        let new: [Double] = [-0.0, 1.5, .nan, 0.0]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.newOffset(forOld: 0) == 0)
        #expect(diff.newOffset(forOld: 3) == 3)
        #expect(diff.newOffset(forOld: 2) == 1)
        #expect(diff.deletions == [1])
        #expect(diff.insertions == [2])
        // NaN is not == to itself, so compare the rebuild by bits.
        let rebuilt = rebuild(old, applying: diff, insertedFrom: new)
        #expect(rebuilt.count == new.count)
        #expect(zip(rebuilt, new).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }

    @Test func nanOnlyLists() {
        let nans = [Double](repeating: .nan, count: 5)
        let diff = ListDiff(from: nans, to: nans)
        #expect(Array(diff.deletions) == Array(0..<5))
        #expect(Array(diff.insertions) == Array(0..<5))
        #expect(diff.moves.isEmpty)
    }

    @Test func randomDoublesWithSignedZeros() {
        var random = RandomListPairs(seed: 32)
        let values: [Double] = [0.0, -0.0, 1.0, -1.0, .infinity, 2.5]
        for round in 0..<200 {
            let (oldValues, newValues) = random.pair(distinct: values.count, largest: 300)
            let old = oldValues.map { values[$0] }, new = newValues.map { values[$0] }
            let diff = ListDiff(from: old, to: new)
            checkInvariants(diff, old: old, new: new, "round \(round)")
        }
    }

    /// Equal contents at different offsets of different storage.
    @Test func slicedBytesAndSubstringsMatchByContent() {
        let whole = Data([9, 1, 2, 3])
        let oldData = [whole[1...], Data([4])], newData = [Data([4]), Data([1, 2, 3])]
        #expect(oldData[0] == newData[1])
        let dataDiff = ListDiff(from: oldData, to: newData)
        #expect(dataDiff.newOffset(forOld: 0) == 1 && dataDiff.newOffset(forOld: 1) == 0)

        let bytes: [UInt8] = [9, 1, 2, 3]
        let byteDiff = ListDiff(from: [Array(bytes[1...]), []], to: [[], [1, 2, 3]])
        #expect(byteDiff.newOffset(forOld: 0) == 1 && byteDiff.newOffset(forOld: 1) == 0)

        let text = "xabc, abc"
        let oldWords = [text.dropFirst().prefix(3), text.suffix(3)]
        let newWords: [Substring] = ["abc", "abc"[...]]
        let wordDiff = ListDiff(from: oldWords, to: newWords)
        #expect(wordDiff.isEmpty)
    }
}
