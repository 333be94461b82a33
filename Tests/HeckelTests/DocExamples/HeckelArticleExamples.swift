import Heckel
import Testing

// The examples of the Heckel DocC catalog (Sources/Heckel/Heckel.docc),
// verbatim between the inputs they assume and the checks of what they say.
@Suite struct HeckelArticleExamples {
    typealias Row = ExampleRow

    /// The overview of Heckel.md.
    @Test func overview() {
        let oldRows = Row.old
        let newRows = [Row(id: 3, title: "c"), Row(id: 1, title: "A"), Row(id: 4, title: "d")]
        let diff = ListDiff(from: oldRows, to: newRows, identifiedBy: \.id)
        let deleted = diff.deletions   // old offsets, ascending
        let inserted = diff.insertions // new offsets, ascending
        let moved = diff.moves         // (old, new) offset pairs, the fewest that explain the new order
        let updated = diff.updates     // (old, new) offset pairs: same identity, no longer ==
        let offsets = Array(deleted)   // the offsets as an [Int]

        let difference = newRows.heckelDifference(from: oldRows) // a CollectionDifference
        #expect(deleted == [1] && inserted == [2] && offsets == [1])
        #expect(moved == [ListDiff.Pair(old: 2, new: 0)] && updated == [ListDiff.Pair(old: 0, new: 1)])
        #expect(oldRows.applying(difference) == newRows)
    }
}
