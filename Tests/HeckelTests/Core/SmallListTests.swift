import Heckel
import Testing

/// Empty and single-element lists, and the queries' basic behaviour.
@Suite struct SmallListTests {
    @Test func bothEmpty() {
        let diff = ListDiff(from: [Int](), to: [Int]())
        #expect(diff.isEmpty && diff.changeCount == 0 && diff.oldCount == 0 && diff.newCount == 0)
        #expect(diff == ListDiff(from: [String](), to: [String]()))
    }

    @Test func emptyToSomething() {
        let diff = ListDiff(from: [String](), to: ["a", "b"])
        #expect(diff.insertions == [0, 1] && diff.deletions.isEmpty && diff.changeCount == 2)
        let back = ListDiff(from: ["a", "b"], to: [String]())
        #expect(back.deletions == [0, 1] && back.insertions.isEmpty)
    }

    @Test func singleElements() {
        let same = ListDiff(from: [7], to: [7])
        #expect(same.isEmpty && same.newOffset(forOld: 0) == 0 && same.oldOffset(forNew: 0) == 0)
        let different = ListDiff(from: [7], to: [8])
        #expect(different.deletions == [0] && different.insertions == [0] && different.moves.isEmpty)
        #expect(different.newOffset(forOld: 0) == nil && different.oldOffset(forNew: 0) == nil)
    }

    @Test func allTheSameValue() {
        let diff = ListDiff(from: Array(repeating: "x", count: 10), to: Array(repeating: "x", count: 4))
        #expect(diff.deletions.count == 6 && diff.insertions.isEmpty && diff.moves.isEmpty)
        checkInvariants(diff, old: Array(repeating: "x", count: 10), new: Array(repeating: "x", count: 4))
    }

    @Test func descriptionIsReadable() {
        let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "d"])
        #expect(diff.description == "ListDiff(3 -> 3: deletions [1], insertions [2], moves [2->0], updates [])")
        let large = ListDiff(from: Array(0..<100), to: Array(100..<200))
        #expect(large.description == "ListDiff(100 -> 100: 100 deletions, 100 insertions, 0 moves, 0 updates)")
    }

    @Test func equalityComparesResults() {
        #expect(ListDiff(from: [1, 2], to: [2, 1]) == ListDiff(from: ["a", "b"], to: ["b", "a"]))
        #expect(ListDiff(from: [1, 2], to: [2, 1]) != ListDiff(from: [1, 2], to: [1, 2]))
    }
}
